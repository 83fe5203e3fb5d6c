/* proofcheck.c - --check-proof: the clauses rebuilt from the key as DIMACS
 * in memory, and a DRAT proof checked against them (proofcheck.h). */
#include "proofcheck.h"
#include "cli.h"
#include "drat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The clauses as DIMACS ------------------------------------------------
 */

/* Room kept before the clauses for the header, which is known only once
 * they are all in: "p cnf " and two numbers of at most 20 digits. */
#define HEADER_ROOM 64

/* What an encoder's clauses become: text after HEADER_ROOM bytes, the
 * clauses counted and the largest variable seen. */
typedef struct dimacs {
  char *data;
  size_t len, cap;
  int64_t clauses;
  long max_var;
} dimacs;

/* The callback's refusal when memory runs out: positive, so that no
 * library code (all negative) is taken for it. */
#define DIMACS_NOMEM 1

/* Room for more bytes after len; 0, or -1 if memory runs out. */
static int reserve(dimacs *d, size_t more) {
  if (d->len + more <= d->cap)
    return 0;
  size_t cap = d->cap ? d->cap : (size_t)1 << 16;
  while (cap < d->len + more)
    cap *= 2;
  char *data = realloc(d->data, cap);
  if (!data)
    return -1;
  d->data = data;
  d->cap = cap;
  return 0;
}

/* A clause callback (peg_clause_fn, maze_clause_fn): lits[0..n-1] as one
 * line "l1 l2 ... 0". */
static int take_clause(void *ctx, const int *lits, size_t n) {
  dimacs *d = ctx;
  if (n > (SIZE_MAX - 16) / 12 || reserve(d, 12 * n + 3))
    return DIMACS_NOMEM;
  for (size_t i = 0; i < n; i++) {
    long v = lits[i] < 0 ? -(long)lits[i] : (long)lits[i];
    d->max_var = v > d->max_var ? v : d->max_var;
    d->len +=
        (size_t)snprintf(d->data + d->len, d->cap - d->len, "%d ", lits[i]);
  }
  memcpy(d->data + d->len, "0\n", 3); /* and a NUL, for the next one */
  d->len += 2;
  d->clauses++;
  return 0;
}

int cli_dimacs_text(emit_encoder emit, const void *encoding,
                    const char *(*message)(int code), char **text,
                    size_t *size) {
  dimacs d = {NULL, 0, 0, 0, 0};
  int rc = reserve(&d, HEADER_ROOM + 1) ? DIMACS_NOMEM : 0;
  d.len = HEADER_ROOM;
  if (!rc)
    rc = emit(encoding, take_clause, &d);
  if (rc) {
    free(d.data);
    *text = NULL;
    return cli_error("%s", rc == DIMACS_NOMEM ? "out of memory" : message(rc));
  }
  char header[HEADER_ROOM];
  int n = snprintf(header, sizeof header, "p cnf %ld %lld\n", d.max_var,
                   (long long)d.clauses);
  size_t body = d.len - HEADER_ROOM;
  memmove(d.data + n, d.data + HEADER_ROOM, body);
  memcpy(d.data, header, (size_t)n);
  d.data[n + body] = '\0';
  *text = d.data;
  *size = (size_t)n + body;
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
                       const void *encoding, const char *(*message)(int code),
                       const char *what) {
  char *cnf;
  size_t size;
  if (cli_dimacs_text(emit, encoding, message, &cnf, &size))
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
