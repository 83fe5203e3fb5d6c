/* probe.h - the probe part (s->probe), owned by probe.c: failed literals
 * found at some restarts of the conflict-driven engine; its calls. */
#ifndef DPLL_PROBE_H_INCLUDED
#define DPLL_PROBE_H_INCLUDED

#include "internal.h"

void dpll__probe_init(dpll_solver *s);
bool dpll__probe_due(const dpll_solver *s);
int dpll__probe(dpll_solver *s);

#endif /* DPLL_PROBE_H_INCLUDED */
