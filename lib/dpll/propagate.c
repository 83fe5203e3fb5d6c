/* propagate.c - the trail, decision levels, and unit propagation over two
 * watched literals. */
#include "internal.h"

/* Asks the cache for a clause about to be read, where the compiler can:
 * on long refutations the learned clauses outgrow the processor's second
 * level cache, and reading a clause is then most of propagation's time. */
#if defined(__GNUC__)
#define PREFETCH(addr) __builtin_prefetch(addr)
#else
#define PREFETCH(addr) ((void)(addr))
#endif

/* What an assignment needs besides the trail, in the rarer cases: the
 * pure-literal counts when they are kept, pure literals, and the trace. */
static void assign_extras(dpll_solver *s, unsigned lit, cref reason) {
  if (s->pure_valid)
    dpll__pure_assigned(s, lit);
  if (reason == CREF_PURE) {
    s->stats.pure_literals++;
    if (s->decision_level == 0)
      s->root_pure = true;
  } else if (reason != CREF_NONE)
    s->stats.propagations++;
  if (s->trace)
    dpll__trace(s,
                reason == CREF_NONE   ? DPLL_EVENT_DECIDE
                : reason == CREF_PURE ? DPLL_EVENT_PURE
                                      : DPLL_EVENT_PROPAGATE,
                lit, reason,
                reason == CREF_NONE && s->flipped[s->decision_level - 1]);
}

/* Assigns lit true at the current level for the given reason; inlined in
 * propagation, where the usual case is a clause's literal with neither
 * the pure-literal counts nor a trace to serve. */
static inline void assign(dpll_solver *s, unsigned lit, cref reason) {
  unsigned var = lit_var(lit);
  s->vals[lit] = 1;
  s->vals[lit_not(lit)] = -1;
  s->level[var] = s->decision_level;
  s->reason[var] = reason;
  s->trail[s->trail_size++] = lit;
  if (s->pure_valid || s->trace || reason >= CREF_PURE)
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
  s->level_start[s->decision_level] = s->trail_size;
  s->flipped[s->decision_level] = flipped;
  s->decision_level++;
  if ((uint64_t)s->decision_level > s->stats.max_depth)
    s->stats.max_depth = (uint64_t)s->decision_level;
  return s->decision_level;
}

/* propagate
 *
 * Pre:  literals trail[qhead..] are assigned but their consequences are not
 *       drawn; every clause is watched by its first two literals, and a
 *       watched literal is false only if the clause is satisfied or its
 *       falsification is still on the queue.
 * Post: the queue is empty and every clause with all but one literal false
 *       has that literal true (returns CREF_NONE), its reason the clause,
 *       which holds it first unless the clause has two literals (see
 *       dpll__reason); or a clause is false
 *       (returns it) or a watch list could not grow (returns CREF_OOM).  In
 *       both of those cases the literal being processed and the rest stay
 *       on the queue, so that propagating again at this level (after
 *       undoing to it) misses nothing.
 */
cref dpll__propagate(dpll_solver *s) {
  signed char *vals = s->vals;
  while (s->qhead < s->trail_size) {
    unsigned p = s->trail[s->qhead++];
    unsigned false_lit = lit_not(p);
    watch_list *wl = &s->watches[false_lit];
    watch *items = wl->items;
    uint32_t i = 0, j = 0, n = wl->size;
    cref conflict = CREF_NONE;
    while (i < n) {
      watch w = items[i++];
      if (i < n) { /* the next watch's clause, if it will be read */
        watch next = items[i];
        if (vals[next.blocker] <= 0 && !(next.ref & WATCH_BINARY))
          PREFETCH(s->arena + next.ref);
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
      /* Look for a literal that is not false to watch instead. */
      uint32_t k = 2;
      while (k < c->size && vals[lits[k]] < 0)
        k++;
      if (k < c->size) {
        unsigned repl = lits[k];
        watch_list *to = &s->watches[repl];
        if (to->size < to->cap) /* the usual case, without a call */
          to->items[to->size++] = (watch){w.ref, first};
        else {
          int rc = dpll__watch_push(s, repl, (watch){w.ref, first});
          items = wl->items; /* the pool may have moved */
          if (rc) {
            /* Keep this watch and the rest, and leave p on the queue. */
            items[j++] = w;
            while (i < n)
              items[j++] = items[i++];
            wl->size = j;
            s->qhead--;
            return CREF_OOM;
          }
        }
        lits[1] = repl;
        lits[k] = false_lit;
        continue;
      }
      /* No replacement: the clause is unit or false. */
      items[j++] = (watch){w.ref, first};
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
      s->qhead--;
      if (s->decision_level == 0)
        s->inconsistent = true;
      return conflict;
    }
  }
  return CREF_NONE;
}

/* Undoes every assignment above level (0 <= level <= decision_level). */
void dpll__backtrack_to(dpll_solver *s, int level) {
  if (level >= s->decision_level) {
    s->has_conflict = false;
    return;
  }
  size_t start = s->level_start[level];
  for (size_t i = s->trail_size; i-- > start;) {
    unsigned lit = s->trail[i];
    int var = (int)lit_var(lit);
    s->vals[lit] = 0;
    s->vals[lit_not(lit)] = 0;
    s->phase[var] = lit_negative(lit) ? -1 : 1;
    dpll__var_unassigned(s, var);
    if (s->pure_valid)
      dpll__pure_unassigned(s, lit);
  }
  s->trail_size = start;
  if (s->qhead > start)
    s->qhead = start;
  s->decision_level = level;
  s->has_conflict = false;
  s->epoch++;
  if (s->trace)
    dpll__trace(s, DPLL_EVENT_BACKTRACK, 0, CREF_NONE, false);
}

/* Removes the pure literals from level 0.  No reason on the trail holds
 * the negation of one: such clauses were satisfied at level 0 when the
 * pure literal was set, so none of them can force or falsify anything
 * there afterwards.  But a clause satisfied by a pure literal alone may
 * have had its watched literals falsified at level 0 since (by the
 * conflict-driven engine's learned units); so the whole of level 0 goes
 * back on the queue, and the next propagation repairs those watches. */
void dpll__drop_root_pure(dpll_solver *s) {
  size_t j = 0;
  for (size_t i = 0; i < s->trail_size; i++) {
    unsigned lit = s->trail[i];
    int var = (int)lit_var(lit);
    if (s->reason[var] == CREF_PURE) {
      s->vals[lit] = 0;
      s->vals[lit_not(lit)] = 0;
      s->phase[var] = lit_negative(lit) ? -1 : 1;
      dpll__var_unassigned(s, var);
      if (s->pure_valid)
        dpll__pure_unassigned(s, lit);
      continue;
    }
    s->trail[j++] = lit;
  }
  s->trail_size = j;
  s->qhead = 0;
  s->root_pure = false;
  s->epoch++;
}
