/* test_clausedb.c - adding clauses: validation, merging, tautologies, the
 * empty clause, units at the root, variable growth, the active-clause scan. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "internal.h"
#include "testutil.h"

#include <limits.h>

/* The stored literals of clause i, as external ints. */
static size_t stored(dpll_solver *s, size_t i, int *out) {
  const clause *c = dpll__clause(s, s->clauses[i]);
  for (uint32_t k = 0; k < c->size; k++)
    out[k] = lit_to_ext(c->lits[k]);
  return c->size;
}

static void test_counts_and_growth(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_num_vars(s), 0);
  assert_int_equal(dpll_num_clauses(s), 0);
  assert_int_equal(add(s, 3, 1, -2, 3), 0);
  assert_int_equal(dpll_num_vars(s), 3);
  assert_int_equal(dpll_num_clauses(s), 1);
  assert_int_equal(add(s, 1, -100000), 0);
  assert_int_equal(dpll_num_vars(s), 100000);
  assert_int_equal(dpll_num_clauses(s), 2);
  assert_int_equal(add(s, 2, 1 << 18, 5), 0);
  assert_int_equal(dpll_num_vars(s), 1 << 18);
  dpll_free(s);
  dpll_free(NULL);
  assert_int_equal(dpll_num_vars(NULL), 0);
  assert_int_equal(dpll_num_clauses(NULL), 0);
}

static void test_duplicates_merged(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  int out[8];
  assert_int_equal(add(s, 5, 2, 1, 2, 2, 1), 0);
  assert_int_equal(stored(s, 0, out), 2);
  assert_true((out[0] == 1 && out[1] == 2) || (out[0] == 2 && out[1] == 1));
  assert_int_equal(add(s, 3, -4, -4, -4), 0); /* merges into a unit */
  assert_int_equal(stored(s, 1, out), 1);
  assert_int_equal(out[0], -4);
  assert_int_equal(dpll_value(s, -4), 1);
  dpll_free(s);
}

static void test_tautology_dropped(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 3, 1, 7, -1), 0);
  assert_int_equal(dpll_num_clauses(s), 0);
  assert_int_equal(dpll_num_vars(s), 7); /* its variables exist */
  assert_int_equal(add(s, 4, -3, 2, 2, 3), 0);
  assert_int_equal(dpll_num_clauses(s), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  dpll_free(s);
}

static void test_empty_clause(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  assert_int_equal(dpll_add_clause(s, NULL, 0), 0);
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);

  s = dpll_new(); /* dpll_add(0) alone is the empty clause too */
  assert_int_equal(dpll_add(s, 0), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
}

static void test_bad_literals(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  const int bad[] = {0, INT_MIN, DPLL_MAX_VAR + 1, -DPLL_MAX_VAR - 1, INT_MAX};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    int lits[3] = {1, bad[i], 2};
    assert_int_equal(dpll_add_clause(s, lits, 3), DPLL_ERANGE);
    assert_int_equal(dpll_add(s, bad[i] ? bad[i] : INT_MIN), DPLL_ERANGE);
  }
  assert_int_equal(dpll_num_clauses(s), 0);
  assert_int_equal(dpll_num_vars(s), 0); /* nothing was added */
  assert_int_equal(dpll_add_clause(s, NULL, 2), DPLL_EINVAL);
  assert_int_equal(dpll_add_clause(NULL, NULL, 0), DPLL_EINVAL);
  assert_int_equal(dpll_add(NULL, 1), DPLL_EINVAL);
  int edge[2] = {1 << 20, -(1 << 20)}; /* large, but cheap to allocate */
  assert_int_equal(dpll_add_clause(s, edge, 2), 0); /* a tautology */
  assert_int_equal(dpll_num_vars(s), 1 << 20);
  dpll_free(s);
}

static void test_literal_by_literal(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  int out[64];
  assert_int_equal(dpll_add(s, 1), 0);
  assert_int_equal(dpll_add(s, -2), 0);
  /* While a clause is open, whole clauses and solving are refused. */
  int c[1] = {3};
  assert_int_equal(dpll_add_clause(s, c, 1), DPLL_EOPEN);
  assert_int_equal(dpll_solve(s), DPLL_EOPEN);
  assert_int_equal(dpll_add(s, INT_MIN), DPLL_ERANGE); /* kept open */
  for (int i = 3; i <= 40; i++) /* grows past the first buffer */
    assert_int_equal(dpll_add(s, i), 0);
  assert_int_equal(dpll_add(s, 0), 0);
  assert_int_equal(dpll_num_clauses(s), 1);
  assert_int_equal(stored(s, 0, out), 40);
  assert_int_equal(dpll_add_clause(s, c, 1), 0);
  assert_int_equal(dpll_num_clauses(s), 2);
  dpll_free(s);
}

static void test_units_at_root(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 1, 3), 0);
  assert_int_equal(dpll_value(s, 3), 1); /* assigned as soon as added */
  assert_int_equal(dpll_value(s, -3), 0);
  assert_int_equal(add(s, 2, -3, 4), 0); /* unit after propagation only */
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_value(s, 4), 1);
  /* A clause whose literals are all false but one is unit on arrival. */
  assert_int_equal(add(s, 3, -3, -4, 5), 0);
  assert_int_equal(dpll_value(s, 5), 1);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  /* And one whose literals are all false makes the formula unsatisfiable. */
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(add(s, 2, -4, -5), 0);
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);

  s = dpll_new(); /* contradicting units */
  assert_int_equal(add(s, 1, 2), 0);
  assert_int_equal(add(s, 1, -2), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
}

static void test_add_undoes_decisions(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, -1, 3), 0);
  assert_int_equal(dpll_decide(s, 1), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_level(s), 1);
  assert_int_equal(dpll_value(s, 3), 1);
  assert_int_equal(add(s, 1, -3), 0);
  assert_int_equal(dpll_level(s), 0);
  assert_int_equal(dpll_value(s, 1), DPLL_UNASSIGNED);
  assert_int_equal(dpll_value(s, -3), 1);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 1), 0);
  assert_int_equal(dpll_model(s, 2), 1);
  dpll_free(s);
}

/* The watched pair of a new clause avoids literals false at the root. */
static void test_watches_avoid_false(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 1, -1), 0);
  assert_int_equal(add(s, 1, -2), 0);
  assert_int_equal(add(s, 4, 1, 2, 3, 4), 0);
  const clause *c = dpll__clause(s, s->clauses[2]);
  assert_int_equal(s->vals[c->lits[0]], 0);
  assert_int_equal(s->vals[c->lits[1]], 0);
  assert_int_equal(dpll_decide(s, -3), DPLL_EPENDING); /* units queued */
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_decide(s, -3), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_value(s, 4), 1);
  dpll_free(s);
}

/* occ and jw count only free literals of clauses not yet satisfied. */
static void test_scan_active(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 3, 1, -2, 3), 0);
  assert_int_equal(add(s, 3, -1, 2, 4), 0);
  dpll__scan_active(s);
  assert_int_equal(s->scan_active, 3);
  assert_int_equal(s->occ[lit_from_ext(1)], 2);
  assert_int_equal(s->occ[lit_from_ext(-1)], 1);
  assert_true(s->jw[lit_from_ext(1)] == 0.25 + 0.125);
  assert_true(s->jw[lit_from_ext(4)] == 0.125);
  assert_int_equal(dpll_decide(s, -4), 0);
  dpll__scan_active(s);
  /* Clause 3 now has two free literals; nothing is satisfied yet. */
  assert_int_equal(s->scan_active, 3);
  assert_true(s->jw[lit_from_ext(-1)] == 0.25);
  assert_int_equal(s->occ[lit_from_ext(4)], 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  assert_int_equal(dpll_decide(s, 1), 0);
  dpll__scan_active(s);
  assert_int_equal(s->scan_active, 1); /* (-1 2 4) is left */
  assert_int_equal(s->occ[lit_from_ext(2)], 1);
  assert_int_equal(s->occ[lit_from_ext(-2)], 0);
  dpll_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_counts_and_growth),
      cmocka_unit_test(test_duplicates_merged),
      cmocka_unit_test(test_tautology_dropped),
      cmocka_unit_test(test_empty_clause),
      cmocka_unit_test(test_bad_literals),
      cmocka_unit_test(test_literal_by_literal),
      cmocka_unit_test(test_units_at_root),
      cmocka_unit_test(test_add_undoes_decisions),
      cmocka_unit_test(test_watches_avoid_false),
      cmocka_unit_test(test_scan_active),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
