/* phase.h - the phase part (s->phase), owned by phase.c: the values
 * decisions take (saved, target and best phases); its readers and calls. */
#ifndef DPLL_PHASE_H_INCLUDED
#define DPLL_PHASE_H_INCLUDED

#include "internal.h"

/* An undone literal's value is remembered. */
static inline void dpll__phase_save(dpll_solver *s, unsigned lit) {
  s->phase.saved[lit_var(lit)] = lit_negative(lit) ? -1 : 1;
}

/* The value to decide var to (1 or -1, 0 if it never had one). */
int dpll__phase_of(const dpll_solver *s, int var, bool use_target);
void dpll__update_target(dpll_solver *s);
void dpll__rephase_init(dpll_solver *s);
void dpll__rephase_maybe(dpll_solver *s); /* at level 0, after a restart */
void dpll__target_reset(dpll_solver *s);
void dpll__phase_forget(dpll_solver *s, int var);
/* Sets every saved phase to value (1 or -1; portfolio.c: true first). */
void dpll__phase_set_all(dpll_solver *s, int value);
int dpll__phase_grow(dpll_solver *s, int cap);
void dpll__phase_free(dpll_solver *s);

#endif /* DPLL_PHASE_H_INCLUDED */
