/* propagate.h - the trail part (s->trail), owned by propagate.c: the
 * assignment, the trail and its decision levels; its readers and calls. */
#ifndef DPLL_PROPAGATE_H_INCLUDED
#define DPLL_PROPAGATE_H_INCLUDED

#include "clausedb.h"
#include "internal.h"

static inline int dpll__value(const dpll_solver *s, unsigned lit) {
  return s->trail.vals[lit];
}
static inline int dpll__level_of(const dpll_solver *s, unsigned var) {
  return s->trail.level[var];
}
static inline cref dpll__reason_of(const dpll_solver *s, unsigned var) {
  return s->trail.reason[var];
}
static inline int dpll__decision_level(const dpll_solver *s) {
  return s->trail.decision_level;
}
static inline size_t dpll__trail_size(const dpll_solver *s) {
  return s->trail.size;
}
static inline unsigned dpll__trail_at(const dpll_solver *s, size_t i) {
  return s->trail.lits[i];
}
/* Where decision level level (>= 1) starts on the trail. */
static inline size_t dpll__level_start(const dpll_solver *s, int level) {
  return s->trail.level_start[level - 1];
}
/* Whether level (>= 1) is the second branch of its decision (classic). */
static inline bool dpll__level_flipped(const dpll_solver *s, int level) {
  return s->trail.flipped[level - 1];
}
static inline bool dpll__conflict_pending(const dpll_solver *s) {
  return s->trail.has_conflict;
}
/* Bumped whenever an assignment is undone. */
static inline uint64_t dpll__epoch(const dpll_solver *s) {
  return s->trail.epoch;
}
/* The work propagation has done, in watches visited. */
static inline uint64_t dpll__ticks(const dpll_solver *s) {
  return s->trail.ticks;
}
static inline bool dpll__at_fixpoint(const dpll_solver *s) {
  return s->trail.qhead == s->trail.size;
}

/* The reason clause of lit, a literal forced by propagation, with lit
 * first.  Propagation puts the forced literal first in a clause it reads;
 * a clause of two literals it does not read (see watch), so that one is
 * put in order here. */
static inline clause *dpll__reason(const dpll_solver *s, unsigned lit) {
  clause *c = dpll__clause(s, dpll__reason_of(s, lit_var(lit)));
  if (c->lits[0] != lit) {
    assert(c->size == 2 && c->lits[1] == lit);
    c->lits[1] = c->lits[0];
    c->lits[0] = lit;
  }
  return c;
}

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
void dpll__requeue_root(dpll_solver *s); /* level 0 back on the queue */
void dpll__set_conflict(dpll_solver *s, cref ref); /* a pending conflict */
void dpll__set_reason(dpll_solver *s, unsigned var, cref ref);
const char *dpll__trail_check(const dpll_solver *s);
int dpll__trail_grow(dpll_solver *s, int cap);
void dpll__trail_free(dpll_solver *s);

#endif /* DPLL_PROPAGATE_H_INCLUDED */
