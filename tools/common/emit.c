/* emit.c - a front end's clauses and key, as dpll reads them. */
#include "emit.h"
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

int emit_clause(void *ctx, const int *lits, size_t n) {
  emit_writer *w = ctx;
  if (n == 0 && !w->dimacs)
    fputs("1\n-1\n", w->out);
  for (size_t i = 0; i < n; i++)
    fprintf(w->out, i ? " %d" : "%d", lits[i]);
  if (n > 0 || w->dimacs)
    fputs(w->dimacs ? (n ? " 0\n" : "0\n") : "\n", w->out);
  if (ferror(w->out)) {
    w->error = errno ? errno : -1;
    return 1;
  }
  return 0;
}

/* Writes text's lines, each after prefix. */
static void write_lines(FILE *out, const char *text, const char *prefix) {
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
    fputs(prefix, out);
    fwrite(p, 1, n, out);
    p += n;
  }
}

int emit_problem(emit_writer *w, const char *key, int atoms, int64_t clauses,
                 emit_encoder emit, const void *emit_ctx) {
  int rc;
  if (w->dimacs) {
    write_lines(w->out, key, "c ");
    fprintf(w->out, "p cnf %d %lld\n", atoms, (long long)clauses);
    rc = emit(emit_ctx, emit_clause, w);
  } else {
    rc = emit(emit_ctx, emit_clause, w);
    fputs("0\n", w->out);
    fputs(key, w->out);
  }
  if (ferror(w->out) && !w->error)
    w->error = errno ? errno : -1;
  return rc;
}

/* Refuses clauses over the limit that max_clauses (--max-clauses's text,
 * NULL: EMIT_MAX_CLAUSES; 0: none) sets: 0, or 1 after reporting. */
static int check_limit(const char *max_clauses, int64_t clauses) {
  long long limit = EMIT_MAX_CLAUSES;
  if (max_clauses &&
      cli_number("--max-clauses", max_clauses, 0, LLONG_MAX, &limit))
    return 1;
  if (!limit || clauses <= limit)
    return 0;
  return cli_error("the encoding has %lld clauses, more than the limit of "
                   "%lld: nothing written (--max-clauses N raises it, 0 lifts "
                   "it)",
                   (long long)clauses, limit);
}

int emit_front(FILE *out, int dimacs, const char *key_out,
               const char *max_clauses, const emit_front_encoding *e,
               int *write_error) {
  emit_writer w = {out, dimacs, 0};
  const char *key = e->key_text;
  int rc = 0;
  if (check_limit(max_clauses, e->clauses))
    rc = 1;
  else if (!key)
    rc = cli_error("out of memory");
  else if (dimacs && e->clauses < 0) /* the header needs the count */
    rc = cli_error("%s", e->message((int)e->clauses));
  else if (key_out && cli_write_file(key_out, key, strlen(key)))
    rc = 1;
  else if ((rc = emit_problem(&w, key, e->atoms, e->clauses, e->emit,
                              e->emit_ctx)))
    rc = w.error ? 0 : cli_error("%s", e->message(rc));
  free(e->key_text);
  *write_error = w.error;
  return rc;
}
