/* pycosat.c - pycosat's interface over libdpll: solve(clauses, vars,
 * verbose, prop_limit) and itersolve(...), so that `import dpll as
 * pycosat` runs pycosat code.  Each call makes its own solver with the
 * dpll tool's defaults (solver.c). */
#include "native.h"

/* pycosat's verbose output: the counters, on stderr. */
static void print_stats(const dpll_solver *s) {
  dpll_stats st;
  dpll_get_stats(s, &st);
#define PRINT_STAT(name, label, doc)                                           \
  if (st.name)                                                                 \
    PySys_FormatStderr("c %-18s %llu\n", label, (unsigned long long)st.name);
  DPLL_STATS(PRINT_STAT)
#undef PRINT_STAT
}

/* pycosat's solver: the clauses, and variables 1..vars made to exist. */
static dpll_solver *pycosat_solver(PyObject *clauses, int vars) {
  dpll_solver *s = dpy_new_solver();
  if (!s)
    return NULL;
  int rc = 0;
  if (dpy_add_clauses(s, clauses) < 0)
    rc = -1;
  else if (vars > 0 && (rc = dpll_set_priority(s, vars, 0)) != 0)
    dpy_raise_dpll(rc, "vars");
  if (rc) {
    dpll_free(s);
    return NULL;
  }
  return s;
}

/* ---- pycosat's solve ---------------------------------------------------- */

static char *pycosat_kwlist[] = {"clauses", "vars", "verbose", "prop_limit",
                                 NULL};

/* What a call of solve or itersolve asks for. */
typedef struct call {
  dpll_solver *s; /* with the clauses; owned by the caller */
  uint64_t prop_limit;
  int verbose;
} call;

/* Reads solve's or itersolve's arguments into *c: 0, or -1 with an
 * exception. */
static int open_call(PyObject *args, PyObject *kw, call *c) {
  PyObject *clauses;
  int vars = 0;
  long long prop_limit = 0;
  c->verbose = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|iiL", pycosat_kwlist, &clauses,
                                   &vars, &c->verbose, &prop_limit))
    return -1;
  if (prop_limit < 0) {
    PyErr_Format(PyExc_ValueError,
                 "prop_limit must be 0 (no limit) or "
                 "positive, not %lld",
                 prop_limit);
    return -1;
  }
  c->prop_limit = (uint64_t)prop_limit;
  c->s = pycosat_solver(clauses, vars);
  return c->s ? 0 : -1;
}

static PyObject *py_solve(PyObject *self, PyObject *args, PyObject *kw) {
  (void)self;
  call c;
  if (open_call(args, kw, &c))
    return NULL;
  int rc = dpy_search(c.s, NULL, 0, c.prop_limit, NULL);
  if (rc >= 0 && c.verbose > 0)
    print_stats(c.s);
  PyObject *r = rc < 0             ? NULL
                : rc == DPLL_SAT   ? dpy_model_list(c.s, dpll_num_vars(c.s))
                : rc == DPLL_UNSAT ? PyUnicode_FromString("UNSAT")
                                   : PyUnicode_FromString("UNKNOWN");
  dpll_free(c.s);
  return r;
}

/* ---- pycosat's itersolve: an iterator over the models ----------------------
 */

typedef struct {
  PyObject_HEAD dpll_solver *s; /* NULL when the models are over */
  uint64_t prop_limit;
  int verbose, started;
  int busy; /* 1 while a thread searches for the next model */
} Models;

static void models_dealloc(Models *m) {
  dpll_free(m->s);
  Py_TYPE(m)->tp_free((PyObject *)m);
}

static PyObject *models_next(Models *m) {
  if (m->busy) {
    PyErr_SetString(PyExc_ValueError,
                    "itersolve: another thread is "
                    "searching for this iterator's next model");
    return NULL;
  }
  if (!m->s)
    return NULL;
  int rc = m->started ? dpll_block_model(m->s, NULL, 0) : 0;
  m->started = 1;
  if (rc) {
    dpll_free(m->s);
    m->s = NULL;
    return dpy_raise_dpll(rc, "itersolve");
  }
  rc = dpy_search(m->s, NULL, 0, m->prop_limit, &m->busy);
  if (rc >= 0 && m->verbose > 0)
    print_stats(m->s);
  if (rc != DPLL_SAT) {
    dpll_free(m->s);
    m->s = NULL;
    return NULL;
  }
  return dpy_model_list(m->s, dpll_num_vars(m->s));
}

static PyTypeObject models_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dpll._native.Models",
    .tp_basicsize = sizeof(Models),
    .tp_dealloc = (destructor)models_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The models of itersolve, one by one.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)models_next,
};

static PyObject *py_itersolve(PyObject *self, PyObject *args, PyObject *kw) {
  (void)self;
  call c;
  if (open_call(args, kw, &c))
    return NULL;
  Models *m = PyObject_New(Models, &models_type);
  if (!m) {
    dpll_free(c.s);
    return NULL;
  }
  m->s = c.s;
  m->prop_limit = c.prop_limit;
  m->verbose = c.verbose;
  m->started = 0;
  m->busy = 0;
  return (PyObject *)m;
}

PyDoc_STRVAR(
    solve_doc,
    "solve(clauses, vars=0, verbose=0, prop_limit=0)\n--\n\n"
    "Solves the clauses (an iterable of iterables of non-zero ints) as\n"
    "pycosat.solve does.  Returns a model, [1 or -1, 2 or -2, ..., n or -n]\n"
    "for n the larger of vars and the largest variable in the clauses, or\n"
    "\"UNSAT\", or \"UNKNOWN\" when the search made prop_limit propagations\n"
    "(0: no limit) without an answer.  verbose > 0 writes the search's\n"
    "counters to stderr.  Raises LiteralError for a literal 0 or beyond\n"
    "MAX_VAR, TypeError for one that is not an int.  Ctrl-C stops it.");

PyDoc_STRVAR(
    itersolve_doc,
    "itersolve(clauses, vars=0, verbose=0, prop_limit=0)\n--\n\n"
    "Every model of the clauses, one after another, as pycosat.itersolve\n"
    "yields them: each assignment of variables 1..n (as in solve) once.\n"
    "prop_limit bounds the search for each model; reaching it ends the\n"
    "iteration.");

static PyMethodDef functions[] = {
    {"solve", (PyCFunction)(void (*)(void))py_solve,
     METH_VARARGS | METH_KEYWORDS, solve_doc},
    {"itersolve", (PyCFunction)(void (*)(void))py_itersolve,
     METH_VARARGS | METH_KEYWORDS, itersolve_doc},
    {NULL, NULL, 0, NULL}};

int dpy_pycosat_init(PyObject *module) {
  if (PyType_Ready(&models_type) < 0)
    return -1;
  return PyModule_AddFunctions(module, functions);
}
