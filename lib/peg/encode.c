/* encode.c - the atoms Peg(H,I) and Jump(A,B,C,I), and the axioms that make
 * every model a legal play from the start to the goal (docs/encoding.md). */
#include "internal.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Options: name, default, minimum, maximum. */
#define PEG_OPTIONS(X)                                                         \
  X(at_least_one, 1, 0, 1)                                                     \
  X(canonical_order, 1, 0, 1)                                                  \
  X(position_classes, 1, 0, 1)                                                 \
  X(at_most_one, PEG_AMO_PAIRWISE, 0, PEG_AMO_COUNT - 1)                       \
  X(hole_order, 1, 0, 1)

#define PEG_OPTION_ROW(opt, def, lo, hi)                                       \
  {#opt, offsetof(peg_encoding, opt), def, lo, hi},
static const common_option options[] = {PEG_OPTIONS(PEG_OPTION_ROW)};
#undef PEG_OPTION_ROW
#define NUM_OPTIONS (sizeof options / sizeof options[0])

/* Builds e->work, e->rank and e->name for the option hole_order; on
 * failure (PEG_ENOMEM) they stay as they were. */
static int relabel(peg_encoding *e) {
  size_t n = (size_t)e->holes + 1;
  int *rank = malloc(n * sizeof *rank), *name = malloc(n * sizeof *name);
  peg_board *work = NULL;
  if (rank && name) {
    for (int h = 1; h <= e->holes; h++)
      rank[h] = e->hole_order ? e->canon[h] : h;
    work =
        e->hole_order ? peg__relabel(e->board, rank) : peg_board_copy(e->board);
  }
  if (!work) {
    free(rank);
    free(name);
    return PEG_ENOMEM;
  }
  memset(name, 0, n * sizeof *name);
  rank[0] = 0;
  for (int h = 1; h <= e->holes; h++) {
    assert(rank[h] >= 1 && rank[h] <= e->holes && !name[rank[h]]);
    name[rank[h]] = h; /* rank is a permutation */
  }
  peg_board_free(e->work);
  free(e->rank);
  free(e->name);
  e->work = work;
  e->rank = rank;
  e->name = name;
  return 0;
}

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
  if (!e) {
    *err = PEG_ENOMEM;
    return NULL;
  }
  e->holes = b->holes;
  e->steps = (int)steps;
  e->jumps = (size_t)jumps;
  e->atoms = e->base_atoms = (int)atoms;
  common__option_defaults(options, NUM_OPTIONS, e);
  e->amo = peg__amo_layout(e->at_most_one, e->jumps);
  e->board = peg_board_copy(b);
  e->canon = malloc(((size_t)b->holes + 1) * sizeof *e->canon);
  *err = e->board && e->canon ? peg__canonical_rank(b, e->canon) : PEG_ENOMEM;
  if (!*err)
    *err = relabel(e);
  if (*err) {
    peg_encoding_free(e);
    return NULL;
  }
  return e;
}

void peg_encoding_free(peg_encoding *e) {
  if (!e)
    return;
  peg_board_free(e->board);
  peg_board_free(e->work);
  COMMON_FREE_ALL(e->rank, e->name, e->canon, e);
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
  int *field =
      e ? common__option_field(options, NUM_OPTIONS, e, name, value) : NULL;
  if (!field)
    return PEG_EOPTION;
  int old = *field;
  *field = value;
  int rc = count_atoms(e);
  if (!rc && field == &e->hole_order && old != value)
    rc = relabel(e);
  if (rc)
    *field = old;
  return rc;
}

int peg_encoding_get_option(const peg_encoding *e, const char *name,
                            int *value) {
  return e && value && common__option_get(options, NUM_OPTIONS, e, name, value)
             ? 0
             : PEG_EOPTION;
}

int peg_encoding_steps(const peg_encoding *e) { return e ? e->steps : 0; }

int peg_encoding_atoms(const peg_encoding *e) { return e ? e->atoms : 0; }

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
  int stopped;
  int64_t classes = peg__class_clauses(e, NULL, NULL, &stopped);
  if (classes < 0)
    return classes;
  return 6 * j * t   /* preconditions and effects */
         + 2 * n * t /* frame axioms */
         + amo * t   /* at most one jump per step */
         + (e->at_least_one ? t : 0) +
         (e->board->free_start ? 1 + peg__pairs(n) : n) +
         (e->board->goal_given ? n : 1 + peg__pairs(n)) + order + classes;
}

/* ---- Atom numbers -----------------------------------------------------------
 */

int peg_atom_peg(const peg_encoding *e, int hole, int time) {
  if (!e || hole < 1 || hole > e->holes || time < 1 || time > e->steps + 1)
    return PEG_EATOM;
  return peg__peg_atom(e, e->rank[hole], time);
}

int peg_atom_jump(const peg_encoding *e, int from, int over, int to, int time) {
  if (!e || time < 1 || time > e->steps || from < 1 || from > e->holes ||
      over < 1 || over > e->holes || to < 1 || to > e->holes)
    return PEG_EATOM;
  long j = peg__find_jump(e->work, e->rank[from], e->rank[over], e->rank[to]);
  return j < 0 ? PEG_EATOM : peg__jump_atom(e, (size_t)j, time);
}

int peg_atom_name(const peg_encoding *e, int atom, char *buf, size_t size) {
  if (!e || atom < 1 || atom > e->atoms)
    return PEG_EATOM;
  size_t jump_atoms = e->jumps * (size_t)e->steps, a = (size_t)atom - 1;
  if (a < jump_atoms) {
    peg_jump j = peg__jump_of(e->work, a % e->jumps);
    return snprintf(buf, size, "Jump(%d,%d,%d,%d)", e->name[j.from],
                    e->name[j.over], e->name[j.to], (int)(a / e->jumps) + 1);
  }
  a -= jump_atoms;
  if (atom <= e->base_atoms)
    return snprintf(buf, size, "Peg(%d,%d)",
                    e->name[(int)(a % (size_t)e->holes) + 1],
                    (int)(a / (size_t)e->holes) + 1);
  a = (size_t)(atom - e->base_atoms - 1);
  return peg__amo_aux_name(&e->amo, a % e->amo.aux, (int)(a / e->amo.aux) + 1,
                           buf, size);
}

int peg_atom_lookup(const peg_encoding *e, const char *name) {
  if (!e || !name)
    return PEG_EATOM;
  int x[4], time;
  if (peg__atom_fields(name, "Peg(", 2, x))
    return peg_atom_peg(e, x[0], x[1]);
  if (peg__atom_fields(name, "Jump(", 4, x))
    return peg_atom_jump(e, x[0], x[1], x[2], x[3]);
  long k = peg__amo_aux_parse(&e->amo, name, &time);
  if (k >= 0 && time <= e->steps)
    return peg__aux_base(e, time) + (int)k + 1;
  return PEG_EATOM;
}

/* ---- The clauses
 * --------------------------------------------------------------- */

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
    peg_jump x = peg__jump_of(e->work, j);
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
    peg_jump x = peg__jump_of(e->work, j);
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
static void jumps_and_effects(const peg_encoding *e, peg__emitter *m) {
  for (int pass = 0; pass < 2; pass++)
    for (int t = 1; t <= e->steps; t++)
      for (size_t j = 0; j < e->jumps; j++) {
        peg_jump x = peg__jump_of(e->work, j);
        int jump = -peg__jump_atom(e, j, t), at = pass ? t + 1 : t;
        int sign = pass ? -1 : 1; /* before: A, B full, C empty; after: not */
        if (!peg__send2(m, jump, sign * peg__peg_atom(e, x.from, at)) ||
            !peg__send2(m, jump, sign * peg__peg_atom(e, x.over, at)) ||
            !peg__send2(m, jump, -sign * peg__peg_atom(e, x.to, at)))
          return;
      }
}

/* Axiom 3: a hole changes only through a jump that takes or puts a peg. */
static void frames(const peg_encoding *e, const hole_jumps *h,
                   peg__emitter *m) {
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
        if (!peg__send(m, n))
          return;
      }
}

/* Axiom 4: one jump per step, by the chosen at-most-one encoding, and
 * (option) at least one. */
static void one_jump(const peg_encoding *e, peg__emitter *m) {
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
    if (!peg__send(m, e->jumps))
      return;
  }
}

/* Exactly the holes of set hold pegs at time: one unit per hole. */
static bool state(const peg_encoding *e, const unsigned char *set, int time,
                  peg__emitter *m) {
  for (int hole = 1; hole <= e->holes; hole++) {
    m->lits[0] = set[hole] ? peg__peg_atom(e, hole, time)
                           : -peg__peg_atom(e, hole, time);
    if (!peg__send(m, 1))
      return false;
  }
  return true;
}

/* Exactly one hole has the value `sign` (1: a peg, -1: empty) at time. */
static bool exactly_one(const peg_encoding *e, int sign, int time,
                        peg__emitter *m) {
  for (int hole = 1; hole <= e->holes; hole++)
    m->lits[hole - 1] = sign * peg__peg_atom(e, hole, time);
  if (!peg__send(m, (size_t)e->holes))
    return false;
  for (int a = 1; a <= e->holes; a++)
    for (int b = a + 1; b <= e->holes; b++)
      if (!peg__send2(m, -sign * peg__peg_atom(e, a, time),
                      -sign * peg__peg_atom(e, b, time)))
        return false;
  return true;
}

/* Axioms 5 and 6: the start, and the end. */
static void start_and_end(const peg_encoding *e, peg__emitter *m) {
  const peg_board *b = e->work;
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
  peg__emitter m = {fn, ctx, malloc((2 * e->jumps + longest + 2) * sizeof(int)),
                    0};
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
    if (!m.rc) {
      int64_t n = peg__class_clauses(e, fn, ctx, &m.rc);
      if (n < 0 && !m.rc)
        m.rc = (int)n;
    }
    rc = m.rc;
  }
  free_index(&h);
  free(m.lits);
  return rc;
}
