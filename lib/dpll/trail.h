/* trail.h - the readers of the trail part (s->trail, owned by
 * propagate.c): values, levels, reasons, the trail itself.  A header
 * without a .c, so that files below propagate.c in the call order read the
 * assignment without depending on propagate.c. */
#ifndef DPLL_TRAIL_H_INCLUDED
#define DPLL_TRAIL_H_INCLUDED

#include "internal.h"
#include "store.h"

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
/* Whether level 0 holds pure literals, which the clauses do not imply. */
static inline bool dpll__root_pure(const dpll_solver *s) {
  return s->trail.root_pure;
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

#endif /* DPLL_TRAIL_H_INCLUDED */
