/* test_decode.c - lib/peg/decode.c: peg_decode on models built by hand
 * from known plays (found here by a depth-first search over pegcheck's
 * board), its refusals; peg_replay against pegcheck's replay on legal and
 * mutated plays; peg_start_pegs and peg_apply; peg_result_read on answers
 * written as libdpll writes them (by hand and by libdpll itself), and its
 * errors with their line numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "peg.h"
#include "pegcheck.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- plays, by a depth-first search of our own ---- */

#define MAX_PLAYS 64
#define MAX_STEPS 16

typedef struct plays {
  int n;
  int steps;
  peg_jump play[MAX_PLAYS][MAX_STEPS];
} plays;

/* Every sequence of `left` legal jumps from pegs (pc's triples, both
 * directions), recorded when it ends in a position accepted by `goal`
 * (NULL: any). */
static void dfs(const pc_board *pc, unsigned char *pegs, int left,
                const unsigned char *goal, peg_jump *stack, int depth,
                plays *out) {
  if (left == 0) {
    if (goal)
      for (int h = 1; h <= pc->holes; h++)
        if (pegs[h] != goal[h])
          return;
    if (out->n < MAX_PLAYS)
      memcpy(out->play[out->n], stack, (size_t)depth * sizeof *stack);
    out->n++;
    return;
  }
  for (int t = 0; t < pc->num_triples; t++)
    for (int d = 0; d < 2; d++) {
      int f = pc->triples[t][d ? 2 : 0], o = pc->triples[t][1],
          to = pc->triples[t][d ? 0 : 2];
      if (!pegs[f] || !pegs[o] || pegs[to])
        continue;
      pegs[f] = pegs[o] = 0;
      pegs[to] = 1;
      stack[depth].from = f;
      stack[depth].over = o;
      stack[depth].to = to;
      dfs(pc, pegs, left - 1, goal, stack, depth + 1, out);
      pegs[f] = pegs[o] = 1;
      pegs[to] = 0;
    }
}

/* The plays of triangle4 from hole `empty` to one peg. */
static void triangle4_plays(int empty, plays *out) {
  pc_board pc;
  pc_board_triangle(&pc, 4, empty);
  unsigned char pegs[65];
  for (int h = 1; h <= 10; h++)
    pegs[h] = h != empty;
  peg_jump stack[MAX_STEPS];
  memset(out, 0, sizeof *out);
  out->steps = 8;
  dfs(&pc, pegs, 8, NULL, stack, 0, out);
  CHECK((uint64_t)out->n == pc_count_plays(&pc),
        "our search finds %d plays, pegcheck counts %llu", out->n,
        (unsigned long long)pc_count_plays(&pc));
  pc_board_free(&pc);
}

static int pc_judge(const pc_board *pc, const peg_jump *j, int n) {
  int(*x)[3] = malloc((size_t)(n ? n : 1) * sizeof *x);
  assert_non_null(x);
  for (int i = 0; i < n; i++) {
    x[i][0] = j[i].from;
    x[i][1] = j[i].over;
    x[i][2] = j[i].to;
  }
  char why[200];
  int ok = pc_replay(pc, (const int(*)[3])x, n, why, sizeof why);
  free(x);
  return ok;
}

/* ---- models by hand ---- */

/* The number of Jump(j, time), as peg_atom_jump gives it (whatever the
 * option hole_order): one of the atoms of time, (time-1)*J+1 .. time*J. */
static int jump_number(const peg_encoding *e, peg_jump j, int time) {
  int J = 2 * (int)peg_board_num_triples(peg_encoding_board(e));
  int a = peg_atom_jump(e, j.from, j.over, j.to, time);
  CHECK(a > 0, "(%d,%d,%d) is not a jump of the board", j.from, j.over, j.to);
  CHECK(a > (time - 1) * J && a <= time * J,
        "Jump(%d,%d,%d,%d) is atom %d, not one of time %d", j.from, j.over,
        j.to, time, a, time);
  return a;
}

typedef struct model {
  int atoms;
  signed char v[1024]; /* v[atom]: 1, 0, or -1 for "does not say" */
} model;

static int lookup(void *ctx, int atom) {
  model *m = ctx;
  CHECK(atom >= 1 && atom <= m->atoms, "lookup of atom %d of %d", atom,
        m->atoms);
  return m->v[atom];
}

/* The model of play[0..T-1]: its Jump atoms true, the others false, the
 * Peg atoms the positions it passes through from start[1..N]. */
static void make_model(const peg_encoding *e, const unsigned char *start,
                       const peg_jump *play, model *m) {
  const peg_board *b = peg_encoding_board(e);
  int N = peg_board_holes(b);
  int T = peg_encoding_steps(e);
  m->atoms = peg_encoding_atoms(e);
  assert_true(m->atoms < (int)sizeof m->v);
  memset(m->v, 0, sizeof m->v);
  unsigned char pegs[65];
  memcpy(pegs, start, (size_t)N + 1);
  for (int i = 1; i <= T + 1; i++) {
    for (int h = 1; h <= N; h++) {
      int a = peg_atom_peg(e, h, i);
      CHECK(a > 0 && a <= m->atoms, "Peg(%d,%d) is atom %d", h, i, a);
      m->v[a] = (signed char)pegs[h];
    }
    if (i <= T) {
      m->v[jump_number(e, play[i - 1], i)] = 1;
      pegs[play[i - 1].from] = pegs[play[i - 1].over] = 0;
      pegs[play[i - 1].to] = 1;
    }
  }
}

static void start_of(int holes, int empty, unsigned char *pegs) {
  for (int h = 1; h <= holes; h++)
    pegs[h] = h != empty;
}

static void assert_one_line(const char *what, const peg_error *err) {
  const char *nul = memchr(err->message, '\0', sizeof err->message);
  CHECK(nul && nul != err->message && !strchr(err->message, '\n'),
        "%s: message is not one line of text", what);
}

static void test_decode_plays(void **state) {
  (void)state;
  plays p;
  triangle4_plays(2, &p);
  assert_int_equal(p.n, 14);
  peg_board *b = named("triangle4", 2);
  peg_encoding *e = encode(b);
  peg_board *bf = named("triangle4", 0);
  peg_encoding *ef = encode(bf);
  peg_board *bg = named("triangle4", 2);
  const int goal[] = {3};
  assert_int_equal(peg_board_set_goal(bg, goal, 1), 0);
  peg_encoding *eg = encode(bg);
  /* and the atoms numbered in the board's own order */
  peg_encoding *e0 = encode(b);
  assert_int_equal(peg_encoding_set_option(e0, "hole_order", 0), 0);
  unsigned char start[11];
  start_of(10, 2, start);
  pc_board pc;
  pc_board_triangle(&pc, 4, 2);
  for (int k = 0; k < p.n; k++) {
    assert_true(pc_judge(&pc, p.play[k], 8));
    peg_encoding *encs[] = {e, ef, eg, e0};
    const char *names[] = {"from 2", "free start", "from 2 to 3",
                           "from 2, hole_order 0"};
    for (int x = 0; x < 4; x++) {
      model m;
      make_model(encs[x], start, p.play[k], &m);
      peg_jump got[8];
      memset(got, 0, sizeof got);
      peg_error err;
      memset(&err, 0, sizeof err);
      int rc = peg_decode(encs[x], lookup, &m, got, &err);
      CHECK(rc == 0, "%s, play %d: decode gave %d: %s", names[x], k, rc,
            err.message);
      for (int i = 0; i < 8; i++)
        CHECK(got[i].from == p.play[k][i].from &&
                  got[i].over == p.play[k][i].over &&
                  got[i].to == p.play[k][i].to,
              "%s, play %d, jump %d: got (%d,%d,%d), expected (%d,%d,%d)",
              names[x], k, i + 1, got[i].from, got[i].over, got[i].to,
              p.play[k][i].from, p.play[k][i].over, p.play[k][i].to);
      /* err may be NULL */
      assert_int_equal(peg_decode(encs[x], lookup, &m, got, NULL), 0);
    }
  }
  pc_board_free(&pc);
  peg_encoding_free(e);
  peg_encoding_free(ef);
  peg_encoding_free(eg);
  peg_encoding_free(e0);
  peg_board_free(b);
  peg_board_free(bf);
  peg_board_free(bg);
}

/* A lookup that hides one atom. */
typedef struct hiding {
  model *m;
  int hidden; /* 0: every atom */
} hiding;

static int hiding_lookup(void *ctx, int atom) {
  hiding *h = ctx;
  if (h->hidden == 0 || atom == h->hidden)
    return -1;
  return lookup(h->m, atom);
}

static void test_decode_refusals(void **state) {
  (void)state;
  plays p;
  triangle4_plays(2, &p);
  peg_board *b = named("triangle4", 2);
  peg_encoding *e = encode(b);
  unsigned char start[11];
  start_of(10, 2, start);
  const int J = 18;
  peg_jump got[8];
  peg_error err;
  model m;

  /* two jumps at time 3: another Jump atom of time 3 true */
  make_model(e, start, p.play[0], &m);
  int j3 = jump_number(e, p.play[0][2], 3);
  int other = j3 == 2 * J + 1 ? 2 * J + 2 : 2 * J + 1;
  m.v[other] = 1;
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_decode(e, lookup, &m, got, &err), PEG_EPLAY);
  assert_one_line("two jumps at time 3", &err);
  print_message("two jumps at time 3: %ld:%ld %s\n", err.line, err.column,
                err.message);

  /* no jump at time 3 */
  make_model(e, start, p.play[0], &m);
  m.v[j3] = 0;
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_decode(e, lookup, &m, got, &err), PEG_EPLAY);
  assert_one_line("no jump at time 3", &err);
  print_message("no jump at time 3: %ld:%ld %s\n", err.line, err.column,
                err.message);

  /* the Jump atoms say a jump the Peg atoms contradict: time 1 jumps from
   * the empty hole 2 (2 -> 7 over 4); decode must replay, not trust */
  make_model(e, start, p.play[0], &m);
  int j1 = jump_number(e, p.play[0][0], 1);
  peg_jump bad = {2, 4, 7};
  m.v[j1] = 0;
  m.v[jump_number(e, bad, 1)] = 1;
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_decode(e, lookup, &m, got, &err), PEG_EPLAY);
  assert_one_line("jump from an empty hole", &err);
  print_message("jump from an empty hole: %ld:%ld %s\n", err.line, err.column,
                err.message);

  /* two plays' jumps mixed: each step exactly one jump, but together not
   * a legal play (find a pair whose mix is illegal for pegcheck) */
  pc_board pc;
  pc_board_triangle(&pc, 4, 2);
  int mixed = 0;
  for (int a = 0; a < p.n && !mixed; a++)
    for (int c = 0; c < p.n && !mixed; c++) {
      peg_jump mix[8];
      memcpy(mix, p.play[a], 4 * sizeof *mix);
      memcpy(mix + 4, p.play[c] + 4, 4 * sizeof *mix);
      if (pc_judge(&pc, mix, 8))
        continue;
      make_model(e, start, p.play[a], &m);
      for (int i = 5; i <= 8; i++) {
        m.v[jump_number(e, p.play[a][i - 1], i)] = 0;
        m.v[jump_number(e, mix[i - 1], i)] = 1;
      }
      memset(&err, 0, sizeof err);
      assert_int_equal(peg_decode(e, lookup, &m, got, &err), PEG_EPLAY);
      assert_one_line("mixed plays", &err);
      mixed = 1;
    }
  assert_true(mixed);
  pc_board_free(&pc);

  /* the lookup does not say */
  make_model(e, start, p.play[0], &m);
  hiding h = {&m, 0};
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_decode(e, hiding_lookup, &h, got, &err), PEG_EATOM);
  /* one false Jump atom of time 1 unknown: deciding "exactly one" needs
   * it */
  h.hidden = j1 == J ? J - 1 : J;
  assert_int_equal(m.v[h.hidden], 0);
  assert_int_equal(peg_decode(e, hiding_lookup, &h, got, &err), PEG_EATOM);
  /* the true one unknown */
  h.hidden = j1;
  assert_int_equal(peg_decode(e, hiding_lookup, &h, got, &err), PEG_EATOM);

  peg_encoding_free(e);
  peg_board_free(b);
}

/* A legal play of the right length that ends in the wrong place: triangle5
 * from 7 pegs, goal hole 11; a play of our search ending elsewhere. */
static void test_decode_wrong_end(void **state) {
  (void)state;
  const int start_holes[] = {2, 4, 5, 6, 7, 8, 9}, goal[] = {11};
  pc_board pc;
  pc_board_triangle(&pc, 5, 1);
  unsigned char start[65] = {0};
  for (int i = 0; i < 7; i++)
    start[start_holes[i]] = 1;
  memcpy(pc.start, start, sizeof pc.start);
  pc.free_start = 0;
  plays p;
  memset(&p, 0, sizeof p);
  peg_jump stack[MAX_STEPS];
  unsigned char pegs[65];
  memcpy(pegs, start, sizeof pegs);
  dfs(&pc, pegs, 6, NULL, stack, 0, &p);
  assert_int_equal(p.n, 30); /* pegcheck counts 30 to any one peg */
  peg_board *b = named("triangle5", 1);
  assert_int_equal(peg_board_set_start(b, start_holes, 7), 0);
  assert_int_equal(peg_board_set_goal(b, goal, 1), 0);
  peg_encoding *e = encode(b);
  assert_int_equal(peg_encoding_steps(e), 6);
  int right = 0, wrong = 0;
  for (int k = 0; k < p.n; k++) {
    model m;
    make_model(e, start, p.play[k], &m);
    peg_jump got[6];
    peg_error err;
    memset(&err, 0, sizeof err);
    int rc = peg_decode(e, lookup, &m, got, &err);
    if (p.play[k][5].to == 11) {
      CHECK(rc == 0, "play %d ends at 11: decode gave %d (%s)", k, rc,
            err.message);
      right++;
    } else {
      CHECK(rc == PEG_EPLAY, "play %d ends at %d: decode gave %d", k,
            p.play[k][5].to, rc);
      assert_one_line("wrong end", &err);
      wrong++;
    }
  }
  assert_int_equal(right, 12);
  assert_int_equal(wrong, 18);
  peg_encoding_free(e);
  peg_board_free(b);
  pc_board_free(&pc);
}

/* ---- peg_replay ---- */

/* The index (1-based) of the first jump that is not legal where it is
 * made, 0 if all are. */
static int first_bad_jump(const pc_board *pc, const peg_jump *j, int n,
                          const unsigned char *start) {
  unsigned char pegs[65];
  memcpy(pegs, start, sizeof pegs);
  for (int i = 0; i < n; i++) {
    int f = j[i].from, o = j[i].over, t = j[i].to, ok = 0;
    for (int k = 0; k < pc->num_triples && !ok; k++)
      ok = pc->triples[k][1] == o &&
           ((pc->triples[k][0] == f && pc->triples[k][2] == t) ||
            (pc->triples[k][2] == f && pc->triples[k][0] == t));
    if (!ok || !pegs[f] || !pegs[o] || pegs[t])
      return i + 1;
    pegs[f] = pegs[o] = 0;
    pegs[t] = 1;
  }
  return 0;
}

static void test_replay(void **state) {
  (void)state;
  plays p;
  triangle4_plays(2, &p);
  peg_board *b = named("triangle4", 2);
  peg_board *bf = named("triangle4", 0);
  pc_board pc, pcf;
  pc_board_triangle(&pc, 4, 2);
  pc_board_triangle(&pcf, 4, 0);
  unsigned char start[65] = {0};
  start_of(10, 2, start);
  peg_error err;
  for (int k = 0; k < p.n; k++) {
    memset(&err, 0, sizeof err);
    CHECK(peg_replay(b, p.play[k], 8, &err) == 0, "play %d: %s", k,
          err.message);
    CHECK(peg_replay(bf, p.play[k], 8, &err) == 0, "play %d, free start: %s", k,
          err.message);
    assert_int_equal(peg_replay(b, p.play[k], 8, NULL), 0);
  }

  /* by hand on play 0 */
  peg_jump j[8];
  memcpy(j, p.play[0], sizeof j);
  const struct {
    const char *what;
    int at;        /* 1-based */
    peg_jump jump; /* replaces jump `at` */
  } faults[] = {
      {"not a jump of the board", 1, {1, 3, 2}},
      {"a straight line but not a triple", 1, {1, 5, 10}},
      {"from an empty hole", 1, {2, 4, 7}},
      {"holes out of range", 1, {0, 2, 4}},
      {"holes out of range", 1, {7, 4, 11}},
      {"holes out of range", 1, {-5, 4, 2}},
  };
  for (size_t i = 0; i < sizeof faults / sizeof *faults; i++) {
    peg_jump x[8];
    memcpy(x, j, sizeof x);
    x[faults[i].at - 1] = faults[i].jump;
    memset(&err, 0, sizeof err);
    CHECK(peg_replay(b, x, 8, &err) == PEG_EPLAY, "%s: not refused",
          faults[i].what);
    CHECK(err.line == faults[i].at, "%s: error names jump %ld, not %d",
          faults[i].what, err.line, faults[i].at);
    assert_one_line(faults[i].what, &err);
  }
  /* into a full hole and over an empty one, found by trying every jump at
   * every step of every play, judged against our own replay */
  int tried = 0, into_full = 0, over_empty = 0;
  for (int k = 0; k < p.n; k++)
    for (int at = 0; at < 8; at++)
      for (int t = 0; t < pc.num_triples; t++)
        for (int d = 0; d < 2; d++) {
          peg_jump x[8];
          memcpy(x, p.play[k], sizeof x);
          x[at].from = pc.triples[t][d ? 2 : 0];
          x[at].over = pc.triples[t][1];
          x[at].to = pc.triples[t][d ? 0 : 2];
          int bad = first_bad_jump(&pc, x, 8, start);
          int legal = pc_judge(&pc, x, 8);
          memset(&err, 0, sizeof err);
          int rc = peg_replay(b, x, 8, &err);
          CHECK(rc == (legal ? 0 : PEG_EPLAY),
                "play %d with jump %d replaced: replay gave %d, pegcheck %d", k,
                at + 1, rc, legal);
          if (bad) {
            CHECK(err.line == bad,
                  "play %d, jump %d replaced: error at %ld, "
                  "the first bad jump is %d",
                  k, at + 1, err.line, bad);
            /* what was wrong with it */
            unsigned char pegs[65];
            memcpy(pegs, start, sizeof pegs);
            for (int i = 0; i < bad - 1; i++) {
              pegs[x[i].from] = pegs[x[i].over] = 0;
              pegs[x[i].to] = 1;
            }
            into_full += pegs[x[bad - 1].to] != 0;
            over_empty += pegs[x[bad - 1].over] == 0;
          }
          tried++;
        }
  assert_int_equal(tried, 14 * 8 * 18);
  assert_true(into_full > 0);
  assert_true(over_empty > 0);
  print_message("replay: %d mutated plays agree with pegcheck (%d into a full "
                "hole, %d over an empty one)\n",
                tried, into_full, over_empty);

  /* the end is not the goal: a play cut short, or none at all */
  memset(&err, 0, sizeof err);
  assert_int_equal(peg_replay(b, j, 7, &err), PEG_EPLAY);
  assert_one_line("cut short", &err);
  assert_int_equal(peg_replay(b, j, 0, &err), PEG_EPLAY);
  /* a given goal elsewhere */
  const int goal[] = {5};
  peg_board *bg = named("triangle4", 2);
  assert_int_equal(peg_board_set_goal(bg, goal, 1), 0);
  assert_int_equal(peg_replay(bg, j, 8, &err), PEG_EPLAY);
  assert_one_line("wrong goal", &err);
  peg_board_free(bg);

  /* the free start: the empty hole is the first jump's target; plays from
   * any empty hole replay, and a later fault is found at its jump */
  plays q;
  triangle4_plays(3, &q);
  assert_int_equal(q.n, 14);
  assert_int_equal(peg_replay(bf, q.play[0], 8, &err), 0);
  assert_int_equal(peg_replay(b, q.play[0], 8, &err), PEG_EPLAY);
  assert_int_equal(err.line, 1); /* hole 3 is full from hole 2 */
  peg_jump y[8];
  memcpy(y, q.play[0], sizeof y);
  y[4] = y[3]; /* the same jump twice: its from is empty the second time */
  assert_int_equal(peg_replay(bf, y, 8, &err), PEG_EPLAY);
  assert_int_equal(err.line, 5);
  assert_int_equal(pc_judge(&pcf, y, 8), 0);

  /* no jump to make */
  peg_board *one = named("triangle4", 0);
  const int peg1[] = {6};
  assert_int_equal(peg_board_set_start(one, peg1, 1), 0);
  assert_int_equal(peg_replay(one, NULL, 0, &err), 0);
  peg_board_free(one);

  pc_board_free(&pc);
  pc_board_free(&pcf);
  peg_board_free(b);
  peg_board_free(bf);
}

static void test_start_pegs_apply(void **state) {
  (void)state;
  plays p;
  triangle4_plays(6, &p);
  peg_board *b = named("triangle4", 6);
  unsigned char pegs[11], before[11];
  memset(pegs, 9, sizeof pegs);
  assert_int_equal(peg_start_pegs(b, NULL, pegs), 0);
  for (int h = 1; h <= 10; h++)
    assert_int_equal(pegs[h], h != 6);
  /* first is ignored when the start is given */
  assert_int_equal(peg_start_pegs(b, &p.play[0][0], pegs), 0);
  for (int h = 1; h <= 10; h++)
    assert_int_equal(pegs[h], h != 6);
  /* step through a play */
  for (int i = 0; i < 8; i++) {
    assert_int_equal(peg_apply(b, pegs, p.play[0][i]), 0);
    assert_int_equal(pegs[p.play[0][i].from], 0);
    assert_int_equal(pegs[p.play[0][i].over], 0);
    assert_int_equal(pegs[p.play[0][i].to], 1);
  }
  int count = 0;
  for (int h = 1; h <= 10; h++)
    count += pegs[h];
  assert_int_equal(count, 1);
  /* refused jumps leave the pegs alone */
  assert_int_equal(peg_start_pegs(b, NULL, pegs), 0);
  memcpy(before, pegs, sizeof pegs);
  const peg_jump bad[] = {{6, 3, 1},  /* from the empty hole */
                          {1, 2, 4},  /* into a full hole */
                          {1, 3, 2},  /* not a jump */
                          {0, 3, 6},  /* out of range */
                          {4, 5, 11}, /* out of range */
                          {1, 3, 6}}; /* legal: the last one */
  for (size_t i = 0; i + 1 < sizeof bad / sizeof *bad; i++) {
    CHECK(peg_apply(b, pegs, bad[i]) == PEG_EPLAY, "jump %d %d %d applied",
          bad[i].from, bad[i].over, bad[i].to);
    assert_memory_equal(pegs, before, sizeof pegs);
  }
  assert_int_equal(peg_apply(b, pegs, bad[5]), 0);
  assert_int_equal(pegs[1], 0);
  assert_int_equal(pegs[3], 0);
  assert_int_equal(pegs[6], 1);
  /* the same jump again: 1 is empty now */
  memcpy(before, pegs, sizeof pegs);
  assert_int_equal(peg_apply(b, pegs, bad[5]), PEG_EPLAY);
  assert_memory_equal(pegs, before, sizeof pegs);
  /* 10 -> 3 over 6 (triple 3 6 10 backward): 10 and 6 full, 3 empty */
  peg_jump back = {10, 6, 3};
  assert_int_equal(peg_apply(b, pegs, back), 0);
  assert_int_equal(pegs[3], 1);
  assert_int_equal(pegs[6], 0);
  assert_int_equal(pegs[10], 0);
  /* 3 -> 10 over 6: the hole jumped over is empty */
  peg_jump over = {3, 6, 10};
  memcpy(before, pegs, sizeof pegs);
  assert_int_equal(peg_apply(b, pegs, over), PEG_EPLAY);
  assert_memory_equal(pegs, before, sizeof pegs);

  /* the free start: the first jump's target is the empty hole */
  peg_board *bf = named("triangle4", 0);
  assert_int_equal(peg_start_pegs(bf, &p.play[0][0], pegs), 0);
  for (int h = 1; h <= 10; h++)
    assert_int_equal(pegs[h], h != p.play[0][0].to);
  assert_int_equal(peg_start_pegs(bf, NULL, pegs), 0);
  for (int h = 1; h <= 10; h++)
    assert_int_equal(pegs[h], h != 1);
  /* a listed start */
  const int start[] = {2, 3, 5};
  assert_int_equal(peg_board_set_start(bf, start, 3), 0);
  assert_int_equal(peg_start_pegs(bf, NULL, pegs), 0);
  for (int h = 1; h <= 10; h++)
    assert_int_equal(pegs[h], h == 2 || h == 3 || h == 5);
  assert_int_equal(peg_start_pegs(bf, NULL, NULL), PEG_EINVAL);
  peg_board_free(bf);
  peg_board_free(b);
}

/* A free start and no jump (fuzz_board's finding): no jump shows which
 * hole was empty, so the model's own start is judged.  Three holes in a
 * row, goal 1 and 2: the only start is the goal; two holes and no triple,
 * goal one peg: either hole may be the empty one. */
static void test_decode_free_start_no_jump(void **state) {
  (void)state;
  peg_board *b3 = peg_board_new(3), *b2 = peg_board_new(2);
  assert_non_null(b3);
  assert_non_null(b2);
  assert_int_equal(peg_board_add_triple(b3, 1, 2, 3), 0);
  assert_int_equal(peg_board_set_empty(b3, 0), 0);
  assert_int_equal(peg_board_set_empty(b2, 0), 0);
  const int goal[] = {2, 1};
  assert_int_equal(peg_board_set_goal(b3, goal, 2), 0);
  peg_encoding *e3 = encode(b3), *e2 = encode(b2);
  assert_int_equal(peg_encoding_steps(e3), 0);
  assert_int_equal(peg_encoding_steps(e2), 0);
  /* The Peg atoms at time 1 (the only time), v[h] for Peg(h,1): atoms
   * 1..N here, in the order peg_atom_peg says. */
  const struct {
    peg_encoding *e;
    signed char v[4];
    int ok;
  } cases[] = {
      {e3, {0, 1, 1, 0}, 1}, /* the goal */
      {e3, {0, 1, 0, 1}, 0}, /* one empty hole, not the goal */
      {e3, {0, 1, 1, 1}, 0}, /* no empty hole */
      {e2, {0, 1, 0, 0}, 1}, /* hole 2 empty */
      {e2, {0, 0, 1, 0}, 1}, /* hole 1 empty */
      {e2, {0, 0, 0, 0}, 0}, /* no peg */
      {e2, {0, 1, 1, 0}, 0}, /* no empty hole */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const peg_board *b = peg_encoding_board(cases[i].e);
    model m;
    m.atoms = peg_encoding_atoms(cases[i].e);
    assert_int_equal(m.atoms, peg_board_holes(b));
    memset(m.v, 0, sizeof m.v);
    for (int h = 1; h <= peg_board_holes(b); h++) {
      int a = peg_atom_peg(cases[i].e, h, 1);
      CHECK(a >= 1 && a <= m.atoms, "Peg(%d,1) is atom %d", h, a);
      m.v[a] = cases[i].v[h];
    }
    peg_error err;
    memset(&err, 0, sizeof err);
    int rc = peg_decode(cases[i].e, lookup, &m, NULL, &err);
    CHECK(cases[i].ok ? rc == 0 : rc == PEG_EPLAY,
          "case %zu: decode gave %d (%s)", i, rc, err.message);
    if (!cases[i].ok)
      assert_one_line("free start, no jump", &err);
  }
  /* Stepping through the play of no jump shows the goal as the start. */
  unsigned char pegs[4];
  assert_int_equal(peg_start_pegs(b3, NULL, pegs), 0);
  assert_true(pegs[1] == 1 && pegs[2] == 1 && pegs[3] == 0);
  peg_encoding_free(e3);
  peg_encoding_free(e2);
  peg_board_free(b3);
  peg_board_free(b2);
}

/* ---- peg_result_read ---- */

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

/* The answer as dpll writes it: "I T" or "I F" for atoms 1..A, then "0",
 * then the key.  m NULL: no solution, just "0" and the key. */
static void answer(text *t, const peg_encoding *e, const model *m) {
  memset(t, 0, sizeof *t);
  if (m)
    for (int a = 1; a <= m->atoms; a++) {
      char line[32];
      snprintf(line, sizeof line, "%d %c\n", a, m->v[a] == 1 ? 'T' : 'F');
      puts_(t, line);
    }
  puts_(t, "0\n");
  char *key = peg_key_text(e, NULL);
  assert_non_null(key);
  puts_(t, key);
  free(key);
}

/* peg_result_read on an exact-size copy. */
static int read_result(const char *s, size_t n, peg_result *r, peg_error *err) {
  char *copy = malloc(n ? n : 1);
  assert_non_null(copy);
  memcpy(copy, s, n);
  int rc = peg_result_read(copy, n, r, err);
  free(copy);
  return rc;
}

/* Replaces line `line` (1-based) of t by `with` (NULL: deletes it). */
static void replace_line(text *t, int line, const char *with) {
  char *p = t->s;
  for (int l = 1; l < line; l++) {
    p = strchr(p, '\n');
    assert_non_null(p);
    p++;
  }
  char *end = strchr(p, '\n');
  assert_non_null(end);
  end++;
  text out = {0};
  put(&out, t->s, (size_t)(p - t->s));
  if (with)
    puts_(&out, with);
  put(&out, end, (size_t)(t->s + t->n - end));
  free(t->s);
  *t = out;
}

static void test_result_read(void **state) {
  (void)state;
  plays p;
  triangle4_plays(2, &p);
  peg_board *b = named("triangle4", 2);
  peg_encoding *e = encode(b);
  unsigned char start[11];
  start_of(10, 2, start);
  model m;
  make_model(e, start, p.play[5], &m);
  text t;
  answer(&t, e, &m);
  peg_result r;
  peg_error err;
  memset(&err, 0, sizeof err);
  memset(&r, 0x55, sizeof r);
  int rc = read_result(t.s, t.n, &r, &err);
  CHECK(rc == 0, "a solution: %d at %ld: %s", rc, err.line, err.message);
  assert_int_equal(r.solved, 1);
  assert_non_null(r.encoding);
  assert_int_equal(r.num_jumps, 8);
  assert_int_equal(peg_encoding_steps(r.encoding), 8);
  assert_int_equal(peg_encoding_atoms(r.encoding), 234);
  for (int i = 0; i < 8; i++)
    CHECK(r.jumps[i].from == p.play[5][i].from &&
              r.jumps[i].over == p.play[5][i].over &&
              r.jumps[i].to == p.play[5][i].to,
          "jump %d differs", i + 1);
  peg_result_clear(&r);
  free(t.s);

  /* no solution: the line 0 and the key */
  answer(&t, e, NULL);
  memset(&r, 0x55, sizeof r);
  rc = read_result(t.s, t.n, &r, &err);
  CHECK(rc == 0, "no solution: %d at %ld: %s", rc, err.line, err.message);
  assert_int_equal(r.solved, 0);
  assert_non_null(r.encoding);
  assert_int_equal(r.num_jumps, 0);
  assert_int_equal(peg_encoding_atoms(r.encoding), 234);
  peg_result_clear(&r);
  free(t.s);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* The models of dpll --all or --solutions, one after another: answers
 * for plays 5, 3 and 1 (each "I T/F" lines and "0"), then the closing "0"
 * of a complete list if closed, then the key.  peg_result_read reports
 * the first; what follows is passed over, but must be whole answers. */
static void test_result_several(void **state) {
  (void)state;
  plays p;
  triangle4_plays(2, &p);
  peg_board *b = named("triangle4", 2);
  peg_encoding *e = encode(b);
  unsigned char start[11];
  start_of(10, 2, start);
  static const int order[] = {5, 3, 1};
  for (int closed = 0; closed <= 1; closed++)
    for (int n = 1; n <= 3; n++)
      for (int damage = 0; damage <= 2; damage++) {
        if (damage && n == 1)
          continue;
        text t = {0}, one;
        for (int k = 0; k < n; k++) {
          model m;
          make_model(e, start, p.play[order[k]], &m);
          answer(&one, e, &m);
          /* answer() writes a key after the "0": keep the model only. */
          size_t model_bytes = (size_t)(strstr(one.s, "\n0\n") + 3 - one.s);
          put(&t, one.s, model_bytes);
          free(one.s);
        }
        if (closed)
          puts_(&t, "0\n");
        char *key = peg_key_text(e, NULL);
        assert_non_null(key);
        puts_(&t, key);
        free(key);
        /* The second model's line 100 (line 235 + 100 of the text): a
         * broken line, or its "0" line (line 235 + 235) removed. */
        if (damage == 1)
          replace_line(&t, 335, "100 X\n");
        else if (damage == 2)
          replace_line(&t, 470, NULL);
        peg_result r;
        peg_error err;
        memset(&err, 0, sizeof err);
        int rc = read_result(t.s, t.n, &r, &err);
        /* Without its "0", two models and the closing "0" are a
         * whole answer of two models, not closed. */
        int broken = damage && !(damage == 2 && n == 2 && closed);
        if (broken) {
          CHECK(rc == PEG_EANSWER && err.line == (damage == 1 ? 335 : 470),
                "%d models, closed %d, damage %d: %d at %ld: %s", n, closed,
                damage, rc, err.line, err.message);
        } else {
          CHECK(rc == 0, "%d models, closed %d: %d at %ld: %s", n, closed, rc,
                err.line, err.message);
          assert_int_equal(r.solved, 1);
          for (int i = 0; i < 8; i++)
            CHECK(r.jumps[i].from == p.play[5][i].from &&
                      r.jumps[i].over == p.play[5][i].over &&
                      r.jumps[i].to == p.play[5][i].to,
                  "%d models, closed %d: jump %d is not the first model's", n,
                  closed, i + 1);
        }
        peg_result_clear(&r);
        free(t.s);
      }
  peg_encoding_free(e);
  peg_board_free(b);
}

static int add_clause(void *ctx, const int *lits, size_t n) {
  return dpll_add_clause(ctx, lits, n);
}

/* The answer libdpll writes itself, through a temporary file. */
static void dpll_answer(const peg_encoding *e, text *t, int *sat) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "heuristic", DPLL_HEURISTIC_ACTIVITY), 0);
  assert_int_equal(peg_encoding_emit(e, add_clause, s), 0);
  int r = dpll_solve(s);
  assert_true(r == DPLL_SAT || r == DPLL_UNSAT);
  *sat = r == DPLL_SAT;
  size_t ksize = 0;
  char *key = peg_key_text(e, &ksize);
  assert_non_null(key);
  FILE *f = tmpfile();
  assert_non_null(f);
  assert_int_equal(dpll_write_answer(s, f, DPLL_FORMAT_DP, key, ksize), 0);
  rewind(f);
  memset(t, 0, sizeof *t);
  char buf[4096];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, f)) > 0)
    put(t, buf, got);
  fclose(f);
  free(key);
  dpll_free(s);
}

static void test_result_from_dpll(void **state) {
  (void)state;
  for (int empty = 0; empty <= 10; empty++) {
    peg_board *b = named("triangle4", empty);
    peg_encoding *e = encode(b);
    text t;
    int sat = 0;
    dpll_answer(e, &t, &sat);
    int solvable = empty == 0 || empty == 2 || empty == 3 || empty == 4 ||
                   empty == 6 || empty == 8 || empty == 9;
    CHECK(sat == solvable, "triangle4 from %d: dpll says %d", empty, sat);
    peg_result r;
    peg_error err;
    memset(&err, 0, sizeof err);
    int rc = read_result(t.s, t.n, &r, &err);
    CHECK(rc == 0, "triangle4 from %d: %d at %ld: %s", empty, rc, err.line,
          err.message);
    CHECK(r.solved == sat, "triangle4 from %d: solved %d", empty, r.solved);
    if (sat) {
      assert_int_equal(r.num_jumps, 8);
      pc_board pc;
      pc_board_triangle(&pc, 4, empty);
      CHECK(pc_judge(&pc, r.jumps, 8), "triangle4 from %d: not a play", empty);
      pc_board_free(&pc);
    }
    peg_result_clear(&r);
    free(t.s);
    peg_encoding_free(e);
    peg_board_free(b);
  }
}

/* The answer of "another solver" to e's clauses, written here from
 * libdpll's model: form 1 SAT-competition lines, 2 MiniSat's result file;
 * and the key as a CNF's "c" lines. */
static void other_answer(const peg_encoding *e, int form, text *t, text *key,
                         int *sat) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(peg_encoding_emit(e, add_clause, s), 0);
  int r = dpll_solve(s);
  *sat = r == DPLL_SAT;
  memset(t, 0, sizeof *t);
  puts_(t, form == 1 ? "c from another solver\n" : "");
  puts_(t, form == 1 ? (*sat ? "s SATISFIABLE\nv" : "s UNSATISFIABLE\n")
                     : (*sat ? "SAT\n" : "UNSAT\n"));
  for (int a = 1; *sat && a <= peg_encoding_atoms(e); a++) {
    char lit[24];
    snprintf(lit, sizeof lit, "%s%d", form == 1 || a > 1 ? " " : "",
             dpll_model(s, a) == 1 ? a : -a);
    puts_(t, lit);
    if (form == 1 && a % 10 == 0 && a < peg_encoding_atoms(e))
      puts_(t, "\nv");
  }
  puts_(t, *sat ? " 0\n" : "");
  char *k = peg_key_text(e, NULL);
  assert_non_null(k);
  memset(key, 0, sizeof *key);
  puts_(key, "c a CNF file's comments\n");
  for (char *p = k, *end; *p; p = end + 1) {
    end = strchr(p, '\n');
    puts_(key, "c ");
    put(key, p, (size_t)(end - p + 1));
  }
  puts_(key, "p cnf 1 1\n1 0\n");
  free(k);
  dpll_free(s);
}

/* peg_result_read_keyed on the answers of other solvers, judged by
 * pegcheck; and what it refuses. */
static void test_result_keyed(void **state) {
  (void)state;
  for (int form = 1; form <= 2; form++)
    for (int empty = 1; empty <= 10; empty++) {
      peg_board *b = named("triangle4", empty);
      peg_encoding *e = encode(b);
      text t, key;
      int sat;
      other_answer(e, form, &t, &key, &sat);
      peg_result r;
      peg_error err;
      int rc = peg_result_read_keyed(t.s, t.n, key.s, key.n, &r, &err);
      CHECK(rc == 0 && r.solved == sat, "form %d, empty %d: %d (%s)", form,
            empty, rc, err.message);
      if (sat) {
        pc_board pc;
        pc_board_triangle(&pc, 4, empty);
        CHECK(pc_judge(&pc, r.jumps, 8), "form %d, empty %d: not a play", form,
              empty);
        pc_board_free(&pc);
      }
      peg_result_clear(&r);
      /* Without the key, or with a text that holds none: PEG_EKEY. */
      assert_int_equal(peg_result_read_keyed(t.s, t.n, NULL, 0, &r, &err),
                       PEG_EKEY);
      assert_int_equal(peg_result_read_keyed(t.s, t.n, t.s, t.n, &r, &err),
                       PEG_EKEY);
      free(t.s);
      free(key.s);
      peg_encoding_free(e);
      peg_board_free(b);
    }
  /* Broken answers, with triangle4's key (234 atoms). */
  peg_board *b = named("triangle4", 2);
  peg_encoding *e = encode(b);
  text t, key;
  int sat;
  other_answer(e, 1, &t, &key, &sat);
  static const char *const bad[] = {
      "s UNKNOWN\n",
      "s SATISFIABLE\nv 1 2\n",
      "s SATISFIABLE\n",
      "s SATISFIABLE\nv 999 0\n",
      "SAT\n1 x 0\n",
      "c nothing\n",
      "s UNSATISFIABLE\ns SATISFIABLE\nv 1 0\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    peg_result r;
    peg_error err;
    int rc =
        peg_result_read_keyed(bad[i], strlen(bad[i]), key.s, key.n, &r, &err);
    CHECK(rc == PEG_EANSWER, "'%s': %d (%s)", bad[i], rc, err.message);
    assert_one_line(bad[i], &err);
  }
  /* dpll's own answer is read as ever, the key given or not. */
  text dp;
  dpll_answer(e, &dp, &sat);
  peg_result r;
  assert_int_equal(peg_result_read_keyed(dp.s, dp.n, NULL, 0, &r, NULL), 0);
  assert_true(r.solved);
  peg_result_clear(&r);
  free(dp.s);
  free(t.s);
  free(key.s);
  peg_encoding_free(e);
  peg_board_free(b);
}

/* Broken answers.  The answer for triangle4 has 234 atom lines (atom I on
 * line I), "0" on line 235 and the key from line 236 (its line K is line
 * 235 + K). */
static void test_result_errors(void **state) {
  (void)state;
  plays p;
  triangle4_plays(2, &p);
  peg_board *b = named("triangle4", 2);
  peg_encoding *e = encode(b);
  unsigned char start[11];
  start_of(10, 2, start);
  model m;
  make_model(e, start, p.play[0], &m);
  int failures = 0;
  struct {
    const char *name;
    int line;         /* the line to change (0: none) */
    const char *with; /* its new text (NULL: delete) */
    int code, alt;
    long err_line; /* -1: any line >= 1 */
  } cases[] = {
      {"atom lines out of order (3 and 4 swapped)", 0, NULL, PEG_EANSWER,
       PEG_EANSWER, 3},
      {"a missing atom line", 5, NULL, PEG_EANSWER, PEG_EANSWER, 5},
      {"value X", 3, "3 X\n", PEG_EANSWER, PEG_EANSWER, 3},
      {"no value", 3, "3\n", PEG_EANSWER, PEG_EANSWER, 3},
      {"not a number", 3, "three T\n", PEG_EANSWER, PEG_EANSWER, 3},
      {"atom 0 in the middle", 3, "0 T\n", PEG_EANSWER, PEG_EANSWER, 3},
      {"the last atom missing", 234, NULL, PEG_EANSWER, PEG_EANSWER, -1},
      {"an atom too many", 235, "235 F\n0\n", PEG_EANSWER, PEG_EANSWER, -1},
      {"no line 0", 235, NULL, PEG_EANSWER, PEG_EANSWER, 235},
      {"the key's header broken", 236, "peg-key 9\n", PEG_EKEY, PEG_EKEY, 236},
      {"the key names atom 5 wrongly", 235 + 15, "5 Peg(1,1)\n", PEG_EKEY,
       PEG_EKEY, 235 + 15},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    text t;
    answer(&t, e, &m);
    if (i == 0) { /* swap lines 3 and 4, values and all */
      char l3[16], l4[16];
      snprintf(l3, sizeof l3, "4 %c\n", m.v[4] == 1 ? 'T' : 'F');
      snprintf(l4, sizeof l4, "3 %c\n", m.v[3] == 1 ? 'T' : 'F');
      replace_line(&t, 3, l3);
      replace_line(&t, 4, l4);
    } else if (cases[i].line)
      replace_line(&t, cases[i].line, cases[i].with);
    peg_result r;
    peg_error err;
    memset(&err, 0, sizeof err);
    int rc = read_result(t.s, t.n, &r, &err);
    int ok = (rc == cases[i].code || rc == cases[i].alt) &&
             (cases[i].err_line < 0 ? err.line >= 1
                                    : err.line == cases[i].err_line) &&
             err.message[0] && !strchr(err.message, '\n');
    if (!ok) {
      print_error("FAIL [%s]: gave %d (%s) at line %ld, expected %d at %ld: "
                  "'%.200s'\n",
                  cases[i].name, rc, peg_strerror(rc), err.line, cases[i].code,
                  cases[i].err_line, err.message);
      failures++;
    }
    peg_result_clear(&r);
    free(t.s);
  }

  /* texts that are no answer at all */
  const struct {
    const char *name, *text;
    int code;
    long line;
  } raw[] = {
      {"empty text", "", PEG_EANSWER, 1},
      {"not an answer", "hello\n", PEG_EANSWER, 1},
      {"no key after 0", "0\n", PEG_EANSWER, 2},
      {"a key with no line 0", "peg-key 1\n", PEG_EANSWER, 1},
  };
  for (size_t i = 0; i < sizeof raw / sizeof *raw; i++) {
    peg_result r;
    peg_error err;
    memset(&err, 0, sizeof err);
    int rc = read_result(raw[i].text, strlen(raw[i].text), &r, &err);
    int ok = (rc == raw[i].code || (i == 2 && rc == PEG_EKEY)) &&
             err.line == raw[i].line && err.message[0] &&
             !strchr(err.message, '\n');
    if (!ok) {
      print_error("FAIL [%s]: gave %d (%s) at line %ld, expected %d at %ld: "
                  "'%.200s'\n",
                  raw[i].name, rc, peg_strerror(rc), err.line, raw[i].code,
                  raw[i].line, err.message);
      failures++;
    }
    assert_null(r.encoding);
    assert_null(r.jumps);
    peg_result_clear(&r);
  }

  /* a tampered model: one Jump atom per time, but the jump of time 3
   * replaced by one that makes the play illegal (judged by pegcheck) */
  text t;
  model bad = m;
  pc_board pc;
  pc_board_triangle(&pc, 4, 2);
  peg_jump mix[8];
  memcpy(mix, p.play[0], sizeof mix);
  int found = 0;
  for (int k = 0; k < pc.num_triples && !found; k++) {
    mix[2].from = pc.triples[k][0];
    mix[2].over = pc.triples[k][1];
    mix[2].to = pc.triples[k][2];
    found = !pc_judge(&pc, mix, 8);
  }
  assert_true(found);
  pc_board_free(&pc);
  bad.v[jump_number(e, p.play[0][2], 3)] = 0;
  bad.v[jump_number(e, mix[2], 3)] = 1;
  answer(&t, e, &bad);
  peg_result r;
  peg_error err;
  memset(&err, 0, sizeof err);
  int rc = read_result(t.s, t.n, &r, &err);
  print_message("tampered model: %d at line %ld: %s\n", rc, err.line,
                err.message);
  /* The documents give no line for a model that is not a play: 0 ("does
   * not apply") or the line of one of its Jump atoms (1..J*T = 144) */
  if (rc != PEG_EPLAY || !err.message[0] || strchr(err.message, '\n') ||
      err.line < 0 || err.line > 144) {
    print_error("FAIL [tampered model]: gave %d (%s) at line %ld '%.200s'\n",
                rc, peg_strerror(rc), err.line, err.message);
    failures++;
  }
  peg_result_clear(&r);
  free(t.s);
  /* two jumps at time 1 */
  bad = m;
  bad.v[1] = bad.v[2] = 1;
  answer(&t, e, &bad);
  rc = read_result(t.s, t.n, &r, &err);
  if (rc != PEG_EPLAY) {
    print_error("FAIL [two jumps at time 1]: gave %d\n", rc);
    failures++;
  }
  peg_result_clear(&r);
  free(t.s);
  /* err may be NULL */
  rc = read_result("x", 1, &r, NULL);
  assert_int_equal(rc, PEG_EANSWER);
  peg_result_clear(&r);

  peg_encoding_free(e);
  peg_board_free(b);
  if (failures)
    fail_msg("%d broken answers handled wrongly (FAIL lines above)", failures);
}

/* The answer's lines: ' ' and '\t' separate, nothing else does (unlike a
 * board file), and a line that is no value is shown with '?' for odd
 * bytes, cut after 39. */
static void test_result_messages(void **state) {
  (void)state;
  const char *const expected = "expected 'N T' or 'N F' (an atom and its "
                               "value) or the line '0', found '%s'";
  const struct {
    const char *text, *shown; /* NULL: the values are good, the key missing */
  } cases[] = {
      {"1 T\x01\n0\n", "1 T?"},
      {"1\vT\n0\n", "1?T"},
      {"1 T\r\r\n0\n", "1 T?"},
      {"1 T\xe9\n0\n", "1 T?"},
      {"xxxxxxxxxxyyyyyyyyyyxxxxxxxxxxyyyyyyyyyyxxxxxxxxxx\n",
       "xxxxxxxxxxyyyyyyyyyyxxxxxxxxxxyyyyyyyyy"},
      {"1\tT\t\n0\n", NULL},
      {" 1 \t F\r\n0\n", NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    peg_result r;
    peg_error err;
    memset(&err, 0, sizeof err);
    int rc = read_result(cases[i].text, strlen(cases[i].text), &r, &err);
    char want[200];
    if (cases[i].shown) {
      snprintf(want, sizeof want, expected, cases[i].shown);
      CHECK(
          rc == PEG_EANSWER && err.line == 1 && strcmp(err.message, want) == 0,
          "case %zu: gave %d at line %ld, '%s'", i, rc, err.line, err.message);
    } else
      CHECK(rc == PEG_EKEY && err.line == 3, "case %zu: gave %d at %ld, '%s'",
            i, rc, err.line, err.message);
    peg_result_clear(&r);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_decode_plays),
      cmocka_unit_test(test_decode_refusals),
      cmocka_unit_test(test_decode_wrong_end),
      cmocka_unit_test(test_replay),
      cmocka_unit_test(test_start_pegs_apply),
      cmocka_unit_test(test_decode_free_start_no_jump),
      cmocka_unit_test(test_result_read),
      cmocka_unit_test(test_result_from_dpll),
      cmocka_unit_test(test_result_keyed),
      cmocka_unit_test(test_result_several),
      cmocka_unit_test(test_result_errors),
      cmocka_unit_test(test_result_messages),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
