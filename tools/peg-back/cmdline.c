/* cmdline.c - peg-back's options, its --help and its --version. */
#include "cmdline.h"

#include <peg.h>

typedef peg_back_options opts;

static const cli_option rows[] = {
    {'D', "draw", NULL, CLI_FLAG(opts, draw),
     "also draw the board at the start and after every jump (each jump line "
     "still starts with Jump()",
     NULL, NULL},
    {0, "html", "FILE", CLI_VALUE(opts, html),
     "also write to FILE a web page that replays the solution: the board "
     "drawn, the jumps listed, buttons to step through them or play them "
     "(self-contained: open it in any browser, no network needed; "
     "FILE#step=K opens it at step K); with no solution, no page is "
     "written",
     NULL, NULL},
    {'k', "key", "FILE", CLI_VALUE(opts, key),
     "read the key from FILE: the CNF file of peg-front --dimacs or the "
     "file of peg-front --key-out; needed for the answer of another solver "
     "(s and v lines, as CaDiCaL, Kissat, PicoSAT, CryptoMiniSat and dpll "
     "on a DIMACS file write it, or MiniSat's result file), which carries "
     "no key",
     NULL, NULL},
    {0, "check-proof", "PROOF", CLI_VALUE(opts, check_proof),
     "when the answer says there is no solution, check that PROOF, a DRAT "
     "proof (text or binary, as dpll --proof writes it), refutes the "
     "board's own clauses, which peg-back rebuilds from the key: NO "
     "SOLUTION is then proved, and a proof that does not refute them is an "
     "error; with a solution, which is replayed, PROOF is not read",
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
    "The jumps are replayed on the board before they are written.  Before\n"
    "NO SOLUTION, one line on standard error says why: the position classes\n"
    "(a parity that no jump changes) when they rule the goal out, else that\n"
    "it is the solver's answer, unchecked; with --check-proof PROOF, that\n"
    "the solver's DRAT proof refutes the board's clauses.\n"
    "\n"
    "Several models (dpll --all or --solutions K) give every distinct play,\n"
    "each under a line 'Solution K' and followed by an empty line, then a\n"
    "line 'N solutions, all there are' (dpll went through them all) or\n"
    "'N solutions; there may be more'.\n"
    "Another solver's answer (s and v lines, or MiniSat's result file) is\n"
    "read too, with the key given by --key.\n"
    "\n"
    "  peg-front board.txt | dpll | peg-back\n"
    "  peg-front --exact board.txt | dpll --all | peg-back\n"
    "  peg-front board.txt | dpll --proof p.drat | peg-back --check-proof "
    "p.drat\n"
    "  peg-front --dimacs board.txt > f.cnf; cadical f.cnf | peg-back --key "
    "f.cnf\n";

static const char epilogue[] =
    "Exit status: 0 when the jumps or NO SOLUTION were written; 1 on an\n"
    "error: input that is not dpll's answer with a peg-front key, a\n"
    "valuation that is not a legal play, an --html FILE that cannot be\n"
    "written, or a --check-proof PROOF that cannot be read or does not\n"
    "refute the board's clauses (one line on standard error, nothing\n"
    "written).\n";

const cli_spec peg_back_cli = {rows, offsetof(opts, files), usage, epilogue,
                               "peg-back " PEG_VERSION "\n"};
