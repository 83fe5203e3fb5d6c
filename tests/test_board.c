/* test_board.c - lib/peg/board.c: building boards by hand (limits, triples,
 * start, goal, layout, positions and their errors), the queries,
 * peg_board_check, copies, the board-file parser of docs/boards.md (every
 * construct, and every error with its hand-derived line and column) and
 * peg_board_text, which the parser must read back to the same board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "peg.h"
#include "pegcheck.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

/* Parses text (copied into a buffer of exactly strlen(text) bytes, so that
 * any read past the end shows under the sanitizers). */
static int parse(const char *text, peg_board **out, peg_error *err) {
  size_t n = strlen(text);
  char *copy = malloc(n ? n : 1);
  assert_non_null(copy);
  memcpy(copy, text, n);
  int rc = peg_board_parse(copy, n, out, err);
  free(copy);
  return rc;
}

/* Parses text that must be a good board. */
static peg_board *parse_ok(const char *what, const char *text) {
  peg_board *b = NULL;
  peg_error err;
  memset(&err, 0, sizeof err);
  int rc = parse(text, &b, &err);
  CHECK(rc == 0 && b != NULL, "%s: parse gave %d (%s) at %ld:%ld: %s", what, rc,
        peg_strerror(rc), err.line, err.column, err.message);
  return b;
}

/* Every query of two boards agrees. */
static void assert_same_board(const char *what, const peg_board *a,
                              const peg_board *b) {
  CHECK(peg_board_holes(a) == peg_board_holes(b), "%s: holes %d vs %d", what,
        peg_board_holes(a), peg_board_holes(b));
  CHECK(peg_board_num_triples(a) == peg_board_num_triples(b),
        "%s: triples %zu vs %zu", what, peg_board_num_triples(a),
        peg_board_num_triples(b));
  for (size_t i = 0; i < peg_board_num_triples(a); i++) {
    int x[3], y[3];
    assert_int_equal(peg_board_triple(a, i, x), 0);
    assert_int_equal(peg_board_triple(b, i, y), 0);
    CHECK(x[0] == y[0] && x[1] == y[1] && x[2] == y[2],
          "%s: triple %zu is %d %d %d vs %d %d %d", what, i, x[0], x[1], x[2],
          y[0], y[1], y[2]);
  }
  CHECK(peg_board_start_pegs(a) == peg_board_start_pegs(b),
        "%s: start pegs %d vs %d", what, peg_board_start_pegs(a),
        peg_board_start_pegs(b));
  CHECK(peg_board_goal_pegs(a) == peg_board_goal_pegs(b),
        "%s: goal pegs %d vs %d", what, peg_board_goal_pegs(a),
        peg_board_goal_pegs(b));
  CHECK(peg_board_layout(a) == peg_board_layout(b), "%s: layout %d vs %d", what,
        peg_board_layout(a), peg_board_layout(b));
  for (int h = 1; h <= peg_board_holes(a); h++) {
    CHECK(peg_board_start(a, h) == peg_board_start(b, h),
          "%s: start of hole %d: %d vs %d", what, h, peg_board_start(a, h),
          peg_board_start(b, h));
    CHECK(peg_board_goal(a, h) == peg_board_goal(b, h),
          "%s: goal of hole %d: %d vs %d", what, h, peg_board_goal(a, h),
          peg_board_goal(b, h));
    int ra = -5, ca = -5, rb = -6, cb = -6;
    int pa = peg_board_position(a, h, &ra, &ca);
    int pb = peg_board_position(b, h, &rb, &cb);
    CHECK(pa == pb, "%s: position of hole %d: %d vs %d", what, h, pa, pb);
    if (pa == 0)
      CHECK(ra == rb && ca == cb, "%s: hole %d at %d,%d vs %d,%d", what, h, ra,
            ca, rb, cb);
  }
}

/* The message of an error is one non-empty line that is more than the
 * generic text of the code and carries no position. */
static void assert_good_message(const char *what, int code,
                                const peg_error *err) {
  const char *nul = memchr(err->message, '\0', sizeof err->message);
  CHECK(nul != NULL, "%s: message not terminated", what);
  size_t len = (size_t)(nul - err->message);
  CHECK(len > 0, "%s: empty message", what);
  CHECK(strchr(err->message, '\n') == NULL, "%s: message '%s' is not one line",
        what, err->message);
  CHECK(len >= 10, "%s: message '%s' too short to say what is wrong", what,
        err->message);
  /* The board codes' texts say what is wrong; "malformed board file"
   * alone does not. */
  if (code == PEG_EPARSE)
    CHECK(strcmp(err->message, peg_strerror(code)) != 0,
          "%s: message '%s' only repeats the code's text", what, err->message);
}

/* ---- errors, version ---- */

static void test_strerror_version(void **state) {
  (void)state;
  assert_string_equal(peg_version(), PEG_VERSION);
  assert_string_equal(PEG_VERSION, "0.1.0");
  const struct {
    int code;
    const char *text;
  } codes[] = {
#define ROW(name, code, text) {code, text},
      PEG_ERRORS(ROW)
#undef ROW
  };
  size_t n = sizeof codes / sizeof *codes;
  assert_int_equal(n, 16);
  for (size_t i = 0; i < n; i++) {
    assert_int_equal(codes[i].code, -(int)(i + 1));
    assert_string_equal(peg_strerror(codes[i].code), codes[i].text);
  }
  /* Anything else still gets a message. */
  assert_non_null(peg_strerror(0));
  assert_non_null(peg_strerror(-17));
  assert_non_null(peg_strerror(12345));
  assert_non_null(peg_strerror(-2147483647 - 1));
}

/* ---- building boards ---- */

static void test_new_limits(void **state) {
  (void)state;
  assert_null(peg_board_new(0));
  assert_null(peg_board_new(-1));
  assert_null(peg_board_new(PEG_MAX_HOLES + 1));
  assert_null(peg_board_new(-2147483647 - 1));
  assert_int_equal(PEG_MAX_HOLES, 4096);

  peg_board *one = peg_board_new(1);
  assert_non_null(one);
  assert_int_equal(peg_board_holes(one), 1);
  assert_int_equal(peg_board_start(one, 1), 0);
  assert_int_equal(peg_board_start_pegs(one), 0);
  peg_board_free(one);

  peg_board *big = peg_board_new(PEG_MAX_HOLES);
  assert_non_null(big);
  assert_int_equal(peg_board_holes(big), PEG_MAX_HOLES);
  assert_int_equal(peg_board_start_pegs(big), PEG_MAX_HOLES - 1);
  assert_int_equal(peg_board_start(big, PEG_MAX_HOLES), 1);
  assert_int_equal(peg_board_start(big, PEG_MAX_HOLES + 1), PEG_EHOLE);
  assert_int_equal(peg_board_add_triple(big, 4094, 4095, 4096), 0);
  assert_int_equal(peg_board_add_triple(big, 4095, 4096, 4097), PEG_EHOLE);
  peg_board_free(big);
  peg_board_free(NULL);
}

/* A new board: no triples, hole 1 empty, goal one peg anywhere, no layout. */
static void test_defaults(void **state) {
  (void)state;
  peg_board *b = peg_board_new(6);
  assert_non_null(b);
  assert_int_equal(peg_board_holes(b), 6);
  assert_int_equal(peg_board_num_triples(b), 0);
  int abc[3] = {7, 7, 7};
  assert_int_equal(peg_board_triple(b, 0, abc), PEG_EINVAL);
  for (int h = 1; h <= 6; h++) {
    assert_int_equal(peg_board_start(b, h), h == 1 ? 0 : 1);
    assert_int_equal(peg_board_goal(b, h), -1);
    int r, c;
    assert_int_equal(peg_board_position(b, h, &r, &c), PEG_EPOSITION);
  }
  assert_int_equal(peg_board_start_pegs(b), 5);
  assert_int_equal(peg_board_goal_pegs(b), 1);
  assert_int_equal(peg_board_layout(b), PEG_LAYOUT_NONE);
  assert_int_equal(peg_board_start(b, 0), PEG_EHOLE);
  assert_int_equal(peg_board_start(b, 7), PEG_EHOLE);
  assert_int_equal(peg_board_start(b, -1), PEG_EHOLE);
  assert_int_equal(peg_board_goal(b, 0), PEG_EHOLE);
  assert_int_equal(peg_board_goal(b, 7), PEG_EHOLE);
  int r, c;
  assert_int_equal(peg_board_position(b, 0, &r, &c), PEG_EHOLE);
  assert_int_equal(peg_board_position(b, 7, &r, &c), PEG_EHOLE);
  peg_error err;
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_board_check(b, &err), 0);
  assert_int_equal(peg_board_check(b, NULL), 0);
  peg_board_free(b);
}

static void test_add_triple(void **state) {
  (void)state;
  peg_board *b = peg_board_new(5);
  assert_non_null(b);
  assert_int_equal(peg_board_add_triple(b, 1, 2, 3), 0);
  assert_int_equal(peg_board_add_triple(b, 5, 4, 3), 0);
  /* holes out of range, in each place */
  assert_int_equal(peg_board_add_triple(b, 0, 2, 3), PEG_EHOLE);
  assert_int_equal(peg_board_add_triple(b, 1, 0, 3), PEG_EHOLE);
  assert_int_equal(peg_board_add_triple(b, 1, 2, 0), PEG_EHOLE);
  assert_int_equal(peg_board_add_triple(b, 6, 2, 3), PEG_EHOLE);
  assert_int_equal(peg_board_add_triple(b, 1, 6, 3), PEG_EHOLE);
  assert_int_equal(peg_board_add_triple(b, 1, 2, 6), PEG_EHOLE);
  assert_int_equal(peg_board_add_triple(b, -1, 2, 3), PEG_EHOLE);
  /* a repeated hole, in each pair of places */
  assert_int_equal(peg_board_add_triple(b, 2, 2, 4), PEG_ETRIPLE);
  assert_int_equal(peg_board_add_triple(b, 2, 4, 4), PEG_ETRIPLE);
  assert_int_equal(peg_board_add_triple(b, 4, 2, 4), PEG_ETRIPLE);
  assert_int_equal(peg_board_add_triple(b, 3, 3, 3), PEG_ETRIPLE);
  /* the same triple again, as given and reversed */
  assert_int_equal(peg_board_add_triple(b, 1, 2, 3), PEG_EDUPLICATE);
  assert_int_equal(peg_board_add_triple(b, 3, 2, 1), PEG_EDUPLICATE);
  assert_int_equal(peg_board_add_triple(b, 5, 4, 3), PEG_EDUPLICATE);
  assert_int_equal(peg_board_add_triple(b, 3, 4, 5), PEG_EDUPLICATE);
  /* the same holes with another in the middle is another triple */
  assert_int_equal(peg_board_add_triple(b, 2, 1, 3), 0);
  assert_int_equal(peg_board_add_triple(b, 1, 3, 2), 0);
  /* the refused ones were not added; the order is kept */
  assert_int_equal(peg_board_num_triples(b), 4);
  const int want[4][3] = {{1, 2, 3}, {5, 4, 3}, {2, 1, 3}, {1, 3, 2}};
  for (size_t i = 0; i < 4; i++) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, i, abc), 0);
    CHECK(abc[0] == want[i][0] && abc[1] == want[i][1] && abc[2] == want[i][2],
          "triple %zu is %d %d %d", i, abc[0], abc[1], abc[2]);
  }
  int abc[3];
  assert_int_equal(peg_board_triple(b, 4, abc), PEG_EINVAL);
  assert_int_equal(peg_board_triple(b, (size_t)-1, abc), PEG_EINVAL);
  peg_board_free(b);
}

static void test_start(void **state) {
  (void)state;
  peg_board *b = peg_board_new(5);
  assert_non_null(b);
  /* one empty hole */
  assert_int_equal(peg_board_set_empty(b, 3), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_start(b, h), h == 3 ? 0 : 1);
  assert_int_equal(peg_board_start_pegs(b), 4);
  assert_int_equal(peg_board_set_empty(b, 6), PEG_EHOLE);
  assert_int_equal(peg_board_set_empty(b, -1), PEG_EHOLE);
  /* the solver chooses */
  assert_int_equal(peg_board_set_empty(b, 0), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_start(b, h), -1);
  assert_int_equal(peg_board_start_pegs(b), 4);
  /* exactly these pegs, repeats merged; replaces the free start */
  const int holes[] = {4, 2, 4, 5, 2};
  assert_int_equal(peg_board_set_start(b, holes, 5), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_start(b, h), h == 2 || h >= 4);
  assert_int_equal(peg_board_start_pegs(b), 3);
  const int bad1[] = {1, 6}, bad2[] = {0}, bad3[] = {-3, 1};
  assert_int_equal(peg_board_set_start(b, bad1, 2), PEG_EHOLE);
  assert_int_equal(peg_board_set_start(b, bad2, 1), PEG_EHOLE);
  assert_int_equal(peg_board_set_start(b, bad3, 2), PEG_EHOLE);
  /* set_empty replaces a listed start */
  assert_int_equal(peg_board_set_start(b, holes, 5), 0);
  assert_int_equal(peg_board_set_empty(b, 1), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_start(b, h), h != 1);
  assert_int_equal(peg_board_start_pegs(b), 4);
  /* every hole full */
  const int all[] = {1, 2, 3, 4, 5};
  assert_int_equal(peg_board_set_start(b, all, 5), 0);
  assert_int_equal(peg_board_start_pegs(b), 5);
  /* no peg at all: allowed here, but the default goal wants one */
  assert_int_equal(peg_board_set_start(b, all, 0), 0);
  assert_int_equal(peg_board_start_pegs(b), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_start(b, h), 0);
  peg_error err;
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_board_check(b, &err), PEG_EGOAL);
  peg_board_free(b);
}

static void test_goal(void **state) {
  (void)state;
  peg_board *b = peg_board_new(5);
  assert_non_null(b);
  const int g[] = {5, 2};
  assert_int_equal(peg_board_set_goal(b, g, 2), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_goal(b, h), h == 2 || h == 5);
  assert_int_equal(peg_board_goal_pegs(b), 2);
  const int one[] = {3};
  assert_int_equal(peg_board_set_goal(b, one, 1), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_goal(b, h), h == 3);
  assert_int_equal(peg_board_goal_pegs(b), 1);
  const int bad1[] = {6}, bad2[] = {2, 0};
  assert_int_equal(peg_board_set_goal(b, bad1, 1), PEG_EHOLE);
  assert_int_equal(peg_board_set_goal(b, bad2, 2), PEG_EHOLE);
  /* n == 0: one peg anywhere again */
  assert_int_equal(peg_board_set_goal(b, g, 0), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_goal(b, h), -1);
  assert_int_equal(peg_board_goal_pegs(b), 1);
  peg_board_free(b);
}

static void test_layout_positions(void **state) {
  (void)state;
  peg_board *b = peg_board_new(3);
  assert_non_null(b);
  assert_int_equal(peg_board_set_layout(b, 3), PEG_EINVAL);
  assert_int_equal(peg_board_set_layout(b, -1), PEG_EINVAL);
  assert_int_equal(peg_board_layout(b), PEG_LAYOUT_NONE);
  assert_int_equal(peg_board_set_layout(b, PEG_LAYOUT_TRIANGLE), 0);
  assert_int_equal(peg_board_layout(b), PEG_LAYOUT_TRIANGLE);
  /* on a triangle, 1 <= column <= row */
  assert_int_equal(peg_board_set_position(b, 1, 1, 1), 0);
  assert_int_equal(peg_board_set_position(b, 2, 2, 1), 0);
  assert_int_equal(peg_board_set_position(b, 3, 2, 3), PEG_EPOSITION);
  assert_int_equal(peg_board_set_position(b, 3, 0, 1), PEG_EPOSITION);
  assert_int_equal(peg_board_set_position(b, 3, 2, 0), PEG_EPOSITION);
  assert_int_equal(peg_board_set_position(b, 3, -2, -1), PEG_EPOSITION);
  assert_int_equal(peg_board_set_position(b, 0, 1, 1), PEG_EHOLE);
  assert_int_equal(peg_board_set_position(b, 4, 1, 1), PEG_EHOLE);
  int r = 0, c = 0;
  assert_int_equal(peg_board_position(b, 2, &r, &c), 0);
  assert_int_equal(r, 2);
  assert_int_equal(c, 1);
  assert_int_equal(peg_board_position(b, 3, &r, &c), PEG_EPOSITION);

  peg_error err;
  /* hole 3 has no position yet */
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_board_check(b, &err), PEG_EPOSITION);
  assert_good_message("check, missing position", PEG_EPOSITION, &err);
  /* hole 3 where hole 2 is */
  assert_int_equal(peg_board_set_position(b, 3, 2, 1), 0);
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_board_check(b, &err), PEG_EPOSITION);
  assert_good_message("check, repeated position", PEG_EPOSITION, &err);
  assert_int_equal(peg_board_check(b, NULL), PEG_EPOSITION);
  /* moved: all distinct */
  assert_int_equal(peg_board_set_position(b, 3, 2, 2), 0);
  assert_int_equal(peg_board_position(b, 3, &r, &c), 0);
  assert_int_equal(r, 2);
  assert_int_equal(c, 2);
  assert_int_equal(peg_board_check(b, &err), 0);

  /* a square grid takes any row and column from 1 */
  assert_int_equal(peg_board_set_layout(b, PEG_LAYOUT_SQUARE), 0);
  assert_int_equal(peg_board_layout(b), PEG_LAYOUT_SQUARE);
  assert_int_equal(peg_board_set_position(b, 1, 1, 7), 0);
  assert_int_equal(peg_board_set_position(b, 2, 9, 1), 0);
  assert_int_equal(peg_board_set_position(b, 3, 0, 1), PEG_EPOSITION);
  assert_int_equal(peg_board_set_position(b, 3, 1, 0), PEG_EPOSITION);
  assert_int_equal(peg_board_position(b, 1, &r, &c), 0);
  assert_int_equal(r, 1);
  assert_int_equal(c, 7);
  assert_int_equal(peg_board_check(b, NULL), 0);
  peg_board_free(b);
}

static void test_check_goal(void **state) {
  (void)state;
  peg_board *b = peg_board_new(4);
  assert_non_null(b);
  const int start[] = {1, 2}, goal3[] = {1, 2, 3}, goal2[] = {3, 4};
  assert_int_equal(peg_board_set_start(b, start, 2), 0);
  assert_int_equal(peg_board_set_goal(b, goal3, 3), 0);
  peg_error err;
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_board_check(b, &err), PEG_EGOAL);
  assert_good_message("check, goal > start", PEG_EGOAL, &err);
  assert_int_equal(peg_board_check(b, NULL), PEG_EGOAL);
  /* as many pegs in the goal as at the start: no jump, but allowed */
  assert_int_equal(peg_board_set_goal(b, goal2, 2), 0);
  assert_int_equal(peg_board_check(b, &err), 0);
  /* a free start has N-1 pegs: a goal of N pegs is too many */
  const int full[] = {1, 2, 3, 4};
  assert_int_equal(peg_board_set_empty(b, 0), 0);
  assert_int_equal(peg_board_set_goal(b, full, 4), 0);
  assert_int_equal(peg_board_goal_pegs(b), 4);
  assert_int_equal(peg_board_check(b, &err), PEG_EGOAL);
  assert_good_message("check, free start, full goal", PEG_EGOAL, &err);
  peg_board_free(b);
}

static void test_copy(void **state) {
  (void)state;
  peg_board *b = peg_board_new(6);
  assert_non_null(b);
  assert_int_equal(peg_board_add_triple(b, 1, 2, 3), 0);
  assert_int_equal(peg_board_add_triple(b, 6, 5, 4), 0);
  const int start[] = {1, 2, 5, 6}, goal[] = {4};
  assert_int_equal(peg_board_set_start(b, start, 4), 0);
  assert_int_equal(peg_board_set_goal(b, goal, 1), 0);
  assert_int_equal(peg_board_set_layout(b, PEG_LAYOUT_SQUARE), 0);
  for (int h = 1; h <= 6; h++)
    assert_int_equal(
        peg_board_set_position(b, h, 1 + (h - 1) / 3, 1 + (h - 1) % 3), 0);
  peg_board *c = peg_board_copy(b);
  assert_non_null(c);
  assert_same_board("copy", b, c);
  /* the copy is independent */
  assert_int_equal(peg_board_add_triple(c, 2, 5, 4), 0);
  assert_int_equal(peg_board_set_empty(c, 0), 0);
  assert_int_equal(peg_board_set_position(c, 1, 3, 3), 0);
  assert_int_equal(peg_board_num_triples(b), 2);
  assert_int_equal(peg_board_start(b, 3), 0);
  int r, col;
  assert_int_equal(peg_board_position(b, 1, &r, &col), 0);
  assert_int_equal(r, 1);
  assert_int_equal(col, 1);
  peg_board_free(b);
  /* and survives the original */
  assert_int_equal(peg_board_num_triples(c), 3);
  assert_int_equal(peg_board_start(c, 3), -1);
  peg_board_free(c);

  /* a free start and default goal copy too */
  peg_board *d = peg_board_new(2);
  assert_non_null(d);
  assert_int_equal(peg_board_set_empty(d, 0), 0);
  peg_board *e = peg_board_copy(d);
  assert_non_null(e);
  assert_same_board("copy of a free start", d, e);
  peg_board_free(d);
  peg_board_free(e);
}

/* ---- the parser: good files ---- */

/* The example of docs/boards.md, verbatim. */
static const char doc_example[] =
    "# The 10-hole triangle, hole 1 empty.   <- comments run from # to the "
    "line end\n"
    "10 1\n"
    "1 2 4\n"
    "2 4 7\n"
    "3 5 8\n"
    "4 5 6\n"
    "7 8 9\n"
    "8 9 10\n"
    "1 3 6\n"
    "3 6 10\n"
    "2 5 9\n";

static const int doc_triples[9][3] = {{1, 2, 4}, {2, 4, 7},  {3, 5, 8},
                                      {4, 5, 6}, {7, 8, 9},  {8, 9, 10},
                                      {1, 3, 6}, {3, 6, 10}, {2, 5, 9}};

static void assert_doc_example(const char *what, const peg_board *b) {
  CHECK(peg_board_holes(b) == 10, "%s: holes", what);
  CHECK(peg_board_num_triples(b) == 9, "%s: %zu triples", what,
        peg_board_num_triples(b));
  for (size_t i = 0; i < 9; i++) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, i, abc), 0);
    CHECK(abc[0] == doc_triples[i][0] && abc[1] == doc_triples[i][1] &&
              abc[2] == doc_triples[i][2],
          "%s: triple %zu is %d %d %d", what, i, abc[0], abc[1], abc[2]);
  }
  for (int h = 1; h <= 10; h++) {
    CHECK(peg_board_start(b, h) == (h != 1), "%s: start of %d", what, h);
    CHECK(peg_board_goal(b, h) == -1, "%s: goal of %d", what, h);
  }
  CHECK(peg_board_layout(b) == PEG_LAYOUT_NONE, "%s: layout", what);
}

static void test_parse_doc_example(void **state) {
  (void)state;
  peg_board *b = parse_ok("doc example", doc_example);
  assert_doc_example("doc example", b);

  /* pegcheck's reading of the same text agrees on the puzzle */
  pc_board pc;
  char why[200];
  assert_true(
      pc_board_read(doc_example, strlen(doc_example), &pc, why, sizeof why));
  assert_int_equal(pc.holes, peg_board_holes(b));
  assert_int_equal(pc.num_triples, (int)peg_board_num_triples(b));
  pc_board_free(&pc);
  peg_board_free(b);
}

/* The same board written every way the format allows. */
static void test_parse_blanks_comments(void **state) {
  (void)state;
  const char *variants[] = {
      /* comments anywhere, glued to numbers; blank and blank-only lines */
      "\n# head\n   \n\t\n10 1 # the first line\n1 2 4#glued\n2 4 7 #\n"
      "# between\n3 5 8\n\n4 5 6\n7 8 9\n8 9 10\n1 3 6\n3 6 10\n2 5 9 # end",
      /* CRLF, tabs, several blanks, no final newline */
      "10\t1\r\n1\t2\t4\r\n2  4   7\r\n\t3 5 8\t\r\n4 5 6\r\n\r\n7 8 9\r\n"
      "8 9 10\r\n1 3 6\r\n3 6 10\r\n2 5 9",
      /* CRLF and a comment ending in CR */
      "# c\r\n10 1 # c\r\n1 2 4\r\n2 4 7\r\n3 5 8\r\n4 5 6\r\n7 8 9\r\n"
      "8 9 10\r\n1 3 6\r\n3 6 10\r\n2 5 9\r\n",
      /* leading blanks everywhere, trailing blank lines */
      "  10 1\n 1 2 4\n 2 4 7\n 3 5 8\n 4 5 6\n 7 8 9\n 8 9 10\n 1 3 6\n"
      " 3 6 10\n 2 5 9\n\n\n",
  };
  for (size_t i = 0; i < sizeof variants / sizeof *variants; i++) {
    char what[40];
    snprintf(what, sizeof what, "variant %zu", i);
    peg_board *b = parse_ok(what, variants[i]);
    assert_doc_example(what, b);
    peg_board_free(b);
  }
}

static void test_parse_start_goal(void **state) {
  (void)state;
  /* E = 0: the solver chooses */
  peg_board *b = parse_ok("E = 0", "4 0\n1 2 3\n");
  for (int h = 1; h <= 4; h++)
    assert_int_equal(peg_board_start(b, h), -1);
  assert_int_equal(peg_board_start_pegs(b), 3);
  assert_int_equal(peg_board_goal_pegs(b), 1);
  peg_board_free(b);

  /* start with E = 0, and with E a hole missing from the list */
  const char *starts[] = {
      "4 0\nstart 1 2 4\n1 2 3\n", "4 3\nstart 4 2 1\n1 2 3\n",
      "4 3\n1 2 3\nstart 1 2 4\n", "4 0\nstart 1 2 4 2\n1 2 3\n"};
  for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
    char what[40];
    snprintf(what, sizeof what, "start variant %zu", i);
    b = parse_ok(what, starts[i]);
    for (int h = 1; h <= 4; h++)
      CHECK(peg_board_start(b, h) == (h != 3), "%s: start of %d is %d", what, h,
            peg_board_start(b, h));
    CHECK(peg_board_start_pegs(b) == 3, "%s: start pegs", what);
    peg_board_free(b);
  }

  /* a goal */
  b = parse_ok("goal", "5 1\ngoal 5 2\n1 2 3\n");
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_goal(b, h), h == 2 || h == 5);
  assert_int_equal(peg_board_goal_pegs(b), 2);
  assert_int_equal(peg_board_start_pegs(b), 4);
  peg_board_free(b);

  /* E inconsistent with the start list */
  peg_error err;
  memset(&err, 0, sizeof err);
  b = (peg_board *)&err; /* must be set to NULL */
  int rc = parse("4 2\nstart 1 2 3\n", &b, &err);
  CHECK(rc < 0, "E listed in start: parse gave %d", rc);
  assert_null(b);
}

/* start, goal, layout and at lines in any order, before or after the
 * triples: every order gives the same board. */
static void test_parse_any_order(void **state) {
  (void)state;
  const char *orders[] = {
      "3 0\nstart 1 2\ngoal 3\nlayout triangle\nat 1 1 1\nat 2 2 1\n"
      "at 3 2 2\n1 2 3\n",
      "3 0\n1 2 3\nat 3 2 2\ngoal 3\nat 1 1 1\nlayout triangle\nstart 1 2\n"
      "at 2 2 1\n",
      "# x\n3 3\nat 2 2 1\nat 3 2 2\nat 1 1 1\n1 2 3\nlayout triangle\n"
      "goal 3\nstart 2 1\n",
      "3 0\nlayout triangle\nstart 1 2\nat 3 2 2\n1 2 3\nat 2 2 1\ngoal 3\n"
      "at 1 1 1\n",
  };
  peg_board *first = NULL;
  for (size_t i = 0; i < sizeof orders / sizeof *orders; i++) {
    char what[40];
    snprintf(what, sizeof what, "order %zu", i);
    peg_board *b = parse_ok(what, orders[i]);
    CHECK(peg_board_layout(b) == PEG_LAYOUT_TRIANGLE, "%s: layout", what);
    const int rows[] = {0, 1, 2, 2}, cols[] = {0, 1, 1, 2};
    for (int h = 1; h <= 3; h++) {
      int r = 0, c = 0;
      CHECK(peg_board_position(b, h, &r, &c) == 0 && r == rows[h] &&
                c == cols[h],
            "%s: hole %d at %d,%d", what, h, r, c);
      CHECK(peg_board_start(b, h) == (h != 3), "%s: start of %d", what, h);
      CHECK(peg_board_goal(b, h) == (h == 3), "%s: goal of %d", what, h);
    }
    assert_int_equal(peg_board_check(b, NULL), 0);
    if (first) {
      assert_same_board(what, first, b);
      peg_board_free(b);
    } else
      first = b;
  }
  peg_board_free(first);

  /* a square layout: any row and column */
  peg_board *sq =
      parse_ok("square", "2 1\nlayout square\nat 1 5 9\nat 2 12 1\n");
  int r, c;
  assert_int_equal(peg_board_layout(sq), PEG_LAYOUT_SQUARE);
  assert_int_equal(peg_board_position(sq, 1, &r, &c), 0);
  assert_int_equal(r, 5);
  assert_int_equal(c, 9);
  assert_int_equal(peg_board_position(sq, 2, &r, &c), 0);
  assert_int_equal(r, 12);
  assert_int_equal(c, 1);
  peg_board_free(sq);
}

/* ---- the parser: errors ---- */

/* Where the documents leave the token open, the positions follow one
 * convention: an error about a whole triple points at its first number; an
 * error about a position points at its row (the pair ROW COLUMN); a missing
 * number points just past the line's last token (as libdpll's reader
 * does); an error found at the end of the input points at the line after
 * the last. */
typedef struct bad_case {
  const char *name;
  const char *text;
  int code, alt_code;  /* the code, or (where a board code fits) either */
  long line, column;   /* derived by hand from the text */
  const char *mention; /* the message must contain this, or NULL */
} bad_case;

static const bad_case bad_cases[] = {
    /* 1234567890 */
    {"hole above N in a triple", "4 1\n1 2 5\n", PEG_EPARSE, PEG_EHOLE, 2, 5,
     "5"},
    {"hole 0 in a triple", "4 1\n0 2 3\n", PEG_EPARSE, PEG_EHOLE, 2, 1, NULL},
    {"hole above N after a tab", "4 1\n1\t2\t9\n", PEG_EPARSE, PEG_EHOLE, 2, 5,
     NULL},
    {"hole above N, CRLF", "# c\r\n4 1\r\n1 2 3\r\n 7 2 3\r\n", PEG_EPARSE,
     PEG_EHOLE, 4, 2, NULL},
    /* A repeated hole: the second of the two ("1 2 1": the last 1). */
    {"triple repeating a hole", "4 1\n1 2 1\n", PEG_EPARSE, PEG_ETRIPLE, 2, 5,
     NULL},
    {"triple repeating the middle hole", "4 1\n1 2 3\n2 2 4\n", PEG_EPARSE,
     PEG_ETRIPLE, 3, 3, NULL},
    {"short triple", "4 1\n1 2\n", PEG_EPARSE, PEG_EPARSE, 2, 4, NULL},
    {"short triple, CRLF", "4 1\r\n1 2 3\r\n4 3\r\n", PEG_EPARSE, PEG_EPARSE, 3,
     4, NULL},
    {"a line of four numbers", "4 1\n1 2 3 4\n", PEG_EPARSE, PEG_EPARSE, 2, 7,
     NULL},
    {"unknown keyword", "4 1\n1 2 3\n  jump 1 2 3\n", PEG_EPARSE, PEG_EPARSE, 3,
     3, "jump"},
    {"start hole out of range", "4 0\nstart 1 2 9\n", PEG_EPARSE, PEG_EHOLE, 2,
     11, "9"},
    {"start hole 0", "4 0\nstart 0 1\n", PEG_EPARSE, PEG_EHOLE, 2, 7, NULL},
    {"goal hole out of range", "4 1\n1 2 3\ngoal 0\n", PEG_EPARSE, PEG_EHOLE, 3,
     6, NULL},
    {"goal hole 5 of 4", "4 1\ngoal 2 5\n", PEG_EPARSE, PEG_EHOLE, 2, 8, "5"},
    {"goal with more pegs than the start", "4 1\n1 2 3\ngoal 1 2 3 4\n",
     PEG_EPARSE, PEG_EGOAL, 3, 1, NULL},
    {"goal with more pegs than a start line", "4 0\nstart 1 2\ngoal 2 3 4\n",
     PEG_EPARSE, PEG_EGOAL, 3, 1, NULL},
    {"N = 0", "0 0\n", PEG_EPARSE, PEG_EPARSE, 1, 1, NULL},
    {"N beyond PEG_MAX_HOLES", "4097 1\n", PEG_EPARSE, PEG_EPARSE, 1, 1,
     "4097"},
    {"N beyond, after a comment and a tab", "# big\n\t4097 1\n", PEG_EPARSE,
     PEG_EPARSE, 2, 2, NULL},
    {"N overflowing an int", "99999999999999999999 1\n", PEG_EPARSE, PEG_EPARSE,
     1, 1, NULL},
    {"N = 2^32 + 4", "4294967300 1\n", PEG_EPARSE, PEG_EPARSE, 1, 1, NULL},
    {"E out of range", "4 5\n", PEG_EPARSE, PEG_EHOLE, 1, 3, NULL},
    {"first line of three numbers", "4 1 2\n", PEG_EPARSE, PEG_EPARSE, 1, 5,
     NULL},
    {"first line of one number", "4\n1 2 3\n", PEG_EPARSE, PEG_EPARSE, 1, 2,
     NULL},
    {"duplicate triple", "4 1\n1 2 3\n2 3 4\n1 2 3\n", PEG_EPARSE,
     PEG_EDUPLICATE, 4, 1, NULL},
    {"reversed duplicate triple", "4 1\n1 2 3\n3 2 1\n", PEG_EPARSE,
     PEG_EDUPLICATE, 3, 1, NULL},
    /* Outside the triangle: the column that does not exist. */
    {"position outside the triangle",
     "3 1\nlayout triangle\nat 1 1 1\nat 2 2 1\nat 3 2 3\n", PEG_EPARSE,
     PEG_EPOSITION, 5, 8, NULL},
    {"position outside the triangle, layout last",
     "3 1\nat 1 1 1\nat 2 2 1\nat 3 2 3\nlayout triangle\n", PEG_EPARSE,
     PEG_EPOSITION, 4, 8, NULL},
    {"repeated position",
     "3 1\nlayout triangle\nat 1 1 1\nat 2 2 1\nat 3 2 1\n", PEG_EPARSE,
     PEG_EPOSITION, 5, 6, NULL},
    {"repeated position on a square",
     "3 1\nlayout square\nat 1 1 1\nat 2 1 2\nat 3 1 1\n", PEG_EPARSE,
     PEG_EPOSITION, 5, 6, NULL},
    {"position in row 0",
     "3 1\nlayout triangle\nat 1 1 1\nat 2 2 1\nat 3 0 1\n", PEG_EPARSE,
     PEG_EPOSITION, 5, 6, NULL},
    {"position of a hole out of range",
     "3 1\nlayout triangle\nat 1 1 1\nat 4 2 1\n", PEG_EPARSE, PEG_EHOLE, 4, 4,
     NULL},
    {"unknown layout", "3 1\nlayout hexagon\n", PEG_EPARSE, PEG_EINVAL, 2, 8,
     NULL},
    {"non-number in a triple", "4 1\n1 x 3\n", PEG_EPARSE, PEG_EPARSE, 2, 3,
     NULL},
    {"number glued to a letter", "4 1\n1 2 3x\n", PEG_EPARSE, PEG_EPARSE, 2, 5,
     NULL},
    {"non-number for E", "4 x\n", PEG_EPARSE, PEG_EPARSE, 1, 3, NULL},
    {"negative hole", "4 1\n1 -2 3\n", PEG_EPARSE, PEG_EHOLE, 2, 3, NULL},
    {"non-number in start", "4 0\nstart 1 two\n", PEG_EPARSE, PEG_EPARSE, 2, 9,
     NULL},
    {"empty file", "", PEG_EPARSE, PEG_EPARSE, 1, 1, NULL},
    {"keyword before the first line", "# c\nstart 1 2\n4 0\n", PEG_EPARSE,
     PEG_EPARSE, 2, 1, NULL},
    {"hole beyond the int range", "4 1\n1 2 99999999999\n", PEG_EPARSE,
     PEG_EHOLE, 2, 5, NULL},
    {"second start line", "4 0\nstart 1 2\nstart 2 3\n", PEG_EPARSE, PEG_EPARSE,
     3, 1, NULL},
    {"second goal line", "4 1\ngoal 2\n1 2 3\ngoal 3\n", PEG_EPARSE, PEG_EPARSE,
     4, 1, NULL},
    {"second layout line", "1 0\nlayout square\nlayout square\nat 1 1 1\n",
     PEG_EPARSE, PEG_EPARSE, 3, 1, NULL},
};

/* Every case is tried, each mismatch printed, and the test fails at the
 * end if any was wrong, so that one run shows them all. */
static void test_parse_errors(void **state) {
  (void)state;
  int failures = 0;
  for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
    const bad_case *k = &bad_cases[i];
    peg_error err;
    memset(&err, 0x55, sizeof err);
    peg_board *b = (peg_board *)&err; /* must be set to NULL */
    int rc = parse(k->text, &b, &err);
    const char *nul = memchr(err.message, '\0', sizeof err.message);
    size_t len = nul ? (size_t)(nul - err.message) : 0;
    char problem[160] = "";
    if (rc != k->code && rc != k->alt_code)
      snprintf(problem, sizeof problem, "gave %d (%s), expected %d or %d", rc,
               peg_strerror(rc), k->code, k->alt_code);
    else if (b != NULL)
      snprintf(problem, sizeof problem, "*out not NULL on failure");
    else if (err.line != k->line || err.column != k->column)
      snprintf(problem, sizeof problem, "error at %ld:%ld, expected %ld:%ld",
               err.line, err.column, k->line, k->column);
    else if (!nul || len < 10 || strchr(err.message, '\n'))
      snprintf(problem, sizeof problem, "message not one line of text");
    else if (rc == PEG_EPARSE && strcmp(err.message, peg_strerror(rc)) == 0)
      snprintf(problem, sizeof problem, "message does not say what is wrong");
    else if (k->mention && !strstr(err.message, k->mention))
      snprintf(problem, sizeof problem, "message does not mention '%s'",
               k->mention);
    if (problem[0]) {
      print_error("FAIL [%s]: %s; message '%.200s'\n", k->name, problem,
                  nul ? err.message : "(unterminated)");
      failures++;
    }
  }
  if (failures)
    fail_msg("%d of %zu bad board files handled wrongly (FAIL lines above)",
             failures, sizeof bad_cases / sizeof *bad_cases);
}

/* Errors whose exact position the documents leave open: still an error, a
 * line inside the file, and a one-line message. */
static void test_parse_errors_loose(void **state) {
  (void)state;
  const struct {
    const char *name, *text;
    long max_line;
  } cases[] = {
      {"missing position", "3 1\nlayout triangle\nat 1 1 1\nat 2 2 1\n", 5},
      {"one hole, empty: no peg for the default goal", "1 1\n", 1},
      {"start without holes", "4 1\nstart\n", 2},
      {"position without a layout", "3 1\nat 1 1 1\n", 2},
      {"comments only", "# nothing\n\n", 3},
      {"short at line", "3 1\nlayout square\nat 1 1\n", 3},
      {"layout without a name", "3 1\nlayout\n", 2},
      {"E listed in the start", "4 2\nstart 1 2 3\n", 2},
  };
  int failures = 0;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    peg_error err;
    memset(&err, 0, sizeof err);
    peg_board *b = (peg_board *)&err;
    int rc = parse(cases[i].text, &b, &err);
    int ok = rc < 0 && b == NULL && err.line >= 1 &&
             err.line <= cases[i].max_line && err.message[0] &&
             !strchr(err.message, '\n');
    if (!ok) {
      print_error("FAIL [%s]: gave %d at %ld:%ld '%.200s'\n", cases[i].name, rc,
                  err.line, err.column, err.message);
      failures++;
    }
  }
  if (failures)
    fail_msg("%d bad board files handled wrongly (FAIL lines above)", failures);
  /* a NUL byte inside the text (the size says where it ends) */
  {
    static const char nul[] = "4 1\n1 2\0 3\n";
    char *copy = malloc(sizeof nul - 1);
    assert_non_null(copy);
    memcpy(copy, nul, sizeof nul - 1);
    peg_error err;
    memset(&err, 0, sizeof err);
    peg_board *b = NULL;
    int rc = peg_board_parse(copy, sizeof nul - 1, &b, &err);
    free(copy);
    CHECK(rc == PEG_EPARSE && b == NULL && err.line == 2,
          "NUL byte: gave %d at %ld:%ld '%s'", rc, err.line, err.column,
          err.message);
  }
  /* err may be NULL */
  peg_board *b = NULL;
  assert_int_equal(parse("4 1\n1 2 5\n", &b, NULL) < 0, 1);
  assert_null(b);
}

/* Words in messages: odd bytes and the quote as \xNN, a word cut after
 * 24 bytes with "...", exactly as the messages have always shown them. */
static void test_parse_messages_show_words(void **state) {
  (void)state;
  const struct {
    const char *text, *message;
  } cases[] = {
      {"4 1\nk\x01'\xe9"
       "z\n",
       "unknown keyword 'k\\x01\\x27\\xE9z' (expected a triple, 'start', "
       "'goal', 'layout' or 'at')"},
      {"4 1\nabcdefghijklmnopqrstuvwxyzABCD 1\n",
       "unknown keyword 'abcdefghijklmnopqrstuvwx...' (expected a triple, "
       "'start', 'goal', 'layout' or 'at')"},
      {"4 1\nabcdefghijklmnopqrstuvwx\n",
       "unknown keyword 'abcdefghijklmnopqrstuvwx' (expected a triple, "
       "'start', 'goal', 'layout' or 'at')"},
      {"4 1\n1 2 3\xff\n", "expected the hole (a number), found '3\\xFF'"},
      /* \v and \f separate words in a board file */
      {"4 1\n1\v2\f3 x\n", "a triple is three holes, not 4"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    peg_error err;
    memset(&err, 0, sizeof err);
    peg_board *b = NULL;
    int rc = parse(cases[i].text, &b, &err);
    CHECK(rc == PEG_EPARSE && strcmp(err.message, cases[i].message) == 0,
          "case %zu: gave %d, '%s'", i, rc, err.message);
  }
}

/* ---- peg_board_text ---- */

static void round_trip(const char *what, const peg_board *b) {
  size_t size = 12345;
  char *text = peg_board_text(b, &size);
  CHECK(text != NULL, "%s: no text", what);
  CHECK(size == strlen(text), "%s: size %zu, strlen %zu", what, size,
        strlen(text));
  CHECK(size > 0 && text[size - 1] == '\n', "%s: text does not end a line",
        what);
  char *again = peg_board_text(b, NULL);
  CHECK(again && strcmp(again, text) == 0, "%s: second text differs", what);
  free(again);
  peg_board *c = NULL;
  peg_error err;
  memset(&err, 0, sizeof err);
  int rc = parse(text, &c, &err);
  CHECK(rc == 0, "%s: text does not parse: %d at %ld:%ld: %s", what, rc,
        err.line, err.column, err.message);
  assert_same_board(what, b, c);
  /* and what it writes is what it read */
  char *third = peg_board_text(c, NULL);
  CHECK(third && strcmp(third, text) == 0, "%s: text of the copy differs",
        what);
  free(third);
  free(text);
  peg_board_free(c);
}

static void test_text_hand_made(void **state) {
  (void)state;
  peg_board *b = peg_board_new(5);
  assert_non_null(b);
  round_trip("no triples", b);
  assert_int_equal(peg_board_add_triple(b, 1, 2, 3), 0);
  assert_int_equal(peg_board_add_triple(b, 5, 4, 3), 0);
  assert_int_equal(peg_board_add_triple(b, 2, 3, 4), 0);
  round_trip("three triples", b);
  assert_int_equal(peg_board_set_empty(b, 4), 0);
  round_trip("hole 4 empty", b);
  assert_int_equal(peg_board_set_empty(b, 0), 0);
  round_trip("free start", b);
  const int goal[] = {3, 5};
  assert_int_equal(peg_board_set_goal(b, goal, 2), 0);
  round_trip("free start, goal", b);
  const int start[] = {1, 2, 4};
  assert_int_equal(peg_board_set_start(b, start, 3), 0);
  round_trip("start list, goal", b);
  const int one[] = {5};
  assert_int_equal(peg_board_set_start(b, one, 1), 0);
  assert_int_equal(peg_board_set_goal(b, one, 1), 0);
  round_trip("start = goal", b);
  assert_int_equal(peg_board_set_layout(b, PEG_LAYOUT_SQUARE), 0);
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_set_position(b, h, 10 - h, 2 * h), 0);
  round_trip("square layout", b);
  assert_int_equal(peg_board_set_layout(b, PEG_LAYOUT_TRIANGLE), 0);
  const int pos[6][2] = {{0, 0}, {3, 1}, {1, 1}, {2, 2}, {3, 3}, {2, 1}};
  for (int h = 1; h <= 5; h++)
    assert_int_equal(peg_board_set_position(b, h, pos[h][0], pos[h][1]), 0);
  round_trip("triangle layout", b);
  peg_board_free(b);

  /* the doc example and the biggest board */
  b = parse_ok("doc example", doc_example);
  round_trip("doc example", b);
  peg_board_free(b);
  b = peg_board_new(PEG_MAX_HOLES);
  assert_non_null(b);
  assert_int_equal(peg_board_add_triple(b, 4096, 1, 2048), 0);
  assert_int_equal(peg_board_set_empty(b, 4096), 0);
  round_trip("4096 holes", b);
  peg_board_free(b);
}

static void test_text_catalogue(void **state) {
  (void)state;
  const char *names[] = {"triangle2",  "triangle3",  "triangle4",  "triangle5",
                         "triangle6",  "triangle7",  "triangle8",  "triangle9",
                         "triangle10", "triangle11", "triangle12", "triangle30",
                         "triangle90", "english",    "french",     "wiegleb",
                         "diamond"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    peg_board *b = NULL;
    CHECK(peg_board_named(names[i], &b) == 0 && b, "%s: not in catalogue",
          names[i]);
    round_trip(names[i], b);
    /* with the solver's choice of start, too */
    assert_int_equal(peg_board_set_empty(b, 0), 0);
    round_trip(names[i], b);
    peg_board_free(b);
  }
}

/* triangle1 has one hole, empty: no peg at the start, and the default goal
 * wants one.  peg_board_text promises a text the parser reads back. */
static void test_text_no_pegs(void **state) {
  (void)state;
  peg_board *b = peg_board_new(1);
  assert_non_null(b);
  assert_int_equal(peg_board_check(b, NULL), PEG_EGOAL);
  char *text = peg_board_text(b, NULL);
  assert_non_null(text);
  peg_board *c = NULL;
  peg_error err;
  memset(&err, 0, sizeof err);
  int rc = parse(text, &c, &err);
  CHECK(rc == 0 || rc == PEG_EGOAL || rc == PEG_EPARSE,
        "one empty hole: parse gave %d", rc);
  if (rc == 0) {
    assert_same_board("one empty hole", b, c);
    peg_board_free(c);
  }
  free(text);
  peg_board_free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_strerror_version),
      cmocka_unit_test(test_new_limits),
      cmocka_unit_test(test_defaults),
      cmocka_unit_test(test_add_triple),
      cmocka_unit_test(test_start),
      cmocka_unit_test(test_goal),
      cmocka_unit_test(test_layout_positions),
      cmocka_unit_test(test_check_goal),
      cmocka_unit_test(test_copy),
      cmocka_unit_test(test_parse_doc_example),
      cmocka_unit_test(test_parse_blanks_comments),
      cmocka_unit_test(test_parse_start_goal),
      cmocka_unit_test(test_parse_any_order),
      cmocka_unit_test(test_parse_errors),
      cmocka_unit_test(test_parse_errors_loose),
      cmocka_unit_test(test_parse_messages_show_words),
      cmocka_unit_test(test_text_hand_made),
      cmocka_unit_test(test_text_catalogue),
      cmocka_unit_test(test_text_no_pegs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
