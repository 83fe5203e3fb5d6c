/* solve.c - the smallest use of libdpll: clauses in, a model out.
 *
 * Encodes "exactly one of a, b, c; not a; b implies c" and prints the
 * model, or says that there is none. */
#include <dpll.h>

#include <stdio.h>

int main(void) {
  enum { A = 1, B = 2, C = 3 };
  const int clauses[][4] = {
      {A, B, C, 0},                       /* at least one */
      {-A, -B, 0},                        /* at most one, pair by pair */
      {-A, -C, 0},  {-B, -C, 0}, {-A, 0}, /* not a */
      {-B, C, 0},                         /* b implies c */
  };
  dpll_solver *s = dpll_new();
  if (!s)
    return 1;
  for (size_t i = 0; i < sizeof clauses / sizeof *clauses; i++)
    for (const int *lit = clauses[i];; lit++) {
      int rc = dpll_add(s, *lit); /* 0 closes the clause */
      if (rc < 0) {
        fprintf(stderr, "solve: %s\n", dpll_strerror(rc));
        dpll_free(s);
        return 1;
      }
      if (*lit == 0)
        break;
    }
  int res = dpll_solve(s);
  if (res == DPLL_SAT)
    printf("a=%d b=%d c=%d\n", dpll_model(s, A), dpll_model(s, B),
           dpll_model(s, C));
  else if (res == DPLL_UNSAT)
    printf("no model\n");
  else
    fprintf(stderr, "solve: %s\n", dpll_strerror(res));
  dpll_free(s);
  return res == DPLL_SAT || res == DPLL_UNSAT ? 0 : 1;
}
