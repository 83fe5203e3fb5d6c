/* pegsolver.c - the four calls of a peg_solver over libdpll. */
#include "pegsolver.h"

#include <dpll.h>

static int add(void *ctx, const int *lits, size_t n) {
  return dpll_add_clause(ctx, lits, n);
}

static int solve(void *ctx, const int *assumptions, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (dpll_assume(ctx, assumptions[i]))
      return -1;
  return dpll_solve(ctx);
}

static int value(void *ctx, int atom) { return dpll_model(ctx, atom) == 1; }

int pegsolver_open(peg_solver *s) {
  dpll_solver *d = dpll_new();
  *s = (peg_solver){d, add, solve, value};
  return d ? 0 : PEG_ENOMEM;
}

void pegsolver_close(peg_solver *s) {
  dpll_free(s->ctx);
  s->ctx = NULL;
}
