/* tooldefaults.h - the solver settings of the dpll tool, where they differ
 * from the library's, for every front end that should search as
 * `peg-front | dpll` does (the dpll tool and peg.html). */
#ifndef DPLL_TOOLS_TOOLDEFAULTS_H_INCLUDED
#define DPLL_TOOLS_TOOLDEFAULTS_H_INCLUDED

#include <dpll.h>

/* Sets them on s: the automatic choice of engine, lucky descents and
 * variable elimination.  Returns 0, or dpll_set_option's first error, and
 * then, if option is not NULL, the name of the option it refused in
 * *option. */
int dpll_tool_defaults(dpll_solver *s, const char **option);

#endif
