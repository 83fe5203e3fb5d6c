/* walk.h - walk.c's call: local search over the clauses added, for
 * rephasing (walk.c owns no part). */
#ifndef DPLL_WALK_H_INCLUDED
#define DPLL_WALK_H_INCLUDED

#include "internal.h"

/* Local search from phases[1..num_vars] (1, -1 or 0), which get the best
 * assignment met; returns the clauses it leaves false, or -1 if memory ran
 * out (phases unchanged).  Its work is in proportion to ticks_since, the
 * propagation work since the last walk. */
long dpll__walk(dpll_solver *s, signed char *phases, uint64_t ticks_since);

#endif /* DPLL_WALK_H_INCLUDED */
