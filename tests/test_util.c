/* test_util.c - lib/peg/util.c (white-box): growing arrays (the capacities,
 * the elements kept, sizes that overflow refused with nothing changed),
 * growable text, the two sets of blanks and the two ways of showing input
 * in messages. */
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
  peg_text t = {0};
  size_t size = 99;
  char *s = peg__text_finish(&t, &size); /* nothing put: "" */
  assert_string_equal(s, "");
  assert_int_equal(size, 0);
  free(s);
  memset(&t, 0, sizeof t);
  for (int i = 0; i < 1000; i++)
    peg__text_printf(&t, "%d ", i % 10);
  peg__text_put(&t, "end", 3);
  s = peg__text_finish(&t, &size);
  assert_int_equal(size, 2003);
  assert_int_equal(strlen(s), 2003);
  assert_memory_equal(s, "0 1 2 3 ", 8);
  assert_string_equal(s + 2000, "end");
  free(s);
  /* a text that failed gives NULL and frees what it had */
  memset(&t, 0, sizeof t);
  peg__text_put(&t, "abc", 3);
  t.failed = true;
  peg__text_put(&t, "def", 3);
  assert_int_equal(t.len, 3);
  assert_null(peg__text_finish(&t, &size));
}

static void test_blanks(void **state) {
  (void)state;
  for (int c = -128; c < 128; c++) {
    bool space_tab = c == ' ' || c == '\t';
    bool all = space_tab || c == '\r' || c == '\v' || c == '\f';
    CHECK(peg__is_blank((char)c, PEG__BLANK_SPACE_TAB) == space_tab &&
              peg__is_blank((char)c, PEG__BLANK_ALL) == all,
          "byte %d", c);
  }
}

static void test_printable(void **state) {
  (void)state;
  char buf[128];
  const struct {
    const char *s;
    size_t most;
    peg__shown how;
    const char *want;
  } cases[] = {
      {"plain", 24, PEG__SHOWN_ESCAPED, "plain"},
      {"it's\x01\x7f\xff", 24, PEG__SHOWN_ESCAPED, "it\\x27s\\x01\\x7F\\xFF"},
      {"abcdefgh", 8, PEG__SHOWN_ESCAPED, "abcdefgh"},
      {"abcdefghi", 8, PEG__SHOWN_ESCAPED, "abcdefgh..."},
      {"", 8, PEG__SHOWN_ESCAPED, ""},
      {"it's\x01\x7f\xff", 63, PEG__SHOWN_MASKED, "it's???"},
      {"abcdefghi", 8, PEG__SHOWN_MASKED, "abcdefgh"},
      {"\t\r\n", 8, PEG__SHOWN_MASKED, "???"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *got =
        peg__printable(cases[i].s, strlen(cases[i].s), cases[i].most,
                       cases[i].how, buf, sizeof buf);
    assert_ptr_equal(got, buf);
    CHECK(strcmp(buf, cases[i].want) == 0, "case %zu: '%s', expected '%s'", i,
          buf, cases[i].want);
  }
  /* no more than fits, and always terminated */
  char small[5];
  peg__printable("abcdefgh", 8, 100, PEG__SHOWN_MASKED, small, sizeof small);
  assert_string_equal(small, "abcd");
  peg__printable("\x01\x02", 2, 100, PEG__SHOWN_ESCAPED, small, sizeof small);
  assert_string_equal(small, "\\x01");
  char one[1] = {'x'};
  peg__printable("abc", 3, 100, PEG__SHOWN_MASKED, one, sizeof one);
  assert_int_equal(one[0], '\0');
  assert_ptr_equal(peg__printable("abc", 3, 100, PEG__SHOWN_MASKED, one, 0),
                   one); /* size 0: nothing written */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_grow),
      cmocka_unit_test(test_text),
      cmocka_unit_test(test_blanks),
      cmocka_unit_test(test_printable),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
