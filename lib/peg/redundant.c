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
 * position_classes: colour the holes with three colours, from their row and
 *   column, so that every triple has one hole of each colour.  A jump
 *   empties two holes of two colours and fills one of the third, so every
 *   colour's peg count changes by one and the parity of the difference of
 *   any two counts never changes.  A final hole whose counts have other
 *   parities than the start's cannot hold the last peg.  Used when the goal
 *   is one peg anywhere and the start is given. */
#include "internal.h"

#include <stdlib.h>

/* ---- Canonical order ------------------------------------------------------
 */

/* Marks in stamp[] the jumps before x that share a hole with x (stamp value
 * x + 1); returns how many there are.  h: jumps by hole. */
static size_t mark_dependent(const peg_encoding *e, const peg__hole_index *h,
                             size_t x, size_t *stamp) {
  peg_jump jx = peg__jump_of(e->board, x);
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
    peg_jump x = peg__jump_of(e->board, j);
    h->start[x.from + 1]++;
    h->start[x.over + 1]++;
    h->start[x.to + 1]++;
  }
  for (size_t i = 1; i < n; i++)
    h->start[i] += h->start[i - 1];
  for (size_t j = 0; j < e->jumps; j++) {
    peg_jump x = peg__jump_of(e->board, j);
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

/* ---- Position classes ------------------------------------------------------
 */

/* The colourings tried: (a * row + b * column) mod 3, one (a, b) per line
 * through the origin of Z3 x Z3. */
static const int colourings[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, 2}};

static int colour(const peg_board *b, int k, int hole) {
  return (colourings[k][0] * b->row[hole] + colourings[k][1] * b->col[hole]) %
         3;
}

/* Whether colouring k gives every triple three different colours (and
 * every hole a position). */
static bool colouring_works(const peg_board *b, int k) {
  for (int hole = 1; hole <= b->holes; hole++)
    if (b->row[hole] <= 0 || b->col[hole] <= 0)
      return false;
  for (size_t t = 0; t < b->num_triples; t++) {
    int c0 = colour(b, k, b->triples[t][0]),
        c1 = colour(b, k, b->triples[t][1]),
        c2 = colour(b, k, b->triples[t][2]);
    if (c0 == c1 || c1 == c2 || c0 == c2)
      return false;
  }
  return true;
}

/* The parities of count0 - count1 and count1 - count2 under colouring k of
 * the holes in set (or of the single hole `only` if it is > 0). */
static int parities(const peg_board *b, int k, const unsigned char *set,
                    int only) {
  int n[3] = {0, 0, 0};
  for (int hole = 1; hole <= b->holes; hole++)
    if (only > 0 ? hole == only : set[hole] != 0)
      n[colour(b, k, hole)]++;
  return ((n[0] - n[1]) & 1) | (((n[1] - n[2]) & 1) << 1);
}

static bool classes_apply(const peg_encoding *e) {
  return e->position_classes && !e->board->goal_given &&
         !e->board->free_start && e->board->row && e->board->col;
}

/* Calls fn with the unit clause -Peg(hole, T+1) for every hole that
 * position classes rule out as the last peg's place (fn NULL: none), and
 * returns how many there are; *rc receives fn's first non-zero return,
 * which stops the calls. */
static int for_excluded(const peg_encoding *e, peg_clause_fn fn, void *ctx,
                        int *rc) {
  const peg_board *b = e->board;
  int works[4], start[4], count = 0;
  *rc = 0;
  if (!classes_apply(e))
    return 0;
  for (int k = 0; k < 4; k++) {
    works[k] = colouring_works(b, k);
    start[k] = works[k] ? parities(b, k, b->start, 0) : 0;
  }
  for (int hole = 1; hole <= b->holes && !*rc; hole++) {
    bool out = false;
    for (int k = 0; k < 4 && !out; k++)
      out = works[k] && parities(b, k, NULL, hole) != start[k];
    if (!out)
      continue;
    count++;
    if (fn) {
      int lit = -peg__peg_atom(e, hole, e->steps + 1);
      *rc = fn(ctx, &lit, 1);
    }
  }
  return count;
}

int peg__excluded_holes(const peg_encoding *e) {
  int rc;
  return for_excluded(e, NULL, NULL, &rc);
}

int peg__emit_classes(const peg_encoding *e, peg_clause_fn fn, void *ctx) {
  int rc;
  for_excluded(e, fn, ctx, &rc);
  return rc;
}
