/* dp_answer.h - reading a solver's answer in the DP format, and the answers
 * of other solvers, for the puzzle libraries (libpeg, libmaze).
 *
 * The answer, as the dpll tool writes it: values "N T" / "N F" for atoms
 * 1..A in order and a line "0" (one model); further models the same way
 * (dpll --all or --solutions), perhaps a line "0" saying the list is
 * complete; then the back matter, which for the puzzle front ends is their
 * key.  An unsatisfiable answer is the line "0" and the back matter.
 *
 * lib/common/answer.c alone includes this header (its functions are all
 * static); the libraries read answers through answer.h.  The functions
 * never print and keep no state of their own. */
#ifndef DPLL_LIB_COMMON_DP_ANSWER_H_INCLUDED
#define DPLL_LIB_COMMON_DP_ANSWER_H_INCLUDED

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dp_answer {
  int atoms;             /* values per model; 0 when there is no model */
  size_t models;         /* models read; 0: unsatisfiable */
  unsigned char *values; /* model m's atom a at [m * atoms + a - 1]: 1 or 0 */
  bool complete;         /* a line "0" closed the list, or no model */
  size_t back_at;        /* the back matter: text[back_at..] */
  long back_line;        /* ... which starts on this line */
  /* On failure: where (line and column from 1) and what, one line. */
  long line, column;
  char message[200];
} dp_answer;

/* What dp_answer_read returns: BAD for a malformed answer, NO_KEY when
 * nothing follows it (the front end's key is missing). */
enum {
  DP_ANSWER_OK = 0,
  DP_ANSWER_BAD = 1,
  DP_ANSWER_NOMEM = 2,
  DP_ANSWER_NO_KEY = 3
};

/* The names the messages use: the puzzle ("peg"), the front end whose
 * clauses were solved ("peg-front") and the back end reading the answer
 * ("peg-back"). */
typedef struct dp_answer_names {
  const char *puzzle, *front, *back;
} dp_answer_names;

static int dp_answer_fail_(dp_answer *a, int rc, long line, const char *fmt,
                           ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int dp_answer_fail_(dp_answer *a, int rc, long line, const char *fmt,
                           ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(a->message, sizeof a->message, fmt, ap);
  va_end(ap);
  a->line = line;
  a->column = line ? 1 : 0;
  return rc;
}

static bool dp_answer_blank_(char c) { return c == ' ' || c == '\t'; }

/* Parses "N T" or "N F" (blanks around); false if it is not one. */
static bool dp_answer_value_line_(const char *s, size_t len, long *atom,
                                  int *value) {
  size_t i = 0, digits = 0;
  long n = 0;
  while (i < len && dp_answer_blank_(s[i]))
    i++;
  while (i < len && s[i] >= '0' && s[i] <= '9' && digits < 10) {
    n = 10 * n + (s[i++] - '0');
    digits++;
  }
  if (!digits || i == len || !dp_answer_blank_(s[i]))
    return false;
  while (i < len && dp_answer_blank_(s[i]))
    i++;
  if (i == len || (s[i] != 'T' && s[i] != 'F'))
    return false;
  *value = s[i++] == 'T';
  while (i < len && dp_answer_blank_(s[i]))
    i++;
  *atom = n;
  return i == len;
}

/* The line at text[at..] (without its LF and a CR before it), its length
 * in *len, the next line's start in *next; false at the end of the text. */
static bool dp_answer_next_line_(const char *text, size_t size, size_t at,
                                 const char **line, size_t *len, size_t *next) {
  if (at >= size)
    return false;
  const char *p = text + at, *nl = memchr(p, '\n', size - at);
  *len = (size_t)((nl ? nl : text + size) - p);
  *next = nl ? (size_t)(nl + 1 - text) : size;
  if (*len && p[*len - 1] == '\r')
    --*len;
  *line = p;
  return true;
}

/* Stores a value at a->values[n], growing the store. */
static int dp_answer_put_(dp_answer *a, size_t *cap, size_t n, int value) {
  if (n >= *cap) {
    size_t c = *cap ? 2 * *cap : 256;
    unsigned char *v = realloc(a->values, c);
    if (!v)
      return dp_answer_fail_(a, DP_ANSWER_NOMEM, 0, "out of memory");
    a->values = v;
    *cap = c;
  }
  a->values[n] = (unsigned char)value;
  return 0;
}

/* The first model: its values fix the number of atoms. */
static int dp_answer_first_(const char *text, size_t size,
                            const dp_answer_names *names, dp_answer *a,
                            size_t *at, long *line, size_t *cap) {
  const char *p;
  size_t len, next;
  for (;; *at = next) {
    if (!dp_answer_next_line_(text, size, *at, &p, &len, &next))
      return dp_answer_fail_(a, DP_ANSWER_BAD, *line + 1,
                             "the answer ends without its line '0' (is "
                             "this dpll's output in the DP format?)");
    ++*line;
    if (len == 1 && p[0] == '0') {
      *at = next;
      return 0;
    }
    long atom;
    int value;
    if (*line == 1 && len >= 2 && (p[0] == 's' || p[0] == 'v' || p[0] == 'c') &&
        p[1] == ' ')
      return dp_answer_fail_(a, DP_ANSWER_BAD, *line,
                             "this looks like a DIMACS answer; %s reads "
                             "dpll's answer in the DP format (give dpll "
                             "%s's DP output)",
                             names->back, names->front);
    if (!dp_answer_value_line_(p, len, &atom, &value)) {
      char shown[40];
      size_t k = 0;
      for (; k < len && k < sizeof shown - 1; k++)
        shown[k] = (unsigned char)p[k] < 0x20 || (unsigned char)p[k] >= 0x7f
                       ? '?'
                       : p[k];
      shown[k] = '\0';
      return dp_answer_fail_(a, DP_ANSWER_BAD, *line,
                             "expected 'N T' or 'N F' (an atom and its "
                             "value) or the line '0', found '%s'",
                             shown);
    }
    if (atom != a->atoms + 1)
      return dp_answer_fail_(a, DP_ANSWER_BAD, *line,
                             "atom %ld where atom %d was expected (values "
                             "come in order from 1)",
                             atom, a->atoms + 1);
    if (a->atoms == 0x7fffffff)
      return dp_answer_fail_(a, DP_ANSWER_BAD, *line, "too many atoms");
    int rc = dp_answer_put_(a, cap, (size_t)a->atoms, value);
    if (rc)
      return rc;
    a->atoms++;
  }
}

/* After the first model's '0': further models (values for atoms 1..atoms
 * in order, each ending in '0') and the '0' that closes a complete list.
 * *at and *line then point at the back matter. */
static int dp_answer_more_(const char *text, size_t size, dp_answer *a,
                           size_t *at, long *line, size_t *cap) {
  const char *p;
  size_t len, next;
  int expected = 1; /* the next atom of a further model */
  while (dp_answer_next_line_(text, size, *at, &p, &len, &next)) {
    long atom;
    int value;
    bool zero = len == 1 && p[0] == '0';
    if (zero && expected == 1) {
      *at = next; /* the list is complete */
      ++*line;
      a->complete = true;
      return 0;
    }
    if (zero && expected != a->atoms + 1)
      break;
    if (!zero && !dp_answer_value_line_(p, len, &atom, &value))
      break;
    if (!zero && atom != expected)
      return dp_answer_fail_(a, DP_ANSWER_BAD, *line + 1,
                             "atom %ld where atom %d of a further model was "
                             "expected",
                             atom, expected);
    size_t n = a->models * (size_t)a->atoms + (size_t)expected - 1;
    int rc = zero ? 0 : dp_answer_put_(a, cap, n, value);
    if (rc)
      return rc;
    *at = next;
    ++*line;
    if (zero)
      a->models++;
    expected = zero ? 1 : expected + 1;
  }
  if (expected == 1)
    return 0;
  return expected == a->atoms + 1
             ? dp_answer_fail_(a, DP_ANSWER_BAD, *line + 1,
                               "a further model of the answer ends without "
                               "its line '0'")
             : dp_answer_fail_(a, DP_ANSWER_BAD, *line + 1,
                               "a further model of the answer breaks off: "
                               "expected the value of atom %d",
                               expected);
}

/* Reads the answer in text[0..size-1] into *a (initialised here; release
 * it with dp_answer_free whatever the result).  Returns DP_ANSWER_OK,
 * DP_ANSWER_BAD, DP_ANSWER_NO_KEY (for both, a->line, a->column and
 * a->message say where and what) or DP_ANSWER_NOMEM. */
static int dp_answer_read(const char *text, size_t size,
                          const dp_answer_names *names, dp_answer *a) {
  memset(a, 0, sizeof *a);
  if (size == 0)
    return dp_answer_fail_(a, DP_ANSWER_BAD, 1,
                           "empty input: expected dpll's answer to %s's "
                           "clauses",
                           names->front);
  size_t at = 0, cap = 0;
  long line = 0;
  int rc = dp_answer_first_(text, size, names, a, &at, &line, &cap);
  if (!rc && a->atoms > 0) {
    a->models = 1;
    rc = dp_answer_more_(text, size, a, &at, &line, &cap);
  } else if (!rc)
    a->complete = true;
  a->back_at = at;
  a->back_line = line + 1;
  if (!rc && at == size)
    rc = dp_answer_fail_(a, DP_ANSWER_NO_KEY, a->back_line,
                         "no %s key after the answer (is this dpll's answer "
                         "to %s's clauses?)",
                         names->puzzle, names->front);
  return rc;
}

/* Whether the models give values for exactly the key's atoms: DP_ANSWER_OK,
 * or DP_ANSWER_BAD pointing at the first value too many or at the first
 * '0' line. */
static int dp_answer_atoms(dp_answer *a, int atoms) {
  if (a->models == 0 || a->atoms == atoms)
    return DP_ANSWER_OK;
  return dp_answer_fail_(a, DP_ANSWER_BAD,
                         a->atoms > atoms ? (long)atoms + 1 : a->atoms + 1,
                         "the answer gives values for %d atoms, the key has "
                         "%d",
                         a->atoms, atoms);
}

/* The value of atom (1..atoms) in model m (0..models-1): 1 or 0. */
static inline int dp_answer_value(const dp_answer *a, size_t m, int atom) {
  return a->values[m * (size_t)a->atoms + (size_t)atom - 1];
}

static inline void dp_answer_free(dp_answer *a) {
  free(a->values);
  a->values = NULL;
}

/* ---- Answers of other solvers ------------------------------------------
 *
 * A SAT-competition answer, as CaDiCaL, Kissat, PicoSAT, CryptoMiniSat and
 * dpll --dimacs write it: "c" comment lines, "s SATISFIABLE" with "v"
 * lines of literals ending in 0, or "s UNSATISFIABLE"; several such blocks
 * one after another (an enumeration) are several models.  MiniSat's result
 * file: "SAT" and a line of literals ending in 0, or "UNSAT".  Neither
 * carries the front end's key: it comes from the CNF file's "c" lines or
 * from a key file. */

enum { DP_FORM_DP = 0, DP_FORM_COMPETITION = 1, DP_FORM_MINISAT = 2 };

/* The form of the answer in text, from its first line that is not blank. */
static int dp_answer_form(const char *text, size_t size) {
  const char *p;
  size_t len, at = 0, next;
  while (dp_answer_next_line_(text, size, at, &p, &len, &next)) {
    while (len && dp_answer_blank_(*p))
      p++, len--;
    if (len == 0) {
      at = next;
      continue;
    }
    if ((len >= 2 && (p[0] == 's' || p[0] == 'c' || p[0] == 'v') &&
         dp_answer_blank_(p[1])) ||
        (len == 1 && p[0] == 'c'))
      return DP_FORM_COMPETITION;
    if ((len == 3 && !memcmp(p, "SAT", 3)) ||
        (len == 5 && !memcmp(p, "UNSAT", 5)) ||
        (len == 5 && !memcmp(p, "INDET", 5)))
      return DP_FORM_MINISAT;
    return DP_FORM_DP;
  }
  return DP_FORM_DP;
}

/* The literals of a "v" line (or MiniSat's model line) at p[0..len-1] into
 * model a->models (atoms 1..atoms; an atom no literal names stays false).
 * Sets *closed when a 0 ends the model.  DP_ANSWER_OK or BAD. */
static int dp_answer_literals_(dp_answer *a, const char *p, size_t len,
                               long line, bool *closed) {
  size_t i = 0;
  while (i < len) {
    while (i < len && dp_answer_blank_(p[i]))
      i++;
    if (i == len)
      break;
    if (*closed)
      return dp_answer_fail_(a, DP_ANSWER_BAD, line,
                             "a literal after the 0 that ends the model");
    char *end;
    char buf[24];
    size_t n = 0;
    while (i + n < len && !dp_answer_blank_(p[i + n]) && n < sizeof buf - 1)
      n++;
    memcpy(buf, p + i, n);
    buf[n] = '\0';
    long lit = strtol(buf, &end, 10);
    if (*end || n == 0 || (i + n < len && !dp_answer_blank_(p[i + n])))
      return dp_answer_fail_(a, DP_ANSWER_BAD, line,
                             "expected a literal, found '%s'", buf);
    if (lit == 0)
      *closed = true;
    else if (lit > a->atoms || lit < -(long)a->atoms)
      return dp_answer_fail_(a, DP_ANSWER_BAD, line,
                             "literal %ld is beyond the key's %d atoms", lit,
                             a->atoms);
    else
      a->values[a->models * (size_t)a->atoms + (size_t)labs(lit) - 1] = lit > 0;
    i += n;
  }
  return DP_ANSWER_OK;
}

/* Room for one more model, all false. */
static int dp_answer_new_model_(dp_answer *a, size_t *cap) {
  size_t need = (a->models + 1) * (size_t)a->atoms;
  if (need > *cap) {
    size_t c = *cap ? *cap : (size_t)a->atoms;
    while (c < need)
      c *= 2;
    unsigned char *v = realloc(a->values, c);
    if (!v)
      return DP_ANSWER_NOMEM;
    a->values = v;
    *cap = c;
  }
  memset(a->values + a->models * (size_t)a->atoms, 0, (size_t)a->atoms);
  return DP_ANSWER_OK;
}

/* Reads a SAT-competition answer or MiniSat's result (form, from
 * dp_answer_form) for a formula of `atoms` variables into *a (initialised
 * here; release with dp_answer_free).  An answer with no model is
 * unsatisfiable; "s UNKNOWN", "INDET", a model without its 0 and an
 * answer that says nothing are errors. */
static int dp_answer_read_other(const char *text, size_t size, int form,
                                int atoms, dp_answer *a) {
  memset(a, 0, sizeof *a);
  a->atoms = atoms;
  const char *p;
  size_t len, at = 0, next, cap = 0;
  long line = 0;
  int said = 0; /* 1 satisfiable, 2 unsatisfiable */
  bool open = false, closed = false;
  while (dp_answer_next_line_(text, size, at, &p, &len, &next)) {
    line++;
    at = next;
    while (len && dp_answer_blank_(*p))
      p++, len--;
    bool sat = form == DP_FORM_MINISAT
                   ? len == 3 && !memcmp(p, "SAT", 3)
                   : len == 13 && !memcmp(p, "s SATISFIABLE", 13);
    bool unsat = form == DP_FORM_MINISAT
                     ? len == 5 && !memcmp(p, "UNSAT", 5)
                     : len == 15 && !memcmp(p, "s UNSATISFIABLE", 15);
    bool values =
        form == DP_FORM_MINISAT
            ? said == 1 && len && !open
            : len >= 1 && p[0] == 'v' && (len == 1 || dp_answer_blank_(p[1]));
    if (len == 0 || (form == DP_FORM_COMPETITION && p[0] == 'c' &&
                     (len == 1 || dp_answer_blank_(p[1]))))
      continue;
    if (form == DP_FORM_COMPETITION && len > 12 &&
        !memcmp(p, "s SOLUTIONS ", 12) && !(open && !closed)) {
      a->complete = true; /* an enumeration's last line: all were listed */
      continue;
    }
    if (sat || unsat) {
      if (open && !closed)
        return dp_answer_fail_(a, DP_ANSWER_BAD, line,
                               "a model ends without its 0");
      if (said == 2 || (unsat && a->models))
        return dp_answer_fail_(a, DP_ANSWER_BAD, line,
                               "satisfiable and unsatisfiable in one answer");
      said = sat ? 1 : 2;
      open = closed = false;
      continue;
    }
    if (values && said == 1 && !closed) {
      int rc = open ? 0 : dp_answer_new_model_(a, &cap);
      open = true;
      if (!rc)
        rc = dp_answer_literals_(a, form == DP_FORM_MINISAT ? p : p + 1,
                                 form == DP_FORM_MINISAT ? len : len - 1, line,
                                 &closed);
      if (rc)
        return rc;
      if (closed)
        a->models++;
      continue;
    }
    return dp_answer_fail_(a, DP_ANSWER_BAD, line,
                           "unexpected line in the solver's answer: '%.*s'",
                           (int)(len < 40 ? len : 40), p);
  }
  if (open && !closed)
    return dp_answer_fail_(a, DP_ANSWER_BAD, line + 1,
                           "the model ends without its 0");
  if (said == 0 || (said == 1 && a->models == 0))
    return dp_answer_fail_(a, DP_ANSWER_BAD, line + 1,
                           "the solver's answer says neither satisfiable "
                           "(with a model) nor unsatisfiable");
  if (a->models == 0)
    a->complete = true; /* unsatisfiable: there is nothing to list */
  return DP_ANSWER_OK;
}

/* The key in a CNF file's "c" lines (as the front end's --dimacs writes
 * it: "c " before each key line) or a key file's text, from its line
 * "PUZZLE-key" on: a new malloc'd text in *out, *out_size, and in *line
 * the number of its first line in the file.  DP_ANSWER_OK, NO_KEY or
 * NOMEM. */
static int dp_answer_key_(const char *text, size_t size, const char *mark,
                          char **out, size_t *out_size, long *line) {
  const char *p;
  size_t len, at = 0, next, n = 0;
  long no = 0;
  bool in = false, comment = false;
  *out = malloc(size + 1);
  if (!*out)
    return DP_ANSWER_NOMEM;
  while (dp_answer_next_line_(text, size, at, &p, &len, &next)) {
    no++;
    at = next;
    if (!in) {
      comment = len > 2 && p[0] == 'c' && p[1] == ' ';
      const char *q = comment ? p + 2 : p;
      size_t ql = comment ? len - 2 : len, ml = strlen(mark);
      if (ql < ml || memcmp(q, mark, ml))
        continue;
      in = true;
      *line = no;
    }
    if (comment && !(len >= 1 && p[0] == 'c'))
      break; /* the clauses: the key's c lines are over */
    size_t skip = comment ? (len >= 2 ? 2 : len) : 0;
    memcpy(*out + n, p + skip, len - skip);
    n += len - skip;
    (*out)[n++] = '\n';
  }
  (*out)[n] = '\0';
  *out_size = n;
  if (!in) {
    free(*out);
    *out = NULL;
    return DP_ANSWER_NO_KEY;
  }
  return DP_ANSWER_OK;
}

/* The first steps of reading another solver's answer with its key, as
 * both libraries take them: *form (DP_FORM_DP: read dpll's answer as ever,
 * nothing else is done), else the key's text from key[0..key_size-1] in
 * *out (malloc'd) starting on line *line.  DP_ANSWER_OK, NO_KEY (no key
 * given, or none in it) or NOMEM, with a->message saying what. */
static int dp_answer_keyed(const char *text, size_t size, const char *key,
                           size_t key_size, const dp_answer_names *names,
                           int *form, char **out, size_t *out_size, long *line,
                           dp_answer *a) {
  memset(a, 0, sizeof *a);
  *out = NULL;
  *line = 1;
  *form = dp_answer_form(text, size);
  if (*form == DP_FORM_DP)
    return DP_ANSWER_OK;
  if (!key)
    return dp_answer_fail_(a, DP_ANSWER_NO_KEY, 0,
                           "this answer (%s) carries no key: give %s the CNF "
                           "file %s --dimacs wrote, or the file of "
                           "--key-out, with --key FILE",
                           *form == DP_FORM_MINISAT ? "MiniSat's"
                                                    : "s and v lines",
                           names->back, names->front);
  char mark[32];
  snprintf(mark, sizeof mark, "%s-key", names->puzzle);
  int rc = dp_answer_key_(key, key_size, mark, out, out_size, line);
  if (rc == DP_ANSWER_NO_KEY)
    return dp_answer_fail_(a, rc, 0, "no %s key in the key file", names->front);
  return rc ? dp_answer_fail_(a, rc, 0, "out of memory") : DP_ANSWER_OK;
}

#endif
