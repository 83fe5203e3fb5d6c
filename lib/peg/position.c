/* position.c - a position in the middle of a game: the jumps played so far,
 * read from peg-back's lines, and the board whose start is the pegs they
 * leave. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a number of at most 9 digits at *p; false if there is none. */
static bool number(const char **p, const char *end, long *out) {
  long n = 0;
  int digits = 0;
  while (*p < end && **p >= '0' && **p <= '9' && digits < 9) {
    n = 10 * n + (*(*p)++ - '0');
    digits++;
  }
  *out = n;
  return digits > 0 && (*p == end || **p < '0' || **p > '9');
}

/* Parses "Jump(A,B,C,I)" in s[0..len-1] between blanks; false if not. */
static bool jump_line(const char *s, size_t len, long v[4]) {
  const char *p = s, *end = s + len;
  while (p < end && common__is_blank(*p))
    p++;
  if ((size_t)(end - p) < 5 || memcmp(p, "Jump(", 5))
    return false;
  p += 5;
  for (int k = 0; k < 4; k++) {
    if (!number(&p, end, &v[k]) || p == end || *p != (k < 3 ? ',' : ')'))
      return false;
    p++;
  }
  while (p < end && common__is_blank(*p))
    p++;
  return p == end;
}

/* Reads the line at text[at..]; returns the next line's start. */
static size_t line_at(const char *text, size_t size, size_t at, size_t *len) {
  const char *nl = memchr(text + at, '\n', size - at);
  *len = (size_t)((nl ? nl : text + size) - (text + at));
  return nl ? (size_t)(nl + 1 - text) : size;
}

static bool blank_line(const char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (!common__is_blank(s[i]))
      return false;
  return true;
}

/* Checks jump k (from 0) of the play on pegs and applies it. */
static int step(const peg_board *b, unsigned char *pegs, peg_jump *jumps,
                size_t k, long line, peg_error *err) {
  char why[128];
  if (k == 0)
    peg_start_pegs(b, &jumps[0], pegs);
  if (peg__jump_fault(b, pegs, jumps[k], why, sizeof why))
    return peg__fail(err, PEG_EPLAY, line, 1,
                     "jump %zu, Jump(%d,%d,%d,%zu): %s", k + 1, jumps[k].from,
                     jumps[k].over, jumps[k].to, k + 1, why);
  peg_apply(b, pegs, jumps[k]);
  return 0;
}

int peg_play_parse(const peg_board *b, const char *text, size_t size,
                   peg_jump **jumps, size_t *n, peg_error *err) {
  if (common__begin(err, !b || !jumps || !n || (!text && size), PEG_EINVAL))
    return PEG_EINVAL;
  *jumps = NULL;
  *n = 0;
  size_t cap = 0, at = 0, len;
  long line = 0;
  unsigned char *pegs = malloc((size_t)b->holes + 1);
  int rc = pegs ? 0 : peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
  while (!rc && at < size) {
    const char *s = text + at;
    at = line_at(text, size, at, &len);
    line++;
    long v[4];
    if (blank_line(s, len))
      continue;
    if (!jump_line(s, len, v))
      rc = peg__fail(err, PEG_EPARSE, line, 1,
                     "expected a jump as peg-back writes it, "
                     "Jump(FROM,OVER,TO,TIME)");
    else if (v[3] != (long)*n + 1)
      rc = peg__fail(err, PEG_EPARSE, line, 1,
                     "Jump(...,%ld) where time %zu was expected (the jumps "
                     "come in order from 1)",
                     v[3], *n + 1);
    else if ((rc = peg__grow((void **)jumps, &cap, *n + 1, sizeof **jumps)))
      rc = peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
    if (rc)
      break;
    (*jumps)[*n] = (peg_jump){(int)v[0], (int)v[1], (int)v[2]};
    rc = step(b, pegs, *jumps, (*n)++, line, err);
  }
  free(pegs);
  if (rc) {
    free(*jumps);
    *jumps = NULL;
    *n = 0;
  }
  return rc;
}

int peg_board_after(const peg_board *b, const peg_jump *jumps, size_t n,
                    peg_board **out) {
  if (!out)
    return PEG_EINVAL;
  *out = NULL;
  if (!b || (!jumps && n))
    return PEG_EINVAL;
  unsigned char *pegs = malloc((size_t)b->holes + 1);
  int *holes = malloc((size_t)b->holes * sizeof *holes);
  peg_board *after = pegs && holes ? peg_board_copy(b) : NULL;
  int rc = after ? 0 : PEG_ENOMEM;
  if (!rc && b->free_start && !n)
    rc = PEG_EINVAL; /* no position yet: the solver chooses the start */
  if (!rc)
    peg_start_pegs(b, n ? &jumps[0] : NULL, pegs);
  for (size_t i = 0; i < n && !rc; i++)
    rc = peg_apply(b, pegs, jumps[i]);
  size_t count = 0;
  for (int h = 1; h <= b->holes && !rc; h++)
    if (pegs[h])
      holes[count++] = h;
  if (!rc)
    rc = peg_board_set_start(after, holes, count);
  free(pegs);
  free(holes);
  if (rc)
    peg_board_free(after);
  else
    *out = after;
  return rc;
}
