/* testutil.c - helpers shared by the libdpll unit tests. */
#include "testutil.h"

#include <stdarg.h>

int add(dpll_solver *s, int n, ...) {
  int lits[16];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n && i < 16; i++)
    lits[i] = va_arg(ap, int);
  va_end(ap);
  return n > 16 ? DPLL_EINVAL : dpll_add_clause(s, lits, (size_t)n);
}
