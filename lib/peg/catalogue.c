/* catalogue.c - the named boards: triangles of any size, and the classic
 * boards on a square grid, each with its positions. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_TRIANGLE_ROWS 90 /* 4095 holes */

/* The square-grid boards: 'o' marks a hole.  Holes are numbered row by row,
 * left to right; jumps go along rows and columns; the centre starts empty. */
typedef struct grid_board {
  const char *name, *description;
  int rows;
  const char *const *shape;
} grid_board;

static const char *const english[] = {"  ooo  ", "  ooo  ", "ooooooo",
                                      "ooooooo", "ooooooo", "  ooo  ",
                                      "  ooo  "};
static const char *const french[] = {"  ooo  ", " ooooo ", "ooooooo", "ooooooo",
                                     "ooooooo", " ooooo ", "  ooo  "};
static const char *const wiegleb[] = {"   ooo   ", "   ooo   ", "   ooo   ",
                                      "ooooooooo", "ooooooooo", "ooooooooo",
                                      "   ooo   ", "   ooo   ", "   ooo   "};
static const char *const diamond[] = {"    o    ", "   ooo   ", "  ooooo  ",
                                      " ooooooo ", "ooooooooo", " ooooooo ",
                                      "  ooooo  ", "   ooo   ", "    o    "};

static const grid_board grids[] = {
    {"english", "the 33-hole English cross; the centre (17) empty", 7, english},
    {"french", "the 37-hole European board; the centre (19) empty", 7, french},
    {"wiegleb", "the 45-hole German board; the centre (23) empty", 9, wiegleb},
    {"diamond", "the 41-hole diamond; the centre (21) empty", 9, diamond},
};

#define NUM_GRIDS (sizeof grids / sizeof *grids)

size_t peg_catalogue_size(void) { return 1 + NUM_GRIDS; }

const char *peg_catalogue_name(size_t i) {
  if (i == 0)
    return "triangleR";
  return i <= NUM_GRIDS ? grids[i - 1].name : NULL;
}

const char *peg_catalogue_description(size_t i) {
  if (i == 0)
    return "a triangle of R rows (R = 1..90), holes numbered row by row "
           "from the apex; hole 1 empty";
  return i <= NUM_GRIDS ? grids[i - 1].description : NULL;
}

/* Hole number of row r, column c (1 <= c <= r) of a triangle. */
static int tri(int r, int c) { return r * (r - 1) / 2 + c; }

static int make_triangle(int rows, peg_board **out) {
  peg_board *b = peg_board_new(tri(rows, rows));
  if (!b)
    return PEG_ENOMEM;
  int rc = peg_board_set_layout(b, PEG_LAYOUT_TRIANGLE);
  for (int r = 1; r <= rows && !rc; r++)
    for (int c = 1; c <= r && !rc; c++) {
      rc = peg_board_set_position(b, tri(r, c), r, c);
      /* The three directions: along the row, and down both edges. */
      if (!rc && c + 2 <= r)
        rc = peg_board_add_triple(b, tri(r, c), tri(r, c + 1), tri(r, c + 2));
      if (!rc && r + 2 <= rows)
        rc = peg_board_add_triple(b, tri(r, c), tri(r + 1, c), tri(r + 2, c));
      if (!rc && r + 2 <= rows)
        rc = peg_board_add_triple(b, tri(r, c), tri(r + 1, c + 1),
                                  tri(r + 2, c + 2));
    }
  if (rc) {
    peg_board_free(b);
    return rc;
  }
  *out = b;
  return 0;
}

static int make_grid(const grid_board *g, peg_board **out) {
  int width = (int)strlen(g->shape[0]), holes = 0;
  int *number = calloc((size_t)(g->rows * width), sizeof *number);
  if (!number)
    return PEG_ENOMEM;
#define NUM(r, c) number[(r)*width + (c)]
  for (int r = 0; r < g->rows; r++)
    for (int c = 0; c < width; c++)
      if (g->shape[r][c] == 'o')
        NUM(r, c) = ++holes;
  peg_board *b = peg_board_new(holes);
  int rc = b ? peg_board_set_layout(b, PEG_LAYOUT_SQUARE) : PEG_ENOMEM;
  for (int r = 0; r < g->rows && !rc; r++)
    for (int c = 0; c < width && !rc; c++) {
      if (!NUM(r, c))
        continue;
      rc = peg_board_set_position(b, NUM(r, c), r + 1, c + 1);
      if (!rc && c + 2 < width && NUM(r, c + 1) && NUM(r, c + 2))
        rc = peg_board_add_triple(b, NUM(r, c), NUM(r, c + 1), NUM(r, c + 2));
      if (!rc && r + 2 < g->rows && NUM(r + 1, c) && NUM(r + 2, c))
        rc = peg_board_add_triple(b, NUM(r, c), NUM(r + 1, c), NUM(r + 2, c));
    }
  if (!rc)
    rc = peg_board_set_empty(b, NUM(g->rows / 2, width / 2));
#undef NUM
  free(number);
  if (rc) {
    peg_board_free(b);
    return rc;
  }
  *out = b;
  return 0;
}

int peg_board_named(const char *name, peg_board **out) {
  if (!out)
    return PEG_EINVAL;
  *out = NULL;
  if (!name)
    return PEG_ENAME;
  if (!strncmp(name, "triangle", 8)) {
    const char *digits = name + 8;
    int rows = 0;
    for (const char *p = digits; *p; p++) {
      if (*p < '0' || *p > '9' || rows > MAX_TRIANGLE_ROWS)
        return PEG_ENAME;
      rows = 10 * rows + (*p - '0');
    }
    /* Digits only, no leading zero, within range. */
    if (!*digits || *digits == '0' || rows < 1 || rows > MAX_TRIANGLE_ROWS)
      return PEG_ENAME;
    return make_triangle(rows, out);
  }
  for (size_t i = 0; i < NUM_GRIDS; i++)
    if (!strcmp(name, grids[i].name))
      return make_grid(&grids[i], out);
  return PEG_ENAME;
}
