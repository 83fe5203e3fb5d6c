/* pure.c - pure-literal elimination, with occurrence counts kept up to date
 * as literals are assigned and undone, so that finding pure literals costs
 * only what the assignments changed, not a pass over every clause. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void dpll__pure_invalidate(dpll_solver *s) {
  s->pure_valid = false;
  free(s->pure_start);
  free(s->pure_occ);
  free(s->sat_count);
  free(s->unsat_occ);
  free(s->pure_cand);
  free(s->in_cand);
  s->pure_start = NULL;
  s->pure_occ = s->sat_count = s->unsat_occ = NULL;
  s->pure_cand = NULL;
  s->in_cand = NULL;
  s->pure_cands = 0;
}

static void push_candidate(dpll_solver *s, int var) {
  if (!s->in_cand[var]) {
    s->in_cand[var] = 1;
    s->pure_cand[s->pure_cands++] = var;
  }
}

/* Counts from scratch: each literal's clauses, how many true literals each
 * clause has now, and each literal's unsatisfied clauses; every free
 * variable is a candidate. */
static int rebuild(dpll_solver *s) {
  dpll__pure_invalidate(s);
  size_t lits = 2 * ((size_t)s->num_vars + 1), total = 0;
  s->pure_start = calloc(lits + 1, sizeof *s->pure_start);
  s->sat_count = calloc(s->num_clauses + 1, sizeof *s->sat_count);
  s->unsat_occ = calloc(lits, sizeof *s->unsat_occ);
  s->pure_cand = malloc(((size_t)s->num_vars + 1) * sizeof *s->pure_cand);
  s->in_cand = calloc((size_t)s->num_vars + 1, 1);
  if (!s->pure_start || !s->sat_count || !s->unsat_occ || !s->pure_cand ||
      !s->in_cand)
    goto oom;
  for (size_t i = 0; i < s->num_clauses; i++) {
    const clause *c = dpll__clause(s, s->clauses[i]);
    for (uint32_t k = 0; k < c->size; k++) {
      s->pure_start[c->lits[k] + 1]++;
      s->sat_count[i] += s->vals[c->lits[k]] > 0;
    }
    total += c->size;
  }
  for (size_t l = 0; l < lits; l++)
    s->pure_start[l + 1] += s->pure_start[l];
  s->pure_occ = malloc((total + 1) * sizeof *s->pure_occ);
  if (!s->pure_occ)
    goto oom;
  for (size_t i = 0; i < s->num_clauses; i++) {
    const clause *c = dpll__clause(s, s->clauses[i]);
    for (uint32_t k = 0; k < c->size; k++) {
      s->pure_occ[s->pure_start[c->lits[k]]++] = (uint32_t)i;
      if (!s->sat_count[i])
        s->unsat_occ[c->lits[k]]++;
    }
  }
  for (size_t l = lits; l > 0; l--) /* the fill moved each start along */
    s->pure_start[l] = s->pure_start[l - 1];
  s->pure_start[0] = 0;
  for (int v = s->num_vars; v >= 1; v--)
    if (s->vals[2 * v] == 0)
      push_candidate(s, v);
  s->pure_valid = true;
  return 0;
oom:
  dpll__pure_invalidate(s);
  return DPLL_ENOMEM;
}

/* lit became true: the clauses it satisfies first leave the counts, and a
 * literal whose count reaches 0 makes its variable a candidate. */
void dpll__pure_assigned(dpll_solver *s, unsigned lit) {
  for (size_t k = s->pure_start[lit]; k < s->pure_start[lit + 1]; k++) {
    uint32_t i = s->pure_occ[k];
    if (s->sat_count[i]++ > 0)
      continue;
    const clause *c = dpll__clause(s, s->clauses[i]);
    for (uint32_t j = 0; j < c->size; j++)
      if (--s->unsat_occ[c->lits[j]] == 0)
        push_candidate(s, (int)lit_var(c->lits[j]));
  }
}

/* lit was undone: the clauses it alone satisfied count again; its variable,
 * free again, may be pure. */
void dpll__pure_unassigned(dpll_solver *s, unsigned lit) {
  for (size_t k = s->pure_start[lit]; k < s->pure_start[lit + 1]; k++) {
    uint32_t i = s->pure_occ[k];
    if (--s->sat_count[i] > 0)
      continue;
    const clause *c = dpll__clause(s, s->clauses[i]);
    for (uint32_t j = 0; j < c->size; j++)
      s->unsat_occ[c->lits[j]]++;
  }
  push_candidate(s, (int)lit_var(lit));
}

/* Assigns every pure literal at the current level, candidates first to
 * last; each assignment may make more candidates, which the same loop
 * takes.  A variable in no unsatisfied clause is set false.
 *
 * Setting a pure literal true keeps a satisfiable formula satisfiable (any
 * model can be changed to make it true without falsifying a clause that is
 * still unsatisfied), and it falsifies no literal of such a clause, so it
 * never causes a conflict or a unit.  That is why the search may treat these
 * assignments like forced ones: it never tries the other value. */
int dpll__eliminate_pure(dpll_solver *s) {
  if (!s->pure_valid && rebuild(s))
    return DPLL_ENOMEM;
  /* At a propagation fixpoint the new literals need no propagation: every
   * clause holding the negation of one is satisfied by a literal assigned
   * no later than it, so its watches stay valid until both are undone. */
  bool at_fixpoint = s->qhead == s->trail_size;
  int assigned = 0;
  while (s->pure_cands > 0) {
    int v = s->pure_cand[--s->pure_cands];
    s->in_cand[v] = 0;
    unsigned pos = 2u * (unsigned)v, neg = pos + 1;
    if (s->vals[pos] != 0)
      continue;
    if (s->unsat_occ[neg] == 0)
      dpll__assign(s, s->unsat_occ[pos] == 0 ? neg : pos, CREF_PURE);
    else if (s->unsat_occ[pos] == 0)
      dpll__assign(s, neg, CREF_PURE);
    else
      continue;
    assigned++;
  }
  if (at_fixpoint)
    s->qhead = s->trail_size;
  return assigned;
}

int dpll_eliminate_pure(dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  dpll__touch(s);
  if (s->has_conflict)
    return 0;
  return dpll__eliminate_pure(s);
}
