/* restart.c - when the conflict-driven engine gives up its decisions and
 * starts again from level 0, keeping what it learned, the activities and
 * the saved phases.
 *
 * Three policies (the "restarts" option):
 *   luby     after u, u, 2u, u, u, 2u, 4u, ... conflicts (u the option
 *            luby_unit, 1024 by default; it was 100 until issue 14): the
 *            Luby sequence (Luby, Sinclair, Zuckerman 1993) times u;
 *   glucose  when the clauses learned lately are worse (more levels) than
 *            the average so far, by a quarter, and at least 50 conflicts
 *            after the last restart; not while the trail is much longer
 *            than usual, which hints at a model near (Audemard and Simon,
 *            "Refining restarts strategies for SAT and UNSAT", 2012).  The
 *            averages here are exponential moving averages;
 *   mixed    glucose for 1000 conflicts, then luby for as many, then each
 *            for twice as many, and so on, restarting at every switch:
 *            glucose's quick restarts suit refutations, Luby's longer
 *            runs suit the search for a model, and a formula whose kind is
 *            unknown gets both (the idea of the "stable" and "focused"
 *            modes of recent solvers, reduced to restarts);
 *   modes    those modes: focused (glucose restarts and, under the
 *            heuristic auto, the move-to-front queue of heap.c) and
 *            stable (Luby restarts, activities, and with them the target
 *            phases of option target_phase luby), by turns.  The first
 *            focused stretch lasts 1000 conflicts; the next stretches are
 *            measured in propagation work (ticks), the first stable one
 *            as long as that focused one, then each pair twice as long as
 *            the last, since a conflict costs far more work in the long
 *            trails of stable mode than in focused mode's short ones (as
 *            CaDiCaL and kissat measure them).  Each mode keeps its own
 *            order of the variables from one stretch to the next. */
#include "restart.h"
#include "internal.h"
#include "phase.h"
#include "propagate.h"

#define GLUCOSE_MIN_GAP 50
#define GLUCOSE_MARGIN 1.25
#define FAST_WINDOW 32.0
#define SLOW_WINDOW 8192.0
#define TRAIL_WINDOW 5000.0
#define BLOCK_MARGIN 1.4
#define BLOCK_AFTER 10000
#define MIXED_FIRST 1000

/* The i-th term (i >= 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...: at
 * i = 2^k - 1 it is 2^(k-1); otherwise it repeats the sequence from the
 * start of the current block. */
static uint64_t luby(uint64_t i) {
  for (;;) {
    int k = 1;
    while (k < 63 && ((uint64_t)1 << k) - 1 < i)
      k++;
    if (((uint64_t)1 << k) - 1 == i)
      return (uint64_t)1 << (k - 1);
    i -= ((uint64_t)1 << (k - 1)) - 1;
  }
}

static void plan_luby(dpll_solver *s) {
  s->restart.luby_next = s->stats.conflicts + (uint64_t)s->opt[OPT_luby_unit] *
                                                  luby(++s->restart.luby_index);
}

/* Whether the policies take turns: mixed or modes. */
static bool by_turns(const dpll_solver *s) {
  return s->opt[OPT_restarts] == DPLL_RESTARTS_MIXED ||
         s->opt[OPT_restarts] == DPLL_RESTARTS_MODES;
}

/* The policy in force now: the option's, or the current one of mixed and
 * modes. */
static int policy(const dpll_solver *s) {
  if (!by_turns(s))
    return (int)s->opt[OPT_restarts];
  return s->restart.mixed_luby ? DPLL_RESTARTS_LUBY : DPLL_RESTARTS_GLUCOSE;
}

bool dpll__focused(const dpll_solver *s) {
  return s->opt[OPT_restarts] == DPLL_RESTARTS_MODES && !s->restart.mixed_luby;
}

bool dpll__restarts_luby(const dpll_solver *s) {
  return policy(s) == DPLL_RESTARTS_LUBY;
}

void dpll__restart_init(dpll_solver *s) {
  s->restart.last = s->restart.solve_start = s->stats.conflicts;
  s->restart.luby_index = 0;
  plan_luby(s);
  s->restart.lbd_fast = s->restart.lbd_slow = s->restart.trail_slow = 0;
  s->restart.mixed_luby = false;
  s->restart.mixed_switch = false;
  s->restart.mixed_length = MIXED_FIRST;
  s->restart.mixed_end = s->stats.conflicts + MIXED_FIRST;
  s->restart.by_ticks = false;
  s->restart.stretch_start = dpll__ticks(s);
  dpll__target_reset(s);
}

/* Moves an average towards x; for the first samples (n of them so far)
 * the plain mean, so that the start is not biased towards 0. */
static double follow(double avg, double x, double window, uint64_t n) {
  double w = (double)n < window ? (double)n : window;
  return avg + (x - avg) / w;
}

/* Whether the current stretch of mixed or modes is over: its conflicts,
 * or, in modes after the first, its ticks. */
static bool stretch_over(const dpll_solver *s) {
  const restart_part *r = &s->restart;
  if (r->by_ticks)
    return dpll__ticks(s) >= r->mixed_end;
  return s->stats.conflicts >= r->mixed_end;
}

/* The switch: glucose L, luby L, glucose 2L, luby 2L, ...; in modes L is
 * in conflicts for the first stretch, then the ticks that stretch took. */
static void take_turn(dpll_solver *s) {
  restart_part *r = &s->restart;
  uint64_t ticks = dpll__ticks(s);
  if (s->opt[OPT_restarts] == DPLL_RESTARTS_MODES && !r->by_ticks) {
    r->by_ticks = true;
    r->mixed_length = ticks - r->stretch_start + 1;
  } else if (r->mixed_luby)
    r->mixed_length *= 2;
  r->mixed_luby = !r->mixed_luby;
  r->mixed_end = (r->by_ticks ? ticks : s->stats.conflicts) + r->mixed_length;
  r->mixed_switch = true;
}

/* Called at every conflict, before the backjump, with the LBD of the clause
 * learned from it. */
void dpll__restart_conflict(dpll_solver *s, uint32_t lbd) {
  uint64_t n = s->stats.conflicts - s->restart.last;
  uint64_t total = s->stats.conflicts - s->restart.solve_start; /* this solve */
  s->restart.lbd_fast =
      follow(s->restart.lbd_fast, lbd, FAST_WINDOW, n ? n : 1);
  s->restart.lbd_slow =
      follow(s->restart.lbd_slow, lbd, SLOW_WINDOW, total ? total : 1);
  double trail = (double)dpll__trail_size(s);
  if (by_turns(s) && stretch_over(s))
    take_turn(s);
  if (policy(s) == DPLL_RESTARTS_GLUCOSE && total > BLOCK_AFTER &&
      n >= GLUCOSE_MIN_GAP && trail > BLOCK_MARGIN * s->restart.trail_slow) {
    s->restart.last = s->stats.conflicts; /* block: wait again */
    s->restart.lbd_fast = s->restart.lbd_slow;
  }
  s->restart.trail_slow =
      follow(s->restart.trail_slow, trail, TRAIL_WINDOW, total ? total : 1);
}

bool dpll__restart_due(const dpll_solver *s) {
  if (s->restart.mixed_switch)
    return true;
  switch (policy(s)) {
  case DPLL_RESTARTS_LUBY:
    return s->stats.conflicts >= s->restart.luby_next;
  case DPLL_RESTARTS_GLUCOSE:
    return s->stats.conflicts - s->restart.last >= GLUCOSE_MIN_GAP &&
           s->restart.lbd_fast > GLUCOSE_MARGIN * s->restart.lbd_slow;
  default:
    return false;
  }
}

void dpll__restart(dpll_solver *s, int level) {
  dpll__backtrack_to(s, level);
  s->stats.restarts++;
  dpll__target_reset(s);
  s->restart.last = s->stats.conflicts;
  s->restart.lbd_fast = s->restart.lbd_slow;
  if (policy(s) == DPLL_RESTARTS_LUBY && !s->restart.mixed_switch)
    plan_luby(s);
  else if (s->restart.mixed_switch && s->restart.mixed_luby)
    s->restart.luby_next =
        s->stats.conflicts +
        (uint64_t)s->opt[OPT_luby_unit] * luby(s->restart.luby_index);
  s->restart.mixed_switch = false;
}
