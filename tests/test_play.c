/* test_play.c - lib/peg/play.c, parallel.c, position.c and classes.c,
 * judged only by tests/pegcheck.c and by an exhaustive search written here
 * (never by libpeg's own output): peg_enumerate's plays against pegcheck's
 * counts on the triangles and on random small boards, under every
 * at-most-one encoding, with and without the redundant clauses (the
 * canonical plays counted in the jump order that the encoding's atom
 * numbers give, with either hole_order); peg_hints_find along seeded
 * random games against a memoised search over peg sets; both also through
 * their _parallel forms with 2 and 3 solvers, by turns; peg_play_parse and
 * peg_board_after with their errors; peg_explain's refutations, which
 * must be sound.
 *
 * The quick tier (tests/tier.h) plays fewer of the large cases: the
 * 15-hole triangle is enumerated three jumps in, not from its start (the
 * long tier's, long_tier), fewer hint games are played, and below scale
 * 100 (the sanitizer build) the 10-hole triangle from fewer holes in
 * fewer ways, with the stops tried from a given hole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "peg.h"
#include "pegcheck.h"
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- libdpll as the solver libpeg drives (tools/common/pegsolver.c's
 * calls; the tests may not link the tools' code) ---- */

static int solver_add(void *ctx, const int *lits, size_t n) {
  return dpll_add_clause(ctx, lits, n);
}

static int solver_solve(void *ctx, const int *assumptions, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (dpll_assume(ctx, assumptions[i]))
      return -1;
  return dpll_solve(ctx);
}

static int solver_value(void *ctx, int atom) {
  return dpll_model(ctx, atom) == 1;
}

static peg_solver solver_open(void) {
  dpll_solver *d = dpll_new();
  assert_non_null(d);
  return (peg_solver){d, solver_add, solver_solve, solver_value};
}

static void solver_close(peg_solver *s) {
  dpll_free(s->ctx);
  s->ctx = NULL;
}

/* The _parallel calls take turns at 1, 2 and 3 solvers (threads), so that
 * every check below also judges the work shared out among threads. */
#define MAX_SOLVERS 3
static size_t solvers_turn;

static size_t solvers_open(peg_solver *s) {
  size_t n = 1 + solvers_turn++ % MAX_SOLVERS;
  for (size_t k = 0; k < n; k++)
    s[k] = solver_open();
  return n;
}

static void solvers_close(peg_solver *s, size_t n) {
  for (size_t k = 0; k < n; k++)
    solver_close(&s[k]);
}

/* ---- tiers ---- */

/* ---- random numbers (testutil's xorshift64*, seeded: every run the
 * same) ---- */

static uint64_t rng_state;

static int below(int n) { return rng_below(&rng_state, n); }

/* ---- puzzles written once (testutil's spec) and built twice: by libpeg's
 * calls (spec_board) and as pegcheck's board ---- */

#define MAX_TRIPLES SPEC_MAX_TRIPLES

static int tri(int r, int c) { return spec_tri(r, c); }

static void random_spec(spec *s, int family) {
  spec_random(s, family, &rng_state);
}

static void spec_pc(const spec *s, pc_board *pc) {
  memset(pc, 0, sizeof *pc);
  pc->holes = s->holes;
  pc->num_triples = s->num_triples;
  pc->triples = malloc((size_t)(s->num_triples + 1) * sizeof *pc->triples);
  assert_non_null(pc->triples);
  memcpy(pc->triples, s->triples, (size_t)s->num_triples * sizeof *s->triples);
  pc->free_start = s->free_start;
  for (int h = 1; h <= s->holes; h++)
    pc->start[h] = s->free_start ? 1 : s->start[h];
  pc->goal_given = s->goal_given;
  memcpy(pc->goal, s->goal, sizeof pc->goal);
}

static int pegs_in(const unsigned char *set, int holes) {
  int n = 0;
  for (int h = 1; h <= holes; h++)
    n += set[h];
  return n;
}

static void triangle_spec(spec *s, int rows, int empty) {
  memset(s, 0, sizeof *s);
  pc_board pc;
  pc_board_triangle(&pc, rows, empty);
  s->holes = pc.holes;
  s->rows = rows;
  s->num_triples = pc.num_triples;
  memcpy(s->triples, pc.triples, (size_t)pc.num_triples * sizeof *pc.triples);
  s->free_start = empty == 0;
  memcpy(s->start, pc.start, sizeof s->start);
  pc_board_free(&pc);
}

/* ---- plays judged by pegcheck ---- */

static int pc_judge(const pc_board *pc, const peg_jump *j, size_t n, char *why,
                    size_t size) {
  int(*x)[3] = malloc((n ? n : 1) * sizeof *x);
  assert_non_null(x);
  for (size_t i = 0; i < n; i++) {
    x[i][0] = j[i].from;
    x[i][1] = j[i].over;
    x[i][2] = j[i].to;
  }
  int ok = pc_replay(pc, (const int(*)[3])x, (int)n, why, size);
  free(x);
  return ok;
}

/* The plays that peg_enumerate passes on, each judged on arrival. */
typedef struct collected {
  const pc_board *pc;
  const char *what;
  size_t steps, n, cap;
  peg_jump *plays;   /* n plays of `steps` jumps */
  size_t stop_at;    /* > 0: on_play says stop at this play */
  char failure[300]; /* the first fault found, for the main thread */
} collected;

/* Judges each play as it comes; the callback may run in libpeg's threads,
 * where cmocka may not fail, so a fault is kept (and stops the
 * enumeration) for collected_ok to report. */
static int collect(void *ctx, const peg_jump *jumps, size_t n) {
  collected *c = ctx;
  char why[200];
  if (n != c->steps)
    snprintf(c->failure, sizeof c->failure,
             "%s: a play of %zu jumps, expected %zu", c->what, n, c->steps);
  /* pegcheck cannot replay a free start with no jump (no hole is named);
   * the counts judge that case. */
  else if ((n || !c->pc->free_start) &&
           !pc_judge(c->pc, jumps, n, why, sizeof why))
    snprintf(c->failure, sizeof c->failure,
             "%s: play %zu is not a play for pegcheck: %s", c->what, c->n + 1,
             why);
  if (c->failure[0])
    return 1;
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->plays = realloc(c->plays, c->cap * (c->steps + 1) * sizeof *c->plays);
    assert_non_null(c->plays);
  }
  memcpy(c->plays + c->n * c->steps, jumps, n * sizeof *jumps);
  c->n++;
  return c->stop_at && c->n == c->stop_at;
}

static void collected_ok(const collected *c) {
  CHECK(!c->failure[0], "%s", c->failure);
}

static size_t play_bytes;

static int compare_plays(const void *a, const void *b) {
  return memcmp(a, b, play_bytes);
}

/* Whether the collected plays are all different. */
static int all_distinct(collected *c) {
  if (c->n < 2)
    return 1;
  if (c->steps == 0)
    return 0; /* two plays of no jump are the same play */
  play_bytes = c->steps * sizeof *c->plays;
  qsort(c->plays, c->n, play_bytes, compare_plays);
  for (size_t i = 1; i < c->n; i++)
    if (!memcmp(c->plays + (i - 1) * c->steps, c->plays + i * c->steps,
                play_bytes))
      return 0;
  return 1;
}

static peg_encoding *encode_with(const peg_board *b, int amo, int classes,
                                 int canonical, int hole_order) {
  peg_encoding *e = encode_default(b);
  CHECK(peg_encoding_set_option(e, "at_most_one", amo) == 0 &&
            peg_encoding_set_option(e, "position_classes", classes) == 0 &&
            peg_encoding_set_option(e, "canonical_order", canonical) == 0 &&
            peg_encoding_set_option(e, "hole_order", hole_order) == 0,
        "cannot set the options %d %d %d %d", amo, classes, canonical,
        hole_order);
  return e;
}

static const char *const amo_names[] = {"pairwise", "sequential", "product",
                                        "commander"};

/* peg_enumerate with a fresh solver; every play judged and all distinct.
 * Returns the count. */
static uint64_t enumerate(const peg_board *b, const pc_board *pc, int amo,
                          int classes, int canonical, int hole_order,
                          const char *what) {
  char name[200];
  snprintf(name, sizeof name, "%s, %s, classes %d, canonical %d, hole_order %d",
           what, amo_names[amo], classes, canonical, hole_order);
  int how = peg_amo_lookup(amo_names[amo]);
  CHECK(how >= 0, "no at-most-one encoding %s", amo_names[amo]);
  peg_encoding *e = encode_with(b, how, classes, canonical, hole_order);
  peg_solver s[MAX_SOLVERS];
  size_t solvers = solvers_open(s);
  collected c = {pc, name, (size_t)peg_encoding_steps(e), 0, 0, NULL, 0, ""};
  uint64_t count = 12345;
  int rc = solvers == 1
               ? peg_enumerate(e, &s[0], 0, collect, &c, &count)
               : peg_enumerate_parallel(e, s, solvers, 0, collect, &c, &count);
  collected_ok(&c);
  CHECK(rc == 0, "%s, %zu solvers: peg_enumerate gave %d (%s)", name, solvers,
        rc, peg_strerror(rc));
  CHECK(count == c.n, "%s: count %llu, but %zu plays came", name,
        (unsigned long long)count, c.n);
  CHECK(all_distinct(&c), "%s: a play came twice", name);
  free(c.plays);
  solvers_close(s, solvers);
  peg_encoding_free(e);
  return count;
}

/* pegcheck's count of the canonical plays of b (pc is the same puzzle,
 * its triples in b's order) in the encoding's jump order: pegcheck numbers
 * the jumps by the order of its triples (2t, 2t+1 for triple t), libpeg
 * (lib/peg/redundant.c) by the order of the encoding's Jump atoms of time
 * 1, which with hole_order 1 is that of the board renumbered.  So pegcheck
 * gets a copy of pc with the triples in that order (testutil's
 * encoding_triples); with hole_order 0 that is the board's own order. */
static uint64_t canonical_count(const peg_board *b, const pc_board *pc,
                                int hole_order) {
  peg_encoding *e = encode_with(b, PEG_AMO_PAIRWISE, 0, 1, hole_order);
  pc_board same = *pc;
  same.triples = malloc((size_t)(pc->num_triples + 1) * sizeof *same.triples);
  assert_non_null(same.triples);
  assert_int_equal(peg_board_num_triples(b), pc->num_triples);
  encoding_triples(e, same.triples);
  if (hole_order == 0)
    assert_memory_equal(same.triples, pc->triples,
                        (size_t)pc->num_triples * sizeof *same.triples);
  uint64_t n = pc_count(&same, 1);
  free(same.triples);
  peg_encoding_free(e);
  return n;
}

/* Every at-most-one encoding with position_classes off and on (way -1),
 * or only way k (encoding k % 4, classes k / 4), against pegcheck's
 * counts: all plays with canonical_order 0, the canonical ones with
 * canonical_order 1 (pegcheck's notion is libpeg's, from
 * lib/peg/redundant.c: no jump independent of the one before it and
 * earlier in the encoding's jump order; see canonical_count), with the
 * default hole_order 1.  Then the same ways with hole_order 0 (the
 * board's own numbering, whose jump order differs), the canonical plays
 * only: the other count does not depend on the order (about a tenth more
 * time in all). */
static void enumerate_ways(const spec *sp, int way, const char *what) {
  peg_board *b = spec_board(sp);
  pc_board pc;
  spec_pc(sp, &pc);
  uint64_t all = pc_count(&pc, 0);
  for (int hole_order = 1; hole_order >= 0; hole_order--) {
    uint64_t canonical = canonical_count(b, &pc, hole_order);
    for (int k = way < 0 ? 0 : way; k < (way < 0 ? 8 : way + 1); k++) {
      int amo = k % 4, classes = k / 4;
      uint64_t got;
      if (hole_order) {
        got = enumerate(b, &pc, amo, classes, 0, hole_order, what);
        CHECK(got == all,
              "%s, %s, classes %d: %llu plays, pegcheck counts %llu", what,
              amo_names[amo], classes, (unsigned long long)got,
              (unsigned long long)all);
      }
      got = enumerate(b, &pc, amo, classes, 1, hole_order, what);
      CHECK(got <= all && (got > 0) == (all > 0),
            "%s, %s, classes %d, hole_order %d, canonical: %llu plays of "
            "%llu",
            what, amo_names[amo], classes, hole_order, (unsigned long long)got,
            (unsigned long long)all);
      CHECK(got == canonical,
            "%s, %s, classes %d, hole_order %d: %llu canonical plays, "
            "pegcheck counts %llu",
            what, amo_names[amo], classes, hole_order, (unsigned long long)got,
            (unsigned long long)canonical);
    }
  }
  pc_board_free(&pc);
  peg_board_free(b);
}

/* Every vacancy of the 10-hole triangle, and the free choice (0), each
 * in all 16 ways of enumerate_ways.  Below scale 100 (tests/tier.h: the
 * sanitizer build's quick tier, where that took 26 s at -O0) one vacancy
 * of each kind up to symmetry: a corner, an edge hole, the centre, and the
 * free choice, each in two of the eight encodings (so every one on some
 * vacancy), with the canonical plays again with hole_order 0. */
static void test_enumerate_triangle4(void **state) {
  (void)state;
  bool every = tier_scale() >= 100;
  int turn = 0;
  for (int empty = 0; empty <= 10; empty++) {
    if (!every && empty != 0 && empty != 1 && empty != 2 && empty != 5)
      continue;
    spec sp;
    triangle_spec(&sp, 4, empty);
    /* libpeg's own triangle, so that its numbering is judged too */
    peg_board *b = named("triangle4", empty);
    pc_board pc;
    pc_board_triangle(&pc, 4, empty);
    uint64_t all = pc_count_plays(&pc);
    char what[64];
    snprintf(what, sizeof what, "triangle4 from %d", empty);
    uint64_t got = enumerate(b, &pc, 0, 1, 0, 1, what);
    CHECK(got == all, "%s: %llu plays, pegcheck counts %llu", what,
          (unsigned long long)got, (unsigned long long)all);
    pc_board_free(&pc);
    peg_board_free(b);
    if (every)
      enumerate_ways(&sp, -1, what);
    else
      for (int k = 0; k < 2; k++, turn++)
        enumerate_ways(&sp, turn, what);
  }
}

/* The one large case: the 15-hole triangle from hole 1, every play (about
 * 5 s in a Release build), in the long tier (long_tier); in the quick tier
 * from three jumps in (4 over 2, 6 over 5, 7 over 4; under a second).
 * Skipped in a debug build (the sanitizer build), where even that takes a
 * minute, and reported so. */
static void test_enumerate_triangle5(void **state) {
  (void)state;
#ifndef NDEBUG
  skip();
#endif
  bool whole = tier_long();
  const char *what = whole ? "triangle5 from 1" : "triangle5 three jumps in";
  peg_board *b = named("triangle5", 1);
  pc_board pc;
  pc_board_triangle(&pc, 5, 1);
  if (!whole) {
    const int pegs[] = {1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15};
    const size_t n = sizeof pegs / sizeof *pegs;
    assert_int_equal(peg_board_set_start(b, pegs, n), 0);
    memset(pc.start, 0, sizeof pc.start);
    for (size_t i = 0; i < n; i++)
      pc.start[pegs[i]] = 1;
  }
  uint64_t all = pc_count_plays(&pc);
  uint64_t got = enumerate(b, &pc, 0, 1, 0, 1, what);
  CHECK(got == all, "%s: %llu plays, pegcheck counts %llu", what,
        (unsigned long long)got, (unsigned long long)all);
  print_message("%s: %llu plays\n", what, (unsigned long long)got);
  pc_board_free(&pc);
  peg_board_free(b);
}

/* Random small puzzles: those of at most SMALL plays every way, those of
 * at most LARGE one way (in turn), larger ones drawn again.  RANDOM_BOARDS
 * of them in a Release build's quick tier (tests/tier.h), about 1 s. */
#define SMALL 300
#define LARGE 3000
#define RANDOM_BOARDS 60

static void test_enumerate_random(void **state) {
  (void)state;
  rng_state = 0x9e3779b97f4a7c15ULL;
  long count = tier_cases(RANDOM_BOARDS);
  int boards = 0, redrawn = 0, solvable = 0, given = 0, layout = 0,
      free_starts = 0, every_way = 0;
  uint64_t plays = 0;
  while (boards < count) {
    spec sp;
    random_spec(&sp, boards % 3 == 2);
    pc_board pc;
    spec_pc(&sp, &pc);
    uint64_t all = pc_count_plays(&pc);
    pc_board_free(&pc);
    if (all > LARGE) {
      redrawn++;
      continue;
    }
    char what[64];
    snprintf(what, sizeof what, "random board %d", boards);
    enumerate_ways(&sp, all <= SMALL ? -1 : boards % 8, what);
    every_way += all <= SMALL;
    solvable += all > 0;
    plays += all;
    given += sp.goal_given;
    layout += sp.rows > 0;
    free_starts += sp.free_start;
    boards++;
  }
  print_message("%d random boards (%d with a goal, %d with positions, %d "
                "with a free start; %d drawn again, too big), %d solvable, "
                "%llu plays; %d enumerated in all 16 ways, the others in 2 "
                "(and the canonical ways again with hole_order 0)\n",
                boards, given, layout, free_starts, redrawn, solvable,
                (unsigned long long)plays, every_way);
}

/* ---- peg_enumerate's stops and refusals ---- */

static int failing_solve(void *ctx, const int *assumptions, size_t n) {
  (void)ctx;
  (void)assumptions;
  (void)n;
  return 0;
}

static int failing_add(void *ctx, const int *lits, size_t n) {
  (void)ctx;
  (void)lits;
  (void)n;
  return 7;
}

/* Assumes the negation of every assumption: a solver that ignores what it
 * is told. */
static int contrary_solve(void *ctx, const int *assumptions, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (dpll_assume(ctx, -assumptions[i]))
      return -1;
  return dpll_solve(ctx);
}

/* Says "satisfiable" with every atom false: a model that is no play. */
static int lying_solve(void *ctx, const int *assumptions, size_t n) {
  (void)ctx;
  (void)assumptions;
  (void)n;
  return 10;
}

static int false_value(void *ctx, int atom) {
  (void)ctx;
  (void)atom;
  return 0;
}

/* The board the stops are tried on: the 10-hole triangle with a free
 * start (84 plays), or below scale 100 (tests/tier.h: the sanitizer
 * build's quick tier) from hole 2 (14 plays, enough for the same stops);
 * 8 jumps either way.  The failing solvers always get the free start,
 * whose empty hole the solver is asked to choose (a solver that ignores
 * what it is told is caught there). */
static int stops_empty(void) { return tier_scale() >= 100 ? 0 : 2; }

static void test_enumerate_stops(void **state) {
  (void)state;
  peg_board *b = named("triangle4", stops_empty());
  pc_board pc;
  pc_board_triangle(&pc, 4, stops_empty());
  uint64_t all = pc_count_plays(&pc);
  assert_true(all > 5);
  peg_encoding *e = encode(b);
  const uint64_t most[] = {1, 3, all - 1, all, all + 1};
  for (int k = 0; k < 5; k++) {
    peg_solver s = solver_open();
    collected c = {&pc, "most", 8, 0, 0, NULL, 0, ""};
    uint64_t count = 0;
    int rc = peg_enumerate(e, &s, most[k], collect, &c, &count);
    uint64_t want = most[k] < all ? most[k] : all;
    CHECK(rc == (most[k] < all ? 1 : 0) && count == want && c.n == want,
          "most %llu of %llu: rc %d, count %llu, %zu plays",
          (unsigned long long)most[k], (unsigned long long)all, rc,
          (unsigned long long)count, c.n);
    CHECK(all_distinct(&c), "most %llu: a play came twice",
          (unsigned long long)most[k]);
    free(c.plays);
    solver_close(&s);
  }
  /* on_play says stop at the third play */
  peg_solver s = solver_open();
  collected c = {&pc, "stop", 8, 0, 0, NULL, 3, ""};
  uint64_t count = 0;
  int rc = peg_enumerate(e, &s, 0, collect, &c, &count);
  CHECK(rc == 1 && c.n == 3 && count == 3,
        "on_play stops at 3: rc %d, %zu plays, count %llu", rc, c.n,
        (unsigned long long)count);
  free(c.plays);
  solver_close(&s);
  /* no callback, no count */
  s = solver_open();
  assert_int_equal(peg_enumerate(e, &s, 0, NULL, NULL, NULL), 0);
  solver_close(&s);
  s = solver_open();
  assert_int_equal(peg_enumerate(e, &s, 0, NULL, NULL, &count), 0);
  CHECK(count == all, "without on_play: count %llu of %llu",
        (unsigned long long)count, (unsigned long long)all);
  solver_close(&s);

  /* solvers that fail */
  peg_board *free_start = named("triangle4", 0);
  peg_encoding *fe = encode(free_start);
  s = solver_open();
  s.solve = failing_solve;
  assert_int_equal(peg_enumerate(fe, &s, 0, NULL, NULL, &count), PEG_ESOLVER);
  solver_close(&s);
  s = solver_open();
  s.add = failing_add;
  assert_int_equal(peg_enumerate(fe, &s, 0, NULL, NULL, &count), PEG_ESOLVER);
  solver_close(&s);
  s = solver_open();
  s.solve = contrary_solve;
  assert_int_equal(peg_enumerate(fe, &s, 0, NULL, NULL, &count), PEG_ESOLVER);
  solver_close(&s);
  s = solver_open();
  s.solve = lying_solve;
  s.value = false_value;
  assert_int_equal(peg_enumerate(fe, &s, 0, NULL, NULL, &count), PEG_EPLAY);
  solver_close(&s);
  peg_encoding_free(fe);
  peg_board_free(free_start);

  /* NULL arguments */
  s = solver_open();
  assert_int_equal(peg_enumerate(NULL, &s, 0, NULL, NULL, &count), PEG_EINVAL);
  assert_int_equal(peg_enumerate(e, NULL, 0, NULL, NULL, &count), PEG_EINVAL);
  peg_solver partial = s;
  partial.add = NULL;
  assert_int_equal(peg_enumerate(e, &partial, 0, NULL, NULL, &count),
                   PEG_EINVAL);
  partial = s;
  partial.solve = NULL;
  assert_int_equal(peg_enumerate(e, &partial, 0, NULL, NULL, &count),
                   PEG_EINVAL);
  partial = s;
  partial.value = NULL;
  assert_int_equal(peg_enumerate(e, &partial, 0, NULL, NULL, &count),
                   PEG_EINVAL);
  solver_close(&s);
  peg_encoding_free(e);
  pc_board_free(&pc);
  peg_board_free(b);
}

/* ---- hints, judged by an exhaustive search over peg sets ---- */

typedef struct judge {
  const pc_board *pc;  /* its triples and goal */
  unsigned char *memo; /* [1 << holes]: 0 not yet, 1 reaches the goal, 2 not */
} judge;

static uint32_t bit(int h) { return 1u << (h - 1); }

static void judge_open(judge *j, const pc_board *pc) {
  assert_true(pc->holes <= 20);
  j->pc = pc;
  j->memo = calloc((size_t)1 << pc->holes, 1);
  assert_non_null(j->memo);
}

static int goal_pegs(const pc_board *pc) {
  return pc->goal_given ? pegs_in(pc->goal, pc->holes) : 1;
}

/* Whether some play leads from pegs to the goal. */
static int reaches(judge *j, uint32_t pegs) {
  if (j->memo[pegs])
    return j->memo[pegs] == 1;
  const pc_board *pc = j->pc;
  int n = __builtin_popcount(pegs), win = 0;
  if (n <= goal_pegs(pc)) {
    win = n == goal_pegs(pc);
    for (int h = 1; h <= pc->holes && win && pc->goal_given; h++)
      win = ((pegs & bit(h)) != 0) == pc->goal[h];
  } else {
    for (int t = 0; t < pc->num_triples && !win; t++)
      for (int d = 0; d < 2 && !win; d++) {
        int f = pc->triples[t][d ? 2 : 0], o = pc->triples[t][1],
            to = pc->triples[t][d ? 0 : 2];
        if ((pegs & bit(f)) && (pegs & bit(o)) && !(pegs & bit(to)))
          win = reaches(j, (pegs & ~bit(f) & ~bit(o)) | bit(to));
      }
  }
  j->memo[pegs] = win ? 1 : 2;
  return win;
}

/* The legal jumps from pegs, pegcheck's triples in order, a->c before c->a. */
static size_t legal_from(const pc_board *pc, uint32_t pegs, peg_jump *out) {
  size_t n = 0;
  for (int t = 0; t < pc->num_triples; t++)
    for (int d = 0; d < 2; d++) {
      int f = pc->triples[t][d ? 2 : 0], o = pc->triples[t][1],
          to = pc->triples[t][d ? 0 : 2];
      if ((pegs & bit(f)) && (pegs & bit(o)) && !(pegs & bit(to)))
        out[n++] = (peg_jump){f, o, to};
    }
  return n;
}

static uint32_t after_jump(uint32_t pegs, peg_jump x) {
  return (pegs & ~bit(x.from) & ~bit(x.over)) | bit(x.to);
}

typedef struct hint_stats {
  int positions, jumps, wins, losses;
} hint_stats;

/* peg_hints_find on position (libpeg's board, whose start is pegs)
 * against the judge's search: the legal jumps in order, each one's
 * verdict, each winning play replayed by pegcheck to the goal. */
static void check_hints(const peg_board *position, judge *j, uint32_t pegs,
                        const char *what, hint_stats *st) {
  const pc_board *pc = j->pc;
  for (int h = 1; h <= pc->holes; h++)
    CHECK(peg_board_start(position, h) == ((pegs & bit(h)) != 0),
          "%s: hole %d at the start of the position", what, h);
  pc_board pos_pc = *pc; /* shares the triples: not freed */
  pos_pc.free_start = 0;
  for (int h = 1; h <= pc->holes; h++)
    pos_pc.start[h] = (pegs & bit(h)) != 0;
  peg_solver s[MAX_SOLVERS];
  size_t solvers = solvers_open(s);
  peg_hints h;
  int rc = solvers == 1 ? peg_hints_find(position, &s[0], &h)
                        : peg_hints_find_parallel(position, s, solvers, &h);
  CHECK(rc == 0, "%s, %zu solvers: peg_hints_find gave %d (%s)", what, solvers,
        rc, peg_strerror(rc));
  int pegs_now = __builtin_popcount(pegs);
  size_t steps =
      pegs_now > goal_pegs(pc) ? (size_t)(pegs_now - goal_pegs(pc)) : 0;
  CHECK(h.steps == steps, "%s: %zu steps, expected %zu", what, h.steps, steps);
  peg_jump legal[2 * MAX_TRIPLES];
  size_t n = steps ? legal_from(pc, pegs, legal) : 0;
  CHECK(h.count == n, "%s: %zu hints, but %zu legal jumps", what, h.count, n);
  for (size_t i = 0; i < n; i++) {
    CHECK(h.jumps[i].from == legal[i].from &&
              h.jumps[i].over == legal[i].over && h.jumps[i].to == legal[i].to,
          "%s: hint %zu is (%d,%d,%d), expected (%d,%d,%d)", what, i,
          h.jumps[i].from, h.jumps[i].over, h.jumps[i].to, legal[i].from,
          legal[i].over, legal[i].to);
    int win = reaches(j, after_jump(pegs, legal[i]));
    CHECK(h.wins[i] == win, "%s: (%d,%d,%d) wins %d, the search says %d", what,
          legal[i].from, legal[i].over, legal[i].to, h.wins[i], win);
    const peg_jump *play = h.plays + i * steps;
    char why[200];
    if (win) {
      CHECK(play[0].from == legal[i].from && play[0].over == legal[i].over &&
                play[0].to == legal[i].to,
            "%s: the play for hint %zu begins with another jump", what, i);
      CHECK(pc_judge(&pos_pc, play, steps, why, sizeof why),
            "%s: the play for hint %zu is not a play for pegcheck: %s", what, i,
            why);
    } else {
      for (size_t k = 0; k < steps; k++)
        CHECK(!play[k].from && !play[k].over && !play[k].to,
              "%s: the losing hint %zu has a play", what, i);
    }
    st->wins += win;
    st->losses += !win;
  }
  st->positions++;
  st->jumps += (int)n;
  peg_hints_clear(&h);
  assert_null(h.jumps);
  solvers_close(s, solvers);
}

/* A game on b from its start: at each position the hints are checked,
 * then a jump is made (strategy 0: any legal one; 1: a winning one when
 * there is one), until no jump is left. */
static void play_game(const peg_board *b, const pc_board *pc, int strategy,
                      const char *what, hint_stats *st) {
  judge j;
  judge_open(&j, pc);
  uint32_t pegs = 0;
  for (int h = 1; h <= pc->holes; h++)
    if (pc->start[h])
      pegs |= bit(h);
  peg_jump played[64];
  size_t n = 0;
  for (;;) {
    peg_board *position = NULL;
    int rc = n ? peg_board_after(b, played, n, &position)
               : ((position = peg_board_copy(b)) ? 0 : PEG_ENOMEM);
    CHECK(rc == 0, "%s: peg_board_after gave %d after %zu jumps", what, rc, n);
    char name[160];
    snprintf(name, sizeof name, "%s, after %zu jumps", what, n);
    check_hints(position, &j, pegs, name, st);
    peg_board_free(position);
    peg_jump legal[2 * MAX_TRIPLES];
    size_t count = legal_from(pc, pegs, legal);
    if (count == 0)
      break;
    size_t pick = (size_t)below((int)count);
    for (size_t i = 0; i < count && strategy == 1; i++)
      if (reaches(&j, after_jump(pegs, legal[(pick + i) % count]))) {
        pick = (pick + i) % count;
        break;
      }
    played[n++] = legal[pick];
    pegs = after_jump(pegs, legal[pick]);
  }
  free(j.memo);
}

/* The stops and refusals of the _parallel calls, with 2 and 3 solvers (on
 * the board of stops_empty). */
static void test_parallel_stops(void **state) {
  (void)state;
  peg_board *b = named("triangle4", stops_empty());
  pc_board pc;
  pc_board_triangle(&pc, 4, stops_empty());
  uint64_t all = pc_count_plays(&pc);
  peg_encoding *e = encode(b);
  peg_board *free_start = named("triangle4", 0);
  peg_encoding *fe = encode(free_start);
  peg_solver s[MAX_SOLVERS];
  uint64_t count = 0;
  for (size_t n = 2; n <= MAX_SOLVERS; n++) {
    const uint64_t most[] = {1, 3, all - 1, all, all + 1};
    for (int k = 0; k < 5; k++) {
      for (size_t i = 0; i < n; i++)
        s[i] = solver_open();
      collected c = {&pc, "most", 8, 0, 0, NULL, 0, ""};
      int rc = peg_enumerate_parallel(e, s, n, most[k], collect, &c, &count);
      collected_ok(&c);
      uint64_t want = most[k] < all ? most[k] : all;
      CHECK(rc == (most[k] < all ? 1 : 0) && count == want && c.n == want,
            "%zu solvers, most %llu of %llu: rc %d, count %llu, %zu plays", n,
            (unsigned long long)most[k], (unsigned long long)all, rc,
            (unsigned long long)count, c.n);
      CHECK(all_distinct(&c), "%zu solvers: a play came twice", n);
      free(c.plays);
      solvers_close(s, n);
    }
    for (size_t i = 0; i < n; i++)
      s[i] = solver_open();
    collected c = {&pc, "stop", 8, 0, 0, NULL, 3, ""};
    int rc = peg_enumerate_parallel(e, s, n, 0, collect, &c, &count);
    collected_ok(&c);
    CHECK(rc == 1 && c.n == 3 && count == 3,
          "%zu solvers, on_play stops at 3: rc %d, %zu plays, count %llu", n,
          rc, c.n, (unsigned long long)count);
    free(c.plays);
    solvers_close(s, n);
    /* Failing solvers: one that cannot take the clauses (each thread adds
     * them first), or all that fail to solve or ignore the assumptions
     * (which thread solves first is not known). */
    for (int bad = 0; bad < 3; bad++) {
      peg_solver keep[MAX_SOLVERS];
      for (size_t i = 0; i < n; i++) {
        keep[i] = s[i] = solver_open();
        if (bad == 0)
          s[i].solve = failing_solve;
        else if (bad == 2)
          s[i].solve = contrary_solve;
      }
      if (bad == 1)
        s[n - 1].add = failing_add;
      assert_int_equal(peg_enumerate_parallel(fe, s, n, 0, NULL, NULL, &count),
                       PEG_ESOLVER);
      solvers_close(keep, n);
    }
  }
  /* refusals */
  s[0] = solver_open();
  s[1] = solver_open();
  assert_int_equal(peg_enumerate_parallel(e, s, 0, 0, NULL, NULL, &count),
                   PEG_EINVAL);
  assert_int_equal(peg_enumerate_parallel(e, NULL, 2, 0, NULL, NULL, &count),
                   PEG_EINVAL);
  assert_int_equal(peg_enumerate_parallel(NULL, s, 2, 0, NULL, NULL, &count),
                   PEG_EINVAL);
  peg_solver broken[2] = {s[0], s[1]};
  broken[1].value = NULL;
  assert_int_equal(peg_enumerate_parallel(e, broken, 2, 0, NULL, NULL, &count),
                   PEG_EINVAL);
  peg_hints h;
  assert_int_equal(peg_hints_find_parallel(free_start, s, 2, &h), PEG_EINVAL);
  assert_true(h.count == 0 && h.jumps == NULL); /* a free start */
  peg_board *fixed = named("triangle5", 1);
  assert_int_equal(peg_hints_find_parallel(fixed, s, 0, &h), PEG_EINVAL);
  assert_int_equal(peg_hints_find_parallel(fixed, NULL, 2, &h), PEG_EINVAL);
  assert_int_equal(peg_hints_find_parallel(fixed, s, 2, NULL), PEG_EINVAL);
  broken[1].value = solver_value;
  broken[1].add = failing_add;
  assert_int_equal(peg_hints_find_parallel(fixed, broken, 2, &h), PEG_ESOLVER);
  assert_true(h.count == 0 && h.jumps == NULL);
  solvers_close(s, 2);
  peg_board_free(fixed);
  peg_encoding_free(fe);
  peg_board_free(free_start);
  peg_encoding_free(e);
  peg_board_free(b);
  pc_board_free(&pc);
}

/* Random games on the 15-hole triangle from three starts, and to a given
 * goal, each with both strategies: eight kinds of game, GAMES of each in
 * the long tier (long_tier; times its scale, tests/tier.h).  The quick
 * tier plays one game of the first four kinds below in a Release build,
 * of the first two under the sanitizers (scale below 100), which still
 * have both strategies and the given goal. */
#define GAMES 1

static void test_hints_games(void **state) {
  (void)state;
  rng_state = 0x2545f4914f6cdd1dULL;
  /* start (0: hole 1 to the goal 13), strategy */
  static const int kinds[8][2] = {{5, 1}, {0, 0}, {1, 0},  {13, 1},
                                  {1, 1}, {5, 0}, {13, 0}, {0, 1}};
  bool all = tier_long();
  long games = all ? tier_cases(GAMES) : 1;
  int num_kinds = all ? 8 : tier_scale() >= 100 ? 4 : 2;
  hint_stats st = {0, 0, 0, 0};
  for (int k = 0; k < num_kinds; k++)
    for (long g = 0; g < games; g++) {
      int start = kinds[k][0], strategy = kinds[k][1];
      peg_board *b = named("triangle5", start ? start : 1);
      pc_board pc;
      pc_board_triangle(&pc, 5, start ? start : 1);
      char what[96];
      if (start)
        snprintf(what, sizeof what, "triangle5 from %d, strategy %d, game %ld",
                 start, strategy, g);
      else {
        /* a given goal: one peg, in hole 13 */
        const int goal[] = {13};
        assert_int_equal(peg_board_set_goal(b, goal, 1), 0);
        pc.goal_given = 1;
        pc.goal[13] = 1;
        snprintf(what, sizeof what,
                 "triangle5 from 1 to 13, strategy %d, game %ld", strategy, g);
      }
      play_game(b, &pc, strategy, what, &st);
      pc_board_free(&pc);
      peg_board_free(b);
    }
  print_message("hints: %ld games, %d positions, %d jumps (%d winning, %d "
                "losing)\n",
                num_kinds * games, st.positions, st.jumps, st.wins, st.losses);
  assert_true(st.wins > 0 && st.losses > 0);
}

/* Hints at the start of random small puzzles (a given start): 150 in a
 * Release build's quick tier. */
static void test_hints_random(void **state) {
  (void)state;
  rng_state = 0x5851f42d4c957f2dULL;
  long count = tier_cases(150);
  hint_stats st = {0, 0, 0, 0};
  for (int k = 0; k < count; k++) {
    spec sp;
    random_spec(&sp, k % 2);
    sp.free_start = 0;
    peg_board *b = spec_board(&sp);
    pc_board pc;
    spec_pc(&sp, &pc);
    judge j;
    judge_open(&j, &pc);
    uint32_t pegs = 0;
    for (int h = 1; h <= pc.holes; h++)
      if (pc.start[h])
        pegs |= bit(h);
    char what[64];
    snprintf(what, sizeof what, "random board %d", k);
    check_hints(b, &j, pegs, what, &st);
    free(j.memo);
    pc_board_free(&pc);
    peg_board_free(b);
  }
  print_message("hints on %ld random boards: %d positions, %d jumps (%d "
                "winning, %d losing)\n",
                count, st.positions, st.jumps, st.wins, st.losses);
}

static void test_hints_edges(void **state) {
  (void)state;
  peg_solver s = solver_open();
  peg_hints h;
  /* already at the goal: one peg left, or the given goal's pegs */
  peg_board *b = named("triangle5", 1);
  const int one[] = {5}, two[] = {1, 2};
  assert_int_equal(peg_board_set_start(b, one, 1), 0);
  assert_int_equal(peg_hints_find(b, &s, &h), 0);
  CHECK(h.count == 0 && h.steps == 0, "at the goal: %zu hints, %zu steps",
        h.count, h.steps);
  peg_hints_clear(&h);
  assert_int_equal(peg_board_set_start(b, two, 2), 0);
  assert_int_equal(peg_board_set_goal(b, two, 2), 0);
  assert_int_equal(peg_hints_find(b, &s, &h), 0);
  CHECK(h.count == 0 && h.steps == 0, "at a given goal: %zu hints, %zu steps",
        h.count, h.steps);
  peg_hints_clear(&h);
  peg_board_free(b);
  /* stuck: pegs left, no jump (1, 12 and 15 share no triple's two holes) */
  b = named("triangle5", 1);
  const int stuck[] = {1, 12, 15};
  assert_int_equal(peg_board_set_start(b, stuck, 3), 0);
  assert_int_equal(peg_hints_find(b, &s, &h), 0);
  CHECK(h.count == 0 && h.steps == 2, "stuck: %zu hints, %zu steps", h.count,
        h.steps);
  peg_hints_clear(&h);
  /* refusals: a free start, NULL arguments, a failing solver */
  assert_int_equal(peg_board_set_empty(b, 0), 0);
  h.count = 99;
  assert_int_equal(peg_hints_find(b, &s, &h), PEG_EINVAL);
  assert_true(h.count == 0 && h.jumps == NULL);
  assert_int_equal(peg_board_set_empty(b, 1), 0);
  assert_int_equal(peg_hints_find(NULL, &s, &h), PEG_EINVAL);
  assert_int_equal(peg_hints_find(b, NULL, &h), PEG_EINVAL);
  assert_int_equal(peg_hints_find(b, &s, NULL), PEG_EINVAL);
  peg_solver bad = s;
  bad.solve = failing_solve;
  assert_int_equal(peg_hints_find(b, &bad, &h), PEG_ESOLVER);
  assert_true(h.count == 0 && h.jumps == NULL);
  solver_close(&s);
  s = solver_open();
  s.solve = contrary_solve;
  assert_int_equal(peg_hints_find(b, &s, &h), PEG_ESOLVER);
  solver_close(&s);
  peg_hints_clear(NULL);
  peg_board_free(b);
}

/* ---- positions: peg_play_parse and peg_board_after ---- */

static void assert_one_line(const char *what, const peg_error *err) {
  const char *nul = memchr(err->message, '\0', sizeof err->message);
  CHECK(nul && nul != err->message && !strchr(err->message, '\n'),
        "%s: the message is not one line of text", what);
}

/* Parses text on b; returns the code, with the play in *jumps and *n. */
static int parse(const peg_board *b, const char *text, peg_jump **jumps,
                 size_t *n, peg_error *err) {
  memset(err, 0, sizeof *err);
  return peg_play_parse(b, text, strlen(text), jumps, n, err);
}

/* A text that must fail with code at line. */
static void parse_fails(const peg_board *b, const char *text, int code,
                        long line) {
  peg_jump *jumps = (peg_jump *)&jumps;
  size_t n = 77;
  peg_error err;
  int rc = parse(b, text, &jumps, &n, &err);
  CHECK(rc == code && err.line == line,
        "'%s': %d at line %ld (%s), expected %d at line %ld", text, rc,
        err.line, err.message, code, line);
  CHECK(jumps == NULL && n == 0, "'%s': a play is left after a failure", text);
  assert_one_line(text, &err);
}

/* Whether libpeg's position after jumps[0..n-1] is where pegcheck's replay
 * from pc's start ends. */
static int position_agrees(const pc_board *pc, const peg_board *after,
                           const peg_jump *jumps, size_t n) {
  pc_board end = *pc; /* shares the triples: not freed */
  end.goal_given = 1;
  for (int h = 1; h <= pc->holes; h++) {
    int v = peg_board_start(after, h);
    if (v != 0 && v != 1)
      return 0;
    end.goal[h] = (unsigned char)v;
  }
  char why[200];
  return pc_judge(&end, jumps, n, why, sizeof why);
}

static void test_play_parse(void **state) {
  (void)state;
  peg_board *b = named("triangle4", 1);
  pc_board pc;
  pc_board_triangle(&pc, 4, 1);
  peg_jump *jumps = NULL;
  size_t n = 0;
  peg_error err;
  /* blank lines, CRLF, no newline at the end */
  const char *good = "\r\nJump(4,2,1,1)\r\n\r\n \t\nJump(6,5,4,2)\r\n"
                     "Jump(1,3,6,3)";
  assert_int_equal(parse(b, good, &jumps, &n, &err), 0);
  const peg_jump want[] = {{4, 2, 1}, {6, 5, 4}, {1, 3, 6}};
  CHECK(n == 3 && !memcmp(jumps, want, sizeof want), "'%s': %zu jumps read",
        good, n);
  peg_board *after = NULL;
  assert_int_equal(peg_board_after(b, jumps, n, &after), 0);
  CHECK(position_agrees(&pc, after, jumps, n),
        "the position after 3 jumps is not pegcheck's");
  for (int h = 1; h <= 10; h++)
    assert_int_equal(peg_board_goal(after, h), -1);
  peg_board_free(after);
  free(jumps);
  /* nothing, or blank lines only */
  assert_int_equal(parse(b, "", &jumps, &n, &err), 0);
  assert_true(n == 0 && jumps == NULL);
  assert_int_equal(parse(b, "\n\r\n  \n", &jumps, &n, &err), 0);
  assert_true(n == 0 && jumps == NULL);
  assert_int_equal(peg_play_parse(b, NULL, 0, &jumps, &n, NULL), 0);
  assert_true(n == 0 && jumps == NULL);

  /* errors at their lines */
  parse_fails(b, "Jump(4,2,1,1)\n\nJmp(6,5,4,2)\n", PEG_EPARSE, 3);
  parse_fails(b, "Jump(4,2,1,1)\r\n\r\nJump(6,5,4,2)x\r\n", PEG_EPARSE, 3);
  parse_fails(b, "Jump(4,2,1,1)\nJump(6,5,4)\n", PEG_EPARSE, 2);
  parse_fails(b, "Jump(4,2,1,1)\nPeg(6,2)\n", PEG_EPARSE, 2);
  parse_fails(b, "Jump(4,2,1,0)\n", PEG_EPARSE, 1);
  parse_fails(b, "Jump(4,2,1,1)\nJump(6,5,4,3)\n", PEG_EPARSE, 2);
  parse_fails(b, "Jump(4,2,1,1)\n\nJump(6,5,4,1)\n", PEG_EPARSE, 3);
  parse_fails(b, "Jump(-4,2,1,1)\n", PEG_EPARSE, 1);
  /* not a jump of the board: no such triple, no such hole */
  parse_fails(b, "\nJump(1,2,3,1)\n", PEG_EPLAY, 2);
  parse_fails(b, "Jump(4,2,1,1)\nJump(11,7,4,2)\n", PEG_EPLAY, 2);
  parse_fails(b, "Jump(0,2,1,1)\n", PEG_EPLAY, 1);
  /* illegal there: no peg in 2 after the first jump, no peg to jump over,
   * the target full */
  parse_fails(b, "Jump(4,2,1,1)\r\n\r\n\r\nJump(2,4,7,2)\r\n", PEG_EPLAY, 4);
  parse_fails(b, "Jump(4,2,1,1)\nJump(7,4,2,2)\n", PEG_EPLAY, 2);
  parse_fails(b, "Jump(7,4,2,1)\n", PEG_EPLAY, 1);
  /* numbers of too many digits (ten), which an int could not hold */
  parse_fails(b, "Jump(4,2,1,1)\nJump(4294967302,5,4,2)\n", PEG_EPARSE, 2);
  parse_fails(b, "Jump(0000000004,2,1,1)\n", PEG_EPARSE, 1);
  parse_fails(b, "Jump(4,2,1,10000000001)\n", PEG_EPARSE, 1);
  parse_fails(b, "Jump(4,2,99999999999999999999,1)\n", PEG_EPARSE, 1);

  /* refusals */
  assert_int_equal(peg_play_parse(NULL, "", 0, &jumps, &n, &err), PEG_EINVAL);
  assert_int_equal(peg_play_parse(b, "", 0, NULL, &n, &err), PEG_EINVAL);
  assert_int_equal(peg_play_parse(b, "", 0, &jumps, NULL, &err), PEG_EINVAL);
  assert_int_equal(peg_play_parse(b, NULL, 3, &jumps, &n, &err), PEG_EINVAL);
  pc_board_free(&pc);
  peg_board_free(b);
}

static void test_board_after(void **state) {
  (void)state;
  /* a free start: the first jump names the empty hole */
  peg_board *b = named("triangle4", 0);
  pc_board pc;
  pc_board_triangle(&pc, 4, 0);
  peg_board *after = (peg_board *)&after;
  assert_int_equal(peg_board_after(b, NULL, 0, &after), PEG_EINVAL);
  assert_null(after);
  peg_jump *jumps = NULL;
  size_t n = 0;
  peg_error err;
  assert_int_equal(parse(b, "Jump(7,4,2,1)\nJump(9,8,7,2)\n", &jumps, &n, &err),
                   0);
  for (size_t k = 1; k <= n; k++) {
    assert_int_equal(peg_board_after(b, jumps, k, &after), 0);
    CHECK(position_agrees(&pc, after, jumps, k),
          "free start, %zu jumps: the position is not pegcheck's", k);
    CHECK(peg_board_start_pegs(after) == 9 - (int)k,
          "free start, %zu jumps: %d pegs", k, peg_board_start_pegs(after));
    peg_board_free(after);
  }
  free(jumps);
  pc_board_free(&pc);
  peg_board_free(b);

  /* a given start and goal: no jump is the start itself; the goal stays */
  b = named("triangle4", 1);
  const int goal[] = {7};
  assert_int_equal(peg_board_set_goal(b, goal, 1), 0);
  pc_board_triangle(&pc, 4, 1);
  assert_int_equal(peg_board_after(b, NULL, 0, &after), 0);
  CHECK(position_agrees(&pc, after, NULL, 0), "no jump: not the start");
  for (int h = 1; h <= 10; h++)
    assert_int_equal(peg_board_goal(after, h), h == 7);
  peg_board_free(after);
  /* a random game, compared at every step */
  rng_state = 0x853c49e6748fea9bULL;
  peg_jump played[8];
  uint32_t pegs = 0x3feu; /* holes 2..10 */
  for (size_t k = 0;; k++) {
    assert_int_equal(peg_board_after(b, played, k, &after), 0);
    CHECK(position_agrees(&pc, after, played, k),
          "a random game, %zu jumps: the position is not pegcheck's", k);
    peg_board_free(after);
    peg_jump legal[2 * MAX_TRIPLES];
    size_t count = legal_from(&pc, pegs, legal);
    if (count == 0)
      break;
    played[k] = legal[below((int)count)];
    pegs = after_jump(pegs, played[k]);
  }
  /* an illegal jump, and refusals */
  const peg_jump bad[] = {{4, 2, 1}, {7, 4, 2}};
  after = (peg_board *)&after;
  assert_int_equal(peg_board_after(b, bad, 2, &after), PEG_EPLAY);
  assert_null(after);
  const peg_jump no_triple[] = {{1, 2, 3}};
  assert_int_equal(peg_board_after(b, no_triple, 1, &after), PEG_EPLAY);
  assert_int_equal(peg_board_after(b, bad, 1, NULL), PEG_EINVAL);
  assert_int_equal(peg_board_after(NULL, bad, 1, &after), PEG_EINVAL);
  assert_int_equal(peg_board_after(b, NULL, 1, &after), PEG_EINVAL);
  pc_board_free(&pc);
  peg_board_free(b);
}

/* ---- peg_explain: sound refutations ---- */

typedef struct explain_stats {
  int cases, impossible, explained;
} explain_stats;

/* Checks that the named set in a given-goal explanation ("... in holes 1
 * 4 6 by ...") is a class of pegcheck's board (every triple meets it in
 * none or two holes) whose parity differs between start and goal. */
static void check_named_class(const pc_board *pc, const char *why,
                              const char *what) {
  const char *p = strstr(why, "holes ");
  CHECK(p != NULL, "%s: no holes named in '%s'", what, why);
  unsigned char in[65] = {0};
  p += 6;
  while (*p >= '0' && *p <= '9') {
    int h = (int)strtol(p, (char **)&p, 10);
    CHECK(h >= 1 && h <= pc->holes, "%s: hole %d in '%s'", what, h, why);
    in[h] = 1;
    while (*p == ' ')
      p++;
  }
  for (int t = 0; t < pc->num_triples; t++) {
    int meets =
        in[pc->triples[t][0]] + in[pc->triples[t][1]] + in[pc->triples[t][2]];
    CHECK(meets == 0 || meets == 2, "%s: a triple meets %d holes of '%s'", what,
          meets, why);
  }
  int start = 0, goal = 0;
  for (int h = 1; h <= pc->holes; h++) {
    start += in[h] && pc->start[h];
    goal += in[h] && pc->goal[h];
  }
  CHECK(start % 2 != goal % 2, "%s: the same parity at start and goal in '%s'",
        what, why);
}

static void explain_case(const peg_board *b, const pc_board *pc,
                         const char *what, explain_stats *st) {
  char *why = (char *)&why;
  int rc = peg_explain(b, &why);
  CHECK(rc == 0 || rc == 1, "%s: peg_explain gave %d", what, rc);
  uint64_t plays = pc_count_plays(pc);
  st->cases++;
  st->impossible += plays == 0;
  if (rc == 1) {
    st->explained++;
    CHECK(plays == 0, "%s: explained, yet pegcheck counts %llu plays (%s)",
          what, (unsigned long long)plays, why);
    CHECK(why && *why && !strchr(why, '\n'), "%s: not a one-line message",
          what);
    if (pc->goal_given)
      check_named_class(pc, why, what);
  } else {
    CHECK(why == NULL, "%s: 0 with a message", what);
  }
  free(why);
}

static void test_explain_triangles(void **state) {
  (void)state;
  explain_stats st = {0, 0, 0};
  for (int rows = 4; rows <= 5; rows++) {
    char name[32];
    snprintf(name, sizeof name, "triangle%d", rows);
    int holes = tri(rows, rows);
    for (int empty = 1; empty <= holes; empty++)
      for (int goal = 0; goal <= holes; goal++) {
        peg_board *b = named(name, empty);
        pc_board pc;
        pc_board_triangle(&pc, rows, empty);
        if (goal) {
          assert_int_equal(peg_board_set_goal(b, &goal, 1), 0);
          pc.goal_given = 1;
          pc.goal[goal] = 1;
        }
        char what[64];
        snprintf(what, sizeof what, "%s from %d to %d", name, empty, goal);
        explain_case(b, &pc, what, &st);
        pc_board_free(&pc);
        peg_board_free(b);
      }
  }
  print_message("explain on the triangles: %d puzzles, %d impossible, %d of "
                "them explained\n",
                st.cases, st.impossible, st.explained);
}

/* peg_explain on random small puzzles: 400 in a Release build's quick
 * tier. */
static void test_explain_random(void **state) {
  (void)state;
  rng_state = 0xda942042e4dd58b5ULL;
  long count = tier_cases(400);
  explain_stats st = {0, 0, 0};
  for (int k = 0; k < count; k++) {
    spec sp;
    random_spec(&sp, k % 2);
    sp.free_start = 0;
    if (k % 4 != 3 && !sp.goal_given) {
      /* mostly a random given goal (one peg, or a few) */
      int n = 1 + below(3), most = pegs_in(sp.start, sp.holes);
      for (int i = 0; i < n && i < most; i++)
        sp.goal[1 + below(sp.holes)] = 1;
      sp.goal_given = 1;
    }
    peg_board *b = spec_board(&sp);
    pc_board pc;
    spec_pc(&sp, &pc);
    char what[64];
    snprintf(what, sizeof what, "random board %d", k);
    explain_case(b, &pc, what, &st);
    pc_board_free(&pc);
    peg_board_free(b);
  }
  print_message("explain on random boards: %d puzzles, %d impossible, %d of "
                "them explained\n",
                st.cases, st.impossible, st.explained);
}

static void test_explain_classics(void **state) {
  (void)state;
  char *why = NULL;
  /* de Bruijn: the French board from its centre leaves no lone peg */
  peg_board *b = named("french", -1);
  assert_int_equal(peg_explain(b, &why), 1);
  CHECK(why && *why && !strchr(why, '\n'), "french: not a one-line message");
  print_message("french: %s\n", why);
  free(why);
  peg_board_free(b);
  /* the English board from the centre to the centre has plays */
  b = named("english", -1);
  const int centre[] = {17};
  assert_int_equal(peg_board_set_goal(b, centre, 1), 0);
  why = (char *)&why;
  assert_int_equal(peg_explain(b, &why), 0);
  assert_null(why);
  /* the French board to its centre is ruled out with a named class */
  peg_board_free(b);
  b = named("french", -1);
  const int french_centre[] = {19};
  assert_int_equal(peg_board_set_goal(b, french_centre, 1), 0);
  assert_int_equal(peg_explain(b, &why), 1);
  free(why);
  /* no position to judge: a free start, whatever the goal */
  assert_int_equal(peg_board_set_empty(b, 0), 0);
  why = (char *)&why;
  assert_int_equal(peg_explain(b, &why), 0);
  assert_null(why);
  for (int goal = 0; goal <= 15; goal++) {
    peg_board *t = named("triangle5", 0);
    if (goal)
      assert_int_equal(peg_board_set_goal(t, &goal, 1), 0);
    why = (char *)&why;
    CHECK(peg_explain(t, &why) == 0 && why == NULL,
          "triangle5, a free start, goal %d: explained", goal);
    peg_board_free(t);
  }
  /* a board that fails its check, NULL */
  const int many[] = {1, 2, 3};
  assert_int_equal(peg_board_set_start(b, many, 2), 0);
  assert_int_equal(peg_board_set_goal(b, many, 3), 0);
  assert_int_equal(peg_explain(b, &why), 0);
  assert_null(why);
  assert_int_equal(peg_explain(NULL, &why), PEG_EINVAL);
  assert_int_equal(peg_explain(b, NULL), PEG_EINVAL);
  peg_board_free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_enumerate_triangle4),
      cmocka_unit_test(test_enumerate_triangle5),
      cmocka_unit_test(test_enumerate_random),
      cmocka_unit_test(test_enumerate_stops),
      cmocka_unit_test(test_parallel_stops),
      cmocka_unit_test(test_hints_games),
      cmocka_unit_test(test_hints_random),
      cmocka_unit_test(test_hints_edges),
      cmocka_unit_test(test_play_parse),
      cmocka_unit_test(test_board_after),
      cmocka_unit_test(test_explain_triangles),
      cmocka_unit_test(test_explain_random),
      cmocka_unit_test(test_explain_classics),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
