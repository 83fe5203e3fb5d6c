/* walk.c - phases from local search, for rephasing (phase.c): starting
 * from the saved phases, a random walk over the clauses added flips one
 * variable at a time, and the assignment that left the fewest clauses
 * false becomes the new saved phases.  The walk is ProbSAT (Balint and
 * Schöning, "Choosing probability distributions for stochastic local
 * search and the role of make versus break", SAT 2012): take a false
 * clause at random and flip one of its variables, chosen with probability
 * in proportion to cb^-break, where break is the number of clauses the
 * flip would make false.  Using its result as phases follows Cai, Zhang,
 * Fleury and Biere, "Better decision heuristics in CDCL through local
 * search and target phases" (JAIR 2022).
 *
 * The walk runs over level 0 (called above it, it ignores the levels
 * above; the classic engine's local search, classic.c, does so):
 * variables assigned there keep their values,
 * clauses they satisfy are left out, and their false literals are
 * ignored.  Its work, in occurrences visited, is at most WALK_EFFORT
 * percent of the propagation work since the last walk (and at least
 * WALK_MIN_TICKS).  It allocates what it needs for one walk and frees it
 * after; when memory runs out it does not walk. */
#include "walk.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "trail.h"

#include <stdlib.h>

#define WALK_EFFORT 10
#define WALK_MIN_TICKS 200000u
#define WALK_BREAKS 64 /* cb^-break is taken as 0 beyond this */

/* One walk's state, all freed at its end. */
typedef struct walker {
  size_t m;             /* clauses taken */
  cref *refs;           /* their refs */
  uint32_t *true_count; /* per clause: its true literals */
  uint32_t *unsat;      /* the false clauses, in any order */
  uint32_t *unsat_pos;  /* per clause: its place in unsat */
  size_t unsat_size;
  size_t *occ_start; /* per literal + 1: where its clauses start */
  uint32_t *occ;     /* clause indices, grouped by literal */
  signed char *val;  /* per variable: 1 true, -1 false */
  double score[WALK_BREAKS + 1];
  double *prob; /* per literal of a clause: its weight */
  uint64_t ticks, rng;
} walker;

static void walker_free(walker *w) {
  DPLL_FREE_ALL(w->refs, w->true_count, w->unsat, w->unsat_pos, w->occ_start,
                w->occ, w->val, w->prob);
}

/* The walk's random numbers, seeded from the restart and walk counts
 * (cdcl walks after a restart of their own, the classic engine's walks
 * have no restarts) and the seed option. */
static uint64_t next_random(walker *w) { return random_next(&w->rng); }

/* A literal's value at level 0 (the walk ignores the levels above). */
static int root_value(const dpll_solver *s, unsigned lit) {
  int value = dpll__value(s, lit);
  return value && dpll__level_of(s, lit_var(lit)) == 0 ? value : 0;
}

static bool fixed(const dpll_solver *s, unsigned var) {
  return root_value(s, lit_pos((int)var)) != 0;
}

static bool lit_true(const walker *w, unsigned lit) {
  return w->val[lit_var(lit)] == (lit_negative(lit) ? -1 : 1);
}

/* The clauses added that level 0 does not satisfy, and the occurrences
 * of their free literals.  Returns 0 or DPLL_ENOMEM. */
static int collect(dpll_solver *s, walker *w) {
  size_t n = dpll__num_clauses(s), lits = 2 * ((size_t)s->num_vars + 1);
  w->refs = malloc((n + 1) * sizeof *w->refs);
  w->occ_start = calloc(lits + 1, sizeof *w->occ_start);
  if (!w->refs || !w->occ_start)
    return DPLL_ENOMEM;
  size_t total = 0, longest = 0;
  for (size_t i = 0; i < n; i++) {
    cref ref = dpll__clause_ref(s, i);
    const clause *c = dpll__clause(s, ref);
    bool satisfied = false;
    for (uint32_t k = 0; k < c->size && !satisfied; k++)
      satisfied = root_value(s, c->lits[k]) > 0;
    if (satisfied || c->size == 0)
      continue;
    for (uint32_t k = 0; k < c->size; k++)
      if (!fixed(s, lit_var(c->lits[k]))) {
        w->occ_start[c->lits[k] + 1]++;
        total++;
      }
    if (c->size > longest)
      longest = c->size;
    w->refs[w->m++] = ref;
  }
  for (size_t l = 0; l < lits; l++)
    w->occ_start[l + 1] += w->occ_start[l];
  w->occ = malloc((total + 1) * sizeof *w->occ);
  w->true_count = calloc(w->m + 1, sizeof *w->true_count);
  w->unsat = malloc((w->m + 1) * sizeof *w->unsat);
  w->unsat_pos = malloc((w->m + 1) * sizeof *w->unsat_pos);
  w->prob = malloc((longest + 1) * sizeof *w->prob);
  size_t *fill = malloc((lits + 1) * sizeof *fill);
  if (!w->occ || !w->true_count || !w->unsat || !w->unsat_pos || !w->prob ||
      !fill) {
    free(fill);
    return DPLL_ENOMEM;
  }
  for (size_t l = 0; l < lits; l++)
    fill[l] = w->occ_start[l];
  for (size_t i = 0; i < w->m; i++) {
    const clause *c = dpll__clause(s, w->refs[i]);
    for (uint32_t k = 0; k < c->size; k++)
      if (!fixed(s, lit_var(c->lits[k])))
        w->occ[fill[c->lits[k]]++] = (uint32_t)i;
  }
  free(fill);
  return 0;
}

static void make_unsat(walker *w, uint32_t i) {
  w->unsat_pos[i] = (uint32_t)w->unsat_size;
  w->unsat[w->unsat_size++] = i;
}

static void make_sat(walker *w, uint32_t i) {
  uint32_t last = w->unsat[--w->unsat_size];
  w->unsat[w->unsat_pos[i]] = last;
  w->unsat_pos[last] = w->unsat_pos[i];
}

/* The start: the saved phases (false where there is none), the values of
 * level 0 for the variables assigned there. */
static void start(dpll_solver *s, walker *w, const signed char *phases) {
  for (int v = 1; v <= s->num_vars; v++) {
    int fixed_val = root_value(s, lit_pos(v));
    w->val[v] = (signed char)(fixed_val ? fixed_val : phases[v] > 0 ? 1 : -1);
  }
  for (size_t i = 0; i < w->m; i++) {
    const clause *c = dpll__clause(s, w->refs[i]);
    for (uint32_t k = 0; k < c->size; k++)
      w->true_count[i] += lit_true(w, c->lits[k]);
    if (w->true_count[i] == 0)
      make_unsat(w, (uint32_t)i);
  }
}

/* The weights cb^-break, cb after the average clause length as ProbSAT
 * tunes it for k-SAT (2.5 for 3, 2.85 for 4, 3.7 for 5, 5.1 for 6, 7.4 for
 * 7 and more). */
static void scores(walker *w, double average) {
  static const double cbs[] = {2.5, 2.5, 2.5, 2.5, 2.85, 3.7, 5.1, 7.4};
  size_t k = average < 7 ? (size_t)average : 7;
  double frac = average < 7 ? average - (double)k : 0;
  double cb = cbs[k] + (k < 7 ? frac * (cbs[k + 1] - cbs[k]) : 0);
  double x = 1;
  for (int b = 0; b <= WALK_BREAKS; b++, x /= cb)
    w->score[b] = x;
}

/* The clauses that flipping var would make false: those whose only true
 * literal is var's. */
static uint32_t breaks(walker *w, unsigned var) {
  unsigned lit = w->val[var] > 0 ? lit_pos((int)var) : lit_neg((int)var);
  size_t a = w->occ_start[lit], b = w->occ_start[lit + 1];
  uint32_t count = 0;
  w->ticks += b - a + 1;
  for (size_t k = a; k < b; k++)
    count += w->true_count[w->occ[k]] == 1;
  return count;
}

static void flip(walker *w, unsigned var) {
  w->val[var] = (signed char)-w->val[var];
  unsigned now_true = w->val[var] > 0 ? lit_pos((int)var) : lit_neg((int)var);
  unsigned now_false = lit_not(now_true);
  for (size_t k = w->occ_start[now_true]; k < w->occ_start[now_true + 1]; k++)
    if (w->true_count[w->occ[k]]++ == 0)
      make_sat(w, w->occ[k]);
  for (size_t k = w->occ_start[now_false]; k < w->occ_start[now_false + 1]; k++)
    if (--w->true_count[w->occ[k]] == 0)
      make_unsat(w, w->occ[k]);
  w->ticks += w->occ_start[now_true + 1] - w->occ_start[now_true] +
              w->occ_start[now_false + 1] - w->occ_start[now_false];
}

/* One step: a false clause at random, one of its free variables by the
 * weights of their breaks. */
static void step(dpll_solver *s, walker *w) {
  const clause *c =
      dpll__clause(s, w->refs[w->unsat[next_random(w) % w->unsat_size]]);
  double sum = 0;
  for (uint32_t k = 0; k < c->size; k++) {
    unsigned v = lit_var(c->lits[k]);
    double x = 0;
    if (!fixed(s, v)) {
      uint32_t b = breaks(w, v);
      x = w->score[b < WALK_BREAKS ? b : WALK_BREAKS];
    }
    w->prob[k] = x;
    sum += x;
  }
  double r = (double)(next_random(w) >> 11) / 9007199254740992.0 * sum;
  uint32_t pick = 0;
  for (uint32_t k = 0; k < c->size; k++) {
    if (w->prob[k] > 0)
      pick = k;
    if (r < w->prob[k])
      break;
    r -= w->prob[k];
  }
  flip(w, lit_var(c->lits[pick]));
}

/* walk
 *
 * Pre:  at a fixpoint without conflict (at any level: only the values of
 *       level 0 count); phases has an entry per variable (1, -1 or 0).
 * Post: phases holds, for every variable, its value in the best
 *       assignment the walk met (fewest clauses false; the variables
 *       assigned at level 0 have their values there); returns how many
 *       clauses that assignment leaves false, or -1 if memory ran out
 *       (phases unchanged).
 */
long dpll__walk(dpll_solver *s, signed char *phases, uint64_t ticks_since) {
  assert(dpll__at_fixpoint(s) && !dpll__conflict_pending(s));
  walker w = {0};
  w.rng = 0x9E3779B97F4A7C15ULL ^ ((uint64_t)s->stats.restarts << 17) ^
          ((uint64_t)s->stats.walks << 40) ^ (uint64_t)s->opt[OPT_seed];
  w.val = malloc(((size_t)s->num_vars + 1) * sizeof *w.val);
  if (!w.val || collect(s, &w)) {
    walker_free(&w);
    return -1;
  }
  s->stats.walks++;
  size_t total = w.occ_start[2 * ((size_t)s->num_vars + 1)];
  scores(&w, w.m ? (double)total / (double)w.m : 3);
  start(s, &w, phases);
  uint64_t budget = ticks_since * WALK_EFFORT / 100;
  if (budget < WALK_MIN_TICKS)
    budget = WALK_MIN_TICKS;
  size_t best = w.unsat_size;
  for (int v = 1; v <= s->num_vars; v++)
    phases[v] = w.val[v];
  while (w.unsat_size > 0 && w.ticks < budget) {
    step(s, &w);
    s->stats.walk_flips++;
    if (w.unsat_size < best) {
      best = w.unsat_size;
      for (int v = 1; v <= s->num_vars; v++)
        phases[v] = w.val[v];
      w.ticks += (uint64_t)s->num_vars / 4;
    }
  }
  walker_free(&w);
  return (long)best;
}
