/* pure.h - pure.c's call: pure-literal elimination (pure.c owns no part;
 * the counts it reads are purecount.c's). */
#ifndef DPLL_PURE_H_INCLUDED
#define DPLL_PURE_H_INCLUDED

#include "internal.h"

/* Assigns every pure literal; returns how many, or DPLL_ENOMEM. */
int dpll__eliminate_pure(dpll_solver *s);

#endif /* DPLL_PURE_H_INCLUDED */
