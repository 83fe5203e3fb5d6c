/* test_maze_oom.c - running out of memory in libmaze: each allocation of a
 * whole session (maze files parsed, good and bad; puzzles copied, written
 * and given a new task; encodings with and without pruning, their options
 * set, clauses emitted; keys written and read back; models decoded and
 * checked, a wrong one too; a solver's answers read, with a solution and
 * without, in dpll's form and with a key apart) is made to fail in turn.
 * Every call must report MAZE_ENOMEM (or NULL where the API says so) and
 * leave what it was given usable: retried, the session gives exactly what
 * an unarmed run gives (a digest of everything it produced).  The failures
 * come from failalloc.c, as in test_peg_oom; the sanitizer build finds
 * what a failure path leaks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "failalloc.h"
#include "maze.h"
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a call returns when memory runs out. */
#define WITH_FAILURE(result, call) WITH_FAILURE_CODE(result, call, MAZE_ENOMEM)

/* ---- What a session produced, as one FNV-1a digest ---- */

static void mix(uint64_t *d, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++)
    *d = (*d ^ s[i]) * 0x100000001B3ULL;
}

static void mix_int(uint64_t *d, int64_t v) { mix(d, &v, sizeof v); }

static void mix_str(uint64_t *d, const char *s) { mix(d, s, strlen(s) + 1); }

static void mix_error(uint64_t *d, const maze_error *err) {
  mix_int(d, err->line);
  mix_int(d, err->column);
  mix_str(d, err->message);
}

/* ---- The calls, with what must hold when they fail ---- */

static int parse(const char *text, maze_puzzle **p, maze_error *err) {
  int rc = maze_puzzle_parse(text, strlen(text), p, err);
  if (rc)
    assert_null(*p);
  return rc;
}

static maze_encoding *encoding_new(const maze_puzzle *p) {
  int code = 1;
  maze_encoding *e = maze_encoding_new(p, &code);
  assert_int_equal(code, e ? 0 : MAZE_ENOMEM);
  return e;
}

static int key_parse(const char *text, size_t size, maze_encoding **e,
                     maze_error *err) {
  int rc = maze_key_parse(text, size, e, err);
  if (rc)
    assert_null(*e);
  return rc;
}

/* A failed read leaves the result all zero. */
static void assert_cleared(const maze_result *r) {
  assert_true(!r->solved && !r->encoding && !r->times && !r->paths &&
              !r->path_start && !r->num_models && !r->num_solutions);
}

static int result_read(const text *answer, maze_result *r) {
  maze_error err;
  int rc = maze_result_read(answer->s, answer->n, r, &err);
  if (rc)
    assert_cleared(r);
  return rc;
}

/* The same for another solver's answer, the key given apart. */
static int result_read_keyed(const text *answer, const char *key, size_t size,
                             maze_result *r) {
  maze_error err;
  int rc = maze_result_read_keyed(answer->s, answer->n, key, size, r, &err);
  if (rc)
    assert_cleared(r);
  return rc;
}

/* A puzzle whose task changes; unchanged when the change fails. */
static int set_task(maze_puzzle *p, int steps, const int *wanted, size_t n) {
  int before = maze_puzzle_steps(p);
  int rc = maze_puzzle_set_task(p, steps, wanted, n);
  if (rc)
    assert_int_equal(maze_puzzle_steps(p), before);
  return rc;
}

/* An option set; a failure leaves the encoding as it was. */
static int set_prune(maze_encoding *e, int value) {
  int before = maze_encoding_atoms(e);
  int rc = maze_encoding_set_option(e, "prune", value);
  if (rc)
    assert_int_equal(maze_encoding_atoms(e), before);
  return rc;
}

/* The clauses of an emit, counted and digested; a failed emit's partial
 * clauses are forgotten by the retry. */
typedef struct sink {
  int64_t clauses;
  uint64_t digest;
} sink;

static int take(void *ctx, const int *lits, size_t n) {
  sink *s = ctx;
  s->clauses++;
  mix(&s->digest, lits, n * sizeof *lits);
  mix_int(&s->digest, 0);
  return 0;
}

static int emit(const maze_encoding *e, sink *s) {
  s->clauses = 0;
  s->digest = 0;
  return maze_encoding_emit(e, take, s);
}

/* ---- The puzzles ---- */

/* Every kind of line, comments and blanks; with K = 2 and GOLD wanted the
 * path START A A collects it (RUBY is not wanted: pruning drops it). */
static const char maze_text[] = "# a small maze\n"
                                "START A B C\n"
                                "\n"
                                "GOLD RUBY\n"
                                "2 GOLD\n"
                                "START NONE A\n"
                                "A GOLD START B   # the gold\n"
                                "B RUBY A C\n"
                                "C NONE B\n";
static const char *const path_names[] = {"START", "A", "A"};
#define STEPS 2

/* C has no line: found at the end, after the parser has allocated. */
static const char bad_text[] = "START A B C\nGOLD\n1 GOLD\n"
                               "START NONE A\nA GOLD START B\nB NONE A C\n";

/* A model: the atoms of path[0..K] (node numbers), the HAS atoms true from
 * the time the path has got their treasure; wrong_has flips the first HAS
 * atom of the last time. */
typedef struct model {
  unsigned char *v; /* [1..atoms] */
  int atoms;
} model;

static void make_model(const maze_encoding *e, const int *path, bool wrong_has,
                       model *m) {
  const maze_puzzle *p = maze_encoding_puzzle(e);
  m->atoms = maze_encoding_atoms(e);
  m->v = calloc((size_t)m->atoms + 1, 1);
  assert_non_null(m->v);
  unsigned char got[8] = {0};
  for (int I = 0; I <= STEPS; I++) {
    int t = maze_node_treasure(p, path[I]);
    if (t >= 0)
      got[t] = 1;
    int a = maze_atom_at(e, path[I], I);
    assert_true(a > 0);
    m->v[a] = 1;
    for (int k = 0; k < maze_puzzle_treasures(p); k++)
      if ((a = maze_atom_has(e, k, I)) > 0)
        m->v[a] = got[k];
  }
  for (int k = 0, a; wrong_has && k < maze_puzzle_treasures(p); k++)
    if ((a = maze_atom_has(e, k, STEPS)) > 0) {
      m->v[a] ^= 1;
      break;
    }
}

static int value(void *ctx, int atom) {
  const model *m = ctx;
  return atom >= 1 && atom <= m->atoms ? m->v[atom] : -1;
}

/* dpll's answer in the DP format: the model (if any), "0", the key. */
static void make_answer(const model *m, const char *key, size_t size, text *t) {
  memset(t, 0, sizeof *t);
  for (int a = 1; m && a <= m->atoms; a++) {
    char line[32];
    int n = snprintf(line, sizeof line, "%d %c\n", a, m->v[a] ? 'T' : 'F');
    put(t, line, (size_t)n);
  }
  put(t, "0\n", 2);
  put(t, key, size);
}

/* The same answer as a SAT-competition answer: "s SATISFIABLE" and a "v"
 * line, or "s UNSATISFIABLE". */
static void make_competition(const model *m, text *t) {
  memset(t, 0, sizeof *t);
  put(t, m ? "s SATISFIABLE\nv" : "s UNSATISFIABLE\n", m ? 15 : 16);
  for (int a = 1; m && a <= m->atoms; a++) {
    char lit[24];
    int n = snprintf(lit, sizeof lit, " %d", m->v[a] ? a : -a);
    put(t, lit, (size_t)n);
  }
  if (m)
    put(t, " 0\n", 3);
}

/* ---- The session ---- */

/* Reads dpll's answer and the competition answer to e's clauses (a model
 * m, or NULL: unsatisfiable) back with key. */
static void answer_session(const model *m, const char *key, size_t size,
                           uint64_t *d) {
  text answer;
  maze_result r;
  int rc;
  make_answer(m, key, size, &answer);
  WITH_FAILURE(rc, result_read(&answer, &r));
  assert_int_equal(rc, 0);
  assert_int_equal(r.solved, m != NULL);
  mix_int(d, (int64_t)r.num_solutions);
  for (size_t i = 0; m && i < r.path_start[1]; i++)
    mix_int(d, r.paths[i]);
  maze_result_clear(&r);
  free(answer.s);
  make_competition(m, &answer);
  WITH_FAILURE(rc, result_read_keyed(&answer, key, size, &r));
  assert_int_equal(rc, 0);
  assert_int_equal(r.solved, m != NULL);
  mix_int(d, maze_encoding_atoms(r.encoding));
  maze_result_clear(&r);
  free(answer.s);
}

/* Encodes p (pruned or not): emits, writes the key and reads it back;
 * solvable, decodes the path and a wrong model and reads the answers,
 * else reads an answer without a solution. */
static void encode_session(const maze_puzzle *p, int prune, bool solvable,
                           uint64_t *d) {
  maze_encoding *e, *back;
  int rc;
  WITH_FAILURE_PTR(e, encoding_new(p));
  WITH_FAILURE(rc, set_prune(e, prune));
  assert_int_equal(rc, 0);
  sink s;
  WITH_FAILURE(rc, emit(e, &s));
  assert_int_equal(rc, 0);
  assert_int_equal(s.clauses, maze_encoding_clauses(e));
  mix_int(d, maze_encoding_atoms(e));
  mix_int(d, (int64_t)s.digest);

  size_t size = 0;
  char *key, *again;
  maze_error err;
  WITH_FAILURE_PTR(key, maze_key_text(e, &size));
  mix_str(d, key);
  WITH_FAILURE(rc, key_parse(key, size, &back, &err));
  assert_int_equal(rc, 0);
  WITH_FAILURE_PTR(again, maze_key_text(back, NULL));
  assert_string_equal(again, key);
  free(again);
  maze_encoding_free(back);

  model m = {NULL, 0}, wrong = {NULL, 0};
  if (solvable) {
    int path[STEPS + 1], times[STEPS + 1];
    for (int I = 0; I <= STEPS; I++)
      path[I] = maze_node_lookup(p, path_names[I]);
    make_model(e, path, false, &m);
    WITH_FAILURE(rc, maze_decode(e, value, &m, times, &err));
    assert_int_equal(rc, 0);
    assert_memory_equal(times, path, sizeof path);
    make_model(e, path, true, &wrong);
    WITH_FAILURE(rc, maze_decode(e, value, &wrong, times, &err));
    assert_int_equal(rc, MAZE_EPLAY);
    mix_error(d, &err);
    free(wrong.v);
  }
  answer_session(solvable ? &m : NULL, key, size, d);
  free(m.v);
  free(key);
  maze_encoding_free(e);
}

/* One session; returns whether the planned failure happened in it, and
 * the digest of what it produced in *out. */
static bool session(uint64_t *out) {
  oom_session();
  uint64_t d = 0xCBF29CE484222325ULL;
  int rc;
  maze_error err;
  maze_puzzle *p, *bad, *copy;
  WITH_FAILURE(rc, parse(maze_text, &p, &err));
  assert_int_equal(rc, 0);
  WITH_FAILURE(rc, parse(bad_text, &bad, &err));
  assert_int_equal(rc, MAZE_EPARSE);
  mix_error(&d, &err);
  WITH_FAILURE_PTR(copy, maze_puzzle_copy(p));
  char *t;
  WITH_FAILURE_PTR(t, maze_puzzle_text(copy, NULL));
  mix_str(&d, t);
  free(t);

  for (int prune = 1; prune >= 0; prune--)
    encode_session(p, prune, true, &d);
  /* RUBY in one step: there is no way (the copy's task changes). */
  const int ruby[] = {maze_treasure_lookup(copy, "RUBY")};
  WITH_FAILURE(rc, set_task(copy, 1, ruby, 1));
  assert_int_equal(rc, 0);
  for (int prune = 1; prune >= 0; prune--)
    encode_session(copy, prune, false, &d);
  maze_puzzle_free(copy);
  maze_puzzle_free(p);
  *out = d;
  return oom.failed;
}

static void test_every_allocation(void **state) {
  (void)state;
  uint64_t expected, got;
  oom.at = -1;
  assert_false(session(&expected));
  long points = 0;
  for (oom.at = 0;; oom.at++) {
    if (!session(&got))
      break;
    if (got != expected)
      print_message("allocation %ld: the session gave other results\n", oom.at);
    assert_true(got == expected);
    points++;
  }
  oom.at = -1;
  print_message("%ld allocations failed in turn\n", points);
  assert_true(points > 100);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_allocation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
