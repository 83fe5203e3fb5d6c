/* test_walk.c - the local search of rephasing (walk.c), white-box.
 *
 * Every walk is called at a fixpoint, at level 0 as dpll__rephase_maybe
 * calls it (in 6 above it, as the classic engine's local search does), and
 * judged by code of this file alone: its own unit propagation gives the
 * values of level 0, and its own evaluation counts the clauses the
 * returned phases leave false among those level 0 does not satisfy.  For
 * every walk (walk_checked): that count is the value returned; every
 * phase is 1 or -1; the variables of level 0 have their value there; the
 * count is at most that of the start (the phases given, 0 read as false,
 * with the values of level 0), since the best assignment met is kept; a
 * walk that returns 0 satisfies every clause added; a start that leaves
 * nothing false comes back as it was, without a flip; the counters walks
 * and walk_flips move as they should (no more flips than the budget in
 * occurrences visited); and the solver is left as it was (its trail, its
 * level, its saved phases, its invariants).
 *
 *  1. Random 3-SAT: planted formulas (only clauses a hidden assignment
 *     satisfies, so satisfiable for sure) and uniform ones of 50 to 100
 *     variables, from all-zero phases with a large budget, must be solved
 *     (all the planted ones, but one at most; most of the others);
 *     larger formulas near the threshold from random phases with the
 *     least budget give walks that end with clauses false, checked as
 *     above, and at most 2% of them (ProbSAT's weights at work); chains
 *     of such walks, each from the last one's best, never get worse.
 *  2. Level 0: units and the clauses they propagate through fix
 *     variables, which the walk must leave with their values even when the
 *     start says otherwise; a formula that level 0 satisfies whole gives
 *     0 at once; a start that is already a model (0 meaning false) is
 *     kept as it is.  After a solve stopped by its conflict limit, the
 *     learned clauses are left out of the walk and of its count.
 *  3. The best is kept: on formulas with one clause false at the least
 *     (a pigeonhole formula, a planted formula with an unsatisfiable part
 *     on two variables of its own), a start with one clause false must
 *     give 1 however long the walk goes on, and spend its whole budget
 *     (more flips on more budget, never more flips than the budget);
 *     from other starts, never more than the start.
 *  4. Integration: the option "rephase" 3 on satisfiable random 3-SAT
 *     formulas that need thousands of conflicts and on the pigeonhole
 *     formula of 9 pigeons and 8 holes (that of 8 and 7 takes fewer
 *     conflicts than the first walk waits for): walks are run, the answers
 *     are right (the model checked here against every clause, the
 *     pigeonhole formula unsatisfiable by counting); rephase 1, the
 *     default, runs none.
 *  5. Out of memory: each allocation of a walk is made to fail in turn
 *     (failalloc.c, linked with the allocation wrappers): the walk returns
 *     -1, leaves the phases as they were, and the solver still solves.
 *  6. Above level 0: after decisions, one of them shared by no model
 *     (brute force says so), walks on small satisfiable formulas take only
 *     level 0 as fixed: each finds a model, flipping that decision, and
 *     leaves the trail as it was.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "check.h"
#include "clausedb.h"
#include "failalloc.h"
#include "internal.h"
#include "oracle.h"
#include "propagate.h"
#include "testutil.h"
#include "walk.h"

#include <stdlib.h>
#include <string.h>

/* ---- Formulas ------------------------------------------------------------ */

static void cnf_add2(oracle_formula *f, int a, int b) {
  int lits[2] = {a, b};
  oracle_add(f, lits, 2);
}

static void cnf_add3(oracle_formula *f, int a, int b, int c) {
  int lits[3] = {a, b, c};
  oracle_add(f, lits, 3);
}

/* A clause of three distinct variables of 1..nv, signs at random. */
static void random_clause(uint64_t *rng, int nv, int lits[3]) {
  for (int j = 0; j < 3; j++) {
    int v, again;
    do {
      v = 1 + xorshift_below(rng, nv);
      again = 0;
      for (int q = 0; q < j; q++)
        again |= lits[q] == v || lits[q] == -v;
    } while (again);
    lits[j] = xorshift_below(rng, 2) ? v : -v;
  }
}

/* m clauses of uniform random 3-SAT over 1..nv, added to f. */
static void add_uniform(oracle_formula *f, uint64_t *rng, int nv, size_t m) {
  for (size_t i = 0; i < m; i++) {
    int lits[3];
    random_clause(rng, nv, lits);
    oracle_add(f, lits, 3);
  }
}

/* m random 3-clauses over 1..nv that the assignment hidden (1 or -1 per
 * variable) satisfies, added to f: those it does not are drawn again. */
static void add_planted(oracle_formula *f, uint64_t *rng, int nv, size_t m,
                        const signed char *hidden) {
  for (size_t i = 0; i < m; i++) {
    int lits[3], sat;
    do {
      random_clause(rng, nv, lits);
      sat = 0;
      for (int j = 0; j < 3; j++)
        sat |= (lits[j] > 0 ? 1 : -1) == hidden[abs(lits[j])];
    } while (!sat);
    oracle_add(f, lits, 3);
  }
}

static void random_assignment(uint64_t *rng, int nv, signed char *a) {
  a[0] = 0;
  for (int v = 1; v <= nv; v++)
    a[v] = xorshift_below(rng, 2) ? 1 : -1;
}

/* ---- The judge ------------------------------------------------------------
 * An assignment a has an entry per variable: a[v] > 0 is true, anything
 * else false (so 0, no phase, is false, as the walk reads it).  The
 * values of level 0 are fixed[v]: 1, -1, or 0 for a free variable. */

static int lit_value(const signed char *a, int lit) {
  int v = a[abs(lit)] > 0 ? 1 : -1;
  return lit > 0 ? v : -v;
}

static int clause_true(const oracle_formula *f, size_t i,
                       const signed char *a) {
  for (size_t k = f->start[i]; k < f->start[i + 1]; k++)
    if (lit_value(a, f->lits[k]) > 0)
      return 1;
  return 0;
}

/* Whether level 0 (fixed) satisfies clause i. */
static int root_true(const oracle_formula *f, size_t i,
                     const signed char *fixed) {
  for (size_t k = f->start[i]; k < f->start[i + 1]; k++) {
    int lit = f->lits[k];
    if (fixed[abs(lit)] == (lit > 0 ? 1 : -1))
      return 1;
  }
  return 0;
}

/* Unit propagation of f from nothing, to a fixpoint, into fixed[0..nv]:
 * returns 0, or 1 if some clause ends all false (a conflict at level 0). */
static int root_values(const oracle_formula *f, signed char *fixed) {
  memset(fixed, 0, (size_t)f->num_vars + 1);
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < f->num_clauses; i++) {
      if (root_true(f, i, fixed))
        continue;
      int free_lit = 0, frees = 0;
      for (size_t k = f->start[i]; k < f->start[i + 1]; k++)
        if (!fixed[abs(f->lits[k])]) {
          free_lit = f->lits[k];
          frees++;
        }
      if (frees == 0)
        return 1;
      if (frees == 1) {
        fixed[abs(free_lit)] = free_lit > 0 ? 1 : -1;
        changed = 1;
      }
    }
  }
  return 0;
}

/* The clauses level 0 does not satisfy that a leaves false. */
static long count_false(const oracle_formula *f, const signed char *fixed,
                        const signed char *a) {
  long count = 0;
  for (size_t i = 0; i < f->num_clauses; i++)
    count += !root_true(f, i, fixed) && !clause_true(f, i, a);
  return count;
}

/* The same for the walk's start: the phases given, the values of level
 * 0 where there are some. */
static long count_false_start(const oracle_formula *f, const signed char *fixed,
                              const signed char *phases) {
  signed char *a = grown(NULL, (size_t)f->num_vars + 1, 1);
  for (int v = 0; v <= f->num_vars; v++)
    a[v] = fixed[v] ? fixed[v] : phases[v];
  long count = count_false(f, fixed, a);
  free(a);
  return count;
}

/* Whether a satisfies every clause of f. */
static int satisfies_all(const oracle_formula *f, const signed char *a) {
  for (size_t i = 0; i < f->num_clauses; i++)
    if (!clause_true(f, i, a))
      return 0;
  return 1;
}

/* ---- Getting to where a walk may run ------------------------------------ */

/* f's clauses added to s; every variable up to f->num_vars made to exist (a
 * tautology is dropped, but its variables are made). */
static void load(dpll_solver *s, const oracle_formula *f) {
  add_formula(s, f, 0);
  int taut[2] = {f->num_vars, -f->num_vars};
  assert_int_equal(dpll_add_clause(s, taut, 2), 0);
  assert_int_equal(dpll_num_vars(s), f->num_vars);
}

/* A solver holding f at level 0 at a fixpoint without conflict, whose
 * values there are fixed (worked out here, and checked against the
 * solver's, so that the set-up is sure); NULL if f is refuted at level 0
 * (both must agree on that too). */
static dpll_solver *at_root(const oracle_formula *f, signed char *fixed) {
  int refuted = root_values(f, fixed);
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  load(s, f);
  int conflict = dpll__unsat(s);
  if (!conflict) {
    cref c = dpll__propagate(s);
    assert_true(c != CREF_OOM);
    conflict = c != CREF_NONE;
  }
  CHECK(conflict == refuted, "level 0: the solver says %d, the judge %d",
        conflict, refuted);
  if (conflict) {
    dpll_free(s);
    return NULL;
  }
  assert_int_equal(dpll__decision_level(s), 0);
  assert_true(dpll__at_fixpoint(s));
  for (int v = 1; v <= f->num_vars; v++)
    CHECK(dpll__value(s, lit_pos(v)) == fixed[v],
          "variable %d: %d at level 0, the judge says %d", v,
          dpll__value(s, lit_pos(v)), fixed[v]);
  return s;
}

/* The walk's budget in occurrences visited, as its contract gives it:
 * max(WALK_MIN_TICKS, ticks_since * WALK_EFFORT / 100), WALK_MIN_TICKS
 * 200000 and WALK_EFFORT 10 (walk.c).  A flip visits at least one
 * occurrence (the clause it makes true), so a walk flips no more often
 * than that. */
static uint64_t budget_of(uint64_t ticks_since) {
  uint64_t b = ticks_since * 10 / 100;
  return b < 200000 ? 200000 : b;
}

/* ---- One walk, judged -----------------------------------------------------
 */

typedef struct tally {
  unsigned walks, zeros, ended_false;
  uint64_t flips;
} tally;

/* Runs dpll__walk on s (holding f, at a fixpoint, at level 0 or above it,
 * with the values fixed at level 0) from phases, with the budget of
 * ticks_since, and checks everything the top of the file lists.  Returns
 * what it returned. */
static long walk_checked(dpll_solver *s, const oracle_formula *f,
                         const signed char *fixed, signed char *phases,
                         uint64_t ticks_since, tally *t, const char *what) {
  int nv = f->num_vars;
  size_t bytes = (size_t)nv + 1;
  signed char *before = grown(NULL, bytes, 1);
  signed char *saved = grown(NULL, bytes, 1);
  memcpy(before, phases, bytes);
  memcpy(saved, s->phase.saved, bytes);
  long start_false = count_false_start(f, fixed, phases);
  size_t trail = dpll__trail_size(s);
  int level = dpll__decision_level(s);
  dpll_stats st0, st1;
  dpll_get_stats(s, &st0);

  long r = dpll__walk(s, phases, ticks_since);

  dpll_get_stats(s, &st1);
  CHECK(r >= 0, "%s: the walk returned %ld", what, r);
  CHECK(st1.walks == st0.walks + 1, "%s: walks went from %llu to %llu", what,
        (unsigned long long)st0.walks, (unsigned long long)st1.walks);
  uint64_t flips = st1.walk_flips - st0.walk_flips;
  CHECK(st1.walk_flips >= st0.walk_flips, "%s: walk_flips went down", what);
  CHECK(flips <= budget_of(ticks_since), "%s: %llu flips on a budget of %llu",
        what, (unsigned long long)flips,
        (unsigned long long)budget_of(ticks_since));
  CHECK(phases[0] == before[0], "%s: phases[0] was written", what);
  for (int v = 1; v <= nv; v++) {
    CHECK(phases[v] == 1 || phases[v] == -1, "%s: phase %d is %d", what, v,
          phases[v]);
    CHECK(!fixed[v] || phases[v] == fixed[v],
          "%s: variable %d is %d at level 0, its phase %d", what, v, fixed[v],
          phases[v]);
  }
  long now_false = count_false(f, fixed, phases);
  CHECK(r == now_false,
        "%s: the walk says %ld clauses false, the phases leave %ld", what, r,
        now_false);
  CHECK(r <= start_false, "%s: %ld clauses false at the start, %ld at the best",
        what, start_false, r);
  if (r == 0)
    CHECK(satisfies_all(f, phases), "%s: returned 0 but is no model", what);
  if (start_false == 0) {
    CHECK(flips == 0, "%s: %llu flips from a start with nothing false", what,
          (unsigned long long)flips);
    for (int v = 1; v <= nv; v++)
      CHECK(fixed[v] || phases[v] == (before[v] > 0 ? 1 : -1),
            "%s: variable %d left the start with nothing false", what, v);
  } else if (r < start_false)
    CHECK(flips > 0, "%s: better than the start without a flip", what);
  /* The solver as it was. */
  CHECK(dpll__decision_level(s) == level && dpll__trail_size(s) == trail &&
            dpll__at_fixpoint(s) && !dpll__conflict_pending(s),
        "%s: the trail moved", what);
  CHECK(memcmp(saved, s->phase.saved, bytes) == 0,
        "%s: the solver's saved phases changed", what);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "%s: invariants broken: %s", what, why);
  free(before);
  free(saved);
  if (t) {
    t->walks++;
    t->zeros += r == 0;
    t->ended_false += r > 0;
    t->flips += flips;
  }
  return r;
}

/* ---- 1. Random 3-SAT
 * --------------------------------------------------------- */

#define BIG_BUDGET 1000000000u /* ticks_since: 10^8 occurrences of walk */
/* The numbers of random formulas in this file are those of a Release
 * build's quick tier (tests/tier.h). */
#define RANDOM_FORMULAS 40

/* A walk from all-zero phases, with a large budget, on f. */
static long walk_from_zero(const oracle_formula *f, uint64_t ticks_since,
                           tally *t, const char *what) {
  signed char *fixed = grown(NULL, (size_t)f->num_vars + 1, 1);
  signed char *phases = calloc((size_t)f->num_vars + 1, 1);
  assert_non_null(phases);
  dpll_solver *s = at_root(f, fixed);
  assert_non_null(s);
  long r = walk_checked(s, f, fixed, phases, ticks_since, t, what);
  dpll_free(s);
  free(fixed);
  free(phases);
  return r;
}

static void test_planted(void **state) {
  (void)state;
  uint64_t rng = 0x5eed0001;
  long count = tier_cases(RANDOM_FORMULAS);
  tally t = {0};
  char what[80];
  for (int i = 0; i < count; i++) {
    int nv = 50 + xorshift_below(&rng, 51);
    size_t m = (size_t)nv * (size_t)(350 + xorshift_below(&rng, 51)) / 100;
    signed char *hidden = grown(NULL, (size_t)nv + 1, 1);
    random_assignment(&rng, nv, hidden);
    oracle_formula f;
    oracle_init(&f, nv);
    add_planted(&f, &rng, nv, m, hidden);
    assert_true(satisfies_all(&f, hidden));
    snprintf(what, sizeof what, "planted %d (%d vars, %zu clauses)", i, nv, m);
    long r = walk_from_zero(&f, BIG_BUDGET, &t, what);
    if (r)
      print_message("%s: %ld clauses false\n", what, r);
    oracle_free(&f);
    free(hidden);
  }
  print_message("%u planted formulas of 50-100 variables: %u walks found a "
                "model (%llu flips)\n",
                t.walks, t.zeros, (unsigned long long)t.flips);
  CHECK(t.zeros + 1 >= t.walks, "only %u of %u planted formulas solved",
        t.zeros, t.walks);
}

static void test_uniform(void **state) {
  (void)state;
  uint64_t rng = 0x5eed0002;
  long count = tier_cases(RANDOM_FORMULAS);
  tally t = {0};
  char what[80];
  for (int i = 0; i < count; i++) {
    int nv = 50 + xorshift_below(&rng, 51);
    size_t m = (size_t)nv * (size_t)(350 + xorshift_below(&rng, 51)) / 100;
    oracle_formula f;
    oracle_init(&f, nv);
    add_uniform(&f, &rng, nv, m);
    snprintf(what, sizeof what, "uniform %d (%d vars, %zu clauses)", i, nv, m);
    /* Budget 10^7: an unsatisfiable one (rare at these ratios; formula
     * 28 is one, picosat says, the other 39 are satisfiable and the walks
     * solve them all) does not keep the test long. */
    walk_from_zero(&f, BIG_BUDGET / 10, &t, what);
    oracle_free(&f);
  }
  print_message("%u uniform formulas of 50-100 variables: %u walks found a "
                "model (%llu flips)\n",
                t.walks, t.zeros, (unsigned long long)t.flips);
  CHECK(t.zeros * 4 >= t.walks * 3, "only %u of %u uniform formulas solved",
        t.zeros, t.walks);
}

/* Near the threshold with the least budget, from random phases (1, -1 and
 * 0): walks that end with clauses false, on one solver, one after the
 * other.  A walk from a random start (an eighth of the clauses false) must
 * do much better: ProbSAT leaves well under 1% of these clauses false
 * (at most 17 of about 2000), a walk without its weights (or with them
 * upside down) some times more; 2% is the bound.  Then a chain of walks
 * as rephasing makes them, each from the last one's best: none may come
 * back worse than its start, though a walk that wanders from a good start
 * usually ends worse than it began. */
static void test_short_walks(void **state) {
  (void)state;
  uint64_t rng = 0x5eed0003;
  tally t = {0};
  char what[64];
  double worst = 0;
  unsigned chained = 0, chain_better = 0;
  long count = tier_cases(10);
  for (int i = 0; i < count; i++) {
    int nv = 400 + xorshift_below(&rng, 201);
    oracle_formula f;
    oracle_init(&f, nv);
    add_uniform(&f, &rng, nv, (size_t)nv * 426 / 100);
    signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
    signed char *phases = grown(NULL, (size_t)nv + 1, 1);
    dpll_solver *s = at_root(&f, fixed);
    assert_non_null(s);
    for (int k = 0; k < 4; k++) {
      phases[0] = 0;
      for (int v = 1; v <= nv; v++)
        phases[v] = (signed char)(xorshift_below(&rng, 3) - 1);
      long start = count_false_start(&f, fixed, phases);
      /* A different random stream for each walk. */
      assert_int_equal(dpll_set_option(s, "seed", xorshift_below(&rng, 1000)),
                       0);
      snprintf(what, sizeof what, "short walk %d.%d (%d vars)", i, k, nv);
      long r = walk_checked(s, &f, fixed, phases, 0, &t, what);
      double share = (double)r / (double)f.num_clauses;
      worst = share > worst ? share : worst;
      CHECK(share <= 0.02, "%s: %ld of %zu clauses false (from %ld)", what, r,
            f.num_clauses, start);
    }
    long last = count_false(&f, fixed, phases);
    for (int k = 0; k < 3; k++) {
      assert_int_equal(dpll_set_option(s, "seed", xorshift_below(&rng, 1000)),
                       0);
      snprintf(what, sizeof what, "chained walk %d.%d (%d vars)", i, k, nv);
      long r = walk_checked(s, &f, fixed, phases, 0, &t, what);
      chained++;
      chain_better += r < last;
      last = r;
    }
    dpll_free(s);
    oracle_free(&f);
    free(fixed);
    free(phases);
  }
  print_message("%u short walks on %ld formulas of 400-600 variables at ratio "
                "4.26: %u ended with clauses false (at most %.2f%% of the "
                "clauses), %llu flips; %u chained, %u of them better than "
                "their start\n",
                t.walks, count, t.ended_false, 100 * worst,
                (unsigned long long)t.flips, chained, chain_better);
  CHECK(t.ended_false > 0, "every short walk found a model");
}

/* ---- 2. Level 0 ---------------------------------------------------------- */

/* A planted formula over nv variables, with units and the clauses that
 * propagate from them: the hidden assignment satisfies it all. */
static void planted_with_units(oracle_formula *f, uint64_t *rng, int nv,
                               const signed char *hidden) {
  oracle_init(f, nv);
#define HID(v) ((v)*hidden[v])
  int units = 2 + xorshift_below(rng, 4), chained = units;
  int lit;
  for (int k = 0; k < units; k++) {
    lit = HID(1 + k);
    oracle_add(f, &lit, 1);
  }
  /* Binary clauses from a fixed variable to the next, ternary ones from
   * two: variables units .. 2 * units + 3 follow. */
  for (int k = 0; k < units + 4; k++, chained++) {
    int a = 1 + xorshift_below(rng, chained),
        b = 1 + xorshift_below(rng, chained);
    int c = chained + 1;
    if (a == b || k % 2 == 0)
      cnf_add2(f, -HID(a), HID(c));
    else
      cnf_add3(f, -HID(a), -HID(b), HID(c));
  }
  /* Clauses with literals false at level 0, and true at level 0. */
  for (int k = 0; k < 10; k++) {
    int a = 1 + xorshift_below(rng, chained),
        b = chained + 1 + xorshift_below(rng, nv - chained);
    int c = chained + 1 + xorshift_below(rng, nv - chained);
    if (b != c) /* the hidden assignment satisfies it through b */
      cnf_add3(f, k % 2 ? -HID(a) : HID(a), HID(b),
               xorshift_below(rng, 2) ? c : -c);
  }
#undef HID
  add_planted(f, rng, nv, (size_t)nv * 4, hidden);
}

static void test_level0(void **state) {
  (void)state;
  uint64_t rng = 0x5eed0004;
  tally t = {0};
  char what[80];
  unsigned fixed_total = 0;
  long count = tier_cases(20);
  for (int i = 0; i < count; i++) {
    int nv = 60 + xorshift_below(&rng, 41);
    signed char *hidden = grown(NULL, (size_t)nv + 1, 1);
    random_assignment(&rng, nv, hidden);
    oracle_formula f;
    planted_with_units(&f, &rng, nv, hidden);
    signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
    signed char *phases = grown(NULL, (size_t)nv + 1, 1);
    dpll_solver *s = at_root(&f, fixed);
    assert_non_null(s);
    unsigned fixed_here = 0;
    for (int v = 1; v <= nv; v++) {
      fixed_here += fixed[v] != 0;
      assert_true(!fixed[v] || fixed[v] == hidden[v]);
    }
    CHECK(fixed_here >= 6, "formula %d: only %u variables fixed", i,
          fixed_here);
    fixed_total += fixed_here;
    /* From the opposite of the hidden assignment (so every fixed variable
     * starts wrong), from random phases, and from the opposite of level
     * 0 with 0 elsewhere. */
    for (int k = 0; k < 3; k++) {
      phases[0] = 0;
      for (int v = 1; v <= nv; v++)
        phases[v] = k == 0   ? (signed char)-hidden[v]
                    : k == 1 ? (signed char)(xorshift_below(&rng, 3) - 1)
                             : (signed char)-fixed[v];
      snprintf(what, sizeof what, "level 0, formula %d, start %d", i, k);
      long r = walk_checked(s, &f, fixed, phases, BIG_BUDGET, &t, what);
      CHECK(r == 0, "%s: %ld clauses false", what, r);
    }
    dpll_free(s);
    oracle_free(&f);
    free(hidden);
    free(fixed);
    free(phases);
  }
  print_message("%u walks on %ld formulas with %u variables fixed at level 0: "
                "%u found a model\n",
                t.walks, count, fixed_total, t.zeros);
}

/* Units and larger uniform formulas near the threshold, short walks: the
 * fixed variables hold when clauses are left false too. */
static void test_level0_short(void **state) {
  (void)state;
  uint64_t rng = 0x5eed0005;
  tally t = {0};
  char what[80];
  unsigned refuted = 0;
  long count = tier_cases(12);
  for (int i = 0; i < count; i++) {
    int nv = 300;
    oracle_formula f;
    oracle_init(&f, nv);
    for (int k = 0; k < 12; k++) {
      int lit =
          (1 + xorshift_below(&rng, nv)) * (xorshift_below(&rng, 2) ? 1 : -1);
      oracle_add(&f, &lit, 1);
    }
    add_uniform(&f, &rng, nv, (size_t)nv * 430 / 100);
    signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
    dpll_solver *s = at_root(&f, fixed);
    if (!s) {
      refuted++;
      free(fixed);
      oracle_free(&f);
      continue;
    }
    signed char *phases = grown(NULL, (size_t)nv + 1, 1);
    phases[0] = 0;
    for (int v = 1; v <= nv; v++)
      phases[v] = fixed[v] ? (signed char)-fixed[v]
                           : (signed char)(xorshift_below(&rng, 3) - 1);
    snprintf(what, sizeof what, "level 0 short, formula %d", i);
    walk_checked(s, &f, fixed, phases, 0, &t, what);
    dpll_free(s);
    free(phases);
    free(fixed);
    oracle_free(&f);
  }
  print_message("%u short walks with units (%ld formulas, %u refuted at level "
                "0): %u ended with clauses false\n",
                t.walks, count, refuted, t.ended_false);
  CHECK(t.walks >= count / 2, "only %u of %ld formulas not refuted at level 0",
        t.walks, count);
}

/* Level 0 satisfies every clause: units 1 and -6, (-1 2) and (-2 -3)
 * force 2 and -3, and the other clauses each hold a literal true there;
 * 4, 5, 7, 8 and 9 stay free (9 in no clause).  The walk returns 0 at
 * once, without a flip, every free variable as it started (0 as false),
 * every fixed one with its value. */
static void test_level0_satisfies_all(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 9);
  int u1 = 1, u6 = -6;
  oracle_add(&f, &u1, 1);
  oracle_add(&f, &u6, 1);
  cnf_add2(&f, -1, 2);
  cnf_add2(&f, -2, -3);
  cnf_add3(&f, 2, 4, 5);
  cnf_add3(&f, -3, -4, 5);
  cnf_add3(&f, -6, 7, 8);
  cnf_add3(&f, 1, -7, -8);
  cnf_add3(&f, 4, -5, -3);
  signed char fixed[10];
  dpll_solver *s = at_root(&f, fixed);
  assert_non_null(s);
  static const signed char expect_fixed[10] = {0, 1, 1, -1, 0, 0, -1, 0, 0, 0};
  assert_memory_equal(fixed, expect_fixed, sizeof fixed);
  static const signed char starts[3][10] = {
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      {0, -1, -1, 1, 1, -1, 1, 0, 1, 1},
      {0, 0, 1, 0, -1, 1, 0, 1, -1, 0},
  };
  tally t = {0};
  for (int k = 0; k < 3; k++) {
    signed char phases[10];
    memcpy(phases, starts[k], sizeof phases);
    long r = walk_checked(s, &f, fixed, phases, BIG_BUDGET, &t, "satisfied");
    assert_int_equal(r, 0);
    for (int v = 1; v <= 9; v++)
      assert_int_equal(phases[v], fixed[v]           ? fixed[v]
                                  : starts[k][v] > 0 ? 1
                                                     : -1);
  }
  assert_int_equal(t.flips, 0);
  dpll_free(s);
  oracle_free(&f);
}

/* A start that is already a model, with 0 for false, is kept as it is,
 * without a flip; the same for the hidden assignment of planted formulas
 * with units. */
static void test_start_is_model(void **state) {
  (void)state;
  uint64_t rng = 0x5eed0006;
  long count = tier_cases(10);
  tally t = {0};
  for (int i = 0; i < count; i++) {
    int nv = 80;
    signed char *hidden = grown(NULL, (size_t)nv + 1, 1);
    random_assignment(&rng, nv, hidden);
    oracle_formula f;
    if (i % 2)
      planted_with_units(&f, &rng, nv, hidden);
    else {
      oracle_init(&f, nv);
      add_planted(&f, &rng, nv, (size_t)nv * 4, hidden);
    }
    signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
    signed char *phases = grown(NULL, (size_t)nv + 1, 1);
    dpll_solver *s = at_root(&f, fixed);
    assert_non_null(s);
    phases[0] = 0;
    for (int v = 1; v <= nv; v++)
      phases[v] = hidden[v] > 0 ? 1 : 0;
    char what[64];
    snprintf(what, sizeof what, "model, formula %d", i);
    long r = walk_checked(s, &f, fixed, phases, BIG_BUDGET, &t, what);
    CHECK(r == 0, "%s: %ld clauses false", what, r);
    for (int v = 1; v <= nv; v++)
      CHECK(phases[v] == hidden[v], "%s: variable %d changed", what, v);
    dpll_free(s);
    oracle_free(&f);
    free(hidden);
    free(fixed);
    free(phases);
  }
  print_message("%ld planted formulas, each from its hidden model\n", count);
  assert_int_equal(t.flips, 0);
}

/* After a solve stopped by its conflict limit, with learned clauses: the
 * walk is over the clauses added alone.  Level 0 now holds the learned
 * units too, which the judge cannot derive: it takes them from the
 * solver (five of them are sure to come, from pairs of clauses (x a)
 * (x -a)), after checking that its own propagation of the clauses added
 * from them changes nothing.  Short walks end with clauses false, whose
 * count must leave the learned clauses out. */
static void test_learned_left_out(void **state) {
  (void)state;
  uint64_t rng = 0x5eed000a;
  tally t = {0};
  char what[80];
  unsigned with_units = 0;
  size_t learnts = 0;
  long count = tier_cases(6);
  for (int i = 0; i < count; i++) {
    int nv = 250;
    oracle_formula f;
    oracle_init(&f, nv);
    /* (x a) (x -a) on variables 1 .. 10, first in the splitting order:
     * x true, learned as a unit once -x is decided (x is pure, and the
     * option pure off, so that it is not taken as such); the random part
     * over 11 .. nv. */
    for (int x = 1; x <= 10; x += 2) {
      cnf_add2(&f, x, x + 1);
      cnf_add2(&f, x, -(x + 1));
    }
    size_t first = f.start[f.num_clauses];
    add_uniform(&f, &rng, nv - 10, (size_t)(nv - 10) * 426 / 100);
    for (size_t k = first; k < f.start[f.num_clauses]; k++)
      f.lits[k] += f.lits[k] > 0 ? 10 : -10;
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    load(s, &f);
    assert_int_equal(dpll_set_option(s, "pure", 0), 0);
    assert_int_equal(dpll_set_option(s, "conflict_limit", 1000 + 1000 * i), 0);
    int res = dpll_solve(s);
    dpll__trail_reset(s);
    if (res != DPLL_UNKNOWN || dpll__unsat(s) ||
        dpll__propagate(s) != CREF_NONE || dpll__num_learnts(s) == 0) {
      dpll_free(s);
      oracle_free(&f);
      continue;
    }
    learnts += dpll__num_learnts(s);
    signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
    signed char *closed = grown(NULL, (size_t)nv + 1, 1);
    oracle_formula g;
    oracle_init(&g, nv);
    for (size_t k = 0; k < f.num_clauses; k++)
      oracle_add(&g, f.lits + f.start[k], f.start[k + 1] - f.start[k]);
    fixed[0] = 0;
    for (int v = 1; v <= nv; v++) {
      fixed[v] = (signed char)dpll__value(s, lit_pos(v));
      int lit = v * fixed[v];
      if (lit)
        oracle_add(&g, &lit, 1);
    }
    assert_int_equal(root_values(&g, closed), 0);
    assert_memory_equal(fixed, closed, (size_t)nv + 1);
    for (int v = 1; v <= nv; v++)
      with_units += fixed[v] != 0;
    signed char *phases = grown(NULL, (size_t)nv + 1, 1);
    for (int k = 0; k < 3; k++) {
      phases[0] = 0;
      for (int v = 1; v <= nv; v++)
        phases[v] = (signed char)(xorshift_below(&rng, 3) - 1);
      snprintf(what, sizeof what, "learned, formula %d, walk %d", i, k);
      walk_checked(s, &f, fixed, phases, 0, &t, what);
    }
    dpll_free(s);
    oracle_free(&f);
    oracle_free(&g);
    free(fixed);
    free(closed);
    free(phases);
  }
  print_message("%u short walks on %ld formulas beside %zu learned clauses (%u "
                "variables at level 0): %u ended with clauses false\n",
                t.walks, count, learnts, with_units, t.ended_false);
  /* Three walks a formula, on half of them at least; most end with clauses
   * false, though all of one formula's may not. */
  CHECK(t.walks >= 3 * count / 2, "only %u walks", t.walks);
  CHECK(t.ended_false > 0 || t.walks < 6, "every walk found a model");
  CHECK(with_units > 0, "no unit learned");
}

/* ---- 3. The best is kept ---------------------------------------------------
 */

/* The pigeonhole formula of 8 pigeons and 7 holes leaves at least one
 * clause false.  From pigeon p in hole p (p < 7) and pigeon 7 nowhere,
 * exactly one is: the walk, which never reaches 0 and so spends its whole
 * budget wandering, must come back with 1.  From all false (8 false) and
 * from random starts: at most the start. */
static void test_best_pigeons(void **state) {
  (void)state;
  const int holes = 7;
  oracle_formula f;
  oracle_pigeons(&f, holes);
  int nv = f.num_vars;
  signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
  signed char *phases = grown(NULL, (size_t)nv + 1, 1);
  dpll_solver *s = at_root(&f, fixed);
  assert_non_null(s);
  tally t = {0};
  uint64_t rng = 0x5eed0007;
  long from_zero_worst = 0;
  uint64_t flips[2] = {0, 0}; /* from one false: least budget, 10 times it */
  for (int k = 0; k < 6; k++) {
    assert_int_equal(dpll_set_option(s, "seed", k), 0);
    for (int longer = 0; longer < 2; longer++) {
      memset(phases, 0, (size_t)nv + 1);
      for (int p = 0; p < holes; p++)
        phases[p * holes + p + 1] = 1;
      assert_int_equal(count_false(&f, fixed, phases), 1);
      uint64_t flips0 = t.flips;
      long r = walk_checked(s, &f, fixed, phases, longer ? 20000000 : 0, &t,
                            "pigeons, 1");
      assert_int_equal(r, 1);
      flips[longer] += t.flips - flips0;
    }
    memset(phases, 0, (size_t)nv + 1);
    long r = walk_checked(s, &f, fixed, phases, 20000000, &t, "pigeons, 0");
    assert_true(r >= 1 && r < holes + 1); /* better than the start */
    from_zero_worst = r > from_zero_worst ? r : from_zero_worst;
    random_assignment(&rng, nv, phases);
    walk_checked(s, &f, fixed, phases, 0, &t, "pigeons, random");
  }
  print_message("%u walks on 8 pigeons, 7 holes: from all false, at most %ld "
                "clauses false at the best; %llu flips, from one false %llu "
                "on the least budget and %llu on 10 times it\n",
                t.walks, from_zero_worst, (unsigned long long)t.flips,
                (unsigned long long)flips[0], (unsigned long long)flips[1]);
  /* A walk that cannot reach 0 spends its budget: a flip here visits at
   * most about 100 occurrences, so at least 2000 flips each on the least
   * budget, and about 10 times more on 10 times the budget. */
  CHECK(flips[0] >= 6 * 2000, "%llu flips on the least budget",
        (unsigned long long)flips[0]);
  CHECK(flips[1] >= 4 * flips[0] && flips[1] <= 20 * flips[0],
        "%llu flips on 10 times the budget", (unsigned long long)flips[1]);
  dpll_free(s);
  oracle_free(&f);
  free(fixed);
  free(phases);
}

/* A planted formula and the four clauses over two variables of their own
 * (one of them always false): the hidden assignment leaves one false, so
 * the walk from it returns 1, from elsewhere at least 1. */
static void test_best_planted(void **state) {
  (void)state;
  uint64_t rng = 0x5eed0008;
  long count = tier_cases(6);
  tally t = {0};
  for (int i = 0; i < count; i++) {
    int nv = 100, a = 99, b = 100;
    signed char *hidden = grown(NULL, (size_t)nv + 1, 1);
    random_assignment(&rng, nv, hidden);
    oracle_formula f;
    oracle_init(&f, nv);
    add_planted(&f, &rng, nv - 2, (size_t)(nv - 2) * 42 / 10, hidden);
    cnf_add2(&f, a, b);
    cnf_add2(&f, a, -b);
    cnf_add2(&f, -a, b);
    cnf_add2(&f, -a, -b);
    signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
    signed char *phases = grown(NULL, (size_t)nv + 1, 1);
    dpll_solver *s = at_root(&f, fixed);
    assert_non_null(s);
    memcpy(phases, hidden, (size_t)nv + 1);
    assert_int_equal(count_false(&f, fixed, phases), 1);
    long r = walk_checked(s, &f, fixed, phases, 20000000, &t, "planted, 1");
    assert_int_equal(r, 1);
    memset(phases, 0, (size_t)nv + 1);
    r = walk_checked(s, &f, fixed, phases, 20000000, &t, "planted, 0");
    assert_true(r >= 1);
    dpll_free(s);
    oracle_free(&f);
    free(hidden);
    free(fixed);
    free(phases);
  }
  print_message("%u walks on %ld planted formulas with one clause always "
                "false: %llu flips\n",
                t.walks, count, (unsigned long long)t.flips);
}

/* ---- 4. Integration --------------------------------------------------------
 */

/* Uniform random 3-SAT formulas of 250 variables and 1050 clauses (ratio
 * 4.2) drawn from these seeds are satisfiable (picosat says so; a model
 * found below is checked here anyway) and need thousands of conflicts,
 * enough for rephase 3 to walk. */
static const uint64_t sat_seeds[] = {0x08d12e6b76c84d11, 0xe3779b97f4a7c150,
                                     0xc6ef372fe94f82a0};
#define SAT_VARS 250
#define SAT_CLAUSES 1050

/* A solve of f with the option rephase; returns the answer, with the
 * model checked, and the stats in *st. */
static int solve_with(const oracle_formula *f, int rephase, dpll_stats *st) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "rephase", rephase), 0);
  load(s, f);
  int res = dpll_solve(s);
  dpll_get_stats(s, st);
  if (res == DPLL_SAT) {
    signed char *a = grown(NULL, (size_t)f->num_vars + 1, 1);
    a[0] = 0;
    for (int v = 1; v <= f->num_vars; v++)
      a[v] = dpll_model(s, v) == 1 ? 1 : -1;
    CHECK(satisfies_all(f, a), "rephase %d: the model fails a clause", rephase);
    free(a);
  }
  const char *why = dpll__check(s);
  CHECK(why == NULL, "rephase %d: invariants broken: %s", rephase, why);
  dpll_free(s);
  return res;
}

static void test_option_random(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof sat_seeds / sizeof *sat_seeds; i++) {
    uint64_t rng = sat_seeds[i];
    oracle_formula f;
    oracle_init(&f, SAT_VARS);
    add_uniform(&f, &rng, SAT_VARS, SAT_CLAUSES);
    for (int rephase = 3; rephase >= 1; rephase -= 2) {
      dpll_stats st;
      int res = solve_with(&f, rephase, &st);
      print_message(
          "random 3-SAT (seed %llx), rephase %d: %s, %llu "
          "conflicts, %llu walks, %llu flips\n",
          (unsigned long long)sat_seeds[i], rephase,
          res == DPLL_SAT ? "SAT" : "not SAT", (unsigned long long)st.conflicts,
          (unsigned long long)st.walks, (unsigned long long)st.walk_flips);
      CHECK(res == DPLL_SAT, "seed %llx, rephase %d: answer %d",
            (unsigned long long)sat_seeds[i], rephase, res);
      if (rephase == 3)
        CHECK(st.walks > 0 && st.walk_flips > 0,
              "seed %llx: %llu conflicts, no walk",
              (unsigned long long)sat_seeds[i],
              (unsigned long long)st.conflicts);
      else
        CHECK(st.walks == 0 && st.walk_flips == 0,
              "seed %llx, rephase %d: %llu walks",
              (unsigned long long)sat_seeds[i], rephase,
              (unsigned long long)st.walks);
    }
    oracle_free(&f);
  }
}

static void test_option_pigeons(void **state) {
  (void)state;
  oracle_formula f;
  oracle_pigeons(&f, 8);
  for (int rephase = 3; rephase >= 1; rephase -= 2) {
    dpll_stats st;
    int res = solve_with(&f, rephase, &st);
    print_message("9 pigeons, 8 holes, rephase %d: %llu conflicts, %llu "
                  "walks, %llu flips\n",
                  rephase, (unsigned long long)st.conflicts,
                  (unsigned long long)st.walks,
                  (unsigned long long)st.walk_flips);
    CHECK(res == DPLL_UNSAT, "rephase %d: answer %d", rephase, res);
    if (rephase == 3)
      CHECK(st.walks > 0, "%llu conflicts, no walk",
            (unsigned long long)st.conflicts);
    else
      CHECK(st.walks == 0, "rephase 1: %llu walks",
            (unsigned long long)st.walks);
  }
  /* The default is 1. */
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  int64_t value = -1;
  assert_int_equal(dpll_get_option(s, "rephase", &value), 0);
  assert_int_equal(value, 1);
  dpll_free(s);
  oracle_free(&f);
}

/* ---- 5. Out of memory ------------------------------------------------------
 */

/* Each allocation of a walk fails in turn: -1, the phases as they were,
 * no flip, the solver as it was; then the walk without failure, and a
 * solve with rephase 3, both judged as everywhere else. */
static void test_out_of_memory(void **state) {
  (void)state;
  uint64_t rng = 0x5eed0009;
  int nv = 80;
  signed char *hidden = grown(NULL, (size_t)nv + 1, 1);
  random_assignment(&rng, nv, hidden);
  oracle_formula f;
  planted_with_units(&f, &rng, nv, hidden);
  signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
  signed char *start = grown(NULL, (size_t)nv + 1, 1);
  signed char *phases = grown(NULL, (size_t)nv + 1, 1);
  dpll_solver *s = at_root(&f, fixed);
  assert_non_null(s);
  start[0] = 0;
  for (int v = 1; v <= nv; v++)
    start[v] = (signed char)(xorshift_below(&rng, 3) - 1);
  size_t trail = dpll__trail_size(s);
  long failures = 0;
  for (oom.at = 0;; oom.at++) {
    memcpy(phases, start, (size_t)nv + 1);
    dpll_stats st0, st1;
    dpll_get_stats(s, &st0);
    oom_session();
    oom.armed = true;
    long r = dpll__walk(s, phases, 0);
    oom.armed = false;
    if (!oom.failed) {
      assert_true(r >= 0);
      break;
    }
    failures++;
    dpll_get_stats(s, &st1);
    CHECK(r == -1, "allocation %ld failed: the walk returned %ld", oom.at, r);
    CHECK(memcmp(phases, start, (size_t)nv + 1) == 0,
          "allocation %ld failed: the phases changed", oom.at);
    CHECK(st1.walk_flips == st0.walk_flips,
          "allocation %ld failed: flips counted", oom.at);
    CHECK(dpll__decision_level(s) == 0 && dpll__trail_size(s) == trail &&
              dpll__at_fixpoint(s),
          "allocation %ld failed: the trail moved", oom.at);
    const char *why = dpll__check(s);
    CHECK(why == NULL, "allocation %ld failed: invariants broken: %s", oom.at,
          why);
  }
  oom.at = -1;
  print_message("a walk makes %ld allocations; each failed in turn\n",
                failures);
  CHECK(failures >= 2, "only %ld allocations failed", failures);
  memcpy(phases, start, (size_t)nv + 1);
  long r = walk_checked(s, &f, fixed, phases, BIG_BUDGET, NULL, "after oom");
  assert_int_equal(r, 0);
  assert_int_equal(dpll_set_option(s, "rephase", 3), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  for (int v = 1; v <= nv; v++)
    phases[v] = dpll_model(s, v) == 1 ? 1 : -1;
  CHECK(satisfies_all(&f, phases), "the model after oom fails a clause");
  dpll_free(s);
  oracle_free(&f);
  free(hidden);
  free(fixed);
  free(start);
  free(phases);
}

/* ---- 6. Above level 0 -----------------------------------------------------
 */

/* The classic engine's local search (option local_search, classic.c)
 * walks above level 0, where only the values of level 0 are fixed: the
 * decisions above it are the walk's to flip.  On satisfiable random 3-SAT
 * of 12 to 18 variables (the oracle's brute force says which), a decision
 * that no model shares is made where there is one (the oracle finds the
 * formula unsatisfiable with it; its propagation meets no conflict), and up
 * to two more; then walks from the values on the trail (random phases
 * elsewhere) are judged as every other walk, with level 0 alone fixed: each
 * must find a model, so it flips the decision no model shares, and the
 * trail stays as it was. */
static void test_above_level0(void **state) {
  (void)state;
  uint64_t rng = 0x5eed000c;
  long count = tier_cases(60);
  tally t = {0};
  unsigned contrary = 0, skipped = 0;
  for (long i = 0; i < count; i++) {
    int nv = 12 + xorshift_below(&rng, 7);
    oracle_formula f;
    oracle_init(&f, nv);
    if (i % 3 == 0) {
      int unit =
          (1 + xorshift_below(&rng, nv)) * (xorshift_below(&rng, 2) ? 1 : -1);
      oracle_add(&f, &unit, 1);
    }
    add_uniform(&f, &rng, nv,
                (size_t)nv * (size_t)(360 + xorshift_below(&rng, 61)) / 100);
    signed char *fixed = grown(NULL, (size_t)nv + 1, 1);
    dpll_solver *s = oracle_satisfiable(&f, NULL) ? at_root(&f, fixed) : NULL;
    if (!s) {
      skipped++;
      free(fixed);
      oracle_free(&f);
      continue;
    }
    /* A decision no model shares, if propagation takes it without a
     * conflict. */
    int wrong = 0;
    for (int v = 1; v <= nv && !wrong; v++)
      for (int sign = -1; sign <= 1 && !wrong; sign += 2) {
        int lit = sign * v;
        if (fixed[v] || oracle_satisfiable_with(&f, &lit, 1))
          continue;
        assert_int_equal(dpll_decide(s, lit), 0);
        if (dpll_propagate(s) == 0)
          wrong = lit;
        else
          assert_int_equal(dpll_backtrack_to(s, 0), 0);
      }
    /* Up to two more decisions, the last undone if it meets a conflict. */
    for (int k = 0; k < 2; k++) {
      int lit = 0;
      for (int tries = 0; tries < 4 * nv && !lit; tries++) {
        int v = 1 + xorshift_below(&rng, nv);
        if (dpll_value(s, v) == DPLL_UNASSIGNED)
          lit = xorshift_below(&rng, 2) ? v : -v;
      }
      if (!lit)
        break;
      int level = dpll_level(s);
      assert_int_equal(dpll_decide(s, lit), 0);
      if (dpll_propagate(s) != 0) {
        assert_int_equal(dpll_backtrack_to(s, level), 0);
        break;
      }
    }
    contrary += wrong != 0;
    signed char *phases = grown(NULL, (size_t)nv + 1, 1);
    phases[0] = 0;
    for (int v = 1; v <= nv; v++) {
      int value = dpll_value(s, v);
      phases[v] = value == 1   ? 1
                  : value == 0 ? -1
                               : (signed char)(xorshift_below(&rng, 3) - 1);
    }
    char what[80];
    snprintf(what, sizeof what, "above level 0, formula %ld (level %d)", i,
             dpll_level(s));
    CHECK(dpll_level(s) > 0, "%s: no decision made", what);
    long r = walk_checked(s, &f, fixed, phases, BIG_BUDGET, &t, what);
    CHECK(r == 0, "%s: %ld clauses false", what, r);
    if (wrong)
      CHECK(phases[abs(wrong)] == (wrong > 0 ? -1 : 1),
            "%s: the walk kept the decision %d, which no model shares", what,
            wrong);
    dpll_free(s);
    free(phases);
    free(fixed);
    oracle_free(&f);
  }
  print_message("%u walks above level 0 (%ld formulas, %u unsatisfiable or "
                "refuted at level 0): %u found a model, %u of them against a "
                "decision no model shares\n",
                t.walks, count, skipped, t.zeros, contrary);
  CHECK(contrary * 3 >= t.walks && contrary > 0,
        "a decision no model shares in %u of %u walks only", contrary, t.walks);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_planted),
      cmocka_unit_test(test_uniform),
      cmocka_unit_test(test_short_walks),
      cmocka_unit_test(test_level0),
      cmocka_unit_test(test_level0_short),
      cmocka_unit_test(test_level0_satisfies_all),
      cmocka_unit_test(test_start_is_model),
      cmocka_unit_test(test_learned_left_out),
      cmocka_unit_test(test_best_pigeons),
      cmocka_unit_test(test_best_planted),
      cmocka_unit_test(test_option_random),
      cmocka_unit_test(test_option_pigeons),
      cmocka_unit_test(test_out_of_memory),
      cmocka_unit_test(test_above_level0),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
