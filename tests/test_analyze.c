/* test_analyze.c - conflict analysis for the conflict-driven engine
 * (analyze.c), white-box: the first-UIP clause, its minimisation, its
 * backjump level and LBD, and learning it (dpll__learn).
 *
 * Three conflicts worked out by hand (each in the comment above its test)
 * are reached with the public steps (dpll_decide, dpll_propagate) and then
 * analysed.  Random formulas are then driven by hand through whole
 * conflict-driven searches: every analysis is compared with a resolution
 * derivation written here, and every learned clause is shown implied by
 * the formula with the brute force of tests/oracle.c; reductions and
 * restarts called in between must leave the trail's reasons and the
 * learned clauses' watches as analysis needs them.  Last, the clauses
 * that dpll_solve learns, seen through the trace, are judged by brute
 * force too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "analyze.h"
#include "clausedb.h"
#include "internal.h"
#include "oracle.h"
#include "propagate.h"
#include "reduce.h"
#include "restart.h"
#include "testutil.h"
#include "vars.h"
#include "watches.h"

#include <stdlib.h>
#include <string.h>

/* ---- Helpers ------------------------------------------------------------- */

static dpll_solver *cdcl_solver(int minimize) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
  assert_int_equal(dpll_set_option(s, "minimize", minimize), 0);
  return s;
}

static int var_of(int ext) { return ext < 0 ? -ext : ext; }

/* Decides lits[0..n-1] in turn, propagating after each: only the last
 * propagation finds a false clause. */
static void drive_to_conflict(dpll_solver *s, const int *lits, int n) {
  assert_int_equal(dpll_propagate(s), 0);
  for (int i = 0; i < n; i++) {
    assert_int_equal(dpll_decide(s, lits[i]), 0);
    assert_int_equal(dpll_propagate(s), i == n - 1 ? DPLL_CONFLICT : 0);
  }
  assert_int_equal(dpll_level(s), n);
  assert_true(s->trail.has_conflict);
}

/* learnt[0..learnt_size-1] is expect[0..n-1]: the same first literal (the
 * asserting one), the others in any order. */
static void expect_learnt(const dpll_solver *s, const int *expect, size_t n) {
  assert_int_equal(s->an.learnt_size, n);
  assert_int_equal(lit_to_ext(s->an.learnt[0]), expect[0]);
  for (size_t i = 1; i < n; i++) {
    int found = 0;
    for (size_t k = 1; k < s->an.learnt_size; k++)
      found += lit_to_ext(s->an.learnt[k]) == expect[i];
    CHECK(found == 1, "literal %d of the expected clause is missing",
          expect[i]);
  }
}

static void expect_nothing_seen(const dpll_solver *s) {
  for (int v = 0; v <= s->num_vars; v++)
    CHECK(s->an.seen[v] == 0, "variable %d is left seen", v);
}

/* dpll__learn with what dpll__analyze returned, and what it must do: jump
 * to the level, store the clause (learned, its LBD, learnt[0] first) and
 * assert learnt[0] with the clause as its reason; the counters follow and
 * the formula's clause count does not. */
static void learn_and_check(dpll_solver *s, int level, uint32_t lbd) {
  dpll_stats before, after;
  size_t clauses = dpll_num_clauses(s), learnts = s->store.num_learnts;
  size_t n = s->an.learnt_size;
  unsigned first = s->an.learnt[0];
  dpll_get_stats(s, &before);
  assert_int_equal(dpll__learn(s, level, lbd), 0);
  dpll_get_stats(s, &after);
  assert_int_equal(dpll_level(s), level);
  assert_int_equal(dpll_value(s, lit_to_ext(first)), 1);
  assert_int_equal(after.learned, before.learned + 1);
  assert_int_equal(after.learned_lits, before.learned_lits + n);
  assert_int_equal(dpll_num_clauses(s), clauses);
  assert_int_equal(s->store.num_learnts, learnts + 1);
  cref ref = s->store.learnts[learnts];
  const clause *c = dpll__clause(s, ref);
  assert_int_equal(c->size, n);
  assert_true(c->flags & CLAUSE_LEARNED);
  assert_int_equal(clause_lbd(c), lbd);
  for (size_t k = 0; k < n; k++)
    assert_int_equal(c->lits[k], s->an.learnt[k]);
  assert_int_equal(s->trail.reason[lit_var(first)], ref);
  assert_false(s->trail.has_conflict);
}

/* ---- Worked examples ----------------------------------------------------- */

/* The textbook case, where the first UIP is not the decision:
 *
 *   c1 (-3 4)  c2 (-4 -1 5)  c3 (-4 -2 6)  c4 (-5 -6 7)  c5 (-5 -6 -7)
 *
 * Decide 1 (level 1), 2 (level 2), 3 (level 3); nothing is forced before
 * 3.  Then 3 forces 4 (c1), 4 with 1 forces 5 (c2), 4 with 2 forces 6
 * (c3), and 5 and 6 leave c4 and c5 unit on 7 and -7: one of them forces,
 * the other is false.  Resolving from the false clause:
 *   c4 with c5 on 7:   (-5 -6)
 *   with c3 on 6:      (-5 -4 -2)
 *   with c2 on 5:      (-4 -2 -1)     one literal of level 3 is left
 * The UIP is 4 (every path from the decision 3 to the conflict goes
 * through it).  Learned: (-4 -2 -1) with learnt[0] = -4, learnt[1] = -2
 * (level 2, the highest below 3); backjump to level 2; LBD 3 (levels 3,
 * 2 and 1).  -2 and -1 are decisions, so minimisation removes nothing.
 * After learning: level 2, 4 false; propagating forces -3 by c1. */
static void test_first_uip(void **state) {
  (void)state;
  for (int minimize = 0; minimize <= 1; minimize++) {
    dpll_solver *s = cdcl_solver(minimize);
    assert_int_equal(add(s, 2, -3, 4), 0);
    assert_int_equal(add(s, 3, -4, -1, 5), 0);
    assert_int_equal(add(s, 3, -4, -2, 6), 0);
    assert_int_equal(add(s, 3, -5, -6, 7), 0);
    assert_int_equal(add(s, 3, -5, -6, -7), 0);
    const int decisions[] = {1, 2, 3};
    drive_to_conflict(s, decisions, 3);
    assert_true(s->trail.reason[4] < CREF_MAX); /* 4 is implied, not decided */
    dpll_stats before, after;
    dpll_get_stats(s, &before);
    uint32_t lbd = 0;
    int level = dpll__analyze(s, s->trail.conflict, &lbd);
    dpll_get_stats(s, &after);
    const int expect[] = {-4, -2, -1};
    expect_learnt(s, expect, 3);
    assert_int_equal(lit_to_ext(s->an.learnt[1]), -2);
    assert_int_equal(level, 2);
    assert_int_equal(lbd, 3);
    assert_int_equal(after.minimized, before.minimized);
    expect_nothing_seen(s);
    learn_and_check(s, level, lbd);
    assert_int_equal(dpll_value(s, 4), 0);
    assert_int_equal(dpll_value(s, 3), DPLL_UNASSIGNED);
    assert_int_equal(dpll_value(s, 1), 1);
    assert_int_equal(dpll_value(s, 2), 1);
    assert_int_equal(dpll_propagate(s), 0);
    assert_int_equal(dpll_value(s, 3), 0);
    dpll_free(s);
  }
}

/* A learned unit, and a literal of level 0 left out:
 *
 *   (5)  (-1 4)  (-4 -5 2)  (-4 3)  (-2 -3)
 *
 * 5 is set at level 0 as its clause is added.  Decide 1 (level 1): 1
 * forces 4, 4 (with 5) forces 2 and 4 forces 3, and (-2 -3) is false.
 *   (-2 -3) with (3 -4) on 3:    (-2 -4)
 *   with (2 -4 -5) on 2:         (-4 -5)
 * -5 is false at level 0, in every model: it is dropped, leaving the unit
 * (-4).  The UIP is 4, not the decision 1.  Backjump to level 0, LBD 1;
 * after learning 4 is false at level 0 and propagation forces -1 by
 * (-1 4). */
static void test_learned_unit(void **state) {
  (void)state;
  for (int minimize = 0; minimize <= 1; minimize++) {
    dpll_solver *s = cdcl_solver(minimize);
    assert_int_equal(add(s, 1, 5), 0);
    assert_int_equal(add(s, 2, -1, 4), 0);
    assert_int_equal(add(s, 3, -4, -5, 2), 0);
    assert_int_equal(add(s, 2, -4, 3), 0);
    assert_int_equal(add(s, 2, -2, -3), 0);
    assert_int_equal(dpll_value(s, 5), 1);
    const int decisions[] = {1};
    drive_to_conflict(s, decisions, 1);
    uint32_t lbd = 0;
    int level = dpll__analyze(s, s->trail.conflict, &lbd);
    const int expect[] = {-4};
    expect_learnt(s, expect, 1);
    assert_int_equal(level, 0);
    assert_int_equal(lbd, 1);
    expect_nothing_seen(s);
    learn_and_check(s, level, lbd);
    assert_int_equal(s->trail.level[4], 0);
    assert_int_equal(dpll_value(s, 1), DPLL_UNASSIGNED);
    assert_int_equal(dpll_propagate(s), 0);
    assert_int_equal(dpll_value(s, 1), 0);
    assert_int_equal(dpll_value(s, 5), 1);
    /* The formula alone now has the answer: 1 and 4 false, 5 true; 2 and
     * 3 are free but not both true. */
    assert_int_equal(dpll_solve(s), DPLL_SAT);
    assert_int_equal(dpll_model(s, 4), 0);
    assert_int_equal(dpll_model(s, 2) && dpll_model(s, 3), 0);
    dpll_free(s);
  }
}

/* Minimisation removes a literal that the others imply:
 *
 *   (8)  (-1 5)  (-5 -8 2)  (-6 -1 7)  (-3 -1 4)  (-3 -2 -7 -4)
 *
 * 8 is set at level 0.  Decide 1 (level 1): 5, then 2 (with 8).  Decide 6
 * (level 2): 7 (with 1).  Decide 3 (level 3): (-3 -1 4) and (-3 -2 -7 -4)
 * are both unit, on 4 and -4: one forces, the other is false.  Resolving
 * them on 4 gives (-3 -1 -2 -7), with one literal of level 3, so the UIP
 * is the decision 3.  Without minimisation that is the clause:
 * learnt[0] = -3, learnt[1] = -7 (level 2), backjump to 2, LBD 3.
 * Minimisation asks of each other literal whether the rest imply it:
 *   -1: 1 is a decision: kept;
 *   -2: 2's reason (2 -5 -8): 8 is of level 0, and 5's reason (5 -1) ends
 *       in 1, which the clause holds: implied, removed;
 *   -7: 7's reason (7 -6 -1) holds the decision 6, which the clause does
 *       not: kept.
 * With "minimize" 1 the clause is (-3 -1 -7), stats.minimized grows by 1,
 * and the level and LBD stay 2 and 3. */
static void test_minimize(void **state) {
  (void)state;
  for (int minimize = 0; minimize <= 1; minimize++) {
    dpll_solver *s = cdcl_solver(minimize);
    assert_int_equal(add(s, 1, 8), 0);
    assert_int_equal(add(s, 2, -1, 5), 0);
    assert_int_equal(add(s, 3, -5, -8, 2), 0);
    assert_int_equal(add(s, 3, -6, -1, 7), 0);
    assert_int_equal(add(s, 3, -3, -1, 4), 0);
    assert_int_equal(add(s, 4, -3, -2, -7, -4), 0);
    const int decisions[] = {1, 6, 3};
    drive_to_conflict(s, decisions, 3);
    assert_int_equal(s->trail.level[2], 1);
    assert_int_equal(s->trail.level[7], 2);
    dpll_stats before, after;
    dpll_get_stats(s, &before);
    uint32_t lbd = 0;
    int level = dpll__analyze(s, s->trail.conflict, &lbd);
    dpll_get_stats(s, &after);
    if (minimize) {
      const int expect[] = {-3, -1, -7};
      expect_learnt(s, expect, 3);
      assert_int_equal(after.minimized, before.minimized + 1);
    } else {
      const int expect[] = {-3, -1, -2, -7};
      expect_learnt(s, expect, 4);
      assert_int_equal(after.minimized, before.minimized);
    }
    assert_int_equal(lit_to_ext(s->an.learnt[1]), -7);
    assert_int_equal(level, 2);
    assert_int_equal(lbd, 3);
    expect_nothing_seen(s);
    learn_and_check(s, level, lbd);
    assert_int_equal(dpll_value(s, 3), 0);
    assert_int_equal(dpll_value(s, 7), 1);
    assert_int_equal(dpll_value(s, 4), DPLL_UNASSIGNED);
    dpll_free(s);
  }
}

/* ---- Random searches driven by hand --------------------------------------
 *
 * A random formula is searched with random decisions; at every conflict
 * above level 0 the clause is derived twice by dpll__analyze, without and
 * with minimisation, and checked against resolve_by_hand and against the
 * rules any learned clause must keep; one of the two is learned and the
 * search goes on, until every variable is set (the assignment must then
 * satisfy the formula) or a conflict at level 0 (the formula must then be
 * unsatisfiable).  dpll__reduce and dpll__restart are called in between,
 * as the engine would, only far more often. */

enum {
  /* The numbers of formulas in a Release build's quick tier
   * (tests/tier.h). */
  SEARCH_FORMULAS = 3000, /* with 6 to SEARCH_MAX_VARS variables */
  SEARCH_MAX_VARS = 14,
  REDUCE_FORMULAS = 150, /* pigeonhole, or 3-SAT with 20 to 24 variables */
  STEP_GUARD = 1000000   /* steps of one search by hand */
};

/* The first-UIP clause by plain resolution, independent of analyze.c: the
 * clause is held per variable (in[v]: 0, or the literal of v it holds);
 * while it has more than one literal of the current level, the one
 * assigned last is resolved away with its reason.  Level 0 literals are
 * left out.  Writes the clause to out (out[0]: the literal of the current
 * level) and returns its size; in[] is zero again afterwards. */
static size_t resolve_by_hand(const dpll_solver *s, cref conflict, int *in,
                              int *out) {
  int top = s->trail.decision_level, current = 0;
  const clause *c = dpll__clause(s, conflict);
  for (uint32_t k = 0; k < c->size; k++) {
    int ext = lit_to_ext(c->lits[k]), v = var_of(ext);
    assert_int_equal(dpll_value(s, ext), 0);
    if (s->trail.level[v] == 0)
      continue;
    assert_int_equal(in[v], 0); /* a clause holds a variable once */
    in[v] = ext;
    current += s->trail.level[v] == top;
  }
  for (size_t i = s->trail.size; current > 1;) {
    assert_true(i >
                s->trail.level_start[top - 1]); /* within the current level */
    int ext = lit_to_ext(s->trail.lits[--i]), v = var_of(ext);
    if (!in[v])
      continue;
    assert_int_equal(in[v], -ext);
    cref why = s->trail.reason[v];
    assert_true(why < CREF_MAX); /* not the decision: others are left */
    in[v] = 0;
    current--;
    const clause *r = dpll__clause(s, why);
    for (uint32_t k = 0; k < r->size; k++) {
      int q = lit_to_ext(r->lits[k]), w = var_of(q);
      if (w == v) {
        assert_int_equal(q, ext);
        continue;
      }
      assert_int_equal(dpll_value(s, q), 0);
      if (s->trail.level[w] == 0)
        continue;
      if (in[w]) {
        assert_int_equal(in[w], q);
        continue;
      }
      in[w] = q;
      current += s->trail.level[w] == top;
    }
  }
  size_t n = 1;
  for (int v = 1; v <= s->num_vars; v++) {
    if (!in[v])
      continue;
    if (s->trail.level[v] == top)
      out[0] = in[v];
    else
      out[n++] = in[v];
    in[v] = 0;
  }
  return n;
}

/* Whether lits[0..n-1] is implied by f: f and the negation of each literal
 * have no model. */
static int implied_by(const oracle_formula *f, const int *lits, size_t n) {
  oracle_formula g;
  oracle_init(&g, f->num_vars);
  for (size_t i = 0; i < f->num_clauses; i++)
    oracle_add(&g, f->lits + f->start[i], f->start[i + 1] - f->start[i]);
  for (size_t k = 0; k < n; k++) {
    int unit = -lits[k];
    oracle_add(&g, &unit, 1);
  }
  int sat = oracle_satisfiable(&g, NULL);
  oracle_free(&g);
  return !sat;
}

/* The rules for what dpll__analyze left in learnt[] and returned: every
 * literal false, no variable twice, none of level 0, exactly learnt[0] of
 * the current level, learnt[1] of the highest level among the rest, which
 * is the level returned (0 for a unit), and the LBD the number of levels. */
static void check_learnt(const dpll_solver *s, int level, uint32_t lbd) {
  int top = s->trail.decision_level;
  size_t n = s->an.learnt_size;
  assert_true(n >= 1);
  int highest = 0;
  uint32_t levels = 0;
  for (size_t i = 0; i < n; i++) {
    int ext = lit_to_ext(s->an.learnt[i]), l = s->trail.level[var_of(ext)];
    assert_int_equal(dpll_value(s, ext), 0);
    assert_true(l > 0);
    assert_true(i == 0 ? l == top : l < top);
    if (i > 0 && l > highest)
      highest = l;
    int new_level = 1;
    for (size_t k = 0; k < i; k++) {
      assert_true(lit_var(s->an.learnt[k]) != lit_var(s->an.learnt[i]));
      if (s->trail.level[lit_var(s->an.learnt[k])] == l)
        new_level = 0;
    }
    levels += (uint32_t)new_level;
  }
  if (n > 1)
    assert_int_equal(s->trail.level[lit_var(s->an.learnt[1])], highest);
  assert_int_equal(level, highest);
  assert_int_equal(lbd, levels);
}

static int holds(const int *lits, size_t n, int lit) {
  for (size_t k = 0; k < n; k++)
    if (lits[k] == lit)
      return 1;
  return 0;
}

/* What the random searches covered, so that the test fails if they stop
 * reaching the interesting cases. */
typedef struct coverage {
  int conflicts, units, implied_uips, shortened, sat, unsat;
  int reductions, restarts;
  uint64_t deleted;
} coverage;

static int watched(const dpll_solver *s, unsigned lit, cref ref) {
  const watch *items = dpll__watch_list(s, lit)->items;
  for (uint32_t i = 0; i < s->watch.lists[lit].size; i++)
    if (watch_clause(items[i]) == ref)
      return 1;
  return 0;
}

/* What analysis relies on, after learning, reducing or restarting: every
 * literal of the trail is true; the first literal of each level above 0
 * is its decision (no reason); every other one is forced by a live clause
 * that holds it first (or second, in a clause of two literals), with the
 * others false at its level or below.  And every learned clause is live
 * and watched by its first two literals, the watches of a clause of two
 * literals marked binary with the other literal as blocker, and no watch
 * is left on a deleted clause. */
static void check_trail(const dpll_solver *s) {
  for (size_t i = 0; i < s->trail.size; i++) {
    unsigned lit = s->trail.lits[i];
    int v = (int)lit_var(lit), l = s->trail.level[v];
    assert_int_equal(s->trail.vals[lit], 1);
    cref why = s->trail.reason[v];
    if (l > 0 && s->trail.level_start[l - 1] == i) {
      assert_int_equal(why, CREF_NONE);
      continue;
    }
    assert_true(why < CREF_MAX);
    const clause *c = dpll__clause(s, why);
    assert_false(c->flags & CLAUSE_DELETED);
    uint32_t at = c->size == 2 && c->lits[1] == lit ? 1 : 0;
    assert_int_equal(c->lits[at], lit);
    for (uint32_t k = 0; k < c->size; k++) {
      if (k == at)
        continue;
      assert_int_equal(s->trail.vals[c->lits[k]], -1);
      assert_true(s->trail.level[lit_var(c->lits[k])] <= l);
    }
  }
  for (size_t j = 0; j < s->store.num_learnts; j++) {
    cref ref = s->store.learnts[j];
    const clause *c = dpll__clause(s, ref);
    assert_int_equal(c->flags & (CLAUSE_LEARNED | CLAUSE_DELETED),
                     CLAUSE_LEARNED);
    if (c->size >= 2) {
      assert_true(watched(s, c->lits[0], ref));
      assert_true(watched(s, c->lits[1], ref));
    }
  }
  for (size_t l = 2; l < 2 * ((size_t)s->num_vars + 1); l++)
    for (uint32_t i = 0; i < s->watch.lists[l].size; i++) {
      watch w = dpll__watch_list(s, (unsigned)l)->items[i];
      const clause *c = dpll__clause(s, watch_clause(w));
      assert_false(c->flags & CLAUSE_DELETED);
      assert_int_equal((w.ref & WATCH_BINARY) != 0, c->size == 2);
      if (c->size == 2)
        assert_int_equal(w.blocker, c->lits[c->lits[0] == l ? 1 : 0]);
    }
}

/* One conflict at level > 0: both analyses, their checks, and learning;
 * with f not NULL, both clauses are shown implied by f. */
static void analyse_conflict(dpll_solver *s, const oracle_formula *f,
                             uint64_t *rng, coverage *cov) {
  int nv = s->num_vars;
  int *in = calloc((size_t)nv + 1, sizeof *in);
  int *hand = calloc((size_t)nv + 1, sizeof *hand);
  int *plain = calloc((size_t)nv + 1, sizeof *plain);
  assert_true(in && hand && plain);
  size_t hand_n = resolve_by_hand(s, s->trail.conflict, in, hand);

  /* Without minimisation: exactly the resolution clause. */
  assert_int_equal(dpll_set_option(s, "minimize", 0), 0);
  uint32_t lbd = 0;
  int level = dpll__analyze(s, s->trail.conflict, &lbd);
  expect_nothing_seen(s);
  check_learnt(s, level, lbd);
  expect_learnt(s, hand, hand_n);
  size_t plain_n = s->an.learnt_size;
  for (size_t k = 0; k < plain_n; k++)
    plain[k] = lit_to_ext(s->an.learnt[k]);
  assert_true(!f || implied_by(f, plain, plain_n));

  /* With it: a subset, asserting the same literal, still implied. */
  dpll_stats before, after;
  dpll_get_stats(s, &before);
  assert_int_equal(dpll_set_option(s, "minimize", 1), 0);
  level = dpll__analyze(s, s->trail.conflict, &lbd);
  dpll_get_stats(s, &after);
  expect_nothing_seen(s);
  check_learnt(s, level, lbd);
  size_t n = s->an.learnt_size;
  assert_true(n <= plain_n);
  assert_int_equal(s->an.learnt[0], lit_from_ext(plain[0]));
  int *mini = in; /* in[] is all zero again: reuse it */
  for (size_t k = 0; k < n; k++) {
    mini[k] = lit_to_ext(s->an.learnt[k]);
    assert_true(holds(plain, plain_n, mini[k]));
  }
  assert_int_equal(after.minimized - before.minimized, plain_n - n);
  assert_true(!f || implied_by(f, mini, n));
  /* A removed literal is never a decision: a decision implies nothing. */
  for (size_t k = 1; k < plain_n; k++)
    if (!holds(mini, n, plain[k]))
      assert_true(s->trail.reason[var_of(plain[k])] < CREF_MAX);

  cov->conflicts++;
  cov->units += n == 1;
  cov->implied_uips += s->trail.reason[lit_var(s->an.learnt[0])] < CREF_MAX;
  cov->shortened += n < plain_n;

  /* Usually the minimised clause is learned; now and then the other. */
  if (oracle_below(rng, 4) == 0) {
    assert_int_equal(dpll_set_option(s, "minimize", 0), 0);
    level = dpll__analyze(s, s->trail.conflict, &lbd);
    expect_learnt(s, plain, plain_n);
  }
  learn_and_check(s, level, lbd);
  check_trail(s);
  free(in);
  free(hand);
  free(plain);
}

/* A random formula near the threshold: mostly 3-SAT, some with mixed
 * lengths (units and binary clauses make longer implication chains). */
static void random_formula(oracle_formula *f, uint64_t *rng, int nv) {
  if (oracle_below(rng, 3) > 0) {
    int m = nv * 4 + oracle_below(rng, nv + 1);
    oracle_random(f, rng, nv, (size_t)m, 3, 3);
  } else {
    int m = nv * 2 + oracle_below(rng, 2 * nv + 1);
    oracle_random(f, rng, nv, (size_t)m, 2, 4);
  }
}

/* One search by hand on f (see the top of this part), whose answer is
 * expect_sat (-1: ask the brute force); judge: whether to show every
 * learned clause implied by brute force (small formulas only).
 * Between conflicts it now and then calls the engine's other actions: a
 * reduction of the learned clauses (which may compact the clause arena
 * and so move the reasons), at times twice in a row (the first only
 * spends the protection of recently used clauses), or a restart; what
 * analysis relies on must survive them. */
static void search_by_hand(const oracle_formula *f, int expect_sat,
                           uint64_t *rng, coverage *cov, int judge,
                           const char *what, int index) {
  if (expect_sat < 0)
    expect_sat = oracle_satisfiable(f, NULL);
  dpll_solver *s = cdcl_solver(1);
  add_formula(s, f, 0);
  int answer = 0, nv = s->num_vars;
  int *free_vars = calloc((size_t)nv + 1, sizeof *free_vars);
  assert_non_null(free_vars);
  for (int steps = 0; !answer; steps++) {
    assert_true(steps < STEP_GUARD);
    if (dpll_propagate(s) == DPLL_CONFLICT) {
      if (dpll_level(s) == 0)
        answer = DPLL_UNSAT;
      else
        analyse_conflict(s, judge ? f : NULL, rng, cov);
      continue;
    }
    int other = oracle_below(rng, 12);
    if (other <= 1) {
      dpll_stats before, after;
      dpll_get_stats(s, &before);
      for (int k = 0; k <= other; k++)
        assert_int_equal(dpll__reduce(s), 0);
      dpll_get_stats(s, &after);
      cov->reductions++;
      cov->deleted += after.deleted - before.deleted;
      check_trail(s);
    } else if (other == 2 && dpll_level(s) > 0) {
      dpll__restart(s, 0);
      assert_int_equal(dpll_level(s), 0);
      cov->restarts++;
      check_trail(s);
      continue;
    }
    int nfree = 0;
    for (int v = 1; v <= nv; v++)
      if (dpll_value(s, v) == DPLL_UNASSIGNED)
        free_vars[nfree++] = v;
    if (nfree == 0) {
      answer = DPLL_SAT;
      break;
    }
    int v = free_vars[oracle_below(rng, nfree)];
    assert_int_equal(dpll_decide(s, oracle_below(rng, 2) ? v : -v), 0);
  }
  if (answer == DPLL_SAT) {
    unsigned char *model = calloc((size_t)f->num_vars + 1, 1);
    assert_non_null(model);
    for (int v = 1; v <= nv; v++)
      model[v] = dpll_value(s, v) == 1;
    CHECK(oracle_check(f, model), "%s %d: the assignment is no model", what,
          index);
    free(model);
    cov->sat++;
  } else
    cov->unsat++;
  CHECK((answer == DPLL_SAT) == expect_sat, "%s %d: answered %s", what, index,
        answer == DPLL_SAT ? "SAT" : "UNSAT");
  free(free_vars);
  dpll_free(s);
}

static void report(const coverage *cov, long formulas) {
  print_message("%ld formulas, %d conflicts analysed: %d units, %d UIPs not "
                "the decision, %d shortened by minimisation; %d SAT, %d "
                "UNSAT; %d reductions deleted %llu clauses; %d restarts\n",
                formulas, cov->conflicts, cov->units, cov->implied_uips,
                cov->shortened, cov->sat, cov->unsat, cov->reductions,
                (unsigned long long)cov->deleted, cov->restarts);
}

/* Small formulas: every learned clause judged by brute force. */
static void test_random_searches(void **state) {
  (void)state;
  uint64_t rng = 0xA11A15EULL;
  long count = tier_cases(SEARCH_FORMULAS);
  coverage cov = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  for (int round = 0; round < count; round++) {
    oracle_formula f;
    random_formula(&f, &rng, 6 + oracle_below(&rng, SEARCH_MAX_VARS - 5));
    search_by_hand(&f, -1, &rng, &cov, 1, "formula", round);
    oracle_free(&f);
  }
  report(&cov, count);
  /* Per formula: a conflict or more, and each case common enough. */
  assert_true(cov.conflicts >= count);
  assert_true(cov.units >= count / 6);
  assert_true(cov.implied_uips >= count / 6);
  assert_true(cov.shortened >= count / 30);
  assert_true(cov.sat >= count / 6 && cov.unsat >= count / 6);
  assert_true(cov.restarts >= count / 30);
}

/* The pigeonhole formula: pigeon p in hole h is variable p * holes + h + 1;
 * every pigeon in some hole, no two in one; unsatisfiable with more
 * pigeons than holes. */
static void pigeonhole(oracle_formula *f, int holes) {
  oracle_init(f, (holes + 1) * holes);
  int lits[16];
  for (int p = 0; p <= holes; p++) {
    for (int h = 0; h < holes; h++)
      lits[h] = p * holes + h + 1;
    oracle_add(f, lits, (size_t)holes);
  }
  for (int h = 0; h < holes; h++)
    for (int p = 0; p <= holes; p++)
      for (int q = p + 1; q <= holes; q++) {
        lits[0] = -(p * holes + h + 1);
        lits[1] = -(q * holes + h + 1);
        oracle_add(f, lits, 2);
      }
}

/* Longer searches, whose clauses span more levels, so that reductions
 * find clauses to delete: pigeonhole formulas with 4 and 5 holes (UNSAT
 * by counting) and random 3-SAT with 20 to 24 variables (the brute
 * force's limit). */
static void test_searches_with_reduction(void **state) {
  (void)state;
  uint64_t rng = 0x4ED0CEULL;
  long count = tier_cases(REDUCE_FORMULAS);
  coverage cov = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  for (int round = 0; round < count; round++) {
    oracle_formula f;
    int nv = 20 + oracle_below(&rng, 5), pigeons = round % 3 == 0;
    if (pigeons)
      pigeonhole(&f, round % 2 ? 4 : 5);
    else
      oracle_random(&f, &rng, nv, (size_t)(4 * nv + oracle_below(&rng, nv / 2)),
                    3, 3);
    search_by_hand(&f, pigeons ? 0 : -1, &rng, &cov, 0, "formula", round);
    oracle_free(&f);
  }
  report(&cov, count);
  /* Per formula: several conflicts, some clauses deleted; both answers. */
  assert_true(cov.conflicts >= 20 * count / 3);
  assert_true(cov.deleted >= 2 * (uint64_t)count / 3);
  assert_true(cov.sat >= count / 15 && cov.unsat >= count / 15);
}

/* ---- What dpll_solve learns ----------------------------------------------
 *
 * The trace shows every learned clause (DPLL_EVENT_LEARN); each must be
 * implied by the formula, under every setting that changes how clauses
 * are derived or kept (minimisation, pure literals at the root, restarts,
 * reduction). */

typedef struct collected {
  int *lits;     /* the clauses, one after another */
  size_t *start; /* clause i is lits[start[i] .. start[i + 1] - 1] */
  size_t n, used, cap_lits, cap_clauses;
  int bad_lit; /* events whose literal is not in their clause */
} collected;

static void collect(void *ctx, const dpll_event *e) {
  collected *c = ctx;
  if (e->kind != DPLL_EVENT_LEARN)
    return;
  if (c->used + e->clause_size > c->cap_lits) {
    c->cap_lits = 2 * (c->used + e->clause_size) + 64;
    c->lits = realloc(c->lits, c->cap_lits * sizeof *c->lits);
    assert_non_null(c->lits);
  }
  if (c->n + 2 > c->cap_clauses) {
    c->cap_clauses = 2 * c->n + 64;
    c->start = realloc(c->start, c->cap_clauses * sizeof *c->start);
    assert_non_null(c->start);
  }
  if (!holds(e->clause, e->clause_size, e->lit))
    c->bad_lit++;
  memcpy(c->lits + c->used, e->clause, e->clause_size * sizeof *e->clause);
  c->start[c->n] = c->used;
  c->used += e->clause_size;
  c->start[++c->n] = c->used;
}

enum { TRACE_FORMULAS = 2000 }; /* in a Release build's quick tier */

static void test_learned_clauses_implied(void **state) {
  (void)state;
  uint64_t rng = 0x1EA4EDULL;
  long count = tier_cases(TRACE_FORMULAS);
  size_t total = 0;
  for (int round = 0; round < count; round++) {
    oracle_formula f;
    int nv = 8 + oracle_below(&rng, 5); /* 8 to 12 */
    random_formula(&f, &rng, nv);
    int expect_sat = oracle_satisfiable(&f, NULL);
    dpll_solver *s = cdcl_solver(round % 2);
    assert_int_equal(dpll_set_option(s, "pure", (round / 2) % 2), 0);
    assert_int_equal(dpll_set_option(s, "restarts", (round / 4) % 3), 0);
    assert_int_equal(dpll_set_option(s, "reduce", (round / 12) % 2), 0);
    collected c = {NULL, NULL, 0, 0, 0, 0, 0};
    c.start = malloc(sizeof *c.start);
    assert_non_null(c.start);
    c.start[0] = 0;
    add_formula(s, &f, 0);
    dpll_set_trace(s, collect, &c);
    int res = dpll_solve(s);
    CHECK(res == (expect_sat ? DPLL_SAT : DPLL_UNSAT), "round %d: answered %d",
          round, res);
    dpll_stats st;
    dpll_get_stats(s, &st);
    CHECK(c.n == st.learned && c.bad_lit == 0,
          "round %d: %zu learned clauses traced (%d without their literal), "
          "%llu counted",
          round, c.n, c.bad_lit, (unsigned long long)st.learned);
    for (size_t i = 0; i < c.n; i++) {
      size_t len = c.start[i + 1] - c.start[i];
      if (!implied_by(&f, c.lits + c.start[i], len)) {
        print_message("round %d: learned clause %zu of %zu is not implied\n",
                      round, i, c.n);
        fail();
      }
    }
    total += c.n;
    free(c.lits);
    free(c.start);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, %zu learned clauses judged\n", count, total);
  assert_true(total >= (size_t)count);
}

/* ---- Which learned clauses a reduction deletes ---------------------------
 * Learned clauses are made by hand, with chosen LBDs, lengths, marks of
 * use, and some the reason of an assignment; dpll__reduce must delete
 * exactly the worse half of the deletable ones, by the rule in reduce.c:
 * LBD 2 or less, reasons, and used clauses of LBD 6 or less are kept;
 * the rest go worse first (higher LBD, LBDs from 1023 up counting as one,
 * then longer, then older).  The expected set comes from a plain sort. */

typedef struct made_clause {
  int lits[12];
  uint32_t size, lbd;
  int used, locked, deletable;
  size_t order; /* when it was made: older first */
} made_clause;

static void make_learned(dpll_solver *s, made_clause *m) {
  unsigned lits[12];
  for (uint32_t k = 0; k < m->size; k++)
    lits[k] = lit_from_ext(m->lits[k]);
  assert_int_equal(dpll__clause_reserve(s, lits, m->size, true), 0);
  cref ref = dpll__clause_new(s, lits, m->size, true, m->lbd);
  clause *c = dpll__clause(s, ref);
  if (m->used)
    c->flags |= CLAUSE_USED;
  if (m->locked) /* its first literal forced by it (nothing else is read) */
    dpll__assign(s, c->lits[0], ref);
}

static int worse_made_first(const void *a, const void *b) {
  const made_clause *x = *(const made_clause *const *)a;
  const made_clause *y = *(const made_clause *const *)b;
  uint32_t xl = x->lbd < 1023 ? x->lbd : 1023,
           yl = y->lbd < 1023 ? y->lbd : 1023;
  if (xl != yl)
    return xl < yl ? 1 : -1;
  if (x->size != y->size)
    return x->size < y->size ? 1 : -1;
  return (x->order > y->order) - (x->order < y->order);
}

static int same_clause(const clause *c, const made_clause *m) {
  if (c->size != m->size)
    return 0;
  for (uint32_t k = 0; k < m->size; k++)
    if (c->lits[k] != lit_from_ext(m->lits[k]))
      return 0;
  return 1;
}

static void test_reduce_selection(void **state) {
  (void)state;
  enum { VARS = 600, MADE = 400 };
  static const uint32_t lbds[] = {1, 2, 3, 4, 5, 6, 7, 9, 12, 1023, 1024, 5000};
  uint64_t rng = 77;
  long count = tier_cases(20); /* in a Release build's quick tier */
  for (int round = 0; round < count; round++) {
    dpll_solver *s = cdcl_solver(1);
    assert_int_equal(dpll__ensure_vars(s, VARS), 0);
    /* The clauses' other literals are false, so that a locked clause is a
     * true reason (the debug build checks that reasons are). */
    for (int v = MADE + 1; v <= VARS; v++)
      dpll__assign(s, lit_from_ext(v), CREF_NONE);
    made_clause *made = calloc(MADE, sizeof *made);
    const made_clause **del = calloc(MADE, sizeof *del);
    assert_true(made && del);
    size_t n = 0;
    for (size_t i = 0; i < MADE; i++) {
      made_clause *m = &made[i];
      m->order = i;
      m->size = 2 + (uint32_t)oracle_below(&rng, 11);
      /* The first literal's variable is the clause's own (so that a
       * locked clause's assignment is the only one of it); the rest are
       * drawn from the others. */
      m->lits[0] = (int)i + 1;
      for (uint32_t k = 1; k < m->size; k++)
        m->lits[k] = -(int)(MADE + 1 + (i * 7 + k) % (VARS - MADE));
      m->lbd = lbds[oracle_below(&rng, sizeof lbds / sizeof *lbds)];
      m->used = oracle_below(&rng, 3) == 0;
      m->locked = oracle_below(&rng, 8) == 0;
      m->deletable = !(m->used && m->lbd <= 6) && m->lbd > 2 && !m->locked;
      make_learned(s, m);
      if (m->deletable)
        del[n++] = m;
    }
    qsort(del, n, sizeof *del, worse_made_first);
    dpll_stats before, after;
    dpll_get_stats(s, &before);
    assert_int_equal(dpll__reduce(s), 0);
    dpll_get_stats(s, &after);
    CHECK(after.deleted - before.deleted == n / 2 &&
              s->store.num_learnts == MADE - n / 2,
          "round %d: %llu of %zu deletable clauses deleted, %zu kept", round,
          (unsigned long long)(after.deleted - before.deleted), n,
          s->store.num_learnts);
    /* The survivors, in order, are the made clauses minus the worse half. */
    size_t j = 0;
    for (size_t i = 0; i < MADE; i++) {
      int deleted = 0;
      for (size_t k = 0; k < n / 2; k++)
        deleted |= del[k] == &made[i];
      if (deleted)
        continue;
      assert_true(j < s->store.num_learnts);
      const clause *c = dpll__clause(s, s->store.learnts[j++]);
      CHECK(same_clause(c, &made[i]), "round %d: clause %zu is not kept", round,
            i);
      assert_false(c->flags & (CLAUSE_USED | CLAUSE_DELETED));
      if (made[i].locked)
        assert_int_equal(s->trail.reason[i + 1], s->store.learnts[j - 1]);
    }
    assert_int_equal(j, s->store.num_learnts);
    free(made);
    free(del);
    dpll_free(s);
  }
  print_message("%ld rounds of %d clauses made by hand\n", count, MADE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_first_uip),
      cmocka_unit_test(test_learned_unit),
      cmocka_unit_test(test_minimize),
      cmocka_unit_test(test_random_searches),
      cmocka_unit_test(test_searches_with_reduction),
      cmocka_unit_test(test_learned_clauses_implied),
      cmocka_unit_test(test_reduce_selection),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
