/* bva.h - bounded variable addition (bva.c, option "factor"); bva.c owns
 * no part: its pass is its own, and the variables it adds are vars.c's. */
#ifndef DPLL_BVA_H_INCLUDED
#define DPLL_BVA_H_INCLUDED

#include "internal.h"

/* Runs once at level 0 before the first decision of a solve that keeps no
 * learned clause, writes no proof and has no assumptions, after
 * elimination and the parity pass; returns 0 or DPLL_ENOMEM (what it
 * replaced so far means what it meant).  dpll__bva_restore, at the end of
 * the solve at level 0 after dpll__elim_restore, deletes every clause of
 * a variable added and the variables. */
int dpll__bva(dpll_solver *s);
void dpll__bva_restore(dpll_solver *s);

#endif /* DPLL_BVA_H_INCLUDED */
