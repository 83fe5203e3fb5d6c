/* dpll.h - the whole public API of libdpll, a small DPLL SAT solver.
 *
 * OVERVIEW
 *
 * libdpll decides whether a formula in conjunctive normal form (a set of
 * clauses) is satisfiable, and if it is, gives a model.  Literals are
 * non-zero ints as in DIMACS: variable 3 is the literal 3, its negation -3.
 * Variables are numbered from 1 and come into existence when a call first
 * mentions them.
 *
 * Two engines share one clause database, unit propagation and splitting
 * order.  The default, "cdcl", learns a clause from every conflict, jumps
 * back to where it asserts a literal, restarts, and deletes learned clauses
 * now and then.  The classic Davis-Putnam-Logemann-Loveland search, "dpll"
 * (option "algorithm"), uses pure literals, a chosen splitting heuristic
 * and chronological backtracking; its steps are public too (dpll_propagate,
 * dpll_eliminate_pure, dpll_choose, dpll_decide, dpll_backtrack).
 *
 * EXAMPLE
 *
 *     #include <dpll.h>
 *     #include <stdio.h>
 *
 *     int main(void) {
 *       dpll_solver *s = dpll_new();
 *       if (!s) return 1;
 *       int c1[] = {1, 2, 3}, c2[] = {-2, 3}, c3[] = {-3};
 *       dpll_add_clause(s, c1, 3);
 *       dpll_add_clause(s, c2, 2);
 *       dpll_add_clause(s, c3, 1);
 *       int res = dpll_solve(s);                 // 10, 20, 0 or an error
 *       if (res == DPLL_SAT)
 *         for (int v = 1; v <= dpll_num_vars(s); v++)
 *           printf("%d %c\n", v, dpll_model(s, v) == 1 ? 'T' : 'F');
 *       else if (res < 0)
 *         fprintf(stderr, "%s\n", dpll_strerror(res));
 *       dpll_free(s);
 *       return 0;
 *     }
 *
 * STATES
 *
 * A solver is in one of four states, as in IPASIR:
 *   INPUT    after dpll_new, and after any call that changes the formula or
 *            the assignment (adding clauses, the step functions);
 *   SAT      after dpll_solve returned DPLL_SAT: dpll_model is available;
 *   UNSAT    after dpll_solve returned DPLL_UNSAT;
 *   UNKNOWN  after dpll_solve returned DPLL_UNKNOWN (a limit or the
 *            terminate callback stopped it).
 * Once shown unsatisfiable, the solver stays so.  Clauses may be added
 * after a solve; the next solve starts afresh on the larger formula.
 *
 * ERRORS AND OWNERSHIP
 *
 * Every call that can fail returns an int: 0 (or a documented non-negative
 * result) on success, or a negative DPLL_E... code; dpll_strerror turns a
 * code into a message.  The library never prints, never exits, never aborts
 * on bad input and keeps no global state: any number of solvers may live at
 * once, each used by one thread at a time.  With the option "threads"
 * above 1, dpll_solve runs searches in threads of its own and joins them
 * before it returns (docs/parallel.md).  Inputs are copied.  Pointers
 * handed out are borrowed: valid until the next call on the same solver,
 * unless stated otherwise.  No file is opened: the caller owns the streams.
 */
#ifndef DPLL_DPLL_H_INCLUDED
#define DPLL_DPLL_H_INCLUDED

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(DPLL_BUILDING_LIBRARY) && defined(__GNUC__)
#define DPLL_API __attribute__((visibility("default")))
#else
#define DPLL_API
#endif

#define DPLL_VERSION "0.1.0"

/* The largest variable a solver accepts; larger literals (and INT_MIN) are
 * DPLL_ERANGE.  Memory grows with the largest variable mentioned (about
 * 130 bytes each): the bound keeps a stray huge number from using it up. */
#define DPLL_MAX_VAR ((1 << 24) - 1)

/* ------------------------------------------------------------------------
 * Results and error codes
 * ------------------------------------------------------------------------ */

/* Results of dpll_solve, the numbers SAT competitions use. */
#define DPLL_UNKNOWN 0
#define DPLL_SAT 10
#define DPLL_UNSAT 20

/* Result of dpll_propagate when a clause became false. */
#define DPLL_CONFLICT 1

/* One list yields the codes and the messages of dpll_strerror. */
#define DPLL_ERRORS(X)                                                         \
  X(EINVAL, -1, "invalid argument")                                            \
  X(ERANGE, -2, "literal is 0, INT_MIN, or beyond DPLL_MAX_VAR")               \
  X(ENOMEM, -3, "out of memory")                                               \
  X(ENOVAR, -4, "no such variable: no call has mentioned it")                  \
  X(EOPEN, -5, "a clause begun with dpll_add is not closed by 0")              \
  X(ENOMODEL, -6, "no model: the last dpll_solve did not return DPLL_SAT")     \
  X(ENOANSWER, -7, "no answer to write: the last dpll_solve gave none")        \
  X(EASSIGNED, -8, "the literal's variable is already assigned")               \
  X(EPENDING, -9, "unit propagation is not at a fixpoint: propagate first")    \
  X(ECONFLICT, -10, "a conflict is pending: backtrack first")                  \
  X(ELEVEL, -11, "no such decision level")                                     \
  X(EOPTION, -12, "no such option")                                            \
  X(EVALUE, -13, "option value out of range")                                  \
  X(EHEURISTIC, -14, "no such heuristic")                                      \
  X(EPARSE, -15, "malformed input")                                            \
  X(EIO, -16, "read or write error")                                           \
  X(EINTERNAL, -17,                                                            \
    "internal error: a model failed the solver's own check (please report)")

enum dpll_error {
#define DPLL_ERROR_ENUM(name, code, text) DPLL_##name = code,
  DPLL_ERRORS(DPLL_ERROR_ENUM)
#undef DPLL_ERROR_ENUM
};

/* A static message (never NULL) for any code this API returns. */
DPLL_API const char *dpll_strerror(int code);

/* The library's version string, e.g. "0.1.0". */
DPLL_API const char *dpll_version(void);

/* ------------------------------------------------------------------------
 * The handle
 * ------------------------------------------------------------------------ */

typedef struct dpll_solver dpll_solver;

/* A new, empty solver in state INPUT, owned by the caller (NULL: no memory). */
DPLL_API dpll_solver *dpll_new(void);

/* Frees the solver and everything it owns.  dpll_free(NULL) does nothing. */
DPLL_API void dpll_free(dpll_solver *s);

/* ------------------------------------------------------------------------
 * The clause database
 * ------------------------------------------------------------------------ */

/* Adds the clause lits[0..n-1] (copied).  Repeated literals are merged; a
 * clause holding a literal and its negation is always true and is dropped
 * (its variables still come into existence); the empty clause (n == 0)
 * makes the formula unsatisfiable.  Any decisions of a step-by-step search
 * are undone first.  Returns 0, DPLL_ERANGE (nothing is added), DPLL_EOPEN
 * (a dpll_add clause is open) or DPLL_ENOMEM.  lits may be NULL if n == 0. */
DPLL_API int dpll_add_clause(dpll_solver *s, const int *lits, size_t n);

/* Adds a clause literal by literal, IPASIR style: each non-zero lit extends
 * the open clause, 0 closes and adds it as dpll_add_clause does.  Returns
 * 0, DPLL_ERANGE (the open clause is kept, the bad literal is not) or
 * DPLL_ENOMEM. */
DPLL_API int dpll_add(dpll_solver *s, int lit);

/* The largest variable index any call has mentioned (0 if none). */
DPLL_API int dpll_num_vars(const dpll_solver *s);

/* The number of clauses stored: added clauses minus the tautologies. */
DPLL_API size_t dpll_num_clauses(const dpll_solver *s);

/* ------------------------------------------------------------------------
 * Options
 * ------------------------------------------------------------------------ */

/* The named values of the options that are choices, a list each:
 * X(CONSTANT, value, "name", meaning), in the order the dpll tool lists
 * the names.  DPLL_VALUE_CONSTANT makes each list's constants;
 * dpll_option_info gives the names (DPLL_OPTIONS below says which list is
 * whose). */
#define DPLL_VALUE_CONSTANT(constant, value, name, doc) constant = value,

/* Search engines (the "algorithm" option). */
#define DPLL_ALGORITHMS(X)                                                     \
  X(DPLL_ALGORITHM_AUTO, 2, "auto",                                            \
    "per solve: dpll with its lookahead when the clauses added look like "     \
    "random k-SAT near or above its threshold (one length k >= 3, almost no "  \
    "two clauses over the same variables, at least 0.8 times the "             \
    "threshold's clauses per variable; docs/api.md), else cdcl")               \
  X(DPLL_ALGORITHM_CDCL, 1, "cdcl", "conflict learning and backjumping")       \
  X(DPLL_ALGORITHM_DPLL, 0, "dpll", "classic: chronological backtracking")

enum dpll_algorithm { DPLL_ALGORITHMS(DPLL_VALUE_CONSTANT) };

/* Splitting heuristics (the "heuristic" option). */
#define DPLL_HEURISTICS(X)                                                     \
  X(DPLL_HEURISTIC_AUTO, 5, "auto",                                            \
    "the engine's own: activity under cdcl, first under dpll")                 \
  X(DPLL_HEURISTIC_FIRST, 0, "first",                                          \
    "the lowest-numbered unassigned variable, true first")                     \
  X(DPLL_HEURISTIC_JW, 1, "jw",                                                \
    "two-sided Jeroslow-Wang: weights 2^-k from unsatisfied clauses")          \
  X(DPLL_HEURISTIC_DLIS, 2, "dlis",                                            \
    "the literal in most unsatisfied clauses (dynamic largest sum)")           \
  X(DPLL_HEURISTIC_ACTIVITY, 3, "activity",                                    \
    "the variable most often in recent conflicts, last phase first")           \
  X(DPLL_HEURISTIC_RANDOM, 4, "random",                                        \
    "a random unassigned variable and sign (seeded)")                          \
  X(DPLL_HEURISTIC_VMTF, 6, "vmtf",                                            \
    "the variable last in a conflict (move to front), last phase first")

enum dpll_heuristic { DPLL_HEURISTICS(DPLL_VALUE_CONSTANT) };

/* They are numbered 0 to DPLL_NUM_HEURISTICS - 1. */
#define DPLL_HEURISTIC_ONE(constant, value, name, doc) +1
enum { DPLL_NUM_HEURISTICS = 0 DPLL_HEURISTICS(DPLL_HEURISTIC_ONE) };
#undef DPLL_HEURISTIC_ONE

/* The short name of heuristic h ("first", "jw", ...), or NULL. */
DPLL_API const char *dpll_heuristic_name(int h);

/* The heuristic called name, or DPLL_EHEURISTIC. */
DPLL_API int dpll_heuristic_lookup(const char *name);

/* Restart policies of the cdcl engine (the "restarts" option). */
#define DPLL_RESTART_POLICIES(X)                                               \
  X(DPLL_RESTARTS_GLUCOSE, 2, "glucose",                                       \
    "when recent learned clauses get worse")                                   \
  X(DPLL_RESTARTS_LUBY, 1, "luby", "after luby_unit * luby(i) conflicts")      \
  X(DPLL_RESTARTS_MIXED, 3, "mixed", "glucose and luby by turns, ever longer") \
  X(DPLL_RESTARTS_MODES, 4, "modes", "focused and stable modes by turns")      \
  X(DPLL_RESTARTS_NONE, 0, "none", "never")

enum dpll_restarts { DPLL_RESTART_POLICIES(DPLL_VALUE_CONSTANT) };

/* When the cdcl engine decides as in the longest conflict-free trail since
 * the last restart (the "target_phase" option). */
#define DPLL_TARGET_PHASES(X)                                                  \
  X(DPLL_TARGET_PHASE_NEVER, 0, "never", "never: the phase last assigned")     \
  X(DPLL_TARGET_PHASE_LUBY, 1, "luby", "while restarts follow Luby")           \
  X(DPLL_TARGET_PHASE_ALWAYS, 2, "always", "always")

enum dpll_target_phase { DPLL_TARGET_PHASES(DPLL_VALUE_CONSTANT) };

/* How the cdcl engine, at a restart now and then, resets the saved phases
 * (the "rephase" option). */
#define DPLL_REPHASES(X)                                                       \
  X(DPLL_REPHASE_NEVER, 0, "never", "never")                                   \
  X(DPLL_REPHASE_BEST, 1, "best", "to the best trail's since the last reset")  \
  X(DPLL_REPHASE_TURNS, 2, "turns",                                            \
    "by turns to the best trail's, all false, the best trail's, all true, "    \
    "the best trail's, flipped")                                               \
  X(DPLL_REPHASE_WALK, 3, "walk",                                              \
    "by turns to the best trail's and to a local search's")

enum dpll_rephase { DPLL_REPHASES(DPLL_VALUE_CONSTANT) };

/* What parity reasoning adds before a cdcl search (the "xor" option). */
#define DPLL_XOR_MODES(X)                                                      \
  X(DPLL_XOR_NONE, 0, "none", "nothing: it does not run")                      \
  X(DPLL_XOR_REFUTE, 2, "refute",                                              \
    "only a contradiction among XORs over 3 variables or more")                \
  X(DPLL_XOR_ALL, 1, "all", "every unit, equivalence and contradiction")

enum dpll_xor_mode { DPLL_XOR_MODES(DPLL_VALUE_CONSTANT) };

/* The most threads a portfolio solve runs (option "threads"). */
#define DPLL_MAX_THREADS 64

/* The kinds of option. */
enum dpll_option_kind {
  DPLL_OPTION_FLAG,   /* 0 (off) or 1 (on) */
  DPLL_OPTION_NUMBER, /* any number in the option's range */
  DPLL_OPTION_CHOICE  /* one of the named values of a list above */
};

/* The options, each an integer, as one list: a row is
 *
 *   X(name, default, minimum, maximum, meaning,
 *     kind, short, long, help)
 *
 * name is what dpll_set_option takes; it accepts minimum to maximum.  kind
 * is one of
 *   DPLL_FLAG(v)     a flag, 0 or 1; the dpll tool's --LONG sets it to v;
 *   DPLL_NUMBER      a number; the tool's --LONG N sets it;
 *   DPLL_CHOICE(LIST, "PLACEHOLDER", "what")
 *                    a value of LIST above; the tool's --LONG PLACEHOLDER
 *                    takes its name, and an unknown name is an "unknown
 *                    what" (NULL: "unknown --LONG");
 * each expands to its DPLL_OPTION_ kind; pasted after a prefix
 * (PREFIX_##kind) it calls PREFIX_DPLL_CHOICE(LIST, ...) and so on, which
 * can use the rest (tools/dpll/cmdline.c does).  short is the tool's -X
 * (0: none), long its --LONG, help its line in dpll --help, where the
 * defaults are the tool's (tools/common/tooldefaults.c).  So a new option
 * is one row here (and its entry in docs/man/dpll.1, which a test asks
 * for): the solver's table, dpll_option_info and the tool's command line
 * follow from it.  The rows are in the order of dpll --help. */
#define DPLL_FLAG(tool_value) DPLL_OPTION_FLAG
#define DPLL_NUMBER DPLL_OPTION_NUMBER
#define DPLL_CHOICE(list, placeholder, what) DPLL_OPTION_CHOICE

#define DPLL_OPTIONS(X)                                                        \
  X(algorithm, DPLL_ALGORITHM_CDCL, 0, 2, "search engine (DPLL_ALGORITHMS)",   \
    DPLL_CHOICE(DPLL_ALGORITHMS, "NAME", "algorithm"), 'a', "algorithm",       \
    "the search: auto (default: dpll with --lookahead when the clauses "       \
    "look like random k-SAT near its threshold; cdcl otherwise), "             \
    "cdcl (conflict learning, backjumping, restarts) or dpll (classic: "       \
    "chronological backtracking)")                                             \
  X(heuristic, DPLL_HEURISTIC_AUTO, 0, DPLL_NUM_HEURISTICS - 1,                \
    "splitting heuristic (DPLL_HEURISTICS)",                                   \
    DPLL_CHOICE(DPLL_HEURISTICS, "NAME", "heuristic"), 'H', "heuristic",       \
    "how to pick the variable to split on: auto (default: activity for "       \
    "cdcl, first for dpll), first, jw, dlis, activity, random, vmtf")          \
  X(lookahead, 0, 0, 1,                                                        \
    "dpll: before each split, probe both values of the best-ranked "           \
    "variables, set the other of one that fails, split on the best one",       \
    DPLL_FLAG(1), 0, "lookahead",                                              \
    "dpll: before each split, try both values of promising variables; set "    \
    "the other value of one that fails, split on the one that did most")       \
  X(pure, 1, 0, 1,                                                             \
    "pure-literal elimination: dpll at every decision, cdcl once at first",    \
    DPLL_FLAG(0), 0, "no-pure",                                                \
    "no pure-literal elimination (dpll: before every decision; cdcl: once, "   \
    "at the start)")                                                           \
  X(restarts, DPLL_RESTARTS_LUBY, 0, 4,                                        \
    "cdcl restart policy (DPLL_RESTART_POLICIES)",                             \
    DPLL_CHOICE(DPLL_RESTART_POLICIES, "POLICY", "restart policy"), 0,         \
    "restarts",                                                                \
    "cdcl restarts: luby (default), glucose, mixed (both by turns), modes or " \
    "none; modes: glucose and vmtf, then luby and activity, by turns")         \
  X(target_phase, DPLL_TARGET_PHASE_LUBY, 0, 2,                                \
    "cdcl: decide as in the longest conflict-free trail since the last "       \
    "restart (DPLL_TARGET_PHASES)",                                            \
    DPLL_CHOICE(DPLL_TARGET_PHASES, "WHEN", NULL), 0, "target-phase",          \
    "cdcl: decide as in the longest trail without conflict since the last "    \
    "restart: never, luby (default: while Luby restarts are in force) or "     \
    "always")                                                                  \
  X(reduce, 1, 0, 1, "cdcl: periodically delete learned clauses of high LBD",  \
    DPLL_FLAG(0), 0, "no-reduce", "cdcl: keep every learned clause")           \
  X(lucky, 0, 0, 1,                                                            \
    "cdcl: first, in a solve that keeps no learned clause, try all false, "    \
    "all true, in order and backwards (the dpll tool's default is 1)",         \
    DPLL_FLAG(0), 0, "no-lucky",                                               \
    "cdcl: no lucky descents (all false, all true, both ways) first")          \
  X(eliminate, 0, 0, 1,                                                        \
    "cdcl: first, in a solve that keeps no learned clause, replace variables " \
    "of few clauses by their resolvents if that adds no clause (the dpll "     \
    "tool's default is 1)",                                                    \
    DPLL_FLAG(0), 0, "no-eliminate",                                           \
    "cdcl: no bounded variable elimination before the search")                 \
  X(gates, 0, 0, 1,                                                            \
    "cdcl, eliminate: a variable that a gate defines (AND, XOR, majority...) " \
    "needs only the resolvents with its definition (the dpll tool's: 1)",      \
    DPLL_FLAG(0), 0, "no-gates", "cdcl: eliminate without gate definitions")   \
  X(elim_rounds, 0, 0, 1, "cdcl: also eliminate at some restarts",             \
    DPLL_FLAG(1), 0, "elim-rounds", "cdcl: also eliminate at some restarts")   \
  X(substitute, 0, 0, 1,                                                       \
    "cdcl: then replace each class of equivalent literals by one of them",     \
    DPLL_FLAG(1), 0, "substitute", "cdcl: replace equivalent literals")        \
  X(xor, DPLL_XOR_NONE, 0, 2,                                                  \
    "cdcl: first, in a solve that keeps no learned clause and writes no "      \
    "proof, solve the clauses' XORs by Gauss-Jordan elimination and add "      \
    "what follows (DPLL_XOR_MODES)",                                           \
    DPLL_CHOICE(DPLL_XOR_MODES, "WHAT", NULL), 0, "xor",                       \
    "cdcl: solve the clauses' XORs first: none, refute (default: find only a " \
    "contradiction) or all (also units and equivalences); not with --proof")   \
  X(factor, 0, 0, 1,                                                           \
    "cdcl: then replace products of clauses by fewer over a new variable "     \
    "(bounded variable addition; not with a proof or under assumptions)",      \
    DPLL_FLAG(1), 0, "factor",                                                 \
    "cdcl: re-encode products of clauses with new variables, fewer clauses")   \
  X(minimize, 1, 0, 1, "cdcl: remove implied literals from learned clauses",   \
    DPLL_FLAG(0), 0, "no-minimize",                                            \
    "cdcl: learn clauses as analysis finds them")                              \
  X(vivify, 0, 0, 1,                                                           \
    "cdcl: at restarts, now and then shorten learned clauses (vivification)",  \
    DPLL_FLAG(1), 0, "vivify", "cdcl: now and then shorten learned clauses")   \
  X(vivify_all, 0, 0, 1, "cdcl, vivify: the caller's clauses too",             \
    DPLL_FLAG(1), 0, "vivify-all", "cdcl: with --vivify, the input's too")     \
  X(subsume, 0, 0, 1,                                                          \
    "cdcl: at restarts, now and then subsume and strengthen clauses",          \
    DPLL_FLAG(1), 0, "subsume", "cdcl: drop subsumed clauses, shorten others") \
  X(probe, 0, 0, 1,                                                            \
    "cdcl: at restarts, now and then probe the roots of the binary "           \
    "implication graph and set false each literal whose propagation fails",    \
    DPLL_FLAG(1), 0, "probe",                                                  \
    "cdcl: now and then set false the literals whose propagation fails")       \
  X(luby_unit, 1024, 1, 1000000,                                               \
    "cdcl, Luby restarts: conflicts per unit of the Luby sequence",            \
    DPLL_NUMBER, 0, "luby-unit",                                               \
    "cdcl: conflicts per unit of the Luby restart sequence (default 1024)")    \
  X(rephase, DPLL_REPHASE_BEST, 0, 3,                                          \
    "cdcl: how to reset the saved phases (DPLL_REPHASES)",                     \
    DPLL_CHOICE(DPLL_REPHASES, "HOW", NULL), 0, "rephase",                     \
    "cdcl: now and then, at a restart, reset the saved phases: never, "        \
    "best (default: to the longest trail without conflict since the last "     \
    "reset), turns (best, all false, best, all true, best, flipped) or walk "  \
    "(best, then a local search's best assignment, by turns)")                 \
  X(local_search, 0, 0, 1,                                                     \
    "dpll with lookahead: local search (ProbSAT) beside the search, at the "   \
    "start and whenever its work has doubled; a model it finds is the "        \
    "answer (the dpll tool's default is 1)",                                   \
    DPLL_FLAG(0), 0, "no-local-search",                                        \
    "dpll with lookahead: no local search (ProbSAT) beside the search")        \
  X(seed, 0, 0, INT32_MAX, "seed of the random heuristic", DPLL_NUMBER, 0,     \
    "seed", "seed for the random heuristic (default 0)")                       \
  X(threads, 1, 0, DPLL_MAX_THREADS,                                           \
    "searches of one solve run at once in threads, a portfolio: the first "    \
    "as configured, the others with other seeds, orders, restarts, phases "    \
    "and factor, sharing units and clauses of up to 8 literals; the first "    \
    "answer wins (0: one per core; under assumptions, a proof or a trace: 1)", \
    DPLL_NUMBER, 't', "threads",                                               \
    "run N searches at once in threads (a portfolio), differently "            \
    "configured, sharing short learned clauses; the first answer wins (0: "    \
    "one per core; default 1). --trace runs one search; --proof needs -t 1")   \
  X(decision_limit, -1, -1, INT64_MAX,                                         \
    "decisions a solve may make; needing one more gives DPLL_UNKNOWN "         \
    "(-1: no limit)",                                                          \
    DPLL_NUMBER, 0, "max-decisions",                                           \
    "give up when more than N decisions are needed")                           \
  X(conflict_limit, -1, -1, INT64_MAX,                                         \
    "conflicts after which a solve gives DPLL_UNKNOWN unless it is "           \
    "done (-1: no limit)",                                                     \
    DPLL_NUMBER, 0, "max-conflicts", "give up after N conflicts")

/* Sets option name to value.  Returns 0, DPLL_EOPTION or DPLL_EVALUE. */
DPLL_API int dpll_set_option(dpll_solver *s, const char *name, int64_t value);

/* Stores option name's value in *value.  Returns 0 or DPLL_EOPTION. */
DPLL_API int dpll_get_option(const dpll_solver *s, const char *name,
                             int64_t *value);

/* A named value of a choice option. */
typedef struct dpll_option_value {
  const char *name; /* "luby" */
  int64_t value;    /* what dpll_set_option takes for it */
  const char *doc;  /* its meaning */
} dpll_option_value;

/* An option as its row of DPLL_OPTIONS declares it. */
typedef struct dpll_option {
  const char *name;      /* what dpll_set_option takes: "luby_unit" */
  int kind;              /* enum dpll_option_kind */
  int64_t def, min, max; /* default; dpll_set_option accepts min to max */
  const char *doc;       /* its meaning, a paragraph */
  const dpll_option_value *values; /* a choice's values in the order to list
                                      them, then {NULL}; NULL otherwise */
} dpll_option;

/* Option i, counting from 0 in the order of DPLL_OPTIONS, or NULL when i is
 * negative or past the last: for front ends that offer the options by
 * name (the Python package, a command line).  The description and what it
 * points to are static: never to be freed, valid for the program's life,
 * the same in every solver.  Fields may be added at the end. */
DPLL_API const dpll_option *dpll_option_info(int i);

/* Splitting order.  A variable's class is (decision flag, priority); the
 * heuristics split only on unassigned variables of the highest class
 * present, ranking them among themselves as usual.  By default every
 * variable may be split on with priority 0.  A variable marked not to be
 * split on (allowed == 0) is split on only once every other variable is
 * assigned, so an incomplete marking can slow the search but never change
 * its answer.  Both calls make var exist; they return 0, DPLL_ERANGE or
 * DPLL_ENOMEM. */
DPLL_API int dpll_set_priority(dpll_solver *s, int var, int priority);
DPLL_API int dpll_set_decision(dpll_solver *s, int var, int allowed);

/* A callback polled during dpll_solve, before every decision and at every
 * 64th conflict; a non-zero return stops the search with DPLL_UNKNOWN.  It
 * may call dpll_get_stats on the solver (to report progress), nothing else
 * on it.  fn NULL removes it. */
typedef int (*dpll_terminate_fn)(void *ctx);
DPLL_API void dpll_set_terminate(dpll_solver *s, dpll_terminate_fn fn,
                                 void *ctx);

/* ------------------------------------------------------------------------
 * Solving
 * ------------------------------------------------------------------------ */

/* Runs the search (undoing any step-by-step decisions), under the
 * assumptions given by dpll_assume since the last solve, which it then
 * forgets.  Returns DPLL_SAT, DPLL_UNSAT, DPLL_UNKNOWN, DPLL_EOPEN or
 * DPLL_ENOMEM.  Afterwards the solver is at decision level 0 in state SAT,
 * UNSAT or UNKNOWN.  Clauses the cdcl engine learned stay for later solves
 * (they follow from the clauses, which later additions only extend),
 * except when a proof is being written, which starts from the clauses
 * added alone (nor the units and empty clause solves derived).  Before a
 * SAT answer is given, the model is checked against every clause added and
 * every assumption; if it fails (a bug in the solver), the result is
 * DPLL_EINTERNAL, never a wrong answer.  DPLL_EIO: a proof step could not
 * be written (see dpll_set_proof). */
DPLL_API int dpll_solve(dpll_solver *s);

/* Enumeration, one model at a time: in state SAT, adds the clause that
 * rules out the model's values on vars[0..n-1] (on every variable when n
 * is 0), so that the next dpll_solve finds a model that differs there, or
 * answers DPLL_UNSAT when there is none.  Looping solve and block lists
 * each projected model once.  The clause stays (it is an ordinary added
 * clause): to enumerate without changing the formula for good, give the
 * blocking clauses an activation literal with dpll_add and assume it.
 * Returns 0 (state INPUT), DPLL_ENOMODEL (not in state SAT), DPLL_ERANGE
 * (a variable 0 or negative), DPLL_ENOVAR (one beyond the model), or
 * DPLL_ENOMEM (nothing added).  vars may be NULL if n is 0. */
DPLL_API int dpll_block_model(dpll_solver *s, const int *vars, size_t n);

/* Enumeration in one run, near-linear in the number of models: calls
 * fn(ctx, s) once for every model of the clauses, or with vars[0..n-1]
 * (n > 0) once for every assignment of those variables that some model
 * extends, with one such model.  During the call the solver is in state
 * SAT: fn may read the model (dpll_model, dpll_write_answer) and call
 * nothing else on s; a non-zero return stops the enumeration.  Nothing is
 * added.  The search is the classic engine's (no pure literals, which
 * would lose models; the lookahead where the engine uses it), deciding
 * vars first, in order; every model is checked before fn sees it.  It
 * learns nothing: on hard formulas with few models a loop of dpll_solve
 * and dpll_block_model may be faster (docs/performance.md).  Assumptions
 * hold in every model, then are forgotten; "threads" is ignored; the
 * terminate callback and the limits (counted from the call) stop it; the
 * learn callback is not called.  Returns
 * DPLL_UNSAT when every model was given (none at all: without assumptions,
 * the clauses are then known to be unsatisfiable), DPLL_SAT when fn
 * stopped it, DPLL_UNKNOWN when the callback or a limit did, DPLL_EINVAL
 * (also: a proof sink is set), DPLL_EOPEN, DPLL_ERANGE (a variable 0 or
 * negative), DPLL_ENOVAR (one beyond dpll_num_vars), DPLL_ENOMEM, or
 * DPLL_EINTERNAL (a model failed its check: a bug; nothing wrong was
 * given).  Afterwards the solver is at level 0 in state INPUT (UNSAT if
 * the clauses are known unsatisfiable).  vars may be NULL if n is 0; a
 * variable given twice counts once. */
typedef int (*dpll_model_fn)(void *ctx, const dpll_solver *s);
DPLL_API int dpll_enumerate(dpll_solver *s, const int *vars, size_t n,
                            dpll_model_fn fn, void *ctx);

/* Assumes lit for the next dpll_solve only (IPASIR's assume): that solve
 * decides the assumptions, in the order given, before anything else, so a
 * model makes them all true, and DPLL_UNSAT may mean only that the clauses
 * and the assumptions cannot all hold.  Pure literals are not eliminated
 * while an assumption is still to be decided, and no proof is written
 * under assumptions.  Makes lit's variable exist; ends the last answer
 * (state INPUT).  Returns 0, DPLL_ERANGE (0 or INT_MIN) or DPLL_ENOMEM. */
DPLL_API int dpll_assume(dpll_solver *s, int lit);

/* After DPLL_UNSAT: 1 if assumption lit of that solve is in its failed set,
 * else 0.  The failed set is sufficient: the clauses with the failed
 * assumptions alone are unsatisfiable (empty if the clauses alone are).
 * The cdcl engine finds it by a final conflict analysis; the classic
 * engine gives the assumptions decided when it ran out of branches.
 * DPLL_ENOANSWER in any other state; DPLL_ERANGE for 0 or INT_MIN. */
DPLL_API int dpll_failed(const dpll_solver *s, int lit);

/* The value of lit in the model: 1 if true, 0 if false.  Only in state SAT;
 * otherwise DPLL_ENOMODEL.  DPLL_ERANGE for 0 or INT_MIN; DPLL_ENOVAR for a
 * variable beyond dpll_num_vars. */
DPLL_API int dpll_model(const dpll_solver *s, int lit);

/* DPLL_SAT, DPLL_UNSAT or DPLL_UNKNOWN after a solve; DPLL_UNKNOWN in state
 * INPUT, unless the clauses are already known to be unsatisfiable. */
DPLL_API int dpll_status(const dpll_solver *s);

/* Cube-and-conquer's first half (docs/parallel.md): splits the clauses
 * into cubes, conjunctions of literals that other solves take as
 * assumptions.  Every model of the clauses satisfies exactly one cube, so
 * the clauses are satisfiable if and only if some cube's solve is, and
 * unsatisfiable when every cube's solve answers DPLL_UNSAT.  The split
 * tree grows breadth first; each split is chosen by the lookahead of the
 * classic engine (failed literals refute a branch, which is dropped), and
 * keeps to the variables' classes as the search does (dpll_set_priority,
 * dpll_set_decision: a variable not to be split on is split on only when
 * every other is assigned).  It stops growing once there are count cubes
 * or more (0: no bound), or before a split under a cube of depth literals
 * (0: no bound; one of the two must be positive), or when the terminate
 * callback says stop: the cubes are then fewer but still cover the
 * formula.  A branch whose clauses are all satisfied is not split further.
 * fn(ctx, lits, size) is then called once per cube, lits[0..size-1] being
 * valid during the call only (size 0: the empty cube, when nothing was
 * split); a non-zero return stops the calls.  Assumptions given since the
 * last solve are left for it.  Returns 0 (state INPUT, level 0; units the
 * lookahead found at level 0 stay), DPLL_UNSAT (every branch refuted: the
 * clauses are unsatisfiable), DPLL_EINVAL (also: a proof sink is set),
 * DPLL_EOPEN, DPLL_ENOMEM, or DPLL_EIO (fn returned non-zero). */
typedef int (*dpll_cube_fn)(void *ctx, const int *lits, size_t size);
DPLL_API int dpll_cube(dpll_solver *s, int depth, int64_t count,
                       dpll_cube_fn fn, void *ctx);

/* Counters, accumulated over the solver's life, as one list: field, the
 * label `dpll --stats` prints, meaning.  The struct and printers follow. */
#define DPLL_STATS(X)                                                          \
  X(decisions, "decisions", "splits, not counting second branches")            \
  X(propagations, "propagations", "literals assigned by unit propagation")     \
  X(conflicts, "conflicts", "clauses found false")                             \
  X(backtracks, "backtracks",                                                  \
    "dpll: second branches taken after a conflict; cdcl: backjumps")           \
  X(pure_literals, "pure literals", "literals set as pure")                    \
  X(max_depth, "max depth", "the deepest decision level reached")              \
  X(learned, "learned", "cdcl: clauses learned from conflicts")                \
  X(learned_lits, "learned literals", "cdcl: their literals, minimised")       \
  X(minimized, "minimized", "cdcl: literals minimisation removed")             \
  X(restarts, "restarts", "cdcl: restarts")                                    \
  X(deleted, "deleted", "cdcl: learned clauses deleted by reduction")          \
  X(vivified, "vivified", "cdcl: clauses shortened by vivification")           \
  X(vivified_lits, "vivified literals", "cdcl: the literals it removed")       \
  X(lucky, "lucky", "cdcl: solves settled by a lucky descent (option lucky)")  \
  X(eliminated, "eliminated", "cdcl: variables resolved away (eliminate)")     \
  X(xors, "xors", "cdcl: XOR constraints found (option xor)")                  \
  X(xor_derived, "xor derived", "cdcl: units and equivalences they gave")      \
  X(walks, "walks", "local searches (cdcl: rephasing; dpll: local_search)")    \
  X(walk_flips, "walk flips", "the flips they made")                           \
  X(probes, "probes", "literals probed (lookahead; cdcl: option probe)")       \
  X(failed_literals, "failed literals", "probes that failed, negations set")   \
  X(factored, "factored", "cdcl: variables added (option factor)")             \
  X(gates, "gates", "cdcl: eliminated variables that had a definition")        \
  X(subsumed, "subsumed", "cdcl: clauses subsumed (option subsume)")           \
  X(strengthened, "strengthened", "cdcl: clauses strengthened")                \
  X(substituted, "substituted", "cdcl: variables replaced (substitute)")

typedef struct dpll_stats {
#define DPLL_STATS_FIELD(name, label, doc) uint64_t name;
  DPLL_STATS(DPLL_STATS_FIELD)
#undef DPLL_STATS_FIELD
} dpll_stats;

/* Copies the counters into *out. */
DPLL_API void dpll_get_stats(const dpll_solver *s, dpll_stats *out);

/* ------------------------------------------------------------------------
 * The steps, one at a time
 *
 * The search, spelled out (dpll_solve does the same):
 *
 *     for (;;) {
 *       if (dpll_propagate(s) == DPLL_CONFLICT) {
 *         if (dpll_backtrack(s) == 1) break;    // no branch left: UNSAT
 *         continue;
 *       }
 *       dpll_eliminate_pure(s);
 *       int lit = dpll_choose(s);
 *       if (lit == 0) break;                    // all assigned: SAT
 *       dpll_decide(s, lit);
 *     }
 *
 * Steps move the solver to state INPUT.  Level 0 holds what the clauses
 * force; each decision opens a new level.
 * ------------------------------------------------------------------------ */

/* Unit propagation to a fixpoint.  Returns 0 if no clause is false,
 * DPLL_CONFLICT if one is (it stays pending until a backtrack).  Once the
 * clauses are known to be unsatisfiable (dpll_status is DPLL_UNSAT) it
 * always returns DPLL_CONFLICT, reported to the trace with no clause, so
 * that the loop below ends with UNSAT. */
DPLL_API int dpll_propagate(dpll_solver *s);

/* Assigns every pure literal: an unassigned literal whose negation occurs
 * in no clause that the current assignment leaves unsatisfied.  A variable
 * that occurs in no such clause at all is set false.  Returns how many
 * literals it assigned, or DPLL_ENOMEM (the first call after clauses are
 * added counts occurrences; later ones only follow the changes).  While
 * the solver keeps clauses learned by a cdcl solve, it assigns nothing and
 * returns 0: a learned clause may hold the negation of such a literal. */
DPLL_API int dpll_eliminate_pure(dpll_solver *s);

/* The literal the configured heuristic would split on now, without
 * assigning it; 0 if every variable is assigned. */
DPLL_API int dpll_choose(dpll_solver *s);

/* Opens a new decision level and assigns lit there.  Returns 0,
 * DPLL_ERANGE, DPLL_ENOVAR, DPLL_ECONFLICT (backtrack first), DPLL_EPENDING
 * (propagate first) or DPLL_EASSIGNED, checked in that order. */
DPLL_API int dpll_decide(dpll_solver *s, int lit);

/* The chronological DPLL backtrack: undoes the most recent decision whose
 * second branch is untried and assigns its negation as that second branch.
 * Returns 0, or 1 if no such decision is left (the solver is then back at
 * level 0); if a conflict was pending then, the clauses are unsatisfiable
 * (state UNSAT). */
DPLL_API int dpll_backtrack(dpll_solver *s);

/* Undoes every assignment above decision level `level` (no second branch is
 * taken).  Returns 0 or DPLL_ELEVEL. */
DPLL_API int dpll_backtrack_to(dpll_solver *s, int level);

/* The current decision level (0 before any decision). */
DPLL_API int dpll_level(const dpll_solver *s);

/* The current value of lit: 1 true, 0 false, 2 unassigned (variables no
 * call has mentioned are unassigned); DPLL_ERANGE for 0 or INT_MIN. */
#define DPLL_UNASSIGNED 2
DPLL_API int dpll_value(const dpll_solver *s, int lit);

/* ------------------------------------------------------------------------
 * Watching the search
 * ------------------------------------------------------------------------ */

typedef enum dpll_event_kind {
  DPLL_EVENT_DECIDE,    /* lit was split on (flipped: the second branch) */
  DPLL_EVENT_PROPAGATE, /* lit was forced by the clause */
  DPLL_EVENT_PURE,      /* lit was assigned as a pure literal */
  DPLL_EVENT_CONFLICT,  /* the clause is false */
  DPLL_EVENT_BACKTRACK, /* assignments above level were undone */
  DPLL_EVENT_LEARN,     /* cdcl: the clause was learned; lit is the literal
                           it asserts after the backjump */
  DPLL_EVENT_DELETE,    /* cdcl: the learned clause was deleted (by a
                           reduction, or before a solve writing a proof) */
  DPLL_EVENT_PROBED     /* dpll with lookahead: lit was set because its
                           negation failed a probe (no clause) */
} dpll_event_kind;

typedef struct dpll_event {
  dpll_event_kind kind;
  int lit;            /* the literal assigned; 0: CONFLICT, BACKTRACK, DELETE */
  int level;          /* the decision level after the step */
  int flipped;        /* DECIDE: 1 for a second branch, else 0 */
  const int *clause;  /* PROPAGATE: the reason, lit first; CONFLICT: the
                         false clause; LEARN, DELETE: the clause */
  size_t clause_size; /* (borrowed for the duration of the call) */
} dpll_event;

/* Calls fn with every clause the cdcl engine learns of at most max_size
 * literals (units included), as it is learned: lits[0..n-1], borrowed for
 * the call.  fn must not call into the same solver; fn NULL removes it.
 * (IPASIR's set_learn.) */
typedef void (*dpll_learn_fn)(void *ctx, const int *lits, size_t n);
DPLL_API void dpll_set_learn(dpll_solver *s, size_t max_size, dpll_learn_fn fn,
                             void *ctx);

/* Calls fn for every step of the search, dpll_solve's and the step
 * functions'.  fn must not call into the same solver.  fn NULL removes it. */
typedef void (*dpll_trace_fn)(void *ctx, const dpll_event *event);
DPLL_API void dpll_set_trace(dpll_solver *s, dpll_trace_fn fn, void *ctx);

/* ------------------------------------------------------------------------
 * Proofs of unsatisfiability
 *
 * With a proof sink set, dpll_solve reports every clause it derives and
 * every learned clause it deletes, in order, and ends an UNSAT answer with
 * the empty clause: a DRAT proof that checkers such as drat-trim accept
 * against the clauses added (docs/proofs.md).  Both engines write proofs.
 * Clauses the conflict-driven engine learns are RUP (they follow by unit
 * propagation); a pure literal set at the root is written as a unit clause
 * that is RAT on it; the classic engine writes, for every refuted branch,
 * the clause of the negated decisions above it.  Only dpll_solve writes
 * (not the step functions, nor dpll_cube), nothing after the empty clause.
 * ------------------------------------------------------------------------ */

#define DPLL_PROOF_TEXT 0 /* DRAT text: "1 -2 0", "d 1 -2 0", "0" */
/* binary DRAT: 'a' or 'd', literals as 7-bit varints of 2|l| + (l < 0), 0 */
#define DPLL_PROOF_BINARY 1

/* Writes proofs to out (borrowed: it must stay open for every dpll_solve
 * until the sink changes; NULL stops) in format DPLL_PROOF_TEXT or
 * DPLL_PROOF_BINARY; replaces any callback.  Returns 0 or DPLL_EINVAL.
 * If a write fails, dpll_solve returns DPLL_EIO and gives no answer. */
DPLL_API int dpll_set_proof(dpll_solver *s, FILE *out, int format);

/* Or receives each proof step: deleted 0 for a clause added to the proof,
 * 1 for one deleted; lits[0..n-1] borrowed for the call; n 0 (with deleted
 * 0) is the empty clause.  A non-zero return ends the proof and makes
 * dpll_solve return DPLL_EIO.  fn must not call into the same solver; NULL
 * removes it.  Replaces any file. */
typedef int (*dpll_proof_fn)(void *ctx, int deleted, const int *lits, size_t n);
DPLL_API void dpll_set_proof_callback(dpll_solver *s, dpll_proof_fn fn,
                                      void *ctx);

/* ------------------------------------------------------------------------
 * Text formats
 *
 * DP format (the course's): one clause per line, literals separated by
 * blanks; a line holding only 0 ends the clauses; every byte after that
 * line is "back matter", handed back untouched.  Blank lines are skipped.
 * DIMACS: a "p cnf VARS CLAUSES" header, "c" comment lines, clauses closed
 * by 0; a line starting with % ends the clauses (SATLIB).  iCNF (as
 * march_cu writes cubes): a "p inccnf" header, DIMACS clauses, then cubes,
 * one "a LITS 0" each; the reader keeps them in dpll_input, for the caller
 * to solve one by one under assumptions (dpll_cube writes such cubes).
 * All accept CRLF line ends and tabs.  See docs/formats.md.
 * ------------------------------------------------------------------------ */

enum dpll_format {
  DPLL_FORMAT_AUTO = 0, /* DIMACS (or iCNF) if a "p" header comes first */
  DPLL_FORMAT_DP = 1,
  DPLL_FORMAT_DIMACS = 2,
  DPLL_FORMAT_ICNF = 3 /* "p inccnf", the clauses, then "a LITS 0" cubes */
};

/* Or'd into a reader's format: relaxed DIMACS, as MiniSat reads it and
 * CaDiCaL with -f: header counts that the clauses do not match (more or
 * fewer clauses, larger variables) and a comment after a clause's 0 on the
 * same line are accepted, each counted as a warning in dpll_input. */
#define DPLL_READ_RELAXED 16

/* What a reader found, filled in by dpll_read_file and dpll_read_string. */
typedef struct dpll_input {
  int format;        /* DPLL_FORMAT_DP, DPLL_FORMAT_DIMACS or _ICNF */
  long line, column; /* on DPLL_EPARSE: where (1-based; column in bytes) */
  char message[160]; /* on DPLL_EPARSE or DPLL_EIO: what is wrong */
  char *back_matter; /* DP: the bytes after the 0 line, NUL-terminated */
  size_t back_size;  /* (they may hold NULs); owned: dpll_input_clear */
  int header_vars;   /* DIMACS: the header's counts */
  int64_t header_clauses;
  int relaxable; /* on DPLL_EPARSE: 1 if DPLL_READ_RELAXED accepts it */
  int warnings;  /* with DPLL_READ_RELAXED: the faults it accepted */
  long warning_line, warning_column; /* the first one's place and text */
  char warning[160];
  int *cube_lits;        /* iCNF: the cubes' literals, each cube closed */
  size_t cube_lits_size; /* by a 0 (owned: dpll_input_clear) */
  size_t num_cubes;
} dpll_input;

/* Reads clauses from in (or from data[0..size-1]) into s, in the given
 * format (DPLL_FORMAT_AUTO detects it).  Returns 0, DPLL_EPARSE (line,
 * column and message set), DPLL_EIO, DPLL_ENOMEM or DPLL_EINVAL (bad
 * format).  On an error the clauses read so far stay in s.  info is always
 * initialised; release it with dpll_input_clear. */
DPLL_API int dpll_read_file(dpll_solver *s, FILE *in, int format,
                            dpll_input *info);
DPLL_API int dpll_read_string(dpll_solver *s, const char *data, size_t size,
                              int format, dpll_input *info);

/* The same from any source of bytes: read(ctx, buf, size) stores up to
 * size bytes in buf and returns how many (0 at the end of the input), or
 * a negative number on a failure (DPLL_EIO).  For a program that reads
 * compressed files, a socket or its own buffers; ctx is the caller's. */
typedef long (*dpll_read_fn)(void *ctx, void *buf, size_t size);
DPLL_API int dpll_read_stream(dpll_solver *s, dpll_read_fn read, void *ctx,
                              int format, dpll_input *info);

/* Frees what info owns and zeroes it.  NULL does nothing. */
DPLL_API void dpll_input_clear(dpll_input *info);

/* Writes the answer of the last dpll_solve to out.
 * DP: "N T" or "N F" for every variable 1..dpll_num_vars, then a line "0";
 *     if unsatisfiable just the line "0"; then back[0..back_size-1].
 * DIMACS and iCNF: "s SATISFIABLE" and "v ..." lines ending in 0, "s
 * UNSATISFIABLE" or "s UNKNOWN"; back is ignored. The stream is flushed.
 * Returns 0, DPLL_ENOANSWER (DP format after DPLL_UNKNOWN, or no solve since
 * the last change), DPLL_EINVAL (bad format) or DPLL_EIO (a write or the flush
 * failed). */
DPLL_API int dpll_write_answer(const dpll_solver *s, FILE *out, int format,
                               const char *back, size_t back_size);

/* Writes the clauses added to s, as it holds them (repeated literals
 * merged, tautologies left out, literals perhaps in another order: the
 * same formula), in DIMACS ("p cnf" with dpll_num_vars) or iCNF ("p
 * inccnf", no cube), one clause per line; the empty clause comes last if
 * the clauses are known to be unsatisfiable.  Learned clauses are not
 * written.  The stream is flushed.  Returns 0, DPLL_EINVAL (bad format),
 * DPLL_EOPEN or DPLL_EIO. */
DPLL_API int dpll_write_clauses(const dpll_solver *s, FILE *out, int format);

#ifdef __cplusplus
}
#endif

#endif /* DPLL_DPLL_H_INCLUDED */
