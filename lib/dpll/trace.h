/* trace.h - the trace part (s->trace), owned by trace.c: the callbacks that
 * hear of the search's steps and learned clauses; its readers and calls. */
#ifndef DPLL_TRACE_H_INCLUDED
#define DPLL_TRACE_H_INCLUDED

#include "internal.h"

static inline bool dpll__tracing(const dpll_solver *s) {
  return s->trace.fn != NULL;
}

void dpll__report_learned(dpll_solver *s, const unsigned *lits, size_t n);
static inline bool dpll__learn_wanted(const dpll_solver *s, size_t n) {
  return s->trace.learn && n <= s->trace.learn_max;
}
/* The learn callback as dpll_set_learn set it (fn NULL: none). */
static inline void dpll__learn_callback(const dpll_solver *s, dpll_learn_fn *fn,
                                        void **ctx, size_t *max_size) {
  *fn = s->trace.learn;
  *ctx = s->trace.learn_ctx;
  *max_size = s->trace.learn_max;
}
void dpll__trace(dpll_solver *s, dpll_event_kind kind, unsigned lit, cref ref,
                 bool flipped);
/* While held (lookahead.c's probes), nothing is reported. */
void dpll__trace_hold(dpll_solver *s, bool hold);
int dpll__trace_grow(dpll_solver *s, size_t n);
void dpll__trace_free(dpll_solver *s);
/* Every clause stored is reserved here first (clausedb.c), so that the
 * buffer always holds the longest and reporting never allocates. */
static inline int dpll__trace_reserve(dpll_solver *s, size_t n) {
  return n <= s->trace.cap ? 0 : dpll__trace_grow(s, n);
}

#endif /* DPLL_TRACE_H_INCLUDED */
