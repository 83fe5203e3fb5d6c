/* mazecheck.h - an independent judge of treasure hunts for the tests: its
 * own reading of maze files, a breadth-first search for the fewest moves,
 * and replay of paths given by node names.  It shares no code with
 * libmaze and includes none of its headers. */
#ifndef DPLL_TESTS_MAZECHECK_H_INCLUDED
#define DPLL_TESTS_MAZECHECK_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>

#define MC_MAX_NODES 64
#define MC_MAX_TREASURES 16
#define MC_NAME 128

typedef struct mc_maze {
  int nodes, treasures;
  char node[MC_MAX_NODES][MC_NAME];
  char treasure[MC_MAX_TREASURES][MC_NAME];
  int treasure_at[MC_MAX_NODES];         /* -1: none */
  bool link[MC_MAX_NODES][MC_MAX_NODES]; /* link[a][b]: a may move to b */
  int start;
  int steps; /* K */
  int num_wanted;
  int wanted[MC_MAX_TREASURES];
} mc_maze;

/* Reads a maze file: '#' comments and blank lines skipped; the nodes, the
 * treasures (or NONE), "K wanted...", and a line per node.  Small mazes
 * only (the limits above).  Returns true, or false with why set. */
bool mc_read(const char *text, size_t size, mc_maze *m, char *why,
             size_t why_size);

/* The node called name, or -1. */
int mc_node(const mc_maze *m, const char *name);

/* The fewest moves (a stay is none) from START that pass a node holding
 * every wanted treasure, by breadth-first search over (node, treasures
 * got); -1 if no number of moves does. */
int mc_fewest_moves(const mc_maze *m);

/* The number of paths from START with at most K moves (a move goes to
 * another node; stays are not counted) that pass every wanted treasure:
 * the distinct answers with stays left out. */
long mc_count_paths(const mc_maze *m);

/* The number of timed paths: the node at each time 0..K, each step a stay
 * or a move along a link, passing every wanted treasure.  (With K = 2, the
 * timed paths START START C and START C C are two, the same path.) */
long mc_count_timed(const mc_maze *m);

/* Replays the path names[0..n-1]: it starts at START, each next node is
 * the same (a stay) or one the previous node links to, at most K moves,
 * and every wanted treasure passed.  Returns true, or false with why
 * set. */
bool mc_check_path(const mc_maze *m, const char *const *names, size_t n,
                   char *why, size_t why_size);

/* The same for one line of blank-separated node names (a newline at its
 * end is allowed). */
bool mc_check_line(const mc_maze *m, const char *line, size_t len, char *why,
                   size_t why_size);

#endif
