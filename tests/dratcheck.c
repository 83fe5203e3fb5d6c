/* dratcheck.c - forward checking of DRAT proofs for the tests, written
 * independently of libdpll; dratcheck.h says what is accepted and
 * docs/proof-checking.md how. */
#include "dratcheck.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dratread.h"

/* ---- Memory, literals, messages ------------------------------------------ */

static void *must(void *p) {
  if (!p) {
    fputs("dratcheck: out of memory\n", stderr);
    abort();
  }
  return p;
}

static void *grow(void *p, size_t n, size_t size) {
  return must(realloc(p, (n ? n : 1) * size));
}

/* Literals inside are 2*var + (negative), the binary format's numbering. */
static unsigned lit_of(long dimacs) {
  return dimacs > 0 ? 2u * (unsigned)dimacs : 2u * (unsigned)-dimacs + 1;
}

static long dimacs_of(unsigned lit) {
  return lit & 1 ? -(long)(lit >> 1) : (long)(lit >> 1);
}

/* A clause's offset in the arena; 0 is no clause (the arena starts with a
 * word that belongs to none). */
typedef uint32_t cref;

/* A clause in the arena is these header words, then its literals. */
enum { H_SIZE, H_FLAGS, H_HASH, H_NEXT, HEADER };
enum { DELETED = 1 };

typedef struct vec {
  cref *a;
  uint32_t n, cap;
} vec;

static void vec_push(vec *v, cref c) {
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 4;
    v->a = grow(v->a, v->cap, sizeof *v->a);
  }
  v->a[v->n++] = c;
}

typedef struct checker {
  int max_var;         /* the arrays below cover variables 1..max_var */
  signed char *val;    /* by literal: 1 true, -1 false, 0 unassigned */
  cref *reason;        /* by variable: the clause that implied it, or 0 */
  unsigned char *mark; /* by literal: scratch for duplicates and matching */
  unsigned *trail;     /* the assigned literals in order */
  size_t trail_n, qhead, root_n; /* propagated up to qhead; root level */
  vec *watches, *occs; /* by literal: watching clauses; all holding it */
  vec units;           /* the unit clauses, never deleted */
  uint32_t *arena;
  size_t arena_n, arena_cap;
  cref *buckets; /* clauses of two or more literals, by hash */
  size_t num_buckets, live;
  int inconsistent; /* the root level propagates to a conflict */
  cref conflict;    /* the clause falsified there */
  int dirty;        /* a deletion may have taken a root reason away */
  unsigned *lits;   /* the clause just read, duplicates dropped */
  size_t lits_n, lits_cap;
  drat_report *r;
} checker;

static uint32_t *clause(const checker *s, cref c) { return s->arena + c; }
static unsigned *lits_of(const checker *s, cref c) {
  return s->arena + c + HEADER;
}

static void say(checker *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say(checker *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->r->msg, sizeof s->r->msg, fmt, ap);
  va_end(ap);
}

/* A clause for messages, "1 -2 0", shortened past a few literals. */
static const char *show(const unsigned *lits, size_t n, char *out,
                        size_t size) {
  size_t used = 0;
  out[0] = '\0';
  for (size_t i = 0; i < n && i < 8; i++)
    used +=
        (size_t)snprintf(out + used, size - used, "%ld ", dimacs_of(lits[i]));
  if (n > 8)
    snprintf(out + used, size - used, "... (%zu literals) 0", n);
  else
    snprintf(out + used, size - used, "0");
  return out;
}

/* ---- Growing to a new variable ------------------------------------------- */

/* calloc, not realloc and memset: a large array's untouched pages then
 * cost no memory, so that one stray variable near DRAT_MAX_VAR does not
 * commit a gigabyte. */
static void *grow_zero(void *p, size_t old_n, size_t new_n, size_t size) {
  char *q = must(calloc(new_n, size));
  if (old_n)
    memcpy(q, p, old_n * size);
  free(p);
  return q;
}

static void ensure_var(checker *s, int var) {
  if (var <= s->max_var)
    return;
  int n = s->max_var < 32 ? 64 : 2 * s->max_var;
  if (n < var)
    n = var;
  if (n > DRAT_MAX_VAR)
    n = DRAT_MAX_VAR;
  size_t old_v = s->val ? (size_t)s->max_var + 1 : 0, new_v = (size_t)n + 1;
  s->val = grow_zero(s->val, 2 * old_v, 2 * new_v, sizeof *s->val);
  s->mark = grow_zero(s->mark, 2 * old_v, 2 * new_v, sizeof *s->mark);
  s->watches = grow_zero(s->watches, 2 * old_v, 2 * new_v, sizeof *s->watches);
  s->occs = grow_zero(s->occs, 2 * old_v, 2 * new_v, sizeof *s->occs);
  s->reason = grow_zero(s->reason, old_v, new_v, sizeof *s->reason);
  s->trail = grow(s->trail, new_v, sizeof *s->trail);
  s->max_var = n;
}

/* Appends a literal read to the clause being read, once. */
static void push_lit(checker *s, long dimacs) {
  unsigned l = lit_of(dimacs);
  ensure_var(s, (int)(l >> 1));
  if (s->mark[l])
    return;
  s->mark[l] = 1;
  if (s->lits_n == s->lits_cap) {
    s->lits_cap = s->lits_cap ? 2 * s->lits_cap : 16;
    s->lits = grow(s->lits, s->lits_cap, sizeof *s->lits);
  }
  s->lits[s->lits_n++] = l;
}

static void unmark_lits(checker *s) {
  for (size_t i = 0; i < s->lits_n; i++)
    s->mark[s->lits[i]] = 0;
}

/* ---- Assignments and unit propagation ------------------------------------ */

static void assign(checker *s, unsigned lit, cref why) {
  s->val[lit] = 1;
  s->val[lit ^ 1] = -1;
  s->reason[lit >> 1] = why;
  s->trail[s->trail_n++] = lit;
}

static void backtrack(checker *s, size_t level) {
  while (s->trail_n > level) {
    unsigned lit = s->trail[--s->trail_n];
    s->val[lit] = s->val[lit ^ 1] = 0;
  }
  s->qhead = level;
}

/* Propagates the trail from qhead with two watched literals, the first two
 * of each clause of two or more literals.
 *   pre:  every watched literal that is false was assigned before qhead
 *         and the clause's other watched literal is true, or the clause is
 *         still to be visited from a literal after qhead;
 *   post: returns 0 and every clause is satisfied, unit-free and watched
 *         by two non-false literals (or a true and a false one); or returns
 *         a clause all of whose literals are false.
 * Deleted clauses are dropped from the watch lists as they are met. */
static cref propagate(checker *s) {
  while (s->qhead < s->trail_n) {
    unsigned falsified = s->trail[s->qhead++] ^ 1;
    vec *ws = &s->watches[falsified];
    uint32_t i = 0, j = 0;
    while (i < ws->n) {
      cref c = ws->a[i++];
      uint32_t *h = clause(s, c);
      if (h[H_FLAGS] & DELETED)
        continue;
      unsigned *l = lits_of(s, c), size = h[H_SIZE];
      if (l[0] == falsified) {
        l[0] = l[1];
        l[1] = falsified;
      }
      unsigned k = 2;
      if (s->val[l[0]] != 1)
        while (k < size && s->val[l[k]] == -1)
          k++;
      if (s->val[l[0]] != 1 && k < size) {
        l[1] = l[k];
        l[k] = falsified;
        vec_push(&s->watches[l[1]], c);
        continue;
      }
      ws->a[j++] = c;
      if (s->val[l[0]] == -1) {
        while (i < ws->n)
          ws->a[j++] = ws->a[i++];
        ws->n = j;
        return c;
      }
      if (s->val[l[0]] == 0)
        assign(s, l[0], c);
    }
    ws->n = j;
  }
  return 0;
}

/* Propagation at the root level, whose conflict makes the clauses
 * inconsistent for good (until a deletion takes a reason away). */
static void root_propagate(checker *s) {
  cref c = propagate(s);
  if (c) {
    s->inconsistent = 1;
    s->conflict = c;
  }
  s->root_n = s->trail_n;
}

/* Assumes every literal of lits[0..n-1] but skip false; returns 1 if one of
 * them is true already (the assumptions then conflict), else 0. */
static int assume_negation(checker *s, const unsigned *lits, size_t n,
                           unsigned skip) {
  for (size_t i = 0; i < n; i++) {
    unsigned l = lits[i];
    if (l == skip || s->val[l] == -1)
      continue;
    if (s->val[l] == 1)
      return 1;
    assign(s, l ^ 1, 0);
  }
  return 0;
}

/* Starts the root level again from the unit clauses, after deletions that
 * may have taken away the reason of a root-level literal.  Watches need no
 * repair: with nothing assigned, any two literals of a clause will do. */
static void rebuild_root(checker *s) {
  backtrack(s, 0);
  s->inconsistent = 0;
  s->dirty = 0;
  for (uint32_t i = 0; i < s->units.n && !s->inconsistent; i++) {
    cref u = s->units.a[i];
    unsigned l = lits_of(s, u)[0];
    if (s->val[l] == -1) {
      s->inconsistent = 1;
      s->conflict = u;
    } else if (s->val[l] == 0) {
      assign(s, l, u);
    }
  }
  if (!s->inconsistent)
    root_propagate(s);
  s->root_n = s->trail_n;
}

/* ---- The clause database ------------------------------------------------- */

/* The order of a clause's literals does not change its hash, so deletions
 * find clauses without sorting anything. */
static uint32_t hash_lits(const unsigned *lits, size_t n) {
  uint64_t sum = n, xr = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t z = (uint64_t)lits[i] * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 29)) * 0xBF58476D1CE4E5B9ULL;
    sum += z;
    xr ^= z >> 7;
  }
  uint64_t h = sum ^ (xr * 0x94D049BB133111EBULL);
  return (uint32_t)(h ^ (h >> 32));
}

static void bucket_insert(checker *s, cref c) {
  uint32_t *h = clause(s, c);
  size_t b = h[H_HASH] & (s->num_buckets - 1);
  h[H_NEXT] = s->buckets[b];
  s->buckets[b] = c;
}

static void grow_buckets(checker *s) {
  size_t old_n = s->num_buckets;
  cref *old = s->buckets;
  s->num_buckets = old_n ? 2 * old_n : 1024;
  s->buckets = must(calloc(s->num_buckets, sizeof *s->buckets));
  for (size_t b = 0; b < old_n; b++) {
    for (cref c = old[b], next; c; c = next) {
      next = clause(s, c)[H_NEXT];
      bucket_insert(s, c);
    }
  }
  free(old);
}

/* Stores lits[0..n-1] in the arena, in the occurrence lists and, with two
 * literals or more, in the hash table; returns it. */
static cref store(checker *s, const unsigned *lits, size_t n) {
  if (s->arena_n + HEADER + n > UINT32_MAX) {
    fputs("dratcheck: more clauses than the checker can hold\n", stderr);
    abort();
  }
  if (s->arena_n + HEADER + n > s->arena_cap) {
    while (s->arena_n + HEADER + n > s->arena_cap)
      s->arena_cap = s->arena_cap ? 2 * s->arena_cap : 1024;
    s->arena = grow(s->arena, s->arena_cap, sizeof *s->arena);
  }
  cref c = (cref)s->arena_n;
  uint32_t *h = clause(s, c);
  h[H_SIZE] = (uint32_t)n;
  h[H_FLAGS] = 0;
  h[H_HASH] = hash_lits(lits, n);
  h[H_NEXT] = 0;
  memcpy(h + HEADER, lits, n * sizeof *lits);
  s->arena_n += HEADER + n;
  for (size_t i = 0; i < n; i++)
    vec_push(&s->occs[lits[i]], c);
  if (n >= 2) {
    if (s->live >= s->num_buckets)
      grow_buckets(s);
    bucket_insert(s, c);
    s->live++;
  }
  return c;
}

/* Adds a clause of one literal or more at the root level: watches two of
 * its literals, non-false ones if it has them, and propagates what it
 * implies there. */
static void add_clause(checker *s, const unsigned *lits, size_t n) {
  cref c = store(s, lits, n);
  unsigned *l = lits_of(s, c);
  if (n == 1) {
    vec_push(&s->units, c);
    if (s->inconsistent || s->val[l[0]] == 1)
      return;
    if (s->val[l[0]] == -1) {
      s->inconsistent = 1;
      s->conflict = c;
      return;
    }
    assign(s, l[0], c);
    root_propagate(s);
    return;
  }
  size_t open = 0;
  for (size_t i = 0; i < n && !s->inconsistent; i++) {
    if (s->val[l[i]] != -1) {
      unsigned t = l[open];
      l[open++] = l[i];
      l[i] = t;
    }
  }
  vec_push(&s->watches[l[0]], c);
  vec_push(&s->watches[l[1]], c);
  if (s->inconsistent)
    return;
  if (open == 0) {
    s->inconsistent = 1;
    s->conflict = c;
  } else if (open == 1 && s->val[l[0]] == 0) {
    assign(s, l[0], c);
    root_propagate(s);
  }
}

/* Takes the stored clause with the literals of s->lits, as a set, out of
 * the hash table and returns it; 0 if there is none. */
static cref take_out(checker *s) {
  size_t n = s->lits_n;
  uint32_t hash = hash_lits(s->lits, n);
  cref found = 0, *link = &s->buckets[hash & (s->num_buckets - 1)];
  for (size_t i = 0; i < n; i++)
    s->mark[s->lits[i]] = 1;
  for (; *link; link = &clause(s, *link)[H_NEXT]) {
    uint32_t *h = clause(s, *link);
    if (h[H_HASH] != hash || h[H_SIZE] != n)
      continue;
    size_t k = 0;
    while (k < n && s->mark[h[HEADER + k]])
      k++;
    if (k == n) {
      found = *link;
      *link = h[H_NEXT];
      break;
    }
  }
  unmark_lits(s);
  return found;
}

/* Whether clause c is the reason of a literal of the root level (which is
 * one of its watched literals, the first two). */
static int is_reason(const checker *s, cref c) {
  const unsigned *l = lits_of(s, c);
  for (int k = 0; k < 2; k++)
    if (s->val[l[k]] == 1 && s->reason[l[k] >> 1] == c)
      return 1;
  return 0;
}

/* ---- Checking steps ------------------------------------------------------ */

/* With the negation of the lemma s->lits propagated without a conflict:
 * whether every resolvent on its first literal with a current clause is
 * RUP.  Deleted clauses leave the occurrence list on the way. */
static int is_rat(checker *s) {
  unsigned pivot = s->lits[0];
  vec *occ = &s->occs[pivot ^ 1];
  size_t level = s->trail_n;
  uint32_t j = 0;
  int ok = 1;
  for (uint32_t i = 0; i < occ->n; i++) {
    cref d = occ->a[i];
    uint32_t *h = clause(s, d);
    if (h[H_FLAGS] & DELETED)
      continue;
    occ->a[j++] = d;
    if (!ok)
      continue;
    int conflict = assume_negation(s, h + HEADER, h[H_SIZE], pivot ^ 1) ||
                   propagate(s) != 0;
    backtrack(s, level);
    ok = conflict;
  }
  occ->n = j;
  return ok;
}

/* Whether the lemma s->lits is RUP (1) or, failing that, RAT (2), or
 * neither (0), with respect to the current clauses. */
static int lemma_holds(checker *s) {
  if (s->dirty)
    rebuild_root(s);
  if (s->inconsistent)
    return 1;
  int holds =
      assume_negation(s, s->lits, s->lits_n, UINT32_MAX) || propagate(s) != 0;
  if (!holds && s->lits_n > 0 && is_rat(s))
    holds = 2;
  backtrack(s, s->root_n);
  return holds;
}

/* 1 if the lemma is added, 0 (with the message) if it fails. */
static int add_step(checker *s, const dr_reader *rd) {
  char text[160], loc[48];
  int holds = lemma_holds(s);
  if (!holds) {
    say(s, "step %ld: lemma %s is neither RUP nor RAT (%s)", rd->step,
        show(s->lits, s->lits_n, text, sizeof text),
        dr_where(rd, loc, sizeof loc));
    return 0;
  }
  s->r->lemmas++;
  s->r->rat += holds == 2;
  if (s->lits_n > 0)
    add_clause(s, s->lits, s->lits_n);
  return 1;
}

/* 1 if the clause is deleted or the deletion ignored, 0 (with the message)
 * if the clause is not there. */
/* Whether the clause just taken holds a literal and its negation. */
static int tautology(checker *s) {
  int found = 0;
  for (size_t i = 0; i < s->lits_n; i++)
    s->mark[s->lits[i]] = 1;
  for (size_t i = 0; i < s->lits_n && !found; i++)
    found = s->mark[s->lits[i] ^ 1u];
  unmark_lits(s);
  return found;
}

static int delete_step(checker *s, const dr_reader *rd) {
  char text[160], loc[48];
  if (s->lits_n == 1 || tautology(s)) { /* units stay; tautologies never were */
    s->r->ignored++;
    return 1;
  }
  cref c = s->lits_n ? take_out(s) : 0;
  if (!c) {
    say(s, "step %ld: deletion of a clause not present: %s (%s)", rd->step,
        show(s->lits, s->lits_n, text, sizeof text),
        dr_where(rd, loc, sizeof loc));
    return 0;
  }
  clause(s, c)[H_FLAGS] |= DELETED;
  s->live--;
  s->r->deleted++;
  if (is_reason(s, c) || (s->inconsistent && c == s->conflict))
    s->dirty = 1;
  return 1;
}

/* The clause the reader holds into s->lits, each literal once. */
static void take_clause(checker *s, const dr_reader *rd) {
  s->lits_n = 0;
  for (size_t i = 0; i < rd->n; i++)
    push_lit(s, rd->lits[i]);
  unmark_lits(s);
}

/* Reads the formula into the clauses; 1, or -1 with the message.  An empty
 * clause makes the clauses inconsistent for good.  A tautology is left out:
 * true under every assignment, it changes no model, but as a clause it
 * would count in a RAT check (a pure literal's unit would have to resolve
 * with it), where drat-trim refuses such formulas outright. */
static int load_cnf(checker *s, dr_reader *rd) {
  int got, empty = 0;
  while ((got = dr_cnf_next(rd)) == 1) {
    take_clause(s, rd);
    if (s->lits_n == 0)
      empty = 1;
    else if (!tautology(s))
      add_clause(s, s->lits, s->lits_n);
  }
  s->inconsistent |= empty;
  return got < 0 ? -1 : 1;
}

/* Checks the proof step by step; 1 accepted, 0 rejected, -1 malformed,
 * with the message. */
static int check_proof(checker *s, dr_reader *rd) {
  for (;;) {
    int del = 0, got = dr_step(rd, &del);
    if (got < 0) {
      s->r->step = rd->step;
      return -1;
    }
    if (got == 0) {
      say(s, "no empty clause: the proof's %ld steps end without one",
          rd->step);
      return 0;
    }
    take_clause(s, rd);
    if (del ? !delete_step(s, rd) : !add_step(s, rd)) {
      s->r->step = rd->step;
      return 0;
    }
    if (!del && s->lits_n == 0) {
      say(s,
          "verified: the empty clause at step %ld (%ld lemmas, %ld by RAT, "
          "%ld deletions, %ld unit deletions ignored)",
          rd->step, s->r->lemmas, s->r->rat, s->r->deleted, s->r->ignored);
      return 1;
    }
  }
}

static void free_checker(checker *s) {
  for (size_t l = 0; s->watches && l < 2 * ((size_t)s->max_var + 1); l++) {
    free(s->watches[l].a);
    free(s->occs[l].a);
  }
  free(s->watches);
  free(s->occs);
  free(s->units.a);
  free(s->val);
  free(s->mark);
  free(s->reason);
  free(s->trail);
  free(s->arena);
  free(s->buckets);
  free(s->lits);
}

int drat_check(const char *cnf, size_t cnf_len, const char *proof,
               size_t proof_len, int mode, drat_report *r) {
  drat_report local;
  checker s = {0};
  s.r = r ? r : &local;
  memset(s.r, 0, sizeof *s.r);
  s.arena_n = 1;
  ensure_var(&s, 1);
  grow_buckets(&s);
  int status = -1;
  dr_reader rd;
  dr_init(&rd, cnf, cnf_len, 0, s.r->msg, sizeof s.r->msg);
  if (mode < DRAT_AUTO || mode > DRAT_BINARY)
    say(&s, "unknown proof mode %d", mode);
  else
    status = load_cnf(&s, &rd);
  dr_free(&rd);
  if (status == 1 && s.inconsistent) {
    say(&s, "verified: unit propagation refutes the formula by itself; the "
            "proof is not read");
  } else if (status == 1) {
    dr_init(&rd, proof, proof_len, 1, s.r->msg, sizeof s.r->msg);
    rd.binary = mode == DRAT_BINARY ||
                (mode == DRAT_AUTO && dr_looks_binary(rd.p, proof_len));
    s.r->binary = rd.binary;
    status = check_proof(&s, &rd);
    dr_free(&rd);
  }
  s.r->status = status;
  free_checker(&s);
  return status;
}

/* The whole of a file ("-": standard input), malloc'd; NULL with errno set
 * if it cannot be read. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  char *data = must(malloc(cap));
  for (size_t got; (got = fread(data + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap)
      data = grow(data, cap *= 2, 1);
  }
  int failed = ferror(f), saved = errno;
  if (f != stdin)
    fclose(f);
  if (failed) {
    free(data);
    errno = saved ? saved : EIO;
    return NULL;
  }
  *len = n;
  return data;
}

int drat_check_files(const char *cnf_path, const char *proof_path, int mode,
                     drat_report *r) {
  drat_report local;
  size_t cnf_len = 0, proof_len = 0;
  char *cnf = slurp(cnf_path, &cnf_len);
  char *proof = cnf ? slurp(proof_path, &proof_len) : NULL;
  if (!proof) {
    r = r ? r : &local;
    memset(r, 0, sizeof *r);
    snprintf(r->msg, sizeof r->msg, "cannot read %s: %s",
             cnf ? proof_path : cnf_path, strerror(errno));
    r->status = -1;
    free(cnf);
    return -1;
  }
  int status = drat_check(cnf, cnf_len, proof, proof_len, mode, r);
  free(cnf);
  free(proof);
  return status;
}
