/* internal.h - the solver: struct dpll_solver, a set of parts each owned
 * by one file, and what is solver-wide (the small types, literals, clauses
 * and watches, are in types.h; the parts' types in parts.h).
 *
 * A part's readers and its owner's calls are in the header named after the
 * owner (propagate.h for the trail, clausedb.h for the store, ...); a file
 * that other files call has a header named after it too.  The files call
 * each other top-down in the order lib/CMakeLists.txt lists them
 * (tests/check_layout.sh enforces it); a header includes only internal.h
 * and headers of files listed after its own, and a file its own header
 * first, then those of what it calls or reads; docs/internals.md is the
 * map.  A part's fields are written only by its owner; other files use the
 * owner's functions, or the inline readers of its header (the trail's and
 * the store's are in trail.h and store.h, headers without a .c, for the
 * files below their owners; see docs/internals.md).
 * Three things are solver-wide and read by all: the options (opt), the
 * statistics (each counter written by the file that counts it) and the
 * number of variables: num_vars, of which the first user_vars are the
 * caller's, and those after them were added by the solver for the solve
 * that runs (bva.c) and go at its end. */
#ifndef DPLL_INTERNAL_H_INCLUDED
#define DPLL_INTERNAL_H_INCLUDED

#include "dpll.h"
#include "parts.h"
#include "types.h"

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The parts (parts.h): per-variable arrays have var_cap + 1 entries,
 * per-literal arrays 2 * (var_cap + 1); each owner grows its own (vars.c
 * asks them all). */

enum solver_state { STATE_INPUT, STATE_SAT, STATE_UNSAT, STATE_UNKNOWN };

/* Called by the cdcl engine at level 0 after each restart, in a search of
 * a portfolio (portfolio.c): it adds the clauses other searches of the
 * same clauses learned, with dpll__import_clause.  Returns 0 or
 * DPLL_ENOMEM. */
typedef int (*dpll__import_fn)(void *ctx, dpll_solver *s);

struct dpll_solver {
  /* Solver-wide (solver.c, vars.c). */
  int num_vars, var_cap, user_vars;
  int64_t opt[NUM_OPTIONS];
  dpll_stats stats;
  dpll_terminate_fn terminate;
  void *terminate_ctx;
  dpll__import_fn import; /* a portfolio's clauses from other searches */
  void *import_ctx;
  enum solver_state state;
  unsigned char *model; /* per variable: 1 true, 0 false (state SAT) */
  int model_vars;

  trail_part trail;
  watch_part watch;
  store_part store;
  input_part input;
  analysis_part an;
  heap_part heap;
  phase_part phase;
  scan_part scan;
  look_part look;
  pure_part pure;
  restart_part restart;
  reduce_part reduce;
  vivify_part vivify;
  subsume_part subsume;
  probe_part probe;
  subst_part subst;
  elim_part elim;
  trace_part trace;
  proof_part proof;
  check_part check;
  assume_part assume;
};

/* Whether count, counted from count0 at the start of a solve, has reached
 * limit (-1: no limit); for the decision and conflict limits of both
 * engines. */
static inline bool dpll__over_limit(int64_t limit, uint64_t count,
                                    uint64_t count0) {
  return limit >= 0 && count - count0 >= (uint64_t)limit;
}

/* Whether the caller's terminate callback says stop. */
static inline bool dpll__terminated(const dpll_solver *s) {
  return s->terminate && s->terminate(s->terminate_ctx);
}
/* The same, polled at every 64th conflict: a long run of conflicts
 * without a decision must not keep the search from stopping. */
static inline bool dpll__terminated_at_conflict(const dpll_solver *s) {
  return (s->stats.conflicts & 63) == 0 && dpll__terminated(s);
}

/* After a conflict: whether the conflict limit (counted from conflicts0
 * at the start of the search) or the terminate callback says stop. */
static inline bool dpll__stop_at_conflict(const dpll_solver *s,
                                          uint64_t conflicts0) {
  return dpll__over_limit(s->opt[OPT_conflict_limit], s->stats.conflicts,
                          conflicts0) ||
         dpll__terminated_at_conflict(s);
}

#endif /* DPLL_INTERNAL_H_INCLUDED */
