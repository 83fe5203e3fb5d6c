/* encode.c - the atoms AT_N_I and HAS_T_I: which exist under the options,
 * their numbers and names, and how many clauses of each kind there are
 * (docs/maze.md).  The clauses themselves are in clauses.c. */
#include "internal.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Options: name, default, minimum, maximum. */
#define MAZE_OPTIONS(X) X(prune, 1, 0, 1)

#define MAZE_OPTION_ROW(opt, def, lo, hi)                                      \
  {#opt, offsetof(maze_encoding, opt), def, lo, hi},
static const common_option options[] = {MAZE_OPTIONS(MAZE_OPTION_ROW)};
#undef MAZE_OPTION_ROW
#define NUM_OPTIONS (sizeof options / sizeof options[0])

/* Moves from START to every node along the links (INT_MAX where there is
 * no way), breadth first; with pruning off, 0 for every node, which puts
 * every node at every time. */
static int distances(maze_encoding *e) {
  const maze_puzzle *p = e->puzzle;
  int n = e->nodes;
  for (int v = 0; v < n; v++)
    e->dist[v] = e->prune ? INT_MAX : 0;
  if (!e->prune)
    return 0;
  int *queue = malloc((size_t)n * sizeof *queue);
  if (!queue)
    return MAZE_ENOMEM;
  int head = 0, tail = 0;
  e->dist[p->start] = 0;
  queue[tail++] = p->start;
  while (head < tail) {
    int v = queue[head++];
    for (int l = p->link_start[v]; l < p->link_start[v + 1]; l++) {
      int m = p->links[l];
      if (e->dist[m] == INT_MAX) {
        e->dist[m] = e->dist[v] + 1;
        queue[tail++] = m;
      }
    }
  }
  free(queue);
  return 0;
}

/* The nodes by (dist, number), a counting sort on dist (the unreachable
 * last, never used); live[I], the nodes within I moves. */
static int sort_nodes(maze_encoding *e) {
  int n = e->nodes;
  int *count = calloc((size_t)n + 2, sizeof *count);
  if (!count)
    return MAZE_ENOMEM;
  for (int v = 0; v < n; v++)
    count[(e->dist[v] == INT_MAX ? n : e->dist[v]) + 1]++;
  for (int d = 1; d <= n + 1; d++)
    count[d] += count[d - 1];
  /* count[d] is now the nodes closer than d: where distance d starts. */
  for (int I = 0; I <= e->steps; I++)
    e->live[I] = count[(I < n ? I : n - 1) + 1];
  for (int v = 0; v < n; v++) {
    int d = e->dist[v] == INT_MAX ? n : e->dist[v];
    e->pos[v] = count[d]++;
    e->order[e->pos[v]] = v;
  }
  free(count);
  return 0;
}

/* The treasures that have HAS atoms: all, or with pruning only those asked
 * for; in the order of the treasures' line. */
static void keep_treasures(maze_encoding *e) {
  const maze_puzzle *p = e->puzzle;
  for (int t = 0; t < p->treasures.count; t++)
    e->kept_index[t] = e->prune ? -1 : t;
  for (int i = 0; e->prune && i < p->num_wanted; i++)
    e->kept_index[p->wanted[i]] = 0;
  e->kept = 0;
  for (int t = 0; t < p->treasures.count; t++)
    if (e->kept_index[t] >= 0) {
      e->kept_index[t] = e->kept;
      e->kept_list[e->kept++] = t;
    }
}

#ifndef NDEBUG
/* The layout's invariants: order and pos are inverse permutations, in the
 * order of dist (START first when pruning: the one node at distance 0);
 * live[I] is the number of nodes within I moves; kept_index and kept_list
 * are inverse; the atoms of time I follow those before it. */
static bool laid_out(const maze_encoding *e) {
  if (e->prune && e->order[0] != e->puzzle->start)
    return false;
  for (int i = 0; i < e->nodes; i++)
    if (e->pos[e->order[i]] != i ||
        (i && e->dist[e->order[i - 1]] > e->dist[e->order[i]]))
      return false;
  int within = 0;
  for (int I = 0; I <= e->steps; I++) {
    while (within < e->nodes && e->dist[e->order[within]] <= I)
      within++;
    if (e->live[I] != within ||
        e->base[I + 1] != e->base[I] + e->live[I] + e->kept)
      return false;
  }
  for (int k = 0; k < e->kept; k++)
    if (e->kept_index[e->kept_list[k]] != k)
      return false;
  return e->base[0] == 0 && e->atoms == e->base[e->steps + 1];
}
#endif

/* Which atoms exist and their numbers, for the options as they are:
 * 0, MAZE_ETOOBIG or MAZE_ENOMEM. */
static int layout(maze_encoding *e) {
  int rc = distances(e);
  if (rc || (rc = sort_nodes(e)))
    return rc;
  keep_treasures(e);
  e->base[0] = 0;
  for (int I = 0; I <= e->steps; I++) {
    e->base[I + 1] = e->base[I] + e->live[I] + e->kept;
    if (e->base[I + 1] > INT_MAX)
      return MAZE_ETOOBIG;
  }
  e->atoms = (int)e->base[e->steps + 1];
  assert(laid_out(e));
  return 0;
}

static bool allocate(maze_encoding *e) {
  size_t n = (size_t)e->nodes, k = (size_t)e->steps;
  size_t t = (size_t)e->puzzle->treasures.count + 1;
  e->dist = malloc(n * sizeof *e->dist);
  e->order = malloc(n * sizeof *e->order);
  e->pos = malloc(n * sizeof *e->pos);
  e->live = malloc((k + 1) * sizeof *e->live);
  e->kept_index = malloc(t * sizeof *e->kept_index);
  e->kept_list = malloc(t * sizeof *e->kept_list);
  e->base = malloc((k + 2) * sizeof *e->base);
  return e->dist && e->order && e->pos && e->live && e->kept_index &&
         e->kept_list && e->base;
}

maze_encoding *maze_encoding_new(const maze_puzzle *p, int *err) {
  int dummy;
  if (!err)
    err = &dummy;
  if (!p) {
    *err = MAZE_EINVAL;
    return NULL;
  }
  maze_encoding *e = calloc(1, sizeof *e);
  if (!e || !(e->puzzle = maze_puzzle_copy(p))) {
    free(e);
    *err = MAZE_ENOMEM;
    return NULL;
  }
  e->nodes = p->nodes.count;
  e->steps = p->steps;
  common__option_defaults(options, NUM_OPTIONS, e);
  *err = allocate(e) ? layout(e) : MAZE_ENOMEM;
  if (*err) {
    maze_encoding_free(e);
    return NULL;
  }
  return e;
}

void maze_encoding_free(maze_encoding *e) {
  if (!e)
    return;
  maze_puzzle_free(e->puzzle);
  COMMON_FREE_ALL(e->dist, e->order, e->pos, e->live, e->kept_index,
                  e->kept_list, e->base, e);
}

const maze_puzzle *maze_encoding_puzzle(const maze_encoding *e) {
  return e ? e->puzzle : NULL;
}

/* A failed layout puts the old value back and lays out again, which
 * worked before. */
int maze_encoding_set_option(maze_encoding *e, const char *name, int value) {
  int *field =
      e ? common__option_field(options, NUM_OPTIONS, e, name, value) : NULL;
  if (!field)
    return MAZE_EOPTION;
  int old = *field, rc;
  *field = value;
  if ((rc = layout(e))) {
    *field = old;
    layout(e);
  }
  return rc;
}

int maze_encoding_get_option(const maze_encoding *e, const char *name,
                             int *value) {
  return e && value && common__option_get(options, NUM_OPTIONS, e, name, value)
             ? 0
             : MAZE_EOPTION;
}

int maze_encoding_atoms(const maze_encoding *e) { return e ? e->atoms : 0; }

/* ---- Counting the clauses ----------------------------------------------- */

int64_t maze_encoding_kind_clauses(const maze_encoding *e, int kind) {
  if (!e)
    return 0;
  const maze_puzzle *p = e->puzzle;
  int64_t k = e->steps, n = 0;
  switch (kind) {
  case 1: /* at most one place at a time: a pair of places per clause */
    for (int I = 0; I <= e->steps; I++)
      n += (int64_t)e->live[I] * (e->live[I] - 1) / 2;
    return n;
  case 2: /* moves: a clause per place and time before K */
    for (int I = 0; I < e->steps; I++)
      n += e->live[I];
    return n;
  case 3: /* a place with a treasure gives it: per place and time */
    for (int v = 0; v < e->nodes; v++)
      if (e->dist[v] <= e->steps && p->treasure_at[v] >= 0 &&
          e->kept_index[p->treasure_at[v]] >= 0)
        n += k - e->dist[v] + 1;
    return n;
  case 4: /* a treasure is kept */
  case 5: /* a treasure is got where it is */
    return e->kept * k;
  case 6: /* START at time 0 */
    return 1;
  case 7: /* no treasure at time 0 but START's */
    n = e->kept;
    if (p->treasure_at[p->start] >= 0 &&
        e->kept_index[p->treasure_at[p->start]] >= 0)
      n--;
    return n;
  case 8: /* every wanted treasure at K */
    return p->num_wanted;
  default:
    return 0;
  }
}

int64_t maze_encoding_clauses(const maze_encoding *e) {
  int64_t n = 0;
  for (int kind = 1; kind <= 8; kind++)
    n += maze_encoding_kind_clauses(e, kind);
  return n;
}

/* ---- Atoms ----------------------------------------------------------------
 */

int maze_atom_at(const maze_encoding *e, int node, int time) {
  if (!e || node < 0 || node >= e->nodes || time < 0 || time > e->steps)
    return MAZE_EATOM;
  int a = maze__at(e, node, time);
  return a ? a : MAZE_EATOM;
}

int maze_atom_has(const maze_encoding *e, int treasure, int time) {
  if (!e || treasure < 0 || treasure >= e->puzzle->treasures.count ||
      time < 0 || time > e->steps)
    return MAZE_EATOM;
  int a = maze__has(e, treasure, time);
  return a ? a : MAZE_EATOM;
}

int maze_atom_name(const maze_encoding *e, int atom, char *buf, size_t size) {
  if (!e || atom < 1 || atom > e->atoms)
    return MAZE_EATOM;
  int lo = 0, hi = e->steps; /* the time I with base[I] < atom <= base[I+1] */
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (e->base[mid] < atom)
      lo = mid;
    else
      hi = mid - 1;
  }
  int offset = atom - (int)e->base[lo] - 1;
  const maze_puzzle *p = e->puzzle;
  if (offset < e->live[lo])
    return snprintf(buf, size, "AT_%s_%d", p->nodes.name[e->order[offset]], lo);
  return snprintf(buf, size, "HAS_%s_%d",
                  p->treasures.name[e->kept_list[offset - e->live[lo]]], lo);
}

/* The time at the end of name (after its last '_'), or -1: digits without
 * a leading zero, at most K.  *cut gets where the '_' is. */
static int name_time(const maze_encoding *e, const char *name, size_t *cut) {
  const char *u = strrchr(name, '_');
  if (!u || !u[1] || (u[1] == '0' && u[2]))
    return -1;
  long t = 0;
  for (const char *q = u + 1; *q; q++) {
    if (*q < '0' || *q > '9' || t > e->steps)
      return -1;
    t = 10 * t + (*q - '0');
  }
  *cut = (size_t)(u - name);
  return t <= e->steps ? (int)t : -1;
}

int maze_atom_lookup(const maze_encoding *e, const char *name) {
  if (!e || !name)
    return MAZE_EATOM;
  bool at = !strncmp(name, "AT_", 3), has = !strncmp(name, "HAS_", 4);
  size_t cut, skip = at ? 3 : 4;
  int time = at || has ? name_time(e, name, &cut) : -1;
  if (time < 0 || cut < skip)
    return MAZE_EATOM;
  const maze_names *names = at ? &e->puzzle->nodes : &e->puzzle->treasures;
  int k = maze__names_find(names, name + skip, cut - skip);
  if (k < 0)
    return MAZE_EATOM;
  return at ? maze_atom_at(e, k, time) : maze_atom_has(e, k, time);
}
