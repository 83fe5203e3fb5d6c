/* ipasir.c - a program written against IPASIR only (<ipasir.h>), which
 * links with libdpll as it would with any IPASIR solver.
 *
 * Colours the ten vertices of the Petersen graph with k colours for
 * k = 1, 2, 3, ... on one solver: the clauses of each vertex's "at most one
 * colour" and of each edge's "not the same colour" stay; "at least one of
 * the first k colours" for a vertex is a clause switched on by assuming
 * the activation literal of k.  It prints the first k that works and the
 * colouring, and how many short clauses the solver learned on the way. */
#include <ipasir.h>

#include <stdio.h>

enum { V = 10, K = 4 }; /* vertices, colours at most */

/* Variables: colour c of vertex v is 1 + v * K + c; the activation
 * literal of k colours is ACT + k. */
static int colour(int v, int c) { return 1 + v * K + c; }
#define ACT (V * K)

static const int edges[15][2] = {
    {0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, /* the outer cycle */
    {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}, /* the inner star */
    {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9}, /* the spokes */
};

static void clause2(void *s, int a, int b) {
  ipasir_add(s, a);
  ipasir_add(s, b);
  ipasir_add(s, 0);
}

static void count_short(void *data, int32_t *clause) {
  (void)clause;
  ++*(long *)data;
}

int main(void) {
  void *s = ipasir_init();
  if (!s) {
    fprintf(stderr, "ipasir: out of memory\n");
    return 1;
  }
  printf("solver: %s\n", ipasir_signature());
  long learned_short = 0;
  ipasir_set_learn(s, &learned_short, 2, count_short);
  for (int v = 0; v < V; v++)
    for (int c = 0; c < K; c++)
      for (int d = c + 1; d < K; d++)
        clause2(s, -colour(v, c), -colour(v, d));
  for (int e = 0; e < 15; e++)
    for (int c = 0; c < K; c++)
      clause2(s, -colour(edges[e][0], c), -colour(edges[e][1], c));
  /* act(k) -> each vertex has one of the first k colours */
  for (int k = 1; k <= K; k++)
    for (int v = 0; v < V; v++) {
      ipasir_add(s, -(ACT + k));
      for (int c = 0; c < k; c++)
        ipasir_add(s, colour(v, c));
      ipasir_add(s, 0);
    }
  for (int k = 1; k <= K; k++) {
    ipasir_assume(s, ACT + k);
    int res = ipasir_solve(s);
    if (res == 20) {
      printf("%d colours: no (failed assumption: %s)\n", k,
             ipasir_failed(s, ACT + k) ? "yes" : "no");
      continue;
    }
    if (res != 10) {
      fprintf(stderr, "ipasir: the solver gave no answer\n");
      ipasir_release(s);
      return 1;
    }
    printf("%d colours: yes\n", k);
    for (int v = 0; v < V; v++)
      for (int c = 0; c < k; c++)
        if (ipasir_val(s, colour(v, c)) > 0)
          printf("  vertex %d: colour %d\n", v, c + 1);
    break;
  }
  printf("learned clauses of at most 2 literals: %ld\n", learned_short);
  ipasir_release(s);
  return 0;
}
