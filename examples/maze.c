/* maze.c - libmaze paired with libdpll in one program: a maze file read,
 * its clauses straight into the solver, the path out (as maze-front | dpll
 * | maze-back would write it).
 *
 * Usage: maze FILE   e.g.  maze examples/mazes/gold-ruby-2.txt */
#include <dpll.h>
#include <maze.h>

#include <stdio.h>
#include <stdlib.h>

static int add_clause(void *solver, const int *lits, size_t n) {
  return dpll_add_clause(solver, lits, n);
}

static int value(void *solver, int atom) { return dpll_model(solver, atom); }

/* The whole file, NUL-terminated; NULL if it cannot be read. */
static char *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  char *text = NULL;
  size_t n = 0, cap = 0;
  while (f && !ferror(f) && !feof(f)) {
    if (n + 4096 + 1 > cap) {
      char *t = realloc(text, cap = 2 * cap + 8192);
      if (!t)
        break;
      text = t;
    }
    n += fread(text + n, 1, cap - n - 1, f);
  }
  if (!f || ferror(f) || !feof(f)) {
    free(text);
    text = NULL;
  } else
    text[n] = '\0';
  if (f)
    fclose(f);
  *size = n;
  return text;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "examples/mazes/gold-ruby-2.txt";
  size_t size;
  char *text = slurp(path, &size);
  if (!text) {
    fprintf(stderr, "maze: %s: cannot read\n", path);
    return 1;
  }
  maze_puzzle *p;
  maze_error why;
  int rc = maze_puzzle_parse(text, size, &p, &why);
  free(text);
  if (rc) {
    fprintf(stderr, "%s:%ld:%ld: %s\n", path, why.line, why.column,
            why.message);
    return 1;
  }
  maze_encoding *e = maze_encoding_new(p, &rc);
  dpll_solver *s = dpll_new();
  int k = maze_puzzle_steps(p);
  int *times = malloc(((size_t)k + 1) * sizeof *times);
  if (!e || !s || !times) {
    fprintf(stderr, "maze: %s\n", e ? "out of memory" : maze_strerror(rc));
    return 1;
  }
  rc = maze_encoding_emit(e, add_clause, s);
  int res = rc ? rc : dpll_solve(s);
  if (res == DPLL_SAT && maze_decode(e, value, s, times, &why) == 0) {
    size_t n = maze_path_collapse(times, (size_t)k + 1);
    for (size_t i = 0; i < n; i++)
      printf("%s%s", i ? " " : "", maze_node_name(p, times[i]));
    printf("\n");
  } else if (res == DPLL_SAT)
    fprintf(stderr, "maze: %s\n", why.message);
  else if (res == DPLL_UNSAT)
    printf("NO SOLUTION\n");
  else
    fprintf(stderr, "maze: %s\n", dpll_strerror(res));
  free(times);
  dpll_free(s);
  maze_encoding_free(e);
  maze_puzzle_free(p);
  return res == DPLL_SAT || res == DPLL_UNSAT ? 0 : 1;
}
