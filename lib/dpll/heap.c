/* heap.c - the order in which variables are split on: their class (may be
 * decided, priority), their activity, and a binary heap of them, best
 * first, that the heuristics "activity" and "first" take from. */
#include "heap.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "trail.h"

#include <stdlib.h>

#define ACTIVITY_DECAY 0.95
#define ACTIVITY_LIMIT 1e100

void dpll__heap_init(dpll_solver *s) {
  s->heap.activity_inc = 1;
  s->heap.kind = -1;
}

int dpll__heap_grow(dpll_solver *s, int cap) {
  heap_part *h = &s->heap;
  size_t v = (size_t)cap + 1;
  int rc = DPLL_RESIZE(h->activity, v);
  if (!rc)
    rc = DPLL_RESIZE(h->heap, v); /* every variable at most once */
  if (!rc)
    rc = DPLL_RESIZE(h->pos, v);
  if (!rc)
    rc = DPLL_RESIZE(h->may_decide, v);
  if (!rc)
    rc = DPLL_RESIZE(h->priority, v);
  if (rc)
    return rc;
  for (size_t i = s->var_cap < 0 ? 0 : (size_t)s->var_cap + 1; i < v; i++) {
    h->activity[i] = 0;
    h->pos[i] = -1;
    h->may_decide[i] = 1;
    h->priority[i] = 0;
  }
  return 0;
}

void dpll__heap_free(dpll_solver *s) {
  DPLL_FREE_ALL(s->heap.activity, s->heap.heap, s->heap.pos, s->heap.may_decide,
                s->heap.priority);
}

void dpll__heap_invalidate(dpll_solver *s) { s->heap.kind = -1; }

/* Compares the classes of v and w: > 0 if v's is higher.  Variables that
 * may be split on come first, then higher priorities. */
int dpll__class_cmp(const dpll_solver *s, int v, int w) {
  const heap_part *h = &s->heap;
  if (h->may_decide[v] != h->may_decide[w])
    return h->may_decide[v] - h->may_decide[w];
  return (h->priority[v] > h->priority[w]) - (h->priority[v] < h->priority[w]);
}

/* Sets var's decision mark (may_decide >= 0) or its priority. */
void dpll__set_class(dpll_solver *s, int var, int may_decide, int priority) {
  assert(var >= 1 && var <= s->num_vars);
  heap_part *h = &s->heap;
  h->classes_set = true;
  if (may_decide >= 0)
    h->may_decide[var] = (unsigned char)(may_decide != 0);
  else
    h->priority[var] = priority;
  h->kind = -1; /* the order changed: rebuild when next needed */
}

/* ---- The heap ----------------------------------------------------------- */

/* True if v belongs above w in the heap of the current kind: a strict
 * total order, so the best unassigned variable is the same whatever the
 * shape of the heap. */
static bool heap_before(const dpll_solver *s, int v, int w) {
  const heap_part *h = &s->heap;
  int c = h->classes_set ? dpll__class_cmp(s, v, w) : 0;
  if (c)
    return c > 0;
  if (h->kind == DPLL_HEURISTIC_ACTIVITY && h->activity[v] != h->activity[w])
    return h->activity[v] > h->activity[w];
  return v < w;
}

static void heap_place(heap_part *h, int i, int v) {
  h->heap[i] = v;
  h->pos[v] = i;
}

static void sift_up(dpll_solver *s, int i) {
  heap_part *h = &s->heap;
  int v = h->heap[i];
  while (i > 0) {
    int parent = (i - 1) / 2;
    if (!heap_before(s, v, h->heap[parent]))
      break;
    heap_place(h, i, h->heap[parent]);
    i = parent;
  }
  heap_place(h, i, v);
}

static void sift_down(dpll_solver *s, int i) {
  heap_part *h = &s->heap;
  int v = h->heap[i];
  for (;;) {
    int child = 2 * i + 1;
    if (child >= h->size)
      break;
    if (child + 1 < h->size &&
        heap_before(s, h->heap[child + 1], h->heap[child]))
      child++;
    if (!heap_before(s, h->heap[child], v))
      break;
    heap_place(h, i, h->heap[child]);
    i = child;
  }
  heap_place(h, i, v);
}

static void heap_pop(dpll_solver *s) {
  heap_part *h = &s->heap;
  h->pos[h->heap[0]] = -1;
  if (--h->size > 0) {
    heap_place(h, 0, h->heap[h->size]);
    sift_down(s, 0);
  }
}

/* Builds the heap of the given kind from the unassigned variables. */
static void heap_build(dpll_solver *s, int kind) {
  heap_part *h = &s->heap;
  h->kind = kind;
  h->size = 0;
  for (int v = 1; v <= s->num_vars; v++) {
    h->pos[v] = -1;
    if (dpll__value(s, lit_pos(v)) == 0)
      heap_place(h, h->size++, v);
  }
  for (int i = h->size / 2; i-- > 0;)
    sift_down(s, i);
}

/* An undone variable goes back in the heap (if one is built). */
void dpll__var_unassigned(dpll_solver *s, int var) {
  heap_part *h = &s->heap;
  if (h->kind >= 0 && h->pos[var] < 0) {
    heap_place(h, h->size++, var);
    sift_up(s, h->size - 1);
  }
}

int dpll__heap_best(dpll_solver *s, int kind) {
  heap_part *h = &s->heap;
  if (h->kind != kind)
    heap_build(s, kind);
  while (h->size > 0) {
    int v = h->heap[0];
    if (dpll__value(s, lit_pos(v)) == 0)
      return v;
    heap_pop(s);
  }
  return 0;
}

/* ---- Activity ----------------------------------------------------------- */

/* Raises var's activity by the current increment. */
void dpll__bump_var(dpll_solver *s, int var) {
  heap_part *h = &s->heap;
  h->activity[var] += h->activity_inc;
  if (h->activity[var] > ACTIVITY_LIMIT) {
    for (int w = 1; w <= s->num_vars; w++)
      h->activity[w] *= 1 / ACTIVITY_LIMIT;
    h->activity_inc *= 1 / ACTIVITY_LIMIT;
    /* Activities too small to survive the factor become 0, and equal ones
     * go by their numbers: the order changed, the heap is built again. */
    dpll__heap_invalidate(s);
  }
  if (h->kind == DPLL_HEURISTIC_ACTIVITY && h->pos[var] >= 0)
    sift_up(s, h->pos[var]);
}

void dpll__heap_perturb(dpll_solver *s, uint64_t seed) {
  uint64_t x = (seed + 1) * 0x9E3779B97F4A7C15ULL;
  for (int v = 1; v <= s->num_vars; v++) {
    x ^= x << 13; /* xorshift64 */
    x ^= x >> 7;
    x ^= x << 17;
    s->heap.activity[v] = (double)(x % 1024) / 1024 * s->heap.activity_inc;
  }
  dpll__heap_invalidate(s);
}

/* Makes later bumps weigh more (the increment grows), which ages the
 * earlier ones: the same order as decaying every activity. */
void dpll__decay_activity(dpll_solver *s) {
  s->heap.activity_inc *= 1 / ACTIVITY_DECAY;
}

/* The classic engine's bump: the variables of a conflicting clause. */
void dpll__bump_clause(dpll_solver *s, cref ref) {
  const clause *c = dpll__clause(s, ref);
  for (uint32_t k = 0; k < c->size; k++)
    dpll__bump_var(s, (int)lit_var(c->lits[k]));
  dpll__decay_activity(s);
}

/* The heap is a heap in the current order, its positions agree with it,
 * and every unassigned variable is in it. */
const char *dpll__heap_check(const dpll_solver *s) {
  const heap_part *h = &s->heap;
  if (h->kind < 0)
    return NULL;
  if (h->size < 0 || h->size > s->num_vars)
    return "heap: bad size";
  for (int i = 0; i < h->size; i++) {
    int v = h->heap[i];
    if (v < 1 || v > s->num_vars || h->pos[v] != i)
      return "heap: a position does not match the heap";
    if (i > 0 && heap_before(s, v, h->heap[(i - 1) / 2]))
      return "heap: a variable ranks above its parent";
  }
  for (int v = 1; v <= s->num_vars; v++) {
    if (h->pos[v] >= h->size)
      return "heap: a position beyond the heap";
    if (h->pos[v] < 0 && dpll__value(s, lit_pos(v)) == 0)
      return "heap: an unassigned variable is missing";
  }
  return NULL;
}
