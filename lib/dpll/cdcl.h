/* cdcl.h - cdcl.c's call: the conflict-driven engine (cdcl.c owns no
 * part). */
#ifndef DPLL_CDCL_H_INCLUDED
#define DPLL_CDCL_H_INCLUDED

#include "internal.h"

int dpll__cdcl(dpll_solver *s);

#endif /* DPLL_CDCL_H_INCLUDED */
