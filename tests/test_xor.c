/* test_xor.c - parity reasoning at level 0 (xor.c, option "xor"),
 * white-box.
 *
 * An XOR constraint x1 ^ ... ^ xk = p is given as its 2^(k-1) clauses
 * (xor_encode below: for every assignment of the wrong parity, the clause
 * it falsifies).  The pass is judged by this file and tests/oracle.c
 * alone: every model of a small formula is listed by brute force here
 * (the count checked against oracle_count_models), and says which clauses
 * and literals follow from the formula; answers are checked against
 * oracle_satisfiable and models against oracle_check.  After every pass
 * (judge_pass): every learned clause is a unit or a binary clause implied
 * by the formula, each unit counts once in xor_derived and each pair of
 * binary clauses once, no pair is one the added clauses state already as
 * a binary XOR, every literal of level 0 is implied, the invariants hold
 * (dpll__check), and a pass that makes the solver UNSAT has an
 * unsatisfiable formula.
 *
 *  0. Worked examples, dpll__xor called at the root fixpoint of hand-made
 *     clauses: two XORs that sum to x1 ^ x4 = 1 give exactly (1 4) and
 *     (-1 -4); a third gives a unit; three that sum to 0 = 1 refute the
 *     formula; an encoding with a clause missing (or replaced by a
 *     duplicate, or by a clause of the other parity) is no XOR; duplicate
 *     and extra clauses do not hide one; XORs of 6 variables (32 clauses,
 *     both parities) are found and those of 7 are not (XOR_MAX_SIZE); a pair
 *     the clauses state already as a binary XOR is not added again; values
 *     of level 0 (a unit clause, true or false, or propagated) are folded
 *     into the right-hand sides; a learned clause completes an encoding.
 *  1. Soundness and completeness: hundreds of random systems of 8 to 14
 *     variables, random XORs of 2 to 5 variables in shuffled CNF, alone,
 *     with unit clauses, or with random 3-clauses, units and broken or
 *     doubled encodings too.  Judged as above; and for the systems of
 *     XORs and units only, complete: unsatisfiable ones are refuted by the
 *     pass (or by propagation before it), every literal true in all models
 *     is true at level 0 after the pass, and for every two free variables
 *     equal (or opposite) in all models, deciding either value of the
 *     first (dpll_decide, dpll_propagate) sets the second to match.
 * 1b. Wide systems: 100 to 200 variables, too many for brute force, in
 *     components of several 64-bit words; the judge is a basis over GF(2)
 *     written here (every other system has a planted solution), and the
 *     checks are those of 1, completeness included.
 * 1c. Refute mode: random systems of XORs of 3 to 5 variables, alone or
 *     with 3-clauses; the pass adds and assigns nothing, refutes only
 *     formulas without a model and, on XORs alone, every one; the course's
 *     four clauses over 1 and 2 are left to the search; a Tseitin prism
 *     too big for refute mode's budget is left alone by it, refuted by
 *     all, and a small one refuted.
 *  2. Whole solves with "xor" all or refute (cdcl; eliminate, lucky and
 *     pure on and off): random mixes of XORs (up to 6 variables) and clauses,
 * the answer that of brute force, every model checked, xors counted where
 *     nothing runs before the pass that could remove them; under
 *     assumptions, the answer and the failed set judged by brute force on
 *     the formula with the assumed units; incremental, clauses and XORs
 *     added after each answer and solved again, every answer judged.
 *  3. With a proof being written the pass does not run (xors stays 0) and
 *     the answer is right, its proof accepted by the DRAT checker
 *     (tools/common/drat.c); after a solve under assumptions (no proof,
 *     so the pass runs) the next one, with a proof, does not run it again
 *     and answers right; with a trace the pass does not run either.
 *  4. Out of memory (failalloc.c): each allocation of dpll__xor fails in
 *     turn: DPLL_ENOMEM, what it added so far implied, and a pass run again
 *     without failures completes the job; each allocation of a whole solve
 *     with "xor" fails in turn: the right answer or DPLL_ENOMEM, and a
 *     solve again gives the right answer (the sanitizer build finds
 *     leaks).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "check.h"
#include "clausedb.h"
#include "failalloc.h"
#include "internal.h"
#include "oracle.h"
#include "propagate.h"
#include "testutil.h"
#include "vars.h"
#include "xor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Formulas ------------------------------------------------------------ */

static int parity(unsigned a) {
  int p = 0;
  for (; a; a >>= 1)
    p ^= (int)(a & 1u);
  return p;
}

#define XMAX 8 /* the widest XOR written here */

/* Appends the clauses of vars[0] ^ ... ^ vars[k-1] = rhs (k <= XMAX
 * distinct variables): for every assignment of the other parity (bit i:
 * vars[i] true), the clause it makes false.  drop >= 0: the drop-th of
 * them is left out; dup >= 0: the dup-th is written twice.  With rng the
 * clauses come in random order, their literals shuffled; without, in the
 * order of the assignments, literals in the order of vars. */
static void xor_encode(oracle_formula *f, const int *vars, int k, int rhs,
                       int drop, int dup, uint64_t *rng) {
  int order[1 << XMAX];
  int n = 0;
  for (int a = 0; a < (1 << k); a++)
    if (parity((unsigned)a) != rhs)
      order[n++] = a;
  if (rng)
    shuffle_ints(order, (size_t)n, rng);
  for (int c = 0; c < n; c++) {
    if (c == drop)
      continue;
    int lits[XMAX];
    for (int i = 0; i < k; i++)
      lits[i] = (order[c] >> i & 1) ? -vars[i] : vars[i];
    if (rng)
      shuffle_ints(lits, (size_t)k, rng);
    oracle_add(f, lits, (size_t)k);
    if (c == dup)
      oracle_add(f, lits, (size_t)k);
  }
}

/* xor_add(f, rhs, k, v1, ..., vk): the plain encoding of one XOR. */
static void xor_add(oracle_formula *f, int rhs, int k, ...) {
  int vars[XMAX];
  va_list ap;
  va_start(ap, k);
  for (int i = 0; i < k; i++)
    vars[i] = va_arg(ap, int);
  va_end(ap);
  xor_encode(f, vars, k, rhs, -1, -1, NULL);
}

/* k distinct variables of 1..nv (k <= nv). */
static void pick_vars(uint64_t *rng, int nv, int k, int *out) {
  for (int i = 0; i < k; i++) {
    int v, again;
    do {
      v = 1 + rng_below(rng, nv);
      again = 0;
      for (int j = 0; j < i; j++)
        again |= out[j] == v;
    } while (again);
    out[i] = v;
  }
}

/* A random XOR of k variables of 1..nv, shuffled, maybe broken (drop) or
 * with a clause doubled. */
static void random_xor(oracle_formula *f, uint64_t *rng, int nv, int k,
                       int drop, int dup) {
  int vars[XMAX];
  pick_vars(rng, nv, k, vars);
  xor_encode(f, vars, k, rng_below(rng, 2), drop, dup, rng);
}

/* A random clause of k distinct variables of 1..nv. */
static void random_clause(oracle_formula *f, uint64_t *rng, int nv, int k) {
  int lits[XMAX];
  pick_vars(rng, nv, k, lits);
  for (int i = 0; i < k; i++)
    if (rng_below(rng, 2))
      lits[i] = -lits[i];
  oracle_add(f, lits, (size_t)k);
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

/* ---- Brute force (at most MAXV variables) --------------------------------
 * An assignment is a mask, bit v - 1 for variable v true. */

#define MAXV 16

typedef struct masks {
  uint32_t pos, neg;
} masks;

static masks masks_of(const int *lits, size_t n) {
  masks c = {0, 0};
  for (size_t k = 0; k < n; k++) {
    if (lits[k] > 0)
      c.pos |= 1u << (lits[k] - 1);
    else
      c.neg |= 1u << (-lits[k] - 1);
  }
  return c;
}

static int satisfies(uint32_t a, masks c) {
  return (a & c.pos) != 0 || (~a & c.neg) != 0;
}

/* Every model of f, into models (room for 2^num_vars); returns how many,
 * checked against oracle_count_models. */
static size_t models_of(const oracle_formula *f, uint32_t *models) {
  assert_true(f->num_vars <= MAXV);
  masks *c = grown(NULL, f->num_clauses, sizeof *c);
  for (size_t i = 0; i < f->num_clauses; i++)
    c[i] = masks_of(f->lits + f->start[i], f->start[i + 1] - f->start[i]);
  size_t found = 0;
  for (uint32_t a = 0; a < (1u << f->num_vars); a++) {
    size_t i = 0;
    while (i < f->num_clauses && satisfies(a, c[i]))
      i++;
    if (i == f->num_clauses)
      models[found++] = a;
  }
  free(c);
  CHECK(found == oracle_count_models(f),
        "%zu models here, the oracle counts %llu", found,
        (unsigned long long)oracle_count_models(f));
  return found;
}

/* Whether every model satisfies the clause lits[0..n-1]. */
static int implied(const uint32_t *models, size_t nmodels, const int *lits,
                   size_t n) {
  masks c = masks_of(lits, n);
  for (size_t i = 0; i < nmodels; i++)
    if (!satisfies(models[i], c))
      return 0;
  return 1;
}

/* Whether f implies the binary clause lits[0..1], by the oracle: f with
 * both literals false has no model. */
static int implied_by_oracle(const oracle_formula *f, const int *lits) {
  int negated[2] = {-lits[0], -lits[1]};
  return !oracle_satisfiable_with(f, negated, 2);
}

/* ---- The solver's side -------------------------------------------------- */

/* A clause of at most two literals, sorted (the pass makes no other). */
typedef struct small {
  int size;
  int lits[2];
} small;

static int small_cmp(const void *a, const void *b) {
  const small *p = a, *q = b;
  if (p->size != q->size)
    return p->size < q->size ? -1 : 1;
  for (int i = 0; i < p->size; i++)
    if (p->lits[i] != q->lits[i])
      return p->lits[i] < q->lits[i] ? -1 : 1;
  return 0;
}

static small small_of(const int *lits, int n) {
  small c = {n, {0, 0}};
  for (int i = 0; i < n; i++)
    c.lits[i] = lits[i];
  if (n == 2 && c.lits[0] > c.lits[1]) {
    int t = c.lits[0];
    c.lits[0] = c.lits[1];
    c.lits[1] = t;
  }
  return c;
}

/* The live learned clauses of s from the from-th on, sorted (the caller
 * frees). */
static small *learned_of(const dpll_solver *s, size_t from, size_t *n) {
  small *out = grown(NULL, dpll__num_learnts(s), sizeof *out);
  *n = 0;
  for (size_t i = from; i < dpll__num_learnts(s); i++) {
    const clause *c = dpll__clause(s, dpll__learnt_ref(s, i));
    if (c->flags & CLAUSE_DELETED)
      continue;
    CHECK(c->size >= 1 && c->size <= 2,
          "a learned clause of %u literals after the pass", (unsigned)c->size);
    int lits[2];
    for (uint32_t k = 0; k < c->size; k++)
      lits[k] = lit_to_ext(c->lits[k]);
    out[(*n)++] = small_of(lits, (int)c->size);
  }
  qsort(out, *n, sizeof *out, small_cmp);
  return out;
}

static void show(const char *what, const small *c, size_t n) {
  print_message("%s:", what);
  for (size_t i = 0; i < n; i++)
    print_message(c[i].size == 1 ? " (%d)" : " (%d %d)", c[i].lits[0],
                  c[i].lits[1]);
  print_message("\n");
}

/* The live learned clauses of s from the from-th on are exactly those of
 * want (each a run of literals ended by 0), in any order. */
static void expect_learned_from(const dpll_solver *s, size_t from,
                                const int *want, size_t nwant) {
  small *w = grown(NULL, nwant, sizeof *w);
  size_t at = 0;
  for (size_t i = 0; i < nwant; i++) {
    int len = 0;
    while (want[at + (size_t)len])
      len++;
    w[i] = small_of(want + at, len);
    at += (size_t)len + 1;
  }
  qsort(w, nwant, sizeof *w, small_cmp);
  size_t n;
  small *got = learned_of(s, from, &n);
  int same = n == nwant;
  for (size_t i = 0; same && i < n; i++)
    same = small_cmp(&got[i], &w[i]) == 0;
  if (!same) {
    show("learned", got, n);
    show("expected", w, nwant);
    fail_msg("the pass learned other clauses than expected");
  }
  free(got);
  free(w);
}

static void expect_learned(const dpll_solver *s, const int *want,
                           size_t nwant) {
  expect_learned_from(s, 0, want, nwant);
}

static void expect_counts(const dpll_solver *s, uint64_t xors,
                          uint64_t derived) {
  dpll_stats st = stats_of(s);
  CHECK(st.xors == xors && st.xor_derived == derived,
        "xors %llu and xor_derived %llu, expected %llu and %llu",
        (unsigned long long)st.xors, (unsigned long long)st.xor_derived,
        (unsigned long long)xors, (unsigned long long)derived);
}

/* A solver with f's clauses at level 0 at a fixpoint, or NULL if level 0
 * is in conflict (then f must be unsatisfiable). */
static dpll_solver *at_root(const oracle_formula *f) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  add_formula(s, f, 0);
  dpll__trail_reset(s);
  cref conflict = dpll__unsat(s) ? CREF_NONE : dpll__propagate(s);
  assert_true(conflict != CREF_OOM);
  if (dpll__unsat(s) || conflict != CREF_NONE) {
    CHECK(!oracle_satisfiable(f, NULL),
          "level 0 is in conflict, but the formula is satisfiable");
    dpll_free(s);
    return NULL;
  }
  assert_int_equal(dpll__decision_level(s), 0);
  assert_true(dpll__at_fixpoint(s));
  assert_int_equal(dpll__num_learnts(s), 0);
  return s;
}

/* Runs the pass on s (at a root fixpoint) and propagates what it added.
 * Returns 1 if the solver is then unsatisfiable (the empty clause, or a
 * conflict at level 0), else 0. */
static int run_pass(dpll_solver *s) {
  int rc = dpll__xor(s);
  CHECK(rc == 0, "dpll__xor returned %d", rc);
  CHECK(dpll__decision_level(s) == 0, "the pass left level %d",
        dpll__decision_level(s));
  if (dpll__unsat(s))
    return 1;
  cref conflict = dpll__propagate(s);
  assert_true(conflict != CREF_OOM);
  if (conflict != CREF_NONE)
    return 1;
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken after the pass: %s", why);
  return 0;
}

/* Whether f holds both binary clauses of the XOR the binary clause c
 * belongs to: (a b) with (-a -b), or (a -b) with (-a b). */
static int stated_pair(const oracle_formula *f, small c) {
  small other = {2, {-c.lits[0], -c.lits[1]}};
  other = small_of(other.lits, 2);
  int seen = 0;
  for (size_t i = 0; i < f->num_clauses; i++) {
    if (f->start[i + 1] - f->start[i] != 2)
      continue;
    small d = small_of(f->lits + f->start[i], 2);
    if (small_cmp(&d, &c) == 0)
      seen |= 1;
    if (small_cmp(&d, &other) == 0)
      seen |= 2;
  }
  return seen == 3;
}

/* Judges a pass just run on s, whose learned clauses from the from-th on
 * are the pass's, given the models of the formula f; unsat is what
 * run_pass returned.  The head of the file says what is checked. */
static void judge_pass(dpll_solver *s, const oracle_formula *f, size_t from,
                       const uint32_t *models, size_t nmodels, int unsat,
                       const char *what) {
  size_t n;
  small *got = learned_of(s, from, &n);
  size_t units = 0, binaries = 0;
  for (size_t i = 0; i < n; i++) {
    if (got[i].size == 1)
      units++;
    else
      binaries++;
    if (!implied(models, nmodels, got[i].lits, (size_t)got[i].size)) {
      show("not implied", &got[i], 1);
      fail_msg("%s: the pass learned a clause the formula does not imply",
               what);
    }
    if (got[i].size == 2 && !unsat && stated_pair(f, got[i])) {
      show("stated already", &got[i], 1);
      fail_msg("%s: the pass added a pair the clauses state already", what);
    }
  }
  dpll_stats st = stats_of(s);
  CHECK(binaries % 2 == 0 && st.xor_derived == units + binaries / 2,
        "%s: %zu units and %zu binary clauses learned, xor_derived %llu", what,
        units, binaries, (unsigned long long)st.xor_derived);
  free(got);
  if (unsat) {
    CHECK(nmodels == 0, "%s: the pass refuted a formula of %zu models", what,
          nmodels);
    return;
  }
  for (size_t i = 0; i < dpll__trail_size(s); i++) {
    int lit = lit_to_ext(dpll__trail_at(s, i));
    CHECK(implied(models, nmodels, &lit, 1),
          "%s: %d is true at level 0 but not implied", what, lit);
  }
}

/* Complete for XORs and units: every literal true in all models is true at
 * level 0, and for every two variables free at level 0 and equal (or
 * opposite) in all models, deciding either value of the first sets the
 * second to match.  Returns how many pairs it checked. */
static long check_complete(dpll_solver *s, int nv, const uint32_t *models,
                           size_t nmodels, const char *what) {
  assert_true(nmodels > 0);
  uint32_t all = ~0u, any = 0;
  for (size_t i = 0; i < nmodels; i++) {
    all &= models[i];
    any |= models[i];
  }
  for (int v = 1; v <= nv; v++) {
    uint32_t bit = 1u << (v - 1);
    if (all & bit)
      CHECK(dpll_value(s, v) == 1,
            "%s: %d is true in every model, not at "
            "level 0",
            what, v);
    else if (!(any & bit))
      CHECK(dpll_value(s, -v) == 1,
            "%s: %d is true in every model, not at "
            "level 0",
            what, -v);
  }
  long pairs = 0;
  for (int u = 1; u <= nv; u++) {
    if (dpll_value(s, u) != DPLL_UNASSIGNED)
      continue;
    for (int v = u + 1; v <= nv; v++) {
      if (dpll_value(s, v) != DPLL_UNASSIGNED)
        continue;
      int equal = 1, opposite = 1;
      for (size_t i = 0; i < nmodels && (equal || opposite); i++) {
        int same = ((models[i] >> (u - 1)) & 1) == ((models[i] >> (v - 1)) & 1);
        equal &= same;
        opposite &= !same;
      }
      if (!equal && !opposite)
        continue;
      pairs++;
      for (int sign = -1; sign <= 1; sign += 2) {
        assert_int_equal(dpll_decide(s, sign * u), 0);
        assert_int_equal(dpll_propagate(s), 0);
        int want = equal ? sign * v : -sign * v;
        CHECK(dpll_value(s, want) == 1,
              "%s: %d and %d are %s in every model, but deciding %d does not "
              "set %d",
              what, u, v, equal ? "equal" : "opposite", sign * u, want);
        assert_int_equal(dpll_backtrack_to(s, 0), 0);
      }
    }
  }
  return pairs;
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

/* A solve of s must give f's answer (a model checked). */
static void expect_solve(dpll_solver *s, const oracle_formula *f,
                         const char *what) {
  int expect = oracle_satisfiable(f, NULL) ? DPLL_SAT : DPLL_UNSAT;
  int res = dpll_solve(s);
  CHECK(res == expect, "%s: dpll_solve gave %d, brute force says %d", what, res,
        expect);
  if (res == DPLL_SAT)
    CHECK(model_ok(s, f, NULL, 0), "%s: a false model", what);
}

/* ---- 0. Worked examples -------------------------------------------------- */

/* The pass on f at its root fixpoint, judged against brute force; the
 * solver is returned after it (unsat: whether it is then unsatisfiable). */
static dpll_solver *worked(const oracle_formula *f, int *unsat,
                           const char *what) {
  uint32_t *models = grown(NULL, (size_t)1 << f->num_vars, sizeof *models);
  size_t nmodels = models_of(f, models);
  dpll_solver *s = at_root(f);
  assert_non_null(s);
  *unsat = run_pass(s);
  judge_pass(s, f, 0, models, nmodels, *unsat, what);
  free(models);
  return s;
}

/* Ends a worked example: the solver's answer after the pass, then that of
 * a fresh solver with "xor" on. */
static void finish(dpll_solver *s, const oracle_formula *f, const char *what) {
  expect_solve(s, f, what);
  dpll_free(s);
  s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "xor", 1), 0);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
  add_formula(s, f, 0);
  expect_solve(s, f, what);
  dpll_free(s);
}

/* Whether deciding a (at level 0) sets b true. */
static int decides(dpll_solver *s, int a, int b) {
  assert_int_equal(dpll_decide(s, a), 0);
  assert_int_equal(dpll_propagate(s), 0);
  int set = dpll_value(s, b) == 1;
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  return set;
}

/* x1 ^ x2 ^ x3 = 1 and x2 ^ x3 ^ x4 = 0 sum to x1 ^ x4 = 1: rows 1+2+3
 * and 2+3+4 reduce to 1+4 = 1 (a row of two variables) and 2+3+4 = 0
 * (three, nothing): exactly (1 4) and (-1 -4), one derivation. */
static void test_worked_pair(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 4);
  xor_add(&f, 1, 3, 1, 2, 3);
  xor_add(&f, 0, 3, 2, 3, 4);
  int unsat;
  dpll_solver *s = worked(&f, &unsat, "pair");
  CHECK(!unsat, "the pass refuted a satisfiable formula");
  static const int want[] = {1, 4, 0, -1, -4, 0};
  expect_learned(s, want, 2);
  expect_counts(s, 2, 1);
  CHECK(decides(s, 1, -4) && decides(s, -1, 4) && decides(s, 4, -1) &&
            decides(s, -4, 1),
        "1 and 4 are not opposite by propagation");
  CHECK(!decides(s, 1, 2) && !decides(s, 1, -2), "1 sets 2");
  finish(s, &f, "pair");
  oracle_free(&f);
}

/* 1+2+3 = 1, 2+3+4 = 0 and 1+4+5 = 0: the sum of the three is x5 = 1.  The
 * reduced rows are 1+4 = 1, 2+3+4 = 0 and 5 = 1: a pair and a unit. */
static void test_worked_unit(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 5);
  xor_add(&f, 1, 3, 1, 2, 3);
  xor_add(&f, 0, 3, 2, 3, 4);
  xor_add(&f, 0, 3, 1, 4, 5);
  int unsat;
  dpll_solver *s = worked(&f, &unsat, "unit");
  CHECK(!unsat, "the pass refuted a satisfiable formula");
  static const int want[] = {1, 4, 0, -1, -4, 0, 5, 0};
  expect_learned(s, want, 3);
  expect_counts(s, 3, 2);
  CHECK(dpll_value(s, 5) == 1 && dpll__level_of(s, 5) == 0,
        "5 is not true at level 0");
  finish(s, &f, "unit");
  oracle_free(&f);
}

/* 1+2+3 = 1, 3+4+5 = 0 and 1+2+4+5 = 0 sum to 0 = 1, though any two of
 * them are satisfiable and nothing propagates: the pass refutes the
 * clauses, adding nothing else.  So do the eight clauses over 1, 2, 3. */
static void test_worked_contradiction(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 5);
  xor_add(&f, 1, 3, 1, 2, 3);
  xor_add(&f, 0, 3, 3, 4, 5);
  xor_add(&f, 0, 4, 1, 2, 4, 5);
  assert_false(oracle_satisfiable(&f, NULL));
  int unsat;
  dpll_solver *s = worked(&f, &unsat, "contradiction");
  CHECK(unsat && dpll__unsat(s), "the pass did not refute the clauses");
  expect_learned(s, NULL, 0);
  expect_counts(s, 3, 0);
  finish(s, &f, "contradiction");
  oracle_free(&f);
  /* Both parities of 1+2+3 in full, all eight clauses: two XORs, one
   * component, 0 = 1. */
  oracle_init(&f, 3);
  xor_add(&f, 1, 3, 1, 2, 3);
  xor_add(&f, 0, 3, 3, 1, 2);
  s = worked(&f, &unsat, "both parities");
  CHECK(unsat && dpll__unsat(s), "the pass did not refute the clauses");
  expect_learned(s, NULL, 0);
  expect_counts(s, 2, 0);
  finish(s, &f, "both parities");
  oracle_free(&f);
}

/* x1 ^ x2 ^ x3 = 1 with one of its four clauses missing, or that clause
 * replaced by a copy of another one, or by a clause of the other parity:
 * no XOR, alone or next to 2+3+4 = 0, whose sum x1 ^ x4 = 1 then does not
 * follow (brute force says so too). */
static void test_worked_incomplete(void **state) {
  (void)state;
  static const int vars[] = {1, 2, 3};
  for (int missing = 0; missing < 4; missing++)
    for (int how = 0; how < 3; how++)
      for (int partner = 0; partner < 2; partner++) {
        oracle_formula f;
        oracle_init(&f, 4);
        if (how == 0)
          xor_encode(&f, vars, 3, 1, missing, -1, NULL);
        else if (how == 1) /* four clauses, one of them twice */
          xor_encode(&f, vars, 3, 1, missing, (missing + 1) % 4, NULL);
        else { /* four clauses, one of them of x1 ^ x2 ^ x3 = 0 */
          static const int odd[4][3] = {
              {-1, 2, 3}, {1, -2, 3}, {1, 2, -3}, {-1, -2, -3}};
          xor_encode(&f, vars, 3, 1, missing, -1, NULL);
          oracle_add(&f, odd[missing], 3);
        }
        if (partner)
          xor_add(&f, 0, 3, 2, 3, 4);
        char what[64];
        snprintf(what, sizeof what, "missing %d, how %d, partner %d", missing,
                 how, partner);
        int unsat;
        dpll_solver *s = worked(&f, &unsat, what);
        CHECK(!unsat, "%s: refuted", what);
        expect_learned(s, NULL, 0);
        expect_counts(s, (uint64_t)partner, 0);
        finish(s, &f, what);
        oracle_free(&f);
      }
}

/* Duplicates and extras: every clause of 1+2+3 = 1 twice, 2+3+4 = 0, and
 * clauses that make no XOR: one of 1+2+3 = 0, one over 1..4, one over
 * 2, 4, 5, and the binary clause (2 3) without (-2 -3).  Two XORs, the
 * same pair as in test_worked_pair. */
static void test_worked_extras(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 5);
  xor_add(&f, 1, 3, 1, 2, 3);
  clause_add(&f, 3, -1, 2, 3);
  xor_add(&f, 1, 3, 1, 2, 3);
  clause_add(&f, 4, 1, 2, 3, 4);
  xor_add(&f, 0, 3, 2, 3, 4);
  clause_add(&f, 3, 2, -4, 5);
  clause_add(&f, 2, 2, 3);
  int unsat;
  dpll_solver *s = worked(&f, &unsat, "extras");
  CHECK(!unsat, "the pass refuted a satisfiable formula");
  static const int want[] = {1, 4, 0, -1, -4, 0};
  expect_learned(s, want, 2);
  expect_counts(s, 2, 1);
  finish(s, &f, "extras");
  oracle_free(&f);
}

/* x1 ^ ... ^ x6 = p and x2 ^ ... ^ x7 = p give x1 ^ x7 = 0, for both p
 * (the two masks of 32 clauses); the same with 7 and 8 variables (64
 * clauses each) is beyond XOR_MAX_SIZE: nothing found, though the pair
 * follows. */
static void test_worked_sizes(void **state) {
  (void)state;
  assert_int_equal(XOR_MAX_SIZE, 6);
  for (int k = 6; k <= 7; k++)
    for (int p = 0; p < 2; p++) {
      int a[XMAX], b[XMAX];
      for (int i = 0; i < k; i++) {
        a[i] = i + 1;
        b[i] = i + 2;
      }
      oracle_formula f;
      oracle_init(&f, k + 1);
      xor_encode(&f, a, k, p, -1, -1, NULL);
      xor_encode(&f, b, k, p, -1, -1, NULL);
      assert_int_equal(f.num_clauses, (size_t)1 << k);
      char what[64];
      snprintf(what, sizeof what, "%d variables, parity %d", k, p);
      int unsat;
      dpll_solver *s = worked(&f, &unsat, what);
      CHECK(!unsat, "%s: refuted", what);
      int pair[] = {1, -(k + 1)};
      CHECK(implied_by_oracle(&f, pair), "%s: the pair does not follow", what);
      if (k == 6) {
        int want[] = {1, -(k + 1), 0, -1, k + 1, 0};
        expect_learned(s, want, 2);
        expect_counts(s, 2, 1);
      } else {
        expect_learned(s, NULL, 0);
        expect_counts(s, 0, 0);
      }
      finish(s, &f, what);
      oracle_free(&f);
    }
}

/* A pair the clauses state already: (1 2) and (-1 -2) are x1 ^ x2 = 1,
 * and with 1+2+3+4 = 0 the rows reduce to 1+2 = 1 (that pair, not added
 * again) and 3+4 = 1: only (3 4) and (-3 -4).  Then (1 -2) and (-1 2),
 * x1 ^ x2 = 0, with 1+2+3 = 1: the rows are 1+2 = 0 (stated) and 3 = 1,
 * a unit alone. */
static void test_worked_stated(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 4);
  clause_add(&f, 2, 1, 2);
  clause_add(&f, 2, -2, -1);
  xor_add(&f, 0, 4, 1, 2, 3, 4);
  int unsat;
  dpll_solver *s = worked(&f, &unsat, "stated, pair");
  CHECK(!unsat, "the pass refuted a satisfiable formula");
  static const int want[] = {3, 4, 0, -3, -4, 0};
  expect_learned(s, want, 2);
  expect_counts(s, 2, 1);
  finish(s, &f, "stated, pair");
  oracle_free(&f);

  oracle_init(&f, 3);
  xor_add(&f, 1, 3, 1, 2, 3);
  clause_add(&f, 2, 1, -2);
  clause_add(&f, 2, 2, -1);
  s = worked(&f, &unsat, "stated, unit");
  CHECK(!unsat, "the pass refuted a satisfiable formula");
  static const int want_unit[] = {3, 0};
  expect_learned(s, want_unit, 1);
  expect_counts(s, 2, 1);
  CHECK(dpll_value(s, 3) == 1, "3 is not true at level 0");
  finish(s, &f, "stated, unit");
  oracle_free(&f);
}

/* Values of level 0 in the right-hand sides: with x1 = b, 1+2+3 = 1 is
 * 2+3 = 1 ^ b, and with 2+3+4 = 1 that gives 4 = b; the rows are 2+3 and
 * 4 (a pair the clauses state only as ternary clauses, so it is added,
 * and a unit).  x1 = b comes from a unit clause, or (b true) from (5) and
 * (-5 1) by propagation. */
static void test_worked_level0(void **state) {
  (void)state;
  for (int how = 0; how < 3; how++) {
    int b = how != 1;
    oracle_formula f;
    oracle_init(&f, 5);
    if (how < 2)
      clause_add(&f, 1, b ? 1 : -1);
    xor_add(&f, 1, 3, 1, 2, 3);
    xor_add(&f, 1, 3, 2, 3, 4);
    if (how == 2) {
      clause_add(&f, 1, 5);
      clause_add(&f, 2, -5, 1);
    }
    char what[32];
    snprintf(what, sizeof what, "level 0, case %d", how);
    int unsat;
    dpll_solver *s = worked(&f, &unsat, what);
    CHECK(!unsat, "%s: refuted", what);
    if (b) {
      static const int want[] = {2, -3, 0, -2, 3, 0, 4, 0};
      expect_learned(s, want, 3);
    } else {
      static const int want[] = {2, 3, 0, -2, -3, 0, -4, 0};
      expect_learned(s, want, 3);
    }
    expect_counts(s, 2, 2);
    CHECK(dpll_value(s, b ? 4 : -4) == 1, "%s: x4 is not %d at level 0", what,
          b);
    finish(s, &f, what);
    oracle_free(&f);
  }
}

/* Stores the learned clause of the n (<= 8) literals that follow, with LBD
 * n, as analysis would. */
static void inject(dpll_solver *s, int n, ...) {
  unsigned lits[8];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    int ext = va_arg(ap, int);
    assert_int_equal(dpll__ensure_vars(s, ext < 0 ? -ext : ext), 0);
    lits[i] = lit_from_ext(ext);
  }
  va_end(ap);
  assert_int_equal(dpll__clause_reserve(s, lits, (size_t)n, true), 0);
  dpll__clause_new(s, lits, (size_t)n, true, (uint32_t)n);
}

/* 2+3+4 = 0 with (2 3) for its clause (2 3 -4): no exact encoding among
 * the clauses added; the learned clause (2 3 -4), implied by (2 3),
 * completes it, and with 1+2+3 = 1 the pair of test_worked_pair follows.
 * Without the learned clause: one XOR, nothing derived. */
static void test_worked_learned(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 4);
  clause_add(&f, 3, -2, 3, 4);
  clause_add(&f, 3, 2, -3, 4);
  clause_add(&f, 2, 2, 3);
  clause_add(&f, 3, -2, -3, -4);
  xor_add(&f, 1, 3, 1, 2, 3);
  uint32_t models[16];
  size_t nmodels = models_of(&f, models);
  for (int learned = 0; learned < 2; learned++) {
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    add_formula(s, &f, 0);
    if (learned)
      inject(s, 3, 2, 3, -4);
    dpll__trail_reset(s);
    assert_true(dpll__propagate(s) == CREF_NONE);
    int unsat = run_pass(s);
    CHECK(!unsat, "refuted");
    judge_pass(s, &f, (size_t)learned, models, nmodels, unsat, "learned");
    if (learned) {
      static const int want[] = {1, 4, 0, -1, -4, 0};
      expect_learned_from(s, 1, want, 2);
      expect_counts(s, 2, 1);
    } else {
      expect_learned(s, NULL, 0);
      expect_counts(s, 1, 0);
    }
    finish(s, &f, "learned");
  }
  oracle_free(&f);
}

/* ---- 1. Soundness and completeness on random systems --------------------- */

/* RANDOM_SYSTEMS in a Release build's quick tier (tests/tier.h). */
#define RANDOM_SYSTEMS 1000

typedef struct tally {
  long systems, sat, root_conflicts, refuted, units, pairs, forced,
      pairs_checked;
} tally;

/* Family 0: XORs alone; 1: with unit clauses; 2: with units, random
 * 3-clauses, and now and then an encoding with a clause missing.  Any of
 * them may have a clause doubled. */
static void random_system(oracle_formula *f, uint64_t *rng, int family,
                          int nv) {
  oracle_init(f, nv);
  int nx = 1 + rng_below(rng, nv + 3);
  for (int x = 0; x < nx; x++) {
    int k = 2 + rng_below(rng, 4);
    int clauses = 1 << (k - 1);
    int drop =
        family == 2 && rng_below(rng, 8) == 0 ? rng_below(rng, clauses) : -1;
    int dup = rng_below(rng, 6) == 0 ? rng_below(rng, clauses) : -1;
    random_xor(f, rng, nv, k, drop, dup);
  }
  if (family >= 1)
    for (int u = rng_below(rng, 3); u > 0; u--)
      random_clause(f, rng, nv, 1);
  if (family == 2)
    for (int c = rng_below(rng, nv + 1); c > 0; c--)
      random_clause(f, rng, nv, 3);
  shuffle_clauses(f, rng);
}

static void test_random_systems(void **state) {
  (void)state;
  uint64_t rng = 0x7a3c9e1d5b2f4a68ULL;
  long count = tier_cases(RANDOM_SYSTEMS);
  uint32_t *models = grown(NULL, (size_t)1 << 14, sizeof *models);
  tally t = {0};
  for (long i = 0; i < count; i++) {
    int family = (int)(i % 3);
    int nv = 8 + rng_below(&rng, 7);
    oracle_formula f;
    random_system(&f, &rng, family, nv);
    char what[64];
    snprintf(what, sizeof what, "system %ld (family %d, %d variables)", i,
             family, nv);
    size_t nmodels = models_of(&f, models);
    t.systems++;
    t.sat += nmodels > 0;
    dpll_solver *s = at_root(&f);
    if (!s) {
      t.root_conflicts++;
      oracle_free(&f);
      continue;
    }
    int unsat = run_pass(s);
    judge_pass(s, &f, 0, models, nmodels, unsat, what);
    dpll_stats st = stats_of(s);
    size_t n;
    small *got = learned_of(s, 0, &n);
    for (size_t k = 0; k < n; k++) {
      t.units += got[k].size == 1;
      t.pairs += got[k].size == 2;
    }
    free(got);
    if (unsat)
      t.refuted++;
    if (family < 2) { /* complete */
      if (nmodels == 0)
        CHECK(unsat, "%s: unsatisfiable, not refuted (xors %llu)", what,
              (unsigned long long)st.xors);
      else {
        t.pairs_checked += check_complete(s, nv, models, nmodels, what);
        t.forced += (long)dpll__trail_size(s);
      }
    }
    expect_solve(s, &f, what);
    dpll_free(s);
    oracle_free(&f);
  }
  t.pairs /= 2;
  print_message("%ld systems, %ld satisfiable; %ld with level 0 in conflict, "
                "%ld refuted by the pass; %ld units and %ld pairs derived; "
                "%ld literals of level 0 and %ld pairs checked for "
                "completeness\n",
                t.systems, t.sat, t.root_conflicts, t.refuted, t.units, t.pairs,
                t.forced, t.pairs_checked);
  CHECK(t.refuted > 0 && t.units > 0 && t.pairs > 0 && t.pairs_checked > 0,
        "the random systems did not exercise the pass");
  free(models);
}

/* ---- 1b. Wide systems, judged by linear algebra written here ------------
 * Systems of 100 to 200 variables, too many for brute force, whose
 * components span several 64-bit words.  The judge is a basis over GF(2)
 * kept by lowest variable (gf_insert): a row joins it once its lowest
 * variable is one no basis row starts with, or vanishes, and a row that
 * vanishes with right-hand side 1 makes the system inconsistent.  A
 * consistent system implies exactly the sums its rows span (gf_fixes). */

#define WIDE_MAX 255
#define WIDE_WORDS ((WIDE_MAX + 64) / 64)

typedef struct gfrow {
  uint64_t bits[WIDE_WORDS]; /* bit v: variable v */
  int rhs;
} gfrow;

typedef struct gfbasis {
  gfrow row[WIDE_MAX + 1]; /* row[v]: the basis row whose lowest is v */
  unsigned char has[WIDE_MAX + 1];
  int inconsistent;
} gfbasis;

static int gf_lowest(const gfrow *r) {
  for (int w = 0; w < WIDE_WORDS; w++)
    for (int b = 0; b < 64; b++)
      if (r->bits[w] >> b & 1)
        return w * 64 + b;
  return -1;
}

static void gf_add(gfrow *r, const gfrow *q) {
  for (int w = 0; w < WIDE_WORDS; w++)
    r->bits[w] ^= q->bits[w];
  r->rhs ^= q->rhs;
}

static gfrow gf_of(const int *vars, int k, int rhs) {
  gfrow r;
  memset(&r, 0, sizeof r);
  for (int i = 0; i < k; i++)
    r.bits[vars[i] / 64] ^= (uint64_t)1 << (vars[i] % 64);
  r.rhs = rhs;
  return r;
}

static void gf_insert(gfbasis *b, gfrow r) {
  for (;;) {
    int v = gf_lowest(&r);
    if (v < 0) {
      if (r.rhs)
        b->inconsistent = 1;
      return;
    }
    if (!b->has[v]) {
      b->row[v] = r;
      b->has[v] = 1;
      return;
    }
    gf_add(&r, &b->row[v]);
  }
}

/* In a consistent system: whether the sum of r's variables is fixed, and
 * then to what (*rhs). */
static int gf_fixes(const gfbasis *b, gfrow r, int *rhs) {
  r.rhs = 0;
  for (;;) {
    int v = gf_lowest(&r);
    if (v < 0) {
      *rhs = r.rhs;
      return 1;
    }
    if (!b->has[v])
      return 0;
    gf_add(&r, &b->row[v]);
  }
}

/* Whether the system implies the clause lits[0..n-1] (n <= 2): whether
 * it leaves no solution with every literal false.  The solutions, seen on
 * the clause's variables, are all assignments of them, or those that a
 * fixed variable or a fixed sum allows; the clause follows if one of
 * those excludes the assignment that falsifies it. */
static int gf_implies(const gfbasis *b, const int *lits, int n) {
  if (b->inconsistent)
    return 1;
  int vars[2], falsified[2], rhs;
  for (int i = 0; i < n; i++) {
    vars[i] = lits[i] < 0 ? -lits[i] : lits[i];
    falsified[i] = lits[i] < 0;
    if (gf_fixes(b, gf_of(&vars[i], 1, 0), &rhs) && rhs != falsified[i])
      return 1;
  }
  return n == 2 && gf_fixes(b, gf_of(vars, 2, 0), &rhs) &&
         rhs != (falsified[0] ^ falsified[1]);
}

#define WIDE_SYSTEMS 30 /* in a Release build's quick tier */

static void test_wide_systems(void **state) {
  (void)state;
  uint64_t rng = 0x5d2b9e17c3a4f860ULL;
  long count = tier_cases(WIDE_SYSTEMS);
  gfbasis *b = grown(NULL, 1, sizeof *b);
  long consistent = 0, refuted = 0, units = 0, pairs = 0, checked = 0;
  for (long i = 0; i < count; i++) {
    int nv = 100 + rng_below(&rng, 101);
    char what[64];
    snprintf(what, sizeof what, "wide system %ld (%d variables)", i, nv);
    /* Every other system is satisfied by a planted assignment. */
    unsigned char *planted = grown(NULL, (size_t)nv + 1, 1);
    for (int v = 1; v <= nv; v++)
      planted[v] = (unsigned char)rng_below(&rng, 2);
    int plant = i % 2 == 0;
    memset(b, 0, sizeof *b);
    oracle_formula f;
    oracle_init(&f, nv);
    int nx = nv - 12 + rng_below(&rng, 16);
    for (int x = 0; x < nx; x++) {
      int k = 2 + rng_below(&rng, 4), vars[XMAX];
      pick_vars(&rng, nv, k, vars);
      int rhs = rng_below(&rng, 2);
      if (plant) {
        rhs = 0;
        for (int j = 0; j < k; j++)
          rhs ^= planted[vars[j]];
      }
      xor_encode(&f, vars, k, rhs, -1, -1, &rng);
      gf_insert(b, gf_of(vars, k, rhs));
    }
    for (int u = rng_below(&rng, 4); u > 0; u--) {
      int v = 1 + rng_below(&rng, nv);
      int value = plant ? planted[v] : rng_below(&rng, 2);
      int lit = value ? v : -v;
      oracle_add(&f, &lit, 1);
      gf_insert(b, gf_of(&v, 1, value));
    }
    shuffle_clauses(&f, &rng);
    consistent += !b->inconsistent;
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    add_formula(s, &f, 0);
    dpll__trail_reset(s);
    cref conflict = dpll__unsat(s) ? CREF_NONE : dpll__propagate(s);
    assert_true(conflict != CREF_OOM);
    if (dpll__unsat(s) || conflict != CREF_NONE) {
      CHECK(b->inconsistent,
            "%s: level 0 in conflict, the judge finds the "
            "system consistent",
            what);
      dpll_free(s);
      oracle_free(&f);
      free(planted);
      continue;
    }
    int unsat = run_pass(s);
    refuted += unsat;
    CHECK(unsat == b->inconsistent,
          "%s: the pass %s, the judge finds the "
          "system %s",
          what, unsat ? "refuted it" : "did not refute it",
          b->inconsistent ? "inconsistent" : "consistent");
    size_t n;
    small *got = learned_of(s, 0, &n);
    for (size_t k = 0; k < n; k++) {
      units += got[k].size == 1;
      pairs += got[k].size == 2;
      if (!gf_implies(b, got[k].lits, got[k].size)) {
        show("not implied", &got[k], 1);
        fail_msg("%s: a learned clause does not follow", what);
      }
    }
    free(got);
    if (!unsat) {
      for (size_t k = 0; k < dpll__trail_size(s); k++) {
        int lit = lit_to_ext(dpll__trail_at(s, k));
        CHECK(gf_implies(b, &lit, 1), "%s: %d at level 0 does not follow", what,
              lit);
      }
      /* Complete: every fixed variable at level 0; every fixed sum of two
       * free variables propagates from either value of the first. */
      for (int u = 1; u <= nv; u++) {
        int rhs;
        if (gf_fixes(b, gf_of(&u, 1, 0), &rhs))
          CHECK(dpll_value(s, u) == rhs,
                "%s: the system fixes %d to %d, level 0 does not", what, u,
                rhs);
        if (dpll_value(s, u) != DPLL_UNASSIGNED)
          continue;
        for (int v = u + 1; v <= nv; v++) {
          int uv[2] = {u, v};
          if (dpll_value(s, v) != DPLL_UNASSIGNED ||
              !gf_fixes(b, gf_of(uv, 2, 0), &rhs))
            continue;
          checked++;
          for (int sign = -1; sign <= 1; sign += 2) {
            assert_int_equal(dpll_decide(s, sign * u), 0);
            assert_int_equal(dpll_propagate(s), 0);
            int want = (sign > 0) != rhs ? v : -v; /* u ^ v = rhs */
            CHECK(dpll_value(s, want) == 1,
                  "%s: the system fixes %d ^ %d = %d, deciding %d does not "
                  "set %d",
                  what, u, v, rhs, sign * u, want);
            assert_int_equal(dpll_backtrack_to(s, 0), 0);
          }
        }
      }
    }
    int res = dpll_solve(s);
    CHECK(res == (b->inconsistent ? DPLL_UNSAT : DPLL_SAT),
          "%s: dpll_solve gave %d", what, res);
    if (res == DPLL_SAT)
      CHECK(model_ok(s, &f, NULL, 0), "%s: a false model", what);
    dpll_free(s);
    oracle_free(&f);
    free(planted);
  }
  print_message("%ld wide systems, %ld consistent, %ld refuted by the pass; "
                "%ld units and %ld pairs derived; %ld pairs checked for "
                "completeness\n",
                count, consistent, refuted, units, pairs / 2, checked);
  CHECK(refuted > 0 && units > 0 && pairs > 0 && checked > 0,
        "the wide systems did not exercise the pass");
  free(b);
}

/* ---- 1c. Refute mode ("xor" DPLL_XOR_REFUTE, the dpll tool's default) ----
 * Random systems of XORs of 3 to 5 variables (so every component has 3 or
 * more), alone or with random 3-clauses: the pass learns nothing, assigns
 * nothing and derives nothing; it leaves the solver UNSAT only when brute
 * force finds no model, and on XORs alone whenever it finds none.  Then
 * a contradiction of two variables, the course's four clauses over 1 and
 * 2, is left to the search (a conflict), where "all" refutes it first. */

static void refute_system(oracle_formula *f, uint64_t *rng, int nv, int mixed) {
  oracle_init(f, nv);
  int nx = 1 + rng_below(rng, nv + 3);
  for (int x = 0; x < nx; x++)
    random_xor(f, rng, nv, 3 + rng_below(rng, 3), -1,
               rng_below(rng, 6) == 0 ? 0 : -1);
  for (int c = mixed ? rng_below(rng, nv + 1) : 0; c > 0; c--)
    random_clause(f, rng, nv, 3);
  shuffle_clauses(f, rng);
}

static void test_refute_mode(void **state) {
  (void)state;
  uint64_t rng = 0x51d7c2a94e0b3f86ULL;
  long count = tier_cases(RANDOM_SYSTEMS);
  uint32_t *models = grown(NULL, (size_t)1 << 14, sizeof *models);
  long refuted = 0, unsat_alone = 0, kept = 0;
  for (long i = 0; i < count; i++) {
    int mixed = (int)(i % 2), nv = 8 + rng_below(&rng, 7);
    oracle_formula f;
    refute_system(&f, &rng, nv, mixed);
    char what[96];
    snprintf(what, sizeof what, "system %ld (%s, %d variables)", i,
             mixed ? "with 3-clauses" : "XORs alone", nv);
    size_t nmodels = models_of(&f, models);
    dpll_solver *s = at_root(&f);
    if (!s) {
      oracle_free(&f);
      continue;
    }
    assert_int_equal(dpll_set_option(s, "xor", DPLL_XOR_REFUTE), 0);
    size_t trail = dpll__trail_size(s);
    int unsat = run_pass(s);
    dpll_stats st = stats_of(s);
    CHECK(st.xor_derived == 0 && dpll__num_learnts(s) == 0,
          "%s: refute mode derived %llu, learned %zu clauses", what,
          (unsigned long long)st.xor_derived, dpll__num_learnts(s));
    CHECK(st.xors > 0, "%s: no XOR found", what);
    if (unsat) {
      refuted++;
      CHECK(nmodels == 0, "%s: refuted, but %zu models", what, nmodels);
    } else {
      kept++;
      CHECK(dpll__trail_size(s) == trail, "%s: the pass assigned %zu literals",
            what, dpll__trail_size(s) - trail);
      if (!mixed)
        CHECK(nmodels > 0, "%s: XORs without a model, not refuted", what);
    }
    unsat_alone += !mixed && nmodels == 0;
    expect_solve(s, &f, what);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld systems refuted, %ld (of XORs alone) unsatisfiable; %ld "
                "left as they were\n",
                refuted, unsat_alone, kept);
  CHECK(refuted > 0 && unsat_alone > 0 && kept > 0,
        "the systems did not exercise refute mode");
  free(models);

  /* The course's four clauses: x1 ^ x2 = 1 and x1 ^ x2 = 0. */
  static const int mode[2] = {DPLL_XOR_REFUTE, DPLL_XOR_ALL};
  for (int m = 0; m < 2; m++) {
    oracle_formula f;
    oracle_init(&f, 2);
    xor_add(&f, 1, 2, 1, 2);
    xor_add(&f, 0, 2, 1, 2);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "xor", mode[m]), 0);
    assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
    add_formula(s, &f, 0);
    assert_int_equal(dpll_solve(s), DPLL_UNSAT);
    dpll_stats st = stats_of(s);
    CHECK(st.xors == 2, "the course's clauses: %llu XORs found, not 2",
          (unsigned long long)st.xors);
    CHECK(m == 0 ? st.conflicts > 0 : st.conflicts == 0,
          "the course's clauses, mode %d: %llu conflicts", mode[m],
          (unsigned long long)st.conflicts);
    dpll_free(s);
    oracle_free(&f);
  }
}

/* The Tseitin formula of the prism over two cycles of m vertices: edge
 * variables 1..3m (the outer cycle's, the inner's, the rungs), at every
 * vertex the XOR of its 3 edges, all 0 but one: no assignment works. */
static void prism(oracle_formula *f, int m) {
  oracle_init(f, 3 * m);
  for (int i = 0; i < m; i++) {
    int prev = (i + m - 1) % m;
    int outer[3] = {1 + prev, 1 + i, 2 * m + 1 + i};
    int inner[3] = {m + 1 + prev, m + 1 + i, 2 * m + 1 + i};
    xor_encode(f, outer, 3, i == 0, -1, -1, NULL);
    xor_encode(f, inner, 3, 0, -1, -1, NULL);
  }
}

/* Refute mode's budget: the prism of 2 x 20 vertices is refuted; that of
 * 2 x 500 (1,000 rows over 1,500 columns, 24 M word operations, over
 * XOR_REFUTE_OPS) is left alone by refute mode and refuted by all. */
static void test_refute_budget(void **state) {
  (void)state;
  static const struct {
    int m, mode, refuted;
  } cases[] = {{20, DPLL_XOR_REFUTE, 1},
               {500, DPLL_XOR_REFUTE, 0},
               {500, DPLL_XOR_ALL, 1}};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    oracle_formula f;
    prism(&f, cases[k].m);
    dpll_solver *s = at_root(&f);
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "xor", cases[k].mode), 0);
    int unsat = run_pass(s);
    CHECK(unsat == cases[k].refuted, "prism of 2 x %d, mode %d: refuted %d",
          cases[k].m, cases[k].mode, unsat);
    dpll_free(s);
    oracle_free(&f);
  }
}

/* ---- 2. Whole solves ----------------------------------------------------- */

#define SOLVE_FORMULAS 300 /* in a Release build's quick tier */
#define INC_FORMULAS 80

/* XORs of 2 to 6 variables, random 3-clauses, maybe a unit, shuffled. */
static void random_mix(oracle_formula *f, uint64_t *rng, int nv, int max_xors) {
  oracle_init(f, nv);
  int nx = 1 + rng_below(rng, max_xors);
  for (int x = 0; x < nx; x++)
    random_xor(f, rng, nv, 2 + rng_below(rng, 5), -1, -1);
  for (int c = rng_below(rng, 2 * nv); c > 0; c--)
    random_clause(f, rng, nv, 3);
  if (rng_below(rng, 3) == 0)
    random_clause(f, rng, nv, 1);
  shuffle_clauses(f, rng);
}

/* A solver with f, "xor" all or refute, the cdcl engine, and the options
 * of case i: eliminate, lucky and pure on or off. */
static dpll_solver *xor_solver(const oracle_formula *f, long i) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(
      dpll_set_option(s, "xor", i / 8 % 2 ? DPLL_XOR_REFUTE : DPLL_XOR_ALL), 0);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
  assert_int_equal(dpll_set_option(s, "eliminate", i % 2), 0);
  assert_int_equal(dpll_set_option(s, "lucky", i / 2 % 2), 0);
  assert_int_equal(dpll_set_option(s, "pure", i / 4 % 2), 0);
  add_formula(s, f, 0);
  return s;
}

/* Whether level 0 of f's clauses alone is free of conflict. */
static int root_ok(const oracle_formula *f) {
  dpll_solver *s = at_root(f);
  dpll_free(s);
  return s != NULL;
}

/* Draws least to three assumptions over the variables 1..nv into a;
 * returns how many. */
static size_t draw_assumptions(uint64_t *rng, int nv, int least, int *a) {
  size_t n = (size_t)(least + rng_below(rng, 4 - least));
  pick_vars(rng, nv, (int)n, a);
  for (size_t k = 0; k < n; k++)
    if (rng_below(rng, 2))
      a[k] = -a[k];
  return n;
}

/* Solves s under the assumptions a[0..n-1] and judges the answer against
 * brute force on f with the assumed units; a failed set must be a subset
 * of them that is unsatisfiable with f.  Returns the answer. */
static int judged_solve(dpll_solver *s, const oracle_formula *f, const int *a,
                        size_t n, const char *what) {
  for (size_t k = 0; k < n; k++)
    assert_int_equal(dpll_assume(s, a[k]), 0);
  int expect = oracle_satisfiable_with(f, a, (int)n) ? DPLL_SAT : DPLL_UNSAT;
  int res = dpll_solve(s);
  CHECK(res == expect,
        "%s: dpll_solve under %zu assumptions gave %d, brute "
        "force says %d",
        what, n, res, expect);
  if (res == DPLL_SAT)
    CHECK(model_ok(s, f, a, n), "%s: a false model", what);
  else {
    int failed[4];
    size_t nf = 0;
    for (size_t k = 0; k < n; k++)
      if (dpll_failed(s, a[k]) == 1)
        failed[nf++] = a[k];
    CHECK(!oracle_satisfiable_with(f, failed, (int)nf),
          "%s: the failed set (%zu of %zu assumptions) is satisfiable", what,
          nf, n);
  }
  return res;
}

static void test_solve_random(void **state) {
  (void)state;
  uint64_t rng = 0x3b1f08c6d2e47a95ULL;
  long count = tier_cases(SOLVE_FORMULAS);
  long sat = 0, counted = 0, derived = 0, assumed = 0;
  for (long i = 0; i < count; i++) {
    int nv = 10 + rng_below(&rng, 7);
    oracle_formula f;
    random_mix(&f, &rng, nv, nv);
    char what[64];
    snprintf(what, sizeof what, "formula %ld (%d variables)", i, nv);
    int ok = root_ok(&f);
    /* Without assumptions. */
    dpll_solver *s = xor_solver(&f, i);
    sat += judged_solve(s, &f, NULL, 0, what) == DPLL_SAT;
    dpll_stats st = stats_of(s);
    if (ok && i % 2 == 0 && i / 2 % 2 == 0) { /* nothing before the pass */
      CHECK(st.xors > 0, "%s: no XOR found", what);
      counted++;
    }
    derived += (long)st.xor_derived;
    dpll_free(s);
    /* Under assumptions, from a fresh solver: the pass runs first (no
     * elimination or lucky descent under assumptions). */
    int a[4];
    size_t na = draw_assumptions(&rng, nv, 1, a);
    s = xor_solver(&f, i);
    judged_solve(s, &f, a, na, what);
    st = stats_of(s);
    if (ok) {
      CHECK(st.xors > 0, "%s: no XOR found under assumptions", what);
      assumed++;
    }
    /* and a second solve, under other assumptions. */
    na = draw_assumptions(&rng, nv, 0, a);
    judged_solve(s, &f, a, na, what);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld satisfiable; XORs counted in %ld solves "
                "and %ld under assumptions; %ld units and pairs derived\n",
                count, sat, counted, assumed, derived);
  CHECK(derived > 0, "the pass derived nothing");
}

/* One solver, clauses added after each answer: an XOR, random 3-clauses or
 * a unit; every answer judged, with or without assumptions. */
static void test_solve_incremental(void **state) {
  (void)state;
  uint64_t rng = 0xc4a1e3f2b5d60798ULL;
  long count = tier_cases(INC_FORMULAS);
  long solves = 0, sat = 0;
  for (long i = 0; i < count; i++) {
    int nv = 10 + rng_below(&rng, 7);
    oracle_formula f;
    random_mix(&f, &rng, nv, nv / 3 + 1);
    dpll_solver *s = xor_solver(&f, i);
    for (int round = 0; round < 5; round++) {
      char what[64];
      snprintf(what, sizeof what, "formula %ld, round %d", i, round);
      int a[4];
      size_t na = rng_below(&rng, 2) ? draw_assumptions(&rng, nv, 0, a) : 0;
      int res = judged_solve(s, &f, a, na, what);
      solves++;
      sat += res == DPLL_SAT;
      if (res == DPLL_UNSAT && na == 0)
        break;
      size_t from = f.num_clauses;
      int what_next = rng_below(&rng, 3);
      if (what_next == 0)
        random_xor(&f, &rng, nv, 2 + rng_below(&rng, 4), -1, -1);
      else if (what_next == 1)
        for (int c = 1 + rng_below(&rng, 3); c > 0; c--)
          random_clause(&f, &rng, nv, 3);
      else
        random_clause(&f, &rng, nv, 1);
      add_formula(s, &f, from);
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld solves, %ld satisfiable\n", count, solves,
                sat);
}

/* ---- 3. Proofs and traces ------------------------------------------------ */

#define PROOF_FORMULAS 50 /* in a Release build's quick tier */

static int no_event_count;
static void on_event(void *ctx, const dpll_event *e) {
  (void)ctx;
  (void)e;
  no_event_count++;
}

static void test_proof(void **state) {
  (void)state;
  uint64_t rng = 0x91e2d3c4b5a69788ULL;
  long count = tier_cases(PROOF_FORMULAS);
  long unsat = 0, passes = 0;
  for (long i = 0; i < count; i++) {
    int nv = 10 + rng_below(&rng, 5);
    oracle_formula f;
    random_mix(&f, &rng, nv, nv + 2);
    int expect = oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    unsat += expect == DPLL_UNSAT;
    int format = (int)(i % 2);
    char what[64];
    snprintf(what, sizeof what, "formula %ld (%d variables)", i, nv);
    for (int first_assumed = 0; first_assumed < 2; first_assumed++) {
      dpll_solver *s = xor_solver(&f, 0);
      char *proof = NULL;
      size_t len = 0;
      FILE *out = open_memstream(&proof, &len);
      assert_non_null(out);
      assert_int_equal(dpll_set_proof(s, out, format), 0);
      uint64_t xors = 0;
      if (first_assumed) { /* no proof under assumptions: the pass runs */
        int a[4];
        size_t na = draw_assumptions(&rng, nv, 1, a);
        judged_solve(s, &f, a, na, what);
        xors = stats_of(s).xors;
        passes += xors > 0;
      }
      int res = dpll_solve(s);
      fflush(out);
      CHECK(res == expect, "%s: dpll_solve with a proof gave %d, expected %d",
            what, res, expect);
      if (res == DPLL_SAT)
        CHECK(model_ok(s, &f, NULL, 0), "%s: a false model", what);
      dpll_stats st = stats_of(s);
      CHECK(st.xors == xors, "%s: the pass ran while a proof was written",
            what);
      /* After a solve under assumptions the proof is not checked: what
       * that solve left at level 0 (units, the empty clause) is missing
       * from it, with "xor" 0 as well (a limit of proof.c, not of the
       * pass). */
      if (res == DPLL_UNSAT && !first_assumed)
        check_proof(&f, proof, len, format, what);
      dpll_free(s);
      fclose(out);
      free(proof);
    }
    /* With a trace, the pass does not run either. */
    dpll_solver *s = xor_solver(&f, 0);
    dpll_set_trace(s, on_event, NULL);
    int res = dpll_solve(s);
    CHECK(res == expect, "%s: dpll_solve with a trace gave %d, expected %d",
          what, res, expect);
    CHECK(stats_of(s).xors == 0, "%s: the pass ran with a trace", what);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %ld unsatisfiable, proved; %ld passes under "
                "assumptions before a proof\n",
                count, unsat, passes);
  CHECK(unsat > 0 && passes > 0, "nothing to prove");
}

/* ---- 4. Out of memory ---------------------------------------------------- */

/* Three components: 1..5 as in test_worked_unit (a pair and a unit);
 * 6+7+8 = 1 and 7+8+9 = 0 (6 ^ 9 = 1); with the unit clause (11),
 * 11+12+13 = 0 and 12+13+14 = 1 (12 ^ 13 = 1 and -14); and 10 free. */
static void oom_formula(oracle_formula *f) {
  oracle_init(f, 14);
  xor_add(f, 1, 3, 1, 2, 3);
  xor_add(f, 0, 3, 2, 3, 4);
  xor_add(f, 0, 3, 1, 4, 5);
  xor_add(f, 1, 3, 6, 7, 8);
  xor_add(f, 0, 3, 7, 8, 9);
  clause_add(f, 1, 11);
  xor_add(f, 0, 3, 11, 12, 13);
  xor_add(f, 1, 3, 12, 13, 14);
}

/* The contradiction of test_worked_contradiction, with 6..8 beside. */
static void oom_contradiction(oracle_formula *f) {
  oracle_init(f, 8);
  xor_add(f, 1, 3, 1, 2, 3);
  xor_add(f, 0, 3, 3, 4, 5);
  xor_add(f, 0, 4, 1, 2, 4, 5);
  xor_add(f, 1, 3, 6, 7, 8);
  xor_add(f, 0, 2, 5, 6);
}

/* Each allocation of dpll__xor fails in turn. */
static void oom_pass(const oracle_formula *f, const char *name) {
  uint32_t *models = grown(NULL, (size_t)1 << f->num_vars, sizeof *models);
  size_t nmodels = models_of(f, models);
  long failures = 0;
  for (oom.at = 0;; oom.at++) {
    char what[64];
    snprintf(what, sizeof what, "%s, allocation %ld", name, oom.at);
    dpll_solver *s = at_root(f);
    assert_non_null(s);
    oom_session();
    oom.armed = true;
    int rc = dpll__xor(s);
    oom.armed = false;
    if (!oom.failed) {
      CHECK(rc == 0, "%s: no failure, dpll__xor gave %d", what, rc);
      dpll_free(s);
      break;
    }
    failures++;
    CHECK(rc == DPLL_ENOMEM, "%s failed: dpll__xor gave %d", what, rc);
    CHECK(dpll__decision_level(s) == 0, "%s failed: level %d", what,
          dpll__decision_level(s));
    size_t n;
    small *got = learned_of(s, 0, &n);
    for (size_t k = 0; k < n; k++)
      CHECK(implied(models, nmodels, got[k].lits, (size_t)got[k].size),
            "%s failed: a clause learned is not implied", what);
    free(got);
    /* Again, without failures: the whole job. */
    int unsat = dpll__unsat(s);
    if (!unsat) {
      cref conflict = dpll__propagate(s);
      assert_true(conflict != CREF_OOM);
      unsat = conflict != CREF_NONE;
    }
    if (!unsat)
      unsat = run_pass(s);
    if (nmodels == 0)
      CHECK(unsat, "%s failed: not refuted when run again", what);
    else {
      CHECK(!unsat, "%s failed: a satisfiable formula refuted", what);
      check_complete(s, f->num_vars, models, nmodels, what);
    }
    expect_solve(s, f, what);
    dpll_free(s);
  }
  oom.at = -1;
  print_message("%s: %ld allocations of the pass failed in turn\n", name,
                failures);
  CHECK(failures >= 3, "%s: only %ld allocations failed", name, failures);
  free(models);
}

/* Each allocation of a whole solve with "xor" fails in turn: the right
 * answer or DPLL_ENOMEM, then the right answer again. */
static void oom_solve(const oracle_formula *f, const char *name) {
  int expect = oracle_satisfiable(f, NULL) ? DPLL_SAT : DPLL_UNSAT;
  long failures = 0, enomem = 0, in_pass = 0;
  for (oom.at = 0;; oom.at++) {
    char what[64];
    snprintf(what, sizeof what, "%s, allocation %ld", name, oom.at);
    dpll_solver *s = xor_solver(f, 0);
    oom_session();
    oom.armed = true;
    int rc = dpll_solve(s);
    oom.armed = false;
    if (!oom.failed) {
      CHECK(rc == expect, "%s: no failure, dpll_solve gave %d", what, rc);
      CHECK(stats_of(s).xors > 0, "%s: the pass did not run", what);
      dpll_free(s);
      break;
    }
    failures++;
    CHECK(rc == expect || rc == DPLL_ENOMEM, "%s failed: dpll_solve gave %d",
          what, rc);
    enomem += rc == DPLL_ENOMEM;
    in_pass += stats_of(s).xors > 0 && rc == DPLL_ENOMEM;
    if (rc == DPLL_SAT)
      CHECK(model_ok(s, f, NULL, 0), "%s failed: a false model", what);
    expect_solve(s, f, what);
    dpll_free(s);
  }
  oom.at = -1;
  print_message("%s: %ld allocations of a solve failed in turn, %ld gave "
                "DPLL_ENOMEM (%ld once the pass had begun)\n",
                name, failures, enomem, in_pass);
  CHECK(in_pass >= 3, "%s: only %ld failures in or after the pass", name,
        in_pass);
}

static void test_out_of_memory(void **state) {
  (void)state;
  oracle_formula f;
  oom_formula(&f);
  assert_true(oracle_satisfiable(&f, NULL));
  oom_pass(&f, "satisfiable");
  oom_solve(&f, "satisfiable");
  oracle_free(&f);
  oom_contradiction(&f);
  assert_false(oracle_satisfiable(&f, NULL));
  oom_pass(&f, "unsatisfiable");
  oom_solve(&f, "unsatisfiable");
  oracle_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked_pair),
      cmocka_unit_test(test_worked_unit),
      cmocka_unit_test(test_worked_contradiction),
      cmocka_unit_test(test_worked_incomplete),
      cmocka_unit_test(test_worked_extras),
      cmocka_unit_test(test_worked_sizes),
      cmocka_unit_test(test_worked_stated),
      cmocka_unit_test(test_worked_level0),
      cmocka_unit_test(test_worked_learned),
      cmocka_unit_test(test_random_systems),
      cmocka_unit_test(test_wide_systems),
      cmocka_unit_test(test_refute_mode),
      cmocka_unit_test(test_refute_budget),
      cmocka_unit_test(test_solve_random),
      cmocka_unit_test(test_solve_incremental),
      cmocka_unit_test(test_proof),
      cmocka_unit_test(test_out_of_memory),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
