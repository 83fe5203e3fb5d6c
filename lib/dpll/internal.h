/* internal.h - the solver as a set of parts each owned by one file, the
 * inline readers through which other files see a part, and the calls
 * between files (the small types, literals, clauses and watches, are in
 * types.h).
 *
 * The files call each other top-down in the order lib/CMakeLists.txt
 * lists them (tests/check_layout.sh enforces it); docs/internals.md is the
 * map.  A part's fields are written only by its owner; other files use the
 * owner's functions, or the inline readers declared next to the part.
 * Three things are solver-wide and read by all: the options (opt), the
 * statistics (each counter written by the file that counts it) and the
 * number of variables. */
#ifndef DPLL_INTERNAL_H_INCLUDED
#define DPLL_INTERNAL_H_INCLUDED

#include "dpll.h"
#include "parts.h"
#include "types.h"

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The parts (parts.h): per-variable arrays have var_cap + 1 entries,
 * per-literal arrays 2 * (var_cap + 1); each owner grows its own (vars.c
 * asks them all). */

enum solver_state { STATE_INPUT, STATE_SAT, STATE_UNSAT, STATE_UNKNOWN };

/* Called by the cdcl engine at level 0 after each restart, in a search of
 * a portfolio (portfolio.c): it adds the clauses other searches of the
 * same clauses learned, with dpll__import_clause.  Returns 0 or
 * DPLL_ENOMEM. */
typedef int (*dpll__import_fn)(void *ctx, dpll_solver *s);

struct dpll_solver {
  /* Solver-wide (solver.c, vars.c). */
  int num_vars, var_cap;
  int64_t opt[NUM_OPTIONS];
  dpll_stats stats;
  dpll_terminate_fn terminate;
  void *terminate_ctx;
  dpll__import_fn import; /* a portfolio's clauses from other searches */
  void *import_ctx;
  enum solver_state state;
  unsigned char *model; /* per variable: 1 true, 0 false (state SAT) */
  int model_vars;

  trail_part trail;
  watch_part watch;
  store_part store;
  input_part input;
  analysis_part an;
  heap_part heap;
  phase_part phase;
  scan_part scan;
  look_part look;
  pure_part pure;
  restart_part restart;
  reduce_part reduce;
  vivify_part vivify;
  elim_part elim;
  trace_part trace;
  proof_part proof;
  check_part check;
  assume_part assume;
};

/* ---- Inline readers of the parts ------------------------------------- */

/* The trail's (propagate.c). */
static inline int dpll__value(const dpll_solver *s, unsigned lit) {
  return s->trail.vals[lit];
}
static inline int dpll__level_of(const dpll_solver *s, unsigned var) {
  return s->trail.level[var];
}
static inline cref dpll__reason_of(const dpll_solver *s, unsigned var) {
  return s->trail.reason[var];
}
static inline int dpll__decision_level(const dpll_solver *s) {
  return s->trail.decision_level;
}
static inline size_t dpll__trail_size(const dpll_solver *s) {
  return s->trail.size;
}
static inline unsigned dpll__trail_at(const dpll_solver *s, size_t i) {
  return s->trail.lits[i];
}
/* Where decision level level (>= 1) starts on the trail. */
static inline size_t dpll__level_start(const dpll_solver *s, int level) {
  return s->trail.level_start[level - 1];
}
/* Whether level (>= 1) is the second branch of its decision (classic). */
static inline bool dpll__level_flipped(const dpll_solver *s, int level) {
  return s->trail.flipped[level - 1];
}
static inline bool dpll__conflict_pending(const dpll_solver *s) {
  return s->trail.has_conflict;
}
/* Bumped whenever an assignment is undone. */
static inline uint64_t dpll__epoch(const dpll_solver *s) {
  return s->trail.epoch;
}
/* The work propagation has done, in watches visited. */
static inline uint64_t dpll__ticks(const dpll_solver *s) {
  return s->trail.ticks;
}
static inline bool dpll__at_fixpoint(const dpll_solver *s) {
  return s->trail.qhead == s->trail.size;
}

/* The store's (clausedb.c). */
static inline clause *dpll__clause(const dpll_solver *s, cref ref) {
  return (clause *)(s->store.arena + ref);
}
static inline bool dpll__unsat(const dpll_solver *s) { return s->store.unsat; }
static inline size_t dpll__arena_words(const dpll_solver *s) {
  return s->store.size;
}
static inline size_t dpll__store_garbage(const dpll_solver *s) {
  return s->store.wasted; /* words of deleted clauses */
}
/* Added clauses put aside by elimination (dpll__clause_set_aside). */
static inline size_t dpll__store_aside(const dpll_solver *s) {
  return s->store.aside;
}
static inline size_t dpll__num_clauses(const dpll_solver *s) {
  return s->store.num_clauses;
}
static inline cref dpll__clause_ref(const dpll_solver *s, size_t i) {
  return s->store.clauses[i];
}
/* The ratio of clauses to variables at which random k-SAT turns from
 * mostly satisfiable to mostly not (measured for k <= 7, the first
 * moment's estimate 2^k ln 2 - (1 + ln 2) / 2 beyond). */
static inline double dpll__random_threshold(uint32_t k) {
  static const double measured[8] = {0,     0,      1,     4.267,
                                     9.931, 21.117, 43.37, 87.79};
  if (k < 8)
    return measured[k];
  return k < 60 ? (double)(1ull << k) * 0.693147 - 0.846574 : 1e18;
}
/* Whether the clauses look like random k-SAT near or above its threshold,
 * where the classic engine's lookahead is measured to win (see
 * dpll__engine): every clause added has the same length k >= 3, at most
 * one in ten shares its set of variables with another (dpll__store_shape
 * counted them for these clauses; the clauses that encode one parity
 * constraint or both colours of one progression all do), and there are at
 * least 0.8 times the threshold's clauses per variable (below it the
 * lookahead's probes cost more than they save on large formulas). */
static inline bool dpll__random_shape(const dpll_solver *s) {
  const store_part *st = &s->store;
  if (st->num_clauses == 0 || st->min_size < 3 ||
      st->min_size != st->max_size || st->shape_clauses != st->num_clauses ||
      !st->shape_distinct)
    return false;
  return (double)st->num_clauses >=
         0.8 * dpll__random_threshold(st->min_size) * s->num_vars;
}
static inline size_t dpll__num_learnts(const dpll_solver *s) {
  return s->store.num_learnts;
}
static inline cref dpll__learnt_ref(const dpll_solver *s, size_t i) {
  return s->store.learnts[i];
}

/* The reason clause of lit, a literal forced by propagation, with lit
 * first.  Propagation puts the forced literal first in a clause it reads;
 * a clause of two literals it does not read (see watch), so that one is
 * put in order here. */
static inline clause *dpll__reason(const dpll_solver *s, unsigned lit) {
  clause *c = dpll__clause(s, dpll__reason_of(s, lit_var(lit)));
  if (c->lits[0] != lit) {
    assert(c->size == 2 && c->lits[1] == lit);
    c->lits[1] = c->lits[0];
    c->lits[0] = lit;
  }
  return c;
}

/* The watches' (watches.c).  A list's items stay where they are until a
 * list of any literal grows (dpll__watch_reserve, dpll__watch_push). */
static inline watch_list *dpll__watch_list(const dpll_solver *s, unsigned lit) {
  return &s->watch.lists[lit];
}
/* Appends a watch to lit's list, which has room (reserved). */
static inline void dpll__watch_add(dpll_solver *s, unsigned lit, watch w) {
  watch_list *wl = &s->watch.lists[lit];
  assert(wl->size < wl->cap);
  wl->items[wl->size++] = w;
}

/* The phases' (phase.c): an undone literal's value is remembered. */
static inline void dpll__phase_save(dpll_solver *s, unsigned lit) {
  s->phase.saved[lit_var(lit)] = lit_negative(lit) ? -1 : 1;
}

static inline bool dpll__pure_counting(const dpll_solver *s) {
  return s->pure.valid;
}
static inline bool dpll__tracing(const dpll_solver *s) {
  return s->trace.fn != NULL;
}

/* Whether count, counted from count0 at the start of a solve, has reached
 * limit (-1: no limit); for the decision and conflict limits of both
 * engines. */
static inline bool dpll__over_limit(int64_t limit, uint64_t count,
                                    uint64_t count0) {
  return limit >= 0 && count - count0 >= (uint64_t)limit;
}

/* Whether the caller's terminate callback says stop. */
static inline bool dpll__terminated(const dpll_solver *s) {
  return s->terminate && s->terminate(s->terminate_ctx);
}
/* The same, polled at every 64th conflict: a long run of conflicts
 * without a decision must not keep the search from stopping. */
static inline bool dpll__terminated_at_conflict(const dpll_solver *s) {
  return (s->stats.conflicts & 63) == 0 && dpll__terminated(s);
}

/* The engine the algorithm option stands for: DPLL_ALGORITHM_DPLL or
 * _CDCL; "auto" is the classic engine with its lookahead for formulas
 * shaped like random k-SAT (dpll__random_shape; there it is measured to be
 * faster, docs/performance.md), else cdcl. */
static inline int dpll__engine(const dpll_solver *s) {
  int64_t a = s->opt[OPT_algorithm];
  if (a != DPLL_ALGORITHM_AUTO)
    return (int)a;
  return dpll__random_shape(s) ? DPLL_ALGORITHM_DPLL : DPLL_ALGORITHM_CDCL;
}
/* Whether the classic engine probes before its splits (lookahead.c). */
static inline bool dpll__lookahead_on(const dpll_solver *s) {
  return dpll__engine(s) == DPLL_ALGORITHM_DPLL &&
         (s->opt[OPT_lookahead] ||
          s->opt[OPT_algorithm] == DPLL_ALGORITHM_AUTO);
}

/* Anything that changes the formula or the assignment ends the answer of
 * the last solve. */
static inline void dpll__touch(dpll_solver *s) {
  s->state = dpll__unsat(s) ? STATE_UNSAT : STATE_INPUT;
}

/* ---- The calls between files, top-down ---------------------------------
 * The public calls are in format.c, steps.c, solver.c and add.c (and
 * dpll_set_trace in trace.c); here is only what one file calls of
 * another. */

/* solver.c */
int dpll__model_vars(const dpll_solver *s); /* variables in the model */
/* Keeps the assignment, which gives every variable a value, as the model,
 * and checks it against every clause added: 0, DPLL_ENOMEM, or
 * DPLL_EINTERNAL if the assignment is not a model (a bug). */
int dpll__save_model(dpll_solver *s);
/* The last solve's answer (DPLL_SAT, _UNSAT, _UNKNOWN), or
 * DPLL_ENOANSWER if the formula or assignment changed since. */
int dpll__answer(const dpll_solver *s);
/* One search: dpll_solve without the portfolio. */
int dpll__solve_one(dpll_solver *s);
/* After dpll__solve_one gave DPLL_UNKNOWN because another search of the
 * same clauses answered first: takes that answer, res DPLL_SAT with
 * model[1..num_vars] (1 true, 0 false; checked against every clause as
 * the solver's own models are) or DPLL_UNSAT (no assumptions: the clauses
 * are unsatisfiable).  Returns res, DPLL_ENOMEM or DPLL_EINTERNAL. */
int dpll__adopt_answer(dpll_solver *s, int res, const unsigned char *model);
void dpll__set_import(dpll_solver *s, dpll__import_fn fn, void *ctx);

/* add.c */
void dpll__input_free(dpll_solver *s);
bool dpll__input_open(const dpll_solver *s); /* a dpll_add clause is open */

/* vars.c: makes variables 1..var exist (var <= DPLL_MAX_VAR); the first
 * call (var_cap < 0) allocates every part for variable 0. */
int dpll__ensure_vars(dpll_solver *s, int var);

/* classic.c: the classic engine. */
int dpll__search(dpll_solver *s);
int dpll__backtrack_chrono(dpll_solver *s);
void dpll__note_conflict(dpll_solver *s, cref ref);

/* cdcl.c: the conflict-driven engine. */
int dpll__cdcl(dpll_solver *s);

/* lucky.c: the descents of option "lucky"; DPLL_SAT with every variable
 * assigned, 0 (level 0 as before) or DPLL_ENOMEM.  Decisions count from
 * decisions0 towards the decision limit. */
int dpll__lucky(dpll_solver *s, uint64_t decisions0);

/* elim.c: bounded variable elimination (option "eliminate"), once at
 * level 0 before the first decision of a solve that keeps no learned
 * clause.  dpll__elim returns 0, ELIM_STOPPED (the terminate callback said
 * stop) or DPLL_ENOMEM; dpll__elim_extend gives
 * the eliminated variables values in a model of the rest; dpll__elim_restore
 * (at the end of the solve, level 0) puts the clauses set aside back. */
#define ELIM_STOPPED 1
int dpll__elim(dpll_solver *s);
void dpll__elim_extend(const dpll_solver *s, unsigned char *model);
void dpll__elim_restore(dpll_solver *s);
void dpll__elim_free(dpll_solver *s);

/* vivify.c */
void dpll__vivify_init(dpll_solver *s);
bool dpll__vivify_due(const dpll_solver *s);
int dpll__vivify(dpll_solver *s);
int dpll__vivify_grow(dpll_solver *s, int cap);
void dpll__vivify_free(dpll_solver *s);

/* reduce.c */
void dpll__reduce_init(dpll_solver *s);
bool dpll__reduce_due(const dpll_solver *s);
int dpll__reduce(dpll_solver *s);
/* Compacts the arena after deletions, telling the trail where the
 * reasons went (every reason must be live). */
void dpll__reduce_sweep(dpll_solver *s);
void dpll__drop_learnts(dpll_solver *s);

/* check.c: the invariants of every part and between parts.  dpll__check
 * returns NULL if they hold, else what is wrong; it leaves the solver as
 * it was (its marks are undone) and allocates nothing.  DPLL_CHECK runs it in
 * debug builds every so often (its cost stays in proportion to the search's),
 * DPLL_CHECK_ALL every time; both assert that it found nothing.  Release builds
 * (NDEBUG) do neither. */
const char *dpll__check(dpll_solver *s);
void dpll__check_sometimes(dpll_solver *s);
void dpll__check_always(dpll_solver *s);
#ifdef NDEBUG
#define DPLL_CHECK(s) ((void)0)
#define DPLL_CHECK_ALL(s) ((void)0)
#else
#define DPLL_CHECK(s) dpll__check_sometimes(s)
#define DPLL_CHECK_ALL(s) dpll__check_always(s)
#endif

/* analyze.c: from the false clause, derive the first-UIP clause into
 * learnt[0..learnt_size-1] (learnt[0] the asserting literal, learnt[1] one
 * of the highest level below), minimised; returns the level to jump to
 * and sets *lbd.  dpll__learn backjumps, stores the clause and asserts
 * its first literal. */
int dpll__analyze(dpll_solver *s, cref conflict, uint32_t *lbd);
size_t dpll__analyze_decisions(dpll_solver *s, cref conflict, unsigned lit);
const unsigned *dpll__learnt_lits(const dpll_solver *s);
int dpll__learn(dpll_solver *s, int level, uint32_t lbd);
/* At level 0: adds lits[0..n-1] (external literals of variables that
 * exist; no repeats, no complementary pair), a clause that follows from
 * the clauses because another search of them learned it, as a learned
 * clause without its literals false at level 0 (none if one is true); a
 * unit is assigned, the empty clause makes the clauses unsatisfiable.
 * Returns 0 or DPLL_ENOMEM. */
int dpll__import_clause(dpll_solver *s, const int *lits, size_t n);
const char *dpll__analysis_check(const dpll_solver *s);
int dpll__analysis_grow(dpll_solver *s, int cap);
void dpll__analysis_free(dpll_solver *s);

/* branch.c */
unsigned dpll__choose(dpll_solver *s); /* 0 when every variable is assigned */
/* Decides the next assumption that is not yet true, or else chooses a
 * literal, on a new level (true); or returns false with *result DPLL_SAT
 * when every variable is assigned, DPLL_UNSAT when an assumption is false
 * (the failed set is made), or DPLL_UNKNOWN when the decision limit,
 * counted from decisions0 at the start of the solve, is reached. */
bool dpll__decide_next(dpll_solver *s, uint64_t decisions0, int *result);
void dpll__scan_active(dpll_solver *s); /* the counts for the trail now */
void dpll__scan_invalidate(dpll_solver *s);
int dpll__scan_grow(dpll_solver *s, int cap);
void dpll__scan_free(dpll_solver *s);
void dpll__seed(dpll_solver *s, int64_t seed);

/* lookahead.c: the classic engine's probes (option "lookahead").
 * dpll__lookahead runs a round, which sets the negations of the failed
 * literals it finds and propagates them.  It returns LOOK_SPLIT (the
 * literal to split on is kept for dpll__lookahead_best), LOOK_CONFLICT
 * (that propagation met a conflict, which the search's next propagation
 * finds again), LOOK_STOPPED (the terminate callback said stop), or
 * DPLL_ENOMEM.  dpll__lookahead_best runs a round that sets nothing if the
 * trail has changed since; 0 if it has no split. */
#define LOOK_SPLIT 0
#define LOOK_CONFLICT 1
#define LOOK_STOPPED 2
int dpll__lookahead(dpll_solver *s);
unsigned dpll__lookahead_best(dpll_solver *s);
int dpll__look_grow(dpll_solver *s, int cap);
void dpll__look_free(dpll_solver *s);

/* assume.c */
int dpll__assume_add(dpll_solver *s, unsigned lit); /* 0 or DPLL_ENOMEM */
void dpll__assume_begin(dpll_solver *s);
void dpll__assume_end(dpll_solver *s);
#define ASSUME_NONE 0    /* every assumption is true */
#define ASSUME_DECIDED 1 /* one was decided on a new level */
#define ASSUME_REFUTED 2 /* one is false: the failed set is made */
int dpll__assume_decide(dpll_solver *s);
bool dpll__assume_pending(const dpll_solver *s);
bool dpll__assumptions_hold(const dpll_solver *s, const unsigned char *model);
void dpll__assume_refuted(dpll_solver *s, int level);
int dpll__assume_grow(dpll_solver *s, int cap);
void dpll__assume_free(dpll_solver *s);
static inline bool dpll__assuming(const dpll_solver *s) {
  return s->assume.size > 0;
}
static inline bool dpll__assumed(const dpll_solver *s, unsigned lit) {
  return s->assume.mark[lit] & ASSUME_ON;
}
static inline bool dpll__failed(const dpll_solver *s, unsigned lit) {
  return s->assume.mark[lit] & ASSUME_FAILED;
}

/* restart.c */
void dpll__restart_init(dpll_solver *s);
void dpll__restart_conflict(dpll_solver *s, uint32_t lbd);
bool dpll__restart_due(const dpll_solver *s);
void dpll__restart(dpll_solver *s);
bool dpll__restarts_luby(const dpll_solver *s); /* the Luby rule in force */

/* pure.c: assigns every pure literal; returns how many, or DPLL_ENOMEM. */
int dpll__eliminate_pure(dpll_solver *s);

/* propagate.c */
void dpll__assign(dpll_solver *s, unsigned lit, cref reason);
int dpll__new_level(dpll_solver *s, bool flipped);
cref dpll__propagate(dpll_solver *s);
void dpll__backtrack_to(dpll_solver *s, int level);
void dpll__backtrack_probe(dpll_solver *s, int level);
void dpll__trail_undo(dpll_solver *s); /* see dpll__trail_reset */
/* Undoes every decision and the pure literals of level 0, and forgets a
 * pending conflict, so that the assignment is what the clauses force;
 * inline for the usual case, nothing to undo (every clause added). */
static inline void dpll__trail_reset(dpll_solver *s) {
  if (s->trail.decision_level > 0 || s->trail.root_pure)
    dpll__trail_undo(s);
  s->trail.has_conflict = false;
}
void dpll__skip_queue(dpll_solver *s);
void dpll__requeue_root(dpll_solver *s); /* level 0 back on the queue */
void dpll__set_conflict(dpll_solver *s, cref ref); /* a pending conflict */
void dpll__set_reason(dpll_solver *s, unsigned var, cref ref);
const char *dpll__trail_check(const dpll_solver *s);
int dpll__trail_grow(dpll_solver *s, int cap);
void dpll__trail_free(dpll_solver *s);

/* phase.c */
/* The value to decide var to (1 or -1, 0 if it never had one). */
int dpll__phase_of(const dpll_solver *s, int var, bool use_target);
void dpll__update_target(dpll_solver *s);
void dpll__rephase_init(dpll_solver *s);
void dpll__rephase_maybe(dpll_solver *s); /* at level 0, after a restart */
void dpll__target_reset(dpll_solver *s);
void dpll__phase_forget(dpll_solver *s, int var);
/* Sets every saved phase to value (1 or -1; portfolio.c: true first). */
void dpll__phase_set_all(dpll_solver *s, int value);
int dpll__phase_grow(dpll_solver *s, int cap);
void dpll__phase_free(dpll_solver *s);

/* walk.c: local search from phases[1..num_vars] (1, -1 or 0), which get
 * the best assignment met; returns the clauses it leaves false, or -1 if
 * memory ran out (phases unchanged).  Its work is in proportion to
 * ticks_since, the propagation work since the last walk. */
long dpll__walk(dpll_solver *s, signed char *phases, uint64_t ticks_since);

/* purecount.c */
int dpll__pure_prepare(dpll_solver *s); /* counts, if not kept: 0 or ENOMEM */
int dpll__pure_next(dpll_solver *s);    /* a candidate variable, or 0 */
uint32_t dpll__pure_unsat(const dpll_solver *s, unsigned lit);
/* The added clauses holding lit, as indices into the clause list (n of
 * them), and whether clause i has a true literal (while counting). */
const uint32_t *dpll__pure_occ(const dpll_solver *s, unsigned lit, size_t *n);
bool dpll__pure_satisfied(const dpll_solver *s, uint32_t i);
void dpll__pure_assigned(dpll_solver *s, unsigned lit);
void dpll__pure_unassigned(dpll_solver *s, unsigned lit);
void dpll__pure_invalidate(dpll_solver *s); /* stop counting, free counts */
const char *dpll__pure_check(const dpll_solver *s);

/* heap.c */
int dpll__heap_best(dpll_solver *s, int kind); /* best unassigned, or 0 */
int dpll__class_cmp(const dpll_solver *s, int v, int w);
void dpll__set_class(dpll_solver *s, int var, int may_decide, int priority);
void dpll__var_unassigned(dpll_solver *s, int var);
void dpll__bump_var(dpll_solver *s, int var);
void dpll__decay_activity(dpll_solver *s);
void dpll__bump_clause(dpll_solver *s, cref ref);
void dpll__heap_invalidate(dpll_solver *s); /* rebuilt when next needed */
/* A variable's class: may it be split on, and its priority. */
static inline bool dpll__may_decide(const dpll_solver *s, int var) {
  return s->heap.may_decide[var];
}
static inline int dpll__priority(const dpll_solver *s, int var) {
  return s->heap.priority[var];
}
static inline bool dpll__classes_set(const dpll_solver *s) {
  return s->heap.classes_set;
}
/* Gives every variable a small random activity drawn from seed, so that a
 * search starts from its own order of the variables (portfolio.c). */
void dpll__heap_perturb(dpll_solver *s, uint64_t seed);
const char *dpll__heap_check(const dpll_solver *s);
void dpll__heap_init(dpll_solver *s);
int dpll__heap_grow(dpll_solver *s, int cap);
void dpll__heap_free(dpll_solver *s);

/* clausedb.c: the one way a clause is born, dies, or shows the formula
 * unsatisfiable.  Each of these passes through one function there, where
 * the trace (and a proof, later) hears of it. */
int dpll__clause_reserve(dpll_solver *s, const unsigned *lits, size_t n,
                         bool learned);
cref dpll__clause_new(dpll_solver *s, const unsigned *lits, size_t n,
                      bool learned, uint32_t lbd);
void dpll__clause_delete(dpll_solver *s, cref ref);
void dpll__clause_empty(dpll_solver *s);
void dpll__clause_pure_unit(dpll_solver *s, unsigned lit);
void dpll__clause_refuted(dpll_solver *s, int level);
void dpll__clause_probed(dpll_solver *s, int level, unsigned lit);
/* Drops deleted clauses from the lists and compacts the arena, calling
 * moved(s, c, ref) for every clause marked CLAUSE_MARK at its new ref
 * (the mark cleared); rebuilds the watches. */
void dpll__store_compact(dpll_solver *s,
                         void (*moved)(dpll_solver *, const clause *, cref));
/* Puts an added clause aside (CLAUSE_ASIDE): from the next compaction on
 * its watches have LIT_TRUE as blocker, so propagation passes it over.
 * dpll__store_restore takes every such clause back (watched as usual from
 * the next compaction, which must come before the next propagation, if
 * one came since they were put aside; else the watches are as before). */
void dpll__clause_set_aside(dpll_solver *s, cref ref);
void dpll__store_restore(dpll_solver *s);
/* Deletes every clause from arena word words on (all learned, none a
 * reason) and forgets them, their watches and their words, leaving the
 * order of every other watch as it was. */
void dpll__store_truncate(dpll_solver *s, size_t words);
/* Finds shape_distinct for the clauses now, unless it was found for them
 * (dpll__random_shape reads it); without memory, false. */
void dpll__store_shape(dpll_solver *s);
const char *dpll__store_check(const dpll_solver *s);
void dpll__store_free(dpll_solver *s);

/* proof.c: proof steps, written only between dpll__proof_begin and
 * dpll__proof_end (inside dpll_solve), and none after the empty clause. */
int dpll__proof_begin(dpll_solver *s); /* 0 or DPLL_ENOMEM */
int dpll__proof_end(dpll_solver *s);   /* DPLL_EIO if a step failed */
static inline bool dpll__proof_wanted(const dpll_solver *s) {
  return s->proof.fn || s->proof.file;
}
static inline bool dpll__proving(const dpll_solver *s) {
  return s->proof.active && !s->proof.done;
}
void dpll__proof_clause(dpll_solver *s, bool deleted, const unsigned *lits,
                        size_t n);
/* The clause of the negated decisions of levels 1..level, and lit if it
 * is not 0. */
void dpll__proof_decisions(dpll_solver *s, int level, unsigned lit);
void dpll__proof_free(dpll_solver *s);

/* watches.c */
int dpll__watch_reserve(dpll_solver *s, unsigned lit, uint32_t extra);
int dpll__watch_push(dpll_solver *s, unsigned lit, watch w);
void dpll__watches_clear(dpll_solver *s); /* every list empty, room kept */
/* Drops the watches of clauses at first or beyond, the others in order. */
void dpll__watches_drop_from(dpll_solver *s, cref first);
int dpll__watch_grow(dpll_solver *s, int cap);
void dpll__watch_free(dpll_solver *s);

/* trace.c */
void dpll__report_learned(dpll_solver *s, const unsigned *lits, size_t n);
static inline bool dpll__learn_wanted(const dpll_solver *s, size_t n) {
  return s->trace.learn && n <= s->trace.learn_max;
}
/* The learn callback as dpll_set_learn set it (fn NULL: none). */
static inline void dpll__learn_callback(const dpll_solver *s, dpll_learn_fn *fn,
                                        void **ctx, size_t *max_size) {
  *fn = s->trace.learn;
  *ctx = s->trace.learn_ctx;
  *max_size = s->trace.learn_max;
}
void dpll__trace(dpll_solver *s, dpll_event_kind kind, unsigned lit, cref ref,
                 bool flipped);
/* While held (lookahead.c's probes), nothing is reported. */
void dpll__trace_hold(dpll_solver *s, bool hold);
int dpll__trace_grow(dpll_solver *s, size_t n);
void dpll__trace_free(dpll_solver *s);
/* Every clause stored is reserved here first (clausedb.c), so that the
 * buffer always holds the longest and reporting never allocates. */
static inline int dpll__trace_reserve(dpll_solver *s, size_t n) {
  return n <= s->trace.cap ? 0 : dpll__trace_grow(s, n);
}

/* memory.c: the one way libdpll sizes an array.  dpll__resize makes *p
 * hold n elements of elem bytes; dpll__grow makes it hold at least need
 * (of at most max), growing *cap by half at least.  Both return 0 or
 * DPLL_ENOMEM, and leave *p and *cap as they were when they fail.  The
 * macros check for room inline, so that the usual case is not a call. */
int dpll__resize(void **p, size_t elem, size_t n);
int dpll__grow(void **p, size_t *cap, size_t need, size_t elem, size_t max);
#define DPLL_RESIZE(ptr, n) dpll__resize((void **)&(ptr), sizeof *(ptr), (n))
#define DPLL_GROW(ptr, cap, need, max)                                         \
  ((need) <= (cap)                                                             \
       ? 0                                                                     \
       : dpll__grow((void **)&(ptr), &(cap), (need), sizeof *(ptr), (max)))

#endif /* DPLL_INTERNAL_H_INCLUDED */
