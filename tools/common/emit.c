/* emit.c - a front end's clauses and key, as dpll reads them. */
#include "emit.h"
#include "cli.h"

#include <errno.h>
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

int emit_front(FILE *out, int dimacs, const char *key_out,
               const char *max_clauses, const emit_front_encoding *e,
               int *write_error) {
  emit_writer w = {out, dimacs, 0};
  const char *key = e->key_text;
  int64_t limit;
  int rc = 0;
  if (emit_limit(max_clauses, &limit) || emit_check_limit(e->clauses, limit))
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

int emit_limit(const char *text, int64_t *limit) {
  *limit = EMIT_MAX_CLAUSES;
  if (!text)
    return 0;
  int64_t n = 0;
  const char *p = text;
  for (; *p >= '0' && *p <= '9' && p - text < 18; p++)
    n = 10 * n + (*p - '0');
  if (p == text || *p)
    return cli_error("--max-clauses needs a number from 0 to "
                     "999999999999999999, not '%s'",
                     text);
  *limit = n;
  return 0;
}

int emit_check_limit(int64_t clauses, int64_t limit) {
  if (!limit || clauses <= limit)
    return 0;
  return cli_error("the encoding has %lld clauses, more than the limit of "
                   "%lld: nothing written (--max-clauses N raises it, 0 lifts "
                   "it)",
                   (long long)clauses, (long long)limit);
}
