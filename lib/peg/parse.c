/* parse.c - reading a board file (docs/boards.md): a function per kind of
 * line, then the checks that need the whole file, each error with the line
 * and column it is about. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 4096 /* words on one line (start and goal lists) */
#define WORD_SHOWN 24  /* bytes of a word shown in a message */

typedef struct word {
  const char *text;
  size_t len;
  long column;
} word;

/* Where each keyword line was, for messages after the whole file is read. */
typedef struct seen {
  long line, column; /* the keyword's column */
  long row, col;     /* for 'at' lines: the row's and the column's */
} seen;

typedef struct parser {
  const char *p, *end;
  long line;
  word *words; /* the current line's */
  size_t num_words;
  peg_error *err;
  /* What the lines so far have said. */
  peg_board *b; /* NULL until the first line */
  long empty;   /* the first line's empty hole */
  seen empty_at, start_at, goal_at, layout_at;
  seen *at_seen; /* [1..holes]: each hole's 'at' line */
  int *holes;    /* room for a start or goal list */
} parser;

/* Splits the next line into words (a comment ends it); *more tells
 * whether there was a line.  Returns 0, or PEG_EPARSE for a NUL byte or
 * too many words. */
static int next_line(parser *ps, bool *more) {
  *more = false;
  if (ps->p >= ps->end)
    return 0;
  const char *start = ps->p;
  const char *nl = memchr(ps->p, '\n', (size_t)(ps->end - ps->p));
  const char *stop = nl ? nl : ps->end;
  ps->line++;
  ps->num_words = 0;
  const char *q = start;
  while (q < stop && *q != '#') {
    if (*q == '\0')
      return peg__fail(ps->err, PEG_EPARSE, ps->line, q - start + 1,
                       "NUL byte (a binary file?)");
    if (common__is_blank(*q)) {
      q++;
      continue;
    }
    const char *w = q;
    while (q < stop && !common__is_blank(*q) && *q != '#' && *q != '\0')
      q++;
    if (ps->num_words == MAX_WORDS)
      return peg__fail(ps->err, PEG_EPARSE, ps->line, w - start + 1,
                       "more than %d words on one line", MAX_WORDS);
    ps->words[ps->num_words++] = (word){w, (size_t)(q - w), w - start + 1};
  }
  ps->p = nl ? nl + 1 : ps->end;
  *more = true;
  return 0;
}

/* The word as printable text for messages. */
static const char *shown(const word *w, char *buf, size_t size) {
  return common__printable(w->text, w->len, WORD_SHOWN, COMMON_SHOWN_ESCAPED,
                           buf, size);
}

static bool word_is(const word *w, const char *s) {
  return w->len == strlen(s) && !memcmp(w->text, s, w->len);
}

/* The column just past word w, where a missing word would have been. */
static long after(const word *w) { return (long)(w->column + w->len); }

/* The word's value if it is a decimal number (huge ones come out as
 * LONG_MAX), else -1. */
static long value_of(const word *w) {
  long v = 0;
  if (w->len == 0)
    return -1;
  for (size_t i = 0; i < w->len; i++) {
    if (w->text[i] < '0' || w->text[i] > '9')
      return -1;
    v = v > 100000000L ? 1000000000L : 10 * v + (w->text[i] - '0');
  }
  return v;
}

/* The word as a number in lo..hi; what names it in messages ("row"). */
static int number(parser *ps, const word *w, long lo, long hi, const char *what,
                  long *out) {
  char buf[128];
  long v = value_of(w);
  if (v < 0)
    return peg__fail(ps->err, PEG_EPARSE, ps->line, w->column,
                     "expected the %s (a number), found '%s'", what,
                     shown(w, buf, sizeof buf));
  if (v < lo || v > hi)
    return peg__fail(ps->err, PEG_EPARSE, ps->line, w->column,
                     "the %s %s is out of range (%ld to %ld)", what,
                     shown(w, buf, sizeof buf), lo, hi);
  *out = v;
  return 0;
}

static int hole_word(parser *ps, const word *w, long *out) {
  char buf[128];
  long v = value_of(w);
  if (v >= 0 && (v < 1 || v > ps->b->holes))
    return peg__fail(ps->err, PEG_EPARSE, ps->line, w->column,
                     "hole %s does not exist (holes are 1 to %d)",
                     shown(w, buf, sizeof buf), ps->b->holes);
  return number(ps, w, 1, ps->b->holes, "hole", out);
}

/* ---- The lines, kind by kind --------------------------------------------- */

/* "HOLES EMPTY": makes the board, and the room the other lines need. */
static int first_line(parser *ps) {
  const word *w = ps->words;
  long n;
  int rc = number(ps, &w[0], 1, PEG_MAX_HOLES, "number of holes", &n);
  if (rc)
    return rc;
  if (ps->num_words != 2)
    return peg__fail(ps->err, PEG_EPARSE, ps->line,
                     ps->num_words < 2 ? after(&w[0]) : w[2].column,
                     "the first line must be 'HOLES EMPTY' (two numbers)");
  if ((rc = number(ps, &w[1], 0, n, "empty hole", &ps->empty)))
    return rc;
  ps->b = peg_board_new((int)n);
  ps->holes = malloc(MAX_WORDS * sizeof *ps->holes);
  ps->at_seen = calloc((size_t)n + 1, sizeof *ps->at_seen);
  if (!ps->b || !ps->holes || !ps->at_seen)
    return peg__fail(ps->err, PEG_ENOMEM, 0, 0, "out of memory");
  ps->empty_at = (seen){ps->line, w[1].column, 0, 0};
  peg_board_set_empty(ps->b, (int)ps->empty);
  return 0;
}

/* "A B C", a line that starts like a number. */
static int triple_line(parser *ps) {
  const word *w = ps->words;
  size_t n = ps->num_words;
  long h[3];
  if (n != 3)
    return peg__fail(ps->err, PEG_EPARSE, ps->line,
                     n < 3 ? after(&w[n - 1]) : w[3].column,
                     "a triple is three holes, not %zu", n);
  for (int i = 0; i < 3; i++) {
    int rc = hole_word(ps, &w[i], &h[i]);
    if (rc)
      return rc;
  }
  int rc = peg_board_add_triple(ps->b, (int)h[0], (int)h[1], (int)h[2]);
  if (rc == PEG_ETRIPLE) {
    int again = h[1] == h[0] ? 1 : 2; /* the second of the two */
    return peg__fail(ps->err, PEG_EPARSE, ps->line, w[again].column,
                     "hole %ld appears twice in the triple (a triple is "
                     "three different holes)",
                     h[again]);
  }
  if (rc == PEG_EDUPLICATE)
    return peg__fail(ps->err, PEG_EPARSE, ps->line, w[0].column,
                     "the triple %ld %ld %ld is already on the board "
                     "(in this or the reverse order)",
                     h[0], h[1], h[2]);
  return rc ? peg__fail(ps->err, rc, 0, 0, "%s", peg_strerror(rc)) : 0;
}

/* A keyword that may appear once: records where, or says where it was. */
static int once(parser *ps, seen *at, const char *keyword) {
  if (at->line)
    return peg__fail(ps->err, PEG_EPARSE, ps->line, ps->words[0].column,
                     "a second '%s' line (the first is line %ld)", keyword,
                     at->line);
  *at = (seen){ps->line, ps->words[0].column, 0, 0};
  return 0;
}

/* "start H..." or "goal H...": the holes into ps->holes, *n of them. */
static int hole_list(parser *ps, const char *keyword, size_t *n) {
  if (ps->num_words < 2)
    return peg__fail(ps->err, PEG_EPARSE, ps->line, ps->words[0].column,
                     "'%s' needs at least one hole", keyword);
  *n = 0;
  for (size_t i = 1; i < ps->num_words; i++) {
    long h;
    int rc = hole_word(ps, &ps->words[i], &h);
    if (rc)
      return rc;
    ps->holes[(*n)++] = (int)h;
  }
  return 0;
}

static int start_line(parser *ps) {
  size_t n = 0;
  int rc = once(ps, &ps->start_at, "start");
  if (!rc)
    rc = hole_list(ps, "start", &n);
  return rc ? rc : peg_board_set_start(ps->b, ps->holes, n);
}

static int goal_line(parser *ps) {
  size_t n = 0;
  int rc = once(ps, &ps->goal_at, "goal");
  if (!rc)
    rc = hole_list(ps, "goal", &n);
  return rc ? rc : peg_board_set_goal(ps->b, ps->holes, n);
}

static int layout_line(parser *ps) {
  const word *w = ps->words;
  int rc = once(ps, &ps->layout_at, "layout");
  if (rc)
    return rc;
  int layout =
      ps->num_words == 2 && word_is(&w[1], "triangle") ? PEG_LAYOUT_TRIANGLE
      : ps->num_words == 2 && word_is(&w[1], "square") ? PEG_LAYOUT_SQUARE
                                                       : -1;
  if (layout < 0)
    return peg__fail(ps->err, PEG_EPARSE, ps->line,
                     ps->num_words > 1 ? w[1].column : after(&w[0]),
                     "expected 'layout triangle' or 'layout square'");
  return peg_board_set_layout(ps->b, layout);
}

/* "at HOLE ROW COLUMN".  Stored as given: a triangle's columns are checked
 * at the end if the layout line comes later. */
static int at_line(parser *ps) {
  const word *w = ps->words;
  size_t n = ps->num_words;
  long h, r, c;
  int rc;
  if (n != 4)
    return peg__fail(ps->err, PEG_EPARSE, ps->line,
                     n < 4 ? after(&w[n - 1]) : w[4].column,
                     "expected 'at HOLE ROW COLUMN'");
  if ((rc = hole_word(ps, &w[1], &h)) ||
      (rc = number(ps, &w[2], 1, PEG_MAX_HOLES, "row", &r)) ||
      (rc = number(ps, &w[3], 1, PEG_MAX_HOLES, "column", &c)))
    return rc;
  if (ps->at_seen[h].line)
    return peg__fail(ps->err, PEG_EPARSE, ps->line, w[1].column,
                     "hole %ld already has a position (line %ld)", h,
                     ps->at_seen[h].line);
  ps->at_seen[h] = (seen){ps->line, w[0].column, w[2].column, w[3].column};
  if (ps->b->layout == PEG_LAYOUT_TRIANGLE && c > r)
    return peg__fail(ps->err, PEG_EPARSE, ps->line, w[3].column,
                     "row %ld has no column %ld on a triangle (columns go "
                     "up to the row number)",
                     r, c);
  ps->b->row[h] = (int)r;
  ps->b->col[h] = (int)c;
  return 0;
}

static const struct {
  const char *keyword;
  int (*read)(parser *ps);
} keyword_lines[] = {{"start", start_line},
                     {"goal", goal_line},
                     {"layout", layout_line},
                     {"at", at_line}};

/* A line with words: the first line, a triple or a keyword's. */
static int read_line(parser *ps) {
  if (!ps->b)
    return first_line(ps);
  const word *w = ps->words;
  char c0 = w[0].text[0];
  if ((c0 >= '0' && c0 <= '9') || c0 == '-' || c0 == '+')
    return triple_line(ps);
  for (size_t k = 0; k < sizeof keyword_lines / sizeof *keyword_lines; k++)
    if (word_is(&w[0], keyword_lines[k].keyword))
      return keyword_lines[k].read(ps);
  char buf[128];
  return peg__fail(ps->err, PEG_EPARSE, ps->line, w[0].column,
                   "unknown keyword '%s' (expected a triple, 'start', "
                   "'goal', 'layout' or 'at')",
                   shown(&w[0], buf, sizeof buf));
}

/* ---- The checks that need the whole file --------------------------------- */

/* Positions need a layout, and fit a triangle if it is one. */
static int check_positions(parser *ps) {
  const peg_board *b = ps->b;
  for (int h = 1; h <= b->holes; h++) {
    const seen *at = &ps->at_seen[h];
    if (at->line && b->layout == PEG_LAYOUT_NONE)
      return peg__fail(ps->err, PEG_EPARSE, at->line, at->column,
                       "positions need a 'layout' line");
    if (at->line && b->layout == PEG_LAYOUT_TRIANGLE && b->col[h] > b->row[h])
      return peg__fail(ps->err, PEG_EPARSE, at->line, at->col,
                       "row %d has no column %d on a triangle (columns go "
                       "up to the row number)",
                       b->row[h], b->col[h]);
  }
  return 0;
}

/* peg_board_check's findings, placed in the file: too many pegs at the
 * goal line, two holes sharing a position at the later one's row, a
 * missing position at the layout line. */
static int check_board(parser *ps) {
  peg_error why;
  int hole, rc = peg__board_check(ps->b, &why, &hole);
  if (!rc)
    return 0;
  const seen *where = rc == PEG_EGOAL ? (ps->goal_at.line    ? &ps->goal_at
                                         : ps->start_at.line ? &ps->start_at
                                                             : &ps->empty_at)
                      : hole > 0      ? &ps->at_seen[hole]
                                      : &ps->layout_at;
  return peg__fail(ps->err, rc == PEG_ENOMEM ? rc : PEG_EPARSE, where->line,
                   hole > 0 ? where->row : where->column, "%s", why.message);
}

static int check_file(parser *ps) {
  if (!ps->b)
    return peg__fail(ps->err, PEG_EPARSE, ps->line + 1, 1,
                     "no board: the first line must be 'HOLES EMPTY'");
  if (ps->start_at.line && ps->empty && ps->b->start[ps->empty])
    return peg__fail(ps->err, PEG_EPARSE, ps->empty_at.line,
                     ps->empty_at.column,
                     "hole %ld is empty by the first line but holds a peg by "
                     "the start line (make it 0)",
                     ps->empty);
  int rc = check_positions(ps);
  return rc ? rc : check_board(ps);
}

int peg_board_parse(const char *text, size_t size, peg_board **out,
                    peg_error *err) {
  if (common__begin(err, !out || (!text && size), PEG_EINVAL))
    return PEG_EINVAL;
  *out = NULL;
  text = text ? text : "";
  parser ps = {.p = text, .end = text + size, .err = err};
  ps.words = malloc(MAX_WORDS * sizeof *ps.words);
  if (!ps.words)
    return peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
  bool more;
  int rc;
  while (!(rc = next_line(&ps, &more)) && more)
    if (ps.num_words && (rc = read_line(&ps)))
      break;
  if (!rc)
    rc = check_file(&ps);
  free(ps.words);
  free(ps.holes);
  free(ps.at_seen);
  if (rc)
    peg_board_free(ps.b);
  else
    *out = ps.b;
  return rc;
}
