/* test_branch.c - the splitting heuristics, worked out by hand on small
 * formulas, and the splitting order set by priorities and decision marks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "heap.h"
#include "internal.h"
#include "phase.h"
#include "testutil.h"
#include "trail.h"

#include <string.h>

static dpll_solver *with_heuristic(int h) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
  return s;
}

static void test_names(void **state) {
  (void)state;
  const char *names[] = {"first",  "jw",   "dlis", "activity",
                         "random", "auto", "vmtf"};
  assert_int_equal(DPLL_NUM_HEURISTICS, 7);
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

/* A rescale that makes two activities equal (both too small to survive
 * the factor: they become 0) changes their order, to the variables'
 * numbers: the heap must still be a heap after it.  (It was not: the
 * sanitizer build's check failed after some searches of PHP(12,11)
 * stopped by a time limit.) */
static void test_rescale_ties(void **state) {
  (void)state;
  dpll_solver *s = with_heuristic(DPLL_HEURISTIC_ACTIVITY);
  assert_int_equal(add(s, 5, 1, 2, 3, 4, 5), 0);
  heap_part *h = &s->heap;
  for (int v = 1; v <= 3; v++) /* 3 above 2 above 1 */
    h->activity[v] = v * 1e-250;
  assert_int_equal(dpll__heap_best(s, DPLL_HEURISTIC_ACTIVITY), 3);
  assert_null(dpll__heap_check(s));
  h->activity_inc = 2e100; /* the next bump rescales */
  dpll__bump_var(s, 5);
  for (int v = 1; v <= 4; v++) /* all 0: by their numbers now */
    assert_true(h->activity[v] == 0);
  assert_null(dpll__heap_check(s));
  assert_int_equal(dpll_choose(s), -5);
  assert_null(dpll__heap_check(s)); /* built again */
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

/* A decision and its propagation, which finds nothing to do. */
static void branch_on(dpll_solver *s, int lit) {
  assert_int_equal(dpll_decide(s, lit), 0);
  assert_int_equal(dpll_propagate(s), 0);
}

/* Rephasing.  Variables 1..4 of one clause (1 2 3 4), so that nothing
 * propagates.  The values of variables 1..4 are given as arrays of five,
 * [0] unused.  set_phases also sets the lengths of the target and best
 * trails to 3 and 2, which a rephase sets to 0. */
static void set_phases(dpll_solver *s, const int *saved, const int *target,
                       const int *best) {
  for (int v = 1; v <= 4; v++) {
    s->phase.saved[v] = (signed char)saved[v];
    s->phase.target[v] = (signed char)target[v];
    s->phase.best[v] = (signed char)best[v];
  }
  s->phase.target_size = 3;
  s->phase.best_size = 2;
}

/* The saved values are want, the targets too, and best is cleared. */
static void check_reset(const dpll_solver *s, const int *want) {
  for (int v = 1; v <= 4; v++) {
    assert_int_equal(s->phase.saved[v], want[v]);
    assert_int_equal(s->phase.target[v], want[v]);
    assert_int_equal(s->phase.best[v], 0);
  }
  assert_int_equal(s->phase.target_size, 0);
  assert_int_equal(s->phase.best_size, 0);
}

/* Nothing changed since set_phases(s, saved, target, best). */
static void check_unchanged(const dpll_solver *s, const int *saved,
                            const int *target, const int *best) {
  for (int v = 1; v <= 4; v++) {
    assert_int_equal(s->phase.saved[v], saved[v]);
    assert_int_equal(s->phase.target[v], target[v]);
    assert_int_equal(s->phase.best[v], best[v]);
  }
  assert_int_equal(s->phase.target_size, 3);
  assert_int_equal(s->phase.best_size, 2);
}

/* Makes the rephase due (conflicts at rephase_next, one short first, which
 * changes nothing) and checks that it happens: the k-th (counting from 1)
 * sets the next one 1000 * (k + 1) conflicts later. */
static void rephase_now(dpll_solver *s, const int *saved, const int *target,
                        const int *best) {
  unsigned k = s->phase.rephases + 1;
  uint64_t due = s->phase.rephase_next;
  s->stats.conflicts = due - 1;
  dpll__rephase_maybe(s);
  check_unchanged(s, saved, target, best);
  assert_int_equal(s->phase.rephases, k - 1);
  assert_true(s->phase.rephase_next == due);
  s->stats.conflicts = due;
  dpll__rephase_maybe(s);
  assert_int_equal(s->phase.rephases, k);
  assert_true(s->phase.rephase_next == due + 1000 * (uint64_t)(k + 1));
}

/* The best trail is recorded as the target is (dpll__update_target), but
 * only under the option rephase and only when longer than the best since
 * the last rephase (not the last restart); dpll__rephase_maybe, at level
 * 0 once conflicts reach rephase_next, resets the saved values and the
 * targets: rephase 1 to best, 2 by turns to best, all false, best, all
 * true, best, flipped; 0 never. */
static void test_rephase(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(add(s, 4, 1, 2, 3, 4), 0);
  /* rephase 0: the target is recorded, best is not */
  assert_int_equal(dpll_set_option(s, "rephase", 0), 0);
  branch_on(s, 3);
  branch_on(s, -2);
  branch_on(s, -1);
  dpll__update_target(s); /* below level 3: 3 and -2 */
  assert_int_equal(s->phase.target_size, 2);
  assert_int_equal(s->phase.target[2], -1);
  assert_int_equal(s->phase.best_size, 0);
  for (int v = 1; v <= 4; v++)
    assert_int_equal(s->phase.best[v], 0);
  /* rephase 1: both, best only when longer */
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  dpll__target_reset(s);
  assert_int_equal(dpll_set_option(s, "rephase", 1), 0);
  branch_on(s, 3);
  branch_on(s, -2);
  dpll__update_target(s); /* below level 2: 3 */
  assert_int_equal(s->phase.best_size, 1);
  assert_int_equal(s->phase.best[3], 1);
  assert_int_equal(s->phase.best[2], 0);
  branch_on(s, -1);
  dpll__update_target(s); /* below level 3: 3 and -2 */
  assert_int_equal(s->phase.best_size, 2);
  assert_int_equal(s->phase.best[2], -1);
  assert_int_equal(s->phase.best[1], 0);
  /* after a restart the target starts again, best does not */
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  dpll__target_reset(s);
  branch_on(s, 4);
  branch_on(s, -3);
  dpll__update_target(s); /* below level 2: 4 */
  assert_int_equal(s->phase.target_size, 1);
  assert_int_equal(s->phase.target[4], 1);
  assert_int_equal(s->phase.best_size, 2);
  assert_int_equal(s->phase.best[4], 0);
  assert_int_equal(s->phase.best[3], 1);
  branch_on(s, -1);
  dpll__update_target(s); /* below level 3: 4 and -3, as long as best */
  assert_int_equal(s->phase.target_size, 2);
  assert_int_equal(s->phase.target[3], -1);
  assert_int_equal(s->phase.best_size, 2);
  assert_int_equal(s->phase.best[4], 0);
  assert_int_equal(s->phase.best[3], 1);
  assert_int_equal(dpll_backtrack_to(s, 2), 0);
  /* rephase 2 records best as well: a longer trail, 4 -3 -2 */
  assert_int_equal(dpll_set_option(s, "rephase", 2), 0);
  branch_on(s, -2);
  branch_on(s, 1);
  dpll__update_target(s); /* below level 4: 4, -3 and -2 */
  assert_int_equal(s->phase.best_size, 3);
  assert_int_equal(s->phase.best[4], 1);
  assert_int_equal(s->phase.best[3], -1);
  assert_int_equal(s->phase.best[2], -1);
  assert_int_equal(s->phase.best[1], 0);
  assert_int_equal(dpll_backtrack_to(s, 0), 0);

  /* rephase 2, by turns.  Not before rephase_next. */
  s->stats.conflicts = 5000;
  dpll__rephase_init(s);
  assert_int_equal(s->phase.rephases, 0);
  assert_true(s->phase.rephase_next == 6000);
  static const int saved0[] = {0, 1, -1, 0, 1};
  static const int target0[] = {0, -1, -1, 1, 0};
  static const int best0[] = {0, -1, 0, 1, 0};
  set_phases(s, saved0, target0, best0);
  dpll__rephase_maybe(s);
  check_unchanged(s, saved0, target0, best0);
  /* B: best where it has a value, else kept */
  rephase_now(s, saved0, target0, best0);
  static const int b1[] = {0, -1, -1, 1, 1};
  check_reset(s, b1);
  /* O: all false, whatever best says */
  static const int best1[] = {0, 1, 1, 1, 1};
  set_phases(s, b1, b1, best1);
  rephase_now(s, b1, b1, best1);
  static const int all_false[] = {0, -1, -1, -1, -1};
  check_reset(s, all_false);
  /* B */
  static const int best2[] = {0, 1, 0, 0, 1};
  set_phases(s, all_false, target0, best2);
  rephase_now(s, all_false, target0, best2);
  static const int b2[] = {0, 1, -1, -1, 1};
  check_reset(s, b2);
  /* I: all true */
  static const int best3[] = {0, -1, -1, -1, -1};
  set_phases(s, b2, b2, best3);
  rephase_now(s, b2, b2, best3);
  static const int all_true[] = {0, 1, 1, 1, 1};
  check_reset(s, all_true);
  /* B */
  static const int best4[] = {0, 0, -1, 0, -1};
  set_phases(s, all_true, target0, best4);
  rephase_now(s, all_true, target0, best4);
  static const int b4[] = {0, 1, -1, 1, -1};
  check_reset(s, b4);
  /* F: every saved value flipped (a variable never set stays so) */
  static const int saved5[] = {0, 1, -1, 0, -1};
  static const int best5[] = {0, -1, 1, 1, 1};
  set_phases(s, saved5, target0, best5);
  rephase_now(s, saved5, target0, best5);
  static const int f5[] = {0, -1, 1, 0, 1};
  check_reset(s, f5);
  /* and B again */
  set_phases(s, f5, f5, best0);
  rephase_now(s, f5, f5, best0);
  static const int b6[] = {0, -1, 1, 1, 1};
  check_reset(s, b6);
  assert_int_equal(s->phase.rephases, 7);

  /* rephase 1: always best */
  assert_int_equal(dpll_set_option(s, "rephase", 1), 0);
  s->stats.conflicts = 100;
  dpll__rephase_init(s);
  assert_true(s->phase.rephase_next == 1100);
  const int *bests[] = {best1, best2, best3, best4, best5};
  const int *was = b6;
  int now[5];
  for (int k = 0; k < 5; k++) {
    set_phases(s, was, target0, bests[k]);
    rephase_now(s, was, target0, bests[k]);
    for (int v = 1; v <= 4; v++)
      now[v] = bests[k][v] ? bests[k][v] : was[v];
    now[0] = 0;
    check_reset(s, now);
    was = now;
  }

  /* rephase 0: never, however many conflicts */
  assert_int_equal(dpll_set_option(s, "rephase", 0), 0);
  s->stats.conflicts = 0;
  dpll__rephase_init(s);
  set_phases(s, saved0, target0, best0);
  s->stats.conflicts = 1000000;
  dpll__rephase_maybe(s);
  check_unchanged(s, saved0, target0, best0);
  assert_int_equal(s->phase.rephases, 0);
  assert_true(s->phase.rephase_next == 1000);
  dpll_free(s);
}

/* ---- The move-to-front queue (heuristic vmtf) ---------------------------
 *
 * Judged against a model of it: each variable's time of its last move, the
 * decision being the unassigned variable of the latest time.  New
 * variables come in from the highest number down (the lowest is split on
 * first, as in the heap); a conflict's bumps move its variables, each
 * once, in the order of their old times.  Random decisions, backtracks,
 * bumps and new variables, and the queue's invariants (dpll__heap_check)
 * after each step. */

typedef struct queue_model {
  uint64_t time[64], now;
  int queued;
} queue_model;

static void model_extend(queue_model *m, int num_vars) {
  for (int v = num_vars; v > m->queued; v--)
    m->time[v] = ++m->now;
  if (num_vars > m->queued)
    m->queued = num_vars;
}

static int model_best(const queue_model *m, dpll_solver *s) {
  int best = 0;
  for (int v = 1; v <= m->queued; v++)
    if (dpll_value(s, v) == DPLL_UNASSIGNED &&
        (!best || m->time[v] > m->time[best]))
      best = v;
  return best;
}

/* Bumps k distinct random variables, in a random order, as an analysis
 * would, and the model with them.  (Bumps reach the queue once a decision
 * has used it; before, they go to the activities.) */
static void bump_some(dpll_solver *s, queue_model *m, uint64_t *rng, int k) {
  int vars[64], n = dpll_num_vars(s);
  for (int v = 1; v <= n; v++)
    vars[v - 1] = v;
  for (int i = 0; i < k; i++) { /* a random k of them first */
    int j = i + oracle_below(rng, n - i), t = vars[i];
    vars[i] = vars[j];
    vars[j] = t;
  }
  model_extend(m, n);
  dpll_choose(s); /* as in a search, a decision came before the conflict */
  for (int i = 0; i < k; i++)
    dpll__bump_var(s, vars[i]);
  dpll__decay_activity(s);
  for (int done = 0; done < k; done++) { /* oldest time first */
    int oldest = -1;
    for (int i = 0; i < k; i++)
      if (vars[i] && (oldest < 0 || m->time[vars[i]] < m->time[vars[oldest]]))
        oldest = i;
    m->time[vars[oldest]] = ++m->now;
    vars[oldest] = 0;
  }
}

/* A clause over variables from..to, which satisfies nothing by itself. */
static void add_span(dpll_solver *s, int from, int to) {
  int lits[64], n = 0;
  for (int v = from; v <= to; v++)
    lits[n++] = v;
  assert_int_equal(dpll_add_clause(s, lits, (size_t)n), 0);
}

static void test_vmtf_queue(void **state) {
  (void)state;
  uint64_t rng = 0x7E57F00DULL;
  long steps = 0, bumps = 0;
  for (int run = 0; run < 200; run++) {
    dpll_solver *s = with_heuristic(DPLL_HEURISTIC_VMTF);
    queue_model m = {.now = 0};
    add_span(s, 1, 2 + oracle_below(&rng, 30));
    for (int step = 0; step < 200; step++, steps++) {
      int n = dpll_num_vars(s), what = oracle_below(&rng, 10);
      if (what == 0 && n < 60) {
        add_span(s, n + 1, n + 1 + oracle_below(&rng, 3));
        continue;
      }
      if (what <= 2) {
        int level = dpll__decision_level(s);
        assert_int_equal(dpll_backtrack_to(s, oracle_below(&rng, level + 1)),
                         0);
      } else if (what <= 4) {
        bump_some(s, &m, &rng, 1 + oracle_below(&rng, n));
        bumps++;
      }
      model_extend(&m, n); /* choosing lets new variables in */
      int lit = dpll_choose(s), expect = model_best(&m, s);
      assert_int_equal(lit < 0 ? -lit : lit, expect);
      assert_null(dpll__heap_check(s));
      if (what > 4 && expect) {
        int sign = oracle_below(&rng, 2) ? 1 : -1;
        assert_int_equal(dpll_propagate(s), 0); /* after a new clause */
        if (dpll_value(s, expect) == DPLL_UNASSIGNED) {
          assert_int_equal(dpll_decide(s, sign * expect), 0);
          assert_int_equal(dpll_propagate(s), 0);
        }
      }
    }
    dpll_free(s);
  }
  print_message("%ld steps, %ld conflicts' bumps\n", steps, bumps);
  assert_true(bumps > steps / 6);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_names),
      cmocka_unit_test(test_first),
      cmocka_unit_test(test_jw),
      cmocka_unit_test(test_dlis),
      cmocka_unit_test(test_activity),
      cmocka_unit_test(test_activity_rescale),
      cmocka_unit_test(test_rescale_ties),
      cmocka_unit_test(test_random),
      cmocka_unit_test(test_priority_and_marks),
      cmocka_unit_test(test_marks_errors),
      cmocka_unit_test(test_target_phase),
      cmocka_unit_test(test_rephase),
      cmocka_unit_test(test_all_assigned),
      cmocka_unit_test(test_vmtf_queue),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
