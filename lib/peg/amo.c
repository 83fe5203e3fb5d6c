/* amo.c - the encodings of "at most one jump per step" (docs/encoding.md,
 * axiom 4A and its variants), one row of a table each, written for any n
 * literals so that the tests can hold each against a brute-force oracle. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* What the rest of libpeg asks of an encoding. */
typedef struct amo_kind {
  const char *name;
  /* Fills in the shape for l->n literals: aux and the encoding's own. */
  void (*layout)(peg__amo *l);
  int64_t (*clauses)(const peg__amo *l);
  /* Sends the clauses; false once the callback has refused one. */
  bool (*emit)(peg__emitter *m, const int *x, const peg__amo *l, int aux0);
  /* The name of auxiliary atom k (0-based within its step) at time. */
  int (*aux_name)(const peg__amo *l, size_t k, int time, char *buf,
                  size_t size);
  /* The k of the auxiliary atom called name, its time in *time; -1 if the
   * encoding has no such atom (the time is checked by the caller). */
  long (*aux_parse)(const peg__amo *l, const char *name, int *time);
} amo_kind;

/* Pairs of ¬a ∨ ¬b over x[0..n-1], or over the atoms first+1..first+n when x
 * is NULL. */
static bool all_pairs(peg__emitter *m, const int *x, int first, size_t n) {
  for (size_t a = 0; a < n; a++)
    for (size_t b = a + 1; b < n; b++)
      if (!peg__send2(m, x ? -x[a] : -(first + (int)a + 1),
                      x ? -x[b] : -(first + (int)b + 1)))
        return false;
  return true;
}

/* ---- Pairwise: the seed's J(J-1)/2 clauses, no auxiliary atom ------------ */

static void pairwise_layout(peg__amo *l) { (void)l; }

static int64_t pairwise_clauses(const peg__amo *l) {
  return peg__pairs((int64_t)l->n);
}

static bool pairwise_emit(peg__emitter *m, const int *x, const peg__amo *l,
                          int aux0) {
  (void)aux0;
  return all_pairs(m, x, 0, l->n);
}

static int pairwise_aux_name(const peg__amo *l, size_t k, int time, char *buf,
                             size_t size) {
  (void)l, (void)k, (void)time, (void)buf, (void)size;
  return PEG_EATOM;
}

static long pairwise_aux_parse(const peg__amo *l, const char *name, int *time) {
  (void)l, (void)name, (void)time;
  return -1;
}

/* ---- Sinz's sequential counter ---------------------------------------------
 * s_1..s_(n-1), s_i "one of x_1..x_i is true": x_i -> s_i, s_(i-1) -> s_i,
 * x_i -> not s_(i-1). */

static void sequential_layout(peg__amo *l) {
  l->aux = l->n >= 2 ? l->n - 1 : 0;
}

static int64_t sequential_clauses(const peg__amo *l) {
  int64_t n = (int64_t)l->n;
  return n >= 2 ? 3 * n - 4 : 0;
}

static bool sequential_emit(peg__emitter *m, const int *x, const peg__amo *l,
                            int aux0) {
  size_t n = l->n;
  for (size_t i = 1; i <= n; i++) {
    int s = i < n ? aux0 + (int)i : 0, before = i > 1 ? aux0 + (int)i - 1 : 0;
    if ((s && !peg__send2(m, -x[i - 1], s)) ||
        (s && before && !peg__send2(m, -before, s)) ||
        (before && !peg__send2(m, -x[i - 1], -before)))
      return false;
  }
  return true;
}

static int sequential_aux_name(const peg__amo *l, size_t k, int time, char *buf,
                               size_t size) {
  (void)l;
  return snprintf(buf, size, "Count(%zu,%d)", k + 1, time);
}

static long sequential_aux_parse(const peg__amo *l, const char *name,
                                 int *time) {
  int x[2];
  if (!peg__atom_fields(name, "Count(", 2, x) || (size_t)x[0] > l->aux)
    return -1;
  *time = x[1];
  return x[0] - 1;
}

/* ---- Chen's product --------------------------------------------------------
 * x_i, in row i / cols and column i % cols of the grid, implies its row's
 * atom and its column's; at most one row atom and one column atom, pair by
 * pair.  Two literals in the same row differ in their columns, and the
 * other way round. */

/* The smallest r with r * r >= n. */
static size_t ceil_sqrt(size_t n) {
  size_t r = 0;
  while (r * r < n)
    r++;
  return r;
}

static void product_layout(peg__amo *l) {
  if (l->n < 2)
    return;
  /* Every row and every column holds a jump: the first row is full, and
   * ceil(n / cols) = rows for every n (checked up to 3,000,000). */
  l->rows = ceil_sqrt(l->n);
  l->cols = (l->n + l->rows - 1) / l->rows;
  l->aux = l->rows + l->cols;
}

static int64_t product_clauses(const peg__amo *l) {
  int64_t n = (int64_t)l->n;
  return n >= 2 ? 2 * n + peg__pairs((int64_t)l->rows) +
                      peg__pairs((int64_t)l->cols)
                : 0;
}

static bool product_emit(peg__emitter *m, const int *x, const peg__amo *l,
                         int aux0) {
  if (l->n < 2)
    return true;
  for (size_t i = 0; i < l->n; i++)
    if (!peg__send2(m, -x[i], aux0 + (int)(i / l->cols) + 1) ||
        !peg__send2(m, -x[i], aux0 + (int)(l->rows + i % l->cols) + 1))
      return false;
  return all_pairs(m, NULL, aux0, l->rows) &&
         all_pairs(m, NULL, aux0 + (int)l->rows, l->cols);
}

static int product_aux_name(const peg__amo *l, size_t k, int time, char *buf,
                            size_t size) {
  return k < l->rows
             ? snprintf(buf, size, "Row(%zu,%d)", k + 1, time)
             : snprintf(buf, size, "Col(%zu,%d)", k - l->rows + 1, time);
}

static long product_aux_parse(const peg__amo *l, const char *name, int *time) {
  int x[2];
  if (peg__atom_fields(name, "Row(", 2, x) && (size_t)x[0] <= l->rows) {
    *time = x[1];
    return x[0] - 1;
  }
  if (peg__atom_fields(name, "Col(", 2, x) && (size_t)x[0] <= l->cols) {
    *time = x[1];
    return (long)l->rows + x[0] - 1;
  }
  return -1;
}

/* ---- Klieber and Kwon's commanders -----------------------------------------
 * The members of a level in groups of three (the last may be smaller),
 * pairwise within a group; each group's commander is true exactly when one
 * of its members is.  The commanders are the next level's members; the top
 * level (three or fewer) is one group without a commander. */

static void commander_layout(peg__amo *l) {
  for (size_t m = l->n; m > 3 && l->levels < PEG__AMO_LEVELS; l->levels++) {
    m = (m + 2) / 3;
    l->level_start[l->levels + 1] = l->level_start[l->levels] + m;
  }
  l->aux = l->level_start[l->levels];
}

/* The members of commander level `level` (0: the literals themselves). */
static size_t level_size(const peg__amo *l, int level) {
  return level ? l->level_start[level] - l->level_start[level - 1] : l->n;
}

static int64_t commander_clauses(const peg__amo *l) {
  /* A group of g members: g(g-1)/2 pairs, g "member -> commander", one
   * "commander -> some member"; the top group only its pairs. */
  int64_t sum = 0;
  for (int level = 0; level < l->levels; level++) {
    int64_t m = (int64_t)level_size(l, level), rest = m % 3;
    sum += 7 * (m / 3) + (rest ? peg__pairs(rest) + rest + 1 : 0);
  }
  return sum + peg__pairs((int64_t)level_size(l, l->levels));
}

/* The literal i of commander level `level` (0: x itself). */
static int member(const peg__amo *l, const int *x, int aux0, int level,
                  size_t i) {
  return level ? aux0 + (int)(l->level_start[level - 1] + i) + 1 : x[i];
}

static bool commander_emit(peg__emitter *m, const int *x, const peg__amo *l,
                           int aux0) {
  for (int level = 0; level <= l->levels; level++) {
    size_t size = level_size(l, level);
    for (size_t g = 0; 3 * g < size; g++) {
      size_t lo = 3 * g, hi = lo + 3 < size ? lo + 3 : size;
      int group[3];
      for (size_t i = lo; i < hi; i++)
        group[i - lo] = member(l, x, aux0, level, i);
      if (!all_pairs(m, group, 0, hi - lo))
        return false;
      if (level == l->levels)
        continue;
      int cmd = aux0 + (int)(l->level_start[level] + g) + 1;
      for (size_t i = 0; i < hi - lo; i++)
        if (!peg__send2(m, -group[i], cmd))
          return false;
      m->lits[0] = -cmd;
      memcpy(m->lits + 1, group, (hi - lo) * sizeof *group);
      if (!peg__send(m, hi - lo + 1))
        return false;
    }
  }
  return true;
}

static int commander_aux_name(const peg__amo *l, size_t k, int time, char *buf,
                              size_t size) {
  int level = 1;
  while (k >= l->level_start[level])
    level++;
  return snprintf(buf, size, "Cmd(%d,%zu,%d)", level,
                  k - l->level_start[level - 1] + 1, time);
}

static long commander_aux_parse(const peg__amo *l, const char *name,
                                int *time) {
  int x[3];
  if (!peg__atom_fields(name, "Cmd(", 3, x) || x[0] > l->levels ||
      (size_t)x[1] > level_size(l, x[0]))
    return -1;
  *time = x[2];
  return (long)l->level_start[x[0] - 1] + x[1] - 1;
}

/* ---- The table ---------------------------------------------------------- */

static const amo_kind kinds[] = {
#define AMO_KIND(NAME, value, name, summary)                                   \
  [value] = {#name,       name##_layout,   name##_clauses,                     \
             name##_emit, name##_aux_name, name##_aux_parse},
    PEG_AMO_ENCODINGS(AMO_KIND)
#undef AMO_KIND
};

/* The rows number 0..PEG_AMO_COUNT-1: as many rows as values, and none
 * missing (a value given twice is -Woverride-init's to catch). */
#define AMO_ONE(NAME, value, name, summary) +1
_Static_assert(0 PEG_AMO_ENCODINGS(AMO_ONE) == PEG_AMO_COUNT &&
                   sizeof kinds / sizeof *kinds == PEG_AMO_COUNT,
               "PEG_AMO_ENCODINGS must number its rows 0, 1, 2, ...");
#undef AMO_ONE

const char *peg_amo_name(int how) {
  return how >= 0 && how < PEG_AMO_COUNT ? kinds[how].name : NULL;
}

int peg_amo_lookup(const char *name) {
  if (!name)
    return PEG_EINVAL;
  for (int how = 0; how < PEG_AMO_COUNT; how++)
    if (!strcmp(name, kinds[how].name))
      return how;
  return PEG_EOPTION;
}

peg__amo peg__amo_layout(int how, size_t n) {
  peg__amo l;
  memset(&l, 0, sizeof l);
  l.how = how;
  l.n = n;
  kinds[how].layout(&l);
  return l;
}

int64_t peg__amo_clauses(const peg__amo *l) { return kinds[l->how].clauses(l); }

int peg__amo_emit(const peg__amo *l, const int *x, int aux0, peg_clause_fn fn,
                  void *ctx) {
  int lits[4];
  peg__emitter m = {fn, ctx, lits, 0};
  kinds[l->how].emit(&m, x, l, aux0);
  return m.rc;
}

int peg__amo_aux_name(const peg__amo *l, size_t k, int time, char *buf,
                      size_t size) {
  return kinds[l->how].aux_name(l, k, time, buf, size);
}

long peg__amo_aux_parse(const peg__amo *l, const char *name, int *time) {
  return kinds[l->how].aux_parse(l, name, time);
}
