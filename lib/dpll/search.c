/* search.c - the DPLL search: propagate, eliminate pure literals, split,
 * and backtrack chronologically; and the same steps for callers. */
#include "internal.h"

/* backtrack_chrono
 *
 * Pre:  any state (normally a conflict is pending).
 * Post: returns 0 after undoing the most recent decision whose second
 *       branch is untried and assigning its negation at the same level as
 *       that branch; returns 1 if every decision's second branch has been
 *       tried (the solver is then at level 0).  If a conflict was pending
 *       in that case, the clauses are unsatisfiable.
 */
int dpll__backtrack_chrono(dpll_solver *s) {
  bool conflict = s->has_conflict;
  int level = s->decision_level;
  while (level > 0 && s->flipped[level - 1])
    level--;
  if (level == 0) {
    dpll__backtrack_to(s, 0);
    if (conflict) {
      s->inconsistent = true;
      s->state = STATE_UNSAT;
    }
    return 1;
  }
  unsigned decision = s->trail[s->level_start[level - 1]];
  dpll__backtrack_to(s, level - 1);
  dpll__new_level(s, true);
  s->stats.backtracks++;
  dpll__assign(s, lit_not(decision), CREF_NONE);
  return 0;
}

/* Shared by dpll_solve and the step functions, so that both drive the
 * activity heuristic alike. */
static void note_conflict(dpll_solver *s, cref ref) {
  s->has_conflict = true;
  s->conflict = ref;
  s->stats.conflicts++;
  if (ref != CREF_NONE)
    dpll__bump_clause(s, ref);
  if (s->trace)
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
  uint64_t decisions0 = s->stats.decisions, conflicts0 = s->stats.conflicts;
  for (;;) {
    cref conflict = dpll__propagate(s);
    if (conflict == CREF_OOM)
      return DPLL_ENOMEM;
    if (conflict != CREF_NONE) {
      note_conflict(s, conflict);
      if (dpll__backtrack_chrono(s))
        return DPLL_UNSAT;
      if (dpll__over_limit(s->opt[OPT_conflict_limit], s->stats.conflicts,
                           conflicts0))
        return DPLL_UNKNOWN;
      continue;
    }
    if (s->terminate && s->terminate(s->terminate_ctx))
      return DPLL_UNKNOWN;
    if (s->opt[OPT_pure] && dpll__eliminate_pure(s) < 0)
      return DPLL_ENOMEM;
    int result;
    if (!dpll__decide_next(s, decisions0, &result))
      return result;
  }
}

/* ---- The steps, for callers ---------------------------------------------- */

int dpll_propagate(dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  dpll__touch(s);
  if (s->has_conflict)
    return DPLL_CONFLICT;
  if (s->inconsistent) {
    /* The clauses are unsatisfiable without a false clause to show (the
     * empty clause is not stored); report it as a conflict at level 0. */
    dpll__backtrack_to(s, 0);
    note_conflict(s, CREF_NONE);
    return DPLL_CONFLICT;
  }
  cref conflict = dpll__propagate(s);
  if (conflict == CREF_OOM)
    return DPLL_ENOMEM;
  if (conflict == CREF_NONE)
    return 0;
  note_conflict(s, conflict);
  return DPLL_CONFLICT;
}

int dpll_decide(dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  unsigned l = lit_from_ext(lit);
  if ((int)lit_var(l) > s->num_vars)
    return DPLL_ENOVAR;
  if (s->has_conflict)
    return DPLL_ECONFLICT;
  if (s->qhead < s->trail_size)
    return DPLL_EPENDING;
  if (s->vals[l] != 0)
    return DPLL_EASSIGNED;
  dpll__touch(s);
  s->stats.decisions++;
  dpll__new_level(s, false);
  dpll__assign(s, l, CREF_NONE);
  return 0;
}

int dpll_backtrack(dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  dpll__touch(s);
  return dpll__backtrack_chrono(s);
}

int dpll_backtrack_to(dpll_solver *s, int level) {
  if (!s)
    return DPLL_EINVAL;
  if (level < 0 || level > s->decision_level)
    return DPLL_ELEVEL;
  dpll__touch(s);
  dpll__backtrack_to(s, level);
  return 0;
}

int dpll_level(const dpll_solver *s) { return s ? s->decision_level : 0; }

int dpll_value(const dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  unsigned l = lit_from_ext(lit);
  if ((int)lit_var(l) > s->num_vars || s->vals[l] == 0)
    return DPLL_UNASSIGNED;
  return s->vals[l] > 0;
}
