/* watches.h - the watch part (s->watch), owned by watches.c: the watch
 * lists of all literals, in one pool; its readers and calls. */
#ifndef DPLL_WATCHES_H_INCLUDED
#define DPLL_WATCHES_H_INCLUDED

#include "internal.h"

/* A list's items stay where they are until a list of any literal grows
 * (dpll__watch_reserve, dpll__watch_push). */
static inline watch_list *dpll__watch_list(const dpll_solver *s, unsigned lit) {
  return &s->watch.lists[lit];
}
/* Appends a watch to lit's list, which has room (reserved). */
static inline void dpll__watch_add(dpll_solver *s, unsigned lit, watch w) {
  watch_list *wl = &s->watch.lists[lit];
  assert(wl->size < wl->cap);
  wl->items[wl->size++] = w;
}

int dpll__watch_reserve(dpll_solver *s, unsigned lit, uint32_t extra);
int dpll__watch_push(dpll_solver *s, unsigned lit, watch w);
void dpll__watches_clear(dpll_solver *s); /* every list empty, room kept */
/* Drops the watches of clauses at first or beyond, the others in order. */
void dpll__watches_drop_from(dpll_solver *s, cref first);
int dpll__watch_grow(dpll_solver *s, int cap);
/* Gives back the room of the lists of the variables above var, all empty
 * (vars.c, as added variables go). */
void dpll__watch_release(dpll_solver *s, int var);
void dpll__watch_free(dpll_solver *s);

#endif /* DPLL_WATCHES_H_INCLUDED */
