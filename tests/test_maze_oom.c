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

/* ---- The calls, with what must hold when they fail ---- */

static maze_encoding *encoding_new(const maze_puzzle *p) {
  int code = 1;
  maze_encoding *e = maze_encoding_new(p, &code);
  assert_int_equal(code, e ? 0 : MAZE_ENOMEM);
  return e;
}

/* The answer read back: dpll's, the key inside it (key NULL), or another
 * solver's, the key given apart.  A failed read leaves r all zero. */
static int read_answer(const text *answer, const char *key, size_t size,
                       maze_result *r) {
  maze_error err;
  int rc =
      key ? maze_result_read_keyed(answer->s, answer->n, key, size, r, &err)
          : maze_result_read(answer->s, answer->n, r, &err);
  if (rc)
    assert_true(!r->solved && !r->encoding && !r->times && !r->paths &&
                !r->path_start && !r->num_models && !r->num_solutions);
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

/* Every clause, into a new count and digest. */
static int emit(const maze_encoding *e, oom_sink *s) {
  *s = (oom_sink){0, 0};
  return maze_encoding_emit(e, oom_take, s);
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
static void make_model(const maze_encoding *e, const int *path, bool wrong_has,
                       test_model *m) {
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

/* ---- The session ---- */

/* Reads dpll's answer and the competition answer to e's clauses (a model
 * m, or NULL: unsatisfiable) back with key. */
static void answer_session(const test_model *m, const char *key, size_t size,
                           uint64_t *d) {
  text answer;
  maze_result r;
  int rc;
  answer_dp(m, key, size, &answer);
  WITH_FAILURE(rc, read_answer(&answer, NULL, 0, &r));
  assert_int_equal(rc, 0);
  assert_int_equal(r.solved, m != NULL);
  oom_mix_int(d, (int64_t)r.num_solutions);
  for (size_t i = 0; m && i < r.path_start[1]; i++)
    oom_mix_int(d, r.paths[i]);
  maze_result_clear(&r);
  free(answer.s);
  answer_competition(m, &answer);
  WITH_FAILURE(rc, read_answer(&answer, key, size, &r));
  assert_int_equal(rc, 0);
  assert_int_equal(r.solved, m != NULL);
  oom_mix_int(d, maze_encoding_atoms(r.encoding));
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
  oom_sink s;
  WITH_FAILURE(rc, emit(e, &s));
  assert_int_equal(rc, 0);
  assert_int_equal(s.clauses, maze_encoding_clauses(e));
  oom_mix_int(d, maze_encoding_atoms(e));
  oom_mix_int(d, (int64_t)s.digest);

  size_t size = 0;
  char *key, *again;
  maze_error err;
  WITH_FAILURE_PTR(key, maze_key_text(e, &size));
  oom_mix_str(d, key);
  WITH_FAILURE_MAKE(rc, maze_key_parse(key, size, &back, &err), back,
                    MAZE_ENOMEM);
  assert_int_equal(rc, 0);
  WITH_FAILURE_PTR(again, maze_key_text(back, NULL));
  assert_string_equal(again, key);
  free(again);
  maze_encoding_free(back);

  test_model m = {NULL, 0}, wrong = {NULL, 0};
  if (solvable) {
    int path[STEPS + 1], times[STEPS + 1];
    for (int I = 0; I <= STEPS; I++)
      path[I] = maze_node_lookup(p, path_names[I]);
    make_model(e, path, false, &m);
    WITH_FAILURE(rc, maze_decode(e, test_model_value, &m, times, &err));
    assert_int_equal(rc, 0);
    assert_memory_equal(times, path, sizeof path);
    make_model(e, path, true, &wrong);
    WITH_FAILURE(rc, maze_decode(e, test_model_value, &wrong, times, &err));
    assert_int_equal(rc, MAZE_EPLAY);
    oom_mix_error(d, err.line, err.column, err.message);
    free(wrong.v);
  }
  answer_session(solvable ? &m : NULL, key, size, d);
  free(m.v);
  free(key);
  maze_encoding_free(e);
}

/* The maze read, a bad one refused, the copy written: the good maze. */
static maze_puzzle *puzzle_session(uint64_t *d) {
  int rc;
  maze_error err;
  maze_puzzle *p, *bad, *copy;
  WITH_FAILURE_MAKE(rc,
                    maze_puzzle_parse(maze_text, strlen(maze_text), &p, &err),
                    p, MAZE_ENOMEM);
  assert_int_equal(rc, 0);
  WITH_FAILURE_MAKE(rc,
                    maze_puzzle_parse(bad_text, strlen(bad_text), &bad, &err),
                    bad, MAZE_ENOMEM);
  assert_int_equal(rc, MAZE_EPARSE);
  assert_null(bad);
  oom_mix_error(d, err.line, err.column, err.message);
  WITH_FAILURE_PTR(copy, maze_puzzle_copy(p));
  char *t;
  WITH_FAILURE_PTR(t, maze_puzzle_text(copy, NULL));
  oom_mix_str(d, t);
  free(t);
  maze_puzzle_free(copy);
  return p;
}

/* One session; returns whether the planned failure happened in it, and
 * the digest of what it produced in *out: the maze's path, pruned and
 * not; then, with RUBY to get in one step, no path. */
static bool session(uint64_t *out) {
  oom_session();
  uint64_t digest = 0xCBF29CE484222325ULL;
  maze_puzzle *p = puzzle_session(&digest);
  for (int prune = 1; prune >= 0; prune--)
    encode_session(p, prune, true, &digest);
  const int ruby[] = {maze_treasure_lookup(p, "RUBY")};
  int rc;
  WITH_FAILURE(rc, set_task(p, 1, ruby, 1));
  assert_int_equal(rc, 0);
  for (int prune = 1; prune >= 0; prune--)
    encode_session(p, prune, false, &digest);
  maze_puzzle_free(p);
  *out = digest;
  return oom.failed;
}

int main(void) { return oom_main(session, 100); }
