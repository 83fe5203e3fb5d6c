/* testutil.c - helpers shared by the unit tests of both libraries. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

#include "drat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int add(dpll_solver *s, int n, ...) {
  int lits[16];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n && i < 16; i++)
    lits[i] = va_arg(ap, int);
  va_end(ap);
  return n > 16 ? DPLL_EINVAL : dpll_add_clause(s, lits, (size_t)n);
}

void clause_add(oracle_formula *f, int n, ...) {
  int lits[16];
  assert_true(n >= 0 && n <= 16);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++)
    lits[i] = va_arg(ap, int);
  va_end(ap);
  oracle_add(f, lits, (size_t)n);
}

/* The truth table of a function of k inputs (bit r: its value on row r,
 * input i true when bit i of r is), as clauses: row r says "these inputs
 * imply out = f(r)". */
static void truth_table(oracle_formula *f, int out, const int *in, int k,
                        unsigned table, unsigned skip) {
  for (unsigned r = 0; r < 1u << k; r++) {
    if (r == skip)
      continue;
    int lits[5];
    for (int i = 0; i < k; i++)
      lits[i] = r >> i & 1 ? -in[i] : in[i];
    lits[k] = table >> r & 1 ? out : -out;
    oracle_add(f, lits, (size_t)k + 1);
  }
}

void gate_circuit(oracle_formula *f, uint64_t *rng, int inputs, int gates,
                  int extra) {
  oracle_init(f, inputs + gates);
  for (int g = inputs + 1; g <= inputs + gates; g++) {
    int kind = oracle_below(rng, 3), in[5], k;
    k = kind == 2 ? 2 + oracle_below(rng, 3) : 1 + oracle_below(rng, 5);
    k = k < g - 1 ? k : g - 1;
    for (int i = 0; i < k; i++) { /* k distinct earlier variables */
      int v;
      bool fresh;
      do {
        v = 1 + oracle_below(rng, g - 1);
        fresh = true;
        for (int j = 0; j < i; j++)
          fresh = fresh && abs(in[j]) != v;
      } while (!fresh);
      in[i] = oracle_below(rng, 2) ? v : -v;
    }
    if (kind == 2) { /* any function but a constant */
      unsigned rows = 1u << k, table, full = (1u << rows) - 1;
      do
        table = (unsigned)oracle_next(rng) & full;
      while (table == 0 || table == full);
      unsigned skip = oracle_below(rng, 3) ? rows : table % rows;
      truth_table(f, g, in, k, table, skip);
      continue;
    }
    int o = kind ? -g : g, lits[6]; /* kind 1: -g <-> AND, an OR */
    int skip = oracle_below(rng, 4) ? k : oracle_below(rng, k);
    for (int i = 0; i < k; i++) {
      if (i != skip)
        clause_add(f, 2, -o, in[i]);
      lits[i] = -in[i];
    }
    lits[k] = o;
    oracle_add(f, lits, (size_t)k + 1);
  }
  for (int c = 0; c < extra; c++) {
    int lits[3], n = 1 + oracle_below(rng, 3);
    for (int i = 0; i < n; i++) {
      int v = oracle_below(rng, 4) ? inputs + 1 + oracle_below(rng, gates)
                                   : 1 + oracle_below(rng, inputs);
      lits[i] = oracle_below(rng, 2) ? v : -v;
    }
    oracle_add(f, lits, (size_t)n);
  }
}

clause_masks clause_masks_of(const int *lits, size_t n) {
  clause_masks c = {0, 0};
  for (size_t k = 0; k < n; k++) {
    assert_true(lits[k] != 0 && lits[k] <= 32 && lits[k] >= -32);
    if (lits[k] > 0)
      c.pos |= 1u << (lits[k] - 1);
    else
      c.neg |= 1u << (-lits[k] - 1);
  }
  return c;
}

void *grown(void *p, size_t n, size_t elem) {
  void *q = realloc(p, (n ? n : 1) * elem);
  assert_non_null(q);
  return q;
}

dpll_stats stats_of(const dpll_solver *s) {
  dpll_stats st;
  dpll_get_stats(s, &st);
  return st;
}

int model_satisfies_with(const dpll_solver *s, const oracle_formula *f,
                         const int *units, size_t nu) {
  for (size_t i = 0; i < f->num_clauses; i++) {
    int sat = 0;
    for (size_t k = f->start[i]; k < f->start[i + 1] && !sat; k++)
      sat = dpll_model(s, f->lits[k]) == 1;
    if (!sat)
      return 0;
  }
  for (size_t k = 0; k < nu; k++)
    if (dpll_model(s, units[k]) != 1)
      return 0;
  return 1;
}

int classic_answer(const oracle_formula *f, const int *units, size_t n) {
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(dpll_set_option(s, "algorithm", DPLL_ALGORITHM_DPLL), 0);
  add_formula(s, f, 0);
  for (size_t k = 0; k < n; k++)
    assert_int_equal(dpll_add_clause(s, &units[k], 1), 0);
  int res = dpll_solve(s);
  if (res == DPLL_SAT)
    CHECK(model_satisfies_with(s, f, units, n),
          "the classic solver's false model");
  dpll_free(s);
  return res;
}

void check_proof(const oracle_formula *f, const char *proof, size_t len,
                 int format, const char *what) {
  size_t cnf_len;
  char *cnf = oracle_to_text(f, 1, &cnf_len);
  drat_report r;
  int ok =
      drat_check(cnf, cnf_len, proof, len,
                 format == DPLL_PROOF_BINARY ? DRAT_BINARY : DRAT_TEXT, &r);
  CHECK(ok == 1, "%s: the DRAT checker gave %d: %s", what, ok, r.msg);
  free(cnf);
}

int solve_proved(dpll_solver *s, const oracle_formula *f, int expect,
                 int format, const char *what) {
  char *proof = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&proof, &len);
  assert_non_null(out);
  assert_int_equal(dpll_set_proof(s, out, format), 0);
  int res = dpll_solve(s);
  assert_int_equal(fflush(out), 0);
  CHECK(res == DPLL_SAT || res == DPLL_UNSAT, "%s: dpll_solve gave %d", what,
        res);
  CHECK(!expect || res == expect, "%s: dpll_solve gave %d, expected %d", what,
        res, expect);
  if (res == DPLL_SAT)
    CHECK(model_satisfies_with(s, f, NULL, 0), "%s: a false model", what);
  else
    check_proof(f, proof, len, format, what);
  assert_int_equal(dpll_set_proof(s, NULL, DPLL_PROOF_TEXT), 0);
  fclose(out);
  free(proof);
  return res;
}

void judge_after_failure(dpll_solver *s, const oracle_formula *f, int res,
                         bool failed, int expect, long at) {
  CHECK(res == expect || (failed && res == DPLL_ENOMEM),
        "allocation %ld: dpll_solve gave %d", at, res);
  if (failed)
    res = dpll_solve(s);
  CHECK(res == expect, "allocation %ld: the solve after gave %d", at, res);
  if (res == DPLL_SAT)
    CHECK(model_satisfies_with(s, f, NULL, 0), "allocation %ld: a false model",
          at);
  dpll_free(s);
}

peg_board *parse_board(const char *text) {
  peg_board *b = NULL;
  peg_error err;
  int rc = peg_board_parse(text, strlen(text), &b, &err);
  CHECK(rc == 0 && b, "parsing a board: %d at %ld:%ld: %s", rc, err.line,
        err.column, err.message);
  return b;
}

peg_board *named(const char *name, int empty) {
  peg_board *b = NULL;
  int rc = peg_board_named(name, &b);
  CHECK(rc == 0 && b, "%s: peg_board_named gave %d (%s)", name, rc,
        peg_strerror(rc));
  if (empty >= 0)
    CHECK(peg_board_set_empty(b, empty) == 0, "%s: no hole %d", name, empty);
  return b;
}

peg_encoding *encode_default(const peg_board *b) {
  int err = 0;
  peg_encoding *e = peg_encoding_new(b, &err);
  CHECK(e != NULL, "peg_encoding_new failed: %d (%s)", err, peg_strerror(err));
  return e;
}

peg_encoding *encode(const peg_board *b) {
  peg_encoding *e = encode_default(b);
  CHECK(peg_encoding_set_option(e, "canonical_order", 0) == 0 &&
            peg_encoding_set_option(e, "position_classes", 0) == 0,
        "cannot turn the redundant clauses off");
  return e;
}

void put(text *t, const char *s, size_t n) {
  if (t->n + n + 1 > t->cap) {
    while (t->n + n + 1 > t->cap)
      t->cap = t->cap ? 2 * t->cap : 4096;
    t->s = realloc(t->s, t->cap);
    assert_non_null(t->s);
  }
  memcpy(t->s + t->n, s, n);
  t->n += n;
  t->s[t->n] = '\0';
}

int test_model_value(void *model, int atom) {
  const test_model *m = model;
  return atom >= 1 && atom <= m->atoms ? m->v[atom] : -1;
}

void answer_dp(const test_model *m, const char *key, size_t size, text *t) {
  memset(t, 0, sizeof *t);
  for (int a = 1; m && a <= m->atoms; a++) {
    char line[32];
    int n = snprintf(line, sizeof line, "%d %c\n", a, m->v[a] ? 'T' : 'F');
    put(t, line, (size_t)n);
  }
  put(t, "0\n", 2);
  put(t, key, size);
}

void answer_competition(const test_model *m, text *t) {
  memset(t, 0, sizeof *t);
  put(t, m ? "s SATISFIABLE\nv" : "s UNSATISFIABLE\n", m ? 15 : 16);
  for (int a = 1; m && a <= m->atoms; a++) {
    char lit[24];
    int n = snprintf(lit, sizeof lit, " %d", m->v[a] ? a : -a);
    put(t, lit, (size_t)n);
  }
  if (m)
    put(t, " 0\n", 3);
}

void encoding_triples(const peg_encoding *e, int (*out)[3]) {
  const peg_board *b = peg_encoding_board(e);
  size_t n = peg_board_num_triples(b);
  unsigned char *placed = calloc(n + 1, 1);
  assert_non_null(placed);
  for (size_t t = 0; t < n; t++) {
    int abc[3];
    assert_int_equal(peg_board_triple(b, t, abc), 0);
    if (peg_encoding_steps(e) == 0) {
      memcpy(out[t], abc, sizeof abc);
      continue;
    }
    int fwd = peg_atom_jump(e, abc[0], abc[1], abc[2], 1);
    int back = peg_atom_jump(e, abc[2], abc[1], abc[0], 1);
    int p = (fwd < back ? fwd : back) - 1;
    CHECK(fwd > 0 && back > 0 && p % 2 == 0 &&
              (fwd > back ? fwd : back) == p + 2 && (size_t)p / 2 < n &&
              !placed[p / 2],
          "triple %d %d %d: Jump atoms %d and %d of time 1, not 2k+1 and "
          "2k+2 for a new k < %zu",
          abc[0], abc[1], abc[2], fwd, back, n);
    placed[p / 2] = 1;
    int *k = out[p / 2];
    k[0] = fwd == p + 1 ? abc[0] : abc[2];
    k[1] = abc[1];
    k[2] = fwd == p + 1 ? abc[2] : abc[0];
  }
  free(placed);
}

uint64_t rng_next(uint64_t *state) {
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * 0x2545f4914f6cdd1dULL;
}

int rng_below(uint64_t *state, int n) {
  return (int)(rng_next(state) >> 33) % n;
}

void shuffle_ints(int *a, size_t n, uint64_t *rng) {
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)rng_below(rng, (int)i);
    int t = a[i - 1];
    a[i - 1] = a[j];
    a[j] = t;
  }
}

uint64_t xorshift_next(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

int xorshift_below(uint64_t *state, int n) {
  return (int)((xorshift_next(state) >> 11) % (uint64_t)n);
}

int spec_tri(int r, int c) { return r * (r - 1) / 2 + c; }

peg_board *spec_board(const spec *s) {
  peg_board *b = peg_board_new(s->holes);
  assert_non_null(b);
  if (s->rows) {
    assert_int_equal(peg_board_set_layout(b, PEG_LAYOUT_TRIANGLE), 0);
    for (int r = 1; r <= s->rows; r++)
      for (int c = 1; c <= r; c++)
        assert_int_equal(peg_board_set_position(b, spec_tri(r, c), r, c), 0);
  }
  for (int t = 0; t < s->num_triples; t++)
    CHECK(peg_board_add_triple(b, s->triples[t][0], s->triples[t][1],
                               s->triples[t][2]) == 0,
          "triple %d %d %d refused", s->triples[t][0], s->triples[t][1],
          s->triples[t][2]);
  int holes[64], n = 0, empty = 0;
  for (int h = 1; h <= s->holes; h++)
    if (s->start[h])
      holes[n++] = h;
    else
      empty = h;
  /* One empty hole through set_empty, any other start through set_start. */
  if (s->free_start)
    assert_int_equal(peg_board_set_empty(b, 0), 0);
  else if (n == s->holes - 1)
    assert_int_equal(peg_board_set_empty(b, empty), 0);
  else
    assert_int_equal(peg_board_set_start(b, holes, (size_t)n), 0);
  if (s->goal_given) {
    n = 0;
    for (int h = 1; h <= s->holes; h++)
      if (s->goal[h])
        holes[n++] = h;
    assert_int_equal(peg_board_set_goal(b, holes, (size_t)n), 0);
  }
  assert_int_equal(peg_board_check(b, NULL), 0);
  return b;
}

static int has_triple(const spec *s, int a, int o, int c) {
  for (int t = 0; t < s->num_triples; t++)
    if (s->triples[t][1] == o &&
        ((s->triples[t][0] == a && s->triples[t][2] == c) ||
         (s->triples[t][0] == c && s->triples[t][2] == a)))
      return 1;
  return 0;
}

static int pegs_in(const unsigned char *set, int holes) {
  int n = 0;
  for (int h = 1; h <= holes; h++)
    n += set[h];
  return n;
}

/* A random walk of up to `most` legal jumps on pegs[1..holes]. */
static void random_walk(const spec *s, unsigned char *pegs, int most,
                        uint64_t *rng) {
  for (int k = 0; k < most; k++) {
    int legal[2 * SPEC_MAX_TRIPLES][3], n = 0;
    for (int t = 0; t < s->num_triples; t++)
      for (int d = 0; d < 2; d++) {
        int f = s->triples[t][d ? 2 : 0], o = s->triples[t][1],
            to = s->triples[t][d ? 0 : 2];
        if (pegs[f] && pegs[o] && !pegs[to]) {
          legal[n][0] = f;
          legal[n][1] = o;
          legal[n++][2] = to;
        }
      }
    if (n == 0)
      return;
    int *j = legal[rng_below(rng, n)];
    pegs[j[0]] = pegs[j[1]] = 0;
    pegs[j[2]] = 1;
  }
}

void spec_random(spec *s, int family, uint64_t *rng) {
  memset(s, 0, sizeof *s);
  if (family == 0) {
    s->holes = 6 + rng_below(rng, 5);
    int want = 3 + rng_below(rng, 2 * s->holes - 2);
    for (int tries = 0; s->num_triples < want && tries < 1000; tries++) {
      int a = 1 + rng_below(rng, s->holes), o = 1 + rng_below(rng, s->holes),
          c = 1 + rng_below(rng, s->holes);
      if (a == o || o == c || a == c || has_triple(s, a, o, c))
        continue;
      s->triples[s->num_triples][0] = a;
      s->triples[s->num_triples][1] = o;
      s->triples[s->num_triples++][2] = c;
    }
  } else {
    s->rows = 3 + rng_below(rng, 2);
    s->holes = spec_tri(s->rows, s->rows);
    for (int r = 1; r <= s->rows; r++)
      for (int c = 1; c <= r; c++) {
        /* along the row and down both edges, each kept with odds 3/4 */
        int cand[3][3] = {
            {spec_tri(r, c), spec_tri(r, c + 1), spec_tri(r, c + 2)},
            {spec_tri(r, c), spec_tri(r + 1, c), spec_tri(r + 2, c)},
            {spec_tri(r, c), spec_tri(r + 1, c + 1), spec_tri(r + 2, c + 2)}};
        int fits[3] = {c + 2 <= r, r + 2 <= s->rows, r + 2 <= s->rows};
        for (int k = 0; k < 3; k++)
          if (fits[k] && rng_below(rng, 4) != 0)
            memcpy(s->triples[s->num_triples++], cand[k], sizeof cand[k]);
      }
  }
  int how = rng_below(rng, 6);
  s->free_start = how == 0;
  int empty = 1 + rng_below(rng, s->holes);
  for (int h = 1; h <= s->holes; h++)
    s->start[h] = how <= 2 ? h != empty : rng_below(rng, 10) < 7;
  if (pegs_in(s->start, s->holes) == 0)
    s->start[empty] = 1;
  int goal = rng_below(rng, 4);
  if (goal == 2) {
    memcpy(s->goal, s->start, sizeof s->goal);
    random_walk(s, s->goal, rng_below(rng, s->holes), rng);
    s->goal_given = 1;
  } else if (goal == 3) {
    int most = pegs_in(s->start, s->holes), n = 1 + rng_below(rng, most);
    for (int k = 0; k < n; k++)
      s->goal[1 + rng_below(rng, s->holes)] = 1;
    s->goal_given = 1;
  }
}

void add_formula(dpll_solver *s, const oracle_formula *f, size_t from) {
  for (size_t i = from; i < f->num_clauses; i++)
    assert_int_equal(dpll_add_clause(s, f->lits + f->start[i],
                                     f->start[i + 1] - f->start[i]),
                     0);
}
