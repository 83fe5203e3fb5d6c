/* cmdline.c - dpll's options, its --help and its --version. */
#include "cmdline.h"

#include <stddef.h>

typedef dpll_tool_options opts;

/* ---- The solver's options ------------------------------------------------
 * A row each of libdpll's table, DPLL_OPTIONS.  The row's kind, pasted to
 * a prefix, gives the rest: SOLVER_ the placeholder, the kind of value and
 * a choice's names and word for messages; AT_ the member of
 * dpll_tool_setting the value goes to; SETS_ the value a flag sets. */
#define SOLVER_DPLL_FLAG(value) .to.kind = CLI_KIND_FLAG
#define SOLVER_DPLL_NUMBER .arg = "N", .to.kind = CLI_KIND_VALUE
#define SOLVER_DPLL_CHOICE(list, placeholder, word)                            \
  .arg = placeholder, .to.kind = CLI_KIND_CHOICE,                              \
  .choices = (const cli_choice[]){list(CHOICE){NULL, 0}}, .what = word
#define CHOICE(constant, id, text, doc) {text, id},

#define AT_DPLL_FLAG(value) offsetof(dpll_tool_setting, flag)
#define AT_DPLL_NUMBER offsetof(dpll_tool_setting, number)
#define AT_DPLL_CHOICE(list, placeholder, word)                                \
  offsetof(dpll_tool_setting, choice)

#define SETS_DPLL_FLAG(value) value
#define SETS_DPLL_NUMBER 0
#define SETS_DPLL_CHOICE(list, placeholder, word) 0

#define SOLVER_ROW(option, def, lo, hi, doc, kind, short_name, long_name,      \
                   text)                                                       \
  {.alias = short_name,                                                        \
   .name = long_name,                                                          \
   .help = text,                                                               \
   SOLVER_##kind,                                                              \
   .to.at = offsetof(opts, solver[DPLL_TOOL_##option]) + AT_##kind},

#define SOLVER_OPTION(option, def, lo, hi, doc, kind, short_name, long_name,   \
                      text)                                                    \
  {"--" long_name, SETS_##kind},

const dpll_tool_solver_option
    dpll_tool_solver_options[DPLL_TOOL_SOLVER_OPTIONS] = {
        DPLL_OPTIONS(SOLVER_OPTION)};

/* ---- The tool's own ------------------------------------------------------ */

static const cli_choice formats[] = {{"auto", DPLL_FORMAT_AUTO},
                                     {"dp", DPLL_FORMAT_DP},
                                     {"dimacs", DPLL_FORMAT_DIMACS},
                                     {"icnf", DPLL_FORMAT_ICNF},
                                     {NULL, 0}};

static const cli_choice proof_formats[] = {
    {"text", DPLL_PROOF_TEXT}, {"binary", DPLL_PROOF_BINARY}, {NULL, 0}};

static const cli_option rows[] = {
    {'f', "format", "FORMAT", CLI_CHOICE(opts, format),
     "read FORMAT: auto (default), dp, dimacs or icnf (cubes to solve one "
     "by one, see below)",
     formats, "format"},
    {0, "relaxed", NULL, CLI_FLAG(opts, relaxed),
     "accept DIMACS as MiniSat does: header counts the clauses do not "
     "match, a comment after a clause's 0 (with one warning)",
     NULL, NULL},
    CLI_OUTPUT_ROW(opts, files),
    /* the solver's options, in the order of DPLL_OPTIONS */
    DPLL_OPTIONS(SOLVER_ROW)
    /* then the tool's own again */
    {0, "time-limit", "S", CLI_VALUE(opts, time_limit),
     "give up after S seconds of wall-clock time since dpll started (a "
     "decimal number; the search stops within a second, reading is not cut "
     "short); SIGINT and SIGTERM stop the search too",
     NULL, NULL},
    {0, "cubes", "N", CLI_VALUE(opts, cubes),
     "write cubes instead of an answer: split the clauses by the lookahead "
     "into N cubes (fewer if branches are refuted or fully satisfied; N up "
     "to 2^20) and write the clauses and the cubes as iCNF, for dpll-cc or "
     "any iCNF solver",
     NULL, NULL},
    {0, "cube-depth", "D", CLI_VALUE(opts, cube_depth),
     "as --cubes, but split every branch D times (1 to 20); with --cubes "
     "too, whichever bound comes first",
     NULL, NULL},
    {0, "all", NULL, CLI_FLAG(opts, all),
     "write every model, one answer after another (see below); the list "
     "ends in the unsatisfiable answer when it is complete",
     NULL, NULL},
    {0, "solutions", "K", CLI_VALUE(opts, solutions),
     "as --all, but stop after K models (a positive number)", NULL, NULL},
    {0, "project", "VARS", CLI_VALUE(opts, project),
     "with --all or --solutions: models count as different only when they "
     "differ on VARS, a list such as 1-20,25 (each model is still written "
     "whole)",
     NULL, NULL},
    {0, "proof", "FILE", CLI_VALUE(opts, proof),
     "write a DRAT proof of an unsatisfiable answer to FILE ('-': "
     "standard output, before the answer; with a satisfiable answer it "
     "holds what was learned, without the empty clause)",
     NULL, NULL},
    {0, "proof-format", "FORMAT", CLI_CHOICE(opts, proof_format),
     "the proof's format: text (default) or binary DRAT", proof_formats,
     "proof format"},
    {'v', "verbose", NULL, CLI_FLAG(opts, verbose),
     "print a progress line ('c ...': time, conflicts, restarts, learned "
     "clauses, propagations per second) to standard error every second",
     NULL, NULL},
    {'s', "stats", NULL, CLI_FLAG(opts, stats),
     "print search statistics to standard error", NULL, NULL},
    {'T', "trace", NULL, CLI_FLAG(opts, trace),
     "print every step of the search to standard error", NULL, NULL},
    {0}};

static const char usage[] =
    "Usage: dpll [OPTIONS] [INPUT [OUTPUT]]\n"
    "Decide whether the clauses in INPUT can all be true, and write the\n"
    "answer to OUTPUT.  INPUT and OUTPUT default to standard input and\n"
    "output; '-' names them too.\n"
    "\n"
    "Input is detected as one of:\n"
    "  DP      one clause per line, a line '0' after the last; the bytes\n"
    "          after it (the back matter) are copied after the answer.\n"
    "          Answer: 'N T' or 'N F' for every variable, then '0'; only\n"
    "          '0' if the clauses cannot be satisfied.\n"
    "  DIMACS  a 'p cnf VARIABLES CLAUSES' header, clauses ending in 0.\n"
    "          Answer: 's SATISFIABLE' and 'v' lines, or\n"
    "          's UNSATISFIABLE'.\n"
    "  iCNF    a 'p inccnf' header, DIMACS clauses, then cubes, one\n"
    "          'a LITERALS 0' line each (as --cubes writes them).  Each cube\n"
    "          is solved in turn under its literals: the answer, as for\n"
    "          DIMACS, is the first model found, or unsatisfiable when every\n"
    "          cube is refuted.  Without cubes, the clauses are solved.\n"
    "\n"
    "With --all or --solutions, the answers are written one after another:\n"
    "  DP      each model as above, ending in '0'; if the list is complete,\n"
    "          the unsatisfiable answer '0' follows; then the back matter.\n"
    "  DIMACS  's SATISFIABLE' and 'v' lines for each model; if the list is\n"
    "          complete, 's SOLUTIONS N' follows.\n";

static const char epilogue[] =
    "Exit status:\n"
    "   0  DP input: an answer was written (satisfiable or not);\n"
    "      DIMACS and iCNF input: a limit, SIGINT or SIGTERM stopped the\n"
    "      search ('s UNKNOWN'); --cubes: the cubes were written\n"
    "  10  DIMACS and iCNF input: satisfiable\n"
    "  20  DIMACS and iCNF input: unsatisfiable\n"
    "   1  an error: bad input, a file that cannot be read or written,\n"
    "      a bad option; nothing is written to OUTPUT\n"
    "   2  DP input: a limit, SIGINT or SIGTERM stopped the search;\n"
    "      nothing is written (with --all or --solutions, the models\n"
    "      found so far are, if any, without the closing '0')\n"
    "With --all or --solutions, DIMACS input exits with 10 if a model was\n"
    "written, 20 if there is none, 0 if stopped before the first; a list\n"
    "that a stop cut short ends in 's UNKNOWN'.\n";

const cli_spec dpll_tool_cli = {rows, offsetof(opts, files), usage, epilogue,
                                "dpll " DPLL_VERSION "\n"};
