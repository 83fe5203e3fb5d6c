/* enumerate.c - every model, two ways: dpll_enumerate, and a loop of
 * dpll_solve and dpll_block_model.
 *
 * Queens on an N x N board, none attacking another.  The count of
 * solutions for N = 1..8 comes from dpll_enumerate, which lists every
 * model in one search and adds nothing to the clauses.  Then a
 * projection onto the variables of the first row lists the squares its
 * queen can take, each once, however many solutions put it there: by
 * dpll_enumerate, and again by solving, blocking the model's first row
 * and solving again until the answer is DPLL_UNSAT (the incremental way:
 * the blocking clauses stay, and other clauses may come between). */
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

/* Counts the models dpll_enumerate gives. */
static int count(void *ctx, const dpll_solver *s) {
  (void)s;
  ++*(long *)ctx;
  return 0;
}

/* Prints the column of the first row's queen in the model. */
static int print_column(void *ctx, const dpll_solver *s) {
  const int *first_row = ctx;
  for (int c = 0; first_row[c]; c++)
    if (dpll_model(s, first_row[c]) == 1)
      printf(" %d", c + 1);
  return 0;
}

int main(void) {
  for (int n = 1; n <= MAX_N; n++) {
    dpll_solver *s = dpll_new();
    long models = 0;
    int rc = s ? add_queens(s, n) : DPLL_ENOMEM;
    if (!rc)
      rc = dpll_enumerate(s, NULL, 0, count, &models);
    dpll_free(s);
    if (rc != DPLL_UNSAT) { /* every model given */
      fprintf(stderr, "enumerate: %s\n", dpll_strerror(rc));
      return 1;
    }
    printf("%d queens: %ld solution%s\n", n, models, models == 1 ? "" : "s");
  }

  /* Projected onto the first row: one model per square its queen takes.
   * Each model is whole, so the square is read from it. */
  int n = 6, first_row[MAX_N + 1] = {0};
  for (int c = 0; c < n; c++)
    first_row[c] = square(n, 0, c);
  dpll_solver *s = dpll_new();
  int rc = s ? add_queens(s, n) : DPLL_ENOMEM;
  printf("%d queens, the first row's queen can stand in column", n);
  if (!rc)
    rc = dpll_enumerate(s, first_row, (size_t)n, print_column, first_row);
  printf("\n");
  /* The same by solve and block. */
  if (rc == DPLL_UNSAT) {
    printf("the same by solve and block:");
    while ((rc = dpll_solve(s)) == DPLL_SAT) {
      print_column(first_row, s);
      rc = dpll_block_model(s, first_row, (size_t)n);
      if (rc)
        break;
    }
    printf("\n");
  }
  dpll_free(s);
  if (rc != DPLL_UNSAT) {
    fprintf(stderr, "enumerate: %s\n", dpll_strerror(rc));
    return 1;
  }
  return 0;
}
