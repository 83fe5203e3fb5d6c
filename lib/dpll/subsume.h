/* subsume.h - the subsume part (s->subsume), owned by subsume.c: learned
 * clauses subsumed or strengthened at some restarts; its calls. */
#ifndef DPLL_SUBSUME_H_INCLUDED
#define DPLL_SUBSUME_H_INCLUDED

#include "internal.h"

void dpll__subsume_init(dpll_solver *s);
bool dpll__subsume_due(const dpll_solver *s);
int dpll__subsume(dpll_solver *s);

#endif /* DPLL_SUBSUME_H_INCLUDED */
