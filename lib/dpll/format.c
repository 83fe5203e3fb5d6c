/* format.c - the clause text formats: reading the DP format, DIMACS and
 * iCNF into a solver (files.c reads a FILE and writes the answers). */
#include "add.h"
#include "internal.h"
#include "memory.h"
#include "vars.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define READ_CHUNK (1u << 16)
#define END (-1) /* peek() at the end of the input */

/* ---- The byte source ------------------------------------------------------
 * A window [p, end) over the input: the whole string, or the last chunk
 * read from the file.  line and col give the position of *p. */

typedef struct reader {
  dpll_solver *s;
  dpll_input *info;
  dpll_read_fn read; /* the source, or NULL for a string */
  void *ctx;
  unsigned char *buf;
  const unsigned char *p, *end;
  bool io_error;
  long line, col;
  int *lits; /* the clause being read */
  size_t nlits, cap;
  bool relaxed; /* DPLL_READ_RELAXED: what MiniSat and CaDiCaL -f accept */
  bool icnf;    /* a 'p inccnf' header: no counts, cubes after the clauses */
  bool in_cube; /* an 'a' line is being read */
  size_t cubes_cap;
} reader;

static int refill(reader *r) {
  if (!r->read || r->io_error)
    return 0;
  long n = r->read(r->ctx, r->buf, READ_CHUNK);
  if (n < 0 || n > (long)READ_CHUNK) {
    r->io_error = true;
    n = 0;
  }
  r->p = r->buf;
  r->end = r->buf + n;
  return n > 0;
}

static inline int peek(reader *r) {
  if (r->p == r->end && !refill(r))
    return END;
  return *r->p;
}

static inline void advance(reader *r) {
  if (*r->p++ == '\n') {
    r->line++;
    r->col = 1;
  } else
    r->col++;
}

static inline bool is_blank(int c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static void skip_blanks(reader *r) {
  int c;
  while ((c = peek(r)) != END && is_blank(c))
    advance(r);
}

/* Skips the rest of the line, its newline included. */
static void skip_line(reader *r) {
  int c;
  while ((c = peek(r)) != END) {
    advance(r);
    if (c == '\n')
      break;
  }
}

/* ---- Errors ---- */

static int fail_at(reader *r, long line, long col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->info->message, sizeof r->info->message, fmt, ap);
  va_end(ap);
  r->info->line = line;
  r->info->column = col;
  return DPLL_EPARSE;
}

/* A fault that relaxed reading accepts: with it, a warning (the first
 * one's text and place are kept) and 0; without, the error, marked as one
 * the option would accept. */
static int relaxable(reader *r, long line, long col, const char *fmt, ...) {
  dpll_input *in = r->info;
  va_list ap;
  va_start(ap, fmt);
  if (r->relaxed && in->warnings++ == 0) {
    vsnprintf(in->warning, sizeof in->warning, fmt, ap);
    in->warning_line = line;
    in->warning_column = col;
  } else if (!r->relaxed) {
    vsnprintf(in->message, sizeof in->message, fmt, ap);
    in->line = line;
    in->column = col;
    in->relaxable = 1;
  }
  va_end(ap);
  return r->relaxed ? 0 : DPLL_EPARSE;
}

static int fail_io(reader *r) {
  snprintf(r->info->message, sizeof r->info->message, "read error");
  r->info->line = r->line;
  r->info->column = r->col;
  return DPLL_EIO;
}

/* ---- Tokens ---- */

#define TOKEN_SHOWN 24

/* A maximal run of bytes that are neither blanks nor newlines, with its
 * value if it is an integer, and the start of its text for messages. */
typedef struct token {
  long line, col;
  size_t len;
  char text[TOKEN_SHOWN + 1];
  bool numeric; /* -?[0-9]+ */
  bool negative;
  bool too_big;           /* beyond DPLL_MAX_VAR */
  int64_t value;          /* magnitude (valid unless too_big) */
  long nul_line, nul_col; /* first NUL byte, nul_line 0 if none */
} token;

static void read_token(reader *r, token *t) {
  t->line = r->line;
  t->col = r->col;
  t->len = 0;
  t->numeric = true;
  t->negative = false;
  t->too_big = false;
  t->value = 0;
  t->nul_line = 0;
  size_t digits = 0;
  int c;
  while ((c = peek(r)) != END && c != '\n' && !is_blank(c)) {
    if (t->len < TOKEN_SHOWN)
      t->text[t->len] = (char)c;
    if (c == 0 && !t->nul_line) {
      t->nul_line = r->line;
      t->nul_col = r->col;
    }
    if (c == '-' && t->len == 0)
      t->negative = true;
    else if (c >= '0' && c <= '9') {
      digits++;
      if (!t->too_big) {
        t->value = 10 * t->value + (c - '0');
        t->too_big = t->value > DPLL_MAX_VAR;
      }
    } else
      t->numeric = false;
    t->len++;
    advance(r);
  }
  t->text[t->len < TOKEN_SHOWN ? t->len : TOKEN_SHOWN] = '\0';
  if (digits == 0)
    t->numeric = false;
}

/* The token's text made printable: other bytes as \xNN, long ones cut. */
static const char *shown(const token *t, char *out, size_t size) {
  size_t n = t->len < TOKEN_SHOWN ? t->len : TOKEN_SHOWN, o = 0;
  for (size_t i = 0; i < n && o + 5 < size; i++) {
    unsigned char c = (unsigned char)t->text[i];
    if (c >= 0x20 && c < 0x7f && c != '\'')
      out[o++] = (char)c;
    else
      o += (size_t)snprintf(out + o, size - o, "\\x%02X", c);
  }
  if (t->len > n && o + 4 < size) {
    memcpy(out + o, "...", 3);
    o += 3;
  }
  out[o] = '\0';
  return out;
}

/* Checks that t is an integer in range (0 allowed); its signed value goes
 * to *value.  what names it in messages ("literal", "variable count"). */
static int token_int(reader *r, const token *t, int *value) {
  char buf[4 * TOKEN_SHOWN + 8];
  if (t->nul_line)
    return fail_at(r, t->nul_line, t->nul_col,
                   "NUL byte (a binary file?) where a number should be");
  if (!t->numeric)
    return fail_at(r, t->line, t->col,
                   "expected an integer literal such as 3 or -3, found '%s'",
                   shown(t, buf, sizeof buf));
  if (t->too_big)
    return fail_at(r, t->line, t->col,
                   "'%s' is out of range (variables go up to %d)",
                   shown(t, buf, sizeof buf), DPLL_MAX_VAR);
  if (t->negative && t->value == 0)
    return fail_at(r, t->line, t->col,
                   "'%s' is not a literal (zero has no sign)",
                   shown(t, buf, sizeof buf));
  *value = t->negative ? -(int)t->value : (int)t->value;
  return 0;
}

/* ---- Clauses ---- */

static int push_lit(reader *r, int lit) {
  int rc = DPLL_GROW(r->lits, r->cap, r->nlits + 1, SIZE_MAX / sizeof(int));
  if (!rc)
    r->lits[r->nlits++] = lit;
  return rc;
}

static int close_clause(reader *r) {
  int rc = dpll_add_clause(r->s, r->lits, r->nlits);
  r->nlits = 0;
  return rc;
}

/* iCNF: the cube read goes to info->cube_lits, closed by a 0. */
static int close_cube(reader *r) {
  dpll_input *in = r->info;
  int rc = DPLL_GROW(in->cube_lits, r->cubes_cap,
                     in->cube_lits_size + r->nlits + 1, SIZE_MAX / sizeof(int));
  if (rc)
    return rc;
  for (size_t i = 0; i < r->nlits; i++)
    in->cube_lits[in->cube_lits_size++] = r->lits[i];
  in->cube_lits[in->cube_lits_size++] = 0;
  in->num_cubes++;
  r->nlits = 0;
  r->in_cube = false;
  return 0;
}

/* Everything from the current position to the end, as the back matter. */
static int read_back_matter(reader *r) {
  size_t size = 0, cap = 0;
  char *buf = NULL;
  for (;;) {
    size_t n = (size_t)(r->end - r->p);
    if (size + n + 1 < size || DPLL_GROW(buf, cap, size + n + 1, SIZE_MAX)) {
      free(buf);
      return DPLL_ENOMEM;
    }
    memcpy(buf + size, r->p, n);
    size += n;
    r->p = r->end;
    if (!refill(r))
      break;
  }
  buf[size] = '\0';
  r->info->back_matter = buf;
  r->info->back_size = size;
  return r->io_error ? fail_io(r) : 0;
}

/* The DP format, from the start of a line: clause lines until the line 0. */
static int read_dp(reader *r) {
  token t;
  for (;;) {
    skip_blanks(r);
    int c = peek(r);
    if (c == END)
      return r->io_error ? fail_io(r)
                         : fail_at(r, r->line, r->col,
                                   "end of input before the line '0' that "
                                   "ends the clauses");
    if (c == '\n') {
      advance(r);
      continue;
    }
    long zero_line = 0, zero_col = 0;
    size_t tokens = 0;
    while (c != END && c != '\n') {
      int lit, rc;
      read_token(r, &t);
      if ((rc = token_int(r, &t, &lit)))
        return rc;
      if (lit == 0 && tokens == 0) {
        zero_line = t.line;
        zero_col = t.col;
      } else if (lit == 0 || zero_line)
        return fail_at(r, zero_line ? zero_line : t.line,
                       zero_line ? zero_col : t.col,
                       "'0' must stand alone on its line, where it ends the "
                       "clauses (DIMACS input needs a 'p cnf' header)");
      else if ((rc = push_lit(r, lit)))
        return rc;
      tokens++;
      skip_blanks(r);
      c = peek(r);
    }
    if (c == '\n')
      advance(r);
    if (zero_line)
      return read_back_matter(r);
    int rc = close_clause(r);
    if (rc)
      return rc;
  }
}

/* The next token of a header line.  A missing one is placed right after
 * the previous token, so that the position does not depend on trailing
 * blanks or a CR before the newline. */
static void header_token(reader *r, token *t) {
  long line = r->line, col = r->col;
  skip_blanks(r);
  read_token(r, t);
  if (t->len == 0) {
    t->line = line;
    t->col = col;
  }
}

/* The rest of a DIMACS header line, after its 'p' token. */
static int read_header(reader *r) {
  token t;
  int vars = 0, rc;
  int64_t clauses = 0;
  const char *form = "expected the header 'p cnf VARIABLES CLAUSES'";
  header_token(r, &t);
  if (t.len == 6 && !memcmp(t.text, "inccnf", 6)) { /* iCNF: no counts */
    r->icnf = true;
    r->info->format = DPLL_FORMAT_ICNF;
    r->info->header_clauses = -1;
    header_token(r, &t);
    return t.len ? fail_at(r, t.line, t.col,
                           "expected the header 'p inccnf', which has no "
                           "counts")
                 : 0;
  }
  if (t.len != 3 || memcmp(t.text, "cnf", 3))
    return fail_at(r, t.line, t.col, "%s", form);
  header_token(r, &t);
  if (!t.numeric || t.negative)
    return fail_at(r, t.line, t.col, "%s", form);
  if ((rc = token_int(r, &t, &vars)))
    return rc;
  header_token(r, &t);
  if (!t.numeric || t.negative || t.nul_line)
    return fail_at(r, t.line, t.col, "%s", form);
  /* The clause count may exceed DPLL_MAX_VAR: read it again, wider.  18
   * digits always fit in an int64_t. */
  if (t.len > 18)
    return fail_at(r, t.line, t.col, "clause count out of range");
  for (size_t i = 0; i < t.len; i++)
    clauses = 10 * clauses + (t.text[i] - '0');
  skip_blanks(r);
  if (peek(r) != '\n' && peek(r) != END) {
    read_token(r, &t);
    return fail_at(r, t.line, t.col, "%s", form);
  }
  r->info->header_vars = vars;
  r->info->header_clauses = clauses;
  return 0;
}

/* One literal of a DIMACS or iCNF body: a variable beyond the header's
 * count is a relaxable fault (iCNF has no count); 0 closes the clause or
 * the cube. */
static int body_lit(reader *r, int *max_var, int64_t *clauses) {
  token tok, *t = &tok;
  int lit = 0, rc;
  read_token(r, t);
  if ((rc = token_int(r, t, &lit)))
    return rc;
  if (lit > *max_var || -lit > *max_var) {
    if (!r->icnf &&
        (rc = relaxable(r, t->line, t->col,
                        "literal %d is beyond the header's %d variables", lit,
                        r->info->header_vars)))
      return rc;
    *max_var = lit > 0 ? lit : -lit; /* relaxed: the formula grows */
  }
  if (lit)
    return push_lit(r, lit);
  if (r->in_cube)
    return close_cube(r);
  if (++*clauses == r->info->header_clauses + 1 &&
      (rc = relaxable(r, t->line, t->col, "more clauses than the header's %lld",
                      (long long)r->info->header_clauses)))
    return rc;
  return close_clause(r);
}

/* iCNF, where a clause or a cube may start: an 'a' token starts a cube;
 * after the first cube, nothing else may (the cubes split the whole
 * formula, so every clause comes before them). */
static int item_start(reader *r, int c) {
  token t;
  if (c != 'a' && !r->info->num_cubes)
    return 0;
  long line = r->line, col = r->col;
  if (c == 'a') {
    read_token(r, &t);
    if (t.len == 1) {
      r->in_cube = true;
      return 0;
    }
    if (!r->info->num_cubes) {
      int lit;
      return token_int(r, &t, &lit); /* says what it found */
    }
  }
  return fail_at(r, line, col,
                 "a clause after the cubes: iCNF input gives every clause "
                 "before the first 'a' line");
}

/* DIMACS and iCNF, from the start of the line after the header. */
static int read_dimacs_body(reader *r) {
  token t;
  int64_t clauses = 0;
  int max_var = r->info->header_vars;
  for (;;) {
    skip_blanks(r);
    int c = peek(r);
    if (c == END || c == '%') /* SATLIB files end with a line '%' */
      break;
    if (c == '\n' || c == 'c') {
      skip_line(r);
      continue;
    }
    if (c == 'p') {
      read_token(r, &t);
      return fail_at(r, t.line, t.col, "a second 'p' header");
    }
    while (c != END && c != '\n') {
      int rc;
      if (c == 'c' && r->nlits == 0 && !r->in_cube &&
          (clauses > 0 || r->info->num_cubes > 0)) {
        /* A comment after a clause's (or cube's) 0, on its line. */
        if ((rc = relaxable(r, r->line, r->col,
                            "a comment after a %s on its line",
                            r->info->num_cubes ? "cube" : "clause")))
          return rc;
        skip_line(r);
        break;
      }
      if (r->icnf && r->nlits == 0 && !r->in_cube) {
        if ((rc = item_start(r, c)))
          return rc;
        if (r->in_cube) { /* past the 'a' */
          skip_blanks(r);
          c = peek(r);
          continue;
        }
      }
      if ((rc = body_lit(r, &max_var, &clauses)))
        return rc;
      skip_blanks(r);
      c = peek(r);
    }
  }
  if (r->io_error)
    return fail_io(r);
  if (r->nlits || r->in_cube)
    return fail_at(r, r->line, r->col, "the last %s is not closed by 0",
                   r->in_cube ? "cube" : "clause");
  int rc;
  if (clauses < r->info->header_clauses &&
      (rc = relaxable(r, r->line, r->col,
                      "the header promises %lld clauses, the input has %lld",
                      (long long)r->info->header_clauses, (long long)clauses)))
    return rc;
  /* Variables the header declares exist even if no clause mentions them. */
  return dpll__ensure_vars(r->s, max_var);
}

/* Finds the format at the start of the input and reads the rest.  Before
 * a header, a line counts as a DIMACS comment when its first token is 'c'
 * (so "clause 1 2" is reported as a bad literal, not as a comment); when
 * DIMACS is asked for, any line starting with 'c' is one, as after the
 * header. */
static int read_input(reader *r, int format) {
  token t;
  long comment_line = 0;
  for (;;) {
    skip_blanks(r);
    int c = peek(r);
    if (c == '\n') {
      advance(r);
      continue;
    }
    if (c == 'c' && format >= DPLL_FORMAT_DIMACS) {
      skip_line(r);
      continue;
    }
    if (c == 'c' && format == DPLL_FORMAT_AUTO) {
      int value;
      read_token(r, &t);
      if (t.len != 1)
        return token_int(r, &t, &value); /* not a number: says so */
      if (!comment_line)
        comment_line = t.line;
      skip_line(r);
      continue;
    }
    if (c == 'p' && format != DPLL_FORMAT_DP) {
      read_token(r, &t);
      if (t.len == 1) {
        r->info->format = DPLL_FORMAT_DIMACS;
        int rc = read_header(r);
        if (!rc && format != DPLL_FORMAT_AUTO &&
            (format == DPLL_FORMAT_ICNF) != r->icnf)
          rc = fail_at(r, t.line, t.col, "expected the header '%s'",
                       r->icnf ? "p cnf VARIABLES CLAUSES" : "p inccnf");
        return rc ? rc : read_dimacs_body(r);
      }
      return fail_at(r, t.line, t.col,
                     "expected the header 'p cnf VARIABLES CLAUSES'");
    }
    if (r->io_error)
      return fail_io(r);
    if (format >= DPLL_FORMAT_DIMACS || (comment_line && c == END))
      return fail_at(r, r->line, r->col, "missing the header '%s'",
                     format == DPLL_FORMAT_ICNF ? "p inccnf" : "p cnf ...");
    if (comment_line)
      return fail_at(r, comment_line, 1,
                     "comment lines belong to DIMACS, which needs a 'p cnf' "
                     "header before the clauses");
    r->info->format = DPLL_FORMAT_DP;
    return read_dp(r);
  }
}

static int read_any(dpll_solver *s, dpll_read_fn read, void *ctx,
                    const char *data, size_t size, int format,
                    dpll_input *info) {
  if (!info)
    return DPLL_EINVAL;
  memset(info, 0, sizeof *info);
  bool relaxed = format & DPLL_READ_RELAXED;
  format &= ~DPLL_READ_RELAXED;
  if (!s || (!read && !data && size) || format < DPLL_FORMAT_AUTO ||
      format > DPLL_FORMAT_ICNF)
    return DPLL_EINVAL;
  if (dpll__input_open(s))
    return DPLL_EOPEN;
  reader r = {.s = s,
              .info = info,
              .read = read,
              .ctx = ctx,
              .line = 1,
              .col = 1,
              .relaxed = relaxed};
  if (read) {
    r.buf = malloc(READ_CHUNK);
    if (!r.buf)
      return DPLL_ENOMEM;
    r.p = r.end = r.buf;
  } else {
    r.p = (const unsigned char *)(data ? data : "");
    r.end = r.p + size;
  }
  int rc = read_input(&r, format);
  free(r.buf);
  free(r.lits);
  if (rc && rc != DPLL_EPARSE && rc != DPLL_EIO && !info->message[0])
    snprintf(info->message, sizeof info->message, "%s", dpll_strerror(rc));
  return rc;
}

int dpll_read_stream(dpll_solver *s, dpll_read_fn read, void *ctx, int format,
                     dpll_input *info) {
  if (!read) {
    if (info)
      memset(info, 0, sizeof *info);
    return DPLL_EINVAL;
  }
  return read_any(s, read, ctx, NULL, 0, format, info);
}

int dpll_read_string(dpll_solver *s, const char *data, size_t size, int format,
                     dpll_input *info) {
  return read_any(s, NULL, NULL, data, size, format, info);
}
