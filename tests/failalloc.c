/* failalloc.c - the allocation wrappers of the out-of-memory tests (see
 * failalloc.h). */
#include "failalloc.h"

#include <stddef.h>

void *__real_malloc(size_t size);
void *__real_realloc(void *p, size_t size);
void *__real_calloc(size_t n, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_calloc(size_t n, size_t size);

failalloc oom = {false, 0, -1, false};

void oom_session(void) {
  oom.counted = 0;
  oom.failed = false;
}

static bool refuse(void) {
  if (!oom.armed)
    return false;
  if (oom.counted++ == oom.at) {
    oom.failed = true;
    return true;
  }
  return false;
}

void *__wrap_malloc(size_t size) {
  return refuse() ? NULL : __real_malloc(size);
}
void *__wrap_realloc(void *p, size_t size) {
  return refuse() ? NULL : __real_realloc(p, size);
}
void *__wrap_calloc(size_t n, size_t size) {
  return refuse() ? NULL : __real_calloc(n, size);
}
