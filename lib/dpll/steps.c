/* steps.c - the classic search's steps, one call each, for callers who
 * drive and watch the search themselves (docs/api.md); and the splitting
 * order they and dpll_solve follow. */
#include "branch.h"
#include "check.h"
#include "classic.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "propagate.h"
#include "pure.h"
#include "vars.h"

int dpll_propagate(dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  dpll__touch(s);
  dpll__store_shape(s); /* for "auto" (dpll__engine) */
  if (dpll__conflict_pending(s))
    return DPLL_CONFLICT;
  if (dpll__unsat(s)) {
    /* The clauses are unsatisfiable without a false clause to show (the
     * empty clause is not stored); report it as a conflict at level 0. */
    dpll__backtrack_to(s, 0);
    dpll__note_conflict(s, CREF_NONE);
    return DPLL_CONFLICT;
  }
  cref conflict = dpll__propagate(s);
  if (conflict == CREF_OOM)
    return DPLL_ENOMEM;
  if (conflict == CREF_NONE) {
    DPLL_CHECK(s);
    return 0;
  }
  if (dpll__decision_level(s) == 0)
    dpll__clause_empty(s);
  dpll__note_conflict(s, conflict);
  return DPLL_CONFLICT;
}

int dpll_eliminate_pure(dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  dpll__touch(s);
  if (dpll__conflict_pending(s))
    return 0;
  return dpll__eliminate_pure(s);
}

int dpll_choose(dpll_solver *s) {
  if (!s)
    return 0;
  dpll__store_shape(s);
  return lit_to_ext(dpll__choose(s));
}

int dpll_decide(dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  unsigned l = lit_from_ext(lit);
  if ((int)lit_var(l) > s->num_vars)
    return DPLL_ENOVAR;
  if (dpll__conflict_pending(s))
    return DPLL_ECONFLICT;
  if (!dpll__at_fixpoint(s))
    return DPLL_EPENDING;
  if (dpll__value(s, l) != 0)
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
  int rc = dpll__backtrack_chrono(s);
  dpll__touch(s); /* UNSAT if no branch was left after a conflict */
  DPLL_CHECK(s);
  return rc;
}

int dpll_backtrack_to(dpll_solver *s, int level) {
  if (!s)
    return DPLL_EINVAL;
  if (level < 0 || level > dpll__decision_level(s))
    return DPLL_ELEVEL;
  dpll__touch(s);
  dpll__backtrack_to(s, level);
  DPLL_CHECK(s);
  return 0;
}

int dpll_level(const dpll_solver *s) { return s ? dpll__decision_level(s) : 0; }

int dpll_value(const dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  unsigned l = lit_from_ext(lit);
  if ((int)lit_var(l) > s->num_vars || dpll__value(s, l) == 0)
    return DPLL_UNASSIGNED;
  return dpll__value(s, l) > 0;
}

/* ---- Splitting order ----------------------------------------------------- */

static int set_class(dpll_solver *s, int var, int may_decide, int priority) {
  if (var <= 0 || var > DPLL_MAX_VAR)
    return DPLL_ERANGE;
  int rc = dpll__ensure_vars(s, var);
  if (!rc)
    dpll__set_class(s, var, may_decide, priority);
  return rc;
}

int dpll_set_priority(dpll_solver *s, int var, int priority) {
  return s ? set_class(s, var, -1, priority) : DPLL_EINVAL;
}

int dpll_set_decision(dpll_solver *s, int var, int allowed) {
  return s ? set_class(s, var, allowed != 0, 0) : DPLL_EINVAL;
}
