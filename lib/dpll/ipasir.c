/* ipasir.c - IPASIR (include/ipasir.h) over the public calls of dpll.h.
 * It keeps what IPASIR's calls cannot report (an error in ipasir_add or
 * ipasir_assume) and the learn callback's zero-terminated buffer. */
#include "ipasir.h"
#include "dpll.h"
#include "memory.h" /* DPLL_GROW; otherwise only dpll.h's public calls */

#include <stdlib.h>

typedef struct ipasir_solver {
  dpll_solver *s;
  int error; /* a failed add or assume: every later solve returns 0 */
  void (*learn)(void *data, int32_t *clause);
  void *learn_data;
  int32_t *buf; /* a learned clause and its 0 */
  size_t cap;
} ipasir_solver;

const char *ipasir_signature(void) { return "libdpll " DPLL_VERSION; }

void *ipasir_init(void) {
  ipasir_solver *w = calloc(1, sizeof *w);
  if (!w)
    return NULL;
  w->s = dpll_new();
  if (!w->s || dpll_set_option(w->s, "pure", 0)) {
    dpll_free(w->s);
    free(w);
    return NULL;
  }
  return w;
}

void ipasir_release(void *solver) {
  ipasir_solver *w = solver;
  if (!w)
    return;
  dpll_free(w->s);
  free(w->buf);
  free(w);
}

void ipasir_add(void *solver, int32_t lit_or_zero) {
  ipasir_solver *w = solver;
  if (w && dpll_add(w->s, (int)lit_or_zero))
    w->error = 1;
}

void ipasir_assume(void *solver, int32_t lit) {
  ipasir_solver *w = solver;
  if (w && dpll_assume(w->s, (int)lit))
    w->error = 1;
}

int ipasir_solve(void *solver) {
  ipasir_solver *w = solver;
  if (!w || w->error)
    return 0;
  int res = dpll_solve(w->s);
  return res == DPLL_SAT || res == DPLL_UNSAT ? res : 0;
}

int32_t ipasir_val(void *solver, int32_t lit) {
  ipasir_solver *w = solver;
  if (!w)
    return 0;
  int v = dpll_model(w->s, (int)lit);
  return v == 1 ? lit : v == 0 ? -lit : 0;
}

int ipasir_failed(void *solver, int32_t lit) {
  ipasir_solver *w = solver;
  return w && dpll_failed(w->s, (int)lit) == 1;
}

void ipasir_set_terminate(void *solver, void *data,
                          int (*terminate)(void *data)) {
  ipasir_solver *w = solver;
  if (w)
    dpll_set_terminate(w->s, terminate, data);
}

/* dpll_set_learn's callback: the clause, zero-terminated. */
static void hand_over(void *ctx, const int *lits, size_t n) {
  ipasir_solver *w = ctx;
  if (DPLL_GROW(w->buf, w->cap, n + 1, SIZE_MAX / sizeof(int32_t)))
    return; /* not reported: see ipasir.h */
  for (size_t k = 0; k < n; k++)
    w->buf[k] = (int32_t)lits[k];
  w->buf[n] = 0;
  w->learn(w->learn_data, w->buf);
}

void ipasir_set_learn(void *solver, void *data, int max_length,
                      void (*learn)(void *data, int32_t *clause)) {
  ipasir_solver *w = solver;
  if (!w)
    return;
  w->learn = max_length >= 0 ? learn : NULL;
  w->learn_data = data;
  dpll_set_learn(w->s, w->learn ? (size_t)max_length : 0,
                 w->learn ? hand_over : NULL, w);
}
