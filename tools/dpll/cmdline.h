/* cmdline.h - dpll's command line: what its options hold, and the table
 * (cmdline.c) that the parser, --help and tests/test_tool_options.c
 * read.  The solver's options are libdpll's table, DPLL_OPTIONS. */
#ifndef DPLL_TOOLS_DPLL_CMDLINE_H_INCLUDED
#define DPLL_TOOLS_DPLL_CMDLINE_H_INCLUDED

#include "options.h"

#include <dpll.h>
#include <stdint.h>

/* A solver option as the command line gave it, in the member of its
 * kind. */
typedef struct dpll_tool_setting {
  int flag;           /* DPLL_FLAG: given */
  const char *number; /* DPLL_NUMBER: the text given, or NULL */
  cli_pick choice;    /* DPLL_CHOICE */
} dpll_tool_setting;

/* The solver options' indices, in the order of DPLL_OPTIONS (and so of
 * dpll_option_info): DPLL_TOOL_seed, ... */
enum {
#define DPLL_TOOL_INDEX(name, ...) DPLL_TOOL_##name,
  DPLL_OPTIONS(DPLL_TOOL_INDEX)
#undef DPLL_TOOL_INDEX
      DPLL_TOOL_SOLVER_OPTIONS
};

typedef struct dpll_tool_options {
  cli_files files;
  cli_pick format, proof_format;
  const char *time_limit, *proof, *solutions, *project, *cubes, *cube_depth;
  int stats, trace, verbose, all, relaxed;
  dpll_tool_setting solver[DPLL_TOOL_SOLVER_OPTIONS];
} dpll_tool_options;

/* What the command line makes of solver option i: "--luby-unit", and the
 * value a flag sets. */
typedef struct dpll_tool_solver_option {
  const char *flag;
  int64_t sets;
} dpll_tool_solver_option;

extern const dpll_tool_solver_option
    dpll_tool_solver_options[DPLL_TOOL_SOLVER_OPTIONS];

extern const cli_spec dpll_tool_cli;

#endif
