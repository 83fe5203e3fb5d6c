/* dratcheck-main.c - drat-check, the command line of tools/common/drat.c for
 * other tests and the benchmarks:
 *
 *   drat-check [--text | --binary] CNF PROOF
 *
 * prints "s VERIFIED" or "s NOT VERIFIED" and then "c MESSAGE" on standard
 * output and exits with 0 or 1; with input that cannot be read or is not
 * well-formed it prints "drat-check: MESSAGE" on standard error and exits
 * with 2.  "-" is standard input. */
#include <stdio.h>
#include <string.h>

#include "drat.h"

static int usage(FILE *out, int code) {
  fputs("usage: drat-check [--text | --binary] CNF PROOF\n"
        "Checks the DRAT proof PROOF of the unsatisfiability of the DIMACS\n"
        "formula CNF, forward, lemma by lemma (RUP, or RAT on the first\n"
        "literal).  The proof is text or binary DRAT, told apart as\n"
        "drat-trim does unless --text or --binary says.  Exit status: 0\n"
        "verified, 1 not verified, 2 bad input.\n",
        out);
  return code;
}

int main(int argc, char **argv) {
  int mode = DRAT_AUTO, i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
    if (!strcmp(argv[i], "--text"))
      mode = DRAT_TEXT;
    else if (!strcmp(argv[i], "--binary"))
      mode = DRAT_BINARY;
    else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
      return usage(stdout, 0);
    else if (!strcmp(argv[i], "--")) {
      i++;
      break;
    } else {
      fprintf(stderr, "drat-check: unknown option '%s'\n", argv[i]);
      return usage(stderr, 2);
    }
  }
  if (argc - i != 2)
    return usage(stderr, 2);
  if (!strcmp(argv[i], "-") && !strcmp(argv[i + 1], "-")) {
    fputs("drat-check: only one of CNF and PROOF can be standard input\n",
          stderr);
    return 2;
  }
  drat_report r;
  int status = drat_check_files(argv[i], argv[i + 1], mode, &r);
  if (status < 0) {
    fprintf(stderr, "drat-check: %s\n", r.msg);
    return 2;
  }
  printf("s %s\nc %s\n", status ? "VERIFIED" : "NOT VERIFIED", r.msg);
  return status ? 0 : 1;
}
