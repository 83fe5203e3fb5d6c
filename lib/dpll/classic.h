/* classic.h - classic.c's calls: the classic engine and its chronological
 * backtracking (classic.c owns no part). */
#ifndef DPLL_CLASSIC_H_INCLUDED
#define DPLL_CLASSIC_H_INCLUDED

#include "internal.h"

int dpll__search(dpll_solver *s);
int dpll__backtrack_chrono(dpll_solver *s);
void dpll__note_conflict(dpll_solver *s, cref ref);

#endif /* DPLL_CLASSIC_H_INCLUDED */
