/* elim.c - bounded variable elimination (option "eliminate"): before the
 * conflict-driven search, a variable x whose clauses are few is replaced
 * by their resolvents on x, when those are no more than the clauses they
 * replace and each is short (Eén and Biere, "Effective preprocessing in
 * SAT through variable and clause elimination", SAT 2005).  A chain of
 * parity constraints (the dubois family) is refuted this way without a
 * search, where CDCL alone takes seconds; docs/performance.md has the
 * measurements that chose the limits below.
 *
 * The clauses of x leave the search but not the solver.  Added ones are
 * put aside (CLAUSE_ASIDE, clausedb.c): they stay in the arena and in the
 * clause list, which the model is checked against, and their watches get
 * LIT_TRUE as blocker, so propagation passes them over without reading
 * them.  Learned ones (resolvents of an earlier round) are deleted.  The
 * resolvents are stored as learned clauses of LBD 1, which reduction keeps
 * for the rest of the solve (reduce.c keeps LBD 2 or less of this solve);
 * each is a lemma that unit propagation proves from its two clauses, so a
 * DRAT proof stays checkable, and the clauses put aside are not deleted in
 * it.
 *
 * A model of the rest extends to x (dpll__elim_extend): x takes the value
 * that satisfies the clauses of the sign with fewer clauses, which are
 * saved on a stack, unless all of those are satisfied without it; then
 * the clauses of the other sign are too, since their resolvents are.  The
 * stack is read backwards, so that each variable is given its value before
 * those eliminated earlier, whose clauses may hold it.
 *
 * At the end of the solve the clauses put aside are taken back and
 * watched again, and level 0 goes back on the propagation queue to repair
 * the watches that units learned meanwhile made false; the resolvents stay
 * as learned clauses (they follow from the clauses).  Later solves, which
 * keep learned clauses, do not eliminate: the stack belongs to one solve.
 *
 * Elimination is kept only when it takes a quarter of the variables of
 * the clauses or more; otherwise the clauses come back at once and the
 * resolvents go, and the solver is exactly as it was (no compaction has
 * reordered the watches: the resolvents are at the end of the arena,
 * which is cut back).  Once it is sure to be kept, deleted resolvents are
 * compacted away between rounds when they are a quarter of the arena.  On the
 * corpus (docs/performance.md) it took 96 % of the dubois chains' variables and
 * a third of the flat graph colourings', and made both faster; it took 12 % or
 * less of every other family's, and made some of those (pigeonhole, peg
 * solitaire, factoring) up to six times slower, by changing where the search
 * goes more than the formula.
 *
 * Definitions (option gates, gates.c): when some clauses of x define it,
 * only the resolvents with one of them are made, and x may go with up to
 * ELIM_GATE_EXTRA clauses more than it had.  Elimination is then also kept
 * when a quarter of the variables that went had a definition.
 * docs/performance.md has what this changed.
 *
 * Rounds: the occurrence lists of the clauses in use that level 0 does not
 * satisfy are built, the candidates sorted by the product of their
 * positive and negative occurrences, and each eliminated in turn unless a
 * variable of its clauses was touched by an elimination of this round
 * (whose lists would be stale).  A candidate that fails (too many
 * resolvents, one too long, or a unit) is not tried again until an
 * elimination touches it: its clauses are the same (on blocks n = 25 that
 * took a quarter of the pass's instructions).  Between rounds nothing is
 * compacted until elimination is sure to be kept: the walk skips clauses
 * put aside or deleted.  Rounds repeat while they eliminate and the work
 * stays within a budget in proportion to the formula.
 *
 * During the search (option elim_rounds) a pass runs at some restarts, on
 * the clauses that count (counts(): the caller's, and the learned ones of
 * LBD 1, among which every clause that stands for one put aside), always
 * kept, with a smaller budget; the learned clauses of the variables that
 * went are deleted.  It did not pay on the corpus (docs/performance.md). */
#include "elim.h"
#include "assume.h"
#include "clausedb.h"
#include "gates.h"
#include "internal.h"
#include "memory.h"
#include "propagate.h"
#include "reduce.h"
#include "trace.h"

#include <stdlib.h>
#include <string.h>

#define ELIM_OCC_MAX GATE_OCC_MAX        /* clauses of a variable (40) */
#define ELIM_RESOLVENT_MAX GATE_REST_MAX /* literals of a resolvent (20) */
#define ELIM_ROUNDS 64
#define ELIM_KEEP_SHARE 4       /* kept if a quarter of the variables went */
#define ELIM_GATE_EXTRA 4       /* more resolvents than clauses, if defined */
#define ELIM_BUDGET_PER_WORD 64 /* literals read, per arena word */
#define ELIM_ROUND_PER_WORD 8   /* the same, for a pass during the search */
#ifndef ELIM_GAP
#define ELIM_GAP 5000 /* conflicts before the first pass during the search */
#endif

void dpll__elim_free(dpll_solver *s) { free(s->elim.stack); }

/* One elimination pass: the occurrence lists, per-literal marks for
 * building a resolvent, per-variable states, and the resolvents of the
 * variable being tried (at most ELIM_OCC_MAX + ELIM_GATE_EXTRA of them,
 * else it is not eliminated). */
enum { FREE = 0, TOUCHED = 1, GONE = 2, FAILED = 3 };
typedef struct elim_pass {
  size_t *start; /* per literal + 1: where its clauses start in occ */
  cref *occ;
  uint32_t *mark; /* per literal: stamp */
  uint32_t stamp;
  unsigned char *state; /* per variable */
  uint64_t *cand;       /* cost << 32 | variable */
  size_t cands;
  unsigned res[ELIM_OCC_MAX + ELIM_GATE_EXTRA + 1][ELIM_RESOLVENT_MAX];
  uint32_t res_size[ELIM_OCC_MAX + ELIM_GATE_EXTRA + 1];
  uint64_t
      res_key[ELIM_OCC_MAX + ELIM_GATE_EXTRA + 1]; /* of its set of literals */
  size_t res_n;
  gate_clauses g; /* those of the variable tried (option gates) */
  bool gate;      /* whether one was found */
  uint64_t work, budget;
  size_t vars;       /* free variables in clauses when the first round began */
  size_t eliminated; /* variables eliminated so far */
  size_t gates;      /* of them, by a definition */
} elim_pass;

static void pass_free(elim_pass *e) {
  DPLL_FREE_ALL(e->start, e->occ, e->mark, e->state, e->cand);
}

bool dpll__in_use(const dpll_solver *s, const clause *c) {
  if (c->flags & (CLAUSE_ASIDE | CLAUSE_DELETED))
    return false;
  for (uint32_t k = 0; k < c->size; k++)
    if (dpll__value(s, c->lits[k]) > 0)
      return false;
  return true;
}

/* Whether c counts as one of the clauses, those elimination resolves
 * on: in use, and the caller's or learned of LBD 1.  The learned clauses
 * that stand for clauses put aside (resolvents, and the replacements of
 * subst.c, subsume.c and vivify.c) all have LBD 1 for the solve; others of
 * LBD 1 are taken too, which costs some eliminations but no soundness. */
static bool counts(const dpll_solver *s, const clause *c) {
  return dpll__in_use(s, c) &&
         (!(c->flags & CLAUSE_LEARNED) || clause_lbd(c) <= 1);
}

/* Counts (fill false) or lists (fill true) the free literals of the
 * clauses that count. */
static void occ_walk(const dpll_solver *s, elim_pass *e, bool fill) {
  for (int learned = 0; learned < 2; learned++) {
    size_t n = learned ? dpll__num_learnts(s) : dpll__num_clauses(s);
    for (size_t i = 0; i < n; i++) {
      cref ref = learned ? dpll__learnt_ref(s, i) : dpll__clause_ref(s, i);
      const clause *c = dpll__clause(s, ref);
      if (!counts(s, c))
        continue;
      e->work += c->size;
      for (uint32_t k = 0; k < c->size; k++) {
        unsigned lit = c->lits[k];
        if (dpll__value(s, lit) == 0) {
          if (fill)
            e->occ[e->start[lit]++] = ref;
          else
            e->start[lit + 1]++;
        }
      }
    }
  }
}

static int cost_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The occurrence lists of this round (start[lit] .. start[lit + 1] in
 * occ), and its candidates, cheapest first.  0 or DPLL_ENOMEM. */
static int round_begin(dpll_solver *s, elim_pass *e) {
  size_t lits = 2 * ((size_t)s->num_vars + 1);
  memset(e->start, 0, (lits + 1) * sizeof *e->start);
  occ_walk(s, e, false);
  for (size_t l = 0; l < lits; l++)
    e->start[l + 1] += e->start[l];
  int rc = DPLL_RESIZE(e->occ, e->start[lits] + 1);
  if (rc)
    return rc;
  occ_walk(s, e, true); /* each start[l] moves to start[l + 1] */
  memmove(e->start + 1, e->start, lits * sizeof *e->start);
  e->start[0] = 0;
  e->cands = 0;
  for (int v = 1; v <= s->num_vars; v++) {
    if (e->state[v] == GONE || dpll__value(s, lit_pos(v)) != 0)
      continue;
    size_t pos = e->start[lit_pos(v) + 1] - e->start[lit_pos(v)];
    size_t neg = e->start[lit_neg(v) + 1] - e->start[lit_neg(v)];
    if (pos + neg > 0 && e->eliminated == 0)
      e->vars++;
    if (e->state[v] == FAILED)
      continue; /* its clauses are those it failed with */
    e->state[v] = FREE;
    if (pos + neg > 0 && pos + neg <= ELIM_OCC_MAX)
      e->cand[e->cands++] = (uint64_t)(pos * neg) << 32 | (uint64_t)v;
  }
  qsort(e->cand, e->cands, sizeof *e->cand, cost_cmp);
  return 0;
}

static uint32_t next_stamp(dpll_solver *s, elim_pass *e) {
  if (++e->stamp == 0) {
    memset(e->mark, 0, 2 * ((size_t)s->num_vars + 1) * sizeof *e->mark);
    e->stamp = 1;
  }
  return e->stamp;
}

/* The resolvent of c and d on pivot (in c; its negation in d) without
 * the literals false at level 0, into res[res_n]: 1 if it is kept, 0 if it
 * is a tautology or the same as an earlier one, -1 if it is too long or a
 * single literal (then x is not eliminated: a unit is the search's to
 * find). */
static int resolve(dpll_solver *s, elim_pass *e, const clause *c,
                   const clause *d, unsigned pivot) {
  uint32_t stamp = next_stamp(s, e), n = 0;
  unsigned *out = e->res[e->res_n];
  e->work += c->size + d->size;
  for (int side = 0; side < 2; side++) {
    const clause *from = side ? d : c;
    unsigned skip = side ? lit_not(pivot) : pivot;
    for (uint32_t k = 0; k < from->size; k++) {
      unsigned lit = from->lits[k];
      if (lit == skip || dpll__value(s, lit) < 0 || e->mark[lit] == stamp)
        continue;
      if (e->mark[lit_not(lit)] == stamp)
        return 0;
      if (n == ELIM_RESOLVENT_MAX)
        return -1;
      e->mark[lit] = stamp;
      out[n++] = lit;
    }
  }
  if (n < 2)
    return -1;
  uint64_t key = 0;
  for (uint32_t k = 0; k < n; k++)
    key += (out[k] + 1) * 0x9E3779B97F4A7C15ull;
  for (size_t r = 0; r < e->res_n; r++) { /* one of the earlier? */
    bool same = e->res_key[r] == key && e->res_size[r] == n;
    for (uint32_t k = 0; same && k < n; k++)
      same = e->mark[e->res[r][k]] == stamp;
    if (same)
      return 0;
  }
  e->res_size[e->res_n] = n;
  e->res_key[e->res_n] = key;
  return 1;
}

/* The clauses of lit in this round's lists (none has changed since:
 * lit's variable is not touched). */
static const cref *occ_of(const elim_pass *e, unsigned lit, size_t *n) {
  *n = e->start[lit + 1] - e->start[lit];
  return e->occ + e->start[lit];
}

/* The clauses of var, without it, into g (gates.h). */
static void rests_of(dpll_solver *s, elim_pass *e, int var) {
  gate_clauses *g = &e->g;
  for (int sign = 0; sign < 2; sign++) {
    unsigned pivot = sign ? lit_neg(var) : lit_pos(var);
    const cref *refs = occ_of(e, pivot, &g->n[sign]);
    for (size_t i = 0; i < g->n[sign]; i++) {
      const clause *c = dpll__clause(s, refs[i]);
      uint32_t m = 0;
      for (uint32_t k = 0; k < c->size && m <= GATE_REST_MAX; k++) {
        unsigned lit = c->lits[k];
        if (lit == pivot || dpll__value(s, lit) < 0)
          continue;
        if (m < GATE_REST_MAX)
          g->rest[sign][i][m] = lit;
        m++;
      }
      g->rest_n[sign][i] = m;
    }
  }
}

/* The resolvents of var's clauses into res[]; false if there are more
 * than its clauses (with a definition, ELIM_GATE_EXTRA more), one too long
 * or a unit.  With a definition, only the pairs with a clause of it. */
static bool resolve_all(dpll_solver *s, elim_pass *e, int var) {
  size_t np, nn;
  const cref *pos = occ_of(e, lit_pos(var), &np);
  const cref *neg = occ_of(e, lit_neg(var), &nn);
  e->res_n = 0;
  for (size_t i = 0; i < np; i++)
    for (size_t j = 0; j < nn; j++) {
      if (e->gate && !e->g.in_gate[0][i] && !e->g.in_gate[1][j])
        continue;
      int kept = resolve(s, e, dpll__clause(s, pos[i]), dpll__clause(s, neg[j]),
                         lit_pos(var));
      if (kept < 0)
        return false;
      if (kept && ++e->res_n > np + nn + (e->gate ? ELIM_GATE_EXTRA : 0))
        return false; /* (so res[] has room) */
      if (e->work > e->budget)
        return false;
    }
  return true;
}

/* Whether var is to be eliminated, its resolvents in res[]: with option
 * gates and a definition of var, only those with a clause of it. */
static bool resolvents(dpll_solver *s, elim_pass *e, int var) {
  e->gate = false;
  if (s->opt[OPT_gates]) {
    rests_of(s, e, var);
    e->gate = dpll__gate_find(&e->g, &e->work);
  }
  return resolve_all(s, e, var);
}

/* Makes room on the stack for save(lit). */
static int save_reserve(dpll_solver *s, const elim_pass *e, unsigned lit) {
  elim_part *el = &s->elim;
  size_t n, need = el->size + 2;
  const cref *refs = occ_of(e, lit, &n);
  for (size_t i = 0; i < n; i++)
    need += dpll__clause(s, refs[i])->size + 1;
  return DPLL_GROW(el->stack, el->cap, need, SIZE_MAX / sizeof(unsigned));
}

/* Saves the clauses of lit (with lit first) on the stack, then the unit
 * of its negation, read first (see the top of the file). */
static void save(dpll_solver *s, const elim_pass *e, unsigned lit) {
  elim_part *el = &s->elim;
  size_t n;
  const cref *refs = occ_of(e, lit, &n);
  for (size_t i = 0; i < n; i++) {
    const clause *c = dpll__clause(s, refs[i]);
    el->stack[el->size++] = lit;
    for (uint32_t k = 0; k < c->size; k++)
      if (c->lits[k] != lit)
        el->stack[el->size++] = c->lits[k];
    el->stack[el->size++] = c->size;
  }
  el->stack[el->size++] = lit_not(lit);
  el->stack[el->size++] = 1;
  assert(el->size <= el->cap);
}

/* Replaces var's clauses by the resolvents in res[]: 0 or DPLL_ENOMEM
 * (then some resolvents may be stored, which follow from the clauses, and
 * var keeps its clauses). */
static int eliminate(dpll_solver *s, elim_pass *e, int var) {
  size_t np, nn;
  occ_of(e, lit_pos(var), &np);
  occ_of(e, lit_neg(var), &nn);
  unsigned saved = np <= nn ? lit_pos(var) : lit_neg(var);
  int rc = save_reserve(s, e, saved);
  for (size_t i = 0; !rc && i < e->res_n; i++) {
    rc = dpll__clause_reserve(s, e->res[i], e->res_size[i], true);
    if (!rc)
      dpll__clause_new(s, e->res[i], e->res_size[i], true, 1);
  }
  if (rc)
    return rc;
  save(s, e, saved);
  for (int sign = 0; sign < 2; sign++) {
    size_t n;
    const cref *refs = occ_of(e, sign ? lit_neg(var) : lit_pos(var), &n);
    for (size_t i = 0; i < n; i++) {
      const clause *c = dpll__clause(s, refs[i]);
      for (uint32_t k = 0; k < c->size; k++)
        e->state[lit_var(c->lits[k])] = TOUCHED;
      if (c->flags & CLAUSE_LEARNED)
        dpll__clause_delete(s, refs[i]);
      else
        dpll__clause_set_aside(s, refs[i]);
    }
  }
  e->state[var] = GONE;
  e->eliminated++;
  e->gates += e->gate;
  return 0;
}

/* One round; *done is set when it eliminated nothing. */
static int elim_round(dpll_solver *s, elim_pass *e, bool *done) {
  int rc = round_begin(s, e);
  size_t before = e->eliminated;
  for (size_t i = 0; !rc && i < e->cands && e->work <= e->budget; i++) {
    int var = (int)(e->cand[i] & 0xffffffffu);
    if (e->state[var] != FREE)
      continue;
    if (resolvents(s, e, var))
      rc = eliminate(s, e, var);
    else if (e->work <= e->budget)
      e->state[var] = FAILED; /* until an elimination touches it */
  }
  *done = e->eliminated == before;
  return rc;
}

/* Whether enough variables went for the elimination to be kept. */
static bool kept(const elim_pass *e) {
  return e->eliminated > 0 && (e->eliminated * ELIM_KEEP_SHARE >= e->vars ||
                               e->gates * ELIM_KEEP_SHARE >= e->eliminated);
}

/* The memory of a pass; 0 or DPLL_ENOMEM. */
static int pass_alloc(const dpll_solver *s, elim_pass *e) {
  size_t vars = (size_t)s->num_vars + 1;
  e->start = malloc((2 * vars + 1) * sizeof *e->start);
  e->mark = calloc(2 * vars, sizeof *e->mark);
  e->state = calloc(vars, 1);
  e->cand = malloc(vars * sizeof *e->cand);
  return e->start && e->mark && e->state && e->cand ? 0 : DPLL_ENOMEM;
}

/* The rounds of a pass, while they eliminate and the work stays within
 * the budget; *stop if the terminate callback, asked before each round,
 * said stop.  keep: the pass is sure to be kept, so deleted resolvents
 * need not wait for the end to be compacted away. */
static int pass_rounds(dpll_solver *s, elim_pass *e, bool keep, bool *stop) {
  bool done = false;
  int rc = 0;
  for (int r = 0;
       !rc && !done && !*stop && r < ELIM_ROUNDS && e->work <= e->budget; r++) {
    if (!(*stop = dpll__terminated(s)))
      rc = elim_round(s, e, &done);
    if ((keep || kept(e)) && dpll__store_garbage(s) > dpll__arena_words(s) / 4)
      dpll__reduce_sweep(s);
  }
  return rc;
}

/* elim
 *
 * Pre:  level 0 at a fixpoint, no pending conflict, no assumptions, no
 *       learned clause but resolvents (cdcl.c says when).
 * Post: variables eliminated as above, their clauses put aside, level 0
 *       at a fixpoint still (every resolvent has two free literals or
 *       more); or, if too few went, the solver as it was (also when it
 *       stopped or ran out of memory).  Returns 0, ELIM_STOPPED (the
 *       terminate callback, asked before each round, said stop) or
 *       DPLL_ENOMEM.
 */
int dpll__elim(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  elim_pass e = {0};
  size_t arena0 = dpll__arena_words(s); /* the resolvents come after */
  assert(dpll__num_learnts(s) == 0 && dpll__store_garbage(s) == 0);
  e.budget = ELIM_BUDGET_PER_WORD * (uint64_t)arena0;
  bool stop = false;
  int rc = pass_alloc(s, &e);
  if (!rc)
    rc = pass_rounds(s, &e, false, &stop);
  pass_free(&e);
  if (kept(&e)) {
    s->stats.eliminated += e.eliminated;
    s->stats.gates += e.gates;
    dpll__reduce_sweep(s); /* the clauses put aside rest */
    return rc ? rc : stop ? ELIM_STOPPED : 0;
  }
  /* Not worth it: the solver as it was. */
  s->elim.size = 0;
  dpll__store_restore(s);
  dpll__store_truncate(s, arena0);
  return rc ? rc : stop ? ELIM_STOPPED : 0;
}

/* ---- During the search (option elim_rounds) ------------------------------ */

void dpll__elim_init(dpll_solver *s) {
  if (s->elim.next == 0)
    s->elim.next = s->stats.conflicts + ELIM_GAP;
}

bool dpll__elim_due(const dpll_solver *s) {
  return s->opt[OPT_elim_rounds] && s->stats.conflicts >= s->elim.next &&
         dpll__decision_level(s) == 0 && !dpll__assuming(s) &&
         !dpll__tracing(s);
}

/* Deletes the learned clauses that hold an eliminated variable and do not
 * count (those that count went with their variable): they follow from
 * the clauses, so a model extended satisfies them anyway, but the search
 * would bring the variable back.  None is a reason: the variable is free. */
static void drop_redundant(dpll_solver *s, const elim_pass *e) {
  for (size_t i = 0; i < dpll__num_learnts(s); i++) {
    cref ref = dpll__learnt_ref(s, i);
    const clause *c = dpll__clause(s, ref);
    if (c->flags & CLAUSE_DELETED)
      continue;
    for (uint32_t k = 0; k < c->size; k++)
      if (e->state[lit_var(c->lits[k])] == GONE) {
        assert(dpll__value(s, c->lits[k]) == 0);
        dpll__clause_delete(s, ref);
        break;
      }
  }
}

/* elim_inprocess
 *
 * Pre:  level 0 at a fixpoint, no pending conflict, no assumptions.
 * Post: a pass as dpll__elim's, on the clauses that count, always kept,
 *       within ELIM_ROUND_PER_WORD reads per arena word; the learned
 *       clauses of the variables that went deleted; level 0 at a
 *       fixpoint.  Returns 0 or DPLL_ENOMEM (what was done stays: a
 *       variable goes whole or not at all).
 */
int dpll__elim_inprocess(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__at_fixpoint(s));
  s->elim.rounds++;
  s->elim.next = s->stats.conflicts + ELIM_GAP * (s->elim.rounds + 1);
  elim_pass e = {0};
  e.budget = ELIM_ROUND_PER_WORD * (uint64_t)dpll__arena_words(s);
  bool stop = false; /* (the search's loop asks again) */
  int rc = pass_alloc(s, &e);
  if (!rc)
    rc = pass_rounds(s, &e, true, &stop);
  if (e.eliminated > 0) {
    drop_redundant(s, &e);
    s->stats.eliminated += e.eliminated;
    s->stats.gates += e.gates;
    dpll__reduce_sweep(s);
  }
  pass_free(&e);
  return rc;
}

int dpll__elim_save(dpll_solver *s, const unsigned *lits, size_t n) {
  elim_part *el = &s->elim;
  int rc = DPLL_GROW(el->stack, el->cap, el->size + n + 1,
                     SIZE_MAX / sizeof(unsigned));
  if (rc)
    return rc;
  memcpy(el->stack + el->size, lits, n * sizeof *lits);
  el->size += n;
  el->stack[el->size++] = (unsigned)n;
  return 0;
}

void dpll__elim_extend(const dpll_solver *s, unsigned char *model) {
  const unsigned *stack = s->elim.stack;
  for (size_t i = s->elim.size; i > 0;) {
    size_t n = stack[i - 1];
    const unsigned *lits = stack + i - 1 - n;
    i -= n + 1;
    bool satisfied = false;
    for (size_t k = 1; k < n && !satisfied; k++)
      satisfied = model[lit_var(lits[k])] != lit_negative(lits[k]);
    if (!satisfied)
      model[lit_var(lits[0])] = !lit_negative(lits[0]);
  }
}

void dpll__elim_restore(dpll_solver *s) {
  if (dpll__store_aside(s) == 0 && s->elim.size == 0)
    return;
  assert(dpll__decision_level(s) == 0);
  s->elim.size = 0;
  dpll__store_restore(s);
  dpll__requeue_root(s);
  dpll__reduce_sweep(s); /* watched as usual again */
}
