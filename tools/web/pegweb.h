/* pegweb.h - the calls peg.html makes into libpeg and libdpll (pegweb.c,
 * compiled to WebAssembly with them; natively too, for tests/test_pegweb.c).
 *
 * Every call is stateless: the puzzle comes as text and the answer goes
 * back as a new malloc'd JSON object (NULL only if memory runs out), which
 * the caller frees with web_free.  Failures are {"ok":0,"message":...},
 * with "line" and "column" when the board file is at fault.
 *
 *   text    a board file (docs/boards.md)
 *   start   ""           the board's own start
 *           "empty H"    every hole but H (0: the solver chooses)
 *           "pegs H ..." exactly these holes
 *   goal    ""           the board's own goal
 *           "any"        one peg anywhere
 *           "pegs H ..." exactly these holes
 *   played  "A B C A B C ..." the jumps played so far (from, over, to);
 *           the position is where they leave.
 *
 * Blanks or commas separate the numbers. */
#ifndef DPLL_TOOLS_PEGWEB_H_INCLUDED
#define DPLL_TOOLS_PEGWEB_H_INCLUDED

void web_free(void *p);

/* {ok:1, text}: the catalogue board called name, as a board file. */
char *web_catalogue(const char *name);

/* {ok:1, holes, layout, pos: [[row, column] per hole, [0,0] without],
 * triples: [[a,b,c]...], start and goal: [0, then 1 or 0 per hole], or
 * null for a start the solver chooses and a goal of one peg anywhere,
 * text: the puzzle as a board file}. */
char *web_info(const char *text, const char *start, const char *goal);

/* Solves from the position, as peg-front | dpll | peg-back would (the
 * dpll tool's defaults): {ok:1, state:"solved", jumps: the whole play from
 * the start, [[from,over,to]...], replayed to the goal} or {ok:1,
 * state:"no-solution", why: the position classes' reason, or null}. */
char *web_solve(const char *text, const char *start, const char *goal,
                const char *played);

/* Each legal jump from the position, settled by a solve as peg-front
 * --hint does: {ok:1, played, steps: jumps left to make, hints: [{jump,
 * win, play: a winning play's remaining jumps}...], goal: 1 if no jump
 * is to be made and the position is the goal, why: when none wins, the
 * classes' reason or null}.  A start the solver chooses has no position
 * before the first jump: {ok:0}. */
char *web_hints(const char *text, const char *start, const char *goal,
                const char *played);

/* The number of plays from the position to the goal, every order of the
 * jumps counted, as peg-front --count: {ok:1, count: "decimal"}. */
char *web_count(const char *text, const char *start, const char *goal,
                const char *played);

#endif
