/* base.c - what every part of dpll._native uses: its exceptions, and
 * literals and clauses read from Python objects.  module.c makes the
 * module; search.c runs searches; the types live in solver.c, peg.c and
 * encoding.c. */
#include "native.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

PyObject *dpy_Error, *dpy_LiteralError, *dpy_ClosedError, *dpy_ParseError,
    *dpy_PlayError;

/* ---- Exceptions ---------------------------------------------------------- */

/* Raises an instance of cls made from message, with attributes .code,
 * .message and, where name is not NULL, .name, .line and .column. */
static PyObject *raise_with(PyObject *cls, int code, const char *message,
                            const char *name, long line, long column) {
  PyObject *e = PyObject_CallFunction(cls, "s", message);
  if (!e)
    return NULL;
  PyObject *k = PyLong_FromLong(code);
  int bad = !k || PyObject_SetAttrString(e, "code", k) < 0;
  Py_XDECREF(k);
  PyObject *m = PyUnicode_FromString(message);
  bad = bad || !m || PyObject_SetAttrString(e, "message", m) < 0;
  Py_XDECREF(m);
  if (!bad && name) {
    PyObject *n = PyUnicode_DecodeFSDefault(name);
    PyObject *l = PyLong_FromLong(line), *c = PyLong_FromLong(column);
    bad = !n || !l || !c || PyObject_SetAttrString(e, "name", n) < 0 ||
          PyObject_SetAttrString(e, "line", l) < 0 ||
          PyObject_SetAttrString(e, "column", c) < 0;
    Py_XDECREF(n);
    Py_XDECREF(l);
    Py_XDECREF(c);
  }
  if (!bad)
    PyErr_SetObject(cls, e);
  Py_DECREF(e);
  return NULL;
}

PyObject *dpy_raise(PyObject *cls, int code, const char *fmt, ...) {
  char message[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  return raise_with(cls, code, message, NULL, 0, 0);
}

PyObject *dpy_raise_parse(int code, const char *name, long line, long column,
                          const char *message) {
  char text[512];
  snprintf(text, sizeof text, "%s:%ld:%ld: %s", name, line, column, message);
  return raise_with(dpy_ParseError, code, text, name, line, column);
}

PyObject *dpy_raise_dpll(int code, const char *what) {
  if (code == DPLL_ENOMEM)
    return PyErr_NoMemory();
  return dpy_raise(code == DPLL_ERANGE ? dpy_LiteralError : dpy_Error, code,
                   "%s: %s", what, dpll_strerror(code));
}

/* ---- Literals and clauses -------------------------------------------------
 */

int dpy_ints_push(dpy_ints *a, int x) {
  if (a->n == a->cap) {
    size_t cap = a->cap ? 2 * a->cap : 16;
    int *v = realloc(a->v, cap * sizeof *v);
    if (!v) {
      PyErr_NoMemory();
      return -1;
    }
    a->v = v;
    a->cap = cap;
  }
  a->v[a->n++] = x;
  return 0;
}

void dpy_ints_free(dpy_ints *a) {
  free(a->v);
  *a = (dpy_ints){0};
}

int dpy_literal(PyObject *o, int *lit, const char *what) {
  if (!PyLong_Check(o)) {
    PyErr_Format(PyExc_TypeError, "%s: a literal must be an int, not %.80s",
                 what, Py_TYPE(o)->tp_name);
    return -1;
  }
  int overflow;
  long v = PyLong_AsLongAndOverflow(o, &overflow);
  if (v == -1 && PyErr_Occurred())
    return -1;
  if (overflow || v == 0 || v > DPLL_MAX_VAR || v < -DPLL_MAX_VAR) {
    PyObject *r = PyObject_Repr(o);
    if (r)
      dpy_raise(dpy_LiteralError, DPLL_ERANGE,
                "%s: literal %.40s is 0 or beyond MAX_VAR (%d)", what,
                PyUnicode_AsUTF8(r), DPLL_MAX_VAR);
    Py_XDECREF(r);
    return -1;
  }
  *lit = (int)v;
  return 0;
}

int dpy_ints_of(PyObject *o, dpy_ints *a, const char *what,
                int (*convert)(PyObject *, int *, const char *)) {
  a->n = 0;
  PyObject *seq = PySequence_Fast(o, "");
  if (!seq) {
    PyErr_Format(PyExc_TypeError, "%s: an iterable of ints, not %.80s", what,
                 Py_TYPE(o)->tp_name);
    return -1;
  }
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
  PyObject **items = PySequence_Fast_ITEMS(seq);
  int rc = 0;
  for (Py_ssize_t i = 0; i < n && !rc; i++) {
    int v;
    rc = convert(items[i], &v, what) || dpy_ints_push(a, v) ? -1 : 0;
  }
  Py_DECREF(seq);
  return rc;
}

int dpy_literals(PyObject *o, dpy_ints *a, const char *what) {
  return dpy_ints_of(o, a, what, dpy_literal);
}

int dpy_clause(PyObject *clause, dpy_ints *a, size_t index) {
  char what[48];
  if (index)
    snprintf(what, sizeof what, "clause %zu", index);
  else
    snprintf(what, sizeof what, "the clause");
  return dpy_literals(clause, a, what);
}

int dpy_add_clauses(dpll_solver *s, PyObject *clauses) {
  PyObject *it = PyObject_GetIter(clauses);
  if (!it) {
    PyErr_Format(PyExc_TypeError,
                 "the clauses must be an iterable of clauses, not %.80s",
                 Py_TYPE(clauses)->tp_name);
    return -1;
  }
  dpy_ints a = {0};
  PyObject *c;
  size_t index = 0;
  int rc = 0;
  while (!rc && (c = PyIter_Next(it))) {
    rc = dpy_clause(c, &a, ++index);
    Py_DECREF(c);
    int code = rc ? 0 : dpll_add_clause(s, a.v, a.n);
    if (code) {
      char what[48];
      snprintf(what, sizeof what, "clause %zu", index);
      dpy_raise_dpll(code, what);
      rc = -1;
    }
  }
  Py_DECREF(it);
  dpy_ints_free(&a);
  return rc || PyErr_Occurred() ? -1 : 0;
}

/* ---- The exceptions, made at import ------------------------------------- */

/* Adds exception name, a subclass of bases, as dpy_NAME. */
static int add_exception(PyObject *m, PyObject **out, const char *name,
                         const char *doc, PyObject *bases) {
  char qualified[64];
  snprintf(qualified, sizeof qualified, "dpll.%s", name);
  *out = PyErr_NewExceptionWithDoc(qualified, doc, bases, NULL);
  return *out ? PyModule_AddObjectRef(m, name, *out) : -1;
}

int dpy_exceptions_add(PyObject *m) {
  if (add_exception(m, &dpy_Error, "Error",
                    "A failure the libraries report: .code is their "
                    "negative code, .message their one-line message.",
                    PyExc_Exception))
    return -1;
  const struct {
    PyObject **out;
    const char *name, *doc;
  } sub[] = {
      {&dpy_LiteralError, "LiteralError",
       "A literal that is 0 or beyond MAX_VAR."},
      {&dpy_ClosedError, "ClosedError", "A call on a closed Solver."},
      {&dpy_ParseError, "ParseError",
       "Malformed text: .name, .line and .column say where."},
      {&dpy_PlayError, "PlayError",
       "A model or jumps that are not a legal play to the goal."},
  };
  for (size_t i = 0; i < sizeof sub / sizeof sub[0]; i++) {
    PyObject *bases = PyTuple_Pack(2, dpy_Error, PyExc_ValueError);
    int rc = bases
                 ? add_exception(m, sub[i].out, sub[i].name, sub[i].doc, bases)
                 : -1;
    Py_XDECREF(bases);
    if (rc)
      return -1;
  }
  return 0;
}
