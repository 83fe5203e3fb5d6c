/* subst.c - equivalent-literal substitution (option "substitute"):
 * literals that imply one another through binary clauses are equivalent,
 * and all but one of each class are replaced by that one in every clause.
 *
 * The binary clauses in use (two free literals, the others false at level
 * 0) are the edges of the implication graph: (a ∨ b) gives ¬a → b and
 * ¬b → a.  Its strongly connected components (Tarjan's algorithm, with
 * an explicit stack: the paths can be as long as the formula) are the
 * classes of equivalent literals, and the graph is its own mirror image:
 * the negations of a class are a class.  Each class is represented by its
 * literal of the smallest variable, so the negated class is represented by
 * the negation.  A class that holds a literal and its negation means the
 * clauses are unsatisfiable; the pass then changes nothing and leaves the
 * refutation to the search, whose propagation finds it at once.
 *
 * Each clause in use that holds a replaced literal is rewritten: every
 * literal by its representative, duplicates and level-0 false literals
 * dropped; a clause that becomes a tautology (the equivalences' own
 * binary clauses do) is not kept.  The rewriting is a learned clause, of
 * LBD 1 for an added clause (reduction keeps it for the rest of the solve)
 * and of the old LBD or less for a learned one; it is a lemma that unit
 * propagation proves from the old clause and the binary clauses of the
 * class, so a DRAT proof stays checkable.  The old clause is put aside if
 * added, deleted (after the new one is written) if learned, as
 * elimination does (elim.c, whose end of solve takes the clauses put
 * aside back).  A rewriting of one literal is assigned at level 0 once
 * every clause is rewritten.
 *
 * A model of the rewritten clauses extends to a replaced variable x of
 * representative r: x takes r's value, through the two clauses of their
 * equivalence saved on elimination's stack (x ∨ ¬r with x first, ¬x ∨ r
 * with ¬x first).  The old clauses, which the model is checked against,
 * are then satisfied: each is its rewriting with x for r.  A clause
 * learned after the round that holds x (the portfolio's imports may)
 * follows from the clauses, so the extended model satisfies it too.
 *
 * When: once where elimination runs (a solve that keeps no learned
 * clause), after it, since elimination wants no learned clause when it
 * begins; and at restarts during the search, after SUBST_GAP conflicts,
 * then after 2, 3, 4... times as many, where the learned binary clauses
 * make new classes.  Never under assumptions (an assumed literal must keep
 * its meaning) nor while a trace is written. */
#include "subst.h"
#include "assume.h"
#include "clausedb.h"
#include "elim.h"
#include "internal.h"
#include "memory.h"
#include "propagate.h"
#include "reduce.h"
#include "trace.h"

#include <stdlib.h>
#include <string.h>

#define DONE UINT32_MAX /* low[lit] once its component is found */
#ifndef SUBST_GAP
#define SUBST_GAP 2000 /* conflicts before round 1; round k waits k + 1 gaps   \
                        */
#endif

/* The schedule runs on across solves, as probe.c's does. */
void dpll__subst_init(dpll_solver *s) {
  if (s->subst.next == 0)
    s->subst.next = s->stats.conflicts + SUBST_GAP;
}

bool dpll__subst_due(const dpll_solver *s) {
  return s->opt[OPT_substitute] && s->stats.conflicts >= s->subst.next &&
         dpll__decision_level(s) == 0 && !dpll__assuming(s) &&
         !dpll__tracing(s);
}

typedef struct subst_pass {
  size_t *start; /* per literal + 1: where the literals it implies begin */
  unsigned *adj;
  uint32_t *index, *low; /* per literal: Tarjan's visit number (0: not yet) */
  uint32_t visits;
  unsigned *stack; /* literals whose component is still open */
  size_t top;
  unsigned *path; /* the depth-first path, and where each is in its edges */
  size_t *edge;
  unsigned *repr; /* per literal: its class's representative (0: none) */
  uint32_t *mark; /* per literal: stamp, for rewriting a clause */
  uint32_t stamp;
  unsigned *lits; /* the clause being rewritten */
  size_t lits_cap;
  cref *units;
  size_t units_n, units_cap;
  size_t replaced; /* variables */
  bool contradiction;
} subst_pass;

static void pass_free(subst_pass *p) {
  DPLL_FREE_ALL(p->start, p->adj, p->index, p->low, p->stack, p->path, p->edge,
                p->repr, p->mark, p->lits, p->units);
}

/* If c is in use with exactly two free literals, puts them in two[]. */
static bool binary(const dpll_solver *s, const clause *c, unsigned two[2]) {
  if (!dpll__in_use(s, c))
    return false;
  size_t n = 0;
  for (uint32_t k = 0; k < c->size; k++)
    if (dpll__value(s, c->lits[k]) == 0) {
      if (n == 2)
        return false;
      two[n++] = c->lits[k];
    }
  return n == 2;
}

/* Counts (fill false) or lists (fill true) the edges of the implication
 * graph: start[lit + 1] counts, then start[lit] is where lit's go. */
static void edges_walk(const dpll_solver *s, subst_pass *p, bool fill) {
  for (int learned = 0; learned < 2; learned++) {
    size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s);
    for (size_t i = 0; i < n; i++) {
      cref ref = learned ? dpll__learnt_ref(s, i) : dpll__clause_ref(s, i);
      unsigned two[2];
      if (!binary(s, dpll__clause(s, ref), two))
        continue;
      for (int k = 0; k < 2; k++) {
        unsigned from = lit_not(two[k]), to = two[1 - k];
        if (fill)
          p->adj[p->start[from]++] = to;
        else
          p->start[from + 1]++;
      }
    }
  }
}

static int graph(const dpll_solver *s, subst_pass *p, size_t lits) {
  edges_walk(s, p, false);
  for (size_t l = 0; l < lits; l++)
    p->start[l + 1] += p->start[l];
  p->adj = malloc((p->start[lits] + 1) * sizeof *p->adj);
  if (!p->adj)
    return DPLL_ENOMEM;
  edges_walk(s, p, true); /* start[l] moves to where l + 1's begin */
  memmove(p->start + 1, p->start, lits * sizeof *p->start);
  p->start[0] = 0;
  return 0;
}

/* The component of v is closed: its literals leave the stack, each with
 * the literal of the smallest variable among them as representative. */
static void component(subst_pass *p, unsigned v) {
  size_t first = p->top;
  unsigned rep = v;
  do {
    unsigned m = p->stack[--first];
    if (lit_var(m) < lit_var(rep))
      rep = m;
  } while (p->stack[first] != v);
  for (size_t i = first; i < p->top; i++) {
    p->repr[p->stack[i]] = rep;
    p->low[p->stack[i]] = DONE;
  }
  for (size_t i = first; i < p->top; i++) {
    unsigned m = p->stack[i];
    p->contradiction |= p->repr[lit_not(m)] == rep;
    p->replaced += !lit_negative(m) && lit_var(m) != lit_var(rep);
  }
  p->top = first;
}

static void visit(subst_pass *p, unsigned lit, size_t depth) {
  p->index[lit] = p->low[lit] = ++p->visits;
  p->stack[p->top++] = lit;
  p->path[depth] = lit;
  p->edge[depth] = p->start[lit];
}

/* Tarjan's algorithm from root, its recursion on path[] and edge[]. */
static void components_from(subst_pass *p, unsigned root) {
  size_t depth = 0;
  visit(p, root, 0);
  for (;;) {
    unsigned v = p->path[depth];
    if (p->edge[depth] < p->start[v + 1]) {
      unsigned w = p->adj[p->edge[depth]++];
      if (!p->index[w])
        visit(p, w, ++depth);
      else if (p->low[w] < p->low[v]) /* on the stack: DONE is not less */
        p->low[v] = p->low[w];
      continue;
    }
    if (p->low[v] == p->index[v])
      component(p, v);
    if (depth == 0)
      return;
    unsigned u = p->path[--depth];
    if (p->low[v] < p->low[u])
      p->low[u] = p->low[v];
  }
}

static unsigned repr_of(const subst_pass *p, unsigned lit) {
  return p->repr[lit] ? p->repr[lit] : lit;
}

static bool rewritten(const subst_pass *p, const clause *c) {
  for (uint32_t k = 0; k < c->size; k++)
    if (repr_of(p, c->lits[k]) != c->lits[k])
      return true;
  return false;
}

/* Writes c rewritten into p->lits; returns its size, 0 for a tautology. */
static size_t rewrite(const dpll_solver *s, subst_pass *p, const clause *c) {
  if (++p->stamp == 0) {
    memset(p->mark, 0, (2 * (size_t)s->num_vars + 2) * sizeof *p->mark);
    p->stamp = 1;
  }
  size_t n = 0;
  for (uint32_t k = 0; k < c->size; k++) {
    if (dpll__value(s, c->lits[k]) < 0)
      continue;
    unsigned r = repr_of(p, c->lits[k]);
    if (p->mark[lit_not(r)] == p->stamp)
      return 0;
    if (p->mark[r] != p->stamp) {
      p->mark[r] = p->stamp;
      p->lits[n++] = r;
    }
  }
  assert(n > 0); /* in use at a fixpoint: some literal is free */
  return n;
}

/* Replaces the clause at ref by its rewriting: 0 or DPLL_ENOMEM. */
static int replace(dpll_solver *s, subst_pass *p, cref ref) {
  const clause *c = dpll__clause(s, ref);
  int rc = DPLL_GROW(p->lits, p->lits_cap, c->size, SIZE_MAX);
  if (!rc)
    rc = DPLL_GROW(p->units, p->units_cap, p->units_n + 1, SIZE_MAX);
  if (rc)
    return rc;
  size_t n = rewrite(s, p, c);
  if (n > 0) {
    if ((rc = dpll__clause_reserve(s, p->lits, n, true)) != 0)
      return rc;
    c = dpll__clause(s, ref); /* the arena may have moved */
    uint32_t lbd = c->flags & CLAUSE_LEARNED ? clause_lbd(c) : 1;
    cref added =
        dpll__clause_new(s, p->lits, n, true, lbd < n ? lbd : (uint32_t)n);
    if (n == 1)
      p->units[p->units_n++] = added;
  }
  c = dpll__clause(s, ref); /* the arena may have moved */
  if (c->flags & CLAUSE_LEARNED)
    dpll__clause_delete(s, ref);
  else
    dpll__clause_set_aside(s, ref);
  return 0;
}

/* Saves each replaced variable's equivalence for dpll__elim_extend. */
static int save_all(dpll_solver *s, const subst_pass *p) {
  for (int v = 1; v <= s->num_vars; v++) {
    unsigned x = lit_pos(v), r = repr_of(p, x);
    if (r == x)
      continue;
    unsigned one[2] = {x, lit_not(r)}, other[2] = {lit_not(x), r};
    int rc = dpll__elim_save(s, one, 2);
    if (!rc)
      rc = dpll__elim_save(s, other, 2);
    if (rc)
      return rc;
  }
  return 0;
}

static int replace_all(dpll_solver *s, subst_pass *p) {
  int rc = save_all(s, p);
  for (int learned = 0; !rc && learned < 2; learned++) {
    size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s);
    for (size_t i = 0; !rc && i < n; i++) {
      cref ref = learned ? dpll__learnt_ref(s, i) : dpll__clause_ref(s, i);
      const clause *c = dpll__clause(s, ref);
      if (dpll__in_use(s, c) && rewritten(p, c))
        rc = replace(s, p, ref);
    }
  }
  return rc;
}

/* The units rewriting gave, assigned at level 0 (propagation follows). */
static int assign_units(dpll_solver *s, const subst_pass *p) {
  for (size_t i = 0; i < p->units_n; i++) {
    unsigned lit = dpll__clause(s, p->units[i])->lits[0];
    if (dpll__value(s, lit) < 0) {
      dpll__clause_empty(s);
      return DPLL_UNSAT;
    }
    if (dpll__value(s, lit) == 0)
      dpll__assign(s, lit, p->units[i]);
  }
  return 0;
}

static int find_classes(dpll_solver *s, subst_pass *p) {
  size_t lits = 2 * (size_t)s->num_vars + 2;
  p->start = calloc(lits + 1, sizeof *p->start);
  p->index = calloc(lits, sizeof *p->index);
  p->low = malloc(lits * sizeof *p->low);
  p->stack = malloc(lits * sizeof *p->stack);
  p->path = malloc(lits * sizeof *p->path);
  p->edge = malloc(lits * sizeof *p->edge);
  p->repr = calloc(lits, sizeof *p->repr);
  if (!p->start || !p->index || !p->low || !p->stack || !p->path || !p->edge ||
      !p->repr)
    return DPLL_ENOMEM;
  int rc = graph(s, p, lits);
  for (size_t lit = 2; !rc && lit < lits; lit++)
    if (!p->index[lit] && dpll__value(s, (unsigned)lit) == 0)
      components_from(p, (unsigned)lit);
  return rc;
}

/* subst
 *
 * Pre:  level 0 at a fixpoint, no pending conflict, no assumptions.
 * Post: the literals of each class of equivalent ones replaced by its
 *       representative in every clause in use, as above, some units
 *       assigned at level 0 and not yet propagated, the arena compacted;
 *       or nothing changed
 *       (no class of two, or one with a literal and its negation).
 *       Returns 0, DPLL_UNSAT (two units clash; the empty clause is
 *       added) or DPLL_ENOMEM (the clauses still mean what they meant,
 *       but the equivalences saved may not hold: the solve must end).
 */
int dpll__subst(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  s->subst.rounds++;
  s->subst.next = s->stats.conflicts + SUBST_GAP * (s->subst.rounds + 1);
  subst_pass p = {0};
  int rc = find_classes(s, &p);
  if (!rc && p.replaced > 0 && !p.contradiction) {
    p.mark = calloc(2 * (size_t)s->num_vars + 2, sizeof *p.mark);
    rc = p.mark ? replace_all(s, &p) : DPLL_ENOMEM;
    int unsat = assign_units(s, &p); /* also those of a round cut short */
    if (!rc)
      s->stats.substituted += p.replaced;
    rc = unsat ? unsat : rc;
    if (p.mark)
      dpll__reduce_sweep(s); /* the clauses put aside rest */
  }
  pass_free(&p);
  return rc;
}
