/* vars.h - vars.c's call: making variables exist, which asks every part to
 * grow (vars.c owns no part; num_vars and var_cap are solver-wide). */
#ifndef DPLL_VARS_H_INCLUDED
#define DPLL_VARS_H_INCLUDED

#include "internal.h"

/* Makes variables 1..var exist (var <= DPLL_MAX_VAR); the first call
 * (var_cap < 0) allocates every part for variable 0. */
int dpll__ensure_vars(dpll_solver *s, int var);

#endif /* DPLL_VARS_H_INCLUDED */
