/* lookahead.c - the classic engine's lookahead (option "lookahead").
 *
 * Before each split, the free variables that occur in a clause not yet
 * satisfied are ranked by what their values would shorten directly (see
 * preselect), and the best of them are tried both ways.  A probe of a
 * literal assigns it on a level of its own, propagates, weighs what that
 * did and undoes it.
 *
 * A probe that ends in a conflict shows a failed literal: its negation
 * follows from the decisions above it, so it is set at once, at the
 * current level, with the reason CREF_PROBE, and propagated.  A proof gets
 * the lemma "the decisions imply it", which unit propagation checks (the
 * probe's own propagation is the check; pure literals take no part in a
 * conflict, see classic.c).  The round goes on under what the failed
 * literal implied; if that propagation meets a conflict, the round ends
 * and the search backtracks.
 *
 * The split is on the probed variable whose two probes shorten the most
 * clauses (weights of variables probed before a failed literal are used
 * as they stand), after Li and Anbulagan's Satz
 * (IJCAI 1997).  A probe's weight w counts the clauses, not satisfied,
 * that it shortened: 1 for each left with two free literals (a new binary
 * clause), a fifth of that for each free literal more.  A variable scores
 * 1024 w(x) w(-x) + w(x) + w(-x), which favours one whose two values both
 * shorten much: both subtrees shrink.  The value whose probe shortened
 * less goes first: it is the more likely to leave the clauses satisfiable.
 *
 * The clauses of a literal come from purecount.c's index (the added
 * clauses; learned ones kept from a cdcl solve are not weighed).  Probes
 * are not traced, and they leave the saved phases alone. */
#include "lookahead.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "memory.h"
#include "proof.h"
#include "propagate.h"
#include "purecount.h"
#include "trace.h"

#include <stdlib.h>

int dpll__look_grow(dpll_solver *s, int cap) {
  look_part *lk = &s->look;
  lk->valid = false;
  int rc = DPLL_RESIZE(lk->weight, 2 * ((size_t)cap + 1));
  if (!rc)
    rc = DPLL_RESIZE(lk->cand, (size_t)cap + 1);
  return rc;
}

void dpll__look_free(dpll_solver *s) {
  free(s->look.weight);
  free(s->look.cand);
}

/* A variable's score from the weights of its two literals. */
#define SCORE(p, n) (1024 * (p) * (n) + (p) + (n))

/* The share of the candidates probed, in percent, and the least number
 * (measured on random 3-SAT, n = 250: docs/performance.md). */
#define PROBE_SHARE 15
#define PROBE_MIN 10

/* A clause left with k free literals weighs REDUCED[k] (k >= 2). */
#define REDUCED_MAX 8
static const double REDUCED[REDUCED_MAX + 1] = {
    0, 0, 1, 0.2, 0.04, 0.008, 0.0016, 0.00032, 0.000064};

/* Adds to *w the clauses not satisfied that hold lit, each weighing scale
 * times REDUCED of its free literals. */
static void add_reduced(const dpll_solver *s, unsigned lit, double scale,
                        double *w) {
  size_t n;
  const uint32_t *occ = dpll__pure_occ(s, lit, &n);
  for (size_t k = 0; k < n; k++) {
    if (dpll__pure_satisfied(s, occ[k]))
      continue;
    const clause *c = dpll__clause(s, dpll__clause_ref(s, occ[k]));
    uint32_t free_lits = 0;
    for (uint32_t j = 0; j < c->size; j++)
      free_lits += dpll__value(s, c->lits[j]) == 0;
    *w += scale * REDUCED[free_lits < REDUCED_MAX ? free_lits : REDUCED_MAX];
  }
}

/* What the literals set from the trail's position start on shortened: the
 * clauses not satisfied that hold the negation of one, by their free
 * literals.  (A clause that lost two literals counts twice.) */
static double weigh(const dpll_solver *s, size_t start) {
  double w = 0;
  for (size_t i = start; i < dpll__trail_size(s); i++)
    add_reduced(s, lit_not(dpll__trail_at(s, i)), 1, &w);
  return w;
}

enum probe_result { PROBE_OK, PROBE_FAILED, PROBE_OOM };

/* Probes lit (free) and undoes it, untraced; its weight goes to
 * look.weight[lit]. */
static enum probe_result probe(dpll_solver *s, unsigned lit) {
  int level = dpll__decision_level(s);
  size_t start = dpll__trail_size(s);
  s->stats.probes++;
  dpll__trace_hold(s, true);
  dpll__new_level(s, false);
  dpll__assign(s, lit, CREF_NONE);
  cref conflict = dpll__propagate(s);
  if (conflict == CREF_NONE)
    s->look.weight[lit] = weigh(s, start);
  dpll__backtrack_probe(s, level);
  dpll__trace_hold(s, false);
  return conflict == CREF_NONE  ? PROBE_OK
         : conflict == CREF_OOM ? PROBE_OOM
                                : PROBE_FAILED;
}

/* lit failed its probe: its negation is set and propagated.  Returns
 * CREF_NONE, a conflict, or CREF_OOM. */
static cref set_failed(dpll_solver *s, unsigned lit) {
  s->stats.failed_literals++;
  if (dpll__proving(s))
    dpll__clause_probed(s, dpll__decision_level(s), lit_not(lit));
  dpll__assign(s, lit_not(lit), CREF_PROBE);
  return dpll__propagate(s);
}

/* The variable to split on among those probed (the highest class first,
 * then the highest score), and its value; 0 if none was probed. */
static unsigned choose(const dpll_solver *s) {
  const double *w = s->look.weight;
  int best = 0;
  double best_score = -1;
  for (int v = 1; v <= s->num_vars; v++) {
    unsigned pos = lit_pos(v), neg = lit_neg(v);
    if (dpll__value(s, pos) != 0 || w[pos] < 0)
      continue;
    double score = SCORE(w[pos], w[neg]);
    int c = best ? dpll__class_cmp(s, v, best) : 1;
    if (c > 0 || (c == 0 && score > best_score)) {
      best = v;
      best_score = score;
    }
  }
  if (!best)
    return 0;
  return w[lit_neg(best)] < w[lit_pos(best)] ? lit_neg(best) : lit_pos(best);
}

/* Before probing: what setting lit would shorten, from the clauses not
 * satisfied that hold its negation (a binary one, which becomes a unit,
 * weighs 5, a ternary one 1, each free literal more a fifth of that). */
static double pre_weight(const dpll_solver *s, unsigned lit) {
  double w = 0;
  add_reduced(s, lit_not(lit), 5, &w);
  return w;
}

static int by_score(const void *a, const void *b) {
  double x = ((const look_cand *)a)->score, y = ((const look_cand *)b)->score;
  return x > y ? -1 : x < y;
}

/* The variables to probe (into look.cand): the free ones of the highest
 * splitting class among the free variables (dpll.h: the split is on the
 * highest class present) that are in a clause not satisfied, best first by
 * their pre_weight scores, PROBE_SHARE percent of them but at least
 * PROBE_MIN.  Returns how many; with none, the caller splits by the heap,
 * which keeps to the classes too. */
static int preselect(dpll_solver *s) {
  look_part *lk = &s->look;
  int n = 0, top = 0;
  for (int v = 1; v <= s->num_vars; v++) {
    unsigned pos = lit_pos(v), neg = lit_neg(v);
    lk->weight[pos] = lk->weight[neg] = -1;
    if (dpll__value(s, pos) != 0)
      continue;
    int c = top ? dpll__class_cmp(s, v, top) : 1;
    if (c > 0) { /* a higher class: the list starts again */
      top = v;
      n = 0;
    }
    if (c >= 0 &&
        (dpll__pure_unsat(s, pos) != 0 || dpll__pure_unsat(s, neg) != 0))
      lk->cand[n++] = (look_cand){0, v};
  }
  for (int i = 0; i < n; i++) {
    int v = lk->cand[i].var;
    double p = pre_weight(s, lit_pos(v)), q = pre_weight(s, lit_neg(v));
    lk->cand[i].score = SCORE(p, q);
  }
  int k = (int)((int64_t)n * PROBE_SHARE / 100);
  if (k < PROBE_MIN)
    k = PROBE_MIN;
  if (k >= n)
    return n;
  qsort(lk->cand, (size_t)n, sizeof *lk->cand, by_score);
  return k;
}

/* One round of probes (see the top of the file); with set, failed
 * literals are set, else a failed probe only weighs 0.  Returns a LOOK_
 * outcome or DPLL_ENOMEM.  A round on a large formula may take long, so
 * the caller's terminate callback is asked every 32 variables. */
static int round_of_probes(dpll_solver *s, bool set) {
  look_part *lk = &s->look;
  if (dpll__pure_prepare(s))
    return DPLL_ENOMEM;
  int n = preselect(s);
  for (int i = 0; i < n; i++) {
    if (i % 32 == 31 && dpll__terminated(s))
      return LOOK_STOPPED;
    int v = lk->cand[i].var;
    unsigned pos = lit_pos(v), neg = lit_neg(v);
    if (dpll__value(s, pos) != 0)
      continue;
    for (int side = 0; side < 2; side++) {
      unsigned lit = side ? neg : pos;
      enum probe_result r = probe(s, lit);
      if (r == PROBE_OOM)
        return DPLL_ENOMEM;
      if (r == PROBE_OK)
        continue;
      lk->weight[lit] = 0;
      if (!set)
        continue;
      cref conflict = set_failed(s, lit);
      if (conflict == CREF_OOM)
        return DPLL_ENOMEM;
      if (conflict != CREF_NONE)
        return LOOK_CONFLICT; /* the search's propagation meets it again */
      lk->weight[pos] = lk->weight[neg] = -1;
      break;
    }
  }
  lk->best = choose(s);
  lk->trail_size = dpll__trail_size(s);
  lk->epoch = dpll__epoch(s);
  lk->valid = true;
  return LOOK_SPLIT;
}

int dpll__lookahead(dpll_solver *s) {
  assert(dpll__at_fixpoint(s) && !dpll__conflict_pending(s));
  return round_of_probes(s, true);
}

unsigned dpll__lookahead_best(dpll_solver *s) {
  look_part *lk = &s->look;
  if (!lk->valid || lk->trail_size != dpll__trail_size(s) ||
      lk->epoch != dpll__epoch(s)) {
    if (!dpll__at_fixpoint(s) || round_of_probes(s, false) != LOOK_SPLIT)
      return 0;
  }
  return lk->best;
}
