/* test_oom.c - running out of memory: each allocation libdpll makes in a
 * whole session (new, add, read, solve with tracing, write, enumerate) is
 * made to fail in turn.  Every call must report DPLL_ENOMEM (or NULL from
 * dpll_new) and leave the solver usable: retried, it gives the right answer.
 * The failures come from failalloc.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "failalloc.h"
#include "oracle.h"
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* What a call returns when memory runs out. */
#define WITH_FAILURE(result, call) WITH_FAILURE_CODE(result, call, DPLL_ENOMEM)

static int trace_calls;
static void on_event(void *ctx, const dpll_event *e) {
  (void)ctx;
  trace_calls += e->clause_size > 0;
}

/* Counts the models dpll_enumerate gives. */
static int count_model(void *ctx, const dpll_solver *s) {
  (void)s;
  ++*(uint64_t *)ctx;
  return 0;
}

/* The variables 1..PROJECTED are a projection. */
#define PROJECTED 6
static const int projection[PROJECTED] = {1, 2, 3, 4, 5, 6};

/* Every model (projected: on 1..PROJECTED), counted from 0 (a failed call
 * may have given some). */
static int enumerate_all(dpll_solver *s, bool projected, uint64_t *models) {
  *models = 0;
  return dpll_enumerate(s, projected ? projection : NULL,
                        projected ? PROJECTED : 0, count_model, models);
}

/* The assignments of 1..PROJECTED that models of f extend, by brute
 * force. */
static uint64_t count_projections(const oracle_formula *f) {
  bool seen[1 << PROJECTED] = {false};
  unsigned char model[64];
  uint64_t n = 0;
  for (uint64_t a = 0; a < (uint64_t)1 << f->num_vars; a++) {
    for (int v = 1; v <= f->num_vars; v++)
      model[v] = (unsigned char)(a >> (v - 1) & 1);
    unsigned p = (unsigned)(a & ((1u << PROJECTED) - 1));
    if (!seen[p] && oracle_check(f, model)) {
      seen[p] = true;
      n++;
    }
  }
  return n;
}

/* One session; returns whether the planned failure happened in it. */
static bool session(const oracle_formula *f, const char *text, size_t size,
                    int expect_sat, uint64_t projections) {
  oom_session();
  oom.armed = true;
  dpll_solver *s = dpll_new();
  oom.armed = false;
  if (!s) {
    assert_true(oom.failed);
    return true;
  }
  int rc;
  dpll_set_trace(s, on_event, NULL);
  /* Half the clauses by hand, literal by literal for the first ones. */
  size_t half = f->num_clauses / 2;
  for (size_t i = 0; i < half; i++) {
    const int *lits = f->lits + f->start[i];
    size_t n = f->start[i + 1] - f->start[i];
    if (i % 4 == 0) {
      for (size_t k = 0; k < n; k++) {
        WITH_FAILURE(rc, dpll_add(s, lits[k]));
        assert_int_equal(rc, 0);
      }
      WITH_FAILURE(rc, dpll_add(s, 0));
    } else
      WITH_FAILURE(rc, dpll_add_clause(s, lits, n));
    assert_int_equal(rc, 0);
  }
  /* The whole formula again from text (repeating clauses is harmless). */
  dpll_input info;
  WITH_FAILURE(rc, dpll_read_string(s, text, size, DPLL_FORMAT_AUTO, &info));
  assert_int_equal(rc, 0);
  int h = (int)(oom.counted % DPLL_NUM_HEURISTICS);
  assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
  if (oom.at % 3 == 2) { /* the classic engine with its lookahead */
    assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_DPLL), 0);
    assert_int_equal(dpll_set_option(s, "lookahead", 1), 0);
  } else { /* cdcl with variable elimination, after lucky descents */
    assert_int_equal(dpll_set_option(s, "eliminate", 1), 0);
    assert_int_equal(dpll_set_option(s, "gates", oom.at % 2), 0);
    assert_int_equal(dpll_set_option(s, "lucky", oom.at % 3 == 1), 0);
  }
  WITH_FAILURE(rc, dpll_solve(s));
  assert_int_equal(rc, expect_sat ? DPLL_SAT : DPLL_UNSAT);
  if (expect_sat) {
    unsigned char model[64];
    for (int v = 1; v <= f->num_vars; v++)
      model[v] = (unsigned char)dpll_model(s, v);
    assert_true(oracle_check(f, model));
  }
  FILE *out = tmpfile();
  WITH_FAILURE(rc, dpll_write_answer(s, out, info.format, info.back_matter,
                                     info.back_size));
  assert_int_equal(rc, 0);
  fclose(out);
  /* Every model, in one search of the same engine; then the answer of a
   * solve again. */
  uint64_t models;
  for (int projected = 0; projected < 2; projected++) {
    WITH_FAILURE(rc, enumerate_all(s, projected, &models));
    assert_int_equal(rc, DPLL_UNSAT);
    assert_int_equal(models, projected ? projections : oracle_count_models(f));
  }
  assert_int_equal(dpll_solve(s), expect_sat ? DPLL_SAT : DPLL_UNSAT);
  dpll_input_clear(&info);
  dpll_free(s);
  return oom.failed;
}

static void run_all_failures(const oracle_formula *f, int dimacs) {
  int sat = oracle_satisfiable(f, NULL);
  size_t size;
  char *text = oracle_to_text(f, dimacs, &size);
  long points = 0;
  uint64_t projections = count_projections(f);
  for (oom.at = 0;; oom.at++) {
    if (!session(f, text, size, sat, projections))
      break;
    points++;
  }
  oom.at = -1;
  print_message("%s formula, %s: %ld allocations failed in turn\n",
                sat ? "satisfiable" : "unsatisfiable", dimacs ? "DIMACS" : "DP",
                points);
  assert_true(points > 20);
  free(text);
}

static void random_failures(int vars, size_t clauses, uint64_t seed,
                            int dimacs) {
  uint64_t rng = seed;
  oracle_formula f;
  oracle_random(&f, &rng, vars, clauses, 2, 4);
  run_all_failures(&f, dimacs);
  oracle_free(&f);
}

static void test_satisfiable(void **state) {
  (void)state;
  random_failures(20, 60, 1, 0);
  random_failures(20, 60, 1, 1);
}

static void test_unsatisfiable(void **state) {
  (void)state;
  random_failures(12, 90, 5, 1);
}

/* The first circuit (testutil.c) whose elimination takes a definition
 * (option gates, set in every other session). */
static void test_circuit(void **state) {
  (void)state;
  uint64_t rng = 7;
  oracle_formula f;
  for (int tries = 0;; tries++) {
    assert_true(tries < 100);
    gate_circuit(&f, &rng, 5, 12, 6);
    dpll_solver *s = dpll_new();
    add_formula(s, &f, 0);
    assert_int_equal(dpll_set_option(s, "eliminate", 1), 0);
    assert_int_equal(dpll_set_option(s, "gates", 1), 0);
    assert_true(dpll_solve(s) > 0);
    uint64_t gates = stats_of(s).gates;
    dpll_free(s);
    if (gates > 0)
      break;
    oracle_free(&f);
  }
  run_all_failures(&f, 1);
  oracle_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_satisfiable),
      cmocka_unit_test(test_unsatisfiable),
      cmocka_unit_test(test_circuit),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
