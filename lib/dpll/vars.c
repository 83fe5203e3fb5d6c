/* vars.c - making variables exist: every part that keeps something per
 * variable or per literal grows with them. */
#include "vars.h"
#include "analyze.h"
#include "assume.h"
#include "branch.h"
#include "heap.h"
#include "internal.h"
#include "lookahead.h"
#include "phase.h"
#include "propagate.h"
#include "purecount.h"
#include "vivify.h"
#include "watches.h"

/* The parts that keep something per variable or per literal, in the
 * order they grow. */
static int (*const growers[])(dpll_solver *, int) = {
    dpll__trail_grow,    dpll__watch_grow,  dpll__heap_grow,
    dpll__phase_grow,    dpll__scan_grow,   dpll__look_grow,
    dpll__analysis_grow, dpll__assume_grow, dpll__vivify_grow};

/* Grows every part to hold cap variables.  Parts already grown keep their
 * new size if a later one fails; only var_cap records what all of them
 * hold, and each part fills in the entries above var_cap when it grows. */
static int grow_vars(dpll_solver *s, int cap) {
  int rc = 0;
  for (size_t i = 0; i < sizeof growers / sizeof *growers && !rc; i++)
    rc = growers[i](s, cap);
  if (!rc)
    s->var_cap = cap;
  return rc;
}

int dpll__ensure_vars(dpll_solver *s, int var) {
  assert(var >= 0 && var <= DPLL_MAX_VAR);
  bool fresh = s->var_cap < 0;
  if (var <= s->num_vars && !fresh)
    return 0;
  if (var > s->var_cap) {
    int cap = s->var_cap < 16 ? 16 : s->var_cap;
    while (cap < var)
      cap = cap > DPLL_MAX_VAR / 2 ? DPLL_MAX_VAR : 2 * cap;
    int rc = grow_vars(s, cap);
    if (rc)
      return rc;
  }
  assert(s->user_vars == s->num_vars); /* none added for a solve */
  s->num_vars = s->user_vars = var;
  /* What was counted or ordered over the old variables is redone. */
  dpll__scan_invalidate(s);
  dpll__pure_invalidate(s);
  dpll__heap_invalidate(s);
  return 0;
}

int dpll__vars_add(dpll_solver *s, int *var) {
  if (s->num_vars >= DPLL_MAX_VAR)
    return DPLL_ENOMEM; /* no room for one more: the caller goes without */
  int user = s->user_vars, v = s->num_vars + 1;
  s->user_vars = s->num_vars; /* for dpll__ensure_vars */
  int rc = dpll__ensure_vars(s, v);
  s->user_vars = user;
  if (!rc)
    *var = v;
  return rc;
}

/* The variables added go the way they came, as if never made: the parts
 * fill in their entries again when variables are next made (var_cap comes
 * down to user_vars, and each grower starts at var_cap), and no list or
 * order holds them. */
void dpll__vars_drop_added(dpll_solver *s) {
  if (s->num_vars == s->user_vars)
    return;
  assert(dpll__decision_level(s) == 0);
  dpll__watch_release(s, s->user_vars);
  s->num_vars = s->var_cap = s->user_vars;
  dpll__scan_invalidate(s);
  dpll__pure_invalidate(s);
  dpll__heap_invalidate(s);
}
