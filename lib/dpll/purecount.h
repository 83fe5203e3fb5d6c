/* purecount.h - the pure part (s->pure), owned by purecount.c: the
 * occurrence counts that pure-literal elimination reads; readers, calls. */
#ifndef DPLL_PURECOUNT_H_INCLUDED
#define DPLL_PURECOUNT_H_INCLUDED

#include "internal.h"

static inline bool dpll__pure_counting(const dpll_solver *s) {
  return s->pure.valid;
}

int dpll__pure_prepare(dpll_solver *s); /* counts, if not kept: 0 or ENOMEM */
int dpll__pure_next(dpll_solver *s);    /* a candidate variable, or 0 */
uint32_t dpll__pure_unsat(const dpll_solver *s, unsigned lit);
/* The added clauses holding lit, as indices into the clause list (n of
 * them), and whether clause i has a true literal (while counting). */
const uint32_t *dpll__pure_occ(const dpll_solver *s, unsigned lit, size_t *n);
bool dpll__pure_satisfied(const dpll_solver *s, uint32_t i);
void dpll__pure_assigned(dpll_solver *s, unsigned lit);
void dpll__pure_unassigned(dpll_solver *s, unsigned lit);
void dpll__pure_invalidate(dpll_solver *s); /* stop counting, free counts */
const char *dpll__pure_check(const dpll_solver *s);

#endif /* DPLL_PURECOUNT_H_INCLUDED */
