/* oracle.c - brute-force satisfiability and model checking for the tests,
 * written independently of libdpll. */
#include "oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *must(void *p) {
  if (!p) {
    fputs("oracle: out of memory\n", stderr);
    abort();
  }
  return p;
}

uint64_t oracle_next(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

int oracle_below(uint64_t *state, int n) {
  return (int)(oracle_next(state) % (uint64_t)n);
}

void oracle_init(oracle_formula *f, int num_vars) {
  f->num_vars = num_vars;
  f->num_clauses = 0;
  f->start = must(malloc(sizeof *f->start));
  f->start[0] = 0;
  f->lits = NULL;
}

void oracle_add(oracle_formula *f, const int *lits, size_t n) {
  size_t used = f->start[f->num_clauses];
  f->lits = must(realloc(f->lits, (used + n + 1) * sizeof *f->lits));
  f->start = must(realloc(f->start, (f->num_clauses + 2) * sizeof *f->start));
  if (n > 0)
    memcpy(f->lits + used, lits, n * sizeof *lits);
  f->start[++f->num_clauses] = used + n;
}

void oracle_pigeons(oracle_formula *f, int holes) {
  int pigeons = holes + 1, lits[64];
  oracle_init(f, pigeons * holes);
  for (int p = 0; p < pigeons; p++) {
    for (int h = 1; h <= holes; h++)
      lits[h - 1] = p * holes + h;
    oracle_add(f, lits, (size_t)holes);
  }
  for (int h = 1; h <= holes; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++) {
        lits[0] = -(p * holes + h);
        lits[1] = -(q * holes + h);
        oracle_add(f, lits, 2);
      }
}

void oracle_write(const char *path, const oracle_formula *f, int dimacs) {
  size_t size;
  char *text = oracle_to_text(f, dimacs, &size);
  FILE *out = fopen(path, "wb");
  if (!out || fwrite(text, 1, size, out) != size || fclose(out)) {
    fprintf(stderr, "oracle: cannot write %s\n", path);
    abort();
  }
  free(text);
}

void oracle_write_pigeons(const char *path, int holes, int dimacs) {
  oracle_formula f;
  oracle_pigeons(&f, holes);
  oracle_write(path, &f, dimacs);
  oracle_free(&f);
}

void oracle_uniform3(oracle_formula *f, uint64_t *state, int num_vars,
                     size_t num_clauses) {
  oracle_init(f, num_vars);
  for (size_t i = 0; i < num_clauses; i++) {
    int c[3];
    for (int k = 0; k < 3; k++) {
      int v, dup;
      do {
        v = 1 + oracle_below(state, num_vars);
        dup = 0;
        for (int j = 0; j < k; j++)
          dup |= abs(c[j]) == v;
      } while (dup);
      c[k] = oracle_below(state, 2) ? v : -v;
    }
    oracle_add(f, c, 3);
  }
}

void oracle_random(oracle_formula *f, uint64_t *state, int num_vars,
                   size_t num_clauses, int min_len, int max_len) {
  int buf[64];
  oracle_init(f, num_vars);
  for (size_t i = 0; i < num_clauses; i++) {
    int len = min_len + oracle_below(state, max_len - min_len + 1);
    if (len > 64)
      len = 64;
    for (int k = 0; k < len; k++) {
      int v = 1 + oracle_below(state, num_vars);
      buf[k] = oracle_below(state, 2) ? v : -v;
    }
    oracle_add(f, buf, (size_t)len);
  }
}

void oracle_free(oracle_formula *f) {
  free(f->start);
  free(f->lits);
  f->start = NULL;
  f->lits = NULL;
  f->num_clauses = 0;
}

/* Assignments are numbered 0..2^n-1, variable v true in assignment a when
 * bit v-1 of a is set; they are handled 64 at a time, one bit each. */
static uint64_t lit_mask(int lit, uint64_t word) {
  static const uint64_t low[6] = {0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL,
                                  0xF0F0F0F0F0F0F0F0ULL, 0xFF00FF00FF00FF00ULL,
                                  0xFFFF0000FFFF0000ULL, 0xFFFFFFFF00000000ULL};
  int v = (lit < 0 ? -lit : lit) - 1;
  uint64_t m = v < 6 ? low[v] : ((word >> (v - 6)) & 1 ? ~0ULL : 0);
  return lit < 0 ? ~m : m;
}

/* The assignments of this word that satisfy every clause. */
static uint64_t satisfying(const oracle_formula *f, uint64_t word) {
  uint64_t all = f->num_vars >= 6 ? ~0ULL : (1ULL << (1 << f->num_vars)) - 1;
  for (size_t i = 0; i < f->num_clauses && all; i++) {
    uint64_t c = 0;
    for (size_t k = f->start[i]; k < f->start[i + 1]; k++)
      c |= lit_mask(f->lits[k], word);
    all &= c;
  }
  return all;
}

static uint64_t words(const oracle_formula *f) {
  return f->num_vars <= 6 ? 1 : 1ULL << (f->num_vars - 6);
}

int oracle_satisfiable(const oracle_formula *f, unsigned char *model) {
  for (uint64_t w = 0; w < words(f); w++) {
    uint64_t sat = satisfying(f, w);
    if (!sat)
      continue;
    if (model) {
      int bit = 0;
      while (!((sat >> bit) & 1))
        bit++;
      uint64_t a = w * 64 + (uint64_t)bit;
      for (int v = 1; v <= f->num_vars; v++)
        model[v] = (unsigned char)((a >> (v - 1)) & 1);
    }
    return 1;
  }
  return 0;
}

uint64_t oracle_count_models(const oracle_formula *f) {
  uint64_t n = 0;
  for (uint64_t w = 0; w < words(f); w++) {
    uint64_t sat = satisfying(f, w);
    while (sat) {
      sat &= sat - 1;
      n++;
    }
  }
  return n;
}

int oracle_check(const oracle_formula *f, const unsigned char *model) {
  for (size_t i = 0; i < f->num_clauses; i++) {
    int ok = 0;
    for (size_t k = f->start[i]; k < f->start[i + 1] && !ok; k++) {
      int lit = f->lits[k], v = lit < 0 ? -lit : lit;
      ok = (lit > 0) == (model[v] != 0);
    }
    if (!ok)
      return 0;
  }
  return 1;
}

char *oracle_to_text(const oracle_formula *f, int dimacs, size_t *size) {
  size_t cap = 64 + 16 * (f->start[f->num_clauses] + f->num_clauses), n = 0;
  char *out = must(malloc(cap));
  if (dimacs)
    n +=
        (size_t)sprintf(out + n, "p cnf %d %zu\n", f->num_vars, f->num_clauses);
  for (size_t i = 0; i < f->num_clauses; i++) {
    for (size_t k = f->start[i]; k < f->start[i + 1]; k++)
      n += (size_t)sprintf(out + n, k > f->start[i] ? " %d" : "%d", f->lits[k]);
    n += (size_t)sprintf(
        out + n,
        dimacs ? (f->start[i + 1] > f->start[i] ? " 0\n" : "0\n") : "\n");
  }
  if (!dimacs)
    n += (size_t)sprintf(out + n, "0\n");
  *size = n;
  return out;
}

int oracle_satisfiable_with(const oracle_formula *f, const int *units, int n) {
  oracle_formula g;
  int nv = f->num_vars;
  for (int i = 0; i < n; i++)
    if (abs(units[i]) > nv)
      nv = abs(units[i]);
  oracle_init(&g, nv);
  for (size_t c = 0; c < f->num_clauses; c++)
    oracle_add(&g, f->lits + f->start[c], f->start[c + 1] - f->start[c]);
  for (int i = 0; i < n; i++)
    oracle_add(&g, &units[i], 1);
  int sat = oracle_satisfiable(&g, NULL);
  oracle_free(&g);
  return sat;
}

void oracle_add_random(oracle_formula *f, uint64_t *state, int max_len) {
  int lits[64], len = 1 + oracle_below(state, max_len > 64 ? 64 : max_len);
  for (int j = 0; j < len; j++) {
    int v = 1 + oracle_below(state, f->num_vars);
    lits[j] = oracle_below(state, 2) ? v : -v;
  }
  oracle_add(f, lits, (size_t)len);
}

void oracle_draw(oracle_formula *f, uint64_t *state, long i, int max_vars) {
  int n = 2 + oracle_below(state, max_vars - 1);
  switch (i % 6) {
  case 0: /* 3-SAT from below the threshold to far above it */
    n = 6 + oracle_below(state, max_vars - 5);
    oracle_random(f, state, n,
                  (size_t)(n * (30 + oracle_below(state, 40)) / 10), 3, 3);
    break;
  case 1: /* 3-SAT of distinct variables near the threshold */
    n = 8 + oracle_below(state, max_vars - 7);
    oracle_uniform3(f, state, n,
                    (size_t)(n * (38 + oracle_below(state, 12)) / 10));
    break;
  case 2: /* 2-SAT */
    oracle_random(f, state, n, (size_t)(n / 2 + oracle_below(state, 2 * n)), 2,
                  2);
    break;
  case 3: /* mixed lengths, units among them */
    oracle_random(f, state, n, (size_t)(n + oracle_below(state, 3 * n)), 1, 4);
    break;
  case 4: /* longer clauses, many of them */
    oracle_random(f, state, n, (size_t)(2 * n + oracle_below(state, 5 * n)), 2,
                  5);
    break;
  default: /* sparse: few clauses, the empty formula too */
    oracle_random(f, state, n, (size_t)oracle_below(state, n + 1), 1, 3);
    break;
  }
}
