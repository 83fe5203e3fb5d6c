/* xor.c - parity reasoning at level 0 (option "xor").
 *
 * Recovery.  An XOR constraint x1 ^ ... ^ xk = p is written in CNF as
 * 2^(k-1) clauses over x1..xk, one for each assignment of the wrong
 * parity: the clause whose literals that assignment makes all false.  With
 * the variables sorted, a clause whose negated positions are the bit set m
 * forbids the assignment that makes exactly the variables of m true, of
 * parity |m| mod 2.  So the clauses with |m| even, all present, say
 * x1 ^ ... ^ xk = 1, and those with |m| odd say = 0.  The clauses of 2 to
 * XOR_MAX_SIZE literals are counted per set of variables (byte counters
 * by hash, read_candidates), those of a set with enough clauses for an
 * XOR sorted by their variables, and each set's patterns ORed into a
 * 64-bit mask.  Only exact encodings are found: a
 * clause that covers several patterns at once (a shorter one) is not read
 * as its parts.
 *
 * Elimination.  Values of level 0 go into the right-hand sides.  The
 * constraints fall into components that share no variable (union-find
 * over their variables), and each component of two constraints or more
 * whose matrix fits the budgets below is brought to reduced row echelon
 * form over GF(2) (Gauss-Jordan).  A unit that the component implies is a
 * vector of its row space with one variable, which the rows can only make
 * as the row of that variable's pivot, alone: so every implied unit is a
 * row of one variable.  An implied x ^ y = c is either a row of two
 * variables (x a pivot, y not), or the sum of the rows of pivots x and y,
 * which then have the same non-pivot part: rows grouped by that part
 * (hashed) give every such pair.  A row that became 0 = 1 refutes the
 * clauses.
 *
 * Writing back.  Units and pairs go in as learned clauses (analyze.c's
 * dpll__import_clause: a unit is assigned, a binary clause has LBD 2 and
 * so outlives reduction), except a pair the clauses state already as a
 * binary XOR.  They are implied by the clauses, which is all that
 * assumptions, later additions and model checks need; they are no DRAT
 * lemmas, so nothing here runs while a proof is written (cdcl.c).
 *
 * Refute mode ("xor" DPLL_XOR_REFUTE, the dpll tool's default) keeps only
 * a contradiction and adds nothing else, so that a search on clauses whose
 * XORs agree goes exactly as without the pass; it leaves alone components
 * of fewer than XOR_REFUTE_VARS variables.
 *
 * On dubois chains this is what bounded elimination already does; its
 * use is on parity constraints tangled with other clauses (parity
 * learning, circuits) and on chains too wide for elimination's limits.
 * docs/performance.md has the measurements. */
#include "xor.h"
#include "analyze.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "trail.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* In refute mode, the fewest variables of a component worth eliminating:
 * a contradiction among XORs of two variables is one decision away from a
 * conflict, and a search gets there as fast (the course's four clauses
 * over 1 and 2 are such a contradiction). */
#define XOR_REFUTE_VARS 3

/* One component's matrix, in 64-bit words, and its elimination's word
 * operations (rows x words x pivots): beyond either it is left alone. */
#define XOR_MAX_WORDS ((size_t)1 << 22)
#define XOR_MAX_OPS ((uint64_t)1 << 28)
/* In refute mode, which runs by default, a smaller budget of operations
 * (about 0.05 s at most): a chain of parities is far below it. */
#define XOR_REFUTE_OPS ((uint64_t)1 << 24)

/* A clause of 2 to XOR_MAX_SIZE literals, as recovery sees it. */
typedef struct {
  uint32_t vars[XOR_MAX_SIZE]; /* sorted, the rest 0 */
  uint32_t size;
  uint32_t pattern; /* bit i: vars[i] is negated in the clause */
} xclause;

/* x ^ y = rhs with x < y: a binary XOR of the clauses, or one derived. */
typedef struct {
  uint32_t x, y, rhs;
} xpair;

/* A row's place in the order of components. */
typedef struct {
  uint32_t root, row;
} xslot;

/* A row of a matrix, by the hash of its non-pivot part. */
typedef struct {
  uint64_t hash;
  size_t row;
} xkey;

typedef struct {
  /* the constraints: row r's variables are var[start[r] .. start[r+1]) */
  uint32_t *var;
  size_t nvar, var_cap;
  size_t *start;
  unsigned char *rhs;
  size_t rows, rows_cap, rhs_cap;
  xpair *given; /* the clauses' binary XORs, sorted */
  size_t ngiven, given_cap;
  uint32_t *parent; /* union-find over variables */
  uint32_t *col;    /* a variable's column in the component, or UINT32_MAX */
  /* one component at a time */
  uint64_t *m;
  size_t m_cap;
  unsigned char *mrhs;
  uint32_t *colvar; /* a column's variable */
  uint32_t *pivot;  /* row i's pivot column */
  xkey *keys;
  size_t comp_cap, col_cap;
  /* what follows, to be written back */
  xpair *out; /* x == y: a unit x = rhs */
  size_t nout, out_cap;
  bool refute_only; /* "xor" is DPLL_XOR_REFUTE */
} xor_pass;

static void pass_free(xor_pass *x) {
  free(x->var);
  free(x->start);
  free(x->rhs);
  free(x->given);
  free(x->parent);
  free(x->col);
  free(x->m);
  free(x->mrhs);
  free(x->colvar);
  free(x->pivot);
  free(x->keys);
  free(x->out);
}

/* ---- Recovery ------------------------------------------------------------ */

static bool candidate(const clause *c) {
  return c->size >= 2 && c->size <= XOR_MAX_SIZE &&
         !(c->flags & (CLAUSE_ASIDE | CLAUSE_DELETED));
}

/* c as an xclause: false if it repeats a variable. */
static bool read_clause(const clause *c, xclause *out) {
  unsigned lits[XOR_MAX_SIZE];
  uint32_t n = c->size;
  for (uint32_t i = 0; i < n; i++) { /* insertion sort by variable */
    unsigned lit = c->lits[i];
    uint32_t j = i;
    for (; j > 0 && lit_var(lits[j - 1]) > lit_var(lit); j--)
      lits[j] = lits[j - 1];
    lits[j] = lit;
  }
  memset(out, 0, sizeof *out);
  out->size = n;
  for (uint32_t i = 0; i < n; i++) {
    if (i > 0 && lit_var(lits[i]) == lit_var(lits[i - 1]))
      return false;
    out->vars[i] = lit_var(lits[i]);
    if (lit_negative(lits[i]))
      out->pattern |= 1u << i;
  }
  return true;
}

static int xclause_cmp(const void *a, const void *b) {
  const xclause *p = a, *q = b;
  if (p->size != q->size)
    return p->size < q->size ? -1 : 1;
  for (uint32_t i = 0; i < p->size; i++)
    if (p->vars[i] != q->vars[i])
      return p->vars[i] < q->vars[i] ? -1 : 1;
  return 0;
}

/* A hash of c's variables (and so of its size). */
static uint64_t xclause_hash(const xclause *c) {
  uint64_t h = c->size;
  for (uint32_t i = 0; i < c->size; i++)
    h = (h ^ c->vars[i]) * 0x9e3779b97f4a7c15ULL;
  return h ^ h >> 31;
}

/* The i-th clause of the added ones, then of the learned ones. */
static const clause *clause_at(const dpll_solver *s, size_t i) {
  size_t added = dpll__num_clauses(s);
  return dpll__clause(s, i < added ? dpll__clause_ref(s, i)
                                   : dpll__learnt_ref(s, i - added));
}

/* Whether both counters of a set of variables of hash h, one in each half
 * of count[0 .. 2 * cap - 1], reach least; each is first raised by add. */
static bool counted(unsigned char *count, size_t cap, uint64_t h, unsigned add,
                    unsigned least) {
  unsigned char *k[2] = {&count[h & (cap - 1)],
                         &count[cap + (h >> 32 & (cap - 1))]};
  for (int half = 0; half < 2; half++)
    *k[half] = (unsigned char)(*k[half] + add > UCHAR_MAX ? UCHAR_MAX
                                                          : *k[half] + add);
  return *k[0] >= least && *k[1] >= least;
}

/* Reads into *out (n of them, malloc'ed, the caller frees) the clauses
 * that may belong to an XOR: 2 to XOR_MAX_SIZE variables, and at least
 * 2^(size-1) clauses over the same ones.  Those are counted first by a
 * hash of the variables, in two tables of byte counters each four times
 * as long as the candidates, and a clause passes if both its counters do
 * (a clash only counts more, so no XOR is missed; two tables let few
 * clauses through by clashes).  Sorting then takes the few clauses that
 * pass rather than all, and the tables cost 8 bytes a clause where the
 * clauses read would cost 32.  0 or DPLL_ENOMEM. */
static int read_candidates(const dpll_solver *s, xclause **out, size_t *n) {
  size_t total = dpll__num_clauses(s) + dpll__num_learnts(s), cands = 0;
  *out = NULL;
  *n = 0;
  for (size_t i = 0; i < total; i++)
    cands += candidate(clause_at(s, i));
  if (cands < 2)
    return 0;
  size_t cap = 64;
  while (cap < 4 * cands)
    cap *= 2;
  unsigned char *count = calloc(2 * cap, 1);
  if (!count)
    return DPLL_ENOMEM;
  xclause c;
  for (size_t i = 0; i < total; i++) {
    const clause *cl = clause_at(s, i);
    if (candidate(cl) && read_clause(cl, &c))
      counted(count, cap, xclause_hash(&c), 1, 0);
  }
  size_t out_cap = 0;
  int rc = 0;
  for (size_t i = 0; !rc && i < total; i++) {
    const clause *cl = clause_at(s, i);
    if (candidate(cl) && read_clause(cl, &c) &&
        counted(count, cap, xclause_hash(&c), 0, 1u << (c.size - 1)) &&
        !(rc = DPLL_GROW(*out, out_cap, *n + 1, SIZE_MAX / sizeof c)))
      (*out)[(*n)++] = c;
  }
  free(count);
  return rc;
}

static int xpair_cmp(const void *a, const void *b) {
  const xpair *p = a, *q = b;
  if (p->x != q->x)
    return p->x < q->x ? -1 : 1;
  if (p->y != q->y)
    return p->y < q->y ? -1 : 1;
  return (p->rhs > q->rhs) - (p->rhs < q->rhs);
}

/* The patterns of k variables with an even number of negations. */
static uint64_t even_patterns(uint32_t k) {
  uint64_t mask = 0;
  for (uint32_t p = 0; p < (1u << k); p++) {
    uint32_t bits = 0;
    for (uint32_t q = p; q; q &= q - 1)
      bits++;
    if (bits % 2 == 0)
      mask |= (uint64_t)1 << p;
  }
  return mask;
}

/* Adds the constraint vars[0..k-1] ^ ... = rhs with the values of level 0
 * folded in; 0 or DPLL_ENOMEM. */
static int add_row(dpll_solver *s, xor_pass *x, const uint32_t *vars,
                   uint32_t k, unsigned rhs) {
  if (DPLL_GROW(x->var, x->var_cap, x->nvar + k, SIZE_MAX / 4) ||
      DPLL_GROW(x->start, x->rows_cap, x->rows + 2, SIZE_MAX / 16) ||
      DPLL_GROW(x->rhs, x->rhs_cap, x->rows + 1, SIZE_MAX))
    return DPLL_ENOMEM;
  x->start[x->rows] = x->nvar;
  for (uint32_t i = 0; i < k; i++) {
    int value = dpll__value(s, lit_pos((int)vars[i]));
    if (value > 0)
      rhs ^= 1u;
    else if (value == 0)
      x->var[x->nvar++] = vars[i];
  }
  x->rhs[x->rows++] = (unsigned char)rhs;
  x->start[x->rows] = x->nvar;
  if (k == 2 && x->start[x->rows] - x->start[x->rows - 1] == 2) {
    if (DPLL_GROW(x->given, x->given_cap, x->ngiven + 1, SIZE_MAX / 16))
      return DPLL_ENOMEM;
    x->given[x->ngiven++] = (xpair){vars[0], vars[1], rhs};
  }
  return 0;
}

/* Finds the constraints; 0 or DPLL_ENOMEM. */
static int recover(dpll_solver *s, xor_pass *x) {
  xclause *cl;
  size_t k;
  int rc = read_candidates(s, &cl, &k);
  if (rc || k < 2) {
    free(cl);
    return rc;
  }
  qsort(cl, k, sizeof *cl, xclause_cmp);
  for (size_t i = 0, j; i < k && !rc; i = j) {
    uint64_t mask = 0;
    for (j = i; j < k && xclause_cmp(&cl[i], &cl[j]) == 0; j++)
      mask |= (uint64_t)1 << cl[j].pattern;
    uint32_t size = cl[i].size;
    if (j - i < (1u << (size - 1)))
      continue; /* too few clauses for a parity of these variables */
    uint64_t even = even_patterns(size);
    uint64_t odd =
        (size == 6 ? ~(uint64_t)0 : ((uint64_t)1 << (1u << size)) - 1) & ~even;
    for (unsigned rhs = 0; rhs < 2 && !rc; rhs++) {
      uint64_t want = rhs ? even : odd;
      if ((mask & want) == want) {
        s->stats.xors++;
        rc = add_row(s, x, cl[i].vars, size, rhs);
      }
    }
  }
  free(cl);
  if (!rc && x->ngiven > 1)
    qsort(x->given, x->ngiven, sizeof *x->given, xpair_cmp);
  return rc;
}

/* ---- Components ------------------------------------------------------------
 */

static uint32_t find(uint32_t *parent, uint32_t v) {
  while (parent[v] != v) {
    parent[v] = parent[parent[v]];
    v = parent[v];
  }
  return v;
}

static int xslot_cmp(const void *a, const void *b) {
  const xslot *p = a, *q = b;
  if (p->root != q->root)
    return p->root < q->root ? -1 : 1;
  return (p->row > q->row) - (p->row < q->row);
}

static int xkey_cmp(const void *a, const void *b) {
  const xkey *p = a, *q = b;
  if (p->hash != q->hash)
    return p->hash < q->hash ? -1 : 1;
  return (p->row > q->row) - (p->row < q->row);
}

static int emit(xor_pass *x, uint32_t a, uint32_t b, unsigned rhs) {
  if (a > b) {
    uint32_t t = a;
    a = b;
    b = t;
  }
  xpair p = {a, b, rhs};
  if (a != b && x->ngiven > 0 &&
      bsearch(&p, x->given, x->ngiven, sizeof p, xpair_cmp))
    return 0; /* the clauses say so already */
  if (DPLL_GROW(x->out, x->out_cap, x->nout + 1, SIZE_MAX / 16))
    return DPLL_ENOMEM;
  x->out[x->nout++] = p;
  return 0;
}

static inline bool bit(const uint64_t *row, size_t c) {
  return (row[c / 64] >> (c % 64)) & 1u;
}

/* Brings the r rows of w words (cols columns; right-hand sides rhs) to
 * reduced row echelon form; pivot[i] is row i's pivot column, for the
 * rank rows returned (the rest are zero). */
static size_t rref(uint64_t *m, unsigned char *rhs, uint32_t *pivot, size_t r,
                   size_t w, size_t cols) {
  /* Row `rank` has no bit in a column before c once it is chosen, so the
   * sums start at c's word. */
  size_t rank = 0;
  for (size_t c = 0; c < cols && rank < r; c++) {
    size_t p = rank;
    while (p < r && !bit(m + p * w, c))
      p++;
    if (p == r)
      continue;
    if (p != rank) {
      for (size_t k = 0; k < w; k++) {
        uint64_t t = m[p * w + k];
        m[p * w + k] = m[rank * w + k];
        m[rank * w + k] = t;
      }
      unsigned char t = rhs[p];
      rhs[p] = rhs[rank];
      rhs[rank] = t;
    }
    const uint64_t *piv = m + rank * w;
    for (size_t i = 0; i < r; i++)
      if (i != rank && bit(m + i * w, c)) {
        for (size_t k = c / 64; k < w; k++)
          m[i * w + k] ^= piv[k];
        rhs[i] ^= rhs[rank];
      }
    pivot[rank++] = (uint32_t)c;
  }
  return rank;
}

/* What the rank rows of x->m in echelon form imply: units and pairs of a
 * row; the rest keyed by their non-pivot part, equal parts giving the
 * pairs of their pivots.  0 or DPLL_ENOMEM. */
static int derive(xor_pass *x, size_t rank, size_t w) {
  uint64_t *m = x->m;
  size_t nkeys = 0;
  int rc = 0;
  for (size_t i = 0; i < rank && !rc; i++) {
    uint64_t *row = m + i * w;
    size_t c = x->pivot[i];
    row[c / 64] &= ~((uint64_t)1 << (c % 64));
    size_t bits = 0, other = 0;
    uint64_t hash = 14695981039346656037u;
    for (size_t k = 0; k < w; k++) {
      uint64_t word = row[k];
      if (word) {
        bits += (size_t)__builtin_popcountll(word);
        other = k * 64 + (size_t)__builtin_ctzll(word);
      }
      hash = (hash ^ word) * 1099511628211u;
    }
    if (bits == 0)
      rc = emit(x, x->colvar[c], x->colvar[c], x->mrhs[i]);
    else if (bits == 1)
      rc = emit(x, x->colvar[c], x->colvar[other], x->mrhs[i]);
    else
      x->keys[nkeys++] = (xkey){hash, i};
  }
  qsort(x->keys, nkeys, sizeof *x->keys, xkey_cmp);
  for (size_t i = 0, j; i < nkeys && !rc; i = j) {
    const uint64_t *first = m + x->keys[i].row * w;
    for (j = i + 1; j < nkeys && x->keys[j].hash == x->keys[i].hash && !rc;
         j++) {
      size_t a = x->keys[i].row, b = x->keys[j].row;
      if (memcmp(first, m + b * w, w * sizeof *m) == 0)
        rc = emit(x, x->colvar[x->pivot[a]], x->colvar[x->pivot[b]],
                  x->mrhs[a] ^ x->mrhs[b]);
    }
  }
  return rc;
}

/* Gauss-Jordan on the component of rows slot[0..r-1]: what it implies
 * goes to x->out (unless refute_only); *refuted when a row became 0 = 1.
 * 0 or DPLL_ENOMEM; *eliminated unless the component was left alone (over
 * the budgets, or too small to refute). */
static int component(xor_pass *x, const xslot *slot, size_t r, bool *refuted,
                     bool *eliminated) {
  size_t cols = 0;
  for (size_t i = 0; i < r; i++) {
    size_t row = slot[i].row;
    for (size_t k = x->start[row]; k < x->start[row + 1]; k++) {
      uint32_t v = x->var[k];
      if (x->col[v] == UINT32_MAX) {
        if (DPLL_GROW(x->colvar, x->col_cap, cols + 1, UINT32_MAX))
          return DPLL_ENOMEM;
        x->col[v] = (uint32_t)cols;
        x->colvar[cols++] = v;
      }
    }
  }
  size_t w = (cols + 63) / 64;
  size_t pivots = r < cols ? r : cols;
  int rc = 0;
  uint64_t max_ops = x->refute_only ? XOR_REFUTE_OPS : XOR_MAX_OPS;
  if (w == 0 || r > XOR_MAX_WORDS / w || (uint64_t)r * w * pivots > max_ops)
    goto done; /* too big: left alone */
  if (x->refute_only && cols < XOR_REFUTE_VARS)
    goto done;
  *eliminated = true;
  if (r * w > x->m_cap) {
    if ((rc = DPLL_RESIZE(x->m, r * w)))
      goto done;
    x->m_cap = r * w;
  }
  if (r > x->comp_cap) {
    if ((rc = DPLL_RESIZE(x->mrhs, r)) || (rc = DPLL_RESIZE(x->pivot, r)) ||
        (rc = DPLL_RESIZE(x->keys, r)))
      goto done;
    x->comp_cap = r;
  }
  uint64_t *m = x->m;
  memset(m, 0, r * w * sizeof *m);
  for (size_t i = 0; i < r; i++) {
    size_t row = slot[i].row;
    for (size_t k = x->start[row]; k < x->start[row + 1]; k++) {
      uint32_t c = x->col[x->var[k]];
      m[i * w + c / 64] |= (uint64_t)1 << (c % 64);
    }
    x->mrhs[i] = x->rhs[row];
  }
  size_t rank = rref(m, x->mrhs, x->pivot, r, w, cols);
  for (size_t i = rank; i < r; i++)
    if (x->mrhs[i]) {
      *refuted = true;
      goto done;
    }
  if (!x->refute_only)
    rc = derive(x, rank, w);
done:
  for (size_t c = 0; c < cols; c++)
    x->col[x->colvar[c]] = UINT32_MAX;
  return rc;
}

/* Solves each component; 0 or DPLL_ENOMEM. */
static int solve(dpll_solver *s, xor_pass *x, bool *refuted) {
  size_t vars = (size_t)s->num_vars + 1;
  x->parent = malloc(vars * sizeof *x->parent);
  x->col = malloc(vars * sizeof *x->col);
  xslot *slot = malloc(x->rows * sizeof *slot);
  int rc = x->parent && x->col && slot ? 0 : DPLL_ENOMEM;
  for (size_t v = 0; !rc && v < vars; v++) {
    x->parent[v] = (uint32_t)v;
    x->col[v] = UINT32_MAX;
  }
  size_t n = 0;
  for (size_t r = 0; !rc && r < x->rows; r++) {
    size_t b = x->start[r], e = x->start[r + 1];
    if (b == e) {
      if (x->rhs[r])
        *refuted = true; /* 0 = 1 by the values of level 0 */
      continue;
    }
    for (size_t k = b + 1; k < e; k++) {
      uint32_t p = find(x->parent, x->var[b]), q = find(x->parent, x->var[k]);
      if (p != q)
        x->parent[p] = q;
    }
    slot[n++] = (xslot){0, (uint32_t)r};
  }
  for (size_t i = 0; !rc && i < n; i++)
    slot[i].root = find(x->parent, x->var[x->start[slot[i].row]]);
  if (!rc)
    qsort(slot, n, sizeof *slot, xslot_cmp);
  for (size_t i = 0, j; !rc && !*refuted && i < n; i = j) {
    for (j = i + 1; j < n && slot[j].root == slot[i].root;)
      j++;
    bool eliminated = false;
    if (j - i >= 2) /* a lone constraint implies no more than its clauses */
      rc = component(x, slot + i, j - i, refuted, &eliminated);
    if (eliminated && dpll__terminated(s))
      break;
  }
  free(slot);
  return rc;
}

/* ---- The pass --------------------------------------------------------------
 */

int dpll__xor(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  xor_pass x;
  memset(&x, 0, sizeof x);
  x.refute_only = s->opt[OPT_xor] == DPLL_XOR_REFUTE;
  bool refuted = false;
  int rc = recover(s, &x);
  if (!rc && x.rows > 0)
    rc = solve(s, &x, &refuted);
  if (!rc && refuted)
    dpll__clause_empty(s);
  for (size_t i = 0; !rc && !refuted && i < x.nout && !dpll__unsat(s); i++) {
    xpair p = x.out[i];
    int a = (int)p.x, b = (int)p.y;
    if (p.x == p.y) {
      int unit = p.rhs ? a : -a;
      rc = dpll__import_clause(s, &unit, 1);
    } else { /* a ^ b = rhs: a | b and -a | -b, or a | -b and -a | b */
      int first[2] = {a, p.rhs ? b : -b}, second[2] = {-a, p.rhs ? -b : b};
      rc = dpll__import_clause(s, first, 2);
      if (!rc)
        rc = dpll__import_clause(s, second, 2);
    }
    if (!rc)
      s->stats.xor_derived++;
  }
  pass_free(&x);
  return rc;
}
