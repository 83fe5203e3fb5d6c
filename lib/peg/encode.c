/* encode.c - the atoms Peg(H,I) and Jump(A,B,C,I), and the axioms that make
 * every model a legal play from the start to the goal (docs/encoding.md). */
#include "internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Options: name, default, minimum, maximum. */
#define PEG_OPTIONS(X)                                                         \
  X(at_least_one, 1, 0, 1)                                                     \
  X(canonical_order, 1, 0, 1)                                                  \
  X(position_classes, 1, 0, 1)                                                 \
  X(at_most_one, PEG_AMO_PAIRWISE, PEG_AMO_PAIRWISE, PEG_AMO_COMMANDER)

peg_encoding *peg_encoding_new(const peg_board *b, int *err) {
  int dummy;
  if (!err)
    err = &dummy;
  if (!b) {
    *err = PEG_EINVAL;
    return NULL;
  }
  if ((*err = peg_board_check(b, NULL)))
    return NULL;
  int64_t steps = peg_board_start_pegs(b) - peg_board_goal_pegs(b);
  int64_t jumps = 2 * (int64_t)b->num_triples;
  int64_t atoms = jumps * steps + (int64_t)b->holes * (steps + 1);
  if (atoms > INT_MAX) {
    *err = PEG_ETOOBIG;
    return NULL;
  }
  peg_encoding *e = calloc(1, sizeof *e);
  if (e)
    e->board = peg_board_copy(b);
  if (!e || !e->board) {
    free(e);
    *err = PEG_ENOMEM;
    return NULL;
  }
  e->holes = b->holes;
  e->steps = (int)steps;
  e->jumps = (size_t)jumps;
  e->atoms = e->base_atoms = (int)atoms;
#define PEG_OPTION_DEFAULT(name, def, lo, hi) e->name = def;
  PEG_OPTIONS(PEG_OPTION_DEFAULT)
#undef PEG_OPTION_DEFAULT
  e->amo = peg__amo_layout(e->at_most_one, e->jumps);
  *err = 0;
  return e;
}

void peg_encoding_free(peg_encoding *e) {
  if (!e)
    return;
  peg_board_free(e->board);
  free(e);
}

const peg_board *peg_encoding_board(const peg_encoding *e) {
  return e ? e->board : NULL;
}

/* The atoms, with the at-most-one encoding's; PEG_ETOOBIG (and nothing
 * changed) if they are more than an int can number. */
static int count_atoms(peg_encoding *e) {
  peg__amo amo = peg__amo_layout(e->at_most_one, e->jumps);
  if ((uint64_t)amo.aux > (uint64_t)(INT_MAX - e->base_atoms) ||
      (int64_t)amo.aux * e->steps > INT_MAX - e->base_atoms)
    return PEG_ETOOBIG;
  e->amo = amo;
  e->atoms = e->base_atoms + (int)((int64_t)amo.aux * e->steps);
  return 0;
}

int peg_encoding_set_option(peg_encoding *e, const char *name, int value) {
  if (!e || !name)
    return PEG_EOPTION;
#define PEG_OPTION_SET(opt, def, lo, hi)                                       \
  if (!strcmp(name, #opt)) {                                                   \
    if (value < (lo) || value > (hi))                                          \
      return PEG_EOPTION;                                                      \
    int old = e->opt, rc;                                                      \
    e->opt = value;                                                            \
    if ((rc = count_atoms(e)))                                                 \
      e->opt = old;                                                            \
    return rc;                                                                 \
  }
  PEG_OPTIONS(PEG_OPTION_SET)
#undef PEG_OPTION_SET
  return PEG_EOPTION;
}

int peg_encoding_get_option(const peg_encoding *e, const char *name,
                            int *value) {
  if (!e || !name || !value)
    return PEG_EOPTION;
#define PEG_OPTION_GET(opt, def, lo, hi)                                       \
  if (!strcmp(name, #opt)) {                                                   \
    *value = e->opt;                                                           \
    return 0;                                                                  \
  }
  PEG_OPTIONS(PEG_OPTION_GET)
#undef PEG_OPTION_GET
  return PEG_EOPTION;
}

int peg_encoding_steps(const peg_encoding *e) { return e ? e->steps : 0; }

int peg_encoding_atoms(const peg_encoding *e) { return e ? e->atoms : 0; }

static int64_t pairs(int64_t n) { return n * (n - 1) / 2; }

int64_t peg_encoding_clauses(const peg_encoding *e) {
  if (!e)
    return 0;
  int64_t j = (int64_t)e->jumps, t = e->steps, n = e->holes;
  int64_t order = 0;
  if (e->canonical_order && t >= 2) {
    int64_t independent = peg__independent_pairs(e);
    if (independent < 0)
      return PEG_ENOMEM;
    order = independent * (t - 1);
  }
  int64_t amo = peg__amo_clauses(&e->amo);
  return 6 * j * t   /* preconditions and effects */
         + 2 * n * t /* frame axioms */
         + amo * t   /* at most one jump per step */
         + (e->at_least_one ? t : 0) +
         (e->board->free_start ? 1 + pairs(n) : n) +
         (e->board->goal_given ? n : 1 + pairs(n)) + order +
         peg__excluded_holes(e);
}

/* ---- Atom numbers -----------------------------------------------------------
 */

int peg_atom_peg(const peg_encoding *e, int hole, int time) {
  if (!e || hole < 1 || hole > e->holes || time < 1 || time > e->steps + 1)
    return PEG_EATOM;
  return peg__peg_atom(e, hole, time);
}

int peg_atom_jump(const peg_encoding *e, int from, int over, int to, int time) {
  if (!e || time < 1 || time > e->steps)
    return PEG_EATOM;
  long j = peg__find_jump(e->board, from, over, to);
  return j < 0 ? PEG_EATOM : peg__jump_atom(e, (size_t)j, time);
}

int peg_atom_name(const peg_encoding *e, int atom, char *buf, size_t size) {
  if (!e || atom < 1 || atom > e->atoms)
    return PEG_EATOM;
  size_t jump_atoms = e->jumps * (size_t)e->steps, a = (size_t)atom - 1;
  if (a < jump_atoms) {
    peg_jump j = peg__jump_of(e->board, a % e->jumps);
    return snprintf(buf, size, "Jump(%d,%d,%d,%d)", j.from, j.over, j.to,
                    (int)(a / e->jumps) + 1);
  }
  a -= jump_atoms;
  if (atom <= e->base_atoms)
    return snprintf(buf, size, "Peg(%d,%d)", (int)(a % (size_t)e->holes) + 1,
                    (int)(a / (size_t)e->holes) + 1);
  a = (size_t)(atom - e->base_atoms - 1);
  size_t k = a % e->amo.aux; /* 0-based within the step */
  int time = (int)(a / e->amo.aux) + 1;
  if (e->at_most_one == PEG_AMO_SEQUENTIAL)
    return snprintf(buf, size, "Count(%zu,%d)", k + 1, time);
  if (e->at_most_one == PEG_AMO_PRODUCT)
    return k < e->amo.rows
               ? snprintf(buf, size, "Row(%zu,%d)", k + 1, time)
               : snprintf(buf, size, "Col(%zu,%d)", k - e->amo.rows + 1, time);
  int level = 1;
  while (k >= e->amo.level_start[level])
    level++;
  return snprintf(buf, size, "Cmd(%d,%zu,%d)", level,
                  k - e->amo.level_start[level - 1] + 1, time);
}

/* Reads "N," or "N)" at *p: a positive number and the expected separator. */
static bool field(const char **p, char sep, int *out) {
  long v = 0;
  const char *q = *p;
  if (*q < '1' || *q > '9')
    return false;
  while (*q >= '0' && *q <= '9' && v < INT_MAX / 10)
    v = 10 * v + (*q++ - '0');
  if (*q != sep)
    return false;
  *out = (int)v;
  *p = q + 1;
  return true;
}

int peg_atom_lookup(const peg_encoding *e, const char *name) {
  if (!e || !name)
    return PEG_EATOM;
  int x[4];
  const char *p;
  const peg__amo *amo = &e->amo;
  if (!strncmp(name, "Peg(", 4)) {
    p = name + 4;
    if (field(&p, ',', &x[0]) && field(&p, ')', &x[1]) && !*p)
      return peg_atom_peg(e, x[0], x[1]);
  } else if (!strncmp(name, "Count(", 6)) {
    p = name + 6;
    if (field(&p, ',', &x[0]) && field(&p, ')', &x[1]) && !*p &&
        e->at_most_one == PEG_AMO_SEQUENTIAL && (size_t)x[0] <= amo->aux &&
        x[1] <= e->steps)
      return peg__aux_base(e, x[1]) + x[0];
  } else if (!strncmp(name, "Row(", 4) || !strncmp(name, "Col(", 4)) {
    bool row = name[0] == 'R';
    p = name + 4;
    if (field(&p, ',', &x[0]) && field(&p, ')', &x[1]) && !*p &&
        e->at_most_one == PEG_AMO_PRODUCT &&
        (size_t)x[0] <= (row ? amo->rows : amo->cols) && x[1] <= e->steps)
      return peg__aux_base(e, x[1]) + (row ? 0 : (int)amo->rows) + x[0];
  } else if (!strncmp(name, "Cmd(", 4)) {
    p = name + 4;
    if (field(&p, ',', &x[0]) && field(&p, ',', &x[1]) &&
        field(&p, ')', &x[2]) && !*p && e->at_most_one == PEG_AMO_COMMANDER &&
        x[0] <= amo->levels &&
        (size_t)x[1] <= amo->level_start[x[0]] - amo->level_start[x[0] - 1] &&
        x[2] <= e->steps)
      return peg__aux_base(e, x[2]) + (int)amo->level_start[x[0] - 1] + x[1];
  } else if (!strncmp(name, "Jump(", 5)) {
    p = name + 5;
    if (field(&p, ',', &x[0]) && field(&p, ',', &x[1]) &&
        field(&p, ',', &x[2]) && field(&p, ')', &x[3]) && !*p)
      return peg_atom_jump(e, x[0], x[1], x[2], x[3]);
  }
  return PEG_EATOM;
}

/* ---- The clauses
 * --------------------------------------------------------------- */

typedef struct emitter {
  peg_clause_fn fn;
  void *ctx;
  int *lits;
  int rc;
} emitter;

/* Sends the clause lits[0..n-1]; false once the callback has refused. */
static bool send(emitter *m, size_t n) {
  if (!m->rc)
    m->rc = m->fn(m->ctx, m->lits, n);
  return !m->rc;
}

static bool send2(emitter *m, int a, int b) {
  m->lits[0] = a;
  m->lits[1] = b;
  return send(m, 2);
}

/* ---- At most one of n literals ---------------------------------------------
 * The encodings of axiom 4A (docs/encoding.md), written for any n so that
 * the tests can hold each against a brute-force oracle. */

/* The smallest r with r * r >= n. */
static size_t ceil_sqrt(size_t n) {
  size_t r = 0;
  while (r * r < n)
    r++;
  return r;
}

peg__amo peg__amo_layout(int how, size_t n) {
  peg__amo l;
  memset(&l, 0, sizeof l);
  l.how = how;
  l.n = n;
  if (how == PEG_AMO_SEQUENTIAL)
    l.aux = n >= 2 ? n - 1 : 0;
  else if (how == PEG_AMO_PRODUCT && n >= 2) {
    /* Every row and every column holds a jump: the first row is full, and
     * ceil(n / cols) = rows for every n (checked up to 3,000,000). */
    l.rows = ceil_sqrt(n);
    l.cols = (n + l.rows - 1) / l.rows;
    l.aux = l.rows + l.cols;
  } else if (how == PEG_AMO_COMMANDER) {
    /* Groups of three: a commander for each, until three or fewer remain. */
    for (size_t m = n; m > 3 && l.levels < PEG__AMO_LEVELS; l.levels++) {
      m = (m + 2) / 3;
      l.level_start[l.levels + 1] = l.level_start[l.levels] + m;
    }
    l.aux = l.level_start[l.levels];
  }
  return l;
}

/* The members of commander level `level` (0: the literals themselves). */
static size_t level_size(const peg__amo *l, int level) {
  return level ? l->level_start[level] - l->level_start[level - 1] : l->n;
}

int64_t peg__amo_clauses(const peg__amo *l) {
  int64_t n = (int64_t)l->n;
  switch (l->how) {
  case PEG_AMO_SEQUENTIAL:
    return n >= 2 ? 3 * n - 4 : 0;
  case PEG_AMO_PRODUCT:
    return n >= 2 ? 2 * n + pairs((int64_t)l->rows) + pairs((int64_t)l->cols)
                  : 0;
  case PEG_AMO_COMMANDER: {
    /* A group of g members: g(g-1)/2 pairs, g "member -> commander", one
     * "commander -> some member"; the top group only its pairs. */
    int64_t sum = 0;
    for (int level = 0; level < l->levels; level++) {
      int64_t m = (int64_t)level_size(l, level), rest = m % 3;
      sum += 7 * (m / 3) + (rest ? pairs(rest) + rest + 1 : 0);
    }
    return sum + pairs((int64_t)level_size(l, l->levels));
  }
  default:
    return pairs(n);
  }
}

/* Pairs of ¬a ∨ ¬b over x[0..n-1], or over the atoms first+1..first+n when x
 * is NULL. */
static bool pairwise(emitter *m, const int *x, int first, size_t n) {
  for (size_t a = 0; a < n; a++)
    for (size_t b = a + 1; b < n; b++)
      if (!send2(m, x ? -x[a] : -(first + (int)a + 1),
                 x ? -x[b] : -(first + (int)b + 1)))
        return false;
  return true;
}

/* Sinz's counter s_1..s_(n-1), s_i "one of x_1..x_i is true": x_i -> s_i,
 * s_(i-1) -> s_i, x_i -> not s_(i-1). */
static bool sequential(emitter *m, const int *x, size_t n, int aux0) {
  for (size_t i = 1; i <= n; i++) {
    int s = i < n ? aux0 + (int)i : 0, before = i > 1 ? aux0 + (int)i - 1 : 0;
    if ((s && !send2(m, -x[i - 1], s)) ||
        (s && before && !send2(m, -before, s)) ||
        (before && !send2(m, -x[i - 1], -before)))
      return false;
  }
  return true;
}

/* Chen's product: x_i, in row i / cols and column i % cols of the grid,
 * implies its row's atom and its column's; at most one row atom and one
 * column atom, pair by pair.  Two literals in the same row differ in
 * their columns, and the other way round. */
static bool product(emitter *m, const int *x, const peg__amo *l, int aux0) {
  for (size_t i = 0; i < l->n; i++)
    if (!send2(m, -x[i], aux0 + (int)(i / l->cols) + 1) ||
        !send2(m, -x[i], aux0 + (int)(l->rows + i % l->cols) + 1))
      return false;
  return pairwise(m, NULL, aux0, l->rows) &&
         pairwise(m, NULL, aux0 + (int)l->rows, l->cols);
}

/* The literal i of commander level `level` (0: x itself). */
static int member(const peg__amo *l, const int *x, int aux0, int level,
                  size_t i) {
  return level ? aux0 + (int)(l->level_start[level - 1] + i) + 1 : x[i];
}

/* Klieber and Kwon's commanders: the members of a level in groups of three
 * (the last may be smaller), pairwise within a group; each group's
 * commander is true exactly when one of its members is.  The commanders
 * are the next level's members; the top level (three or fewer) is one
 * group without a commander. */
static bool commander(emitter *m, const int *x, const peg__amo *l, int aux0) {
  for (int level = 0; level <= l->levels; level++) {
    size_t size = level_size(l, level);
    for (size_t g = 0; 3 * g < size; g++) {
      size_t lo = 3 * g, hi = lo + 3 < size ? lo + 3 : size;
      int group[3];
      for (size_t i = lo; i < hi; i++)
        group[i - lo] = member(l, x, aux0, level, i);
      if (!pairwise(m, group, 0, hi - lo))
        return false;
      if (level == l->levels)
        continue;
      int cmd = aux0 + (int)(l->level_start[level] + g) + 1;
      for (size_t i = 0; i < hi - lo; i++)
        if (!send2(m, -group[i], cmd))
          return false;
      m->lits[0] = -cmd;
      memcpy(m->lits + 1, group, (hi - lo) * sizeof *group);
      if (!send(m, hi - lo + 1))
        return false;
    }
  }
  return true;
}

int peg__amo_emit(const peg__amo *l, const int *x, int aux0, peg_clause_fn fn,
                  void *ctx) {
  int lits[4];
  emitter m = {fn, ctx, lits, 0};
  if (l->how == PEG_AMO_SEQUENTIAL)
    sequential(&m, x, l->n, aux0);
  else if (l->how == PEG_AMO_PRODUCT && l->n >= 2)
    product(&m, x, l, aux0);
  else if (l->how == PEG_AMO_COMMANDER)
    commander(&m, x, l, aux0);
  else if (l->how == PEG_AMO_PAIRWISE)
    pairwise(&m, x, 0, l->n);
  return m.rc;
}

/* For each hole, the jumps that take its peg (from it or over it) and the
 * jumps that put a peg in it: lists in one array, CSR style. */
typedef struct hole_jumps {
  size_t *take_start, *put_start; /* [holes + 2] offsets */
  size_t *take, *put;
} hole_jumps;

static int index_jumps(const peg_encoding *e, hole_jumps *h) {
  size_t n = (size_t)e->holes + 2;
  h->take_start = calloc(n, sizeof *h->take_start);
  h->put_start = calloc(n, sizeof *h->put_start);
  h->take = malloc((2 * e->jumps + 1) * sizeof *h->take);
  h->put = malloc((e->jumps + 1) * sizeof *h->put);
  if (!h->take_start || !h->put_start || !h->take || !h->put)
    return PEG_ENOMEM;
  for (size_t j = 0; j < e->jumps; j++) {
    peg_jump x = peg__jump_of(e->board, j);
    h->take_start[x.from + 1]++;
    h->take_start[x.over + 1]++;
    h->put_start[x.to + 1]++;
  }
  for (size_t i = 1; i < n; i++) {
    h->take_start[i] += h->take_start[i - 1];
    h->put_start[i] += h->put_start[i - 1];
  }
  /* Fill, using the next slot of each list; then shift the offsets back. */
  for (size_t j = 0; j < e->jumps; j++) {
    peg_jump x = peg__jump_of(e->board, j);
    h->take[h->take_start[x.from]++] = j;
    h->take[h->take_start[x.over]++] = j;
    h->put[h->put_start[x.to]++] = j;
  }
  for (size_t i = n - 1; i > 0; i--) {
    h->take_start[i] = h->take_start[i - 1];
    h->put_start[i] = h->put_start[i - 1];
  }
  h->take_start[0] = h->put_start[0] = 0;
  return 0;
}

static void free_index(hole_jumps *h) {
  free(h->take_start);
  free(h->put_start);
  free(h->take);
  free(h->put);
}

/* Axioms 1 and 2: a jump's preconditions at its time, effects after. */
static void jumps_and_effects(const peg_encoding *e, emitter *m) {
  for (int pass = 0; pass < 2; pass++)
    for (int t = 1; t <= e->steps; t++)
      for (size_t j = 0; j < e->jumps; j++) {
        peg_jump x = peg__jump_of(e->board, j);
        int jump = -peg__jump_atom(e, j, t), at = pass ? t + 1 : t;
        int sign = pass ? -1 : 1; /* before: A, B full, C empty; after: not */
        if (!send2(m, jump, sign * peg__peg_atom(e, x.from, at)) ||
            !send2(m, jump, sign * peg__peg_atom(e, x.over, at)) ||
            !send2(m, jump, -sign * peg__peg_atom(e, x.to, at)))
          return;
      }
}

/* Axiom 3: a hole changes only through a jump that takes or puts a peg. */
static void frames(const peg_encoding *e, const hole_jumps *h, emitter *m) {
  for (int pass = 0; pass < 2; pass++)
    for (int t = 1; t <= e->steps; t++)
      for (int hole = 1; hole <= e->holes; hole++) {
        const size_t *start = pass ? h->put_start : h->take_start;
        const size_t *list = pass ? h->put : h->take;
        int sign = pass ? -1 : 1; /* 3A: loses its peg; 3B: gains one */
        size_t n = 0;
        m->lits[n++] = -sign * peg__peg_atom(e, hole, t);
        m->lits[n++] = sign * peg__peg_atom(e, hole, t + 1);
        for (size_t k = start[hole]; k < start[hole + 1]; k++)
          m->lits[n++] = peg__jump_atom(e, list[k], t);
        if (!send(m, n))
          return;
      }
}

/* Axiom 4: one jump per step, by the chosen at-most-one encoding, and
 * (option) at least one. */
static void one_jump(const peg_encoding *e, emitter *m) {
  for (int t = 1; t <= e->steps && !m->rc; t++) {
    for (size_t j = 0; j < e->jumps; j++)
      m->lits[j] = peg__jump_atom(e, j, t);
    m->rc = peg__amo_emit(&e->amo, m->lits, peg__aux_base(e, t), m->fn, m->ctx);
  }
  if (m->rc)
    return;
  if (!e->at_least_one)
    return;
  for (int t = 1; t <= e->steps; t++) {
    for (size_t j = 0; j < e->jumps; j++)
      m->lits[j] = peg__jump_atom(e, j, t);
    if (!send(m, e->jumps))
      return;
  }
}

/* Exactly the holes of set hold pegs at time: one unit per hole. */
static bool state(const peg_encoding *e, const unsigned char *set, int time,
                  emitter *m) {
  for (int hole = 1; hole <= e->holes; hole++) {
    m->lits[0] = set[hole] ? peg__peg_atom(e, hole, time)
                           : -peg__peg_atom(e, hole, time);
    if (!send(m, 1))
      return false;
  }
  return true;
}

/* Exactly one hole has the value `sign` (1: a peg, -1: empty) at time. */
static bool exactly_one(const peg_encoding *e, int sign, int time, emitter *m) {
  for (int hole = 1; hole <= e->holes; hole++)
    m->lits[hole - 1] = sign * peg__peg_atom(e, hole, time);
  if (!send(m, (size_t)e->holes))
    return false;
  for (int a = 1; a <= e->holes; a++)
    for (int b = a + 1; b <= e->holes; b++)
      if (!send2(m, -sign * peg__peg_atom(e, a, time),
                 -sign * peg__peg_atom(e, b, time)))
        return false;
  return true;
}

/* Axioms 5 and 6: the start, and the end. */
static void start_and_end(const peg_encoding *e, emitter *m) {
  const peg_board *b = e->board;
  bool ok = b->free_start ? exactly_one(e, -1, 1, m) : state(e, b->start, 1, m);
  if (ok)
    ok = b->goal_given ? state(e, b->goal, e->steps + 1, m)
                       : exactly_one(e, 1, e->steps + 1, m);
}

int peg_encoding_emit(const peg_encoding *e, peg_clause_fn fn, void *ctx) {
  if (!e || !fn)
    return PEG_EINVAL;
  hole_jumps h = {0};
  size_t longest = e->jumps > (size_t)e->holes ? e->jumps : (size_t)e->holes;
  emitter m = {fn, ctx, malloc((2 * e->jumps + longest + 2) * sizeof(int)), 0};
  int rc = m.lits ? index_jumps(e, &h) : PEG_ENOMEM;
  if (!rc) {
    jumps_and_effects(e, &m);
    if (!m.rc)
      frames(e, &h, &m);
    if (!m.rc)
      one_jump(e, &m);
    if (!m.rc)
      start_and_end(e, &m);
    if (!m.rc)
      m.rc = peg__emit_order(e, fn, ctx);
    if (!m.rc)
      m.rc = peg__emit_classes(e, fn, ctx);
    rc = m.rc;
  }
  free_index(&h);
  free(m.lits);
  return rc;
}
