/* heap.h - the heap part (s->heap), owned by heap.c: the splitting order
 * (classes, activities, the variable heap); its readers and calls. */
#ifndef DPLL_HEAP_H_INCLUDED
#define DPLL_HEAP_H_INCLUDED

#include "internal.h"

int dpll__heap_best(dpll_solver *s, int kind); /* best unassigned, or 0 */
int dpll__class_cmp(const dpll_solver *s, int v, int w);
void dpll__set_class(dpll_solver *s, int var, int may_decide, int priority);
void dpll__var_unassigned(dpll_solver *s, int var);
void dpll__bump_var(dpll_solver *s, int var);
void dpll__decay_activity(dpll_solver *s);
void dpll__bump_clause(dpll_solver *s, cref ref);
void dpll__heap_invalidate(dpll_solver *s); /* rebuilt when next needed */
/* A variable's class: may it be split on, and its priority. */
static inline bool dpll__may_decide(const dpll_solver *s, int var) {
  return s->heap.may_decide[var];
}
static inline int dpll__priority(const dpll_solver *s, int var) {
  return s->heap.priority[var];
}
/* Whether bumps go to the move-to-front queue (heuristic vmtf) now. */
static inline bool dpll__queue_in_use(const dpll_solver *s) {
  return s->heap.kind == DPLL_HEURISTIC_VMTF;
}
static inline bool dpll__classes_set(const dpll_solver *s) {
  return s->heap.classes_set;
}
/* Gives every variable a small random activity drawn from seed, so that a
 * search starts from its own order of the variables (portfolio.c). */
void dpll__heap_perturb(dpll_solver *s, uint64_t seed);
const char *dpll__heap_check(const dpll_solver *s);
void dpll__heap_init(dpll_solver *s);
int dpll__heap_grow(dpll_solver *s, int cap);
void dpll__heap_free(dpll_solver *s);

#endif /* DPLL_HEAP_H_INCLUDED */
