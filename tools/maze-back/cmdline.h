/* cmdline.h - maze-back's command line: what its options hold, and the
 * table (cmdline.c) that the parser, --help and
 * tests/test_tool_options.c read. */
#ifndef DPLL_TOOLS_MAZE_BACK_CMDLINE_H_INCLUDED
#define DPLL_TOOLS_MAZE_BACK_CMDLINE_H_INCLUDED

#include "options.h"

typedef struct maze_back_options {
  cli_files files;
  int times;
  const char *key;         /* --key FILE: the key of another solver's answer */
  const char *check_proof; /* --check-proof PROOF: a DRAT proof of "no
                              solution", checked; or NULL */
} maze_back_options;

extern const cli_spec maze_back_cli;

#endif
