/* peg.c - dpll.peg's Board (the puzzle) and Encoding (its clauses, key and
 * decoding), and reading any solver's answer, over libpeg.  The methods
 * that search are in pegplay.c. */
#include "native.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static PyTypeObject board_type;

/* ---- Errors and conversions ------------------------------------------------
 */

PyObject *dpy_raise_peg(int code, const peg_error *err, const char *name) {
  if (code == PEG_ENOMEM)
    return PyErr_NoMemory();
  const char *message =
      err && err->message[0] ? err->message : peg_strerror(code);
  if ((code == PEG_EPARSE || code == PEG_EKEY || code == PEG_EANSWER) && err &&
      err->line > 0)
    return dpy_raise_parse(code, name, err->line, err->column, message);
  return dpy_raise(code == PEG_EPLAY ? dpy_PlayError : dpy_Error, code, "%s",
                   message);
}

/* o as an int in *v: 0, or -1 with TypeError or OverflowError. */
static int int_of(PyObject *o, int *v, const char *what) {
  if (!PyLong_Check(o)) {
    PyErr_Format(PyExc_TypeError, "%s: an int, not %.80s", what,
                 Py_TYPE(o)->tp_name);
    return -1;
  }
  int overflow;
  long x = PyLong_AsLongAndOverflow(o, &overflow);
  if (overflow || x < -PEG_MAX_HOLES * 1000L || x > PEG_MAX_HOLES * 1000L) {
    dpy_raise(dpy_Error, PEG_EHOLE, "%s: no such hole", what);
    return -1;
  }
  *v = (int)x;
  return x == -1 && PyErr_Occurred() ? -1 : 0;
}

/* The ints of an iterable (holes) in a (emptied first): 0 or -1. */
static int int_list(PyObject *o, dpy_ints *a, const char *what) {
  return dpy_ints_of(o, a, what, int_of);
}

int dpy_jumps(PyObject *jumps, peg_jump **out, size_t *n, const char *what) {
  *out = NULL;
  *n = 0;
  dpy_ints a = {0}, one = {0};
  PyObject *seq = PySequence_Fast(jumps, "");
  if (!seq)
    PyErr_Format(PyExc_TypeError, "%ss: an iterable of (a, b, c), not %.80s",
                 what, Py_TYPE(jumps)->tp_name);
  int rc = seq ? 0 : -1;
  for (Py_ssize_t i = 0; !rc && i < PySequence_Fast_GET_SIZE(seq); i++) {
    char label[48];
    snprintf(label, sizeof label, "%s %zd", what, i + 1);
    rc = int_list(PySequence_Fast_GET_ITEM(seq, i), &one, label);
    if (!rc && one.n != 3) {
      PyErr_Format(PyExc_ValueError, "%s: three holes, not %zu", label, one.n);
      rc = -1;
    }
    for (size_t k = 0; !rc && k < 3; k++)
      rc = dpy_ints_push(&a, one.v[k]);
  }
  Py_XDECREF(seq);
  dpy_ints_free(&one);
  if (!rc && a.n) {
    *out = malloc(a.n / 3 * sizeof **out);
    if (!*out)
      rc = -1, PyErr_NoMemory();
    for (size_t i = 0; !rc && i < a.n / 3; i++)
      (*out)[i] = (peg_jump){a.v[3 * i], a.v[3 * i + 1], a.v[3 * i + 2]};
    *n = rc ? 0 : a.n / 3;
  }
  dpy_ints_free(&a);
  return rc;
}

PyObject *dpy_jump_list(const peg_jump *jumps, size_t n) {
  PyObject *list = PyList_New((Py_ssize_t)n);
  for (size_t i = 0; list && i < n; i++) {
    PyObject *t =
        Py_BuildValue("(iii)", jumps[i].from, jumps[i].over, jumps[i].to);
    if (!t)
      Py_CLEAR(list);
    else
      PyList_SET_ITEM(list, (Py_ssize_t)i, t);
  }
  return list;
}

/* Text (str or bytes-like) as a buffer; release with PyBuffer_Release. */
static int text_of(PyObject *o, Py_buffer *view) {
  if (PyUnicode_Check(o)) {
    Py_ssize_t size;
    const char *s = PyUnicode_AsUTF8AndSize(o, &size);
    return s ? PyBuffer_FillInfo(view, o, (void *)s, size, 1, PyBUF_SIMPLE)
             : -1;
  }
  return PyObject_GetBuffer(o, view, PyBUF_SIMPLE);
}

/* A malloc'd C string (from libpeg) as str, freed. */
static PyObject *str_of(char *s, size_t size) {
  if (!s)
    return PyErr_NoMemory();
  PyObject *r = PyUnicode_DecodeUTF8(s, (Py_ssize_t)size, "replace");
  free(s);
  return r;
}

/* ---- Board
 * ------------------------------------------------------------------- */

DPY_OWNER(, dpy_board_wrap, board_dealloc, dpy_board, board_type, b, peg_board,
          peg_board_free)

/* The holes of a start or a goal, set by fn. */
static int set_holes(dpy_board *self, PyObject *holes,
                     int (*fn)(peg_board *, const int *, size_t),
                     const char *what) {
  dpy_ints a = {0};
  int rc = int_list(holes, &a, what);
  int code = rc ? 0 : fn(self->b, a.v, a.n);
  dpy_ints_free(&a);
  if (code)
    dpy_raise(dpy_Error, code, "%s: %s", what, peg_strerror(code));
  return rc || code ? -1 : 0;
}

static int board_init(dpy_board *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"holes", "triples", "empty", "start", "goal", NULL};
  int holes;
  PyObject *triples = NULL, *empty = Py_None, *start = Py_None, *goal = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "i|O$OOO:Board", kwlist, &holes,
                                   &triples, &empty, &start, &goal))
    return -1;
  if (holes < 1 || holes > PEG_MAX_HOLES) {
    dpy_raise(dpy_Error, PEG_EINVAL, "a board has 1 to %d holes, not %d",
              PEG_MAX_HOLES, holes);
    return -1;
  }
  if (empty != Py_None && start != Py_None) {
    dpy_raise(dpy_Error, PEG_EINVAL, "give empty or start, not both");
    return -1;
  }
  peg_board *b = peg_board_new(holes);
  if (!b) {
    PyErr_NoMemory();
    return -1;
  }
  peg_board_free(self->b);
  self->b = b;
  peg_jump *t;
  size_t n;
  if (triples && dpy_jumps(triples, &t, &n, "triple"))
    return -1;
  int rc = 0;
  for (size_t i = 0; triples && i < n && !rc; i++)
    if ((rc = peg_board_add_triple(self->b, t[i].from, t[i].over, t[i].to)))
      dpy_raise(dpy_Error, rc, "triple (%d, %d, %d): %s", t[i].from, t[i].over,
                t[i].to, peg_strerror(rc));
  if (triples)
    free(t);
  int hole;
  if (!rc && empty != Py_None) {
    if (int_of(empty, &hole, "empty"))
      rc = -1;
    else if ((rc = peg_board_set_empty(self->b, hole)))
      dpy_raise(dpy_Error, rc, "empty: %s", peg_strerror(rc));
  }
  if (!rc && start != Py_None)
    rc = set_holes(self, start, peg_board_set_start, "start");
  if (!rc && goal != Py_None)
    rc = set_holes(self, goal, peg_board_set_goal, "goal");
  return rc ? -1 : 0;
}

/* Every Board holds a board, from its creation: a 1-hole one until
 * __init__ replaces it. */
static PyObject *board_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  (void)args;
  (void)kw;
  dpy_board *self = (dpy_board *)type->tp_alloc(type, 0);
  if (self && !(self->b = peg_board_new(1))) {
    Py_DECREF(self);
    return PyErr_NoMemory();
  }
  return (PyObject *)self;
}

static PyObject *board_named(PyObject *cls, PyObject *args) {
  (void)cls;
  const char *name;
  if (!PyArg_ParseTuple(args, "s:named", &name))
    return NULL;
  peg_board *b;
  int rc = peg_board_named(name, &b);
  if (rc)
    return rc == PEG_ENAME ? dpy_raise(dpy_Error, rc,
                                       "no board called '%s' in the "
                                       "catalogue",
                                       name)
                           : dpy_raise_peg(rc, NULL, name);
  return dpy_board_wrap(b);
}

static PyObject *board_parse(PyObject *cls, PyObject *args, PyObject *kw) {
  (void)cls;
  static char *kwlist[] = {"text", "name", NULL};
  PyObject *text;
  const char *name = "<string>";
  Py_buffer view;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|s:parse", kwlist, &text,
                                   &name) ||
      text_of(text, &view))
    return NULL;
  peg_board *b;
  peg_error err;
  int rc = peg_board_parse(view.buf, (size_t)view.len, &b, &err);
  PyBuffer_Release(&view);
  if (rc)
    return err.line > 0
               ? dpy_raise_parse(rc, name, err.line, err.column, err.message)
               : dpy_raise_peg(rc, &err, name);
  return dpy_board_wrap(b);
}

static PyObject *board_text(dpy_board *self, PyObject *unused) {
  (void)unused;
  size_t size;
  char *s = peg_board_text(self->b, &size);
  return str_of(s, size);
}

static PyObject *board_holes(dpy_board *self, void *unused) {
  (void)unused;
  return PyLong_FromLong(peg_board_holes(self->b));
}

static PyObject *board_triples(dpy_board *self, void *unused) {
  (void)unused;
  size_t n = peg_board_num_triples(self->b);
  PyObject *list = PyList_New((Py_ssize_t)n);
  for (size_t i = 0; list && i < n; i++) {
    int t[3];
    peg_board_triple(self->b, i, t);
    PyObject *o = Py_BuildValue("(iii)", t[0], t[1], t[2]);
    if (!o)
      Py_CLEAR(list);
    else
      PyList_SET_ITEM(list, (Py_ssize_t)i, o);
  }
  return list;
}

/* The holes where fn says 1, or None where it says -1 for hole 1. */
static PyObject *holes_where(dpy_board *self,
                             int (*fn)(const peg_board *, int)) {
  if (fn(self->b, 1) < 0)
    Py_RETURN_NONE;
  PyObject *list = PyList_New(0);
  for (int h = 1; list && h <= peg_board_holes(self->b); h++) {
    if (fn(self->b, h) != 1)
      continue;
    PyObject *o = PyLong_FromLong(h);
    if (!o || PyList_Append(list, o) < 0)
      Py_CLEAR(list);
    Py_XDECREF(o);
  }
  return list;
}

static PyObject *board_start(dpy_board *self, void *unused) {
  (void)unused;
  return holes_where(self, peg_board_start);
}

static PyObject *board_goal(dpy_board *self, void *unused) {
  (void)unused;
  return holes_where(self, peg_board_goal);
}

static PyObject *board_layout(dpy_board *self, void *unused) {
  (void)unused;
  int layout = peg_board_layout(self->b);
  if (layout == PEG_LAYOUT_NONE)
    Py_RETURN_NONE;
  return PyUnicode_FromString(layout == PEG_LAYOUT_TRIANGLE ? "triangle"
                                                            : "square");
}

static PyObject *board_position(dpy_board *self, PyObject *hole_obj) {
  int hole, row, column;
  if (int_of(hole_obj, &hole, "position"))
    return NULL;
  int rc = peg_board_position(self->b, hole, &row, &column);
  if (rc == PEG_EPOSITION)
    Py_RETURN_NONE;
  if (rc)
    return dpy_raise(dpy_Error, rc, "hole %d: %s", hole, peg_strerror(rc));
  return Py_BuildValue("(ii)", row, column);
}

static PyObject *board_set_empty(dpy_board *self, PyObject *hole_obj) {
  int hole;
  if (int_of(hole_obj, &hole, "set_empty"))
    return NULL;
  int rc = peg_board_set_empty(self->b, hole);
  if (rc)
    return dpy_raise(dpy_Error, rc, "hole %d: %s", hole, peg_strerror(rc));
  Py_RETURN_NONE;
}

static PyObject *board_set_start(dpy_board *self, PyObject *holes) {
  if (set_holes(self, holes, peg_board_set_start, "start"))
    return NULL;
  Py_RETURN_NONE;
}

static PyObject *board_set_goal(dpy_board *self, PyObject *args) {
  PyObject *holes = NULL;
  if (!PyArg_ParseTuple(args, "|O:set_goal", &holes))
    return NULL;
  if (!holes) {
    peg_board_set_goal(self->b, NULL, 0);
    Py_RETURN_NONE;
  }
  if (set_holes(self, holes, peg_board_set_goal, "goal"))
    return NULL;
  Py_RETURN_NONE;
}

static PyObject *board_after(dpy_board *self, PyObject *jumps_obj) {
  peg_jump *jumps;
  size_t n;
  if (dpy_jumps(jumps_obj, &jumps, &n, "jump"))
    return NULL;
  peg_board *after;
  int rc = peg_board_after(self->b, jumps, n, &after);
  free(jumps);
  if (rc == PEG_EINVAL)
    return dpy_raise(dpy_Error, rc,
                     "the solver chooses the empty hole: there is no "
                     "position before the first jump");
  if (rc)
    return dpy_raise(rc == PEG_EPLAY ? dpy_PlayError : dpy_Error, rc,
                     "a jump cannot be made: %s", peg_strerror(rc));
  return dpy_board_wrap(after);
}

static PyObject *board_replay(dpy_board *self, PyObject *jumps_obj) {
  peg_jump *jumps;
  size_t n;
  if (dpy_jumps(jumps_obj, &jumps, &n, "jump"))
    return NULL;
  peg_error err;
  int rc = peg_replay(self->b, jumps, n, &err);
  free(jumps);
  if (rc)
    return dpy_raise_peg(rc, &err, "<jumps>");
  Py_RETURN_NONE;
}

/* pegs[1..N] from an iterable of the holes holding pegs. */
static int pegs_of(dpy_board *self, PyObject *holes, unsigned char *pegs) {
  int n = peg_board_holes(self->b);
  dpy_ints a = {0};
  if (int_list(holes, &a, "draw"))
    return -1;
  memset(pegs, 0, (size_t)n + 1);
  int rc = 0;
  for (size_t i = 0; i < a.n && !rc; i++)
    if (a.v[i] < 1 || a.v[i] > n)
      rc = -1, dpy_raise(dpy_Error, PEG_EHOLE, "draw: no hole %d", a.v[i]);
    else
      pegs[a.v[i]] = 1;
  dpy_ints_free(&a);
  return rc;
}

static PyObject *board_draw(dpy_board *self, PyObject *args) {
  PyObject *holes = Py_None;
  if (!PyArg_ParseTuple(args, "|O:draw", &holes))
    return NULL;
  unsigned char *pegs = malloc((size_t)peg_board_holes(self->b) + 1);
  if (!pegs)
    return PyErr_NoMemory();
  int rc = holes == Py_None ? peg_start_pegs(self->b, NULL, pegs)
                            : pegs_of(self, holes, pegs);
  int size = rc ? -1 : peg_draw(self->b, pegs, NULL, 0);
  char *text = size < 0 ? NULL : malloc((size_t)size + 1);
  if (text)
    peg_draw(self->b, pegs, text, (size_t)size + 1);
  free(pegs);
  if (rc)
    return NULL;
  return str_of(text, text ? (size_t)size : 0);
}

static PyObject *board_hole_name(dpy_board *self, PyObject *hole_obj) {
  int hole;
  char name[64];
  if (int_of(hole_obj, &hole, "hole_name"))
    return NULL;
  if (hole < 1 || hole > peg_board_holes(self->b))
    return dpy_raise(dpy_Error, PEG_EHOLE, "no hole %d", hole);
  peg_hole_name(self->b, hole, name, sizeof name);
  return PyUnicode_FromString(name);
}

static PyObject *board_repr(dpy_board *self) {
  return PyUnicode_FromFormat("<dpll.peg.Board of %d holes, %zu triples>",
                              peg_board_holes(self->b),
                              peg_board_num_triples(self->b));
}

/* ---- The type, and the catalogue -------------------------------------------
 */

#define METHOD(name, fn, flags, doc)                                           \
  { name, (PyCFunction)(void (*)(void))fn, flags, doc }

static PyMethodDef board_methods[] = {
    METHOD("named", board_named, METH_VARARGS | METH_STATIC,
           "named(name)\n--\n\nThe catalogue's board called name "
           "('triangle5', 'english', ...)."),
    METHOD("parse", board_parse, METH_VARARGS | METH_KEYWORDS | METH_STATIC,
           "parse(text, name='<string>')\n--\n\nA board file's text (str or "
           "bytes) as a Board; ParseError says\nname:line:column: what is "
           "wrong."),
    METHOD("text", board_text, METH_NOARGS,
           "text()\n--\n\nThe board as a board file."),
    METHOD("position", board_position, METH_O,
           "position(hole)\n--\n\n(row, column) of hole, or None without a "
           "layout."),
    METHOD("set_empty", board_set_empty, METH_O,
           "set_empty(hole)\n--\n\nStart with every hole but hole holding a "
           "peg; 0: the solver chooses."),
    METHOD("set_start", board_set_start, METH_O,
           "set_start(holes)\n--\n\nStart with exactly these holes holding "
           "pegs."),
    METHOD("set_goal", board_set_goal, METH_VARARGS,
           "set_goal(holes=())\n--\n\nEnd with exactly these holes holding "
           "pegs; none: one peg anywhere."),
    METHOD("after", board_after, METH_O,
           "after(jumps)\n--\n\nA new board like this one, starting where "
           "the jumps leave it."),
    METHOD("replay", board_replay, METH_O,
           "replay(jumps)\n--\n\nRaises PlayError unless the jumps are "
           "legal from the start and\nend in the goal."),
    METHOD("draw", board_draw, METH_VARARGS,
           "draw(pegs=None)\n--\n\nA text picture of the board with pegs in "
           "the holes listed (default:\nthe start)."),
    METHOD("hole_name", board_hole_name, METH_O,
           "hole_name(hole)\n--\n\n'row 3 column 2', or 'hole 5' without a "
           "layout."),
    METHOD("encode", dpy_board_encode, METH_VARARGS | METH_KEYWORDS,
           "encode(**options)\n--\n\nThe puzzle as clauses (an Encoding); "
           "options are libpeg's:\nat_least_one, canonical_order, "
           "position_classes, hole_order (0 or 1),\nat_most_one "
           "('pairwise', 'sequential', 'product', 'commander')."),
    METHOD("solve", dpy_board_solve, METH_NOARGS,
           "solve()\n--\n\nA play from the start to the goal, as a list of "
           "jumps (from, over, to),\nfound by libdpll as `peg-front | dpll "
           "| peg-back` finds it, or None\nif there is none."),
    METHOD("hints", dpy_board_hints, METH_NOARGS,
           "hints()\n--\n\nEach legal jump from the start as (jump, wins, "
           "play): play is a whole\nwinning play beginning with the jump, "
           "None for a losing one."),
    METHOD("count", dpy_board_count, METH_VARARGS | METH_KEYWORDS,
           "count(most=0)\n--\n\nThe number of plays from the start to the "
           "goal, every order of the\njumps counted (stopping at most, if "
           "not 0)."),
    METHOD("explain", dpy_board_explain, METH_NOARGS,
           "explain()\n--\n\nWhy no play reaches the goal, when the "
           "position classes show it;\nelse None."),
    {NULL, NULL, 0, NULL}};

static PyGetSetDef board_getset[] = {
    {"holes", (getter)board_holes, NULL, "The number of holes.", NULL},
    {"triples", (getter)board_triples, NULL,
     "The triples (a, b, c), in the order added.", NULL},
    {"start", (getter)board_start, NULL,
     "The holes holding pegs at the start; None if the solver chooses the "
     "empty hole.",
     NULL},
    {"goal", (getter)board_goal, NULL,
     "The holes holding pegs at the end; None for one peg anywhere.", NULL},
    {"layout", (getter)board_layout, NULL, "'triangle', 'square', or None.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(board_doc,
             "Board(holes, triples=(), *, empty=None, start=None, goal=None)"
             "\n--\n\n"
             "A peg-solitaire puzzle: holes 1..holes, triples (a, b, c) of "
             "holes in a\nrow, a start (by default hole 1 empty; empty=0 "
             "lets the solver choose;\nstart lists the holes with pegs) and "
             "a goal (the holes with pegs at the\nend; by default one peg "
             "anywhere).");

static PyTypeObject board_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dpll.peg.Board",
    .tp_basicsize = sizeof(dpy_board),
    .tp_dealloc = (destructor)board_dealloc,
    .tp_repr = (reprfunc)board_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = board_doc,
    .tp_methods = board_methods,
    .tp_getset = board_getset,
    .tp_init = (initproc)board_init,
    .tp_new = board_new,
};

static PyObject *catalogue(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  size_t n = peg_catalogue_size();
  PyObject *list = PyList_New((Py_ssize_t)n);
  for (size_t i = 0; list && i < n; i++) {
    PyObject *t = Py_BuildValue("(ss)", peg_catalogue_name(i),
                                peg_catalogue_description(i));
    if (!t)
      Py_CLEAR(list);
    else
      PyList_SET_ITEM(list, (Py_ssize_t)i, t);
  }
  return list;
}

static PyMethodDef functions[] = {
    METHOD("peg_catalogue", catalogue, METH_NOARGS,
           "peg_catalogue()\n--\n\nThe catalogue of named boards: (name, "
           "description) pairs; 'triangleR'\nstands for triangle1 to "
           "triangle90."),
    {NULL, NULL, 0, NULL}};

int dpy_peg_init(PyObject *module) {
  if (PyType_Ready(&board_type) < 0 ||
      PyModule_AddObjectRef(module, "Board", (PyObject *)&board_type) < 0)
    return -1;
  return PyModule_AddFunctions(module, functions);
}
