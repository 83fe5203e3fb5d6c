/* bva.c - bounded variable addition (option "factor"): before the first
 * decision of a solve, a set of clauses that is a product, every clause
 * (li ∨ Cj) for the literals l1..lm and the clause remainders C1..Ck, is
 * replaced by m + k clauses over a new variable x:
 *
 *     (x ∨ li) for each i,   (¬x ∨ Cj) for each j,
 *
 * whose resolvents on x are the m * k clauses of the product (Manthey,
 * Heule and Biere, "Automated reencoding of Boolean formulas", HVC 2012).
 * The clauses that say "at most one of p1..pn" pairwise, n(n-1)/2 of them,
 * become about 3n this way, and a search over the new variables counts
 * what the pairwise clauses can only enumerate: pigeonhole formulas that
 * take minutes become seconds (docs/performance.md, issue 39).
 *
 * The formula with x and the formula without it have the same models on
 * the other variables (a model of the product gives x false if every li is
 * true, true otherwise; a model of the new clauses satisfies each
 * resolvent), so a clause over the caller's variables that the search
 * learns follows from the caller's clauses, and a model needs no
 * extension: the clauses put aside are checked against it like all the
 * others (solver.c).
 *
 * The search for a product, from a literal l, is the paper's: M_lit = {l},
 * M_cls = the clauses of l; then, as long as it pays, the literal m that
 * completes most clauses of M_cls (clauses (C \ {l}) ∪ {m} exist) joins
 * M_lit and M_cls keeps the clauses it completes.  It pays while the
 * clauses saved, |M_lit| * |M_cls| - |M_lit| - |M_cls|, grow.  A clause
 * (C \ {l}) ∪ {m} is found among the clauses of the literal of C \ {l}
 * with the fewest.  Literals are taken most clauses first, and those of a
 * replacement (l, the literals that joined it, x and ¬x) are taken again.
 *
 * The new variables are numbered after the caller's (vars.c) and live for
 * one solve: at its end (dpll__bva_restore) every clause that holds one is
 * deleted, the clauses put aside come back (elim.c's restore takes back
 * every clause put aside) and the variables go; the learn callback never
 * hears of a clause that holds one (trace.c).  Added clauses replaced are
 * put aside; learned ones (an earlier replacement's, elimination's
 * resolvents) are deleted.  The new clauses are learned clauses of LBD 1,
 * which reduction keeps for the rest of the solve.  The pass runs where
 * elimination runs (not under assumptions), after it and the parity pass,
 * and not while a proof is written (its clauses would be RAT steps on new
 * variables; left out, docs/proofs.md).  Off by default: on satisfiable
 * structured files it sends the search elsewhere, as often for the worse
 * as for the better; the portfolio gives it to every other search
 * (portfolio.c). */
#include "bva.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "propagate.h"
#include "reduce.h"
#include "vars.h"

#include <stdlib.h>
#include <string.h>

#define BVA_BUDGET_PER_WORD 8     /* literals read, per arena word, */
#define BVA_BUDGET_MIN (1u << 20) /* and at least these */
#define BVA_MIN_OCC 3             /* a literal of fewer clauses saves none */

/* One clause list of a literal: clauses that held it when they were
 * listed, some gone since (skipped, and dropped when the list is read). */
typedef struct occ_list {
  cref *refs;
  size_t size, cap;
} occ_list;

/* A clause (C \ {l}) ∪ {lit} found for the clause C = cls[at]. */
typedef struct pair {
  unsigned lit;
  uint32_t at;
  cref other;
} pair;

typedef struct bva_pass {
  occ_list *occ;     /* per literal */
  uint32_t *mark;    /* per literal: stamp of the clause being matched */
  uint32_t *count;   /* per literal: pairs found with it (then 0 again) */
  unsigned char *in; /* per literal: 1 in M_lit, 2 queued (bits) */
  size_t lits;       /* entries of the four above */
  uint32_t stamp;
  unsigned *queue; /* a heap of literals, most clauses first */
  size_t queued, queue_cap;
  cref *cls; /* M_cls */
  size_t ncls, cls_cap;
  unsigned *mlit; /* M_lit */
  size_t nlit, mlit_cap;
  pair *pairs;
  size_t npairs, pairs_cap;
  unsigned *touched; /* literals whose count is not 0 */
  size_t ntouched, touched_cap;
  unsigned *buf; /* a clause being made */
  size_t buf_cap;
  uint64_t work, budget, max_added, added;
} bva_pass;

enum { IN_MLIT = 1, IN_QUEUE = 2 };

static bool gone(const clause *c) {
  return (c->flags & (CLAUSE_ASIDE | CLAUSE_DELETED)) != 0;
}

/* Whether a clause may take part: in use, two literals or more, none
 * assigned at level 0 (the pass runs at the root fixpoint). */
static bool eligible(const dpll_solver *s, const clause *c) {
  if (gone(c) || c->size < 2)
    return false;
  for (uint32_t k = 0; k < c->size; k++)
    if (dpll__value(s, c->lits[k]) != 0)
      return false;
  return true;
}

/* The per-literal arrays grown to the variables now. */
static int pass_grow(dpll_solver *s, bva_pass *b) {
  size_t lits = 2 * ((size_t)s->num_vars + 1);
  if (lits <= b->lits)
    return 0;
  occ_list *occ = realloc(b->occ, lits * sizeof *occ);
  if (!occ)
    return DPLL_ENOMEM;
  b->occ = occ;
  memset(occ + b->lits, 0, (lits - b->lits) * sizeof *occ);
  int rc = DPLL_RESIZE(b->mark, lits);
  if (!rc)
    rc = DPLL_RESIZE(b->count, lits);
  if (!rc)
    rc = DPLL_RESIZE(b->in, lits);
  if (rc)
    return rc;
  memset(b->mark + b->lits, 0, (lits - b->lits) * sizeof *b->mark);
  memset(b->count + b->lits, 0, (lits - b->lits) * sizeof *b->count);
  memset(b->in + b->lits, 0, lits - b->lits);
  b->lits = lits;
  return 0;
}

static void pass_free(bva_pass *b) {
  for (size_t l = 0; l < b->lits; l++)
    free(b->occ[l].refs);
  free(b->occ);
  free(b->mark);
  free(b->count);
  free(b->in);
  free(b->queue);
  free(b->cls);
  free(b->mlit);
  free(b->pairs);
  free(b->touched);
  free(b->buf);
}

static int occ_push(bva_pass *b, unsigned lit, cref ref) {
  occ_list *o = &b->occ[lit];
  int rc = DPLL_GROW(o->refs, o->cap, o->size + 1, SIZE_MAX / sizeof(cref));
  if (!rc)
    o->refs[o->size++] = ref;
  return rc;
}

/* The clauses of lit still in use, the others dropped from its list. */
static size_t occ_live(const dpll_solver *s, bva_pass *b, unsigned lit) {
  occ_list *o = &b->occ[lit];
  size_t j = 0;
  for (size_t i = 0; i < o->size; i++)
    if (!gone(dpll__clause(s, o->refs[i])))
      o->refs[j++] = o->refs[i];
  b->work += o->size;
  o->size = j;
  return j;
}

/* ---- The queue: a binary heap of literals by their list sizes --------- */

static bool above(const bva_pass *b, unsigned a, unsigned c) {
  size_t na = b->occ[a].size, nc = b->occ[c].size;
  return na > nc || (na == nc && a < c);
}

static int queue_push(bva_pass *b, unsigned lit) {
  if (b->in[lit] & IN_QUEUE)
    return 0;
  int rc = DPLL_GROW(b->queue, b->queue_cap, b->queued + 1,
                     SIZE_MAX / sizeof(unsigned));
  if (rc)
    return rc;
  b->in[lit] |= IN_QUEUE;
  size_t i = b->queued++;
  for (; i > 0 && above(b, lit, b->queue[(i - 1) / 2]); i = (i - 1) / 2)
    b->queue[i] = b->queue[(i - 1) / 2];
  b->queue[i] = lit;
  return 0;
}

static unsigned queue_pop(bva_pass *b) {
  unsigned top = b->queue[0], last = b->queue[--b->queued];
  size_t i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= b->queued)
      break;
    if (c + 1 < b->queued && above(b, b->queue[c + 1], b->queue[c]))
      c++;
    if (!above(b, b->queue[c], last))
      break;
    b->queue[i] = b->queue[c];
    i = c;
  }
  if (b->queued > 0)
    b->queue[i] = last;
  b->in[top] &= (unsigned char)~IN_QUEUE;
  return top;
}

/* ---- Finding a product -------------------------------------------------- */

/* Clauses saved by replacing nlit * ncls clauses by nlit + ncls. */
static int64_t saved(size_t nlit, size_t ncls) {
  return (int64_t)(nlit * ncls) - (int64_t)nlit - (int64_t)ncls;
}

/* The pairs of M_cls: for each clause C (without l), every clause
 * (C \ {l}) ∪ {m} there is, found among the clauses of the literal of
 * C \ {l} that has the fewest; only some once the budget is spent. */
static int find_pairs(const dpll_solver *s, bva_pass *b, unsigned l) {
  b->npairs = 0;
  for (size_t at = 0; at < b->ncls && b->work <= b->budget; at++) {
    const clause *c = dpll__clause(s, b->cls[at]);
    unsigned least = 0;
    b->stamp++;
    for (uint32_t k = 0; k < c->size; k++) {
      unsigned lit = c->lits[k];
      if (lit == l)
        continue;
      b->mark[lit] = b->stamp;
      if (!least || b->occ[lit].size < b->occ[least].size)
        least = lit;
    }
    occ_live(s, b, least);
    const occ_list *o = &b->occ[least];
    for (size_t i = 0; i < o->size; i++) {
      const clause *d = dpll__clause(s, o->refs[i]);
      if (d->size != c->size || o->refs[i] == b->cls[at])
        continue;
      b->work += d->size;
      unsigned other = 0, extra = 0;
      for (uint32_t k = 0; k < d->size && extra < 2; k++)
        if (b->mark[d->lits[k]] != b->stamp) {
          other = d->lits[k];
          extra++;
        }
      if (extra != 1 || other == l)
        continue;
      int rc = DPLL_GROW(b->pairs, b->pairs_cap, b->npairs + 1,
                         SIZE_MAX / sizeof(pair));
      if (rc)
        return rc;
      b->pairs[b->npairs++] = (pair){other, (uint32_t)at, o->refs[i]};
    }
  }
  return 0;
}

/* The literal, not in M_lit, of the most pairs (the smallest of those
 * tied), and their number in *n; 0 if none. */
static unsigned most_paired(bva_pass *b, size_t *n, int *rc) {
  b->ntouched = 0;
  for (size_t i = 0; i < b->npairs; i++) {
    unsigned lit = b->pairs[i].lit;
    if (b->in[lit] & IN_MLIT)
      continue;
    if (b->count[lit]++ == 0) {
      *rc = DPLL_GROW(b->touched, b->touched_cap, b->ntouched + 1,
                      SIZE_MAX / sizeof(unsigned));
      if (*rc)
        return 0;
      b->touched[b->ntouched++] = lit;
    }
  }
  unsigned best = 0;
  *n = 0;
  for (size_t i = 0; i < b->ntouched; i++) {
    unsigned lit = b->touched[i];
    if (b->count[lit] > *n || (b->count[lit] == *n && lit < best)) {
      best = lit;
      *n = b->count[lit];
    }
    b->count[lit] = 0;
  }
  return best;
}

/* M_cls keeps the clauses that m completes (each once). */
static void keep_completed(bva_pass *b, unsigned m) {
  size_t j = 0;
  uint32_t last = UINT32_MAX;
  for (size_t i = 0; i < b->npairs; i++)
    if (b->pairs[i].lit == m && b->pairs[i].at != last) {
      last = b->pairs[i].at;
      b->cls[j++] = b->cls[last]; /* j <= last: pairs come in order */
    }
  b->ncls = j;
}

/* Grows M_lit from {l} while the clauses saved grow (and the budget
 * lasts); on return the pairs are those of the final M_cls, which every
 * literal of M_lit completes. */
static int find_product(const dpll_solver *s, bva_pass *b, unsigned l) {
  b->nlit = 0;
  int rc =
      DPLL_GROW(b->cls, b->cls_cap, b->occ[l].size, SIZE_MAX / sizeof(cref));
  if (!rc)
    rc = DPLL_GROW(b->mlit, b->mlit_cap, 1, SIZE_MAX / sizeof(unsigned));
  if (rc)
    return rc;
  b->ncls = 0;
  for (size_t i = 0; i < b->occ[l].size; i++) /* live: occ_live ran */
    b->cls[b->ncls++] = b->occ[l].refs[i];
  b->mlit[b->nlit++] = l;
  b->in[l] |= IN_MLIT;
  while (!rc) {
    rc = find_pairs(s, b, l); /* so the pairs are always M_cls's */
    size_t n = 0;
    unsigned m = rc ? 0 : most_paired(b, &n, &rc);
    if (!m || saved(b->nlit + 1, n) <= saved(b->nlit, b->ncls) ||
        b->work > b->budget)
      break;
    rc = DPLL_GROW(b->mlit, b->mlit_cap, b->nlit + 1,
                   SIZE_MAX / sizeof(unsigned));
    if (rc)
      break;
    b->mlit[b->nlit++] = m;
    b->in[m] |= IN_MLIT;
    keep_completed(b, m);
  }
  for (size_t i = 0; i < b->nlit; i++)
    b->in[b->mlit[i]] &= (unsigned char)~IN_MLIT;
  if (b->work > b->budget)
    b->nlit = 1; /* the pairs may be incomplete: nothing is replaced */
  return rc;
}

/* ---- Replacing it ---------------------------------------------------------
 */

/* Stores lits[0..n-1] as a clause of the pass (learned, LBD 1) and lists
 * it. */
static int store(dpll_solver *s, bva_pass *b, const unsigned *lits, size_t n) {
  int rc = dpll__clause_reserve(s, lits, n, true);
  if (rc)
    return rc;
  for (size_t k = 0; k < n; k++)
    if ((rc = DPLL_GROW(b->occ[lits[k]].refs, b->occ[lits[k]].cap,
                        b->occ[lits[k]].size + 1, SIZE_MAX / sizeof(cref))))
      return rc;
  cref ref = dpll__clause_new(s, lits, n, true, 1);
  for (size_t k = 0; k < n; k++)
    b->occ[lits[k]].refs[b->occ[lits[k]].size++] = ref;
  return 0;
}

static void take_out(dpll_solver *s, cref ref) {
  clause *c = dpll__clause(s, ref);
  if (gone(c))
    return;
  if (c->flags & CLAUSE_LEARNED)
    dpll__clause_delete(s, ref);
  else
    dpll__clause_set_aside(s, ref);
}

/* The product of M_lit and M_cls (less l) replaced with a new variable x:
 * first the new clauses, then the old ones go, so that running out of
 * memory half-way leaves clauses that mean what they meant. */
static int replace(dpll_solver *s, bva_pass *b, unsigned l) {
  int x, rc = dpll__vars_add(s, &x);
  if (!rc)
    rc = pass_grow(s, b);
  if (rc)
    return rc;
  unsigned xl = lit_pos(x);
  for (size_t i = 0; i < b->nlit && !rc; i++)
    rc = store(s, b, (unsigned[]){xl, b->mlit[i]}, 2);
  for (size_t at = 0; at < b->ncls && !rc; at++) {
    const clause *c = dpll__clause(s, b->cls[at]);
    rc = DPLL_GROW(b->buf, b->buf_cap, c->size, SIZE_MAX / sizeof(unsigned));
    if (rc)
      break;
    size_t n = 0;
    b->buf[n++] = lit_not(xl);
    for (uint32_t k = 0; k < c->size; k++)
      if (c->lits[k] != l)
        b->buf[n++] = c->lits[k];
    rc = store(s, b, b->buf, n);
  }
  if (rc)
    return rc;
  for (size_t i = 0; i < b->npairs; i++)
    for (size_t k = 1; k < b->nlit; k++)
      if (b->pairs[i].lit == b->mlit[k])
        take_out(s, b->pairs[i].other);
  for (size_t at = 0; at < b->ncls; at++)
    take_out(s, b->cls[at]);
  b->added++;
  s->stats.factored++;
  for (size_t i = 0; i < b->nlit && !rc; i++)
    rc = queue_push(b, b->mlit[i]);
  if (!rc)
    rc = queue_push(b, xl);
  return rc ? rc : queue_push(b, lit_not(xl));
}

/* Lists the clauses that may take part and queues their literals. */
static int pass_init(dpll_solver *s, bva_pass *b) {
  int rc = pass_grow(s, b);
  for (size_t i = 0; !rc && i < dpll__num_clauses(s) + dpll__num_learnts(s);
       i++) {
    size_t nc = dpll__num_clauses(s);
    cref ref = i < nc ? dpll__clause_ref(s, i) : dpll__learnt_ref(s, i - nc);
    const clause *c = dpll__clause(s, ref);
    if (!eligible(s, c))
      continue;
    for (uint32_t k = 0; k < c->size && !rc; k++)
      rc = occ_push(b, c->lits[k], ref);
  }
  for (unsigned lit = 2; !rc && lit < b->lits; lit++)
    if (b->occ[lit].size >= BVA_MIN_OCC)
      rc = queue_push(b, lit);
  return rc;
}

int dpll__bva(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  assert(s->user_vars == s->num_vars);
  bva_pass b = {0};
  b.budget = BVA_BUDGET_PER_WORD * (uint64_t)dpll__arena_words(s);
  if (b.budget < BVA_BUDGET_MIN)
    b.budget = BVA_BUDGET_MIN;
  /* At most as many variables as the caller's, and never past the limit
   * (then the pass ends, and the search goes on without more). */
  int room = DPLL_MAX_VAR - s->user_vars;
  b.max_added = (uint64_t)(s->user_vars < room ? s->user_vars : room);
  int rc = pass_init(s, &b);
  while (!rc && b.queued > 0 && b.work <= b.budget && b.added < b.max_added) {
    unsigned l = queue_pop(&b);
    size_t listed = b.occ[l].size, live = occ_live(s, &b, l);
    if (live < BVA_MIN_OCC)
      continue;
    if (live < listed) { /* its place in the queue was stale */
      rc = queue_push(&b, l);
      continue;
    }
    rc = find_product(s, &b, l);
    if (!rc && b.nlit > 1 && saved(b.nlit, b.ncls) > 0)
      rc = replace(s, &b, l);
  }
  pass_free(&b);
  if (b.added > 0) /* (clauses put aside by elimination are swept already) */
    dpll__reduce_sweep(s); /* the watches of what went */
  return rc;
}

void dpll__bva_restore(dpll_solver *s) {
  if (s->num_vars == s->user_vars)
    return;
  assert(dpll__decision_level(s) == 0);
  for (size_t i = 0; i < dpll__num_learnts(s); i++) {
    cref ref = dpll__learnt_ref(s, i);
    const clause *c = dpll__clause(s, ref);
    bool added_var = false;
    for (uint32_t k = 0; k < c->size && !added_var; k++)
      added_var = lit_var(c->lits[k]) > (unsigned)s->user_vars;
    if (added_var && !(c->flags & CLAUSE_DELETED))
      dpll__clause_delete(s, ref);
  }
  dpll__root_drop_added(s);
  dpll__reduce_sweep(s);
  dpll__vars_drop_added(s);
}
