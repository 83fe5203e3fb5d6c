/* test_maze_tools.c - the tools maze-front and maze-back, run as programs,
 * alone and in the pipeline maze-front | dpll | maze-back (three
 * processes, through files).  Every answer is judged by tests/mazecheck.c
 * (its own maze reader, breadth-first search, replay and counts), never by
 * libmaze: NO SOLUTION must come exactly when the judge finds no path in
 * at most K moves, and every path written must replay.
 *
 * The groups: bad maze files and bad maze-back inputs (data-driven), usage
 * errors, --help and --version, the course's three questions
 * (examples/mazes), the mazes of tests/data/maze, --no-prune, --times,
 * --dimacs solved by dpll, dpll --all and --solutions, standard input and
 * output files, random mazes, and maze-back --check-proof (genuine proofs
 * of a maze with no path, a solvable maze's forged answer with proofs
 * that must be refused, bad proof files).
 *
 * Usage: test_maze_tools MAZE-FRONT DPLL MAZE-BACK PATH-TO-TESTS/DATA/MAZE
 *                        PATH-TO-EXAMPLES/MAZES [RANDOM-MAZES]
 * (RANDOM-MAZES, 60 by default, for the last group; 0 skips it.)
 *
 * Data files (tests/data/maze):
 *   NAME.txt            mazes, each run through the pipeline and judged;
 *   bad/NAME.txt        a maze file maze-front must reject, named after what
 *                       is wrong with it, with bad/NAME.err exactly the
 *                       expected standard error (line and column by hand);
 *   back-bad/NAME.txt   an input maze-back must reject, with NAME.err the
 *                       same way; back-bad/README says how each was made.
 *
 * Every case that fails is reported with its name; a test function fails if
 * any of its cases did. */
#define _POSIX_C_SOURCE 200809L

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
#include "mazecheck.h"

#define HANG_SECONDS 90 /* per process; generous for sanitizer builds */
#define MIN_BAD_MAZES 30
#define MIN_BAD_ANSWERS 24
#define RANDOM_MAZES 60 /* in a Release build's quick tier (tier.h) */

static char *front_tool, *dpll_tool, *back_tool; /* absolute paths */
static char *data_dir;                           /* tests/data/maze */
static char *examples_dir;                       /* examples/mazes */
static char *tmp_dir; /* this run's scratch directory */
static int random_mazes = RANDOM_MAZES;

/* ---- Running the tools ---------------------------------------------------
 */

/* Runs prog with args (NULL-ended) and input file in (may be NULL),
 * expecting exit `code` and nothing on standard error. */
static bool run_ok(const char *name, run_result *r, const char *prog,
                   const char *in, const char *const *args, int code) {
  run_argv(r, prog, NULL, in, NULL, args);
  return expect_exit(name, r, code) && expect_empty(name, "stderr", &r->err);
}

/* Appends the NULL-ended list src to dst[*n..]. */
static void append(const char **dst, size_t *n, const char *const *src) {
  for (size_t i = 0; src && src[i]; i++)
    dst[(*n)++] = src[i];
}

/* maze-front FRONT_ARGS MAZE -o clauses; dpll DPLL_ARGS clauses answer;
 * maze-back BACK_ARGS answer, whose standard output is left in r.  False
 * (with the failure reported) if a step fails. */
static bool pipeline(const char *name, const char *maze,
                     const char *const *front_args,
                     const char *const *dpll_args, const char *const *back_args,
                     run_result *r) {
  char clauses[4096], answer[4096];
  join(clauses, sizeof clauses, tmp_dir, "clauses.txt");
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  const char *args[16];
  size_t n = 0;
  append(args, &n, front_args);
  append(args, &n, (const char *const[]){maze, "-o", clauses, NULL});
  args[n] = NULL;
  if (!run_ok(name, r, front_tool, NULL, args, 0))
    return false;
  n = 0;
  append(args, &n, dpll_args);
  append(args, &n, (const char *const[]){clauses, answer, NULL});
  args[n] = NULL;
  if (!run_ok(name, r, dpll_tool, NULL, args, 0))
    return false;
  n = 0;
  append(args, &n, back_args);
  append(args, &n, (const char *const[]){answer, NULL});
  args[n] = NULL;
  return run_ok(name, r, back_tool, NULL, args, 0);
}

/* The judge's reading of the maze file at path. */
static void judge_file(const char *path, mc_maze *m) {
  buffer text = {0};
  char why[200];
  if (!read_file(path, &text))
    fail_msg("cannot read %s", path);
  if (!mc_read(text.data, text.len, m, why, sizeof why))
    fail_msg("mazecheck cannot read %s: %s", path, why);
  buffer_free(&text);
}

static bool solvable(const mc_maze *m) {
  int fewest = mc_fewest_moves(m);
  return fewest >= 0 && fewest <= m->steps;
}

/* maze-back's output of one answer: NO SOLUTION exactly when the judge
 * finds no path; else one line, a path the judge replays (with times,
 * K + 1 names). */
static void check_path_output(const char *name, const mc_maze *m,
                              const buffer *out, bool times) {
  char why[300];
  if (!solvable(m)) {
    if (strcmp(out->data, "NO SOLUTION\n"))
      failure(name, "expected NO SOLUTION, got \"%s\"", SHOW(*out));
    return;
  }
  if (!is_one_line(out) ||
      !mc_check_line(m, out->data, out->len, why, sizeof why)) {
    failure(name, "\"%s\" is no solution: %s", SHOW(*out), why);
    return;
  }
  size_t names = 1;
  for (size_t i = 0; i < out->len; i++)
    names += out->data[i] == ' ';
  if (times && names != (size_t)m->steps + 1)
    failure(name, "--times wrote %zu nodes for K = %d", names, m->steps);
  /* Without --times no stay is written: no word follows itself. */
  for (const char *w = out->data; !times;) {
    size_t len = strcspn(w, " \n");
    if (w[len] != ' ')
      break;
    const char *next = w + len + 1;
    if (!strncmp(next, w, len) && (next[len] == ' ' || next[len] == '\n')) {
      failure(name, "a stay is written: \"%s\"", SHOW(*out));
      break;
    }
    w = next;
  }
}

/* ---- Data-driven bad inputs ------------------------------------------------
 */

static int run_bad_dir(const char *prog, const char *sub,
                       const char *const *extra, const char *tool_prefix) {
  char dir[4096], shown_dir[256], label[256], stdin_label[256];
  snprintf(shown_dir, sizeof shown_dir, "tests/data/maze/%s", sub);
  snprintf(label, sizeof label, "%s/", sub);
  snprintf(stdin_label, sizeof stdin_label, "%s < %s/", strrchr(prog, '/') + 1,
           sub);
  const bad_inputs bad = {.prog = prog,
                          .dir = join(dir, sizeof dir, data_dir, sub),
                          .dir_name = shown_dir,
                          .ext = ".txt",
                          .extra = extra,
                          .tool_prefix = tool_prefix,
                          .label = label,
                          .stdin_label = stdin_label};
  return run_bad_inputs(&bad);
}

static void test_bad_mazes(void **state) {
  (void)state;
  begin_cases();
  int cases = run_bad_dir(front_tool, "bad", NULL, NULL);
  print_message("bad maze files: %d cases\n", cases);
  if (cases < MIN_BAD_MAZES)
    failure("tests/data/maze/bad", "only %d cases, expected at least %d", cases,
            MIN_BAD_MAZES);
  end_cases("bad maze file");
}

static void test_bad_answers(void **state) {
  (void)state;
  begin_cases();
  static const char *const extra[] = {"README", NULL};
  int cases = run_bad_dir(back_tool, "back-bad", extra, "maze-back: ");
  print_message("bad maze-back inputs: %d cases\n", cases);
  if (cases < MIN_BAD_ANSWERS)
    failure("tests/data/maze/back-bad", "only %d cases, expected at least %d",
            cases, MIN_BAD_ANSWERS);
  end_cases("bad maze-back input");
}

/* ---- Usage -----------------------------------------------------------------
 */

static void expect_usage_error(const char *prog, const char *const *args,
                               const char *want) {
  char name[600];
  command_name(name, sizeof name, strrchr(prog, '/') + 1, args);
  run_result r = {0};
  buffer w = {0};
  buffer_str(&w, want);
  run_argv(&r, prog, tmp_dir, NULL, NULL, args);
  if (expect_exit(name, &r, 1)) {
    expect_empty(name, "stdout", &r.out);
    expect_bytes(name, "stderr", &r.err, &w);
  }
  buffer_free(&w);
  run_free(&r);
}

static void test_usage(void **state) {
  (void)state;
  begin_cases();
  run_result r = {0};
  static const struct {
    const char *name, *help_start;
    char **prog;
  } tools[] = {
      {"maze-front", "Usage: maze-front [OPTIONS] [MAZE [OUTPUT]]\n",
       &front_tool},
      {"maze-back", "Usage: maze-back [OPTIONS] [INPUT [OUTPUT]]\n",
       &back_tool},
  };
  for (size_t t = 0; t < 2; t++) {
    const char *prog = *tools[t].prog;
    static const char *const help[] = {"--help", "-h"};
    for (size_t k = 0; k < 2; k++) {
      char name[64], version[64];
      snprintf(name, sizeof name, "%s %s", tools[t].name, help[k]);
      if (run_ok(name, &r, prog, NULL, (const char *const[]){help[k], NULL},
                 0) &&
          strncmp(r.out.data, tools[t].help_start, strlen(tools[t].help_start)))
        failure(name, "the help starts \"%s\"", SHOW(r.out));
      snprintf(name, sizeof name, "%s %s", tools[t].name,
               k ? "-V" : "--version");
      snprintf(version, sizeof version, "%s 0.1.0\n", tools[t].name);
      if (run_ok(name, &r, prog, NULL,
                 (const char *const[]){k ? "-V" : "--version", NULL}, 0) &&
          strcmp(r.out.data, version))
        failure(name, "wrote \"%s\"", SHOW(r.out));
    }
    char want[256];
    snprintf(want, sizeof want, "%s: unknown option '--bogus' (try --help)\n",
             tools[t].name);
    expect_usage_error(prog, (const char *const[]){"--bogus", NULL}, want);
    snprintf(want, sizeof want, "%s: unexpected argument 'c' (try --help)\n",
             tools[t].name);
    expect_usage_error(prog, (const char *const[]){"a", "b", "c", NULL}, want);
    snprintf(want, sizeof want, "%s: two outputs: 'y' and 'x'\n",
             tools[t].name);
    expect_usage_error(prog, (const char *const[]){"-o", "x", "a", "y", NULL},
                       want);
    snprintf(want, sizeof want,
             "%s: no-such-file.txt: cannot read: No such file or directory\n",
             tools[t].name);
    expect_usage_error(prog, (const char *const[]){"no-such-file.txt", NULL},
                       want);
  }
  expect_usage_error(front_tool, (const char *const[]){"-d=1", NULL},
                     "maze-front: unknown option '-d=1' (try --help)\n");
  /* A maze given to maze-back, an unwritable output. */
  char maze[4096], want[8192];
  join(maze, sizeof maze, examples_dir, "gold-ruby-2.txt");
  /* An encoding over --max-clauses: refused, nothing written. */
  expect_usage_error(
      front_tool, (const char *const[]){"--max-clauses", "5", maze, NULL},
      "maze-front: the encoding has 39 clauses, more than the limit of 5: "
      "nothing written (--max-clauses N raises it, 0 lifts it)\n");
  snprintf(want, sizeof want,
           "%s:1:1: expected 'N T' or 'N F' (an atom and its value) or the "
           "line '0', found '# The course's maze (docs/maze.md): get'\n",
           maze);
  expect_usage_error(back_tool, (const char *const[]){maze, NULL}, want);
  expect_usage_error(
      front_tool, (const char *const[]){maze, "/no/such/dir/out", NULL},
      "maze-front: /no/such/dir/out: cannot open for writing: No such file "
      "or directory\n");
  run_free(&r);
  end_cases("usage");
}

/* ---- The course's questions and the data mazes -----------------------------
 */

static void test_course_questions(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *file, *want; /* want NULL: any path the judge accepts */
    int moves;               /* of the path written */
  } cases[] = {
      {"gold-ruby-2.txt", "START C F\n", 2},
      {"gold-wand-ruby-4.txt", NULL, 4},
      {"gold-ring-2.txt", "NO SOLUTION\n", 0},
  };
  run_result r = {0};
  for (size_t i = 0; i < 3; i++)
    for (int prune = 0; prune <= 1; prune++) {
      char path[4096], name[256];
      join(path, sizeof path, examples_dir, cases[i].file);
      snprintf(name, sizeof name, "examples/mazes/%s%s", cases[i].file,
               prune ? "" : " --no-prune");
      mc_maze m;
      judge_file(path, &m);
      if (!pipeline(name, path,
                    prune ? NULL : (const char *const[]){"--no-prune", NULL},
                    NULL, NULL, &r))
        continue;
      check_path_output(name, &m, &r.out, false);
      if (cases[i].want && strcmp(r.out.data, cases[i].want))
        failure(name, "wrote \"%s\", expected \"%s\"", SHOW(r.out),
                SHOW_STR(cases[i].want));
      size_t blanks = 0;
      for (size_t k = 0; k < r.out.len; k++)
        blanks += r.out.data[k] == ' ';
      if (cases[i].moves && blanks != (size_t)cases[i].moves)
        failure(name, "a path of %zu moves, expected %d", blanks,
                cases[i].moves);
    }
  run_free(&r);
  end_cases("course question");
}

static void test_data_mazes(void **state) {
  (void)state;
  begin_cases();
  size_t n;
  char **names = list_dir(data_dir, &n);
  run_result r = {0};
  int mazes = 0;
  for (size_t i = 0; i < n; i++) {
    if (!ends_with(names[i], ".txt"))
      continue;
    char path[4096], name[512];
    join(path, sizeof path, data_dir, names[i]);
    mc_maze m;
    judge_file(path, &m);
    mazes++;
    for (int variant = 0; variant < 3; variant++) {
      static const char *const labels[] = {"", " --no-prune", " --times"};
      snprintf(name, sizeof name, "tests/data/maze/%s%s", names[i],
               labels[variant]);
      const char *const *front =
          variant == 1 ? (const char *const[]){"--no-prune", NULL} : NULL;
      const char *const *back =
          variant == 2 ? (const char *const[]){"--times", NULL} : NULL;
      if (pipeline(name, path, front, NULL, back, &r))
        check_path_output(name, &m, &r.out, variant == 2);
    }
  }
  print_message("data mazes: %d, each in 3 ways\n", mazes);
  if (mazes < 8)
    failure("tests/data/maze", "only %d mazes", mazes);
  run_free(&r);
  free_names(names, n);
  end_cases("data maze");
}

/* Exact outputs of some data mazes, as a reader checks them. */
static void test_exact_outputs(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *file, *back_arg, *want;
  } cases[] = {
      {"no-treasures.txt", NULL, "START\n"},
      {"start-treasure.txt", NULL, "START\n"},
      {"start-treasure.txt", "--times", "START\n"},
      {"one-way.txt", NULL, "START A B\n"},
      {"one-way.txt", "-t", "START A B\n"},
      {"one-way-wrong-way.txt", NULL, "NO SOLUTION\n"},
      {"unreachable.txt", "--times", "NO SOLUTION\n"},
  };
  run_result r = {0};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char path[4096], name[256];
    join(path, sizeof path, data_dir, cases[i].file);
    snprintf(name, sizeof name, "%s %s", cases[i].file,
             cases[i].back_arg ? cases[i].back_arg : "");
    const char *const back[] = {cases[i].back_arg, NULL};
    if (pipeline(name, path, NULL, NULL, back, &r) &&
        strcmp(r.out.data, cases[i].want))
      failure(name, "wrote \"%s\", expected \"%s\"", SHOW(r.out),
              SHOW_STR(cases[i].want));
  }
  /* --times on the course's first question: no stay is possible. */
  char path[4096];
  join(path, sizeof path, examples_dir, "gold-ruby-2.txt");
  if (pipeline("gold-ruby-2 --times", path, NULL, NULL,
               (const char *const[]){"--times", NULL}, &r) &&
      strcmp(r.out.data, "START C F\n"))
    failure("gold-ruby-2 --times", "wrote \"%s\"", SHOW(r.out));
  run_free(&r);
  end_cases("exact output");
}

/* ---- --dimacs --------------------------------------------------------------
 */

/* The DIMACS output: the key as "c " lines (the atoms' names kept in
 * names[1..atoms]), the header, and the clauses; false with why. */
static bool read_dimacs(const buffer *out, char (*names)[64], int most,
                        int *atoms, char *why, size_t size) {
  long vars = -1, clauses = -1, seen = 0;
  *atoms = -1;
  for (const char *p = out->data; *p;) {
    const char *nl = strchr(p, '\n');
    if (!nl)
      return snprintf(why, size, "the last line has no newline"), false;
    int a, n = 0;
    char name[64];
    if (!strncmp(p, "c ", 2)) {
      if (sscanf(p, "c atoms %d", &a) == 1)
        *atoms = a;
      else if (sscanf(p, "c %d %63s%n", &a, name, &n) == 2 && p + n == nl &&
               a >= 1 && a <= most)
        snprintf(names[a], sizeof names[a], "%s", name);
    } else if (!strncmp(p, "p cnf ", 6)) {
      if (sscanf(p, "p cnf %ld %ld", &vars, &clauses) != 2)
        return snprintf(why, size, "a bad header"), false;
    } else if (vars < 0)
      return snprintf(why, size, "a clause before the header"), false;
    else {
      size_t len = (size_t)(nl - p);
      bool ends = (len == 1 && p[0] == '0') ||
                  (len >= 3 && p[len - 2] == ' ' && p[len - 1] == '0');
      if (!ends)
        return snprintf(why, size, "a clause not ending in ' 0'"), false;
      seen++;
    }
    p = nl + 1;
  }
  if (vars != *atoms || seen != clauses)
    return snprintf(why, size,
                    "header p cnf %ld %ld; key atoms %d; %ld clauses", vars,
                    clauses, *atoms, seen),
           false;
  return true;
}

/* The path in dpll's DIMACS model: the true AT_N_I atoms by their names in
 * the key, one per time, judged. */
static void check_dimacs_model(const char *name, const mc_maze *m,
                               const buffer *answer, char (*names)[64],
                               int atoms) {
  char at[16][MC_NAME], why[300];
  int count[16] = {0};
  for (const char *p = strstr(answer->data, "\nv "); p;
       p = strstr(p + 1, "\nv ")) {
    for (const char *q = p + 3; *q && *q != '\n';) {
      char *end;
      long lit = strtol(q, &end, 10);
      if (end == q)
        break;
      q = end;
      if (lit <= 0 || lit > atoms || strncmp(names[lit], "AT_", 3))
        continue;
      const char *u = strrchr(names[lit], '_');
      int t = atoi(u + 1);
      if (t < 0 || t > m->steps || t >= 16)
        continue;
      snprintf(at[t], sizeof at[t], "%.*s", (int)(u - names[lit] - 3),
               names[lit] + 3);
      count[t]++;
    }
  }
  const char *path[16];
  for (int t = 0; t <= m->steps; t++) {
    if (count[t] != 1) {
      failure(name, "%d places at time %d in dpll's model", count[t], t);
      return;
    }
    path[t] = at[t];
  }
  if (!mc_check_path(m, path, (size_t)m->steps + 1, why, sizeof why))
    failure(name, "dpll's model is no solution: %s", why);
}

static void test_dimacs(void **state) {
  (void)state;
  begin_cases();
  static const char *const files[] = {"gold-ruby-2.txt", "gold-wand-ruby-4.txt",
                                      "gold-ring-2.txt"};
  run_result r = {0};
  static char names[512][64];
  for (size_t i = 0; i < 6; i++) {
    char path[4096], name[256], clauses[4096], why[300];
    join(path, sizeof path, examples_dir, files[i / 2]);
    join(clauses, sizeof clauses, tmp_dir, "dimacs.cnf");
    bool prune = i % 2;
    snprintf(name, sizeof name, "maze-front --dimacs%s %s",
             prune ? "" : " --no-prune", files[i / 2]);
    const char *const args[] = {prune ? "-d" : "--dimacs", path,
                                prune ? NULL : "--no-prune", NULL};
    if (!run_ok(name, &r, front_tool, NULL, args, 0))
      continue;
    memset(names, 0, sizeof names);
    int atoms;
    if (!read_dimacs(&r.out, names, 511, &atoms, why, sizeof why)) {
      failure(name, "%s", why);
      continue;
    }
    write_file(clauses, r.out.data, r.out.len);
    mc_maze m;
    judge_file(path, &m);
    bool sat = solvable(&m);
    /* dpll reads DIMACS by its header, or when told. */
    const char *const dpll_args[2][4] = {{clauses, NULL},
                                         {"-f", "dimacs", clauses, NULL}};
    for (int k = 0; k < 2; k++)
      if (run_ok(name, &r, dpll_tool, NULL, dpll_args[k], sat ? 10 : 20)) {
        if (sat)
          check_dimacs_model(name, &m, &r.out, names, atoms);
        else if (!strstr(r.out.data, "s UNSATISFIABLE\n"))
          failure(name, "dpll wrote \"%s\"", SHOW(r.out));
      }
  }
  run_free(&r);
  end_cases("--dimacs");
}

/* ---- dpll --all and --solutions ------------------------------------------
 */

/* Lines "Solution K: PATH" for K = 1, 2, ...: every path replayed, none
 * twice, as many as the judge counts (with every model listed). */
static void check_solutions(const char *name, const mc_maze *m,
                            const buffer *out, bool every, bool times) {
  char why[300], prefix[32];
  if (!solvable(m)) {
    if (strcmp(out->data, "NO SOLUTION\n"))
      failure(name, "expected NO SOLUTION, got \"%s\"", SHOW(*out));
    return;
  }
  long k = 0;
  const char *p = out->data;
  char **seen = malloc(100000 * sizeof *seen);
  assert_non_null(seen);
  for (; *p; k++) {
    const char *nl = strchr(p, '\n');
    int n = snprintf(prefix, sizeof prefix, "Solution %ld: ", k + 1);
    if (!nl || strncmp(p, prefix, (size_t)n) || k == 100000) {
      failure(name, "line %ld is not \"%s...\"", k + 1, prefix);
      break;
    }
    const char *path = p + n;
    size_t len = (size_t)(nl - path) + 1;
    if (!mc_check_line(m, path, len, why, sizeof why))
      failure(name, "solution %ld \"%.*s\": %s", k + 1, (int)len - 1, path,
              why);
    seen[k] = strndup(path, len);
    for (long j = 0; j < k && !times; j++)
      if (!strcmp(seen[j], seen[k]))
        failure(name, "solutions %ld and %ld are the same", j + 1, k + 1);
    p = nl + 1;
  }
  if (every && k != mc_count_paths(m))
    failure(name, "%ld solutions, the judge counts %ld paths", k,
            mc_count_paths(m));
  for (long j = 0; j < k; j++)
    free(seen[j]);
  free(seen);
}

static void test_all_models(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *dir, *file;
  } mazes[] = {
      {"examples", "gold-ruby-2.txt"}, {"examples", "gold-wand-ruby-4.txt"},
      {"examples", "gold-ring-2.txt"}, {"data", "several.txt"},
      {"data", "self-link.txt"},       {"data", "unicode-names.txt"},
  };
  run_result r = {0};
  int lines = 0;
  for (size_t i = 0; i < sizeof mazes / sizeof *mazes; i++)
    for (int variant = 0; variant < 4; variant++) {
      char path[4096], name[256];
      join(path, sizeof path, mazes[i].dir[0] == 'e' ? examples_dir : data_dir,
           mazes[i].file);
      mc_maze m;
      judge_file(path, &m);
      static const char *const labels[] = {"--all", "--all --no-prune",
                                           "--solutions 3", "--all --times"};
      snprintf(name, sizeof name, "%s with dpll %s", mazes[i].file,
               labels[variant]);
      const char *const *front =
          variant == 1 ? (const char *const[]){"--no-prune", NULL} : NULL;
      const char *const *dpll =
          variant == 2 ? (const char *const[]){"--solutions", "3", NULL}
                       : (const char *const[]){"--all", NULL};
      const char *const *back =
          variant == 3 ? (const char *const[]){"--times", NULL} : NULL;
      if (!pipeline(name, path, front, dpll, back, &r))
        continue;
      /* --solutions 3 may stop before every model; a single model of it
       * reads as a plain answer only when it is not the whole list. */
      check_solutions(name, &m, &r.out, variant != 2 && variant != 3,
                      variant == 3);
      /* The course's own answers are among every path listed. */
      static const char *const seed[] = {"Solution 1: START C F\n",
                                         ": START C D C F\n"};
      if (variant <= 1 && i <= 1 && !strstr(r.out.data, seed[i] + (i ? 0 : 12)))
        failure(name, "the course's answer \"%s\" is not listed",
                seed[i] + (i ? 2 : 12));
      for (size_t k = 0; k < r.out.len; k++)
        lines += r.out.data[k] == '\n';
    }
  print_message("dpll --all / --solutions: %d lines of solutions judged\n",
                lines);
  run_free(&r);
  end_cases("--all");
}

/* ---- Standard input, standard output and output files --------------------
 */

static void test_files(void **state) {
  (void)state;
  begin_cases();
  char maze[4096], out[4096], answer[4096];
  join(maze, sizeof maze, examples_dir, "gold-wand-ruby-4.txt");
  join(out, sizeof out, tmp_dir, "out.txt");
  join(answer, sizeof answer, tmp_dir, "std-answer.txt");
  run_result r = {0};
  buffer want = {0}, file = {0};
  /* maze-front: the same bytes to standard output, -o FILE and OUTPUT, from
   * a file, from standard input, and from '-'. */
  if (run_ok("maze-front MAZE", &r, front_tool, NULL,
             (const char *const[]){maze, NULL}, 0))
    buffer_add(&want, r.out.data, r.out.len);
  static const char *const forms[][4] = {
      {"@maze", "-o", "@out", NULL}, {"@maze", "@out", NULL},
      {"-o", "@out", NULL},          {"-", "@out", NULL},
      {"--output=@out", NULL},       {NULL}};
  for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
    const char *args[5];
    char joined[4200], name[64];
    size_t n = 0;
    for (; forms[k][n]; n++)
      args[n] =
          !strcmp(forms[k][n], "@maze")  ? maze
          : !strcmp(forms[k][n], "@out") ? out
          : !strcmp(forms[k][n], "--output=@out")
              ? (snprintf(joined, sizeof joined, "--output=%s", out), joined)
              : forms[k][n];
    args[n] = NULL;
    bool stdin_input = n == 0 || strcmp(args[0], maze);
    snprintf(name, sizeof name, "maze-front form %zu", k + 1);
    remove(out);
    if (!run_ok(name, &r, front_tool, stdin_input ? maze : NULL, args, 0))
      continue;
    bool to_file = n > 0;
    if (to_file) {
      expect_empty(name, "stdout", &r.out);
      if (!read_file(out, &file))
        failure(name, "no output file");
      else
        expect_bytes(name, out, &file, &want);
    } else
      expect_bytes(name, "stdout", &r.out, &want);
  }
  /* dpll and maze-back through standard input and output. */
  char clauses[4096];
  join(clauses, sizeof clauses, tmp_dir, "std-clauses.txt");
  write_file(clauses, want.data, want.len);
  if (run_ok("dpll < clauses", &r, dpll_tool, clauses,
             (const char *const[]){NULL}, 0)) {
    write_file(answer, r.out.data, r.out.len);
    mc_maze m;
    judge_file(maze, &m);
    if (run_ok("maze-back < answer", &r, back_tool, answer,
               (const char *const[]){NULL}, 0))
      check_path_output("maze-back < answer", &m, &r.out, false);
    buffer_clear(&want);
    buffer_add(&want, r.out.data, r.out.len);
    remove(out);
    if (run_ok("maze-back answer OUTPUT", &r, back_tool, NULL,
               (const char *const[]){answer, out, NULL}, 0) &&
        expect_empty("maze-back answer OUTPUT", "stdout", &r.out)) {
      if (!read_file(out, &file))
        failure("maze-back answer OUTPUT", "no output file");
      else
        expect_bytes("maze-back answer OUTPUT", out, &file, &want);
    }
  }
  buffer_free(&want);
  buffer_free(&file);
  run_free(&r);
  end_cases("file");
}

/* ---- Random mazes through the pipeline -------------------------------------
 */

static uint64_t rng = 0x243f6a8885a308d3u;

static unsigned rnd(unsigned n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)(rng % n);
}

/* A random maze of 2..8 nodes, 0..3 treasures, links at random (some one
 * way), K 0..5, some treasures wanted. */
static void random_maze(buffer *t) {
  char line[512];
  int n = 2 + (int)rnd(7), nt = (int)rnd(4), start = (int)rnd((unsigned)n);
  buffer_clear(t);
  for (int v = 0; v < n; v++) {
    snprintf(line, sizeof line, v == start ? "%sSTART" : "%sR%d", v ? " " : "",
             v);
    buffer_str(t, line);
  }
  buffer_str(t, "\n");
  for (int k = 0; k < nt; k++) {
    snprintf(line, sizeof line, "%sT%d", k ? " " : "", k);
    buffer_str(t, line);
  }
  buffer_str(t, nt ? "\n" : "NONE\n");
  snprintf(line, sizeof line, "%u", rnd(6));
  buffer_str(t, line);
  for (int k = 0; k < nt; k++)
    if (rnd(2)) {
      snprintf(line, sizeof line, " T%d", k);
      buffer_str(t, line);
    }
  buffer_str(t, "\n");
  for (int v = 0; v < n; v++) {
    int o = snprintf(line, sizeof line, v == start ? "START" : "R%d", v);
    int at = nt && rnd(2) ? (int)rnd((unsigned)nt) : -1;
    o += at >= 0 ? snprintf(line + o, sizeof line - (size_t)o, " T%d", at)
                 : snprintf(line + o, sizeof line - (size_t)o, " NONE");
    for (int w = 0; w < n; w++)
      if (rnd(3) == 0)
        o += snprintf(line + o, sizeof line - (size_t)o,
                      w == start ? " START" : " R%d", w);
    buffer_str(t, line);
    buffer_str(t, "\n");
  }
}

static void test_random_mazes(void **state) {
  (void)state;
  begin_cases();
  buffer text = {0};
  run_result r = {0};
  char path[4096], name[64], why[200];
  join(path, sizeof path, tmp_dir, "random-maze.txt");
  int yes = 0, no = 0;
  for (int i = 0; i < random_mazes; i++) {
    random_maze(&text);
    write_file(path, text.data, text.len);
    mc_maze m;
    if (!mc_read(text.data, text.len, &m, why, sizeof why))
      fail_msg("mazecheck cannot read random maze %d: %s", i, why);
    snprintf(name, sizeof name, "random maze %d", i);
    bool prune = i % 2;
    if (pipeline(name, path,
                 prune ? NULL : (const char *const[]){"--no-prune", NULL}, NULL,
                 NULL, &r))
      check_path_output(name, &m, &r.out, false);
    yes += solvable(&m);
    no += !solvable(&m);
  }
  print_message("random mazes through the tools: %d solvable, %d not\n", yes,
                no);
  if (yes < random_mazes / 5 || no < random_mazes / 5)
    failure("random mazes", "too one-sided: %d solvable, %d not", yes, no);
  buffer_free(&text);
  run_free(&r);
  end_cases("random maze");
}

/* ---- --check-proof
 * -----------------------------------------------------------
 */

/* The course's maze asking for the gold, the wand and the ruby in 3 steps:
 * no path does it, and the clauses need a proof of some length. */
static const char three_steps[] =
    "START A B C D E F G H\nGOLD WAND RUBY RING\n3 GOLD WAND RUBY\n"
    "START NONE A C\nA NONE START B D\nB GOLD A D E\nC GOLD START D F\n"
    "D WAND A B C E\nE GOLD B D G H\nF RUBY C G\nG NONE E F H\nH RING E G\n";

static const char *scratch(const char *name, char *out) {
  return join(out, 4096, tmp_dir, name);
}

/* maze-front FRONT > clauses; dpll DPLL clauses > answer, exit code;
 * false after reporting. */
static bool solve(const char *name, const char *const *front,
                  const char *const *dpll, int code, const char *clauses,
                  const char *answer) {
  run_result r = {0};
  const char *args[12];
  size_t n = 0;
  bool ok = run_ok(name, &r, front_tool, NULL, front, 0);
  if (ok)
    write_file(clauses, r.out.data, r.out.len);
  append(args, &n, dpll);
  args[n++] = clauses;
  args[n] = NULL;
  if (ok)
    ok = run_ok(name, &r, dpll_tool, NULL, args, code);
  if (ok)
    write_file(answer, r.out.data, r.out.len);
  run_free(&r);
  return ok;
}

/* maze-back ARGS: exit `code`; standard output out (NULL: empty); standard
 * error one line that starts with err (is err, if it ends in a newline). */
static void expect_back(const char *name, const char *const *args,
                        const char *in, int code, const char *out,
                        const char *err) {
  run_result r = {0};
  run_argv(&r, back_tool, NULL, in, NULL, args);
  size_t n = strlen(err);
  if (expect_exit(name, &r, code) &&
      (strcmp(r.out.data, out ? out : "") || !is_one_line(&r.err) ||
       strncmp(r.err.data, err, n) || (err[n - 1] == '\n' && r.err.len != n)))
    failure(name, "stdout \"%s\", stderr \"%s\"; expected \"%s\" and \"%s\"",
            SHOW(r.out), SHOW(r.err), out ? out : "", err);
  run_free(&r);
}

static void test_check_proof(void **state) {
  (void)state;
  begin_cases();
  char maze[4096], clauses[4096], answer[4096], proof[4096], binary[4096],
      cnf[4096], dimacs_answer[4096], want[4600], cut[4096], empty[4096],
      forged[4096], sat[4096], bad[4096];
  write_file(scratch("three-steps.txt", maze), three_steps,
             sizeof three_steps - 1);
  mc_maze m;
  judge_file(maze, &m);
  if (solvable(&m))
    failure("three-steps.txt", "mazecheck finds a path");
  const char *front[] = {maze, NULL}, *dimacs[] = {"--dimacs", maze, NULL};
  const char *text_proof[] = {"--proof", scratch("m.drat", proof), NULL};
  const char *binary_proof[] = {"--proof", scratch("m.bdrat", binary),
                                "--proof-format", "binary", NULL};
  if (!solve("no path", front, text_proof, 0, scratch("m.txt", clauses),
             scratch("m-answer.txt", answer)) ||
      !solve("no path", front, binary_proof, 0, clauses, answer) ||
      !solve("no path", dimacs, text_proof, 20, scratch("m.cnf", cnf),
             scratch("m-dimacs-answer.txt", dimacs_answer))) {
    end_cases("--check-proof");
    return;
  }
  static const char proved[] = "maze-back: no solution: proved: the DRAT "
                               "proof %s refutes the maze's own clauses, "
                               "rebuilt from the key (";
  snprintf(want, sizeof want, proved, proof);
  expect_back("text proof",
              (const char *[]){"--check-proof", proof, answer, NULL}, NULL, 0,
              "NO SOLUTION\n", want);
  expect_back("the answer on standard input",
              (const char *[]){"--check-proof", proof, NULL}, answer, 0,
              "NO SOLUTION\n", want);
  expect_back("--dimacs, --key",
              (const char *[]){"--key", cnf, "--check-proof", proof,
                               dimacs_answer, NULL},
              NULL, 0, "NO SOLUTION\n", want);
  snprintf(want, sizeof want, proved, binary);
  expect_back("binary proof",
              (const char *[]){"--check-proof", binary, answer, NULL}, NULL, 0,
              "NO SOLUTION\n", want);
  buffer text = {0};
  assert_true(read_file(proof, &text));
  size_t half = text.len / 2;
  while (half > 0 && text.data[half - 1] != '\n')
    half--;
  write_file(scratch("m-cut.drat", cut), text.data, half);
  buffer_free(&text);
  snprintf(want, sizeof want,
           "maze-back: %s: the proof does not refute the maze's clauses: no "
           "empty clause: ",
           cut);
  expect_back("a truncated proof",
              (const char *[]){"--check-proof", cut, answer, NULL}, NULL, 1,
              NULL, want);

  /* A solvable maze (four steps), its answer forged. */
  const char *four[] = {"gold-wand-ruby-4.txt", NULL}, *none[] = {NULL};
  char four_path[4096];
  four[0] = join(four_path, sizeof four_path, examples_dir, four[0]);
  judge_file(four_path, &m);
  if (!solvable(&m))
    failure("gold-wand-ruby-4.txt", "mazecheck finds no path");
  if (solve("a path", four, none, 0, scratch("s.txt", clauses),
            scratch("s-answer.txt", sat))) {
    assert_true(read_file(sat, &text));
    const char *key = strstr(text.data, "\nmaze-key");
    assert_non_null(key);
    write_file(scratch("forged.txt", forged), "0", 1);
    FILE *f = fopen(forged, "ab");
    assert_non_null(f);
    fwrite(key, 1, text.len - (size_t)(key - text.data), f);
    assert_int_equal(fclose(f), 0);
    buffer_free(&text);
    write_file(scratch("empty.drat", empty), "", 0);
    const char *proofs[] = {empty, proof, binary, cut};
    for (size_t k = 0; k < 4; k++) {
      snprintf(want, sizeof want,
               "maze-back: %s: the proof does not refute the maze's clauses: ",
               proofs[k]);
      expect_back(k ? "forged, another maze's proof or a part of it"
                    : "forged, an empty proof",
                  (const char *[]){"--check-proof", proofs[k], forged, NULL},
                  NULL, 1, NULL, want);
    }
    snprintf(want, sizeof want,
             "maze-back: the answer has a model, checked by replaying it: "
             "the proof %s is not needed and was not read\n",
             proof);
    expect_back("a model and --check-proof",
                (const char *[]){"--check-proof", proof, sat, NULL}, NULL, 0,
                "START C D C F\n", want);
  }
  snprintf(want, sizeof want,
           "maze-back: %s: cannot read: ", scratch("no-such.drat", bad));
  expect_back("no such proof file",
              (const char *[]){"--check-proof", bad, answer, NULL}, NULL, 1,
              NULL, want);
  write_file(scratch("bad.drat", bad), "1 x 0\n", 6);
  snprintf(want, sizeof want,
           "maze-back: %s: step 1: proof line 1: expected a literal, found "
           "'x'\n",
           bad);
  expect_back("a malformed proof",
              (const char *[]){"--check-proof", bad, answer, NULL}, NULL, 1,
              NULL, want);
  expect_back("the answer and the proof both on standard input",
              (const char *[]){"--check-proof", "-", NULL}, answer, 1, NULL,
              "maze-back: the answer and the proof cannot both come from "
              "standard input");
  end_cases("--check-proof");
}

/* ---- Main ------------------------------------------------------------------
 */

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr,
            "usage: %s MAZE-FRONT DPLL MAZE-BACK PATH-TO-TESTS-DATA-MAZE "
            "PATH-TO-EXAMPLES-MAZES\n",
            argv[0]);
    return 2;
  }
  random_mazes = (int)tier_cases(RANDOM_MAZES);
  front_tool = absolute(argv[1]);
  dpll_tool = absolute(argv[2]);
  back_tool = absolute(argv[3]);
  data_dir = absolute(argv[4]);
  examples_dir = absolute(argv[5]);
  if (!front_tool || !dpll_tool || !back_tool || !data_dir || !examples_dir ||
      access(front_tool, X_OK) || access(dpll_tool, X_OK) ||
      access(back_tool, X_OK)) {
    fprintf(stderr, "test_maze_tools: bad tool paths or directories\n");
    return 2;
  }
  clitest_program = "test_maze_tools";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bad_mazes),
      cmocka_unit_test(test_bad_answers),
      cmocka_unit_test(test_usage),
      cmocka_unit_test(test_course_questions),
      cmocka_unit_test(test_data_mazes),
      cmocka_unit_test(test_exact_outputs),
      cmocka_unit_test(test_dimacs),
      cmocka_unit_test(test_all_models),
      cmocka_unit_test(test_files),
      cmocka_unit_test(test_random_mazes),
      cmocka_unit_test(test_check_proof),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "test-maze-tools", &tmp_dir);
  free(front_tool);
  free(dpll_tool);
  free(back_tool);
  free(data_dir);
  free(examples_dir);
  return rc;
}
