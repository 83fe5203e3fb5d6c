/* elim.h - the elim part (s->elim), owned by elim.c: bounded variable
 * elimination and the stack that extends a model; its calls. */
#ifndef DPLL_ELIM_H_INCLUDED
#define DPLL_ELIM_H_INCLUDED

#include "internal.h"

/* Elimination (option "eliminate") runs once at level 0 before the first
 * decision of a solve that keeps no learned clause.  dpll__elim returns 0,
 * ELIM_STOPPED (the terminate callback said stop) or DPLL_ENOMEM;
 * dpll__elim_extend gives the eliminated variables values in a model of
 * the rest; dpll__elim_restore (at the end of the solve, level 0) puts the
 * clauses set aside back. */
#define ELIM_STOPPED 1
/* Whether c takes part in elimination and substitution (subst.c): neither
 * put aside nor deleted, and not satisfied at level 0. */
bool dpll__in_use(const dpll_solver *s, const clause *c);
int dpll__elim(dpll_solver *s);
/* Saves a clause for dpll__elim_extend, which makes lits[0] true when the
 * others are false (subst.c saves equivalences so); 0 or DPLL_ENOMEM. */
int dpll__elim_save(dpll_solver *s, const unsigned *lits, size_t n);
/* Passes during the search (option elim_rounds): at restarts, once due by
 * the conflict count (ELIM_GAP, then 2, 3... times as many). */
void dpll__elim_init(dpll_solver *s);
bool dpll__elim_due(const dpll_solver *s);
int dpll__elim_inprocess(dpll_solver *s);
void dpll__elim_extend(const dpll_solver *s, unsigned char *model);
void dpll__elim_restore(dpll_solver *s);
void dpll__elim_free(dpll_solver *s);

#endif /* DPLL_ELIM_H_INCLUDED */
