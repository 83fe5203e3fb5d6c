/* test_subst.c - subst.c's equivalent-literal substitution (option
 * substitute), judged by brute force and by the project's DRAT checker.
 *
 *  0. A worked example: 1, 2 and 3 equivalent through binary clauses; 2
 *     and 3 go, the rest is rewritten over 1, and a model gives 2 and 3
 *     the value of 1.
 *  1. One round on a random formula of up to 10 variables with planted
 *     equivalences (pairs, cycles, sometimes a literal equivalent to its
 *     negation) and learned clauses that follow from it.  The classes
 *     are found again here, by the transitive closure of the binary
 *     clauses in use; after the round:
 *       - the caller's clauses are exactly as before;
 *       - every learned clause follows from the formula;
 *       - without a contradiction, no clause in use holds a variable that
 *         a literal of a smaller variable is equivalent to, and the
 *         counter grew by their number; with one, nothing changed;
 *       - every assignment that satisfies the clauses in use, extended by
 *         dpll__elim_extend, satisfies the formula, and if the formula is
 *         satisfiable, some assignment does;
 *       - the invariants hold, and a solve gives the brute-force answer.
 *  2. Whole solves with rounds at every restart (random circuits, whose
 *     gates of one input are equivalences; pigeonhole; random 3-SAT with
 *     planted equivalences; random 3-SAT over 60 variables with hidden
 *     ones, four clauses of three literals each, whose binary clauses
 *     only the search learns, so that rounds during it find classes),
 *     with elimination before by turns: every answer against brute force
 *     (up to 20 variables) or a classic solver of its own, every model
 *     checked, every UNSAT answer's DRAT proof checked.  Then clauses
 *     added and a second solve, and a solve under assumptions (no round:
 *     checked by the counter).
 *  3. Out of memory (failalloc.c): each allocation of a round, and of a
 *     solve with rounds, fails in turn. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check.h"
#include "clausedb.h"
#include "elim.h"
#include "failalloc.h"
#include "internal.h"
#include "propagate.h"
#include "subst.h"
#include "testutil.h"

#define MAX_VARS 10
#define NLITS (2 * MAX_VARS + 2)

/* Calls fn on every clause in use, added and learned. */
static void each_in_use(const dpll_solver *s,
                        void (*fn)(const dpll_solver *, const clause *, void *),
                        void *ctx) {
  for (int learned = 0; learned < 2; learned++) {
    size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s);
    for (size_t i = 0; i < n; i++) {
      const clause *c = dpll__clause(s, learned ? dpll__learnt_ref(s, i)
                                                : dpll__clause_ref(s, i));
      if (dpll__in_use(s, c))
        fn(s, c, ctx);
    }
  }
}

/* The implication graph's closure: reach[a][b] if b follows from a. */
typedef struct closure {
  bool reach[NLITS][NLITS];
} closure;

static void add_edges(const dpll_solver *s, const clause *c, void *ctx) {
  closure *cl = ctx;
  unsigned free_lits[2];
  size_t n = 0;
  for (uint32_t k = 0; k < c->size; k++)
    if (dpll__value(s, c->lits[k]) == 0) {
      if (n < 2)
        free_lits[n] = c->lits[k];
      n++;
    }
  if (n != 2)
    return;
  cl->reach[lit_not(free_lits[0])][free_lits[1]] = true;
  cl->reach[lit_not(free_lits[1])][free_lits[0]] = true;
}

/* The classes, from the binary clauses in use: gone[v] when a literal of
 * a smaller variable is equivalent to v's; whether some literal is
 * equivalent to its negation; returns how many variables go. */
static int classes(const dpll_solver *s, int nv, bool *gone,
                   bool *contradiction) {
  static closure cl;
  memset(&cl, 0, sizeof cl);
  each_in_use(s, add_edges, &cl);
  unsigned lits = 2 * (unsigned)nv + 2;
  for (unsigned m = 2; m < lits; m++)
    for (unsigned a = 2; a < lits; a++)
      if (cl.reach[a][m])
        for (unsigned b = 2; b < lits; b++)
          cl.reach[a][b] |= cl.reach[m][b];
  *contradiction = false;
  int n = 0;
  for (int v = 1; v <= nv; v++) {
    unsigned x = lit_pos(v);
    gone[v] = false;
    *contradiction |= cl.reach[x][lit_not(x)] && cl.reach[lit_not(x)][x];
    for (unsigned m = 2; m < lits; m++)
      if (lit_var(m) < (unsigned)v && cl.reach[x][m] && cl.reach[m][x])
        gone[v] = true;
    n += gone[v];
  }
  return n;
}

static void holds_gone(const dpll_solver *s, const clause *c, void *ctx) {
  (void)s;
  const bool *gone = ((const bool *const *)ctx)[0];
  bool *found = ((bool *const *)ctx)[1];
  for (uint32_t k = 0; k < c->size; k++)
    *found |= gone[lit_var(c->lits[k])];
}

/* Whether assignment a (bit v - 1: v true) satisfies the clause. */
static bool sat_by(uint32_t a, const unsigned *lits, uint32_t n) {
  for (uint32_t k = 0; k < n; k++)
    if (((a >> (lit_var(lits[k]) - 1)) & 1) == !lit_negative(lits[k]))
      return true;
  return false;
}

typedef struct assignment {
  uint32_t a;
  bool ok;
} assignment;

static void satisfies(const dpll_solver *s, const clause *c, void *ctx) {
  (void)s;
  assignment *x = ctx;
  x->ok = x->ok && sat_by(x->a, c->lits, c->size);
}

/* Checks every assignment that satisfies the clauses in use and agrees
 * with level 0: extended, it satisfies f.  Returns how many there were. */
static long extensions_checked(const dpll_solver *s, const oracle_formula *f,
                               int i) {
  long found = 0;
  for (uint32_t a = 0; a < (1u << f->num_vars); a++) {
    assignment x = {a, true};
    for (int v = 1; v <= f->num_vars && x.ok; v++)
      if (dpll__value(s, lit_pos(v)) != 0)
        x.ok = (dpll__value(s, lit_pos(v)) > 0) == ((a >> (v - 1)) & 1);
    if (x.ok)
      each_in_use(s, satisfies, &x);
    if (!x.ok)
      continue;
    unsigned char model[MAX_VARS + 1] = {0};
    for (int v = 1; v <= f->num_vars; v++)
      model[v] = (a >> (v - 1)) & 1;
    dpll__elim_extend(s, model);
    CHECK(oracle_check(f, model),
          "formula %d: assignment %u extends to a "
          "non-model",
          i, a);
    found++;
  }
  return found;
}

/* A solver on f at the fixpoint of level 0, or NULL if that conflicts. */
static dpll_solver *at_root(const oracle_formula *f) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "substitute", 1), 0);
  add_formula(s, f, 0);
  assert_int_equal(dpll_set_priority(s, f->num_vars, 0), 0);
  dpll__trail_reset(s);
  cref conflict = dpll__propagate(s);
  assert_true(conflict != CREF_OOM);
  if (conflict == CREF_NONE)
    return s;
  dpll_free(s);
  return NULL;
}

/* Adds learned clauses that follow from f: copies of its clauses, some
 * with a literal more, when their literals are all unassigned. */
static void add_learned(dpll_solver *s, const oracle_formula *f,
                        uint64_t *rng) {
  for (int tries = 0; tries < 6 && f->num_clauses > 0; tries++) {
    size_t i = (size_t)oracle_below(rng, (int)f->num_clauses);
    unsigned in[16];
    size_t n = 0;
    bool ok = true;
    for (size_t k = f->start[i]; k < f->start[i + 1] && n < 15; k++)
      in[n++] = lit_from_ext(f->lits[k]);
    if (oracle_below(rng, 2)) {
      int v = 1 + oracle_below(rng, f->num_vars);
      in[n++] = oracle_below(rng, 2) ? lit_pos(v) : lit_neg(v);
    }
    for (size_t k = 0; k < n; k++) {
      ok = ok && dpll__value(s, in[k]) == 0;
      for (size_t j = 0; j < k; j++)
        ok = ok && lit_var(in[j]) != lit_var(in[k]);
    }
    if (!ok || n < 2)
      continue;
    assert_int_equal(dpll__clause_reserve(s, in, n, true), 0);
    dpll__clause_new(s, in, n, true, (uint32_t)n);
  }
}

/* Plants equivalences in f: pairs (x = ±y) and cycles of three
 * implications; now and then one that makes a literal equivalent to its
 * negation. */
static void plant(oracle_formula *f, uint64_t *rng) {
  int nv = f->num_vars;
  for (int k = oracle_below(rng, 4); k > 0; k--) {
    int a = 1 + oracle_below(rng, nv), b = 1 + oracle_below(rng, nv);
    int c = 1 + oracle_below(rng, nv);
    if (oracle_below(rng, 2))
      b = -b;
    if (oracle_below(rng, 2)) {
      clause_add(f, 2, -a, b);
      clause_add(f, 2, a, -b);
    } else {
      clause_add(f, 2, -a, b);
      clause_add(f, 2, -b, c);
      clause_add(f, 2, -c, a);
    }
  }
}

static int int_cmp(const void *a, const void *b) {
  return (*(const int *)a > *(const int *)b) -
         (*(const int *)a < *(const int *)b);
}

/* The caller's clauses as text, each clause's literals sorted (the order
 * in a clause is the watches' business). */
static size_t clauses_text(const dpll_solver *s, char *buf, size_t cap) {
  size_t len = 0;
  for (size_t i = 0; i < dpll__num_clauses(s); i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    int ext[64];
    uint32_t n = c->size < 64 ? c->size : 64;
    for (uint32_t k = 0; k < n; k++)
      ext[k] = lit_to_ext(c->lits[k]);
    qsort(ext, n, sizeof *ext, int_cmp);
    for (uint32_t k = 0; k < n && len + 16 < cap; k++)
      len += (size_t)snprintf(buf + len, cap - len, "%d ", ext[k]);
    if (len + 4 < cap)
      len += (size_t)snprintf(buf + len, cap - len, "0\n");
  }
  return len;
}

static void test_worked(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 5);
  clause_add(&f, 2, 1, -2);
  clause_add(&f, 2, -1, 2);
  clause_add(&f, 2, 2, -3);
  clause_add(&f, 2, 3, -1);
  clause_add(&f, 3, 1, 4, 5);
  clause_add(&f, 3, -3, -4, 5);
  clause_add(&f, 3, -2, 4, -5);
  dpll_solver *s = at_root(&f);
  assert_non_null(s);
  assert_int_equal(dpll__subst(s), 0);
  assert_int_equal(stats_of(s).substituted, 2);
  assert_null(dpll__check(s));
  /* Two long clauses rewritten over 1, 4, 5: (-1 -4 5) (-1 4 -5). */
  assert_int_equal(dpll__num_learnts(s), 2);
  for (size_t i = 0; i < 2; i++) {
    const clause *c = dpll__clause(s, dpll__learnt_ref(s, i));
    assert_int_equal(c->size, 3);
    for (uint32_t k = 0; k < 3; k++)
      assert_true(lit_var(c->lits[k]) == 1 || lit_var(c->lits[k]) >= 4);
  }
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_true(model_satisfies_with(s, &f, NULL, 0));
  assert_int_equal(dpll_model(s, 2), dpll_model(s, 1));
  assert_int_equal(dpll_model(s, 3), dpll_model(s, 1));
  dpll_free(s);
  oracle_free(&f);
}

/* One round on formula i, judged as the top of the file says; returns the
 * variables it replaced. */
static int judge_round(oracle_formula *f, uint64_t *rng, int i) {
  dpll_solver *s = at_root(f);
  if (!s)
    return 0;
  add_learned(s, f, rng);
  static char before[8192], after[8192];
  size_t lb = clauses_text(s, before, sizeof before);
  bool gone[MAX_VARS + 1], contradiction;
  int expect = classes(s, f->num_vars, gone, &contradiction);
  int satisfiable = oracle_satisfiable(f, NULL);
  size_t learnts = dpll__num_learnts(s);
  int rc = dpll__subst(s);
  CHECK(rc == 0 || (rc == DPLL_UNSAT && !satisfiable),
        "formula %d: the round gave %d", i, rc);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "formula %d: %s", i, why);
  size_t la = clauses_text(s, after, sizeof after);
  CHECK(la == lb && !memcmp(before, after, la),
        "formula %d: the caller's clauses changed:\n%s\nnow\n%s", i, before,
        after);
  int got = (int)stats_of(s).substituted;
  if (contradiction || expect == 0) {
    CHECK(got == 0 && dpll__num_learnts(s) == learnts &&
              dpll__store_aside(s) == 0,
          "formula %d: %d replaced, with %s", i, got,
          contradiction ? "a contradiction" : "no class");
  } else {
    CHECK(got == expect, "formula %d: %d replaced, expected %d", i, got,
          expect);
    bool found = false;
    const void *ctx[2] = {gone, &found};
    each_in_use(s, holds_gone, ctx);
    CHECK(!found, "formula %d: a replaced variable is still in use", i);
  }
  for (size_t k = 0; k < dpll__num_learnts(s); k++) {
    const clause *c = dpll__clause(s, dpll__learnt_ref(s, k));
    int ext[64];
    for (uint32_t j = 0; j < c->size && j < 64; j++)
      ext[j] = lit_to_ext(c->lits[j]);
    oracle_formula g;
    oracle_init(&g, f->num_vars);
    for (size_t j = 0; j < f->num_clauses; j++)
      oracle_add(&g, f->lits + f->start[j], f->start[j + 1] - f->start[j]);
    for (uint32_t j = 0; j < c->size; j++) {
      int unit = -ext[j];
      oracle_add(&g, &unit, 1);
    }
    CHECK(!oracle_satisfiable(&g, NULL),
          "formula %d: learned clause %zu does not follow", i, k);
    oracle_free(&g);
  }
  if (rc == 0) {
    long found = extensions_checked(s, f, i);
    CHECK(!satisfiable || found > 0, "formula %d: no model left", i);
  }
  int res = dpll_solve(s);
  CHECK(res == (satisfiable ? DPLL_SAT : DPLL_UNSAT),
        "formula %d: the solve after gave %d", i, res);
  if (res == DPLL_SAT)
    CHECK(model_satisfies_with(s, f, NULL, 0), "formula %d: a false model", i);
  dpll_free(s);
  return got;
}

static void test_round_against_oracle(void **state) {
  (void)state;
  uint64_t rng = 0x5B5B1001ULL;
  long rounds = 0, replaced = 0, with = 0;
  for (long i = 0; i < tier_cases(2000); i++) {
    oracle_formula f;
    int nv = 3 + oracle_below(&rng, MAX_VARS - 2);
    oracle_random(&f, &rng, nv, (size_t)(1 + oracle_below(&rng, 2 * nv)), 2, 4);
    plant(&f, &rng);
    int got = judge_round(&f, &rng, (int)i);
    rounds++;
    replaced += got;
    with += got > 0;
    oracle_free(&f);
  }
  print_message("%ld rounds, %ld replaced a variable, %ld variables in all\n",
                rounds, with, replaced);
  assert_true(with > rounds / 4);
}

/* Polled before every decision: makes a round due again at once. */
static int round_due_again(void *ctx) {
  ((dpll_solver *)ctx)->subst.next = 1;
  return 0;
}

/* A solver whose rounds come early and often: at every restart (Luby's,
 * with 2 conflicts to the unit) once 1 conflict has passed, as if
 * SUBST_GAP were 0; the step before the search, after elimination if pre
 * is set. */
static dpll_solver *early_rounds(const oracle_formula *f, bool pre) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "substitute", 1), 0);
  assert_int_equal(dpll_set_option(s, "eliminate", pre), 0);
  assert_int_equal(dpll_set_option(s, "luby_unit", 2), 0);
  add_formula(s, f, 0);
  s->subst.next = 1; /* kept by dpll__subst_init, which sets only 0 */
  dpll_set_terminate(s, round_due_again, s);
  return s;
}

/* Solves f with early rounds and a proof; judges the answer against
 * brute force (or expect, over 20 variables). */
static void solve_judged(const oracle_formula *f, int expect, bool pre,
                         const char *what, dpll_stats *total) {
  dpll_solver *s = early_rounds(f, pre);
  if (!expect && f->num_vars <= 20)
    expect = oracle_satisfiable(f, NULL) ? DPLL_SAT : DPLL_UNSAT;
  else if (!expect) /* the classic engine, in a solver of its own */
    expect = classic_answer(f, NULL, 0);
  solve_proved(s, f, expect, DPLL_PROOF_TEXT, what);
  dpll_stats st = stats_of(s);
  total->conflicts += st.conflicts;
  total->substituted += st.substituted;
  dpll_free(s);
}

/* Random 3-SAT over n variables with k planted equivalences. */
static void planted3(oracle_formula *f, uint64_t *rng, int n, int k) {
  oracle_uniform3(f, rng, n, (size_t)(n * 4.0));
  for (int j = 0; j < k; j++) {
    int a = 1 + oracle_below(rng, n), b = 1 + oracle_below(rng, n);
    if (a == b)
      continue;
    b = oracle_below(rng, 2) ? b : -b;
    clause_add(f, 2, -a, b);
    clause_add(f, 2, a, -b);
  }
}

/* Random 3-SAT over n variables with k hidden equivalences: a = b as four
 * clauses of three literals, (-a b c) (-a b -c) (a -b d) (a -b -d), whose
 * binary clauses only a search learns. */
static void hidden3(oracle_formula *f, uint64_t *rng, int n, int k) {
  oracle_uniform3(f, rng, n, (size_t)(n * 3.9));
  for (int j = 0; j < k; j++) {
    int a = 1 + oracle_below(rng, n), b = 1 + oracle_below(rng, n);
    int c = 1 + oracle_below(rng, n), d = 1 + oracle_below(rng, n);
    if (a == b || c == a || c == b || d == a || d == b)
      continue;
    b = oracle_below(rng, 2) ? b : -b;
    clause_add(f, 3, -a, b, c);
    clause_add(f, 3, -a, b, -c);
    clause_add(f, 3, a, -b, d);
    clause_add(f, 3, a, -b, -d);
  }
}

static void test_solves_with_proofs(void **state) {
  (void)state;
  dpll_stats total = {0};
  uint64_t rng = 0x5B5B1002ULL;
  oracle_formula f;
  char what[80];
  for (long i = 0; i < tier_cases(60); i++) {
    if (i % 3 == 0)
      gate_circuit(&f, &rng, 6, 12, 2 + oracle_below(&rng, 6));
    else
      planted3(&f, &rng, 14 + (int)(i % 6), 3 + (int)(i % 5));
    snprintf(what, sizeof what, "formula %ld (%d variables)", i, f.num_vars);
    solve_judged(&f, 0, i % 2, what, &total);
    oracle_free(&f);
  }
  /* The rounds during the search: nothing for the step before it. */
  uint64_t before = total.substituted;
  for (long i = 0; i < tier_cases(60); i++) {
    hidden3(&f, &rng, 60, 20);
    snprintf(what, sizeof what, "hidden %ld (%d variables)", i, f.num_vars);
    solve_judged(&f, 0, i % 2, what, &total);
    oracle_free(&f);
  }
  print_message("during the search: %llu variables substituted\n",
                (unsigned long long)(total.substituted - before));
  assert_true(total.substituted > before);
  for (int holes = 4; holes <= 6; holes++) {
    oracle_pigeons(&f, holes);
    snprintf(what, sizeof what, "PHP(%d, %d)", holes + 1, holes);
    solve_judged(&f, DPLL_UNSAT, holes % 2, what, &total);
    oracle_free(&f);
  }
  print_message("%llu conflicts, %llu variables substituted\n",
                (unsigned long long)total.conflicts,
                (unsigned long long)total.substituted);
  assert_true(total.substituted > 0);
}

/* Incremental use: a solve, clauses added, a solve again, each against
 * brute force; then a solve under assumptions, where nothing is
 * substituted (an assumed literal must keep its meaning). */
static void test_incremental_and_assumptions(void **state) {
  (void)state;
  uint64_t rng = 0x5B5B1003ULL;
  long under = 0;
  for (long i = 0; i < tier_cases(100); i++) {
    oracle_formula f;
    planted3(&f, &rng, 12 + (int)(i % 5), 4);
    size_t half = f.num_clauses / 2;
    oracle_formula g;
    oracle_init(&g, f.num_vars);
    for (size_t j = 0; j < half; j++)
      oracle_add(&g, f.lits + f.start[j], f.start[j + 1] - f.start[j]);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "substitute", 1), 0);
    add_formula(s, &g, 0);
    int res = dpll_solve(s);
    CHECK(res == (oracle_satisfiable(&g, NULL) ? DPLL_SAT : DPLL_UNSAT),
          "case %ld: first solve %d", i, res);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &g, NULL, 0), "case %ld: false model", i);
    add_formula(s, &f, half);
    res = dpll_solve(s);
    int expect = oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    CHECK(res == expect, "case %ld: second solve %d", i, res);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &f, NULL, 0), "case %ld: false model", i);
    int a[2] = {1 + oracle_below(&rng, f.num_vars),
                -(1 + oracle_below(&rng, f.num_vars))};
    if (abs(a[0]) != abs(a[1]) && expect == DPLL_SAT) {
      uint64_t before = stats_of(s).substituted;
      for (int k = 0; k < 2; k++)
        assert_int_equal(dpll_assume(s, a[k]), 0);
      res = dpll_solve(s);
      CHECK(res == (oracle_satisfiable_with(&f, a, 2) ? DPLL_SAT : DPLL_UNSAT),
            "case %ld: solve under assumptions %d", i, res);
      if (res == DPLL_SAT)
        CHECK(model_satisfies_with(s, &f, a, 2), "case %ld: false model", i);
      CHECK(stats_of(s).substituted == before,
            "case %ld: substituted under assumptions", i);
      under++;
    }
    dpll_free(s);
    oracle_free(&g);
    oracle_free(&f);
  }
  assert_true(under > 0);
}

/* One case of the out-of-memory tests: the formula, its answer, what the
 * round adds; how many solves ran out after a round had done something. */
typedef struct oom_case {
  oracle_formula f;
  int expect;
  uint64_t rng;
  long in_rounds;
} oom_case;

static void *round_make(void *ctx) {
  oom_case *c = ctx;
  dpll_solver *s = at_root(&c->f);
  uint64_t copy = c->rng;
  if (s)
    add_learned(s, &c->f, &copy);
  return s;
}

static int round_call(void *s) { return dpll__subst(s); }

/* DPLL_ENOMEM if an allocation failed, the invariants, the solve after. */
static void round_judge(void *obj, int rc, bool failed, void *ctx) {
  dpll_solver *s = obj;
  oom_case *c = ctx;
  CHECK(failed ? rc == DPLL_ENOMEM : rc == 0 || rc == DPLL_UNSAT,
        "allocation %ld: the round gave %d", oom.at, rc);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "allocation %ld: %s", oom.at, why);
  if (failed) /* the solve ends there: what dpll_solve does after it */
    dpll__elim_restore(s);
  int res = dpll_solve(s);
  CHECK(res == c->expect, "allocation %ld: the solve after gave %d", oom.at,
        res);
  if (res == DPLL_SAT)
    CHECK(model_satisfies_with(s, &c->f, NULL, 0), "a false model");
  dpll_free(s);
}

static void test_out_of_memory_round(void **state) {
  (void)state;
  uint64_t rng = 0x5B5B1004ULL;
  long failures = 0;
  for (int i = 0; i < 20; i++) {
    oom_case c = {.rng = rng};
    oracle_random(&c.f, &rng, 8, 12, 2, 4);
    plant(&c.f, &rng);
    c.expect = oracle_satisfiable(&c.f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    failures += oom_each(round_make, round_call, round_judge, &c);
    oracle_free(&c.f);
  }
  print_message("%ld allocations of a round failed in turn\n", failures);
  assert_true(failures >= 20);
}

static void *solve_make(void *ctx) {
  return early_rounds(&((oom_case *)ctx)->f, false);
}

static int solve_call(void *s) { return dpll_solve(s); }

/* The answer or DPLL_ENOMEM, then the answer from the solve after. */
static void solve_judge(void *obj, int res, bool failed, void *ctx) {
  oom_case *c = ctx;
  dpll_stats st = stats_of(obj);
  CHECK(failed || st.substituted > 0, "no round did anything");
  c->in_rounds += res == DPLL_ENOMEM && st.substituted > 0;
  judge_after_failure(obj, &c->f, res, failed, c->expect, oom.at);
}

/* Each allocation of a whole solve with early rounds fails in turn. */
static void test_out_of_memory_solve(void **state) {
  (void)state;
  oom_case c = {.rng = 0x5B5B1005ULL};
  planted3(&c.f, &c.rng, 20, 8);
  c.expect = oracle_satisfiable(&c.f, NULL) ? DPLL_SAT : DPLL_UNSAT;
  long failures = oom_each(solve_make, solve_call, solve_judge, &c);
  oracle_free(&c.f);
  print_message("%ld allocations of a solve failed in turn (%ld after a "
                "round had done something)\n",
                failures, c.in_rounds);
  assert_true(failures >= 10);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked),
      cmocka_unit_test(test_round_against_oracle),
      cmocka_unit_test(test_solves_with_proofs),
      cmocka_unit_test(test_incremental_and_assumptions),
      cmocka_unit_test(test_out_of_memory_round),
      cmocka_unit_test(test_out_of_memory_solve),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
