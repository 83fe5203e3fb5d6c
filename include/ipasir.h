/* ipasir.h - the IPASIR interface of libdpll.
 *
 * IPASIR is the common C interface of incremental SAT solvers (the SAT
 * Race 2015 defined it): a program written against it links with any
 * solver that provides these functions.  libdpll provides them, so such a
 * program builds with `-ldpll` unchanged.  The declarations are IPASIR's;
 * the comments say how libdpll keeps each contract.  Everything here is
 * a thin layer over dpll.h (dpll_add, dpll_assume, dpll_solve, dpll_model,
 * dpll_failed, dpll_set_terminate, dpll_set_learn), whose documentation
 * applies; docs/api.md has the states.
 *
 * States, as IPASIR names them: INPUT after ipasir_init, ipasir_add and
 * ipasir_assume, and after a solve that was interrupted; SAT or UNSAT
 * after ipasir_solve returned 10 or 20.  A call outside the states IPASIR
 * allows does nothing harmful: ipasir_val and ipasir_failed return 0.
 */
#ifndef IPASIR_H_INCLUDED
#define IPASIR_H_INCLUDED

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(DPLL_BUILDING_LIBRARY) && defined(__GNUC__)
#define IPASIR_API __attribute__((visibility("default")))
#else
#define IPASIR_API
#endif

/* "libdpll VERSION": a static string. */
IPASIR_API const char *ipasir_signature(void);

/* A new solver (state INPUT), or NULL if memory runs out.  The default
 * options of dpll_new, except that pure literals are not eliminated (a
 * program that adds clauses later would see answers depend on them). */
IPASIR_API void *ipasir_init(void);

/* Frees the solver; NULL does nothing. */
IPASIR_API void ipasir_release(void *solver);

/* Adds lit to the clause being built, or ends it with 0 (dpll_add).  A
 * literal out of range (INT_MIN, or beyond DPLL_MAX_VAR) or memory running
 * out cannot be reported here: the solver remembers it, and every later
 * ipasir_solve returns 0 without solving (the formula is no longer the
 * one the program meant). */
IPASIR_API void ipasir_add(void *solver, int32_t lit_or_zero);

/* Assumes lit for the next ipasir_solve only (dpll_assume); an error is
 * remembered as in ipasir_add. */
IPASIR_API void ipasir_assume(void *solver, int32_t lit);

/* 10 (SAT), 20 (UNSAT), or 0: stopped by the terminate callback, or not
 * run (a clause still open, or an error remembered by ipasir_add or
 * ipasir_assume). */
IPASIR_API int ipasir_solve(void *solver);

/* In state SAT: lit if lit is true in the model, -lit if it is false; 0
 * for a variable the solver never saw (any value will do), and in any
 * other state. */
IPASIR_API int32_t ipasir_val(void *solver, int32_t lit);

/* In state UNSAT: 1 if assumption lit is in the failed set (the clauses
 * with the failed assumptions alone are unsatisfiable), else 0; 0 in any
 * other state. */
IPASIR_API int ipasir_failed(void *solver, int32_t lit);

/* terminate(data) is polled during ipasir_solve (before every decision
 * and every 64th conflict); non-zero stops the solve, which returns 0.
 * NULL removes it. */
IPASIR_API void ipasir_set_terminate(void *solver, void *data,
                                     int (*terminate)(void *data));

/* learn(data, clause) is called with every clause the solver learns of at
 * most max_length literals, zero-terminated and valid for the call only.
 * NULL (or a negative max_length) removes it.  A clause longer than any
 * before it needs a larger buffer; if memory runs out for it, that clause
 * is not reported. */
IPASIR_API void ipasir_set_learn(void *solver, void *data, int max_length,
                                 void (*learn)(void *data, int32_t *clause));

#ifdef __cplusplus
}
#endif

#endif /* IPASIR_H_INCLUDED */
