/* test_check.c - the invariant check (lib/dpll/check.c): it finds nothing
 * wrong in every state a search passes through, and it finds each kind of
 * damage done to a solver on purpose: a watch left on a false literal, a
 * reason pointing to a deleted clause, a clause watched twice, a heap out
 * of order, pure-literal counts that are off, a literal at the wrong level,
 * marks left by an analysis, and waste miscounted; and the self-check of
 * every SAT answer refuses an assignment that is not a model.  It runs in
 * every build (debug builds also run the check inside the library, in
 * DPLL_CHECK). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "analyze.h"
#include "check.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "oracle.h"
#include "propagate.h"
#include "solver.h"
#include "testutil.h"
#include "watches.h"

#include <string.h>

/* Fails unless the check finds something, and what it finds starts with
 * the part named (e.g. "propagation:"). */
static void expect_damage(dpll_solver *s, const char *part) {
  const char *why = dpll__check(s);
  if (!why)
    fail_msg("the check found nothing (expected \"%s ...\")", part);
  if (strncmp(why, part, strlen(part)))
    fail_msg("the check found \"%s\", expected \"%s ...\"", why, part);
}

static long sound_states; /* how many expect_sound has passed */

static void expect_sound(dpll_solver *s) {
  sound_states++;
  const char *why = dpll__check(s);
  if (why)
    fail_msg("the check found \"%s\" in a sound state", why);
}

/* The clauses (1 2 3), (-1 2), (-2 3 4), (1 -3 -4), all free. */
static dpll_solver *small(void) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(add(s, 3, 1, 2, 3), 0);
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(add(s, 3, -2, 3, 4), 0);
  assert_int_equal(add(s, 3, 1, -3, -4), 0);
  assert_int_equal(dpll_propagate(s), 0);
  expect_sound(s);
  return s;
}

/* Propagation that skips a watch: -2 is decided and marked propagated
 * without visiting its watches, so (1 2 3) keeps a watch on the false 2
 * while nothing satisfies it. */
static void test_watch_on_false_literal(void **state) {
  (void)state;
  dpll_solver *s = small();
  dpll__new_level(s, false);
  dpll__assign(s, lit_from_ext(-2), CREF_NONE);
  expect_sound(s); /* queued: not at a fixpoint, nothing is claimed yet */
  dpll__skip_queue(s);
  expect_damage(s, "propagation:");
  dpll_free(s);
}

/* Learns a clause from a conflict by hand: it is then the reason of the
 * literal it asserts.  Returns its ref. */
static cref learn_one(dpll_solver *s) {
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
  assert_int_equal(add(s, 3, -1, -2, 3), 0);
  assert_int_equal(add(s, 3, -1, -2, -3), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_decide(s, 1), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_decide(s, 2), 0);
  assert_int_equal(dpll_propagate(s), DPLL_CONFLICT);
  uint32_t lbd;
  int level = dpll__analyze(s, s->trail.conflict, &lbd);
  assert_int_equal(dpll__learn(s, level, lbd), 0);
  assert_int_equal(dpll__num_learnts(s), 1);
  cref ref = dpll__learnt_ref(s, 0);
  assert_int_equal(dpll__reason_of(s, lit_var(dpll__clause(s, ref)->lits[0])),
                   ref);
  return ref;
}

/* A reduction that forgets the clause is a reason: the clause is deleted
 * and compacted away, and the reason still names its old place. */
static void test_reason_deleted(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 2, 1, 4), 0);
  cref ref = learn_one(s);
  expect_sound(s);
  /* The learned clause is last in the arena: once it is compacted away, its
   * old place lies beyond the arena. */
  dpll__clause_delete(s, ref);
  dpll__store_compact(s, NULL); /* no clause is marked: never called */
  expect_damage(s, "reasons:");
  dpll_free(s);
}

/* The same, with the clause marked deleted but still in its place: the
 * list check sees it first, and without the list entry the reason check. */
static void test_reason_marked_deleted(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  cref ref = learn_one(s);
  dpll__clause_delete(s, ref);
  expect_damage(s, "store:"); /* a list names a deleted clause */
  s->store.num_learnts = 0;   /* as if it were purged, not compacted */
  expect_damage(s, "reasons:");
  dpll_free(s);
}

/* A clause watched twice on its first literal, and once not at all. */
static void test_watched_twice(void **state) {
  (void)state;
  dpll_solver *s = small();
  cref ref = dpll__clause_ref(s, 0);
  const clause *c = dpll__clause(s, ref);
  watch_list *wl = dpll__watch_list(s, c->lits[1]);
  for (uint32_t i = 0; i < wl->size; i++)
    if (watch_clause(wl->items[i]) == ref)
      wl->items[i] = wl->items[--wl->size]; /* gone from lits[1] */
  assert_int_equal(
      dpll__watch_push(s, c->lits[0], watch_of(c, ref, c->lits[1])), 0);
  expect_damage(s, "watches:");
  dpll_free(s);
}

/* A watch with a blocker that is not in its clause. */
static void test_bad_blocker(void **state) {
  (void)state;
  dpll_solver *s = small();
  const clause *c = dpll__clause(s, dpll__clause_ref(s, 0));
  watch_list *wl = dpll__watch_list(s, c->lits[0]);
  assert_true(wl->size > 0);
  wl->items[0].blocker = lit_from_ext(4);
  expect_damage(s, "watches:");
  dpll_free(s);
}

/* Two variables of the activity heap swapped. */
static void test_heap_order(void **state) {
  (void)state;
  dpll_solver *s = small();
  for (int v = 1; v <= 4; v++)
    s->heap.activity[v] = v; /* 4 is best */
  assert_int_equal(dpll__heap_best(s, DPLL_HEURISTIC_ACTIVITY), 4);
  expect_sound(s);
  heap_part *h = &s->heap;
  int a = h->heap[0], b = h->heap[h->size - 1];
  h->heap[0] = b, h->heap[h->size - 1] = a;
  h->pos[a] = h->size - 1, h->pos[b] = 0;
  expect_damage(s, "heap:");
  dpll_free(s);
}

/* A pure-literal count off by one, and a pure variable not a candidate. */
static void test_pure_counts(void **state) {
  (void)state;
  dpll_solver *s = small();
  assert_int_equal(dpll_decide(s, 3), 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_true(dpll_eliminate_pure(s) >= 0);
  expect_sound(s);
  s->pure.unsat_occ[lit_from_ext(-4)]++;
  expect_damage(s, "pure:");
  s->pure.unsat_occ[lit_from_ext(-4)]--;
  expect_sound(s);
  s->pure.sat_count[0]++;
  expect_damage(s, "pure:");
  dpll_free(s);
}

/* A literal recorded at a level it is not on. */
static void test_trail_level(void **state) {
  (void)state;
  dpll_solver *s = small();
  assert_int_equal(dpll_decide(s, -1), 0);
  assert_int_equal(dpll_propagate(s), 0);
  s->trail.level[1] = 0;
  expect_damage(s, "trail:");
  dpll_free(s);
}

static void test_analysis_marks(void **state) {
  (void)state;
  dpll_solver *s = small();
  s->an.seen[2] = 1;
  expect_damage(s, "analysis:");
  dpll_free(s);
}

static void test_waste_miscounted(void **state) {
  (void)state;
  dpll_solver *s = small();
  s->store.wasted = 4;
  expect_damage(s, "store:");
  dpll_free(s);
}

/* The check every build makes before a SAT answer: a complete assignment
 * that leaves a clause false, or an incomplete one, is refused with
 * DPLL_EINTERNAL (as if an engine had a bug); a model passes. */
static void test_self_check(void **state) {
  (void)state;
  const int wrong[] = {1, -2, 3, 4}; /* (-1 2) is false */
  const int right[] = {-1, -2, 3, -4};
  for (int round = 0; round < 3; round++) {
    dpll_solver *s = small();
    const int *values = round == 0 ? wrong : right;
    for (int v = 0; v < (round == 2 ? 3 : 4); v++) {
      dpll__new_level(s, false);
      dpll__assign(s, lit_from_ext(values[v]), CREF_NONE);
    }
    assert_int_equal(dpll__save_model(s), round == 1 ? 0 : DPLL_EINTERNAL);
    dpll_free(s);
  }
}

/* Sound states: every step of the classic search, driven by hand on random
 * formulas (with pure literals), and every end of a conflict-driven solve,
 * pass the check; so it is not so strict that it would fire on its own. */
static void test_sound_searches(void **state) {
  (void)state;
  uint64_t rng = 2026;
  long count = tier_cases(1000); /* in a Release build's quick tier */
  sound_states = 0;
  for (int round = 0; round < count; round++) {
    oracle_formula f;
    int nv = 5 + oracle_below(&rng, 16);
    oracle_random(&f, &rng, nv, (size_t)(2 * nv + oracle_below(&rng, 3 * nv)),
                  round % 4 ? 3 : 1, 4);
    dpll_solver *s = dpll_new();
    for (size_t i = 0; i < f.num_clauses; i++)
      assert_int_equal(
          dpll_add_clause(s, f.lits + f.start[i], f.start[i + 1] - f.start[i]),
          0);
    expect_sound(s);
    for (int step = 0; step < 1000; step++) {
      if (dpll_propagate(s) == DPLL_CONFLICT) {
        expect_sound(s);
        if (dpll_backtrack(s) == 1)
          break;
        continue;
      }
      expect_sound(s);
      assert_true(dpll_eliminate_pure(s) >= 0);
      expect_sound(s);
      int lit = dpll_choose(s);
      if (lit == 0)
        break;
      assert_int_equal(dpll_decide(s, lit), 0);
    }
    assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
    int res = dpll_solve(s);
    CHECK(res == (oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT),
          "round %d: dpll_solve gave %d", round, res);
    expect_sound(s);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld states checked sound\n", count,
                sound_states);
  assert_true(sound_states > 5 * count);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_watch_on_false_literal),
      cmocka_unit_test(test_reason_deleted),
      cmocka_unit_test(test_reason_marked_deleted),
      cmocka_unit_test(test_watched_twice),
      cmocka_unit_test(test_bad_blocker),
      cmocka_unit_test(test_heap_order),
      cmocka_unit_test(test_pure_counts),
      cmocka_unit_test(test_trail_level),
      cmocka_unit_test(test_analysis_marks),
      cmocka_unit_test(test_waste_miscounted),
      cmocka_unit_test(test_self_check),
      cmocka_unit_test(test_sound_searches),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
