/* peg-back - a SAT solver's answer to peg-front's clauses in; the jumps
 * that solve the puzzle out, checked by replaying them. */
#include <peg.h>

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: peg-back [OPTIONS] [INPUT [OUTPUT]]\n"
    "Read dpll's answer to peg-front's clauses (the valuation, the line\n"
    "'0', and peg-front's key) from INPUT (default standard input, or\n"
    "'-') and write the solution to OUTPUT (default standard output): one\n"
    "jump per line in the order played, as Jump(A,B,C,I) -- at time I the\n"
    "peg in hole A jumps over B into C -- or the line NO SOLUTION.\n"
    "The jumps are replayed on the board before they are written.\n"
    "\n"
    "  peg-front board.txt | dpll | peg-back\n"
    "\n"
    "Options:\n"
    "  -D, --draw         also draw the board at the start and after every\n"
    "                     jump (each jump line still starts with Jump()\n"
    "  -o, --output FILE  write to FILE (instead of OUTPUT)\n"
    "  -h, --help         print this help and exit\n"
    "  -V, --version      print the version and exit\n"
    "\n"
    "Exit status: 0 when the jumps or NO SOLUTION were written; 1 on an\n"
    "error: input that is not dpll's answer with a peg-front key, or a\n"
    "valuation that is not a legal play (one line on standard error,\n"
    "nothing written).\n";

const char *cli_tool = "peg-back";

typedef struct options {
  cli_files files;
  int draw;
} options;

static int parse_args(int argc, char **argv, options *o) {
  int m;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if ((m = cli_common(&o->files, arg, usage, "peg-back " PEG_VERSION "\n")) <
        0)
      return 1;
    if (m)
      continue;
    if (cli_flag(arg, "-D", "--draw"))
      o->draw = 1;
    else if ((m = cli_option(argc, argv, &i, "-o", "--output",
                             &o->files.output_option))) {
      if (m < 0)
        return cli_error("option '%s' needs a value", arg);
    } else
      return cli_error("unknown option '%s' (try --help)", arg);
  }
  return cli_files_done(&o->files);
}

/* Writes peg_draw's picture of pegs. */
static int draw(FILE *out, const peg_board *b, const unsigned char *pegs) {
  int n = peg_draw(b, pegs, NULL, 0);
  char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (!text)
    return PEG_ENOMEM;
  peg_draw(b, pegs, text, (size_t)n + 1);
  fputs(text, out);
  free(text);
  return 0;
}

/* "row 3 column 1 over row 2 column 1 to row 1 column 1" */
static void describe(FILE *out, const peg_board *b, peg_jump j) {
  char from[64], over[64], to[64];
  peg_hole_name(b, j.from, from, sizeof from);
  peg_hole_name(b, j.over, over, sizeof over);
  peg_hole_name(b, j.to, to, sizeof to);
  fprintf(out, ": %s over %s to %s", from, over, to);
}

static int write_solution(FILE *out, const peg_result *r, int with_drawings) {
  if (!r->solved) {
    fputs("NO SOLUTION\n", out);
    return 0;
  }
  const peg_board *b = peg_encoding_board(r->encoding);
  unsigned char *pegs = malloc((size_t)peg_board_holes(b) + 1);
  if (!pegs)
    return PEG_ENOMEM;
  int rc = 0;
  peg_start_pegs(b, r->num_jumps ? &r->jumps[0] : NULL, pegs);
  if (with_drawings) {
    fputs("Start\n", out);
    rc = draw(out, b, pegs);
  }
  for (size_t i = 0; i < r->num_jumps && !rc; i++) {
    peg_jump j = r->jumps[i];
    if (with_drawings)
      fputs("\n", out);
    fprintf(out, "Jump(%d,%d,%d,%zu)", j.from, j.over, j.to, i + 1);
    if (with_drawings) {
      describe(out, b, j);
      fputs("\n", out);
      peg_apply(b, pegs, j); /* legal: peg_result_read replayed it */
      rc = draw(out, b, pegs);
    } else
      fputs("\n", out);
  }
  free(pegs);
  return rc;
}

int main(int argc, char **argv) {
  options o = {0};
  if (parse_args(argc, argv, &o))
    return 1;
  const char *name = cli_name(o.files.input, false);
  char *text;
  size_t size;
  int err = cli_read_all(o.files.input, &text, &size);
  if (err)
    return cli_error("%s: cannot read: %s", name, strerror(err));
  peg_result r;
  peg_error why;
  int rc = peg_result_read(text, size, &r, &why);
  free(text);
  if (rc == PEG_EPLAY)
    return cli_error("%s: the valuation is not a solution: %s", name,
                     why.message);
  if (rc == PEG_ENOMEM)
    return cli_error("out of memory");
  if (rc) {
    fprintf(stderr, "%s:%ld:%ld: %s\n", name, why.line, why.column,
            why.message);
    return 1;
  }
  FILE *out = cli_open_output(o.files.output);
  if (!out) {
    peg_result_clear(&r);
    return cli_error("%s: cannot open for writing: %s",
                     cli_name(o.files.output, true), strerror(errno));
  }
  rc = write_solution(out, &r, o.draw);
  peg_result_clear(&r);
  if (rc) {
    cli_discard_output(out, o.files.output);
    return cli_error("out of memory");
  }
  return cli_close_output(out, o.files.output, 0);
}
