/* types.h - libdpll's small types: literals, clauses in the arena, watches,
 * and the options' indices.  internal.h builds the solver from them. */
#ifndef DPLL_TYPES_H_INCLUDED
#define DPLL_TYPES_H_INCLUDED

#include "dpll.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Literals ----------------------------------------------------------
 * Inside the solver a literal is 2*var + sign (sign 1 for negative), so a
 * literal and its negation differ in the lowest bit and index arrays. */

static inline unsigned lit_from_ext(int ext) {
  return ext < 0 ? 2u * (unsigned)(-ext) + 1u : 2u * (unsigned)ext;
}
static inline int lit_to_ext(unsigned lit) {
  int var = (int)(lit >> 1);
  return (lit & 1u) ? -var : var;
}
static inline unsigned lit_var(unsigned lit) { return lit >> 1; }
static inline unsigned lit_not(unsigned lit) { return lit ^ 1u; }
static inline bool lit_negative(unsigned lit) { return (lit & 1u) != 0; }
static inline unsigned lit_pos(int var) { return 2u * (unsigned)var; }
static inline unsigned lit_neg(int var) { return 2u * (unsigned)var + 1u; }

/* True when ext is a literal the API accepts (non-zero, not INT_MIN, and
 * within DPLL_MAX_VAR). */
static inline bool ext_lit_ok(int ext) {
  return ext != 0 && ext >= -DPLL_MAX_VAR && ext <= DPLL_MAX_VAR;
}

/* ---- Clauses -----------------------------------------------------------
 * All clauses live in one arena of 32-bit words: a header, then the
 * literals.  A clause is named by its offset in the arena (a cref).  The
 * first two literals of a clause with two or more are the watched ones. */

typedef uint32_t cref;
#define CREF_NONE UINT32_MAX       /* no reason: a decision */
#define CREF_PURE (UINT32_MAX - 1) /* reason of a pure literal */
#define CREF_OOM (UINT32_MAX - 2)  /* dpll__propagate: memory ran out */
/* The reason of a literal whose negation failed a probe (lookahead.c). */
#define CREF_PROBE (UINT32_MAX - 3)
/* The arena may not grow past CREF_MAX words: the top bit of a watch's
 * cref is taken (WATCH_BINARY). */
#define CREF_MAX 0x7fffffffu

typedef struct clause {
  uint32_t size;
  uint32_t flags; /* CLAUSE_LEARNED, _DELETED, _USED, _MARK, _OLD,
                     _VIVIFIED, _REPLACED, _ASIDE, LBD */
  unsigned lits[];
} clause;

#define CLAUSE_LEARNED 1u   /* learned from a conflict (cdcl) */
#define CLAUSE_DELETED 2u   /* deleted; its words are garbage until compacted */
#define CLAUSE_USED 4u      /* took part in a conflict since the last reduce */
#define CLAUSE_MARK 8u      /* scratch mark of one pass (compaction, check) */
#define CLAUSE_OLD 16u      /* from an earlier solve, unused in this one */
#define CLAUSE_VIVIFIED 32u /* tested by vivify.c */
#define CLAUSE_REPLACED 64u /* vivify.c, subsume.c: goes when rounds end */
#define CLAUSE_ASIDE 128u   /* added, put aside by elimination (elim.c) */
#define CLAUSE_LBD_SHIFT 8u
#define CLAUSE_LBD_MAX ((1u << (32 - CLAUSE_LBD_SHIFT)) - 1)
#define CLAUSE_HEADER_WORDS 2u

static inline uint32_t clause_lbd(const clause *c) {
  return c->flags >> CLAUSE_LBD_SHIFT;
}
static inline void clause_set_lbd(clause *c, uint32_t lbd) {
  if (lbd > CLAUSE_LBD_MAX)
    lbd = CLAUSE_LBD_MAX;
  c->flags =
      (c->flags & ((1u << CLAUSE_LBD_SHIFT) - 1)) | (lbd << CLAUSE_LBD_SHIFT);
}

/* A watch: the clause and a literal of it (the "blocker") that, when true,
 * shows the clause satisfied without reading it.  The watch of a clause of
 * two literals has WATCH_BINARY set in ref and the other literal as its
 * blocker: propagation then never needs to read the clause. */
typedef struct watch {
  cref ref;
  unsigned blocker;
} watch;

#define WATCH_BINARY 0x80000000u

/* Literal 0, of variable 0 (never a variable of a clause), is always
 * true: a watch with it as its blocker is passed over by propagation
 * without reading its clause.  The watches of a clause put aside by
 * elimination have it (elim.c). */
#define LIT_TRUE 0u

/* The watch of clause c (at ref) with the given blocker. */
static inline watch watch_of(const clause *c, cref ref, unsigned blocker) {
  return (watch){c->size == 2 ? ref | WATCH_BINARY : ref, blocker};
}
/* The clause a watch is of. */
static inline cref watch_clause(watch w) { return w.ref & ~WATCH_BINARY; }

/* One literal's watches: items[0 .. size - 1] of a segment of cap slots in
 * the pool (see watches.c).  cap 0: no segment (items NULL). */
typedef struct watch_list {
  watch *items;
  uint32_t size, cap;
} watch_list;

/* ---- Random numbers ------------------------------------------------------
 * xorshift64* (Vigna): small, and seeded per use, so that no state is
 * shared (branch.c's random heuristic, walk.c's local search). */
static inline uint64_t random_next(uint64_t *state) {
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * 0x2545F4914F6CDD1DULL;
}

/* ---- Options ------------------------------------------------------------ */

enum {
#define DPLL_OPTION_INDEX(name, ...) OPT_##name,
  DPLL_OPTIONS(DPLL_OPTION_INDEX)
#undef DPLL_OPTION_INDEX
      NUM_OPTIONS
};

#endif /* DPLL_TYPES_H_INCLUDED */
