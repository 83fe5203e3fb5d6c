/* text_lines.h - reading a puzzle key line by line, shared by the puzzle
 * libraries (libpeg, libmaze) as source.
 *
 * A key, as the front ends write it after the clauses: a header line
 * ("peg-key 1", "maze-key 1"), a line "options name=value ...", the
 * puzzle (each library's own), the atoms' names, a line "end key", and
 * then nothing but empty lines.  This header holds a cursor over the lines
 * and the readers of the parts both keys share.
 *
 * Each library includes this header in exactly one of its files (its
 * key.c) and gets a private copy of the functions (all static).  A reader
 * that fails returns nonzero and fills in err, the library's error struct
 * (or NULL), through common__fail: the line and column (from 1) and a
 * one-line message; the library picks the code.  The functions never print
 * and keep no state of their own. */
#ifndef DPLL_LIB_COMMON_TEXT_LINES_H_INCLUDED
#define DPLL_LIB_COMMON_TEXT_LINES_H_INCLUDED

#include "util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* A cursor over the key's lines (a CR before the LF is dropped). */
typedef struct text_lines {
  const char *p, *end;
  long line; /* of the last line taken */
  const char *text;
  size_t len;
} text_lines;

/* The cursor before text[0..size-1], whose first line is line0. */
static text_lines text_lines_at(const char *text, size_t size, long line0) {
  text_lines l = {text, text + size, line0 - 1, NULL, 0};
  return l;
}

/* Takes the next line into l->text, l->len; false at the end. */
static bool text_lines_take(text_lines *l) {
  if (l->p >= l->end)
    return false;
  const char *nl = memchr(l->p, '\n', (size_t)(l->end - l->p));
  const char *stop = nl ? nl : l->end;
  l->text = l->p;
  l->len = (size_t)(stop - l->p);
  if (l->len && l->text[l->len - 1] == '\r')
    l->len--;
  l->p = nl ? nl + 1 : l->end;
  l->line++;
  return true;
}

/* Whether the current line is s. */
static bool text_lines_is(const text_lines *l, const char *s) {
  return l->len == strlen(s) && !memcmp(l->text, s, l->len);
}

/* The key's header line, which must be header, and its options line (kept
 * in *options until there is an encoding to set them on). */
static int text_lines_head(text_lines *l, long line0, const char *header,
                           text_lines *options, void *err) {
  if (!text_lines_take(l) || !text_lines_is(l, header))
    return common__fail(err, 1, l->line < line0 ? line0 : l->line, 1,
                        "expected the key's first line '%s'", header);
  if (!text_lines_take(l))
    return common__fail(err, 1, l->line + 1, 1, "the key ends early");
  if (l->len < 8 || memcmp(l->text, "options ", 8))
    return common__fail(err, 1, l->line, 1, "expected the line 'options ...'");
  *options = *l;
  return 0;
}

/* The options line: each "name=value" (separated by one space or more, a
 * value of 1 to 6 digits) given to set(ctx, name, value), which returns
 * nonzero for an unknown option or value (or when memory runs out).
 * Returns 0, set's first nonzero return, or 1 for a word that is not
 * "name=value"; err then says "unknown option or value in the key", at
 * the column where the option starts (the library tells memory running
 * out from the rest). */
static int text_lines_options(const text_lines *l,
                              int (*set)(void *ctx, const char *name,
                                         int value),
                              void *ctx, void *err) {
  const char *p = l->text + 8, *end = l->text + l->len; /* "options " */
  while (p < end) {
    char name[32];
    size_t n = 0;
    const char *start = p;
    while (p < end && *p != '=' && *p != ' ' && n + 1 < sizeof name)
      name[n++] = *p++;
    name[n] = '\0';
    int value = 0, digits = 0;
    if (p < end && *p == '=')
      for (p++; p < end && *p >= '0' && *p <= '9' && digits < 6; p++, digits++)
        value = 10 * value + (*p - '0');
    int rc = !digits || (p < end && *p != ' ') ? 1 : set(ctx, name, value);
    if (rc)
      return common__fail(err, rc, l->line, start - l->text + 1,
                          "unknown option or value in the key");
    while (p < end && *p == ' ')
      p++;
  }
  return 0;
}

/* How a key's atom lines are read: "atoms N", then "I NAME" for every
 * atom I from 1, NAME as name(encoding, I, buf, size) spells it (as
 * snprintf).  what names the puzzle in messages ("board", "maze").  A
 * wrong atom line is shown as `shown` says (its first `most` bytes, most
 * below 64) and pointed at from column 1, or at its first byte that
 * differs (at_difference). */
typedef struct text_lines_atoms {
  int atoms;
  int (*name)(const void *encoding, int atom, char *buf, size_t size);
  const void *encoding;
  const char *what;
  common_shown shown;
  size_t most;
  bool at_difference;
} text_lines_atoms;

/* Reads the atom lines as spec says. */
static int text_lines_atom_lines(text_lines *l, const text_lines_atoms *spec,
                                 void *err) {
  char expect[160], found[72];
  snprintf(expect, sizeof expect, "atoms %d", spec->atoms);
  if (!text_lines_take(l) || !text_lines_is(l, expect))
    return common__fail(err, 1, l->line, 1,
                        "expected '%s' (the %s has that many atoms)", expect,
                        spec->what);
  for (int a = 1; a <= spec->atoms; a++) {
    int n = snprintf(expect, sizeof expect, "%d ", a);
    spec->name(spec->encoding, a, expect + n, sizeof expect - (size_t)n);
    if (!text_lines_take(l))
      return common__fail(err, 1, l->line + 1, 1,
                          "the key ends before the atom line '%s'", expect);
    if (text_lines_is(l, expect))
      continue;
    size_t c = 0; /* the first byte that differs */
    while (spec->at_difference && c < l->len && expect[c] &&
           l->text[c] == expect[c])
      c++;
    return common__fail(err, 1, l->line, (long)c + 1,
                        "expected the atom line '%s', found '%s'", expect,
                        common__printable(l->text, l->len, spec->most,
                                          spec->shown, found, sizeof found));
  }
  return 0;
}

/* "end key", and then nothing but empty lines. */
static int text_lines_end(text_lines *l, void *err) {
  if (!text_lines_take(l))
    return common__fail(err, 1, l->line + 1, 1,
                        "the key ends before 'end key'");
  if (!text_lines_is(l, "end key"))
    return common__fail(err, 1, l->line, 1, "expected 'end key'");
  while (text_lines_take(l))
    if (l->len)
      return common__fail(err, 1, l->line, 1, "text after the end of the key");
  return 0;
}

#endif
