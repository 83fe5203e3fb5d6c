/* test_enumerate.c - enumeration in one search (lib/dpll/enumerate.c,
 * dpll_enumerate), judged by brute force over all 2^n assignments
 * (tests/oracle.c):
 *   - random small formulas of six shapes, under every engine and
 *     heuristic, pure literals on or off, sometimes after a solve, with
 *     variables marked not to be decided: every model is given exactly
 *     once, each satisfies the clauses, DPLL_UNSAT ends the list, and the
 *     solver is usable afterwards with its clauses unchanged (dpll_status
 *     says UNSAT exactly when there is no model);
 *   - projections (random variables in random order, repeats too): every
 *     assignment of them that some model extends is given exactly once,
 *     with a model that extends it;
 *   - assumptions: the models that satisfy them, which are then forgotten;
 *   - the callback's view (state SAT, dpll_model, dpll_write_answer), a
 *     callback that stops the list, the terminate callback and the
 *     decision and conflict limits (the models given before the stop are
 *     still right and distinct);
 *   - many models with no clause at all (a count no loop of solve and
 *     block reaches in a test's time);
 *   - 8 to 10 queens, whose counts are known, with restarts and
 *     reductions under way: every placement once (checked by the test's
 *     own rules), and the first row's columns when projected;
 *   - the errors. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "oracle.h"
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VARS 12 /* of the random formulas */
#define ALL_VARS 16 /* of any formula here */

/* ---- What the callback saw ----------------------------------------------- */

typedef struct seen {
  int num_vars;    /* the formula's variables: models over these */
  const int *proj; /* the projection (NULL: every variable) */
  size_t nproj;
  unsigned char *given; /* per assignment (bit v-1 for variable v) */
  unsigned *models;     /* the models given, as masks, in order */
  long n;               /* how many */
  long stop_at;         /* return 1 at this call (1-based; 0: never) */
  bool bad_view;        /* the callback saw a state other than SAT */
} seen;

static void seen_init(seen *w, int num_vars, const int *proj, size_t nproj) {
  memset(w, 0, sizeof *w);
  w->num_vars = num_vars;
  w->proj = proj;
  w->nproj = nproj;
  w->given = calloc((size_t)1 << num_vars, 1);
  w->models = malloc(((size_t)1 << num_vars) * sizeof *w->models);
  assert_true(w->given && w->models);
}

static void seen_free(seen *w) {
  free(w->given);
  free(w->models);
}

/* The bits of mask a on the projection (all of a without one). */
static unsigned projected(const seen *w, unsigned a) {
  if (!w->proj)
    return a;
  unsigned p = 0;
  for (size_t i = 0; i < w->nproj; i++)
    p |= a & 1u << (w->proj[i] - 1);
  return p;
}

static int keep(void *ctx, const dpll_solver *s) {
  seen *w = ctx;
  if (dpll_status(s) != DPLL_SAT)
    w->bad_view = true;
  unsigned a = 0;
  for (int v = 1; v <= w->num_vars; v++) {
    int val = dpll_model(s, v);
    if (val != 0 && val != 1)
      w->bad_view = true;
    a |= (unsigned)(val == 1) << (v - 1);
  }
  if ((size_t)w->n < (size_t)1 << w->num_vars)
    w->models[w->n] = a;
  w->n++;
  return w->stop_at && w->n == w->stop_at;
}

/* ---- The judge ----------------------------------------------------------- */

static void model_of(unsigned a, int n, unsigned char *model) {
  for (int v = 1; v <= n; v++)
    model[v] = (unsigned char)(a >> (v - 1) & 1);
}

/* Whether assignment a satisfies the assumptions lits[0..n-1]. */
static bool holds(unsigned a, const int *lits, int n) {
  for (int i = 0; i < n; i++)
    if ((a >> (abs(lits[i]) - 1) & 1) != (lits[i] > 0))
      return false;
  return true;
}

/* The models given: each satisfies f and the assumptions, no projection
 * twice; if complete, every projection of such a model was given.
 * Returns the number of models of f with the assumptions. */
static long judge(const oracle_formula *f, seen *w, const int *assumed,
                  int nassumed, bool complete, const char *what) {
  unsigned char model[ALL_VARS + 2] = {0};
  CHECK(!w->bad_view, "%s: the callback saw no model", what);
  size_t size = (size_t)1 << f->num_vars;
  memset(w->given, 0, size);
  for (long i = 0; i < w->n; i++) {
    unsigned a = w->models[i];
    model_of(a, f->num_vars, model);
    CHECK(oracle_check(f, model), "%s: model %ld (%#x) falsifies a clause",
          what, i, a);
    CHECK(holds(a, assumed, nassumed),
          "%s: model %ld (%#x) breaks an "
          "assumption",
          what, i, a);
    CHECK(!w->given[projected(w, a)],
          "%s: model %ld (%#x): its projection "
          "%#x was given before",
          what, i, a, projected(w, a));
    w->given[projected(w, a)] = 1;
  }
  long models = 0, missing = 0;
  for (unsigned a = 0; a < size; a++) {
    model_of(a, f->num_vars, model);
    if (!oracle_check(f, model) || !holds(a, assumed, nassumed))
      continue;
    models++;
    missing += !w->given[projected(w, a)];
    w->given[projected(w, a)] = 1; /* once per projection */
  }
  CHECK(!complete || missing == 0,
        "%s: %ld projections of models were not "
        "given (%ld given)",
        what, missing, w->n);
  return models;
}

/* ---- Settings ------------------------------------------------------------ */

typedef struct config {
  int algorithm, heuristic, pure, lookahead;
} config;

static const config configs[] = {
    {DPLL_ALGORITHM_AUTO, DPLL_HEURISTIC_AUTO, 1, 0},
    {DPLL_ALGORITHM_DPLL, DPLL_HEURISTIC_FIRST, 1, 0},
    {DPLL_ALGORITHM_DPLL, DPLL_HEURISTIC_JW, 1, 1},
    {DPLL_ALGORITHM_DPLL, DPLL_HEURISTIC_DLIS, 0, 0},
    {DPLL_ALGORITHM_DPLL, DPLL_HEURISTIC_RANDOM, 1, 0},
    {DPLL_ALGORITHM_CDCL, DPLL_HEURISTIC_ACTIVITY, 1, 0},
    {DPLL_ALGORITHM_CDCL, DPLL_HEURISTIC_AUTO, 0, 0},
};
#define NUM_CONFIGS (sizeof configs / sizeof *configs)

static dpll_solver *configured(long k) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  config c = configs[k % (long)NUM_CONFIGS];
  assert_int_equal(dpll_set_option(s, "algorithm", c.algorithm), 0);
  assert_int_equal(dpll_set_option(s, "heuristic", c.heuristic), 0);
  assert_int_equal(dpll_set_option(s, "pure", c.pure), 0);
  assert_int_equal(dpll_set_option(s, "lookahead", c.lookahead), 0);
  return s;
}

/* Adds f's clauses to s, and makes its variables exist there even if no
 * clause names them: the models are over all of them. */
static void load(dpll_solver *s, const oracle_formula *f) {
  add_formula(s, f, 0);
  if (dpll_num_vars(s) < f->num_vars)
    assert_int_equal(dpll_set_priority(s, f->num_vars, 0), 0);
  assert_int_equal(dpll_num_vars(s), f->num_vars);
}

/* The solver after a complete list: level 0, the same clauses, UNSAT
 * exactly when the clauses have no model, and a solve that agrees. */
static void check_after(dpll_solver *s, const oracle_formula *f, size_t clauses,
                        const char *what) {
  bool sat = oracle_satisfiable(f, NULL);
  CHECK(dpll_level(s) == 0, "%s: level %d afterwards", what, dpll_level(s));
  CHECK(dpll_num_clauses(s) == clauses,
        "%s: %zu clauses afterwards, %zu "
        "before",
        what, dpll_num_clauses(s), clauses);
  CHECK(dpll_status(s) == (sat ? DPLL_UNKNOWN : DPLL_UNSAT),
        "%s: status %d afterwards", what, dpll_status(s));
  int res = dpll_solve(s);
  CHECK(res == (sat ? DPLL_SAT : DPLL_UNSAT), "%s: a solve afterwards gave %d",
        what, res);
}

/* ---- Random formulas ----------------------------------------------------- */

/* Every model, once: formula i under configuration i, sometimes after a
 * solve (cdcl's learned clauses stay), sometimes with variables not to be
 * decided. */
static void test_random_all(void **state) {
  (void)state;
  uint64_t rng = 0xE0E0;
  long count = tier_cases(1500), with_models = 0, none = 0, many = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_draw(&f, &rng, i, MAX_VARS);
    dpll_solver *s = configured(i);
    load(s, &f);
    if (oracle_below(&rng, 3) == 0)
      CHECK(dpll_solve(s) > 0, "formula %ld: a solve before failed", i);
    if (oracle_below(&rng, 4) == 0)
      for (int v = 1; v <= f.num_vars; v++)
        if (oracle_below(&rng, 3) == 0)
          assert_int_equal(dpll_set_decision(s, v, 0), 0);
    char what[96];
    snprintf(what, sizeof what, "formula %ld (%d vars, %zu clauses)", i,
             f.num_vars, f.num_clauses);
    int vars = f.num_vars;
    size_t clauses = dpll_num_clauses(s);
    seen w;
    seen_init(&w, vars, NULL, 0);
    int rc = dpll_enumerate(s, NULL, 0, keep, &w);
    CHECK(rc == DPLL_UNSAT, "%s: dpll_enumerate returned %d", what, rc);
    long models = judge(&f, &w, NULL, 0, true, what);
    CHECK(w.n == models, "%s: %ld models given, %ld exist", what, w.n, models);
    check_after(s, &f, clauses, what);
    with_models += models > 0;
    none += models == 0;
    many += models > 100;
    seen_free(&w);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas: %ld with models (%ld with over 100), %ld "
                "without\n",
                count, with_models, many, none);
  assert_true(with_models > count / 3 && none > 0 && many > 0);
}

/* Shuffles vars[0..n-1] and repeats some of them into out; returns how
 * many are in out (at most 2n). */
static size_t draw_projection(uint64_t *rng, int num_vars, int *out) {
  size_t n = 0;
  for (int v = 1; v <= num_vars; v++)
    if (oracle_below(rng, 2))
      out[n++] = v;
  if (n == 0)
    out[n++] = 1 + oracle_below(rng, num_vars);
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)oracle_below(rng, (int)i);
    int t = out[i - 1];
    out[i - 1] = out[j];
    out[j] = t;
  }
  if (oracle_below(rng, 4) == 0)
    out[n] = out[oracle_below(rng, (int)n)], n++;
  return n;
}

/* Every projection once, with a model that extends it. */
static void test_random_projection(void **state) {
  (void)state;
  uint64_t rng = 0x9A0;
  long count = tier_cases(1500), fewer = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_draw(&f, &rng, i, MAX_VARS);
    dpll_solver *s = configured(i + 3);
    load(s, &f);
    if (oracle_below(&rng, 4) == 0)
      CHECK(dpll_solve(s) > 0, "formula %ld: a solve before failed", i);
    int proj[2 * MAX_VARS + 2];
    size_t nproj = f.num_vars ? draw_projection(&rng, f.num_vars, proj) : 0;
    char what[96];
    snprintf(what, sizeof what,
             "formula %ld (%d vars, %zu clauses), %zu "
             "projected",
             i, f.num_vars, f.num_clauses, nproj);
    size_t clauses = dpll_num_clauses(s);
    seen w;
    seen_init(&w, f.num_vars, nproj ? proj : NULL, nproj);
    int rc = dpll_enumerate(s, proj, nproj, keep, &w);
    CHECK(rc == DPLL_UNSAT, "%s: dpll_enumerate returned %d", what, rc);
    long models = judge(&f, &w, NULL, 0, true, what);
    fewer += w.n < models;
    if (f.num_vars)
      check_after(s, &f, clauses, what);
    seen_free(&w);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld with fewer projections than models\n", count,
                fewer);
  assert_true(fewer > count / 4);
}

/* The models under assumptions, which the next solve forgets. */
static void test_assumptions(void **state) {
  (void)state;
  uint64_t rng = 0xA55;
  long count = tier_cases(800), refuted = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_draw(&f, &rng, i, MAX_VARS);
    dpll_solver *s = configured(i);
    load(s, &f);
    int assumed[3], n = 1 + oracle_below(&rng, 3);
    for (int k = 0; k < n; k++) {
      int v = 1 + oracle_below(&rng, f.num_vars);
      assumed[k] = oracle_below(&rng, 2) ? v : -v;
      assert_int_equal(dpll_assume(s, assumed[k]), 0);
    }
    int proj[2 * MAX_VARS + 2];
    size_t nproj = i % 2 ? draw_projection(&rng, f.num_vars, proj) : 0;
    char what[96];
    snprintf(what, sizeof what,
             "formula %ld (%d vars, %zu clauses), %d "
             "assumed",
             i, f.num_vars, f.num_clauses, n);
    seen w;
    seen_init(&w, f.num_vars, nproj ? proj : NULL, nproj);
    int rc = dpll_enumerate(s, proj, nproj, keep, &w);
    CHECK(rc == DPLL_UNSAT, "%s: dpll_enumerate returned %d", what, rc);
    long models = judge(&f, &w, assumed, n, true, what);
    refuted += models == 0;
    /* Forgotten: the next solve is that of the clauses.  No model under
     * assumptions shows nothing about the clauses alone, unless a
     * conflict at level 0 did. */
    bool sat = oracle_satisfiable(&f, NULL);
    CHECK(dpll_status(s) == DPLL_UNKNOWN ||
              (!sat && dpll_status(s) == DPLL_UNSAT),
          "%s: status %d afterwards", what, dpll_status(s));
    CHECK(dpll_solve(s) == (sat ? DPLL_SAT : DPLL_UNSAT),
          "%s: the assumptions were not forgotten", what);
    seen_free(&w);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld without a model under the assumptions\n",
                count, refuted);
  assert_true(refuted > 0 && refuted < count);
}

/* ---- Stopping ------------------------------------------------------------ */

/* A callback that stops after k models: exactly k, then the whole list
 * again from the same solver. */
static void test_callback_stops(void **state) {
  (void)state;
  uint64_t rng = 0x570;
  long count = tier_cases(300), stopped = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_random(&f, &rng, 4 + oracle_below(&rng, 6),
                  (size_t)oracle_below(&rng, 12), 2, 4);
    long models = (long)oracle_count_models(&f);
    dpll_solver *s = configured(i);
    load(s, &f);
    char what[64];
    snprintf(what, sizeof what, "formula %ld (%ld models)", i, models);
    seen w;
    seen_init(&w, f.num_vars, NULL, 0);
    w.stop_at = 1 + oracle_below(&rng, (int)(models + 1));
    int rc = dpll_enumerate(s, NULL, 0, keep, &w);
    if (w.stop_at <= models) {
      CHECK(rc == DPLL_SAT && w.n == w.stop_at,
            "%s: stopped at %ld, returned %d after %ld", what, w.stop_at, rc,
            w.n);
      stopped++;
    } else
      CHECK(rc == DPLL_UNSAT && w.n == models, "%s: returned %d after %ld",
            what, rc, w.n);
    judge(&f, &w, NULL, 0, false, what);
    CHECK(dpll_level(s) == 0 &&
              dpll_status(s) == (models ? DPLL_UNKNOWN : DPLL_UNSAT),
          "%s: level %d, status %d after the stop", what, dpll_level(s),
          dpll_status(s));
    w.stop_at = 0;
    w.n = 0;
    CHECK(dpll_enumerate(s, NULL, 0, keep, &w) == DPLL_UNSAT && w.n == models,
          "%s: %ld models the second time", what, w.n);
    judge(&f, &w, NULL, 0, true, what);
    seen_free(&w);
    dpll_free(s);
    oracle_free(&f);
  }
  assert_true(stopped > count / 2);
}

static int polls_left;
static int countdown(void *ctx) {
  (void)ctx;
  return polls_left-- <= 0;
}

/* The terminate callback and the limits stop the list with DPLL_UNKNOWN;
 * what was given is right and distinct. */
static void test_terminate_and_limits(void **state) {
  (void)state;
  uint64_t rng = 0x7E4;
  long count = tier_cases(300), cut = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_draw(&f, &rng, i, MAX_VARS);
    dpll_solver *s = configured(i);
    load(s, &f);
    long models = (long)oracle_count_models(&f);
    int how = (int)(i % 3);
    if (how == 0) {
      polls_left = oracle_below(&rng, 40);
      dpll_set_terminate(s, countdown, NULL);
    } else
      assert_int_equal(
          dpll_set_option(s, how == 1 ? "decision_limit" : "conflict_limit",
                          oracle_below(&rng, 20)),
          0);
    char what[96];
    snprintf(what, sizeof what, "formula %ld (%d vars, %ld models), stop %d", i,
             f.num_vars, models, how);
    seen w;
    seen_init(&w, f.num_vars, NULL, 0);
    int rc = dpll_enumerate(s, NULL, 0, keep, &w);
    CHECK(rc == DPLL_UNKNOWN || rc == DPLL_UNSAT, "%s: returned %d", what, rc);
    judge(&f, &w, NULL, 0, rc == DPLL_UNSAT, what);
    if (rc == DPLL_UNSAT)
      CHECK(w.n == models, "%s: %ld of %ld models, yet complete", what, w.n,
            models);
    else
      cut += w.n < models;
    CHECK(dpll_level(s) == 0, "%s: level %d", what, dpll_level(s));
    CHECK(rc == DPLL_UNSAT || dpll_status(s) == DPLL_UNKNOWN,
          "%s: status %d after a stop", what, dpll_status(s));
    seen_free(&w);
    dpll_free(s);
    oracle_free(&f);
  }
  assert_true(cut > 0);
}

/* ---- Special cases ------------------------------------------------------- */

typedef struct view {
  int calls;
  bool ok;
} view;

/* The callback's solver is in state SAT: dpll_model and dpll_write_answer
 * work; no level 0 unit is lost from the model. */
static int look(void *ctx, const dpll_solver *s) {
  view *v = ctx;
  v->calls++;
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  assert_non_null(out);
  int rc = dpll_write_answer(s, out, DPLL_FORMAT_DIMACS, NULL, 0);
  fclose(out);
  v->ok = v->ok && rc == 0 && dpll_status(s) == DPLL_SAT &&
          dpll_model(s, 1) == 1 && dpll_model(s, -2) == 1 &&
          strncmp(text, "s SATISFIABLE\nv 1 -2 ", 21) == 0;
  free(text);
  return 0;
}

static void test_callback_view(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(add(s, 1, 1), 0);
  assert_int_equal(add(s, 2, -1, -2), 0);
  assert_int_equal(add(s, 2, 3, 4), 0);
  view v = {0, true};
  assert_int_equal(dpll_enumerate(s, NULL, 0, look, &v), DPLL_UNSAT);
  assert_int_equal(v.calls, 3);
  assert_true(v.ok);
  /* Projected on 1 and 2, both fixed: one call. */
  int proj[] = {2, 1};
  v.calls = 0;
  assert_int_equal(dpll_enumerate(s, proj, 2, look, &v), DPLL_UNSAT);
  assert_int_equal(v.calls, 1);
  assert_true(v.ok);
  dpll_free(s);
}

/* 2^16 models and no clause: each given once. */
static void test_many_models(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_priority(s, 16, 0), 0); /* variables 1..16 */
  seen w;
  seen_init(&w, 16, NULL, 0);
  assert_int_equal(dpll_enumerate(s, NULL, 0, keep, &w), DPLL_UNSAT);
  assert_int_equal(w.n, 1 << 16);
  for (long i = 0; i < w.n; i++) {
    assert_false(w.given[w.models[i]]);
    w.given[w.models[i]] = 1;
  }
  /* Projected on 3 of them: 8 calls. */
  int proj[] = {5, 9, 16};
  seen p;
  seen_init(&p, 16, proj, 3);
  assert_int_equal(dpll_enumerate(s, proj, 3, keep, &p), DPLL_UNSAT);
  assert_int_equal(p.n, 8);
  oracle_formula none;
  oracle_init(&none, 16);
  judge(&none, &p, NULL, 0, true, "3 of 16 free variables");
  oracle_free(&none);
  seen_free(&p);
  seen_free(&w);
  dpll_free(s);
}

/* ---- N queens: restarts and reductions under way ------------------------ */

/* The clauses of N queens on an n x n board, square (r, c) variable
 * 1 + r n + c: a queen in every row, no two attacking each other. */
static void add_queens(dpll_solver *s, int n) {
  for (int r = 0; r < n; r++) {
    int row[16];
    for (int c = 0; c < n; c++)
      row[c] = 1 + r * n + c;
    assert_int_equal(dpll_add_clause(s, row, (size_t)n), 0);
  }
  for (int a = 0; a < n * n; a++)
    for (int b = a + 1; b < n * n; b++) {
      int dr = b / n - a / n, dc = b % n - a % n;
      if (dr == 0 || dc == 0 || dr == dc || dr == -dc)
        assert_int_equal(add(s, 2, -(a + 1), -(b + 1)), 0);
    }
}

typedef struct placements {
  int n;
  long count;
  uint64_t *cols; /* each model as its queens' columns, 4 bits a row */
  bool bad;       /* a model that is not a placement of n queens */
} placements;

/* Reads the model as a placement, checked by the test's own rules: one
 * queen a row, no two on a column or diagonal. */
static int place(void *ctx, const dpll_solver *s) {
  placements *p = ctx;
  int col[16];
  uint64_t key = 0;
  for (int r = 0; r < p->n; r++) {
    int queens = 0;
    for (int c = 0; c < p->n; c++)
      if (dpll_model(s, 1 + r * p->n + c) == 1) {
        col[r] = c;
        queens++;
      }
    p->bad |= queens != 1;
    key = key << 4 | (uint64_t)col[r];
    for (int q = 0; q < r && queens == 1; q++)
      p->bad |= col[q] == col[r] || r - q == col[r] - col[q] ||
                r - q == col[q] - col[r];
  }
  p->cols = realloc(p->cols, (size_t)(p->count + 1) * sizeof *p->cols);
  assert_non_null(p->cols);
  p->cols[p->count++] = key;
  return 0;
}

static void count_learned(void *ctx, const int *lits, size_t n) {
  (void)lits;
  (void)n;
  ++*(long *)ctx;
}

static int compare_keys(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* 8, 9 and 10 queens have 92, 352 and 724 solutions (a count known since
 * the nineteenth century for 8, and by exhaustive search for the others):
 * every engine, with restarts every few conflicts and reductions, lists
 * exactly that many placements, each a real one, none twice; projected
 * onto the first row, each column its queen takes in them, once. */
static void test_queens(void **state) {
  (void)state;
  static const long known[] = {92, 352, 724};
  for (int n = 8; n <= 10; n++)
    for (int k = 0; k < 4; k++) {
      dpll_solver *s = dpll_new();
      assert_non_null(s);
      add_queens(s, n);
      assert_int_equal(
          dpll_set_option(s, "algorithm",
                          k == 3 ? DPLL_ALGORITHM_DPLL : DPLL_ALGORITHM_CDCL),
          0);
      assert_int_equal(dpll_set_option(s, "luby_unit", k == 1 ? 2 : 64), 0);
      assert_int_equal(
          dpll_set_option(s, "restarts",
                          k == 2 ? DPLL_RESTARTS_GLUCOSE : DPLL_RESTARTS_LUBY),
          0);
      /* The learn callback hears nothing of the enumeration (its clauses
       * may rest on the models given), and is kept for later solves. */
      long learned = 0;
      dpll_set_learn(s, 1000, count_learned, &learned);
      placements p = {n, 0, NULL, false};
      assert_int_equal(dpll_enumerate(s, NULL, 0, place, &p), DPLL_UNSAT);
      CHECK(learned == 0, "%d queens: the learn callback heard %ld clauses", n,
            learned);
      CHECK(!p.bad && p.count == known[n - 8],
            "%d queens, setting %d: %ld placements (%s)", n, k, p.count,
            p.bad ? "some wrong" : "all right");
      qsort(p.cols, (size_t)p.count, sizeof *p.cols, compare_keys);
      bool first[16] = {false};
      int columns = 0;
      for (long i = 0; i < p.count; i++) {
        CHECK(i == 0 || p.cols[i] != p.cols[i - 1],
              "%d queens, setting %d: a placement given twice", n, k);
        int c = (int)(p.cols[i] >> 4 * (n - 1) & 15);
        columns += !first[c];
        first[c] = true;
      }
      /* Projected onto the first row. */
      int row[16];
      for (int c = 0; c < n; c++)
        row[c] = 1 + c;
      placements q = {n, 0, NULL, false};
      assert_int_equal(dpll_enumerate(s, row, (size_t)n, place, &q),
                       DPLL_UNSAT);
      bool seen[16] = {false};
      for (long i = 0; i < q.count; i++) {
        int c = (int)(q.cols[i] >> 4 * (n - 1) & 15);
        CHECK(first[c] && !seen[c],
              "%d queens, setting %d: column %d of "
              "the first row given wrongly",
              n, k, c);
        seen[c] = true;
      }
      CHECK(!q.bad && q.count == columns,
            "%d queens, setting %d: %ld first "
            "rows of %d",
            n, k, q.count, columns);
      dpll_stats st;
      dpll_get_stats(s, &st);
      uint64_t conflicts = st.conflicts;
      assert_int_equal(dpll_solve(s), DPLL_SAT);
      dpll_get_stats(s, &st);
      CHECK(k == 3 || learned > 0 || st.conflicts == conflicts,
            "%d queens: a solve's clauses were not heard", n);
      if (n == 10 && k < 3)
        CHECK(st.restarts > 0 && st.deleted > 0,
              "10 queens, setting %d: "
              "%llu restarts, %llu deleted",
              k, (unsigned long long)st.restarts,
              (unsigned long long)st.deleted);
      free(p.cols);
      free(q.cols);
      dpll_free(s);
    }
}

static int never(void *ctx, const dpll_solver *s) {
  (void)ctx;
  (void)s;
  fail_msg("the callback was called");
  return 1;
}

static void test_errors(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(add(s, 2, 1, 2), 0);
  int bad[] = {1, 0}, neg[] = {-1}, far[] = {3};
  assert_int_equal(dpll_enumerate(NULL, NULL, 0, never, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_enumerate(s, NULL, 0, NULL, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_enumerate(s, NULL, 1, never, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_enumerate(s, bad, 2, never, NULL), DPLL_ERANGE);
  assert_int_equal(dpll_enumerate(s, neg, 1, never, NULL), DPLL_ERANGE);
  assert_int_equal(dpll_enumerate(s, far, 1, never, NULL), DPLL_ENOVAR);
  FILE *proof = tmpfile();
  assert_non_null(proof);
  assert_int_equal(dpll_set_proof(s, proof, DPLL_PROOF_TEXT), 0);
  assert_int_equal(dpll_enumerate(s, NULL, 0, never, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_set_proof(s, NULL, DPLL_PROOF_TEXT), 0);
  fclose(proof);
  assert_int_equal(dpll_add(s, 1), 0); /* a clause left open */
  assert_int_equal(dpll_enumerate(s, NULL, 0, never, NULL), DPLL_EOPEN);
  assert_int_equal(dpll_add(s, 0), 0);
  /* Known unsatisfiable: no call. */
  assert_int_equal(add(s, 1, -1), 0);
  assert_int_equal(add(s, 1, -2), 0);
  assert_int_equal(dpll_enumerate(s, NULL, 0, never, NULL), DPLL_UNSAT);
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  dpll_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_all),
      cmocka_unit_test(test_random_projection),
      cmocka_unit_test(test_assumptions),
      cmocka_unit_test(test_callback_stops),
      cmocka_unit_test(test_terminate_and_limits),
      cmocka_unit_test(test_callback_view),
      cmocka_unit_test(test_many_models),
      cmocka_unit_test(test_queens),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
