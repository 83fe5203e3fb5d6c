/* store.h - the readers of the store part (s->store, owned by clausedb.c):
 * clauses by reference, the lists of added and learned clauses.  A header
 * without a .c, so that files below clausedb.c in the call order read the
 * store without depending on clausedb.c. */
#ifndef DPLL_STORE_H_INCLUDED
#define DPLL_STORE_H_INCLUDED

#include "internal.h"

static inline clause *dpll__clause(const dpll_solver *s, cref ref) {
  return (clause *)(s->store.arena + ref);
}
static inline bool dpll__unsat(const dpll_solver *s) { return s->store.unsat; }
static inline size_t dpll__arena_words(const dpll_solver *s) {
  return s->store.size;
}
static inline size_t dpll__store_garbage(const dpll_solver *s) {
  return s->store.wasted; /* words of deleted clauses */
}
/* Added clauses put aside by elimination (dpll__clause_set_aside). */
static inline size_t dpll__store_aside(const dpll_solver *s) {
  return s->store.aside;
}
static inline size_t dpll__num_clauses(const dpll_solver *s) {
  return s->store.num_clauses;
}
static inline cref dpll__clause_ref(const dpll_solver *s, size_t i) {
  return s->store.clauses[i];
}
static inline size_t dpll__num_learnts(const dpll_solver *s) {
  return s->store.num_learnts;
}
static inline cref dpll__learnt_ref(const dpll_solver *s, size_t i) {
  return s->store.learnts[i];
}

#endif /* DPLL_STORE_H_INCLUDED */
