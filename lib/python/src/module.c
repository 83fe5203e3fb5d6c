/* module.c - the module dpll._native: made at import from its parts, the
 * exceptions of base.c and the types of solver.c, pycosat.c, peg.c and
 * encoding.c. */
#include "native.h"

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "dpll._native",
    "libdpll and libpeg: the C extension under the packages dpll and "
    "dpll.peg.",
    -1,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL};

PyMODINIT_FUNC PyInit__native(void) {
  PyObject *m = PyModule_Create(&module_def);
  if (!m)
    return NULL;
  if (dpy_exceptions_add(m) ||
      PyModule_AddStringConstant(m, "__version__", dpll_version()) ||
      PyModule_AddIntConstant(m, "MAX_VAR", DPLL_MAX_VAR) ||
      dpy_solver_init(m) || dpy_pycosat_init(m) || dpy_peg_init(m) ||
      dpy_encoding_init(m)) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
