/* branch.c - splitting: the heuristics that pick the next decision literal
 * and the decision step itself.  "first" and "activity" take the best
 * variable of heap.c's heap; "jw" and "dlis" count the clauses the
 * assignment leaves unsatisfied (a scan, cached for one trail); "random"
 * draws from its own generator. */
#include "branch.h"
#include "assume.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "lookahead.h"
#include "memory.h"
#include "phase.h"
#include "propagate.h"
#include "restart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int dpll__scan_grow(dpll_solver *s, int cap) {
  size_t l = 2 * ((size_t)cap + 1);
  int rc = DPLL_RESIZE(s->scan.occ, l);
  if (!rc)
    rc = DPLL_RESIZE(s->scan.jw, l);
  return rc; /* filled by the next scan */
}

void dpll__scan_free(dpll_solver *s) {
  free(s->scan.occ);
  free(s->scan.jw);
}

void dpll__scan_invalidate(dpll_solver *s) { s->scan.valid = false; }

void dpll__seed(dpll_solver *s, int64_t seed) {
  /* Spread the seed over the state; xorshift needs a non-zero state. */
  s->scan.rng = ((uint64_t)seed + 1) * 0x9E3779B97F4A7C15ULL;
}

/* Counts, for every free literal, the clauses the assignment leaves
 * unsatisfied that contain it (occ) and their Jeroslow-Wang weight (jw:
 * 2^-k for a clause with k free literals).  One pass over all clauses;
 * cached until the trail changes. */
void dpll__scan_active(dpll_solver *s) {
  scan_part *sc = &s->scan;
  if (sc->valid && sc->trail_size == dpll__trail_size(s) &&
      sc->epoch == dpll__epoch(s))
    return;
  size_t lits = 2 * ((size_t)s->num_vars + 1);
  memset(sc->occ, 0, lits * sizeof *sc->occ);
  for (size_t l = 0; l < lits; l++)
    sc->jw[l] = 0;
  size_t active = 0;
  for (size_t i = 0; i < dpll__num_clauses(s); i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    int free_lits = 0;
    bool satisfied = false;
    for (uint32_t k = 0; k < c->size && !satisfied; k++) {
      int v = dpll__value(s, c->lits[k]);
      satisfied = v > 0;
      free_lits += v == 0;
    }
    if (satisfied)
      continue;
    active++;
    double w = ldexp(1.0, -free_lits);
    for (uint32_t k = 0; k < c->size; k++)
      if (dpll__value(s, c->lits[k]) == 0) {
        sc->occ[c->lits[k]]++;
        sc->jw[c->lits[k]] += w;
      }
  }
  sc->active = active;
  sc->trail_size = dpll__trail_size(s);
  sc->epoch = dpll__epoch(s);
  sc->valid = true;
}

/* Two-sided Jeroslow-Wang: the variable with the largest J(v) + J(-v),
 * on the side with the larger J. */
static unsigned choose_jw(dpll_solver *s) {
  const double *jw = s->scan.jw;
  int best = 0;
  double best_score = -1;
  for (int v = 1; v <= s->num_vars; v++) {
    if (dpll__value(s, lit_pos(v)) != 0)
      continue;
    double score = jw[lit_pos(v)] + jw[lit_neg(v)];
    int c = best ? dpll__class_cmp(s, v, best) : 1;
    if (c > 0 || (c == 0 && score > best_score)) {
      best = v;
      best_score = score;
    }
  }
  return jw[lit_pos(best)] >= jw[lit_neg(best)] ? lit_pos(best) : lit_neg(best);
}

/* Dynamic largest individual sum: the literal in most unsatisfied clauses. */
static unsigned choose_dlis(dpll_solver *s) {
  const uint32_t *occ = s->scan.occ;
  int best = 0;
  unsigned best_lit = 0;
  for (int v = 1; v <= s->num_vars; v++) {
    if (dpll__value(s, lit_pos(v)) != 0)
      continue;
    unsigned lit = occ[lit_neg(v)] > occ[lit_pos(v)] ? lit_neg(v) : lit_pos(v);
    int c = best ? dpll__class_cmp(s, v, best) : 1;
    if (c > 0 || (c == 0 && occ[lit] > occ[best_lit])) {
      best = v;
      best_lit = lit;
    }
  }
  return best_lit;
}

/* The random heuristic's numbers, seeded per solver. */
static uint64_t next_random(dpll_solver *s) {
  return random_next(&s->scan.rng);
}

/* A uniformly random unassigned variable of the highest class, random sign. */
static unsigned choose_random(dpll_solver *s) {
  int best = 0;
  uint64_t seen = 0;
  for (int v = 1; v <= s->num_vars; v++) {
    if (dpll__value(s, lit_pos(v)) != 0)
      continue;
    int c = best ? dpll__class_cmp(s, v, best) : 1;
    if (c > 0) {
      best = v;
      seen = 1;
    } else if (c == 0 && next_random(s) % ++seen == 0)
      best = v;
  }
  if (!best)
    return 0;
  return (next_random(s) >> 32) & 1 ? lit_neg(best) : lit_pos(best);
}

/* The heuristic in force: the option's, or the engine's own for "auto"
 * (in the focused mode of restarts "modes", vmtf). */
static int heuristic(const dpll_solver *s) {
  int h = (int)s->opt[OPT_heuristic];
  if (h == DPLL_HEURISTIC_AUTO && dpll__engine(s) == DPLL_ALGORITHM_DPLL)
    return DPLL_HEURISTIC_FIRST;
  if (h == DPLL_HEURISTIC_AUTO)
    h = dpll__focused(s) ? DPLL_HEURISTIC_VMTF : DPLL_HEURISTIC_ACTIVITY;
  /* The queue knows no classes: with any, activities rank within them. */
  if (h == DPLL_HEURISTIC_VMTF && dpll__classes_set(s))
    return DPLL_HEURISTIC_ACTIVITY;
  return h;
}

/* Whether decisions follow the target phases now (see phase.c). */
static bool use_target(const dpll_solver *s) {
  int64_t when = s->opt[OPT_target_phase];
  return dpll__engine(s) == DPLL_ALGORITHM_CDCL &&
         (when == 2 || (when == 1 && dpll__restarts_luby(s)));
}

/* Any free variable of the highest class, false first (the cheap order,
 * when nothing else is to be chosen by); 0 if none is free. */
static unsigned any_free(dpll_solver *s) {
  int v = dpll__heap_best(s, DPLL_HEURISTIC_FIRST);
  return v ? lit_neg(v) : 0;
}

unsigned dpll__choose(dpll_solver *s) {
  if (dpll__lookahead_on(s)) {
    /* The lookahead's split; with none (no free variable in a clause not
     * satisfied, or no memory for the probes) any free variable will do. */
    unsigned lit = dpll__lookahead_best(s);
    return lit ? lit : any_free(s);
  }
  int h = heuristic(s);
  if (h == DPLL_HEURISTIC_JW || h == DPLL_HEURISTIC_DLIS) {
    dpll__scan_active(s);
    /* With every clause satisfied any order will do; take the cheap one
     * so that many free variables do not cost a scan each. */
    if (s->scan.active > 0)
      return h == DPLL_HEURISTIC_JW ? choose_jw(s) : choose_dlis(s);
    return any_free(s);
  }
  if (h == DPLL_HEURISTIC_RANDOM)
    return choose_random(s);
  int v = dpll__heap_best(s, h);
  if (!v)
    return 0;
  if (h == DPLL_HEURISTIC_FIRST)
    return lit_pos(v);
  return dpll__phase_of(s, v, use_target(s)) > 0 ? lit_pos(v) : lit_neg(v);
}

/* The decision step both engines end their loop with. */
bool dpll__decide_next(dpll_solver *s, uint64_t decisions0, int *result) {
  if (dpll__assuming(s)) { /* the assumptions first */
    int step = dpll__assume_decide(s);
    if (step == ASSUME_DECIDED)
      return true;
    if (step == ASSUME_REFUTED) {
      *result = DPLL_UNSAT;
      return false;
    }
  }
  unsigned lit = dpll__choose(s);
  if (lit == 0) {
    *result = DPLL_SAT;
    return false;
  }
  if (dpll__over_limit(s->opt[OPT_decision_limit], s->stats.decisions,
                       decisions0)) {
    *result = DPLL_UNKNOWN;
    return false;
  }
  s->stats.decisions++;
  dpll__new_level(s, false);
  dpll__assign(s, lit, CREF_NONE);
  return true;
}
