/* lucky.c - before the conflict-driven search, a few assignments that
 * cost one descent each and settle some formulas outright: every
 * variable false, then every variable true, each deciding the variables in
 * index order and then backwards, with unit propagation after each
 * decision.  The first descent to assign every variable without a conflict
 * is a model.  Encodings often have such a model: the all-interval series
 * are satisfied by deciding "false" in index order, which MiniSat's first
 * descent happens to do and ours, in activity order, does not
 * (docs/performance.md).
 *
 * The descents propagate through the pure part's occurrence lists
 * (purecount.c) with counts of their own, of the false and the true
 * literals of each clause, so that a descent that fails leaves the solver
 * exactly as it was (the search's propagation would reorder watches and
 * clause literals, and the heap, and with them the search that follows).  Only
 * a descent that succeeds is replayed on the trail, as decisions (traced and
 * counted); unit propagation reaches the same fixpoint in any order, so the
 * replay meets no conflict either.
 *
 * Tried once per solve, at level 0 before the first decision, not under
 * assumptions, not while learned clauses are kept from earlier solves (an
 * enumeration would pay for the descents at every model), and only with
 * the option "lucky" on. */
#include "lucky.h"
#include "assume.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "propagate.h"
#include "purecount.h"

#include <stdlib.h>
#include <string.h>

/* The copy: per clause its false and true literals under val, the value
 * of each variable (1, -1, 0), and a queue of literals set.  The clauses
 * of each literal are the pure part's occurrence lists (purecount.c). */
typedef struct lucky_copy {
  uint32_t *falses, *trues;
  signed char *val;
  unsigned *queue;
  size_t queued;
} lucky_copy;

static void copy_free(lucky_copy *c) {
  DPLL_FREE_ALL(c->falses, c->trues, c->val, c->queue);
}

static int copy_alloc(dpll_solver *s, lucky_copy *c) {
  size_t m = dpll__num_clauses(s);
  if (dpll__pure_prepare(s) || DPLL_RESIZE(c->falses, m + 1) ||
      DPLL_RESIZE(c->trues, m + 1) ||
      DPLL_RESIZE(c->val, (size_t)s->num_vars + 1) ||
      DPLL_RESIZE(c->queue, (size_t)s->num_vars + 1))
    return DPLL_ENOMEM;
  return 0;
}

/* A literal of clause i that is not false under c's values (it may be
 * true, set but not yet counted), or 0 if none is. */
static unsigned not_false(const dpll_solver *s, const lucky_copy *c,
                          uint32_t i) {
  const clause *cl = dpll__clause(s, dpll__clause_ref(s, i));
  for (uint32_t k = 0; k < cl->size; k++) {
    unsigned lit = cl->lits[k];
    int v = c->val[lit_var(lit)];
    if (v == 0 || (v > 0) != lit_negative(lit))
      return lit;
  }
  return 0;
}

static void enqueue(lucky_copy *c, unsigned lit) {
  c->val[lit_var(lit)] = lit_negative(lit) ? -1 : 1;
  c->queue[c->queued++] = lit;
}

/* Sets lit (free) true and propagates; false at a conflict.  A literal
 * gets its value when queued and is counted in its clauses when taken
 * from the queue. */
static bool set_and_propagate(const dpll_solver *s, lucky_copy *c,
                              unsigned lit) {
  size_t head = c->queued;
  enqueue(c, lit);
  while (head < c->queued) {
    unsigned l = c->queue[head++];
    size_t n;
    const uint32_t *occ = dpll__pure_occ(s, l, &n);
    for (size_t k = 0; k < n; k++)
      c->trues[occ[k]]++;
    occ = dpll__pure_occ(s, lit_not(l), &n);
    for (size_t k = 0; k < n; k++) {
      uint32_t i = occ[k];
      uint32_t size = dpll__clause(s, dpll__clause_ref(s, i))->size;
      if (c->trues[i] > 0 || ++c->falses[i] < size - 1)
        continue;
      if (c->falses[i] == size)
        return false;
      unsigned unit = not_false(s, c, i);
      if (unit && c->val[lit_var(unit)] == 0)
        enqueue(c, unit);
    }
  }
  return true;
}

/* The values of level 0 and the counts they give; false if they falsify
 * a clause (the search's propagation finds that too). */
static bool copy_reset(const dpll_solver *s, lucky_copy *c) {
  size_t m = dpll__num_clauses(s);
  memset(c->falses, 0, m * sizeof *c->falses);
  memset(c->trues, 0, m * sizeof *c->trues);
  memset(c->val, 0, ((size_t)s->num_vars + 1) * sizeof *c->val);
  c->queued = 0;
  for (size_t t = 0; t < dpll__trail_size(s); t++) {
    unsigned lit = dpll__trail_at(s, t);
    if (c->val[lit_var(lit)] == 0 && !set_and_propagate(s, c, lit))
      return false;
  }
  return true;
}

/* One descent on the copy: each free variable, in the order given by
 * backwards, set to value, then propagated.  True if it assigns every
 * variable without a conflict. */
static bool descend(const dpll_solver *s, lucky_copy *c, bool value,
                    bool backwards) {
  if (!copy_reset(s, c))
    return false;
  for (int i = 1; i <= s->num_vars; i++) {
    int v = backwards ? s->num_vars + 1 - i : i;
    if (c->val[v] == 0 &&
        !set_and_propagate(s, c, value ? lit_pos(v) : lit_neg(v)))
      return false;
  }
  return true;
}

/* The descent's decisions again, on the trail, within the decision limit
 * (counted from decisions0): DPLL_SAT with every variable assigned, 0
 * back at level 0 if the limit stops it, or DPLL_ENOMEM. */
static int replay(dpll_solver *s, bool value, bool backwards,
                  uint64_t decisions0) {
  for (int i = 1; i <= s->num_vars; i++) {
    int v = backwards ? s->num_vars + 1 - i : i;
    unsigned lit = value ? lit_pos(v) : lit_neg(v);
    if (dpll__value(s, lit) != 0)
      continue;
    if (dpll__over_limit(s->opt[OPT_decision_limit], s->stats.decisions,
                         decisions0)) {
      dpll__backtrack_to(s, 0);
      return 0;
    }
    s->stats.decisions++;
    dpll__new_level(s, false);
    dpll__assign(s, lit, CREF_NONE);
    cref conflict = dpll__propagate(s);
    if (conflict == CREF_OOM)
      return DPLL_ENOMEM;
    assert(conflict == CREF_NONE); /* the copy met none */
  }
  s->stats.lucky++;
  return DPLL_SAT;
}

/* Pre:  level 0 at a fixpoint of propagation, no conflict, no assumption.
 * Post: DPLL_SAT with every variable assigned (a model: propagation met no
 *       conflict, so no clause is false, and none is left unassigned), or
 *       0 with the solver as before, or DPLL_ENOMEM. */
int dpll__lucky(dpll_solver *s, uint64_t decisions0) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  assert(!dpll__conflict_pending(s) && !dpll__assuming(s));
  lucky_copy c = {0};
  int rc = copy_alloc(s, &c);
  for (int k = 0; k < 4 && !rc; k++)
    if (descend(s, &c, k >= 2, k % 2 == 1)) {
      rc = replay(s, k >= 2, k % 2 == 1, decisions0);
      break; /* a model, or the decision limit */
    }
  copy_free(&c);
  dpll__pure_invalidate(s); /* as cdcl.c's root_pure: not kept up to date */
  return rc;
}
