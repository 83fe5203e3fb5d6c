/* assume.c - assumptions: literals that hold for one dpll_solve only.
 *
 * Both engines decide the assumptions, in the order given, before any
 * other decision: while one is not yet true, every decision level holds
 * an assumption (a backjump that undoes an assumption undoes every level
 * above it).  An assumption found false when its turn comes, or (classic
 * engine) a search that would have to flip an assumption, ends the solve
 * with DPLL_UNSAT for this solve only, and the failed set: assumptions
 * that with the clauses alone are unsatisfiable.  The formula itself is
 * unsatisfiable only when the empty clause is derived, at level 0, which
 * no assumption reaches. */
#include "assume.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "phase.h"
#include "propagate.h"

#include <stdlib.h>

int dpll__assume_grow(dpll_solver *s, int cap) {
  assume_part *a = &s->assume;
  size_t lits = 2 * ((size_t)cap + 1), vars = (size_t)cap + 1;
  int rc = DPLL_RESIZE(a->mark, lits);
  if (!rc)
    rc = DPLL_RESIZE(a->seen, vars);
  if (rc)
    return rc;
  size_t old = s->var_cap < 0 ? 0 : (size_t)s->var_cap + 1;
  for (size_t i = 2 * old; i < lits; i++)
    a->mark[i] = 0;
  for (size_t i = old; i < vars; i++)
    a->seen[i] = 0;
  return 0;
}

void dpll__assume_free(dpll_solver *s) {
  assume_part *a = &s->assume;
  DPLL_FREE_ALL(a->lits, a->failed, a->mark, a->seen);
}

/* Adds lit (a literal of an existing variable) to the next solve's
 * assumptions.  0 or DPLL_ENOMEM. */
int dpll__assume_add(dpll_solver *s, unsigned lit) {
  assume_part *a = &s->assume;
  size_t max = SIZE_MAX / sizeof(unsigned);
  int rc = DPLL_GROW(a->failed, a->failed_cap, a->size + 1, max);
  if (!rc)
    rc = DPLL_GROW(a->lits, a->cap, a->size + 1, max);
  if (rc)
    return rc;
  a->lits[a->size++] = lit;
  return 0;
}

/* At the start of a solve: the assumptions are marked, the last failed
 * set is forgotten. */
void dpll__assume_begin(dpll_solver *s) {
  assume_part *a = &s->assume;
  for (size_t i = 0; i < a->failed_size; i++)
    a->mark[a->failed[i]] &= (unsigned char)~ASSUME_FAILED;
  a->failed_size = 0;
  for (size_t i = 0; i < a->size; i++)
    a->mark[a->lits[i]] |= ASSUME_ON;
}

/* At the end of a solve: the assumptions are spent, and their variables'
 * phases forgotten (see dpll__phase_forget); the failed set stays for
 * dpll_failed. */
void dpll__assume_end(dpll_solver *s) {
  assume_part *a = &s->assume;
  for (size_t i = 0; i < a->size; i++) {
    a->mark[a->lits[i]] &= (unsigned char)~ASSUME_ON;
    dpll__phase_forget(s, (int)lit_var(a->lits[i]));
  }
  a->size = 0;
}

static void fail(assume_part *a, unsigned lit) {
  if (a->mark[lit] & ASSUME_FAILED)
    return;
  assert(a->failed_size < a->failed_cap);
  a->mark[lit] |= ASSUME_FAILED;
  a->failed[a->failed_size++] = lit;
}

/* Assumption p is false: the failed set is p and the assumptions from
 * which the trail derived its negation (a final conflict analysis, over
 * the reasons back to the decisions, which are all assumptions here). */
static void analyze_final(dpll_solver *s, unsigned p) {
  assume_part *a = &s->assume;
  fail(a, p);
  unsigned pv = lit_var(p);
  if (dpll__level_of(s, pv) == 0)
    return; /* the clauses alone refute p */
  a->seen[pv] = 1;
  size_t start = dpll__level_start(s, 1);
  for (size_t i = dpll__trail_size(s); i-- > start;) {
    unsigned lit = dpll__trail_at(s, i), v = lit_var(lit);
    if (!a->seen[v])
      continue;
    a->seen[v] = 0;
    cref why = dpll__reason_of(s, v);
    if (why >= CREF_MAX) { /* a decision: an assumption (see the top) */
      assert(why == CREF_NONE && (a->mark[lit] & ASSUME_ON));
      fail(a, lit);
      continue;
    }
    const clause *c = dpll__clause(s, why);
    for (uint32_t k = 0; k < c->size; k++) {
      unsigned w = lit_var(c->lits[k]);
      if (w != v && dpll__level_of(s, w) > 0)
        a->seen[w] = 1;
    }
  }
}

/* The decision step's first part: decides the next assumption that is not
 * yet true (ASSUME_DECIDED), finds one false (ASSUME_REFUTED, the failed
 * set made), or finds them all true (ASSUME_NONE). */
int dpll__assume_decide(dpll_solver *s) {
  assume_part *a = &s->assume;
  for (size_t i = 0; i < a->size; i++) {
    unsigned lit = a->lits[i];
    int v = dpll__value(s, lit);
    if (v > 0)
      continue;
    if (v < 0) {
      analyze_final(s, lit);
      return ASSUME_REFUTED;
    }
    dpll__new_level(s, false);
    dpll__assign(s, lit, CREF_NONE);
    return ASSUME_DECIDED;
  }
  return ASSUME_NONE;
}

/* Whether model (per variable: 1 true, 0 false) makes every assumption
 * true: the self-check of a SAT answer. */
bool dpll__assumptions_hold(const dpll_solver *s, const unsigned char *model) {
  const assume_part *a = &s->assume;
  for (size_t i = 0; i < a->size; i++)
    if (model[lit_var(a->lits[i])] == lit_negative(a->lits[i]))
      return false;
  return true;
}

/* Whether some assumption is not yet true (then no pure literal may be
 * set: it could be the negation of one). */
bool dpll__assume_pending(const dpll_solver *s) {
  const assume_part *a = &s->assume;
  for (size_t i = 0; i < a->size; i++)
    if (dpll__value(s, a->lits[i]) <= 0)
      return true;
  return false;
}

/* The classic engine exhausted every branch below the decisions of levels
 * 1..level, all assumptions: those are the failed set. */
void dpll__assume_refuted(dpll_solver *s, int level) {
  assume_part *a = &s->assume;
  for (int l = 1; l <= level; l++) {
    unsigned lit = dpll__trail_at(s, dpll__level_start(s, l));
    assert(a->mark[lit] & ASSUME_ON);
    fail(a, lit);
  }
}
