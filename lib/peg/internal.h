/* internal.h - libpeg's private structures and the calls between its files. */
#ifndef PEG_INTERNAL_H_INCLUDED
#define PEG_INTERNAL_H_INCLUDED

#include "peg.h"

#include "../common/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct peg_board {
  int holes;
  int (*triples)[3];
  size_t num_triples, triples_cap;
  uint64_t *triple_keys; /* open-addressing set of triples, for duplicates */
  size_t keys_cap;
  bool free_start;      /* the solver chooses the one empty hole */
  unsigned char *start; /* [1..holes]: 1 = peg at the start (unless free) */
  bool goal_given;      /* else exactly one peg anywhere */
  unsigned char *goal;  /* [1..holes]: 1 = peg in the goal */
  int layout;
  int *row, *col; /* [1..holes]: position, 0 if none */
};

/* The two jumps of triple t: 2t is a->c over b, 2t+1 is c->a over b. */
static inline peg_jump peg__jump_of(const peg_board *b, size_t j) {
  const int *t = b->triples[j / 2];
  return j % 2 ? (peg_jump){t[2], t[1], t[0]} : (peg_jump){t[0], t[1], t[2]};
}

/* The jump index of (from, over, to), or -1 if it is not a jump. */
long peg__find_jump(const peg_board *b, int from, int over, int to);

/* Why jump j cannot be made on pegs[1..holes], in buf, or NULL if it can. */
const char *peg__jump_fault(const peg_board *b, const unsigned char *pegs,
                            peg_jump j, char *buf, size_t size);

/* peg_board_check, also giving the hole at fault in *hole (the later of
 * two sharing a position; 0 if none). */
int peg__board_check(const peg_board *b, peg_error *err, int *hole);

/* ---- lib/common/util.c ----------------------------------------------------
 * Errors and growth below; growable text (common_text), blanks and input in
 * messages (common__printable) are used as they are. */

/* peg_error is lib/common's error struct: peg__fail(err, code, line,
 * column, fmt, ...) fills in err (NULL: nothing) with the printf-style
 * message and the position, and returns code. */
COMMON_ERROR_LIKE(peg_error);
static inline void *peg__error(peg_error *err) { return err; }
#define peg__fail(err, ...) common__fail(peg__error(err), __VA_ARGS__)

/* Makes room for need elements of elem bytes in *p, which holds *cap: on
 * success *p and *cap may change (the elements kept); PEG_ENOMEM (also
 * when the bytes overflow a size_t) leaves both as they were. */
static inline int peg__grow(void **p, size_t *cap, size_t need, size_t elem) {
  return common__grow(p, cap, need, elem) ? PEG_ENOMEM : 0;
}

/* ---- util.c -------------------------------------------------------------- */

/* Whether name is an atom's name of the form prefix "N,...,N)", count
 * positive numbers, which go to x[0..count-1]. */
bool peg__atom_fields(const char *name, const char *prefix, int count, int *x);

/* ---- encode.c ------------------------------------------------------------ */

/* Clauses on their way to the caller's callback, through one buffer. */
typedef struct peg__emitter {
  peg_clause_fn fn;
  void *ctx;
  int *lits;
  int rc; /* the callback's first non-zero return */
} peg__emitter;

/* Sends the clause lits[0..n-1]; false once the callback has refused. */
static inline bool peg__send(peg__emitter *m, size_t n) {
  if (!m->rc)
    m->rc = m->fn(m->ctx, m->lits, n);
  return !m->rc;
}

static inline bool peg__send2(peg__emitter *m, int a, int b) {
  m->lits[0] = a;
  m->lits[1] = b;
  return peg__send(m, 2);
}

static inline int64_t peg__pairs(int64_t n) { return n * (n - 1) / 2; }

/* ---- amo.c --------------------------------------------------------------- */

/* The most levels of commanders: each level has a third of the one below,
 * so 24 levels would take more than 3^24 jumps. */
#define PEG__AMO_LEVELS 24

/* The shape of an at-most-one encoding of n literals (docs/encoding.md,
 * axiom 4A and its variants).  Its auxiliary atoms, aux of them, follow a
 * base number aux0: aux0 + 1 .. aux0 + aux. */
typedef struct peg__amo {
  int how;  /* PEG_AMO_... */
  size_t n; /* the literals */
  size_t aux;
  size_t rows, cols; /* product: Row(r) is aux0 + r, Col(c) aux0 + rows + c */
  int levels;        /* commander: levels of commanders, 0 if n <= 3 */
  /* commander: level L's commanders (L = 1..levels) are the atoms
   * aux0 + level_start[L-1] + 1 .. aux0 + level_start[L] */
  size_t level_start[PEG__AMO_LEVELS + 1];
} peg__amo;

/* The shape of encoding how for n literals. */
peg__amo peg__amo_layout(int how, size_t n);

/* The number of clauses peg__amo_emit sends. */
int64_t peg__amo_clauses(const peg__amo *l);

/* Sends the clauses that allow at most one of x[0..l->n-1] to be true, with
 * the auxiliary atoms numbered from aux0 + 1.  Returns 0 or the callback's
 * first non-zero value. */
int peg__amo_emit(const peg__amo *l, const int *x, int aux0, peg_clause_fn fn,
                  void *ctx);

/* The name of auxiliary atom k (0-based within its step) at time, as
 * snprintf (l has aux > k). */
int peg__amo_aux_name(const peg__amo *l, size_t k, int time, char *buf,
                      size_t size);

/* The k (0-based within its step) of the auxiliary atom called name, and its
 * time in *time (>= 1, not checked against the steps); -1 if encoding
 * l->how has no atom so called. */
long peg__amo_aux_parse(const peg__amo *l, const char *name, int *time);

/* ---- encode.c, the encoding ---------------------------------------------- */

struct peg_encoding {
  peg_board *board; /* own copy, as given: names and the key use it */
  /* The board the clauses are written for: board's holes renumbered by
   * rank (work hole rank[h] is board hole h, and name[] is the inverse),
   * its triples sorted.  The option hole_order picks rank: 1, canon
   * (canon.c); 0, the board's own numbering (and work its copy). */
  peg_board *work;
  int *rank, *name, *canon; /* [1..holes] */
  int hole_order;
  int holes, steps; /* N, T */
  size_t jumps;     /* J */
  int at_least_one; /* options (encode.c's PEG_OPTIONS) */
  int canonical_order;
  int position_classes;
  int at_most_one; /* PEG_AMO_... */
  peg__amo amo;    /* its shape for the J jumps of a step */
  int base_atoms;  /* the Jump and Peg atoms */
  int atoms;       /* and amo.aux per step (updated with the option) */
};

static inline int peg__jump_atom(const peg_encoding *e, size_t j, int time) {
  return (int)((size_t)(time - 1) * e->jumps + j + 1);
}

static inline int peg__peg_atom(const peg_encoding *e, int hole, int time) {
  return (int)(e->jumps * (size_t)e->steps + (size_t)(time - 1) * e->holes +
               (size_t)hole);
}

/* The atom before the at-most-one encoding's atoms of time: they come after
 * the Peg atoms, time by time, amo.aux per step. */
static inline int peg__aux_base(const peg_encoding *e, int time) {
  return e->base_atoms + (int)((size_t)(time - 1) * e->amo.aux);
}

/* ---- redundant.c ----------------------------------------------------------
 */

/* Every jump by hole (the three holes it touches), CSR style. */
typedef struct peg__hole_index {
  size_t *start; /* [holes + 2]: hole h's jumps are jumps[start[h]..] */
  size_t *jumps;
} peg__hole_index;

int peg__hole_index_build(const peg_encoding *e, peg__hole_index *h);
void peg__hole_index_free(peg__hole_index *h);
int64_t peg__independent_pairs(const peg_encoding *e); /* -1: no memory */
int peg__emit_order(const peg_encoding *e, peg_clause_fn fn, void *ctx);

/* ---- canon.c ------------------------------------------------------------- */

/* Ranks b's holes 1..holes in rank[1..holes] by the board's structure
 * alone: renumbering b's holes leaves the ranked board the same.  Returns
 * 0 or PEG_ENOMEM. */
int peg__canonical_rank(const peg_board *b, int *rank);

/* b with hole h renamed rank[h], its triples sorted (smaller end first);
 * no layout.  NULL if memory runs out. */
peg_board *peg__relabel(const peg_board *b, const int *rank);

/* ---- classes.c -------------------------------------------------------------
 */

/* The clauses of the option position_classes: passed to fn (or only
 * counted if fn is NULL).  Returns their number, or PEG_ENOMEM; *rc gets
 * fn's first non-zero return, which stops the calls. */
int64_t peg__class_clauses(const peg_encoding *e, peg_clause_fn fn, void *ctx,
                           int *rc);

/* ---- key.c ----------------------------------------------------------------
 */

/* peg_key_parse with line numbers shifted by line0 (the key's first line). */
int peg__key_parse(const char *text, size_t size, long line0,
                   peg_encoding **out, peg_error *err);

/* ---- play.c ------------------------------------------------------------- */

bool peg__solver_ok(const peg_solver *s);
int peg__load(const peg_encoding *e, const peg_solver *s); /* emits e */

/* Where an enumeration's plays go: report(ctx, play, t) gets each play
 * found (borrowed); non-zero stops the enumeration. */
typedef struct peg__sink {
  int (*report)(void *ctx, const peg_jump *play, size_t t);
  void *ctx;
} peg__sink;

/* Every play that begins with prefix[0..root-1] (root <= e's steps), from
 * s, which holds e's clauses: each is reported and forbidden.  Returns 0
 * when all are found, 1 when report said stop, PEG_ESOLVER, PEG_EPLAY or
 * PEG_ENOMEM. */
int peg__plays_under(const peg_encoding *e, const peg_solver *s,
                     const peg_jump *prefix, size_t root,
                     const peg__sink *sink);

/* peg_hints_find's parts: the encoding for b's hints (*e, NULL on a
 * failure; the caller frees it) and out's arrays, with every legal jump
 * from b's start; then settling hint i by one solve of s (which holds e's
 * clauses).  Both return 0 or a PEG_ code. */
int peg__hints_begin(const peg_board *b, peg_hints *out, peg_encoding **e);
int peg__hint_settle(const peg_encoding *e, const peg_solver *s, peg_hints *h,
                     size_t i);

#endif /* PEG_INTERNAL_H_INCLUDED */
