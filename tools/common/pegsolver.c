/* pegsolver.c - the four calls of a peg_solver over libdpll. */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include "pegsolver.h"

#include <dpll.h>
#include <unistd.h>

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

int pegsolver_open_many(peg_solver *s, size_t *n) {
  if (*n == 0) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    *n = cores > 0 ? (size_t)cores : 1;
  }
  if (*n > PEGSOLVER_MAX)
    *n = PEGSOLVER_MAX;
  for (size_t k = 0; k < *n; k++)
    if (pegsolver_open(&s[k])) {
      pegsolver_close_many(s, k + 1);
      return PEG_ENOMEM;
    }
  return 0;
}

void pegsolver_close_many(peg_solver *s, size_t n) {
  for (size_t k = 0; k < n; k++)
    pegsolver_close(&s[k]);
}
