/* analyze.h - the an part (s->an), owned by analyze.c: conflict analysis
 * and learning; its calls. */
#ifndef DPLL_ANALYZE_H_INCLUDED
#define DPLL_ANALYZE_H_INCLUDED

#include "internal.h"

/* From the false clause, derive the first-UIP clause into
 * learnt[0..learnt_size-1] (learnt[0] the asserting literal, learnt[1] one
 * of the highest level below), minimised; returns the level to jump to
 * and sets *lbd.  dpll__learn backjumps, stores the clause and asserts
 * its first literal. */
int dpll__analyze(dpll_solver *s, cref conflict, uint32_t *lbd);
size_t dpll__analyze_decisions(dpll_solver *s, cref conflict, unsigned lit);
const unsigned *dpll__learnt_lits(const dpll_solver *s);
int dpll__learn(dpll_solver *s, int level, uint32_t lbd);
/* At level 0: adds lits[0..n-1] (external literals of variables that
 * exist; no repeats, no complementary pair), a clause that follows from
 * the clauses because another search of them learned it, as a learned
 * clause without its literals false at level 0 (none if one is true); a
 * unit is assigned, the empty clause makes the clauses unsatisfiable.
 * Returns 0 or DPLL_ENOMEM. */
int dpll__import_clause(dpll_solver *s, const int *lits, size_t n);
const char *dpll__analysis_check(const dpll_solver *s);
int dpll__analysis_grow(dpll_solver *s, int cap);
void dpll__analysis_free(dpll_solver *s);

#endif /* DPLL_ANALYZE_H_INCLUDED */
