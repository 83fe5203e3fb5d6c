/* drat.h - an independent checker of DRAT proofs of unsatisfiability, for
 * the back ends' --check-proof, the tests and the benchmarks (drat-check).
 * It reads its own DIMACS and its own DRAT (text or binary), shares no
 * code with libdpll and includes none of its headers, so that a bug in the
 * solver's proof output cannot hide behind the same bug in the judge.
 *
 *   drat_report r;
 *   int ok = drat_check(cnf, cnf_len, proof, proof_len, DRAT_AUTO, &r);
 *   if (ok != 1)
 *     fprintf(stderr, "%s\n", r.msg);   // "step 17: lemma 1 -2 0 is ..."
 *
 * What is checked (forward, step by step, as docs/proof-checking.md says):
 *   - each added lemma must be RUP (asserting its negation and unit
 *     propagating over the current clauses gives a conflict) or else RAT on
 *     its first literal p (for every current clause D holding -p, the
 *     resolvent lemma | D\{-p} is RUP);
 *   - a deletion removes one copy of the clause, literals compared as sets;
 *     deleting a clause that is not present is an error, except that the
 *     deletion of a unit clause is ignored, present or not, as drat-trim
 *     does: units stay for good;
 *   - the proof is accepted once the empty clause is added and checks, and
 *     nothing after it is read; or at once, without reading the proof, if
 *     unit propagation alone refutes the formula (an empty clause in the
 *     formula included).  A proof that ends without the empty clause is
 *     rejected.
 * Duplicate literals in a clause count once; the first literal stays first.
 * A clause of the formula with a literal and its negation is left out
 * (it holds in every assignment; drat-trim refuses such formulas), and
 * the deletion of such a clause is ignored.
 * Checking stops at the first failing step, so a syntax error after it is
 * not reported.  Running out of memory is not a verdict: drat_check
 * returns -1 with the message "out of memory" (and r->nomem set), having
 * freed what it allocated; so does a proof whose clauses outgrow the
 * checker's arena of 2^32 words.  The checker never prints or exits.
 */
#ifndef DPLL_TOOLS_DRAT_H_INCLUDED
#define DPLL_TOOLS_DRAT_H_INCLUDED

#include <stddef.h>

/* How the proof is read.  DRAT_AUTO takes it as binary if one of its first
 * 10 bytes is outside the text alphabet (drat-trim's rule; we also count a
 * tab as text) or if it holds a NUL byte anywhere (every binary step ends in
 * one; a text proof never holds one), else as text. */
enum drat_mode { DRAT_AUTO = 0, DRAT_TEXT = 1, DRAT_BINARY = 2 };

/* Variables 1..DRAT_MAX_VAR; a larger one is a syntax error. */
#define DRAT_MAX_VAR 16777215

#define DRAT_MSG_SIZE 256

/* What a check found.  The counts are of the steps processed before the
 * check stopped. */
typedef struct drat_report {
  int status;   /* what drat_check returned: 1, 0 or -1 */
  long step;    /* the failing step (1-based, comments not counted), or 0
                 * (accepted, no empty clause, or an error in the formula) */
  int binary;   /* 1 if the proof was read as binary */
  long lemmas;  /* additions checked, the empty clause included */
  long rat;     /* of them, accepted as RAT (not RUP) */
  long deleted; /* deletions applied */
  long ignored; /* deletions of unit clauses, ignored */
  int nomem;    /* 1 if memory ran out (status -1, msg "out of memory") */
  char msg[DRAT_MSG_SIZE]; /* the outcome in one line, no newline: */
  /* "verified: ..." when accepted;
   * "step N: lemma 1 -2 0 is neither RUP nor RAT (proof line L)",
   * "step N: deletion of a clause not present: 1 2 0 (proof line L)",
   * "step N: proof line L: <syntax error>" (binary: "proof byte offset B"),
   * "no empty clause: ...", "cnf line L: <syntax error>",
   * "cannot read FILE: <reason>", "out of memory", or
   * "more clauses than the checker holds (...)". */
} drat_report;

/* Checks the proof proof[0..proof_len-1] (mode: enum drat_mode) against
 * the DIMACS formula cnf[0..cnf_len-1]; neither needs a terminating NUL.
 * Returns 1 if the proof is accepted, 0 if it is rejected (a step fails or
 * the empty clause never comes), -1 if the formula or the proof is not
 * well-formed (or mode is unknown), or if the check could not go on for
 * want of memory (r->nomem) or room (see above).  r may be NULL; otherwise it
 * is filled in whatever the outcome.  The formula's header is checked: "p cnf V
 * C" before the clauses, no literal beyond V, exactly C clauses, the last one
 * ending in 0; a line starting with '%' ends the clauses (SATLIB). */
int drat_check(const char *cnf, size_t cnf_len, const char *proof,
               size_t proof_len, int mode, drat_report *r);

/* drat_check on the contents of two files; "-" is standard input (for one
 * of them at most).  A file that cannot be read gives -1 ("cannot read
 * FILE: ...", or "out of memory" with r->nomem). */
int drat_check_files(const char *cnf_path, const char *proof_path, int mode,
                     drat_report *r);

#endif
