/* pegcheck.c - replay and exhaustive search of peg-solitaire plays for the
 * tests, written independently of libpeg. */
#include "pegcheck.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *must(void *p) {
  if (!p) {
    fputs("pegcheck: out of memory\n", stderr);
    abort();
  }
  return p;
}

static int say(char *why, size_t size, const char *fmt, ...) {
  if (why && size) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
  }
  return 0;
}

static void add_triple(pc_board *b, int a, int o, int c) {
  b->triples = must(
      realloc(b->triples, (size_t)(b->num_triples + 1) * sizeof *b->triples));
  b->triples[b->num_triples][0] = a;
  b->triples[b->num_triples][1] = o;
  b->triples[b->num_triples][2] = c;
  b->num_triples++;
}

static void init(pc_board *b, int holes, int empty) {
  memset(b, 0, sizeof *b);
  b->holes = holes;
  b->free_start = empty == 0;
  for (int h = 1; h <= holes; h++)
    b->start[h] = h != empty;
}

void pc_board_free(pc_board *b) {
  free(b->triples);
  b->triples = NULL;
  b->num_triples = 0;
}

int pc_board_read(const char *text, size_t size, pc_board *b, char *why,
                  size_t why_size) {
  char *copy = must(malloc(size + 1));
  memcpy(copy, text, size);
  copy[size] = '\0';
  int first = 1, ok = 1, line_no = 0;
  memset(b, 0, sizeof *b);
  for (char *line = copy, *next; line && ok; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = '\0';
    line_no++;
    char *hash = strchr(line, '#');
    if (hash)
      *hash = '\0';
    char *words[80];
    int n = 0;
    for (char *w = strtok(line, " \t\r"); w && n < 80;
         w = strtok(NULL, " \t\r"))
      words[n++] = w;
    if (n == 0)
      continue;
    if (first) {
      if (n != 2 || atoi(words[0]) < 1 || atoi(words[0]) > 64) {
        ok = say(why, why_size, "line %d: bad first line", line_no);
        break;
      }
      init(b, atoi(words[0]), atoi(words[1]));
      first = 0;
    } else if (!strcmp(words[0], "start") || !strcmp(words[0], "goal")) {
      int start = words[0][0] == 's';
      unsigned char *set = start ? b->start : b->goal;
      memset(set, 0, 65);
      for (int i = 1; i < n; i++) {
        int h = atoi(words[i]);
        if (h < 1 || h > b->holes)
          ok = say(why, why_size, "line %d: hole %d", line_no, h);
        else
          set[h] = 1;
      }
      if (start)
        b->free_start = 0;
      else
        b->goal_given = 1;
    } else if (!strcmp(words[0], "layout") || !strcmp(words[0], "at")) {
      continue;
    } else if (n == 3) {
      add_triple(b, atoi(words[0]), atoi(words[1]), atoi(words[2]));
    } else
      ok = say(why, why_size, "line %d: not understood", line_no);
  }
  free(copy);
  if (first && ok)
    ok = say(why, why_size, "no first line");
  return ok;
}

void pc_board_triangle(pc_board *b, int rows, int empty) {
  init(b, rows * (rows + 1) / 2, empty);
  /* Hole at row r, column c (1 <= c <= r) is r(r-1)/2 + c. */
#define AT(r, c) ((r) * ((r)-1) / 2 + (c))
  for (int r = 1; r <= rows; r++)
    for (int c = 1; c <= r; c++) {
      if (c + 2 <= r) /* along the row */
        add_triple(b, AT(r, c), AT(r, c + 1), AT(r, c + 2));
      if (r + 2 <= rows) { /* down the left edge's direction */
        add_triple(b, AT(r, c), AT(r + 1, c), AT(r + 2, c));
        add_triple(b, AT(r, c), AT(r + 1, c + 1), AT(r + 2, c + 2));
      }
    }
#undef AT
}

void pc_board_english(pc_board *b) {
  int number[8][8] = {{0}}, n = 0;
  for (int r = 1; r <= 7; r++)
    for (int c = 1; c <= 7; c++)
      if ((r >= 3 && r <= 5) || (c >= 3 && c <= 5))
        number[r][c] = ++n;
  init(b, n, number[4][4]);
  for (int r = 1; r <= 7; r++)
    for (int c = 1; c <= 7; c++) {
      if (c + 2 <= 7 && number[r][c] && number[r][c + 1] && number[r][c + 2])
        add_triple(b, number[r][c], number[r][c + 1], number[r][c + 2]);
      if (r + 2 <= 7 && number[r][c] && number[r + 1][c] && number[r + 2][c])
        add_triple(b, number[r][c], number[r + 1][c], number[r + 2][c]);
    }
}

/* Whether (from, over, to) is a jump of the board. */
static int is_jump(const pc_board *b, int from, int over, int to) {
  for (int t = 0; t < b->num_triples; t++) {
    const int *x = b->triples[t];
    if (x[1] == over &&
        ((x[0] == from && x[2] == to) || (x[2] == from && x[0] == to)))
      return 1;
  }
  return 0;
}

static int at_goal(const pc_board *b, const unsigned char *pegs) {
  int count = 0;
  for (int h = 1; h <= b->holes; h++) {
    count += pegs[h];
    if (b->goal_given && pegs[h] != b->goal[h])
      return 0;
  }
  return b->goal_given || count == 1;
}

int pc_replay(const pc_board *b, const int (*jumps)[3], int n, char *why,
              size_t why_size) {
  unsigned char pegs[65];
  for (int h = 1; h <= b->holes; h++)
    pegs[h] = b->free_start ? (n == 0 || h != jumps[0][2]) : b->start[h];
  for (int i = 0; i < n; i++) {
    int f = jumps[i][0], o = jumps[i][1], t = jumps[i][2];
    if (f < 1 || f > b->holes || o < 1 || o > b->holes || t < 1 ||
        t > b->holes || !is_jump(b, f, o, t))
      return say(why, why_size, "jump %d (%d,%d,%d) is not a jump of the board",
                 i + 1, f, o, t);
    if (!pegs[f] || !pegs[o] || pegs[t])
      return say(why, why_size, "jump %d (%d,%d,%d) is not legal there", i + 1,
                 f, o, t);
    pegs[f] = pegs[o] = 0;
    pegs[t] = 1;
  }
  if (!at_goal(b, pegs))
    return say(why, why_size, "the end is not the goal");
  return 1;
}

int pc_replay_text(const pc_board *b, const char *text, size_t size, char *why,
                   size_t why_size) {
  int(*jumps)[3] = NULL;
  int n = 0, ok = 1;
  size_t pos = 0;
  while (pos < size && ok) {
    const char *line = text + pos, *end = memchr(line, '\n', size - pos);
    if (!end) {
      ok = say(why, why_size, "line %d has no newline", n + 1);
      break;
    }
    int f, o, t, i, used = 0;
    char buf[64];
    size_t len = (size_t)(end - line);
    if (len >= sizeof buf) {
      ok = say(why, why_size, "line %d is too long", n + 1);
      break;
    }
    memcpy(buf, line, len);
    buf[len] = '\0';
    if (sscanf(buf, "Jump(%d,%d,%d,%d)%n", &f, &o, &t, &i, &used) != 4 ||
        (size_t)used != len || i != n + 1) {
      ok = say(why, why_size, "line %d is not Jump(A,B,C,%d): '%s'", n + 1,
               n + 1, buf);
      break;
    }
    jumps = must(realloc(jumps, (size_t)(n + 1) * sizeof *jumps));
    jumps[n][0] = f;
    jumps[n][1] = o;
    jumps[n][2] = t;
    n++;
    pos = (size_t)(end - text) + 1;
  }
  if (ok)
    ok = pc_replay(b, (const int(*)[3])jumps, n, why, why_size);
  free(jumps);
  return ok;
}

/* ---- Exhaustive counting: states are bitmasks, results memoised. ---- */

typedef struct memo {
  uint64_t *keys, *values;
  size_t cap, used;
} memo;

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

static int memo_find(memo *m, uint64_t key, uint64_t *value) {
  for (size_t i = mix(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (m->keys[i] == 0)
      return 0;
    if (m->keys[i] == key + 1) {
      *value = m->values[i];
      return 1;
    }
  }
}

static void memo_put(memo *m, uint64_t key, uint64_t value) {
  if (2 * (m->used + 1) > m->cap) {
    memo bigger = {must(calloc(2 * m->cap, 8)), must(calloc(2 * m->cap, 8)),
                   2 * m->cap, 0};
    for (size_t i = 0; i < m->cap; i++)
      if (m->keys[i])
        memo_put(&bigger, m->keys[i] - 1, m->values[i]);
    free(m->keys);
    free(m->values);
    *m = bigger;
  }
  size_t i = mix(key) & (m->cap - 1);
  while (m->keys[i])
    i = (i + 1) & (m->cap - 1);
  m->keys[i] = key + 1;
  m->values[i] = value;
  m->used++;
}

static uint64_t bit(int h) { return 1ULL << (h - 1); }

static uint64_t count_from(const pc_board *b, uint64_t pegs, int left,
                           memo *m) {
  if (left == 0) {
    unsigned char state[65];
    for (int h = 1; h <= b->holes; h++)
      state[h] = (pegs & bit(h)) != 0;
    return (uint64_t)at_goal(b, state);
  }
  uint64_t found;
  if (memo_find(m, pegs, &found))
    return found;
  uint64_t total = 0;
  for (int t = 0; t < b->num_triples; t++)
    for (int d = 0; d < 2; d++) {
      int f = b->triples[t][d ? 2 : 0], o = b->triples[t][1],
          to = b->triples[t][d ? 0 : 2];
      if ((pegs & bit(f)) && (pegs & bit(o)) && !(pegs & bit(to)))
        total +=
            count_from(b, (pegs & ~bit(f) & ~bit(o)) | bit(to), left - 1, m);
    }
  memo_put(m, pegs, total);
  return total;
}

/* Whether jumps x and y (2 * triple + direction) touch six different
 * holes. */
static int independent(const pc_board *b, int x, int y) {
  const int *p = b->triples[x / 2], *q = b->triples[y / 2];
  for (int i = 0; i < 3; i++)
    for (int k = 0; k < 3; k++)
      if (p[i] == q[k])
        return 0;
  return 1;
}

/* As count_from, counting only the plays in canonical order: a jump that
 * is independent of the one before it has a larger number.  last: the
 * number of the previous jump, -1 at the start.  The memo key holds the
 * pegs (at most 39 holes) and last. */
static uint64_t count_canonical(const pc_board *b, uint64_t pegs, int last,
                                int left, memo *m) {
  if (left == 0) {
    unsigned char state[65];
    for (int h = 1; h <= b->holes; h++)
      state[h] = (pegs & bit(h)) != 0;
    return (uint64_t)at_goal(b, state);
  }
  uint64_t key = pegs | ((uint64_t)(last + 1) << 40), found;
  if (memo_find(m, key, &found))
    return found;
  uint64_t total = 0;
  for (int t = 0; t < b->num_triples; t++)
    for (int d = 0; d < 2; d++) {
      int x = 2 * t + d;
      if (last >= 0 && x < last && independent(b, x, last))
        continue;
      int f = b->triples[t][d ? 2 : 0], o = b->triples[t][1],
          to = b->triples[t][d ? 0 : 2];
      if ((pegs & bit(f)) && (pegs & bit(o)) && !(pegs & bit(to)))
        total += count_canonical(b, (pegs & ~bit(f) & ~bit(o)) | bit(to), x,
                                 left - 1, m);
    }
  memo_put(m, key, total);
  return total;
}

uint64_t pc_count_plays(const pc_board *b) { return pc_count(b, 0); }

uint64_t pc_count(const pc_board *b, int canonical) {
  int goal_pegs = 1;
  if (b->goal_given) {
    goal_pegs = 0;
    for (int h = 1; h <= b->holes; h++)
      goal_pegs += b->goal[h];
  }
  uint64_t total = 0;
  for (int empty = 1; empty <= (b->free_start ? b->holes : 1); empty++) {
    uint64_t pegs = 0;
    int count = 0;
    for (int h = 1; h <= b->holes; h++)
      if (b->free_start ? h != empty : b->start[h]) {
        pegs |= bit(h);
        count++;
      }
    if (count < goal_pegs)
      continue;
    memo m = {must(calloc(1024, 8)), must(calloc(1024, 8)), 1024, 0};
    total += canonical ? count_canonical(b, pegs, -1, count - goal_pegs, &m)
                       : count_from(b, pegs, count - goal_pegs, &m);
    free(m.keys);
    free(m.values);
  }
  return total;
}
