/* redundant.c - clauses that the axioms do not need but that help a solver:
 * they rule out plays that are mere reorderings of others, and final holes
 * that no play can reach.  Each keeps a puzzle solvable exactly when it was;
 * docs/encoding.md gives the arguments.
 *
 * canonical_order: two jumps that touch six different holes can be made in
 *   either order with the same effect.  Of the plays that differ only by
 *   such swaps, keep those where no jump at time I+1 is independent of the
 *   jump at time I and comes before it in the board's jump order: the
 *   smallest of the plays in that order (compared time by time) always
 *   qualifies, since swapping such a pair would make it smaller.
 * position_classes: the parities that no jump changes (classes.c) rule
 *   out final holes, starts, or the whole puzzle. */
#include "internal.h"

#include <stdlib.h>

/* ---- Canonical order ------------------------------------------------------
 */

/* Marks in stamp[] the jumps before x that share a hole with x (stamp value
 * x + 1); returns how many there are.  h: jumps by hole. */
static size_t mark_dependent(const peg_encoding *e, const peg__hole_index *h,
                             size_t x, size_t *stamp) {
  peg_jump jx = peg__jump_of(e->work, x);
  int holes[3] = {jx.from, jx.over, jx.to};
  size_t count = 0;
  for (int k = 0; k < 3; k++)
    for (size_t i = h->start[holes[k]]; i < h->start[holes[k] + 1]; i++) {
      size_t y = h->jumps[i];
      if (y < x && stamp[y] != x + 1) {
        stamp[y] = x + 1;
        count++;
      }
    }
  return count;
}

int peg__hole_index_build(const peg_encoding *e, peg__hole_index *h) {
  size_t n = (size_t)e->holes + 2;
  h->start = calloc(n, sizeof *h->start);
  h->jumps = malloc((3 * e->jumps + 1) * sizeof *h->jumps);
  if (!h->start || !h->jumps)
    return PEG_ENOMEM;
  for (size_t j = 0; j < e->jumps; j++) {
    peg_jump x = peg__jump_of(e->work, j);
    h->start[x.from + 1]++;
    h->start[x.over + 1]++;
    h->start[x.to + 1]++;
  }
  for (size_t i = 1; i < n; i++)
    h->start[i] += h->start[i - 1];
  for (size_t j = 0; j < e->jumps; j++) {
    peg_jump x = peg__jump_of(e->work, j);
    h->jumps[h->start[x.from]++] = j;
    h->jumps[h->start[x.over]++] = j;
    h->jumps[h->start[x.to]++] = j;
  }
  for (size_t i = n - 1; i > 0; i--)
    h->start[i] = h->start[i - 1];
  h->start[0] = 0;
  return 0;
}

void peg__hole_index_free(peg__hole_index *h) {
  free(h->start);
  free(h->jumps);
}

/* The number of pairs (y, x), y before x in the jump order, that touch six
 * different holes; -1 if memory runs out. */
int64_t peg__independent_pairs(const peg_encoding *e) {
  peg__hole_index h = {0};
  size_t *stamp = calloc(e->jumps + 1, sizeof *stamp);
  int64_t pairs = -1;
  if (stamp && !peg__hole_index_build(e, &h)) {
    pairs = 0;
    for (size_t x = 0; x < e->jumps; x++)
      pairs += (int64_t)(x - mark_dependent(e, &h, x, stamp));
  }
  peg__hole_index_free(&h);
  free(stamp);
  return pairs;
}

int peg__emit_order(const peg_encoding *e, peg_clause_fn fn, void *ctx) {
  if (!e->canonical_order || e->steps < 2)
    return 0;
  peg__hole_index h = {0};
  size_t *stamp = calloc(e->jumps + 1, sizeof *stamp);
  int rc = stamp ? peg__hole_index_build(e, &h) : PEG_ENOMEM;
  for (size_t x = 0; !rc && x < e->jumps; x++) {
    mark_dependent(e, &h, x, stamp);
    for (size_t y = 0; !rc && y < x; y++) {
      if (stamp[y] == x + 1)
        continue;
      for (int t = 1; !rc && t < e->steps; t++) {
        int lits[2] = {-peg__jump_atom(e, x, t), -peg__jump_atom(e, y, t + 1)};
        rc = fn(ctx, lits, 2);
      }
    }
  }
  peg__hole_index_free(&h);
  free(stamp);
  return rc;
}
