/* cmdline.c - dpll's options, its --help and its --version. */
#include "cmdline.h"

#include <dpll.h>

typedef dpll_tool_options opts;

static const cli_choice formats[] = {{"auto", DPLL_FORMAT_AUTO},
                                     {"dp", DPLL_FORMAT_DP},
                                     {"dimacs", DPLL_FORMAT_DIMACS},
                                     {"icnf", DPLL_FORMAT_ICNF},
                                     {NULL, 0}};

static const cli_choice algorithms[] = {{"auto", DPLL_ALGORITHM_AUTO},
                                        {"cdcl", DPLL_ALGORITHM_CDCL},
                                        {"dpll", DPLL_ALGORITHM_DPLL},
                                        {NULL, 0}};

/* The library's heuristics under their library names (dpll_heuristic_name;
 * tests/test_tool_options.c checks that the two lists agree), in the order
 * of --help. */
static const cli_choice heuristics[] = {{"auto", DPLL_HEURISTIC_AUTO},
                                        {"first", DPLL_HEURISTIC_FIRST},
                                        {"jw", DPLL_HEURISTIC_JW},
                                        {"dlis", DPLL_HEURISTIC_DLIS},
                                        {"activity", DPLL_HEURISTIC_ACTIVITY},
                                        {"random", DPLL_HEURISTIC_RANDOM},
                                        {NULL, 0}};

static const cli_choice restarts[] = {{"glucose", DPLL_RESTARTS_GLUCOSE},
                                      {"luby", DPLL_RESTARTS_LUBY},
                                      {"mixed", DPLL_RESTARTS_MIXED},
                                      {"none", DPLL_RESTARTS_NONE},
                                      {NULL, 0}};

/* The option "target_phase" has no named constants in dpll.h: its values
 * are documented there as 0, 1 and 2. */
/* The option "rephase" by name. */
static const cli_choice rephases[] = {
    {"never", 0}, {"best", 1}, {"turns", 2}, {"walk", 3}, {NULL, 0}};

static const cli_choice targets[] = {
    {"never", 0}, {"luby", 1}, {"always", 2}, {NULL, 0}};

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
    {'a', "algorithm", "NAME", CLI_CHOICE(opts, algorithm),
     "the search: auto (default: dpll with --lookahead when the clauses "
     "look like random k-SAT near its threshold; cdcl otherwise), "
     "cdcl (conflict learning, backjumping, restarts) or dpll (classic: "
     "chronological backtracking)",
     algorithms, "algorithm"},
    {'H', "heuristic", "NAME", CLI_CHOICE(opts, heuristic),
     "how to pick the variable to split on: auto (default: activity for "
     "cdcl, first for dpll), first, jw, dlis, activity, random",
     heuristics, "heuristic"},
    {0, "lookahead", NULL, CLI_FLAG(opts, lookahead),
     "dpll: before each split, try both values of the most promising free "
     "variables by propagation; set the other value of one that fails, and "
     "split on the variable whose trials shorten the most clauses (instead "
     "of the heuristic)",
     NULL, NULL},
    {0, "no-pure", NULL, CLI_FLAG(opts, no_pure),
     "no pure-literal elimination (dpll: before every decision; cdcl: once, "
     "at the start)",
     NULL, NULL},
    {0, "restarts", "POLICY", CLI_CHOICE(opts, restarts),
     "cdcl restarts: luby (default), glucose, mixed (both by turns) or none",
     restarts, "restart policy"},
    {0, "target-phase", "WHEN", CLI_CHOICE(opts, target),
     "cdcl: decide as in the longest trail without conflict since the last "
     "restart: never, luby (default: while Luby restarts are in force) or "
     "always",
     targets, NULL},
    {0, "no-reduce", NULL, CLI_FLAG(opts, no_reduce),
     "cdcl: keep every learned clause", NULL, NULL},
    {0, "no-lucky", NULL, CLI_FLAG(opts, no_lucky),
     "cdcl: no lucky descents (every variable false, then true, in index "
     "order and backwards) before the search",
     NULL, NULL},
    {0, "no-eliminate", NULL, CLI_FLAG(opts, no_eliminate),
     "cdcl: no bounded variable elimination before the search", NULL, NULL},
    {0, "no-minimize", NULL, CLI_FLAG(opts, no_minimize),
     "cdcl: learn clauses as analysis finds them", NULL, NULL},
    {0, "vivify", NULL, CLI_FLAG(opts, vivify),
     "cdcl: now and then shorten learned clauses by probing their literals "
     "(vivification)",
     NULL, NULL},
    {0, "luby-unit", "N", CLI_VALUE(opts, luby_unit),
     "cdcl: conflicts per unit of the Luby restart sequence (default 1024)",
     NULL, NULL},
    {0, "rephase", "HOW", CLI_CHOICE(opts, rephase),
     "cdcl: now and then, at a restart, reset the saved phases: never, "
     "best (default: to the longest trail without conflict since the last "
     "reset), turns (best, all false, best, all true, best, flipped) or walk "
     "(best, then a local search's best assignment, by turns)",
     rephases, NULL},
    {0, "seed", "N", CLI_VALUE(opts, seed),
     "seed for the random heuristic (default 0)", NULL, NULL},
    {'t', "threads", "N", CLI_VALUE(opts, threads),
     "run N searches at once, each in its own thread (a portfolio): the "
     "first as configured, the others with other seeds, variable orders, "
     "restarts and phases, all sharing units and short learned clauses; "
     "the first answer wins (0: one per core; default 1). A solve with "
     "--trace runs one search; --proof needs -t 1",
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
    {0, "max-decisions", "N", CLI_VALUE(opts, max_decisions),
     "give up when more than N decisions are needed", NULL, NULL},
    {0, "max-conflicts", "N", CLI_VALUE(opts, max_conflicts),
     "give up after N conflicts", NULL, NULL},
    {0, "time-limit", "S", CLI_VALUE(opts, time_limit),
     "give up after S seconds of wall-clock time since dpll started (a "
     "decimal number; the search stops within a second, reading is not cut "
     "short); SIGINT and SIGTERM stop the search too",
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
