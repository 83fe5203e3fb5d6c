/* test_format.c - the DP and DIMACS readers (clauses, back matter, format
 * detection, errors with positions) and the answer writers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads text (of size n, which may hold NULs) into a new solver. */
static dpll_solver *read_text(const char *text, size_t n, int format,
                              dpll_input *info, int expect) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  int rc = dpll_read_string(s, text, n, format, info);
  if (rc != expect)
    print_message("read gave %d (%s at %ld:%ld), expected %d\n", rc,
                  info->message, info->line, info->column, expect);
  assert_int_equal(rc, expect);
  return s;
}

#define READ(text, format, info, expect)                                       \
  read_text(text, sizeof text - 1, format, info, expect)

/* What write_answer puts out, through a temporary file. */
static char *answer(const dpll_solver *s, int format, const char *back,
                    size_t back_size, int expect, size_t *size) {
  FILE *f = tmpfile();
  assert_non_null(f);
  assert_int_equal(dpll_write_answer(s, f, format, back, back_size), expect);
  long n = ftell(f);
  rewind(f);
  char *out = calloc(1, (size_t)n + 1);
  assert_int_equal(fread(out, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  *size = (size_t)n;
  return out;
}

static void test_seed_example(void **state) {
  (void)state;
  static const char in[] = "1 2 3\n-2 3\n-3\n0\n"
                           "This is a simple example with 3 clauses and 3 "
                           "atoms.\n";
  static const char out[] = "1 T\n2 F\n3 F\n0\n"
                            "This is a simple example with 3 clauses and 3 "
                            "atoms.\n";
  dpll_input info;
  dpll_solver *s = READ(in, DPLL_FORMAT_AUTO, &info, 0);
  assert_int_equal(info.format, DPLL_FORMAT_DP);
  assert_int_equal(dpll_num_vars(s), 3);
  assert_int_equal(dpll_num_clauses(s), 3);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  size_t n;
  char *text =
      answer(s, DPLL_FORMAT_DP, info.back_matter, info.back_size, 0, &n);
  assert_int_equal(n, sizeof out - 1);
  assert_memory_equal(text, out, n);
  free(text);
  dpll_input_clear(&info);
  assert_null(info.back_matter);
  dpll_input_clear(NULL);
  dpll_free(s);
}

/* CRLF, tabs, blank lines, odd bytes after the 0 line: all kept as given. */
static void test_dp_layout_and_back_matter(void **state) {
  (void)state;
  static const char in[] = "\r\n 1\t-2 \r\n\n\t\n2\r\n0 \r\n"
                           "key\0\xff\r\nmore";
  dpll_input info;
  dpll_solver *s = READ(in, DPLL_FORMAT_AUTO, &info, 0);
  assert_int_equal(dpll_num_clauses(s), 2);
  assert_int_equal(info.back_size, 11);
  assert_memory_equal(info.back_matter, "key\0\xff\r\nmore", 11);
  assert_int_equal(info.back_matter[11], '\0');
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 1), 1);
  assert_int_equal(dpll_model(s, 2), 1);
  dpll_input_clear(&info);
  dpll_free(s);

  /* The 0 line last, with or without its newline: no back matter. */
  s = READ("1\n0", DPLL_FORMAT_DP, &info, 0);
  assert_int_equal(info.back_size, 0);
  assert_non_null(info.back_matter);
  dpll_input_clear(&info);
  dpll_free(s);
  s = READ("0\n", DPLL_FORMAT_DP, &info, 0);
  assert_int_equal(dpll_num_clauses(s), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  dpll_input_clear(&info);
  dpll_free(s);

  /* Vertical tab and form feed are blanks too (docs/formats.md), in both
   * formats: "1\v-2" is two literals, and -2 and 2 make the answer. */
  s = READ("1\v-2\f\n\f2\v\n-1\n0\n", DPLL_FORMAT_DP, &info, 0);
  assert_int_equal(dpll_num_clauses(s), 3);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_input_clear(&info);
  dpll_free(s);
  s = READ("p\vcnf 2\f2\n1\v2 0\f-1 0\n", DPLL_FORMAT_AUTO, &info, 0);
  assert_int_equal(dpll_num_clauses(s), 2);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_model(s, 2), 1);
  dpll_input_clear(&info);
  dpll_free(s);
}

static void test_dimacs(void **state) {
  (void)state;
  static const char in[] = "c a comment\n"
                           "c another\n"
                           "p cnf 5 4\n"
                           "1 -2 0 2\n"
                           "  3 0\n"
                           "c between clauses\n"
                           "-1 -3\t0 -3 -5 0\n"
                           "%\n"
                           "0\n"
                           "\n";
  dpll_input info;
  dpll_solver *s = READ(in, DPLL_FORMAT_AUTO, &info, 0);
  assert_int_equal(info.format, DPLL_FORMAT_DIMACS);
  assert_int_equal(info.header_vars, 5);
  assert_int_equal(info.header_clauses, 4);
  assert_null(info.back_matter);
  assert_int_equal(dpll_num_clauses(s), 4);
  assert_int_equal(dpll_num_vars(s), 5); /* 4 is in no clause */
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  /* (1 -2) (2 3) (-1 -3) (-3 -5) */
  assert_true(dpll_model(s, 1) || !dpll_model(s, 2));
  dpll_input_clear(&info);
  dpll_free(s);

  /* The empty clause exists in DIMACS. */
  s = READ("p cnf 2 2\n1 2 0\n0\n", DPLL_FORMAT_AUTO, &info, 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_input_clear(&info);
  dpll_free(s);
}

static void test_forced_formats(void **state) {
  (void)state;
  dpll_input info;
  dpll_solver *s = READ("p cnf 1 1\n1 0\n", DPLL_FORMAT_DP, &info, DPLL_EPARSE);
  assert_int_equal(info.line, 1);
  assert_int_equal(info.column, 1);
  dpll_input_clear(&info);
  dpll_free(s);
  s = READ("1 2\n0\n", DPLL_FORMAT_DIMACS, &info, DPLL_EPARSE);
  assert_string_equal(info.message, "missing the header 'p cnf ...'");
  dpll_input_clear(&info);
  dpll_free(s);
  s = READ("p cnf 1 1\n1 0\n", DPLL_FORMAT_DIMACS, &info, 0);
  dpll_input_clear(&info);
  dpll_free(s);
  s = dpll_new();
  assert_int_equal(dpll_read_string(s, "1\n0\n", 4, 4, &info), DPLL_EINVAL);
  assert_int_equal(dpll_read_string(s, "1\n0\n", 4, -1, &info), DPLL_EINVAL);
  assert_int_equal(dpll_read_string(s, NULL, 4, 0, &info), DPLL_EINVAL);
  assert_int_equal(dpll_read_string(NULL, "0\n", 2, 0, &info), DPLL_EINVAL);
  assert_int_equal(dpll_read_string(s, "0\n", 2, 0, NULL), DPLL_EINVAL);
  assert_int_equal(dpll_read_file(s, NULL, 0, &info), DPLL_EINVAL);
  assert_int_equal(dpll_add(s, 1), 0);
  assert_int_equal(dpll_read_string(s, "0\n", 2, 0, &info), DPLL_EOPEN);
  dpll_free(s);
}

/* One case per kind of mistake: the message and where it points. */
static void test_errors(void **state) {
  (void)state;
  static const struct {
    const char *text;
    long line, column;
    const char *message;
  } cases[] = {
      {"1 x2\n0\n", 1, 3,
       "expected an integer literal such as 3 or -3, found 'x2'"},
      {"1\n-\n0\n", 2, 1,
       "expected an integer literal such as 3 or -3, found '-'"},
      {"1 2\n3 2147483648\n0\n", 2, 3,
       "'2147483648' is out of range (variables go up to 16777215)"},
      {"-0\n0\n", 1, 1, "'-0' is not a literal (zero has no sign)"},
      {"1 2\n", 2, 1, "end of input before the line '0' that ends the clauses"},
      {"1 0\n0\n", 1, 3,
       "'0' must stand alone on its line, where it ends the clauses (DIMACS "
       "input needs a 'p cnf' header)"},
      {"c hello\n1 2\n0\n", 1, 1,
       "comment lines belong to DIMACS, which needs a 'p cnf' header before "
       "the clauses"},
      {"p cnf 2 1\n1 3 0\n", 2, 3,
       "literal 3 is beyond the header's 2 variables"},
      {"p cnf 2 1\n1 0\n2 0\n", 3, 3, "more clauses than the header's 1"},
      {"p cnf 2 2\n1 0\n", 3, 1,
       "the header promises 2 clauses, the input has 1"},
      {"p cnf 2 1\n1 2", 2, 4, "the last clause is not closed by 0"},
      {"p cnf 2 1\np cnf 2 1\n1 0\n", 2, 1, "a second 'p' header"},
      {"p dnf 2 1\n", 1, 3, "expected the header 'p cnf VARIABLES CLAUSES'"},
      {"p cnf 2\n", 1, 8, "expected the header 'p cnf VARIABLES CLAUSES'"},
      {"x\r\n0\r\n", 1, 1,
       "expected an integer literal such as 3 or -3, found 'x'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    dpll_input info;
    dpll_solver *s = dpll_new();
    int rc = dpll_read_string(s, cases[i].text, strlen(cases[i].text),
                              DPLL_FORMAT_AUTO, &info);
    if (rc != DPLL_EPARSE || info.line != cases[i].line ||
        info.column != cases[i].column ||
        strcmp(info.message, cases[i].message)) {
      print_message("case %zu: got %d %ld:%ld '%s'\n", i, rc, info.line,
                    info.column, info.message);
      fail();
    }
    dpll_input_clear(&info);
    dpll_free(s);
  }
}

static void test_nul_and_long_tokens(void **state) {
  (void)state;
  dpll_input info;
  dpll_solver *s =
      READ("1 2\n3 4\0 5\n0\n", DPLL_FORMAT_AUTO, &info, DPLL_EPARSE);
  assert_int_equal(info.line, 2);
  assert_int_equal(info.column, 4);
  assert_string_equal(info.message,
                      "NUL byte (a binary file?) where a number should be");
  dpll_input_clear(&info);
  dpll_free(s);
  /* A long token is shortened in the message, odd bytes escaped. */
  s = READ("\xc3\xa9"
           "abcdefghijklmnopqrstuvwxyz0123\n0\n",
           DPLL_FORMAT_AUTO, &info, DPLL_EPARSE);
  assert_string_equal(info.message,
                      "expected an integer literal such as 3 or -3, found "
                      "'\\xC3\\xA9abcdefghijklmnopqrstuv...'");
  dpll_input_clear(&info);
  dpll_free(s);
  /* A number of a thousand digits is out of range, not an overflow. */
  char big[1100];
  memset(big, '9', 1000);
  memcpy(big + 1000, "\n0\n", 4);
  s = read_text(big, strlen(big), DPLL_FORMAT_AUTO, &info, DPLL_EPARSE);
  assert_non_null(strstr(info.message, "out of range"));
  dpll_input_clear(&info);
  dpll_free(s);
}

/* Reading a FILE gives what reading the same bytes from memory gives, also
 * when the input is far longer than one read chunk. */
static void test_file_matches_string(void **state) {
  (void)state;
  size_t cap = 1 << 21, n = 0;
  char *text = malloc(cap);
  for (int i = 1; n + 64 < cap - 100000; i++)
    n += (size_t)sprintf(text + n, "%d -%d %d\n", i % 1000 + 1,
                         (i * 7) % 1000 + 1, (i * 13) % 1000 + 1);
  n += (size_t)sprintf(text + n, "0\n");
  size_t clauses_end = n;
  for (int i = 0; i < 90000; i++)
    text[n++] = (char)(i * 31 % 256); /* a long back matter, any bytes */
  FILE *f = tmpfile();
  assert_int_equal(fwrite(text, 1, n, f), n);
  rewind(f);
  dpll_input a, b;
  dpll_solver *s1 = dpll_new(), *s2 = dpll_new();
  assert_int_equal(dpll_read_file(s1, f, DPLL_FORMAT_AUTO, &a), 0);
  assert_int_equal(dpll_read_string(s2, text, n, DPLL_FORMAT_AUTO, &b), 0);
  fclose(f);
  assert_int_equal(dpll_num_clauses(s1), dpll_num_clauses(s2));
  assert_true(dpll_num_clauses(s1) > 100000);
  assert_int_equal(a.back_size, n - clauses_end);
  assert_int_equal(b.back_size, n - clauses_end);
  assert_memory_equal(a.back_matter, text + clauses_end, a.back_size);
  assert_memory_equal(b.back_matter, text + clauses_end, b.back_size);
  dpll_input_clear(&a);
  dpll_input_clear(&b);
  dpll_free(s1);
  dpll_free(s2);
  free(text);
}

/* A source for dpll_read_stream: text given out in pieces of at most
 * `piece` bytes (a shorter one when the caller asks for less), then
 * -1 from byte `fail_at` on if that is set. */
typedef struct pieces {
  const char *text;
  size_t size, at, piece, fail_at;
} pieces;

static long next_piece(void *ctx, void *buf, size_t size) {
  pieces *p = ctx;
  if (p->fail_at && p->at >= p->fail_at)
    return -1;
  size_t n = p->size - p->at;
  n = n < p->piece ? n : p->piece;
  n = n < size ? n : size;
  memcpy(buf, p->text + p->at, n);
  p->at += n;
  return (long)n;
}

/* dpll_read_stream reads as dpll_read_string does, whatever the pieces'
 * size; a failing source is DPLL_EIO at the place it failed. */
static void test_stream(void **state) {
  (void)state;
  static const char text[] = "c a comment\np cnf 3 3\n1 -2 0\n2 3 0\n-1 -3 "
                             "0\n";
  for (size_t piece = 1; piece <= sizeof text; piece += 3) {
    pieces p = {text, sizeof text - 1, 0, piece, 0};
    dpll_input info;
    dpll_solver *s = dpll_new();
    assert_int_equal(
        dpll_read_stream(s, next_piece, &p, DPLL_FORMAT_AUTO, &info), 0);
    assert_int_equal(info.format, DPLL_FORMAT_DIMACS);
    assert_int_equal(dpll_num_clauses(s), 3);
    assert_int_equal(dpll_num_vars(s), 3);
    dpll_input_clear(&info);
    dpll_free(s);
  }
  pieces p = {text, sizeof text - 1, 0, 4, 24};
  dpll_input info;
  dpll_solver *s = dpll_new();
  assert_int_equal(dpll_read_stream(s, next_piece, &p, DPLL_FORMAT_AUTO, &info),
                   DPLL_EIO);
  assert_int_equal(info.line, 3);
  dpll_input_clear(&info);
  assert_int_equal(dpll_read_stream(s, NULL, NULL, DPLL_FORMAT_AUTO, &info),
                   DPLL_EINVAL);
  dpll_free(s);
}

/* Relaxed DIMACS (DPLL_READ_RELAXED): each fault it accepts is an error
 * without it, marked relaxable, at the same place; with it, a warning
 * there, and the clauses read as MiniSat reads them. */
static void test_relaxed(void **state) {
  (void)state;
  static const struct {
    const char *text;
    long line, column;
    int clauses, vars, warnings;
  } cases[] = {
      {"p cnf 2 2\n1 2 0 c a comment\n-1 0\n", 2, 7, 2, 2, 1},
      {"p cnf 2 1\n1 2 0\n-1 3 0\n", 3, 4, 2, 3, 2},
      {"p cnf 2 5\n1 2 0\n", 3, 1, 1, 2, 1},
      {"p cnf 9 2\n1 0 2 0 c x\n", 2, 9, 2, 9, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t n = strlen(cases[i].text);
    dpll_input info;
    dpll_solver *s =
        read_text(cases[i].text, n, DPLL_FORMAT_AUTO, &info, DPLL_EPARSE);
    assert_int_equal(info.relaxable, 1);
    assert_int_equal(info.line, cases[i].line);
    assert_int_equal(info.column, cases[i].column);
    dpll_input_clear(&info);
    dpll_free(s);
    s = read_text(cases[i].text, n, DPLL_FORMAT_AUTO | DPLL_READ_RELAXED, &info,
                  0);
    assert_int_equal(info.warnings, cases[i].warnings);
    assert_int_equal(info.warning_line, cases[i].line);
    assert_int_equal(info.warning_column, cases[i].column);
    assert_int_equal(dpll_num_clauses(s), cases[i].clauses);
    assert_int_equal(dpll_num_vars(s), cases[i].vars);
    dpll_input_clear(&info);
    dpll_free(s);
  }
  /* Not relaxable: a comment inside a clause, a bad token. */
  dpll_input info;
  dpll_solver *s =
      READ("p cnf 2 1\n1 c 2 0\n", DPLL_FORMAT_AUTO | DPLL_READ_RELAXED, &info,
           DPLL_EPARSE);
  assert_int_equal(info.relaxable, 0);
  dpll_input_clear(&info);
  dpll_free(s);
}

static void test_write_dimacs(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  size_t n;
  char *text;
  /* Forced values for 40 variables: odd ones true. */
  for (int v = 1; v <= 40; v++) {
    int lit = v % 2 ? v : -v;
    assert_int_equal(dpll_add_clause(s, &lit, 1), 0);
  }
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  text = answer(s, DPLL_FORMAT_DIMACS, NULL, 0, 0, &n);
  assert_memory_equal(text, "s SATISFIABLE\nv 1 -2 3 -4 ", 26);
  /* v lines stay short, hold every variable once, and end in 0. */
  int seen = 0, last = 0;
  for (char *line = strtok(text + 14, "\n"); line; line = strtok(NULL, "\n")) {
    assert_true(strlen(line) <= 80);
    assert_true(line[0] == 'v' && line[1] == ' ');
    for (char *p = line + 1; *p;) {
      long lit = strtol(p, &p, 10);
      if (lit == 0) {
        last = 1;
        break;
      }
      seen++;
      assert_int_equal(lit, seen % 2 ? seen : -seen);
    }
  }
  assert_int_equal(seen, 40);
  assert_true(last);
  free(text);
  int lit = 1; /* a contradiction now */
  lit = -1;
  assert_int_equal(dpll_add_clause(s, &lit, 1), 0);
  text = answer(s, DPLL_FORMAT_DIMACS, "ignored", 7, DPLL_ENOANSWER, &n);
  free(text);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  text = answer(s, DPLL_FORMAT_DIMACS, "ignored", 7, 0, &n);
  assert_string_equal(text, "s UNSATISFIABLE\n");
  free(text);
  text = answer(s, DPLL_FORMAT_DP, "back", 4, 0, &n);
  assert_string_equal(text, "0\nback");
  free(text);
  dpll_free(s);
}

static void test_write_states(void **state) {
  (void)state;
  dpll_solver *s = dpll_new();
  size_t n;
  char *text = answer(s, DPLL_FORMAT_DP, NULL, 0, DPLL_ENOANSWER, &n);
  assert_int_equal(n, 0);
  free(text);
  int c[] = {1, 2};
  assert_int_equal(dpll_add_clause(s, c, 2), 0);
  assert_int_equal(dpll_set_option(s, "decision_limit", 0), 0);
  assert_int_equal(dpll_set_option(s, "pure", 0), 0);
  assert_int_equal(dpll_solve(s), DPLL_UNKNOWN);
  text = answer(s, DPLL_FORMAT_DP, NULL, 0, DPLL_ENOANSWER, &n);
  assert_int_equal(n, 0);
  free(text);
  text = answer(s, DPLL_FORMAT_DIMACS, NULL, 0, 0, &n);
  assert_string_equal(text, "s UNKNOWN\n");
  free(text);
  FILE *f = tmpfile();
  assert_int_equal(dpll_write_answer(s, f, DPLL_FORMAT_AUTO, NULL, 0),
                   DPLL_EINVAL);
  assert_int_equal(dpll_write_answer(s, f, DPLL_FORMAT_DP, NULL, 3),
                   DPLL_EINVAL);
  assert_int_equal(dpll_write_answer(NULL, f, DPLL_FORMAT_DP, NULL, 0),
                   DPLL_EINVAL);
  assert_int_equal(dpll_write_answer(s, NULL, DPLL_FORMAT_DP, NULL, 0),
                   DPLL_EINVAL);
  fclose(f);
  dpll_free(s);
}

/* A full device: the error shows in the return value. */
static void test_write_error(void **state) {
  (void)state;
  FILE *f = fopen("/dev/full", "w");
  if (!f)
    skip();
  dpll_solver *s = dpll_new();
  int c[] = {1};
  assert_int_equal(dpll_add_clause(s, c, 1), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  assert_int_equal(dpll_write_answer(s, f, DPLL_FORMAT_DP, "x", 1), DPLL_EIO);
  fclose(f);
  dpll_free(s);
}

/* ---- iCNF --------------------------------------------------------------- */

/* The cubes read, each closed by 0, must be want[0..n-1]. */
static void expect_cubes(const dpll_input *info, const int *want, size_t n,
                         size_t cubes) {
  assert_int_equal(info->num_cubes, cubes);
  assert_int_equal(info->cube_lits_size, n);
  if (n)
    assert_memory_equal(info->cube_lits, want, n * sizeof *want);
}

/* iCNF with comments before the header, between clauses and between and
 * inside cubes, a cube across lines and the empty cube "a 0": detected or
 * forced, from a string, a FILE and a stream in pieces of any size. */
static void test_icnf(void **state) {
  (void)state;
  static const char in[] = "c made by hand\n"
                           "p inccnf\n"
                           "1 2 0\n"
                           "-1\n3 0\n"
                           "c between clauses\n"
                           "a 1 -2 0\n"
                           "c between cubes\n"
                           "a -1\n"
                           "c inside a cube\n"
                           "  3 0\n"
                           "a 0\n"
                           "a\t2 0\n"
                           "a -3 0\n";
  static const int cubes[] = {1, -2, 0, -1, 3, 0, 0, 2, 0, -3, 0};
  const size_t ncubes = sizeof cubes / sizeof *cubes;
  for (int format = DPLL_FORMAT_AUTO; format <= DPLL_FORMAT_ICNF; format += 3) {
    dpll_input info;
    dpll_solver *s = READ(in, format, &info, 0);
    assert_int_equal(info.format, DPLL_FORMAT_ICNF);
    assert_int_equal(dpll_num_clauses(s), 2);
    assert_int_equal(dpll_num_vars(s), 3);
    expect_cubes(&info, cubes, ncubes, 5);
    assert_null(info.back_matter);
    /* The clauses alone: (1 | 2)(-1 | 3); under the first cube, 3. */
    assert_int_equal(dpll_assume(s, 1), 0);
    assert_int_equal(dpll_assume(s, -2), 0);
    assert_int_equal(dpll_solve(s), DPLL_SAT);
    assert_int_equal(dpll_model(s, 3), 1);
    dpll_input_clear(&info);
    assert_null(info.cube_lits);
    assert_int_equal(info.num_cubes, 0);
    dpll_free(s);
  }
  FILE *f = tmpfile();
  assert_int_equal(fwrite(in, 1, sizeof in - 1, f), sizeof in - 1);
  rewind(f);
  dpll_input info;
  dpll_solver *s = dpll_new();
  assert_int_equal(dpll_read_file(s, f, DPLL_FORMAT_ICNF, &info), 0);
  expect_cubes(&info, cubes, ncubes, 5);
  fclose(f);
  dpll_input_clear(&info);
  dpll_free(s);
  for (size_t piece = 1; piece <= 9; piece += 4) {
    pieces p = {in, sizeof in - 1, 0, piece, 0};
    s = dpll_new();
    assert_int_equal(
        dpll_read_stream(s, next_piece, &p, DPLL_FORMAT_AUTO, &info), 0);
    expect_cubes(&info, cubes, ncubes, 5);
    assert_int_equal(dpll_num_clauses(s), 2);
    dpll_input_clear(&info);
    dpll_free(s);
  }
}

/* CRLF line ends, tabs, no cube, the empty clause, a cube's variable
 * beyond the clauses', relaxed reading, the SATLIB '%' end. */
static void test_icnf_layouts(void **state) {
  (void)state;
  dpll_input info;
  dpll_solver *s = READ("p inccnf\r\n1 2 0\r\nc x\r\na -1 0\r\na\t1\t0\r\n",
                        DPLL_FORMAT_AUTO, &info, 0);
  static const int crlf[] = {-1, 0, 1, 0};
  expect_cubes(&info, crlf, 4, 2);
  assert_int_equal(dpll_num_clauses(s), 1);
  dpll_input_clear(&info);
  dpll_free(s);
  s = READ("p inccnf\n1 -2 0\n", DPLL_FORMAT_ICNF, &info, 0);
  assert_int_equal(info.format, DPLL_FORMAT_ICNF);
  expect_cubes(&info, NULL, 0, 0);
  assert_null(info.cube_lits);
  dpll_input_clear(&info);
  dpll_free(s);
  s = READ("p inccnf\n1 0\n0\na 1 0\n", DPLL_FORMAT_AUTO, &info, 0);
  assert_int_equal(dpll_solve(s), DPLL_UNSAT);
  dpll_input_clear(&info);
  dpll_free(s);
  s = READ("p inccnf\n1 0\na 7 -1 0\n%\nanything\n",
           DPLL_FORMAT_ICNF | DPLL_READ_RELAXED, &info, 0);
  static const int beyond[] = {7, -1, 0};
  expect_cubes(&info, beyond, 3, 1);
  assert_int_equal(info.warnings, 0);
  assert_true(dpll_num_vars(s) >= 1);
  dpll_input_clear(&info);
  dpll_free(s);
  /* ICNF is a format to read; 4 is none. */
  s = dpll_new();
  assert_int_equal(dpll_read_string(s, "0\n", 2, 4, &info), DPLL_EINVAL);
  assert_int_equal(dpll_read_string(s, "0\n", 2, 4 | DPLL_READ_RELAXED, &info),
                   DPLL_EINVAL);
  dpll_free(s);
}

/* One case per mistake in iCNF: the message and where it points. */
static void test_icnf_errors(void **state) {
  (void)state;
  static const char header[] =
      "expected the header 'p inccnf', which has no counts";
  static const char after[] = "a clause after the cubes: iCNF input gives "
                              "every clause before the first 'a' line";
  static const struct {
    const char *text;
    int format;
    long line, column;
    const char *message;
  } cases[] = {
      {"p inccnf\n1 0\na 1 0\n2 0\n", DPLL_FORMAT_AUTO, 4, 1, after},
      {"p inccnf\na 1 0\n-1 2 0\n", DPLL_FORMAT_ICNF, 3, 1, after},
      {"p inccnf\n1 0\na 1 2\n", DPLL_FORMAT_AUTO, 4, 1,
       "the last cube is not closed by 0"},
      {"p inccnf\na 1 2", DPLL_FORMAT_AUTO, 2, 6,
       "the last cube is not closed by 0"},
      {"p inccnf\na 1 0\na", DPLL_FORMAT_AUTO, 3, 2,
       "the last cube is not closed by 0"},
      {"p inccnf 3\n", DPLL_FORMAT_AUTO, 1, 10, header},
      {"p inccnf 3\r\n1 0\r\n", DPLL_FORMAT_ICNF, 1, 10, header},
      {"p inccnf\n1 0\n", DPLL_FORMAT_DIMACS, 1, 1,
       "expected the header 'p cnf VARIABLES CLAUSES'"},
      {"c x\np cnf 1 1\n1 0\n", DPLL_FORMAT_ICNF, 2, 1,
       "expected the header 'p inccnf'"},
      {"1 2\n0\n", DPLL_FORMAT_ICNF, 1, 1, "missing the header 'p inccnf'"},
      {"p cnf 1 1\n1 0\na 1 0\n", DPLL_FORMAT_AUTO, 3, 1,
       "expected an integer literal such as 3 or -3, found 'a'"},
      {"p inccnf\n1 2\na 1 0\n", DPLL_FORMAT_AUTO, 3, 1,
       "expected an integer literal such as 3 or -3, found 'a'"},
      {"p inccnf\n1 0\na 1 0\np inccnf\n", DPLL_FORMAT_AUTO, 4, 1,
       "a second 'p' header"},
      {"p inccnf\r\na 1 x 0\r\n", DPLL_FORMAT_AUTO, 2, 5,
       "expected an integer literal such as 3 or -3, found 'x'"},
      {"p inccnf\na -0 0\n", DPLL_FORMAT_AUTO, 2, 3,
       "'-0' is not a literal (zero has no sign)"},
      {"p inccnf\na 16777216 0\n", DPLL_FORMAT_AUTO, 2, 3,
       "'16777216' is out of range (variables go up to 16777215)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    dpll_input info;
    dpll_solver *s = dpll_new();
    int rc = dpll_read_string(s, cases[i].text, strlen(cases[i].text),
                              cases[i].format, &info);
    if (rc != DPLL_EPARSE || info.line != cases[i].line ||
        info.column != cases[i].column ||
        strcmp(info.message, cases[i].message)) {
      print_message("iCNF case %zu: got %d %ld:%ld '%s'\n", i, rc, info.line,
                    info.column, info.message);
      fail();
    }
    dpll_input_clear(&info);
    dpll_free(s);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed_example),
      cmocka_unit_test(test_dp_layout_and_back_matter),
      cmocka_unit_test(test_dimacs),
      cmocka_unit_test(test_forced_formats),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_nul_and_long_tokens),
      cmocka_unit_test(test_file_matches_string),
      cmocka_unit_test(test_stream),
      cmocka_unit_test(test_relaxed),
      cmocka_unit_test(test_write_dimacs),
      cmocka_unit_test(test_write_states),
      cmocka_unit_test(test_write_error),
      cmocka_unit_test(test_icnf),
      cmocka_unit_test(test_icnf_layouts),
      cmocka_unit_test(test_icnf_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
