/* classic.c - the classic DPLL search: propagate, eliminate pure literals,
 * split, and on a conflict try the other branch of the latest decision
 * (chronological backtracking).  Its steps are public (steps.c). */
#include "classic.h"
#include "assume.h"
#include "branch.h"
#include "check.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "lookahead.h"
#include "proof.h"
#include "propagate.h"
#include "pure.h"
#include "trace.h"

/* backtrack_chrono
 *
 * Pre:  any state (normally a conflict is pending).
 * Post: returns 0 after undoing the most recent decision whose second
 *       branch is untried and assigning its negation at the same level as
 *       that branch; returns 1 if every decision's second branch has been
 *       tried (the solver is then at level 0).  If a conflict was pending
 *       in that case, the clauses are unsatisfiable.  Returns 2 (at level
 *       0) if that decision is an assumption of dpll_solve, which is never
 *       flipped: the failed set is made.
 *
 * Proofs.  While dpll_solve writes one, each refuted subtree gets its
 * lemma: the clause of the negated decisions of the levels above it.  At a
 * conflict, that of every level: unit propagation from those decisions
 * alone finds the conflict again (pure literals never take part in one:
 * every clause with a pure literal's negation stays satisfied by a literal
 * set before it), so the lemma is RUP.  Then each level whose second
 * branch failed too is left, and with it the subtree of the levels above
 * it is refuted: its two branches' lemmas, with the decisions above,
 * propagate to a conflict, so the shorter lemma is RUP as well; for level
 * 1 it is the empty clause.  Only refuted branches are flipped, so every
 * lemma rests on lemmas written before it.
 */
int dpll__backtrack_chrono(dpll_solver *s) {
  bool conflict = dpll__conflict_pending(s);
  bool proving = conflict && dpll__proving(s);
  int level = dpll__decision_level(s);
  if (proving && level > 0)
    dpll__clause_refuted(s, level);
  while (level > 0 && dpll__level_flipped(s, level)) {
    level--;
    if (proving)
      dpll__clause_refuted(s, level);
  }
  if (level == 0) {
    dpll__backtrack_to(s, 0);
    if (conflict)
      dpll__clause_empty(s);
    return 1;
  }
  unsigned decision = dpll__trail_at(s, dpll__level_start(s, level));
  if (dpll__assumed(s, decision)) { /* every branch under assumptions */
    dpll__assume_refuted(s, level);
    dpll__backtrack_to(s, 0);
    return 2;
  }
  dpll__backtrack_to(s, level - 1);
  dpll__new_level(s, true);
  s->stats.backtracks++;
  dpll__assign(s, lit_not(decision), CREF_NONE);
  assert(dpll__decision_level(s) == level);
  return 0;
}

/* Shared by dpll__search and the step functions, so that both drive the
 * activity heuristic alike.  ref may be CREF_NONE: a formula already known
 * unsatisfiable has no false clause to show. */
void dpll__note_conflict(dpll_solver *s, cref ref) {
  dpll__set_conflict(s, ref);
  s->stats.conflicts++;
  if (ref != CREF_NONE)
    dpll__bump_clause(s, ref);
  if (dpll__tracing(s))
    dpll__trace(s, DPLL_EVENT_CONFLICT, 0, ref, false);
}

/* search
 *
 * Pre:  level 0, no pending conflict, the clauses not known unsatisfiable.
 * Post: DPLL_SAT with every variable assigned and every clause satisfied;
 *       DPLL_UNSAT when both branches of every decision failed; or
 *       DPLL_UNKNOWN / DPLL_ENOMEM with the search abandoned mid-way.
 * Each turn of the loop is a check and the action it calls for.
 */
int dpll__search(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && !dpll__unsat(s));
  uint64_t decisions0 = s->stats.decisions, conflicts0 = s->stats.conflicts;
  for (;;) {
    cref conflict = dpll__propagate(s);
    if (conflict == CREF_OOM)
      return DPLL_ENOMEM;
    if (conflict != CREF_NONE) {
      dpll__note_conflict(s, conflict);
      if (dpll__backtrack_chrono(s))
        return DPLL_UNSAT;
      if (dpll__stop_at_conflict(s, conflicts0))
        return DPLL_UNKNOWN;
      continue;
    }
    DPLL_CHECK(s);
    if (dpll__terminated(s))
      return DPLL_UNKNOWN;
    bool assuming = dpll__assuming(s) && dpll__assume_pending(s);
    if (s->opt[OPT_pure] && !assuming && dpll__eliminate_pure(s) < 0)
      return DPLL_ENOMEM;
    if (dpll__lookahead_on(s) && !assuming && dpll__at_fixpoint(s)) {
      int look = dpll__lookahead(s);
      if (look < 0)
        return DPLL_ENOMEM;
      if (look == LOOK_STOPPED)
        return DPLL_UNKNOWN;
      if (look == LOOK_CONFLICT)
        continue;
    }
    int result;
    if (!dpll__decide_next(s, decisions0, &result))
      return result;
  }
}
