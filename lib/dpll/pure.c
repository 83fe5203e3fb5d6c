/* pure.c - pure-literal elimination, from the counts of purecount.c. */
#include "pure.h"
#include "clausedb.h"
#include "internal.h"
#include "propagate.h"
#include "purecount.h"

/* Assigns every pure literal at the current level, candidates first to
 * last; each assignment may make more candidates, which the same loop
 * takes.  A variable in no unsatisfied clause is set false.
 *
 * Setting a pure literal true keeps a satisfiable formula satisfiable (any
 * model can be changed to make it true without falsifying a clause that is
 * still unsatisfied), and it falsifies no literal of such a clause, so it
 * never causes a conflict or a unit.  That is why the search may treat these
 * assignments like forced ones: it never tries the other value. */
int dpll__eliminate_pure(dpll_solver *s) {
  /* The counts cover the added clauses only.  Learned clauses (kept from
   * earlier cdcl solves) may hold the negation of a literal pure there:
   * setting it would leave their watches stale, and at level 0, where a
   * pure literal is taken back before the next solve (drop_root_pure),
   * what they implied from it would stay, and so would clauses learned
   * from that.  So while there are learned clauses, no pure literals. */
  if (dpll__num_learnts(s) > 0)
    return 0;
  if (dpll__pure_prepare(s))
    return DPLL_ENOMEM;
  /* At a propagation fixpoint the new literals need no propagation: every
   * clause holding the negation of one is satisfied by a literal assigned
   * no later than it, so its watches stay valid until both are undone. */
  bool at_fixpoint = dpll__at_fixpoint(s);
  int assigned = 0, v;
  while ((v = dpll__pure_next(s)) != 0) {
    unsigned pos = lit_pos(v), neg = lit_neg(v);
    if (dpll__value(s, pos) != 0)
      continue;
    if (dpll__pure_unsat(s, neg) == 0)
      dpll__assign(s, dpll__pure_unsat(s, pos) == 0 ? neg : pos, CREF_PURE);
    else if (dpll__pure_unsat(s, pos) == 0)
      dpll__assign(s, neg, CREF_PURE);
    else
      continue;
    assigned++;
  }
  if (at_fixpoint)
    dpll__skip_queue(s);
  return assigned;
}
