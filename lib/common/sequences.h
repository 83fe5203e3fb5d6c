/* sequences.h - a set of distinct sequences (a puzzle's plays or paths),
 * shared by the puzzle libraries (libpeg, libmaze) as source.
 *
 * Decoding every model of a solver's answer, two models may give the same
 * solution (they differ in atoms the solution does not show); the set
 * tells a new solution from one seen before.  The set does not hold the
 * sequences: the caller keeps them numbered 0, 1, ... and lends the set a
 * function that finds sequence k's bytes.  An open-addressing hash table,
 * at most half full.
 *
 * Each library includes this header in exactly one of its files (its
 * decode.c) and gets a private copy of the functions (all static), so that
 * two static libraries linked into one program never clash.  The
 * functions never print. */
#ifndef DPLL_LIB_COMMON_SEQUENCES_H_INCLUDED
#define DPLL_LIB_COMMON_SEQUENCES_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Sequence k's bytes (*bytes of them) as the caller keeps it. */
typedef const void *(*sequences_member_fn)(const void *ctx, size_t k,
                                           size_t *bytes);

typedef struct sequences {
  size_t *slots, mask; /* slots hold a sequence's number + 1, 0 empty */
  sequences_member_fn member;
  const void *ctx;
} sequences;

/* A set with room for `most` sequences; false if memory ran out (then
 * sequences_free is still safe). */
static bool sequences_init(sequences *s, size_t most,
                           sequences_member_fn member, const void *ctx) {
  size_t slots = 16;
  while (slots < 2 * most)
    slots *= 2;
  s->slots = calloc(slots, sizeof *s->slots);
  s->mask = slots - 1;
  s->member = member;
  s->ctx = ctx;
  return s->slots != NULL;
}

static void sequences_free(sequences *s) {
  free(s->slots);
  s->slots = NULL;
}

static uint64_t sequences_hash(const unsigned char *p, size_t n) {
  uint64_t h = 1469598103934665603u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 1099511628211u;
  return h ^ (h >> 29);
}

/* True if sequence k equals one in the set; else k joins the set.  At
 * most `most` (of sequences_init) may join. */
static bool sequences_seen(sequences *s, size_t k) {
  size_t n, m;
  const void *p = s->member(s->ctx, k, &n);
  size_t i = (size_t)sequences_hash(p, n) & s->mask;
  for (; s->slots[i]; i = (i + 1) & s->mask) {
    const void *q = s->member(s->ctx, s->slots[i] - 1, &m);
    if (m == n && (!n || !memcmp(p, q, n)))
      return true;
  }
  s->slots[i] = k + 1;
  return false;
}

#endif
