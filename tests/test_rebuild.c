/* test_rebuild.c - the clauses that peg-back and maze-back check a DRAT
 * proof against (--check-proof) are the clauses that peg-front and
 * maze-front wrote: the back ends never read a clause file, they rebuild
 * the clauses from the key, so a genuine proof is accepted only if the
 * rebuilt set is the written one, for every option that changes the
 * clauses.
 *
 *  1. Every option of peg-front's and maze-front's tables is either one
 *     that changes the clauses, tried below, or one listed as writing
 *     none; a new option fails here until it is placed.
 *  2. For each board or maze and each such option, in the DP format and in
 *     DIMACS: the front end's clauses, read here, against the clauses
 *     rebuilt the way the back end rebuilds them (the key read as a "no
 *     model" answer with peg_result_read_keyed / maze_result_read_keyed,
 *     then cli_dimacs_text of tools/common/proofcheck.c, the function the
 *     back ends call), both sorted (literals in a clause, then clauses) and
 *     compared as lists, repeats counted.  The DP format cannot write the
 *     empty clause: the front end writes the units 1 and -1 for it
 *     (tools/common/emit.c), and so the rebuilt empty clause is compared
 *     as those two.
 *  3. End to end, for the same options on boards and mazes with no
 *     solution: front end, dpll --proof, back end --check-proof, which
 *     must say "proved".
 *
 * Sections 2 and 3 try every option set on every board or maze in both
 * formats in the long tier (tier_long, tests/tier.h); the quick
 * tier tries each option set in both formats on some of the boards, in
 * turn, and each board with some of the option sets, in both formats.
 *
 * Usage: test_rebuild PEG-FRONT DPLL PEG-BACK MAZE-FRONT MAZE-BACK
 *                     PATH-TO-TESTS/DATA PATH-TO-EXAMPLES/MAZES
 *
 * Every case that fails is reported with its name; a test function fails if
 * any of its cases did. */
#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <maze.h>
#include <peg.h>

#include "clitest.h"
#include "maze-front/cmdline.h"
#include "peg-front/cmdline.h"
#include "proofcheck.h"

#define HANG_SECONDS 60

/* What tools/common names in its messages (cli_dimacs_text reports
 * through it). */
const char *cli_tool = "test_rebuild";

static char *peg_front, *dpll, *peg_back, *maze_front, *maze_back;
static char *data_dir;     /* tests/data */
static char *examples_dir; /* examples/mazes */
static char *tmp_dir;

/* ---- Tiers --------------------------------------------------------------- */

/* Whether the case of option set o, board b and format dimacs is tried:
 * always in the long tier, in the quick tier when b and o + dimacs are
 * alike modulo `ways` (4 for section 2's eight boards, so that each option
 * set meets two boards in each format and each board three option sets in
 * each format; 2 for section 3's two boards, each option set in each
 * format on one of them, each board with six option sets in each
 * format). */
static bool wanted(size_t o, size_t b, int dimacs, size_t ways) {
  return tier_long() || (o + (size_t)dimacs) % ways == b % ways;
}

/* The same for the mazes' two options, --no-prune and --dimacs: two of the
 * four ways on each maze, the one and its opposite, so that every maze is
 * tried with and without each option. */
static bool wanted_maze(size_t m, int prune, int dimacs) {
  int way = 2 * prune + dimacs, turn = (int)(m % 4);
  return tier_long() || way == turn || way == 3 - turn;
}

/* ---- The options ----------------------------------------------------------
 */

/* The options that change the clauses, each tried in section 2 (the value
 * options with the values of the tables below), and those that write no
 * clauses or do not change them. */
static const char *const peg_clause_options[] = {
    "board",       "empty",      "exact",           "no-canonical-order",
    "dimacs",      "file-order", "no-at-least-one", "no-position-classes",
    "at-most-one", NULL};
static const char *const peg_other_options[] = {
    "output",  "key-out", "max-clauses", "count", "hint",
    "threads", "played",  "write-board", "list",  NULL};
static const char *const maze_clause_options[] = {"no-prune", "dimacs", NULL};
static const char *const maze_other_options[] = {"output", "key-out",
                                                 "max-clauses", NULL};

static bool listed(const char *const *list, const char *name) {
  for (size_t i = 0; list[i]; i++)
    if (!strcmp(list[i], name))
      return true;
  return false;
}

static void check_placed(const char *tool, const cli_spec *spec,
                         const char *const *clauses,
                         const char *const *others) {
  for (const cli_option *r = spec->options; r->name; r++)
    if (listed(clauses, r->name) == listed(others, r->name))
      failure(tool,
              "--%s is in %s list of test_rebuild.c: say whether it "
              "changes the clauses (and try it below if it does)",
              r->name, listed(clauses, r->name) ? "more than one" : "no");
}

static void test_every_option_placed(void **state) {
  (void)state;
  begin_cases();
  check_placed("peg-front", &peg_front_cli, peg_clause_options,
               peg_other_options);
  check_placed("maze-front", &maze_front_cli, maze_clause_options,
               maze_other_options);
  end_cases("option");
}

/* ---- Clause lists ---------------------------------------------------------
 */

/* Clauses as one array of literals, each clause's count before it; sorted
 * in canonical form by sort_clauses. */
typedef struct clause_list {
  int *a;
  size_t len, cap, count;
} clause_list;

static void push(clause_list *c, int v) {
  if (c->len == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 4096;
    c->a = realloc(c->a, c->cap * sizeof *c->a);
    assert_non_null(c->a);
  }
  c->a[c->len++] = v;
}

/* Adds lits[0..n-1] as a clause. */
static void add_clause(clause_list *c, const int *lits, size_t n) {
  push(c, (int)n);
  for (size_t i = 0; i < n; i++)
    push(c, lits[i]);
  c->count++;
}

static int by_int(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

/* Clauses (count first, then literals) compared as sequences. */
static int by_clause(const void *x, const void *y) {
  const int *a = *(const int *const *)x, *b = *(const int *const *)y;
  for (int i = 0; i <= a[0] && i <= b[0]; i++)
    if (a[i] != b[i])
      return (a[i] > b[i]) - (a[i] < b[i]);
  return 0;
}

/* c in canonical form: the literals of each clause sorted, the clauses
 * sorted. */
static void sort_clauses(clause_list *c) {
  const int **at = malloc((c->count + 1) * sizeof *at);
  assert_non_null(at);
  size_t k = 0;
  for (size_t i = 0; i < c->len; i += 1 + (size_t)c->a[i]) {
    qsort(c->a + i + 1, (size_t)c->a[i], sizeof *c->a, by_int);
    at[k++] = c->a + i;
  }
  assert_int_equal(k, c->count);
  qsort(at, k, sizeof *at, by_clause);
  int *sorted = malloc((c->len + 1) * sizeof *sorted);
  assert_non_null(sorted);
  size_t n = 0;
  for (size_t i = 0; i < k; i++) {
    memcpy(sorted + n, at[i], (size_t)(at[i][0] + 1) * sizeof *sorted);
    n += (size_t)at[i][0] + 1;
  }
  free(c->a);
  free(at);
  c->a = sorted;
  c->cap = n + 1;
}

/* Reads clauses from text: in DIMACS (comments, the header, then literals
 * with 0 closing each clause, lines not counted), or in the DP format (a
 * clause per line up to the line "0"), where *rest gets what follows the
 * line "0".  False, with why, if the text is not that. */
static bool read_clauses(const char *text, size_t size, bool dimacs,
                         clause_list *c, const char **rest, char *why,
                         size_t why_size) {
  const char *p = text, *end = text + size;
  int lits[4096];
  size_t n = 0;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *line_end = nl ? nl : end, *next = nl ? nl + 1 : end;
    if (dimacs && (*p == 'c' || *p == 'p')) {
      p = next;
      continue;
    }
    if (!dimacs && line_end - p == 1 && *p == '0') {
      *rest = next;
      return true;
    }
    char *q = (char *)p;
    for (;;) {
      while (q < line_end && *q == ' ')
        q++;
      if (q == line_end)
        break;
      char *after;
      long v = strtol(q, &after, 10);
      if (after == q || after > line_end || n == 4096) {
        snprintf(why, why_size, "not a literal: \"%s\"",
                 SHOW_N(p, (size_t)(line_end - p)));
        return false;
      }
      q = after;
      if (v == 0) {
        add_clause(c, lits, n);
        n = 0;
      } else
        lits[n++] = (int)v;
    }
    if (!dimacs && n) {
      add_clause(c, lits, n);
      n = 0;
    }
    p = next;
  }
  if (dimacs && n == 0)
    return true;
  snprintf(why, why_size, dimacs ? "a clause without its 0" : "no line 0");
  return false;
}

/* ---- Rebuilding the clauses as a back end does ------------------------------
 */

static int emit_peg(const void *e, int (*fn)(void *, const int *, size_t),
                    void *ctx) {
  return peg_encoding_emit(e, fn, ctx);
}

static int emit_maze(const void *e, int (*fn)(void *, const int *, size_t),
                     void *ctx) {
  return maze_encoding_emit(e, fn, ctx);
}

/* The answer "no model" to the front end's output out (DP: the line 0 and
 * its key; DIMACS: "s UNSATISFIABLE" with the CNF as the key file), read by
 * the puzzle library as the back end reads it, and the clauses of the
 * encoding it rebuilds, by cli_dimacs_text, into *dimacs_text.  False (with
 * the failure reported) if anything fails. */
static bool rebuild(const char *name, bool maze, bool dimacs, const buffer *out,
                    const char *rest, char **text, size_t *size) {
  static const char unsat[] = "s UNSATISFIABLE\n";
  buffer answer = {0};
  const char *key = NULL;
  size_t key_size = 0;
  if (dimacs) {
    buffer_str(&answer, unsat);
    key = out->data;
    key_size = out->len;
  } else {
    buffer_str(&answer, "0\n");
    buffer_add(&answer, rest, (size_t)(out->data + out->len - rest));
  }
  int rc;
  char message[256] = "";
  if (maze) {
    maze_result r;
    maze_error e;
    rc = maze_result_read_keyed(answer.data, answer.len, key, key_size, &r, &e);
    if (!rc && r.solved)
      rc = -1000;
    if (!rc)
      rc = cli_dimacs_text(
          emit_maze, r.encoding, maze_encoding_atoms(r.encoding),
          maze_encoding_clauses(r.encoding), maze_strerror, text, size);
    snprintf(message, sizeof message, "%s", e.message);
    maze_result_clear(&r);
  } else {
    peg_result r;
    peg_error e;
    rc = peg_result_read_keyed(answer.data, answer.len, key, key_size, &r, &e);
    if (!rc && r.solved)
      rc = -1000;
    if (!rc)
      rc = cli_dimacs_text(emit_peg, r.encoding, peg_encoding_atoms(r.encoding),
                           peg_encoding_clauses(r.encoding), peg_strerror, text,
                           size);
    snprintf(message, sizeof message, "%s", e.message);
    peg_result_clear(&r);
  }
  buffer_free(&answer);
  if (rc)
    failure(name, "the key was not read back as \"no model\" (%d): %s", rc,
            message);
  return rc == 0;
}

/* Whether the written clauses (DIMACS or DP) are the rebuilt ones, the
 * rebuilt empty clause counted as the DP format writes it. */
static bool same_clauses(const char *name, clause_list *written,
                         const clause_list *rebuilt, bool dimacs) {
  clause_list shown = {0};
  for (size_t i = 0; i < rebuilt->len; i += 1 + (size_t)rebuilt->a[i])
    if (rebuilt->a[i] == 0 && !dimacs) {
      add_clause(&shown, (const int[]){1}, 1);
      add_clause(&shown, (const int[]){-1}, 1);
    } else
      add_clause(&shown, rebuilt->a + i + 1, (size_t)rebuilt->a[i]);
  sort_clauses(written);
  sort_clauses(&shown);
  bool same = written->count == shown.count && written->len == shown.len &&
              !memcmp(written->a, shown.a, written->len * sizeof *shown.a);
  if (!same)
    failure(name,
            "%zu clauses written, %zu rebuilt from the key, and not the same "
            "multiset",
            written->count, shown.count);
  free(shown.a);
  return same;
}

/* The front end with args, its clauses against those rebuilt from its
 * key. */
static void compare(bool maze, const char *const *args) {
  char name[512], why[256];
  command_name(name, sizeof name, maze ? "maze-front" : "peg-front", args);
  bool dimacs = false;
  for (size_t i = 0; args[i]; i++)
    dimacs |= !strcmp(args[i], "--dimacs");
  run_result r = {0};
  run_argv(&r, maze ? maze_front : peg_front, data_dir, NULL, NULL, args);
  clause_list written = {0}, rebuilt = {0};
  const char *rest = NULL;
  char *text = NULL;
  size_t size = 0;
  bool ok = expect_exit(name, &r, 0);
  if (ok && !read_clauses(r.out.data, r.out.len, dimacs, &written, &rest, why,
                          sizeof why)) {
    failure(name, "the front end's clauses: %s", why);
    ok = false;
  }
  ok = ok && rebuild(name, maze, dimacs, &r.out, rest, &text, &size);
  if (ok && !read_clauses(text, size, true, &rebuilt, &rest, why, sizeof why)) {
    failure(name, "the rebuilt clauses: %s", why);
    ok = false;
  }
  if (ok && same_clauses(name, &written, &rebuilt, dimacs))
    print_message("  %-66s %7zu clauses, the same\n", name, written.count);
  free(text);
  free(written.a);
  free(rebuilt.a);
  run_free(&r);
}

/* ---- 2. Every clause-changing option ---------------------------------------
 */

/* peg-front's arguments (in tests/data) before the board, each list tried
 * on every board below, in both formats. */
static const char *const peg_option_sets[][4] = {
    {NULL},
    {"--exact"},
    {"--no-canonical-order"},
    {"--no-position-classes"},
    {"--no-at-least-one"},
    {"--file-order"},
    {"--at-most-one", "pairwise"},
    {"--at-most-one", "sequential"},
    {"--at-most-one", "product"},
    {"--at-most-one", "commander"},
    {"--no-at-least-one", "--at-most-one", "commander", "--file-order"},
    {"--exact", "--at-most-one", "sequential"},
};

/* The boards: files of tests/data/peg (a goal line, a free start, a
 * square, an empty clause from the position classes, start and goal
 * lines) and the catalogue, with --empty too. */
static const char *const peg_boards[][4] = {
    {"peg/triangle5-three-pegs-left.txt"},
    {"peg/triangle4-free.txt"},
    {"peg/square4.txt"},
    {"peg/triangle4.txt"},
    {"peg/triangle5-middle-rows.txt"},
    {"--empty", "3", "peg/triangle4.txt"},
    {"--board", "english"},
    {"--board", "triangle5", "--empty", "13"},
};

static const char *const mazes[] = {
    "maze/untidy.txt",      "maze/one-way.txt",        "maze/several.txt",
    "maze/unreachable.txt", "maze/self-link.txt",      "maze/unicode-names.txt",
    "@ex/gold-ring-2.txt",  "@ex/gold-wand-ruby-4.txt"};

/* Appends the NULL-ended src to dst[*n..], "@ex/X" made a path in
 * examples/mazes (into room, 4096 bytes). */
static void append(const char **dst, size_t *n, const char *const *src,
                   size_t most, char *room) {
  for (size_t i = 0; i < most && src[i]; i++)
    dst[(*n)++] = strncmp(src[i], "@ex/", 4)
                      ? src[i]
                      : join(room, 4096, examples_dir, src[i] + 4);
  dst[*n] = NULL;
}

static void test_peg_clauses(void **state) {
  (void)state;
  begin_cases();
  char room[4096];
  for (size_t b = 0; b < sizeof peg_boards / sizeof *peg_boards; b++)
    for (size_t o = 0; o < sizeof peg_option_sets / sizeof *peg_option_sets;
         o++)
      for (int dimacs = 0; dimacs < 2; dimacs++) {
        if (!wanted(o, b, dimacs, 4))
          continue;
        const char *args[12];
        size_t n = 0;
        if (dimacs)
          args[n++] = "--dimacs";
        append(args, &n, peg_option_sets[o], 4, room);
        append(args, &n, peg_boards[b], 4, room);
        compare(false, args);
      }
  end_cases("peg clause set");
}

static void test_maze_clauses(void **state) {
  (void)state;
  begin_cases();
  char room[4096];
  for (size_t m = 0; m < sizeof mazes / sizeof *mazes; m++)
    for (int prune = 0; prune < 2; prune++)
      for (int dimacs = 0; dimacs < 2; dimacs++) {
        if (!wanted_maze(m, prune, dimacs))
          continue;
        const char *args[6], *maze[] = {mazes[m], NULL};
        size_t n = 0;
        if (dimacs)
          args[n++] = "--dimacs";
        if (!prune)
          args[n++] = "--no-prune";
        append(args, &n, maze, 1, room);
        compare(true, args);
      }
  end_cases("maze clause set");
}

/* ---- 3. End to end: genuine proofs accepted ---------------------------------
 */

/* front args > clauses; dpll --proof proof clauses > answer; back
 * [--key clauses] --check-proof proof answer: exit 0, NO SOLUTION, and a
 * line that says "proved". */
static void prove(bool maze, const char *const *args, bool dimacs) {
  char name[512], clauses[4096], answer[4096], proof[4096];
  command_name(name, sizeof name, maze ? "maze-front" : "peg-front", args);
  join(clauses, sizeof clauses, tmp_dir, "clauses.txt");
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  join(proof, sizeof proof, tmp_dir, "proof.drat");
  run_result r = {0};
  write_file(clauses, "", 0); /* run_argv writes into files that exist */
  write_file(answer, "", 0);
  run_argv(&r, maze ? maze_front : peg_front, data_dir, NULL, clauses, args);
  const char *solve[] = {"--proof", proof, clauses, NULL};
  const char *keyed[] = {"--key", clauses, "--check-proof",
                         proof,   answer,  NULL};
  char want[64];
  snprintf(want, sizeof want,
           "%s: no solution: proved: ", maze ? "maze-back" : "peg-back");
  if (expect_exit(name, &r, 0)) {
    /* Absolute paths only: run where the test runs (cwd NULL), which
     * clitest does by posix_spawn, much cheaper under AddressSanitizer than
     * the fork another directory takes. */
    run_argv(&r, dpll, NULL, NULL, answer, solve);
    if (expect_exit(name, &r, dimacs ? 20 : 0)) {
      run_argv(&r, maze ? maze_back : peg_back, NULL, NULL, NULL,
               dimacs ? keyed : keyed + 2);
      if (expect_exit(name, &r, 0) &&
          (strcmp(r.out.data, "NO SOLUTION\n") || !strstr(r.err.data, want)))
        failure(name, "not proved: stdout \"%s\", stderr \"%s\"", SHOW(r.out),
                SHOW(r.err));
    }
  }
  run_free(&r);
}

static void test_proofs_accepted(void **state) {
  (void)state;
  begin_cases();
  char board[4096], room[4096];
  /* No play: the position classes do not show it (peg-back says the
   * solver's word otherwise; test_peg_play_tools). */
  join(board, sizeof board, tmp_dir, "five.txt");
  static const char five[] = "5 1\n1 2 3\n2 3 4\n3 4 5\n";
  write_file(board, five, sizeof five - 1);
  const char *const boards[] = {board, "peg/triangle4.txt"};
  for (size_t b = 0; b < 2; b++)
    for (size_t o = 0; o < sizeof peg_option_sets / sizeof *peg_option_sets;
         o++)
      for (int dimacs = 0; dimacs < 2; dimacs++) {
        if (!wanted(o, b, dimacs, 2))
          continue;
        const char *args[10], *one[] = {boards[b], NULL};
        size_t n = 0;
        if (dimacs)
          args[n++] = "--dimacs";
        append(args, &n, peg_option_sets[o], 4, room);
        append(args, &n, one, 1, room);
        prove(false, args, dimacs);
      }
  const char *const unsolvable[] = {"maze/unreachable.txt",
                                    "@ex/gold-ring-2.txt"};
  for (size_t m = 0; m < 2; m++)
    for (int prune = 0; prune < 2; prune++)
      for (int dimacs = 0; dimacs < 2; dimacs++) {
        if (!wanted_maze(m, prune, dimacs))
          continue;
        const char *args[6], *maze[] = {unsolvable[m], NULL};
        size_t n = 0;
        if (dimacs)
          args[n++] = "--dimacs";
        if (!prune)
          args[n++] = "--no-prune";
        append(args, &n, maze, 1, room);
        prove(true, args, dimacs);
      }
  end_cases("genuine proof");
}

int main(int argc, char **argv) {
  if (argc != 8) {
    fprintf(stderr,
            "usage: %s PEG-FRONT DPLL PEG-BACK MAZE-FRONT MAZE-BACK "
            "PATH-TO-TESTS/DATA PATH-TO-EXAMPLES/MAZES\n",
            argv[0]);
    return 2;
  }
  char **paths[] = {&peg_front, &dpll,     &peg_back,    &maze_front,
                    &maze_back, &data_dir, &examples_dir};
  for (int i = 0; i < 7; i++)
    if (!(*paths[i] = absolute(argv[i + 1])) ||
        (i < 5 && access(*paths[i], X_OK))) {
      fprintf(stderr, "test_rebuild: bad path %s\n", argv[i + 1]);
      return 2;
    }
  clitest_program = "test_rebuild";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_option_placed),
      cmocka_unit_test(test_peg_clauses),
      cmocka_unit_test(test_maze_clauses),
      cmocka_unit_test(test_proofs_accepted),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "test-rebuild", &tmp_dir);
  for (int i = 0; i < 7; i++)
    free(*paths[i]);
  return rc;
}
