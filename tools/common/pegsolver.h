/* pegsolver.h - libdpll as the solver that libpeg drives (peg_solver), for
 * the tools that count plays and give hints. */
#ifndef DPLL_TOOLS_PEGSOLVER_H_INCLUDED
#define DPLL_TOOLS_PEGSOLVER_H_INCLUDED

#include <peg.h>

/* Fills *s with a new, empty libdpll solver.  Returns 0, or PEG_ENOMEM. */
int pegsolver_open(peg_solver *s);

/* Frees what pegsolver_open made. */
void pegsolver_close(peg_solver *s);

/* The most solvers pegsolver_open_many makes. */
#define PEGSOLVER_MAX 64

/* Fills s[0..n-1] with new solvers, for libpeg's _parallel calls; n 0
 * means one per core, at most PEGSOLVER_MAX (*n then says how many).
 * Returns 0, or PEG_ENOMEM (none is left open). */
int pegsolver_open_many(peg_solver *s, size_t *n);
void pegsolver_close_many(peg_solver *s, size_t n);

#endif
