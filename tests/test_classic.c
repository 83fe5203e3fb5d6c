/* test_classic.c - the classic DPLL search (classic.c, steps.c): dpll_solve,
 * the steps replayed by hand, chronological backtracking, limits and the
 * terminate callback. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "oracle.h"
#include "testutil.h"

#include <stdbool.h>
#include <string.h>

/* A solver running the classic engine, which this file tests (test_cdcl.c
 * tests the conflict-driven one, the default). */
static dpll_solver *classic(void) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_DPLL), 0);
  return s;
}

/* The four clauses over 1 and 2: unsatisfiable, found after one decision
 * and one second branch whatever the order of propagation. */
static void add_xor_square(dpll_solver *s) {
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(add(s, 2, 1, -2), 0);
  assert_int_equal(add(s, 2, -1, -2), 0);
}

/* The steps by hand on the square, with the "first" heuristic: split on 1
 * (true first), 2 is forced one way and the clauses the other way; the
 * second branch -1 fails the same way; no branch is left. */
static void test_replay_unsat(void **state) {
  (void)state;
  dpll_solver *s = classic();
  assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_FIRST), 0);
  add_xor_square(s);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_eliminate_pure(s), 0);
  assert_int_equal(dpll_choose(s), 1);
  assert_int_equal(dpll_decide(s, 1), 0);
  assert_int_equal(dpll_level(s), 1);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT);
  assert_int_equal(dpll_backtrack(s), 0);
  assert_int_equal(dpll_level(s), 1); /* the second branch, same level */
  assert_int_equal(dpll_value(s, 1), 0);
  assert_int_equal(dpll_value(s, 2), DPLL_UNASSIGNED);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  assert_int_equal(dpll_backtrack(s), 1);
  assert_int_equal(dpll_level(s), 0);
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  dpll_stats st;
  dpll_get_stats(s, &st);
  assert_int_equal(st.decisions, 1);
  assert_int_equal(st.backtracks, 1);
  assert_int_equal(st.conflicts, 2);
  assert_int_equal(st.propagations, 2);
  assert_int_equal(st.max_depth, 1);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
}

/* (-1 2) (-2 3) (-1 -3) (1 4) (4 5): a satisfying search worked by hand
 * (no pure-literal step).  "first" splits on 1 (true): 2 and 3 are forced
 * and (-1 -3) is false; the second branch -1 forces 4; then split on 2
 * (true), which forces 3, and on 5: every variable set, every clause
 * true. */
static void test_replay_sat(void **state) {
  (void)state;
  dpll_solver *s = classic();
  assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_FIRST), 0);
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(add(s, 2, -2, 3), 0);
  assert_int_equal(add(s, 2, -1, -3), 0);
  assert_int_equal(add(s, 2, 1, 4), 0);
  assert_int_equal(add(s, 2, 4, 5), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_decide(s, dpll_choose(s)), 0);
  assert_int_equal(dpll_value(s, 1), 1);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT);
  assert_int_equal(dpll_backtrack(s), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_value(s, 4), 1);
  assert_int_equal(dpll_choose(s), 2);
  assert_int_equal(dpll_decide(s, 2), 0);
  assert_int_equal(dpll_level(s), 2);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_value(s, 3), 1);
  assert_int_equal(dpll_choose(s), 5);
  assert_int_equal(dpll_decide(s, 5), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_choose(s), 0); /* all assigned: a model */
  int expect[6] = {0, 0, 1, 1, 1, 1};
  for (int v = 1; v <= 5; v++)
    assert_int_equal(dpll_value(s, v), expect[v]);
  dpll_free(s);
}

/* Records events as text, to compare two runs. */
typedef struct log {
  char text[1 << 16];
  size_t n;
} log_t;

static void log_event(void *ctx, const dpll_event *e) {
  log_t *l = ctx;
  if (l->n + 64 + 16 * e->clause_size >= sizeof l->text)
    return;
  l->n +=
      (size_t)snprintf(l->text + l->n, sizeof l->text - l->n, "%d %d %d %d (",
                       (int)e->kind, e->lit, e->level, e->flipped);
  for (size_t k = 0; k < e->clause_size; k++)
    l->n += (size_t)snprintf(l->text + l->n, sizeof l->text - l->n, " %d",
                             e->clause[k]);
  l->n += (size_t)snprintf(l->text + l->n, sizeof l->text - l->n, ")\n");
}

/* The loop documented in dpll.h does what dpll_solve does, step by step:
 * the same events in the same order, and the same answer. */
static int solve_by_steps(dpll_solver *s, int pure) {
  for (;;) {
    int rc = dpll_propagate(s);
    assert_true(rc == 0 || rc == DPLL_CONFLICT);
    if (rc == DPLL_CONFLICT) {
      if (dpll_backtrack(s) == 1)
        return DPLL_UNSAT;
      continue;
    }
    if (pure)
      assert_true(dpll_eliminate_pure(s) >= 0);
    int lit = dpll_choose(s);
    if (lit == 0)
      return DPLL_SAT;
    assert_int_equal(dpll_decide(s, lit), 0);
  }
}

static void test_steps_match_solve(void **state) {
  (void)state;
  static log_t a, b;
  uint64_t rng = 7;
  long count = tier_cases(400); /* in a Release build's quick tier */
  int outcomes[2] = {0, 0}, compared = 0;
  for (int round = 0; round < count; round++) {
    oracle_formula f;
    int vars = 3 + oracle_below(&rng, 10);
    oracle_random(&f, &rng, vars, (size_t)(vars * 3), 2, 4);
    int h = round % DPLL_NUM_HEURISTICS, pure = (round / 5) % 2;
    if (h == DPLL_HEURISTIC_RANDOM)
      h = DPLL_HEURISTIC_FIRST; /* its draws differ between the runs */
    int res[2], known_before = 0;
    for (int run = 0; run < 2; run++) {
      log_t *l = run ? &b : &a;
      l->n = 0;
      l->text[0] = '\0';
      dpll_solver *s = classic();
      assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
      assert_int_equal(dpll_set_option(s, "pure", pure), 0);
      for (size_t i = 0; i < f.num_clauses; i++)
        assert_int_equal(dpll_add_clause(s, f.lits + f.start[i],
                                         f.start[i + 1] - f.start[i]),
                         0);
      /* Contradicting units are found while adding: no search to trace. */
      known_before = dpll_status(s) == DPLL_UNSAT;
      dpll_set_trace(s, log_event, l);
      res[run] = run ? solve_by_steps(s, pure) : dpll_solve(s);
      dpll_free(s);
    }
    CHECK(res[0] == res[1] &&
              (res[0] == DPLL_SAT) == oracle_satisfiable(&f, NULL),
          "round %d (heuristic %d, pure %d): dpll_solve gave %d, the steps %d",
          round, h, pure, res[0], res[1]);
    outcomes[res[0] == DPLL_SAT]++;
    if (known_before) {
      oracle_free(&f);
      continue;
    }
    compared++;
    /* dpll_solve may end with one more event: undoing to level 0. */
    if (a.n < b.n)
      print_message("round %d h %d pure %d\nsolve:\n%s\nsteps:\n%s\n", round, h,
                    pure, a.text, b.text);
    assert_true(a.n >= b.n);
    const char *rest = a.text + b.n;
    bool same = memcmp(a.text, b.text, b.n) == 0 &&
                (*rest == '\0' || !strcmp(rest, "4 0 0 0 ()\n"));
    if (!same) {
      print_message("round %d (heuristic %d, pure %d): traces differ\n"
                    "solve:\n%s\nsteps:\n%s\n",
                    round, h, pure, a.text, b.text);
      fail();
    }
    oracle_free(&f);
  }
  print_message("%ld formulas: %d unsatisfiable, %d satisfiable, %d traces "
                "compared\n",
                count, outcomes[0], outcomes[1], compared);
  assert_true(outcomes[0] > count / 8 && outcomes[1] > count / 8);
  assert_true(compared > 3 * count / 4);
}

static void test_empty_formula(void **state) {
  (void)state;
  dpll_solver *s = classic();
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 1), DPLL_ENOVAR);
  assert_int_equal(dpll_solve(NULL), DPLL_EINVAL);
  dpll_free(s);
}

static void test_seed_example(void **state) {
  (void)state;
  for (int h = 0; h < DPLL_NUM_HEURISTICS; h++) {
    dpll_solver *s = classic();
    assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
    assert_int_equal(add(s, 3, 1, 2, 3), 0);
    assert_int_equal(add(s, 2, -2, 3), 0);
    assert_int_equal(add(s, 1, -3), 0);
    assert_int_equal(dpll_solve(s), DPLL_SAT);
    assert_int_equal(dpll_model(s, 1), 1);
    assert_int_equal(dpll_model(s, 2), 0);
    assert_int_equal(dpll_model(s, -3), 1);
    assert_int_equal(dpll_level(s), 0);
    dpll_free(s);
  }
}

/* A pigeonhole formula (n+1 pigeons, n holes) needs many decisions. */
static void add_pigeonhole(dpll_solver *s, int n) {
  for (int p = 0; p <= n; p++) {
    for (int h = 0; h < n; h++)
      assert_int_equal(dpll_add(s, 1 + p * n + h), 0);
    assert_int_equal(dpll_add(s, 0), 0);
  }
  for (int h = 0; h < n; h++)
    for (int p = 0; p <= n; p++)
      for (int q = p + 1; q <= n; q++)
        assert_int_equal(add(s, 2, -(1 + p * n + h), -(1 + q * n + h)), 0);
}

static void test_limits(void **state) {
  (void)state;
  dpll_solver *s = classic();
  add_pigeonhole(s, 5);
  assert_int_equal(dpll_set_option(s, "decision_limit", 3), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNKNOWN);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  assert_int_equal(dpll_level(s), 0);
  assert_int_equal(dpll_model(s, 1), DPLL_ENOMODEL);
  dpll_stats st;
  dpll_get_stats(s, &st);
  assert_int_equal(st.decisions, 3);
  /* Limits count per solve: the next solve gets 3 more. */
  assert_int_equal(dpll_solve(s), DPLL_UNKNOWN);
  dpll_get_stats(s, &st);
  assert_int_equal(st.decisions, 6);
  assert_int_equal(dpll_set_option(s, "decision_limit", -1), 0);
  assert_int_equal(dpll_set_option(s, "conflict_limit", 2), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNKNOWN);
  dpll_get_stats(s, &st);
  assert_int_equal(st.conflicts, 2);
  assert_int_equal(dpll_set_option(s, "conflict_limit", -1), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
}

static int stop_after(void *ctx) {
  int *calls = ctx;
  return --*calls < 0;
}

static void test_terminate(void **state) {
  (void)state;
  dpll_solver *s = classic();
  add_pigeonhole(s, 5);
  int calls = 10;
  dpll_set_terminate(s, stop_after, &calls);
  assert_int_equal(dpll_solve(s), DPLL_UNKNOWN);
  assert_true(calls < 0);
  dpll_set_terminate(s, NULL, &calls);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_set_terminate(NULL, stop_after, &calls); /* harmless */
  dpll_free(s);
}

static void test_incremental(void **state) {
  (void)state;
  dpll_solver *s = classic();
  assert_int_equal(add(s, 3, 1, 2, 3), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_status(s), DPLL_SAT);
  int banned[3];
  for (int round = 0; round < 7; round++) {
    /* Forbid the model found: each solve finds a new one. */
    for (int v = 1; v <= 3; v++)
      banned[v - 1] = dpll_model(s, v) ? -v : v;
    assert_int_equal(dpll_add_clause(s, banned, 3), 0);
    assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
    assert_int_equal(dpll_model(s, 1), DPLL_ENOMODEL);
    assert_int_equal(dpll_solve(s), round < 6 ? DPLL_SAT : DPLL_UNSAT);
  }
  dpll_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_replay_unsat),
      cmocka_unit_test(test_replay_sat),
      cmocka_unit_test(test_steps_match_solve),
      cmocka_unit_test(test_empty_formula),
      cmocka_unit_test(test_seed_example),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_terminate),
      cmocka_unit_test(test_incremental),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
