/* test_gates.c - gates.c's search for definitions (option gates), judged
 * by brute force over the other variables.
 *
 * A variable's clauses, without it, are random: one to four literals over
 * variables 1..6, some clauses too long to be looked at, and in most cases
 * a planted definition (an AND or OR of one to five inputs, or the truth
 * table of a function of two to four), whole or missing one clause.  Each
 * answer is judged:
 *   - a definition found must be one: the clauses marked, without the
 *     variable, have no common model among the 64 assignments, and both
 *     signs have a clause marked (no long clause is);
 *   - none found: no clause is marked, and a planted whole definition
 *     (which is one) must not be missed;
 * so a search that takes a near-definition for one, or marks a clause
 * outside it, fails here even where elimination would survive it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gates.h"
#include "oracle.h"
#include "testutil.h"

#define VARS 6

static unsigned lit_of(int v, bool negative) {
  return 2u * (unsigned)v + (negative ? 1u : 0u);
}

/* Whether the clause lits[0..n-1] holds under the assignment a (bit v - 1
 * set: variable v true). */
static bool holds(const unsigned *lits, uint32_t n, unsigned a) {
  for (uint32_t k = 0; k < n; k++) {
    bool value = (a >> (lit_var(lits[k]) - 1)) & 1u;
    if (value != lit_negative(lits[k]))
      return true;
  }
  return false;
}

/* Whether the clauses marked in g (all of them, if all) have no common
 * model. */
static bool unsatisfiable(const gate_clauses *g, bool all) {
  for (unsigned a = 0; a < 1u << VARS; a++) {
    bool model = true;
    for (int sign = 0; sign < 2 && model; sign++)
      for (size_t c = 0; c < g->n[sign] && model; c++)
        if ((all || g->in_gate[sign][c]) && g->rest_n[sign][c] <= VARS)
          model = holds(g->rest[sign][c], g->rest_n[sign][c], a);
    if (model)
      return false;
  }
  return true;
}

/* Appends a clause to side sign (if there is room). */
static void put_clause(gate_clauses *g, int sign, const unsigned *lits,
                       uint32_t n) {
  if (g->n[0] + g->n[1] >= GATE_OCC_MAX)
    return;
  size_t c = g->n[sign]++;
  for (uint32_t k = 0; k < n; k++)
    g->rest[sign][c][k] = lits[k];
  g->rest_n[sign][c] = n;
}

/* k distinct variables of 1..VARS, each with a random sign. */
static void inputs(uint64_t *rng, int k, unsigned *in) {
  int vars[VARS];
  for (int v = 0; v < VARS; v++)
    vars[v] = v + 1;
  shuffle_ints(vars, VARS, rng);
  for (int i = 0; i < k; i++)
    in[i] = lit_of(vars[i], oracle_below(rng, 2));
}

/* Plants a definition of x; drop: the clause left out (or none, past the
 * last).  Returns how many clauses it has. */
static int plant(gate_clauses *g, uint64_t *rng, int drop) {
  unsigned in[5], lits[5];
  int count = 0;
  if (oracle_below(rng, 2)) { /* AND (sign 0: x <-> AND; 1: an OR) */
    int k = 1 + oracle_below(rng, 5), o = oracle_below(rng, 2);
    inputs(rng, k, in);
    for (int i = 0; i < k; i++) {
      lits[i] = lit_not(in[i]);
      if (count++ != drop)
        put_clause(g, !o, &in[i], 1);
    }
    if (count++ != drop)
      put_clause(g, o, lits, (uint32_t)k);
    return count;
  }
  int k = 2 + oracle_below(rng, 3);
  unsigned rows = 1u << k, full = (1u << rows) - 1, table;
  do
    table = (unsigned)oracle_next(rng) & full;
  while (table == 0 || table == full);
  inputs(rng, k, in);
  for (unsigned r = 0; r < rows; r++) { /* row r: inputs -> x = f(r) */
    for (int i = 0; i < k; i++)
      lits[i] = (r >> i) & 1u ? lit_not(in[i]) : in[i];
    if (count++ != drop)
      put_clause(g, (table >> r) & 1u ? 0 : 1, lits, (uint32_t)k);
  }
  return count;
}

static void random_clause(gate_clauses *g, uint64_t *rng) {
  unsigned lits[GATE_REST_MAX];
  int sign = oracle_below(rng, 2);
  if (oracle_below(rng, 12) == 0) { /* too long to look at */
    for (int k = 0; k < GATE_REST_MAX; k++)
      lits[k] = lit_of(1 + k % VARS, oracle_below(rng, 2));
    put_clause(g, sign, lits, GATE_REST_MAX);
    g->rest_n[sign][g->n[sign] - 1] = GATE_REST_MAX + 1;
    return;
  }
  int k = 1 + oracle_below(rng, 4);
  inputs(rng, k, lits);
  put_clause(g, sign, (const unsigned *)lits, (uint32_t)k);
}

static void test_definitions(void **state) {
  (void)state;
  uint64_t rng = 0x6A7E, work = 0;
  long count = tier_cases(20000), found = 0, missed_near = 0, planted = 0;
  for (long i = 0; i < count; i++) {
    gate_clauses g;
    g.n[0] = g.n[1] = 0;
    int extra = oracle_below(&rng, 8), whole = 0;
    for (int c = 0; c < extra / 2; c++)
      random_clause(&g, &rng);
    if (i % 4 != 3) { /* whole, or missing one clause */
      int drop = oracle_below(&rng, 3) ? 99 : oracle_below(&rng, 32);
      whole = plant(&g, &rng, drop) <= drop;
      planted += whole;
    }
    for (int c = extra / 2; c < extra; c++)
      random_clause(&g, &rng);
    for (int sign = 0; sign < 2; sign++) /* stale marks must not matter */
      for (size_t c = 0; c < g.n[sign]; c++)
        g.in_gate[sign][c] = oracle_below(&rng, 2);
    bool gate = dpll__gate_find(&g, &work);
    bool marked[2] = {false, false};
    for (int sign = 0; sign < 2; sign++)
      for (size_t c = 0; c < g.n[sign]; c++) {
        marked[sign] = marked[sign] || g.in_gate[sign][c];
        CHECK(!g.in_gate[sign][c] || g.rest_n[sign][c] <= GATE_REST_MAX,
              "case %ld: a long clause marked", i);
      }
    if (gate) {
      CHECK(marked[0] && marked[1], "case %ld: one sign unmarked", i);
      CHECK(unsatisfiable(&g, false), "case %ld: not a definition", i);
      found++;
    } else {
      CHECK(!marked[0] && !marked[1], "case %ld: marks left", i);
      CHECK(!whole, "case %ld: a planted definition missed", i);
      missed_near += unsatisfiable(&g, true);
    }
  }
  print_message("%ld cases, %ld definitions planted whole, %ld found; %ld "
                "without one found whose clauses still define\n",
                count, planted, found, missed_near);
  assert_true(found >= planted && planted >= count / 3 && work > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_definitions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
