/* parts.h - the parts of the solver, each a struct owned by one file
 * (internal.h says how the files share them; tests/check_layout.sh checks
 * that only the owner writes its part). */
#ifndef DPLL_PARTS_H_INCLUDED
#define DPLL_PARTS_H_INCLUDED

#include "types.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- The parts -----------------------------------------------------------
 * Per-variable arrays have var_cap + 1 entries, per-literal arrays
 * 2 * (var_cap + 1); each owner grows its own (vars.c asks them all). */

/* propagate.c: the assignment and the trail.  Level k (k >= 1) starts at
 * lits[level_start[k - 1]], its first literal the decision; flipped[k - 1]
 * tells whether that decision is the second branch of the classic search.
 * Literals before qhead have been propagated. */
typedef struct trail_part {
  signed char *vals; /* per literal: 1 true, -1 false, 0 unassigned */
  int *level;        /* per variable: decision level of its assignment */
  cref *reason;      /* per variable: forcing clause, CREF_NONE, CREF_PURE */
  unsigned *lits;
  size_t size, qhead;
  size_t *level_start;
  unsigned char *flipped;
  int decision_level;
  bool has_conflict; /* a conflict is pending (the step functions) */
  cref conflict;     /* its clause */
  bool root_pure;    /* level 0 holds pure literals (undone by a reset) */
  uint64_t epoch;    /* bumped whenever an assignment is undone */
  uint64_t ticks;    /* watches visited by propagation: its work */
} trail_part;

/* watches.c: the watch lists of all literals, in one pool. */
typedef struct watch_part {
  watch_list *lists; /* per literal */
  watch *pool;
  size_t pool_size, pool_cap;
} watch_part;

/* clausedb.c: the clause arena and the lists of clauses in it. */
typedef struct store_part {
  uint32_t *arena;
  size_t size, cap;
  size_t wasted; /* words of deleted clauses not yet compacted */
  cref *clauses; /* the clauses added, in arena order */
  size_t num_clauses, clauses_cap;
  cref *learnts; /* the learned ones (cdcl), in arena order */
  size_t num_learnts, learnts_cap;
  bool unsat; /* the empty clause is derived (dpll__clause_empty) */
  uint32_t min_size, max_size; /* of the clauses added (if any) */
  size_t aside;                /* added clauses marked CLAUSE_ASIDE (elim.c) */
  bool rewatch;       /* the watches are to be rebuilt at the next compaction */
  bool aside_watched; /* the last compaction watched clauses put aside */
  size_t shape_clauses; /* num_clauses when shape_distinct was found */
  bool shape_distinct;  /* then: clauses of one length, almost all over
                           sets of variables no other clause has */
} store_part;

/* add.c: the clause being built by dpll_add, and scratch for adding one. */
typedef struct input_part {
  int *open;
  size_t open_size, open_cap;
  unsigned *lits; /* a clause without repeats, in the order it is stored */
  size_t lits_cap;
  uint32_t *stamp; /* per literal: marks, for repeats and tautologies */
  size_t stamp_cap;
  uint32_t stamp_now;
} input_part;

/* analyze.c: conflict analysis, sized with the variables so that it never
 * allocates. */
typedef struct analysis_part {
  unsigned char *seen;  /* per variable: SEEN_ marks of analyze.c */
  uint32_t *level_mark; /* per level: stamp, for counting distinct levels */
  uint32_t level_mark_now;
  unsigned *learnt; /* the derived clause; learnt[0] asserts */
  size_t learnt_size;
  unsigned *stack, *clear; /* minimisation's stack; marks to undo */
  uint32_t *pos;           /* per step of stack: place in its reason */
  size_t clears;
} analysis_part;

/* heap.c: the splitting order.  A binary heap of variables, best first,
 * by class (may_decide, priority) and then by activity or by index; it
 * may hold assigned variables, and every unassigned one is in it. */
typedef struct heap_part {
  double *activity; /* per variable */
  double activity_inc;
  int *heap; /* heap[0 .. size - 1] */
  int *pos;  /* per variable: index in heap or -1 */
  int size;
  int kind; /* DPLL_HEURISTIC_ACTIVITY or _FIRST; -1: not built */
  unsigned char *may_decide; /* per variable: 1 unless marked otherwise */
  int *priority;             /* per variable */
  bool classes_set; /* a priority or mark was ever set (else one class) */
  /* The move-to-front queue (heuristic vmtf), used instead of the heap
   * while kind is DPLL_HEURISTIC_VMTF: variables 1 .. queued in a list,
   * the latest bumped last; every variable after search is assigned. */
  int *next, *prev;   /* per variable: its neighbours, 0 at the ends */
  uint64_t *stamp;    /* per variable: when it last went to the end */
  uint64_t stamp_now; /* below 2^31: a stamp fits beside a variable */
  int first, last, search, queued;
  uint64_t *bumped; /* this conflict's variables, moved at its end */
  uint64_t *sorted; /* scratch for sorting them */
  size_t bumps;
} heap_part;

/* phase.c: the values decisions take. */
typedef struct phase_part {
  signed char *saved;    /* per variable: last value (1 / -1), 0 never set */
  signed char *target;   /* per variable: its value in the longest trail
                            without conflict since the last restart, or 0 */
  size_t target_size;    /* that trail's length */
  signed char *best;     /* per variable: its value in the longest trail
                            without conflict since the last rephase, or 0 */
  size_t best_size;      /* that trail's length */
  uint64_t rephase_next; /* the conflict count of the next rephase */
  uint64_t walk_ticks;   /* propagation's work at the last walk */
  unsigned rephases;     /* rephases in this solve */
} phase_part;

/* branch.c: what the clause-counting heuristics count, cached for one
 * trail, and the random heuristic's generator. */
typedef struct scan_part {
  uint32_t *occ; /* per literal: unsatisfied clauses containing it */
  double *jw;    /* per literal: sum of 2^-k over them (k: free lits) */
  size_t trail_size;
  uint64_t epoch;
  bool valid;
  size_t active; /* unsatisfied clauses in the last scan */
  uint64_t rng;
} scan_part;

typedef struct look_cand {
  double score;
  int var;
} look_cand;

/* lookahead.c: the weights of the last round of probes, and the literal
 * it chose, cached for one trail (like scan). */
typedef struct look_part {
  double *weight;  /* per literal: what its probe shortened (lookahead.c) */
  look_cand *cand; /* the variables to probe, best first */
  unsigned best;   /* the literal to split on; 0 if none */
  size_t trail_size;
  uint64_t epoch;
  bool valid;
} look_part;

/* purecount.c: for every literal, the clauses holding it that no true
 * literal satisfies; a literal is pure when its negation's count is 0.
 * Built on first use after the clauses change, then kept up to date by
 * every assignment and undo, which push the variables that may have
 * become pure as candidates. */
typedef struct pure_part {
  bool valid;
  size_t *start;       /* per literal + 1: where its clauses start in occ */
  uint32_t *occ;       /* clause indices, grouped by literal */
  uint32_t *sat_count; /* per clause index: true literals in it */
  uint32_t *unsat_occ; /* per literal: unsatisfied clauses holding it */
  int *cand;           /* stack of variables that may be pure */
  size_t cands;
  unsigned char *in_cand; /* per variable: on that stack */
} pure_part;

/* restart.c */
typedef struct restart_part {
  uint64_t last;        /* conflicts at the last restart */
  uint64_t solve_start; /* conflicts when this solve began */
  uint64_t luby_index, luby_next;
  double lbd_fast, lbd_slow; /* moving averages of learned LBDs */
  double trail_slow;         /* moving average of the trail at conflicts */
  bool mixed_luby;           /* "mixed", "modes": in a Luby stretch now */
  bool mixed_switch;         /* a switch is due: restart */
  bool by_ticks;             /* "modes" after its first stretch */
  uint64_t mixed_length, mixed_end; /* conflicts, or ticks if by_ticks */
  uint64_t stretch_start;           /* ticks when the first began */
} restart_part;

/* vivify.c */
typedef struct vivify_part {
  uint64_t next;  /* the conflict count of the next round */
  uint64_t ticks; /* propagation's work when the last round ended */
  unsigned *lits; /* the shorter clause (var_cap + 1 entries) */
  size_t cursor;  /* the caller's clause the next round starts from */
} vivify_part;

/* subsume.c */
typedef struct subsume_part {
  uint64_t next;  /* the conflict count of the next round */
  uint64_t ticks; /* propagation's work when the last round ended */
} subsume_part;

/* probe.c */
typedef struct probe_part {
  uint64_t next;   /* the conflict count of the next round */
  uint64_t ticks;  /* propagation's work when the last round ended */
  unsigned cursor; /* the literal the next round starts from */
} probe_part;

/* subst.c: when equivalent literals are next substituted during the
 * search (in conflicts), and how many rounds ran. */
typedef struct subst_part {
  uint64_t next;
  uint64_t rounds;
} subst_part;

/* elim.c: the clauses that elimination put aside in this solve, for
 * extending a model to the eliminated variables: records of a clause's
 * literals, the eliminated variable's literal first, then their number;
 * read from the end. */
typedef struct elim_part {
  unsigned *stack;
  size_t size, cap;
  uint64_t next;   /* the conflict count of the next pass in the search */
  uint64_t rounds; /* passes in the search so far */
} elim_part;

/* reduce.c */
typedef struct reduce_part {
  uint64_t next, step;
} reduce_part;

/* trace.c: the callback, and room for the longest clause stored so that
 * reporting one never allocates. */
typedef struct trace_part {
  dpll_trace_fn fn;
  dpll_trace_fn held; /* fn, while the trace is held (lookahead.c) */
  void *ctx;
  dpll_learn_fn learn; /* learned clauses of at most learn_max literals */
  void *learn_ctx;
  size_t learn_max;
  int *buf;
  size_t cap;
} trace_part;

/* proof.c: where proof steps go (a callback, or a file in a format), and
 * room to turn a clause into external literals. */
typedef struct proof_part {
  dpll_proof_fn fn;
  void *ctx;
  FILE *file;
  int format;
  bool active;  /* dpll_solve is running with a sink set */
  bool done;    /* the empty clause is written, or writing failed */
  bool failed;  /* a step could not be written */
  bool derived; /* a clause was derived since level 0 was last drawn from
                   the clauses added alone: level 0 or the empty clause may
                   rest on steps the next proof would not have (written to
                   another sink, or to none), so it starts afresh */
  int *buf;
  size_t cap;
} proof_part;

/* check.c: when the debug build checks the invariants next. */
typedef struct check_part {
  uint64_t ticks, next;
  const char *why; /* what the last check found wrong, or NULL */
} check_part;

/* assume.c: the assumptions of the next (or running) solve, and the
 * failed set of the last; per-literal marks, per-variable scratch. */
typedef struct assume_part {
  unsigned *lits; /* the assumptions, in order */
  size_t size, cap;
  unsigned *failed; /* the failed set of the last solve */
  size_t failed_size, failed_cap;
  unsigned char *mark; /* per literal: ASSUME_ON | ASSUME_FAILED */
  unsigned char *seen; /* per variable: the final analysis's marks */
} assume_part;

#endif /* DPLL_PARTS_H_INCLUDED */
