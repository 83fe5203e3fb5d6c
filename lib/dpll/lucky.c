/* lucky.c - before the conflict-driven search, a few assignments that
 * cost one descent each and settle some formulas outright: every
 * variable false, then every variable true, each deciding the variables in
 * index order and then backwards, with unit propagation after each
 * decision.  The first descent to assign every variable without a conflict
 * is a model; a descent that meets a conflict is undone and nothing is
 * learned from it.  Encodings often have such a model: the constraints of
 * an all-interval series written with channelling clauses are satisfied by
 * deciding "false" in index order, which MiniSat's first descent happens
 * to do and ours, in activity order, does not (docs/performance.md).
 *
 * The descents are decisions like the search's (traced and counted as
 * such, within the decision limit), but they keep the saved phases as
 * they were.  They are tried once per solve, at level 0 before the first
 * decision, not under assumptions (a descent would have to decide them
 * first), not while learned clauses are kept from earlier solves (an
 * enumeration would pay for them at every model), and only with the option
 * "lucky" on (off by default: a failed descent moves watches and the
 * heap's order, which changes the search that follows, and the regress
 * gate flagged three files that got slower by that chance;
 * docs/performance.md). */
#include "internal.h"

/* One descent: each free variable, in the order given by backwards, set
 * to value (a decision), then propagated.  Returns DPLL_SAT with every
 * variable assigned, 0 after undoing a descent that met a conflict or the
 * decision limit (counted from decisions0), or DPLL_ENOMEM. */
static int descend(dpll_solver *s, bool value, bool backwards,
                   uint64_t decisions0) {
  for (int i = 1; i <= s->num_vars; i++) {
    int v = backwards ? s->num_vars + 1 - i : i;
    unsigned lit = value ? lit_pos(v) : lit_neg(v);
    if (dpll__value(s, lit) != 0)
      continue;
    if (dpll__over_limit(s->opt[OPT_decision_limit], s->stats.decisions,
                         decisions0)) {
      dpll__backtrack_probe(s, 0);
      return 0;
    }
    s->stats.decisions++;
    dpll__new_level(s, false);
    dpll__assign(s, lit, CREF_NONE);
    cref conflict = dpll__propagate(s);
    if (conflict == CREF_OOM) {
      dpll__backtrack_probe(s, 0);
      return DPLL_ENOMEM;
    }
    if (conflict != CREF_NONE) {
      dpll__backtrack_probe(s, 0);
      return 0;
    }
  }
  return DPLL_SAT;
}

/* Pre:  level 0 at a fixpoint of propagation, no conflict, no assumption.
 * Post: DPLL_SAT with every variable assigned (a model: propagation met no
 *       conflict, so no clause is false, and none is left unassigned), or
 *       0 at level 0 as before, or DPLL_ENOMEM. */
int dpll__lucky(dpll_solver *s, uint64_t decisions0) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  assert(!dpll__conflict_pending(s) && !dpll__assuming(s));
  for (int k = 0; k < 4; k++) {
    int rc = descend(s, k >= 2, k % 2 == 1, decisions0);
    if (rc == DPLL_SAT)
      s->stats.lucky++;
    if (rc)
      return rc;
  }
  return 0;
}
