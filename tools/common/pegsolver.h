/* pegsolver.h - libdpll as the solver that libpeg drives (peg_solver), for
 * the tools that count plays and give hints. */
#ifndef DPLL_TOOLS_PEGSOLVER_H_INCLUDED
#define DPLL_TOOLS_PEGSOLVER_H_INCLUDED

#include <peg.h>

/* Fills *s with a new, empty libdpll solver.  Returns 0, or PEG_ENOMEM. */
int pegsolver_open(peg_solver *s);

/* Frees what pegsolver_open made. */
void pegsolver_close(peg_solver *s);

#endif
