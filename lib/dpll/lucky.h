/* lucky.h - lucky.c's call: the descents of option "lucky" before the cdcl
 * search (lucky.c owns no part). */
#ifndef DPLL_LUCKY_H_INCLUDED
#define DPLL_LUCKY_H_INCLUDED

#include "internal.h"

/* Returns DPLL_SAT with every variable assigned, 0 (level 0 as before) or
 * DPLL_ENOMEM.  Decisions count from decisions0 towards the decision
 * limit. */
int dpll__lucky(dpll_solver *s, uint64_t decisions0);

#endif /* DPLL_LUCKY_H_INCLUDED */
