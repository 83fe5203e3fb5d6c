/* listing.h - dpll --all and --solutions: the models of the input, from
 * one enumeration (dpll_enumerate), written to a scratch file that main.c
 * copies to the output once the listing has ended without an error. */
#ifndef DPLL_TOOLS_DPLL_LISTING_H_INCLUDED
#define DPLL_TOOLS_DPLL_LISTING_H_INCLUDED

#include <dpll.h>

#include <stddef.h>
#include <stdio.h>

typedef struct listing {
  long long limit; /* at most this many models; 0: all of them */
  int *vars;       /* the projection, vars[0..num_vars-1]; owned */
  size_t num_vars; /* 0: no projection (models differ on any variable) */
  long long found; /* models written */
  /* How it ended: DPLL_UNSAT (no more models), DPLL_SAT (the limit
   * reached), DPLL_UNKNOWN (stopped) or a DPLL_E* code. */
  int last;
} listing;

/* Parses --solutions K (text may be NULL: no limit) and --project VARS
 * (NULL: none) into l, checking VARS against the solver's variables.
 * Returns 0, or 1 after printing the one-line error. */
int listing_options(listing *l, const char *solutions, const char *project,
                    const dpll_solver *s);

/* Enumerates the models (dpll_enumerate, projected on vars if given),
 * writing each to spool in format (DPLL_FORMAT_DP or DPLL_FORMAT_DIMACS),
 * until none is left, l->limit models were written, or the solver stopped
 * or failed; then writes what closes a complete list (DP: the
 * unsatisfiable answer "0"; DIMACS: "s SOLUTIONS N"), or "s UNKNOWN" in
 * DIMACS after a stop.  Sets found and last; returns 0, or the DPLL_E*
 * code of a failed call (DPLL_EIO: a write to spool failed). */
int listing_run(listing *l, dpll_solver *s, int format, FILE *spool);

void listing_free(listing *l);

#endif
