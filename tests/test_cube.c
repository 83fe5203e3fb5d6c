/* test_cube.c - cube-and-conquer's first half (lib/dpll/cube.c, dpll_cube)
 * and the clause writer (dpll_write_clauses, lib/dpll/files.c), judged by
 * brute force (tests/oracle.c) over all 2^n assignments:
 *   - on random small formulas of many shapes (3-SAT at and above the
 *     threshold, 2-SAT, mixed lengths with units, sparse ones) under
 *     several bounds (depth, count): every model of the clauses satisfies
 *     exactly one cube, any two cubes clash on a literal, the bounds hold,
 *     DPLL_UNSAT comes exactly with no cube and an unsatisfiable formula,
 *     and each cube solved as assumptions on a fresh solver answers as
 *     the oracle does for the clauses with the cube;
 *   - the same solver afterwards: level 0, units it kept implied by the
 *     clauses, assumptions kept for the next solve, the right answers,
 *     more clauses and another split;
 *   - variables marked not to be split on appear in no cube;
 *   - the errors (DPLL_EINVAL, DPLL_EOPEN, DPLL_EIO from the callback) and
 *     the terminate callback (cubes that still cover);
 *   - dpll_write_clauses in DIMACS and iCNF: headers, read back by
 *     dpll_read_file and by a reader of this file's own, the same models,
 *     after solves too; its errors and the empty clause of a formula known
 *     to be unsatisfiable. */
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

#define MAX_VARS 14

/* ---- Cubes as the callback gives them ------------------------------------ */

typedef struct cubes {
  int *lits;     /* every cube's literals, one after another */
  size_t *start; /* cube i: lits[start[i] .. start[i + 1] - 1] */
  size_t n, nlits, lits_cap, cubes_cap;
  long calls;
  long fail_at; /* the callback returns 1 at this call (1-based; 0: never) */
} cubes;

static void cubes_reset(cubes *c) {
  c->n = c->nlits = 0;
  c->calls = 0;
  c->fail_at = 0;
}

static void cubes_free(cubes *c) {
  free(c->lits);
  free(c->start);
  memset(c, 0, sizeof *c);
}

static size_t cube_size(const cubes *c, size_t i) {
  return c->start[i + 1] - c->start[i];
}

static const int *cube_lits(const cubes *c, size_t i) {
  return c->lits + c->start[i];
}

static int keep(void *ctx, const int *lits, size_t size) {
  cubes *c = ctx;
  c->calls++;
  if (c->fail_at && c->calls == c->fail_at)
    return 1;
  if (c->n + 2 > c->cubes_cap) {
    c->cubes_cap = 2 * (c->n + 2);
    c->start = realloc(c->start, c->cubes_cap * sizeof *c->start);
    assert_non_null(c->start);
  }
  if (c->nlits + size > c->lits_cap) {
    c->lits_cap = 2 * (c->nlits + size) + 16;
    c->lits = realloc(c->lits, c->lits_cap * sizeof *c->lits);
    assert_non_null(c->lits);
  }
  if (size)
    memcpy(c->lits + c->nlits, lits, size * sizeof *lits);
  c->start[c->n] = c->nlits;
  c->nlits += size;
  c->start[++c->n] = c->nlits;
  return 0;
}

/* ---- Helpers ------------------------------------------------------------- */

static void model_of(unsigned a, int n, unsigned char *model) {
  for (int v = 1; v <= n; v++)
    model[v] = (unsigned char)(a >> (v - 1) & 1);
}

/* The model of the last solve of s, which must satisfy f. */
static void check_model(const dpll_solver *s, const oracle_formula *f,
                        const char *what) {
  unsigned char model[MAX_VARS + 2] = {0};
  for (int v = 1; v <= f->num_vars && v <= dpll_num_vars(s); v++)
    model[v] = (unsigned char)dpll_model(s, v);
  CHECK(oracle_check(f, model), "%s: the model falsifies a clause", what);
}

/* ---- The judge of a split ------------------------------------------------ */

typedef struct bounds {
  int depth;
  int64_t count;
} bounds;

typedef struct verdict {
  unsigned pos[1 << 12], neg[1 << 12]; /* each cube as two masks */
  bool sat[1 << 12];                   /* the clauses and cube i: a model */
  long models;
} verdict;

/* The cubes' shape: the bounds, literals of known variables, no variable
 * twice in a cube, and any two cubes clash on a literal. */
static void check_shape(const cubes *c, int num_vars, bounds b, verdict *v,
                        const char *what) {
  CHECK(c->n <= sizeof v->pos / sizeof *v->pos, "%s: %zu cubes", what, c->n);
  CHECK(b.count == 0 || c->n <= (size_t)b.count,
        "%s: %zu cubes, more than the %lld asked for", what, c->n,
        (long long)b.count);
  for (size_t i = 0; i < c->n; i++) {
    CHECK(b.depth == 0 || cube_size(c, i) <= (size_t)b.depth,
          "%s: cube %zu has %zu literals, the depth is %d", what, i,
          cube_size(c, i), b.depth);
    v->pos[i] = v->neg[i] = 0;
    for (size_t k = 0; k < cube_size(c, i); k++) {
      int lit = cube_lits(c, i)[k], var = abs(lit);
      CHECK(lit != 0 && var <= num_vars, "%s: cube %zu holds literal %d", what,
            i, lit);
      unsigned bit = 1u << (var - 1);
      CHECK(!((v->pos[i] | v->neg[i]) & bit),
            "%s: cube %zu holds variable %d twice", what, i, var);
      *(lit > 0 ? &v->pos[i] : &v->neg[i]) |= bit;
    }
  }
  for (size_t i = 0; i < c->n; i++)
    for (size_t j = i + 1; j < c->n; j++)
      CHECK((v->pos[i] & v->neg[j]) | (v->neg[i] & v->pos[j]),
            "%s: cubes %zu and %zu share an assignment (no clashing "
            "literal)",
            what, i, j);
}

/* Every model of f satisfies exactly one cube; v->sat[i] says whether cube
 * i holds a model. */
static void check_coverage(const oracle_formula *f, const cubes *c, verdict *v,
                           const char *what) {
  unsigned char model[MAX_VARS + 2] = {0};
  memset(v->sat, 0, c->n * sizeof *v->sat);
  v->models = 0;
  for (unsigned a = 0; a < 1u << f->num_vars; a++) {
    model_of(a, f->num_vars, model);
    if (!oracle_check(f, model))
      continue;
    v->models++;
    int hits = 0;
    for (size_t i = 0; i < c->n; i++)
      if ((a & v->pos[i]) == v->pos[i] && (~a & v->neg[i]) == v->neg[i]) {
        hits++;
        v->sat[i] = true;
      }
    CHECK(hits == 1, "%s: the model %#x satisfies %d of the %zu cubes", what, a,
          hits, c->n);
  }
}

/* Each cube as assumptions on a fresh solver: SAT exactly when the
 * clauses and the cube have a model (the brute force of check_coverage,
 * and the oracle's own for the first two cubes). */
static void check_conquer(const oracle_formula *f, const cubes *c,
                          const verdict *v, const char *what) {
  bool any = false;
  for (size_t i = 0; i < c->n; i++) {
    const int *lits = cube_lits(c, i);
    int n = (int)cube_size(c, i);
    if (i < 2)
      CHECK(oracle_satisfiable_with(f, lits, n) == v->sat[i],
            "%s: cube %zu: the brute forces disagree", what, i);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    add_formula(s, f, 0);
    for (int k = 0; k < n; k++)
      assert_int_equal(dpll_assume(s, lits[k]), 0);
    int res = dpll_solve(s);
    CHECK(res == (v->sat[i] ? DPLL_SAT : DPLL_UNSAT),
          "%s: cube %zu solved as %d, the oracle says %s", what, i, res,
          v->sat[i] ? "SAT" : "UNSAT");
    if (res == DPLL_SAT) {
      check_model(s, f, what);
      for (int k = 0; k < n; k++)
        CHECK(dpll_model(s, lits[k]) == 1, "%s: cube %zu: model breaks %d",
              what, i, lits[k]);
    }
    any |= v->sat[i];
    dpll_free(s);
  }
  CHECK(any == (v->models > 0), "%s: some cube satisfiable: %d, models: %ld",
        what, any, v->models);
}

/* The last judgement's findings. */
static verdict last;

/* The whole judgement of dpll_cube's result rc and cubes c on f. */
static void judge(const oracle_formula *f, const cubes *c, int rc, bounds b,
                  int num_vars, const char *what) {
  CHECK(rc == 0 || rc == DPLL_UNSAT, "%s: dpll_cube returned %d", what, rc);
  CHECK((rc == DPLL_UNSAT) == (c->n == 0), "%s: returned %d with %zu cubes",
        what, rc, c->n);
  check_shape(c, num_vars, b, &last, what);
  check_coverage(f, c, &last, what);
  if (rc == DPLL_UNSAT)
    CHECK(last.models == 0 && !oracle_satisfiable(f, NULL),
          "%s: DPLL_UNSAT, but the formula has %ld models", what, last.models);
  check_conquer(f, c, &last, what);
}

/* ---- Random formulas ----------------------------------------------------- */

/* Formula i of the random families (by i modulo 6). */
static const bounds settings[] = {{1, 0}, {2, 0},  {4, 0},  {0, 1},
                                  {0, 2}, {0, 5},  {0, 16}, {0, 64},
                                  {3, 6}, {6, 20}, {5, 0},  {2, 100}};
#define NUM_SETTINGS (sizeof settings / sizeof *settings)

typedef struct config {
  int algorithm, pure, lookahead, eliminate, lucky;
} config;

static const config configs[] = {
    {DPLL_ALGORITHM_CDCL, 1, 0, 0, 0}, {DPLL_ALGORITHM_DPLL, 1, 0, 0, 0},
    {DPLL_ALGORITHM_DPLL, 0, 1, 0, 0}, {DPLL_ALGORITHM_AUTO, 0, 0, 0, 0},
    {DPLL_ALGORITHM_CDCL, 1, 0, 1, 1},
};
#define NUM_CONFIGS (sizeof configs / sizeof *configs)

static dpll_solver *configured(long k) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  config c = configs[k % NUM_CONFIGS];
  assert_int_equal(dpll_set_option(s, "algorithm", c.algorithm), 0);
  assert_int_equal(dpll_set_option(s, "pure", c.pure), 0);
  assert_int_equal(dpll_set_option(s, "lookahead", c.lookahead), 0);
  assert_int_equal(dpll_set_option(s, "eliminate", c.eliminate), 0);
  assert_int_equal(dpll_set_option(s, "lucky", c.lucky), 0);
  return s;
}

/* Totals over a test, to show that the cases reach what they must. */
static long runs, total_cubes, split_runs, unsat_runs, refuted_cubes;

/* Counts the run just judged. */
static void count_run(int rc, const cubes *c) {
  runs++;
  total_cubes += (long)c->n;
  split_runs += c->n > 1;
  unsat_runs += rc == DPLL_UNSAT;
  for (size_t i = 0; i < c->n; i++)
    refuted_cubes += !last.sat[i];
}

/* Splits f on a new solver (configuration k) within b, and judges it. */
static void split_and_judge(const oracle_formula *f, bounds b, long k, cubes *c,
                            const char *what) {
  dpll_solver *s = configured(k);
  add_formula(s, f, 0);
  cubes_reset(c);
  int rc = dpll_cube(s, b.depth, b.count, keep, c);
  judge(f, c, rc, b, dpll_num_vars(s), what);
  CHECK(dpll_level(s) == 0, "%s: level %d after dpll_cube", what,
        dpll_level(s));
  CHECK(dpll_status(s) == (rc ? DPLL_UNSAT : DPLL_UNKNOWN),
        "%s: status %d after dpll_cube returned %d", what, dpll_status(s), rc);
  count_run(rc, c);
  dpll_free(s);
}

/* The numbers of random formulas here and below are those of a Release
 * build's quick tier (tests/tier.h). */
static void test_random_formulas(void **state) {
  (void)state;
  uint64_t rng = 0xC0BE5;
  long count = tier_cases(600);
  runs = total_cubes = split_runs = unsat_runs = refuted_cubes = 0;
  cubes c = {0};
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_draw(&f, &rng, i, MAX_VARS);
    for (size_t k = 0; k < NUM_SETTINGS; k++) {
      char what[96];
      snprintf(what, sizeof what, "formula %ld (%d vars, %zu clauses), %d/%lld",
               i, f.num_vars, f.num_clauses, settings[k].depth,
               (long long)settings[k].count);
      split_and_judge(&f, settings[k], i + (long)k, &c, what);
    }
    oracle_free(&f);
  }
  cubes_free(&c);
  print_message("%ld formulas, %ld splits: %ld cubes, %ld splits into more "
                "than one, %ld refuted at the root, %ld cubes without a "
                "model\n",
                count, runs, total_cubes, split_runs, unsat_runs,
                refuted_cubes);
  assert_true(split_runs > runs / 3 && unsat_runs > 0 && refuted_cubes > 0);
}

/* ---- Formulas of their own shape ----------------------------------------- */

/* Splits the clauses of f (given to a new solver) and judges the result,
 * which is returned (the cubes in *c). */
static int split_fixed(const oracle_formula *f, bounds b, cubes *c,
                       const char *what) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  add_formula(s, f, 0);
  cubes_reset(c);
  int rc = dpll_cube(s, b.depth, b.count, keep, c);
  judge(f, c, rc, b, dpll_num_vars(s), what);
  if (rc == DPLL_UNSAT)
    CHECK(dpll_status(s) == DPLL_UNSAT && c->calls == 0,
          "%s: status %d and %ld calls after DPLL_UNSAT", what, dpll_status(s),
          c->calls);
  dpll_free(s);
  return rc;
}

/* The empty formula, with and without variables; clauses all satisfied at
 * the root: one empty cube.  The empty clause, contradicting units:
 * DPLL_UNSAT without a call.  One clause: a branch whose clauses are all
 * satisfied is not split, so (1 | 2 | 3) gives at most 3 cubes.  PHP(4, 3)
 * (12 variables): no cube holds a model. */
static void test_special_formulas(void **state) {
  (void)state;
  static const int taut[] = {1, -1, 2, -2}, units[] = {1, -2, 3},
                   three[] = {1, 2, 3}, one[] = {1}, minus_one[] = {-1};
  cubes c = {0};
  for (size_t k = 0; k < NUM_SETTINGS; k++) {
    bounds b = settings[k];
    oracle_formula f;
    oracle_init(&f, 0);
    assert_int_equal(split_fixed(&f, b, &c, "no clause"), 0);
    assert_true(c.n == 1 && cube_size(&c, 0) == 0);
    oracle_free(&f);
    oracle_init(&f, 3);
    oracle_add(&f, taut, 2);
    oracle_add(&f, taut + 2, 2);
    assert_int_equal(split_fixed(&f, b, &c, "tautologies"), 0);
    assert_true(c.n == 1 && cube_size(&c, 0) == 0);
    for (int i = 0; i < 3; i++)
      oracle_add(&f, units + i, 1);
    assert_int_equal(split_fixed(&f, b, &c, "units"), 0);
    assert_true(c.n == 1 && cube_size(&c, 0) == 0);
    oracle_add(&f, three, 0);
    assert_int_equal(split_fixed(&f, b, &c, "the empty clause"), DPLL_UNSAT);
    oracle_free(&f);
    oracle_init(&f, 1);
    oracle_add(&f, one, 1);
    oracle_add(&f, minus_one, 1);
    assert_int_equal(split_fixed(&f, b, &c, "1 and -1"), DPLL_UNSAT);
    oracle_free(&f);
    oracle_init(&f, 3);
    oracle_add(&f, three, 3);
    assert_int_equal(split_fixed(&f, b, &c, "one clause"), 0);
    CHECK(c.n <= 3, "(1 | 2 | 3) in %zu cubes", c.n);
    oracle_free(&f);
    oracle_pigeons(&f, 3);
    int rc = split_fixed(&f, b, &c, "PHP(4, 3)");
    CHECK(rc == DPLL_UNSAT || c.n > 0, "PHP(4, 3): %d", rc);
    oracle_free(&f);
  }
  cubes_free(&c);
}

/* ---- The solver after a split -------------------------------------------- */

/* After a split: level 0, and every value set at level 0 follows from the
 * clauses (when they have a model). */
static void check_root(dpll_solver *s, const oracle_formula *f,
                       const char *what) {
  CHECK(dpll_level(s) == 0, "%s: level %d", what, dpll_level(s));
  if (!oracle_satisfiable(f, NULL))
    return;
  for (int var = 1; var <= dpll_num_vars(s) && var <= f->num_vars; var++) {
    int value = dpll_value(s, var);
    if (value == DPLL_UNASSIGNED)
      continue;
    int not_lit = value ? -var : var;
    CHECK(!oracle_satisfiable_with(f, &not_lit, 1),
          "%s: %d set at level 0, but the clauses do not imply it", what,
          -not_lit);
  }
}

/* Splits s (holding f) within b, judges it, and checks the solver. */
static void split_judged(dpll_solver *s, const oracle_formula *f, bounds b,
                         cubes *c, const char *what) {
  cubes_reset(c);
  int rc = dpll_cube(s, b.depth, b.count, keep, c);
  judge(f, c, rc, b, dpll_num_vars(s), what);
  check_root(s, f, what);
}

/* Solves s (holding f), under the assumption lit if not 0, and checks the
 * answer with the oracle. */
static void solve_judged(dpll_solver *s, const oracle_formula *f, int lit,
                         const char *what) {
  int expect =
      lit ? oracle_satisfiable_with(f, &lit, 1) : oracle_satisfiable(f, NULL);
  int res = dpll_solve(s);
  CHECK(res == (expect ? DPLL_SAT : DPLL_UNSAT),
        "%s: solve answered %d, the oracle says %s", what, res,
        expect ? "SAT" : "UNSAT");
  if (res == DPLL_SAT) {
    check_model(s, f, what);
    CHECK(!lit || dpll_model(s, lit) == 1, "%s: the assumption %d is false",
          what, lit);
  }
}

/* What comes before the split in variant v: nothing; a solve (its
 * learned clauses kept); an assumption (returned, kept for the next
 * solve); another split; a decision of the step functions (undone). */
static int before_split(dpll_solver *s, const oracle_formula *f, int v,
                        uint64_t *rng, cubes *c, const char *what) {
  int lit =
      (1 + oracle_below(rng, f->num_vars)) * (oracle_below(rng, 2) ? 1 : -1);
  if (v == 1)
    solve_judged(s, f, 0, what);
  if (v == 2)
    assert_int_equal(dpll_assume(s, lit), 0);
  if (v == 3)
    split_judged(s, f, settings[oracle_below(rng, NUM_SETTINGS)], c, what);
  if (v == 4 && dpll_propagate(s) == 0 && abs(lit) <= dpll_num_vars(s) &&
      dpll_value(s, lit) == DPLL_UNASSIGNED) {
    assert_int_equal(dpll_decide(s, lit), 0);
    dpll_propagate(s);
  }
  return v == 2 ? lit : 0;
}

/* One solver through splits and solves: something before the split
 * (before_split), then the split, a solve, more clauses, a split and a
 * solve again. */
static void test_solver_after_split(void **state) {
  (void)state;
  uint64_t rng = 0xAF7E5;
  long count = tier_cases(400);
  cubes c = {0};
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_draw(&f, &rng, i / 5, MAX_VARS);
    dpll_solver *s = configured(i / 5);
    add_formula(s, &f, 0);
    char what[96];
    snprintf(what, sizeof what, "formula %ld (variant %ld)", i, i % 5);
    bounds b = settings[i % NUM_SETTINGS];
    int lit = before_split(s, &f, (int)(i % 5), &rng, &c, what);
    split_judged(s, &f, b, &c, what);
    solve_judged(s, &f, lit, what);
    for (int k = 0; k < 2; k++)
      oracle_add_random(&f, &rng, 3);
    add_formula(s, &f, f.num_clauses - 2);
    split_judged(s, &f, b, &c, what);
    solve_judged(s, &f, 0, what);
    dpll_free(s);
    oracle_free(&f);
  }
  cubes_free(&c);
  print_message("%ld solvers split and solved in turns\n", count);
}

/* ---- Splitting classes --------------------------------------------------- */

/* Whether f and the literals lits[0..k-1] leave every variable that may
 * be split on, of the solver's 1..known (a variable in no clause and given
 * no class does not exist there), with one value in all their models (or
 * have none): by brute force over all assignments. */
static bool fixes_splittable(const oracle_formula *f, const int *lits, size_t k,
                             const bool *no_split, int known) {
  unsigned char model[MAX_VARS + 2];
  int seen[MAX_VARS + 1] = {0}; /* 0 none yet, 1 true, 2 false, 3 both */
  for (unsigned a = 0; a < 1u << f->num_vars; a++) {
    model_of(a, f->num_vars, model);
    bool holds = true;
    for (size_t i = 0; i < k && holds; i++)
      holds = model[abs(lits[i])] == (lits[i] > 0);
    if (!holds || !oracle_check(f, model))
      continue;
    for (int v = 1; v <= f->num_vars; v++)
      seen[v] |= model[v] ? 1 : 2;
  }
  for (int v = 1; v <= known; v++)
    if (!no_split[v] && seen[v] == 3)
      return false;
  return true;
}

/* Variables marked not to be split on (dpll_set_decision 0) are split on,
 * as the search does, only once every other variable is assigned: so a
 * cube holds one only after literals that, with the clauses, leave every
 * other variable one value (checked by brute force).  Priorities may
 * order the splits, and the cubes still cover. */
static void test_classes(void **state) {
  (void)state;
  uint64_t rng = 0xC1A55E5;
  long count = tier_cases(300), nonempty = 0, split = 0;
  cubes c = {0};
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_draw(&f, &rng, i, MAX_VARS);
    dpll_solver *s = configured(i);
    add_formula(s, &f, 0);
    bool no_split[MAX_VARS + 1] = {false};
    for (int var = 1; var <= f.num_vars; var++) {
      if (oracle_below(&rng, 3) == 0) {
        no_split[var] = true;
        assert_int_equal(dpll_set_decision(s, var, 0), 0);
      }
      if (oracle_below(&rng, 4) == 0)
        assert_int_equal(dpll_set_priority(s, var, 1 + oracle_below(&rng, 2)),
                         0);
    }
    char what[96];
    snprintf(what, sizeof what, "formula %ld (%d vars) with classes", i,
             f.num_vars);
    bounds b = i % 2 ? (bounds){0, 64} : (bounds){4, 0};
    split_judged(s, &f, b, &c, what);
    for (size_t i = 0; i < c.n; i++)
      for (size_t k = 0; k < cube_size(&c, i); k++)
        CHECK(!no_split[abs(cube_lits(&c, i)[k])] ||
                  fixes_splittable(&f, cube_lits(&c, i), k, no_split,
                                   dpll_num_vars(s)),
              "%s: cube %zu splits on %d, not to be split on, while another "
              "variable is free",
              what, i, cube_lits(&c, i)[k]);
    nonempty += c.n > 0;
    split += c.n > 1;
    solve_judged(s, &f, 0, what);
    dpll_free(s);
    oracle_free(&f);
  }
  cubes_free(&c);
  print_message("%ld formulas with classes, %ld split\n", count, split);
  assert_true(split > count / 3 && nonempty > 0);
}

/* A free variable of the highest priority in no clause: the lookahead has
 * no candidate in that class, and the split goes on by the heuristic
 * (once it stopped at the empty cube).  The parity of 2, 3, 4 has four
 * models, so eight cubes asked for give more than one. */
static void test_priority_outside(void **state) {
  (void)state;
  static const int parity[4][3] = {
      {2, 3, 4}, {-2, -3, 4}, {2, -3, -4}, {-2, 3, -4}};
  oracle_formula f;
  oracle_init(&f, 4);
  for (int i = 0; i < 4; i++)
    oracle_add(&f, parity[i], 3);
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  add_formula(s, &f, 0);
  assert_int_equal(dpll_set_priority(s, 1, 1), 0);
  cubes c = {0};
  bounds b = {0, 8};
  int rc = dpll_cube(s, b.depth, b.count, keep, &c);
  judge(&f, &c, rc, b, dpll_num_vars(s), "priority outside the clauses");
  CHECK(rc == 0 && c.n > 1, "priority outside the clauses: rc %d, %zu cubes",
        rc, c.n);
  cubes_free(&c);
  dpll_free(s);
  oracle_free(&f);
}

/* ---- The contract -------------------------------------------------------- */

static int never_called(void *ctx, const int *lits, size_t size) {
  (void)ctx;
  (void)lits;
  (void)size;
  fail_msg("the callback was called");
  return 1;
}

/* DPLL_EINVAL for a NULL solver or callback, negative bounds, or no
 * bound; DPLL_EOPEN while a dpll_add clause is open; DPLL_UNSAT at once
 * when the clauses are known to be unsatisfiable. */
static void test_errors(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(dpll_cube(NULL, 1, 0, never_called, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_cube(s, 1, 0, NULL, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_cube(s, -1, 0, never_called, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_cube(s, 0, -1, never_called, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_cube(s, 2, -1, never_called, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_cube(s, -1, 4, never_called, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_cube(s, 0, 0, never_called, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_add(s, 3), 0);
  assert_int_equal(dpll_cube(s, 2, 0, never_called, NULL), DPLL_EOPEN);
  assert_int_equal(dpll_add(s, 0), 0);
  cubes c = {0};
  assert_int_equal(dpll_cube(s, 0, 4, keep, &c), 0);
  assert_true(c.n >= 1 && c.n <= 4);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(add(s, 1, -2), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  assert_int_equal(dpll_cube(s, 0, 4, never_called, NULL), DPLL_UNSAT);
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  dpll_free(s);
  cubes_free(&c);
}

/* A callback that returns non-zero stops the calls: DPLL_EIO, and the
 * solver still answers right. */
static void test_callback_stops(void **state) {
  (void)state;
  uint64_t rng = 0xE10;
  long count = tier_cases(60), stopped_early = 0;
  cubes c = {0};
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_uniform3(&f, &rng, 12, 40 + (size_t)oracle_below(&rng, 12));
    dpll_solver *s = configured(i);
    add_formula(s, &f, 0);
    cubes_reset(&c);
    int rc = dpll_cube(s, 0, 16, keep, &c);
    size_t all = c.n;
    char what[64];
    snprintf(what, sizeof what, "formula %ld", i);
    judge(&f, &c, rc, (bounds){0, 16}, dpll_num_vars(s), what);
    dpll_free(s);
    s = configured(i); /* the same split again, stopped by the callback */
    add_formula(s, &f, 0);
    if (rc == 0) {
      long at = 1 + oracle_below(&rng, (int)all);
      cubes_reset(&c);
      c.fail_at = at;
      rc = dpll_cube(s, 0, 16, keep, &c);
      CHECK(rc == DPLL_EIO && c.calls == at && c.n == (size_t)at - 1,
            "%s: the callback said stop at call %ld of %zu: %d after %ld "
            "calls",
            what, at, all, rc, c.calls);
      stopped_early += at < (long)all;
      check_root(s, &f, what);
    }
    solve_judged(s, &f, 0, what);
    dpll_free(s);
    oracle_free(&f);
  }
  cubes_free(&c);
  print_message("%ld formulas, %ld callbacks stopped before the last cube\n",
                count, stopped_early);
  assert_true(stopped_early > count / 4);
}

static long polls, stop_after;
static int stop_after_polls(void *ctx) {
  (void)ctx;
  return ++polls > stop_after;
}

/* The terminate callback: saying stop at once leaves the root, the one
 * empty cube; saying it later leaves fewer cubes that still cover.  Then,
 * without it, the solver answers right. */
static void test_terminate(void **state) {
  (void)state;
  uint64_t rng = 0x7E2A;
  long count = tier_cases(100), root_only = 0;
  cubes c = {0};
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    oracle_uniform3(&f, &rng, 14, 50 + (size_t)oracle_below(&rng, 20));
    dpll_solver *s = configured(i);
    add_formula(s, &f, 0);
    polls = 0;
    stop_after = i % 2 ? 0 : oracle_below(&rng, 12);
    dpll_set_terminate(s, stop_after_polls, NULL);
    char what[64];
    snprintf(what, sizeof what, "formula %ld, stop after %ld polls", i,
             stop_after);
    split_judged(s, &f, (bounds){0, 64}, &c, what);
    if (stop_after == 0)
      CHECK(c.n == 1 && cube_size(&c, 0) == 0,
            "%s: %zu cubes, not the empty cube alone", what, c.n);
    root_only += c.n == 1 && cube_size(&c, 0) == 0;
    dpll_set_terminate(s, NULL, NULL);
    solve_judged(s, &f, 0, what);
    dpll_free(s);
    oracle_free(&f);
  }
  cubes_free(&c);
  print_message("%ld formulas, %ld left as the empty cube\n", count, root_only);
  assert_true(root_only >= count / 2 && root_only < count);
}

/* ---- dpll_write_clauses -------------------------------------------------- */

/* What s writes in format, through a temporary file (malloc'd); the file
 * stays open in *file, rewound, for a reader. */
static char *written(const dpll_solver *s, int format, int expect,
                     FILE **file) {
  FILE *f = tmpfile();
  assert_non_null(f);
  assert_int_equal(dpll_write_clauses(s, f, format), expect);
  long n = ftell(f);
  rewind(f);
  char *text = calloc(1, (size_t)n + 1);
  assert_non_null(text);
  assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
  rewind(f);
  if (file)
    *file = f;
  else
    fclose(f);
  return text;
}

/* Reads text as dpll_write_clauses writes it, on its own: the header line
 * (the one format asks for), then one clause a line, closed by 0.  The
 * clauses go to g (over num_vars variables); returns how many lines of
 * clauses there were, *empty_last says whether the last was "0". */
static size_t parse_written(const char *text, int format, int num_vars,
                            size_t num_clauses, oracle_formula *g,
                            bool *empty_last) {
  char header[64];
  if (format == DPLL_FORMAT_DIMACS)
    snprintf(header, sizeof header, "p cnf %d %zu\n", num_vars, num_clauses);
  else
    snprintf(header, sizeof header, "p inccnf\n");
  CHECK(!strncmp(text, header, strlen(header)), "header of \"%s\", not %s",
        text, header);
  oracle_init(g, num_vars);
  size_t lines = 0;
  *empty_last = false;
  for (const char *p = strchr(text, '\n') + 1; *p; lines++) {
    int lits[MAX_VARS + 1];
    size_t n = 0;
    for (;;) {
      char *end;
      long lit = strtol(p, &end, 10);
      CHECK(end != p && labs(lit) <= num_vars && n <= MAX_VARS,
            "a bad clause line in \"%s\"", text);
      p = end;
      if (lit == 0)
        break;
      lits[n++] = (int)lit;
    }
    CHECK(*p == '\n', "a clause line does not end after its 0: \"%s\"", text);
    p++;
    oracle_add(g, lits, n);
    *empty_last = n == 0;
  }
  return lines;
}

/* Whether f and g have the same models over variables 1..n. */
static bool same_models(const oracle_formula *f, const oracle_formula *g,
                        int n) {
  unsigned char model[MAX_VARS + 2] = {0};
  for (unsigned a = 0; a < 1u << n; a++) {
    model_of(a, n, model);
    if (oracle_check(f, model) != oracle_check(g, model))
      return false;
  }
  return true;
}

/* s (holding f) written in format and read back: the header and the
 * lines, the same models as f, a clause count that matches, the empty
 * clause last when s knows the clauses are unsatisfiable; read back by
 * dpll_read_file (the format detected), the same answer. */
static void check_written(dpll_solver *s, const oracle_formula *f, int format,
                          const char *what) {
  FILE *file;
  char *text = written(s, format, 0, &file);
  bool unsat = dpll_status(s) == DPLL_UNSAT, empty_last;
  size_t clauses = dpll_num_clauses(s) + unsat;
  oracle_formula g;
  size_t lines =
      parse_written(text, format, dpll_num_vars(s), clauses, &g, &empty_last);
  CHECK(lines == clauses, "%s: %zu lines of clauses, %zu expected: \"%s\"",
        what, lines, clauses, text);
  CHECK(!unsat || empty_last, "%s: known unsatisfiable, no empty clause last",
        what);
  CHECK(same_models(f, &g, f->num_vars),
        "%s: the clauses written have other models: \"%s\"", what, text);
  dpll_solver *back = dpll_new();
  dpll_input info;
  assert_int_equal(dpll_read_file(back, file, DPLL_FORMAT_AUTO, &info), 0);
  CHECK(info.format == format && info.num_cubes == 0,
        "%s: read back as format %d with %zu cubes", what, info.format,
        info.num_cubes);
  CHECK(format != DPLL_FORMAT_DIMACS || dpll_num_vars(back) == dpll_num_vars(s),
        "%s: %d variables read back, %d written", what, dpll_num_vars(back),
        dpll_num_vars(s));
  CHECK(unsat || dpll_num_clauses(back) == dpll_num_clauses(s),
        "%s: %zu clauses read back, %zu written", what, dpll_num_clauses(back),
        dpll_num_clauses(s));
  solve_judged(back, f, 0, what);
  dpll_input_clear(&info);
  dpll_free(back);
  oracle_free(&g);
  fclose(file);
  free(text);
}

/* Random formulas, tautologies, repeated literals and empty clauses among
 * them, written before any solve, after a solve of each engine (learned
 * clauses are not written), after one that eliminated variables, and
 * after a split. */
static void test_write_clauses(void **state) {
  (void)state;
  uint64_t rng = 0x3217E;
  long count = tier_cases(400), unsat = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    if (i % 7 == 6)
      oracle_random(&f, &rng, 4 + oracle_below(&rng, 8),
                    (size_t)(1 + oracle_below(&rng, 12)), 0, 3);
    else
      oracle_draw(&f, &rng, i, MAX_VARS);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    int variant = (int)(i % 5);
    if (variant == 2)
      assert_int_equal(dpll_set_option(s, "eliminate", 1), 0);
    if (variant == 3)
      assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_DPLL), 0);
    add_formula(s, &f, 0);
    char what[96];
    snprintf(what, sizeof what,
             "formula %ld (%d vars, %zu clauses), variant %d", i, f.num_vars,
             f.num_clauses, variant);
    if (variant >= 1 && variant <= 3)
      solve_judged(s, &f, 0, what);
    if (variant == 4) {
      cubes c = {0};
      split_judged(s, &f, (bounds){0, 8}, &c, what);
      cubes_free(&c);
    }
    unsat += dpll_status(s) == DPLL_UNSAT;
    check_written(s, &f, DPLL_FORMAT_DIMACS, what);
    check_written(s, &f, DPLL_FORMAT_ICNF, what);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas written twice, %ld known unsatisfiable\n", count,
                unsat);
  assert_true(unsat > count / 10);
}

/* Exact texts; DPLL_EINVAL, DPLL_EOPEN (nothing written) and DPLL_EIO. */
static void test_write_contract(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  char *text = written(s, DPLL_FORMAT_DIMACS, 0, NULL);
  assert_string_equal(text, "p cnf 0 0\n");
  free(text);
  text = written(s, DPLL_FORMAT_ICNF, 0, NULL);
  assert_string_equal(text, "p inccnf\n");
  free(text);
  /* A tautology is left out, its variable kept; repeats merged. */
  assert_int_equal(add(s, 2, 5, -5), 0);
  assert_int_equal(add(s, 3, -2, -2, -2), 0);
  text = written(s, DPLL_FORMAT_DIMACS, 0, NULL);
  assert_string_equal(text, "p cnf 5 1\n-2 0\n");
  free(text);
  FILE *f = tmpfile();
  assert_non_null(f);
  assert_int_equal(dpll_write_clauses(NULL, f, DPLL_FORMAT_DIMACS),
                   DPLL_EINVAL);
  assert_int_equal(dpll_write_clauses(s, NULL, DPLL_FORMAT_DIMACS),
                   DPLL_EINVAL);
  static const int bad[] = {DPLL_FORMAT_AUTO, DPLL_FORMAT_DP, 4, -1,
                            DPLL_FORMAT_DIMACS | DPLL_READ_RELAXED};
  for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
    assert_int_equal(dpll_write_clauses(s, f, bad[k]), DPLL_EINVAL);
  assert_int_equal(dpll_add(s, 1), 0);
  assert_int_equal(dpll_write_clauses(s, f, DPLL_FORMAT_ICNF), DPLL_EOPEN);
  assert_int_equal(ftell(f), 0);
  assert_int_equal(dpll_add(s, 0), 0);
  fclose(f);
  /* Known unsatisfiable: the empty clause comes last, counted. */
  assert_int_equal(add(s, 1, 2), 0);
  assert_int_equal(dpll_status(s), DPLL_UNSAT);
  text = written(s, DPLL_FORMAT_DIMACS, 0, NULL);
  assert_string_equal(text, "p cnf 5 4\n-2 0\n1 0\n2 0\n0\n");
  free(text);
  text = written(s, DPLL_FORMAT_ICNF, 0, NULL);
  assert_string_equal(text, "p inccnf\n-2 0\n1 0\n2 0\n0\n");
  free(text);
  f = fopen("/dev/full", "w");
  if (f) {
    assert_int_equal(dpll_write_clauses(s, f, DPLL_FORMAT_DIMACS), DPLL_EIO);
    fclose(f);
  }
  dpll_free(s);
}

/* Unsatisfiable only by search (PHP(4, 3)): after the solve, or after a
 * split that refutes every branch, the formula is known unsatisfiable
 * and ends with the empty clause; before, it does not. */
static void test_write_refuted(void **state) {
  (void)state;
  oracle_formula f;
  oracle_pigeons(&f, 3);
  for (int how = 0; how < 3; how++) {
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    add_formula(s, &f, 0);
    int rc = 0;
    if (how == 1)
      assert_int_equal(dpll_solve(s), DPLL_UNSAT);
    cubes c = {0};
    if (how == 2)
      rc = dpll_cube(s, 0, 1 << 12, keep, &c);
    cubes_free(&c);
    char *text = written(s, DPLL_FORMAT_DIMACS, 0, NULL);
    size_t n = strlen(text);
    bool known = how == 1 || rc == DPLL_UNSAT;
    CHECK(known == (n >= 3 && !strcmp(text + n - 3, "\n0\n")),
          "PHP(4, 3), way %d (cube %d): \"%s\"", how, rc, text);
    free(text);
    dpll_free(s);
  }
  oracle_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_formulas),
      cmocka_unit_test(test_special_formulas),
      cmocka_unit_test(test_solver_after_split),
      cmocka_unit_test(test_classes),
      cmocka_unit_test(test_priority_outside),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_callback_stops),
      cmocka_unit_test(test_terminate),
      cmocka_unit_test(test_write_clauses),
      cmocka_unit_test(test_write_contract),
      cmocka_unit_test(test_write_refuted),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
