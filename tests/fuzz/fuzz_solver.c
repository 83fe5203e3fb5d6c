/* fuzz_solver.c - libdpll's answers on small formulas made from the bytes,
 * judged by brute force (tests/oracle.c, which shares no code with it): a
 * model must satisfy every clause, an UNSAT answer must be confirmed, and
 * with no limit set a solve must give one of the two.  Every clause the
 * cdcl engine learns must follow from the clauses (and the pure literals
 * it set at the root), checked against all their models.  Last, every
 * model is listed by dpll_enumerate (projected onto the first variables
 * for an odd seed): each must be a model, none given twice, none missing.
 *
 * The bytes: six that choose the options (engine, or auto; heuristic,
 * restarts, pure literals, reduction, minimisation, target phases, seed,
 * the lookahead, elimination, variable addition, substitution), the number
 * of variables (1 to 12), whether the classic search is driven by its
 * public steps instead of dpll_solve, whether clauses go in literal by
 * literal (dpll_add), after how many clauses to solve once on the way (the
 * solver is then given the rest and solves again), a seed for splitting
 * priorities and variables not to split on, and a conflict or decision
 * limit for a first solve, after which the solver must still get the
 * answer right without one.  Then each pair of bytes is a literal: the
 * first gives the variable and its sign, the low bit of the second ends
 * the clause; the pair FF FF ends a clause without a literal, so it may be
 * empty.  At most 60 clauses. */
#include "fuzz.h"
#include "oracle.h"

#include <dpll.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define SETUP 6
#define MAX_VARS 12
#define MAX_CLAUSES 60
#define MAX_CLAUSE_LEN 32
#define MAX_STEPS (1L << 20) /* of the step loop: 12 variables need fewer */
#define MAX_LEARNED 64       /* learned clauses checked per solve */

typedef struct setup {
  int vars;
  int64_t algorithm, heuristic, restarts, pure, reduce, minimize, target;
  int64_t seed, lookahead, eliminate, factor, gates, substitute;
  int by_steps;    /* drive the classic search through its public steps */
  int lit_by_lit;  /* add clauses with dpll_add */
  size_t solve_at; /* also solve after this many clauses (0: never) */
  uint64_t order;  /* seed of priorities and decision marks (0: none) */
  int limit;       /* a first solve's limit (0: none) */
  const char *limit_name;
} setup;

static setup read_setup(const uint8_t *d) {
  setup u;
  u.algorithm = d[0] & 1;
  u.heuristic = ((d[0] >> 1) & 7) % DPLL_NUM_HEURISTICS;
  u.restarts = (d[0] >> 4) & 3;
  u.pure = (d[0] >> 6) & 1;
  u.reduce = d[0] >> 7;
  u.vars = 1 + (d[1] & 15) % MAX_VARS;
  u.minimize = (d[1] >> 4) & 1;
  u.target = ((d[1] >> 5) & 3) % 3;
  u.by_steps = d[1] >> 7;
  u.seed = d[2];
  u.gates = (d[2] >> 6) & 1; /* elimination with definitions */
  u.factor = d[2] >> 7;      /* bounded variable addition with half the seeds */
  u.solve_at = d[3] & 63;
  u.lit_by_lit = d[3] >> 7;
  if (u.restarts == DPLL_RESTARTS_MIXED && (d[3] >> 6) & 1)
    u.restarts = DPLL_RESTARTS_MODES;
  u.order = d[4];
  u.substitute = d[4] >> 7; /* equivalent literals, with half the orders */
  u.limit = d[5] & 15;
  u.limit_name = d[5] & 0x80 ? "decision_limit" : "conflict_limit";
  u.lookahead = (d[5] >> 4) & 1;
  u.eliminate = (d[5] >> 6) & 1; /* with lucky descents, as the tool runs */
  if ((d[5] >> 5) & 1)
    u.algorithm = DPLL_ALGORITHM_AUTO;
  return u;
}

static void configure(dpll_solver *s, const setup *u) {
  const struct {
    const char *name;
    int64_t value;
  } options[] = {{"algorithm", u->algorithm}, {"heuristic", u->heuristic},
                 {"restarts", u->restarts},   {"pure", u->pure},
                 {"reduce", u->reduce},       {"minimize", u->minimize},
                 {"target_phase", u->target}, {"seed", u->seed},
                 {"lookahead", u->lookahead}, {"eliminate", u->eliminate},
                 {"lucky", u->eliminate},     {"factor", u->factor},
                 {"gates", u->gates},         {"substitute", u->substitute}};
  for (size_t i = 0; i < sizeof options / sizeof *options; i++)
    FUZZ_CHECK(dpll_set_option(s, options[i].name, options[i].value) == 0);
  /* Priorities 0-2 and some variables not to split on: the order of the
   * search changes, its answer must not. */
  uint64_t state = u->order;
  for (int v = 1; u->order && v <= u->vars; v++) {
    uint64_t r = oracle_next(&state);
    FUZZ_CHECK(dpll_set_priority(s, v, (int)(r % 3)) == 0);
    FUZZ_CHECK(dpll_set_decision(s, v, (r >> 8) % 4 != 0) == 0);
  }
}

/* ---- Learned clauses: each must hold in every model of the clauses and
 * the pure literals set at the root before it. */

typedef struct learned {
  const oracle_formula *f;
  int pure[MAX_VARS + 1]; /* the root's pure literals, 0 if none */
  int num_pure;
  uint16_t models[1 << MAX_VARS]; /* as bit v-1 for variable v */
  int num_models;                 /* -1: not counted since the last pure */
  int checked;
} learned;

static void find_models(learned *l) {
  unsigned char model[MAX_VARS + 1] = {0};
  int n = l->f->num_vars;
  l->num_models = 0;
  for (unsigned a = 0; a < 1u << n; a++) {
    for (int v = 1; v <= n; v++)
      model[v] = (a >> (v - 1)) & 1;
    int ok = oracle_check(l->f, model);
    for (int i = 0; ok && i < l->num_pure; i++)
      ok = model[abs(l->pure[i])] == (l->pure[i] > 0);
    if (ok)
      l->models[l->num_models++] = (uint16_t)a;
  }
}

static void on_event(void *ctx, const dpll_event *e) {
  learned *l = ctx;
  if (e->kind == DPLL_EVENT_PURE && e->level == 0 && l->num_pure < MAX_VARS) {
    l->pure[l->num_pure++] = e->lit;
    l->num_models = -1;
  }
  if (e->kind != DPLL_EVENT_LEARN || l->checked++ >= MAX_LEARNED)
    return;
  if (l->num_models < 0)
    find_models(l);
  for (int m = 0; m < l->num_models; m++) {
    int satisfied = 0;
    for (size_t i = 0; i < e->clause_size && !satisfied; i++) {
      int lit = e->clause[i], v = abs(lit);
      satisfied = ((l->models[m] >> (v - 1)) & 1) == (lit > 0);
    }
    FUZZ_CHECK(satisfied); /* a model of the clauses that it cuts off */
  }
}

/* ---- Solving */

/* dpll_solve; the model into model[1..vars]. */
static int solve(dpll_solver *s, int vars, unsigned char *model) {
  int res = dpll_solve(s);
  FUZZ_CHECK(res == DPLL_SAT || res == DPLL_UNSAT || res == DPLL_UNKNOWN);
  FUZZ_CHECK(dpll_status(s) == res);
  if (res != DPLL_SAT) {
    FUZZ_CHECK(dpll_model(s, 1) < 0);
    return res;
  }
  for (int v = 1; v <= vars; v++) {
    model[v] = 0;
    if (v > dpll_num_vars(s)) {
      FUZZ_CHECK(dpll_model(s, v) == DPLL_ENOVAR);
      continue;
    }
    int pos = dpll_model(s, v), neg = dpll_model(s, -v);
    FUZZ_CHECK((pos == 0 || pos == 1) && neg == 1 - pos);
    model[v] = (unsigned char)pos;
  }
  return res;
}

/* The classic search spelled out as in dpll.h, step by step. */
static int solve_by_steps(dpll_solver *s, const setup *u,
                          unsigned char *model) {
  int unsat = 0;
  for (long steps = 0;; steps++) {
    FUZZ_CHECK(steps < MAX_STEPS);
    int rc = dpll_propagate(s);
    FUZZ_CHECK(rc == 0 || rc == DPLL_CONFLICT);
    if (rc == DPLL_CONFLICT) {
      rc = dpll_backtrack(s);
      FUZZ_CHECK(rc == 0 || rc == 1);
      if (rc == 1) {
        unsat = 1; /* no second branch left after a conflict */
        break;
      }
      continue;
    }
    if (u->pure)
      FUZZ_CHECK(dpll_eliminate_pure(s) >= 0);
    int lit = dpll_choose(s);
    if (lit == 0)
      break;
    FUZZ_CHECK(dpll_decide(s, lit) == 0);
  }
  FUZZ_CHECK((dpll_status(s) == DPLL_UNSAT) == unsat);
  if (unsat)
    return DPLL_UNSAT;
  for (int v = 1; v <= u->vars; v++) {
    int value = dpll_value(s, v);
    FUZZ_CHECK(value == 0 || value == 1 ||
               (v > dpll_num_vars(s) && value == DPLL_UNASSIGNED));
    model[v] = value == 1;
  }
  return DPLL_SAT;
}

/* Solves (under u's limit if limited) and holds the answer against brute
 * force on f; without a limit the answer must be there. */
static void judge(dpll_solver *s, const oracle_formula *f, const setup *u,
                  int limited) {
  unsigned char model[MAX_VARS + 1] = {0};
  learned *l = calloc(1, sizeof *l);
  FUZZ_CHECK(l != NULL);
  l->f = f;
  l->num_models = -1;
  dpll_set_trace(s, on_event, l);
  FUZZ_CHECK(!dpll_set_option(s, u->limit_name, limited ? u->limit : -1));
  int res =
      u->by_steps ? solve_by_steps(s, u, model) : solve(s, u->vars, model);
  dpll_set_trace(s, NULL, NULL);
  free(l);
  if (res == DPLL_SAT)
    FUZZ_CHECK(oracle_check(f, model));
  else if (res == DPLL_UNSAT)
    FUZZ_CHECK(!oracle_satisfiable(f, NULL));
  else
    FUZZ_CHECK(limited);
}

static void solve_and_judge(dpll_solver *s, const oracle_formula *f,
                            const setup *u) {
  if (u->limit && !u->by_steps)
    judge(s, f, u, 1);
  judge(s, f, u, 0);
}

/* ---- Every model, by dpll_enumerate: each a model, none twice, none
 * missing (projected onto 1..k for an odd seed). */

typedef struct listed {
  const oracle_formula *f;
  int vars;                           /* the solver's */
  unsigned mask;                      /* the projection's bits */
  unsigned char given[1 << MAX_VARS]; /* per projection */
  long count;
} listed;

static int list_model(void *ctx, const dpll_solver *s) {
  listed *l = ctx;
  unsigned char model[MAX_VARS + 1] = {0};
  unsigned a = 0;
  for (int v = 1; v <= l->vars; v++) {
    int value = dpll_model(s, v);
    FUZZ_CHECK(value == 0 || value == 1);
    model[v] = (unsigned char)value;
    a |= (unsigned)value << (v - 1);
  }
  FUZZ_CHECK(oracle_check(l->f, model)); /* the rest name no clause */
  FUZZ_CHECK(!l->given[a & l->mask]);
  l->given[a & l->mask] = 1;
  l->count++;
  return 0;
}

static void enumerate_and_judge(dpll_solver *s, const oracle_formula *f,
                                const setup *u) {
  listed *l = calloc(1, sizeof *l);
  FUZZ_CHECK(l != NULL);
  l->f = f;
  l->vars = dpll_num_vars(s);
  int k = l->vars && (u->seed & 1) ? 1 + (int)(u->seed >> 1) % l->vars : 0;
  l->mask = (1u << (k ? k : l->vars)) - 1;
  int proj[MAX_VARS];
  for (int v = 1; v <= k; v++)
    proj[v - 1] = v;
  FUZZ_CHECK(dpll_enumerate(s, proj, (size_t)k, list_model, l) == DPLL_UNSAT);
  unsigned char model[MAX_VARS + 1] = {0}, seen[1 << MAX_VARS] = {0};
  long count = 0;
  for (unsigned a = 0; a < 1u << f->num_vars; a++) {
    for (int v = 1; v <= f->num_vars; v++)
      model[v] = (a >> (v - 1)) & 1;
    if (!seen[a & l->mask] && oracle_check(f, model)) {
      seen[a & l->mask] = 1;
      count++;
    }
  }
  FUZZ_CHECK(l->count == count);
  free(l);
}

static void add(dpll_solver *s, oracle_formula *f, const setup *u,
                const int *lits, size_t n) {
  if (u->lit_by_lit) {
    for (size_t i = 0; i < n; i++)
      FUZZ_CHECK(dpll_add(s, lits[i]) == 0);
    FUZZ_CHECK(dpll_add(s, 0) == 0);
  } else
    FUZZ_CHECK(dpll_add_clause(s, lits, n) == 0);
  oracle_add(f, lits, n);
  if (f->num_clauses == u->solve_at)
    solve_and_judge(s, f, u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < SETUP)
    return 0;
  setup u = read_setup(data);
  dpll_solver *s = dpll_new();
  FUZZ_CHECK(s != NULL);
  configure(s, &u);
  oracle_formula f;
  oracle_init(&f, u.vars);
  int lits[MAX_CLAUSE_LEN];
  size_t n = 0;
  for (size_t i = SETUP; i + 1 < size && f.num_clauses < MAX_CLAUSES; i += 2) {
    if (data[i] == 0xff && data[i + 1] == 0xff) {
      add(s, &f, &u, lits, n);
      n = 0;
      continue;
    }
    int var = 1 + (data[i] >> 1) % u.vars;
    lits[n++] = data[i] & 1 ? -var : var;
    if ((data[i + 1] & 1) || n == MAX_CLAUSE_LEN) {
      add(s, &f, &u, lits, n);
      n = 0;
    }
  }
  if (n && f.num_clauses < MAX_CLAUSES)
    add(s, &f, &u, lits, n);
  solve_and_judge(s, &f, &u);
  enumerate_and_judge(s, &f, &u);
  oracle_free(&f);
  dpll_free(s);
  return 0;
}
