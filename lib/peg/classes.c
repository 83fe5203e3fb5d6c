/* classes.c - position classes found from the triples alone, whatever the
 * layout or the numbering of the holes: the sets S of holes that every
 * triple meets in none or two of its holes.  A jump empties two holes of a
 * triple and fills the third, so it changes the pegs in S by 0 or -2 (two
 * of S emptied) or 0 (one emptied, one filled): the parity of the number
 * of pegs in S never changes.  The indicator vectors of such sets are the
 * null space, over GF(2), of the matrix whose rows are the triples; if the
 * start and the goal differ in parity on one of them, no play exists.
 * This is de Bruijn's argument (his GF(4) sums are two such parities for
 * each diagonal direction), found by elimination instead of by colouring.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Boards up to this many holes are examined (the elimination costs about
 * triples x holes^2 / 64 steps). */
#define CLASSES_MAX_HOLES 1024

typedef uint64_t word;

/* The GF(2) row space of the triples in reduced echelon form, and the null
 * space basis that follows from it; bit h-1 of a vector is hole h. */
typedef struct classes {
  int holes;
  size_t words; /* per vector */
  word *rows;   /* rank vectors, each with a pivot */
  int *pivot;   /* rows' pivot bits */
  size_t rank;
  word *null; /* holes - rank vectors */
  size_t nullity;
} classes;

static bool bit(const word *v, int i) { return v[i / 64] >> (i % 64) & 1; }

static void flip(word *v, int i) { v[i / 64] ^= (word)1 << (i % 64); }

static bool odd_overlap(const word *a, const word *b, size_t words) {
  word x = 0;
  for (size_t i = 0; i < words; i++)
    x ^= a[i] & b[i];
  return __builtin_parityll(x);
}

/* Reduces v by the rows found so far; if anything is left, it becomes a
 * new row and every row above is reduced by it (reduced echelon form). */
static void add_row(classes *c, word *v) {
  for (size_t r = 0; r < c->rank; r++)
    if (bit(v, c->pivot[r]))
      for (size_t i = 0; i < c->words; i++)
        v[i] ^= c->rows[r * c->words + i];
  int p = -1;
  for (size_t i = 0; i < c->words && p < 0; i++)
    if (v[i])
      p = (int)(i * 64) + __builtin_ctzll(v[i]);
  if (p < 0)
    return;
  for (size_t r = 0; r < c->rank; r++)
    if (bit(&c->rows[r * c->words], p))
      for (size_t i = 0; i < c->words; i++)
        c->rows[r * c->words + i] ^= v[i];
  memcpy(&c->rows[c->rank * c->words], v, c->words * sizeof *v);
  c->pivot[c->rank++] = p;
}

/* The null space: for each hole f that is no row's pivot, the vector with
 * f set and, for each row, its pivot set where the row has f. */
static void null_space(classes *c) {
  for (int f = 0; f < c->holes; f++) {
    bool pivot = false;
    for (size_t r = 0; r < c->rank && !pivot; r++)
      pivot = c->pivot[r] == f;
    if (pivot)
      continue;
    word *x = &c->null[c->nullity++ * c->words];
    memset(x, 0, c->words * sizeof *x);
    flip(x, f);
    for (size_t r = 0; r < c->rank; r++)
      if (bit(&c->rows[r * c->words], f))
        flip(x, c->pivot[r]);
  }
}

static void classes_free(classes *c) {
  free(c->rows);
  free(c->pivot);
  free(c->null);
}

static int classes_build(const peg_board *b, classes *c) {
  memset(c, 0, sizeof *c);
  c->holes = b->holes;
  c->words = ((size_t)b->holes + 63) / 64;
  size_t n = (size_t)b->holes;
  c->rows = calloc(n * c->words, sizeof *c->rows);
  c->pivot = calloc(n, sizeof *c->pivot);
  c->null = calloc(n * c->words, sizeof *c->null);
  word *v = calloc(c->words, sizeof *v);
  if (!c->rows || !c->pivot || !c->null || !v) {
    free(v);
    classes_free(c);
    memset(c, 0, sizeof *c);
    return PEG_ENOMEM;
  }
  for (size_t t = 0; t < b->num_triples && c->rank < n; t++) {
    memset(v, 0, c->words * sizeof *v);
    for (int k = 0; k < 3; k++)
      flip(v, b->triples[t][k] - 1);
    add_row(c, v);
  }
  free(v);
  null_space(c);
  return 0;
}

/* ---- Signatures -----------------------------------------------------------
 */

/* Free starts are paired only on boards up to this size (N^2 clauses). */
#define CLASSES_MAX_PAIRS 128

typedef struct signatures {
  size_t words; /* per signature */
  word *of;     /* [holes + 1]: hole h's bits at of[h * words] */
  word *start;  /* the start's (given start), or all holes' parities */
  word *goal;   /* the goal's, if given */
} signatures;

/* The parities of vector v (bits of holes) under every class. */
static void parities_of(const classes *c, const word *v, word *out,
                        size_t words) {
  memset(out, 0, words * sizeof *out);
  for (size_t k = 0; k < c->nullity; k++)
    if (odd_overlap(&c->null[k * c->words], v, c->words))
      out[k / 64] |= (word)1 << (k % 64);
}

static int signatures_build(const peg_board *b, const classes *c,
                            signatures *sg) {
  sg->words = c->nullity / 64 + 1;
  size_t n = (size_t)b->holes + 1;
  sg->of = calloc(n * sg->words, sizeof *sg->of);
  sg->start = calloc(sg->words, sizeof *sg->start);
  sg->goal = calloc(sg->words, sizeof *sg->goal);
  word *v = calloc(c->words, sizeof *v), *w = calloc(c->words, sizeof *w);
  int rc = sg->of && sg->start && sg->goal && v && w ? 0 : PEG_ENOMEM;
  for (int h = 1; h <= b->holes && !rc; h++) {
    memset(v, 0, c->words * sizeof *v);
    flip(v, h - 1);
    parities_of(c, v, &sg->of[(size_t)h * sg->words], sg->words);
    if (b->free_start || b->start[h])
      flip(w, h - 1);
  }
  if (!rc)
    parities_of(c, w, sg->start, sg->words);
  for (int h = 1; h <= b->holes && !rc; h++)
    if ((w[(h - 1) / 64] >> ((h - 1) % 64) & 1) != (b->goal[h] != 0))
      flip(w, h - 1); /* w becomes the goal */
  if (!rc && b->goal_given)
    parities_of(c, w, sg->goal, sg->words);
  free(v);
  free(w);
  return rc;
}

/* Whether a ^ b differs from want (a, b or want may be NULL for zero). */
static bool differ(const word *a, const word *b, const word *want,
                   size_t words) {
  for (size_t i = 0; i < words; i++)
    if (((a ? a[i] : 0) ^ (b ? b[i] : 0)) != (want ? want[i] : 0))
      return true;
  return false;
}

/* The classes of b and the signatures that follow; free them with
 * analysis_free whatever the result.  Returns 0 or PEG_ENOMEM. */
typedef struct analysis {
  classes c;
  signatures sg;
} analysis;

static void analysis_free(analysis *a) {
  classes_free(&a->c);
  free(a->sg.of);
  free(a->sg.start);
  free(a->sg.goal);
}

static int analyse(const peg_board *b, analysis *a) {
  memset(&a->sg, 0, sizeof a->sg);
  int rc = classes_build(b, &a->c);
  return rc ? rc : signatures_build(b, &a->c, &a->sg);
}

/* ---- The explanation ------------------------------------------------------
 */

/* A growing malloc'd string; ok turns false if memory runs out. */
typedef struct text {
  char *s;
  size_t n, cap;
  bool ok;
} text;

static void put(text *t, const char *piece) {
  size_t len = strlen(piece);
  if (t->ok && peg__grow((void **)&t->s, &t->cap, t->n + len + 1, 1))
    t->ok = false;
  if (t->ok) {
    memcpy(t->s + t->n, piece, len + 1);
    t->n += len;
  }
}

/* The sentence for a given goal, from the class x that tells them apart. */
static char *given_goal(const classes *c, const word *x, bool odd_at_start) {
  text t = {NULL, 0, 0, true};
  put(&t, "the position classes rule it out: every jump changes the number "
          "of pegs in holes");
  for (int h = 0; h < c->holes; h++)
    if (bit(x, h)) {
      char number[16];
      snprintf(number, sizeof number, " %d", h + 1);
      put(&t, number);
    }
  put(&t, " by 0 or 2 (each triple has none or two of them), so it stays ");
  put(&t, odd_at_start ? "odd" : "even");
  put(&t, " as at the start, but the goal makes it ");
  put(&t, odd_at_start ? "even" : "odd");
  if (!t.ok) {
    free(t.s);
    return NULL;
  }
  return t.s;
}

static const char anywhere[] =
    "the position classes rule it out: a jump changes by 0 or 2 the pegs "
    "in any set of holes that every triple meets in none or two holes, so "
    "the parity of such a set never changes, and for every hole some such "
    "set has another parity at the start than with a lone last peg in that "
    "hole";

/* Whether the signatures refute the puzzle (a given start); *why the
 * sentence if they do. */
static int explain(const peg_board *b, const analysis *a, char **why) {
  const signatures *sg = &a->sg;
  if (b->goal_given) {
    for (size_t k = 0; k < a->c.nullity; k++) {
      bool odd_at_start = bit(sg->start, (int)k);
      if (odd_at_start != bit(sg->goal, (int)k)) {
        *why = given_goal(&a->c, &a->c.null[k * a->c.words], odd_at_start);
        return *why ? 1 : PEG_ENOMEM;
      }
    }
    return 0;
  }
  for (int h = 1; h <= b->holes; h++)
    if (!differ(sg->start, NULL, &sg->of[(size_t)h * sg->words], sg->words))
      return 0; /* the last peg may be in h, as far as the classes see */
  *why = malloc(sizeof anywhere);
  if (!*why)
    return PEG_ENOMEM;
  memcpy(*why, anywhere, sizeof anywhere);
  return 1;
}

int peg_explain(const peg_board *b, char **why) {
  if (!b || !why)
    return PEG_EINVAL;
  *why = NULL;
  if (b->free_start || b->holes > CLASSES_MAX_HOLES || peg_board_check(b, NULL))
    return 0;
  analysis a;
  int rc = analyse(b, &a);
  if (!rc)
    rc = explain(b, &a, why);
  analysis_free(&a);
  return rc;
}

/* ---- Clauses for the encoding (option position_classes) -------------------
 *
 * What the classes rule out, as clauses over the first and last time step
 * (T the steps; s the start, g the goal; p(x, v) the parity of x . v):
 *   a given start, one peg anywhere: -Peg(H,T+1) for every hole H that
 *     some class x tells apart from the start (x[H] != p(x, s));
 *   a given start and goal: the empty clause when a class tells them
 *     apart (peg_explain's case);
 *   a free start (every hole but E), one peg anywhere: Peg(E,1) |
 *     -Peg(H,T+1) for every pair E, H that a class tells apart;
 *   a free start and a given goal: Peg(E,1) for every E whose start a
 *     class tells apart from the goal.
 * Each class's parities over all holes form a hole's signature: a bit
 * per null-space vector, so that "some class tells them apart" is "the
 * signatures differ". */

/* Emits (fn not NULL) or counts the clauses; *rc gets fn's first
 * non-zero return. */
static int64_t class_clauses(const peg_encoding *e, const signatures *sg,
                             peg_clause_fn fn, void *ctx, int *rc) {
  const peg_board *b = e->work;
  int last = e->steps + 1;
  size_t w = sg->words;
  int64_t count = 0;
  const word *g = b->goal_given ? sg->goal : NULL;
  for (int s = b->free_start ? 1 : 0;
       s <= (b->free_start ? b->holes : 0) && !*rc; s++) {
    /* The start's parities: given, or all holes' but s's. */
    const word *empty = s ? &sg->of[(size_t)s * w] : NULL;
    if (b->goal_given) {
      if (!differ(sg->start, empty, g, w))
        continue;
      int lit = s ? peg__peg_atom(e, s, 1) : 0;
      count++;
      *rc = fn ? fn(ctx, &lit, s ? 1 : 0) : 0;
      continue;
    }
    for (int h = 1; h <= b->holes && !*rc; h++) {
      if (!differ(sg->start, empty, &sg->of[(size_t)h * w], w))
        continue;
      int lits[2] = {-peg__peg_atom(e, h, last),
                     s ? peg__peg_atom(e, s, 1) : 0};
      count++;
      *rc = fn ? fn(ctx, lits, s ? 2 : 1) : 0;
    }
  }
  return count;
}

int64_t peg__class_clauses(const peg_encoding *e, peg_clause_fn fn, void *ctx,
                           int *rc) {
  const peg_board *b = e->work;
  *rc = 0;
  if (!e->position_classes || b->holes > CLASSES_MAX_HOLES ||
      (b->free_start && b->holes > CLASSES_MAX_PAIRS))
    return 0;
  analysis a;
  int64_t count = analyse(b, &a);
  if (!count)
    count = class_clauses(e, &a.sg, fn, ctx, rc);
  analysis_free(&a);
  return count;
}
