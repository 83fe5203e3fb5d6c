/* test_elim.c - elim.c's passes during the search (option elim_rounds),
 * judged by brute force and by the project's DRAT checker.  (The pass
 * before the search is test_cdcl's test_eliminate.)
 *
 *  1. Whole solves with a pass at every restart (a terminate callback
 *     makes the next one due at once), on random circuits, random 3-SAT
 *     and pigeonhole, with the pass before the search and substitution on
 *     and off by turns: every answer against brute force, every model
 *     checked, every UNSAT answer's DRAT proof checked; the passes must
 *     eliminate variables the search without them keeps.
 *  2. Incremental use: clauses added after a solve and a solve again, then
 *     a solve under assumptions, where no pass runs (checked by the
 *     counter).
 *  3. Out of memory (failalloc.c): each allocation of a solve with passes
 *     fails in turn; DPLL_ENOMEM or the answer, and the solve after is
 *     right. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "failalloc.h"
#include "internal.h"
#include "testutil.h"

/* Polled before every decision: makes a pass due again at once. */
static int pass_due_again(void *ctx) {
  ((dpll_solver *)ctx)->elim.next = 1;
  return 0;
}

/* A solver with passes at every restart (Luby's, 2 conflicts to the
 * unit) once 1 conflict has passed, as if ELIM_GAP were 0; the pass before
 * the search and substitution as case i says. */
static dpll_solver *passes(const oracle_formula *f, long i, int rounds) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
  assert_int_equal(dpll_set_option(s, "elim_rounds", rounds), 0);
  assert_int_equal(dpll_set_option(s, "eliminate", i % 2), 0);
  assert_int_equal(dpll_set_option(s, "gates", i / 2 % 2), 0);
  assert_int_equal(dpll_set_option(s, "substitute", i / 4 % 2), 0);
  assert_int_equal(dpll_set_option(s, "luby_unit", 2), 0);
  add_formula(s, f, 0);
  s->elim.next = 1; /* kept by dpll__elim_init, which sets only 0 */
  dpll_set_terminate(s, pass_due_again, s);
  return s;
}

/* Case i: a circuit, random 3-SAT near the threshold, or pigeonhole. */
static void formula(oracle_formula *f, uint64_t *rng, long i) {
  if (i % 3 == 0)
    gate_circuit(f, rng, 5, 13, 2 + oracle_below(rng, 6));
  else if (i % 3 == 1)
    oracle_uniform3(f, rng, 16 + (int)(i % 5), (size_t)((16 + i % 5) * 4.1));
  else
    oracle_pigeons(f, 3 + (int)(i % 3));
}

/* Its answer: brute force, or UNSAT for pigeonhole (up to 30 variables). */
static int answer(const oracle_formula *f, long i) {
  if (i % 3 == 2)
    return DPLL_UNSAT;
  return oracle_satisfiable(f, NULL) ? DPLL_SAT : DPLL_UNSAT;
}

static void test_solves(void **state) {
  (void)state;
  uint64_t rng = 0xE11B0001ULL, with = 0, without = 0;
  char what[80];
  for (long i = 0; i < tier_cases(90); i++) {
    oracle_formula f;
    formula(&f, &rng, i);
    int expect = answer(&f, i);
    snprintf(what, sizeof what, "case %ld (%d variables)", i, f.num_vars);
    dpll_solver *s = passes(&f, i, 1);
    solve_proved(s, &f, expect, DPLL_PROOF_TEXT, what);
    with += stats_of(s).eliminated;
    dpll_free(s);
    s = passes(&f, i, 0);
    CHECK(dpll_solve(s) == expect, "%s: without the passes", what);
    without += stats_of(s).eliminated;
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("variables eliminated: %llu with the passes, %llu without\n",
                (unsigned long long)with, (unsigned long long)without);
  assert_true(with > without);
}

static void test_incremental_and_assumptions(void **state) {
  (void)state;
  uint64_t rng = 0xE11B0002ULL;
  long under = 0;
  for (long i = 0; i < tier_cases(60); i++) {
    oracle_formula f;
    formula(&f, &rng, i);
    dpll_solver *s = passes(&f, i, 1);
    int res = dpll_solve(s);
    CHECK(res == answer(&f, i), "case %ld: first solve %d", i, res);
    oracle_formula g;
    oracle_random(&g, &rng, f.num_vars, 1 + (size_t)f.num_vars / 4, 2, 3);
    for (size_t c = 0; c < g.num_clauses; c++)
      oracle_add(&f, g.lits + g.start[c], g.start[c + 1] - g.start[c]);
    add_formula(s, &g, 0);
    oracle_free(&g);
    int expect = i % 3 == 2 && f.num_vars > 20
                     ? DPLL_UNSAT /* pigeonhole, with more clauses */
                 : oracle_satisfiable(&f, NULL) ? DPLL_SAT
                                                : DPLL_UNSAT;
    res = dpll_solve(s);
    CHECK(res == expect, "case %ld: second solve %d", i, res);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &f, NULL, 0), "case %ld: false model", i);
    int a = 1 + oracle_below(&rng, f.num_vars);
    a = oracle_below(&rng, 2) ? a : -a;
    uint64_t before = stats_of(s).eliminated;
    assert_int_equal(dpll_assume(s, a), 0);
    res = dpll_solve(s);
    int truth = expect == DPLL_UNSAT                 ? DPLL_UNSAT
                : oracle_satisfiable_with(&f, &a, 1) ? DPLL_SAT
                                                     : DPLL_UNSAT;
    CHECK(res == truth, "case %ld: under %d, %d", i, a, res);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &f, &a, 1), "case %ld: false model", i);
    CHECK(stats_of(s).eliminated == before,
          "case %ld: eliminated under assumptions", i);
    under++;
    dpll_free(s);
    oracle_free(&f);
  }
  assert_true(under > 0);
}

/* The out-of-memory test's case: the formula, its answer, and how many
 * solves ran out after a pass had eliminated something. */
typedef struct oom_case {
  oracle_formula f;
  int expect;
  long in_passes;
} oom_case;

static void *solve_make(void *ctx) {
  return passes(&((oom_case *)ctx)->f, 0, 1);
}

static int solve_call(void *s) { return dpll_solve(s); }

static void solve_judge(void *obj, int res, bool failed, void *ctx) {
  oom_case *c = ctx;
  c->in_passes += res == DPLL_ENOMEM && stats_of(obj).eliminated > 0;
  judge_after_failure(obj, &c->f, res, failed, c->expect, oom.at);
}

static void test_out_of_memory(void **state) {
  (void)state;
  oom_case c = {.expect = DPLL_UNSAT};
  oracle_pigeons(&c.f, 5);
  long failures = oom_each(solve_make, solve_call, solve_judge, &c);
  oracle_free(&c.f);
  print_message("%ld allocations of a solve failed in turn (%ld after a pass "
                "had eliminated something)\n",
                failures, c.in_passes);
  assert_true(failures >= 10 && c.in_passes >= 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_solves),
      cmocka_unit_test(test_incremental_and_assumptions),
      cmocka_unit_test(test_out_of_memory),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
