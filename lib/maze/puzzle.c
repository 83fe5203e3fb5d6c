/* puzzle.c - the maze and its task: queries, the canonical maze file, a
 * new task, and replaying a path.  (A copy goes through the parser:
 * parse.c.) */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void maze_puzzle_free(maze_puzzle *p) {
  if (!p)
    return;
  maze__names_free(&p->nodes);
  maze__names_free(&p->treasures);
  COMMON_FREE_ALL(p->treasure_at, p->link_start, p->links, p->wanted, p);
}

char *maze_puzzle_text(const maze_puzzle *p, size_t *size) {
  if (!p)
    return NULL;
  common_text t = {0};
  for (int v = 0; v < p->nodes.count; v++) {
    common__text_str(&t, v ? " " : "");
    common__text_str(&t, p->nodes.name[v]);
  }
  common__text_str(&t, "\n");
  for (int k = 0; k < p->treasures.count; k++) {
    common__text_str(&t, k ? " " : "");
    common__text_str(&t, p->treasures.name[k]);
  }
  common__text_str(&t, p->treasures.count ? "\n" : MAZE__NONE "\n");
  common__text_printf(&t, "%d", p->steps);
  for (int i = 0; i < p->num_wanted; i++) {
    common__text_str(&t, " ");
    common__text_str(&t, p->treasures.name[p->wanted[i]]);
  }
  common__text_str(&t, "\n");
  for (int v = 0; v < p->nodes.count; v++) {
    common__text_str(&t, p->nodes.name[v]);
    common__text_str(&t, " ");
    common__text_str(&t, p->treasure_at[v] < 0
                             ? MAZE__NONE
                             : p->treasures.name[p->treasure_at[v]]);
    for (int l = p->link_start[v]; l < p->link_start[v + 1]; l++) {
      common__text_str(&t, " ");
      common__text_str(&t, p->nodes.name[p->links[l]]);
    }
    common__text_str(&t, "\n");
  }
  return common__text_finish(&t, size);
}

int maze_puzzle_set_task(maze_puzzle *p, int steps, const int *wanted,
                         size_t n) {
  if (!p || (n && !wanted))
    return MAZE_EINVAL;
  if (steps < 0 || steps > MAZE_MAX_STEPS)
    return MAZE_ESTEPS;
  if (n > (size_t)p->treasures.count)
    return MAZE_ETREASURE; /* a repeat, or no such treasure */
  for (size_t i = 0; i < n; i++) {
    if (wanted[i] < 0 || wanted[i] >= p->treasures.count)
      return MAZE_ETREASURE;
    for (size_t j = 0; j < i; j++)
      if (wanted[j] == wanted[i])
        return MAZE_ETREASURE;
  }
  int *w = malloc((n ? n : 1) * sizeof *w);
  if (!w)
    return MAZE_ENOMEM;
  if (n)
    memcpy(w, wanted, n * sizeof *w);
  free(p->wanted);
  p->wanted = w;
  p->num_wanted = (int)n;
  p->steps = steps;
  return 0;
}

/* ---- Queries --------------------------------------------------------------
 */

int maze_puzzle_nodes(const maze_puzzle *p) { return p ? p->nodes.count : 0; }

int maze_puzzle_treasures(const maze_puzzle *p) {
  return p ? p->treasures.count : 0;
}

int maze_puzzle_steps(const maze_puzzle *p) { return p ? p->steps : 0; }

int maze_puzzle_start(const maze_puzzle *p) { return p ? p->start : 0; }

int maze_puzzle_num_wanted(const maze_puzzle *p) {
  return p ? p->num_wanted : 0;
}

int maze_puzzle_wanted(const maze_puzzle *p, int i) {
  return p && i >= 0 && i < p->num_wanted ? p->wanted[i] : MAZE_EINVAL;
}

static bool is_node(const maze_puzzle *p, int node) {
  return p && node >= 0 && node < p->nodes.count;
}

const char *maze_node_name(const maze_puzzle *p, int node) {
  return is_node(p, node) ? p->nodes.name[node] : NULL;
}

const char *maze_treasure_name(const maze_puzzle *p, int treasure) {
  return p && treasure >= 0 && treasure < p->treasures.count
             ? p->treasures.name[treasure]
             : NULL;
}

int maze_node_lookup(const maze_puzzle *p, const char *name) {
  int k = p && name ? maze__names_find(&p->nodes, name, strlen(name)) : -1;
  return k >= 0 ? k : MAZE_ENODE;
}

int maze_treasure_lookup(const maze_puzzle *p, const char *name) {
  int k = p && name ? maze__names_find(&p->treasures, name, strlen(name)) : -1;
  return k >= 0 ? k : MAZE_ETREASURE;
}

int maze_node_treasure(const maze_puzzle *p, int node) {
  return is_node(p, node) ? p->treasure_at[node] : MAZE_ENODE;
}

int maze_node_degree(const maze_puzzle *p, int node) {
  return is_node(p, node) ? p->link_start[node + 1] - p->link_start[node]
                          : MAZE_ENODE;
}

int maze_node_neighbour(const maze_puzzle *p, int node, int k) {
  if (!is_node(p, node))
    return MAZE_ENODE;
  if (k < 0 || k >= maze_node_degree(p, node))
    return MAZE_EINVAL;
  return p->links[p->link_start[node] + k];
}

/* ---- Paths ----------------------------------------------------------------
 */

static bool linked(const maze_puzzle *p, int from, int to) {
  for (int l = p->link_start[from]; l < p->link_start[from + 1]; l++)
    if (p->links[l] == to)
      return true;
  return false;
}

/* Whether the path nodes[0..n-1] passes a node holding treasure. */
static bool passes(const maze_puzzle *p, const int *nodes, size_t n,
                   int treasure) {
  for (size_t i = 0; i < n; i++)
    if (p->treasure_at[nodes[i]] == treasure)
      return true;
  return false;
}

int maze_check_path(const maze_puzzle *p, const int *nodes, size_t n,
                    maze_error *err) {
  if (!p || (n && !nodes))
    return maze__fail(err, MAZE_EINVAL, 0, 0, "invalid argument");
  if (n == 0)
    return maze__fail(err, MAZE_EPLAY, 0, 0, "an empty path");
  long moves = 0;
  for (size_t i = 0; i < n; i++) {
    if (!is_node(p, nodes[i]))
      return maze__fail(err, MAZE_EPLAY, 0, 0,
                        "entry %zu of the path is %d, which is no node", i + 1,
                        nodes[i]);
    if (i == 0 && nodes[0] != p->start)
      return maze__fail(err, MAZE_EPLAY, 0, 0,
                        "the path starts at %s, not at " MAZE__START,
                        p->nodes.name[nodes[0]]);
    if (i == 0 || nodes[i] == nodes[i - 1])
      continue;
    if (!linked(p, nodes[i - 1], nodes[i]))
      return maze__fail(err, MAZE_EPLAY, 0, 0,
                        "step %zu: %s does not lead to %s", i,
                        p->nodes.name[nodes[i - 1]], p->nodes.name[nodes[i]]);
    moves++;
  }
  if (moves > p->steps)
    return maze__fail(err, MAZE_EPLAY, 0, 0,
                      "the path makes %ld moves, more than the %d allowed",
                      moves, p->steps);
  for (int w = 0; w < p->num_wanted; w++)
    if (!passes(p, nodes, n, p->wanted[w]))
      return maze__fail(err, MAZE_EPLAY, 0, 0, "the path does not pass %s",
                        p->treasures.name[p->wanted[w]]);
  return 0;
}

size_t maze_path_collapse(int *nodes, size_t n) {
  if (!nodes)
    return 0;
  size_t o = 0;
  for (size_t i = 0; i < n; i++)
    if (o == 0 || nodes[i] != nodes[o - 1])
      nodes[o++] = nodes[i];
  return o;
}
