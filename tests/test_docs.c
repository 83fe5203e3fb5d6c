/* test_docs.c - the transcripts in the documentation, run and compared, so
 * that a changed play or message fails the build instead of going stale.
 *
 * A transcript is written in a Markdown file in one of two ways:
 *
 *   - inside a fenced code block, a line "$ COMMAND" followed by the lines
 *     COMMAND prints, up to the next "$ " line or the end of the block;
 *   - a line "<!-- output of: COMMAND -->" just before a fenced block,
 *     which then holds exactly what COMMAND prints (for output shown apart
 *     from its command, as in the README's quick start).
 *
 * What a command prints is its standard output and standard error together
 * (2>&1), as a terminal shows them.  In the expected lines, a line "..."
 * stands for any number of lines (none included), and a line that ends in
 * "..." for any line that begins with the text before it.
 *
 * The commands run with /bin/sh in one scratch directory per Markdown file
 * (so that a file a command writes is there for the next), which holds
 * links to the source tree's examples/, docs/ and tests/ and, as
 * build/bin, to the build's programs, which also come first on PATH: both
 * "dpll" and "build/bin/dpll" are this build's tool.
 *
 * Usage: test_docs BIN-DIR SOURCE-DIR FILE.md...  (paths of the Markdown
 * files relative to SOURCE-DIR, as the failures name them) */
#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clitest.h"

/* A Release build runs the slowest transcript (peg-front --count on the
 * 15-hole triangle) in about 12 s. */
#define HANG_SECONDS 120
#define MAX_LINES 4096
#define CHECK_MARK "<!-- output of: "

static char *bin_dir, *source_dir;
static char *tmp_dir; /* clitest's scratch directory of the run */
static int transcripts_run;

/* ---- Lines ----------------------------------------------------------------
 */

typedef struct lines {
  const char *at[MAX_LINES]; /* each NUL-terminated, without its newline */
  int n;
} lines;

/* Splits text (modified: newlines become NULs) into lines; a last line
 * without a newline counts. */
static void split(char *text, lines *l) {
  l->n = 0;
  for (char *p = text; *p;) {
    assert_true(l->n < MAX_LINES);
    l->at[l->n++] = p;
    char *nl = strchr(p, '\n');
    if (!nl)
      break;
    *nl = '\0';
    p = nl + 1;
  }
}

static bool is_fence(const char *line) { return !strncmp(line, "```", 3); }

/* Whether the actual line got matches the expected line want: equal, or,
 * when want ends in "...", beginning with what precedes it. */
static bool line_matches(const char *want, const char *got) {
  size_t n = strlen(want);
  if (n > 3 && !strcmp(want + n - 3, "..."))
    return !strncmp(want, got, n - 3);
  return !strcmp(want, got);
}

/* Whether got[j..] matches want[i..], a want line "..." matching any run
 * of lines. */
static bool block_matches(const lines *want, int i, const lines *got, int j) {
  if (i == want->n)
    return j == got->n;
  if (!strcmp(want->at[i], "...")) {
    for (int k = j; k <= got->n; k++)
      if (block_matches(want, i + 1, got, k))
        return true;
    return false;
  }
  return j < got->n && line_matches(want->at[i], got->at[j]) &&
         block_matches(want, i + 1, got, j + 1);
}

/* ---- Running a transcript ------------------------------------------------
 */

/* Runs command in dir and compares what it printed with the expected
 * lines want->at[0..n-1]; a mismatch is a failure of case "FILE:LINE". */
static void check_transcript(const char *where, const char *dir,
                             const char *command, const lines *want) {
  char script[8192];
  snprintf(script, sizeof script, "exec 2>&1\n%s\n", command);
  run_result r = {0};
  run_tool(&r, "/bin/sh", dir, NULL, NULL, "-c", script, (char *)NULL);
  transcripts_run++;
  /* The exit status is not part of a transcript, but a crash or a hang
   * is a failure. */
  if (r.hung || r.sig)
    expect_exit(where, &r, 0);
  else {
    lines got;
    split(r.out.data ? r.out.data : (char[]){""}, &got);
    if (!block_matches(want, 0, &got, 0)) {
      print_error("FAIL [%s]: the output of `%s` differs from the "
                  "documentation.\n--- documented:\n",
                  where, command);
      for (int i = 0; i < want->n; i++)
        print_error("%s\n", want->at[i]);
      print_error("--- printed:\n");
      for (int i = 0; i < got.n; i++)
        print_error("%s\n", got.at[i]);
      failure(where, "output differs (see above)");
    }
  }
  run_free(&r);
}

/* A scratch directory for one Markdown file's transcripts, with the links
 * the header describes. */
static void make_work_dir(char *dir, size_t size, const char *md) {
  char name[256], link_to[4096], link_at[4096];
  snprintf(name, sizeof name, "%s", md);
  for (char *p = name; *p; p++)
    if (*p == '/' || *p == '.')
      *p = '-';
  join(dir, size, tmp_dir, name);
  remove_tree(dir);
  assert_int_equal(mkdir(dir, 0777), 0);
  static const char *const linked[] = {"examples", "docs", "tests"};
  for (size_t i = 0; i < sizeof linked / sizeof *linked; i++)
    assert_int_equal(
        symlink(join(link_to, sizeof link_to, source_dir, linked[i]),
                join(link_at, sizeof link_at, dir, linked[i])),
        0);
  assert_int_equal(mkdir(join(link_at, sizeof link_at, dir, "build"), 0777), 0);
  char bin_at[4096];
  assert_int_equal(
      symlink(bin_dir, join(bin_at, sizeof bin_at, link_at, "bin")), 0);
}

/* Every transcript of one Markdown file (the test's state: its path
 * relative to the source tree). */
static void test_file(void **state) {
  const char *md = *state;
  char path[4096], dir[4096], where[4400];
  buffer text = {0};
  if (!read_file(join(path, sizeof path, source_dir, md), &text))
    fail_msg("cannot read %s", path);
  lines *all = malloc(sizeof *all), *want = malloc(sizeof *want);
  assert_non_null(all);
  assert_non_null(want);
  split(text.data, all);
  make_work_dir(dir, sizeof dir, md);
  begin_cases();
  int found = 0;
  for (int i = 0; i < all->n; i++) {
    const char *mark = all->at[i];
    if (!strncmp(mark, CHECK_MARK, strlen(CHECK_MARK))) {
      /* <!-- output of: COMMAND --> and the block after it. */
      char command[4096];
      snprintf(command, sizeof command, "%s", mark + strlen(CHECK_MARK));
      char *end = strstr(command, " -->");
      if (!end || i + 1 >= all->n || !is_fence(all->at[i + 1]))
        fail_msg("%s:%d: a malformed output-of mark", md, i + 1);
      *end = '\0';
      int j = i + 2;
      want->n = 0;
      for (; j < all->n && !is_fence(all->at[j]); j++)
        want->at[want->n++] = all->at[j];
      snprintf(where, sizeof where, "%s:%d", md, i + 1);
      check_transcript(where, dir, command, want);
      found++;
      i = j;
    } else if (is_fence(mark)) {
      /* A block: each "$ COMMAND" and the lines up to the next one. */
      int j = i + 1;
      while (j < all->n && !is_fence(all->at[j])) {
        if (strncmp(all->at[j], "$ ", 2)) {
          j++;
          continue;
        }
        int at = j;
        want->n = 0;
        for (j++; j < all->n && !is_fence(all->at[j]) &&
                  strncmp(all->at[j], "$ ", 2);
             j++)
          want->at[want->n++] = all->at[j];
        snprintf(where, sizeof where, "%s:%d", md, at + 1);
        check_transcript(where, dir, all->at[at] + 2, want);
        found++;
      }
      i = j;
    }
  }
  print_message("%s: %d transcripts\n", md, found);
  free(all);
  free(want);
  buffer_free(&text);
  end_cases("transcript");
}

/* The matcher itself, on made-up output. */
static void test_matching(void **state) {
  (void)state;
  lines want = {{"a", "...", "c"}, 3}, got = {{"a", "b", "b", "c"}, 4};
  assert_true(block_matches(&want, 0, &got, 0));
  got = (lines){{"a", "c"}, 2};
  assert_true(block_matches(&want, 0, &got, 0));
  got = (lines){{"a", "b"}, 2};
  assert_false(block_matches(&want, 0, &got, 0));
  want = (lines){{"x: ...", "y"}, 2};
  got = (lines){{"x: anything", "y"}, 2};
  assert_true(block_matches(&want, 0, &got, 0));
  got = (lines){{"z: anything", "y"}, 2};
  assert_false(block_matches(&want, 0, &got, 0));
  got = (lines){{"x: anything", "y", "more"}, 3};
  assert_false(block_matches(&want, 0, &got, 0));
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s BIN-DIR SOURCE-DIR FILE.md...\n", argv[0]);
    return 2;
  }
  bin_dir = absolute(argv[1]);
  source_dir = absolute(argv[2]);
  if (!bin_dir || !source_dir) {
    fprintf(stderr, "test_docs: bad directories\n");
    return 2;
  }
  const char *path = getenv("PATH");
  size_t size = strlen(bin_dir) + (path ? strlen(path) : 0) + 2;
  char *new_path = malloc(size);
  if (!new_path)
    return 2;
  snprintf(new_path, size, "%s:%s", bin_dir, path ? path : "/usr/bin:/bin");
  setenv("PATH", new_path, 1);
  free(new_path);
  clitest_program = "test_docs";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);

  size_t n = (size_t)argc - 2; /* the matcher and each file */
  struct CMUnitTest *tests = calloc(n, sizeof *tests);
  if (!tests)
    return 2;
  tests[0] = (struct CMUnitTest)cmocka_unit_test(test_matching);
  for (int i = 3; i < argc; i++)
    tests[i - 2] =
        (struct CMUnitTest){argv[i], test_file, NULL, NULL, (void *)argv[i]};
  int rc =
      clitest_run_group("transcripts", tests, n, "dpll-test-docs", &tmp_dir);
  print_message("%d transcripts run\n", transcripts_run);
  free(tests);
  free(bin_dir);
  free(source_dir);
  return rc;
}
