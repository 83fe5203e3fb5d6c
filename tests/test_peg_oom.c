/* test_peg_oom.c - running out of memory in libpeg: each allocation of a
 * whole session (board files parsed, good and bad; boards built, copied,
 * checked and written; catalogue boards; every at-most-one encoding with
 * the redundant clauses, counted and emitted; the key written and read
 * back; a model decoded and replayed; a solver's answers read, with a
 * solution and without; drawings) is made to fail in turn.  Every call must
 * report PEG_ENOMEM (or NULL where the API says so) and leave what it was
 * given usable: retried, the session gives exactly what an unarmed run
 * gives (a digest of everything it produced).  The failures come from
 * failalloc.c; the sanitizer build finds what a failure path leaks.
 *
 * Each allocation failing costs a whole session, so the test's time grows
 * with the square of the session's allocations.  In the quick tier
 * (tests/tier.h) every at-most-one encoding of the square is built,
 * counted, emitted and its key written and read back, but the answers
 * (decoding, replay, results with and without a solution: the same calls
 * whatever the encoding) are read for one encoding of each board, pairwise
 * on the square and commander on the triangle, the triangle's only
 * encoding: about 1000 allocations rather than 2300.  The long tier's
 * session does all of that with every encoding on both boards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "failalloc.h"
#include "peg.h"
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a call returns when memory runs out. */
#define WITH_FAILURE(result, call) WITH_FAILURE_CODE(result, call, PEG_ENOMEM)

/* ---- What a session produced, in the digest (failalloc.h) ---- */

static void mix_error(uint64_t *d, const peg_error *err) {
  oom_mix_int(d, err->line);
  oom_mix_int(d, err->column);
  oom_mix_str(d, err->message);
}

/* ---- The calls, with what must hold when they fail ---- */

static int parse(const char *text, peg_board **b, peg_error *err) {
  int rc = peg_board_parse(text, strlen(text), b, err);
  if (rc)
    assert_null(*b);
  return rc;
}

static int board_named(const char *name, peg_board **b) {
  int rc = peg_board_named(name, b);
  if (rc)
    assert_null(*b);
  return rc;
}

static peg_encoding *encoding_new(const peg_board *b) {
  int code = 1;
  peg_encoding *e = peg_encoding_new(b, &code);
  assert_int_equal(code, e ? 0 : PEG_ENOMEM);
  return e;
}

static int key_parse(const char *text, size_t size, peg_encoding **e) {
  peg_error err;
  int rc = peg_key_parse(text, size, e, &err);
  if (rc)
    assert_null(*e);
  return rc;
}

static int result_read(const char *text, size_t size, peg_result *r) {
  peg_error err;
  int rc = peg_result_read(text, size, r, &err);
  if (rc)
    assert_true(!r->encoding && !r->jumps && !r->solved);
  return rc;
}

/* The same for another solver's answer, the key given apart. */
static int result_read_keyed(const text *answer, const char *key, size_t size,
                             peg_result *r) {
  peg_error err;
  int rc = peg_result_read_keyed(answer->s, answer->n, key, size, r, &err);
  if (rc)
    assert_true(!r->encoding && !r->jumps && !r->solved);
  return rc;
}

static int emit(const peg_encoding *e, oom_sink *s) {
  s->clauses = 0;
  s->digest = 0;
  return peg_encoding_emit(e, oom_take, s);
}

/* ---- The puzzles ---- */

/* A 3 by 3 square with every kind of line: pegs in 1, 2 and 6; the play
 * 1 over 2 into 3, then 3 over 6 into 9, leaves the goal. */
static const char board_text[] = "# a small square\n"
                                 "9 0\n"
                                 "start 1 2 6\n"
                                 "goal 9\n"
                                 "layout square\n"
                                 "at 1 1 1\nat 2 1 2\nat 3 1 3\n"
                                 "at 4 2 1\nat 5 2 2\nat 6 2 3\n"
                                 "at 7 3 1\nat 8 3 2\nat 9 3 3\n"
                                 "1 2 3\n4 5 6\n7 8 9\n"
                                 "1 4 7\n2 5 8\n3 6 9\n";
static const peg_jump play[] = {{1, 2, 3}, {3, 6, 9}};
#define STEPS 2

/* Two holes in one place: found by peg_board_check, which allocates. */
static const char bad_text[] = "3 1\nlayout square\n"
                               "at 1 1 1\nat 2 1 2\nat 3 1 1\n1 2 3\n";

/* The model of the play: Jump and Peg atoms from replaying it, the
 * at-most-one encoding's atoms false (peg_decode does not read them). */
static void make_model(const peg_encoding *e, test_model *m) {
  const peg_board *b = peg_encoding_board(e);
  m->atoms = peg_encoding_atoms(e);
  m->v = calloc((size_t)m->atoms + 1, 1);
  assert_non_null(m->v);
  unsigned char pegs[10];
  assert_int_equal(peg_start_pegs(b, &play[0], pegs), 0);
  for (int t = 1; t <= STEPS + 1; t++) {
    for (int h = 1; h <= 9; h++)
      m->v[peg_atom_peg(e, h, t)] = pegs[h];
    if (t <= STEPS) {
      const peg_jump *j = &play[t - 1];
      m->v[peg_atom_jump(e, j->from, j->over, j->to, t)] = 1;
      assert_int_equal(peg_apply(b, pegs, *j), 0);
    }
  }
}

/* ---- The session ---- */

/* Encodes b with at-most-one encoding how and every redundant clause:
 * counts, emits, writes the key and reads it back; with answers, for the
 * square, decodes and replays the play and reads dpll's answer, for the
 * other board reads an answer without a solution (both also in the
 * competition format). */
static void encode_session(const peg_board *b, int how, bool square,
                           bool answers, uint64_t *d) {
  peg_encoding *e, *back;
  int rc;
  WITH_FAILURE_PTR(e, encoding_new(b));
  assert_int_equal(peg_encoding_set_option(e, "at_most_one", how), 0);
  assert_int_equal(peg_encoding_set_option(e, "canonical_order", 1), 0);
  assert_int_equal(peg_encoding_set_option(e, "position_classes", 1), 0);
  assert_int_equal(peg_encoding_set_option(e, "at_least_one", 1), 0);
  int64_t clauses;
  WITH_FAILURE(clauses, peg_encoding_clauses(e));
  oom_sink s;
  WITH_FAILURE(rc, emit(e, &s));
  assert_int_equal(rc, 0);
  assert_int_equal(s.clauses, clauses);
  oom_mix_int(d, peg_encoding_atoms(e));
  oom_mix_int(d, clauses);
  oom_mix_int(d, (int64_t)s.digest);

  size_t size = 0;
  char *key, *again;
  WITH_FAILURE_PTR(key, peg_key_text(e, &size));
  oom_mix_str(d, key);
  WITH_FAILURE(rc, key_parse(key, size, &back));
  assert_int_equal(rc, 0);
  WITH_FAILURE_PTR(again, peg_key_text(back, NULL));
  assert_string_equal(again, key);
  free(again);
  peg_encoding_free(back);
  if (!answers) {
    free(key);
    peg_encoding_free(e);
    return;
  }

  test_model m = {NULL, 0};
  if (square) {
    make_model(e, &m);
    peg_jump jumps[STEPS];
    peg_error err;
    WITH_FAILURE(rc, peg_decode(e, test_model_value, &m, jumps, &err));
    assert_int_equal(rc, 0);
    assert_memory_equal(jumps, play, sizeof play);
    WITH_FAILURE(rc, peg_replay(b, jumps, STEPS, &err));
    assert_int_equal(rc, 0);
  }
  text answer;
  answer_dp(square ? &m : NULL, key, size, &answer);
  peg_result r;
  WITH_FAILURE(rc, result_read(answer.s, answer.n, &r));
  assert_int_equal(rc, 0);
  assert_int_equal(r.solved, square);
  assert_int_equal(r.num_jumps, square ? STEPS : 0);
  if (square)
    assert_memory_equal(r.jumps, play, sizeof play);
  oom_mix_int(d, peg_encoding_atoms(r.encoding));
  peg_result_clear(&r);
  free(answer.s);
  answer_competition(square ? &m : NULL, &answer);
  WITH_FAILURE(rc, result_read_keyed(&answer, key, size, &r));
  assert_int_equal(rc, 0);
  assert_int_equal(r.solved, square);
  if (square)
    assert_memory_equal(r.jumps, play, sizeof play);
  peg_result_clear(&r);
  free(answer.s);
  free(m.v);
  free(key);
  peg_encoding_free(e);
}

/* Draws b at its start, and after each jump of the play on the square. */
static void draw_session(const peg_board *b, bool square, uint64_t *d) {
  unsigned char pegs[PEG_MAX_HOLES + 1];
  char buf[1024];
  int n;
  assert_int_equal(peg_start_pegs(b, NULL, pegs), 0);
  for (int t = 0; t <= (square ? STEPS : 0); t++) {
    if (t)
      assert_int_equal(peg_apply(b, pegs, play[t - 1]), 0);
    WITH_FAILURE(n, peg_draw(b, pegs, buf, sizeof buf));
    assert_true(n > 0 && (size_t)n < sizeof buf);
    oom_mix_str(d, buf);
  }
  WITH_FAILURE(n, peg_hole_name(b, 1, buf, sizeof buf));
  assert_true(n > 0);
  oom_mix_str(d, buf);
}

/* A board built triple by triple, past the first capacities of the list
 * and the set of triples; a duplicate is still found after a failure. */
static void build_session(uint64_t *d) {
  peg_board *b;
  int rc;
  WITH_FAILURE_PTR(b, peg_board_new(60));
  for (int a = 1; a + 2 <= 60; a++) {
    WITH_FAILURE(rc, peg_board_add_triple(b, a, a + 1, a + 2));
    assert_int_equal(rc, 0);
  }
  assert_int_equal(peg_board_add_triple(b, 40, 39, 38), PEG_EDUPLICATE);
  assert_int_equal(peg_board_num_triples(b), 58);
  char *t;
  WITH_FAILURE_PTR(t, peg_board_text(b, NULL));
  oom_mix_str(d, t);
  free(t);
  peg_board_free(b);
}

/* Whether the session reads the answers of every at-most-one encoding
 * (the long tier), or of pairwise on the square and commander on the
 * triangle only: set once, before the first session. */
static bool every_answer;

/* One session; returns whether the planned failure happened in it, and
 * the digest of what it produced in *out. */
static bool session(uint64_t *out) {
  oom_session();
  uint64_t d = 0xCBF29CE484222325ULL;
  int rc;
  peg_error err;
  build_session(&d);

  peg_board *square, *bad, *copy, *english, *t4;
  WITH_FAILURE(rc, parse(board_text, &square, &err));
  assert_int_equal(rc, 0);
  WITH_FAILURE(rc, parse(bad_text, &bad, &err));
  assert_int_equal(rc, PEG_EPARSE);
  mix_error(&d, &err);
  WITH_FAILURE_PTR(copy, peg_board_copy(square));
  WITH_FAILURE(rc, peg_board_check(copy, &err));
  assert_int_equal(rc, 0);
  char *t;
  WITH_FAILURE_PTR(t, peg_board_text(copy, NULL));
  oom_mix_str(&d, t);
  free(t);
  peg_board_free(copy);

  WITH_FAILURE(rc, board_named("english", &english));
  assert_int_equal(rc, 0);
  WITH_FAILURE_PTR(t, peg_board_text(english, NULL));
  oom_mix_str(&d, t);
  free(t);
  draw_session(english, false, &d);
  peg_board_free(english);

  WITH_FAILURE(rc, board_named("triangle4", &t4));
  assert_int_equal(rc, 0);
  draw_session(square, true, &d);
  draw_session(t4, false, &d);
  for (int how = 0; how < PEG_AMO_COUNT; how++) {
    encode_session(square, how, true, every_answer || how == PEG_AMO_PAIRWISE,
                   &d);
    if (every_answer || how == PEG_AMO_COMMANDER)
      encode_session(t4, how, false, true, &d);
  }
  peg_board_free(t4);
  peg_board_free(square);
  *out = d;
  return oom.failed;
}

int main(void) {
  every_answer = tier_long();
  return oom_main(session, 100);
}
