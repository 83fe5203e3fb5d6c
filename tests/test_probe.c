/* test_probe.c - failed-literal probing at level 0 (probe.c), white-box.
 *
 *  0. Worked examples, each round's outcome worked out by hand in the
 *     comments: the roots of the binary implication graph are probed and
 *     nothing else (a literal that would fail but that a binary clause
 *     implies stays unassigned); those that fail become learned unit
 *     clauses of their negations; a round that refutes the formula; a
 *     second and third round that probe each root once again; and when a
 *     round is due (pure literals at level 0 do not hold it off, also end
 *     to end).
 *  1. Soundness, round by round: hundreds of small random formulas (10 to
 *     16 variables, 3-SAT with binary clauses mixed in) stop under a small
 *     conflict limit; the solver is brought to level 0 at a fixpoint and
 *     dpll__probe called with the whole history as its budget.  A round of
 *     reference, written here (its own roots read from the clauses, its
 *     own unit propagation), says which literals are probed, which fail,
 *     in what order, and what level 0 becomes: the counters, the learned
 *     units and the trail must agree with it.  Every literal of level 0
 *     must be true in every model (brute force over every assignment); a
 *     round says DPLL_UNSAT only on a formula without one; the invariants
 *     (dpll__check) hold, the saved phases and the activities are
 *     untouched.  Up to four rounds a formula, then the search finishes
 *     and its answer is judged by brute force.  (A round that probes more
 *     literals than the reference, a root twice, is counted, and the test
 *     fails at its end, once every case has had its other checks.)
 *     The same under pure literals set at level 0 (two variables pure by
 *     construction): every literal the round leaves there but the pure
 *     ones is true in every model.
 *  2. The option end to end: on a pigeonhole formula (unsatisfiable by
 *     counting) and a satisfiable random 3-SAT formula of 150 variables,
 *     both taking thousands of conflicts, "probe" 0 probes nothing and
 *     "probe" 1 does; the answers are right both ways (a model is checked
 *     clause by clause).
 *  3. Incremental use: one solver with the option on, many solves under
 *     random assumptions of a random 4-SAT formula with binary clauses;
 *     the solves' own rounds come at their first restart (the schedule
 *     brought forward here), under the assumptions, and rounds are called
 *     here between solves (checked as in 1 against the reference, and
 *     every new literal of level 0 confirmed by a classic solver); every
 *     model is checked against the clauses and the assumptions, every
 *     UNSAT (and its failed set) confirmed by a fresh classic solver.
 *  4. DRAT proofs: solves of pigeonhole formulas with the option on (and a
 *     part whose root literal fails, so that rounds of the search set
 *     failed literals), and the round of 0 that refutes its formula on its
 *     own: the proofs are accepted by the project's independent checker
 *     (tools/common/drat.c).
 *  5. Out of memory (failalloc.c): each allocation of a round, and of a
 *     solve whose rounds come early, fails in turn; the result is
 *     DPLL_ENOMEM or the right answer, never a wrong one, level 0 holds
 *     only implied literals, the invariants hold, the solve after answers
 *     right, and the solver is freed (the sanitizer build finds leaks).
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
#include "probe.h"
#include "proof.h"
#include "propagate.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Formulas ------------------------------------------------------------ */

/* Appends m random clauses of k distinct variables (k <= 8) over
 * base + 1..base + nv. */
static void add_random(oracle_formula *f, uint64_t *rng, int base, int nv,
                       size_t m, int k) {
  for (size_t i = 0; i < m; i++) {
    int lits[8];
    for (int j = 0; j < k; j++) {
      int v, again;
      do {
        v = base + 1 + xorshift_below(rng, nv);
        again = 0;
        for (int q = 0; q < j; q++)
          again |= lits[q] == v || lits[q] == -v;
      } while (again);
      lits[j] = xorshift_below(rng, 2) ? v : -v;
    }
    oracle_add(f, lits, (size_t)k);
  }
}

static void cnf_random(oracle_formula *f, uint64_t *rng, int nv, size_t m,
                       int k) {
  oracle_init(f, nv);
  add_random(f, rng, 0, nv, m, k);
}

/* Over variables 1..6 (a..f), a part where a fails: a forces b and c,
 * which force d and -d; (a e f) and (-e -f a) keep every literal of it
 * from being pure.  The search rarely sets a (its variables take no part
 * in the conflicts of what comes after), so the rounds are what finds -a,
 * and a is the first literal a round meets. */
static void gadget(oracle_formula *f, int num_vars) {
  oracle_init(f, num_vars);
  clause_add(f, 2, -1, 2);
  clause_add(f, 2, -1, 3);
  clause_add(f, 3, -2, -3, 4);
  clause_add(f, 3, -2, -3, -4);
  clause_add(f, 3, 1, 5, 6);
  clause_add(f, 3, -5, -6, 1);
}

/* The part, then PHP(holes + 1, holes) over the next variables (pigeon p
 * in hole h: 6 + p * holes + h, h from 1): each pigeon in a hole, no two
 * in one. */
static void pigeons_gadget(oracle_formula *f, int holes) {
  gadget(f, 6 + (holes + 1) * holes);
  int lits[64];
  for (int p = 0; p <= holes; p++) {
    for (int h = 1; h <= holes; h++)
      lits[h - 1] = 6 + p * holes + h;
    oracle_add(f, lits, (size_t)holes);
  }
  for (int h = 1; h <= holes; h++)
    for (int p = 0; p <= holes; p++)
      for (int q = p + 1; q <= holes; q++)
        clause_add(f, 2, -(6 + p * holes + h), -(6 + q * holes + h));
}

/* The part, then a satisfiable random 3-SAT formula of 70 variables and
 * 294 clauses (ratio 4.2) that takes a few hundred conflicts (its seed
 * found by trying). */
#define GADGET_SEED 16
static void random_gadget(oracle_formula *f) {
  gadget(f, 76);
  uint64_t rng = 0x9e3779b97f4a7c15ULL + GADGET_SEED;
  add_random(f, &rng, 6, 70, 294, 3);
}

/* ---- Brute force (at most 16 variables) ----------------------------------
 * An assignment is a mask, bit v - 1 for variable v true. */

#define MAXV 16

static int clause_true(uint32_t a, const int *lits, size_t n) {
  for (size_t k = 0; k < n; k++) {
    int v = lits[k] < 0 ? -lits[k] : lits[k];
    if (((a >> (v - 1)) & 1u) == (lits[k] > 0))
      return 1;
  }
  return 0;
}

/* Every model of f, in models (room for 2^nv); returns how many. */
static size_t all_models(const oracle_formula *f, uint32_t *models) {
  assert_true(f->num_vars <= MAXV);
  size_t found = 0;
  for (uint32_t a = 0; a < (1u << f->num_vars); a++) {
    size_t i = 0;
    while (i < f->num_clauses &&
           clause_true(a, f->lits + f->start[i], f->start[i + 1] - f->start[i]))
      i++;
    if (i == f->num_clauses)
      models[found++] = a;
  }
  return found;
}

/* Whether every model makes the internal literal lit true. */
static int implied(unsigned lit, const uint32_t *models, size_t n) {
  int ext = lit_to_ext(lit);
  for (size_t i = 0; i < n; i++)
    if (!clause_true(models[i], &ext, 1))
      return 0;
  return 1;
}

/* ---- A round of reference -------------------------------------------------
 * The clauses as the store holds them (added and learned, live), read
 * clause by clause; unit propagation by sweeps over all of them; the roots
 * from the clauses of two literals; and the round as the top of probe.c
 * describes it: from the cursor on, each literal once, in index order. */

#define REF_LITS (2 * 64 + 2) /* literals of at most 64 variables */

typedef struct refcnf {
  size_t n, cap, nlits, lcap;
  size_t *start; /* n + 1 entries */
  unsigned *lits;
} refcnf;

static void ref_add(refcnf *c, const unsigned *lits, size_t n) {
  if (c->n + 2 > c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->start = grown(c->start, c->cap, sizeof *c->start);
    c->start[0] = 0;
  }
  if (c->nlits + n > c->lcap) {
    c->lcap = 2 * (c->nlits + n) + 64;
    c->lits = grown(c->lits, c->lcap, sizeof *c->lits);
  }
  memcpy(c->lits + c->nlits, lits, n * sizeof *lits);
  c->nlits += n;
  c->start[++c->n] = c->nlits;
}

static void ref_from_store(const dpll_solver *s, refcnf *c) {
  memset(c, 0, sizeof *c);
  for (size_t i = 0; i < dpll__num_clauses(s); i++) {
    const clause *cl = dpll__clause(s, dpll__clause_ref(s, i));
    if (!(cl->flags & (CLAUSE_DELETED | CLAUSE_ASIDE)))
      ref_add(c, cl->lits, cl->size);
  }
  for (size_t i = 0; i < dpll__num_learnts(s); i++) {
    const clause *cl = dpll__clause(s, dpll__learnt_ref(s, i));
    if (!(cl->flags & CLAUSE_DELETED))
      ref_add(c, cl->lits, cl->size);
  }
}

static void ref_free(refcnf *c) {
  free(c->start);
  free(c->lits);
}

/* Unit propagation on val (1, -1, 0 by internal literal) to a fixpoint;
 * returns 1 if a clause is false. */
static int ref_propagate(const refcnf *c, signed char *val) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < c->n; i++) {
      unsigned unit = 0;
      size_t open = 0;
      int sat = 0;
      for (size_t k = c->start[i]; k < c->start[i + 1] && !sat; k++) {
        unsigned l = c->lits[k];
        if (val[l] > 0)
          sat = 1;
        else if (val[l] == 0 && (open == 0 || unit != l)) {
          open++;
          unit = l;
        }
      }
      if (sat || open > 1)
        continue;
      if (open == 0)
        return 1;
      val[unit] = 1;
      val[unit ^ 1u] = -1;
      changed = 1;
    }
  }
  return 0;
}

/* What a round with an unlimited budget must do from s's state now. */
typedef struct expected {
  uint64_t probes;
  size_t nfailed;
  unsigned failed[REF_LITS];
  signed char val[REF_LITS]; /* level 0 after the round */
  int unsat;
} expected;

static void ref_round(const dpll_solver *s, expected *e) {
  size_t lits = 2 * (size_t)s->num_vars + 2;
  assert_true(lits <= REF_LITS);
  refcnf c;
  ref_from_store(s, &c);
  unsigned char inbin[REF_LITS] = {0};
  for (size_t i = 0; i < c.n; i++)
    if (c.start[i + 1] - c.start[i] == 2)
      inbin[c.lits[c.start[i]]] = inbin[c.lits[c.start[i] + 1]] = 1;
  memset(e, 0, sizeof *e);
  e->val[LIT_TRUE] = 1;
  e->val[lit_not(LIT_TRUE)] = -1;
  for (size_t i = 0; i < dpll__trail_size(s); i++) {
    unsigned lit = dpll__trail_at(s, i);
    e->val[lit] = 1;
    e->val[lit_not(lit)] = -1;
  }
  size_t first = s->probe.cursor < 2 ? 2 : s->probe.cursor;
  for (size_t n = 0; n + 2 < lits && !e->unsat; n++) {
    unsigned lit = (unsigned)(2 + (first - 2 + n) % (lits - 2));
    if (e->val[lit] != 0 || !inbin[lit_not(lit)] || inbin[lit])
      continue; /* not an unassigned root */
    e->probes++;
    signed char tmp[REF_LITS];
    memcpy(tmp, e->val, lits);
    tmp[lit] = 1;
    tmp[lit_not(lit)] = -1;
    if (!ref_propagate(&c, tmp))
      continue;
    e->failed[e->nfailed++] = lit;
    e->val[lit_not(lit)] = 1;
    e->val[lit] = -1;
    e->unsat = ref_propagate(&c, e->val);
  }
  ref_free(&c);
}

/* ---- Rounds, checked ----------------------------------------------------- */

/* What the learn callback heard while `on`: the units, in order. */
typedef struct recorder {
  int on;
  size_t count;
  int units[REF_LITS];
  size_t longer; /* clauses of more than one literal heard while on */
} recorder;

static void on_learn(void *ctx, const int *lits, size_t n) {
  recorder *r = ctx;
  if (!r->on)
    return;
  if (n != 1)
    r->longer++;
  else if (r->count < REF_LITS)
    r->units[r->count++] = lits[0];
}

/* After dpll_solve (or before any): level 0 with its consequences drawn
 * (the reset drops pure literals and queues level 0 again).  Returns 0,
 * or 1 if level 0 is in conflict (no round can run). */
static int to_root_fixpoint(dpll_solver *s) {
  dpll__trail_reset(s);
  cref conflict = dpll__propagate(s);
  assert_true(conflict != CREF_OOM);
  if (conflict != CREF_NONE)
    return 1;
  assert_int_equal(dpll__decision_level(s), 0);
  assert_true(dpll__at_fixpoint(s) && !dpll__root_pure(s));
  return 0;
}

/* dpll__probe with a budget that nothing exhausts: a billion watches
 * visited since the last round (a difference of counters, which wraps
 * like them). */
static int unlimited_round(dpll_solver *s) {
  s->probe.ticks = dpll__ticks(s) - 1000000000u;
  return dpll__probe(s);
}

/* What a round may not change: the saved phases and the activities. */
typedef struct untouched {
  size_t nvar;
  signed char *phases;
  double *act, inc;
} untouched;

static void untouched_take(const dpll_solver *s, untouched *u) {
  u->nvar = (size_t)s->num_vars + 1;
  u->phases = grown(NULL, u->nvar, 1);
  u->act = grown(NULL, u->nvar, sizeof *u->act);
  memcpy(u->phases, s->phase.saved, u->nvar);
  memcpy(u->act, s->heap.activity, u->nvar * sizeof *u->act);
  u->inc = s->heap.activity_inc;
}

static void untouched_check(const dpll_solver *s, untouched *u) {
  CHECK(!memcmp(u->phases, s->phase.saved, u->nvar),
        "the round changed the saved phases");
  CHECK(!memcmp(u->act, s->heap.activity, u->nvar * sizeof *u->act) &&
            u->inc == s->heap.activity_inc,
        "the round changed the activities");
  free(u->phases);
  free(u->act);
}

static void show_failed(const char *what, const unsigned *lits, size_t n) {
  print_message("%s:", what);
  for (size_t k = 0; k < n; k++)
    print_message(" %d", lit_to_ext(lits[k]));
  print_message("\n");
}

typedef struct tally {
  unsigned rounds, rounds_failing, rounds_unsat, root_conflicts;
  uint64_t probes, failed;
  unsigned rounds_twice; /* rounds that probed more than the reference */
  uint64_t twice;        /* the probes they made beyond it */
} tally;

/* A round that probed a root twice (more probes than the reference)
 * is counted, and the test fails at its end, after every other check
 * has run on every case: a round probes each literal at most once. */
static void expect_no_repeats(const tally *t) {
  CHECK(t->rounds_twice == 0,
        "%u of %u rounds probed more literals than there were roots "
        "(%llu probes too many): a round probed a literal twice",
        t->rounds_twice, t->rounds, (unsigned long long)t->twice);
}

/* The round's counters, learned units and level 0 against e; nb learned
 * clauses were there before it. */
static void expect_like(const dpll_solver *s, const expected *e,
                        const dpll_stats *st0, size_t nb, int rc,
                        const recorder *rec, tally *t) {
  dpll_stats st1 = stats_of(s);
  uint64_t probes = st1.probes - st0->probes;
  uint64_t failed = st1.failed_literals - st0->failed_literals;
  CHECK(probes >= e->probes, "the round probed %llu literals of %llu roots",
        (unsigned long long)probes, (unsigned long long)e->probes);
  t->rounds_twice += probes > e->probes;
  t->twice += probes - e->probes;
  if (failed != e->nfailed)
    show_failed("failed, by the reference", e->failed, e->nfailed);
  CHECK(failed == e->nfailed,
        "%llu failed literals counted, %zu expected (%llu probes made, %llu "
        "expected)",
        (unsigned long long)failed, e->nfailed, (unsigned long long)probes,
        (unsigned long long)e->probes);
  CHECK((rc == DPLL_UNSAT) == (e->unsat != 0),
        "the round gave %d, the reference %s", rc,
        e->unsat ? "refutes" : "does not");
  CHECK(dpll__num_learnts(s) == nb + e->nfailed,
        "%zu learned clauses after the round, %zu + %zu expected",
        dpll__num_learnts(s), nb, e->nfailed);
  CHECK(rec->count == e->nfailed && rec->longer == 0,
        "the learn callback heard %zu units and %zu longer clauses", rec->count,
        rec->longer);
  for (size_t i = 0; i < e->nfailed; i++) {
    const clause *c = dpll__clause(s, dpll__learnt_ref(s, nb + i));
    unsigned want = lit_not(e->failed[i]);
    CHECK(c->size == 1 && c->lits[0] == want && (c->flags & CLAUSE_LEARNED) &&
              !(c->flags & CLAUSE_DELETED),
          "learned clause %zu of the round is not the unit %d", i,
          lit_to_ext(want));
    CHECK(rec->units[i] == lit_to_ext(want), "the learn callback heard %d",
          rec->units[i]);
  }
  for (int v = 1; rc == 0 && v <= s->num_vars; v++) {
    unsigned lit = lit_pos(v);
    int got = dpll__value(s, lit);
    CHECK(got == e->val[lit] &&
              (got == 0 || dpll__level_of(s, (unsigned)v) == 0),
          "variable %d is %d at level 0 after the round, %d expected", v, got,
          e->val[lit]);
  }
}

/* One round on s (at a root fixpoint), checked against the reference and
 * as the top of the file says.  models[0..nmodels-1] are the formula's
 * models; models NULL: not known here (the caller judges).  Returns the
 * round's result. */
static int checked_round(dpll_solver *s, const uint32_t *models, size_t nmodels,
                         recorder *rec, tally *t) {
  expected e;
  ref_round(s, &e);
  untouched u;
  untouched_take(s, &u);
  dpll_stats st0 = stats_of(s);
  size_t nb = dpll__num_learnts(s);
  rec->count = rec->longer = 0;
  rec->on = 1;
  int rc = unlimited_round(s);
  rec->on = 0;
  CHECK(rc == 0 || rc == DPLL_UNSAT, "dpll__probe returned %d", rc);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken after a round: %s", why);
  CHECK(dpll__decision_level(s) == 0, "the round left level %d",
        dpll__decision_level(s));
  if (rc == 0)
    CHECK(dpll__at_fixpoint(s) && !dpll__conflict_pending(s),
          "the round left no fixpoint");
  else
    CHECK(dpll__unsat(s), "DPLL_UNSAT without the empty clause derived");
  untouched_check(s, &u);
  if (models && rc == DPLL_UNSAT)
    CHECK(nmodels == 0, "a round refuted a formula of %zu models", nmodels);
  for (size_t i = 0; models && i < dpll__trail_size(s); i++)
    CHECK(implied(dpll__trail_at(s, i), models, nmodels),
          "literal %d of level 0 is not implied",
          lit_to_ext(dpll__trail_at(s, i)));
  expect_like(s, &e, &st0, nb, rc, rec, t);
  t->rounds++;
  t->rounds_failing += e.nfailed > 0;
  t->rounds_unsat += rc == DPLL_UNSAT;
  t->probes += e.probes;
  t->failed += e.nfailed;
  return rc;
}

/* ---- 0. Worked examples -------------------------------------------------- */

/* A solver with the option on and the clauses of f, at its root fixpoint. */
static dpll_solver *at_root(const oracle_formula *f, recorder *rec) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "probe", 1), 0);
  if (rec)
    dpll_set_learn(s, 8, on_learn, rec);
  add_formula(s, f, 0);
  assert_false(to_root_fixpoint(s));
  return s;
}

static void expect_counts(const dpll_solver *s, uint64_t probes,
                          uint64_t failed) {
  dpll_stats st = stats_of(s);
  CHECK(st.probes == probes && st.failed_literals == failed,
        "%llu probes and %llu failed literals, expected %llu and %llu",
        (unsigned long long)st.probes, (unsigned long long)st.failed_literals,
        (unsigned long long)probes, (unsigned long long)failed);
}

/* 1 if lit is true at level 0, -1 if false there, 0 if unassigned. */
static int root_value(const dpll_solver *s, int lit) {
  unsigned l = lit_from_ext(lit);
  int v = dpll__value(s, l);
  if (v != 0)
    CHECK(dpll__level_of(s, lit_var(l)) == 0, "%d is set above level 0", lit);
  return v;
}

/* (-1 2) (-1 3) (-2 -3 4) (-2 -3 -4) (1 5 6) (-5 -6 4), and
 * (-7 8) (-7 9) (-8 -9 10) (-8 -9 -10) (7 11) (-11 12 13).
 * The binary clauses hold -1 2 3 -7 8 9 7 11, so the roots (l unassigned,
 * -l in a binary clause, l in none) are 1 -2 -3 -8 -9 -11: not 7, which
 * (7 11) implies from -11, nor 2, 3, 8, 9.  In index order: 1 forces 2
 * and 3, then 4 and -4: it fails, and (-1) is learned and set.  -2 forces
 * -1, -3 too, -8 forces -7 and 11, -9 too: no conflict.  -11 forces 7,
 * then 8 and 9, then 10 and -10: it fails, (11) is learned and set.  Six
 * probes, two failures; 7 stays unassigned though -7 follows (7 fails
 * too, but is no root).  A second round probes the four roots left,
 * -2 -3 -8 -9, and finds nothing. */
static void worked_formula(oracle_formula *f) {
  oracle_init(f, 13);
  clause_add(f, 2, -1, 2);
  clause_add(f, 2, -1, 3);
  clause_add(f, 3, -2, -3, 4);
  clause_add(f, 3, -2, -3, -4);
  clause_add(f, 3, 1, 5, 6);
  clause_add(f, 3, -5, -6, 4);
  clause_add(f, 2, -7, 8);
  clause_add(f, 2, -7, 9);
  clause_add(f, 3, -8, -9, 10);
  clause_add(f, 3, -8, -9, -10);
  clause_add(f, 2, 7, 11);
  clause_add(f, 3, -11, 12, 13);
}

static void test_worked_failed(void **state) {
  (void)state;
  oracle_formula f;
  worked_formula(&f);
  recorder rec = {0};
  dpll_solver *s = at_root(&f, &rec);
  CHECK(dpll__trail_size(s) == 0, "level 0 holds %zu literals before",
        dpll__trail_size(s));
  rec.on = 1;
  assert_int_equal(unlimited_round(s), 0);
  rec.on = 0;
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken: %s", why);
  expect_counts(s, 6, 2);
  CHECK(root_value(s, -1) == 1 && root_value(s, 11) == 1,
        "-1 and 11 are not both true at level 0");
  CHECK(dpll__trail_size(s) == 2, "level 0 holds %zu literals",
        dpll__trail_size(s));
  CHECK(root_value(s, 7) == 0, "7, no root, was set at level 0");
  CHECK(dpll__num_learnts(s) == 2, "%zu learned clauses", dpll__num_learnts(s));
  const clause *a = dpll__clause(s, dpll__learnt_ref(s, 0));
  const clause *b = dpll__clause(s, dpll__learnt_ref(s, 1));
  CHECK(a->size == 1 && lit_to_ext(a->lits[0]) == -1 && b->size == 1 &&
            lit_to_ext(b->lits[0]) == 11,
        "the learned clauses are not (-1) then (11)");
  CHECK(dpll__reason_of(s, 1) == dpll__learnt_ref(s, 0) &&
            dpll__reason_of(s, 11) == dpll__learnt_ref(s, 1),
        "a failed literal's negation is not set by its unit clause");
  CHECK(rec.count == 2 && rec.units[0] == -1 && rec.units[1] == 11 &&
            rec.longer == 0,
        "the learn callback did not hear (-1) and (11) alone");
  /* -7 follows from the clauses, yet 7 was not probed. */
  uint32_t models[1u << 13];
  size_t n = all_models(&f, models);
  CHECK(n > 0 && implied(lit_from_ext(-1), models, n) &&
            implied(lit_from_ext(11), models, n) &&
            implied(lit_from_ext(-7), models, n),
        "the worked example is wrong: -1, 11, -7 should follow");
  assert_int_equal(unlimited_round(s), 0);
  expect_counts(s, 10, 2);
  CHECK(dpll__trail_size(s) == 2, "the second round set literals");
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  CHECK(model_satisfies_with(s, &f, (const int[]){-1, 11, -7}, 3),
        "a false model");
  dpll_free(s);
  oracle_free(&f);
}

/* (1 2) (-1 -2 3) (1 -3 4): the binary clause holds 1 and 2, so the
 * roots are -1 and -2; -1 forces 2, -2 forces 1, no conflict.  Every
 * round probes both, once each: two probes a round, whatever literal the
 * round starts from. */
static void test_worked_once(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 4);
  clause_add(&f, 2, 1, 2);
  clause_add(&f, 3, -1, -2, 3);
  clause_add(&f, 3, 1, -3, 4);
  dpll_solver *s = at_root(&f, NULL);
  unsigned cursor[3];
  uint64_t probes[3], failed[3];
  size_t trail[3];
  for (int round = 0; round < 3; round++) {
    cursor[round] = s->probe.cursor;
    assert_int_equal(unlimited_round(s), 0);
    dpll_stats st = stats_of(s);
    probes[round] = st.probes;
    failed[round] = st.failed_literals;
    trail[round] = dpll__trail_size(s);
  }
  dpll_free(s);
  oracle_free(&f);
  for (int round = 0; round < 3; round++) {
    CHECK(probes[round] == 2 * (uint64_t)(round + 1),
          "round %d (from literal index %u) made the probe count %llu, "
          "expected %d: a root probed twice in one round",
          round + 1, cursor[round], (unsigned long long)probes[round],
          2 * (round + 1));
    CHECK(failed[round] == 0 && trail[round] == 0, "round %d set a literal",
          round + 1);
  }
}

/* (-1 2) (-1 3) (-2 -3) (1 -6 7) (1 -6 -7) (6): unsatisfiable (1 forces
 * 2 and 3, which clash; -1 and 6 force 7 and -7), yet level 0 holds only
 * 6 and no conflict.  The binary clauses hold -1 2 3 -2 -3: the only root
 * is 1, and it fails; (-1) is learned and set, which forces 7 and -7: the
 * empty clause, and the round says DPLL_UNSAT. */
static void unsat_formula(oracle_formula *f) {
  oracle_init(f, 7);
  clause_add(f, 2, -1, 2);
  clause_add(f, 2, -1, 3);
  clause_add(f, 2, -2, -3);
  clause_add(f, 3, 1, -6, 7);
  clause_add(f, 3, 1, -6, -7);
  clause_add(f, 1, 6);
}

static void test_worked_unsat(void **state) {
  (void)state;
  oracle_formula f;
  unsat_formula(&f);
  assert_false(oracle_satisfiable(&f, NULL));
  dpll_solver *s = at_root(&f, NULL);
  CHECK(dpll__trail_size(s) == 1 && root_value(s, 6) == 1,
        "level 0 should hold 6 alone before the round");
  assert_int_equal(unlimited_round(s), DPLL_UNSAT);
  CHECK(dpll__unsat(s), "no empty clause derived");
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken: %s", why);
  expect_counts(s, 1, 1);
  CHECK(dpll__num_learnts(s) == 1 &&
            dpll__clause(s, dpll__learnt_ref(s, 0))->size == 1 &&
            lit_to_ext(dpll__clause(s, dpll__learnt_ref(s, 0))->lits[0]) == -1,
        "the round did not learn (-1)");
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_free(s);
  oracle_free(&f);
}

static void on_event(void *ctx, const dpll_event *e) {
  (void)e;
  ++*(long *)ctx;
}

/* When a round is due: the option on, PROBE_GAP conflicts since the last
 * round, level 0, no trace; pure literals at level 0 do not hold it off
 * (probe.c says why).  The clauses of the worked example and (5 14 15):
 * 14 and 15 are pure. */
static void test_worked_due(void **state) {
  (void)state;
  oracle_formula f;
  worked_formula(&f);
  f.num_vars = 15;
  clause_add(&f, 3, 5, 14, 15);
  dpll_solver *s = at_root(&f, NULL);
  dpll__probe_init(s);
  CHECK(!dpll__probe_due(s), "due before PROBE_GAP conflicts");
  s->probe.next = s->stats.conflicts;
  CHECK(dpll__probe_due(s), "not due with everything in place");
  assert_int_equal(dpll_set_option(s, "probe", 0), 0);
  CHECK(!dpll__probe_due(s), "due with the option off");
  assert_int_equal(dpll_set_option(s, "probe", 1), 0);
  long events = 0;
  dpll_set_trace(s, on_event, &events);
  CHECK(!dpll__probe_due(s), "due with a trace");
  dpll_set_trace(s, NULL, NULL);
  assert_int_equal(dpll_decide(s, 5), 0);
  CHECK(!dpll__probe_due(s), "due at level 1");
  assert_int_equal(dpll_backtrack_to(s, 0), 0);
  CHECK(dpll__probe_due(s), "not due back at level 0");
  int pure = dpll_eliminate_pure(s);
  CHECK(pure >= 1 && dpll__trail_size(s) > 0,
        "pure-literal elimination set %d literals", pure);
  CHECK(dpll__root_pure(s), "level 0 holds pure literals, not said so");
  CHECK(dpll__probe_due(s), "not due with pure literals at level 0");
  dpll__trail_reset(s);
  CHECK(dpll__probe_due(s), "not due once the pure literals are gone");
  dpll_free(s);
  oracle_free(&f);
}

/* End to end: 8 pigeons in 7 holes and the clause (57 58) of two pure
 * literals (the only ones); with pure-literal elimination (the default)
 * level 0 keeps them through the whole solve, and rounds come all the
 * same, as they do without it. */
static void test_due_pure_solve(void **state) {
  (void)state;
  oracle_formula f;
  oracle_pigeons(&f, 7);
  f.num_vars += 2;
  clause_add(&f, 2, f.num_vars - 1, f.num_vars);
  for (int pure = 1; pure >= 0; pure--) {
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "probe", 1), 0);
    assert_int_equal(dpll_set_option(s, "pure", pure), 0);
    add_formula(s, &f, 0);
    assert_int_equal(dpll_solve(s), DPLL_UNSAT);
    dpll_stats st = stats_of(s);
    CHECK(st.conflicts > 2100, "only %llu conflicts: no round is due",
          (unsigned long long)st.conflicts);
    CHECK(st.probes > 0, "pure %d: no probe in %llu conflicts", pure,
          (unsigned long long)st.conflicts);
    CHECK((st.pure_literals > 0) == (pure == 1), "pure %d: %llu pure literals",
          pure, (unsigned long long)st.pure_literals);
    dpll_free(s);
  }
  oracle_free(&f);
}

/* ---- 1. Soundness on small random formulas ------------------------------- */

/* SMALL_FORMULAS in a Release build's quick tier (tests/tier.h). */
#define SMALL_FORMULAS 300
#define SMALL_ROUNDS 4

/* 10 to 16 variables: about 3.3 clauses of three a variable and a few of
 * two, from underconstrained to unsatisfiable. */
static void small_formula(oracle_formula *f, uint64_t *rng) {
  int nv = 10 + xorshift_below(rng, MAXV - 10 + 1);
  cnf_random(f, rng, nv, (size_t)(3 * nv + xorshift_below(rng, nv)), 3);
  add_random(f, rng, 0, nv, (size_t)(nv / 4 + xorshift_below(rng, nv / 2)), 2);
}

/* Stops s under small conflict limits and runs checked rounds, up to
 * SMALL_ROUNDS. */
static void rounds_on(dpll_solver *s, const uint32_t *models, size_t nmodels,
                      uint64_t *rng, recorder *rec, tally *t) {
  for (int round = 0; round < SMALL_ROUNDS; round++) {
    assert_int_equal(
        dpll_set_option(s, "conflict_limit", 1 + xorshift_below(rng, 3)), 0);
    if (dpll_solve(s) != DPLL_UNKNOWN)
      return;
    if (to_root_fixpoint(s)) {
      CHECK(nmodels == 0, "level 0 in conflict, %zu models", nmodels);
      t->root_conflicts++;
      return;
    }
    if (checked_round(s, models, nmodels, rec, t) == DPLL_UNSAT)
      return;
  }
}

static void test_rounds_sound(void **state) {
  (void)state;
  uint64_t rng = 0x7f4a7c159e3779b9ULL;
  long count = tier_cases(SMALL_FORMULAS);
  uint32_t *models = grown(NULL, (size_t)1 << MAXV, sizeof *models);
  recorder rec = {0};
  tally t = {0};
  unsigned unsat = 0;
  for (long n = 0; n < count; n++) {
    oracle_formula f;
    small_formula(&f, &rng);
    size_t nmodels = all_models(&f, models);
    unsat += nmodels == 0;
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    dpll_set_learn(s, 8, on_learn, &rec);
    assert_int_equal(dpll_set_option(s, "probe", (int64_t)(n % 2)), 0);
    add_formula(s, &f, 0);
    rounds_on(s, models, nmodels, &rng, &rec, &t);
    assert_int_equal(dpll_set_option(s, "conflict_limit", -1), 0);
    int res = dpll_solve(s);
    CHECK(res == (nmodels ? DPLL_SAT : DPLL_UNSAT),
          "formula %ld: the solve after the rounds gave %d, brute force "
          "finds %zu models",
          n, res, nmodels);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &f, NULL, 0), "formula %ld: a false model",
            n);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas (%u unsatisfiable, %u with level 0 in "
                "conflict), %u rounds: %llu probes, %llu failed literals in "
                "%u rounds, %u rounds refuting\n",
                count, unsat, t.root_conflicts, t.rounds,
                (unsigned long long)t.probes, (unsigned long long)t.failed,
                t.rounds_failing, t.rounds_unsat);
  if (count >= 50) /* a small scale may have neither */
    CHECK(t.failed > 0 && t.rounds_unsat > 0,
          "no round set a failed literal, or none refuted its formula");
  free(models);
  expect_no_repeats(&t);
}

/* Under pure literals: formulas of small_formula's kind over 10 to 14
 * variables, and two more that are pure by construction (nv + 1 only
 * positive, nv + 2 only negative, each in two clauses with others).  At
 * level 0 the pure literals are set (dpll_eliminate_pure), then a round
 * runs with the whole history as its budget: every literal it leaves at
 * level 0 but the pure ones must be true in every model, and a round
 * says DPLL_UNSAT only on a formula without one (probe.c says why the
 * pure literals cannot spoil a probe).  Then the search finishes and its
 * answer is judged. */
static void pure_formula(oracle_formula *f, uint64_t *rng) {
  int nv = 10 + xorshift_below(rng, 5);
  cnf_random(f, rng, nv, (size_t)(3 * nv + xorshift_below(rng, nv)), 3);
  add_random(f, rng, 0, nv, (size_t)(nv / 4 + xorshift_below(rng, nv / 2)), 2);
  f->num_vars = nv + 2;
  for (int k = 0; k < 2; k++) {
    int a = 1 + xorshift_below(rng, nv), b = 1 + xorshift_below(rng, nv);
    clause_add(f, 3, nv + 1, a, -b);
    clause_add(f, 3, -(nv + 2), -a, b);
  }
}

static void test_rounds_under_pure(void **state) {
  (void)state;
  uint64_t rng = 0x3c6ef372fe94f82bULL;
  long count = tier_cases(SMALL_FORMULAS / 2), rounds = 0, failed = 0;
  uint32_t *models = grown(NULL, (size_t)1 << MAXV, sizeof *models);
  for (long n = 0; n < count; n++) {
    oracle_formula f;
    pure_formula(&f, &rng);
    size_t nmodels = all_models(&f, models);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "probe", 1), 0);
    add_formula(s, &f, 0);
    if (dpll__propagate(s) == CREF_NONE && dpll_eliminate_pure(s) >= 0 &&
        dpll__propagate(s) == CREF_NONE) {
      CHECK(dpll__root_pure(s), "formula %ld: no pure literal set", n);
      uint64_t failed0 = stats_of(s).failed_literals;
      int rc = unlimited_round(s);
      rounds++;
      failed += (long)(stats_of(s).failed_literals - failed0);
      CHECK(rc == 0 || (rc == DPLL_UNSAT && nmodels == 0),
            "formula %ld: the round gave %d, %zu models", n, rc, nmodels);
      for (size_t i = 0; rc == 0 && i < dpll__trail_size(s); i++) {
        unsigned lit = dpll__trail_at(s, i);
        CHECK(dpll__reason_of(s, lit_var(lit)) == CREF_PURE ||
                  implied(lit, models, nmodels),
              "formula %ld: %d at level 0 is not implied", n, lit_to_ext(lit));
      }
    }
    int res = dpll_solve(s);
    CHECK(res == (nmodels ? DPLL_SAT : DPLL_UNSAT),
          "formula %ld: the solve gave %d, brute force finds %zu models", n,
          res, nmodels);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, &f, NULL, 0), "formula %ld: a false model",
            n);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("%ld formulas under pure literals: %ld rounds, %ld failed "
                "literals\n",
                count, rounds, failed);
  if (count >= 50)
    CHECK(failed > 0, "no round under pure literals set a failed literal");
  free(models);
}

/* ---- 2. The option ------------------------------------------------------- */

/* Solves f with the option probe; the answer must be
 * expect (a model is checked).  Returns the counters. */
static dpll_stats solve_with(const oracle_formula *f, int probe, int expect) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "probe", probe), 0);
  add_formula(s, f, 0);
  int res = dpll_solve(s);
  CHECK(res == expect, "probe %d: dpll_solve gave %d, expected %d", probe, res,
        expect);
  if (res == DPLL_SAT)
    CHECK(model_satisfies_with(s, f, NULL, 0), "probe %d: a false model",
          probe);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "invariants broken after the solve: %s", why);
  dpll_stats st = stats_of(s);
  dpll_free(s);
  return st;
}

static void option_on_off(const char *name, const oracle_formula *f,
                          int expect) {
  dpll_stats off = solve_with(f, 0, expect);
  CHECK(off.conflicts > 2100,
        "%s needs only %llu conflicts: no round would come", name,
        (unsigned long long)off.conflicts);
  CHECK(off.probes == 0 && off.failed_literals == 0,
        "%s: probe 0 still probed %llu literals", name,
        (unsigned long long)off.probes);
  dpll_stats on = solve_with(f, 1, expect);
  CHECK(on.probes > 0, "%s: probe 1 probed nothing in %llu conflicts", name,
        (unsigned long long)on.conflicts);
  CHECK(on.failed_literals <= on.probes, "%s: %llu failed of %llu probes", name,
        (unsigned long long)on.failed_literals, (unsigned long long)on.probes);
  print_message("%s: off %llu conflicts; on %llu conflicts, %llu probes, "
                "%llu failed\n",
                name, (unsigned long long)off.conflicts,
                (unsigned long long)on.conflicts, (unsigned long long)on.probes,
                (unsigned long long)on.failed_literals);
}

/* The seed of test_vivify's satisfiable random 3-SAT formula of 150
 * variables and 639 clauses (ratio 4.26) that takes thousands of
 * conflicts. */
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

#define INC_VARS 56
#define INC_CLAUSES 480
#define INC_BINARY 16
#define INC_SOLVES 24 /* in a Release build's quick tier */

/* Up to three distinct random assumptions; returns how many. */
static size_t draw_assumptions(uint64_t *rng, int *assumed) {
  size_t na = (size_t)xorshift_below(rng, 4);
  for (size_t k = 0; k < na; k++) {
    int v, again;
    do {
      v = 1 + xorshift_below(rng, INC_VARS);
      again = 0;
      for (size_t q = 0; q < k; q++)
        again |= assumed[q] == v || assumed[q] == -v;
    } while (again);
    assumed[k] = xorshift_below(rng, 2) ? v : -v;
  }
  return na;
}

/* A solve under assumed[0..na-1], judged.  Returns its answer. */
static int judged_solve(dpll_solver *s, const oracle_formula *f,
                        const int *assumed, size_t na, int i) {
  for (size_t k = 0; k < na; k++)
    assert_int_equal(dpll_assume(s, assumed[k]), 0);
  int res = dpll_solve(s);
  CHECK(res == DPLL_SAT || res == DPLL_UNSAT, "solve %d gave %d", i, res);
  const char *why = dpll__check(s);
  CHECK(why == NULL, "solve %d: invariants broken: %s", i, why);
  if (res == DPLL_SAT) {
    CHECK(model_satisfies_with(s, f, assumed, na),
          "solve %d: the model fails a clause or an assumption", i);
    return res;
  }
  int failed[4];
  size_t nf = 0;
  for (size_t k = 0; k < na; k++)
    if (dpll_failed(s, assumed[k]) == 1)
      failed[nf++] = assumed[k];
  CHECK(classic_answer(f, assumed, na) == DPLL_UNSAT,
        "solve %d: UNSAT under %zu assumptions, the classic solver disagrees",
        i, na);
  if (nf < na)
    CHECK(classic_answer(f, failed, nf) == DPLL_UNSAT,
          "solve %d: the failed set (%zu of %zu) is satisfiable", i, nf, na);
  return res;
}

/* A checked round between solves; every literal it adds to level 0 must
 * follow from f (the classic solver refutes its negation). */
static void round_between(dpll_solver *s, const oracle_formula *f,
                          recorder *rec, tally *t) {
  if (dpll__unsat(s) || to_root_fixpoint(s))
    return;
  size_t before = dpll__trail_size(s);
  if (checked_round(s, NULL, 0, rec, t) == DPLL_UNSAT) {
    CHECK(classic_answer(f, NULL, 0) == DPLL_UNSAT,
          "a round refuted a satisfiable formula");
    return;
  }
  for (size_t i = before; i < dpll__trail_size(s); i++) {
    int neg = -lit_to_ext(dpll__trail_at(s, i));
    CHECK(classic_answer(f, &neg, 1) == DPLL_UNSAT,
          "a round set %d at level 0, which does not follow", -neg);
  }
}

static void test_incremental(void **state) {
  (void)state;
  uint64_t rng = 0x2545f4914f6cdd1dULL;
  oracle_formula f;
  cnf_random(&f, &rng, INC_VARS, INC_CLAUSES, 4);
  add_random(&f, &rng, 0, INC_VARS, INC_BINARY, 2);
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "probe", 1), 0);
  assert_int_equal(dpll_set_option(s, "luby_unit", 16), 0);
  recorder rec = {0};
  tally t = {0};
  dpll_set_learn(s, 8, on_learn, &rec);
  add_formula(s, &f, 0);
  long solves = tier_cases(INC_SOLVES);
  unsigned sat = 0, unsat = 0, own_rounds = 0;
  for (int i = 0; i < solves; i++) {
    int assumed[4];
    size_t na = draw_assumptions(&rng, assumed);
    /* The solves are short: a round is due at each one's first restart,
     * under its assumptions, as if PROBE_GAP conflicts had passed. */
    s->probe.next = s->stats.conflicts + 1;
    uint64_t probes = stats_of(s).probes;
    int res = judged_solve(s, &f, assumed, na, i);
    own_rounds += stats_of(s).probes > probes;
    sat += res == DPLL_SAT;
    unsat += res == DPLL_UNSAT;
    if (i % 2 == 1)
      round_between(s, &f, &rec, &t);
  }
  dpll_stats st = stats_of(s);
  print_message("%u SAT, %u UNSAT; %llu conflicts; %u solves with rounds of "
                "their own; %u rounds between solves: %llu probes, %llu "
                "failed; in all %llu probes, %llu failed\n",
                sat, unsat, (unsigned long long)st.conflicts, own_rounds,
                t.rounds, (unsigned long long)t.probes,
                (unsigned long long)t.failed, (unsigned long long)st.probes,
                (unsigned long long)st.failed_literals);
  if (solves >= 4) /* a small scale may not */
    CHECK(t.probes > 0 && own_rounds > 0 && sat > 0 && unsat > 0,
          "nothing probed between solves or in them, or the answers all "
          "alike");
  dpll_free(s);
  oracle_free(&f);
  expect_no_repeats(&t);
}

/* ---- 4. Proofs ----------------------------------------------------------- */

/* Pigeonhole formulas with the option on and a proof, both formats: the
 * rounds must come (with failed literals where the formula has the part
 * of pigeons_gadget), and the proof must check. */
static void test_proof_solve(void **state) {
  (void)state;
  for (int run = 0; run < 4; run++) {
    oracle_formula f;
    if (run < 2)
      pigeons_gadget(&f, 7);
    else
      oracle_pigeons(&f, 7);
    int format = run % 2 ? DPLL_PROOF_BINARY : DPLL_PROOF_TEXT;
    char what[64];
    snprintf(what, sizeof what, "8 pigeons in 7 holes%s, %s proof",
             run < 2 ? " with a failing part" : "", format ? "binary" : "text");
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "probe", 1), 0);
    add_formula(s, &f, 0);
    solve_proved(s, &f, DPLL_UNSAT, format, what);
    dpll_stats st = stats_of(s);
    CHECK(st.probes > 0, "%s: no round in %llu conflicts", what,
          (unsigned long long)st.conflicts);
    if (run < 2)
      CHECK(st.failed_literals > 0, "%s: no failed literal", what);
    print_message("%s: %llu conflicts, %llu probes, %llu failed, proof "
                  "checked\n",
                  what, (unsigned long long)st.conflicts,
                  (unsigned long long)st.probes,
                  (unsigned long long)st.failed_literals);
    dpll_free(s);
    oracle_free(&f);
  }
}

/* The round of test_worked_unsat with a proof being written (as dpll_solve
 * writes one): its steps are the unit (-1) and the empty clause, and the
 * checker accepts them. */
static void test_proof_round(void **state) {
  (void)state;
  oracle_formula f;
  unsat_formula(&f);
  dpll_solver *s = at_root(&f, NULL);
  char *proof = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&proof, &len);
  assert_non_null(out);
  assert_int_equal(dpll_set_proof(s, out, DPLL_PROOF_TEXT), 0);
  assert_int_equal(dpll__proof_begin(s), 0);
  assert_int_equal(unlimited_round(s), DPLL_UNSAT);
  assert_int_equal(dpll__proof_end(s), 0);
  fflush(out);
  CHECK(len == strlen("-1 0\n0\n") && !memcmp(proof, "-1 0\n0\n", len),
        "the round's proof is not (-1) and the empty clause: %.*s", (int)len,
        proof);
  check_proof(&f, proof, len, DPLL_PROOF_TEXT, "the refuting round");
  dpll_free(s);
  fclose(out);
  free(proof);
  oracle_free(&f);
}

/* ---- 5. Out of memory ---------------------------------------------------- */

/* Each allocation of a round on f (a worked example) fails in turn. */
static void oom_round(const oracle_formula *f, const char *name) {
  uint32_t *models = grown(NULL, (size_t)1 << f->num_vars, sizeof *models);
  size_t nmodels = all_models(f, models);
  int expect = nmodels ? 0 : DPLL_UNSAT;
  long failures = 0;
  for (oom.at = 0;; oom.at++) {
    char what[64];
    snprintf(what, sizeof what, "%s, allocation %ld", name, oom.at);
    dpll_solver *s = at_root(f, NULL);
    oom_session();
    oom.armed = true;
    int rc = unlimited_round(s);
    oom.armed = false;
    if (!oom.failed) {
      CHECK(rc == expect, "%s: no failure, the round gave %d", what, rc);
      dpll_free(s);
      break;
    }
    failures++;
    CHECK(rc == DPLL_ENOMEM, "%s failed: the round gave %d", what, rc);
    const char *why = dpll__check(s);
    CHECK(why == NULL, "%s failed: invariants broken: %s", what, why);
    CHECK(dpll__decision_level(s) == 0, "%s failed: level %d", what,
          dpll__decision_level(s));
    for (size_t i = 0; i < dpll__trail_size(s); i++)
      CHECK(implied(dpll__trail_at(s, i), models, nmodels),
            "%s failed: %d at level 0 does not follow", what,
            lit_to_ext(dpll__trail_at(s, i)));
    int res = dpll_solve(s);
    CHECK(res == (nmodels ? DPLL_SAT : DPLL_UNSAT),
          "%s failed: the solve after gave %d", what, res);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, f, NULL, 0), "%s failed: a false model",
            what);
    dpll_free(s);
  }
  oom.at = -1;
  print_message("%s: %ld allocations of the round failed in turn\n", name,
                failures);
  CHECK(failures >= 1, "%s: the round allocated nothing", name);
  free(models);
}

/* A solver on f whose rounds come early: at the first restart (every 16
 * conflicts or so), as if PROBE_GAP conflicts had passed; without
 * pure-literal elimination, whose literals would hold the rounds off. */
static dpll_solver *early_rounds(const oracle_formula *f) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "probe", 1), 0);
  assert_int_equal(dpll_set_option(s, "luby_unit", 16), 0);
  assert_int_equal(dpll_set_option(s, "pure", 0), 0);
  add_formula(s, f, 0);
  s->probe.next = 1; /* kept by dpll__probe_init, which sets only 0 */
  return s;
}

/* Each allocation of a whole solve with early rounds fails in turn: the
 * right answer or DPLL_ENOMEM, then the right answer again. */
static void oom_solve(const oracle_formula *f, int expect, const char *name) {
  long failures = 0, enomem = 0, in_rounds = 0;
  for (oom.at = 0;; oom.at++) {
    char what[64];
    snprintf(what, sizeof what, "%s, allocation %ld", name, oom.at);
    dpll_solver *s = early_rounds(f);
    oom_session();
    oom.armed = true;
    int res = dpll_solve(s);
    oom.armed = false;
    dpll_stats st = stats_of(s);
    if (!oom.failed) {
      CHECK(res == expect, "%s: no failure, dpll_solve gave %d", what, res);
      CHECK(st.probes > 0 && st.failed_literals > 0,
            "%s: no round, or none found a failed literal", what);
      dpll_free(s);
      break;
    }
    failures++;
    CHECK(res == expect || res == DPLL_ENOMEM, "%s failed: dpll_solve gave %d",
          what, res);
    enomem += res == DPLL_ENOMEM;
    in_rounds += res == DPLL_ENOMEM && st.probes > 0;
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, f, NULL, 0), "%s failed: a false model",
            what);
    res = dpll_solve(s);
    CHECK(res == expect, "%s, the solve after: %d", what, res);
    if (res == DPLL_SAT)
      CHECK(model_satisfies_with(s, f, NULL, 0),
            "%s, the solve after: a false "
            "model",
            what);
    dpll_free(s);
  }
  oom.at = -1;
  print_message("%s: %ld allocations of a solve failed in turn, %ld gave "
                "DPLL_ENOMEM (%ld once the rounds had begun)\n",
                name, failures, enomem, in_rounds);
  CHECK(in_rounds >= 1, "%s: no failure once the rounds had begun", name);
}

static void test_out_of_memory(void **state) {
  (void)state;
  oracle_formula f;
  worked_formula(&f);
  oom_round(&f, "the worked example");
  oracle_free(&f);
  unsat_formula(&f);
  oom_round(&f, "the refuting round");
  oracle_free(&f);
  pigeons_gadget(&f, 5);
  oom_solve(&f, DPLL_UNSAT, "6 pigeons in 5 holes with a failing part");
  oracle_free(&f);
  random_gadget(&f);
  oom_solve(&f, DPLL_SAT, "random 3-SAT with a failing part");
  oracle_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked_failed),
      cmocka_unit_test(test_worked_once),
      cmocka_unit_test(test_worked_unsat),
      cmocka_unit_test(test_worked_due),
      cmocka_unit_test(test_due_pure_solve),
      cmocka_unit_test(test_rounds_sound),
      cmocka_unit_test(test_rounds_under_pure),
      cmocka_unit_test(test_option),
      cmocka_unit_test(test_incremental),
      cmocka_unit_test(test_proof_solve),
      cmocka_unit_test(test_proof_round),
      cmocka_unit_test(test_out_of_memory),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
