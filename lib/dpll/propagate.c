/* propagate.c - the assignment, the trail and its decision levels, and
 * unit propagation over two watched literals. */
#include "propagate.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "memory.h"
#include "phase.h"
#include "proof.h"
#include "purecount.h"
#include "trace.h"
#include "watches.h"

#include <stdlib.h>

/* Asks the cache for a clause about to be read, where the compiler can:
 * on long refutations the learned clauses outgrow the processor's second
 * level cache, and reading a clause is then most of propagation's time. */
#if defined(__GNUC__)
#define PREFETCH(addr) __builtin_prefetch(addr)
#else
#define PREFETCH(addr) ((void)(addr))
#endif

int dpll__trail_grow(dpll_solver *s, int cap) {
  trail_part *t = &s->trail;
  size_t v = (size_t)cap + 1;
  int rc = DPLL_RESIZE(t->vals, 2 * v);
  if (!rc)
    rc = DPLL_RESIZE(t->level, v);
  if (!rc)
    rc = DPLL_RESIZE(t->reason, v);
  if (!rc)
    rc = DPLL_RESIZE(t->lits, v);
  if (!rc)
    rc = DPLL_RESIZE(t->level_start, v); /* at most a level per variable */
  if (!rc)
    rc = DPLL_RESIZE(t->flipped, v);
  if (rc)
    return rc;
  for (size_t i = s->var_cap < 0 ? 0 : (size_t)s->var_cap + 1; i < v; i++) {
    t->vals[2 * i] = t->vals[2 * i + 1] = 0;
    t->level[i] = 0;
    t->reason[i] = CREF_NONE;
  }
  if (s->var_cap < 0) { /* variable 0: LIT_TRUE is true for good */
    t->vals[LIT_TRUE] = 1;
    t->vals[lit_not(LIT_TRUE)] = -1;
  }
  return 0;
}

void dpll__trail_free(dpll_solver *s) {
  trail_part *t = &s->trail;
  DPLL_FREE_ALL(t->vals, t->level, t->reason, t->lits, t->level_start,
                t->flipped);
}

/* What an assignment needs besides the trail, in the rarer cases: the
 * pure-literal counts when they are kept, pure literals, and the trace. */
static void assign_extras(dpll_solver *s, unsigned lit, cref reason) {
  trail_part *t = &s->trail;
  if (dpll__pure_counting(s))
    dpll__pure_assigned(s, lit);
  if (reason == CREF_PURE) {
    s->stats.pure_literals++;
    if (t->decision_level == 0) {
      t->root_pure = true;
      if (dpll__proving(s))
        dpll__clause_pure_unit(s, lit);
    }
  } else if (reason != CREF_NONE && reason != CREF_PROBE)
    s->stats.propagations++;
  if (dpll__tracing(s))
    dpll__trace(s,
                reason == CREF_NONE    ? DPLL_EVENT_DECIDE
                : reason == CREF_PURE  ? DPLL_EVENT_PURE
                : reason == CREF_PROBE ? DPLL_EVENT_PROBED
                                       : DPLL_EVENT_PROPAGATE,
                lit, reason,
                reason == CREF_NONE && t->flipped[t->decision_level - 1]);
}

/* Assigns lit true at the current level for the given reason; inlined in
 * propagation, where the usual case is a clause's literal with neither
 * the pure-literal counts nor a trace to serve. */
static inline void assign(dpll_solver *s, unsigned lit, cref reason) {
  trail_part *t = &s->trail;
  unsigned var = lit_var(lit);
  assert(t->vals[lit] == 0);
  t->vals[lit] = 1;
  t->vals[lit_not(lit)] = -1;
  t->level[var] = t->decision_level;
  t->reason[var] = reason;
  t->lits[t->size++] = lit;
  if (dpll__pure_counting(s) || dpll__tracing(s) || reason >= CREF_PROBE)
    assign_extras(s, lit, reason);
  else
    s->stats.propagations++;
}

void dpll__assign(dpll_solver *s, unsigned lit, cref reason) {
  assign(s, lit, reason);
}

/* Opens decision level decision_level + 1; its first literal, assigned
 * next by the caller, is the decision.  There is at most one level per
 * variable, so the arrays sized by var_cap always have room. */
int dpll__new_level(dpll_solver *s, bool flipped) {
  trail_part *t = &s->trail;
  assert(t->decision_level < s->num_vars);
  t->level_start[t->decision_level] = t->size;
  t->flipped[t->decision_level] = flipped;
  t->decision_level++;
  if ((uint64_t)t->decision_level > s->stats.max_depth)
    s->stats.max_depth = (uint64_t)t->decision_level;
  return t->decision_level;
}

/* Memory ran out while moving watch w of wl: the list keeps w and the
 * watches not yet visited (from i on, compacted to j), and the literal
 * whose watches these are stays on the queue. */
static cref watch_oom(dpll_solver *s, watch_list *wl, uint32_t i, uint32_t j,
                      watch w) {
  wl->items[j++] = w;
  while (i < wl->size)
    wl->items[j++] = wl->items[i++];
  wl->size = j;
  s->trail.qhead--;
  return CREF_OOM;
}

/* The place in c (of three literals or more) of a literal that is not
 * false, to watch instead of lits[1], or c->size if there is none.  (A
 * search that starts where the last one ended, after Gent, JAIR 2013, was
 * measured in issue 14: 12 % more propagations per second on random
 * 3-SAT, 18 % fewer on the peg files, whose learned clauses are long.) */
static inline uint32_t find_watch(const clause *c, const signed char *vals) {
  uint32_t k = 2;
  while (k < c->size && vals[c->lits[k]] < 0)
    k++;
  return k;
}

/* propagate
 *
 * Pre:  literals lits[qhead..] are assigned but their consequences are not
 *       drawn; every clause is watched by its first two literals, and a
 *       watched literal is false only if the clause is satisfied or its
 *       falsification is still on the queue.
 * Post: the queue is empty and every clause with all but one literal false
 *       has that literal true (returns CREF_NONE), its reason the clause,
 *       which holds it first unless the clause has two literals (see
 *       dpll__reason); or a clause is false (returns it) or a watch list
 *       could not grow (returns CREF_OOM).  In both of those cases the
 *       literal being processed and the rest stay on the queue, so that
 *       propagating again at this level (after undoing to it) misses
 *       nothing.  What a false clause at level 0 means is the caller's.
 */
cref dpll__propagate(dpll_solver *s) {
  trail_part *t = &s->trail;
  signed char *vals = t->vals;
  while (t->qhead < t->size) {
    unsigned p = t->lits[t->qhead++];
    unsigned false_lit = lit_not(p);
    watch_list *wl = dpll__watch_list(s, false_lit);
    watch *items = wl->items;
    uint32_t i = 0, j = 0, n = wl->size;
    cref conflict = CREF_NONE;
    t->ticks += 1 + n;
    while (i < n) {
      watch w = items[i++];
      if (i < n) { /* the next watch's clause, if it will be read */
        watch next = items[i];
        if (vals[next.blocker] <= 0 && !(next.ref & WATCH_BINARY))
          PREFETCH(dpll__clause(s, next.ref));
      }
      if (vals[w.blocker] > 0) {
        items[j++] = w;
        continue;
      }
      if (w.ref & WATCH_BINARY) {
        /* The blocker is the clause's other literal: unit or false, and
         * the clause is not read (its literals stay in any order). */
        items[j++] = w;
        if (vals[w.blocker] < 0) {
          conflict = watch_clause(w);
          while (i < n)
            items[j++] = items[i++];
          break;
        }
        assign(s, w.blocker, watch_clause(w));
        continue;
      }
      clause *c = dpll__clause(s, w.ref);
      unsigned *lits = c->lits;
      if (lits[0] == false_lit) {
        lits[0] = lits[1];
        lits[1] = false_lit;
      }
      unsigned first = lits[0];
      if (first != w.blocker && vals[first] > 0) {
        items[j++] = (watch){w.ref, first};
        continue;
      }
      uint32_t k = find_watch(c, vals);
      if (k < c->size) {
        unsigned repl = lits[k];
        watch_list *to = dpll__watch_list(s, repl);
        if (to->size < to->cap) /* the usual case, without a call */
          to->items[to->size++] = (watch){w.ref, first};
        else {
          int rc = dpll__watch_push(s, repl, (watch){w.ref, first});
          items = wl->items; /* the pool may have moved */
          if (rc)
            return watch_oom(s, wl, i, j, w);
        }
        lits[1] = repl;
        lits[k] = false_lit;
        continue;
      }
      items[j++] = (watch){w.ref, first}; /* unit or false */
      if (vals[first] < 0) {
        conflict = w.ref;
        while (i < n)
          items[j++] = items[i++];
        break;
      }
      assign(s, first, w.ref);
    }
    wl->size = j;
    if (conflict != CREF_NONE) {
      t->qhead--;
      return conflict;
    }
  }
  return CREF_NONE;
}

/* An assignment undone: the variable keeps its value as its phase (if
 * save_phase), goes back to the heap, and counts again as unassigned
 * where it is counted. */
static void unassign(dpll_solver *s, unsigned lit, bool save_phase) {
  trail_part *t = &s->trail;
  t->vals[lit] = 0;
  t->vals[lit_not(lit)] = 0;
  if (save_phase)
    dpll__phase_save(s, lit);
  dpll__var_unassigned(s, (int)lit_var(lit));
  if (dpll__pure_counting(s))
    dpll__pure_unassigned(s, lit);
}

static void backtrack(dpll_solver *s, int level, bool save_phase) {
  trail_part *t = &s->trail;
  assert(level >= 0 && level <= t->decision_level);
  t->has_conflict = false;
  if (level >= t->decision_level)
    return;
  size_t start = t->level_start[level];
  for (size_t i = t->size; i-- > start;)
    unassign(s, t->lits[i], save_phase);
  t->size = start;
  if (t->qhead > start)
    t->qhead = start;
  t->decision_level = level;
  t->epoch++;
  if (dpll__tracing(s))
    dpll__trace(s, DPLL_EVENT_BACKTRACK, 0, CREF_NONE, false);
}

/* Undoes every assignment above level (0 <= level <= decision_level). */
void dpll__backtrack_to(dpll_solver *s, int level) {
  backtrack(s, level, true);
}

/* The same, the saved phases left as they were: for the probing of
 * vivify.c, whose decisions are not the search's. */
void dpll__backtrack_probe(dpll_solver *s, int level) {
  backtrack(s, level, false);
}

/* Removes the pure literals from level 0.  No reason on the trail holds
 * the negation of one: such clauses were satisfied at level 0 when the
 * pure literal was set, so none of them can force or falsify anything
 * there afterwards.  But a clause satisfied by a pure literal alone may
 * have had its watched literals falsified at level 0 since (by the
 * conflict-driven engine's learned units); so the whole of level 0 goes
 * back on the queue, and the next propagation repairs those watches. */
static void drop_root_pure(dpll_solver *s) {
  trail_part *t = &s->trail;
  size_t j = 0;
  for (size_t i = 0; i < t->size; i++) {
    unsigned lit = t->lits[i];
    if (t->reason[lit_var(lit)] == CREF_PURE)
      unassign(s, lit, true);
    else
      t->lits[j++] = lit;
  }
  t->size = j;
  t->qhead = 0;
  t->root_pure = false;
  t->epoch++;
}

void dpll__trail_undo(dpll_solver *s) {
  trail_part *t = &s->trail;
  if (t->decision_level > 0)
    dpll__backtrack_to(s, 0);
  if (t->root_pure)
    drop_root_pure(s);
}

/* Marks the queue done: the caller knows the literals on it need no
 * propagation (pure.c). */
void dpll__skip_queue(dpll_solver *s) { s->trail.qhead = s->trail.size; }

/* Clauses put back after elimination (elim.c) may have watched literals
 * that level 0 made false meanwhile: as in drop_root_pure, the next
 * propagation goes over level 0 again and repairs their watches. */
void dpll__requeue_root(dpll_solver *s) {
  assert(s->trail.decision_level == 0);
  s->trail.qhead = 0;
}

/* Clauses added above level 0 may watch literals made false at the
 * current level (enumerate.c): the next propagation goes over the whole
 * level again, which finds what they force or falsify. */
void dpll__requeue_level(dpll_solver *s) {
  trail_part *t = &s->trail;
  t->qhead = t->decision_level > 0 ? t->level_start[t->decision_level - 1] : 0;
}

/* Unassigns the literals of level 0 from trail position size on (those
 * that clauses about to be deleted forced, enumerate.c); level 0 goes
 * back on the queue, as in drop_root_pure. */
void dpll__root_truncate(dpll_solver *s, size_t size) {
  trail_part *t = &s->trail;
  assert(t->decision_level == 0 && size <= t->size);
  for (size_t i = t->size; i-- > size;)
    unassign(s, t->lits[i], true);
  if (size < t->size)
    t->epoch++;
  t->size = size;
  t->qhead = 0;
}

/* Unassigns the variables above user_vars at level 0 (as they go, see
 * vars.c), keeping the order of the rest; a literal whose reason is a
 * deleted clause loses its reason (it follows from the clauses, as in
 * dpll__drop_learnts).  Level 0 goes back on the queue. */
void dpll__root_drop_added(dpll_solver *s) {
  trail_part *t = &s->trail;
  assert(t->decision_level == 0);
  size_t j = 0;
  for (size_t i = 0; i < t->size; i++) {
    unsigned lit = t->lits[i];
    unsigned var = lit_var(lit);
    if (var > (unsigned)s->user_vars) {
      unassign(s, lit, false);
      continue;
    }
    cref why = t->reason[var];
    if (why < CREF_MAX && (dpll__clause(s, why)->flags & CLAUSE_DELETED))
      t->reason[var] = CREF_NONE;
    t->lits[j++] = lit;
  }
  if (j < t->size)
    t->epoch++;
  t->size = j;
  t->qhead = 0;
}

void dpll__set_conflict(dpll_solver *s, cref ref) {
  s->trail.has_conflict = true;
  s->trail.conflict = ref;
}

void dpll__set_reason(dpll_solver *s, unsigned var, cref ref) {
  assert(s->trail.vals[lit_pos((int)var)] != 0);
  s->trail.reason[var] = ref;
}

/* The trail holds each assigned variable once, true, in levels that
 * increase and start where level_start says, each level above 0 with a
 * decision first; the queue is within the trail. */
const char *dpll__trail_check(const dpll_solver *s) {
  const trail_part *t = &s->trail;
  if (t->qhead > t->size || t->decision_level < 0 ||
      t->decision_level > s->num_vars)
    return "trail: queue head or level out of range";
  int level = 0;
  size_t assigned = 0;
  for (size_t i = 0; i < t->size; i++) {
    unsigned lit = t->lits[i];
    unsigned var = lit_var(lit);
    while (level < t->decision_level && t->level_start[level] == i)
      level++;
    if (var == 0 || (int)var > s->num_vars || t->vals[lit] != 1 ||
        t->vals[lit_not(lit)] != -1)
      return "trail: a literal on the trail is not true";
    if (t->level[var] != level)
      return "trail: a literal's level is not its place on the trail";
    bool first = level > 0 && t->level_start[level - 1] == i;
    if (first != (level > 0 && t->reason[var] == CREF_NONE))
      return "trail: a decision is not the first literal of its level";
  }
  if (level != t->decision_level)
    return "trail: a level is empty or starts beyond the trail";
  for (size_t l = 2; l < 2 * ((size_t)s->num_vars + 1); l++)
    assigned += t->vals[l] > 0;
  if (assigned != t->size)
    return "trail: a variable is assigned but not on the trail";
  return NULL;
}
