/* internal.h - libmaze's private structures and the calls between its
 * files. */
#ifndef MAZE_INTERNAL_H_INCLUDED
#define MAZE_INTERNAL_H_INCLUDED

#include "maze.h"

#include "../common/util.h"

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The word that says "no treasure" (and, alone on the second line, "no
 * treasures"); never a name. */
#define MAZE__NONE "NONE"

/* The node where the player starts. */
#define MAZE__START "START"

/* ---- lib/common/util.c ----------------------------------------------------
 * Errors and growth below; growable text (common_text), blanks and input in
 * messages (common__printable) are used as they are. */

/* maze_error is lib/common's error struct: maze__fail(err, code, line,
 * column, fmt, ...) fills in err (NULL: nothing) with the printf-style
 * message and the position, and returns code. */
COMMON_ERROR_LIKE(maze_error);
static inline void *maze__error(maze_error *err) { return err; }
#define maze__fail(err, ...) common__fail(maze__error(err), __VA_ARGS__)

/* Makes room for need elements of elem bytes in *p, which holds *cap: on
 * success *p and *cap may change (the elements kept); MAZE_ENOMEM (also
 * when the bytes overflow a size_t) leaves both as they were. */
static inline int maze__grow(void **p, size_t *cap, size_t need, size_t elem) {
  return common__grow(p, cap, need, elem) ? MAZE_ENOMEM : 0;
}

/* ---- util.c -------------------------------------------------------------- */

/* A set of names, each numbered in the order added: an open-addressing
 * hash table over the names. */
typedef struct maze_names {
  char **name; /* [count]: own copies, NUL-terminated */
  int count;
  size_t cap;
  int *slots; /* index + 1, 0 for an empty slot */
  size_t mask;
} maze_names;

/* The number of name s[0..len-1], or -1. */
int maze__names_find(const maze_names *n, const char *s, size_t len);

/* Adds s[0..len-1] as number n->count.  Returns that number, or
 * MAZE_ENOMEM. */
int maze__names_add(maze_names *n, const char *s, size_t len);

void maze__names_free(maze_names *n);

/* ---- puzzle.c ------------------------------------------------------------ */

struct maze_puzzle {
  maze_names nodes, treasures;
  int *treasure_at; /* [nodes]: the treasure at each node, or -1 */
  int *link_start;  /* [nodes + 1]: node v's links are links[link_start[v]..
                       link_start[v + 1] - 1] */
  int *links;
  int steps;   /* K */
  int *wanted; /* [num_wanted]: treasure numbers */
  int num_wanted;
  int start; /* START's node number */
};

/* ---- parse.c ------------------------------------------------------------- */

/* maze_puzzle_parse with line numbers shifted: the text's first line is
 * line line0. */
int maze__puzzle_parse(const char *text, size_t size, long line0,
                       maze_puzzle **out, maze_error *err);

/* ---- encode.c ------------------------------------------------------------ */

struct maze_encoding {
  maze_puzzle *puzzle; /* own copy */
  int prune;           /* options (encode.c's MAZE_OPTIONS) */
  /* The layout the options give (encode.c's layout()). */
  int nodes, steps;
  int *dist;       /* [nodes]: moves from START; INT_MAX if unreachable;
                      0 for every node without pruning */
  int *order;      /* [nodes]: the nodes by (dist, number) */
  int *pos;        /* [nodes]: each node's place in order */
  int *live;       /* [steps + 1]: nodes with an AT atom at time I, which
                      are order[0 .. live[I] - 1] */
  int kept;        /* treasures with HAS atoms */
  int *kept_index; /* [treasures]: place among the kept, or -1 */
  int *kept_list;  /* [kept]: treasure numbers */
  int64_t *base;   /* [steps + 2]: the atoms before time I */
  int atoms;
};

/* The atom AT_N_I or HAS_T_I, or 0 if it does not exist.  A node within
 * I moves is among the live[I] first of order, so its atom is below the
 * HAS atoms of time I. */
static inline int maze__at(const maze_encoding *e, int node, int time) {
  assert(node >= 0 && node < e->nodes && time >= 0 && time <= e->steps);
  if (e->dist[node] > time)
    return 0;
  assert(e->pos[node] < e->live[time]);
  return (int)e->base[time] + e->pos[node] + 1;
}

static inline int maze__has(const maze_encoding *e, int treasure, int time) {
  assert(treasure >= 0 && treasure < e->puzzle->treasures.count);
  assert(time >= 0 && time <= e->steps);
  int k = e->kept_index[treasure];
  return k >= 0 ? (int)e->base[time] + e->live[time] + k + 1 : 0;
}

/* ---- key.c --------------------------------------------------------------- */

/* maze_key_parse with line numbers shifted by line0 (the key's first
 * line). */
int maze__key_parse(const char *text, size_t size, long line0,
                    maze_encoding **out, maze_error *err);

#endif /* MAZE_INTERNAL_H_INCLUDED */
