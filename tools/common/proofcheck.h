/* proofcheck.h - the back ends' --check-proof PROOF: when an answer says
 * that there is no model, a DRAT proof of it is checked, with the
 * project's own checker (drat.h), against the puzzle's clauses as the
 * library rebuilds them from the key: never against a clause file the user
 * gives, so that a proof of some other formula cannot pass.  Shared by
 * peg-back and maze-back; docs/proofs.md says what each outcome prints. */
#ifndef DPLL_TOOLS_PROOFCHECK_H_INCLUDED
#define DPLL_TOOLS_PROOFCHECK_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

#include "emit.h"

/* The clauses that emit sends for encoding (an emit_encoder of emit.h:
 * EMIT_ENCODER(peg) or EMIT_ENCODER(maze)) as DIMACS text in memory,
 * written by emit_problem as the front ends write them: the header "p cnf
 * atoms clauses" (the encoding's atoms and clause count), then a clause
 * per line.  *text is malloc'd, with a NUL after its *size bytes.  Returns
 * 0, or 1 after reporting "out of memory" or the encoder's failure
 * (message: the library's strerror). */
int cli_dimacs_text(emit_encoder emit, const void *encoding, int atoms,
                    int64_t clauses, const char *(*message)(int code),
                    char **text, size_t *size);

/* Checks the DRAT proof in the file path (text or binary, told apart as
 * drat-trim does; "-": standard input; compressed as cli_read_input
 * reads) against the DIMACS formula cnf[0..size-1], the clauses rebuilt
 * from the key; what names the puzzle in messages ("board", "maze").
 * When the proof refutes them, prints "no solution: proved: ..." (the
 * proof, the lemmas checked) to standard error and returns 0.  Otherwise
 * returns 1 after one line: "PROOF: the proof does not refute the WHAT's
 * clauses: WHY" when a step fails or the empty clause never comes,
 * "PROOF: WHY" when the proof cannot be read or is malformed (WHY names
 * the step, and the line or byte offset), or "out of memory". */
int cli_check_proof(const char *path, const char *cnf, size_t size,
                    const char *what);

/* Both for a back end whose answer says there is no model: the clauses of
 * encoding rebuilt (cli_dimacs_text) and the proof checked against them
 * (cli_check_proof).  Returns 0 (proved, and said so) or 1 after
 * reporting. */
int cli_check_proof_of(const char *path, emit_encoder emit,
                       const void *encoding, int atoms, int64_t clauses,
                       const char *(*message)(int code), const char *what);

/* For a back end whose answer has a model (replayed, so the proof is not
 * needed): one note on standard error that the proof at path is not
 * read. */
void cli_proof_not_needed(const char *path);

/* Refuses --check-proof - when the answer comes from standard input too
 * (input NULL): returns 0, or 1 after reporting. */
int cli_proof_input_clash(const char *proof, const char *input);

/* The back end's check_proof(proof, r) for library lib (peg or maze; its
 * lib_result r read already), what naming the puzzle ("board", "maze"):
 * with no model, cli_check_proof_of on r's encoding, rebuilt from the key;
 * with a model, cli_proof_not_needed.  Returns 0, or 1 after reporting. */
#define CLI_CHECK_PROOF(lib, what)                                             \
  EMIT_ENCODER(lib)                                                            \
  static int check_proof(const char *proof, const lib##_result *r) {           \
    if (!r->solved)                                                            \
      return cli_check_proof_of(proof, emit_encoding, r->encoding,             \
                                lib##_encoding_atoms(r->encoding),             \
                                lib##_encoding_clauses(r->encoding),           \
                                lib##_strerror, what);                         \
    cli_proof_not_needed(proof);                                               \
    return 0;                                                                  \
  }

#endif
