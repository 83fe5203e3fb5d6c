/* clausedb.c - the clause arena and its lists, and the one seam of a
 * clause's life: every clause the solver keeps is born in dpll__clause_new,
 * dies in dpll__clause_delete, and a derived empty clause is announced by
 * dpll__clause_empty; all three report through clause_event(), the one
 * place where the trace (and a proof) hears of them. */
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "proof.h"
#include "trace.h"
#include "watches.h"

#include <stdlib.h>
#include <string.h>

void dpll__store_free(dpll_solver *s) {
  free(s->store.arena);
  free(s->store.clauses);
  free(s->store.learnts);
}

/* The events of a clause's life.  The trace shows learning and deletion
 * (an added clause is the caller's own, and the empty clause shows in the
 * answer); a proof gets every clause derived, learned or not, every
 * learned clause deleted, and the empty clause. */
enum clause_event_kind {
  CLAUSE_ADDED,   /* given by the caller, stored */
  CLAUSE_LEARNT,  /* derived by analysis, stored */
  CLAUSE_DERIVED, /* derived, not stored: a pure unit */
  CLAUSE_REFUTED, /* not stored: the classic engine's lemma, n its level */
  CLAUSE_PROBED,  /* not stored: the same with a literal, lits[0], added */
  CLAUSE_GONE,    /* a learned clause deleted */
  CLAUSE_NIL      /* the empty clause */
};

static void clause_event(dpll_solver *s, enum clause_event_kind kind,
                         const unsigned *lits, size_t n, cref ref) {
  switch (kind) {
  case CLAUSE_NIL:
    s->store.unsat = true; /* the only place that says so */
    dpll__proof_clause(s, false, NULL, 0);
    break;
  case CLAUSE_LEARNT:
    if (dpll__tracing(s))
      dpll__trace(s, DPLL_EVENT_LEARN, lits[0], ref, false);
    if (dpll__learn_wanted(s, n))
      dpll__report_learned(s, lits, n);
    dpll__proof_clause(s, false, lits, n);
    break;
  case CLAUSE_DERIVED:
    dpll__proof_clause(s, false, lits, n);
    break;
  case CLAUSE_REFUTED:
    dpll__proof_decisions(s, (int)n, 0);
    break;
  case CLAUSE_PROBED:
    dpll__proof_decisions(s, (int)n, lits[0]);
    break;
  case CLAUSE_GONE:
    if (dpll__tracing(s))
      dpll__trace(s, DPLL_EVENT_DELETE, 0, ref, false);
    dpll__proof_clause(s, true, lits, n);
    break;
  case CLAUSE_ADDED:
    break;
  }
}

/* Makes room for a clause of lits[0..n-1] as it will be stored (its first
 * two literals watched): arena words, a list entry, the watches, and the
 * trace's buffer.  Nothing else changes, so a failure leaves the solver as
 * it was. */
int dpll__clause_reserve(dpll_solver *s, const unsigned *lits, size_t n,
                         bool learned) {
  store_part *st = &s->store;
  int rc = DPLL_GROW(st->arena, st->cap, st->size + CLAUSE_HEADER_WORDS + n,
                     CREF_MAX);
  if (!rc && learned)
    rc = DPLL_GROW(st->learnts, st->learnts_cap, st->num_learnts + 1,
                   SIZE_MAX / sizeof(cref));
  if (!rc && !learned)
    rc = DPLL_GROW(st->clauses, st->clauses_cap, st->num_clauses + 1,
                   SIZE_MAX / sizeof(cref));
  for (size_t i = 0; !rc && n >= 2 && i < 2; i++)
    rc = dpll__watch_reserve(s, lits[i], 1);
  if (!rc)
    rc = dpll__trace_reserve(s, n);
  return rc;
}

/* clause_new
 *
 * Pre:  dpll__clause_reserve(lits, n, learned) succeeded since the last
 *       change; lits has no repeats and no complementary pair.
 * Post: the clause is stored at the end of the arena, in its list, and
 *       watched by its first two literals if it has two; its ref is
 *       returned.  Its consequences under the assignment are the caller's.
 */
cref dpll__clause_new(dpll_solver *s, const unsigned *lits, size_t n,
                      bool learned, uint32_t lbd) {
  store_part *st = &s->store;
  assert(st->size + CLAUSE_HEADER_WORDS + n <= st->cap);
  cref ref = (cref)st->size;
  clause *c = dpll__clause(s, ref);
  c->size = (uint32_t)n;
  c->flags = learned ? CLAUSE_LEARNED : 0;
  if (learned)
    clause_set_lbd(c, lbd);
  for (size_t k = 0; k < n; k++) /* (short: a loop beats a call) */
    c->lits[k] = lits[k];
  st->size += CLAUSE_HEADER_WORDS + n;
  if (learned) {
    assert(st->num_learnts < st->learnts_cap);
    st->learnts[st->num_learnts++] = ref;
  } else {
    assert(st->num_clauses < st->clauses_cap);
    if (st->num_clauses == 0 || n < st->min_size)
      st->min_size = (uint32_t)n;
    if (st->num_clauses == 0 || n > st->max_size)
      st->max_size = (uint32_t)n;
    st->clauses[st->num_clauses++] = ref;
  }
  if (n >= 2) {
    dpll__watch_add(s, c->lits[0], watch_of(c, ref, c->lits[1]));
    dpll__watch_add(s, c->lits[1], watch_of(c, ref, c->lits[0]));
  }
  clause_event(s, learned ? CLAUSE_LEARNT : CLAUSE_ADDED, c->lits, n, ref);
  return ref;
}

/* Marks a learned clause deleted; its watches and list entry go at the next
 * dpll__store_compact, which must come before the next propagation. */
void dpll__clause_delete(dpll_solver *s, cref ref) {
  clause *c = dpll__clause(s, ref);
  assert(c->flags & CLAUSE_LEARNED);
  assert(!(c->flags & CLAUSE_DELETED));
  clause_event(s, CLAUSE_GONE, c->lits, c->size, ref);
  c->flags |= CLAUSE_DELETED;
  s->store.wasted += CLAUSE_HEADER_WORDS + c->size;
}

/* Forgets that the clauses were found unsatisfiable, for a fresh start
 * of level 0 (solver.c's root_redraw, which finds it again if it
 * follows from the clauses added alone). */
void dpll__store_forget_unsat(dpll_solver *s) { s->store.unsat = false; }

/* The formula is unsatisfiable: the empty clause follows from it. */
void dpll__clause_empty(dpll_solver *s) {
  clause_event(s, CLAUSE_NIL, NULL, 0, CREF_NONE);
}

/* A pure literal at the root: the unit clause of it is no consequence of
 * the clauses, but adding it keeps them satisfiable (every clause with its
 * negation is satisfied by a literal set before it: the unit is RAT on
 * it), so a proof takes it as a lemma. */
void dpll__clause_pure_unit(dpll_solver *s, unsigned lit) {
  clause_event(s, CLAUSE_DERIVED, &lit, 1, CREF_NONE);
}

/* The classic engine's lemma: the decisions of levels 1..level cannot all
 * hold (classic.c says why each such clause follows). */
void dpll__clause_refuted(dpll_solver *s, int level) {
  if (level == 0)
    dpll__clause_empty(s);
  else
    clause_event(s, CLAUSE_REFUTED, NULL, (size_t)level, CREF_NONE);
}

/* The lookahead's lemma: the decisions of levels 1..level imply lit (the
 * negation of a literal whose probe failed: unit propagation from the
 * decisions and that literal finds the conflict again, see lookahead.c). */
void dpll__clause_probed(dpll_solver *s, int level, unsigned lit) {
  clause_event(s, CLAUSE_PROBED, &lit, (size_t)level, CREF_NONE);
}

void dpll__clause_set_aside(dpll_solver *s, cref ref) {
  clause *c = dpll__clause(s, ref);
  assert(!(c->flags & (CLAUSE_LEARNED | CLAUSE_ASIDE)));
  c->flags |= CLAUSE_ASIDE;
  s->store.aside++;
  s->store.rewatch = true;
}

void dpll__store_restore(dpll_solver *s) {
  store_part *st = &s->store;
  for (size_t i = 0; st->aside > 0 && i < st->num_clauses; i++) {
    clause *c = dpll__clause(s, st->clauses[i]);
    if (c->flags & CLAUSE_ASIDE) {
      c->flags &= ~CLAUSE_ASIDE;
      st->aside--;
    }
  }
  assert(st->aside == 0);
  st->rewatch = st->aside_watched; /* else the watches are as they were */
  st->aside_watched = false;
}

void dpll__store_truncate(dpll_solver *s, size_t words) {
  store_part *st = &s->store;
  assert(words <= st->size);
  size_t j = 0;
  for (size_t i = 0; i < st->num_learnts; i++) {
    cref ref = st->learnts[i];
    if (ref < words)
      st->learnts[j++] = ref;
    else if (!(dpll__clause(s, ref)->flags & CLAUSE_DELETED))
      dpll__clause_delete(s, ref);
  }
  st->num_learnts = j;
  /* The added clauses are in arena order: the last is below words. */
  assert(st->num_clauses == 0 || st->clauses[st->num_clauses - 1] < words);
  assert(st->wasted >= st->size - words);
  dpll__watches_drop_from(s, (cref)words);
  st->wasted -= st->size - words;
  st->size = words;
}

/* A key for the set of variables of c: the sum of a mixing of each (no
 * variable repeats in a clause), so the order of the literals does not
 * matter. */
static uint64_t vars_key(const clause *c) {
  uint64_t key = 0;
  for (uint32_t k = 0; k < c->size; k++) {
    uint64_t x = lit_var(c->lits[k]) * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    key += x * 0xBF58476D1CE4E5B9ull;
  }
  return key;
}

static int key_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Only clauses of one length k >= 3, dense enough, need the count (see
 * dpll__random_shape; the density check spares dpll --all, whose blocking
 * clauses all have one length, a sort at every solve); the keys are
 * sorted, and a run of equal keys is a set of variables that more than one
 * clause has. */
void dpll__store_shape(dpll_solver *s) {
  store_part *st = &s->store;
  if (st->shape_clauses == st->num_clauses)
    return;
  st->shape_clauses = st->num_clauses;
  st->shape_distinct = false;
  size_t n = st->num_clauses;
  uint64_t *keys = NULL;
  if (n == 0 || st->min_size < 3 || st->min_size != st->max_size ||
      !dpll__random_dense(s, st->min_size) || DPLL_RESIZE(keys, n))
    return;
  for (size_t i = 0; i < n; i++)
    keys[i] = vars_key(dpll__clause(s, st->clauses[i]));
  qsort(keys, n, sizeof *keys, key_cmp);
  size_t shared = 0;
  for (size_t i = 0, j; i < n; i = j) {
    for (j = i + 1; j < n && keys[j] == keys[i]; j++)
      ;
    if (j - i > 1)
      shared += j - i;
  }
  free(keys);
  st->shape_distinct = shared * 10 <= n;
}

/* Drops deleted clauses from a list of refs; returns the new length. */
static size_t purge(const dpll_solver *s, cref *refs, size_t n) {
  size_t j = 0;
  for (size_t i = 0; i < n; i++)
    if (!(dpll__clause(s, refs[i])->flags & CLAUSE_DELETED))
      refs[j++] = refs[i];
  return j;
}

/* Live clauses slide down over the deleted ones, keeping their order, so
 * the lists (sorted by place) are updated in one walk, and the watch lists
 * are rebuilt, each clause on its first two literals as before: every list
 * gets back exactly the entries it had, and nothing is allocated.  A
 * clause put aside is watched with LIT_TRUE as its blockers. */
void dpll__store_compact(dpll_solver *s,
                         void (*moved)(dpll_solver *, const clause *, cref)) {
  store_part *st = &s->store;
  st->num_learnts = purge(s, st->learnts, st->num_learnts); /* only these die */
  if (st->wasted == 0 && !st->rewatch)
    return;
  dpll__watches_clear(s);
  size_t to = 0, ci = 0, li = 0;
  for (size_t at = 0; at < st->size;) {
    clause *c = dpll__clause(s, (cref)at);
    size_t words = CLAUSE_HEADER_WORDS + c->size;
    if (c->flags & CLAUSE_DELETED) {
      at += words;
      continue;
    }
    cref ref = (cref)to;
    if (ci < st->num_clauses && st->clauses[ci] == at)
      st->clauses[ci++] = ref;
    else if (li < st->num_learnts && st->learnts[li] == at)
      st->learnts[li++] = ref;
    memmove(st->arena + to, c, words * sizeof *st->arena);
    to += words;
    at += words;
    c = dpll__clause(s, ref);
    if (c->flags & CLAUSE_MARK) {
      c->flags &= ~CLAUSE_MARK;
      moved(s, c, ref);
    }
    if (c->size >= 2) {
      bool aside = c->flags & CLAUSE_ASIDE;
      dpll__watch_add(s, c->lits[0],
                      watch_of(c, ref, aside ? LIT_TRUE : c->lits[1]));
      dpll__watch_add(s, c->lits[1],
                      watch_of(c, ref, aside ? LIT_TRUE : c->lits[0]));
    }
  }
  st->size = to;
  st->wasted = 0;
  st->rewatch = false;
  st->aside_watched = st->aside > 0;
}

/* The arena is a sequence of clauses that ends where it should; the live
 * ones are, in arena order, exactly those of the two lists, learned or not
 * as the list says; the deleted ones add up to the waste; no literal is
 * beyond the variables and no clause keeps a scratch mark. */
const char *dpll__store_check(const dpll_solver *s) {
  const store_part *st = &s->store;
  size_t wasted = 0, at = 0, ci = 0, li = 0, aside = 0;
  while (at < st->size) {
    const clause *c = dpll__clause(s, (cref)at);
    size_t words = CLAUSE_HEADER_WORDS + c->size;
    if (words > st->size - at)
      return "store: a clause runs past the end of the arena";
    if (c->flags & CLAUSE_MARK)
      return "store: a clause keeps a scratch mark";
    for (uint32_t k = 0; k < c->size; k++)
      if (lit_var(c->lits[k]) == 0 || (int)lit_var(c->lits[k]) > s->num_vars)
        return "store: a clause holds a literal of no variable";
    if ((c->flags & CLAUSE_ASIDE) &&
        (c->flags & (CLAUSE_LEARNED | CLAUSE_DELETED)))
      return "store: a learned or deleted clause is put aside";
    aside += (c->flags & CLAUSE_ASIDE) != 0;
    if (c->flags & CLAUSE_DELETED)
      wasted += words;
    else if (c->flags & CLAUSE_LEARNED) {
      if (li == st->num_learnts || st->learnts[li++] != at)
        return "store: a learned clause is not in its place in the list";
    } else if (ci == st->num_clauses || st->clauses[ci++] != at)
      return "store: a clause is not in its place in the list";
    at += words;
  }
  if (ci != st->num_clauses || li != st->num_learnts)
    return "store: a list names a deleted or misplaced clause";
  if (wasted != st->wasted)
    return "store: the deleted clauses do not add up to the waste counted";
  if (aside != st->aside)
    return "store: the clauses put aside are not as many as counted";
  return NULL;
}
