/* pegcheck.h - an independent judge of peg-solitaire plays for the tests:
 * its own reading of board files, its own triangle boards, replay of jump
 * lines, and exhaustive search.  It shares no code with libpeg and
 * includes none of its headers. */
#ifndef DPLL_TESTS_PEGCHECK_H_INCLUDED
#define DPLL_TESTS_PEGCHECK_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

typedef struct pc_board {
  int holes; /* 1..holes */
  int num_triples;
  int (*triples)[3];       /* a b c: a->c over b and c->a over b */
  int free_start;          /* 1: exactly one hole, any, is empty */
  unsigned char start[65]; /* unless free_start: start[h] 1 = peg */
  int goal_given;          /* 0: exactly one peg anywhere */
  unsigned char goal[65];  /* if goal_given: goal[h] 1 = peg */
} pc_board;

/* Reads the parts of a board file that define the puzzle: "N E", the
 * triples, "start ...", "goal ..."; layout and position lines are
 * skipped.  Boards of at most 64 holes.  Returns 1, or 0 with why set. */
int pc_board_read(const char *text, size_t size, pc_board *b, char *why,
                  size_t why_size);

/* The triangle of `rows` rows (holes numbered row by row from the apex,
 * jumps in the three directions), built from row/column arithmetic; empty
 * is the hole empty at the start, 0 for a free choice. */
void pc_board_triangle(pc_board *b, int rows, int empty);

/* The English 33-hole cross, centre (17) empty, from grid arithmetic. */
void pc_board_english(pc_board *b);

void pc_board_free(pc_board *b);

/* Replays jumps[0..n-1] (from, over, to) from the start; returns 1 if each
 * is a legal jump of the board and the end is the goal, else 0 with why
 * set.  With a free start the empty hole is the first jump's target. */
int pc_replay(const pc_board *b, const int (*jumps)[3], int n, char *why,
              size_t why_size);

/* The same for peg-back's output: lines "Jump(A,B,C,I)" with I = 1, 2, ...
 * in order and nothing else.  Returns 1, or 0 with why set. */
int pc_replay_text(const pc_board *b, const char *text, size_t size, char *why,
                   size_t why_size);

/* The number of different plays (sequences of jumps) from the start to
 * the goal, by exhaustive search with memoisation (boards of at most 64
 * holes; practical to about 25); with a free start, summed over the
 * choices of empty hole. */
uint64_t pc_count_plays(const pc_board *b);

/* canonical 0: pc_count_plays; 1: only the plays where each jump that
 * touches none of the holes of the jump before it has a larger number
 * than that one (jump 2t is triple t's a->c, 2t+1 its c->a).  Boards of
 * at most 39 holes when canonical. */
uint64_t pc_count(const pc_board *b, int canonical);

#endif
