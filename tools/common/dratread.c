/* dratread.c - reading DIMACS formulas and DRAT proofs (text and binary)
 * for the DRAT checker (drat.c), written independently of libdpll. */
#include "dratread.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dr_init(dr_reader *rd, const char *text, size_t len, int in_proof,
             char *msg, size_t msg_size) {
  static const char nothing[1] = "";
  memset(rd, 0, sizeof *rd);
  /* NULL + 0 is undefined behaviour, even with nothing to read. */
  rd->start = rd->p = text ? text : nothing;
  rd->end = rd->p + (text ? len : 0);
  rd->line = 1;
  rd->in_proof = in_proof;
  rd->vars = -1;
  rd->msg = msg;
  rd->msg_size = msg_size;
}

void dr_free(dr_reader *rd) {
  free(rd->lits);
  rd->lits = NULL;
  rd->n = rd->cap = 0;
}

static int say(dr_reader *rd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int say(dr_reader *rd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rd->msg, rd->msg_size, fmt, ap);
  va_end(ap);
  return -1;
}

/* Appends lit to the clause read: 1, or -1 with rd->nomem set and the
 * message "out of memory". */
static int push(dr_reader *rd, long lit) {
  if (rd->n == rd->cap) {
    size_t cap = rd->cap ? 2 * rd->cap : 16;
    long *lits = realloc(rd->lits, cap * sizeof *lits);
    if (!lits) {
      rd->nomem = 1;
      return say(rd, "out of memory");
    }
    rd->lits = lits;
    rd->cap = cap;
  }
  rd->lits[rd->n++] = lit;
  return 1;
}

/* ---- Text ---------------------------------------------------------------- */

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
         c == '\v';
}

/* Skips blanks and comments (from a word starting with 'c' to the end of
 * its line), counting lines. */
static void skip_space(dr_reader *rd) {
  while (rd->p < rd->end) {
    if (*rd->p == 'c') {
      while (rd->p < rd->end && *rd->p != '\n')
        rd->p++;
    } else if (!is_blank(*rd->p)) {
      return;
    }
    if (rd->p < rd->end && *rd->p++ == '\n')
      rd->line++;
  }
}

/* Skips blanks within the line. */
static void skip_line_blanks(dr_reader *rd) {
  while (rd->p < rd->end && *rd->p != '\n' && is_blank(*rd->p))
    rd->p++;
}

/* The message for a mistake at p, naming the word found there; -1. */
static int text_error(dr_reader *rd, const char *what) {
  int n = 0;
  while (rd->p + n < rd->end && n < 20 && !is_blank(rd->p[n]))
    n++;
  char found[32];
  if (rd->p == rd->end)
    snprintf(found, sizeof found, "the end of the file");
  else if (n == 0)
    snprintf(found, sizeof found, "the end of the line");
  else
    snprintf(found, sizeof found, "'%.*s'", n, rd->p);
  if (rd->in_proof)
    return say(rd, "step %ld: proof line %ld: %s, found %s", rd->step, rd->line,
               what, found);
  return say(rd, "cnf line %ld: %s, found %s", rd->line, what, found);
}

/* Reads a number word, a literal (signed) if sign is set, of magnitude at
 * most max (else the error too_big), into *out; 1, or -1 with the message. */
static int read_number(dr_reader *rd, int sign, int64_t max,
                       const char *too_big, int64_t *out) {
  const char *q = rd->p;
  int minus = sign && q < rd->end && *q == '-';
  q += minus;
  const char *digits = q;
  int64_t v = 0;
  for (; q < rd->end && *q >= '0' && *q <= '9'; q++)
    v = v > max ? v : 10 * v + (*q - '0');
  if (q == digits || (q < rd->end && !is_blank(*q)) || (minus && v == 0))
    return text_error(rd, sign ? "expected a literal" : "expected a number");
  if (v > max)
    return text_error(rd, too_big);
  rd->p = q;
  *out = minus ? -v : v;
  return 1;
}

/* Reads literals up to the closing 0 into rd->lits, no variable beyond
 * max_var; 1, or -1 with the message. */
static int read_clause(dr_reader *rd, int64_t max_var) {
  char too_big[80];
  snprintf(too_big, sizeof too_big,
           rd->in_proof ? "a variable beyond %" PRId64
                        : "a variable beyond the header's %" PRId64,
           max_var);
  rd->n = 0;
  for (;;) {
    int64_t lit = 0;
    skip_space(rd);
    if (rd->p == rd->end)
      return text_error(rd, "a clause without its closing 0");
    if (read_number(rd, 1, max_var, too_big, &lit) < 0)
      return -1;
    if (lit == 0)
      return 1;
    if (push(rd, (long)lit) < 0)
      return -1;
  }
}

/* Reads the word if it is next, followed by a blank or the end. */
static int read_word(dr_reader *rd, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(rd->end - rd->p) < n || memcmp(rd->p, word, n) ||
      (rd->p + n < rd->end && !is_blank(rd->p[n])))
    return 0;
  rd->p += n;
  return 1;
}

/* Reads "p cnf VARIABLES CLAUSES" up to the end of its line; 1, or -1 with
 * the message. */
static int read_header(dr_reader *rd) {
  if (!read_word(rd, "p"))
    return text_error(rd, "expected the 'p cnf' header");
  skip_line_blanks(rd);
  if (!read_word(rd, "cnf"))
    return text_error(rd, "expected 'cnf'");
  skip_line_blanks(rd);
  if (read_number(rd, 0, DR_MAX_VAR, "too many variables", &rd->vars) < 0)
    return -1;
  skip_line_blanks(rd);
  if (read_number(rd, 0, (int64_t)1 << 40, "too many clauses", &rd->clauses) <
      0)
    return -1;
  skip_line_blanks(rd);
  if (rd->p < rd->end && *rd->p != '\n')
    return text_error(rd, "expected the end of the header line");
  return 1;
}

int dr_cnf_next(dr_reader *rd) {
  for (;;) {
    skip_space(rd);
    int end = rd->p == rd->end || *rd->p == '%';
    if (end && rd->vars < 0)
      return text_error(rd, "expected the 'p cnf' header");
    if (end && rd->count < rd->clauses)
      return say(rd,
                 "cnf line %ld: %" PRId64 " clauses, fewer than the "
                 "header's %" PRId64,
                 rd->line, rd->count, rd->clauses);
    if (end)
      return 0;
    if (rd->vars >= 0)
      break;
    if (read_header(rd) < 0)
      return -1;
  }
  if (*rd->p == 'p')
    return text_error(rd, "a second header");
  if (rd->count == rd->clauses)
    return text_error(rd, "more clauses than the header declares");
  if (read_clause(rd, rd->vars) < 0)
    return -1;
  rd->count++;
  return 1;
}

/* ---- Binary -------------------------------------------------------------- */

static int binary_error(dr_reader *rd, const char *what) {
  return say(rd, "step %ld: proof byte offset %ld: %s", rd->step,
             (long)(rd->p - rd->start), what);
}

/* Reads one number (7 bits a byte, low first, the high bit set on all but
 * the last byte); 1, or -1 with the message. */
static int read_varint(dr_reader *rd, uint64_t *out) {
  uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    if (rd->p == rd->end)
      return binary_error(rd, "a clause without its closing 0");
    if (shift > 28)
      return binary_error(rd, "a literal too large");
    unsigned char b = (unsigned char)*rd->p++;
    v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80))
      break;
  }
  *out = v;
  return 1;
}

static int binary_step(dr_reader *rd, int *del) {
  unsigned char b = (unsigned char)*rd->p;
  if (b != 'a' && b != 'd') {
    char what[48];
    snprintf(what, sizeof what, "expected 'a' or 'd', found byte 0x%02x", b);
    return binary_error(rd, what);
  }
  rd->p++;
  *del = b == 'd';
  for (;;) {
    uint64_t v = 0;
    const char *at = rd->p;
    if (read_varint(rd, &v) < 0)
      return -1;
    if (v == 0)
      return 1;
    if (v == 1 || (v >> 1) > DR_MAX_VAR) {
      rd->p = at;
      return binary_error(rd, v == 1 ? "the literal -0"
                                     : "a variable beyond 16777215");
    }
    if (push(rd, v & 1 ? -(long)(v >> 1) : (long)(v >> 1)) < 0)
      return -1;
  }
}

/* ---- Proof steps --------------------------------------------------------- */

int dr_step(dr_reader *rd, int *del) {
  *del = 0;
  rd->n = 0;
  if (!rd->binary)
    skip_space(rd);
  if (rd->p == rd->end)
    return 0;
  rd->step++;
  if (rd->binary) {
    rd->step_at = (long)(rd->p - rd->start);
    return binary_step(rd, del);
  }
  rd->step_at = rd->line;
  *del = read_word(rd, "d");
  return read_clause(rd, DR_MAX_VAR);
}

const char *dr_where(const dr_reader *rd, char *out, size_t size) {
  snprintf(out, size, rd->binary ? "proof byte offset %ld" : "proof line %ld",
           rd->step_at);
  return out;
}

/* drat-trim's test on the first 10 bytes (a tab counts as text here), and
 * a NUL anywhere: every binary step ends with one, so that a binary proof
 * whose first bytes happen to be printable is not taken for text. */
int dr_looks_binary(const char *proof, size_t n) {
  if (n == 0)
    return 0;
  if (memchr(proof, 0, n))
    return 1;
  for (size_t i = 0; i < n && i < 10; i++) {
    unsigned char c = (unsigned char)proof[i];
    if (!(c == '\n' || c == '\r' || c == ' ' || c == '\t' || c == '-' ||
          (c >= '0' && c <= '9') || (c >= 'A' && c <= 'z')))
      return 1;
  }
  return 0;
}
