/* vivify.h - the vivify part (s->vivify), owned by vivify.c: learned
 * clauses shortened at some restarts; its calls. */
#ifndef DPLL_VIVIFY_H_INCLUDED
#define DPLL_VIVIFY_H_INCLUDED

#include "internal.h"

void dpll__vivify_init(dpll_solver *s);
bool dpll__vivify_due(const dpll_solver *s);
int dpll__vivify(dpll_solver *s);
int dpll__vivify_grow(dpll_solver *s, int cap);
void dpll__vivify_free(dpll_solver *s);

#endif /* DPLL_VIVIFY_H_INCLUDED */
