/* decode.c - from a model to the path, checked; reading a solver's answer
 * with its key. */
#include "internal.h"

#include "../common/dp_answer.h"
#include "../common/sequences.h"

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

typedef struct model_at {
  const dp_answer *answer;
  size_t model;
} model_at;

static int lookup(void *ctx, int atom) {
  const model_at *m = ctx;
  return atom >= 1 && atom <= m->answer->atoms
             ? dp_answer_value(m->answer, m->model, atom)
             : -1;
}

/* Solution k's path (at path_start[k], to path_start[k + 1]), so that a
 * model that repeats a path (staying at other times) adds none. */
static const void *path_of(const void *ctx, size_t k, size_t *bytes) {
  const maze_result *out = ctx;
  size_t at = out->path_start[k];
  *bytes = (out->path_start[k + 1] - at) * sizeof *out->paths;
  return out->paths + at;
}

/* Decodes model m into out: a new solution unless its path is known. */
static int add_model(const dp_answer *a, size_t m, maze_result *out,
                     sequences *set, maze_error *err) {
  size_t t = out->num_times, k = out->num_solutions;
  int *times = out->times + k * t;
  model_at at = {a, m};
  int rc = maze_decode(out->encoding, lookup, &at, times, err);
  if (rc) {
    char why[sizeof err->message];
    snprintf(why, sizeof why, "%s", err->message);
    return maze__fail(err, rc, 0, 0, "model %zu: %s", m + 1, why);
  }
  int *path = out->paths + out->path_start[k];
  memcpy(path, times, t * sizeof *times);
  out->path_start[k + 1] = out->path_start[k] + maze_path_collapse(path, t);
  if (sequences_seen(set, k))
    out->path_start[k + 1] = 0; /* as it was: no solution k */
  else
    out->num_solutions++;
  return 0;
}

/* Decodes every model of a into out's solutions, distinct paths only. */
static int decode_models(const dp_answer *a, maze_result *out,
                         maze_error *err) {
  size_t t = (size_t)out->encoding->steps + 1;
  sequences set;
  bool room = sequences_init(&set, a->models, path_of, out);
  out->num_times = t;
  out->times = malloc(a->models * t * sizeof *out->times);
  out->paths = malloc(a->models * t * sizeof *out->paths);
  out->path_start = calloc(a->models + 1, sizeof *out->path_start);
  int rc = 0;
  if (!room || !out->times || !out->paths || !out->path_start)
    rc = maze__fail(err, MAZE_ENOMEM, 0, 0, "out of memory");
  for (size_t m = 0; m < a->models && !rc; m++)
    rc = add_model(a, m, out, &set, err);
  sequences_free(&set);
  return rc;
}

/* The answer's models, with the encoding read from the key. */
static int read_models(const dp_answer *a, maze_result *out, maze_error *err) {
  int rc = decode_models(a, out, err);
  if (!rc) {
    out->solved = 1;
    out->num_models = a->models;
    out->list = a->models > 1 || a->complete;
  }
  return rc;
}

/* dp_answer's result as libmaze's code, with err filled in. */
static int answer_failed(int rc, const dp_answer *a, maze_error *err) {
  int code = rc == DP_ANSWER_NOMEM    ? MAZE_ENOMEM
             : rc == DP_ANSWER_NO_KEY ? MAZE_EKEY
                                      : MAZE_EANSWER;
  return rc ? maze__fail(err, code, a->line, a->column, "%s", a->message) : 0;
}

/* The rest of reading an answer a (read), with the key at key[0..size-1]
 * starting on line key_line unless out has its encoding already.  Frees a;
 * clears out on failure. */
static int result_from(dp_answer *a, int rc, const char *key, size_t size,
                       long key_line, maze_result *out, maze_error *err) {
  if (!rc && !out->encoding)
    rc = maze__key_parse(key, size, key_line, &out->encoding, err);
  if (!rc)
    rc = answer_failed(dp_answer_atoms(a, out->encoding->atoms), a, err);
  if (!rc && a->models > 0)
    rc = read_models(a, out, err);
  out->complete = !rc && a->complete;
  dp_answer_free(a);
  if (rc)
    maze_result_clear(out);
  return rc;
}

static int start_reading(const char *text, size_t size, maze_result *out,
                         maze_error **err, maze_error *scratch) {
  if (!*err)
    *err = scratch;
  memset(*err, 0, sizeof **err);
  if (!out)
    return maze__fail(*err, MAZE_EINVAL, 0, 0, "invalid argument");
  memset(out, 0, sizeof *out);
  if (!text && size)
    return maze__fail(*err, MAZE_EINVAL, 0, 0, "invalid argument");
  return 0;
}

static const dp_answer_names names = {"maze", "maze-front", "maze-back"};

int maze_result_read(const char *text, size_t size, maze_result *out,
                     maze_error *err) {
  maze_error scratch;
  int rc = start_reading(text, size, out, &err, &scratch);
  if (rc)
    return rc;
  dp_answer a;
  rc = answer_failed(dp_answer_read(text ? text : "", size, &names, &a), &a,
                     err);
  return result_from(&a, rc, text + a.back_at, size - a.back_at, a.back_line,
                     out, err);
}

int maze_result_read_keyed(const char *text, size_t size, const char *key,
                           size_t key_size, maze_result *out, maze_error *err) {
  maze_error scratch;
  int rc = start_reading(text, size, out, &err, &scratch);
  if (rc || (!key && key_size))
    return rc ? rc : maze__fail(err, MAZE_EINVAL, 0, 0, "invalid argument");
  int form;
  char *k;
  size_t ks = 0;
  long line;
  dp_answer a;
  rc = answer_failed(dp_answer_keyed(text ? text : "", size, key, key_size,
                                     &names, &form, &k, &ks, &line, &a),
                     &a, err);
  if (!rc && form == DP_FORM_DP)
    return maze_result_read(text, size, out, err);
  if (!rc)
    rc = maze__key_parse(k, ks, line, &out->encoding, err);
  free(k);
  if (!rc)
    rc = answer_failed(
        dp_answer_read_other(text, size, form, out->encoding->atoms, &a), &a,
        err);
  return result_from(&a, rc, NULL, 0, 0, out, err);
}

void maze_result_clear(maze_result *r) {
  if (!r)
    return;
  maze_encoding_free(r->encoding);
  free(r->times);
  free(r->paths);
  free(r->path_start);
  memset(r, 0, sizeof *r);
}
