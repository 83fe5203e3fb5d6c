/* emit.c - a front end's clauses and key, as dpll reads them. */
#include "emit.h"

#include <errno.h>
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
                 int (*emit)(const void *emit_ctx,
                             int (*fn)(void *, const int *, size_t),
                             void *fn_ctx),
                 const void *emit_ctx) {
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
