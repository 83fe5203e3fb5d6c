/* testutil.h - helpers shared by the unit tests of both libraries. */
#ifndef DPLL_TESTS_TESTUTIL_H_INCLUDED
#define DPLL_TESTS_TESTUTIL_H_INCLUDED

#include "dpll.h"
#include "peg.h"

/* Fails the running cmocka test with a message naming the case unless
 * cond holds (the file includes cmocka.h before this header). */
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      print_error("check failed: %s\n", #cond);                                \
      fail_msg(__VA_ARGS__);                                                   \
    }                                                                          \
  } while (0)

/* Adds the clause of the n (at most 16) literals that follow, as
 * dpll_add_clause does: add(s, 3, 1, -2, 3). */
int add(dpll_solver *s, int n, ...);

/* For the libpeg tests; each fails the test if the call fails.  named: a
 * catalogue board, with hole `empty` empty (< 0: the catalogue's own).
 * encode: the seed's exact encoding (no redundant clauses: the options
 * canonical_order and position_classes off), whose models are exactly
 * the plays; encode_default: with the library's default options. */
peg_board *parse_board(const char *text);
peg_board *named(const char *name, int empty);
peg_encoding *encode(const peg_board *b);
peg_encoding *encode_default(const peg_board *b);

/* A growable text, NUL-terminated, for building inputs; put appends n
 * bytes of s and fails the test if memory runs out.  free(t.s) at the
 * end. */
typedef struct text {
  char *s;
  size_t n, cap;
} text;
void put(text *t, const char *s, size_t n);

#endif
