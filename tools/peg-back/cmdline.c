/* cmdline.c - peg-back's options, its --help and its --version. */
#include "cmdline.h"

#include <peg.h>

typedef peg_back_options opts;

static const cli_option rows[] = {
    {'D', "draw", NULL, CLI_FLAG(opts, draw),
     "also draw the board at the start and after every jump (each jump line "
     "still starts with Jump()",
     NULL, NULL},
    CLI_OUTPUT_ROW(opts, files),
    {0}};

static const char usage[] =
    "Usage: peg-back [OPTIONS] [INPUT [OUTPUT]]\n"
    "Read dpll's answer to peg-front's clauses (the valuation, the line\n"
    "'0', and peg-front's key) from INPUT (default standard input, or\n"
    "'-') and write the solution to OUTPUT (default standard output): one\n"
    "jump per line in the order played, as Jump(A,B,C,I) -- at time I the\n"
    "peg in hole A jumps over B into C -- or the line NO SOLUTION.\n"
    "The jumps are replayed on the board before they are written.  Of\n"
    "several models (dpll --all or --solutions) the first is written.\n"
    "\n"
    "  peg-front board.txt | dpll | peg-back\n";

static const char epilogue[] =
    "Exit status: 0 when the jumps or NO SOLUTION were written; 1 on an\n"
    "error: input that is not dpll's answer with a peg-front key, or a\n"
    "valuation that is not a legal play (one line on standard error,\n"
    "nothing written).\n";

const cli_spec peg_back_cli = {rows, offsetof(opts, files), usage, epilogue,
                               "peg-back " PEG_VERSION "\n"};
