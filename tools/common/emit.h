/* emit.h - writing a puzzle front end's clauses for dpll: the DP format
 * (clauses, the line '0', the key as back matter) or DIMACS (the key as
 * 'c' lines before the header), the key alone with --key-out, and the
 * rows of the options that say so.  Shared by peg-front and maze-front. */
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

/* A puzzle library's emit call (peg_encoding_emit, maze_encoding_emit)
 * in one shape: sends the clauses of the encoding emit_ctx to fn(fn_ctx,
 * lits, n); returns 0 or the library's code. */
typedef int (*emit_encoder)(const void *emit_ctx,
                            int (*fn)(void *, const int *, size_t),
                            void *fn_ctx);

/* The whole problem: in DIMACS the key as 'c' lines and the header "p cnf
 * atoms clauses" before the clauses; in the DP format the clauses, the
 * line '0' and the key.  emit(emit_ctx, emit_clause, w) writes the clauses
 * and returns 0 or the encoder's error code, which write_problem returns.
 * A failed write is left in w->error. */
int emit_problem(emit_writer *w, const char *key, int atoms, int64_t clauses,
                 emit_encoder emit, const void *emit_ctx);

/* emit_encoding, lib_encoding_emit of library lib (peg or maze) as an
 * emit_encoder. */
#define EMIT_ENCODER(lib)                                                      \
  static int emit_encoding(                                                    \
      const void *e, int (*fn)(void *, const int *, size_t), void *ctx) {      \
    return lib##_encoding_emit(e, fn, ctx);                                    \
  }

/* What a front end writes for an encoding: its key (key_text, the
 * library's, NULL when memory ran out), atoms and clauses (negative: the
 * library's code, memory ran out counting them), how to emit it, and the
 * library's messages. */
typedef struct emit_front_encoding {
  char *key_text; /* malloc'd; emit_front frees it */
  int atoms;
  int64_t clauses;
  emit_encoder emit;
  const void *emit_ctx;
  const char *(*message)(int code); /* peg_strerror, maze_strerror */
} emit_front_encoding;

/* Refuses an encoding of more clauses than max_clauses (--max-clauses's
 * text, NULL: EMIT_MAX_CLAUSES) says; writes the key alone to the file
 * key_out (--key-out) unless it is NULL, then the problem to out (emit_problem;
 * DIMACS if dimacs), and frees e->key_text.  Returns 0, or 1 after reporting an
 * error other than a failed write, whose errno *write_error receives (-1 if
 * unknown, 0 if none). */
int emit_front(FILE *out, int dimacs, const char *key_out,
               const char *max_clauses, const emit_front_encoding *e,
               int *write_error);

/* The most clauses a front end writes unless --max-clauses says otherwise:
 * about 1 to 3 GB of text.  A board or maze whose encoding is larger is
 * refused before a byte is written. */
#define EMIT_MAX_CLAUSES 100000000

/* The rows of the options every front end has: --key-out FILE (for back,
 * the back end's name as a string) and -d/--dimacs, for a table of
 * options.h. */
#define EMIT_KEY_OUT_ROW(type, member, back)                                   \
  {                                                                            \
    0, "key-out", "FILE", CLI_VALUE(type, member),                             \
        "also write the key alone to FILE, for " back                          \
        " --key FILE when another solver's answer is read",                    \
        NULL, NULL                                                             \
  }
#define EMIT_MAX_CLAUSES_ROW(type, member)                                     \
  {                                                                            \
    0, "max-clauses", "N", CLI_VALUE(type, member),                            \
        "refuse to write more than N clauses (default 100000000, a few "       \
        "GB; 0: no limit)",                                                    \
        NULL, NULL                                                             \
  }
#define EMIT_DIMACS_ROW(type, member)                                          \
  {                                                                            \
    'd', "dimacs", NULL, CLI_FLAG(type, member),                               \
        "write DIMACS instead, the key as 'c' lines", NULL, NULL               \
  }

#endif
