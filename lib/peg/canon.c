/* canon.c - a numbering of the holes that follows from the board itself
 * (its triples, start and goal), not from how its file numbers them, so
 * that two numberings of one board give the same clauses (option
 * hole_order, docs/encoding.md).
 *
 * Colour refinement: holes start coloured by (peg at the start, peg in
 * the goal); a hole's next colour is its colour with the sorted list of
 * its triples, each seen as (its role in it, the other two holes'
 * colours).  Colours are numbered in the sorted order of these
 * signatures, so they never depend on the file's numbers.  When the
 * colours settle with ties, each hole of the first tied colour is made
 * unique in turn and the search goes on; each branch ends in an order of
 * all the holes, and the order whose sorted triples come first wins.
 * Symmetric holes lead to the same triples, so the winner is the same for
 * every numbering of the board.  A budget bounds the work: past it, ties
 * are broken by the file's numbers (still a valid numbering, no longer
 * the same for every renumbering). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The most orders compared, and the refinement work (signature entries
 * handled) allowed in all. */
#define CANON_MAX_LEAVES 64
#define CANON_BUDGET 5000000
/* Bigger boards keep the file's numbering (the packing of sorted triples
 * takes 21 bits a hole). */
#define CANON_MAX_HOLES (1 << 20)

typedef struct canon canon;
struct canon {
  const peg_board *b;
  int n;
  size_t *inc_start; /* [n + 2]: hole h's triples are inc[inc_start[h]..] */
  size_t *inc;
  uint64_t *sig;   /* entries, aligned with inc */
  uint64_t *order; /* holes sorted by signature */
  int *scratch;    /* for the merge sort */
  uint64_t *wide;  /* for the merge sort of entries */
  int *colour;     /* the colours being refined: [1..n] */
  uint64_t *cert;  /* this leaf's sorted triples */
  uint64_t *best;  /* the best leaf's */
  int *best_rank;  /* [1..n] */
  bool have_best;
  long leaves;
  int64_t budget;
};

/* ---- Sorting (a stable merge sort; qsort has no context argument) ----- */

typedef int (*compare_fn)(const struct canon *c, uint64_t x, uint64_t y);

/* Sorts a[0..n-1] by cmp (NULL: by value), using tmp[0..n-1]. */
static void merge_sort(uint64_t *a, uint64_t *tmp, size_t n, compare_fn cmp,
                       const struct canon *c) {
  for (size_t w = 1; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n,
             hi = lo + 2 * w < n ? lo + 2 * w : n;
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        bool before = cmp ? cmp(c, a[j], a[i]) < 0 : a[j] < a[i];
        tmp[k++] = before ? a[j++] : a[i++];
      }
      while (i < mid)
        tmp[k++] = a[i++];
      while (j < hi)
        tmp[k++] = a[j++];
    }
    memcpy(a, tmp, n * sizeof *a);
  }
}

/* Compares holes x and y by colour, then their sorted entries. */
static int compare_holes(const struct canon *c, uint64_t hx, uint64_t hy) {
  int x = (int)hx, y = (int)hy;
  if (c->colour[x] != c->colour[y])
    return c->colour[x] < c->colour[y] ? -1 : 1;
  size_t i = c->inc_start[x], ie = c->inc_start[x + 1];
  size_t j = c->inc_start[y], je = c->inc_start[y + 1];
  for (; i < ie && j < je; i++, j++)
    if (c->sig[i] != c->sig[j])
      return c->sig[i] < c->sig[j] ? -1 : 1;
  return (i < ie) - (j < je);
}

/* ---- Refinement ---------------------------------------------------------- */

static uint64_t entry(int role, int x, int y) {
  if (role == 0 && y < x) {
    int t = x;
    x = y;
    y = t;
  }
  return (uint64_t)role << 62 | (uint64_t)x << 31 | (uint64_t)y;
}

/* Hole h's entry for triple t. */
static uint64_t entry_of(const canon *c, int h, size_t t) {
  const int *x = c->b->triples[t];
  const int *col = c->colour;
  if (x[1] == h)
    return entry(0, col[x[0]], col[x[2]]);
  return entry(1, col[x[1]], col[x[0] == h ? x[2] : x[0]]);
}

/* Renumbers the colours 0..k-1 in the order of the holes' signatures;
 * returns k. */
static int recolour(canon *c) {
  for (int h = 1; h <= c->n; h++) {
    size_t lo = c->inc_start[h], hi = c->inc_start[h + 1];
    for (size_t i = lo; i < hi; i++)
      c->sig[i] = entry_of(c, h, c->inc[i]);
    merge_sort(c->sig + lo, c->wide, hi - lo, NULL, c);
  }
  for (int i = 0; i < c->n; i++)
    c->order[i] = (uint64_t)i + 1;
  merge_sort(c->order, c->wide, (size_t)c->n, compare_holes, c);
  int k = 0;
  int *next = c->scratch;
  for (int i = 0; i < c->n; i++) {
    if (i && compare_holes(c, c->order[i - 1], c->order[i]))
      k++;
    next[(int)c->order[i]] = k;
  }
  for (int h = 1; h <= c->n; h++)
    c->colour[h] = next[h];
  c->budget -= (int64_t)(c->inc_start[c->n + 1] + (size_t)c->n);
  return k + 1;
}

/* Refines until the colours settle (or the budget is spent). */
static void refine(canon *c) {
  int before = -1, now = 0;
  while (c->budget > 0 && now != before) {
    before = now;
    now = recolour(c);
  }
}

/* ---- The search ---------------------------------------------------------- */

static int compare_u64(const uint64_t *a, const uint64_t *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* The colours (below 2n + 2), ties broken by hole number, become a rank
 * 0..n-1; the triples are sorted under it and kept if they come first. */
static void leaf(canon *c) {
  int *start = c->scratch, colours = 2 * c->n + 2;
  memset(start, 0, ((size_t)colours + 1) * sizeof *start);
  for (int h = 1; h <= c->n; h++)
    start[c->colour[h] + 1]++;
  for (int k = 1; k <= colours; k++)
    start[k] += start[k - 1];
  for (int h = 1; h <= c->n; h++)
    c->colour[h] = start[c->colour[h]]++;
  size_t m = c->b->num_triples;
  for (size_t t = 0; t < m; t++) {
    const int *x = c->b->triples[t];
    uint64_t a = (uint64_t)c->colour[x[0]], o = (uint64_t)c->colour[x[1]],
             z = (uint64_t)c->colour[x[2]];
    c->cert[t] = (a < z ? a : z) << 42 | o << 21 | (a < z ? z : a);
  }
  merge_sort(c->cert, c->wide, m, NULL, c);
  c->leaves++;
  if (c->have_best && compare_u64(c->cert, c->best, m) >= 0)
    return;
  memcpy(c->best, c->cert, m * sizeof *c->best);
  memcpy(c->best_rank, c->colour, ((size_t)c->n + 1) * sizeof *c->colour);
  c->have_best = true;
}

/* The first colour that more than one hole has, or -1. */
static int tied_colour(const canon *c, int *size) {
  int *count = c->scratch;
  memset(count, 0, (size_t)c->n * sizeof *count);
  for (int h = 1; h <= c->n; h++)
    count[c->colour[h]]++;
  for (int k = 0; k < c->n; k++)
    if (count[k] > 1) {
      *size = count[k];
      return k;
    }
  return -1;
}

static int search(canon *c) {
  refine(c);
  int size, tied = c->budget > 0 ? tied_colour(c, &size) : -1;
  if (tied < 0) {
    leaf(c);
    return 0;
  }
  int *saved = malloc(((size_t)c->n + 1) * sizeof *saved);
  if (!saved)
    return PEG_ENOMEM;
  memcpy(saved, c->colour, ((size_t)c->n + 1) * sizeof *saved);
  int rc = 0;
  for (int v = 1; v <= c->n && !rc; v++) {
    if (saved[v] != tied)
      continue;
    if (c->have_best && (c->leaves >= CANON_MAX_LEAVES || c->budget <= 0))
      break;
    for (int h = 1; h <= c->n; h++)
      c->colour[h] = 2 * saved[h] + (h != v);
    rc = search(c);
  }
  free(saved);
  return rc;
}

/* ---- Setting up ---------------------------------------------------------- */

static void canon_free(canon *c) {
  COMMON_FREE_ALL(c->inc_start, c->inc, c->sig, c->order, c->scratch, c->wide,
                  c->colour, c->cert, c->best);
}

static int canon_init(canon *c, const peg_board *b, int *rank) {
  size_t n = (size_t)b->holes, m = b->num_triples, big = 3 * m + n + 1;
  *c =
      (canon){.b = b, .n = b->holes, .best_rank = rank, .budget = CANON_BUDGET};
  c->inc_start = calloc(n + 2, sizeof *c->inc_start);
  c->inc = malloc(3 * m * sizeof *c->inc + 1);
  c->sig = malloc(3 * m * sizeof *c->sig + 1);
  c->order = malloc((n + 1) * sizeof *c->order);
  c->scratch = malloc((2 * n + 3) * sizeof *c->scratch);
  c->wide = malloc(big * sizeof *c->wide);
  c->colour = malloc((n + 1) * sizeof *c->colour);
  c->cert = malloc((m + 1) * sizeof *c->cert);
  c->best = malloc((m + 1) * sizeof *c->best);
  if (!c->inc_start || !c->inc || !c->sig || !c->order || !c->scratch ||
      !c->wide || !c->colour || !c->cert || !c->best)
    return PEG_ENOMEM;
  for (size_t t = 0; t < m; t++)
    for (int k = 0; k < 3; k++)
      c->inc_start[b->triples[t][k] + 1]++;
  for (size_t i = 1; i < n + 2; i++)
    c->inc_start[i] += c->inc_start[i - 1];
  for (size_t t = 0; t < m; t++)
    for (int k = 0; k < 3; k++)
      c->inc[c->inc_start[b->triples[t][k]]++] = t;
  for (size_t i = n + 1; i > 0; i--)
    c->inc_start[i] = c->inc_start[i - 1];
  c->inc_start[0] = 0;
  for (int h = 1; h <= b->holes; h++)
    c->colour[h] = 2 * (b->free_start ? 0 : b->start[h]) +
                   (b->goal_given ? b->goal[h] : 0);
  return 0;
}

int peg__canonical_rank(const peg_board *b, int *rank) {
  if (b->holes > CANON_MAX_HOLES) {
    for (int h = 1; h <= b->holes; h++)
      rank[h] = h;
    return 0;
  }
  canon c;
  int rc = canon_init(&c, b, rank);
  if (!rc)
    rc = search(&c);
  canon_free(&c);
  for (int h = 1; !rc && h <= b->holes; h++)
    rank[h]++;
  return rc;
}

peg_board *peg__relabel(const peg_board *b, const int *rank) {
  size_t m = b->num_triples;
  uint64_t *t = malloc((2 * m + 1) * sizeof *t);
  peg_board *r = t ? peg_board_new(b->holes) : NULL;
  if (!r) {
    free(t);
    return NULL;
  }
  for (size_t i = 0; i < m; i++) {
    const int *x = b->triples[i];
    uint64_t a = (uint64_t)rank[x[0]], o = (uint64_t)rank[x[1]],
             z = (uint64_t)rank[x[2]];
    t[i] = (a < z ? a : z) << 42 | o << 21 | (a < z ? z : a);
  }
  merge_sort(t, t + m, m, NULL, NULL);
  uint64_t mask = (1u << 21) - 1;
  for (size_t i = 0; i < m && r; i++)
    if (peg_board_add_triple(r, (int)(t[i] >> 42), (int)(t[i] >> 21 & mask),
                             (int)(t[i] & mask))) {
      peg_board_free(r);
      r = NULL;
    }
  free(t);
  if (!r)
    return NULL;
  r->free_start = b->free_start;
  r->goal_given = b->goal_given;
  for (int h = 1; h <= b->holes; h++) {
    r->start[rank[h]] = b->start[h];
    r->goal[rank[h]] = b->goal[h];
  }
  return r;
}
