/* incremental.c - one solver asked 1,000 questions against 1,000 fresh
 * solvers.  A random 3-SAT formula (N variables, ratio R) is solved under
 * 1,000 sets of A random assumptions: once on one solver that keeps what
 * it learns, and once with a new solver for each set (the clauses added
 * again each time).  Prints, for both, the CPU seconds, the conflicts and
 * the SAT/UNSAT counts, which must agree answer by answer.
 *
 * Build (after building the project in build/):
 *   cc -O2 -Iinclude tests/bench/incremental.c build/lib/libdpll.a -lm \
 *      -o incremental
 * Usage: incremental [N [R [A [SOLVES [ONLY [G]]]]]]   (default 200 4.0 8
 *   1000; ONLY 0 runs the kept solver alone, 1 the fresh ones alone, 2
 *   both)
 *
 * With G > 0 the clauses fall into G groups, clause i in group i mod G,
 * each switched on by a selector variable (N + 1 + g, added negated to
 * its clauses), as MaxSAT and core-extraction programs use a solver: each
 * solve assumes the selectors of a random half of the groups (and the A
 * random literals, if any).  With half the clauses on, R = 8 gives the
 * ratio of 4 of the plain case. */
#include <dpll.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t rng = 88172645463325252ULL;
static int below(int n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int)(rng % (uint64_t)n);
}

static double cpu(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The clauses; with groups, clause c gets its group's selector negated. */
static int load(dpll_solver *s, const int *lits, int clauses, int n,
                int groups) {
  for (int c = 0; c < clauses; c++) {
    for (int k = 0; k < 3; k++)
      if (dpll_add(s, lits[3 * c + k]) < 0)
        return -1;
    if ((groups && dpll_add(s, -(n + 1 + c % groups)) < 0) || dpll_add(s, 0))
      return -1;
  }
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200;
  double ratio = argc > 2 ? atof(argv[2]) : 4.0;
  int a = argc > 3 ? atoi(argv[3]) : 8;
  int solves = argc > 4 ? atoi(argv[4]) : 1000;
  int only = argc > 5 ? atoi(argv[5]) : -1; /* 0 kept, 1 fresh, else both */
  int groups = argc > 6 ? atoi(argv[6]) : 0;
  int m = (int)(n * ratio);
  if (n < 1 || m < 1 || a < 0 || solves < 1 || groups < 0) {
    fprintf(stderr, "usage: incremental [N [R [A [SOLVES [ONLY [G]]]]]]\n");
    return 2;
  }
  int *lits = malloc(sizeof *lits * 3 * (size_t)m);
  int *assumed = malloc(sizeof *assumed * (size_t)(a ? a : 1) * (size_t)solves);
  char *answers = malloc((size_t)solves);
  if (!lits || !assumed || !answers)
    return 1;
  for (int i = 0; i < 3 * m; i++)
    lits[i] = (1 + below(n)) * (below(2) ? 1 : -1);
  for (int i = 0; i < a * solves; i++)
    assumed[i] = (1 + below(n)) * (below(2) ? 1 : -1);
  /* on[k * groups + g]: whether solve k switches group g on. */
  char *on = malloc((size_t)solves * (size_t)(groups ? groups : 1));
  if (!on)
    return 1;
  for (int i = 0; i < solves * groups; i++)
    on[i] = (char)below(2);

  for (int fresh = 0; fresh < 2; fresh++) {
    if (only == 0 || only == 1)
      if (fresh != only)
        continue;
    double t0 = cpu();
    uint64_t conflicts = 0;
    int sat = 0, unsat = 0;
    dpll_solver *s = NULL;
    for (int k = 0; k < solves; k++) {
      if (!s) {
        s = dpll_new();
        if (!s || load(s, lits, m, n, groups))
          return 1;
      }
      for (int i = 0; i < a; i++)
        dpll_assume(s, assumed[k * a + i]);
      for (int g = 0; g < groups; g++)
        if (on[k * groups + g])
          dpll_assume(s, n + 1 + g);
      int res = dpll_solve(s);
      if (res != DPLL_SAT && res != DPLL_UNSAT)
        return 1;
      sat += res == DPLL_SAT;
      unsat += res == DPLL_UNSAT;
      if (fresh && only != 1 && answers[k] != (char)res) {
        fprintf(stderr, "incremental: answer %d differs\n", k);
        return 1;
      }
      answers[k] = (char)res;
      if (fresh) {
        dpll_stats st;
        dpll_get_stats(s, &st);
        conflicts += st.conflicts;
        dpll_free(s);
        s = NULL;
      }
    }
    if (s) {
      dpll_stats st;
      dpll_get_stats(s, &st);
      conflicts = st.conflicts;
      printf("  (the kept solver: %llu clauses learned, %.1f literals each, "
             "%llu deleted, %llu restarts, %llu propagations)\n",
             (unsigned long long)st.learned,
             (double)st.learned_lits / (double)st.learned,
             (unsigned long long)st.deleted, (unsigned long long)st.restarts,
             (unsigned long long)st.propagations);
      dpll_free(s);
    }
    printf("%-26s %8.3f s %10llu conflicts  %d SAT  %d UNSAT\n",
           fresh ? "a fresh solver per solve:" : "one solver, kept:",
           cpu() - t0, (unsigned long long)conflicts, sat, unsat);
  }
  free(lits);
  free(assumed);
  free(answers);
  free(on);
  return 0;
}
