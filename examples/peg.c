/* peg.c - libpeg paired with libdpll in one program: a board from the
 * catalogue, its clauses straight into the solver, the model back as jumps.
 *
 * The encoder knows what the solver cannot: the Peg atoms follow from the
 * start and the jumps, so only Jump atoms are worth splitting on.  The
 * program says so with dpll_set_decision.
 *
 * Usage: peg [BOARD [EMPTY]]   e.g.  peg triangle5 1 */
#include <dpll.h>
#include <peg.h>

#include <stdio.h>
#include <stdlib.h>

static int add_clause(void *solver, const int *lits, size_t n) {
  return dpll_add_clause(solver, lits, n);
}

static int value(void *solver, int atom) { return dpll_model(solver, atom); }

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : "triangle5";
  peg_board *b;
  int rc = peg_board_named(name, &b);
  if (rc) {
    fprintf(stderr, "peg: %s: %s\n", name, peg_strerror(rc));
    return 1;
  }
  if (argc > 2 && (rc = peg_board_set_empty(b, atoi(argv[2])))) {
    fprintf(stderr, "peg: %s\n", peg_strerror(rc));
    peg_board_free(b);
    return 1;
  }
  peg_encoding *e = peg_encoding_new(b, &rc);
  dpll_solver *s = dpll_new();
  if (!e || !s) {
    fprintf(stderr, "peg: %s\n", e ? "out of memory" : peg_strerror(rc));
    return 1;
  }
  rc = peg_encoding_emit(e, add_clause, s);
  int steps = peg_encoding_steps(e);
  for (int t = 1; !rc && t <= steps + 1; t++) /* split on jumps only */
    for (int h = 1; h <= peg_board_holes(b); h++)
      dpll_set_decision(s, peg_atom_peg(e, h, t), 0);
  int res = rc ? rc : dpll_solve(s);
  if (res == DPLL_SAT) {
    peg_jump *jumps = malloc(((size_t)steps + 1) * sizeof *jumps);
    peg_error why;
    if (jumps && peg_decode(e, value, s, jumps, &why) == 0)
      for (int i = 0; i < steps; i++)
        printf("Jump(%d,%d,%d,%d)\n", jumps[i].from, jumps[i].over, jumps[i].to,
               i + 1);
    else
      fprintf(stderr, "peg: %s\n", jumps ? why.message : "out of memory");
    free(jumps);
  } else if (res == DPLL_UNSAT)
    printf("NO SOLUTION\n");
  else
    fprintf(stderr, "peg: %s\n", dpll_strerror(res));
  dpll_free(s);
  peg_encoding_free(e);
  peg_board_free(b);
  return res == DPLL_SAT || res == DPLL_UNSAT ? 0 : 1;
}
