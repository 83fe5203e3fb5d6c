/* maze-back - a SAT solver's answer to maze-front's clauses in; the path
 * that collects the treasures out, checked by replaying it. */
#include <maze.h>

#include "cli.h"
#include "cmdline.h"
#include "proofcheck.h"

#include <stdio.h>
#include <stdlib.h>

const char *cli_tool = "maze-back";

/* nodes[0..n-1] by name, separated by single blanks, and a newline. */
static void write_nodes(FILE *out, const maze_puzzle *p, const int *nodes,
                        size_t n) {
  for (size_t i = 0; i < n; i++) {
    fputs(i ? " " : "", out);
    fputs(maze_node_name(p, nodes[i]), out);
  }
  fputs("\n", out);
}

/* The path (or the node at every time), or NO SOLUTION; a list of models
 * as numbered solutions. */
static void write_solutions(FILE *out, const maze_result *r, int times) {
  if (!r->solved) {
    fputs("NO SOLUTION\n", out);
    return;
  }
  const maze_puzzle *p = maze_encoding_puzzle(r->encoding);
  for (size_t k = 0; k < r->num_solutions; k++) {
    if (r->list)
      fprintf(out, "Solution %zu: ", k + 1);
    if (times)
      write_nodes(out, p, r->times + k * r->num_times, r->num_times);
    else
      write_nodes(out, p, r->paths + r->path_start[k],
                  r->path_start[k + 1] - r->path_start[k]);
    if (!r->list)
      break; /* one model: one path */
  }
}

/* read_result(o, r): the answer read into r, or 1 after reporting (cli.h). */
CLI_READ_RESULT(maze, MAZE)

/* check_proof(proof, r): --check-proof, against the maze's clauses rebuilt
 * from the key, or 1 after reporting (proofcheck.h). */
CLI_CHECK_PROOF(maze, "maze")

int main(int argc, char **argv) {
  maze_back_options o = {0};
  if (cli_parse(&maze_back_cli, argc, argv, &o) || cli_files_done(&o.files) ||
      cli_proof_input_clash(o.check_proof, o.files.input))
    return 1;
  maze_result r;
  if (read_result(&o, &r))
    return 1;
  /* A proof that fails stops everything: nothing on stdout. */
  FILE *out = o.check_proof && check_proof(o.check_proof, &r)
                  ? NULL
                  : cli_open_output_or_report(o.files.output);
  if (!out) {
    maze_result_clear(&r);
    return 1;
  }
  write_solutions(out, &r, o.times);
  maze_result_clear(&r);
  return cli_close_output(out, o.files.output, 0);
}
