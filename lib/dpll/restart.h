/* restart.h - the restart part (s->restart), owned by restart.c: the
 * restart policies' schedules and averages; its calls. */
#ifndef DPLL_RESTART_H_INCLUDED
#define DPLL_RESTART_H_INCLUDED

#include "internal.h"

void dpll__restart_init(dpll_solver *s);
void dpll__restart_conflict(dpll_solver *s, uint32_t lbd);
bool dpll__restart_due(const dpll_solver *s);
/* Backtracks to level (0, but for enumerate.c's searches) and plans the
 * next restart. */
void dpll__restart(dpll_solver *s, int level);
bool dpll__restarts_luby(const dpll_solver *s); /* the Luby rule in force */
/* Whether the search is in the focused mode of restarts "modes". */
bool dpll__focused(const dpll_solver *s);

#endif /* DPLL_RESTART_H_INCLUDED */
