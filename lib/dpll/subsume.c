/* subsume.c - clauses that other clauses subsume go, and those one
 * strengthens get shorter (option "subsume"): the forward subsumption of
 * recent solvers (Eén and Biere, SAT 2005, section 3; done between
 * searches, as CaDiCaL and kissat do).
 *
 * D subsumes C when every literal of D is in C: C follows from D and
 * adds nothing, so it may go.  D strengthens C when all but one
 * literal of D are in C and the negation of that one, ¬d, is: resolving
 * them on d gives C without ¬d, which subsumes C and replaces it.  That
 * clause is RUP (its negation makes C force ¬d and D force d), so a DRAT
 * proof takes it as it is; C and D are both still there when it is added.
 *
 * A round takes the live clauses not satisfied at level 0, the caller's
 * and the learned, shortest first.  Each is tested against the clauses
 * before it that are kept: each of those is listed under one of its
 * literals, the one with the shortest list so far (the "one-watch" scheme),
 * so a test looks under each literal of C and its negation.  A clause
 * kept joins the lists.  A learned clause that goes is deleted; one of the
 * caller's is put aside for the rest of the solve, as elimination does
 * (elim.c, whose end of solve takes it back), and a learned D that
 * subsumed it gets LBD 1, which reduction keeps for the solve.  A
 * strengthened clause of the caller's is put aside too, and its shorter
 * form is a learned clause of LBD 1.  In a proof the clauses put aside are
 * not deleted.
 *
 * Rounds run at restarts (cdcl.c), SUBSUME_GAP conflicts apart; a round
 * reads at most SUBSUME_EFFORT percent of the literals propagation visited
 * since the last one (and at least SUBSUME_MIN), so its cost stays in
 * proportion to the search's.  Clauses replaced go when the round ends
 * (dpll__reduce_replaced, as for vivify.c). */
#include "subsume.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "propagate.h"
#include "reduce.h"
#include "trace.h"

#include <stdlib.h>
#include <string.h>

#define SUBSUME_GAP 5000
#define SUBSUME_EFFORT 10 /* percent of propagation's work since */
#define SUBSUME_MIN 100000
#define SUBSUME_MAX_SIZE 64 /* longer clauses are neither tested nor used */

/* The schedule runs on across solves, as vivify's does. */
void dpll__subsume_init(dpll_solver *s) {
  if (s->subsume.next == 0) {
    s->subsume.next = s->stats.conflicts + SUBSUME_GAP;
    s->subsume.ticks = dpll__ticks(s);
  }
}

/* Not while a trace is set: every step a trace shows is the search's. */
bool dpll__subsume_due(const dpll_solver *s) {
  return s->opt[OPT_subsume] && s->stats.conflicts >= s->subsume.next &&
         dpll__decision_level(s) == 0 && !dpll__tracing(s);
}

/* One round's lists: clause k of the round (in refs[]) is listed under
 * one literal, in a chain from head[lit] through next[k] (-1 ends it). */
typedef struct round {
  cref *refs;
  uint64_t *order; /* size << 32 | index in refs, sorted */
  size_t n;
  int32_t *head, *next;
  uint32_t *count; /* per literal: clauses listed under it */
  uint32_t *mark;  /* per literal: stamp of the clause tested */
  uint32_t stamp;
  uint64_t work, budget;
} round;

static void round_free(round *r) {
  DPLL_FREE_ALL(r->refs, r->order, r->head, r->next, r->count, r->mark);
}

/* Whether c takes part: live, not put aside, not satisfied at level 0,
 * not too long. */
static bool takes_part(const dpll_solver *s, const clause *c) {
  if ((c->flags & (CLAUSE_DELETED | CLAUSE_ASIDE | CLAUSE_REPLACED)) ||
      c->size > SUBSUME_MAX_SIZE || c->size < 2)
    return false;
  for (uint32_t k = 0; k < c->size; k++)
    if (dpll__value(s, c->lits[k]) > 0)
      return false;
  return true;
}

static int key_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The round's clauses, shortest first (the caller's before learned ones
 * of the same length, so that those subsume these).  0 or DPLL_ENOMEM. */
static int round_begin(dpll_solver *s, round *r) {
  size_t all = dpll__num_clauses(s) + dpll__num_learnts(s);
  size_t lits = 2 * ((size_t)s->num_vars + 1);
  r->refs = malloc((all + 1) * sizeof *r->refs);
  r->order = malloc((all + 1) * sizeof *r->order);
  r->next = malloc((all + 1) * sizeof *r->next);
  r->head = malloc(lits * sizeof *r->head);
  r->count = calloc(lits, sizeof *r->count);
  r->mark = calloc(lits, sizeof *r->mark);
  if (!r->refs || !r->order || !r->next || !r->head || !r->count || !r->mark)
    return DPLL_ENOMEM;
  for (size_t l = 0; l < lits; l++)
    r->head[l] = -1;
  for (int learned = 0; learned < 2; learned++) {
    size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s);
    for (size_t i = 0; i < n; i++) {
      cref ref = learned ? dpll__learnt_ref(s, i) : dpll__clause_ref(s, i);
      const clause *c = dpll__clause(s, ref);
      if (!takes_part(s, c))
        continue;
      r->order[r->n] = (uint64_t)(2 * c->size + (uint32_t)learned) << 32 | r->n;
      r->refs[r->n++] = ref;
    }
  }
  qsort(r->order, r->n, sizeof *r->order, key_cmp);
  return 0;
}

/* What d does to the clause marked: 0 nothing, 1 subsumes it, or 2 + l
 * when it strengthens it by removing l (whose negation is in d). */
static unsigned test(round *r, const clause *d) {
  unsigned removed = 0;
  r->work += d->size;
  for (uint32_t k = 0; k < d->size; k++) {
    unsigned lit = d->lits[k];
    if (r->mark[lit] == r->stamp)
      continue;
    if (r->mark[lit_not(lit)] != r->stamp || removed)
      return 0;
    removed = 2 + lit_not(lit);
  }
  return removed ? removed : 1;
}

/* The first clause of the lists under lit and ¬lit (lit in the clause
 * marked) that subsumes or strengthens it, with what test said (its index
 * in *by), or 0. */
static unsigned find(dpll_solver *s, round *r, const clause *c, int32_t *by) {
  for (uint32_t k = 0; k < c->size && r->work <= r->budget; k++)
    for (int side = 0; side < 2; side++) {
      unsigned lit = side ? lit_not(c->lits[k]) : c->lits[k];
      for (int32_t j = r->head[lit]; j >= 0; j = r->next[j]) {
        unsigned what = test(r, dpll__clause(s, r->refs[j]));
        if (what) {
          *by = j;
          return what;
        }
      }
    }
  return 0;
}

/* Lists clause k under its literal with the shortest list. */
static void list(dpll_solver *s, round *r, size_t k, cref ref) {
  const clause *c = dpll__clause(s, ref);
  unsigned best = c->lits[0];
  for (uint32_t i = 1; i < c->size; i++)
    if (r->count[c->lits[i]] < r->count[best])
      best = c->lits[i];
  r->count[best]++;
  r->next[k] = r->head[best];
  r->head[best] = (int32_t)k;
}

/* Replaces the clause at ref by itself without lit: the new clause, a
 * learned one (of LBD 1 for a clause of the caller's, which is put aside),
 * takes its place in refs[k].  A unit is assigned at level 0 and
 * propagated.  Returns 0, DPLL_ENOMEM or DPLL_UNSAT. */
static int strengthen(dpll_solver *s, round *r, size_t k, unsigned lit) {
  cref ref = r->refs[k];
  const clause *c = dpll__clause(s, ref);
  unsigned lits[SUBSUME_MAX_SIZE];
  uint32_t m = 0;
  for (uint32_t i = 0; i < c->size; i++) {
    if (dpll__value(s, c->lits[i]) > 0)
      return 0; /* satisfied by a unit of this round: left as it is */
    if (c->lits[i] != lit && dpll__value(s, c->lits[i]) == 0)
      lits[m++] = c->lits[i];
  }
  if (m == 0) { /* the rest is false at level 0: so is the clause */
    dpll__clause_empty(s);
    return DPLL_UNSAT;
  }
  int rc = dpll__clause_reserve(s, lits, m, true);
  if (rc)
    return rc;
  c = dpll__clause(s, ref); /* (the reserve may move the arena) */
  bool learned = c->flags & CLAUSE_LEARNED;
  uint32_t lbd = learned ? clause_lbd(c) : 1;
  uint32_t keep = c->flags & (CLAUSE_OLD | CLAUSE_USED | CLAUSE_VIVIFIED);
  cref fresh = dpll__clause_new(s, lits, m, true, lbd < m ? lbd : m);
  dpll__clause(s, fresh)->flags |= keep;
  if (learned)
    dpll__clause(s, ref)->flags |= CLAUSE_REPLACED;
  else
    dpll__clause_set_aside(s, ref);
  r->refs[k] = fresh;
  s->stats.strengthened++;
  if (m > 1)
    return 0;
  dpll__assign(s, lits[0], fresh);
  cref conflict = dpll__propagate(s);
  if (conflict == CREF_OOM)
    return DPLL_ENOMEM;
  if (conflict != CREF_NONE) {
    dpll__clause_empty(s);
    return DPLL_UNSAT;
  }
  return 0;
}

/* A learned clause d that subsumes c, which goes, ranks at the next
 * reduction as the better of the two: c's LBD if lower (1 for a clause of
 * the caller's, which reduction keeps for the solve: d stands for it), used
 * if c was, of this solve if c was (reduce.c). */
static void keep_rank(clause *d, const clause *c) {
  if (!(d->flags & CLAUSE_LEARNED))
    return;
  uint32_t lbd = c->flags & CLAUSE_LEARNED ? clause_lbd(c) : 1;
  if (lbd < clause_lbd(d))
    clause_set_lbd(d, lbd);
  d->flags |= c->flags & CLAUSE_USED;
  if (!(c->flags & CLAUSE_OLD))
    d->flags &= ~CLAUSE_OLD;
}

/* Tests clause k of the order against the lists and lists it if it stays.
 * 0, DPLL_ENOMEM or DPLL_UNSAT. */
static int step(dpll_solver *s, round *r, size_t k) {
  clause *c = dpll__clause(s, r->refs[k]);
  bool learned = c->flags & CLAUSE_LEARNED;
  if (++r->stamp == 0) {
    memset(r->mark, 0, 2 * ((size_t)s->num_vars + 1) * sizeof *r->mark);
    r->stamp = 1;
  }
  for (uint32_t i = 0; i < c->size; i++)
    r->mark[c->lits[i]] = r->stamp;
  int32_t by = -1;
  unsigned what = find(s, r, c, &by);
  if (what == 1) {
    keep_rank(dpll__clause(s, r->refs[by]), c);
    if (learned)
      c->flags |= CLAUSE_REPLACED;
    else
      dpll__clause_set_aside(s, r->refs[k]);
    s->stats.subsumed++;
    return 0;
  }
  if (what >= 2) {
    int rc = strengthen(s, r, k, what - 2);
    if (rc || dpll__clause(s, r->refs[k])->size < 2)
      return rc;
  }
  list(s, r, k, r->refs[k]);
  return 0;
}

/* subsume
 *
 * Pre:  level 0, propagation at its fixpoint without conflict.
 * Post: clauses subsumed by others are deleted (learned) or put aside (the
 *       caller's), strengthened ones replaced by the shorter clause (see
 *       the top of the file); level 0, at a fixpoint.  Returns
 *       0, DPLL_UNSAT (the empty clause is derived) or DPLL_ENOMEM (what
 *       was done stays: every change follows from the clauses).
 */
int dpll__subsume(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  round r = {0};
  uint64_t since = dpll__ticks(s) - s->subsume.ticks;
  r.budget = since * SUBSUME_EFFORT / 100;
  if (r.budget < SUBSUME_MIN)
    r.budget = SUBSUME_MIN;
  int rc = round_begin(s, &r);
  for (size_t i = 0; !rc && i < r.n && r.work <= r.budget; i++)
    rc = step(s, &r, (size_t)(r.order[i] & 0xffffffffu));
  round_free(&r);
  dpll__reduce_replaced(s);
  s->subsume.ticks = dpll__ticks(s);
  s->subsume.next = s->stats.conflicts + SUBSUME_GAP;
  return rc;
}
