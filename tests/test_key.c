/* test_key.c - lib/peg/key.c: the key's text as docs/encoding.md shows it
 * (written out by hand for the 4-hole board, checked line by line for
 * others), peg_key_parse rebuilding the same encoding, and every way a key
 * can be broken, each with the line of the error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "peg.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char four_text[] = "4 1\n1 2 3\n2 3 4\n3 4 1\n4 1 2\n";

/* peg_key_parse on an exact-size copy of text (reads past the end show
 * under the sanitizers). */
static int parse_key(const char *text, size_t n, peg_encoding **out,
                     peg_error *err) {
  char *copy = malloc(n ? n : 1);
  assert_non_null(copy);
  memcpy(copy, text, n);
  int rc = peg_key_parse(copy, n, out, err);
  free(copy);
  return rc;
}

/* The key of the 4-hole board, hole 1 empty, written out by hand from
 * docs/encoding.md, with the option hole_order 0 (the atoms numbered in
 * the board's own order): J = 8, T = 2, 28 atoms; triple t forward and
 * backward at time 1 are atoms 2t+1 and 2t+2, at time 2 atoms 8+2t+1,
 * 8+2t+2; then Peg(H,I) = 16 + 4(I-1) + H. */
static const char four_key[] = "peg-key 1\n"
                               "options at_least_one=1 canonical_order=0 "
                               "position_classes=0 at_most_one=0 "
                               "hole_order=0\n"
                               "board\n"
                               "4 1\n"
                               "1 2 3\n"
                               "2 3 4\n"
                               "3 4 1\n"
                               "4 1 2\n"
                               "end board\n"
                               "atoms 28\n"
                               "1 Jump(1,2,3,1)\n"
                               "2 Jump(3,2,1,1)\n"
                               "3 Jump(2,3,4,1)\n"
                               "4 Jump(4,3,2,1)\n"
                               "5 Jump(3,4,1,1)\n"
                               "6 Jump(1,4,3,1)\n"
                               "7 Jump(4,1,2,1)\n"
                               "8 Jump(2,1,4,1)\n"
                               "9 Jump(1,2,3,2)\n"
                               "10 Jump(3,2,1,2)\n"
                               "11 Jump(2,3,4,2)\n"
                               "12 Jump(4,3,2,2)\n"
                               "13 Jump(3,4,1,2)\n"
                               "14 Jump(1,4,3,2)\n"
                               "15 Jump(4,1,2,2)\n"
                               "16 Jump(2,1,4,2)\n"
                               "17 Peg(1,1)\n"
                               "18 Peg(2,1)\n"
                               "19 Peg(3,1)\n"
                               "20 Peg(4,1)\n"
                               "21 Peg(1,2)\n"
                               "22 Peg(2,2)\n"
                               "23 Peg(3,2)\n"
                               "24 Peg(4,2)\n"
                               "25 Peg(1,3)\n"
                               "26 Peg(2,3)\n"
                               "27 Peg(3,3)\n"
                               "28 Peg(4,3)\n"
                               "end key\n";

static void test_text_by_hand(void **state) {
  (void)state;
  peg_board *b = parse_board(four_text);
  peg_encoding *e = encode(b);
  assert_int_equal(peg_encoding_set_option(e, "hole_order", 0), 0);
  size_t size = 0;
  char *key = peg_key_text(e, &size);
  assert_non_null(key);
  assert_string_equal(key, four_key);
  assert_int_equal(size, strlen(four_key));
  char *again = peg_key_text(e, NULL);
  assert_non_null(again);
  assert_string_equal(again, four_key);
  free(again);
  free(key);
  /* the option's value is written */
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", 0), 0);
  key = peg_key_text(e, NULL);
  assert_non_null(key);
  static const char head0[] =
      "peg-key 1\noptions at_least_one=0 "
      "canonical_order=0 position_classes=0 at_most_one=0 hole_order=0\n"
      "board\n";
  size_t head = sizeof head0 - 1;
  assert_memory_equal(key, head0, head);
  assert_string_equal(key + head, four_key + head);
  free(key);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* The next line of text at *pos (without its '\n'), in buf. */
static int next_line(const char *text, size_t size, size_t *pos, char *buf,
                     size_t bufsize) {
  if (*pos >= size)
    return 0;
  const char *end = memchr(text + *pos, '\n', size - *pos);
  CHECK(end != NULL, "the key's last line has no newline");
  size_t len = (size_t)(end - (text + *pos));
  CHECK(len < bufsize, "line too long");
  memcpy(buf, text + *pos, len);
  buf[len] = '\0';
  *pos += len + 1;
  return 1;
}

/* The names of the auxiliary atoms of at-most-one encoding amo for J jumps,
 * in their order within a step, each with "%d" for the time (docs/encoding.md):
 * Count(k), k = 1..J-1; Row(r), r = 1..p, then Col(c), c = 1..q, for a grid
 * of p = ceil(sqrt J) rows and q = ceil(J/p) columns; Cmd(L,g) for the
 * groups g of three of level L, level 1 grouping the jumps and each level
 * the commanders of the one below, while more than three remain.  Returns
 * how many (at most max). */
static int aux_atom_names(int amo, int J, char (*out)[32], int max) {
  int n = 0, p = 1;
  switch (amo) {
  case PEG_AMO_PAIRWISE:
    break;
  case PEG_AMO_SEQUENTIAL:
    for (int k = 1; k < J && n < max; k++)
      snprintf(out[n++], 32, "Count(%d,%%d)", k);
    break;
  case PEG_AMO_PRODUCT:
    if (J < 2)
      break;
    while (p * p < J)
      p++;
    for (int r = 1; r <= p && n < max; r++)
      snprintf(out[n++], 32, "Row(%d,%%d)", r);
    for (int c = 1; c <= (J + p - 1) / p && n < max; c++)
      snprintf(out[n++], 32, "Col(%d,%%d)", c);
    break;
  case PEG_AMO_COMMANDER:
    for (int level = 1, m = J; m > 3; level++) {
      m = (m + 2) / 3;
      for (int g = 1; g <= m && n < max; g++)
        snprintf(out[n++], 32, "Cmd(%d,%d,%%d)", level, g);
    }
    break;
  default: /* a new encoding needs its names here */
    fail_msg("no names for the atoms of at-most-one encoding %d", amo);
  }
  CHECK(n < max, "more than %d auxiliary atoms per step", max);
  return n;
}

/* The key of e, line by line against docs/encoding.md: the header, the
 * options, the board file between "board" and "end board", "atoms N", one
 * line "I Name" per atom in order and "end key".  With hole_order 0 the
 * names of the Jump and Peg atoms come from the numbering formula; with 1
 * (the board renumbered) from the API: the Jump atoms first, then the Peg
 * atoms, each line's name the one peg_atom_name gives its number and
 * peg_atom_lookup the number of its name.  The at-most-one atoms' names
 * follow from the jump order alone, the same for both. */
static void check_key_lines(const char *what, const peg_encoding *e) {
  size_t size = 0;
  char *key = peg_key_text(e, &size);
  CHECK(key != NULL, "%s: no key", what);
  CHECK(size == strlen(key), "%s: size %zu, strlen %zu", what, size,
        strlen(key));
  const peg_board *b = peg_encoding_board(e);
  char *board = peg_board_text(b, NULL);
  assert_non_null(board);
  int alo = -1, order = -1, classes = -1, amo = -1, holes = -1;
  assert_int_equal(peg_encoding_get_option(e, "at_least_one", &alo), 0);
  assert_int_equal(peg_encoding_get_option(e, "canonical_order", &order), 0);
  assert_int_equal(peg_encoding_get_option(e, "position_classes", &classes), 0);
  assert_int_equal(peg_encoding_get_option(e, "at_most_one", &amo), 0);
  assert_int_equal(peg_encoding_get_option(e, "hole_order", &holes), 0);
  char line[200], want[200];
  size_t pos = 0;
  assert_true(next_line(key, size, &pos, line, sizeof line));
  CHECK(strcmp(line, "peg-key 1") == 0, "%s: header '%s'", what, line);
  assert_true(next_line(key, size, &pos, line, sizeof line));
  snprintf(want, sizeof want,
           "options at_least_one=%d canonical_order=%d position_classes=%d "
           "at_most_one=%d hole_order=%d",
           alo, order, classes, amo, holes);
  CHECK(strcmp(line, want) == 0, "%s: options '%s'", what, line);
  assert_true(next_line(key, size, &pos, line, sizeof line));
  CHECK(strcmp(line, "board") == 0, "%s: '%s', not 'board'", what, line);
  size_t blen = strlen(board);
  CHECK(pos + blen <= size && memcmp(key + pos, board, blen) == 0,
        "%s: the board section is not the board file", what);
  pos += blen;
  assert_true(next_line(key, size, &pos, line, sizeof line));
  CHECK(strcmp(line, "end board") == 0, "%s: '%s', not 'end board'", what,
        line);
  int N = peg_board_holes(b), J = 2 * (int)peg_board_num_triples(b);
  int T = peg_encoding_steps(e), A = peg_encoding_atoms(e);
  char aux_names[400][32]; /* the at-most-one atoms of a step, time "%d" */
  int aux = aux_atom_names(amo, J, aux_names, 400);
  assert_int_equal(A, J * T + N * (T + 1) + aux * T);
  assert_true(next_line(key, size, &pos, line, sizeof line));
  snprintf(want, sizeof want, "atoms %d", A);
  CHECK(strcmp(line, want) == 0, "%s: '%s', not '%s'", what, line, want);
  int atom = 0;
  if (holes) {
    for (; atom < J * T + N * (T + 1);) {
      char name[64];
      int n = 0;
      assert_true(next_line(key, size, &pos, line, sizeof line));
      CHECK(sscanf(line, "%d %63s", &n, name) == 2 && n == ++atom &&
                strncmp(name, atom <= J * T ? "Jump(" : "Peg(",
                        atom <= J * T ? 5 : 4) == 0,
            "%s: '%s', expected atom %d's line", what, line, atom);
      snprintf(want, sizeof want, "%d %s", n, name);
      CHECK(strcmp(line, want) == 0, "%s: '%s' is not 'N Name'", what, line);
      CHECK(peg_atom_lookup(e, name) == n, "%s: %s looks up to %d, not %d",
            what, name, peg_atom_lookup(e, name), n);
      char by_api[64];
      CHECK(peg_atom_name(e, n, by_api, sizeof by_api) > 0 &&
                strcmp(by_api, name) == 0,
            "%s: atom %d is '%s', the key says '%s'", what, n, by_api, name);
    }
  }
  for (int i = 1; i <= T && !holes; i++)
    for (int t = 0; t < J / 2; t++)
      for (int d = 0; d < 2; d++) {
        int abc[3];
        assert_int_equal(peg_board_triple(b, (size_t)t, abc), 0);
        snprintf(want, sizeof want, "%d Jump(%d,%d,%d,%d)", ++atom,
                 d ? abc[2] : abc[0], abc[1], d ? abc[0] : abc[2], i);
        assert_true(next_line(key, size, &pos, line, sizeof line));
        CHECK(strcmp(line, want) == 0, "%s: '%s', expected '%s'", what, line,
              want);
      }
  for (int i = 1; i <= T + 1 && !holes; i++)
    for (int h = 1; h <= N; h++) {
      snprintf(want, sizeof want, "%d Peg(%d,%d)", ++atom, h, i);
      assert_true(next_line(key, size, &pos, line, sizeof line));
      CHECK(strcmp(line, want) == 0, "%s: '%s', expected '%s'", what, line,
            want);
    }
  for (int i = 1; i <= T; i++)
    for (int k = 0; k < aux; k++) {
      int n = snprintf(want, sizeof want, "%d ", ++atom);
      snprintf(want + n, sizeof want - (size_t)n, aux_names[k], i);
      assert_true(next_line(key, size, &pos, line, sizeof line));
      CHECK(strcmp(line, want) == 0, "%s: '%s', expected '%s'", what, line,
            want);
    }
  assert_true(next_line(key, size, &pos, line, sizeof line));
  CHECK(strcmp(line, "end key") == 0, "%s: '%s', not 'end key'", what, line);
  CHECK(pos == size, "%s: %zu bytes after 'end key'", what, size - pos);
  free(board);
  free(key);
}

/* Two encodings agree on everything the API shows. */
static void assert_same_encoding(const char *what, const peg_encoding *x,
                                 const peg_encoding *y) {
  const peg_board *a = peg_encoding_board(x), *b = peg_encoding_board(y);
  CHECK(peg_board_holes(a) == peg_board_holes(b), "%s: holes", what);
  CHECK(peg_board_num_triples(a) == peg_board_num_triples(b), "%s: triples",
        what);
  for (size_t i = 0; i < peg_board_num_triples(a); i++) {
    int p[3], q[3];
    assert_int_equal(peg_board_triple(a, i, p), 0);
    assert_int_equal(peg_board_triple(b, i, q), 0);
    CHECK(p[0] == q[0] && p[1] == q[1] && p[2] == q[2], "%s: triple %zu", what,
          i);
  }
  for (int h = 1; h <= peg_board_holes(a); h++) {
    CHECK(peg_board_start(a, h) == peg_board_start(b, h), "%s: start of %d",
          what, h);
    CHECK(peg_board_goal(a, h) == peg_board_goal(b, h), "%s: goal of %d", what,
          h);
    int r1 = 0, c1 = 0, r2 = 0, c2 = 0;
    int p1 = peg_board_position(a, h, &r1, &c1);
    int p2 = peg_board_position(b, h, &r2, &c2);
    CHECK(p1 == p2 && r1 == r2 && c1 == c2, "%s: position of %d", what, h);
  }
  CHECK(peg_board_layout(a) == peg_board_layout(b), "%s: layout", what);
  CHECK(peg_board_start_pegs(a) == peg_board_start_pegs(b), "%s: start pegs",
        what);
  CHECK(peg_board_goal_pegs(a) == peg_board_goal_pegs(b), "%s: goal pegs",
        what);
  const char *const options[] = {"at_least_one", "canonical_order",
                                 "position_classes", "at_most_one",
                                 "hole_order"};
  for (size_t i = 0; i < sizeof options / sizeof *options; i++) {
    int o1 = -1, o2 = -2;
    assert_int_equal(peg_encoding_get_option(x, options[i], &o1), 0);
    assert_int_equal(peg_encoding_get_option(y, options[i], &o2), 0);
    CHECK(o1 == o2, "%s: %s %d vs %d", what, options[i], o1, o2);
  }
  CHECK(peg_encoding_steps(x) == peg_encoding_steps(y), "%s: steps", what);
  CHECK(peg_encoding_atoms(x) == peg_encoding_atoms(y), "%s: atoms", what);
  CHECK(peg_encoding_clauses(x) == peg_encoding_clauses(y), "%s: clauses",
        what);
  char n1[64], n2[64];
  for (int a1 = 1; a1 <= peg_encoding_atoms(x); a1++) {
    int l1 = peg_atom_name(x, a1, n1, sizeof n1);
    int l2 = peg_atom_name(y, a1, n2, sizeof n2);
    CHECK(l1 > 0 && l1 == l2 && strcmp(n1, n2) == 0,
          "%s: atom %d is '%s' vs '%s'", what, a1, n1, n2);
    CHECK(peg_atom_lookup(y, n1) == a1, "%s: lookup of %s", what, n1);
  }
}

/* Emits into a growing array: the clauses as one stream with 0 ends. */
typedef struct stream {
  int *v;
  size_t n, cap;
} stream;

static int to_stream(void *ctx, const int *lits, size_t n) {
  stream *s = ctx;
  if (s->n + n + 1 > s->cap) {
    while (s->n + n + 1 > s->cap)
      s->cap = s->cap ? 2 * s->cap : 1024;
    s->v = realloc(s->v, s->cap * sizeof *s->v);
    assert_non_null(s->v);
  }
  if (n) /* the empty clause may come with lits NULL */
    memcpy(s->v + s->n, lits, n * sizeof *lits);
  s->n += n;
  s->v[s->n++] = 0;
  return 0;
}

static void round_trip(const char *what, const peg_encoding *e) {
  check_key_lines(what, e);
  size_t size = 0;
  char *key = peg_key_text(e, &size);
  assert_non_null(key);
  peg_encoding *f = (peg_encoding *)key; /* must be replaced */
  peg_error err;
  memset(&err, 0, sizeof err);
  int rc = parse_key(key, size, &f, &err);
  CHECK(rc == 0 && f != NULL, "%s: key does not parse: %d at %ld:%ld: %s", what,
        rc, err.line, err.column, err.message);
  assert_same_encoding(what, e, f);
  /* the same clauses, in the same order */
  stream s1 = {0}, s2 = {0};
  assert_int_equal(peg_encoding_emit(e, to_stream, &s1), 0);
  assert_int_equal(peg_encoding_emit(f, to_stream, &s2), 0);
  CHECK(s1.n == s2.n && memcmp(s1.v, s2.v, s1.n * sizeof *s1.v) == 0,
        "%s: the rebuilt encoding emits other clauses", what);
  free(s1.v);
  free(s2.v);
  /* and its key is the same text */
  char *again = peg_key_text(f, NULL);
  CHECK(again && strcmp(again, key) == 0, "%s: the key of the copy differs",
        what);
  free(again);
  free(key);
  peg_encoding_free(f);
}

/* round_trip with the option hole_order 0, then 1 (the default, which e
 * keeps). */
static void round_trip_orders(const char *what, peg_encoding *e) {
  for (int order = 0; order <= 1; order++) {
    char name[100];
    snprintf(name, sizeof name, "%s, hole_order %d", what, order);
    assert_int_equal(peg_encoding_set_option(e, "hole_order", order), 0);
    round_trip(name, e);
  }
}

static void test_round_trip(void **state) {
  (void)state;
  peg_board *b = parse_board(four_text);
  peg_encoding *e = encode(b);
  round_trip_orders("4-hole", e);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", 0), 0);
  round_trip_orders("4-hole, no at_least_one", e);
  for (int how = 0; how < PEG_AMO_COUNT; how++) {
    char what[64];
    snprintf(what, sizeof what, "4-hole, %s at-most-one", peg_amo_name(how));
    assert_int_equal(peg_encoding_set_option(e, "at_most_one", how), 0);
    round_trip_orders(what, e);
  }
  peg_encoding_free(e);
  e = encode_default(b);
  round_trip_orders("4-hole, the defaults", e);
  peg_encoding_free(e);
  peg_board_free(b);

  const struct {
    const char *name;
    int empty;
    int goal[3], ng;
    int start[8], ns;
  } cases[] = {
      {"triangle4", 1, {0}, 0, {0}, 0},
      {"triangle4", 0, {0}, 0, {0}, 0},
      {"triangle4", 0, {7, 10}, 2, {0}, 0},
      {"triangle5", 1, {11}, 1, {2, 4, 5, 6, 7, 8, 9}, 7},
      {"triangle2", 1, {0}, 0, {0}, 0},
      {"english", 17, {17}, 1, {0}, 0},
      {"diamond", 0, {0}, 0, {0}, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    assert_int_equal(peg_board_named(cases[i].name, &b), 0);
    assert_int_equal(peg_board_set_empty(b, cases[i].empty), 0);
    if (cases[i].ns)
      assert_int_equal(
          peg_board_set_start(b, cases[i].start, (size_t)cases[i].ns), 0);
    if (cases[i].ng)
      assert_int_equal(
          peg_board_set_goal(b, cases[i].goal, (size_t)cases[i].ng), 0);
    for (int amo = 0; amo < PEG_AMO_COUNT; amo++) {
      e = amo % 2 ? encode_default(b) : encode(b);
      assert_int_equal(peg_encoding_set_option(e, "at_most_one", amo), 0);
      char what[64];
      snprintf(what, sizeof what, "%s case %zu, at_most_one=%d", cases[i].name,
               i, amo);
      round_trip_orders(what, e);
      peg_encoding_free(e);
    }
    peg_board_free(b);
  }

  /* no jump to make: T = 0, only Peg atoms */
  b = parse_board("3 0\nstart 2\n1 2 3\n");
  e = encode(b);
  assert_int_equal(peg_encoding_steps(e), 0);
  round_trip_orders("T = 0", e);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* ---- broken keys ---- */

/* four_key with line `line` (1-based) replaced by `with` (NULL: deleted;
 * with must end in '\n' unless empty), or, if insert, `with` inserted
 * before that line. */
static char *edit_key(int line, const char *with, int insert) {
  size_t n = strlen(four_key) + (with ? strlen(with) : 0) + 1;
  char *out = malloc(n);
  assert_non_null(out);
  const char *p = four_key;
  size_t len = 0;
  for (int l = 1; *p; l++) {
    const char *end = strchr(p, '\n') + 1;
    if (l == line) {
      if (with) {
        memcpy(out + len, with, strlen(with));
        len += strlen(with);
      }
      if (insert) {
        memcpy(out + len, p, (size_t)(end - p));
        len += (size_t)(end - p);
      }
    } else {
      memcpy(out + len, p, (size_t)(end - p));
      len += (size_t)(end - p);
    }
    p = end;
  }
  out[len] = '\0';
  return out;
}

typedef struct key_case {
  const char *name;
  char *text; /* owned */
  size_t size;
  int code, alt_code, alt2_code;
  long line;
} key_case;

static void expect_key_error(key_case *k, int *failures) {
  peg_error err;
  memset(&err, 0x55, sizeof err);
  peg_encoding *e = (peg_encoding *)&err; /* must be set to NULL */
  int rc = parse_key(k->text, k->size, &e, &err);
  const char *nul = memchr(err.message, '\0', sizeof err.message);
  char problem[160] = "";
  if (rc != k->code && rc != k->alt_code && rc != k->alt2_code)
    snprintf(problem, sizeof problem, "gave %d (%s), expected %d", rc,
             peg_strerror(rc), k->code);
  else if (e != NULL)
    snprintf(problem, sizeof problem, "*out not NULL on failure");
  else if (err.line != k->line)
    snprintf(problem, sizeof problem, "error at line %ld, expected %ld",
             err.line, k->line);
  else if (!nul || nul == err.message || strchr(err.message, '\n'))
    snprintf(problem, sizeof problem, "message not one line of text");
  if (problem[0]) {
    print_error("FAIL [%s]: %s; message '%.200s'\n", k->name, problem,
                nul ? err.message : "(unterminated)");
    (*failures)++;
  }
  free(k->text);
}

static char *dup_str(const char *s) {
  char *d = malloc(strlen(s) + 1);
  assert_non_null(d);
  strcpy(d, s);
  return d;
}

/* The lines of four_key: 1 header, 2 options, 3 "board", 4-8 the board
 * file, 9 "end board", 10 "atoms 28", 10+I atom I (11..38), 39 "end key".
 * An error found at the end of the text is on the line after the last. */
static void test_broken_keys(void **state) {
  (void)state;
  int failures = 0, cases = 0;
  /* the unbroken key parses */
  {
    peg_encoding *e = NULL;
    assert_int_equal(parse_key(four_key, strlen(four_key), &e, NULL), 0);
    peg_encoding_free(e);
  }
  key_case k[40];
  int n = 0;
#define CASE(nm, txt, c, l)                                                    \
  do {                                                                         \
    k[n].name = nm;                                                            \
    k[n].text = txt;                                                           \
    k[n].size = strlen(k[n].text);                                             \
    k[n].code = c;                                                             \
    k[n].alt_code = c;                                                         \
    k[n].alt2_code = c;                                                        \
    k[n].line = l;                                                             \
    n++;                                                                       \
  } while (0)
  CASE("missing header", edit_key(1, NULL, 0), PEG_EKEY, 1);
  CASE("header of another version", edit_key(1, "peg-key 2\n", 0), PEG_EKEY, 1);
  CASE("header misspelt", edit_key(1, "peg-keys 1\n", 0), PEG_EKEY, 1);
  CASE("empty text", dup_str(""), PEG_EKEY, 1);
  CASE("no 'end key'", edit_key(39, NULL, 0), PEG_EKEY, 39);
  CASE("cut after atom 10", dup_str(four_key), PEG_EKEY, 21);
  k[n - 1].text[strstr(four_key, "11 Jump") - four_key] = '\0';
  k[n - 1].size = strlen(k[n - 1].text);
  CASE("cut inside atom 11's line", dup_str(four_key), PEG_EKEY, 21);
  k[n - 1].text[strstr(four_key, "11 Jump") - four_key + 6] = '\0';
  k[n - 1].size = strlen(k[n - 1].text);
  CASE("cut inside the board", dup_str(four_key), PEG_EKEY, 6);
  k[n - 1].text[strstr(four_key, "2 3 4\n") - four_key] = '\0';
  k[n - 1].size = strlen(k[n - 1].text);
  CASE("atom line naming the wrong atom", edit_key(15, "5 Jump(1,4,3,1)\n", 0),
       PEG_EKEY, 15);
  CASE("atom line naming a Peg for a Jump", edit_key(15, "5 Peg(1,1)\n", 0),
       PEG_EKEY, 15);
  CASE("atom line with the wrong number", edit_key(15, "6 Jump(3,4,1,1)\n", 0),
       PEG_EKEY, 15);
  CASE("atom line malformed", edit_key(15, "5 Jump(3,4,1,1\n", 0), PEG_EKEY,
       15);
  CASE("atom line without a name", edit_key(15, "5\n", 0), PEG_EKEY, 15);
  CASE("missing atom line", edit_key(15, NULL, 0), PEG_EKEY, 15);
  CASE("missing last atom line", edit_key(38, NULL, 0), PEG_EKEY, 38);
  CASE("extra atom line", edit_key(39, "29 Peg(1,4)\n", 1), PEG_EKEY, 39);
  CASE("repeated atom line", edit_key(16, "5 Jump(3,4,1,1)\n", 1), PEG_EKEY,
       16);
  CASE("atoms count too small", edit_key(10, "atoms 27\n", 0), PEG_EKEY, 10);
  CASE("atoms count too large", edit_key(10, "atoms 29\n", 0), PEG_EKEY, 10);
  CASE("options value out of range", edit_key(2, "options at_least_one=2\n", 0),
       PEG_EKEY, 2);
  CASE("options unknown", edit_key(2, "options bogus=1\n", 0), PEG_EKEY, 2);
  CASE("hole_order out of range", edit_key(2, "options hole_order=2\n", 0),
       PEG_EKEY, 2);
  /* the atom lines are hole_order 0's: with 1, atom 3 is another jump */
  CASE("hole_order=1 with the atoms of hole_order 0",
       edit_key(2,
                "options at_least_one=1 canonical_order=0 "
                "position_classes=0 at_most_one=0 hole_order=1\n",
                0),
       PEG_EKEY, 13);
  char past_last[64]; /* one past the last encoding */
  snprintf(past_last, sizeof past_last, "options at_most_one=%d\n",
           PEG_AMO_COUNT);
  CASE("at_most_one out of range", edit_key(2, past_last, 0), PEG_EKEY, 2);
  /* the product's 6 atoms per step are missing: 40 atoms, not 28 */
  CASE("at_most_one=2 without its atoms",
       edit_key(2, "options at_most_one=2\n", 0), PEG_EKEY, 10);
  /* with them, a commander's name where the product has its first row */
  {
    char *t = edit_key(39,
                       "29 Cmd(1,1,1)\n30 Row(2,1)\n31 Row(3,1)\n"
                       "32 Col(1,1)\n33 Col(2,1)\n34 Col(3,1)\n"
                       "35 Row(1,2)\n36 Row(2,2)\n37 Row(3,2)\n"
                       "38 Col(1,2)\n39 Col(2,2)\n40 Col(3,2)\n",
                       1),
         *u = malloc(strlen(t) + 1), *at;
    assert_non_null(u);
    strcpy(u, t);
    at = strstr(u, "at_most_one=0");
    at[12] = '2';
    at = strstr(u, "atoms 28");
    memcpy(at, "atoms 40", 8);
    free(t);
    CASE("a Cmd atom in a product key", u, PEG_EKEY, 39);
    /* and the same key with Row(1,1) parses */
    char *v = malloc(strlen(u) + 1);
    assert_non_null(v);
    strcpy(v, u);
    at = strstr(v, "29 Cmd(1,1,1)");
    memcpy(at, "29 Row(1,1)\n", 12);
    memmove(at + 12, at + 14, strlen(at + 14) + 1);
    peg_encoding *ok = NULL;
    peg_error err;
    CHECK(parse_key(v, strlen(v), &ok, &err) == 0,
          "the product key does not parse: line %ld: %s", err.line,
          err.message);
    assert_int_equal(peg_encoding_atoms(ok), 40);
    peg_encoding_free(ok);
    free(v);
  }
  CASE("options without a value", edit_key(2, "options at_least_one\n", 0),
       PEG_EKEY, 2);
  CASE("options misspelt", edit_key(2, "option at_least_one=1\n", 0), PEG_EKEY,
       2);
  CASE("options line missing", edit_key(2, NULL, 0), PEG_EKEY, 2);
  CASE("no 'board' line", edit_key(3, NULL, 0), PEG_EKEY, 3);
  /* the board section runs to "end board": without it the key ends
   * inside the board (the text has 38 lines) */
  CASE("no 'end board' line", edit_key(9, NULL, 0), PEG_EKEY, 39);
  k[n - 1].alt_code = PEG_EPARSE;
  /* the board's own errors: PEG_EKEY or the board's code, on the key's
   * line */
  CASE("board: hole out of range", edit_key(5, "1 2 9\n", 0), PEG_EKEY, 5);
  k[n - 1].alt_code = PEG_EPARSE;
  k[n - 1].alt2_code = PEG_EHOLE;
  CASE("board: duplicate triple", edit_key(6, "3 2 1\n", 0), PEG_EKEY, 6);
  k[n - 1].alt_code = PEG_EPARSE;
  k[n - 1].alt2_code = PEG_EDUPLICATE;
  CASE("board: not a number", edit_key(7, "3 x 1\n", 0), PEG_EKEY, 7);
  k[n - 1].alt_code = PEG_EPARSE;
  CASE("board: no first line", edit_key(4, NULL, 0), PEG_EKEY, 4);
  k[n - 1].alt_code = PEG_EPARSE;
  /* a consistent board, but not the one the atom lines were written for:
   * without its last triple J = 6 and there are 24 atoms (line 9 now says
   * 28) */
  CASE("board without a triple", edit_key(8, NULL, 0), PEG_EKEY, 9);
  /* with hole 2 empty the atoms are the same: not an error, see below */
#undef CASE
  for (int i = 0; i < n; i++) {
    expect_key_error(&k[i], &failures);
    cases++;
  }
  /* a different start changes no atom name: still a good key */
  char *other = edit_key(4, "4 2\n", 0);
  peg_encoding *e = NULL;
  assert_int_equal(parse_key(other, strlen(other), &e, NULL), 0);
  assert_int_equal(peg_board_start(peg_encoding_board(e), 2), 0);
  assert_int_equal(peg_board_start(peg_encoding_board(e), 1), 1);
  peg_encoding_free(e);
  free(other);
  /* err may be NULL */
  other = edit_key(1, NULL, 0);
  e = NULL;
  assert_int_equal(parse_key(other, strlen(other), &e, NULL), PEG_EKEY);
  assert_null(e);
  free(other);
  if (failures)
    fail_msg("%d of %d broken keys handled wrongly (FAIL lines above)",
             failures, cases);
}

/* An atom line that is not the expected one is shown with '?' for odd
 * bytes, cut after 63. */
static void test_broken_key_messages(void **state) {
  (void)state;
  const struct {
    const char *line, *shown;
  } cases[] = {
      {"5 Jump\x01(3,4,1,1)\xff\n", "5 Jump?(3,4,1,1)?"},
      {"5 Jump(3,4,1,1)\t\n", "5 Jump(3,4,1,1)?"},
      {"5 Jump(3,4,1,1)xxxxxxxxxxyyyyyyyyyyxxxxxxxxxxyyyyyyyyyyxxxxxxxxxx\n",
       "5 Jump(3,4,1,1)xxxxxxxxxxyyyyyyyyyyxxxxxxxxxxyyyyyyyyyyxxxxxxxx"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *text = edit_key(15, cases[i].line, 0), want[200];
    snprintf(want, sizeof want,
             "expected the atom line '5 Jump(3,4,1,1)', found '%s'",
             cases[i].shown);
    peg_encoding *e = NULL;
    peg_error err;
    memset(&err, 0, sizeof err);
    int rc = parse_key(text, strlen(text), &e, &err);
    CHECK(rc == PEG_EKEY && err.line == 15 && strcmp(err.message, want) == 0,
          "case %zu: gave %d at line %ld, '%s'", i, rc, err.line, err.message);
    assert_null(e);
    free(text);
  }
}

/* Keys written before the option hole_order existed have no hole_order=
 * on their options line; they numbered the atoms in the board's own order,
 * and are read so: four_key without it parses to hole_order 0, with the
 * same atoms, and its key now says hole_order=0.  The default, 1, is
 * written and read back. */
static void test_key_without_hole_order(void **state) {
  (void)state;
  char *old = dup_str(four_key), *at = strstr(old, " hole_order=0\n");
  assert_non_null(at);
  memmove(at, at + strlen(" hole_order=0"),
          strlen(at + strlen(" hole_order=0")) + 1);
  assert_non_null(strstr(old, "at_most_one=0\nboard\n"));
  assert_null(strstr(old, "hole_order"));
  peg_encoding *e = NULL;
  peg_error err;
  memset(&err, 0, sizeof err);
  int rc = parse_key(old, strlen(old), &e, &err);
  CHECK(rc == 0 && e != NULL, "a key without hole_order: %d at %ld: %s", rc,
        err.line, err.message);
  int v = -1;
  assert_int_equal(peg_encoding_get_option(e, "hole_order", &v), 0);
  assert_int_equal(v, 0);
  assert_int_equal(peg_atom_lookup(e, "Jump(2,3,4,1)"), 3);
  assert_int_equal(peg_atom_peg(e, 4, 3), 28);
  char *key = peg_key_text(e, NULL);
  assert_non_null(key);
  assert_string_equal(key, four_key);
  free(key);
  peg_encoding_free(e);
  free(old);

  /* the default is 1, written as such, and read back */
  peg_board *b = parse_board(four_text);
  e = encode_default(b);
  assert_int_equal(peg_encoding_get_option(e, "hole_order", &v), 0);
  assert_int_equal(v, 1);
  key = peg_key_text(e, NULL);
  assert_non_null(key);
  assert_non_null(strstr(key, " hole_order=1\nboard\n"));
  peg_encoding *f = NULL;
  assert_int_equal(parse_key(key, strlen(key), &f, NULL), 0);
  v = -1;
  assert_int_equal(peg_encoding_get_option(f, "hole_order", &v), 0);
  assert_int_equal(v, 1);
  free(key);
  peg_encoding_free(f);
  peg_encoding_free(e);
  peg_board_free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_text_by_hand),
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_broken_keys),
      cmocka_unit_test(test_broken_key_messages),
      cmocka_unit_test(test_key_without_hole_order),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
