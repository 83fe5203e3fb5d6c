/* oracle.h - an independent judge of solver answers for the tests: random
 * formulas, brute-force satisfiability, model checking, text rendering.
 * It shares no code with libdpll and does not include its headers. */
#ifndef DPLL_TESTS_ORACLE_H_INCLUDED
#define DPLL_TESTS_ORACLE_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

typedef struct oracle_formula {
  int num_vars;       /* variables 1..num_vars */
  size_t num_clauses; /* clause i is lits[start[i] .. start[i + 1] - 1] */
  size_t *start;      /* num_clauses + 1 entries */
  int *lits;
} oracle_formula;

/* A small deterministic random generator (splitmix64). */
uint64_t oracle_next(uint64_t *state);
/* A number in 0..n-1 (n > 0). */
int oracle_below(uint64_t *state, int n);

/* Fills f with num_clauses random clauses over variables 1..num_vars whose
 * lengths are drawn uniformly from min_len..max_len (0 gives the empty
 * clause); a literal may repeat within a clause, and a clause may hold a
 * literal and its negation.  Aborts the test program if memory runs out. */
void oracle_random(oracle_formula *f, uint64_t *state, int num_vars,
                   size_t num_clauses, int min_len, int max_len);

/* An empty formula over num_vars variables; oracle_add appends a clause. */
void oracle_init(oracle_formula *f, int num_vars);
void oracle_add(oracle_formula *f, const int *lits, size_t n);
void oracle_free(oracle_formula *f);

/* The pigeonhole formula PHP(holes + 1, holes), unsatisfiable and hard
 * for resolution: "pigeon p (0-based) sits in hole h (1-based)" is
 * variable p * holes + h; each pigeon sits somewhere, no two share a
 * hole. */
void oracle_pigeons(oracle_formula *f, int holes);

/* Writes f to path as oracle_to_text renders it.  Aborts the test program
 * on failure. */
void oracle_write(const char *path, const oracle_formula *f, int dimacs);

/* Random 3-SAT: num_clauses clauses of three distinct variables of
 * 1..num_vars (num_vars >= 3), signs at random. */
void oracle_uniform3(oracle_formula *f, uint64_t *state, int num_vars,
                     size_t num_clauses);

/* Writes PHP(holes + 1, holes) to path as oracle_to_text renders it (the
 * DP format has no back matter).  Aborts the test program on failure. */
void oracle_write_pigeons(const char *path, int holes, int dimacs);

/* Brute force over all 2^num_vars assignments (num_vars <= 24): returns 1
 * if one satisfies every clause, else 0.  If model is not NULL and the
 * formula is satisfiable, model[v] (v = 1..num_vars) receives the first
 * satisfying assignment found, 1 for true and 0 for false. */
int oracle_satisfiable(const oracle_formula *f, unsigned char *model);

/* Formula i of six random families, chosen by i modulo 6, over 2 to
 * max_vars (>= 8) variables: 3-SAT from below the threshold to far above
 * it; 3-SAT of distinct variables near it; 2-SAT; mixed lengths with
 * units; many longer clauses; a few clauses (none, too). */
void oracle_draw(oracle_formula *f, uint64_t *state, long i, int max_vars);

/* Adds to f one clause of 1..max_len (at most 64) random literals over
 * its variables, repeats allowed. */
void oracle_add_random(oracle_formula *f, uint64_t *state, int max_len);

/* Whether f together with the unit clauses units[0..n-1] (literals over
 * any variables) is satisfiable. */
int oracle_satisfiable_with(const oracle_formula *f, const int *units, int n);

/* Number of satisfying assignments (num_vars <= 24). */
uint64_t oracle_count_models(const oracle_formula *f);

/* 1 if the assignment model[1..num_vars] (1 true, 0 false) satisfies every
 * clause of f, else 0. */
int oracle_check(const oracle_formula *f, const unsigned char *model);

/* f as text, malloc'd and NUL-terminated, length in *size: the course's DP
 * format (a clause per line, then the line "0") when dimacs is 0, DIMACS
 * ("p cnf" header, clauses ending in 0) otherwise.  Empty clauses are only
 * representable in DIMACS; in DP format they come out as blank lines. */
char *oracle_to_text(const oracle_formula *f, int dimacs, size_t *size);

#endif
