/* fuzz.h - what the fuzz targets share: a check that ends the run, so that
 * libFuzzer reports the input and keeps it as a crash. */
#ifndef DPLL_FUZZ_H_INCLUDED
#define DPLL_FUZZ_H_INCLUDED

#include <stdio.h>
#include <stdlib.h>

/* Prints what failed and where, then aborts: libFuzzer's deadly signal. */
static inline void fuzz_fail(const char *file, int line, const char *what) {
  fprintf(stderr, "%s:%d: fuzz check failed: %s\n", file, line, what);
  fflush(stderr);
  abort();
}

/* Checks cond in every build (assert would vanish under NDEBUG). */
#define FUZZ_CHECK(cond)                                                       \
  ((cond) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #cond))

#endif
