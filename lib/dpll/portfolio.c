/* portfolio.c - dpll_solve: one search, or with the option "threads" above
 * 1 a portfolio of searches on the same clauses, each in its own thread.
 *
 * The caller's solver is search 0 and runs in the calling thread, exactly
 * as configured, so that a portfolio never searches worse than one
 * search but for the cores the others take.  Searches 1..N-1 are solvers
 * of their own, made for the solve from the clauses (not the learned
 * ones) and the options, then made different: another seed and a random
 * first order of the variables (dpll__heap_perturb), true as the first
 * phase of every variable in every other search (search 0 starts false),
 * by turns the other restart policies, target phases and rephasing,
 * bounded variable addition in every other search (option "factor"), and
 * the conflict-driven
 * engine where search 0 takes the classic one with its lookahead (random
 * k-SAT near its threshold).
 *
 * They share what they learn through one exchange: every clause of up to
 * SHARE_MAX_SIZE literals a search learns (units included) goes into a
 * ring of ints under a mutex, and each cdcl search, after each of its
 * restarts, takes the clauses the others put there since it last looked
 * (dpll__import_clause).  A clause any of them learns follows from the
 * clauses, whatever the others did (elimination, pure literals and variable
 * addition keep that so; cdcl.c, elim.c and bva.c say why), so an imported
 * clause can make a search faster, never its answer wrong.  A search that falls
 * behind by a whole ring skips what it missed.
 *
 * The first answer wins: it sets the stop flag, which every search's
 * terminate callback reads.  If search 0 did not find it, the caller's
 * solver takes the winner's answer (dpll__adopt_answer): a model is
 * checked against the caller's clauses as its own would be.  The caller's
 * terminate callback is called by search 0 only, in the calling thread,
 * and stops them all.  The counters of all searches are added up (the
 * deepest level is the largest).
 *
 * A solve under assumptions, writing a proof, traced, or of clauses known
 * unsatisfiable runs one search: their answers (failed assumptions, the
 * proof, the events) belong to one search. */
#define _POSIX_C_SOURCE 200809L

#include "add.h"
#include "analyze.h"
#include "assume.h"
#include "clausedb.h"
#include "heap.h"
#include "internal.h"
#include "lookahead.h"
#include "phase.h"
#include "proof.h"
#include "solver.h"
#include "trace.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SHARE_MAX_SIZE 8
#define RING_INTS (1u << 20) /* 4 MiB */

typedef struct exchange {
  pthread_mutex_t lock;
  int *ring;       /* entries: source, size, literals */
  uint64_t head;   /* ints written so far */
  int winner;      /* the search that answered first, or -1 */
  int result;      /* its answer */
  atomic_int stop; /* 1 once an answer is in or the caller stops */
} exchange;

typedef struct worker {
  dpll_solver *s;
  exchange *x;
  int id;
  uint64_t cursor; /* ints of the ring read so far */
  int *buf;        /* the entries read, copied out of the ring */
  size_t buf_cap;
  bool importing;
  int result;
  pthread_t thread;
  /* Search 0: the caller's callbacks, while the portfolio runs. */
  dpll_terminate_fn terminate;
  void *terminate_ctx;
  dpll_learn_fn learn;
  void *learn_ctx;
  size_t learn_max;
} worker;

/* ---- The exchange ----------------------------------------------------------
 */

/* The learn callback: shares a short clause, and hands search 0's to the
 * caller's callback as before. */
static void share(void *ctx, const int *lits, size_t n) {
  worker *w = ctx;
  if (w->importing)
    return;
  if (w->learn && n <= w->learn_max)
    w->learn(w->learn_ctx, lits, n);
  if (n > SHARE_MAX_SIZE)
    return;
  exchange *x = w->x;
  pthread_mutex_lock(&x->lock);
  x->ring[x->head++ % RING_INTS] = w->id;
  x->ring[x->head++ % RING_INTS] = (int)n;
  for (size_t i = 0; i < n; i++)
    x->ring[x->head++ % RING_INTS] = lits[i];
  pthread_mutex_unlock(&x->lock);
}

/* Copies the entries written since w last looked into w->buf; returns
 * their ints (0 if memory runs out: they are skipped). */
static size_t take_new(worker *w) {
  exchange *x = w->x;
  pthread_mutex_lock(&x->lock);
  if (x->head - w->cursor > RING_INTS)
    w->cursor = x->head; /* overwritten before it was read */
  size_t n = (size_t)(x->head - w->cursor);
  if (n > w->buf_cap) {
    int *buf = realloc(w->buf, n * sizeof *buf);
    if (buf) {
      w->buf = buf;
      w->buf_cap = n;
    }
  }
  if (n > w->buf_cap)
    n = 0;
  for (size_t i = 0; i < n; i++)
    w->buf[i] = x->ring[(w->cursor + i) % RING_INTS];
  w->cursor = x->head;
  pthread_mutex_unlock(&x->lock);
  return n;
}

/* The import callback: the other searches' clauses since the last time. */
static int import(void *ctx, dpll_solver *s) {
  worker *w = ctx;
  size_t n = take_new(w);
  int rc = 0;
  w->importing = true;
  for (size_t i = 0; i + 2 <= n && !rc && !dpll__unsat(s);) {
    int source = w->buf[i], size = w->buf[i + 1];
    if (source != w->id)
      rc = dpll__import_clause(s, &w->buf[i + 2], (size_t)size);
    i += 2 + (size_t)size;
  }
  w->importing = false;
  return rc;
}

static int terminate(void *ctx) {
  worker *w = ctx;
  if (atomic_load_explicit(&w->x->stop, memory_order_relaxed))
    return 1;
  if (w->terminate && w->terminate(w->terminate_ctx)) {
    atomic_store(&w->x->stop, 1);
    return 1;
  }
  return 0;
}

/* A search's end: the first answer wins and stops the others. */
static void finish(worker *w, int result) {
  exchange *x = w->x;
  w->result = result;
  if (result != DPLL_SAT && result != DPLL_UNSAT)
    return;
  pthread_mutex_lock(&x->lock);
  if (x->winner < 0) {
    x->winner = w->id;
    x->result = result;
  }
  pthread_mutex_unlock(&x->lock);
  atomic_store(&x->stop, 1);
}

static void *run(void *arg) {
  worker *w = arg;
  finish(w, dpll__solve_one(w->s));
  return NULL;
}

/* ---- The searches ----------------------------------------------------------
 */

/* The options of search k >= 1: search 0's, made different. */
static int diversify(dpll_solver *c, const dpll_solver *s, int k) {
  static const int restarts[] = {DPLL_RESTARTS_LUBY, DPLL_RESTARTS_GLUCOSE,
                                 DPLL_RESTARTS_MIXED};
  int rc = 0;
#define COPY_OPTION(name, ...)                                                 \
  if (!rc)                                                                     \
    rc = dpll_set_option(c, #name, s->opt[OPT_##name]);
  DPLL_OPTIONS(COPY_OPTION)
#undef COPY_OPTION
  if (!rc)
    rc = dpll_set_option(c, "threads", 1);
  if (!rc)
    rc = dpll_set_option(c, "seed", (s->opt[OPT_seed] + k) % INT32_MAX);
  if (!rc)
    rc = dpll_set_option(c, "restarts", restarts[k % 3]);
  if (!rc)
    rc = dpll_set_option(c, "target_phase", 1 + k % 2);
  if (!rc)
    rc = dpll_set_option(c, "rephase", 1 + k % 3);
  if (!rc && k % 2 == 1) /* bounded variable addition (bva.c) */
    rc = dpll_set_option(c, "factor", 1);
  if (!rc && dpll__engine(s) != DPLL_ALGORITHM_CDCL)
    rc = dpll_set_option(c, "algorithm", DPLL_ALGORITHM_CDCL);
  return rc;
}

/* A new solver with s's clauses, variables and their classes. */
static dpll_solver *copy_clauses(const dpll_solver *s, int *buf) {
  dpll_solver *c = dpll_new();
  int rc = c ? 0 : DPLL_ENOMEM;
  for (size_t i = 0; !rc && i < dpll__num_clauses(s); i++) {
    const clause *cl = dpll__clause(s, dpll__clause_ref(s, i));
    for (uint32_t k = 0; k < cl->size; k++)
      buf[k] = lit_to_ext(cl->lits[k]);
    rc = dpll_add_clause(c, buf, cl->size);
  }
  for (int v = 1; !rc && v <= s->num_vars; v++)
    if (v == s->num_vars || dpll__classes_set(s)) {
      rc = dpll_set_priority(c, v, dpll__priority(s, v));
      if (!rc && !dpll__may_decide(s, v))
        rc = dpll_set_decision(c, v, 0);
    }
  if (rc) {
    dpll_free(c);
    return NULL;
  }
  return c;
}

/* Makes searches 1..n-1; returns how many searches there are (1 if
 * memory runs out at once: the solve then runs alone). */
static int make_workers(dpll_solver *s, worker *w, int n) {
  int *buf = malloc(((size_t)s->num_vars + 1) * sizeof *buf);
  int made = 1;
  for (int k = 1; buf && k < n; k++, made++) {
    w[k].s = copy_clauses(s, buf);
    if (!w[k].s)
      break;
    if (diversify(w[k].s, s, k)) {
      dpll_free(w[k].s);
      break;
    }
    dpll__heap_perturb(w[k].s, (uint64_t)s->opt[OPT_seed] + (uint64_t)k);
    if (k % 2)
      dpll__phase_set_all(w[k].s, 1); /* true first; search 0 false */
  }
  free(buf);
  return made;
}

/* Sets up search k's callbacks (search 0's keep the caller's in w). */
static void connect(worker *w, exchange *x, int k) {
  w->x = x;
  w->id = k;
  w->result = DPLL_UNKNOWN;
  size_t max = SHARE_MAX_SIZE;
  if (k == 0) {
    w->terminate = w->s->terminate;
    w->terminate_ctx = w->s->terminate_ctx;
    dpll__learn_callback(w->s, &w->learn, &w->learn_ctx, &w->learn_max);
    if (w->learn && w->learn_max > max)
      max = w->learn_max;
  }
  dpll_set_terminate(w->s, terminate, w);
  dpll_set_learn(w->s, max, share, w);
  dpll__set_import(w->s, import, w);
}

/* Gives search 0 back the caller's callbacks and adds the others'
 * counters to its own. */
static void disconnect(worker *w, int n) {
  dpll_solver *s = w[0].s;
  dpll_set_terminate(s, w[0].terminate, w[0].terminate_ctx);
  dpll_set_learn(s, w[0].learn_max, w[0].learn, w[0].learn_ctx);
  dpll__set_import(s, NULL, NULL);
  for (int k = 1; k < n; k++) {
    dpll_stats t;
    dpll_get_stats(w[k].s, &t);
    uint64_t depth = s->stats.max_depth;
#define ADD_STAT(name, label, doc) s->stats.name += t.name;
    DPLL_STATS(ADD_STAT)
#undef ADD_STAT
    s->stats.max_depth = depth > t.max_depth ? depth : t.max_depth;
  }
}

/* Takes the answer of search k (> 0) for s. */
static int adopt(dpll_solver *s, const worker *w) {
  if (w->result == DPLL_UNSAT)
    return dpll__adopt_answer(s, DPLL_UNSAT, NULL);
  unsigned char *model = malloc((size_t)s->num_vars + 1);
  if (!model)
    return DPLL_ENOMEM;
  model[0] = 0;
  for (int v = 1; v <= s->num_vars; v++)
    model[v] = dpll_model(w->s, v) == 1;
  int rc = dpll__adopt_answer(s, DPLL_SAT, model);
  free(model);
  return rc;
}

/* The portfolio of n >= 2 searches (fewer if memory or threads run out). */
static int portfolio(dpll_solver *s, int n) {
  exchange x = {.winner = -1};
  worker *w = calloc((size_t)n, sizeof *w);
  x.ring = malloc(RING_INTS * sizeof *x.ring);
  if (!w || !x.ring || pthread_mutex_init(&x.lock, NULL)) {
    free(w);
    free(x.ring);
    return dpll__solve_one(s);
  }
  atomic_init(&x.stop, 0);
  dpll__store_shape(s); /* what dpll__engine, in diversify, reads */
  w[0].s = s;
  n = make_workers(s, w, n);
  int started = 1;
  for (int k = 0; k < n; k++)
    connect(&w[k], &x, k);
  for (; started < n; started++)
    if (pthread_create(&w[started].thread, NULL, run, &w[started]))
      break;
  finish(&w[0], dpll__solve_one(s));
  atomic_store(&x.stop, 1);
  for (int k = 1; k < started; k++)
    pthread_join(w[k].thread, NULL);
  disconnect(w, n);
  int res = w[0].result;
  if (res == DPLL_UNKNOWN && x.winner > 0)
    res = adopt(s, &w[x.winner]);
  for (int k = 0; k < n; k++) {
    if (k)
      dpll_free(w[k].s);
    free(w[k].buf);
  }
  pthread_mutex_destroy(&x.lock);
  free(x.ring);
  free(w);
  return res;
}

/* How many searches a solve of s runs now. */
static int searches(const dpll_solver *s) {
  int64_t n = s->opt[OPT_threads];
  if (n == 0) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    n = cores < 1 ? 1 : cores;
  }
  if (n > DPLL_MAX_THREADS)
    n = DPLL_MAX_THREADS;
  if (n < 2 || dpll__assuming(s) || dpll__proof_wanted(s) || dpll__tracing(s) ||
      dpll__unsat(s) || dpll__num_clauses(s) == 0)
    return 1;
  return (int)n;
}

int dpll_solve(dpll_solver *s) {
  if (!s)
    return DPLL_EINVAL;
  if (dpll__input_open(s))
    return DPLL_EOPEN;
  int n = searches(s);
  return n > 1 ? portfolio(s, n) : dpll__solve_one(s);
}
