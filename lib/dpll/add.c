/* add.c - adding clauses: the public dpll_add_clause and dpll_add.  A
 * clause is cleaned (repeats merged, tautologies dropped), ordered so that
 * its best two literals are watched, stored through the clause seam
 * (clausedb.c), and what it forces at the root is drawn at once. */
#include "add.h"
#include "branch.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "propagate.h"
#include "purecount.h"
#include "vars.h"

#include <stdlib.h>
#include <string.h>

void dpll__input_free(dpll_solver *s) {
  free(s->input.open);
  free(s->input.lits);
  free(s->input.stamp);
}

bool dpll__input_open(const dpll_solver *s) { return s->input.open_size > 0; }

/* Copies lits into input.lits as internal literals, merging repeats;
 * returns 1 for a tautology (the clause is then dropped), 0, or
 * DPLL_ENOMEM.  Per-literal stamps make it O(n), without sorting. */
static int clean(dpll_solver *s, const int *lits, size_t n, size_t *size) {
  input_part *in = &s->input;
  size_t lit_count = 2 * ((size_t)s->num_vars + 1);
  int rc = DPLL_GROW(in->lits, in->lits_cap, n, SIZE_MAX / sizeof(unsigned));
  if (!rc && in->stamp_cap < lit_count) {
    size_t old = in->stamp_cap;
    rc = DPLL_GROW(in->stamp, in->stamp_cap, lit_count, SIZE_MAX / 4);
    if (!rc)
      memset(in->stamp + old, 0, (in->stamp_cap - old) * sizeof *in->stamp);
  }
  if (rc)
    return rc;
  if (++in->stamp_now == 0) {
    memset(in->stamp, 0, in->stamp_cap * sizeof *in->stamp);
    in->stamp_now = 1;
  }
  *size = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned lit = lit_from_ext(lits[i]);
    if (in->stamp[lit_not(lit)] == in->stamp_now)
      return 1;
    if (in->stamp[lit] != in->stamp_now) {
      in->stamp[lit] = in->stamp_now;
      in->lits[(*size)++] = lit;
    }
  }
  return 0;
}

/* How good a literal is to watch at the root: true, then free, then false. */
static int watch_rank(const dpll_solver *s, unsigned lit) {
  return dpll__value(s, lit) + 1;
}

/* Moves the two best literals to watch to the front, in order. */
static void order(const dpll_solver *s, unsigned *lits, size_t n) {
  for (size_t i = 0; i < 2 && i < n; i++)
    for (size_t k = i + 1; k < n; k++)
      if (watch_rank(s, lits[k]) > watch_rank(s, lits[i])) {
        unsigned t = lits[i];
        lits[i] = lits[k];
        lits[k] = t;
      }
}

/* What a new clause, stored with its best literals first, says at the
 * root: nothing, a literal to assign, or (all false) unsatisfiability. */
static void draw_root(dpll_solver *s, const clause *c, cref ref) {
  if (c->size == 0 || dpll__value(s, c->lits[0]) < 0)
    dpll__clause_empty(s);
  else if (dpll__value(s, c->lits[0]) == 0 &&
           (c->size == 1 || dpll__value(s, c->lits[1]) < 0))
    dpll__assign(s, c->lits[0], ref);
}

/* Adds a clause of valid literals (checked by the caller). */
static int add_valid(dpll_solver *s, const int *lits, size_t n) {
  int max_var = 0;
  for (size_t i = 0; i < n; i++) {
    int v = lits[i] < 0 ? -lits[i] : lits[i];
    if (v > max_var)
      max_var = v;
  }
  int rc = dpll__ensure_vars(s, max_var);
  if (rc)
    return rc;
  dpll__trail_reset(s); /* a new clause meets only what the clauses force */
  dpll__touch(s);
  size_t size;
  rc = clean(s, lits, n, &size);
  if (rc)
    return rc < 0 ? rc : 0; /* a tautology is dropped */
  unsigned *clean_lits = s->input.lits;
  order(s, clean_lits, size);
  rc = dpll__clause_reserve(s, clean_lits, size, false);
  if (rc)
    return rc;
  cref ref = dpll__clause_new(s, clean_lits, size, false, 0);
  dpll__scan_invalidate(s);
  dpll__pure_invalidate(s); /* counted afresh when next needed */
  draw_root(s, dpll__clause(s, ref), ref);
  return 0;
}

int dpll_add_clause(dpll_solver *s, const int *lits, size_t n) {
  if (!s || (n && !lits))
    return DPLL_EINVAL;
  if (s->input.open_size)
    return DPLL_EOPEN;
  for (size_t i = 0; i < n; i++)
    if (!ext_lit_ok(lits[i]))
      return DPLL_ERANGE;
  return add_valid(s, lits, n);
}

int dpll_add(dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  input_part *in = &s->input;
  if (lit == 0) {
    int rc = add_valid(s, in->open, in->open_size);
    if (!rc)
      in->open_size = 0;
    return rc;
  }
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  int rc = DPLL_GROW(in->open, in->open_cap, in->open_size + 1,
                     SIZE_MAX / sizeof(int));
  if (!rc)
    in->open[in->open_size++] = lit;
  return rc;
}

int dpll_num_vars(const dpll_solver *s) { return s ? s->num_vars : 0; }

size_t dpll_num_clauses(const dpll_solver *s) {
  return s ? dpll__num_clauses(s) : 0;
}
