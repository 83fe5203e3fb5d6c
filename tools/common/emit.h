/* emit.h - writing a puzzle front end's clauses for dpll: the DP format
 * (clauses, the line '0', the key as back matter) or DIMACS (the key as
 * 'c' lines before the header).  Shared by peg-front and maze-front. */
#ifndef DPLL_TOOLS_EMIT_H_INCLUDED
#define DPLL_TOOLS_EMIT_H_INCLUDED

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Where clauses go.  Set out and dimacs; error starts at 0. */
typedef struct emit_writer {
  FILE *out;
  int dimacs;
  int error; /* errno of the first failed write (-1 if unknown) */
} emit_writer;

/* A clause callback in the puzzle libraries' shape (peg_clause_fn and
 * maze_clause_fn): writes lits[0..n-1] as one clause to the emit_writer
 * ctx; returns 1 at the first failed write, which stops the encoder.  The
 * DP format cannot write the empty clause (a blank line is skipped), so it
 * gets the equivalent contradiction "1" and "-1". */
int emit_clause(void *ctx, const int *lits, size_t n);

/* The whole problem: in DIMACS the key as 'c' lines and the header "p cnf
 * atoms clauses" before the clauses; in the DP format the clauses, the
 * line '0' and the key.  emit(emit_ctx, emit_clause, w) writes the clauses
 * and returns 0 or the encoder's error code, which write_problem returns.
 * A failed write is left in w->error. */
int emit_problem(emit_writer *w, const char *key, int atoms, int64_t clauses,
                 int (*emit)(const void *emit_ctx,
                             int (*fn)(void *, const int *, size_t),
                             void *fn_ctx),
                 const void *emit_ctx);

#endif
