/* parallel.c - every play and the hints with several solvers, each in a
 * thread of its own (peg_enumerate_parallel, peg_hints_find_parallel).
 *
 * The work is split where it is independent.  Hints: each legal first
 * jump is settled by one solve, so the threads take the jumps one by one
 * from a shared counter, each settling its jumps on its own solver.
 * Plays: every play begins with exactly one jump at time 1, so the plays
 * fall into disjoint sets by their first jump; the threads take the first
 * jumps one by one and each walks the plays under its jumps (play.c's
 * walk from depth 1).  The plays reach the caller's callback one at a
 * time, under a lock, in an order that depends on the threads.
 *
 * The encoding and the board are only read, from every thread; each
 * solver is used by one thread.  The first error, or the callback's stop,
 * stops the other threads at their next jump. */
#define _POSIX_C_SOURCE 200809L

#include "internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* What the threads share. */
typedef struct shared {
  pthread_mutex_t lock;
  atomic_size_t next; /* the next item (first jump or hint) to take */
  atomic_int stop;    /* an error or a stop: take no more */
  int rc;             /* the first error (or 1: stopped), under lock */
  /* Plays: the first jumps, the count and the caller's callback. */
  const peg_jump *firsts;
  size_t num_firsts;
  uint64_t most, found;
  peg_play_fn on_play;
  void *ctx;
  /* Hints. */
  peg_hints *hints;
  const peg_encoding *e;
} shared;

typedef struct worker {
  shared *sh;
  const peg_solver *s;
  pthread_t thread;
} worker;

static void fail(shared *sh, int rc) {
  pthread_mutex_lock(&sh->lock);
  if (!sh->rc || (sh->rc == 1 && rc < 0))
    sh->rc = rc; /* an error outranks a stop */
  pthread_mutex_unlock(&sh->lock);
  atomic_store(&sh->stop, 1);
}

/* The next item to take, or false when none is left or a thread failed. */
static bool take(shared *sh, size_t n, size_t *i) {
  if (atomic_load(&sh->stop))
    return false;
  *i = atomic_fetch_add(&sh->next, 1);
  return *i < n;
}

/* A play found by one thread: counted and passed on under the lock, as
 * peg_enumerate does (stop once most are found and another comes). */
static int report(void *ctx, const peg_jump *play, size_t t) {
  shared *sh = ctx;
  pthread_mutex_lock(&sh->lock);
  int stop = sh->stop || (sh->most && sh->found == sh->most);
  if (!stop) {
    sh->found++;
    stop = sh->on_play && sh->on_play(sh->ctx, play, t);
  }
  pthread_mutex_unlock(&sh->lock);
  return stop;
}

static void *plays_thread(void *arg) {
  worker *w = arg;
  shared *sh = w->sh;
  peg__sink sink = {report, sh};
  int rc = peg__load(sh->e, w->s);
  size_t i;
  while (!rc && take(sh, sh->num_firsts, &i))
    rc = peg__plays_under(sh->e, w->s, &sh->firsts[i], 1, &sink);
  if (rc)
    fail(sh, rc);
  return NULL;
}

static void *hints_thread(void *arg) {
  worker *w = arg;
  shared *sh = w->sh;
  int rc = peg__load(sh->e, w->s);
  size_t i;
  while (!rc && take(sh, sh->hints->count, &i))
    rc = peg__hint_settle(sh->e, w->s, sh->hints, i);
  if (rc)
    fail(sh, rc);
  return NULL;
}

/* Runs fn on n workers, one per solver, in threads: the first in the
 * calling thread; sh's lock lives for the run.  Returns sh->rc, or
 * PEG_ENOMEM if the workers cannot be made. */
static int run(shared *sh, const peg_solver *solvers, size_t n,
               void *(*fn)(void *)) {
  worker *w = calloc(n, sizeof *w);
  if (!w)
    return PEG_ENOMEM;
  pthread_mutex_init(&sh->lock, NULL);
  size_t started = 1;
  for (size_t k = 0; k < n; k++)
    w[k] = (worker){sh, &solvers[k], 0};
  for (; started < n; started++)
    if (pthread_create(&w[started].thread, NULL, fn, &w[started]))
      break; /* fewer threads: the others take their share */
  fn(&w[0]);
  for (size_t k = 1; k < started; k++)
    pthread_join(w[k].thread, NULL);
  pthread_mutex_destroy(&sh->lock);
  free(w);
  return sh->rc;
}

static bool solvers_ok(const peg_solver *solvers, size_t n) {
  for (size_t k = 0; k < n; k++)
    if (!peg__solver_ok(&solvers[k]))
      return false;
  return solvers != NULL && n > 0;
}

/* The jumps a play may begin with: every jump with an atom at time 1. */
static int first_jumps(const peg_encoding *e, peg_jump **out, size_t *n) {
  const peg_board *b = peg_encoding_board(e);
  size_t all = 2 * b->num_triples;
  *n = 0;
  *out = malloc((all + 1) * sizeof **out);
  if (!*out)
    return PEG_ENOMEM;
  for (size_t j = 0; j < all; j++) {
    peg_jump x = peg__jump_of(b, j);
    if (peg_atom_jump(e, x.from, x.over, x.to, 1) > 0)
      (*out)[(*n)++] = x;
  }
  return 0;
}

int peg_enumerate_parallel(const peg_encoding *e, const peg_solver *solvers,
                           size_t n, uint64_t most, peg_play_fn on_play,
                           void *ctx, uint64_t *count) {
  if (count)
    *count = 0;
  if (!e || !solvers_ok(solvers, n))
    return PEG_EINVAL;
  if (n == 1 || e->steps == 0) /* no first jump to share out */
    return peg_enumerate(e, &solvers[0], most, on_play, ctx, count);
  shared sh = {.most = most, .on_play = on_play, .ctx = ctx, .e = e};
  peg_jump *firsts;
  int rc = first_jumps(e, &firsts, &sh.num_firsts);
  if (rc)
    return rc;
  sh.firsts = firsts;
  rc = run(&sh, solvers, n, plays_thread);
  free(firsts);
  if (count)
    *count = sh.found;
  return rc;
}

int peg_hints_find_parallel(const peg_board *b, const peg_solver *solvers,
                            size_t n, peg_hints *out) {
  if (!out)
    return PEG_EINVAL;
  memset(out, 0, sizeof *out);
  if (!b || !solvers_ok(solvers, n) || b->free_start)
    return PEG_EINVAL;
  if (n == 1)
    return peg_hints_find(b, &solvers[0], out);
  peg_encoding *e;
  shared sh = {.hints = out};
  int rc = peg__hints_begin(b, out, &e);
  if (!rc && out->count) {
    sh.e = e;
    rc = run(&sh, solvers, n, hints_thread);
  }
  peg_encoding_free(e);
  if (rc)
    peg_hints_clear(out);
  return rc;
}
