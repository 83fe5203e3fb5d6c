/* peg.h - the whole public API of libpeg: peg-solitaire boards as clauses,
 * and models of those clauses back as jumps.
 *
 * OVERVIEW
 *
 * A board has N holes, numbered 1..N, and a set of triples (A, B, C) of
 * holes in a row: a peg in A may jump over a peg in B into an empty C,
 * removing the peg in B, and likewise from C over B into A.  A puzzle adds
 * a start (the holes holding pegs at time 1, or one empty hole, or "the
 * solver chooses the empty hole") and a goal (exactly these holes hold
 * pegs at the end, or by default exactly one peg, anywhere).  Holes may
 * carry a position (row, column) on a triangular or square layout, used to
 * draw and to name them.
 *
 * libpeg turns a puzzle into clauses over the atoms Peg(H,I) ("hole H holds
 * a peg at time I", I = 1..T+1) and Jump(A,B,C,I) ("at time I the peg in A
 * jumps over B into C", I = 1..T), where T = pegs at the start - pegs at
 * the end; a model of those clauses is a solution, which libpeg turns back
 * into the list of jumps and checks by replaying it.  The encoding is the
 * one in docs/encoding.md.
 *
 * libpeg does not depend on any solver: clauses go out through a callback,
 * the model comes in through a lookup, so a program can pair it with any
 * SAT solver.  It never opens files, never prints, keeps no global state;
 * text comes in as buffers and goes out as malloc'd strings the caller
 * frees.
 *
 * ERRORS: one convention for every call
 *
 *   - A call that can fail returns an int (int64_t for the clause count):
 *     0, or the non-negative result it documents (a count, an atom, a
 *     length, 1 for "stopped" or "explained"), on success; a negative
 *     PEG_E... code on failure.  peg_strerror(code) gives its message.
 *     Bad arguments (NULL, a hole out of range) are a code, never an abort.
 *   - The readers of text also fill in a caller-owned peg_error (which may
 *     be NULL) with the line, column and a one-line message: the
 *     parsers peg_board_parse, peg_key_parse, peg_result_read,
 *     peg_result_read_keyed, peg_play_parse; the checks peg_board_check,
 *     peg_decode and peg_replay give a message (line 0, or the jump).
 *   - A call that makes a new object or text returns a pointer, NULL on
 *     failure: memory ran out, or an argument it names was bad
 *     (peg_board_new, peg_board_copy, peg_board_text, peg_key_text);
 *     peg_encoding_new also gives the code through its int *err.
 *   - Queries cannot fail: for a NULL handle or an index out of range they
 *     return the neutral value they document (0, NULL), never a code:
 *     peg_version, peg_strerror, peg_board_holes, peg_board_num_triples,
 *     peg_board_start_pegs, peg_board_goal_pegs, peg_board_layout,
 *     peg_catalogue_size, peg_catalogue_name, peg_catalogue_description,
 *     peg_amo_name, peg_encoding_board, peg_encoding_steps,
 *     peg_encoding_atoms.  Two queries answer -1 as a value, not as
 *     PEG_EINVAL: peg_board_start and peg_board_goal (-1: the solver
 *     chooses the empty hole; one peg anywhere); they fail only with
 *     PEG_EHOLE.
 *   - A callback's non-zero return (peg_clause_fn, peg_play_fn) stops the
 *     call, which returns it unchanged.
 *   - After a failure the handles given stay valid and safe to free, and
 *     a result struct (peg_result, peg_hints) is always initialised: clear
 *     it whatever the call returned.
 *
 * EXAMPLE (pairing libpeg with libdpll; error handling shortened)
 *
 *     static int add(void *s, const int *lits, size_t n) {
 *       return dpll_add_clause(s, lits, n);
 *     }
 *     static int value(void *s, int atom) { return dpll_model(s, atom); }
 *
 *     peg_board *b;
 *     peg_board_named("triangle5", &b);          // 15 holes, hole 1 empty
 *     peg_encoding *e = peg_encoding_new(b, NULL);
 *     dpll_solver *s = dpll_new();
 *     peg_encoding_emit(e, add, s);
 *     if (dpll_solve(s) == DPLL_SAT) {
 *       int steps = peg_encoding_steps(e);
 *       peg_jump jumps[64];
 *       peg_decode(e, value, s, jumps, NULL);     // checked by replaying
 *       for (int i = 0; i < steps; i++)
 *         printf("Jump(%d,%d,%d,%d)\n", jumps[i].from, jumps[i].over,
 *                jumps[i].to, i + 1);
 *     }
 *     dpll_free(s); peg_encoding_free(e); peg_board_free(b);
 */
#ifndef PEG_PEG_H_INCLUDED
#define PEG_PEG_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(PEG_BUILDING_LIBRARY) && defined(__GNUC__)
#define PEG_API __attribute__((visibility("default")))
#else
#define PEG_API
#endif

#define PEG_VERSION "0.1.0"

/* The most holes a board may have. */
#define PEG_MAX_HOLES 4096

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

#define PEG_ERRORS(X)                                                          \
  X(EINVAL, -1, "invalid argument")                                            \
  X(ENOMEM, -2, "out of memory")                                               \
  X(EHOLE, -3, "no such hole")                                                 \
  X(ETRIPLE, -4, "a triple must name three different holes")                   \
  X(EDUPLICATE, -5, "the same triple twice")                                   \
  X(EGOAL, -6, "the goal has more pegs than the start")                        \
  X(EPOSITION, -7, "a hole's position is missing, repeated or invalid")        \
  X(ENAME, -8, "no such board in the catalogue")                               \
  X(EATOM, -9, "no such atom")                                                 \
  X(EOPTION, -10, "no such option, or value out of range")                     \
  X(EPARSE, -11, "malformed board file")                                       \
  X(EKEY, -12, "malformed or inconsistent key")                                \
  X(EANSWER, -13, "malformed solver answer")                                   \
  X(EPLAY, -14, "the model is not a legal play reaching the goal")             \
  X(ETOOBIG, -15, "the encoding has too many atoms")                           \
  X(ESOLVER, -16, "the solver failed, stopped or ignored an assumption")

enum peg_error_code {
#define PEG_ERROR_ENUM(name, code, text) PEG_##name = code,
  PEG_ERRORS(PEG_ERROR_ENUM)
#undef PEG_ERROR_ENUM
};

/* A static message for any code above; never NULL. */
PEG_API const char *peg_strerror(int code);

/* Details of a failure, filled in by the calls that take one (may be
 * NULL).  line and column count from 1 and are 0 where they do not apply;
 * message is one line, without the position. */
typedef struct peg_error {
  long line, column;
  char message[200];
} peg_error;

/* The library's version, e.g. "0.1.0". */
PEG_API const char *peg_version(void);

/* ------------------------------------------------------------------------
 * Boards
 * ------------------------------------------------------------------------ */

typedef struct peg_board peg_board;

enum peg_layout {
  PEG_LAYOUT_NONE = 0,     /* no positions */
  PEG_LAYOUT_TRIANGLE = 1, /* row r (from 1, the apex) holds columns 1..r */
  PEG_LAYOUT_SQUARE = 2    /* rows and columns of a square grid */
};

/* A new board of `holes` holes (1..PEG_MAX_HOLES), no triples, hole 1
 * empty at the start, goal one peg anywhere, no layout.  Owned by the
 * caller; NULL if holes is out of range or memory runs out. */
PEG_API peg_board *peg_board_new(int holes);

/* Frees the board.  NULL does nothing. */
PEG_API void peg_board_free(peg_board *b);

/* A copy, owned by the caller; NULL if memory runs out. */
PEG_API peg_board *peg_board_copy(const peg_board *b);

/* Adds the triple a b c (both jumps a->c over b and c->a over b).
 * Returns 0, PEG_EHOLE, PEG_ETRIPLE (repeated hole), PEG_EDUPLICATE (the
 * same three holes in this or the reverse order are already there) or
 * PEG_ENOMEM. */
PEG_API int peg_board_add_triple(peg_board *b, int a, int over, int c);

/* The start: every hole but `hole` holds a peg; hole 0 lets the solver
 * choose which one hole is empty.  Returns 0 or PEG_EHOLE. */
PEG_API int peg_board_set_empty(peg_board *b, int hole);

/* The start: exactly the n holes listed hold pegs (repeats are merged).
 * Returns 0, PEG_EHOLE or PEG_ENOMEM. */
PEG_API int peg_board_set_start(peg_board *b, const int *holes, size_t n);

/* The goal: exactly the n holes listed hold pegs at the end; n == 0
 * restores the default, exactly one peg anywhere.  Returns 0, PEG_EHOLE
 * or PEG_ENOMEM. */
PEG_API int peg_board_set_goal(peg_board *b, const int *holes, size_t n);

/* Geometry for drawing and naming: the layout, and a position for hole.
 * Rows and columns count from 1; on a triangle, column <= row.  A board
 * with a layout must give every hole a distinct position (peg_board_check
 * says so).  Return 0, PEG_EINVAL (bad layout), PEG_EHOLE or
 * PEG_EPOSITION (out of range for the layout). */
PEG_API int peg_board_set_layout(peg_board *b, int layout);
PEG_API int peg_board_set_position(peg_board *b, int hole, int row, int column);

/* Checks the puzzle as a whole: the goal has no more pegs than the start
 * (PEG_EGOAL), every hole has a distinct position if there is a layout
 * (PEG_EPOSITION).  Returns 0 or the code, with err's message saying what. */
PEG_API int peg_board_check(const peg_board *b, peg_error *err);

/* Queries. */
PEG_API int peg_board_holes(const peg_board *b);
PEG_API size_t peg_board_num_triples(const peg_board *b);
/* Stores triple i (0-based, in the order added) in abc[0..2]: 0 or
 * PEG_EINVAL. */
PEG_API int peg_board_triple(const peg_board *b, size_t i, int abc[3]);
/* 1 if hole holds a peg at the start, 0 if not, -1 if the solver chooses
 * the one empty hole; PEG_EHOLE. */
PEG_API int peg_board_start(const peg_board *b, int hole);
/* 1 if hole holds a peg in the goal, 0 if not, -1 if the goal is one peg
 * anywhere; PEG_EHOLE. */
PEG_API int peg_board_goal(const peg_board *b, int hole);
/* Pegs at the start and in the goal (N-1 and 1 for the defaults). */
PEG_API int peg_board_start_pegs(const peg_board *b);
PEG_API int peg_board_goal_pegs(const peg_board *b);
PEG_API int peg_board_layout(const peg_board *b);
/* The position of hole in *row, *column: 0, PEG_EHOLE, or PEG_EPOSITION
 * if it has none. */
PEG_API int peg_board_position(const peg_board *b, int hole, int *row,
                               int *column);

/* ------------------------------------------------------------------------
 * Board files (docs/boards.md)
 *
 *     # comments run from '#' to the end of the line; blank lines are fine
 *     10 1            holes, and the hole empty at the start (0: free)
 *     1 2 4           a triple per line
 *     start 2 3 4     optional: exactly these holes hold pegs at the start
 *     goal 7          optional: exactly these hold pegs at the end
 *     layout triangle optional geometry (triangle or square),
 *     at 1 1 1        with "at HOLE ROW COLUMN" for every hole
 * ------------------------------------------------------------------------ */

/* Parses a board file from text[0..size-1] into a new board (*out, owned
 * by the caller; NULL on failure).  Errors (PEG_EPARSE and the board
 * codes) carry line and column in err.  Returns 0, a code, or
 * PEG_ENOMEM. */
PEG_API int peg_board_parse(const char *text, size_t size, peg_board **out,
                            peg_error *err);

/* The board as a board file: malloc'd, NUL-terminated, length in *size
 * (may be NULL); the caller frees it.  NULL if memory runs out.  For a
 * board that passes peg_board_check, peg_board_parse reads it back to the
 * same board (the parser checks, so a board that fails cannot round-trip). */
PEG_API char *peg_board_text(const peg_board *b, size_t *size);

/* ------------------------------------------------------------------------
 * The catalogue of named boards, each with its layout
 *
 *   triangleR   a triangle of R rows (1 <= R <= 90), holes numbered row
 *               by row from the apex; hole 1 empty.  triangle4 is the
 *               10-hole board, triangle5 the 15-hole one.
 *   english     the 33-hole cross; the centre (17) empty.
 *   french      the 37-hole European board; the centre (19) empty.
 *   wiegleb     the 45-hole German board; the centre (23) empty.
 *   diamond     the 41-hole diamond (rows 1,3,5,7,9,7,5,3,1); centre empty.
 * ------------------------------------------------------------------------ */

/* The number of catalogue entries, and entry i's name pattern (such as
 * "triangleR") and a one-line description; NULL past the end. */
PEG_API size_t peg_catalogue_size(void);
PEG_API const char *peg_catalogue_name(size_t i);
PEG_API const char *peg_catalogue_description(size_t i);

/* The board called name, new and owned by the caller in *out.  Returns
 * 0, PEG_ENAME or PEG_ENOMEM. */
PEG_API int peg_board_named(const char *name, peg_board **out);

/* ------------------------------------------------------------------------
 * The encoding
 * ------------------------------------------------------------------------ */

typedef struct peg_encoding peg_encoding;

/* The encoding of a checked board (it keeps its own copy).  NULL on
 * failure, with *err (if err is not NULL) set to the code from
 * peg_board_check, PEG_ETOOBIG (more atoms than an int can number) or
 * PEG_ENOMEM. */
PEG_API peg_encoding *peg_encoding_new(const peg_board *b, int *err);

/* Frees it.  NULL does nothing. */
PEG_API void peg_encoding_free(peg_encoding *e);

/* The encoding's board (borrowed, valid while e lives). */
PEG_API const peg_board *peg_encoding_board(const peg_encoding *e);

/* Options, by name, before emitting (see docs/encoding.md), each 0 or 1:
 *   at_least_one      1 (default): a clause per time step saying that some
 *                     jump happens (valid: every jump removes one peg).
 *   canonical_order   1 (default): of the plays that differ only by the
 *                     order of jumps touching different holes, allow only
 *                     some (at least one of each such family): fewer
 *                     models, the same puzzles solvable.
 *   position_classes  1 (default): rule out what the position classes
 *                     (parities that no jump changes, found from the
 *                     triples; see peg_explain) show unreachable: last
 *                     holes, empty holes of a free start, or the goal.
 *   at_most_one       how "at most one jump per time step" is written
 *                     (a row of PEG_AMO_ENCODINGS below),
 *                     for the J jumps of a step:
 *                     PEG_AMO_PAIRWISE (default: the seed's J(J-1)/2
 *                     clauses);
 *                     PEG_AMO_SEQUENTIAL (Sinz's sequential counter: 3J-4
 *                     clauses and J-1 more atoms Count(k,I), "a jump
 *                     numbered k or less happens at time I");
 *                     PEG_AMO_PRODUCT (Chen's 2-product: the jumps in a
 *                     grid of p = ceil(sqrt J) rows and q = ceil(J/p)
 *                     columns, p + q more atoms Row(r,I) and Col(c,I),
 *                     2J + p(p-1)/2 + q(q-1)/2 clauses);
 *                     PEG_AMO_COMMANDER (Klieber and Kwon's commanders:
 *                     groups of three, each with an atom Cmd(L,g,I) true
 *                     exactly when a jump of group g of level L is, and
 *                     so on up until three remain; about J/2 more atoms
 *                     and 3.5J clauses).
 *                     The counts for small J are in docs/encoding.md.
 *   hole_order        1 (default): number the atoms on a copy of the board
 *                     whose holes are ordered by its structure alone
 *                     (triples, start, goal), so that every renumbering
 *                     of a board's holes gives the same clauses; 0: in
 *                     the board's own order of holes and triples.  Atom
 *                     names, peg_atom_* and peg_decode use the board's
 *                     own hole numbers either way (docs/encoding.md).
 * With canonical_order and position_classes at 0 the models are exactly
 * the plays (with at_least_one also at 1 when the counter or the product
 * is used: without it, a step with no jump leaves their atoms free). */

/* The at-most-one encodings, one row each: X(NAME, value, name, summary)
 * gives PEG_AMO_NAME = value, the name peg_amo_name returns and
 * peg_amo_lookup reads, and a one-line summary for help texts.  The values
 * are what a key's at_most_one=N says, so they never change; a new
 * encoding is a new last row.  PEG_AMO_COUNT is one past the last. */
#define PEG_AMO_ENCODINGS(X)                                                   \
  X(PAIRWISE, 0, pairwise, "a clause for every two")                           \
  X(SEQUENTIAL, 1, sequential, "a counter: 3J-4 clauses, J-1 more atoms")      \
  X(PRODUCT, 2, product,                                                       \
    "a grid of about sqrt(J) rows and columns: about 2J clauses, "             \
    "2 sqrt(J) atoms")                                                         \
  X(COMMANDER, 3, commander, "groups of three: about 3.5J clauses, J/2 atoms")

enum peg_amo {
#define PEG_AMO_ENUM(NAME, value, name, summary) PEG_AMO_##NAME = value,
  PEG_AMO_ENCODINGS(PEG_AMO_ENUM)
#undef PEG_AMO_ENUM
      PEG_AMO_COUNT /* one past the last */
};

/* The name of at-most-one encoding how ("pairwise", ...; static), or NULL
 * if how is not 0..PEG_AMO_COUNT-1. */
PEG_API const char *peg_amo_name(int how);

/* The encoding called name (exactly as peg_amo_name spells it): its value,
 * PEG_EOPTION if there is none of that name, or PEG_EINVAL if name is
 * NULL. */
PEG_API int peg_amo_lookup(const char *name);

/* Set before emitting.  set returns 0, PEG_EOPTION (no such option or a
 * value out of range) or PEG_ETOOBIG (the at-most-one encoding's atoms
 * would be more than an int numbers; the option keeps its value). */
PEG_API int peg_encoding_set_option(peg_encoding *e, const char *name,
                                    int value);
PEG_API int peg_encoding_get_option(const peg_encoding *e, const char *name,
                                    int *value);

/* T, the number of jumps of a solution. */
PEG_API int peg_encoding_steps(const peg_encoding *e);

/* The number of atoms (variables 1..atoms: Jump atoms, then Peg atoms,
 * then the at-most-one encoding's) and of clauses emit produces
 * (PEG_ENOMEM if memory runs out while counting). */
PEG_API int peg_encoding_atoms(const peg_encoding *e);
PEG_API int64_t peg_encoding_clauses(const peg_encoding *e);

/* The callback that receives each clause: lits[0..n-1], non-zero ints as
 * in DIMACS, borrowed for the call.  A non-zero return stops emitting. */
typedef int (*peg_clause_fn)(void *ctx, const int *lits, size_t n);

/* Emits every clause.  Returns 0, the callback's first non-zero return
 * value (unchanged), or PEG_ENOMEM. */
PEG_API int peg_encoding_emit(const peg_encoding *e, peg_clause_fn fn,
                              void *ctx);

/* Atom numbers.  Peg(hole, time) for time 1..T+1; Jump(from, over, to,
 * time) for time 1..T, (from, over, to) a triple in either direction.
 * Return the atom (> 0) or PEG_EATOM. */
PEG_API int peg_atom_peg(const peg_encoding *e, int hole, int time);
PEG_API int peg_atom_jump(const peg_encoding *e, int from, int over, int to,
                          int time);

/* The name of atom, "Peg(5,2)", "Jump(8,5,3,4)" or one of the at-most-one
 * encoding's "Count(3,1)", "Row(2,1)", "Col(4,1)", "Cmd(1,5,2)", in buf
 * (NUL-terminated if size > 0, cut to fit).  Returns the full length, as
 * snprintf does, or PEG_EATOM. */
PEG_API int peg_atom_name(const peg_encoding *e, int atom, char *buf,
                          size_t size);

/* The atom called name ("Peg(5,2)", "Jump(8,5,3,4)", and the auxiliary
 * atoms of the encoding's at-most-one option; no blanks), or PEG_EATOM. */
PEG_API int peg_atom_lookup(const peg_encoding *e, const char *name);

/* ------------------------------------------------------------------------
 * The key: the board and every atom's name, as text that travels after
 * the clauses (docs/encoding.md shows it)
 * ------------------------------------------------------------------------ */

/* The key: malloc'd, NUL-terminated, length in *size (may be NULL); NULL if
 * memory runs out. */
PEG_API char *peg_key_text(const peg_encoding *e, size_t *size);

/* Rebuilds the encoding from a key (*out owned by the caller).  Checks that
 * every atom line names the atom the board gives that number.  Returns 0,
 * PEG_EKEY (err: line, column and what), another board code, or
 * PEG_ENOMEM. */
PEG_API int peg_key_parse(const char *text, size_t size, peg_encoding **out,
                          peg_error *err);

/* ------------------------------------------------------------------------
 * Solutions
 * ------------------------------------------------------------------------ */

typedef struct peg_jump {
  int from, over, to;
} peg_jump;

/* The lookup through which a model comes in: the value of atom, 1 true,
 * 0 false, negative if the model does not say. */
typedef int (*peg_value_fn)(void *ctx, int atom);

/* Reads the jumps of a model: jumps[0..T-1] (the caller's array) gets the
 * jump of each time step in order.  Checks that exactly one Jump atom is
 * true at each time and that the result replays legally to the goal (see
 * peg_replay).  Returns 0, PEG_EPLAY (err says what is wrong) or
 * PEG_EATOM (the lookup gave no value). */
PEG_API int peg_decode(const peg_encoding *e, peg_value_fn value, void *ctx,
                       peg_jump *jumps, peg_error *err);

/* Replays jumps[0..n-1] on the board from its start: each jump must be a
 * triple of the board (either direction) with pegs in from and over and an
 * empty to; the final pegs must be the goal.  When the solver chooses the
 * empty hole, it is the first jump's `to` (the only empty hole).  Returns 0
 * or PEG_EPLAY, err naming the jump (1-based in line) and the fault. */
PEG_API int peg_replay(const peg_board *b, const peg_jump *jumps, size_t n,
                       peg_error *err);

/* The pegs at the start, pegs[1..N] (1 or 0; pegs[0] unused), for stepping
 * through a play: when the solver chooses the empty hole, first is the
 * play's first jump.  With first NULL (a play of no jump) the start is the
 * goal if the board gives one with one empty hole, else hole 1 is shown
 * empty.  Returns 0 or PEG_EINVAL. */
PEG_API int peg_start_pegs(const peg_board *b, const peg_jump *first,
                           unsigned char *pegs);

/* Applies one jump to pegs[1..N] if it is legal there.  Returns 0 or
 * PEG_EPLAY (pegs unchanged). */
PEG_API int peg_apply(const peg_board *b, unsigned char *pegs, peg_jump j);

/* ------------------------------------------------------------------------
 * Reading a solver's answer
 *
 * The answer of the `dpll` tool in the DP format: "N T" / "N F" lines, a
 * line "0", then the back matter, which for peg-front's clauses is the key.
 * An unsatisfiable answer is the line "0" and the key.  Several answers
 * (dpll --all or --solutions: models one after another, each ending in
 * "0", and a closing "0" when the list is complete) are read too: every
 * model is decoded and replayed, and each distinct play is a solution.
 * ------------------------------------------------------------------------ */

typedef struct peg_result {
  int solved;             /* 1: at least one solution; 0: there is none */
  peg_encoding *encoding; /* rebuilt from the key; owned */
  peg_jump *jumps;        /* solved: the solutions, num_jumps entries each,
                             one after another (the first model's first);
                             owned */
  size_t num_jumps;       /* jumps of one solution: peg_encoding_steps */
  size_t num_solutions;   /* distinct plays: solution k (from 0) is
                             jumps[k * num_jumps ..] */
  size_t num_models;      /* models in the answer; more than num_solutions
                             when two models are the same play (auxiliary
                             atoms may differ) */
  int complete;           /* 1: the answer says it lists every model (a
                             closing "0", or an unsatisfiable answer) */
} peg_result;

/* Parses an answer with its key, decodes and replays the solution.  Line
 * numbers in err count in the whole text.  Returns 0, PEG_EANSWER,
 * PEG_EKEY, PEG_EPLAY (a model that is not a legal play) or PEG_ENOMEM.
 * out is always initialised; release it with peg_result_clear. */
PEG_API int peg_result_read(const char *text, size_t size, peg_result *out,
                            peg_error *err);
PEG_API void peg_result_clear(peg_result *r);

/* The same for the answer of any solver: dpll's DP answer (then key may be
 * NULL: the answer carries it), a SAT-competition answer ("s SATISFIABLE"
 * and "v" lines, or "s UNSATISFIABLE"; several blocks are several models)
 * or MiniSat's result file ("SAT" and a line of literals, or "UNSAT"),
 * told apart by their first line.  For the last two, key[0..key_size-1]
 * holds the key: the CNF file peg-front --dimacs wrote (its "c" lines) or
 * the file of peg-front --key-out.  Same returns as peg_result_read;
 * PEG_EKEY when a key is needed and missing. */
PEG_API int peg_result_read_keyed(const char *text, size_t size,
                                  const char *key, size_t key_size,
                                  peg_result *out, peg_error *err);

/* A position in a game: the jumps played so far.  Parses peg-back's lines
 * "Jump(A,B,C,I)", I = 1, 2, ... in order (blanks around a line and
 * blank lines are skipped; any other line is an error), and replays them
 * on b from its start (not to the goal).  *jumps is malloc'd (the caller frees
 * it; NULL when *n is 0). Returns 0, PEG_EPARSE (err: line and what), PEG_EPLAY
 * (err: the line of the first jump that cannot be made, and why), PEG_EINVAL or
 * PEG_ENOMEM. */
PEG_API int peg_play_parse(const peg_board *b, const char *text, size_t size,
                           peg_jump **jumps, size_t *n, peg_error *err);

/* A new board (*out, owned by the caller) like b but starting from the
 * pegs that jumps[0..n-1] leave (the goal unchanged), for hints in the
 * middle of a game.  Returns 0, PEG_EPLAY (a jump cannot be made),
 * PEG_EINVAL (also: n is 0 and the solver chooses b's empty hole, so there
 * is no position) or PEG_ENOMEM. */
PEG_API int peg_board_after(const peg_board *b, const peg_jump *jumps, size_t n,
                            peg_board **out);

/* ------------------------------------------------------------------------
 * Driving a solver: every play, and hints
 *
 * libpeg can drive any incremental SAT solver given as four pointers in
 * the shape of IPASIR (tools/common/pegsolver.c pairs it with libdpll).
 * The solver must hold no clauses yet; libpeg adds the encoding's.
 * ------------------------------------------------------------------------ */

typedef struct peg_solver {
  void *ctx; /* passed to the three calls; owned by the caller */
  /* Adds the clause lits[0..n-1] (borrowed); non-zero: failure. */
  int (*add)(void *ctx, const int *lits, size_t n);
  /* Solves under assumptions[0..n-1] (literals true for this solve only;
   * may be NULL when n is 0): 10 satisfiable, 20 unsatisfiable, anything
   * else a failure or a stop. */
  int (*solve)(void *ctx, const int *assumptions, size_t n);
  /* After 10: 1 if atom is true in the model, 0 if false. */
  int (*value)(void *ctx, int atom);
} peg_solver;

/* Receives each play found: jumps[0..n-1], borrowed for the call.  A
 * non-zero return stops the enumeration. */
typedef int (*peg_play_fn)(void *ctx, const peg_jump *jumps, size_t n);

/* Every play of e's puzzle, each once: emits e into s, then solves,
 * decodes and replays the model, passes the play to on_play (may be NULL)
 * and adds a clause that forbids that play's Jump atoms (and nothing
 * else), until s answers unsatisfiable.  With the option canonical_order
 * at 1 (the default) only the canonical plays come (one or more per family
 * of reorderings); at 0, every play, so *count (may be NULL) is the number
 * of plays.  most > 0 stops after that many.  Returns 0 when every play
 * was found, 1 when stopped before (most, or on_play), PEG_ESOLVER,
 * PEG_EPLAY (a model that is not a legal play: the solver is wrong),
 * PEG_ENOMEM or PEG_EINVAL. */
PEG_API int peg_enumerate(const peg_encoding *e, const peg_solver *s,
                          uint64_t most, peg_play_fn on_play, void *ctx,
                          uint64_t *count);

/* Hints for the start of a board, a position in a game (peg_board_set_start
 * makes one): which legal jumps from it still lead to the goal (the
 * board's, or one peg anywhere). */
typedef struct peg_hints {
  size_t count;    /* legal jumps from the position (0 when no more jump
                      is to be made: as many pegs as the goal has) */
  peg_jump *jumps; /* [count], in the order the board lists its triples */
  int *wins;       /* [count]: 1 if some play beginning with jumps[i]
                      reaches the goal; 0 if the solver proved none does */
  size_t steps;    /* jumps in a whole play from the position */
  peg_jump *plays; /* [count * steps]: for each winning jumps[i], a whole
                      play beginning with it at plays[i * steps], replayed
                      to the goal (zeros for a losing one) */
} peg_hints;

/* Fills *out (always initialised; release with peg_hints_clear) with the
 * hints for b's start, settling each legal jump by one solve of s
 * assuming it at time 1 (the encoding has canonical_order 0 here, so that
 * any jump may come first).  Returns 0, PEG_EINVAL (NULL, or the solver
 * chooses the empty hole: give the position), a code of peg_board_check
 * or peg_encoding_new, PEG_ESOLVER, PEG_EPLAY or PEG_ENOMEM. */
PEG_API int peg_hints_find(const peg_board *b, const peg_solver *s,
                           peg_hints *out);
PEG_API void peg_hints_clear(peg_hints *h);

/* The same two with several solvers, solvers[0..n-1], each driven by a
 * thread of its own (the first by the calling thread; no thread is
 * started when n is 1).  Each must be a separate solver, holding no
 * clauses yet, that may be used from another thread; e and b are only
 * read.  peg_hints_find_parallel shares the legal first jumps out among
 * the solvers, each settled by one solve as above.
 * peg_enumerate_parallel shares out the jumps a play may begin with: the
 * plays that begin with one jump are found by one solver, so every play
 * still comes once.  on_play is called for one play at a time (under a
 * lock), in an order that depends on the threads; *count and the return
 * values are as for one solver.  PEG_EINVAL also for n 0 or solvers
 * NULL. */
PEG_API int peg_enumerate_parallel(const peg_encoding *e,
                                   const peg_solver *solvers, size_t n,
                                   uint64_t most, peg_play_fn on_play,
                                   void *ctx, uint64_t *count);
PEG_API int peg_hints_find_parallel(const peg_board *b,
                                    const peg_solver *solvers, size_t n,
                                    peg_hints *out);

/* ------------------------------------------------------------------------
 * Why there is no solution
 * ------------------------------------------------------------------------ */

/* Whether the position-class argument alone shows that no play reaches the
 * goal.  The classes are found from the triples (whatever the layout and
 * the numbering of the holes): the sets of holes that every triple meets
 * in none or two holes, whose number of pegs keeps its parity at every
 * jump.  Returns 1 and *why, a one-sentence explanation naming the set
 * (malloc'd, NUL-terminated, no newline; the caller frees it), when the
 * start and the goal differ in such a parity (with one peg anywhere as the
 * goal: for every hole); 0 with *why NULL when they do not, when the
 * solver chooses the empty hole, when the board fails peg_board_check or
 * has more than 1024 holes; PEG_EINVAL or PEG_ENOMEM. */
PEG_API int peg_explain(const peg_board *b, char **why);

/* ------------------------------------------------------------------------
 * Drawing
 * ------------------------------------------------------------------------ */

/* Draws pegs[1..N] (1 peg, 0 empty) in buf as text: in the board's shape
 * when it has a layout ('o' a peg, '.' an empty hole, rows numbered on the
 * left), else as the list "pegs in holes 1 4 6".  Lines end with '\n'.
 * Writes at most size bytes including a NUL (if size > 0) and returns the
 * full length, as snprintf does; negative on error. */
PEG_API int peg_draw(const peg_board *b, const unsigned char *pegs, char *buf,
                     size_t size);

/* How a hole is called: "row 3 column 2" if it has a position, else
 * "hole 5".  Same contract as peg_draw. */
PEG_API int peg_hole_name(const peg_board *b, int hole, char *buf, size_t size);

/* A page that replays jumps[0..n-1] in a browser: a complete HTML5 page,
 * self-contained (inline style and script, no network, no external file;
 * it works opened as a file).  It draws the board in SVG in its shape
 * (each hole an element id="hole-H" whose data-peg is "1" or "0"), lists
 * the jumps (<ol id="jumps">), and steps through them with the buttons
 * first, prev, play, pause, next and last and the counter id="step"
 * ("Step K of T"); the address ending in #step=K opens it at step K.
 * The jumps must replay legally from the board's start to its goal (see
 * peg_replay).  On success *out is a new malloc'd NUL-terminated string
 * the caller frees, and *size (size may be NULL) its length.  Returns 0,
 * PEG_EINVAL (b or out NULL, or jumps NULL with n > 0), PEG_EPLAY or
 * PEG_ENOMEM; *out is NULL on failure. */
PEG_API int peg_html(const peg_board *b, const peg_jump *jumps, size_t n,
                     char **out, size_t *size);

#ifdef __cplusplus
}
#endif

#endif /* PEG_PEG_H_INCLUDED */
