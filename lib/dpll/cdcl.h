/* cdcl.h - cdcl.c's call: the conflict-driven engine (cdcl.c owns no
 * part). */
#ifndef DPLL_CDCL_H_INCLUDED
#define DPLL_CDCL_H_INCLUDED

#include "internal.h"

int dpll__cdcl(dpll_solver *s);
/* Counts and traces a conflict, as the engine does. */
void dpll__cdcl_conflict(dpll_solver *s, cref conflict);
/* Analyses a conflict above level 0 as the engine does (the target
 * phases, the restart policy's averages): the first-UIP clause is left in
 * analyze.c's buffer for dpll__learn; returns the level where it asserts
 * a literal, and its LBD in *lbd. */
int dpll__cdcl_analyze(dpll_solver *s, cref conflict, uint32_t *lbd);

#endif /* DPLL_CDCL_H_INCLUDED */
