/* memory.h - memory.c's calls: the one way libdpll sizes an array.
 * dpll__resize makes *p hold n elements of elem bytes; dpll__grow makes it
 * hold at least need (of at most max), growing *cap by half at least.  Both
 * return 0 or DPLL_ENOMEM, and leave *p and *cap as they were when they
 * fail.  The macros check for room inline, so that the usual case is not a
 * call. */
#ifndef DPLL_MEMORY_H_INCLUDED
#define DPLL_MEMORY_H_INCLUDED

#include <stddef.h>

int dpll__resize(void **p, size_t elem, size_t n);
int dpll__grow(void **p, size_t *cap, size_t need, size_t elem, size_t max);
#define DPLL_RESIZE(ptr, n) dpll__resize((void **)&(ptr), sizeof *(ptr), (n))
#define DPLL_GROW(ptr, cap, need, max)                                         \
  ((need) <= (cap)                                                             \
       ? 0                                                                     \
       : dpll__grow((void **)&(ptr), &(cap), (need), sizeof *(ptr), (max)))

/* Frees ptrs[0..n-1] in order (any may be NULL); DPLL_FREE_ALL(a, b, c)
 * frees its arguments, for a part's destructor. */
void dpll__free_all(void *const *ptrs, size_t n);
#define DPLL_FREE_ALL(...)                                                     \
  dpll__free_all((void *const[]){__VA_ARGS__},                                 \
                 sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *))

#endif /* DPLL_MEMORY_H_INCLUDED */
