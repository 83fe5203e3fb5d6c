/* incremental.c - one solver, many questions: assumptions and the failed
 * set (an unsatisfiable core) through libdpll's own API.
 *
 * Five meetings, each in one of three slots; some pairs share a person
 * and cannot share a slot.  Wishes ("A in slot 1", "B not in slot 1", ...)
 * are clauses guarded by a selector variable each, and a solve assumes the
 * selectors of the wishes in force.  When they cannot all be met,
 * dpll_failed names the wishes that clash; the program drops one of them
 * and asks again, keeping the solver (and what it learned). */
#include <dpll.h>

#include <stdio.h>

enum { MEETINGS = 5, SLOTS = 3, WISHES = 5 };
static const char *const names[MEETINGS] = {"A", "B", "C", "D", "E"};

static int at(int m, int t) { return 1 + m * SLOTS + t; } /* m in slot t */
#define SELECTOR(w) (MEETINGS * SLOTS + 1 + (w))

static const int clashes[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 2}};

/* Wish w: meeting, slot, and whether it must (1) or must not (0) be there. */
static const struct {
  int meeting, slot, in;
  const char *text;
} wishes[WISHES] = {
    {0, 0, 1, "A in slot 1"},     {1, 0, 1, "B in slot 1"},
    {2, 2, 0, "C not in slot 3"}, {3, 1, 1, "D in slot 2"},
    {4, 2, 1, "E in slot 3"},
};

static int add(dpll_solver *s, const int *lits, size_t n) {
  int rc = dpll_add_clause(s, lits, n);
  if (rc < 0)
    fprintf(stderr, "incremental: %s\n", dpll_strerror(rc));
  return rc;
}

int main(void) {
  dpll_solver *s = dpll_new();
  if (!s)
    return 1;
  int rc = 0;
  for (int m = 0; m < MEETINGS && !rc; m++) { /* exactly one slot */
    int one[SLOTS];
    for (int t = 0; t < SLOTS; t++)
      one[t] = at(m, t);
    rc = add(s, one, SLOTS);
    for (int t = 0; t < SLOTS && !rc; t++)
      for (int u = t + 1; u < SLOTS && !rc; u++)
        rc = add(s, (int[]){-at(m, t), -at(m, u)}, 2);
  }
  for (size_t c = 0; c < sizeof clashes / sizeof *clashes && !rc; c++)
    for (int t = 0; t < SLOTS && !rc; t++)
      rc = add(s, (int[]){-at(clashes[c][0], t), -at(clashes[c][1], t)}, 2);
  for (int w = 0; w < WISHES && !rc; w++) { /* selector -> wish */
    int lit = at(wishes[w].meeting, wishes[w].slot);
    rc = add(s, (int[]){-SELECTOR(w), wishes[w].in ? lit : -lit}, 2);
  }
  int in_force[WISHES] = {1, 1, 1, 1, 1};
  for (int round = 1; !rc; round++) {
    for (int w = 0; w < WISHES; w++)
      if (in_force[w])
        dpll_assume(s, SELECTOR(w));
    int res = dpll_solve(s);
    if (res == DPLL_SAT) {
      printf("round %d: a schedule:", round);
      for (int m = 0; m < MEETINGS; m++)
        for (int t = 0; t < SLOTS; t++)
          if (dpll_model(s, at(m, t)) == 1)
            printf(" %s=%d", names[m], t + 1);
      printf("\n");
      break;
    }
    if (res != DPLL_UNSAT) {
      fprintf(stderr, "incremental: %s\n",
              res < 0 ? dpll_strerror(res) : "no answer");
      rc = 1;
      break;
    }
    int dropped = -1;
    printf("round %d: these wishes clash:", round);
    for (int w = 0; w < WISHES; w++)
      if (in_force[w] && dpll_failed(s, SELECTOR(w)) == 1) {
        printf(" \"%s\"", wishes[w].text);
        dropped = w;
      }
    printf("\n");
    if (dropped < 0) { /* the constraints alone clash */
      printf("no schedule at all\n");
      break;
    }
    printf("  dropping \"%s\"\n", wishes[dropped].text);
    in_force[dropped] = 0;
  }
  dpll_free(s);
  return rc ? 1 : 0;
}
