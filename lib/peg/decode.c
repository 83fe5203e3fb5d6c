/* decode.c - from a model to the ordered jumps; replaying a play on the
 * board; reading a solver's answer with its key. */
#include "internal.h"

#include "../common/answer.h"
#include "../common/sequences.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Stepping --------------------------------------------------------------
 */

int peg_start_pegs(const peg_board *b, const peg_jump *first,
                   unsigned char *pegs) {
  if (!b || !pegs)
    return PEG_EINVAL;
  int empty = first && first->to >= 1 && first->to <= b->holes ? first->to : 1;
  bool goal_start = b->free_start && !first && b->goal_given &&
                    peg_board_goal_pegs(b) == b->holes - 1;
  for (int h = 1; h <= b->holes; h++)
    pegs[h] = goal_start      ? b->goal[h]
              : b->free_start ? h != empty
                              : b->start[h];
  return 0;
}

const char *peg__jump_fault(const peg_board *b, const unsigned char *pegs,
                            peg_jump j, char *buf, size_t size) {
  if (peg__find_jump(b, j.from, j.over, j.to) < 0)
    snprintf(buf, size, "%d over %d into %d is not a jump of the board", j.from,
             j.over, j.to);
  else if (!pegs[j.from])
    snprintf(buf, size, "hole %d has no peg to jump", j.from);
  else if (!pegs[j.over])
    snprintf(buf, size, "hole %d has no peg to jump over", j.over);
  else if (pegs[j.to])
    snprintf(buf, size, "hole %d is not empty", j.to);
  else
    return NULL;
  return buf;
}

int peg_apply(const peg_board *b, unsigned char *pegs, peg_jump j) {
  char why[128];
  if (!b || !pegs)
    return PEG_EINVAL;
  if (peg__jump_fault(b, pegs, j, why, sizeof why))
    return PEG_EPLAY;
  pegs[j.from] = pegs[j.over] = 0;
  pegs[j.to] = 1;
  return 0;
}

/* ---- Replay -----------------------------------------------------------------
 */

/* Whether pegs is the goal; if not, why says how it differs. */
static bool at_goal(const peg_board *b, const unsigned char *pegs, char *why,
                    size_t size) {
  int left = 0;
  for (int h = 1; h <= b->holes; h++) {
    left += pegs[h];
    if (b->goal_given && pegs[h] != b->goal[h]) {
      snprintf(why, size, "at the end hole %d %s, unlike the goal", h,
               pegs[h] ? "holds a peg" : "is empty");
      return false;
    }
  }
  if (!b->goal_given && left != 1) {
    snprintf(why, size, "%d pegs are left at the end, not one", left);
    return false;
  }
  return true;
}

int peg_replay(const peg_board *b, const peg_jump *jumps, size_t n,
               peg_error *err) {
  if (!b || (n && !jumps))
    return peg__fail(err, PEG_EINVAL, 0, 0, "invalid argument");
  unsigned char *pegs = malloc((size_t)b->holes + 1);
  if (!pegs)
    return peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
  char why[160];
  int rc = 0;
  if (b->free_start && n == 0) {
    /* No jump shows which hole was empty: any start will do that is
     * already the goal. */
    bool ok =
        b->goal_given ? peg_board_goal_pegs(b) == b->holes - 1 : b->holes == 2;
    if (!ok)
      rc = peg__fail(err, PEG_EPLAY, 0, 0,
                     "no jump, and no start with one empty hole is the goal");
    free(pegs);
    return rc;
  }
  peg_start_pegs(b, n ? &jumps[0] : NULL, pegs);
  for (size_t i = 0; i < n && !rc; i++) {
    if (peg__jump_fault(b, pegs, jumps[i], why, sizeof why))
      rc = peg__fail(err, PEG_EPLAY, (long)i + 1, 0,
                     "jump %zu, Jump(%d,%d,%d,%zu): %s", i + 1, jumps[i].from,
                     jumps[i].over, jumps[i].to, i + 1, why);
    else
      peg_apply(b, pegs, jumps[i]);
  }
  if (!rc && !at_goal(b, pegs, why, sizeof why))
    rc = peg__fail(err, PEG_EPLAY, 0, 0, "%s", why);
  free(pegs);
  return rc;
}

/* ---- Decoding a model
 * ------------------------------------------------------------ */

/* The value of atom, or PEG_EATOM with err set. */
static int value_of(const peg_encoding *e, peg_value_fn value, void *ctx,
                    int atom, peg_error *err) {
  int v = value(ctx, atom);
  if (v >= 0)
    return v != 0;
  char name[64];
  peg_atom_name(e, atom, name, sizeof name);
  return peg__fail(err, PEG_EATOM, 0, 0, "the model gives no value for %s",
                   name);
}

/* A free start and no jump: no jump shows which hole was empty, so the
 * start is the model's own Peg atoms at time 1, which must leave exactly
 * one hole empty and be the goal. */
static int model_start(const peg_encoding *e, peg_value_fn value, void *ctx,
                       unsigned char *pegs, peg_error *err) {
  const peg_board *b = e->board;
  int empty = 0;
  for (int h = 1; h <= b->holes; h++) {
    int v = value_of(e, value, ctx, peg_atom_peg(e, h, 1), err);
    if (v < 0)
      return v;
    pegs[h] = (unsigned char)v;
    empty += !v;
  }
  char why[160];
  if (empty != 1)
    return peg__fail(err, PEG_EPLAY, 0, 0,
                     "the model's start leaves %d holes empty, not one", empty);
  if (!at_goal(b, pegs, why, sizeof why))
    return peg__fail(err, PEG_EPLAY, 0, 0, "%s", why);
  return 0;
}

/* Checks that the model's Peg atoms are the states the jumps pass through. */
static int check_pegs(const peg_encoding *e, peg_value_fn value, void *ctx,
                      const peg_jump *jumps, peg_error *err) {
  const peg_board *b = e->board;
  unsigned char *pegs = malloc((size_t)b->holes + 1);
  if (!pegs)
    return peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
  int rc = 0;
  if (b->free_start && e->steps == 0)
    rc = model_start(e, value, ctx, pegs, err);
  else
    peg_start_pegs(b, e->steps ? &jumps[0] : NULL, pegs);
  for (int t = 1; t <= e->steps + 1 && !rc; t++) {
    for (int h = 1; h <= b->holes && !rc; h++) {
      int atom = peg_atom_peg(e, h, t);
      int v = value_of(e, value, ctx, atom, err);
      if (v < 0)
        rc = v;
      else if (v != pegs[h])
        rc = peg__fail(err, PEG_EPLAY, 0, 0,
                       "the model says Peg(%d,%d) is %s, but the jumps leave "
                       "hole %d %s at time %d",
                       h, t, v ? "true" : "false", h,
                       pegs[h] ? "holding a peg" : "empty", t);
    }
    if (t <= e->steps)
      peg_apply(b, pegs, jumps[t - 1]);
  }
  free(pegs);
  return rc;
}

int peg_decode(const peg_encoding *e, peg_value_fn value, void *ctx,
               peg_jump *jumps, peg_error *err) {
  if (!e || !value || (e->steps && !jumps))
    return peg__fail(err, PEG_EINVAL, 0, 0, "invalid argument");
  char a[64], b[64];
  for (int t = 1; t <= e->steps; t++) {
    long found = -1;
    for (size_t j = 0; j < e->jumps; j++) {
      int atom = (int)((size_t)(t - 1) * e->jumps + j + 1);
      int v = value_of(e, value, ctx, atom, err);
      if (v < 0)
        return v;
      if (!v)
        continue;
      if (found >= 0) {
        peg_atom_name(e, (int)((size_t)(t - 1) * e->jumps + (size_t)found + 1),
                      a, sizeof a);
        peg_atom_name(e, atom, b, sizeof b);
        return peg__fail(err, PEG_EPLAY, 0, 0,
                         "two jumps at time %d: %s and %s", t, a, b);
      }
      found = (long)j;
    }
    if (found < 0)
      return peg__fail(err, PEG_EPLAY, 0, 0, "no jump at time %d", t);
    peg_jump x = peg__jump_of(e->work, (size_t)found);
    jumps[t - 1] = (peg_jump){e->name[x.from], e->name[x.over], e->name[x.to]};
  }
  int rc = peg_replay(e->board, jumps, (size_t)e->steps, err);
  if (!rc)
    rc = check_pegs(e, value, ctx, jumps, err);
  if (rc && err)
    err->line = err->column = 0;
  return rc;
}

/* ---- Reading a solver's answer
 * ---------------------------------------------------- */

/* Play k of the plays so far (each of the encoding's steps jumps), for
 * passing over a model that repeats one (the auxiliary atoms of some
 * at-most-one encodings may differ between two models of the same play). */
static const void *play_of(const void *ctx, size_t k, size_t *bytes) {
  const peg_result *out = ctx;
  size_t n = (size_t)out->encoding->steps;
  *bytes = n * sizeof *out->jumps;
  return out->jumps + k * n;
}

/* Decodes every model of a into out's solutions, distinct plays only. */
static int decode_models(const common_answer *a, peg_result *out,
                         peg_error *err) {
  const peg_encoding *e = out->encoding;
  size_t n = (size_t)e->steps, models = common__answer_models(a);
  sequences set;
  bool room = sequences_init(&set, models, play_of, out);
  out->jumps = malloc((models * n + 1) * sizeof *out->jumps);
  if (!room || !out->jumps) {
    sequences_free(&set);
    return peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
  }
  int rc = 0;
  for (size_t m = 0; m < models && !rc; m++) {
    common_model at = {a, m};
    peg_jump *play = out->jumps + out->num_solutions * n;
    rc = peg_decode(e, common__model_value, &at, play, err);
    if (rc && m > 0 && err) /* peg__fail makes the message first */
      peg__fail(err, rc, 0, 0, "model %zu: %s", m + 1, err->message);
    if (!rc && !sequences_seen(&set, out->num_solutions))
      out->num_solutions++;
  }
  sequences_free(&set);
  return rc;
}

/* ---- The reader that lib/common/answer.c drives ------------------------- */

/* Every model, decoded and replayed into out. */
static int read_models(void *result, const common_answer *a, void *err) {
  peg_result *out = result;
  out->num_jumps = (size_t)out->encoding->steps;
  return decode_models(a, out, err);
}

COMMON_ANSWER_READER(reader, peg, PEG, read_models);

int peg_result_read(const char *text, size_t size, peg_result *out,
                    peg_error *err) {
  return common__answer_read(&reader, text, size, NULL, 0, false, out, err);
}

void peg_result_clear(peg_result *r) {
  if (!r)
    return;
  peg_encoding_free(r->encoding);
  free(r->jumps);
  memset(r, 0, sizeof *r);
}

int peg_result_read_keyed(const char *text, size_t size, const char *key,
                          size_t key_size, peg_result *out, peg_error *err) {
  return common__answer_read(&reader, text, size, key, key_size, true, out,
                             err);
}
