/* test_catalogue.c - lib/peg/catalogue.c: the list of named boards, the
 * triangles of 1 to 90 rows (hole, triple and position arithmetic), the
 * square-grid boards (shape, numbering, centre), every triple a straight
 * line of consecutive positions, agreement with pegcheck's independently
 * built boards, and the names that are not in the catalogue. */
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

static void test_list(void **state) {
  (void)state;
  size_t n = peg_catalogue_size();
  assert_int_equal(n, 5);
  const char *want[] = {"triangleR", "english", "french", "wiegleb", "diamond"};
  int seen[5] = {0};
  for (size_t i = 0; i < n; i++) {
    const char *name = peg_catalogue_name(i);
    const char *doc = peg_catalogue_description(i);
    CHECK(name != NULL && doc != NULL, "entry %zu: NULL", i);
    CHECK(strlen(doc) >= 10 && strchr(doc, '\n') == NULL,
          "entry %zu (%s): description '%s' not one line", i, name, doc);
    int found = 0;
    for (size_t k = 0; k < 5; k++)
      if (strcmp(name, want[k]) == 0) {
        seen[k]++;
        found = 1;
      }
    CHECK(found, "entry %zu: unexpected name '%s'", i, name);
  }
  for (size_t k = 0; k < 5; k++)
    CHECK(seen[k] == 1, "%s listed %d times", want[k], seen[k]);
  assert_null(peg_catalogue_name(n));
  assert_null(peg_catalogue_description(n));
  assert_null(peg_catalogue_name((size_t)-1));
  assert_null(peg_catalogue_description((size_t)-1));
  /* every fixed name names a board */
  for (size_t i = 0; i < n; i++) {
    const char *name = peg_catalogue_name(i);
    if (strcmp(name, "triangleR") == 0)
      continue;
    peg_board *b = named(name, -1);
    peg_board_free(b);
  }
}

/* Every triple of b is three holes in a straight line at consecutive
 * positions: position(over) - position(a) == position(c) - position(over)
 * == a unit step allowed on the layout (three directions on a triangle,
 * rows, columns and diagonals on a square grid; orthogonal_only keeps
 * rows and columns).  Also no two triples are the same line (middle hole
 * and direction).  Returns how many triples there are. */
static size_t check_lines(const char *what, const peg_board *b,
                          int orthogonal_only) {
  int n = peg_board_holes(b);
  int layout = peg_board_layout(b);
  CHECK(layout == PEG_LAYOUT_TRIANGLE || layout == PEG_LAYOUT_SQUARE,
        "%s: layout %d", what, layout);
  unsigned char *seen = calloc((size_t)n + 1, 4);
  assert_non_null(seen);
  size_t m = peg_board_num_triples(b);
  for (size_t i = 0; i < m; i++) {
    int abc[3], r[3], c[3];
    assert_int_equal(peg_board_triple(b, i, abc), 0);
    for (int k = 0; k < 3; k++) {
      CHECK(abc[k] >= 1 && abc[k] <= n, "%s: triple %zu names hole %d", what, i,
            abc[k]);
      CHECK(peg_board_position(b, abc[k], &r[k], &c[k]) == 0,
            "%s: hole %d has no position", what, abc[k]);
    }
    int dr = r[1] - r[0], dc = c[1] - c[0];
    CHECK(r[2] - r[1] == dr && c[2] - c[1] == dc,
          "%s: triple %d %d %d is not evenly spaced", what, abc[0], abc[1],
          abc[2]);
    /* normalise the direction: dr > 0, or dr == 0 and dc > 0 */
    if (dr < 0 || (dr == 0 && dc < 0)) {
      dr = -dr;
      dc = -dc;
    }
    int dir = -1;
    if (dr == 0 && dc == 1)
      dir = 0;
    else if (dr == 1 && dc == 0)
      dir = 1;
    else if (dr == 1 && dc == 1)
      dir = 2;
    else if (dr == 1 && dc == -1 && layout == PEG_LAYOUT_SQUARE)
      dir = 3;
    CHECK(dir >= 0, "%s: triple %d %d %d: step (%d,%d) is not a unit step",
          what, abc[0], abc[1], abc[2], dr, dc);
    if (orthogonal_only)
      CHECK(dir <= 1, "%s: triple %d %d %d is diagonal", what, abc[0], abc[1],
            abc[2]);
    CHECK(!seen[4 * abc[1] + dir], "%s: triple %d %d %d repeats a line", what,
          abc[0], abc[1], abc[2]);
    seen[4 * abc[1] + dir] = 1;
  }
  free(seen);
  return m;
}

static void test_triangles(void **state) {
  (void)state;
  int rows_list[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 45, 90};
  for (size_t i = 0; i < sizeof rows_list / sizeof *rows_list; i++) {
    int R = rows_list[i];
    char name[32];
    snprintf(name, sizeof name, "triangle%d", R);
    peg_board *b = named(name, -1);
    CHECK(peg_board_holes(b) == R * (R + 1) / 2, "%s: %d holes", name,
          peg_board_holes(b));
    CHECK(peg_board_num_triples(b) == (size_t)(3 * (R - 2) * (R - 1) / 2),
          "%s: %zu triples, expected 3(R-2)(R-1)/2 = %d", name,
          peg_board_num_triples(b), 3 * (R - 2) * (R - 1) / 2);
    CHECK(peg_board_layout(b) == PEG_LAYOUT_TRIANGLE, "%s: layout", name);
    for (int r = 1; r <= R; r++)
      for (int c = 1; c <= r; c++) {
        int h = r * (r - 1) / 2 + c, rr = 0, cc = 0;
        CHECK(peg_board_position(b, h, &rr, &cc) == 0 && rr == r && cc == c,
              "%s: hole %d at %d,%d, expected %d,%d", name, h, rr, cc, r, c);
        CHECK(peg_board_start(b, h) == (h != 1), "%s: start of hole %d", name,
              h);
        CHECK(peg_board_goal(b, h) == -1, "%s: goal of hole %d", name, h);
      }
    CHECK(peg_board_start_pegs(b) == R * (R + 1) / 2 - 1, "%s: start pegs",
          name);
    CHECK(peg_board_goal_pegs(b) == 1, "%s: goal pegs", name);
    /* all valid and distinct, and as many as there are lines: all there */
    check_lines(name, b, 0);
    /* one hole, empty: no peg for the one-peg goal */
    CHECK(peg_board_check(b, NULL) == (R == 1 ? PEG_EGOAL : 0),
          "%s: check gave %d", name, peg_board_check(b, NULL));
    peg_board_free(b);
  }
  /* the biggest triangle fits PEG_MAX_HOLES */
  assert_true(90 * 91 / 2 <= PEG_MAX_HOLES);
  assert_true(91 * 92 / 2 > PEG_MAX_HOLES);
}

/* The square-grid boards: holes numbered row by row, left to right; each
 * row a run of columns centred on the board; the centre empty. */
typedef struct shape {
  const char *name;
  int holes, empty;
  int rows;
  int widths[9];
  int orthogonal; /* three consecutive holes along a row or a column */
  int triples;    /* -1: not fixed by the documents */
} shape;

/* Lines of three along rows and columns, by hand: a row (or column) of w
 * holes holds w - 2 of them, and each board is symmetric, so twice the
 * sum over the rows.
 *   english 3,3,7,7,7,3,3:        1+1+5+5+5+1+1 = 19, 38
 *   french  3,5,7,7,7,5,3:        1+3+5+5+5+3+1 = 23, 46
 *   wiegleb 3,3,3,9,9,9,3,3,3:    6*1 + 3*7     = 27, 54
 *   diamond 1,3,5,7,9,7,5,3,1:    0+1+3+5+7+5+3+1+0 = 25, 50
 * docs/boards.md fixes english to rows and columns (38 triples); for the
 * others it does not say whether diagonal jumps are allowed. */

static const shape shapes[] = {
    {"english", 33, 17, 7, {3, 3, 7, 7, 7, 3, 3}, 38, 38},
    {"french", 37, 19, 7, {3, 5, 7, 7, 7, 5, 3}, 46, -1},
    {"wiegleb", 45, 23, 9, {3, 3, 3, 9, 9, 9, 3, 3, 3}, 54, -1},
    {"diamond", 41, 21, 9, {1, 3, 5, 7, 9, 7, 5, 3, 1}, 50, -1},
};

static void test_square_boards(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    const shape *s = &shapes[i];
    peg_board *b = named(s->name, -1);
    int n = peg_board_holes(b);
    CHECK(n == s->holes, "%s: %d holes", s->name, n);
    CHECK(peg_board_layout(b) == PEG_LAYOUT_SQUARE, "%s: layout %d", s->name,
          peg_board_layout(b));
    for (int h = 1; h <= n; h++) {
      CHECK(peg_board_start(b, h) == (h != s->empty), "%s: start of %d",
            s->name, h);
      CHECK(peg_board_goal(b, h) == -1, "%s: goal of %d", s->name, h);
    }
    assert_int_equal(peg_board_check(b, NULL), 0);
    /* positions: row by row, left to right */
    int r0 = 0, c0 = 0, minr = 1 << 30, maxr = -1, minc = 1 << 30, maxc = -1;
    int *row = calloc((size_t)n + 1, sizeof *row);
    int *col = calloc((size_t)n + 1, sizeof *col);
    assert_non_null(row);
    assert_non_null(col);
    for (int h = 1; h <= n; h++) {
      CHECK(peg_board_position(b, h, &row[h], &col[h]) == 0,
            "%s: hole %d has no position", s->name, h);
      CHECK(row[h] >= 1 && col[h] >= 1, "%s: hole %d at %d,%d", s->name, h,
            row[h], col[h]);
      CHECK(h == 1 || row[h] > r0 || (row[h] == r0 && col[h] > c0),
            "%s: hole %d (%d,%d) does not follow hole %d (%d,%d)", s->name, h,
            row[h], col[h], h - 1, r0, c0);
      r0 = row[h];
      c0 = col[h];
      if (row[h] < minr)
        minr = row[h];
      if (row[h] > maxr)
        maxr = row[h];
      if (col[h] < minc)
        minc = col[h];
      if (col[h] > maxc)
        maxc = col[h];
    }
    CHECK(maxr - minr + 1 == s->rows, "%s: %d rows", s->name, maxr - minr + 1);
    int centre_r = (minr + maxr) / 2, centre_c = (minc + maxc) / 2;
    CHECK((minr + maxr) % 2 == 0 && (minc + maxc) % 2 == 0,
          "%s: no centre hole", s->name);
    CHECK(row[s->empty] == centre_r && col[s->empty] == centre_c,
          "%s: empty hole %d at %d,%d, not the centre %d,%d", s->name, s->empty,
          row[s->empty], col[s->empty], centre_r, centre_c);
    /* each row: a run of consecutive columns, centred */
    for (int k = 0; k < s->rows; k++) {
      int r = minr + k, count = 0, lo = 1 << 30, hi = -1;
      for (int h = 1; h <= n; h++)
        if (row[h] == r) {
          count++;
          if (col[h] < lo)
            lo = col[h];
          if (col[h] > hi)
            hi = col[h];
        }
      CHECK(count == s->widths[k], "%s: row %d has %d holes, expected %d",
            s->name, k + 1, count, s->widths[k]);
      CHECK(hi - lo + 1 == count && lo + hi == 2 * centre_c,
            "%s: row %d is not a centred run (%d..%d)", s->name, k + 1, lo, hi);
    }
    /* every triple a line; every three consecutive holes along a row or
     * a column a triple (peg solitaire's jumps) */
    size_t m = check_lines(s->name, b, strcmp(s->name, "english") == 0);
    size_t orth = 0;
    for (int a = 1; a <= n; a++)
      for (int d = 0; d < 2; d++) {
        int dr = d, dc = 1 - d, o = 0, c = 0;
        for (int h = 1; h <= n; h++) {
          if (row[h] == row[a] + dr && col[h] == col[a] + dc)
            o = h;
          if (row[h] == row[a] + 2 * dr && col[h] == col[a] + 2 * dc)
            c = h;
        }
        if (!o || !c)
          continue;
        orth++;
        int found = 0;
        for (size_t t = 0; t < m && !found; t++) {
          int abc[3];
          assert_int_equal(peg_board_triple(b, t, abc), 0);
          found = abc[1] == o && ((abc[0] == a && abc[2] == c) ||
                                  (abc[0] == c && abc[2] == a));
        }
        CHECK(found, "%s: no triple %d %d %d", s->name, a, o, c);
      }
    CHECK(orth == (size_t)s->orthogonal,
          "%s: %zu lines along rows and columns, expected %d", s->name, orth,
          s->orthogonal);
    if (s->triples >= 0)
      CHECK(m == (size_t)s->triples, "%s: %zu triples, expected %d", s->name, m,
            s->triples);
    print_message("%s: %d holes, %zu triples (%zu along rows and columns)\n",
                  s->name, n, m, orth);
    free(row);
    free(col);
    peg_board_free(b);
  }
}

/* The triples of a and b are the same set (a triple and its reverse are
 * the same). */
static void same_triples(const char *what, const peg_board *b,
                         const pc_board *pc) {
  CHECK(peg_board_holes(b) == pc->holes, "%s: holes %d vs %d", what,
        peg_board_holes(b), pc->holes);
  size_t m = peg_board_num_triples(b);
  CHECK(m == (size_t)pc->num_triples, "%s: %zu triples, pegcheck %d", what, m,
        pc->num_triples);
  for (int t = 0; t < pc->num_triples; t++) {
    const int *x = pc->triples[t];
    int found = 0;
    for (size_t i = 0; i < m; i++) {
      int abc[3];
      assert_int_equal(peg_board_triple(b, i, abc), 0);
      if (abc[1] == x[1] && ((abc[0] == x[0] && abc[2] == x[2]) ||
                             (abc[0] == x[2] && abc[2] == x[0])))
        found++;
    }
    CHECK(found == 1, "%s: pegcheck's triple %d %d %d found %d times", what,
          x[0], x[1], x[2], found);
  }
  for (int h = 1; h <= pc->holes; h++)
    CHECK(peg_board_start(b, h) == (pc->free_start ? -1 : pc->start[h]),
          "%s: start of hole %d", what, h);
}

static void test_against_pegcheck(void **state) {
  (void)state;
  pc_board pc;
  for (int R = 1; R <= 8; R++) {
    char name[32];
    snprintf(name, sizeof name, "triangle%d", R);
    peg_board *b = named(name, -1);
    pc_board_triangle(&pc, R, 1);
    same_triples(name, b, &pc);
    pc_board_free(&pc);
    peg_board_free(b);
  }
  peg_board *b = named("english", -1);
  pc_board_english(&pc);
  same_triples("english", b, &pc);
  pc_board_free(&pc);
  peg_board_free(b);

  /* The counts of plays pegcheck knows for triangle4 and triangle5 come
   * from libpeg's boards too, read back through their board files. */
  const struct {
    const char *name;
    int empty;
    uint64_t plays;
  } known[] = {{"triangle4", 1, 0},
               {"triangle4", 2, 14},
               {"triangle4", 5, 0},
               {"triangle4", 0, 84},
               {"triangle5", 5, 1550}};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    b = named(known[i].name, -1);
    assert_int_equal(peg_board_set_empty(b, known[i].empty), 0);
    char *text = peg_board_text(b, NULL);
    assert_non_null(text);
    char why[200] = "";
    CHECK(pc_board_read(text, strlen(text), &pc, why, sizeof why),
          "%s: pegcheck cannot read the text: %s", known[i].name, why);
    uint64_t plays = pc_count_plays(&pc);
    CHECK(plays == known[i].plays, "%s from %d: %llu plays, expected %llu",
          known[i].name, known[i].empty, (unsigned long long)plays,
          (unsigned long long)known[i].plays);
    pc_board_free(&pc);
    free(text);
    peg_board_free(b);
  }
}

/* Each call makes a new board, independent of the others. */
static void test_fresh_boards(void **state) {
  (void)state;
  peg_board *a = named("triangle4", -1);
  assert_int_equal(peg_board_set_empty(a, 0), 0);
  assert_int_equal(peg_board_add_triple(a, 1, 5, 10), 0);
  peg_board *b = named("triangle4", -1);
  assert_int_equal(peg_board_start(b, 1), 0);
  assert_int_equal(peg_board_num_triples(b), 9);
  peg_board_free(a);
  peg_board_free(b);
}

static void test_unknown_names(void **state) {
  (void)state;
  const char *bad[] = {"triangle0",  "triangle91",  "square",
                       "",           "triangle",    "triangle-1",
                       "triangle4x", "triangle 4",  "triangle4294967300",
                       "english2",   "englis",      "triangle99999999999",
                       "diamonds",   "triangle+-4", "triangleR"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    peg_board *b = NULL;
    int rc = peg_board_named(bad[i], &b);
    CHECK(rc == PEG_ENAME, "'%s': gave %d", bad[i], rc);
    peg_board_free(b);
  }
  peg_board *b = NULL;
  assert_int_equal(peg_board_named(NULL, &b), PEG_ENAME);
  peg_board_free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_list),
      cmocka_unit_test(test_triangles),
      cmocka_unit_test(test_square_boards),
      cmocka_unit_test(test_against_pegcheck),
      cmocka_unit_test(test_fresh_boards),
      cmocka_unit_test(test_unknown_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
