/* play.c - libpeg driving a solver it is given: every play of a puzzle
 * (solve, report, forbid that play's jumps, again), and the hints for a
 * position (which first jumps still reach the goal, each settled by a
 * solve under an assumption). */
#include "internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

bool peg__solver_ok(const peg_solver *s) {
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

int peg__load(const peg_encoding *e, const peg_solver *s) {
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
 * forbidden and the walk goes up to depth k-1; at the root's depth it is
 * done.  So each play costs one satisfiable solve, and each prefix with a
 * play one unsatisfiable solve, every one of them under assumptions that
 * leave the solver little to search. */
typedef struct walk {
  const peg_encoding *e;
  const peg_solver *s;
  size_t t;       /* jumps in a play */
  peg_jump *play; /* the last play found: its first k jumps are assumed */
  int *lits;      /* the assumptions, then scratch for forbid */
  int *clause;
  peg_jump *found; /* the play of the last model */
} walk;

/* Solves under the first k jumps of w->play; 10, 20 or PEG_ESOLVER. */
static int solve_under(walk *w, size_t k) {
  for (size_t i = 0; i < k; i++)
    w->lits[i] = peg_atom_jump(w->e, w->play[i].from, w->play[i].over,
                               w->play[i].to, (int)i + 1);
  int answer = w->s->solve(w->s->ctx, w->lits, k);
  return answer == 10 || answer == 20 ? answer : PEG_ESOLVER;
}

/* The walk from depth root down (see above). */
static int walk_from(walk *w, size_t root, const peg__sink *sink) {
  int rc = 0;
  size_t k = root; /* depth: jumps assumed */
  while (!rc) {
    int answer = solve_under(w, k);
    if (answer < 0) {
      rc = answer;
    } else if (answer == 20) {
      if (k == root)
        break; /* every play under the root found */
      rc = forbid(w->e, w->s, w->play, k, w->clause);
      k--;
    } else if (!(rc = peg_decode(w->e, solver_value, (void *)w->s, w->found,
                                 NULL))) {
      if (memcmp(w->found, w->play, k * sizeof *w->play))
        return PEG_ESOLVER; /* the solver ignored an assumption */
      memcpy(w->play, w->found, w->t * sizeof *w->play);
      if (sink->report(sink->ctx, w->play, w->t))
        return 1;
      if (w->t == root)
        break; /* the root's jumps are a whole play: the only one */
      rc = forbid(w->e, w->s, w->play, w->t, w->clause);
      k = w->t - 1;
    }
  }
  return rc;
}

int peg__plays_under(const peg_encoding *e, const peg_solver *s,
                     const peg_jump *prefix, size_t root,
                     const peg__sink *sink) {
  walk w = {e, s, (size_t)e->steps, NULL, NULL, NULL, NULL};
  assert(root <= w.t);
  w.play = malloc((w.t + 1) * sizeof *w.play);
  w.found = malloc((w.t + 1) * sizeof *w.found);
  w.lits = malloc((w.t + 1) * sizeof *w.lits);
  w.clause = malloc((w.t + 1) * sizeof *w.clause);
  int rc = w.play && w.found && w.lits && w.clause ? 0 : PEG_ENOMEM;
  if (!rc) {
    if (root)
      memcpy(w.play, prefix, root * sizeof *prefix);
    rc = walk_from(&w, root, sink);
  }
  free(w.play);
  free(w.found);
  free(w.lits);
  free(w.clause);
  return rc;
}

/* One enumeration's plays, counted and passed on. */
typedef struct tally {
  uint64_t most, found;
  peg_play_fn on_play;
  void *ctx;
} tally;

/* A play found: stop if most are found already (there are more), else
 * count it and pass it on. */
static int count_play(void *ctx, const peg_jump *play, size_t t) {
  tally *c = ctx;
  if (c->most && c->found == c->most)
    return 1;
  c->found++;
  return c->on_play && c->on_play(c->ctx, play, t);
}

int peg_enumerate(const peg_encoding *e, const peg_solver *s, uint64_t most,
                  peg_play_fn on_play, void *ctx, uint64_t *count) {
  if (count)
    *count = 0;
  if (!e || !peg__solver_ok(s))
    return PEG_EINVAL;
  tally c = {most, 0, on_play, ctx};
  peg__sink sink = {count_play, &c};
  int rc = peg__load(e, s);
  if (!rc)
    rc = peg__plays_under(e, s, NULL, 0, &sink);
  if (count)
    *count = c.found;
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

int peg__hint_settle(const peg_encoding *e, const peg_solver *s, peg_hints *h,
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

int peg__hints_begin(const peg_board *b, peg_hints *out, peg_encoding **e) {
  int rc;
  *e = peg_encoding_new(b, &rc);
  if (!*e)
    return rc;
  /* Any legal first jump may begin a play: no canonical order. */
  peg_encoding_set_option(*e, "canonical_order", 0);
  out->steps = (size_t)(*e)->steps;
  rc = out->steps ? legal_jumps(b, out) : 0;
  if (!rc && out->count) {
    out->wins = calloc(out->count, sizeof *out->wins);
    out->plays = calloc(out->count * out->steps, sizeof *out->plays);
    rc = out->wins && out->plays ? 0 : PEG_ENOMEM;
  }
  return rc;
}

int peg_hints_find(const peg_board *b, const peg_solver *s, peg_hints *out) {
  if (!out)
    return PEG_EINVAL;
  memset(out, 0, sizeof *out);
  if (!b || !peg__solver_ok(s) || b->free_start)
    return PEG_EINVAL;
  peg_encoding *e;
  int rc = peg__hints_begin(b, out, &e);
  if (!rc && out->count)
    rc = peg__load(e, s);
  for (size_t i = 0; i < out->count && !rc; i++)
    rc = peg__hint_settle(e, s, out, i);
  peg_encoding_free(e);
  if (rc)
    peg_hints_clear(out);
  return rc;
}

void peg_hints_clear(peg_hints *h) {
  if (!h)
    return;
  COMMON_FREE_ALL(h->jumps, h->wins, h->plays);
  memset(h, 0, sizeof *h);
}
