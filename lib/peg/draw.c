/* draw.c - boards as text: in their own shape when their holes have
 * positions, else as a list of the holes holding pegs. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Output into a caller's buffer, snprintf style: len counts everything,
 * the buffer gets what fits. */
typedef struct out {
  char *buf;
  size_t size, len;
} out;

static void put(out *o, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++, o->len++)
    if (o->len + 1 < o->size)
      o->buf[o->len] = s[i];
}

static void putf(out *o, const char *fmt, ...) {
  char tmp[64];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  put(o, tmp, n < 0 ? 0 : (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static int finish(out *o) {
  if (o->size)
    o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
  return o->len > (size_t)0x7fffffff ? PEG_ENOMEM : (int)o->len;
}

typedef struct placed {
  int row, col, hole;
} placed;

static int by_position(const void *a, const void *b) {
  const placed *x = a, *y = b;
  if (x->row != y->row)
    return x->row < y->row ? -1 : 1;
  return (x->col > y->col) - (x->col < y->col);
}

/* Draws a board whose holes all have positions.  Each row starts with its
 * number; a triangle's row r is indented by (rows - r) so that it sits
 * between the holes of the row below. */
static int draw_shape(const peg_board *b, const unsigned char *pegs, out *o) {
  placed *p = malloc((size_t)b->holes * sizeof *p);
  if (!p)
    return PEG_ENOMEM;
  int rows = 0;
  for (int h = 1; h <= b->holes; h++) {
    p[h - 1] = (placed){b->row[h], b->col[h], h};
    if (b->row[h] > rows)
      rows = b->row[h];
  }
  qsort(p, (size_t)b->holes, sizeof *p, by_position);
  int width = rows >= 1000 ? 4 : rows >= 100 ? 3 : rows >= 10 ? 2 : 1;
  bool triangle = b->layout == PEG_LAYOUT_TRIANGLE;
  size_t i = 0;
  for (int r = 1; r <= rows; r++) {
    putf(o, "%*d ", width, r);
    int at = 0; /* characters written after the row number */
    if (triangle)
      for (; at < rows - r; at++)
        put(o, " ", 1);
    for (; i < (size_t)b->holes && p[i].row == r; i++) {
      /* Hole column c sits at 2(c-1) (plus the triangle's indent). */
      int x = (triangle ? rows - r : 0) + 2 * (p[i].col - 1);
      for (; at < x; at++)
        put(o, " ", 1);
      put(o, pegs[p[i].hole] ? "o" : ".", 1);
      at++;
    }
    put(o, "\n", 1);
  }
  free(p);
  return 0;
}

int peg_draw(const peg_board *b, const unsigned char *pegs, char *buf,
             size_t size) {
  if (!b || !pegs || (size && !buf))
    return PEG_EINVAL;
  out o = {buf, size, 0};
  bool shaped = b->layout != PEG_LAYOUT_NONE;
  for (int h = 1; h <= b->holes && shaped; h++)
    shaped = b->row[h] > 0;
  if (shaped) {
    int rc = draw_shape(b, pegs, &o);
    if (rc)
      return rc;
  } else {
    int n = 0;
    put(&o, "pegs in holes", 13);
    for (int h = 1; h <= b->holes; h++)
      if (pegs[h]) {
        putf(&o, " %d", h);
        n++;
      }
    if (!n)
      put(&o, " (none)", 7);
    put(&o, "\n", 1);
  }
  return finish(&o);
}

int peg_hole_name(const peg_board *b, int hole, char *buf, size_t size) {
  if (!b || hole < 1 || hole > b->holes || (size && !buf))
    return PEG_EINVAL;
  out o = {buf, size, 0};
  if (b->row[hole])
    putf(&o, "row %d column %d", b->row[hole], b->col[hole]);
  else
    putf(&o, "hole %d", hole);
  return finish(&o);
}
