/* cmdline.c - peg-front's options, its --help and its --version. */
#include "cmdline.h"
#include "emit.h"

#include <peg.h>

typedef peg_front_options opts;

/* The library's list of at-most-one encodings, so that a new one needs
 * no change here. */
static const cli_choice at_most_one[] = {
#define AMO_CHOICE(NAME, value, name, summary) {#name, value},
    PEG_AMO_ENCODINGS(AMO_CHOICE)
#undef AMO_CHOICE
        {NULL, 0}};

static const cli_option rows[] = {
    {'b', "board", "NAME", CLI_VALUE(opts, board),
     "a board from the catalogue instead of a file: triangleR (R rows, e.g. "
     "triangle5), english, french, wiegleb, diamond (see --list)",
     NULL, NULL},
    {'e', "empty", "H", CLI_VALUE(opts, empty),
     "start with every hole but H holding a peg (0: the solver chooses the "
     "empty hole)",
     NULL, NULL},
    CLI_OUTPUT_ROW(opts, files),
    EMIT_KEY_OUT_ROW(opts, key_out, "peg-back"),
    EMIT_MAX_CLAUSES_ROW(opts, max_clauses),
    EMIT_DIMACS_ROW(opts, dimacs),
    {0, "exact", NULL, CLI_FLAG(opts, exact),
     "only the axioms, whose models are exactly the plays: no canonical "
     "order, no position classes",
     NULL, NULL},
    {0, "no-canonical-order", NULL, CLI_FLAG(opts, no_order),
     "allow every order of jumps that touch different holes (by default "
     "only some)",
     NULL, NULL},
    {0, "no-position-classes", NULL, CLI_FLAG(opts, no_classes),
     "do not rule out what the position classes (parities no jump changes) "
     "show unreachable",
     NULL, NULL},
    {0, "at-most-one", "HOW", CLI_CHOICE(opts, amo),
     "how to say that at most one of the J jumps of a step happens: "
     "pairwise (default: a clause for every two), sequential (a counter: "
     "3J-4 clauses, J-1 more atoms), product (a grid of about sqrt(J) rows "
     "and columns: about 2J clauses, 2 sqrt(J) atoms) or commander (groups "
     "of three: about 3.5J clauses, J/2 atoms)",
     at_most_one, NULL},
    {0, "file-order", NULL, CLI_FLAG(opts, file_order),
     "number the atoms in the board file's order of holes and triples (by "
     "default in an order found from the board itself, the same for every "
     "numbering of its holes)",
     NULL, NULL},
    {0, "no-at-least-one", NULL, CLI_FLAG(opts, no_at_least_one),
     "leave out the clauses that say some jump happens at every step", NULL,
     NULL},
    {'c', "count", NULL, CLI_FLAG(opts, count),
     "count the plays from the start to the goal instead of writing "
     "clauses: libdpll finds them one by one, each forbidden once found "
     "(every order of the jumps counts)",
     NULL, NULL},
    {0, "hint", NULL, CLI_FLAG(opts, hint),
     "instead of writing clauses, say which jumps from the start (or from "
     "the position --played leaves) still lead to the goal, each settled "
     "by a solve: a winning jump with a whole play, a losing one proved",
     NULL, NULL},
    {'t', "threads", "N", CLI_VALUE(opts, threads),
     "with --count or --hint: N solvers, each in a thread of its own, share "
     "out the first jumps (0: one per core; default 1)",
     NULL, NULL},
    {0, "played", "FILE", CLI_VALUE(opts, played),
     "with --hint: the jumps played so far, as peg-back writes them "
     "(Jump(A,B,C,I) lines from I = 1)",
     NULL, NULL},
    {'w', "write-board", NULL, CLI_FLAG(opts, write_board),
     "write the board file instead of clauses", NULL, NULL},
    {'l', "list", NULL, CLI_FLAG(opts, list), "list the catalogue and exit",
     NULL, NULL},
    {0}};

static const char usage[] =
    "Usage: peg-front [OPTIONS] [BOARD [OUTPUT]]\n"
    "Turn a peg-solitaire puzzle into clauses: every model of them is a\n"
    "way to play from the start to the goal.  BOARD is a board file\n"
    "(docs/boards.md); without it, or with '-', standard input.  The\n"
    "clauses go to OUTPUT (default standard output) in the DP format, with\n"
    "a key after the line '0' that lets peg-back read the answer:\n"
    "\n"
    "  peg-front board.txt | dpll | peg-back\n";

static const char epilogue[] =
    "With --count, the number of plays is written (one line); with --hint,\n"
    "a line per legal jump, 'Jump(A,B,C,I) wins: ...' with a whole play or\n"
    "'Jump(A,B,C,I) loses', and a count of the winners.\n"
    "\n"
    "Exit status: 0 on success; 1 on an error (one line on standard error,\n"
    "FILE:LINE:COLUMN: for a malformed board or --played file; nothing\n"
    "written).\n";

const cli_spec peg_front_cli = {rows, offsetof(opts, files), usage, epilogue,
                                "peg-front " PEG_VERSION "\n"};
