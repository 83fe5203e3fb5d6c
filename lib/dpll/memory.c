/* memory.c - the one way libdpll sizes its arrays (see memory.h). */
#include "memory.h"
#include "dpll.h"

#include <stdint.h>
#include <stdlib.h>

int dpll__resize(void **p, size_t elem, size_t n) {
  if (n > SIZE_MAX / elem)
    return DPLL_ENOMEM;
  void *q = realloc(*p, n > 0 ? n * elem : 1);
  if (!q)
    return DPLL_ENOMEM;
  *p = q;
  return 0;
}

/* Growing by half, not doubling, keeps the peak (the old and the new block
 * while realloc copies) nearer to what is used; the largest array, the
 * clause arena, grows this way for that reason. */
int dpll__grow(void **p, size_t *cap, size_t need, size_t elem, size_t max) {
  if (need <= *cap)
    return 0;
  if (need > max)
    return DPLL_ENOMEM;
  size_t want = *cap < 16 ? 16 : *cap + *cap / 2;
  if (want < need || want < *cap) /* (want < *cap: it wrapped) */
    want = need;
  if (want > max)
    want = max;
  int rc = dpll__resize(p, elem, want);
  if (!rc)
    *cap = want;
  return rc;
}

void dpll__free_all(void *const *ptrs, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(ptrs[i]);
}
