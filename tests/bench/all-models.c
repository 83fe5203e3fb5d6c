/* all-models.c - every model of a DIMACS file, listed two ways by
 * libdpll: by dpll_enumerate (one search, what `dpll --all` runs), or by
 * the loop of dpll_solve and dpll_block_model that `dpll --all` ran
 * before (each model blocked by a clause of every variable, each solve
 * from the start).  Prints the method, the number of models, the answer
 * code and the CPU seconds; tests/bench/enumerate.sh runs it.
 *
 * Build (after building the project in build/):
 *   cc -O2 -Iinclude tests/bench/all-models.c build/lib/libdpll.a -lm \
 *      -lpthread -o all-models
 * Usage: all-models enumerate|block FILE */
#include <dpll.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

static int count(void *ctx, const dpll_solver *s) {
  (void)s;
  ++*(long long *)ctx;
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "enumerate") && strcmp(argv[1], "block")))
    return fprintf(stderr, "usage: all-models enumerate|block FILE\n"), 2;
  FILE *in = fopen(argv[2], "r");
  dpll_solver *s = dpll_new();
  dpll_input info;
  if (!in || !s)
    return fprintf(stderr, "all-models: cannot open %s\n", argv[2]), 2;
  int rc = dpll_read_file(s, in, DPLL_FORMAT_DIMACS, &info);
  fclose(in);
  dpll_input_clear(&info);
  if (rc < 0)
    return fprintf(stderr, "all-models: %s\n", dpll_strerror(rc)), 2;
  long long models = 0;
  clock_t t0 = clock();
  if (!strcmp(argv[1], "enumerate"))
    rc = dpll_enumerate(s, NULL, 0, count, &models);
  else
    while ((rc = dpll_solve(s)) == DPLL_SAT && ++models &&
           (rc = dpll_block_model(s, NULL, 0)) == 0)
      ;
  printf("%s %lld models, code %d, %.2f s\n", argv[1], models, rc,
         (double)(clock() - t0) / CLOCKS_PER_SEC);
  dpll_free(s);
  return rc == DPLL_UNSAT ? 0 : 1;
}
