/* test_restart.c - the restart policies of the conflict-driven engine,
 * white-box: the conflicts are counted by hand and the checks of restart.c
 * called as the search loop calls them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "internal.h"
#include "restart.h"

static dpll_solver *with_restarts(int policy) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "restarts", policy), 0);
  return s;
}

/* One conflict with a learned clause of the given LBD, as cdcl.c reports
 * it; then, like the loop, restart if due.  Returns whether it did. */
static bool conflict(dpll_solver *s, uint32_t lbd) {
  s->stats.conflicts++;
  dpll__restart_conflict(s, lbd);
  if (!dpll__restart_due(s))
    return false;
  dpll__restart(s, 0);
  return true;
}

/* Luby with the option luby_unit at 100: restarts after 100 * (1 1 2 1 1
 * 2 4 1 1 2 1 1 2 4 8) conflicts, that is at these running totals. */
static void test_luby(void **state) {
  (void)state;
  static const uint64_t at[] = {100,  200,  400,  500,  600,  800,  1200, 1300,
                                1400, 1600, 1700, 1800, 2000, 2400, 3200};
  dpll_solver *s = with_restarts(DPLL_RESTARTS_LUBY);
  int64_t unit = 0;
  assert_int_equal(dpll_get_option(s, "luby_unit", &unit), 0);
  assert_int_equal(unit, 1024); /* the default */
  assert_int_equal(dpll_set_option(s, "luby_unit", 0), DPLL_EVALUE);
  assert_int_equal(dpll_set_option(s, "luby_unit", 100), 0);
  s->stats.conflicts = 777; /* an earlier solve's: counts start afresh */
  dpll__restart_init(s);
  size_t k = 0;
  for (uint64_t c = 1; c <= 3200; c++) {
    bool restarted = conflict(s, 3);
    bool expected = k < sizeof at / sizeof *at && c == at[k];
    if (restarted != expected)
      fail_msg("conflict %llu: restart %d, expected %d", (unsigned long long)c,
               restarted, expected);
    k += expected;
  }
  assert_int_equal(k, sizeof at / sizeof *at);
  assert_int_equal(s->stats.restarts, k);
  dpll_free(s);
  /* the default unit: the first restarts at 1024, 2048, 4096 */
  s = with_restarts(DPLL_RESTARTS_LUBY);
  dpll__restart_init(s);
  uint64_t first[3], n = 0;
  for (uint64_t c = 1; c <= 4096; c++)
    if (conflict(s, 3) && n < 3)
      first[n++] = c;
  assert_int_equal(n, 3);
  assert_int_equal(first[0], 1024);
  assert_int_equal(first[1], 2048);
  assert_int_equal(first[2], 4096);
  dpll_free(s);
}

/* Glucose: no restart while the learned clauses keep their quality; one
 * when they turn worse by more than a quarter, not before 50 conflicts. */
static void test_glucose(void **state) {
  (void)state;
  dpll_solver *s = with_restarts(DPLL_RESTARTS_GLUCOSE);
  dpll__restart_init(s);
  for (int c = 0; c < 500; c++)
    assert_false(conflict(s, 4));
  /* Worse clauses: the fast average passes 1.25 * 4 = 5 quickly. */
  int c = 0;
  while (!conflict(s, 12))
    assert_true(++c < 50);
  assert_int_equal(s->stats.restarts, 1);
  /* Right after a restart, 50 conflicts must pass first. */
  for (int i = 1; i < 50; i++)
    assert_false(conflict(s, 12));
  dpll_free(s);
}

/* The averages belong to one solve: a solve after an earlier one's
 * conflicts starts from its first sample, not from 0 (which made every
 * clause look worse than the average and restarted every 50 conflicts). */
static void test_glucose_second_solve(void **state) {
  (void)state;
  dpll_solver *s = with_restarts(DPLL_RESTARTS_GLUCOSE);
  s->stats.conflicts = 20000;
  dpll__restart_init(s);
  s->stats.conflicts++;
  dpll__restart_conflict(s, 5);
  assert_true(s->restart.lbd_slow > 4.99 && s->restart.lbd_slow < 5.01);
  assert_true(s->restart.lbd_fast > 4.99 && s->restart.lbd_fast < 5.01);
  for (int c = 0; c < 1000; c++)
    assert_false(conflict(s, 5));
  dpll_free(s);
}

/* Mixed: glucose for conflicts 1..1000, luby for the next 1000, glucose
 * for 2000, luby for 2000, with a restart at each switch.  With clauses of
 * constant quality glucose never restarts, so the restarts are the
 * switches and Luby's (100 1 1 2 1 1 2 4 ... from the switch). */
static void test_mixed(void **state) {
  (void)state;
  dpll_solver *s = with_restarts(DPLL_RESTARTS_MIXED);
  assert_int_equal(dpll_set_option(s, "luby_unit", 100), 0);
  dpll__restart_init(s);
  uint64_t restarts_at[64];
  size_t n = 0;
  for (uint64_t c = 1; c <= 6000 && n < 64; c++)
    if (conflict(s, 4))
      restarts_at[n++] = c;
  /* glucose 1..1000: the switch at 1000; luby from 1000: 1100 1200 1400
   * 1500 1600 1800; the switch at 2000; glucose 2000..4000: the switch at
   * 4000; luby again, its sequence going on: 4100 ... */
  static const uint64_t want[] = {1000, 1100, 1200, 1400, 1500,
                                  1600, 1800, 2000, 4000};
  assert_true(n >= sizeof want / sizeof *want);
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    if (restarts_at[i] != want[i])
      fail_msg("restart %zu at conflict %llu, expected %llu", i,
               (unsigned long long)restarts_at[i], (unsigned long long)want[i]);
  /* luby ran 4000..6000; at 6000 glucose took over, for 4000 */
  assert_int_equal(restarts_at[n - 1], 6000);
  assert_false(s->restart.mixed_luby);
  assert_int_equal(s->restart.mixed_end, 10000);
  dpll_free(s);
}

/* None: never. */
static void test_none(void **state) {
  (void)state;
  dpll_solver *s = with_restarts(DPLL_RESTARTS_NONE);
  dpll__restart_init(s);
  for (int c = 0; c < 5000; c++)
    assert_false(conflict(s, (uint32_t)(c % 40)));
  dpll_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_luby),
      cmocka_unit_test(test_glucose),
      cmocka_unit_test(test_glucose_second_solve),
      cmocka_unit_test(test_mixed),
      cmocka_unit_test(test_none),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
