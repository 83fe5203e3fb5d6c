/* files.c - the text formats on stdio streams: reading clauses from a
 * FILE (through format.c's reader), freeing what a read found, and
 * writing the answer of the last solve. */
#include "add.h"
#include "clausedb.h"
#include "internal.h"
#include "solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dpll_read_file's source. */
static long read_stdio(void *ctx, void *buf, size_t size) {
  size_t n = fread(buf, 1, size, ctx);
  return n == 0 && ferror((FILE *)ctx) ? -1 : (long)n;
}

int dpll_read_file(dpll_solver *s, FILE *in, int format, dpll_input *info) {
  if (!in) {
    if (info)
      memset(info, 0, sizeof *info);
    return DPLL_EINVAL;
  }
  return dpll_read_stream(s, read_stdio, in, format, info);
}

void dpll_input_clear(dpll_input *info) {
  if (!info)
    return;
  free(info->back_matter);
  free(info->cube_lits);
  memset(info, 0, sizeof *info);
}

static void write_dimacs_model(const dpll_solver *s, FILE *out) {
  char item[16];
  int width = 1;
  fputs("v", out);
  for (int v = 1; v <= dpll__model_vars(s); v++) {
    int n = snprintf(item, sizeof item, " %d", dpll_model(s, v) ? v : -v);
    if (width + n > 78) {
      fputs("\nv", out);
      width = 1;
    }
    fputs(item, out);
    width += n;
  }
  fputs(" 0\n", out);
}

int dpll_write_answer(const dpll_solver *s, FILE *out, int format,
                      const char *back, size_t back_size) {
  if (!s || !out || (back_size && !back) || format < DPLL_FORMAT_DP ||
      format > DPLL_FORMAT_ICNF)
    return DPLL_EINVAL;
  int status = dpll__answer(s);
  if (status < 0 || (format == DPLL_FORMAT_DP && status == DPLL_UNKNOWN))
    return DPLL_ENOANSWER;
  if (format == DPLL_FORMAT_DP) {
    if (status == DPLL_SAT)
      for (int v = 1; v <= dpll__model_vars(s); v++)
        fprintf(out, "%d %c\n", v, dpll_model(s, v) ? 'T' : 'F');
    fputs("0\n", out);
    if (back_size)
      fwrite(back, 1, back_size, out);
  } else if (status == DPLL_SAT) {
    fputs("s SATISFIABLE\n", out);
    write_dimacs_model(s, out);
  } else
    fputs(status == DPLL_UNSAT ? "s UNSATISFIABLE\n" : "s UNKNOWN\n", out);
  /* Flush, so that a full disk shows here and not at some later fclose. */
  return fflush(out) || ferror(out) ? DPLL_EIO : 0;
}

int dpll_write_clauses(const dpll_solver *s, FILE *out, int format) {
  if (!s || !out ||
      (format != DPLL_FORMAT_DIMACS && format != DPLL_FORMAT_ICNF))
    return DPLL_EINVAL;
  if (dpll__input_open(s))
    return DPLL_EOPEN;
  size_t n = dpll__num_clauses(s);
  if (format == DPLL_FORMAT_DIMACS)
    fprintf(out, "p cnf %d %zu\n", s->num_vars, n + dpll__unsat(s));
  else
    fputs("p inccnf\n", out);
  for (size_t i = 0; i < n; i++) {
    const clause *c = dpll__clause(s, dpll__clause_ref(s, i));
    for (uint32_t k = 0; k < c->size; k++)
      fprintf(out, "%d ", lit_to_ext(c->lits[k]));
    fputs("0\n", out);
  }
  if (dpll__unsat(s)) /* known unsatisfiable: the empty clause says so */
    fputs("0\n", out);
  return fflush(out) || ferror(out) ? DPLL_EIO : 0;
}
