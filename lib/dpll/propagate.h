/* propagate.h - the trail part (s->trail), owned by propagate.c: the
 * assignment, the trail and its decision levels; its calls (its readers
 * are in trail.h). */
#ifndef DPLL_PROPAGATE_H_INCLUDED
#define DPLL_PROPAGATE_H_INCLUDED

#include "internal.h"
#include "trail.h"

void dpll__assign(dpll_solver *s, unsigned lit, cref reason);
int dpll__new_level(dpll_solver *s, bool flipped);
cref dpll__propagate(dpll_solver *s);
void dpll__backtrack_to(dpll_solver *s, int level);
void dpll__backtrack_probe(dpll_solver *s, int level);
void dpll__trail_undo(dpll_solver *s); /* see dpll__trail_reset */
/* Undoes every decision and the pure literals of level 0, and forgets a
 * pending conflict, so that the assignment is what the clauses force;
 * inline for the usual case, nothing to undo (every clause added). */
static inline void dpll__trail_reset(dpll_solver *s) {
  if (s->trail.decision_level > 0 || s->trail.root_pure)
    dpll__trail_undo(s);
  s->trail.has_conflict = false;
}
void dpll__skip_queue(dpll_solver *s);
void dpll__requeue_root(dpll_solver *s);  /* level 0 back on the queue */
void dpll__requeue_level(dpll_solver *s); /* the current level, again */
/* At level 0: unassigns trail positions size on, and requeues level 0. */
void dpll__root_truncate(dpll_solver *s, size_t size);
void dpll__root_drop_added(dpll_solver *s);        /* see propagate.c */
void dpll__set_conflict(dpll_solver *s, cref ref); /* a pending conflict */
void dpll__set_reason(dpll_solver *s, unsigned var, cref ref);
const char *dpll__trail_check(const dpll_solver *s);
int dpll__trail_grow(dpll_solver *s, int cap);
void dpll__trail_free(dpll_solver *s);

#endif /* DPLL_PROPAGATE_H_INCLUDED */
