/* clauses.c - the eight kinds of clauses of docs/maze.md, sent kind by
 * kind through the caller's callback.  A dropped atom (pruning) is false:
 * its literals are left out of the clauses, and the clauses it would
 * satisfy are not sent. */
#include "internal.h"

#include <assert.h>
#include <stdlib.h>

/* The clauses on their way out, through one buffer of literals. */
typedef struct emitter {
  const maze_encoding *e;
  maze_clause_fn fn;
  void *ctx;
  int *lits;         /* room for every node and two more */
  int *holders;      /* every kept treasure's nodes, by treasure: */
  int *holder_start; /* treasure k's are holders[holder_start[k]..] */
  int rc;            /* the callback's first non-zero return */
  int64_t sent;      /* clauses sent */
} emitter;

static bool send(emitter *m, size_t n) {
  for (size_t i = 0; i < n; i++) /* a literal of an atom that exists */
    assert(m->lits[i] != 0 && m->lits[i] >= -m->e->atoms &&
           m->lits[i] <= m->e->atoms);
  if (!m->rc) {
    m->rc = m->fn(m->ctx, m->lits, n);
    m->sent++;
  }
  return !m->rc;
}

static bool send2(emitter *m, int a, int b) {
  m->lits[0] = a;
  m->lits[1] = b;
  return send(m, 2);
}

/* 1. At most one place at a time: ~AT_M_I v ~AT_N_I for every two nodes
 * that have atoms at time I. */
static void at_most_one_place(emitter *m) {
  const maze_encoding *e = m->e;
  for (int I = 0; I <= e->steps; I++)
    for (int i = 0; i < e->live[I]; i++)
      for (int j = i + 1; j < e->live[I]; j++)
        if (!send2(m, -maze__at(e, e->order[i], I),
                   -maze__at(e, e->order[j], I)))
          return;
}

/* 2. Moves: ~AT_N_I v AT_N_(I+1) v AT_M1_(I+1) v ... for N's links M.
 * A node within I moves has its links within I + 1, so pruning drops no
 * literal here; a link to itself is the stay, written once. */
static void moves(emitter *m) {
  const maze_encoding *e = m->e;
  const maze_puzzle *p = e->puzzle;
  for (int I = 0; I < e->steps; I++)
    for (int i = 0; i < e->live[I]; i++) {
      int v = e->order[i];
      size_t n = 0;
      m->lits[n++] = -maze__at(e, v, I);
      m->lits[n++] = maze__at(e, v, I + 1);
      for (int l = p->link_start[v]; l < p->link_start[v + 1]; l++)
        if (p->links[l] != v)
          m->lits[n++] = maze__at(e, p->links[l], I + 1);
      if (!send(m, n))
        return;
    }
}

/* 3. Being where a treasure is gives it: ~AT_N_I v HAS_T_I. */
static void treasure_got(emitter *m) {
  const maze_encoding *e = m->e;
  const maze_puzzle *p = e->puzzle;
  for (int I = 0; I <= e->steps; I++)
    for (int i = 0; i < e->live[I]; i++) {
      int v = e->order[i], t = p->treasure_at[v];
      if (t >= 0 && e->kept_index[t] >= 0 &&
          !send2(m, -maze__at(e, v, I), maze__has(e, t, I)))
        return;
    }
}

/* 4. A treasure is kept: ~HAS_T_I v HAS_T_(I+1). */
static void treasure_kept(emitter *m) {
  const maze_encoding *e = m->e;
  for (int k = 0; k < e->kept; k++)
    for (int I = 0; I < e->steps; I++) {
      int t = e->kept_list[k];
      if (!send2(m, -maze__has(e, t, I), maze__has(e, t, I + 1)))
        return;
    }
}

/* 5. A treasure is got only where it is: HAS_T_(I-1) v ~HAS_T_I v AT_N1_I
 * v ... v AT_Nk_I for the nodes N1..Nk holding T (the seed writes I+1 for
 * some of these I: a typo).  Nodes not yet within reach drop out; with
 * none left the clause says that T cannot be got at time I. */
static void treasure_where(emitter *m) {
  const maze_encoding *e = m->e;
  for (int k = 0; k < e->kept; k++)
    for (int I = 1; I <= e->steps; I++) {
      int t = e->kept_list[k];
      size_t n = 0;
      m->lits[n++] = maze__has(e, t, I - 1);
      m->lits[n++] = -maze__has(e, t, I);
      for (int h = m->holder_start[k]; h < m->holder_start[k + 1]; h++) {
        int a = maze__at(e, m->holders[h], I);
        if (a)
          m->lits[n++] = a;
      }
      if (!send(m, n))
        return;
    }
}

/* 6, 7 and 8: the units.  START at time 0; no treasure at time 0 but
 * START's (which 3 then gives); every wanted treasure at K. */
static void units(emitter *m) {
  const maze_encoding *e = m->e;
  const maze_puzzle *p = e->puzzle;
  m->lits[0] = maze__at(e, p->start, 0);
  if (!send(m, 1))
    return;
  for (int k = 0; k < e->kept; k++) {
    int t = e->kept_list[k];
    m->lits[0] = -maze__has(e, t, 0);
    if (t != p->treasure_at[p->start] && !send(m, 1))
      return;
  }
  for (int w = 0; w < p->num_wanted; w++) {
    m->lits[0] = maze__has(e, p->wanted[w], e->steps);
    if (!send(m, 1))
      return;
  }
}

/* The nodes holding each kept treasure, in node order. */
static int find_holders(emitter *m) {
  const maze_encoding *e = m->e;
  const maze_puzzle *p = e->puzzle;
  m->holder_start = calloc((size_t)e->kept + 1, sizeof *m->holder_start);
  m->holders = malloc(((size_t)e->nodes + 1) * sizeof *m->holders);
  if (!m->holder_start || !m->holders)
    return MAZE_ENOMEM;
  for (int v = 0; v < e->nodes; v++) {
    int t = p->treasure_at[v];
    if (t >= 0 && e->kept_index[t] >= 0)
      m->holder_start[e->kept_index[t] + 1]++;
  }
  for (int k = 0; k < e->kept; k++)
    m->holder_start[k + 1] += m->holder_start[k];
  int *fill = malloc(((size_t)e->kept + 1) * sizeof *fill);
  if (!fill)
    return MAZE_ENOMEM;
  for (int k = 0; k <= e->kept; k++)
    fill[k] = m->holder_start[k];
  for (int v = 0; v < e->nodes; v++) {
    int t = p->treasure_at[v];
    if (t >= 0 && e->kept_index[t] >= 0)
      m->holders[fill[e->kept_index[t]]++] = v;
  }
  for (int k = 0; k < e->kept; k++) /* each treasure's nodes all placed */
    assert(fill[k] == m->holder_start[k + 1]);
  free(fill);
  return 0;
}

int maze_encoding_emit(const maze_encoding *e, maze_clause_fn fn, void *ctx) {
  if (!e || !fn)
    return MAZE_EINVAL;
  emitter m = {e, fn, ctx, NULL, NULL, NULL, 0, 0};
  m.lits = malloc(((size_t)e->nodes + 2) * sizeof *m.lits);
  int rc = m.lits ? find_holders(&m) : MAZE_ENOMEM;
  if (!rc) {
    static void (*const kinds[])(emitter *) = {at_most_one_place, moves,
                                               treasure_got,      treasure_kept,
                                               treasure_where,    units};
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds && !m.rc; k++)
      kinds[k](&m);
    rc = m.rc;
    /* The formulas of maze_encoding_clauses count what was sent. */
    assert(rc || m.sent == maze_encoding_clauses(e));
  }
  free(m.lits);
  free(m.holders);
  free(m.holder_start);
  return rc;
}
