/* cdcl.c - the conflict-driven engine's loop (the "cdcl" algorithm).
 *
 * The same trail, clause arena, unit propagation and splitting heap as the
 * classic engine; what differs is what happens at a conflict: instead of
 * trying the other branch of the latest decision, the solver derives a
 * clause that explains the conflict (analyze.c), jumps back to the level
 * where that clause asserts a literal, and keeps the clause.  Restarts
 * (restart.c) and the deletion of learned clauses (reduce.c) are further
 * checks in the loop.
 *
 * Before the first decision of a solve that keeps no learned clause, a
 * few lucky descents may settle it (lucky.c, option "lucky").
 *
 * Pure literals are eliminated once, at level 0 before the first decision:
 * deeper down, an assignment with no reason would leave conflict analysis
 * nothing to resolve with.  Not under assumptions: a pure literal could
 * be the negation of one.  Nor while learned clauses are kept from
 * earlier solves (pure.c says why).  Learned clauses follow from the
 * clauses (a pure literal's clauses are satisfied, so none takes part in
 * an analysis), so they stay for later solves.
 *
 * Then, once, the same way: bounded variable elimination (elim.c, option
 * "eliminate"), equivalent-literal substitution (subst.c, option
 * "substitute"), parity reasoning (xor.c, option "xor"; not while a proof
 * is written) and bounded variable addition (bva.c, option "factor"; not
 * with a proof nor under assumptions). */
#include "cdcl.h"
#include "analyze.h"
#include "assume.h"
#include "branch.h"
#include "bva.h"
#include "check.h"
#include "clausedb.h"
#include "elim.h"
#include "internal.h"
#include "lucky.h"
#include "phase.h"
#include "probe.h"
#include "proof.h"
#include "propagate.h"
#include "pure.h"
#include "purecount.h"
#include "reduce.h"
#include "restart.h"
#include "subst.h"
#include "subsume.h"
#include "trace.h"
#include "vivify.h"
#include "xor.h"

/* Eliminates the pure literals of level 0, then stops keeping the counts
 * up to date: the search would pay for them at every assignment. */
static int root_pure(dpll_solver *s) {
  int rc = dpll__eliminate_pure(s);
  dpll__pure_invalidate(s);
  return rc < 0 ? rc : 0;
}

void dpll__cdcl_conflict(dpll_solver *s, cref conflict) {
  s->stats.conflicts++;
  if (dpll__tracing(s))
    dpll__trace(s, DPLL_EVENT_CONFLICT, 0, conflict, false);
}

int dpll__cdcl_analyze(dpll_solver *s, cref conflict, uint32_t *lbd) {
  if (s->opt[OPT_target_phase])
    dpll__update_target(s);
  int level = dpll__analyze(s, conflict, lbd);
  dpll__restart_conflict(s, *lbd);
  return level;
}

/* A conflict above level 0: learn from it and jump back.  Returns 0 or
 * DPLL_ENOMEM. */
static int learn_from(dpll_solver *s, cref conflict) {
  uint32_t lbd;
  int level = dpll__cdcl_analyze(s, conflict, &lbd);
  int rc = dpll__learn(s, level, lbd);
  if (!rc)
    s->stats.backtracks++;
  return rc;
}

/* After a restart, in a portfolio: the clauses the other searches
 * learned (portfolio.c).  Returns 0, DPLL_UNSAT (one of them, with level
 * 0, is the empty clause) or DPLL_ENOMEM. */
static int import_shared(dpll_solver *s) {
  if (!s->import)
    return 0;
  int rc = s->import(s->import_ctx, s);
  return rc ? rc : dpll__unsat(s) ? DPLL_UNSAT : 0;
}

/* A restart, and what runs at level 0 after it: the clauses shared by
 * a portfolio (their units propagated: the rounds below start from a
 * fixpoint; a conflict stays on the queue for the loop to find again),
 * rephasing, vivification, probing, elimination, substitution (its units
 * propagated) and subsumption, each when due.  Returns 0,
 * DPLL_UNSAT or DPLL_ENOMEM. */
static int restart(dpll_solver *s) {
  dpll__restart(s, 0);
  int rc = import_shared(s);
  if (rc)
    return rc;
  cref conflict = dpll__propagate(s);
  if (conflict == CREF_OOM)
    return DPLL_ENOMEM;
  if (conflict != CREF_NONE)
    return 0;
  dpll__rephase_maybe(s);
  if (dpll__vivify_due(s) && (rc = dpll__vivify(s)) != 0)
    return rc;
  if (dpll__probe_due(s) && (rc = dpll__probe(s)) != 0)
    return rc;
  if (dpll__elim_due(s) && (rc = dpll__elim_inprocess(s)) != 0)
    return rc;
  if (dpll__subst_due(s)) {
    if ((rc = dpll__subst(s)) != 0)
      return rc;
    if ((conflict = dpll__propagate(s)) != CREF_NONE)
      return conflict == CREF_OOM ? DPLL_ENOMEM : 0;
  }
  if (dpll__subsume_due(s) && (rc = dpll__subsume(s)) != 0)
    return rc;
  return 0;
}

/* The steps run once at level 0 before the first decision of a solve
 * that keeps no learned clause and is not traced, in this order. */
enum { STEP_ELIM = 1, STEP_SUBST = 2, STEP_XOR = 4, STEP_BVA = 8 };

static unsigned steps_due(const dpll_solver *s) {
  if (dpll__num_learnts(s) > 0 || dpll__tracing(s))
    return 0;
  unsigned due = 0;
  if (s->opt[OPT_eliminate] && !dpll__assuming(s))
    due |= STEP_ELIM;
  if (s->opt[OPT_substitute] && !dpll__assuming(s))
    due |= STEP_SUBST;
  if (s->opt[OPT_xor] != DPLL_XOR_NONE && !dpll__proving(s))
    due |= STEP_XOR;
  if (s->opt[OPT_factor] && !dpll__assuming(s) && !dpll__proving(s))
    due |= STEP_BVA;
  return due;
}

/* The next step due of those (taken off *due): bounded variable
 * elimination, substitution, parity reasoning, then variable addition.  Returns
 * SIMPLIFIED (the loop goes on: propagation first), or the search's end:
 * DPLL_UNKNOWN (stopped), DPLL_UNSAT or DPLL_ENOMEM. */
#define SIMPLIFIED 1
static int simplify(dpll_solver *s, unsigned *due) {
  int rc;
  if (*due & STEP_ELIM) {
    *due &= ~(unsigned)STEP_ELIM;
    rc = dpll__elim(s);
    return rc == ELIM_STOPPED ? DPLL_UNKNOWN : rc ? rc : SIMPLIFIED;
  }
  if (*due & STEP_SUBST) {
    *due &= ~(unsigned)STEP_SUBST;
    rc = dpll__subst(s);
    return rc ? rc : SIMPLIFIED;
  }
  if (*due & STEP_XOR) {
    *due &= ~(unsigned)STEP_XOR;
    rc = dpll__xor(s);
    return rc ? rc : dpll__unsat(s) ? DPLL_UNSAT : SIMPLIFIED;
  }
  *due = 0;
  rc = dpll__bva(s);
  return rc ? rc : SIMPLIFIED;
}

/* cdcl
 *
 * Pre:  level 0, no pending conflict, the clauses not known unsatisfiable;
 *       any learned clauses follow from them.
 * Post: as dpll__search: DPLL_SAT with every variable assigned and every
 *       clause satisfied, DPLL_UNSAT (a conflict at level 0: the empty
 *       clause), DPLL_UNKNOWN or DPLL_ENOMEM.  Learned clauses remain until
 *       dpll__drop_learnts.
 */
int dpll__cdcl(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && !dpll__unsat(s));
  uint64_t decisions0 = s->stats.decisions, conflicts0 = s->stats.conflicts;
  bool root_pure_done = false;
  bool lucky_done =
      !s->opt[OPT_lucky] || dpll__assuming(s) || dpll__num_learnts(s) > 0;
  unsigned due = steps_due(s);
  dpll__restart_init(s);
  dpll__rephase_init(s);
  dpll__reduce_init(s);
  dpll__vivify_init(s);
  dpll__probe_init(s);
  dpll__subsume_init(s);
  dpll__subst_init(s);
  dpll__elim_init(s);
  for (;;) {
    cref conflict = dpll__propagate(s);
    if (conflict == CREF_OOM)
      return DPLL_ENOMEM;
    if (conflict != CREF_NONE) {
      dpll__cdcl_conflict(s, conflict);
      if (dpll__decision_level(s) == 0) {
        dpll__clause_empty(s);
        return DPLL_UNSAT;
      }
      int rc = learn_from(s, conflict);
      if (rc)
        return rc;
      if (dpll__stop_at_conflict(s, conflicts0))
        return DPLL_UNKNOWN;
      continue;
    }
    DPLL_CHECK(s);
    if (dpll__restart_due(s)) {
      int rc = restart(s);
      if (rc)
        return rc;
      continue;
    }
    if (dpll__reduce_due(s)) {
      int rc = dpll__reduce(s);
      if (rc)
        return rc;
    }
    if (dpll__terminated(s))
      return DPLL_UNKNOWN;
    if (s->opt[OPT_pure] && !root_pure_done && dpll__decision_level(s) == 0 &&
        !dpll__assuming(s)) {
      root_pure_done = true;
      int rc = root_pure(s);
      if (rc)
        return rc;
      continue;
    }
    if (!lucky_done && dpll__decision_level(s) == 0) {
      lucky_done = true;
      int rc = dpll__lucky(s, decisions0);
      if (rc)
        return rc;
    }
    if (due && dpll__decision_level(s) == 0) {
      int rc = simplify(s, &due);
      if (rc != SIMPLIFIED)
        return rc;
      continue;
    }
    int result;
    if (!dpll__decide_next(s, decisions0, &result))
      return result;
  }
}
