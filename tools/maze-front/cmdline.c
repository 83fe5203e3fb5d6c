/* cmdline.c - maze-front's options, its --help and its --version. */
#include "cmdline.h"
#include "emit.h"

#include <maze.h>

typedef maze_front_options opts;

static const cli_option rows[] = {
    CLI_OUTPUT_ROW(opts, files),
    EMIT_KEY_OUT_ROW(opts, key_out, "maze-back"),
    EMIT_MAX_CLAUSES_ROW(opts, max_clauses),
    EMIT_DIMACS_ROW(opts, dimacs),
    {0, "no-prune", NULL, CLI_FLAG(opts, no_prune),
     "write the full encoding: every node and every treasure at every time "
     "(by default treasures not asked for are left out, and a node at a "
     "time only if it can be reached from START by then)",
     NULL, NULL},
    {0}};

static const char usage[] =
    "Usage: maze-front [OPTIONS] [MAZE [OUTPUT]]\n"
    "Turn a treasure hunt in a maze into clauses: every model of them is a\n"
    "path from START that collects the treasures asked for in at most the\n"
    "steps allowed.  MAZE is a maze file (docs/maze.md); without it, or\n"
    "with '-', standard input.  The clauses go to OUTPUT (default standard\n"
    "output) in the DP format, with a key after the line '0' that lets\n"
    "maze-back read the answer:\n"
    "\n"
    "  maze-front maze.txt | dpll | maze-back\n";

static const char epilogue[] =
    "Exit status: 0 on success; 1 on an error (one line on standard error,\n"
    "FILE:LINE:COLUMN: for a malformed maze file; nothing written).\n";

const cli_spec maze_front_cli = {rows, offsetof(opts, files), usage, epilogue,
                                 "maze-front " MAZE_VERSION "\n"};
