/* fuzz_answer.c - peg-back's reader on any bytes: peg_result_read takes a
 * solver's answer in the DP format with peg-front's key as its back matter,
 * rebuilds the encoding from the key and decodes the model.  It must
 * accept, or refuse with one of its codes, a message and a cleared
 * result.  What it accepts must hold together: the jumps replay on the
 * key's board to the goal, step by step as peg-back draws them; the model
 * made again from those jumps decodes to the same jumps; the key written
 * from the encoding reads back to the same key.  The same holds for
 * peg_result_read_keyed, the input being both the answer and the key. */
#include "fuzz.h"

#include <peg.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void check_refusal(int rc, const peg_result *r, const peg_error *err) {
  FUZZ_CHECK(rc == PEG_EANSWER || rc == PEG_EKEY || rc == PEG_EPLAY);
  FUZZ_CHECK(err->message[0] && err->line >= 0 && err->column >= 0);
  FUZZ_CHECK(r->encoding == NULL && r->jumps == NULL && !r->solved &&
             r->num_jumps == 0);
}

/* The jumps, one at a time from the start, as peg-back draws them. */
static void walk(const peg_board *b, const peg_jump *jumps, size_t n) {
  unsigned char *pegs = malloc((size_t)peg_board_holes(b) + 1);
  FUZZ_CHECK(pegs != NULL);
  FUZZ_CHECK(peg_start_pegs(b, n ? &jumps[0] : NULL, pegs) == 0);
  for (size_t i = 0; i < n; i++)
    FUZZ_CHECK(peg_apply(b, pegs, jumps[i]) == 0);
  char line[256];
  FUZZ_CHECK(peg_draw(b, pegs, line, sizeof line) > 0);
  free(pegs);
}

static int lookup(void *ctx, int atom) {
  return ((const unsigned char *)ctx)[atom];
}

/* The model of the play: its Jump atoms and the Peg atoms of the states it
 * passes through true, the rest false; it must decode to the same play. */
static void decode_again(const peg_encoding *e, const peg_jump *jumps) {
  const peg_board *b = peg_encoding_board(e);
  int steps = peg_encoding_steps(e), holes = peg_board_holes(b);
  unsigned char *model = calloc((size_t)peg_encoding_atoms(e) + 1, 1);
  unsigned char *pegs = malloc((size_t)holes + 1);
  peg_jump *again = malloc(((size_t)steps + 1) * sizeof *again);
  FUZZ_CHECK(model != NULL && pegs != NULL && again != NULL);
  FUZZ_CHECK(peg_start_pegs(b, steps ? &jumps[0] : NULL, pegs) == 0);
  for (int t = 1; t <= steps + 1; t++) {
    for (int h = 1; h <= holes; h++)
      if (pegs[h])
        model[peg_atom_peg(e, h, t)] = 1;
    if (t > steps)
      break;
    peg_jump j = jumps[t - 1];
    int atom = peg_atom_jump(e, j.from, j.over, j.to, t);
    FUZZ_CHECK(atom > 0);
    model[atom] = 1;
    FUZZ_CHECK(peg_apply(b, pegs, j) == 0);
  }
  peg_error err;
  FUZZ_CHECK(peg_decode(e, lookup, model, again, &err) == 0);
  FUZZ_CHECK(!steps || !memcmp(again, jumps, (size_t)steps * sizeof *again));
  free(again);
  free(pegs);
  free(model);
}

/* The key of the encoding reads back to the same key. */
static void check_key(const peg_encoding *e) {
  size_t size, again_size;
  char *key = peg_key_text(e, &size);
  FUZZ_CHECK(key != NULL && strlen(key) == size);
  peg_encoding *back;
  peg_error err;
  FUZZ_CHECK(peg_key_parse(key, size, &back, &err) == 0);
  char *again = peg_key_text(back, &again_size);
  FUZZ_CHECK(again != NULL && again_size == size && !strcmp(again, key));
  free(again);
  free(key);
  peg_encoding_free(back);
}

/* One reading of the input: what it accepts must hold together. */
static void check_reading(int rc, peg_result *r, peg_error *err) {
  if (rc) {
    check_refusal(rc, r, err);
    return;
  }
  FUZZ_CHECK(r->encoding != NULL);
  const peg_board *b = peg_encoding_board(r->encoding);
  if (r->solved) {
    FUZZ_CHECK(r->num_jumps == (size_t)peg_encoding_steps(r->encoding));
    FUZZ_CHECK(peg_replay(b, r->jumps, r->num_jumps, err) == 0);
    walk(b, r->jumps, r->num_jumps);
    decode_again(r->encoding, r->jumps);
  } else
    FUZZ_CHECK(r->num_jumps == 0 && r->jumps == NULL);
  check_key(r->encoding);
  peg_result_clear(r);
  FUZZ_CHECK(r->encoding == NULL && r->jumps == NULL);
}

/* The input as dpll's answer; then as any solver's answer with the input
 * itself as the key (a SAT-competition answer after a CNF's "c" lines that
 * hold the key reads so). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  peg_result r;
  peg_error err;
  const char *text = (const char *)data;
  check_reading(peg_result_read(text, size, &r, &err), &r, &err);
  check_reading(peg_result_read_keyed(text, size, text, size, &r, &err), &r,
                &err);
  return 0;
}
