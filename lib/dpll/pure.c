/* pure.c - pure-literal elimination. */
#include "internal.h"

/* Assigns every pure literal at the current level; repeats, since
 * satisfying clauses can make more literals pure.
 *
 * Setting a pure literal true keeps a satisfiable formula satisfiable (any
 * model can be changed to make it true without falsifying a clause that is
 * still unsatisfied), and it falsifies no literal of such a clause, so it
 * never causes a conflict or a unit.  That is why the search may treat these
 * assignments like forced ones: it never tries the other value. */
int dpll__eliminate_pure(dpll_solver *s) {
  /* At a propagation fixpoint the new literals need no propagation: every
   * clause holding the negation of one is satisfied by a literal assigned
   * no later than it, so its watches stay valid until both are undone. */
  bool at_fixpoint = s->qhead == s->trail_size;
  int assigned = 0;
  for (;;) {
    dpll__scan_active(s);
    int round = 0;
    for (int v = 1; v <= s->num_vars; v++) {
      unsigned pos = 2u * (unsigned)v, neg = pos + 1;
      if (s->vals[pos] != 0)
        continue;
      if (s->occ[neg] == 0)
        dpll__assign(s, s->occ[pos] == 0 ? neg : pos, CREF_PURE);
      else if (s->occ[pos] == 0)
        dpll__assign(s, neg, CREF_PURE);
      else
        continue;
      round++;
    }
    assigned += round;
    if (at_fixpoint)
      s->qhead = s->trail_size;
    /* A round that emptied the set of unsatisfied clauses leaves nothing
     * to find; otherwise look again only if something changed. */
    if (round == 0 || s->scan_active == 0)
      return assigned;
  }
}

int dpll_eliminate_pure(dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  dpll__touch(s);
  if (s->has_conflict)
    return 0;
  return dpll__eliminate_pure(s);
}
