/* test_compress.c - compressed input to the tools (tools/common/source.c):
 * files made by the compressors themselves (gzip, bzip2, xz, zstd, each
 * where its program is installed), read by name and on standard input.
 *   - dpll answers a compressed formula (DIMACS and DP) byte for byte as
 *     it answers the plain one, and so it does for the two halves of the
 *     text compressed apart and put one after the other;
 *   - the format is found from the bytes, not the name: a compressed file
 *     called .txt is decompressed, a plain file called .gz is read plain;
 *   - a truncated or damaged file is exit 1, one line on standard error
 *     naming the file, nothing on standard output;
 *   - peg-front reads a compressed board, peg-back a compressed answer,
 *     maze-front a compressed maze, with the same output as plain;
 *   - a format the build lacks (DPLL_COMPRESSIONS, from CMake, lists what
 *     it has) is exit 1 with a message naming the package to install.
 *
 * Usage: test_compress DPLL PEG-FRONT PEG-BACK MAZE-FRONT SOURCE_DIR */
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

#ifndef DPLL_COMPRESSIONS
#error "DPLL_COMPRESSIONS (the formats the build reads) must be defined"
#endif

static char *dpll_tool, *front_tool, *back_tool, *maze_tool, *data_dir;
static char *tmp_dir;

typedef struct format {
  const char *name, *program, *package;
} format;

static const format formats[] = {
    {"gzip", "gzip", "zlib1g-dev"},
    {"bzip2", "bzip2", "libbz2-dev"},
    {"xz", "xz", "liblzma-dev"},
    {"zstd", "zstd", "libzstd-dev"},
};
enum { NUM_FORMATS = sizeof formats / sizeof *formats };

/* The compressor's program, or NULL if it is not installed. */
static const char *program(const format *f) {
  static char path[256];
  const char *dirs[] = {"/usr/bin", "/bin", "/usr/local/bin"};
  for (size_t i = 0; i < 3; i++) {
    snprintf(path, sizeof path, "%s/%s", dirs[i], f->program);
    if (!access(path, X_OK))
      return path;
  }
  return NULL;
}

/* Whether the build reads f. */
static bool built(const format *f) {
  char list[128];
  snprintf(list, sizeof list, ",%s,", DPLL_COMPRESSIONS);
  char item[32];
  snprintf(item, sizeof item, ",%s,", f->name);
  return strstr(list, item) != NULL;
}

/* in compressed by f's own program into out (a path in the scratch dir). */
static void compress(const format *f, const char *in, const char *out) {
  run_result r = {0};
  write_file(out, "", 0); /* run_argv writes to an existing file */
  const char *args[] = {"-c", in, NULL};
  run_argv(&r, program(f), tmp_dir, NULL, out, args);
  assert_true(expect_exit(f->program, &r, 0));
  run_free(&r);
}

static const char *scratch(const char *name, char *path, size_t size) {
  return join(path, size, tmp_dir, name);
}

/* The exit status of the last output_of: dpll's is 10 or 20, the other
 * tools' 0. */
static int want_code;

/* `prog args` with standard input in (may be NULL): output_of's exit
 * status and stdout equal to want's, else failures of case name. */
static void expect_same(const char *name, const char *prog, const char *in,
                        const char *const *args, const buffer *want) {
  run_result r = {0};
  run_argv(&r, prog, tmp_dir, in, NULL, args);
  if (expect_exit(name, &r, want_code))
    expect_bytes(name, "stdout", &r.out, want);
  run_free(&r);
}

/* What prog prints for args (which must succeed: exit 0, 10 or 20). */
static void output_of(const char *prog, const char *in, const char *const *args,
                      buffer *out) {
  run_result r = {0};
  run_argv(&r, prog, tmp_dir, in, NULL, args);
  want_code = r.code;
  if (r.code != 10 && r.code != 20)
    assert_true(expect_exit("plain input", &r, 0));
  buffer_clear(out);
  buffer_add(out, r.out.data, r.out.len);
  run_free(&r);
}

/* `prog file` fails: exit 1, one line naming the file (and containing
 * must, if not NULL), nothing on stdout. */
static void expect_refused(const char *name, const char *prog, const char *file,
                           const char *must) {
  run_result r = {0};
  const char *args[] = {file, NULL};
  run_argv(&r, prog, tmp_dir, NULL, NULL, args);
  if (expect_exit(name, &r, 1) && expect_one_line(name, &r.err) &&
      expect_empty(name, "stdout", &r.out)) {
    if (!strstr(r.err.data, file))
      failure(name, "the message does not name %s: %s", file, r.err.data);
    if (must && !strstr(r.err.data, must))
      failure(name, "the message lacks \"%s\": %s", must, r.err.data);
  }
  run_free(&r);
}

/* Splits the file at path into two halves at a line boundary, compresses
 * each with f and writes them one after the other to out. */
static void compress_halves(const format *f, const char *path,
                            const char *out) {
  buffer text = {0}, joined = {0};
  assert_true(read_file(path, &text));
  size_t half = text.len / 2;
  while (half < text.len && text.data[half - 1] != '\n')
    half++;
  char a[4096], b[4096], ca[4096], cb[4096];
  write_file(scratch("half-a", a, sizeof a), text.data, half);
  write_file(scratch("half-b", b, sizeof b), text.data + half, text.len - half);
  compress(f, a, scratch("half-a.z", ca, sizeof ca));
  compress(f, b, scratch("half-b.z", cb, sizeof cb));
  assert_true(read_file(ca, &joined));
  buffer_clear(&text);
  assert_true(read_file(cb, &text));
  buffer_add(&joined, text.data, text.len);
  write_file(out, joined.data, joined.len);
  buffer_free(&text);
  buffer_free(&joined);
}

/* A formula (DIMACS or DP) through dpll, compressed with f. */
static void check_formula(const format *f, const char *plain) {
  char z[4096], halves[4096], name[300], cut[4096], bad[4096];
  buffer want = {0}, bytes = {0};
  const char *plain_args[] = {plain, NULL};
  output_of(dpll_tool, NULL, plain_args, &want);
  /* A .txt name: the bytes decide. */
  compress(f, plain, scratch("formula.txt", z, sizeof z));
  snprintf(name, sizeof name, "dpll on %s's %s", f->name, plain);
  const char *args[] = {z, NULL}, *none[] = {NULL};
  expect_same(name, dpll_tool, NULL, args, &want);
  snprintf(name, sizeof name, "dpll < %s's %s", f->name, plain);
  expect_same(name, dpll_tool, z, none, &want);
  compress_halves(f, plain, scratch("halves.z", halves, sizeof halves));
  snprintf(name, sizeof name, "dpll on two %s parts of %s", f->name, plain);
  const char *hargs[] = {halves, NULL};
  expect_same(name, dpll_tool, NULL, hargs, &want);
  /* Cut in two, and damaged in the middle. */
  assert_true(read_file(z, &bytes));
  write_file(scratch("cut.z", cut, sizeof cut), bytes.data, bytes.len / 2);
  snprintf(name, sizeof name, "dpll on a cut %s file", f->name);
  expect_refused(name, dpll_tool, cut, NULL);
  for (size_t i = bytes.len / 3; i < bytes.len / 3 + 16 && i < bytes.len; i++)
    bytes.data[i] = (char)(bytes.data[i] ^ 0x5a);
  write_file(scratch("bad.z", bad, sizeof bad), bytes.data, bytes.len);
  snprintf(name, sizeof name, "dpll on a damaged %s file", f->name);
  expect_refused(name, dpll_tool, bad, NULL);
  buffer_free(&want);
  buffer_free(&bytes);
}

/* A board through peg-front, its answer through peg-back, and a maze
 * through maze-front, each compressed with f. */
static void check_puzzles(const format *f) {
  char board[4096], maze[4096], z[4096], answer[4096], name[300];
  snprintf(board, sizeof board, "%s/examples/boards/triangle15.txt", data_dir);
  snprintf(maze, sizeof maze, "%s/examples/mazes/gold-ruby-2.txt", data_dir);
  buffer want = {0};
  const char *board_args[] = {board, NULL}, *maze_args[] = {maze, NULL};
  output_of(front_tool, NULL, board_args, &want);
  compress(f, board, scratch("board.z", z, sizeof z));
  const char *zargs[] = {z, NULL}, *none[] = {NULL};
  snprintf(name, sizeof name, "peg-front on a %s board", f->name);
  expect_same(name, front_tool, NULL, zargs, &want);
  /* The answer: dpll's to the plain clauses, compressed. */
  char clauses[4096];
  write_file(scratch("clauses.txt", clauses, sizeof clauses), want.data,
             want.len);
  const char *dargs[] = {clauses, NULL};
  output_of(dpll_tool, NULL, dargs, &want);
  write_file(scratch("answer.txt", answer, sizeof answer), want.data, want.len);
  output_of(back_tool, answer, none, &want);
  compress(f, answer, z);
  snprintf(name, sizeof name, "peg-back < a %s answer", f->name);
  expect_same(name, back_tool, z, none, &want);
  output_of(maze_tool, NULL, maze_args, &want);
  compress(f, maze, z);
  snprintf(name, sizeof name, "maze-front on a %s maze", f->name);
  expect_same(name, maze_tool, NULL, zargs, &want);
  buffer_free(&want);
}

static void test_formats(void **state) {
  (void)state;
  begin_cases();
  char dimacs[4096], dp[4096];
  run_result r = {0};
  write_file(scratch("formula.cnf", dimacs, sizeof dimacs), "", 0);
  write_file(scratch("formula.dp", dp, sizeof dp), "", 0);
  run_tool(&r, front_tool, tmp_dir, NULL, dimacs, "--board", "triangle5",
           "--dimacs", (char *)NULL);
  assert_true(expect_exit("peg-front --dimacs", &r, 0));
  run_free(&r);
  run_tool(&r, front_tool, tmp_dir, NULL, dp, "--board", "triangle4", "--empty",
           "2", (char *)NULL);
  assert_true(expect_exit("peg-front", &r, 0));
  run_free(&r);
  for (size_t i = 0; i < NUM_FORMATS; i++) {
    const format *f = &formats[i];
    if (!program(f)) {
      print_message("test_compress: no %s program, %s not tested\n", f->program,
                    f->name);
      continue;
    }
    if (!built(f)) { /* refused, with the package to install */
      char z[4096], name[200];
      compress(f, dp, scratch("unbuilt.z", z, sizeof z));
      snprintf(name, sizeof name, "a %s file, without its library", f->name);
      expect_refused(name, dpll_tool, z, f->package);
      continue;
    }
    check_formula(f, dimacs);
    check_formula(f, dp);
    check_puzzles(f);
  }
  /* A plain file called .gz is read plain. */
  char gz[4096];
  buffer want = {0}, text = {0};
  const char *args[] = {dp, NULL};
  output_of(dpll_tool, NULL, args, &want);
  assert_true(read_file(dp, &text));
  write_file(scratch("plain.gz", gz, sizeof gz), text.data, text.len);
  const char *gz_args[] = {gz, NULL};
  expect_same("a plain file called .gz", dpll_tool, NULL, gz_args, &want);
  buffer_free(&want);
  buffer_free(&text);
  end_cases("compressed input");
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s DPLL PEG-FRONT PEG-BACK MAZE-FRONT SOURCE_DIR\n",
            argv[0]);
    return 2;
  }
  dpll_tool = absolute(argv[1]);
  front_tool = absolute(argv[2]);
  back_tool = absolute(argv[3]);
  maze_tool = absolute(argv[4]);
  data_dir = absolute(argv[5]);
  clitest_program = "test_compress";
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_formats)};
  int rc = clitest_run_group("tests", tests, 1, "test-compress", &tmp_dir);
  free(dpll_tool);
  free(front_tool);
  free(back_tool);
  free(maze_tool);
  free(data_dir);
  return rc;
}
