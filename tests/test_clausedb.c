/* test_clausedb.c - adding clauses: validation, merging, tautologies, the
 * empty clause, units at the root, variable growth, the active-clause scan. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "branch.h"
#include "clausedb.h"
#include "internal.h"
#include "propagate.h"
#include "testutil.h"
#include "vars.h"
#include "watches.h"

#include <limits.h>

/* The stored literals of clause i, as external ints. */
static size_t stored(dpll_solver *s, size_t i, int *out) {
  const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
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
  const clause *c = dpll__clause(s, dpll__clause_ref(s, 2));
  assert_int_equal(dpll__value(s, c->lits[0]), 0);
  assert_int_equal(dpll__value(s, c->lits[1]), 0);
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
  assert_int_equal(s->scan.active, 3);
  assert_int_equal(s->scan.occ[lit_from_ext(1)], 2);
  assert_int_equal(s->scan.occ[lit_from_ext(-1)], 1);
  assert_true(s->scan.jw[lit_from_ext(1)] == 0.25 + 0.125);
  assert_true(s->scan.jw[lit_from_ext(4)] == 0.125);
  assert_int_equal(dpll_decide(s, -4), 0);
  dpll__scan_active(s);
  /* Clause 3 now has two free literals; nothing is satisfied yet. */
  assert_int_equal(s->scan.active, 3);
  assert_true(s->scan.jw[lit_from_ext(-1)] == 0.25);
  assert_int_equal(s->scan.occ[lit_from_ext(4)], 0);
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  assert_int_equal(dpll_decide(s, 1), 0);
  dpll__scan_active(s);
  assert_int_equal(s->scan.active, 1); /* (-1 2 4) is left */
  assert_int_equal(s->scan.occ[lit_from_ext(2)], 1);
  assert_int_equal(s->scan.occ[lit_from_ext(-2)], 0);
  dpll_free(s);
}

/* The shared watch pool: lists grow, shrink and move (to the end of the
 * pool, and down when it is compacted) in a random order, and must always
 * hold what a plain model of them holds; room reserved before a
 * compaction is still there after it; and the pool stays within a small
 * multiple of what the lists hold, however much they wandered. */
#define POOL_LITS 40
#define POOL_MAX 600

static uint32_t pool_rng = 12345;
static uint32_t pool_next(void) {
  pool_rng = pool_rng * 1103515245u + 12345u;
  return pool_rng >> 8;
}

static void check_pool(const dpll_solver *s, uint32_t model[][POOL_MAX],
                       const uint32_t *model_size) {
  size_t live = 0;
  for (unsigned l = 2; l < 2 + POOL_LITS; l++) {
    const watch_list *wl = &s->watch.lists[l];
    assert_int_equal(wl->size, model_size[l]);
    assert_true(wl->size <= wl->cap);
    if (wl->cap) {
      size_t start = (size_t)(wl->items - s->watch.pool);
      assert_true(start >= 1 && start + wl->cap <= s->watch.pool_size);
      assert_int_equal(wl->items[-1].ref, l);
      assert_int_equal(wl->items[-1].blocker, wl->cap);
    }
    const watch *items = dpll__watch_list(s, l)->items;
    for (uint32_t i = 0; i < wl->size; i++) {
      assert_int_equal(items[i].ref, model[l][i]);
      assert_int_equal(items[i].blocker, l);
    }
    live += wl->size;
  }
  /* The headers tile the pool: walking them ends exactly at its end. */
  size_t at = 0;
  while (at < s->watch.pool_size)
    at += 1 + (size_t)s->watch.pool[at].blocker;
  assert_int_equal(at, s->watch.pool_size);
  assert_true(s->watch.pool_size <= s->watch.pool_cap);
  /* Each list keeps at most 1.5 times its watches plus a few slots after
   * a compaction; the pool is at most 4/3 of that, or 1.5 times the size
   * before the last growth, plus the segment being added. */
  assert_true(s->watch.pool_cap <=
              256 + 6 * (live + 4 * POOL_LITS) + 2 * POOL_MAX);
}

static void test_watch_pool(void **state) {
  (void)state;
  static uint32_t model[2 + POOL_LITS][POOL_MAX];
  uint32_t model_size[2 + POOL_LITS] = {0};
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll__ensure_vars(s, POOL_LITS / 2), 0);
  uint32_t next_ref = 1;
  ptrdiff_t before[2 + POOL_LITS] = {0};
  bool moved_up = false, moved_down = false, grew = false;
  size_t cap0 = s->watch.pool_cap;
  for (int round = 0; round < 20000; round++) {
    unsigned l = 2 + pool_next() % POOL_LITS;
    uint32_t r = pool_next() % 100;
    /* Phases: lists mostly grow, then mostly shrink, and again. */
    bool growing = (round / 2500) % 2 == 0;
    if (r < (growing ? 70u : 30u) && model_size[l] < POOL_MAX) {
      assert_int_equal(dpll__watch_push(s, l, (watch){next_ref, l}), 0);
      model[l][model_size[l]++] = next_ref++;
    } else if (model_size[l] > 0) {
      /* Drop every other entry, as propagation drops moved watches. */
      watch_list *wl = &s->watch.lists[l];
      watch *items = dpll__watch_list(s, l)->items;
      uint32_t j = 0;
      for (uint32_t i = 0; i < wl->size; i++)
        if (i % 2)
          items[j] = items[i], model[l][j++] = model[l][i];
      wl->size = model_size[l] = j;
    }
    if (round % 97 == 0) {
      /* Room reserved survives the moves other lists cause. */
      unsigned k = 2 + pool_next() % POOL_LITS;
      if (model_size[k] < POOL_MAX) {
        assert_int_equal(dpll__watch_reserve(s, k, 1), 0);
        for (unsigned m = 2; m < 2 + POOL_LITS; m++)
          if (m != k && model_size[m] < POOL_MAX) {
            assert_int_equal(dpll__watch_push(s, m, (watch){next_ref, m}), 0);
            model[m][model_size[m]++] = next_ref++;
          }
        assert_true(s->watch.lists[k].size < s->watch.lists[k].cap);
        dpll__watch_add(s, k, (watch){next_ref, k});
        model[k][model_size[k]++] = next_ref++;
      }
    }
    check_pool(s, model, model_size);
    for (unsigned m = 2; m < 2 + POOL_LITS; m++) {
      ptrdiff_t start =
          s->watch.lists[m].cap ? s->watch.lists[m].items - s->watch.pool : 0;
      if (before[m] && start > before[m])
        moved_up = true;
      if (before[m] && start < before[m])
        moved_down = true; /* only a compaction does that */
      before[m] = start;
    }
    grew |= s->watch.pool_cap > cap0;
  }
  assert_true(moved_up && moved_down && grew);
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
      cmocka_unit_test(test_watch_pool),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
