/* util.c - errors, growing arrays, growable text and input in messages,
 * for libpeg and libmaze (util.h). */
#include "util.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int common__fail(void *err, int code, long line, long column, const char *fmt,
                 ...) {
  if (err) {
    common_error e = {line, column, ""};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e.message, sizeof e.message, fmt, ap);
    va_end(ap);
    memcpy(err, &e, sizeof e);
  }
  return code;
}

int common__begin(void *err, bool bad, int code) {
  if (err)
    memset(err, 0, sizeof(common_error));
  return bad ? common__fail(err, code, 0, 0, "invalid argument") : 0;
}

void common__free_all(void *const *ptrs, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(ptrs[i]);
}

const common_option *common__option_find(const common_option *table, size_t n,
                                         const char *name) {
  for (size_t i = 0; name && i < n; i++)
    if (!strcmp(table[i].name, name))
      return &table[i];
  return NULL;
}

void common__option_defaults(const common_option *table, size_t n, void *obj) {
  for (size_t i = 0; i < n; i++)
    *(int *)((char *)obj + table[i].offset) = table[i].def;
}

int *common__option_field(const common_option *table, size_t n, void *obj,
                          const char *name, int value) {
  const common_option *o = common__option_find(table, n, name);
  if (!o || value < o->lo || value > o->hi)
    return NULL;
  return (int *)((char *)obj + o->offset);
}

bool common__option_get(const common_option *table, size_t n, const void *obj,
                        const char *name, int *value) {
  const common_option *o = common__option_find(table, n, name);
  if (o)
    *value = *(const int *)((const char *)obj + o->offset);
  return o != NULL;
}

int common__grow(void **p, size_t *cap, size_t need, size_t elem) {
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

/* ---- Growable text --------------------------------------------------------
 */

void common__text_put(common_text *t, const char *s, size_t n) {
  void *p = t->data;
  if (t->failed || n > SIZE_MAX - t->len - 1 ||
      common__grow(&p, &t->cap, t->len + n + 1, 1)) {
    t->failed = true;
    return;
  }
  t->data = p;
  memcpy(t->data + t->len, s, n);
  t->len += n;
  t->data[t->len] = '\0';
}

void common__text_str(common_text *t, const char *s) {
  common__text_put(t, s, strlen(s));
}

void common__text_printf(common_text *t, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof buf)
    t->failed = true;
  else
    common__text_put(t, buf, (size_t)n);
}

char *common__text_finish(common_text *t, size_t *size) {
  if (!t->failed && !t->data)
    common__text_put(t, "", 0);
  if (t->failed) {
    free(t->data);
    t->data = NULL;
    return NULL;
  }
  if (size)
    *size = t->len;
  return t->data;
}

/* ---- Input in messages ----------------------------------------------------
 */

bool common__is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Appends s[0..n-1] to buf at *o if it fits with the NUL after it. */
static bool append(char *buf, size_t size, size_t *o, const char *s, size_t n) {
  if (*o + n >= size)
    return false;
  memcpy(buf + *o, s, n);
  *o += n;
  return true;
}

/* Byte c as `how` shows it, in piece; its length. */
static size_t piece_of(unsigned char c, common_shown how, char piece[8]) {
  bool odd = c < 0x20 || (how == COMMON_SHOWN_NAMES ? c == 0x7f : c >= 0x7f);
  piece[0] = (char)c;
  if (how == COMMON_SHOWN_ESCAPED && (odd || c == '\''))
    return (size_t)snprintf(piece, 8, "\\x%02X", c);
  if (odd)
    piece[0] = '?';
  return 1;
}

const char *common__printable(const char *s, size_t len, size_t most,
                              common_shown how, char *buf, size_t size) {
  if (!size)
    return buf;
  size_t o = 0;
  bool fits = true;
  for (size_t i = 0; i < len && i < most && fits; i++) {
    char piece[8];
    size_t n = piece_of((unsigned char)s[i], how, piece);
    fits = append(buf, size, &o, piece, n);
  }
  if (fits && how != COMMON_SHOWN_MASKED && len > most)
    append(buf, size, &o, "...", 3);
  buf[o] = '\0';
  return buf;
}
