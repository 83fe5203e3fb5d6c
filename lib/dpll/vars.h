/* vars.h - vars.c's call: making variables exist, which asks every part to
 * grow (vars.c owns no part; num_vars and var_cap are solver-wide). */
#ifndef DPLL_VARS_H_INCLUDED
#define DPLL_VARS_H_INCLUDED

#include "internal.h"

/* Makes variables 1..var exist (var <= DPLL_MAX_VAR); the first call
 * (var_cap < 0) allocates every part for variable 0. */
int dpll__ensure_vars(dpll_solver *s, int var);

/* Variables the solver adds for one solve (bva.c), numbered after the
 * caller's (user_vars stays): makes variable num_vars + 1 and stores it
 * in *var.  Returns 0 or DPLL_ENOMEM (also when DPLL_MAX_VAR is reached). */
int dpll__vars_add(dpll_solver *s, int *var);
/* At level 0, once no clause, watch or assignment holds a variable added:
 * num_vars goes back to user_vars. */
void dpll__vars_drop_added(dpll_solver *s);

#endif /* DPLL_VARS_H_INCLUDED */
