/* key.c - the key that travels after the clauses: the encoding's options,
 * the board, and every atom's name; and reading it back. */
#include "internal.h"

#include "../common/text_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_HEADER "peg-key 1"

char *peg_key_text(const peg_encoding *e, size_t *size) {
  if (!e)
    return NULL;
  common_text t = {0};
  size_t board_size;
  char *board = peg_board_text(e->board, &board_size);
  if (!board)
    return NULL;
  common__text_printf(&t,
                      "%s\noptions at_least_one=%d canonical_order=%d "
                      "position_classes=%d at_most_one=%d hole_order=%d\n"
                      "board\n",
                      KEY_HEADER, e->at_least_one, e->canonical_order,
                      e->position_classes, e->at_most_one, e->hole_order);
  common__text_put(&t, board, board_size);
  free(board);
  common__text_printf(&t, "end board\natoms %d\n", e->atoms);
  char name[64];
  for (int a = 1; a <= e->atoms && !t.failed; a++) {
    peg_atom_name(e, a, name, sizeof name);
    common__text_printf(&t, "%d %s\n", a, name);
  }
  common__text_put(&t, "end key\n", 8);
  return common__text_finish(&t, size);
}

/* Sets an option the key gives; text_lines_options reports a failure. */
static int set_option(void *e, const char *name, int value) {
  return peg_encoding_set_option(e, name, value);
}

/* The key's first three lines: its header, the options (kept in *options
 * until there is an encoding to set them on) and "board". */
static int read_head(text_lines *l, long line0, text_lines *options,
                     peg_error *err) {
  if (text_lines_head(l, line0, KEY_HEADER, options, err))
    return PEG_EKEY;
  if (!text_lines_take(l) || !text_lines_is(l, "board"))
    return peg__fail(err, PEG_EKEY, l->line, 1, "expected the line 'board'");
  return 0;
}

/* The board file up to "end board", and its encoding in *out.  The board's
 * own errors keep their message, on the key's line. */
static int read_board(text_lines *l, peg_encoding **out, peg_error *err) {
  const char *board_text = l->p;
  long board_line = l->line + 1;
  while (text_lines_take(l) && !text_lines_is(l, "end board"))
    ;
  if (!text_lines_is(l, "end board"))
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

static int atom_name(const void *e, int atom, char *buf, size_t size) {
  return peg_atom_name(e, atom, buf, size);
}

/* "atoms N", then a line "I Name" for every atom, each the name e gives. */
static int read_atoms(text_lines *l, const peg_encoding *e, peg_error *err) {
  const text_lines_atoms spec = {
      e->atoms, atom_name, e, "board", COMMON_SHOWN_MASKED, 63, false};
  return text_lines_atom_lines(l, &spec, err) ? PEG_EKEY : 0;
}

int peg__key_parse(const char *text, size_t size, long line0,
                   peg_encoding **out, peg_error *err) {
  peg_error scratch; /* read_board reads it */
  err = err ? err : &scratch;
  if (common__begin(err, !out || (!text && size), PEG_EINVAL))
    return PEG_EINVAL;
  *out = NULL;
  text = text ? text : "";
  text_lines l = text_lines_at(text, size, line0), options = l;
  peg_encoding *e = NULL;
  int rc = read_head(&l, line0, &options, err);
  if (!rc)
    rc = read_board(&l, &e, err);
  /* Keys written before the option hole_order existed (it is always
   * written now) numbered the atoms in the board's own order. */
  if (!rc && peg_encoding_set_option(e, "hole_order", 0))
    rc = peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
  if (!rc && (rc = text_lines_options(&options, set_option, e, err)))
    rc =
        rc == PEG_ENOMEM ? peg__fail(err, rc, 0, 0, "out of memory") : PEG_EKEY;
  if (!rc)
    rc = read_atoms(&l, e, err);
  if (!rc && text_lines_end(&l, err))
    rc = PEG_EKEY;
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
