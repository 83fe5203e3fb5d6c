/* cmdline.h - peg-front's command line: what its options hold, and the
 * table (cmdline.c) that the parser, --help and
 * tests/test_tool_options.c read. */
#ifndef DPLL_TOOLS_PEG_FRONT_CMDLINE_H_INCLUDED
#define DPLL_TOOLS_PEG_FRONT_CMDLINE_H_INCLUDED

#include "options.h"

typedef struct peg_front_options {
  cli_files files;
  const char *board, *empty, *played, *threads;
  const char *key_out;     /* --key-out FILE */
  const char *max_clauses; /* --max-clauses N */
  cli_pick amo; /* PEG_AMO_PAIRWISE (the default), _SEQUENTIAL, ... */
  int dimacs, write_board, list, exact, no_at_least_one, no_order, no_classes,
      file_order;
  int count, hint;
} peg_front_options;

extern const cli_spec peg_front_cli;

#endif
