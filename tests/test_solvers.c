/* test_solvers.c - peg-back and maze-back reading the answers of other
 * solvers (lib/common/dp_answer.h, peg_result_read_keyed,
 * maze_result_read_keyed): boards and mazes written by peg-front --dimacs
 * and maze-front --dimacs, solved by each solver Debian packages that is
 * installed here (minisat, picosat, cadical, cryptominisat5), and read
 * back with --key (the CNF itself, or the --key-out file with a CNF that
 * has no comments).  Judged independently: a play must replay to the goal
 * on tests/pegcheck.c's reading of the board, a path on tests/mazecheck.c's
 * reading of the maze; NO SOLUTION exactly when pegcheck finds no play.
 * PicoSAT's enumeration (--all) of an --exact encoding lists every play:
 * peg-back's count must be pegcheck's.  A missing key and the key of
 * another puzzle are refused in one line, with nothing on stdout.
 * CaDiCaL's DRAT proofs of a board and a maze with no solution pass
 * peg-back's and maze-back's --check-proof.
 *
 * Usage: test_solvers PEG-FRONT PEG-BACK MAZE-FRONT MAZE-BACK SOURCE_DIR */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
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
#include "pegcheck.h"

static char *front_tool, *back_tool, *maze_front, *maze_back, *source_dir;
static char *tmp_dir;

/* A solver: its program, how it is run on CNF (IN) writing its answer
 * to OUT ("-" where it writes to standard output). */
typedef struct solver {
  const char *name;
  const char *args[4]; /* IN and OUT stand for the files */
  bool to_stdout;
} solver;

static const solver solvers[] = {
    {"minisat", {"IN", "OUT", NULL}, false},
    {"picosat", {"IN", NULL}, true},
    {"cadical", {"-q", "IN", NULL}, true},
    {"cryptominisat5", {"--verb", "0", "IN", NULL}, true},
};
enum { NUM_SOLVERS = sizeof solvers / sizeof *solvers };

static const char *installed(const char *name) {
  static char path[256];
  snprintf(path, sizeof path, "/usr/bin/%s", name);
  return access(path, X_OK) ? NULL : path;
}

static const char *scratch(const char *name, char *path, size_t size) {
  join(path, size, tmp_dir, name);
  write_file(path, "", 0); /* run_argv writes to an existing file */
  return path;
}

/* `prog args...` writing stdout to out (may be NULL: captured in r). */
static void run(run_result *r, const char *prog, const char *out,
                const char *const *args) {
  run_free(r);
  memset(r, 0, sizeof *r);
  run_argv(r, prog, tmp_dir, NULL, out, args);
}

/* Solver s on cnf, its answer into the file answer.  False (with a
 * failure) if it did not answer 10 or 20. */
static bool solve(const solver *s, const char *cnf, const char *answer) {
  const char *args[5] = {NULL};
  for (int i = 0; s->args[i]; i++)
    args[i] = !strcmp(s->args[i], "IN")    ? cnf
              : !strcmp(s->args[i], "OUT") ? answer
                                           : s->args[i];
  run_result r = {0};
  run(&r, installed(s->name), s->to_stdout ? answer : NULL, args);
  bool ok = r.code == 10 || r.code == 20;
  if (!ok)
    failure(s->name, "exit status %d on %s: %s", r.code, cnf, r.err.data);
  run_free(&r);
  return ok;
}

/* The board file of peg-front ARGS (--write-board), read by pegcheck. */
static bool board_of(const char *const *front_args, pc_board *b) {
  const char *args[12];
  int n = 0;
  for (; front_args[n]; n++)
    args[n] = front_args[n];
  args[n++] = "--write-board";
  args[n] = NULL;
  run_result r = {0};
  run(&r, front_tool, NULL, args);
  char why[200];
  bool ok = expect_exit("peg-front --write-board", &r, 0) &&
            pc_board_read(r.out.data, r.out.len, b, why, sizeof why);
  if (!ok)
    failure("pegcheck", "cannot read the board: %s", why);
  run_free(&r);
  return ok;
}

/* peg-back --key KEY ANSWER: a play pegcheck replays, or NO SOLUTION
 * exactly when pegcheck finds none. */
static void judge_peg(const char *name, const char *key, const char *answer,
                      const pc_board *b) {
  run_result r = {0};
  const char *args[] = {"--key", key, answer, NULL};
  run(&r, back_tool, NULL, args);
  uint64_t plays = pc_count_plays(b);
  char why[200];
  if (expect_exit(name, &r, 0)) {
    if (!plays && strcmp(r.out.data, "NO SOLUTION\n"))
      failure(name, "pegcheck finds no play, peg-back says \"%s\"", r.out.data);
    else if (plays &&
             !pc_replay_text(b, r.out.data, r.out.len, why, sizeof why))
      failure(name, "pegcheck refuses the play: %s", why);
  }
  run_free(&r);
}

/* A board through every solver: with the CNF as key, and with the key
 * file and a CNF without comments. */
static void check_board(const char *label, const char *const *front_args) {
  pc_board b;
  if (!board_of(front_args, &b))
    return;
  char cnf[4096], bare[4096], key[4096], answer[4096], name[300];
  const char *args[12];
  int n = 0;
  for (; front_args[n]; n++)
    args[n] = front_args[n];
  args[n++] = "--dimacs";
  args[n++] = "--key-out";
  args[n++] = scratch("board.key", key, sizeof key);
  args[n] = NULL;
  run_result r = {0};
  run(&r, front_tool, scratch("board.cnf", cnf, sizeof cnf), args);
  assert_true(expect_exit("peg-front --dimacs", &r, 0));
  buffer text = {0}, kept = {0};
  assert_true(read_file(cnf, &text));
  for (char *p = text.data, *e; p && *p; p = e + 1) { /* drop the c lines */
    e = strchr(p, '\n');
    if (!e)
      break;
    if (*p != 'c')
      buffer_add(&kept, p, (size_t)(e - p + 1));
  }
  write_file(scratch("bare.cnf", bare, sizeof bare), kept.data, kept.len);
  for (size_t i = 0; i < NUM_SOLVERS; i++) {
    if (!installed(solvers[i].name))
      continue;
    snprintf(name, sizeof name, "%s, %s, --key the CNF", label,
             solvers[i].name);
    if (solve(&solvers[i], cnf, scratch("answer", answer, sizeof answer)))
      judge_peg(name, cnf, answer, &b);
    snprintf(name, sizeof name, "%s, %s, --key the key file", label,
             solvers[i].name);
    if (solve(&solvers[i], bare, answer))
      judge_peg(name, key, answer, &b);
  }
  buffer_free(&text);
  buffer_free(&kept);
  run_free(&r);
  pc_board_free(&b);
}

static void test_boards(void **state) {
  (void)state;
  begin_cases();
  int found = 0;
  for (size_t i = 0; i < NUM_SOLVERS; i++)
    if (installed(solvers[i].name))
      found++;
    else
      print_message("test_solvers: %s is not installed, not tested\n",
                    solvers[i].name);
  if (!found)
    skip();
  char goal[4096];
  snprintf(goal, sizeof goal, "%s/examples/boards/triangle15-goal.txt",
           source_dir);
  const char *t4[] = {"--board", "triangle4", "--empty", "2", NULL};
  const char *t5[] = {"--board", "triangle5", NULL};
  const char *t5no[] = {"--board", "triangle5", "--empty", "1", NULL};
  const char *t4no[] = {"--board", "triangle4", "--empty", "1", NULL};
  const char *g[] = {goal, NULL};
  check_board("triangle4, hole 2 empty", t4);
  check_board("triangle5", t5);
  check_board("triangle5, hole 1 empty", t5no);
  check_board("triangle4, hole 1 empty (no play)", t4no);
  check_board("triangle15-goal.txt", g);
  end_cases("boards through other solvers");
}

/* PicoSAT lists every model of an --exact encoding: peg-back counts every
 * play, as many as pegcheck does. */
static void test_enumeration(void **state) {
  (void)state;
  if (!installed("picosat"))
    skip();
  begin_cases();
  const char *front[] = {"--board", "triangle4", "--empty", "2", NULL};
  pc_board b;
  assert_true(board_of(front, &b));
  char cnf[4096], answer[4096], want[64];
  const char *args[] = {"--board",  "triangle4", "--empty", "2",
                        "--dimacs", "--exact",   NULL};
  run_result r = {0};
  run(&r, front_tool, scratch("exact.cnf", cnf, sizeof cnf), args);
  assert_true(expect_exit("peg-front --exact", &r, 0));
  const char *pico[] = {"--all", cnf, NULL};
  run(&r, installed("picosat"), scratch("all", answer, sizeof answer), pico);
  const char *back[] = {"--key", cnf, answer, NULL};
  run(&r, back_tool, NULL, back);
  uint64_t plays = pc_count_plays(&b);
  snprintf(want, sizeof want, "\n%" PRIu64 " solutions, all there are\n",
           plays);
  if (expect_exit("picosat --all | peg-back", &r, 0) &&
      !ends_with(r.out.data, want))
    failure("picosat --all | peg-back",
            "pegcheck counts %" PRIu64 " plays; peg-back ends \"%s\"", plays,
            r.out.len > 60 ? r.out.data + r.out.len - 60 : r.out.data);
  run_free(&r);
  pc_board_free(&b);
  end_cases("enumeration");
}

/* A maze through every solver; each path mazecheck replays. */
static void test_mazes(void **state) {
  (void)state;
  begin_cases();
  char maze[4096], cnf[4096], answer[4096], name[300], why[200];
  snprintf(maze, sizeof maze, "%s/examples/mazes/gold-wand-ruby-4.txt",
           source_dir);
  buffer text = {0};
  assert_true(read_file(maze, &text));
  mc_maze m;
  assert_true(mc_read(text.data, text.len, &m, why, sizeof why));
  const char *args[] = {"--dimacs", maze, NULL};
  run_result r = {0};
  run(&r, maze_front, scratch("maze.cnf", cnf, sizeof cnf), args);
  assert_true(expect_exit("maze-front --dimacs", &r, 0));
  for (size_t i = 0; i < NUM_SOLVERS; i++) {
    if (!installed(solvers[i].name) ||
        !solve(&solvers[i], cnf, scratch("answer", answer, sizeof answer)))
      continue;
    snprintf(name, sizeof name, "maze, %s", solvers[i].name);
    const char *back[] = {"--key", cnf, answer, NULL};
    run(&r, maze_back, NULL, back);
    if (expect_exit(name, &r, 0) &&
        !mc_check_line(&m, r.out.data, r.out.len, why, sizeof why))
      failure(name, "mazecheck refuses \"%s\": %s", r.out.data, why);
  }
  run_free(&r);
  buffer_free(&text);
  end_cases("mazes through other solvers");
}

/* prog args: exit 1, one line on stderr holding must, nothing on stdout. */
static void expect_refused(const char *name, const char *prog,
                           const char *const *args, const char *must) {
  run_result r = {0};
  run(&r, prog, NULL, args);
  if (expect_exit(name, &r, 1) && expect_one_line(name, &r.err) &&
      expect_empty(name, "stdout", &r.out) && !strstr(r.err.data, must))
    failure(name, "the message lacks \"%s\": %s", must, r.err.data);
  run_free(&r);
}

/* Without the key, or with another puzzle's: refused; and a --key-out
 * file that cannot be written. */
static void test_bad_keys(void **state) {
  (void)state;
  if (!installed("cadical"))
    skip();
  begin_cases();
  char cnf[4096], other[4096], answer[4096], maze[4096], mcnf[4096];
  const char *a[] = {"--board", "triangle5", "--dimacs", NULL};
  const char *b[] = {"--board", "triangle4", "--empty", "2", "--dimacs", NULL};
  run_result r = {0};
  run(&r, front_tool, scratch("t5.cnf", cnf, sizeof cnf), a);
  run(&r, front_tool, scratch("t4.cnf", other, sizeof other), b);
  const char *cad[] = {"-q", cnf, NULL};
  run(&r, installed("cadical"), scratch("t5.answer", answer, sizeof answer),
      cad);
  const char *none[] = {answer, NULL};
  expect_refused("no key", back_tool, none, "--key FILE");
  const char *wrong[] = {"--key", other, answer, NULL};
  expect_refused("another board's key", back_tool, wrong, "t5.answer:");
  const char *not_key[] = {"--key", answer, answer, NULL};
  expect_refused("a key file without a key", back_tool, not_key,
                 "no peg-front key");
  snprintf(maze, sizeof maze, "%s/examples/mazes/gold-ruby-2.txt", source_dir);
  const char *mz[] = {"--dimacs", maze, NULL};
  run(&r, maze_front, scratch("m.cnf", mcnf, sizeof mcnf), mz);
  const char *mwrong[] = {"--key", mcnf, answer, NULL};
  expect_refused("a maze key for a board's answer", maze_back, mwrong,
                 "t5.answer:");
  const char *mnone[] = {answer, NULL};
  expect_refused("maze-back without a key", maze_back, mnone, "--key FILE");
  /* A key file that cannot be written: no clauses either. */
  const char *kout[] = {"--board", "triangle4", "--key-out", "/nonexistent/k",
                        NULL};
  expect_refused("peg-front --key-out into no directory", front_tool, kout,
                 "/nonexistent/k: cannot open for writing");
  const char *mkout[] = {"--key-out", "/nonexistent/k", maze, NULL};
  expect_refused("maze-front --key-out into no directory", maze_front, mkout,
                 "/nonexistent/k: cannot open for writing");
  run_free(&r);
  end_cases("bad keys");
}

/* --check-proof with CaDiCaL's DRAT proofs (binary by default, text with
 * --no-binary) of a board and a maze with no solution: proved against the
 * clauses rebuilt from the key; the board's proof refused for the maze. */
static void test_other_proofs(void **state) {
  (void)state;
  if (!installed("cadical"))
    skip();
  begin_cases();
  static const struct {
    bool maze;
    const char *file; /* under the source directory */
  } cases[] = {{false, "tests/data/peg/triangle5-goal-5-unreachable.txt"},
               {true, "examples/mazes/gold-ring-2.txt"}};
  char puzzle[4096], cnf[2][4096], answer[2][4096], proof[2][2][4096],
      want[4600];
  run_result r = {0};
  for (int c = 0; c < 2; c++) {
    snprintf(puzzle, sizeof puzzle, "%s/%s", source_dir, cases[c].file);
    /* Without pruning, unit propagation alone does not refute the maze. */
    const char *front[] = {"--dimacs", puzzle,
                           cases[c].maze ? "--no-prune" : NULL, NULL};
    run(&r, cases[c].maze ? maze_front : front_tool,
        scratch(c ? "m.cnf" : "b.cnf", cnf[c], sizeof cnf[c]), front);
    if (!expect_exit(cases[c].file, &r, 0))
      continue;
    for (int text = 0; text < 2; text++) {
      char name[64];
      snprintf(name, sizeof name, "%s-%d.drat", c ? "m" : "b", text);
      scratch(name, proof[c][text], sizeof proof[c][text]);
      const char *cad[] = {"-q", "--no-binary", cnf[c], proof[c][text], NULL};
      cad[1] = text ? cad[1] : "--binary";
      run(&r, installed("cadical"),
          scratch(c ? "m.answer" : "b.answer", answer[c], sizeof answer[c]),
          cad);
      if (!expect_exit(cases[c].file, &r, 20))
        continue;
      const char *back[] = {"--key",        cnf[c],    "--check-proof",
                            proof[c][text], answer[c], NULL};
      run(&r, cases[c].maze ? maze_back : back_tool, NULL, back);
      snprintf(name, sizeof name, "cadical's %s proof of %s",
               text ? "text" : "binary", c ? "a maze" : "a board");
      if (expect_exit(name, &r, 0) &&
          (strcmp(r.out.data, "NO SOLUTION\n") ||
           !strstr(r.err.data, ": no solution: proved: the DRAT proof ")))
        failure(name, "not proved: \"%s\", \"%s\"", SHOW(r.out), SHOW(r.err));
    }
  }
  const char *swapped[] = {"--key",     cnf[1],    "--check-proof",
                           proof[0][0], answer[1], NULL};
  snprintf(want, sizeof want,
           "%s: the proof does not refute the maze's clauses: ", proof[0][0]);
  expect_refused("a board's proof for a maze", maze_back, swapped, want);
  run_free(&r);
  end_cases("other solvers' proofs");
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr,
            "usage: %s PEG-FRONT PEG-BACK MAZE-FRONT MAZE-BACK SOURCE_DIR\n",
            argv[0]);
    return 2;
  }
  front_tool = absolute(argv[1]);
  back_tool = absolute(argv[2]);
  maze_front = absolute(argv[3]);
  maze_back = absolute(argv[4]);
  source_dir = absolute(argv[5]);
  clitest_program = "test_solvers";
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_boards),       cmocka_unit_test(test_enumeration),
      cmocka_unit_test(test_mazes),        cmocka_unit_test(test_bad_keys),
      cmocka_unit_test(test_other_proofs),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "test-solvers", &tmp_dir);
  free(front_tool);
  free(back_tool);
  free(maze_front);
  free(maze_back);
  free(source_dir);
  return rc;
}
