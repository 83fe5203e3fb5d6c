/* restart.c - when the conflict-driven engine gives up its decisions and
 * starts again from level 0, keeping what it learned, the activities and
 * the saved phases.
 *
 * Three policies (the "restarts" option):
 *   luby     after 100, 100, 200, 100, 100, 200, 400, ... conflicts: the
 *            Luby sequence (Luby, Sinclair, Zuckerman 1993) times 100;
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
 *            modes of recent solvers, reduced to restarts). */
#include "internal.h"

#define LUBY_UNIT 100
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
  s->luby_next = s->stats.conflicts + LUBY_UNIT * luby(++s->luby_index);
}

/* The policy in force now: the option's, or the current one of mixed. */
static int policy(const dpll_solver *s) {
  if (s->opt[OPT_restarts] != DPLL_RESTARTS_MIXED)
    return (int)s->opt[OPT_restarts];
  return s->mixed_luby ? DPLL_RESTARTS_LUBY : DPLL_RESTARTS_GLUCOSE;
}

bool dpll__restarts_luby(const dpll_solver *s) {
  return policy(s) == DPLL_RESTARTS_LUBY;
}

void dpll__restart_init(dpll_solver *s) {
  s->restart_conflicts = s->solve_conflicts = s->stats.conflicts;
  s->luby_index = 0;
  plan_luby(s);
  s->lbd_fast = s->lbd_slow = s->trail_slow = 0;
  s->mixed_luby = false;
  s->mixed_switch = false;
  s->mixed_length = MIXED_FIRST;
  s->mixed_end = s->stats.conflicts + MIXED_FIRST;
  s->target_size = 0;
}

/* Moves an average towards x; for the first samples (n of them so far)
 * the plain mean, so that the start is not biased towards 0. */
static double follow(double avg, double x, double window, uint64_t n) {
  double w = (double)n < window ? (double)n : window;
  return avg + (x - avg) / w;
}

/* Called at every conflict, before the backjump, with the LBD of the clause
 * learned from it. */
void dpll__restart_conflict(dpll_solver *s, uint32_t lbd) {
  uint64_t n = s->stats.conflicts - s->restart_conflicts;
  uint64_t total = s->stats.conflicts - s->solve_conflicts; /* this solve */
  s->lbd_fast = follow(s->lbd_fast, lbd, FAST_WINDOW, n ? n : 1);
  s->lbd_slow = follow(s->lbd_slow, lbd, SLOW_WINDOW, total ? total : 1);
  double trail = (double)s->trail_size;
  if (s->opt[OPT_restarts] == DPLL_RESTARTS_MIXED &&
      s->stats.conflicts >= s->mixed_end) {
    /* glucose L, luby L, glucose 2L, luby 2L, ... */
    if (s->mixed_luby)
      s->mixed_length *= 2;
    s->mixed_luby = !s->mixed_luby;
    s->mixed_end = s->stats.conflicts + s->mixed_length;
    s->mixed_switch = true;
  }
  if (policy(s) == DPLL_RESTARTS_GLUCOSE && total > BLOCK_AFTER &&
      n >= GLUCOSE_MIN_GAP && trail > BLOCK_MARGIN * s->trail_slow) {
    s->restart_conflicts = s->stats.conflicts; /* block: wait again */
    s->lbd_fast = s->lbd_slow;
  }
  s->trail_slow = follow(s->trail_slow, trail, TRAIL_WINDOW, total ? total : 1);
}

bool dpll__restart_due(const dpll_solver *s) {
  if (s->mixed_switch)
    return true;
  switch (policy(s)) {
  case DPLL_RESTARTS_LUBY:
    return s->stats.conflicts >= s->luby_next;
  case DPLL_RESTARTS_GLUCOSE:
    return s->stats.conflicts - s->restart_conflicts >= GLUCOSE_MIN_GAP &&
           s->lbd_fast > GLUCOSE_MARGIN * s->lbd_slow;
  default:
    return false;
  }
}

void dpll__restart(dpll_solver *s) {
  dpll__backtrack_to(s, 0);
  s->stats.restarts++;
  s->target_size = 0; /* a new longest trail to chase */
  s->restart_conflicts = s->stats.conflicts;
  s->lbd_fast = s->lbd_slow;
  if (policy(s) == DPLL_RESTARTS_LUBY && !s->mixed_switch)
    plan_luby(s);
  else if (s->mixed_switch && s->mixed_luby)
    s->luby_next = s->stats.conflicts + LUBY_UNIT * luby(s->luby_index);
  s->mixed_switch = false;
}
