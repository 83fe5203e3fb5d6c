/* cubes.h - dpll's cube-and-conquer: --cubes writes cubes, and iCNF input
 * is solved cube by cube (docs/parallel.md). */
#ifndef DPLL_TOOLS_DPLL_CUBES_H_INCLUDED
#define DPLL_TOOLS_DPLL_CUBES_H_INCLUDED

#include "cmdline.h"

#include <dpll.h>
#include <stdbool.h>

/* --cubes, --cube-depth: splits the clauses read into s by the lookahead
 * (dpll_cube) and writes them with the cubes as iCNF to the output.  When
 * the lookahead refutes every branch, the clauses are written with the
 * empty clause and no cube.  Returns 0 or 1 (the error printed). */
int cubes_write(dpll_solver *s, const dpll_tool_options *o);

/* iCNF input with cubes: one dpll_solve per cube, under its literals as
 * assumptions, in order, the solver (and what it learned) kept from one
 * to the next.  Returns DPLL_SAT at the first cube with a model (the
 * solver holds it), DPLL_UNSAT when every cube is refuted (or the clauses
 * alone are), DPLL_UNKNOWN if a limit stopped a solve, or an error code.
 * With verbose, one line per cube on standard error. */
int cubes_solve(dpll_solver *s, const dpll_input *info, bool verbose);

#endif
