/* testutil.h - helpers shared by the unit tests of both libraries. */
#ifndef DPLL_TESTS_TESTUTIL_H_INCLUDED
#define DPLL_TESTS_TESTUTIL_H_INCLUDED

#include <stdint.h>

#include "dpll.h"
#include "oracle.h"
#include "peg.h"
#include "tier.h"

/* Fails the running cmocka test with a message naming the case unless
 * cond holds (the file includes cmocka.h before this header). */
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      print_error("check failed: %s\n", #cond);                                \
      fail_msg(__VA_ARGS__);                                                   \
    }                                                                          \
  } while (0)

/* Adds the clause of the n (at most 16) literals that follow, as
 * dpll_add_clause does: add(s, 3, 1, -2, 3). */
int add(dpll_solver *s, int n, ...);

/* Appends to f the clause of the n (at most 16) literals that follow:
 * clause_add(f, 3, 1, -2, 3). */
void clause_add(oracle_formula *f, int n, ...);

/* A clause over variables 1..32 as two bit masks (bit v - 1 for v): the
 * brute-force judges of the white-box tests read assignments as masks
 * (bit v - 1 set: v true). */
typedef struct clause_masks {
  uint32_t pos, neg;
} clause_masks;
clause_masks clause_masks_of(const int *lits, size_t n);
static inline int masks_satisfied(uint32_t a, clause_masks c) {
  return (a & c.pos) != 0 || (~a & c.neg) != 0;
}

/* A random circuit: variables 1..inputs are free, each of the next
 * `gates` is defined from two to five earlier ones (each perhaps negated)
 * by its Tseitin clauses: AND or OR in the short form (the binary clauses
 * and one long one; one input: an equivalence), or any function of two to
 * four inputs (XOR, if-then-else, majority, ...) as its truth table, one
 * clause per row.  A third of the tables and a quarter of the ANDs
 * lose one clause: no longer definitions, but near them.  Then `extra` random
 * clauses of one to three literals over all of them, which make some circuits
 * unsatisfiable.  The gates are what bounded variable elimination with
 * definitions (option gates) looks for. */
void gate_circuit(oracle_formula *f, uint64_t *rng, int inputs, int gates,
                  int extra);

/* Adds the clauses of f from clause from on to s, failing the test if an
 * add fails. */
void add_formula(dpll_solver *s, const oracle_formula *f, size_t from);

/* realloc(p, n * elem) (at least one element), failing the test if it
 * fails. */
void *grown(void *p, size_t n, size_t elem);

/* The counters of s. */
dpll_stats stats_of(const dpll_solver *s);

/* After DPLL_SAT: whether the model of s satisfies every clause of f and
 * makes every literal of units[0..nu-1] true. */
int model_satisfies_with(const dpll_solver *s, const oracle_formula *f,
                         const int *units, size_t nu);

/* The answer of a fresh classic solver (algorithm dpll), sharing nothing
 * with the solver under test, on f with the unit clauses units[0..n-1]; a
 * model it gives is checked. */
int classic_answer(const oracle_formula *f, const int *units, size_t n);

/* Solves s, whose clauses are f's, with a DRAT proof (DPLL_PROOF_TEXT or
 * _BINARY) written to memory: the answer must be DPLL_SAT or DPLL_UNSAT,
 * and expect unless that is 0; a model must satisfy f, an UNSAT answer's
 * proof must check.  The proof sink is unset after.  Returns the answer. */
int solve_proved(dpll_solver *s, const oracle_formula *f, int expect,
                 int format, const char *what);

/* After a solve of s (f's clauses) that gave res in a run where an
 * allocation may have failed (failed, and at its number): res must be
 * expect, or DPLL_ENOMEM after a failure, in which case s solves again;
 * the answer must then be expect and a model must satisfy f.  Frees s. */
void judge_after_failure(dpll_solver *s, const oracle_formula *f, int res,
                         bool failed, int expect, long at);

/* A proof proof[0..len-1] (format DPLL_PROOF_TEXT or _BINARY) of an
 * UNSAT answer on f must be accepted by the project's DRAT checker
 * (tools/common/drat.c); what names the case in the message. */
void check_proof(const oracle_formula *f, const char *proof, size_t len,
                 int format, const char *what);

/* For the libpeg tests; each fails the test if the call fails.  named: a
 * catalogue board, with hole `empty` empty (< 0: the catalogue's own).
 * encode: the seed's exact encoding (no redundant clauses: the options
 * canonical_order and position_classes off), whose models are exactly
 * the plays; encode_default: with the library's default options. */
peg_board *parse_board(const char *text);
peg_board *named(const char *name, int empty);
peg_encoding *encode(const peg_board *b);
peg_encoding *encode_default(const peg_board *b);

/* The triples of e's board in the order of e's Jump atoms of time 1, the
 * jump order that the option canonical_order follows: out[k] (room for
 * peg_board_num_triples) is the triple whose jump out[k][0] -> out[k][2]
 * is Jump atom 2k+1 and whose jump back is atom 2k+2.  With the option
 * hole_order 0 that is the board's own order; with 1, that of the board
 * renumbered.  Read from peg_atom_jump alone (fails the test unless the
 * atoms of time 1 are 1..J, two to a triple).  With no jump to make
 * (T = 0) there is no such atom: the board's order. */
void encoding_triples(const peg_encoding *e, int (*out)[3]);

/* Random numbers for the tests: xorshift64* on *state (seeded by the
 * caller: every run the same); below gives 0..n-1. */
uint64_t rng_next(uint64_t *state);
int rng_below(uint64_t *state, int n);
/* Shuffles a[0..n-1] with rng_below (Fisher-Yates). */
void shuffle_ints(int *a, size_t n, uint64_t *rng);

/* Plain xorshift64 (13, 7, 17) and its 0..n-1, for the tests whose seeds
 * were chosen with it (test_vivify, test_walk): another generator would
 * give them other formulas. */
uint64_t xorshift_next(uint64_t *state);
int xorshift_below(uint64_t *state, int n);

/* A small puzzle written once, to be built by libpeg's calls (spec_board)
 * and as an oracle's board (test_play's spec_pc). */
#define SPEC_MAX_TRIPLES 64

typedef struct spec {
  int holes, num_triples;
  int triples[SPEC_MAX_TRIPLES][3];
  int rows; /* > 0: the holes are a triangle of this many rows, with its
               positions (so that position_classes may apply) */
  int free_start;
  unsigned char start[65];
  int goal_given;
  unsigned char goal[65];
} spec;

/* Hole (row r, column c) of a triangle numbered row by row. */
int spec_tri(int r, int c);

/* The board of s (checked), owned by the caller. */
peg_board *spec_board(const spec *s);

/* A random small puzzle drawn with *rng.  Family 0: random triples on 6..10
 * holes, no layout; family 1: some of the triples of the 6- or 10-hole
 * triangle, with its positions.  Starts: free, one empty hole, or a random
 * set; goals: one peg anywhere, where a random walk ends, or a random
 * set. */
void spec_random(spec *s, int family, uint64_t *rng);

/* A growable text, NUL-terminated, for building inputs; put appends n
 * bytes of s and fails the test if memory runs out.  free(t.s) at the
 * end. */
typedef struct text {
  char *s;
  size_t n, cap;
} text;
void put(text *t, const char *s, size_t n);

/* A model for the libraries' decoders: v[1..atoms], 1 true and 0 false
 * (malloc'd; v[0] unused), and its lookup in the shape of peg_value_fn
 * and maze_value_fn (-1 for an atom beyond). */
typedef struct test_model {
  unsigned char *v;
  int atoms;
} test_model;
int test_model_value(void *model, int atom);

/* A solver's answer for the model m (NULL: unsatisfiable), into t
 * (initialised here; free(t->s) at the end): dpll's in the DP format
 * ("N T"/"N F" lines, "0", then key[0..size-1], the back matter), or a
 * SAT-competition answer ("s SATISFIABLE" and one "v" line, or
 * "s UNSATISFIABLE"). */
void answer_dp(const test_model *m, const char *key, size_t size, text *t);
void answer_competition(const test_model *m, text *t);

#endif
