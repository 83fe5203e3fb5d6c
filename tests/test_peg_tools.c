/* test_peg_tools.c - the tools peg-front and peg-back, run as programs, alone
 * and in the pipeline peg-front | dpll | peg-back (three processes, through
 * files).  Every answer is judged by tests/pegcheck.c (its own board reader,
 * replay and exhaustive count), never by libpeg: NO SOLUTION must come
 * exactly when pegcheck counts no play, and jumps must replay.  Every key
 * and clause count is checked against the formulas of docs/encoding.md,
 * computed here, and every key's board against the puzzle.
 *
 * The groups: bad board files and bad peg-back inputs (data-driven), usage
 * errors, --help/--version/--list, the catalogue, --dimacs,
 * --write-board, the pipeline on triangle4 (file and catalogue, every
 * empty hole), triangle5 (every empty hole), free starts, the course's
 * 4-hole board, the smallest triangles, start and goal lines,
 * --no-at-least-one, standard input and output files, --draw, and peg-back
 * --check-proof (genuine proofs of a board with no play, forged answers of
 * a solvable one with proofs that must be refused, bad proof files).
 *
 * Usage: test_peg_tools PEG-FRONT DPLL PEG-BACK PATH-TO-TESTS/DATA/PEG
 * (PEG_TOOLS_TESTS=PATTERN in the environment runs only the matching test
 * functions, such as test_draw.)
 *
 * Data files (tests/data/peg):
 *   NAME.txt              board files, each used by a table below (a file
 *                         no table uses is an error);
 *   bad/NAME.txt          a board file peg-front must reject, named after
 *                         what is wrong with it;
 *   bad/NAME.err          exactly the expected standard error (one line;
 *                         the tool runs in bad/, so it starts with the bare
 *                         file name), its line and column derived by hand
 *                         (the first byte of the offending token, or where
 *                         the missing thing should be);
 *   back-bad/NAME.txt     an input peg-back must reject, with NAME.err the
 *                         same way ("peg-back: NAME: ..." for a model that
 *                         is no legal play); back-bad/README says how each
 *                         was made.
 *
 * The quick tier (tests/tier.h) runs fewer of the repeated pipelines (see
 * tier_long): the triangles from one empty hole of each kind up to
 * symmetry, each --at-most-one from a few starts, and --check-proof's
 * genuine proofs of a smaller board; the long tier and the run under
 * valgrind run every case.
 *
 * Every case that fails is reported with its name; a test function fails if
 * any of its cases did. */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clitest.h"
#include "pegcheck.h"

#define HANG_SECONDS 90 /* per process; generous for sanitizer builds */
#define MIN_BAD_BOARDS 40
#define MIN_BAD_ANSWERS 24

/* ---- Configuration ------------------------------------------------------- */

static char *front_tool; /* absolute paths of the three programs */
static char *dpll_tool;
static char *back_tool;
static char *data_dir; /* absolute path of tests/data/peg */
static char *tmp_dir;  /* this run's scratch directory (mkdtemp) */

/* ---- Tiers ------------------------------------------------------------------
 */

/* Every case runs in the long tier (tier_long, tests/tier.h) and under
 * valgrind (peg_tools_valgrind checks the tools' memory on every case);
 * the quick tier, whose scale is 100 in a Release build and 20 under the
 * sanitizers, runs the cases of each kind that want_empty and want_amo
 * choose. */

/* Whether the triangle of `rows` rows is played from the empty hole
 * `empty` in the tests that try every one: all in the long tier, else one
 * of each kind up to symmetry: a corner (1), an edge hole next to a corner
 * (2), the middle of an edge of the 15-hole triangle (4; in the 10-hole
 * one an edge hole as 2), an inner hole (5). */
static bool want_empty(int rows, int empty) {
  return tier_long() || empty == 1 || empty == 2 || empty == 5 ||
         (rows == 5 && empty == 4);
}

/* Whether test_at_most_one plays the triangle5 from `empty` with the w-th
 * of its encodings: all in the long tier, else each start with one
 * encoding in turn, the starts 0 to 5 (the free choice and every kind of
 * hole up to symmetry). */
static bool want_amo(int empty, size_t w) {
  return tier_long() || ((size_t)empty % 3 == w && empty <= 5);
}

/* ---- Running a program ------------------------------------------------------
 */

/* The working directory of a program whose arguments name no file, or
 * files by absolute paths only: where the test program runs.  clitest then
 * starts it by posix_spawn, much cheaper under AddressSanitizer than the
 * fork that another directory takes (tests/clitest.c). */
#define HERE NULL

/* Where peg-front runs with args: in tests/data/peg if they name one of
 * its files (a relative path ending in .txt), else HERE. */
static const char *front_dir(const char *const *args) {
  for (size_t i = 0; args[i]; i++)
    if (args[i][0] != '/' && ends_with(args[i], ".txt"))
      return data_dir;
  return HERE;
}

/* Runs the program and expects success: exit 0, nothing on stderr. */
static bool run_ok(const char *name, run_result *r, const char *prog,
                   const char *cwd, const char *in, const char *const *args) {
  run_argv(r, prog, cwd, in, NULL, args);
  return expect_exit(name, r, 0) && expect_empty(name, "stderr", &r->err);
}

/* peg-back: exit 0, and nothing on standard error but, before NO
 * SOLUTION, one line that says why. */
static bool run_back(const char *name, run_result *r, const char *const *args) {
  run_argv(r, back_tool, HERE, NULL, NULL, args);
  if (!expect_exit(name, r, 0))
    return false;
  if (r->out.len && !strcmp(r->out.data, "NO SOLUTION\n")) {
    static const char why[] = "peg-back: no solution: ";
    const char *nl = memchr(r->err.data, '\n', r->err.len);
    if (r->err.len > sizeof why - 1 &&
        !memcmp(r->err.data, why, sizeof why - 1) &&
        nl == r->err.data + r->err.len - 1)
      return true;
    failure(name, "NO SOLUTION without one line of why: \"%s\"", SHOW(r->err));
    return false;
  }
  /* A play of no jumps (the start is the goal) prints no line, and says
   * why on standard error. */
  if (!r->out.len) {
    static const char none[] =
        "peg-back: the start is already the goal: no jump is needed\n";
    if (r->err.len == sizeof none - 1 && !memcmp(r->err.data, none, r->err.len))
      return true;
    failure(name, "no jump, and not the one line \"%s\" but \"%s\"",
            SHOW_STR(none), SHOW(r->err));
    return false;
  }
  return expect_empty(name, "stderr", &r->err);
}

/* ---- Judge boards ----------------------------------------------------------
 */

/* The board in data file `file` (in tests/data/peg, or an absolute path),
 * with the start replaced by "every hole but empty" unless empty < 0.
 * Fails the test if pegcheck cannot read it. */
static void judge_from_file(pc_board *b, const char *file, int empty) {
  char path[4096], why[200];
  buffer text = {0};
  const char *at =
      file[0] == '/' ? file : join(path, sizeof path, data_dir, file);
  if (!read_file(at, &text))
    fail_msg("cannot read %s", at);
  if (!pc_board_read(text.data, text.len, b, why, sizeof why))
    fail_msg("pegcheck cannot read %s: %s", file, why);
  buffer_free(&text);
  if (empty >= 0) {
    b->free_start = empty == 0;
    for (int h = 1; h <= b->holes; h++)
      b->start[h] = h != empty;
  }
}

/* In the scratch directory: tmp/NAME. */
static const char *scratch(const char *name, char *out) {
  return join(out, 4096, tmp_dir, name);
}

/* The board with no play of --check-proof's genuine proofs and of
 * test_advanced, its path (absolute, or in tests/data/peg) in path:
 * triangle5-goal-5-unreachable.txt in the long tier; in the quick tier the
 * same puzzle three jumps in (4 over 2, 6 over 5, 7 over 4), written into
 * the scratch directory: a position its plays pass through, so the goal
 * is out of reach from it too and the position classes still do not show
 * it; its proof has some 1500 lemmas rather than 12000, and solving and
 * checking take a tenth of the time. */
static const char *unsolvable_board(char *path) {
  static const char file[] = "triangle5-goal-5-unreachable.txt";
  if (tier_long())
    return strcpy(path, file);
  buffer text = {0}, later = {0};
  assert_true(read_file(join(path, 4096, data_dir, file), &text));
  const char *at = strstr(text.data, "\n15 1\n");
  assert_non_null(at);
  buffer_add(&later, text.data, (size_t)(at - text.data));
  buffer_str(&later, "\n15 0\nstart 1 2 3 8 9 10 11 12 13 14 15\n");
  buffer_str(&later, at + 6);
  write_file(scratch("triangle5-later-goal-5.txt", path), later.data,
             later.len);
  buffer_free(&text);
  buffer_free(&later);
  return path;
}

/* A board on a square grid of size x size cells, the cells where in(r, c)
 * holds numbered row by row; jumps along rows and columns; the centre cell
 * empty.  Built here from grid arithmetic, for the catalogue's square
 * boards (pegcheck has only the English one). */
static void judge_grid(pc_board *b, int size, bool (*in)(int r, int c)) {
  int number[10][10] = {{0}}, n = 0;
  assert_true(size <= 9);
  for (int r = 1; r <= size; r++)
    for (int c = 1; c <= size; c++)
      if (in(r, c))
        number[r][c] = ++n;
  memset(b, 0, sizeof *b);
  b->holes = n;
  for (int h = 1; h <= n; h++)
    b->start[h] = h != number[(size + 1) / 2][(size + 1) / 2];
  b->triples = malloc((size_t)(2 * n) * sizeof *b->triples);
  assert_non_null(b->triples);
  for (int r = 1; r <= size; r++)
    for (int c = 1; c <= size; c++) {
      if (c + 2 <= size && number[r][c] && number[r][c + 1] &&
          number[r][c + 2]) {
        int *t = b->triples[b->num_triples++];
        t[0] = number[r][c], t[1] = number[r][c + 1], t[2] = number[r][c + 2];
      }
      if (r + 2 <= size && number[r][c] && number[r + 1][c] &&
          number[r + 2][c]) {
        int *t = b->triples[b->num_triples++];
        t[0] = number[r][c], t[1] = number[r + 1][c], t[2] = number[r + 2][c];
      }
    }
}

static int iabs(int x) { return x < 0 ? -x : x; }
static bool french_cell(int r, int c) { return iabs(r - 4) + iabs(c - 4) <= 4; }
static bool wiegleb_cell(int r, int c) {
  return (r >= 4 && r <= 6) || (c >= 4 && c <= 6);
}
static bool diamond_cell(int r, int c) {
  return iabs(r - 5) + iabs(c - 5) <= 4;
}

static int start_pegs(const pc_board *b) {
  int s = 0;
  for (int h = 1; h <= b->holes; h++)
    s += b->start[h];
  return b->free_start ? b->holes - 1 : s;
}

static int goal_pegs(const pc_board *b) {
  int g = 0;
  for (int h = 1; h <= b->holes; h++)
    g += b->goal[h];
  return b->goal_given ? g : 1;
}

/* Whether a and b are the same puzzle: holes, triples (as sets, either
 * direction), start and goal.  If not, *why says how. */
static bool same_puzzle(const pc_board *a, const pc_board *b, char *why,
                        size_t size) {
  if (a->holes != b->holes) {
    snprintf(why, size, "%d holes, expected %d", a->holes, b->holes);
    return false;
  }
  if (a->num_triples != b->num_triples) {
    snprintf(why, size, "%d triples, expected %d", a->num_triples,
             b->num_triples);
    return false;
  }
  for (int i = 0; i < b->num_triples; i++) {
    const int *t = b->triples[i];
    int found = 0;
    for (int k = 0; k < a->num_triples; k++) {
      const int *u = a->triples[k];
      found += u[1] == t[1] && ((u[0] == t[0] && u[2] == t[2]) ||
                                (u[0] == t[2] && u[2] == t[0]));
    }
    if (found != 1) {
      snprintf(why, size, "the triple %d %d %d appears %d times", t[0], t[1],
               t[2], found);
      return false;
    }
  }
  if (a->free_start != b->free_start ||
      (!b->free_start &&
       memcmp(a->start + 1, b->start + 1, (size_t)b->holes))) {
    snprintf(why, size, "the start differs");
    return false;
  }
  if (a->goal_given != b->goal_given ||
      (b->goal_given && memcmp(a->goal + 1, b->goal + 1, (size_t)b->holes))) {
    snprintf(why, size, "the goal differs");
    return false;
  }
  return true;
}

/* ---- peg-front's output: clauses, the key, and the formulas ---------------
 */

typedef struct clause_list {
  int *lits; /* each clause's literals followed by 0 */
  size_t len, cap, count;
} clause_list;

static void clauses_add(clause_list *c, int lit) {
  if (c->len == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 4096;
    c->lits = realloc(c->lits, c->cap * sizeof *c->lits);
    assert_non_null(c->lits);
  }
  c->lits[c->len++] = lit;
  c->count += lit == 0;
}

static void clauses_free(clause_list *c) {
  free(c->lits);
  memset(c, 0, sizeof *c);
}

typedef struct front_output {
  clause_list clauses;
  size_t clause_bytes; /* the clauses and the "0" line */
  const char *key;     /* the back matter, into the output */
  size_t key_len;      /* to its end */
  int at_least_one;    /* from the options line */
  int canonical_order; /* (0 if the line does not say) */
  int position_classes;
  int at_most_one;   /* 0 pairwise, 1 sequential, 2 product, 3 commander */
  int hole_order;    /* 1: Jump and Peg atoms in an order of their own */
  const char *board; /* the board file inside the key */
  size_t board_len;  /* up to "end board" */
  int atoms;         /* from "atoms N" */
  int max_var;       /* largest variable in the clauses */
} front_output;

/* The next line of [*p, end) without its newline, in line/len; false at the
 * end or if the last line has no newline. */
static bool next_line(const char **p, const char *end, const char **line,
                      size_t *len) {
  const char *nl = *p < end ? memchr(*p, '\n', (size_t)(end - *p)) : NULL;
  if (!nl)
    return false;
  *line = *p;
  *len = (size_t)(nl - *p);
  *p = nl + 1;
  return true;
}

static bool line_is(const char *line, size_t len, const char *s) {
  return len == strlen(s) && !memcmp(line, s, len);
}

/* Parses a decimal int in [line, line+len) from *i, skipping blanks first;
 * false if there is none. */
static bool parse_int(const char *line, size_t len, size_t *i, long *value) {
  while (*i < len && (line[*i] == ' ' || line[*i] == '\t'))
    (*i)++;
  size_t start = *i;
  bool neg = *i < len && line[*i] == '-';
  if (neg)
    (*i)++;
  long v = 0;
  size_t digits = *i;
  while (*i < len && line[*i] >= '0' && line[*i] <= '9' && v < 100000000)
    v = 10 * v + (line[(*i)++] - '0');
  if (*i == digits || (*i < len && line[*i] != ' ' && line[*i] != '\t')) {
    *i = start;
    return false;
  }
  *value = neg ? -v : v;
  return true;
}

/* Parses peg-front's DP output: clause lines, the line "0", and the key
 * (docs/encoding.md).  Returns false with *why set if it is malformed. */
static bool parse_front(const buffer *out, front_output *f, char *why,
                        size_t size) {
  memset(f, 0, sizeof *f);
  const char *p = out->data, *end = out->data + out->len, *line;
  size_t len, no = 0;
  if (strlen(out->data) != out->len) {
    snprintf(why, size, "a NUL byte in the output");
    return false;
  }
  for (;;) {
    if (!next_line(&p, end, &line, &len)) {
      snprintf(why, size, "no line \"0\" after the clauses");
      return false;
    }
    no++;
    if (line_is(line, len, "0"))
      break;
    size_t i = 0;
    long lit;
    int n = 0;
    while (parse_int(line, len, &i, &lit)) {
      if (lit == 0 || lit > INT32_MAX || -lit > INT32_MAX) {
        snprintf(why, size, "line %zu: literal %ld", no, lit);
        return false;
      }
      clauses_add(&f->clauses, (int)lit);
      f->max_var = iabs((int)lit) > f->max_var ? iabs((int)lit) : f->max_var;
      n++;
    }
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
      i++;
    if (len == 0) {
      snprintf(why, size,
               "line %zu is blank: dpll skips it, it is no clause (an empty "
               "clause cannot be written in the DP format)",
               no);
      return false;
    }
    if (i != len || n == 0) {
      snprintf(why, size, "line %zu is not a clause: \"%s\"", no,
               SHOW_N(line, len));
      return false;
    }
    clauses_add(&f->clauses, 0);
  }
  f->clause_bytes = (size_t)(p - out->data);
  f->key = p;
  f->key_len = (size_t)(end - p);

  /* The key. */
  if (!next_line(&p, end, &line, &len) || !line_is(line, len, "peg-key 1")) {
    snprintf(why, size, "the key does not start with \"peg-key 1\"");
    return false;
  }
  if (!next_line(&p, end, &line, &len) || len < 8 ||
      memcmp(line, "options ", 8)) {
    snprintf(why, size, "no \"options\" line after \"peg-key 1\"");
    return false;
  }
  const char *alo = NULL;
  for (size_t i = 8; i + 13 <= len && !alo; i++)
    if (!memcmp(line + i, "at_least_one=", 13))
      alo = line + i + 13;
  if (!alo || alo >= line + len || (*alo != '0' && *alo != '1') ||
      (alo + 1 < line + len && alo[1] != ' ')) {
    snprintf(why, size, "options line without at_least_one=0|1: \"%s\"",
             SHOW_N(line, len));
    return false;
  }
  f->at_least_one = *alo == '1';
  static const char *const flags[4] = {
      "canonical_order=", "position_classes=", "at_most_one=", "hole_order="};
  int *flag_values[4] = {&f->canonical_order, &f->position_classes,
                         &f->at_most_one, &f->hole_order};
  for (int k = 0; k < 4; k++) {
    size_t n = strlen(flags[k]);
    *flag_values[k] = 0;
    for (size_t i = 8; i + n < len; i++)
      if (!memcmp(line + i, flags[k], n) && line[i + n] >= '0' &&
          line[i + n] <= '3')
        *flag_values[k] = line[i + n] - '0';
  }
  if (!next_line(&p, end, &line, &len) || !line_is(line, len, "board")) {
    snprintf(why, size, "no \"board\" line after the options");
    return false;
  }
  f->board = p;
  for (;;) {
    const char *at = p;
    if (!next_line(&p, end, &line, &len)) {
      snprintf(why, size, "no \"end board\" line");
      return false;
    }
    if (line_is(line, len, "end board")) {
      f->board_len = (size_t)(at - f->board);
      break;
    }
  }
  size_t i = 6;
  long atoms;
  if (!next_line(&p, end, &line, &len) || len < 7 ||
      memcmp(line, "atoms ", 6) || !parse_int(line, len, &i, &atoms) ||
      i != len || atoms < 1 || atoms > INT32_MAX) {
    snprintf(why, size, "no \"atoms N\" line after the board");
    return false;
  }
  f->atoms = (int)atoms;
  return true;
}

/* The p = ceil(sqrt(j)) rows and q = ceil(j/p) columns of the product
 * at-most-one's grid for j jumps. */
static void grid(long j, long *p, long *q) {
  for (*p = 1; *p * *p < j; ++*p)
    ;
  *q = (j + *p - 1) / *p;
}

/* The auxiliary atoms per step of at-most-one encoding amo for j jumps
 * (docs/encoding.md): the counter's j-1, the product's p+q, or the
 * commanders of each level, a third (rounded up) of the one below, while
 * more than three remain. */
static long aux_per_step(int amo, long j) {
  long p, q, sum = 0;
  switch (amo) {
  case 1:
    return j >= 2 ? j - 1 : 0;
  case 2:
    grid(j, &p, &q);
    return j >= 2 ? p + q : 0;
  case 3:
    for (long m = j; m > 3; sum += m)
      m = (m + 2) / 3;
    return sum;
  default:
    return 0;
  }
}

/* The name of the k-th (0-based) auxiliary atom of a step at time. */
static void aux_atom_name(int amo, long j, long k, long time, char *out,
                          size_t size) {
  long p, q;
  if (amo == 1)
    snprintf(out, size, "Count(%ld,%ld)", k + 1, time);
  else if (amo == 2) {
    grid(j, &p, &q);
    if (k < p)
      snprintf(out, size, "Row(%ld,%ld)", k + 1, time);
    else
      snprintf(out, size, "Col(%ld,%ld)", k - p + 1, time);
  } else if (amo == 3) {
    long level = 1, m = (j + 2) / 3;
    for (; k >= m; level++, m = (m + 2) / 3)
      k -= m;
    snprintf(out, size, "Cmd(%ld,%ld,%ld)", level, k + 1, time);
  }
}

/* The name of atom `atom` by the numbering of docs/encoding.md, for the
 * board b (triples in file order), with the at-most-one encoding amo's
 * atoms after the Peg atoms; "" past the end. */
static void expected_atom_name(const pc_board *b, int amo, long atom, char *out,
                               size_t size) {
  long n = b->holes, j = 2L * b->num_triples, t = start_pegs(b) - goal_pegs(b);
  long aux = aux_per_step(amo, j);
  out[0] = '\0';
  if (atom >= 1 && atom <= j * t) {
    long k = (atom - 1) % j, time = (atom - 1) / j + 1;
    const int *x = b->triples[k / 2];
    if (k % 2 == 0)
      snprintf(out, size, "Jump(%d,%d,%d,%ld)", x[0], x[1], x[2], time);
    else
      snprintf(out, size, "Jump(%d,%d,%d,%ld)", x[2], x[1], x[0], time);
  } else if (atom > j * t && atom <= j * t + n * (t + 1)) {
    long k = atom - j * t - 1;
    snprintf(out, size, "Peg(%ld,%ld)", k % n + 1, k / n + 1);
  } else if (aux > 0 && atom > j * t + n * (t + 1) &&
             atom <= j * t + n * (t + 1) + aux * t) {
    long k = atom - j * t - n * (t + 1) - 1;
    aux_atom_name(amo, j, k % aux, k / aux + 1, out, size);
  }
}

/* With hole_order 1 the Jump atoms of a time step, and the Peg atoms of a
 * time, come in an order of libpeg's own (docs/encoding.md): within such a
 * block the names must be those of the file-order numbering, each once.
 * block_of gives atom's block (-1: an at-most-one atom, checked as is). */
static long block_of(const pc_board *b, long atom) {
  long n = b->holes, j = 2L * b->num_triples, t = start_pegs(b) - goal_pegs(b);
  if (atom <= j * t)
    return (atom - 1) / j;
  if (atom <= j * t + n * (t + 1))
    return t + (atom - j * t - 1) / n;
  return -1;
}

#define BLOCK_MOST 512

typedef struct block {
  long id, first;               /* the block gathered, from its first atom */
  char (*want)[80], (*got)[80]; /* BLOCK_MOST names each */
  int n;
} block;

static int by_name(const void *x, const void *y) { return strcmp(x, y); }

/* Compares the block gathered so far, then forgets it. */
static bool block_end(block *b, const char *name) {
  bool ok = true;
  qsort(b->want, (size_t)b->n, sizeof *b->want, by_name);
  qsort(b->got, (size_t)b->n, sizeof *b->got, by_name);
  for (int i = 0; ok && i < b->n; i++)
    if (strcmp(b->want[i], b->got[i]) ||
        (i && !strcmp(b->got[i - 1], b->got[i]))) {
      failure(name,
              "the key's atoms from %ld are not the expected names, "
              "each once: \"%s\" where \"%s\" was due",
              b->first, b->got[i], b->want[i]);
      ok = false;
    }
  b->n = 0;
  return ok;
}

/* Adds atom's line (its number checked) and expected name to block id. */
static bool block_add(block *b, const char *name, long id, long atom,
                      const char *want, const char *line, size_t len) {
  bool ok = true;
  if (b->n && b->id != id)
    ok = block_end(b, name);
  if (!b->n) {
    b->id = id;
    b->first = atom;
  }
  char head[24];
  int h = snprintf(head, sizeof head, "%ld ", atom);
  if (!ok || b->n == BLOCK_MOST || len < (size_t)h || len - (size_t)h >= 80 ||
      memcmp(line, head, (size_t)h)) {
    if (ok)
      failure(name, "key atom line %ld is \"%s\"", atom, SHOW_N(line, len));
    return false;
  }
  memcpy(b->got[b->n], line + h, len - (size_t)h);
  b->got[b->n][len - (size_t)h] = '\0';
  snprintf(b->want[b->n++], sizeof *b->want, "%s", want);
  return true;
}

typedef struct counts {
  long n, j, t;
  int64_t atoms, clauses;
} counts;

/* The number of pairs of jumps (either direction of a triple), the second
 * before the first in the board's order, that touch six different holes:
 * each gives canonical_order one clause per pair of consecutive steps. */
static int64_t independent_pairs(const pc_board *b) {
  int64_t pairs = 0;
  for (int x = 0; x < 2 * b->num_triples; x++)
    for (int y = 0; y < x; y++) {
      const int *tx = b->triples[x / 2], *ty = b->triples[y / 2];
      bool shared = false;
      for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
          shared |= tx[i] == ty[k];
      pairs += !shared;
    }
  return pairs;
}

/* The counts of docs/encoding.md for puzzle b, the seed's axioms and (if
 * order) the canonical-order clauses; position classes add at most N
 * units, checked by the caller. */
/* The clauses per step of at-most-one encoding amo for j jumps. */
static int64_t amo_clauses(int amo, int64_t j) {
  long p, q;
  switch (amo) {
  case 1:
    return j >= 2 ? 3 * j - 4 : 0;
  case 2:
    grid((long)j, &p, &q);
    return j >= 2 ? 2 * j + p * (p - 1) / 2 + q * (q - 1) / 2 : 0;
  case 3:
    if (j > 3) { /* groups of three, and one of j mod 3 */
      int64_t r = j % 3;
      return 7 * (j / 3) + (r ? r * (r - 1) / 2 + r + 1 : 0) +
             amo_clauses(amo, (j + 2) / 3);
    }
    return j * (j - 1) / 2;
  default:
    return j * (j - 1) / 2;
  }
}

static counts expected_counts(const pc_board *b, bool at_least_one, bool order,
                              int amo) {
  counts c;
  c.n = b->holes;
  c.j = 2L * b->num_triples;
  c.t = start_pegs(b) - goal_pegs(b);
  int64_t n = c.n, j = c.j, t = c.t;
  c.atoms = j * t + n * (t + 1) + aux_per_step(amo, (long)j) * t;
  c.clauses = 3 * j * t + 3 * j * t + n * t + n * t + amo_clauses(amo, j) * t +
              (at_least_one ? t : 0) +
              (b->free_start ? 1 + n * (n - 1) / 2 : n) +
              (b->goal_given ? n : 1 + n * (n - 1) / 2) +
              (order && t >= 2 ? independent_pairs(b) * (t - 1) : 0);
  return c;
}

/* Checks peg-front's DP output in out for the puzzle judge (NULL: only its
 * form): the clauses, the key's form, its board against judge, every atom
 * line, the counts against the formulas, and the options.  Fills *f (free
 * its clauses with clauses_free) and returns true if all is well. */
static bool check_front(const char *name, const buffer *out,
                        const pc_board *judge, bool at_least_one,
                        front_output *f) {
  char why[300];
  if (!parse_front(out, f, why, sizeof why)) {
    failure(name, "malformed DP output: %s", why);
    return false;
  }
  if (f->at_least_one != at_least_one) {
    failure(name, "the key says at_least_one=%d, expected %d", f->at_least_one,
            at_least_one);
    return false;
  }
  pc_board kb;
  if (!pc_board_read(f->board, f->board_len, &kb, why, sizeof why)) {
    failure(name, "pegcheck cannot read the key's board: %s: \"%s\"", why,
            SHOW_N(f->board, f->board_len));
    return false;
  }
  bool ok = true;
  if (judge && !same_puzzle(&kb, judge, why, sizeof why)) {
    failure(name, "the key's board is not the puzzle: %s", why);
    ok = false;
  }
  counts c =
      expected_counts(&kb, at_least_one, f->canonical_order, f->at_most_one);
  /* The DP format has no empty clause: peg-front writes the one a board
   * without jumps needs ("some jump at every step") as the two lines "1"
   * and "-1" (docs/encoding.md), one line more than the count. */
  if (c.j == 0 && c.t > 0 && at_least_one)
    c.clauses += c.t;
  if (ok && f->atoms != c.atoms) {
    failure(name, "\"atoms %d\", expected %" PRId64 " (N=%ld J=%ld T=%ld)",
            f->atoms, c.atoms, c.n, c.j, c.t);
    ok = false;
  }
  /* Position classes add a unit -Peg(H,T+1) for each hole they exclude
   * (all of them when the puzzle has no solution for that reason), with a
   * given goal at most the empty clause (two lines "1", "-1" in the DP
   * format), and with a free start a clause per pair of start and end
   * holes they rule out. */
  int64_t classes = (int64_t)f->clauses.count - c.clauses,
          most = !f->position_classes ? 0
                 : kb.free_start      ? c.n * c.n
                                      : c.n + 1;
  if (ok && (classes < 0 || classes > most)) {
    failure(name, "%zu clauses, expected %" PRId64 "%s (N=%ld J=%ld T=%ld)",
            f->clauses.count, c.clauses,
            f->position_classes ? " and at most N (N^2 for a free start) more"
                                : "",
            c.n, c.j, c.t);
    ok = false;
  }
  if (ok && f->max_var > f->atoms) {
    failure(name, "a clause mentions atom %d of %d", f->max_var, f->atoms);
    ok = false;
  }
  /* The atom lines, then "end key" and nothing else. */
  const char *p = f->board + f->board_len, *end = f->key + f->key_len;
  const char *line = "";
  size_t len = 0;
  next_line(&p, end, &line, &len); /* end board */
  next_line(&p, end, &line, &len); /* atoms N */
  block names = {0, 0, malloc(BLOCK_MOST * sizeof *names.want),
                 malloc(BLOCK_MOST * sizeof *names.got), 0};
  assert_true(names.want && names.got);
  for (long a = 1; ok && a <= f->atoms; a++) {
    char want[80], got[120];
    expected_atom_name(&kb, f->at_most_one, a, want, sizeof want);
    snprintf(got, sizeof got, "%ld %s", a, want);
    bool read = next_line(&p, end, &line, &len);
    long id = f->hole_order ? block_of(&kb, a) : -1;
    if (read && id >= 0)
      ok = block_add(&names, name, id, a, want, line, len);
    else if (!read || !line_is(line, len, got)) {
      failure(name, "key atom line %ld is \"%s\", expected \"%s\"", a,
              SHOW_N(line, len), got);
      ok = false;
    }
  }
  if (ok)
    ok = block_end(&names, name);
  free(names.want);
  free(names.got);
  if (ok && (!next_line(&p, end, &line, &len) ||
             !line_is(line, len, "end key") || p != end)) {
    failure(name, "the key does not end with the line \"end key\" after the "
                  "atoms");
    ok = false;
  }
  pc_board_free(&kb);
  return ok;
}

/* ---- The pipeline -----------------------------------------------------------
 */

typedef enum outcome { FAILED = -1, NO_SOLUTION = 0, SOLVED = 1 } outcome;

/* The key of the last pipeline's peg-front output (empty if it failed). */
static buffer front_key;

/* Runs peg-front with front_args (in tests/data/peg if they name its
 * files: front_dir), dpll on its output and peg-back (with back_args) on
 * dpll's answer, three processes through files in the scratch directory;
 * checks each stage and judges the answer with pegcheck on the puzzle
 * judge.  The answer file stays in tmp/answer.txt, peg-back's output in
 * *jumps (if not NULL), peg-front's key in front_key. */
static outcome pipeline(const char *name, const char *const *front_args,
                        const pc_board *judge, bool at_least_one,
                        buffer *jumps) {
  char front_path[4096], answer_path[4096], why[300];
  join(front_path, sizeof front_path, tmp_dir, "front.txt");
  join(answer_path, sizeof answer_path, tmp_dir, "answer.txt");
  const char *dpll_args[] = {front_path, NULL};
  const char *back_args[] = {answer_path, NULL};
  run_result r = {0};
  buffer key = {0};
  front_output f;
  outcome result = FAILED;
  uint64_t plays = pc_count_plays(judge);

  /* peg-front: its output checked, its key kept. */
  bool ok =
      run_ok(name, &r, front_tool, front_dir(front_args), NULL, front_args);
  if (ok) {
    ok = check_front(name, &r.out, judge, at_least_one, &f);
    clauses_free(&f.clauses);
  }
  buffer_clear(&front_key);
  if (ok) {
    write_file(front_path, r.out.data, r.out.len);
    buffer_add(&key, f.key, f.key_len);
    buffer_add(&front_key, f.key, f.key_len);
  }

  /* dpll: its answer ends with the key. */
  if (ok && (ok = run_ok(name, &r, dpll_tool, HERE, NULL, dpll_args)) &&
      (r.out.len < key.len ||
       memcmp(r.out.data + r.out.len - key.len, key.data, key.len))) {
    failure(name, "dpll's answer does not end with the key");
    ok = false;
  }
  if (ok)
    write_file(answer_path, r.out.data, r.out.len);

  /* peg-back: NO SOLUTION (after one line on standard error saying why)
   * or jumps, judged by pegcheck. */
  if (ok && run_back(name, &r, back_args)) {
    if (!strcmp(r.out.data, "NO SOLUTION\n")) {
      if (plays)
        failure(name, "NO SOLUTION, but pegcheck finds %" PRIu64 " plays",
                plays);
      else
        result = NO_SOLUTION;
    } else if (!pc_replay_text(judge, r.out.data, r.out.len, why, sizeof why))
      failure(name,
              "the answer does not replay (%s; pegcheck finds %" PRIu64
              " plays): \"%s\"",
              why, plays, SHOW(r.out));
    else
      result = SOLVED;
    if (jumps) {
      buffer_clear(jumps);
      buffer_add(jumps, r.out.data, r.out.len);
    }
  }
  buffer_free(&key);
  run_free(&r);
  return result;
}

static const char *outcome_name(outcome o) {
  return o == SOLVED ? "solved" : o == NO_SOLUTION ? "NO SOLUTION" : "FAILED";
}

/* Runs the pipeline, expecting what pegcheck says, and also what the table
 * says (a check on the table and the judge): want_solvable 1 or 0, or -1 for
 * no expectation.  Prints the result for the record. */
static outcome play(const char *name, const char *const *front_args,
                    const pc_board *judge, bool at_least_one,
                    int want_solvable) {
  uint64_t plays = pc_count_plays(judge);
  if (want_solvable >= 0 && (plays > 0) != (want_solvable > 0))
    failure(name, "pegcheck counts %" PRIu64 " plays, but the table says %s",
            plays, want_solvable ? "solvable" : "unsolvable");
  double t0 = now();
  outcome o = pipeline(name, front_args, judge, at_least_one, NULL);
  print_message("  %-52s %-11s %6.2f s (pegcheck: %" PRIu64 " plays)\n", name,
                outcome_name(o), now() - t0, plays);
  return o;
}

/* ---- Bad inputs: tests/data/peg/bad and back-bad ----------------------------
 */

/* Runs prog on every NAME.txt in data_dir/sub (see run_bad_inputs), with
 * README and the like allowed as allowed_extra, and tool_prefix ("TOOL: ")
 * allowed before NAME in NAME.err for an error that is not at a place in
 * the file.  Returns the number of cases. */
static int run_bad_dir(const char *prog, const char *sub,
                       const char *const *allowed_extra,
                       const char *tool_prefix) {
  char dir[4096], shown_dir[4096], label[4096], stdin_label[4096];
  snprintf(shown_dir, sizeof shown_dir, "tests/data/peg/%s", sub);
  snprintf(label, sizeof label, "%s/", sub);
  snprintf(stdin_label, sizeof stdin_label, "%s < %s/", strrchr(prog, '/') + 1,
           sub);
  const bad_inputs bad = {.prog = prog,
                          .dir = join(dir, sizeof dir, data_dir, sub),
                          .dir_name = shown_dir,
                          .ext = ".txt",
                          .extra = allowed_extra,
                          .tool_prefix = tool_prefix,
                          .label = label,
                          .stdin_label = stdin_label};
  return run_bad_inputs(&bad);
}

static void test_bad_boards(void **state) {
  (void)state;
  begin_cases();
  int cases = run_bad_dir(front_tool, "bad", NULL, NULL);
  print_message("bad board files: %d cases\n", cases);
  if (cases < MIN_BAD_BOARDS)
    failure("tests/data/peg/bad", "only %d cases, expected at least %d", cases,
            MIN_BAD_BOARDS);
  end_cases("bad board file");
}

static void test_bad_answers(void **state) {
  (void)state;
  begin_cases();
  static const char *const extra[] = {"README", NULL};
  int cases = run_bad_dir(back_tool, "back-bad", extra, "peg-back: ");
  char path[4096];
  if (!exists(join(path, sizeof path, data_dir, "back-bad/README")))
    failure("tests/data/peg/back-bad", "no README saying how the files were "
                                       "made");
  print_message("bad peg-back inputs: %d cases\n", cases);
  if (cases < MIN_BAD_ANSWERS)
    failure("tests/data/peg/back-bad", "only %d cases, expected at least %d",
            cases, MIN_BAD_ANSWERS);
  end_cases("bad peg-back input");
}

/* ---- Usage errors -----------------------------------------------------------
 */

/* In the table below, an argument "@data/X" or "@tmp/X" stands for the
 * absolute path of X in tests/data/peg or the scratch directory. */
static const char *expand(const char *s, char *out, size_t size) {
  if (!strncmp(s, "@data/", 6) || !strncmp(s, "@tmp/", 5)) {
    bool data = s[1] == 'd';
    int n = snprintf(out, size, "%s/%s", data ? data_dir : tmp_dir,
                     s + (data ? 6 : 5));
    assert_true(n > 0 && (size_t)n < size);
    return out;
  }
  return s;
}

typedef struct usage_case {
  bool back; /* peg-back, else peg-front */
  const char *name;
  const char *args[6];
  const char *mentions;       /* stderr must contain this (expanded) */
  const char *stdout_to;      /* standard output to this file; NULL: pipe */
  const char *must_not_exist; /* afterwards (expanded) */
  const char *must_exist;     /* afterwards (expanded; not followed) */
  bool content_error;         /* FILE:LINE:COL message, not "TOOL: " */
} usage_case;

#define BOARD "@data/triangle4.txt"
#define ANSWER "@tmp/usage-answer.txt" /* made by test_usage_errors */

static const usage_case usage_cases[] = {
    /* peg-front */
    {.name = "over --max-clauses",
     .args = {"--board", "triangle5", "--max-clauses", "100"},
     .mentions = "more than the limit of 100: nothing written"},
    {.name = "--max-clauses not a number",
     .args = {"--max-clauses", "-1", BOARD},
     .mentions = "--max-clauses needs a number from 0 to"},
    {.name = "unknown option",
     .args = {"--frobnicate", BOARD},
     .mentions = "--frobnicate"},
    {.name = "unknown short option", .args = {"-x", BOARD}, .mentions = "-x"},
    {.name = "unknown --at-most-one",
     .args = {"--at-most-one", "bimander", BOARD},
     .mentions = "unknown --at-most-one 'bimander' (pairwise, sequential, "
                 "product or commander)"},
    {.name = "--at-most-one with a number",
     .args = {"--at-most-one", "2", BOARD},
     .mentions = "'2' (pairwise, sequential, product or commander)"},
    {.name = "unknown option after the board",
     .args = {BOARD, "--no-such-option"},
     .mentions = "--no-such-option"},
    {.name = "--board with an unknown name",
     .args = {"--board", "hexagon"},
     .mentions = "hexagon"},
    {.name = "-b with an unknown name",
     .args = {"-b", "English"},
     .mentions = "English"},
    {.name = "--board triangle0",
     .args = {"--board", "triangle0"},
     .mentions = "triangle0"},
    {.name = "--board triangle91",
     .args = {"--board", "triangle91"},
     .mentions = "triangle91"},
    {.name = "--board triangle (no rows)",
     .args = {"--board", "triangle"},
     .mentions = "triangle"},
    {.name = "--board triangle5x",
     .args = {"--board", "triangle5x"},
     .mentions = "triangle5x"},
    {.name = "--board and a board file (not an output file)",
     .args = {"--board", "triangle4", "@tmp/not-created-6.txt"},
     .mentions = "--board",
     .must_not_exist = "@tmp/not-created-6.txt"},
    {.name = "--board triangle1: no peg at the start",
     .args = {"--board", "triangle1"},
     .mentions = "goal"},
    {.name = "--empty beyond the board file's holes",
     .args = {"--empty", "11", BOARD},
     .mentions = "11"},
    {.name = "--empty beyond the catalogue board's holes",
     .args = {"--board", "triangle5", "--empty", "16"},
     .mentions = "16"},
    {.name = "-e negative", .args = {"-e", "-1", BOARD}, .mentions = "-1"},
    {.name = "--empty not a number",
     .args = {"--empty", "abc", BOARD},
     .mentions = "abc"},
    {.name = "--empty 3x", .args = {"--empty", "3x", BOARD}, .mentions = "3x"},
    {.name = "--empty beyond the int range",
     .args = {"--empty", "99999999999999999999", BOARD},
     .mentions = "99999999999999999999"},
    {.name = "--empty with an empty value",
     .args = {"--empty", "", BOARD},
     .mentions = "empty"},
    {.name = "--board missing its value",
     .args = {"--board"},
     .mentions = "--board"},
    {.name = "-b missing its value", .args = {"-b"}, .mentions = "-b"},
    {.name = "--empty missing its value",
     .args = {BOARD, "--empty"},
     .mentions = "--empty"},
    {.name = "-e missing its value", .args = {BOARD, "-e"}, .mentions = "-e"},
    {.name = "missing board file",
     .args = {"@tmp/no-such-board.txt"},
     .mentions = "@tmp/no-such-board.txt"},
    {.name = "a directory as the board file",
     .args = {"@tmp/a-directory"},
     .mentions = "@tmp/a-directory"},
    {.name = "output in a missing directory",
     .args = {BOARD, "@tmp/no-such-dir/clauses.txt"},
     .mentions = "@tmp/no-such-dir/clauses.txt"},
    /* Through a symbolic link, so that a tool that removes the output after
     * a failed write removes the link and not /dev/full itself. */
    {.name = "output to /dev/full (write error)",
     .args = {BOARD, "@tmp/full"},
     .mentions = "@tmp/full",
     .must_exist = "@tmp/full"},
    {.name = "standard output is /dev/full (write error)",
     .args = {BOARD},
     .mentions = "write",
     .stdout_to = "/dev/full"},
    {.name = "--write-board to /dev/full",
     .args = {"--write-board", BOARD},
     .mentions = "write",
     .stdout_to = "/dev/full"},
    {.name = "three positional arguments",
     .args = {BOARD, "@tmp/not-created-1.txt", "third-argument"},
     .mentions = "third-argument",
     .must_not_exist = "@tmp/not-created-1.txt"},
    {.name = "bad board file: no output file is created",
     .args = {"@data/bad/hole-beyond-n.txt", "@tmp/not-created-2.txt"},
     .mentions = "hole-beyond-n.txt:3:5: ",
     .must_not_exist = "@tmp/not-created-2.txt",
     .content_error = true},
    {.name = "bad --empty: no output file is created",
     .args = {"--empty", "12", BOARD, "@tmp/not-created-3.txt"},
     .mentions = "12",
     .must_not_exist = "@tmp/not-created-3.txt"},
    /* peg-back */
    {.back = true,
     .name = "unknown option",
     .args = {"--frobnicate", ANSWER},
     .mentions = "--frobnicate"},
    {.back = true,
     .name = "unknown short option",
     .args = {"-x", ANSWER},
     .mentions = "-x"},
    {.back = true,
     .name = "an option of peg-front",
     .args = {"--board", "triangle5", ANSWER},
     .mentions = "--board"},
    {.back = true,
     .name = "missing input file",
     .args = {"@tmp/no-such-answer.txt"},
     .mentions = "@tmp/no-such-answer.txt"},
    {.back = true,
     .name = "a directory as input",
     .args = {"@tmp/a-directory"},
     .mentions = "@tmp/a-directory"},
    {.back = true,
     .name = "output in a missing directory",
     .args = {ANSWER, "@tmp/no-such-dir/jumps.txt"},
     .mentions = "@tmp/no-such-dir/jumps.txt"},
    {.back = true,
     .name = "output to /dev/full (write error)",
     .args = {ANSWER, "@tmp/full"},
     .mentions = "@tmp/full",
     .must_exist = "@tmp/full"},
    {.back = true,
     .name = "standard output is /dev/full (write error)",
     .args = {ANSWER},
     .mentions = "write",
     .stdout_to = "/dev/full"},
    {.back = true,
     .name = "--draw with standard output /dev/full",
     .args = {"--draw", ANSWER},
     .mentions = "write",
     .stdout_to = "/dev/full"},
    {.back = true,
     .name = "three positional arguments",
     .args = {ANSWER, "@tmp/not-created-4.txt", "third-argument"},
     .mentions = "third-argument",
     .must_not_exist = "@tmp/not-created-4.txt"},
    {.back = true,
     .name = "bad input: no output file is created",
     .args = {"@data/back-bad/empty-input.txt", "@tmp/not-created-5.txt"},
     .mentions = "empty-input.txt",
     .must_not_exist = "@tmp/not-created-5.txt",
     .content_error = true},
};

static void test_usage_errors(void **state) {
  (void)state;
  begin_cases();
  char p[4096], q[4096];
  assert_int_equal(mkdir(join(p, sizeof p, tmp_dir, "a-directory"), 0700), 0);
  assert_int_equal(symlink("/dev/full", join(p, sizeof p, tmp_dir, "full")), 0);

  /* A good answer for peg-back's cases: triangle4 with hole 2 empty. */
  pc_board judge;
  pc_board_triangle(&judge, 4, 2);
  static const char *const args[] = {"--board", "triangle4", "--empty", "2",
                                     NULL};
  pipeline("peg-back usage: the answer", args, &judge, true, NULL);
  pc_board_free(&judge);
  buffer answer = {0};
  assert_true(read_file(join(p, sizeof p, tmp_dir, "answer.txt"), &answer));
  write_file(expand(ANSWER, p, sizeof p), answer.data, answer.len);
  buffer_free(&answer);

  run_result r = {0};
  for (size_t i = 0; i < sizeof usage_cases / sizeof *usage_cases; i++) {
    const usage_case *c = &usage_cases[i];
    const char *prog = c->back ? back_tool : front_tool;
    const char *tool_name = c->back ? "peg-back" : "peg-front";
    char expanded[6][4096], name[300], prefix[32];
    const char *args[7];
    size_t n = 0;
    for (; n < 6 && c->args[n]; n++)
      args[n] = expand(c->args[n], expanded[n], sizeof expanded[n]);
    args[n] = NULL;
    snprintf(name, sizeof name, "%s: %s", tool_name, c->name);
    snprintf(prefix, sizeof prefix, "%s: ", tool_name);
    run_argv(&r, prog, tmp_dir, NULL, c->stdout_to, args);
    if (expect_exit(name, &r, 1)) {
      expect_empty(name, "stdout", &r.out);
      if (expect_one_line(name, &r.err)) {
        const char *m = expand(c->mentions, p, sizeof p);
        if (!strstr(r.err.data, m))
          failure(name, "stderr \"%s\" does not mention \"%s\"", SHOW(r.err),
                  m);
        if (!c->content_error && strncmp(r.err.data, prefix, strlen(prefix)))
          failure(name, "stderr \"%s\" does not start with \"%s\"", SHOW(r.err),
                  prefix);
      }
    }
    if (c->must_not_exist && exists(expand(c->must_not_exist, q, sizeof q))) {
      failure(name, "%s was created", q);
      remove(q);
    }
    if (c->must_exist && !exists(expand(c->must_exist, q, sizeof q)))
      failure(name,
              "%s was removed: after the failed write the tool deleted an "
              "output path it did not create",
              q);
  }
  remove_tree(join(p, sizeof p, tmp_dir, "a-directory"));
  remove(join(p, sizeof p, tmp_dir, "full"));
  remove(expand(ANSWER, p, sizeof p));
  run_free(&r);
  end_cases("usage error");
}

/* ---- --help, --version, --list ----------------------------------------------
 */

static void test_help_version_list(void **state) {
  (void)state;
  begin_cases();
  run_result r = {0};
  static const char *const names[] = {"peg-front", "peg-back"};
  for (int t = 0; t < 2; t++) {
    const char *prog = t ? back_tool : front_tool;
    char usage[64], version[64], name[128];
    snprintf(usage, sizeof usage, "Usage: %s", names[t]);
    snprintf(version, sizeof version, "%s 0.1.0\n", names[t]);
    static const char *const help[] = {"--help", "-h"};
    for (size_t i = 0; i < 2; i++) {
      snprintf(name, sizeof name, "%s %s", names[t], help[i]);
      run_tool(&r, prog, tmp_dir, NULL, NULL, help[i], (char *)NULL);
      if (expect_exit(name, &r, 0)) {
        if (strncmp(r.out.data, usage, strlen(usage)))
          failure(name, "stdout does not start with \"%s\": \"%s\"", usage,
                  SHOW(r.out));
        expect_empty(name, "stderr", &r.err);
      }
    }
    static const char *const ver[] = {"--version", "-V"};
    buffer want = {0};
    buffer_str(&want, version);
    for (size_t i = 0; i < 2; i++) {
      snprintf(name, sizeof name, "%s %s", names[t], ver[i]);
      run_tool(&r, prog, tmp_dir, NULL, NULL, ver[i], (char *)NULL);
      if (expect_exit(name, &r, 0)) {
        expect_bytes(name, "stdout", &r.out, &want);
        expect_empty(name, "stderr", &r.err);
      }
    }
    buffer_free(&want);
  }

  /* --list names every catalogue entry. */
  static const char *const list[] = {"--list", "-l"};
  static const char *const entries[] = {"triangleR", "english", "french",
                                        "wiegleb", "diamond"};
  for (size_t i = 0; i < 2; i++) {
    char name[64];
    snprintf(name, sizeof name, "peg-front %s", list[i]);
    run_tool(&r, front_tool, tmp_dir, NULL, NULL, list[i], (char *)NULL);
    if (expect_exit(name, &r, 0)) {
      expect_empty(name, "stderr", &r.err);
      for (size_t k = 0; k < sizeof entries / sizeof *entries; k++)
        if (!strstr(r.out.data, entries[k]))
          failure(name, "does not list %s: \"%s\"", entries[k], SHOW(r.out));
    }
  }
  run_free(&r);
  end_cases("help/version/list");
}

/* ---- The catalogue through peg-front ----------------------------------------
 */

static void test_catalogue(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *name, *empty; /* --empty value or NULL */
    int rows;                 /* triangleR; 0 for the square boards */
    bool (*cell)(int r, int c);
    int size;
    int holes;
  } boards[] = {
      {"triangle3", NULL, 3, NULL, 0, 6},
      {"triangle4", NULL, 4, NULL, 0, 10},
      {"triangle5", NULL, 5, NULL, 0, 15},
      {"triangle5", "0", 5, NULL, 0, 15},
      {"triangle6", NULL, 6, NULL, 0, 21},
      {"triangle6", "13", 6, NULL, 0, 21},
      {"triangle8", NULL, 8, NULL, 0, 36},
      {"english", NULL, 0, NULL, 7, 33},
      {"english", "0", 0, NULL, 7, 33},
      {"french", NULL, 0, french_cell, 7, 37},
      {"wiegleb", NULL, 0, wiegleb_cell, 9, 45},
      {"diamond", NULL, 0, diamond_cell, 9, 41},
      {"diamond", "1", 0, diamond_cell, 9, 41},
  };
  run_result r = {0};
  double t0 = now();
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
    const char *args[5] = {"--board", boards[i].name, NULL, NULL, NULL};
    if (boards[i].empty)
      args[2] = "--empty", args[3] = boards[i].empty;
    char name[128];
    command_name(name, sizeof name, "peg-front", args);
    pc_board judge;
    int empty = boards[i].empty ? atoi(boards[i].empty) : -1;
    if (boards[i].rows)
      pc_board_triangle(&judge, boards[i].rows, empty < 0 ? 1 : empty);
    else {
      if (boards[i].cell)
        judge_grid(&judge, boards[i].size, boards[i].cell);
      else
        pc_board_english(&judge);
      if (empty >= 0) {
        judge.free_start = empty == 0;
        for (int h = 1; h <= judge.holes; h++)
          judge.start[h] = h != empty;
      }
    }
    if (judge.holes != boards[i].holes)
      failure(name, "the judge's board has %d holes, expected %d", judge.holes,
              boards[i].holes);
    front_output f;
    if (run_ok(name, &r, front_tool, HERE, NULL, args)) {
      if (check_front(name, &r.out, &judge, true, &f))
        print_message("  %-40s %d holes, %d atoms, %zu clauses\n", name,
                      judge.holes, f.atoms, f.clauses.count);
      clauses_free(&f.clauses);
    }
    pc_board_free(&judge);
  }
  print_message("catalogue: %.1f s\n", now() - t0);
  run_free(&r);
  end_cases("catalogue");
}

/* ---- DIMACS -----------------------------------------------------------------
 */

/* Checks peg-front --dimacs output against the DP output's parse f: the
 * key as the leading comment lines, a header whose counts match, the same
 * clauses in the same order. */
static void check_dimacs(const char *name, const buffer *out,
                         const front_output *f) {
  const char *p = out->data, *end = out->data + out->len, *line = "";
  size_t len = 0;
  buffer key = {0};
  buffer_clear(&key);
  while (p < end && *p == 'c') {
    if (!next_line(&p, end, &line, &len) || len < 1 ||
        (len > 1 && line[1] != ' ')) {
      failure(name, "a bad comment line: \"%s\"", SHOW_N(line, len));
      buffer_free(&key);
      return;
    }
    if (len > 1)
      buffer_add(&key, line + 2, len - 2);
    buffer_add(&key, "\n", 1);
  }
  if (key.len != f->key_len || memcmp(key.data, f->key, key.len))
    failure(name, "the comment lines do not carry the DP output's key: \"%s\"",
            SHOW(key));
  buffer_free(&key);
  long vars, clauses;
  size_t i = 6;
  if (!next_line(&p, end, &line, &len) || len < 7 ||
      memcmp(line, "p cnf ", 6) || !parse_int(line, len, &i, &vars) ||
      !parse_int(line, len, &i, &clauses) || i != len) {
    failure(name, "no header \"p cnf V C\" after the comments: \"%s\"",
            SHOW_N(line, len));
    return;
  }
  if (vars != f->atoms)
    failure(name, "the header declares %ld variables, the key %d atoms", vars,
            f->atoms);
  size_t k = 0, count = 0;
  bool same = true;
  while (next_line(&p, end, &line, &len)) {
    size_t j = 0;
    long lit;
    while (parse_int(line, len, &j, &lit)) {
      if (lit > vars || -lit > vars) {
        failure(name, "literal %ld beyond the header's %ld variables", lit,
                vars);
        return;
      }
      count += lit == 0;
      same = same && k < f->clauses.len && f->clauses.lits[k] == lit;
      k++;
    }
    if (j != len) {
      failure(name, "a line that is not literals: \"%s\"", SHOW_N(line, len));
      return;
    }
  }
  if (p != end)
    failure(name, "the output does not end with a newline");
  if ((long)count != clauses)
    failure(name, "the header declares %ld clauses, there are %zu", clauses,
            count);
  if (!same || k != f->clauses.len)
    failure(name, "not the DP output's clauses in the same order");
}

/* Whether dpll finds the clauses in file path satisfiable: 1 or 0, -1 if
 * it fails (reported).  DP answers start with "0" when there is no model;
 * DIMACS ones exit with 10 or 20. */
static int dpll_satisfiable(const char *name, const char *path, bool dimacs) {
  run_result r = {0};
  const char *args[] = {path, NULL};
  int result = -1;
  run_argv(&r, dpll_tool, HERE, NULL, NULL, args);
  if (dimacs && !r.hung && !r.sig && (r.code == 10 || r.code == 20))
    result = r.code == 10;
  else if (!dimacs && expect_exit(name, &r, 0))
    result = strncmp(r.out.data, "0\n", 2) != 0;
  else if (dimacs)
    expect_exit(name, &r, 10);
  run_free(&r);
  return result;
}

static void test_dimacs(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *args[6];
    bool solve; /* run dpll on both forms */
  } cases[] = {
      {{"--board", "triangle4", "--empty", "2"}, true},
      {{"--board", "triangle4", "--empty", "7"}, true},
      {{"--board", "triangle5", "--empty", "0"}, true},
      {{"triangle4.txt"}, true},
      {{"triangle5-three-pegs-left.txt"}, true},
      {{"--no-at-least-one", "four-holes.txt"}, true},
      {{"--board", "english"}, false},
  };
  run_result r = {0}, d = {0};
  char dp_path[4096], cnf_path[4096];
  join(dp_path, sizeof dp_path, tmp_dir, "clauses.txt");
  join(cnf_path, sizeof cnf_path, tmp_dir, "clauses.cnf");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *const *args = cases[i].args;
    char name[200];
    command_name(name, sizeof name, "peg-front", args);
    front_output f = {0};
    bool alo = strcmp(args[0], "--no-at-least-one") != 0;
    if (run_ok(name, &r, front_tool, front_dir(args), NULL, args) &&
        check_front(name, &r.out, NULL, alo, &f)) {
      write_file(dp_path, r.out.data, r.out.len);
      int sat = cases[i].solve ? dpll_satisfiable(name, dp_path, false) : -1;
      /* The short form -d on the first case only in the quick tier
       * (tier_long): the same option. */
      static const char *const forms[] = {"--dimacs", "-d"};
      for (size_t k = 0; k < (i == 0 || tier_long() ? 2 : 1); k++) {
        const char *dargs[8] = {forms[k]};
        for (size_t m = 0; args[m]; m++)
          dargs[m + 1] = args[m], dargs[m + 2] = NULL;
        char dname[200];
        command_name(dname, sizeof dname, "peg-front", dargs);
        if (!run_ok(dname, &d, front_tool, front_dir(dargs), NULL, dargs))
          continue;
        check_dimacs(dname, &d.out, &f);
        write_file(cnf_path, d.out.data, d.out.len);
        if (k == 0 && sat >= 0 &&
            dpll_satisfiable(dname, cnf_path, true) != sat)
          failure(dname, "dpll finds the DIMACS form %s, the DP form %s",
                  sat ? "unsatisfiable" : "satisfiable",
                  sat ? "satisfiable" : "unsatisfiable");
      }
    }
    clauses_free(&f.clauses);
  }
  remove(dp_path);
  remove(cnf_path);
  run_free(&r);
  run_free(&d);
  end_cases("DIMACS");
}

/* ---- --write-board ----------------------------------------------------------
 */

/* The clause part of peg-front's output for args (run in cwd) into
 * *clauses; false (reported) if it fails or its output is malformed. */
static bool front_clauses(const char *name, const char *cwd,
                          const char *const *args, const pc_board *judge,
                          buffer *clauses) {
  run_result r = {0};
  front_output f = {0};
  bool ok = run_ok(name, &r, front_tool, cwd, NULL, args) &&
            check_front(name, &r.out, judge, true, &f);
  buffer_clear(clauses);
  if (ok)
    buffer_add(clauses, r.out.data, f.clause_bytes);
  clauses_free(&f.clauses);
  run_free(&r);
  return ok;
}

/* peg-front --write-board args: the board written is the puzzle judge,
 * writing it again gives the same text, and its clauses are those of the
 * original. */
static void write_board_case(const char *const *args, const pc_board *judge) {
  const char *wargs[8] = {"--write-board"};
  size_t n = 0;
  for (; args[n]; n++)
    wargs[n + 1] = args[n];
  wargs[n + 1] = NULL;
  char name[200], path[4096], why[300];
  command_name(name, sizeof name, "peg-front", wargs);
  join(path, sizeof path, tmp_dir, "written-board.txt");
  run_result r = {0};
  buffer written = {0}, original = {0}, again = {0};
  if (run_ok(name, &r, front_tool, front_dir(wargs), NULL, wargs)) {
    buffer_add(&written, r.out.data, r.out.len);
    write_file(path, written.data, written.len);
    pc_board wb;
    if (!pc_board_read(written.data, written.len, &wb, why, sizeof why))
      failure(name, "pegcheck cannot read the board written: %s: \"%s\"", why,
              SHOW(written));
    else {
      if (!same_puzzle(&wb, judge, why, sizeof why))
        failure(name, "the board written is not the puzzle: %s: \"%s\"", why,
                SHOW(written));
      pc_board_free(&wb);
    }

    const char *rewrite[] = {"-w", path, NULL};
    if (run_ok(name, &r, front_tool, HERE, NULL, rewrite) &&
        !same_bytes(&r.out, &written))
      failure(name, "-w of the written board differs: \"%s\" then \"%s\"",
              SHOW(written), SHOW(r.out));

    const char *from_written[] = {path, NULL};
    if (front_clauses(name, front_dir(args), args, judge, &original) &&
        front_clauses(name, HERE, from_written, judge, &again) &&
        !same_bytes(&original, &again))
      failure(name, "the clauses of the written board differ from the "
                    "original's");
  }
  remove(path);
  buffer_free(&written);
  buffer_free(&original);
  buffer_free(&again);
  run_free(&r);
}

/* peg-front args (with -w) on a board pegcheck cannot read: the board
 * written has `holes` holes and `triples` triple lines, and among its lines
 * those in lines; written again it is the same. */
static void write_big_board(const char *name, const char *const *args,
                            int holes, int triples, const char *const *lines) {
  char path[4096];
  join(path, sizeof path, tmp_dir, "written-big-board.txt");
  run_result r = {0}, again = {0};
  if (run_ok(name, &r, front_tool, HERE, NULL, args)) {
    int first = 0, count = 0;
    for (const char *p = r.out.data, *end = p + r.out.len, *line;;) {
      size_t len, i = 0;
      long x[4];
      if (!next_line(&p, end, &line, &len))
        break;
      int n = 0;
      while (n < 4 && parse_int(line, len, &i, &x[n]))
        n++;
      if (i != len)
        continue; /* a keyword line */
      if (!first && n == 2)
        first = (int)x[0];
      else if (n == 3)
        count++;
    }
    if (first != holes || count != triples)
      failure(name,
              "the board written has %d holes and %d triples, expected "
              "%d and %d",
              first, count, holes, triples);
    for (size_t k = 0; lines[k]; k++) {
      char want[100];
      snprintf(want, sizeof want, "\n%s\n", lines[k]);
      if (!strstr(r.out.data, want))
        failure(name, "the board written has no line \"%s\"", lines[k]);
    }
    write_file(path, r.out.data, r.out.len);
    const char *rewrite[] = {"-w", path, NULL};
    if (run_ok(name, &again, front_tool, HERE, NULL, rewrite) &&
        !same_bytes(&again.out, &r.out))
      failure(name, "-w of the written board differs");
  }
  remove(path);
  run_free(&r);
  run_free(&again);
}

static void test_write_board(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *args[5];
    const char *file; /* judge: this data file, with empty */
    int empty;        /* -1: as in the file */
    int rows;         /* judge: triangleR; 0: file or english */
  } cases[] = {
      {{"triangle4.txt"}, "triangle4.txt", -1, 0},
      {{"triangle4-untidy.txt"}, "triangle4.txt", -1, 0},
      {{"triangle4-free.txt"}, "triangle4-free.txt", -1, 0},
      {{"four-holes.txt"}, "four-holes.txt", -1, 0},
      {{"square4.txt"}, "square4.txt", -1, 0},
      {{"triangle5-middle-rows.txt"}, "triangle5-middle-rows.txt", -1, 0},
      {{"triangle5-no-jump-needed.txt"}, "triangle5-no-jump-needed.txt", -1, 0},
      {{"--empty", "3", "triangle5-three-pegs-left.txt"},
       "triangle5-three-pegs-left.txt",
       3,
       0},
      {{"--board", "triangle5"}, NULL, 1, 5},
      {{"--board", "triangle4", "--empty", "7"}, NULL, 7, 4},
      {{"--board", "triangle6", "--empty", "0"}, NULL, 0, 6},
      {{"--board", "english"}, NULL, -1, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    pc_board judge;
    if (cases[i].file)
      judge_from_file(&judge, cases[i].file, cases[i].empty);
    else if (cases[i].rows)
      pc_board_triangle(&judge, cases[i].rows, cases[i].empty);
    else
      pc_board_english(&judge);
    write_board_case(cases[i].args, &judge);
    pc_board_free(&judge);
  }

  /* Boards too big for pegcheck: 4096 holes in a file, the largest
   * catalogue triangle. */
  char path[4096];
  join(path, sizeof path, tmp_dir, "board-4096.txt");
  static const char big[] = "4096 4096\n1 2 3\n4094 4095 4096\n";
  write_file(path, big, sizeof big - 1);
  static const char *const big_lines[] = {"1 2 3", "4094 4095 4096", NULL};
  const char *big_args[] = {"-w", path, NULL};
  write_big_board("peg-front -w on a board of 4096 holes", big_args, 4096, 2,
                  big_lines);
  remove(path);
  static const char *const t90_lines[] = {"layout triangle", "1 2 4",
                                          "at 4095 90 90", NULL};
  const char *t90_args[] = {"-w", "--board", "triangle90", NULL};
  write_big_board("peg-front -w --board triangle90", t90_args, 4095,
                  3 * 89 * 88 / 2, t90_lines);
  end_cases("write-board");
}

/* ---- Pipelines --------------------------------------------------------------
 */

static void test_triangle4(void **state) {
  (void)state;
  begin_cases();
  int unsolvable[11] = {0};
  for (int h = 1; h <= 10; h++) {
    if (!want_empty(4, h))
      continue;
    char empty[16], name[128];
    snprintf(empty, sizeof empty, "%d", h);
    bool want = h != 1 && h != 5 && h != 7 && h != 10;

    /* The course's board file, the empty hole changed with --empty (with
     * --empty 1 as the file says anyway). */
    pc_board judge;
    judge_from_file(&judge, "triangle4.txt", h);
    const char *args[] = {"--empty", empty, "triangle4.txt", NULL};
    command_name(name, sizeof name, "peg-front", args);
    outcome o = play(name, args, &judge, true, want);
    unsolvable[h] += o == NO_SOLUTION;
    pc_board_free(&judge);

    /* The catalogue's triangle4. */
    pc_board_triangle(&judge, 4, h);
    const char *cargs[] = {"-b", "triangle4", "-e", empty, NULL};
    command_name(name, sizeof name, "peg-front", cargs);
    o = play(name, cargs, &judge, true, want);
    unsolvable[h] += o == NO_SOLUTION;
    pc_board_free(&judge);
  }
  /* The file as it is (hole 1 empty), and written untidily. */
  static const char *const files[] = {"triangle4.txt", "triangle4-untidy.txt"};
  for (size_t i = 0; i < 2; i++) {
    pc_board judge;
    judge_from_file(&judge, files[i], -1);
    const char *args[] = {files[i], NULL};
    char name[128];
    command_name(name, sizeof name, "peg-front", args);
    play(name, args, &judge, true, 0);
    pc_board_free(&judge);
  }
  print_message("triangle4: NO SOLUTION from holes");
  for (int h = 1; h <= 10; h++)
    if (unsolvable[h])
      print_message(" %d", h);
  print_message("\n");
  end_cases("triangle4");
}

static void test_triangle5(void **state) {
  (void)state;
  begin_cases();
  double t0 = now();
  int played = 0;
  for (int h = 1; h <= 15; h++) {
    if (!want_empty(5, h))
      continue;
    char empty[16], name[128];
    snprintf(empty, sizeof empty, "%d", h);
    played++;
    pc_board judge;
    pc_board_triangle(&judge, 5, h);
    const char *args[] = {"--board", "triangle5", "--empty", empty, NULL};
    command_name(name, sizeof name, "peg-front", args);
    play(name, args, &judge, true, 1);
    pc_board_free(&judge);
  }
  print_message("triangle5: %d pipelines in %.1f s\n", played, now() - t0);
  end_cases("triangle5");
}

/* Every --at-most-one on the 15 starts of the 15-hole triangle (each
 * solved, the jumps replayed by pegcheck) and with a free start (in the
 * quick tier, each start with one of them: want_amo), and on the
 * unsolvable 10-hole triangle from hole 1. */
static void test_at_most_one(void **state) {
  (void)state;
  begin_cases();
  static const char *const ways[] = {"sequential", "product", "commander"};
  for (size_t w = 0; w < sizeof ways / sizeof *ways; w++) {
    double t0 = now();
    int played = 1;
    for (int h = 0; h <= 15; h++) {
      if (!want_amo(h, w))
        continue;
      played++;
      char empty[16], name[160];
      snprintf(empty, sizeof empty, "%d", h);
      pc_board judge;
      pc_board_triangle(&judge, 5, h);
      const char *args[] = {"--at-most-one", ways[w], "-b", "triangle5", "-e",
                            empty,           NULL};
      command_name(name, sizeof name, "peg-front", args);
      play(name, args, &judge, true, 1);
      pc_board_free(&judge);
    }
    pc_board judge;
    pc_board_triangle(&judge, 4, 1);
    const char *args[] = {"--at-most-one", ways[w], "-b", "triangle4", NULL};
    char name[160];
    command_name(name, sizeof name, "peg-front", args);
    play(name, args, &judge, true, 0);
    pc_board_free(&judge);
    print_message("--at-most-one %s: %d pipelines in %.1f s\n", ways[w], played,
                  now() - t0);
  }
  end_cases("--at-most-one");
}

/* The solver chooses the empty hole: --empty 0, and "N 0" in a file. */
static void test_free_start(void **state) {
  (void)state;
  begin_cases();
  pc_board judge;
  pc_board_triangle(&judge, 4, 0);
  const char *a1[] = {"--board", "triangle4", "--empty", "0", NULL};
  play("peg-front --board triangle4 --empty 0", a1, &judge, true, 1);
  pc_board_free(&judge);

  pc_board_triangle(&judge, 5, 0);
  const char *a2[] = {"-b", "triangle5", "-e", "0", NULL};
  play("peg-front -b triangle5 -e 0", a2, &judge, true, 1);
  pc_board_free(&judge);

  judge_from_file(&judge, "triangle4-free.txt", -1);
  const char *a3[] = {"triangle4-free.txt", NULL};
  play("peg-front triangle4-free.txt", a3, &judge, true, 1);
  pc_board_free(&judge);

  judge_from_file(&judge, "triangle4.txt", 0);
  const char *a4[] = {"--empty", "0", "triangle4.txt", NULL};
  play("peg-front --empty 0 triangle4.txt", a4, &judge, true, 1);
  pc_board_free(&judge);

  judge_from_file(&judge, "four-holes.txt", 0);
  const char *a5[] = {"--empty", "0", "four-holes.txt", NULL};
  play("peg-front --empty 0 four-holes.txt", a5, &judge, true, 1);
  pc_board_free(&judge);

  judge_from_file(&judge, "triangle5-goal-13.txt", 0);
  const char *a6[] = {"--empty", "0", "triangle5-goal-13.txt", NULL};
  play("peg-front --empty 0 triangle5-goal-13.txt", a6, &judge, true, 1);
  pc_board_free(&judge);
  end_cases("free start");
}

/* The course write-up's 4-hole board from each hole. */
static void test_four_holes(void **state) {
  (void)state;
  begin_cases();
  for (int h = 1; h <= 4; h++) {
    char empty[16], name[128];
    snprintf(empty, sizeof empty, "%d", h);
    pc_board judge;
    judge_from_file(&judge, "four-holes.txt", h);
    const char *args[] = {"-e", empty, "four-holes.txt", NULL};
    command_name(name, sizeof name, "peg-front", args);
    play(name, args, &judge, true, 1);
    pc_board_free(&judge);
  }
  pc_board judge;
  judge_from_file(&judge, "four-holes.txt", -1);
  const char *args[] = {"four-holes.txt", NULL};
  play("peg-front four-holes.txt", args, &judge, true, 1);
  pc_board_free(&judge);
  end_cases("four holes");
}

/* The smallest catalogue triangles: triangle2 has no triples at all (so
 * every at-least-one clause is empty), triangle3 no solution from any
 * hole. */
static void test_small_triangles(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *args[5];
    int rows, empty;
  } cases[] = {
      {{"--board", "triangle2"}, 2, 1},
      {{"--board", "triangle2", "--empty", "0"}, 2, 0},
      {{"--board", "triangle3"}, 3, 1},
      {{"--board", "triangle3", "--empty", "4"}, 3, 4},
      {{"--board", "triangle3", "--empty", "0"}, 3, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char name[200];
    command_name(name, sizeof name, "peg-front", cases[i].args);
    pc_board judge;
    pc_board_triangle(&judge, cases[i].rows, cases[i].empty);
    play(name, cases[i].args, &judge, true, 0);
    pc_board_free(&judge);
  }
  end_cases("small triangle");
}

/* Start and goal lines on triangle5, and other board files. */
static void test_advanced(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *args[4];
    const char *file;
    int empty;
    int solvable;
  } cases[] = {
      {{"triangle5-end-in-start-hole.txt"},
       "triangle5-end-in-start-hole.txt",
       -1,
       1},
      {{"triangle5-goal-13.txt"}, "triangle5-goal-13.txt", -1, 1},
      {{"triangle5-goal-5-unreachable.txt"},
       "triangle5-goal-5-unreachable.txt",
       -1,
       0},
      {{"triangle5-three-pegs-left.txt"},
       "triangle5-three-pegs-left.txt",
       -1,
       1},
      {{"triangle5-corners-left.txt"}, "triangle5-corners-left.txt", -1, 1},
      {{"triangle5-middle-rows.txt"}, "triangle5-middle-rows.txt", -1, 1},
      {{"triangle5-top-rows-unreachable.txt"},
       "triangle5-top-rows-unreachable.txt",
       -1,
       0},
      {{"triangle5-no-jump-needed.txt"}, "triangle5-no-jump-needed.txt", -1, 1},
      {{"triangle5-no-jump-wrong-goal.txt"},
       "triangle5-no-jump-wrong-goal.txt",
       -1,
       0},
      /* --empty overrides the start line, and keeps the goal. */
      {{"--empty", "13", "triangle5-middle-rows.txt"},
       "triangle5-middle-rows.txt",
       13,
       1},
      {{"--empty", "10", "triangle5-goal-13.txt"},
       "triangle5-goal-13.txt",
       10,
       1},
      {{"--empty", "5", "triangle5-goal-13.txt"},
       "triangle5-goal-13.txt",
       5,
       1},
      {{"--empty", "2", "triangle5-goal-13.txt"},
       "triangle5-goal-13.txt",
       2,
       0},
      {{"square4.txt"}, "square4.txt", -1, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *args[5];
    size_t n = 0;
    for (; n < 4 && cases[i].args[n]; n++)
      args[n] = cases[i].args[n];
    args[n] = NULL;
    /* The unreachable goal 5 three jumps in, in the quick tier
     * (unsolvable_board). */
    char name[200], path[4096];
    const char *file = cases[i].file;
    if (!strcmp(file, "triangle5-goal-5-unreachable.txt"))
      file = args[0] = unsolvable_board(path);
    command_name(name, sizeof name, "peg-front", args);
    pc_board judge;
    judge_from_file(&judge, file, cases[i].empty);
    play(name, args, &judge, true, cases[i].solvable);
    pc_board_free(&judge);
  }
  end_cases("advanced");
}

/* --no-at-least-one: T clauses fewer, the option in the key, still solved
 * or refuted correctly. */
static void test_no_at_least_one(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *args[6];
    int rows, empty, solvable;
  } cases[] = {
      {{"--no-at-least-one", "--board", "triangle4", "--empty", "2"}, 4, 2, 1},
      {{"--board", "triangle4", "--empty", "5", "--no-at-least-one"}, 4, 5, 0},
      {{"--no-at-least-one", "--board", "triangle5", "--empty", "1"}, 5, 1, 1},
      {{"--no-at-least-one", "--board", "triangle5", "--empty", "0"}, 5, 0, 1},
      {{"--no-at-least-one", "--at-most-one", "product", "-b", "triangle5"},
       5,
       1,
       1},
      {{"--no-at-least-one", "--at-most-one", "commander", "-b", "triangle5"},
       5,
       1,
       1},
      {{"--no-at-least-one", "--at-most-one", "product", "-b", "triangle4"},
       4,
       1,
       0},
      {{"--no-at-least-one", "--at-most-one", "commander", "-b", "triangle4"},
       4,
       1,
       0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char name[200];
    command_name(name, sizeof name, "peg-front", cases[i].args);
    pc_board judge;
    pc_board_triangle(&judge, cases[i].rows, cases[i].empty);
    play(name, cases[i].args, &judge, false, cases[i].solvable);
    pc_board_free(&judge);
  }
  end_cases("--no-at-least-one");
}

/* --exact, --no-canonical-order, --no-position-classes: the key says which
 * clauses are in (check_front counts them by that), the answers are right,
 * and the flags do what they say. */
static void test_redundant_options(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *args[7];
    int rows, empty, solvable;
    const char *options;
  } cases[] = {
      {{"--exact", "--board", "triangle4", "--empty", "2"},
       4,
       2,
       1,
       "canonical_order=0 position_classes=0"},
      {{"--board", "triangle4", "--empty", "1", "--exact"},
       4,
       1,
       0,
       "canonical_order=0 position_classes=0"},
      {{"--no-canonical-order", "--board", "triangle5", "--empty", "1"},
       5,
       1,
       1,
       "canonical_order=0 position_classes=1"},
      {{"--no-position-classes", "--board", "triangle5", "--empty", "4"},
       5,
       4,
       1,
       "canonical_order=1 position_classes=0"},
      {{"--board", "triangle5", "--empty", "13"},
       5,
       13,
       1,
       "canonical_order=1 position_classes=1 at_most_one=0"},
      {{"--at-most-one", "sequential", "-b", "triangle5", "-e", "1"},
       5,
       1,
       1,
       "at_most_one=1"},
      {{"--at-most-one=sequential", "--exact", "-b", "triangle4", "-e", "5"},
       4,
       5,
       0,
       "canonical_order=0 position_classes=0 at_most_one=1"},
      {{"--at-most-one", "pairwise", "-b", "triangle4", "-e", "3"},
       4,
       3,
       1,
       "at_most_one=0"},
      {{"--at-most-one", "product", "-b", "triangle5", "-e", "1"},
       5,
       1,
       1,
       "canonical_order=1 position_classes=1 at_most_one=2"},
      {{"--at-most-one", "commander", "-b", "triangle5", "-e", "1"},
       5,
       1,
       1,
       "canonical_order=1 position_classes=1 at_most_one=3"},
      {{"--at-most-one=product", "--exact", "-b", "triangle5", "-e", "4"},
       5,
       4,
       1,
       "canonical_order=0 position_classes=0 at_most_one=2"},
      {{"--at-most-one=commander", "--exact", "-b", "triangle5", "-e", "13"},
       5,
       13,
       1,
       "canonical_order=0 position_classes=0 at_most_one=3"},
      {{"--at-most-one", "product", "-b", "triangle4", "-e", "1"},
       4,
       1,
       0,
       "at_most_one=2"},
      {{"--at-most-one=commander", "--exact", "-b", "triangle4", "-e", "5"},
       4,
       5,
       0,
       "canonical_order=0 position_classes=0 at_most_one=3"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char name[200];
    command_name(name, sizeof name, "peg-front", cases[i].args);
    pc_board judge;
    pc_board_triangle(&judge, cases[i].rows, cases[i].empty);
    /* The options line of the key of the pipeline's peg-front output (if
     * it got that far; a failure is reported otherwise). */
    play(name, cases[i].args, &judge, true, cases[i].solvable);
    if (front_key.len && !strstr(front_key.data, cases[i].options))
      failure(name, "the key's options line does not say %s", cases[i].options);
    pc_board_free(&judge);
  }
  end_cases("redundant-clause options");
}

/* Standard input and output files, for both tools: the same bytes as with
 * a file argument and standard output. */
static void test_stdin_and_output(void **state) {
  (void)state;
  begin_cases();
  char board[4096], answer[4096], out[4096];
  join(board, sizeof board, data_dir, "triangle4.txt");
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  join(out, sizeof out, tmp_dir, "output.txt");

  /* peg-back's input: the answer for triangle4 with hole 3 empty, left in
   * tmp/answer.txt by the pipeline. */
  pc_board judge;
  pc_board_triangle(&judge, 4, 3);
  const char *args[] = {"-b", "triangle4", "-e", "3", NULL};
  pipeline("the answer for peg-back", args, &judge, true, NULL);
  pc_board_free(&judge);

  run_result r = {0};
  buffer want = {0}, got = {0};
  static const char junk[] = "an older, longer file that must be replaced "
                             "entirely\n1 2 3\n0\nJump(1,2,3,1)\n";
  for (int t = 0; t < 2; t++) {
    const char *prog = t ? back_tool : front_tool;
    const char *tool_name = t ? "peg-back" : "peg-front";
    const char *in = t ? answer : board;
    char name[256];
    snprintf(name, sizeof name, "%s FILE", tool_name);
    const char *file_args[] = {in, NULL};
    if (!run_ok(name, &r, prog, tmp_dir, NULL, file_args))
      continue;
    buffer_clear(&want);
    buffer_add(&want, r.out.data, r.out.len);

    static const char *const forms[][3] = {{NULL}, {"-"}, {"-", "-"}};
    static const char *const form_names[] = {"%s < FILE", "%s - < FILE",
                                             "%s - - < FILE"};
    for (size_t k = 0; k < 3; k++) {
      snprintf(name, sizeof name, form_names[k], tool_name);
      if (run_ok(name, &r, prog, tmp_dir, in, forms[k]))
        expect_bytes(name, "stdout", &r.out, &want);
    }
    for (size_t k = 0; k < 2; k++) {
      snprintf(name, sizeof name, k ? "%s - OUTPUT < FILE" : "%s FILE OUTPUT",
               tool_name);
      write_file(out, junk, sizeof junk - 1);
      if (k)
        run_tool(&r, prog, tmp_dir, in, NULL, "-", out, (char *)NULL);
      else
        run_tool(&r, prog, tmp_dir, NULL, NULL, in, out, (char *)NULL);
      if (expect_exit(name, &r, 0)) {
        expect_empty(name, "stdout", &r.out);
        expect_empty(name, "stderr", &r.err);
        if (!read_file(out, &got))
          failure(name, "%s was not written", out);
        else
          expect_bytes(name, "OUTPUT", &got, &want);
      }
      remove(out);
    }
    /* "-o -" is standard output, and makes no file named "-". */
    char dash[4096];
    join(dash, sizeof dash, tmp_dir, "-");
    snprintf(name, sizeof name, "%s -o - FILE", tool_name);
    const char *dash_args[] = {"-o", "-", in, NULL};
    if (run_ok(name, &r, prog, tmp_dir, NULL, dash_args))
      expect_bytes(name, "stdout", &r.out, &want);
    if (exists(dash))
      failure(name, "a file named '-' was made");
    remove(dash);
  }
  buffer_free(&want);
  buffer_free(&got);
  run_free(&r);
  end_cases("stdin/output");
}

/* ---- --draw -----------------------------------------------------------------
 */

typedef enum shape { LIST, TRIANGLE, SQUARE } shape;

/* Checks one drawing, lines[0..n-1], against pegs[1..holes]: a triangle of
 * `rows` rows or a square grid of rows x cols (holes numbered row by row),
 * each line its row number and then 'o' (peg) or '.' (empty) per hole in
 * evenly spaced columns, the triangle's rows centred on one another and the
 * square's columns aligned; or, without a layout, "pegs in holes ..." */
static bool check_drawing(const char *name, int index, char **lines, int n,
                          shape kind, int rows, int cols,
                          const unsigned char *pegs, int holes) {
  char want[1024];
  if (kind == LIST) {
    int o = snprintf(want, sizeof want, "pegs in holes");
    for (int h = 1; h <= holes; h++)
      if (pegs[h])
        o += snprintf(want + o, sizeof want - (size_t)o, " %d", h);
    if (n != 1 || strcmp(lines[0], want)) {
      failure(name, "drawing %d is \"%s\"%s, expected \"%s\"", index,
              n ? lines[0] : "", n > 1 ? " and more lines" : "", want);
      return false;
    }
    return true;
  }
  if (n != rows) {
    failure(name, "drawing %d has %d lines, expected %d rows", index, n, rows);
    return false;
  }
  int hole = 0, step = -1, middle = -1, first_col = -1;
  for (int r = 1; r <= rows; r++) {
    const char *s = lines[r - 1];
    size_t i = 0;
    while (s[i] == ' ')
      i++;
    int number = 0;
    size_t digits = i;
    while (s[i] >= '0' && s[i] <= '9')
      number = 10 * number + (s[i++] - '0');
    if (i == digits || number != r) {
      failure(name,
              "drawing %d: line %d \"%s\" does not start with its row "
              "number %d",
              index, r, s, r);
      return false;
    }
    int count = kind == TRIANGLE ? r : cols, seen = 0, prev = -1, first = -1;
    for (; s[i]; i++) {
      if (s[i] == ' ')
        continue;
      if (s[i] != 'o' && s[i] != '.') {
        failure(name, "drawing %d: row %d \"%s\" holds '%c'", index, r, s,
                s[i]);
        return false;
      }
      if (++seen > count)
        break;
      hole++;
      if ((s[i] == 'o') != (pegs[hole] != 0)) {
        failure(name, "drawing %d: row %d \"%s\" shows hole %d %s", index, r, s,
                hole,
                pegs[hole] ? "empty, but it holds a peg"
                           : "with a peg, but it is empty");
        return false;
      }
      if (first < 0)
        first = (int)i;
      if (prev >= 0) {
        if (step < 0)
          step = (int)i - prev;
        if ((int)i - prev != step) {
          failure(name,
                  "drawing %d: row %d \"%s\" is not evenly spaced like "
                  "the other rows",
                  index, r, s);
          return false;
        }
      }
      prev = (int)i;
    }
    if (seen != count) {
      failure(name, "drawing %d: row %d \"%s\" shows %d holes, expected %d",
              index, r, s, seen, count);
      return false;
    }
    if (kind == TRIANGLE) {
      if (middle < 0)
        middle = first + prev;
      if (first + prev != middle) {
        failure(name,
                "drawing %d: row %d \"%s\" is not centred under the "
                "rows above: not a triangle",
                index, r, s);
        return false;
      }
    } else {
      if (first_col < 0)
        first_col = first;
      if (first != first_col) {
        failure(name,
                "drawing %d: row %d \"%s\" is not aligned with the rows "
                "above",
                index, r, s);
        return false;
      }
    }
  }
  if (hole != holes) {
    failure(name, "drawing %d shows %d holes, expected %d", index, hole, holes);
    return false;
  }
  return true;
}

/* Whether line belongs to a drawing (the rest, such as a caption "Start",
 * is allowed and skipped): a row, which starts with its number, or the
 * list of pegs. */
static bool is_drawing_line(const char *line, shape kind) {
  if (kind == LIST)
    return !strncmp(line, "pegs in holes", 13);
  while (*line == ' ')
    line++;
  return *line >= '0' && *line <= '9';
}

/* The drawings among peg-back --draw's lines[0..n-1], whose Jump lines are
 * a play that pegcheck accepted: drawing k (0..steps) is the drawing
 * lines between jump k and jump k+1, showing the pegs after k jumps. */
static void check_drawings(const char *name, char **lines, int n,
                           const pc_board *judge, shape kind, int rows,
                           int cols) {
  int(*moves)[3] = NULL, steps = 0;
  for (int i = 0; i < n; i++)
    if (!strncmp(lines[i], "Jump(", 5)) {
      moves = realloc(moves, (size_t)(steps + 1) * sizeof *moves);
      assert_non_null(moves);
      int t;
      assert_int_equal(sscanf(lines[i], "Jump(%d,%d,%d,%d)", &moves[steps][0],
                              &moves[steps][1], &moves[steps][2], &t),
                       4);
      steps++;
    }
  unsigned char pegs[65];
  for (int h = 1; h <= judge->holes; h++)
    pegs[h] =
        judge->free_start ? steps == 0 || h != moves[0][2] : judge->start[h];
  int i = 0;
  for (int k = 0; k <= steps; k++) {
    char **part = lines + i; /* overwritten as read: count <= lines read */
    int count = 0;
    while (i < n && strncmp(lines[i], "Jump(", 5)) {
      if (is_drawing_line(lines[i], kind))
        part[count++] = lines[i];
      i++;
    }
    if (!check_drawing(name, k, part, count, kind, rows, cols, pegs,
                       judge->holes))
      break;
    if (k < steps) {
      i++; /* the jump line */
      pegs[moves[k][0]] = pegs[moves[k][1]] = 0;
      pegs[moves[k][2]] = 1;
    }
  }
  free(moves);
}

/* Checks peg-back --draw output: its Jump lines start with the plain
 * output's lines, and around them are a drawing before the first jump and
 * after each, showing the pegs of pegcheck's replay.  Other lines (blank,
 * captions) may come between the parts. */
static void check_draw_output(const char *name, const buffer *out,
                              const buffer *plain, const pc_board *judge,
                              shape kind, int rows, int cols) {
  /* Split into lines. */
  char *copy = strdup(out->data), **lines = NULL;
  assert_non_null(copy);
  int n = 0;
  if (out->len == 0 || out->data[out->len - 1] != '\n' ||
      strlen(out->data) != out->len) {
    failure(name, "the output is not whole lines: \"%s\"", SHOW(*out));
    free(copy);
    return;
  }
  for (char *p = copy; *p;) {
    char *nl = strchr(p, '\n');
    *nl = '\0';
    lines = realloc(lines, (size_t)(n + 1) * sizeof *lines);
    assert_non_null(lines);
    lines[n++] = p;
    p = nl + 1;
  }

  /* The Jump lines alone are the plain output. */
  buffer jumps = {0};
  buffer_clear(&jumps);
  for (int i = 0; i < n; i++)
    if (!strncmp(lines[i], "Jump(", 5)) {
      const char *close = strchr(lines[i], ')');
      size_t len = close ? (size_t)(close - lines[i]) + 1 : strlen(lines[i]);
      buffer_add(&jumps, lines[i], len);
      buffer_add(&jumps, "\n", 1);
    }
  if (same_bytes(&jumps, plain))
    check_drawings(name, lines, n, judge, kind, rows, cols);
  else
    failure(name,
            "the Jump lines differ from the output without --draw: "
            "\"%s\" and \"%s\"",
            SHOW(jumps), SHOW(*plain));
  buffer_free(&jumps);
  free(lines);
  free(copy);
}

static void test_draw(void **state) {
  (void)state;
  begin_cases();
  static const struct {
    const char *args[5];
    const char *file; /* judge from this file, or the catalogue's triangle */
    int rows, empty;
    shape kind;
    int draw_rows, draw_cols;
  } cases[] = {
      {{"--board", "triangle4", "--empty", "2"}, NULL, 4, 2, TRIANGLE, 4, 0},
      {{"--board", "triangle4", "--empty", "0"}, NULL, 4, 0, TRIANGLE, 4, 0},
      {{"--board", "triangle5", "--empty", "13"}, NULL, 5, 13, TRIANGLE, 5, 0},
      {{"--empty", "2", "triangle4.txt"}, "triangle4.txt", 0, 2, LIST, 0, 0},
      {{"triangle4-free.txt"}, "triangle4-free.txt", 0, -1, LIST, 0, 0},
      {{"triangle5-middle-rows.txt"},
       "triangle5-middle-rows.txt",
       0,
       -1,
       TRIANGLE,
       5,
       0},
      {{"triangle5-three-pegs-left.txt"},
       "triangle5-three-pegs-left.txt",
       0,
       -1,
       TRIANGLE,
       5,
       0},
      {{"square4.txt"}, "square4.txt", 0, -1, SQUARE, 4, 4},
      {{"four-holes.txt"}, "four-holes.txt", 0, -1, LIST, 0, 0},
  };
  run_result r = {0};
  buffer plain = {0};
  char answer[4096];
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *args[6];
    size_t n = 0;
    for (; n < 5 && cases[i].args[n]; n++)
      args[n] = cases[i].args[n];
    args[n] = NULL;
    char name[200], label[260];
    command_name(name, sizeof name, "peg-front", args);
    pc_board judge;
    if (cases[i].file)
      judge_from_file(&judge, cases[i].file, cases[i].empty);
    else
      pc_board_triangle(&judge, cases[i].rows, cases[i].empty);
    if (pipeline(name, args, &judge, true, &plain) == SOLVED) {
      /* The short form -D on the first case only in the quick tier
       * (tier_long): the same option. */
      static const char *const forms[] = {"--draw", "-D"};
      for (size_t k = 0; k < (i == 0 || tier_long() ? 2 : 1); k++) {
        snprintf(label, sizeof label, "%s | dpll | peg-back %s", name,
                 forms[k]);
        const char *bargs[] = {forms[k], answer, NULL};
        if (run_ok(label, &r, back_tool, HERE, NULL, bargs))
          check_draw_output(label, &r.out, &plain, &judge, cases[i].kind,
                            cases[i].draw_rows, cases[i].draw_cols);
      }
    } else
      failure(name, "no solution to draw");
    pc_board_free(&judge);
  }

  /* No solution: --draw changes nothing. */
  pc_board judge;
  pc_board_triangle(&judge, 4, 5);
  const char *args[] = {"--board", "triangle4", "--empty", "5", NULL};
  const char *name = "peg-front --board triangle4 --empty 5 | dpll | "
                     "peg-back --draw";
  if (pipeline(name, args, &judge, true, NULL) == NO_SOLUTION) {
    const char *bargs[] = {"--draw", answer, NULL};
    buffer want = {0};
    buffer_str(&want, "NO SOLUTION\n");
    if (run_back(name, &r, bargs))
      expect_bytes(name, "stdout", &r.out, &want);
    buffer_free(&want);
  } else
    failure(name, "expected NO SOLUTION");
  pc_board_free(&judge);
  buffer_free(&plain);
  run_free(&r);
  end_cases("draw");
}

/* ---- --check-proof
 * -----------------------------------------------------------
 */

/* peg-front FRONT (in tests/data/peg if it names its files: front_dir) >
 * clauses; dpll DPLL clauses > answer, expecting exit code; false after
 * reporting. */
static bool solve(const char *name, const char *const *front,
                  const char *const *dpll, int code, const char *clauses,
                  const char *answer) {
  run_result r = {0};
  const char *args[12];
  size_t n = 0;
  bool ok = run_ok(name, &r, front_tool, front_dir(front), NULL, front);
  if (ok)
    write_file(clauses, r.out.data, r.out.len);
  for (; dpll[n]; n++)
    args[n] = dpll[n];
  args[n++] = clauses;
  args[n] = NULL;
  if (ok) {
    run_argv(&r, dpll_tool, HERE, NULL, NULL, args);
    ok = expect_exit(name, &r, code);
  }
  if (ok)
    write_file(answer, r.out.data, r.out.len);
  run_free(&r);
  return ok;
}

/* Whether err's lines are want[0..n-1], each line starting with its want
 * (the whole line if the want ends in a newline). */
static bool err_lines(const buffer *err, const char *const *want, size_t n) {
  const char *p = err->data;
  for (size_t i = 0; i < n; i++) {
    const char *nl = strchr(p, '\n');
    size_t len = strlen(want[i]);
    if (!nl || strncmp(p, want[i], len) ||
        (want[i][len - 1] == '\n' && p + len != nl + 1))
      return false;
    p = nl + 1;
  }
  return *p == '\0' && strlen(err->data) == err->len;
}

/* peg-back ARGS (standard input from in, unless NULL): NO SOLUTION, exit
 * 0, and standard error the lines want[0..n-1] (as err_lines). */
static void expect_proved(const char *name, const char *const *args,
                          const char *in, const char *const *want, size_t n) {
  run_result r = {0};
  run_argv(&r, back_tool, HERE, in, NULL, args);
  if (expect_exit(name, &r, 0) &&
      (strcmp(r.out.data, "NO SOLUTION\n") || !err_lines(&r.err, want, n)))
    failure(name, "not proved as expected: stdout \"%s\", stderr \"%s\"",
            SHOW(r.out), SHOW(r.err));
  run_free(&r);
}

/* peg-back ARGS refuses: exit 1, nothing on standard output, one line on
 * standard error that starts with want (is want, if it ends in a
 * newline). */
static void expect_refused(const char *name, const char *const *args,
                           const char *in, const char *want) {
  run_result r = {0};
  run_argv(&r, back_tool, HERE, in, NULL, args);
  if (expect_exit(name, &r, 1) && expect_empty(name, "stdout", &r.out) &&
      expect_one_line(name, &r.err) && !err_lines(&r.err, &want, 1))
    failure(name, "stderr \"%s\", expected \"%s\"", SHOW(r.err),
            SHOW_STR(want));
  run_free(&r);
}

/* The first lines of text that hold at most a half of its bytes, cut at a
 * line's end (or, with mid_line, inside the next line), into path. */
static void write_truncated(const char *path, const buffer *text,
                            bool mid_line) {
  size_t cut = text->len / 2;
  while (cut > 0 && text->data[cut - 1] != '\n')
    cut--;
  if (mid_line)
    cut += 2;
  write_file(path, text->data, cut);
}

/* The answer of dpll with the key kept and the model replaced by a lone 0:
 * { echo 0; sed -n '/^peg-key/,$p' ANSWER; }. */
static void write_forged(const char *path, const buffer *answer) {
  const char *key = strstr(answer->data, "\npeg-key");
  assert_non_null(key);
  buffer forged = {0};
  buffer_str(&forged, "0");
  buffer_add(&forged, key, answer->len - (size_t)(key - answer->data));
  write_file(path, forged.data, forged.len);
  buffer_free(&forged);
}

/* A board with no play (pegcheck counts none; the position classes do not
 * show it; unsolvable_board), through dpll --proof: proved in text and
 * binary, from a file and from standard input, in DIMACS with --key; a
 * truncated proof refused. */
static void check_genuine_proofs(buffer *proof_text) {
  char clauses[4096], answer[4096], proof[4096], binary[4096], cnf[4096],
      dimacs_answer[4096], cut[4096], out[4096], html[4096], want[4600],
      path[4096];
  const char *file = unsolvable_board(path);
  pc_board judge;
  judge_from_file(&judge, file, -1);
  if (pc_count_plays(&judge))
    failure(file, "pegcheck finds plays: not a board without a solution");
  pc_board_free(&judge);
  scratch("proof.drat", proof);
  scratch("proof.bdrat", binary);
  scratch("unsat-answer.txt", answer);
  const char *front[] = {file, NULL}, *dimacs[] = {"--dimacs", file, NULL};
  const char *text_proof[] = {"--proof", proof, NULL};
  const char *binary_proof[] = {"--proof", binary, "--proof-format", "binary",
                                NULL};
  if (!solve(file, front, text_proof, 0, scratch("unsat.txt", clauses),
             answer) ||
      !solve(file, front, binary_proof, 0, clauses, answer) ||
      !solve(file, dimacs, text_proof, 20, scratch("unsat.cnf", cnf),
             scratch("unsat-dimacs-answer.txt", dimacs_answer)))
    return;
  assert_true(read_file(proof, proof_text));
  buffer bin = {0};
  assert_true(read_file(binary, &bin));
  if (bin.len == 0 || !memchr(bin.data, 0, bin.len))
    failure("dpll --proof-format binary", "the proof is not binary");
  buffer_free(&bin);
  static const char proved[] = "peg-back: no solution: proved: the DRAT "
                               "proof %s refutes the board's own clauses, "
                               "rebuilt from the key (";
  const char *line[1] = {want};
  snprintf(want, sizeof want, proved, proof);
  expect_proved("text proof",
                (const char *[]){"--check-proof", proof, answer, NULL}, NULL,
                line, 1);
  expect_proved("the answer on standard input, as in a pipe",
                (const char *[]){"--check-proof", proof, NULL}, answer, line,
                1);
  expect_proved("--dimacs, --key",
                (const char *[]){"--key", cnf, "--check-proof", proof,
                                 dimacs_answer, NULL},
                NULL, line, 1);
  snprintf(want, sizeof want, proved, binary);
  expect_proved("binary proof",
                (const char *[]){"--check-proof", binary, answer, NULL}, NULL,
                line, 1);
  snprintf(want, sizeof want, proved, "<stdin>");
  expect_proved("the proof on standard input",
                (const char *[]){"--check-proof", "-", answer, NULL}, proof,
                line, 1);

  /* A truncated proof of the right board: refused, and no output or page
   * made. */
  write_truncated(scratch("cut.drat", cut), proof_text, false);
  snprintf(want, sizeof want,
           "peg-back: %s: the proof does not refute the board's clauses: no "
           "empty clause: the proof's ",
           cut);
  scratch("not-created.txt", out);
  scratch("not-created.html", html);
  expect_refused(
      "a truncated proof",
      (const char *[]){"--check-proof", cut, "--html", html, answer, out, NULL},
      NULL, want);
  if (exists(out) || exists(html))
    failure("a truncated proof", "an output or a page was written");
  write_truncated(cut, proof_text, true);
  snprintf(want, sizeof want, "peg-back: %s: step ", cut);
  expect_refused("a proof cut inside a line",
                 (const char *[]){"--check-proof", cut, answer, NULL}, NULL,
                 want);
}

/* The position classes rule the goal out: the clauses hold the empty
 * clause, which refutes them whatever the proof. */
static void check_classes_proof(void) {
  char clauses[4096], answer[4096], proof[4096], want[4600];
  const char *front[] = {"-b", "triangle4", "-e", "5", NULL};
  const char *dpll[] = {"--proof", scratch("classes.drat", proof), NULL};
  pc_board judge;
  pc_board_triangle(&judge, 4, 5);
  if (pc_count_plays(&judge))
    failure("triangle4 -e 5", "pegcheck finds plays");
  pc_board_free(&judge);
  if (!solve("triangle4 -e 5", front, dpll, 0, scratch("classes.txt", clauses),
             scratch("classes-answer.txt", answer)))
    return;
  snprintf(want, sizeof want,
           "peg-back: no solution: proved: the board's own clauses, rebuilt "
           "from the key, are refuted by unit propagation alone (the proof "
           "%s is not needed)\n",
           proof);
  const char *lines[] = {
      want, "peg-back: no solution: the position classes rule it out: "};
  expect_proved("the position classes",
                (const char *[]){"--check-proof", proof, answer, NULL}, NULL,
                lines, 2);
}

/* A solvable board's answer, forged (the model replaced by a lone 0, or
 * "s UNSATISFIABLE" with --key): refused with an empty proof, the proofs
 * of other boards and a truncated one (proof_text: a genuine proof of
 * another board); bad proof files; the real answer's model replayed. */
static void check_forged(const buffer *proof_text) {
  buffer answer_text = {0};
  char clauses[4096], answer[4096], forged[4096], empty[4096], other[4096],
      cut[4096], bad[4096], want[4600], cnf[4096], sat_forged[4096];
  const char *front[] = {"-b", "triangle4", "-e", "2", NULL}, *none[] = {NULL};
  const char *dimacs[] = {"--dimacs", "-b", "triangle4", "-e", "2", NULL};
  pc_board judge;
  pc_board_triangle(&judge, 4, 2);
  if (!pc_count_plays(&judge))
    failure("triangle4 -e 2", "pegcheck finds no play");
  pc_board_free(&judge);
  if (!solve("triangle4 -e 2", front, none, 0, scratch("sat.txt", clauses),
             scratch("sat-answer.txt", answer)) ||
      !solve("triangle4 -e 2", dimacs, none, 10, scratch("sat.cnf", cnf),
             scratch("sat-dimacs-answer.txt", sat_forged)))
    return;
  assert_true(read_file(answer, &answer_text));
  write_forged(scratch("forged.txt", forged), &answer_text);
  write_file(sat_forged, "s UNSATISFIABLE\n", 16);
  /* Believed without a proof (the solver's word, said to be unchecked). */
  expect_proved("forged, no --check-proof", (const char *[]){forged, NULL},
                NULL,
                (const char *[]){"peg-back: no solution: the SAT solver "
                                 "answered that no play reaches the goal; "
                                 "that answer is not checked here"},
                1);
  write_file(scratch("empty.drat", empty), "", 0);
  snprintf(want, sizeof want,
           "peg-back: %s: the proof does not refute the board's clauses: no "
           "empty clause: the proof's 0 steps end without one\n",
           empty);
  expect_refused("forged, an empty proof",
                 (const char *[]){"--check-proof", empty, forged, NULL}, NULL,
                 want);
  const char *proofs[] = {scratch("proof.drat", other),
                          scratch("proof.bdrat", (char[4096]){0}),
                          scratch("classes.drat", (char[4096]){0})};
  write_truncated(scratch("forged-cut.drat", cut), proof_text, false);
  for (size_t k = 0; k < 4; k++) {
    const char *p = k < 3 ? proofs[k] : cut;
    snprintf(
        want, sizeof want,
        "peg-back: %s: the proof does not refute the board's clauses: ", p);
    expect_refused(
        k < 3 ? "forged, another board's proof" : "forged, a truncated proof",
        (const char *[]){"--check-proof", p, forged, NULL}, NULL, want);
    expect_refused(
        "forged s UNSATISFIABLE, --key",
        (const char *[]){"--key", cnf, "--check-proof", p, sat_forged, NULL},
        NULL, want);
  }

  /* Proofs that cannot be read or are malformed. */
  snprintf(want, sizeof want,
           "peg-back: %s: cannot read: ", scratch("no-such.drat", bad));
  expect_refused("no such proof file",
                 (const char *[]){"--check-proof", bad, forged, NULL}, NULL,
                 want);
  write_file(scratch("bad.drat", bad), "1 x 0\n", 6);
  snprintf(want, sizeof want,
           "peg-back: %s: step 1: proof line 1: expected a literal, found "
           "'x'\n",
           bad);
  expect_refused("a malformed proof",
                 (const char *[]){"--check-proof", bad, forged, NULL}, NULL,
                 want);
  expect_refused("the answer and the proof both on standard input",
                 (const char *[]){"--check-proof", "-", NULL}, forged,
                 "peg-back: the answer and the proof cannot both come from "
                 "standard input");

  /* A model: replayed as without the option, the proof not read. */
  run_result r = {0};
  char why[300];
  const char *args[] = {"--check-proof", scratch("no-such.drat", bad), answer,
                        NULL};
  run_argv(&r, back_tool, HERE, NULL, NULL, args);
  snprintf(want, sizeof want,
           "peg-back: the answer has a model, checked by replaying it: the "
           "proof %s is not needed and was not read\n",
           bad);
  pc_board_triangle(&judge, 4, 2);
  if (expect_exit("a model and --check-proof", &r, 0) &&
      (!pc_replay_text(&judge, r.out.data, r.out.len, why, sizeof why) ||
       strcmp(r.err.data, want)))
    failure("a model and --check-proof", "stdout \"%s\" (%s), stderr \"%s\"",
            SHOW(r.out), why, SHOW(r.err));
  pc_board_free(&judge);
  run_free(&r);
  buffer_free(&answer_text);
}

static void test_check_proof(void **state) {
  (void)state;
  begin_cases();
  buffer proof_text = {0};
  check_genuine_proofs(&proof_text);
  check_classes_proof();
  check_forged(&proof_text);
  buffer_free(&proof_text);
  end_cases("--check-proof");
}

/* Every file in tests/data/peg is used: the tables above name each board
 * file; bad/ and back-bad/ are checked by their own tests. */
static void test_data_files_used(void **state) {
  (void)state;
  begin_cases();
  static const char *const used[] = {
      "bad",
      "back-bad",
      "four-holes.txt",
      "square4.txt",
      "triangle4.txt",
      "triangle4-free.txt",
      "triangle4-untidy.txt",
      "triangle5-corners-left.txt",
      "triangle5-end-in-start-hole.txt",
      "triangle5-goal-13.txt",
      "triangle5-goal-5-unreachable.txt",
      "triangle5-middle-rows.txt",
      "triangle5-no-jump-needed.txt",
      "triangle5-no-jump-wrong-goal.txt",
      "triangle5-three-pegs-left.txt",
      "triangle5-top-rows-unreachable.txt",
  };
  size_t n, k = sizeof used / sizeof *used;
  char **names = list_dir(data_dir, &n);
  for (size_t i = 0; i < n; i++) {
    bool found = false;
    for (size_t j = 0; j < k && !found; j++)
      found = !strcmp(names[i], used[j]);
    if (!found)
      failure(names[i], "file in tests/data/peg that no test uses");
  }
  for (size_t j = 0; j < k; j++)
    if (!has_name(names, n, used[j]))
      failure(used[j], "missing from tests/data/peg");
  free_names(names, n);
  end_cases("data file");
}

/* ---- Main -------------------------------------------------------------------
 */

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr,
            "usage: %s PEG-FRONT DPLL PEG-BACK PATH-TO-TESTS-DATA-PEG\n",
            argv[0]);
    return 2;
  }
  front_tool = absolute(argv[1]);
  dpll_tool = absolute(argv[2]);
  back_tool = absolute(argv[3]);
  data_dir = absolute(argv[4]);
  if (!front_tool || !dpll_tool || !back_tool || !data_dir ||
      access(front_tool, X_OK) || access(dpll_tool, X_OK) ||
      access(back_tool, X_OK)) {
    fprintf(stderr, "test_peg_tools: bad tool paths or data directory\n");
    return 2;
  }
  clitest_program = "test_peg_tools";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);
  /* To run some tests only: PEG_TOOLS_TESTS=test_draw (a pattern, '*' and
   * '?' allowed). */
  const char *only = getenv("PEG_TOOLS_TESTS");
  if (only && *only)
    cmocka_set_test_filter(only);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_data_files_used),
      cmocka_unit_test(test_bad_boards),
      cmocka_unit_test(test_bad_answers),
      cmocka_unit_test(test_usage_errors),
      cmocka_unit_test(test_help_version_list),
      cmocka_unit_test(test_catalogue),
      cmocka_unit_test(test_dimacs),
      cmocka_unit_test(test_write_board),
      cmocka_unit_test(test_triangle4),
      cmocka_unit_test(test_triangle5),
      cmocka_unit_test(test_at_most_one),
      cmocka_unit_test(test_free_start),
      cmocka_unit_test(test_four_holes),
      cmocka_unit_test(test_small_triangles),
      cmocka_unit_test(test_advanced),
      cmocka_unit_test(test_no_at_least_one),
      cmocka_unit_test(test_redundant_options),
      cmocka_unit_test(test_stdin_and_output),
      cmocka_unit_test(test_draw),
      cmocka_unit_test(test_check_proof),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "test-peg-tools", &tmp_dir);
  free(front_tool);
  free(dpll_tool);
  free(back_tool);
  free(data_dir);
  buffer_free(&front_key);
  return rc;
}
