/* failalloc.h - making allocations fail one at a time, for the
 * out-of-memory tests of the libraries (test_oom, test_peg_oom,
 * test_maze_oom).  A test links failalloc.c and -Wl,--wrap=malloc
 * -Wl,--wrap=realloc -Wl,--wrap=calloc, so that the static library's calls
 * come here. */
#ifndef DPLL_TESTS_FAILALLOC_H_INCLUDED
#define DPLL_TESTS_FAILALLOC_H_INCLUDED

#include <stdbool.h>

/* While armed, allocations are counted from 0, and the one numbered at
 * fails (at < 0: none); failed tells that it did. */
typedef struct failalloc {
  bool armed;
  long counted, at;
  bool failed;
} failalloc;
extern failalloc oom;

/* A new session: nothing counted or failed yet. */
void oom_session(void);

/* Calls `call` armed; if the planned failure happened in it, checks that
 * it said so (the value enomem, or NULL with WITH_FAILURE_PTR) and calls
 * it again unarmed.  Leaves the final result in result.  (The file
 * includes cmocka.h before this header.) */
#define WITH_FAILURE_CODE(result, call, enomem)                                \
  do {                                                                         \
    oom.armed = true;                                                          \
    bool before_ = oom.failed;                                                 \
    result = (call);                                                           \
    oom.armed = false;                                                         \
    if (oom.failed && !before_) {                                              \
      if (result != (enomem))                                                  \
        print_message("allocation %ld: %s gave %lld\n", oom.at, #call,         \
                      (long long)result);                                      \
      assert_int_equal(result, (enomem));                                      \
      result = (call);                                                         \
    }                                                                          \
  } while (0)

#define WITH_FAILURE_PTR(result, call)                                         \
  do {                                                                         \
    oom.armed = true;                                                          \
    bool before_ = oom.failed;                                                 \
    result = (call);                                                           \
    oom.armed = false;                                                         \
    if (oom.failed && !before_) {                                              \
      if (result)                                                              \
        print_message("allocation %ld: %s did not fail\n", oom.at, #call);     \
      assert_null(result);                                                     \
      result = (call);                                                         \
    }                                                                          \
    assert_non_null(result);                                                   \
  } while (0)

#endif
