/* listing.c - dpll --all and --solutions (see listing.h). */
#include "listing.h"

#include "cli.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Reads a decimal number of at most 18 digits at *p, moving *p past it;
 * false if there is none. */
static bool number(const char **p, long long *v) {
  const char *q = *p;
  long long n = 0;
  while (*q >= '0' && *q <= '9' && q - *p < 18)
    n = 10 * n + (*q++ - '0');
  if (q == *p || (*q >= '0' && *q <= '9'))
    return false;
  *p = q;
  *v = n;
  return true;
}

/* Reads an item of the list, "N" or "A-B", at *p into a..b. */
static bool item(const char **p, long long *a, long long *b) {
  if (!number(p, a))
    return false;
  *b = *a;
  if (**p != '-')
    return true;
  ++*p;
  return number(p, b);
}

/* "N" or "A-B" items separated by commas; every variable in 1..n_vars,
 * each taken once. */
static int parse_project(listing *l, const char *text, int n_vars) {
  bool *seen = calloc((size_t)n_vars + 1, sizeof *seen);
  l->vars = malloc(((size_t)n_vars + 1) * sizeof *l->vars);
  if (!seen || !l->vars) {
    free(seen);
    return cli_error("out of memory");
  }
  int rc = 0;
  const char *p = text;
  do {
    long long a, b;
    if (!item(&p, &a, &b) || a < 1 || b < a || (*p && *p != ','))
      rc = cli_error("--project needs a list of variables such as 1-20,25, "
                     "not '%s'",
                     text);
    else if (b > n_vars && n_vars == 0)
      rc = cli_error("--project: the input has no variables");
    else if (b > n_vars)
      rc = cli_error("--project: variable %lld is not in the input (its "
                     "variables are 1 to %d)",
                     a > n_vars ? a : (long long)n_vars + 1, n_vars);
    else
      for (long long v = a; v <= b; v++)
        if (!seen[v]) {
          seen[v] = true;
          l->vars[l->num_vars++] = (int)v;
        }
  } while (!rc && *p++);
  free(seen);
  return rc;
}

int listing_options(listing *l, const char *solutions, const char *project,
                    const dpll_solver *s) {
  if (solutions) {
    const char *p = solutions;
    if (!number(&p, &l->limit) || *p || l->limit < 1)
      return cli_error("--solutions needs a positive number, not '%s'",
                       solutions);
  }
  return project ? parse_project(l, project, dpll_num_vars(s)) : 0;
}

/* What the enumeration's callback writes to. */
typedef struct sink {
  listing *l;
  FILE *spool;
  int format;
  int rc; /* a failed write's code */
} sink;

static int write_model(void *ctx, const dpll_solver *s) {
  sink *k = ctx;
  k->rc = dpll_write_answer(s, k->spool, k->format, NULL, 0);
  if (k->rc)
    return 1;
  k->l->found++;
  return k->l->limit && k->l->found == k->l->limit;
}

int listing_run(listing *l, dpll_solver *s, int format, FILE *spool) {
  sink k = {l, spool, format, 0};
  /* One solve first, with all that dpll_solve brings (variable
   * elimination, several threads): without a model it is the answer, as
   * fast as without --all; with one, what it learned helps the list. */
  l->last = dpll_solve(s);
  if (l->last == DPLL_SAT)
    l->last = dpll_enumerate(s, l->vars, l->num_vars, write_model, &k);
  if (k.rc)
    return k.rc;
  if (l->last < 0)
    return l->last;
  if (format == DPLL_FORMAT_DP && l->last == DPLL_UNSAT)
    fputs("0\n", spool); /* the unsatisfiable answer ends the list */
  else if (format == DPLL_FORMAT_DIMACS && l->last == DPLL_UNSAT)
    fprintf(spool, "s SOLUTIONS %lld\n", l->found);
  else if (format == DPLL_FORMAT_DIMACS && l->last == DPLL_UNKNOWN)
    fputs("s UNKNOWN\n", spool);
  return fflush(spool) || ferror(spool) ? DPLL_EIO : 0;
}

void listing_free(listing *l) {
  free(l->vars);
  memset(l, 0, sizeof *l);
}
