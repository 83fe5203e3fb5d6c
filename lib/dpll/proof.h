/* proof.h - the proof part (s->proof), owned by proof.c: where DRAT proof
 * steps go; its readers and calls. */
#ifndef DPLL_PROOF_H_INCLUDED
#define DPLL_PROOF_H_INCLUDED

#include "internal.h"

/* Proof steps are written only between dpll__proof_begin and
 * dpll__proof_end (inside dpll_solve), and none after the empty clause. */
int dpll__proof_begin(dpll_solver *s); /* 0 or DPLL_ENOMEM */
int dpll__proof_end(dpll_solver *s);   /* DPLL_EIO if a step failed */
static inline bool dpll__proof_wanted(const dpll_solver *s) {
  return s->proof.fn || s->proof.file;
}
static inline bool dpll__proving(const dpll_solver *s) {
  return s->proof.active && !s->proof.done;
}
/* Whether a clause was derived since level 0 was last drawn from the
 * clauses added alone (then the next proof starts afresh: solver.c), and
 * the call that says it was just drawn so. */
static inline bool dpll__proof_derived(const dpll_solver *s) {
  return s->proof.derived;
}
static inline void dpll__proof_fresh(dpll_solver *s) {
  s->proof.derived = false;
}
void dpll__proof_clause(dpll_solver *s, bool deleted, const unsigned *lits,
                        size_t n);
/* The clause of the negated decisions of levels 1..level, and lit if it
 * is not 0. */
void dpll__proof_decisions(dpll_solver *s, int level, unsigned lit);
void dpll__proof_free(dpll_solver *s);

#endif /* DPLL_PROOF_H_INCLUDED */
