/* probe.c - failed-literal probing at level 0, between searches (option
 * "probe"; Freeman's failed literals, as scheduled in Lynce and
 * Marques-Silva, "Probing-based preprocessing techniques for propositional
 * satisfiability", ICTAI 2003, and run as inprocessing at restarts as in
 * Biere's solvers).
 *
 * A literal l is probed by deciding it at level 1 and propagating.  If
 * that gives a conflict, no model makes l true: the unit clause ¬l follows
 * from the clauses (propagating its negation, l, gives the conflict, so it
 * is RUP and a DRAT proof takes it as it is).  It is stored as a learned
 * clause of one literal, assigned at level 0 and propagated there, which
 * may in turn refute the formula.
 *
 * Which literals: the roots of the binary implication graph, those that
 * imply something through a binary clause (¬l is in one) and that no
 * binary clause implies (l is in none).  When a literal that a root
 * implies fails, the root fails too (its propagation holds the other's),
 * so probing the roots finds those failures; a literal of no binary
 * clause rarely fails.
 * The watch lists say which literals are roots: a binary clause is watched
 * on both its literals, with the other as blocker.  Clauses put aside by
 * elimination (blocker LIT_TRUE) do not count.
 *
 * Pure literals set at level 0 do not spoil this, though the clauses do
 * not imply them: a pure literal's negation is in no clause, so its value
 * only satisfies clauses, and a clause satisfied neither propagates nor
 * conflicts.  The clauses that a probe's propagation used hold neither the
 * pure literal nor its negation, and propagate the same way without it:
 * the unit follows from the clauses alone (and is RUP without the pure
 * units).  Learned clauses, resolvents of the clauses, cannot hold the
 * negation either.
 *
 * Rounds run at restarts (cdcl.c), when the search has made PROBE_GAP
 * conflicts since the last one, not while a trace is set (its steps are
 * the search's).  A round goes on from where the last one stopped, over the
 * literals in index order, until it has spent PROBE_EFFORT percent of the
 * propagation work the search did since the last round, or has probed every
 * literal once.  Probing changes neither the saved phases nor the activities.
 * Nothing is eliminated or substituted, so assumptions, frozen variables
 * and later solves see the same formula: only its consequences are
 * added. */
#include "probe.h"
#include "clausedb.h"
#include "internal.h"
#include "propagate.h"
#include "trace.h"
#include "watches.h"

#define PROBE_GAP 2000
#ifndef PROBE_EFFORT
#define PROBE_EFFORT 10 /* percent of the search's propagation work */
#endif

/* The schedule runs on across solves, as vivify.c's does. */
void dpll__probe_init(dpll_solver *s) {
  if (s->probe.next == 0) {
    s->probe.next = s->stats.conflicts + PROBE_GAP;
    s->probe.ticks = dpll__ticks(s);
  }
}

bool dpll__probe_due(const dpll_solver *s) {
  return s->opt[OPT_probe] && s->stats.conflicts >= s->probe.next &&
         dpll__decision_level(s) == 0 && !dpll__tracing(s);
}

/* Whether lit's list holds a binary clause in use. */
static bool in_binary(const dpll_solver *s, unsigned lit) {
  const watch_list *wl = dpll__watch_list(s, lit);
  for (uint32_t i = 0; i < wl->size; i++) {
    watch w = wl->items[i];
    if ((w.ref & WATCH_BINARY) && w.blocker != LIT_TRUE)
      return true;
  }
  return false;
}

/* Whether lit is unassigned and a root (see the top of the file). */
static bool root(const dpll_solver *s, unsigned lit) {
  return dpll__value(s, lit) == 0 && in_binary(s, lit_not(lit)) &&
         !in_binary(s, lit);
}

/* Probes lit from level 0 and comes back to it.  Returns CREF_NONE, a
 * conflict's clause (lit failed), or CREF_OOM. */
static cref try_literal(dpll_solver *s, unsigned lit) {
  s->stats.probes++;
  dpll__new_level(s, false);
  dpll__assign(s, lit, CREF_NONE);
  cref conflict = dpll__propagate(s);
  dpll__backtrack_probe(s, 0);
  return conflict;
}

/* lit failed: its negation becomes a unit clause of level 0, propagated.
 * Returns 0, DPLL_ENOMEM or DPLL_UNSAT. */
static int set_failed(dpll_solver *s, unsigned lit) {
  unsigned unit = lit_not(lit);
  int rc = dpll__clause_reserve(s, &unit, 1, true);
  if (rc)
    return rc;
  s->stats.failed_literals++;
  cref ref = dpll__clause_new(s, &unit, 1, true, 1);
  dpll__assign(s, unit, ref);
  cref conflict = dpll__propagate(s);
  if (conflict == CREF_OOM)
    return DPLL_ENOMEM;
  if (conflict != CREF_NONE) {
    dpll__clause_empty(s);
    return DPLL_UNSAT;
  }
  return 0;
}

/* probe
 *
 * Pre:  level 0, propagation at its fixpoint without conflict.
 * Post: some literals that fail their probe are false at level 0, each
 *       by a learned unit clause; level 0, at a fixpoint.  Returns 0,
 *       DPLL_UNSAT (the empty clause is derived) or DPLL_ENOMEM (the
 *       clauses mean what they meant; the round stops).
 */
int dpll__probe(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  uint64_t budget = (dpll__ticks(s) - s->probe.ticks) * PROBE_EFFORT / 100;
  uint64_t start = dpll__ticks(s);
  unsigned lits = 2 * (unsigned)s->num_vars + 2; /* 0 and 1 are no literals */
  if (s->probe.cursor < 2 || s->probe.cursor >= lits)
    s->probe.cursor = 2;
  int rc = 0;
  for (unsigned n = 2; n < lits && !rc; n++) {
    if (dpll__ticks(s) - start >= budget)
      break;
    unsigned lit = s->probe.cursor;
    s->probe.cursor = lit + 1 < lits ? lit + 1 : 2;
    if (!root(s, lit))
      continue;
    cref conflict = try_literal(s, lit);
    if (conflict == CREF_OOM)
      rc = DPLL_ENOMEM;
    else if (conflict != CREF_NONE)
      rc = set_failed(s, lit);
  }
  s->probe.ticks = dpll__ticks(s);
  s->probe.next = s->stats.conflicts + PROBE_GAP;
  return rc;
}
