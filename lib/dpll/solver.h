/* solver.h - solver.c's calls: the handle's model, answer and one search
 * (solver.c owns the solver-wide fields of internal.h, no part). */
#ifndef DPLL_SOLVER_H_INCLUDED
#define DPLL_SOLVER_H_INCLUDED

#include "internal.h"

int dpll__model_vars(const dpll_solver *s); /* variables in the model */
/* Keeps the assignment, which gives every variable a value, as the model,
 * and checks it against every clause added: 0, DPLL_ENOMEM, or
 * DPLL_EINTERNAL if the assignment is not a model (a bug). */
int dpll__save_model(dpll_solver *s);
/* The last solve's answer (DPLL_SAT, _UNSAT, _UNKNOWN), or
 * DPLL_ENOANSWER if the formula or assignment changed since. */
int dpll__answer(const dpll_solver *s);
/* One search: dpll_solve without the portfolio. */
int dpll__solve_one(dpll_solver *s);
/* After dpll__solve_one gave DPLL_UNKNOWN because another search of the
 * same clauses answered first: takes that answer, res DPLL_SAT with
 * model[1..num_vars] (1 true, 0 false; checked against every clause as
 * the solver's own models are) or DPLL_UNSAT (no assumptions: the clauses
 * are unsatisfiable).  Returns res, DPLL_ENOMEM or DPLL_EINTERNAL. */
int dpll__adopt_answer(dpll_solver *s, int res, const unsigned char *model);
void dpll__set_import(dpll_solver *s, dpll__import_fn fn, void *ctx);

#endif /* DPLL_SOLVER_H_INCLUDED */
