/* analyze.c - conflict analysis for the conflict-driven engine: the
 * first-UIP clause, its minimisation, its LBD, and learning it (backjump,
 * store, assert).
 *
 * The clause is derived by resolution, walking the trail backwards from the
 * false clause: every literal of the current level is resolved away with
 * its reason until a single one is left, the first unique implication point
 * (UIP).  Literals of level 0 are dropped, being false in every model. */
#include "internal.h"

#include <stdlib.h>

/* Marks of seen[]: SEEN_IMPLIED for a variable whose literal is in the
 * clause being derived or (during minimisation) implied by it,
 * SEEN_FAILED for one that minimisation showed is not; every mark is
 * recorded in an_clear and cleared at the end of the analysis. */
#define SEEN_IMPLIED 1
#define SEEN_FAILED 2

static void mark(dpll_solver *s, int var, unsigned char how) {
  s->seen[var] = how;
  s->an_clear[s->an_clears++] = (unsigned)var;
}

/* One bit per level (modulo 32): a quick test that a literal's level is
 * not among the clause's, in which case it cannot be implied by them. */
static uint32_t level_bit(int level) { return 1u << (level & 31); }

/* The number of distinct decision levels among lits[0..n-1] (their LBD). */
static uint32_t count_levels(dpll_solver *s, const unsigned *lits, size_t n) {
  if (++s->level_mark_now == 0) {
    for (int l = 0; l <= s->var_cap; l++)
      s->level_mark[l] = 0;
    s->level_mark_now = 1;
  }
  uint32_t levels = 0;
  for (size_t k = 0; k < n; k++) {
    int l = s->level[lit_var(lits[k])];
    if (s->level_mark[l] != s->level_mark_now) {
      s->level_mark[l] = s->level_mark_now;
      levels++;
    }
  }
  return levels;
}

/* A learned clause met again in an analysis may have fewer levels now;
 * keep the better count, and mark it used, which spares it one reduction. */
static void touch_learned(dpll_solver *s, clause *c) {
  if (!(c->flags & CLAUSE_LEARNED))
    return;
  c->flags |= CLAUSE_USED;
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
 * the place reached in its reason (an_stack, an_pos).  What it proves is
 * kept for the later calls: a variable whose reason is all implied is
 * marked implied; on a failure, the variable that fails and every one on
 * the stack above lit are marked failed (each needs the one above it), so
 * that no later call walks behind them again. */
static bool implied(dpll_solver *s, unsigned lit, uint32_t levels) {
  size_t depth = 0;
  s->an_stack[depth] = lit;
  s->an_pos[depth++] = 1;
  while (depth > 0) {
    unsigned q = s->an_stack[depth - 1];
    const clause *c = dpll__reason(s, lit_not(q));
    uint32_t k = s->an_pos[depth - 1];
    if (k == c->size) { /* every literal of q's reason is implied */
      if (--depth > 0)
        mark(s, (int)lit_var(q), SEEN_IMPLIED);
      continue;
    }
    s->an_pos[depth - 1] = k + 1;
    unsigned r = c->lits[k];
    int v = (int)lit_var(r);
    if (s->seen[v] == SEEN_IMPLIED || s->level[v] == 0)
      continue;
    if (s->seen[v] == SEEN_FAILED || s->reason[v] >= CREF_MAX ||
        !(levels & level_bit(s->level[v]))) {
      if (!s->seen[v])
        mark(s, v, SEEN_FAILED);
      while (--depth > 0)
        mark(s, (int)lit_var(s->an_stack[depth]), SEEN_FAILED);
      return false;
    }
    s->an_stack[depth] = r;
    s->an_pos[depth++] = 1;
  }
  return true;
}

/* Drops from learnt[1..] the literals the others imply. */
static void minimize(dpll_solver *s) {
  uint32_t levels = 0;
  for (size_t i = 1; i < s->learnt_size; i++)
    levels |= level_bit(s->level[lit_var(s->learnt[i])]);
  size_t j = 1;
  for (size_t i = 1; i < s->learnt_size; i++) {
    unsigned lit = s->learnt[i];
    if (s->reason[lit_var(lit)] >= CREF_MAX || !implied(s, lit, levels))
      s->learnt[j++] = lit;
  }
  s->stats.minimized += s->learnt_size - j;
  s->learnt_size = j;
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
  int level = s->decision_level;
  size_t n = 1, idx = s->trail_size;
  int open = 0; /* literals of the current level not yet resolved */
  unsigned p = 0;
  clause *c = dpll__clause(s, conflict);
  s->an_clears = 0;
  for (;;) {
    touch_learned(s, c);
    for (uint32_t k = p ? 1 : 0; k < c->size; k++) {
      unsigned q = c->lits[k];
      int v = (int)lit_var(q);
      if (s->seen[v] || s->level[v] == 0)
        continue;
      mark(s, v, SEEN_IMPLIED);
      dpll__bump_var(s, v);
      if (s->level[v] >= level)
        open++;
      else
        s->learnt[n++] = q;
    }
    /* The latest seen literal of the trail is the next to resolve. */
    do
      p = s->trail[--idx];
    while (!s->seen[lit_var(p)]);
    if (--open == 0)
      break;
    c = dpll__reason(s, p);
  }
  s->learnt[0] = lit_not(p);
  s->learnt_size = n;
  if (s->opt[OPT_minimize])
    minimize(s);
  while (s->an_clears > 0)
    s->seen[s->an_clear[--s->an_clears]] = 0;
  dpll__decay_activity(s);

  int back = 0;
  if (s->learnt_size > 1) {
    size_t best = 1;
    for (size_t i = 2; i < s->learnt_size; i++)
      if (s->level[lit_var(s->learnt[i])] > s->level[lit_var(s->learnt[best])])
        best = i;
    unsigned t = s->learnt[1];
    s->learnt[1] = s->learnt[best];
    s->learnt[best] = t;
    back = s->level[lit_var(s->learnt[1])];
  }
  *lbd = count_levels(s, s->learnt, s->learnt_size);
  return back;
}

/* learn
 *
 * Pre:  dpll__analyze just returned level and lbd.
 * Post: the solver is at that level, the learned clause is stored (learned,
 *       with its LBD) and watched by learnt[0] and learnt[1], and learnt[0]
 *       is assigned with it as the reason.  Returns 0 or DPLL_ENOMEM (then
 *       nothing changed but the level).
 */
int dpll__learn(dpll_solver *s, int level, uint32_t lbd) {
  size_t n = s->learnt_size;
  int rc = dpll__arena_reserve(s, CLAUSE_HEADER_WORDS + n);
  if (!rc && s->num_learnts == s->learnts_cap) {
    size_t cap = s->learnts_cap ? 2 * s->learnts_cap : 256;
    cref *p = realloc(s->learnts, cap * sizeof *p);
    if (p) {
      s->learnts = p;
      s->learnts_cap = cap;
    } else
      rc = DPLL_ENOMEM;
  }
  if (!rc && n >= 2)
    rc = dpll__watch_reserve(s, s->learnt[0], 1);
  if (!rc && n >= 2)
    rc = dpll__watch_reserve(s, s->learnt[1], 1);
  if (!rc && n > s->trace_cap) {
    int *buf = realloc(s->trace_buf, n * sizeof *buf);
    if (buf) {
      s->trace_buf = buf;
      s->trace_cap = n;
    } else
      rc = DPLL_ENOMEM;
  }
  if (rc)
    return rc;

  dpll__backtrack_to(s, level);
  cref ref = (cref)s->arena_size;
  clause *c = dpll__clause(s, ref);
  c->size = (uint32_t)n;
  c->flags = CLAUSE_LEARNED;
  clause_set_lbd(c, lbd);
  for (size_t i = 0; i < n; i++)
    c->lits[i] = s->learnt[i];
  s->arena_size += CLAUSE_HEADER_WORDS + n;
  s->learnts[s->num_learnts++] = ref;
  if (n >= 2) {
    dpll__watch_add(s, c->lits[0], watch_of(c, ref, c->lits[1]));
    dpll__watch_add(s, c->lits[1], watch_of(c, ref, c->lits[0]));
  }
  s->stats.learned++;
  s->stats.learned_lits += n;
  if (s->trace)
    dpll__trace(s, DPLL_EVENT_LEARN, c->lits[0], ref, false);
  dpll__assign(s, c->lits[0], ref);
  return 0;
}
