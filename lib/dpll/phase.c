/* phase.c - the value a decision gives its variable: the one it had last
 * (phase saving), or under target phases the one it had in the longest
 * trail without a conflict since the last restart (after CaDiCaL's, Biere
 * and Fleury, "Chasing target phases", 2020).
 *
 * Rephasing (option "rephase", after the same paper): now and then, at a
 * restart, every saved value is reset to the best trail's (the longest
 * without conflict since the last rephase; rephase 1), or by turns to it,
 * all false, all true, or flipped (rephase 2); the gaps grow by
 * REPHASE_GAP conflicts each time.  A search that chases one part of the
 * space for too long is sent elsewhere.  The best trail is recorded where
 * the target is, so only while the option target_phase is not 0; without
 * it a reset to the best trail keeps the saved values. */
#include "phase.h"
#include "internal.h"
#include "memory.h"
#include "trail.h"
#include "walk.h"

#include <stdlib.h>

int dpll__phase_grow(dpll_solver *s, int cap) {
  phase_part *p = &s->phase;
  size_t v = (size_t)cap + 1;
  int rc = DPLL_RESIZE(p->saved, v);
  if (!rc)
    rc = DPLL_RESIZE(p->target, v);
  if (!rc)
    rc = DPLL_RESIZE(p->best, v);
  if (rc)
    return rc;
  for (size_t i = s->var_cap < 0 ? 0 : (size_t)s->var_cap + 1; i < v; i++)
    p->saved[i] = p->target[i] = p->best[i] = 0;
  return 0;
}

void dpll__phase_free(dpll_solver *s) {
  free(s->phase.saved);
  free(s->phase.target);
  free(s->phase.best);
}

void dpll__phase_set_all(dpll_solver *s, int value) {
  assert(value == 1 || value == -1);
  for (int v = 1; v <= s->num_vars; v++)
    s->phase.saved[v] = (signed char)value;
}

/* The target, if there is one and use_target, else the saved value. */
int dpll__phase_of(const dpll_solver *s, int var, bool use_target) {
  const phase_part *p = &s->phase;
  return use_target && p->target[var] ? p->target[var] : p->saved[var];
}

/* At a conflict, before the backjump: the trail below the conflict's level
 * is a partial assignment without conflict; the longest one since the
 * last restart gives the target. */
void dpll__update_target(dpll_solver *s) {
  int level = dpll__decision_level(s);
  if (level == 0)
    return;
  size_t size = dpll__level_start(s, level);
  if (size <= s->phase.target_size)
    return;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = dpll__trail_at(s, i);
    s->phase.target[lit_var(lit)] = lit_negative(lit) ? -1 : 1;
  }
  s->phase.target_size = size;
  if (!s->opt[OPT_rephase] || size <= s->phase.best_size)
    return;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = dpll__trail_at(s, i);
    s->phase.best[lit_var(lit)] = lit_negative(lit) ? -1 : 1;
  }
  s->phase.best_size = size;
}

/* A restart: a new longest trail to chase. */
void dpll__target_reset(dpll_solver *s) { s->phase.target_size = 0; }

/* var's value came from an assumption, which says nothing about the next
 * solve: it goes back to the first phase (false), as in a new solver. */
void dpll__phase_forget(dpll_solver *s, int var) {
  s->phase.saved[var] = s->phase.target[var] = s->phase.best[var] = 0;
}

#define REPHASE_GAP 1000

void dpll__rephase_init(dpll_solver *s) {
  s->phase.rephases = 0;
  s->phase.rephase_next = s->stats.conflicts + REPHASE_GAP;
}

/* The saved values' next reset: to the best trail's (rephase 1); by
 * turns best, original (false), best, inverted (true), best, flipped
 * (rephase 2); or by turns best and a local search's (walk.c) from the
 * saved values (rephase 3). */
void dpll__rephase_maybe(dpll_solver *s) {
  phase_part *p = &s->phase;
  if (!s->opt[OPT_rephase] || s->stats.conflicts < p->rephase_next)
    return;
  assert(dpll__decision_level(s) == 0);
  static const char turns[] = "BOBIBF", walks[] = "BW";
  int64_t mode = s->opt[OPT_rephase];
  char how = mode == 1   ? 'B'
             : mode == 2 ? turns[p->rephases % (sizeof turns - 1)]
                         : walks[p->rephases % (sizeof walks - 1)];
  p->rephases++;
  if (how == 'W') {
    /* The walk writes the saved values; the best trail's are its start
     * where there is one. */
    for (int v = 1; v <= s->num_vars; v++)
      if (p->best[v])
        p->saved[v] = p->best[v];
    long left = dpll__walk(s, p->saved, dpll__ticks(s) - p->walk_ticks);
    p->walk_ticks = dpll__ticks(s);
    how = left < 0 ? 'B' : 'W';
  }
  p->rephase_next =
      s->stats.conflicts + (uint64_t)REPHASE_GAP * (p->rephases + 1);
  for (int v = 1; v <= s->num_vars; v++) {
    signed char *x = &p->saved[v];
    if (how == 'B')
      *x = p->best[v] ? p->best[v] : *x;
    else if (how == 'W')
      ; /* set by the walk */
    else if (how == 'F')
      *x = (signed char)-*x;
    else
      *x = how == 'O' ? -1 : 1;
    p->target[v] = *x; /* else the old target would still decide */
    p->best[v] = 0;
  }
  p->best_size = 0;
  dpll__target_reset(s);
}
