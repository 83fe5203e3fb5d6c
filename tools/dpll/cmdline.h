/* cmdline.h - dpll's command line: what its options hold, and the table
 * (cmdline.c) that the parser, --help and tests/test_tool_options.c
 * read. */
#ifndef DPLL_TOOLS_DPLL_CMDLINE_H_INCLUDED
#define DPLL_TOOLS_DPLL_CMDLINE_H_INCLUDED

#include "options.h"

typedef struct dpll_tool_options {
  cli_files files;
  cli_pick format, algorithm, heuristic, restarts, target, rephase,
      proof_format;
  const char *seed, *threads, *luby_unit, *max_decisions, *max_conflicts,
      *time_limit, *proof, *solutions, *project, *cubes, *cube_depth;
  int no_pure, no_reduce, no_lucky, no_eliminate, no_minimize, vivify,
      lookahead, stats, trace, verbose, all, relaxed;
} dpll_tool_options;

extern const cli_spec dpll_tool_cli;

#endif
