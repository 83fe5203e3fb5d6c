/* test_differential.c - the dpll tool against a reference SAT solver
 * (picosat, else minisat) on hundreds or thousands of random formulas of
 * varied shape: random 3-SAT near the threshold (10..60 variables, and a
 * larger kind of 61..120), mixed clause lengths, many unit clauses, long
 * clauses, pigeonhole formulas, duplicate literals, tautologies, unused
 * variables, empty formulas, empty clauses.
 *
 * Each formula is written in both input formats (DP with random back
 * matter, DIMACS; the DP format cannot express an empty clause, so such a
 * formula is run twice in DIMACS) with varied blanks, line ends and layout,
 * and solved by dpll twice, once by each engine (both times by cdcl above
 * CLASSIC_MAX_VARS variables), under configurations that cycle through
 * every heuristic (random with several seeds), every restart policy,
 * target phase and rephase policy, with and without --no-pure, --no-reduce
 * and --no-minimize.  The reference solver decides the same
 * DIMACS file; formulas of at most 20 variables are also decided by brute
 * force (tests/oracle.c).  Every answer must agree, every model must
 * satisfy the formula, every DP answer must end with the back matter byte
 * for byte.  The classic engine runs with --max-conflicts: a limit answer
 * is no answer, not a failure, but limit answers must be rare.
 *
 * Usage: test_differential PATH-TO-DPLL [REFERENCE]
 *   REFERENCE  the reference solver's path; if absent, empty or not
 *              executable, picosat and then minisat are looked for on PATH
 *              and in /usr/bin.  With neither (or with REFERENCE "none"),
 *              the test is skipped and the program exits with 77 (CTest's
 *              SKIP_RETURN_CODE).
 *
 * A formula on which anything fails is kept in the scratch directory as
 * failed-I.txt and failed-I.cnf (the directory is then not removed); the
 * FAIL line names that file in the command that reproduces it.  The test
 * stops after MAX_FAILED_FORMULAS such formulas. */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clitest.h"
#include "oracle.h"

/* The number of formulas: FORMULAS in a Release build's quick tier,
 * FORMULAS_LONG in the long tier's share (clitest.h's tier_cases_split):
 * 120 under the sanitizers, 4,000 in a Release build's long tier, 800 in
 * the sanitizer build's (10,000 and 2,000 until the CI machine of
 * 2026-12-07, where they took 280 s of the long tier).  Every option
 * value and shape is reached in each (config_of, shape_of;
 * check_coverage checks it). */
#define FORMULAS 600
#define FORMULAS_LONG 800
#define HANG_SECONDS 60     /* per process */
#define BRUTE_FORCE_VARS 20 /* brute force up to this many variables */
#define CLASSIC_MAX_CONFLICTS "100000" /* the classic engine's limit */
#define CLASSIC_MAX_VARS 80    /* the classic engine on no larger formula */
#define MAX_FAILED_FORMULAS 10 /* stop after this many */
#define MAX_LITS 80            /* longest clause generated */
#define SEED 0xd1ff5eed2025ULL

/* ---- Settings ------------------------------------------------------------ */

static char *tool;             /* absolute path of the dpll binary */
static char *reference;        /* the reference solver, or NULL: skip */
static bool reference_minisat; /* minisat: -verb=0 */
static long formula_count;
static char *scratch; /* this run's scratch directory */
static bool skipped;  /* no reference solver: exit 77 */
static bool kept;     /* a failed formula was kept in scratch */

/* ---- Shapes of formulas -------------------------------------------------- */

static int between(uint64_t *rng, int lo, int hi) {
  return lo + oracle_below(rng, hi - lo + 1);
}

/* A clause of len literals over 1..n, random signs; the variables are
 * distinct when len <= n. */
static void add_clause(oracle_formula *f, uint64_t *rng, int n, int len) {
  int lits[MAX_LITS];
  for (int k = 0; k < len; k++) {
    int v;
    bool fresh;
    do {
      v = between(rng, 1, n);
      fresh = true;
      for (int j = 0; j < k && len <= n; j++)
        fresh = fresh && abs(lits[j]) != v;
    } while (!fresh);
    lits[k] = oracle_below(rng, 2) ? v : -v;
  }
  oracle_add(f, lits, (size_t)len);
}

/* m clauses of lengths lo..hi over 1..n. */
static void add_clauses(oracle_formula *f, uint64_t *rng, int n, int m, int lo,
                        int hi) {
  for (int i = 0; i < m; i++)
    add_clause(f, rng, n, between(rng, lo, hi));
}

/* Clauses per variable: ratio lo..hi hundredths, times n. */
static int clauses_for(uint64_t *rng, int n, int lo, int hi) {
  return (n * between(rng, lo, hi) + 50) / 100;
}

static void gen_3sat(oracle_formula *f, uint64_t *rng) {
  int n = between(rng, 10, 60);
  oracle_init(f, n);
  add_clauses(f, rng, n, clauses_for(rng, n, 400, 452), 3, 3);
}

/* Larger and harder, for the conflict-driven engine (the classic one takes
 * only those of at most CLASSIC_MAX_VARS): satisfiable ones with few
 * models after thousands of conflicts are where a learned clause that
 * is not implied shows, as a wrong "unsatisfiable". */
static void gen_3sat_large(oracle_formula *f, uint64_t *rng) {
  int n = between(rng, 61, 120);
  oracle_init(f, n);
  add_clauses(f, rng, n, clauses_for(rng, n, 400, 440), 3, 3);
}

static void gen_mixed(oracle_formula *f, uint64_t *rng) {
  int n = between(rng, 8, 40);
  oracle_init(f, n);
  add_clauses(f, rng, n, clauses_for(rng, n, 100, 300), 1, 8);
}

/* Many unit clauses beside short ones: propagation does most of it. */
static void gen_units(oracle_formula *f, uint64_t *rng) {
  int n = between(rng, 8, 40);
  oracle_init(f, n);
  int units = between(rng, n / 8, n / 3);
  int others = clauses_for(rng, n, 150, 300);
  for (int i = 0; i < units + others; i++)
    add_clause(f, rng, n, oracle_below(rng, units + others) < units ? 1 : 3);
}

/* Long clauses (20..60 literals) among 3-SAT clauses. */
static void gen_long(oracle_formula *f, uint64_t *rng) {
  int n = between(rng, 20, 60);
  oracle_init(f, n);
  int longs = between(rng, 2, 20), short3 = clauses_for(rng, n, 380, 480);
  for (int i = 0; i < longs + short3; i++)
    add_clause(f, rng, n,
               oracle_below(rng, longs + short3) < longs ? between(rng, 20, 60)
                                                         : 3);
}

/* PHP(h+1, h): h+1 pigeons in h holes, unsatisfiable; variables renamed
 * and their signs flipped at random, which keeps it so. */
static void gen_php(oracle_formula *f, uint64_t *rng) {
  int h = between(rng, 1, 7), p = h + 1, n = p * h;
  int name[MAX_LITS], lits[MAX_LITS];
  for (int v = 1; v <= n; v++)
    name[v - 1] = v;
  for (int v = n - 1; v > 0; v--) {
    int w = oracle_below(rng, v + 1), t = name[v];
    name[v] = name[w];
    name[w] = oracle_below(rng, 2) ? t : -t;
  }
  name[0] = oracle_below(rng, 2) ? name[0] : -name[0];
  oracle_init(f, n);
  for (int i = 0; i < p; i++) { /* pigeon i sits somewhere */
    for (int j = 0; j < h; j++)
      lits[j] = name[i * h + j];
    oracle_add(f, lits, (size_t)h);
  }
  for (int j = 0; j < h; j++) /* no two pigeons share hole j */
    for (int a = 0; a < p; a++)
      for (int b = a + 1; b < p; b++) {
        lits[0] = -name[a * h + j];
        lits[1] = -name[b * h + j];
        oracle_add(f, lits, 2);
      }
}

/* Clauses of 2..4 literals, half of them with one or two literals
 * repeated at random places. */
static void gen_duplicates(oracle_formula *f, uint64_t *rng) {
  int n = between(rng, 6, 40), m = clauses_for(rng, n, 250, 400);
  oracle_formula plain;
  oracle_init(&plain, n);
  add_clauses(&plain, rng, n, m, 2, 4);
  oracle_init(f, n);
  for (size_t i = 0; i < plain.num_clauses; i++) {
    int lits[MAX_LITS], len = 0;
    for (size_t k = plain.start[i]; k < plain.start[i + 1]; k++)
      lits[len++] = plain.lits[k];
    int repeats = oracle_below(rng, 2);
    if (repeats)
      repeats = between(rng, 1, 2);
    for (int d = repeats; d > 0; d--) {
      int at = oracle_below(rng, len + 1), lit = lits[oracle_below(rng, len)];
      memmove(lits + at + 1, lits + at, (size_t)(len - at) * sizeof *lits);
      lits[at] = lit;
      len++;
    }
    oracle_add(f, lits, (size_t)len);
  }
  oracle_free(&plain);
}

/* 3-SAT with tautologies (x, -x and up to three more literals) mixed in;
 * a tautology's variable may be one no other clause has. */
static void gen_tautologies(oracle_formula *f, uint64_t *rng) {
  int n = between(rng, 6, 40), m = clauses_for(rng, n, 380, 470);
  int tautologies = between(rng, 1, n / 3 + 1);
  oracle_init(f, n + 2);
  for (int i = 0; i < m + tautologies; i++) {
    if (oracle_below(rng, m + tautologies) >= tautologies) {
      add_clause(f, rng, n, 3);
      continue;
    }
    int lits[6], len = 2 + oracle_below(rng, 4), v = between(rng, 1, n + 2);
    for (int k = 0; k < len; k++) {
      lits[k] = between(rng, 1, n);
      lits[k] = oracle_below(rng, 2) ? lits[k] : -lits[k];
    }
    int at = oracle_below(rng, len - 1);
    lits[at] = v;
    lits[at + 1 + oracle_below(rng, len - 1 - at)] = -v;
    oracle_add(f, lits, (size_t)len);
  }
}

/* 3-SAT over k variables scattered in 1..N, under a header that declares
 * up to 5 more: variables no clause mentions. */
static void gen_unused(oracle_formula *f, uint64_t *rng) {
  int k = between(rng, 5, 30), n = k + between(rng, 1, k);
  int name[MAX_LITS];
  for (int v = 0; v < n; v++)
    name[v] = v + 1;
  for (int v = n - 1; v > 0; v--) {
    int w = oracle_below(rng, v + 1), t = name[v];
    name[v] = name[w];
    name[w] = t;
  }
  oracle_formula dense;
  oracle_init(&dense, k);
  add_clauses(&dense, rng, k, clauses_for(rng, k, 380, 470), 3, 3);
  for (size_t i = 0; i < dense.start[dense.num_clauses]; i++) {
    int lit = dense.lits[i];
    dense.lits[i] = lit < 0 ? -name[-lit - 1] : name[lit - 1];
  }
  dense.num_vars = n + oracle_below(rng, 6);
  *f = dense;
}

static void gen_empty(oracle_formula *f, uint64_t *rng) {
  oracle_init(f, oracle_below(rng, 6));
}

/* A satisfiable-looking formula with an empty clause somewhere in it:
 * DIMACS only. */
static void gen_empty_clause(oracle_formula *f, uint64_t *rng) {
  int n = between(rng, 3, 20), m = clauses_for(rng, n, 50, 250);
  int at = oracle_below(rng, m + 1), none = 0;
  oracle_init(f, n);
  for (int i = 0; i <= m; i++) {
    if (i == at)
      oracle_add(f, &none, 0);
    else
      add_clause(f, rng, n, between(rng, 1, 4));
  }
}

typedef struct shape {
  const char *name;
  void (*generate)(oracle_formula *f, uint64_t *rng);
  int weight; /* formulas of this shape in each cycle of SHAPE_CYCLE */
} shape;

static const shape shapes[] = {
    {"3-sat", gen_3sat, 4},
    {"3-sat-large", gen_3sat_large, 3},
    {"mixed", gen_mixed, 3},
    {"units", gen_units, 2},
    {"long", gen_long, 2},
    {"pigeonhole", gen_php, 1},
    {"duplicates", gen_duplicates, 2},
    {"tautologies", gen_tautologies, 2},
    {"unused", gen_unused, 2},
    {"empty", gen_empty, 1},
    {"empty-clause", gen_empty_clause, 1},
};
#define NUM_SHAPES (sizeof shapes / sizeof *shapes)
#define SHAPE_CYCLE 23 /* the sum of the weights */

/* The shape of formula i: each cycle of SHAPE_CYCLE formulas holds each
 * shape weight times. */
static size_t shape_of(long i) {
  int slot = (int)(i % SHAPE_CYCLE);
  size_t s = 0;
  while (slot >= shapes[s].weight)
    slot -= shapes[s++].weight;
  return s;
}

/* ---- Writing the files --------------------------------------------------- */

static void add_int(buffer *b, long long x) {
  char text[32];
  snprintf(text, sizeof text, "%lld", x);
  buffer_str(b, text);
}

/* Any bytes at all: NULs, CRs, bytes that are not UTF-8, text that looks
 * like clauses or a header, with or without a final newline. */
static void add_back_matter(buffer *b, uint64_t *rng) {
  static const char pieces[] = "0\n \r\t\0\x80\xffp cnf 1 -2 c%key";
  int len = oracle_below(rng, 4) ? oracle_below(rng, 60) : 0;
  for (int k = 0; k < len; k++)
    buffer_add(b, &pieces[oracle_below(rng, sizeof pieces - 1)], 1);
}

/* f in the DP format into b, blanks and line ends varied (LF or CRLF;
 * sometimes blank lines and blanks around literals), then random back
 * matter, which starts at *back_at.  f has no empty clause. */
static void dp_text(buffer *b, const oracle_formula *f, uint64_t *rng,
                    size_t *back_at) {
  static const char *const blanks[] = {" ", "\t", "  ", " \t", "\t "};
  const char *eol = oracle_below(rng, 8) ? "\n" : "\r\n";
  bool loose = oracle_below(rng, 4) == 0;
  buffer_clear(b);
  for (size_t i = 0; i < f->num_clauses; i++) {
    if (loose && oracle_below(rng, 6) == 0)
      buffer_str(b, eol);
    for (size_t k = f->start[i]; k < f->start[i + 1]; k++) {
      if (k > f->start[i] || (loose && oracle_below(rng, 3) == 0))
        buffer_str(b, loose ? blanks[oracle_below(rng, 5)] : " ");
      add_int(b, f->lits[k]);
    }
    if (loose && oracle_below(rng, 3) == 0)
      buffer_str(b, blanks[oracle_below(rng, 5)]);
    buffer_str(b, eol);
  }
  buffer_str(b, "0");
  buffer_str(b, eol);
  *back_at = b->len;
  add_back_matter(b, rng);
}

/* f in DIMACS into b: LF or CRLF; a clause per line, several per line, or
 * clauses across lines with comment lines between. */
static void dimacs_text(buffer *b, const oracle_formula *f, uint64_t *rng) {
  const char *eol = oracle_below(rng, 8) ? "\n" : "\r\n";
  int layout = oracle_below(rng, 4); /* 0, 1: a clause a line; 2; 3 */
  buffer_clear(b);
  if (oracle_below(rng, 3) == 0) {
    buffer_str(b, "c written by test_differential");
    buffer_str(b, eol);
  }
  buffer_str(b, "p cnf ");
  add_int(b, f->num_vars);
  buffer_str(b, " ");
  add_int(b, (long long)f->num_clauses);
  buffer_str(b, eol);
  bool line_start = true;
  for (size_t i = 0; i < f->num_clauses; i++) {
    for (size_t k = f->start[i]; k <= f->start[i + 1]; k++) {
      if (!line_start)
        buffer_str(b, layout == 3 && oracle_below(rng, 4) == 0 ? eol : " ");
      if (k < f->start[i + 1])
        add_int(b, f->lits[k]);
      else
        buffer_str(b, "0");
      line_start = false;
    }
    if (layout != 2 || oracle_below(rng, 3) == 0) {
      buffer_str(b, eol);
      line_start = true;
    }
    if (layout == 3 && line_start && oracle_below(rng, 5) == 0) {
      buffer_str(b, "c between clauses");
      buffer_str(b, eol);
    }
  }
  if (!line_start)
    buffer_str(b, eol);
}

/* ---- Configurations ------------------------------------------------------ */

enum { CLASSIC, CDCL };
static const char *const engines[] = {"dpll", "cdcl"};
static const char *const heuristics[] = {"auto",     "first",  "jw",  "dlis",
                                         "activity", "random", "vmtf"};
static const char *const seeds[] = {"1", "7", "42", "65537"};
static const char *const restart_policies[] = {"luby", "glucose", "mixed",
                                               "none", "modes"};
static const char *const target_phases[] = {"(default)", "never", "always"};
static const char *const rephase_policies[] = {"never", "best", "turns"};
#define COUNT(a) (sizeof(a) / sizeof *(a))

typedef struct config {
  int engine, heuristic, seed, restarts, target, rephase;
  bool no_pure, no_reduce, no_minimize;
} config;

/* The c-th configuration of an engine.  The option values are the digits
 * of a number k in mixed radix, heuristic fastest (6 heuristics x pure or
 * not x 4 restart policies x reduce or not x minimize or not x 3 target
 * phases x 3 rephase policies: 1728 combinations, 12 for the classic
 * engine, which has only the first two).  k is c times a number prime to
 * 1728, modulo 1728: every combination comes once in each period, the
 * heuristics still in turn, and the slowest digits change from run to run
 * rather than once in 192 or 576 runs, so that a few hundred formulas
 * already see every value often.  (k modulo 576, and so every digit but
 * the last, is what it was when there were 576 combinations.)  Seeds
 * are dealt to the runs of the random heuristic in turn (*r counts them).
 * vmtf and restarts modes, added later, take the place of activity and of
 * mixed in every other run that draws those. */
static config config_of(int engine, long c, long *r) {
  long k = c * 385 % 1728;
  config cf = {.engine = engine};
  cf.heuristic = (int)(k % 6);
  cf.no_pure = (k / 6) % 2;
  if (cf.heuristic == 5)
    cf.seed = (int)((*r)++ % (long)COUNT(seeds));
  if (cf.heuristic == 4 && (c / 7) % 2)
    cf.heuristic = 6; /* vmtf in place of activity, every other time */
  if (engine == CDCL) {
    cf.restarts = (int)((k / 12) % 4);
    if (cf.restarts == 2 && (c / 5) % 2)
      cf.restarts = 4; /* modes in place of mixed, every other time */
    cf.no_reduce = (k / 48) % 2;
    cf.no_minimize = (k / 96) % 2;
    cf.target = (int)((k / 192) % 3);
    cf.rephase = (int)((k / 576) % 3);
  }
  return cf;
}

/* The arguments of cf, at most 15, into args, NULL-terminated; the count
 * is returned.  The options of cdcl only go to cdcl; the classic engine
 * gets a limit instead. */
static size_t config_args(const config *cf, const char **args) {
  size_t n = 0;
  args[n++] = "-a";
  args[n++] = engines[cf->engine];
  args[n++] = "-H";
  args[n++] = heuristics[cf->heuristic];
  if (cf->heuristic == 5) {
    args[n++] = "--seed";
    args[n++] = seeds[cf->seed];
  }
  if (cf->no_pure)
    args[n++] = "--no-pure";
  if (cf->engine == CDCL) {
    args[n++] = "--restarts";
    args[n++] = restart_policies[cf->restarts];
    if (cf->no_reduce)
      args[n++] = "--no-reduce";
    if (cf->no_minimize)
      args[n++] = "--no-minimize";
    if (cf->target) {
      args[n++] = "--target-phase";
      args[n++] = target_phases[cf->target];
    }
    args[n++] = "--rephase";
    args[n++] = rephase_policies[cf->rephase];
  } else {
    args[n++] = "--max-conflicts";
    args[n++] = CLASSIC_MAX_CONFLICTS;
  }
  args[n] = NULL;
  return n;
}

/* ---- The tally ----------------------------------------------------------- */

static struct tally {
  long formulas, runs, sat, unsat, brute, limits, failed;
  long shape_sat[NUM_SHAPES], shape_unsat[NUM_SHAPES];
  long shape_runs[NUM_SHAPES][2]; /* by engine */
  long engine[2], heuristic[COUNT(heuristics)], seed[COUNT(seeds)];
  long restarts[COUNT(restart_policies)], target[COUNT(target_phases)];
  long rephase[COUNT(rephase_policies)];
  long no_pure[2], no_reduce[2], no_minimize[2]; /* [1]: with the option */
  size_t longest_v_line;
  double dpll_seconds, reference_seconds;
} tally;

static void count_config(const config *cf, size_t s) {
  tally.runs++;
  tally.shape_runs[s][cf->engine]++;
  tally.engine[cf->engine]++;
  tally.heuristic[cf->heuristic]++;
  if (cf->heuristic == 5)
    tally.seed[cf->seed]++;
  tally.no_pure[cf->no_pure]++;
  if (cf->engine == CDCL) {
    tally.restarts[cf->restarts]++;
    tally.no_reduce[cf->no_reduce]++;
    tally.no_minimize[cf->no_minimize]++;
    tally.target[cf->target]++;
    tally.rephase[cf->rephase]++;
  }
}

/* ---- The formula under test ---------------------------------------------- */

typedef struct item {
  long index;
  size_t shape;
  oracle_formula f; /* f.num_vars: the DIMACS header's count */
  int max_var;      /* the largest variable in a clause: DP's answer */
  bool has_empty;   /* an empty clause: no DP file */
  int truth;        /* 1 satisfiable, 0 not, -1 unknown (reference failed) */
  buffer dp, cnf;   /* the two files' texts */
  size_t back_at;   /* where the DP file's back matter starts */
  char dp_path[4096], cnf_path[4096];
  unsigned char *model; /* model[1..num_vars] of the answer being checked */
  bool failed;          /* its files were kept */
} item;

static void make_item(item *it, long index, uint64_t *rng) {
  it->index = index;
  it->shape = shape_of(index);
  shapes[it->shape].generate(&it->f, rng);
  it->max_var = 0;
  it->has_empty = false;
  for (size_t i = 0; i < it->f.num_clauses; i++) {
    it->has_empty = it->has_empty || it->f.start[i] == it->f.start[i + 1];
    for (size_t k = it->f.start[i]; k < it->f.start[i + 1]; k++)
      if (abs(it->f.lits[k]) > it->max_var)
        it->max_var = abs(it->f.lits[k]);
  }
  assert_true(it->max_var <= it->f.num_vars);
  if (!it->has_empty) {
    dp_text(&it->dp, &it->f, rng, &it->back_at);
    write_file(it->dp_path, it->dp.data, it->dp.len);
  }
  dimacs_text(&it->cnf, &it->f, rng);
  write_file(it->cnf_path, it->cnf.data, it->cnf.len);
  it->model = calloc((size_t)it->f.num_vars + 1, 1);
  assert_non_null(it->model);
  it->failed = false;
}

static void free_item(item *it) {
  oracle_free(&it->f);
  free(it->model);
  it->model = NULL;
}

/* Keeps the formula's files as failed-I.txt and failed-I.cnf, once, and
 * returns the kept path of the one a run used. */
static const char *keep_item(item *it, bool dimacs, char *out, size_t size) {
  char name[64], path[4096];
  snprintf(name, sizeof name, "failed-%ld.txt", it->index);
  if (!it->failed && !it->has_empty)
    write_file(join(path, sizeof path, scratch, name), it->dp.data, it->dp.len);
  if (!dimacs)
    join(out, size, scratch, name);
  snprintf(name, sizeof name, "failed-%ld.cnf", it->index);
  if (!it->failed)
    write_file(join(path, sizeof path, scratch, name), it->cnf.data,
               it->cnf.len);
  if (dimacs)
    join(out, size, scratch, name);
  if (!it->failed)
    tally.failed++;
  it->failed = kept = true;
  return out;
}

/* A failure of formula it under the command prog args (whose last argument
 * is the formula's file): the case names the formula, its shape and the
 * command on the kept copy of the file. */
static void fail_item(item *it, bool dimacs, const char *prog,
                      const char **args, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void fail_item(item *it, bool dimacs, const char *prog,
                      const char **args, const char *fmt, ...) {
  char kept_path[4096], command[8192], name[9000], msg[4096];
  size_t n = 0;
  while (args[n])
    n++;
  const char *last = args[n - 1];
  args[n - 1] = keep_item(it, dimacs, kept_path, sizeof kept_path);
  command_name(command, sizeof command, prog, args);
  args[n - 1] = last;
  snprintf(name, sizeof name, "formula %ld (%s, %d vars, %zu clauses): %s",
           it->index, shapes[it->shape].name, it->f.num_vars, it->f.num_clauses,
           command);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  failure(name, "%s", msg);
}

/* ---- Answers ------------------------------------------------------------- */

enum { BAD = -1, UNSAT = 0, SAT = 1, LIMIT = 2 };

/* How a run ended, for messages. */
static const char *ending(const run_result *r, char *out, size_t size) {
  if (r->hung)
    snprintf(out, size, "no exit within %d s (killed)", clitest_hang_seconds);
  else if (r->sig)
    snprintf(out, size, "killed by signal %d (%s)", r->sig, strsignal(r->sig));
  else
    snprintf(out, size, "exit status %d", r->code);
  return out;
}

/* The DP answer of formula it in r (UNSAT, SAT with it->model filled,
 * LIMIT, or BAD with *why): N T / N F for N = 1..max_var then 0, or only 0,
 * then the back matter byte for byte, exit 0; a limit (the classic engine
 * only) exits 2 with nothing on stdout and one line on stderr. */
static int dp_answer(const run_result *r, item *it, bool classic,
                     const char **why) {
  if (r->hung || r->sig || (r->code != 0 && r->code != 2))
    return *why = "not an answer (exit 0) or a limit (exit 2)", BAD;
  if (r->code == 2) {
    if (!classic || r->out.len || !is_one_line(&r->err))
      return *why = "exit 2 (a limit) where no limit was given, or with "
                    "output, or without one line on stderr",
             BAD;
    return LIMIT;
  }
  if (r->err.len)
    return *why = "something on stderr", BAD;
  const char *p = r->out.data, *end = p + r->out.len;
  int result = it->max_var ? UNSAT : SAT; /* no variable: "0" either way */
  if (end - p < 2 || memcmp(p, "0\n", 2)) {
    for (int v = 1; v <= it->max_var; v++) {
      char line[32];
      int n = snprintf(line, sizeof line, "%d ", v);
      if (end - p < n + 2 || memcmp(p, line, (size_t)n) ||
          (p[n] != 'T' && p[n] != 'F') || p[n + 1] != '\n')
        return *why = "expected 'N T' or 'N F' for N = 1..max in order", BAD;
      it->model[v] = p[n] == 'T';
      p += n + 2;
    }
    if (end - p < 2 || memcmp(p, "0\n", 2))
      return *why = "expected the line '0' after the model", BAD;
    result = SAT;
  }
  p += 2;
  size_t back_len = it->dp.len - it->back_at;
  if ((size_t)(end - p) != back_len ||
      memcmp(p, it->dp.data + it->back_at, back_len))
    return *why = "the back matter did not come back byte for byte", BAD;
  return result;
}

/* The 'v' lines after "s SATISFIABLE\n" at p: every declared variable
 * once, then 0 and the end of the output.  SAT (it->model filled) or BAD. */
static int v_lines(const char *p, item *it, const char **why) {
  unsigned char *seen = calloc((size_t)it->f.num_vars + 1, 1);
  assert_non_null(seen);
  int result = BAD;
  *why = "the 'v' lines do not end with 0 and the output";
  while (p[0] == 'v' && (p[1] == ' ' || p[1] == '\n')) {
    const char *line = p++;
    long lit = 1;
    while (*p == ' ' && lit) {
      char *e;
      lit = strtol(p + 1, &e, 10);
      long var = labs(lit);
      if (!(p[1] == '-' || (p[1] >= '0' && p[1] <= '9')) ||
          (*e != ' ' && *e != '\n') || var > it->f.num_vars ||
          (var && seen[var])) {
        *why = "a 'v' line with a bad, repeated or undeclared literal";
        goto done;
      }
      seen[var] = 1;
      it->model[var] = lit > 0;
      p = e;
    }
    if (*p != '\n') {
      *why = "a 'v' line does not end after its literals";
      goto done;
    }
    if ((size_t)(p - line) > tally.longest_v_line)
      tally.longest_v_line = (size_t)(p - line);
    p++;
    if (!lit) {
      result = *p ? BAD : SAT;
      break;
    }
  }
  for (int v = 1; v <= it->f.num_vars && result == SAT; v++)
    if (!seen[v]) {
      *why = "a declared variable is missing from the 'v' lines";
      result = BAD;
    }
done:
  free(seen);
  return result;
}

/* The DIMACS answer of formula it in r: s SATISFIABLE and v lines with
 * exit 10, s UNSATISFIABLE with exit 20, or (a limit, the classic engine
 * only) s UNKNOWN with exit 0; nothing on stderr. */
static int dimacs_answer(const run_result *r, item *it, bool classic,
                         const char **why) {
  const char *out = r->out.data;
  if (r->hung || r->sig)
    return *why = "the run crashed or hung", BAD;
  if (r->err.len)
    return *why = "something on stderr", BAD;
  if (strlen(out) != r->out.len)
    return *why = "a NUL byte in the output", BAD;
  if (r->code == 20 && !strcmp(out, "s UNSATISFIABLE\n"))
    return UNSAT;
  if (r->code == 0 && !strcmp(out, "s UNKNOWN\n") && classic)
    return LIMIT;
  if (r->code == 10 && !strncmp(out, "s SATISFIABLE\n", 14))
    return v_lines(out + 14, it, why);
  return *why = "not 's SATISFIABLE' (exit 10), 's UNSATISFIABLE' (exit 20) "
                "or, under a limit, 's UNKNOWN' (exit 0)",
         BAD;
}

/* The first clause of f that model falsifies, or -1. */
static long falsified(const oracle_formula *f, const unsigned char *model) {
  for (size_t i = 0; i < f->num_clauses; i++) {
    bool sat = false;
    for (size_t k = f->start[i]; k < f->start[i + 1] && !sat; k++)
      sat = (f->lits[k] > 0) == (model[abs(f->lits[k])] != 0);
    if (!sat)
      return (long)i;
  }
  return -1;
}

/* A limit answer is no answer; it is counted, and shown for the notes. */
static void note_limit(const item *it, const char **args, const run_result *r) {
  char command[8192];
  tally.limits++;
  print_message("limit answer: formula %ld (%s, %d vars): %s: \"%s\"\n",
                it->index, shapes[it->shape].name, it->f.num_vars,
                command_name(command, sizeof command, "dpll", args),
                r->out.len ? SHOW(r->out) : SHOW(r->err));
}

static const char *verdict(int answer) {
  return answer == SAT ? "satisfiable" : "unsatisfiable";
}

/* Runs dpll under cf on formula it's DP or DIMACS file and judges the
 * answer. */
static void run_dpll(item *it, const config *cf, bool dimacs, run_result *r) {
  const char *args[24], *why = "";
  size_t n = config_args(cf, args);
  args[n++] = dimacs ? it->cnf_path : it->dp_path;
  args[n] = NULL;
  double t0 = now();
  run_argv(r, tool, scratch, NULL, NULL, args);
  tally.dpll_seconds += now() - t0;
  count_config(cf, it->shape);
  memset(it->model, 0, (size_t)it->f.num_vars + 1);
  bool classic = cf->engine == CLASSIC;
  int got = dimacs ? dimacs_answer(r, it, classic, &why)
                   : dp_answer(r, it, classic, &why);
  char end[128];
  long clause;
  if (got == BAD)
    fail_item(it, dimacs, tool, args, "%s; %s, stdout \"%s\", stderr \"%s\"",
              why, ending(r, end, sizeof end), SHOW(r->out), SHOW(r->err));
  else if (got == LIMIT)
    note_limit(it, args, r);
  else if (got != it->truth)
    fail_item(it, dimacs, tool, args,
              "answered %s, but the formula is %s (%s%s); stdout \"%s\"",
              verdict(got), verdict(it->truth), reference,
              it->f.num_vars <= BRUTE_FORCE_VARS ? " and brute force" : "",
              SHOW(r->out));
  else if (got == SAT && (clause = falsified(&it->f, it->model)) >= 0)
    fail_item(it, dimacs, tool, args,
              "the model falsifies clause %ld (counted from 0); stdout "
              "\"%s\"",
              clause, SHOW(r->out));
}

/* The reference solver's answer on it's DIMACS file, checked by brute
 * force when the formula is small: 1, 0, or -1 if there is none. */
static int decide(item *it, run_result *r) {
  const char *args[4];
  size_t n = 0;
  if (reference_minisat)
    args[n++] = "-verb=0";
  args[n++] = it->cnf_path;
  args[n] = NULL;
  double t0 = now();
  run_argv(r, reference, scratch, NULL, NULL, args);
  tally.reference_seconds += now() - t0;
  int truth = -1;
  char end[128];
  if (!r->hung && !r->sig && (r->code == 10 || r->code == 20))
    truth = r->code == 10;
  else
    fail_item(it, true, reference, args,
              "the reference solver gave no answer: %s, stderr \"%s\"",
              ending(r, end, sizeof end), SHOW(r->err));
  if (it->f.num_vars <= BRUTE_FORCE_VARS) {
    int brute = oracle_satisfiable(&it->f, NULL);
    tally.brute++;
    if (truth >= 0 && brute != truth)
      fail_item(it, true, reference, args,
                "the reference says %s, brute force says %s", verdict(truth),
                verdict(brute));
    truth = brute;
  }
  return truth;
}

/* ---- The summary and the coverage ---------------------------------------- */

static void print_counts(const char *option, const char *const *names,
                         const long *counts, size_t n) {
  char line[512];
  int o = snprintf(line, sizeof line, "  %-16s", option);
  for (size_t i = 0; i < n && o > 0 && (size_t)o < sizeof line; i++)
    o += snprintf(line + o, sizeof line - (size_t)o, "%s %s %ld", i ? "," : "",
                  names[i], counts[i]);
  print_message("%s\n", line);
}

static const char *const without_with[] = {"without", "with"};

/* The processor time, user and system, of the programs run so far. */
static double children_seconds(void) {
  struct rusage u;
  if (getrusage(RUSAGE_CHILDREN, &u))
    return 0;
  return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

static void print_summary(double seconds) {
  print_message(
      "differential: %ld formulas (%ld satisfiable, %ld unsatisfiable; %ld "
      "also by brute force), %ld dpll runs (%ld cdcl, %ld classic), %ld "
      "limit answers (classic, --max-conflicts %s), reference %s; %.1f s "
      "(dpll %.1f s, reference %.1f s; processor time of the runs %.1f s)\n",
      tally.formulas, tally.sat, tally.unsat, tally.brute, tally.runs,
      tally.engine[CDCL], tally.engine[CLASSIC], tally.limits,
      CLASSIC_MAX_CONFLICTS, reference, seconds, tally.dpll_seconds,
      tally.reference_seconds, children_seconds());
  for (size_t s = 0; s < NUM_SHAPES; s++)
    print_message("  %-14s %ld satisfiable, %ld unsatisfiable; runs: cdcl "
                  "%ld, dpll %ld\n",
                  shapes[s].name, tally.shape_sat[s], tally.shape_unsat[s],
                  tally.shape_runs[s][CDCL], tally.shape_runs[s][CLASSIC]);
  print_counts("-a", engines, tally.engine, 2);
  print_counts("-H", heuristics, tally.heuristic, COUNT(heuristics));
  print_counts("-H random --seed", seeds, tally.seed, 4);
  print_counts("--no-pure", without_with, tally.no_pure, 2);
  print_counts("--restarts", restart_policies, tally.restarts,
               COUNT(restart_policies));
  print_counts("--target-phase", target_phases, tally.target, 3);
  print_counts("--rephase", rephase_policies, tally.rephase, 3);
  print_counts("--no-reduce", without_with, tally.no_reduce, 2);
  print_counts("--no-minimize", without_with, tally.no_minimize, 2);
  print_message("  longest 'v' line: %zu characters (without the newline)\n",
                tally.longest_v_line);
}

static void check_counts(const char *option, const char *const *names,
                         const long *counts, size_t n, long want) {
  for (size_t i = 0; i < n; i++)
    if (counts[i] < want)
      failure("coverage", "%s %s: %ld runs, want at least %ld", option,
              names[i], counts[i], want);
}

/* Every option value in a good share of the runs, both engines on every
 * shape, both answers common, limit answers rare. */
static void check_coverage(void) {
  /* The configurations deal the option values out over the runs of about
   * a hundred formulas (config_of); fewer, as at a small DPLL_TEST_SCALE,
   * need not see each. */
  if (tally.formulas < 100) {
    print_message("coverage not checked: %ld formulas are too few to see "
                  "every option value\n",
                  tally.formulas);
    return;
  }
  long want = tally.formulas / 24;
  check_counts("-a", engines, tally.engine, 2, want);
  check_counts("-H", heuristics, tally.heuristic, COUNT(heuristics), want);
  check_counts("-H random --seed", seeds, tally.seed, 4, want);
  check_counts("--no-pure", without_with, tally.no_pure, 2, want);
  check_counts("--restarts", restart_policies, tally.restarts,
               COUNT(restart_policies), want);
  check_counts("--target-phase", target_phases, tally.target, 3, want);
  check_counts("--rephase", rephase_policies, tally.rephase, 3, want);
  check_counts("--no-reduce", without_with, tally.no_reduce, 2, want);
  check_counts("--no-minimize", without_with, tally.no_minimize, 2, want);
  for (size_t s = 0; s < NUM_SHAPES && tally.formulas >= 2 * SHAPE_CYCLE; s++)
    for (int e = 0; e < 2; e++)
      if (!tally.shape_runs[s][e])
        failure("coverage", "no %s run on a %s formula", engines[e],
                shapes[s].name);
  if (tally.formulas >= 100 &&
      (tally.sat < tally.formulas / 4 || tally.unsat < tally.formulas / 4))
    failure("coverage",
            "%ld satisfiable and %ld unsatisfiable: want a quarter of each",
            tally.sat, tally.unsat);
  if (tally.limits * 100 > tally.engine[CLASSIC])
    failure("limits",
            "%ld of %ld classic runs stopped at --max-conflicts %s: more "
            "than 1%%",
            tally.limits, tally.engine[CLASSIC], CLASSIC_MAX_CONFLICTS);
}

/* ---- The test ------------------------------------------------------------ */

/* Formula after formula: the reference decides it, then dpll solves it
 * twice, once with each engine, one run on each file (both on the DIMACS
 * file if it has an empty clause); which engine gets the DP file changes
 * every SHAPE_CYCLE formulas, so both engines see every shape in both
 * formats. */
static void test_against_reference(void **state) {
  (void)state;
  if (!reference) {
    skipped = true;
    print_message("SKIPPED: no reference solver: no picosat or minisat on "
                  "PATH or in /usr/bin, or REFERENCE none (tests/run-all.sh "
                  "installs picosat)\n");
    skip();
  }
  begin_cases();
  int cycle = 0;
  for (size_t s = 0; s < NUM_SHAPES; s++)
    cycle += shapes[s].weight;
  assert_int_equal(cycle, SHAPE_CYCLE);
  uint64_t rng = SEED;
  long next_config[2] = {0, 0}, random_runs[2] = {0, 0}, i;
  run_result r = {0};
  item it = {0};
  join(it.dp_path, sizeof it.dp_path, scratch, "formula.txt");
  join(it.cnf_path, sizeof it.cnf_path, scratch, "formula.cnf");
  double t0 = now();
  for (i = 0; i < formula_count && tally.failed < MAX_FAILED_FORMULAS; i++) {
    make_item(&it, i, &rng);
    it.truth = decide(&it, &r);
    if (it.truth >= 0) {
      *(it.truth ? &tally.sat : &tally.unsat) += 1;
      (it.truth ? tally.shape_sat : tally.shape_unsat)[it.shape]++;
      int first = (int)((i / SHAPE_CYCLE) % 2);
      for (int k = 0; k < 2; k++) {
        int engine = k ? 1 - first : first;
        if (it.f.num_vars > CLASSIC_MAX_VARS)
          engine = CDCL;
        config cf =
            config_of(engine, next_config[engine]++, &random_runs[engine]);
        run_dpll(&it, &cf, k == 1 || it.has_empty, &r);
      }
    }
    free_item(&it);
  }
  tally.formulas = i;
  print_summary(now() - t0);
  if (tally.failed >= MAX_FAILED_FORMULAS)
    failure("differential", "stopped after %d failing formulas, at formula %ld",
            MAX_FAILED_FORMULAS, i - 1);
  else
    check_coverage();
  if (kept)
    print_message("the failing formulas are kept in %s\n", scratch);
  buffer_free(&it.dp);
  buffer_free(&it.cnf);
  run_free(&r);
  end_cases("differential");
}

/* ---- Main ---------------------------------------------------------------- */

/* name on PATH, or in /usr/bin; malloc'd, or NULL. */
static char *find_program(const char *name) {
  const char *path = getenv("PATH");
  char *dirs = strdup(path && *path ? path : ""), *save = NULL, file[4096];
  char *found = NULL;
  for (char *d = dirs ? strtok_r(dirs, ":", &save) : NULL; d && !found;
       d = strtok_r(NULL, ":", &save))
    if (*d &&
        snprintf(file, sizeof file, "%s/%s", d, name) < (int)sizeof file &&
        !access(file, X_OK))
      found = absolute(file);
  free(dirs);
  snprintf(file, sizeof file, "/usr/bin/%s", name);
  return found ? found : !access(file, X_OK) ? strdup(file) : NULL;
}

/* The given reference solver if it can be run, else picosat, else
 * minisat; NULL if none, or if given is "none" (which shows the skip). */
static char *find_reference(const char *given) {
  char *found = NULL;
  if (given && !strcmp(given, "none"))
    return NULL;
  if (given && *given && !access(given, X_OK))
    found = absolute(given);
  else if (given && *given)
    fprintf(stderr,
            "test_differential: cannot run %s; looking for picosat "
            "and minisat\n",
            given);
  if (!found)
    found = find_program("picosat");
  if (!found)
    found = find_program("minisat");
  if (found) {
    const char *base = strrchr(found, '/');
    reference_minisat = strstr(base ? base + 1 : found, "minisat") != NULL;
  }
  return found;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s PATH-TO-DPLL [REFERENCE-SOLVER]\n", argv[0]);
    return 2;
  }
  formula_count = tier_cases_split(FORMULAS, FORMULAS_LONG);
  tool = absolute(argv[1]);
  if (!tool || access(tool, X_OK)) {
    fprintf(stderr, "test_differential: cannot run %s\n", argv[1]);
    return 2;
  }
  reference = find_reference(argc == 3 ? argv[2] : NULL);
  clitest_program = "test_differential";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);
  signal(SIGPIPE, SIG_IGN);
  scratch = make_scratch_dir("dpll-differential");
  if (!scratch)
    return 1;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_against_reference),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  if (kept)
    fprintf(stderr, "test_differential: kept %s\n", scratch);
  else
    remove_scratch_dir(&scratch);
  free(scratch);
  free(tool);
  free(reference);
  return rc == 0 && skipped ? 77 : rc;
}
