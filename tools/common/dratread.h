/* dratread.h - the syntax half of the DRAT checker (drat.c):
 * DIMACS formulas, and DRAT proofs in text or binary, read into clauses of
 * DIMACS literals, with messages that say where a mistake is.  What the
 * clauses mean is the checker's business. */
#ifndef DPLL_TOOLS_DRATREAD_H_INCLUDED
#define DPLL_TOOLS_DRATREAD_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

/* Variables 1..DR_MAX_VAR (drat.h's DRAT_MAX_VAR); a larger one is a
 * syntax error. */
#define DR_MAX_VAR 16777215

typedef struct dr_reader {
  const char *start, *p, *end;
  long line;       /* of p, from 1 (text) */
  int in_proof;    /* messages name the proof and the step */
  int binary;      /* the proof is binary */
  long step;       /* proof steps read so far */
  long step_at;    /* the last step's line, or the offset of its 'a'/'d' */
  int64_t vars;    /* the formula's header, once read (vars >= 0) */
  int64_t clauses; /* ... and the clauses it declares */
  int64_t count;   /* clauses read so far */
  char *msg;       /* where an error's message goes */
  size_t msg_size;
  long *lits; /* the clause just read, as written */
  size_t n, cap;
  int nomem; /* the last -1 was memory running out ("out of memory") */
} dr_reader;

/* A reader of text[0..len-1] (text may be NULL when len is 0) for the
 * formula (in_proof 0) or the proof; errors are written to msg.  Free the
 * clause buffer with dr_free. */
void dr_init(dr_reader *rd, const char *text, size_t len, int in_proof,
             char *msg, size_t msg_size);
void dr_free(dr_reader *rd);

/* The next clause of the formula into rd->lits: 1, or 0 once the clauses
 * end (the header's count met), or -1 with the message ("cnf line L: ...",
 * or "out of memory" with rd->nomem set, here and in dr_step):
 * no header before the clauses, a second header, a literal beyond the
 * header's variables, more or fewer clauses than it declares, a clause
 * without its closing 0.  Comments are words starting with 'c' up to the
 * end of their line; a line starting with '%' ends the clauses. */
int dr_cnf_next(dr_reader *rd);

/* The next step of the proof into rd->lits, *del set for a deletion: 1, or
 * 0 at the end of the proof, or -1 with the message ("step N: proof line
 * L: ..." or "step N: proof byte offset B: ..."). */
int dr_step(dr_reader *rd, int *del);

/* Where the last step starts, for messages: "proof line L" or "proof byte
 * offset B", into out (size bytes), returned. */
const char *dr_where(const dr_reader *rd, char *out, size_t size);

/* Whether proof[0..n-1] is taken as binary under DRAT_AUTO: one of its
 * first 10 bytes outside drat-trim's text alphabet, or a NUL anywhere. */
int dr_looks_binary(const char *proof, size_t n);

#endif
