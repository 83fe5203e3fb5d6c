/* branch.h - the scan part (s->scan), owned by branch.c: what the
 * clause-counting heuristics count, the random generator; the calls that
 * choose and decide the next literal. */
#ifndef DPLL_BRANCH_H_INCLUDED
#define DPLL_BRANCH_H_INCLUDED

#include "internal.h"

unsigned dpll__choose(dpll_solver *s); /* 0 when every variable is assigned */
/* Decides the next assumption that is not yet true, or else chooses a
 * literal, on a new level (true); or returns false with *result DPLL_SAT
 * when every variable is assigned, DPLL_UNSAT when an assumption is false
 * (the failed set is made), or DPLL_UNKNOWN when the decision limit,
 * counted from decisions0 at the start of the solve, is reached. */
bool dpll__decide_next(dpll_solver *s, uint64_t decisions0, int *result);
void dpll__scan_active(dpll_solver *s); /* the counts for the trail now */
void dpll__scan_invalidate(dpll_solver *s);
int dpll__scan_grow(dpll_solver *s, int cap);
void dpll__scan_free(dpll_solver *s);
void dpll__seed(dpll_solver *s, int64_t seed);

#endif /* DPLL_BRANCH_H_INCLUDED */
