/* test_util.c - lib/common/util.c, which libpeg and libmaze share
 * (white-box, through libpeg): filling in an error, growing arrays (the
 * capacities, the elements kept, sizes that overflow refused with nothing
 * changed), growable text, the blanks of puzzle files and the three ways
 * of showing input in messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "internal.h" /* lib/peg */
#include "peg.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_grow(void **state) {
  (void)state;
  int *a = NULL;
  size_t cap = 0;
  void *p = a;
  assert_int_equal(peg__grow(&p, &cap, 0, sizeof *a), 0);
  assert_null(p); /* nothing needed, nothing made */
  assert_int_equal(cap, 0);
  /* 16 first, then doubling: a power of two stays one */
  const size_t need[] = {1, 16, 17, 33, 100, 1000, 1024, 1025};
  const size_t want[] = {16, 16, 32, 64, 128, 1024, 1024, 2048};
  for (size_t i = 0; i < sizeof need / sizeof *need; i++) {
    assert_int_equal(peg__grow(&p, &cap, need[i], sizeof *a), 0);
    CHECK(cap == want[i], "need %zu: capacity %zu, expected %zu", need[i], cap,
          want[i]);
    a = p;
    a[need[i] - 1] = (int)need[i]; /* room for need elements */
  }
  /* the elements are kept */
  for (size_t i = 0; i < sizeof need / sizeof *need; i++)
    assert_int_equal(a[need[i] - 1], (int)need[i]);
  /* bytes past SIZE_MAX: refused before any allocation, nothing changed */
  void *before = p;
  assert_int_equal(peg__grow(&p, &cap, SIZE_MAX / sizeof *a + 1, sizeof *a),
                   PEG_ENOMEM);
  assert_ptr_equal(p, before);
  assert_int_equal(cap, 2048);
  assert_int_equal(peg__grow(&p, &cap, SIZE_MAX, 1), PEG_ENOMEM);
  assert_int_equal(peg__grow(&p, &cap, SIZE_MAX / 2 + 1, 2), PEG_ENOMEM);
  assert_ptr_equal(p, before);
  assert_int_equal(cap, 2048);
  /* a capacity whose doubling would overflow */
  void *none = NULL;
  size_t huge = SIZE_MAX / 2 + 1;
  assert_int_equal(peg__grow(&none, &huge, huge + 1, 1), PEG_ENOMEM);
  assert_null(none);
  assert_int_equal(huge, SIZE_MAX / 2 + 1);
  free(p);
}

static void test_text(void **state) {
  (void)state;
  common_text t = {0};
  size_t size = 99;
  char *s = common__text_finish(&t, &size); /* nothing put: "" */
  assert_string_equal(s, "");
  assert_int_equal(size, 0);
  free(s);
  memset(&t, 0, sizeof t);
  for (int i = 0; i < 1000; i++)
    common__text_printf(&t, "%d ", i % 10);
  common__text_put(&t, "end", 3);
  s = common__text_finish(&t, &size);
  assert_int_equal(size, 2003);
  assert_int_equal(strlen(s), 2003);
  assert_memory_equal(s, "0 1 2 3 ", 8);
  assert_string_equal(s + 2000, "end");
  free(s);
  /* a text that failed gives NULL and frees what it had */
  memset(&t, 0, sizeof t);
  common__text_put(&t, "abc", 3);
  t.failed = true;
  common__text_put(&t, "def", 3);
  assert_int_equal(t.len, 3);
  assert_null(common__text_finish(&t, &size));
}

static void test_blanks(void **state) {
  (void)state;
  for (int c = -128; c < 128; c++) {
    bool blank = c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
    CHECK(common__is_blank((char)c) == blank, "byte %d", c);
  }
}

/* common__fail fills in a library's error struct, or nothing. */
static void test_fail(void **state) {
  (void)state;
  peg_error err = {7, 8, "old"};
  assert_int_equal(common__fail(&err, PEG_EKEY, 3, 4, "%s %d", "line", 5),
                   PEG_EKEY);
  assert_int_equal(err.line, 3);
  assert_int_equal(err.column, 4);
  assert_string_equal(err.message, "line 5");
  /* the message may be made from the error's own */
  assert_int_equal(peg__fail(&err, PEG_EPLAY, 0, 0, "model 2: %s", err.message),
                   PEG_EPLAY);
  assert_string_equal(err.message, "model 2: line 5");
  assert_int_equal(err.line, 0);
  /* cut to fit */
  char long_text[300];
  memset(long_text, 'x', sizeof long_text - 1);
  long_text[sizeof long_text - 1] = '\0';
  peg__fail(&err, PEG_EPARSE, 1, 1, "%s", long_text);
  assert_int_equal(strlen(err.message), sizeof err.message - 1);
  assert_int_equal(peg__fail(NULL, PEG_ENOMEM, 1, 1, "no error struct"),
                   PEG_ENOMEM);
}

static void test_printable(void **state) {
  (void)state;
  char buf[128];
  const struct {
    const char *s;
    size_t most;
    common_shown how;
    const char *want;
  } cases[] = {
      {"plain", 24, COMMON_SHOWN_ESCAPED, "plain"},
      {"it's\x01\x7f\xff", 24, COMMON_SHOWN_ESCAPED, "it\\x27s\\x01\\x7F\\xFF"},
      {"abcdefgh", 8, COMMON_SHOWN_ESCAPED, "abcdefgh"},
      {"abcdefghi", 8, COMMON_SHOWN_ESCAPED, "abcdefgh..."},
      {"", 8, COMMON_SHOWN_ESCAPED, ""},
      {"it's\x01\x7f\xff", 63, COMMON_SHOWN_MASKED, "it's???"},
      {"abcdefghi", 8, COMMON_SHOWN_MASKED, "abcdefgh"},
      {"\t\r\n", 8, COMMON_SHOWN_MASKED, "???"},
      {"it's\x01\x7f\xc3\xa9", 24, COMMON_SHOWN_NAMES, "it's??\xc3\xa9"},
      {"abcdefghi", 8, COMMON_SHOWN_NAMES, "abcdefgh..."},
      {"\t\r\n", 8, COMMON_SHOWN_NAMES, "???"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *got =
        common__printable(cases[i].s, strlen(cases[i].s), cases[i].most,
                          cases[i].how, buf, sizeof buf);
    assert_ptr_equal(got, buf);
    CHECK(strcmp(buf, cases[i].want) == 0, "case %zu: '%s', expected '%s'", i,
          buf, cases[i].want);
  }
  /* no more than fits, and always terminated */
  char small[5];
  common__printable("abcdefgh", 8, 100, COMMON_SHOWN_MASKED, small,
                    sizeof small);
  assert_string_equal(small, "abcd");
  common__printable("\x01\x02", 2, 100, COMMON_SHOWN_ESCAPED, small,
                    sizeof small);
  assert_string_equal(small, "\\x01");
  char one[1] = {'x'};
  common__printable("abc", 3, 100, COMMON_SHOWN_MASKED, one, sizeof one);
  assert_int_equal(one[0], '\0');
  assert_ptr_equal(
      common__printable("abc", 3, 100, COMMON_SHOWN_MASKED, one, 0),
      one); /* size 0: nothing written */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_grow),      cmocka_unit_test(test_text),
      cmocka_unit_test(test_blanks),    cmocka_unit_test(test_fail),
      cmocka_unit_test(test_printable),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
