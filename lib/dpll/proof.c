/* proof.c - DRAT proofs of unsatisfiability: every clause the search
 * derives, in order, and every learned clause it deletes, ending with the
 * empty clause, as text or binary DRAT (the formats of drat-trim, Wetzler,
 * Heule and Hunt, "DRAT-trim: efficient checking and trimming using
 * expressive clausal proofs", SAT 2014).  Steps come from the clause seam
 * of clausedb.c, and only while dpll_solve runs. */
#include "proof.h"
#include "internal.h"
#include "memory.h"
#include "trail.h"

#include <stdlib.h>

int dpll_set_proof(dpll_solver *s, FILE *out, int format) {
  if (!s || (format != DPLL_PROOF_TEXT && format != DPLL_PROOF_BINARY))
    return DPLL_EINVAL;
  s->proof.file = out;
  s->proof.format = format;
  s->proof.fn = NULL;
  s->proof.ctx = NULL;
  return 0;
}

void dpll_set_proof_callback(dpll_solver *s, dpll_proof_fn fn, void *ctx) {
  if (!s)
    return;
  s->proof.fn = fn;
  s->proof.ctx = fn ? ctx : NULL;
  s->proof.file = NULL;
}

void dpll__proof_free(dpll_solver *s) { free(s->proof.buf); }

/* At the start of a solve: proving if a sink is set, with room for the
 * longest clause (one without repeats has at most a literal a variable). */
int dpll__proof_begin(dpll_solver *s) {
  proof_part *p = &s->proof;
  p->active = p->fn || p->file;
  p->done = false;
  if (!p->active)
    return 0;
  return DPLL_GROW(p->buf, p->cap, (size_t)s->num_vars + 1,
                   SIZE_MAX / sizeof(int));
}

/* At the end: DPLL_EIO if a step could not be written, else 0. */
int dpll__proof_end(dpll_solver *s) {
  proof_part *p = &s->proof;
  bool failed = p->failed || (p->file && p->active && fflush(p->file));
  p->active = false;
  p->failed = false;
  return failed ? DPLL_EIO : 0;
}

/* A literal of binary DRAT: 2|l| + sign, seven bits a byte, low first. */
static void put_varint(FILE *out, unsigned u) {
  while (u > 127) {
    putc((int)(128 | (u & 127)), out);
    u >>= 7;
  }
  putc((int)u, out);
}

static bool write_file(proof_part *p, bool deleted, const int *lits, size_t n) {
  FILE *out = p->file;
  if (p->format == DPLL_PROOF_BINARY) {
    putc(deleted ? 'd' : 'a', out);
    for (size_t k = 0; k < n; k++)
      put_varint(out, lits[k] < 0 ? 2u * (unsigned)-lits[k] + 1u
                                  : 2u * (unsigned)lits[k]);
    putc(0, out);
  } else {
    if (deleted)
      fputs("d ", out);
    for (size_t k = 0; k < n; k++)
      fprintf(out, "%d ", lits[k]);
    fputs("0\n", out);
  }
  return !ferror(out);
}

/* One step, the clause in p->buf[0..n-1]. */
static void step(proof_part *p, bool deleted, size_t n) {
  bool ok = p->fn ? p->fn(p->ctx, deleted, p->buf, n) == 0
                  : write_file(p, deleted, p->buf, n);
  if (!ok)
    p->failed = true;
  if (!ok || (!deleted && n == 0))
    p->done = true; /* the proof is complete, or broken */
}

void dpll__proof_clause(dpll_solver *s, bool deleted, const unsigned *lits,
                        size_t n) {
  if (!deleted)
    s->proof.derived = true;
  if (!dpll__proving(s))
    return;
  assert(n <= s->proof.cap);
  for (size_t k = 0; k < n; k++)
    s->proof.buf[k] = lit_to_ext(lits[k]);
  step(&s->proof, deleted, n);
}

/* The decisions of levels 1..level cannot all hold: the clause of their
 * negations (the classic engine's lemmas, see classic.c), with lit if it
 * is not 0 (the lookahead's, lookahead.c). */
void dpll__proof_decisions(dpll_solver *s, int level, unsigned lit) {
  s->proof.derived = true;
  if (!dpll__proving(s))
    return;
  size_t n = (size_t)level + (lit != 0);
  assert(n <= s->proof.cap);
  for (int l = 1; l <= level; l++)
    s->proof.buf[l - 1] =
        -lit_to_ext(dpll__trail_at(s, dpll__level_start(s, l)));
  if (lit)
    s->proof.buf[level] = lit_to_ext(lit);
  step(&s->proof, false, n);
}
