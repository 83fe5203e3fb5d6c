/* test_pegweb.c - tools/web/pegweb.c, the calls peg.html makes, built
 * natively (and under the sanitizers in their build), judged by
 * tests/pegcheck.c, which reads the board files on its own and searches
 * every play exhaustively.
 *
 * On random small puzzles (testutil's spec_random: random triples, parts
 * of triangles, free and given starts and goals), written as board files:
 *   - web_solve says solved exactly when pegcheck finds a play, and its
 *     play replays on pegcheck's board; from a position part-way along
 *     that play (played), the play it gives begins with those jumps;
 *   - web_count equals pegcheck's count of plays, from the start and from
 *     the position after the first jump;
 *   - web_hints lists every legal jump from the position, and calls one
 *     winning exactly when pegcheck counts a play after it, each winning
 *     play replaying from there;
 *   - web_info gives pegcheck's holes and triples.
 * Then the errors: a board file at fault (its line and column), a start,
 * goal or played text that is not one, an illegal played jump, a hint
 * where the solver chooses the empty hole. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "pegcheck.h"
#include "pegweb.h"
#include "testutil.h"
#include "tier.h"

#define MAX_JUMPS 64
#define MAX_COUNTED 300 /* plays web_count is asked to count */

/* ---- Reading the answers ------------------------------------------------ */

/* The text after "key": in json, or NULL. */
static const char *field(const char *json, const char *key) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  const char *at = strstr(json, pattern);
  return at ? at + strlen(pattern) : NULL;
}

static long number(const char *json, const char *key) {
  const char *at = field(json, key);
  CHECK(at, "no %s in %s", key, json);
  return strtol(*at == '"' ? at + 1 : at, NULL, 10);
}

static bool is(const char *json, const char *key, const char *value) {
  const char *at = field(json, key);
  return at && !strncmp(at, value, strlen(value));
}

/* The jumps of the array at at ("[[a,b,c],...]") into j; their number. */
static int read_jumps(const char *at, int (*j)[3]) {
  int n = 0, used;
  CHECK(at && *at == '[', "no array of jumps");
  at++;
  while (*at == '[' && n < MAX_JUMPS &&
         sscanf(at, "[%d,%d,%d]%n", &j[n][0], &j[n][1], &j[n][2], &used) == 3) {
    n++;
    at += used;
    at += *at == ',';
  }
  CHECK(*at == ']', "a malformed array of jumps at %.40s", at);
  return n;
}

/* "A B C A B C ..." for jumps[0..n-1]. */
static void played_text(const int (*j)[3], int n, char *out, size_t size) {
  size_t len = 0;
  out[0] = 0;
  for (int i = 0; i < n && len < size; i++)
    len += (size_t)snprintf(out + len, size - len, "%s%d %d %d", i ? " " : "",
                            j[i][0], j[i][1], j[i][2]);
}

/* ---- The oracle's positions ------------------------------------------- */

/* pc after jumps[0..n-1] from its start (which must be given): the same
 * board starting there.  Returns false if a jump cannot be made. */
static bool pc_after(const pc_board *pc, const int (*j)[3], int n,
                     pc_board *out) {
  *out = *pc;
  for (int i = 0; i < n; i++) {
    int a = j[i][0], b = j[i][1], c = j[i][2];
    if (!out->start[a] || !out->start[b] || out->start[c])
      return false;
    out->start[a] = out->start[b] = 0;
    out->start[c] = 1;
  }
  return true;
}

/* Whether some triple joins from and to over over, in either direction. */
static bool is_triple(const pc_board *pc, int from, int over, int to) {
  for (int t = 0; t < pc->num_triples; t++) {
    const int *x = pc->triples[t];
    if (x[1] == over &&
        ((x[0] == from && x[2] == to) || (x[2] == from && x[0] == to)))
      return true;
  }
  return false;
}

/* The legal jumps from pc's (given) start. */
static int legal_jumps(const pc_board *pc, int (*j)[3]) {
  int n = 0;
  for (int t = 0; t < pc->num_triples; t++)
    for (int dir = 0; dir < 2; dir++) {
      int a = pc->triples[t][dir ? 2 : 0], b = pc->triples[t][1],
          c = pc->triples[t][dir ? 0 : 2];
      if (pc->start[a] && pc->start[b] && !pc->start[c] && n < MAX_JUMPS) {
        j[n][0] = a, j[n][1] = b, j[n][2] = c;
        n++;
      }
    }
  return n;
}

/* ---- The checks --------------------------------------------------------- */

typedef struct puzzle {
  char *text; /* the board file */
  pc_board pc;
  char what[80];
} puzzle;

static void check_info(const puzzle *p) {
  char *info = web_info(p->text, "", "");
  CHECK(info && is(info, "ok", "1"), "%s: web_info: %s", p->what, info);
  CHECK(number(info, "holes") == p->pc.holes, "%s: holes", p->what);
  int t[MAX_JUMPS][3];
  int n = read_jumps(field(info, "triples"), t);
  CHECK(n == p->pc.num_triples, "%s: %d triples, pegcheck reads %d", p->what, n,
        p->pc.num_triples);
  for (int i = 0; i < n; i++)
    CHECK(is_triple(&p->pc, t[i][0], t[i][1], t[i][2]),
          "%s: triple %d %d %d is not the file's", p->what, t[i][0], t[i][1],
          t[i][2]);
  web_free(info);
}

/* Solves from the start; the play (if any) in play, its length returned,
 * -1 for no solution. */
static int check_solve(const puzzle *p, int (*play)[3]) {
  char *r = web_solve(p->text, "", "", "");
  uint64_t plays = pc_count_plays(&p->pc);
  CHECK(r && is(r, "ok", "1"), "%s: web_solve: %s", p->what, r);
  if (!plays) {
    CHECK(is(r, "state", "\"no-solution\""),
          "%s: pegcheck finds no play, "
          "web_solve says %s",
          p->what, r);
    web_free(r);
    return -1;
  }
  CHECK(is(r, "state", "\"solved\""),
        "%s: pegcheck finds %llu plays, "
        "web_solve says %s",
        p->what, (unsigned long long)plays, r);
  int n = read_jumps(field(r, "jumps"), play), goal = 0;
  char why[200];
  for (int h = 1; h <= p->pc.holes; h++)
    goal += p->pc.goal[h];
  /* A play of no jump from a free start leaves the goal's one empty hole
   * empty: pegcheck has no jump to see it by. */
  if (n == 0 && p->pc.free_start)
    CHECK(p->pc.goal_given && goal == p->pc.holes - 1,
          "%s: a play of no jump\n%s", p->what, p->text);
  else
    CHECK(pc_replay(&p->pc, (const int(*)[3])play, n, why, sizeof why),
          "%s: the play does not replay: %s\n%s", p->what, why, p->text);
  web_free(r);
  return n;
}

/* web_count from the position pos, after played, is pegcheck's count
 * (where that is small: the count finds each play by a solve). */
static void check_count(const puzzle *p, const pc_board *pos,
                        const char *played) {
  uint64_t plays = pc_count_plays(pos);
  if (plays > MAX_COUNTED)
    return;
  char *r = web_count(p->text, "", "", played);
  CHECK(r && number(r, "count") == (long)plays,
        "%s: after '%s' web_count says %s, pegcheck %llu\n%s", p->what, played,
        r, (unsigned long long)plays, p->text);
  web_free(r);
}

/* The hints from pos, the position after the k jumps in played. */
static void check_hints(const puzzle *p, const pc_board *pos,
                        const char *played, int k) {
  int legal[MAX_JUMPS][3], m = legal_jumps(pos, legal), pegs = 0, goal = 0;
  int seen = 0;
  for (int h = 1; h <= pos->holes; h++) {
    pegs += pos->start[h];
    goal += pos->goal[h];
  }
  goal = pos->goal_given ? goal : 1;
  char *r = web_hints(p->text, "", "", played);
  CHECK(r && is(r, "ok", "1"), "%s: web_hints: %s", p->what, r);
  long steps = number(r, "steps");
  CHECK(steps == (pegs > goal ? pegs - goal : 0),
        "%s: %ld steps left from %d pegs to %d", p->what, steps, pegs, goal);
  for (const char *h = strstr(r, "{\"jump\":"); h;
       h = strstr(h + 1, "{\"jump\":")) {
    int jump[1][3], win;
    CHECK(sscanf(h, "{\"jump\":[%d,%d,%d],\"win\":%d", &jump[0][0], &jump[0][1],
                 &jump[0][2], &win) == 4,
          "%s: a hint reads %.60s", p->what, h);
    pc_board after;
    CHECK(pc_after(pos, (const int(*)[3])jump, 1, &after),
          "%s: hint %d %d %d is not a legal jump", p->what, jump[0][0],
          jump[0][1], jump[0][2]);
    CHECK(win == (pc_count_plays(&after) > 0),
          "%s: after %d jumps, hint %d %d %d says win %d", p->what, k,
          jump[0][0], jump[0][1], jump[0][2], win);
    if (win) {
      int rest[MAX_JUMPS][3], n = read_jumps(field(h, "play"), rest);
      char why[200];
      CHECK(n == steps && !memcmp(rest[0], jump[0], sizeof jump[0]) &&
                pc_replay(pos, (const int(*)[3])rest, n, why, sizeof why),
            "%s: the winning play of hint %d %d %d does not replay", p->what,
            jump[0][0], jump[0][1], jump[0][2]);
    }
    seen++;
  }
  CHECK(seen == (steps ? m : 0), "%s: %d hints for %d legal jumps, %ld steps",
        p->what, seen, m, steps);
  web_free(r);
}

/* From the position after k jumps of play: the solve keeps them, the count
 * is pegcheck's, and so are the hints. */
static void check_position(const puzzle *p, const int (*play)[3], int k) {
  char played[MAX_JUMPS * 16], why[200];
  played_text(play, k, played, sizeof played);
  pc_board pos, start = p->pc;
  if (start.free_start) { /* the first jump shows the empty hole */
    for (int h = 1; h <= start.holes; h++)
      start.start[h] = h != play[0][2];
    start.free_start = 0;
  }
  CHECK(pc_after(&start, play, k, &pos), "%s: the oracle's replay", p->what);

  char *r = web_solve(p->text, "", "", played);
  int again[MAX_JUMPS][3], n = read_jumps(field(r, "jumps"), again);
  CHECK(n >= k && !memcmp(again, play, (size_t)k * sizeof *again),
        "%s: the play from %d jumps does not begin with them", p->what, k);
  CHECK(pc_replay(&p->pc, (const int(*)[3])again, n, why, sizeof why),
        "%s: the play from %d jumps: %s", p->what, k, why);
  web_free(r);

  check_count(p, &pos, played);

  check_hints(p, &pos, played, k);
}

static void puzzle_free(puzzle *p) {
  free(p->text);
  pc_board_free(&p->pc);
}

/* Random puzzle i as a board file, read back by pegcheck. */
static void random_puzzle(puzzle *p, int i, uint64_t *rng) {
  spec sp;
  spec_random(&sp, i % 2, rng);
  peg_board *b = spec_board(&sp);
  p->text = peg_board_text(b, NULL);
  peg_board_free(b);
  CHECK(p->text, "out of memory");
  char why[200];
  CHECK(pc_board_read(p->text, strlen(p->text), &p->pc, why, sizeof why),
        "pegcheck cannot read the board file: %s\n%s", why, p->text);
  snprintf(p->what, sizeof p->what, "random puzzle %d", i);
}

static void test_random_puzzles(void **state) {
  (void)state;
  uint64_t rng = 25;
  long cases = tier_cases(60);
  for (int i = 0; i < cases; i++) {
    puzzle p;
    random_puzzle(&p, i, &rng);
    check_info(&p);
    check_count(&p, &p.pc, "");
    int play[MAX_JUMPS][3], n = check_solve(&p, play);
    for (int k = p.pc.free_start ? 1 : 0; k <= n; k += n / 3 + 1)
      check_position(&p, (const int(*)[3])play, k);
    puzzle_free(&p);
  }
}

/* The catalogue and start/goal parts on a known board. */
static void test_triangle(void **state) {
  (void)state;
  char *c = web_catalogue("triangle5");
  CHECK(c && is(c, "ok", "1"), "web_catalogue: %s", c);
  web_free(c);
  c = web_catalogue("nosuch");
  CHECK(c && is(c, "ok", "0"), "web_catalogue of nosuch: %s", c);
  web_free(c);
  puzzle p = {0};
  pc_board_triangle(&p.pc, 5, 1);
  peg_board *b = named("triangle5", 1);
  p.text = peg_board_text(b, NULL);
  peg_board_free(b);
  for (int empty = 1; empty <= 15; empty += 4) {
    char start[32];
    snprintf(start, sizeof start, "empty %d", empty);
    pc_board_free(&p.pc);
    pc_board_triangle(&p.pc, 5, empty);
    char *r = web_solve(p.text, start, "any", "");
    int play[MAX_JUMPS][3], n = read_jumps(field(r, "jumps"), play);
    char why[200];
    CHECK(pc_replay(&p.pc, (const int(*)[3])play, n, why, sizeof why),
          "triangle5 from %d: %s", empty, why);
    web_free(r);
  }
  /* A goal the classes rule out: the reason comes with the answer. */
  char *r = web_solve(p.text, "empty 1", "pegs 2", "");
  CHECK(is(r, "state", "\"no-solution\"") && is(r, "why", "\"the position"),
        "triangle5, goal 2: %s", r);
  web_free(r);
  puzzle_free(&p);
}

/* Each fault gets {ok:0} and a message; a board file's has its place. */
static void test_errors(void **state) {
  (void)state;
  static const struct {
    const char *text, *start, *goal, *played, *expect;
  } cases[] = {
      {"4 1\n1 2 3\n2 3 x\n", "", "", "", "\"line\":3,\"column\":5"},
      {"4 1\n1 2 9\n", "", "", "", "\"line\":2"},
      {"", "", "", "", "\"line\":"},
      {"4 1\n1 2 3\n2 3 4\n", "empty 9", "", "", "the start"},
      {"4 1\n1 2 3\n2 3 4\n", "empty", "", "", "the start"},
      {"4 1\n1 2 3\n2 3 4\n", "pegs 1 x", "", "", "the start"},
      {"4 1\n1 2 3\n2 3 4\n", "", "pegs", "", "the goal"},
      {"4 1\n1 2 3\n2 3 4\n", "", "pegs 1 2 3 4", "", "goal"},
      {"4 1\n1 2 3\n2 3 4\n", "", "", "3 2", "played"},
      {"4 1\n1 2 3\n2 3 4\n", "", "", "1 2 3", "played jump 1"},
      {"4 1\n1 2 3\n2 3 4\n", "", "", "3 2 1 4 3 2", "played jump 2"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *(*calls[])(const char *, const char *, const char *,
                     const char *) = {web_solve, web_hints, web_count};
    for (size_t c = 0; c < 3; c++) {
      char *r = calls[c](cases[i].text, cases[i].start, cases[i].goal,
                         cases[i].played);
      CHECK(r && is(r, "ok", "0") && strstr(r, cases[i].expect),
            "case %zu, call %zu: %s", i, c, r);
      web_free(r);
    }
  }
  char *r = web_hints("4 0\n1 2 3\n2 3 4\n", "", "", "");
  CHECK(r && is(r, "ok", "0") && strstr(r, "empty hole"), "free start: %s", r);
  web_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_puzzles),
      cmocka_unit_test(test_triangle),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
