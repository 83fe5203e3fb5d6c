/* test_dratcheck.c - the DRAT checker of tools/common/drat.c, which shares
 * no code with libdpll, judged in its turn.
 *
 *  1. Hand-written cases: proofs that must be accepted (RUP, RAT on a pure
 *     literal and on the first literal, text and binary forms, deletions,
 *     ignored unit deletions, a formula refuted by unit propagation) and
 *     ones that must be rejected or refused as malformed, each with the
 *     step its message must name.
 *  2. Proofs built here from random unsatisfiable formulas (judged so by
 *     the brute force of tests/oracle.c): DPLL tree refutations written as
 *     RUP lemmas (the negations of failed decision paths, the empty clause
 *     last), with leaf lemmas left out, lemmas deleted once used, and pure
 *     literals added as RAT units.  All must be accepted, as text (plain
 *     and untidy) and as binary, with variables renumbered up to 3-byte
 *     numbers.
 *  3. Mutations of those proofs (a literal dropped or flipped, a lemma
 *     removed, the pivot moved, a formula clause deleted, a deletion
 *     spoiled, the empty clause removed): the checker's verdict and
 *     failing step must be those of a naive reference written here (a
 *     list of clauses, unit propagation by rescanning it).  For an
 *     unsatisfiable formula every clause is implied, so there "implied"
 *     says nothing; hence
 *  4. random proofs on satisfiable formulas, where it does: the checker
 *     must never accept, must agree with the reference, and every lemma
 *     it lets through must be implied or RAT by brute force -- so every
 *     lemma that is neither (not implied, and some resolvent on its first
 *     literal not implied) must be rejected.
 *  5. Speed: a proof of 20,000 lemmas over 3,000 variables whose RUP
 *     checks propagate long chains.
 *  6. Out of memory: every allocation of a check failing in turn
 *     (tests/failalloc.c), on the hand-written cases and on a proof that
 *     grows every array: -1 with "out of memory", or the verdict of an
 *     unhindered run; never a crash, and no leak (the sanitizer build).
 *
 * Everything is drawn from a fixed seed (DRAT_SEED, or the environment
 * variable DPLL_DRAT_SEED); a failure prints the formula and the proof.
 */
/* cmocka needs these first, in this order. */
// clang-format off
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
// clang-format on

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drat.h"
#include "failalloc.h"
#include "oracle.h"
#include "tier.h"

#define DRAT_SEED 0xD4A7C0FFEE123457ULL

enum {
  MAXL = 24,            /* literals of a clause here */
  MAX_VARS = 14,        /* of the random formulas */
  UNSAT_FORMULAS = 400, /* 2., 3. */
  MUTATIONS = 8,        /* of each proof */
  SAT_FORMULAS = 800,   /* 4. */
  CHAIN_VARS = 3000,    /* 5. */
  CHAIN_LEMMAS = 20000,
};

/* The numbers of random formulas in this run: those above are a Release
 * build's quick tier, which main scales (tests/tier.h). */
static long unsat_formulas, sat_formulas;

static uint64_t seed = DRAT_SEED;

static int var_of(int lit) { return lit < 0 ? -lit : lit; }

/* ---- Proofs as data ------------------------------------------------------ */

typedef struct step {
  int del; /* a deletion */
  int ref; /* of a deletion: the addition it deletes, or -1 */
  int n;
  int lits[MAXL];
} step;

typedef struct proof {
  step *s;
  int n, cap;
} proof;

static int add_step(proof *p, int del, int ref, const int *lits, int n) {
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 64;
    p->s = realloc(p->s, (size_t)p->cap * sizeof *p->s);
    assert_non_null(p->s);
  }
  step *st = &p->s[p->n];
  st->del = del;
  st->ref = ref;
  st->n = n;
  assert_true(n <= MAXL);
  if (n > 0) /* lits may be NULL then */
    memcpy(st->lits, lits, (size_t)n * sizeof *lits);
  return p->n++;
}

static void copy_proof(proof *to, const proof *from) {
  to->n = to->cap = 0;
  to->s = NULL;
  for (int i = 0; i < from->n; i++)
    add_step(to, from->s[i].del, from->s[i].ref, from->s[i].lits, from->s[i].n);
}

/* ---- Rendering ----------------------------------------------------------- */

typedef struct text {
  char *data;
  size_t len, cap;
} text;

static void put(text *t, const void *p, size_t n) {
  if (t->len + n + 1 > t->cap) {
    t->cap = 2 * (t->len + n + 1) + 256;
    t->data = realloc(t->data, t->cap);
    assert_non_null(t->data);
  }
  memcpy(t->data + t->len, p, n);
  t->len += n;
  t->data[t->len] = '\0';
}

static void putf(text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void putf(text *t, const char *fmt, ...) {
  char buf[128];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  put(t, buf, (size_t)n);
}

/* A renumbering of the variables: map[v] for v = 1..n, or none. */
typedef struct renum {
  int *map;
  int max_var; /* the largest new number */
} renum;

static int renamed(const renum *r, int lit) {
  if (!r->map)
    return lit;
  return lit < 0 ? -r->map[-lit] : r->map[lit];
}

/* The blanks between words: one space, or (untidy) a mix of blanks. */
static void blank(text *t, int untidy) {
  static const char *const mix[] = {" ", "  ", "\t", " \t ", "\n", "\r\n "};
  put(t, " ", 1);
  if (untidy && oracle_below(&seed, 3) == 0) {
    const char *b = mix[oracle_below(&seed, 6)];
    put(t, b, strlen(b));
  }
}

static void cnf_text(text *t, const oracle_formula *f, const renum *r) {
  putf(t, "c a random formula\np cnf %d %zu\n",
       r->map ? r->max_var : f->num_vars, f->num_clauses);
  for (size_t i = 0; i < f->num_clauses; i++) {
    for (size_t k = f->start[i]; k < f->start[i + 1]; k++)
      putf(t, "%d ", renamed(r, f->lits[k]));
    put(t, "0\n", 2);
  }
}

static void proof_text(text *t, const proof *p, const renum *r, int untidy) {
  for (int i = 0; i < p->n; i++) {
    const step *st = &p->s[i];
    if (untidy && oracle_below(&seed, 8) == 0)
      putf(t, "c step %d\n", i + 1);
    if (st->del)
      put(t, "d", 1);
    for (int k = 0; k < st->n; k++) {
      if (st->del || k > 0)
        blank(t, untidy);
      putf(t, "%d", renamed(r, st->lits[k]));
    }
    if (st->del || st->n > 0)
      blank(t, untidy);
    put(t, untidy && oracle_below(&seed, 4) == 0 ? "0 " : "0\n", 2);
  }
}

/* The standard binary DRAT: 'a' or 'd', each literal l as the 7-bit
 * little-endian number 2*|l| + (l < 0), then a 0 byte. */
static void put_varint(text *t, unsigned v) {
  unsigned char b;
  for (; v >= 0x80; v >>= 7) {
    b = (unsigned char)(0x80 | (v & 0x7f));
    put(t, &b, 1);
  }
  b = (unsigned char)v;
  put(t, &b, 1);
}

static void proof_binary(text *t, const proof *p, const renum *r) {
  for (int i = 0; i < p->n; i++) {
    put(t, p->s[i].del ? "d" : "a", 1);
    for (int k = 0; k < p->s[i].n; k++) {
      int l = renamed(r, p->s[i].lits[k]);
      put_varint(t, 2u * (unsigned)var_of(l) + (l < 0));
    }
    put_varint(t, 0);
  }
}

/* ---- The reference: the same rules, done the simplest way ---------------- */

/* The clauses, each with its literals once, in a list; deletion kills one. */
typedef struct ref_clause {
  int n, alive;
  int lits[MAXL];
} ref_clause;

typedef struct ref_db {
  int num_vars;
  int n, cap;
  ref_clause *c;
} ref_db;

/* lits[0..n-1] without repeats, the first occurrences kept in order. */
static int dedup(const int *lits, int n, int *out) {
  int m = 0;
  for (int i = 0; i < n; i++) {
    int k = 0;
    while (k < m && out[k] != lits[i])
      k++;
    if (k == m)
      out[m++] = lits[i];
  }
  return m;
}

static void ref_add(ref_db *db, const int *lits, int n) {
  if (db->n == db->cap) {
    db->cap = db->cap ? 2 * db->cap : 64;
    db->c = realloc(db->c, (size_t)db->cap * sizeof *db->c);
    assert_non_null(db->c);
  }
  ref_clause *c = &db->c[db->n++];
  assert_true(n <= MAXL);
  c->n = dedup(lits, n, c->lits);
  c->alive = 1;
}

/* Whether lits[0..n-1] holds a literal and its negation. */
static int ref_tautology(const int *lits, int n) {
  for (int i = 0; i < n; i++)
    for (int k = i + 1; k < n; k++)
      if (lits[i] == -lits[k])
        return 1;
  return 0;
}

/* The formula's clauses, tautologies left out as the checker does. */
static void ref_init(ref_db *db, const oracle_formula *f) {
  memset(db, 0, sizeof *db);
  db->num_vars = f->num_vars;
  for (size_t i = 0; i < f->num_clauses; i++) {
    const int *lits = f->lits + f->start[i];
    int n = (int)(f->start[i + 1] - f->start[i]);
    if (!ref_tautology(lits, n))
      ref_add(db, lits, n);
  }
}

static int lit_value(const signed char *val, int lit) {
  return lit > 0 ? val[lit] : -val[-lit];
}

/* Unit propagation from the literals a[0..n-1] made true, by rescanning the
 * live clauses until nothing changes: 1 if it reaches a conflict.  The
 * values (1 true, -1 false, 0 open) are left in val[1..num_vars]. */
static int ref_up_values(const ref_db *db, const int *a, int n,
                         signed char *val) {
  memset(val, 0, MAX_VARS + 1);
  for (int i = 0; i < n; i++) {
    if (lit_value(val, a[i]) < 0)
      return 1;
    val[var_of(a[i])] = (signed char)(a[i] > 0 ? 1 : -1);
  }
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < db->n; i++) {
      const ref_clause *c = &db->c[i];
      int open = 0, last = 0, sat = 0;
      for (int k = 0; c->alive && k < c->n && !sat; k++) {
        int v = lit_value(val, c->lits[k]);
        sat = v > 0;
        if (v == 0) {
          open++;
          last = c->lits[k];
        }
      }
      if (!c->alive || sat || open > 1)
        continue;
      if (open == 0)
        return 1;
      val[var_of(last)] = (signed char)(last > 0 ? 1 : -1);
      changed = 1;
    }
  }
  return 0;
}

static int ref_up(const ref_db *db, const int *a, int n) {
  signed char val[MAX_VARS + 1];
  return ref_up_values(db, a, n, val);
}

/* Whether the clause lits[0..n-1] | extra[0..m-1] is RUP. */
static int ref_rup(const ref_db *db, const int *lits, int n, const int *extra,
                   int m) {
  int a[2 * MAXL];
  for (int i = 0; i < n; i++)
    a[i] = -lits[i];
  for (int i = 0; i < m; i++)
    a[n + i] = -extra[i];
  return ref_up(db, a, n + m);
}

/* The other literals of clause c than lit, into out; their number. */
static int others(const ref_clause *c, int lit, int *out) {
  int m = 0;
  for (int k = 0; k < c->n; k++)
    if (c->lits[k] != lit)
      out[m++] = c->lits[k];
  return m;
}

static int contains(const ref_clause *c, int lit) {
  for (int k = 0; k < c->n; k++)
    if (c->lits[k] == lit)
      return 1;
  return 0;
}

/* Whether lits[0..n-1] is RAT on its first literal: every resolvent on it
 * with a live clause is RUP. */
static int ref_rat(const ref_db *db, const int *lits, int n) {
  if (n == 0)
    return 0;
  for (int i = 0; i < db->n; i++) {
    const ref_clause *d = &db->c[i];
    int rest[MAXL], m = others(d, -lits[0], rest);
    if (d->alive && contains(d, -lits[0]) && !ref_rup(db, lits, n, rest, m))
      return 0;
  }
  return 1;
}

/* Kills a live clause with the literals of lits[0..n-1] (no repeats) as a
 * set; 0 if there is none. */
static int ref_delete(ref_db *db, const int *lits, int n) {
  if (ref_tautology(lits, n))
    return 1; /* ignored, as the checker does */
  for (int i = 0; i < db->n; i++) {
    ref_clause *c = &db->c[i];
    int k = 0;
    while (c->alive && c->n == n && k < n && contains(c, lits[k]))
      k++;
    if (c->alive && c->n == n && k == n) {
      c->alive = 0;
      return 1;
    }
  }
  return 0;
}

typedef struct outcome {
  int status; /* 1 accepted, 0 rejected */
  long step;  /* the failing step, or 0 */
} outcome;

/* Checks proof p against f by dratcheck.h's rules. */
static outcome ref_check(const oracle_formula *f, const proof *p) {
  ref_db db;
  ref_init(&db, f);
  outcome o = {1, 0};
  int empty_in_f = 0;
  for (int i = 0; i < db.n; i++)
    empty_in_f |= db.c[i].n == 0;
  if (empty_in_f || ref_up(&db, NULL, 0))
    goto done;
  for (int i = 0; i < p->n; i++) {
    int lits[MAXL], n = dedup(p->s[i].lits, p->s[i].n, lits);
    int ok = p->s[i].del
                 ? n == 1 || ref_delete(&db, lits, n)
                 : ref_rup(&db, lits, n, NULL, 0) || ref_rat(&db, lits, n);
    if (!ok) {
      o = (outcome){0, i + 1};
      goto done;
    }
    if (!p->s[i].del && n == 0)
      goto done;
    if (!p->s[i].del)
      ref_add(&db, lits, n);
  }
  o.status = 0;
done:
  free(db.c);
  return o;
}

/* ---- Brute force --------------------------------------------------------- */

/* Whether the live clauses of db imply the clause lits | extra: no
 * assignment satisfies them and falsifies it. */
static int implied(const ref_db *db, const int *lits, int n, const int *extra,
                   int m) {
  oracle_formula g;
  oracle_init(&g, db->num_vars);
  for (int i = 0; i < db->n; i++)
    if (db->c[i].alive)
      oracle_add(&g, db->c[i].lits, (size_t)db->c[i].n);
  for (int i = 0; i < n + m; i++) {
    int neg = -(i < n ? lits[i] : extra[i - n]);
    oracle_add(&g, &neg, 1);
  }
  int yes = !oracle_satisfiable(&g, NULL);
  oracle_free(&g);
  return yes;
}

/* What RUP and RAT promise, by brute force: the lemma is implied, or every
 * resolvent on its first literal with a live clause is. */
static int implied_or_rat(const ref_db *db, const int *lits, int n) {
  if (implied(db, lits, n, NULL, 0))
    return 1;
  if (n == 0)
    return 0;
  for (int i = 0; i < db->n; i++) {
    const ref_clause *d = &db->c[i];
    int rest[MAXL], m = others(d, -lits[0], rest);
    if (d->alive && contains(d, -lits[0]) && !implied(db, lits, n, rest, m))
      return 0;
  }
  return 1;
}

/* ---- Running the checker ------------------------------------------------- */

enum form { PLAIN, UNTIDY, BINARY, FORMS };
static const char *const form_names[] = {"text", "untidy text", "binary"};

/* A renumbering: none, a permutation of 1..n, or an injection into
 * 1..9000 (variables from 8192 on take three bytes in binary). */
static renum make_renum(int num_vars, int kind) {
  renum r = {NULL, num_vars};
  if (kind == 0)
    return r;
  r.map = calloc((size_t)num_vars + 1, sizeof *r.map);
  assert_non_null(r.map);
  r.max_var = 0;
  for (int v = 1; v <= num_vars; v++) {
    int ok = 0;
    while (!ok) {
      r.map[v] = kind == 1 ? 1 + oracle_below(&seed, num_vars)
                           : 1 + oracle_below(&seed, 9000);
      ok = 1;
      for (int u = 1; u < v; u++)
        ok &= r.map[u] != r.map[v];
    }
    if (r.map[v] > r.max_var)
      r.max_var = r.map[v];
  }
  return r;
}

/* Mostly none or a permutation: the large numbers cost the checker large
 * arrays, which the sanitizers make slow to set up. */
static int random_renum_kind(void) {
  return oracle_below(&seed, 8) ? oracle_below(&seed, 2) : 2;
}

static void print_case(const oracle_formula *f, const proof *p, int form) {
  text t = {0};
  renum none = {NULL, 0};
  cnf_text(&t, f, &none);
  print_message("seed 0x%016llx (DPLL_DRAT_SEED), read as %s; the formula:\n%s"
                "the proof (before renumbering):\n",
                (unsigned long long)DRAT_SEED, form_names[form], t.data);
  t.len = 0;
  proof_text(&t, p, &none, 0);
  print_message("%s", t.len ? t.data : "(empty)\n");
  free(t.data);
}

/* Renders f and p in the form, renumbered as kind says, runs the checker,
 * and checks that its report is consistent; returns the verdict. */
static outcome run_checker(const oracle_formula *f, const proof *p, int form,
                           int kind, drat_report *rep) {
  renum r = make_renum(f->num_vars, kind);
  text cnf = {0}, pf = {0};
  cnf_text(&cnf, f, &r);
  if (form == BINARY)
    proof_binary(&pf, p, &r);
  else
    proof_text(&pf, p, &r, form == UNTIDY);
  int mode = oracle_below(&seed, 2) ? DRAT_AUTO
             : form == BINARY       ? DRAT_BINARY
                                    : DRAT_TEXT;
  int status = drat_check(cnf.data, cnf.len, pf.data, pf.len, mode, rep);
  int trivial = !strncmp(rep->msg, "verified: unit propagation", 26);
  char want[32] = "no empty clause";
  if (rep->step)
    snprintf(want, sizeof want, "step %ld: ", rep->step);
  if (status == 1)
    strcpy(want, "verified");
  if (status < 0 || rep->status != status ||
      strncmp(rep->msg, want, strlen(want)) ||
      (p->n > 0 && !trivial && rep->binary != (form == BINARY))) {
    print_case(f, p, form);
    fail_msg("checker: %d, binary %d: %s", status, rep->binary, rep->msg);
  }
  free(r.map);
  free(cnf.data);
  free(pf.data);
  return (outcome){status, rep->step};
}

/* The checker's verdict on f and p, in a random form, must be the
 * reference's, which is returned. */
static outcome agree(const oracle_formula *f, const proof *p,
                     drat_report *rep) {
  outcome want = ref_check(f, p);
  int form = oracle_below(&seed, FORMS);
  outcome got = run_checker(f, p, form, random_renum_kind(), rep);
  if (got.status != want.status || got.step != want.step) {
    print_case(f, p, form);
    fail_msg("the checker says %d at step %ld (%s), the reference %d at "
             "step %ld",
             got.status, got.step, rep->msg, want.status, want.step);
  }
  return want;
}

/* ---- Proofs built from random unsatisfiable formulas --------------------- */

typedef struct builder {
  ref_db db; /* the formula, for unit propagation under decisions */
  proof *p;
} builder;

/* Adds the lemma "not all of path[0..depth-1]", its literals shuffled. */
static int emit_lemma(builder *b, const int *path, int depth) {
  int lits[MAXL];
  for (int i = 0; i < depth; i++)
    lits[i] = -path[i];
  for (int i = depth - 1; i > 0; i--) {
    int j = oracle_below(&seed, i + 1), t = lits[i];
    lits[i] = lits[j];
    lits[j] = t;
  }
  return add_step(b->p, 0, -1, lits, depth);
}

/* Refutes the formula under the decisions path[0..depth-1] as a DPLL tree
 * and adds its lemma, after those of the two subtrees (which follow from
 * the formula under path & l and path & -l): with both of them, or the
 * first and unit propagation under path, the lemma is RUP.  A leaf's lemma
 * is left out when may_skip (its sibling's is there) half of the time.
 * Returns the lemma's step, or -1 if it is left out. */
static int refute(builder *b, int *path, int depth, int may_skip) {
  signed char val[MAX_VARS + 1];
  if (ref_up_values(&b->db, path, depth, val)) {
    if (may_skip && oracle_below(&seed, 2))
      return -1;
    return emit_lemma(b, path, depth);
  }
  int open[MAX_VARS], n = 0;
  for (int v = 1; v <= b->db.num_vars; v++)
    if (!val[v])
      open[n++] = v;
  /* Everything assigned without a conflict would be a model. */
  assert_true(n > 0);
  int l = open[oracle_below(&seed, n)] * (oracle_below(&seed, 2) ? 1 : -1);
  path[depth] = l;
  int first = refute(b, path, depth + 1, 0);
  path[depth] = -l;
  int second = refute(b, path, depth + 1, 1);
  int node = emit_lemma(b, path, depth);
  /* A unit lemma stays when deleted: the empty clause will need it. */
  if (depth == 1 && oracle_below(&seed, 2)) {
    int unit = b->p->s[node].lits[0];
    add_step(b->p, 1, node, &unit, 1);
  }
  int children[2] = {first, second};
  for (int k = 0; k < 2; k++) {
    if (children[k] < 0 || oracle_below(&seed, 2))
      continue;
    step c = b->p->s[children[k]]; /* add_step may move the steps */
    add_step(b->p, 1, children[k], c.lits, c.n);
  }
  return node;
}

/* Units of pure literals (RAT: no clause holds the negation), and a few
 * random short clauses that are RAT on their first literal but not RUP. */
static void add_rat_lemmas(builder *b) {
  ref_db *db = &b->db;
  for (int v = 1; v <= db->num_vars; v++) {
    int pos = 0, neg = 0;
    for (int i = 0; i < db->n; i++) {
      pos |= contains(&db->c[i], v);
      neg |= contains(&db->c[i], -v);
    }
    int unit = pos ? v : -v;
    if (pos != neg && oracle_below(&seed, 2)) {
      add_step(b->p, 0, -1, &unit, 1);
      ref_add(db, &unit, 1);
      /* Ignored, as every deletion of a unit. */
      if (oracle_below(&seed, 2))
        add_step(b->p, 1, b->p->n - 1, &unit, 1);
    }
  }
  for (int k = 0; k < 6; k++) {
    int lits[3], n = 1 + oracle_below(&seed, 3);
    for (int i = 0; i < n; i++)
      lits[i] = (1 + oracle_below(&seed, db->num_vars)) *
                (oracle_below(&seed, 2) ? 1 : -1);
    n = dedup(lits, n, lits);
    if (!ref_rup(db, lits, n, NULL, 0) && ref_rat(db, lits, n)) {
      add_step(b->p, 0, -1, lits, n);
      ref_add(db, lits, n);
    }
  }
}

/* A random formula that brute force finds unsatisfiable (sat 0) or
 * satisfiable (sat 1).  One unsatisfiable formula in ten may be refuted by
 * unit propagation alone; the others need a proof. */
static void random_formula(oracle_formula *f, int sat) {
  int allow_trivial = oracle_below(&seed, 10) == 0;
  for (;;) {
    int nv = sat ? 3 + oracle_below(&seed, 6)
                 : 4 + oracle_below(&seed, MAX_VARS - 3);
    size_t m = (size_t)(nv * (sat ? 2 : 4) + oracle_below(&seed, 3 * nv));
    int min_len = sat ? 1 + (oracle_below(&seed, 4) > 0)
                      : 2 + (oracle_below(&seed, 3) > 0);
    oracle_random(f, &seed, nv, m, min_len, min_len + oracle_below(&seed, 2));
    if (oracle_satisfiable(f, NULL) == sat) {
      ref_db db;
      ref_init(&db, f);
      int trivial = ref_up(&db, NULL, 0);
      free(db.c);
      if (sat || allow_trivial || !trivial)
        return;
    }
    oracle_free(f);
  }
}

/* A proof for an unsatisfiable f, which the reference must accept. */
static void build_proof(const oracle_formula *f, proof *p) {
  builder b = {.p = p};
  ref_init(&b.db, f);
  p->n = 0;
  add_rat_lemmas(&b);
  int path[MAX_VARS];
  refute(&b, path, 0, 0);
  free(b.db.c);
  outcome o = ref_check(f, p);
  if (o.status != 1) {
    print_case(f, p, PLAIN);
    fail_msg("the reference rejects a built proof at step %ld", o.step);
  }
}

/* ---- 1. Hand-written cases ----------------------------------------------- */

/* Every clause over three variables: unit propagation alone finds nothing,
 * and the proof P3 refutes it in four steps. */
#define F3                                                                     \
  "p cnf 3 8\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"                        \
  "-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n"
#define P3 "1 2 0\n1 0\n2 0\n0\n"
/* P3 in binary: 'a', 2*|l| + (l < 0) for each literal, 0. */
#define P3_BINARY                                                              \
  "a\x02\x04\x00"                                                              \
  "a\x02\x00"                                                                  \
  "a\x04\x00"                                                                  \
  "a\x00"
/* 1 is pure: its unit is RAT (no clause holds -1) but not RUP. */
#define F_PURE "p cnf 4 5\n1 4 0\n2 3 0\n2 -3 0\n-2 3 0\n-2 -3 0\n"
/* "1 -5" is RAT on 1 (pure) but neither RUP nor RAT on -5. */
#define F_PIVOT "p cnf 5 6\n1 4 0\n-4 5 0\n2 3 0\n2 -3 0\n-2 3 0\n-2 -3 0\n"
/* 1 holds at the root through the clause 1 2 (-2 is a unit): deleting
 * that clause takes 1 away, and the unit 1 is then neither RUP nor RAT. */
#define F_REASON "p cnf 4 3\n1 2 0\n4 -3 -1 0\n-2 0\n"

typedef struct hand_case {
  const char *name, *cnf, *proof;
  size_t proof_len; /* 0: strlen(proof) */
  int mode, status;
  const char *msg;                    /* how the message must start */
  long lemmas, rat, deleted, ignored; /* -1: not checked */
} hand_case;

static const hand_case accepted[] = {
    {"RUP lemmas", F3, P3, 0, DRAT_AUTO, 1,
     "verified: the empty clause at step 4", 4, 0, 0, 0},
    {"the same, forced text", F3, P3, 0, DRAT_TEXT, 1, "verified", 4, 0, 0, 0},
    {"comments, blanks, CRLF, two steps on a line", F3,
     "c a proof\n  1\t2   0\r\nc more\n1 0 2\n0\n\n0\nc end\n", 0, DRAT_AUTO, 1,
     "verified: the empty clause at step 4", 4, 0, 0, 0},
    {"binary, detected", F3, P3_BINARY, 12, DRAT_AUTO, 1,
     "verified: the empty clause at step 4", 4, 0, 0, 0},
    {"binary, forced", F3, P3_BINARY, 12, DRAT_BINARY, 1, "verified", 4, 0, 0,
     0},
    {"deletions, literals in another order", F3,
     "1 2 0\nd 1 2 3 0\nd -3 2 1 0\n1 0\nd 2 1 0\nd 1 -2 3 0\nd 1 -2 -3 0\n"
     "2 0\nd -1 2 3 0\nd -3 -1 2 0\n0\n",
     0, DRAT_AUTO, 1, "verified: the empty clause at step 11", 4, 0, 7, 0},
    {"unit deletions ignored, present or not", F3,
     "1 2 0\n1 0\nd 1 0\nd 3 0\n2 0\n0\n", 0, DRAT_AUTO, 1,
     "verified: the empty clause at step 6", 4, 0, 0, 2},
    {"a pure literal added as a RAT unit", F_PURE, "1 0\n2 0\n0\n", 0,
     DRAT_AUTO, 1, "verified", 3, 1, 0, 0},
    {"RAT on the first literal", F_PIVOT, "1 -5 0\n2 0\n0\n", 0, DRAT_AUTO, 1,
     "verified", 3, 1, 0, 0},
    {"repeated literals count once", F3, "1 1 2 0\nd 2 1 2 0\n", 0, DRAT_AUTO,
     0, "no empty clause", 1, 0, 1, 0},
    {"the formula has the empty clause: the proof is not read",
     "p cnf 2 2\n1 2 0\n0\n", "x y z", 0, DRAT_AUTO, 1,
     "verified: unit propagation refutes the formula", 0, 0, 0, 0},
    {"unit propagation refutes the formula", "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n",
     "", 0, DRAT_AUTO, 1, "verified: unit propagation refutes the formula", 0,
     0, 0, 0},
    {"nothing after the empty clause is read", F3, P3 "1 x\n\x01", 0, DRAT_TEXT,
     1, "verified: the empty clause at step 4", 4, 0, 0, 0},
    {"a unit that makes the root inconsistent", F_PURE, "2 0\n0\n", 0,
     DRAT_AUTO, 1, "verified: the empty clause at step 2", 2, 0, 0, 0},
    {"without the deletion, 1 follows (F_REASON)", F_REASON, "1 0\n", 0,
     DRAT_AUTO, 0, "no empty clause", 1, 0, 0, 0},
    {"a line starting with % ends the formula (SATLIB)",
     "p cnf 1 2\n1 0\n-1 0\n%\n0\n", "", 0, DRAT_AUTO, 1,
     "verified: unit propagation refutes the formula", 0, 0, 0, 0},
};

static const hand_case rejected[] = {
    {"a lemma that is not implied", "p cnf 2 1\n1 2 0\n", "-1 0\n0\n", 0,
     DRAT_AUTO, 0, "step 1: lemma -1 0 is neither RUP nor RAT (proof line 1)",
     0, 0, 0, 0},
    {"a lemma neither RUP nor RAT after good ones", F_PURE,
     "1 0\n2 3 0\n-1 0\n0\n", 0, DRAT_AUTO, 0,
     "step 3: lemma -1 0 is neither RUP nor RAT (proof line 3)", 2, 1, 0, 0},
    {"no empty clause", F3, "1 2 0\n1 0\n2 0\n", 0, DRAT_AUTO, 0,
     "no empty clause: the proof's 3 steps end without one", 3, 0, 0, 0},
    {"an empty proof", F3, "", 0, DRAT_AUTO, 0, "no empty clause", 0, 0, 0, 0},
    {"the empty clause too early", F3, "1 2 0\n1 0\n0\n", 0, DRAT_AUTO, 0,
     "step 3: lemma 0 is neither RUP nor RAT", 2, 0, 0, 0},
    {"a clause deleted, then needed", F3, "d 1 2 -3 0\n1 2 0\n1 0\n2 0\n0\n", 0,
     DRAT_AUTO, 0, "step 2: lemma 1 2 0 is neither RUP nor RAT", 0, 0, 1, 0},
    {"the reason of a root literal deleted", F_REASON, "d 2 1 0\n1 0\n", 0,
     DRAT_AUTO, 0, "step 2: lemma 1 0 is neither RUP nor RAT", 0, 0, 1, 0},
    {"the RAT pivot not first", F_PIVOT, "-5 1 0\n2 0\n0\n", 0, DRAT_AUTO, 0,
     "step 1: lemma -5 1 0 is neither RUP nor RAT", 0, 0, 0, 0},
    {"deleting a clause not present", F3, "1 2 0\nd 1 2 4 0\n", 0, DRAT_AUTO, 0,
     "step 2: deletion of a clause not present: 1 2 4 0 (proof line 2)", 1, 0,
     0, 0},
    {"deleting a clause twice", "p cnf 2 2\n1 2 0\n2 1 0\n",
     "d 1 2 0\nd 1 2 0\nd 2 1 0\n", 0, DRAT_AUTO, 0,
     "step 3: deletion of a clause not present", 0, 0, 2, 0},
    {"deleting the empty clause", F3, "d 0\n", 0, DRAT_AUTO, 0,
     "step 1: deletion of a clause not present: 0", 0, 0, 0, 0},
    {"a binary lemma not implied", F3,
     "a\x02\x00"
     "a\x00",
     5, DRAT_AUTO, 0,
     "step 2: lemma 0 is neither RUP nor RAT (proof byte offset 3)", 1, 1, 0,
     0},
};

static const hand_case malformed[] = {
    {"a truncated binary proof", F3,
     "a\x02\x04\x00"
     "a\x02",
     6, DRAT_AUTO, -1,
     "step 2: proof byte offset 6: a clause without its closing 0", 1, 0, 0, 0},
    {"a truncated binary number", F3, "a\x82", 2, DRAT_BINARY, -1,
     "step 1: proof byte offset 2: a clause without its closing 0", 0, 0, 0, 0},
    {"a binary step neither 'a' nor 'd'", F3,
     "a\x02\x00"
     "x\x00",
     5, DRAT_AUTO, -1,
     "step 2: proof byte offset 3: expected 'a' or 'd', found "
     "byte 0x78",
     1, 1, 0, 0},
    {"the binary literal -0", F3, "a\x01\x00", 3, DRAT_AUTO, -1,
     "step 1: proof byte offset 1: the literal -0", 0, 0, 0, 0},
    {"a binary number too long", F3, "a\x80\x80\x80\x80\x80\x01\x00", 8,
     DRAT_AUTO, -1, "step 1: proof byte offset 6: a literal too large", 0, 0, 0,
     0},
    {"a malformed text line", F3, "1 2 0\n1 x 0\n", 0, DRAT_AUTO, -1,
     "step 2: proof line 2: expected a literal, found 'x'", 1, 0, 0, 0},
    {"a text step without its 0", F3, "1 2 0\n1", 0, DRAT_AUTO, -1,
     "step 2: proof line 2: a clause without its closing 0, found the end of "
     "the file",
     1, 0, 0, 0},
    {"the text literal -0", F3, "c x\n\n1 -0 0\n", 0, DRAT_AUTO, -1,
     "step 1: proof line 3: expected a literal, found '-0'", 0, 0, 0, 0},
    {"'d' glued to a literal", F3, "1 2 0\nd1 0\n", 0, DRAT_AUTO, -1,
     "step 2: proof line 2: expected a literal, found 'd1'", 1, 0, 0, 0},
    {"a variable too large", F3, "16777216 0\n", 0, DRAT_AUTO, -1,
     "step 1: proof line 1: a variable beyond 16777215, found '16777216'", 0, 0,
     0, 0},
    {"no header", "1 2 0\n", "0\n", 0, DRAT_AUTO, -1,
     "cnf line 1: expected the 'p cnf' header, found '1'", 0, 0, 0, 0},
    {"a short header", "p cnf 3\n1 0\n", "0\n", 0, DRAT_AUTO, -1,
     "cnf line 1: expected a number, found the end of the line", 0, 0, 0, 0},
    {"a literal beyond the header", "p cnf 2 1\n1 3 0\n", "0\n", 0, DRAT_AUTO,
     -1, "cnf line 2: a variable beyond the header's 2, found '3'", 0, 0, 0, 0},
    {"fewer clauses than declared", "p cnf 2 2\n1 2 0\n", "0\n", 0, DRAT_AUTO,
     -1, "cnf line 3: 1 clauses, fewer than the header's 2", 0, 0, 0, 0},
    {"more clauses than declared", "p cnf 2 1\n1 2 0\n-1 0\n", "0\n", 0,
     DRAT_AUTO, -1,
     "cnf line 3: more clauses than the header declares, found '-1'", 0, 0, 0,
     0},
    {"a second header", "p cnf 2 1\np cnf 2 1\n1 0\n", "0\n", 0, DRAT_AUTO, -1,
     "cnf line 2: a second header, found 'p'", 0, 0, 0, 0},
    {"a formula's last clause without its 0", "p cnf 2 1\n1 2", "0\n", 0,
     DRAT_AUTO, -1,
     "cnf line 2: a clause without its closing 0, found the end of the file", 0,
     0, 0, 0},
    {"an unknown mode", F3, P3, 0, 7, -1, "unknown proof mode 7", 0, 0, 0, 0},
};

static int run_hand_cases(const hand_case *cases, size_t n) {
  int failed = 0;
  for (size_t i = 0; i < n; i++) {
    const hand_case *c = &cases[i];
    size_t len = c->proof_len ? c->proof_len : strlen(c->proof);
    drat_report r;
    int status = drat_check(c->cnf, strlen(c->cnf), c->proof, len, c->mode, &r);
    long got[4] = {r.lemmas, r.rat, r.deleted, r.ignored};
    long want[4] = {c->lemmas, c->rat, c->deleted, c->ignored};
    int ok = status == c->status && r.status == status &&
             !strncmp(r.msg, c->msg, strlen(c->msg));
    for (int k = 0; k < 4; k++)
      ok &= want[k] < 0 || got[k] == want[k];
    if (!ok) {
      print_error("case '%s': got %d, \"%s\" (lemmas %ld, rat %ld, deleted "
                  "%ld, ignored %ld); want %d, \"%s...\"\n",
                  c->name, status, r.msg, r.lemmas, r.rat, r.deleted, r.ignored,
                  c->status, c->msg);
      failed++;
    }
  }
  return failed;
}

static void test_accepted(void **state) {
  (void)state;
  assert_int_equal(run_hand_cases(accepted, sizeof accepted / sizeof *accepted),
                   0);
}

static void test_rejected(void **state) {
  (void)state;
  assert_int_equal(run_hand_cases(rejected, sizeof rejected / sizeof *rejected),
                   0);
}

static void test_malformed(void **state) {
  (void)state;
  assert_int_equal(
      run_hand_cases(malformed, sizeof malformed / sizeof *malformed), 0);
}

/* The binary example of drat-trim's README ("d -63 -8193 0" then
 * "129 -8191 0"): the deletion must find the clause, and the lemma, with
 * a new variable, is RAT. */
static void test_binary_example(void **state) {
  (void)state;
  static const char bytes[] = "\x64\x7f\x83\x80\x01\x00"
                              "\x61\x82\x02\xff\x7f\x00";
  const char *cnf = "p cnf 8193 1\n-63 -8193 0\n";
  drat_report r;
  assert_int_equal(drat_check(cnf, strlen(cnf), bytes, 12, DRAT_AUTO, &r), 0);
  assert_string_equal(r.msg, "no empty clause: the proof's 2 steps end "
                             "without one");
  assert_int_equal(r.binary, 1);
  assert_int_equal(r.deleted, 1);
  assert_int_equal(r.lemmas, 1);
  assert_int_equal(r.rat, 1);
  /* The same in text, and a report that may be NULL. */
  const char *text = "d -63 -8193 0\n129 -8191 0\n";
  assert_int_equal(
      drat_check(cnf, strlen(cnf), text, strlen(text), DRAT_AUTO, NULL), 0);
}

/* A binary proof whose first ten bytes are all printable is still binary
 * (drat-trim's test alone would take it for text): the NUL decides. */
static void test_binary_detection(void **state) {
  (void)state;
  /* Variables 32..61 are one printable byte each (65..122). */
  text cnf = {0}, pf = {0};
  putf(&cnf, "p cnf 61 2\n");
  for (int sign = 1; sign >= -1; sign -= 2) {
    for (int v = 32; v < 44; v++)
      putf(&cnf, "%d ", sign * v);
    putf(&cnf, "0\n");
  }
  put(&pf, "a", 1);
  for (int v = 33; v < 44; v++)
    put_varint(&pf, 2u * (unsigned)v);
  put_varint(&pf, 0);
  drat_report r;
  assert_int_equal(
      drat_check(cnf.data, cnf.len, pf.data, pf.len, DRAT_AUTO, &r), 0);
  assert_int_equal(r.binary, 1);
  assert_string_equal(r.msg, "no empty clause: the proof's 1 steps end "
                             "without one");
  assert_int_equal(
      drat_check(cnf.data, cnf.len, pf.data, pf.len, DRAT_TEXT, &r), -1);
  free(cnf.data);
  free(pf.data);
}

static void test_files(void **state) {
  (void)state;
  const char *cnf = "dratcheck-test.cnf", *pf = "dratcheck-test.drat";
  FILE *f = fopen(cnf, "w");
  assert_non_null(f);
  fputs(F3, f);
  fclose(f);
  f = fopen(pf, "wb");
  assert_non_null(f);
  fwrite(P3_BINARY, 1, 12, f);
  fclose(f);
  drat_report r;
  assert_int_equal(drat_check_files(cnf, pf, DRAT_AUTO, &r), 1);
  assert_int_equal(r.binary, 1);
  assert_int_equal(drat_check_files(cnf, pf, DRAT_TEXT, &r), -1);
  assert_int_equal(drat_check_files(cnf, "no/such/file", DRAT_AUTO, &r), -1);
  assert_int_equal(r.status, -1);
  assert_string_equal(r.msg, "cannot read no/such/file: No such file or "
                             "directory");
  remove(cnf);
  remove(pf);
}

/* ---- 2. Built proofs are accepted ---------------------------------------- */

typedef struct corpus {
  oracle_formula *f; /* unsat_formulas of each */
  proof *p;
} corpus;

static corpus *the_corpus;

static int corpus_setup(void **state) {
  (void)state;
  const char *env = getenv("DPLL_DRAT_SEED");
  if (env && *env)
    seed = strtoull(env, NULL, 0);
  the_corpus = calloc(1, sizeof *the_corpus);
  assert_non_null(the_corpus);
  the_corpus->f = calloc((size_t)unsat_formulas, sizeof *the_corpus->f);
  the_corpus->p = calloc((size_t)unsat_formulas, sizeof *the_corpus->p);
  assert_true(the_corpus->f && the_corpus->p);
  for (int i = 0; i < unsat_formulas; i++) {
    random_formula(&the_corpus->f[i], 0);
    build_proof(&the_corpus->f[i], &the_corpus->p[i]);
  }
  return 0;
}

static int corpus_teardown(void **state) {
  (void)state;
  for (int i = 0; i < unsat_formulas; i++) {
    oracle_free(&the_corpus->f[i]);
    free(the_corpus->p[i].s);
  }
  free(the_corpus->f);
  free(the_corpus->p);
  free(the_corpus);
  return 0;
}

/* What the report must count for an accepted proof p: its steps up to
 * the empty clause (those after it are not read). */
static void expect_counts(const oracle_formula *f, const proof *p,
                          const drat_report *r, int form) {
  long lemmas = 0, deleted = 0, ignored = 0;
  int end = 0;
  while (end < p->n && (p->s[end].del || p->s[end].n > 0))
    end++;
  for (int i = 0; i <= end && i < p->n; i++) {
    lemmas += !p->s[i].del;
    deleted += p->s[i].del && p->s[i].n != 1;
    ignored += p->s[i].del && p->s[i].n == 1;
  }
  if (r->lemmas != lemmas || r->deleted != deleted || r->ignored != ignored) {
    print_case(f, p, form);
    fail_msg("counted %ld lemmas, %ld deletions, %ld ignored; the proof has "
             "%ld, %ld, %ld",
             r->lemmas, r->deleted, r->ignored, lemmas, deleted, ignored);
  }
}

static void test_built_proofs(void **state) {
  (void)state;
  long steps = 0, rat = 0, ignored = 0, deleted = 0, trivial = 0;
  for (int i = 0; i < unsat_formulas; i++) {
    const oracle_formula *f = &the_corpus->f[i];
    const proof *p = &the_corpus->p[i];
    for (int form = 0; form < FORMS; form++) {
      drat_report r;
      run_checker(f, p, form, i % 8 == form ? 2 : (i + form) % 2, &r);
      if (r.status != 1) {
        print_case(f, p, form);
        fail_msg("a built proof rejected: %s", r.msg);
      }
      if (!strncmp(r.msg, "verified: unit propagation", 26)) {
        trivial++;
        continue;
      }
      expect_counts(f, p, &r, form);
      steps += p->n;
      rat += r.rat;
      ignored += r.ignored;
      deleted += r.deleted;
    }
  }
  print_message("[ DRAT     ] %ld proofs x %d forms: %ld steps, %ld RAT "
                "lemmas, %ld deletions, %ld unit deletions ignored; %ld "
                "formulas refuted by unit propagation alone\n",
                unsat_formulas, FORMS, steps, rat, deleted, ignored, trivial);
  /* The corpus must exercise what it is for (per 400 proofs: 50 RAT
   * lemmas, 500 deletions and 50 ignored ones at least). */
  assert_true(trivial < unsat_formulas * FORMS / 4);
  assert_true(rat >= unsat_formulas / 8);
  assert_true(deleted >= 5 * unsat_formulas / 4);
  assert_true(ignored >= unsat_formulas / 8);
}

/* ---- 3. Mutations, judged by the reference ------------------------------- */

enum mutation {
  DROP_LIT,
  FLIP_LIT,
  REMOVE_LEMMA,
  MOVE_PIVOT,
  DELETE_CLAUSE,
  SPOIL_DELETION,
  REMOVE_EMPTY,
  ADD_RANDOM,
  KINDS
};
static const char *const kind_names[] = {
    "drop a literal",          "flip a literal",    "remove a lemma",
    "move the pivot",          "delete a clause",   "spoil a deletion",
    "remove the empty clause", "add a random lemma"};

/* A random step of p, an addition (del 0) or a deletion (del 1) of at
 * least min_len literals, or -1. */
static int pick_step(const proof *p, int del, int min_len) {
  int seen = 0, pick = -1;
  for (int i = 0; i < p->n; i++)
    if (p->s[i].del == del && p->s[i].n >= min_len &&
        oracle_below(&seed, ++seen) == 0)
      pick = i;
  return pick;
}

/* The deletions of lemma i follow its change. */
static void follow(proof *m, int i) {
  for (int k = i + 1; k < m->n; k++) {
    if (m->s[k].del && m->s[k].ref == i) {
      m->s[k].n = m->s[i].n;
      memcpy(m->s[k].lits, m->s[i].lits, sizeof m->s[i].lits);
    }
  }
}

/* Removes step i and the deletions of it (the refs of later steps are
 * stale afterwards; a proof is mutated once). */
static void remove_step(proof *m, int i) {
  int j = 0;
  for (int k = 0; k < m->n; k++)
    if (k != i && !(m->s[k].del && m->s[k].ref == i))
      m->s[j++] = m->s[k];
  m->n = j;
}

static void insert_step(proof *m, int del, const int *lits, int n) {
  int at = oracle_below(&seed, m->n + 1);
  add_step(m, del, -1, lits, n);
  step st = m->s[m->n - 1];
  memmove(m->s + at + 1, m->s + at, (size_t)(m->n - 1 - at) * sizeof st);
  m->s[at] = st;
}

static int random_lit(int num_vars) {
  return (1 + oracle_below(&seed, num_vars)) *
         (oracle_below(&seed, 2) ? 1 : -1);
}

/* Changes one literal of a random lemma (drop, flip or move to the front),
 * or removes a lemma; 0 if p has none that fits. */
static int mutate_lemma(proof *m, int kind) {
  int i = pick_step(m, 0,
                    kind == MOVE_PIVOT     ? 2
                    : kind == REMOVE_LEMMA ? 0
                                           : 1);
  if (i < 0)
    return 0;
  step *st = &m->s[i];
  int k = kind == MOVE_PIVOT ? 1 + oracle_below(&seed, st->n - 1)
                             : oracle_below(&seed, st->n > 0 ? st->n : 1);
  if (kind == REMOVE_LEMMA) {
    remove_step(m, i);
    return 1;
  }
  if (kind == DROP_LIT) {
    st->lits[k] = st->lits[--st->n];
  } else if (kind == FLIP_LIT) {
    st->lits[k] = -st->lits[k];
  } else {
    int t = st->lits[0];
    st->lits[0] = st->lits[k];
    st->lits[k] = t;
  }
  follow(m, i);
  return 1;
}

/* Applies a mutation of the kind to m; 0 if it has nothing to apply to. */
static int mutate(proof *m, const oracle_formula *f, int kind) {
  int lits[MAXL], n;
  if (kind <= MOVE_PIVOT)
    return mutate_lemma(m, kind);
  if (kind == DELETE_CLAUSE) {
    size_t c = (size_t)oracle_below(&seed, (int)f->num_clauses);
    n = dedup(f->lits + f->start[c], (int)(f->start[c + 1] - f->start[c]),
              lits);
    insert_step(m, 1, lits, n);
  } else if (kind == SPOIL_DELETION) {
    int i = pick_step(m, 1, 2);
    if (i < 0)
      return 0;
    step *st = &m->s[i];
    int k = oracle_below(&seed, st->n);
    if (oracle_below(&seed, 2))
      st->lits[k] = st->lits[--st->n];
    else
      st->lits[st->n++] = random_lit(f->num_vars);
  } else if (kind == REMOVE_EMPTY) {
    if (m->n == 0 || m->s[m->n - 1].del || m->s[m->n - 1].n)
      return 0;
    m->n--;
  } else {
    n = oracle_below(&seed, 4);
    for (int k = 0; k < n; k++)
      lits[k] = random_lit(f->num_vars);
    insert_step(m, 0, lits, n);
  }
  return 1;
}

static void test_mutations(void **state) {
  (void)state;
  long tried[KINDS] = {0}, rejected[KINDS] = {0}, total = 0, rejections = 0;
  for (int i = 0; i < unsat_formulas; i++) {
    for (int k = 0; k < MUTATIONS; k++) {
      int kind = oracle_below(&seed, KINDS);
      proof m;
      copy_proof(&m, &the_corpus->p[i]);
      if (mutate(&m, &the_corpus->f[i], kind)) {
        drat_report r;
        outcome o = agree(&the_corpus->f[i], &m, &r);
        tried[kind]++;
        rejected[kind] += o.status == 0;
      }
      free(m.s);
    }
  }
  for (int kind = 0; kind < KINDS; kind++) {
    print_message("[ DRAT     ] %-24s %4ld mutants, %4ld rejected\n",
                  kind_names[kind], tried[kind], rejected[kind]);
    total += tried[kind];
    rejections += rejected[kind];
    /* Every kind: for a fifth of the proofs at least (the rarest, a
     * spoiled deletion, comes to some 30%). */
    assert_true(tried[kind] >= unsat_formulas / 5);
  }
  /* Both verdicts must be common, or the comparison proves little. */
  assert_true(rejections >= total / 4);
  assert_true(total - rejections >= total / 10);
}

/* ---- 4. Satisfiable formulas: brute force judges each lemma -------------- */

/* A random live clause of db with at least min_len literals, or NULL. */
static const ref_clause *pick_clause(const ref_db *db, int min_len) {
  const ref_clause *pick = NULL;
  int seen = 0;
  for (int i = 0; i < db->n; i++)
    if (db->c[i].alive && db->c[i].n >= min_len &&
        oracle_below(&seed, ++seen) == 0)
      pick = &db->c[i];
  return pick;
}

/* A resolvent of two live clauses into lits, its length; -1 if the two
 * drawn do not clash. */
static int resolvent(const ref_db *db, int *lits) {
  const ref_clause *c = pick_clause(db, 1), *d = pick_clause(db, 1);
  for (int k = 0; c && d && k < c->n; k++) {
    if (contains(d, -c->lits[k])) {
      int all[2 * MAXL], n = others(c, c->lits[k], all);
      n += others(d, -c->lits[k], all + n);
      return dedup(all, n, lits);
    }
  }
  return -1;
}

/* Appends a random step to p, mostly lemmas likely to hold (resolvents),
 * some that likely do not, deletions present or not; db follows p as if
 * every step were accepted. */
static void random_step(ref_db *db, proof *p) {
  int lits[MAXL], n = -1, del = 0, kind = oracle_below(&seed, 20) - 10;
  const ref_clause *c = pick_clause(db, kind == 6 ? 1 : 0);
  if (kind < 4) {
    n = resolvent(db, lits);
  } else if (kind == 6 || kind == 7) {
    del = kind == 7;
    n = c ? dedup(c->lits, c->n, lits) : -1;
    if (c && !del) {
      int drop = oracle_below(&seed, n);
      lits[drop] = lits[--n];
    }
  } else if (kind == 8) {
    n = 1;
    lits[0] = random_lit(db->num_vars);
    for (int i = 0; i < db->n && n; i++)
      n = !(db->c[i].alive && contains(&db->c[i], -lits[0]));
    n = n ? 1 : -1;
  }
  if (n < 0) {
    del = kind == 9;
    n = oracle_below(&seed, 4);
    for (int k = 0; k < n; k++)
      lits[k] = random_lit(db->num_vars);
    n = dedup(lits, n, lits);
  }
  add_step(p, del, -1, lits, n);
  if (!del)
    ref_add(db, lits, n);
  else if (n != 1)
    ref_delete(db, lits, n);
}

typedef struct sat_counts {
  long lemmas, rat_only, strict, loose;
} sat_counts;

/* Replays p up to the step the checker failed at (o): every lemma before
 * it must be implied or RAT by brute force; the failing lemma is counted
 * as strict (neither) or loose (implied or RAT, yet not by propagation). */
static void judge_sat_proof(const oracle_formula *f, const proof *p, outcome o,
                            sat_counts *k) {
  ref_db db;
  ref_init(&db, f);
  for (int j = 0; j < (o.step ? o.step : p->n); j++) {
    int lits[MAXL], n = dedup(p->s[j].lits, p->s[j].n, lits);
    if (p->s[j].del) {
      if (n != 1)
        ref_delete(&db, lits, n);
      continue;
    }
    int holds = implied_or_rat(&db, lits, n);
    if (j + 1 == o.step) {
      k->strict += !holds;
      k->loose += holds;
      break;
    }
    if (!holds) {
      print_case(f, p, PLAIN);
      fail_msg("step %d accepted, but brute force finds its lemma neither "
               "implied nor RAT",
               j + 1);
    }
    k->lemmas++;
    k->rat_only += !implied(&db, lits, n, NULL, 0);
    ref_add(&db, lits, n);
  }
  free(db.c);
}

static void test_satisfiable(void **state) {
  (void)state;
  sat_counts k = {0};
  for (int i = 0; i < sat_formulas; i++) {
    oracle_formula f;
    random_formula(&f, 1);
    ref_db db;
    ref_init(&db, &f);
    proof p = {0};
    for (int len = 2 + oracle_below(&seed, 12); len > 0; len--)
      random_step(&db, &p);
    add_step(&p, 0, -1, NULL, 0);
    free(db.c);
    drat_report r;
    outcome o = agree(&f, &p, &r);
    if (o.status != 0) {
      print_case(&f, &p, PLAIN);
      fail_msg("a proof for a satisfiable formula accepted: %s", r.msg);
    }
    judge_sat_proof(&f, &p, o, &k);
    oracle_free(&f);
    free(p.s);
  }
  print_message("[ DRAT     ] %ld satisfiable formulas: %ld lemmas accepted "
                "(%ld RAT, not implied); rejected: %ld neither implied nor "
                "RAT, %ld implied or RAT but not by unit propagation\n",
                sat_formulas, k.lemmas, k.rat_only, k.strict, k.loose);
  /* Per 800 formulas: 800 lemmas accepted, 20 of them RAT only, and 300
   * rejected. */
  assert_true(k.lemmas >= sat_formulas);
  assert_true(k.rat_only >= sat_formulas / 40);
  assert_true(k.strict >= 3 * sat_formulas / 8);
}

/* ---- 5. Speed ------------------------------------------------------------ */

/* A chain x1 -> x2 -> ... -> xn under scattered numbers, with x1 forced by
 * y and -y and xn refuted by z and -z; lemmas -xi | xj (i < j) that each
 * propagate along the chain, each deleted soon after (the shortcuts they
 * add would make later propagation short), then x1 and the empty clause. */
static void chain_proof(text *cnf, text *pf, int binary) {
  int n = CHAIN_VARS, *x = malloc(((size_t)n + 3) * sizeof *x);
  assert_non_null(x);
  for (int v = 1; v <= n + 2; v++) {
    int j = 1 + oracle_below(&seed, v);
    x[v] = x[j];
    x[j] = v;
  }
  int y = x[n + 1], z = x[n + 2];
  putf(cnf, "p cnf %d %d\n", n + 2, n - 1 + 4);
  for (int i = 1; i < n; i++)
    putf(cnf, "-%d %d 0\n", x[i], x[i + 1]);
  putf(cnf, "%d %d 0\n%d -%d 0\n-%d %d 0\n-%d -%d 0\n", x[1], y, x[1], y, x[n],
       z, x[n], z);
  proof p = {0};
  for (int k = 0; k < CHAIN_LEMMAS; k++) {
    int i = 1 + oracle_below(&seed, n - 1);
    int j = i + 1 + oracle_below(&seed, n - i);
    int lits[2] = {-x[i], x[j]};
    int at = add_step(&p, 0, -1, lits, 2);
    add_step(&p, 1, at, lits, 2);
  }
  /* Deletions go some way after their lemma: rotate them back. */
  for (int k = 0; k < p.n; k++) {
    int to = k + oracle_below(&seed, 50);
    if (p.s[k].del && to < p.n && !p.s[to].del) {
      step t = p.s[k];
      p.s[k] = p.s[to];
      p.s[to] = t;
    }
  }
  add_step(&p, 0, -1, &x[1], 1);
  add_step(&p, 0, -1, NULL, 0);
  renum none = {NULL, 0};
  if (binary)
    proof_binary(pf, &p, &none);
  else
    proof_text(pf, &p, &none, 0);
  free(p.s);
  free(x);
}

static void test_speed(void **state) {
  (void)state;
  for (int binary = 0; binary < 2; binary++) {
    text cnf = {0}, pf = {0};
    chain_proof(&cnf, &pf, binary);
    drat_report r;
    clock_t start = clock();
    int status = drat_check(cnf.data, cnf.len, pf.data, pf.len, DRAT_AUTO, &r);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    print_message("[ DRAT     ] %d lemmas over %d variables (%s, %zu bytes): "
                  "%.2f s: %s\n",
                  CHAIN_LEMMAS + 2, CHAIN_VARS + 2, binary ? "binary" : "text",
                  pf.len, seconds, r.msg);
    assert_int_equal(status, 1);
    assert_int_equal(r.binary, binary);
    assert_int_equal(r.lemmas, CHAIN_LEMMAS + 2);
    /* Some 20 times what it takes in a Release build (more in slower
     * builds: tests/tier.h); a checker that rescans the clauses for each
     * propagation would take minutes. */
    assert_true(seconds < tier_seconds(2));
    free(cnf.data);
    free(pf.data);
  }
}

/* ---- 6. Out of memory ---------------------------------------------------- */

/* Checks the proof with allocation 0, 1, ... failing in turn (after the
 * first 64, every stride-th only) until a check needs no more: each gives
 * -1 with "out of memory" and r.nomem, or, once the failure comes too late
 * to matter, the unhindered verdict and message.  Returns the number of
 * checks run. */
static long oom_case(const char *name, const char *cnf, size_t cnf_len,
                     const char *pf, size_t pf_len, int mode, long stride) {
  drat_report want, got;
  int status = drat_check(cnf, cnf_len, pf, pf_len, mode, &want);
  assert_false(want.nomem);
  long at = 0;
  for (;; at += at < 64 ? 1 : stride) {
    oom_session();
    oom.at = at;
    oom.armed = true;
    int s = drat_check(cnf, cnf_len, pf, pf_len, mode, &got);
    oom.armed = false;
    if (!oom.failed) {
      if (s != status || strcmp(got.msg, want.msg))
        fail_msg("%s: with allocation %ld failing but not reached: %d \"%s\","
                 " not %d \"%s\"",
                 name, at, s, got.msg, status, want.msg);
      return at + 1;
    }
    if (s != -1 || got.status != -1 || !got.nomem ||
        strcmp(got.msg, "out of memory"))
      fail_msg("%s: allocation %ld failed: %d \"%s\" (nomem %d), not -1 "
               "\"out of memory\"",
               name, at, s, got.msg, got.nomem);
  }
}

/* A chain 1 -> 2 -> ... -> 1200 (enough clauses to grow the hash table of
 * deletions), 1 forced by 1201 and -1201, 1200 refuted by 1202 and -1202;
 * the proof adds and deletes a lemma with variable 70000 (the arrays grow),
 * adds a RAT unit on a new variable, a lemma along the chain, then 1 and
 * the empty clause. */
static void oom_chain(text *cnf, text *pf, int binary) {
  putf(cnf, "p cnf 1202 1203\n");
  for (int i = 1; i < 1200; i++)
    putf(cnf, "-%d %d 0\n", i, i + 1);
  putf(cnf, "1 1201 0\n1 -1201 0\n-1200 1202 0\n-1200 -1202 0\n");
  static const int far[] = {70000, 1}, rat[] = {-70001}, chain[] = {-5, 900},
                   one[] = {1};
  proof p = {0};
  int at = add_step(&p, 0, -1, far, 2);
  add_step(&p, 1, at, far, 2);
  add_step(&p, 0, -1, rat, 1);
  add_step(&p, 0, -1, chain, 2);
  add_step(&p, 0, -1, one, 1);
  add_step(&p, 0, -1, NULL, 0);
  renum none = {NULL, 0};
  if (binary)
    proof_binary(pf, &p, &none);
  else
    proof_text(pf, &p, &none, 0);
  free(p.s);
}

static void test_out_of_memory(void **state) {
  (void)state;
  long checks = 0;
  const hand_case *lists[] = {accepted, rejected, malformed};
  size_t sizes[] = {sizeof accepted / sizeof *accepted,
                    sizeof rejected / sizeof *rejected,
                    sizeof malformed / sizeof *malformed};
  for (size_t k = 0; k < 3; k++)
    for (size_t i = 0; i < sizes[k]; i++) {
      const hand_case *c = &lists[k][i];
      size_t len = c->proof_len ? c->proof_len : strlen(c->proof);
      checks +=
          oom_case(c->name, c->cnf, strlen(c->cnf), c->proof, len, c->mode, 1);
    }
  for (int binary = 0; binary < 2; binary++) {
    text cnf = {0}, pf = {0};
    oom_chain(&cnf, &pf, binary);
    drat_report r;
    assert_int_equal(
        drat_check(cnf.data, cnf.len, pf.data, pf.len, DRAT_AUTO, &r), 1);
    assert_int_equal(r.lemmas, 5);
    assert_int_equal(r.rat, 1);
    checks += oom_case(binary ? "chain, binary" : "chain, text", cnf.data,
                       cnf.len, pf.data, pf.len, DRAT_AUTO, 7);
    free(cnf.data);
    free(pf.data);
  }
  print_message("[ DRAT     ] %ld checks with an allocation failing\n", checks);
}

int main(void) {
  unsat_formulas = tier_cases(UNSAT_FORMULAS);
  sat_formulas = tier_cases(SAT_FORMULAS);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_accepted),
      cmocka_unit_test(test_rejected),
      cmocka_unit_test(test_malformed),
      cmocka_unit_test(test_binary_example),
      cmocka_unit_test(test_binary_detection),
      cmocka_unit_test(test_files),
      cmocka_unit_test(test_built_proofs),
      cmocka_unit_test(test_mutations),
      cmocka_unit_test(test_satisfiable),
      cmocka_unit_test(test_speed),
      cmocka_unit_test(test_out_of_memory),
  };
  return cmocka_run_group_tests(tests, corpus_setup, corpus_teardown);
}
