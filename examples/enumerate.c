/* enumerate.c - every model, one solve at a time: dpll_block_model.
 *
 * Queens on an N x N board, none attacking another.  The count of
 * solutions for N = 1..8 comes from solve, block the model, solve again,
 * until the solver answers DPLL_UNSAT.  Then a projection: blocking only
 * the variables of the first row lists the squares the first row's queen
 * can take, each once, however many solutions put it there. */
#include <dpll.h>

#include <stdio.h>

enum { MAX_N = 8 };

static int square(int n, int row, int col) { return 1 + row * n + col; }

/* The clauses: a queen in every row, no two on a row, column or
 * diagonal.  Returns 0 or a DPLL_E* code. */
static int add_queens(dpll_solver *s, int n) {
  int rc = 0, row[MAX_N];
  for (int r = 0; r < n && !rc; r++) {
    for (int c = 0; c < n; c++)
      row[c] = square(n, r, c);
    rc = dpll_add_clause(s, row, (size_t)n);
  }
  for (int a = 0; a < n * n && !rc; a++)
    for (int b = a + 1; b < n * n && !rc; b++) {
      int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
      int dr = rb - ra, dc = cb - ca;
      if (ra == rb || ca == cb || dr == dc || dr == -dc) {
        int pair[2] = {-square(n, ra, ca), -square(n, rb, cb)};
        rc = dpll_add_clause(s, pair, 2);
      }
    }
  return rc;
}

/* Solves and blocks until no model is left; vars[0..nv-1] is the
 * projection (nv 0: all variables).  The count, or a negative DPLL_E*. */
static long count_models(dpll_solver *s, const int *vars, size_t nv) {
  long count = 0;
  int res;
  while ((res = dpll_solve(s)) == DPLL_SAT) {
    count++;
    int rc = dpll_block_model(s, vars, nv);
    if (rc)
      return rc;
  }
  return res == DPLL_UNSAT ? count : res < 0 ? res : DPLL_ENOANSWER;
}

int main(void) {
  for (int n = 1; n <= MAX_N; n++) {
    dpll_solver *s = dpll_new();
    int rc = s ? add_queens(s, n) : DPLL_ENOMEM;
    long count = rc ? rc : count_models(s, NULL, 0);
    dpll_free(s);
    if (count < 0) {
      fprintf(stderr, "enumerate: %s\n", dpll_strerror((int)count));
      return 1;
    }
    printf("%d queens: %ld solution%s\n", n, count, count == 1 ? "" : "s");
  }

  /* Projected onto the first row: one model per square its queen takes.
   * Each model found is whole, so the square is read from it. */
  int n = 6, first_row[MAX_N];
  for (int c = 0; c < n; c++)
    first_row[c] = square(n, 0, c);
  dpll_solver *s = dpll_new();
  int rc = s ? add_queens(s, n) : DPLL_ENOMEM;
  printf("%d queens, the first row's queen can stand in column", n);
  while (!rc && (rc = dpll_solve(s)) == DPLL_SAT) {
    for (int c = 0; c < n; c++)
      if (dpll_model(s, first_row[c]) == 1)
        printf(" %d", c + 1);
    rc = dpll_block_model(s, first_row, (size_t)n);
  }
  printf("\n");
  dpll_free(s);
  if (rc != DPLL_UNSAT) {
    fprintf(stderr, "enumerate: %s\n", dpll_strerror(rc));
    return 1;
  }
  return 0;
}
