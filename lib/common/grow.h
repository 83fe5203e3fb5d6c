/* grow.h - messages, growing arrays and growable text, shared by the
 * puzzle libraries (libpeg, libmaze) as source.
 *
 * Each library includes this header in exactly one of its files (its
 * util.c) and gets a private copy of the functions (all static), which
 * that file wraps as its library-internal helpers (peg__grow, maze__grow,
 * ...), so that two static libraries linked into one program never clash.
 * The functions take the pieces of a library's error and text structs
 * (both libraries' are alike), never the structs themselves, so neither
 * library's types are needed here.  They never print and keep no state. */
#ifndef DPLL_LIB_COMMON_GROW_H_INCLUDED
#define DPLL_LIB_COMMON_GROW_H_INCLUDED

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An error's message (printf-style, cut to fit size bytes) and position:
 * the pieces of a library's error struct {line, column, message}. */
static void grow_vmessage(long *at_line, long *at_column, char *message,
                          size_t size, long line, long column, const char *fmt,
                          va_list ap) {
  vsnprintf(message, size, fmt, ap);
  *at_line = line;
  *at_column = column;
}

/* ---- Growing arrays --------------------------------------------------------
 * Capacities start at 16 and double, so that an array filled one element at
 * a time costs O(1) per element, and a capacity that starts as a power of
 * two stays one (the libraries' hash sets rely on it). */

/* Makes room for need elements of elem bytes in *p, which holds *cap: 0 on
 * success (*p and *cap may change, the elements kept); -1 when memory runs
 * out or the bytes overflow a size_t, *p and *cap as they were. */
static int grow_array(void **p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap)
    return 0;
  size_t most = SIZE_MAX / (elem ? elem : 1); /* elements whose bytes fit */
  size_t n = *cap ? *cap : 16;
  while (n < need) {
    if (n > most / 2)
      return -1;
    n *= 2;
  }
  if (n > most)
    return -1;
  void *q = realloc(*p, n * elem);
  if (!q)
    return -1;
  *p = q;
  *cap = n;
  return 0;
}

/* ---- Growable text ---------------------------------------------------------
 * The pieces of a library's text struct: *data (NUL-terminated when not
 * NULL), *len bytes of *cap.  A false return means memory ran out (the
 * caller marks its text failed and appends no more). */

/* Appends s[0..n-1]. */
static bool grow_text_put(char **data, size_t *len, size_t *cap, const char *s,
                          size_t n) {
  void *p = *data;
  if (n > SIZE_MAX - *len - 1 || grow_array(&p, cap, *len + n + 1, 1))
    return false;
  *data = p;
  memcpy(*data + *len, s, n);
  *len += n;
  (*data)[*len] = '\0';
  return true;
}

/* Appends the printf-style text, which must be shorter than most bytes
 * (at most 512): a longer one is refused (false) as memory running out is,
 * for the formats are short and a cut text would be wrong. */
static bool grow_text_vprintf(char **data, size_t *len, size_t *cap,
                              size_t most, const char *fmt, va_list ap) {
  char buf[512];
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  if (n < 0 || (size_t)n >= most || (size_t)n >= sizeof buf)
    return false;
  return grow_text_put(data, len, cap, buf, (size_t)n);
}

/* The finished text (the caller frees it; *size its length if size is not
 * NULL), or NULL when failed, memory then freed and *data NULL.  An empty
 * text is "" rather than NULL. */
static char *grow_text_finish(char **data, size_t *len, size_t *cap,
                              bool failed, size_t *size) {
  if (!failed && !*data)
    failed = !grow_text_put(data, len, cap, "", 0);
  if (failed) {
    free(*data);
    *data = NULL;
    return NULL;
  }
  if (size)
    *size = *len;
  return *data;
}

#endif
