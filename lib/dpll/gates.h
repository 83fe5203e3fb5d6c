/* gates.h - definitions among the clauses of one variable (option
 * "gates"), for bounded variable elimination (elim.c); no part of the
 * solver, only the arrays below. */
#ifndef DPLL_GATES_H_INCLUDED
#define DPLL_GATES_H_INCLUDED

#include "types.h"

#define GATE_OCC_MAX 40  /* clauses of the variable, both signs */
#define GATE_REST_MAX 20 /* literals of one of them, without it */

/* The clauses of a variable x, each without x and without the literals
 * false at level 0: [0] its positive clauses, [1] its negative ones
 * (n[0] + n[1] <= GATE_OCC_MAX); rest_n is GATE_REST_MAX + 1 for a clause
 * longer than GATE_REST_MAX (only its first GATE_REST_MAX literals are
 * kept).  dpll__gate_find marks the clauses of a definition in in_gate. */
typedef struct gate_clauses {
  size_t n[2];
  uint32_t rest_n[2][GATE_OCC_MAX];
  unsigned rest[2][GATE_OCC_MAX][GATE_REST_MAX];
  bool in_gate[2][GATE_OCC_MAX];
} gate_clauses;

/* Whether some of g's clauses define x: those it marks in in_gate are,
 * without x, unsatisfiable together (all marks false when it finds none).
 * Adds the steps it took to *work. */
bool dpll__gate_find(gate_clauses *g, uint64_t *work);

#endif /* DPLL_GATES_H_INCLUDED */
