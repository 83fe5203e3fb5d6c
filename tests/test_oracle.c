/* test_oracle.c - libdpll's answers judged by brute force.
 *
 * Random small formulas (at most 16 variables in the main corpus) are
 * solved through every public way in: dpll_solve under every heuristic,
 * with and without pure literals; the DIMACS and DP readers; incremental
 * solving; the step API driven by hand; splitting marks; limits and the
 * terminate callback.  Every answer is compared with the brute force of
 * tests/oracle.c, which shares no code with the library, and every model
 * is checked clause by clause.  The test uses only dpll.h and oracle.h
 * (and tests/tier.h, which scales the numbers of formulas).
 *
 * Everything is drawn from a fixed seed (ORACLE_SEED, or the environment
 * variable DPLL_ORACLE_SEED to explore others).  On a failure the test
 * prints the seed, the formula's number, the configuration, the calls it
 * made and the formula in DIMACS, which is enough to reproduce it.
 */
/* cmocka needs these first, in this order. */
// clang-format off
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
// clang-format on

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dpll.h"
#include "oracle.h"
#include "tier.h"

/* ---- Sizes of the runs --------------------------------------------------- */

#define ORACLE_SEED 0x0DB11C0FFEE5EEDULL

/* The numbers of formulas in a Release build's quick tier; main scales
 * them (tier_cases) into the counts below. */
enum {
  /* 1. The judge against a naive loop written here. */
  SELF_CHECK_FORMULAS = 400,
  /* 2., 3. The corpus, each formula solved under every configuration,
   * directly and through both readers (in the quick tier, each formula
   * under a seventh of them: READER_SHARE); 5. and 6. drive every formula
   * of it by hand (the step API, in four modes each) and with splitting
   * marks. */
  CORPUS_FORMULAS = 6000,
  /* 4. Incremental: sequences of rounds of added clauses. */
  INCREMENTAL_SEQUENCES = 1000,
  /* 7. Limits and the terminate callback, on the first formulas of the
   * corpus (no more than it holds, at any scale). */
  LIMIT_FORMULAS = 3000
};

static long self_check_formulas, corpus_formulas, incremental_sequences,
    limit_formulas;

enum {
  SELF_CHECK_MAX_VARS = 8,
  /* The corpus: formulas with 1..CORPUS_MAX_VARS variables. */
  CORPUS_MAX_VARS = 16,
  MAX_CLAUSE_LEN = 8,
  /* Incremental: a few sequences go beyond 16 variables so that the
   * solver's arrays must grow. */
  INCREMENTAL_MAX_ROUNDS = 8,
  INCREMENTAL_MAX_VARS = 20,
  /* Bounds of the test itself. */
  MODEL_CAP = 64,           /* variables a model array of the test holds */
  STEP_GUARD = 1 << 22,     /* steps of one search driven by hand */
  WATCHDOG_POLLS = 1 << 24, /* polls of the terminate callback per solver */
  LOG_CAP = 6000            /* bytes of the call log printed on a failure */
};

/* Streams: each test draws its formulas from its own sequence. */
enum {
  STREAM_SELF = 1,
  STREAM_CORPUS,
  STREAM_INCREMENTAL,
  STREAM_STEPS,
  STREAM_MARKS,
  STREAM_LIMITS,
  STREAM_CHOICES /* the test's choices that depend on the solver's path */
};

static uint64_t master_seed = ORACLE_SEED;

/* The generator state of formula `index` of a stream. */
static uint64_t seed_for(int stream, long index) {
  uint64_t st = master_seed ^ ((uint64_t)stream << 48);
  st += (uint64_t)index * 0xD1B54A32D192ED03ULL;
  (void)oracle_next(&st);
  return st;
}

/* ---- Failure reports ----------------------------------------------------- */

typedef struct call_log {
  char text[LOG_CAP];
  size_t len;
  int truncated;
} call_log;

/* Where a check stands: printed when it fails. */
typedef struct where {
  const char *test;
  int stream;
  long index;              /* formula number within the stream */
  long round;              /* incremental round, or -1 */
  char config[160];        /* configuration and mode */
  const oracle_formula *f; /* the formula the answer is judged against */
  call_log *log;           /* the calls made, if recorded */
} where;

static void where_init(where *w, const char *test, int stream, long index,
                       const oracle_formula *f) {
  w->test = test;
  w->stream = stream;
  w->index = index;
  w->round = -1;
  w->config[0] = '\0';
  w->f = f;
  w->log = NULL;
}

static void log_call(call_log *l, const char *fmt, ...)
    CMOCKA_PRINTF_ATTRIBUTE(2, 3);
static void log_call(call_log *l, const char *fmt, ...) {
  if (!l || l->truncated)
    return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(l->text + l->len, LOG_CAP - l->len, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= LOG_CAP - l->len - 1) {
    l->text[l->len] = '\0';
    l->truncated = 1;
  } else
    l->len += (size_t)n;
}

/* print_message formats into a buffer of 1024 bytes: long texts go out in
 * pieces. */
static void print_long(const char *text) {
  for (size_t n = strlen(text); n > 0;) {
    int piece = n > 800 ? 800 : (int)n;
    print_message("%.*s", piece, text);
    text += piece;
    n -= (size_t)piece;
  }
}

static void dump(const where *w) {
  print_message("[ ORACLE   ] %s: seed 0x%016llx (DPLL_ORACLE_SEED), "
                "stream %d, formula %ld",
                w->test, (unsigned long long)master_seed, w->stream, w->index);
  if (w->round >= 0)
    print_message(", round %ld", w->round);
  print_message("\n[ ORACLE   ] configuration: %s\n",
                w->config[0] ? w->config : "(defaults)");
  if (w->log) {
    print_message("[ ORACLE   ] calls: ");
    print_long(w->log->text);
    print_message("%s\n", w->log->truncated ? " ...(truncated)" : "");
  }
  if (w->f) {
    size_t n;
    char *text = oracle_to_text(w->f, 1, &n);
    print_message("[ ORACLE   ] the formula (DIMACS):\n");
    print_long(text);
    free(text);
  }
}

#define CHECK(w, cond)                                                         \
  do {                                                                         \
    if (!(cond)) {                                                             \
      dump(w);                                                                 \
      print_error("check failed: %s\n", #cond);                                \
      fail();                                                                  \
    }                                                                          \
  } while (0)

#define CHECK_EQ(w, actual, expected)                                          \
  do {                                                                         \
    long long actual_ = (long long)(actual);                                   \
    long long expected_ = (long long)(expected);                               \
    if (actual_ != expected_) {                                                \
      dump(w);                                                                 \
      print_error("check failed: %s is %lld, expected %s = %lld\n", #actual,   \
                  actual_, #expected, expected_);                              \
      fail();                                                                  \
    }                                                                          \
  } while (0)

/* ---- Formulas ------------------------------------------------------------ */

/* Something to point at when adding an empty clause to an oracle_formula. */
static const int no_lits[1] = {0};

static int var_of(int lit) { return lit < 0 ? -lit : lit; }

static int max_var_of(const oracle_formula *f) {
  int m = 0;
  for (size_t k = 0; k < f->start[f->num_clauses]; k++)
    if (var_of(f->lits[k]) > m)
      m = var_of(f->lits[k]);
  return m;
}

static int is_tautology(const oracle_formula *f, size_t i) {
  for (size_t a = f->start[i]; a < f->start[i + 1]; a++)
    for (size_t b = a + 1; b < f->start[i + 1]; b++)
      if (f->lits[a] == -f->lits[b])
        return 1;
  return 0;
}

/* What dpll_num_clauses should say: the clauses minus the tautologies. */
static size_t stored_clauses(const oracle_formula *f) {
  size_t n = 0;
  for (size_t i = 0; i < f->num_clauses; i++)
    n += !is_tautology(f, i);
  return n;
}

static size_t clause_len(const oracle_formula *f, size_t i) {
  return f->start[i + 1] - f->start[i];
}

static const int *clause_lits(const oracle_formula *f, size_t i) {
  return f->lits + f->start[i];
}

static int has_empty_clause(const oracle_formula *f) {
  for (size_t i = 0; i < f->num_clauses; i++)
    if (clause_len(f, i) == 0)
      return 1;
  return 0;
}

/* dst = the clauses of src for which keep_empty or a non-zero length. */
static void copy_formula(oracle_formula *dst, const oracle_formula *src,
                         int keep_empty) {
  oracle_init(dst, src->num_vars);
  for (size_t i = 0; i < src->num_clauses; i++)
    if (keep_empty || clause_len(src, i) > 0)
      oracle_add(dst, clause_lits(src, i), clause_len(src, i));
}

/* A clause length: mostly 2 to 4, sometimes units and longer ones. */
static int mixed_length(uint64_t *st) {
  int r = oracle_below(st, 100);
  if (r < 2)
    return 1;
  if (r < 30)
    return 2;
  if (r < 70)
    return 3;
  return 4 + oracle_below(st, MAX_CLAUSE_LEN - 3);
}

/* A random clause of len literals over 1..nv, sometimes with a repeated
 * literal or a literal and its negation. */
static void add_random_clause(oracle_formula *f, uint64_t *st, int nv,
                              int len) {
  int lits[MAX_CLAUSE_LEN + 2];
  for (int k = 0; k < len; k++) {
    int v = 1 + oracle_below(st, nv);
    lits[k] = oracle_below(st, 2) ? v : -v;
  }
  if (len > 0 && oracle_below(st, 8) == 0) {
    lits[len] = lits[oracle_below(st, len)]; /* repeated literal */
    len++;
  }
  if (len > 0 && oracle_below(st, 16) == 0) {
    lits[len] = -lits[oracle_below(st, len)]; /* tautology */
    len++;
  }
  if (len > 1) { /* the extra literal anywhere */
    int k = oracle_below(st, len), t = lits[k];
    lits[k] = lits[len - 1];
    lits[len - 1] = t;
  }
  oracle_add(f, lits, (size_t)len);
}

/* A random formula over 1..nv in one of four styles, the number of clauses
 * spread around where both answers are common (and the search is hardest);
 * now and then with an empty clause somewhere. */
static void random_formula(oracle_formula *f, uint64_t *st, int nv) {
  oracle_formula g;
  size_t m;
  int style = oracle_below(st, 20), k;
  if (style < 8) { /* uniform 2-, 3- or 4-SAT by the oracle's generator */
    k = style < 1 ? 2 : style < 6 ? 3 : 4;
    int per_var = k == 2 ? 3 : k == 3 ? 10 : 20; /* clauses per variable */
    m = (size_t)(oracle_below(st, per_var * nv + 1) + nv / 2);
    oracle_random(&g, st, nv, m, k, k);
  } else if (style < 12) { /* lengths min..8 uniformly, oracle's generator */
    k = 1 + oracle_below(st, 3);
    m = (size_t)oracle_below(st, (k == 1 ? 4 : 12) * nv + 4);
    oracle_random(&g, st, nv, m, k, MAX_CLAUSE_LEN);
  } else if (style < 17) { /* mixed lengths, repeats and tautologies */
    oracle_init(&g, nv);
    m = (size_t)oracle_below(st, 8 * nv + 4);
    for (size_t i = 0; i < m; i++)
      add_random_clause(&g, st, nv, mixed_length(st));
  } else { /* propagation-heavy: units and binary clauses, a few ternary */
    oracle_init(&g, nv);
    m = (size_t)oracle_below(st, 2 * nv + 3);
    for (size_t i = 0; i < m; i++) {
      int r = oracle_below(st, 10);
      add_random_clause(&g, st, nv, r < 2 ? 1 : r < 7 ? 2 : 3);
    }
  }
  long empty_at =
      oracle_below(st, 40) == 0 ? oracle_below(st, (int)g.num_clauses + 1) : -1;
  oracle_init(f, nv);
  for (size_t i = 0; i <= g.num_clauses; i++) {
    if ((long)i == empty_at)
      oracle_add(f, no_lits, 0);
    if (i < g.num_clauses)
      oracle_add(f, clause_lits(&g, i), clause_len(&g, i));
  }
  oracle_free(&g);
}

/* ---- The corpus ---------------------------------------------------------- */

typedef struct entry {
  oracle_formula f;  /* the formula */
  int sat;           /* brute force of f */
  oracle_formula dp; /* f without its empty clauses, for the DP format */
  int dp_sat;        /* brute force of dp */
} entry;

static entry *corpus;
static int corpus_sat, corpus_unsat, corpus_empty;

static int corpus_setup(void **state) {
  (void)state;
  const char *env = getenv("DPLL_ORACLE_SEED");
  if (env && *env)
    master_seed = strtoull(env, NULL, 0);
  corpus = calloc((size_t)corpus_formulas, sizeof *corpus);
  if (!corpus)
    return -1;
  corpus_sat = corpus_unsat = corpus_empty = 0;
  for (long i = 0; i < corpus_formulas; i++) {
    entry *e = &corpus[i];
    uint64_t st = seed_for(STREAM_CORPUS, i);
    random_formula(&e->f, &st, 1 + oracle_below(&st, CORPUS_MAX_VARS));
    e->sat = oracle_satisfiable(&e->f, NULL);
    copy_formula(&e->dp, &e->f, 0);
    e->dp_sat = e->dp.num_clauses == e->f.num_clauses
                    ? e->sat
                    : oracle_satisfiable(&e->dp, NULL);
    corpus_empty += has_empty_clause(&e->f);
    if (e->sat)
      corpus_sat++;
    else
      corpus_unsat++;
  }
  return 0;
}

static int corpus_teardown(void **state) {
  (void)state;
  for (long i = 0; corpus && i < corpus_formulas; i++) {
    oracle_free(&corpus[i].f);
    oracle_free(&corpus[i].dp);
  }
  free(corpus);
  corpus = NULL;
  return 0;
}

/* ---- Configurations ------------------------------------------------------ */

typedef struct config {
  int algorithm;
  int heuristic;
  int pure;
  int64_t seed;  /* of the random heuristic */
  int lucky;     /* cdcl: with pure literals (as the dpll tool runs) */
  int eliminate; /* cdcl: the same, and with every other heuristic */
} config;

static const int64_t random_seeds[] = {1, 987654321};
#define NUM_RANDOM_SEEDS (sizeof random_seeds / sizeof random_seeds[0])

/* Both engines, every heuristic, with and without pure literals (cdcl
 * with its lucky descents and variable elimination too, and without). */
static config configs[2 * DPLL_NUM_HEURISTICS * 2 * NUM_RANDOM_SEEDS];
static int num_configs;

static void build_configs(void) {
  num_configs = 0;
  for (int a = DPLL_ALGORITHM_DPLL; a <= DPLL_ALGORITHM_CDCL; a++)
    for (int h = 0; h < DPLL_NUM_HEURISTICS; h++)
      for (int pure = 0; pure <= 1; pure++)
        for (size_t k = 0;
             k < (h == DPLL_HEURISTIC_RANDOM ? NUM_RANDOM_SEEDS : 1); k++)
          configs[num_configs++] =
              (config){a,
                       h,
                       pure,
                       h == DPLL_HEURISTIC_RANDOM ? random_seeds[k] : 0,
                       a == DPLL_ALGORITHM_CDCL && pure,
                       a == DPLL_ALGORITHM_CDCL && (pure || h % 2)};
}

static void describe(where *w, const config *c, const char *more) {
  snprintf(w->config, sizeof w->config,
           "algorithm=%s heuristic=%s pure=%d seed=%lld lucky=%d "
           "eliminate=%d%s%s",
           c->algorithm == DPLL_ALGORITHM_CDCL ? "cdcl" : "dpll",
           dpll_heuristic_name(c->heuristic), c->pure, (long long)c->seed,
           c->lucky, c->eliminate, more && *more ? " " : "", more ? more : "");
}

static void apply_config(const where *w, dpll_solver *s, const config *c) {
  CHECK_EQ(w, dpll_set_option(s, "algorithm", c->algorithm), 0);
  CHECK_EQ(w, dpll_set_option(s, "heuristic", c->heuristic), 0);
  CHECK_EQ(w, dpll_set_option(s, "pure", c->pure), 0);
  CHECK_EQ(w, dpll_set_option(s, "seed", c->seed), 0);
  CHECK_EQ(w, dpll_set_option(s, "lucky", c->lucky), 0);
  CHECK_EQ(w, dpll_set_option(s, "eliminate", c->eliminate), 0);
}

/* A terminate callback that turns a search that never ends into a failure
 * (its DPLL_UNKNOWN is not the right answer).  Its counter is reset for
 * every new solver; one solver lives at a time. */
static int watchdog(void *ctx) {
  long *polls = ctx;
  if (++*polls <= WATCHDOG_POLLS)
    return 0;
  print_message("[ ORACLE   ] watchdog: more than %ld polls of the terminate "
                "callback; is the search looping?\n",
                (long)WATCHDOG_POLLS);
  return 1;
}

static long watchdog_polls;

static dpll_solver *new_solver(const where *w) {
  dpll_solver *s = dpll_new();
  CHECK(w, s != NULL);
  watchdog_polls = 0;
  dpll_set_terminate(s, watchdog, &watchdog_polls);
  return s;
}

/* Adds the clauses of f, whole or literal by literal. */
static void add_clauses(const where *w, dpll_solver *s, const oracle_formula *f,
                        size_t from, int by_literal) {
  for (size_t i = from; i < f->num_clauses; i++) {
    size_t n = clause_len(f, i);
    const int *lits = clause_lits(f, i);
    if (by_literal) {
      for (size_t k = 0; k < n; k++)
        CHECK_EQ(w, dpll_add(s, lits[k]), 0);
      CHECK_EQ(w, dpll_add(s, 0), 0);
    } else
      CHECK_EQ(w, dpll_add_clause(s, n ? lits : NULL, n), 0);
  }
}

/* ---- Judging answers ----------------------------------------------------- */

/* The model of a SAT answer: every variable the solver knows has 0 or 1,
 * its negation the other; variables it never heard of are DPLL_ENOVAR. */
static void check_model(const where *w, const dpll_solver *s,
                        const oracle_formula *f) {
  unsigned char model[MODEL_CAP];
  int n = dpll_num_vars(s);
  int top = n > f->num_vars ? n : f->num_vars;
  CHECK(w, top < MODEL_CAP);
  CHECK(w, n >= max_var_of(f));
  for (int v = 1; v <= top; v++) {
    if (v <= n) {
      int m = dpll_model(s, v);
      CHECK(w, m == 0 || m == 1);
      CHECK_EQ(w, dpll_model(s, -v), !m);
      model[v] = (unsigned char)m;
    } else {
      CHECK_EQ(w, dpll_model(s, v), DPLL_ENOVAR);
      model[v] = 0;
    }
  }
  CHECK(w, oracle_check(f, model));
}

/* res is what dpll_solve returned; expected_sat the brute force. */
static void check_answer(const where *w, const dpll_solver *s,
                         const oracle_formula *f, int res, int expected_sat,
                         int may_be_unknown) {
  if (may_be_unknown && res == DPLL_UNKNOWN) {
    CHECK_EQ(w, dpll_status(s), DPLL_UNKNOWN);
    CHECK_EQ(w, dpll_model(s, 1), DPLL_ENOMODEL);
    return;
  }
  CHECK_EQ(w, res, expected_sat ? DPLL_SAT : DPLL_UNSAT);
  CHECK_EQ(w, dpll_status(s), res);
  CHECK_EQ(w, dpll_level(s), 0);
  if (res == DPLL_SAT)
    check_model(w, s, f);
  else
    CHECK_EQ(w, dpll_model(s, 1), DPLL_ENOMODEL);
}

/* ---- 1. The judge judged ------------------------------------------------- */

/* Whether assignment a (variable v true when bit v-1 is set) satisfies
 * every clause of f, evaluated directly. */
static int naive_satisfies(const oracle_formula *f, unsigned a) {
  for (size_t i = 0; i < f->num_clauses; i++) {
    int ok = 0;
    for (size_t k = f->start[i]; k < f->start[i + 1]; k++) {
      int lit = f->lits[k];
      int value = (int)((a >> (var_of(lit) - 1)) & 1u);
      if (lit > 0 ? value : !value)
        ok = 1;
    }
    if (!ok)
      return 0;
  }
  return 1;
}

/* Reads oracle_to_text's output back, independently of libdpll. */
static int parse_text(const char *text, int dimacs, oracle_formula *g) {
  const char *p = text;
  char *end;
  int lits[64];
  size_t n = 0;
  if (dimacs) {
    int vars;
    size_t clauses;
    int used;
    if (sscanf(p, "p cnf %d %zu\n%n", &vars, &clauses, &used) != 2)
      return -1;
    p += used;
    oracle_init(g, vars);
    while (*p) {
      long lit = strtol(p, &end, 10);
      if (end == p)
        return -1;
      p = end;
      if (lit == 0) {
        oracle_add(g, lits, n);
        n = 0;
      } else if (n < 64)
        lits[n++] = (int)lit;
      while (*p == ' ' || *p == '\n')
        p++;
    }
    return g->num_clauses == clauses && n == 0 ? 0 : -1;
  }
  oracle_init(g, 0);
  for (;;) {
    const char *eol = strchr(p, '\n');
    if (!eol)
      return -1;
    if (eol - p == 1 && *p == '0')
      return eol[1] == '\0' ? 0 : -1;
    n = 0;
    while (p < eol) {
      long lit = strtol(p, &end, 10);
      if (end == p || lit == 0 || n == 64)
        return -1;
      lits[n++] = (int)lit;
      p = end;
      while (*p == ' ')
        p++;
    }
    oracle_add(g, lits, n);
    p = eol + 1;
  }
}

static int same_clauses(const oracle_formula *f, const oracle_formula *g) {
  if (f->num_clauses != g->num_clauses)
    return 0;
  for (size_t i = 0; i < f->num_clauses; i++)
    if (clause_len(f, i) != clause_len(g, i) ||
        memcmp(clause_lits(f, i), clause_lits(g, i),
               clause_len(f, i) * sizeof(int)))
      return 0;
  return 1;
}

static void test_oracle_self_check(void **state) {
  (void)state;
  int sat = 0, unsat = 0;
  for (long i = 0; i < self_check_formulas; i++) {
    uint64_t st = seed_for(STREAM_SELF, i);
    oracle_formula f;
    int nv = oracle_below(&st, SELF_CHECK_MAX_VARS + 1); /* 0..8 */
    if (nv == 0) { /* no variables: nothing, or empty clauses */
      oracle_init(&f, 0);
      for (int k = oracle_below(&st, 3); k > 0; k--)
        oracle_add(&f, no_lits, 0);
    } else if (i % 2)
      random_formula(&f, &st, nv);
    else
      oracle_random(&f, &st, nv, (size_t)oracle_below(&st, 6 * nv + 2), 0,
                    1 + oracle_below(&st, MAX_CLAUSE_LEN));
    where w;
    where_init(&w, "oracle self-check", STREAM_SELF, i, &f);

    uint64_t count = 0;
    unsigned char model[MODEL_CAP];
    for (unsigned a = 0; a < (1u << nv); a++) {
      int ok = naive_satisfies(&f, a);
      count += (uint64_t)ok;
      for (int v = 1; v <= nv; v++)
        model[v] = (unsigned char)((a >> (v - 1)) & 1u);
      CHECK_EQ(&w, oracle_check(&f, model), ok);
    }
    CHECK_EQ(&w, oracle_count_models(&f), count);
    CHECK_EQ(&w, oracle_satisfiable(&f, NULL), count > 0);
    memset(model, 7, sizeof model);
    CHECK_EQ(&w, oracle_satisfiable(&f, model), count > 0);
    if (count > 0) {
      unsigned a = 0;
      for (int v = 1; v <= nv; v++) {
        CHECK(&w, model[v] == 0 || model[v] == 1);
        a |= (unsigned)model[v] << (v - 1);
      }
      CHECK(&w, naive_satisfies(&f, a));
      sat++;
    } else
      unsat++;

    /* The text the reader tests feed to libdpll says what f says. */
    for (int dimacs = 0; dimacs <= 1; dimacs++) {
      oracle_formula g, h;
      size_t size;
      copy_formula(&h, &f, dimacs); /* DP cannot say the empty clause */
      char *text = oracle_to_text(&h, dimacs, &size);
      CHECK_EQ(&w, strlen(text), size);
      int rc = parse_text(text, dimacs, &g);
      CHECK_EQ(&w, rc, 0);
      CHECK(&w, same_clauses(&h, &g));
      if (dimacs)
        CHECK_EQ(&w, g.num_vars, nv);
      oracle_free(&g);
      oracle_free(&h);
      free(text);
    }
    oracle_free(&f);
  }
  print_message("[ ORACLE   ] self-check: %ld formulas, %d SAT, %d UNSAT\n",
                self_check_formulas, sat, unsat);
  assert_true(sat >= self_check_formulas / 10);
  assert_true(unsat >= self_check_formulas / 10);
}

/* ---- 2. dpll_solve under every configuration ---------------------------- */

static void test_solve_all_configurations(void **state) {
  (void)state;
  int searched = 0; /* formulas whose search had to backtrack */
  for (long i = 0; i < corpus_formulas; i++) {
    const entry *e = &corpus[i];
    int backtracked = 0;
    for (int c = 0; c < num_configs; c++) {
      where w;
      where_init(&w, "solve", STREAM_CORPUS, i, &e->f);
      int by_literal = (int)((i + c) % 2);
      describe(&w, &configs[c],
               by_literal ? "(clauses by dpll_add)" : "(dpll_add_clause)");
      dpll_solver *s = new_solver(&w);
      apply_config(&w, s, &configs[c]);
      add_clauses(&w, s, &e->f, 0, by_literal);
      CHECK_EQ(&w, dpll_num_vars(s), max_var_of(&e->f));
      CHECK_EQ(&w, dpll_num_clauses(s), stored_clauses(&e->f));
      int st = dpll_status(s);
      CHECK(&w, st == DPLL_UNKNOWN || (st == DPLL_UNSAT && !e->sat));
      CHECK_EQ(&w, dpll_model(s, 1), DPLL_ENOMODEL);
      int res = dpll_solve(s);
      check_answer(&w, s, &e->f, res, e->sat, 0);
      dpll_stats stats;
      dpll_get_stats(s, &stats);
      backtracked |= stats.backtracks > 0;
      if ((i % num_configs) == c) { /* a second solve, from scratch */
        res = dpll_solve(s);
        check_answer(&w, s, &e->f, res, e->sat, 0);
      }
      dpll_free(s);
    }
    searched += backtracked;
  }
  print_message("[ ORACLE   ] corpus: %ld formulas, %d SAT, %d UNSAT (%d "
                "with an empty clause), %d configurations; %d formulas made "
                "some configuration backtrack\n",
                corpus_formulas, corpus_sat, corpus_unsat, corpus_empty,
                num_configs, searched);
  /* Each answer common, and searches that backtrack too. */
  assert_true(searched >= corpus_formulas / 4);
  assert_true(corpus_sat >= corpus_formulas / 4);
  assert_true(corpus_unsat >= corpus_formulas / 4);
  assert_true(corpus_empty > 0);
}

/* ---- 3. Through the readers ---------------------------------------------- */

/* data[0..size-1]: f in DIMACS or DP as oracle_to_text writes it, with
 * back matter after it when with_back_matter (DP only); each buffer is
 * exactly as long as its text and a NUL. */
static const char back_matter[] = "1 T\n2 F\0tail\r\n";
#define BACK_MATTER_SIZE (sizeof back_matter - 1)

static char *text_of(const oracle_formula *f, int dimacs, int with_back_matter,
                     size_t *size) {
  size_t back_size = with_back_matter ? BACK_MATTER_SIZE : 0, n;
  char *text = oracle_to_text(f, dimacs, &n);
  char *data = malloc(n + back_size + 1);
  assert_non_null(data);
  memcpy(data, text, n);
  memcpy(data + n, back_matter, back_size);
  data[n + back_size] = '\0';
  free(text);
  *size = n + back_size;
  return data;
}

static void read_and_solve(const where *w, const oracle_formula *f, int sat,
                           const char *data, size_t size, int dimacs,
                           int format, const config *c, int with_back_matter) {
  size_t back_size = with_back_matter ? BACK_MATTER_SIZE : 0;
  dpll_solver *s = new_solver(w);
  apply_config(w, s, c);
  dpll_input info;
  int rc = dpll_read_string(s, data, size, format, &info);
  if (rc != 0)
    print_message("[ ORACLE   ] reader: %s at line %ld column %ld: %s\n",
                  dpll_strerror(rc), info.line, info.column, info.message);
  CHECK_EQ(w, rc, 0);
  CHECK_EQ(w, info.format, dimacs ? DPLL_FORMAT_DIMACS : DPLL_FORMAT_DP);
  if (dimacs) {
    CHECK_EQ(w, info.header_vars, f->num_vars);
    CHECK_EQ(w, info.header_clauses, f->num_clauses);
    CHECK_EQ(w, dpll_num_vars(s), f->num_vars);
  } else {
    CHECK_EQ(w, dpll_num_vars(s), max_var_of(f));
    CHECK_EQ(w, info.back_size, back_size);
    CHECK(w, info.back_matter != NULL);
    CHECK(w, !memcmp(info.back_matter, back_matter, back_size));
  }
  CHECK_EQ(w, dpll_num_clauses(s), stored_clauses(f));
  dpll_input_clear(&info);

  int res = dpll_solve(s);
  check_answer(w, s, f, res, sat, 0);
  dpll_free(s);
}

/* In the quick tier each formula goes through the readers under one
 * configuration in READER_SHARE, a different share for consecutive
 * formulas (every configuration still reads a seventh of the corpus, in
 * both formats and both ways of naming them); in the long tier under
 * every configuration.  Each formula's texts are written once and read
 * under each of its configurations (the reader sees the same bytes each
 * time). */
#define READER_SHARE 7

static void test_readers(void **state) {
  (void)state;
  int every = tier_long();
  long reads = 0;
  for (long i = 0; i < corpus_formulas; i++) {
    const entry *e = &corpus[i];
    size_t dimacs_size, dp_size, dp_back_size;
    char *dimacs = text_of(&e->f, 1, 0, &dimacs_size);
    char *dp = text_of(&e->dp, 0, 0, &dp_size);
    char *dp_back = text_of(&e->dp, 0, 1, &dp_back_size);
    for (int c = 0; c < num_configs; c++) {
      if (!every && (i + c) % READER_SHARE != 0)
        continue;
      reads++;
      where w;
      int fmt = (int)((i + c) % 2);
      where_init(&w, "DIMACS reader", STREAM_CORPUS, i, &e->f);
      describe(&w, &configs[c],
               fmt ? "(dpll_read_string DIMACS)" : "(dpll_read_string AUTO)");
      read_and_solve(&w, &e->f, e->sat, dimacs, dimacs_size, 1,
                     fmt ? DPLL_FORMAT_DIMACS : DPLL_FORMAT_AUTO, &configs[c],
                     0);

      where_init(&w, "DP reader", STREAM_CORPUS, i, &e->dp);
      describe(&w, &configs[c],
               fmt ? "(dpll_read_string DP, back matter)"
                   : "(dpll_read_string AUTO)");
      read_and_solve(&w, &e->dp, e->dp_sat, fmt ? dp_back : dp,
                     fmt ? dp_back_size : dp_size, 0,
                     fmt ? DPLL_FORMAT_DP : DPLL_FORMAT_AUTO, &configs[c], fmt);
    }
    free(dimacs);
    free(dp);
    free(dp_back);
  }
  print_message("[ ORACLE   ] readers: %ld formulas, in DIMACS and DP, under "
                "%d configurations (%s): %ld reads of each format\n",
                corpus_formulas, num_configs,
                every ? "each under all" : "each under a share", reads);
}

typedef struct marks marks;
static int drive_steps(const where *w, dpll_solver *s, const oracle_formula *f,
                       int expected_sat, int random_choice, int use_pure,
                       const marks *mk, uint64_t *st);

/* ---- 4. Incremental ------------------------------------------------------ */

/* A few decisions by hand, to be undone by the next dpll_add_clause. */
static void some_steps(const where *w, dpll_solver *s, uint64_t *st) {
  for (int k = oracle_below(st, 4); k > 0; k--) {
    int rc = dpll_propagate(s);
    log_call(w->log, "propagate=%d ", rc);
    CHECK(w, rc == 0 || rc == DPLL_CONFLICT);
    if (rc == DPLL_CONFLICT)
      return;
    int n = dpll_num_vars(s), free_vars[MODEL_CAP], nfree = 0;
    for (int v = 1; v <= n && v < MODEL_CAP; v++)
      if (dpll_value(s, v) == DPLL_UNASSIGNED)
        free_vars[nfree++] = v;
    if (nfree == 0)
      return;
    int v = free_vars[oracle_below(st, nfree)];
    int lit = oracle_below(st, 2) ? v : -v;
    log_call(w->log, "decide(%d) ", lit);
    CHECK_EQ(w, dpll_decide(s, lit), 0);
  }
}

static void test_incremental(void **state) {
  (void)state;
  int sat = 0, unsat = 0;
  for (long q = 0; q < incremental_sequences; q++) {
    uint64_t st = seed_for(STREAM_INCREMENTAL, q);
    uint64_t choices = seed_for(STREAM_CHOICES, q);
    int max_vars =
        oracle_below(&st, 8) == 0
            ? CORPUS_MAX_VARS + 1 +
                  oracle_below(&st, INCREMENTAL_MAX_VARS - CORPUS_MAX_VARS)
            : 1 + oracle_below(&st, CORPUS_MAX_VARS);
    int rounds = 2 + oracle_below(&st, INCREMENTAL_MAX_ROUNDS - 1);
    int nv = 1 + oracle_below(&st, max_vars);
    config c = configs[q % num_configs];
    oracle_formula f;
    oracle_init(&f, nv);
    call_log log = {{0}, 0, 0};
    where w;
    where_init(&w, "incremental", STREAM_INCREMENTAL, q, &f);
    w.log = &log;
    describe(&w, &c, "(clauses added in rounds; see calls)");
    dpll_solver *s = new_solver(&w);
    apply_config(&w, s, &c);
    int known_unsat = 0;
    for (int r = 0; r < rounds; r++) {
      w.round = r;
      /* Sometimes more variables, sometimes another heuristic. */
      if (nv < max_vars)
        nv += oracle_below(&st, max_vars - nv + 1);
      f.num_vars = nv;
      if (r > 0 && oracle_below(&st, 3) == 0) {
        int h = oracle_below(&st, DPLL_NUM_HEURISTICS);
        log_call(&log, "heuristic=%s ", dpll_heuristic_name(h));
        CHECK_EQ(&w, dpll_set_option(s, "heuristic", h), 0);
      }
      if (r > 0 && oracle_below(&st, 3) == 0)
        some_steps(&w, s, &choices);
      size_t from = f.num_clauses;
      int m = 1 + oracle_below(&st, 2 * nv + 2);
      for (int k = 0; k < m; k++)
        add_random_clause(&f, &st, nv, mixed_length(&st));
      if (oracle_below(&st, 200) == 0)
        oracle_add(&f, no_lits, 0);
      log_call(&log, "add clauses %zu..%zu; ", from, f.num_clauses);
      add_clauses(&w, s, &f, from, oracle_below(&st, 2));
      CHECK_EQ(&w, dpll_model(s, 1), DPLL_ENOMODEL);
      CHECK_EQ(&w, dpll_level(s), 0);
      int expected = oracle_satisfiable(&f, NULL);
      int status = dpll_status(s);
      if (known_unsat)
        CHECK_EQ(&w, status, DPLL_UNSAT);
      else
        CHECK(&w,
              status == DPLL_UNKNOWN || (status == DPLL_UNSAT && !expected));
      CHECK(&w, !known_unsat || !expected); /* the judge is monotone too */
      if (oracle_below(&st, 3) == 0) {      /* the search by hand first */
        log_call(&log, "steps: ");
        drive_steps(&w, s, &f, expected, oracle_below(&st, 2),
                    oracle_below(&st, 2), NULL, &choices);
      }
      log_call(&log, "solve");
      int res = dpll_solve(s);
      log_call(&log, "=%d; ", res);
      check_answer(&w, s, &f, res, expected, 0);
      if (oracle_below(&st, 4) == 0) {
        log_call(&log, "solve again; ");
        res = dpll_solve(s);
        check_answer(&w, s, &f, res, expected, 0);
      }
      if (known_unsat)
        CHECK_EQ(&w, res, DPLL_UNSAT);
      known_unsat = res == DPLL_UNSAT;
      if (res == DPLL_SAT)
        sat++;
      else
        unsat++;
    }
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("[ ORACLE   ] incremental: %ld sequences, %d SAT, %d UNSAT "
                "answers\n",
                incremental_sequences, sat, unsat);
  /* Each answer at least a quarter of them, as in the corpus. */
  assert_true(sat >= (sat + unsat) / 4);
  assert_true(unsat >= (sat + unsat) / 4);
}

/* ---- 5. The step API ----------------------------------------------------- */

/* Splitting marks the test placed, to check dpll_choose against. */
struct marks {
  unsigned char allowed[MODEL_CAP];
  int priority[MODEL_CAP];
};

/* Whether every literal of a clause of f is false now (the empty clause
 * always is). */
static int some_clause_false(const dpll_solver *s, const oracle_formula *f) {
  for (size_t i = 0; i < f->num_clauses; i++) {
    int all_false = 1;
    for (size_t k = f->start[i]; k < f->start[i + 1] && all_false; k++)
      all_false = dpll_value(s, f->lits[k]) == 0;
    if (all_false)
      return 1;
  }
  return 0;
}

/* Whether some model of f agrees with every value the solver holds. */
static int extends_to_model(const dpll_solver *s, const oracle_formula *f) {
  int units[MODEL_CAP], n = 0;
  for (int v = 1; v <= dpll_num_vars(s) && v < MODEL_CAP; v++) {
    int value = dpll_value(s, v);
    if (value != DPLL_UNASSIGNED)
      units[n++] = value ? v : -v;
  }
  return oracle_satisfiable_with(f, units, n);
}

/* At a propagation fixpoint without conflict: every clause has a true
 * literal or at least two distinct unassigned ones.  Returns the first
 * clause that does not, or -1. */
static long not_at_fixpoint(const dpll_solver *s, const oracle_formula *f) {
  for (size_t i = 0; i < f->num_clauses; i++) {
    int sat = 0, unassigned = 0, first = 0;
    for (size_t k = f->start[i]; k < f->start[i + 1] && !sat; k++) {
      int lit = f->lits[k], v = dpll_value(s, lit);
      sat = v == 1;
      if (v == DPLL_UNASSIGNED && lit != first) {
        if (!unassigned)
          first = lit;
        unassigned++;
      }
    }
    if (!sat && unassigned < 2)
      return (long)i;
  }
  return -1;
}

static int assigned_count(const dpll_solver *s) {
  int n = 0;
  for (int v = 1; v <= dpll_num_vars(s); v++)
    n += dpll_value(s, v) != DPLL_UNASSIGNED;
  return n;
}

/* (allowed, priority) of v compared with w's: > 0 if v's class is higher. */
static int class_cmp(const marks *mk, int v, int w) {
  if (mk->allowed[v] != mk->allowed[w])
    return mk->allowed[v] - mk->allowed[w];
  return (mk->priority[v] > mk->priority[w]) -
         (mk->priority[v] < mk->priority[w]);
}

/* Drives the search by hand, the loop of dpll.h, checking every call;
 * random_choice: split on a random unassigned literal rather than the
 * heuristic's; use_pure: call dpll_eliminate_pure; mk: the marks placed,
 * or NULL.  Returns DPLL_SAT or DPLL_UNSAT, as found. */
static int drive_steps(const where *w, dpll_solver *s, const oracle_formula *f,
                       int expected_sat, int random_choice, int use_pure,
                       const marks *mk, uint64_t *st) {
  int n = dpll_num_vars(s);
  CHECK(w, n < MODEL_CAP);
  for (long guard = 0;; guard++) {
    CHECK(w, guard < STEP_GUARD);
    int known_unsat = dpll_status(s) == DPLL_UNSAT;
    if (known_unsat)
      CHECK(w, !expected_sat);
    int rc = dpll_propagate(s);
    log_call(w->log, "propagate=%d ", rc);
    CHECK(w, rc == 0 || rc == DPLL_CONFLICT);
    if (rc == DPLL_CONFLICT) {
      /* A false clause shows the conflict, unless the solver knew already
       * that the clauses are unsatisfiable (then it reports a conflict at
       * level 0 with no clause false: the proof was an earlier search).
       * The false clause may be one that an earlier cdcl solve learned
       * (incremental sequences keep them), which f implies: then no model
       * of f has the values set. */
      CHECK(w,
            some_clause_false(s, f) || known_unsat || !extends_to_model(s, f));
      /* dpll.h: ECONFLICT is checked before EPENDING and EASSIGNED. */
      if (n > 0 && oracle_below(st, 2) == 0) {
        int v = 1 + oracle_below(st, n);
        CHECK_EQ(w, dpll_decide(s, oracle_below(st, 2) ? v : -v),
                 DPLL_ECONFLICT);
      }
      int b = dpll_backtrack(s);
      log_call(w->log, "backtrack=%d ", b);
      if (b == 1) {
        CHECK(w, !expected_sat);
        CHECK_EQ(w, dpll_status(s), DPLL_UNSAT);
        CHECK_EQ(w, dpll_level(s), 0);
        return DPLL_UNSAT;
      }
      CHECK_EQ(w, b, 0);
      CHECK(w, dpll_level(s) >= 1);
      continue;
    }
    long bad = not_at_fixpoint(s, f);
    if (bad >= 0)
      print_message("[ ORACLE   ] clause %ld is false or unit\n", bad);
    CHECK_EQ(w, bad, -1);
    if (use_pure) {
      int before = assigned_count(s);
      int p = dpll_eliminate_pure(s);
      log_call(w->log, "pure=%d ", p);
      CHECK(w, p >= 0);
      CHECK_EQ(w, assigned_count(s) - before, p);
      bad = not_at_fixpoint(s, f);
      if (bad >= 0)
        print_message("[ ORACLE   ] after pure: clause %ld is false or unit\n",
                      bad);
      CHECK_EQ(w, bad, -1);
    }
    int free_vars[MODEL_CAP], nfree = 0, some_assigned = 0;
    for (int v = 1; v <= n; v++)
      if (dpll_value(s, v) == DPLL_UNASSIGNED)
        free_vars[nfree++] = v;
      else
        some_assigned = v;
    if (some_assigned && oracle_below(st, 4) == 0) {
      CHECK_EQ(w, dpll_decide(s, some_assigned), DPLL_EASSIGNED);
      CHECK_EQ(w, dpll_decide(s, -some_assigned), DPLL_EASSIGNED);
    }
    int chosen = dpll_choose(s);
    log_call(w->log, "choose=%d ", chosen);
    if (nfree == 0) {
      CHECK_EQ(w, chosen, 0);
      break;
    }
    CHECK(w, chosen != 0 && var_of(chosen) <= n);
    CHECK_EQ(w, dpll_value(s, chosen), DPLL_UNASSIGNED);
    if (mk)
      for (int k = 0; k < nfree; k++)
        CHECK(w, class_cmp(mk, free_vars[k], var_of(chosen)) <= 0);
    int lit = chosen;
    if (random_choice) {
      int v = free_vars[oracle_below(st, nfree)];
      lit = oracle_below(st, 2) ? v : -v;
    }
    int level = dpll_level(s);
    log_call(w->log, "decide(%d) ", lit);
    CHECK_EQ(w, dpll_decide(s, lit), 0);
    CHECK_EQ(w, dpll_level(s), level + 1);
    CHECK_EQ(w, dpll_value(s, lit), 1);
    CHECK_EQ(w, dpll_value(s, -lit), 0);
    if (oracle_below(st, 4) == 0) {
      /* The decision is not propagated yet; dpll.h: EPENDING is checked
       * before EASSIGNED. */
      CHECK_EQ(w, dpll_decide(s, lit), DPLL_EPENDING);
      CHECK_EQ(w, dpll_decide(s, -lit), DPLL_EPENDING);
      for (int k = 0; k < nfree; k++)
        if (free_vars[k] != var_of(lit)) {
          CHECK_EQ(w, dpll_decide(s, free_vars[k]), DPLL_EPENDING);
          break;
        }
    }
  }
  /* Every variable assigned: the assignment must be a model. */
  unsigned char model[MODEL_CAP];
  int top = n > f->num_vars ? n : f->num_vars;
  CHECK(w, top < MODEL_CAP);
  for (int v = 1; v <= top; v++) {
    int value = dpll_value(s, v);
    CHECK(w, v > n || value == 0 || value == 1);
    model[v] = (unsigned char)(v <= n && value == 1);
  }
  CHECK(w, oracle_check(f, model));
  CHECK(w, expected_sat);
  CHECK_EQ(w, dpll_status(s), DPLL_UNKNOWN); /* steps leave state INPUT */
  return DPLL_SAT;
}

static const char *const step_modes[4] = {
    "steps: heuristic's choice, no pure", "steps: heuristic's choice, pure",
    "steps: random choice, no pure", "steps: random choice, pure"};

static void test_steps(void **state) {
  (void)state;
  int outcomes[2] = {0, 0};
  for (long i = 0; i < corpus_formulas; i++) {
    const entry *e = &corpus[i];
    for (int mode = 0; mode < 4; mode++) {
      uint64_t st = seed_for(STREAM_STEPS, 4 * i + mode);
      int random_choice = mode >= 2, use_pure = mode % 2;
      config c = configs[(i + mode) % num_configs];
      call_log log = {{0}, 0, 0};
      where w;
      where_init(&w, "step API", STREAM_STEPS, i, &e->f);
      w.log = &log;
      describe(&w, &c, step_modes[mode]);
      dpll_solver *s = new_solver(&w);
      apply_config(&w, s, &c);
      add_clauses(&w, s, &e->f, 0, mode == 1);
      int res =
          drive_steps(&w, s, &e->f, e->sat, random_choice, use_pure, NULL, &st);
      outcomes[res == DPLL_SAT]++;
      /* dpll_solve afterwards starts from scratch. */
      log_call(&log, "solve ");
      res = dpll_solve(s);
      check_answer(&w, s, &e->f, res, e->sat, 0);
      dpll_free(s);
    }
  }
  print_message("[ ORACLE   ] steps: %ld formulas, %d SAT, %d UNSAT "
                "searches\n",
                corpus_formulas, outcomes[1], outcomes[0]);
}

/* ---- 6. Splitting marks -------------------------------------------------- */

static const int extreme_priorities[] = {INT_MIN, INT_MAX, -1, 1};

/* Random marks on random variables of 1..nv; returns the largest marked. */
static int place_marks(const where *w, dpll_solver *s, int nv, marks *mk,
                       uint64_t *st) {
  int top = 0;
  for (int v = 0; v < MODEL_CAP; v++) {
    mk->allowed[v] = 1;
    mk->priority[v] = 0;
  }
  int all_off = oracle_below(st, 10) == 0;
  int count = all_off ? nv : oracle_below(st, 2 * nv + 1);
  for (int k = 0; k < count; k++) {
    int v = all_off ? k + 1 : 1 + oracle_below(st, nv);
    int kind = all_off ? 0 : oracle_below(st, 5);
    if (kind <= 1) {
      log_call(w->log, "set_decision(%d,0) ", v);
      CHECK_EQ(w, dpll_set_decision(s, v, 0), 0);
      mk->allowed[v] = 0;
    } else if (kind == 2) {
      log_call(w->log, "set_decision(%d,1) ", v);
      CHECK_EQ(w, dpll_set_decision(s, v, 1), 0);
      mk->allowed[v] = 1;
    } else {
      int p = oracle_below(st, 8) == 0 ? extreme_priorities[oracle_below(st, 4)]
                                       : oracle_below(st, 5) - 2;
      log_call(w->log, "set_priority(%d,%d) ", v, p);
      CHECK_EQ(w, dpll_set_priority(s, v, p), 0);
      mk->priority[v] = p;
    }
    if (v > top)
      top = v;
  }
  return top;
}

static void test_marks(void **state) {
  (void)state;
  for (long i = 0; i < corpus_formulas; i++) {
    const entry *e = &corpus[i];
    uint64_t st = seed_for(STREAM_MARKS, i);
    for (int round = 0; round < 2; round++) {
      config c = configs[(i + 5 * round) % num_configs];
      call_log log = {{0}, 0, 0};
      where w;
      where_init(&w, "splitting marks", STREAM_MARKS, i, &e->f);
      w.log = &log;
      describe(&w, &c, round ? "(marks, then steps)" : "(marks, then solve)");
      dpll_solver *s = new_solver(&w);
      apply_config(&w, s, &c);
      marks mk;
      int before = oracle_below(&st, 2), top = 0;
      if (before)
        top = place_marks(&w, s, e->f.num_vars, &mk, &st);
      log_call(&log, "add clauses; ");
      add_clauses(&w, s, &e->f, 0, 0);
      if (!before)
        top = place_marks(&w, s, e->f.num_vars, &mk, &st);
      int expect_vars = max_var_of(&e->f);
      CHECK_EQ(&w, dpll_num_vars(s), top > expect_vars ? top : expect_vars);
      if (round == 1) {
        uint64_t choices = seed_for(STREAM_CHOICES, -1 - i);
        drive_steps(&w, s, &e->f, e->sat, 0, oracle_below(&st, 2), &mk,
                    &choices);
      }
      log_call(&log, "solve ");
      int res = dpll_solve(s);
      check_answer(&w, s, &e->f, res, e->sat, 0);
      dpll_free(s);
    }
  }
  print_message("[ ORACLE   ] marks: %ld formulas, each solved and stepped\n",
                corpus_formulas);
}

/* ---- 7. Limits and the terminate callback -------------------------------- */

typedef struct stopper {
  int calls, after;
} stopper;

/* Returns 1 from the (after + 1)-th call on. */
static int stop_after(void *ctx) {
  stopper *t = ctx;
  return ++t->calls > t->after;
}

static const int64_t decision_limits[] = {0, 1, 2, 4};
static const int64_t conflict_limits[] = {0, 1, 2, 5};
static const int terminate_after[] = {0, 1, 2, 5, 20};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static void test_limits(void **state) {
  (void)state;
  int unknown = 0, decided = 0;
  for (long i = 0; i < limit_formulas; i++) {
    const entry *e = &corpus[i];
    uint64_t st = seed_for(STREAM_LIMITS, i);
    config c = configs[i % num_configs];
    call_log log = {{0}, 0, 0};
    where w;
    where_init(&w, "limits", STREAM_LIMITS, i, &e->f);
    w.log = &log;
    describe(&w, &c, "(limits, see calls)");
    dpll_solver *s = new_solver(&w);
    apply_config(&w, s, &c);
    add_clauses(&w, s, &e->f, 0, 0);
    dpll_stats before, after;

    for (int kind = 0; kind < 2; kind++) {
      const char *name = kind ? "conflict_limit" : "decision_limit";
      const int64_t *limits = kind ? conflict_limits : decision_limits;
      size_t count = kind ? COUNT(conflict_limits) : COUNT(decision_limits);
      for (size_t k = 0; k < count; k++) {
        log_call(&log, "%s=%lld solve ", name, (long long)limits[k]);
        CHECK_EQ(&w, dpll_set_option(s, name, limits[k]), 0);
        dpll_get_stats(s, &before);
        int res = dpll_solve(s);
        dpll_get_stats(s, &after);
        log_call(&log, "=%d; ", res);
        check_answer(&w, s, &e->f, res, e->sat, 1);
        /* The limits bite.  A conflict can only be seen after the first
         * propagation, so a conflict limit of 0 allows one. */
        if (kind == 0)
          CHECK(&w, after.decisions - before.decisions <= (uint64_t)limits[k]);
        else
          CHECK(&w, after.conflicts - before.conflicts <=
                        (uint64_t)(limits[k] > 0 ? limits[k] : 1));
        if (res == DPLL_UNKNOWN)
          unknown++;
        else
          decided++;
      }
      CHECK_EQ(&w, dpll_set_option(s, name, -1), 0);
      log_call(&log, "%s=-1 solve; ", name);
      check_answer(&w, s, &e->f, dpll_solve(s), e->sat, 0);
    }

    for (size_t k = 0; k < COUNT(terminate_after); k++) {
      stopper t = {0, terminate_after[k]};
      log_call(&log, "terminate after %d calls, solve ", t.after);
      dpll_set_terminate(s, stop_after, &t);
      int res = dpll_solve(s);
      log_call(&log, "=%d; ", res);
      check_answer(&w, s, &e->f, res, e->sat, 1);
      if (t.calls > t.after || res == DPLL_UNKNOWN) {
        /* The first 1 stops the search, and only it does. */
        CHECK_EQ(&w, res, DPLL_UNKNOWN);
        CHECK_EQ(&w, t.calls, t.after + 1);
        unknown++;
      } else
        decided++;
      dpll_set_terminate(s, NULL, NULL);
    }
    log_call(&log, "no terminate, solve; ");
    check_answer(&w, s, &e->f, dpll_solve(s), e->sat, 0);
    watchdog_polls = 0;
    dpll_set_terminate(s, watchdog, &watchdog_polls);

    /* Stopped mid-search, then more clauses: the answer must still be
     * right for the larger formula. */
    CHECK_EQ(&w, dpll_set_option(s, "decision_limit", 1 + oracle_below(&st, 2)),
             0);
    int res = dpll_solve(s);
    log_call(&log, "decision_limit=small solve=%d; ", res);
    check_answer(&w, s, &e->f, res, e->sat, 1);
    CHECK_EQ(&w, dpll_set_option(s, "decision_limit", -1), 0);
    oracle_formula g;
    copy_formula(&g, &e->f, 1);
    int nv = g.num_vars;
    for (int k = oracle_below(&st, 3) + 1; k > 0; k--)
      add_random_clause(&g, &st, nv, mixed_length(&st));
    w.f = &g;
    log_call(&log, "add clauses %zu..%zu, solve", e->f.num_clauses,
             g.num_clauses);
    add_clauses(&w, s, &g, e->f.num_clauses, 1);
    check_answer(&w, s, &g, dpll_solve(s), oracle_satisfiable(&g, NULL), 0);
    oracle_free(&g);
    dpll_free(s);
  }
  print_message("[ ORACLE   ] limits: %ld formulas, %d UNKNOWN, %d "
                "answered\n",
                limit_formulas, unknown, decided);
  /* Each formula has 13 limited solves: on average at least one of them
   * must stop, and one answer. */
  assert_true(unknown >= limit_formulas);
  assert_true(decided >= limit_formulas);
}

int main(void) {
  self_check_formulas = tier_cases(SELF_CHECK_FORMULAS);
  corpus_formulas = tier_cases(CORPUS_FORMULAS);
  incremental_sequences = tier_cases(INCREMENTAL_SEQUENCES);
  limit_formulas = tier_cases(LIMIT_FORMULAS);
  build_configs();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_oracle_self_check),
      cmocka_unit_test(test_solve_all_configurations),
      cmocka_unit_test(test_readers),
      cmocka_unit_test(test_incremental),
      cmocka_unit_test(test_steps),
      cmocka_unit_test(test_marks),
      cmocka_unit_test(test_limits),
  };
  return cmocka_run_group_tests(tests, corpus_setup, corpus_teardown);
}
