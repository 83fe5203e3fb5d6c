/* vivify.c - learned clauses made shorter by propagation (vivification:
 * Piette, Hamadi and Saïs, "Vivifying propositional clausal formulae",
 * ECAI 2008; on learned clauses, Luo, Li, Xiao, Manyà and Lü, "An
 * effective learnt clause minimization approach for CDCL SAT solvers",
 * IJCAI 2017).
 *
 * A clause C = l1 ∨ ... ∨ ln is tested at level 0 by deciding ¬l1, ¬l2,
 * ... one level each and propagating after each:
 *   - a conflict: the decisions behind it cannot all hold, so the clause
 *     of their negations follows; it is part of C;
 *   - a literal li of C already true: the decisions behind it imply it,
 *     so their negations and li make a clause that follows, again part of
 *     C;
 *   - a literal li of C already false: the decisions so far imply ¬li, so
 *     C without li follows (resolve C with that implication).
 * Whatever propagation used, C among the rest, the shorter clause follows
 * from the clauses, and it subsumes C, which then goes: the clauses mean
 * what they meant.  Every such clause is RUP (propagating its negation
 * gives a conflict), so a DRAT proof takes it as it is.
 *
 * Rounds run at restarts (cdcl.c), when the search has made
 * VIVIFY_GAP conflicts since the last one.  A round tests the learned
 * clauses of LBD at most VIVIFY_LBD (those reduce.c keeps longest) not
 * tested before, newest first, until it has spent VIVIFY_EFFORT percent
 * of the propagation work the search did since the last round; then, with
 * option vivify_all, for as much work again, the caller's clauses not
 * tested before, in order from where the last round stopped.  A shorter clause
 * found for one of the caller's is a learned clause of LBD 1, which reduction
 * keeps for the solve, and the caller's clause is put aside until the solve
 * ends, as elimination does (elim.c); in a proof it is not deleted.  The
 * probing decisions change neither the saved phases nor the activities.
 *
 * Off by default (option "vivify"): on the peg families and on random
 * 3-SAT it did not pay (docs/performance.md, issue 14); nor did the
 * caller's clauses (vivify_all, issue 39). */
#include "vivify.h"
#include "analyze.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "propagate.h"
#include "reduce.h"
#include "trace.h"

#include <stdlib.h>

#define VIVIFY_GAP 2000
#ifndef VIVIFY_EFFORT
#define VIVIFY_EFFORT 10 /* percent of the search's propagation work */
#endif
#define VIVIFY_LBD 6

int dpll__vivify_grow(dpll_solver *s, int cap) {
  return DPLL_RESIZE(s->vivify.lits, (size_t)cap + 1);
}

void dpll__vivify_free(dpll_solver *s) { free(s->vivify.lits); }

/* The schedule runs on across solves: a run of short solves (incremental
 * use) gets rounds as one long solve would. */
void dpll__vivify_init(dpll_solver *s) {
  if (s->vivify.next == 0) {
    s->vivify.next = s->stats.conflicts + VIVIFY_GAP;
    s->vivify.ticks = dpll__ticks(s);
  }
}

/* Not while a trace is set: every step a trace shows is the search's. */
bool dpll__vivify_due(const dpll_solver *s) {
  return s->opt[OPT_vivify] && s->stats.conflicts >= s->vivify.next &&
         dpll__decision_level(s) == 0 && !dpll__tracing(s);
}

/* Whether C is worth testing now: live, untested, learned of low LBD or
 * the caller's and not put aside, not satisfied at level 0 and without a
 * pure literal's variable (whose value at level 0 is no consequence of
 * the clauses). */
static bool candidate(const dpll_solver *s, const clause *c) {
  if ((c->flags &
       (CLAUSE_DELETED | CLAUSE_VIVIFIED | CLAUSE_REPLACED | CLAUSE_ASIDE)) ||
      c->size <= 2 ||
      ((c->flags & CLAUSE_LEARNED) && clause_lbd(c) > VIVIFY_LBD))
    return false;
  for (uint32_t k = 0; k < c->size; k++) {
    unsigned v = lit_var(c->lits[k]);
    if (dpll__value(s, c->lits[k]) > 0 || dpll__reason_of(s, v) == CREF_PURE)
      return false;
  }
  return true;
}

/* Tests C (at ref) from level 0, leaving the shorter clause found, if
 * any, in the analysis's learnt[] and returning its length (else 0); the
 * solver is back at level 0.  *oom is set if propagation ran out of
 * memory. */
static size_t test(dpll_solver *s, cref ref, bool *oom) {
  /* A copy: propagation moves the clause's own literals about. */
  const clause *c = dpll__clause(s, ref);
  uint32_t n = c->size;
  unsigned *lits = s->vivify.lits;
  for (uint32_t k = 0; k < n; k++)
    lits[k] = c->lits[k];
  /* C is among the clauses: once all its literals but one are false, it
   * makes that one true, and the analysis of that literal gives C without
   * the literals that the decisions made false. */
  size_t found = 0;
  for (uint32_t k = 0; k < n && !found; k++) {
    unsigned lit = lits[k];
    int val = dpll__value(s, lit);
    if (val < 0) /* false at level 0, or made false: dropped */
      continue;
    if (val > 0) { /* made true by the decisions */
      found = dpll__analyze_decisions(s, CREF_NONE, lit);
      break;
    }
    dpll__new_level(s, false);
    dpll__assign(s, lit_not(lit), CREF_NONE);
    cref conflict = dpll__propagate(s);
    if (conflict == CREF_OOM) {
      *oom = true;
      break;
    }
    if (conflict != CREF_NONE)
      found = dpll__analyze_decisions(s, conflict, 0);
  }
  assert(found || *oom);
  dpll__backtrack_probe(s, 0);
  if (*oom || found >= n)
    return 0;
  const unsigned *learnt = dpll__learnt_lits(s);
  for (size_t i = 0; i < found; i++)
    lits[i] = learnt[i];
  return found;
}

/* Replaces C (at ref) by its part vivify.lits[0..m-1], which holds no
 * literal false at level 0 (they were dropped) and none true (C was not
 * satisfied there).  A unit is assigned at level 0.  Returns 0,
 * DPLL_ENOMEM, or DPLL_UNSAT if propagating a unit gives a conflict. */
static int replace(dpll_solver *s, cref ref, size_t m) {
  const unsigned *lits = s->vivify.lits;
  assert(m >= 1);
  int rc = dpll__clause_reserve(s, lits, m, true);
  if (rc)
    return rc;
  clause *c = dpll__clause(s, ref);
  bool learned = c->flags & CLAUSE_LEARNED;
  uint32_t lbd = learned ? clause_lbd(c) : 1;
  cref fresh = dpll__clause_new(s, lits, m, true, lbd < m ? lbd : (uint32_t)m);
  /* It stands for C, and ranks as C did at the next reduction. */
  c = dpll__clause(s, ref);
  dpll__clause(s, fresh)->flags |=
      CLAUSE_VIVIFIED | (c->flags & (CLAUSE_OLD | CLAUSE_USED));
  s->stats.vivified++;
  s->stats.vivified_lits += c->size - m;
  if (learned)
    c->flags |= CLAUSE_REPLACED;
  else
    dpll__clause_set_aside(s, ref);
  if (m > 1)
    return 0;
  assert(dpll__value(s, lits[0]) == 0);
  dpll__assign(s, lits[0], fresh);
  cref conflict = dpll__propagate(s);
  if (conflict == CREF_OOM)
    return DPLL_ENOMEM;
  if (conflict != CREF_NONE) {
    dpll__clause_empty(s);
    return DPLL_UNSAT;
  }
  return 0;
}

/* Tests the clause at ref if it is a candidate, and replaces it by the
 * shorter clause found.  0, DPLL_ENOMEM or DPLL_UNSAT. */
static int vivify_one(dpll_solver *s, cref ref) {
  clause *c = dpll__clause(s, ref);
  if (!candidate(s, c))
    return 0;
  c->flags |= CLAUSE_VIVIFIED;
  bool oom = false;
  size_t m = test(s, ref, &oom);
  if (oom)
    return DPLL_ENOMEM;
  return m > 0 ? replace(s, ref, m) : 0;
}

/* vivify
 *
 * Pre:  level 0, propagation at its fixpoint without conflict.
 * Post: some clauses are replaced by shorter ones that follow from the
 *       clauses (see the top of the file: the caller's are put aside);
 *       level 0, at a fixpoint.
 *       Returns 0, DPLL_UNSAT (the empty clause is derived) or
 *       DPLL_ENOMEM (the clauses mean what they meant; the round stops).
 */
int dpll__vivify(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  uint64_t budget = (dpll__ticks(s) - s->vivify.ticks) * VIVIFY_EFFORT / 100;
  uint64_t start = dpll__ticks(s);
  int rc = 0;
  for (size_t i = dpll__num_learnts(s); i-- > 0 && !rc;) {
    if (dpll__ticks(s) - start >= budget)
      break;
    rc = vivify_one(s, dpll__learnt_ref(s, i));
  }
  /* The caller's clauses (option vivify_all), for as much work again. */
  start = dpll__ticks(s);
  size_t n = s->opt[OPT_vivify_all] ? dpll__num_clauses(s) : 0;
  for (size_t tried = 0; tried < n && !rc; tried++) {
    if (dpll__ticks(s) - start >= budget)
      break;
    if (s->vivify.cursor >= n)
      s->vivify.cursor = 0;
    rc = vivify_one(s, dpll__clause_ref(s, s->vivify.cursor++));
  }
  dpll__reduce_replaced(s);
  s->vivify.ticks = dpll__ticks(s);
  s->vivify.next = s->stats.conflicts + VIVIFY_GAP;
  return rc;
}
