/* fuzz_board.c - libpeg's board files on any bytes.  peg_board_parse must
 * accept or refuse with a place and a message.  A board it accepts must
 * pass peg_board_check, be written by peg_board_text as a file that reads
 * back to the same text, and be drawn.  A small one (at most 20 holes and
 * 40 triples) is also encoded, with options taken from a hash of the
 * bytes: the clause count must be what peg_encoding_clauses said, every
 * literal an atom, every atom's name looked up to itself, the key read
 * back to the same key.  A very small one (at most 10 holes; one in four,
 * by the hash, as solving is slow) is solved by libdpll under a conflict
 * limit and judged by tests/pegcheck.c, which shares no code with libpeg:
 * a model must decode to a play that replays to the goal, and UNSAT must
 * mean that no play exists. */
#include "fuzz.h"
#include "pegcheck.h"

#include <dpll.h>
#include <peg.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ENCODE_HOLES 20
#define ENCODE_TRIPLES 40
#define ENCODE_CLAUSES 200000
#define SOLVE_HOLES 10
#define SOLVE_CLAUSES 30000
#define CONFLICTS 300

/* peg_board_text, and that the text reads back to the same text. */
static void check_text(const peg_board *b) {
  size_t size, again_size;
  char *text = peg_board_text(b, &size);
  FUZZ_CHECK(text != NULL && strlen(text) == size);
  peg_board *back;
  peg_error err;
  FUZZ_CHECK(peg_board_parse(text, size, &back, &err) == 0);
  char *again = peg_board_text(back, &again_size);
  FUZZ_CHECK(again != NULL && again_size == size && !strcmp(again, text));
  peg_board *copy = peg_board_copy(b);
  FUZZ_CHECK(copy != NULL);
  free(again);
  again = peg_board_text(copy, &again_size);
  FUZZ_CHECK(again != NULL && !strcmp(again, text));
  free(again);
  peg_board_free(copy);
  peg_board_free(back);
  free(text);
}

/* The start drawn, and every hole named. */
static void check_drawing(const peg_board *b) {
  int holes = peg_board_holes(b);
  unsigned char *pegs = malloc((size_t)holes + 1);
  FUZZ_CHECK(pegs != NULL);
  FUZZ_CHECK(peg_start_pegs(b, NULL, pegs) == 0);
  int n = peg_draw(b, pegs, NULL, 0);
  FUZZ_CHECK(n > 0);
  char *picture = malloc((size_t)n + 1);
  FUZZ_CHECK(picture != NULL);
  FUZZ_CHECK(peg_draw(b, pegs, picture, (size_t)n + 1) == n);
  FUZZ_CHECK(strlen(picture) == (size_t)n && picture[n - 1] == '\n');
  for (int h = 1; h <= holes; h++) {
    char name[64];
    int len = peg_hole_name(b, h, name, sizeof name);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof name);
  }
  free(picture);
  free(pegs);
}

/* The clauses on their way out of peg_encoding_emit. */
typedef struct sink {
  int atoms;
  int64_t clauses;
  dpll_solver *s; /* NULL: only count them */
} sink;

static int take_clause(void *ctx, const int *lits, size_t n) {
  sink *k = ctx;
  for (size_t i = 0; i < n; i++)
    FUZZ_CHECK(lits[i] != 0 && abs(lits[i]) <= k->atoms);
  k->clauses++;
  if (k->s)
    FUZZ_CHECK(dpll_add_clause(k->s, lits, n) == 0);
  return 0;
}

/* Every atom's name looks up to the atom; the key reads back the same. */
static void check_names_and_key(const peg_encoding *e) {
  char name[64];
  for (int a = 1; a <= peg_encoding_atoms(e); a++) {
    int len = peg_atom_name(e, a, name, sizeof name);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof name);
    FUZZ_CHECK(peg_atom_lookup(e, name) == a);
  }
  size_t size, again_size;
  char *key = peg_key_text(e, &size);
  FUZZ_CHECK(key != NULL);
  peg_encoding *back;
  peg_error err;
  FUZZ_CHECK(peg_key_parse(key, size, &back, &err) == 0);
  FUZZ_CHECK(peg_encoding_atoms(back) == peg_encoding_atoms(e));
  char *again = peg_key_text(back, &again_size);
  FUZZ_CHECK(again != NULL && again_size == size && !strcmp(again, key));
  free(again);
  free(key);
  peg_encoding_free(back);
}

/* The board's puzzle for tests/pegcheck.c, through libpeg's queries. */
static void to_pegcheck(const peg_board *b, pc_board *pc) {
  memset(pc, 0, sizeof *pc);
  pc->holes = peg_board_holes(b);
  pc->num_triples = (int)peg_board_num_triples(b);
  pc->triples = malloc(((size_t)pc->num_triples + 1) * sizeof *pc->triples);
  FUZZ_CHECK(pc->triples != NULL);
  for (int i = 0; i < pc->num_triples; i++)
    FUZZ_CHECK(peg_board_triple(b, (size_t)i, pc->triples[i]) == 0);
  pc->free_start = peg_board_start(b, 1) == -1;
  pc->goal_given = peg_board_goal(b, 1) != -1;
  for (int h = 1; h <= pc->holes; h++) {
    pc->start[h] = peg_board_start(b, h) == 1;
    pc->goal[h] = peg_board_goal(b, h) == 1;
  }
}

static int model_value(void *ctx, int atom) { return dpll_model(ctx, atom); }

/* Solves the clauses in s and holds the answer against pegcheck. */
static void judge(const peg_encoding *e, dpll_solver *s) {
  FUZZ_CHECK(dpll_set_option(s, "conflict_limit", CONFLICTS) == 0);
  int res = dpll_solve(s);
  if (res == DPLL_UNKNOWN)
    return;
  pc_board pc;
  to_pegcheck(peg_encoding_board(e), &pc);
  if (res == DPLL_SAT) {
    int steps = peg_encoding_steps(e);
    peg_jump *jumps = malloc(((size_t)steps + 1) * sizeof *jumps);
    int(*abc)[3] = malloc(((size_t)steps + 1) * sizeof *abc);
    FUZZ_CHECK(jumps != NULL && abc != NULL);
    peg_error err;
    FUZZ_CHECK(peg_decode(e, model_value, s, jumps, &err) == 0);
    for (int i = 0; i < steps; i++) {
      abc[i][0] = jumps[i].from;
      abc[i][1] = jumps[i].over;
      abc[i][2] = jumps[i].to;
    }
    char why[200];
    /* pc_replay takes a free start's empty hole from the first jump: with
     * none, only the search can say that some choice is the goal. */
    if (steps == 0 && pc.free_start)
      FUZZ_CHECK(pc_count_plays(&pc) > 0);
    else
      FUZZ_CHECK(pc_replay(&pc, (const int(*)[3])abc, steps, why, sizeof why));
    free(abc);
    free(jumps);
  } else {
    FUZZ_CHECK(res == DPLL_UNSAT);
    FUZZ_CHECK(pc_count_plays(&pc) == 0);
  }
  pc_board_free(&pc);
}

static void encode(const peg_board *b, uint32_t hash) {
  int err;
  peg_encoding *e = peg_encoding_new(b, &err);
  FUZZ_CHECK(e != NULL && err == 0);
  const char *options[] = {"at_least_one", "canonical_order",
                           "position_classes"};
  for (int i = 0; i < 3; i++)
    FUZZ_CHECK(!peg_encoding_set_option(e, options[i], (hash >> i) & 1));
  FUZZ_CHECK(!peg_encoding_set_option(e, "at_most_one",
                                      (int)((hash >> 3) % PEG_AMO_COUNT)));
  int64_t clauses = peg_encoding_clauses(e);
  FUZZ_CHECK(clauses >= 0);
  if (clauses <= ENCODE_CLAUSES) {
    sink k = {peg_encoding_atoms(e), 0, NULL};
    /* Solving is slow beside the rest: one board in four, by the hash. */
    if (peg_board_holes(b) <= SOLVE_HOLES && clauses <= SOLVE_CLAUSES &&
        (hash >> 8) % 4 == 0) {
      k.s = dpll_new();
      /* Every atom exists, even one that no clause mentions. */
      FUZZ_CHECK(k.s && !dpll_set_priority(k.s, k.atoms, 0));
    }
    FUZZ_CHECK(peg_encoding_emit(e, take_clause, &k) == 0);
    FUZZ_CHECK(k.clauses == clauses);
    if (k.s)
      judge(e, k.s);
    dpll_free(k.s);
    check_names_and_key(e);
  }
  peg_encoding_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char poison;
  peg_board *b = (peg_board *)(void *)&poison; /* must become NULL or a board */
  peg_error err;
  int rc = peg_board_parse((const char *)data, size, &b, &err);
  FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message) != NULL);
  if (rc) {
    FUZZ_CHECK(rc == PEG_EPARSE && b == NULL);
    FUZZ_CHECK(err.line >= 1 && err.column >= 1 && err.message[0]);
    return 0;
  }
  FUZZ_CHECK(b != NULL && peg_board_check(b, &err) == 0);
  check_text(b);
  check_drawing(b);
  if (peg_board_holes(b) <= ENCODE_HOLES &&
      peg_board_num_triples(b) <= ENCODE_TRIPLES) {
    uint32_t hash = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < size; i++)
      hash = (hash ^ data[i]) * 16777619u;
    encode(b, hash);
  }
  peg_board_free(b);
  return 0;
}
