/* steps.c - driving the DPLL search one step at a time and watching it.
 *
 * Reads clauses (DP or DIMACS) from standard input and runs the loop that
 * dpll_solve runs, printing each step as the trace callback reports it.
 * A program could choose its own decisions at the marked line. */
#include <dpll.h>

#include <stdio.h>

static void show(void *ctx, const dpll_event *e) {
  static const char *const what[] = {"decide", "propagate", "pure", "conflict",
                                     "backtrack"};
  (void)ctx;
  printf("level %d: %s", e->level, what[e->kind]);
  if (e->lit)
    printf(" %d", e->lit);
  if (e->flipped)
    printf(" (second branch)");
  for (size_t k = 0; k < e->clause_size; k++)
    printf(k ? " %d" : "  clause: %d", e->clause[k]);
  printf("\n");
}

int main(void) {
  dpll_solver *s = dpll_new();
  if (!s)
    return 1;
  dpll_input info;
  int rc = dpll_read_file(s, stdin, DPLL_FORMAT_AUTO, &info);
  if (rc == DPLL_EPARSE)
    fprintf(stderr, "<stdin>:%ld:%ld: %s\n", info.line, info.column,
            info.message);
  else if (rc < 0)
    fprintf(stderr, "steps: %s\n", dpll_strerror(rc));
  if (rc < 0) {
    dpll_input_clear(&info);
    dpll_free(s);
    return 1;
  }
  dpll_input_clear(&info);
  dpll_set_trace(s, show, NULL);

  const char *answer;
  for (;;) {
    if (dpll_propagate(s) == DPLL_CONFLICT) {
      if (dpll_backtrack(s) == 1) {
        answer = "unsatisfiable";
        break;
      }
      continue;
    }
    dpll_eliminate_pure(s);
    int lit = dpll_choose(s); /* or a literal of your own choosing */
    if (lit == 0) {
      answer = "satisfiable";
      break;
    }
    dpll_decide(s, lit);
  }
  printf("%s\n", answer);
  dpll_free(s);
  return 0;
}
