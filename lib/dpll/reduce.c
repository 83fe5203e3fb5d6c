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
 * that chose these against glucose's 2000 and 300).
 *
 * Across solves (incremental use) the clauses learned before are kept, but
 * not as if one long search went on.  Each solve's schedule starts again
 * at 1000 conflicts (or sooner, if the last solve's next reduction was
 * due sooner).  A solve marks every learned clause there is CLAUSE_OLD,
 * and a conflict analysis that uses one clears the mark: a clause still
 * marked at a reduction, one that this solve has not needed, ranks below
 * every other (it goes first) and is not kept for its low LBD.  Without
 * this, 1,000 solves under 4 or 8 random assumptions, or under selectors
 * that switch groups of clauses on (tests/bench/incremental.c), piled up
 * clauses of other subproblems that outranked the current one's, and
 * every propagation walked them.  (Dropping unused clauses at the start
 * of each solve instead, or reducing then, cost 5 times the conflicts
 * with 2 assumptions per solve, where the kept clauses help most.) */
#include "reduce.h"
#include "check.h"
#include "clausedb.h"
#include "internal.h"
#include "propagate.h"

#define REDUCE_FIRST 1000
#define REDUCE_GROWTH 150
#define KEEP_LBD 2
#define USED_LBD 6

void dpll__reduce_init(dpll_solver *s) {
  /* With clauses kept from earlier solves (see the top of the file), the
   * next reduction is not put off: a schedule that started over with
   * every solve would never come round on a run of short solves. */
  if (s->reduce.step != 0 && dpll__num_learnts(s) > 0) {
    for (size_t i = 0; i < dpll__num_learnts(s); i++)
      dpll__clause(s, dpll__learnt_ref(s, i))->flags |= CLAUSE_OLD;
    s->reduce.step = REDUCE_FIRST;
    if (s->reduce.next > s->stats.conflicts + REDUCE_FIRST)
      s->reduce.next = s->stats.conflicts + REDUCE_FIRST;
    return;
  }
  s->reduce.step = REDUCE_FIRST;
  s->reduce.next = s->stats.conflicts + s->reduce.step;
}

bool dpll__reduce_due(const dpll_solver *s) {
  return s->opt[OPT_reduce] && s->stats.conflicts >= s->reduce.next;
}

/* Whether the clause is the reason of an assignment: of its first
 * literal's, or with two literals, of either's (see dpll__reason). */
static bool locked(const dpll_solver *s, cref ref) {
  const clause *c = dpll__clause(s, ref);
  for (uint32_t k = 0; k < (c->size == 2 ? 2u : 1u); k++) {
    unsigned lit = c->lits[k];
    if (dpll__value(s, lit) > 0 && dpll__reason_of(s, lit_var(lit)) == ref)
      return true;
  }
  return false;
}

/* A reason clause moved by the compaction: its first literal is the one
 * it forced (mark_reasons put it there). */
static void reason_moved(dpll_solver *s, const clause *c, cref ref) {
  dpll__set_reason(s, lit_var(c->lits[0]), ref);
}

/* Marks the clauses that are reasons, their forced literal first, so that
 * the compaction can tell the trail where they went. */
static void mark_reasons(dpll_solver *s) {
  for (size_t i = 0; i < dpll__trail_size(s); i++) {
    unsigned lit = dpll__trail_at(s, i);
    if (dpll__reason_of(s, lit_var(lit)) < CREF_MAX)
      dpll__reason(s, lit)->flags |= CLAUSE_MARK;
  }
}

/* After deletions: the lists forget the deleted clauses and the arena is
 * compacted (which rebuilds the watches without them).  Compacting at
 * every reduction, not only when much is garbage, keeps the arena's high
 * water mark at the live clauses; it costs one pass over the arena per
 * reduction, thousands of conflicts apart. */
void dpll__reduce_sweep(dpll_solver *s) {
  if (dpll__store_garbage(s) > 0)
    mark_reasons(s);
  dpll__store_compact(s, reason_moved);
  DPLL_CHECK_ALL(s);
}

/* The end of a round of vivify.c or subsume.c: the learned clauses it
 * marked CLAUSE_REPLACED go only now, so that its propagation used none
 * that a proof has deleted.  The literals of level 0 whose reasons they
 * were keep their values without a reason, as literals of level 0 may;
 * then the arena is compacted. */
void dpll__reduce_replaced(dpll_solver *s) {
  for (size_t i = 0; i < dpll__num_learnts(s); i++) {
    cref ref = dpll__learnt_ref(s, i);
    clause *c = dpll__clause(s, ref);
    if (c->flags & CLAUSE_REPLACED) {
      c->flags &= ~CLAUSE_REPLACED;
      dpll__clause_delete(s, ref);
    }
  }
  for (size_t i = 0; i < dpll__trail_size(s); i++) {
    unsigned v = lit_var(dpll__trail_at(s, i));
    cref why = dpll__reason_of(s, v);
    if (why < CREF_MAX && (dpll__clause(s, why)->flags & CLAUSE_DELETED))
      dpll__set_reason(s, v, CREF_NONE);
  }
  dpll__reduce_sweep(s);
}

/* Whether a learned clause may be deleted now (see the top of the file). */
static bool deletable(const dpll_solver *s, cref ref) {
  const clause *c = dpll__clause(s, ref);
  uint32_t lbd = clause_lbd(c);
  if ((c->flags & CLAUSE_USED) && lbd <= USED_LBD)
    return false;
  return (lbd > KEEP_LBD || (c->flags & CLAUSE_OLD)) && c->size >= 2 &&
         !locked(s, ref);
}

/* Deletable clauses are taken worse first: higher LBD, then longer, then
 * older.  Instead of sorting them (which would need memory in proportion),
 * two counting passes find the boundary: LBDs and lengths go into buckets,
 * the last bucket holding all that are larger (which then count as
 * equal). */
#define BUCKETS 1024u
static uint32_t bucket(uint32_t x) { return x < BUCKETS ? x : BUCKETS - 1; }

/* The LBD bucket a clause is ranked by; a clause of an earlier solve that
 * this one has not used ranks with the worst (see the top of the file). */
static uint32_t rank(const clause *c) {
  return c->flags & CLAUSE_OLD ? BUCKETS - 1 : bucket(clause_lbd(c));
}

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

/* The bucket of LBD where the worse half of the deletable clauses ends,
 * and in it the bucket of length and how many of that length to take. */
typedef struct cut {
  size_t want;
  uint32_t lbd_at, size_at;
  size_t in_size;
} cut;

static cut find_cut(const dpll_solver *s) {
  uint32_t count[BUCKETS] = {0};
  size_t n = 0, in_lbd;
  cut k;
  for (size_t i = 0; i < dpll__num_learnts(s); i++)
    if (deletable(s, dpll__learnt_ref(s, i))) {
      count[rank(dpll__clause(s, dpll__learnt_ref(s, i)))]++;
      n++;
    }
  k.want = n / 2;
  k.lbd_at = boundary(count, k.want, &in_lbd);
  for (uint32_t b = 0; b < BUCKETS; b++)
    count[b] = 0;
  for (size_t i = 0; i < dpll__num_learnts(s); i++) {
    cref ref = dpll__learnt_ref(s, i);
    const clause *c = dpll__clause(s, ref);
    if (rank(c) == k.lbd_at && deletable(s, ref))
      count[bucket(c->size)]++;
  }
  k.size_at = boundary(count, in_lbd, &k.in_size);
  return k;
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
  s->reduce.step += REDUCE_GROWTH;
  s->reduce.next = s->stats.conflicts + s->reduce.step;
  cut k = find_cut(s);
  size_t deleted = 0;
  /* The learned clauses are in the order they were learned: oldest first. */
  for (size_t i = 0; i < dpll__num_learnts(s); i++) {
    cref ref = dpll__learnt_ref(s, i);
    clause *c = dpll__clause(s, ref);
    if (k.want > 0 && deletable(s, ref)) {
      uint32_t lb = rank(c), sb = bucket(c->size);
      if (lb > k.lbd_at ||
          (lb == k.lbd_at &&
           (sb > k.size_at || (sb == k.size_at && k.in_size > 0)))) {
        if (lb == k.lbd_at && sb == k.size_at)
          k.in_size--;
        dpll__clause_delete(s, ref);
        deleted++;
      }
    }
    c->flags &= ~CLAUSE_USED;
  }
  assert(deleted == k.want);
  (void)deleted;
  s->stats.deleted += k.want;
  dpll__reduce_sweep(s);
  return 0;
}

/* Deletes every learned clause (before a solve that writes a proof, which
 * must derive all it uses).  Level 0 keeps its literals, which the clauses
 * imply; those that a learned clause forced lose their reason. */
void dpll__drop_learnts(dpll_solver *s) {
  if (dpll__num_learnts(s) == 0)
    return;
  for (size_t i = 0; i < dpll__trail_size(s); i++) {
    unsigned v = lit_var(dpll__trail_at(s, i));
    cref why = dpll__reason_of(s, v);
    if (why < CREF_MAX && (dpll__clause(s, why)->flags & CLAUSE_LEARNED))
      dpll__set_reason(s, v, CREF_NONE);
  }
  for (size_t i = 0; i < dpll__num_learnts(s); i++)
    dpll__clause_delete(s, dpll__learnt_ref(s, i));
  dpll__reduce_sweep(s);
}
