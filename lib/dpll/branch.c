/* branch.c - splitting: the heuristics that pick the next decision literal,
 * the variable heap they share, and the splitting order (class) of
 * variables. */
#include "internal.h"

#include <stdlib.h>

#define ACTIVITY_DECAY 0.95
#define ACTIVITY_LIMIT 1e100

/* Compares the classes of v and w: > 0 if v's is higher.  Variables that
 * may be split on come first, then higher priorities. */
static int class_cmp(const dpll_solver *s, int v, int w) {
  if (s->may_decide[v] != s->may_decide[w])
    return s->may_decide[v] - s->may_decide[w];
  return (s->priority[v] > s->priority[w]) - (s->priority[v] < s->priority[w]);
}

/* ---- The heap ----------------------------------------------------------- */

/* True if v belongs above w in the heap of the current kind. */
static bool heap_before(const dpll_solver *s, int v, int w) {
  int c = s->classes_set ? class_cmp(s, v, w) : 0;
  if (c)
    return c > 0;
  if (s->heap_kind == DPLL_HEURISTIC_ACTIVITY &&
      s->activity[v] != s->activity[w])
    return s->activity[v] > s->activity[w];
  return v < w;
}

static void heap_place(dpll_solver *s, int i, int v) {
  s->heap[i] = v;
  s->heap_pos[v] = i;
}

static void sift_up(dpll_solver *s, int i) {
  int v = s->heap[i];
  while (i > 0) {
    int parent = (i - 1) / 2;
    if (!heap_before(s, v, s->heap[parent]))
      break;
    heap_place(s, i, s->heap[parent]);
    i = parent;
  }
  heap_place(s, i, v);
}

static void sift_down(dpll_solver *s, int i) {
  int v = s->heap[i];
  for (;;) {
    int child = 2 * i + 1;
    if (child >= s->heap_size)
      break;
    if (child + 1 < s->heap_size &&
        heap_before(s, s->heap[child + 1], s->heap[child]))
      child++;
    if (!heap_before(s, s->heap[child], v))
      break;
    heap_place(s, i, s->heap[child]);
    i = child;
  }
  heap_place(s, i, v);
}

static void heap_insert(dpll_solver *s, int v) {
  heap_place(s, s->heap_size++, v);
  sift_up(s, s->heap_size - 1);
}

static void heap_pop(dpll_solver *s) {
  s->heap_pos[s->heap[0]] = -1;
  if (--s->heap_size > 0) {
    heap_place(s, 0, s->heap[s->heap_size]);
    sift_down(s, 0);
  }
}

/* The heap array holds every variable at most once, so var_cap entries. */
int dpll__heap_reserve(dpll_solver *s, int cap) {
  int *p = realloc(s->heap, ((size_t)cap + 1) * sizeof *p);
  if (!p)
    return DPLL_ENOMEM;
  s->heap = p;
  return 0;
}

/* Builds the heap of the given kind from the unassigned variables. */
static void heap_build(dpll_solver *s, int kind) {
  s->heap_kind = kind;
  s->heap_size = 0;
  for (int v = 1; v <= s->num_vars; v++) {
    s->heap_pos[v] = -1;
    if (s->vals[2 * v] == 0)
      heap_place(s, s->heap_size++, v);
  }
  for (int i = s->heap_size / 2; i-- > 0;)
    sift_down(s, i);
}

void dpll__var_unassigned(dpll_solver *s, int var) {
  if (s->heap_kind >= 0 && s->heap_pos[var] < 0)
    heap_insert(s, var);
}

/* The best unassigned variable in the heap of the given kind, or 0. */
static int heap_best(dpll_solver *s, int kind) {
  if (s->heap_kind != kind)
    heap_build(s, kind);
  while (s->heap_size > 0) {
    int v = s->heap[0];
    if (s->vals[2 * v] == 0)
      return v;
    heap_pop(s);
  }
  return 0;
}

/* ---- Activity ----------------------------------------------------------- */

/* Raises var's activity by the current increment. */
void dpll__bump_var(dpll_solver *s, int var) {
  s->activity[var] += s->activity_inc;
  if (s->activity[var] > ACTIVITY_LIMIT) {
    for (int w = 1; w <= s->num_vars; w++)
      s->activity[w] *= 1 / ACTIVITY_LIMIT;
    s->activity_inc *= 1 / ACTIVITY_LIMIT;
  }
  if (s->heap_kind == DPLL_HEURISTIC_ACTIVITY && s->heap_pos[var] >= 0)
    sift_up(s, s->heap_pos[var]);
}

/* Makes later bumps weigh more (the increment grows), which ages the
 * earlier ones: the same order as decaying every activity. */
void dpll__decay_activity(dpll_solver *s) {
  s->activity_inc *= 1 / ACTIVITY_DECAY;
}

/* The classic engine's bump: the variables of a conflicting clause. */
void dpll__bump_clause(dpll_solver *s, cref ref) {
  const clause *c = dpll__clause(s, ref);
  for (uint32_t k = 0; k < c->size; k++)
    dpll__bump_var(s, (int)lit_var(c->lits[k]));
  dpll__decay_activity(s);
}

/* ---- The heuristics ------------------------------------------------------ */

static unsigned pos_lit(int v) { return 2u * (unsigned)v; }
static unsigned neg_lit(int v) { return 2u * (unsigned)v + 1u; }

/* Two-sided Jeroslow-Wang: the variable with the largest J(v) + J(-v),
 * on the side with the larger J. */
static unsigned choose_jw(dpll_solver *s) {
  int best = 0;
  double best_score = -1;
  for (int v = 1; v <= s->num_vars; v++) {
    if (s->vals[pos_lit(v)] != 0)
      continue;
    double score = s->jw[pos_lit(v)] + s->jw[neg_lit(v)];
    int c = best ? class_cmp(s, v, best) : 1;
    if (c > 0 || (c == 0 && score > best_score)) {
      best = v;
      best_score = score;
    }
  }
  return s->jw[pos_lit(best)] >= s->jw[neg_lit(best)] ? pos_lit(best)
                                                      : neg_lit(best);
}

/* Dynamic largest individual sum: the literal in most unsatisfied clauses. */
static unsigned choose_dlis(dpll_solver *s) {
  int best = 0;
  unsigned best_lit = 0;
  for (int v = 1; v <= s->num_vars; v++) {
    if (s->vals[pos_lit(v)] != 0)
      continue;
    unsigned lit =
        s->occ[neg_lit(v)] > s->occ[pos_lit(v)] ? neg_lit(v) : pos_lit(v);
    int c = best ? class_cmp(s, v, best) : 1;
    if (c > 0 || (c == 0 && s->occ[lit] > s->occ[best_lit])) {
      best = v;
      best_lit = lit;
    }
  }
  return best_lit;
}

/* xorshift64*: small, seeded per solver. */
static uint64_t next_random(dpll_solver *s) {
  s->rng ^= s->rng >> 12;
  s->rng ^= s->rng << 25;
  s->rng ^= s->rng >> 27;
  return s->rng * 0x2545F4914F6CDD1DULL;
}

/* A uniformly random unassigned variable of the highest class, random sign. */
static unsigned choose_random(dpll_solver *s) {
  int best = 0;
  uint64_t seen = 0;
  for (int v = 1; v <= s->num_vars; v++) {
    if (s->vals[pos_lit(v)] != 0)
      continue;
    int c = best ? class_cmp(s, v, best) : 1;
    if (c > 0) {
      best = v;
      seen = 1;
    } else if (c == 0 && next_random(s) % ++seen == 0)
      best = v;
  }
  if (!best)
    return 0;
  return (next_random(s) >> 32) & 1 ? neg_lit(best) : pos_lit(best);
}

unsigned dpll__choose(dpll_solver *s) {
  int heuristic = (int)s->opt[OPT_heuristic];
  if (heuristic == DPLL_HEURISTIC_AUTO)
    heuristic = s->opt[OPT_algorithm] == DPLL_ALGORITHM_CDCL
                    ? DPLL_HEURISTIC_ACTIVITY
                    : DPLL_HEURISTIC_FIRST;
  if (heuristic == DPLL_HEURISTIC_JW || heuristic == DPLL_HEURISTIC_DLIS) {
    dpll__scan_active(s);
    /* With every clause satisfied any order will do; take the cheap one
     * so that many free variables do not cost a scan each. */
    if (s->scan_active > 0)
      return heuristic == DPLL_HEURISTIC_JW ? choose_jw(s) : choose_dlis(s);
    int v = heap_best(s, DPLL_HEURISTIC_FIRST);
    return v ? neg_lit(v) : 0;
  }
  if (heuristic == DPLL_HEURISTIC_RANDOM)
    return choose_random(s);
  int v = heap_best(s, heuristic);
  if (!v)
    return 0;
  if (heuristic == DPLL_HEURISTIC_FIRST)
    return pos_lit(v);
  int side = s->phase[v];
  if (s->opt[OPT_algorithm] == DPLL_ALGORITHM_CDCL && s->target[v] &&
      (s->opt[OPT_target_phase] == 2 ||
       (s->opt[OPT_target_phase] == 1 && dpll__restarts_luby(s))))
    side = s->target[v];
  return side > 0 ? pos_lit(v) : neg_lit(v);
}

/* Target phases (after CaDiCaL's, Biere and Fleury, "Chasing target
 * phases", 2020): at a conflict, the trail below the conflict's level is
 * a conflict-free partial assignment; the longest such one since the last
 * restart gives the values to decide.  Called before the backjump. */
void dpll__update_target(dpll_solver *s) {
  if (s->decision_level == 0)
    return;
  size_t size = s->level_start[s->decision_level - 1];
  if (size <= s->target_size)
    return;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = s->trail[i];
    s->target[lit_var(lit)] = lit_negative(lit) ? -1 : 1;
  }
  s->target_size = size;
}

/* The decision step both engines end their loop with. */
bool dpll__decide_next(dpll_solver *s, uint64_t decisions0, int *result) {
  unsigned lit = dpll__choose(s);
  if (lit == 0) {
    *result = DPLL_SAT;
    return false;
  }
  if (dpll__over_limit(s->opt[OPT_decision_limit], s->stats.decisions,
                       decisions0)) {
    *result = DPLL_UNKNOWN;
    return false;
  }
  s->stats.decisions++;
  dpll__new_level(s, false);
  dpll__assign(s, lit, CREF_NONE);
  return true;
}

int dpll_choose(dpll_solver *s) {
  if (!s)
    return 0;
  return lit_to_ext(dpll__choose(s));
}

/* ---- Splitting order ----------------------------------------------------- */

static int set_class(dpll_solver *s, int var, int may_decide, int priority) {
  if (var <= 0 || var > DPLL_MAX_VAR)
    return DPLL_ERANGE;
  int rc = dpll__ensure_vars(s, var);
  if (rc)
    return rc;
  s->classes_set = true;
  if (may_decide >= 0)
    s->may_decide[var] = (unsigned char)(may_decide != 0);
  else
    s->priority[var] = priority;
  s->heap_kind = -1; /* the order changed: rebuild when next needed */
  return 0;
}

int dpll_set_priority(dpll_solver *s, int var, int priority) {
  return s ? set_class(s, var, -1, priority) : DPLL_EINVAL;
}

int dpll_set_decision(dpll_solver *s, int var, int allowed) {
  return s ? set_class(s, var, allowed != 0, 0) : DPLL_EINVAL;
}
