/* test_listing.c - dpll --all, --solutions K and --project VARS, run as a
 * program and judged by brute force: every model written satisfies the
 * formula, no two agree on the projection, their number is the number of
 * distinct projections of the formula's models (or K), the list ends as
 * documented (DP: the closing '0' line when complete, then the back matter
 * byte for byte; DIMACS: 's SOLUTIONS N' when complete, 's UNKNOWN' when
 * stopped), the exit status is right; stops by a time limit and by signals
 * keep the models found; each usage error is one exact line and writes
 * nothing.
 *
 * Usage: test_listing PATH-TO-DPLL
 *
 * The random formulas: 100 in a Release build's quick tier, 150 in the
 * long tier's share (clitest.h's tier_cases_split): 20 under the
 * sanitizers, 750 in a Release build's long tier, 7 under valgrind. */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clitest.h"
#include "oracle.h"

#define HANG_SECONDS 20
#define MAX_VARS 64   /* a model is a bit set: variable v is bit v - 1 */
#define SMALL_VARS 10 /* the random formulas' variables, at most */

static char *tool;          /* absolute path of the dpll binary */
static char *tmp_dir;       /* this run's scratch directory (mkdtemp) */
static int random_formulas; /* scaled to the tier: see the top */

/* ---- Models as bit sets -------------------------------------------------- */

static uint64_t all_vars(int n) {
  return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

static uint64_t bit(int v) { return (uint64_t)1 << (v - 1); }

/* Whether the assignment m (over f's variables) satisfies f, by the
 * oracle. */
static bool satisfies(const oracle_formula *f, uint64_t m) {
  unsigned char model[MAX_VARS + 1] = {0};
  for (int v = 1; v <= f->num_vars; v++)
    model[v] = (m & bit(v)) != 0;
  return oracle_check(f, model);
}

/* The number of distinct restrictions to proj of f's models, by brute
 * force over its 2^num_vars assignments (num_vars <= 16); with proj every
 * variable, the number of models. */
static uint64_t count_projections(const oracle_formula *f, uint64_t proj) {
  assert_true(f->num_vars <= 16);
  uint64_t n = all_vars(f->num_vars) + 1, count = 0;
  unsigned char *seen = calloc(n, 1);
  assert_non_null(seen);
  for (uint64_t m = 0; m < n; m++)
    if (satisfies(f, m) && !seen[m & proj]) {
      seen[m & proj] = 1;
      count++;
    }
  free(seen);
  return count;
}

/* ---- Parsing a listing ----------------------------------------------------
 */

typedef enum list_end {
  END_CUT,      /* nothing after the models: K written, or DP stopped */
  END_COMPLETE, /* DP: the closing '0'; DIMACS: 's SOLUTIONS N' */
  END_UNKNOWN   /* DIMACS: 's UNKNOWN' */
} list_end;

static const char *const end_names[] = {
    "nothing (cut short)", "the closing line (complete)", "'s UNKNOWN'"};

typedef struct listing_answer {
  uint64_t *models;
  size_t n, cap;
  list_end end;
  long long solutions; /* DIMACS, END_COMPLETE: the N of 's SOLUTIONS N' */
} listing_answer;

static void add_model(listing_answer *a, uint64_t m) {
  if (a->n == a->cap) {
    a->cap = a->cap ? 2 * a->cap : 64;
    a->models = realloc(a->models, a->cap * sizeof *a->models);
    assert_non_null(a->models);
  }
  a->models[a->n++] = m;
}

/* A DP listing over variables 1..num_vars (at least one): models ("N T" or
 * "N F" for N = 1..num_vars in order, then "0"), the closing "0" if the
 * list is complete, then exactly the back matter.  false, with *why, if it
 * is anything else. */
static bool parse_dp_list(const buffer *out, int num_vars, const buffer *back,
                          listing_answer *a, const char **why) {
  a->n = 0;
  a->end = END_CUT;
  if (out->len < back->len ||
      memcmp(out->data + out->len - back->len, back->data, back->len)) {
    *why = "it does not end with the back matter";
    return false;
  }
  const char *p = out->data, *end = out->data + out->len - back->len;
  while (p < end) {
    if (end - p == 2 && !memcmp(p, "0\n", 2)) {
      a->end = END_COMPLETE;
      break;
    }
    uint64_t m = 0;
    for (int v = 1; v <= num_vars; v++) {
      char line[32];
      int n = snprintf(line, sizeof line, "%d ", v);
      if (end - p < n + 2 || memcmp(p, line, (size_t)n) ||
          (p[n] != 'T' && p[n] != 'F') || p[n + 1] != '\n') {
        *why = "expected 'N T' or 'N F' for N = 1..max in order, or the "
               "closing '0' just before the back matter";
        return false;
      }
      if (p[n] == 'T')
        m |= bit(v);
      p += n + 2;
    }
    if (end - p < 2 || memcmp(p, "0\n", 2)) {
      *why = "a model does not end with the line '0'";
      return false;
    }
    p += 2;
    add_model(a, m);
  }
  return true;
}

/* The literal at p, " L" with L written as %d would write it, followed by
 * a blank or a newline: its value in *lit and its width; 0 if there is
 * none. */
static int literal_at(const char *p, long *lit) {
  char *e;
  if (p[0] != ' ' || (p[1] != '-' && (p[1] < '0' || p[1] > '9')))
    return 0;
  long v = strtol(p + 1, &e, 10);
  char canonical[32];
  int n = snprintf(canonical, sizeof canonical, " %ld", v);
  if ((*e != ' ' && *e != '\n') || e - p != n || memcmp(p, canonical, n))
    return 0;
  *lit = v;
  return n;
}

/* One DIMACS model after its 's SATISFIABLE' line: 'v' lines holding each
 * variable 1..num_vars once, then 0.  A line holds at most 78 columns
 * before the " 0" and is broken only where the next literal would not
 * fit.  Moves *at past it; false, with *why, if malformed. */
static bool parse_v_lines(const char **at, int num_vars, uint64_t *model,
                          const char **why) {
  const char *p = *at;
  uint64_t m = 0, seen = 0;
  for (;;) {
    if (p[0] != 'v' || (p[1] != ' ' && p[1] != '\n')) {
      *why = "expected a 'v' line";
      return false;
    }
    p++;
    int width = 1;
    long lit;
    int n;
    bool closed = false;
    while ((n = literal_at(p, &lit)) > 0) {
      p += n;
      if (lit == 0) {
        closed = true;
        break;
      }
      long v = lit < 0 ? -lit : lit;
      if (v > num_vars || (seen & bit((int)v))) {
        *why = "a 'v' literal out of range or repeated";
        return false;
      }
      if (width + n > 78) {
        *why = "a 'v' line is longer than 78 columns before its ' 0'";
        return false;
      }
      width += n;
      seen |= bit((int)v);
      if (lit > 0)
        m |= bit((int)v);
    }
    if (*p != '\n') {
      *why = "a 'v' line does not end after its literals";
      return false;
    }
    p++;
    if (closed)
      break;
    /* Broken: the next literal must not have fitted. */
    if (p[0] == 'v' && literal_at(p + 1, &lit) > 0 &&
        width + literal_at(p + 1, &lit) <= 78) {
      *why = "a 'v' line is broken before 78 columns";
      return false;
    }
  }
  if (seen != all_vars(num_vars)) {
    *why = "a variable is missing from the 'v' lines";
    return false;
  }
  *at = p;
  *model = m;
  return true;
}

/* A DIMACS listing over variables 1..num_vars: models ('s SATISFIABLE'
 * and 'v' lines), then 's SOLUTIONS N', 's UNKNOWN' or nothing.  false,
 * with *why, if it is anything else. */
static bool parse_dimacs_list(const buffer *out, int num_vars,
                              listing_answer *a, const char **why) {
  a->n = 0;
  a->end = END_CUT;
  a->solutions = -1;
  if (strlen(out->data) != out->len) {
    *why = "it holds a NUL byte";
    return false;
  }
  const char *p = out->data;
  while (!strncmp(p, "s SATISFIABLE\n", 14)) {
    p += 14;
    uint64_t m;
    if (!parse_v_lines(&p, num_vars, &m, why))
      return false;
    add_model(a, m);
  }
  char line[64];
  if (!*p)
    return true;
  if (!strcmp(p, "s UNKNOWN\n")) {
    a->end = END_UNKNOWN;
    return true;
  }
  if (sscanf(p, "s SOLUTIONS %lld", &a->solutions) == 1) {
    snprintf(line, sizeof line, "s SOLUTIONS %lld\n", a->solutions);
    if (!strcmp(p, line)) {
      a->end = END_COMPLETE;
      return true;
    }
  }
  *why = "expected 's SATISFIABLE', then 's SOLUTIONS N', 's UNKNOWN' or the "
         "end of the output";
  return false;
}

static int compare_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Checks that every model of a satisfies f (over f->num_vars variables,
 * as the tool counts them) and that no two agree on proj. */
static bool check_models(const char *name, const oracle_formula *f,
                         const listing_answer *a, uint64_t proj) {
  for (size_t i = 0; i < a->n; i++)
    if (!satisfies(f, a->models[i])) {
      failure(name,
              "model %zu of %zu (bits %#llx) does not satisfy the formula",
              i + 1, a->n, (unsigned long long)a->models[i]);
      return false;
    }
  uint64_t *p = malloc((a->n + 1) * sizeof *p);
  assert_non_null(p);
  for (size_t i = 0; i < a->n; i++)
    p[i] = a->models[i] & proj;
  qsort(p, a->n, sizeof *p, compare_u64);
  bool distinct = true;
  for (size_t i = 1; i < a->n && distinct; i++)
    if (p[i] == p[i - 1]) {
      failure(name,
              "two models agree on the projection %#llx (bits %#llx), "
              "%zu models",
              (unsigned long long)proj, (unsigned long long)p[i], a->n);
      distinct = false;
    }
  free(p);
  return distinct;
}

/* ---- Running and judging ------------------------------------------------- */

/* A command line under construction, NULL-terminated. */
typedef struct args {
  const char *v[24];
  size_t n;
} args;

static void arg(args *a, const char *s) {
  assert_true(a->n + 1 < sizeof a->v / sizeof *a->v);
  a->v[a->n++] = s;
  a->v[a->n] = NULL;
}

/* What a complete or K-limited listing must be. */
typedef struct expectation {
  const oracle_formula *f; /* num_vars: the variables as the tool counts */
  bool dimacs;
  const buffer *back; /* DP: the back matter */
  uint64_t proj;      /* the projection: all variables without --project */
  uint64_t count;     /* distinct projections of the models, brute force */
  long long limit;    /* --solutions K, or 0 (--all) */
} expectation;

/* Judges the output out (stdout or the output file) of run r against e:
 * exit status, empty stderr, the parse, min(K, count) valid distinct
 * models, the closing exactly when the list is complete. */
static void check_listing(const char *name, const run_result *r,
                          const buffer *out, const expectation *e) {
  bool cut = e->limit && (uint64_t)e->limit <= e->count;
  uint64_t want_n = cut ? (uint64_t)e->limit : e->count;
  int want_status = e->dimacs ? (want_n ? 10 : 20) : 0;
  if (!expect_exit(name, r, want_status))
    return;
  expect_empty(name, "stderr", &r->err);
  listing_answer a = {0};
  const char *why = "";
  bool parsed = e->dimacs
                    ? parse_dimacs_list(out, e->f->num_vars, &a, &why)
                    : parse_dp_list(out, e->f->num_vars, e->back, &a, &why);
  if (!parsed)
    failure(name, "malformed listing (%s): \"%s\"", why, SHOW(*out));
  else if (a.n != want_n)
    failure(name, "%zu models written, want %llu (%llu exist): \"%s\"", a.n,
            (unsigned long long)want_n, (unsigned long long)e->count,
            SHOW(*out));
  else if (a.end != (cut ? END_CUT : END_COMPLETE))
    failure(name, "the models are followed by %s, want %s: \"%s\"",
            end_names[a.end], end_names[cut ? END_CUT : END_COMPLETE],
            SHOW(*out));
  else if (a.end == END_COMPLETE && e->dimacs && (uint64_t)a.solutions != a.n)
    failure(name, "'s SOLUTIONS %lld' after %zu models", a.solutions, a.n);
  else
    check_models(name, e->f, &a, e->proj);
  free(a.models);
}

/* ---- Random formulas ------------------------------------------------------
 */

/* A random formula, its two input files and what the tool sees in each. */
typedef struct test_formula {
  oracle_formula f;  /* the DIMACS view: variables 1..the header's count */
  oracle_formula g;  /* the DP view: f's clauses, variables 1..the largest */
  buffer back;       /* the DP file's back matter */
  uint64_t count[2]; /* models of g (DP) and f (DIMACS), brute force */
  int unused[2];     /* variables of g and f that no clause uses */
  const char *path[2];
} test_formula;

static char dp_path[4096], cnf_path[4096];

/* Formula i, in one of four shapes by i mod 4: 7..9 variables in a few
 * clauses of 2..4 literals (many models); 1..10 variables in some
 * clauses; in many short ones (mostly unsatisfiable); in some, one
 * variable replaced by the largest (a gap below it).  One time in three
 * the clauses use fewer variables than the header declares.  Writes both
 * files. */
static void make_formula(test_formula *t, int i, uint64_t *rng) {
  int header = i % 4 == 0 ? SMALL_VARS - 3 + oracle_below(rng, 3)
                          : 1 + oracle_below(rng, SMALL_VARS);
  int used = header > 1 && oracle_below(rng, 3) == 0
                 ? header - 1 - oracle_below(rng, header - 1)
                 : header;
  size_t clauses;
  int min_len, max_len;
  switch (i % 4) {
  case 0: /* many models */
    clauses = (size_t)(1 + oracle_below(rng, used / 2 + 1));
    min_len = 2, max_len = 4;
    break;
  case 1:
    clauses = (size_t)(used + oracle_below(rng, 2 * used + 1));
    min_len = 1, max_len = 4;
    break;
  case 2: /* mostly unsatisfiable */
    clauses = (size_t)(3 * used + oracle_below(rng, 4 * used + 1));
    min_len = 1, max_len = 3;
    break;
  default: /* a variable missing in the middle */
    clauses = (size_t)(1 + oracle_below(rng, 2 * used + 1));
    min_len = 1, max_len = 3;
    break;
  }
  oracle_random(&t->f, rng, used, clauses, min_len, max_len);
  if (i % 4 == 3 && used > 1) {
    int x = 1 + oracle_below(rng, used - 1); /* not the last */
    for (size_t k = 0; k < t->f.start[t->f.num_clauses]; k++)
      if (t->f.lits[k] == x || t->f.lits[k] == -x)
        t->f.lits[k] = t->f.lits[k] > 0 ? used : -used;
  }
  t->f.num_vars = header;
  int max_var = 0;
  for (size_t k = 0; k < t->f.start[t->f.num_clauses]; k++) {
    int v = abs(t->f.lits[k]);
    max_var = v > max_var ? v : max_var;
  }
  for (int view = 0; view < 2; view++) {
    t->unused[view] = 0;
    for (int v = 1; v <= (view ? header : max_var); v++) {
      bool found = false;
      for (size_t k = 0; k < t->f.start[t->f.num_clauses] && !found; k++)
        found = abs(t->f.lits[k]) == v;
      t->unused[view] += !found;
    }
  }
  t->g = t->f; /* shares the clauses */
  t->g.num_vars = max_var;
  t->count[0] = count_projections(&t->g, all_vars(max_var));
  t->count[1] = count_projections(&t->f, all_vars(header));
  assert_true(t->count[1] == oracle_count_models(&t->f));
  assert_true(t->count[0] == oracle_count_models(&t->g));

  /* The DP file, with random back matter as test_cli's: any bytes, NULs,
   * CRs, lines that look like clauses or answers, maybe none. */
  size_t size;
  char *text = oracle_to_text(&t->f, 0, &size);
  buffer file = {0};
  buffer_add(&file, text, size);
  free(text);
  buffer_clear(&t->back);
  static const char pieces[] = "0\n \r\t\0\x80\xffp cnf 1 2 -3 T F c%";
  int back_len = oracle_below(rng, 40);
  for (int k = 0; k < back_len; k++)
    buffer_add(&t->back, &pieces[oracle_below(rng, sizeof pieces - 1)], 1);
  buffer_add(&file, t->back.data, t->back.len);
  write_file(dp_path, file.data, file.len);
  buffer_free(&file);
  text = oracle_to_text(&t->f, 1, &size);
  write_file(cnf_path, text, size);
  free(text);
  t->path[0] = dp_path;
  t->path[1] = cnf_path;
}

/* A --project list for the non-empty set of variables set: each maximal
 * run of consecutive variables as one range, as single numbers, as two
 * ranges that overlap or touch, or as a range and a number inside it;
 * some items twice; in random order.  Into out (size bytes). */
static void project_list(uint64_t set, int n, uint64_t *rng, char *out,
                         size_t size) {
  char items[80][24];
  int k = 0;
  for (int a = 1; a <= n; a++) {
    if (!(set & bit(a)))
      continue;
    int b = a;
    while (b < n && (set & bit(b + 1)))
      b++;
    switch (oracle_below(rng, 4)) {
    case 0:
      snprintf(items[k++], sizeof items[0], "%d-%d", a, b);
      break;
    case 1:
      for (int v = a; v <= b; v++)
        snprintf(items[k++], sizeof items[0], "%d", v);
      break;
    case 2: {
      int m1 = a + oracle_below(rng, b - a + 1);
      int top = m1 + 1 < b ? m1 + 1 : b;
      int m2 = a + oracle_below(rng, top - a + 1);
      snprintf(items[k++], sizeof items[0], "%d-%d", a, m1);
      snprintf(items[k++], sizeof items[0], "%d-%d", m2, b);
      break;
    }
    default:
      snprintf(items[k++], sizeof items[0], "%d-%d", a, b);
      snprintf(items[k++], sizeof items[0], "%d",
               a + oracle_below(rng, b - a + 1));
      break;
    }
    a = b;
  }
  if (oracle_below(rng, 3) == 0) {
    assert_true(k < 80);
    memcpy(items[k], items[oracle_below(rng, k)], sizeof items[0]);
    k++;
  }
  for (int i = k - 1; i > 0; i--) {
    int j = oracle_below(rng, i + 1);
    char tmp[24];
    memcpy(tmp, items[i], sizeof tmp);
    memcpy(items[i], items[j], sizeof tmp);
    memcpy(items[j], tmp, sizeof tmp);
  }
  size_t o = 0;
  for (int i = 0; i < k; i++) {
    int w = snprintf(out + o, size - o, i ? ",%s" : "%s", items[i]);
    assert_true(w > 0 && (size_t)w < size - o);
    o += (size_t)w;
  }
}

/* The case name: the formula, then the command line. */
static const char *case_name(char *out, size_t size, int i,
                             const test_formula *t, int dimacs, const args *a) {
  char cmd[1024];
  snprintf(out, size,
           "formula %d (%d vars in the header, %d in DP, %zu clauses, "
           "%llu models) on the %s file: %s",
           i, t->f.num_vars, t->g.num_vars, t->f.num_clauses,
           (unsigned long long)t->count[dimacs], dimacs ? "DIMACS" : "DP",
           command_name(cmd, sizeof cmd, "dpll", a->v));
  return out;
}

/* Engine and pure-literal options by number: 0..3. */
static void add_config(args *a, int config) {
  if (config & 1) {
    arg(a, "-a");
    arg(a, "dpll");
  } else if (config & 4)
    arg(a, "--algorithm=cdcl");
  if (config & 2)
    arg(a, "--no-pure");
}

static void test_random_formulas(void **state) {
  (void)state;
  begin_cases();
  join(dp_path, sizeof dp_path, tmp_dir, "random.txt");
  join(cnf_path, sizeof cnf_path, tmp_dir, "random.cnf");
  uint64_t rng = 0x115715ee0ULL;
  run_result r = {0};
  test_formula t = {0};
  int unsat = 0, many = 0, unused = 0, gaps = 0, runs = 0;
  double t0 = now();
  for (int i = 0; i < random_formulas; i++) {
    make_formula(&t, i, &rng);
    unsat += t.count[1] == 0;
    many += t.count[0] >= 64;
    unused += t.unused[1] > 0;
    gaps += t.unused[0] > 0;
    char name[2048];

    /* --all: both formats, both engines, with and without --no-pure. */
    for (int dimacs = 0; dimacs < 2; dimacs++) {
      const oracle_formula *view = dimacs ? &t.f : &t.g;
      for (int config = 0; config < 4; config++) {
        args a = {0};
        arg(&a, "--all");
        add_config(&a, config | (i & 4));
        arg(&a, t.path[dimacs]);
        run_argv(&r, tool, NULL, NULL, NULL, a.v);
        runs++;
        expectation e = {
            view, dimacs, &t.back, all_vars(view->num_vars), t.count[dimacs],
            0};
        check_listing(case_name(name, sizeof name, i, &t, dimacs, &a), &r,
                      &r.out, &e);
      }
    }

    /* --solutions K for K = 1, count - 1, count, count + 1 and far more;
     * the format, the engine, --no-pure and "--solutions=K" turn with K. */
    for (int k = 0; k < 5; k++) {
      int dimacs = (i + k) % 2;
      const oracle_formula *view = dimacs ? &t.f : &t.g;
      long long count = (long long)t.count[dimacs];
      long long ks[] = {1, count - 1, count, count + 1, 1000000000000LL};
      if (ks[k] < 1 || (k > 0 && ks[k] == 1) || (k == 2 && count == 1))
        continue; /* not positive, or an earlier K again */
      char kt[48];
      args a = {0};
      if ((i + k) % 3) {
        snprintf(kt, sizeof kt, "%lld", ks[k]);
        arg(&a, "--solutions");
      } else
        snprintf(kt, sizeof kt, "--solutions=%lld", ks[k]);
      arg(&a, kt);
      add_config(&a, (i / 2 + k) % 4);
      arg(&a, t.path[dimacs]);
      run_argv(&r, tool, NULL, NULL, NULL, a.v);
      runs++;
      expectation e = {
          view, dimacs, &t.back, all_vars(view->num_vars), t.count[dimacs],
          ks[k]};
      check_listing(case_name(name, sizeof name, i, &t, dimacs, &a), &r, &r.out,
                    &e);
    }

    /* --project: a random non-empty set, with --all and with --solutions
     * K for K near the number of distinct projections. */
    for (int k = 0; k < 2; k++) {
      int dimacs = (i / 2 + k) % 2;
      const oracle_formula *view = dimacs ? &t.f : &t.g;
      uint64_t set = 0;
      while (!set)
        set = oracle_next(&rng) & all_vars(view->num_vars);
      char list[512], kt[32];
      project_list(set, view->num_vars, &rng, list, sizeof list);
      uint64_t count = count_projections(view, set);
      long long limit = 0;
      args a = {0};
      if (k == 0)
        arg(&a, "--all");
      else {
        limit = (long long)count - 1 + oracle_below(&rng, 3);
        limit = limit < 1 ? 1 : limit;
        snprintf(kt, sizeof kt, "%lld", limit);
        arg(&a, "--solutions");
        arg(&a, kt);
      }
      arg(&a, "--project");
      arg(&a, list);
      add_config(&a, (i + k) % 4);
      arg(&a, t.path[dimacs]);
      run_argv(&r, tool, NULL, NULL, NULL, a.v);
      runs++;
      expectation e = {view, dimacs, &t.back, set, count, limit};
      check_listing(case_name(name, sizeof name, i, &t, dimacs, &a), &r, &r.out,
                    &e);
    }
    oracle_free(&t.f);
  }
  print_message("random: %d formulas (%d unsatisfiable, %d with 64 models or "
                "more, %d with header variables no clause uses, %d with a "
                "gap below the largest variable), %d runs in %.1f s\n",
                random_formulas, unsat, many, unused, gaps, runs, now() - t0);
  int least = random_formulas / 20; /* each shape: about 1 in 8 or more */
  if (unsat < least || many < least || unused < least || gaps < least)
    failure("random formulas",
            "want at least %d of each shape, got %d unsatisfiable, %d with "
            "64 models or more, %d with unused header variables, %d with "
            "gaps",
            least, unsat, many, unused, gaps);
  buffer_free(&t.back);
  run_free(&r);
  remove(dp_path);
  remove(cnf_path);
  end_cases("random formula");
}

/* ---- Exact answers --------------------------------------------------------
 * Formulas with at most one model, whose listings have one spelling. */

static const struct exact_case {
  const char *input; /* the file's text */
  const char *args[4];
  const char *out; /* exactly the expected standard output */
  int status;
} exact_cases[] = {
    {"1\n-2\n0\nBACK", {"--all"}, "1 T\n2 F\n0\n0\nBACK", 0},
    {"1\n-2\n0\nBACK", {"--solutions", "1"}, "1 T\n2 F\n0\nBACK", 0},
    {"1\n-2\n0\nBACK", {"--solutions", "2"}, "1 T\n2 F\n0\n0\nBACK", 0},
    {"1\n-2\n0\n", {"--all", "-a", "dpll"}, "1 T\n2 F\n0\n0\n", 0},
    {"1 2\n-2\n0\n\n", {"--all", "--project", "2"}, "1 T\n2 F\n0\n0\n\n", 0},
    {"1\n-1\n0\nBACK", {"--all"}, "0\nBACK", 0},
    {"1\n-1\n0\nBACK", {"--solutions", "3", "--no-pure"}, "0\nBACK", 0},
    /* No clause: one model, of no variables, written as its '0'. */
    {"0\nXX", {"--all"}, "0\n0\nXX", 0},
    {"p cnf 2 2\n1 0\n-2 0\n",
     {"--all"},
     "s SATISFIABLE\nv 1 -2 0\ns SOLUTIONS 1\n",
     10},
    {"p cnf 2 2\n1 0\n-2 0\n",
     {"--solutions", "1"},
     "s SATISFIABLE\nv 1 -2 0\n",
     10},
    {"p cnf 3 3\n1 0\n-2 0\n3 0\n",
     {"--solutions", "7", "--project", "2-3,2"},
     "s SATISFIABLE\nv 1 -2 3 0\ns SOLUTIONS 1\n",
     10},
    {"p cnf 2 2\n1 0\n-1 0\n", {"--all"}, "s SOLUTIONS 0\n", 20},
    {"p cnf 2 2\n1 0\n-1 0\n", {"--solutions", "1"}, "s SOLUTIONS 0\n", 20},
    {"p cnf 2 1\n0\n", {"--all", "-a", "dpll"}, "s SOLUTIONS 0\n", 20},
    {"p cnf 0 0\n", {"--all"}, "s SATISFIABLE\nv 0\ns SOLUTIONS 1\n", 10},
};

static void test_exact(void **state) {
  (void)state;
  begin_cases();
  char in[4096];
  join(in, sizeof in, tmp_dir, "exact");
  run_result r = {0};
  buffer want = {0};
  for (size_t i = 0; i < sizeof exact_cases / sizeof *exact_cases; i++) {
    const struct exact_case *c = &exact_cases[i];
    write_file(in, c->input, strlen(c->input));
    args a = {0};
    for (size_t k = 0; k < 4 && c->args[k]; k++)
      arg(&a, c->args[k]);
    arg(&a, in);
    char name[2048], cmd[512];
    snprintf(name, sizeof name, "%s on \"%s\"",
             command_name(cmd, sizeof cmd, "dpll", a.v), SHOW_STR(c->input));
    run_argv(&r, tool, NULL, NULL, NULL, a.v);
    buffer_clear(&want);
    buffer_str(&want, c->out);
    if (expect_exit(name, &r, c->status)) {
      expect_bytes(name, "stdout", &r.out, &want);
      expect_empty(name, "stderr", &r.err);
    }
  }
  remove(in);
  buffer_free(&want);
  run_free(&r);
  end_cases("exact answer");
}

/* ---- Usage errors ---------------------------------------------------------
 * Each is one exact line on stderr, exit 1, nothing on stdout, and no
 * output file (nor proof file) created.  The inputs, in the scratch
 * directory: three.cnf and three.txt (variables 1 to 3), none.cnf and
 * none.txt (no variables). */

static const struct error_case {
  const char *args[5]; /* the input last */
  const char *err;
} error_cases[] = {
#define SOLUTIONS_ERR(x)                                                       \
  "dpll: --solutions needs a positive number, not '" x "'\n"
    {{"--solutions", "0", "three.cnf"}, SOLUTIONS_ERR("0")},
    {{"--solutions", "-1", "three.cnf"}, SOLUTIONS_ERR("-1")},
    {{"--solutions", "abc", "three.txt"}, SOLUTIONS_ERR("abc")},
    {{"--solutions", "", "three.cnf"}, SOLUTIONS_ERR("")},
    {{"--solutions=", "three.cnf"}, SOLUTIONS_ERR("")},
    {{"--solutions", "1x", "three.txt"}, SOLUTIONS_ERR("1x")},
    {{"--solutions=12345678901234567890", "three.cnf"},
     SOLUTIONS_ERR("12345678901234567890")},
    {{"--all", "--solutions", "0", "three.txt"}, SOLUTIONS_ERR("0")},
#define PROJECT_ERR(x)                                                         \
  "dpll: --project needs a list of variables such as 1-20,25, not '" x "'\n"
    {{"--all", "--project", "1-", "three.cnf"}, PROJECT_ERR("1-")},
    {{"--all", "--project", "0", "three.cnf"}, PROJECT_ERR("0")},
    {{"--all", "--project", "3-2", "three.txt"}, PROJECT_ERR("3-2")},
    {{"--all", "--project", "a", "three.cnf"}, PROJECT_ERR("a")},
    {{"--all", "--project", "1,,2", "three.cnf"}, PROJECT_ERR("1,,2")},
    {{"--solutions", "2", "--project=1,", "three.txt"}, PROJECT_ERR("1,")},
    {{"--all", "--project", "", "three.cnf"}, PROJECT_ERR("")},
    {{"--all", "--project", ",1", "three.cnf"}, PROJECT_ERR(",1")},
    {{"--all", "--project", "1-2-3", "three.cnf"}, PROJECT_ERR("1-2-3")},
#define RANGE_ERR(v)                                                           \
  "dpll: --project: variable " v " is not in the input (its variables are 1 "  \
  "to 3)\n"
    {{"--all", "--project", "9", "three.cnf"}, RANGE_ERR("9")},
    {{"--all", "--project", "2,9,1", "three.cnf"}, RANGE_ERR("9")},
    {{"--solutions", "1", "--project", "1-9", "three.txt"}, RANGE_ERR("4")},
    {{"--all", "--project", "4", "three.txt"}, RANGE_ERR("4")},
    {{"--all", "--project", "1", "none.cnf"},
     "dpll: --project: the input has no variables\n"},
    {{"--all", "--project", "1", "none.txt"},
     "dpll: --project: the input has no variables\n"},
    {{"--project", "1", "three.cnf"},
     "dpll: --project needs --all or --solutions\n"},
    {{"--project=1-2", "three.txt"},
     "dpll: --project needs --all or --solutions\n"},
#define PROOF_ERR                                                              \
  "dpll: --proof cannot be combined with --all or --solutions (a proof is "    \
  "of the input alone)\n"
    {{"--all", "--proof", "proof.drat", "three.cnf"}, PROOF_ERR},
    {{"--proof", "proof.drat", "--solutions", "2", "three.txt"}, PROOF_ERR},
};

static void test_errors(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *name, *text;
  } inputs[] = {{"three.cnf", "p cnf 3 2\n1 2 0\n-1 -3 0\n"},
                {"three.txt", "1 2\n-1 -3\n0\nBACK\n"},
                {"none.cnf", "p cnf 0 0\n"},
                {"none.txt", "0\nBACK\n"}};
  char path[4096], out[4096], proof[4096];
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++)
    write_file(join(path, sizeof path, tmp_dir, inputs[i].name), inputs[i].text,
               strlen(inputs[i].text));
  join(out, sizeof out, tmp_dir, "not-created.out");
  join(proof, sizeof proof, tmp_dir, "proof.drat");
  run_result r = {0};
  buffer want = {0};
  for (size_t i = 0; i < sizeof error_cases / sizeof *error_cases; i++) {
    const struct error_case *c = &error_cases[i];
    buffer_clear(&want);
    buffer_str(&want, c->err);
    /* To stdout, then with -o FILE, then with an OUTPUT argument. */
    for (int form = 0; form < 3; form++) {
      args a = {0};
      for (size_t k = 0; k < 5 && c->args[k]; k++)
        arg(&a, c->args[k]);
      if (form == 1) {
        arg(&a, "-o");
        arg(&a, "not-created.out");
      } else if (form == 2)
        arg(&a, "not-created.out");
      char name[1024];
      command_name(name, sizeof name, "dpll", a.v);
      run_argv(&r, tool, tmp_dir, NULL, NULL, a.v);
      if (expect_exit(name, &r, 1)) {
        expect_empty(name, "stdout", &r.out);
        expect_bytes(name, "stderr", &r.err, &want);
      }
      if (exists(out)) {
        failure(name, "the output file was created");
        remove(out);
      }
      if (exists(proof)) {
        failure(name, "the proof file was created");
        remove(proof);
      }
    }
  }
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++)
    remove(join(path, sizeof path, tmp_dir, inputs[i].name));
  buffer_free(&want);
  run_free(&r);
  end_cases("usage error");
}

/* ---- Stops ----------------------------------------------------------------
 * 60 variables and one short clause have about 2^60 models: a time limit
 * or a signal stops the listing, which keeps the models found.  PHP(12,
 * 11) takes minutes to refute: a stop comes before the first model.  The
 * stops of both formats run at once (see test_stops). */

static const char big_back[] = "the back matter\n0\n";

/* Writes the formula of 60 variables: DIMACS, one clause "1 2" under a
 * header of 60; DP, "1 2 60" (DP counts up to the largest variable used),
 * then big_back.  f gets what the tool sees. */
static void write_big(const char *path, bool dimacs, oracle_formula *f) {
  const char *text = dimacs ? "p cnf 60 1\n1 2 0\n" : "1 2 60\n0\n";
  buffer b = {0};
  buffer_str(&b, text);
  if (!dimacs)
    buffer_str(&b, big_back);
  write_file(path, b.data, b.len);
  buffer_free(&b);
  oracle_init(f, 60);
  oracle_add(f, dimacs ? (const int[]){1, 2} : (const int[]){1, 2, 60},
             dimacs ? 2 : 3);
}

/* A listing of f's models that `why` stopped: DP, exit 2, the models and
 * the back matter without the closing '0', and the one line "dpll:
 * stopped by WHY before the list of models was complete"; DIMACS, exit
 * 10, the models then 's UNKNOWN', nothing on stderr.  At least one
 * model, each valid, no two alike on proj.  out: stdout or the file. */
static void check_stopped_list(const char *name, const run_result *r,
                               const buffer *out, const oracle_formula *f,
                               bool dimacs, uint64_t proj, const char *why) {
  if (!expect_exit(name, r, dimacs ? 10 : 2))
    return;
  char line[200];
  snprintf(line, sizeof line,
           "dpll: stopped by %s before the list of models was complete\n", why);
  if (dimacs)
    expect_empty(name, "stderr", &r->err);
  else if (strcmp(r->err.data, line) || r->err.len != strlen(line))
    failure(name, "stderr \"%s\", not \"%s\"", SHOW(r->err), SHOW_STR(line));
  buffer back = {0};
  buffer_str(&back, big_back);
  listing_answer a = {0};
  const char *bad = "";
  bool parsed = dimacs ? parse_dimacs_list(out, f->num_vars, &a, &bad)
                       : parse_dp_list(out, f->num_vars, &back, &a, &bad);
  list_end want = dimacs ? END_UNKNOWN : END_CUT;
  if (!parsed)
    failure(name, "malformed listing (%s): \"%s\"", bad, SHOW(*out));
  else if (a.n == 0)
    failure(name, "no model before the stop: \"%s\"", SHOW(*out));
  else if (a.end != want)
    failure(name, "the models are followed by %s, want %s", end_names[a.end],
            end_names[want]);
  else
    check_models(name, f, &a, proj);
  free(a.models);
  buffer_free(&back);
}

/* A stop before the first model: DP, exit 2, nothing written, the one
 * line "dpll: stopped by WHY before finding an answer"; DIMACS, exit 0
 * and 's UNKNOWN'.  out: stdout, or the output file (NULL: not created). */
static void check_stopped_first(const char *name, const run_result *r,
                                const buffer *out, bool to_file, bool dimacs,
                                const char *why) {
  char line[200];
  if (dimacs) {
    if (!expect_exit(name, r, 0))
      return;
    expect_empty(name, "stderr", &r->err);
    if (!out)
      failure(name, "the output file was not written");
    else if (strcmp(out->data, "s UNKNOWN\n") || out->len != 10)
      failure(name, "output \"%s\", not \"s UNKNOWN\"", SHOW(*out));
    return;
  }
  snprintf(line, sizeof line, "dpll: stopped by %s before finding an answer\n",
           why);
  if (!expect_exit(name, r, 2))
    return;
  if (out && (to_file || out->len))
    failure(name, "wrote \"%s\"%s, want nothing", SHOW(*out),
            to_file ? " to the output file" : "");
  if (strcmp(r->err.data, line) || r->err.len != strlen(line))
    failure(name, "stderr \"%s\", not \"%s\"", SHOW(r->err), SHOW_STR(line));
}

/* A stop while listing: usually after some models (check_stopped_list),
 * but on a slow machine (valgrind, a busy one) the stop may come before
 * the first, and that answer must then be right (check_stopped_first).
 * Returns whether it was judged as a stop after some models. */
static bool check_stopped_some(const char *name, const run_result *r,
                               const buffer *out, bool to_file,
                               const oracle_formula *f, bool dimacs,
                               uint64_t proj, const char *why) {
  bool first = !r->sig &&
               (dimacs ? r->code == 0
                       : r->code == 2 && strstr(r->err.data, "before finding"));
  if (first)
    check_stopped_first(name, r, out, to_file, dimacs, why);
  else if (!out)
    failure(name, "the output file was not written");
  else
    check_stopped_list(name, r, out, f, dimacs, proj, why);
  return !first;
}

/* The stop cases of each format, all run at once (run_jobs, one at a time
 * under valgrind: signal_jobs_at_once): they wait rather than compute, so
 * their waits overlap.  The signals come signal_delay() in (clitest.h). */
enum {
  STOP_LIMIT,         /* big, --all, a time limit */
  STOP_LIMIT_PROJECT, /* big, --solutions huge K --project, a time limit */
  STOP_SIGINT,        /* big, --all -o FILE, SIGINT */
  STOP_SIGTERM,       /* big, --all -o FILE, SIGTERM */
  STOP_SOLUTIONS,     /* big, --solutions 5 */
  STOP_PHP_LIMIT,     /* PHP, --all, a time limit */
  STOP_PHP_SIGTERM,   /* PHP, --solutions 2 --project -o FILE, SIGTERM */
  STOPS
};

/* The time limit of the stop cases: short, since a stop of the big
 * listing may come before the first model or after some (on a slow
 * machine, before), and either answer is judged. */
#define STOP_LIMIT_TEXT "0.2"

static void test_stops(void **state) {
  (void)state;
  begin_cases();
  static const char *const big_name[] = {"big.txt", "big.cnf"};
  static const char *const php_name[] = {"php12.txt", "php12.cnf"};
  char big[2][4096], php[2][4096], out[2][STOPS][4096], name[2][STOPS][1024];
  oracle_formula f[2];
  double after = signal_delay();
  args a[2][STOPS] = {0};
  run_job jobs[2][STOPS] = {0};
  for (int d = 0; d < 2; d++) {
    write_big(join(big[d], sizeof big[d], tmp_dir, big_name[d]), d, &f[d]);
    oracle_write_pigeons(join(php[d], sizeof php[d], tmp_dir, php_name[d]), 11,
                         d);
    for (int c = 0; c < STOPS; c++) {
      char file[64];
      snprintf(file, sizeof file, "stopped-%d-%d.out", d, c);
      remove(join(out[d][c], sizeof out[d][c], tmp_dir, file));
      args *x = &a[d][c];
      run_job *j = &jobs[d][c];
      j->prog = tool;
      j->args = x->v;
      switch (c) {
      case STOP_LIMIT: /* a time limit, with --all */
        arg(x, "--all");
        arg(x, "--time-limit");
        arg(x, STOP_LIMIT_TEXT);
        arg(x, big[d]);
        command_name(name[d][c], sizeof name[d][c], "dpll", x->v);
        break;
      case STOP_LIMIT_PROJECT: /* with a projection and a large K */
        arg(x, "--solutions");
        arg(x, "100000000000");
        arg(x, "--project");
        arg(x, "1-30,45,2-3");
        arg(x, "--time-limit");
        arg(x, STOP_LIMIT_TEXT);
        arg(x, big[d]);
        command_name(name[d][c], sizeof name[d][c], "dpll", x->v);
        break;
      case STOP_SIGINT: /* signals, the listing going to a file */
      case STOP_SIGTERM:
        arg(x, "--all");
        arg(x, big[d]);
        arg(x, "-o");
        arg(x, out[d][c]);
        j->signal = c == STOP_SIGINT ? SIGINT : SIGTERM;
        j->signal_after = after;
        snprintf(name[d][c], sizeof name[d][c],
                 "dpll --all %s -o FILE, %s after %g s", big_name[d],
                 c == STOP_SIGINT ? "SIGINT" : "SIGTERM", after);
        break;
      case STOP_SOLUTIONS: /* --solutions K stops solving after K models */
        arg(x, "--solutions");
        arg(x, "5");
        arg(x, big[d]);
        snprintf(name[d][c], sizeof name[d][c], "dpll --solutions 5 %s",
                 big_name[d]);
        break;
      case STOP_PHP_LIMIT: /* PHP: stopped before the first model */
        arg(x, "--all");
        arg(x, "--time-limit");
        arg(x, STOP_LIMIT_TEXT);
        arg(x, php[d]);
        snprintf(name[d][c], sizeof name[d][c],
                 "dpll --all --time-limit " STOP_LIMIT_TEXT " %s", php_name[d]);
        break;
      default: /* STOP_PHP_SIGTERM */
        arg(x, "--solutions");
        arg(x, "2");
        arg(x, "--project");
        arg(x, "1-5");
        arg(x, php[d]);
        arg(x, "-o");
        arg(x, out[d][c]);
        j->signal = SIGTERM;
        j->signal_after = after;
        snprintf(name[d][c], sizeof name[d][c],
                 "dpll --solutions 2 --project 1-5 %s -o FILE, SIGTERM after "
                 "%g s",
                 php_name[d], after);
        break;
      }
    }
  }
  run_jobs(&jobs[0][0], 2 * STOPS, signal_jobs_at_once());

  buffer got = {0}, back = {0};
  buffer_str(&back, big_back);
  int listed = 0; /* stops of the big listing after some models */
  for (int d = 0; d < 2; d++)
    for (int c = 0; c < STOPS; c++) {
      const char *n = name[d][c];
      run_result *r = &jobs[d][c].r;
      bool written = false;
      if (c == STOP_LIMIT || c == STOP_LIMIT_PROJECT || c == STOP_PHP_LIMIT) {
        if (jobs[d][c].took > tier_seconds(5))
          failure(n,
                  "took %.1f s to stop after a limit of " STOP_LIMIT_TEXT " s",
                  jobs[d][c].took);
      } else if (c != STOP_SOLUTIONS) {
        if (r->stopped < 0 || r->stopped > tier_seconds(5))
          failure(n, "exited %.1f s after the signal", r->stopped);
        expect_empty(n, "stdout", &r->out);
        written = read_file(out[d][c], &got);
      }
      switch (c) {
      case STOP_LIMIT:
      case STOP_LIMIT_PROJECT:
        listed += check_stopped_some(
            n, r, &r->out, false, &f[d], d,
            c == STOP_LIMIT_PROJECT ? all_vars(30) | bit(45) : all_vars(60),
            "the time limit");
        break;
      case STOP_SIGINT:
      case STOP_SIGTERM: /* the listing written whole */
        listed += check_stopped_some(n, r, written ? &got : NULL, true, &f[d],
                                     d, all_vars(60),
                                     c == STOP_SIGINT ? "SIGINT" : "SIGTERM");
        break;
      case STOP_SOLUTIONS: { /* no closing */
        expectation e = {&f[d], d, &back, all_vars(60), UINT64_MAX, 5};
        check_listing(n, r, &r->out, &e);
        break;
      }
      case STOP_PHP_LIMIT: /* as without --all */
        check_stopped_first(n, r, &r->out, false, d, "the time limit");
        break;
      default:
        check_stopped_first(n, r, written ? &got : NULL, true, d, "SIGTERM");
        break;
      }
      remove(out[d][c]);
      run_free(r);
    }
  print_message("stops: %d of the 8 stopped listings of the big formula had "
                "models (the others stopped before the first: a slow "
                "start)\n",
                listed);
  for (int d = 0; d < 2; d++) {
    remove(big[d]);
    remove(php[d]);
    oracle_free(&f[d]);
  }
  buffer_free(&got);
  buffer_free(&back);
  end_cases("stop");
}

/* ---- Output files ---------------------------------------------------------
 * -o FILE and an OUTPUT argument get exactly the bytes of stdout (an
 * older, longer file replaced), and stdout nothing. */

static void test_output_file(void **state) {
  (void)state;
  begin_cases();
  join(dp_path, sizeof dp_path, tmp_dir, "output.txt");
  join(cnf_path, sizeof cnf_path, tmp_dir, "output.cnf");
  char out[4096];
  join(out, sizeof out, tmp_dir, "listing.out");
  uint64_t rng = 0x0b1ec7f11eULL;
  run_result r = {0};
  test_formula t = {0};
  buffer want = {0}, got = {0};
  static const char junk[] =
      "an older, longer file that the listing must replace entirely\n";
  for (int i = 0; i < 8; i++) {
    make_formula(&t, i, &rng);
    for (int dimacs = 0; dimacs < 2; dimacs++) {
      const oracle_formula *view = dimacs ? &t.f : &t.g;
      char name[2048];
      args a = {0};
      arg(&a, i % 2 ? "--solutions" : "--all");
      if (i % 2)
        arg(&a, "3");
      if (i % 3 == 0) {
        arg(&a, "--project");
        arg(&a, "1");
      }
      arg(&a, t.path[dimacs]);
      run_argv(&r, tool, NULL, NULL, NULL, a.v);
      uint64_t proj = i % 3 == 0 ? bit(1) : all_vars(view->num_vars);
      expectation e = {
          view,         dimacs, &t.back, proj, count_projections(view, proj),
          i % 2 ? 3 : 0};
      check_listing(case_name(name, sizeof name, i, &t, dimacs, &a), &r, &r.out,
                    &e);
      buffer_clear(&want);
      buffer_add(&want, r.out.data, r.out.len);
      int status = r.code;
      for (int form = 0; form < 2; form++) {
        args b = a;
        if (form == 0)
          arg(&b, "-o");
        arg(&b, out);
        case_name(name, sizeof name, i, &t, dimacs, &b);
        write_file(out, junk, sizeof junk - 1);
        run_argv(&r, tool, NULL, NULL, NULL, b.v);
        if (!expect_exit(name, &r, status))
          continue;
        expect_empty(name, "stdout", &r.out);
        expect_empty(name, "stderr", &r.err);
        if (!read_file(out, &got))
          failure(name, "the output file was not written");
        else
          expect_bytes(name, "the output file", &got, &want);
      }
    }
    oracle_free(&t.f);
  }
  remove(out);
  remove(dp_path);
  remove(cnf_path);
  buffer_free(&t.back);
  buffer_free(&want);
  buffer_free(&got);
  run_free(&r);
  end_cases("output file");
}

/* ---- Main -------------------------------------------------------------------
 */

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s PATH-TO-DPLL\n", argv[0]);
    return 2;
  }
  random_formulas = (int)tier_cases_split(100, 150);
  tool = absolute(argv[1]);
  if (!tool || access(tool, X_OK)) {
    fprintf(stderr, "test_listing: bad tool %s\n", argv[1]);
    return 2;
  }
  clitest_program = "test_listing";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exact),           cmocka_unit_test(test_errors),
      cmocka_unit_test(test_output_file),     cmocka_unit_test(test_stops),
      cmocka_unit_test(test_random_formulas),
  };
  int rc = clitest_run_group("listing", tests, sizeof tests / sizeof *tests,
                             "dpll-test-listing", &tmp_dir);
  free(tool);
  return rc;
}
