/* assume.h - the assume part (s->assume), owned by assume.c: the next
 * solve's assumptions and the last failed set; its readers and calls. */
#ifndef DPLL_ASSUME_H_INCLUDED
#define DPLL_ASSUME_H_INCLUDED

#include "internal.h"

/* The per-literal marks of assume_part. */
#define ASSUME_ON 1
#define ASSUME_FAILED 2

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

#endif /* DPLL_ASSUME_H_INCLUDED */
