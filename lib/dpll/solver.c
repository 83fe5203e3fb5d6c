/* solver.c - the handle: creation, options, callbacks, results, messages. */
#include "internal.h"

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

static const struct option_row {
  const char *name;
  int64_t def, lo, hi;
} option_rows[NUM_OPTIONS] = {
#define DPLL_OPTION_ROW(name, def, lo, hi, doc) {#name, def, lo, hi},
    DPLL_OPTIONS(DPLL_OPTION_ROW)
#undef DPLL_OPTION_ROW
};

static void seed_random(dpll_solver *s, int64_t seed) {
  /* Spread the seed over the state; xorshift needs a non-zero state. */
  s->rng = ((uint64_t)seed + 1) * 0x9E3779B97F4A7C15ULL;
}

dpll_solver *dpll_new(void) {
  dpll_solver *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->var_cap = -1; /* nothing allocated yet */
  s->heap_kind = -1;
  s->activity_inc = 1;
  s->state = STATE_INPUT;
  for (int i = 0; i < NUM_OPTIONS; i++)
    s->opt[i] = option_rows[i].def;
  seed_random(s, s->opt[OPT_seed]);
  /* Room for variable 0 (never used) so that arrays are never NULL. */
  if (dpll__ensure_vars(s, 0)) {
    dpll_free(s);
    return NULL;
  }
  return s;
}

void dpll_free(dpll_solver *s) {
  if (!s)
    return;
  free(s->vals);
  free(s->watches);
  free(s->wpool);
  free(s->stamp);
  free(s->occ);
  free(s->jw);
  free(s->level);
  free(s->reason);
  free(s->phase);
  free(s->target);
  free(s->may_decide);
  free(s->priority);
  free(s->activity);
  free(s->heap_pos);
  free(s->heap);
  free(s->trail);
  free(s->level_start);
  free(s->flipped);
  free(s->seen);
  free(s->level_mark);
  free(s->learnt);
  free(s->an_stack);
  free(s->an_clear);
  free(s->an_pos);
  free(s->learnts);
  free(s->arena);
  free(s->clauses);
  free(s->open);
  free(s->trace_buf);
  free(s->model);
  dpll__pure_invalidate(s);
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
  if (value < option_rows[i].lo || value > option_rows[i].hi)
    return DPLL_EVALUE;
  s->opt[i] = value;
  if (i == OPT_seed)
    seed_random(s, value);
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
#define DPLL_HEURISTIC_NAME(name, id, text, doc) [id] = text,
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

void dpll_set_trace(dpll_solver *s, dpll_trace_fn fn, void *ctx) {
  if (!s)
    return;
  s->trace = fn;
  s->trace_ctx = fn ? ctx : NULL;
}

/* Reports one step to the trace callback.  trace_buf has room for the
 * longest clause (see clausedb.c). */
void dpll__trace(dpll_solver *s, dpll_event_kind kind, unsigned lit, cref ref,
                 bool flipped) {
  dpll_event ev = {
      kind, lit ? lit_to_ext(lit) : 0, s->decision_level, flipped, NULL, 0};
  if (ref != CREF_NONE && ref != CREF_PURE) {
    const clause *c = kind == DPLL_EVENT_PROPAGATE ? dpll__reason(s, lit)
                                                   : dpll__clause(s, ref);
    for (uint32_t k = 0; k < c->size; k++)
      s->trace_buf[k] = lit_to_ext(c->lits[k]);
    ev.clause = s->trace_buf;
    ev.clause_size = c->size;
  }
  s->trace(s->trace_ctx, &ev);
}

/* ---- Results ------------------------------------------------------------- */

/* Anything that changes the formula or the assignment ends the answer of
 * the last solve. */
void dpll__touch(dpll_solver *s) {
  s->state = s->inconsistent ? STATE_UNSAT : STATE_INPUT;
}

static int save_model(dpll_solver *s) {
  unsigned char *m = realloc(s->model, (size_t)s->num_vars + 1);
  if (!m)
    return DPLL_ENOMEM;
  s->model = m;
  for (int v = 1; v <= s->num_vars; v++)
    m[v] = s->vals[2 * v] > 0;
  s->model_vars = s->num_vars;
  return 0;
}

int dpll_solve(dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  if (s->open_size)
    return DPLL_EOPEN;
  dpll__reset_to_root(s);
  if (s->inconsistent) {
    s->state = STATE_UNSAT;
    return DPLL_UNSAT;
  }
  int res = s->opt[OPT_algorithm] == DPLL_ALGORITHM_CDCL ? dpll__cdcl(s)
                                                         : dpll__search(s);
  if (res == DPLL_SAT) {
    int rc = save_model(s);
    if (rc)
      res = rc;
  }
  dpll__reset_to_root(s);
  dpll__drop_learnts(s);
  s->state = res == DPLL_SAT       ? STATE_SAT
             : res == DPLL_UNSAT   ? STATE_UNSAT
             : res == DPLL_UNKNOWN ? STATE_UNKNOWN
                                   : STATE_INPUT;
  return res;
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

int dpll_status(const dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  if (s->state == STATE_SAT)
    return DPLL_SAT;
  if (s->state == STATE_UNSAT || s->inconsistent)
    return DPLL_UNSAT;
  return DPLL_UNKNOWN;
}

void dpll_get_stats(const dpll_solver *s, dpll_stats *out) {
  if (s && out)
    *out = s->stats;
}
