/* subst.h - the subst part (s->subst), owned by subst.c: equivalent-literal
 * substitution before and during the search; its calls (the equivalences
 * go on elimination's stack, elim.c). */
#ifndef DPLL_SUBST_H_INCLUDED
#define DPLL_SUBST_H_INCLUDED

#include "internal.h"

/* Rounds during the search: at restarts, once due by the conflict count. */
void dpll__subst_init(dpll_solver *s);
bool dpll__subst_due(const dpll_solver *s);
int dpll__subst(dpll_solver *s);

#endif /* DPLL_SUBST_H_INCLUDED */
