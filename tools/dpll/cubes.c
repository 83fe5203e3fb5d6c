/* cubes.c - dpll's cube-and-conquer (cubes.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "cubes.h"

#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The cubes dpll_cube gives, kept until the clauses are written. */
typedef struct cube_list {
  int *lits; /* each cube closed by a 0 */
  size_t size, cap, count, longest, shortest;
} cube_list;

static int keep_cube(void *ctx, const int *lits, size_t size) {
  cube_list *l = ctx;
  if (l->size + size + 1 > l->cap) {
    size_t cap = 2 * (l->size + size + 1);
    int *grown = realloc(l->lits, cap * sizeof *grown);
    if (!grown)
      return 1;
    l->lits = grown;
    l->cap = cap;
  }
  memcpy(l->lits + l->size, lits, size * sizeof *lits);
  l->size += size;
  l->lits[l->size++] = 0;
  if (l->count == 0 || size < l->shortest)
    l->shortest = size;
  if (size > l->longest)
    l->longest = size;
  l->count++;
  return 0;
}

/* A --cubes or --cube-depth value: a number from lo to hi. */
static int parse_count(const char *flag, const char *text, long long lo,
                       long long hi, long long *value) {
  *value = 0;
  return text ? cli_number(flag, text, lo, hi, value) : 0;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int cubes_write(dpll_solver *s, const dpll_tool_options *o) {
  long long count = 0, depth = 0;
  if (parse_count("--cubes", o->cubes, 1, 1LL << 20, &count) ||
      parse_count("--cube-depth", o->cube_depth, 1, 20, &depth))
    return 1;
  cube_list l = {0};
  double start = now();
  int rc = dpll_cube(s, (int)depth, count, keep_cube, &l);
  if (rc == DPLL_EIO) /* keep_cube ran out of memory */
    rc = DPLL_ENOMEM;
  if (rc && rc != DPLL_UNSAT) {
    free(l.lits);
    return cli_error("%s", dpll_strerror(rc));
  }
  if (o->verbose)
    fprintf(stderr, "c cubes: %zu, of %zu to %zu literals, in %.2f s%s\n",
            l.count, l.count ? l.shortest : 0, l.longest, now() - start,
            rc == DPLL_UNSAT ? " (every branch refuted: unsatisfiable)" : "");
  FILE *out = cli_open_output_or_report(o->files.output);
  if (!out) {
    free(l.lits);
    return 1;
  }
  errno = 0;
  int failed = dpll_write_clauses(s, out, DPLL_FORMAT_ICNF);
  for (size_t i = 0; i < l.size && !failed; i++)
    failed = fprintf(out, i == 0 || l.lits[i - 1] == 0 ? "a %d" : " %d",
                     l.lits[i]) < 0 ||
             (l.lits[i] == 0 && fputc('\n', out) == EOF);
  free(l.lits);
  return cli_close_output(out, o->files.output,
                          failed ? (errno ? errno : -1) : 0);
}

/* After DPLL_UNSAT under the assumptions cube (closed by 0): whether one
 * of them is in the failed set. */
static bool refuted_by(const dpll_solver *s, const int *cube) {
  for (; *cube; cube++)
    if (dpll_failed(s, *cube) == 1)
      return true;
  return false;
}

int cubes_solve(dpll_solver *s, const dpll_input *info, bool verbose) {
  const int *lits = info->cube_lits, *cube = lits;
  int res = DPLL_UNSAT;
  for (size_t i = 0; i < info->num_cubes && res == DPLL_UNSAT; i++) {
    for (cube = lits; *lits; lits++)
      if ((res = dpll_assume(s, *lits)))
        return res;
    lits++;
    double start = now();
    res = dpll_solve(s);
    if (verbose)
      fprintf(stderr, "c cube %zu of %zu: %s in %.3f s\n", i + 1,
              info->num_cubes, dpll_strerror(res), now() - start);
    if (res == DPLL_UNSAT && !refuted_by(s, cube))
      break; /* no literal of the cube failed: the clauses alone did */
  }
  return res;
}
