/* encoding.c - dpll.peg's Encoding (a board's clauses, key, atoms, and a
 * model decoded into jumps) and read_answer (any solver's answer with its
 * key), over libpeg. */
#include "native.h"

#include <limits.h>
#include <stdlib.h>

typedef struct {
  PyObject_HEAD peg_encoding *e; /* owned */
} Encoding;

static PyTypeObject encoding_type;
static PyTypeObject *answer_type;

/* wrap(e): a new Encoding object owning e (freed on failure). */
DPY_OWNER(static, wrap, encoding_dealloc, Encoding, encoding_type, e,
          peg_encoding, peg_encoding_free)

/* Sets option name to value (an int; at_most_one also takes a name). */
static int set_option(peg_encoding *e, PyObject *name, PyObject *value) {
  const char *key = PyUnicode_AsUTF8(name);
  if (!key)
    return -1;
  long v;
  if (PyUnicode_Check(value)) {
    const char *text = PyUnicode_AsUTF8(value);
    if (!text)
      return -1;
    v = peg_amo_lookup(text);
    if (v < 0) {
      dpy_raise(dpy_Error, PEG_EOPTION, "option %s: no value called '%s'", key,
                text);
      return -1;
    }
  } else if (PyLong_Check(value)) {
    int overflow;
    v = PyLong_AsLongAndOverflow(value, &overflow);
    if (overflow || v < INT_MIN || v > INT_MAX)
      v = INT_MAX;
  } else {
    PyErr_Format(PyExc_TypeError, "option %s: an int or a str, not %.80s", key,
                 Py_TYPE(value)->tp_name);
    return -1;
  }
  int rc = peg_encoding_set_option(e, key, (int)v);
  if (rc) {
    dpy_raise(dpy_Error, rc, "option %s: %s", key, peg_strerror(rc));
    return -1;
  }
  return 0;
}

PyObject *dpy_board_encode(dpy_board *self, PyObject *args, PyObject *kw) {
  if (PyTuple_GET_SIZE(args))
    return PyErr_Format(PyExc_TypeError, "encode takes options by name");
  peg_error err;
  int rc = peg_board_check(self->b, &err);
  if (rc)
    return dpy_raise_peg(rc, &err, "<board>");
  peg_encoding *e = peg_encoding_new(self->b, &rc);
  if (!e)
    return dpy_raise_peg(rc, NULL, "<board>");
  PyObject *name, *value;
  Py_ssize_t pos = 0;
  while (kw && PyDict_Next(kw, &pos, &name, &value))
    if (set_option(e, name, value)) {
      peg_encoding_free(e);
      return NULL;
    }
  return wrap(e);
}

/* ---- Queries
 * ------------------------------------------------------------------ */

static PyObject *encoding_board(Encoding *self, void *unused) {
  (void)unused;
  return dpy_board_wrap(peg_board_copy(peg_encoding_board(self->e)));
}

static PyObject *encoding_steps(Encoding *self, void *unused) {
  (void)unused;
  return PyLong_FromLong(peg_encoding_steps(self->e));
}

static PyObject *encoding_atoms(Encoding *self, void *unused) {
  (void)unused;
  return PyLong_FromLong(peg_encoding_atoms(self->e));
}

static PyObject *encoding_num_clauses(Encoding *self, void *unused) {
  (void)unused;
  int64_t n = peg_encoding_clauses(self->e);
  return n < 0 ? dpy_raise_peg((int)n, NULL, "<encoding>")
               : PyLong_FromLongLong(n);
}

/* Each clause emitted, appended to a list (ctx). */
static int append_clause(void *ctx, const int *lits, size_t n) {
  PyObject *clause = PyList_New((Py_ssize_t)n);
  for (size_t i = 0; clause && i < n; i++) {
    PyObject *lit = PyLong_FromLong(lits[i]);
    if (!lit)
      Py_CLEAR(clause);
    else
      PyList_SET_ITEM(clause, (Py_ssize_t)i, lit);
  }
  int rc = clause ? PyList_Append(ctx, clause) : -1;
  Py_XDECREF(clause);
  return rc ? 1 : 0;
}

static PyObject *encoding_clauses(Encoding *self, PyObject *unused) {
  (void)unused;
  PyObject *list = PyList_New(0);
  int rc = list ? peg_encoding_emit(self->e, append_clause, list) : 0;
  if (rc) {
    Py_CLEAR(list);
    if (rc < 0)
      dpy_raise_peg(rc, NULL, "<encoding>");
  }
  return list;
}

static PyObject *encoding_key(Encoding *self, PyObject *unused) {
  (void)unused;
  size_t size;
  char *key = peg_key_text(self->e, &size);
  if (!key)
    return PyErr_NoMemory();
  PyObject *r = PyUnicode_DecodeUTF8(key, (Py_ssize_t)size, "replace");
  free(key);
  return r;
}

static PyObject *encoding_atom_name(Encoding *self, PyObject *atom_obj) {
  int atom = (int)PyLong_AsLong(atom_obj);
  if (atom == -1 && PyErr_Occurred())
    return NULL;
  char name[96];
  if (peg_atom_name(self->e, atom, name, sizeof name) < 0)
    return dpy_raise(dpy_Error, PEG_EATOM, "no atom %d", atom);
  return PyUnicode_FromString(name);
}

static PyObject *encoding_atom(Encoding *self, PyObject *args) {
  const char *name;
  if (!PyArg_ParseTuple(args, "s:atom", &name))
    return NULL;
  int atom = peg_atom_lookup(self->e, name);
  if (atom < 0)
    return dpy_raise(dpy_Error, atom, "no atom called '%s'", name);
  return PyLong_FromLong(atom);
}

static PyObject *encoding_peg_atom(Encoding *self, PyObject *args) {
  int hole, time;
  if (!PyArg_ParseTuple(args, "ii:peg_atom", &hole, &time))
    return NULL;
  int atom = peg_atom_peg(self->e, hole, time);
  if (atom < 0)
    return dpy_raise(dpy_Error, atom, "no atom Peg(%d,%d)", hole, time);
  return PyLong_FromLong(atom);
}

static PyObject *encoding_jump_atom(Encoding *self, PyObject *args) {
  int from, over, to, time;
  if (!PyArg_ParseTuple(args, "(iii)i:jump_atom", &from, &over, &to, &time))
    return NULL;
  int atom = peg_atom_jump(self->e, from, over, to, time);
  if (atom < 0)
    return dpy_raise(dpy_Error, atom, "no atom Jump(%d,%d,%d,%d)", from, over,
                     to, time);
  return PyLong_FromLong(atom);
}

static PyObject *encoding_get_option(Encoding *self, PyObject *args) {
  const char *name;
  int value;
  if (!PyArg_ParseTuple(args, "s:get_option", &name))
    return NULL;
  int rc = peg_encoding_get_option(self->e, name, &value);
  if (rc)
    return dpy_raise(dpy_Error, rc, "option %s: %s", name, peg_strerror(rc));
  return PyLong_FromLong(value);
}

/* ---- Decoding
 * ------------------------------------------------------------------ */

/* A model's values by atom, for peg_decode: 1, 0, or -1 (not given). */
typedef struct values {
  signed char *v;
  int atoms;
} values;

static int value_of(void *ctx, int atom) {
  const values *m = ctx;
  return atom >= 1 && atom <= m->atoms ? m->v[atom] : -1;
}

static PyObject *encoding_decode(Encoding *self, PyObject *model) {
  values m = {NULL, peg_encoding_atoms(self->e)};
  dpy_ints lits = {0};
  if (dpy_literals(model, &lits, "decode"))
    return NULL;
  m.v = malloc((size_t)m.atoms + 1);
  size_t steps = (size_t)peg_encoding_steps(self->e);
  peg_jump *jumps = malloc((steps ? steps : 1) * sizeof *jumps);
  PyObject *r = NULL;
  if (!m.v || !jumps)
    PyErr_NoMemory();
  else {
    for (int a = 0; a <= m.atoms; a++)
      m.v[a] = -1;
    for (size_t i = 0; i < lits.n; i++) {
      int v = abs(lits.v[i]);
      if (v <= m.atoms)
        m.v[v] = lits.v[i] > 0;
    }
    peg_error err;
    int rc = peg_decode(self->e, value_of, &m, jumps, &err);
    if (rc == PEG_EATOM)
      dpy_raise(dpy_PlayError, rc,
                "the model gives no value to an atom of "
                "the encoding (%d atoms)",
                m.atoms);
    else if (rc)
      dpy_raise_peg(rc, &err, "<model>");
    else
      r = dpy_jump_list(jumps, steps);
  }
  free(m.v);
  free(jumps);
  dpy_ints_free(&lits);
  return r;
}

/* ---- Any solver's answer
 * ------------------------------------------------------- */

static PyStructSequence_Field answer_fields[] = {
    {"solved", "True if the answer has a model, a play to the goal"},
    {"complete", "True if the answer says it lists every model (a closing "
                 "0, or unsatisfiable)"},
    {"solutions", "the distinct plays: lists of jumps (from, over, to)"},
    {"encoding", "the Encoding the key rebuilds"},
    {NULL, NULL}};

static PyStructSequence_Desc answer_desc = {
    "dpll.peg.Answer",
    "A solver's answer read with its key (read_answer): solved, complete, "
    "solutions, encoding.",
    answer_fields, 4};

/* The Answer of r; r's encoding passes to it. */
static PyObject *answer_of(peg_result *r) {
  PyObject *a = PyStructSequence_New(answer_type);
  PyObject *plays = a ? PyList_New((Py_ssize_t)r->num_solutions) : NULL;
  for (size_t k = 0; plays && k < r->num_solutions; k++) {
    PyObject *p = dpy_jump_list(r->jumps + k * r->num_jumps, r->num_jumps);
    if (!p)
      Py_CLEAR(plays);
    else
      PyList_SET_ITEM(plays, (Py_ssize_t)k, p);
  }
  PyObject *e = wrap(r->encoding); /* owns it, or has freed it */
  r->encoding = NULL;
  if (!e || !plays) {
    Py_XDECREF(e);
    Py_XDECREF(plays);
    Py_XDECREF(a);
    return NULL;
  }
  PyStructSequence_SET_ITEM(a, 0, PyBool_FromLong(r->solved));
  PyStructSequence_SET_ITEM(a, 1, PyBool_FromLong(r->complete));
  PyStructSequence_SET_ITEM(a, 2, plays);
  PyStructSequence_SET_ITEM(a, 3, e);
  return a;
}

static PyObject *read_answer(PyObject *self, PyObject *args, PyObject *kw) {
  (void)self;
  static char *kwlist[] = {"text", "key", "name", "key_name", NULL};
  Py_buffer text, key = {0};
  const char *name = "<string>", *key_name = "<key>";
  if (!PyArg_ParseTupleAndKeywords(args, kw, "s*|z*ss:read_answer", kwlist,
                                   &text, &key, &name, &key_name))
    return NULL;
  peg_result r;
  peg_error err;
  int rc = peg_result_read_keyed(text.buf, (size_t)text.len, key.buf,
                                 (size_t)key.len, &r, &err);
  PyBuffer_Release(&text);
  if (key.obj)
    PyBuffer_Release(&key);
  PyObject *a = rc ? dpy_raise_peg(rc, &err, rc == PEG_EKEY ? key_name : name)
                   : answer_of(&r);
  peg_result_clear(&r);
  return a;
}

/* ---- The type
 * -------------------------------------------------------------------- */

#define METHOD(name, fn, flags, doc)                                           \
  { name, (PyCFunction)(void (*)(void))fn, flags, doc }

static PyMethodDef encoding_methods[] = {
    METHOD("clauses", encoding_clauses, METH_NOARGS,
           "clauses()\n--\n\nThe clauses, a list of lists of ints, for any "
           "solver (dpll.solve,\npycosat.solve, ...)."),
    METHOD("key", encoding_key, METH_NOARGS,
           "key()\n--\n\nThe key: the board and every atom's name, as "
           "peg-front writes it after\nthe clauses."),
    METHOD("atom_name", encoding_atom_name, METH_O,
           "atom_name(atom)\n--\n\nThe atom's name: 'Peg(5,2)', "
           "'Jump(8,5,3,4)', ..."),
    METHOD("atom", encoding_atom, METH_VARARGS,
           "atom(name)\n--\n\nThe atom called name."),
    METHOD("peg_atom", encoding_peg_atom, METH_VARARGS,
           "peg_atom(hole, time)\n--\n\nThe atom Peg(hole, time), time 1 "
           "to steps + 1."),
    METHOD("jump_atom", encoding_jump_atom, METH_VARARGS,
           "jump_atom(jump, time)\n--\n\nThe atom Jump(from, over, to, "
           "time), time 1 to steps."),
    METHOD("get_option", encoding_get_option, METH_VARARGS,
           "get_option(name)\n--\n\nAn option's value (see Board.encode)."),
    METHOD("decode", encoding_decode, METH_O,
           "decode(model)\n--\n\nThe jumps of a model (the literals a "
           "solver gives, as dpll.solve and\npycosat.solve return them), "
           "checked by replaying them to the goal;\nPlayError if they are "
           "not a legal play."),
    {NULL, NULL, 0, NULL}};

static PyGetSetDef encoding_getset[] = {
    {"board", (getter)encoding_board, NULL, "A copy of the board.", NULL},
    {"steps", (getter)encoding_steps, NULL,
     "The jumps of a play: pegs at the start minus pegs in the goal.", NULL},
    {"atoms", (getter)encoding_atoms, NULL, "The number of atoms.", NULL},
    {"num_clauses", (getter)encoding_num_clauses, NULL,
     "The number of clauses.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject encoding_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dpll.peg.Encoding",
    .tp_basicsize = sizeof(Encoding),
    .tp_dealloc = (destructor)encoding_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A board's clauses (Board.encode): atoms Peg(hole, time) and "
              "Jump(from, over, to, time).",
    .tp_methods = encoding_methods,
    .tp_getset = encoding_getset,
};

static PyMethodDef functions[] = {
    METHOD("peg_read_answer", read_answer, METH_VARARGS | METH_KEYWORDS,
           "peg_read_answer(text, key=None, name='<string>', "
           "key_name='<key>')\n--\n\n"
           "Reads a solver's answer to a board's clauses as peg-back does: "
           "dpll's DP\nanswer (the key follows it), or a SAT-competition "
           "answer ('s SATISFIABLE'\nand 'v' lines) or MiniSat's result "
           "file with key, the text of the\nDIMACS file `peg-front "
           "--dimacs` wrote or of its --key-out file.\nEvery model is "
           "decoded and replayed.  Returns an Answer."),
    {NULL, NULL, 0, NULL}};

int dpy_encoding_init(PyObject *module) {
  if (PyType_Ready(&encoding_type) < 0 ||
      PyModule_AddObjectRef(module, "Encoding", (PyObject *)&encoding_type) < 0)
    return -1;
  answer_type = PyStructSequence_NewType(&answer_desc);
  if (!answer_type ||
      PyModule_AddObjectRef(module, "Answer", (PyObject *)answer_type) < 0)
    return -1;
  return PyModule_AddFunctions(module, functions);
}
