/* pegplay.c - the searches on a dpll.peg.Board: solve (as `peg-front |
 * dpll | peg-back`), hints and count (as `peg-front --hint` and
 * `--count`), and the position classes' explanation.  Each works on a copy
 * of the board, so that the GIL can be released while libdpll searches. */
#include "native.h"
#include "pegsolver.h"

#include <stdlib.h>

/* A checked copy of self's board in *out: 0, or -1 with an exception. */
static int checked_copy(dpy_board *self, peg_board **out) {
  peg_error err;
  int rc = peg_board_check(self->b, &err);
  if (rc) {
    dpy_raise_peg(rc, &err, "<board>");
    return -1;
  }
  if (!(*out = peg_board_copy(self->b))) {
    PyErr_NoMemory();
    return -1;
  }
  return 0;
}

static int add_clause(void *s, const int *lits, size_t n) {
  return dpll_add_clause(s, lits, n);
}

static int model_value(void *s, int atom) { return dpll_model(s, atom); }

/* Solves e with libdpll (the dpll tool's defaults); the play goes to
 * jumps[0..steps-1].  Returns 1 (solved), 0 (no play), or -1 with an
 * exception. */
static int solve_encoding(const peg_encoding *e, peg_jump *jumps) {
  dpll_solver *s = dpy_new_solver();
  if (!s)
    return -1;
  int rc = peg_encoding_emit(e, add_clause, s);
  if (rc) {
    dpll_free(s);
    dpy_raise_dpll(rc, "adding the clauses");
    return -1;
  }
  rc = dpy_search(s, NULL, 0, 0, NULL);
  int solved = rc == DPLL_SAT;
  if (solved) {
    peg_error err;
    int code = peg_decode(e, model_value, s, jumps, &err);
    if (code) {
      dpy_raise_peg(code, &err, "<model>");
      rc = -1;
    }
  } else if (rc == DPLL_UNKNOWN) {
    dpy_raise(dpy_Error, rc, "the solver stopped without an answer");
    rc = -1;
  }
  dpll_free(s);
  return rc < 0 ? -1 : solved;
}

PyObject *dpy_board_solve(dpy_board *self, PyObject *unused) {
  (void)unused;
  peg_board *b;
  if (checked_copy(self, &b))
    return NULL;
  int rc;
  peg_encoding *e = peg_encoding_new(b, &rc);
  peg_board_free(b);
  if (!e)
    return dpy_raise_peg(rc, NULL, "<board>");
  size_t steps = (size_t)peg_encoding_steps(e);
  peg_jump *jumps = malloc((steps ? steps : 1) * sizeof *jumps);
  PyObject *r = NULL;
  if (!jumps)
    PyErr_NoMemory();
  else if ((rc = solve_encoding(e, jumps)) >= 0)
    r = rc ? dpy_jump_list(jumps, steps) : Py_NewRef(Py_None);
  free(jumps);
  peg_encoding_free(e);
  return r;
}

/* Runs fn(b, solver, ctx) with a libdpll peg_solver, without the GIL. */
typedef int (*with_solver_fn)(peg_board *b, peg_solver *s, void *ctx);

/* Returns fn's code, or -100 with an exception (Ctrl-C, out of memory). */
static int with_solver(peg_board *b, with_solver_fn fn, void *ctx) {
  peg_solver s;
  if (pegsolver_open(&s)) {
    PyErr_NoMemory();
    return -100;
  }
  dpy_guard g;
  dpy_guard_init(&g, s.ctx, NULL, 0, 0);
  dpy_guard_begin(&g);
  int rc = fn(b, &s, ctx);
  int failed = dpy_guard_end(&g);
  pegsolver_close(&s);
  return failed ? -100 : rc;
}

static int find_hints(peg_board *b, peg_solver *s, void *ctx) {
  return peg_hints_find(b, s, ctx);
}

/* The hints as (jump, wins, play or None) tuples. */
static PyObject *hint_list(const peg_hints *h) {
  PyObject *list = PyList_New((Py_ssize_t)h->count);
  for (size_t i = 0; list && i < h->count; i++) {
    PyObject *jump = dpy_jump_list(&h->jumps[i], 1);
    PyObject *play = !h->wins[i]
                         ? Py_NewRef(Py_None)
                         : dpy_jump_list(&h->plays[i * h->steps], h->steps);
    PyObject *t = jump && play
                      ? Py_BuildValue("(ONO)", PyList_GET_ITEM(jump, 0),
                                      PyBool_FromLong(h->wins[i]), play)
                      : NULL;
    Py_XDECREF(jump);
    if (!t) {
      Py_XDECREF(play);
      Py_CLEAR(list);
    } else
      PyList_SET_ITEM(list, (Py_ssize_t)i, t);
  }
  return list;
}

PyObject *dpy_board_hints(dpy_board *self, PyObject *unused) {
  (void)unused;
  peg_board *b;
  if (checked_copy(self, &b))
    return NULL;
  peg_hints h = {0};
  int rc = with_solver(b, find_hints, &h);
  peg_board_free(b);
  PyObject *r = NULL;
  if (rc == PEG_EINVAL)
    dpy_raise(dpy_Error, rc,
              "the solver chooses the empty hole: give the "
              "position (set_empty, set_start or after)");
  else if (rc && rc != -100)
    dpy_raise_peg(rc, NULL, "<board>");
  else if (!rc)
    r = hint_list(&h);
  peg_hints_clear(&h);
  return r;
}

/* Counting: every play, canonical_order off so that each order counts. */
typedef struct count_job {
  uint64_t most, count;
} count_job;

static int count_plays(peg_board *b, peg_solver *s, void *ctx) {
  count_job *job = ctx;
  int rc;
  peg_encoding *e = peg_encoding_new(b, &rc);
  if (!e)
    return rc;
  peg_encoding_set_option(e, "canonical_order", 0);
  rc = peg_enumerate(e, s, job->most, NULL, NULL, &job->count);
  peg_encoding_free(e);
  return rc;
}

PyObject *dpy_board_count(dpy_board *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"most", NULL};
  long long most = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|L:count", kwlist, &most))
    return NULL;
  if (most < 0)
    return dpy_raise(dpy_Error, PEG_EINVAL,
                     "count: most must be 0 (no "
                     "limit) or positive, not %lld",
                     most);
  peg_board *b;
  if (checked_copy(self, &b))
    return NULL;
  count_job job = {(uint64_t)most, 0};
  int rc = with_solver(b, count_plays, &job);
  peg_board_free(b);
  if (rc == -100)
    return NULL;
  if (rc < 0)
    return dpy_raise_peg(rc, NULL, "<board>");
  return PyLong_FromUnsignedLongLong(job.count);
}

PyObject *dpy_board_explain(dpy_board *self, PyObject *unused) {
  (void)unused;
  char *why;
  int rc = peg_explain(self->b, &why);
  if (rc < 0)
    return dpy_raise_peg(rc, NULL, "<board>");
  if (!rc)
    Py_RETURN_NONE;
  PyObject *r = PyUnicode_FromString(why);
  free(why);
  return r;
}
