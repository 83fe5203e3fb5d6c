/* testutil.c - helpers shared by the unit tests of both libraries. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

#include <stdlib.h>
#include <string.h>

int add(dpll_solver *s, int n, ...) {
  int lits[16];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n && i < 16; i++)
    lits[i] = va_arg(ap, int);
  va_end(ap);
  return n > 16 ? DPLL_EINVAL : dpll_add_clause(s, lits, (size_t)n);
}

peg_board *parse_board(const char *text) {
  peg_board *b = NULL;
  peg_error err;
  int rc = peg_board_parse(text, strlen(text), &b, &err);
  CHECK(rc == 0 && b, "parsing a board: %d at %ld:%ld: %s", rc, err.line,
        err.column, err.message);
  return b;
}

peg_board *named(const char *name, int empty) {
  peg_board *b = NULL;
  int rc = peg_board_named(name, &b);
  CHECK(rc == 0 && b, "%s: peg_board_named gave %d (%s)", name, rc,
        peg_strerror(rc));
  if (empty >= 0)
    CHECK(peg_board_set_empty(b, empty) == 0, "%s: no hole %d", name, empty);
  return b;
}

peg_encoding *encode_default(const peg_board *b) {
  int err = 0;
  peg_encoding *e = peg_encoding_new(b, &err);
  CHECK(e != NULL, "peg_encoding_new failed: %d (%s)", err, peg_strerror(err));
  return e;
}

peg_encoding *encode(const peg_board *b) {
  peg_encoding *e = encode_default(b);
  CHECK(peg_encoding_set_option(e, "canonical_order", 0) == 0 &&
            peg_encoding_set_option(e, "position_classes", 0) == 0,
        "cannot turn the redundant clauses off");
  return e;
}

void put(text *t, const char *s, size_t n) {
  if (t->n + n + 1 > t->cap) {
    while (t->n + n + 1 > t->cap)
      t->cap = t->cap ? 2 * t->cap : 4096;
    t->s = realloc(t->s, t->cap);
    assert_non_null(t->s);
  }
  memcpy(t->s + t->n, s, n);
  t->n += n;
  t->s[t->n] = '\0';
}
