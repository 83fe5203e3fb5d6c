/* mazecheck.c - the independent judge of treasure hunts (mazecheck.h):
 * written apart from libmaze, from the seed's description only. */
#include "mazecheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE_WORDS (MC_MAX_NODES + 8)

typedef struct words {
  int n;
  char w[MAX_LINE_WORDS][MC_NAME];
} words;

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Splits line [p, end) into ws, up to a '#'; false if a word is too long
 * or there are too many. */
static bool split(const char *p, const char *end, words *ws) {
  ws->n = 0;
  while (p < end && *p != '#') {
    if (is_space(*p)) {
      p++;
      continue;
    }
    size_t len = 0;
    if (ws->n == MAX_LINE_WORDS)
      return false;
    while (p < end && !is_space(*p) && *p != '#') {
      if (len + 1 >= MC_NAME)
        return false;
      ws->w[ws->n][len++] = *p++;
    }
    ws->w[ws->n++][len] = '\0';
  }
  return true;
}

/* The number of name among n names of MC_NAME bytes each, or -1. */
static int find(const char *names, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (!strcmp(names + (size_t)i * MC_NAME, name))
      return i;
  return -1;
}

int mc_node(const mc_maze *m, const char *name) {
  return find(m->node[0], m->nodes, name);
}

/* One content line (number `k`, from 0) into m. */
static bool take_line(mc_maze *m, int k, const words *ws, bool *seen, char *why,
                      size_t why_size) {
  if (k == 0) {
    if (ws->n > MC_MAX_NODES)
      return snprintf(why, why_size, "too many nodes"), false;
    m->nodes = ws->n;
    for (int i = 0; i < ws->n; i++)
      strcpy(m->node[i], ws->w[i]);
    m->start = mc_node(m, "START");
    return m->start >= 0 || (snprintf(why, why_size, "no START"), false);
  }
  if (k == 1) {
    bool none = ws->n == 1 && !strcmp(ws->w[0], "NONE");
    if (ws->n > MC_MAX_TREASURES)
      return snprintf(why, why_size, "too many treasures"), false;
    m->treasures = none ? 0 : ws->n;
    for (int i = 0; i < m->treasures; i++)
      strcpy(m->treasure[i], ws->w[i]);
    return true;
  }
  if (k == 2) {
    m->steps = atoi(ws->w[0]);
    m->num_wanted = ws->n - 1;
    for (int i = 1; i < ws->n; i++)
      if ((m->wanted[i - 1] = find(m->treasure[0], m->treasures, ws->w[i])) < 0)
        return snprintf(why, why_size, "unknown treasure %s", ws->w[i]), false;
    return true;
  }
  int v = mc_node(m, ws->w[0]);
  if (v < 0 || seen[v] || ws->n < 2)
    return snprintf(why, why_size, "bad node line for %s", ws->w[0]), false;
  seen[v] = true;
  m->treasure_at[v] = strcmp(ws->w[1], "NONE")
                          ? find(m->treasure[0], m->treasures, ws->w[1])
                          : -1;
  for (int i = 2; i < ws->n; i++) {
    int to = mc_node(m, ws->w[i]);
    if (to < 0)
      return snprintf(why, why_size, "unknown node %s", ws->w[i]), false;
    m->link[v][to] = true;
  }
  return true;
}

bool mc_read(const char *text, size_t size, mc_maze *m, char *why,
             size_t why_size) {
  memset(m, 0, sizeof *m);
  words *ws = malloc(sizeof *ws);
  bool seen[MC_MAX_NODES] = {false}, ok = ws != NULL;
  int k = 0;
  for (const char *p = text, *end = text + size; ok && p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *stop = nl ? nl : end;
    if (!split(p, stop, ws))
      ok = (snprintf(why, why_size, "a line too long"), false);
    else if (ws->n > 0)
      ok = take_line(m, k++, ws, seen, why, why_size);
    p = nl ? nl + 1 : end;
  }
  free(ws);
  if (ok && k < 3)
    ok = (snprintf(why, why_size, "fewer than three lines"), false);
  for (int v = 0; ok && v < m->nodes; v++)
    if (!seen[v])
      ok = (snprintf(why, why_size, "no line for %s", m->node[v]), false);
  return ok;
}

/* The bit of the wanted treasures that node v gives. */
static unsigned gives(const mc_maze *m, int v) {
  unsigned bits = 0;
  for (int i = 0; i < m->num_wanted; i++)
    if (m->treasure_at[v] == m->wanted[i])
      bits |= 1u << i;
  return bits;
}

int mc_fewest_moves(const mc_maze *m) {
  unsigned all = (1u << m->num_wanted) - 1;
  size_t states = (size_t)m->nodes << m->num_wanted;
  int *dist = malloc(states * sizeof *dist);
  size_t *queue = malloc(states * sizeof *queue);
  if (!dist || !queue)
    abort();
  for (size_t s = 0; s < states; s++)
    dist[s] = -1;
  size_t head = 0, tail = 0;
  size_t first = ((size_t)m->start << m->num_wanted) | gives(m, m->start);
  dist[first] = 0;
  queue[tail++] = first;
  int best = -1;
  while (head < tail && best < 0) {
    size_t s = queue[head++];
    int v = (int)(s >> m->num_wanted);
    unsigned got = (unsigned)(s & all);
    if (got == all) {
      best = dist[s];
      break;
    }
    for (int to = 0; to < m->nodes; to++) {
      if (!m->link[v][to] || to == v)
        continue;
      size_t t = ((size_t)to << m->num_wanted) | got | gives(m, to);
      if (dist[t] < 0) {
        dist[t] = dist[s] + 1;
        queue[tail++] = t;
      }
    }
  }
  free(dist);
  free(queue);
  return best;
}

/* Paths from node v with `left` moves to go and treasures got so far:
 * timed, every step a stay or a move; else distinct, every step a move and
 * the path may stop anywhere. */
static long walks(const mc_maze *m, int v, int left, unsigned got, bool timed) {
  unsigned all = (1u << m->num_wanted) - 1;
  long n = timed ? 0 : got == all;
  if (left == 0)
    return timed ? got == all : n;
  if (timed)
    n += walks(m, v, left - 1, got, timed);
  for (int to = 0; to < m->nodes; to++)
    if (to != v && m->link[v][to])
      n += walks(m, to, left - 1, got | gives(m, to), timed);
  return n;
}

long mc_count_paths(const mc_maze *m) {
  return walks(m, m->start, m->steps, gives(m, m->start), false);
}

long mc_count_timed(const mc_maze *m) {
  return walks(m, m->start, m->steps, gives(m, m->start), true);
}

bool mc_check_path(const mc_maze *m, const char *const *names, size_t n,
                   char *why, size_t why_size) {
  if (n == 0)
    return snprintf(why, why_size, "an empty path"), false;
  unsigned got = 0;
  int moves = 0, at = -1;
  for (size_t i = 0; i < n; i++) {
    int v = mc_node(m, names[i]);
    if (v < 0)
      return snprintf(why, why_size, "'%s' is no node", names[i]), false;
    if (i == 0 && v != m->start)
      return snprintf(why, why_size, "starts at %s", names[i]), false;
    if (i > 0 && v != at) {
      if (!m->link[at][v])
        return snprintf(why, why_size, "no way from %s to %s", m->node[at],
                        names[i]),
               false;
      moves++;
    }
    at = v;
    got |= gives(m, v);
  }
  if (moves > m->steps)
    return snprintf(why, why_size, "%d moves, more than %d", moves, m->steps),
           false;
  if (got != (1u << m->num_wanted) - 1)
    return snprintf(why, why_size, "not every wanted treasure is passed"),
           false;
  return true;
}

bool mc_check_line(const mc_maze *m, const char *line, size_t len, char *why,
                   size_t why_size) {
  if (len && line[len - 1] == '\n')
    len--;
  if (memchr(line, '\n', len))
    return snprintf(why, why_size, "more than one line"), false;
  words *ws = malloc(sizeof *ws);
  if (!ws)
    abort();
  const char *names[MAX_LINE_WORDS];
  bool ok = split(line, line + len, ws);
  /* Node names are separated by single blanks, no blank at either end. */
  for (size_t i = 0; ok && i < len; i++)
    ok = line[i] != '\t' &&
         (line[i] != ' ' || (i > 0 && i + 1 < len && line[i + 1] != ' '));
  if (!ok) {
    free(ws);
    return snprintf(why, why_size, "not names separated by single blanks"),
           false;
  }
  for (int i = 0; i < ws->n; i++)
    names[i] = ws->w[i];
  ok = mc_check_path(m, names, (size_t)ws->n, why, why_size);
  free(ws);
  return ok;
}
