/* peg-back - a SAT solver's answer to peg-front's clauses in; the jumps
 * that solve the puzzle out, checked by replaying them. */
#include <peg.h>

#include "cli.h"
#include "cmdline.h"
#include "proofcheck.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cli_tool = "peg-back";

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

/* Writes one play, a jump per line; with drawings, the board at the start
 * and after every jump.  pegs: room for the board's holes. */
static int write_play(FILE *out, const peg_board *b, const peg_jump *play,
                      size_t n, int with_drawings, unsigned char *pegs) {
  int rc = 0;
  peg_start_pegs(b, n ? &play[0] : NULL, pegs);
  if (with_drawings) {
    fputs("Start\n", out);
    rc = draw(out, b, pegs);
  }
  for (size_t i = 0; i < n && !rc; i++) {
    peg_jump j = play[i];
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
  return rc;
}

/* One model: its jumps, as the seed asks.  Several models (dpll --all or
 * --solutions): each distinct play under "Solution K", then a line that
 * counts them and says whether the list is complete. */
static int write_solution(FILE *out, const peg_result *r, int with_drawings) {
  if (!r->solved) {
    fputs("NO SOLUTION\n", out);
    return 0;
  }
  const peg_board *b = peg_encoding_board(r->encoding);
  unsigned char *pegs = malloc((size_t)peg_board_holes(b) + 1);
  if (!pegs)
    return PEG_ENOMEM;
  int several = r->num_models > 1 || r->complete, rc = 0;
  for (size_t k = 0; k < r->num_solutions && !rc; k++) {
    if (several)
      fprintf(out, "%sSolution %zu\n", k ? "\n" : "", k + 1);
    rc = write_play(out, b, r->jumps + k * r->num_jumps, r->num_jumps,
                    with_drawings, pegs);
  }
  if (several && !rc)
    fprintf(out, "\n%zu solution%s%s\n", r->num_solutions,
            r->num_solutions == 1 ? "" : "s",
            r->complete ? ", all there are" : "; there may be more");
  free(pegs);
  return rc;
}

/* --html FILE: the replay page of the solution, written whole or not at
 * all (a failed write removes FILE); with no solution, a note and no
 * page.  Returns 0, or 1 after the message. */
static int write_html(const char *path, const peg_result *r) {
  if (!r->solved) {
    cli_error("no solution, so no replay written to %s", path);
    return 0;
  }
  char *page;
  size_t size;
  int rc = peg_html(peg_encoding_board(r->encoding), r->jumps, r->num_jumps,
                    &page, &size);
  if (rc) /* the jumps were replayed already: only memory can run out */
    return cli_error("%s",
                     rc == PEG_ENOMEM ? "out of memory" : peg_strerror(rc));
  FILE *f = cli_open_output(path);
  if (!f) {
    free(page);
    return cli_error("%s: cannot write: %s", path, strerror(errno));
  }
  errno = 0;
  int err = fwrite(page, 1, size, f) == size ? 0 : errno ? errno : -1;
  free(page);
  return cli_close_output(f, path, err);
}

/* read_result(o, r): the answer read into r, or 1 after reporting (cli.h). */
CLI_READ_RESULT(peg, PEG)

/* check_proof(proof, r): --check-proof, against the board's clauses
 * rebuilt from the key, or 1 after reporting (proofcheck.h). */
CLI_CHECK_PROOF(peg, "board")

/* Before NO SOLUTION, one line on standard error saying why: the position
 * classes when they rule the goal out (a proof), else, unless a proof was
 * checked (proved: check_proof said so), the solver's word, which an
 * answer file cannot prove (a forged lone '0' reads the same). */
static int say_why(const peg_result *r, int proved) {
  char *why;
  int rc = peg_explain(peg_encoding_board(r->encoding), &why);
  if (rc < 0)
    return rc;
  if (rc == 1)
    cli_error("no solution: %s", why);
  else if (!proved)
    cli_error("no solution: the SAT solver answered that no play reaches the "
              "goal; that answer is not checked here (the position classes "
              "alone do not rule it out; --check-proof PROOF checks a DRAT "
              "proof of it)");
  free(why);
  return 0;
}

int main(int argc, char **argv) {
  peg_back_options o = {0};
  if (cli_parse(&peg_back_cli, argc, argv, &o) || cli_files_done(&o.files) ||
      cli_proof_input_clash(o.check_proof, o.files.input))
    return 1;
  peg_result r;
  if (read_result(&o, &r))
    return 1;
  /* A proof that fails stops everything: no page, nothing on stdout. */
  if ((o.check_proof && check_proof(o.check_proof, &r)) ||
      (o.html && write_html(o.html, &r))) {
    peg_result_clear(&r);
    return 1;
  }
  FILE *out = cli_open_output_or_report(o.files.output);
  if (!out) {
    peg_result_clear(&r);
    return 1;
  }
  int rc = r.solved ? 0 : say_why(&r, o.check_proof != NULL);
  /* A play of no jumps prints no line: say why the list is empty. */
  if (r.solved && r.num_jumps == 0)
    cli_error("the start is already the goal: no jump is needed");
  if (!rc)
    rc = write_solution(out, &r, o.draw);
  peg_result_clear(&r);
  if (rc) {
    cli_discard_output(out, o.files.output);
    return cli_error("out of memory");
  }
  return cli_close_output(out, o.files.output, 0);
}
