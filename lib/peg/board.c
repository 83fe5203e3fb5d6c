/* board.c - boards (holes, triples, start, goal, positions), and writing
 * them as board files (parse.c reads them). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The board -------------------------------------------------------------
 */

peg_board *peg_board_new(int holes) {
  if (holes < 1 || holes > PEG_MAX_HOLES)
    return NULL;
  peg_board *b = calloc(1, sizeof *b);
  if (!b)
    return NULL;
  size_t n = (size_t)holes + 1;
  b->holes = holes;
  b->start = calloc(n, 1);
  b->goal = calloc(n, 1);
  b->row = calloc(n, sizeof *b->row);
  b->col = calloc(n, sizeof *b->col);
  if (!b->start || !b->goal || !b->row || !b->col) {
    peg_board_free(b);
    return NULL;
  }
  peg_board_set_empty(b, 1);
  return b;
}

void peg_board_free(peg_board *b) {
  if (!b)
    return;
  COMMON_FREE_ALL(b->triples, b->triple_keys, b->start, b->goal, b->row, b->col,
                  b);
}

/* A triple's key, the same for a b c and c b a; 0 is never a key. */
static uint64_t triple_key(int a, int over, int c) {
  uint64_t lo = (uint64_t)(a < c ? a : c), hi = (uint64_t)(a < c ? c : a);
  return (lo << 32) | (hi << 16) | (uint64_t)over;
}

static size_t key_slot(uint64_t key, size_t cap) {
  key ^= key >> 29;
  key *= 0xBF58476D1CE4E5B9ULL;
  key ^= key >> 32;
  return (size_t)key & (cap - 1);
}

/* The set maps a triple's key to its index: slot i holds the key in
 * triple_keys[2i] (0: free) and the index in triple_keys[2i + 1]. */
static long key_find(const peg_board *b, uint64_t key) {
  if (!b->keys_cap)
    return -1;
  for (size_t i = key_slot(key, b->keys_cap);;
       i = (i + 1) & (b->keys_cap - 1)) {
    uint64_t k = b->triple_keys[2 * i];
    if (k == 0)
      return -1;
    if (k == key)
      return (long)b->triple_keys[2 * i + 1];
  }
}

static void key_insert(peg_board *b, uint64_t key, size_t index) {
  size_t i = key_slot(key, b->keys_cap);
  while (b->triple_keys[2 * i])
    i = (i + 1) & (b->keys_cap - 1);
  b->triple_keys[2 * i] = key;
  b->triple_keys[2 * i + 1] = index;
}

/* Makes room for one more triple in the list and in the set.  The set
 * stays at most half full; when it grows, it is filled again from the
 * list, which holds every key. */
static int reserve_triple(peg_board *b) {
  void *triples = b->triples, *keys = b->triple_keys;
  size_t keys_cap = b->keys_cap;
  int rc = peg__grow(&triples, &b->triples_cap, b->num_triples + 1,
                     sizeof *b->triples);
  b->triples = triples;
  if (rc || (rc = peg__grow(&keys, &b->keys_cap, 2 * (b->num_triples + 1),
                            2 * sizeof *b->triple_keys)))
    return rc;
  b->triple_keys = keys;
  if (b->keys_cap != keys_cap) {
    memset(b->triple_keys, 0, b->keys_cap * 2 * sizeof *b->triple_keys);
    for (size_t t = 0; t < b->num_triples; t++)
      key_insert(
          b, triple_key(b->triples[t][0], b->triples[t][1], b->triples[t][2]),
          t);
  }
  return 0;
}

static bool hole_ok(const peg_board *b, int h) {
  return h >= 1 && h <= b->holes;
}

int peg_board_add_triple(peg_board *b, int a, int over, int c) {
  if (!b)
    return PEG_EINVAL;
  if (!hole_ok(b, a) || !hole_ok(b, over) || !hole_ok(b, c))
    return PEG_EHOLE;
  if (a == over || a == c || over == c)
    return PEG_ETRIPLE;
  uint64_t key = triple_key(a, over, c);
  if (key_find(b, key) >= 0)
    return PEG_EDUPLICATE;
  int rc = reserve_triple(b);
  if (rc)
    return rc;
  b->triples[b->num_triples][0] = a;
  b->triples[b->num_triples][1] = over;
  b->triples[b->num_triples][2] = c;
  key_insert(b, key, b->num_triples);
  b->num_triples++;
  return 0;
}

long peg__find_jump(const peg_board *b, int from, int over, int to) {
  if (!hole_ok(b, from) || !hole_ok(b, over) || !hole_ok(b, to))
    return -1;
  long t = key_find(b, triple_key(from, over, to));
  if (t < 0 || from == to)
    return -1;
  return 2 * t + (b->triples[t][0] == from ? 0 : 1);
}

peg_board *peg_board_copy(const peg_board *b) {
  if (!b)
    return NULL;
  peg_board *c = peg_board_new(b->holes);
  if (!c)
    return NULL;
  for (size_t t = 0; t < b->num_triples; t++)
    if (peg_board_add_triple(c, b->triples[t][0], b->triples[t][1],
                             b->triples[t][2])) {
      peg_board_free(c);
      return NULL;
    }
  size_t n = (size_t)b->holes + 1;
  c->free_start = b->free_start;
  c->goal_given = b->goal_given;
  c->layout = b->layout;
  memcpy(c->start, b->start, n);
  memcpy(c->goal, b->goal, n);
  memcpy(c->row, b->row, n * sizeof *c->row);
  memcpy(c->col, b->col, n * sizeof *c->col);
  return c;
}

int peg_board_set_empty(peg_board *b, int hole) {
  if (!b)
    return PEG_EINVAL;
  if (hole != 0 && !hole_ok(b, hole))
    return PEG_EHOLE;
  b->free_start = hole == 0;
  for (int h = 1; h <= b->holes; h++)
    b->start[h] = h != hole;
  return 0;
}

/* Sets set[1..holes] to exactly the listed holes. */
static int set_holes(const peg_board *b, unsigned char *set, const int *holes,
                     size_t n) {
  if (n && !holes)
    return PEG_EINVAL;
  for (size_t i = 0; i < n; i++)
    if (!hole_ok(b, holes[i]))
      return PEG_EHOLE;
  memset(set, 0, (size_t)b->holes + 1);
  for (size_t i = 0; i < n; i++)
    set[holes[i]] = 1;
  return 0;
}

int peg_board_set_start(peg_board *b, const int *holes, size_t n) {
  if (!b)
    return PEG_EINVAL;
  int rc = set_holes(b, b->start, holes, n);
  if (!rc)
    b->free_start = false;
  return rc;
}

int peg_board_set_goal(peg_board *b, const int *holes, size_t n) {
  if (!b)
    return PEG_EINVAL;
  int rc = set_holes(b, b->goal, holes, n);
  if (!rc)
    b->goal_given = n > 0;
  return rc;
}

int peg_board_set_layout(peg_board *b, int layout) {
  if (!b || layout < PEG_LAYOUT_NONE || layout > PEG_LAYOUT_SQUARE)
    return PEG_EINVAL;
  b->layout = layout;
  return 0;
}

int peg_board_set_position(peg_board *b, int hole, int row, int column) {
  if (!b)
    return PEG_EINVAL;
  if (!hole_ok(b, hole))
    return PEG_EHOLE;
  if (row < 1 || column < 1 || row > PEG_MAX_HOLES || column > PEG_MAX_HOLES ||
      (b->layout == PEG_LAYOUT_TRIANGLE && column > row))
    return PEG_EPOSITION;
  b->row[hole] = row;
  b->col[hole] = column;
  return 0;
}

int peg_board_holes(const peg_board *b) { return b ? b->holes : 0; }

size_t peg_board_num_triples(const peg_board *b) {
  return b ? b->num_triples : 0;
}

int peg_board_triple(const peg_board *b, size_t i, int abc[3]) {
  if (!b || !abc || i >= b->num_triples)
    return PEG_EINVAL;
  memcpy(abc, b->triples[i], sizeof b->triples[i]);
  return 0;
}

int peg_board_start(const peg_board *b, int hole) {
  if (!b || !hole_ok(b, hole))
    return PEG_EHOLE;
  return b->free_start ? -1 : b->start[hole];
}

int peg_board_goal(const peg_board *b, int hole) {
  if (!b || !hole_ok(b, hole))
    return PEG_EHOLE;
  return b->goal_given ? b->goal[hole] : -1;
}

static int count(const peg_board *b, const unsigned char *set) {
  int n = 0;
  for (int h = 1; h <= b->holes; h++)
    n += set[h];
  return n;
}

int peg_board_start_pegs(const peg_board *b) {
  if (!b)
    return 0;
  return b->free_start ? b->holes - 1 : count(b, b->start);
}

int peg_board_goal_pegs(const peg_board *b) {
  if (!b)
    return 0;
  return b->goal_given ? count(b, b->goal) : 1;
}

int peg_board_layout(const peg_board *b) {
  return b ? b->layout : PEG_LAYOUT_NONE;
}

int peg_board_position(const peg_board *b, int hole, int *row, int *column) {
  if (!b || !hole_ok(b, hole))
    return PEG_EHOLE;
  if (!b->row[hole])
    return PEG_EPOSITION;
  if (row)
    *row = b->row[hole];
  if (column)
    *column = b->col[hole];
  return 0;
}

/* The first hole whose position repeats an earlier hole's (that one in
 * *first), 0 if none, -1 if memory runs out.  Positions go through a small
 * open-addressing set of (row, column) keys with their holes. */
static int repeated_position(const peg_board *b, int *first) {
  size_t cap = 1;
  while (cap < 2 * (size_t)b->holes)
    cap *= 2;
  uint64_t *seen = calloc(2 * cap, sizeof *seen); /* key, hole */
  if (!seen)
    return -1;
  int found = 0;
  for (int h = 1; h <= b->holes && !found; h++) {
    uint64_t key = ((uint64_t)b->row[h] << 20 | (uint64_t)b->col[h]) + 1;
    size_t i = key_slot(key, cap);
    while (seen[2 * i] && seen[2 * i] != key)
      i = (i + 1) & (cap - 1);
    if (seen[2 * i]) {
      found = h;
      *first = (int)seen[2 * i + 1];
    }
    seen[2 * i] = key;
    seen[2 * i + 1] = (uint64_t)h;
  }
  free(seen);
  return found;
}

int peg__board_check(const peg_board *b, peg_error *err, int *hole) {
  *hole = 0;
  int start = peg_board_start_pegs(b), goal = peg_board_goal_pegs(b);
  if (goal > start)
    return peg__fail(err, PEG_EGOAL, 0, 0,
                     "the goal has more pegs (%d) than the start (%d)", goal,
                     start);
  if (b->layout != PEG_LAYOUT_NONE) {
    for (int h = 1; h <= b->holes; h++)
      if (!b->row[h])
        return peg__fail(err, PEG_EPOSITION, 0, 0,
                         "hole %d has no position (with a layout, every "
                         "hole needs one)",
                         h);
    int other = 0, h = repeated_position(b, &other);
    if (h < 0)
      return peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
    if (h > 0) {
      *hole = h;
      return peg__fail(err, PEG_EPOSITION, 0, 0,
                       "hole %d is at row %d column %d, where hole %d is", h,
                       b->row[h], b->col[h], other);
    }
  }
  return 0;
}

int peg_board_check(const peg_board *b, peg_error *err) {
  int hole;
  return b ? peg__board_check(b, err, &hole) : PEG_EINVAL;
}

/* ---- Writing a board file
 * ----------------------------------------------------- */

static void put_set(common_text *t, const char *word, const peg_board *b,
                    const unsigned char *set) {
  common__text_printf(t, "%s", word);
  for (int h = 1; h <= b->holes; h++)
    if (set[h])
      common__text_printf(t, " %d", h);
  common__text_put(t, "\n", 1);
}

char *peg_board_text(const peg_board *b, size_t *size) {
  if (!b)
    return NULL;
  common_text t = {0};
  /* One empty hole can be said on the first line; anything else needs a
   * start line. */
  int empty = 0, empties = 0;
  for (int h = 1; h <= b->holes; h++)
    if (!b->start[h]) {
      empty = h;
      empties++;
    }
  bool simple = b->free_start || empties == 1;
  common__text_printf(&t, "%d %d\n", b->holes,
                      b->free_start || !simple ? 0 : empty);
  if (!simple)
    put_set(&t, "start", b, b->start);
  if (b->goal_given)
    put_set(&t, "goal", b, b->goal);
  if (b->layout != PEG_LAYOUT_NONE) {
    common__text_printf(&t, "layout %s\n",
                        b->layout == PEG_LAYOUT_TRIANGLE ? "triangle"
                                                         : "square");
    for (int h = 1; h <= b->holes; h++)
      if (b->row[h])
        common__text_printf(&t, "at %d %d %d\n", h, b->row[h], b->col[h]);
  }
  for (size_t i = 0; i < b->num_triples; i++)
    common__text_printf(&t, "%d %d %d\n", b->triples[i][0], b->triples[i][1],
                        b->triples[i][2]);
  return common__text_finish(&t, size);
}
