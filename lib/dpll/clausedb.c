/* clausedb.c - variables, the clause arena, adding clauses, and the scan of
 * clauses the current assignment leaves unsatisfied. */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Resizes *p to n elements of elem bytes; on failure *p is untouched. */
static int resize(void **p, size_t elem, size_t n) {
  if (n > SIZE_MAX / elem)
    return DPLL_ENOMEM;
  void *q = realloc(*p, n > 0 ? n * elem : 1);
  if (!q)
    return DPLL_ENOMEM;
  *p = q;
  return 0;
}

#define RESIZE(ptr, n) resize((void **)&(ptr), sizeof *(ptr), (n))

/* Grows every per-variable and per-literal array to hold cap variables.
 * Arrays already grown keep their new size if a later one fails; only
 * var_cap records what all of them hold. */
static int grow_vars(dpll_solver *s, int cap) {
  size_t v = (size_t)cap + 1, l = 2 * v;
  int rc = 0;
  if (!rc)
    rc = RESIZE(s->vals, l);
  if (!rc)
    rc = RESIZE(s->watches, l);
  if (!rc)
    rc = RESIZE(s->stamp, l);
  if (!rc)
    rc = RESIZE(s->occ, l);
  if (!rc)
    rc = RESIZE(s->jw, l);
  if (!rc)
    rc = RESIZE(s->level, v);
  if (!rc)
    rc = RESIZE(s->reason, v);
  if (!rc)
    rc = RESIZE(s->phase, v);
  if (!rc)
    rc = RESIZE(s->target, v);
  if (!rc)
    rc = RESIZE(s->may_decide, v);
  if (!rc)
    rc = RESIZE(s->priority, v);
  if (!rc)
    rc = RESIZE(s->activity, v);
  if (!rc)
    rc = RESIZE(s->heap_pos, v);
  if (!rc)
    rc = RESIZE(s->trail, v);
  if (!rc)
    rc = RESIZE(s->level_start, v);
  if (!rc)
    rc = RESIZE(s->flipped, v);
  if (!rc)
    rc = RESIZE(s->seen, v);
  if (!rc)
    rc = RESIZE(s->level_mark, v);
  if (!rc)
    rc = RESIZE(s->learnt, v);
  if (!rc)
    rc = RESIZE(s->an_stack, v);
  if (!rc)
    rc = RESIZE(s->an_clear, v);
  if (!rc)
    rc = RESIZE(s->an_pos, v);
  if (!rc)
    rc = dpll__heap_reserve(s, cap);
  if (!rc)
    s->var_cap = cap;
  return rc;
}

/* Makes variables 1..var exist (var <= DPLL_MAX_VAR).  The first call
 * (var_cap < 0) allocates the arrays and sets up the unused variable 0. */
int dpll__ensure_vars(dpll_solver *s, int var) {
  bool fresh = s->var_cap < 0;
  if (var <= s->num_vars && !fresh)
    return 0;
  if (var > s->var_cap) {
    int cap = s->var_cap < 16 ? 16 : s->var_cap;
    while (cap < var)
      cap = cap > DPLL_MAX_VAR / 2 ? DPLL_MAX_VAR : 2 * cap;
    int rc = grow_vars(s, cap);
    if (rc)
      return rc;
  }
  for (int v = fresh ? 0 : s->num_vars + 1; v <= var; v++) {
    for (unsigned l = 2u * (unsigned)v; l <= 2u * (unsigned)v + 1; l++) {
      s->vals[l] = 0;
      s->watches[l] = (watch_list){NULL, 0, 0};
      s->stamp[l] = 0;
      s->occ[l] = 0;
      s->jw[l] = 0;
    }
    s->level[v] = 0;
    s->reason[v] = CREF_NONE;
    s->phase[v] = 0;
    s->target[v] = 0;
    s->may_decide[v] = 1;
    s->priority[v] = 0;
    s->activity[v] = 0;
    s->heap_pos[v] = -1;
    s->seen[v] = 0;
    s->level_mark[v] = 0;
  }
  s->num_vars = var;
  s->scan_valid = false;
  dpll__pure_invalidate(s);
  s->heap_kind = -1; /* rebuilt with the new variables when next needed */
  return 0;
}

/* ---- The watch pool ------------------------------------------------------
 * See watch_list in internal.h.  Free segments are found by walking the
 * pool from its start, header by header. */

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
static void pool_compact(dpll_solver *s) {
  watch *pool = s->wpool;
  size_t to = 0;
  for (size_t at = 0; at < s->wpool_size;) {
    watch head = pool[at];
    size_t next = at + 1 + head.blocker;
    if (head.ref != WATCH_FREE) {
      watch_list *wl = &s->watches[head.ref];
      uint32_t cap = compact_cap(wl);
      memmove(pool + to + 1, pool + at + 1, wl->size * sizeof *pool);
      pool[to] = (watch){head.ref, cap};
      wl->items = pool + to + 1;
      wl->cap = cap;
      to += 1 + (size_t)cap;
    }
    at = next;
  }
  s->wpool_size = to;
}

/* Makes room for need more slots at the end of the pool: compacts it, and
 * grows it first if the live segments would fill more than three quarters
 * of it.  Compacting only when the pool is full keeps the cost at O(1) per
 * slot taken. */
static int pool_room(dpll_solver *s, size_t need) {
  if (s->wpool_size + need <= s->wpool_cap)
    return 0;
  size_t live = 0;
  for (size_t l = 0; l < 2 * ((size_t)s->num_vars + 1); l++)
    if (s->watches[l].cap)
      live += 1 + (size_t)compact_cap(&s->watches[l]);
  if (live + need > SIZE_MAX / 2 / sizeof(watch))
    return DPLL_ENOMEM;
  size_t want = live + need, cap = s->wpool_cap;
  if (want > cap - cap / 4) {
    cap += cap / 2;
    if (cap < want + want / 3)
      cap = want + want / 3;
    int rc = RESIZE(s->wpool, cap);
    if (rc)
      return rc;
    s->wpool_cap = cap;
  }
  pool_compact(s);
  return 0;
}

int dpll__watch_reserve(dpll_solver *s, unsigned lit, uint32_t extra) {
  watch_list *wl = &s->watches[lit];
  if (wl->size + (uint64_t)extra <= wl->cap)
    return 0;
  uint64_t cap = wl->cap ? 2 * (uint64_t)wl->cap : 4;
  while (cap < wl->size + (uint64_t)extra)
    cap *= 2;
  if (cap > UINT32_MAX - 1)
    return DPLL_ENOMEM;
  /* The last segment grows where it is. */
  if (wl->cap && wl->items + wl->cap == s->wpool + s->wpool_size &&
      (size_t)(wl->items - s->wpool) + cap <= s->wpool_cap) {
    wl->items[-1].blocker = (uint32_t)cap;
    s->wpool_size += cap - wl->cap;
    wl->cap = (uint32_t)cap;
    return 0;
  }
  int rc = pool_room(s, 1 + cap); /* may move wl's segment */
  if (rc)
    return rc;
  watch *seg = s->wpool + s->wpool_size;
  seg[0] = (watch){lit, (uint32_t)cap};
  if (wl->cap) {
    memcpy(seg + 1, wl->items, wl->size * sizeof *seg);
    wl->items[-1].ref = WATCH_FREE;
  }
  wl->items = seg + 1;
  wl->cap = (uint32_t)cap;
  s->wpool_size += 1 + cap;
  return 0;
}

int dpll__watch_push(dpll_solver *s, unsigned lit, watch w) {
  int rc = dpll__watch_reserve(s, lit, 1);
  if (!rc)
    dpll__watch_add(s, lit, w);
  return rc;
}

int dpll__arena_reserve(dpll_solver *s, size_t words) {
  if (s->arena_size + words <= s->arena_cap)
    return 0;
  if (s->arena_size + words > CREF_MAX)
    return DPLL_ENOMEM;
  /* Growing by half, not doubling, keeps the peak (old and new block
   * while realloc copies) nearer to what is used. */
  size_t cap = s->arena_cap ? s->arena_cap + s->arena_cap / 2 : 1024;
  while (cap < s->arena_size + words)
    cap += cap / 2;
  if (cap > CREF_MAX)
    cap = CREF_MAX;
  int rc = RESIZE(s->arena, cap);
  if (!rc)
    s->arena_cap = cap;
  return rc;
}

static int clauses_reserve(dpll_solver *s) {
  if (s->num_clauses < s->clauses_cap)
    return 0;
  size_t cap = s->clauses_cap ? 2 * s->clauses_cap : 256;
  int rc = RESIZE(s->clauses, cap);
  if (!rc)
    s->clauses_cap = cap;
  return rc;
}

/* Undoes every decision and the pure literals of level 0, so that a new
 * clause meets only what the clauses force. */
void dpll__reset_to_root(dpll_solver *s) {
  if (s->decision_level > 0)
    dpll__backtrack_to(s, 0);
  if (s->root_pure)
    dpll__drop_root_pure(s);
  s->has_conflict = false;
  dpll__touch(s);
}

/* How good a literal is to watch at the root: true, then free, then false. */
static int watch_rank(const dpll_solver *s, unsigned lit) {
  return s->vals[lit] + 1;
}

/* Watches a stored clause of two or more literals, moving the two best
 * literals to the front, and draws what the root assignment implies: a
 * unit to assign, or unsatisfiability.  The watches are reserved. */
static void attach(dpll_solver *s, cref ref) {
  clause *c = dpll__clause(s, ref);
  unsigned *lits = c->lits;
  for (unsigned i = 0; i < 2; i++)
    for (unsigned k = i + 1; k < c->size; k++)
      if (watch_rank(s, lits[k]) > watch_rank(s, lits[i])) {
        unsigned t = lits[i];
        lits[i] = lits[k];
        lits[k] = t;
      }
  dpll__watch_add(s, lits[0], watch_of(c, ref, lits[1]));
  dpll__watch_add(s, lits[1], watch_of(c, ref, lits[0]));
  if (s->vals[lits[0]] < 0)
    s->inconsistent = true;
  else if (s->vals[lits[0]] == 0 && s->vals[lits[1]] < 0)
    dpll__assign(s, lits[0], ref);
}

/* Adds a clause of valid literals (checked by the caller). */
static int add_valid(dpll_solver *s, const int *lits, size_t n) {
  int max_var = 0;
  for (size_t i = 0; i < n; i++) {
    int v = lits[i] < 0 ? -lits[i] : lits[i];
    if (v > max_var)
      max_var = v;
  }
  int rc = dpll__ensure_vars(s, max_var);
  if (!rc)
    rc = dpll__arena_reserve(s, CLAUSE_HEADER_WORDS + n);
  if (!rc)
    rc = clauses_reserve(s);
  if (rc)
    return rc;
  dpll__reset_to_root(s);

  /* Copy into the arena's free tail, merging repeats, spotting tautologies
   * with per-literal stamps (O(n), no sorting). */
  cref ref = (cref)s->arena_size;
  clause *c = dpll__clause(s, ref);
  if (++s->stamp_now == 0) {
    memset(s->stamp, 0, 2 * ((size_t)s->var_cap + 1) * sizeof *s->stamp);
    s->stamp_now = 1;
  }
  uint32_t size = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned lit = lit_from_ext(lits[i]);
    if (s->stamp[lit_not(lit)] == s->stamp_now)
      return 0; /* tautology: dropped */
    if (s->stamp[lit] != s->stamp_now) {
      s->stamp[lit] = s->stamp_now;
      c->lits[size++] = lit;
    }
  }
  c->size = size;
  c->flags = 0;
  /* The trace shows clauses as external literals: keep room for the
   * longest, so that tracing never allocates. */
  if (size > s->trace_cap) {
    rc = RESIZE(s->trace_buf, size);
    if (rc)
      return rc;
    s->trace_cap = size;
  }
  if (size >= 2) {
    /* attach() may move any two literals to the front: reserve for all. */
    for (uint32_t i = 0; !rc && i < size; i++)
      rc = dpll__watch_reserve(s, c->lits[i], 1);
    if (rc)
      return rc;
  }
  s->arena_size += CLAUSE_HEADER_WORDS + size;
  s->clauses[s->num_clauses++] = ref;
  s->scan_valid = false;
  dpll__pure_invalidate(s); /* counted afresh when next needed */

  if (size == 0)
    s->inconsistent = true;
  else if (size == 1) {
    int v = s->vals[c->lits[0]];
    if (v < 0)
      s->inconsistent = true;
    else if (v == 0)
      dpll__assign(s, c->lits[0], ref);
  } else
    attach(s, ref);
  return 0;
}

int dpll_add_clause(dpll_solver *s, const int *lits, size_t n) {
  if (!s || (n && !lits))
    return DPLL_EINVAL;
  if (s->open_size)
    return DPLL_EOPEN;
  for (size_t i = 0; i < n; i++)
    if (!ext_lit_ok(lits[i]))
      return DPLL_ERANGE;
  return add_valid(s, lits, n);
}

int dpll_add(dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  if (lit == 0) {
    int rc = add_valid(s, s->open, s->open_size);
    if (!rc)
      s->open_size = 0;
    return rc;
  }
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  if (s->open_size == s->open_cap) {
    size_t cap = s->open_cap ? 2 * s->open_cap : 16;
    int rc = RESIZE(s->open, cap);
    if (rc)
      return rc;
    s->open_cap = cap;
  }
  s->open[s->open_size++] = lit;
  return 0;
}

int dpll_num_vars(const dpll_solver *s) { return s ? s->num_vars : 0; }

size_t dpll_num_clauses(const dpll_solver *s) { return s ? s->num_clauses : 0; }

/* Counts, for every free literal, the clauses the assignment leaves
 * unsatisfied that contain it (occ) and their Jeroslow-Wang weight (jw:
 * 2^-k for a clause with k free literals).  One pass over all clauses;
 * cached until the trail changes. */
void dpll__scan_active(dpll_solver *s) {
  if (s->scan_valid && s->scan_trail == s->trail_size &&
      s->scan_epoch == s->epoch)
    return;
  size_t lits = 2 * ((size_t)s->num_vars + 1);
  memset(s->occ, 0, lits * sizeof *s->occ);
  for (size_t l = 0; l < lits; l++)
    s->jw[l] = 0;
  size_t active = 0;
  for (size_t i = 0; i < s->num_clauses; i++) {
    const clause *c = dpll__clause(s, s->clauses[i]);
    int free_lits = 0;
    bool satisfied = false;
    for (uint32_t k = 0; k < c->size; k++) {
      int v = s->vals[c->lits[k]];
      if (v > 0) {
        satisfied = true;
        break;
      }
      free_lits += v == 0;
    }
    if (satisfied)
      continue;
    active++;
    double w = ldexp(1.0, -free_lits);
    for (uint32_t k = 0; k < c->size; k++)
      if (s->vals[c->lits[k]] == 0) {
        s->occ[c->lits[k]]++;
        s->jw[c->lits[k]] += w;
      }
  }
  s->scan_active = active;
  s->scan_trail = s->trail_size;
  s->scan_epoch = s->epoch;
  s->scan_valid = true;
}
