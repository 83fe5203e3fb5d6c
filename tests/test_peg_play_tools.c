/* test_peg_play_tools.c - the puzzle player's options of the peg tools, run
 * as a user runs them and judged by tests/pegcheck.c (its own boards,
 * replay and exhaustive search), never by libpeg:
 *   - peg-back on several models (dpll --all, --solutions K): every
 *     solution a distinct legal play, all of them when the list is
 *     complete;
 *   - peg-front --count: the number of plays;
 *   - peg-front --hint [--played FILE]: each legal jump named, the winners
 *     with a play that replays, the losers without any play;
 *   - peg-back's one line of why before NO SOLUTION;
 *   - the errors of these options.
 *
 * Below scale 100 (tests/tier.h: the sanitizer build's quick tier, where
 * each program takes some ten times as long) the triangles are played
 * from one hole of each kind up to symmetry rather than from every hole
 * (those with no play with one at-most-one encoding), and the hints are
 * asked at every third position of the winning play (see every_case).
 *
 * Usage: test_peg_play_tools PEG-FRONT DPLL PEG-BACK */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clitest.h"
#include "pegcheck.h"

static char *front_tool, *dpll_tool, *back_tool;
static char *tmp_dir;

/* Whether every start and position is tried: from scale 100 (the Release
 * build's quick tier and the long tiers).  Below, the empty holes are
 * those of want_empty. */
static bool every_case(void) { return tier_scale() >= 100; }

/* Whether the triangles are tried with the empty hole `empty`: every one
 * from scale 100, else one of each kind up to symmetry: the solver's
 * choice (0), a corner (1), an edge hole (2), triangle4's centre (5; an
 * edge hole of triangle3). */
static bool want_empty(int empty) {
  return every_case() || empty == 0 || empty == 1 || empty == 2 || empty == 5;
}

/* ---- Running the pipe ---------------------------------------------------- */

/* The programs' arguments name files by absolute paths only (in the
 * scratch directory), so they run where the test runs (cwd NULL): clitest
 * starts them by posix_spawn, much cheaper under AddressSanitizer than the
 * fork another working directory takes (tests/clitest.c). */
#define HERE NULL

/* Runs prog with args (NULL-ended) on standard input `in` (a path or
 * NULL); true if it exited with `code`. */
static bool run(const char *name, run_result *r, const char *prog,
                const char *in, int code, const char *const *args) {
  run_argv(r, prog, HERE, in, NULL, args);
  return expect_exit(name, r, code);
}

/* peg-front FRONT... | dpll DPLL... | peg-back: peg-back's result in *r.
 * dpll's exit status is not judged here (test_listing does). */
static bool pipe3(const char *name, run_result *r, const char *const *front,
                  const char *const *dpll) {
  char clauses[4096], answer[4096];
  join(clauses, sizeof clauses, tmp_dir, "clauses.txt");
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  if (!run(name, r, front_tool, NULL, 0, front))
    return false;
  write_file(clauses, r->out.data, r->out.len);
  run_argv(r, dpll_tool, HERE, clauses, NULL, dpll);
  if (r->code != 0 && r->code != 10 && r->code != 20) {
    failure(name, "dpll exited %d: %s", r->code, SHOW(r->err));
    return false;
  }
  write_file(answer, r->out.data, r->out.len);
  const char *none[] = {NULL};
  return run(name, r, back_tool, answer, 0, none);
}

/* ---- Reading peg-back's lists -------------------------------------------- */

/* The plays of a several-model answer: "Solution K" blocks of jump lines,
 * then "N solutions, all there are" or "...; there may be more". */
typedef struct listing {
  char **plays; /* each play's jump lines, as text */
  size_t n;
  long announced; /* N of the last line, -1 if missing */
  bool complete;
} listing;

static void listing_free(listing *l) {
  for (size_t i = 0; i < l->n; i++)
    free(l->plays[i]);
  free(l->plays);
}

static bool read_listing(const char *name, const buffer *out, listing *l) {
  memset(l, 0, sizeof *l);
  l->announced = -1;
  buffer cur = {0};
  bool in_play = false, ok = true;
  for (const char *p = out->data; ok && p < out->data + out->len;) {
    const char *nl = memchr(p, '\n', (size_t)(out->data + out->len - p));
    size_t len = nl ? (size_t)(nl - p) : (size_t)(out->data + out->len - p);
    char line[256];
    snprintf(line, sizeof line, "%.*s", (int)len, p);
    p += len + (nl != NULL);
    long k;
    char rest[128];
    if (sscanf(line, "Solution %ld", &k) == 1) {
      ok = k == (long)l->n + 1;
      in_play = true;
      buffer_clear(&cur);
    } else if (in_play && !strncmp(line, "Jump(", 5)) {
      buffer_add(&cur, line, len);
      buffer_add(&cur, "\n", 1);
    } else if (in_play && len == 0) {
      l->plays = realloc(l->plays, (l->n + 1) * sizeof *l->plays);
      const char *text = cur.data ? cur.data : "";
      char *copy = malloc(strlen(text) + 1);
      assert_non_null(copy);
      l->plays[l->n++] = strcpy(copy, text);
      in_play = false;
    } else if (!in_play &&
               sscanf(line, "%ld solution%127[^\n]", &k, rest) == 2) {
      l->announced = k;
      l->complete = strstr(rest, "all there are") != NULL;
    } else
      ok = false;
    if (!ok)
      failure(name, "unexpected line \"%s\" in peg-back's list", line);
  }
  buffer_free(&cur);
  if (ok && (in_play || l->announced != (long)l->n)) {
    failure(name, "the list ends badly or counts %ld solutions, not %zu",
            l->announced, l->n);
    ok = false;
  }
  return ok;
}

/* Every play replays on the judge's board; no two are the same. */
static bool judge_listing(const char *name, const pc_board *judge,
                          const listing *l) {
  char why[256];
  for (size_t i = 0; i < l->n; i++) {
    if (!pc_replay_text(judge, l->plays[i], strlen(l->plays[i]), why,
                        sizeof why)) {
      failure(name, "solution %zu does not replay: %s", i + 1, why);
      return false;
    }
    for (size_t j = 0; j < i; j++)
      if (!strcmp(l->plays[i], l->plays[j])) {
        failure(name, "solutions %zu and %zu are the same play", j + 1, i + 1);
        return false;
      }
  }
  return true;
}

/* ---- Several solutions ----------------------------------------------------
 */

/* dpll --all lists every play of the 10-hole triangle, from each start
 * (0: the solver chooses; want_empty), with each at-most-one encoding: the
 * auxiliary atoms of some may give two models of one play, listed once.
 * Below scale 100 (every_case) the starts with no play are tried with one
 * encoding each, the corner with the sequential counter, the centre with
 * the commanders (NO SOLUTION whatever the encoding). */
static void test_every_solution(void **state) {
  (void)state;
  static const char *const amo[] = {"pairwise", "sequential", "product",
                                    "commander"};
  begin_cases();
  run_result r = {0};
  for (int empty = 0; empty <= 10; empty++) {
    if (!want_empty(empty))
      continue;
    for (size_t a = 0; a < 4; a++) {
      if (!every_case() && (empty == 1 || empty == 5) &&
          a != (empty == 1 ? 1u : 3u))
        continue;
      char e[16], name[200];
      snprintf(e, sizeof e, "%d", empty);
      snprintf(name, sizeof name,
               "peg-front -b triangle4 -e %d --exact --at-most-one %s | "
               "dpll --all | peg-back",
               empty, amo[a]);
      const char *front[] = {"-b",      "triangle4",     "-e",   e,
                             "--exact", "--at-most-one", amo[a], NULL};
      const char *dpll[] = {"--all", NULL};
      pc_board judge;
      pc_board_triangle(&judge, 4, empty);
      uint64_t plays = pc_count_plays(&judge);
      listing l;
      if (pipe3(name, &r, front, dpll)) {
        if (plays == 0) {
          if (strcmp(r.out.data, "NO SOLUTION\n"))
            failure(name, "pegcheck finds no play, peg-back wrote \"%s\"",
                    SHOW(r.out));
        } else if (read_listing(name, &r.out, &l)) {
          if (judge_listing(name, &judge, &l) && (l.n != plays || !l.complete))
            failure(name,
                    "%zu solutions (complete %d), pegcheck finds %" PRIu64, l.n,
                    l.complete, plays);
          listing_free(&l);
        }
      }
      pc_board_free(&judge);
    }
  }
  run_free(&r);
  end_cases("every solution");
}

/* dpll --solutions K: K distinct plays (fewer if there are fewer), said
 * to be maybe not all unless the list ran out. */
static void test_some_solutions(void **state) {
  (void)state;
  begin_cases();
  run_result r = {0};
  static const char *const ks[] = {"1", "3", "14", "15"};
  for (size_t i = 0; i < 4; i++) {
    char name[160];
    snprintf(name, sizeof name,
             "peg-front -b triangle4 -e 2 --exact | dpll --solutions %s | "
             "peg-back",
             ks[i]);
    const char *front[] = {"-b", "triangle4", "-e", "2", "--exact", NULL};
    const char *dpll[] = {"--solutions", ks[i], NULL};
    pc_board judge;
    pc_board_triangle(&judge, 4, 2);
    long k = atol(ks[i]), plays = (long)pc_count_plays(&judge);
    listing l;
    char why[256];
    if (k == 1) {
      /* One model: the seed's output, jump lines only. */
      if (pipe3(name, &r, front, dpll) &&
          !pc_replay_text(&judge, r.out.data, r.out.len, why, sizeof why))
        failure(name, "\"%s\" does not replay: %s", SHOW(r.out), why);
    } else if (pipe3(name, &r, front, dpll) && read_listing(name, &r.out, &l)) {
      long want = k < plays ? k : plays;
      if (judge_listing(name, &judge, &l) &&
          ((long)l.n != want || l.complete != (k > plays)))
        failure(name, "%zu solutions (complete %d), expected %ld (complete %d)",
                l.n, l.complete, want, k > plays);
      listing_free(&l);
    }
    pc_board_free(&judge);
  }
  run_free(&r);
  end_cases("some solutions");
}

/* ---- Counting -------------------------------------------------------------
 */

/* --count on the 6- and 10-hole triangles from each start (want_empty). */
static void test_count(void **state) {
  (void)state;
  begin_cases();
  run_result r = {0};
  for (int rows = 3; rows <= 4; rows++)
    for (int empty = 0; empty <= rows * (rows + 1) / 2; empty++) {
      if (!want_empty(empty))
        continue;
      char e[16], b[24], name[128];
      snprintf(e, sizeof e, "%d", empty);
      snprintf(b, sizeof b, "triangle%d", rows);
      snprintf(name, sizeof name, "peg-front -b %s -e %d --count", b, empty);
      const char *args[] = {"-b", b, "-e", e, "--count", NULL};
      pc_board judge;
      pc_board_triangle(&judge, rows, empty);
      char want[32];
      snprintf(want, sizeof want, "%" PRIu64 "\n", pc_count_plays(&judge));
      if (run(name, &r, front_tool, NULL, 0, args) && strcmp(r.out.data, want))
        failure(name, "wrote \"%s\", pegcheck counts %s", SHOW(r.out), want);
      pc_board_free(&judge);
    }
  run_free(&r);
  end_cases("count");
}

/* ---- Hints ----------------------------------------------------------------
 */

/* The pegs after the jump lines of text on judge's board (from its start),
 * in pegs[1..holes]; false if they do not replay. */
static bool position_after(const pc_board *judge, const char *text,
                           unsigned char *pegs) {
  for (int h = 1; h <= judge->holes; h++)
    pegs[h] = judge->start[h];
  int a, b, c, t, n = 0;
  for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
    if (sscanf(p, "Jump(%d,%d,%d,%d)", &a, &b, &c, &t) != 4 || t != ++n ||
        !pegs[a] || !pegs[b] || pegs[c])
      return false;
    pegs[a] = pegs[b] = 0;
    pegs[c] = 1;
  }
  return true;
}

/* pegcheck's board with pegs as its start. */
static void from_position(pc_board *b, const unsigned char *pegs) {
  b->free_start = 0;
  for (int h = 1; h <= b->holes; h++)
    b->start[h] = pegs[h];
}

/* Whether the triple t of judge gives the jump a over b into c. */
static bool is_jump(const pc_board *judge, int a, int b, int c) {
  for (int t = 0; t < judge->num_triples; t++) {
    const int *x = judge->triples[t];
    if (x[1] == b && ((x[0] == a && x[2] == c) || (x[2] == a && x[0] == c)))
      return true;
  }
  return false;
}

/* Checks peg-front --hint's output for the position after `played` (jump
 * lines) on the 15-hole triangle from hole 1. */
static void check_hints(const char *name, const char *played,
                        const buffer *out) {
  pc_board judge;
  pc_board_triangle(&judge, 5, 1);
  unsigned char pegs[16], after[16];
  assert_true(position_after(&judge, played, pegs));
  int n_played = 0;
  for (const char *p = played; (p = strchr(p, '\n')); p++)
    n_played++;
  /* The oracle's legal jumps from the position, each won or lost. */
  int legal = 0, wins = 0, listed = 0, listed_wins = 0, left = 0;
  for (int h = 1; h <= 15; h++)
    left += pegs[h];
  for (int t = 0; t < judge.num_triples; t++)
    for (int d = 0; d < 2; d++) {
      const int *x = judge.triples[t];
      int a = d ? x[2] : x[0], b = x[1], c = d ? x[0] : x[2];
      if (pegs[a] && pegs[b] && !pegs[c]) {
        legal++;
        memcpy(after, pegs, sizeof after);
        after[a] = after[b] = 0;
        after[c] = 1;
        pc_board pos = judge;
        from_position(&pos, after);
        wins += pc_count_plays(&pos) > 0;
      }
    }
  /* Each line: a legal jump, its verdict right, a winner's play replays. */
  for (const char *p = out->data; p && *p;) {
    const char *nl = strchr(p, '\n');
    char line[2048];
    snprintf(line, sizeof line, "%.*s", (int)(nl ? nl - p : (long)strlen(p)),
             p);
    p = nl ? nl + 1 : NULL;
    int a, b, c, t, k;
    if (sscanf(line, "Jump(%d,%d,%d,%d)%n", &a, &b, &c, &t, &k) != 4) {
      int w, of;
      if (sscanf(line, "%d of %d legal jump", &w, &of) == 2) {
        if (w != wins || of != legal || (p && *p))
          failure(name, "last line \"%s\": pegcheck has %d of %d", line, wins,
                  legal);
      } else if (!(left > 1 && legal == 0 &&
                   !strcmp(line, "No legal jump: the game is lost")) &&
                 !(left == 1 && !strcmp(line, "No jump to make: the position "
                                              "has the goal's number of pegs "
                                              "and is the goal")))
        failure(name, "unexpected line \"%s\"", line);
      continue;
    }
    listed++;
    if (t != n_played + 1 || a < 1 || a > 15 || b < 1 || b > 15 || c < 1 ||
        c > 15 || !is_jump(&judge, a, b, c) || !pegs[a] || !pegs[b] ||
        pegs[c]) {
      failure(name, "\"%s\" is not a legal next jump", line);
      continue;
    }
    memcpy(after, pegs, sizeof after);
    after[a] = after[b] = 0;
    after[c] = 1;
    pc_board pos = judge;
    from_position(&pos, after);
    bool oracle_wins = pc_count_plays(&pos) > 0;
    if (!strncmp(line + k, " loses", 6)) {
      if (oracle_wins)
        failure(name, "\"%s\", but pegcheck finds plays after it", line);
      continue;
    }
    listed_wins++;
    if (strncmp(line + k, " wins:", 6) || !oracle_wins) {
      failure(name, "\"%s\": pegcheck says %s", line,
              oracle_wins ? "wins" : "loses");
      continue;
    }
    /* The whole game: the jumps played, then the witness. */
    buffer game = {0};
    buffer_str(&game, played);
    for (const char *q = line + k + 6; *q;) {
      while (*q == ' ')
        q++;
      const char *end = strchr(q, ' ');
      size_t len = end ? (size_t)(end - q) : strlen(q);
      buffer_add(&game, q, len);
      buffer_add(&game, "\n", 1);
      q += len;
    }
    char why[256];
    if (!pc_replay_text(&judge, game.data, game.len, why, sizeof why))
      failure(name, "the play of \"%.60s...\" does not replay: %s", line, why);
    else if (strncmp(game.data + strlen(played), line, (size_t)k))
      failure(name, "the play of \"%.60s\" does not begin with it", line);
    buffer_free(&game);
  }
  if (listed != legal || listed_wins != wins)
    failure(name, "%d jumps listed (%d winning), pegcheck has %d (%d)", listed,
            listed_wins, legal, wins);
  pc_board_free(&judge);
}

/* Every position of a play of the 15-hole triangle and of a losing game:
 * --hint with --played the first k jumps.  Below scale 100 (every_case)
 * the play's positions after 0, 3, 6... jumps and at its end only. */
static void test_hints(void **state) {
  (void)state;
  begin_cases();
  run_result r = {0};
  const char *front[] = {"-b", "triangle5", "-e", "1", NULL};
  const char *dpll[] = {NULL};
  buffer play = {0};
  if (pipe3("the play", &r, front, dpll))
    buffer_add(&play, r.out.data, r.out.len);
  /* A second game, made up: an opening along the edges. */
  static const char losing[] = "Jump(4,2,1,1)\nJump(6,5,4,2)\n"
                               "Jump(15,10,6,3)\nJump(13,14,15,4)\n";
  char path[4096];
  join(path, sizeof path, tmp_dir, "played.txt");
  for (int game = 0; game < 2; game++) {
    const char *text = game ? losing : play.data;
    size_t lines = 0;
    for (const char *p = text; p && (p = strchr(p, '\n')); p++)
      lines++;
    for (size_t k = 0; k <= lines; k++) {
      if (!every_case() && game == 0 && k % 3 && k != lines)
        continue;
      const char *end = text;
      for (size_t i = 0; i < k; i++)
        end = strchr(end, '\n') + 1;
      char played[1024];
      snprintf(played, sizeof played, "%.*s", (int)(end - text), text);
      write_file(path, played, strlen(played));
      char name[96];
      snprintf(name, sizeof name,
               "peg-front -b triangle5 -e 1 --hint "
               "--played (game %d, %zu jumps)",
               game + 1, k);
      const char *args[] = {"-b",     "triangle5", "-e", "1",
                            "--hint", "--played",  path, NULL};
      if (run(name, &r, front_tool, NULL, 0, args))
        check_hints(name, played, &r.out);
    }
  }
  buffer_free(&play);
  run_free(&r);
  end_cases("hints");
}

/* ---- Errors ---------------------------------------------------------------
 */

typedef struct bad_case {
  const char *played; /* the --played file's text, or NULL for none */
  const char *args[10];
  const char *message; /* standard error, exactly; @ is the file's path */
} bad_case;

static void test_errors(void **state) {
  (void)state;
  static const bad_case cases[] = {
      {"Jump(4,2,1,1)\nhello\n",
       {"-b", "triangle5", "--hint", "--played", "@", NULL},
       "@:2:1: expected a jump as peg-back writes it, "
       "Jump(FROM,OVER,TO,TIME)\n"},
      {"Jump(4,2,1,2)\n",
       {"-b", "triangle5", "--hint", "--played", "@", NULL},
       "@:1:1: Jump(...,2) where time 1 was expected (the jumps come in order "
       "from 1)\n"},
      {"\nJump(4,2,1,1)\nJump(1,2,4,2)\n",
       {"-b", "triangle5", "--hint", "--played", "@", NULL},
       "@:3:1: jump 2, Jump(1,2,4,2): hole 2 has no peg to jump over\n"},
      {"Jump(1,5,9,1)\n",
       {"-b", "triangle5", "--hint", "--played", "@", NULL},
       "@:1:1: jump 1, Jump(1,5,9,1): 1 over 5 into 9 is not a jump of the "
       "board\n"},
      {"Jump(1234567890,2,1,1)\n",
       {"-b", "triangle5", "--hint", "--played", "@", NULL},
       "@:1:1: expected a jump as peg-back writes it, "
       "Jump(FROM,OVER,TO,TIME)\n"},
      {NULL,
       {"-b", "triangle5", "--played", "@", NULL},
       "peg-front: --played goes with --hint\n"},
      {NULL,
       {"-b", "triangle5", "--count", "--hint", NULL},
       "peg-front: give at most one of --count, --hint, --write-board and "
       "--dimacs\n"},
      {NULL,
       {"-b", "triangle5", "-e", "0", "--hint", NULL},
       "peg-front: the board lets the solver choose the empty hole: give the "
       "position (--empty H, a start line, or --played)\n"},
      {NULL,
       {"-b", "triangle5", "--hint", "--played", "/nonexistent/played", NULL},
       "peg-front: /nonexistent/played: cannot read: No such file or "
       "directory\n"},
  };
  begin_cases();
  run_result r = {0};
  char path[4096];
  join(path, sizeof path, tmp_dir, "bad-played.txt");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const bad_case *c = &cases[i];
    if (c->played)
      write_file(path, c->played, strlen(c->played));
    const char *args[10];
    for (size_t k = 0; k < 10; k++)
      args[k] = c->args[k] && !strcmp(c->args[k], "@") ? path : c->args[k];
    buffer want = {0};
    for (const char *p = c->message; *p; p++)
      if (*p == '@')
        buffer_str(&want, path);
      else
        buffer_add(&want, p, 1);
    char name[64];
    snprintf(name, sizeof name, "error case %zu", i + 1);
    if (run(name, &r, front_tool, NULL, 1, args)) {
      expect_empty(name, "stdout", &r.out);
      expect_bytes(name, "stderr", &r.err, &want);
    }
    buffer_free(&want);
  }
  run_free(&r);
  end_cases("errors");
}

/* ---- Why no solution ------------------------------------------------------
 */

static void test_why(void **state) {
  (void)state;
  typedef struct why_case {
    const char *board; /* a board file's text, or a catalogue name */
    const char *begins;
  } why_case;
  static const why_case cases[] = {
      /* de Bruijn: the French board from its centre. */
      {"french", "peg-back: no solution: the position classes rule it out: "},
      {"5 3\n1 2 3\n2 3 4\n3 4 5\n",
       "peg-back: no solution: the position classes rule it out: "},
      /* A given goal: the classes name the set of holes. */
      {"4 1\n1 2 3\n2 3 4\ngoal 4\n",
       "peg-back: no solution: the position classes rule it out: every jump "
       "changes the number of pegs in holes 1 2 4 by 0 or 2 (each triple has "
       "none or two of them), so it stays even as at the start, but the goal "
       "makes it odd\n"},
      {"5 1\n1 2 3\n2 3 4\n3 4 5\n",
       "peg-back: no solution: the SAT solver answered that no play reaches "
       "the goal; that answer is not checked here (the position classes "
       "alone do not rule it out; --check-proof PROOF checks a DRAT proof of "
       "it)\n"},
  };
  begin_cases();
  run_result r = {0};
  char board[4096];
  join(board, sizeof board, tmp_dir, "board.txt");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const why_case *c = &cases[i];
    bool named = !strchr(c->board, '\n');
    if (!named)
      write_file(board, c->board, strlen(c->board));
    const char *front[] = {named ? "-b" : board, named ? c->board : NULL, NULL};
    const char *dpll[] = {NULL};
    char name[64];
    snprintf(name, sizeof name, "why case %zu", i + 1);
    /* pipe3 runs peg-back; its standard error is judged here. */
    char clauses[4096], answer[4096];
    join(clauses, sizeof clauses, tmp_dir, "clauses.txt");
    join(answer, sizeof answer, tmp_dir, "answer.txt");
    if (!run(name, &r, front_tool, NULL, 0, front))
      continue;
    write_file(clauses, r.out.data, r.out.len);
    run_argv(&r, dpll_tool, HERE, clauses, NULL, dpll);
    write_file(answer, r.out.data, r.out.len);
    const char *none[] = {NULL};
    if (!run(name, &r, back_tool, answer, 0, none))
      continue;
    if (strcmp(r.out.data, "NO SOLUTION\n"))
      failure(name, "expected NO SOLUTION, got \"%s\"", SHOW(r.out));
    size_t n = strlen(c->begins);
    bool whole = c->begins[n - 1] == '\n';
    if (r.err.len < n || memcmp(r.err.data, c->begins, n) ||
        (whole && r.err.len != n) ||
        memchr(r.err.data, '\n', r.err.len) != r.err.data + r.err.len - 1)
      failure(name, "standard error \"%s\", expected %s\"%s\"", SHOW(r.err),
              whole ? "" : "one line beginning ", c->begins);
  }
  run_free(&r);
  end_cases("why");
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s PEG-FRONT DPLL PEG-BACK\n", argv[0]);
    return 2;
  }
  front_tool = absolute(argv[1]);
  dpll_tool = absolute(argv[2]);
  back_tool = absolute(argv[3]);
  if (!front_tool || !dpll_tool || !back_tool || access(front_tool, X_OK) ||
      access(dpll_tool, X_OK) || access(back_tool, X_OK)) {
    fprintf(stderr, "test_peg_play_tools: bad tool paths\n");
    return 2;
  }
  clitest_program = "test_peg_play_tools";
  clitest_hang_seconds = (int)tier_seconds(120);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_solution),
      cmocka_unit_test(test_some_solutions),
      cmocka_unit_test(test_count),
      cmocka_unit_test(test_hints),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_why),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "test-peg-play-tools", &tmp_dir);
  free(front_tool);
  free(dpll_tool);
  free(back_tool);
  return rc;
}
