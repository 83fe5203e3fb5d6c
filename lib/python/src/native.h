/* native.h - what the parts of the extension dpll._native share: the
 * exceptions, reading literals and clauses from Python objects, and the
 * guard that lets a long search release the GIL yet stop on Ctrl-C, a
 * time limit or a Python callback.
 *
 * base.c owns the exceptions; search.c the guard and the searches;
 * solver.c the Solver type; pycosat.c pycosat's calls; peg.c the Board
 * type, encoding.c the Encoding type and answers, pegplay.c the searches
 * on a board. */
#ifndef DPLL_PYTHON_NATIVE_H_INCLUDED
#define DPLL_PYTHON_NATIVE_H_INCLUDED

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <dpll.h>
#include <stdint.h>

/* The exceptions, made and added to module by dpy_exceptions_add at
 * import (0, or -1 with a Python error set). */
extern PyObject *dpy_Error, *dpy_LiteralError, *dpy_ClosedError,
    *dpy_ParseError, *dpy_PlayError;
int dpy_exceptions_add(PyObject *module);

/* Raises cls (or MemoryError for memory codes) with .code and .message;
 * message is printf-style.  Returns NULL, for `return dpy_raise(...)`. */
PyObject *dpy_raise(PyObject *cls, int code, const char *fmt, ...);

/* Raises ParseError: str "name:line:column: message", with the three as
 * attributes. */
PyObject *dpy_raise_parse(int code, const char *name, long line, long column,
                          const char *message);

/* A libdpll code as an exception: ERANGE is LiteralError, ENOMEM
 * MemoryError, the rest Error; what says what was being done. */
PyObject *dpy_raise_dpll(int code, const char *what);

/* A growing array of ints (literals), owned by its user: dpy_ints_free. */
typedef struct dpy_ints {
  int *v;
  size_t n, cap;
} dpy_ints;
int dpy_ints_push(dpy_ints *a, int x); /* 0, or -1 with MemoryError */
void dpy_ints_free(dpy_ints *a);

/* o as a literal in *lit: 0, or -1 with TypeError (not an int) or
 * LiteralError (0 or beyond DPLL_MAX_VAR).  what names the place for the
 * message ("clause 3"). */
int dpy_literal(PyObject *o, int *lit, const char *what);

/* Reads the ints of o (any iterable) into a (emptied first), each through
 * convert (o's item, where, what): 0, or -1 with an exception whose message
 * begins with what. */
int dpy_ints_of(PyObject *o, dpy_ints *a, const char *what,
                int (*convert)(PyObject *, int *, const char *));

/* The same for literals (dpy_literal). */
int dpy_literals(PyObject *o, dpy_ints *a, const char *what);

/* The same for a clause, numbered index in messages (0: "the clause"). */
int dpy_clause(PyObject *clause, dpy_ints *a, size_t index);

/* Reads every clause of the iterable clauses into s: 0 or -1. */
int dpy_add_clauses(dpll_solver *s, PyObject *clauses);

/* ---- Objects that own one C object -------------------------------------
 * DPY_OWNER(SCOPE, WRAP, DEALLOC, OBJ, TYPE, FIELD, C, FREE) defines, for
 * the Python type TYPE whose objects (struct OBJ) own a C object (C *) in
 * FIELD, freed by FREE:
 *   SCOPE PyObject *WRAP(C *p): a new object owning p; NULL p is taken for
 *     memory running out (MemoryError); p is freed when the object cannot
 *     be made;
 *   static void DEALLOC(OBJ *self): frees the C object with the object. */
#define DPY_OWNER(SCOPE, WRAP, DEALLOC, OBJ, TYPE, FIELD, C, FREE)             \
  SCOPE PyObject *WRAP(C *p) {                                                 \
    OBJ *self = p ? PyObject_New(OBJ, &TYPE) : NULL;                           \
    if (!self) {                                                               \
      FREE(p);                                                                 \
      return p ? NULL : PyErr_NoMemory();                                      \
    }                                                                          \
    self->FIELD = p;                                                           \
    return (PyObject *)self;                                                   \
  }                                                                            \
  static void DEALLOC(OBJ *self) {                                             \
    FREE(self->FIELD);                                                         \
    Py_TYPE(self)->tp_free((PyObject *)self);                                  \
  }

/* ---- The guard: a search without the GIL (search.c) -------------------- */

typedef struct dpy_guard {
  PyThreadState *thread; /* saved while the GIL is released */
  dpll_solver *solver;   /* its statistics, for prop_limit */
  PyObject *fn;          /* borrowed: a Python callable polled, or NULL */
  double deadline;       /* CLOCK_MONOTONIC seconds, or 0: none */
  double next_poll;      /* when fn and the signals are next checked */
  uint64_t prop_limit;   /* propagations, or 0: none */
  int stopped;           /* 1: a limit or fn stopped it */
  int failed;            /* 1: fn raised, or a signal handler did */
} dpy_guard;

/* Prepares g for a search on s (time_limit <= 0: none) and sets the
 * solver's terminate callback to it. */
void dpy_guard_init(dpy_guard *g, dpll_solver *s, PyObject *fn,
                    double time_limit, uint64_t prop_limit);

/* Releases the GIL; dpy_guard_end takes it back, removes the callback and
 * returns -1 if a Python exception is pending (fn raised, Ctrl-C), else
 * 0. */
void dpy_guard_begin(dpy_guard *g);
int dpy_guard_end(dpy_guard *g);

/* ---- Searching (search.c) ---------------------------------------------- */

/* A new solver with the dpll tool's defaults, or NULL with MemoryError. */
dpll_solver *dpy_new_solver(void);

/* Solves s without the GIL, stopped by fn (a callable, may be NULL),
 * time_limit (seconds; <= 0: none) or prop_limit (propagations in this
 * call; 0: none).  *busy (may be NULL) is 1 meanwhile.  Returns DPLL_SAT,
 * DPLL_UNSAT, DPLL_UNKNOWN, or -1 with an exception (a library error, fn
 * raised, Ctrl-C). */
int dpy_search(dpll_solver *s, PyObject *fn, double time_limit,
               uint64_t prop_limit, int *busy);

/* The model of s on variables 1..n as a list of literals. */
PyObject *dpy_model_list(const dpll_solver *s, int n);

/* ---- Peg solitaire (peg.c, encoding.c, pegplay.c) ---------------------- */

#include <peg.h>

typedef struct dpy_board {
  PyObject_HEAD peg_board *b; /* owned */
} dpy_board;

/* A libpeg code as an exception: ENOMEM MemoryError, EPARSE, EKEY and
 * EANSWER ParseError (naming name, where err has a line), EPLAY PlayError,
 * the rest Error; err (may be NULL) gives the message if it has one. */
PyObject *dpy_raise_peg(int code, const peg_error *err, const char *name);

/* A new Board object owning b (freed on failure). */
PyObject *dpy_board_wrap(peg_board *b);

/* jumps (an iterable of (from, over, to)) as a malloc'd array in *out,
 * *n entries: 0, or -1 with an exception; what ("jump", "triple") names an
 * entry in messages. */
int dpy_jumps(PyObject *jumps, peg_jump **out, size_t *n, const char *what);

/* jumps[0..n-1] as a list of tuples. */
PyObject *dpy_jump_list(const peg_jump *jumps, size_t n);

/* Board.encode(**options) (encoding.c). */
PyObject *dpy_board_encode(dpy_board *self, PyObject *args, PyObject *kw);

/* Board's methods that search (pegplay.c). */
PyObject *dpy_board_solve(dpy_board *self, PyObject *unused);
PyObject *dpy_board_hints(dpy_board *self, PyObject *unused);
PyObject *dpy_board_count(dpy_board *self, PyObject *args, PyObject *kw);
PyObject *dpy_board_explain(dpy_board *self, PyObject *unused);

/* Module setup of each part: 0, or -1 with an exception. */
int dpy_solver_init(PyObject *module);
int dpy_pycosat_init(PyObject *module);
int dpy_peg_init(PyObject *module);
int dpy_encoding_init(PyObject *module);

#endif
