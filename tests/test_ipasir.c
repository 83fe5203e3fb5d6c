/* test_ipasir.c - libdpll's IPASIR interface (include/ipasir.h), call by
 * call against the contract, and incremental sequences through it judged
 * by brute force (tests/oracle.c).  Also dpll_set_learn, which
 * ipasir_set_learn rests on. */
// clang-format off
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
// clang-format on

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dpll.h"
#include "ipasir.h"
#include "oracle.h"
#include "tier.h"

#define SEED 0x1BA5112ULL
/* The random cases in a Release build's quick tier (tests/tier.h). */
#define SEQUENCES 1500
#define LEARN_FORMULAS 20

static void add_clause(void *s, const int *lits, size_t n) {
  for (size_t i = 0; i < n; i++)
    ipasir_add(s, lits[i]);
  ipasir_add(s, 0);
}

static void test_signature_and_lifetime(void **state) {
  (void)state;
  const char *sig = ipasir_signature();
  assert_non_null(sig);
  assert_int_equal(strncmp(sig, "libdpll ", 8), 0);
  assert_string_equal(sig + 8, dpll_version());
  ipasir_release(NULL);
  void *s = ipasir_init();
  assert_non_null(s);
  ipasir_release(s);
  /* Every call on NULL is harmless. */
  ipasir_add(NULL, 1);
  ipasir_assume(NULL, 1);
  assert_int_equal(ipasir_solve(NULL), 0);
  assert_int_equal(ipasir_val(NULL, 1), 0);
  assert_int_equal(ipasir_failed(NULL, 1), 0);
  ipasir_set_terminate(NULL, NULL, NULL);
  ipasir_set_learn(NULL, NULL, 3, NULL);
}

/* The states: INPUT, SAT, UNSAT, and what each call gives in each. */
static void test_states(void **state) {
  (void)state;
  void *s = ipasir_init();
  assert_non_null(s);
  /* INPUT, nothing solved: val and failed say 0. */
  assert_int_equal(ipasir_val(s, 1), 0);
  assert_int_equal(ipasir_failed(s, 1), 0);
  /* An empty formula is satisfiable. */
  assert_int_equal(ipasir_solve(s), 10);
  const int c1[] = {1, 2}, c2[] = {-1, 2}, c3[] = {-2, 3};
  add_clause(s, c1, 2);
  add_clause(s, c2, 2);
  add_clause(s, c3, 2);
  assert_int_equal(ipasir_solve(s), 10); /* SAT */
  assert_int_equal(ipasir_val(s, 2), 2);
  assert_int_equal(ipasir_val(s, -2), 2); /* val(-2) = 2: 2 is true */
  assert_int_equal(ipasir_val(s, 3), 3);
  int v1 = ipasir_val(s, 1);
  assert_true(v1 == 1 || v1 == -1);
  assert_int_equal(ipasir_val(s, 9), 0);    /* never seen */
  assert_int_equal(ipasir_failed(s, 1), 0); /* not in UNSAT */
  /* Assume, solve: UNSAT; the failed set. */
  ipasir_assume(s, -3);
  ipasir_assume(s, 1);
  assert_int_equal(ipasir_val(s, 2), 0); /* INPUT again */
  assert_int_equal(ipasir_solve(s), 20);
  assert_int_equal(ipasir_failed(s, -3), 1);
  assert_int_equal(ipasir_val(s, 2), 0); /* no model in UNSAT */
  /* The assumptions are gone. */
  assert_int_equal(ipasir_solve(s), 10);
  assert_int_equal(ipasir_failed(s, -3), 0);
  /* An open clause: solve does not run. */
  ipasir_add(s, -3);
  assert_int_equal(ipasir_solve(s), 0);
  ipasir_add(s, 0); /* closes (-3): with (-2 3) and (2), UNSAT for good */
  assert_int_equal(ipasir_solve(s), 20);
  assert_int_equal(ipasir_failed(s, -3), 0);
  ipasir_assume(s, 1);
  assert_int_equal(ipasir_solve(s), 20);
  assert_int_equal(ipasir_failed(s, 1), 0); /* the clauses alone */
  ipasir_release(s);

  /* A literal out of range is remembered: no solve afterwards. */
  s = ipasir_init();
  assert_non_null(s);
  ipasir_add(s, INT32_MIN);
  ipasir_add(s, 0);
  assert_int_equal(ipasir_solve(s), 0);
  ipasir_release(s);
  s = ipasir_init();
  assert_non_null(s);
  ipasir_assume(s, DPLL_MAX_VAR + 1);
  assert_int_equal(ipasir_solve(s), 0);
  ipasir_release(s);
}

/* Sequences of additions, assumptions and solves on one solver. */
static void test_sequences(void **state) {
  (void)state;
  uint64_t rng = SEED;
  long count = tier_cases(SEQUENCES), sat = 0, unsat = 0;
  for (long q = 0; q < count; q++) {
    int nv = 5 + oracle_below(&rng, 10);
    oracle_formula f;
    oracle_init(&f, nv);
    void *s = ipasir_init();
    assert_non_null(s);
    int rounds = 2 + oracle_below(&rng, 8);
    for (int r = 0; r < rounds; r++) {
      int add = oracle_below(&rng, nv);
      for (int k = 0; k < add; k++) {
        oracle_add_random(&f, &rng, 4);
        size_t last = f.num_clauses - 1;
        add_clause(s, f.lits + f.start[last],
                   f.start[last + 1] - f.start[last]);
      }
      int assumed[5], n = oracle_below(&rng, 6);
      for (int i = 0; i < n; i++) {
        int v = 1 + oracle_below(&rng, nv);
        assumed[i] = oracle_below(&rng, 2) ? v : -v;
        ipasir_assume(s, assumed[i]);
      }
      int res = ipasir_solve(s);
      int expect = oracle_satisfiable_with(&f, assumed, n) ? 10 : 20;
      if (res != expect)
        fail_msg("sequence %ld, round %d: ipasir_solve gave %d, brute force "
                 "%d",
                 q, r, res, expect);
      if (res == 10) {
        sat++;
        unsigned char model[32];
        for (int v = 1; v <= nv; v++) {
          int val = ipasir_val(s, v);
          /* 0 only for a variable in no clause yet */
          assert_true(val == v || val == -v || val == 0);
          model[v] = val == v;
          if (val == 0)
            assert_int_equal(ipasir_val(s, -v), 0);
        }
        /* unseen variables are free: any value satisfies what is there */
        if (!oracle_check(&f, model))
          fail_msg("sequence %ld, round %d: the model fails a clause", q, r);
        for (int i = 0; i < n; i++)
          assert_int_equal(ipasir_val(s, assumed[i]), assumed[i]);
      } else {
        unsat++;
        int failed[5], nf = 0;
        for (int i = 0; i < n; i++)
          if (ipasir_failed(s, assumed[i]))
            failed[nf++] = assumed[i];
        if (oracle_satisfiable_with(&f, failed, nf))
          fail_msg("sequence %ld, round %d: the failed set is not enough", q,
                   r);
      }
    }
    ipasir_release(s);
    oracle_free(&f);
  }
  print_message("ipasir: %ld SAT, %ld UNSAT answers in %ld sequences\n", sat,
                unsat, count);
  assert_true(sat > count / 2 && unsat > count / 2);
}

/* PHP(n+1, n) through IPASIR. */
static void pigeons(void *s, int n) {
  for (int p = 0; p <= n; p++) {
    for (int h = 0; h < n; h++)
      ipasir_add(s, 1 + p * n + h);
    ipasir_add(s, 0);
  }
  for (int h = 0; h < n; h++)
    for (int p = 0; p <= n; p++)
      for (int q = p + 1; q <= n; q++) {
        int c[2] = {-(1 + p * n + h), -(1 + q * n + h)};
        add_clause(s, c, 2);
      }
}

static int polls;
static int stop_after_100(void *data) {
  (void)data;
  return ++polls > 100;
}

static void test_terminate(void **state) {
  (void)state;
  void *s = ipasir_init();
  assert_non_null(s);
  pigeons(s, 11); /* far more than 100 polls */
  polls = 0;
  ipasir_set_terminate(s, NULL, stop_after_100);
  assert_int_equal(ipasir_solve(s), 0);
  assert_int_equal(polls, 101);
  assert_int_equal(ipasir_val(s, 1), 0); /* INPUT: no model */
  assert_int_equal(ipasir_failed(s, 1), 0);
  ipasir_release(s);
  /* Removed, it stops nothing. */
  s = ipasir_init();
  assert_non_null(s);
  pigeons(s, 4);
  ipasir_set_terminate(s, NULL, stop_after_100);
  ipasir_set_terminate(s, NULL, NULL);
  polls = 0;
  assert_int_equal(ipasir_solve(s), 20);
  assert_int_equal(polls, 0);
  ipasir_release(s);
}

typedef struct learned {
  const oracle_formula *f;
  int max;
  long count, longest, bad;
} learned;

/* Each clause must be no longer than max and implied by the formula:
 * the formula with its negation is unsatisfiable. */
static void on_learn(void *data, int32_t *clause) {
  learned *l = data;
  int neg[64], n = 0;
  while (clause[n] && n < 64) {
    neg[n] = -clause[n];
    n++;
  }
  l->count++;
  if (n > l->longest)
    l->longest = n;
  if (n > l->max || n == 0 || oracle_satisfiable_with(l->f, neg, n))
    l->bad++;
}

static void test_learn(void **state) {
  (void)state;
  uint64_t rng = SEED ^ 0x1EA;
  long count = tier_cases(LEARN_FORMULAS), total[3] = {0, 0, 0}, longest = 0;
  const int maxes[3] = {2, 5, INT_MAX};
  for (int round = 0; round < count; round++) {
    oracle_formula f;
    oracle_random(&f, &rng, 20, 90, 3, 3); /* mostly UNSAT */
    for (int m = 0; m < 3; m++) {
      void *s = ipasir_init();
      assert_non_null(s);
      learned l = {&f, maxes[m], 0, 0, 0};
      ipasir_set_learn(s, &l, maxes[m], on_learn);
      for (size_t c = 0; c < f.num_clauses; c++)
        add_clause(s, f.lits + f.start[c], f.start[c + 1] - f.start[c]);
      int res = ipasir_solve(s);
      int expect = oracle_satisfiable_with(&f, NULL, 0) ? 10 : 20;
      if (res != expect || l.bad)
        fail_msg("formula %d, max_length %d: ipasir_solve gave %d, brute "
                 "force %d; %ld learned clauses too long or not implied",
                 round, maxes[m], res, expect, l.bad);
      total[m] += l.count;
      if (l.longest > longest)
        longest = l.longest;
      ipasir_release(s);
    }
    oracle_free(&f);
  }
  print_message("learn: %ld formulas, %ld clauses of at most 2 literals, %ld "
                "of at most 5, %ld in all (the longest: %ld literals)\n",
                count, total[0], total[1], total[2], longest);
  /* The lengths filter: fewer clauses heard once a longer one came (the
   * first formulas alone, at a small scale, learn only short ones). */
  assert_true(total[0] > 0 && total[0] <= total[1] && total[1] <= total[2] &&
              (total[0] < total[2] || longest <= 2));

  /* Negative max_length or NULL removes the callback. */
  oracle_formula f;
  oracle_random(&f, &rng, 18, 90, 3, 3);
  void *s = ipasir_init();
  assert_non_null(s);
  learned l = {&f, 0, 0, 0, 0};
  ipasir_set_learn(s, &l, 5, on_learn);
  ipasir_set_learn(s, &l, -1, on_learn);
  for (size_t c = 0; c < f.num_clauses; c++)
    add_clause(s, f.lits + f.start[c], f.start[c + 1] - f.start[c]);
  ipasir_solve(s);
  assert_int_equal(l.count, 0);
  ipasir_release(s);
  oracle_free(&f);
}

/* dpll_set_learn, which ipasir_set_learn rests on: lengths and counts. */
static long direct_count, direct_long;
static void on_direct(void *ctx, const int *lits, size_t n) {
  (void)lits;
  size_t max = *(const size_t *)ctx;
  direct_count++;
  direct_long += n > max;
}

static void test_dpll_set_learn(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  size_t max = 3;
  dpll_set_learn(s, max, on_direct, &max);
  for (int p = 0; p <= 6; p++) { /* PHP(7, 6) */
    int c[6];
    for (int h = 0; h < 6; h++)
      c[h] = 1 + p * 6 + h;
    assert_int_equal(dpll_add_clause(s, c, 6), 0);
  }
  for (int h = 0; h < 6; h++)
    for (int p = 0; p <= 6; p++)
      for (int q = p + 1; q <= 6; q++) {
        int c[2] = {-(1 + p * 6 + h), -(1 + q * 6 + h)};
        assert_int_equal(dpll_add_clause(s, c, 2), 0);
      }
  direct_count = direct_long = 0;
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  assert_int_equal(direct_long, 0);
  dpll_stats st;
  dpll_get_stats(s, &st);
  assert_true(direct_count > 0 && (uint64_t)direct_count <= st.learned);
  dpll_set_learn(s, 100, NULL, &max); /* removed */
  dpll_set_learn(NULL, 1, on_direct, NULL);
  dpll_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_signature_and_lifetime),
      cmocka_unit_test(test_states),
      cmocka_unit_test(test_sequences),
      cmocka_unit_test(test_terminate),
      cmocka_unit_test(test_learn),
      cmocka_unit_test(test_dpll_set_learn),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
