/* decode.c - from a model to the path, checked; reading a solver's answer
 * with its key. */
#include "internal.h"

#include "../common/answer.h"
#include "../common/sequences.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Decoding a model ----------------------------------------------------
 */

/* The value of atom (1 or 0), or MAZE_EATOM with err set. */
static int value_of(const maze_encoding *e, maze_value_fn value, void *ctx,
                    int atom, maze_error *err) {
  int v = value(ctx, atom);
  if (v >= 0)
    return v != 0;
  char name[MAZE_MAX_NAME + 32];
  maze_atom_name(e, atom, name, sizeof name);
  return maze__fail(err, MAZE_EATOM, 0, 0, "the model gives no value for %s",
                    name);
}

/* The one node whose AT atom is true at time I, in *node. */
static int place_at(const maze_encoding *e, maze_value_fn value, void *ctx,
                    int I, int *node, maze_error *err) {
  char a[MAZE_MAX_NAME + 32], b[MAZE_MAX_NAME + 32];
  *node = -1;
  for (int i = 0; i < e->live[I]; i++) {
    int v = e->order[i], atom = maze__at(e, v, I);
    int x = value_of(e, value, ctx, atom, err);
    if (x < 0)
      return x;
    if (!x)
      continue;
    if (*node >= 0) {
      maze_atom_name(e, maze__at(e, *node, I), a, sizeof a);
      maze_atom_name(e, atom, b, sizeof b);
      return maze__fail(err, MAZE_EPLAY, 0, 0,
                        "two places at time %d: %s and %s", I, a, b);
    }
    *node = v;
  }
  if (*node < 0)
    return maze__fail(err, MAZE_EPLAY, 0, 0, "no place is true at time %d", I);
  return 0;
}

/* Every HAS atom is true exactly when the path has passed its treasure by
 * its time. */
static int check_has(const maze_encoding *e, maze_value_fn value, void *ctx,
                     const int *times, maze_error *err) {
  const maze_puzzle *p = e->puzzle;
  char name[MAZE_MAX_NAME + 32];
  unsigned char *got = calloc((size_t)e->kept + 1, 1);
  if (!got)
    return maze__fail(err, MAZE_ENOMEM, 0, 0, "out of memory");
  int rc = 0;
  for (int I = 0; I <= e->steps && !rc; I++) {
    int t = p->treasure_at[times[I]];
    if (t >= 0 && e->kept_index[t] >= 0)
      got[e->kept_index[t]] = 1;
    for (int k = 0; k < e->kept && !rc; k++) {
      int atom = maze__has(e, e->kept_list[k], I);
      int x = value_of(e, value, ctx, atom, err);
      if (x < 0)
        rc = x;
      else if (x != got[k]) {
        maze_atom_name(e, atom, name, sizeof name);
        rc = maze__fail(err, MAZE_EPLAY, 0, 0,
                        "the model says %s is %s, but the path has %s %s by "
                        "time %d",
                        name, x ? "true" : "false", got[k] ? "got" : "not got",
                        p->treasures.name[e->kept_list[k]], I);
      }
    }
  }
  free(got);
  return rc;
}

int maze_decode(const maze_encoding *e, maze_value_fn value, void *ctx,
                int *times, maze_error *err) {
  if (!e || !value || !times)
    return maze__fail(err, MAZE_EINVAL, 0, 0, "invalid argument");
  int rc = 0;
  for (int I = 0; I <= e->steps && !rc; I++)
    rc = place_at(e, value, ctx, I, &times[I], err);
  if (!rc)
    rc = maze_check_path(e->puzzle, times, (size_t)e->steps + 1, err);
  if (!rc)
    rc = check_has(e, value, ctx, times, err);
  return rc;
}

/* ---- Reading a solver's answer --------------------------------------------
 */

/* Solution k's path (at path_start[k], to path_start[k + 1]), so that a
 * model that repeats a path (staying at other times) adds none. */
static const void *path_of(const void *ctx, size_t k, size_t *bytes) {
  const maze_result *out = ctx;
  size_t at = out->path_start[k];
  *bytes = (out->path_start[k + 1] - at) * sizeof *out->paths;
  return out->paths + at;
}

/* Decodes model m into out: a new solution unless its path is known. */
static int add_model(const common_answer *a, size_t m, maze_result *out,
                     sequences *set, maze_error *err) {
  size_t t = out->num_times, k = out->num_solutions;
  int *times = out->times + k * t;
  common_model at = {a, m};
  int rc = maze_decode(out->encoding, common__model_value, &at, times, err);
  if (rc) /* maze__fail makes the message first */
    return err ? maze__fail(err, rc, 0, 0, "model %zu: %s", m + 1, err->message)
               : rc;
  int *path = out->paths + out->path_start[k];
  memcpy(path, times, t * sizeof *times);
  size_t n = maze_path_collapse(path, t);
  assert(n >= 1 && n <= t &&
         path[0] == maze_puzzle_start(out->encoding->puzzle));
  out->path_start[k + 1] = out->path_start[k] + n;
  if (sequences_seen(set, k))
    out->path_start[k + 1] = 0; /* as it was: no solution k */
  else
    out->num_solutions++;
  return 0;
}

/* Decodes every model of a into out's solutions, distinct paths only. */
static int decode_models(const common_answer *a, maze_result *out,
                         maze_error *err) {
  size_t t = (size_t)out->encoding->steps + 1;
  size_t models = common__answer_models(a);
  sequences set;
  bool room = sequences_init(&set, models, path_of, out);
  out->num_times = t;
  out->times = malloc(models * t * sizeof *out->times);
  out->paths = malloc(models * t * sizeof *out->paths);
  out->path_start = calloc(models + 1, sizeof *out->path_start);
  int rc = 0;
  if (!room || !out->times || !out->paths || !out->path_start)
    rc = maze__fail(err, MAZE_ENOMEM, 0, 0, "out of memory");
  for (size_t m = 0; m < models && !rc; m++)
    rc = add_model(a, m, out, &set, err);
  sequences_free(&set);
  return rc;
}

/* ---- The reader that lib/common/answer.c drives ------------------------- */

/* Every model, decoded and checked into out. */
static int read_models(void *result, const common_answer *a, void *err) {
  maze_result *out = result;
  out->list = common__answer_models(a) > 1 || common__answer_complete(a);
  return decode_models(a, out, err);
}

COMMON_ANSWER_READER(reader, maze, MAZE, read_models);

int maze_result_read(const char *text, size_t size, maze_result *out,
                     maze_error *err) {
  return common__answer_read(&reader, text, size, NULL, 0, false, out, err);
}

int maze_result_read_keyed(const char *text, size_t size, const char *key,
                           size_t key_size, maze_result *out, maze_error *err) {
  return common__answer_read(&reader, text, size, key, key_size, true, out,
                             err);
}

void maze_result_clear(maze_result *r) {
  if (!r)
    return;
  maze_encoding_free(r->encoding);
  COMMON_FREE_ALL(r->times, r->paths, r->path_start);
  memset(r, 0, sizeof *r);
}
