/* text_lines.h - reading a puzzle key line by line, shared by the puzzle
 * libraries (libpeg, libmaze) as source.
 *
 * A key, as the front ends write it after the clauses: a header line
 * ("peg-key 1", "maze-key 1"), a line "options name=value ...", the
 * puzzle and the atoms' names (each library's own), a line "end key", and
 * then nothing but empty lines.  This header holds a cursor over the lines
 * and the readers of the parts both keys share.
 *
 * Each library includes this header in exactly one of its files (its
 * key.c) and gets a private copy of the functions (all static), so that
 * two static libraries linked into one program never clash.  A reader that
 * fails returns 1 and sets the pieces of the library's error struct it is
 * given: *line and *column (from 1) and message (size bytes, one line);
 * the library picks the code.  The functions never print and keep no
 * state of their own. */
#ifndef DPLL_LIB_COMMON_TEXT_LINES_H_INCLUDED
#define DPLL_LIB_COMMON_TEXT_LINES_H_INCLUDED

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

/* Sets the error's pieces; returns 1. */
static int text_lines_fail(long *line, long *column, char *message, size_t size,
                           long at_line, const char *what) {
  *line = at_line;
  *column = 1;
  snprintf(message, size, "%s", what);
  return 1;
}

/* The key's header line, which must be header, and its options line (kept
 * in *options until there is an encoding to set them on). */
static int text_lines_head(text_lines *l, long line0, const char *header,
                           text_lines *options, long *line, long *column,
                           char *message, size_t size) {
  if (!text_lines_take(l) || !text_lines_is(l, header)) {
    *line = l->line < line0 ? line0 : l->line;
    *column = 1;
    snprintf(message, size, "expected the key's first line '%s'", header);
    return 1;
  }
  if (!text_lines_take(l))
    return text_lines_fail(line, column, message, size, l->line + 1,
                           "the key ends early");
  if (l->len < 8 || memcmp(l->text, "options ", 8))
    return text_lines_fail(line, column, message, size, l->line,
                           "expected the line 'options ...'");
  *options = *l;
  return 0;
}

/* The options line: each "name=value" (separated by one space or more, a
 * value of 1 to 6 digits) given to set(ctx, name, value), which returns
 * nonzero for an unknown option or value.  On failure *column is where
 * the option starts. */
static int text_lines_options(
    const text_lines *l, int (*set)(void *ctx, const char *name, int value),
    void *ctx, long *line, long *column, char *message, size_t size) {
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
    if (!digits || (p < end && *p != ' ') || set(ctx, name, value)) {
      text_lines_fail(line, column, message, size, l->line,
                      "unknown option or value in the key");
      *column = start - l->text + 1;
      return 1;
    }
    while (p < end && *p == ' ')
      p++;
  }
  return 0;
}

/* "end key", and then nothing but empty lines. */
static int text_lines_end(text_lines *l, long *line, long *column,
                          char *message, size_t size) {
  if (!text_lines_take(l))
    return text_lines_fail(line, column, message, size, l->line + 1,
                           "the key ends before 'end key'");
  if (!text_lines_is(l, "end key"))
    return text_lines_fail(line, column, message, size, l->line,
                           "expected 'end key'");
  while (text_lines_take(l))
    if (l->len)
      return text_lines_fail(line, column, message, size, l->line,
                             "text after the end of the key");
  return 0;
}

#endif
