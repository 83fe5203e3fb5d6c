/* failalloc.h - making allocations fail one at a time, for the
 * out-of-memory tests of the libraries (test_oom, test_peg_oom,
 * test_maze_oom), and what those tests share.  A test links failalloc.c
 * and -Wl,--wrap=malloc -Wl,--wrap=realloc -Wl,--wrap=calloc, so that the
 * static library's calls come here. */
#ifndef DPLL_TESTS_FAILALLOC_H_INCLUDED
#define DPLL_TESTS_FAILALLOC_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
 * it said so (the value enomem, or NULL with WITH_FAILURE_PTR; with
 * WITH_FAILURE_MAKE also its new object out, a pointer, left NULL) and
 * calls it again unarmed.  Leaves the final result in result.  (The file
 * includes cmocka.h before this header.) */
#define WITH_FAILURE_MAKE(result, call, out, enomem)                           \
  do {                                                                         \
    oom.armed = true;                                                          \
    bool before_ = oom.failed;                                                 \
    result = (call);                                                           \
    oom.armed = false;                                                         \
    if (oom.failed && !before_) {                                              \
      if (result != (enomem) || (out))                                         \
        print_message("allocation %ld: %s gave %lld\n", oom.at, #call,         \
                      (long long)result);                                      \
      assert_int_equal(result, (enomem));                                      \
      assert_null(out);                                                        \
      result = (call);                                                         \
    }                                                                          \
  } while (0)

#define WITH_FAILURE_CODE(result, call, enomem)                                \
  WITH_FAILURE_MAKE(result, call, NULL, enomem)

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

/* ---- Each allocation of one call in turn --------------------------------- */

/* For allocation 0, 1, ... failing in turn, until a run in which none
 * fails: obj = make(ctx) (NULL: stop), rc = call(obj) armed, then
 * judge(obj, rc, whether the planned failure happened, ctx), which also
 * frees obj.  Returns how many runs had a failure; oom.at is -1 after. */
long oom_each(void *(*make)(void *ctx), int (*call)(void *obj),
              void (*judge)(void *obj, int rc, bool failed, void *ctx),
              void *ctx);

/* ---- A whole session, for the puzzle libraries' tests ------------------ */

/* The main() of an out-of-memory test: its one cmocka test runs
 * session(&digest), a whole session (calling oom_session first) that
 * returns whether the planned failure happened in it: unarmed, then with
 * allocation 0, 1, ... failing until one runs out of allocations, each
 * giving the unarmed digest, at least `least` of them. */
int oom_main(bool (*session)(uint64_t *digest), long least);

/* What a session produced, as one FNV-1a digest *d (start it at
 * 0xCBF29CE484222325): bytes, a number, a string with its NUL, an error
 * struct's line, column and message. */
void oom_mix(uint64_t *d, const void *p, size_t n);
void oom_mix_int(uint64_t *d, int64_t v);
void oom_mix_str(uint64_t *d, const char *s);
void oom_mix_error(uint64_t *d, long line, long column, const char *message);

/* A clause callback in the puzzle libraries' shape (peg_clause_fn,
 * maze_clause_fn): counts the clauses in ctx, an oom_sink, and digests
 * them.  Zero it before each emit: a failed emit's clauses are forgotten
 * by the retry. */
typedef struct oom_sink {
  int64_t clauses;
  uint64_t digest;
} oom_sink;
int oom_take(void *ctx, const int *lits, size_t n);

#endif
