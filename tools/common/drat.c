/* drat.c - forward checking of DRAT proofs, written independently of
 * libdpll; drat.h says what is accepted and docs/proof-checking.md how.
 * The clauses and the RUP and RAT checks are dratdb.c's, the syntax
 * dratread.c's. */
#include "drat.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dratdb.h"
#include "dratread.h"

_Static_assert(DRAT_MAX_VAR == DR_MAX_VAR, "one limit on variables");

/* A check under way: the clauses, and the report it fills in. */
typedef struct checker {
  drat_db db;
  drat_report *r;
} checker;

static void say(checker *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say(checker *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->r->msg, sizeof s->r->msg, fmt, ap);
  va_end(ap);
}

/* A clause for messages, "1 -2 0", shortened past a few literals. */
static const char *show(const unsigned *lits, size_t n, char *out,
                        size_t size) {
  size_t used = 0;
  out[0] = '\0';
  for (size_t i = 0; i < n && i < 8; i++)
    used += (size_t)snprintf(out + used, size - used, "%ld ",
                             drat__dimacs(lits[i]));
  if (n > 8)
    snprintf(out + used, size - used, "... (%zu literals) 0", n);
  else
    snprintf(out + used, size - used, "0");
  return out;
}

/* Why the check cannot go on, when it cannot (the database failed, or
 * the reader ran out of memory): -1 with the message, else 0. */
static int cannot_go_on(checker *s, const dr_reader *rd) {
  if (rd->nomem || s->db.failed == DRAT_DB_NOMEM) {
    s->r->nomem = 1;
    say(s, "out of memory");
    return -1;
  }
  if (s->db.failed) {
    say(s, "more clauses than the checker holds (2^32 words of literals)");
    return -1;
  }
  return 0;
}

/* ---- Checking steps ------------------------------------------------------ */

/* 1 if the lemma is added, 0 (with the message) if it fails. */
static int add_step(checker *s, const dr_reader *rd) {
  char text[160], loc[48];
  drat_db *db = &s->db;
  int holds = drat__holds(db);
  if (!holds) {
    say(s, "step %ld: lemma %s is neither RUP nor RAT (%s)", rd->step,
        show(db->lits, db->lits_n, text, sizeof text),
        dr_where(rd, loc, sizeof loc));
    return 0;
  }
  s->r->lemmas++;
  s->r->rat += holds == 2;
  if (db->lits_n > 0)
    drat__add(db);
  return 1;
}

/* 1 if the clause is deleted or the deletion ignored, 0 (with the message)
 * if the clause is not there. */
static int delete_step(checker *s, const dr_reader *rd) {
  char text[160], loc[48];
  drat_db *db = &s->db;
  if (db->lits_n == 1 || drat__tautology(db)) { /* units stay; tautologies
                                                   never were */
    s->r->ignored++;
    return 1;
  }
  if (!db->lits_n || !drat__delete(db)) {
    say(s, "step %ld: deletion of a clause not present: %s (%s)", rd->step,
        show(db->lits, db->lits_n, text, sizeof text),
        dr_where(rd, loc, sizeof loc));
    return 0;
  }
  s->r->deleted++;
  return 1;
}

/* Reads the formula into the clauses; 1, or -1 with the message.  An empty
 * clause makes the clauses inconsistent for good.  A tautology is left out:
 * true under every assignment, it changes no model, but as a clause it
 * would count in a RAT check (a pure literal's unit would have to resolve
 * with it), where drat-trim refuses such formulas outright. */
static int load_cnf(checker *s, dr_reader *rd) {
  int got, empty = 0;
  drat_db *db = &s->db;
  while ((got = dr_cnf_next(rd)) == 1 && !drat__take(db, rd->lits, rd->n)) {
    if (db->lits_n == 0)
      empty = 1;
    else if (!drat__tautology(db))
      drat__add(db);
    if (db->failed)
      break;
  }
  if (cannot_go_on(s, rd))
    return -1;
  db->inconsistent |= empty;
  return got < 0 ? -1 : 1;
}

/* Checks the proof step by step; 1 accepted, 0 rejected, -1 malformed,
 * with the message. */
static int check_proof(checker *s, dr_reader *rd) {
  for (;;) {
    int del = 0, got = dr_step(rd, &del);
    if (got < 0) {
      s->r->step = rd->step;
      cannot_go_on(s, rd);
      return -1;
    }
    if (got == 0) {
      say(s, "no empty clause: the proof's %ld steps end without one",
          rd->step);
      return 0;
    }
    int ok = !drat__take(&s->db, rd->lits, rd->n) &&
             (del ? delete_step(s, rd) : add_step(s, rd));
    if (!ok || s->db.failed) { /* no verdict if the check could not go on */
      s->r->step = rd->step;
      return cannot_go_on(s, rd);
    }
    if (!del && s->db.lits_n == 0) {
      say(s,
          "verified: the empty clause at step %ld (%ld lemmas, %ld by RAT, "
          "%ld deletions, %ld unit deletions ignored)",
          rd->step, s->r->lemmas, s->r->rat, s->r->deleted, s->r->ignored);
      return 1;
    }
  }
}

int drat_check(const char *cnf, size_t cnf_len, const char *proof,
               size_t proof_len, int mode, drat_report *r) {
  drat_report local;
  checker s = {0};
  s.r = r ? r : &local;
  memset(s.r, 0, sizeof *s.r);
  int status = -1;
  dr_reader rd;
  dr_init(&rd, cnf, cnf_len, 0, s.r->msg, sizeof s.r->msg);
  if (mode < DRAT_AUTO || mode > DRAT_BINARY)
    say(&s, "unknown proof mode %d", mode);
  else if (drat__db_init(&s.db))
    cannot_go_on(&s, &rd);
  else
    status = load_cnf(&s, &rd);
  dr_free(&rd);
  if (status == 1 && s.db.inconsistent) {
    say(&s, "verified: unit propagation refutes the formula by itself; the "
            "proof is not read");
  } else if (status == 1) {
    dr_init(&rd, proof, proof_len, 1, s.r->msg, sizeof s.r->msg);
    rd.binary = mode == DRAT_BINARY ||
                (mode == DRAT_AUTO && dr_looks_binary(rd.p, proof_len));
    s.r->binary = rd.binary;
    status = check_proof(&s, &rd);
    dr_free(&rd);
  }
  s.r->status = status;
  drat__db_free(&s.db);
  return status;
}

/* The whole of a file ("-": standard input), malloc'd; NULL with errno set
 * if it cannot be read (ENOMEM if memory runs out). */
static char *slurp(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  char *data = malloc(cap);
  int failed = !data, saved = ENOMEM;
  for (size_t got; !failed && (got = fread(data + n, 1, cap - n, f)) > 0;) {
    n += got;
    char *more = n == cap ? realloc(data, cap *= 2) : data;
    failed = !more;
    data = more ? more : data;
  }
  if (!failed && ferror(f)) {
    failed = 1;
    saved = errno ? errno : EIO;
  }
  if (f != stdin)
    fclose(f);
  if (failed) {
    free(data);
    errno = saved;
    return NULL;
  }
  *len = n;
  return data;
}

int drat_check_files(const char *cnf_path, const char *proof_path, int mode,
                     drat_report *r) {
  drat_report local;
  size_t cnf_len = 0, proof_len = 0;
  char *cnf = slurp(cnf_path, &cnf_len);
  char *proof = cnf ? slurp(proof_path, &proof_len) : NULL;
  if (!proof) {
    r = r ? r : &local;
    memset(r, 0, sizeof *r);
    r->nomem = errno == ENOMEM;
    if (r->nomem)
      snprintf(r->msg, sizeof r->msg, "out of memory");
    else
      snprintf(r->msg, sizeof r->msg, "cannot read %s: %s",
               cnf ? proof_path : cnf_path, strerror(errno));
    r->status = -1;
    free(cnf);
    return -1;
  }
  int status = drat_check(cnf, cnf_len, proof, proof_len, mode, r);
  free(cnf);
  free(proof);
  return status;
}
