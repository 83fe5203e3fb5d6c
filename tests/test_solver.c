/* test_solver.c - the handle: creation, options, messages, states, the
 * model, statistics, and independent solvers side by side. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "testutil.h"

#include <limits.h>
#include <string.h>

static void test_version(void **state) {
  (void)state;
  assert_string_equal(dpll_version(), DPLL_VERSION);
  assert_string_equal(DPLL_VERSION, "0.1.0");
}

/* Every code has its own message; unknown codes are answered too. */
static void test_strerror(void **state) {
  (void)state;
  const int codes[] = {
#define CODE(name, value, text) DPLL_##name,
      DPLL_ERRORS(CODE)
#undef CODE
          0,
      DPLL_CONFLICT, DPLL_SAT, DPLL_UNSAT};
  size_t n = sizeof codes / sizeof *codes;
  assert_true(n >= 16);
  for (size_t i = 0; i < n; i++) {
    const char *m = dpll_strerror(codes[i]);
    assert_non_null(m);
    assert_true(strlen(m) > 5);
    assert_string_not_equal(m, "unknown code");
    for (size_t k = 0; k < i; k++)
      assert_string_not_equal(m, dpll_strerror(codes[k]));
    if (i + 4 < n) /* the errors proper are negative */
      assert_true(codes[i] < 0);
  }
  assert_string_equal(dpll_strerror(-999), "unknown code");
  assert_string_equal(dpll_strerror(INT_MAX), "unknown code");
  assert_string_equal(dpll_strerror(DPLL_ENOMEM), "out of memory");
}

static void test_options(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  int64_t v = 99;
  struct {
    const char *name;
    int64_t def, lo, hi;
  } rows[] = {
#define ROW(name, def, lo, hi, ...) {#name, def, lo, hi},
      DPLL_OPTIONS(ROW)
#undef ROW
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    assert_int_equal(dpll_get_option(s, rows[i].name, &v), 0);
    assert_int_equal(v, rows[i].def);
    assert_int_equal(dpll_set_option(s, rows[i].name, rows[i].lo), 0);
    assert_int_equal(dpll_get_option(s, rows[i].name, &v), 0);
    assert_int_equal(v, rows[i].lo);
    assert_int_equal(dpll_set_option(s, rows[i].name, rows[i].hi), 0);
    assert_int_equal(dpll_get_option(s, rows[i].name, &v), 0);
    assert_int_equal(v, rows[i].hi);
    if (rows[i].lo > INT64_MIN)
      assert_int_equal(dpll_set_option(s, rows[i].name, rows[i].lo - 1),
                       DPLL_EVALUE);
    if (rows[i].hi < INT64_MAX)
      assert_int_equal(dpll_set_option(s, rows[i].name, rows[i].hi + 1),
                       DPLL_EVALUE);
    assert_int_equal(dpll_get_option(s, rows[i].name, &v), 0);
    assert_int_equal(v, rows[i].hi); /* unchanged by a refused value */
  }
  assert_int_equal(dpll_get_option(s, "heuristic", &v), 0);
  assert_int_equal(v, DPLL_NUM_HEURISTICS - 1);
  assert_int_equal(dpll_set_option(s, "no-such", 1), DPLL_EOPTION);
  assert_int_equal(dpll_set_option(s, NULL, 1), DPLL_EOPTION);
  assert_int_equal(dpll_get_option(s, "Pure", &v), DPLL_EOPTION);
  assert_int_equal(dpll_get_option(s, "pure", NULL), DPLL_EINVAL);
  assert_int_equal(dpll_set_option(NULL, "pure", 1), DPLL_EINVAL);
  assert_int_equal(dpll_get_option(NULL, "pure", &v), DPLL_EINVAL);
  dpll_free(s);
}

/* Whether the named values of choice option o are complete and sound:
 * every value from min to max has one name, every name one value, and the
 * solver takes each. */
static void check_values(dpll_solver *s, const dpll_option *o) {
  int64_t count = 0;
  for (const dpll_option_value *v = o->values; v->name; v++, count++) {
    assert_true(v->value >= o->min && v->value <= o->max);
    assert_true(v->doc && *v->doc);
    for (const dpll_option_value *w = o->values; w < v; w++) {
      assert_int_not_equal(w->value, v->value);
      assert_string_not_equal(w->name, v->name);
    }
    int64_t got = -1;
    assert_int_equal(dpll_set_option(s, o->name, v->value), 0);
    assert_int_equal(dpll_get_option(s, o->name, &got), 0);
    assert_int_equal(got, v->value);
  }
  assert_int_equal(count, o->max - o->min + 1);
}

/* dpll_option_info describes each row of DPLL_OPTIONS, in its order, with
 * the range and default the solver keeps to; a choice's names are the
 * constants' (the heuristics' are dpll_heuristic_name's). */
static void test_option_info(void **state) {
  (void)state;
  static const struct {
    const char *name;
    int kind;
    int64_t def, lo, hi;
  } rows[] = {
#define ROW(name, def, lo, hi, doc, kind, ...) {#name, kind, def, lo, hi},
      DPLL_OPTIONS(ROW)
#undef ROW
  };
  const int n = (int)(sizeof rows / sizeof *rows);
  dpll_solver *s = dpll_new();
  assert_null(dpll_option_info(-1));
  assert_null(dpll_option_info(n));
  assert_null(dpll_option_info(INT_MAX));
  for (int i = 0; i < n; i++) {
    const dpll_option *o = dpll_option_info(i);
    assert_non_null(o);
    assert_string_equal(o->name, rows[i].name);
    assert_int_equal(o->kind, rows[i].kind);
    assert_true(o->def == rows[i].def && o->min == rows[i].lo &&
                o->max == rows[i].hi);
    assert_true(o->doc && *o->doc);
    int64_t v = -2;
    assert_int_equal(dpll_get_option(s, o->name, &v), 0);
    assert_int_equal(v, o->def);
    if (o->kind == DPLL_OPTION_CHOICE)
      check_values(s, o);
    else
      assert_null(o->values);
    if (o->kind == DPLL_OPTION_FLAG)
      assert_true(o->min == 0 && o->max == 1);
  }
  const dpll_option *h = dpll_option_info(1), *r = dpll_option_info(4);
  assert_string_equal(h->name, "heuristic");
  for (const dpll_option_value *v = h->values; v->name; v++)
    assert_string_equal(dpll_heuristic_name((int)v->value), v->name);
  assert_string_equal(r->name, "restarts");
  assert_string_equal(r->values[0].name, "glucose");
  assert_int_equal(r->values[0].value, DPLL_RESTARTS_GLUCOSE);
  assert_int_equal(dpll_option_info(0)->values[0].value, DPLL_ALGORITHM_AUTO);
  dpll_free(s);
}

static void test_states_and_model(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  assert_int_equal(dpll_model(s, 1), DPLL_ENOMODEL);
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_status(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 2), 1);
  assert_int_equal(dpll_model(s, -2), 0);
  assert_int_equal(dpll_model(s, 0), DPLL_ERANGE);
  assert_int_equal(dpll_model(s, INT_MIN), DPLL_ERANGE);
  assert_int_equal(dpll_model(s, 3), DPLL_ENOVAR);
  assert_int_equal(dpll_model(NULL, 1), DPLL_EINVAL);
  /* The model belongs to the formula it was found for. */
  assert_int_equal(dpll_propagate(s), 0);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  assert_int_equal(dpll_model(s, 2), DPLL_ENOMODEL);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(add(s, 1, -2), 0);
  assert_int_equal(dpll_model(s, 2), DPLL_ENOMODEL);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  assert_int_equal(dpll_model(s, 1), DPLL_ENOMODEL);
  assert_int_equal(add(s, 1, 5), 0); /* unsatisfiable for good */
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  assert_int_equal(dpll_status(NULL), DPLL_EINVAL);
  dpll_free(s);
}

static void test_value(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_int_equal(add(s, 1, -4), 0);
  assert_int_equal(dpll_value(s, 4), 0);
  assert_int_equal(dpll_value(s, -4), 1);
  assert_int_equal(dpll_value(s, 3), DPLL_UNASSIGNED);
  assert_int_equal(dpll_value(s, 77), DPLL_UNASSIGNED); /* not mentioned */
  assert_int_equal(dpll_value(s, 0), DPLL_ERANGE);
  assert_int_equal(dpll_value(s, INT_MIN), DPLL_ERANGE);
  assert_int_equal(dpll_value(NULL, 1), DPLL_EINVAL);
  assert_int_equal(dpll_level(NULL), 0);
  dpll_free(s);
}

static void test_stats(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  dpll_stats st;
  memset(&st, 0xff, sizeof st);
  dpll_get_stats(s, &st);
  assert_int_equal(st.decisions + st.propagations + st.conflicts +
                       st.backtracks + st.pure_literals + st.max_depth,
                   0);
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(add(s, 2, 1, -2), 0);
  assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_FIRST), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  dpll_get_stats(s, &st);
  /* First 1 (true): (-1 2) forces 2; all satisfied. */
  assert_int_equal(st.decisions, 1);
  assert_int_equal(st.propagations, 1);
  assert_int_equal(st.conflicts, 0);
  assert_int_equal(st.max_depth, 1);
  dpll_get_stats(s, NULL);   /* harmless */
  dpll_get_stats(NULL, &st); /* harmless */
  dpll_free(s);
}

static void nop_trace(void *ctx, const dpll_event *e) {
  (void)e;
  ++*(int *)ctx;
}

/* Solvers share nothing: interleaved use gives each its own answer. */
static void test_independent_solvers(void **state) {
  (void)state;
  enum { N = 8 };
  dpll_solver *s[N];
  int events[N] = {0};
  for (int i = 0; i < N; i++) {
    s[i] = dpll_new();
    assert_non_null(s[i]);
    assert_int_equal(dpll_set_option(s[i], "heuristic", i % 5), 0);
    dpll_set_trace(s[i], nop_trace, &events[i]);
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) /* solver i: variable i+1 must equal i%2 */
      assert_int_equal(
          add(s[j], 1, j == i ? (i % 2 ? i + 1 : -(i + 1)) : N + 1 + i), 0);
  for (int i = 0; i < N; i++)
    assert_int_equal(dpll_solve(s[i]), DPLL_SAT);
  for (int i = 0; i < N; i++) {
    assert_int_equal(dpll_model(s[i], i + 1), i % 2);
    assert_true(events[i] > 0);
    dpll_set_trace(s[i], NULL, NULL);
  }
  int before = events[0];
  assert_int_equal(dpll_solve(s[0]), DPLL_SAT);
  assert_int_equal(events[0], before); /* the trace was removed */
  for (int i = 0; i < N; i++)
    dpll_free(s[i]);
  dpll_set_trace(NULL, nop_trace, NULL); /* harmless */
}

/* The proof sinks' contract (whether a proof is valid is test_proof's
 * business, with an independent checker): steps only during dpll_solve,
 * the empty clause last for UNSAT, a refusing callback or a failing file
 * gives DPLL_EIO and no answer, a bad format is refused. */
typedef struct steps {
  int added, deleted, empties, after_empty, refuse_at;
} steps;

static int count_step(void *ctx, int deleted, const int *lits, size_t n) {
  steps *st = ctx;
  (void)lits;
  st->after_empty += st->empties > 0;
  if (deleted)
    st->deleted++;
  else if (n == 0)
    st->empties++;
  else
    st->added++;
  return st->refuse_at && st->added + st->deleted >= st->refuse_at;
}

static dpll_solver *pigeons(void) { /* PHP(4, 3): UNSAT, needs learning */
  dpll_solver *s = dpll_new();
  for (int p = 0; p < 4; p++)
    assert_int_equal(add(s, 3, 3 * p + 1, 3 * p + 2, 3 * p + 3), 0);
  for (int h = 1; h <= 3; h++)
    for (int p = 0; p < 4; p++)
      for (int q = p + 1; q < 4; q++)
        assert_int_equal(add(s, 2, -(3 * p + h), -(3 * q + h)), 0);
  return s;
}

static void test_proof_sinks(void **state) {
  (void)state;
  for (int algorithm = 0; algorithm <= 1; algorithm++) {
    dpll_solver *s = pigeons();
    assert_int_equal(dpll_set_option(s, "algorithm", algorithm), 0);
    steps st = {0};
    dpll_set_proof_callback(s, count_step, &st);
    assert_int_equal(dpll_propagate(s), 0); /* steps write nothing */
    assert_int_equal(st.added + st.deleted + st.empties, 0);
    assert_int_equal(dpll_solve(s), DPLL_UNSAT);
    assert_true(st.added > 0);
    assert_int_equal(st.empties, 1);
    assert_int_equal(st.after_empty, 0);
    /* Known UNSAT, but a proof to a new sink must stand alone: it derives
     * the empty clause from the clauses again (test_proof checks such
     * proofs). */
    steps again = {0};
    dpll_set_proof_callback(s, count_step, &again);
    assert_int_equal(dpll_solve(s), DPLL_UNSAT);
    assert_int_equal(again.empties, 1);
    assert_true(again.added > 0);
    assert_int_equal(again.after_empty, 0);
    dpll_free(s);

    s = pigeons();
    assert_int_equal(dpll_set_option(s, "algorithm", algorithm), 0);
    steps refuse = {.refuse_at = 2};
    dpll_set_proof_callback(s, count_step, &refuse);
    assert_int_equal(dpll_solve(s), DPLL_EIO);
    assert_int_equal(dpll_write_answer(s, stdout, DPLL_FORMAT_DIMACS, NULL, 0),
                     DPLL_ENOANSWER);
    assert_int_equal(refuse.added + refuse.deleted, 2); /* none after it */
    dpll_free(s);
  }
  dpll_solver *s = pigeons();
  assert_int_equal(dpll_set_proof(s, stdout, 2), DPLL_EINVAL);
  assert_int_equal(dpll_set_proof(NULL, stdout, DPLL_PROOF_TEXT), DPLL_EINVAL);
  FILE *f = tmpfile();
  assert_non_null(f);
  assert_int_equal(dpll_set_proof(s, f, DPLL_PROOF_TEXT), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  long size = ftell(f);
  char tail[3] = {0};
  assert_true(size >= 2);
  fseek(f, size - 2, SEEK_SET);
  assert_int_equal(fread(tail, 1, 2, f), 2);
  assert_string_equal(tail, "0\n"); /* "0" alone: the empty clause */
  fclose(f);
  f = fopen("/dev/full", "w");
  if (f) { /* a file that cannot be written: EIO, no answer */
    dpll_free(s);
    s = pigeons();
    assert_int_equal(dpll_set_proof(s, f, DPLL_PROOF_BINARY), 0);
    assert_int_equal(dpll_solve(s), DPLL_EIO);
    fclose(f);
  }
  dpll_set_proof_callback(NULL, count_step, NULL); /* harmless */
  dpll_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_version),
      cmocka_unit_test(test_strerror),
      cmocka_unit_test(test_options),
      cmocka_unit_test(test_option_info),
      cmocka_unit_test(test_states_and_model),
      cmocka_unit_test(test_value),
      cmocka_unit_test(test_stats),
      cmocka_unit_test(test_independent_solvers),
      cmocka_unit_test(test_proof_sinks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
