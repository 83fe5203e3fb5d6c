/* watches.c - the watch lists of all literals, in one pool.
 *
 * A list is a segment of the pool: a header slot that names the owner
 * literal (ref) and the segment's cap (blocker), or marks the segment free,
 * then cap watches, the first size of them in use.  A list that outgrows
 * its segment moves to the end of the pool; when the pool is full, live
 * segments slide down over the free ones and give back much of their
 * unused room.  So the lists take little more than their watches, where
 * separate blocks would each keep the largest size they ever had.  Free
 * segments are found by walking the pool from its start, header by
 * header. */
#include "watches.h"
#include "internal.h"
#include "memory.h"

#include <stdlib.h>
#include <string.h>

#define WATCH_FREE UINT32_MAX /* header of a free segment */

int dpll__watch_grow(dpll_solver *s, int cap) {
  size_t old = s->var_cap < 0 ? 0 : 2 * ((size_t)s->var_cap + 1);
  size_t lits = 2 * ((size_t)cap + 1);
  int rc = DPLL_RESIZE(s->watch.lists, lits);
  if (!rc)
    for (size_t l = old; l < lits; l++)
      s->watch.lists[l] = (watch_list){NULL, 0, 0};
  return rc;
}

void dpll__watch_release(dpll_solver *s, int var) {
  watch_part *w = &s->watch;
  for (size_t l = 2 * ((size_t)var + 1); l < 2 * ((size_t)s->num_vars + 1);
       l++) {
    watch_list *wl = &w->lists[l];
    assert(wl->size == 0);
    if (wl->cap)
      wl->items[-1].ref = WATCH_FREE;
    *wl = (watch_list){NULL, 0, 0};
  }
}

void dpll__watch_free(dpll_solver *s) {
  free(s->watch.lists);
  free(s->watch.pool);
}

/* The room a list keeps when the pool is compacted: its watches and half
 * as many again (at least 2), but never more than it had, so that room
 * reserved before a compaction is still there after it. */
static uint32_t compact_cap(const watch_list *wl) {
  uint64_t want = (uint64_t)wl->size + (wl->size / 2 > 2 ? wl->size / 2 : 2);
  return want < wl->cap ? (uint32_t)want : wl->cap;
}

/* Slides the live segments down over the free ones, in order, each keeping
 * compact_cap() of room, and points the lists at their new places (after a
 * realloc of the pool their old pointers are stale, so none is read). */
static void pool_compact(watch_part *w) {
  watch *pool = w->pool;
  size_t to = 0;
  for (size_t at = 0; at < w->pool_size;) {
    watch head = pool[at];
    size_t next = at + 1 + head.blocker;
    if (head.ref != WATCH_FREE) {
      watch_list *wl = &w->lists[head.ref];
      uint32_t cap = compact_cap(wl);
      memmove(pool + to + 1, pool + at + 1, wl->size * sizeof *pool);
      pool[to] = (watch){head.ref, cap};
      wl->items = pool + to + 1;
      wl->cap = cap;
      to += 1 + (size_t)cap;
    }
    at = next;
  }
  w->pool_size = to;
}

/* Makes room for need more slots at the end of the pool: compacts it, and
 * grows it first if the live segments would fill more than three quarters
 * of it.  Compacting only when the pool is full keeps the cost at O(1) per
 * slot taken. */
static int pool_room(dpll_solver *s, size_t need) {
  watch_part *w = &s->watch;
  if (w->pool_size + need <= w->pool_cap)
    return 0;
  size_t live = 0;
  for (size_t l = 0; l < 2 * ((size_t)s->num_vars + 1); l++)
    if (w->lists[l].cap)
      live += 1 + (size_t)compact_cap(&w->lists[l]);
  size_t max = SIZE_MAX / 2 / sizeof(watch);
  if (live + need > max)
    return DPLL_ENOMEM;
  size_t want = live + need;
  if (want > w->pool_cap - w->pool_cap / 4) {
    int rc = DPLL_GROW(w->pool, w->pool_cap, want + want / 3, max);
    if (rc)
      return rc;
  }
  pool_compact(w);
  return 0;
}

int dpll__watch_reserve(dpll_solver *s, unsigned lit, uint32_t extra) {
  watch_part *w = &s->watch;
  watch_list *wl = &w->lists[lit];
  if (wl->size + (uint64_t)extra <= wl->cap)
    return 0;
  uint64_t cap = wl->cap ? 2 * (uint64_t)wl->cap : 4;
  while (cap < wl->size + (uint64_t)extra)
    cap *= 2;
  if (cap > UINT32_MAX - 1)
    return DPLL_ENOMEM;
  /* The last segment grows where it is. */
  if (wl->cap && wl->items + wl->cap == w->pool + w->pool_size &&
      (size_t)(wl->items - w->pool) + cap <= w->pool_cap) {
    wl->items[-1].blocker = (uint32_t)cap;
    w->pool_size += cap - wl->cap;
    wl->cap = (uint32_t)cap;
    return 0;
  }
  int rc = pool_room(s, 1 + cap); /* may move wl's segment */
  if (rc)
    return rc;
  watch *seg = w->pool + w->pool_size;
  seg[0] = (watch){lit, (uint32_t)cap};
  if (wl->cap) {
    memcpy(seg + 1, wl->items, wl->size * sizeof *seg);
    wl->items[-1].ref = WATCH_FREE;
  }
  wl->items = seg + 1;
  wl->cap = (uint32_t)cap;
  w->pool_size += 1 + cap;
  return 0;
}

int dpll__watch_push(dpll_solver *s, unsigned lit, watch w) {
  int rc = dpll__watch_reserve(s, lit, 1);
  if (!rc)
    dpll__watch_add(s, lit, w);
  return rc;
}

void dpll__watches_clear(dpll_solver *s) {
  for (size_t l = 0; l < 2 * ((size_t)s->num_vars + 1); l++)
    s->watch.lists[l].size = 0;
}

void dpll__watches_drop_from(dpll_solver *s, cref first) {
  for (size_t l = 0; l < 2 * ((size_t)s->num_vars + 1); l++) {
    watch_list *wl = &s->watch.lists[l];
    uint32_t j = 0;
    for (uint32_t i = 0; i < wl->size; i++)
      if (watch_clause(wl->items[i]) < first)
        wl->items[j++] = wl->items[i];
    wl->size = j;
  }
}
