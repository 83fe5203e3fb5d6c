/* test_cli.c - the dpll tool, run as a program: bad inputs (tests/data/bad),
 * usage errors, good inputs with exact answers (tests/data/good), options,
 * standard input and output files, and answers on random formulas judged by
 * the oracle.
 *
 * Usage: test_cli PATH-TO-DPLL PATH-TO-TESTS/DATA
 *
 * Data files:
 *   bad/NAME.txt or bad/NAME.cnf   an input the tool must reject, named after
 *                                  what is wrong with it;
 *   bad/NAME.err                   exactly the expected standard error (one
 *                                  line; the tool runs in bad/, so it starts
 *                                  with the bare file name);
 *   good/NAME.txt or good/NAME.cnf an input with a unique answer (every
 *                                  variable forced) or none;
 *   good/NAME.out                  exactly the expected standard output,
 *                                  derived by hand; the exit status and any
 *                                  options are in good_cases below.
 *
 * Every case that fails is reported with its name; a test function fails if
 * any of its cases did. */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clitest.h"
#include "dpll.h"
#include "oracle.h"

#define HANG_SECONDS 20
#define MIN_BAD_CASES 40

/* ---- Configuration ------------------------------------------------------- */

static char *tool;     /* absolute path of the dpll binary */
static char *data_dir; /* absolute path of tests/data */
static char *tmp_dir;  /* this run's scratch directory (mkdtemp) */

/* ---- Bad inputs: tests/data/bad ---------------------------------------------
 */

static void test_bad_inputs(void **state) {
  (void)state;
  begin_cases();
  char dir[4096];
  const bad_inputs bad = {.prog = tool,
                          .dir = join(dir, sizeof dir, data_dir, "bad"),
                          .dir_name = "tests/data/bad",
                          .ext = ".txt",
                          .alt_ext = ".cnf",
                          .stdin_suffix = " (on stdin)"};
  int cases = run_bad_inputs(&bad);
  print_message("bad inputs: %d cases\n", cases);
  if (cases < MIN_BAD_CASES)
    failure("tests/data/bad", "only %d cases, expected at least %d", cases,
            MIN_BAD_CASES);
  end_cases("bad input");
}

/* ---- Errors that are not about file content ---------------------------------
 */

/* In the tables below, an argument "@good/X", "@bad/X" or "@tmp/X" stands
 * for the absolute path of X in tests/data/good, tests/data/bad or the
 * scratch directory. */
static const char *expand(const char *s, char *out, size_t size) {
  static const struct {
    const char *prefix;
    const char *sub;
  } map[] = {{"@good/", "good"}, {"@bad/", "bad"}, {"@tmp/", NULL}};
  for (size_t i = 0; i < sizeof map / sizeof *map; i++) {
    size_t k = strlen(map[i].prefix);
    if (!strncmp(s, map[i].prefix, k)) {
      int n = map[i].sub
                  ? snprintf(out, size, "%s/%s/%s", data_dir, map[i].sub, s + k)
                  : snprintf(out, size, "%s/%s", tmp_dir, s + k);
      assert_true(n > 0 && (size_t)n < size);
      return out;
    }
  }
  return s;
}

typedef struct usage_case {
  const char *name;
  const char *args[6];
  const char *mentions;       /* stderr must contain this (expanded) */
  const char *stdout_to;      /* standard output to this file; NULL: pipe */
  const char *must_not_exist; /* afterwards (expanded) */
  const char *must_exist;     /* afterwards (expanded; not followed) */
  bool content_error;         /* FILE:LINE:COL message, not "dpll: " */
} usage_case;

#define IN "@good/course-example.txt"

static const usage_case usage_cases[] = {
    {.name = "missing input file",
     .args = {"@tmp/no-such-input.txt"},
     .mentions = "@tmp/no-such-input.txt"},
    {.name = "a directory as input",
     .args = {"@tmp/a-directory"},
     .mentions = "@tmp/a-directory"},
    {.name = "output in a missing directory",
     .args = {IN, "@tmp/no-such-dir/answer.txt"},
     .mentions = "@tmp/no-such-dir/answer.txt"},
    /* Through a symbolic link, so that a tool that removes the output after
     * a failed write removes the link and not /dev/full itself. */
    {.name = "output to /dev/full (write error)",
     .args = {IN, "@tmp/full"},
     .mentions = "@tmp/full",
     .must_exist = "@tmp/full"},
    {.name = "standard output is /dev/full (write error)",
     .args = {IN},
     .mentions = "write",
     .stdout_to = "/dev/full"},
    {.name = "standard output is /dev/full, DIMACS input",
     .args = {"@good/dimacs-unique-model.cnf"},
     .mentions = "write",
     .stdout_to = "/dev/full"},
    {.name = "--version with standard output /dev/full",
     .args = {"--version"},
     .mentions = "write",
     .stdout_to = "/dev/full"},
    {.name = "--help with standard output /dev/full",
     .args = {"--help"},
     .mentions = "write",
     .stdout_to = "/dev/full"},
    {.name = "bad input: no output file is created",
     .args = {"@bad/non-numeric-token.txt", "@tmp/not-created-1.txt"},
     .mentions = "non-numeric-token.txt:2:3: ",
     .must_not_exist = "@tmp/not-created-1.txt",
     .content_error = true},
    {.name = "missing input: no output file is created",
     .args = {"@tmp/no-such-input.txt", "@tmp/not-created-2.txt"},
     .mentions = "@tmp/no-such-input.txt",
     .must_not_exist = "@tmp/not-created-2.txt"},
    {.name = "unknown option",
     .args = {"--frobnicate", IN},
     .mentions = "--frobnicate"},
    {.name = "unknown short option", .args = {"-x", IN}, .mentions = "-x"},
    {.name = "unknown option after the input",
     .args = {IN, "--no-such-option"},
     .mentions = "--no-such-option"},
    {.name = "unknown --heuristic name",
     .args = {"-H", "vsids", IN},
     .mentions = "vsids"},
    {.name = "unknown --heuristic= name",
     .args = {"--heuristic=Jw", IN},
     .mentions = "Jw"},
    {.name = "unknown --algorithm name",
     .args = {"--algorithm", "CDCL", IN},
     .mentions = "CDCL"},
    {.name = "-a without a value", .args = {"-a"}, .mentions = "-a"},
    {.name = "unknown --target-phase",
     .args = {"--target-phase", "2", IN},
     .mentions = "'2'"},
    {.name = "unknown --restarts policy",
     .args = {"--restarts", "geometric", IN},
     .mentions = "geometric"},
    {.name = "bad --format value",
     .args = {"--format", "xml", IN},
     .mentions = "xml"},
    {.name = "bad -f value",
     .args = {"-f", "DIMACS", IN},
     .mentions = "DIMACS"},
    {.name = "--seed abc", .args = {"--seed", "abc", IN}, .mentions = "abc"},
    {.name = "--seed -1", .args = {"--seed", "-1", IN}, .mentions = "'-1'"},
    {.name = "--seed beyond INT32_MAX",
     .args = {"--seed", "2147483648", IN},
     .mentions = "2147483648"},
    {.name = "--max-decisions 12x",
     .args = {"--max-decisions", "12x", IN},
     .mentions = "12x"},
    {.name = "--max-decisions beyond int64",
     .args = {"--max-decisions", "99999999999999999999", IN},
     .mentions = "99999999999999999999"},
    {.name = "--max-conflicts= empty",
     .args = {"--max-conflicts=", IN},
     .mentions = "--max-conflicts"},
    {.name = "--seed missing its value",
     .args = {IN, "--seed"},
     .mentions = "--seed"},
    {.name = "-H missing its value", .args = {IN, "-H"}, .mentions = "-H"},
    {.name = "--format missing its value",
     .args = {IN, "--format"},
     .mentions = "--format"},
    {.name = "--max-decisions missing its value",
     .args = {IN, "--max-decisions"},
     .mentions = "--max-decisions"},
    {.name = "three positional arguments",
     .args = {IN, "@tmp/not-created-3.txt", "third-argument"},
     .mentions = "third-argument",
     .must_not_exist = "@tmp/not-created-3.txt"},
};

static void test_usage_errors(void **state) {
  (void)state;
  begin_cases();
  char p[4096], q[4096];
  assert_int_equal(mkdir(join(p, sizeof p, tmp_dir, "a-directory"), 0700), 0);
  assert_int_equal(symlink("/dev/full", join(p, sizeof p, tmp_dir, "full")), 0);
  run_result r = {0};
  for (size_t i = 0; i < sizeof usage_cases / sizeof *usage_cases; i++) {
    const usage_case *c = &usage_cases[i];
    char expanded[6][4096];
    const char *args[7];
    size_t n = 0;
    for (; n < 6 && c->args[n]; n++)
      args[n] = expand(c->args[n], expanded[n], sizeof expanded[n]);
    args[n] = NULL;
    run_argv(&r, tool, tmp_dir, NULL, c->stdout_to, args);
    if (expect_exit(c->name, &r, 1)) {
      expect_empty(c->name, "stdout", &r.out);
      if (expect_one_line(c->name, &r.err)) {
        const char *m = expand(c->mentions, p, sizeof p);
        if (!strstr(r.err.data, m))
          failure(c->name, "stderr \"%s\" does not mention \"%s\"", SHOW(r.err),
                  m);
        if (!c->content_error && strncmp(r.err.data, "dpll: ", 6))
          failure(c->name, "stderr \"%s\" does not start with \"dpll: \"",
                  SHOW(r.err));
      }
    }
    if (c->must_not_exist && exists(expand(c->must_not_exist, q, sizeof q))) {
      failure(c->name, "%s was created", q);
      remove(q);
    }
    if (c->must_exist && !exists(expand(c->must_exist, q, sizeof q)))
      failure(c->name,
              "%s was removed: after the failed write the tool deleted an "
              "output path it did not create (given /dev/full itself, run "
              "as root, it deletes the device node)",
              q);
  }
  remove_tree(join(p, sizeof p, tmp_dir, "a-directory"));
  remove(join(p, sizeof p, tmp_dir, "full"));
  run_free(&r);
  end_cases("usage error");
}

/* ---- Numbers out of range (issue 29) ----------------------------------------
 */

/* The number options of libdpll's table (DPLL_OPTIONS), as dpll spells
 * them, with the range the library accepts. */
#define IS_NUMBER_DPLL_FLAG(value) false
#define IS_NUMBER_DPLL_NUMBER true
#define IS_NUMBER_DPLL_CHOICE(list, placeholder, what) false
static const struct {
  const char *flag;
  bool number;
  long long lo, hi;
} solver_options[] = {
#define SOLVER_OPTION(name, def, lo, hi, doc, kind, short_name, long_name,     \
                      help)                                                    \
  {"--" long_name, IS_NUMBER_##kind, lo, hi},
    DPLL_OPTIONS(SOLVER_OPTION)
#undef SOLVER_OPTION
};

/* Runs dpll FLAG VALUE INPUT, which must say exactly "dpll: FLAG needs a
 * number from LO to HI, not 'VALUE'", exit 1 and write nothing. */
static void expect_range(run_result *r, const char *input, const char *flag,
                         const char *value, long long lo, long long hi) {
  char name[200], want[300];
  snprintf(name, sizeof name, "dpll %s %s", flag, value);
  snprintf(want, sizeof want,
           "dpll: %s needs a number from %lld to %lld, "
           "not '%s'\n",
           flag, lo, hi, value);
  buffer w = {0};
  buffer_str(&w, want);
  run_tool(r, tool, tmp_dir, NULL, NULL, flag, value, input, (char *)NULL);
  if (expect_exit(name, r, 1)) {
    expect_empty(name, "stdout", &r->out);
    expect_bytes(name, "stderr", &r->err, &w);
  }
  buffer_free(&w);
}

/* Every number option just past each end of its range ("--luby-unit 0"):
 * the message gives the range, from 0 where the library takes -1 too (the
 * command line takes no sign: -1, no limit, is the limits' default). */
static void test_number_ranges(void **state) {
  (void)state;
  int numbers = 0;
  run_result r = {0};
  char input[4096], below[32], above[32];
  join(input, sizeof input, data_dir, "good/course-example.txt");
  begin_cases();
  for (size_t i = 0; i < sizeof solver_options / sizeof *solver_options; i++) {
    if (!solver_options[i].number)
      continue;
    numbers++;
    long long lo = solver_options[i].lo < 0 ? 0 : solver_options[i].lo,
              hi = solver_options[i].hi;
    snprintf(below, sizeof below, "%lld", lo - 1);
    if (hi < LLONG_MAX)
      snprintf(above, sizeof above, "%lld", hi + 1);
    else
      snprintf(above, sizeof above, "9223372036854775808");
    if (lo > 0)
      expect_range(&r, input, solver_options[i].flag, below, lo, hi);
    expect_range(&r, input, solver_options[i].flag, above, lo, hi);
  }
  if (numbers < 5)
    failure("number options", "only %d in DPLL_OPTIONS", numbers);
  run_free(&r);
  end_cases("number range");
}

/* ---- Good inputs: tests/data/good -------------------------------------------
 */

typedef struct good_case {
  const char *input;    /* in tests/data/good */
  const char *expected; /* the exact standard output, in tests/data/good */
  int status;
  const char *options[3]; /* before the input */
} good_case;

static const good_case good_cases[] = {
    {"course-example.txt", "course-example.out", 0, {NULL}},
    {"course-example-crlf.txt", "course-example-crlf.out", 0, {NULL}},
    {"tabs-blank-lines-trailing-blanks.txt",
     "tabs-blank-lines-trailing-blanks.out",
     0,
     {NULL}},
    {"back-matter-binary.txt", "back-matter-binary.out", 0, {NULL}},
    {"back-matter-looks-like-input.txt",
     "back-matter-looks-like-input.out",
     0,
     {NULL}},
    {"back-matter-empty.txt", "back-matter-empty.out", 0, {NULL}},
    {"back-matter-empty-no-newline.txt",
     "back-matter-empty-no-newline.out",
     0,
     {NULL}},
    {"back-matter-one-newline.txt", "back-matter-one-newline.out", 0, {NULL}},
    {"dp-unsatisfiable.txt", "dp-unsatisfiable.out", 0, {NULL}},
    {"dp-tautology-and-repeated-literal.txt",
     "dp-tautology-and-repeated-literal.out",
     0,
     {NULL}},
    {"dp-no-clauses.txt", "dp-no-clauses.out", 0, {NULL}},
    {"dimacs-unique-model.cnf", "dimacs-unique-model.out", 10, {NULL}},
    {"dimacs-unsatisfiable.cnf", "dimacs-unsatisfiable.out", 20, {NULL}},
    {"dimacs-satlib-style.cnf", "dimacs-satlib-style.out", 10, {NULL}},
    {"dimacs-clauses-across-lines.cnf",
     "dimacs-clauses-across-lines.out",
     10,
     {NULL}},
    {"dimacs-empty-clause.cnf", "dimacs-empty-clause.out", 20, {NULL}},
    {"dimacs-crlf.cnf", "dimacs-crlf.out", 10, {NULL}},
    {"dimacs-tabs-comments-no-final-newline.cnf",
     "dimacs-tabs-comments-no-final-newline.out",
     10,
     {NULL}},
    {"dimacs-no-clauses.cnf", "dimacs-no-clauses.out", 10, {NULL}},
    {"dimacs-parity-contradiction.cnf",
     "dimacs-parity-contradiction.out",
     20,
     {NULL}},
    {"dimacs-parity-contradiction.cnf",
     "dimacs-parity-contradiction.out",
     20,
     {"--xor", "none"}},
    /* Exactly one of 1..6, each implying the next: one model.  With
     * --factor (and nothing before it that settles it) the at-most-one
     * clauses are re-encoded with a new variable, which the answer does
     * not show. */
    {"dimacs-amo-chain.cnf", "dimacs-amo-chain.out", 10, {NULL}},
    {"dimacs-amo-chain.cnf",
     "dimacs-amo-chain.out",
     10,
     {"--factor", "--no-lucky", "--no-eliminate"}},
    /* The format forced: the same answers. */
    {"course-example.txt", "course-example.out", 0, {"--format", "dp"}},
    {"course-example-crlf.txt", "course-example-crlf.out", 0, {"-f", "dp"}},
    {"back-matter-binary.txt", "back-matter-binary.out", 0, {"--format=dp"}},
    {"dp-unsatisfiable.txt", "dp-unsatisfiable.out", 0, {"-f", "auto"}},
    {"dimacs-unique-model.cnf",
     "dimacs-unique-model.out",
     10,
     {"--format", "dimacs"}},
    {"dimacs-satlib-style.cnf",
     "dimacs-satlib-style.out",
     10,
     {"-f", "dimacs"}},
    {"dimacs-unsatisfiable.cnf",
     "dimacs-unsatisfiable.out",
     20,
     {"--format=dimacs"}},
    {"dimacs-crlf.cnf", "dimacs-crlf.out", 10, {"--format=auto"}},
};

static void test_good_inputs(void **state) {
  (void)state;
  begin_cases();
  char dir[4096], path[4096];
  join(dir, sizeof dir, data_dir, "good");
  const size_t ncases = sizeof good_cases / sizeof *good_cases;

  /* Every file in good/ is used by the table, and the table's files exist. */
  size_t n;
  char **names = list_dir(dir, &n);
  for (size_t i = 0; i < n; i++) {
    bool used = false;
    for (size_t k = 0; k < ncases && !used; k++)
      used = !strcmp(names[i], good_cases[k].input) ||
             !strcmp(names[i], good_cases[k].expected);
    if (!used)
      failure(names[i], "file in tests/data/good not used by good_cases");
  }
  for (size_t k = 0; k < ncases; k++) {
    if (!has_name(names, n, good_cases[k].input))
      failure(good_cases[k].input, "missing from tests/data/good");
    if (!has_name(names, n, good_cases[k].expected))
      failure(good_cases[k].expected, "missing from tests/data/good");
  }
  free_names(names, n);

  run_result r = {0};
  buffer want = {0};
  for (size_t k = 0; k < ncases; k++) {
    const good_case *c = &good_cases[k];
    const char *args[5];
    char name[512];
    size_t m = 0, o = 0;
    o += (size_t)snprintf(name, sizeof name, "dpll");
    for (; m < 3 && c->options[m]; m++) {
      args[m] = c->options[m];
      o += (size_t)snprintf(name + o, sizeof name - o, " %s", args[m]);
    }
    args[m++] = c->input;
    args[m] = NULL;
    snprintf(name + o, sizeof name - o, " %s", c->input);
    if (!read_file(join(path, sizeof path, dir, c->expected), &want))
      continue;
    run_argv(&r, tool, dir, NULL, NULL, args);
    if (expect_exit(name, &r, c->status)) {
      expect_bytes(name, "stdout", &r.out, &want);
      expect_empty(name, "stderr", &r.err);
    }
  }
  print_message("good inputs: %zu cases\n", ncases);
  buffer_free(&want);
  run_free(&r);
  end_cases("good input");
}

/* Forcing a format onto input of the other kind is a content error at the
 * first byte. */
static void test_format_mismatch(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *format, *input, *err;
  } cases[] = {
      {"dimacs", "course-example.txt",
       "course-example.txt:1:1: missing the header 'p cnf ...'\n"},
      {"dimacs", "tabs-blank-lines-trailing-blanks.txt",
       "tabs-blank-lines-trailing-blanks.txt:1:2: missing the header 'p cnf "
       "...'\n"},
      {"dp", "dimacs-unique-model.cnf",
       "dimacs-unique-model.cnf:1:1: expected an integer literal such as 3 "
       "or -3, found 'p'\n"},
      {"dp", "dimacs-satlib-style.cnf",
       "dimacs-satlib-style.cnf:1:1: expected an integer literal such as 3 "
       "or -3, found 'c'\n"},
  };
  char dir[4096];
  join(dir, sizeof dir, data_dir, "good");
  run_result r = {0};
  buffer want = {0};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char name[256];
    snprintf(name, sizeof name, "dpll -f %s %s", cases[i].format,
             cases[i].input);
    buffer_clear(&want);
    buffer_add(&want, cases[i].err, strlen(cases[i].err));
    run_tool(&r, tool, dir, NULL, NULL, "-f", cases[i].format, cases[i].input,
             (char *)NULL);
    if (expect_exit(name, &r, 1)) {
      expect_empty(name, "stdout", &r.out);
      expect_bytes(name, "stderr", &r.err, &want);
    }
  }
  buffer_free(&want);
  run_free(&r);
  end_cases("format mismatch");
}

/* --relaxed: a file MiniSat accepts and strict reading refuses is exit 1
 * with the fault, its place and the option named; with --relaxed the answer
 * is the corrected file's, and standard error has one warning line. */
static void test_relaxed(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *text, *fixed, *err, *warning;
  } cases[] = {
      {"p cnf 2 2\n1 2 0 c why\n-1 0\n", "p cnf 2 2\n1 2 0\n-1 0\n",
       "in.cnf:2:7: a comment after a clause on its line (--relaxed accepts "
       "it, with a warning)\n",
       "dpll: warning: in.cnf:2:7: a comment after a clause on its line "
       "(accepted by --relaxed)\n"},
      {"p cnf 2 1\n1 2 0\n-1 3 0\n", "p cnf 3 2\n1 2 0\n-1 3 0\n",
       "in.cnf:3:4: literal 3 is beyond the header's 2 variables (--relaxed "
       "accepts it, with a warning)\n",
       "dpll: warning: in.cnf:3:4: literal 3 is beyond the header's 2 "
       "variables (accepted by --relaxed; 1 more such faults)\n"},
      {"p cnf 1 3\n-1 0\n", "p cnf 1 1\n-1 0\n",
       "in.cnf:3:1: the header promises 3 clauses, the input has 1 (--relaxed "
       "accepts it, with a warning)\n",
       "dpll: warning: in.cnf:3:1: the header promises 3 clauses, the input "
       "has 1 (accepted by --relaxed)\n"},
  };
  run_result r = {0}, fixed = {0};
  buffer want = {0};
  char in[4096], ok[4096];
  join(in, sizeof in, tmp_dir, "in.cnf");
  join(ok, sizeof ok, tmp_dir, "fixed.cnf");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char name[64];
    snprintf(name, sizeof name, "--relaxed, case %zu", i + 1);
    write_file(in, cases[i].text, strlen(cases[i].text));
    write_file(ok, cases[i].fixed, strlen(cases[i].fixed));
    run_tool(&r, tool, tmp_dir, NULL, NULL, "in.cnf", (char *)NULL);
    buffer_clear(&want);
    buffer_str(&want, cases[i].err);
    if (expect_exit(name, &r, 1) && expect_empty(name, "stdout", &r.out))
      expect_bytes(name, "stderr", &r.err, &want);
    run_tool(&fixed, tool, tmp_dir, NULL, NULL, "fixed.cnf", (char *)NULL);
    run_tool(&r, tool, tmp_dir, NULL, NULL, "--relaxed", "in.cnf",
             (char *)NULL);
    buffer_clear(&want);
    buffer_str(&want, cases[i].warning);
    if (expect_exit(name, &r, fixed.code)) {
      expect_bytes(name, "stdout", &r.out, &fixed.out);
      expect_bytes(name, "stderr", &r.err, &want);
    }
  }
  buffer_free(&want);
  run_free(&r);
  run_free(&fixed);
  end_cases("--relaxed");
}

/* ---- Behaviour
 * ---------------------------------------------------------------- */

static void test_help_version(void **state) {
  (void)state;
  begin_cases();
  run_result r = {0};
  static const char *const help[] = {"--help", "-h"};
  for (size_t i = 0; i < 2; i++) {
    run_tool(&r, tool, tmp_dir, NULL, NULL, help[i], (char *)NULL);
    if (expect_exit(help[i], &r, 0)) {
      if (strncmp(r.out.data, "Usage: dpll", 11))
        failure(help[i], "stdout does not start with \"Usage: dpll\": \"%s\"",
                SHOW(r.out));
      expect_empty(help[i], "stderr", &r.err);
    }
  }
  static const char *const version[] = {"--version", "-V"};
  buffer want = {0};
  buffer_add(&want, "dpll 0.1.0\n", 11);
  for (size_t i = 0; i < 2; i++) {
    run_tool(&r, tool, tmp_dir, NULL, NULL, version[i], (char *)NULL);
    if (expect_exit(version[i], &r, 0)) {
      expect_bytes(version[i], "stdout", &r.out, &want);
      expect_empty(version[i], "stderr", &r.err);
    }
  }
  buffer_free(&want);
  run_free(&r);
  end_cases("help/version");
}

/* Every line of err starts with prefix (after leading blanks if
 * skip_indent); err is non-empty and ends with a newline. */
static bool lines_start_with(const buffer *err, const char *prefix,
                             bool skip_indent) {
  if (err->len == 0 || err->data[err->len - 1] != '\n' ||
      strlen(err->data) != err->len)
    return false;
  const char *p = err->data;
  while (*p) {
    if (skip_indent)
      while (*p == ' ')
        p++;
    if (strncmp(p, prefix, strlen(prefix)))
      return false;
    p = strchr(p, '\n') + 1;
  }
  return true;
}

static void test_stats_trace(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *input, *expected;
    int status;
  } inputs[] = {
      {"course-example.txt", "course-example.out", 0},
      {"dp-unsatisfiable.txt", "dp-unsatisfiable.out", 0},
      {"dimacs-unique-model.cnf", "dimacs-unique-model.out", 10},
      {"dimacs-unsatisfiable.cnf", "dimacs-unsatisfiable.out", 20},
  };
  static const struct {
    const char *args[2];
    bool stats, trace;
  } opts[] = {
      {{"--stats"}, true, false}, {{"-s"}, true, false},
      {{"--trace"}, false, true}, {{"-T"}, false, true},
      {{"-s", "-T"}, true, true},
  };
  char dir[4096], path[4096];
  join(dir, sizeof dir, data_dir, "good");
  run_result r = {0};
  buffer want = {0};
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
    assert_true(
        read_file(join(path, sizeof path, dir, inputs[i].expected), &want));
    for (size_t k = 0; k < sizeof opts / sizeof *opts; k++) {
      char name[256];
      const char *args[4];
      size_t m = 0;
      for (; m < 2 && opts[k].args[m]; m++)
        args[m] = opts[k].args[m];
      args[m++] = inputs[i].input;
      args[m] = NULL;
      snprintf(name, sizeof name, "dpll %s%s%s %s", opts[k].args[0],
               opts[k].args[1] ? " " : "",
               opts[k].args[1] ? opts[k].args[1] : "", inputs[i].input);
      run_argv(&r, tool, dir, NULL, NULL, args);
      if (!expect_exit(name, &r, inputs[i].status))
        continue;
      expect_bytes(name, "stdout", &r.out, &want);
      bool stats = opts[k].stats, trace = opts[k].trace;
      if (r.err.len == 0 || r.err.data[r.err.len - 1] != '\n')
        failure(name, "stderr should hold whole lines, is \"%s\"", SHOW(r.err));
      else if (stats && !trace && !lines_start_with(&r.err, "stats: ", false))
        failure(name, "every stderr line should start \"stats: \": \"%s\"",
                SHOW(r.err));
      else if (trace && !stats && !lines_start_with(&r.err, "[", true))
        failure(name, "every stderr line should be a trace step: \"%s\"",
                SHOW(r.err));
      else if (stats && !strstr(r.err.data, "stats: decisions"))
        failure(name, "no \"stats: decisions\" line in \"%s\"", SHOW(r.err));
      if (trace && !strcmp(inputs[i].input, "dp-unsatisfiable.txt") &&
          (!strstr(r.err.data, "decide") || !strstr(r.err.data, "conflict")))
        failure(name, "the trace shows no decision or conflict: \"%s\"",
                SHOW(r.err));
    }
  }
  buffer_free(&want);
  run_free(&r);
  end_cases("stats/trace");
}

static void test_limits(void **state) {
  (void)state;
  begin_cases();
  char dir[4096], path[4096], out[4096];
  join(dir, sizeof dir, data_dir, "good");
  run_result r = {0};
  buffer want = {0}, got = {0};

  /* Both formulas need a split: no unit clause, no pure literal. */
  const char *name = "dpll --max-decisions 0 dp-unsatisfiable.txt";
  run_tool(&r, tool, dir, NULL, NULL, "--max-decisions", "0",
           "dp-unsatisfiable.txt", (char *)NULL);
  if (expect_exit(name, &r, 2)) {
    expect_empty(name, "stdout", &r.out);
    expect_one_line(name, &r.err);
  }
  name = "dpll --max-decisions 0 dp-unsatisfiable.txt OUTPUT";
  join(out, sizeof out, tmp_dir, "limit-answer.txt");
  run_tool(&r, tool, dir, NULL, NULL, "--max-decisions", "0",
           "dp-unsatisfiable.txt", out, (char *)NULL);
  if (expect_exit(name, &r, 2)) {
    expect_empty(name, "stdout", &r.out);
    expect_one_line(name, &r.err);
  }
  if (exists(out)) {
    failure(name, "%s was created", out);
    remove(out);
  }
  name = "dpll --max-conflicts 0 dp-unsatisfiable.txt";
  run_tool(&r, tool, dir, NULL, NULL, "--max-conflicts", "0",
           "dp-unsatisfiable.txt", (char *)NULL);
  if (expect_exit(name, &r, 2)) {
    expect_empty(name, "stdout", &r.out);
    expect_one_line(name, &r.err);
  }

  buffer_clear(&want);
  buffer_add(&want, "s UNKNOWN\n", 10);
  name = "dpll --max-decisions=0 dimacs-unsatisfiable.cnf";
  run_tool(&r, tool, dir, NULL, NULL, "--max-decisions=0",
           "dimacs-unsatisfiable.cnf", (char *)NULL);
  if (expect_exit(name, &r, 0)) {
    expect_bytes(name, "stdout", &r.out, &want);
    expect_empty(name, "stderr", &r.err);
  }
  name = "dpll --max-decisions 0 dimacs-unsatisfiable.cnf OUTPUT";
  join(out, sizeof out, tmp_dir, "limit-answer.cnf");
  run_tool(&r, tool, dir, NULL, NULL, "--max-decisions", "0",
           "dimacs-unsatisfiable.cnf", out, (char *)NULL);
  if (expect_exit(name, &r, 0)) {
    expect_empty(name, "stdout", &r.out);
    if (!read_file(out, &got))
      failure(name, "%s was not written", out);
    else
      expect_bytes(name, out, &got, &want);
  }
  remove(out);

  /* A limit that is not reached changes nothing; nor does a limit on a
   * formula that unit propagation alone decides (no decision, no
   * conflict is needed, so none is "given up after"). */
  static const struct {
    const char *opt, *value, *input, *expected;
    int status;
  } unreached[] = {
      {"--max-decisions", "1000", "dp-unsatisfiable.txt",
       "dp-unsatisfiable.out", 0},
      {"--max-conflicts", "1000", "dimacs-unsatisfiable.cnf",
       "dimacs-unsatisfiable.out", 20},
      {"--max-decisions", "0", "course-example.txt", "course-example.out", 0},
      {"--max-decisions", "0", "dimacs-unique-model.cnf",
       "dimacs-unique-model.out", 10},
      {"--max-conflicts", "0", "course-example.txt", "course-example.out", 0},
  };
  for (size_t i = 0; i < sizeof unreached / sizeof *unreached; i++) {
    char label[256];
    snprintf(label, sizeof label, "dpll %s %s %s", unreached[i].opt,
             unreached[i].value, unreached[i].input);
    assert_true(
        read_file(join(path, sizeof path, dir, unreached[i].expected), &want));
    run_tool(&r, tool, dir, NULL, NULL, unreached[i].opt, unreached[i].value,
             unreached[i].input, (char *)NULL);
    if (expect_exit(label, &r, unreached[i].status)) {
      expect_bytes(label, "stdout", &r.out, &want);
      expect_empty(label, "stderr", &r.err);
    }
  }
  buffer_free(&want);
  buffer_free(&got);
  run_free(&r);
  end_cases("limit");
}

/* ---- Stopping a long search ----------------------------------------------
 * PHP(12, 11), twelve pigeons in eleven holes, takes dpll minutes: a time
 * limit, SIGINT or SIGTERM must stop it, with the documented answer; -v
 * prints progress lines while it runs.  These runs wait rather than
 * compute, so they all run at once (run_jobs; one at a time under
 * valgrind: signal_jobs_at_once), the signals signal_delay() in. */

/* One stopped run: exit 0 and "s UNKNOWN" (DIMACS) or exit 2, nothing
 * on stdout and the one line "dpll: stopped by WHY ..." (DP). */
static void expect_stopped(const char *name, const run_result *r, bool dimacs,
                           const char *why) {
  char line[200];
  if (dimacs) {
    if (expect_exit(name, r, 0) && strcmp(r->out.data, "s UNKNOWN\n"))
      failure(name, "stdout \"%s\", not \"s UNKNOWN\"", SHOW(r->out));
    return;
  }
  snprintf(line, sizeof line, "dpll: stopped by %s before finding an answer\n",
           why);
  if (expect_exit(name, r, 2)) {
    expect_empty(name, "stdout", &r->out);
    if (strcmp(r->err.data, line))
      failure(name, "stderr \"%s\", not \"%s\"", SHOW(r->err), SHOW_STR(line));
  }
}

/* -v: "c progress T s: ..." lines on stderr, one a second (the K-th at K
 * seconds or later, not one per poll; a run of PROGRESS_LIMIT seconds
 * shows one, at 1 s: the tool reads the clock many times a second, even
 * under valgrind), the answer as without it. */
#define PROGRESS_LIMIT "1.5"
static void check_progress(const char *name, const run_result *r) {
  expect_stopped(name, r, true, "the time limit");
  int lines = 0;
  for (const char *p = r->err.data; *p; lines++) {
    double t;
    if (strncmp(p, "c progress ", 11) || !strstr(p, " conflicts, ") ||
        !strstr(p, " M propagations/s") || sscanf(p + 11, "%lf", &t) != 1)
      failure(name, "not a progress line: \"%s\"", SHOW_STR(p));
    else if (t < lines + 1)
      failure(name, "progress line %d at %.1f s, before %d s: \"%s\"",
              lines + 1, t, lines + 1, SHOW(r->err));
    p = strchr(p, '\n');
    if (!p)
      break;
    p++;
  }
  if (lines < 1)
    failure(name, "no progress line in " PROGRESS_LIMIT " s");
}

enum { STOP_LIMIT, STOP_SIGINT, STOP_SIGTERM, STOPS };

static void test_stopping(void **state) {
  (void)state;
  begin_cases();
  char input[2][4096], out[2][STOPS][4096], name[2][STOPS][4400];
  oracle_write_pigeons(join(input[0], sizeof input[0], tmp_dir, "php12.txt"),
                       11, false);
  oracle_write_pigeons(join(input[1], sizeof input[1], tmp_dir, "php12.cnf"),
                       11, true);
  double after = signal_delay();
  const char *args[2][STOPS][6];
  run_job jobs[2 * STOPS + 1] = {0};
  for (int dimacs = 0; dimacs <= 1; dimacs++)
    for (int c = 0; c < STOPS; c++) {
      run_job *j = &jobs[dimacs * STOPS + c];
      const char **a = args[dimacs][c];
      j->prog = tool;
      j->args = a;
      if (c == STOP_LIMIT) {
        a[0] = "--time-limit";
        a[1] = "0.2";
        a[2] = input[dimacs];
        a[3] = NULL;
        snprintf(name[dimacs][c], sizeof name[dimacs][c],
                 "dpll --time-limit 0.2 %.2000s", input[dimacs]);
        continue;
      }
      /* Signals, with the answer going to a file: all of it, or none. */
      char file[64];
      snprintf(file, sizeof file, "stopped-answer-%d-%d", dimacs, c);
      remove(join(out[dimacs][c], sizeof out[dimacs][c], tmp_dir, file));
      a[0] = input[dimacs];
      a[1] = "-o";
      a[2] = out[dimacs][c];
      a[3] = NULL;
      j->signal = c == STOP_SIGTERM ? SIGTERM : SIGINT;
      j->signal_after = after;
      snprintf(name[dimacs][c], sizeof name[dimacs][c],
               "dpll %.2000s -o FILE, %s after %g s", input[dimacs],
               c == STOP_SIGTERM ? "SIGTERM" : "SIGINT", after);
    }
  const char *progress_args[] = {"-v", "--time-limit", PROGRESS_LIMIT, input[1],
                                 NULL};
  jobs[2 * STOPS].prog = tool;
  jobs[2 * STOPS].args = progress_args;

  run_jobs(jobs, 2 * STOPS + 1, signal_jobs_at_once());

  for (int dimacs = 0; dimacs <= 1; dimacs++)
    for (int c = 0; c < STOPS; c++) {
      run_result *r = &jobs[dimacs * STOPS + c].r;
      const char *n = name[dimacs][c];
      if (c == STOP_LIMIT) {
        expect_stopped(n, r, dimacs, "the time limit");
        run_free(r);
        continue;
      }
      if (r->stopped < 0 || r->stopped > tier_seconds(5))
        failure(n, "exited %.1f s after the signal", r->stopped);
      buffer got = {0};
      bool written = read_file(out[dimacs][c], &got);
      run_result seen = *r;
      if (dimacs && written)
        seen.out = got; /* the answer is in the file */
      expect_stopped(n, &seen, dimacs,
                     c == STOP_SIGTERM ? "SIGTERM" : "SIGINT");
      if (written != (bool)dimacs)
        failure(n, "the output file was %s",
                written ? "written" : "not written");
      buffer_free(&got);
      remove(out[dimacs][c]);
      run_free(r);
    }
  check_progress("dpll -v --time-limit " PROGRESS_LIMIT " php12.cnf",
                 &jobs[2 * STOPS].r);
  run_free(&jobs[2 * STOPS].r);
  remove(input[0]);
  remove(input[1]);
  end_cases("stopping");
}

/* The counter labelled label in --stats output (its last such line), or
 * -1 if there is none. */
static long long stat_value(const char *err, const char *label) {
  long long value = -1;
  char key[64];
  snprintf(key, sizeof key, "stats: %s ", label);
  for (const char *at = strstr(err, key); at; at = strstr(at + 1, key)) {
    const char *p = at + strlen(key);
    while (*p == ' ')
      p++;
    if (*p >= '0' && *p <= '9')
      value = strtoll(p, NULL, 10);
  }
  return value;
}

/* --vivify and --rephase walk reach the solver: the counters of
 * vivification and of the walks are positive with the option and 0
 * without, and the answer is UNSAT either way, on pigeonhole formulas
 * (unsatisfiable by counting): vivification on 8 pigeons in 7 holes
 * (about 2,300 conflicts), walks on 9 in 8 (about 11,000: a walk waits
 * for a rephase).  So do --lookahead (its probes, under -a dpll; --trace
 * shows what a failed probe sets) and the default -a auto (probes on
 * random 3-SAT, none under -a cdcl, the same answer). */
static void test_engine_options(void **state) {
  (void)state;
  begin_cases();
  char cnf[4096];
  static const struct {
    int holes; /* on PHP(holes + 1, holes) */
    const char *option, *value, *label;
  } cases[] = {{7, "--vivify", NULL, "vivified"},
               {8, "--rephase", "walk", "walks"},
               {8, "--rephase=walk", NULL, "walk flips"}};
  run_result r = {0};
  const int ncases = (int)(sizeof cases / sizeof *cases);
  for (int holes = 7; holes <= 8; holes++) {
    char file[32];
    snprintf(file, sizeof file, "php%d.cnf", holes + 1);
    oracle_write_pigeons(join(cnf, sizeof cnf, tmp_dir, file), holes, true);
    /* i = -1: without the options, every counter of this formula's cases
     * 0; then with each option, its counter positive. */
    for (int i = -1; i < ncases; i++) {
      bool on = i >= 0;
      if (on && cases[i].holes != holes)
        continue;
      char name[4400];
      snprintf(name, sizeof name, "dpll --stats%s%s%s%s %s", on ? " " : "",
               on ? cases[i].option : "", on && cases[i].value ? " " : "",
               on && cases[i].value ? cases[i].value : "", cnf);
      if (on)
        run_tool(&r, tool, NULL, NULL, NULL, "--stats", cases[i].option,
                 cases[i].value ? cases[i].value : cnf,
                 cases[i].value ? cnf : (char *)NULL, (char *)NULL);
      else
        run_tool(&r, tool, NULL, NULL, NULL, "--stats", cnf, (char *)NULL);
      if (!expect_exit(name, &r, 20))
        continue;
      if (strcmp(r.out.data, "s UNSATISFIABLE\n"))
        failure(name, "stdout \"%s\"", SHOW(r.out));
      for (int k = on ? i : 0; k < (on ? i + 1 : ncases); k++) {
        if (cases[k].holes != holes)
          continue;
        long long n = stat_value(r.err.data, cases[k].label);
        if (on ? n <= 0 : n != 0)
          failure(name, "%s %lld, expected %s", cases[k].label, n,
                  on ? "more than 0" : "0");
      }
    }
    remove(cnf);
  }
  /* --lookahead, under the classic engine, on PHP(7, 6). */
  oracle_write_pigeons(join(cnf, sizeof cnf, tmp_dir, "php7.cnf"), 6, true);
  for (int on = 0; on <= 1; on++) {
    const char *name = on ? "dpll --stats -a dpll --lookahead php7.cnf"
                          : "dpll --stats -a dpll php7.cnf";
    if (on)
      run_tool(&r, tool, NULL, NULL, NULL, "--stats", "-a", "dpll",
               "--lookahead", cnf, (char *)NULL);
    else
      run_tool(&r, tool, NULL, NULL, NULL, "--stats", "-a", "dpll", cnf,
               (char *)NULL);
    if (!expect_exit(name, &r, 20))
      continue;
    if (strcmp(r.out.data, "s UNSATISFIABLE\n"))
      failure(name, "stdout \"%s\"", SHOW(r.out));
    long long n = stat_value(r.err.data, "probes");
    if (on ? n <= 0 : n != 0)
      failure(name, "probes %lld, expected %s", n, on ? "more than 0" : "0");
  }
  remove(cnf);
  /* --trace shows the value the lookahead sets for a failed probe: on
   * (1 | 2)(1 | -2)(-1 | 3)(-1 | -3) the probe of 1 fails, so -1 is set
   * at level 0, before any split. */
  join(cnf, sizeof cnf, tmp_dir, "failed-literal.cnf");
  oracle_formula small;
  oracle_init(&small, 3);
  static const int pairs[4][2] = {{1, 2}, {1, -2}, {-1, 3}, {-1, -3}};
  for (int k = 0; k < 4; k++)
    oracle_add(&small, pairs[k], 2);
  oracle_write(cnf, &small, 1);
  oracle_free(&small);
  const char *traced = "dpll -a dpll --lookahead --trace failed-literal.cnf";
  run_tool(&r, tool, NULL, NULL, NULL, "-a", "dpll", "--lookahead", "--trace",
           cnf, (char *)NULL);
  static const char first_step[] = "[0] probed -1\n";
  if (expect_exit(traced, &r, 20) &&
      strncmp(r.err.data, first_step, strlen(first_step)))
    failure(traced, "stderr \"%s\", expected \"[0] probed -1\" first",
            SHOW(r.err));
  remove(cnf);
  /* -a auto, the default: on random 3-SAT (every clause of three distinct
   * variables) the classic engine with its lookahead; -a cdcl gives the
   * same answer without a probe. */
  join(cnf, sizeof cnf, tmp_dir, "uniform.cnf");
  oracle_formula uniform;
  uint64_t rng = 0x5EED;
  oracle_uniform3(&uniform, &rng, 60, 256);
  oracle_write(cnf, &uniform, 1);
  oracle_free(&uniform);
  int answer[2] = {0, 0};
  for (int cdcl = 0; cdcl <= 1; cdcl++) {
    const char *name =
        cdcl ? "dpll --stats -a cdcl uniform.cnf" : "dpll --stats uniform.cnf";
    if (cdcl)
      run_tool(&r, tool, NULL, NULL, NULL, "--stats", "-a", "cdcl", cnf,
               (char *)NULL);
    else
      run_tool(&r, tool, NULL, NULL, NULL, "--stats", cnf, (char *)NULL);
    answer[cdcl] = r.code;
    if (r.code != 10 && r.code != 20)
      failure(name, "exit status %d", r.code);
    long long n = stat_value(r.err.data, "probes");
    if (cdcl ? n != 0 : n <= 0)
      failure(name, "probes %lld, expected %s", n, cdcl ? "0" : "more than 0");
  }
  if (answer[0] != answer[1])
    failure("dpll uniform.cnf", "exit %d by default, %d with -a cdcl",
            answer[0], answer[1]);
  remove(cnf);
  /* Lucky descents, on by default: deciding 1 and then 2 false settles
   * this formula (3 is pure) without a search; --no-lucky searches. */
  static const char lucky_cnf[] = "p cnf 3 2\n-1 -2 0\n1 2 3 0\n";
  join(cnf, sizeof cnf, tmp_dir, "lucky.cnf");
  write_file(cnf, lucky_cnf, sizeof lucky_cnf - 1);
  for (int off = 0; off <= 1; off++) {
    const char *name =
        off ? "dpll --stats --no-lucky lucky.cnf" : "dpll --stats lucky.cnf";
    if (off)
      run_tool(&r, tool, NULL, NULL, NULL, "--stats", "--no-lucky", cnf,
               (char *)NULL);
    else
      run_tool(&r, tool, NULL, NULL, NULL, "--stats", cnf, (char *)NULL);
    if (r.code != 10)
      failure(name, "exit status %d, expected 10", r.code);
    long long n = stat_value(r.err.data, "lucky");
    if (n != !off)
      failure(name, "lucky %lld, expected %d", n, !off);
  }
  remove(cnf);
  run_free(&r);
  end_cases("engine options");
}

static void test_stdin_and_output(void **state) {
  (void)state;
  begin_cases();
  char dir[4096], path[4096], in[4096], out[4096];
  join(dir, sizeof dir, data_dir, "good");
  run_result r = {0};
  buffer want = {0}, got = {0};

  /* Standard input: no argument, "-", and "- -". */
  static const struct {
    const char *input, *expected;
    int status;
  } inputs[] = {
      {"course-example.txt", "course-example.out", 0},
      {"course-example-crlf.txt", "course-example-crlf.out", 0},
      {"back-matter-binary.txt", "back-matter-binary.out", 0},
      {"dimacs-unique-model.cnf", "dimacs-unique-model.out", 10},
      {"dimacs-unsatisfiable.cnf", "dimacs-unsatisfiable.out", 20},
  };
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
    join(in, sizeof in, dir, inputs[i].input);
    assert_true(
        read_file(join(path, sizeof path, dir, inputs[i].expected), &want));
    static const char *const forms[][3] = {{NULL}, {"-"}, {"-", "-"}};
    static const char *const form_names[] = {"dpll < %s", "dpll - < %s",
                                             "dpll - - < %s"};
    for (size_t k = 0; k < 3; k++) {
      char name[256];
      snprintf(name, sizeof name, form_names[k], inputs[i].input);
      run_argv(&r, tool, tmp_dir, in, NULL, forms[k]);
      if (expect_exit(name, &r, inputs[i].status)) {
        expect_bytes(name, "stdout", &r.out, &want);
        expect_empty(name, "stderr", &r.err);
      }
    }

    /* An OUTPUT argument: the answer goes there, nothing to stdout; an
     * existing, longer file is replaced. */
    join(out, sizeof out, tmp_dir, "answer.out");
    static const char junk[] = "an older, longer file that must be replaced "
                               "entirely by the answer\n1 T\n2 T\n3 T\n0\n";
    write_file(out, junk, sizeof junk - 1);
    for (size_t k = 0; k < 2; k++) {
      char name[256];
      snprintf(name, sizeof name, k ? "dpll - OUTPUT < %s" : "dpll %s OUTPUT",
               inputs[i].input);
      if (k)
        run_tool(&r, tool, tmp_dir, in, NULL, "-", out, (char *)NULL);
      else
        run_tool(&r, tool, tmp_dir, NULL, NULL, in, out, (char *)NULL);
      if (expect_exit(name, &r, inputs[i].status)) {
        expect_empty(name, "stdout", &r.out);
        expect_empty(name, "stderr", &r.err);
        if (!read_file(out, &got))
          failure(name, "%s was not written", out);
        else
          expect_bytes(name, "OUTPUT", &got, &want);
      }
      remove(out);
    }
  }
  buffer_free(&want);
  buffer_free(&got);
  run_free(&r);
  end_cases("stdin/output");
}

/* "-" names standard output for -o and --proof (as for a positional
 * OUTPUT), and no file of that name is made.  A proof on standard output
 * comes before the answer, the same proof as --proof FILE writes. */
static void test_dash_outputs(void **state) {
  (void)state;
  begin_cases();
  char in[4096], dash[4096], proof[4096], answer[4096];
  join(in, sizeof in, data_dir, "good/dimacs-unsatisfiable.cnf");
  join(answer, sizeof answer, data_dir, "good/dimacs-unsatisfiable.out");
  join(dash, sizeof dash, tmp_dir, "-");
  join(proof, sizeof proof, tmp_dir, "file.drat");
  run_result r = {0};
  buffer want = {0}, file = {0};
  assert_true(read_file(answer, &want));

  const char *name = "dpll -o - dimacs-unsatisfiable.cnf";
  run_tool(&r, tool, tmp_dir, NULL, NULL, "-o", "-", in, (char *)NULL);
  if (expect_exit(name, &r, 20))
    expect_bytes(name, "stdout", &r.out, &want);
  if (exists(dash))
    failure(name, "a file named '-' was made");
  remove(dash);

  name = "dpll --proof FILE dimacs-unsatisfiable.cnf";
  run_tool(&r, tool, tmp_dir, NULL, NULL, "--proof", proof, in, (char *)NULL);
  if (expect_exit(name, &r, 20) && !read_file(proof, &file))
    failure(name, "no proof written");
  if (!file.len || file.data[file.len - 1] != '\n')
    failure(name, "the proof is empty or unfinished: \"%s\"", SHOW(file));
  buffer_add(&file, want.data, want.len); /* the proof, then the answer */

  name = "dpll --proof - dimacs-unsatisfiable.cnf";
  run_tool(&r, tool, tmp_dir, NULL, NULL, "--proof", "-", in, (char *)NULL);
  if (expect_exit(name, &r, 20))
    expect_bytes(name, "stdout", &r.out, &file);
  if (exists(dash))
    failure(name, "a file named '-' was made");
  remove(dash);
  remove(proof);
  buffer_free(&want);
  buffer_free(&file);
  run_free(&r);
  end_cases("dash output");
}

/* ---- Answers against the oracle
 * ----------------------------------------------- */

/* Parses a DP answer for a formula whose largest variable is max_var and
 * whose input ended with the back matter back[0..back_len-1].  Returns 1
 * (a model, in model[1..max_var]), 0 (unsatisfiable) or -1 (malformed,
 * *why says how). */
static int parse_dp_answer(const buffer *out, int max_var, const char *back,
                           size_t back_len, unsigned char *model,
                           const char **why) {
  const char *p = out->data, *end = out->data + out->len;
  int result;
  if (end - p >= 2 && !memcmp(p, "0\n", 2))
    result = 0;
  else {
    for (int v = 1; v <= max_var; v++) {
      char line[32];
      int n = snprintf(line, sizeof line, "%d ", v);
      if (end - p < n + 2 || memcmp(p, line, (size_t)n) ||
          (p[n] != 'T' && p[n] != 'F') || p[n + 1] != '\n') {
        *why = "expected the lines 'N T' or 'N F' for N = 1..max in order";
        return -1;
      }
      model[v] = p[n] == 'T';
      p += n + 2;
    }
    if (end - p < 2 || memcmp(p, "0\n", 2)) {
      *why = "expected the line '0' after the model";
      return -1;
    }
    result = 1;
  }
  p += 2;
  if ((size_t)(end - p) != back_len || memcmp(p, back, back_len)) {
    *why = "the back matter did not come back unchanged";
    return -1;
  }
  return result;
}

/* Parses a DIMACS answer over num_vars variables: 1 (model), 0 (UNSAT) or
 * -1 (malformed). */
static int parse_dimacs_answer(const buffer *out, int num_vars,
                               unsigned char *model, const char **why) {
  if (!strcmp(out->data, "s UNSATISFIABLE\n") && out->len == 16)
    return 0;
  const char *p = out->data;
  if (strlen(p) != out->len || strncmp(p, "s SATISFIABLE\n", 14)) {
    *why = "expected 's SATISFIABLE' or 's UNSATISFIABLE'";
    return -1;
  }
  p += 14;
  unsigned char seen[32] = {0};
  bool closed = false;
  while (*p && !closed) {
    if (p[0] != 'v' || (p[1] != ' ' && p[1] != '\n')) {
      *why = "expected a 'v' line";
      return -1;
    }
    p++;
    while (*p == ' ') {
      char *e;
      long lit = strtol(p + 1, &e, 10);
      if (e == p + 1 || (*e != ' ' && *e != '\n')) {
        *why = "expected a literal in a 'v' line";
        return -1;
      }
      p = e;
      if (lit == 0) {
        closed = true;
        break;
      }
      long var = lit < 0 ? -lit : lit;
      if (var > num_vars || seen[var]) {
        *why = "a 'v' literal out of range or repeated";
        return -1;
      }
      seen[var] = 1;
      model[var] = lit > 0;
    }
    if (*p != '\n') {
      *why = "a 'v' line does not end after its literals";
      return -1;
    }
    p++;
  }
  if (!closed || *p) {
    *why = "the 'v' lines do not end with 0 and the output";
    return -1;
  }
  for (int v = 1; v <= num_vars; v++)
    if (!seen[v]) {
      *why = "a variable is missing from the 'v' lines";
      return -1;
    }
  return 1;
}

/* How many random formulas test_oracle_answers runs (each under every
 * configuration, on one file or the other): 40 in a Release build's quick
 * tier, 150 in the long tier's share (clitest.h's tier_cases_split): 8
 * under the sanitizers, 750 in a Release build's long tier, 7 under
 * valgrind. */
static int oracle_formulas;

static void test_oracle_answers(void **state) {
  (void)state;
  begin_cases();
  /* Both engines (cdcl is the default); entries 4 and 5 get an argument
   * added below. */
  static const char *const configs[][5] = {
      {"-a", "dpll", "-H", "first"},
      {"--algorithm=dpll", "-H", "jw"},
      {"-H", "dlis", "--restarts", "mixed"},
      {"-a", "dpll", "-H", "activity"},
      {"-H", "random", "--seed", NULL},
      {"--no-pure", "-H", NULL},
      {"--restarts", "luby", "--no-minimize", "--target-phase=always"},
      {"-a", "cdcl", "--no-reduce", "--restarts=none"},
      {"-a", "dpll", "--no-pure"},
  };
  static const char *const heuristics[] = {"first", "jw", "dlis", "activity",
                                           "random"};
  const size_t nconfigs = sizeof configs / sizeof *configs;
  char dp_path[4096], cnf_path[4096];
  join(dp_path, sizeof dp_path, tmp_dir, "oracle.txt");
  join(cnf_path, sizeof cnf_path, tmp_dir, "oracle.cnf");
  uint64_t rng = 0x5eed2024c11ULL;
  run_result r = {0};
  buffer text = {0};
  int sat_count = 0, unsat_count = 0, runs = 0;
  double t0 = now();

  for (int i = 0; i < oracle_formulas; i++) {
    /* 3..12 variables, 1..5 clauses per variable; clauses of 2..4
     * literals, and of 1..4 for every fourth formula.  The mix gives both
     * outcomes (counted below). */
    oracle_formula f;
    int num_vars = 3 + oracle_below(&rng, 10);
    size_t num_clauses =
        (size_t)(num_vars + oracle_below(&rng, 4 * num_vars + 1));
    oracle_random(&f, &rng, num_vars, num_clauses, 1 + (i % 4 != 0), 4);
    int max_var = 0;
    for (size_t k = 0; k < f.start[f.num_clauses]; k++) {
      int v = f.lits[k] < 0 ? -f.lits[k] : f.lits[k];
      max_var = v > max_var ? v : max_var;
    }
    unsigned char truth_model[32];
    int truth = oracle_satisfiable(&f, truth_model);
    if (truth)
      sat_count++;
    else
      unsat_count++;

    /* The DP file, with random back matter: any bytes, NULs, CRs, lines
     * that look like clauses, with or without a final newline. */
    size_t size;
    char *dp = oracle_to_text(&f, 0, &size);
    buffer_clear(&text);
    buffer_add(&text, dp, size);
    free(dp);
    size_t back_start = text.len;
    int back_len = oracle_below(&rng, 40);
    static const char pieces[] = "0\n \r\t\0\x80\xffp cnf 1 2 -3 c%";
    for (int k = 0; k < back_len; k++)
      buffer_add(&text, &pieces[oracle_below(&rng, sizeof pieces - 1)], 1);
    write_file(dp_path, text.data, text.len);
    buffer back = {0};
    buffer_add(&back, text.data + back_start, text.len - back_start);

    char *cnf = oracle_to_text(&f, 1, &size);
    write_file(cnf_path, cnf, size);
    free(cnf);

    /* Each configuration on one of the two files, in turn: every
     * configuration meets both formats over two formulas. */
    for (size_t c = 0; c < nconfigs; c++) {
      for (int dimacs = 0; dimacs < 2; dimacs++) {
        if (dimacs != (i + (int)c) % 2)
          continue;
        const char *args[8];
        char seed[16], name[256];
        size_t m = 0;
        for (; m < 5 && configs[c][m]; m++)
          args[m] = configs[c][m];
        if (c == 4) {
          snprintf(seed, sizeof seed, "%d", i);
          args[m++] = seed;
        } else if (c == 5)
          args[m++] = heuristics[i % 5];
        args[m++] = dimacs ? cnf_path : dp_path;
        args[m] = NULL;
        int o = snprintf(name, sizeof name,
                         "formula %d (%d vars, %zu "
                         "clauses, %s) with",
                         i, num_vars, num_clauses,
                         truth ? "satisfiable" : "unsatisfiable");
        for (size_t k = 0; k + 1 < m; k++)
          o += snprintf(name + o, sizeof name - (size_t)o, " %s", args[k]);
        snprintf(name + o, sizeof name - (size_t)o, " on the %s file",
                 dimacs ? "DIMACS" : "DP");

        run_argv(&r, tool, tmp_dir, NULL, NULL, args);
        runs++;
        int want_status = dimacs ? (truth ? 10 : 20) : 0;
        if (!expect_exit(name, &r, want_status))
          continue;
        expect_empty(name, "stderr", &r.err);
        unsigned char model[32] = {0};
        const char *why = "";
        int answer = dimacs ? parse_dimacs_answer(&r.out, num_vars, model, &why)
                            : parse_dp_answer(&r.out, max_var, back.data,
                                              back.len, model, &why);
        if (answer < 0)
          failure(name, "malformed answer (%s): \"%s\"", why, SHOW(r.out));
        else if (answer != truth)
          failure(name, "answered %s, but the formula is %s: \"%s\"",
                  answer ? "a model" : "unsatisfiable",
                  truth ? "satisfiable" : "unsatisfiable", SHOW(r.out));
        else if (answer && !oracle_check(&f, model))
          failure(name, "the model does not satisfy the formula: \"%s\"",
                  SHOW(r.out));
      }
    }
    buffer_free(&back);
    oracle_free(&f);
  }
  remove(dp_path);
  remove(cnf_path);
  print_message("oracle: %d formulas (%d satisfiable, %d unsatisfiable), "
                "%d runs in %.1f s\n",
                oracle_formulas, sat_count, unsat_count, runs, now() - t0);
  /* Each outcome is about half of them (40 give some 20 of each). */
  int least = oracle_formulas / 8;
  if (sat_count < least || unsat_count < least)
    failure("oracle formulas",
            "want at least %d of each outcome, got %d satisfiable and %d "
            "unsatisfiable",
            least, sat_count, unsat_count);
  buffer_free(&text);
  run_free(&r);
  end_cases("oracle");
}

/* ---- Cubes: --cubes, --cube-depth and iCNF input ------------------------ */

#define MAX_CUBES 256

/* iCNF as --cubes writes it, read on its own: the clauses (into g, over
 * num_vars variables) and the cubes as bit masks of their positive and
 * negative literals. */
typedef struct icnf_text {
  oracle_formula g;
  unsigned pos[MAX_CUBES], neg[MAX_CUBES];
  int size[MAX_CUBES];
  int num_cubes, max_var;
  bool empty_clause_last;
} icnf_text;

/* Reads text: "p inccnf", clause lines, then "a ... 0" lines.  Returns
 * false (and *why) if it is not that. */
static bool parse_icnf(const char *text, int num_vars, icnf_text *t,
                       const char **why) {
  memset(t, 0, sizeof *t);
  oracle_init(&t->g, num_vars);
  if (strncmp(text, "p inccnf\n", 9)) {
    *why = "no 'p inccnf' line first";
    return false;
  }
  for (const char *p = text + 9; *p;) {
    bool cube = *p == 'a';
    int lits[32], n = 0;
    p += cube;
    for (;;) {
      char *end;
      long lit = strtol(p, &end, 10);
      if (end == p || lit > num_vars || lit < -num_vars || n == 32 ||
          (cube && t->num_cubes == MAX_CUBES) || (!cube && t->num_cubes)) {
        *why = "a bad clause or cube line (or a clause after a cube)";
        return false;
      }
      p = end;
      if (lit == 0)
        break;
      lits[n++] = (int)lit;
      int v = lit < 0 ? -(int)lit : (int)lit;
      t->max_var = v > t->max_var ? v : t->max_var;
    }
    if (*p++ != '\n') {
      *why = "a line does not end after its 0";
      return false;
    }
    if (!cube) {
      oracle_add(&t->g, lits, (size_t)n);
      t->empty_clause_last = n == 0;
      continue;
    }
    for (int k = 0; k < n; k++)
      *(lits[k] > 0 ? &t->pos[t->num_cubes] : &t->neg[t->num_cubes]) |=
          1u << ((lits[k] < 0 ? -lits[k] : lits[k]) - 1);
    t->size[t->num_cubes++] = n;
  }
  return true;
}

/* The clauses of a formula of at most 31 variables as bit masks of their
 * positive and negative literals (variable v is bit v - 1), to judge every
 * assignment of it fast: assignment a satisfies clause i when a has a bit
 * of pos[i] or lacks one of neg[i].  pos and neg share one allocation. */
typedef struct clause_masks {
  unsigned *pos, *neg;
  size_t n;
} clause_masks;

static void masks_of(const oracle_formula *f, clause_masks *m) {
  assert_true(f->num_vars < 32);
  m->n = f->num_clauses;
  m->pos = calloc(2 * m->n + 1, sizeof *m->pos);
  assert_non_null(m->pos);
  m->neg = m->pos + m->n;
  for (size_t i = 0; i < m->n; i++)
    for (size_t k = f->start[i]; k < f->start[i + 1]; k++) {
      int lit = f->lits[k];
      *(lit > 0 ? &m->pos[i] : &m->neg[i]) |= 1u
                                              << ((lit > 0 ? lit : -lit) - 1);
    }
}

/* Whether assignment a satisfies every clause of m (oracle_check's
 * verdict). */
static bool masks_satisfied(const clause_masks *m, unsigned a) {
  for (size_t i = 0; i < m->n; i++)
    if (!((a & m->pos[i]) | (~a & m->neg[i])))
      return false;
  return true;
}

/* The cubes written for f: the clauses have f's models, every model
 * satisfies exactly one cube, any two cubes clash, the bounds hold; no
 * cube means the empty clause last and no model.  Returns the number of
 * models of f. */
static long judge_icnf(const char *name, const oracle_formula *f,
                       const icnf_text *t, int depth, int count) {
  clause_masks fm, gm;
  masks_of(f, &fm);
  masks_of(&t->g, &gm);
  long models = 0;
  if ((count && t->num_cubes > count) ||
      (!t->num_cubes && !t->empty_clause_last))
    failure(name, "%d cubes (at most %d), empty clause last: %d", t->num_cubes,
            count, t->empty_clause_last);
  for (int i = 0; i < t->num_cubes; i++) {
    if (depth && t->size[i] > depth)
      failure(name, "cube %d has %d literals, the depth is %d", i, t->size[i],
              depth);
    for (int j = i + 1; j < t->num_cubes; j++)
      if (!((t->pos[i] & t->neg[j]) | (t->neg[i] & t->pos[j])))
        failure(name, "cubes %d and %d do not clash", i, j);
  }
  bool broken = false;
  for (unsigned a = 0; a < 1u << f->num_vars; a++) {
    int in_f = masks_satisfied(&fm, a), hits = 0;
    if (in_f != masks_satisfied(&gm, a) && !broken) {
      failure(name, "the clauses written differ from the input's at %#x", a);
      broken = true;
    }
    models += in_f;
    for (int i = 0; i < t->num_cubes && in_f; i++)
      hits += (a & t->pos[i]) == t->pos[i] && (~a & t->neg[i]) == t->neg[i];
    if (in_f && hits != 1 && !broken) {
      failure(name, "the model %#x satisfies %d cubes", a, hits);
      broken = true;
    }
  }
  if (!t->num_cubes && models)
    failure(name, "no cube, but the input has %ld models", models);
  free(fm.pos);
  free(gm.pos);
  return models;
}

/* dpll on the iCNF file path (with -v if verbose): the verdict of the
 * oracle (models > 0), a model of f, and with -v one "c cube I of N"
 * line per cube solved, in order. */
static void solve_icnf(const char *name, const char *path,
                       const oracle_formula *f, const icnf_text *t, long models,
                       bool verbose, run_result *r) {
  if (verbose)
    run_tool(r, tool, tmp_dir, NULL, NULL, "-v", path, (char *)NULL);
  else
    run_tool(r, tool, tmp_dir, NULL, NULL, path, (char *)NULL);
  if (!expect_exit(name, r, models ? 10 : 20))
    return;
  unsigned char model[32] = {0};
  const char *why = "";
  int answer = parse_dimacs_answer(&r->out, t->max_var, model, &why);
  if (answer < 0)
    failure(name, "malformed answer (%s): \"%s\"", why, SHOW(r->out));
  else if (answer && !oracle_check(f, model))
    failure(name, "the model does not satisfy the input: \"%s\"", SHOW(r->out));
  int lines = 0;
  for (const char *p = r->err.data; p && *p; p = strchr(p, '\n')) {
    p += *p == '\n';
    char want[64];
    snprintf(want, sizeof want, "c cube %d of %d: ", lines + 1, t->num_cubes);
    if (*p && strncmp(p, want, strlen(want)) == 0)
      lines++;
    else if (*p && strncmp(p, "c ", 2))
      failure(name, "stderr line \"%s\"", SHOW_STR(p));
  }
  if ((!verbose && r->err.len) || (!t->num_cubes && lines) ||
      (t->num_cubes && verbose && (lines < 1 || lines > t->num_cubes)))
    failure(name, "%d cube lines of %d cubes in \"%s\"", lines, t->num_cubes,
            SHOW(r->err));
}

/* Random formula i for the cube tests: 3..12 variables, clauses of 1..4
 * literals (3 only for every third), from few to many. */
static void cube_formula(oracle_formula *f, uint64_t *rng, int i) {
  int n = 3 + oracle_below(rng, 10);
  size_t m = (size_t)(n + oracle_below(rng, 5 * n));
  if (i % 3 == 0)
    oracle_random(f, rng, n, m, 3, 3);
  else
    oracle_random(f, rng, n, m, 1 + (i % 3 == 1), 4);
}

/* How many random formulas test_cubes runs, besides two pigeonhole
 * formulas (test_icnf_random, twice as many): 15 in a Release build's
 * quick tier, 24 in the long tier's share (tier_cases_split): 3 under the
 * sanitizers, 120 in a Release build's long tier, 1 under valgrind. */
static int cube_formulas;

/* dpll --cubes N, --cube-depth D and both on random formulas (DIMACS and
 * DP files) and two pigeonhole formulas: the iCNF written judged by brute
 * force (refuted: no cube and the empty clause), then solved by dpll: the
 * verdict of the oracle and of dpll on the input, a model of the input.
 * Some unsatisfiable formulas must give cubes (PHP(5, 4) does), some not. */
static void test_cubes(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *args[4];
    int depth, count;
  } bounds[] = {{{"--cubes", "8"}, 0, 8},
                {{"--cube-depth", "2"}, 2, 0},
                {{"--cubes=3", "--cube-depth", "5"}, 5, 3},
                {{"--cube-depth=4", "--cubes", "100"}, 4, 100}};
  char in[4096], out[4096];
  join(out, sizeof out, tmp_dir, "cubes.icnf");
  uint64_t rng = 0xC0BE5C11ULL;
  run_result r = {0}, plain = {0};
  long sat = 0, unsat = 0, refuted = 0;
  for (int i = 0; i < cube_formulas + 2; i++) {
    oracle_formula f;
    if (i >= cube_formulas) /* PHP(4, 3), PHP(5, 4): refuted, or not */
      oracle_pigeons(&f, 3 + i - cube_formulas);
    else
      cube_formula(&f, &rng, i);
    join(in, sizeof in, tmp_dir, i % 2 ? "cubes-in.txt" : "cubes-in.cnf");
    oracle_write(in, &f, i % 2 == 0);
    run_tool(&plain, tool, tmp_dir, NULL, NULL, in, (char *)NULL);
    for (size_t k = 0; k < sizeof bounds / sizeof *bounds; k++) {
      char name[256];
      snprintf(name, sizeof name, "formula %d (%d vars, %zu clauses), %s %s", i,
               f.num_vars, f.num_clauses, bounds[k].args[0], bounds[k].args[1]);
      const char *args[6] = {0};
      size_t m = 0;
      for (; m < 4 && bounds[k].args[m]; m++)
        args[m] = bounds[k].args[m];
      args[m] = in;
      run_argv(&r, tool, tmp_dir, NULL, NULL, args);
      icnf_text t;
      const char *why = "";
      if (!expect_exit(name, &r, 0) || !expect_empty(name, "stderr", &r.err))
        continue;
      if (!parse_icnf(r.out.data, f.num_vars, &t, &why)) {
        failure(name, "not the iCNF expected (%s): \"%s\"", why, SHOW(r.out));
        oracle_free(&t.g);
        continue;
      }
      long models = judge_icnf(name, &f, &t, bounds[k].depth, bounds[k].count);
      write_file(out, r.out.data, r.out.len);
      solve_icnf(name, out, &f, &t, models, k % 2, &r);
      if (i % 2 == 0 && r.code != plain.code)
        failure(name, "exit %d on the cubes, %d on the input", r.code,
                plain.code);
      sat += models > 0;
      unsat += models == 0;
      refuted += t.num_cubes == 0;
      oracle_free(&t.g);
    }
    oracle_free(&f);
  }
  remove(in);
  remove(out);
  print_message("cubes: %d formulas, %ld splits of satisfiable ones, %ld of "
                "unsatisfiable ones (%ld refuted)\n",
                cube_formulas + 2, sat, unsat, refuted);
  if (sat < cube_formulas / 4 || unsat < cube_formulas / 4 || refuted < 1 ||
      refuted == unsat)
    failure("cubes", "too few of each kind");
  run_free(&r);
  run_free(&plain);
  end_cases("cubes");
}

/* The usage errors of cubes: bad numbers, --cubes with the options that
 * list models or write a proof, and iCNF input with cubes with those and
 * --cubes.  One line naming the problem, exit 1, nothing on stdout, no
 * proof file. */
static void test_cube_errors(void **state) {
  (void)state;
  begin_cases();
  char icnf[4096], proof[4096];
  join(icnf, sizeof icnf, tmp_dir, "with-cubes.icnf");
  join(proof, sizeof proof, tmp_dir, "not-made.drat");
  static const char text[] = "p inccnf\n1 2 0\na 1 0\na -1 0\n";
  write_file(icnf, text, sizeof text - 1);
  const char *cnf = "@good/dimacs-unique-model.cnf";
  const struct {
    const char *args[5];
    const char *mentions, *also;
  } cases[] = {
      {{"--cubes", "0", cnf}, "--cubes needs a number from 1 to", "'0'"},
      {{"--cubes", "x", cnf}, "--cubes needs a number from 1 to", "'x'"},
      {{"--cubes", "-3", cnf}, "--cubes needs a number from 1 to", "'-3'"},
      {{"--cubes=1048577", cnf}, "--cubes needs a number from 1 to", "1048577"},
      {{"--cubes", "8x", cnf}, "--cubes needs a number from 1 to", "'8x'"},
      {{"--cube-depth", "21", cnf},
       "--cube-depth needs a number from 1 to 20",
       "'21'"},
      {{"--cube-depth", "0", cnf}, "--cube-depth needs a number from", "'0'"},
      {{"--cubes", "4", "--cube-depth", "", cnf}, "--cube-depth needs", "''"},
      {{"--cubes", "4", "--all", cnf}, "--cubes", "--all"},
      {{"--cubes", "4", "--solutions", "2", cnf}, "--cubes", "--solutions"},
      {{"--cube-depth", "2", "--proof", proof, cnf}, "--cube-depth", "--proof"},
      {{"--all", icnf}, "with-cubes.icnf", "--all"},
      {{"--solutions", "2", icnf}, "with-cubes.icnf", "--solutions"},
      {{"--proof", proof, icnf}, "with-cubes.icnf", "--proof"},
      {{"--cubes", "2", icnf}, "with-cubes.icnf", "--cubes"},
      {{"--cube-depth", "2", icnf}, "with-cubes.icnf", "--cube-depth"},
  };
  run_result r = {0};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char name[512], expanded[5][4096];
    const char *args[6];
    size_t n = 0;
    for (; n < 5 && cases[i].args[n]; n++)
      args[n] = expand(cases[i].args[n], expanded[n], sizeof expanded[n]);
    args[n] = NULL;
    command_name(name, sizeof name, "dpll", args);
    run_argv(&r, tool, tmp_dir, NULL, NULL, args);
    if (expect_exit(name, &r, 1) && expect_empty(name, "stdout", &r.out) &&
        expect_one_line(name, &r.err) &&
        (strncmp(r.err.data, "dpll: ", 6) ||
         !strstr(r.err.data, cases[i].mentions) ||
         !strstr(r.err.data, cases[i].also)))
      failure(name, "stderr \"%s\" does not say \"dpll: ...%s...%s\"",
              SHOW(r.err), cases[i].mentions, cases[i].also);
    if (exists(proof)) {
      failure(name, "the proof file was made");
      remove(proof);
    }
  }
  remove(icnf);
  run_free(&r);
  end_cases("cube usage error");
}

/* One iCNF case: its text, the options before it, and what dpll must do. */
typedef struct icnf_case {
  const char *text;
  const char *option, *value;
  int status;
  const char *out;  /* exactly standard output */
  bool content;     /* a content error: "FILE:" starts standard error */
  const char *err;  /* standard error: exactly, or its start if also */
  const char *also; /* a part of standard error, or NULL */
} icnf_case;

/* Runs case c, the input as a file or on standard input. */
static void run_icnf_case(const icnf_case *c, const char *name, bool on_stdin,
                          run_result *r) {
  char path[4096], err[512];
  join(path, sizeof path, tmp_dir, "case.icnf");
  write_file(path, c->text, strlen(c->text));
  const char *args[4] = {0};
  size_t n = 0;
  if (c->option)
    args[n++] = c->option;
  if (c->value)
    args[n++] = c->value;
  if (!on_stdin)
    args[n++] = "case.icnf";
  run_argv(r, tool, tmp_dir, on_stdin ? path : NULL, NULL, args);
  if (!expect_exit(name, r, c->status) || strlen(c->out) != r->out.len ||
      strcmp(r->out.data, c->out))
    failure(name, "exit %d, stdout \"%s\"", r->code, SHOW(r->out));
  snprintf(err, sizeof err, "%s%s",
           !c->content ? ""
           : on_stdin  ? "<stdin>:"
                       : "case.icnf:",
           c->err);
  if (c->also ? strncmp(r->err.data, err, strlen(err)) ||
                    !strstr(r->err.data, c->also)
              : strcmp(r->err.data, err))
    failure(name, "stderr \"%s\", not \"%s\"%s%s", SHOW(r->err), err,
            c->also ? " ... " : "", c->also ? c->also : "");
  remove(path);
}

/* iCNF input: solved cube by cube (the first satisfiable one answers;
 * every cube refuted is UNSAT, even if the clauses alone have a model),
 * without cubes as plain CNF, the empty cube, -v's lines, standard input;
 * the formats forced the wrong way round and a bad cube are content
 * errors. */
static void test_icnf_input(void **state) {
  (void)state;
  begin_cases();
  static const icnf_case cases[] = {
      {"p inccnf\n1 2 0\n-1 2 0\na -2 0\na 2 -1 0\n", "-v", NULL, 10,
       "s SATISFIABLE\nv -1 2 0\n", false, "c cube 1 of 2: unsatisfiable in ",
       "\nc cube 2 of 2: satisfiable in "},
      {"p inccnf\n1 2 0\n-1 2 0\na 1 -2 0\na -1 -2 0\n", NULL, NULL, 20,
       "s UNSATISFIABLE\n", false, "", NULL},
      {"p inccnf\n1 0\n-1 0\na 2 0\na -2 0\n", NULL, NULL, 20,
       "s UNSATISFIABLE\n", false, "", NULL},
      {"p inccnf\n-1 0\n-2 0\na 0\n", NULL, NULL, 10,
       "s SATISFIABLE\nv -1 -2 0\n", false, "", NULL},
      {"p inccnf\n-1 0\n2 0\n", NULL, NULL, 10, "s SATISFIABLE\nv -1 2 0\n",
       false, "", NULL},
      {"p inccnf\n-1 0\n2 0\n", "--all", NULL, 10,
       "s SATISFIABLE\nv -1 2 0\ns SOLUTIONS 1\n", false, "", NULL},
      {"p inccnf\n1 0\n0\n", NULL, NULL, 20, "s UNSATISFIABLE\n", false, "",
       NULL},
      {"p inccnf\r\n-1 0\r\n2 0\r\nc x\r\na -2\r\n 0\r\na\t2 0\r\n", "-v", NULL,
       10, "s SATISFIABLE\nv -1 2 0\n", false,
       "c cube 1 of 2: unsatisfiable in ", "\nc cube 2 of 2: satisfiable in "},
      {"p inccnf\n1 2 0\n-1 2 0\n", "-f", "dimacs", 1, "", true,
       "1:1: expected the header 'p cnf VARIABLES CLAUSES'\n", NULL},
      {"p cnf 2 1\n1 2 0\n", "-f", "icnf", 1, "", true,
       "1:1: expected the header 'p inccnf'\n", NULL},
      {"1 2\n0\n", "--format=icnf", NULL, 1, "", true,
       "1:1: missing the header 'p inccnf'\n", NULL},
      {"p inccnf\n1 2 0\na 1\n", NULL, NULL, 1, "", true,
       "4:1: the last cube is not closed by 0\n", NULL},
      {"p inccnf\na 1 0\n1 2 0\n", "-f", "icnf", 1, "", true,
       "3:1: a clause after the cubes: iCNF input gives every clause before "
       "the first 'a' line\n",
       NULL},
  };
  run_result r = {0};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    for (int on_stdin = 0; on_stdin <= 1; on_stdin++) {
      char name[128];
      snprintf(name, sizeof name, "iCNF case %zu%s", i + 1,
               on_stdin ? " (on stdin)" : "");
      run_icnf_case(&cases[i], name, on_stdin, &r);
    }
  run_free(&r);
  end_cases("iCNF input");
}

/* The answer of dpll to random iCNF: exit 10 if cube `first` (of the
 * literals cube[0..len-1]) is the first with a model, 20 if none is (first
 * < 0); a model of f and of that cube over variables 1..max_var. */
static void check_random_answer(const char *name, const run_result *r,
                                const oracle_formula *f, int max_var, int first,
                                const int *cube, int len) {
  unsigned char model[32] = {0};
  const char *why = "";
  if (!expect_exit(name, r, first >= 0 ? 10 : 20) || first < 0)
    return;
  if (parse_dimacs_answer(&r->out, max_var, model, &why) != 1)
    failure(name, "malformed answer (%s): \"%s\"", why, SHOW(r->out));
  else if (!oracle_check(f, model))
    failure(name, "the model does not satisfy the clauses");
  for (int j = 0; j < len; j++)
    if (model[abs(cube[j])] != (cube[j] > 0))
      failure(name, "the model breaks %d of cube %d", cube[j], first + 1);
}

/* Random iCNF: random clauses and 1..5 random cubes of 0..3 literals,
 * solved by dpll under three engines: exit 10 exactly when some cube has
 * a model with the clauses (the oracle), and then a model of the clauses
 * and of the first such cube. */
static void test_icnf_random(void **state) {
  (void)state;
  begin_cases();
  static const char *const engines[][3] = {
      {NULL}, {"-a", "dpll", NULL}, {"-a", "dpll", "--lookahead"}};
  char path[4096];
  join(path, sizeof path, tmp_dir, "random.icnf");
  uint64_t rng = 0x1C4F;
  run_result r = {0};
  buffer text = {0};
  int sat = 0;
  for (int i = 0; i < cube_formulas * 2; i++) {
    oracle_formula f;
    cube_formula(&f, &rng, i);
    size_t size;
    char *cnf = oracle_to_text(&f, 1, &size);
    buffer_clear(&text);
    buffer_str(&text, "p inccnf\n");
    buffer_str(&text, strchr(cnf, '\n') + 1);
    free(cnf);
    int first = -1, ncubes = 1 + oracle_below(&rng, 5), cube[5][3], len[5];
    int max_var = 0;
    for (size_t k = 0; k < f.start[f.num_clauses]; k++)
      max_var = abs(f.lits[k]) > max_var ? abs(f.lits[k]) : max_var;
    for (int k = 0; k < ncubes; k++) {
      len[k] = oracle_below(&rng, 4);
      buffer_str(&text, "a");
      for (int j = 0; j < len[k]; j++) {
        char lit[16];
        int v = 1 + oracle_below(&rng, f.num_vars);
        max_var = v > max_var ? v : max_var;
        cube[k][j] = oracle_below(&rng, 2) ? v : -v;
        snprintf(lit, sizeof lit, " %d", cube[k][j]);
        buffer_str(&text, lit);
      }
      buffer_str(&text, " 0\n");
      if (first < 0 && oracle_satisfiable_with(&f, cube[k], len[k]))
        first = k;
    }
    write_file(path, text.data, text.len);
    const char *args[5] = {0};
    size_t n = 0;
    for (; n < 3 && engines[i % 3][n]; n++)
      args[n] = engines[i % 3][n];
    args[n] = path;
    char name[256];
    snprintf(name, sizeof name, "random iCNF %d (%d cubes): ", i, ncubes);
    command_name(name + strlen(name), sizeof name - strlen(name), "dpll", args);
    run_argv(&r, tool, tmp_dir, NULL, NULL, args);
    check_random_answer(name, &r, &f, max_var, first,
                        first >= 0 ? cube[first] : NULL,
                        first >= 0 ? len[first] : 0);
    sat += first >= 0;
    oracle_free(&f);
  }
  remove(path);
  print_message("random iCNF: %d inputs, %d satisfiable\n", cube_formulas * 2,
                sat);
  /* Both outcomes, where there are inputs enough for them (the valgrind
   * run has only two). */
  if (cube_formulas * 2 >= 16 && (sat == 0 || sat == cube_formulas * 2))
    failure("random iCNF", "only one outcome in %d inputs (%d satisfiable)",
            cube_formulas * 2, sat);
  buffer_free(&text);
  run_free(&r);
  end_cases("random iCNF");
}

/* ---- Main -------------------------------------------------------------------
 */

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PATH-TO-DPLL PATH-TO-TESTS-DATA\n", argv[0]);
    return 2;
  }
  oracle_formulas = (int)tier_cases_split(40, 150);
  cube_formulas = (int)tier_cases_split(15, 24);
  tool = absolute(argv[1]);
  data_dir = absolute(argv[2]);
  if (!tool || !data_dir || access(tool, X_OK)) {
    fprintf(stderr, "test_cli: bad tool %s or data directory %s\n", argv[1],
            argv[2]);
    return 2;
  }
  clitest_program = "test_cli";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bad_inputs),
      cmocka_unit_test(test_usage_errors),
      cmocka_unit_test(test_number_ranges),
      cmocka_unit_test(test_good_inputs),
      cmocka_unit_test(test_format_mismatch),
      cmocka_unit_test(test_relaxed),
      cmocka_unit_test(test_help_version),
      cmocka_unit_test(test_stats_trace),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_stopping),
      cmocka_unit_test(test_engine_options),
      cmocka_unit_test(test_stdin_and_output),
      cmocka_unit_test(test_dash_outputs),
      cmocka_unit_test(test_oracle_answers),
      cmocka_unit_test(test_cubes),
      cmocka_unit_test(test_cube_errors),
      cmocka_unit_test(test_icnf_input),
      cmocka_unit_test(test_icnf_random),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "dpll-test-cli", &tmp_dir);
  free(tool);
  free(data_dir);
  return rc;
}
