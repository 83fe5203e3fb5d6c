/* dratdb.h - what the DRAT checker (drat.c) checks each step against: the
 * current clauses (an arena, watches, occurrence lists, a hash table for
 * deletions) and the assignment implied at the root, with unit
 * propagation.  drat.c reads the proof and words the verdicts; this half
 * knows nothing of files, formats or messages.  Like the rest of the
 * checker it includes nothing from lib/ or include/. */
#ifndef DPLL_TOOLS_DRATDB_H_INCLUDED
#define DPLL_TOOLS_DRATDB_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

/* A clause's offset in the arena; 0 is no clause (the arena starts with a
 * word that belongs to none). */
typedef uint32_t drat_cref;

typedef struct drat_vec {
  drat_cref *a;
  uint32_t n, cap;
} drat_vec;

/* Literals inside are 2*var + (negative), the binary format's numbering. */
typedef struct drat_db {
  int max_var;         /* the arrays below cover variables 1..max_var */
  signed char *val;    /* by literal: 1 true, -1 false, 0 unassigned */
  drat_cref *reason;   /* by variable: the clause that implied it, or 0 */
  unsigned char *mark; /* by literal: scratch for duplicates and matching */
  unsigned *trail;     /* the assigned literals in order */
  size_t trail_n, qhead, root_n; /* propagated up to qhead; root level */
  drat_vec *watches, *occs; /* by literal: watching clauses; all holding it */
  drat_vec units;           /* the unit clauses, never deleted */
  uint32_t *arena;
  size_t arena_n, arena_cap;
  drat_cref *buckets; /* clauses of two or more literals, by hash */
  size_t num_buckets, live;
  int inconsistent;   /* the root level propagates to a conflict */
  drat_cref conflict; /* the clause falsified there */
  int dirty;          /* a deletion may have taken a root reason away */
  unsigned *lits;     /* the clause taken last (drat__take) */
  size_t lits_n, lits_cap;
  int failed; /* 0, or why the check cannot go on: DRAT_DB_NOMEM (memory
               * ran out) or DRAT_DB_FULL (the arena would pass 2^32
               * words).  Once set, the database is only safe to free: the
               * answers of the calls below mean nothing. */
} drat_db;

enum { DRAT_DB_NOMEM = 1, DRAT_DB_FULL = 2 };

/* The DIMACS literal of an inside one. */
static inline long drat__dimacs(unsigned lit) {
  return lit & 1 ? -(long)(lit >> 1) : (long)(lit >> 1);
}

/* Every call that allocates sets s->failed when it cannot, and the
 * fallible ones return -1 then; the checker must look at s->failed after
 * every step before it believes a verdict. */

/* An empty database (s zeroed first): 0, or -1 (s->failed); and freeing
 * one, whatever state it is in. */
int drat__db_init(drat_db *s);
void drat__db_free(drat_db *s);

/* Takes the DIMACS literals lits[0..n-1] into s->lits, each once, in the
 * order first met: 0, or -1 (s->failed). */
int drat__take(drat_db *s, const long *lits, size_t n);

/* Whether s->lits holds a literal and its negation. */
int drat__tautology(drat_db *s);

/* Adds s->lits (one literal or more) to the clauses, and propagates at
 * the root what it implies there. */
void drat__add(drat_db *s);

/* Whether s->lits is RUP (1), or failing that RAT on its first literal
 * (2), or neither (0), with respect to the current clauses. */
int drat__holds(drat_db *s);

/* Deletes one clause with the literals of s->lits (two or more), as a
 * set: 1, or 0 if there is none. */
int drat__delete(drat_db *s);

#endif
