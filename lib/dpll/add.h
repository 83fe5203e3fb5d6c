/* add.h - the input part (s->input), owned by add.c: the clause dpll_add is
 * building and scratch for adding one; its calls. */
#ifndef DPLL_ADD_H_INCLUDED
#define DPLL_ADD_H_INCLUDED

#include "internal.h"

void dpll__input_free(dpll_solver *s);
bool dpll__input_open(const dpll_solver *s); /* a dpll_add clause is open */

#endif /* DPLL_ADD_H_INCLUDED */
