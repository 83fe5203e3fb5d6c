/* split-on.c - does it pay to split only on some variables?  Solves a
 * DIMACS file with libdpll's defaults, first as it is, then with every
 * variable above N marked "do not split on" (dpll_set_decision), and
 * prints the CPU seconds and counters of both.  For peg-front's files N is
 * the number of Jump atoms, J*T (the first "c" key lines give J and T;
 * peg_encoding_steps and the board's triples in an embedding program).
 *
 * Build (after building the project in build/):
 *   cc -O2 -Iinclude tests/bench/split-on.c build/lib/libdpll.a -lm \
 *      -o split-on
 * Usage: split-on FILE.cnf N */
#include <dpll.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int run(const char *path, int n, int restrict_to_n) {
  FILE *in = fopen(path, "rb");
  if (!in) {
    perror(path);
    return 1;
  }
  dpll_solver *s = dpll_new();
  dpll_input info;
  int rc = s ? dpll_read_file(s, in, DPLL_FORMAT_DIMACS, &info) : DPLL_ENOMEM;
  fclose(in);
  if (rc) {
    fprintf(stderr, "%s: %s\n", path, dpll_strerror(rc));
    dpll_input_clear(&info);
    dpll_free(s);
    return 1;
  }
  dpll_input_clear(&info);
  if (restrict_to_n)
    for (int v = n + 1; v <= dpll_num_vars(s); v++)
      dpll_set_decision(s, v, 0);
  clock_t t0 = clock();
  int res = dpll_solve(s);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  dpll_stats st;
  dpll_get_stats(s, &st);
  printf("%-28s %-14s %6.2f s  decisions %10llu  conflicts %9llu\n", path,
         restrict_to_n ? "split on 1..N" : "split on all", secs,
         (unsigned long long)st.decisions, (unsigned long long)st.conflicts);
  dpll_free(s);
  return res == DPLL_SAT || res == DPLL_UNSAT ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: split-on FILE.cnf N\n");
    return 2;
  }
  int n = atoi(argv[2]);
  return run(argv[1], n, 0) | run(argv[1], n, 1);
}
