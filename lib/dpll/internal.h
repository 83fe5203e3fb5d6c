/* internal.h - libdpll's private structures and the calls between its files. */
#ifndef DPLL_INTERNAL_H_INCLUDED
#define DPLL_INTERNAL_H_INCLUDED

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
/* The arena may not grow past CREF_MAX words: the top bit of a watch's
 * cref is taken (WATCH_BINARY). */
#define CREF_MAX 0x7fffffffu

typedef struct clause {
  uint32_t size;
  uint32_t flags; /* CLAUSE_LEARNED, _DELETED, _USED, and the LBD */
  unsigned lits[];
} clause;

#define CLAUSE_LEARNED 1u /* learned from a conflict (cdcl) */
#define CLAUSE_DELETED 2u /* dropped by reduction; its words are garbage */
#define CLAUSE_USED 4u    /* took part in a conflict since the last reduce */
#define CLAUSE_REASON 8u  /* scratch mark of garbage collection */
#define CLAUSE_LBD_SHIFT 4u
#define CLAUSE_LBD_MAX ((1u << (32 - CLAUSE_LBD_SHIFT)) - 1)

static inline uint32_t clause_lbd(const clause *c) {
  return c->flags >> CLAUSE_LBD_SHIFT;
}
static inline void clause_set_lbd(clause *c, uint32_t lbd) {
  if (lbd > CLAUSE_LBD_MAX)
    lbd = CLAUSE_LBD_MAX;
  c->flags =
      (c->flags & ((1u << CLAUSE_LBD_SHIFT) - 1)) | (lbd << CLAUSE_LBD_SHIFT);
}

#define CLAUSE_HEADER_WORDS 2u

/* A watch: the clause and a literal of it (the "blocker") that, when true,
 * shows the clause satisfied without reading it.  The watch of a clause of
 * two literals has WATCH_BINARY set in ref and the other literal as its
 * blocker: propagation then never needs to read the clause. */
typedef struct watch {
  cref ref;
  unsigned blocker;
} watch;

#define WATCH_BINARY 0x80000000u

/* The watch of clause c (at ref) with the given blocker. */
static inline watch watch_of(const clause *c, cref ref, unsigned blocker) {
  return (watch){c->size == 2 ? ref | WATCH_BINARY : ref, blocker};
}
/* The clause a watch is of. */
static inline cref watch_clause(watch w) { return w.ref & ~WATCH_BINARY; }

/* The watch lists of all literals share one pool (clausedb.c): a list is
 * a segment of it, items[0 .. cap - 1], the first size of them in use,
 * preceded by a header slot that names the owner literal (ref) and the
 * segment's cap (blocker), or marks the segment free.  A list that
 * outgrows its segment moves to the end of the pool; when the pool is
 * full, live segments slide down over the free ones and give back much of
 * their unused room.  So the lists take little more than their watches,
 * where separate blocks would each keep the largest size they ever had.
 * A list with cap 0 has no segment (items NULL). */
typedef struct watch_list {
  watch *items;
  uint32_t size, cap;
} watch_list;

#define WATCH_FREE UINT32_MAX /* header of a free segment */

/* ---- Options ------------------------------------------------------------ */

enum {
#define DPLL_OPTION_INDEX(name, def, lo, hi, doc) OPT_##name,
  DPLL_OPTIONS(DPLL_OPTION_INDEX)
#undef DPLL_OPTION_INDEX
      NUM_OPTIONS
};

/* ---- The solver --------------------------------------------------------- */

enum solver_state { STATE_INPUT, STATE_SAT, STATE_UNSAT, STATE_UNKNOWN };

struct dpll_solver {
  /* Variables 1..num_vars; per-variable arrays have var_cap + 1 entries,
   * per-literal arrays 2 * (var_cap + 1). */
  int num_vars;
  int var_cap;
  signed char *vals;   /* per literal: 1 true, -1 false, 0 unassigned */
  int *level;          /* per variable: decision level of its assignment */
  cref *reason;        /* per variable: forcing clause, CREF_NONE, CREF_PURE */
  signed char *phase;  /* per variable: last value (1 / -1), 0 never set */
  signed char *target; /* per variable: value in the longest conflict-free
                          trail since the last restart (cdcl), 0 if none */
  size_t target_size;  /* that trail's length */
  unsigned char *may_decide; /* per variable: 1 unless marked otherwise */
  int *priority;             /* per variable: splitting priority */
  bool classes_set;          /* a priority or a decision mark was ever set (else
                                every variable is of the same class) */
  watch_list *watches;       /* per literal: clauses watching it */
  watch *wpool;              /* the segments of all watch lists */
  size_t wpool_size, wpool_cap;
  uint32_t *stamp; /* per literal: scratch marks (clause dedup) */
  uint32_t stamp_now;

  /* The clause arena and the list of clauses in it. */
  uint32_t *arena;
  size_t arena_size, arena_cap;
  cref *clauses;
  size_t num_clauses, clauses_cap;
  bool inconsistent; /* the clauses are known to be unsatisfiable */

  /* Learned clauses (cdcl), in the same arena; not in clauses[]. */
  cref *learnts;
  size_t num_learnts, learnts_cap;
  size_t arena_wasted; /* words of deleted clauses */

  /* Conflict analysis (analyze.c); sized with the variables, so that it
   * never allocates. */
  unsigned char *seen;  /* per variable: analysis marks (analyze.c) */
  uint32_t *level_mark; /* per level: stamp, for counting distinct levels */
  uint32_t level_mark_now;
  unsigned *learnt; /* the derived clause; learnt[0] asserts */
  size_t learnt_size;
  unsigned *an_stack, *an_clear; /* minimisation's stack; seen to undo */
  uint32_t *an_pos;              /* per step of an_stack: place in its reason */
  size_t an_clears;

  /* Restarts (restart.c) and reduction (reduce.c). */
  uint64_t restart_conflicts; /* conflicts at the last restart */
  uint64_t solve_conflicts;   /* conflicts when this solve began */
  uint64_t luby_index, luby_next;
  double lbd_fast, lbd_slow; /* moving averages of learned LBDs */
  double trail_slow;         /* moving average of the trail at conflicts */
  bool mixed_luby;           /* "mixed" restarts: in a Luby stretch now */
  bool mixed_switch;         /* a switch is due: restart */
  uint64_t mixed_length, mixed_end;
  uint64_t reduce_next, reduce_step;
  bool root_pure_done; /* cdcl: pure literals eliminated for this solve */

  /* The clause being built by dpll_add. */
  int *open;
  size_t open_size, open_cap;

  /* The trail: assigned literals in order; level k (k >= 1) starts at
   * trail[level_start[k - 1]]; flipped[k - 1] tells whether level k is the
   * second branch of its decision.  Literals before qhead are propagated. */
  unsigned *trail;
  size_t trail_size, qhead;
  size_t *level_start;
  unsigned char *flipped;
  int decision_level;
  bool has_conflict; /* a conflict is pending (conflict: its clause) */
  cref conflict;
  bool root_pure; /* level 0 holds pure literals (undone on reset) */
  uint64_t epoch; /* bumped whenever an assignment is undone */

  /* Pure literals, found incrementally (pure.c): for every literal, the
   * number of clauses holding it that no true literal satisfies; a literal
   * is pure when its negation's number is 0.  Built on first use after
   * the clauses change, then kept up to date by every assignment and
   * undo, which push the variables that may have become pure. */
  bool pure_valid;
  size_t *pure_start;  /* per literal + 1: where its clauses start */
  uint32_t *pure_occ;  /* clause indices, grouped by literal */
  uint32_t *sat_count; /* per clause index: true literals in it */
  uint32_t *unsat_occ; /* per literal: unsatisfied clauses holding it */
  int *pure_cand;      /* stack of variables that may be pure */
  size_t pure_cands;
  unsigned char *in_cand; /* per variable: on that stack */

  /* Occurrences in clauses the assignment leaves unsatisfied, for the
   * clause-counting heuristics, cached for one trail. */
  uint32_t *occ; /* per literal: unsatisfied clauses containing it */
  double *jw;    /* per literal: sum of 2^-k over them (k: free lits) */
  size_t scan_trail;
  uint64_t scan_epoch;
  bool scan_valid;
  size_t scan_active; /* number of unsatisfied clauses in the last scan */

  /* Splitting: a binary heap of variables, best first, ordered by class
   * and then by activity ("activity") or by index ("first" and the
   * fallback of the clause-counting heuristics).  It may hold assigned
   * variables; every unassigned one is in it. */
  double *activity;
  double activity_inc;
  int *heap;     /* heap[0..heap_size-1] */
  int *heap_pos; /* per variable: index in heap or -1 */
  int heap_size;
  int heap_kind; /* DPLL_HEURISTIC_ACTIVITY or _FIRST; -1: not built */
  uint64_t rng;

  /* Options, limits, callbacks. */
  int64_t opt[NUM_OPTIONS];
  dpll_terminate_fn terminate;
  void *terminate_ctx;
  dpll_trace_fn trace;
  void *trace_ctx;
  int *trace_buf;   /* external literals of a clause for the trace, with */
  size_t trace_cap; /* room for the longest clause stored */

  /* Results. */
  enum solver_state state;
  unsigned char *model; /* per variable: 1 true, 0 false (state SAT) */
  int model_vars;
  dpll_stats stats;
};

/* Whether count, counted from count0 at the start of a solve, has reached
 * limit (-1: no limit); for the decision and conflict limits of both
 * engines. */
static inline bool dpll__over_limit(int64_t limit, uint64_t count,
                                    uint64_t count0) {
  return limit >= 0 && count - count0 >= (uint64_t)limit;
}

/* ---- clausedb.c ---------------------------------------------------------- */

static inline clause *dpll__clause(const dpll_solver *s, cref ref) {
  return (clause *)(s->arena + ref);
}
/* The reason clause of lit, a literal forced by propagation, with lit
 * first.  Propagation puts the forced literal first in a clause it reads;
 * a clause of two literals it does not read (see watch), so that one is
 * put in order here. */
static inline clause *dpll__reason(const dpll_solver *s, unsigned lit) {
  clause *c = dpll__clause(s, s->reason[lit_var(lit)]);
  if (c->lits[0] != lit) {
    c->lits[1] = c->lits[0];
    c->lits[0] = lit;
  }
  return c;
}
static inline int dpll__value(const dpll_solver *s, unsigned lit) {
  return s->vals[lit];
}

int dpll__ensure_vars(dpll_solver *s, int var);
void dpll__reset_to_root(dpll_solver *s);
int dpll__arena_reserve(dpll_solver *s, size_t words);

/* The watches of lit; valid until a watch list of any literal grows
 * (dpll__watch_reserve or dpll__watch_push), which may move every list. */
static inline watch *dpll__watches(const dpll_solver *s, unsigned lit) {
  return s->watches[lit].items;
}
/* Makes room for extra more watches of lit (0 or DPLL_ENOMEM). */
int dpll__watch_reserve(dpll_solver *s, unsigned lit, uint32_t extra);
/* Appends a watch to lit's list, growing it if need be. */
int dpll__watch_push(dpll_solver *s, unsigned lit, watch w);
/* Appends a watch to lit's list, which has room (reserved). */
static inline void dpll__watch_add(dpll_solver *s, unsigned lit, watch w) {
  watch_list *wl = &s->watches[lit];
  wl->items[wl->size++] = w;
}
void dpll__scan_active(dpll_solver *s);

/* ---- propagate.c --------------------------------------------------------- */

/* Result of dpll__propagate when memory ran out (never a real cref). */
#define CREF_OOM (UINT32_MAX - 2)

void dpll__assign(dpll_solver *s, unsigned lit, cref reason);
int dpll__new_level(dpll_solver *s, bool flipped);
cref dpll__propagate(dpll_solver *s);
void dpll__backtrack_to(dpll_solver *s, int level);
void dpll__drop_root_pure(dpll_solver *s);

/* ---- pure.c -------------------------------------------------------------- */

int dpll__eliminate_pure(dpll_solver *s);
void dpll__pure_assigned(dpll_solver *s, unsigned lit);
void dpll__pure_unassigned(dpll_solver *s, unsigned lit);
void dpll__pure_invalidate(dpll_solver *s);

/* ---- branch.c ------------------------------------------------------------ */

unsigned dpll__choose(dpll_solver *s); /* 0 when every variable is assigned */
/* Chooses a literal and decides it on a new level (true); or returns
 * false with *result DPLL_SAT when every variable is assigned, or
 * DPLL_UNKNOWN when the decision limit, counted from decisions0 at the
 * start of the solve, is reached. */
bool dpll__decide_next(dpll_solver *s, uint64_t decisions0, int *result);
void dpll__bump_clause(dpll_solver *s, cref ref);
void dpll__update_target(dpll_solver *s);
void dpll__var_unassigned(dpll_solver *s, int var);
int dpll__heap_reserve(dpll_solver *s, int cap);

/* ---- search.c ------------------------------------------------------------ */

int dpll__backtrack_chrono(dpll_solver *s);
int dpll__search(dpll_solver *s);

/* ---- The conflict-driven engine ------------------------------------------
 * cdcl.c runs the loop; each of the others is one check and its action. */

/* analyze.c: from the false clause, derive the first-UIP clause into
 * learnt[0..learnt_size-1] (learnt[0] the asserting literal, learnt[1] one
 * of the highest level below), minimised; returns the level to jump to
 * and sets *lbd. */
int dpll__analyze(dpll_solver *s, cref conflict, uint32_t *lbd);
/* Backjumps, stores the learned clause and asserts its first literal. */
int dpll__learn(dpll_solver *s, int level, uint32_t lbd);
void dpll__bump_var(dpll_solver *s, int var);
void dpll__decay_activity(dpll_solver *s);

/* restart.c */
void dpll__restart_init(dpll_solver *s);
void dpll__restart_conflict(dpll_solver *s, uint32_t lbd);
bool dpll__restart_due(const dpll_solver *s);
void dpll__restart(dpll_solver *s);
bool dpll__restarts_luby(const dpll_solver *s); /* the Luby rule in force */

/* reduce.c */
void dpll__reduce_init(dpll_solver *s);
bool dpll__reduce_due(const dpll_solver *s);
int dpll__reduce(dpll_solver *s);
void dpll__drop_learnts(dpll_solver *s);

/* cdcl.c */
int dpll__cdcl(dpll_solver *s);

/* ---- solver.c ------------------------------------------------------------ */

void dpll__trace(dpll_solver *s, dpll_event_kind kind, unsigned lit, cref ref,
                 bool flipped);
void dpll__touch(dpll_solver *s); /* the formula or assignment changed */

#endif /* DPLL_INTERNAL_H_INCLUDED */
