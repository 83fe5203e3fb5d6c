/* analyze.c - conflict analysis for the conflict-driven engine: the
 * first-UIP clause, its minimisation, its LBD, and learning it (backjump,
 * store, assert).
 *
 * The clause is derived by resolution, walking the trail backwards from the
 * false clause: every literal of the current level is resolved away with
 * its reason until a single one is left, the first unique implication point
 * (UIP).  Literals of level 0 are dropped, being false in every model. */
#include "analyze.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "memory.h"
#include "propagate.h"

#include <stdlib.h>

/* Marks of seen[]: SEEN_IMPLIED for a variable whose literal is in the
 * clause being derived or (during minimisation) implied by it,
 * SEEN_FAILED for one that minimisation showed is not; every mark is
 * recorded in clear[] and cleared at the end of the analysis. */
#define SEEN_IMPLIED 1
#define SEEN_FAILED 2

int dpll__analysis_grow(dpll_solver *s, int cap) {
  analysis_part *a = &s->an;
  size_t v = (size_t)cap + 1;
  int rc = DPLL_RESIZE(a->seen, v);
  if (!rc)
    rc = DPLL_RESIZE(a->level_mark, v);
  if (!rc)
    rc = DPLL_RESIZE(a->learnt, v);
  if (!rc)
    rc = DPLL_RESIZE(a->stack, v);
  if (!rc)
    rc = DPLL_RESIZE(a->clear, v);
  if (!rc)
    rc = DPLL_RESIZE(a->pos, v);
  if (rc)
    return rc;
  for (size_t i = s->var_cap < 0 ? 0 : (size_t)s->var_cap + 1; i < v; i++)
    a->seen[i] = 0, a->level_mark[i] = 0;
  return 0;
}

void dpll__analysis_free(dpll_solver *s) {
  analysis_part *a = &s->an;
  DPLL_FREE_ALL(a->seen, a->level_mark, a->learnt, a->stack, a->clear, a->pos);
}

/* Between analyses nothing is seen. */
const char *dpll__analysis_check(const dpll_solver *s) {
  if (s->an.clears != 0)
    return "analysis: marks left to clear";
  for (int v = 0; v <= s->num_vars; v++)
    if (s->an.seen[v])
      return "analysis: a variable is still seen";
  return NULL;
}

static void mark(analysis_part *a, unsigned var, unsigned char how) {
  a->seen[var] = how;
  a->clear[a->clears++] = var;
}

/* One bit per level (modulo 32): a quick test that a literal's level is
 * not among the clause's, in which case it cannot be implied by them. */
static uint32_t level_bit(int level) { return 1u << (level & 31); }

/* The number of distinct decision levels among lits[0..n-1] (their LBD). */
static uint32_t count_levels(dpll_solver *s, const unsigned *lits, size_t n) {
  analysis_part *a = &s->an;
  if (++a->level_mark_now == 0) {
    for (int l = 0; l <= s->var_cap; l++)
      a->level_mark[l] = 0;
    a->level_mark_now = 1;
  }
  uint32_t levels = 0;
  for (size_t k = 0; k < n; k++) {
    int l = dpll__level_of(s, lit_var(lits[k]));
    if (a->level_mark[l] != a->level_mark_now) {
      a->level_mark[l] = a->level_mark_now;
      levels++;
    }
  }
  return levels;
}

/* A learned clause met again in an analysis may have fewer levels now;
 * keep the better count, and mark it used, which spares it one reduction
 * (and, if an earlier solve learned it, makes it count as this solve's:
 * see reduce.c). */
static void touch_learned(dpll_solver *s, clause *c) {
  if (!(c->flags & CLAUSE_LEARNED))
    return;
  c->flags = (c->flags | CLAUSE_USED) & ~CLAUSE_OLD;
  uint32_t lbd = clause_lbd(c);
  if (lbd > 2) {
    uint32_t now = count_levels(s, c->lits, c->size);
    if (now < lbd)
      clause_set_lbd(c, now);
  }
}

/* Whether lit, false and in the learned clause, is implied by the clause's
 * other literals: every path back through reasons ends in literals of the
 * clause or of level 0.  A depth-first walk, each step on the stack with
 * the place reached in its reason (stack, pos).  What it proves is kept
 * for the later calls: a variable whose reason is all implied is marked
 * implied; on a failure, the variable that fails and every one on the
 * stack above lit are marked failed (each needs the one above it), so that
 * no later call walks behind them again. */
static bool implied(dpll_solver *s, unsigned lit, uint32_t levels) {
  analysis_part *a = &s->an;
  size_t depth = 0;
  a->stack[depth] = lit;
  a->pos[depth++] = 1;
  while (depth > 0) {
    unsigned q = a->stack[depth - 1];
    const clause *c = dpll__reason(s, lit_not(q));
    uint32_t k = a->pos[depth - 1];
    if (k == c->size) { /* every literal of q's reason is implied */
      if (--depth > 0)
        mark(a, lit_var(q), SEEN_IMPLIED);
      continue;
    }
    a->pos[depth - 1] = k + 1;
    unsigned r = c->lits[k], v = lit_var(r);
    if (a->seen[v] == SEEN_IMPLIED || dpll__level_of(s, v) == 0)
      continue;
    if (a->seen[v] == SEEN_FAILED || dpll__reason_of(s, v) >= CREF_MAX ||
        !(levels & level_bit(dpll__level_of(s, v)))) {
      if (!a->seen[v])
        mark(a, v, SEEN_FAILED);
      while (--depth > 0)
        mark(a, lit_var(a->stack[depth]), SEEN_FAILED);
      return false;
    }
    a->stack[depth] = r;
    a->pos[depth++] = 1;
  }
  return true;
}

/* Drops from learnt[1..] the literals the others imply. */
static void minimize(dpll_solver *s) {
  analysis_part *a = &s->an;
  uint32_t levels = 0;
  for (size_t i = 1; i < a->learnt_size; i++)
    levels |= level_bit(dpll__level_of(s, lit_var(a->learnt[i])));
  size_t j = 1;
  for (size_t i = 1; i < a->learnt_size; i++) {
    unsigned lit = a->learnt[i];
    if (dpll__reason_of(s, lit_var(lit)) >= CREF_MAX ||
        !implied(s, lit, levels))
      a->learnt[j++] = lit;
  }
  s->stats.minimized += a->learnt_size - j;
  a->learnt_size = j;
}

/* Resolves the conflict back to the first UIP: learnt[1..] gets the
 * literals of lower levels (all seen), learnt[0] the UIP's negation. */
static void resolve(dpll_solver *s, cref conflict) {
  analysis_part *a = &s->an;
  int level = dpll__decision_level(s);
  size_t n = 1, idx = dpll__trail_size(s);
  int open = 0; /* literals of the current level not yet resolved */
  unsigned p = 0;
  clause *c = dpll__clause(s, conflict);
  for (;;) {
    touch_learned(s, c);
    for (uint32_t k = p ? 1 : 0; k < c->size; k++) {
      unsigned q = c->lits[k], v = lit_var(q);
      if (a->seen[v] || dpll__level_of(s, v) == 0)
        continue;
      mark(a, v, SEEN_IMPLIED);
      dpll__bump_var(s, (int)v);
      if (dpll__level_of(s, v) >= level)
        open++;
      else
        a->learnt[n++] = q;
    }
    /* The latest seen literal of the trail is the next to resolve. */
    do
      p = dpll__trail_at(s, --idx);
    while (!a->seen[lit_var(p)]);
    if (--open == 0)
      break;
    c = dpll__reason(s, p);
  }
  a->learnt[0] = lit_not(p);
  a->learnt_size = n;
}

/* With the move-to-front queue (heap.c's vmtf) the variables of the
 * reasons of the learned clause's literals are bumped too, which the queue,
 * remembering only the latest conflicts, needs more than activities do
 * (reason-side bumping: Biere and Froehlich, SAT 2015). */
static void bump_reasons(dpll_solver *s) {
  analysis_part *a = &s->an;
  for (size_t i = 1; i < a->learnt_size; i++) {
    unsigned lit = a->learnt[i];
    if (dpll__reason_of(s, lit_var(lit)) >= CREF_MAX)
      continue;
    const clause *c = dpll__reason(s, lit_not(lit));
    for (uint32_t k = 0; k < c->size; k++) {
      unsigned v = lit_var(c->lits[k]);
      if (!a->seen[v] && dpll__level_of(s, v) > 0) {
        mark(a, v, SEEN_IMPLIED);
        dpll__bump_var(s, (int)v);
      }
    }
  }
}

/* analyze
 *
 * Pre:  conflict is false at decision level > 0, every literal of the
 *       current level on the trail was propagated (or is the level's
 *       decision), and no variable is seen.
 * Post: learnt[0..learnt_size-1] is a clause implied by the clauses, false
 *       now, with exactly one literal of the current level (learnt[0]);
 *       learnt[1], if any, has the highest level among the rest, which is
 *       returned (0 for a unit); *lbd is its number of distinct levels.
 *       The variables met are bumped.  Nothing is seen any more.
 */
int dpll__analyze(dpll_solver *s, cref conflict, uint32_t *lbd) {
  analysis_part *a = &s->an;
  assert(dpll__decision_level(s) > 0 && a->clears == 0);
  resolve(s, conflict);
  if (s->opt[OPT_minimize])
    minimize(s);
  if (dpll__queue_in_use(s))
    bump_reasons(s);
  while (a->clears > 0)
    a->seen[a->clear[--a->clears]] = 0;
  dpll__decay_activity(s);

  int back = 0;
  if (a->learnt_size > 1) {
    size_t best = 1;
    for (size_t i = 2; i < a->learnt_size; i++)
      if (dpll__level_of(s, lit_var(a->learnt[i])) >
          dpll__level_of(s, lit_var(a->learnt[best])))
        best = i;
    unsigned t = a->learnt[1];
    a->learnt[1] = a->learnt[best];
    a->learnt[best] = t;
    back = dpll__level_of(s, lit_var(a->learnt[1]));
  }
  *lbd = count_levels(s, a->learnt, a->learnt_size);
#ifndef NDEBUG
  assert(dpll__level_of(s, lit_var(a->learnt[0])) == dpll__decision_level(s));
  for (size_t i = 0; i < a->learnt_size; i++) {
    assert(dpll__value(s, a->learnt[i]) < 0);
    assert(i == 0 || dpll__level_of(s, lit_var(a->learnt[i])) <= back);
  }
  assert(back < dpll__decision_level(s));
#endif
  return back;
}

/* The decisions behind a false clause (conflict) or, when conflict is
 * CREF_NONE, behind lit, a literal true above level 0: walking the trail
 * backwards from them through the reasons, every decision met.  Their
 * negations go into learnt[0..n-1], after lit if given (a clause that the
 * clauses imply: the decisions cannot all hold, or not without lit);
 * returns n.  For vivify.c, whose decisions are all negations of the
 * literals of the clause it tests, so that the result is a subset of it.
 * Nothing is seen afterwards. */
size_t dpll__analyze_decisions(dpll_solver *s, cref conflict, unsigned lit) {
  analysis_part *a = &s->an;
  assert(a->clears == 0 && dpll__decision_level(s) > 0);
  size_t n = 0;
  if (conflict == CREF_NONE) {
    assert(dpll__value(s, lit) > 0 && dpll__level_of(s, lit_var(lit)) > 0);
    a->learnt[n++] = lit;
    mark(a, lit_var(lit), SEEN_IMPLIED);
  } else {
    const clause *c = dpll__clause(s, conflict);
    for (uint32_t k = 0; k < c->size; k++) {
      unsigned v = lit_var(c->lits[k]);
      if (!a->seen[v] && dpll__level_of(s, v) > 0)
        mark(a, v, SEEN_IMPLIED);
    }
  }
  size_t open = a->clears;
  for (size_t i = dpll__trail_size(s); open > 0 && i-- > 0;) {
    unsigned p = dpll__trail_at(s, i), v = lit_var(p);
    if (!a->seen[v])
      continue;
    open--;
    cref why = dpll__reason_of(s, v);
    if (why == CREF_NONE) {
      a->learnt[n++] = lit_not(p);
      continue;
    }
    assert(why < CREF_MAX);
    const clause *c = dpll__clause(s, why);
    for (uint32_t k = 0; k < c->size; k++) {
      unsigned w = lit_var(c->lits[k]);
      if (!a->seen[w] && dpll__level_of(s, w) > 0) {
        mark(a, w, SEEN_IMPLIED);
        open++;
      }
    }
  }
  while (a->clears > 0)
    a->seen[a->clear[--a->clears]] = 0;
  a->learnt_size = n;
  return n;
}

/* The clause the last analysis derived. */
const unsigned *dpll__learnt_lits(const dpll_solver *s) { return s->an.learnt; }

/* learn
 *
 * Pre:  dpll__analyze just returned level and lbd.
 * Post: the solver is at that level, the learned clause is stored (learned,
 *       with its LBD) and watched by learnt[0] and learnt[1], and learnt[0]
 *       is assigned with it as the reason.  Returns 0 or DPLL_ENOMEM (then
 *       nothing changed).
 */
int dpll__learn(dpll_solver *s, int level, uint32_t lbd) {
  analysis_part *a = &s->an;
  size_t n = a->learnt_size;
  int rc = dpll__clause_reserve(s, a->learnt, n, true);
  if (rc)
    return rc;
  dpll__backtrack_to(s, level);
  cref ref = dpll__clause_new(s, a->learnt, n, true, lbd);
  s->stats.learned++;
  s->stats.learned_lits += n;
  dpll__assign(s, a->learnt[0], ref);
  assert(n < 2 || dpll__value(s, a->learnt[1]) < 0);
  return 0;
}

/* import_clause
 *
 * Pre:  level 0; the clause follows from the clauses (see analyze.h).
 * Post: as analyze.h says.  (The analysis buffer is only scratch here:
 *       no analysis is under way at level 0.)
 */
int dpll__import_clause(dpll_solver *s, const int *lits, size_t n) {
  assert(dpll__decision_level(s) == 0);
  analysis_part *a = &s->an;
  size_t kept = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned lit = lit_from_ext(lits[i]);
    assert(lit_var(lit) <= (unsigned)s->num_vars);
    int value = dpll__value(s, lit);
    if (value > 0)
      return 0; /* satisfied for good */
    if (value == 0)
      a->learnt[kept++] = lit;
  }
  if (kept == 0) {
    dpll__clause_empty(s);
    return 0;
  }
  int rc = dpll__clause_reserve(s, a->learnt, kept, true);
  if (rc)
    return rc;
  cref ref = dpll__clause_new(s, a->learnt, kept, true, (uint32_t)kept);
  if (kept == 1)
    dpll__assign(s, a->learnt[0], ref);
  return 0;
}
