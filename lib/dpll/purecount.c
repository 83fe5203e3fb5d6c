/* purecount.c - for every literal, the clauses holding it that no true
 * literal satisfies, kept up to date as literals are assigned and undone,
 * so that finding pure literals (pure.c) costs only what the assignments
 * changed, not a pass over every clause. */
#include "purecount.h"
#include "clausedb.h"
#include "internal.h"
#include "memory.h"
#include "trail.h"

#include <stdlib.h>
#include <string.h>

static void free_counts(pure_part *p) {
  DPLL_FREE_ALL(p->start, p->occ, p->sat_count, p->unsat_occ, p->cand,
                p->in_cand);
  memset(p, 0, sizeof *p);
}

/* Outside dpll__pure_prepare the counts are either all there (valid) or
 * none is, so that stopping is cheap when nothing is counted, as on every
 * clause added. */
void dpll__pure_invalidate(dpll_solver *s) {
  if (s->pure.valid)
    free_counts(&s->pure);
}

static void push_candidate(pure_part *p, int var) {
  if (!p->in_cand[var]) {
    p->in_cand[var] = 1;
    p->cand[p->cands++] = var;
  }
}

/* Each literal's clauses, grouped by literal (a counting sort), and how
 * many true literals each clause has now. */
static int index_clauses(dpll_solver *s, size_t lits) {
  pure_part *p = &s->pure;
  size_t total = 0;
  for (size_t i = 0; i < dpll__num_clauses(s); i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    for (uint32_t k = 0; k < c->size; k++) {
      p->start[c->lits[k] + 1]++;
      p->sat_count[i] += dpll__value(s, c->lits[k]) > 0;
    }
    total += c->size;
  }
  for (size_t l = 0; l < lits; l++)
    p->start[l + 1] += p->start[l];
  p->occ = malloc((total + 1) * sizeof *p->occ);
  if (!p->occ)
    return DPLL_ENOMEM;
  for (size_t i = 0; i < dpll__num_clauses(s); i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    for (uint32_t k = 0; k < c->size; k++) {
      p->occ[p->start[c->lits[k]]++] = (uint32_t)i;
      if (!p->sat_count[i])
        p->unsat_occ[c->lits[k]]++;
    }
  }
  for (size_t l = lits; l > 0; l--) /* the fill moved each start along */
    p->start[l] = p->start[l - 1];
  p->start[0] = 0;
  return 0;
}

/* Counts from scratch: each literal's clauses, how many true literals each
 * clause has now, and each literal's unsatisfied clauses; every free
 * variable is a candidate. */
int dpll__pure_prepare(dpll_solver *s) {
  pure_part *p = &s->pure;
  if (p->valid)
    return 0;
  size_t lits = 2 * ((size_t)s->num_vars + 1), n = dpll__num_clauses(s);
  p->start = calloc(lits + 1, sizeof *p->start);
  p->sat_count = calloc(n + 1, sizeof *p->sat_count);
  p->unsat_occ = calloc(lits, sizeof *p->unsat_occ);
  p->cand = malloc(((size_t)s->num_vars + 1) * sizeof *p->cand);
  p->in_cand = calloc((size_t)s->num_vars + 1, 1);
  if (!p->start || !p->sat_count || !p->unsat_occ || !p->cand || !p->in_cand ||
      index_clauses(s, lits)) {
    free_counts(p);
    return DPLL_ENOMEM;
  }
  for (int v = s->num_vars; v >= 1; v--)
    if (dpll__value(s, lit_pos(v)) == 0)
      push_candidate(p, v);
  p->valid = true;
  return 0;
}

int dpll__pure_next(dpll_solver *s) {
  pure_part *p = &s->pure;
  if (p->cands == 0)
    return 0;
  int v = p->cand[--p->cands];
  p->in_cand[v] = 0;
  return v;
}

uint32_t dpll__pure_unsat(const dpll_solver *s, unsigned lit) {
  return s->pure.unsat_occ[lit];
}

const uint32_t *dpll__pure_occ(const dpll_solver *s, unsigned lit, size_t *n) {
  const pure_part *p = &s->pure;
  *n = p->start[lit + 1] - p->start[lit];
  return p->occ + p->start[lit];
}

bool dpll__pure_satisfied(const dpll_solver *s, uint32_t i) {
  return s->pure.sat_count[i] > 0;
}

/* lit became true: the clauses it satisfies first leave the counts, and a
 * literal whose count reaches 0 makes its variable a candidate. */
void dpll__pure_assigned(dpll_solver *s, unsigned lit) {
  pure_part *p = &s->pure;
  for (size_t k = p->start[lit]; k < p->start[lit + 1]; k++) {
    uint32_t i = p->occ[k];
    if (p->sat_count[i]++ > 0)
      continue;
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    for (uint32_t j = 0; j < c->size; j++)
      if (--p->unsat_occ[c->lits[j]] == 0)
        push_candidate(p, (int)lit_var(c->lits[j]));
  }
}

/* lit was undone: the clauses it alone satisfied count again; its variable,
 * free again, may be pure. */
void dpll__pure_unassigned(dpll_solver *s, unsigned lit) {
  pure_part *p = &s->pure;
  for (size_t k = p->start[lit]; k < p->start[lit + 1]; k++) {
    uint32_t i = p->occ[k];
    if (--p->sat_count[i] > 0)
      continue;
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    for (uint32_t j = 0; j < c->size; j++)
      p->unsat_occ[c->lits[j]]++;
  }
  push_candidate(p, (int)lit_var(lit));
}

/* The counts are what counting afresh would give, and every free variable
 * that is pure now is a candidate. */
const char *dpll__pure_check(const dpll_solver *s) {
  const pure_part *p = &s->pure;
  if (!p->valid)
    return NULL;
  size_t lits = 2 * ((size_t)s->num_vars + 1);
  for (size_t i = 0; i < dpll__num_clauses(s); i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    uint32_t sat = 0;
    for (uint32_t k = 0; k < c->size; k++)
      sat += dpll__value(s, c->lits[k]) > 0;
    if (sat != p->sat_count[i])
      return "pure: a clause's count of true literals is off";
  }
  for (size_t l = 2; l < lits; l++) {
    uint32_t unsat = 0;
    for (size_t k = p->start[l]; k < p->start[l + 1]; k++)
      unsat += p->sat_count[p->occ[k]] == 0;
    if (unsat != p->unsat_occ[l])
      return "pure: a literal's count of unsatisfied clauses is off";
  }
  for (int v = 1; v <= s->num_vars; v++)
    if (dpll__value(s, lit_pos(v)) == 0 && !p->in_cand[v] &&
        (p->unsat_occ[lit_pos(v)] == 0 || p->unsat_occ[lit_neg(v)] == 0))
      return "pure: a pure variable is not a candidate";
  return NULL;
}
