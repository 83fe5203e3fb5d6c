/* test_draw.c - lib/peg/draw.c: drawings of positions in the board's
 * shape (written out by hand: a triangle must look like a triangle, the
 * English board like a cross), the list form for boards without a layout,
 * the snprintf contract of peg_draw and peg_hole_name, and hole names.
 *
 * The layout (lib/peg/draw.c): each row starts with its number, right
 * aligned to the widest row number, and a blank; hole column c sits at
 * 2(c-1) after that, on a triangle plus an indent of (rows - r), so that
 * each row sits between the holes of the row below; 'o' a peg, '.' an
 * empty hole; no blanks at the end of a line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "peg.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The drawing of pegs, whole, in a malloc'd string. */
static char *draw(const peg_board *b, const unsigned char *pegs) {
  int n = peg_draw(b, pegs, NULL, 0);
  CHECK(n > 0, "peg_draw gave %d", n);
  char *s = malloc((size_t)n + 1);
  assert_non_null(s);
  memset(s, '#', (size_t)n + 1);
  int m = peg_draw(b, pegs, s, (size_t)n + 1);
  CHECK(m == n, "peg_draw gave %d with room, %d without", m, n);
  CHECK(s[n] == '\0' && strlen(s) == (size_t)n, "drawing not terminated");
  return s;
}

static void expect_drawing(const char *what, const peg_board *b,
                           const unsigned char *pegs, const char *want) {
  char *got = draw(b, pegs);
  if (strcmp(got, want) != 0) {
    print_error("%s: expected\n%s---- got\n%s----\n", what, want, got);
    free(got);
    fail_msg("%s: wrong drawing", what);
  }
  free(got);
}

static void start_pegs(const peg_board *b, unsigned char *pegs) {
  assert_int_equal(peg_start_pegs(b, NULL, pegs), 0);
}

static void test_triangle4(void **state) {
  (void)state;
  peg_board *b = named("triangle4", -1);
  unsigned char pegs[11];
  start_pegs(b, pegs);
  expect_drawing("triangle4, hole 1 empty", b, pegs,
                 "1    .\n"
                 "2   o o\n"
                 "3  o o o\n"
                 "4 o o o o\n");
  /* 4 -> 1 over 2 */
  peg_jump j = {4, 2, 1};
  assert_int_equal(peg_apply(b, pegs, j), 0);
  expect_drawing("triangle4 after 4 -> 1 over 2", b, pegs,
                 "1    o\n"
                 "2   . o\n"
                 "3  . o o\n"
                 "4 o o o o\n");
  /* 6 -> 4 over 5 */
  peg_jump k = {6, 5, 4};
  assert_int_equal(peg_apply(b, pegs, k), 0);
  expect_drawing("triangle4 after 6 -> 4 over 5", b, pegs,
                 "1    o\n"
                 "2   . o\n"
                 "3  o . .\n"
                 "4 o o o o\n");
  memset(pegs, 0, sizeof pegs);
  expect_drawing("triangle4, empty", b, pegs,
                 "1    .\n"
                 "2   . .\n"
                 "3  . . .\n"
                 "4 . . . .\n");
  peg_board_free(b);
}

/* Ten rows: the row numbers take two columns. */
static void test_triangle10(void **state) {
  (void)state;
  peg_board *b = named("triangle10", -1);
  unsigned char pegs[56];
  assert_int_equal(peg_board_set_empty(b, 52), 0); /* row 10, column 7 */
  start_pegs(b, pegs);
  expect_drawing("triangle10, hole 52 empty", b, pegs,
                 " 1          o\n"
                 " 2         o o\n"
                 " 3        o o o\n"
                 " 4       o o o o\n"
                 " 5      o o o o o\n"
                 " 6     o o o o o o\n"
                 " 7    o o o o o o o\n"
                 " 8   o o o o o o o o\n"
                 " 9  o o o o o o o o o\n"
                 "10 o o o o o o . o o o\n");
  peg_board_free(b);
}

/* The English cross: holes numbered row by row; 17 the centre. */
static void test_english(void **state) {
  (void)state;
  peg_board *b = named("english", -1);
  unsigned char pegs[34];
  start_pegs(b, pegs);
  expect_drawing("english, centre empty", b, pegs,
                 "1     o o o\n"
                 "2     o o o\n"
                 "3 o o o o o o o\n"
                 "4 o o o . o o o\n"
                 "5 o o o o o o o\n"
                 "6     o o o\n"
                 "7     o o o\n");
  /* 5 (row 2 column 4) -> 17 over 10 (row 3 column 4) */
  peg_jump j = {5, 10, 17};
  assert_int_equal(peg_apply(b, pegs, j), 0);
  expect_drawing("english after 5 -> 17 over 10", b, pegs,
                 "1     o o o\n"
                 "2     o . o\n"
                 "3 o o o . o o o\n"
                 "4 o o o o o o o\n"
                 "5 o o o o o o o\n"
                 "6     o o o\n"
                 "7     o o o\n");
  /* 15 (row 4 column 2) -> 17 over 16 is refused now: 17 is full */
  peg_jump k = {15, 16, 17};
  assert_int_equal(peg_apply(b, pegs, k), PEG_EPLAY);
  /* 12 (row 3 column 6) -> 10 over 11, into the hole 5 -> 17 emptied */
  peg_jump l = {12, 11, 10};
  assert_int_equal(peg_apply(b, pegs, l), 0);
  expect_drawing("english after 12 -> 10 over 11", b, pegs,
                 "1     o o o\n"
                 "2     o . o\n"
                 "3 o o o o . . o\n"
                 "4 o o o o o o o\n"
                 "5 o o o o o o o\n"
                 "6     o o o\n"
                 "7     o o o\n");
  peg_board_free(b);
}

/* A square layout of a hand-made board, holes in no particular order. */
static void test_square_hand_made(void **state) {
  (void)state;
  peg_board *b = peg_board_new(4);
  assert_non_null(b);
  assert_int_equal(peg_board_set_layout(b, PEG_LAYOUT_SQUARE), 0);
  assert_int_equal(peg_board_set_position(b, 1, 2, 2), 0);
  assert_int_equal(peg_board_set_position(b, 2, 1, 3), 0);
  assert_int_equal(peg_board_set_position(b, 3, 1, 1), 0);
  assert_int_equal(peg_board_set_position(b, 4, 3, 3), 0);
  assert_int_equal(peg_board_check(b, NULL), 0);
  unsigned char pegs[5] = {0, 0, 1, 1, 1};
  expect_drawing("square, hand-made", b, pegs,
                 "1 o   o\n"
                 "2   .\n"
                 "3     o\n");
  peg_board_free(b);
}

/* Without a layout: the list of the holes holding pegs. */
static void test_list_form(void **state) {
  (void)state;
  peg_board *b = peg_board_new(6);
  assert_non_null(b);
  unsigned char pegs[7] = {0, 1, 0, 0, 1, 0, 1};
  expect_drawing("no layout", b, pegs, "pegs in holes 1 4 6\n");
  unsigned char all[7] = {0, 1, 1, 1, 1, 1, 1};
  expect_drawing("no layout, full", b, all, "pegs in holes 1 2 3 4 5 6\n");
  unsigned char none[7] = {0};
  char *s = draw(b, none);
  CHECK(strncmp(s, "pegs in holes", 13) == 0 &&
            strchr(s, '\n') == s + strlen(s) - 1,
        "no pegs: '%s'", s);
  free(s);
  /* the start of a parsed board without layout */
  const char *text = "12 0\nstart 3 12 7\n1 2 3\n";
  peg_board *c = NULL;
  assert_int_equal(peg_board_parse(text, strlen(text), &c, NULL), 0);
  unsigned char p[13];
  start_pegs(c, p);
  expect_drawing("parsed, no layout", c, p, "pegs in holes 3 7 12\n");
  peg_board_free(c);
  peg_board_free(b);
}

/* snprintf's contract: the full length always, at most size bytes written
 * with a NUL among them, nothing written when size is 0. */
static void test_snprintf_contract(void **state) {
  (void)state;
  peg_board *b = named("triangle4", -1);
  unsigned char pegs[11];
  start_pegs(b, pegs);
  const char *full = "1    .\n2   o o\n3  o o o\n4 o o o o\n";
  int len = (int)strlen(full);
  char buf[64];
  assert_int_equal(peg_draw(b, pegs, NULL, 0), len);
  memset(buf, '#', sizeof buf);
  assert_int_equal(peg_draw(b, pegs, buf, 0), len);
  assert_int_equal(buf[0], '#');
  for (int size = 1; size <= len + 2; size++) {
    memset(buf, '#', sizeof buf);
    int n = peg_draw(b, pegs, buf, (size_t)size);
    CHECK(n == len, "size %d: returned %d, not %d", size, n, len);
    int kept = size - 1 < len ? size - 1 : len;
    CHECK(memcmp(buf, full, (size_t)kept) == 0 && buf[kept] == '\0',
          "size %d: buffer holds '%.*s'", size, kept + 1, buf);
    CHECK(buf[size] == '#', "size %d: wrote past the size", size);
  }
  /* the list form too */
  peg_board *c = peg_board_new(3);
  assert_non_null(c);
  unsigned char p[4] = {0, 1, 1, 1};
  memset(buf, '#', sizeof buf);
  assert_int_equal(peg_draw(c, p, buf, 6), 20); /* "pegs in holes 1 2 3\n" */
  assert_string_equal(buf, "pegs ");
  assert_int_equal(buf[6], '#');
  peg_board_free(c);
  /* errors are negative */
  assert_true(peg_draw(b, NULL, buf, sizeof buf) < 0);
  peg_board_free(b);
}

static void test_hole_names(void **state) {
  (void)state;
  peg_board *b = named("triangle4", -1);
  char buf[64];
  const struct {
    int hole;
    const char *name;
  } tri[] = {{1, "row 1 column 1"},
             {5, "row 3 column 2"},
             {7, "row 4 column 1"},
             {10, "row 4 column 4"}};
  for (size_t i = 0; i < sizeof tri / sizeof *tri; i++) {
    int n = peg_hole_name(b, tri[i].hole, buf, sizeof buf);
    CHECK(n == (int)strlen(tri[i].name) && strcmp(buf, tri[i].name) == 0,
          "hole %d is '%s' (%d)", tri[i].hole, buf, n);
  }
  assert_true(peg_hole_name(b, 0, buf, sizeof buf) < 0);
  assert_true(peg_hole_name(b, 11, buf, sizeof buf) < 0);
  /* cut as snprintf cuts */
  assert_int_equal(peg_hole_name(b, 5, NULL, 0), 14);
  memset(buf, '#', sizeof buf);
  assert_int_equal(peg_hole_name(b, 5, buf, 6), 14);
  assert_string_equal(buf, "row 3");
  assert_int_equal(buf[6], '#');
  memset(buf, '#', sizeof buf);
  assert_int_equal(peg_hole_name(b, 5, buf, 1), 14);
  assert_int_equal(buf[0], '\0');
  assert_int_equal(buf[1], '#');
  peg_board_free(b);

  b = named("english", -1);
  assert_int_equal(peg_hole_name(b, 17, buf, sizeof buf), 14);
  assert_string_equal(buf, "row 4 column 4");
  assert_int_equal(peg_hole_name(b, 1, buf, sizeof buf), 14);
  assert_string_equal(buf, "row 1 column 3");
  assert_int_equal(peg_hole_name(b, 33, buf, sizeof buf), 14);
  assert_string_equal(buf, "row 7 column 5");
  peg_board_free(b);

  /* no positions */
  b = peg_board_new(12);
  assert_non_null(b);
  assert_int_equal(peg_hole_name(b, 5, buf, sizeof buf), 6);
  assert_string_equal(buf, "hole 5");
  assert_int_equal(peg_hole_name(b, 12, buf, sizeof buf), 7);
  assert_string_equal(buf, "hole 12");
  memset(buf, '#', sizeof buf);
  assert_int_equal(peg_hole_name(b, 12, buf, 3), 7);
  assert_string_equal(buf, "ho");
  assert_int_equal(peg_hole_name(b, 12, NULL, 0), 7);
  peg_board_free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_triangle4),
      cmocka_unit_test(test_triangle10),
      cmocka_unit_test(test_english),
      cmocka_unit_test(test_square_hand_made),
      cmocka_unit_test(test_list_form),
      cmocka_unit_test(test_snprintf_contract),
      cmocka_unit_test(test_hole_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
