/* cmdline.c - maze-back's options, its --help and its --version. */
#include "cmdline.h"

#include <maze.h>

typedef maze_back_options opts;

static const cli_option rows[] = {
    {'t', "times", NULL, CLI_FLAG(opts, times),
     "write the node at every time 0 to K instead, stays included (START "
     "START C F: the player stayed at START for one step)",
     NULL, NULL},
    {'k', "key", "FILE", CLI_VALUE(opts, key),
     "read the key from FILE: the CNF file of maze-front --dimacs or the "
     "file of maze-front --key-out; needed for the answer of another "
     "solver (s and v lines, or MiniSat's result file), which carries no "
     "key",
     NULL, NULL},
    {0, "check-proof", "PROOF", CLI_VALUE(opts, check_proof),
     "when the answer says there is no solution, check that PROOF, a DRAT "
     "proof (text or binary, as dpll --proof writes it), refutes the maze's "
     "own clauses, which maze-back rebuilds from the key: NO SOLUTION is "
     "then proved (one line on standard error says so), and a proof that "
     "does not refute them is an error; with a solution, which is "
     "replayed, PROOF is not read",
     NULL, NULL},
    CLI_OUTPUT_ROW(opts, files),
    {0}};

static const char usage[] =
    "Usage: maze-back [OPTIONS] [INPUT [OUTPUT]]\n"
    "Read dpll's answer to maze-front's clauses (the valuation, the line\n"
    "'0', and maze-front's key) from INPUT (default standard input, or\n"
    "'-') and write the path to OUTPUT (default standard output): one line\n"
    "of the nodes passed, from START, separated by blanks (a stay is not\n"
    "repeated), or the line NO SOLUTION.  The path is replayed on the maze\n"
    "before it is written.  Of several models (dpll --all or --solutions)\n"
    "each distinct path is written once, numbered: 'Solution 1: START C F'.\n"
    "Another solver's answer (s and v lines, or MiniSat's result file) is\n"
    "read too, with the key given by --key.  NO SOLUTION is the solver's\n"
    "word unless --check-proof checks its proof.\n"
    "\n"
    "  maze-front maze.txt | dpll | maze-back\n"
    "  maze-front maze.txt | dpll --proof p.drat | maze-back --check-proof "
    "p.drat\n"
    "  maze-front --dimacs maze.txt > m.cnf; cadical m.cnf | maze-back --key "
    "m.cnf\n";

static const char epilogue[] =
    "Exit status: 0 when the path or NO SOLUTION was written; 1 on an\n"
    "error: input that is not dpll's answer with a maze-front key, a\n"
    "valuation that is not a legal path collecting the treasures, or a\n"
    "--check-proof PROOF that cannot be read or does not refute the maze's\n"
    "clauses (one line on standard error, nothing written).\n";

const cli_spec maze_back_cli = {rows, offsetof(opts, files), usage, epilogue,
                                "maze-back " MAZE_VERSION "\n"};
