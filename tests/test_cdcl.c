/* test_cdcl.c - the conflict-driven engine (algorithm "cdcl") through the
 * public API alone.
 *
 *  1. Answers: thousands of random small formulas (up to 16 variables,
 *     clause lengths 0 to 6, repeated literals, tautologies) under every
 *     combination of the options restarts, reduce, minimize and pure;
 *     every model checked clause by clause and every UNSAT confirmed by
 *     the brute force of tests/oracle.c, which shares no code with
 *     libdpll.
 *  2. Formulas large enough for restarts and reduction: pigeonhole
 *     formulas (unsatisfiable by counting) and random 3-SAT at ratio 4.26,
 *     some with a planted model (satisfiable by construction); the
 *     counters must show restarts, learning and deletion as configured.
 *  3. Incremental use, limits, switching engines between solves, and the
 *     clause count that learning must not change.
 *  4. The trace: replayed here step by step, every event must fit the
 *     assignment it implies; every learned clause must be false at its
 *     conflict, assert its literal right after the backjump, and follow
 *     by unit propagation from the clauses before it; restarts must show
 *     as backtracks to level 0.
 *  5. Heuristics: "auto" is the default and is "activity" under cdcl and
 *     "first" under dpll; every heuristic gives right answers under cdcl.
 */
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

/* ---- Formulas ------------------------------------------------------------ */

static int var_of(int lit) { return lit < 0 ? -lit : lit; }

static size_t clause_len(const oracle_formula *f, size_t i) {
  return f->start[i + 1] - f->start[i];
}

static int is_tautology(const oracle_formula *f, size_t i) {
  for (size_t a = f->start[i]; a < f->start[i + 1]; a++)
    for (size_t b = f->start[i]; b < a; b++)
      if (f->lits[a] == -f->lits[b])
        return 1;
  return 0;
}

/* What dpll_num_clauses must say after f is added: tautologies are
 * dropped, every other clause (the empty one too) is stored. */
static size_t stored_count(const oracle_formula *f) {
  size_t n = 0;
  for (size_t i = 0; i < f->num_clauses; i++)
    n += !is_tautology(f, i);
  return n;
}

/* A random clause length for the small formulas: now and then 0, some
 * units, mostly 2 and 3, some up to 6. */
static int small_length(uint64_t *rng) {
  int r = oracle_below(rng, 400);
  if (r == 0)
    return 0;
  if (r < 24)
    return 1;
  if (r < 140)
    return 2;
  if (r < 320)
    return 3;
  return 4 + oracle_below(rng, 3);
}

/* Puts lit at a random place among lits[0..*len-1]. */
static void insert_at_random(int *lits, int *len, int lit, uint64_t *rng) {
  int at = oracle_below(rng, *len + 1);
  for (int k = *len; k > at; k--)
    lits[k] = lits[k - 1];
  lits[at] = lit;
  ++*len;
}

/* Appends a random clause of len literals over 1..nv; a literal may
 * repeat, and about one clause in thirty also holds a literal's negation
 * (a tautology). */
static void add_random_clause(oracle_formula *f, uint64_t *rng, int nv,
                              int len) {
  int lits[8], n = len;
  for (int k = 0; k < n; k++) {
    int v = 1 + oracle_below(rng, nv);
    lits[k] = oracle_below(rng, 2) ? v : -v;
  }
  if (len > 0 && oracle_below(rng, 15) == 0)
    insert_at_random(lits, &n, lits[oracle_below(rng, len)], rng);
  if (len > 0 && oracle_below(rng, 30) == 0)
    insert_at_random(lits, &n, -lits[oracle_below(rng, len)], rng);
  oracle_add(f, lits, (size_t)n);
}

/* A small random formula over 1..nv, its clause count spread around where
 * both answers are common: mixed lengths, or 3-SAT (fewer units, so more
 * search). */
static void small_formula(oracle_formula *f, uint64_t *rng, int nv) {
  oracle_init(f, nv);
  int three = oracle_below(rng, 2);
  int m = three ? 7 * nv / 2 + oracle_below(rng, 2 * nv + 2)
                : nv + oracle_below(rng, 5 * nv + 2);
  for (int i = 0; i < m; i++)
    add_random_clause(f, rng, nv, three ? 3 : small_length(rng));
}

/* The pigeonhole formula: pigeons p = 0..pigeons-1 each in some hole
 * h = 0..holes-1 (variable p * holes + h + 1), no two in one hole.  With
 * more pigeons than holes it is unsatisfiable; with as many, satisfiable.
 * Only the first `placed` pigeons get their "in some hole" clause. */
static int pigeon_var(int holes, int p, int h) { return p * holes + h + 1; }

static void pigeonhole(oracle_formula *f, int pigeons, int holes, int placed) {
  oracle_init(f, pigeons * holes);
  int lits[32];
  for (int p = 0; p < placed; p++) {
    for (int h = 0; h < holes; h++)
      lits[h] = pigeon_var(holes, p, h);
    oracle_add(f, lits, (size_t)holes);
  }
  for (int h = 0; h < holes; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++) {
        lits[0] = -pigeon_var(holes, p, h);
        lits[1] = -pigeon_var(holes, q, h);
        oracle_add(f, lits, 2);
      }
}

/* Random 3-SAT with m clauses over n variables.  With planted not NULL,
 * clauses that the assignment planted[1..n] falsifies are drawn again, so
 * that it is a model: the formula is satisfiable by construction. */
static void random_3sat(oracle_formula *f, uint64_t *rng, int n, int m,
                        const unsigned char *planted) {
  oracle_init(f, n);
  for (int i = 0; i < m; i++) {
    int lits[3], ok;
    do {
      ok = !planted;
      for (int k = 0; k < 3; k++) {
        int v = 1 + oracle_below(rng, n);
        lits[k] = oracle_below(rng, 2) ? v : -v;
        if (planted && (lits[k] > 0) == (planted[v] != 0))
          ok = 1;
      }
    } while (!ok);
    oracle_add(f, lits, 3);
  }
}

/* ---- Solvers and answers ------------------------------------------------- */

static dpll_solver *cdcl_solver(void) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
  return s;
}

static void set_options(dpll_solver *s, int restarts, int reduce, int minimize,
                        int pure) {
  assert_int_equal(dpll_set_option(s, "restarts", restarts), 0);
  assert_int_equal(dpll_set_option(s, "reduce", reduce), 0);
  assert_int_equal(dpll_set_option(s, "minimize", minimize), 0);
  assert_int_equal(dpll_set_option(s, "pure", pure), 0);
}

/* Adds clauses from..f->num_clauses-1 of f. */
/* Prints f in DIMACS, so that a failure can be reproduced. */
static void show(const char *what, const oracle_formula *f) {
  size_t n;
  char *text = oracle_to_text(f, 1, &n);
  print_message("%s:\n", what);
  for (size_t k = 0; k < n; k += 800)
    print_message("%.*s", (int)(n - k < 800 ? n - k : 800), text + k);
  free(text);
}

/* The answer res must be the right one for f, whose brute-force answer is
 * expect_sat (or -1: unknown to the test, so only a model is checked);
 * unknown_ok allows DPLL_UNKNOWN.  A model must satisfy every clause. */
static void check_answer(const dpll_solver *s, const oracle_formula *f, int res,
                         int expect_sat, int unknown_ok, const char *config) {
  int ok = res == DPLL_SAT || res == DPLL_UNSAT ||
           (unknown_ok && res == DPLL_UNKNOWN);
  if (ok && res != DPLL_UNKNOWN && expect_sat >= 0)
    ok = (res == DPLL_SAT) == (expect_sat != 0);
  if (ok && res == DPLL_SAT) {
    unsigned char *model = calloc((size_t)f->num_vars + 1, 1);
    assert_non_null(model);
    for (int v = 1; v <= f->num_vars; v++) {
      int value = v <= dpll_num_vars(s) ? dpll_model(s, v) : 0;
      if (value != 0 && value != 1)
        ok = 0;
      model[v] = (unsigned char)(value == 1);
    }
    if (ok && !oracle_check(f, model)) {
      print_message("the model does not satisfy the formula\n");
      ok = 0;
    }
    free(model);
  }
  if (ok)
    ok = dpll_status(s) == res && dpll_level(s) == 0;
  if (!ok) {
    print_message("%s: dpll_solve gave %d, status %d, the oracle says %s\n",
                  config, res, dpll_status(s),
                  expect_sat < 0 ? "?"
                  : expect_sat   ? "SAT"
                                 : "UNSAT");
    if (f->num_vars <= 24)
      show("the formula", f);
    fail();
  }
}

/* The counters of one solve: after minus before. */
static dpll_stats stats_delta(const dpll_stats *a, const dpll_stats *b) {
  dpll_stats d;
#define STATS_DELTA(name, label, doc) d.name = b->name - a->name;
  DPLL_STATS(STATS_DELTA)
#undef STATS_DELTA
  d.max_depth = b->max_depth; /* a maximum, not a count */
  return d;
}

/* Solves, returning the answer and the counters of this solve. */
static int solve_counting(dpll_solver *s, dpll_stats *d) {
  dpll_stats a, b;
  dpll_get_stats(s, &a);
  int res = dpll_solve(s);
  dpll_get_stats(s, &b);
  *d = stats_delta(&a, &b);
  return res;
}

/* What the counters of a cdcl solve must show whatever the formula: every
 * conflict above level 0 is analysed into one learned clause and one
 * backjump; only an UNSAT answer ends with a conflict at level 0, which
 * learns nothing (and an UNSAT known before the search has no conflict at
 * all); an option that is off does nothing. */
static void check_counters(const dpll_stats *d, int res, int restarts,
                           int reduce, int minimize, int pure) {
  uint64_t final = res == DPLL_UNSAT && d->conflicts > 0;
  assert_int_equal(d->learned + final, d->conflicts);
  assert_int_equal(d->backtracks, d->learned);
  assert_true(d->learned_lits >= d->learned);
  if (!restarts)
    assert_int_equal(d->restarts, 0);
  if (!reduce)
    assert_int_equal(d->deleted, 0);
  if (!minimize)
    assert_int_equal(d->minimized, 0);
  if (!pure)
    assert_int_equal(d->pure_literals, 0);
}

/* ---- 1. Answers under every combination of options ----------------------- */

/* ANSWER_FORMULAS in a Release build's quick tier (tests/tier.h). */
enum { ANSWER_FORMULAS = 2500, ANSWER_MAX_VARS = 16 };

static void test_options_against_oracle(void **state) {
  (void)state;
  uint64_t rng = 0xCDC1A115ULL;
  long count = tier_cases(ANSWER_FORMULAS);
  int outcomes[2] = {0, 0}, empty = 0, tautologies = 0;
  uint64_t conflicts = 0;
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    small_formula(&f, &rng, 1 + oracle_below(&rng, ANSWER_MAX_VARS));
    int expect = oracle_satisfiable(&f, NULL);
    size_t stored = stored_count(&f);
    outcomes[expect]++;
    tautologies += stored < f.num_clauses;
    for (size_t k = 0; k < f.num_clauses; k++)
      empty += clause_len(&f, k) == 0;
    for (int combo = 0; combo < 32; combo++) {
      /* mixed (3) for even formulas, modes (4) for odd ones */
      int restarts = combo % 4 == 3 ? 3 + i % 2 : combo % 4;
      int reduce = (combo / 4) % 2;
      int minimize = (combo / 8) % 2, pure = combo / 16;
      int target = (i + combo) % 3; /* each value with every combination */
      char config[112];
      snprintf(config, sizeof config,
               "formula %d: restarts %d reduce %d minimize %d pure %d target "
               "%d",
               i, restarts, reduce, minimize, pure, target);
      dpll_solver *s = cdcl_solver();
      set_options(s, restarts, reduce, minimize, pure);
      assert_int_equal(dpll_set_option(s, "target_phase", target), 0);
      add_formula(s, &f, 0);
      assert_int_equal(dpll_num_clauses(s), stored);
      dpll_stats d;
      int res = solve_counting(s, &d);
      check_answer(s, &f, res, expect, 0, config);
      check_counters(&d, res, restarts, reduce, minimize, pure);
      assert_int_equal(dpll_num_clauses(s), stored);
      conflicts += d.conflicts;
      dpll_free(s);
    }
    oracle_free(&f);
  }
  print_message("%ld formulas: %d SAT, %d UNSAT, %d empty clauses, %d "
                "formulas with tautologies, %llu conflicts\n",
                count, outcomes[1], outcomes[0], empty, tautologies,
                (unsigned long long)conflicts);
  /* Each answer common; the rare clauses there (an empty clause in about
   * one formula of 25, a tautology in nearly every one); searches (some 34
   * conflicts a formula, in its 32 solves). */
  assert_true(outcomes[0] >= count / 4);
  assert_true(outcomes[1] >= count / 4);
  assert_true(empty >= count / 250 && tautologies >= count / 25);
  assert_true(conflicts >= 16 * (uint64_t)count);
}

/* Small cases worked out by hand, whatever the heuristic.
 *
 * (1 2) (1 -2) (-1 2) (-1 -2): no unit, no pure literal (every variable
 * occurs both ways).  The first decision, on any literal l of variable a
 * (b the other), leaves (-l b) and (-l -b) unit on b and -b: a conflict.
 * Resolving them on b gives the unit (-l), learned with a backjump to
 * level 0; there it leaves (l b) and (l -b) unit on b and -b: a conflict
 * at level 0, UNSAT.  So 1 decision, 2 conflicts, 1 learned clause of 1
 * literal, 1 backjump.
 *
 * (1 2) alone, pure literals on: at the root both literals are pure; once
 * one is set the clause is satisfied and the other variable, in no
 * unsatisfied clause, is set too.  So 2 pure literals, no decision and no
 * conflict. */
static void test_hand_counts(void **state) {
  (void)state;
  for (int h = 0; h < DPLL_NUM_HEURISTICS; h++) {
    dpll_solver *s = cdcl_solver();
    assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
    assert_int_equal(add(s, 2, 1, 2), 0);
    assert_int_equal(add(s, 2, 1, -2), 0);
    assert_int_equal(add(s, 2, -1, 2), 0);
    assert_int_equal(add(s, 2, -1, -2), 0);
    dpll_stats d;
    assert_int_equal(solve_counting(s, &d), DPLL_UNSAT);
    assert_int_equal(d.decisions, 1);
    assert_int_equal(d.conflicts, 2);
    assert_int_equal(d.learned, 1);
    assert_int_equal(d.learned_lits, 1);
    assert_int_equal(d.backtracks, 1);
    assert_int_equal(d.restarts, 0);
    assert_int_equal(d.deleted, 0);
    assert_int_equal(dpll_num_clauses(s), 4);
    /* Unsatisfiable for good: the next solve does not search. */
    assert_int_equal(solve_counting(s, &d), DPLL_UNSAT);
    assert_int_equal(d.conflicts, 0);
    dpll_free(s);

    s = cdcl_solver();
    assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
    assert_int_equal(add(s, 2, 1, 2), 0);
    assert_int_equal(solve_counting(s, &d), DPLL_SAT);
    assert_int_equal(d.pure_literals, 2);
    assert_int_equal(d.decisions, 0);
    assert_int_equal(d.conflicts, 0);
    assert_true(dpll_model(s, 1) || dpll_model(s, 2));
    dpll_free(s);
  }

  /* The empty formula; the empty clause; contradictory units. */
  dpll_solver *s = cdcl_solver();
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 1), DPLL_ENOVAR);
  assert_int_equal(dpll_add_clause(s, NULL, 0), 0);
  dpll_stats d;
  assert_int_equal(solve_counting(s, &d), DPLL_UNSAT);
  assert_int_equal(d.conflicts, 0);
  dpll_free(s);
  s = cdcl_solver();
  assert_int_equal(add(s, 1, 3), 0);
  assert_int_equal(add(s, 1, -3), 0);
  assert_int_equal(solve_counting(s, &d), DPLL_UNSAT);
  assert_int_equal(d.learned, 0);
  dpll_free(s);
}

/* ---- Lucky descents ----------------------------------------------------
 *
 * The option "lucky" (lucky.c): before the search, every variable false,
 * then true, each in index order and then backwards, with unit
 * propagation after each decision.  The test works out on its own whether
 * one of the four descents meets no conflict (propagation's fixpoint does
 * not depend on its order), and the solver's "lucky" counter must say the
 * same; the oracle judges every answer.  When no descent succeeds, the
 * search must be the one without the option: the same counts and model. */

/* Unit propagation over f from the values in val (1, -1, 0 per variable):
 * false if a clause is false. */
static bool propagate_all(const oracle_formula *f, signed char *val) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < f->num_clauses; i++) {
      int free_lit = 0, free_count = 0;
      bool sat = false;
      for (size_t k = f->start[i]; k < f->start[i + 1] && !sat; k++) {
        int lit = f->lits[k], v = val[var_of(lit)];
        if (v == 0 && lit != free_lit) { /* a repeat counts once */
          free_count++;
          free_lit = lit;
        }
        sat = v != 0 && (v > 0) == (lit > 0);
      }
      if (sat || free_count > 1)
        continue;
      if (free_count == 0)
        return false;
      val[var_of(free_lit)] = free_lit > 0 ? 1 : -1;
      changed = true;
    }
  }
  return true;
}

/* Whether one of the four descents assigns every variable of f without a
 * conflict (f not refuted by propagation alone). */
static bool some_descent_lucky(const oracle_formula *f) {
  signed char root[64] = {0}, val[64];
  assert_true(f->num_vars < 64);
  if (!propagate_all(f, root))
    return false;
  for (int k = 0; k < 4; k++) {
    memcpy(val, root, sizeof val);
    bool ok = true;
    for (int i = 1; i <= f->num_vars && ok; i++) {
      int v = k % 2 ? f->num_vars + 1 - i : i;
      if (val[v] == 0) {
        val[v] = k >= 2 ? 1 : -1;
        ok = propagate_all(f, val);
      }
    }
    if (ok)
      return true;
  }
  return false;
}

static void test_lucky(void **state) {
  (void)state;
  uint64_t rng = 0x1C4;
  long count = tier_cases(2000);
  int lucky = 0, unlucky_sat = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 3 + oracle_below(&rng, 14);
    if (i % 2) /* short clauses, often lucky */
      oracle_random(&f, &rng, nv, (size_t)(nv + oracle_below(&rng, 4 * nv)), 1,
                    4);
    else /* random 3-SAT near the threshold, seldom */
      oracle_uniform3(&f, &rng, nv + 2, (size_t)(4 * (nv + 2)));
    /* The variables the solver knows: up to the largest in a clause. */
    int known = 0;
    for (size_t k = 0; k < f.start[f.num_clauses]; k++)
      if (var_of(f.lits[k]) > known)
        known = var_of(f.lits[k]);
    f.num_vars = known;
    bool expect = some_descent_lucky(&f);
    dpll_solver *s = cdcl_solver();
    assert_int_equal(dpll_set_option(s, "pure", 0), 0);
    assert_int_equal(dpll_set_option(s, "lucky", 1), 0);
    for (size_t c = 0; c < f.num_clauses; c++)
      assert_int_equal(
          dpll_add_clause(s, f.lits + f.start[c], f.start[c + 1] - f.start[c]),
          0);
    dpll_stats d;
    int res = solve_counting(s, &d);
    int truth = oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    if (res != truth || d.lucky != (uint64_t)expect ||
        (expect && d.conflicts != 0))
      fail_msg("formula %ld: answer %d (truth %d), lucky %llu (expected %d), "
               "%llu conflicts",
               i, res, truth, (unsigned long long)d.lucky, expect,
               (unsigned long long)d.conflicts);
    if (res == DPLL_SAT) {
      unsigned char model[64] = {0};
      for (int v = 1; v <= f.num_vars; v++)
        model[v] = (unsigned char)dpll_model(s, v);
      assert_true(oracle_check(&f, model));
    }
    lucky += expect;
    unlucky_sat += !expect && res == DPLL_SAT;
    if (!expect) { /* failed descents leave the search as it was */
      dpll_solver *t = cdcl_solver();
      assert_int_equal(dpll_set_option(t, "pure", 0), 0);
      for (size_t c = 0; c < f.num_clauses; c++)
        assert_int_equal(dpll_add_clause(t, f.lits + f.start[c],
                                         f.start[c + 1] - f.start[c]),
                         0);
      dpll_stats e;
      assert_int_equal(solve_counting(t, &e), res);
      if (e.decisions != d.decisions || e.conflicts != d.conflicts ||
          e.propagations != d.propagations)
        fail_msg(
            "formula %ld: without lucky %llu decisions, %llu conflicts; "
            "with it %llu and %llu",
            i, (unsigned long long)e.decisions, (unsigned long long)e.conflicts,
            (unsigned long long)d.decisions, (unsigned long long)d.conflicts);
      for (int v = 1; res == DPLL_SAT && v <= f.num_vars; v++)
        assert_int_equal(dpll_model(t, v), dpll_model(s, v));
      dpll_free(t);
    }
    /* Not again while learned clauses are kept, nor under assumptions. */
    if (d.learned > 0) {
      assert_int_equal(solve_counting(s, &d), res);
      assert_int_equal(d.lucky, 0);
    }
    assert_int_equal(dpll_assume(s, f.lits[0]), 0);
    (void)solve_counting(s, &d);
    assert_int_equal(d.lucky, 0);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas: %d settled by a lucky descent, %d satisfiable "
                "ones not\n",
                count, lucky, unlucky_sat);
  assert_true(lucky >= count / 20 && unlucky_sat >= count / 20);
}

/* ---- Variable elimination --------------------------------------------
 *
 * The option "eliminate" (elim.c) replaces variables of few clauses by
 * their resolvents before the search and gives them values again in the
 * model.  Judged by the oracle: every answer against brute force, every
 * model against the clauses added; then, on the same solver, clauses over
 * the eliminated variables and assumptions, each answer judged again (the
 * clauses put aside must be back).  Where too few variables would go, the
 * elimination is undone, and the search must be the one without it.  A parity
 * chain, which elimination takes apart almost whole, must lose most of its
 * variables. */

/* The answer must be the oracle's, and a model a model of f. */
static void judge(dpll_solver *s, const oracle_formula *f, int res,
                  const char *what, long i) {
  int truth = oracle_satisfiable(f, NULL) ? DPLL_SAT : DPLL_UNSAT;
  if (res != truth)
    fail_msg("%s %ld: answer %d, truth %d", what, i, res, truth);
  if (res == DPLL_SAT) {
    unsigned char model[64] = {0};
    for (int v = 1; v <= f->num_vars && v <= dpll_num_vars(s); v++)
      model[v] = (unsigned char)dpll_model(s, v);
    if (!oracle_check(f, model))
      fail_msg("%s %ld: the model is not one", what, i);
  }
}

/* After a solve of s on f (its variables): more clauses, some over
 * eliminated variables, each answer judged, then one under an assumption
 * (the clauses put aside must be back).  f gains the clauses. */
static void judge_later(dpll_solver *s, oracle_formula *f, uint64_t *rng,
                        long i) {
  int nv = f->num_vars;
  for (int round = 0; round < 2; round++) {
    oracle_formula g;
    oracle_random(&g, rng, nv, 1 + (size_t)oracle_below(rng, nv), 1, 3);
    for (size_t c = 0; c < g.num_clauses; c++)
      oracle_add(f, g.lits + g.start[c], g.start[c + 1] - g.start[c]);
    add_formula(s, &g, 0);
    oracle_free(&g);
    judge(s, f, dpll_solve(s), "formula with more clauses", i);
  }
  int lit = 1 + oracle_below(rng, nv);
  lit = oracle_below(rng, 2) ? lit : -lit;
  assert_int_equal(dpll_assume(s, lit), 0);
  int res = dpll_solve(s);
  int truth = oracle_satisfiable_with(f, &lit, 1) ? DPLL_SAT : DPLL_UNSAT;
  if (res != truth)
    fail_msg("formula %ld under %d: answer %d, truth %d", i, lit, res, truth);
}

static void test_eliminate(void **state) {
  (void)state;
  uint64_t rng = 0xE11A;
  long count = tier_cases(2000), some = 0, total = 0, undone = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 3 + oracle_below(&rng, 14);
    oracle_random(&f, &rng, nv, (size_t)(nv + oracle_below(&rng, 3 * nv)),
                  i % 5 ? 2 : 1, i % 3 ? 4 : 3);
    dpll_solver *s = cdcl_solver();
    assert_int_equal(dpll_set_option(s, "eliminate", 1), 0);
    assert_int_equal(dpll_set_option(s, "pure", (int)(i % 2)), 0);
    assert_int_equal(dpll_set_option(s, "lucky", (int)(i % 4 == 1)), 0);
    add_formula(s, &f, 0);
    dpll_stats d;
    int res = solve_counting(s, &d);
    judge(s, &f, res, "formula", i);
    some += d.eliminated > 0;
    total += (long)d.eliminated;
    if (d.eliminated == 0) { /* tried and undone: the same search */
      dpll_solver *u = cdcl_solver();
      assert_int_equal(dpll_set_option(u, "pure", (int)(i % 2)), 0);
      assert_int_equal(dpll_set_option(u, "lucky", (int)(i % 4 == 1)), 0);
      add_formula(u, &f, 0);
      dpll_stats e;
      assert_int_equal(solve_counting(u, &e), res);
      if (e.decisions != d.decisions || e.conflicts != d.conflicts ||
          e.propagations != d.propagations)
        fail_msg("formula %ld: nothing eliminated, yet another search", i);
      for (int v = 1; res == DPLL_SAT && v <= dpll_num_vars(s); v++)
        assert_int_equal(dpll_model(u, v), dpll_model(s, v));
      dpll_free(u);
      undone++;
    }
    judge_later(s, &f, &rng, i);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas: %ld with variables eliminated (%ld in all), "
                "%ld without\n",
                count, some, total, undone);
  assert_true(some >= count / 4 && undone >= count / 10);

  /* n parity constraints x(k) + x(k + 1) + y(min(k, n - 1 - k)) (x in a
   * ring), the last odd, the others even: every variable is in two, so
   * the sum of all says 0 = 1, and each constraint is four clauses of
   * three literals (the dubois family's shape). */
  for (int n = 4; n <= 24; n += 10) {
    oracle_formula f;
    oracle_init(&f, n + n / 2);
    for (int k = 0; k < n; k++) {
      int x = k + 1, y = k + 1 < n ? k + 2 : 1,
          z = n + 1 + (k < n / 2 ? k : n - 1 - k);
      int odd = k == n - 1;
      for (int signs = 0; signs < 8; signs++) {
        int a = signs & 1 ? -x : x, b = signs & 2 ? -y : y,
            c = signs & 4 ? -z : z;
        /* The clause forbids the assignment that makes all three false;
         * that assignment has (negatives) true variables. */
        int negatives = (a < 0) + (b < 0) + (c < 0);
        if (negatives % 2 != odd) {
          int clause[3] = {a, b, c};
          oracle_add(&f, clause, 3);
        }
      }
    }
    dpll_solver *s = cdcl_solver();
    assert_int_equal(dpll_set_option(s, "eliminate", 1), 0);
    add_formula(s, &f, 0);
    dpll_stats d;
    int res = solve_counting(s, &d);
    if (n <= 14)
      judge(s, &f, res, "parity ring", n);
    assert_int_equal(res, DPLL_UNSAT);
    if (d.eliminated < (uint64_t)n)
      fail_msg("parity ring of %d: %llu variables eliminated", n,
               (unsigned long long)d.eliminated);
    dpll_free(s);
    oracle_free(&f);
  }
}

/* With definitions (option gates): random circuits (testutil.c) of every
 * gate elim.c looks for (AND and OR of one to five inputs, truth tables
 * of two to four: XOR, if-then-else, majority, ...), with random clauses
 * on top that make some unsatisfiable.  Each answer is judged by the
 * oracle, then again after more clauses and under an assumption.  A
 * wrongly taken definition leaves out resolvents that were needed, which
 * turns answers wrong; many eliminations must use one. */
static void test_eliminate_gates(void **state) {
  (void)state;
  uint64_t rng = 0x6A7E5;
  long count = tier_cases(1000), gated = 0, sat = 0, gates = 0, all = 0;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    int inputs = 2 + oracle_below(&rng, 2), n = 10 + oracle_below(&rng, 4);
    gate_circuit(&f, &rng, inputs, n, oracle_below(&rng, (inputs + n) / 2 + 1));
    dpll_solver *s = cdcl_solver();
    assert_int_equal(dpll_set_option(s, "eliminate", 1), 0);
    assert_int_equal(dpll_set_option(s, "gates", 1), 0);
    assert_int_equal(dpll_set_option(s, "pure", (int)(i % 2)), 0);
    assert_int_equal(dpll_set_option(s, "lucky", (int)(i % 4 == 1)), 0);
    add_formula(s, &f, 0);
    dpll_stats d;
    int res = solve_counting(s, &d);
    judge(s, &f, res, "circuit", i);
    assert_true(d.gates <= d.eliminated);
    gated += d.gates > 0;
    gates += (long)d.gates;
    all += (long)d.eliminated;
    sat += res == DPLL_SAT;
    judge_later(s, &f, &rng, i);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld circuits, %ld satisfiable: %ld with variables eliminated "
                "by a definition (%ld of %ld eliminated)\n",
                count, sat, gated, gates, all);
  assert_true(gated >= count / 4 && sat >= count / 10 && sat < count);
}

/* ---- 2. Formulas large enough for restarts and reduction ------------------
 *
 * The policies (dpll.h, restart.c, reduce.c): luby restarts after 100,
 * 100, 200, ... conflicts, glucose when recent learned clauses get worse;
 * reduction first comes after 1000 conflicts.  A pigeonhole formula with
 * n + 1 pigeons has no short resolution refutation, so a cdcl search on
 * PHP(8, 7) or PHP(9, 8) meets thousands of conflicts. */

static const char *const restart_names[] = {"none", "luby", "glucose", "mixed",
                                            "modes"};

/* PHP(9, 8) is most of the test's time (4 s in the sanitizer build):
 * below scale 100 (tests/tier.h) PHP(8, 7) alone, whose 2500 conflicts
 * and more bring restarts and reductions too. */
static void test_pigeonhole(void **state) {
  (void)state;
  int reductions_checked = 0, most = tier_scale() >= 100 ? 8 : 7;
  for (int holes = 7; holes <= most; holes++) {
    oracle_formula f;
    pigeonhole(&f, holes + 1, holes, holes + 1);
    /* modes too below scale 100 would add a third to the sanitizer
     * build's time: there, the long tier runs it */
    int last = tier_scale() >= 100 ? DPLL_RESTARTS_MODES : DPLL_RESTARTS_MIXED;
    for (int restarts = 0; restarts <= last; restarts++) {
      /* The larger one without luby, whose many restarts make it slow. */
      if (holes == 8 && restarts == DPLL_RESTARTS_LUBY)
        continue;
      /* modes (8,000 conflicts and more) with reduction only */
      for (int reduce = restarts == DPLL_RESTARTS_MODES; reduce <= 1;
           reduce++) {
        char config[96];
        snprintf(config, sizeof config, "PHP(%d, %d) restarts %s reduce %d",
                 holes + 1, holes, restart_names[restarts], reduce);
        dpll_solver *s = cdcl_solver();
        set_options(s, restarts, reduce, 1, 1);
        add_formula(s, &f, 0);
        dpll_stats d;
        int res = solve_counting(s, &d);
        print_message("%s: %llu conflicts, %llu restarts, %llu deleted\n",
                      config, (unsigned long long)d.conflicts,
                      (unsigned long long)d.restarts,
                      (unsigned long long)d.deleted);
        check_answer(s, &f, res, 0, 0, config);
        check_counters(&d, res, restarts, reduce, 1, 1);
        assert_int_equal(dpll_num_clauses(s), f.num_clauses);
        /* Every conflict but the last (at level 0) teaches a clause. */
        assert_int_equal(d.learned, d.conflicts - 1);
        /* luby restarts at conflict 100, mixed and modes at 1000 at the
         * latest; glucose only if the clauses grow worse, which need not
         * happen */
        if ((restarts == DPLL_RESTARTS_LUBY ||
             restarts == DPLL_RESTARTS_MIXED ||
             restarts == DPLL_RESTARTS_MODES) &&
            d.conflicts > 1001)
          assert_true(d.restarts > 0);
        /* The first reduction is due at conflict 1000. */
        if (reduce && d.conflicts > 1001) {
          assert_true(d.deleted > 0);
          reductions_checked++;
        }
        dpll_free(s);
      }
    }
    oracle_free(&f);
  }
  /* The formulas are big enough that the check above ran. */
  assert_true(reductions_checked > 0);
}

/* Random 3-SAT at ratio 4.26, near the threshold: with a planted model
 * (the answer must be SAT), and plain (the answer is not known here: every
 * configuration must agree, and a model must check).  Luby's first restart
 * is due at the 100th conflict and is taken at the next propagation
 * without conflict, which a SAT answer needs: so a SAT answer after 100
 * conflicts or more means at least one restart. */
static void test_random_3sat(void **state) {
  (void)state;
  static const int sizes[] = {100, 125, 150, 150, 200};
  uint64_t rng = 0x3A7426ULL;
  int luby_checked = 0, deleted_seen = 0;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    int n = sizes[k], m = (int)(n * 4.26 + 0.5);
    for (int planted = 0; planted <= 1; planted++) {
      unsigned char hidden[256];
      for (int v = 1; v <= n; v++)
        hidden[v] = (unsigned char)oracle_below(&rng, 2);
      oracle_formula f;
      random_3sat(&f, &rng, n, m, planted ? hidden : NULL);
      int answer = 0;
      for (int restarts = 0; restarts <= 4; restarts++)
        for (int reduce = restarts == DPLL_RESTARTS_MODES; reduce <= 1;
             reduce++) { /* modes with reduction only, as above */
          char config[96];
          snprintf(config, sizeof config, "3-SAT n %d%s restarts %s reduce %d",
                   n, planted ? " planted" : "", restart_names[restarts],
                   reduce);
          dpll_solver *s = cdcl_solver();
          set_options(s, restarts, reduce, 1, 1);
          add_formula(s, &f, 0);
          dpll_stats d;
          int res = solve_counting(s, &d);
          check_answer(s, &f, res, planted ? 1 : -1, 0, config);
          check_counters(&d, res, restarts, reduce, 1, 1);
          if (answer)
            assert_int_equal(res, answer); /* all configurations agree */
          answer = res;
          int64_t unit = 0;
          dpll_get_option(s, "luby_unit", &unit);
          if (restarts == DPLL_RESTARTS_LUBY && res == DPLL_SAT &&
              d.conflicts >= (uint64_t)unit) {
            assert_true(d.restarts > 0);
            luby_checked++;
          }
          if (reduce && d.conflicts > 1300) {
            assert_true(d.deleted > 0);
            deleted_seen++;
          }
          dpll_free(s);
        }
      oracle_free(&f);
    }
  }
  print_message("luby restarts checked %d times, deletion %d times\n",
                luby_checked, deleted_seen);
  assert_true(luby_checked >= 2);
}

/* ---- 3. Incremental use, limits, engines --------------------------------- */

/* Sequences of solves on one solver, clauses added in between, until the
 * formula is unsatisfiable and twice more; the options change between
 * solves now and then.  Every answer is judged against the formula so
 * far.  SEQUENCES in a Release build's quick tier. */
enum { SEQUENCES = 300 };

static void test_incremental(void **state) {
  (void)state;
  uint64_t rng = 0x14C4E11ULL;
  long count = tier_cases(SEQUENCES);
  int solves = 0, sat_answers = 0, ended_unsat = 0;
  for (int seq = 0; seq < count; seq++) {
    int nv = 3 + oracle_below(&rng, 12);
    oracle_formula f;
    oracle_init(&f, nv);
    dpll_solver *s = cdcl_solver();
    int after_unsat = 0;
    for (int round = 0; round < 200 && after_unsat < 3; round++) {
      size_t from = f.num_clauses;
      int more = 1 + oracle_below(&rng, round ? 4 : 2 * nv);
      for (int k = 0; k < more; k++)
        add_random_clause(&f, &rng, nv, 2 + oracle_below(&rng, 2));
      add_formula(s, &f, from);
      if (oracle_below(&rng, 3) == 0)
        set_options(s, oracle_below(&rng, 3), oracle_below(&rng, 2),
                    oracle_below(&rng, 2), oracle_below(&rng, 2));
      if (oracle_below(&rng, 8) == 0)
        assert_int_equal(
            dpll_set_option(s, "heuristic",
                            oracle_below(&rng, DPLL_NUM_HEURISTICS)),
            0);
      int expect = oracle_satisfiable(&f, NULL);
      char config[64];
      snprintf(config, sizeof config, "sequence %d round %d", seq, round);
      int res = dpll_solve(s);
      check_answer(s, &f, res, expect, 0, config);
      assert_int_equal(dpll_num_clauses(s), stored_count(&f));
      solves++;
      sat_answers += res == DPLL_SAT;
      after_unsat += res == DPLL_UNSAT;
    }
    ended_unsat += after_unsat == 3;
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld sequences: %d solves, %d SAT\n", count, solves,
                sat_answers);
  assert_int_equal(ended_unsat, count);
  assert_true(sat_answers >= count * 3);
}

/* Seven pigeons in seven holes fit; an eighth pigeon, added after the
 * first solve, does not.  The first answer's model must check; the second
 * solve must prove UNSAT from scratch on the larger formula. */
static void test_incremental_pigeons(void **state) {
  (void)state;
  oracle_formula f;
  pigeonhole(&f, 8, 7, 7); /* pigeon 8 is in no clause "in some hole" */
  dpll_solver *s = cdcl_solver();
  add_formula(s, &f, 0);
  dpll_stats d;
  int res = solve_counting(s, &d);
  check_answer(s, &f, res, 1, 0, "seven pigeons of eight placed");
  int lits[7];
  for (int h = 0; h < 7; h++)
    lits[h] = pigeon_var(7, 7, h);
  oracle_add(&f, lits, 7);
  assert_int_equal(dpll_add_clause(s, lits, 7), 0);
  assert_int_equal(dpll_status(s), DPLL_UNKNOWN);
  res = solve_counting(s, &d);
  check_answer(s, &f, res, 0, 0, "all eight pigeons placed");
  assert_true(d.learned > 100);
  assert_int_equal(dpll_num_clauses(s), f.num_clauses);
  /* Unsatisfiable for good. */
  assert_int_equal(add(s, 1, 100), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  oracle_free(&f);
  dpll_free(s);
}

/* Large incremental solves against fresh ones: random 3-SAT with 200
 * variables from ratio 4.1 up past 4.26, a few clauses at a time.  Whatever
 * the answer (a model is checked; UNSAT cannot be, at this size), the
 * solver that has searched before, learned, restarted, reduced and
 * compacted its clauses must agree with a new solver given the same
 * clauses, and once UNSAT it must stay so.  Below scale 100 (tests/tier.h)
 * 150 variables, a tenth of the conflicts. */
static void test_incremental_large(void **state) {
  (void)state;
  uint64_t rng = 0x1A46EULL;
  int n = tier_scale() >= 100 ? 200 : 150;
  oracle_formula f;
  random_3sat(&f, &rng, n, (int)(n * 4.1 + 0.5), NULL);
  dpll_solver *s = cdcl_solver();
  add_formula(s, &f, 0);
  int unsat = 0, sat = 0;
  uint64_t conflicts = 0, deleted = 0;
  for (int round = 0; round < 8; round++) {
    if (round > 0) {
      size_t from = f.num_clauses;
      for (int k = 0; k < 8; k++) {
        int lits[3];
        for (int j = 0; j < 3; j++) {
          int v = 1 + oracle_below(&rng, n);
          lits[j] = oracle_below(&rng, 2) ? v : -v;
        }
        oracle_add(&f, lits, 3);
      }
      add_formula(s, &f, from);
    }
    char config[64];
    snprintf(config, sizeof config, "3-SAT n %d, round %d", n, round);
    dpll_stats d;
    int res = solve_counting(s, &d);
    conflicts += d.conflicts;
    deleted += d.deleted;
    check_answer(s, &f, res, unsat ? 0 : -1, 0, config);
    dpll_solver *fresh = cdcl_solver();
    add_formula(fresh, &f, 0);
    int again = dpll_solve(fresh);
    check_answer(fresh, &f, again, -1, 0, config);
    assert_int_equal(res, again);
    dpll_free(fresh);
    unsat |= res == DPLL_UNSAT;
    sat += res == DPLL_SAT;
    assert_int_equal(dpll_num_clauses(s), stored_count(&f));
  }
  print_message("incremental 3-SAT: %d SAT answers, %llu conflicts, %llu "
                "learned clauses deleted\n",
                sat, (unsigned long long)conflicts,
                (unsigned long long)deleted);
  oracle_free(&f);
  dpll_free(s);
}

/* conflict_limit.  PHP(6, 5) has no unit clause and no pure literal, so
 * no conflict can happen at level 0 before something is learned: its
 * first conflict is above level 0, is learned, and with a limit of 1 the
 * solve gives DPLL_UNKNOWN after exactly one conflict.  Larger limits stop
 * it no later than they say; without a limit the answer is UNSAT.  The
 * satisfiable PHP(6, 6) may stop or answer, and answers SAT without. */
static void test_conflict_limit(void **state) {
  (void)state;
  for (int holes = 5; holes <= 6; holes++) {
    oracle_formula f;
    pigeonhole(&f, 6, holes, 6);
    dpll_solver *s = cdcl_solver();
    add_formula(s, &f, 0);
    dpll_stats d;
    for (int limit = 1; limit <= 8; limit++) {
      assert_int_equal(dpll_set_option(s, "conflict_limit", limit), 0);
      int res = solve_counting(s, &d);
      check_answer(s, &f, res, holes == 6, 1, "PHP with a conflict limit");
      assert_true(d.conflicts <= (uint64_t)limit);
      if (holes == 5 && limit == 1) {
        assert_int_equal(res, DPLL_UNKNOWN);
        assert_int_equal(d.conflicts, 1);
        assert_int_equal(d.learned, 1);
        assert_int_equal(dpll_model(s, 1), DPLL_ENOMODEL);
      }
      if (res == DPLL_UNKNOWN)
        assert_int_equal(d.conflicts, limit);
    }
    assert_int_equal(dpll_set_option(s, "conflict_limit", -1), 0);
    int res = solve_counting(s, &d);
    check_answer(s, &f, res, holes == 6, 0, "PHP without a limit");
    assert_int_equal(dpll_num_clauses(s), f.num_clauses);
    oracle_free(&f);
    dpll_free(s);
  }

  /* Random formulas (400 in a Release build's quick tier): each limit
   * stops the search in time or lets it answer right; then clauses are
   * added and an unlimited solve answers right for the larger formula. */
  uint64_t rng = 0x11A17ULL;
  long count = tier_cases(400);
  int unknown = 0;
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 4 + oracle_below(&rng, 13);
    small_formula(&f, &rng, nv);
    int expect = oracle_satisfiable(&f, NULL);
    dpll_solver *s = cdcl_solver();
    add_formula(s, &f, 0);
    char config[64];
    for (int limit = 0; limit <= 3; limit++) {
      assert_int_equal(dpll_set_option(s, "conflict_limit", limit), 0);
      dpll_stats d;
      int res = solve_counting(s, &d);
      snprintf(config, sizeof config, "random formula %d, conflict limit %d", i,
               limit);
      check_answer(s, &f, res, expect, 1, config);
      /* A conflict is only seen after one, so a limit of 0 allows one. */
      CHECK(d.conflicts <= (uint64_t)(limit > 0 ? limit : 1),
            "%s: %llu conflicts", config, (unsigned long long)d.conflicts);
      unknown += res == DPLL_UNKNOWN;
    }
    assert_int_equal(dpll_set_option(s, "conflict_limit", -1), 0);
    snprintf(config, sizeof config, "random formula %d, no limit", i);
    check_answer(s, &f, dpll_solve(s), expect, 0, config);
    size_t from = f.num_clauses;
    for (int k = 0; k < 3; k++)
      add_random_clause(&f, &rng, nv, 2 + oracle_below(&rng, 2));
    add_formula(s, &f, from);
    snprintf(config, sizeof config, "random formula %d, more clauses", i);
    check_answer(s, &f, dpll_solve(s), oracle_satisfiable(&f, NULL), 0, config);
    oracle_free(&f);
    dpll_free(s);
  }
  print_message("%ld random formulas: %d of their %ld limited solves gave "
                "UNKNOWN\n",
                count, unknown, 4 * count);
  assert_true(unknown >= count / 4);
}

/* The "algorithm" option may change between solves: answers stay right
 * whichever engine runs, and only cdcl learns.  400 random formulas in a
 * Release build's quick tier. */
static void test_switch_algorithm(void **state) {
  (void)state;
  uint64_t rng = 0x5A1C4ULL;
  long count = tier_cases(400);
  for (int i = 0; i < count; i++) {
    int nv = 3 + oracle_below(&rng, 12);
    oracle_formula f;
    small_formula(&f, &rng, nv);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    int64_t algorithm = -1;
    assert_int_equal(dpll_get_option(s, "algorithm", &algorithm), 0);
    assert_int_equal(algorithm, DPLL_ALGORITHM_CDCL); /* the default */
    add_formula(s, &f, 0);
    for (int round = 0; round < 4; round++) {
      int a = (i + round) % 2 ? DPLL_ALGORITHM_DPLL : DPLL_ALGORITHM_CDCL;
      assert_int_equal(dpll_set_option(s, "algorithm", a), 0);
      if (round == 2) {
        size_t from = f.num_clauses;
        for (int k = 0; k < 1 + nv / 2; k++)
          add_random_clause(&f, &rng, nv, 3);
        add_formula(s, &f, from);
      }
      dpll_stats d;
      int res = solve_counting(s, &d);
      char config[64];
      snprintf(config, sizeof config, "formula %d round %d algorithm %s", i,
               round, a == DPLL_ALGORITHM_CDCL ? "cdcl" : "dpll");
      check_answer(s, &f, res, oracle_satisfiable(&f, NULL), 0, config);
      if (a == DPLL_ALGORITHM_DPLL) {
        assert_int_equal(d.learned, 0);
        assert_int_equal(d.restarts, 0);
      } else
        check_counters(&d, res, DPLL_RESTARTS_GLUCOSE, 1, 1, 1);
      assert_int_equal(dpll_num_clauses(s), stored_count(&f));
    }
    oracle_free(&f);
    dpll_free(s);
  }
  print_message("%ld random formulas, 4 solves each, the engines in turn\n",
                count);
}

/* ---- 4. The trace -------------------------------------------------------- *
 *
 * The events are replayed on an assignment kept here: DECIDE, PROPAGATE
 * and PURE set a free literal at the event's level, BACKTRACK frees every
 * variable set above its level.  Then:
 *   PROPAGATE   the literal is in its reason, whose other literals are
 *               false;
 *   CONFLICT    every literal of the clause is false;
 *   LEARN       it follows a CONFLICT (one LEARN each) and the backjump;
 *               the clause was false at that conflict; now its literal is
 *               free and in it, the others false, the highest of their
 *               levels (0 for a unit) is the event's level, which is the
 *               current one; the very next event is the PROPAGATE of that
 *               literal, by that clause; and the clause follows from
 *               the formula and the clauses learned before it by unit
 *               propagation alone (reverse unit propagation, what a
 *               proof checker asks of a learned clause), which holds
 *               for first-UIP clauses, minimised or not, and needs no
 *               brute force, so large formulas are judged too.
 * A BACKTRACK to level 0 that no LEARN follows is a restart (the one at
 * the end of the solve aside); there are no more of them than restarts
 * counted (a restart at level 0 has nothing to undo and shows nothing).
 * If the answer is SAT, the last full assignment seen is the model. */

enum { TRACE_MAX_VARS = 256, TRACE_MAX_CLAUSE = 256 };

typedef struct replay {
  int nv;
  signed char value[TRACE_MAX_VARS + 1]; /* per variable: 1, -1, 0 free */
  int level_of[TRACE_MAX_VARS + 1];
  int level;
  signed char at_conflict[TRACE_MAX_VARS + 1]; /* values at the conflict */
  int conflict_open; /* a CONFLICT not yet followed by its LEARN */
  int learned_lit;   /* the literal the last LEARN asserts, until set */
  int learned[TRACE_MAX_CLAUSE];
  size_t learned_size;
  unsigned char full[TRACE_MAX_VARS + 1]; /* last full assignment */
  int have_full;
  long events, learns, conflicts, deletes;
  int bare_backtrack; /* the last event but DELETEs: a BACKTRACK to level 0 */
  long restarts;      /* BACKTRACKs to 0 that no LEARN followed */
  int check_rup;      /* whether to judge learned clauses by rup_follows */
  oracle_formula db;  /* the formula, then every clause learned */
  size_t formula_clauses;                    /* the formula's clauses in db */
  signed char rup_value[TRACE_MAX_VARS + 1]; /* scratch of rup_follows */
  char error[256];                           /* the first rule broken */
} replay;

static void replay_init(replay *r, const oracle_formula *f) {
  memset(r, 0, sizeof *r);
  assert_true(f->num_vars <= TRACE_MAX_VARS);
  r->nv = f->num_vars;
  oracle_init(&r->db, f->num_vars);
  for (size_t i = 0; i < f->num_clauses; i++)
    oracle_add(&r->db, f->lits + f->start[i], clause_len(f, i));
  r->formula_clauses = f->num_clauses;
}

/* Whether lits[0..n-1] follows from the clauses of r->db by unit
 * propagation: with each of its literals false, propagating (here by
 * plain passes over every clause) makes some clause false. */
static int rup_follows(replay *r, const int *lits, size_t n) {
  signed char *value = r->rup_value;
  memset(value, 0, sizeof r->rup_value);
  for (size_t k = 0; k < n; k++) {
    int v = var_of(lits[k]), want = lits[k] > 0 ? -1 : 1;
    if (value[v] == -want)
      return 1; /* it holds a literal and its negation */
    value[v] = (signed char)want;
  }
  const oracle_formula *db = &r->db;
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < db->num_clauses; i++) {
      /* The clause's first free literal, and whether another differs
       * from it (a literal may repeat). */
      int free_lit = 0, two_free = 0, satisfied = 0;
      for (size_t k = db->start[i]; k < db->start[i + 1] && !satisfied; k++) {
        int lit = db->lits[k], x = value[var_of(lit)];
        if (x)
          satisfied = (x > 0) == (lit > 0);
        else if (!free_lit)
          free_lit = lit;
        else if (lit != free_lit)
          two_free = 1;
      }
      if (satisfied || two_free)
        continue;
      if (!free_lit)
        return 1;
      value[var_of(free_lit)] = free_lit > 0 ? 1 : -1;
      changed = 1;
    }
  }
  return 0;
}

static void broken(replay *r, const char *fmt, ...)
    CMOCKA_PRINTF_ATTRIBUTE(2, 3);
static void broken(replay *r, const char *fmt, ...) {
  if (r->error[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  int n = snprintf(r->error, sizeof r->error, "event %ld: ", r->events);
  vsnprintf(r->error + n, sizeof r->error - (size_t)n, fmt, ap);
  va_end(ap);
}

/* The value of lit here: 1 true, 0 false, 2 free. */
static int value_of(const replay *r, int lit) {
  int v = r->value[var_of(lit)];
  return v == 0 ? 2 : (v > 0) == (lit > 0);
}

static void remember_full(replay *r) {
  for (int v = 1; v <= r->nv; v++)
    if (!r->value[v])
      return;
  for (int v = 1; v <= r->nv; v++)
    r->full[v] = r->value[v] > 0;
  r->have_full = 1;
}

static void assign(replay *r, const dpll_event *e) {
  int v = var_of(e->lit);
  if (v < 1 || v > r->nv || r->value[v]) {
    broken(r, "literal %d is not free", e->lit);
    return;
  }
  r->value[v] = e->lit > 0 ? 1 : -1;
  r->level_of[v] = e->level;
}

static int all_false_but(const replay *r, const dpll_event *e, int except) {
  for (size_t k = 0; k < e->clause_size; k++)
    if (e->clause[k] != except && value_of(r, e->clause[k]) != 0)
      return 0;
  return 1;
}

static int in_clause(const dpll_event *e, int lit) {
  for (size_t k = 0; k < e->clause_size; k++)
    if (e->clause[k] == lit)
      return 1;
  return 0;
}

/* Whether the clause of e, in any order, is one of the learned clauses
 * kept in r->db (after the formula's own). */
static int was_learned(const replay *r, const dpll_event *e) {
  for (size_t i = r->formula_clauses; i < r->db.num_clauses; i++) {
    size_t n = clause_len(&r->db, i);
    const int *c = r->db.lits + r->db.start[i];
    int all = n == e->clause_size;
    for (size_t k = 0; all && k < n; k++)
      all = in_clause(e, c[k]);
    if (all)
      return 1;
  }
  return 0;
}

static void on_event(void *ctx, const dpll_event *e) {
  replay *r = ctx;
  r->events++;
  if (r->bare_backtrack && e->kind != DPLL_EVENT_LEARN &&
      e->kind != DPLL_EVENT_DELETE)
    r->restarts++;
  r->bare_backtrack =
      (e->kind == DPLL_EVENT_BACKTRACK && e->level == 0 && r->level > 0) ||
      (r->bare_backtrack && e->kind == DPLL_EVENT_DELETE);
  if (r->learned_lit) {
    /* The LEARN before must be followed at once by its assignment. */
    int same = e->kind == DPLL_EVENT_PROPAGATE && e->lit == r->learned_lit &&
               e->clause_size == r->learned_size && e->level == r->level;
    for (size_t k = 0; same && k < e->clause_size; k++)
      same = e->clause[k] == r->learned[k];
    if (!same)
      broken(r, "the learned literal %d is not propagated next",
             r->learned_lit);
    r->learned_lit = 0;
  }
  switch (e->kind) {
  case DPLL_EVENT_DECIDE:
    if (e->level != r->level + 1)
      broken(r, "decision at level %d after level %d", e->level, r->level);
    r->level = e->level;
    assign(r, e);
    break;
  case DPLL_EVENT_PROPAGATE:
    if (e->level != r->level)
      broken(r, "propagation at level %d, current %d", e->level, r->level);
    if (!in_clause(e, e->lit) || !all_false_but(r, e, e->lit))
      broken(r, "%d is not implied by its reason", e->lit);
    assign(r, e);
    break;
  case DPLL_EVENT_PURE:
    if (e->level != 0)
      broken(r, "cdcl set pure literal %d at level %d", e->lit, e->level);
    assign(r, e);
    break;
  case DPLL_EVENT_PROBED:
    broken(r, "cdcl set %d for a failed probe", e->lit);
    break;
  case DPLL_EVENT_CONFLICT:
    r->conflicts++;
    if (!e->clause || !all_false_but(r, e, 0))
      broken(r, "the conflict clause is not false");
    memcpy(r->at_conflict, r->value, sizeof r->value);
    r->conflict_open = 1;
    break;
  case DPLL_EVENT_BACKTRACK:
    if (e->level >= r->level)
      broken(r, "backtrack to level %d from %d", e->level, r->level);
    remember_full(r);
    for (int v = 1; v <= r->nv; v++)
      if (r->value[v] && r->level_of[v] > e->level)
        r->value[v] = 0;
    r->level = e->level;
    break;
  case DPLL_EVENT_LEARN: {
    r->learns++;
    if (!r->conflict_open)
      broken(r, "a clause learned without a conflict");
    r->conflict_open = 0;
    if (e->level != r->level)
      broken(r, "learned at level %d, current %d", e->level, r->level);
    if (!e->clause || e->clause_size > TRACE_MAX_CLAUSE ||
        !in_clause(e, e->lit)) {
      broken(r, "the learned literal %d is not in its clause", e->lit);
      break;
    }
    int highest = 0;
    for (size_t k = 0; k < e->clause_size; k++) {
      int lit = e->clause[k], v = var_of(lit);
      r->learned[k] = lit;
      int was = r->at_conflict[v];
      if (!was || (was > 0) == (lit > 0))
        broken(r, "learned literal %d was not false at the conflict", lit);
      if (lit != e->lit && r->level_of[v] > highest)
        highest = r->level_of[v];
    }
    r->learned_size = e->clause_size;
    if (value_of(r, e->lit) != 2 || !all_false_but(r, e, e->lit))
      broken(r, "the learned clause does not assert %d after the backjump",
             e->lit);
    if (highest != e->level)
      broken(r, "backjump to level %d, the clause asks for %d", e->level,
             highest);
    if (r->check_rup) {
      if (!rup_follows(r, e->clause, e->clause_size))
        broken(r, "the learned clause does not follow by unit propagation");
      oracle_add(&r->db, e->clause, e->clause_size);
    }
    r->learned_lit = e->lit;
    break;
  }
  case DPLL_EVENT_DELETE:
    r->deletes++;
    if (e->lit != 0 || !e->clause || e->clause_size == 0)
      broken(r, "a deletion without its clause");
    else if (r->check_rup && !was_learned(r, e))
      broken(r, "a deleted clause was never learned");
    break;
  }
}

typedef struct trace_totals {
  long learns, restarts_seen;
  uint64_t restarts;
} trace_totals;

/* Solves f with the trace replayed; checks the rules and the answer.
 * check_rup: judge learned clauses by unit propagation too (its plain
 * passes take time on long searches). */
static void solve_replayed(const oracle_formula *f, int expect, int restarts,
                           int reduce, int pure, int check_rup,
                           const char *config, trace_totals *totals) {
  dpll_solver *s = cdcl_solver();
  set_options(s, restarts, reduce, 1, pure);
  replay *r = malloc(sizeof *r);
  assert_non_null(r);
  replay_init(r, f);
  r->check_rup = check_rup;
  dpll_set_trace(s, on_event, r);
  add_formula(s, f, 0);
  r->nv = dpll_num_vars(s); /* variables in no clause do not exist */
  dpll_stats d;
  int res = solve_counting(s, &d);
  dpll_set_trace(s, NULL, NULL);
  if (r->error[0]) {
    print_message("%s: %s\n", config, r->error);
    if (f->num_vars <= 24)
      show("the formula", f);
    fail();
  }
  check_answer(s, f, res, expect, 0, config);
  assert_int_equal(r->learns, (long)d.learned);
  assert_int_equal(r->conflicts, (long)d.conflicts);
  assert_int_equal(r->learned_lit, 0);
  /* Learned clauses are deleted by reductions only; the rest stay for
   * later solves. */
  assert_true(r->deletes <= r->learns);
  if (res == DPLL_SAT) {
    remember_full(r);
    assert_true(r->have_full);
    for (int v = 1; v <= dpll_num_vars(s); v++)
      assert_int_equal(dpll_model(s, v), r->full[v]);
  }
  assert_true((uint64_t)r->restarts <= d.restarts);
  totals->learns += r->learns;
  totals->restarts_seen += r->restarts;
  totals->restarts += d.restarts;
  oracle_free(&r->db);
  free(r);
  dpll_free(s);
}

/* 500 random formulas in a Release build's quick tier, then three large
 * ones. */
static void test_trace(void **state) {
  (void)state;
  uint64_t rng = 0x7ACEULL;
  long count = tier_cases(500);
  trace_totals totals = {0, 0, 0};
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 4 + oracle_below(&rng, 11);
    if (i % 2)
      small_formula(&f, &rng, nv);
    else
      oracle_random(&f, &rng, nv, (size_t)(4 * nv + oracle_below(&rng, 2 * nv)),
                    3, 3);
    char config[64];
    snprintf(config, sizeof config, "trace, formula %d", i);
    solve_replayed(&f, oracle_satisfiable(&f, NULL), i % 3, (i / 3) % 2,
                   (i / 6) % 2, 1, config, &totals);
    oracle_free(&f);
  }
  /* Restarts and reductions on the way; on PHP(9, 8) thousands of learned
   * clauses are deleted and the clause arena is compacted, which moves
   * the clauses that are reasons of the assignment. */
  oracle_formula f;
  pigeonhole(&f, 8, 7, 8);
  solve_replayed(&f, 0, DPLL_RESTARTS_LUBY, 1, 1, 1, "trace, PHP(8, 7)",
                 &totals);
  oracle_free(&f);
  pigeonhole(&f, 9, 8, 9);
  solve_replayed(&f, 0, DPLL_RESTARTS_GLUCOSE, 1, 1, 0, "trace, PHP(9, 8)",
                 &totals);
  oracle_free(&f);
  unsigned char hidden[151];
  for (int v = 1; v <= 150; v++)
    hidden[v] = (unsigned char)oracle_below(&rng, 2);
  random_3sat(&f, &rng, 150, 639, hidden);
  solve_replayed(&f, 1, DPLL_RESTARTS_GLUCOSE, 1, 1, 1,
                 "trace, planted 3-SAT n 150", &totals);
  oracle_free(&f);
  print_message("%ld random formulas and 3 large ones: %ld learned clauses "
                "replayed; %ld of %llu restarts seen\n",
                count, totals.learns, totals.restarts_seen,
                (unsigned long long)totals.restarts);
  assert_true(totals.learns >= 3000);
  assert_true(totals.restarts_seen >= 10);
}

/* ---- 5. Heuristics ------------------------------------------------------- */

/* A running hash of the events, to compare two searches. */
typedef struct digest {
  uint64_t h;
  long n;
} digest;

static void mix(digest *d, int64_t x) {
  d->h ^= (uint64_t)x;
  d->h *= 0x100000001B3ULL;
}

static void hash_event(void *ctx, const dpll_event *e) {
  digest *d = ctx;
  mix(d, e->kind);
  mix(d, e->lit);
  mix(d, e->level);
  mix(d, e->flipped);
  for (size_t k = 0; k < e->clause_size; k++)
    mix(d, e->clause[k]);
  d->n++;
}

static void test_heuristic_default(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  int64_t value = -1;
  assert_int_equal(dpll_get_option(s, "heuristic", &value), 0);
  assert_int_equal(value, DPLL_HEURISTIC_AUTO);
  assert_string_equal(dpll_heuristic_name(DPLL_HEURISTIC_AUTO), "auto");
  assert_int_equal(dpll_heuristic_lookup("auto"), DPLL_HEURISTIC_AUTO);
  assert_int_equal(DPLL_HEURISTIC_AUTO, 5); /* its number since 0.1.0 */
  dpll_free(s);

  /* "auto" is "activity" under cdcl and "first" under dpll: the same
   * search, event for event, on 300 random formulas in a Release build's
   * quick tier. */
  uint64_t rng = 0xA070ULL;
  long count = tier_cases(300);
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 4 + oracle_below(&rng, 13);
    oracle_random(&f, &rng, nv, (size_t)(4 * nv + oracle_below(&rng, 2 * nv)),
                  3, 3);
    for (int a = DPLL_ALGORITHM_DPLL; a <= DPLL_ALGORITHM_CDCL; a++) {
      int same_as = a == DPLL_ALGORITHM_CDCL ? DPLL_HEURISTIC_ACTIVITY
                                             : DPLL_HEURISTIC_FIRST;
      digest d[2];
      int res[2];
      for (int run = 0; run < 2; run++) {
        s = dpll_new();
        assert_non_null(s);
        assert_int_equal(dpll_set_option(s, "algorithm", a), 0);
        if (run)
          assert_int_equal(dpll_set_option(s, "heuristic", same_as), 0);
        d[run] = (digest){0xCBF29CE484222325ULL, 0};
        dpll_set_trace(s, hash_event, &d[run]);
        add_formula(s, &f, 0);
        res[run] = dpll_solve(s);
        dpll_free(s);
      }
      CHECK(res[0] == res[1] && d[0].n == d[1].n && d[0].h == d[1].h,
            "formula %d, algorithm %d: \"auto\" answered %d in %ld events, "
            "\"%s\" %d in %ld (or other events)",
            i, a, res[0], d[0].n, dpll_heuristic_name(same_as), res[1], d[1].n);
    }
    oracle_free(&f);
  }
  print_message("%ld random formulas searched alike under both engines\n",
                count);
}

/* Every heuristic (and two seeds of the random one) with cdcl: random
 * small formulas judged by the oracle (300 each in a Release build's quick
 * tier), a pigeonhole formula (UNSAT) and a planted 3-SAT formula (SAT). */
static void test_heuristics(void **state) {
  (void)state;
  uint64_t rng = 0x4E0B1ULL;
  long count = tier_cases(300);
  oracle_formula php, planted;
  pigeonhole(&php, 7, 6, 7);
  unsigned char hidden[81];
  for (int v = 1; v <= 80; v++)
    hidden[v] = (unsigned char)oracle_below(&rng, 2);
  random_3sat(&planted, &rng, 80, 340, hidden);
  for (int h = 0; h < DPLL_NUM_HEURISTICS; h++)
    for (int seed = 0; seed < (h == DPLL_HEURISTIC_RANDOM ? 2 : 1); seed++) {
      char config[64];
      snprintf(config, sizeof config, "heuristic %s seed %d",
               dpll_heuristic_name(h), seed);
      for (int i = 0; i < count; i++) {
        oracle_formula f;
        small_formula(&f, &rng, 1 + oracle_below(&rng, ANSWER_MAX_VARS));
        dpll_solver *s = cdcl_solver();
        assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
        assert_int_equal(dpll_set_option(s, "seed", 12345 * seed), 0);
        assert_int_equal(dpll_set_option(s, "pure", i % 2), 0);
        add_formula(s, &f, 0);
        char name[96];
        snprintf(name, sizeof name, "%s, formula %d", config, i);
        check_answer(s, &f, dpll_solve(s), oracle_satisfiable(&f, NULL), 0,
                     name);
        dpll_free(s);
        oracle_free(&f);
      }
      for (int which = 0; which < 2; which++) {
        const oracle_formula *g = which ? &planted : &php;
        dpll_solver *s = cdcl_solver();
        assert_int_equal(dpll_set_option(s, "heuristic", h), 0);
        assert_int_equal(dpll_set_option(s, "seed", 12345 * seed), 0);
        add_formula(s, g, 0);
        dpll_stats d;
        int res = solve_counting(s, &d);
        check_answer(s, g, res, which, 0, config);
        check_counters(&d, res, DPLL_RESTARTS_GLUCOSE, 1, 1, 1);
        if (!which)
          assert_true(d.learned > 0);
        dpll_free(s);
      }
    }
  print_message("%ld random formulas under each of %d heuristics (the random "
                "one with two seeds)\n",
                count, DPLL_NUM_HEURISTICS);
  oracle_free(&php);
  oracle_free(&planted);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_options_against_oracle),
      cmocka_unit_test(test_hand_counts),
      cmocka_unit_test(test_lucky),
      cmocka_unit_test(test_eliminate),
      cmocka_unit_test(test_eliminate_gates),
      cmocka_unit_test(test_pigeonhole),
      cmocka_unit_test(test_random_3sat),
      cmocka_unit_test(test_incremental),
      cmocka_unit_test(test_incremental_pigeons),
      cmocka_unit_test(test_incremental_large),
      cmocka_unit_test(test_conflict_limit),
      cmocka_unit_test(test_switch_algorithm),
      cmocka_unit_test(test_trace),
      cmocka_unit_test(test_heuristic_default),
      cmocka_unit_test(test_heuristics),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
