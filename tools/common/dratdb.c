/* dratdb.c - the clauses and the root assignment of the DRAT checker, and
 * the RUP and RAT checks over them (dratdb.h). */
#include "dratdb.h"

#include <stdlib.h>
#include <string.h>

#include "dratread.h"

/* ---- Memory, literals ---------------------------------------------------- */

/* Records why the check cannot go on (the first reason stays) and returns
 * -1.  Whatever failed has left the database safe to free; drat.c stops
 * at the end of the step, and reads no verdict from it. */
static int fail(drat_db *s, int why) {
  if (!s->failed)
    s->failed = why;
  return -1;
}

/* Room for need elements of elem bytes in *p, which holds *cap: the
 * capacity doubles from first.  0, or -1 after fail (NOMEM) with *p and
 * *cap as they were. */
static int reserve(drat_db *s, void **p, size_t *cap, size_t need, size_t elem,
                   size_t first) {
  if (need <= *cap)
    return 0;
  size_t n = *cap ? *cap : first;
  while (n < need)
    n *= 2;
  void *q = realloc(*p, n * elem);
  if (!q)
    return fail(s, DRAT_DB_NOMEM);
  *p = q;
  *cap = n;
  return 0;
}

/* Literals inside are 2*var + (negative), the binary format's numbering. */
static unsigned lit_of(long dimacs) {
  return dimacs > 0 ? 2u * (unsigned)dimacs : 2u * (unsigned)-dimacs + 1;
}

/* A clause in the arena is these header words, then its literals. */
enum { H_SIZE, H_FLAGS, H_HASH, H_NEXT, HEADER };
enum { DELETED = 1 };

/* Appends c to v: 0, or -1 (v unchanged) if memory runs out. */
static int vec_push(drat_db *s, drat_vec *v, drat_cref c) {
  if (v->n == v->cap) {
    uint32_t cap = v->cap ? 2 * v->cap : 4;
    drat_cref *a = realloc(v->a, cap * sizeof *a);
    if (!a)
      return fail(s, DRAT_DB_NOMEM);
    v->a = a;
    v->cap = cap;
  }
  v->a[v->n++] = c;
  return 0;
}

static uint32_t *clause(const drat_db *s, drat_cref c) { return s->arena + c; }
static unsigned *lits_of(const drat_db *s, drat_cref c) {
  return s->arena + c + HEADER;
}

/* ---- Growing to a new variable ------------------------------------------- */

/* calloc, not realloc and memset: a large array's untouched pages then
 * cost no memory, so that one stray variable near DR_MAX_VAR does not
 * commit a gigabyte. */
static void *zero_copy(const void *p, size_t old_n, size_t new_n, size_t size) {
  char *q = calloc(new_n, size);
  if (q && old_n)
    memcpy(q, p, old_n * size);
  return q;
}

/* Makes room for variable var: 0, or -1 with every array as it was (but
 * the trail, which may have grown) if memory runs out. */
static int ensure_var(drat_db *s, int var) {
  if (var <= s->max_var)
    return 0;
  int n = s->max_var < 32 ? 64 : 2 * s->max_var;
  if (n < var)
    n = var;
  if (n > DR_MAX_VAR)
    n = DR_MAX_VAR;
  size_t old_v = s->val ? (size_t)s->max_var + 1 : 0, new_v = (size_t)n + 1;
  unsigned *trail = realloc(s->trail, new_v * sizeof *trail);
  s->trail = trail ? trail : s->trail;
  signed char *val = zero_copy(s->val, 2 * old_v, 2 * new_v, sizeof *val);
  unsigned char *mark = zero_copy(s->mark, 2 * old_v, 2 * new_v, sizeof *mark);
  drat_vec *watches =
      zero_copy(s->watches, 2 * old_v, 2 * new_v, sizeof *watches);
  drat_vec *occs = zero_copy(s->occs, 2 * old_v, 2 * new_v, sizeof *occs);
  drat_cref *reason = zero_copy(s->reason, old_v, new_v, sizeof *reason);
  if (!trail || !val || !mark || !watches || !occs || !reason) {
    free(val);
    free(mark);
    free(watches);
    free(occs);
    free(reason);
    return fail(s, DRAT_DB_NOMEM);
  }
  free(s->val);
  free(s->mark);
  free(s->watches); /* the lists themselves moved to the copies */
  free(s->occs);
  free(s->reason);
  s->val = val;
  s->mark = mark;
  s->watches = watches;
  s->occs = occs;
  s->reason = reason;
  s->max_var = n;
  return 0;
}

/* Appends a literal read to the clause being read, once: 0, or -1 if
 * memory runs out. */
static int push_lit(drat_db *s, long dimacs) {
  unsigned l = lit_of(dimacs);
  if (ensure_var(s, (int)(l >> 1)))
    return -1;
  if (s->mark[l])
    return 0;
  if (reserve(s, (void **)&s->lits, &s->lits_cap, s->lits_n + 1,
              sizeof *s->lits, 16))
    return -1;
  s->mark[l] = 1;
  s->lits[s->lits_n++] = l;
  return 0;
}

static void unmark_lits(drat_db *s) {
  for (size_t i = 0; i < s->lits_n; i++)
    s->mark[s->lits[i]] = 0;
}

/* ---- Assignments and unit propagation ------------------------------------ */

static void assign(drat_db *s, unsigned lit, drat_cref why) {
  s->val[lit] = 1;
  s->val[lit ^ 1] = -1;
  s->reason[lit >> 1] = why;
  s->trail[s->trail_n++] = lit;
}

static void backtrack(drat_db *s, size_t level) {
  while (s->trail_n > level) {
    unsigned lit = s->trail[--s->trail_n];
    s->val[lit] = s->val[lit ^ 1] = 0;
  }
  s->qhead = level;
}

/* Propagates the trail from qhead with two watched literals, the first two
 * of each clause of two or more literals.
 *   pre:  every watched literal that is false was assigned before qhead
 *         and the clause's other watched literal is true, or the clause is
 *         still to be visited from a literal after qhead;
 *   post: returns 0 and every clause is satisfied, unit-free and watched
 *         by two non-false literals (or a true and a false one); or returns
 *         a clause all of whose literals are false; or returns 0 with
 *         s->failed set, if memory ran out.
 * Deleted clauses are dropped from the watch lists as they are met. */
static drat_cref propagate(drat_db *s) {
  drat_cref conflict = 0;
  while (!conflict && !s->failed && s->qhead < s->trail_n) {
    unsigned falsified = s->trail[s->qhead++] ^ 1;
    drat_vec *ws = &s->watches[falsified];
    uint32_t i = 0, j = 0;
    while (i < ws->n && !conflict) {
      drat_cref c = ws->a[i++];
      uint32_t *h = clause(s, c);
      if (h[H_FLAGS] & DELETED)
        continue;
      unsigned *l = lits_of(s, c), size = h[H_SIZE];
      if (l[0] == falsified) {
        l[0] = l[1];
        l[1] = falsified;
      }
      unsigned k = 2;
      if (s->val[l[0]] != 1)
        while (k < size && s->val[l[k]] == -1)
          k++;
      if (s->val[l[0]] != 1 && k < size && !vec_push(s, &s->watches[l[k]], c)) {
        l[1] = l[k];
        l[k] = falsified;
        continue;
      }
      ws->a[j++] = c;
      if (s->failed) /* the watch could not move: stop here */
        break;
      if (s->val[l[0]] == -1)
        conflict = c;
      else if (s->val[l[0]] == 0)
        assign(s, l[0], c);
    }
    while (i < ws->n)
      ws->a[j++] = ws->a[i++];
    ws->n = j;
  }
  return conflict;
}

/* Propagation at the root level, whose conflict makes the clauses
 * inconsistent for good (until a deletion takes a reason away). */
static void root_propagate(drat_db *s) {
  drat_cref c = propagate(s);
  if (c) {
    s->inconsistent = 1;
    s->conflict = c;
  }
  s->root_n = s->trail_n;
}

/* Assumes every literal of lits[0..n-1] but skip false; returns 1 if one of
 * them is true already (the assumptions then conflict), else 0. */
static int assume_negation(drat_db *s, const unsigned *lits, size_t n,
                           unsigned skip) {
  for (size_t i = 0; i < n; i++) {
    unsigned l = lits[i];
    if (l == skip || s->val[l] == -1)
      continue;
    if (s->val[l] == 1)
      return 1;
    assign(s, l ^ 1, 0);
  }
  return 0;
}

/* Starts the root level again from the unit clauses, after deletions that
 * may have taken away the reason of a root-level literal.  Watches need no
 * repair: with nothing assigned, any two literals of a clause will do. */
static void rebuild_root(drat_db *s) {
  backtrack(s, 0);
  s->inconsistent = 0;
  s->dirty = 0;
  for (uint32_t i = 0; i < s->units.n && !s->inconsistent; i++) {
    drat_cref u = s->units.a[i];
    unsigned l = lits_of(s, u)[0];
    if (s->val[l] == -1) {
      s->inconsistent = 1;
      s->conflict = u;
    } else if (s->val[l] == 0) {
      assign(s, l, u);
    }
  }
  if (!s->inconsistent)
    root_propagate(s);
  s->root_n = s->trail_n;
}

/* ---- The clause database ------------------------------------------------- */

/* The order of a clause's literals does not change its hash, so deletions
 * find clauses without sorting anything. */
static uint32_t hash_lits(const unsigned *lits, size_t n) {
  uint64_t sum = n, xr = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t z = (uint64_t)lits[i] * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 29)) * 0xBF58476D1CE4E5B9ULL;
    sum += z;
    xr ^= z >> 7;
  }
  uint64_t h = sum ^ (xr * 0x94D049BB133111EBULL);
  return (uint32_t)(h ^ (h >> 32));
}

static void bucket_insert(drat_db *s, drat_cref c) {
  uint32_t *h = clause(s, c);
  size_t b = h[H_HASH] & (s->num_buckets - 1);
  h[H_NEXT] = s->buckets[b];
  s->buckets[b] = c;
}

/* Doubles the hash table: 0, or -1 (the table as it was) if memory runs
 * out. */
static int grow_buckets(drat_db *s) {
  size_t old_n = s->num_buckets, n = old_n ? 2 * old_n : 1024;
  drat_cref *old = s->buckets, *buckets = calloc(n, sizeof *buckets);
  if (!buckets)
    return fail(s, DRAT_DB_NOMEM);
  s->buckets = buckets;
  s->num_buckets = n;
  for (size_t b = 0; b < old_n; b++) {
    for (drat_cref c = old[b], next; c; c = next) {
      next = clause(s, c)[H_NEXT];
      bucket_insert(s, c);
    }
  }
  free(old);
  return 0;
}

/* Stores lits[0..n-1] in the arena, in the occurrence lists and, with two
 * literals or more, in the hash table; returns it, or 0 if memory runs out
 * or the arena would pass its 2^32 words. */
static drat_cref store(drat_db *s, const unsigned *lits, size_t n) {
  if (s->arena_n + HEADER + n > UINT32_MAX) {
    fail(s, DRAT_DB_FULL);
    return 0;
  }
  if (reserve(s, (void **)&s->arena, &s->arena_cap, s->arena_n + HEADER + n,
              sizeof *s->arena, 1024))
    return 0;
  if (n >= 2 && s->live >= s->num_buckets && grow_buckets(s))
    return 0;
  drat_cref c = (drat_cref)s->arena_n;
  uint32_t *h = clause(s, c);
  h[H_SIZE] = (uint32_t)n;
  h[H_FLAGS] = 0;
  h[H_HASH] = hash_lits(lits, n);
  h[H_NEXT] = 0;
  memcpy(h + HEADER, lits, n * sizeof *lits);
  s->arena_n += HEADER + n;
  for (size_t i = 0; i < n; i++)
    if (vec_push(s, &s->occs[lits[i]], c))
      return 0;
  if (n >= 2) {
    bucket_insert(s, c);
    s->live++;
  }
  return c;
}

/* Adds a clause of one literal or more at the root level: watches two of
 * its literals, non-false ones if it has them, and propagates what it
 * implies there. */
static void add_clause(drat_db *s, const unsigned *lits, size_t n) {
  drat_cref c = store(s, lits, n);
  if (!c)
    return;
  unsigned *l = lits_of(s, c);
  if (n == 1) {
    if (vec_push(s, &s->units, c) || s->inconsistent || s->val[l[0]] == 1)
      return;
    if (s->val[l[0]] == -1) {
      s->inconsistent = 1;
      s->conflict = c;
      return;
    }
    assign(s, l[0], c);
    root_propagate(s);
    return;
  }
  size_t open = 0;
  for (size_t i = 0; i < n && !s->inconsistent; i++) {
    if (s->val[l[i]] != -1) {
      unsigned t = l[open];
      l[open++] = l[i];
      l[i] = t;
    }
  }
  if (vec_push(s, &s->watches[l[0]], c) || vec_push(s, &s->watches[l[1]], c) ||
      s->inconsistent)
    return;
  if (open == 0) {
    s->inconsistent = 1;
    s->conflict = c;
  } else if (open == 1 && s->val[l[0]] == 0) {
    assign(s, l[0], c);
    root_propagate(s);
  }
}

/* Takes the stored clause with the literals of s->lits, as a set, out of
 * the hash table and returns it; 0 if there is none. */
static drat_cref take_out(drat_db *s) {
  size_t n = s->lits_n;
  uint32_t hash = hash_lits(s->lits, n);
  drat_cref found = 0, *link = &s->buckets[hash & (s->num_buckets - 1)];
  for (size_t i = 0; i < n; i++)
    s->mark[s->lits[i]] = 1;
  for (; *link; link = &clause(s, *link)[H_NEXT]) {
    uint32_t *h = clause(s, *link);
    if (h[H_HASH] != hash || h[H_SIZE] != n)
      continue;
    size_t k = 0;
    while (k < n && s->mark[h[HEADER + k]])
      k++;
    if (k == n) {
      found = *link;
      *link = h[H_NEXT];
      break;
    }
  }
  unmark_lits(s);
  return found;
}

/* Whether clause c is the reason of a literal of the root level (which is
 * one of its watched literals, the first two). */
static int is_reason(const drat_db *s, drat_cref c) {
  const unsigned *l = lits_of(s, c);
  for (int k = 0; k < 2; k++)
    if (s->val[l[k]] == 1 && s->reason[l[k] >> 1] == c)
      return 1;
  return 0;
}

/* ---- RUP and RAT --------------------------------------------------------- */

/* With the negation of the lemma s->lits propagated without a conflict:
 * whether every resolvent on its first literal with a current clause is
 * RUP.  Deleted clauses leave the occurrence list on the way. */
static int is_rat(drat_db *s) {
  unsigned pivot = s->lits[0];
  drat_vec *occ = &s->occs[pivot ^ 1];
  size_t level = s->trail_n;
  uint32_t j = 0;
  int ok = 1;
  for (uint32_t i = 0; i < occ->n; i++) {
    drat_cref d = occ->a[i];
    uint32_t *h = clause(s, d);
    if (h[H_FLAGS] & DELETED)
      continue;
    occ->a[j++] = d;
    if (!ok)
      continue;
    int conflict = assume_negation(s, h + HEADER, h[H_SIZE], pivot ^ 1) ||
                   propagate(s) != 0;
    backtrack(s, level);
    ok = conflict;
  }
  occ->n = j;
  return ok;
}

int drat__holds(drat_db *s) {
  if (s->dirty)
    rebuild_root(s);
  if (s->inconsistent)
    return 1;
  int holds =
      assume_negation(s, s->lits, s->lits_n, UINT32_MAX) || propagate(s) != 0;
  if (!holds && s->lits_n > 0 && is_rat(s))
    holds = 2;
  backtrack(s, s->root_n);
  return holds;
}

int drat__tautology(drat_db *s) {
  int found = 0;
  for (size_t i = 0; i < s->lits_n; i++)
    s->mark[s->lits[i]] = 1;
  for (size_t i = 0; i < s->lits_n && !found; i++)
    found = s->mark[s->lits[i] ^ 1u];
  unmark_lits(s);
  return found;
}

/* ---- The database as a whole -------------------------------------------- */

int drat__db_init(drat_db *s) {
  s->arena_n = 1;
  return ensure_var(s, 1) || grow_buckets(s) ? -1 : 0;
}

int drat__take(drat_db *s, const long *lits, size_t n) {
  int rc = 0;
  s->lits_n = 0;
  for (size_t i = 0; i < n && !rc; i++)
    rc = push_lit(s, lits[i]);
  unmark_lits(s);
  return rc;
}

void drat__add(drat_db *s) { add_clause(s, s->lits, s->lits_n); }

int drat__delete(drat_db *s) {
  drat_cref c = take_out(s);
  if (!c)
    return 0;
  clause(s, c)[H_FLAGS] |= DELETED;
  s->live--;
  if (is_reason(s, c) || (s->inconsistent && c == s->conflict))
    s->dirty = 1;
  return 1;
}

void drat__db_free(drat_db *s) {
  for (size_t l = 0; s->watches && l < 2 * ((size_t)s->max_var + 1); l++) {
    free(s->watches[l].a);
    free(s->occs[l].a);
  }
  free(s->watches);
  free(s->occs);
  free(s->units.a);
  free(s->val);
  free(s->mark);
  free(s->reason);
  free(s->trail);
  free(s->arena);
  free(s->buckets);
  free(s->lits);
}
