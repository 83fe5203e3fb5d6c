/* solver.c - dpll.Solver over libdpll.
 *
 * Every solver starts with the dpll tool's defaults (search.c), so that
 * Python searches as `dpll` does.  A solve releases the GIL; the guard
 * (search.c) takes it back now and then for Ctrl-C, the terminate callback
 * and the time limit. */
#include "native.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* ---- Options ---------------------------------------------------------------
 */

/* The value of option key called text (libdpll's names, dpll_option_info):
 * 1 and *value, or 0 if the option has no such name. */
static int named_value(const char *key, const char *text, long long *value) {
  for (int i = 0; dpll_option_info(i); i++) {
    const dpll_option *o = dpll_option_info(i);
    for (const dpll_option_value *v = o->values;
         !strcmp(o->name, key) && v && v->name; v++)
      if (!strcmp(v->name, text)) {
        *value = v->value;
        return 1;
      }
  }
  return 0;
}

/* Sets option name (a str) to value (an int, or a name of a value). */
static int set_option(dpll_solver *s, PyObject *name, PyObject *value) {
  const char *key = PyUnicode_AsUTF8(name);
  if (!key)
    return -1;
  long long v = -1;
  if (PyUnicode_Check(value)) {
    const char *text = PyUnicode_AsUTF8(value);
    if (!text)
      return -1;
    if (!named_value(key, text, &v)) {
      dpy_raise(dpy_Error, DPLL_EVALUE, "option %s: no value called '%s'", key,
                text);
      return -1;
    }
  } else if (PyLong_Check(value)) {
    int overflow;
    v = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow) {
      dpy_raise(dpy_Error, DPLL_EVALUE, "option %s: %s", key,
                dpll_strerror(DPLL_EVALUE));
      return -1;
    }
  } else {
    PyErr_Format(PyExc_TypeError, "option %s: an int or a str, not %.80s", key,
                 Py_TYPE(value)->tp_name);
    return -1;
  }
  int rc = dpll_set_option(s, key, v);
  if (rc) {
    dpy_raise(dpy_Error, rc, "option %s: %s", key, dpll_strerror(rc));
    return -1;
  }
  return 0;
}

/* ---- dpll.Solver ------------------------------------------------------------
 */

typedef struct {
  PyObject_HEAD dpll_solver *s; /* NULL once closed */
  FILE *proof;                  /* the proof file, or NULL */
  PyObject *terminate;          /* the callback, or NULL */
  dpy_ints assumed;             /* the last solve's assumptions */
  int busy;                     /* 1 while a thread solves */
} Solver;

/* 0 if the solver can be used now, else -1 with ClosedError or Error. */
static int usable(Solver *self) {
  if (!self->s) {
    dpy_raise(dpy_ClosedError, DPLL_EINVAL, "the solver is closed");
    return -1;
  }
  if (self->busy) {
    dpy_raise(dpy_Error, DPLL_EINVAL,
              "the solver is in use: another thread is solving with it");
    return -1;
  }
  return 0;
}

/* Frees the solver and closes the proof: 0, or -1 with OSError if the
 * proof file could not be written completely. */
static int close_solver(Solver *self) {
  dpll_free(self->s);
  self->s = NULL;
  dpy_ints_free(&self->assumed);
  Py_CLEAR(self->terminate);
  if (self->proof && fclose(self->proof) != 0) {
    self->proof = NULL;
    PyErr_SetFromErrno(PyExc_OSError);
    return -1;
  }
  self->proof = NULL;
  return 0;
}

static int solver_traverse(Solver *self, visitproc visit, void *arg) {
  Py_VISIT(self->terminate);
  return 0;
}

static int solver_clear(Solver *self) {
  Py_CLEAR(self->terminate);
  return 0;
}

static void solver_dealloc(Solver *self) {
  PyObject_GC_UnTrack(self);
  if (close_solver(self))
    PyErr_Clear();
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *solver_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  (void)args;
  (void)kw;
  Solver *self = (Solver *)type->tp_alloc(type, 0);
  if (self && !(self->s = dpy_new_solver())) {
    Py_DECREF(self);
    return NULL;
  }
  return (PyObject *)self;
}

/* proof=PATH, proof_format="text" or "binary". */
static int open_proof(Solver *self, PyObject *path, PyObject *format) {
  int binary = 0;
  if (format) {
    const char *f = PyUnicode_Check(format) ? PyUnicode_AsUTF8(format) : NULL;
    if (!f || (strcmp(f, "text") && strcmp(f, "binary"))) {
      PyErr_Clear();
      dpy_raise(dpy_Error, DPLL_EINVAL,
                "proof_format must be 'text' or 'binary'");
      return -1;
    }
    binary = !strcmp(f, "binary");
  }
  if (!path || path == Py_None)
    return 0;
  PyObject *bytes;
  if (!PyUnicode_FSConverter(path, &bytes))
    return -1;
  self->proof = fopen(PyBytes_AS_STRING(bytes), "wb");
  if (!self->proof) {
    PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
    Py_DECREF(bytes);
    return -1;
  }
  Py_DECREF(bytes);
  dpll_set_proof(self->s, self->proof,
                 binary ? DPLL_PROOF_BINARY : DPLL_PROOF_TEXT);
  return 0;
}

static int solver_init(Solver *self, PyObject *args, PyObject *kw) {
  PyObject *clauses = NULL;
  if (!PyArg_ParseTuple(args, "|O:Solver", &clauses) || usable(self))
    return -1;
  PyObject *opts = kw ? PyDict_Copy(kw) : PyDict_New();
  if (!opts)
    return -1;
  PyObject *proof = PyDict_GetItemString(opts, "proof");
  PyObject *format = PyDict_GetItemString(opts, "proof_format");
  Py_XINCREF(proof);
  Py_XINCREF(format);
  int rc = 0;
  const char *own[] = {"proof", "proof_format", "clauses"};
  for (size_t i = 0; i < 3; i++)
    if (PyDict_GetItemString(opts, own[i]) &&
        PyDict_DelItemString(opts, own[i]) < 0)
      rc = -1;
  if (!clauses && kw)
    clauses = PyDict_GetItemString(kw, "clauses");
  PyObject *name, *value;
  Py_ssize_t pos = 0;
  while (!rc && PyDict_Next(opts, &pos, &name, &value))
    rc = set_option(self->s, name, value);
  if (!rc)
    rc = open_proof(self, proof, format);
  if (!rc && clauses)
    rc = dpy_add_clauses(self->s, clauses);
  Py_XDECREF(proof);
  Py_XDECREF(format);
  Py_DECREF(opts);
  return rc;
}

/* ---- Solver's methods -------------------------------------------------------
 */

static PyObject *solver_add_clause(Solver *self, PyObject *clause) {
  if (usable(self))
    return NULL;
  dpy_ints a = {0};
  int rc = dpy_clause(clause, &a, 0);
  int code = rc ? 0 : dpll_add_clause(self->s, a.v, a.n);
  dpy_ints_free(&a);
  if (code)
    return dpy_raise_dpll(code, "add_clause");
  return rc ? NULL : Py_NewRef(Py_None);
}

static PyObject *solver_add_clauses(Solver *self, PyObject *clauses) {
  if (usable(self) || dpy_add_clauses(self->s, clauses))
    return NULL;
  Py_RETURN_NONE;
}

static PyObject *solver_add_dimacs(Solver *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"text", "relaxed", "name", NULL};
  Py_buffer text;
  int relaxed = 0;
  const char *name = "<string>";
  if (!PyArg_ParseTupleAndKeywords(args, kw, "s*|$ps:add_dimacs", kwlist, &text,
                                   &relaxed, &name))
    return NULL;
  if (usable(self)) {
    PyBuffer_Release(&text);
    return NULL;
  }
  dpll_input info;
  int rc = dpll_read_string(
      self->s, text.buf, (size_t)text.len,
      DPLL_FORMAT_AUTO | (relaxed ? DPLL_READ_RELAXED : 0), &info);
  PyBuffer_Release(&text);
  PyObject *r = Py_None;
  if (rc == DPLL_EPARSE)
    r = dpy_raise_parse(rc, name, info.line, info.column, info.message);
  else if (rc)
    r = dpy_raise_dpll(rc, name);
  else if (info.warnings &&
           PyErr_WarnFormat(PyExc_UserWarning, 1, "%s:%ld:%ld: %s%s", name,
                            info.warning_line, info.warning_column,
                            info.warning,
                            info.warnings > 1 ? " (and more)" : "") < 0)
    r = NULL;
  dpll_input_clear(&info);
  return Py_XNewRef(r);
}

/* The limits of one solve: conflict_limit is set for it and restored. */
/* solve's time_limit: *seconds is 0 for None, else a positive number. */
static int time_limit_of(PyObject *o, double *seconds) {
  *seconds = 0;
  if (o == Py_None)
    return 0;
  *seconds = PyFloat_AsDouble(o);
  if (*seconds == -1.0 && PyErr_Occurred())
    return -1;
  if (!(*seconds > 0)) {
    dpy_raise(dpy_Error, DPLL_EVALUE,
              "time_limit must be a positive number of seconds");
    return -1;
  }
  return 0;
}

/* Every argument is checked before the solver changes: a bad one leaves
 * the last answer, its model and its core as they were. */
static PyObject *solver_solve(Solver *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"assumptions", "time_limit", "conflict_limit", NULL};
  PyObject *assumptions = NULL, *time_obj = Py_None, *conflict_obj = Py_None;
  double time_limit;
  dpy_ints assumed = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|O$OO:solve", kwlist,
                                   &assumptions, &time_obj, &conflict_obj) ||
      usable(self) || time_limit_of(time_obj, &time_limit) ||
      (assumptions && dpy_literals(assumptions, &assumed, "assumptions"))) {
    dpy_ints_free(&assumed);
    return NULL;
  }
  int64_t old_limit;
  dpll_get_option(self->s, "conflict_limit", &old_limit);
  int rc = 0;
  if (conflict_obj != Py_None) {
    PyObject *name = PyUnicode_FromString("conflict_limit");
    rc = name ? set_option(self->s, name, conflict_obj) : -1;
    Py_XDECREF(name);
    if (rc) {
      dpy_ints_free(&assumed);
      return NULL;
    }
  }
  dpy_ints_free(&self->assumed);
  self->assumed = assumed;
  for (size_t i = 0; i < assumed.n && !rc; i++)
    if ((rc = dpll_assume(self->s, assumed.v[i])))
      dpy_raise_dpll(rc, "assumptions");
  if (!rc)
    rc = dpy_search(self->s, self->terminate, time_limit, 0, &self->busy);
  dpll_set_option(self->s, "conflict_limit", old_limit);
  if (self->proof && fflush(self->proof) != 0 && rc >= 0)
    return PyErr_SetFromErrno(PyExc_OSError);
  if (rc < 0)
    return NULL;
  return Py_NewRef(rc == DPLL_SAT     ? Py_True
                   : rc == DPLL_UNSAT ? Py_False
                                      : Py_None);
}

static PyObject *solver_model(Solver *self, PyObject *unused) {
  (void)unused;
  if (usable(self))
    return NULL;
  if (dpll_status(self->s) != DPLL_SAT)
    return dpy_raise_dpll(DPLL_ENOMODEL, "model");
  return dpy_model_list(self->s, dpll_num_vars(self->s));
}

static PyObject *solver_value(Solver *self, PyObject *lit_obj) {
  int lit;
  if (usable(self) || dpy_literal(lit_obj, &lit, "value"))
    return NULL;
  int v = dpll_model(self->s, lit);
  if (v < 0)
    return dpy_raise_dpll(v, "value");
  return PyBool_FromLong(v);
}

static PyObject *solver_core(Solver *self, PyObject *unused) {
  (void)unused;
  if (usable(self))
    return NULL;
  if (dpll_status(self->s) != DPLL_UNSAT)
    return dpy_raise_dpll(DPLL_ENOANSWER, "core");
  PyObject *list = PyList_New(0);
  for (size_t i = 0; list && i < self->assumed.n; i++) {
    int lit = self->assumed.v[i];
    int failed = dpll_failed(self->s, lit);
    if (failed < 0) {
      Py_DECREF(list);
      return dpy_raise_dpll(failed, "core");
    }
    PyObject *o = failed ? PyLong_FromLong(lit) : NULL;
    if (failed && (!o || PyList_Append(list, o) < 0))
      Py_CLEAR(list);
    Py_XDECREF(o);
  }
  return list;
}

static PyObject *solver_block_model(Solver *self, PyObject *args,
                                    PyObject *kw) {
  static char *kwlist[] = {"vars", NULL};
  PyObject *vars = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:block_model", kwlist, &vars) ||
      usable(self))
    return NULL;
  dpy_ints a = {0};
  if (vars != Py_None && dpy_literals(vars, &a, "block_model"))
    return NULL;
  int rc = a.n || vars == Py_None ? dpll_block_model(self->s, a.v, a.n) : 0;
  dpy_ints_free(&a);
  if (rc)
    return dpy_raise_dpll(rc, "block_model");
  Py_RETURN_NONE;
}

static PyObject *solver_set_terminate(Solver *self, PyObject *fn) {
  if (usable(self))
    return NULL;
  if (fn != Py_None && !PyCallable_Check(fn)) {
    PyErr_Format(PyExc_TypeError, "set_terminate: a callable or None");
    return NULL;
  }
  Py_XSETREF(self->terminate, fn == Py_None ? NULL : Py_NewRef(fn));
  Py_RETURN_NONE;
}

static PyObject *solver_set_option(Solver *self, PyObject *args) {
  PyObject *name, *value;
  if (!PyArg_ParseTuple(args, "UO:set_option", &name, &value) || usable(self) ||
      set_option(self->s, name, value))
    return NULL;
  Py_RETURN_NONE;
}

static PyObject *solver_get_option(Solver *self, PyObject *args) {
  const char *name;
  int64_t v;
  if (!PyArg_ParseTuple(args, "s:get_option", &name) || usable(self))
    return NULL;
  int rc = dpll_get_option(self->s, name, &v);
  if (rc)
    return dpy_raise(dpy_Error, rc, "option %s: %s", name, dpll_strerror(rc));
  return PyLong_FromLongLong(v);
}

static PyObject *solver_stats(Solver *self, PyObject *unused) {
  (void)unused;
  if (usable(self))
    return NULL;
  dpll_stats st;
  dpll_get_stats(self->s, &st);
  PyObject *d = PyDict_New();
  int bad = !d;
#define STAT_ITEM(name, label, doc)                                            \
  if (!bad) {                                                                  \
    PyObject *v = PyLong_FromUnsignedLongLong(st.name);                        \
    bad = !v || PyDict_SetItemString(d, #name, v) < 0;                         \
    Py_XDECREF(v);                                                             \
  }
  DPLL_STATS(STAT_ITEM)
#undef STAT_ITEM
  if (bad)
    Py_CLEAR(d);
  return d;
}

static PyObject *solver_close(Solver *self, PyObject *unused) {
  (void)unused;
  if (self->busy) {
    (void)usable(self); /* raises "in use" */
    return NULL;
  }
  if (close_solver(self))
    return NULL;
  Py_RETURN_NONE;
}

static PyObject *solver_enter(Solver *self, PyObject *unused) {
  (void)unused;
  if (usable(self))
    return NULL;
  return Py_NewRef((PyObject *)self);
}

static PyObject *solver_exit(Solver *self, PyObject *args) {
  (void)args;
  return solver_close(self, NULL);
}

static PyObject *solver_num_vars(Solver *self, void *unused) {
  (void)unused;
  return usable(self) ? NULL : PyLong_FromLong(dpll_num_vars(self->s));
}

static PyObject *solver_num_clauses(Solver *self, void *unused) {
  (void)unused;
  return usable(self) ? NULL : PyLong_FromSize_t(dpll_num_clauses(self->s));
}

static PyObject *solver_closed(Solver *self, void *unused) {
  (void)unused;
  return PyBool_FromLong(!self->s);
}

/* ---- The type
 * ----------------------------------------------------------------- */

#define METHOD(name, flags, doc)                                               \
  { #name, (PyCFunction)(void (*)(void))solver_##name, flags, doc }

static PyMethodDef solver_methods[] = {
    METHOD(add_clause, METH_O,
           "add_clause(clause)\n--\n\nAdds one clause: an iterable of "
           "non-zero ints."),
    METHOD(add_clauses, METH_O,
           "add_clauses(clauses)\n--\n\nAdds every clause of an iterable "
           "of clauses."),
    METHOD(add_dimacs, METH_VARARGS | METH_KEYWORDS,
           "add_dimacs(text, *, relaxed=False, name='<string>')\n--\n\n"
           "Adds the clauses of a DIMACS text (a 'p cnf' header first) or "
           "of the DP\nformat (one clause a line, a line 0 after them).  "
           "Raises ParseError\nsaying name:line:column: what.  relaxed "
           "accepts header counts that are\noff and comments after a "
           "clause's 0, with a UserWarning."),
    METHOD(solve, METH_VARARGS | METH_KEYWORDS,
           "solve(assumptions=(), *, time_limit=None, conflict_limit=None)"
           "\n--\n\n"
           "Searches for a model in which the assumptions (literals, for "
           "this call\nonly) hold.  Returns True (satisfiable), False "
           "(unsatisfiable under the\nassumptions) or None (stopped by a "
           "limit of this call, the terminate\ncallback or the "
           "decision_limit and conflict_limit options).  The GIL is\n"
           "released meanwhile; Ctrl-C stops it with KeyboardInterrupt."),
    METHOD(model, METH_NOARGS,
           "model()\n--\n\nThe model of the last solve (which returned "
           "True): a list of literals\nfor variables 1..num_vars."),
    METHOD(value, METH_O,
           "value(lit)\n--\n\nTrue if lit holds in the model of the last "
           "solve, else False."),
    METHOD(core, METH_NOARGS,
           "core()\n--\n\nAfter a solve that returned False: the "
           "assumptions that failed, in the\norder given; the clauses with "
           "them alone are unsatisfiable (empty when\nthe clauses alone "
           "are)."),
    METHOD(block_model, METH_VARARGS | METH_KEYWORDS,
           "block_model(vars=None)\n--\n\nAfter a solve that returned True: "
           "adds the clause that rules out the\nmodel's values on vars "
           "(every variable if None), to enumerate models."),
    METHOD(set_terminate, METH_O,
           "set_terminate(fn)\n--\n\nfn() is called about every 10 ms of a "
           "solve; a true result stops it\n(solve returns None), an "
           "exception propagates.  None removes it."),
    METHOD(set_option, METH_VARARGS,
           "set_option(name, value)\n--\n\nSets a libdpll option (an int, "
           "or a name: algorithm 'dpll', 'cdcl' or\n'auto'; heuristic "
           "'first', 'jw', 'dlis', 'activity', 'random', 'vmtf', 'auto';\n"
           "restarts 'none', 'luby', 'glucose', 'mixed', 'modes')."),
    METHOD(get_option, METH_VARARGS,
           "get_option(name)\n--\n\nThe option's value, an int."),
    METHOD(stats, METH_NOARGS,
           "stats()\n--\n\nThe search's counters over the solver's life, "
           "as a dict of ints."),
    METHOD(close, METH_NOARGS,
           "close()\n--\n\nFrees the solver and closes the proof file; "
           "later calls raise\nClosedError.  Closing twice is fine."),
    {"__enter__", (PyCFunction)(void (*)(void))solver_enter, METH_NOARGS, NULL},
    {"__exit__", (PyCFunction)(void (*)(void))solver_exit, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef solver_getset[] = {
    {"num_vars", (getter)solver_num_vars, NULL,
     "The largest variable any call has mentioned.", NULL},
    {"num_clauses", (getter)solver_num_clauses, NULL,
     "The clauses stored (tautologies are dropped).", NULL},
    {"closed", (getter)solver_closed, NULL, "True after close().", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(
    solver_doc,
    "Solver(clauses=(), *, proof=None, proof_format='text', **options)\n"
    "--\n\n"
    "An incremental SAT solver (libdpll) with the dpll tool's defaults.\n"
    "options are libdpll's (see set_option).  proof names a file that "
    "gets a\nDRAT proof of each unsatisfiable answer ('binary' for binary "
    "DRAT; none\nunder assumptions).  A context manager: the with block's "
    "end closes it.");

static PyTypeObject solver_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dpll.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_dealloc = (destructor)solver_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = solver_doc,
    .tp_traverse = (traverseproc)solver_traverse,
    .tp_clear = (inquiry)solver_clear,
    .tp_methods = solver_methods,
    .tp_getset = solver_getset,
    .tp_init = (initproc)solver_init,
    .tp_new = solver_new,
};

int dpy_solver_init(PyObject *module) {
  if (PyType_Ready(&solver_type) < 0)
    return -1;
  return PyModule_AddObjectRef(module, "Solver", (PyObject *)&solver_type);
}
