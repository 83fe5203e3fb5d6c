/* test_pure.c - pure-literal elimination: which literals, cascades, the
 * option, and pure literals of level 0 when clauses are added later. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

static int pure_events;
static void count_pure(void *ctx, const dpll_event *e) {
  (void)ctx;
  pure_events += e->kind == DPLL_EVENT_PURE;
}

static void test_finds_pure(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  /* 1 occurs only positively, 4 only negatively; 2 and 3 both ways. */
  assert_int_equal(add(s, 3, 1, 2, -4), 0);
  assert_int_equal(add(s, 2, -2, 3), 0);
  assert_int_equal(add(s, 2, 2, -3), 0);
  assert_int_equal(add(s, 3, 1, -3, -4), 0);
  pure_events = 0;
  dpll_set_trace(s, count_pure, NULL);
  assert_int_equal(dpll_eliminate_pure(s), 2);
  assert_int_equal(pure_events, 2);
  assert_int_equal(dpll_value(s, 1), 1);
  assert_int_equal(dpll_value(s, -4), 1);
  assert_int_equal(dpll_value(s, 2), DPLL_UNASSIGNED);
  assert_int_equal(dpll_value(s, 3), DPLL_UNASSIGNED);
  assert_int_equal(dpll_eliminate_pure(s), 0);
  dpll_stats st;
  dpll_get_stats(s, &st);
  assert_int_equal(st.pure_literals, 2);
  dpll_free(s);
}

/* Satisfying clauses makes more literals pure; one call finds them all.
 * Variables left in no unsatisfied clause are set false. */
static void test_cascade_and_free_vars(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, 1, 2), 0);  /* 1 pure: satisfies this, */
  assert_int_equal(add(s, 2, 1, -3), 0); /* and this; then -2 is */
  assert_int_equal(add(s, 2, -2, 3), 0); /* pure (or 3 is) */
  assert_int_equal(add(s, 1, 7), 0);     /* 7 forced; 4..6 unused */
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_eliminate_pure(s), 6);
  assert_int_equal(dpll_value(s, 1), 1);
  assert_true(dpll_value(s, -2) == 1 || dpll_value(s, 3) == 1);
  for (int v = 4; v <= 6; v++)
    assert_int_equal(dpll_value(s, v), 0);
  for (int v = 1; v <= 7; v++)
    assert_int_not_equal(dpll_value(s, v), DPLL_UNASSIGNED);
  assert_int_equal(dpll_choose(s), 0);
  dpll_free(s);
}

static void test_none_pure(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, -1, -2), 0);
  assert_int_equal(dpll_eliminate_pure(s), 0);
  /* With a conflict pending nothing is assigned. */
  assert_int_equal(dpll_decide(s, 1), 0);
  assert_int_equal(add(s, 1, 3), 0); /* resets to level 0 */
  assert_int_equal(add(s, 2, -3, 4), 0);
  assert_int_equal(add(s, 2, -3, -4), 0);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT);
  assert_int_equal(dpll_eliminate_pure(s), 0);
  assert_int_equal(dpll_eliminate_pure(NULL), DPLL_EINVAL);
  dpll_free(s);
}

static void test_option(void **state) {
  (void)state;
  for (int pure = 0; pure <= 1; pure++) {
    dpll_solver *s = dpll_new();
    assert_int_equal(dpll_set_option(s, "pure", pure), 0);
    assert_int_equal(add(s, 2, 1, 2), 0);
    assert_int_equal(add(s, 2, 1, 3), 0);
    assert_int_equal(dpll_solve(s), DPLL_SAT);
    dpll_stats st;
    dpll_get_stats(s, &st);
    if (pure)
      assert_true(st.pure_literals >= 1);
    else
      assert_int_equal(st.pure_literals, 0);
    dpll_free(s);
  }
}

/* A pure literal is a choice, valid for the clauses of its time only.  Set
 * at level 0 it must not outlive the search: later clauses may need the
 * other value. */
static void test_root_pure_not_kept(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(dpll_eliminate_pure(s), 2); /* 1 and 2 true, level 0 */
  assert_int_equal(dpll_value(s, 1), 1);
  assert_int_equal(add(s, 1, -1), 0);
  assert_int_equal(dpll_value(s, -1), 1);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 1), 0);
  assert_int_equal(dpll_model(s, 2), 1);
  /* The same after a whole solve that used pure literals at level 0. */
  assert_int_equal(add(s, 2, 3, 4), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(add(s, 1, -3), 0);
  assert_int_equal(add(s, 1, -4), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);

  s = dpll_new();
  assert_int_equal(add(s, 2, 5, 6), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(add(s, 1, -5), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 6), 1);
  assert_int_equal(add(s, 1, -6), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_finds_pure),
      cmocka_unit_test(test_cascade_and_free_vars),
      cmocka_unit_test(test_none_pure),
      cmocka_unit_test(test_option),
      cmocka_unit_test(test_root_pure_not_kept),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
