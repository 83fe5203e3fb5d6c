/* heap.c - the order in which variables are split on: their class (may be
 * decided, priority), their activity, and a binary heap of them, best
 * first, that the heuristics "activity" and "first" take from; and the
 * move-to-front queue of the heuristic "vmtf".
 *
 * vmtf (Ryan's, as Biere and Froehlich evaluate it, "Evaluating CDCL
 * variable scoring schemes", SAT 2015) keeps the variables in a list: at
 * each conflict the variables its analysis met go to the end, in the order
 * they had, and the decision is the last unassigned one.  A pointer to the
 * last one that may be unassigned makes that search cheap: everything
 * after it is assigned, and an undo moves it forward only to a later
 * variable.  Where activities are an average over many conflicts, the
 * queue follows the latest ones alone; it suits short searches between
 * frequent restarts (the focused mode of restart.c's "modes"). */
#include "heap.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "trail.h"

#include <stdlib.h>
#include <string.h>

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
  if (!rc)
    rc = DPLL_RESIZE(h->next, v);
  if (!rc)
    rc = DPLL_RESIZE(h->prev, v);
  if (!rc)
    rc = DPLL_RESIZE(h->stamp, v);
  if (!rc)
    rc = DPLL_RESIZE(h->bumped, v);
  if (!rc)
    rc = DPLL_RESIZE(h->sorted, v);
  if (rc)
    return rc;
  for (size_t i = s->var_cap < 0 ? 0 : (size_t)s->var_cap + 1; i < v; i++) {
    h->activity[i] = 0;
    h->pos[i] = -1;
    h->may_decide[i] = 1;
    h->priority[i] = 0;
    h->next[i] = h->prev[i] = 0;
    h->stamp[i] = 0; /* not queued yet (and 0, the end, is never) */
  }
  return 0;
}

void dpll__heap_free(dpll_solver *s) {
  DPLL_FREE_ALL(s->heap.activity, s->heap.heap, s->heap.pos, s->heap.may_decide,
                s->heap.priority, s->heap.next, s->heap.prev, s->heap.stamp,
                s->heap.bumped, s->heap.sorted);
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

/* ---- The move-to-front queue ------------------------------------------- */

static void queue_append(heap_part *h, int v) {
  h->prev[v] = h->last;
  h->next[v] = 0;
  if (h->last)
    h->next[h->last] = v;
  else
    h->first = v;
  h->last = v;
  h->stamp[v] = ++h->stamp_now;
}

static void queue_unlink(heap_part *h, int v) {
  if (h->prev[v])
    h->next[h->prev[v]] = h->next[v];
  else
    h->first = h->next[v];
  if (h->next[v])
    h->prev[h->next[v]] = h->prev[v];
  else
    h->last = h->prev[v];
}

/* Numbers the stamps 1, 2, ... again in the queue's order, so that a stamp
 * stays below 2^31 (it shares a word with a variable when sorted). */
static void queue_restamp(heap_part *h) {
  h->stamp_now = 0;
  for (int v = h->first; v; v = h->next[v])
    h->stamp[v] = ++h->stamp_now;
}

/* Puts the variables made since the queue last grew at its end, the
 * lowest-numbered last: before any conflict it is split on first, as in
 * the heap. */
static void queue_extend(dpll_solver *s) {
  heap_part *h = &s->heap;
  if (h->queued >= s->num_vars)
    return;
  if (h->stamp_now + (uint64_t)s->num_vars >= (uint64_t)1 << 31)
    queue_restamp(h);
  for (int v = s->num_vars; v > h->queued; v--) {
    queue_append(h, v);
    if (dpll__value(s, lit_pos(v)) == 0)
      h->search = v; /* the latest stamp */
  }
  h->queued = s->num_vars;
}

/* Sorts bumped[] (stamp << 32 | variable, each stamp once) by stamp: by
 * insertion when short, else by radix over the stamp bytes that differ
 * (a conflict meets hundreds of variables, and qsort took a sixth of a
 * search's instructions). */
static void sort_bumped(heap_part *h) {
  uint64_t *a = h->bumped, *b = h->sorted;
  size_t n = h->bumps;
  if (n < 32) {
    for (size_t i = 1; i < n; i++) {
      uint64_t x = a[i];
      size_t j = i;
      for (; j > 0 && a[j - 1] > x; j--)
        a[j] = a[j - 1];
      a[j] = x;
    }
    return;
  }
  uint64_t all = ~(uint64_t)0, any = 0;
  for (size_t i = 0; i < n; i++) {
    all &= a[i];
    any |= a[i];
  }
  for (int shift = 32; shift < 64; shift += 8) {
    if ((((all ^ any) >> shift) & 0xff) == 0)
      continue; /* the same byte in every stamp */
    size_t start[257] = {0};
    for (size_t i = 0; i < n; i++)
      start[((a[i] >> shift) & 0xff) + 1]++;
    for (int d = 0; d < 256; d++)
      start[d + 1] += start[d];
    for (size_t i = 0; i < n; i++)
      b[start[(a[i] >> shift) & 0xff]++] = a[i];
    uint64_t *t = a;
    a = b;
    b = t;
  }
  if (a != h->bumped)
    memcpy(h->bumped, a, n * sizeof *a);
}

/* The end of a conflict: its variables go to the end of the queue, in the
 * order they had. */
static void queue_bump(dpll_solver *s) {
  heap_part *h = &s->heap;
  queue_extend(s);
  if (h->stamp_now + h->bumps >= (uint64_t)1 << 31)
    queue_restamp(h);
  for (size_t i = 0; i < h->bumps; i++)
    h->bumped[i] |= h->stamp[h->bumped[i]] << 32;
  sort_bumped(h);
  for (size_t i = 0; i < h->bumps; i++) {
    int v = (int)(h->bumped[i] & 0xffffffffu);
    queue_unlink(h, v);
    queue_append(h, v);
    if (dpll__value(s, lit_pos(v)) == 0)
      h->search = v;
  }
  h->bumps = 0;
}

/* The last unassigned variable of the queue, or 0.  Taking over from the
 * heap, the search starts at the end. */
static int queue_best(dpll_solver *s) {
  heap_part *h = &s->heap;
  if (h->kind != DPLL_HEURISTIC_VMTF) {
    h->kind = DPLL_HEURISTIC_VMTF;
    h->search = h->last;
  }
  queue_extend(s);
  int v = h->search;
  while (v && dpll__value(s, lit_pos(v)) != 0)
    v = h->prev[v];
  h->search = v;
  return v;
}

/* An undone variable goes back in the heap (if one is built). */
void dpll__var_unassigned(dpll_solver *s, int var) {
  heap_part *h = &s->heap;
  if (h->kind == DPLL_HEURISTIC_VMTF) {
    if (h->stamp[var] > h->stamp[h->search])
      h->search = var;
  } else if (h->kind >= 0 && h->pos[var] < 0) {
    heap_place(h, h->size++, var);
    sift_up(s, h->size - 1);
  }
}

int dpll__heap_best(dpll_solver *s, int kind) {
  heap_part *h = &s->heap;
  if (kind == DPLL_HEURISTIC_VMTF)
    return queue_best(s);
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
  if (h->kind == DPLL_HEURISTIC_VMTF) {
    h->bumped[h->bumps++] = (uint64_t)var; /* moved at the decay */
    return;
  }
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
  if (s->heap.bumps > 0)
    queue_bump(s);
  else
    s->heap.activity_inc *= 1 / ACTIVITY_DECAY;
}

/* The classic engine's bump: the variables of a conflicting clause. */
void dpll__bump_clause(dpll_solver *s, cref ref) {
  const clause *c = dpll__clause(s, ref);
  for (uint32_t k = 0; k < c->size; k++)
    dpll__bump_var(s, (int)lit_var(c->lits[k]));
  dpll__decay_activity(s);
}

/* The queue links variables 1 .. queued once each, in the order of their
 * stamps, and none after search is unassigned. */
static const char *queue_check(const dpll_solver *s) {
  const heap_part *h = &s->heap;
  int n = 0, prev = 0;
  bool after = h->search == 0;
  for (int v = h->first; v; prev = v, v = h->next[v]) {
    if (v > h->queued || ++n > h->queued || h->prev[v] != prev)
      return "queue: a broken link";
    if (prev && h->stamp[prev] >= h->stamp[v])
      return "queue: stamps out of order";
    if (after && v <= s->num_vars && dpll__value(s, lit_pos(v)) == 0)
      return "queue: an unassigned variable after the search pointer";
    after = after || v == h->search;
  }
  if (n != h->queued || h->last != prev || h->bumps != 0)
    return "queue: wrong length or end";
  return NULL;
}

/* The heap is a heap in the current order, its positions agree with it,
 * and every unassigned variable is in it; or the queue is right. */
const char *dpll__heap_check(const dpll_solver *s) {
  const heap_part *h = &s->heap;
  if (h->kind == DPLL_HEURISTIC_VMTF)
    return queue_check(s);
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
