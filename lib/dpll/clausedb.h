/* clausedb.h - the store part (s->store), owned by clausedb.c: the clause
 * arena and its lists; the calls of a clause's life (its readers are in
 * store.h). */
#ifndef DPLL_CLAUSEDB_H_INCLUDED
#define DPLL_CLAUSEDB_H_INCLUDED

#include "internal.h"
#include "store.h"

/* The ratio of clauses to variables at which random k-SAT turns from
 * mostly satisfiable to mostly not (measured for k <= 7, the first
 * moment's estimate 2^k ln 2 - (1 + ln 2) / 2 beyond). */
static inline double dpll__random_threshold(uint32_t k) {
  static const double measured[8] = {0,     0,      1,     4.267,
                                     9.931, 21.117, 43.37, 87.79};
  if (k < 8)
    return measured[k];
  return k < 60 ? (double)(1ull << k) * 0.693147 - 0.846574 : 1e18;
}
/* Whether there are at least 0.8 times the threshold's clauses of length
 * k per variable (below it the lookahead's probes cost more than they save
 * on large formulas). */
static inline bool dpll__random_dense(const dpll_solver *s, uint32_t k) {
  return (double)s->store.num_clauses >=
         0.8 * dpll__random_threshold(k) * s->num_vars;
}
/* Whether the clauses look like random k-SAT near or above its threshold,
 * where the classic engine's lookahead is measured to win (see
 * dpll__engine): every clause added has the same length k >= 3, at most
 * one in ten shares its set of variables with another (dpll__store_shape
 * counted them for these clauses; the clauses that encode one parity
 * constraint or both colours of one progression all do), and they are
 * dense enough (dpll__random_dense). */
static inline bool dpll__random_shape(const dpll_solver *s) {
  const store_part *st = &s->store;
  if (st->num_clauses == 0 || st->min_size < 3 ||
      st->min_size != st->max_size || st->shape_clauses != st->num_clauses ||
      !st->shape_distinct)
    return false;
  return dpll__random_dense(s, st->min_size);
}
/* Anything that changes the formula or the assignment ends the answer of
 * the last solve. */
static inline void dpll__touch(dpll_solver *s) {
  s->state = dpll__unsat(s) ? STATE_UNSAT : STATE_INPUT;
}

/* The one way a clause is born, dies, or shows the formula unsatisfiable.
 * Each of these passes through one function in clausedb.c, where the trace
 * (and a proof, later) hears of it. */
int dpll__clause_reserve(dpll_solver *s, const unsigned *lits, size_t n,
                         bool learned);
cref dpll__clause_new(dpll_solver *s, const unsigned *lits, size_t n,
                      bool learned, uint32_t lbd);
void dpll__clause_delete(dpll_solver *s, cref ref);
void dpll__clause_empty(dpll_solver *s);
void dpll__store_forget_unsat(dpll_solver *s);
void dpll__clause_pure_unit(dpll_solver *s, unsigned lit);
void dpll__clause_refuted(dpll_solver *s, int level);
void dpll__clause_probed(dpll_solver *s, int level, unsigned lit);
/* Drops deleted clauses from the lists and compacts the arena, calling
 * moved(s, c, ref) for every clause marked CLAUSE_MARK at its new ref
 * (the mark cleared); rebuilds the watches. */
void dpll__store_compact(dpll_solver *s,
                         void (*moved)(dpll_solver *, const clause *, cref));
/* Puts an added clause aside (CLAUSE_ASIDE): from the next compaction on
 * its watches have LIT_TRUE as blocker, so propagation passes it over.
 * dpll__store_restore takes every such clause back (watched as usual from
 * the next compaction, which must come before the next propagation, if
 * one came since they were put aside; else the watches are as before). */
void dpll__clause_set_aside(dpll_solver *s, cref ref);
void dpll__store_restore(dpll_solver *s);
/* Deletes every clause from arena word words on (all learned, none a
 * reason) and forgets them, their watches and their words, leaving the
 * order of every other watch as it was. */
void dpll__store_truncate(dpll_solver *s, size_t words);
/* Finds shape_distinct for the clauses now, unless it was found for them
 * (dpll__random_shape reads it); without memory, false. */
void dpll__store_shape(dpll_solver *s);
const char *dpll__store_check(const dpll_solver *s);
void dpll__store_free(dpll_solver *s);

#endif /* DPLL_CLAUSEDB_H_INCLUDED */
