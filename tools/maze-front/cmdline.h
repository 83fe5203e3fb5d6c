/* cmdline.h - maze-front's command line: what its options hold, and the
 * table (cmdline.c) that the parser, --help and
 * tests/test_tool_options.c read. */
#ifndef DPLL_TOOLS_MAZE_FRONT_CMDLINE_H_INCLUDED
#define DPLL_TOOLS_MAZE_FRONT_CMDLINE_H_INCLUDED

#include "options.h"

typedef struct maze_front_options {
  cli_files files;
  int dimacs, no_prune;
  const char *key_out;     /* --key-out FILE */
  const char *max_clauses; /* --max-clauses N */
} maze_front_options;

extern const cli_spec maze_front_cli;

#endif
