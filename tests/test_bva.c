/* test_bva.c - bounded variable addition (bva.c, option "factor"),
 * white-box.
 *
 * A product is every clause (li ∨ Cj) for literals l1..lm and clause
 * remainders C1..Ck; the pass replaces it by (x ∨ li) and (¬x ∨ Cj) over a
 * new variable x after the caller's.  The judge is this file and
 * tests/oracle.c alone: models are listed by brute force here (the count
 * checked against oracle_count_models), the clauses in use after a pass
 * (added ones not put aside, learned ones not deleted, the literals of
 * level 0) must have exactly the original's models on the original
 * variables (projection: for every assignment of those, the original holds
 * iff some assignment of the added variables satisfies the clauses in
 * use), answers are checked against oracle_satisfiable and models against
 * oracle_check.  After a pass the invariants hold (dpll__check); after the
 * end of a solve (restore: the added variables and their clauses gone) the
 * clauses in use are exactly those added, the variables the caller's.
 *
 *  0. Worked examples, dpll__bva called at the root fixpoint of hand-made
 *     clauses: pairwise at-most-one over 5, 6 and 8 literals is factored
 *     (fewer clauses in use, projection exact), over 3 and 4 it is not (a
 *     2 x 2 product saves nothing); the product {1, -2, 3} x {(4 -5),
 *     (-6 7), (8 9)} becomes exactly (10 1) (10 -2) (10 3) (-10 4 -5)
 *     (-10 -6 7) (-10 8 9), learned clauses of LBD 1, and so it does
 *     beside clauses that share its literals (those stay) or with one of
 *     its clauses learned (deleted, not put aside); clauses over disjoint
 *     variables, a 4 x 4 product less its diagonal and a 2 x 2 product are
 *     left alone.  The end of a solve (dpll__elim_restore,
 *     dpll__bva_restore) gives back the clauses added exactly, and a solve
 *     after it the right answer.
 *  1. Whole solves ("factor" on, cdcl; "eliminate" on and off, "xor"
 *     none, refute and all, "pure" on and off, and "lucky", "probe",
 *     "vivify" and "substitute" on and off, by turns): a thousand random
 * formulas of 8 to 14 variables, random 2- and 3-clauses with planted
 * at-most-one groups and products (some with a literal and its negation among
 *     their literals), some clauses twice, now and then a unit; the answer
 *     that of brute force, every model checked; after the solve the
 *     variables are the caller's (dpll_model of one more gives
 *     DPLL_ENOVAR), nothing is left aside, no clause in use holds an added
 *     variable, the invariants hold; and a good share of the solves
 *     factored (two in three of those with nothing before the pass that
 *     may take the products away).  Pigeonhole n + 1 into n (n = 3..6) is
 *     refuted, factored from n = 4 on.
 *  2. Incremental: after a solve that factored (some stopped by a conflict
 *     limit: DPLL_UNKNOWN allowed), clauses over the numbers the added
 *     variables had (n + 1, n + 2) and over old variables are added and
 *     solved again, for a few rounds; every answer judged; the pass does
 *     not run again while learned clauses are kept, and runs again when
 *     none is (new variables after the caller's new ones).
 *  3. The learn callback never reports a clause with a variable beyond the
 *     caller's, and every clause it reports is implied by the formula.
 *  4. Under assumptions the pass does not run; the answer and the failed
 *     set are judged on the formula with the assumed units; a solve without
 *     assumptions after it is judged too.
 *  5. With a proof being written (DRAT text or binary) or a trace the pass
 *     does not run, also in a solve with a proof after one without that
 *     factored; the answer is right and the proof of an unsatisfiable
 *     formula (pigeonhole 4 into 3 and 5 into 4 among them) is accepted by
 *     the DRAT checker (tools/common/drat.c, through check_proof).
 *  6. Threads: "threads" 2 with "factor" on (in every other random
 *     formula off in the caller, so that only the second search, which
 *     the portfolio gives it, factors), random formulas and
 *     pigeonhole 5 into 4 and 6 into 5, answers right, and the caller's
 *     learn callback hears no clause of an added variable and only implied
 *     ones (the searches share learned clauses through it).
 *  7. Out of memory (failalloc.c): each allocation of dpll__bva fails in
 *     turn: DPLL_ENOMEM, the clauses in use have exactly the original's
 *     models (projection), the invariants hold, the end of a solve gives
 *     back the clauses added exactly and a solve then answers right; each
 *     allocation of a whole solve with "factor" fails in turn: the right
 *     answer or DPLL_ENOMEM, the variables the caller's, and a solve again
 *     gives the right answer (the sanitizer build finds leaks).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bva.h"
#include "check.h"
#include "clausedb.h"
#include "elim.h"
#include "failalloc.h"
#include "internal.h"
#include "oracle.h"
#include "propagate.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Formulas ------------------------------------------------------------ */

/* k literals of distinct variables of 1..nv (k <= nv), random signs. */
static void pick_lits(uint64_t *rng, int nv, int k, int *out) {
  for (int i = 0; i < k; i++) {
    int v, again;
    do {
      v = 1 + rng_below(rng, nv);
      again = 0;
      for (int j = 0; j < i; j++)
        again |= out[j] == v || out[j] == -v;
    } while (again);
    out[i] = rng_below(rng, 2) ? -v : v;
  }
}

/* At most one of lits[0..n-1] true, pairwise: (-a -b) for each pair. */
static void amo_add(oracle_formula *f, const int *lits, int n) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      clause_add(f, 2, -lits[i], -lits[j]);
}

/* The product of m literals l and k remainders (remainder j: c[j][0..
 * size[j]-1]), each clause's literals shuffled if rng. */
static void product_add(oracle_formula *f, const int *l, int m,
                        const int (*c)[3], const int *size, int k,
                        uint64_t *rng) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < k; j++) {
      int lits[4] = {l[i]};
      memcpy(lits + 1, c[j], (size_t)size[j] * sizeof *lits);
      if (rng)
        shuffle_ints(lits, (size_t)size[j] + 1, rng);
      oracle_add(f, lits, (size_t)size[j] + 1);
    }
}

/* A random product: 2 to 4 literals (one time in four the first two a
 * variable's two literals) times 2 to 4 remainders of 1 to 3 literals
 * over other variables than the literals'. */
static void random_product(oracle_formula *f, uint64_t *rng, int nv) {
  int m = 2 + rng_below(rng, 3), k = 2 + rng_below(rng, 3);
  int l[4], c[4][3], size[4], tmp[7];
  pick_lits(rng, nv, m, l);
  if (rng_below(rng, 4) == 0)
    l[1] = -l[0];
  for (int j = 0; j < k; j++) {
    size[j] = 1 + rng_below(rng, 3);
    int again;
    do { /* variables other than those of l */
      pick_lits(rng, nv, size[j], tmp);
      again = 0;
      for (int a = 0; a < size[j]; a++)
        for (int b = 0; b < m; b++)
          again |= abs(tmp[a]) == abs(l[b]);
    } while (again);
    memcpy(c[j], tmp, (size_t)size[j] * sizeof *tmp);
  }
  product_add(f, l, m, (const int(*)[3])c, size, k, rng);
}

/* f's clauses in a random order. */
static void shuffle_clauses(oracle_formula *f, uint64_t *rng) {
  size_t n = f->num_clauses;
  int *perm = grown(NULL, n, sizeof *perm);
  for (size_t i = 0; i < n; i++)
    perm[i] = (int)i;
  shuffle_ints(perm, n, rng);
  oracle_formula g;
  oracle_init(&g, f->num_vars);
  for (size_t i = 0; i < n; i++) {
    size_t c = (size_t)perm[i];
    oracle_add(&g, f->lits + f->start[c], f->start[c + 1] - f->start[c]);
  }
  oracle_free(f);
  *f = g;
  free(perm);
}

/* nv variables (8 to 14): up to two at-most-one groups of 4 to 7
 * literals and up to two products (one of the two at least), up to
 * `clauses` random 2- and 3-clauses, one time in three a few clauses
 * twice, one time in six a unit clause; shuffled. */
static void random_formula(oracle_formula *f, uint64_t *rng, int nv,
                           int clauses) {
  oracle_init(f, nv);
  int groups = rng_below(rng, 3), products = rng_below(rng, 3);
  if (groups + products == 0)
    groups = 1;
  for (int g = 0; g < groups; g++) {
    int lits[7], n = 4 + rng_below(rng, 4);
    pick_lits(rng, nv, n, lits);
    amo_add(f, lits, n);
  }
  for (int p = 0; p < products; p++)
    random_product(f, rng, nv);
  for (int c = rng_below(rng, clauses + 1); c > 0; c--) {
    int lits[3], k = 2 + rng_below(rng, 2);
    pick_lits(rng, nv, k, lits);
    oracle_add(f, lits, (size_t)k);
  }
  for (int d = rng_below(rng, 3) == 0 ? 1 + rng_below(rng, 3) : 0; d > 0; d--) {
    size_t i = (size_t)rng_below(rng, (int)f->num_clauses);
    int lits[4];
    size_t n = f->start[i + 1] - f->start[i];
    memcpy(lits, f->lits + f->start[i], n * sizeof *lits);
    oracle_add(f, lits, n);
  }
  if (rng_below(rng, 6) == 0) {
    int unit = 1 + rng_below(rng, nv);
    clause_add(f, 1, rng_below(rng, 2) ? unit : -unit);
  }
  shuffle_clauses(f, rng);
}

/* ---- Brute force (at most MAXV variables) --------------------------------
 * An assignment is a mask, bit v - 1 for variable v true. */

#define MAXV 24

typedef clause_masks masks;

static masks *all_masks(const oracle_formula *f) {
  assert_true(f->num_vars <= MAXV);
  masks *c = grown(NULL, f->num_clauses, sizeof *c);
  for (size_t i = 0; i < f->num_clauses; i++)
    c[i] =
        clause_masks_of(f->lits + f->start[i], f->start[i + 1] - f->start[i]);
  return c;
}

static int satisfies_all(uint32_t a, const masks *c, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!masks_satisfied(a, c[i]))
      return 0;
  return 1;
}

/* Every model of f (the caller frees); their number in *n, checked
 * against oracle_count_models. */
static uint32_t *models_of(const oracle_formula *f, size_t *n) {
  masks *c = all_masks(f);
  uint32_t *models = grown(NULL, (size_t)1 << f->num_vars, sizeof *models);
  *n = 0;
  for (uint32_t a = 0; a < (1u << f->num_vars); a++)
    if (satisfies_all(a, c, f->num_clauses))
      models[(*n)++] = a;
  free(c);
  CHECK(*n == oracle_count_models(f), "%zu models here, the oracle counts %llu",
        *n, (unsigned long long)oracle_count_models(f));
  return models;
}

/* Whether every model satisfies the clause lits[0..n-1]. */
static int implied(const uint32_t *models, size_t nmodels, const int *lits,
                   size_t n) {
  masks c = clause_masks_of(lits, n);
  for (size_t i = 0; i < nmodels; i++)
    if (!satisfies_all(models[i], &c, 1))
      return 0;
  return 1;
}

/* Whether g, over f's variables and more after them, has on f's variables
 * exactly f's models: f holds under an assignment a of its variables iff
 * some assignment of the others satisfies g with a. */
static int same_projection(const oracle_formula *f, const oracle_formula *g,
                           const char *what) {
  int nv = f->num_vars, extra = g->num_vars - nv;
  assert_true(extra >= 0 && g->num_vars <= MAXV);
  masks *fc = all_masks(f), *gc = all_masks(g);
  size_t found = 0;
  int same = 1;
  for (uint32_t a = 0; same && a < (1u << nv); a++) {
    int fa = satisfies_all(a, fc, f->num_clauses), ga = 0;
    found += (size_t)fa;
    for (uint32_t b = 0; !ga && b < (1u << extra); b++)
      ga = satisfies_all(a | b << nv, gc, g->num_clauses);
    if (fa != ga)
      print_error("%s: assignment 0x%x of the %d variables: the original "
                  "%s, the clauses in use %s\n",
                  what, (unsigned)a, nv, fa ? "holds" : "fails",
                  ga ? "hold" : "fail");
    same = fa == ga;
  }
  if (same)
    CHECK(found == oracle_count_models(f), "%s: %zu models, the oracle %llu",
          what, found, (unsigned long long)oracle_count_models(f));
  free(fc);
  free(gc);
  return same;
}

/* f's clauses as text, each sorted, in sorted order (the caller frees). */
static int int_cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
static int str_cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}
static char *canon(const oracle_formula *f) {
  char **line = grown(NULL, f->num_clauses, sizeof *line);
  size_t total = 1;
  for (size_t i = 0; i < f->num_clauses; i++) {
    size_t n = f->start[i + 1] - f->start[i];
    int lits[64];
    assert_true(n <= 64);
    memcpy(lits, f->lits + f->start[i], n * sizeof *lits);
    qsort(lits, n, sizeof *lits, int_cmp);
    line[i] = grown(NULL, 12 * n + 4, 1);
    char *p = line[i];
    p += sprintf(p, "(");
    for (size_t k = 0; k < n; k++)
      p += sprintf(p, k ? " %d" : "%d", lits[k]);
    sprintf(p, ") ");
    total += strlen(line[i]);
  }
  qsort(line, f->num_clauses, sizeof *line, str_cmp);
  char *out = grown(NULL, total, 1);
  out[0] = 0;
  for (size_t i = 0; i < f->num_clauses; i++) {
    strcat(out, line[i]);
    free(line[i]);
  }
  free(line);
  return out;
}

/* ---- The solver's side -------------------------------------------------- */

/* The clauses of s in use, over its num_vars: the added ones not put
 * aside if added, the learned ones not deleted if learned. */
static void in_use_of(const dpll_solver *s, oracle_formula *g, int added,
                      int learned) {
  oracle_init(g, s->num_vars);
  size_t nc = dpll__num_clauses(s), nl = dpll__num_learnts(s);
  for (size_t i = 0; i < nc + nl; i++) {
    if (!(i < nc ? added : learned))
      continue;
    const clause *c = dpll__clause(s, i < nc ? dpll__clause_ref(s, i)
                                             : dpll__learnt_ref(s, i - nc));
    if (c->flags & (CLAUSE_ASIDE | CLAUSE_DELETED))
      continue;
    int lits[64];
    assert_true(c->size <= 64);
    for (uint32_t k = 0; k < c->size; k++)
      lits[k] = lit_to_ext(c->lits[k]);
    oracle_add(g, lits, c->size);
  }
}

/* All the clauses in use, and the literals of level 0 as units. */
static void in_use(const dpll_solver *s, oracle_formula *g) {
  in_use_of(s, g, 1, 1);
  for (size_t i = 0; i < dpll__trail_size(s); i++) {
    int lit = lit_to_ext(dpll__trail_at(s, i));
    oracle_add(g, &lit, 1);
  }
}

/* The clauses in use are exactly want's (as sets of literals). */
static void expect_in_use(const dpll_solver *s, const oracle_formula *want,
                          int added, int learned, const char *what) {
  oracle_formula g;
  in_use_of(s, &g, added, learned);
  char *got = canon(&g), *expect = canon(want);
  if (strcmp(got, expect) != 0) {
    print_error("in use:   %s\nexpected: %s\n", got, expect);
    fail_msg("%s: other clauses in use than expected", what);
  }
  free(got);
  free(expect);
  oracle_free(&g);
}

static int64_t factored(const dpll_solver *s) {
  return (int64_t)stats_of(s).factored;
}

/* A solver with f's clauses at level 0 at a fixpoint (f satisfiable at
 * level 0: the examples here are). */
static dpll_solver *at_root(const oracle_formula *f) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  add_formula(s, f, 0);
  dpll__trail_reset(s);
  assert_true(!dpll__unsat(s) && dpll__propagate(s) == CREF_NONE);
  assert_int_equal(dpll__decision_level(s), 0);
  assert_true(dpll__at_fixpoint(s));
  return s;
}

static void expect_invariants(dpll_solver *s, const char *what) {
  const char *why = dpll__check(s);
  CHECK(why == NULL, "%s: invariants broken: %s", what, why);
}

/* Runs the pass on s (at a root fixpoint), judged: 0 returned, level 0,
 * the invariants, the projection of the clauses in use that of f. */
static void run_pass(dpll_solver *s, const oracle_formula *f,
                     const char *what) {
  int rc = dpll__bva(s);
  CHECK(rc == 0, "%s: dpll__bva returned %d", what, rc);
  CHECK(dpll__decision_level(s) == 0, "%s: the pass left level %d", what,
        dpll__decision_level(s));
  CHECK(s->user_vars == f->num_vars, "%s: user_vars %d after the pass", what,
        s->user_vars);
  expect_invariants(s, what);
  oracle_formula g;
  in_use(s, &g);
  CHECK(same_projection(f, &g, what), "%s: the projection differs", what);
  oracle_free(&g);
}

/* The end of a solve, as dpll__solve_one ends it: the added clauses put
 * aside come back, the added variables and every clause of theirs go.
 * Then the clauses added in use are exactly f's, no learned clause in use
 * holds a variable beyond f's, and the invariants hold. */
static void end_solve(dpll_solver *s, const oracle_formula *f,
                      const char *what) {
  dpll__trail_reset(s);
  dpll__elim_restore(s);
  dpll__bva_restore(s);
  CHECK(s->num_vars == f->num_vars && s->user_vars == f->num_vars,
        "%s: %d variables (user_vars %d) after the end, expected %d", what,
        s->num_vars, s->user_vars, f->num_vars);
  expect_in_use(s, f, 1, 0, what);
  oracle_formula g;
  in_use_of(s, &g, 0, 1);
  for (size_t i = 0; i < g.start[g.num_clauses]; i++)
    CHECK(abs(g.lits[i]) <= f->num_vars,
          "%s: a learned clause of variable %d left", what, abs(g.lits[i]));
  oracle_free(&g);
  expect_invariants(s, what);
}

/* After DPLL_SAT: the model satisfies f (oracle_check) and the literals
 * units[0..n-1]. */
static int model_ok(const dpll_solver *s, const oracle_formula *f,
                    const int *units, size_t n) {
  unsigned char *model = grown(NULL, (size_t)f->num_vars + 1, 1);
  model[0] = 0;
  for (int v = 1; v <= f->num_vars; v++)
    model[v] = dpll_model(s, v) == 1;
  int ok = oracle_check(f, model);
  for (size_t k = 0; k < n; k++)
    ok &= dpll_model(s, units[k]) == 1;
  free(model);
  return ok;
}

/* After a solve of s, whose caller's variables are nv: they are all there
 * are (dpll_model of one more gives DPLL_ENOVAR), nothing is put aside, no
 * clause in use holds a variable beyond them, the invariants hold. */
static void after_solve(dpll_solver *s, int nv, int res, const char *what) {
  CHECK(dpll_num_vars(s) == nv && s->user_vars == nv,
        "%s: %d variables after the solve (user_vars %d), expected %d", what,
        dpll_num_vars(s), s->user_vars, nv);
  if (res == DPLL_SAT)
    CHECK(dpll_model(s, nv + 1) == DPLL_ENOVAR,
          "%s: dpll_model of variable %d gave %d", what, nv + 1,
          dpll_model(s, nv + 1));
  for (size_t i = 0; i < dpll__num_clauses(s); i++)
    CHECK(!(dpll__clause(s, dpll__clause_ref(s, i))->flags & CLAUSE_ASIDE),
          "%s: an added clause left aside", what);
  oracle_formula g;
  in_use(s, &g);
  for (size_t i = 0; i < g.start[g.num_clauses]; i++)
    CHECK(abs(g.lits[i]) <= nv, "%s: a clause of variable %d left", what,
          abs(g.lits[i]));
  oracle_free(&g);
  expect_invariants(s, what);
}

/* A solver with f, "factor" on, the cdcl engine, and the options of case
 * i: eliminate i % 2; xor none, refute, all by i / 2 % 3; pure i / 6 % 2
 * (which may satisfy a product's clauses before the pass); lucky, probe,
 * vivify and substitute together i / 12 % 2 (the last three at restarts,
 * over the added variables' clauses too). */
static dpll_solver *bva_solver(const oracle_formula *f, long i) {
  static const int xor_modes[] = {DPLL_XOR_NONE, DPLL_XOR_REFUTE, DPLL_XOR_ALL};
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "factor", 1), 0);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
  assert_int_equal(dpll_set_option(s, "eliminate", i % 2), 0);
  assert_int_equal(dpll_set_option(s, "xor", xor_modes[i / 2 % 3]), 0);
  assert_int_equal(dpll_set_option(s, "pure", i / 6 % 2), 0);
  assert_int_equal(dpll_set_option(s, "lucky", i / 12 % 2), 0);
  assert_int_equal(dpll_set_option(s, "probe", i / 12 % 2), 0);
  assert_int_equal(dpll_set_option(s, "vivify", i / 12 % 2), 0);
  assert_int_equal(dpll_set_option(s, "substitute", i / 12 % 2), 0);
  add_formula(s, f, 0);
  return s;
}

/* "factor" on and the cdcl engine, for a solve after a pass by hand. */
static void factor_on(dpll_solver *s) {
  assert_int_equal(dpll_set_option(s, "factor", 1), 0);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
}

/* Solves s under the assumptions a[0..n-1] and judges the answer against
 * brute force on f with the assumed units (a failed set must be a subset
 * of them unsatisfiable with f) and the solver after it.  Returns the
 * answer. */
static int judged_solve(dpll_solver *s, const oracle_formula *f, const int *a,
                        size_t n, const char *what) {
  for (size_t k = 0; k < n; k++)
    assert_int_equal(dpll_assume(s, a[k]), 0);
  int nv = dpll_num_vars(s);
  int expect = oracle_satisfiable_with(f, a, (int)n) ? DPLL_SAT : DPLL_UNSAT;
  int res = dpll_solve(s);
  CHECK(res == expect,
        "%s: dpll_solve under %zu assumptions gave %d, brute force says %d",
        what, n, res, expect);
  if (res == DPLL_SAT)
    CHECK(model_ok(s, f, a, n), "%s: a false model", what);
  else if (n > 0) {
    int failed[4];
    size_t nf = 0;
    for (size_t k = 0; k < n; k++)
      if (dpll_failed(s, a[k]) == 1)
        failed[nf++] = a[k];
    CHECK(!oracle_satisfiable_with(f, failed, (int)nf),
          "%s: the failed set (%zu of %zu assumptions) is satisfiable", what,
          nf, n);
  }
  after_solve(s, nv, res, what);
  return res;
}

/* ---- 0. Worked examples -------------------------------------------------- */

/* Pairwise at-most-one over 1..n: factored from 5 on (fewer clauses in
 * use, variables added, projection exact), not over 3 or 4. */
static void test_worked_amo(void **state) {
  (void)state;
  static const int sizes[] = {3, 4, 5, 6, 8};
  for (size_t t = 0; t < sizeof sizes / sizeof *sizes; t++) {
    int n = sizes[t], lits[8];
    char what[32];
    snprintf(what, sizeof what, "at most one of %d", n);
    oracle_formula f, g;
    oracle_init(&f, n);
    for (int i = 0; i < n; i++)
      lits[i] = i + 1;
    amo_add(&f, lits, n);
    dpll_solver *s = at_root(&f);
    run_pass(s, &f, what);
    in_use(s, &g);
    print_message("%s: %zu clauses, then %zu over %d variables, %lld "
                  "factored\n",
                  what, f.num_clauses, g.num_clauses, s->num_vars,
                  (long long)factored(s));
    if (n >= 5) {
      CHECK(factored(s) >= 1 && s->num_vars > n && s->user_vars == n,
            "%s: factored %lld, %d variables", what, (long long)factored(s),
            s->num_vars);
      CHECK(g.num_clauses < f.num_clauses, "%s: %zu clauses in use", what,
            g.num_clauses);
    } else {
      CHECK(factored(s) == 0 && s->num_vars == n, "%s: factored", what);
      expect_in_use(s, &f, 1, 1, what);
    }
    oracle_free(&g);
    end_solve(s, &f, what);
    factor_on(s);
    judged_solve(s, &f, NULL, 0, what);
    dpll_free(s);
    oracle_free(&f);
  }
}

/* The product {1, -2, 3} x {(4 -5), (-6 7), (8 9)} into f: 9 clauses,
 * their literals shuffled, with the nextra clauses of extra (each a run of
 * literals ended by 0) and, if learned_one, without its last, (3 8 9),
 * which the caller learns ((3 8) is added so that it is implied).  Into
 * want the clauses in use after the pass: (10 1) (10 -2) (10 3)
 * (-10 4 -5) (-10 -6 7) (-10 8 9) and the others of f. */
static void product_example(oracle_formula *f, oracle_formula *want,
                            const int *extra, size_t nextra, int learned_one) {
  static const int l[3] = {1, -2, 3}, c[3][3] = {{4, -5}, {-6, 7}, {8, 9}},
                   size[3] = {2, 2, 2};
  uint64_t rng = 0x5eed0bf1a2c3d4e5ULL;
  oracle_init(f, 9);
  product_add(f, l, 3, c, size, 3, &rng);
  if (learned_one) { /* (3 8 9), the last, out; (3 8) in */
    f->num_clauses--;
    clause_add(f, 2, 3, 8);
  }
  oracle_init(want, 10);
  for (size_t i = 0, at = 0; i < nextra; i++) {
    size_t len = 0;
    while (extra[at + len])
      len++;
    oracle_add(f, extra + at, len);
    oracle_add(want, extra + at, len);
    at += len + 1;
  }
  if (learned_one)
    clause_add(want, 2, 3, 8);
  for (int i = 0; i < 3; i++)
    clause_add(want, 2, 10, l[i]);
  for (int j = 0; j < 3; j++)
    clause_add(want, 3, -10, c[j][0], c[j][1]);
}

/* Stores the learned clause (3 8 9) with LBD 3, as analysis would. */
static void inject_learned(dpll_solver *s) {
  unsigned lits[3] = {lit_from_ext(3), lit_from_ext(8), lit_from_ext(9)};
  assert_int_equal(dpll__clause_reserve(s, lits, 3, true), 0);
  dpll__clause_new(s, lits, 3, true, 3);
}

/* The clauses of variable x are learned, of LBD 1, and no added clause
 * holds it. */
static void expect_new_learned(const dpll_solver *s, int x, const char *what) {
  size_t nc = dpll__num_clauses(s), nl = dpll__num_learnts(s);
  for (size_t i = 0; i < nc + nl; i++) {
    const clause *c = dpll__clause(s, i < nc ? dpll__clause_ref(s, i)
                                             : dpll__learnt_ref(s, i - nc));
    int has = 0;
    for (uint32_t k = 0; k < c->size; k++)
      has |= abs(lit_to_ext(c->lits[k])) == x;
    if (has && !(c->flags & CLAUSE_DELETED))
      CHECK(i >= nc && clause_lbd(c) == 1,
            "%s: a clause of variable %d %s, LBD %u", what, x,
            i < nc ? "added" : "learned", (unsigned)clause_lbd(c));
  }
}

/* The learned clause (3 8 9) is deleted (and swept away), not put
 * aside. */
static void expect_deleted(const dpll_solver *s, const char *what) {
  for (size_t i = 0; i < dpll__num_learnts(s); i++) {
    const clause *c = dpll__clause(s, dpll__learnt_ref(s, i));
    int mask = 0;
    for (uint32_t k = 0; k < c->size; k++) {
      int lit = lit_to_ext(c->lits[k]);
      mask |= lit == 3 ? 1 : lit == 8 ? 2 : lit == 9 ? 4 : 8;
    }
    CHECK(mask != 7 ||
              ((c->flags & CLAUSE_DELETED) && !(c->flags & CLAUSE_ASIDE)),
          "%s: the learned clause of the product is not deleted (flags %#x)",
          what, (unsigned)c->flags);
  }
}

static void test_worked_product(void **state) {
  (void)state;
  static const int extra[] = {1, 4, 6, 0, -2, -5, 9, 0, -1, -3, 0};
  static const struct {
    size_t nextra;
    int learned_one;
    const char *what;
  } cases[] = {{0, 0, "the product"},
               {3, 0, "the product beside clauses sharing its literals"},
               {0, 1, "the product with a clause learned"}};
  for (size_t t = 0; t < sizeof cases / sizeof *cases; t++) {
    const char *what = cases[t].what;
    oracle_formula f, want, with;
    product_example(&f, &want, extra, cases[t].nextra, cases[t].learned_one);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    add_formula(s, &f, 0);
    if (cases[t].learned_one)
      inject_learned(s);
    dpll__trail_reset(s);
    assert_true(dpll__propagate(s) == CREF_NONE);
    oracle_init(&with, 9); /* f with the learned clause, for the judge */
    for (size_t i = 0; i < f.num_clauses; i++)
      oracle_add(&with, f.lits + f.start[i], f.start[i + 1] - f.start[i]);
    if (cases[t].learned_one)
      clause_add(&with, 3, 3, 8, 9);
    run_pass(s, &with, what);
    CHECK(factored(s) == 1 && s->num_vars == 10,
          "%s: factored %lld, %d variables", what, (long long)factored(s),
          s->num_vars);
    expect_in_use(s, &want, 1, 1, what);
    expect_new_learned(s, 10, what);
    if (cases[t].learned_one)
      expect_deleted(s, what);
    end_solve(s, &f, what);
    factor_on(s);
    judged_solve(s, &f, NULL, 0, what);
    dpll_free(s);
    oracle_free(&f);
    oracle_free(&with);
    oracle_free(&want);
  }
}

/* 4 x 4 product less its diagonal: each literal has three clauses, two
 * share two remainders (2 x 2 saves nothing), three share one. */
static void diagonal_less(oracle_formula *f) {
  oracle_init(f, 12);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      if (i != j)
        clause_add(f, 3, i + 1, 5 + 2 * j, -(6 + 2 * j));
}

/* Formulas without a product worth replacing: nothing changes. */
static void test_worked_none(void **state) {
  (void)state;
  for (int t = 0; t < 3; t++) {
    static const char *const names[] = {"3-clauses over disjoint variables",
                                        "a 4 x 4 product less its diagonal",
                                        "a 2 x 2 product beside others"};
    oracle_formula f;
    if (t == 0) {
      oracle_init(&f, 12);
      clause_add(&f, 3, 1, 2, 3);
      clause_add(&f, 3, -4, 5, 6);
      clause_add(&f, 3, 7, -8, 9);
      clause_add(&f, 3, 10, 11, -12);
    } else if (t == 1) {
      diagonal_less(&f);
    } else {
      oracle_init(&f, 8);
      clause_add(&f, 3, 1, 3, 4);
      clause_add(&f, 3, 1, 5, -6);
      clause_add(&f, 3, 2, 3, 4);
      clause_add(&f, 3, 2, 5, -6);
      clause_add(&f, 3, 1, 7, 8);
      clause_add(&f, 3, 2, -7, 3);
    }
    dpll_solver *s = at_root(&f);
    run_pass(s, &f, names[t]);
    CHECK(factored(s) == 0 && s->num_vars == f.num_vars, "%s: factored %lld",
          names[t], (long long)factored(s));
    expect_in_use(s, &f, 1, 1, names[t]);
    CHECK(dpll__num_learnts(s) == 0, "%s: clauses learned", names[t]);
    end_solve(s, &f, names[t]);
    dpll_free(s);
    oracle_free(&f);
  }
}

/* ---- 1. Whole solves ----------------------------------------------------- */

#define SOLVE_FORMULAS 1000 /* in a Release build's quick tier */

static void test_solve_random(void **state) {
  (void)state;
  uint64_t rng = 0x2f6e1c9ab4d85073ULL;
  long count = tier_cases(SOLVE_FORMULAS), sat = 0, with = 0;
  long plain = 0, plain_with = 0; /* nothing before the pass but xor */
  uint64_t added = 0;
  for (long i = 0; i < count; i++) {
    int nv = 8 + rng_below(&rng, 7);
    oracle_formula f;
    random_formula(&f, &rng, nv, 2 * nv);
    char what[64];
    snprintf(what, sizeof what, "formula %ld (%d variables)", i, nv);
    dpll_solver *s = bva_solver(&f, i);
    sat += judged_solve(s, &f, NULL, 0, what) == DPLL_SAT;
    with += factored(s) > 0;
    if (i % 2 == 0 && i / 6 % 2 == 0 && i / 12 % 2 == 0) {
      plain++;
      plain_with += factored(s) > 0;
    }
    added += (uint64_t)factored(s);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld satisfiable, %ld factored (%llu "
                "variables added); %ld of the %ld with eliminate, pure and "
                "lucky off\n",
                count, sat, with, (unsigned long long)added, plain_with, plain);
  CHECK(with > 0 && with >= count / 4, "only %ld of %ld solves factored", with,
        count);
  CHECK(plain_with * 3 >= plain * 2,
        "only %ld of %ld solves factored with "
        "eliminate, pure and lucky off",
        plain_with, plain);
}

/* Pigeonhole n + 1 into n, n = 3..6: refuted, factored from 4 on (an
 * at-most-one of 4 has no product worth it). */
static void test_pigeons(void **state) {
  (void)state;
  for (int n = 3; n <= 6; n++)
    for (long opts = 0; opts < 2; opts++) {
      oracle_formula f;
      oracle_pigeons(&f, n);
      char what[64];
      snprintf(what, sizeof what, "pigeonhole %d into %d, eliminate %ld", n + 1,
               n, opts);
      dpll_solver *s = bva_solver(&f, opts);
      int nv = dpll_num_vars(s), res = dpll_solve(s);
      CHECK(res == DPLL_UNSAT, "%s: dpll_solve gave %d", what, res);
      after_solve(s, nv, res, what);
      if (n >= 4 && opts == 0)
        CHECK(factored(s) > 0, "%s: not factored", what);
      print_message("%s: %lld factored\n", what, (long long)factored(s));
      dpll_free(s);
      oracle_free(&f);
    }
}

/* ---- 2. Incremental ------------------------------------------------------ */

#define INC_FORMULAS 200

/* Adds to f (and s) 1 to 3 clauses of 2 or 3 literals over 1..nv, each
 * holding one of the variables from..nv, the first of them nv. */
static void add_over(dpll_solver *s, oracle_formula *f, uint64_t *rng, int from,
                     int nv) {
  size_t at = f->num_clauses;
  for (int c = 1 + rng_below(rng, 3); c > 0; c--) {
    int lits[3], k = 2 + rng_below(rng, 2);
    do
      pick_lits(rng, nv, k, lits);
    while (abs(lits[0]) < from || (f->num_clauses == at && abs(lits[0]) != nv));
    oracle_add(f, lits, (size_t)k);
  }
  add_formula(s, f, at);
}

/* A solve of s with a conflict limit: f's answer or DPLL_UNKNOWN, the
 * solver judged after it; the limit is lifted after it. */
static int limited_solve(dpll_solver *s, const oracle_formula *f, long limit,
                         const char *what) {
  int nv = dpll_num_vars(s);
  int expect = oracle_satisfiable(f, NULL) ? DPLL_SAT : DPLL_UNSAT;
  assert_int_equal(dpll_set_option(s, "conflict_limit", limit), 0);
  int res = dpll_solve(s);
  assert_int_equal(dpll_set_option(s, "conflict_limit", -1), 0);
  CHECK(res == expect || res == DPLL_UNKNOWN,
        "%s: dpll_solve with at most %ld conflicts gave %d, expected %d", what,
        limit, res, expect);
  if (res == DPLL_SAT)
    CHECK(model_ok(s, f, NULL, 0), "%s: a false model", what);
  after_solve(s, nv, res, what);
  return res;
}

static void test_incremental(void **state) {
  (void)state;
  uint64_t rng = 0x7c3a5e1f9d2b4086ULL;
  long count = tier_cases(INC_FORMULAS), solves = 0, kept = 0, again = 0;
  long unknown = 0;
  for (long i = 0; i < count; i++) {
    int nv = 8 + rng_below(&rng, 5), lits[6];
    oracle_formula f;
    random_formula(&f, &rng, nv, nv / 2);
    pick_lits(&rng, nv - 1, 5, lits); /* one at-most-one of 6 at least, */
    lits[5] = nv;                     /* variable nv in it */
    amo_add(&f, lits, 6);
    dpll_solver *s = bva_solver(&f, 2 * (i % 3)); /* eliminate, pure off */
    assert_int_equal(dpll_num_vars(s), nv);
    for (int round = 0; round < 4 && f.num_vars <= 18; round++) {
      char what[64];
      snprintf(what, sizeof what, "formula %ld, round %d", i, round);
      int64_t before = factored(s);
      size_t learnts = dpll__num_learnts(s);
      int res = round == 0 && i % 4 == 3 ? limited_solve(s, &f, 1 + i % 3, what)
                                         : judged_solve(s, &f, NULL, 0, what);
      solves++;
      unknown += res == DPLL_UNKNOWN;
      if (round > 0 && learnts > 0) {
        CHECK(factored(s) == before, "%s: factored again, learned kept", what);
        kept++;
      }
      again += round > 0 && factored(s) > before;
      if ((round == 0 && factored(s) == 0) || res == DPLL_UNSAT)
        break; /* nothing to reuse, or nothing more to ask */
      /* Clauses over the numbers the variables added had, then old ones. */
      int from = f.num_vars + 1, to = f.num_vars + 1 + rng_below(&rng, 2);
      f.num_vars = to;
      add_over(s, &f, &rng, from, to);
      add_over(s, &f, &rng, 1, to);
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld solves (%ld stopped by the limit); after "
                "the first, %ld with learned clauses kept (no pass), %ld "
                "factored again\n",
                count, solves, unknown, kept, again);
  CHECK(kept > 0 && again > 0, "no solve after one that factored");
}

/* ---- 3. The learn callback ----------------------------------------------- */

#define LEARN_FORMULAS 150

typedef struct reported {
  oracle_formula clauses;
  int nv;
  long beyond; /* clauses with a variable above nv */
} reported;

static void on_learn(void *ctx, const int *lits, size_t n) {
  reported *r = ctx;
  for (size_t k = 0; k < n; k++)
    if (abs(lits[k]) > r->nv) {
      r->beyond++;
      break;
    }
  oracle_add(&r->clauses, lits, n);
}

/* Solves s (f's clauses) with the learn callback and judges what it
 * reported; returns how many clauses it did. */
static size_t judged_learn(dpll_solver *s, const oracle_formula *f,
                           const char *what) {
  reported r = {.nv = f->num_vars};
  oracle_init(&r.clauses, 0);
  dpll_set_learn(s, 64, on_learn, &r);
  judged_solve(s, f, NULL, 0, what);
  CHECK(r.beyond == 0, "%s: %ld clauses reported with a variable beyond %d",
        what, r.beyond, f->num_vars);
  size_t nmodels;
  uint32_t *models = models_of(f, &nmodels);
  for (size_t i = 0; i < r.clauses.num_clauses; i++) {
    size_t at = r.clauses.start[i], n = r.clauses.start[i + 1] - at;
    CHECK(implied(models, nmodels, r.clauses.lits + at, n),
          "%s: clause %zu reported is not implied", what, i);
  }
  free(models);
  size_t n = r.clauses.num_clauses;
  oracle_free(&r.clauses);
  return n;
}

static void test_learn(void **state) {
  (void)state;
  uint64_t rng = 0x4d1b8e7f02a3c695ULL;
  long count = tier_cases(LEARN_FORMULAS), with = 0;
  size_t heard = 0;
  for (long i = 0; i < count; i++) {
    int nv = 12 + rng_below(&rng, 3);
    oracle_formula f;
    random_formula(&f, &rng, nv, 5 * nv);
    char what[64];
    snprintf(what, sizeof what, "formula %ld (%d variables)", i, nv);
    dpll_solver *s = bva_solver(&f, i);
    size_t n = judged_learn(s, &f, what);
    if (factored(s) > 0) {
      with++;
      heard += n;
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld factored, %zu clauses reported by "
                "those\n",
                count, with, heard);
  CHECK(with > 0 && heard > 0, "no clause reported by a solve that factored");
}

/* ---- 4. Under assumptions ------------------------------------------------ */

#define ASSUME_FORMULAS 300

static void test_assumptions(void **state) {
  (void)state;
  uint64_t rng = 0x91a7c3e5f0b2d468ULL;
  long count = tier_cases(ASSUME_FORMULAS), unsat = 0, after = 0;
  for (long i = 0; i < count; i++) {
    int nv = 8 + rng_below(&rng, 7), a[3];
    oracle_formula f;
    random_formula(&f, &rng, nv, 2 * nv);
    char what[64];
    snprintf(what, sizeof what, "formula %ld (%d variables)", i, nv);
    dpll_solver *s = bva_solver(&f, i);
    size_t na = 1 + (size_t)rng_below(&rng, 3);
    pick_lits(&rng, nv, (int)na, a);
    unsat += judged_solve(s, &f, a, na, what) == DPLL_UNSAT;
    CHECK(factored(s) == 0, "%s: factored under assumptions", what);
    size_t learnts = dpll__num_learnts(s);
    judged_solve(s, &f, NULL, 0, what); /* then without */
    if (learnts == 0)
      after += factored(s) > 0;
    else
      CHECK(factored(s) == 0, "%s: factored with learned clauses", what);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld unsatisfiable under assumptions; %ld "
                "factored in the solve after\n",
                count, unsat, after);
  CHECK(unsat > 0, "no failed assumptions");
}

/* ---- 5. Proofs and traces ------------------------------------------------ */

#define PROOF_FORMULAS 150

static int events;
static long factored_before; /* solves before one with a proof factored */
static void on_event(void *ctx, const dpll_event *e) {
  (void)ctx;
  (void)e;
  events++;
}

/* f solved with a proof in format (text or binary), then with a proof
 * after a solve without one (where the pass runs), then with a trace: the
 * pass runs in none of those, the answers are right, the proofs of UNSAT
 * accepted.  Returns the answer. */
static int proved(const oracle_formula *f, long i, int format,
                  const char *what) {
  dpll_solver *s = bva_solver(f, i);
  char *proof = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&proof, &len);
  assert_non_null(out);
  assert_int_equal(dpll_set_proof(s, out, format), 0);
  int res = judged_solve(s, f, NULL, 0, what);
  fflush(out);
  CHECK(factored(s) == 0, "%s: factored with a proof", what);
  if (res == DPLL_UNSAT)
    check_proof(f, proof, len, format, what);
  dpll_free(s);
  fclose(out);
  free(proof);
  s = bva_solver(f, i); /* a solve that may factor, then one with a proof */
  judged_solve(s, f, NULL, 0, what);
  factored_before += factored(s) > 0;
  proof = NULL;
  out = open_memstream(&proof, &len);
  assert_non_null(out);
  assert_int_equal(dpll_set_proof(s, out, format), 0);
  int64_t before = factored(s);
  CHECK(judged_solve(s, f, NULL, 0, what) == res, "%s: another answer", what);
  fflush(out);
  CHECK(factored(s) == before, "%s: factored with a proof", what);
  if (res == DPLL_UNSAT)
    check_proof(f, proof, len, format, what);
  dpll_free(s);
  fclose(out);
  free(proof);
  s = bva_solver(f, i);
  dpll_set_trace(s, on_event, NULL);
  judged_solve(s, f, NULL, 0, what);
  CHECK(factored(s) == 0, "%s: factored with a trace", what);
  dpll_free(s);
  return res;
}

static void test_proof(void **state) {
  (void)state;
  uint64_t rng = 0x0f3e5d7c9b1a2846ULL;
  long count = tier_cases(PROOF_FORMULAS), unsat = 0;
  for (int n = 3; n <= 4; n++) {
    oracle_formula f;
    oracle_pigeons(&f, n);
    char what[64];
    snprintf(what, sizeof what, "pigeonhole %d into %d", n + 1, n);
    CHECK(proved(&f, 0, DPLL_PROOF_TEXT, what) == DPLL_UNSAT, "%s", what);
    oracle_free(&f);
  }
  for (long i = 0; i < count; i++) {
    int nv = 8 + rng_below(&rng, 5);
    oracle_formula f;
    random_formula(&f, &rng, nv, 3 * nv);
    char what[64];
    snprintf(what, sizeof what, "formula %ld (%d variables)", i, nv);
    unsat += proved(&f, i, (int)(i / 6 % 2), what) == DPLL_UNSAT;
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld unsatisfiable, proved; %ld factored in "
                "a solve before one with a proof\n",
                count, unsat, factored_before);
  CHECK(unsat > 0 && events > 0 && factored_before > 0,
        "nothing proved or traced");
}

/* ---- 6. Threads ---------------------------------------------------------- */

#define THREAD_FORMULAS 100

static void test_threads(void **state) {
  (void)state;
  uint64_t rng = 0x6a2c4e8f1b3d5079ULL;
  long count = tier_cases(THREAD_FORMULAS), with = 0;
  for (int n = 4; n <= 5; n++) {
    oracle_formula f;
    oracle_pigeons(&f, n);
    char what[64];
    snprintf(what, sizeof what, "pigeonhole %d into %d, 2 threads", n + 1, n);
    dpll_solver *s = bva_solver(&f, 0);
    assert_int_equal(dpll_set_option(s, "threads", 2), 0);
    reported r = {.nv = f.num_vars};
    oracle_init(&r.clauses, 0);
    dpll_set_learn(s, 64, on_learn, &r);
    int res = dpll_solve(s);
    CHECK(res == DPLL_UNSAT, "%s: dpll_solve gave %d", what, res);
    CHECK(r.beyond == 0, "%s: %ld clauses of added variables reported", what,
          r.beyond);
    after_solve(s, f.num_vars, res, what);
    CHECK(factored(s) > 0, "%s: not factored", what);
    oracle_free(&r.clauses);
    dpll_free(s);
    oracle_free(&f);
  }
  for (long i = 0; i < count; i++) {
    int nv = 12 + rng_below(&rng, 3);
    oracle_formula f;
    random_formula(&f, &rng, nv, 5 * nv);
    char what[64];
    snprintf(what, sizeof what, "formula %ld (%d variables), 2 threads", i, nv);
    dpll_solver *s = bva_solver(&f, i);
    /* With "factor" off in the caller, the second search factors alone. */
    if (i % 2)
      assert_int_equal(dpll_set_option(s, "factor", 0), 0);
    assert_int_equal(dpll_set_option(s, "threads", 2), 0);
    judged_learn(s, &f, what);
    with += factored(s) > 0;
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas on 2 threads, %ld factored\n", count, with);
  CHECK(with > 0, "nothing factored");
}

/* ---- 7. Out of memory ---------------------------------------------------- */

/* At most one of 1..6 with a product {7, -8, 9} x {(10 11), (-10 12),
 * (11 -12)} and a few clauses: satisfiable; with (1 2 3) and (4 5 6) as
 * well, not. */
static void oom_formula(oracle_formula *f, int unsat) {
  static const int l[3] = {7, -8, 9},
                   c[3][3] = {{10, 11}, {-10, 12}, {11, -12}},
                   size[3] = {2, 2, 2}, amo[6] = {1, 2, 3, 4, 5, 6};
  oracle_init(f, 12);
  amo_add(f, amo, 6);
  product_add(f, l, 3, c, size, 3, NULL);
  clause_add(f, 3, 1, -7, 12);
  clause_add(f, 2, -3, 8);
  if (unsat) {
    clause_add(f, 3, 1, 2, 3);
    clause_add(f, 3, 4, 5, 6);
  }
}

/* Each allocation of dpll__bva fails in turn. */
static void oom_pass(const oracle_formula *f, const char *name) {
  long failures = 0;
  for (oom.at = 0;; oom.at++) {
    char what[64];
    snprintf(what, sizeof what, "%s, allocation %ld", name, oom.at);
    dpll_solver *s = at_root(f);
    oom_session();
    oom.armed = true;
    int rc = dpll__bva(s);
    oom.armed = false;
    if (!oom.failed) {
      CHECK(rc == 0, "%s: no failure, dpll__bva gave %d", what, rc);
      CHECK(factored(s) >= 2, "%s: factored %lld", what,
            (long long)factored(s));
      dpll_free(s);
      break;
    }
    failures++;
    CHECK(rc == DPLL_ENOMEM, "%s failed: dpll__bva gave %d", what, rc);
    CHECK(dpll__decision_level(s) == 0, "%s failed: level %d", what,
          dpll__decision_level(s));
    expect_invariants(s, what);
    oracle_formula g;
    in_use(s, &g);
    CHECK(same_projection(f, &g, what), "%s failed: the projection differs",
          what);
    oracle_free(&g);
    end_solve(s, f, what);
    factor_on(s);
    judged_solve(s, f, NULL, 0, what);
    dpll_free(s);
  }
  oom.at = -1;
  print_message("%s: %ld allocations of the pass failed in turn\n", name,
                failures);
  CHECK(failures >= 5, "%s: only %ld allocations failed", name, failures);
}

/* Each allocation of a whole solve with "factor" fails in turn: the right
 * answer or DPLL_ENOMEM, then the right answer again. */
static void oom_solve(const oracle_formula *f, const char *name) {
  int expect = oracle_satisfiable(f, NULL) ? DPLL_SAT : DPLL_UNSAT;
  long failures = 0, enomem = 0, in_pass = 0;
  for (oom.at = 0;; oom.at++) {
    char what[64];
    snprintf(what, sizeof what, "%s, allocation %ld", name, oom.at);
    dpll_solver *s = bva_solver(f, 0);
    int nv = dpll_num_vars(s);
    oom_session();
    oom.armed = true;
    int rc = dpll_solve(s);
    oom.armed = false;
    if (!oom.failed) {
      CHECK(rc == expect, "%s: no failure, dpll_solve gave %d", what, rc);
      CHECK(factored(s) > 0, "%s: the pass did not run", what);
      dpll_free(s);
      break;
    }
    failures++;
    CHECK(rc == expect || rc == DPLL_ENOMEM, "%s failed: dpll_solve gave %d",
          what, rc);
    enomem += rc == DPLL_ENOMEM;
    in_pass += factored(s) > 0 && rc == DPLL_ENOMEM;
    if (rc == DPLL_SAT)
      CHECK(model_ok(s, f, NULL, 0), "%s failed: a false model", what);
    after_solve(s, nv, rc, what);
    judged_solve(s, f, NULL, 0, what);
    dpll_free(s);
  }
  oom.at = -1;
  print_message("%s: %ld allocations of a solve failed in turn, %ld gave "
                "DPLL_ENOMEM (%ld once the pass had replaced a product)\n",
                name, failures, enomem, in_pass);
  CHECK(in_pass >= 3, "%s: only %ld failures after a replacement", name,
        in_pass);
}

static void test_out_of_memory(void **state) {
  (void)state;
  for (int unsat = 0; unsat < 2; unsat++) {
    oracle_formula f;
    oom_formula(&f, unsat);
    const char *name = unsat ? "unsatisfiable" : "satisfiable";
    assert_int_equal(oracle_satisfiable(&f, NULL), !unsat);
    oom_pass(&f, name);
    oom_solve(&f, name);
    oracle_free(&f);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked_amo),
      cmocka_unit_test(test_worked_product),
      cmocka_unit_test(test_worked_none),
      cmocka_unit_test(test_solve_random),
      cmocka_unit_test(test_pigeons),
      cmocka_unit_test(test_incremental),
      cmocka_unit_test(test_learn),
      cmocka_unit_test(test_assumptions),
      cmocka_unit_test(test_proof),
      cmocka_unit_test(test_threads),
      cmocka_unit_test(test_out_of_memory),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
