/* trace.c - reporting the steps of the search to the caller's callback. */
#include "trace.h"
#include "internal.h"
#include "memory.h"
#include "store.h"
#include "trail.h"

#include <stdlib.h>

void dpll_set_trace(dpll_solver *s, dpll_trace_fn fn, void *ctx) {
  if (!s)
    return;
  s->trace.fn = fn;
  s->trace.ctx = fn ? ctx : NULL;
}

void dpll_set_learn(dpll_solver *s, size_t max_size, dpll_learn_fn fn,
                    void *ctx) {
  if (!s)
    return;
  s->trace.learn = fn;
  s->trace.learn_ctx = fn ? ctx : NULL;
  s->trace.learn_max = fn ? max_size : 0;
}

/* Hands a learned clause, whose room the seam reserved, to the caller,
 * unless it holds a variable the solver added (bva.c): the caller knows
 * only its own. */
void dpll__report_learned(dpll_solver *s, const unsigned *lits, size_t n) {
  assert(n <= s->trace.cap);
  for (size_t k = 0; k < n; k++) {
    if (lit_var(lits[k]) > (unsigned)s->user_vars)
      return;
    s->trace.buf[k] = lit_to_ext(lits[k]);
  }
  s->trace.learn(s->trace.learn_ctx, s->trace.buf, n);
}

void dpll__trace_hold(dpll_solver *s, bool hold) {
  if (hold) {
    s->trace.held = s->trace.fn;
    s->trace.fn = NULL;
  } else {
    s->trace.fn = s->trace.held;
    s->trace.held = NULL;
  }
}

int dpll__trace_grow(dpll_solver *s, size_t n) {
  return DPLL_GROW(s->trace.buf, s->trace.cap, n, SIZE_MAX / sizeof(int));
}

void dpll__trace_free(dpll_solver *s) { free(s->trace.buf); }

/* Reports one step.  A PROPAGATE event shows the reason with the forced
 * literal first (dpll__reason puts it there). */
void dpll__trace(dpll_solver *s, dpll_event_kind kind, unsigned lit, cref ref,
                 bool flipped) {
  dpll_event ev = {
      kind, lit ? lit_to_ext(lit) : 0, dpll__decision_level(s), flipped, NULL,
      0};
  if (ref != CREF_NONE && ref != CREF_PURE && ref != CREF_PROBE) {
    const clause *c = kind == DPLL_EVENT_PROPAGATE ? dpll__reason(s, lit)
                                                   : dpll__clause(s, ref);
    assert(c->size <= s->trace.cap);
    for (uint32_t k = 0; k < c->size; k++)
      s->trace.buf[k] = lit_to_ext(c->lits[k]);
    ev.clause = s->trace.buf;
    ev.clause_size = c->size;
  }
  s->trace.fn(s->trace.ctx, &ev);
}
