/* cube.c - dpll_cube: the first half of cube-and-conquer.  The clauses are
 * split into cubes by the classic engine's lookahead (lookahead.c), and
 * other solves, on other cores or machines, conquer the cubes.
 *
 * The split tree is grown breadth first.  A leaf is a cube: the split
 * literals on the path to it.  To split a leaf, its literals are decided
 * one per level from level 0 and propagated; then a round of probes sets
 * the failed literals it finds and picks the variable to split on, as
 * before a split of the classic search.  A conflict on the way refutes the
 * leaf, which is dropped; a leaf with nothing to split on (every clause is
 * satisfied, or no variable may be split on) is final.  Otherwise its two
 * children take its place at the back of the queue, the value the
 * lookahead prefers first.  Growth stops when the cubes reach the count
 * asked for, when the next leaf has the depth asked for, or when the
 * terminate callback says stop: the leaves are the cubes.
 *
 * The cubes cover the formula: a model satisfies the literals of every
 * split on the path from the root to exactly one leaf, and no refuted leaf
 * holds a model (a conflict under a cube shows that the clauses and the
 * cube cannot both hold).  Two cubes differ in the value of the variable
 * split on where their paths part, so no assignment satisfies two of them.
 * tests/test_cube.c checks both with a brute-force oracle. */
#include "add.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "lookahead.h"
#include "memory.h"
#include "proof.h"
#include "propagate.h"
#include "purecount.h"

#include <stdlib.h>

typedef struct leaf {
  size_t off;    /* its literals: tree.lits[off .. off + size - 1] */
  uint32_t size; /* its depth */
} leaf;

typedef struct tree {
  unsigned *lits; /* the leaves' literals, which stay put */
  size_t nlits, lits_cap;
  leaf *queue; /* leaves to split, from head on */
  size_t head, size, cap;
  leaf *done; /* final leaves */
  size_t ndone, done_cap;
} tree;

static void tree_free(tree *t) {
  free(t->lits);
  free(t->queue);
  free(t->done);
}

/* Appends leaf l with lit after its literals (lit 0: none) to the queue,
 * or to the final leaves if final.  0 or DPLL_ENOMEM. */
static int push(tree *t, leaf l, unsigned lit, bool final) {
  size_t n = l.size + (lit != 0);
  int rc = DPLL_GROW(t->lits, t->lits_cap, t->nlits + n, SIZE_MAX / 4);
  if (!rc && final)
    rc = DPLL_GROW(t->done, t->done_cap, t->ndone + 1, SIZE_MAX / 32);
  if (!rc && !final)
    rc = DPLL_GROW(t->queue, t->cap, t->size + 1, SIZE_MAX / 32);
  if (rc)
    return rc;
  for (uint32_t i = 0; i < l.size; i++)
    t->lits[t->nlits + i] = t->lits[l.off + i];
  if (lit)
    t->lits[t->nlits + l.size] = lit;
  leaf child = {t->nlits, (uint32_t)n};
  t->nlits += n;
  if (final)
    t->done[t->ndone++] = child;
  else
    t->queue[t->size++] = child;
  return 0;
}

enum { LEAF_SPLIT, LEAF_FINAL, LEAF_REFUTED, LEAF_STOPPED, ROOT_UNSAT };

/* Decides the literals of leaf l, one per level, and propagates each; a
 * literal already true needs no level.  LEAF_SPLIT, LEAF_REFUTED,
 * ROOT_UNSAT (a conflict at level 0) or DPLL_ENOMEM. */
static int enter(dpll_solver *s, const tree *t, leaf l) {
  dpll__trail_reset(s);
  cref conflict = dpll__propagate(s);
  for (uint32_t i = 0; i < l.size && conflict == CREF_NONE; i++) {
    unsigned lit = t->lits[l.off + i];
    if (dpll__value(s, lit) > 0)
      continue;
    if (dpll__value(s, lit) < 0)
      return LEAF_REFUTED;
    dpll__new_level(s, false);
    dpll__assign(s, lit, CREF_NONE);
    conflict = dpll__propagate(s);
  }
  if (conflict == CREF_OOM)
    return DPLL_ENOMEM;
  if (conflict == CREF_NONE)
    return LEAF_SPLIT;
  return dpll__decision_level(s) == 0 ? ROOT_UNSAT : LEAF_REFUTED;
}

/* Whether free variable v is in a clause not yet satisfied (after a
 * round of probes, whose counts are kept). */
static bool in_open_clause(const dpll_solver *s, int v) {
  return dpll__pure_unsat(s, lit_pos(v)) || dpll__pure_unsat(s, lit_neg(v));
}

/* When the lookahead has no split: if a clause not yet satisfied is left,
 * a free variable of the highest class (dpll.h: the split keeps to the
 * classes), one in such a clause if that class has one; else 0 (the leaf
 * is final). */
static unsigned fallback_split(const dpll_solver *s) {
  int best = 0;
  bool open = false, best_open = false;
  for (int v = 1; v <= s->num_vars; v++) {
    if (dpll__value(s, lit_pos(v)) != 0)
      continue;
    bool o = in_open_clause(s, v);
    int c = best ? dpll__class_cmp(s, v, best) : 1;
    open |= o;
    if (c > 0 || (c == 0 && o && !best_open)) {
      best = v;
      best_open = o;
    }
  }
  return open && best ? lit_neg(best) : 0;
}

/* Splits leaf l: its children go to the queue, or it is final, refuted,
 * or left as it is (LEAF_STOPPED).  Returns one of the LEAF_ outcomes,
 * ROOT_UNSAT or DPLL_ENOMEM. */
static int split(dpll_solver *s, tree *t, leaf l) {
  int r = enter(s, t, l);
  if (r != LEAF_SPLIT)
    return r;
  int look = dpll__lookahead(s);
  if (look < 0)
    return look;
  if (look == LOOK_STOPPED)
    return LEAF_STOPPED;
  if (look == LOOK_CONFLICT)
    return dpll__decision_level(s) == 0 ? ROOT_UNSAT : LEAF_REFUTED;
  unsigned best = dpll__lookahead_best(s);
  if (!best)
    best = fallback_split(s); /* none of the top class is in such a clause */
  if (!best)
    return LEAF_FINAL;
  int rc = push(t, l, best, false);
  if (!rc)
    rc = push(t, l, lit_not(best), false);
  return rc ? rc : LEAF_SPLIT;
}

/* Grows the tree (see the top of the file).  0, ROOT_UNSAT or
 * DPLL_ENOMEM; the leaves left are in the queue and the final list. */
static int grow(dpll_solver *s, tree *t, int depth, int64_t count) {
  int rc = push(t, (leaf){0, 0}, 0, false); /* the root: the empty cube */
  while (!rc && t->head < t->size) {
    leaf l = t->queue[t->head];
    uint64_t cubes = t->ndone + (t->size - t->head);
    if ((count > 0 && cubes >= (uint64_t)count) ||
        (depth > 0 && l.size >= (uint32_t)depth) || dpll__terminated(s))
      break;
    t->head++;
    int r = split(s, t, l);
    if (r == LEAF_FINAL)
      rc = push(t, l, 0, true);
    else if (r == LEAF_STOPPED) {
      t->head--; /* it stays a leaf */
      break;
    } else if (r == ROOT_UNSAT || r < 0)
      rc = r;
  }
  return rc;
}

static int report(const tree *t, const leaf *ls, size_t n, int **ext,
                  size_t *cap, dpll_cube_fn fn, void *ctx) {
  for (size_t i = 0; i < n; i++) {
    int rc = DPLL_GROW(*ext, *cap, (size_t)ls[i].size + 1, SIZE_MAX / 4);
    if (rc)
      return rc;
    for (uint32_t k = 0; k < ls[i].size; k++)
      (*ext)[k] = lit_to_ext(t->lits[ls[i].off + k]);
    if (fn(ctx, *ext, ls[i].size))
      return DPLL_EIO;
  }
  return 0;
}

int dpll_cube(dpll_solver *s, int depth, int64_t count, dpll_cube_fn fn,
              void *ctx) {
  if (!s || !fn || depth < 0 || count < 0 || (depth == 0 && count == 0) ||
      dpll__proof_wanted(s))
    return DPLL_EINVAL;
  if (dpll__input_open(s))
    return DPLL_EOPEN;
  dpll__touch(s);
  if (dpll__unsat(s))
    return DPLL_UNSAT;
  tree t = {0};
  int rc = grow(s, &t, depth, count);
  dpll__trail_reset(s);
  if (!rc && t.ndone == 0 && t.head == t.size)
    rc = ROOT_UNSAT; /* every branch refuted */
  if (rc == ROOT_UNSAT) {
    dpll__clause_empty(s);
    dpll__touch(s);
    rc = DPLL_UNSAT;
  }
  int *ext = NULL;
  size_t cap = 0;
  if (!rc)
    rc = report(&t, t.done, t.ndone, &ext, &cap, fn, ctx);
  if (!rc)
    rc = report(&t, t.queue + t.head, t.size - t.head, &ext, &cap, fn, ctx);
  free(ext);
  tree_free(&t);
  return rc;
}
