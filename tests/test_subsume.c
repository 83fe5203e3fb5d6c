/* test_subsume.c - subsume.c's rounds (option subsume), judged by brute
 * force and by the project's DRAT checker.
 *
 *  0. Worked examples: clauses subsumed and strengthened, one of them the
 *     caller's (put aside); a learned clause that subsumes another keeps
 *     the better rank.
 *  1. One round on a random formula of up to 10 variables to which
 *     learned clauses that follow from it are added, some planted so that
 *     another clause subsumes or strengthens them.  After the round:
 *       - the caller's clauses keep their literals; each one put aside is
 *         subsumed by a clause in use;
 *       - every learned clause follows from the formula (all its models,
 *         found by brute force, satisfy it);
 *       - every learned clause of before is subsumed by a clause of after
 *         (nothing it said is lost);
 *       - no learned clause of before that is left, nor clause of the
 *         caller's in use, is subsumed by another clause taking part (the
 *         round finds them all), when no unit came up during the round and
 *         nothing was strengthened;
 *       - the invariants hold, and a solve gives the brute-force answer.
 *  2. Whole solves with rounds early and often: pigeonhole and random
 *     3-SAT; every UNSAT answer's DRAT proof is checked, every model too.
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
#include "failalloc.h"
#include "internal.h"
#include "propagate.h"
#include "subsume.h"
#include "testutil.h"

#define MAX_VARS 10
#define MAX_LEN 8

/* Every model of f (bit v - 1 of each is variable v), in models. */
static size_t all_models(const oracle_formula *f, uint32_t *models) {
  size_t n = 0;
  for (uint32_t a = 0; a < (1u << f->num_vars); a++) {
    bool all = true;
    for (size_t i = 0; i < f->num_clauses && all; i++) {
      bool sat = false;
      for (size_t k = f->start[i]; k < f->start[i + 1] && !sat; k++) {
        int lit = f->lits[k];
        sat = ((a >> (abs(lit) - 1)) & 1) == (lit > 0);
      }
      all = sat;
    }
    if (all)
      models[n++] = a;
  }
  return n;
}

/* Whether every model satisfies the clause of external literals. */
static bool follows(const int *lits, size_t n, const uint32_t *models,
                    size_t nmodels) {
  for (size_t m = 0; m < nmodels; m++) {
    bool sat = false;
    for (size_t k = 0; k < n && !sat; k++)
      sat = ((models[m] >> (abs(lits[k]) - 1)) & 1) == (lits[k] > 0);
    if (!sat)
      return false;
  }
  return true;
}

/* A clause as a sorted, duplicate-free list of external literals. */
typedef struct lits {
  int n;
  int l[MAX_LEN * 8];
} lits;

static int int_cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static lits lits_of(const clause *c) {
  lits out = {.n = 0};
  for (uint32_t k = 0; k < c->size; k++)
    out.l[out.n++] = lit_to_ext(c->lits[k]);
  qsort(out.l, (size_t)out.n, sizeof *out.l, int_cmp);
  return out;
}

/* Whether every literal of a is in b. */
static bool subset(const lits *a, const lits *b) {
  for (int i = 0; i < a->n; i++) {
    bool in = false;
    for (int j = 0; j < b->n && !in; j++)
      in = a->l[i] == b->l[j];
    if (!in)
      return false;
  }
  return true;
}

/* Whether a is one of list[0..n-1]. */
static bool in_list(const lits *a, const lits *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (list[i].n == a->n &&
        !memcmp(list[i].l, a->l, (size_t)a->n * sizeof *a->l))
      return true;
  return false;
}

/* Whether the caller's clause i is put aside. */
static bool aside(const dpll_solver *s, size_t i) {
  return dpll__clause(s, dpll__clause_ref(s, i))->flags & CLAUSE_ASIDE;
}

/* The live clauses of s, the caller's (learned 0) or the learned ones. */
static size_t snapshot(const dpll_solver *s, int learned, lits *out,
                       bool *part) {
  size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s), m = 0;
  for (size_t i = 0; i < n; i++) {
    cref ref = learned ? dpll__learnt_ref(s, i) : dpll__clause_ref(s, i);
    const clause *c = dpll__clause(s, ref);
    if (c->flags & CLAUSE_DELETED)
      continue;
    if (part) { /* takes part in a round: not satisfied at level 0 nor
                 * put aside */
      part[m] = !(c->flags & CLAUSE_ASIDE);
      for (uint32_t k = 0; k < c->size; k++)
        if (dpll__value(s, c->lits[k]) > 0)
          part[m] = false;
    }
    out[m++] = lits_of(c);
  }
  return m;
}

/* A solver on f at the fixpoint of level 0, or NULL if that conflicts. */
static dpll_solver *at_root(const oracle_formula *f) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "subsume", 1), 0);
  add_formula(s, f, 0);
  /* every variable of f exists, also those in no clause */
  assert_int_equal(dpll_set_priority(s, f->num_vars, 0), 0);
  dpll__trail_reset(s);
  cref conflict = dpll__propagate(s);
  assert_true(conflict != CREF_OOM);
  if (conflict == CREF_NONE)
    return s;
  dpll_free(s);
  return NULL;
}

/* Adds the external clause as a learned one if all its literals are
 * unassigned (so that level 0 stays at its fixpoint). */
static bool add_learned(dpll_solver *s, const int *ext, size_t n) {
  unsigned in[MAX_LEN * 2];
  for (size_t k = 0; k < n; k++) {
    in[k] = lit_from_ext(ext[k]);
    if (dpll__value(s, in[k]) != 0)
      return false;
    for (size_t j = 0; j < k; j++)
      if (lit_var(in[j]) == lit_var(in[k]))
        return false;
  }
  assert_int_equal(dpll__clause_reserve(s, in, n, true), 0);
  dpll__clause_new(s, in, n, true, (uint32_t)n);
  return true;
}

/* Random clauses that follow from f, learned; planted ones extend a clause
 * of f, or one learned, by a literal or two (subsumed), or also flip one
 * of its literals (strengthened, when that still follows). */
static int add_learned_clauses(dpll_solver *s, const oracle_formula *f,
                               uint64_t *rng, const uint32_t *models,
                               size_t nmodels) {
  int added = 0;
  for (int tries = 0; tries < 60 && added < 12; tries++) {
    int c[MAX_LEN * 2];
    size_t n = 0;
    int kind = oracle_below(rng, 3);
    if (kind > 0 && f->num_clauses > 0) {
      size_t i = (size_t)oracle_below(rng, (int)f->num_clauses);
      for (size_t k = f->start[i]; k < f->start[i + 1] && n < MAX_LEN; k++)
        c[n++] = f->lits[k];
      if (kind == 2 && n > 0) {
        size_t k = (size_t)oracle_below(rng, (int)n);
        c[k] = -c[k];
      }
    }
    for (int extra = 1 + oracle_below(rng, 2); extra > 0 && n < MAX_LEN;
         extra--) {
      int v = 1 + oracle_below(rng, f->num_vars);
      c[n++] = oracle_below(rng, 2) ? v : -v;
    }
    if (n >= 2 && follows(c, n, models, nmodels) && add_learned(s, c, n))
      added++;
  }
  return added;
}

/* The worked example: (1 2) (-1 3 5) (-5 3), and two learned clauses
 * that follow from them, (1 2 4) and (-1 2 3).  Shortest first, the
 * caller's before learned ones: (-5 3) strengthens (-1 3 5), which is put
 * aside, to the learned (-1 3); (1 2) subsumes (1 2 4), and (-1 3)
 * subsumes (-1 2 3). */
static void test_worked(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 5);
  clause_add(&f, 2, 1, 2);
  clause_add(&f, 3, -1, 3, 5);
  clause_add(&f, 2, -5, 3);
  dpll_solver *s = at_root(&f);
  assert_non_null(s);
  int e[] = {1, 2, 4}, c[] = {-1, 2, 3};
  assert_true(add_learned(s, e, 3) && add_learned(s, c, 3));
  assert_int_equal(dpll__subsume(s), 0);
  lits after[4];
  assert_int_equal(snapshot(s, 1, after, NULL), 1);
  assert_int_equal(after[0].n, 2);
  assert_int_equal(after[0].l[0], -1);
  assert_int_equal(after[0].l[1], 3);
  dpll_stats st = stats_of(s);
  assert_int_equal(st.subsumed, 2);
  assert_int_equal(st.strengthened, 1);
  assert_null(dpll__check(s));
  assert_int_equal(dpll_num_clauses(s), 3);
  assert_int_equal(dpll__store_aside(s), 1);
  const clause *aside = dpll__clause(s, dpll__clause_ref(s, 1));
  assert_true(aside->flags & CLAUSE_ASIDE);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_true(model_satisfies_with(s, &f, NULL, 0));
  dpll_free(s);
  oracle_free(&f);
}

/* (1 2 3) (-3 2), learned (1 2) of LBD 2 and (1 2 4) of LBD 1: the first
 * subsumes the second and takes its LBD, and its use in this solve. */
static void test_rank_kept(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 4);
  clause_add(&f, 3, 1, 2, 3);
  clause_add(&f, 2, -3, 2);
  dpll_solver *s = at_root(&f);
  assert_non_null(s);
  int d[] = {1, 2}, c[] = {1, 2, 4};
  assert_true(add_learned(s, d, 2) && add_learned(s, c, 3));
  clause *lc = dpll__clause(s, dpll__learnt_ref(s, 1));
  clause_set_lbd(lc, 1);
  lc->flags |= CLAUSE_USED;
  assert_int_equal(dpll__subsume(s), 0);
  assert_int_equal(dpll__num_learnts(s), 1);
  const clause *left = dpll__clause(s, dpll__learnt_ref(s, 0));
  assert_int_equal(left->size, 2);
  assert_int_equal(clause_lbd(left), 1);
  assert_true(left->flags & CLAUSE_USED);
  dpll_free(s);
  oracle_free(&f);
}

static void test_round_against_oracle(void **state) {
  (void)state;
  uint64_t rng = 0x5B5B0001ULL;
  long rounds = 0, subsumed = 0, strengthened = 0, complete_checked = 0;
  static uint32_t models[1u << MAX_VARS];
  static lits before[400], after[400], orig0[400], orig1[400];
  static bool part[400], old[400], used1[400];
  for (int i = 0; i < 3000; i++) {
    oracle_formula f;
    int nv = 3 + oracle_below(&rng, MAX_VARS - 2);
    oracle_random(&f, &rng, nv, (size_t)(2 + oracle_below(&rng, 3 * nv)), 2, 4);
    size_t nmodels = all_models(&f, models);
    dpll_solver *s = at_root(&f);
    if (!s) {
      oracle_free(&f);
      continue;
    }
    add_learned_clauses(s, &f, &rng, models, nmodels);
    size_t n0 = snapshot(s, 0, orig0, NULL);
    size_t nb = snapshot(s, 1, before, NULL);
    size_t trail = dpll__trail_size(s);
    dpll_stats st0 = stats_of(s);
    int rc = dpll__subsume(s);
    dpll_stats st1 = stats_of(s);
    rounds++;
    subsumed += (long)(st1.subsumed - st0.subsumed);
    strengthened += (long)(st1.strengthened - st0.strengthened);
    CHECK(rc == 0 || (rc == DPLL_UNSAT && nmodels == 0),
          "formula %d: the round gave %d", i, rc);
    const char *why = dpll__check(s);
    CHECK(why == NULL, "formula %d: %s", i, why);
    /* The caller's clauses keep their literals (some are put aside). */
    size_t n1 = snapshot(s, 0, orig1, used1);
    CHECK(n1 == n0, "formula %d: %zu clauses, were %zu", i, n1, n0);
    for (size_t k = 0; k < n0; k++)
      CHECK(orig0[k].n == orig1[k].n &&
                !memcmp(orig0[k].l, orig1[k].l,
                        (size_t)orig0[k].n * sizeof *orig0[k].l),
            "formula %d: clause %zu changed", i, k);
    /* Every learned clause follows; every old one, and every clause of
     * the caller's put aside, is subsumed by one of after in use (a clause
     * of the caller's or a learned one). */
    size_t na = snapshot(s, 1, after, part);
    for (size_t k = 0; k < na; k++)
      CHECK(follows(after[k].l, (size_t)after[k].n, models, nmodels),
            "formula %d: learned clause %zu does not follow", i, k);
    for (size_t k = 0; k < nb; k++) {
      bool covered = false;
      for (size_t j = 0; j < na && !covered; j++)
        covered = subset(&after[j], &before[k]);
      for (size_t j = 0; j < n1 && !covered; j++)
        covered = !aside(s, j) && subset(&orig1[j], &before[k]);
      CHECK(covered, "formula %d: learned clause %zu of before is lost", i, k);
    }
    for (size_t k = 0; k < n1; k++) {
      bool covered = !aside(s, k);
      for (size_t j = 0; j < na && !covered; j++)
        covered = subset(&after[j], &orig1[k]);
      for (size_t j = 0; j < n1 && !covered; j++)
        covered = j != k && !aside(s, j) && subset(&orig1[j], &orig1[k]);
      CHECK(covered, "formula %d: clause %zu, put aside, is lost", i, k);
    }
    /* None of before that is left is subsumed by another of before taking
     * part (when the round found no unit and strengthened nothing: the
     * clauses a round makes are not tested again, and may equal one of
     * before that went). */
    if (rc == 0 && dpll__trail_size(s) == trail &&
        st1.strengthened == st0.strengthened) {
      complete_checked++;
      for (size_t k = 0; k < na; k++)
        old[k] = part[k] && in_list(&after[k], before, nb);
      for (size_t k = 0; k < na; k++) {
        if (!old[k])
          continue;
        for (size_t j = 0; j < n1; j++)
          CHECK(!used1[j] || !subset(&orig1[j], &after[k]),
                "formula %d: learned clause %zu is subsumed by clause %zu", i,
                k, j);
        for (size_t j = 0; j < na; j++)
          CHECK(j == k || !old[j] || !subset(&after[j], &after[k]),
                "formula %d: learned clause %zu is subsumed by learned %zu", i,
                k, j);
      }
      /* Nor is a clause of the caller's in use, by another of them. */
      for (size_t k = 0; k < n1; k++)
        for (size_t j = 0; j < n1 && used1[k]; j++)
          CHECK(j == k || !used1[j] || !subset(&orig1[j], &orig1[k]),
                "formula %d: clause %zu is subsumed by clause %zu", i, k, j);
    }
    int res = dpll_solve(s);
    CHECK(res == (nmodels ? DPLL_SAT : DPLL_UNSAT),
          "formula %d: the solve after gave %d", i, res);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &f, NULL, 0), "formula %d: a false model",
            i);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld rounds: %ld clauses subsumed, %ld strengthened; "
                "completeness checked after %ld\n",
                rounds, subsumed, strengthened, complete_checked);
  assert_true(subsumed > rounds / 4 && strengthened > rounds / 20);
}

/* A solver whose rounds come early and often: at each restart (every 16
 * conflicts or so) once 1 conflict has passed, as if SUBSUME_GAP had. */
static dpll_solver *early_rounds(const oracle_formula *f) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "subsume", 1), 0);
  assert_int_equal(dpll_set_option(s, "luby_unit", 16), 0);
  add_formula(s, f, 0);
  s->subsume.next = 1; /* kept by dpll__subsume_init, which sets only 0 */
  return s;
}

/* Solves f with early rounds and a proof, judges the answer. */
static void solve_judged(const oracle_formula *f, int expect, const char *what,
                         dpll_stats *total) {
  dpll_solver *s = early_rounds(f);
  if (!expect) /* the classic engine, in a solver of its own */
    expect = classic_answer(f, NULL, 0);
  solve_proved(s, f, expect, DPLL_PROOF_TEXT, what);
  dpll_stats st = stats_of(s);
  total->conflicts += st.conflicts;
  total->subsumed += st.subsumed;
  total->strengthened += st.strengthened;
  dpll_free(s);
}

static void test_solves_with_proofs(void **state) {
  (void)state;
  dpll_stats total = {0};
  oracle_formula f;
  for (int holes = 4; holes <= 6; holes++) {
    oracle_pigeons(&f, holes);
    char what[64];
    snprintf(what, sizeof what, "PHP(%d, %d)", holes + 1, holes);
    solve_judged(&f, DPLL_UNSAT, what, &total);
    oracle_free(&f);
  }
  uint64_t rng = 0x5B5B0002ULL;
  for (int i = 0; i < 24; i++) {
    int n = 40 + 5 * (i % 8);
    oracle_uniform3(&f, &rng, n, (size_t)(n * 4.26 + 0.5));
    char what[64];
    snprintf(what, sizeof what, "random 3-SAT %d, n = %d", i, n);
    solve_judged(&f, 0, what, &total);
    oracle_free(&f);
  }
  print_message("%llu conflicts, %llu learned clauses subsumed, %llu "
                "strengthened\n",
                (unsigned long long)total.conflicts,
                (unsigned long long)total.subsumed,
                (unsigned long long)total.strengthened);
  assert_true(total.subsumed > 0 && total.strengthened > 0);
}

/* One case of the out-of-memory tests: the formula, its models, what the
 * round adds; how many solves ran out after a round had done something. */
typedef struct oom_case {
  oracle_formula f;
  uint32_t *models;
  size_t nmodels;
  uint64_t rng;
  long in_rounds;
} oom_case;

static void *round_make(void *ctx) {
  oom_case *c = ctx;
  dpll_solver *s = at_root(&c->f);
  uint64_t copy = c->rng;
  if (s)
    add_learned_clauses(s, &c->f, &copy, c->models, c->nmodels);
  return s;
}

static int round_call(void *s) { return dpll__subsume(s); }

/* DPLL_ENOMEM if an allocation failed, the invariants, the solve after. */
static void round_judge(void *obj, int rc, bool failed, void *ctx) {
  dpll_solver *s = obj;
  oom_case *c = ctx;
  CHECK(failed ? rc == DPLL_ENOMEM : rc == 0 || rc == DPLL_UNSAT,
        "allocation %ld: the round gave %d", oom.at, rc);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "allocation %ld: %s", oom.at, why);
  int res = dpll_solve(s);
  CHECK(res == (c->nmodels ? DPLL_SAT : DPLL_UNSAT),
        "allocation %ld: the solve after gave %d", oom.at, res);
  if (res == DPLL_SAT)
    CHECK(model_satisfies_with(s, &c->f, NULL, 0), "a false model");
  dpll_free(s);
}

/* Each allocation of a round fails in turn: DPLL_ENOMEM, the invariants
 * hold, and the solve after is right. */
static void test_out_of_memory_round(void **state) {
  (void)state;
  static uint32_t models[1u << MAX_VARS];
  long failures = 0;
  uint64_t rng = 0x5B5B0003ULL;
  for (int i = 0; i < 20; i++) {
    oom_case c = {.models = models};
    oracle_random(&c.f, &rng, 8, 20, 2, 4);
    c.nmodels = all_models(&c.f, models);
    c.rng = rng;
    failures += oom_each(round_make, round_call, round_judge, &c);
    oracle_free(&c.f);
  }
  print_message("%ld allocations of a round failed in turn\n", failures);
  assert_true(failures >= 20);
}

static void *solve_make(void *ctx) {
  return early_rounds(&((oom_case *)ctx)->f);
}

static int solve_call(void *s) { return dpll_solve(s); }

/* UNSAT or DPLL_ENOMEM, then UNSAT from the solve after. */
static void solve_judge(void *obj, int res, bool failed, void *ctx) {
  oom_case *c = ctx;
  dpll_stats st = stats_of(obj);
  CHECK(failed || st.subsumed + st.strengthened > 0, "no round did anything");
  c->in_rounds += res == DPLL_ENOMEM && st.subsumed + st.strengthened > 0;
  judge_after_failure(obj, &c->f, res, failed, DPLL_UNSAT, oom.at);
}

/* Each allocation of a whole solve with early rounds fails in turn. */
static void test_out_of_memory_solve(void **state) {
  (void)state;
  oom_case c = {0};
  oracle_pigeons(&c.f, 5);
  long failures = oom_each(solve_make, solve_call, solve_judge, &c);
  oracle_free(&c.f);
  print_message("%ld allocations of a solve failed in turn (%ld after a "
                "round had done something)\n",
                failures, c.in_rounds);
  assert_true(c.in_rounds >= 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked),
      cmocka_unit_test(test_rank_kept),
      cmocka_unit_test(test_round_against_oracle),
      cmocka_unit_test(test_solves_with_proofs),
      cmocka_unit_test(test_out_of_memory_round),
      cmocka_unit_test(test_out_of_memory_solve),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
