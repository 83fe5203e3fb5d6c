/* test_lookahead.c - the classic engine's lookahead (lib/dpll/lookahead.c,
 * option "lookahead"), judged by brute force (tests/oracle.c):
 *   - answers and models on random small formulas, with and without pure
 *     literals, under splitting classes, assumptions, and clauses added
 *     between solves;
 *   - every literal it sets for a failed probe, replayed from the trace:
 *     the clauses and the decisions above it must imply it (the oracle
 *     finds them unsatisfiable with its negation), and every other step of
 *     the trace must be one the search makes (no probe leaks into it);
 *   - that it works at all: a formula that failed literals refute needs no
 *     decision, and random 3-SAT needs fewer decisions than without;
 *   - dpll_choose under the option: a free literal, the assignment as it
 *     was;
 *   - the algorithm "auto", which takes the lookahead on clauses all of
 *     one length, 3 or more, and cdcl on any others;
 *   - the option "local_search" (walks beside the lookahead, classic.c),
 *     every answer judged by brute force, oracle_check or the DRAT checker:
 *     random 3- and 4-SAT near the threshold with and without it (walks on
 *     most, some answered by a walk's model replayed on the trail, counted
 *     as fewer conflicts than without the option), and under "auto"; a
 *     model found by a walk above level 0 (6-SAT of 30 variables);
 *     planted formulas of 300 to 600 variables; none under assumptions or
 *     with a trace; proofs of UNSAT answers with walks run, accepted by the
 *     checker; clauses added between solves; every allocation of a solve
 *     failing in turn (failalloc.c), a walk without memory skipped. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "failalloc.h"
#include "oracle.h"
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VARS 20

static dpll_solver *lookahead_solver(int pure) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_DPLL), 0);
  assert_int_equal(dpll_set_option(s, "lookahead", 1), 0);
  assert_int_equal(dpll_set_option(s, "pure", pure), 0);
  return s;
}

/* The answer must be the oracle's, and a model must satisfy f. */
static void check_answer(dpll_solver *s, const oracle_formula *f, int res,
                         const char *what) {
  int expect = oracle_satisfiable(f, NULL) ? DPLL_SAT : DPLL_UNSAT;
  CHECK(res == expect, "%s: answered %d, expected %d", what, res, expect);
  if (res == DPLL_SAT) {
    unsigned char model[MAX_VARS + 1] = {0};
    for (int v = 1; v <= f->num_vars; v++)
      model[v] = (unsigned char)dpll_model(s, v);
    CHECK(oracle_check(f, model), "%s: the model falsifies a clause", what);
  }
}

static uint64_t stat_of(const dpll_solver *s, int which) {
  dpll_stats st;
  dpll_get_stats(s, &st);
  return which ? st.failed_literals : st.probes;
}

/* The numbers of random formulas below are those of a Release build's
 * quick tier (tests/tier.h). */
static void test_random_formulas(void **state) {
  (void)state;
  uint64_t rng = 0x10CA;
  long count = tier_cases(1500);
  int sat = 0, unsat = 0;
  uint64_t failed = 0;
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 1 + oracle_below(&rng, MAX_VARS);
    oracle_random(&f, &rng, nv, (size_t)(2 * nv + oracle_below(&rng, 4 * nv)),
                  i % 4 ? 2 : 1, i % 3 ? 3 : 5);
    dpll_solver *s = lookahead_solver(i % 2);
    add_formula(s, &f, 0);
    char what[64];
    snprintf(what, sizeof what, "formula %d (%d variables)", i, nv);
    int res = dpll_solve(s);
    check_answer(s, &f, res, what);
    sat += res == DPLL_SAT;
    unsat += res == DPLL_UNSAT;
    failed += stat_of(s, 1);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas: %d satisfiable, %d unsatisfiable, %llu failed "
                "literals\n",
                count, sat, unsat, (unsigned long long)failed);
  assert_true(sat > count / 5 && unsat > count / 5 &&
              failed > (uint64_t)count / 3);
}

/* The replay of a trace: the decisions per level, the values, and the
 * clauses, to judge each PROBED step by the oracle. */
typedef struct replay {
  const oracle_formula *f;
  int decision[MAX_VARS + 2]; /* per level >= 1 */
  int level;
  signed char value[MAX_VARS + 1];
  int level_of[MAX_VARS + 1];
  long probed, steps;
  const char *broken;
  const int *klass; /* per variable, if set: its splitting class, higher
                       first; a decision must be of the highest free one */
  int num_vars;     /* with klass: the variables the solver has (one in no
                       clause and never marked is none of them) */
} replay;

static void set_value(replay *r, int lit) {
  int v = abs(lit);
  if (r->value[v] != 0)
    r->broken = "a literal set twice";
  r->value[v] = (signed char)(lit > 0 ? 1 : -1);
  r->level_of[v] = r->level;
}

/* Whether every literal of the clause but lit is false now. */
static int all_false_but(const replay *r, const int *c, size_t n, int lit) {
  for (size_t k = 0; k < n; k++)
    if (c[k] != lit && r->value[abs(c[k])] != (c[k] > 0 ? -1 : 1))
      return 0;
  return 1;
}

static void on_event(void *ctx, const dpll_event *e) {
  replay *r = ctx;
  r->steps++;
  switch (e->kind) {
  case DPLL_EVENT_DECIDE:
    if (e->level != r->level + 1)
      r->broken = "a decision skips a level (a probe in the trace?)";
    for (int v = 1; r->klass && v <= r->num_vars; v++)
      if (r->value[v] == 0 && r->klass[v] > r->klass[abs(e->lit)])
        r->broken = "a split below the highest class of a free variable";
    r->level = e->level;
    r->decision[r->level] = e->lit;
    set_value(r, e->lit);
    break;
  case DPLL_EVENT_PROPAGATE:
    if (!e->clause || !all_false_but(r, e->clause, e->clause_size, e->lit))
      r->broken = "a propagation without its reason";
    set_value(r, e->lit);
    break;
  case DPLL_EVENT_PURE:
    set_value(r, e->lit);
    break;
  case DPLL_EVENT_PROBED: {
    /* The clauses, the decisions of levels 1..level and the negation of
     * the literal must have no model. */
    int units[MAX_VARS + 2], n = 0;
    for (int l = 1; l <= e->level; l++)
      units[n++] = r->decision[l];
    units[n++] = -e->lit;
    if (e->level != r->level || e->clause)
      r->broken = "a failed literal's negation off its level";
    if (oracle_satisfiable_with(r->f, units, n))
      r->broken = "a literal set for a failed probe is not implied";
    r->probed++;
    set_value(r, e->lit);
    break;
  }
  case DPLL_EVENT_CONFLICT:
    if (!e->clause || !all_false_but(r, e->clause, e->clause_size, 0))
      r->broken = "a conflict clause that is not false";
    break;
  case DPLL_EVENT_BACKTRACK:
    for (int v = 1; v <= r->f->num_vars; v++)
      if (r->value[v] && r->level_of[v] > e->level)
        r->value[v] = 0;
    r->level = e->level;
    break;
  case DPLL_EVENT_LEARN:
  case DPLL_EVENT_DELETE:
    r->broken = "the classic engine learned or deleted a clause";
    break;
  }
}

static void test_trace_of_probes(void **state) {
  (void)state;
  uint64_t rng = 0x7ACE;
  long count = tier_cases(600), probed = 0;
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 6 + oracle_below(&rng, MAX_VARS - 5);
    oracle_random(&f, &rng, nv, (size_t)(3 * nv + oracle_below(&rng, 3 * nv)),
                  2, 3);
    dpll_solver *s = lookahead_solver(i % 2);
    replay r = {.f = &f};
    dpll_set_trace(s, on_event, &r);
    add_formula(s, &f, 0);
    char what[64];
    snprintf(what, sizeof what, "formula %d", i);
    check_answer(s, &f, dpll_solve(s), what);
    CHECK(!r.broken, "%s: %s", what, r.broken);
    CHECK((uint64_t)r.probed == stat_of(s, 1),
          "%s: %ld failed literals traced, %llu counted", what, r.probed,
          (unsigned long long)stat_of(s, 1));
    probed += r.probed;
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas: %ld failed literals checked against the "
                "oracle\n",
                count, probed);
  assert_true(probed > count / 3);
}

/* (a | b)(a | -b)(-a | c)(-a | -c): probing a fails, and -a, set for it,
 * propagates to a conflict, so the lookahead refutes the formula before
 * any split; without it the classic engine splits. */
static void test_refuted_without_split(void **state) {
  (void)state;
  static const int clauses[][2] = {{1, 2}, {1, -2}, {-1, 3}, {-1, -3}};
  for (int look = 0; look <= 1; look++) {
    dpll_solver *s = lookahead_solver(1);
    assert_int_equal(dpll_set_option(s, "lookahead", look), 0);
    for (int k = 0; k < 4; k++)
      assert_int_equal(dpll_add_clause(s, clauses[k], 2), 0);
    assert_int_equal(dpll_solve(s), DPLL_UNSAT);
    dpll_stats st;
    dpll_get_stats(s, &st);
    if (look) {
      assert_int_equal(st.decisions, 0);
      assert_true(st.probes >= 1 && st.failed_literals >= 1);
    } else {
      assert_true(st.decisions > 0);
      assert_int_equal(st.probes, 0);
      assert_int_equal(st.failed_literals, 0);
    }
    dpll_free(s);
  }
}

/* Random 3-SAT at the threshold (60 variables, 256 clauses): over 20
 * formulas (in a Release build's quick tier) the lookahead's searches are
 * smaller than the plain classic engine's, and the answers agree with the
 * cdcl engine's (the formulas are too large for brute force). */
static void test_smaller_search(void **state) {
  (void)state;
  uint64_t rng = 0x3547;
  long count = tier_cases(20);
  uint64_t decisions[2] = {0, 0};
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    oracle_random(&f, &rng, 60, 256, 3, 3);
    int answer[3];
    for (int run = 0; run < 3; run++) {
      dpll_solver *s = lookahead_solver(1);
      assert_int_equal(dpll_set_option(s, "lookahead", run == 1), 0);
      if (run == 2)
        assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL),
                         0);
      add_formula(s, &f, 0);
      answer[run] = dpll_solve(s);
      if (answer[run] == DPLL_SAT) {
        unsigned char model[61];
        for (int v = 1; v <= 60; v++)
          model[v] = (unsigned char)dpll_model(s, v);
        CHECK(oracle_check(&f, model), "formula %d, run %d: a false model", i,
              run);
      }
      dpll_stats st;
      dpll_get_stats(s, &st);
      if (run < 2)
        decisions[run] += st.decisions;
      dpll_free(s);
    }
    CHECK(answer[0] == answer[2] && answer[1] == answer[2],
          "formula %d: answers %d (classic), %d (lookahead), %d (cdcl)", i,
          answer[0], answer[1], answer[2]);
    oracle_free(&f);
  }
  print_message("%ld formulas, decisions: %llu without the lookahead, %llu "
                "with it\n",
                count, (unsigned long long)decisions[0],
                (unsigned long long)decisions[1]);
  assert_true(decisions[1] * 4 < decisions[0]);
}

/* Splitting classes (every split of the highest class among the free
 * variables, from the trace), assumptions, and clauses added between
 * solves. */
static void test_classes_assumptions_incremental(void **state) {
  (void)state;
  uint64_t rng = 0xC1A5;
  long count = tier_cases(400);
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 4 + oracle_below(&rng, 12);
    oracle_random(&f, &rng, nv, (size_t)(2 * nv + oracle_below(&rng, 3 * nv)),
                  2, 3);
    dpll_solver *s = lookahead_solver(i % 2);
    int klass[MAX_VARS + 1] = {0};
    /* The first solve is traced (from the clauses' units on): each split
     * of the highest class free. */
    replay r = {.f = &f, .klass = klass};
    dpll_set_trace(s, on_event, &r);
    add_formula(s, &f, 0);
    for (int v = 1; v <= nv; v++) {
      int priority = 0, decide = 1;
      if (oracle_below(&rng, 3) == 0) {
        priority = oracle_below(&rng, 3);
        assert_int_equal(dpll_set_priority(s, v, priority), 0);
      }
      if (oracle_below(&rng, 5) == 0) {
        decide = 0;
        assert_int_equal(dpll_set_decision(s, v, 0), 0);
      }
      klass[v] = 8 * decide + priority;
    }
    r.num_vars = dpll_num_vars(s);
    char what[64];
    snprintf(what, sizeof what, "formula %d", i);
    check_answer(s, &f, dpll_solve(s), what);
    dpll_set_trace(s, NULL, NULL);
    CHECK(!r.broken, "%s: %s", what, r.broken);
    /* Two assumptions: the answer is the oracle's under their units. */
    int units[2] = {1 + oracle_below(&rng, nv), -(1 + oracle_below(&rng, nv))};
    assert_int_equal(dpll_assume(s, units[0]), 0);
    assert_int_equal(dpll_assume(s, units[1]), 0);
    int res = dpll_solve(s);
    int expect = oracle_satisfiable_with(&f, units, 2) ? DPLL_SAT : DPLL_UNSAT;
    CHECK(res == expect, "%s under assumptions: %d, expected %d", what, res,
          expect);
    if (res == DPLL_SAT)
      CHECK(dpll_model(s, units[0]) == 1 && dpll_model(s, units[1]) == 1,
            "%s: a model breaks an assumption", what);
    /* More clauses, and solve again. */
    for (int k = 0; k < 3; k++) {
      oracle_add_random(&f, &rng, 3);
      size_t c = f.num_clauses - 1;
      assert_int_equal(
          dpll_add_clause(s, f.lits + f.start[c], f.start[c + 1] - f.start[c]),
          0);
    }
    check_answer(s, &f, dpll_solve(s), what);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas with classes, assumptions and more clauses\n",
                count);
}

/* dpll_choose with the lookahead: a free literal, no assignment changed. */
static void test_choose(void **state) {
  (void)state;
  uint64_t rng = 0xC405;
  long count = tier_cases(200);
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 5 + oracle_below(&rng, 10);
    oracle_random(&f, &rng, nv, (size_t)(3 * nv), 2, 3);
    dpll_solver *s = lookahead_solver(0);
    add_formula(s, &f, 0);
    if (dpll_propagate(s) != DPLL_CONFLICT) {
      int before[MAX_VARS + 1], after[MAX_VARS + 1];
      for (int v = 1; v <= nv; v++)
        before[v] = dpll_value(s, v);
      int lit = dpll_choose(s);
      for (int v = 1; v <= nv; v++)
        after[v] = dpll_value(s, v);
      CHECK(!memcmp(before + 1, after + 1, (size_t)nv * sizeof(int)),
            "formula %d: dpll_choose changed the assignment", i);
      int free_vars = 0;
      for (int v = 1; v <= nv; v++)
        free_vars += before[v] == DPLL_UNASSIGNED;
      if (free_vars == 0)
        CHECK(lit == 0, "formula %d: chose %d with no variable free", i, lit);
      else
        CHECK(lit != 0 && abs(lit) <= nv &&
                  dpll_value(s, lit) == DPLL_UNASSIGNED,
              "formula %d: chose %d, not a free literal", i, lit);
      CHECK(dpll_level(s) == 0, "formula %d: level %d after dpll_choose", i,
            dpll_level(s));
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas, a choice at the root of each\n", count);
}

/* Whether clause i of f and clause j of g have the same set of variables
 * (both of three distinct variables). */
static bool same_vars(const oracle_formula *f, size_t i,
                      const oracle_formula *g, size_t j) {
  if (f->start[i + 1] - f->start[i] != 3 || g->start[j + 1] - g->start[j] != 3)
    return false;
  for (size_t a = f->start[i]; a < f->start[i + 1]; a++) {
    bool found = false;
    for (size_t b = g->start[j]; b < g->start[j + 1]; b++)
      found |= abs(f->lits[a]) == abs(g->lits[b]);
    if (!found)
      return false;
  }
  return true;
}

/* Random 3-SAT over num_vars variables whose clauses have distinct sets
 * of variables (each drawn again until its set is new). */
static void distinct3(oracle_formula *f, uint64_t *rng, int num_vars,
                      size_t num_clauses) {
  oracle_init(f, num_vars);
  while (f->num_clauses < num_clauses) {
    oracle_formula one;
    oracle_uniform3(&one, rng, num_vars, 1);
    bool fresh = true;
    for (size_t i = 0; i < f->num_clauses && fresh; i++)
      fresh = !same_vars(f, i, &one, 0);
    if (fresh)
      oracle_add(f, one.lits, 3);
    oracle_free(&one);
  }
}

/* Parity constraints x ^ y ^ z = c over random triples: the four clauses
 * of each have one set of variables. */
static void parity3(oracle_formula *f, uint64_t *rng, int num_vars,
                    int constraints) {
  oracle_init(f, num_vars);
  for (int i = 0; i < constraints; i++) {
    oracle_formula one;
    oracle_uniform3(&one, rng, num_vars, 1);
    int odd = oracle_below(rng, 2);
    for (int signs = 0; signs < 8; signs++) {
      int negs = (signs & 1) + (signs >> 1 & 1) + (signs >> 2 & 1);
      if (negs % 2 != odd)
        continue;
      int c[3];
      for (int k = 0; k < 3; k++)
        c[k] = (signs >> k & 1 ? -1 : 1) * abs(one.lits[k]);
      oracle_add(f, c, 3);
    }
    oracle_free(&one);
  }
}

/* The rule of "auto" (docs/internals.md), worked out here on its own:
 * clauses all of length 3, at most one in ten sharing its set of
 * variables with another, and at least 0.8 * 4.267 clauses per variable
 * (the variables being 1..the largest in a clause). */
static bool random_shaped(const oracle_formula *f) {
  int max_var = 0;
  size_t shared = 0, m = f->num_clauses;
  for (size_t i = 0; i < m; i++) {
    if (f->start[i + 1] - f->start[i] != 3)
      return false;
    for (size_t k = f->start[i]; k < f->start[i + 1]; k++)
      if (abs(f->lits[k]) > max_var)
        max_var = abs(f->lits[k]);
    bool twin = false;
    for (size_t j = 0; j < m && !twin; j++)
      twin =
          j != i && f->start[j + 1] - f->start[j] == 3 && same_vars(f, i, f, j);
    shared += twin;
  }
  return m > 0 && shared * 10 <= m && (double)m >= 0.8 * 4.267 * max_var;
}

/* The algorithm "auto": the lookahead on clauses shaped like random 3-SAT
 * (random_shaped), cdcl otherwise: on random 3-SAT with repeated sets of
 * variables, on parity constraints, on too few clauses per variable, and
 * as soon as one clause is shorter or longer (clauses added between
 * solves switch it); the oracle judges every answer. */
static void test_auto(void **state) {
  (void)state;
  uint64_t rng = 0xA070;
  long count = tier_cases(300);
  int engines[2] = {0, 0}, shaped = 0;
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 10 + oracle_below(&rng, 9);
    size_t m = (size_t)((int)(3 * nv) + oracle_below(&rng, 2 * nv));
    if (i % 3 == 0)
      distinct3(&f, &rng, nv, m);
    else if (i % 3 == 1)
      oracle_uniform3(&f, &rng, nv, m);
    else
      parity3(&f, &rng, nv, 1 + oracle_below(&rng, nv));
    bool look = random_shaped(&f);
    shaped += look;
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_AUTO), 0);
    add_formula(s, &f, 0);
    char what[64];
    snprintf(what, sizeof what, "formula %d", i);
    for (int round = 0; round < 3; round++) {
      dpll_stats before, after;
      dpll_get_stats(s, &before);
      int res = dpll_solve(s);
      check_answer(s, &f, res, what);
      dpll_get_stats(s, &after);
      /* Round 0: the lookahead if shaped so (which probes unless
       * propagation alone settles it, and never learns), else cdcl (no
       * probe).  Round 1: a clause of 2 literals was added: cdcl.  Round
       * 2: a clause of 4 too. */
      bool probed = after.probes > before.probes;
      bool learned = after.learned > before.learned;
      bool lookahead = round == 0 && look;
      CHECK(lookahead ? !learned : !probed, "%s, round %d: %s", what, round,
            lookahead ? "cdcl on random 3-SAT" : "probes where cdcl is due");
      if (lookahead)
        engines[0] += probed;
      else if (round > 0)
        engines[1] += learned;
      int extra[4];
      for (int k = 0; k < 4; k++)
        extra[k] = (k + 1) * (oracle_below(&rng, 2) ? 1 : -1);
      size_t n = round == 0 ? 2 : 4;
      oracle_add(&f, extra, n);
      assert_int_equal(dpll_add_clause(s, extra, n), 0);
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("auto: %ld formulas, %d shaped like random 3-SAT, %d of them "
                "probed; %d mixed solves learned\n",
                count, shaped, engines[0], engines[1]);
  /* A third of the formulas can be shaped so (the distinct ones with
   * enough clauses, about half of them); nearly every one of those probes;
   * some mixed solves learn (most are settled without a conflict). */
  assert_true(shaped >= count / 8 && engines[0] > 2 * shaped / 3 &&
              engines[1] >= count / 15);
}

/* The terminate callback is asked during a round of probes (every 32
 * variables), not only between decisions: on random 3-SAT at the
 * threshold, of 300 variables (45 probed per round), saying stop at its
 * second call ends the solve in the first round, before any split; the
 * solver then still answers as cdcl does.  Those two solves to the end are
 * the test's time (some 3 s in a Release build, 18 s in the sanitizer
 * build): below scale 100 (tests/tier.h) the formula has 240 variables
 * (36 probed per round) instead. */
static int calls;
static int stop_at_second_call(void *ctx) {
  (void)ctx;
  return ++calls >= 2;
}

static void test_terminate_in_round(void **state) {
  (void)state;
  uint64_t rng = 0x5709;
  int n = tier_scale() >= 100 ? 300 : 240;
  oracle_formula f;
  oracle_uniform3(&f, &rng, n, (size_t)(n * 4.26 + 0.5));
  print_message("random 3-SAT, %d variables\n", n);
  dpll_solver *s = lookahead_solver(1), *ref = dpll_new();
  assert_non_null(ref);
  add_formula(s, &f, 0);
  add_formula(ref, &f, 0);
  calls = 0;
  dpll_set_terminate(s, stop_at_second_call, NULL);
  assert_int_equal(dpll_solve(s), DPLL_UNKNOWN);
  dpll_stats st;
  dpll_get_stats(s, &st);
  assert_int_equal(calls, 2);
  assert_int_equal(st.decisions, 0);
  assert_true(st.probes >= 31);
  dpll_set_terminate(s, NULL, NULL);
  int res = dpll_solve(s);
  assert_true(res == DPLL_SAT || res == DPLL_UNSAT);
  assert_int_equal(res, dpll_solve(ref));
  dpll_free(s);
  dpll_free(ref);
  oracle_free(&f);
}

/* ---- Local search beside the lookahead (option local_search) -------------
 * Every answer is judged by the oracle (brute force, oracle_check) or, for
 * an UNSAT answer too large for brute force, by the DRAT checker. */

static dpll_solver *ls_solver(int local_search, int pure) {
  dpll_solver *s = lookahead_solver(pure);
  assert_int_equal(dpll_set_option(s, "local_search", local_search), 0);
  return s;
}

static dpll_stats stats_now(const dpll_solver *s) {
  dpll_stats st;
  dpll_get_stats(s, &st);
  return st;
}

/* m clauses of k distinct variables of 1..nv, signs at random, added to f;
 * with hidden (hidden[v] 1 true, 0 false), only clauses it satisfies (the
 * others are drawn again), so that f stays satisfiable. */
static void add_kcnf(oracle_formula *f, uint64_t *rng, int nv, size_t m, int k,
                     const unsigned char *hidden) {
  for (size_t i = 0; i < m; i++) {
    int c[8];
    bool ok;
    do {
      ok = hidden == NULL;
      for (int j = 0; j < k; j++) {
        bool again;
        do {
          c[j] = 1 + oracle_below(rng, nv);
          again = false;
          for (int q = 0; q < j; q++)
            again |= abs(c[q]) == c[j];
        } while (again);
        if (oracle_below(rng, 2))
          c[j] = -c[j];
        ok |= hidden && hidden[abs(c[j])] == (c[j] > 0);
      }
    } while (!ok);
    oracle_add(f, c, (size_t)k);
  }
}

/* Random k-SAT around the threshold (4.26 clauses per variable for 3,
 * 9.93 for 4), give or take two clauses; for 3, no two clauses over the
 * same variables (distinct3: two such clauses may merge into a shorter one
 * as they are added, and the formula would no longer look like random
 * 3-SAT to "auto"). */
static void threshold_kcnf(oracle_formula *f, uint64_t *rng, int nv, int k) {
  size_t m = (size_t)(nv * (k == 3 ? 4.26 : 9.93) + 0.5) - 2 +
             (size_t)oracle_below(rng, 5);
  if (k == 3)
    distinct3(f, rng, nv, m);
  else {
    oracle_init(f, nv);
    add_kcnf(f, rng, nv, m, k, NULL);
  }
}

/* Whether the model of s (after DPLL_SAT) satisfies f, of any size. */
static bool model_satisfies(const dpll_solver *s, const oracle_formula *f) {
  unsigned char *model = calloc((size_t)f->num_vars + 1, 1);
  assert_non_null(model);
  for (int v = 1; v <= f->num_vars; v++)
    model[v] = (unsigned char)(dpll_model(s, v) == 1);
  bool ok = oracle_check(f, model);
  free(model);
  return ok;
}

/* check_answer with the oracle's answer worked out once by the caller. */
static void judge(const dpll_solver *s, const oracle_formula *f, int res,
                  int expect, const char *what) {
  CHECK(res == expect, "%s: answered %d, expected %d", what, res, expect);
  if (res == DPLL_SAT)
    CHECK(model_satisfies(s, f), "%s: the model falsifies a clause", what);
}

/* The walks change nothing the search reads (they write their own phases
 * and the counters walks and walk_flips), so with the option the search is
 * the one without it up to the walk that satisfies every clause; a
 * satisfiable formula answered with fewer conflicts than without the
 * option was answered by a walk's model replayed on the trail. */
static bool replayed(const dpll_stats *on, const dpll_stats *off, int res) {
  return res == DPLL_SAT && on->walks > 0 && on->conflicts < off->conflicts;
}

/* Random 3-SAT of 10 to 20 variables around the threshold, and 4-SAT
 * (every fourth formula), with pure literals on and off, solved with the
 * option and without: both answers the oracle's, every model checked; the
 * option walks on most formulas, never without it; on some satisfiable
 * formulas a walk's model is the answer (replayed).  The algorithm auto
 * with the option takes the lookahead, and walks, on these formulas. */
static void test_local_search_random(void **state) {
  (void)state;
  uint64_t rng = 0x10CA15EA;
  long count = tier_cases(300);
  long sat = 0, walked = 0, replays = 0, auto_shaped = 0, auto_walked = 0;
  for (long i = 0; i < count; i++) {
    int k = i % 4 == 3 ? 4 : 3;
    int nv = 10 + oracle_below(&rng, 11);
    oracle_formula f;
    threshold_kcnf(&f, &rng, nv, k);
    char what[80];
    snprintf(what, sizeof what, "%d-SAT formula %ld (%d variables)", k, i, nv);
    int expect = oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    dpll_stats st[2];
    int res[2];
    for (int ls = 0; ls < 2; ls++) {
      dpll_solver *s = ls_solver(ls, (int)(i / 4 % 2));
      add_formula(s, &f, 0);
      res[ls] = dpll_solve(s);
      judge(s, &f, res[ls], expect, what);
      st[ls] = stats_now(s);
      dpll_free(s);
    }
    CHECK(st[0].walks == 0 && st[0].walk_flips == 0,
          "%s: %llu walks without the option", what,
          (unsigned long long)st[0].walks);
    sat += res[1] == DPLL_SAT;
    walked += st[1].walks > 0;
    replays += replayed(&st[1], &st[0], res[1]);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_AUTO), 0);
    assert_int_equal(dpll_set_option(s, "local_search", 1), 0);
    add_formula(s, &f, 0);
    judge(s, &f, dpll_solve(s), expect, what);
    bool shaped = k == 3 && random_shaped(&f);
    auto_shaped += shaped;
    auto_walked += shaped && stats_now(s).walks > 0;
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("local search: %ld formulas, %ld satisfiable, %ld walked, "
                "%ld answered by a walk's model; auto walked on %ld of the %ld "
                "shaped like random 3-SAT\n",
                count, sat, walked, replays, auto_walked, auto_shaped);
  CHECK(walked * 2 > count, "walks on %ld of %ld formulas only", walked, count);
  CHECK(replays > 0, "no walk's model was the answer (%ld satisfiable)", sat);
  CHECK(auto_walked * 2 > auto_shaped,
        "auto walked on %ld of %ld formulas shaped like random 3-SAT only",
        auto_walked, auto_shaped);
}

/* A walk above level 0 that finds a model.  The second walk of a solve
 * waits for 1,000,000 ticks of the search's work (classic.c), which small
 * formulas never reach; random 6-SAT of 30 variables at its threshold
 * (43.37 clauses per variable) does, some 400 conflicts deep, where the
 * second walk (from the first one's best assignment, with a larger budget)
 * finds a model on these formulas (their seeds, found by trying, give
 * formulas that the search without the option answers with more
 * conflicts).  The model replayed from level 0 must be a model, the answer
 * SAT, and it must have come from a walk after the first. */
static void test_local_search_later_walk(void **state) {
  (void)state;
  static const uint64_t seeds[] = {70, 80, 100, 108, 124};
  long count = tier_cases(1), later = 0;
  if (count > 5)
    count = 5;
  for (long i = 0; i < count; i++) {
    uint64_t rng = seeds[i];
    oracle_formula f;
    oracle_init(&f, 30);
    add_kcnf(&f, &rng, 30, (size_t)(30 * 43.37 + 0.5), 6, NULL);
    char what[80];
    snprintf(what, sizeof what, "6-SAT, seed %llu",
             (unsigned long long)seeds[i]);
    dpll_stats st[2];
    int res[2];
    for (int ls = 0; ls < 2; ls++) {
      dpll_solver *s = ls_solver(ls, 1);
      add_formula(s, &f, 0);
      res[ls] = dpll_solve(s);
      judge(s, &f, res[ls], DPLL_SAT, what);
      st[ls] = stats_now(s);
      dpll_free(s);
    }
    bool here = replayed(&st[1], &st[0], res[1]) && st[1].conflicts > 0 &&
                st[1].walks >= 2;
    print_message("%s: %llu walks, %llu conflicts (%llu without the "
                  "option)%s\n",
                  what, (unsigned long long)st[1].walks,
                  (unsigned long long)st[1].conflicts,
                  (unsigned long long)st[0].conflicts,
                  here ? ": a later walk's model" : "");
    later += here;
    oracle_free(&f);
  }
  CHECK(later > 0, "no later walk found a model in %ld formulas", count);
}

/* Planted random 3-SAT of 300 to 600 variables at 4.0 clauses per
 * variable (and 4-SAT of 200 to 300 at 9.0, every fourth): satisfiable by
 * construction (the hidden assignment is checked to satisfy them), so the
 * answer must be SAT and its model satisfy every clause, with walks. */
static void test_local_search_planted(void **state) {
  (void)state;
  uint64_t rng = 0x91A27ED;
  long count = tier_cases(16);
  uint64_t walks = 0, flips = 0, conflicts = 0;
  for (long i = 0; i < count; i++) {
    int k = i % 4 == 3 ? 4 : 3;
    int nv =
        k == 3 ? 300 + oracle_below(&rng, 301) : 200 + oracle_below(&rng, 101);
    unsigned char *hidden = calloc((size_t)nv + 1, 1);
    assert_non_null(hidden);
    for (int v = 1; v <= nv; v++)
      hidden[v] = (unsigned char)oracle_below(&rng, 2);
    oracle_formula f;
    oracle_init(&f, nv);
    add_kcnf(&f, &rng, nv, (size_t)(nv * (k == 3 ? 4.0 : 9.0)), k, hidden);
    assert_true(oracle_check(&f, hidden));
    char what[80];
    snprintf(what, sizeof what, "planted %d-SAT %ld (%d variables)", k, i, nv);
    dpll_solver *s = ls_solver(1, (int)(i % 2));
    add_formula(s, &f, 0);
    int res = dpll_solve(s);
    CHECK(res == DPLL_SAT, "%s: answered %d", what, res);
    CHECK(model_satisfies(s, &f), "%s: the model falsifies a clause", what);
    dpll_stats st = stats_now(s);
    CHECK(st.walks > 0, "%s: no walk", what);
    walks += st.walks;
    flips += st.walk_flips;
    conflicts += st.conflicts;
    dpll_free(s);
    oracle_free(&f);
    free(hidden);
  }
  print_message("planted: %ld formulas solved, %llu walks, %llu flips, %llu "
                "conflicts\n",
                count, (unsigned long long)walks, (unsigned long long)flips,
                (unsigned long long)conflicts);
}

static long events_heard;
static void count_event(void *ctx, const dpll_event *e) {
  (void)ctx;
  (void)e;
  events_heard++;
}

/* A solve with a proof written (format alternating with i), judged: SAT by
 * the model, UNSAT by the proof, and against expect unless it is 0.
 * Returns the answer; *st receives the counters. */
static int proved_solve(dpll_solver *s, const oracle_formula *f, long i,
                        int expect, dpll_stats *st, const char *what) {
  int format = i % 2 ? DPLL_PROOF_BINARY : DPLL_PROOF_TEXT;
  int res = solve_proved(s, f, expect, format, what);
  *st = stats_now(s);
  return res;
}

/* Where the option does nothing, and proofs.  Under assumptions no walk
 * runs (the answer is the oracle's with the assumed units, a model holds
 * them), and the solve after, without, walks again; with a trace set no
 * walk runs.  With a proof written, walks run and add nothing to it: the
 * proof of every UNSAT answer is accepted by the DRAT checker, on small
 * formulas (answers by brute force too; every third one solved first with
 * half its clauses) and on random 3-SAT of 100 to 150 variables at the
 * threshold (SAT judged by the model, UNSAT by the proof). */
static void test_local_search_off_and_proofs(void **state) {
  (void)state;
  uint64_t rng = 0x0FF5EA;
  long count = tier_cases(150), walked_after = 0;
  for (long i = 0; i < count; i++) {
    int nv = 10 + oracle_below(&rng, 9);
    oracle_formula f;
    threshold_kcnf(&f, &rng, nv, i % 4 == 3 ? 4 : 3);
    char what[80];
    snprintf(what, sizeof what, "formula %ld (%d variables)", i, nv);
    dpll_solver *s = ls_solver(1, (int)(i % 2));
    add_formula(s, &f, 0);
    int units[3], n = 1 + oracle_below(&rng, 3);
    for (int a = 0; a < n; a++) {
      units[a] =
          (1 + oracle_below(&rng, nv)) * (oracle_below(&rng, 2) ? 1 : -1);
      assert_int_equal(dpll_assume(s, units[a]), 0);
    }
    int res = dpll_solve(s);
    int expect = oracle_satisfiable_with(&f, units, n) ? DPLL_SAT : DPLL_UNSAT;
    CHECK(res == expect, "%s under %d assumptions: %d, expected %d", what, n,
          res, expect);
    if (res == DPLL_SAT) {
      CHECK(model_satisfies(s, &f), "%s: the model falsifies a clause", what);
      for (int a = 0; a < n; a++)
        CHECK(dpll_model(s, units[a]) == 1, "%s: the model breaks %d", what,
              units[a]);
    }
    dpll_stats st = stats_now(s);
    CHECK(st.walks == 0, "%s: %llu walks under assumptions", what,
          (unsigned long long)st.walks);
    expect = oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    judge(s, &f, dpll_solve(s), expect, what);
    walked_after += stats_now(s).walks > 0;
    dpll_free(s);
    /* With a trace. */
    s = ls_solver(1, (int)(i % 2));
    events_heard = 0;
    dpll_set_trace(s, count_event, NULL);
    add_formula(s, &f, 0);
    judge(s, &f, dpll_solve(s), expect, what);
    CHECK(stats_now(s).walks == 0 && events_heard > 0,
          "%s: %llu walks with a trace (%ld events)", what,
          (unsigned long long)stats_now(s).walks, events_heard);
    dpll_free(s);
    oracle_free(&f);
  }
  /* Proofs: small formulas at 4.5 to 5.5 clauses per variable (mostly
   * unsatisfiable, no two clauses over the same variables, so that few are
   * refuted before the first walk), then larger ones at the threshold. */
  long proofs = tier_cases(150), large = tier_cases(5);
  long proved = 0, proved_walked = 0, large_unsat = 0;
  for (long i = 0; i < proofs + large; i++) {
    bool small = i < proofs;
    int nv = small ? 10 + oracle_below(&rng, 11) : 100 + oracle_below(&rng, 51);
    size_t m = small ? (size_t)(nv * 4.5 + oracle_below(&rng, nv + 1))
                     : (size_t)(nv * 4.26 + 0.5);
    oracle_formula f;
    distinct3(&f, &rng, nv, m);
    char what[80];
    snprintf(what, sizeof what, "proof, formula %ld (%d variables)", i, nv);
    int expect =
        small ? (oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT) : 0;
    dpll_solver *s = ls_solver(1, (int)(i % 2));
    dpll_stats st;
    if (small && i % 3 == 0) {
      /* Half the clauses first, proved too (mostly SAT, often by a walk's
       * model, which leaves its decisions on the trail), then the rest. */
      oracle_formula half;
      oracle_init(&half, nv);
      for (size_t c = 0; c < f.num_clauses / 2; c++)
        oracle_add(&half, f.lits + f.start[c], f.start[c + 1] - f.start[c]);
      add_formula(s, &half, 0);
      proved_solve(s, &half, i + 1, 0, &st, what);
      add_formula(s, &f, half.num_clauses);
      oracle_free(&half);
    } else
      add_formula(s, &f, 0);
    int res = proved_solve(s, &f, i, expect, &st, what);
    proved += res == DPLL_UNSAT;
    proved_walked += res == DPLL_UNSAT && st.walks > 0;
    large_unsat += !small && res == DPLL_UNSAT;
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas under assumptions and traced, no walk (%ld "
                "walked in the solve after); %ld proofs checked, %ld with "
                "walks (%ld of %ld large formulas unsatisfiable)\n",
                count, walked_after, proved, proved_walked, large_unsat, large);
  CHECK(walked_after * 2 > count, "walks after assumptions on %ld of %ld only",
        walked_after, count);
  CHECK(proved_walked * 2 > proved && proved_walked > 0,
        "walks in %ld of %ld proved solves only", proved_walked, proved);
}

/* Solve, add clauses, solve again: random 3-SAT of 10 to 16 variables
 * from 3 clauses per variable on, a few more clauses (now and then a unit
 * or a pair) before each of six solves, the option turned off for the
 * fourth, and for every third formula a cdcl solve stopped by its conflict
 * limit before them (its learned clauses stay); every answer the
 * oracle's.  Then planted 3-SAT of 200 variables
 * growing from 3.5 to 4.5 clauses per variable in five solves: SAT each
 * time with a model that satisfies every clause so far. */
static void test_local_search_incremental(void **state) {
  (void)state;
  uint64_t rng = 0x1AC2E;
  long count = tier_cases(150), solves = 0, sat = 0, walked = 0;
  for (long i = 0; i < count; i++) {
    int nv = 10 + oracle_below(&rng, 7);
    oracle_formula f;
    oracle_init(&f, nv);
    add_kcnf(&f, &rng, nv, (size_t)(3 * nv), 3, NULL);
    dpll_solver *s = ls_solver(1, (int)(i % 2));
    add_formula(s, &f, 0);
    if (i % 3 == 0) {
      /* First cdcl, stopped after a few conflicts: its learned clauses
       * stay in the solver for the walks that follow. */
      assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_CDCL), 0);
      assert_int_equal(dpll_set_option(s, "conflict_limit", 3), 0);
      int res = dpll_solve(s);
      if (res != DPLL_UNKNOWN)
        check_answer(s, &f, res, "cdcl first");
      assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_DPLL), 0);
      assert_int_equal(dpll_set_option(s, "conflict_limit", -1), 0);
    }
    for (int round = 0; round < 6; round++) {
      char what[80];
      snprintf(what, sizeof what, "formula %ld, round %d", i, round);
      assert_int_equal(dpll_set_option(s, "local_search", round != 3), 0);
      uint64_t walks = stats_now(s).walks;
      int res = dpll_solve(s);
      check_answer(s, &f, res, what);
      uint64_t now = stats_now(s).walks;
      if (round == 3)
        CHECK(now == walks, "%s: walks with the option off", what);
      walked += now > walks;
      solves++;
      sat += res == DPLL_SAT;
      size_t from = f.num_clauses;
      int more = 1 + oracle_below(&rng, 3);
      add_kcnf(&f, &rng, nv, (size_t)more, 3, NULL);
      if (oracle_below(&rng, 4) == 0)
        add_kcnf(&f, &rng, nv, 1, 1 + oracle_below(&rng, 2), NULL);
      add_formula(s, &f, from);
    }
    dpll_free(s);
    oracle_free(&f);
  }
  long planted = tier_cases(4);
  for (long i = 0; i < planted; i++) {
    int nv = 200;
    unsigned char hidden[201];
    for (int v = 1; v <= nv; v++)
      hidden[v] = (unsigned char)oracle_below(&rng, 2);
    oracle_formula f;
    oracle_init(&f, nv);
    dpll_solver *s = ls_solver(1, (int)(i % 2));
    for (int round = 0; round < 5; round++) {
      size_t from = f.num_clauses;
      add_kcnf(&f, &rng, nv, (size_t)(nv * (3.5 + 0.25 * round)) - from, 3,
               hidden);
      add_formula(s, &f, from);
      char what[80];
      snprintf(what, sizeof what, "planted %ld, round %d", i, round);
      uint64_t walks = stats_now(s).walks;
      int res = dpll_solve(s);
      CHECK(res == DPLL_SAT, "%s: answered %d", what, res);
      CHECK(model_satisfies(s, &f), "%s: the model falsifies a clause", what);
      walked += stats_now(s).walks > walks;
      solves++;
      sat++;
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("incremental: %ld solves, %ld satisfiable, %ld with walks\n",
                solves, sat, walked);
  CHECK(walked * 2 > solves, "walks in %ld of %ld solves only", walked, solves);
}

/* Each allocation of a solve with the option failing in turn (failalloc.c):
 * the answer is the oracle's or DPLL_ENOMEM, a SAT model satisfies every
 * clause, and the solve after, with allocations working, answers right.  A
 * walk that cannot allocate is skipped and the search goes on, so some
 * failures leave the answer right with no walk counted.  The formulas: a
 * satisfiable one that a walk's model answers (found among random ones),
 * an unsatisfiable one with walks, and a planted one of 150 variables. */
static void oom_local_search(const oracle_formula *f, int expect,
                             const char *name) {
  long failures = 0, enomem = 0, skipped = 0;
  for (oom.at = 0;; oom.at++) {
    char what[80];
    snprintf(what, sizeof what, "%s, allocation %ld", name, oom.at);
    dpll_solver *s = ls_solver(1, 1);
    add_formula(s, f, 0);
    oom_session();
    oom.armed = true;
    int res = dpll_solve(s);
    oom.armed = false;
    dpll_stats st = stats_now(s);
    if (!oom.failed) {
      CHECK(res == expect, "%s: no failure, answered %d", what, res);
      CHECK(st.walks > 0, "%s: no walk", what);
      dpll_free(s);
      break;
    }
    failures++;
    CHECK(res == expect || res == DPLL_ENOMEM, "%s failed: answered %d", what,
          res);
    enomem += res == DPLL_ENOMEM;
    skipped += res == expect && st.walks == 0;
    if (res == DPLL_SAT)
      CHECK(model_satisfies(s, f), "%s failed: a false model", what);
    res = dpll_solve(s);
    CHECK(res == expect, "%s, the solve after: answered %d", what, res);
    if (res == DPLL_SAT)
      CHECK(model_satisfies(s, f), "%s, the solve after: a false model", what);
    dpll_free(s);
  }
  oom.at = -1;
  print_message("%s: %ld allocations failed in turn, %ld gave DPLL_ENOMEM, "
                "%ld answered right without a walk\n",
                name, failures, enomem, skipped);
  CHECK(skipped >= 2, "%s: only %ld walks skipped for want of memory", name,
        skipped);
}

static void test_local_search_out_of_memory(void **state) {
  (void)state;
  uint64_t rng = 0x0033;
  oracle_formula f;
  for (int tries = 0;; tries++) {
    assert_true(tries < 1000);
    threshold_kcnf(&f, &rng, 20, tries % 2 ? 4 : 3);
    if (oracle_satisfiable(&f, NULL)) {
      dpll_stats st[2];
      for (int ls = 0; ls < 2; ls++) {
        dpll_solver *s = ls_solver(ls, 1);
        add_formula(s, &f, 0);
        assert_int_equal(dpll_solve(s), DPLL_SAT);
        st[ls] = stats_now(s);
        dpll_free(s);
      }
      if (replayed(&st[1], &st[0], DPLL_SAT))
        break;
    }
    oracle_free(&f);
  }
  oom_local_search(&f, DPLL_SAT, "answered by a walk");
  oracle_free(&f);
  for (int tries = 0;; tries++) {
    assert_true(tries < 1000);
    oracle_init(&f, 20);
    add_kcnf(&f, &rng, 20, 100, 3, NULL);
    if (!oracle_satisfiable(&f, NULL)) {
      dpll_solver *s = ls_solver(1, 1);
      add_formula(s, &f, 0);
      assert_int_equal(dpll_solve(s), DPLL_UNSAT);
      uint64_t walks = stats_now(s).walks;
      dpll_free(s);
      if (walks > 0)
        break;
    }
    oracle_free(&f);
  }
  oom_local_search(&f, DPLL_UNSAT, "unsatisfiable");
  oracle_free(&f);
  unsigned char hidden[151];
  for (int v = 1; v <= 150; v++)
    hidden[v] = (unsigned char)oracle_below(&rng, 2);
  oracle_init(&f, 150);
  add_kcnf(&f, &rng, 150, 600, 3, hidden);
  oom_local_search(&f, DPLL_SAT, "planted");
  oracle_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_formulas),
      cmocka_unit_test(test_trace_of_probes),
      cmocka_unit_test(test_refuted_without_split),
      cmocka_unit_test(test_smaller_search),
      cmocka_unit_test(test_classes_assumptions_incremental),
      cmocka_unit_test(test_choose),
      cmocka_unit_test(test_auto),
      cmocka_unit_test(test_terminate_in_round),
      cmocka_unit_test(test_local_search_random),
      cmocka_unit_test(test_local_search_later_walk),
      cmocka_unit_test(test_local_search_planted),
      cmocka_unit_test(test_local_search_off_and_proofs),
      cmocka_unit_test(test_local_search_incremental),
      cmocka_unit_test(test_local_search_out_of_memory),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
