/* decode.c - from a model to the ordered jumps; replaying a play on the
 * board; reading a solver's answer with its key. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Stepping --------------------------------------------------------------
 */

int peg_start_pegs(const peg_board *b, const peg_jump *first,
                   unsigned char *pegs) {
  if (!b || !pegs)
    return PEG_EINVAL;
  int empty = first && first->to >= 1 && first->to <= b->holes ? first->to : 1;
  bool goal_start = b->free_start && !first && b->goal_given &&
                    peg_board_goal_pegs(b) == b->holes - 1;
  for (int h = 1; h <= b->holes; h++)
    pegs[h] = goal_start      ? b->goal[h]
              : b->free_start ? h != empty
                              : b->start[h];
  return 0;
}

/* Why jump j cannot be made on pegs, or NULL if it can.  buf holds the
 * reason. */
static const char *fault(const peg_board *b, const unsigned char *pegs,
                         peg_jump j, char *buf, size_t size) {
  if (peg__find_jump(b, j.from, j.over, j.to) < 0)
    snprintf(buf, size, "%d over %d into %d is not a jump of the board", j.from,
             j.over, j.to);
  else if (!pegs[j.from])
    snprintf(buf, size, "hole %d has no peg to jump", j.from);
  else if (!pegs[j.over])
    snprintf(buf, size, "hole %d has no peg to jump over", j.over);
  else if (pegs[j.to])
    snprintf(buf, size, "hole %d is not empty", j.to);
  else
    return NULL;
  return buf;
}

int peg_apply(const peg_board *b, unsigned char *pegs, peg_jump j) {
  char why[128];
  if (!b || !pegs)
    return PEG_EINVAL;
  if (fault(b, pegs, j, why, sizeof why))
    return PEG_EPLAY;
  pegs[j.from] = pegs[j.over] = 0;
  pegs[j.to] = 1;
  return 0;
}

/* ---- Replay -----------------------------------------------------------------
 */

/* Whether pegs is the goal; if not, why says how it differs. */
static bool at_goal(const peg_board *b, const unsigned char *pegs, char *why,
                    size_t size) {
  int left = 0;
  for (int h = 1; h <= b->holes; h++) {
    left += pegs[h];
    if (b->goal_given && pegs[h] != b->goal[h]) {
      snprintf(why, size, "at the end hole %d %s, unlike the goal", h,
               pegs[h] ? "holds a peg" : "is empty");
      return false;
    }
  }
  if (!b->goal_given && left != 1) {
    snprintf(why, size, "%d pegs are left at the end, not one", left);
    return false;
  }
  return true;
}

int peg_replay(const peg_board *b, const peg_jump *jumps, size_t n,
               peg_error *err) {
  if (!b || (n && !jumps))
    return peg__fail(err, PEG_EINVAL, 0, 0, "invalid argument");
  unsigned char *pegs = malloc((size_t)b->holes + 1);
  if (!pegs)
    return peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
  char why[160];
  int rc = 0;
  if (b->free_start && n == 0) {
    /* No jump shows which hole was empty: any start will do that is
     * already the goal. */
    bool ok =
        b->goal_given ? peg_board_goal_pegs(b) == b->holes - 1 : b->holes == 2;
    if (!ok)
      rc = peg__fail(err, PEG_EPLAY, 0, 0,
                     "no jump, and no start with one empty hole is the goal");
    free(pegs);
    return rc;
  }
  peg_start_pegs(b, n ? &jumps[0] : NULL, pegs);
  for (size_t i = 0; i < n && !rc; i++) {
    if (fault(b, pegs, jumps[i], why, sizeof why))
      rc = peg__fail(err, PEG_EPLAY, (long)i + 1, 0,
                     "jump %zu, Jump(%d,%d,%d,%zu): %s", i + 1, jumps[i].from,
                     jumps[i].over, jumps[i].to, i + 1, why);
    else
      peg_apply(b, pegs, jumps[i]);
  }
  if (!rc && !at_goal(b, pegs, why, sizeof why))
    rc = peg__fail(err, PEG_EPLAY, 0, 0, "%s", why);
  free(pegs);
  return rc;
}

/* ---- Decoding a model
 * ------------------------------------------------------------ */

/* The value of atom, or PEG_EATOM with err set. */
static int value_of(const peg_encoding *e, peg_value_fn value, void *ctx,
                    int atom, peg_error *err) {
  int v = value(ctx, atom);
  if (v >= 0)
    return v != 0;
  char name[64];
  peg_atom_name(e, atom, name, sizeof name);
  return peg__fail(err, PEG_EATOM, 0, 0, "the model gives no value for %s",
                   name);
}

/* A free start and no jump: no jump shows which hole was empty, so the
 * start is the model's own Peg atoms at time 1, which must leave exactly
 * one hole empty and be the goal. */
static int model_start(const peg_encoding *e, peg_value_fn value, void *ctx,
                       unsigned char *pegs, peg_error *err) {
  const peg_board *b = e->board;
  int empty = 0;
  for (int h = 1; h <= b->holes; h++) {
    int v = value_of(e, value, ctx, peg_atom_peg(e, h, 1), err);
    if (v < 0)
      return v;
    pegs[h] = (unsigned char)v;
    empty += !v;
  }
  char why[160];
  if (empty != 1)
    return peg__fail(err, PEG_EPLAY, 0, 0,
                     "the model's start leaves %d holes empty, not one", empty);
  if (!at_goal(b, pegs, why, sizeof why))
    return peg__fail(err, PEG_EPLAY, 0, 0, "%s", why);
  return 0;
}

/* Checks that the model's Peg atoms are the states the jumps pass through. */
static int check_pegs(const peg_encoding *e, peg_value_fn value, void *ctx,
                      const peg_jump *jumps, peg_error *err) {
  const peg_board *b = e->board;
  unsigned char *pegs = malloc((size_t)b->holes + 1);
  if (!pegs)
    return peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
  int rc = 0;
  if (b->free_start && e->steps == 0)
    rc = model_start(e, value, ctx, pegs, err);
  else
    peg_start_pegs(b, e->steps ? &jumps[0] : NULL, pegs);
  for (int t = 1; t <= e->steps + 1 && !rc; t++) {
    for (int h = 1; h <= b->holes && !rc; h++) {
      int atom = peg_atom_peg(e, h, t);
      int v = value_of(e, value, ctx, atom, err);
      if (v < 0)
        rc = v;
      else if (v != pegs[h])
        rc = peg__fail(err, PEG_EPLAY, 0, 0,
                       "the model says Peg(%d,%d) is %s, but the jumps leave "
                       "hole %d %s at time %d",
                       h, t, v ? "true" : "false", h,
                       pegs[h] ? "holding a peg" : "empty", t);
    }
    if (t <= e->steps)
      peg_apply(b, pegs, jumps[t - 1]);
  }
  free(pegs);
  return rc;
}

int peg_decode(const peg_encoding *e, peg_value_fn value, void *ctx,
               peg_jump *jumps, peg_error *err) {
  if (!e || !value || (e->steps && !jumps))
    return peg__fail(err, PEG_EINVAL, 0, 0, "invalid argument");
  char a[64], b[64];
  for (int t = 1; t <= e->steps; t++) {
    long found = -1;
    for (size_t j = 0; j < e->jumps; j++) {
      int atom = (int)((size_t)(t - 1) * e->jumps + j + 1);
      int v = value_of(e, value, ctx, atom, err);
      if (v < 0)
        return v;
      if (!v)
        continue;
      if (found >= 0) {
        peg_atom_name(e, (int)((size_t)(t - 1) * e->jumps + (size_t)found + 1),
                      a, sizeof a);
        peg_atom_name(e, atom, b, sizeof b);
        return peg__fail(err, PEG_EPLAY, 0, 0,
                         "two jumps at time %d: %s and %s", t, a, b);
      }
      found = (long)j;
    }
    if (found < 0)
      return peg__fail(err, PEG_EPLAY, 0, 0, "no jump at time %d", t);
    jumps[t - 1] = peg__jump_of(e->board, (size_t)found);
  }
  int rc = peg_replay(e->board, jumps, (size_t)e->steps, err);
  if (!rc)
    rc = check_pegs(e, value, ctx, jumps, err);
  if (rc && err)
    err->line = err->column = 0;
  return rc;
}

/* ---- Reading a solver's answer
 * ---------------------------------------------------- */

typedef struct answer {
  unsigned char *values; /* [1..count]: 1 true, 0 false */
  int count;
  size_t cap;
} answer;

static int lookup(void *ctx, int atom) {
  const answer *a = ctx;
  return atom >= 1 && atom <= a->count ? a->values[atom] : -1;
}

/* Parses "N T" or "N F" (blanks around); returns false if it is not one. */
static bool value_line(const char *s, size_t len, long *atom, int *value) {
  size_t i = 0;
  long n = 0;
  while (i < len && peg__is_blank(s[i], PEG__BLANK_SPACE_TAB))
    i++;
  size_t digits = 0;
  while (i < len && s[i] >= '0' && s[i] <= '9' && digits < 10) {
    n = 10 * n + (s[i++] - '0');
    digits++;
  }
  if (!digits || i == len || !peg__is_blank(s[i], PEG__BLANK_SPACE_TAB))
    return false;
  while (i < len && peg__is_blank(s[i], PEG__BLANK_SPACE_TAB))
    i++;
  if (i == len || (s[i] != 'T' && s[i] != 'F'))
    return false;
  *value = s[i++] == 'T';
  while (i < len && peg__is_blank(s[i], PEG__BLANK_SPACE_TAB))
    i++;
  *atom = n;
  return i == len;
}

/* The line at text[*at..] (without its LF and a CR before it), its length
 * in *len; false at the end of the text. */
static bool next_line(const char *text, size_t size, size_t at,
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

/* After the first model's '0': the further models of dpll --all or
 * --solutions (values for atoms 1..atoms in order, each ending in '0') and
 * the '0' that closes a complete list are passed over; *at and *line then
 * point at the key. */
static int skip_more_models(const char *text, size_t size, int atoms,
                            size_t *at, long *line, peg_error *err) {
  const char *p;
  size_t len, next;
  int expected = 1; /* the next atom of a further model */
  while (next_line(text, size, *at, &p, &len, &next)) {
    long atom;
    int value;
    bool zero = len == 1 && p[0] == '0';
    if (zero && expected == 1) {
      *at = next; /* the list is complete */
      ++*line;
      return 0;
    }
    if (zero && expected != atoms + 1)
      break;
    if (!zero && !value_line(p, len, &atom, &value))
      break;
    if (!zero && atom != expected)
      return peg__fail(err, PEG_EANSWER, *line, 1,
                       "atom %ld where atom %d of a further model was "
                       "expected",
                       atom, expected);
    *at = next;
    ++*line;
    expected = zero ? 1 : expected + 1;
  }
  if (expected == 1)
    return 0;
  return expected == atoms + 1
             ? peg__fail(err, PEG_EANSWER, *line, 1,
                         "a further model of the answer ends without its "
                         "line '0'")
             : peg__fail(err, PEG_EANSWER, *line, 1,
                         "a further model of the answer breaks off: "
                         "expected the value of atom %d",
                         expected);
}

static int read_values(const char *text, size_t size, answer *a, size_t *key_at,
                       long *key_line, peg_error *err) {
  const char *p;
  size_t at = 0, len, next;
  long line = 0;
  if (size == 0)
    return peg__fail(err, PEG_EANSWER, 1, 1,
                     "empty input: expected dpll's answer to peg-front's "
                     "clauses");
  for (;; at = next) {
    if (!next_line(text, size, at, &p, &len, &next))
      return peg__fail(err, PEG_EANSWER, line + 1, 1,
                       "the answer ends without its line '0' (is this dpll's "
                       "output in the DP format?)");
    line++;
    if (len == 1 && p[0] == '0') {
      *key_at = next;
      *key_line = line + 1;
      return a->count
                 ? skip_more_models(text, size, a->count, key_at, key_line, err)
                 : 0;
    }
    long atom;
    int value;
    if (line == 1 && len >= 2 && (p[0] == 's' || p[0] == 'v' || p[0] == 'c') &&
        p[1] == ' ')
      return peg__fail(err, PEG_EANSWER, line, 1,
                       "this looks like a DIMACS answer; peg-back reads "
                       "dpll's answer in the DP format (give dpll "
                       "peg-front's DP output)");
    if (!value_line(p, len, &atom, &value)) {
      char shown[40];
      return peg__fail(err, PEG_EANSWER, line, 1,
                       "expected 'N T' or 'N F' (an atom and its value) or "
                       "the line '0', found '%s'",
                       peg__printable(p, len, sizeof shown - 1,
                                      PEG__SHOWN_MASKED, shown, sizeof shown));
    }
    if (atom != a->count + 1)
      return peg__fail(err, PEG_EANSWER, line, 1,
                       "atom %ld where atom %d was expected (values come in "
                       "order from 1)",
                       atom, a->count + 1);
    void *values = a->values;
    int rc = peg__grow(&values, &a->cap, (size_t)a->count + 2, 1);
    a->values = values;
    if (rc)
      return peg__fail(err, rc, 0, 0, "out of memory");
    a->values[++a->count] = (unsigned char)value;
  }
}

int peg_result_read(const char *text, size_t size, peg_result *out,
                    peg_error *err) {
  peg_error scratch;
  if (!err)
    err = &scratch;
  memset(err, 0, sizeof *err);
  if (!out)
    return peg__fail(err, PEG_EINVAL, 0, 0, "invalid argument");
  memset(out, 0, sizeof *out);
  if (!text && size)
    return peg__fail(err, PEG_EINVAL, 0, 0, "invalid argument");
  answer a = {0};
  size_t key_at = 0;
  long key_line = 0;
  int rc = read_values(text ? text : "", size, &a, &key_at, &key_line, err);
  if (!rc && key_at == size)
    rc = peg__fail(err, PEG_EKEY, key_line, 1,
                   "no peg key after the answer (is this dpll's answer to "
                   "peg-front's clauses?)");
  if (!rc)
    rc = peg__key_parse(text + key_at, size - key_at, key_line, &out->encoding,
                        err);
  if (!rc && a.count > 0) {
    const peg_encoding *e = out->encoding;
    /* Point at the first value too many, or at the '0' line. */
    if (a.count != e->atoms)
      rc = peg__fail(err, PEG_EANSWER,
                     a.count > e->atoms ? (long)e->atoms + 1 : key_line - 1, 1,
                     "the answer gives values for %d atoms, the key has %d",
                     a.count, e->atoms);
    if (!rc) {
      out->jumps = malloc(((size_t)e->steps + 1) * sizeof *out->jumps);
      rc = out->jumps ? peg_decode(e, lookup, &a, out->jumps, err)
                      : peg__fail(err, PEG_ENOMEM, 0, 0, "out of memory");
    }
    if (!rc) {
      out->solved = 1;
      out->num_jumps = (size_t)e->steps;
    }
  }
  free(a.values);
  if (rc)
    peg_result_clear(out);
  return rc;
}

void peg_result_clear(peg_result *r) {
  if (!r)
    return;
  peg_encoding_free(r->encoding);
  free(r->jumps);
  memset(r, 0, sizeof *r);
}
