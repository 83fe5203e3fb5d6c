/* fuzz_dimacs.c - libdpll's clause readers on any bytes, in each format
 * mode (auto, DP, DIMACS): dpll_read_string must accept or give a parse
 * error with its place and message, and dpll_read_file on the same bytes
 * through a stream must do exactly the same.  Then a short solve (a small
 * decision and conflict limit) and the answer in both formats, written to
 * memory and read back: the back matter untouched, the model as dpll_model
 * gives it. */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
#include "fuzz.h"

#include <dpll.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MANY_VARS 4096 /* a number above this may cost too much memory */
#define CONFLICTS 64
#define DECISIONS 2000

/* Whether the input holds a number above MANY_VARS that is still a valid
 * variable: libdpll would make that many variables exist (about 130 bytes
 * each, 2.2 GB for DPLL_MAX_VAR), as documented, and libFuzzer would call
 * that an out-of-memory.  Such inputs are skipped; numbers beyond
 * DPLL_MAX_VAR, which the readers refuse, are kept. */
static int costly(const uint8_t *d, size_t size) {
  for (size_t i = 0; i < size;) {
    if (d[i] < '0' || d[i] > '9') {
      i++;
      continue;
    }
    long v = 0;
    for (; i < size && d[i] >= '0' && d[i] <= '9'; i++)
      if (v <= DPLL_MAX_VAR)
        v = 10 * v + (d[i] - '0');
    if (v > MANY_VARS && v <= DPLL_MAX_VAR)
      return 1;
  }
  return 0;
}

/* What dpll_read_string and dpll_read_file promise about info. */
static void check_input(const dpll_solver *s, int rc, const dpll_input *info,
                        int format) {
  FUZZ_CHECK(rc == 0 || rc == DPLL_EPARSE);
  FUZZ_CHECK(memchr(info->message, '\0', sizeof info->message) != NULL);
  if (rc) {
    FUZZ_CHECK(info->line >= 1 && info->column >= 1 && info->message[0]);
    FUZZ_CHECK(info->back_matter == NULL && info->back_size == 0);
    return;
  }
  FUZZ_CHECK(info->format == DPLL_FORMAT_DP ||
             info->format == DPLL_FORMAT_DIMACS);
  FUZZ_CHECK(format == DPLL_FORMAT_AUTO || info->format == format);
  FUZZ_CHECK((info->back_matter != NULL) == (info->format == DPLL_FORMAT_DP));
  if (info->back_matter)
    FUZZ_CHECK(info->back_matter[info->back_size] == '\0');
  if (info->format == DPLL_FORMAT_DIMACS) {
    FUZZ_CHECK(dpll_num_vars(s) == info->header_vars);
    FUZZ_CHECK((int64_t)dpll_num_clauses(s) <= info->header_clauses);
  }
}

/* dpll_read_file on the bytes, through a stream, gives what the string
 * reader gave. */
static void compare_file(const uint8_t *data, size_t size, int format, int rc,
                         const dpll_input *info, const dpll_solver *s) {
  char *copy = malloc(size + 1);
  FUZZ_CHECK(copy != NULL);
  if (size)
    memcpy(copy, data, size);
  FILE *in = fmemopen(copy, size, "rb");
  FUZZ_CHECK(in != NULL || size == 0);
  if (in) {
    dpll_solver *t = dpll_new();
    dpll_input other;
    FUZZ_CHECK(t != NULL);
    FUZZ_CHECK(dpll_read_file(t, in, format, &other) == rc);
    FUZZ_CHECK(other.line == info->line && other.column == info->column);
    FUZZ_CHECK(strcmp(other.message, info->message) == 0);
    FUZZ_CHECK(other.format == info->format);
    FUZZ_CHECK(other.back_size == info->back_size);
    FUZZ_CHECK(!other.back_size ||
               !memcmp(other.back_matter, info->back_matter, other.back_size));
    FUZZ_CHECK(other.header_vars == info->header_vars &&
               other.header_clauses == info->header_clauses);
    FUZZ_CHECK(dpll_num_vars(t) == dpll_num_vars(s) &&
               dpll_num_clauses(t) == dpll_num_clauses(s));
    dpll_input_clear(&other);
    dpll_free(t);
    fclose(in);
  }
  free(copy);
}

/* A DIMACS answer: its status line, then for SAT "v" lines of at most 80
 * bytes holding each variable once, in order, signed as in the model. */
static void check_dimacs_answer(const dpll_solver *s, int res,
                                const char *text) {
  if (res != DPLL_SAT) {
    FUZZ_CHECK(
        !strcmp(text, res == DPLL_UNSAT ? "s UNSATISFIABLE\n" : "s UNKNOWN\n"));
    return;
  }
  const char *head = "s SATISFIABLE\n";
  FUZZ_CHECK(!strncmp(text, head, strlen(head)));
  int next = 1;
  for (const char *p = text + strlen(head); *p;) {
    const char *nl = strchr(p, '\n');
    FUZZ_CHECK(nl != NULL && nl - p <= 80 && *p == 'v');
    for (const char *q = p + 1; q < nl;) {
      char *end;
      long lit = strtol(q, &end, 10);
      q = end;
      if (lit == 0) {
        FUZZ_CHECK(next == dpll_num_vars(s) + 1 && q == nl && !nl[1]);
        break;
      }
      FUZZ_CHECK(labs(lit) == next);
      FUZZ_CHECK(dpll_model(s, (int)lit) == 1);
      next++;
    }
    p = nl + 1;
  }
  FUZZ_CHECK(next == dpll_num_vars(s) + 1);
}

/* A DP answer: "N T" / "N F" for each variable if SAT, the line 0, then
 * the back matter byte for byte. */
static void check_dp_answer(const dpll_solver *s, int res, const char *text,
                            size_t len, const dpll_input *info) {
  FUZZ_CHECK(len >= info->back_size);
  size_t head = len - info->back_size;
  FUZZ_CHECK(!info->back_size ||
             !memcmp(text + head, info->back_matter, info->back_size));
  const char *p = text;
  for (int v = 1; res == DPLL_SAT && v <= dpll_num_vars(s); v++) {
    char *end;
    FUZZ_CHECK(strtol(p, &end, 10) == v && *end == ' ');
    FUZZ_CHECK(end[1] == (dpll_model(s, v) ? 'T' : 'F') && end[2] == '\n');
    p = end + 3;
  }
  FUZZ_CHECK(p + 2 == text + head && !memcmp(p, "0\n", 2));
}

static void write_answer(const dpll_solver *s, int res, int format,
                         const dpll_input *info) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  FUZZ_CHECK(out != NULL);
  int rc =
      dpll_write_answer(s, out, format, info->back_matter, info->back_size);
  FUZZ_CHECK(fclose(out) == 0);
  if (format == DPLL_FORMAT_DP && res == DPLL_UNKNOWN) {
    FUZZ_CHECK(rc == DPLL_ENOANSWER && len == 0);
  } else {
    FUZZ_CHECK(rc == 0);
    if (format == DPLL_FORMAT_DP)
      check_dp_answer(s, res, text, len, info);
    else
      check_dimacs_answer(s, res, text);
  }
  free(text);
}

/* Reads the bytes in one format mode, then solves a little and writes.
 * Each mode runs another engine or heuristic. */
static void run(const uint8_t *data, size_t size, int format) {
  dpll_solver *s = dpll_new();
  FUZZ_CHECK(s != NULL);
  dpll_input info;
  int rc = dpll_read_string(s, (const char *)data, size, format, &info);
  check_input(s, rc, &info, format);
  compare_file(data, size, format, rc, &info, s);
  /* After a parse error the clauses read so far stay: solve them too. */
  FUZZ_CHECK(!dpll_set_option(s, "algorithm", format != DPLL_FORMAT_DP));
  FUZZ_CHECK(!dpll_set_option(s, "heuristic",
                              format == DPLL_FORMAT_DIMACS
                                  ? DPLL_HEURISTIC_DLIS
                                  : DPLL_HEURISTIC_AUTO));
  FUZZ_CHECK(!dpll_set_option(s, "conflict_limit", CONFLICTS));
  FUZZ_CHECK(!dpll_set_option(s, "decision_limit", DECISIONS));
  int res = dpll_solve(s);
  FUZZ_CHECK(res == DPLL_SAT || res == DPLL_UNSAT || res == DPLL_UNKNOWN);
  FUZZ_CHECK(dpll_status(s) == res);
  write_answer(s, res, DPLL_FORMAT_DP, &info);
  write_answer(s, res, DPLL_FORMAT_DIMACS, &info);
  dpll_input_clear(&info);
  dpll_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (costly(data, size))
    return 0;
  run(data, size, DPLL_FORMAT_AUTO);
  run(data, size, DPLL_FORMAT_DP);
  run(data, size, DPLL_FORMAT_DIMACS);
  return 0;
}
