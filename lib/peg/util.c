/* util.c - what every file of libpeg shares: the messages, growing arrays
 * and text. */
#include "internal.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *peg_version(void) { return PEG_VERSION; }

const char *peg_strerror(int code) {
  switch (code) {
#define PEG_ERROR_TEXT(name, value, text)                                      \
  case value:                                                                  \
    return text;
    PEG_ERRORS(PEG_ERROR_TEXT)
#undef PEG_ERROR_TEXT
  case 0:
    return "success";
  default:
    return "unknown code";
  }
}

int peg__fail(peg_error *err, int code, long line, long column, const char *fmt,
              ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->line = line;
    err->column = column;
  }
  return code;
}

/* ---- Growing arrays --------------------------------------------------------
 * Capacities start at 16 and double, so an array filled one element at a
 * time costs O(1) per element, and a capacity that starts as a power of two
 * stays one (the triple set's masks rely on it). */

#define FIRST_CAPACITY 16

int peg__grow(void **p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap)
    return 0;
  size_t most = SIZE_MAX / (elem ? elem : 1); /* elements whose bytes fit */
  size_t n = *cap ? *cap : FIRST_CAPACITY;
  while (n < need) {
    if (n > most / 2)
      return PEG_ENOMEM;
    n *= 2;
  }
  if (n > most)
    return PEG_ENOMEM;
  void *q = realloc(*p, n * elem);
  if (!q)
    return PEG_ENOMEM;
  *p = q;
  *cap = n;
  return 0;
}

/* ---- Growable text ------------------------------------------------------ */

void peg__text_put(peg_text *t, const char *s, size_t n) {
  if (t->failed)
    return;
  void *data = t->data;
  if (n > SIZE_MAX - t->len - 1 ||
      peg__grow(&data, &t->cap, t->len + n + 1, 1)) {
    t->failed = true;
    return;
  }
  t->data = data;
  memcpy(t->data + t->len, s, n);
  t->len += n;
  t->data[t->len] = '\0';
}

void peg__text_printf(peg_text *t, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof buf) {
    t->failed = true; /* our formats are short; never expected */
    return;
  }
  peg__text_put(t, buf, (size_t)n);
}

char *peg__text_finish(peg_text *t, size_t *size) {
  if (!t->failed && !t->data)
    peg__text_put(t, "", 0);
  if (t->failed) {
    free(t->data);
    return NULL;
  }
  if (size)
    *size = t->len;
  return t->data;
}

/* ---- Blanks, and words in messages -------------------------------------- */

bool peg__is_blank(char c, peg__blanks which) {
  if (c == ' ' || c == '\t')
    return true;
  return which == PEG__BLANK_ALL && (c == '\r' || c == '\v' || c == '\f');
}

/* Appends s[0..n-1] to buf at *o if it fits with the NUL after it. */
static bool append(char *buf, size_t size, size_t *o, const char *s, size_t n) {
  if (*o + n >= size)
    return false;
  memcpy(buf + *o, s, n);
  *o += n;
  return true;
}

const char *peg__printable(const char *s, size_t len, size_t most,
                           peg__shown how, char *buf, size_t size) {
  if (!size)
    return buf;
  size_t o = 0;
  bool fits = true;
  for (size_t i = 0; i < len && i < most && fits; i++) {
    unsigned char c = (unsigned char)s[i];
    char piece[8] = {(char)c};
    size_t n = 1;
    if (c < 0x20 || c >= 0x7f || (how == PEG__SHOWN_ESCAPED && c == '\'')) {
      if (how == PEG__SHOWN_ESCAPED)
        n = (size_t)snprintf(piece, sizeof piece, "\\x%02X", c);
      else
        piece[0] = '?';
    }
    fits = append(buf, size, &o, piece, n);
  }
  if (fits && how == PEG__SHOWN_ESCAPED && len > most)
    append(buf, size, &o, "...", 3);
  buf[o] = '\0';
  return buf;
}
