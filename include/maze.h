/* maze.h - the whole public API of libmaze: treasure hunts in a maze as
 * clauses, and models of those clauses back as paths.
 *
 * OVERVIEW
 *
 * A maze has named nodes, one of them called START, and from each node a
 * list of the nodes one may move to.  Some nodes hold a treasure (a node at
 * most one; a treasure may lie at several nodes).  A task asks for a set of
 * treasures within K steps: a path from START, where each step either stays
 * or moves along one of the node's own links, with at most K moves, that
 * passes through a node holding each wanted treasure.
 *
 * libmaze reads a maze file (docs/maze.md), turns a puzzle into clauses
 * over the atoms AT_N_I ("the player is at node N at time I", I = 0..K)
 * and HAS_T_I ("the player has got treasure T by time I"), and turns a
 * model of those clauses back into the path, which it checks by replaying.
 * It also reads the answer of the dpll tool, with the key the front end
 * put after the clauses.
 *
 * libmaze depends on no solver: clauses go out through a callback, the
 * model comes in through a lookup.  It never opens files, never prints,
 * never exits and keeps no global state; text comes in as buffers and goes
 * out as malloc'd strings the caller frees.  Nodes and treasures are
 * numbered from 0 in the order of the maze file's first and second lines.
 *
 * ERRORS: one convention for every call (libpeg's too)
 *
 *   - A call that can fail returns an int: 0, or the non-negative result
 *     it documents (a node, a treasure, an atom, a length), on success; a
 *     negative MAZE_E... code on failure.  maze_strerror(code) gives its
 *     message.  Bad arguments are a code, never an abort.
 *   - The readers of text also fill in a caller-owned maze_error (which
 *     may be NULL) with the line, column and a one-line message: the
 *     parsers maze_puzzle_parse, maze_key_parse, maze_result_read and
 *     maze_result_read_keyed; the checks maze_check_path and maze_decode
 *     give a message (line 0).
 *   - A call that makes a new object or text returns a pointer, NULL on
 *     failure: memory ran out, or its argument was NULL (maze_puzzle_copy,
 *     maze_puzzle_text, maze_key_text); maze_encoding_new also gives the
 *     code through its int *err.
 *   - Queries cannot fail: for a NULL handle or a number out of range they
 *     return the neutral value they document (0, NULL), never a code:
 *     maze_version, maze_strerror, maze_puzzle_nodes, maze_puzzle_treasures,
 *     maze_puzzle_steps, maze_puzzle_start, maze_puzzle_num_wanted,
 *     maze_node_name, maze_treasure_name, maze_path_collapse,
 *     maze_encoding_puzzle, maze_encoding_atoms, maze_encoding_clauses,
 *     maze_encoding_kind_clauses.  maze_node_treasure answers -1 as a
 *     value ("no treasure"), not as MAZE_EINVAL; it fails only with
 *     MAZE_ENODE.
 *   - A callback's non-zero return (maze_clause_fn) stops the call, which
 *     returns it unchanged.
 *   - After a failure the handles given stay valid and safe to free, and a
 *     maze_result is always initialised: clear it whatever the call
 *     returned.
 *
 * EXAMPLE (pairing libmaze with libdpll; error handling shortened)
 *
 *     static int add(void *s, const int *lits, size_t n) {
 *       return dpll_add_clause(s, lits, n);
 *     }
 *     static int value(void *s, int atom) { return dpll_model(s, atom); }
 *
 *     maze_puzzle *p;
 *     maze_error why;
 *     if (maze_puzzle_parse(text, size, &p, &why))
 *       printf("%ld:%ld: %s\n", why.line, why.column, why.message);
 *     maze_encoding *e = maze_encoding_new(p, NULL);
 *     dpll_solver *s = dpll_new();
 *     maze_encoding_emit(e, add, s);
 *     if (dpll_solve(s) == DPLL_SAT) {
 *       int k = maze_puzzle_steps(p);
 *       int *times = malloc((k + 1) * sizeof *times);
 *       maze_decode(e, value, s, times, NULL);  // checked by replaying
 *       size_t n = maze_path_collapse(times, k + 1);
 *       for (size_t i = 0; i < n; i++)
 *         printf("%s%s", i ? " " : "", maze_node_name(p, times[i]));
 *       free(times);
 *     } else
 *       printf("NO SOLUTION\n");
 *     dpll_free(s); maze_encoding_free(e); maze_puzzle_free(p);
 */
#ifndef MAZE_MAZE_H_INCLUDED
#define MAZE_MAZE_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(MAZE_BUILDING_LIBRARY) && defined(__GNUC__)
#define MAZE_API __attribute__((visibility("default")))
#else
#define MAZE_API
#endif

#define MAZE_VERSION "0.1.0"

/* Limits.  A name is at most MAZE_MAX_NAME bytes; a maze has at most
 * MAZE_MAX_NODES nodes and MAZE_MAX_TREASURES treasures; K is at most
 * MAZE_MAX_STEPS.  An encoding must also number its atoms with an int
 * (MAZE_ETOOBIG otherwise). */
#define MAZE_MAX_NAME 100
#define MAZE_MAX_NODES 100000
#define MAZE_MAX_TREASURES 100000
#define MAZE_MAX_STEPS 100000

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

#define MAZE_ERRORS(X)                                                         \
  X(EINVAL, -1, "invalid argument")                                            \
  X(ENOMEM, -2, "out of memory")                                               \
  X(EPARSE, -3, "malformed maze file")                                         \
  X(ENODE, -4, "no such node")                                                 \
  X(ETREASURE, -5, "no such treasure, or one asked for twice")                 \
  X(ESTEPS, -6, "the number of steps is out of range")                         \
  X(EATOM, -7, "no such atom")                                                 \
  X(EOPTION, -8, "no such option, or value out of range")                      \
  X(EKEY, -9, "malformed or inconsistent key")                                 \
  X(EANSWER, -10, "malformed solver answer")                                   \
  X(EPLAY, -11, "not a legal path collecting the treasures")                   \
  X(ETOOBIG, -12, "the encoding has too many atoms")

enum maze_error_code {
#define MAZE_ERROR_ENUM(name, code, text) MAZE_##name = code,
  MAZE_ERRORS(MAZE_ERROR_ENUM)
#undef MAZE_ERROR_ENUM
};

/* A static message for any code above (and "success" for 0); never
 * NULL. */
MAZE_API const char *maze_strerror(int code);

/* Details of a failure, filled in by the calls that take one (may be
 * NULL).  line and column count from 1 (the column in bytes) and are 0
 * where they do not apply; message is one line, without the position. */
typedef struct maze_error {
  long line, column;
  char message[200];
} maze_error;

/* The library's version, e.g. "0.1.0". */
MAZE_API const char *maze_version(void);

/* ------------------------------------------------------------------------
 * Puzzles: the maze and the task
 *
 * A maze file (docs/maze.md), after '#' comments and blank lines are
 * dropped:
 *
 *     START A B C D E F G H      the nodes (one is START)
 *     GOLD WAND RUBY RING        the treasures (or the word NONE)
 *     2 GOLD RUBY                K, then the treasures to get
 *     START NONE A C             per node: the node, its treasure or NONE,
 *     A NONE START B D             the nodes one may move to from it
 *     ...
 * ------------------------------------------------------------------------ */

typedef struct maze_puzzle maze_puzzle;

/* Parses a maze file from text[0..size-1] (CRLF line ends are fine) into
 * a new puzzle, *out, owned by the caller (NULL on failure).  Returns 0,
 * MAZE_EPARSE (err: the line and column of the offending word, or of
 * where the missing one should be, and what is wrong), MAZE_EINVAL (out
 * NULL, or text NULL with size > 0) or MAZE_ENOMEM. */
MAZE_API int maze_puzzle_parse(const char *text, size_t size, maze_puzzle **out,
                               maze_error *err);

/* Frees the puzzle.  NULL does nothing. */
MAZE_API void maze_puzzle_free(maze_puzzle *p);

/* A copy, owned by the caller; NULL if memory runs out (or p is NULL). */
MAZE_API maze_puzzle *maze_puzzle_copy(const maze_puzzle *p);

/* The puzzle as a maze file, in a canonical form (no comments, single
 * blanks, a line per node in the order of the first line):
 * malloc'd, NUL-terminated, length in *size (may be NULL); the caller
 * frees it.  NULL if memory runs out.  maze_puzzle_parse reads it back to
 * the same puzzle. */
MAZE_API char *maze_puzzle_text(const maze_puzzle *p, size_t *size);

/* A new task on the same maze: K = steps (0..MAZE_MAX_STEPS) and the
 * wanted treasures wanted[0..n-1] (treasure numbers, each at most once).
 * Returns 0, MAZE_ESTEPS, MAZE_ETREASURE (no such treasure, or a repeat),
 * MAZE_EINVAL or MAZE_ENOMEM; the puzzle is unchanged on failure. */
MAZE_API int maze_puzzle_set_task(maze_puzzle *p, int steps, const int *wanted,
                                  size_t n);

/* Queries.  Numbers of nodes and treasures, K, and START's node number
 * (0 for a NULL puzzle). */
MAZE_API int maze_puzzle_nodes(const maze_puzzle *p);
MAZE_API int maze_puzzle_treasures(const maze_puzzle *p);
MAZE_API int maze_puzzle_steps(const maze_puzzle *p);
MAZE_API int maze_puzzle_start(const maze_puzzle *p);

/* The wanted treasures: how many, and the i-th (0-based, in the order of
 * the file's third line) as a treasure number, or MAZE_EINVAL. */
MAZE_API int maze_puzzle_num_wanted(const maze_puzzle *p);
MAZE_API int maze_puzzle_wanted(const maze_puzzle *p, int i);

/* Names (borrowed, valid while p lives and is not changed), or NULL for a
 * number out of range. */
MAZE_API const char *maze_node_name(const maze_puzzle *p, int node);
MAZE_API const char *maze_treasure_name(const maze_puzzle *p, int treasure);

/* The number of the node or treasure called name (exactly; names are
 * case-sensitive), or MAZE_ENODE / MAZE_ETREASURE. */
MAZE_API int maze_node_lookup(const maze_puzzle *p, const char *name);
MAZE_API int maze_treasure_lookup(const maze_puzzle *p, const char *name);

/* The treasure at node (a treasure number), -1 if none, or MAZE_ENODE. */
MAZE_API int maze_node_treasure(const maze_puzzle *p, int node);

/* The links of node, in the order its line gives them: how many (or
 * MAZE_ENODE), and the k-th (0-based) as a node number (or MAZE_ENODE /
 * MAZE_EINVAL).  A node may list itself: that is the same as staying. */
MAZE_API int maze_node_degree(const maze_puzzle *p, int node);
MAZE_API int maze_node_neighbour(const maze_puzzle *p, int node, int k);

/* ------------------------------------------------------------------------
 * Paths
 * ------------------------------------------------------------------------ */

/* Replays nodes[0..n-1] on the puzzle: it must start at START, and each
 * next node must be the same node (a stay) or one of the previous node's
 * links; it makes at most K moves (stays are not moves) and passes a node
 * holding each wanted treasure.  A timed path (the node at each time
 * 0..K) and a collapsed one are both accepted.  Returns 0, MAZE_EPLAY
 * (err says which step and what is wrong; line and column are 0) or
 * MAZE_EINVAL. */
MAZE_API int maze_check_path(const maze_puzzle *p, const int *nodes, size_t n,
                             maze_error *err);

/* Drops the stays from nodes[0..n-1] in place (each run of one node
 * becomes one entry) and returns the new length. */
MAZE_API size_t maze_path_collapse(int *nodes, size_t n);

/* ------------------------------------------------------------------------
 * The encoding (docs/maze.md lists every kind of clause)
 * ------------------------------------------------------------------------ */

typedef struct maze_encoding maze_encoding;

/* The encoding of a puzzle (it keeps its own copy), with every option at
 * its default.  NULL on failure, with *err (if err is not NULL) set to
 * MAZE_EINVAL, MAZE_ETOOBIG (more atoms than an int can number) or
 * MAZE_ENOMEM. */
MAZE_API maze_encoding *maze_encoding_new(const maze_puzzle *p, int *err);

/* Frees it.  NULL does nothing. */
MAZE_API void maze_encoding_free(maze_encoding *e);

/* The encoding's puzzle (borrowed, valid while e lives). */
MAZE_API const maze_puzzle *maze_encoding_puzzle(const maze_encoding *e);

/* Options, by name, before emitting:
 *   prune   1 (default): the front-end optimisations.  Treasures not asked
 *           for are dropped with their atoms, and AT_N_I exists only where
 *           N is reachable from START in at most I moves; clauses lose the
 *           literals of dropped atoms (false), and a clause one of them
 *           satisfies is dropped.  0: every node and every treasure at
 *           every time, the seed's full encoding.
 * The atom numbers depend on the options.  set returns 0, MAZE_EOPTION (no
 * such option, or a value out of range) or MAZE_ETOOBIG (too many atoms;
 * the option keeps its value); get returns 0 or MAZE_EOPTION. */
MAZE_API int maze_encoding_set_option(maze_encoding *e, const char *name,
                                      int value);
MAZE_API int maze_encoding_get_option(const maze_encoding *e, const char *name,
                                      int *value);

/* The number of atoms (variables 1..atoms, time by time: the AT atoms of
 * time I, then its HAS atoms), of clauses emit produces, and of clauses of
 * one kind (1..8, as numbered in docs/maze.md; 0 for another kind). */
MAZE_API int maze_encoding_atoms(const maze_encoding *e);
MAZE_API int64_t maze_encoding_clauses(const maze_encoding *e);
MAZE_API int64_t maze_encoding_kind_clauses(const maze_encoding *e, int kind);

/* The callback that receives each clause: lits[0..n-1], non-zero ints as
 * in DIMACS, borrowed for the call.  A non-zero return stops emitting. */
typedef int (*maze_clause_fn)(void *ctx, const int *lits, size_t n);

/* Emits every clause, kind by kind in the order 1..8.  Returns 0, the
 * callback's first non-zero return value (unchanged), MAZE_EINVAL or
 * MAZE_ENOMEM. */
MAZE_API int maze_encoding_emit(const maze_encoding *e, maze_clause_fn fn,
                                void *ctx);

/* Atom numbers: AT_N_I (node, time 0..K) and HAS_T_I (treasure, time).
 * Return the atom (> 0), or MAZE_EATOM if it does not exist (out of
 * range, or dropped by pruning). */
MAZE_API int maze_atom_at(const maze_encoding *e, int node, int time);
MAZE_API int maze_atom_has(const maze_encoding *e, int treasure, int time);

/* The name of atom, "AT_C_2" or "HAS_GOLD_3", in buf (NUL-terminated if
 * size > 0, cut to fit).  Returns the full length, as snprintf does, or
 * MAZE_EATOM. */
MAZE_API int maze_atom_name(const maze_encoding *e, int atom, char *buf,
                            size_t size);

/* The atom called name (as maze_atom_name spells it), or MAZE_EATOM. */
MAZE_API int maze_atom_lookup(const maze_encoding *e, const char *name);

/* ------------------------------------------------------------------------
 * The key: the puzzle, the options and every atom's name, as text that
 * travels after the clauses (docs/maze.md shows it)
 * ------------------------------------------------------------------------ */

/* The key: malloc'd, NUL-terminated, length in *size (may be NULL); NULL
 * if memory runs out or e is NULL. */
MAZE_API char *maze_key_text(const maze_encoding *e, size_t *size);

/* Rebuilds the encoding from a key (*out owned by the caller, NULL on
 * failure).  Checks that every atom line names the atom the puzzle and
 * the options give that number.  Returns 0, MAZE_EKEY (err: line, column
 * and what), MAZE_EINVAL or MAZE_ENOMEM. */
MAZE_API int maze_key_parse(const char *text, size_t size, maze_encoding **out,
                            maze_error *err);

/* ------------------------------------------------------------------------
 * Solutions
 * ------------------------------------------------------------------------ */

/* The lookup through which a model comes in: the value of atom, 1 true,
 * 0 false, negative if the model does not say. */
typedef int (*maze_value_fn)(void *ctx, int atom);

/* Reads the path of a model: times[0..K] (the caller's array) gets the
 * node at each time.  Checks that exactly one AT atom is true at each
 * time, that the path is legal and collects the wanted treasures (see
 * maze_check_path), and that every HAS atom is true exactly when the path
 * has passed its treasure by then.  Returns 0, MAZE_EPLAY (err says what
 * is wrong), MAZE_EATOM (the lookup gave no value), MAZE_EINVAL or
 * MAZE_ENOMEM. */
MAZE_API int maze_decode(const maze_encoding *e, maze_value_fn value, void *ctx,
                         int *times, maze_error *err);

/* ------------------------------------------------------------------------
 * Reading a solver's answer
 *
 * The answer of the dpll tool in the DP format: "N T" / "N F" lines, a
 * line "0", then the back matter, which for maze-front's clauses is the
 * key.  An unsatisfiable answer is the line "0" and the key.  Several
 * answers (dpll --all or --solutions: models one after another, each
 * ending in "0", and a closing "0" when the list is complete) are read
 * too: every model is decoded and checked, and each distinct path, stays
 * collapsed, is a solution.
 * ------------------------------------------------------------------------ */

typedef struct maze_result {
  int solved;              /* 1: at least one solution; 0: none */
  maze_encoding *encoding; /* rebuilt from the key; owned */
  size_t num_models;       /* models in the answer */
  size_t num_solutions;    /* distinct collapsed paths, in the order of the
                              first model giving each */
  size_t num_times;        /* K + 1 */
  int *times;              /* solution k's node at each time (from the first
                              model giving it): times[k * num_times ..];
                              owned */
  int *paths;              /* the collapsed paths one after another: solution
                              k is paths[path_start[k] .. path_start[k+1]-1];
                              owned */
  size_t *path_start;      /* num_solutions + 1 entries; owned */
  int list;                /* 1: the answer is a list of models (more than
                              one, or ended by the closing "0" of dpll --all
                              / --solutions) */
  int complete;            /* 1: the answer says it lists every model (a
                              closing "0", or an unsatisfiable answer) */
} maze_result;

/* Parses an answer with its key, decodes and checks every model.  Line
 * numbers in err count in the whole text.  Returns 0, MAZE_EANSWER,
 * MAZE_EKEY, MAZE_EPLAY (a model that is not a legal path collecting the
 * treasures; line and column 0), MAZE_EINVAL or MAZE_ENOMEM.  out is
 * always initialised (all zero on failure); release it with
 * maze_result_clear. */
MAZE_API int maze_result_read(const char *text, size_t size, maze_result *out,
                              maze_error *err);

/* The same for the answer of any solver, as peg_result_read_keyed reads
 * it (peg.h): dpll's DP answer, a SAT-competition answer or MiniSat's
 * result file, the last two with the key given in key[0..key_size-1]
 * (the CNF of maze-front --dimacs, or the file of maze-front --key-out). */
MAZE_API int maze_result_read_keyed(const char *text, size_t size,
                                    const char *key, size_t key_size,
                                    maze_result *out, maze_error *err);

/* Frees what out owns and zeroes it.  NULL does nothing. */
MAZE_API void maze_result_clear(maze_result *r);

#ifdef __cplusplus
}
#endif

#endif /* MAZE_MAZE_H_INCLUDED */
