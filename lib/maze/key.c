/* key.c - the key that travels after the clauses: the options, the maze
 * file, and every atom's name; and reading it back. */
#include "internal.h"

#include "../common/text_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_HEADER "maze-key 1"
#define NAME_SHOWN 60 /* bytes of a line shown in a message */

/* The lines of text (each ending in '\n'). */
static long count_lines(const char *text, size_t size) {
  long n = 0;
  for (size_t i = 0; i < size; i++)
    n += text[i] == '\n';
  return n;
}

char *maze_key_text(const maze_encoding *e, size_t *size) {
  if (!e)
    return NULL;
  size_t maze_size;
  char *maze = maze_puzzle_text(e->puzzle, &maze_size);
  if (!maze)
    return NULL;
  common_text t = {0};
  common__text_printf(&t, "%s\noptions prune=%d\nmaze %ld\n", KEY_HEADER,
                      e->prune, count_lines(maze, maze_size));
  common__text_put(&t, maze, maze_size);
  free(maze);
  common__text_printf(&t, "atoms %d\n", e->atoms);
  char name[MAZE_MAX_NAME + 32];
  for (int a = 1; a <= e->atoms && !t.failed; a++) {
    maze_atom_name(e, a, name, sizeof name);
    common__text_printf(&t, "%d %s\n", a, name);
  }
  common__text_str(&t, "end key\n");
  return common__text_finish(&t, size);
}

/* The number after prefix on the current line (digits to its end, at most
 * most), or -1. */
static long number_after(const text_lines *l, const char *prefix, long most) {
  size_t k = strlen(prefix);
  if (l->len <= k || memcmp(l->text, prefix, k))
    return -1;
  long n = 0;
  for (size_t i = k; i < l->len; i++) {
    if (l->text[i] < '0' || l->text[i] > '9' || n > most)
      return -1;
    n = 10 * n + (l->text[i] - '0');
  }
  return n <= most ? n : -1;
}

static int set_option(void *e, const char *name, int value) {
  return maze_encoding_set_option(e, name, value);
}

/* "maze L", then L lines of maze file, read into the encoding *out.  The
 * maze file's own errors keep their message, on the key's line. */
static int read_maze(text_lines *l, maze_encoding **out, maze_error *err) {
  long n;
  if (!text_lines_take(l) ||
      (n = number_after(l, "maze ", 10L * MAZE_MAX_NODES)) < 0)
    return maze__fail(err, MAZE_EKEY, l->line, 1,
                      "expected the line 'maze LINES'");
  const char *maze_text = l->p;
  long first = l->line + 1;
  for (long i = 0; i < n; i++)
    if (!text_lines_take(l))
      return maze__fail(err, MAZE_EKEY, l->line + 1, 1,
                        "the key ends inside its maze (%ld lines of %ld)", i,
                        n);
  maze_puzzle *p;
  int rc =
      maze__puzzle_parse(maze_text, (size_t)(l->p - maze_text), first, &p, err);
  if (rc)
    return rc == MAZE_ENOMEM ? rc : MAZE_EKEY;
  *out = maze_encoding_new(p, &rc);
  maze_puzzle_free(p);
  if (!*out)
    return maze__fail(err, rc == MAZE_ENOMEM ? rc : MAZE_EKEY, first, 1,
                      "the key's maze has no encoding: %s", maze_strerror(rc));
  return 0;
}

static int atom_name(const void *e, int atom, char *buf, size_t size) {
  return maze_atom_name(e, atom, buf, size);
}

/* "atoms N", then "I NAME" for every atom, each the name e gives. */
static int read_atoms(text_lines *l, const maze_encoding *e, maze_error *err) {
  const text_lines_atoms spec = {e->atoms,           atom_name,  e,   "maze",
                                 COMMON_SHOWN_NAMES, NAME_SHOWN, true};
  return text_lines_atom_lines(l, &spec, err) ? MAZE_EKEY : 0;
}

int maze__key_parse(const char *text, size_t size, long line0,
                    maze_encoding **out, maze_error *err) {
  if (common__begin(err, !out || (!text && size), MAZE_EINVAL))
    return MAZE_EINVAL;
  *out = NULL;
  text = text ? text : "";
  text_lines l = text_lines_at(text, size, line0), options = l;
  maze_encoding *e = NULL;
  int rc =
      text_lines_head(&l, line0, KEY_HEADER, &options, err) ? MAZE_EKEY : 0;
  if (!rc)
    rc = read_maze(&l, &e, err);
  if (!rc && (rc = text_lines_options(&options, set_option, e, err)))
    rc = rc == MAZE_ENOMEM ? maze__fail(err, rc, 0, 0, "out of memory")
                           : MAZE_EKEY;
  if (!rc)
    rc = read_atoms(&l, e, err);
  if (!rc && text_lines_end(&l, err))
    rc = MAZE_EKEY;
  if (rc) {
    maze_encoding_free(e);
    return rc;
  }
  *out = e;
  return 0;
}

int maze_key_parse(const char *text, size_t size, maze_encoding **out,
                   maze_error *err) {
  return maze__key_parse(text, size, 1, out, err);
}
