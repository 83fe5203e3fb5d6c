/* test_branch.c - the splitting heuristics, worked out by hand on small
 * formulas, and the splitting order set by priorities and decision marks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "internal.h"
#include "testutil.h"

#include <string.h>

static dpll_solver *with_heuristic(int h) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
  return s;
}

static void test_names(void **state) {
  (void)state;
  const char *names[] = {"first", "jw", "dlis", "activity", "random", "auto"};
  assert_int_equal(DPLL_NUM_HEURISTICS, 6);
  for (int h = 0; h < DPLL_NUM_HEURISTICS; h++) {
    assert_string_equal(dpll_heuristic_name(h), names[h]);
    assert_int_equal(dpll_heuristic_lookup(names[h]), h);
  }
  assert_null(dpll_heuristic_name(-1));
  assert_null(dpll_heuristic_name(DPLL_NUM_HEURISTICS));
  assert_int_equal(dpll_heuristic_lookup("JW"), DPLL_EHEURISTIC);
  assert_int_equal(dpll_heuristic_lookup(""), DPLL_EHEURISTIC);
  assert_int_equal(dpll_heuristic_lookup(NULL), DPLL_EHEURISTIC);
}

static void test_first(void **state) {
  (void)state;
  dpll_solver *s = with_heuristic(DPLL_HEURISTIC_FIRST);
  assert_int_equal(add(s, 2, -3, 4), 0);
  assert_int_equal(add(s, 2, 1, -2), 0);
  assert_int_equal(dpll_choose(s), 1); /* lowest index, true first */
  assert_int_equal(dpll_choose(s), 1); /* choosing assigns nothing */
  assert_int_equal(dpll_decide(s, -1), 0);
  assert_int_equal(dpll_propagate(s), 0); /* forces -2 */
  assert_int_equal(dpll_choose(s), 3);
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  assert_int_equal(dpll_choose(s), 1);
  dpll_free(s);
}

/* (1 2) (1 -2) (-3 4 5 6) (-3 5 6 7) (-3 6 7 8): -3 is in the most
 * clauses (3; DLIS), but 1 has the largest Jeroslow-Wang weight
 * (J(1) = 1/4 + 1/4 = 0.5 against J(-3) + J(3) = 3/16). */
static void add_jw_dlis_formula(dpll_solver *s) {
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, 1, -2), 0);
  assert_int_equal(add(s, 4, -3, 4, 5, 6), 0);
  assert_int_equal(add(s, 4, -3, 5, 6, 7), 0);
  assert_int_equal(add(s, 4, -3, 6, 7, 8), 0);
}

static void test_jw(void **state) {
  (void)state;
  dpll_solver *s = with_heuristic(DPLL_HEURISTIC_JW);
  add_jw_dlis_formula(s);
  assert_int_equal(dpll_choose(s), 1);
  /* With 1 true: J(-3) = 3/16, J(6) = 3/16, J(5) = J(7) = 1/8: variable 3
   * and 6 tie at 3/16; the lower index wins, on the side of -3. */
  assert_int_equal(dpll_decide(s, 1), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_choose(s), -3);
  /* With -3 as well every clause is satisfied: the cheap fallback takes
   * the lowest free variable, false. */
  assert_int_equal(dpll_decide(s, -3), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_choose(s), -2);
  dpll_free(s);
}

static void test_dlis(void **state) {
  (void)state;
  dpll_solver *s = with_heuristic(DPLL_HEURISTIC_DLIS);
  add_jw_dlis_formula(s);
  assert_int_equal(dpll_choose(s), -3);
  assert_int_equal(dpll_decide(s, -3), 0);
  assert_int_equal(dpll_propagate(s), 0);
  /* Left: (1 2) (1 -2); 1 is in two clauses. */
  assert_int_equal(dpll_choose(s), 1);
  dpll_free(s);
}

static void test_activity(void **state) {
  (void)state;
  dpll_solver *s = with_heuristic(DPLL_HEURISTIC_ACTIVITY);
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 3, -3, 4, 5), 0);
  /* Ties break by index; the phase of a never-set variable is false. */
  assert_int_equal(dpll_choose(s), -1);
  /* Conflicts raise activity: bump the second clause by hand. */
  dpll__bump_clause(s, s->store.clauses[1]);
  int v = dpll_choose(s);
  assert_true(v == -3 || v == -4 || v == -5);
  dpll__bump_clause(s, s->store.clauses[1]);
  dpll__bump_clause(s, s->store.clauses[0]); /* later bumps weigh more */
  double a1 = s->heap.activity[1], a3 = s->heap.activity[3];
  assert_true(a3 > a1 && a1 > 0);
  /* Phase saving: undoing 4 = true makes 4's next branch true. */
  s->heap.activity[4] = 1e50;
  dpll__bump_clause(s, s->store.clauses[0]);
  s->heap.kind = -1; /* activities set by hand: rebuild the heap */
  assert_int_equal(dpll_choose(s), -4);
  assert_int_equal(dpll_decide(s, 4), 0);
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  assert_int_equal(dpll_choose(s), 4);
  dpll_free(s);
}

/* Activities grow without bound unless rescaled: many bumps stay finite. */
static void test_activity_rescale(void **state) {
  (void)state;
  dpll_solver *s = with_heuristic(DPLL_HEURISTIC_ACTIVITY);
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, 2, 3), 0);
  for (int i = 0; i < 20000; i++)
    dpll__bump_clause(s, s->store.clauses[i % 2]);
  for (int v = 1; v <= 3; v++)
    assert_true(s->heap.activity[v] <= 1e100 && s->heap.activity[v] >= 0);
  assert_true(s->heap.activity[2] > s->heap.activity[1]);
  assert_int_equal(dpll_choose(s), -2);
  dpll_free(s);
}

static void test_random(void **state) {
  (void)state;
  int seen[2][11];
  memset(seen, 0, sizeof seen);
  for (int seed = 0; seed < 2; seed++)
    for (int round = 0; round < 2; round++) {
      dpll_solver *s = with_heuristic(DPLL_HEURISTIC_RANDOM);
      assert_int_equal(dpll_set_option(s, "seed", seed), 0);
      assert_int_equal(add(s, 1, 5), 0); /* 5 is assigned */
      assert_int_equal(add(s, 2, 1, 10), 0);
      int picks[200];
      for (int i = 0; i < 200; i++) {
        picks[i] = dpll_choose(s);
        int v = picks[i] < 0 ? -picks[i] : picks[i];
        assert_true(v >= 1 && v <= 10 && v != 5);
        seen[seed][v]++;
      }
      /* The same seed gives the same choices. */
      static int first_round[200];
      if (round == 0)
        memcpy(first_round, picks, sizeof picks);
      else
        assert_memory_equal(first_round, picks, sizeof picks);
      dpll_free(s);
    }
  for (int v = 1; v <= 10; v++) /* every free variable comes up */
    if (v != 5)
      assert_true(seen[0][v] > 0);
}

static void test_priority_and_marks(void **state) {
  (void)state;
  for (int h = 0; h < DPLL_NUM_HEURISTICS; h++) {
    dpll_solver *s = with_heuristic(h);
    assert_int_equal(add(s, 3, 1, 2, 3), 0);
    assert_int_equal(add(s, 3, -1, -2, 4), 0);
    /* 4 first (priority 5), then 3 (priority 1), then the rest; 1 and 2
     * only as a last resort. */
    assert_int_equal(dpll_set_priority(s, 4, 5), 0);
    assert_int_equal(dpll_set_priority(s, 3, 1), 0);
    assert_int_equal(dpll_set_decision(s, 1, 0), 0);
    assert_int_equal(dpll_set_decision(s, 2, 0), 0);
    assert_int_equal(dpll_set_priority(s, 2, 100), 0); /* still last */
    int order[4];
    for (int i = 0; i < 4; i++) {
      int lit = dpll_choose(s);
      order[i] = lit < 0 ? -lit : lit;
      assert_int_equal(dpll_decide(s, lit), 0);
      assert_true(dpll_propagate(s) >= 0);
      if (dpll_value(s, 1) != DPLL_UNASSIGNED &&
          dpll_value(s, 2) != DPLL_UNASSIGNED)
        break;
    }
    assert_int_equal(order[0], 4);
    assert_int_equal(order[1], 3);
    assert_true(order[2] == 1 || order[2] == 2);
    dpll_free(s);
  }
}

static void test_marks_errors(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(dpll_set_priority(s, 0, 1), DPLL_ERANGE);
  assert_int_equal(dpll_set_priority(s, -3, 1), DPLL_ERANGE);
  assert_int_equal(dpll_set_decision(s, DPLL_MAX_VAR + 1, 0), DPLL_ERANGE);
  assert_int_equal(dpll_set_priority(NULL, 1, 1), DPLL_EINVAL);
  assert_int_equal(dpll_set_decision(NULL, 1, 1), DPLL_EINVAL);
  /* Marking makes the variable exist. */
  assert_int_equal(dpll_set_decision(s, 9, 0), 0);
  assert_int_equal(dpll_num_vars(s), 9);
  assert_int_equal(dpll_set_decision(s, 9, 1), 0);
  assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_FIRST), 0);
  assert_int_equal(dpll_choose(s), 1); /* first: the lowest, true */
  dpll_free(s);
}

static void test_all_assigned(void **state) {
  (void)state;
  for (int h = 0; h < DPLL_NUM_HEURISTICS; h++) {
    dpll_solver *s = with_heuristic(h);
    assert_int_equal(dpll_choose(s), 0); /* no variables at all */
    assert_int_equal(add(s, 1, 1), 0);
    assert_int_equal(add(s, 1, -2), 0);
    assert_int_equal(dpll_choose(s), 0);
    dpll_free(s);
  }
  assert_int_equal(dpll_choose(NULL), 0);
}

/* Target phases: the trail below the current level, when longer than any
 * before it since the last restart, is remembered (dpll__update_target,
 * which the cdcl loop calls at each conflict), and the activity heuristic
 * then decides that side, as the option says.  One clause (1 2 3), so
 * that nothing propagates: decide 3, then -2, then -1. */
static void test_target_phase(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(add(s, 3, 1, 2, 3), 0);
  assert_int_equal(dpll_decide(s, 3), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_decide(s, -2), 0);
  assert_int_equal(dpll_propagate(s), 0);
  dpll__update_target(s); /* below level 2: just 3 */
  assert_int_equal(s->phase.target_size, 1);
  assert_int_equal(s->phase.target[3], 1);
  assert_int_equal(s->phase.target[2], 0);
  assert_int_equal(dpll_decide(s, -1), 0);
  dpll__update_target(s); /* below level 3: 3 and -2 */
  assert_int_equal(s->phase.target_size, 2);
  assert_int_equal(s->phase.target[2], -1);
  assert_int_equal(s->phase.target[1], 0);
  /* a shorter trail does not replace it */
  assert_int_equal(dpll_backtrack_to(s, 1), 0);
  assert_int_equal(dpll_decide(s, 1), 0);
  dpll__update_target(s);
  assert_int_equal(s->phase.target_size, 2);
  assert_int_equal(s->phase.target[1], 0);
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  /* Make the saved phase of 2 (true) and its target (false) differ and
   * variable 2 the most active, and see which side each setting picks. */
  s->phase.saved[2] = 1;
  s->phase.target[2] = -1;
  s->heap.activity[2] = 100; /* 2 first */
  assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_ACTIVITY), 0);
  assert_int_equal(dpll_set_option(s, "target_phase", 0), 0);
  assert_int_equal(dpll_choose(s), 2);
  assert_int_equal(dpll_set_option(s, "target_phase", 2), 0);
  assert_int_equal(dpll_choose(s), -2);
  /* 1: only while the Luby rule is in force */
  assert_int_equal(dpll_set_option(s, "target_phase", 1), 0);
  assert_int_equal(dpll_set_option(s, "restarts", DPLL_RESTARTS_GLUCOSE), 0);
  assert_int_equal(dpll_choose(s), 2);
  assert_int_equal(dpll_set_option(s, "restarts", DPLL_RESTARTS_LUBY), 0);
  assert_int_equal(dpll_choose(s), -2);
  /* the classic engine keeps to the saved phase */
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_DPLL), 0);
  assert_int_equal(dpll_choose(s), 2);
  dpll_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_names),
      cmocka_unit_test(test_first),
      cmocka_unit_test(test_jw),
      cmocka_unit_test(test_dlis),
      cmocka_unit_test(test_activity),
      cmocka_unit_test(test_activity_rescale),
      cmocka_unit_test(test_random),
      cmocka_unit_test(test_priority_and_marks),
      cmocka_unit_test(test_marks_errors),
      cmocka_unit_test(test_target_phase),
      cmocka_unit_test(test_all_assigned),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
