/* test_vivify.c - vivification (vivify.c), white-box.  Parts 0 to 4 are
 * about learned clauses; part 5 about the caller's (option vivify_all).
 *
 *  0. Worked examples: hand-written clauses and learned clauses, and the
 *     outcome of a round worked out by hand: a clause shortened, the
 *     clauses that are no candidates left alone, a unit that refutes the
 *     formula, and a clause replaced that forces a literal at level 0
 *     before it goes (the literal must lose it as its reason).
 *  1. Soundness, round by round: hundreds of small random 3-SAT formulas
 *     (10 to 16 variables) are solved under a small conflict limit, so
 *     that the solver stops with learned clauses; the solver is brought to
 *     level 0 at a fixpoint and dpll__vivify is called with the whole
 *     history as its budget.  Every learned clause left, and every literal
 *     of level 0, must be implied by the formula (brute force over every
 *     assignment, written here); every clause the round made must be a
 *     proper part of the candidate it replaced (newest first); the
 *     counters, the learn callback and the invariants (dpll__check) must
 *     agree, and the saved phases and the activities must be untouched; a
 *     round that says DPLL_UNSAT must be on an unsatisfiable formula.  Up
 *     to four rounds per formula, then the search finishes and its answer
 *     is judged by brute force.
 *  2. The option: on formulas that need thousands of conflicts (a
 *     pigeonhole formula, unsatisfiable by counting, and a satisfiable
 *     random 3-SAT formula of 150 variables), "vivify" 0 never shortens a
 *     clause and vivify 1 does, with right answers both ways; the
 *     learn callback hears of every clause stored, the shorter ones too.
 *  3. Incremental use: one solver, many solves under random assumptions
 *     of a random 4-SAT formula, with rounds called here between solves
 *     (checked as in 1, but for the brute force) besides the solver's own;
 *     every model is checked, and every UNSAT (and its failed set) is
 *     confirmed by a fresh classic solver that shares nothing with this
 *     one.
 *  4. Incremental use on pigeonholes with selectors, hard enough that
 *     every other solve has rounds of its own; each answer is judged by a
 *     matching written here, each UNSAT confirmed by a classic solver.
 *  5. The caller's clauses: random 3-SAT formulas with some clauses widened
 *     by a literal are stopped after 3 conflicts and given a round; the
 *     caller's clauses must keep their literals, each one put aside must
 *     have a proper part among the learned clauses, every learned clause
 *     must be implied (brute force), and the solve after must be right;
 *     pigeonhole solves with rounds from the first conflict on have their
 *     proofs checked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "check.h"
#include "clausedb.h"
#include "internal.h"
#include "oracle.h"
#include "propagate.h"
#include "testutil.h"
#include "vars.h"
#include "vivify.h"

#include <stdlib.h>
#include <string.h>

/* ---- Formulas ------------------------------------------------------------ */

/* m random clauses of k distinct variables (k <= 8) over 1..nv. */
static void cnf_random(oracle_formula *f, uint64_t *rng, int nv, size_t m,
                       int k) {
  oracle_init(f, nv);
  for (size_t i = 0; i < m; i++) {
    int lits[8];
    for (int j = 0; j < k; j++) {
      int v, again;
      do {
        v = 1 + xorshift_below(rng, nv);
        again = 0;
        for (int q = 0; q < j; q++)
          again |= lits[q] == v || lits[q] == -v;
      } while (again);
      lits[j] = xorshift_below(rng, 2) ? v : -v;
    }
    oracle_add(f, lits, (size_t)k);
  }
}

/* ---- Brute force (at most 16 variables) ----------------------------------
 * An assignment is a mask, bit v - 1 for variable v true; a clause is the
 * masks of its positive and its negative variables. */

#define MAXV 16

typedef clause_masks masks;

static masks int_masks(const unsigned *lits, size_t n) {
  masks c = {0, 0};
  for (size_t k = 0; k < n; k++) {
    uint32_t bit = 1u << (lit_var(lits[k]) - 1);
    if (lit_negative(lits[k]))
      c.neg |= bit;
    else
      c.pos |= bit;
  }
  return c;
}

/* Every model of f, in models (room for 2^nv); returns how many. */
static size_t all_models(const oracle_formula *f, uint32_t *models) {
  masks *c = grown(NULL, f->num_clauses + 1, sizeof *c);
  for (size_t i = 0; i < f->num_clauses; i++)
    c[i] =
        clause_masks_of(f->lits + f->start[i], f->start[i + 1] - f->start[i]);
  size_t found = 0;
  for (uint32_t a = 0; a < (1u << f->num_vars); a++) {
    size_t i = 0;
    while (i < f->num_clauses && masks_satisfied(a, c[i]))
      i++;
    if (i == f->num_clauses)
      models[found++] = a;
  }
  free(c);
  return found;
}

/* Whether every model satisfies c: whether f implies c. */
static int implied(masks c, const uint32_t *models, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!masks_satisfied(models[i], c))
      return 0;
  return 1;
}

/* ---- The learned clauses, as sorted literal lists ------------------------ */

#define LMAX 64 /* the longest learned clause kept here */

typedef struct lclause {
  uint32_t size, flags;
  unsigned lits[LMAX];
} lclause;

static int cmp_unsigned(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

static void sort_lits(lclause *c) {
  qsort(c->lits, c->size, sizeof c->lits[0], cmp_unsigned);
}

/* The learned clauses in the store's order (deleted ones too, flagged). */
static lclause *snapshot(const dpll_solver *s, size_t *n) {
  *n = dpll__num_learnts(s);
  lclause *out = grown(NULL, *n + 1, sizeof *out);
  for (size_t i = 0; i < *n; i++) {
    const clause *c = dpll__clause(s, dpll__learnt_ref(s, i));
    assert_true(c->size <= LMAX);
    out[i].size = c->size;
    out[i].flags = c->flags;
    memcpy(out[i].lits, c->lits, c->size * sizeof c->lits[0]);
    sort_lits(&out[i]);
  }
  return out;
}

/* The highest LBD of a clause that a round tests (VIVIFY_LBD of
 * vivify.c). */
#define CANDIDATE_LBD 6

static uint32_t lbd_of(const lclause *c) {
  return c->flags >> CLAUSE_LBD_SHIFT;
}

static int same(const lclause *a, const lclause *b) {
  return a->size == b->size &&
         !memcmp(a->lits, b->lits, a->size * sizeof a->lits[0]);
}

/* a is a proper part of b (both sorted). */
static int proper_subset(const lclause *a, const lclause *b) {
  if (a->size >= b->size)
    return 0;
  size_t j = 0;
  for (size_t i = 0; i < a->size; i++) {
    while (j < b->size && b->lits[j] < a->lits[i])
      j++;
    if (j == b->size || b->lits[j] != a->lits[i])
      return 0;
  }
  return 1;
}

static void show_clause(const char *what, const lclause *c) {
  print_message("%s:", what);
  for (uint32_t k = 0; k < c->size; k++)
    print_message(" %d", lit_to_ext(c->lits[k]));
  print_message(" (flags %#x)\n", (unsigned)c->flags);
}

/* What the learn callback heard while `on`. */
typedef struct recorder {
  int on;
  size_t count, cap;
  lclause *got;
  size_t heard; /* every clause heard, on or not */
} recorder;

static void on_learn(void *ctx, const int *lits, size_t n) {
  recorder *r = ctx;
  r->heard++;
  if (!r->on)
    return;
  if (r->count == r->cap) {
    r->cap = r->cap ? 2 * r->cap : 16;
    r->got = grown(r->got, r->cap, sizeof *r->got);
  }
  lclause *c = &r->got[r->count++];
  assert_true(n <= LMAX);
  c->size = (uint32_t)n;
  c->flags = 0;
  for (size_t k = 0; k < n; k++)
    c->lits[k] = lit_from_ext(lits[k]);
  sort_lits(c);
}

static void count_learned(void *ctx, const int *lits, size_t n) {
  (void)lits;
  (void)n;
  ++*(size_t *)ctx;
}

/* ---- Getting to where a round may run ------------------------------------ */

/* After dpll_solve: level 0 with its consequences drawn (the solve may
 * stop right after learning a unit, and its reset drops the pure literals
 * and queues level 0 again).  Returns 0, or 1 if level 0 is in conflict
 * (the formula is unsatisfiable: no round can run). */
static int to_root_fixpoint(dpll_solver *s) {
  dpll__trail_reset(s);
  cref conflict = dpll__propagate(s);
  assert_true(conflict != CREF_OOM);
  if (conflict != CREF_NONE)
    return 1;
  assert_int_equal(dpll__decision_level(s), 0);
  assert_true(dpll__at_fixpoint(s));
  return 0;
}

typedef struct tally {
  unsigned formulas, solved_early, rounds, rounds_shortening,
      formulas_shortened, rounds_unsat, root_conflicts;
  uint64_t clauses, lits;
} tally;

/* One round of vivification on s (at a root fixpoint), checked as the top
 * of the file says.  models[0..nmodels-1] are the models of the formula;
 * models NULL: too many variables to know them, so the clauses are not
 * judged (the caller judges an UNSAT).  Returns the round's result. */
static int checked_round(dpll_solver *s, const uint32_t *models, size_t nmodels,
                         recorder *rec, tally *t) {
  size_t nb, na;
  lclause *before = snapshot(s, &nb);
  size_t nvar = (size_t)s->num_vars + 1;
  signed char *phases = grown(NULL, nvar, 1);
  double *act = grown(NULL, nvar, sizeof *act);
  memcpy(phases, s->phase.saved, nvar);
  memcpy(act, s->heap.activity, nvar * sizeof *act);
  double inc = s->heap.activity_inc;
  dpll_stats st0, st1;
  dpll_get_stats(s, &st0);

  rec->count = 0;
  rec->on = 1;
  s->vivify.ticks = 0; /* the whole history is the budget */
  int rc = dpll__vivify(s);
  rec->on = 0;
  dpll_get_stats(s, &st1);
  t->rounds++;

  CHECK(rc == 0 || rc == DPLL_UNSAT, "dpll__vivify returned %d", rc);
  if (rc == DPLL_UNSAT) {
    t->rounds_unsat++;
    CHECK(!models || nmodels == 0,
          "a round found the empty clause, but the formula has %zu models",
          nmodels);
    CHECK(dpll__unsat(s), "DPLL_UNSAT without the empty clause derived");
  }
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken after a round: %s", why);
  CHECK(dpll__decision_level(s) == 0, "the round left level %d",
        dpll__decision_level(s));
  if (rc == 0)
    CHECK(dpll__at_fixpoint(s) && !dpll__conflict_pending(s),
          "the round left no fixpoint");
  CHECK(!memcmp(phases, s->phase.saved, nvar),
        "the round changed the saved phases");
  CHECK(!memcmp(act, s->heap.activity, nvar * sizeof *act) &&
            inc == s->heap.activity_inc,
        "the round changed the activities");
  CHECK(s->an.clears == 0, "analysis marks left");

  /* Every clause left is implied; every literal of level 0 too. */
  lclause *after = snapshot(s, &na);
  for (size_t i = 0; i < na; i++) {
    CHECK(!(after[i].flags & (CLAUSE_DELETED | CLAUSE_REPLACED)) &&
              (after[i].flags & CLAUSE_LEARNED),
          "learned clause %zu has flags %#x after the round", i,
          (unsigned)after[i].flags);
    if (models &&
        !implied(int_masks(after[i].lits, after[i].size), models, nmodels)) {
      show_clause("not implied", &after[i]);
      fail_msg("a learned clause is not implied by the formula");
    }
  }
  for (size_t i = 0; models && i < dpll__trail_size(s); i++) {
    unsigned lit = dpll__trail_at(s, i);
    CHECK(implied(int_masks(&lit, 1), models, nmodels),
          "literal %d of level 0 is not implied", lit_to_ext(lit));
  }

  /* After: the clauses kept, in their order, then the new ones, each a
   * proper part of one that went; newest first, so the j-th new clause
   * replaces the j-th gone one counting from the newest. */
  uint64_t made = st1.vivified - st0.vivified;
  uint64_t removed = st1.vivified_lits - st0.vivified_lits;
  CHECK(na == nb, "%zu learned clauses before the round, %zu after", nb, na);
  CHECK(made <= na, "counted %llu clauses shortened of %zu",
        (unsigned long long)made, na);
  size_t kept = na - (size_t)made, b = 0, ngone = 0;
  size_t *gone = grown(NULL, nb + 1, sizeof *gone);
  for (size_t i = 0; i < kept; i++) {
    while (b < nb && !same(&after[i], &before[b]))
      gone[ngone++] = b++;
    if (b == nb) {
      show_clause("after the round", &after[i]);
      fail_msg("a clause kept by the round was not there before it");
    }
    b++;
  }
  while (b < nb)
    gone[ngone++] = b++;
  CHECK(ngone == made, "%zu clauses went, %llu counted as shortened", ngone,
        (unsigned long long)made);
  uint64_t lits_gone = 0, lits_new = 0;
  for (size_t j = 0; j < ngone; j++) {
    const lclause *old = &before[gone[ngone - 1 - j]];
    const lclause *now = &after[kept + j];
    lits_gone += old->size;
    lits_new += now->size;
    CHECK(old->size > 2 && lbd_of(old) <= CANDIDATE_LBD &&
              !(old->flags & CLAUSE_VIVIFIED),
          "a clause replaced was no candidate (size %u, flags %#x)",
          (unsigned)old->size, (unsigned)old->flags);
    CHECK(now->flags & CLAUSE_VIVIFIED, "a new clause is not marked tested");
    CHECK(lbd_of(now) <= now->size && lbd_of(now) <= lbd_of(old),
          "a new clause's LBD %u exceeds its size %u or the old LBD %u",
          (unsigned)lbd_of(now), (unsigned)now->size, (unsigned)lbd_of(old));
    if (!proper_subset(now, old)) {
      show_clause("replaced", old);
      show_clause("by", now);
      fail_msg("a new clause is not a proper part of the one it replaced");
    }
  }
  CHECK(removed == lits_gone - lits_new,
        "counted %llu literals removed, the clauses show %llu",
        (unsigned long long)removed,
        (unsigned long long)(lits_gone - lits_new));
  CHECK(removed >= made, "fewer literals removed than clauses shortened");

  /* The learn callback heard each new clause, in order. */
  CHECK(rec->count == made, "the learn callback heard %zu clauses, %llu made",
        rec->count, (unsigned long long)made);
  for (size_t j = 0; j < rec->count; j++)
    CHECK(same(&rec->got[j], &after[kept + j]),
          "the learn callback heard another clause than the one stored");

  t->clauses += made;
  t->lits += removed;
  t->rounds_shortening += made > 0;
  free(gone);
  free(after);
  free(before);
  free(act);
  free(phases);
  return rc;
}

/* ---- 0. Worked examples ---------------------------------------------------
 * Clauses given by hand, learned clauses stored as analysis stores them,
 * and a round whose outcome is worked out in the comments. */

static int var_of(int ext) { return ext < 0 ? -ext : ext; }

/* Stores the learned clause of the n (<= 8) literals that follow, in that
 * order, with the given LBD; returns its ref. */
static cref inject(dpll_solver *s, uint32_t lbd, int n, ...) {
  unsigned lits[8];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    int ext = va_arg(ap, int);
    assert_int_equal(dpll__ensure_vars(s, var_of(ext)), 0);
    lits[i] = lit_from_ext(ext);
  }
  va_end(ap);
  assert_int_equal(dpll__clause_reserve(s, lits, (size_t)n, true), 0);
  return dpll__clause_new(s, lits, (size_t)n, true, lbd);
}

/* A round at the root fixpoint with budget for everything: as if a
 * million watches had been visited since the last round (the budget is a
 * difference of counters, which wraps like them). */
static int generous_round(dpll_solver *s) {
  assert_false(to_root_fixpoint(s));
  s->vivify.ticks = dpll__ticks(s) - 1000000;
  return dpll__vivify(s);
}

/* The live learned clauses are exactly those of want, in order: each a
 * run of literals (any order) ended by 0. */
static void expect_learnts(const dpll_solver *s, const int *want, size_t n) {
  size_t at = 0, count = 0;
  for (; count < n; count++) {
    CHECK(count < dpll__num_learnts(s), "only %zu learned clauses",
          dpll__num_learnts(s));
    const clause *c = dpll__clause(s, dpll__learnt_ref(s, count));
    size_t len = 0;
    while (want[at + len])
      len++;
    CHECK(c->size == len && !(c->flags & CLAUSE_DELETED),
          "learned clause %zu has %u literals, expected %zu", count,
          (unsigned)c->size, len);
    for (size_t k = 0; k < len; k++) {
      int found = 0;
      for (uint32_t j = 0; j < c->size; j++)
        found |= lit_to_ext(c->lits[j]) == want[at + k];
      CHECK(found, "learned clause %zu lacks %d", count, want[at + k]);
    }
    at += len + 1;
  }
  CHECK(dpll__num_learnts(s) == n, "%zu learned clauses, expected %zu",
        dpll__num_learnts(s), n);
}

static void expect_root(const dpll_solver *s, const int *lits, size_t n) {
  for (size_t k = 0; k < n; k++)
    CHECK(dpll_value(s, lits[k]) == 1 &&
              dpll__level_of(s, lit_var(lit_from_ext(lits[k]))) == 0,
          "%d is not true at level 0", lits[k]);
}

static void expect_counts(const dpll_solver *s, uint64_t clauses,
                          uint64_t lits) {
  dpll_stats st;
  dpll_get_stats(s, &st);
  CHECK(st.vivified == clauses && st.vivified_lits == lits,
        "counted %llu clauses and %llu literals, expected %llu and %llu",
        (unsigned long long)st.vivified, (unsigned long long)st.vivified_lits,
        (unsigned long long)clauses, (unsigned long long)lits);
}

/* Clauses (1 -2) (2 3 -4) (2 3 4) (6).  Learned, oldest first:
 *   A (1 2 3), LBD 3: deciding -1 forces -2 by (1 -2), and then A forces
 *     3; 2 is dropped (false), and 3, true, is implied by the decision -1
 *     through A and (1 -2): A becomes (3 1);
 *   B (1 2 3 4), LBD 7: too high, not tested;
 *   C (1 2 3), tested before (flagged): not tested again;
 *   D (6 1 2): true at level 0, not tested;
 *   E (2 3): two literals, not tested.
 * After the round: B C D E, then (1 3); one clause shortened by one
 * literal; the learn callback hears (1 3). */
static void test_worked_shorten(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  recorder rec = {0};
  dpll_set_learn(s, LMAX, on_learn, &rec);
  assert_int_equal(add(s, 2, 1, -2), 0);
  assert_int_equal(add(s, 3, 2, 3, -4), 0);
  assert_int_equal(add(s, 3, 2, 3, 4), 0);
  assert_int_equal(add(s, 1, 6), 0);
  inject(s, 3, 3, 1, 2, 3);
  inject(s, 7, 4, 1, 2, 3, 4);
  cref c = inject(s, 3, 3, 1, 2, 3);
  dpll__clause(s, c)->flags |= CLAUSE_VIVIFIED;
  inject(s, 2, 3, 6, 1, 2);
  inject(s, 2, 2, 2, 3);
  rec.on = 1;
  assert_int_equal(generous_round(s), 0);
  rec.on = 0;
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken: %s", why);
  static const int want[] = {1, 2, 3, 4, 0, 1, 2, 3, 0, 6,
                             1, 2, 0, 2, 3, 0, 1, 3, 0};
  expect_learnts(s, want, 5);
  const clause *fresh = dpll__clause(s, dpll__learnt_ref(s, 4));
  CHECK((fresh->flags & CLAUSE_VIVIFIED) && clause_lbd(fresh) <= 2,
        "the new clause has flags %#x", (unsigned)fresh->flags);
  expect_counts(s, 1, 1);
  CHECK(rec.count == 1 && rec.got[0].size == 2 &&
            rec.got[0].lits[0] == lit_pos(1) &&
            rec.got[0].lits[1] == lit_pos(3),
        "the learn callback did not hear (1 3) alone");
  /* A second round finds nothing new to test. */
  assert_int_equal(generous_round(s), 0);
  expect_counts(s, 1, 1);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  free(rec.got);
  dpll_free(s);
}

/* Clauses (-1 2) (-1 -2) (1 3) (1 -3): unsatisfiable, yet nothing
 * propagates at level 0.  Learned (-1 4 5): deciding 1 forces 2 and -2, a
 * conflict, so (-1) follows; it is assigned at level 0, which forces 3
 * and -3: the empty clause.  The round returns DPLL_UNSAT. */
static void test_worked_unsat(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(add(s, 2, -1, 2), 0);
  assert_int_equal(add(s, 2, -1, -2), 0);
  assert_int_equal(add(s, 2, 1, 3), 0);
  assert_int_equal(add(s, 2, 1, -3), 0);
  inject(s, 2, 3, -1, 4, 5);
  assert_int_equal(generous_round(s), DPLL_UNSAT);
  CHECK(dpll__unsat(s), "no empty clause derived");
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken: %s", why);
  static const int want[] = {-1, 0};
  expect_learnts(s, want, 1);
  expect_counts(s, 1, 2);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
}

/* A clause replaced in a round may still force a literal at level 0
 * before the round ends; when it goes, that literal must lose it as its
 * reason.  Clauses (1 2) (1 -2) (-1 -3) (3 -4) (4 -3) (4 5 6) (4 5 -6):
 * 1 follows, 3 and 4 are equal, and (4 5) follows.  Learned, oldest
 * first: Y (1 7 8) and Z (4 3 5), both implied.  Newest first, Z: deciding
 * -4 forces -3, and Z forces 5: Z becomes (5 4).  Then Y: deciding -1
 * forces 2 and -2, so (1) follows and is assigned at level 0; that forces
 * -3, which forces -4 by (3 -4) and then 5 by Z, still there (its watch
 * on 3 comes before the new clause's on 4).  Z then goes, and 5 keeps its
 * value at level 0.  After: (5 4) (1); 1, -3, -4, 5 at level 0. */
static void test_worked_reason(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(add(s, 2, 1, 2), 0);
  assert_int_equal(add(s, 2, 1, -2), 0);
  assert_int_equal(add(s, 2, -1, -3), 0);
  assert_int_equal(add(s, 2, 3, -4), 0);
  assert_int_equal(add(s, 2, 4, -3), 0);
  assert_int_equal(add(s, 3, 4, 5, 6), 0);
  assert_int_equal(add(s, 3, 4, 5, -6), 0);
  inject(s, 3, 3, 1, 7, 8);
  inject(s, 3, 3, 4, 3, 5);
  assert_int_equal(generous_round(s), 0);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken: %s", why);
  static const int want[] = {5, 4, 0, 1, 0};
  expect_learnts(s, want, 2);
  static const int root[] = {1, -3, -4, 5};
  expect_root(s, root, 4);
  expect_counts(s, 2, 3);
  for (size_t i = 0; i < dpll__trail_size(s); i++) {
    cref why_ref = dpll__reason_of(s, lit_var(dpll__trail_at(s, i)));
    CHECK(why_ref == CREF_NONE || why_ref < dpll__arena_words(s),
          "a reason beyond the arena");
  }
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  for (size_t k = 0; k < 4; k++)
    CHECK(dpll_model(s, root[k]) == 1, "the model makes %d false", root[k]);
  dpll_free(s);
}

/* ---- 1. Soundness on small random formulas ------------------------------- */

/* SMALL_FORMULAS in a Release build's quick tier (tests/tier.h). */
#define SMALL_FORMULAS 300
#define SMALL_ROUNDS 4

static void test_rounds_sound(void **state) {
  (void)state;
  uint64_t rng = 0x9e3779b97f4a7c15ULL;
  long count = tier_cases(SMALL_FORMULAS);
  uint32_t *models = grown(NULL, (size_t)1 << MAXV, sizeof *models);
  recorder rec = {0};
  tally t = {0};
  for (int n = 0; n < count; n++) {
    oracle_formula f;
    int nv = 10 + xorshift_below(&rng, MAXV - 10 + 1);
    cnf_random(&f, &rng, nv, (size_t)(4 * nv + xorshift_below(&rng, nv + 1)),
               3);
    size_t nmodels = all_models(&f, models);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    dpll_set_learn(s, LMAX, on_learn, &rec);
    add_formula(s, &f, 0);
    /* Small formulas take a few conflicts: stop after even fewer.  Half
     * learn unminimised clauses, which have more to lose. */
    assert_int_equal(
        dpll_set_option(s, "conflict_limit", 2 + xorshift_below(&rng, 7)), 0);
    assert_int_equal(dpll_set_option(s, "minimize", n % 2), 0);
    t.formulas++;
    uint64_t before = t.clauses;
    unsigned rounds0 = t.rounds;
    for (int round = 0; round < SMALL_ROUNDS; round++) {
      if (dpll_solve(s) != DPLL_UNKNOWN)
        break;
      if (to_root_fixpoint(s)) {
        CHECK(nmodels == 0, "formula %d: level 0 in conflict, %zu models", n,
              nmodels);
        t.root_conflicts++;
        break;
      }
      if (checked_round(s, models, nmodels, &rec, &t) == DPLL_UNSAT)
        break;
    }
    t.solved_early += t.rounds == rounds0;
    t.formulas_shortened += t.clauses > before;
    assert_int_equal(dpll_set_option(s, "conflict_limit", -1), 0);
    int res = dpll_solve(s);
    CHECK(res == (nmodels ? DPLL_SAT : DPLL_UNSAT),
          "formula %d: the solve after the rounds gave %d, brute force "
          "finds %zu models",
          n, res, nmodels);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &f, NULL, 0), "formula %d: a false model",
            n);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%u formulas (%u solved before any round, %u with level 0 "
                "in conflict), %u rounds, %u of which shortened clauses and "
                "%u found UNSAT; %u formulas vivified, %llu clauses "
                "shortened, %llu literals removed\n",
                t.formulas, t.solved_early, t.root_conflicts, t.rounds,
                t.rounds_shortening, t.rounds_unsat, t.formulas_shortened,
                (unsigned long long)t.clauses, (unsigned long long)t.lits);
  CHECK(t.clauses > 0, "no round shortened any clause");
  CHECK(t.lits >= t.clauses, "fewer literals removed than clauses shortened");
  free(rec.got);
  free(models);
}

/* ---- 2. The option ------------------------------------------------------- */

/* Solves f with vivify on or off; the answer must be expect (a SAT model
 * is checked clause by clause).  Returns the counters. */
static dpll_stats solve_with(const oracle_formula *f, int vivify, int expect) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  size_t heard = 0;
  dpll_set_learn(s, SIZE_MAX, count_learned, &heard);
  assert_int_equal(dpll_set_option(s, "vivify", vivify), 0);
  add_formula(s, f, 0);
  int res = dpll_solve(s);
  CHECK(res == expect, "vivify %d: dpll_solve gave %d, expected %d", vivify,
        res, expect);
  if (res == DPLL_SAT)
    CHECK(model_satisfies_with(s, f, NULL, 0), "vivify %d: a false model",
          vivify);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken after the solve: %s", why);
  dpll_stats st;
  dpll_get_stats(s, &st);
  CHECK(heard == st.learned + st.vivified,
        "the learn callback heard %zu clauses: %llu learned, %llu vivified",
        heard, (unsigned long long)st.learned, (unsigned long long)st.vivified);
  dpll_free(s);
  return st;
}

static void option_on_off(const char *name, const oracle_formula *f,
                          int expect) {
  dpll_stats off = solve_with(f, 0, expect);
  CHECK(off.conflicts > 2500,
        "%s needs only %llu conflicts: no round would come", name,
        (unsigned long long)off.conflicts);
  CHECK(off.vivified == 0 && off.vivified_lits == 0,
        "%s: vivify 0 still shortened %llu clauses", name,
        (unsigned long long)off.vivified);
  dpll_stats on = solve_with(f, 1, expect);
  CHECK(on.vivified > 0, "%s: vivify 1 shortened nothing in %llu conflicts",
        name, (unsigned long long)on.conflicts);
  CHECK(on.vivified_lits >= on.vivified, "%s: %llu literals for %llu clauses",
        name, (unsigned long long)on.vivified_lits,
        (unsigned long long)on.vivified);
  print_message(
      "%s: off %llu conflicts; on %llu conflicts, %llu clauses "
      "shortened by %llu literals\n",
      name, (unsigned long long)off.conflicts, (unsigned long long)on.conflicts,
      (unsigned long long)on.vivified, (unsigned long long)on.vivified_lits);
}

/* One round on the caller's clauses too, judged: the caller's clauses
 * keep their literals; each one put aside has a proper part among the
 * learned clauses; every learned clause is implied; the invariants hold.
 * Returns how many of the caller's were put aside. */
static size_t callers_round(dpll_solver *s, const uint32_t *models,
                            size_t nmodels, int n) {
  size_t nc = dpll__num_clauses(s);
  lclause *orig = grown(NULL, nc + 1, sizeof *orig);
  for (size_t i = 0; i < nc; i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    orig[i].size = c->size;
    memcpy(orig[i].lits, c->lits, c->size * sizeof c->lits[0]);
    sort_lits(&orig[i]);
  }
  s->vivify.ticks = 0; /* the whole history is the budget */
  assert_int_equal(dpll_set_option(s, "vivify_all", 1), 0);
  int rc = dpll__vivify(s);
  CHECK(rc == 0 || (rc == DPLL_UNSAT && nmodels == 0),
        "formula %d: dpll__vivify returned %d", n, rc);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "formula %d: %s", n, why);
  size_t na, aside = 0;
  lclause *after = snapshot(s, &na);
  for (size_t i = 0; i < na; i++)
    CHECK(implied(int_masks(after[i].lits, after[i].size), models, nmodels),
          "formula %d: learned clause %zu is not implied", n, i);
  for (size_t i = 0; i < nc; i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    lclause now = {.size = c->size};
    memcpy(now.lits, c->lits, c->size * sizeof c->lits[0]);
    sort_lits(&now);
    CHECK(same(&now, &orig[i]), "formula %d: clause %zu changed", n, i);
    if (!(c->flags & CLAUSE_ASIDE))
      continue;
    aside++;
    bool part = false;
    for (size_t k = 0; k < na && !part; k++)
      part = !(after[k].flags & CLAUSE_DELETED) &&
             proper_subset(&after[k], &orig[i]);
    CHECK(part, "formula %d: clause %zu put aside without a shorter one", n, i);
  }
  free(after);
  free(orig);
  return aside;
}

/* Part 5: rounds on the caller's clauses (random 3-SAT with some clauses
 * widened by a literal, which others may imply in part), then the solve
 * after, judged by brute force; and whole solves with rounds, whose
 * proofs are checked. */
static void test_callers_clauses(void **state) {
  (void)state;
  uint64_t rng = 0x51ed270b27f3c2a1ULL;
  uint32_t *models = grown(NULL, (size_t)1 << MAXV, sizeof *models);
  size_t aside = 0, proofs = 0;
  for (long n = 0; n < tier_cases(SMALL_FORMULAS); n++) {
    oracle_formula f;
    int nv = 10 + xorshift_below(&rng, MAXV - 10 + 1);
    cnf_random(&f, &rng, nv, (size_t)(3 * nv), 3);
    for (size_t i = 0, m = f.num_clauses; i < m / 3; i++) {
      int lits[4];
      memcpy(lits, f.lits + f.start[i], 3 * sizeof *lits);
      int v = 1 + xorshift_below(&rng, nv);
      bool fresh = v != abs(lits[0]) && v != abs(lits[1]) && v != abs(lits[2]);
      lits[3] = xorshift_below(&rng, 2) ? v : -v;
      lits[0] = -lits[0]; /* implied in part only now and then */
      if (fresh)
        oracle_add(&f, lits, 4);
    }
    size_t nmodels = all_models(&f, models);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    add_formula(s, &f, 0);
    assert_int_equal(dpll_set_option(s, "conflict_limit", 3), 0);
    if (dpll_solve(s) == DPLL_UNKNOWN && !to_root_fixpoint(s))
      aside += callers_round(s, models, nmodels, (int)n);
    assert_int_equal(dpll_set_option(s, "conflict_limit", -1), 0);
    int res = dpll_solve(s);
    CHECK(res == (nmodels ? DPLL_SAT : DPLL_UNSAT),
          "formula %d: the solve after gave %d, %zu models", (int)n, res,
          nmodels);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &f, NULL, 0), "formula %d: a false model",
            (int)n);
    dpll_free(s);
    oracle_free(&f);
  }
  /* Whole solves with rounds early, proofs checked. */
  for (int holes = 5; holes <= 7; holes++) {
    oracle_formula f;
    oracle_pigeons(&f, holes);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "vivify", 1), 0);
    assert_int_equal(dpll_set_option(s, "vivify_all", 1), 0);
    add_formula(s, &f, 0);
    s->vivify.next = 1; /* as if VIVIFY_GAP were 0 */
    solve_proved(s, &f, DPLL_UNSAT, DPLL_PROOF_TEXT, "pigeons with vivify");
    proofs++;
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%zu of the caller's clauses put aside for shorter ones; %zu "
                "proofs checked\n",
                aside, proofs);
  CHECK(aside > 0, "no clause of the caller's was shortened");
  free(models);
}

/* The seed of a satisfiable random 3-SAT formula of 150 variables and 639
 * clauses that takes thousands of conflicts (found by trying seeds). */
#define HARD_SEED 19

static void test_option(void **state) {
  (void)state;
  oracle_formula f;
  oracle_pigeons(&f, 8);
  option_on_off("9 pigeons in 8 holes", &f, DPLL_UNSAT);
  oracle_free(&f);
  uint64_t rng = 0x5851f42d4c957f2dULL + HARD_SEED;
  cnf_random(&f, &rng, 150, 639, 3);
  option_on_off("random 3-SAT, 150 variables", &f, DPLL_SAT);
  oracle_free(&f);
}

/* ---- 3. Incremental use -------------------------------------------------- */

/* INC_SOLVES, each under random assumptions, in a Release build's quick
 * tier. */
#define INC_VARS 56
#define INC_CLAUSES 540
#define INC_SOLVES 24

static void test_incremental(void **state) {
  (void)state;
  uint64_t rng = 0x2545f4914f6cdd1dULL;
  oracle_formula f;
  cnf_random(&f, &rng, INC_VARS, INC_CLAUSES, 4);
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "vivify", 1), 0); /* off by default */
  recorder rec = {0};
  tally t = {0};
  dpll_set_learn(s, LMAX, on_learn, &rec);
  add_formula(s, &f, 0);
  long solves = tier_cases(INC_SOLVES);
  unsigned sat = 0, unsat = 0, own_rounds = 0;
  uint64_t extra = 0;
  for (int i = 0; i < solves; i++) {
    int assumed[8], failed[8];
    size_t na = (size_t)xorshift_below(&rng, 4), nf = 0;
    for (size_t k = 0; k < na; k++) {
      int v, again;
      do {
        v = 1 + xorshift_below(&rng, INC_VARS);
        again = 0;
        for (size_t q = 0; q < k; q++)
          again |= assumed[q] == v || assumed[q] == -v;
      } while (again);
      assumed[k] = xorshift_below(&rng, 2) ? v : -v;
      assert_int_equal(dpll_assume(s, assumed[k]), 0);
    }
    dpll_stats st0, st1;
    dpll_get_stats(s, &st0);
    int res = dpll_solve(s);
    dpll_get_stats(s, &st1);
    own_rounds += st1.vivified > st0.vivified;
    CHECK(res == DPLL_SAT || res == DPLL_UNSAT, "solve %d gave %d", i, res);
    const char *why = dpll__check(s);
    CHECK(why == NULL, "solve %d: invariants broken: %s", i, why);
    if (res == DPLL_SAT) {
      sat++;
      CHECK(model_satisfies_with(s, &f, assumed, na),
            "solve %d: the model fails a clause or an assumption", i);
    } else {
      unsat++;
      for (size_t k = 0; k < na; k++)
        if (dpll_failed(s, assumed[k]) == 1)
          failed[nf++] = assumed[k];
      CHECK(classic_answer(&f, assumed, na) == DPLL_UNSAT,
            "solve %d: UNSAT under %zu assumptions, the classic solver "
            "disagrees",
            i, na);
      if (nf < na)
        CHECK(classic_answer(&f, failed, nf) == DPLL_UNSAT,
              "solve %d: the failed set (%zu of %zu) is satisfiable", i, nf,
              na);
    }
    /* Every other solve, a round here too, with the whole history as its
     * budget: clauses learned under assumptions get shortened. */
    if (i % 2 == 1 && !dpll__unsat(s) && !to_root_fixpoint(s)) {
      uint64_t made = t.clauses;
      if (checked_round(s, NULL, 0, &rec, &t) == DPLL_UNSAT)
        CHECK(classic_answer(&f, NULL, 0) == DPLL_UNSAT,
              "a round found the empty clause of a satisfiable formula");
      extra += t.clauses - made;
    }
  }
  dpll_stats st;
  dpll_get_stats(s, &st);
  print_message("%u SAT, %u UNSAT; %llu conflicts; %u solves with rounds of "
                "their own; %u rounds between solves shortened %llu "
                "clauses; %llu shortened in all, by %llu literals\n",
                sat, unsat, (unsigned long long)st.conflicts, own_rounds,
                t.rounds, (unsigned long long)extra,
                (unsigned long long)st.vivified,
                (unsigned long long)st.vivified_lits);
  CHECK(st.vivified > 0, "no clause was shortened");
  free(rec.got);
  dpll_free(s);
  oracle_free(&f);
}

/* ---- 4. Incremental use on pigeonholes -------------------------------------
 * PIGEONS pigeons, as many holes: pigeon p in hole h is variable
 * p * PIGEONS + h + 1; each pigeon in a hole, no two in one; and hole h
 * has a selector, variable PIGEONS^2 + h + 1, that closes it when true.
 * Under assumptions that close holes, force some pigeons into holes and
 * forbid others, the answer is a question of matching, decided here on
 * its own: the pigeons not forced anywhere must find distinct holes, open
 * and allowed to them, that no forced pigeon holds.  Closing a hole leaves
 * PIGEONS pigeons for one hole fewer, which takes the conflict-driven
 * search thousands of conflicts every time, so that rounds come at its own
 * restarts, on clauses learned under assumptions and in earlier solves.
 * (A hole closed by PIGEONS assumptions instead, one per pigeon, gives
 * learned clauses whose LBD counts those levels: too high for a round.) */

#define PIGEONS 9
#define PIGEON_SOLVES 10 /* in a Release build's quick tier */

static int pvar(int p, int h) { return p * PIGEONS + h + 1; }
static int selector(int h) { return PIGEONS * PIGEONS + h + 1; }

/* Kuhn's augmenting path from pigeon p; match[h] is the pigeon in h. */
static int augment(int p, unsigned char (*allowed)[PIGEONS], int *match,
                   unsigned char *tried) {
  for (int h = 0; h < PIGEONS; h++) {
    if (!allowed[p][h] || tried[h])
      continue;
    tried[h] = 1;
    if (match[h] < 0 || augment(match[h], allowed, match, tried)) {
      match[h] = p;
      return 1;
    }
  }
  return 0;
}

/* Whether the pigeonhole clauses with the assumptions lits[0..n-1] can
 * all hold. */
static int pigeons_fit(const int *lits, size_t n) {
  unsigned char allowed[PIGEONS][PIGEONS], placed[PIGEONS] = {0};
  int holder[PIGEONS], match[PIGEONS];
  for (int h = 0; h < PIGEONS; h++) {
    holder[h] = match[h] = -1;
    for (int p = 0; p < PIGEONS; p++)
      allowed[p][h] = 1;
  }
  for (size_t k = 0; k < n; k++) {
    int v = (lits[k] < 0 ? -lits[k] : lits[k]) - 1;
    if (v >= PIGEONS * PIGEONS) { /* a selector */
      for (int p = 0; p < PIGEONS && lits[k] > 0; p++)
        allowed[p][v - PIGEONS * PIGEONS] = 0;
      continue;
    }
    int p = v / PIGEONS, h = v % PIGEONS;
    if (lits[k] < 0) {
      allowed[p][h] = 0;
      continue;
    }
    if (holder[h] >= 0 && holder[h] != p)
      return 0; /* two pigeons forced into one hole */
    holder[h] = p;
    placed[p] = 1;
  }
  for (size_t k = 0; k < n; k++) { /* a forced pigeon in a closed hole */
    int v = lits[k] - 1;
    if (lits[k] > 0 && v < PIGEONS * PIGEONS &&
        !allowed[v / PIGEONS][v % PIGEONS])
      return 0;
  }
  for (int p = 0; p < PIGEONS; p++)
    for (int h = 0; h < PIGEONS; h++)
      if (holder[h] >= 0)
        allowed[p][h] = 0;
  for (int p = 0; p < PIGEONS; p++) {
    unsigned char tried[PIGEONS] = {0};
    if (!placed[p] && !augment(p, allowed, match, tried))
      return 0;
  }
  return 1;
}

static void test_incremental_pigeons(void **state) {
  (void)state;
  uint64_t rng = 0xda3e39cb94b95bdbULL;
  oracle_formula f;
  oracle_init(&f, PIGEONS * PIGEONS + PIGEONS);
  int lits[PIGEONS + 8];
  for (int p = 0; p < PIGEONS; p++) {
    for (int h = 0; h < PIGEONS; h++)
      lits[h] = pvar(p, h);
    oracle_add(&f, lits, PIGEONS);
  }
  for (int h = 0; h < PIGEONS; h++)
    for (int p = 0; p < PIGEONS; p++) {
      for (int q = p + 1; q < PIGEONS; q++) {
        lits[0] = -pvar(p, h);
        lits[1] = -pvar(q, h);
        oracle_add(&f, lits, 2);
      }
      lits[0] = -selector(h);
      lits[1] = -pvar(p, h);
      oracle_add(&f, lits, 2);
    }
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "vivify", 1), 0); /* off by default */
  add_formula(s, &f, 0);
  long solves = tier_cases(PIGEON_SOLVES);
  unsigned sat = 0, unsat = 0, own_rounds = 0;
  for (int i = 0; i < solves; i++) {
    /* Every other solve closes a hole and forbids a few places (hard and
     * unsatisfiable); the others force and forbid places at random (mostly
     * satisfiable), or now and then close a hole or open one. */
    size_t n = 0;
    int closing = i % 2 == 0;
    if (closing)
      lits[n++] = selector(xorshift_below(&rng, PIGEONS));
    for (int extra = xorshift_below(&rng, 4); extra > 0; extra--) {
      int v = 1 + xorshift_below(&rng, PIGEONS * (PIGEONS + !closing)),
          again = 0;
      for (size_t q = 0; q < n; q++)
        again |= lits[q] == v || lits[q] == -v;
      if (!again)
        lits[n++] = closing || xorshift_below(&rng, 2) ? -v : v;
    }
    for (size_t k = 0; k < n; k++)
      assert_int_equal(dpll_assume(s, lits[k]), 0);
    int expect = pigeons_fit(lits, n) ? DPLL_SAT : DPLL_UNSAT;
    dpll_stats st0, st1;
    dpll_get_stats(s, &st0);
    int res = dpll_solve(s);
    dpll_get_stats(s, &st1);
    own_rounds += st1.vivified > st0.vivified;
    CHECK(res == expect, "solve %d under %zu assumptions gave %d, expected %d",
          i, n, res, expect);
    const char *why = dpll__check(s);
    CHECK(why == NULL, "solve %d: invariants broken: %s", i, why);
    if (res == DPLL_SAT) {
      sat++;
      CHECK(model_satisfies_with(s, &f, lits, n),
            "solve %d: the model fails a clause or an assumption", i);
    } else {
      unsat++;
      int failed[PIGEONS + 8];
      size_t nf = 0;
      for (size_t k = 0; k < n; k++)
        if (dpll_failed(s, lits[k]) == 1)
          failed[nf++] = lits[k];
      CHECK(classic_answer(&f, lits, n) == DPLL_UNSAT,
            "solve %d: the classic solver finds a model", i);
      CHECK(!pigeons_fit(failed, nf) &&
                (nf == n || classic_answer(&f, failed, nf) == DPLL_UNSAT),
            "solve %d: the failed set (%zu of %zu) is satisfiable", i, nf, n);
    }
  }
  dpll_stats st;
  dpll_get_stats(s, &st);
  print_message("%u SAT, %u UNSAT; %llu conflicts; %u solves with rounds of "
                "their own, %llu clauses shortened by %llu literals\n",
                sat, unsat, (unsigned long long)st.conflicts, own_rounds,
                (unsigned long long)st.vivified,
                (unsigned long long)st.vivified_lits);
  /* Every other solve is hard, though less so as the learned clauses pile
   * up: 3 solves with rounds at least, or 1 if a small scale makes fewer
   * than PIGEON_SOLVES (the first one is hard). */
  CHECK(own_rounds >= (solves >= PIGEON_SOLVES ? 3u : 1u),
        "only %u of %ld solves shortened clauses", own_rounds, solves);
  dpll_free(s);
  oracle_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked_shorten),
      cmocka_unit_test(test_worked_unsat),
      cmocka_unit_test(test_worked_reason),
      cmocka_unit_test(test_rounds_sound),
      cmocka_unit_test(test_callers_clauses),
      cmocka_unit_test(test_option),
      cmocka_unit_test(test_incremental),
      cmocka_unit_test(test_incremental_pigeons),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
