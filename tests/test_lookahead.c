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
 *     one length, 3 or more, and cdcl on any others. */
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
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
