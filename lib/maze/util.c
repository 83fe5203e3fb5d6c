/* util.c - libmaze's version and messages, and the sets of names its files
 * share; what they share with libpeg is in lib/common/util.c. */
#include "internal.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *maze_version(void) { return MAZE_VERSION; }

const char *maze_strerror(int code) { COMMON_STRERROR(code, MAZE_ERRORS) }

/* ---- Sets of names ------------------------------------------------------ */

static uint64_t hash(const char *s, size_t len) {
  uint64_t h = 1469598103934665603u;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211u;
  return h ^ (h >> 31);
}

int maze__names_find(const maze_names *n, const char *s, size_t len) {
  if (!n->slots)
    return -1;
  for (size_t i = (size_t)hash(s, len) & n->mask; n->slots[i];
       i = (i + 1) & n->mask) {
    const char *name = n->name[n->slots[i] - 1];
    if (!strncmp(name, s, len) && name[len] == '\0')
      return n->slots[i] - 1;
  }
  return -1;
}

/* Keeps the table at most half full: a new one, twice as big, when the
 * next name would pass that. */
static int rehash(maze_names *n) {
  size_t slots = n->slots ? 2 * (n->mask + 1) : 32;
  if ((size_t)n->count + 1 <= (n->slots ? (n->mask + 1) / 2 : 0))
    return 0;
  int *t = calloc(slots, sizeof *t);
  if (!t)
    return MAZE_ENOMEM;
  for (int k = 0; k < n->count; k++) {
    size_t i = (size_t)hash(n->name[k], strlen(n->name[k])) & (slots - 1);
    while (t[i])
      i = (i + 1) & (slots - 1);
    t[i] = k + 1;
  }
  free(n->slots);
  n->slots = t;
  n->mask = slots - 1;
  return 0;
}

int maze__names_add(maze_names *n, const char *s, size_t len) {
  void *names = n->name;
  char *copy = malloc(len + 1);
  int rc =
      copy ? maze__grow(&names, &n->cap, (size_t)n->count + 1, sizeof *n->name)
           : MAZE_ENOMEM;
  n->name = names; /* moved or not, it holds the names */
  if (rc || (rc = rehash(n))) {
    free(copy);
    return rc;
  }
  memcpy(copy, s, len);
  copy[len] = '\0';
  n->name[n->count] = copy;
  size_t i = (size_t)hash(s, len) & n->mask;
  while (n->slots[i])
    i = (i + 1) & n->mask;
  n->slots[i] = n->count + 1;
  assert(2 * ((size_t)n->count + 1) <= n->mask + 1); /* at most half full */
  return n->count++;
}

void maze__names_free(maze_names *n) {
  for (int k = 0; k < n->count; k++)
    free(n->name[k]);
  free(n->name);
  free(n->slots);
  memset(n, 0, sizeof *n);
}
