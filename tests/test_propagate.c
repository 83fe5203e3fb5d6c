/* test_propagate.c - unit propagation, the trail and its levels, reasons,
 * conflicts, undoing, and the rules the step functions enforce. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clausedb.h"
#include "internal.h"
#include "oracle.h"
#include "testutil.h"

/* Events recorded by the trace callback. */
typedef struct record {
  dpll_event events[64];
  int clause[64][8];
  int n;
} record;

static void keep(void *ctx, const dpll_event *e) {
  record *r = ctx;
  if (r->n == 64)
    return;
  r->events[r->n] = *e;
  for (size_t k = 0; k < e->clause_size && k < 8; k++)
    r->clause[r->n][k] = e->clause[k];
  r->n++;
}

static void test_unit_chain(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  record r = {.n = 0};
  dpll_set_trace(s, keep, &r);
  assert_int_equal(add(s, 2, -2, 3), 0);
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(add(s, 1, 1), 0); /* assigned on arrival */
  assert_int_equal(r.n, 1);
  assert_int_equal(r.events[0].kind, DPLL_EVENT_PROPAGATE);
  assert_int_equal(r.events[0].lit, 1);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_value(s, 2), 1);
  assert_int_equal(dpll_value(s, 3), 1);
  /* Each propagated literal comes with its reason, the literal first. */
  assert_int_equal(r.n, 3);
  assert_int_equal(r.events[1].lit, 2);
  assert_int_equal(r.events[1].level, 0);
  assert_int_equal(r.events[1].clause_size, 2);
  assert_int_equal(r.clause[1][0], 2);
  assert_int_equal(r.clause[1][1], -1);
  assert_int_equal(r.events[2].lit, 3);
  dpll_stats st;
  dpll_get_stats(s, &st);
  assert_int_equal(st.propagations, 3);
  assert_int_equal(st.decisions, 0);
  dpll_free(s);
}

static void test_conflict_and_levels(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 3, -1, -2, 3), 0);
  assert_int_equal(add(s, 3, -1, -2, -3), 0);
  assert_int_equal(add(s, 2, 4, 5), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_level(s), 0);
  assert_int_equal(dpll_decide(s, 1), 0);
  assert_int_equal(dpll_level(s), 1);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_decide(s, -4), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_value(s, 5), 1);
  assert_int_equal(dpll_decide(s, 2), 0);
  assert_int_equal(dpll_level(s), 3);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT); /* still pending */
  assert_int_equal(dpll_decide(s, 6), DPLL_ENOVAR);
  assert_int_equal(dpll_decide(s, 3), DPLL_ECONFLICT);
  /* Undo to level 1: 4 and 5 and 2 and 3 are free again, 1 is not. */
  assert_int_equal(dpll_backtrack_to(s, 4), DPLL_ELEVEL);
  assert_int_equal(dpll_backtrack_to(s, -1), DPLL_ELEVEL);
  assert_int_equal(dpll_backtrack_to(s, 1), 0);
  assert_int_equal(dpll_level(s), 1);
  assert_int_equal(dpll_value(s, 1), 1);
  for (int v = 2; v <= 5; v++)
    assert_int_equal(dpll_value(s, v), DPLL_UNASSIGNED);
  assert_int_equal(dpll_decide(s, 1), DPLL_EASSIGNED);
  assert_int_equal(dpll_decide(s, -1), DPLL_EASSIGNED);
  assert_int_equal(dpll_decide(s, 0), DPLL_ERANGE);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN); /* not at level 0 */
  dpll_stats st;
  dpll_get_stats(s, &st);
  assert_int_equal(st.max_depth, 3);
  assert_int_equal(st.conflicts, 1);
  dpll_free(s);
}

static void test_pending_queue(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(add(s, 2, 3, 4), 0);
  assert_int_equal(dpll_decide(s, 1), 0);
  assert_int_equal(dpll_decide(s, 3), DPLL_EPENDING);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_decide(s, 3), 0);
  assert_int_equal(dpll_value(s, 2), 1);
  dpll_free(s);
}

static void test_root_conflict(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(add(s, 2, -1, -2), 0);
  assert_int_equal(add(s, 1, 1), 0);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT);
  /* A conflict at level 0 proves unsatisfiability at once, and for good:
   * adding a clause (which resets the search) does not forget it. */
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  assert_int_equal(add(s, 2, 3, 4), 0);
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT);
  assert_int_equal(dpll_backtrack(s), 1);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
}

/* Undoing restores free variables, keeps their last value as phase and
 * leaves the watches valid: the same decisions give the same result. */
static void test_backtrack_restores(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 3, -1, 2, 3), 0);
  assert_int_equal(add(s, 2, -3, 4), 0);
  assert_int_equal(add(s, 2, -2, -4), 0);
  for (int round = 0; round < 3; round++) {
    assert_int_equal(dpll_decide(s, 1), 0);
    assert_int_equal(dpll_propagate(s), 0);
    assert_int_equal(dpll_decide(s, -2), 0);
    assert_int_equal(dpll_propagate(s), 0);
    assert_int_equal(dpll_value(s, 3), 1);
    assert_int_equal(dpll_value(s, 4), 1);
    assert_int_equal(dpll_backtrack_to(s, 0), 0);
    assert_int_equal(s->phase.saved[4], 1);
    assert_int_equal(s->phase.saved[2], -1);
  }
  assert_int_equal(dpll_decide(s, 1), 0);
  assert_int_equal(dpll_decide(s, 2), DPLL_EPENDING);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_decide(s, 2), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_value(s, 4), 0);
  assert_int_equal(dpll_decide(s, 3), DPLL_EASSIGNED);
  dpll_free(s);
}

/* After propagation without conflict no clause is false, and none has a
 * single free literal with all others false (a missed unit). */
static void check_fixpoint(const dpll_solver *s) {
  for (size_t i = 0; i < s->store.num_clauses; i++) {
    const clause *c = dpll__clause(s, s->store.clauses[i]);
    int free_lits = 0, true_lits = 0;
    for (uint32_t k = 0; k < c->size; k++) {
      free_lits += s->trail.vals[c->lits[k]] == 0;
      true_lits += s->trail.vals[c->lits[k]] > 0;
    }
    assert_true(true_lits > 0 || free_lits >= 2);
  }
}

/* The same over random formulas and random decisions, pure literals, and
 * undoing to random levels in between, so that watches move in every way. */
static void test_random_fixpoints(void **state) {
  (void)state;
  uint64_t rng = 42;
  long count = tier_cases(300); /* in a Release build's quick tier */
  for (int round = 0; round < count; round++) {
    oracle_formula f;
    int vars = 5 + oracle_below(&rng, 30);
    oracle_random(&f, &rng, vars, (size_t)(vars * 3), 1, 5);
    dpll_solver *s = dpll_new();
    for (size_t i = 0; i < f.num_clauses; i++)
      assert_int_equal(
          dpll_add_clause(s, f.lits + f.start[i], f.start[i + 1] - f.start[i]),
          0);
    for (int step = 0; step < 200 && dpll_status(s) != DPLL_UNSAT; step++) {
      int rc = dpll_propagate(s);
      if (rc == DPLL_CONFLICT) {
        assert_int_equal(
            dpll_backtrack_to(s, oracle_below(&rng, dpll_level(s) + 1)), 0);
        if (dpll_level(s) == 0 && s->trail.has_conflict)
          break;
        continue;
      }
      assert_int_equal(rc, 0);
      check_fixpoint(s);
      /* Pure literals set at a fixpoint count as propagated already. */
      if (oracle_below(&rng, 3) == 0 && dpll_eliminate_pure(s) > 0) {
        assert_int_equal(s->trail.qhead, s->trail.size);
        check_fixpoint(s);
      }
      int lit = 1 + oracle_below(&rng, vars);
      lit = oracle_below(&rng, 2) ? lit : -lit;
      if (dpll_value(s, lit) == DPLL_UNASSIGNED)
        assert_int_equal(dpll_decide(s, lit), 0);
      else if (oracle_below(&rng, 4) == 0)
        assert_int_equal(
            dpll_backtrack_to(s, oracle_below(&rng, dpll_level(s) + 1)), 0);
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld random formulas\n", count);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unit_chain),
      cmocka_unit_test(test_conflict_and_levels),
      cmocka_unit_test(test_pending_queue),
      cmocka_unit_test(test_root_conflict),
      cmocka_unit_test(test_backtrack_restores),
      cmocka_unit_test(test_random_fixpoints),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
