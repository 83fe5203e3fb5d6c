/* xor.h - parity reasoning at level 0 (option "xor"), xor.c: XOR
 * constraints recovered from their clauses, solved together by
 * Gauss-Jordan elimination, and what follows written back as clauses.
 * Stateless: everything it builds is freed before it returns. */
#ifndef DPLL_XOR_H_INCLUDED
#define DPLL_XOR_H_INCLUDED

#include "internal.h"

/* The longest clause read as a part of an XOR constraint: an XOR of k
 * variables takes 2^(k-1) clauses. */
#define XOR_MAX_SIZE 6

/* At level 0, at a fixpoint: finds the XOR constraints that the clauses
 * (added and learned; none put aside) encode in full, eliminates over
 * GF(2) within each set of constraints that share variables, and adds what
 * follows as learned clauses: a unit for every variable the constraints
 * fix, two binary clauses for every pair of variables they make equal or
 * opposite (unless the clauses have that pair already), the empty clause
 * if they contradict each other; in refute mode only the empty clause, and
 * only from a set of 3 variables or more.  Every clause added follows from the
 * clauses, so it stays right under assumptions and later additions; none
 * is a DRAT lemma (a sum of parities needs more than unit propagation), so
 * the caller does not run it while a proof is written.  Returns 0 (then
 * dpll__unsat may be true) or DPLL_ENOMEM (clauses added so far follow
 * from the clauses). */
int dpll__xor(dpll_solver *s);

#endif /* DPLL_XOR_H_INCLUDED */
