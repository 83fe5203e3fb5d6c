/* maze-front - a maze and a treasure hunt in; clauses for a SAT solver out,
 * with the key that maze-back needs to read the solver's answer. */
#include <maze.h>

#include "cli.h"
#include "cmdline.h"
#include "emit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cli_tool = "maze-front";

/* The maze file, read and parsed; errors reported. */
static int load_puzzle(const maze_front_options *o, maze_puzzle **out) {
  char *text;
  size_t size;
  if (cli_read_input(o->files.input, &text, &size))
    return 1;
  maze_error why;
  int rc = maze_puzzle_parse(text, size, out, &why);
  free(text);
  if (rc)
    return cli_input_error(o->files.input, rc == MAZE_ENOMEM, why.line,
                           why.column, why.message);
  return 0;
}

/* emit_encoding: maze_encoding_emit in emit_problem's shape (emit.h). */
EMIT_ENCODER(maze)

/* Writes the clauses and the key; returns 0, or 1 after reporting an
 * error other than a failed write, which *write_error receives. */
static int write_clauses(const maze_puzzle *p, const maze_front_options *o,
                         FILE *out, int *write_error) {
  int rc;
  maze_encoding *e = maze_encoding_new(p, &rc);
  if (e && o->no_prune)
    rc = maze_encoding_set_option(e, "prune", 0);
  if (!e || rc) {
    maze_encoding_free(e);
    return cli_error("%s", maze_strerror(rc));
  }
  const emit_front_encoding front = {maze_key_text(e, NULL),
                                     maze_encoding_atoms(e),
                                     maze_encoding_clauses(e),
                                     emit_encoding,
                                     e,
                                     maze_strerror};
  rc = emit_front(out, o->dimacs, o->key_out, o->max_clauses, &front,
                  write_error);
  maze_encoding_free(e);
  return rc;
}

int main(int argc, char **argv) {
  maze_front_options o = {0};
  if (cli_parse(&maze_front_cli, argc, argv, &o) || cli_files_done(&o.files))
    return 1;
  maze_puzzle *p = NULL;
  if (load_puzzle(&o, &p))
    return 1;
  FILE *out = cli_open_output_or_report(o.files.output);
  if (!out) {
    maze_puzzle_free(p);
    return 1;
  }
  int write_error = 0;
  int rc = write_clauses(p, &o, out, &write_error);
  maze_puzzle_free(p);
  /* A failure above has been reported; close without a second message. */
  return cli_end_output(out, o.files.output, rc, write_error);
}
