/* reduce.h - the reduce part (s->reduce), owned by reduce.c: when learned
 * clauses are next deleted; the calls that delete them and compact. */
#ifndef DPLL_REDUCE_H_INCLUDED
#define DPLL_REDUCE_H_INCLUDED

#include "internal.h"

void dpll__reduce_init(dpll_solver *s);
bool dpll__reduce_due(const dpll_solver *s);
int dpll__reduce(dpll_solver *s);
/* Compacts the arena after deletions, telling the trail where the
 * reasons went (every reason must be live). */
void dpll__reduce_sweep(dpll_solver *s);
/* Deletes the learned clauses a round marked CLAUSE_REPLACED, then sweeps. */
void dpll__reduce_replaced(dpll_solver *s);
void dpll__drop_learnts(dpll_solver *s);

#endif /* DPLL_REDUCE_H_INCLUDED */
