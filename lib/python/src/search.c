/* search.c - a search run without the GIL: the guard that takes the GIL
 * back now and then to check Ctrl-C, the terminate callback and the
 * limits; new solvers with the dpll tool's defaults; models as lists. */
#include "native.h"
#include "tooldefaults.h"

#include <time.h>

/* ---- The guard ------------------------------------------------------------
 */

/* How often the GIL is taken back to check signals and call fn. */
#define POLL_SECONDS 0.01

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int guard_poll(void *ctx);

void dpy_guard_init(dpy_guard *g, dpll_solver *s, PyObject *fn,
                    double time_limit, uint64_t prop_limit) {
  double t = now();
  *g = (dpy_guard){.solver = s,
                   .fn = fn,
                   .deadline = time_limit > 0 ? t + time_limit : 0,
                   .next_poll = t + POLL_SECONDS,
                   .prop_limit = prop_limit};
  dpll_set_terminate(s, guard_poll, g);
}

/* With the GIL: the signal handlers (Ctrl-C), then fn.  1 to stop. */
static int poll_python(dpy_guard *g) {
  if (PyErr_CheckSignals() < 0) {
    g->failed = 1;
    return 1;
  }
  if (!g->fn)
    return 0;
  PyObject *r = PyObject_CallNoArgs(g->fn);
  int stop = r ? PyObject_IsTrue(r) : -1;
  Py_XDECREF(r);
  if (stop < 0) {
    g->failed = 1;
    return 1;
  }
  g->stopped = stop;
  return stop;
}

/* The terminate callback (ctx: a dpy_guard). */
static int guard_poll(void *ctx) {
  dpy_guard *g = ctx;
  if (g->stopped || g->failed)
    return 1;
  if (g->prop_limit) {
    dpll_stats st;
    dpll_get_stats(g->solver, &st);
    if (st.propagations >= g->prop_limit)
      return g->stopped = 1;
  }
  double t = now();
  if (g->deadline && t >= g->deadline)
    return g->stopped = 1;
  if (t < g->next_poll)
    return 0;
  g->next_poll = t + POLL_SECONDS;
  int stop;
  if (g->thread) {
    PyEval_RestoreThread(g->thread);
    stop = poll_python(g);
    g->thread = PyEval_SaveThread();
  } else
    stop = poll_python(g);
  return stop;
}

void dpy_guard_begin(dpy_guard *g) { g->thread = PyEval_SaveThread(); }

int dpy_guard_end(dpy_guard *g) {
  PyEval_RestoreThread(g->thread);
  g->thread = NULL;
  dpll_set_terminate(g->solver, NULL, NULL);
  return g->failed ? -1 : 0;
}

/* ---- A search ------------------------------------------------------------ */

int dpy_search(dpll_solver *s, PyObject *fn, double time_limit,
               uint64_t prop_limit, int *busy) {
  dpll_stats st;
  dpll_get_stats(s, &st);
  dpy_guard g;
  dpy_guard_init(&g, s, fn, time_limit,
                 prop_limit ? st.propagations + prop_limit : 0);
  if (busy)
    *busy = 1;
  dpy_guard_begin(&g);
  int rc = dpll_solve(s);
  int failed = dpy_guard_end(&g);
  if (busy)
    *busy = 0;
  if (failed)
    return -1;
  if (rc < 0) {
    dpy_raise_dpll(rc, "solve");
    return -1;
  }
  return rc;
}

PyObject *dpy_model_list(const dpll_solver *s, int n) {
  PyObject *list = PyList_New(n);
  for (int v = 1; list && v <= n; v++) {
    int value = dpll_model(s, v);
    if (value < 0) {
      Py_DECREF(list);
      return dpy_raise_dpll(value, "model");
    }
    PyObject *lit = PyLong_FromLong(value ? v : -v);
    if (!lit) {
      Py_DECREF(list);
      return NULL;
    }
    PyList_SET_ITEM(list, v - 1, lit);
  }
  return list;
}

dpll_solver *dpy_new_solver(void) {
  dpll_solver *s = dpll_new();
  if (!s || dpll_tool_defaults(s, NULL)) {
    dpll_free(s);
    PyErr_NoMemory();
    return NULL;
  }
  return s;
}
