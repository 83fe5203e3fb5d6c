/* proofcheck.c - --check-proof: the clauses rebuilt from the key as DIMACS
 * in memory, and a DRAT proof checked against them (proofcheck.h). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "proofcheck.h"
#include "cli.h"
#include "drat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The clauses as DIMACS ------------------------------------------------
 * Written by emit_problem, as the front ends write them, into memory. */

int cli_dimacs_text(emit_encoder emit, const void *encoding, int atoms,
                    int64_t clauses, const char *(*message)(int code),
                    char **text, size_t *size) {
  *text = NULL;
  *size = 0;
  if (clauses < 0) /* the library's code: memory ran out counting them */
    return cli_error("%s", message((int)clauses));
  char *data = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&data, &len);
  if (!out)
    return cli_error("out of memory");
  emit_writer w = {out, 1, 0};
  int rc = emit_problem(&w, "", atoms, clauses, emit, encoding);
  if (fclose(out) && !w.error)
    w.error = -1;
  if (rc || w.error) {
    free(data);
    return cli_error("%s", w.error ? "out of memory" : message(rc));
  }
  *text = data;
  *size = len;
  return 0;
}

/* ---- The check -------------------------------------------------------------
 */

int cli_check_proof(const char *path, const char *cnf, size_t size,
                    const char *what) {
  if (path && !strcmp(path, "-"))
    path = NULL;
  const char *name = cli_name(path, false);
  char *proof;
  size_t proof_size;
  if (cli_read_input(path, &proof, &proof_size))
    return 1;
  drat_report r;
  int status = drat_check(cnf, size, proof, proof_size, DRAT_AUTO, &r);
  free(proof);
  if (status == 1 && r.lemmas == 0) { /* the clauses refute themselves */
    cli_error("no solution: proved: the %s's own clauses, rebuilt from the "
              "key, are refuted by unit propagation alone (the proof %s is "
              "not needed)",
              what, name);
    return 0;
  }
  if (status == 1) {
    cli_error("no solution: proved: the DRAT proof %s refutes the %s's own "
              "clauses, rebuilt from the key (%ld lemmas checked, %ld "
              "deletions)",
              name, what, r.lemmas, r.deleted);
    return 0;
  }
  if (status == 0)
    return cli_error("%s: the proof does not refute the %s's clauses: %s", name,
                     what, r.msg);
  if (r.nomem)
    return cli_error("out of memory");
  if (!strncmp(r.msg, "cnf ", 4)) /* ours, not the proof's */
    return cli_error("the clauses rebuilt from the key: %s", r.msg);
  return cli_error("%s: %s", name, r.msg);
}

int cli_check_proof_of(const char *path, emit_encoder emit,
                       const void *encoding, int atoms, int64_t clauses,
                       const char *(*message)(int code), const char *what) {
  char *cnf;
  size_t size;
  if (cli_dimacs_text(emit, encoding, atoms, clauses, message, &cnf, &size))
    return 1;
  int rc = cli_check_proof(path, cnf, size, what);
  free(cnf);
  return rc;
}

void cli_proof_not_needed(const char *path) {
  cli_error("the answer has a model, checked by replaying it: the proof %s "
            "is not needed and was not read",
            strcmp(path, "-") ? path : "<stdin>");
}

int cli_proof_input_clash(const char *proof, const char *input) {
  if (proof && !strcmp(proof, "-") && !input)
    return cli_error("the answer and the proof cannot both come from "
                     "standard input: name a file for one of them");
  return 0;
}
