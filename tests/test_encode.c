/* test_encode.c - lib/peg/encode.c: atom and clause counts worked out by
 * hand, the clauses emitted compared with the table of docs/encoding.md
 * (rebuilt here independently), the numbering of atoms and their names,
 * options, errors, the callback's stop, the at-most-one encodings against a
 * brute-force oracle (white-box: amo.c's peg__amo_*), and the semantic
 * test: for small
 * puzzles every model that libdpll finds is a legal play (judged by
 * pegcheck, read from the Jump atoms that peg_atom_jump numbers, not by
 * peg_decode) and there are exactly as many models as pegcheck counts
 * plays; and the option hole_order: with 1 (the default) two numberings
 * of one board give the same clauses, with 0 the numbering is the
 * documented one of the board's own holes and triples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "internal.h" /* lib/peg: the at-most-one encodings on their own */
#include "peg.h"
#include "pegcheck.h"
#include "testutil.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- boards ---- */

/* The 4-hole board of the course write-up: holes 1..4 on a ring, each
 * triple three neighbours. */
static void four_hole_text(char *buf, size_t size, int empty) {
  snprintf(buf, size, "4 %d\n1 2 3\n2 3 4\n3 4 1\n4 1 2\n", empty);
}

static peg_board *four_hole(int empty) {
  char text[100];
  four_hole_text(text, sizeof text, empty);
  return parse_board(text);
}

/* ---- collecting clauses ---- */

typedef struct cnf {
  int *lits;
  size_t num_lits, cap_lits;
  size_t *start; /* clause i is lits[start[i] .. start[i+1]-1] */
  size_t num, cap;
} cnf;

static int collect(void *ctx, const int *lits, size_t n) {
  cnf *f = ctx;
  if (f->num + 2 > f->cap) {
    f->cap = f->cap ? 2 * f->cap : 256;
    f->start = realloc(f->start, f->cap * sizeof *f->start);
    assert_non_null(f->start);
  }
  if (f->num_lits + n > f->cap_lits) {
    while (f->num_lits + n > f->cap_lits)
      f->cap_lits = f->cap_lits ? 2 * f->cap_lits : 1024;
    f->lits = realloc(f->lits, f->cap_lits * sizeof *f->lits);
    assert_non_null(f->lits);
  }
  if (f->num == 0)
    f->start[0] = 0;
  if (n) /* the empty clause may come with lits NULL */
    memcpy(f->lits + f->num_lits, lits, n * sizeof *lits);
  f->num_lits += n;
  f->num++;
  f->start[f->num] = f->num_lits;
  return 0;
}

static void cnf_free(cnf *f) {
  free(f->lits);
  free(f->start);
  memset(f, 0, sizeof *f);
}

static void emit_all(const peg_encoding *e, cnf *f) {
  memset(f, 0, sizeof *f);
  int rc = peg_encoding_emit(e, collect, f);
  assert_int_equal(rc, 0);
}

/* ---- hand-derived counts ---- */

static void expect_counts(const char *what, peg_encoding *e, int steps,
                          int atoms, int64_t clauses, size_t lits) {
  CHECK(peg_encoding_steps(e) == steps, "%s: T = %d, expected %d", what,
        peg_encoding_steps(e), steps);
  CHECK(peg_encoding_atoms(e) == atoms, "%s: %d atoms, expected %d", what,
        peg_encoding_atoms(e), atoms);
  CHECK(peg_encoding_clauses(e) == clauses, "%s: %lld clauses, expected %lld",
        what, (long long)peg_encoding_clauses(e), (long long)clauses);
  cnf f;
  emit_all(e, &f);
  CHECK(f.num == (size_t)clauses, "%s: emit gave %zu clauses, expected %lld",
        what, f.num, (long long)clauses);
  CHECK(f.num_lits == lits, "%s: emit gave %zu literals, expected %zu", what,
        f.num_lits, lits);
  for (size_t i = 0; i < f.num_lits; i++)
    CHECK(f.lits[i] != 0 && abs(f.lits[i]) <= atoms,
          "%s: literal %d out of range", what, f.lits[i]);
  cnf_free(&f);
}

/* The auxiliary atoms of an at-most-one encoding: each of good[] has its
 * name and is found by it, each name of bad[] is refused, and the atom
 * after the last is not one. */
typedef struct named_atom {
  int atom;
  const char *name;
} named_atom;

static void expect_aux_names(const char *what, const peg_encoding *e,
                             const named_atom *good, size_t n_good,
                             const char *const *bad, size_t n_bad, int beyond) {
  char name[32];
  for (size_t i = 0; i < n_good; i++) {
    assert_int_equal(peg_atom_name(e, good[i].atom, name, sizeof name),
                     (int)strlen(good[i].name));
    assert_string_equal(name, good[i].name);
    assert_int_equal(peg_atom_lookup(e, good[i].name), good[i].atom);
  }
  for (size_t i = 0; i < n_bad; i++)
    CHECK(peg_atom_lookup(e, bad[i]) == PEG_EATOM, "%s: lookup of %s gave %d",
          what, bad[i], peg_atom_lookup(e, bad[i]));
  assert_int_equal(peg_atom_name(e, beyond, name, sizeof name), PEG_EATOM);
}

/* The 4-hole board, hole 1 empty: N = 4 holes, 4 triples so J = 8 jumps,
 * S = 3 pegs, G = 1, T = S - G = 2.
 *   atoms   J*T + N*(T+1) = 16 + 12 = 28
 *   clauses 1:  3*J*T = 48         2:  3*J*T = 48
 *           3A: N*T = 8            3B: N*T = 8
 *           4A: J(J-1)/2*T = 28*2 = 56
 *           4B: T = 2              5:  N = 4
 *           6:  1 + N(N-1)/2 = 1 + 6 = 7
 *           48+48+8+8+56+2+4+1+6 = 181; without 4B, 179.
 *   literals 1: 48*2 = 96; 2: 96;
 *           3A: per hole and time 2 + (jumps from or over it); every hole is
 *               the from or over of 4 jumps: 4 holes * 2 times * 6 = 48;
 *           3B: 2 + (jumps into it) = 2 + 2: 4 * 2 * 4 = 32;
 *           4A: 56*2 = 112; 4B: 2*8 = 16; 5: 4; 6: 4 + 6*2 = 16.
 *           96+96+48+32+112+16+4+16 = 420; without 4B, 404.
 * Free start (E = 0): 5' is 1 + N(N-1)/2 = 7 clauses of 4 + 6*2 = 16
 * literals instead of 4 units: 184 clauses, 432 literals.
 * Goal {3}: 6' is N = 4 units instead of 7 clauses (16 literals): 178
 * clauses, 408 literals. */
static void test_counts_four_hole(void **state) {
  (void)state;
  for (int empty = 1; empty <= 4; empty++) {
    peg_board *b = four_hole(empty);
    peg_encoding *e = encode(b);
    int v = -1;
    assert_int_equal(peg_encoding_get_option(e, "at_least_one", &v), 0);
    assert_int_equal(v, 1);
    expect_counts("4-hole", e, 2, 28, 181, 420);
    assert_int_equal(peg_encoding_set_option(e, "at_least_one", 0), 0);
    expect_counts("4-hole, no at_least_one", e, 2, 28, 179, 404);
    assert_int_equal(peg_encoding_set_option(e, "at_least_one", 1), 0);
    expect_counts("4-hole, at_least_one again", e, 2, 28, 181, 420);
    peg_encoding_free(e);
    peg_board_free(b);
  }
  peg_board *b = four_hole(0);
  peg_encoding *e = encode(b);
  expect_counts("4-hole free start", e, 2, 28, 184, 432);
  peg_encoding_free(e);
  peg_board_free(b);

  b = four_hole(1);
  const int goal[] = {3};
  assert_int_equal(peg_board_set_goal(b, goal, 1), 0);
  e = encode(b);
  expect_counts("4-hole goal 3", e, 2, 28, 178, 408);
  peg_encoding_free(e);
  peg_board_free(b);

  /* The sequential counter, hole 1 empty: J - 1 = 7 more atoms per step,
   * 28 + 14 = 42 in all; 4A is 3J - 4 = 20 binary clauses per step instead of
   * 28: 181 - 56 + 40 = 165 clauses, 420 - 112 + 80 = 388 literals.  The atoms
   * after the Peg atoms are Count(k,I), k = 1..7. */
  b = four_hole(1);
  e = encode(b);
  assert_int_equal(peg_encoding_set_option(e, "at_most_one", 1), 0);
  expect_counts("4-hole, sequential", e, 2, 42, 165, 388);
  char name[32];
  assert_int_equal(peg_atom_name(e, 29, name, sizeof name), 10);
  assert_string_equal(name, "Count(1,1)");
  assert_int_equal(peg_atom_name(e, 35, name, sizeof name), 10);
  assert_string_equal(name, "Count(7,1)");
  assert_int_equal(peg_atom_name(e, 36, name, sizeof name), 10);
  assert_string_equal(name, "Count(1,2)");
  assert_int_equal(peg_atom_lookup(e, "Count(7,2)"), 42);
  assert_int_equal(peg_atom_lookup(e, "Count(8,1)"), PEG_EATOM);
  assert_int_equal(peg_atom_lookup(e, "Count(1,3)"), PEG_EATOM);
  assert_int_equal(peg_atom_lookup(e, "Count(0,1)"), PEG_EATOM);
  assert_int_equal(peg_atom_lookup(e, "Row(1,1)"), PEG_EATOM);
  assert_int_equal(peg_atom_lookup(e, "Cmd(1,1,1)"), PEG_EATOM);
  assert_int_equal(peg_encoding_set_option(e, "at_most_one", PEG_AMO_COUNT),
                   PEG_EOPTION);
  assert_int_equal(peg_encoding_set_option(e, "at_most_one", -1), PEG_EOPTION);
  int v = -1;
  assert_int_equal(peg_encoding_get_option(e, "at_most_one", &v), 0);
  assert_int_equal(v, PEG_AMO_SEQUENTIAL);

  /* The product: J = 8 in a grid of p = ceil(sqrt 8) = 3 rows and
   * q = ceil(8/3) = 3 columns, 6 more atoms per step: 28 + 12 = 40, after
   * the Peg atoms Row(1..3,1), Col(1..3,1), then time 2.  4A is 2J = 16
   * "jump -> row", "jump -> column" and 3 + 3 pairs: 22 binary clauses per
   * step instead of 28: 181 - 56 + 44 = 169 clauses, 420 - 112 + 88 = 396
   * literals. */
  assert_int_equal(peg_encoding_set_option(e, "at_most_one", PEG_AMO_PRODUCT),
                   0);
  expect_counts("4-hole, product", e, 2, 40, 169, 396);
  const named_atom product[] = {{29, "Row(1,1)"}, {31, "Row(3,1)"},
                                {32, "Col(1,1)"}, {34, "Col(3,1)"},
                                {35, "Row(1,2)"}, {40, "Col(3,2)"}};
  const char *const not_product[] = {"Row(4,1)",   "Col(4,1)", "Row(0,1)",
                                     "Col(1,3)",   "Row(1,0)", "Count(1,1)",
                                     "Cmd(1,1,1)", "Row(1,1",  "Col(1,1,1)"};
  expect_aux_names("product", e, product, sizeof product / sizeof *product,
                   not_product, sizeof not_product / sizeof *not_product, 41);

  /* Commanders: J = 8 in groups of 3, 3 and 2, one commander each; 3 left,
   * so that is the top: 3 more atoms per step, 28 + 6 = 34, Cmd(1,g,I).
   * 4A per step: a group of three 3 pairs + 3 "jump -> commander" + 1
   * "commander -> a jump of the group" = 7 clauses (6 + 6 + 4 = 16
   * literals), twice; the group of two 1 + 2 + 1 = 4 (2 + 4 + 3 = 9); the
   * top 3 pairs (6): 21 clauses and 47 literals instead of 28 and 56:
   * 181 - 56 + 42 = 167 clauses, 420 - 112 + 94 = 402 literals. */
  assert_int_equal(peg_encoding_set_option(e, "at_most_one", PEG_AMO_COMMANDER),
                   0);
  expect_counts("4-hole, commander", e, 2, 34, 167, 402);
  const named_atom cmd[] = {{29, "Cmd(1,1,1)"},
                            {31, "Cmd(1,3,1)"},
                            {32, "Cmd(1,1,2)"},
                            {34, "Cmd(1,3,2)"}};
  const char *const not_cmd[] = {"Cmd(2,1,1)", "Cmd(1,4,1)",  "Cmd(0,1,1)",
                                 "Cmd(1,1,3)", "Cmd(1,1)",    "Row(1,1)",
                                 "Count(1,1)", "Cmd(1,1,1,1)"};
  expect_aux_names("commander", e, cmd, sizeof cmd / sizeof *cmd, not_cmd,
                   sizeof not_cmd / sizeof *not_cmd, 35);

  assert_int_equal(peg_encoding_set_option(e, "at_most_one", 0), 0);
  expect_counts("4-hole, pairwise again", e, 2, 28, 181, 420);
  assert_int_equal(peg_atom_lookup(e, "Count(1,1)"), PEG_EATOM);
  assert_int_equal(peg_atom_lookup(e, "Row(1,1)"), PEG_EATOM);
  assert_int_equal(peg_atom_lookup(e, "Cmd(1,1,1)"), PEG_EATOM);
  assert_int_equal(peg_atom_name(e, 29, name, sizeof name), PEG_EATOM);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* triangle4, hole 1 empty: N = 10, 9 triples so J = 18, S = 9, G = 1,
 * T = 8.
 *   atoms   18*8 + 10*9 = 144 + 90 = 234
 *   clauses 1, 2: 3*18*8 = 432 each; 3A, 3B: 10*8 = 80 each;
 *           4A: 18*17/2*8 = 153*8 = 1224; 4B: 8; 5: 10;
 *           6: 1 + 10*9/2 = 46
 *           432+432+80+80+1224+8+10+46 = 2312
 *   literals 1, 2: 864 each; 3A: T*(2N + 2J) = 8*(20+36) = 448;
 *           3B: T*(2N + J) = 8*(20+18) = 304; 4A: 2448; 4B: 8*18 = 144;
 *           5: 10; 6: 10 + 45*2 = 100
 *           864+864+448+304+2448+144+10+100 = 5182
 * Free start: 5' = 1 + 45 = 46 clauses (10 + 90 = 100 literals) instead
 * of 10 units: 2348 clauses, 5272 literals.
 * Goal {3}: 6' = 10 units instead of 46 clauses: 2276 clauses, 5092
 * literals.  Free start and goal {3}: 2312 clauses, 5182 literals.
 * Goal {2, 3}: G = 2, T = 7: atoms 18*7 + 10*8 = 126 + 80 = 206;
 *   clauses 3*18*7 = 378 twice, 70 twice, 153*7 = 1071, 7, 10, 10:
 *   378+378+70+70+1071+7+10+10 = 1994; literals 756+756+7*56+7*38+
 *   2142+7*18+10+10 = 756+756+392+266+2142+126+20 = 4458. */
static void test_counts_triangle4(void **state) {
  (void)state;
  peg_board *b = named("triangle4", 1);
  peg_encoding *e = encode(b);
  expect_counts("triangle4", e, 8, 234, 2312, 5182);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", 0), 0);
  expect_counts("triangle4, no at_least_one", e, 8, 234, 2304, 5182 - 144);
  peg_encoding_free(e);

  assert_int_equal(peg_board_set_empty(b, 0), 0);
  e = encode(b);
  expect_counts("triangle4 free start", e, 8, 234, 2348, 5272);
  peg_encoding_free(e);

  const int goal[] = {3}, goal2[] = {2, 3};
  assert_int_equal(peg_board_set_goal(b, goal, 1), 0);
  e = encode(b);
  expect_counts("triangle4 free start, goal 3", e, 8, 234, 2312, 5182);
  peg_encoding_free(e);

  assert_int_equal(peg_board_set_empty(b, 2), 0);
  e = encode(b);
  expect_counts("triangle4 from 2, goal 3", e, 8, 234, 2276, 5092);
  peg_encoding_free(e);

  assert_int_equal(peg_board_set_empty(b, 1), 0);
  assert_int_equal(peg_board_set_goal(b, goal2, 2), 0);
  e = encode(b);
  expect_counts("triangle4, goal 2 3", e, 7, 206, 1994, 4458);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* No jump to make (T = 0): only the start and the goal. One peg on the
 * 4-hole board: atoms N = 4; clauses 4 units + 1 + 6 = 11, literals
 * 4 + 4 + 12 = 20.  Start = goal = {2, 3}: 4 + 4 units. */
static void test_counts_no_jump(void **state) {
  (void)state;
  peg_board *b = four_hole(1);
  const int one[] = {2}, two[] = {2, 3};
  assert_int_equal(peg_board_set_start(b, one, 1), 0);
  peg_encoding *e = encode(b);
  expect_counts("one peg", e, 0, 4, 11, 20);
  peg_encoding_free(e);
  assert_int_equal(peg_board_set_start(b, two, 2), 0);
  assert_int_equal(peg_board_set_goal(b, two, 2), 0);
  e = encode(b);
  expect_counts("start = goal", e, 0, 4, 8, 8);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* triangle2: 3 holes and no triple, so J = 0; S = 2, T = 1.  Atoms
 * 0 + 3*2 = 6; clauses 0 + 0 + 3 + 3 + 0 + 1 (4B, with no literal: the
 * empty clause, since no jump exists) + 3 + (1 + 3) = 14; literals
 * 3*2 + 3*2 + 0 + 3 + (3 + 3*2) = 24. */
static void test_counts_no_triple(void **state) {
  (void)state;
  peg_board *b = named("triangle2", 1);
  peg_encoding *e = encode(b);
  expect_counts("triangle2", e, 1, 6, 14, 24);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", 0), 0);
  expect_counts("triangle2, no at_least_one", e, 1, 6, 13, 24);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* triangle90: the counts by the formulas, in 64 bits, without emitting:
 * N = 4095, 3*88*89/2 = 11748 triples, J = 23496, T = 4093. */
static void test_counts_big(void **state) {
  (void)state;
  peg_board *b = named("triangle90", 1);
  peg_encoding *e = encode(b);
  int64_t N = 4095, J = 23496, T = 4093;
  assert_int_equal(peg_board_num_triples(peg_encoding_board(e)), 11748);
  assert_int_equal(peg_encoding_steps(e), T);
  int64_t atoms = J * T + N * (T + 1);
  assert_true(atoms <= INT_MAX);
  assert_int_equal(peg_encoding_atoms(e), atoms);
  int64_t clauses = 3 * J * T * 2 + N * T * 2 + J * (J - 1) / 2 * T + T + N +
                    1 + N * (N - 1) / 2;
  assert_true(clauses > INT_MAX); /* needs the 64 bits */
  CHECK(peg_encoding_clauses(e) == clauses, "triangle90: %lld clauses, %lld",
        (long long)peg_encoding_clauses(e), (long long)clauses);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* ---- at most one jump per step, encoding by encoding ---- */

/* The auxiliary atoms per step of encoding how for n jumps, and its
 * clauses per step, from docs/encoding.md.  A new encoding needs its
 * formulas here: the tests refuse one they do not know. */
static int64_t amo_atoms(int how, int64_t n) {
  int64_t p = 1;
  switch (how) {
  case PEG_AMO_PAIRWISE:
    return 0;
  case PEG_AMO_SEQUENTIAL:
    return n >= 2 ? n - 1 : 0;
  case PEG_AMO_PRODUCT:
    while (p * p < n)
      p++;
    return n >= 2 ? p + (n + p - 1) / p : 0;
  case PEG_AMO_COMMANDER:
    return n > 3 ? (n + 2) / 3 + amo_atoms(how, (n + 2) / 3) : 0;
  default:
    fail_msg("no formula for the atoms of at-most-one encoding %d", how);
    return -1;
  }
}

static int64_t amo_clauses(int how, int64_t n) {
  int64_t p = 1, q, r;
  switch (how) {
  case PEG_AMO_PAIRWISE:
    return n * (n - 1) / 2;
  case PEG_AMO_SEQUENTIAL:
    return n >= 2 ? 3 * n - 4 : 0;
  case PEG_AMO_PRODUCT:
    while (p * p < n)
      p++;
    q = (n + p - 1) / p;
    return n >= 2 ? 2 * n + p * (p - 1) / 2 + q * (q - 1) / 2 : 0;
  case PEG_AMO_COMMANDER:
    if (n <= 3)
      return n * (n - 1) / 2;
    /* groups of three and a last one of n mod 3: pairs, "member ->
     * commander", "commander -> some member" */
    r = n % 3;
    return 7 * (n / 3) + (r ? r * (r - 1) / 2 + r + 1 : 0) +
           amo_clauses(how, (n + 2) / 3);
  default:
    fail_msg("no formula for the clauses of at-most-one encoding %d", how);
    return -1;
  }
}

/* The encodings' names and values, both ways; the names are those of
 * peg-front --at-most-one. */
static void test_amo_names(void **state) {
  (void)state;
  const struct {
    int how;
    const char *name;
  } known[] = {{PEG_AMO_PAIRWISE, "pairwise"},
               {PEG_AMO_SEQUENTIAL, "sequential"},
               {PEG_AMO_PRODUCT, "product"},
               {PEG_AMO_COMMANDER, "commander"}};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    assert_string_equal(peg_amo_name(known[i].how), known[i].name);
    assert_int_equal(peg_amo_lookup(known[i].name), known[i].how);
  }
  /* the four keep the values that keys say (at_most_one=N) */
  assert_int_equal(PEG_AMO_PAIRWISE, 0);
  assert_int_equal(PEG_AMO_SEQUENTIAL, 1);
  assert_int_equal(PEG_AMO_PRODUCT, 2);
  assert_int_equal(PEG_AMO_COMMANDER, 3);
  for (int how = 0; how < PEG_AMO_COUNT; how++) {
    const char *name = peg_amo_name(how);
    CHECK(name && name[0], "encoding %d has no name", how);
    CHECK(peg_amo_lookup(name) == how, "%s looks up to %d", name,
          peg_amo_lookup(name));
    int v = -1;
    peg_board *b = four_hole(1);
    peg_encoding *e = encode(b);
    CHECK(peg_encoding_set_option(e, "at_most_one", how) == 0 &&
              peg_encoding_get_option(e, "at_most_one", &v) == 0 && v == how,
          "%s: the option refuses value %d", name, how);
    peg_encoding_free(e);
    peg_board_free(b);
  }
  assert_null(peg_amo_name(-1));
  assert_null(peg_amo_name(PEG_AMO_COUNT));
  assert_null(peg_amo_name(INT_MAX));
  assert_int_equal(peg_amo_lookup(NULL), PEG_EINVAL);
  const char *const not_names[] = {
      "", "Pairwise", "pairwise ", " pairwise", "pair", "commanders", "0", "1"};
  for (size_t i = 0; i < sizeof not_names / sizeof *not_names; i++)
    CHECK(peg_amo_lookup(not_names[i]) == PEG_EOPTION, "'%s' looks up to %d",
          not_names[i], peg_amo_lookup(not_names[i]));
}

/* The oracle: for each encoding and n = 0..12 literals (1..n, the
 * auxiliary atoms n+1..), every assignment of the n literals, and every
 * assignment of the auxiliary atoms for each: the clauses have a model
 * exactly when at most one literal is true.  When exactly one is (as in
 * a play, with at_least_one) the auxiliary atoms have exactly one value,
 * so the encodings add no models; with none true, only the commanders'
 * do. */
static void test_amo_oracle(void **state) {
  (void)state;
  for (int how = 0; how < PEG_AMO_COUNT; how++)
    for (int n = 0; n <= 12; n++) {
      const char *name = peg_amo_name(how);
      peg__amo l = peg__amo_layout(how, (size_t)n);
      CHECK((int64_t)l.aux == amo_atoms(how, n),
            "%s, n = %d: %zu auxiliary atoms, expected %lld", name, n, l.aux,
            (long long)amo_atoms(how, n));
      int vars = n + (int)l.aux, x[12];
      CHECK(vars <= 30, "%s, n = %d: %d atoms, too many to enumerate", name, n,
            vars);
      for (int i = 0; i < n; i++)
        x[i] = i + 1;
      cnf f;
      memset(&f, 0, sizeof f);
      assert_int_equal(peg__amo_emit(&l, x, n, collect, &f), 0);
      CHECK((int64_t)f.num == amo_clauses(how, n) &&
                (int64_t)f.num == peg__amo_clauses(&l),
            "%s, n = %d: %zu clauses emitted, %lld counted, %lld expected",
            name, n, f.num, (long long)peg__amo_clauses(&l),
            (long long)amo_clauses(how, n));
      /* each clause as the bits of its positive and its negative atoms */
      uint32_t *pos = calloc(f.num + 1, sizeof *pos);
      uint32_t *neg = calloc(f.num + 1, sizeof *neg);
      assert_non_null(pos);
      assert_non_null(neg);
      for (size_t c = 0; c < f.num; c++)
        for (size_t i = f.start[c]; i < f.start[c + 1]; i++) {
          int lit = f.lits[i], v = abs(lit);
          CHECK(v >= 1 && v <= vars, "%s, n = %d: literal %d out of range",
                name, n, lit);
          *(lit > 0 ? &pos[c] : &neg[c]) |= 1u << (v - 1);
        }
      for (uint32_t jumps = 0; jumps < 1u << n; jumps++) {
        uint64_t witnesses = 0;
        for (uint32_t aux = 0; aux < 1u << l.aux; aux++) {
          uint32_t v = jumps | aux << n;
          size_t c = 0;
          while (c < f.num && ((pos[c] & v) | (neg[c] & ~v)))
            c++;
          witnesses += c == f.num;
        }
        int ones = 0;
        for (int i = 0; i < n; i++)
          ones += jumps >> i & 1;
        CHECK((witnesses > 0) == (ones <= 1),
              "%s, n = %d: literals %#x (%d true) %s", name, n, jumps, ones,
              witnesses ? "satisfy the clauses" : "are refused");
        if (ones == 1 ||
            (ones == 0 && how != PEG_AMO_SEQUENTIAL && how != PEG_AMO_PRODUCT))
          CHECK(witnesses == 1,
                "%s, n = %d: literals %#x: %llu values of the auxiliary atoms",
                name, n, jumps, (unsigned long long)witnesses);
      }
      free(pos);
      free(neg);
      cnf_free(&f);
    }
}

/* Each encoding on several puzzles, with and without at_least_one and the
 * redundant clauses: the atoms are the pairwise encoding's and amo_atoms per
 * step, the clauses the pairwise encoding's with amo_clauses in place of
 * J(J-1)/2 per step; emit sends that many, every atom appears in them, and
 * every auxiliary atom's name looks up to it. */
static void test_counts_amo(void **state) {
  (void)state;
  peg_board *boards[7];
  const char *what[7] = {"4-hole",    "4-hole free start", "triangle4",
                         "triangle5", "english",           "triangle2",
                         "T = 0"};
  boards[0] = four_hole(1);
  boards[1] = four_hole(0);
  boards[2] = named("triangle4", 3);
  boards[3] = named("triangle5", 1);
  boards[4] = named("english", 17);
  boards[5] = named("triangle2", 1);
  boards[6] = four_hole(1);
  const int one[] = {2};
  assert_int_equal(peg_board_set_start(boards[6], one, 1), 0);
  for (int i = 0; i < 7; i++)
    for (int how = 0; how < PEG_AMO_COUNT; how++)
      for (int variant = 0; variant < 3; variant++) {
        const peg_board *b = boards[i];
        peg_encoding *e = variant ? encode_default(b) : encode(b);
        if (variant == 2)
          assert_int_equal(peg_encoding_set_option(e, "at_least_one", 0), 0);
        int64_t J = 2 * (int64_t)peg_board_num_triples(b);
        int64_t T = peg_encoding_steps(e);
        int64_t atoms = peg_encoding_atoms(e) + T * amo_atoms(how, J);
        int64_t clauses = peg_encoding_clauses(e) +
                          T * (amo_clauses(how, J) - J * (J - 1) / 2);
        assert_int_equal(peg_encoding_set_option(e, "at_most_one", how), 0);
        CHECK(peg_encoding_atoms(e) == atoms &&
                  peg_encoding_clauses(e) == clauses,
              "%s, %s, variant %d: %d atoms and %lld clauses, expected %lld "
              "and %lld",
              what[i], peg_amo_name(how), variant, peg_encoding_atoms(e),
              (long long)peg_encoding_clauses(e), (long long)atoms,
              (long long)clauses);
        cnf f;
        emit_all(e, &f);
        CHECK((int64_t)f.num == clauses, "%s, %s: emit gave %zu clauses",
              what[i], peg_amo_name(how), f.num);
        unsigned char *seen = calloc((size_t)atoms + 1, 1);
        assert_non_null(seen);
        for (size_t k = 0; k < f.num_lits; k++) {
          int v = abs(f.lits[k]);
          CHECK(v >= 1 && v <= atoms, "%s, %s: literal %d out of range",
                what[i], peg_amo_name(how), f.lits[k]);
          seen[v] = 1;
        }
        int base = peg_board_holes(b) * (int)(T + 1) + (int)(J * T);
        for (int a = 1; a <= atoms; a++) {
          CHECK(seen[a], "%s, %s: atom %d in no clause", what[i],
                peg_amo_name(how), a);
          char name[64];
          if (a > base) {
            assert_true(peg_atom_name(e, a, name, sizeof name) > 0);
            CHECK(peg_atom_lookup(e, name) == a, "%s, %s: %s looks up to %d",
                  what[i], peg_amo_name(how), name, peg_atom_lookup(e, name));
          }
        }
        free(seen);
        cnf_free(&f);
        peg_encoding_free(e);
      }
  for (int i = 0; i < 7; i++)
    peg_board_free(boards[i]);
}

/* Atoms past INT_MAX: a board of 4096 holes (T = 4094) with as many
 * triples as the Jump and Peg atoms allow.  The pairwise encoding fits,
 * the others do not, and a refused value leaves the option as it was;
 * then a board with room for the product's 1441 atoms per step but not
 * for the sequential counter's or the commanders'.  Every encoding is
 * tried: amo_atoms says which fit. */
static peg_board *many_triples(int64_t triples) {
  peg_board *b = peg_board_new(4096);
  assert_non_null(b);
  int64_t added = 0;
  for (int x = 1; x <= 4096 && added < triples; x++)
    for (int y = x + 1; y <= 4096 && added < triples; y++)
      for (int z = y + 1; z <= 4096 && added < triples; z++, added++)
        assert_int_equal(peg_board_add_triple(b, x, y, z), 0);
  return b;
}

/* Sets at_most_one to each encoding in turn on e, whose option is `kept`
 * with base atoms besides the encoding's, for T steps of J jumps: those
 * whose atoms (by amo_atoms) pass INT_MAX are refused and leave the option
 * and the atoms as they were; the others are taken (and undone). */
static void try_every_amo(peg_encoding *e, int kept, int64_t base, int64_t J,
                          int64_t T) {
  int64_t atoms = base + T * amo_atoms(kept, J);
  assert_int_equal(peg_encoding_atoms(e), atoms);
  for (int how = 0; how < PEG_AMO_COUNT; how++) {
    int64_t need = base + T * amo_atoms(how, J);
    int rc = peg_encoding_set_option(e, "at_most_one", how), v = -1;
    CHECK(rc == (need > INT_MAX ? PEG_ETOOBIG : 0),
          "%s: %lld atoms, set_option gave %d", peg_amo_name(how),
          (long long)need, rc);
    assert_int_equal(peg_encoding_get_option(e, "at_most_one", &v), 0);
    assert_int_equal(v, rc ? kept : how);
    assert_int_equal(peg_encoding_atoms(e), rc ? atoms : need);
    assert_int_equal(peg_encoding_set_option(e, "at_most_one", kept), 0);
  }
}

static void test_amo_too_big(void **state) {
  (void)state;
  const int64_t N = 4096, T = 4094;
  int64_t most = (INT_MAX - N * (T + 1)) / (2 * T);
  peg_board *b = many_triples(most);
  peg_encoding *e = encode(b);
  int64_t base = 2 * most * T + N * (T + 1);
  assert_int_equal(peg_encoding_atoms(e), base);
  assert_true(base + T * amo_atoms(PEG_AMO_SEQUENTIAL, 2 * most) > INT_MAX);
  assert_true(base + T * amo_atoms(PEG_AMO_PRODUCT, 2 * most) > INT_MAX);
  assert_true(base + T * amo_atoms(PEG_AMO_COMMANDER, 2 * most) > INT_MAX);
  try_every_amo(e, PEG_AMO_PAIRWISE, base, 2 * most, T);
  peg_encoding_free(e);
  peg_board_free(b);

  /* 800 triples fewer: J = 2 * (most - 800), a grid of 721 by 720 */
  int64_t fewer = most - 800, J = 2 * fewer;
  b = many_triples(fewer);
  e = encode(b);
  base = J * T + N * (T + 1);
  assert_int_equal(amo_atoms(PEG_AMO_PRODUCT, J), 1441);
  assert_true(base + 1441 * T <= INT_MAX);
  assert_true(base + T * amo_atoms(PEG_AMO_SEQUENTIAL, J) > INT_MAX);
  assert_true(base + T * amo_atoms(PEG_AMO_COMMANDER, J) > INT_MAX);
  assert_int_equal(peg_encoding_set_option(e, "at_most_one", PEG_AMO_PRODUCT),
                   0);
  try_every_amo(e, PEG_AMO_PRODUCT, base, J, T);
  char name[64];
  assert_true(peg_atom_name(e, peg_encoding_atoms(e), name, sizeof name) > 0);
  snprintf(name, sizeof name, "Col(720,%d)", (int)T);
  assert_int_equal(peg_atom_lookup(e, name), peg_encoding_atoms(e));
  peg_encoding_free(e);
  peg_board_free(b);
}

/* ---- the clauses themselves, against the table ---- */

/* The numbering of docs/encoding.md. */
static int jump_atom(int J, int t, int d, int i) {
  return (i - 1) * J + 2 * t + d + 1;
}
static int peg_atom(int J, int T, int N, int h, int i) {
  return J * T + (i - 1) * N + h;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* A clause as a canonical string: sorted literals. */
static char *canon(const int *lits, size_t n) {
  int *s = malloc((n ? n : 1) * sizeof *s);
  assert_non_null(s);
  if (n)
    memcpy(s, lits, n * sizeof *s);
  qsort(s, n, sizeof *s, cmp_int);
  char *out = malloc(12 * n + 2);
  assert_non_null(out);
  size_t len = 0;
  for (size_t i = 0; i < n; i++)
    len += (size_t)sprintf(out + len, "%d ", s[i]);
  out[len] = '\0';
  free(s);
  return out;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The clauses the table prescribes, kind by kind (in order), built from
 * the board through its queries only. */
typedef struct expected {
  cnf kinds[10];
  const char *names[10];
  int num_kinds;
} expected;

static cnf *kind(expected *x, const char *name) {
  x->names[x->num_kinds] = name;
  cnf *f = &x->kinds[x->num_kinds++];
  memset(f, 0, sizeof *f);
  return f;
}

static void build_expected(const peg_board *b, int T, int at_least_one,
                           expected *x) {
  int N = peg_board_holes(b), J = 2 * (int)peg_board_num_triples(b);
  int(*jumps)[3] = malloc((size_t)(J ? J : 1) * sizeof *jumps);
  assert_non_null(jumps);
  for (int t = 0; t < J / 2; t++) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, (size_t)t, abc), 0);
    jumps[2 * t][0] = abc[0]; /* forward: a -> c over b */
    jumps[2 * t][1] = abc[1];
    jumps[2 * t][2] = abc[2];
    jumps[2 * t + 1][0] = abc[2]; /* backward: c -> a over b */
    jumps[2 * t + 1][1] = abc[1];
    jumps[2 * t + 1][2] = abc[0];
  }
  memset(x, 0, sizeof *x);
  int *c = malloc((size_t)(2 * J + 2 * N + 4) * sizeof *c);
  assert_non_null(c);
#define JUMP(k, i) jump_atom(J, (k) / 2, (k) % 2, i)
#define PEG(h, i) peg_atom(J, T, N, h, i)
  cnf *f = kind(x, "1 precondition");
  for (int i = 1; i <= T; i++)
    for (int k = 0; k < J; k++) {
      c[0] = -JUMP(k, i);
      c[1] = PEG(jumps[k][0], i);
      collect(f, c, 2);
      c[1] = PEG(jumps[k][1], i);
      collect(f, c, 2);
      c[1] = -PEG(jumps[k][2], i);
      collect(f, c, 2);
    }
  f = kind(x, "2 effect");
  for (int i = 1; i <= T; i++)
    for (int k = 0; k < J; k++) {
      c[0] = -JUMP(k, i);
      c[1] = -PEG(jumps[k][0], i + 1);
      collect(f, c, 2);
      c[1] = -PEG(jumps[k][1], i + 1);
      collect(f, c, 2);
      c[1] = PEG(jumps[k][2], i + 1);
      collect(f, c, 2);
    }
  f = kind(x, "3A frame, losing");
  for (int i = 1; i <= T; i++)
    for (int h = 1; h <= N; h++) {
      size_t n = 0;
      c[n++] = -PEG(h, i);
      c[n++] = PEG(h, i + 1);
      for (int k = 0; k < J; k++)
        if (jumps[k][0] == h || jumps[k][1] == h)
          c[n++] = JUMP(k, i);
      collect(f, c, n);
    }
  f = kind(x, "3B frame, gaining");
  for (int i = 1; i <= T; i++)
    for (int h = 1; h <= N; h++) {
      size_t n = 0;
      c[n++] = PEG(h, i);
      c[n++] = -PEG(h, i + 1);
      for (int k = 0; k < J; k++)
        if (jumps[k][2] == h)
          c[n++] = JUMP(k, i);
      collect(f, c, n);
    }
  f = kind(x, "4A at most one jump");
  for (int i = 1; i <= T; i++)
    for (int k = 0; k < J; k++)
      for (int l = k + 1; l < J; l++) {
        c[0] = -JUMP(k, i);
        c[1] = -JUMP(l, i);
        collect(f, c, 2);
      }
  if (at_least_one) {
    f = kind(x, "4B at least one jump");
    for (int i = 1; i <= T; i++) {
      for (int k = 0; k < J; k++)
        c[k] = JUMP(k, i);
      collect(f, c, (size_t)J);
    }
  }
  if (peg_board_start(b, 1) == -1) {
    f = kind(x, "5' free start");
    for (int h = 1; h <= N; h++)
      c[h - 1] = -PEG(h, 1);
    collect(f, c, (size_t)N);
    for (int h = 1; h <= N; h++)
      for (int k = h + 1; k <= N; k++) {
        c[0] = PEG(h, 1);
        c[1] = PEG(k, 1);
        collect(f, c, 2);
      }
  } else {
    f = kind(x, "5 start");
    for (int h = 1; h <= N; h++) {
      c[0] = peg_board_start(b, h) ? PEG(h, 1) : -PEG(h, 1);
      collect(f, c, 1);
    }
  }
  if (peg_board_goal(b, 1) == -1) {
    f = kind(x, "6 one peg at the end");
    for (int h = 1; h <= N; h++)
      c[h - 1] = PEG(h, T + 1);
    collect(f, c, (size_t)N);
    for (int h = 1; h <= N; h++)
      for (int k = h + 1; k <= N; k++) {
        c[0] = -PEG(h, T + 1);
        c[1] = -PEG(k, T + 1);
        collect(f, c, 2);
      }
  } else {
    f = kind(x, "6' the goal");
    for (int h = 1; h <= N; h++) {
      c[0] = peg_board_goal(b, h) ? PEG(h, T + 1) : -PEG(h, T + 1);
      collect(f, c, 1);
    }
  }
#undef JUMP
#undef PEG
  free(c);
  free(jumps);
}

/* The emitted clauses are, block by block in the table's order, the same
 * multiset of clauses (literal order within a clause and clause order
 * within a block are free). */
static void compare_with_table(const char *what, const peg_board *b,
                               int at_least_one) {
  peg_encoding *e = encode(b);
  /* the table numbers the atoms as docs/encoding.md does: hole_order 0 */
  assert_int_equal(peg_encoding_set_option(e, "hole_order", 0), 0);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", at_least_one), 0);
  int T = peg_encoding_steps(e);
  CHECK(T == peg_board_start_pegs(b) - peg_board_goal_pegs(b),
        "%s: T = %d is not S - G", what, T);
  expected x;
  build_expected(b, T, at_least_one, &x);
  cnf got;
  emit_all(e, &got);
  size_t total = 0;
  for (int k = 0; k < x.num_kinds; k++)
    total += x.kinds[k].num;
  CHECK(got.num == total, "%s: %zu clauses emitted, the table gives %zu", what,
        got.num, total);
  CHECK((int64_t)total == peg_encoding_clauses(e),
        "%s: peg_encoding_clauses says %lld, the table %zu", what,
        (long long)peg_encoding_clauses(e), total);
  size_t at = 0;
  for (int k = 0; k < x.num_kinds; k++) {
    cnf *f = &x.kinds[k];
    size_t n = f->num;
    char **want = malloc((n ? n : 1) * sizeof *want);
    char **have = malloc((n ? n : 1) * sizeof *have);
    assert_non_null(want);
    assert_non_null(have);
    for (size_t i = 0; i < n; i++) {
      want[i] = canon(f->lits + f->start[i], f->start[i + 1] - f->start[i]);
      have[i] = canon(got.lits + got.start[at + i],
                      got.start[at + i + 1] - got.start[at + i]);
    }
    qsort(want, n, sizeof *want, cmp_str);
    qsort(have, n, sizeof *have, cmp_str);
    for (size_t i = 0; i < n; i++)
      CHECK(strcmp(want[i], have[i]) == 0,
            "%s: clauses of kind %s (emitted %zu..%zu) differ: expected "
            "[%s], got [%s]",
            what, x.names[k], at + 1, at + n, want[i], have[i]);
    for (size_t i = 0; i < n; i++) {
      free(want[i]);
      free(have[i]);
    }
    free(want);
    free(have);
    at += n;
    cnf_free(f);
  }
  cnf_free(&got);
  peg_encoding_free(e);
}

static void test_clauses_as_table(void **state) {
  (void)state;
  for (int empty = 0; empty <= 4; empty++) {
    peg_board *b = four_hole(empty);
    compare_with_table("4-hole", b, 1);
    compare_with_table("4-hole, no at_least_one", b, 0);
    const int goal[] = {4};
    assert_int_equal(peg_board_set_goal(b, goal, 1), 0);
    compare_with_table("4-hole, goal 4", b, 1);
    peg_board_free(b);
  }
  peg_board *b = named("triangle4", 1);
  compare_with_table("triangle4", b, 1);
  assert_int_equal(peg_board_set_empty(b, 0), 0);
  compare_with_table("triangle4 free start", b, 1);
  compare_with_table("triangle4 free start, no at_least_one", b, 0);
  const int goal[] = {7, 10};
  assert_int_equal(peg_board_set_goal(b, goal, 2), 0);
  compare_with_table("triangle4 free start, goal 7 10", b, 1);
  peg_board_free(b);

  b = named("triangle5", 5);
  const int start[] = {2, 4, 5, 6, 7, 8, 9}, goal11[] = {11};
  assert_int_equal(peg_board_set_start(b, start, 7), 0);
  assert_int_equal(peg_board_set_goal(b, goal11, 1), 0);
  compare_with_table("triangle5 start/goal", b, 1);
  peg_board_free(b);

  b = four_hole(1);
  const int one[] = {3};
  assert_int_equal(peg_board_set_start(b, one, 1), 0);
  compare_with_table("4-hole, one peg", b, 1);
  peg_board_free(b);

  b = named("triangle2", 1);
  compare_with_table("triangle2 (no triple)", b, 1);
  compare_with_table("triangle2 (no triple), no at_least_one", b, 0);
  peg_board_free(b);
}

/* ---- atoms: numbers and names ---- */

/* The atoms of b's encoding with the option hole_order: with 0, each Jump
 * and Peg atom has the number the formulas of docs/encoding.md give; with
 * 1, the numbers of the board renumbered, so only the blocks are known
 * (the Jump atoms of time I are (I-1)J+1..IJ, two to a triple, the Peg
 * atoms of time I J*T+(I-1)N+1..J*T+IN).  Either way every atom 1..A is
 * numbered once, and its name, in the board's own holes, looks up to it. */
static void check_numbering(const char *what, const peg_board *b,
                            int hole_order) {
  peg_encoding *e = encode(b);
  assert_int_equal(peg_encoding_set_option(e, "hole_order", hole_order), 0);
  int N = peg_board_holes(b), J = 2 * (int)peg_board_num_triples(b);
  int T = peg_encoding_steps(e), A = peg_encoding_atoms(e);
  CHECK(A == J * T + N * (T + 1), "%s: %d atoms, J*T + N*(T+1) = %d", what, A,
        J * T + N * (T + 1));
  unsigned char *seen = calloc((size_t)A + 1, 1);
  assert_non_null(seen);
  char name[64], buf[64];
  for (int i = 1; i <= T; i++)
    for (int t = 0; t < J / 2; t++)
      for (int d = 0; d < 2; d++) {
        int abc[3];
        assert_int_equal(peg_board_triple(b, (size_t)t, abc), 0);
        int from = d ? abc[2] : abc[0], to = d ? abc[0] : abc[2];
        int want = jump_atom(J, t, d, i);
        int got = peg_atom_jump(e, from, abc[1], to, i);
        if (hole_order) {
          CHECK(got > (i - 1) * J && got <= i * J,
                "%s: Jump(%d,%d,%d,%d) is %d, not in %d..%d", what, from,
                abc[1], to, i, got, (i - 1) * J + 1, i * J);
          want = got;
        }
        CHECK(got == want, "%s: Jump(%d,%d,%d,%d) is %d, expected %d", what,
              from, abc[1], to, i, got, want);
        seen[want]++;
        int len = snprintf(name, sizeof name, "Jump(%d,%d,%d,%d)", from, abc[1],
                           to, i);
        int n = peg_atom_name(e, want, buf, sizeof buf);
        CHECK(n == len && strcmp(buf, name) == 0,
              "%s: atom %d is called '%s' (%d), expected '%s'", what, want, buf,
              n, name);
        CHECK(peg_atom_lookup(e, name) == want, "%s: lookup of %s gave %d",
              what, name, peg_atom_lookup(e, name));
      }
  for (int i = 1; i <= T + 1; i++)
    for (int h = 1; h <= N; h++) {
      int want = peg_atom(J, T, N, h, i);
      int got = peg_atom_peg(e, h, i);
      if (hole_order) {
        CHECK(got > J * T + (i - 1) * N && got <= J * T + i * N,
              "%s: Peg(%d,%d) is %d, not in %d..%d", what, h, i, got,
              J * T + (i - 1) * N + 1, J * T + i * N);
        want = got;
      }
      CHECK(got == want, "%s: Peg(%d,%d) is %d, expected %d", what, h, i, got,
            want);
      seen[want]++;
      int len = snprintf(name, sizeof name, "Peg(%d,%d)", h, i);
      int n = peg_atom_name(e, want, buf, sizeof buf);
      CHECK(n == len && strcmp(buf, name) == 0,
            "%s: atom %d is called '%s' (%d), expected '%s'", what, want, buf,
            n, name);
      CHECK(peg_atom_lookup(e, name) == want, "%s: lookup of %s gave %d", what,
            name, peg_atom_lookup(e, name));
    }
  /* every atom 1..A is numbered exactly once */
  for (int a = 1; a <= A; a++)
    CHECK(seen[a] == 1, "%s: atom %d numbered %d times", what, a, seen[a]);
  free(seen);
  /* a triple's two jumps are atoms 2k+1 and 2k+2 of a step (testutil's
   * encoding_triples checks), with hole_order 0 triple k and its ends as
   * the board lists them */
  int(*order)[3] = malloc((size_t)(J / 2 + 1) * sizeof *order);
  assert_non_null(order);
  encoding_triples(e, order);
  for (int t = 0; t < J / 2 && !hole_order; t++) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, (size_t)t, abc), 0);
    CHECK(memcmp(abc, order[t], sizeof abc) == 0,
          "%s: triple %d is %d %d %d in the jump order", what, t, order[t][0],
          order[t][1], order[t][2]);
  }
  free(order);

  /* out of range */
  CHECK(peg_atom_peg(e, 1, 0) == PEG_EATOM, "%s: Peg(1,0)", what);
  CHECK(peg_atom_peg(e, 1, T + 2) == PEG_EATOM, "%s: Peg(1,T+2)", what);
  CHECK(peg_atom_peg(e, 0, 1) == PEG_EATOM, "%s: Peg(0,1)", what);
  CHECK(peg_atom_peg(e, N + 1, 1) == PEG_EATOM, "%s: Peg(N+1,1)", what);
  CHECK(peg_atom_peg(e, -1, 1) == PEG_EATOM, "%s: Peg(-1,1)", what);
  CHECK(peg_atom_name(e, 0, buf, sizeof buf) == PEG_EATOM, "%s: atom 0", what);
  CHECK(peg_atom_name(e, -1, buf, sizeof buf) == PEG_EATOM, "%s: atom -1",
        what);
  CHECK(peg_atom_name(e, A + 1, buf, sizeof buf) == PEG_EATOM, "%s: atom A+1",
        what);
  CHECK(peg_atom_name(e, INT_MIN, buf, sizeof buf) == PEG_EATOM,
        "%s: atom INT_MIN", what);
  snprintf(name, sizeof name, "Peg(1,%d)", T + 2);
  CHECK(peg_atom_lookup(e, name) == PEG_EATOM, "%s: lookup %s", what, name);
  snprintf(name, sizeof name, "Peg(%d,1)", N + 1);
  CHECK(peg_atom_lookup(e, name) == PEG_EATOM, "%s: lookup %s", what, name);
  if (J > 0) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, 0, abc), 0);
    CHECK(peg_atom_jump(e, abc[0], abc[1], abc[2], 0) == PEG_EATOM,
          "%s: jump at time 0", what);
    CHECK(peg_atom_jump(e, abc[0], abc[1], abc[2], T + 1) == PEG_EATOM,
          "%s: jump at time T+1", what);
    CHECK(peg_atom_jump(e, abc[2], abc[1], abc[0], T + 1) == PEG_EATOM,
          "%s: backward jump at time T+1", what);
    /* the middle hole is never an end */
    CHECK(peg_atom_jump(e, abc[1], abc[0], abc[2], 1) == PEG_EATOM || T == 0,
          "%s: (%d,%d,%d) is not a jump", what, abc[1], abc[0], abc[2]);
    snprintf(name, sizeof name, "Jump(%d,%d,%d,%d)", abc[0], abc[1], abc[2],
             T + 1);
    CHECK(peg_atom_lookup(e, name) == PEG_EATOM, "%s: lookup %s", what, name);
    snprintf(name, sizeof name, "Jump(%d,%d,%d,0)", abc[0], abc[1], abc[2]);
    CHECK(peg_atom_lookup(e, name) == PEG_EATOM, "%s: lookup %s", what, name);
  }
  peg_encoding_free(e);
}

static void test_numbering(void **state) {
  (void)state;
  for (int order = 0; order <= 1; order++) {
    for (int empty = 0; empty <= 4; empty++) {
      peg_board *b = four_hole(empty);
      check_numbering("4-hole", b, order);
      peg_board_free(b);
    }
    peg_board *b = named("triangle4", 0);
    check_numbering("triangle4", b, order);
    const int goal[] = {1, 2, 3};
    assert_int_equal(peg_board_set_goal(b, goal, 3), 0);
    check_numbering("triangle4, goal of 3", b, order);
    peg_board_free(b);
    b = named("english", 17);
    check_numbering("english", b, order);
    peg_board_free(b);
    b = four_hole(1);
    const int one[] = {2};
    assert_int_equal(peg_board_set_start(b, one, 1), 0);
    check_numbering("4-hole, T = 0", b, order);
    peg_board_free(b);
  }
}

/* Worked examples on the 4-hole board: J = 8, T = 2, N = 4, in the
 * documented numbering of the board's own holes (hole_order 0). */
static void test_numbering_by_hand(void **state) {
  (void)state;
  peg_board *b = four_hole(1);
  peg_encoding *e = encode(b);
  assert_int_equal(peg_encoding_set_option(e, "hole_order", 0), 0);
  /* triple 0 = 1 2 3: Jump(1,2,3,1) = 0*8 + 0 + 0 + 1 = 1,
   * Jump(3,2,1,1) = 2; triple 3 = 4 1 2: Jump(2,1,4,2) = 8 + 6 + 1 + 1 =
   * 16; Peg(1,1) = 8*2 + 0 + 1 = 17; Peg(4,3) = 16 + 2*4 + 4 = 28. */
  assert_int_equal(peg_atom_jump(e, 1, 2, 3, 1), 1);
  assert_int_equal(peg_atom_jump(e, 3, 2, 1, 1), 2);
  assert_int_equal(peg_atom_jump(e, 2, 3, 4, 1), 3);
  assert_int_equal(peg_atom_jump(e, 4, 1, 2, 2), 15);
  assert_int_equal(peg_atom_jump(e, 2, 1, 4, 2), 16);
  assert_int_equal(peg_atom_peg(e, 1, 1), 17);
  assert_int_equal(peg_atom_peg(e, 4, 1), 20);
  assert_int_equal(peg_atom_peg(e, 1, 2), 21);
  assert_int_equal(peg_atom_peg(e, 4, 3), 28);
  assert_int_equal(peg_atom_lookup(e, "Jump(2,1,4,2)"), 16);
  assert_int_equal(peg_atom_lookup(e, "Peg(4,3)"), 28);
  /* not jumps of this board */
  assert_int_equal(peg_atom_jump(e, 1, 3, 2, 1), PEG_EATOM);
  assert_int_equal(peg_atom_jump(e, 1, 2, 4, 1), PEG_EATOM);
  assert_int_equal(peg_atom_jump(e, 1, 1, 1, 1), PEG_EATOM);
  assert_int_equal(peg_atom_jump(e, 0, 2, 3, 1), PEG_EATOM);
  assert_int_equal(peg_atom_jump(e, 1, 2, 5, 1), PEG_EATOM);
  /* times: jumps 1..T, pegs 1..T+1 */
  assert_int_equal(peg_atom_jump(e, 1, 2, 3, 0), PEG_EATOM);
  assert_int_equal(peg_atom_jump(e, 1, 2, 3, 3), PEG_EATOM);
  assert_int_equal(peg_atom_jump(e, 1, 2, 3, -1), PEG_EATOM);
  assert_int_equal(peg_atom_peg(e, 1, 3), 25);
  assert_int_equal(peg_atom_peg(e, 1, 4), PEG_EATOM);
  assert_int_equal(peg_atom_peg(e, 1, 0), PEG_EATOM);

  /* names, cut as snprintf cuts */
  char buf[32];
  memset(buf, 'x', sizeof buf);
  assert_int_equal(peg_atom_name(e, 16, buf, 5), 13); /* Jump(2,1,4,2) */
  assert_string_equal(buf, "Jump");
  assert_int_equal(peg_atom_name(e, 16, buf, 14), 13);
  assert_string_equal(buf, "Jump(2,1,4,2)");
  assert_int_equal(peg_atom_name(e, 16, buf, 13), 13);
  assert_string_equal(buf, "Jump(2,1,4,2");
  memset(buf, 'x', sizeof buf);
  assert_int_equal(peg_atom_name(e, 28, buf, 1), 8); /* Peg(4,3) */
  assert_int_equal(buf[0], '\0');
  assert_int_equal(buf[1], 'x');
  memset(buf, 'x', sizeof buf);
  assert_int_equal(peg_atom_name(e, 28, buf, 0), 8);
  assert_int_equal(buf[0], 'x');
  assert_int_equal(peg_atom_name(e, 28, NULL, 0), 8);
  assert_int_equal(peg_atom_name(e, 29, buf, sizeof buf), PEG_EATOM);

  /* malformed names */
  const char *bad[] = {"",
                       "Peg",
                       "Peg()",
                       "Peg(1)",
                       "Peg(1,1",
                       "Peg(1,1))",
                       "Peg(1,1) ",
                       " Peg(1,1)",
                       "Peg( 1,1)",
                       "Peg(1, 1)",
                       "Peg(1,1)x",
                       "peg(1,1)",
                       "PEG(1,1)",
                       "Peg(1;1)",
                       "Peg(,1)",
                       "Peg(1,)",
                       "Peg(-1,1)",
                       "Peg(1,-1)",
                       "Peg(x,1)",
                       "Peg(1,1,1)",
                       "Peg(4294967297,1)",
                       "Peg(1,4294967297)",
                       "Jump(1,2,3)",
                       "Jump(1,2,3,1,1)",
                       "Jump(1,2,3,1",
                       "Jump(1,2,3, 1)",
                       "Jump(1,3,2,1)",
                       "Jump(1,2,3,4294967297)",
                       "Jump1,2,3,1)",
                       "Jmp(1,2,3,1)",
                       "Peg(1,1)\n",
                       "17"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    CHECK(peg_atom_lookup(e, bad[i]) == PEG_EATOM, "lookup of '%s' gave %d",
          bad[i], peg_atom_lookup(e, bad[i]));
  peg_encoding_free(e);
  peg_board_free(b);
}

/* ---- options, errors, ownership ---- */

static void test_options(void **state) {
  (void)state;
  peg_board *b = four_hole(1);
  peg_encoding *e = encode(b);
  int v = -7;
  assert_int_equal(peg_encoding_get_option(e, "at_least_one", &v), 0);
  assert_int_equal(v, 1);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", 0), 0);
  assert_int_equal(peg_encoding_get_option(e, "at_least_one", &v), 0);
  assert_int_equal(v, 0);
  assert_int_equal(peg_encoding_clauses(e), 179);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", 2), PEG_EOPTION);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", -1), PEG_EOPTION);
  assert_int_equal(peg_encoding_get_option(e, "at_least_one", &v), 0);
  assert_int_equal(v, 0); /* unchanged by a refused value */
  assert_int_equal(peg_encoding_set_option(e, "at_least_once", 1), PEG_EOPTION);
  assert_int_equal(peg_encoding_set_option(e, "", 1), PEG_EOPTION);
  assert_int_equal(peg_encoding_set_option(e, "AT_LEAST_ONE", 1), PEG_EOPTION);
  assert_int_equal(peg_encoding_get_option(e, "heuristic", &v), PEG_EOPTION);
  assert_int_equal(peg_encoding_get_option(e, "at_least_one ", &v),
                   PEG_EOPTION);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", 1), 0);
  assert_int_equal(peg_encoding_clauses(e), 181);
  peg_encoding_free(e);
  peg_board_free(b);
}

static void test_new_errors(void **state) {
  (void)state;
  peg_board *b = four_hole(1);
  const int start[] = {1, 2}, goal[] = {1, 2, 3};
  assert_int_equal(peg_board_set_start(b, start, 2), 0);
  assert_int_equal(peg_board_set_goal(b, goal, 3), 0);
  int err = 0;
  assert_null(peg_encoding_new(b, &err));
  assert_int_equal(err, PEG_EGOAL);
  assert_null(peg_encoding_new(b, NULL));
  peg_board_free(b);

  /* a layout with a hole unplaced */
  b = four_hole(1);
  assert_int_equal(peg_board_set_layout(b, PEG_LAYOUT_SQUARE), 0);
  assert_int_equal(peg_board_set_position(b, 1, 1, 1), 0);
  err = 0;
  assert_null(peg_encoding_new(b, &err));
  assert_int_equal(err, PEG_EPOSITION);
  peg_board_free(b);

  /* triangle1: no peg for the one-peg goal */
  b = named("triangle1", 1);
  err = 0;
  assert_null(peg_encoding_new(b, &err));
  assert_int_equal(err, PEG_EGOAL);
  peg_board_free(b);

  peg_encoding_free(NULL);
}

/* The encoding keeps its own copy of the board. */
static void test_own_copy(void **state) {
  (void)state;
  peg_board *b = named("triangle4", 2);
  peg_encoding *e = encode(b);
  assert_int_equal(peg_board_add_triple(b, 1, 5, 10), 0);
  assert_int_equal(peg_board_set_empty(b, 0), 0);
  peg_board_free(b);
  const peg_board *c = peg_encoding_board(e);
  assert_non_null(c);
  assert_int_equal(peg_board_holes(c), 10);
  assert_int_equal(peg_board_num_triples(c), 9);
  assert_int_equal(peg_board_start(c, 2), 0);
  assert_int_equal(peg_board_start(c, 1), 1);
  assert_int_equal(peg_board_layout(c), PEG_LAYOUT_TRIANGLE);
  assert_int_equal(peg_encoding_atoms(e), 234);
  cnf f;
  emit_all(e, &f);
  assert_int_equal(f.num, 2312);
  cnf_free(&f);
  peg_encoding_free(e);
}

/* A non-zero return from the callback stops emit at once and comes back
 * unchanged. */
typedef struct stopper {
  size_t calls, stop_at;
  int value;
} stopper;

static int stop_cb(void *ctx, const int *lits, size_t n) {
  stopper *s = ctx;
  assert_non_null(lits);
  assert_true(n > 0);
  s->calls++;
  return s->calls == s->stop_at ? s->value : 0;
}

static void test_emit_stop(void **state) {
  (void)state;
  peg_board *b = four_hole(1);
  peg_encoding *e = encode(b);
  const struct {
    size_t at;
    int value;
  } cases[] = {{1, 1},    {5, 7},         {48, -42},       {49, INT_MAX},
               {170, -2}, {181, INT_MIN}, {100, PEG_EPLAY}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    stopper s = {0, cases[i].at, cases[i].value};
    int rc = peg_encoding_emit(e, stop_cb, &s);
    CHECK(rc == cases[i].value, "stop at %zu with %d: emit gave %d",
          cases[i].at, cases[i].value, rc);
    CHECK(s.calls == cases[i].at, "stop at %zu: %zu calls", cases[i].at,
          s.calls);
  }
  /* never stopped: every clause, 0 */
  stopper s = {0, 0, 9};
  assert_int_equal(peg_encoding_emit(e, stop_cb, &s), 0);
  assert_int_equal(s.calls, 181);
  /* emit can be called again and gives the same clauses */
  cnf f1, f2;
  emit_all(e, &f1);
  emit_all(e, &f2);
  assert_int_equal(f1.num, f2.num);
  assert_int_equal(f1.num_lits, f2.num_lits);
  assert_memory_equal(f1.lits, f2.lits, f1.num_lits * sizeof *f1.lits);
  cnf_free(&f1);
  cnf_free(&f2);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* ---- the semantic test ---- */

static int add_to_solver(void *ctx, const int *lits, size_t n) {
  return dpll_add_clause(ctx, lits, n);
}

/* The jump of each Jump atom, by peg_atom_jump: jump_of[a] for the atoms
 * of time i, (i-1)J+1..iJ (checked), J*T+1 entries (malloc'd). */
static peg_jump *jumps_of_atoms(const char *what, const peg_encoding *e) {
  const peg_board *b = peg_encoding_board(e);
  int J = 2 * (int)peg_board_num_triples(b), T = peg_encoding_steps(e);
  peg_jump *jump_of = calloc((size_t)(J * T + 1), sizeof *jump_of);
  assert_non_null(jump_of);
  for (int i = 1; i <= T; i++)
    for (int t = 0; t < J / 2; t++)
      for (int d = 0; d < 2; d++) {
        int abc[3];
        assert_int_equal(peg_board_triple(b, (size_t)t, abc), 0);
        peg_jump x = {abc[d ? 2 : 0], abc[1], abc[d ? 0 : 2]};
        int a = peg_atom_jump(e, x.from, x.over, x.to, i);
        CHECK(a > (i - 1) * J && a <= i * J && jump_of[a].from == 0,
              "%s: Jump(%d,%d,%d,%d) is atom %d", what, x.from, x.over, x.to, i,
              a);
        jump_of[a] = x;
      }
  return jump_of;
}

/* Enumerates every model of b's clauses with libdpll (each found model is
 * blocked whole, all atoms) and checks each against pegcheck: exactly one
 * Jump atom true per time step, the jumps (read through peg_atom_jump's
 * numbers) a legal play from the start to the goal, the Peg atoms
 * (peg_atom_peg) the positions that play passes through, and no play
 * found twice.  The number of models must be pegcheck's number of plays. */
/* redundant: 0 the seed's exact encoding, 1 the defaults (redundant
 * clauses), 2, 3, 4 the exact one with the sequential, product or
 * commander at-most-one; hole_order the option. */
static void enumerate_mode(const char *what, const peg_board *b,
                           const pc_board *pc, int at_least_one, int redundant,
                           int hole_order) {
  peg_encoding *e = redundant == 1 ? encode_default(b) : encode(b);
  if (redundant >= 2)
    assert_int_equal(peg_encoding_set_option(e, "at_most_one", redundant - 1),
                     0);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", at_least_one), 0);
  assert_int_equal(peg_encoding_set_option(e, "hole_order", hole_order), 0);
  int N = peg_board_holes(b), J = 2 * (int)peg_board_num_triples(b);
  int T = peg_encoding_steps(e), A = peg_encoding_atoms(e);
  CHECK(N == pc->holes, "%s: boards differ", what);
  peg_jump *jump_of = jumps_of_atoms(what, e);
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  /* The activity heuristic enumerates these models some 20 to 60 times
   * faster than Jeroslow-Wang; the answers are the same. */
  assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_ACTIVITY), 0);
  assert_int_equal(peg_encoding_emit(e, add_to_solver, s), 0);
  CHECK(dpll_num_vars(s) == A, "%s: the clauses mention atoms up to %d, of %d",
        what, dpll_num_vars(s), A);
  uint64_t plays = pc_count_plays(pc);
  if (redundant == 1) {
    /* The library's defaults: the models are the plays in canonical
     * order (position classes only rule out final holes that no play
     * reaches, so they remove none).  pegcheck counts those, reading
     * the board from its text with the triples put in the order of the
     * encoding's Jump atoms, so that the jumps have the same numbers. */
    size_t size;
    char *text = peg_board_text(b, &size), why[200];
    pc_board same;
    assert_non_null(text);
    CHECK(pc_board_read(text, size, &same, why, sizeof why),
          "%s: pegcheck cannot read the board: %s", what, why);
    assert_int_equal(same.num_triples, J / 2);
    encoding_triples(e, same.triples);
    plays = pc_count(&same, 1);
    pc_board_free(&same);
    free(text);
  }
  int(*jumps)[3] = malloc((size_t)(T ? T : 1) * sizeof *jumps);
  int *seen = NULL; /* the plays found, T*3 ints each */
  int *block = malloc((size_t)A * sizeof *block);
  unsigned char *pegs = malloc((size_t)N + 1);
  assert_non_null(jumps);
  assert_non_null(block);
  assert_non_null(pegs);
  uint64_t models = 0;
  for (;;) {
    int r = dpll_solve(s);
    if (r == DPLL_UNSAT)
      break;
    CHECK(r == DPLL_SAT, "%s: dpll_solve gave %d", what, r);
    CHECK(models < plays, "%s: more models than the %llu plays", what,
          (unsigned long long)plays);
    /* the jumps, by the atoms' numbers */
    for (int i = 1; i <= T; i++) {
      int found = 0;
      for (int k = 0; k < J; k++)
        if (dpll_model(s, (i - 1) * J + k + 1) == 1) {
          found++;
          peg_jump x = jump_of[(i - 1) * J + k + 1];
          jumps[i - 1][0] = x.from;
          jumps[i - 1][1] = x.over;
          jumps[i - 1][2] = x.to;
        }
      CHECK(found == 1, "%s: model %llu has %d jumps at time %d", what,
            (unsigned long long)models + 1, found, i);
    }
    char why[200] = "";
    CHECK(pc_replay(pc, (const int(*)[3])jumps, T, why, sizeof why),
          "%s: model %llu is not a legal play: %s", what,
          (unsigned long long)models + 1, why);
    /* the Peg atoms follow the play */
    for (int h = 1; h <= N; h++)
      pegs[h] = pc->free_start ? (T == 0 || h != jumps[0][2]) : pc->start[h];
    for (int i = 1; i <= T + 1; i++) {
      for (int h = 1; h <= N; h++)
        CHECK(dpll_model(s, peg_atom_peg(e, h, i)) == pegs[h],
              "%s: model %llu: Peg(%d,%d) is %d, the play says %d", what,
              (unsigned long long)models + 1, h, i,
              dpll_model(s, peg_atom_peg(e, h, i)), pegs[h]);
      if (i <= T) {
        pegs[jumps[i - 1][0]] = pegs[jumps[i - 1][1]] = 0;
        pegs[jumps[i - 1][2]] = 1;
      }
    }
    /* a play not seen before */
    for (uint64_t m = 0; m < models; m++)
      CHECK(T == 0 || memcmp(seen + m * 3 * (size_t)T, jumps,
                             3 * (size_t)T * sizeof(int)) != 0,
            "%s: play found twice", what);
    seen = realloc(seen, (size_t)(models + 1) * 3 * (size_t)(T ? T : 1) *
                             sizeof(int));
    assert_non_null(seen);
    if (T)
      memcpy(seen + models * 3 * (size_t)T, jumps, 3 * (size_t)T * sizeof(int));
    models++;
    for (int a = 1; a <= A; a++)
      block[a - 1] = dpll_model(s, a) == 1 ? -a : a;
    assert_int_equal(dpll_add_clause(s, block, (size_t)A), 0);
  }
  print_message("%-40s T = %d, %5d atoms: %llu models, %llu %splays%s\n", what,
                T, A, (unsigned long long)models, (unsigned long long)plays,
                redundant == 1 ? "canonical " : "",
                hole_order ? "" : " (hole_order 0)");
  CHECK(models == plays, "%s: %llu models, %llu plays", what,
        (unsigned long long)models, (unsigned long long)plays);
  free(seen);
  free(block);
  free(pegs);
  free(jumps);
  free(jump_of);
  dpll_free(s);
  peg_encoding_free(e);
}

/* Both encodings: the seed's exact one, and the default with the
 * redundant clauses, with the default hole_order 1; the default encoding
 * also with hole_order 0, whose jump order (so whose canonical plays)
 * differs. */
static void enumerate(const char *what, const peg_board *b, const pc_board *pc,
                      int at_least_one) {
  enumerate_mode(what, b, pc, at_least_one, 0, 1);
  enumerate_mode(what, b, pc, at_least_one, 1, 1);
  enumerate_mode(what, b, pc, at_least_one, 1, 0);
  /* The counter's and the product's atoms follow from the jumps only when
   * some jump happens at every step: without at_least_one they multiply
   * the models.  The commanders always follow. */
  if (at_least_one) {
    enumerate_mode(what, b, pc, at_least_one, 2, 1);
    enumerate_mode(what, b, pc, at_least_one, 3, 1);
  }
  enumerate_mode(what, b, pc, at_least_one, 4, 1);
}

/* Whether every puzzle is enumerated in every encoding: from scale 100
 * (tests/tier.h).  Below (the sanitizer build's quick tier, where this is
 * most of the test's time) the larger puzzles (enumerate_large) are
 * enumerated in the default encoding only, with both hole orders, and
 * triangle4 from one vacancy of each kind; the exact and the at-most-one
 * encodings are still enumerated on puzzles of every kind: a free start
 * with and without at_least_one (the 4-hole board, triangle3), a vacancy,
 * given starts and goals (triangle4, the 4-hole board). */
static bool every_puzzle(void) { return tier_scale() >= 100; }

/* enumerate, on a larger puzzle: in the default encoding only (both hole
 * orders) below scale 100. */
static void enumerate_large(const char *what, const peg_board *b,
                            const pc_board *pc, int at_least_one) {
  if (every_puzzle()) {
    enumerate(what, b, pc, at_least_one);
    return;
  }
  enumerate_mode(what, b, pc, at_least_one, 1, 1);
  enumerate_mode(what, b, pc, at_least_one, 1, 0);
}

/* The smallest triangles: triangle2 has no jump at all, triangle3 three
 * triples. */
static void test_semantic_small_triangles(void **state) {
  (void)state;
  for (int rows = 2; rows <= 3; rows++)
    for (int empty = 0; empty <= rows * (rows + 1) / 2; empty++) {
      char name[32], what[64];
      snprintf(name, sizeof name, "triangle%d", rows);
      peg_board *b = named(name, empty);
      pc_board pc;
      pc_board_triangle(&pc, rows, empty);
      snprintf(what, sizeof what, "%s, empty %d", name, empty);
      enumerate(what, b, &pc, 1);
      pc_board_free(&pc);
      peg_board_free(b);
    }
}

static void test_semantic_four_hole(void **state) {
  (void)state;
  for (int empty = 0; empty <= 4; empty++) {
    char text[100], what[64], why[200];
    four_hole_text(text, sizeof text, empty);
    peg_board *b = parse_board(text);
    pc_board pc;
    assert_true(pc_board_read(text, strlen(text), &pc, why, sizeof why));
    snprintf(what, sizeof what, "4-hole, empty %d", empty);
    enumerate(what, b, &pc, 1);
    snprintf(what, sizeof what, "4-hole, empty %d, no at_least_one", empty);
    enumerate(what, b, &pc, 0);
    pc_board_free(&pc);
    peg_board_free(b);
  }
  /* given starts and goals: an unreachable goal, no jump at all */
  const struct {
    const char *text, *what;
  } more[] = {
      {"4 0\nstart 1 2\ngoal 2\n1 2 3\n2 3 4\n3 4 1\n4 1 2\n",
       "4-hole, 1 2 to 2 (unreachable)"},
      {"4 0\nstart 1 2\ngoal 3\n1 2 3\n2 3 4\n3 4 1\n4 1 2\n",
       "4-hole, 1 2 to 3"},
      {"4 0\nstart 2\n1 2 3\n2 3 4\n3 4 1\n4 1 2\n", "4-hole, one peg"},
      {"4 0\nstart 2 3\ngoal 2 3\n1 2 3\n2 3 4\n3 4 1\n4 1 2\n",
       "4-hole, start = goal"},
      {"4 0\nstart 2 3\ngoal 1 4\n1 2 3\n2 3 4\n3 4 1\n4 1 2\n",
       "4-hole, T = 0, goal elsewhere"},
  };
  for (size_t i = 0; i < sizeof more / sizeof *more; i++) {
    char why[200];
    peg_board *b = parse_board(more[i].text);
    pc_board pc;
    assert_true(pc_board_read(more[i].text, strlen(more[i].text), &pc, why,
                              sizeof why));
    enumerate(more[i].what, b, &pc, 1);
    pc_board_free(&pc);
    peg_board_free(b);
  }
}

/* triangle4 from every hole (libpeg's catalogue board against pegcheck's
 * own triangle); below scale 100 (every_puzzle) one hole of each kind up
 * to symmetry: a corner (1), an edge hole (2), the centre (5). */
static void test_semantic_triangle4(void **state) {
  (void)state;
  const uint64_t known[11] = {84, 0, 14, 14, 14, 0, 14, 0, 14, 14, 0};
  for (int empty = 1; empty <= 10; empty++) {
    if (!every_puzzle() && empty != 1 && empty != 2 && empty != 5)
      continue;
    peg_board *b = named("triangle4", empty);
    pc_board pc;
    pc_board_triangle(&pc, 4, empty);
    assert_int_equal(pc_count_plays(&pc), known[empty]);
    char what[64];
    snprintf(what, sizeof what, "triangle4, empty %d", empty);
    enumerate(what, b, &pc, 1);
    pc_board_free(&pc);
    peg_board_free(b);
  }
}

static void test_semantic_triangle4_free(void **state) {
  (void)state;
  peg_board *b = named("triangle4", 0);
  pc_board pc;
  pc_board_triangle(&pc, 4, 0);
  assert_int_equal(pc_count_plays(&pc), 84);
  enumerate_large("triangle4, free start", b, &pc, 1);
  enumerate_large("triangle4, free start, no at_least_one", b, &pc, 0);
  pc_board_free(&pc);
  peg_board_free(b);
}

static void set_pc_start_goal(pc_board *pc, const int *start, size_t ns,
                              const int *goal, size_t ng) {
  pc->free_start = 0;
  memset(pc->start, 0, sizeof pc->start);
  for (size_t i = 0; i < ns; i++)
    pc->start[start[i]] = 1;
  pc->goal_given = ng > 0;
  memset(pc->goal, 0, sizeof pc->goal);
  for (size_t i = 0; i < ng; i++)
    pc->goal[goal[i]] = 1;
}

static void test_semantic_goals(void **state) {
  (void)state;
  const struct {
    const char *what;
    int rows, empty;
    int start[10], ns;
    int goal[3], ng;
    uint64_t plays;
  } cases[] = {
      {"triangle4 from 2, goal 3", 4, 2, {0}, 0, {3}, 1, 14},
      {"triangle4 from 2, goal 5 (unreachable)", 4, 2, {0}, 0, {5}, 1, 0},
      {"triangle4 from 6, goal 2 9 (unreachable)", 4, 6, {0}, 0, {2, 9}, 2, 0},
      {"triangle4 from 6, goal 2 10", 4, 6, {0}, 0, {2, 10}, 2, 21},
      {"triangle5, 7 pegs to hole 11",
       5,
       0,
       {2, 4, 5, 6, 7, 8, 9},
       7,
       {11},
       1,
       12},
      {"triangle5, 8 pegs to holes 11 14",
       5,
       0,
       {1, 2, 3, 5, 6, 8, 9, 11},
       8,
       {11, 14},
       2,
       11},
      {"triangle5, 7 pegs, free goal",
       5,
       0,
       {2, 4, 5, 6, 7, 8, 9},
       7,
       {0},
       0,
       30},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char name[32];
    snprintf(name, sizeof name, "triangle%d", cases[i].rows);
    peg_board *b = named(name, cases[i].empty ? cases[i].empty : 1);
    pc_board pc;
    pc_board_triangle(&pc, cases[i].rows, cases[i].empty ? cases[i].empty : 1);
    if (cases[i].ns) {
      assert_int_equal(
          peg_board_set_start(b, cases[i].start, (size_t)cases[i].ns), 0);
      set_pc_start_goal(&pc, cases[i].start, (size_t)cases[i].ns, cases[i].goal,
                        (size_t)cases[i].ng);
    } else {
      pc.goal_given = 1;
      memset(pc.goal, 0, sizeof pc.goal);
      for (int k = 0; k < cases[i].ng; k++)
        pc.goal[cases[i].goal[k]] = 1;
    }
    if (cases[i].ng)
      assert_int_equal(
          peg_board_set_goal(b, cases[i].goal, (size_t)cases[i].ng), 0);
    CHECK(pc_count_plays(&pc) == cases[i].plays, "%s: pegcheck counts %llu",
          cases[i].what, (unsigned long long)pc_count_plays(&pc));
    if (cases[i].rows == 5)
      enumerate_large(cases[i].what, b, &pc, 1);
    else
      enumerate(cases[i].what, b, &pc, 1);
    pc_board_free(&pc);
    peg_board_free(b);
  }
}

/* A board with more symmetries than the hole order's search compares
 * (five separate lines of three holes: 120 ways to permute them), so that
 * its ties are broken by the file's numbers: the encoding must still be
 * right.  Each line's first two holes hold pegs; with the last holes as
 * the goal there are 5! plays (one in canonical order), with one peg
 * anywhere none. */
static void test_hole_order_many_symmetries(void **state) {
  (void)state;
  char text[256];
  for (int goal = 0; goal <= 1; goal++) {
    int n = snprintf(text, sizeof text, "15 3\n");
    for (int k = 0; k < 5; k++)
      n += snprintf(text + n, sizeof text - (size_t)n, "%d %d %d\n", 3 * k + 1,
                    3 * k + 2, 3 * k + 3);
    n += snprintf(text + n, sizeof text - (size_t)n,
                  "start 1 2 4 5 7 8 10 11 13 14\n%s",
                  goal ? "goal 3 6 9 12 15\n" : "");
    peg_board *b = parse_board(text);
    pc_board pc;
    char why[200];
    CHECK(pc_board_read(text, (size_t)n, &pc, why, sizeof why),
          "pegcheck cannot read the board: %s", why);
    CHECK(pc_count_plays(&pc) == (goal ? 120u : 0u), "pegcheck counts %llu",
          (unsigned long long)pc_count_plays(&pc));
    enumerate(goal ? "five lines, to their ends" : "five lines, one peg", b,
              &pc, 1);
    pc_board_free(&pc);
    peg_board_free(b);
  }
}

/* ---- position classes ---- */

/* Collects the unit clauses -Peg(H, T+1) the encoding adds beyond the
 * seed's axioms: the default encoding's clauses minus the exact one's that
 * are negative units on the last step.  excluded[h] = 1 for each. */
typedef struct units {
  int first, last; /* the atoms Peg(H,T+1) are first..last */
  int hole[128];   /* hole[a - first]: the hole of atom a */
  unsigned char excluded[128];
  int count;
} units;

static int collect_final_units(void *ctx, const int *lits, size_t n) {
  units *u = ctx;
  if (n == 1 && -lits[0] >= u->first && -lits[0] <= u->last) {
    u->excluded[u->hole[-lits[0] - u->first]] = 1;
    u->count++;
  }
  return 0;
}

/* With the default hole_order 1: the Peg atoms of the last step are a
 * block, in the order of the holes renumbered (peg_atom_peg says which). */
static int final_units(const peg_board *b, int classes, units *u) {
  peg_encoding *e = encode(b);
  assert_int_equal(peg_encoding_set_option(e, "position_classes", classes), 0);
  int T = peg_encoding_steps(e), N = peg_board_holes(b);
  assert_true(N < 128);
  memset(u, 0, sizeof *u);
  u->first = peg_atom_peg(e, 1, T + 1);
  u->last = u->first;
  for (int h = 1; h <= N; h++) {
    int a = peg_atom_peg(e, h, T + 1);
    u->first = a < u->first ? a : u->first;
    u->last = a > u->last ? a : u->last;
  }
  assert_int_equal(u->last - u->first + 1, N);
  for (int h = 1; h <= N; h++)
    u->hole[peg_atom_peg(e, h, T + 1) - u->first] = h;
  assert_int_equal(peg_encoding_emit(e, collect_final_units, u), 0);
  int64_t clauses = peg_encoding_clauses(e);
  peg_encoding_free(e);
  return (int)clauses;
}

/* Every final hole the classes rule out is unreachable: pegcheck finds no
 * play to it.  All starts of the 10- and 15-hole triangles; below scale
 * 100 (every_puzzle) one empty hole of each kind up to symmetry: the
 * corner 1, the edge holes 2 and 4 (alike in triangle4, not in
 * triangle5), the inner hole 5. */
static void test_classes_sound(void **state) {
  (void)state;
  int excluded_total = 0, puzzles = 0;
  for (int rows = 4; rows <= 5; rows++)
    for (int empty = 1; empty <= rows * (rows + 1) / 2; empty++) {
      if (!every_puzzle() && empty != 1 && empty != 2 && empty != 4 &&
          empty != 5)
        continue;
      char name[32];
      snprintf(name, sizeof name, "triangle%d", rows);
      peg_board *b = named(name, empty);
      units with, without;
      int n_with = final_units(b, 1, &with),
          n_without = final_units(b, 0, &without);
      /* the exact encoding has no such units; the count says how many */
      CHECK(without.count == 0, "%s from %d: units without classes", name,
            empty);
      CHECK(n_with - n_without == with.count,
            "%s from %d: %d more clauses, %d units", name, empty,
            n_with - n_without, with.count);
      pc_board pc;
      pc_board_triangle(&pc, rows, empty);
      pc.goal_given = 1;
      for (int h = 1; h <= pc.holes; h++) {
        if (!with.excluded[h])
          continue;
        memset(pc.goal, 0, sizeof pc.goal);
        pc.goal[h] = 1;
        CHECK(pc_count_plays(&pc) == 0,
              "%s from %d: hole %d excluded, but pegcheck finds plays", name,
              empty, h);
      }
      excluded_total += with.count;
      puzzles++;
      pc_board_free(&pc);
      peg_board_free(b);
    }
  print_message("position classes: %d final holes excluded in %d puzzles\n",
                excluded_total, puzzles);
  assert_true(excluded_total > 0);
}

/* Known results: on the English cross with the centre empty the last peg
 * can only be in the centre or in one of the four holes three steps from
 * it along the axes (holes 2, 14, 20, 32 in the catalogue's numbering:
 * the middle of the top arm's first row, and so on); on the French board
 * with the centre empty no hole can hold the last peg; the 10-hole
 * triangle with its apex empty has no one-peg finish.  No classes with a
 * given goal or a free start. */
static void test_classes_known(void **state) {
  (void)state;
  units u;
  peg_board *b = named("english", -1);
  final_units(b, 1, &u);
  const int english[] = {2, 14, 17, 20, 32};
  for (int h = 1, k = 0; h <= 33; h++) {
    int allowed = k < 5 && english[k] == h;
    k += allowed;
    CHECK(u.excluded[h] == !allowed, "english: hole %d %s", h,
          allowed ? "excluded" : "allowed");
  }
  peg_board_free(b);
  b = named("french", -1);
  final_units(b, 1, &u);
  CHECK(u.count == 37, "french: %d holes excluded, not all 37", u.count);
  peg_board_free(b);
  b = named("triangle4", 1);
  final_units(b, 1, &u);
  CHECK(u.count == 10, "triangle4 from 1: %d holes excluded", u.count);
  /* a given goal: at most the empty clause, when the classes refute it;
   * pegcheck then finds no play */
  int goal = 4;
  units exact;
  assert_int_equal(peg_board_set_goal(b, &goal, 1), 0);
  int extra = final_units(b, 1, &u) - final_units(b, 0, &exact);
  CHECK(u.count == exact.count && (extra == 0 || extra == 1),
        "a given goal: %d units with classes, %d without, %d more clauses",
        u.count, exact.count, extra);
  pc_board pc;
  pc_board_triangle(&pc, 4, 1);
  pc.goal_given = 1;
  memset(pc.goal, 0, sizeof pc.goal);
  pc.goal[4] = 1;
  CHECK(extra == 0 || pc_count_plays(&pc) == 0,
        "a given goal refuted, but pegcheck finds plays");
  pc_board_free(&pc);
  peg_board_free(b);
  /* a free start: clauses over pairs of start and end holes, no units */
  b = named("triangle4", 0);
  final_units(b, 1, &u);
  CHECK(u.count == 0, "a free start: %d units", u.count);
  peg_board_free(b);
  /* a board without positions: the classes come from the triples; the
   * holes they exclude are unreachable (pegcheck) */
  static const char six[] = "6 1\n1 2 3\n4 5 6\n1 4 6\n";
  b = parse_board(six);
  final_units(b, 1, &u);
  char why[200];
  CHECK(pc_board_read(six, sizeof six - 1, &pc, why, sizeof why), "%s", why);
  pc.goal_given = 1;
  for (int h = 1; h <= 6; h++) {
    memset(pc.goal, 0, sizeof pc.goal);
    pc.goal[h] = 1;
    CHECK(!u.excluded[h] || pc_count_plays(&pc) == 0,
          "a board without positions: hole %d excluded, but pegcheck finds "
          "plays",
          h);
  }
  pc_board_free(&pc);
  peg_board_free(b);
  /* The English cross with its holes renumbered (h -> 13 h mod 34) and no
   * layout excludes the same holes, renumbered: the classes follow from
   * the triples alone. */
  b = named("english", -1);
  units plain;
  final_units(b, 1, &plain);
  peg_board *r = peg_board_new(33);
  assert_non_null(r);
  for (size_t t = 0; t < peg_board_num_triples(b); t++) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, t, abc), 0);
    assert_int_equal(peg_board_add_triple(r, 13 * abc[0] % 34, 13 * abc[1] % 34,
                                          13 * abc[2] % 34),
                     0);
  }
  assert_int_equal(peg_board_set_empty(r, 13 * 17 % 34), 0);
  final_units(r, 1, &u);
  for (int h = 1; h <= 33; h++)
    CHECK(u.excluded[13 * h % 34] == plain.excluded[h],
          "renumbered english: hole %d (was %d) %d, not %d", 13 * h % 34, h,
          u.excluded[13 * h % 34], plain.excluded[h]);
  CHECK(u.count == 28, "renumbered english: %d holes excluded, not 28",
        u.count);
  peg_board_free(r);
  peg_board_free(b);
}

/* ---- hole_order: the clauses do not depend on the holes' numbers ---- */

/* b with hole h renamed perm[h], its triples in a shuffled order with
 * randomly reversed ends, the same start and goal renamed; no layout.
 * Built with the public calls only. */
static peg_board *renumbered(const peg_board *b, const int *perm,
                             uint64_t *rng) {
  int N = peg_board_holes(b);
  size_t n = peg_board_num_triples(b);
  peg_board *r = peg_board_new(N);
  assert_non_null(r);
  int(*t)[3] = malloc((n + 1) * sizeof *t);
  int *holes = malloc((size_t)N * sizeof *holes);
  assert_non_null(t);
  assert_non_null(holes);
  for (size_t i = 0; i < n; i++)
    assert_int_equal(peg_board_triple(b, i, t[i]), 0);
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)rng_below(rng, (int)i);
    int x[3];
    memcpy(x, t[i - 1], sizeof x);
    memcpy(t[i - 1], t[j], sizeof x);
    memcpy(t[j], x, sizeof x);
  }
  for (size_t i = 0; i < n; i++) {
    int a = perm[t[i][0]], c = perm[t[i][2]];
    if (rng_below(rng, 2)) {
      int x = a;
      a = c;
      c = x;
    }
    assert_int_equal(peg_board_add_triple(r, a, perm[t[i][1]], c), 0);
  }
  int k = 0, empty = 0;
  for (int h = 1; h <= N; h++)
    if (peg_board_start(b, h) == 1)
      holes[k++] = perm[h];
    else
      empty = perm[h];
  if (peg_board_start(b, 1) == -1)
    assert_int_equal(peg_board_set_empty(r, 0), 0);
  else if (k == N - 1)
    assert_int_equal(peg_board_set_empty(r, empty), 0);
  else
    assert_int_equal(peg_board_set_start(r, holes, (size_t)k), 0);
  if (peg_board_goal(b, 1) != -1) {
    k = 0;
    for (int h = 1; h <= N; h++)
      if (peg_board_goal(b, h) == 1)
        holes[k++] = perm[h];
    assert_int_equal(peg_board_set_goal(r, holes, (size_t)k), 0);
  }
  assert_int_equal(peg_board_check(r, NULL), 0);
  free(holes);
  free(t);
  return r;
}

/* An atom's name with its holes renamed by perm: Jump(A,B,C,I) and
 * Peg(H,I); the at-most-one atoms name no hole. */
static void rename_atom(const char *name, const int *perm, int N, char *out,
                        size_t size) {
  int a, b, c, i, end = 0;
  if (sscanf(name, "Jump(%d,%d,%d,%d)%n", &a, &b, &c, &i, &end) == 4 &&
      !name[end]) {
    assert_true(a >= 1 && a <= N && b >= 1 && b <= N && c >= 1 && c <= N);
    snprintf(out, size, "Jump(%d,%d,%d,%d)", perm[a], perm[b], perm[c], i);
  } else if (sscanf(name, "Peg(%d,%d)%n", &a, &i, &end) == 2 && !name[end]) {
    assert_true(a >= 1 && a <= N);
    snprintf(out, size, "Peg(%d,%d)", perm[a], i);
  } else
    snprintf(out, size, "%s", name);
}

static int same_clauses(const cnf *x, const cnf *y) {
  return x->num == y->num && x->num_lits == y->num_lits &&
         (x->num == 0 ||
          (memcmp(x->start, y->start, (x->num + 1) * sizeof *x->start) == 0 &&
           memcmp(x->lits, y->lits, x->num_lits * sizeof *x->lits) == 0));
}

/* Whether b has the triple a b c, either way round. */
static int has_triple(const peg_board *b, int a, int over, int c) {
  for (size_t t = 0; t < peg_board_num_triples(b); t++) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, t, abc), 0);
    if (abc[1] == over &&
        ((abc[0] == a && abc[2] == c) || (abc[0] == c && abc[2] == a)))
      return 1;
  }
  return 0;
}

/* Whether sigma[1..N] maps b's puzzle onto itself: triples, start, goal. */
static int is_symmetry(const peg_board *b, const int *sigma) {
  int N = peg_board_holes(b);
  for (int h = 1; h <= N; h++)
    if (peg_board_start(b, sigma[h]) != peg_board_start(b, h) ||
        peg_board_goal(b, sigma[h]) != peg_board_goal(b, h))
      return 0;
  for (size_t t = 0; t < peg_board_num_triples(b); t++) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, t, abc), 0);
    if (!has_triple(b, sigma[abc[0]], sigma[abc[1]], sigma[abc[2]]))
      return 0;
  }
  return 1;
}

/* b and a random renumbering of it, encoded with the default options
 * (hole_order 1): the same clauses, in the same order, and atom for atom
 * the same names with the holes renamed.  Renamed by perm, the
 * renumbering, unless b's puzzle has symmetries: then two numberings may
 * lead to two equal renumbered boards, the holes of one matched with the
 * other's images under a symmetry, and which comes first may depend on
 * the file's numbers.  So the names give a renaming phi (from the Peg
 * atoms of time 1) that must rename every atom, and be perm up to a
 * symmetry: perm^-1 phi maps b's triples, start and goal onto themselves.
 * *exact counts the cases where phi is perm.  Returns whether with
 * hole_order 0 the two clause lists differ. */
static int check_invariant(const char *what, const peg_board *b, uint64_t *rng,
                           int *exact) {
  int N = peg_board_holes(b);
  int *perm = malloc(((size_t)N + 1) * sizeof *perm);
  assert_non_null(perm);
  for (int h = 0; h <= N; h++)
    perm[h] = h;
  for (int h = N; h > 1; h--) {
    int j = 1 + rng_below(rng, h), x = perm[h];
    perm[h] = perm[j];
    perm[j] = x;
  }
  peg_board *r = renumbered(b, perm, rng);
  peg_encoding *e = encode_default(b), *f = encode_default(r);
  int order = -1;
  assert_int_equal(peg_encoding_get_option(e, "hole_order", &order), 0);
  assert_int_equal(order, 1);
  CHECK(peg_encoding_atoms(e) == peg_encoding_atoms(f) &&
            peg_encoding_steps(e) == peg_encoding_steps(f),
        "%s: %d and %d atoms", what, peg_encoding_atoms(e),
        peg_encoding_atoms(f));
  cnf x, y;
  emit_all(e, &x);
  emit_all(f, &y);
  CHECK(same_clauses(&x, &y),
        "%s: renumbered, %zu clauses (%zu literals), not the same as the "
        "%zu (%zu)",
        what, y.num, y.num_lits, x.num, x.num_lits);
  cnf_free(&x);
  cnf_free(&y);
  int *phi = calloc((size_t)N + 1, sizeof *phi);
  int *back = calloc((size_t)N + 1, sizeof *back); /* perm^-1 */
  int *sigma = calloc((size_t)N + 1, sizeof *sigma);
  assert_non_null(phi);
  assert_non_null(back);
  assert_non_null(sigma);
  for (int h = 1; h <= N; h++) {
    back[perm[h]] = h;
    char pname[32];
    int a = peg_atom_peg(e, h, 1), k = 0, end = 0;
    assert_true(a > 0 && peg_atom_name(f, a, pname, sizeof pname) > 0);
    CHECK(sscanf(pname, "Peg(%d,1)%n", &k, &end) == 1 && !pname[end] &&
              k >= 1 && k <= N && !sigma[k]++,
          "%s: atom %d is Peg(%d,1), renumbered %s (a hole seen twice?)", what,
          a, h, pname);
    phi[h] = k; /* sigma counts the holes seen, as yet */
  }
  int same = 1;
  for (int h = 1; h <= N; h++) {
    sigma[h] = back[phi[h]];
    same &= phi[h] == perm[h];
  }
  CHECK(is_symmetry(b, sigma),
        "%s: the names rename the holes otherwise than the renumbering, and "
        "not by a symmetry of the board",
        what);
  *exact += same;
  char name[64], want[64], got[64];
  for (int a = 1; a <= peg_encoding_atoms(e); a++) {
    assert_true(peg_atom_name(e, a, name, sizeof name) > 0);
    assert_true(peg_atom_name(f, a, got, sizeof got) > 0);
    rename_atom(name, phi, N, want, sizeof want);
    CHECK(strcmp(got, want) == 0, "%s: atom %d is %s, renumbered %s, not %s",
          what, a, name, got, want);
  }
  free(phi);
  free(back);
  free(sigma);
  assert_int_equal(peg_encoding_set_option(e, "hole_order", 0), 0);
  assert_int_equal(peg_encoding_set_option(f, "hole_order", 0), 0);
  emit_all(e, &x);
  emit_all(f, &y);
  int differ = !same_clauses(&x, &y);
  cnf_free(&x);
  cnf_free(&y);
  peg_encoding_free(e);
  peg_encoding_free(f);
  peg_board_free(r);
  free(perm);
  return differ;
}

static void test_hole_order_invariant(void **state) {
  (void)state;
  uint64_t rng = 0x6a09e667f3bcc908ULL;
  int cases = 0, differ = 0, exact = 0;
  const char *const catalogue[] = {"triangle4", "triangle5", "english",
                                   "french",    "wiegleb",   "diamond"};
  for (size_t i = 0; i < sizeof catalogue / sizeof *catalogue; i++) {
    peg_board *b = named(catalogue[i], -1);
    differ += check_invariant(catalogue[i], b, &rng, &exact);
    cases++;
    peg_board_free(b);
  }
  /* a free start; a given goal; a given start and goal */
  peg_board *b = named("triangle5", 0);
  differ += check_invariant("triangle5, free start", b, &rng, &exact);
  peg_board_free(b);
  b = named("english", -1);
  const int centre[] = {17};
  assert_int_equal(peg_board_set_goal(b, centre, 1), 0);
  differ += check_invariant("english, goal 17", b, &rng, &exact);
  peg_board_free(b);
  b = named("triangle5", 5);
  const int start[] = {2, 4, 5, 6, 7, 8, 9}, goal[] = {11, 14};
  assert_int_equal(peg_board_set_start(b, start, 7), 0);
  assert_int_equal(peg_board_set_goal(b, goal, 2), 0);
  differ += check_invariant("triangle5, 7 pegs to 11 14", b, &rng, &exact);
  peg_board_free(b);
  cases += 3;
  /* random small puzzles (testutil's, as test_play's): 30 in a Release
   * build's quick tier (tests/tier.h) */
  long count = tier_cases(30);
  for (int k = 0; k < count; k++) {
    spec sp;
    spec_random(&sp, k % 3 == 2, &rng);
    b = spec_board(&sp);
    char what[64];
    snprintf(what, sizeof what, "random board %d", k);
    differ += check_invariant(what, b, &rng, &exact);
    cases++;
    peg_board_free(b);
  }
  print_message("hole_order: %d boards renumbered give the same clauses, %d "
                "with the names renamed as the holes (the others up to a "
                "symmetry); with hole_order 0, %d of them other clauses\n",
                cases, exact, differ);
  /* with hole_order 0 the numbering shows: the test can fail */
  assert_true(differ > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_counts_four_hole),
      cmocka_unit_test(test_counts_triangle4),
      cmocka_unit_test(test_counts_no_jump),
      cmocka_unit_test(test_counts_no_triple),
      cmocka_unit_test(test_counts_big),
      cmocka_unit_test(test_amo_names),
      cmocka_unit_test(test_amo_oracle),
      cmocka_unit_test(test_counts_amo),
      cmocka_unit_test(test_amo_too_big),
      cmocka_unit_test(test_clauses_as_table),
      cmocka_unit_test(test_numbering),
      cmocka_unit_test(test_numbering_by_hand),
      cmocka_unit_test(test_options),
      cmocka_unit_test(test_new_errors),
      cmocka_unit_test(test_own_copy),
      cmocka_unit_test(test_emit_stop),
      cmocka_unit_test(test_semantic_small_triangles),
      cmocka_unit_test(test_semantic_four_hole),
      cmocka_unit_test(test_semantic_triangle4),
      cmocka_unit_test(test_semantic_triangle4_free),
      cmocka_unit_test(test_semantic_goals),
      cmocka_unit_test(test_classes_sound),
      cmocka_unit_test(test_classes_known),
      cmocka_unit_test(test_hole_order_invariant),
      cmocka_unit_test(test_hole_order_many_symmetries),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
