/* enumerate.c - dpll_enumerate: every model of the clauses (or every
 * projection of one) once, in one search of the engine the option
 * "algorithm" selects, with no blocking clause per model.
 *
 * The search is dpll_solve's with three changes.  Pure literals are not
 * eliminated: a pure literal may be set only because some model sets it
 * so, and the models that set it otherwise would be lost (nor are
 * variables eliminated, nor lucky descents tried).  A model does not end
 * the search: after it is given, the search flips the latest decision of
 * the projection whose second branch is untried, as the classic engine
 * does after a conflict; such a level is "flipped", its first branch
 * finished.  Each model then costs its own branch of the search tree, and
 * no clause grows with the number of models, so the work is near-linear
 * in their number (a loop of solve and block checks and propagates every
 * blocking clause in every solve, which is quadratic).
 *
 * The classic engine backtracks chronologically after a conflict too;
 * its lookahead stays (a failed literal follows from the decisions above
 * it).  The cdcl engine learns from a conflict and jumps back as in
 * dpll_solve; a flipped literal has no reason, so the analysis treats it
 * as a decision, and the clause learned follows from the clauses.  But a
 * jump below a flipped level would forget that its first branch is
 * finished, so each flipped level it undoes becomes a clause first (see
 * learn), which keeps those models out as the flip did; and a restart
 * goes back only to the latest flipped level.  These clauses do not
 * follow from the clauses, nor do clauses learned with their help: every
 * learned clause goes when the enumeration ends, and so does what they
 * forced at level 0.
 *
 * With a projection, its variables are decided first, in the order given
 * (false first); the other variables are decided only once all of them are
 * assigned.  So the decisions of the projection's variables come first on
 * the trail (a backjump keeps a prefix of the levels), and once the first
 * model under them is found, every model below the latest of them has
 * the same projection: the search leaves that subtree at once.  Two
 * branches differ in a decision of a projected variable, so no
 * projection is given twice; a branch is dropped only when it holds no
 * model of the clauses that is not given yet, so none is missed.
 * tests/test_enumerate.c checks the lists against a brute-force oracle;
 * docs/performance.md compares the times with a loop of solve and block. */
#include "add.h"
#include "analyze.h"
#include "assume.h"
#include "branch.h"
#include "cdcl.h"
#include "check.h"
#include "classic.h"
#include "clausedb.h"
#include "internal.h"
#include "lookahead.h"
#include "memory.h"
#include "proof.h"
#include "propagate.h"
#include "reduce.h"
#include "restart.h"
#include "solver.h"
#include "trace.h"

#include <stdlib.h>

typedef struct projection {
  int *vars; /* the projected variables, each once, in the order given */
  size_t n;  /* 0: no projection (every variable) */
  int *pos;  /* per variable: 1 + its index in vars, or 0 */
} projection;

/* Checks vars[0..n-1] and makes p from them.  0, DPLL_ERANGE, DPLL_ENOVAR
 * or DPLL_ENOMEM. */
static int project(const dpll_solver *s, const int *vars, size_t n,
                   projection *p) {
  for (size_t i = 0; i < n; i++) {
    if (vars[i] <= 0)
      return DPLL_ERANGE;
    if (vars[i] > s->num_vars)
      return DPLL_ENOVAR;
  }
  if (n == 0)
    return 0;
  p->pos = calloc((size_t)s->num_vars + 1, sizeof *p->pos);
  p->vars = malloc(n * sizeof *p->vars);
  if (!p->pos || !p->vars)
    return DPLL_ENOMEM;
  for (size_t i = 0; i < n; i++)
    if (!p->pos[vars[i]]) {
      p->vars[p->n] = vars[i];
      p->pos[vars[i]] = (int)++p->n;
    }
  return 0;
}

/* The decision of level (>= 1). */
static unsigned decision_at(const dpll_solver *s, int level) {
  return dpll__trail_at(s, dpll__level_start(s, level));
}

/* The next projected variable to decide, false first; 0 when every one
 * is assigned.  Those before the variable of the latest decision were
 * assigned before it was decided, and still are; a latest decision of a
 * variable outside the projection (not an assumption) was made when all
 * of them were assigned. */
static unsigned next_projected(const dpll_solver *s, const projection *p) {
  size_t from = 0;
  int level = dpll__decision_level(s);
  if (level > 0 && !dpll__assumed(s, decision_at(s, level))) {
    int v = (int)lit_var(decision_at(s, level));
    if (!p->pos[v])
      return 0;
    from = (size_t)p->pos[v] - 1;
  }
  for (size_t i = from; i < p->n; i++)
    if (dpll__value(s, lit_pos(p->vars[i])) == 0)
      return lit_neg(p->vars[i]);
  return 0;
}

/* Takes the second branch of the latest decision at or below level whose
 * second branch is untried, as the classic search does after a conflict;
 * false (at level 0) if there is none, or if that decision is an
 * assumption, which is never flipped. */
static bool next_branch(dpll_solver *s, int level) {
  while (level > 0 && dpll__level_flipped(s, level))
    level--;
  if (level == 0 || dpll__assumed(s, decision_at(s, level))) {
    dpll__backtrack_to(s, 0);
    return false;
  }
  unsigned decision = decision_at(s, level);
  dpll__backtrack_to(s, level - 1);
  dpll__new_level(s, true);
  s->stats.backtracks++;
  dpll__assign(s, lit_not(decision), CREF_NONE);
  return true;
}

/* The level of the latest decision of a projected variable (not an
 * assumption), or 0; the current level without a projection.  The levels
 * above it hold decisions outside the projection. */
static int last_projected_level(const dpll_solver *s, const projection *p) {
  int level = dpll__decision_level(s);
  if (p->n == 0)
    return level;
  for (; level > 0; level--) {
    unsigned d = decision_at(s, level);
    if (dpll__assumed(s, d))
      return 0;
    if (p->pos[lit_var(d)])
      return level;
  }
  return 0;
}

/* What ended the run. */
enum { RUN_DONE = 1, RUN_STOPPED_BY_FN, RUN_STOPPED };

typedef struct enumeration {
  projection p;
  dpll_model_fn fn;
  void *ctx;
  uint64_t found; /* models given */
  bool cdcl;      /* the conflict-driven search, else the classic one */
  int flipped;    /* cdcl: the latest level flipped after a model, or 0 */
  unsigned *lits; /* cdcl: a clause being made */
  size_t cap;
} enumeration;

/* Gives the model the assignment is to fn, in state SAT.  0,
 * RUN_STOPPED_BY_FN, DPLL_ENOMEM or DPLL_EINTERNAL (the model fails the
 * check: a bug). */
static int give(dpll_solver *s, enumeration *e) {
  int rc = dpll__save_model(s);
  if (rc)
    return rc;
  s->state = STATE_SAT;
  int stop = e->fn(e->ctx, s);
  s->state = STATE_INPUT;
  e->found++;
  return stop ? RUN_STOPPED_BY_FN : 0;
}

/* cdcl: the latest flipped level at or below level. */
static int latest_flip(const dpll_solver *s, int level) {
  while (level > 0 && !dpll__level_flipped(s, level))
    level--;
  return level;
}

/* cdcl: makes flipped level i the clause (x_i, -x_(i-1), ..., -x_1),
 * x_j the literal that level j starts with (the highest level first, for
 * the watch), while those are still on the trail; *ref is the clause.
 * 0 or DPLL_ENOMEM. */
static int block_flip(dpll_solver *s, enumeration *e, int i, cref *ref) {
  int rc = DPLL_GROW(e->lits, e->cap, (size_t)i, SIZE_MAX / 8);
  if (rc)
    return rc;
  e->lits[0] = decision_at(s, i);
  for (int k = 1; k < i; k++)
    e->lits[k] = lit_not(decision_at(s, i - k));
  rc = dpll__clause_reserve(s, e->lits, (size_t)i, true);
  if (!rc)
    *ref = dpll__clause_new(s, e->lits, (size_t)i, true, 1);
  return rc;
}

/* cdcl: a conflict above level 0, learned from as the engine does.  A
 * jump below the latest flipped level would forget what its first branch
 * finished; so each flipped level it undoes becomes a clause first
 * (block_flip), which keeps the models already given out, as the flip
 * did (they are learned clauses of LBD 1, which reduce.c never deletes,
 * and go with every learned clause when the enumeration ends).  They may
 * force or falsify something at the level jumped to, so the next
 * propagation goes over that level again; the clause of level 1 is a unit
 * at level 0, set here.  Returns 0, RUN_DONE (that unit is false: nothing
 * is left to enumerate) or DPLL_ENOMEM. */
static int learn(dpll_solver *s, enumeration *e, cref conflict) {
  uint32_t lbd;
  int level = dpll__cdcl_analyze(s, conflict, &lbd);
  s->stats.backtracks++;
  if (level >= e->flipped)
    return dpll__learn(s, level, lbd);
  unsigned unit = level == 0 ? decision_at(s, 1) : 0;
  cref ref = CREF_NONE, unit_ref = CREF_NONE;
  for (int i = level + 1; i <= e->flipped; i++) {
    if (!dpll__level_flipped(s, i))
      continue;
    int rc = block_flip(s, e, i, &ref);
    if (rc)
      return rc;
    if (i == 1)
      unit_ref = ref;
  }
  int rc = dpll__learn(s, level, lbd);
  if (!rc && unit_ref != CREF_NONE && dpll__value(s, unit) < 0)
    rc = RUN_DONE; /* level 0 holds the first branch's decision */
  else if (!rc && unit_ref != CREF_NONE && dpll__value(s, unit) == 0)
    dpll__assign(s, unit, unit_ref);
  dpll__requeue_level(s);
  e->flipped = latest_flip(s, level);
  return rc;
}

/* The search (see the top of the file), from level 0.  RUN_DONE,
 * RUN_STOPPED_BY_FN, RUN_STOPPED, or a DPLL_E* code. */
static int run(dpll_solver *s, enumeration *e) {
  uint64_t decisions0 = s->stats.decisions, conflicts0 = s->stats.conflicts;
  if (e->cdcl) {
    dpll__restart_init(s);
    dpll__reduce_init(s);
  }
  for (;;) {
    cref conflict = dpll__propagate(s);
    if (conflict == CREF_OOM)
      return DPLL_ENOMEM;
    if (conflict != CREF_NONE) {
      if (!e->cdcl) {
        dpll__note_conflict(s, conflict);
        if (!next_branch(s, dpll__decision_level(s)))
          return RUN_DONE;
      } else {
        dpll__cdcl_conflict(s, conflict);
        if (dpll__decision_level(s) == 0)
          return RUN_DONE;
        int rc = learn(s, e, conflict);
        if (rc)
          return rc;
      }
      if (dpll__stop_at_conflict(s, conflicts0))
        return RUN_STOPPED;
      continue;
    }
    DPLL_CHECK(s);
    if (e->cdcl && dpll__restart_due(s)) {
      dpll__restart(s, e->flipped); /* the flips stay */
      continue;
    }
    if (e->cdcl && dpll__reduce_due(s)) {
      int rc = dpll__reduce(s);
      if (rc)
        return rc;
    }
    if (dpll__terminated(s))
      return RUN_STOPPED;
    if (dpll__assuming(s) && dpll__assume_pending(s)) {
      int step = dpll__assume_decide(s);
      if (step == ASSUME_DECIDED)
        continue;
      if (step == ASSUME_REFUTED)
        return RUN_DONE;
    }
    if (dpll__lookahead_on(s) && dpll__at_fixpoint(s)) {
      int look = dpll__lookahead(s);
      if (look < 0)
        return DPLL_ENOMEM;
      if (look == LOOK_STOPPED)
        return RUN_STOPPED;
      if (look == LOOK_CONFLICT)
        continue;
    }
    unsigned lit = e->p.n ? next_projected(s, &e->p) : 0;
    if (!lit)
      lit = dpll__choose(s);
    if (lit) {
      if (dpll__over_limit(s->opt[OPT_decision_limit], s->stats.decisions,
                           decisions0))
        return RUN_STOPPED;
      s->stats.decisions++;
      dpll__new_level(s, false);
      dpll__assign(s, lit, CREF_NONE);
      continue;
    }
    int rc = give(s, e);
    if (rc)
      return rc;
    if (!next_branch(s, last_projected_level(s, &e->p)))
      return RUN_DONE;
    e->flipped = dpll__decision_level(s);
  }
}

int dpll_enumerate(dpll_solver *s, const int *vars, size_t n, dpll_model_fn fn,
                   void *ctx) {
  if (!s || !fn || (n && !vars) || dpll__proof_wanted(s))
    return DPLL_EINVAL;
  if (dpll__input_open(s))
    return DPLL_EOPEN;
  enumeration e = {.fn = fn, .ctx = ctx};
  int rc = project(s, vars, n, &e.p);
  if (rc) {
    DPLL_FREE_ALL(e.p.vars, e.p.pos);
    return rc;
  }
  dpll__touch(s);
  dpll__trail_reset(s);
  dpll__store_shape(s); /* for "auto" (dpll__engine) */
  e.cdcl = dpll__engine(s) == DPLL_ALGORITHM_CDCL;
  dpll__assume_begin(s);
  bool assuming = dpll__assuming(s);
  size_t root = dpll__trail_size(s);
  /* Clauses learned here may rest on the clauses of the flips, which do
   * not follow from the clauses: the learn callback hears none of them. */
  dpll_learn_fn learn;
  void *learn_ctx;
  size_t learn_max;
  dpll__learn_callback(s, &learn, &learn_ctx, &learn_max);
  dpll_set_learn(s, 0, NULL, NULL);
  DPLL_CHECK_ALL(s);
  int res = dpll__unsat(s) ? RUN_DONE : run(s, &e);
  dpll_set_learn(s, learn_max, learn, learn_ctx);
  dpll__trail_reset(s);
  if (e.cdcl) {
    /* What the clauses of the flips forced goes with them. */
    if (dpll__trail_size(s) > root)
      dpll__root_truncate(s, root);
    dpll__drop_learnts(s);
  }
  dpll__assume_end(s);
  /* Every branch refuted, none under an assumption, no flip made: no
   * model at all. */
  if (res == RUN_DONE && e.found == 0 && !assuming && !dpll__unsat(s))
    dpll__clause_empty(s);
  dpll__touch(s);
  DPLL_CHECK_ALL(s);
  DPLL_FREE_ALL(e.p.vars, e.p.pos, e.lits);
  return res == RUN_DONE            ? DPLL_UNSAT
         : res == RUN_STOPPED_BY_FN ? DPLL_SAT
         : res == RUN_STOPPED       ? DPLL_UNKNOWN
                                    : res;
}
