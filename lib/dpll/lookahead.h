/* lookahead.h - the look part (s->look), owned by lookahead.c: the classic
 * engine's probes (option "lookahead"); its calls, and which engine runs. */
#ifndef DPLL_LOOKAHEAD_H_INCLUDED
#define DPLL_LOOKAHEAD_H_INCLUDED

#include "clausedb.h"
#include "internal.h"

/* The engine the algorithm option stands for: DPLL_ALGORITHM_DPLL or
 * _CDCL; "auto" is the classic engine with its lookahead for formulas
 * shaped like random k-SAT (dpll__random_shape; there it is measured to be
 * faster, docs/performance.md), else cdcl. */
static inline int dpll__engine(const dpll_solver *s) {
  int64_t a = s->opt[OPT_algorithm];
  if (a != DPLL_ALGORITHM_AUTO)
    return (int)a;
  return dpll__random_shape(s) ? DPLL_ALGORITHM_DPLL : DPLL_ALGORITHM_CDCL;
}
/* Whether the classic engine probes before its splits. */
static inline bool dpll__lookahead_on(const dpll_solver *s) {
  return dpll__engine(s) == DPLL_ALGORITHM_DPLL &&
         (s->opt[OPT_lookahead] ||
          s->opt[OPT_algorithm] == DPLL_ALGORITHM_AUTO);
}

/* dpll__lookahead runs a round of probes, which sets the negations of the
 * failed literals it finds and propagates them.  It returns LOOK_SPLIT
 * (the literal to split on is kept for dpll__lookahead_best),
 * LOOK_CONFLICT (that propagation met a conflict, which the search's next
 * propagation finds again), LOOK_STOPPED (the terminate callback said
 * stop), or DPLL_ENOMEM.  dpll__lookahead_best runs a round that sets
 * nothing if the trail has changed since; 0 if it has no split. */
#define LOOK_SPLIT 0
#define LOOK_CONFLICT 1
#define LOOK_STOPPED 2
int dpll__lookahead(dpll_solver *s);
unsigned dpll__lookahead_best(dpll_solver *s);
int dpll__look_grow(dpll_solver *s, int cap);
void dpll__look_free(dpll_solver *s);

#endif /* DPLL_LOOKAHEAD_H_INCLUDED */
