/* check.h - the check part (s->check), owned by check.c: the invariants of
 * every part and between parts, and when the debug build checks them. */
#ifndef DPLL_CHECK_H_INCLUDED
#define DPLL_CHECK_H_INCLUDED

#include "internal.h"

/* dpll__check returns NULL if the invariants hold, else what is wrong; it
 * leaves the solver as it was (its marks are undone) and allocates
 * nothing.  DPLL_CHECK runs it in debug builds every so often (its cost
 * stays in proportion to the search's), DPLL_CHECK_ALL every time; both
 * assert that it found nothing.  Release builds (NDEBUG) do neither. */
const char *dpll__check(dpll_solver *s);
void dpll__check_sometimes(dpll_solver *s);
void dpll__check_always(dpll_solver *s);
#ifdef NDEBUG
#define DPLL_CHECK(s) ((void)0)
#define DPLL_CHECK_ALL(s) ((void)0)
#else
#define DPLL_CHECK(s) dpll__check_sometimes(s)
#define DPLL_CHECK_ALL(s) dpll__check_always(s)
#endif

#endif /* DPLL_CHECK_H_INCLUDED */
