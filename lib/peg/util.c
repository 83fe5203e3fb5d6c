/* util.c - what every file of libpeg shares: the messages, growing arrays
 * and text. */
#include "internal.h"

#include "../common/grow.h"

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
    grow_vmessage(&err->line, &err->column, err->message, sizeof err->message,
                  line, column, fmt, ap);
    va_end(ap);
  }
  return code;
}

int peg__grow(void **p, size_t *cap, size_t need, size_t elem) {
  return grow_array(p, cap, need, elem) ? PEG_ENOMEM : 0;
}

/* ---- Growable text ------------------------------------------------------ */

void peg__text_put(peg_text *t, const char *s, size_t n) {
  if (!t->failed && !grow_text_put(&t->data, &t->len, &t->cap, s, n))
    t->failed = true;
}

void peg__text_printf(peg_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (!t->failed &&
      !grow_text_vprintf(&t->data, &t->len, &t->cap, 256, fmt, ap))
    t->failed = true;
  va_end(ap);
}

char *peg__text_finish(peg_text *t, size_t *size) {
  return grow_text_finish(&t->data, &t->len, &t->cap, t->failed, size);
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
