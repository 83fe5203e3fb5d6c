/* cmdline.h - peg-back's command line: what its options hold, and the
 * table (cmdline.c) that the parser, --help and
 * tests/test_tool_options.c read. */
#ifndef DPLL_TOOLS_PEG_BACK_CMDLINE_H_INCLUDED
#define DPLL_TOOLS_PEG_BACK_CMDLINE_H_INCLUDED

#include "options.h"

typedef struct peg_back_options {
  cli_files files;
  int draw;
  const char *html;        /* --html FILE: the replay page, or NULL */
  const char *key;         /* --key FILE: the key of another solver's answer */
  const char *check_proof; /* --check-proof PROOF: a DRAT proof of "no
                              solution", checked; or NULL */
} peg_back_options;

extern const cli_spec peg_back_cli;

#endif
