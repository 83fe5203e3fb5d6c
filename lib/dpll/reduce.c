/* reduce.c - keeping the learned clauses few: every so many conflicts the
 * worse half of them is deleted, and the arena is compacted when much of
 * it is garbage.
 *
 * "Worse" is by LBD, the number of distinct decision levels in a clause
 * when it was learned or last used (Audemard and Simon, "Predicting
 * learnt clauses quality in modern SAT solvers", IJCAI 2009), then by
 * length.  Clauses of LBD 2 or less are kept for good, as are clauses that
 * are the reason of an assignment and clauses used in a conflict since the
 * last reduction (they lose that protection as it is spent).  The first
 * reduction comes after 2000 conflicts, each next one 300 conflicts
 * later than the gap before it. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define REDUCE_FIRST 2000
#define REDUCE_GROWTH 300
#define KEEP_LBD 2

void dpll__reduce_init(dpll_solver *s) {
  s->reduce_step = REDUCE_FIRST;
  s->reduce_next = s->stats.conflicts + s->reduce_step;
}

bool dpll__reduce_due(const dpll_solver *s) {
  return s->opt[OPT_reduce] && s->stats.conflicts >= s->reduce_next;
}

/* Whether the clause is the reason of its first literal's assignment. */
static bool locked(const dpll_solver *s, cref ref) {
  const clause *c = dpll__clause(s, ref);
  unsigned first = c->lits[0];
  return s->vals[first] > 0 && s->reason[lit_var(first)] == ref;
}

/* Marks the clause deleted; sweep() then drops it from the lists. */
static void mark_deleted(dpll_solver *s, cref ref) {
  clause *c = dpll__clause(s, ref);
  c->flags |= CLAUSE_DELETED;
  s->arena_wasted += CLAUSE_HEADER_WORDS + c->size;
}

/* Removes the watches of deleted clauses from every list. */
static void purge_watches(dpll_solver *s) {
  for (size_t l = 2; l < 2 * ((size_t)s->num_vars + 1); l++) {
    watch_list *wl = &s->watches[l];
    uint32_t j = 0;
    for (uint32_t i = 0; i < wl->size; i++)
      if (!(dpll__clause(s, wl->items[i].ref)->flags & CLAUSE_DELETED))
        wl->items[j++] = wl->items[i];
    wl->size = j;
  }
}

/* Drops deleted clauses from the list of learned ones. */
static void purge_learnts(dpll_solver *s) {
  size_t j = 0;
  for (size_t i = 0; i < s->num_learnts; i++)
    if (!(dpll__clause(s, s->learnts[i])->flags & CLAUSE_DELETED))
      s->learnts[j++] = s->learnts[i];
  s->num_learnts = j;
}

/* Compacts the arena in place: live clauses slide down over the deleted
 * ones, keeping their order, so the clause lists (sorted by place) are
 * updated in one walk; the reasons follow through a mark on their clauses;
 * the watch lists are rebuilt, each clause on its first two literals as
 * before, so every list gets back exactly the entries it had and nothing
 * is allocated. */
static void collect_garbage(dpll_solver *s) {
  for (size_t i = 0; i < s->trail_size; i++) {
    cref why = s->reason[lit_var(s->trail[i])];
    if (why < CREF_MAX)
      dpll__clause(s, why)->flags |= CLAUSE_REASON;
  }
  for (size_t l = 0; l < 2 * ((size_t)s->num_vars + 1); l++)
    s->watches[l].size = 0;
  size_t to = 0, ci = 0, li = 0;
  for (size_t at = 0; at < s->arena_size;) {
    clause *c = dpll__clause(s, (cref)at);
    size_t words = CLAUSE_HEADER_WORDS + c->size;
    if (c->flags & CLAUSE_DELETED) {
      at += words;
      continue;
    }
    cref ref = (cref)to;
    if (ci < s->num_clauses && s->clauses[ci] == at)
      s->clauses[ci++] = ref;
    else if (li < s->num_learnts && s->learnts[li] == at)
      s->learnts[li++] = ref;
    memmove(s->arena + to, c, words * sizeof *s->arena);
    to += words;
    at += words;
    c = dpll__clause(s, ref);
    if (c->flags & CLAUSE_REASON) {
      c->flags &= ~CLAUSE_REASON;
      s->reason[lit_var(c->lits[0])] = ref;
    }
    if (c->size >= 2) {
      watch_list *w0 = &s->watches[c->lits[0]], *w1 = &s->watches[c->lits[1]];
      w0->items[w0->size++] = (watch){ref, c->lits[1]};
      w1->items[w1->size++] = (watch){ref, c->lits[0]};
    }
  }
  s->arena_size = to;
  s->arena_wasted = 0;
}

/* After deletions: the lists and watches forget the deleted clauses, and
 * the arena is compacted once they fill a quarter of it. */
static void sweep(dpll_solver *s) {
  purge_watches(s);
  purge_learnts(s);
  if (s->arena_wasted > s->arena_size / 4)
    collect_garbage(s);
}

/* A learned clause that may be deleted, with its sort key. */
typedef struct candidate {
  uint32_t lbd, size;
  cref ref;
} candidate;

/* Worse first: higher LBD, then longer, then older (lower place). */
static int worse_first(const void *a, const void *b) {
  const candidate *x = a, *y = b;
  if (x->lbd != y->lbd)
    return x->lbd < y->lbd ? 1 : -1;
  if (x->size != y->size)
    return x->size < y->size ? 1 : -1;
  return (x->ref > y->ref) - (x->ref < y->ref);
}

/* reduce
 *
 * Pre:  no conflict pending.
 * Post: about half of the learned clauses that are not protected (see the
 *       top of the file) are deleted, the worse ones; the next reduction is
 *       planned.  Returns 0; without memory for the sort it deletes
 *       nothing and still returns 0, as the search can go on without it.
 */
int dpll__reduce(dpll_solver *s) {
  s->reduce_step += REDUCE_GROWTH;
  s->reduce_next = s->stats.conflicts + s->reduce_step;
  candidate *cand = malloc((s->num_learnts + 1) * sizeof *cand);
  if (!cand)
    return 0;
  size_t n = 0;
  for (size_t i = 0; i < s->num_learnts; i++) {
    cref ref = s->learnts[i];
    clause *c = dpll__clause(s, ref);
    if (c->flags & CLAUSE_USED) {
      c->flags &= ~CLAUSE_USED;
      continue;
    }
    if (clause_lbd(c) <= KEEP_LBD || c->size < 2 || locked(s, ref))
      continue;
    cand[n++] = (candidate){clause_lbd(c), c->size, ref};
  }
  qsort(cand, n, sizeof *cand, worse_first);
  for (size_t i = 0; i < n / 2; i++)
    mark_deleted(s, cand[i].ref);
  s->stats.deleted += n / 2;
  free(cand);
  sweep(s);
  return 0;
}

/* Deletes every learned clause (at the end of a solve: a later solve starts
 * from the clauses alone).  Level 0 keeps its literals, which the clauses
 * imply; those that a learned clause forced lose their reason. */
void dpll__drop_learnts(dpll_solver *s) {
  if (s->num_learnts == 0)
    return;
  for (size_t i = 0; i < s->trail_size; i++) {
    int v = (int)lit_var(s->trail[i]);
    cref why = s->reason[v];
    if (why < CREF_MAX && (dpll__clause(s, why)->flags & CLAUSE_LEARNED))
      s->reason[v] = CREF_NONE;
  }
  for (size_t i = 0; i < s->num_learnts; i++)
    mark_deleted(s, s->learnts[i]);
  sweep(s);
}
