/* testutil.h - helpers shared by the libdpll unit tests. */
#ifndef DPLL_TESTS_TESTUTIL_H_INCLUDED
#define DPLL_TESTS_TESTUTIL_H_INCLUDED

#include "dpll.h"

/* Adds the clause of the n (at most 16) literals that follow, as
 * dpll_add_clause does: add(s, 3, 1, -2, 3). */
int add(dpll_solver *s, int n, ...);

#endif
