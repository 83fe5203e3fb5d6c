/* failalloc.c - the allocation wrappers of the out-of-memory tests (see
 * failalloc.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "failalloc.h"

#include <string.h>

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

long oom_each(void *(*make)(void *ctx), int (*call)(void *obj),
              void (*judge)(void *obj, int rc, bool failed, void *ctx),
              void *ctx) {
  long failures = 0;
  for (oom.at = 0;; oom.at++) {
    void *obj = make(ctx);
    if (!obj)
      break;
    oom_session();
    oom.armed = true;
    int rc = call(obj);
    oom.armed = false;
    bool failed = oom.failed;
    judge(obj, rc, failed, ctx);
    if (!failed)
      break;
    failures++;
  }
  oom.at = -1;
  return failures;
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

void oom_mix(uint64_t *d, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++)
    *d = (*d ^ s[i]) * 0x100000001B3ULL;
}

void oom_mix_int(uint64_t *d, int64_t v) { oom_mix(d, &v, sizeof v); }

void oom_mix_str(uint64_t *d, const char *s) { oom_mix(d, s, strlen(s) + 1); }

void oom_mix_error(uint64_t *d, long line, long column, const char *message) {
  oom_mix_int(d, line);
  oom_mix_int(d, column);
  oom_mix_str(d, message);
}

int oom_take(void *ctx, const int *lits, size_t n) {
  oom_sink *s = ctx;
  s->clauses++;
  oom_mix(&s->digest, lits, n * sizeof *lits);
  oom_mix_int(&s->digest, 0);
  return 0;
}

static bool (*plan_session)(uint64_t *digest);
static long plan_least;

static void test_every_allocation(void **state) {
  (void)state;
  uint64_t expected, got;
  oom.at = -1;
  assert_false(plan_session(&expected));
  long points = 0;
  for (oom.at = 0;; oom.at++) {
    if (!plan_session(&got))
      break;
    if (got != expected)
      print_message("allocation %ld: the session gave other results\n", oom.at);
    assert_true(got == expected);
    points++;
  }
  oom.at = -1;
  print_message("%ld allocations failed in turn\n", points);
  assert_true(points >= plan_least);
}

int oom_main(bool (*session)(uint64_t *digest), long least) {
  plan_session = session;
  plan_least = least;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_allocation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
