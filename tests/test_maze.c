/* test_maze.c - libmaze: reading maze files (every error with its line and
 * column), the puzzle's queries and canonical text, the encoding (atoms
 * and clauses of each kind, counted by hand on the course's maze and
 * classified here from the atoms' names), options, the key, decoding
 * models and reading dpll's answers, and the course's three questions
 * solved with libdpll.  Random mazes are judged by tests/mazecheck.c, which
 * shares no code with libmaze: satisfiable exactly when its breadth-first
 * search finds few enough moves, every path replayed by its own checker,
 * and on the small ones the number of models and of distinct paths equal
 * to its own counts. */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dpll.h>
#include <maze.h>

#include "mazecheck.h"
#include "tier.h"

/* Each solved with pruning on and off; in a Release build's quick tier
 * (tests/tier.h). */
#define RANDOM_MAZES 400

/* Fails the running test with a message unless cond holds. */
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      print_error("check failed: %s\n", #cond);                                \
      fail_msg(__VA_ARGS__);                                                   \
    }                                                                          \
  } while (0)

/* ---- The course's maze ---------------------------------------------------
 */

static const char maze_links[] = "START NONE A C\n"
                                 "A NONE START B D\n"
                                 "B GOLD A D E\n"
                                 "C GOLD START D F\n"
                                 "D WAND A B C E\n"
                                 "E GOLD B D G H\n"
                                 "F RUBY C G\n"
                                 "G NONE E F H\n"
                                 "H RING E G\n";

/* The course's maze with the task line `task` ("2 GOLD RUBY"), in buf. */
static const char *course(const char *task, char *buf, size_t size) {
  int n =
      snprintf(buf, size, "START A B C D E F G H\nGOLD WAND RUBY RING\n%s\n%s",
               task, maze_links);
  assert_true(n > 0 && (size_t)n < size);
  return buf;
}

static maze_puzzle *parse(const char *text) {
  maze_puzzle *p = NULL;
  maze_error err;
  int rc = maze_puzzle_parse(text, strlen(text), &p, &err);
  CHECK(rc == 0, "parse failed: %ld:%ld: %s (%s)", err.line, err.column,
        err.message, maze_strerror(rc));
  return p;
}

static maze_puzzle *course_puzzle(const char *task) {
  char buf[1024];
  return parse(course(task, buf, sizeof buf));
}

static maze_encoding *encode(const maze_puzzle *p, int prune) {
  int rc;
  maze_encoding *e = maze_encoding_new(p, &rc);
  CHECK(e && rc == 0, "maze_encoding_new: %s", maze_strerror(rc));
  assert_int_equal(maze_encoding_set_option(e, "prune", prune), 0);
  return e;
}

/* ---- Clauses, collected ----------------------------------------------------
 */

typedef struct clauses {
  int *lits; /* each clause's literals, then 0 */
  size_t len, cap, count;
} clauses;

static int collect(void *ctx, const int *lits, size_t n) {
  clauses *c = ctx;
  if (c->len + n + 1 > c->cap) {
    c->cap = 2 * (c->len + n + 1);
    c->lits = realloc(c->lits, c->cap * sizeof *c->lits);
    assert_non_null(c->lits);
  }
  for (size_t i = 0; i < n; i++)
    c->lits[c->len++] = lits[i];
  c->lits[c->len++] = 0;
  c->count++;
  return 0;
}

static void emit(const maze_encoding *e, clauses *c) {
  memset(c, 0, sizeof *c);
  assert_int_equal(maze_encoding_emit(e, collect, c), 0);
  assert_int_equal((int64_t)c->count, maze_encoding_clauses(e));
}

/* ---- Solving with libdpll ----------------------------------------------- */

static int add_clause(void *s, const int *lits, size_t n) {
  return dpll_add_clause(s, lits, n);
}

static int model_value(void *s, int atom) { return dpll_model(s, atom); }

static dpll_solver *load(const maze_encoding *e) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(maze_encoding_emit(e, add_clause, s), 0);
  return s;
}

/* Solves e: DPLL_SAT with times[0..K] decoded (and checked), or
 * DPLL_UNSAT. */
static int solve(const maze_encoding *e, int *times) {
  dpll_solver *s = load(e);
  int res = dpll_solve(s);
  assert_true(res == DPLL_SAT || res == DPLL_UNSAT);
  if (res == DPLL_SAT) {
    maze_error err;
    int rc = maze_decode(e, model_value, s, times, &err);
    CHECK(rc == 0, "decode: %s", err.message);
  }
  dpll_free(s);
  return res;
}

/* The collapsed path of times[0..n-1] as names, "START C F", in buf. */
static const char *path_text(const maze_puzzle *p, const int *times, size_t n,
                             char *buf, size_t size) {
  int *copy = malloc((n + 1) * sizeof *copy);
  assert_non_null(copy);
  memcpy(copy, times, n * sizeof *copy);
  size_t len = maze_path_collapse(copy, n), o = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < len; i++)
    o += (size_t)snprintf(buf + o, size - o, "%s%s", i ? " " : "",
                          maze_node_name(p, copy[i]));
  assert_true(o < size);
  free(copy);
  return buf;
}

/* The judge's verdict on a path given by node numbers. */
static bool judge_path(const mc_maze *m, const maze_puzzle *p, const int *nodes,
                       size_t n, char *why, size_t size) {
  const char **names = malloc((n + 1) * sizeof *names);
  assert_non_null(names);
  for (size_t i = 0; i < n; i++)
    names[i] = maze_node_name(p, nodes[i]);
  bool ok = mc_check_path(m, names, n, why, size);
  free(names);
  return ok;
}

/* ---- Answers as dpll writes them ---------------------------------------- */

typedef struct text {
  char *s;
  size_t n, cap;
} text;

static void put(text *t, const char *s) {
  size_t n = strlen(s);
  if (t->n + n + 1 > t->cap) {
    t->cap = 2 * (t->n + n + 1);
    t->s = realloc(t->s, t->cap);
    assert_non_null(t->s);
  }
  memcpy(t->s + t->n, s, n + 1);
  t->n += n;
}

/* The values of the solver's model for atoms 1..atoms, then "0". */
static void put_model(text *t, const dpll_solver *s, int atoms) {
  char line[32];
  for (int a = 1; a <= atoms; a++) {
    snprintf(line, sizeof line, "%d %c\n", a, dpll_model(s, a) ? 'T' : 'F');
    put(t, line);
  }
  put(t, "0\n");
}

/* dpll's answer to e's clauses, with e's key: the first model, or (most >
 * 1) up to `most` models and the closing "0" if that is all of them, as
 * dpll --solutions writes them.  *models gets how many. */
static void answer(const maze_encoding *e, int most, text *t, int *models) {
  memset(t, 0, sizeof *t);
  put(t, "");
  dpll_solver *s = load(e);
  int n = 0, res;
  while (n < most && (res = dpll_solve(s)) == DPLL_SAT) {
    put_model(t, s, maze_encoding_atoms(e));
    n++;
    assert_int_equal(dpll_block_model(s, NULL, 0), 0);
  }
  if (n == 0 || (most > 1 && n < most))
    put(t, "0\n"); /* unsatisfiable, or the list is complete */
  dpll_free(s);
  char *key = maze_key_text(e, NULL);
  assert_non_null(key);
  put(t, key);
  free(key);
  *models = n;
}

/* ---- Maze files: errors ----------------------------------------------------
 */

typedef struct bad_case {
  const char *text;
  size_t size; /* 0: strlen(text) */
  long line, column;
  const char *message; /* the whole message */
} bad_case;

static const bad_case bad_cases[] = {
    {"", 0, 1, 1, "no maze: the first line must list the nodes"},
    {"# a maze\n\n# with nothing in it\n", 0, 4, 1,
     "no maze: the first line must list the nodes"},
    {"START A\n", 0, 2, 1,
     "the file ends before the line of treasures (NONE if there are none)"},
    {"START A\nT\n", 0, 3, 1,
     "the file ends before the line with the number of steps and the "
     "treasures to get"},
    {"START A\nT\n# no task\n\n", 0, 5, 1,
     "the file ends before the line with the number of steps and the "
     "treasures to get"},
    {"START NONE\n", 0, 1, 7,
     "NONE is a keyword (no treasure), not a node name"},
    {"NONE\n", 0, 1, 1, "NONE is a keyword (no treasure), not a node name"},
    {"START A A\n", 0, 1, 9, "the node A is listed twice (first as node 2)"},
    {"A B\nT\n1\nA NONE\nB NONE\n", 0, 1, 1,
     "no node is called START (where the player starts)"},
    {"START\nT U T\n0\nSTART NONE\n", 0, 2, 5,
     "the treasure T is listed twice (first as treasure 1)"},
    {"START\nT NONE\n0\nSTART NONE\n", 0, 2, 3,
     "NONE is a keyword (no treasure), not a treasure name"},
    {"START\nT\nx T\nSTART NONE\n", 0, 3, 1,
     "expected the number of steps (a whole number from 0), found 'x'"},
    {"START\nT\n-1\nSTART NONE\n", 0, 3, 1,
     "expected the number of steps (a whole number from 0), found '-1'"},
    {"START\nT\n+2\nSTART NONE\n", 0, 3, 1,
     "expected the number of steps (a whole number from 0), found '+2'"},
    {"START\nT\n1.5\nSTART NONE\n", 0, 3, 1,
     "expected the number of steps (a whole number from 0), found '1.5'"},
    {"START\nT\n100001\nSTART NONE\n", 0, 3, 1, "more than 100000 steps"},
    {"START\nT\n  99999999999999999999999 T\n", 0, 3, 3,
     "more than 100000 steps"},
    {"START\nT\n2 U\n", 0, 3, 3, "'U' is not one of the treasures"},
    {"START\nT\n2 NONE\n", 0, 3, 3, "'NONE' is not one of the treasures"},
    {"START\nT\n2 T T\n", 0, 3, 5, "the treasure T is asked for twice"},
    {"START\nT\n1\nSTART NONE\nB NONE\n", 0, 5, 1,
     "'B' is not one of the nodes"},
    {"START\nT\n0\nNONE T\n", 0, 4, 1, "'NONE' is not one of the nodes"},
    {"START A\nT\n1\nSTART NONE A\nA NONE\nSTART T\n", 0, 6, 1,
     "START has a line already (line 4)"},
    {"START A\nT\n1\nSTART\nA NONE\n", 0, 4, 7,
     "expected the treasure at START, or NONE"},
    {"START A\nT\n1\nSTART GOLD A\nA NONE\n", 0, 4, 7,
     "'GOLD' is not one of the treasures (or NONE)"},
    {"START A\nT\n1\nSTART NONE B\n", 0, 4, 12, "'B' is not one of the nodes"},
    {"START A\nT\n1\nSTART NONE A A\n", 0, 4, 14,
     "A is listed twice on this line"},
    {"START A B\nT\n1\nSTART NONE A\nA NONE\n", 0, 1, 9,
     "the node B has no line saying where it leads"},
    {"START A\nT\n1\nA NONE\n", 0, 1, 1,
     "the node START has no line saying where it leads"},
    {"START A\x01\n", 0, 1, 8, "a control character (byte 0x01) in a name"},
    {"START A\0B\n", 10, 1, 8, "a control character (byte 0x00) in a name"},
    {"START A\x7f\n", 0, 1, 8, "a control character (byte 0x7F) in a name"},
    {"START A\r\nT\r\n1 T\r\nSTART NONE A\r\nA U START\r\n", 0, 5, 3,
     "'U' is not one of the treasures (or NONE)"},
    {"START\tA\nT\n1\n\t START NONE  Z\n", 0, 4, 15,
     "'Z' is not one of the nodes"},
    {"START A#comment\nT\n1 X\n", 0, 3, 3, "'X' is not one of the treasures"},
    {"START\nT\n1\nSTART NONE # START START\nSTART NONE\n", 0, 5, 1,
     "START has a line already (line 4)"},
};

static void expect_error(const char *name, const char *text, size_t size,
                         long line, long column, const char *message) {
  maze_puzzle *p = (maze_puzzle *)1;
  maze_error err;
  int rc = maze_puzzle_parse(text, size, &p, &err);
  CHECK(rc == MAZE_EPARSE, "%s: returned %d (%s), not MAZE_EPARSE", name, rc,
        maze_strerror(rc));
  CHECK(p == NULL, "%s: *out is not NULL after a failure", name);
  CHECK(err.line == line && err.column == column,
        "%s: at %ld:%ld, expected %ld:%ld (%s)", name, err.line, err.column,
        line, column, err.message);
  CHECK(!strcmp(err.message, message), "%s: the message is '%s', not '%s'",
        name, err.message, message);
}

static void test_parse_errors(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
    const bad_case *c = &bad_cases[i];
    char name[32];
    snprintf(name, sizeof name, "bad case %zu", i + 1);
    expect_error(name, c->text, c->size ? c->size : strlen(c->text), c->line,
                 c->column, c->message);
  }
  /* A name of 101 bytes; one of 100 is fine. */
  char buf[400];
  snprintf(buf, sizeof buf, "START %0101d\n", 0);
  expect_error("long name", buf, strlen(buf), 1, 7,
               "the name '0000000000000000000000000000000000000000...' is "
               "longer than 100 bytes");
  snprintf(buf, sizeof buf, "START %0100d\nNONE\n0\nSTART NONE\n%0100d NONE\n",
           0, 0);
  maze_puzzle_free(parse(buf));
}

/* More nodes than MAZE_MAX_NODES, and more words on a line than any line
 * needs. */
static void test_parse_limits(void **state) {
  (void)state;
  size_t cap = 16 * (MAZE_MAX_NODES + 10);
  char *t = malloc(cap);
  assert_non_null(t);
  size_t n = (size_t)snprintf(t, cap, "START");
  long column = 0;
  for (int i = 1; i <= MAZE_MAX_NODES; i++) {
    column = (long)n + 2;
    n += (size_t)snprintf(t + n, cap - n, " n%d", i);
  }
  t[n++] = '\n';
  expect_error("too many nodes", t, n, 1, column, "more than 100000 nodes");
  n = (size_t)snprintf(t, cap, "START\nNONE\n0\nSTART NONE");
  for (int i = 0; i <= MAZE_MAX_NODES; i++) {
    column = (long)n - (long)strlen("START\nNONE\n0\n") + 2;
    n += (size_t)snprintf(t + n, cap - n, " x");
  }
  expect_error("too many words", t, n, 4, column,
               "too many words on one line (at most 100002)");
  free(t);
}

/* ---- Maze files: what they say ---------------------------------------------
 */

static void test_parse_course(void **state) {
  (void)state;
  maze_puzzle *p = course_puzzle("2 GOLD RUBY");
  assert_int_equal(maze_puzzle_nodes(p), 9);
  assert_int_equal(maze_puzzle_treasures(p), 4);
  assert_int_equal(maze_puzzle_steps(p), 2);
  assert_int_equal(maze_puzzle_start(p), 0);
  assert_int_equal(maze_puzzle_num_wanted(p), 2);
  assert_string_equal(maze_treasure_name(p, maze_puzzle_wanted(p, 0)), "GOLD");
  assert_string_equal(maze_treasure_name(p, maze_puzzle_wanted(p, 1)), "RUBY");
  assert_int_equal(maze_puzzle_wanted(p, 2), MAZE_EINVAL);
  assert_int_equal(maze_puzzle_wanted(p, -1), MAZE_EINVAL);
  assert_string_equal(maze_node_name(p, 3), "C");
  assert_null(maze_node_name(p, 9));
  assert_null(maze_node_name(p, -1));
  assert_null(maze_treasure_name(p, 4));
  assert_int_equal(maze_node_lookup(p, "H"), 8);
  assert_int_equal(maze_node_lookup(p, "h"), MAZE_ENODE);
  assert_int_equal(maze_node_lookup(p, NULL), MAZE_ENODE);
  assert_int_equal(maze_treasure_lookup(p, "RING"), 3);
  assert_int_equal(maze_treasure_lookup(p, "START"), MAZE_ETREASURE);
  assert_int_equal(maze_node_treasure(p, maze_node_lookup(p, "E")), 0);
  assert_int_equal(maze_node_treasure(p, maze_node_lookup(p, "G")), -1);
  assert_int_equal(maze_node_treasure(p, 9), MAZE_ENODE);
  int d = maze_node_lookup(p, "D");
  assert_int_equal(maze_node_degree(p, d), 4);
  const char *links[] = {"A", "B", "C", "E"};
  for (int k = 0; k < 4; k++)
    assert_string_equal(maze_node_name(p, maze_node_neighbour(p, d, k)),
                        links[k]);
  assert_int_equal(maze_node_neighbour(p, d, 4), MAZE_EINVAL);
  assert_int_equal(maze_node_neighbour(p, 12, 0), MAZE_ENODE);
  assert_int_equal(maze_node_degree(p, -3), MAZE_ENODE);

  /* The canonical text is the file without its comment; it reads back. */
  char buf[1024];
  size_t size;
  char *t = maze_puzzle_text(p, &size);
  assert_non_null(t);
  assert_string_equal(t, course("2 GOLD RUBY", buf, sizeof buf));
  assert_int_equal(size, strlen(t));
  maze_puzzle *q = maze_puzzle_copy(p);
  char *u = maze_puzzle_text(q, NULL);
  assert_string_equal(t, u);
  free(u);
  free(t);
  maze_puzzle_free(q);
  maze_puzzle_free(p);
}

/* What the seed leaves loose: comments, blank lines, CRLF, blanks of any
 * kind, names of any bytes, NONE for no treasures, links to itself (a
 * stay) and links one way only. */
static void test_parse_loose(void **state) {
  (void)state;
  static const char untidy[] = "# the course's maze, untidy\r\n"
                               "\r\n"
                               "  START\tA B C D E F G H   # the nodes\r\n"
                               "GOLD WAND RUBY RING\r\n"
                               "\f2 GOLD RUBY\r\n"
                               "H RING E G\r\n"
                               "START NONE A C\n"
                               "A NONE START B D\n"
                               "   \t\n"
                               "B GOLD A D E\v\n"
                               "C GOLD START D F\n"
                               "D WAND A B C E\n"
                               "E GOLD B D G H\n"
                               "F RUBY C G\n"
                               "G NONE E F H#no blank before the comment";
  char buf[1024];
  maze_puzzle *p = parse(untidy);
  char *t = maze_puzzle_text(p, NULL);
  assert_string_equal(t, course("2 GOLD RUBY", buf, sizeof buf));
  free(t);
  maze_puzzle_free(p);

  static const char odd[] = "START a_b_1 \xce\xa9 x.y AT_1\n"
                            "NONE\n"
                            "3\n"
                            "START NONE START a_b_1\n"
                            "a_b_1 NONE \xce\xa9\n"
                            "\xce\xa9 NONE\n"
                            "x.y NONE x.y\n"
                            "AT_1 NONE\n";
  p = parse(odd);
  assert_int_equal(maze_puzzle_treasures(p), 0);
  assert_int_equal(maze_puzzle_num_wanted(p), 0);
  assert_int_equal(maze_node_degree(p, 0), 2); /* itself and a_b_1 */
  assert_int_equal(maze_node_lookup(p, "\xce\xa9"), 2);
  t = maze_puzzle_text(p, NULL);
  assert_string_equal(t, odd);
  free(t);
  maze_puzzle_free(p);
}

static void test_set_task(void **state) {
  (void)state;
  maze_puzzle *p = course_puzzle("2 GOLD RUBY");
  int wanted[] = {0, 1, 2};
  assert_int_equal(maze_puzzle_set_task(p, 4, wanted, 3), 0);
  char buf[1024];
  char *t = maze_puzzle_text(p, NULL);
  assert_string_equal(t, course("4 GOLD WAND RUBY", buf, sizeof buf));
  free(t);
  int twice[] = {0, 0};
  int none[] = {4};
  assert_int_equal(maze_puzzle_set_task(p, 2, twice, 2), MAZE_ETREASURE);
  assert_int_equal(maze_puzzle_set_task(p, 2, none, 1), MAZE_ETREASURE);
  assert_int_equal(maze_puzzle_set_task(p, -1, NULL, 0), MAZE_ESTEPS);
  assert_int_equal(maze_puzzle_set_task(p, MAZE_MAX_STEPS + 1, NULL, 0),
                   MAZE_ESTEPS);
  assert_int_equal(maze_puzzle_set_task(p, 2, NULL, 1), MAZE_EINVAL);
  assert_int_equal(maze_puzzle_set_task(NULL, 2, NULL, 0), MAZE_EINVAL);
  /* Unchanged by the failures. */
  assert_int_equal(maze_puzzle_steps(p), 4);
  assert_int_equal(maze_puzzle_num_wanted(p), 3);
  assert_int_equal(maze_puzzle_set_task(p, 0, NULL, 0), 0);
  assert_int_equal(maze_puzzle_num_wanted(p), 0);
  maze_puzzle_free(p);
}

static void test_misuse(void **state) {
  (void)state;
  maze_puzzle *p;
  maze_error err;
  assert_int_equal(maze_puzzle_parse(NULL, 3, &p, &err), MAZE_EINVAL);
  assert_int_equal(maze_puzzle_parse("START", 5, NULL, &err), MAZE_EINVAL);
  assert_int_equal(maze_puzzle_parse(NULL, 0, &p, NULL), MAZE_EPARSE);
  assert_null(maze_puzzle_copy(NULL));
  assert_null(maze_puzzle_text(NULL, NULL));
  maze_puzzle_free(NULL);
  assert_int_equal(maze_puzzle_nodes(NULL), 0);
  assert_int_equal(maze_puzzle_treasures(NULL), 0);
  assert_int_equal(maze_puzzle_steps(NULL), 0);
  assert_int_equal(maze_puzzle_start(NULL), 0);
  assert_int_equal(maze_puzzle_num_wanted(NULL), 0);
  int rc;
  assert_null(maze_encoding_new(NULL, &rc));
  assert_int_equal(rc, MAZE_EINVAL);
  assert_null(maze_encoding_new(NULL, NULL));
  maze_encoding_free(NULL);
  assert_null(maze_encoding_puzzle(NULL));
  assert_int_equal(maze_encoding_atoms(NULL), 0);
  assert_int_equal(maze_encoding_clauses(NULL), 0);
  assert_int_equal(maze_encoding_emit(NULL, collect, NULL), MAZE_EINVAL);
  assert_null(maze_key_text(NULL, NULL));
  maze_encoding *e;
  assert_int_equal(maze_key_parse("x", 1, NULL, &err), MAZE_EINVAL);
  assert_int_equal(maze_key_parse(NULL, 1, &e, &err), MAZE_EINVAL);
  assert_int_equal(maze_result_read("0\n", 2, NULL, &err), MAZE_EINVAL);
  maze_result_clear(NULL);
  assert_int_equal(maze_check_path(NULL, NULL, 0, &err), MAZE_EINVAL);
  assert_int_equal(maze_path_collapse(NULL, 3), 0);
  assert_int_equal(maze_decode(NULL, model_value, NULL, NULL, &err),
                   MAZE_EINVAL);
}

static void test_strerror(void **state) {
  (void)state;
  assert_string_equal(maze_version(), MAZE_VERSION);
  assert_string_equal(maze_strerror(0), "success");
  assert_string_equal(maze_strerror(1), "unknown code");
  assert_string_equal(maze_strerror(-999), "unknown code");
  int codes = 0;
#define CODE_CHECK(name, value, message)                                       \
  assert_string_equal(maze_strerror(MAZE_##name), message);                    \
  assert_int_equal(MAZE_##name, -(++codes));
  MAZE_ERRORS(CODE_CHECK)
#undef CODE_CHECK
  assert_int_equal(codes, 12);
}

/* ---- The encoding: atoms and clauses ---------------------------------------
 */

/* An atom as its name says: AT or HAS, the node or treasure, the time. */
typedef struct atom {
  bool at;
  int what; /* node or treasure number */
  int time;
} atom;

/* Reads the name of atom a (e.g. "AT_C_2") back with the puzzle's own
 * names: the tests' view of the numbering, independent of the library's
 * arithmetic. */
static atom atom_of(const maze_encoding *e, int a) {
  const maze_puzzle *p = maze_encoding_puzzle(e);
  char name[256], what[256];
  int n = maze_atom_name(e, a, name, sizeof name);
  CHECK(n > 0 && (size_t)n < sizeof name, "atom %d has no name", a);
  atom x = {name[0] == 'A', -1, -1};
  const char *u = strrchr(name, '_');
  assert_non_null(u);
  x.time = atoi(u + 1);
  size_t skip = x.at ? 3 : 4, len = (size_t)(u - name) - skip;
  memcpy(what, name + skip, len);
  what[len] = '\0';
  x.what = x.at ? maze_node_lookup(p, what) : maze_treasure_lookup(p, what);
  CHECK(x.what >= 0 && !strncmp(name, x.at ? "AT_" : "HAS_", skip),
        "atom %d is called %s", a, name);
  return x;
}

static bool links_to(const maze_puzzle *p, int from, int to) {
  for (int k = 0; k < maze_node_degree(p, from); k++)
    if (maze_node_neighbour(p, from, k) == to)
      return true;
  return false;
}

/* The kind (1..8) of clause c[0..n-1] by its shape and what its atoms
 * are, with every literal checked against the maze; 0 if it is none. */
static int kind_of(const maze_encoding *e, const int *c, size_t n) {
  const maze_puzzle *p = maze_encoding_puzzle(e);
  int k = maze_puzzle_steps(p);
  atom x[64];
  assert_true(n <= 64);
  for (size_t i = 0; i < n; i++)
    x[i] = atom_of(e, abs(c[i]));
  if (n == 1 && c[0] > 0 && x[0].at)
    return x[0].what == maze_puzzle_start(p) && x[0].time == 0 ? 6 : 0;
  if (n == 1 && c[0] < 0 && !x[0].at)
    return x[0].time == 0 &&
                   maze_node_treasure(p, maze_puzzle_start(p)) != x[0].what
               ? 7
               : 0;
  if (n == 1 && c[0] > 0)
    return x[0].time == k ? 8 : 0;
  if (n == 2 && c[0] < 0 && c[1] < 0 && x[0].at && x[1].at)
    return x[0].time == x[1].time && x[0].what != x[1].what ? 1 : 0;
  if (n == 2 && c[0] < 0 && c[1] > 0 && x[0].at && !x[1].at)
    return x[0].time == x[1].time &&
                   maze_node_treasure(p, x[0].what) == x[1].what
               ? 3
               : 0;
  if (n == 2 && c[0] < 0 && c[1] > 0 && !x[0].at && !x[1].at)
    return x[0].what == x[1].what && x[1].time == x[0].time + 1 ? 4 : 0;
  if (n >= 2 && c[0] < 0 && x[0].at) { /* 2: the stay, then the links */
    bool ok = c[1] > 0 && x[1].at && x[1].what == x[0].what;
    for (size_t i = 1; i < n && ok; i++)
      ok = c[i] > 0 && x[i].at && x[i].time == x[0].time + 1 &&
           (i == 1 || links_to(p, x[0].what, x[i].what));
    /* Every link but one to itself: each a move, none left out. */
    size_t links = 0;
    for (int l = 0; l < maze_node_degree(p, x[0].what); l++)
      links += maze_node_neighbour(p, x[0].what, l) != x[0].what;
    return ok && links == n - 2 ? 2 : 0;
  }
  if (n >= 2 && c[0] > 0 && c[1] < 0 && !x[0].at && !x[1].at) { /* 5 */
    bool ok = x[0].what == x[1].what && x[1].time == x[0].time + 1;
    for (size_t i = 2; i < n && ok; i++)
      ok = c[i] > 0 && x[i].at && x[i].time == x[1].time &&
           maze_node_treasure(p, x[i].what) == x[1].what;
    /* Every node holding the treasure that has an atom at that time. */
    size_t holders = 0;
    for (int v = 0; v < maze_puzzle_nodes(p); v++)
      holders += maze_node_treasure(p, v) == x[1].what &&
                 maze_atom_at(e, v, x[1].time) > 0;
    return ok && holders == n - 2 ? 5 : 0;
  }
  return 0;
}

/* Emits e and counts its clauses by kind into kinds[1..8], checking every
 * clause's kind and that every atom is used (dpll gives values only up to
 * the largest atom a clause names). */
static void count_kinds(const maze_encoding *e, int64_t kinds[9]) {
  clauses c;
  emit(e, &c);
  int atoms = maze_encoding_atoms(e);
  bool *used = calloc((size_t)atoms + 1, 1);
  assert_non_null(used);
  memset(kinds, 0, 9 * sizeof *kinds);
  for (size_t at = 0; at < c.len;) {
    size_t n = 0;
    while (c.lits[at + n])
      n++;
    for (size_t i = 0; i < n; i++) {
      CHECK(abs(c.lits[at + i]) >= 1 && abs(c.lits[at + i]) <= atoms,
            "literal %d out of range", c.lits[at + i]);
      used[abs(c.lits[at + i])] = true;
    }
    int k = kind_of(e, c.lits + at, n);
    CHECK(k > 0, "clause %zu is of no kind", at);
    kinds[k]++;
    at += n + 1;
  }
  for (int a = 1; a <= atoms; a++)
    CHECK(used[a], "atom %d is in no clause", a);
  for (int k = 1; k <= 8; k++)
    assert_int_equal(kinds[k], maze_encoding_kind_clauses(e, k));
  assert_int_equal(maze_encoding_kind_clauses(e, 0), 0);
  assert_int_equal(maze_encoding_kind_clauses(e, 9), 0);
  free(used);
  free(c.lits);
}

/* The counts on the course's maze, done by hand (docs/maze.md).  With
 * "2 GOLD RUBY" and pruning: within 0 moves START, within 1 also A and C,
 * within 2 also B, D and F: 1 + 3 + 6 = 10 AT atoms, and HAS atoms for
 * GOLD and RUBY at 3 times: 16.  Without: 9 nodes and 4 treasures at 3
 * times, 39 (the seed's number). */
static void test_counts(void **state) {
  (void)state;
  static const struct {
    const char *task;
    int prune, atoms;
    int64_t kinds[9];
  } cases[] = {
      /* 1: pairs of 1, 3, 6 places; 2: 1 + 3 places before K; 3: C at
       * times 1 and 2, B and F at 2; 4, 5: 2 treasures x 2; 7: GOLD and
       * RUBY are not at START; 8: two wanted. */
      {"2 GOLD RUBY", 1, 16, {0, 0 + 3 + 15, 1 + 3, 4, 4, 4, 1, 2, 2}},
      /* 1: 36 pairs x 3 times; 2: 9 x 2; 3: six nodes hold a treasure, x
       * 3 times; 4, 5: 4 x 2; 7: four treasures. */
      {"2 GOLD RUBY", 0, 39, {0, 108, 18, 18, 8, 8, 1, 4, 2}},
      /* K = 0: START alone, its unit; nothing wanted, nothing kept. */
      {"0", 1, 1, {0, 0, 0, 0, 0, 0, 1, 0, 0}},
      /* K = 4, GOLD WAND RUBY: within 3 moves also E and G, within 4 H:
       * places 1, 3, 6, 8, 9. */
      {"4 GOLD WAND RUBY",
       1,
       27 + 15,
       /* 3: B, C, D, E, F from their distance 2, 1, 2, 3, 2 to K */
       {0, 0 + 3 + 15 + 28 + 36, 1 + 3 + 6 + 8, 3 + 4 + 3 + 2 + 3, 12, 12, 1, 3,
        3}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    maze_puzzle *p = course_puzzle(cases[i].task);
    maze_encoding *e = encode(p, cases[i].prune);
    assert_int_equal(maze_encoding_atoms(e), cases[i].atoms);
    int64_t kinds[9], total = 0;
    count_kinds(e, kinds);
    for (int k = 1; k <= 8; k++) {
      CHECK(kinds[k] == cases[i].kinds[k],
            "case %zu: %lld clauses of kind %d, "
            "expected %lld",
            i, (long long)kinds[k], k, (long long)cases[i].kinds[k]);
      total += kinds[k];
    }
    assert_int_equal(maze_encoding_clauses(e), total);
    maze_encoding_free(e);
    maze_puzzle_free(p);
  }
}

/* Every atom's name reads back to its number; the atoms pruning drops are
 * refused; names of nodes with '_' in them are found. */
static void test_atoms(void **state) {
  (void)state;
  maze_puzzle *p = course_puzzle("2 GOLD RUBY");
  for (int prune = 0; prune <= 1; prune++) {
    maze_encoding *e = encode(p, prune);
    char name[64];
    for (int a = 1; a <= maze_encoding_atoms(e); a++) {
      maze_atom_name(e, a, name, sizeof name);
      assert_int_equal(maze_atom_lookup(e, name), a);
      atom x = atom_of(e, a);
      assert_int_equal(x.at ? maze_atom_at(e, x.what, x.time)
                            : maze_atom_has(e, x.what, x.time),
                       a);
    }
    /* The numbering runs time by time: AT atoms, then HAS atoms. */
    assert_int_equal(maze_atom_at(e, 0, 0), 1);
    maze_atom_name(e, 2, name, sizeof name);
    assert_string_equal(name, prune ? "HAS_GOLD_0" : "AT_A_0");
    int h = maze_node_lookup(p, "H"), ring = maze_treasure_lookup(p, "RING");
    assert_int_equal(maze_atom_at(e, h, 2) > 0, !prune);
    assert_int_equal(maze_atom_has(e, ring, 0) > 0, !prune);
    assert_int_equal(maze_atom_lookup(e, "AT_H_2") > 0, !prune);
    static const char *const bad[] = {
        "AT_C_3", "AT_C_-1", "AT_C_01", "AT_X_1",
        "AT_C",   "AT__1",   "HAS_C_1", "AT_C_1x",
        "at_C_1", "AT_C_",   "",        "HAS_GOLD_99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
      CHECK(maze_atom_lookup(e, bad[i]) == MAZE_EATOM, "'%s' found", bad[i]);
    assert_int_equal(maze_atom_lookup(e, NULL), MAZE_EATOM);
    assert_int_equal(maze_atom_name(e, 0, name, sizeof name), MAZE_EATOM);
    assert_int_equal(
        maze_atom_name(e, maze_encoding_atoms(e) + 1, name, sizeof name),
        MAZE_EATOM);
    assert_int_equal(maze_atom_at(e, 9, 0), MAZE_EATOM);
    assert_int_equal(maze_atom_at(e, 0, 3), MAZE_EATOM);
    assert_int_equal(maze_atom_has(e, 4, 0), MAZE_EATOM);
    assert_int_equal(maze_atom_has(e, 0, -1), MAZE_EATOM);
    /* Cut to fit, with the full length returned. */
    assert_int_equal(maze_atom_name(e, 1, name, 4), 10); /* AT_START_0 */
    assert_string_equal(name, "AT_");
    maze_encoding_free(e);
  }
  maze_puzzle_free(p);

  p = parse("START A_1 A\nT_2\n1 T_2\nSTART NONE A_1 A\nA_1 T_2\nA NONE\n");
  maze_encoding *e = encode(p, 1);
  assert_int_equal(maze_atom_lookup(e, "AT_A_1_1"), maze_atom_at(e, 1, 1));
  assert_int_equal(maze_atom_lookup(e, "AT_A_1"), maze_atom_at(e, 2, 1));
  assert_int_equal(maze_atom_lookup(e, "HAS_T_2_0"), maze_atom_has(e, 0, 0));
  maze_encoding_free(e);
  maze_puzzle_free(p);
}

static void test_options(void **state) {
  (void)state;
  maze_puzzle *p = course_puzzle("2 GOLD RUBY");
  maze_encoding *e = maze_encoding_new(p, NULL);
  int v = -1;
  assert_int_equal(maze_encoding_get_option(e, "prune", &v), 0);
  assert_int_equal(v, 1);
  assert_int_equal(maze_encoding_set_option(e, "prune", 2), MAZE_EOPTION);
  assert_int_equal(maze_encoding_set_option(e, "prune", -1), MAZE_EOPTION);
  assert_int_equal(maze_encoding_set_option(e, "at_least_one", 1),
                   MAZE_EOPTION);
  assert_int_equal(maze_encoding_set_option(e, NULL, 1), MAZE_EOPTION);
  assert_int_equal(maze_encoding_set_option(NULL, "prune", 1), MAZE_EOPTION);
  assert_int_equal(maze_encoding_get_option(e, "nope", &v), MAZE_EOPTION);
  assert_int_equal(maze_encoding_get_option(e, "prune", NULL), MAZE_EOPTION);
  assert_int_equal(maze_encoding_atoms(e), 16);
  assert_int_equal(maze_encoding_set_option(e, "prune", 0), 0);
  assert_int_equal(maze_encoding_atoms(e), 39);
  assert_int_equal(maze_encoding_get_option(e, "prune", &v), 0);
  assert_int_equal(v, 0);
  assert_ptr_not_equal(maze_encoding_puzzle(e), p); /* its own copy */
  maze_encoding_free(e);
  maze_puzzle_free(p);

  /* 30,000 nodes and K = 100,000: pruning keeps START alone (no links), the
   * full encoding would need 3 billion atoms. */
  size_t cap = 30000 * 40;
  char *t = malloc(cap);
  assert_non_null(t);
  size_t n = (size_t)snprintf(t, cap, "START");
  for (int i = 1; i < 30000; i++)
    n += (size_t)snprintf(t + n, cap - n, " n%d", i);
  n += (size_t)snprintf(t + n, cap - n, "\nNONE\n100000\nSTART NONE\n");
  for (int i = 1; i < 30000; i++)
    n += (size_t)snprintf(t + n, cap - n, "n%d NONE START\n", i);
  p = parse(t);
  free(t);
  int rc;
  e = maze_encoding_new(p, &rc);
  assert_non_null(e);
  assert_int_equal(maze_encoding_atoms(e), 100001);
  assert_int_equal(maze_encoding_set_option(e, "prune", 0), MAZE_ETOOBIG);
  assert_int_equal(maze_encoding_get_option(e, "prune", &v), 0);
  assert_int_equal(v, 1);
  assert_int_equal(maze_encoding_atoms(e), 100001);
  assert_int_equal(maze_encoding_clauses(e), 100000 + 1); /* moves, start */
  maze_encoding_free(e);
  maze_puzzle_free(p);
}

/* ---- The key ---------------------------------------------------------------
 */

static void test_key_round_trip(void **state) {
  (void)state;
  static const char *const tasks[] = {"2 GOLD RUBY", "4 GOLD WAND RUBY",
                                      "2 GOLD RING", "0"};
  for (size_t i = 0; i < sizeof tasks / sizeof *tasks; i++)
    for (int prune = 0; prune <= 1; prune++) {
      maze_puzzle *p = course_puzzle(tasks[i]);
      maze_encoding *e = encode(p, prune), *f;
      size_t size;
      char *key = maze_key_text(e, &size);
      assert_non_null(key);
      assert_int_equal(size, strlen(key));
      maze_error err;
      int rc = maze_key_parse(key, size, &f, &err);
      CHECK(rc == 0, "key of '%s': %ld:%ld: %s", tasks[i], err.line, err.column,
            err.message);
      int v;
      assert_int_equal(maze_encoding_get_option(f, "prune", &v), 0);
      assert_int_equal(v, prune);
      assert_int_equal(maze_encoding_atoms(f), maze_encoding_atoms(e));
      assert_int_equal(maze_encoding_clauses(f), maze_encoding_clauses(e));
      char *again = maze_key_text(f, NULL);
      assert_string_equal(again, key);
      free(again);
      maze_encoding_free(f);
      /* CRLF throughout, and empty lines after the end, are fine. */
      text crlf = {0};
      put(&crlf, "");
      for (const char *q = key; *q; q++)
        put(&crlf, *q == '\n' ? "\r\n" : (char[]){*q, '\0'});
      put(&crlf, "\r\n\n");
      assert_int_equal(maze_key_parse(crlf.s, crlf.n, &f, &err), 0);
      maze_encoding_free(f);
      free(crlf.s);
      free(key);
      maze_encoding_free(e);
      maze_puzzle_free(p);
    }
}

/* key with the first `from` replaced by `to` (to NULL: cut the text
 * there), in t. */
static void edited(const char *key, const char *from, const char *to, text *t) {
  const char *at = strstr(key, from);
  CHECK(at != NULL, "'%s' is not in the key", from);
  memset(t, 0, sizeof *t);
  put(t, "");
  char *head = malloc((size_t)(at - key) + 1);
  assert_non_null(head);
  memcpy(head, key, (size_t)(at - key));
  head[at - key] = '\0';
  put(t, head);
  free(head);
  if (to) {
    put(t, to);
    put(t, at + strlen(from));
  }
}

static void test_key_errors(void **state) {
  (void)state;
  static const struct {
    const char *from, *to; /* the edit of the good key */
    long line, column;
    const char *message;
  } cases[] = {
      {"maze-key 1\n", "", 1, 1, "expected the key's first line 'maze-key 1'"},
      {"maze-key 1", "maze-key 2", 1, 1,
       "expected the key's first line 'maze-key 1'"},
      {"maze-key 1\n", NULL, 1, 1,
       "expected the key's first line 'maze-key 1'"},
      {"options", NULL, 2, 1, "the key ends early"},
      {"options prune", "option prune", 2, 1,
       "expected the line 'options ...'"},
      {"prune=1", "prune=5", 2, 9, "unknown option or value in the key"},
      {"prune=1", "prune=1 color=2", 2, 17,
       "unknown option or value in the key"},
      {"prune=1", "prune=", 2, 9, "unknown option or value in the key"},
      {"maze 12", "maze x", 3, 1, "expected the line 'maze LINES'"},
      /* The atoms line is read as the maze's thirteenth. */
      {"maze 12", "maze 13", 16, 1, "'atoms' is not one of the nodes"},
      {"A NONE START B D\nB", NULL, 8, 1,
       "the key ends inside its maze (4 lines of 12)"},
      {"B GOLD A D E", "B GOLD A D Q", 9, 12, "'Q' is not one of the nodes"},
      {"2 GOLD RUBY", "2 GOLD", 16, 1,
       "expected 'atoms 13' (the maze has that many atoms)"},
      {"atoms 16", "atoms 15", 16, 1,
       "expected 'atoms 16' (the maze has that many atoms)"},
      {"5 AT_A_1", "5 AT_B_1", 21, 6,
       "expected the atom line '5 AT_A_1', found '5 AT_B_1'"},
      {"5 AT_A_1", "6 AT_A_1", 21, 1,
       "expected the atom line '5 AT_A_1', found '6 AT_A_1'"},
      {"5 AT_A_1", "5 AT_A_1 ", 21, 9,
       "expected the atom line '5 AT_A_1', found '5 AT_A_1 '"},
      {"16 HAS_RUBY_2\n", NULL, 32, 1,
       "the key ends before the atom line '16 HAS_RUBY_2'"},
      {"end key\n", NULL, 33, 1, "the key ends before 'end key'"},
      {"end key", "end", 33, 1, "expected 'end key'"},
      {"end key\n", "end key\n\nmore\n", 35, 1,
       "text after the end of the key"},
  };
  maze_puzzle *p = course_puzzle("2 GOLD RUBY");
  maze_encoding *e = encode(p, 1);
  char *key = maze_key_text(e, NULL);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    text t;
    edited(key, cases[i].from, cases[i].to, &t);
    maze_encoding *f = (maze_encoding *)1;
    maze_error err;
    int rc = maze_key_parse(t.s, t.n, &f, &err);
    CHECK(rc == MAZE_EKEY && f == NULL, "key case %zu: returned %d", i + 1, rc);
    CHECK(err.line == cases[i].line && err.column == cases[i].column &&
              !strcmp(err.message, cases[i].message),
          "key case %zu: %ld:%ld: %s", i + 1, err.line, err.column,
          err.message);
    free(t.s);
  }
  free(key);
  maze_encoding_free(e);
  maze_puzzle_free(p);
}

/* ---- Decoding --------------------------------------------------------------
 */

typedef struct valuation {
  int *v; /* [1..atoms]: 1, 0, or -1 for no value */
  int atoms;
} valuation;

static int lookup(void *ctx, int atom) {
  const valuation *val = ctx;
  return atom >= 1 && atom <= val->atoms ? val->v[atom] : -1;
}

/* The value of every atom in the model of a path at each time (times[0..K])
 * computed here: AT where the path is, HAS once passed. */
static void valuation_of(const maze_encoding *e, const int *times,
                         valuation *val) {
  const maze_puzzle *p = maze_encoding_puzzle(e);
  val->atoms = maze_encoding_atoms(e);
  val->v = calloc((size_t)val->atoms + 1, sizeof *val->v);
  assert_non_null(val->v);
  for (int a = 1; a <= val->atoms; a++) {
    atom x = atom_of(e, a);
    bool got = false;
    for (int I = 0; I <= x.time && !x.at; I++)
      got |= maze_node_treasure(p, times[I]) == x.what;
    val->v[a] = x.at ? times[x.time] == x.what : got;
  }
}

static void set(valuation *val, const maze_encoding *e, const char *name,
                int value) {
  int a = maze_atom_lookup(e, name);
  CHECK(a > 0, "no atom %s", name);
  val->v[a] = value;
}

static void expect_refused(const maze_encoding *e, valuation *val, int code,
                           const char *message) {
  int times[8];
  maze_error err;
  int rc = maze_decode(e, lookup, val, times, &err);
  CHECK(rc == code && !strcmp(err.message, message),
        "decode returned %d, '%s'; expected %d, '%s'", rc, err.message, code,
        message);
  assert_int_equal(err.line, 0);
}

static void test_decode(void **state) {
  (void)state;
  maze_puzzle *p = course_puzzle("2 GOLD RUBY");
  maze_encoding *e = encode(p, 1);
  int start = 0, a = maze_node_lookup(p, "A"), b = maze_node_lookup(p, "B"),
      c = maze_node_lookup(p, "C"), f = maze_node_lookup(p, "F");
  int path[] = {start, c, f}, times[3];
  valuation val;
  valuation_of(e, path, &val);
  assert_int_equal(maze_decode(e, lookup, &val, times, NULL), 0);
  assert_memory_equal(times, path, sizeof path);

  set(&val, e, "AT_A_1", 1);
  expect_refused(e, &val, MAZE_EPLAY,
                 "two places at time 1: AT_A_1 and "
                 "AT_C_1");
  set(&val, e, "AT_C_1", 0);
  expect_refused(e, &val, MAZE_EPLAY, "step 2: A does not lead to F");
  set(&val, e, "AT_A_1", 0);
  expect_refused(e, &val, MAZE_EPLAY, "no place is true at time 1");
  set(&val, e, "AT_C_1", 1);
  set(&val, e, "HAS_GOLD_0", 1);
  expect_refused(e, &val, MAZE_EPLAY,
                 "the model says HAS_GOLD_0 is true, but the path has not got "
                 "GOLD by time 0");
  set(&val, e, "HAS_GOLD_0", 0);
  set(&val, e, "HAS_RUBY_2", 0);
  expect_refused(e, &val, MAZE_EPLAY,
                 "the model says HAS_RUBY_2 is false, but the path has got "
                 "RUBY by time 2");
  set(&val, e, "HAS_RUBY_2", -1);
  expect_refused(e, &val, MAZE_EATOM,
                 "the model gives no value for "
                 "HAS_RUBY_2");
  free(val.v);

  int no_ruby[] = {start, a, b};
  valuation_of(e, no_ruby, &val);
  expect_refused(e, &val, MAZE_EPLAY, "the path does not pass RUBY");
  free(val.v);
  maze_encoding_free(e);
  maze_puzzle_free(p);
}

static void test_check_path(void **state) {
  (void)state;
  maze_puzzle *p = course_puzzle("2 GOLD RUBY");
  static const struct {
    int nodes[6];
    size_t n;
    const char *message; /* NULL: accepted */
  } cases[] = {
      {{0, 3, 6}, 3, NULL},
      {{0, 0, 3, 6}, 4, NULL},
      {{0, 3, 3, 6, 6, 6}, 6, NULL},
      {{3, 6}, 2, "the path starts at C, not at START"},
      {{0}, 0, "an empty path"},
      {{0, 6}, 2, "step 1: START does not lead to F"},
      {{0, 3, 4, 3, 6}, 5, "the path makes 4 moves, more than the 2 allowed"},
      {{0, 1}, 2, "the path does not pass GOLD"},
      {{0, 3}, 2, "the path does not pass RUBY"},
      {{0, 42}, 2, "entry 2 of the path is 42, which is no node"},
      {{0, -1}, 2, "entry 2 of the path is -1, which is no node"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    maze_error err = {0};
    int rc = maze_check_path(p, cases[i].nodes, cases[i].n, &err);
    if (!cases[i].message)
      CHECK(rc == 0, "path case %zu refused: %s", i + 1, err.message);
    else
      CHECK(rc == MAZE_EPLAY && !strcmp(err.message, cases[i].message),
            "path case %zu: %d '%s'", i + 1, rc, err.message);
  }
  /* A link to itself is a stay, never a move. */
  maze_puzzle *q = parse("START\nNONE\n0\nSTART NONE START\n");
  int stay[] = {0, 0, 0};
  assert_int_equal(maze_check_path(q, stay, 3, NULL), 0);
  maze_puzzle_free(q);

  int nodes[] = {0, 0, 3, 3, 6, 3, 3};
  assert_int_equal(maze_path_collapse(nodes, 7), 4);
  int want[] = {0, 3, 6, 3};
  assert_memory_equal(nodes, want, sizeof want);
  assert_int_equal(maze_path_collapse(nodes, 0), 0);
  maze_puzzle_free(p);
}

/* ---- The course's three questions, solved with libdpll ---------------------
 */

static void test_course_questions(void **state) {
  (void)state;
  char buf[1024], path[256], why[200];
  for (int prune = 0; prune <= 1; prune++) {
    maze_puzzle *p = course_puzzle("2 GOLD RUBY");
    maze_encoding *e = encode(p, prune);
    int times[8];
    assert_int_equal(solve(e, times), DPLL_SAT);
    assert_string_equal(path_text(p, times, 3, path, sizeof path), "START C F");
    maze_encoding_free(e);
    maze_puzzle_free(p);

    /* The seed's answer is START C D C F; any path the judge accepts in
     * the fewest moves, 4, will do. */
    const char *task = "4 GOLD WAND RUBY";
    p = course_puzzle(task);
    mc_maze m;
    course(task, buf, sizeof buf);
    assert_true(mc_read(buf, strlen(buf), &m, why, sizeof why));
    assert_int_equal(mc_fewest_moves(&m), 4);
    e = encode(p, prune);
    assert_int_equal(solve(e, times), DPLL_SAT);
    CHECK(judge_path(&m, p, times, 5, why, sizeof why), "%s: %s",
          path_text(p, times, 5, path, sizeof path), why);
    int n = (int)maze_path_collapse(times, 5);
    assert_int_equal(n, 5);
    maze_encoding_free(e);
    maze_puzzle_free(p);

    p = course_puzzle("2 GOLD RING");
    e = encode(p, prune);
    assert_int_equal(solve(e, times), DPLL_UNSAT);
    maze_encoding_free(e);
    maze_puzzle_free(p);
  }
}

/* ---- Reading dpll's answers ----------------------------------------------
 */

static void test_answer_one(void **state) {
  (void)state;
  for (int prune = 0; prune <= 1; prune++) {
    maze_puzzle *p = course_puzzle("2 GOLD RUBY");
    maze_encoding *e = encode(p, prune);
    text t;
    int models;
    answer(e, 1, &t, &models);
    maze_result r;
    maze_error err;
    int rc = maze_result_read(t.s, t.n, &r, &err);
    CHECK(rc == 0, "%ld:%ld: %s", err.line, err.column, err.message);
    assert_true(r.solved);
    assert_false(r.list);
    assert_false(r.complete);
    assert_int_equal(r.num_models, 1);
    assert_int_equal(r.num_solutions, 1);
    assert_int_equal(r.num_times, 3);
    assert_int_equal(r.path_start[0], 0);
    assert_int_equal(r.path_start[1], 3);
    const maze_puzzle *q = maze_encoding_puzzle(r.encoding);
    char path[128];
    assert_string_equal(path_text(q, r.paths, 3, path, sizeof path),
                        "START C F");
    assert_memory_equal(r.times, r.paths, 3 * sizeof *r.times);
    maze_result_clear(&r);
    assert_null(r.encoding);
    free(t.s);

    /* The third question has no answer: the line "0" and the key. */
    maze_encoding_free(e);
    maze_puzzle_free(p);
    p = course_puzzle("2 GOLD RING");
    e = encode(p, prune);
    answer(e, 1, &t, &models);
    assert_int_equal(models, 0);
    assert_int_equal(maze_result_read(t.s, t.n, &r, NULL), 0);
    assert_false(r.solved);
    assert_true(r.complete);
    assert_non_null(r.encoding);
    assert_int_equal(r.num_solutions, 0);
    maze_result_clear(&r);
    free(t.s);
    maze_encoding_free(e);
    maze_puzzle_free(p);
  }
}

/* maze_result_read_keyed: the SAT-competition answer and MiniSat's result
 * file written here from libdpll's model, the key as a CNF's "c" lines;
 * the path the same as the course's answer; no key is MAZE_EKEY. */
static void test_answer_keyed(void **state) {
  (void)state;
  static const char *const tasks[] = {"2 GOLD RUBY", "2 GOLD RING"};
  for (int form = 1; form <= 2; form++)
    for (size_t k = 0; k < 2; k++) {
      maze_puzzle *p = course_puzzle(tasks[k]);
      maze_encoding *e = encode(p, 1);
      dpll_solver *s = load(e);
      int sat = dpll_solve(s) == DPLL_SAT;
      text t = {0}, key = {0};
      put(&t, form == 1 ? (sat ? "s SATISFIABLE\nv" : "s UNSATISFIABLE\n")
                        : (sat ? "SAT\n" : "UNSAT\n"));
      for (int a = 1; sat && a <= maze_encoding_atoms(e); a++) {
        char lit[24];
        snprintf(lit, sizeof lit, "%s%d", form == 1 || a > 1 ? " " : "",
                 dpll_model(s, a) == 1 ? a : -a);
        put(&t, lit);
      }
      put(&t, sat ? " 0\n" : "");
      char *k_text = maze_key_text(e, NULL);
      assert_non_null(k_text);
      for (char *q = k_text, *end; *q; q = end + 1) {
        end = strchr(q, '\n');
        put(&key, "c ");
        *end = '\0';
        put(&key, q);
        put(&key, "\n");
      }
      maze_result r;
      maze_error err;
      int rc = maze_result_read_keyed(t.s, t.n, key.s, key.n, &r, &err);
      CHECK(rc == 0 && r.solved == sat, "form %d, %s: %d (%s)", form, tasks[k],
            rc, err.message);
      if (sat) {
        char path[128];
        assert_string_equal(path_text(maze_encoding_puzzle(r.encoding), r.paths,
                                      3, path, sizeof path),
                            "START C F");
      }
      maze_result_clear(&r);
      assert_int_equal(maze_result_read_keyed(t.s, t.n, NULL, 0, &r, &err),
                       MAZE_EKEY);
      free(k_text);
      free(t.s);
      free(key.s);
      dpll_free(s);
      maze_encoding_free(e);
      maze_puzzle_free(p);
    }
}

/* Every model, as dpll --all writes them: the models are the timed paths,
 * the solutions the distinct paths, both counted by the judge. */
static void test_answer_all(void **state) {
  (void)state;
  char buf[1024], why[200], path[256];
  static const char *const tasks[] = {"4 GOLD WAND RUBY", "3 GOLD", "2",
                                      "5 RUBY RING"};
  for (size_t i = 0; i < sizeof tasks / sizeof *tasks; i++)
    for (int prune = 0; prune <= 1; prune++) {
      mc_maze m;
      course(tasks[i], buf, sizeof buf);
      assert_true(mc_read(buf, strlen(buf), &m, why, sizeof why));
      maze_puzzle *p = parse(buf);
      maze_encoding *e = encode(p, prune);
      text t;
      int models;
      answer(e, 100000, &t, &models);
      maze_result r;
      maze_error err;
      int rc = maze_result_read(t.s, t.n, &r, &err);
      CHECK(rc == 0, "%ld:%ld: %s", err.line, err.column, err.message);
      CHECK((long)r.num_models == mc_count_timed(&m),
            "'%s': %zu models, the judge counts %ld timed paths", tasks[i],
            r.num_models, mc_count_timed(&m));
      CHECK((long)r.num_solutions == mc_count_paths(&m),
            "'%s': %zu solutions, the judge counts %ld paths", tasks[i],
            r.num_solutions, mc_count_paths(&m));
      assert_true(r.list && r.complete && r.solved);
      for (size_t k = 0; k < r.num_solutions; k++) {
        const int *s = r.paths + r.path_start[k];
        size_t n = r.path_start[k + 1] - r.path_start[k];
        CHECK(judge_path(&m, p, s, n, why, sizeof why), "%s: %s",
              path_text(p, s, n, path, sizeof path), why);
        int copy[16];
        memcpy(copy, r.times + k * r.num_times, r.num_times * sizeof *copy);
        assert_int_equal(maze_path_collapse(copy, r.num_times), n);
        assert_memory_equal(copy, s, n * sizeof *s);
        for (size_t j = 0; j < k; j++) /* distinct */
          assert_false(r.path_start[j + 1] - r.path_start[j] == n &&
                       !memcmp(r.paths + r.path_start[j], s, n * sizeof *s));
      }
      maze_result_clear(&r);
      free(t.s);
      maze_encoding_free(e);
      maze_puzzle_free(p);
    }
  /* dpll --solutions 3 that stopped at 3: a list, not known complete. */
  maze_puzzle *p = course_puzzle("4 GOLD WAND RUBY");
  maze_encoding *e = encode(p, 1);
  text t;
  int models;
  answer(e, 3, &t, &models);
  maze_result r;
  assert_int_equal(maze_result_read(t.s, t.n, &r, NULL), 0);
  assert_int_equal(r.num_models, 3);
  assert_true(r.list && !r.complete);
  maze_result_clear(&r);
  free(t.s);
  maze_encoding_free(e);
  maze_puzzle_free(p);
}

/* The answer to "2 GOLD RUBY" with pruning (16 atoms: values on lines
 * 1-16, "0" on 17, the key from 18), edited. */
static void test_answer_errors(void **state) {
  (void)state;
  static const struct {
    const char *from, *to; /* NULL to: cut there */
    int code;
    long line, column;
    const char *message;
  } cases[] = {
      {"1 T\n", NULL, MAZE_EANSWER, 1, 1,
       "empty input: expected dpll's answer to maze-front's clauses"},
      {"1 T\n", "s SATISFIABLE\n", MAZE_EANSWER, 1, 1,
       "this looks like a DIMACS answer; maze-back reads dpll's answer in the "
       "DP format (give dpll maze-front's DP output)"},
      {"2 F\n", "2 X\n", MAZE_EANSWER, 2, 1,
       "expected 'N T' or 'N F' (an atom and its value) or the line '0', "
       "found '2 X'"},
      {"3 F\n", "4 F\n", MAZE_EANSWER, 3, 1,
       "atom 4 where atom 3 was expected (values come in order from 1)"},
      {"16 T\n0\n", "0\n", MAZE_EANSWER, 16, 1,
       "the answer gives values for 15 atoms, the key has 16"},
      {"16 T\n0\n", "16 T\n17 F\n0\n", MAZE_EANSWER, 17, 1,
       "the answer gives values for 17 atoms, the key has 16"},
      {"maze-key", NULL, MAZE_EKEY, 18, 1,
       "no maze key after the answer (is this dpll's answer to maze-front's "
       "clauses?)"},
      {"maze-key 1", "peg-key 1", MAZE_EKEY, 18, 1,
       "expected the key's first line 'maze-key 1'"},
      {"5 AT_A_1", "5 AT_C_1", MAZE_EKEY, 38, 6,
       "expected the atom line '5 AT_A_1', found '5 AT_C_1'"},
      {"0\nmaze-key", NULL, MAZE_EANSWER, 17, 1,
       "the answer ends without its line '0' (is this dpll's output in the "
       "DP format?)"},
      /* The path START C F, but A at time 1 too. */
      {"5 F\n", "5 T\n", MAZE_EPLAY, 0, 0,
       "model 1: two places at time 1: AT_A_1 and AT_C_1"},
      {"2 F\n", "2 T\n", MAZE_EPLAY, 0, 0,
       "model 1: the model says HAS_GOLD_0 is true, but the path has not got "
       "GOLD by time 0"},
  };
  maze_puzzle *p = course_puzzle("2 GOLD RUBY");
  maze_encoding *e = encode(p, 1);
  text good;
  int models;
  answer(e, 1, &good, &models);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    text t;
    edited(good.s, cases[i].from, cases[i].to, &t);
    maze_result r;
    maze_error err;
    int rc = maze_result_read(t.s, t.n, &r, &err);
    CHECK(rc == cases[i].code && err.line == cases[i].line &&
              err.column == cases[i].column &&
              !strcmp(err.message, cases[i].message),
          "answer case %zu: %d at %ld:%ld: %s", i + 1, rc, err.line, err.column,
          err.message);
    assert_null(r.encoding);
    assert_false(r.solved);
    free(t.s);
  }
  free(good.s);

  /* A second model that is no path: the message names it. */
  text two;
  answer(e, 1, &two, &models);
  char *key = strstr(two.s, "maze-key");
  size_t values = (size_t)(key - two.s);
  text t = {0};
  put(&t, "");
  char *first = malloc(values + 1);
  memcpy(first, two.s, values);
  first[values] = '\0';
  put(&t, first);
  edited(first, "6 T\n", "6 F\n", &good); /* no place at time 1 */
  put(&t, good.s);
  put(&t, "0\n");
  put(&t, key);
  maze_result r;
  maze_error err;
  assert_int_equal(maze_result_read(t.s, t.n, &r, &err), MAZE_EPLAY);
  assert_string_equal(err.message, "model 2: no place is true at time 1");
  free(first);
  free(good.s);
  free(two.s);
  free(t.s);
  maze_encoding_free(e);
  maze_puzzle_free(p);
}

/* ---- The judge itself ------------------------------------------------------
 * Its answers on the course's maze, worked out by hand, and the paths it
 * must refuse: a judge that accepts anything would pass every test below.
 */

static void test_judge(void **state) {
  (void)state;
  char buf[1024], why[200];
  static const struct {
    const char *task;
    int fewest;
    long paths, timed;
  } cases[] = {
      {"2 GOLD RUBY", 2, 1, 1},      /* START C F */
      {"4 GOLD WAND RUBY", 4, 3, 3}, /* START C D C F, START C F C D,
                                        START A D C F */
      {"2 GOLD RING", 4, 0, 0},      /* START C D E H, ... */
      {"0", 0, 1, 1},                /* START */
      {"1", 0, 3, 3},                /* START, START A, START C; timed:
                                        START START, START A, START C */
      {"1 GOLD", 1, 1, 1},           /* START C */
  };
  mc_maze m;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    course(cases[i].task, buf, sizeof buf);
    assert_true(mc_read(buf, strlen(buf), &m, why, sizeof why));
    assert_int_equal(m.nodes, 9);
    assert_int_equal(m.treasures, 4);
    CHECK(mc_fewest_moves(&m) == cases[i].fewest &&
              mc_count_paths(&m) == cases[i].paths &&
              mc_count_timed(&m) == cases[i].timed,
          "judge on '%s': %d moves, %ld paths, %ld timed", cases[i].task,
          mc_fewest_moves(&m), mc_count_paths(&m), mc_count_timed(&m));
  }
  course("2 GOLD RUBY", buf, sizeof buf);
  assert_true(mc_read(buf, strlen(buf), &m, why, sizeof why));
  static const char *const good[][5] = {{"START", "C", "F"},
                                        {"START", "C", "C", "F"}};
  assert_true(mc_check_path(&m, good[0], 3, why, sizeof why));
  assert_true(mc_check_path(&m, good[1], 4, why, sizeof why));
  static const struct {
    const char *path[6];
    size_t n;
  } bad[] = {
      {{"C", "F"}, 2},                    /* not from START */
      {{"START", "F"}, 2},                /* no link */
      {{"START", "C", "D", "C", "F"}, 5}, /* 4 moves for K = 2 */
      {{"START", "C"}, 2},                /* no ruby */
      {{"START", "A", "B"}, 3},           /* no ruby */
      {{"START", "X", "F"}, 3},           /* no node X */
      {{NULL}, 0},                        /* empty */
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    CHECK(!mc_check_path(&m, bad[i].path, bad[i].n, why, sizeof why),
          "the judge accepts bad path %zu", i + 1);
  assert_true(mc_check_line(&m, "START C F\n", 10, why, sizeof why));
  static const char *const lines[] = {"START  C F\n", "START C F \n",
                                      " START C F\n", "START\tC F\n",
                                      "START C\nF\n", "START C D\n"};
  for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
    CHECK(!mc_check_line(&m, lines[i], strlen(lines[i]), why, sizeof why),
          "the judge accepts the line '%s'", lines[i]);
  /* One way links: B leads to START, nothing to B. */
  static const char one_way[] = "START A B\nGEM\n5 GEM\nSTART NONE A\n"
                                "A NONE START\nB GEM START\n";
  assert_true(mc_read(one_way, strlen(one_way), &m, why, sizeof why));
  assert_int_equal(mc_fewest_moves(&m), -1);
  assert_int_equal(mc_count_paths(&m), 0);
  assert_false(mc_read("START\n", 6, &m, why, sizeof why));
  assert_false(mc_read("START A\nNONE\n0\nSTART NONE A\n", 27, &m, why,
                       sizeof why)); /* A has no line */
}

/* ---- Random mazes, judged by tests/mazecheck.c ---------------------------
 */

static uint64_t rng;

static unsigned rnd(unsigned n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)(rng % n);
}

/* Blanks between words: mostly one space, sometimes tabs and more. */
static const char *gap(void) {
  static const char *const gaps[] = {" ", " ", " ", " ", "\t", "  ", " \t "};
  return gaps[rnd(7)];
}

/* The end of a line: LF, sometimes CRLF, a comment, or blank lines. */
static void line_end(text *t) {
  switch (rnd(8)) {
  case 0:
    put(t, "\r\n");
    break;
  case 1:
    put(t, "  # a comment\n");
    break;
  case 2:
    put(t, "\n\n# a line of comment\n   \n");
    break;
  default:
    put(t, "\n");
  }
}

/* A random maze of 2..10 nodes (START and names of many shapes), 0..4
 * treasures at random nodes, links each way at random (some one way,
 * some to the node itself), K 0..6, a random set of wanted treasures. */
static void random_maze(text *t) {
  static const char *const shapes[] = {"n%d",   "N_%d",  "\xce\xb1%d", "x.%d",
                                       "AT_%d", "has%d", "r-%d!"};
  char node[10][32], treasure[4][32], word[64];
  int n = 2 + (int)rnd(9), nt = (int)rnd(5), at[10];
  bool link[10][10] = {{false}};
  unsigned density = 2 + rnd(4), one_way = rnd(2);
  int shape = (int)rnd(7);
  for (int v = 0; v < n; v++)
    snprintf(node[v], sizeof node[v], shapes[shape], v);
  snprintf(node[rnd((unsigned)n)], sizeof node[0], "START");
  for (int k = 0; k < nt; k++)
    snprintf(treasure[k], sizeof treasure[k], rnd(2) ? "T%d" : "g_%d", k);
  for (int v = 0; v < n; v++) {
    at[v] = nt && rnd(5) < 2 ? (int)rnd((unsigned)nt) : -1;
    for (int w = 0; w < n; w++)
      if ((v != w || !rnd(6)) && rnd(10) < density) {
        link[v][w] = true;
        link[w][v] |= !one_way;
      }
  }
  memset(t, 0, sizeof *t);
  put(t, rnd(4) ? "" : "# a random maze\n\n");
  for (int v = 0; v < n; v++) {
    put(t, v ? gap() : "");
    put(t, node[v]);
  }
  line_end(t);
  for (int k = 0; k < nt; k++) {
    put(t, k ? gap() : "");
    put(t, treasure[k]);
  }
  put(t, nt ? "" : "NONE");
  line_end(t);
  snprintf(word, sizeof word, "%u", rnd(7));
  put(t, word);
  int wanted[4], nw = (int)rnd((unsigned)nt + 1); /* in a random order */
  for (int k = 0; k < nt; k++)
    wanted[k] = k;
  for (int k = nt - 1; k > 0; k--) {
    int j = (int)rnd((unsigned)k + 1), x = wanted[k];
    wanted[k] = wanted[j];
    wanted[j] = x;
  }
  for (int k = 0; k < nw; k++) {
    put(t, gap());
    put(t, treasure[wanted[k]]);
  }
  line_end(t);
  int order[10];
  for (int v = 0; v < n; v++)
    order[v] = v;
  for (int v = n - 1; v > 0; v--) { /* node lines in a random order */
    int w = (int)rnd((unsigned)v + 1), x = order[v];
    order[v] = order[w];
    order[w] = x;
  }
  for (int i = 0; i < n; i++) {
    int v = order[i];
    put(t, node[v]);
    put(t, gap());
    put(t, at[v] >= 0 ? treasure[at[v]] : "NONE");
    for (int w = 0; w < n; w++)
      if (link[v][w]) {
        put(t, gap());
        put(t, node[w]);
      }
    line_end(t);
  }
}

static void test_random_mazes(void **state) {
  (void)state;
  int solvable = 0, unsolvable = 0, counted = 0;
  char why[200], path[512];
  rng = 0x9e3779b97f4a7c15u;
  long count = tier_cases(RANDOM_MAZES);
  for (int i = 0; i < count; i++) {
    text t;
    random_maze(&t);
    mc_maze m;
    CHECK(mc_read(t.s, t.n, &m, why, sizeof why), "judge: %s in\n%s", why, t.s);
    maze_puzzle *p = parse(t.s);
    /* The canonical text reads back to itself. */
    char *canon = maze_puzzle_text(p, NULL);
    maze_puzzle *q = parse(canon);
    char *again = maze_puzzle_text(q, NULL);
    CHECK(!strcmp(canon, again),
          "maze %d: the canonical text\n%sreads back as\n%s", i, canon, again);
    free(again);
    free(canon);
    maze_puzzle_free(q);

    int fewest = mc_fewest_moves(&m), k = m.steps;
    bool expect = fewest >= 0 && fewest <= k;
    solvable += expect;
    unsolvable += !expect;
    long timed = mc_count_timed(&m);
    for (int prune = 0; prune <= 1; prune++) {
      maze_encoding *e = encode(p, prune);
      int64_t kinds[9];
      count_kinds(e, kinds);
      int times[8];
      int res = solve(e, times);
      CHECK((res == DPLL_SAT) == expect,
            "maze %d, prune %d: the solver says %s, the judge's fewest moves "
            "are %d for K = %d:\n%s",
            i, prune, res == DPLL_SAT ? "SAT" : "UNSAT", fewest, k, t.s);
      if (res == DPLL_SAT)
        CHECK(judge_path(&m, p, times, (size_t)k + 1, why, sizeof why),
              "maze %d, prune %d: the path %s: %s\n%s", i, prune,
              path_text(p, times, (size_t)k + 1, path, sizeof path), why, t.s);
      /* The same through dpll's answer: every model, when they are few. */
      if (timed <= 300) {
        text a;
        int models;
        answer(e, 1000, &a, &models);
        maze_result r;
        maze_error err;
        int rc = maze_result_read(a.s, a.n, &r, &err);
        CHECK(rc == 0, "maze %d: %s", i, err.message);
        CHECK((long)r.num_models == timed &&
                  (long)r.num_solutions == mc_count_paths(&m),
              "maze %d, prune %d: %zu models and %zu paths; the judge counts "
              "%ld and %ld:\n%s",
              i, prune, r.num_models, r.num_solutions, timed,
              mc_count_paths(&m), t.s);
        for (size_t s = 0; s < r.num_solutions; s++)
          CHECK(judge_path(&m, p, r.paths + r.path_start[s],
                           r.path_start[s + 1] - r.path_start[s], why,
                           sizeof why),
                "maze %d: solution %zu: %s", i, s + 1, why);
        counted += prune;
        maze_result_clear(&r);
        free(a.s);
      }
      maze_encoding_free(e);
    }
    maze_puzzle_free(p);
    free(t.s);
  }
  print_message("%ld random mazes: %d solvable, %d not; %d with every model "
                "counted\n",
                count, solvable, unsolvable, counted);
  /* Both answers must be common, or the comparison proves little. */
  assert_true(solvable >= count / 5);
  assert_true(unsolvable >= count / 5);
  assert_true(counted >= count / 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parse_errors),
      cmocka_unit_test(test_parse_limits),
      cmocka_unit_test(test_parse_course),
      cmocka_unit_test(test_parse_loose),
      cmocka_unit_test(test_set_task),
      cmocka_unit_test(test_misuse),
      cmocka_unit_test(test_strerror),
      cmocka_unit_test(test_counts),
      cmocka_unit_test(test_atoms),
      cmocka_unit_test(test_options),
      cmocka_unit_test(test_key_round_trip),
      cmocka_unit_test(test_key_errors),
      cmocka_unit_test(test_decode),
      cmocka_unit_test(test_check_path),
      cmocka_unit_test(test_course_questions),
      cmocka_unit_test(test_answer_one),
      cmocka_unit_test(test_answer_keyed),
      cmocka_unit_test(test_answer_all),
      cmocka_unit_test(test_answer_errors),
      cmocka_unit_test(test_judge),
      cmocka_unit_test(test_random_mazes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
