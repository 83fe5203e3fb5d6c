/* check.c - the solver's invariants, checked as a whole: each part's own
 * (the trail, the store, the heap, the pure counts, the analysis scratch)
 * and those between parts (watches and clauses, reasons and the trail, and
 * what propagation leaves at a fixpoint).  Debug builds run the check
 * through DPLL_CHECK and DPLL_CHECK_ALL (check.h); tests call
 * dpll__check directly, on solvers they have broken on purpose. */
#include "check.h"
#include "analyze.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "propagate.h"
#include "purecount.h"
#include "watches.h"

/* Sets or clears CLAUSE_MARK on every clause of the lists. */
static void mark_live(dpll_solver *s, bool on) {
  for (int learned = 0; learned < 2; learned++) {
    size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s);
    for (size_t i = 0; i < n; i++) {
      clause *c = dpll__clause(s, learned ? dpll__learnt_ref(s, i)
                                          : dpll__clause_ref(s, i));
      c->flags = on ? c->flags | CLAUSE_MARK : c->flags & ~CLAUSE_MARK;
    }
  }
}

/* The live clause ref names (the clauses are marked by mark_live), or
 * NULL. */
static const clause *live(const dpll_solver *s, cref ref) {
  if (ref >= dpll__arena_words(s))
    return NULL;
  const clause *c = dpll__clause(s, ref);
  return c->flags & CLAUSE_MARK ? c : NULL;
}

static bool holds(const clause *c, unsigned lit) {
  for (uint32_t k = 0; k < c->size; k++)
    if (c->lits[k] == lit)
      return true;
  return false;
}

/* One watch of list lit: a live clause of two or more literals, watched on
 * one of its first two, with one of its other literals as the blocker
 * (the other watched one, if it has two; LIT_TRUE exactly if the clause is
 * put aside), marked binary exactly then. */
static const char *watch_ok(const dpll_solver *s, unsigned lit, watch w) {
  const clause *c = live(s, watch_clause(w));
  if (!c)
    return "watches: a watch names a deleted clause or none";
  if (c->size < 2 || (c->lits[0] != lit && c->lits[1] != lit))
    return "watches: a clause is watched by a literal not among its first "
           "two";
  if (((w.ref & WATCH_BINARY) != 0) != (c->size == 2))
    return "watches: a watch is marked binary wrongly";
  if ((w.blocker == LIT_TRUE) != ((c->flags & CLAUSE_ASIDE) != 0))
    return "watches: a clause put aside is watched, or one in use is not";
  if (w.blocker == LIT_TRUE)
    return NULL;
  if (w.blocker == lit || !holds(c, w.blocker) ||
      (c->size == 2 && w.blocker != (c->lits[0] ^ c->lits[1] ^ lit)))
    return "watches: a blocker is not another literal of its clause";
  return NULL;
}

/* Every watch is sound (watch_ok), with the live clauses marked. */
static const char *watches_sound(const dpll_solver *s, size_t *first,
                                 size_t *second) {
  for (unsigned l = 2; l < 2 * ((unsigned)s->num_vars + 1); l++) {
    const watch_list *wl = dpll__watch_list(s, l);
    for (uint32_t i = 0; i < wl->size; i++) {
      const char *why = watch_ok(s, l, wl->items[i]);
      if (why)
        return why;
      const clause *c = dpll__clause(s, watch_clause(wl->items[i]));
      *first += c->lits[0] == l;
      *second += c->lits[1] == l;
    }
  }
  return NULL;
}

/* Whether a clause has two watches on its literal k: each watch on
 * lits[k] marks its clause, and meeting a mark twice is a repeat. */
static bool watched_twice(dpll_solver *s, unsigned k) {
  bool twice = false;
  for (unsigned l = 2; !twice && l < 2 * ((unsigned)s->num_vars + 1); l++) {
    const watch_list *wl = dpll__watch_list(s, l);
    for (uint32_t i = 0; i < wl->size && !twice; i++) {
      clause *c = dpll__clause(s, watch_clause(wl->items[i]));
      if (c->lits[k] == l) {
        twice = (c->flags & CLAUSE_MARK) != 0;
        c->flags |= CLAUSE_MARK;
      }
    }
  }
  mark_live(s, false);
  return twice;
}

/* A reason on the trail: a live clause holding the literal first (either
 * of the two, in a binary clause), all its other literals false and set
 * no later. */
static const char *reason_ok(const dpll_solver *s, unsigned lit) {
  unsigned var = lit_var(lit);
  cref why = dpll__reason_of(s, var);
  if (why == CREF_NONE || why == CREF_PURE || why == CREF_PROBE)
    return NULL;
  const clause *c = live(s, why);
  if (!c)
    return "reasons: a reason is a deleted clause or none";
  if (c->lits[0] != lit && !(c->size == 2 && c->lits[1] == lit))
    return "reasons: a reason does not hold its literal first";
  for (uint32_t k = 0; k < c->size; k++)
    if (c->lits[k] != lit &&
        (dpll__value(s, c->lits[k]) >= 0 ||
         dpll__level_of(s, lit_var(c->lits[k])) > dpll__level_of(s, var)))
      return "reasons: a reason has a literal not false before its own";
  return NULL;
}

/* The watches and the reasons, with the live clauses marked meanwhile.
 * With W clauses of two or more literals, W watches on first literals, W
 * on second ones, and no clause twice on the same one, every clause is
 * watched exactly once on each of its first two literals. */
static const char *check_links(dpll_solver *s) {
  size_t wide = 0, first = 0, second = 0;
  const char *why = NULL;
  mark_live(s, true);
  for (size_t i = 0; !why && i < dpll__trail_size(s); i++)
    why = reason_ok(s, dpll__trail_at(s, i));
  if (!why)
    why = watches_sound(s, &first, &second);
  mark_live(s, false);
  if (why)
    return why;
  for (int learned = 0; learned < 2; learned++) {
    size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s);
    for (size_t i = 0; i < n; i++)
      wide += dpll__clause(s, learned ? dpll__learnt_ref(s, i)
                                      : dpll__clause_ref(s, i))
                  ->size >= 2;
  }
  if (first != wide || second != wide || watched_twice(s, 0) ||
      watched_twice(s, 1))
    return "watches: a clause is not watched once on each of its first two "
           "literals";
  return NULL;
}

/* At a fixpoint of propagation with no conflict: a watched literal is
 * false only in a clause that a literal set no later satisfies (so no
 * clause is false or unit), and every clause of one literal is true;
 * but for the clauses put aside, which propagation does not see. */
static const char *clause_settled(const dpll_solver *s, const clause *c) {
  if (c->flags & CLAUSE_ASIDE)
    return NULL;
  if (c->size == 1)
    return dpll__value(s, c->lits[0]) > 0
               ? NULL
               : "propagation: a unit clause is not true at a fixpoint";
  for (uint32_t k = 0; k < 2 && k < c->size; k++) {
    unsigned w = c->lits[k];
    if (dpll__value(s, w) >= 0)
      continue;
    bool satisfied = false;
    for (uint32_t j = 0; j < c->size && !satisfied; j++)
      satisfied = dpll__value(s, c->lits[j]) > 0 &&
                  dpll__level_of(s, lit_var(c->lits[j])) <=
                      dpll__level_of(s, lit_var(w));
    if (!satisfied)
      return "propagation: a watched literal is false in a clause nothing "
             "satisfied before it";
  }
  return NULL;
}

static const char *check_fixpoint(const dpll_solver *s) {
  if (!dpll__at_fixpoint(s) || dpll__conflict_pending(s) || dpll__unsat(s))
    return NULL;
  const char *why = NULL;
  for (int learned = 0; learned < 2 && !why; learned++) {
    size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s);
    for (size_t i = 0; i < n && !why; i++)
      why =
          clause_settled(s, dpll__clause(s, learned ? dpll__learnt_ref(s, i)
                                                    : dpll__clause_ref(s, i)));
  }
  return why;
}

const char *dpll__check(dpll_solver *s) {
  const char *why = dpll__store_check(s);
  if (!why)
    why = dpll__trail_check(s);
  if (!why)
    why = check_links(s);
  if (!why)
    why = check_fixpoint(s);
  if (!why)
    why = dpll__heap_check(s);
  if (!why)
    why = dpll__pure_check(s);
  if (!why)
    why = dpll__analysis_check(s);
  return why;
}

/* A failed check aborts the debug build; what it found is in
 * s->check.why for the debugger. */
void dpll__check_always(dpll_solver *s) {
  s->check.why = dpll__check(s);
  assert(s->check.why == NULL);
}

/* So that checking costs about as much as the search does, the next check
 * waits for as many calls as the formula has words (over 32). */
void dpll__check_sometimes(dpll_solver *s) {
  check_part *k = &s->check;
  if (++k->ticks < k->next)
    return;
  k->next = k->ticks + 1 + (dpll__arena_words(s) + (size_t)s->num_vars) / 32;
  dpll__check_always(s);
}
