/* gates.c - definitions among the clauses of one variable x (option
 * "gates"), for bounded variable elimination (elim.c; Eén and Biere,
 * "Effective preprocessing in SAT through variable and clause
 * elimination", SAT 2005, section 4).
 *
 * When some clauses G of x, without x, are unsatisfiable together, they
 * define x (x <-> f for a function f of the other variables), and the
 * resolvents of two clauses outside G follow from the others: elim.c does
 * not add them, so more variables go.  The model extension needs no
 * change.  A clause of one sign whose other literals are false sets x to
 * that sign, and the clauses of the other sign are then true: a pair with
 * a clause in G has its resolvent (a pair both in G too: a tautology in
 * the gates found here, and added if not), and two clauses outside G
 * cannot both want x, the one set and the other false, or their
 * resolvents with G would make f both true and false.
 *
 * Found here, first found first:
 *   - AND gates of either sign, the shortest: x <-> a1 & ... & ak as the
 *     binary clauses (-x | ai) and the clause (x | -a1 | ... | -ak); k = 1
 *     is an equivalence, and -x <-> AND an OR;
 *   - any definition from at most GATE_VARS other variables (XOR,
 *     if-then-else, majority, any truth table): for a pair of clauses of
 *     opposite signs that clash on a variable (any two clauses of opposite
 *     signs in a definition do, their resolvent being a tautology), the
 *     clauses over their variables alone, each false on a set of the
 *     2^GATE_VARS assignments of them: a definition when those sets cover
 *     every assignment.
 * The work counted is about one step per literal compared. */
#include "gates.h"

#include <assert.h>
#include <string.h>

#define GATE_VARS 4  /* of a definition found by its truth table */
#define GATE_SETS 16 /* sets of variables tried, per variable */

/* An AND gate, the shortest: a clause of one sign, (o | -a1 | ... | -ak),
 * whose literals all have their binary clause (-o | ai) on the other. */
static bool and_gate(gate_clauses *g, uint64_t *work) {
  int gate_sign = -1;
  size_t gate = 0;
  for (int sign = 0; sign < 2; sign++) {
    size_t other = (size_t)!sign, nb = 0;
    unsigned bin[GATE_OCC_MAX]; /* the ai of the binary clauses */
    for (size_t j = 0; j < g->n[other]; j++)
      if (g->rest_n[other][j] == 1)
        bin[nb++] = g->rest[other][j][0];
    for (size_t i = 0; i < g->n[sign] && nb > 0; i++) {
      uint32_t k = g->rest_n[sign][i], m = 0;
      if (k == 0 || k > GATE_REST_MAX ||
          (gate_sign >= 0 && k >= g->rest_n[gate_sign][gate]))
        continue;
      for (bool found = true; found && m < k; m += found) {
        unsigned a = lit_not(g->rest[sign][i][m]);
        found = false;
        for (size_t b = 0; b < nb && !found; b++)
          found = bin[b] == a;
        *work += nb;
      }
      if (m == k)
        gate_sign = sign, gate = i;
    }
  }
  if (gate_sign < 0)
    return false;
  size_t other = (size_t)!gate_sign;
  g->in_gate[gate_sign][gate] = true;
  for (uint32_t m = 0; m < g->rest_n[gate_sign][gate]; m++) {
    unsigned a = lit_not(g->rest[gate_sign][gate][m]);
    size_t j = 0;
    while (j < g->n[other] &&
           (g->rest_n[other][j] != 1 || g->rest[other][j][0] != a))
      j++;
    assert(j < g->n[other]); /* the loop above found it */
    g->in_gate[other][j] = true;
  }
  return true;
}

/* The variables of clauses i (positive) and j (negative), sorted, into
 * set: their number, or 0 if the clauses do not clash or have more than
 * GATE_VARS variables. */
static uint32_t pair_vars(const gate_clauses *g, size_t i, size_t j,
                          unsigned *set, uint64_t *work) {
  const unsigned *a = g->rest[0][i], *b = g->rest[1][j];
  uint32_t na = g->rest_n[0][i], nb = g->rest_n[1][j], size = 0;
  bool clash = false;
  *work += na + nb;
  for (uint32_t k = 0; k < na + nb; k++) {
    unsigned lit = k < na ? a[k] : b[k - na], v = lit_var(lit), m = 0;
    for (uint32_t l = 0; k < na && l < nb; l++)
      clash = clash || b[l] == lit_not(lit);
    while (m < size && set[m] < v)
      m++;
    if (m < size && set[m] == v)
      continue;
    if (size == GATE_VARS)
      return 0;
    memmove(set + m + 1, set + m, (size - m) * sizeof *set);
    set[m] = v;
    size++;
  }
  return clash ? size : 0;
}

/* Whether the clauses over the variables set[0..size-1] alone define x;
 * they are marked in in_gate. */
static bool defines(gate_clauses *g, const unsigned *set, uint32_t size,
                    uint64_t *work) {
  static const uint16_t var_true[GATE_VARS] = {0xAAAA, 0xCCCC, 0xF0F0, 0xFF00};
  uint16_t all = (uint16_t)((1u << (1u << size)) - 1), covered = 0;
  for (int sign = 0; sign < 2; sign++)
    for (size_t c = 0; c < g->n[sign]; c++) {
      uint16_t f = all; /* the assignments that make the clause false */
      uint32_t k = 0;
      *work += 1;
      for (; k < g->rest_n[sign][c] && k <= GATE_VARS; k++) {
        unsigned lit = g->rest[sign][c][k], m = 0;
        while (m < size && set[m] != lit_var(lit))
          m++;
        if (m == size)
          break; /* not over the set */
        f &= lit_negative(lit) ? var_true[m] : (uint16_t)~var_true[m];
      }
      g->in_gate[sign][c] = k == g->rest_n[sign][c];
      covered |= g->in_gate[sign][c] ? f : 0;
    }
  return (covered & all) == all;
}

/* A definition from at most GATE_VARS other variables, each set of them
 * tried once (the first GATE_SETS remembered). */
static bool small_gate(gate_clauses *g, uint64_t *work) {
  unsigned tried[GATE_SETS][GATE_VARS], set[GATE_VARS];
  uint32_t tried_size[GATE_SETS], ntried = 0;
  for (size_t i = 0; i < g->n[0]; i++)
    for (size_t j = 0; j < g->n[1] && g->rest_n[0][i] <= GATE_VARS; j++) {
      uint32_t size =
          g->rest_n[1][j] <= GATE_VARS ? pair_vars(g, i, j, set, work) : 0;
      bool seen = size == 0;
      for (uint32_t t = 0; t < ntried && !seen; t++)
        seen =
            tried_size[t] == size && !memcmp(tried[t], set, size * sizeof *set);
      if (seen)
        continue;
      if (ntried < GATE_SETS) {
        memcpy(tried[ntried], set, size * sizeof *set);
        tried_size[ntried++] = size;
      }
      if (defines(g, set, size, work))
        return true;
    }
  return false;
}

bool dpll__gate_find(gate_clauses *g, uint64_t *work) {
  assert(g->n[0] + g->n[1] <= GATE_OCC_MAX);
  for (int sign = 0; sign < 2; sign++)
    memset(g->in_gate[sign], 0, g->n[sign] * sizeof(bool));
  if (and_gate(g, work) || small_gate(g, work))
    return true;
  for (int sign = 0; sign < 2; sign++)
    memset(g->in_gate[sign], 0, g->n[sign] * sizeof(bool));
  return false;
}
