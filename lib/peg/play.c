/* play.c - libpeg driving a solver it is given: every play of a puzzle
 * (solve, report, forbid that play's jumps, again), and the hints for a
 * position (which first jumps still reach the goal, each settled by a
 * solve under an assumption). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static bool solver_ok(const peg_solver *s) {
  return s && s->add && s->solve && s->value;
}

/* A model lookup through the solver. */
static int solver_value(void *ctx, int atom) {
  const peg_solver *s = ctx;
  return s->value(s->ctx, atom);
}

/* A failure of the solver's add: PEG_ESOLVER (PEG_ENOMEM stays). */
static int added(int rc) {
  return rc == 0 || rc == PEG_ENOMEM ? rc : PEG_ESOLVER;
}

/* Emits e into the solver. */
static int load(const peg_encoding *e, const peg_solver *s) {
  return added(peg_encoding_emit(e, s->add, s->ctx));
}

/* The clause that forbids the first k jumps of play: one of their Jump
 * atoms false.  Last jump first: a solver watching the first literals
 * visits the clause only when a search reaches the prefix's end. */
static int forbid(const peg_encoding *e, const peg_solver *s,
                  const peg_jump *play, size_t k, int *lits) {
  for (size_t i = 0; i < k; i++)
    lits[k - 1 - i] =
        -peg_atom_jump(e, play[i].from, play[i].over, play[i].to, (int)i + 1);
  return added(s->add(s->ctx, lits, k));
}

/* The plays are the leaves of a tree of prefixes, walked depth first with
 * the solver's help.  At depth k (prefix[0..k-1] assumed), a model is a
 * play beginning with the prefix: it is reported and forbidden, and the
 * walk goes on at depth T-1 under it.  An unsatisfiable answer at depth k
 * means every play beginning with the prefix has been found: the prefix is
 * forbidden and the walk goes up to depth k-1; at depth 0 it is done.  So
 * each play costs one satisfiable solve, and each prefix with a play one
 * unsatisfiable solve, every one of them under assumptions that leave the
 * solver little to search. */
typedef struct walk {
  const peg_encoding *e;
  const peg_solver *s;
  size_t t;       /* jumps in a play */
  peg_jump *play; /* the last play found: its first k jumps are assumed */
  int *lits;      /* the assumptions, then scratch for forbid */
  int *clause;
} walk;

/* Solves under the first k jumps of w->play; 10, 20 or PEG_ESOLVER. */
static int solve_under(walk *w, size_t k) {
  for (size_t i = 0; i < k; i++)
    w->lits[i] = peg_atom_jump(w->e, w->play[i].from, w->play[i].over,
                               w->play[i].to, (int)i + 1);
  int answer = w->s->solve(w->s->ctx, w->lits, k);
  return answer == 10 || answer == 20 ? answer : PEG_ESOLVER;
}

int peg_enumerate(const peg_encoding *e, const peg_solver *s, uint64_t most,
                  peg_play_fn on_play, void *ctx, uint64_t *count) {
  if (count)
    *count = 0;
  if (!e || !solver_ok(s))
    return PEG_EINVAL;
  walk w = {e, s, (size_t)e->steps, NULL, NULL, NULL};
  w.play = malloc((w.t + 1) * sizeof *w.play);
  peg_jump *found_play = malloc((w.t + 1) * sizeof *found_play);
  w.lits = malloc((w.t + 1) * sizeof *w.lits);
  w.clause = malloc((w.t + 1) * sizeof *w.clause);
  int rc = w.play && found_play && w.lits && w.clause ? load(e, s) : PEG_ENOMEM;
  uint64_t found = 0;
  size_t k = 0; /* depth: jumps assumed */
  while (!rc) {
    int answer = solve_under(&w, k);
    if (answer < 0) {
      rc = answer;
    } else if (answer == 20) {
      if (k == 0)
        break; /* every play found */
      rc = forbid(e, s, w.play, k, w.clause);
      k--;
    } else if (most && found == most) {
      rc = 1;
    } else if (!(rc = peg_decode(e, solver_value, (void *)s, found_play,
                                 NULL))) {
      if (memcmp(found_play, w.play, k * sizeof *w.play))
        rc = PEG_ESOLVER; /* the solver ignored an assumption */
      memcpy(w.play, found_play, w.t * sizeof *w.play);
      found++;
      if (!rc && on_play && on_play(ctx, w.play, w.t))
        rc = 1;
      if (!rc && w.t == 0)
        break; /* a play of no jumps is the only one */
      if (!rc)
        rc = forbid(e, s, w.play, w.t, w.clause);
      k = w.t - 1;
    }
  }
  free(w.play);
  free(found_play);
  free(w.lits);
  free(w.clause);
  if (count)
    *count = found;
  return rc;
}

/* ---- Hints ----------------------------------------------------------------
 */

/* The legal jumps from the board's start, in the board's jump order. */
static int legal_jumps(const peg_board *b, peg_hints *h) {
  size_t n = 2 * b->num_triples;
  h->jumps = malloc((n + 1) * sizeof *h->jumps);
  if (!h->jumps)
    return PEG_ENOMEM;
  for (size_t j = 0; j < n; j++) {
    peg_jump x = peg__jump_of(b, j);
    if (b->start[x.from] && b->start[x.over] && !b->start[x.to])
      h->jumps[h->count++] = x;
  }
  return 0;
}

/* Settles hint i: a solve assuming its jump at time 1. */
static int settle(const peg_encoding *e, const peg_solver *s, peg_hints *h,
                  size_t i) {
  peg_jump j = h->jumps[i];
  int first = peg_atom_jump(e, j.from, j.over, j.to, 1);
  int answer = s->solve(s->ctx, &first, 1);
  if (answer == 20)
    return 0;
  if (answer != 10)
    return PEG_ESOLVER;
  peg_jump *play = h->plays + i * h->steps;
  int rc = peg_decode(e, solver_value, (void *)s, play, NULL);
  if (!rc && (play[0].from != j.from || play[0].to != j.to))
    rc = PEG_ESOLVER; /* the solver ignored the assumption */
  if (!rc)
    h->wins[i] = 1;
  return rc;
}

int peg_hints_find(const peg_board *b, const peg_solver *s, peg_hints *out) {
  if (!out)
    return PEG_EINVAL;
  memset(out, 0, sizeof *out);
  if (!b || !solver_ok(s) || b->free_start)
    return PEG_EINVAL;
  int rc;
  peg_encoding *e = peg_encoding_new(b, &rc);
  if (!e)
    return rc;
  /* Any legal first jump may begin a play: no canonical order. */
  peg_encoding_set_option(e, "canonical_order", 0);
  out->steps = (size_t)e->steps;
  rc = out->steps ? legal_jumps(b, out) : 0;
  if (!rc && out->count) {
    out->wins = calloc(out->count, sizeof *out->wins);
    out->plays = calloc(out->count * out->steps, sizeof *out->plays);
    rc = out->wins && out->plays ? load(e, s) : PEG_ENOMEM;
  }
  for (size_t i = 0; i < out->count && !rc; i++)
    rc = settle(e, s, out, i);
  peg_encoding_free(e);
  if (rc)
    peg_hints_clear(out);
  return rc;
}

void peg_hints_clear(peg_hints *h) {
  if (!h)
    return;
  free(h->jumps);
  free(h->wins);
  free(h->plays);
  memset(h, 0, sizeof *h);
}
