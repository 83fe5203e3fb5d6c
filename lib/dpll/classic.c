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
#include "walk.h"

#include <stdlib.h>

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

/* Local search beside the lookahead (option "local_search"): a walk
 * (walk.c, ProbSAT) over the clauses with the values of level 0, from the
 * best assignment of the walk before, at the start and then whenever the
 * search has done twice the work it had done at the last walk, for a
 * LS_SHARE percent share of that work.  A walk that satisfies every clause
 * is replayed on the trail as decisions from level 0 (each with its
 * propagation, which the model's values satisfy), and the search ends. */
#define LS_FIRST_TICKS 1000000u
#define LS_SHARE 300 /* percent of the search's work since the last walk */
#define LS_FIRST_PER_VAR 20000u /* the first walk's work, per variable */

typedef struct local_search {
  signed char *phases; /* the best assignment so far; NULL: no walks */
  uint64_t start;      /* the work (propagation ticks) at the solve's start */
  uint64_t next;       /* the work at which to walk next */
  uint64_t last;       /* the work at the last walk; start before the first */
} local_search;

/* Walks if it is time: 1 if the walk found a model (now on the trail),
 * 0 if not, DPLL_ENOMEM. */
static int walk_maybe(dpll_solver *s, local_search *ls) {
  uint64_t ticks = dpll__ticks(s);
  if (!ls->phases || ticks < ls->next)
    return 0;
  bool first = ls->last == ls->start;
  uint64_t since = ticks - ls->last, budget = since * LS_SHARE / 100;
  if (first && budget < (uint64_t)s->num_vars * LS_FIRST_PER_VAR)
    budget = (uint64_t)s->num_vars * LS_FIRST_PER_VAR;
  long left = dpll__walk(s, ls->phases, budget * 10); /* (10 %: walk.c) */
  ls->last = dpll__ticks(s);
  uint64_t done = ls->last - ls->start; /* this solve's work so far */
  ls->next = ls->last + (done > LS_FIRST_TICKS ? done : LS_FIRST_TICKS);
  if (left != 0)
    return 0; /* (-1: no memory for this walk; the search goes on) */
  dpll__backtrack_to(s, 0);
  for (int v = 1; v <= s->num_vars; v++) {
    unsigned lit = ls->phases[v] > 0 ? lit_pos(v) : lit_neg(v);
    if (dpll__value(s, lit) != 0)
      continue;
    s->stats.decisions++;
    dpll__new_level(s, false);
    dpll__assign(s, lit, CREF_NONE);
    cref conflict = dpll__propagate(s);
    if (conflict == CREF_OOM)
      return DPLL_ENOMEM;
    assert(conflict == CREF_NONE); /* the model satisfies every clause */
    if (conflict != CREF_NONE) {   /* (a bug) the search starts again */
      dpll__backtrack_to(s, 0);
      return 0;
    }
  }
  return 1;
}

static int search(dpll_solver *s, local_search *ls);

int dpll__search(dpll_solver *s) {
  uint64_t now = dpll__ticks(s);
  local_search ls = {NULL, now, now, now};
  if (s->opt[OPT_local_search] && dpll__lookahead_on(s) && !dpll__assuming(s) &&
      !dpll__tracing(s))
    ls.phases = calloc((size_t)s->num_vars + 1, 1); /* none: no walks */
  int res = search(s, &ls);
  free(ls.phases);
  return res;
}

/* search
 *
 * Pre:  level 0, no pending conflict, the clauses not known unsatisfiable.
 * Post: DPLL_SAT with every variable assigned and every clause satisfied;
 *       DPLL_UNSAT when both branches of every decision failed; or
 *       DPLL_UNKNOWN / DPLL_ENOMEM with the search abandoned mid-way.
 * Each turn of the loop is a check and the action it calls for.
 */
static int search(dpll_solver *s, local_search *ls) {
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
      int found = walk_maybe(s, ls);
      if (found < 0)
        return found;
      if (found)
        continue; /* every variable assigned: the next turn says SAT */
    }
    int result;
    if (!dpll__decide_next(s, decisions0, &result))
      return result;
  }
}
