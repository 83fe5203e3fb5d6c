/* test_threads.c - libdpll and libpeg from several threads at once, and the
 * portfolio of one solve in threads (portfolio.c); every answer judged by
 * the brute-force oracle (tests/oracle.c), every play by pegcheck.  Run
 * under ThreadSanitizer by the long tier (a build with -DDPLL_TSAN=ON);
 * the quick tier runs it in both other builds.
 *
 *   - separate solvers on 8 threads, each its own random formulas, and
 *     separate libpeg boards and encodings solved on 4 threads;
 *   - libpeg's own threads: peg_enumerate_parallel's counts against
 *     pegcheck's, peg_hints_find_parallel's plays replayed by it;
 *   - portfolios of 2 to 4 searches on random formulas (both verdicts), on
 *     pigeonhole formulas (unsatisfiable) and on peg puzzles, with and
 *     without the caller's learn and terminate callbacks, and with the
 *     rounds of vivification and probing at restarts;
 *   - a portfolio stopped by the caller's terminate callback or a conflict
 *     limit gives DPLL_UNKNOWN; under assumptions, with a proof or a trace,
 *     it is one search (its failed assumptions and proof are right). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "oracle.h"
#include "pegcheck.h"
#include "testutil.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loads f into s. */
/* The model of s on f's variables, as the oracle reads it. */
static void model_of(const dpll_solver *s, int num_vars, unsigned char *m) {
  m[0] = 0;
  for (int v = 1; v <= num_vars; v++)
    m[v] = v <= dpll_num_vars(s) && dpll_model(s, v) == 1;
}

/* Solves f with s; the verdict must be the oracle's, a model a model.
 * Returns NULL, or what is wrong (a static string). */
static const char *judge(dpll_solver *s, const oracle_formula *f) {
  int res = dpll_solve(s);
  int sat = oracle_satisfiable(f, NULL);
  if (res != (sat ? DPLL_SAT : DPLL_UNSAT))
    return "verdict differs from the oracle's";
  if (sat) {
    unsigned char m[32];
    model_of(s, f->num_vars, m);
    if (!oracle_check(f, m))
      return "the model does not satisfy the formula";
  }
  return NULL;
}

/* ---- Separate solvers on separate threads ------------------------------ */

typedef struct job {
  uint64_t seed;
  int threads; /* the option "threads" of each solve */
  int cases;
  const char *failure; /* NULL, or the first thing wrong */
  int sat, unsat;
} job;

static void *solve_random(void *arg) {
  job *j = arg;
  uint64_t rng = j->seed;
  for (int c = 0; c < j->cases && !j->failure; c++) {
    oracle_formula f;
    int n = 6 + oracle_below(&rng, 10);
    oracle_random(&f, &rng, n, (size_t)(n + oracle_below(&rng, 4 * n)), 2, 4);
    dpll_solver *s = dpll_new();
    if (!s) {
      j->failure = "out of memory";
      oracle_free(&f);
      break;
    }
    dpll_set_option(s, "algorithm", c % 3);
    dpll_set_option(s, "threads", j->threads);
    add_formula(s, &f, 0);
    j->failure = judge(s, &f);
    if (dpll_status(s) == DPLL_SAT)
      j->sat++;
    else
      j->unsat++;
    dpll_free(s);
    oracle_free(&f);
  }
  return NULL;
}

/* Runs n jobs of fn on n threads at once and checks them. */
static void run_jobs(void *(*fn)(void *), job *jobs, int n) {
  pthread_t t[16];
  assert_true(n <= 16);
  for (int i = 0; i < n; i++)
    assert_int_equal(pthread_create(&t[i], NULL, fn, &jobs[i]), 0);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < n; i++)
    CHECK(!jobs[i].failure, "thread %d: %s", i, jobs[i].failure);
}

static void test_solvers_in_threads(void **state) {
  (void)state;
  job jobs[8];
  for (int i = 0; i < 8; i++)
    jobs[i] = (job){
        .seed = 1000 + (uint64_t)i, .threads = 1, .cases = (int)tier_cases(60)};
  run_jobs(solve_random, jobs, 8);
  int sat = 0, unsat = 0;
  for (int i = 0; i < 8; i++)
    sat += jobs[i].sat, unsat += jobs[i].unsat;
  CHECK(sat > 0 && unsat > 0, "both verdicts: %d sat, %d unsat", sat, unsat);
}

static int add_clause(void *s, const int *lits, size_t n) {
  return dpll_add_clause(s, lits, n);
}

static int model_value(void *s, int atom) { return dpll_model(s, atom); }

/* Each thread: triangle4 from every hole (and a free start) through its
 * own board, encoding and solver; solvable exactly when pegcheck finds a
 * play, and the play replays in pegcheck. */
static void *solve_pegs(void *arg) {
  job *j = arg;
  for (int empty = 0; empty <= 10 && !j->failure; empty++) {
    peg_board *b = named("triangle4", empty);
    peg_encoding *e = encode_default(b);
    dpll_solver *s = dpll_new();
    dpll_set_option(s, "threads", j->threads);
    assert_int_equal(peg_encoding_emit(e, add_clause, s), 0);
    pc_board pc;
    pc_board_triangle(&pc, 4, empty);
    int res = dpll_solve(s);
    if (res != (pc_count_plays(&pc) ? DPLL_SAT : DPLL_UNSAT))
      j->failure = "a peg verdict differs from pegcheck's";
    if (res == DPLL_SAT) {
      peg_jump jumps[16];
      int(*plays)[3] = calloc(16, sizeof *plays);
      if (peg_decode(e, model_value, s, jumps, NULL))
        j->failure = "a model does not decode";
      for (int k = 0; k < peg_encoding_steps(e); k++)
        plays[k][0] = jumps[k].from, plays[k][1] = jumps[k].over,
        plays[k][2] = jumps[k].to;
      char why[200];
      if (!j->failure && !pc_replay(&pc, (const int(*)[3])plays,
                                    peg_encoding_steps(e), why, sizeof why))
        j->failure = "a play does not replay in pegcheck";
      free(plays);
      j->sat++;
    }
    pc_board_free(&pc);
    dpll_free(s);
    peg_encoding_free(e);
    peg_board_free(b);
  }
  return NULL;
}

static void test_peg_in_threads(void **state) {
  (void)state;
  job jobs[4];
  for (int i = 0; i < 4; i++)
    jobs[i] = (job){.threads = i % 2 ? 2 : 1};
  run_jobs(solve_pegs, jobs, 4);
  for (int i = 1; i < 4; i++)
    CHECK(jobs[i].sat == jobs[0].sat, "thread %d: %d solvable starts, not %d",
          i, jobs[i].sat, jobs[0].sat);
  CHECK(jobs[0].sat > 0, "some start of triangle4 is solvable");
}

/* libpeg's _parallel calls: counts and hints from 3 solvers in threads of
 * libpeg's own, judged by pegcheck's counts and replays. */
static int solver_solve(void *ctx, const int *assumptions, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (dpll_assume(ctx, assumptions[i]))
      return -1;
  return dpll_solve(ctx);
}

static int count_one(void *ctx, const peg_jump *jumps, size_t n) {
  (void)jumps;
  (void)n;
  (*(uint64_t *)ctx)++;
  return 0;
}

static void test_peg_parallel_calls(void **state) {
  (void)state;
  peg_solver s[3];
  for (int empty = 0; empty <= 10; empty++) {
    peg_board *b = named("triangle4", empty);
    peg_encoding *e = encode_default(b);
    assert_int_equal(peg_encoding_set_option(e, "canonical_order", 0), 0);
    for (int k = 0; k < 3; k++)
      s[k] = (peg_solver){dpll_new(), add_clause, solver_solve, model_value};
    pc_board pc;
    pc_board_triangle(&pc, 4, empty);
    uint64_t count = 0, calls = 0;
    int rc = peg_enumerate_parallel(e, s, 3, 0, count_one, &calls, &count);
    CHECK(rc == 0 && count == pc_count_plays(&pc) && calls == count,
          "triangle4 from %d: rc %d, %llu plays (%llu calls), pegcheck %llu",
          empty, rc, (unsigned long long)count, (unsigned long long)calls,
          (unsigned long long)pc_count_plays(&pc));
    for (int k = 0; k < 3; k++) {
      dpll_free(s[k].ctx);
      s[k].ctx = dpll_new();
    }
    peg_hints h;
    if (empty) {
      assert_int_equal(peg_hints_find_parallel(b, s, 3, &h), 0);
      for (size_t i = 0; i < h.count; i++) {
        int(*play)[3] = calloc(h.steps + 1, sizeof *play);
        for (size_t k = 0; k < h.steps; k++) {
          peg_jump x = h.plays[i * h.steps + k];
          play[k][0] = x.from, play[k][1] = x.over, play[k][2] = x.to;
        }
        char why[200];
        CHECK(!h.wins[i] || pc_replay(&pc, (const int(*)[3])play, (int)h.steps,
                                      why, sizeof why),
              "triangle4 from %d: hint %zu's play: %s", empty, i, why);
        free(play);
      }
      peg_hints_clear(&h);
    }
    for (int k = 0; k < 3; k++)
      dpll_free(s[k].ctx);
    pc_board_free(&pc);
    peg_encoding_free(e);
    peg_board_free(b);
  }
}

/* ---- Portfolios ---------------------------------------------------------- */

/* A formula that the classic engine, splitting in index order without
 * pure literals, cannot finish in any time, and that conflict learning
 * settles at once.  Variables 1..K must take the values 1, 0, 1, 0, ...
 * when y = K + 4 is true; the eight clauses of the full contradiction on
 * K+1..K+3 each hold y too (sat: y and the pattern make a model) or not
 * (unsatisfiable).  Classic splitting sets 1..K first, and misses the
 * pattern at variable 1 or 2 whichever value it tries first; it meets the
 * contradiction only below them, and chronological backtracking must
 * flip all of them, 2^K branches.  Conflict analysis learns clauses of
 * K+1..K+3 (and y) alone. */
#define ADOPT_K 40
static void adopt_formula(oracle_formula *f, int sat) {
  int y = ADOPT_K + 4, a = ADOPT_K + 1;
  oracle_init(f, y);
  for (int i = 1; i <= ADOPT_K; i++) {
    int c[2] = {-y, i % 2 ? i : -i}; /* y -> the pattern */
    oracle_add(f, c, 2);
  }
  for (int m = 0; m < 8; m++) { /* the contradiction, each clause with y */
    int c[4] = {m & 1 ? a : -a, m & 2 ? a + 1 : -(a + 1),
                m & 4 ? a + 2 : -(a + 2), y};
    oracle_add(f, c, sat ? 4 : 3);
  }
}

/* The answer of a search other than the caller's own: search 0 is the
 * classic engine above, which can only be stopped; the others are cdcl
 * (portfolio.c), so the answer must be adopted from one of them. */
static void test_portfolio_adopt(void **state) {
  (void)state;
  for (int sat = 1; sat >= 0; sat--) {
    oracle_formula f;
    adopt_formula(&f, sat);
    dpll_solver *s = dpll_new();
    assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_DPLL), 0);
    assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_FIRST), 0);
    assert_int_equal(dpll_set_option(s, "pure", 0), 0);
    add_formula(s, &f, 0);
    /* Alone, a million decisions do not settle it. */
    assert_int_equal(dpll_set_option(s, "decision_limit", 1000000), 0);
    CHECK(dpll_solve(s) == DPLL_UNKNOWN, "the classic search alone finished");
    assert_int_equal(dpll_set_option(s, "decision_limit", -1), 0);
    assert_int_equal(dpll_set_option(s, "threads", 2), 0);
    int res = dpll_solve(s);
    CHECK(res == (sat ? DPLL_SAT : DPLL_UNSAT), "adopted: %d, expected %s", res,
          sat ? "SAT" : "UNSAT");
    if (sat) {
      unsigned char m[ADOPT_K + 5];
      model_of(s, f.num_vars, m);
      CHECK(oracle_check(&f, m), "the adopted model satisfies the formula");
    } else {
      /* The formula holds the eight clauses on three variables: the
       * oracle shows that they alone are unsatisfiable. */
      oracle_formula core;
      oracle_init(&core, 3);
      for (size_t i = 0; i < f.num_clauses; i++)
        if (f.start[i + 1] - f.start[i] == 3) {
          int c[3];
          for (int k = 0; k < 3; k++)
            c[k] = f.lits[f.start[i] + (size_t)k] > 0
                       ? f.lits[f.start[i] + (size_t)k] - ADOPT_K
                       : f.lits[f.start[i] + (size_t)k] + ADOPT_K;
          oracle_add(&core, c, 3);
        }
      CHECK(core.num_clauses == 8 && !oracle_satisfiable(&core, NULL),
            "the formula's core is satisfiable");
      oracle_free(&core);
      CHECK(dpll_status(s) == DPLL_UNSAT, "unsatisfiable for good");
    }
    dpll_free(s);
    oracle_free(&f);
  }
}

static void test_portfolio_random(void **state) {
  (void)state;
  job jobs[2];
  for (int i = 0; i < 2; i++)
    jobs[i] = (job){.seed = 77 + (uint64_t)i,
                    .threads = 2 + 2 * i,
                    .cases = (int)tier_cases(40)};
  run_jobs(solve_random, jobs, 2);
}

/* Larger formulas, where the searches have time to share: pigeonhole
 * (unsatisfiable) and random 3-SAT with a planted model (satisfiable). */
static void test_portfolio_larger(void **state) {
  (void)state;
  for (int threads = 2; threads <= 4; threads++) {
    oracle_formula f;
    oracle_pigeons(&f, 7);
    dpll_solver *s = dpll_new();
    dpll_set_option(s, "threads", threads);
    add_formula(s, &f, 0);
    CHECK(dpll_solve(s) == DPLL_UNSAT, "PHP(8,7), %d threads", threads);
    dpll_stats st;
    dpll_get_stats(s, &st);
    CHECK(st.conflicts > 0, "conflicts are counted");
    dpll_free(s);
    oracle_free(&f);

    uint64_t rng = 5 + (uint64_t)threads;
    int n = 150;
    unsigned char planted[151];
    for (int v = 1; v <= n; v++)
      planted[v] = (unsigned char)oracle_below(&rng, 2);
    oracle_init(&f, n);
    while (f.num_clauses < 600) { /* clauses the planted model satisfies */
      int c[3];
      for (int k = 0; k < 3; k++) {
        int v = 1 + oracle_below(&rng, n);
        c[k] = oracle_below(&rng, 2) ? v : -v;
      }
      int ok = 0;
      for (int k = 0; k < 3; k++)
        ok |= (c[k] > 0) == planted[abs(c[k])];
      if (ok)
        oracle_add(&f, c, 3);
    }
    s = dpll_new();
    dpll_set_option(s, "threads", threads);
    add_formula(s, &f, 0);
    CHECK(dpll_solve(s) == DPLL_SAT, "planted 3-SAT, %d threads", threads);
    unsigned char m[151];
    model_of(s, n, m);
    CHECK(oracle_check(&f, m), "the model satisfies the formula");
    dpll_free(s);
    oracle_free(&f);
  }
}

/* Rounds at restarts in a portfolio: the units imported from the other
 * searches are propagated before vivification and probing, which start
 * from a fixpoint (their asserts, on in the sanitizer build, failed in most
 * runs of 4 threads before).  9 pigeons in 8 holes, a few thousand
 * conflicts a search, so that rounds come. */
static void test_portfolio_rounds(void **state) {
  (void)state;
  oracle_formula f;
  oracle_pigeons(&f, 8);
  for (int threads = 2; threads <= 4; threads++) {
    dpll_solver *s = dpll_new();
    dpll_set_option(s, "threads", threads);
    dpll_set_option(s, "vivify", 1);
    dpll_set_option(s, "probe", 1);
    dpll_set_option(s, "eliminate", 1); /* as the dpll tool has it */
    add_formula(s, &f, 0);
    CHECK(dpll_solve(s) == DPLL_UNSAT, "PHP(9,8), %d threads", threads);
    dpll_free(s);
  }
  oracle_free(&f);
}

static int stop_now(void *ctx) {
  int *calls = ctx;
  return ++*calls > 3;
}

static void count_learned(void *ctx, const int *lits, size_t n) {
  (void)lits;
  size_t *count = ctx;
  if (n <= 40)
    ++*count;
}

/* The caller's callbacks in a portfolio: terminate stops all of it, the
 * learn callback still hears search 0's clauses; a conflict limit stops
 * it too; and afterwards the solver is as before (callbacks kept). */
static void test_portfolio_callbacks(void **state) {
  (void)state;
  oracle_formula f;
  oracle_pigeons(&f, 10); /* far too hard to finish here */
  dpll_solver *s = dpll_new();
  dpll_set_option(s, "threads", 3);
  add_formula(s, &f, 0);
  int calls = 0;
  size_t learned = 0;
  dpll_set_terminate(s, stop_now, &calls);
  dpll_set_learn(s, 40, count_learned, &learned);
  CHECK(dpll_solve(s) == DPLL_UNKNOWN, "stopped by the callback");
  CHECK(calls == 4, "the callback stopped it at once (%d calls)", calls);
  dpll_set_terminate(s, NULL, NULL);
  dpll_set_option(s, "conflict_limit", 2000);
  CHECK(dpll_solve(s) == DPLL_UNKNOWN, "stopped by the conflict limit");
  CHECK(learned > 0, "the learn callback heard search 0");
  dpll_free(s);
  oracle_free(&f);
}

/* Under assumptions a portfolio is one search: the failed assumptions are
 * those of a search, and the clauses with them alone are unsatisfiable
 * (oracle). */
static void test_portfolio_assumptions(void **state) {
  (void)state;
  uint64_t rng = 3;
  for (int c = 0; c < (int)tier_cases(100); c++) {
    oracle_formula f;
    oracle_random(&f, &rng, 10, 25, 2, 3);
    dpll_solver *s = dpll_new();
    dpll_set_option(s, "threads", 2);
    add_formula(s, &f, 0);
    int assumed[3];
    for (int k = 0; k < 3; k++) {
      int v = 1 + oracle_below(&rng, 10);
      assumed[k] = oracle_below(&rng, 2) ? v : -v;
      dpll_assume(s, assumed[k]);
    }
    int res = dpll_solve(s);
    CHECK(res ==
              (oracle_satisfiable_with(&f, assumed, 3) ? DPLL_SAT : DPLL_UNSAT),
          "case %d: verdict under assumptions", c);
    if (res == DPLL_UNSAT) {
      int failed[3], n = 0;
      for (int k = 0; k < 3; k++)
        if (dpll_failed(s, assumed[k]) == 1)
          failed[n++] = assumed[k];
      CHECK(!oracle_satisfiable_with(&f, failed, n),
            "case %d: the failed assumptions suffice", c);
    }
    dpll_free(s);
    oracle_free(&f);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_solvers_in_threads),
      cmocka_unit_test(test_peg_in_threads),
      cmocka_unit_test(test_peg_parallel_calls),
      cmocka_unit_test(test_portfolio_random),
      cmocka_unit_test(test_portfolio_adopt),
      cmocka_unit_test(test_portfolio_larger),
      cmocka_unit_test(test_portfolio_rounds),
      cmocka_unit_test(test_portfolio_callbacks),
      cmocka_unit_test(test_portfolio_assumptions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
