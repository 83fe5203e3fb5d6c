/* reduce.c - keeping the learned clauses few: every so many conflicts the
 * worse half of them is deleted, and the arena is compacted.
 *
 * "Worse" is by LBD, the number of distinct decision levels in a clause
 * when it was learned or last used (Audemard and Simon, "Predicting
 * learnt clauses quality in modern SAT solvers", IJCAI 2009), then by
 * length.  Clauses of LBD 2 or less are kept for good, as are clauses that
 * are the reason of an assignment; clauses of LBD 6 or less used in a
 * conflict since the last reduction are spared once (the middle tier of
 * Chanseok Oh, "Between SAT and UNSAT: the fundamental difference in CDCL
 * SAT", SAT 2015).  Sparing every used clause kept about a third more on
 * random 3-SAT, where many long clauses take part in some conflict.  The
 * first reduction comes after 1000 conflicts, each next one 150 conflicts
 * later than the gap before it (docs/performance.md has the measurements
 * that chose these against glucose's 2000 and 300). */
#include "internal.h"

#include <string.h>

#define REDUCE_FIRST 1000
#define REDUCE_GROWTH 150
#define KEEP_LBD 2
#define USED_LBD 6

void dpll__reduce_init(dpll_solver *s) {
  s->reduce_step = REDUCE_FIRST;
  s->reduce_next = s->stats.conflicts + s->reduce_step;
}

bool dpll__reduce_due(const dpll_solver *s) {
  return s->opt[OPT_reduce] && s->stats.conflicts >= s->reduce_next;
}

/* Whether the clause is the reason of an assignment: of its first
 * literal's, or with two literals, of either's (see dpll__reason). */
static bool locked(const dpll_solver *s, cref ref) {
  const clause *c = dpll__clause(s, ref);
  for (uint32_t k = 0; k < (c->size == 2 ? 2u : 1u); k++) {
    unsigned lit = c->lits[k];
    if (s->vals[lit] > 0 && s->reason[lit_var(lit)] == ref)
      return true;
  }
  return false;
}

/* Marks the clause deleted; sweep() then drops it from the lists. */
static void mark_deleted(dpll_solver *s, cref ref) {
  clause *c = dpll__clause(s, ref);
  c->flags |= CLAUSE_DELETED;
  s->arena_wasted += CLAUSE_HEADER_WORDS + c->size;
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
    unsigned lit = s->trail[i];
    if (s->reason[lit_var(lit)] < CREF_MAX)
      dpll__reason(s, lit)->flags |= CLAUSE_REASON;
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
      dpll__watch_add(s, c->lits[0], watch_of(c, ref, c->lits[1]));
      dpll__watch_add(s, c->lits[1], watch_of(c, ref, c->lits[0]));
    }
  }
  s->arena_size = to;
  s->arena_wasted = 0;
}

/* After deletions: the lists forget the deleted clauses and the arena is
 * compacted (which rebuilds the watches without them).  Compacting at
 * every reduction, not only when much is garbage, keeps the arena's high
 * water mark at the live clauses; it costs one pass over the arena per
 * reduction, thousands of conflicts apart. */
static void sweep(dpll_solver *s) {
  purge_learnts(s);
  if (s->arena_wasted > 0)
    collect_garbage(s);
}

/* Whether a learned clause may be deleted now (see the top of the file). */
static bool deletable(const dpll_solver *s, cref ref) {
  const clause *c = dpll__clause(s, ref);
  uint32_t lbd = clause_lbd(c);
  if ((c->flags & CLAUSE_USED) && lbd <= USED_LBD)
    return false;
  return lbd > KEEP_LBD && c->size >= 2 && !locked(s, ref);
}

/* Deletable clauses are taken worse first: higher LBD, then longer, then
 * older.  Instead of sorting them (which would need memory in proportion),
 * two counting passes find the boundary: LBDs and lengths go into buckets,
 * the last bucket holding all that are larger (which then count as
 * equal). */
#define BUCKETS 1024u
static uint32_t bucket(uint32_t x) { return x < BUCKETS ? x : BUCKETS - 1; }

/* Given how many deletable clauses fall in each bucket, the bucket where
 * the worst `want` of them end (counting from the top) and, through
 * *rest, how many to take from it; everything above it is taken. */
static uint32_t boundary(const uint32_t *count, size_t want, size_t *rest) {
  size_t above = 0;
  uint32_t b = BUCKETS;
  while (b-- > 1 && above + count[b] < want)
    above += count[b];
  *rest = want - above;
  return b;
}

/* reduce
 *
 * Pre:  no conflict pending.
 * Post: half (rounded down) of the learned clauses that are not protected
 *       (see the top of the file) are deleted, the worse ones; the marks
 *       of use are cleared; the next reduction is planned.  Returns 0;
 *       it allocates nothing.
 */
int dpll__reduce(dpll_solver *s) {
  s->reduce_step += REDUCE_GROWTH;
  s->reduce_next = s->stats.conflicts + s->reduce_step;
  uint32_t count[BUCKETS] = {0};
  size_t n = 0;
  for (size_t i = 0; i < s->num_learnts; i++)
    if (deletable(s, s->learnts[i])) {
      count[bucket(clause_lbd(dpll__clause(s, s->learnts[i])))]++;
      n++;
    }
  size_t want = n / 2, in_lbd, in_size;
  uint32_t lbd_at = boundary(count, want, &in_lbd);
  for (uint32_t b = 0; b < BUCKETS; b++)
    count[b] = 0;
  for (size_t i = 0; i < s->num_learnts; i++) {
    const clause *c = dpll__clause(s, s->learnts[i]);
    if (bucket(clause_lbd(c)) == lbd_at && deletable(s, s->learnts[i]))
      count[bucket(c->size)]++;
  }
  uint32_t size_at = boundary(count, in_lbd, &in_size);
  /* The learned clauses are in the order they were learned: oldest first. */
  for (size_t i = 0; i < s->num_learnts; i++) {
    cref ref = s->learnts[i];
    clause *c = dpll__clause(s, ref);
    if (want > 0 && deletable(s, ref)) {
      uint32_t lb = bucket(clause_lbd(c)), sb = bucket(c->size);
      if (lb > lbd_at ||
          (lb == lbd_at && (sb > size_at || (sb == size_at && in_size > 0)))) {
        if (lb == lbd_at && sb == size_at)
          in_size--;
        mark_deleted(s, ref);
      }
    }
    c->flags &= ~CLAUSE_USED;
  }
  s->stats.deleted += want;
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
