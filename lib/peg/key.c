/* key.c - the key that travels after the clauses: the encoding's options,
 * the board, and every atom's name; and reading it back. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_HEADER "peg-key 1"

char *peg_key_text(const peg_encoding *e, size_t *size) {
  if (!e)
    return NULL;
  peg_text t = {0};
  size_t board_size;
  char *board = peg_board_text(e->board, &board_size);
  if (!board)
    return NULL;
  peg__text_printf(&t,
                   "%s\noptions at_least_one=%d canonical_order=%d "
                   "position_classes=%d at_most_one=%d\nboard\n",
                   KEY_HEADER, e->at_least_one, e->canonical_order,
                   e->position_classes, e->at_most_one);
  peg__text_put(&t, board, board_size);
  free(board);
  peg__text_printf(&t, "end board\natoms %d\n", e->atoms);
  char name[64];
  for (int a = 1; a <= e->atoms && !t.failed; a++) {
    peg_atom_name(e, a, name, sizeof name);
    peg__text_printf(&t, "%d %s\n", a, name);
  }
  peg__text_put(&t, "end key\n", 8);
  return peg__text_finish(&t, size);
}

/* A cursor over the key's lines (CR before LF is dropped). */
typedef struct lines {
  const char *p, *end;
  long line; /* of the last line taken */
  const char *text;
  size_t len;
} lines;

static bool take(lines *l) {
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

static bool is(const lines *l, const char *s) {
  return l->len == strlen(s) && !memcmp(l->text, s, l->len);
}

/* Reads "options name=value ..." into e.  peg_key_text separates the
 * options with one space, and only a space separates them here (a tab
 * never did, so a key with one is still refused). */
static int read_options(const lines *l, peg_encoding *e, peg_error *err) {
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
    if (!digits || (p < end && *p != ' ') ||
        peg_encoding_set_option(e, name, value))
      return peg__fail(err, PEG_EKEY, l->line, start - l->text + 1,
                       "unknown option or value in the key");
    while (p < end && *p == ' ')
      p++;
  }
  return 0;
}

/* The key's first three lines: its header, the options (kept in *options
 * until there is an encoding to set them on) and "board". */
static int read_head(lines *l, long line0, lines *options, peg_error *err) {
  if (!take(l) || !is(l, KEY_HEADER))
    return peg__fail(err, PEG_EKEY, l->line < line0 ? line0 : l->line, 1,
                     "expected the key's first line '" KEY_HEADER "'");
  if (!take(l))
    return peg__fail(err, PEG_EKEY, l->line + 1, 1, "the key ends early");
  if (l->len < 8 || memcmp(l->text, "options ", 8))
    return peg__fail(err, PEG_EKEY, l->line, 1,
                     "expected the line 'options ...'");
  *options = *l;
  if (!take(l) || !is(l, "board"))
    return peg__fail(err, PEG_EKEY, l->line, 1, "expected the line 'board'");
  return 0;
}

/* The board file up to "end board", and its encoding in *out.  The board's
 * own errors keep their message, on the key's line. */
static int read_board(lines *l, peg_encoding **out, peg_error *err) {
  const char *board_text = l->p;
  long board_line = l->line + 1;
  while (take(l) && !is(l, "end board"))
    ;
  if (!is(l, "end board"))
    return peg__fail(err, PEG_EKEY, l->line + 1, 1,
                     "the key ends before 'end board'");
  peg_board *b;
  int rc = peg_board_parse(board_text, (size_t)(l->text - board_text), &b, err);
  if (rc) {
    if (err->line)
      err->line += board_line - 1;
    return rc == PEG_ENOMEM ? rc : PEG_EKEY;
  }
  *out = peg_encoding_new(b, &rc);
  peg_board_free(b);
  if (!*out)
    return peg__fail(err, rc == PEG_ENOMEM ? rc : PEG_EKEY, board_line, 1,
                     "the key's board has no encoding: %s", peg_strerror(rc));
  return 0;
}

/* "atoms N", then a line "I Name" for every atom, each the name e gives. */
static int read_atoms(lines *l, const peg_encoding *e, peg_error *err) {
  char expect[64], name[64];
  snprintf(expect, sizeof expect, "atoms %d", e->atoms);
  if (!take(l) || !is(l, expect))
    return peg__fail(err, PEG_EKEY, l->line, 1,
                     "expected '%s' (the board has that many atoms)", expect);
  for (int a = 1; a <= e->atoms; a++) {
    int n = snprintf(expect, sizeof expect, "%d ", a);
    peg_atom_name(e, a, expect + n, sizeof expect - (size_t)n);
    if (!take(l))
      return peg__fail(err, PEG_EKEY, l->line + 1, 1,
                       "the key ends before the atom line '%s'", expect);
    if (!is(l, expect))
      return peg__fail(err, PEG_EKEY, l->line, 1,
                       "expected the atom line '%s', found '%s'", expect,
                       peg__printable(l->text, l->len, sizeof name - 1,
                                      PEG__SHOWN_MASKED, name, sizeof name));
  }
  return 0;
}

/* "end key", and then nothing but empty lines. */
static int read_end(lines *l, peg_error *err) {
  if (!take(l))
    return peg__fail(err, PEG_EKEY, l->line + 1, 1,
                     "the key ends before 'end key'");
  if (!is(l, "end key"))
    return peg__fail(err, PEG_EKEY, l->line, 1, "expected 'end key'");
  while (take(l))
    if (l->len)
      return peg__fail(err, PEG_EKEY, l->line, 1,
                       "text after the end of the key");
  return 0;
}

int peg__key_parse(const char *text, size_t size, long line0,
                   peg_encoding **out, peg_error *err) {
  peg_error scratch;
  if (!err)
    err = &scratch;
  memset(err, 0, sizeof *err);
  if (!out || (!text && size))
    return peg__fail(err, PEG_EINVAL, 0, 0, "invalid argument");
  *out = NULL;
  text = text ? text : "";
  lines l = {text, text + size, line0 - 1, NULL, 0}, options = l;
  peg_encoding *e = NULL;
  int rc = read_head(&l, line0, &options, err);
  if (!rc && !(rc = read_board(&l, &e, err)) &&
      !(rc = read_options(&options, e, err)) && !(rc = read_atoms(&l, e, err)))
    rc = read_end(&l, err);
  if (rc) {
    peg_encoding_free(e);
    return rc;
  }
  *out = e;
  return 0;
}

int peg_key_parse(const char *text, size_t size, peg_encoding **out,
                  peg_error *err) {
  return peg__key_parse(text, size, 1, out, err);
}
