/* test_assume.c - assumptions, failed sets and incremental solving
 * (assume.c, and dpll_solve keeping what it learned), judged by brute
 * force (tests/oracle.c), through the public API only.
 *
 * - Random small formulas under random assumptions (duplicates, opposite
 *   literals, new variables), both engines, every heuristic, pure literals
 *   on and off: the answer is that of the clauses plus the assumptions as
 *   units; a model makes every assumption true; after UNSAT the failed set
 *   holds only assumptions and is sufficient (the clauses with it alone
 *   are unsatisfiable).
 * - Incremental sequences on one solver: clauses added, solves with and
 *   without assumptions, in any order; every answer against brute force
 *   of the clauses so far.
 * - The calls' contract: errors, states, assumptions forgotten after a
 *   solve, learned clauses kept (the trace shows no deletion between
 *   solves) and dropped before a solve that writes a proof. */
// clang-format off
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
// clang-format on

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dpll.h"
#include "oracle.h"
#include "testutil.h"
#include "tier.h"

#define SEED 0xA55E11EDULL
#define MAX_ASSUMPTIONS 6

/* The random cases in a Release build's quick tier, and their numbers in
 * this run (main scales them: tests/tier.h).  The enumerations are
 * ENUM_FORMULAS at the long tier's scales (five times as many in a
 * Release build's, as many under the sanitizers) and half as many at the
 * quick tier's. */
#define FORMULAS 20000
#define LARGE_FORMULAS 300 /* 3-SAT near the threshold, 14..18 variables */
#define SEQUENCES 2000
#define ENUM_FORMULAS 10000
#define ENUM_QUICK 5000
static long num_formulas, num_large, num_sequences, num_enum;

typedef struct config {
  int algorithm, heuristic, pure;
} config;

static void configure(dpll_solver *s, config c, int64_t seed) {
  assert_int_equal(dpll_set_option(s, "algorithm", c.algorithm), 0);
  assert_int_equal(dpll_set_option(s, "heuristic", c.heuristic), 0);
  assert_int_equal(dpll_set_option(s, "pure", c.pure), 0);
  assert_int_equal(dpll_set_option(s, "seed", seed), 0);
}

static long sat_answers, unsat_answers, failed_smaller, failed_empty;

/* Solves s (holding f) under assumed[0..n-1] and judges the answer. */
static void solve_judged(dpll_solver *s, const oracle_formula *f,
                         const int *assumed, int n, const char *what,
                         long index) {
  for (int i = 0; i < n; i++)
    assert_int_equal(dpll_assume(s, assumed[i]), 0);
  int res = dpll_solve(s);
  int expect = oracle_satisfiable_with(f, assumed, n);
  if (res != (expect ? DPLL_SAT : DPLL_UNSAT))
    fail_msg("%s %ld: answered %d, brute force says %s (%d assumptions)", what,
             index, res, expect ? "SAT" : "UNSAT", n);
  assert_int_equal(dpll_status(s), res);
  if (res == DPLL_SAT) {
    sat_answers++;
    unsigned char model[64];
    for (int v = 1; v <= f->num_vars; v++)
      model[v] = (unsigned char)dpll_model(s, v);
    if (!oracle_check(f, model))
      fail_msg("%s %ld: the model fails a clause", what, index);
    for (int i = 0; i < n; i++)
      if (dpll_model(s, assumed[i]) != 1)
        fail_msg("%s %ld: the model makes assumption %d false", what, index,
                 assumed[i]);
    assert_int_equal(dpll_failed(s, n ? assumed[0] : 1), DPLL_ENOANSWER);
    return;
  }
  unsat_answers++;
  int failed[MAX_ASSUMPTIONS], nf = 0;
  for (int i = 0; i < n; i++) {
    int r = dpll_failed(s, assumed[i]);
    assert_true(r == 0 || r == 1);
    bool seen = false;
    for (int k = 0; k < nf; k++)
      seen |= failed[k] == assumed[i];
    if (r && !seen)
      failed[nf++] = assumed[i];
  }
  /* Only assumptions fail: any other literal of the variables says 0. */
  for (int v = 1; v <= dpll_num_vars(s); v++)
    for (int sign = -1; sign <= 1; sign += 2) {
      int lit = sign * v;
      bool assumption = false;
      for (int i = 0; i < n; i++)
        assumption |= assumed[i] == lit;
      if (!assumption && dpll_failed(s, lit) != 0)
        fail_msg("%s %ld: %d is in the failed set but was not assumed", what,
                 index, lit);
    }
  if (oracle_satisfiable_with(f, failed, nf))
    fail_msg("%s %ld: the failed set (%d of %d assumptions) is not enough: "
             "the clauses with it are satisfiable",
             what, index, nf, n);
  failed_smaller += nf < n;
  failed_empty += nf == 0;
}

/* Random assumptions over variables 1..nv+1 (one beyond the formula,
 * sometimes), repeats and opposite pairs included. */
static int draw_assumptions(uint64_t *rng, int nv, int *out) {
  int n = oracle_below(rng, MAX_ASSUMPTIONS + 1);
  for (int i = 0; i < n; i++) {
    int v = 1 + oracle_below(rng, nv + 1);
    out[i] = oracle_below(rng, 2) ? v : -v;
    if (i > 0 && oracle_below(rng, 8) == 0)
      out[i] = oracle_below(rng, 2) ? out[i - 1] : -out[i - 1];
  }
  return n;
}

static const config configs[] = {
    {DPLL_ALGORITHM_CDCL, DPLL_HEURISTIC_AUTO, 1},
    {DPLL_ALGORITHM_CDCL, DPLL_HEURISTIC_AUTO, 0},
    {DPLL_ALGORITHM_CDCL, DPLL_HEURISTIC_RANDOM, 1},
    {DPLL_ALGORITHM_CDCL, DPLL_HEURISTIC_JW, 1},
    {DPLL_ALGORITHM_DPLL, DPLL_HEURISTIC_AUTO, 1},
    {DPLL_ALGORITHM_DPLL, DPLL_HEURISTIC_AUTO, 0},
    {DPLL_ALGORITHM_DPLL, DPLL_HEURISTIC_DLIS, 1},
    {DPLL_ALGORITHM_DPLL, DPLL_HEURISTIC_RANDOM, 1},
};
#define NUM_CONFIGS (sizeof configs / sizeof *configs)

/* Formula i (f, freed here) on a new solver under assumptions over
 * variables 1..assume_vars, in configuration i modulo the table. */
static void judge_one(oracle_formula *f, uint64_t *rng, int assume_vars, long i,
                      const char *kind) {
  int assumed[MAX_ASSUMPTIONS];
  int n = draw_assumptions(rng, assume_vars, assumed);
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  configure(s, configs[i % NUM_CONFIGS], (int64_t)i);
  add_formula(s, f, 0);
  char what[64];
  snprintf(what, sizeof what, "%s (config %zu)", kind, i % NUM_CONFIGS);
  solve_judged(s, f, assumed, n, what, i);
  dpll_free(s);
  oracle_free(f);
}

static void test_random_assumptions(void **state) {
  (void)state;
  uint64_t rng = SEED;
  sat_answers = unsat_answers = failed_smaller = failed_empty = 0;
  for (long i = 0; i < num_formulas; i++) {
    int nv = 3 + oracle_below(&rng, 10);
    oracle_formula f;
    oracle_random(&f, &rng, nv, (size_t)(nv + oracle_below(&rng, 3 * nv)), 2,
                  4);
    judge_one(&f, &rng, nv, i, "formula");
  }
  /* Larger ones, where the searches under assumptions meet conflicts. */
  for (long i = 0; i < num_large; i++) {
    int nv = 14 + oracle_below(&rng, 5);
    oracle_formula f;
    oracle_random(&f, &rng, nv, (size_t)(nv * 4 + oracle_below(&rng, nv / 2)),
                  3, 3);
    judge_one(&f, &rng, nv - 1, i, "3-SAT formula");
  }
  print_message("assumptions: %ld formulas and %ld of 3-SAT, %ld SAT, %ld "
                "UNSAT (%ld failed sets smaller than the assumptions, %ld "
                "empty)\n",
                num_formulas, num_large, sat_answers, unsat_answers,
                failed_smaller, failed_empty);
  assert_true(sat_answers > num_formulas / 5 &&
              unsat_answers > num_formulas / 5);
  assert_true(failed_smaller > 0);
}

/* One solver through a sequence of additions and solves. */
static void test_incremental_sequences(void **state) {
  (void)state;
  uint64_t rng = SEED ^ 0x5E9;
  long solves = 0;
  sat_answers = unsat_answers = 0;
  for (long q = 0; q < num_sequences; q++) {
    int nv = 6 + oracle_below(&rng, 9);
    oracle_formula f;
    oracle_init(&f, nv);
    config c = configs[q % NUM_CONFIGS];
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    configure(s, c, (int64_t)q);
    int rounds = 3 + oracle_below(&rng, 10);
    for (int r = 0; r < rounds; r++) {
      size_t before = f.num_clauses;
      int add = oracle_below(&rng, nv);
      for (int k = 0; k < add; k++)
        oracle_add_random(&f, &rng, 4);
      add_formula(s, &f, before);
      int assumed[MAX_ASSUMPTIONS];
      int n =
          oracle_below(&rng, 3) ? draw_assumptions(&rng, nv - 1, assumed) : 0;
      solve_judged(s, &f, assumed, n, "sequence", q);
      solves++;
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("incremental: %ld solves in %ld sequences, %ld SAT, %ld "
                "UNSAT\n",
                solves, num_sequences, sat_answers, unsat_answers);
  assert_true(sat_answers > solves / 10 && unsat_answers > solves / 10);
}

/* Adds block b to s with its variables moved up by offset. */
static void load_block(dpll_solver *s, const oracle_formula *b, int offset) {
  int lits[8];
  for (size_t c = 0; c < b->num_clauses; c++) {
    size_t n = b->start[c + 1] - b->start[c];
    for (size_t k = 0; k < n; k++) {
      int l = b->lits[b->start[c] + k];
      lits[k] = l > 0 ? l + offset : l - offset;
    }
    assert_int_equal(dpll_add_clause(s, lits, n), 0);
  }
}

/* One cdcl solver through many solves, as an incremental user drives it:
 * every 10 solves a new block of clauses (satisfiable 3-SAT near the
 * threshold, on variables of its own) arrives, and the solves assume
 * literals of the newest block.  The learned clauses of earlier blocks
 * pile up and turn useless, so the reductions at the start of solves and
 * the deletion of earlier solves' clauses (reduce.c) run many times.  The
 * blocks share no variable, so brute force on the newest block judges
 * each answer, and every block must hold in each model.
 *
 * A run has BLOCKS blocks, with the default options throughout; reductions
 * start after 1000 conflicts, some 140 blocks in.  A short run (the
 * sanitizer build's quick tier: its debug build checks the whole solver
 * at each solve, so a run costs the square of its length) is the same run
 * for its first SHORT_SWITCH blocks and then turns to the random
 * heuristic, whose searches meet three times as many conflicts: its
 * reductions start some 80 blocks in, and SHORT_BLOCKS blocks make about
 * as many as a whole run does. */
#define BLOCKS 200
#define SHORT_BLOCKS 100
#define SHORT_SWITCH 60
#define BLOCK_VARS 17
#define BLOCK_CLAUSES 72

/* Whether block b (variables 1..BLOCK_VARS) with the unit clauses
 * units[0..n-1] over its variables is satisfiable: brute force
 * (oracle_satisfiable) on a copy of b with the units in front, so that
 * the assignments a unit rules out are dropped before b's clauses are
 * looked at (the answer is that of oracle_satisfiable_with). */
static int block_satisfiable_with(const oracle_formula *b, const int *units,
                                  int n) {
  static size_t start[BLOCK_CLAUSES + MAX_ASSUMPTIONS + 1];
  static int lits[3 * BLOCK_CLAUSES + MAX_ASSUMPTIONS];
  assert_true(b->num_clauses == BLOCK_CLAUSES && n <= MAX_ASSUMPTIONS);
  oracle_formula g = {b->num_vars, 0, start, lits};
  start[0] = 0;
  for (int i = 0; i < n; i++) {
    assert_true(units[i] != 0 && abs(units[i]) <= b->num_vars);
    lits[i] = units[i];
    start[++g.num_clauses] = (size_t)i + 1;
  }
  size_t used = (size_t)n;
  for (size_t c = 0; c < b->num_clauses; c++) {
    for (size_t k = b->start[c]; k < b->start[c + 1]; k++)
      lits[used++] = b->lits[k];
    start[++g.num_clauses] = used;
  }
  return oracle_satisfiable(&g, NULL);
}

static void long_run(uint64_t seed, bool short_run) {
  uint64_t rng = seed;
  oracle_formula blocks[BLOCKS];
  int num_blocks = short_run ? SHORT_BLOCKS : BLOCKS;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  sat_answers = unsat_answers = 0;
  long solves = 0;
  for (int k = 0; k < num_blocks; k++) {
    if (short_run && k == SHORT_SWITCH)
      assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_RANDOM),
                       0);
    do
      oracle_random(&blocks[k], &rng, BLOCK_VARS, BLOCK_CLAUSES, 3, 3);
    while (!oracle_satisfiable(&blocks[k], NULL) &&
           (oracle_free(&blocks[k]), true));
    int offset = k * BLOCK_VARS;
    /* Whether block k implies literal l (implied[l + BLOCK_VARS]: -1 not
     * asked yet): a variable fixed once stays fixed through the block's
     * solves, so each question goes to brute force once. */
    signed char implied[2 * BLOCK_VARS + 1];
    memset(implied, -1, sizeof implied);
    load_block(s, &blocks[k], offset);
    for (int q = 0; q < 10; q++, solves++) {
      int assumed[MAX_ASSUMPTIONS], moved[MAX_ASSUMPTIONS];
      int n = draw_assumptions(&rng, BLOCK_VARS - 1, assumed);
      for (int i = 0; i < n; i++) {
        moved[i] = assumed[i] > 0 ? assumed[i] + offset : assumed[i] - offset;
        assert_int_equal(dpll_assume(s, moved[i]), 0);
      }
      int res = dpll_solve(s);
      int expect = block_satisfiable_with(&blocks[k], assumed, n);
      /* What the solver keeps as fixed (level 0) must follow from the
       * clauses: a root pure literal, say, is taken back. */
      for (int v = 1; v <= BLOCK_VARS; v++) {
        int value = dpll_value(s, v + offset);
        if (value == DPLL_UNASSIGNED)
          continue;
        int unit = value == 1 ? -v : v; /* the negation of the fixed value */
        signed char *known = &implied[BLOCK_VARS - unit];
        if (*known < 0)
          *known = !block_satisfiable_with(&blocks[k], &unit, 1);
        if (!*known)
          fail_msg("long run (seed %#llx), solve %ld: %d stays fixed, but the "
                   "clauses do not imply it",
                   (unsigned long long)seed, solves,
                   -unit + (unit > 0 ? -offset : offset));
      }
      if (res != (expect ? DPLL_SAT : DPLL_UNSAT))
        fail_msg("long run (seed %#llx), solve %ld: answered %d, brute force "
                 "says %s",
                 (unsigned long long)seed, solves, res,
                 expect ? "SAT" : "UNSAT");
      if (res == DPLL_SAT) {
        sat_answers++;
        for (int b = 0; b <= k; b++) {
          unsigned char model[BLOCK_VARS + 1];
          for (int v = 1; v <= BLOCK_VARS; v++)
            model[v] = (unsigned char)dpll_model(s, v + b * BLOCK_VARS);
          if (!oracle_check(&blocks[b], model))
            fail_msg(
                "long run (seed %#llx), solve %ld: the model fails block %d",
                (unsigned long long)seed, solves, b);
        }
        for (int i = 0; i < n; i++)
          if (dpll_model(s, moved[i]) != 1)
            fail_msg("long run (seed %#llx), solve %ld: assumption %d is false",
                     (unsigned long long)seed, solves, moved[i]);
        continue;
      }
      unsat_answers++;
      int failed[MAX_ASSUMPTIONS], nf = 0;
      for (int i = 0; i < n; i++)
        if (dpll_failed(s, moved[i]) == 1)
          failed[nf++] = assumed[i];
      if (block_satisfiable_with(&blocks[k], failed, nf))
        fail_msg(
            "long run (seed %#llx), solve %ld: the failed set is not enough",
            (unsigned long long)seed, solves);
    }
  }
  dpll_stats st;
  dpll_get_stats(s, &st);
  print_message("%s run (seed %#llx): %ld solves, %ld SAT, %ld UNSAT; %llu "
                "conflicts, %llu learned, %llu deleted\n",
                short_run ? "short" : "long", (unsigned long long)seed, solves,
                sat_answers, unsat_answers, (unsigned long long)st.conflicts,
                (unsigned long long)st.learned, (unsigned long long)st.deleted);
  assert_true(st.deleted > 0);
  assert_true(sat_answers > solves / 10 && unsat_answers > solves / 10);
  for (int k = 0; k < num_blocks; k++)
    oracle_free(&blocks[k]);
  dpll_free(s);
}

/* LONG_RUNS runs in a Release build's quick tier (tests/tier.h), each on
 * a seed of its own.  The first seed's run once broke the watches at level
 * 0 (a root pure literal whose negation earlier learned clauses held; see
 * pure.c): the debug build's check aborted on it, in block 56.  A run is
 * long by nature (reductions come after 1000 conflicts), so a smaller
 * scale makes fewer runs, never shorter ones, and always that one; below
 * scale 100 (the sanitizer build's quick tier) it is a short run, the same
 * as a whole one up to block SHORT_SWITCH, past block 56. */
#define LONG_RUNS 2

static void test_long_run(void **state) {
  (void)state;
  long runs = tier_cases(LONG_RUNS);
  for (long r = 0; r < runs; r++)
    long_run(SEED ^ (0x1045 + (uint64_t)r), tier_scale() < 100);
}

static int deletions, learned;
static void count_events(void *ctx, const dpll_event *e) {
  (void)ctx;
  deletions += e->kind == DPLL_EVENT_DELETE;
  learned += e->kind == DPLL_EVENT_LEARN;
}

static int discard_step(void *ctx, int deleted, const int *lits, size_t n) {
  (void)ctx;
  (void)deleted;
  (void)lits;
  (void)n;
  return 0;
}

static void test_contract(void **state) {
  (void)state;
  assert_int_equal(dpll_assume(NULL, 1), DPLL_EINVAL);
  assert_int_equal(dpll_failed(NULL, 1), DPLL_EINVAL);
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_assume(s, 0), DPLL_ERANGE);
  assert_int_equal(dpll_assume(s, INT_MIN), DPLL_ERANGE);
  assert_int_equal(dpll_failed(s, 1), DPLL_ENOANSWER); /* no solve yet */
  /* (1 2) (-1 2): 2 must hold. */
  const int c1[] = {1, 2}, c2[] = {-1, 2};
  assert_int_equal(dpll_add_clause(s, c1, 2), 0);
  assert_int_equal(dpll_add_clause(s, c2, 2), 0);
  assert_int_equal(dpll_assume(s, 5), 0); /* makes 5 exist */
  assert_int_equal(dpll_num_vars(s), 5);
  assert_int_equal(dpll_assume(s, -2), 0);
  assert_int_equal(dpll_assume(s, 1), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  assert_int_equal(dpll_failed(s, -2), 1);
  assert_int_equal(dpll_failed(s, 5), 0);
  assert_int_equal(dpll_failed(s, 2), 0);
  assert_int_equal(dpll_failed(s, 0), DPLL_ERANGE);
  /* The assumptions are gone: the clauses alone are satisfiable. */
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 2), 1);
  assert_int_equal(dpll_failed(s, -2), DPLL_ENOANSWER);
  /* An assumption ends the answer, as an added clause does. */
  assert_int_equal(dpll_assume(s, 1), 0);
  assert_int_equal(dpll_model(s, 2), DPLL_ENOMODEL);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 1), 1);
  /* UNSAT under assumptions leaves the formula satisfiable; UNSAT of the
   * clauses is for good, with an empty failed set. */
  assert_int_equal(dpll_assume(s, -2), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  assert_int_equal(dpll_assume(s, 3), 0);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  const int u[] = {-2};
  assert_int_equal(dpll_add_clause(s, u, 1), 0);
  assert_int_equal(dpll_assume(s, 1), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  assert_int_equal(dpll_failed(s, 1), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
}

/* PHP(n+1, n) as clauses. */
static void pigeons(dpll_solver *s, int n) {
  for (int p = 0; p <= n; p++) {
    int c[16];
    for (int h = 0; h < n; h++)
      c[h] = 1 + p * n + h;
    assert_int_equal(dpll_add_clause(s, c, (size_t)n), 0);
  }
  for (int h = 0; h < n; h++)
    for (int p = 0; p <= n; p++)
      for (int q = p + 1; q <= n; q++) {
        int c[2] = {-(1 + p * n + h), -(1 + q * n + h)};
        assert_int_equal(dpll_add_clause(s, c, 2), 0);
      }
}

/* What cdcl learns stays: a second solve under the same assumptions
 * learns less, and nothing is deleted between solves (reduction off);
 * before a solve that writes a proof, everything learned is deleted. */
static void test_learned_kept(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "reduce", 0), 0);
  pigeons(s, 6); /* PHP(7, 6): unsatisfiable whatever is assumed */
  dpll_set_trace(s, count_events, NULL);
  learned = deletions = 0;
  assert_int_equal(dpll_assume(s, 1), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  int first = learned;
  assert_true(first > 0);
  assert_int_equal(deletions, 0);
  /* The failed set may be {1} or empty: both are sufficient. */
  assert_true(dpll_failed(s, 1) == 0 || dpll_failed(s, 1) == 1);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  assert_int_equal(deletions, 0); /* still all there */
  print_message("PHP(7, 6): %d clauses learned under an assumption, %d more "
                "without\n",
                first, learned - first);
  dpll_free(s);

  /* A satisfiable formula solved twice: the second solve starts with the
   * clauses learned by the first. */
  s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "reduce", 0), 0);
  assert_int_equal(dpll_set_option(s, "restarts", DPLL_RESTARTS_NONE), 0);
  uint64_t rng = SEED;
  oracle_formula f;
  oracle_random(&f, &rng, 60, 250, 3, 3);
  add_formula(s, &f, 0);
  dpll_set_trace(s, count_events, NULL);
  learned = deletions = 0;
  int res = dpll_solve(s);
  int after_first = learned;
  assert_int_equal(res, DPLL_SAT);
  assert_int_equal(dpll_solve(s), res);
  assert_int_equal(deletions, 0);
  /* With a proof sink: the learned clauses are deleted first. */
  if (learned > 0) {
    dpll_set_proof_callback(s, discard_step, NULL);
    deletions = 0;
    assert_int_equal(dpll_solve(s), res);
    assert_true(deletions > 0 || after_first == 0);
  }
  print_message("learned: %d clauses in the first solve of a random 3-SAT "
                "formula, %d after the second\n",
                after_first, learned);
  oracle_free(&f);
  dpll_free(s);
}

/* Enumeration with dpll_block_model: on small formulas, the projected
 * models found are exactly the distinct projections of the models that
 * brute force finds, each once. */
static void test_enumerate(void **state) {
  (void)state;
  uint64_t rng = SEED ^ 0xE4;
  long models = 0, formulas_with_many = 0;
  for (long i = 0; i < num_enum; i++) {
    int nv = 1 + oracle_below(&rng, 10);
    oracle_formula f;
    oracle_random(&f, &rng, nv, (size_t)oracle_below(&rng, 3 * nv + 1), 1, 4);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    configure(s, configs[i % NUM_CONFIGS], (int64_t)i);
    add_formula(s, &f, 0);
    int exist = dpll_num_vars(s);
    /* The projection: every variable (n = 0), or a random subset. */
    int proj[16], n = 0;
    bool all = oracle_below(&rng, 3) == 0;
    for (int v = 1; v <= exist && !all; v++)
      if (oracle_below(&rng, 2))
        proj[n++] = v;
    all = all || n == 0; /* n = 0 asks for every variable */
    if (all)
      for (int v = 1; v <= exist; v++)
        proj[n++] = v;
    /* Brute force: the distinct projections of the models. */
    static unsigned char want[1 << 10], got[1 << 10];
    memset(want, 0, sizeof want);
    memset(got, 0, sizeof got);
    long expect = 0;
    unsigned char model[16];
    for (unsigned a = 0; a < 1u << nv; a++) {
      for (int v = 1; v <= nv; v++)
        model[v] = (unsigned char)(a >> (v - 1) & 1);
      if (!oracle_check(&f, model))
        continue;
      unsigned key = 0;
      for (int k = 0; k < n; k++)
        key |= (unsigned)model[proj[k]] << k;
      expect += !want[key];
      want[key] = 1;
    }
    long found = 0;
    for (;;) {
      int res = dpll_solve(s);
      if (res == DPLL_UNSAT)
        break;
      assert_int_equal(res, DPLL_SAT);
      for (int v = 1; v <= nv; v++)
        model[v] = (unsigned char)(v <= exist && dpll_model(s, v) == 1);
      if (!oracle_check(&f, model))
        fail_msg("enumeration %ld: a model fails a clause", i);
      unsigned key = 0;
      for (int k = 0; k < n; k++)
        key |= (unsigned)model[proj[k]] << k;
      if (!want[key] || got[key])
        fail_msg("enumeration %ld: projected model %u %s", i, key,
                 got[key] ? "found twice" : "is not a model's projection");
      got[key] = 1;
      found++;
      assert_int_equal(
          dpll_block_model(s, all ? NULL : proj, all ? 0 : (size_t)n), 0);
      assert_true(found <= expect);
    }
    if (found != expect)
      fail_msg("enumeration %ld: %ld projected models found, brute force "
               "counts %ld",
               i, found, expect);
    models += found;
    formulas_with_many += found > 1;
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("enumeration: %ld formulas, %ld projected models, %ld "
                "formulas with more than one\n",
                num_enum, models, formulas_with_many);
  assert_true(formulas_with_many > num_enum / 4);

  /* The contract. */
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  const int c[] = {1, 2};
  assert_int_equal(dpll_add_clause(s, c, 2), 0);
  assert_int_equal(dpll_block_model(s, NULL, 0), DPLL_ENOMODEL);
  assert_int_equal(dpll_block_model(NULL, NULL, 0), DPLL_EINVAL);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  const int bad[] = {0}, beyond[] = {3}, one[] = {1};
  assert_int_equal(dpll_block_model(s, NULL, 1), DPLL_EINVAL);
  assert_int_equal(dpll_block_model(s, bad, 1), DPLL_ERANGE);
  assert_int_equal(dpll_block_model(s, beyond, 1), DPLL_ENOVAR);
  assert_int_equal(dpll_status(s), DPLL_SAT); /* nothing changed */
  assert_int_equal(dpll_block_model(s, one, 1), 0);
  assert_int_equal(dpll_block_model(s, one, 1), DPLL_ENOMODEL); /* INPUT */
  assert_int_equal(dpll_solve(s), DPLL_SAT); /* the other value of 1 */
  assert_int_equal(dpll_block_model(s, one, 1), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT); /* 1 has no third value */
  dpll_free(s);
}

int main(void) {
  num_formulas = tier_cases(FORMULAS);
  num_large = tier_cases(LARGE_FORMULAS);
  num_sequences = tier_cases(SEQUENCES);
  num_enum = tier_cases(tier_long() ? ENUM_FORMULAS : ENUM_QUICK);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_contract),
      cmocka_unit_test(test_random_assumptions),
      cmocka_unit_test(test_incremental_sequences),
      cmocka_unit_test(test_long_run),
      cmocka_unit_test(test_learned_kept),
      cmocka_unit_test(test_enumerate),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
