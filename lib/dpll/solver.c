/* solver.c - the handle: creation, options, callbacks, results, messages. */
#include "solver.h"
#include "add.h"
#include "analyze.h"
#include "assume.h"
#include "branch.h"
#include "bva.h"
#include "cdcl.h"
#include "check.h"
#include "classic.h"
#include "clausedb.h"
#include "elim.h"
#include "heap.h"
#include "internal.h"
#include "lookahead.h"
#include "memory.h"
#include "phase.h"
#include "proof.h"
#include "propagate.h"
#include "purecount.h"
#include "reduce.h"
#include "trace.h"
#include "vars.h"
#include "vivify.h"
#include "watches.h"

#include <stdlib.h>
#include <string.h>

const char *dpll_version(void) { return DPLL_VERSION; }

const char *dpll_strerror(int code) {
  switch (code) {
#define DPLL_ERROR_TEXT(name, value, text)                                     \
  case value:                                                                  \
    return text;
    DPLL_ERRORS(DPLL_ERROR_TEXT)
#undef DPLL_ERROR_TEXT
  case 0:
    return "success (or: unknown, no answer yet)";
  case DPLL_CONFLICT:
    return "conflict: a clause is false";
  case DPLL_SAT:
    return "satisfiable";
  case DPLL_UNSAT:
    return "unsatisfiable";
  default:
    return "unknown code";
  }
}

/* ---- Creation ------------------------------------------------------------ */

/* The named values of a choice (DPLL_CHOICE names their list), in a
 * static array; NULL for the other kinds. */
#define VALUES_DPLL_FLAG(tool_value) NULL
#define VALUES_DPLL_NUMBER NULL
#define VALUES_DPLL_CHOICE(list, placeholder, what)                            \
  (const dpll_option_value[]) { list(DPLL_OPTION_VALUE){NULL, 0, NULL}, }
#define DPLL_OPTION_VALUE(constant, id, text, doc) {text, id, doc},

static const dpll_option option_rows[NUM_OPTIONS] = {
#define DPLL_OPTION_ROW(name, def, lo, hi, doc, kind, ...)                     \
  {#name, kind, def, lo, hi, doc, VALUES_##kind},
    DPLL_OPTIONS(DPLL_OPTION_ROW)
#undef DPLL_OPTION_ROW
};

const dpll_option *dpll_option_info(int i) {
  return i >= 0 && i < NUM_OPTIONS ? &option_rows[i] : NULL;
}

dpll_solver *dpll_new(void) {
  dpll_solver *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->var_cap = -1; /* nothing allocated yet */
  s->state = STATE_INPUT;
  for (int i = 0; i < NUM_OPTIONS; i++)
    s->opt[i] = option_rows[i].def;
  dpll__seed(s, s->opt[OPT_seed]);
  dpll__heap_init(s);
  /* Room for variable 0 (never used) so that arrays are never NULL. */
  if (dpll__ensure_vars(s, 0)) {
    dpll_free(s);
    return NULL;
  }
  return s;
}

/* Every part frees what it owns. */
void dpll_free(dpll_solver *s) {
  if (!s)
    return;
  dpll__input_free(s);
  dpll__analysis_free(s);
  dpll__scan_free(s);
  dpll__look_free(s);
  dpll__pure_invalidate(s);
  dpll__trail_free(s);
  dpll__phase_free(s);
  dpll__heap_free(s);
  dpll__store_free(s);
  dpll__watch_free(s);
  dpll__trace_free(s);
  dpll__proof_free(s);
  dpll__assume_free(s);
  dpll__vivify_free(s);
  dpll__elim_free(s);
  free(s->model);
  free(s);
}

/* ---- Options ------------------------------------------------------------- */

static int find_option(const char *name) {
  if (!name)
    return -1;
  for (int i = 0; i < NUM_OPTIONS; i++)
    if (!strcmp(option_rows[i].name, name))
      return i;
  return -1;
}

int dpll_set_option(dpll_solver *s, const char *name, int64_t value) {
  if (!s)
    return DPLL_EINVAL;
  int i = find_option(name);
  if (i < 0)
    return DPLL_EOPTION;
  if (value < option_rows[i].min || value > option_rows[i].max)
    return DPLL_EVALUE;
  s->opt[i] = value;
  if (i == OPT_seed)
    dpll__seed(s, value);
  if (i == OPT_pure && !value)
    dpll__pure_invalidate(s); /* stop counting on every assignment */
  return 0;
}

int dpll_get_option(const dpll_solver *s, const char *name, int64_t *value) {
  if (!s || !value)
    return DPLL_EINVAL;
  int i = find_option(name);
  if (i < 0)
    return DPLL_EOPTION;
  *value = s->opt[i];
  return 0;
}

static const char *const heuristic_names[DPLL_NUM_HEURISTICS] = {
#define DPLL_HEURISTIC_NAME(constant, id, text, doc) [id] = text,
    DPLL_HEURISTICS(DPLL_HEURISTIC_NAME)
#undef DPLL_HEURISTIC_NAME
};

const char *dpll_heuristic_name(int h) {
  return h >= 0 && h < DPLL_NUM_HEURISTICS ? heuristic_names[h] : NULL;
}

int dpll_heuristic_lookup(const char *name) {
  for (int h = 0; name && h < DPLL_NUM_HEURISTICS; h++)
    if (!strcmp(heuristic_names[h], name))
      return h;
  return DPLL_EHEURISTIC;
}

void dpll_set_terminate(dpll_solver *s, dpll_terminate_fn fn, void *ctx) {
  if (!s)
    return;
  s->terminate = fn;
  s->terminate_ctx = fn ? ctx : NULL;
}

void dpll__set_import(dpll_solver *s, dpll__import_fn fn, void *ctx) {
  s->import = fn;
  s->import_ctx = fn ? ctx : NULL;
}

/* ---- Solving and results ------------------------------------------------- */

/* Every clause added has a true literal in the model, and every
 * assumption of the solve holds: checked on the model
 * itself, not on the trail that made it, before a SAT answer leaves the
 * library.  A failure is a bug, and it gives an error, never a wrong
 * answer. */
static int self_check(const dpll_solver *s) {
  for (size_t i = 0; i < dpll__num_clauses(s); i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    bool satisfied = false;
    for (uint32_t k = 0; k < c->size && !satisfied; k++) {
      unsigned lit = c->lits[k];
      satisfied = s->model[lit_var(lit)] != lit_negative(lit);
    }
    if (!satisfied)
      return DPLL_EINTERNAL;
  }
  return dpll__assumptions_hold(s, s->model) ? 0 : DPLL_EINTERNAL;
}

int dpll__save_model(dpll_solver *s) {
  int rc = DPLL_RESIZE(s->model, (size_t)s->num_vars + 1);
  if (rc)
    return rc;
  for (int v = 1; v <= s->num_vars; v++) {
    if (dpll__value(s, lit_pos(v)) == 0)
      return DPLL_EINTERNAL;
    s->model[v] = dpll__value(s, lit_pos(v)) > 0;
  }
  dpll__elim_extend(s, s->model);
  s->model_vars = s->user_vars; /* not those added for the solve (bva.c) */
  return self_check(s);
}

/* The engine's search, between the start and the end of a proof. */
static int search(dpll_solver *s) {
  bool proof = !dpll__assuming(s); /* none under assumptions */
  int res = proof ? dpll__proof_begin(s) : 0;
  if (res)
    return res;
  if (dpll__unsat(s))
    dpll__clause_empty(s); /* known when adding: the proof still says so */
  else
    res = dpll__engine(s) == DPLL_ALGORITHM_CDCL ? dpll__cdcl(s)
                                                 : dpll__search(s);
  if (dpll__unsat(s))
    res = DPLL_UNSAT;
  int rc = proof ? dpll__proof_end(s) : 0;
  return rc ? rc : res;
}

/* Level 0 drawn again from the clauses added alone, after
 * dpll__root_truncate(s, 0): the empty clause if one was added, the
 * literal of every unit clause (the empty clause if two clash);
 * propagation does the rest. */
static void root_redraw(dpll_solver *s) {
  assert(dpll__decision_level(s) == 0 && dpll__trail_size(s) == 0);
  dpll__scan_invalidate(s);
  dpll__pure_invalidate(s);
  dpll__store_forget_unsat(s);
  for (size_t i = 0; i < dpll__num_clauses(s) && !dpll__unsat(s); i++) {
    cref ref = dpll__clause_ref(s, i);
    const clause *c = dpll__clause(s, ref);
    if (c->flags & (CLAUSE_ASIDE | CLAUSE_DELETED) || c->size > 1)
      continue;
    if (c->size == 0 || dpll__value(s, c->lits[0]) < 0)
      dpll__clause_empty(s);
    else if (dpll__value(s, c->lits[0]) == 0)
      dpll__assign(s, c->lits[0], ref);
  }
}

/* One search (dpll_solve, in portfolio.c, runs one or several). */
int dpll__solve_one(dpll_solver *s) {
  assert(s && !dpll__input_open(s));
  dpll__trail_reset(s);
  dpll__touch(s);
  dpll__store_shape(s); /* for "auto" (dpll__engine) */
  /* A proof derives all it uses: what earlier solves learned goes, and if
   * anything was derived since level 0 was drawn from the clauses added,
   * level 0 and the empty clause are drawn from them again (an earlier
   * solve may have written no proof, or to another sink). */
  if (dpll__proof_wanted(s) && !dpll__assuming(s)) {
    dpll__drop_learnts(s);
    if (dpll__proof_derived(s)) {
      dpll__root_truncate(s, 0);
      root_redraw(s);
      dpll__proof_fresh(s);
    }
  }
  dpll__assume_begin(s);
  DPLL_CHECK_ALL(s);
  int res = search(s);
  if (res == DPLL_SAT) {
    int rc = dpll__save_model(s);
    if (rc)
      res = rc;
  }
  dpll__trail_reset(s);
  dpll__elim_restore(s);
  dpll__bva_restore(s);
  dpll__assume_end(s);
  DPLL_CHECK_ALL(s);
  s->state = res == DPLL_SAT       ? STATE_SAT
             : res == DPLL_UNSAT   ? STATE_UNSAT
             : res == DPLL_UNKNOWN ? STATE_UNKNOWN
                                   : STATE_INPUT;
  return res;
}

int dpll__adopt_answer(dpll_solver *s, int res, const unsigned char *model) {
  assert(s->state == STATE_UNKNOWN);
  assert(res == DPLL_SAT || (res == DPLL_UNSAT && !dpll__assuming(s)));
  if (res == DPLL_UNSAT) {
    if (!dpll__unsat(s))
      dpll__clause_empty(s);
    s->state = STATE_UNSAT;
    return res;
  }
  int rc = DPLL_RESIZE(s->model, (size_t)s->num_vars + 1);
  if (!rc) {
    memcpy(s->model, model, (size_t)s->num_vars + 1);
    s->model_vars = s->num_vars;
    rc = self_check(s);
  }
  if (rc)
    return rc;
  s->state = STATE_SAT;
  return res;
}

int dpll_block_model(dpll_solver *s, const int *vars, size_t n) {
  if (!s || (n && !vars))
    return DPLL_EINVAL;
  if (s->state != STATE_SAT)
    return DPLL_ENOMODEL;
  size_t size = n ? n : (size_t)s->model_vars;
  for (size_t i = 0; i < n; i++) {
    if (vars[i] <= 0)
      return DPLL_ERANGE;
    if (vars[i] > s->model_vars)
      return DPLL_ENOVAR;
  }
  int *clause = malloc((size ? size : 1) * sizeof *clause);
  if (!clause)
    return DPLL_ENOMEM;
  for (size_t i = 0; i < size; i++) {
    int v = n ? vars[i] : (int)i + 1;
    clause[i] = s->model[v] ? -v : v; /* the model's value, negated */
  }
  int rc = dpll_add_clause(s, clause, size);
  free(clause);
  return rc;
}

int dpll_assume(dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  unsigned l = lit_from_ext(lit);
  int rc = dpll__ensure_vars(s, (int)lit_var(l));
  if (!rc)
    rc = dpll__assume_add(s, l);
  if (!rc)
    dpll__touch(s);
  return rc;
}

int dpll_failed(const dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  if (s->state != STATE_UNSAT)
    return DPLL_ENOANSWER;
  unsigned l = lit_from_ext(lit);
  return (int)lit_var(l) <= s->num_vars && dpll__failed(s, l);
}

int dpll_model(const dpll_solver *s, int lit) {
  if (!s)
    return DPLL_EINVAL;
  if (!ext_lit_ok(lit))
    return DPLL_ERANGE;
  if (s->state != STATE_SAT)
    return DPLL_ENOMODEL;
  unsigned l = lit_from_ext(lit);
  int var = (int)lit_var(l);
  if (var > s->model_vars)
    return DPLL_ENOVAR;
  return s->model[var] != lit_negative(l);
}

int dpll__model_vars(const dpll_solver *s) { return s->model_vars; }

int dpll__answer(const dpll_solver *s) {
  switch (s->state) {
  case STATE_SAT:
    return DPLL_SAT;
  case STATE_UNSAT:
    return DPLL_UNSAT;
  case STATE_UNKNOWN:
    return DPLL_UNKNOWN;
  default:
    return DPLL_ENOANSWER; /* no solve since the last change */
  }
}

int dpll_status(const dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  if (s->state == STATE_SAT)
    return DPLL_SAT;
  if (s->state == STATE_UNSAT || dpll__unsat(s))
    return DPLL_UNSAT;
  return DPLL_UNKNOWN;
}

void dpll_get_stats(const dpll_solver *s, dpll_stats *out) {
  if (s && out)
    *out = s->stats;
}
