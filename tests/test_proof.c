/* test_proof.c - DRAT proofs of unsatisfiability (lib/dpll/proof.c and the
 * engines' lemmas), judged by the independent checker tools/common/drat.c:
 * pigeonhole formulas, random unsatisfiable formulas under every engine
 * and option (pure literals on, so that RAT units appear), peg boards with
 * no solution, formulas unsatisfiable as added; text and binary.  A proof
 * the checker rejects, or an UNSAT answer without a proof, fails.  The
 * largest instances (PHP(9, 8), the whole 15-hole triangle) are proved in
 * the long tier only (long_tier below); the quick tier proves smaller ones
 * of the same kinds.  A proof after other solves on the same solver
 * (under assumptions, with no proof or one written elsewhere) must stand
 * alone. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dpll.h"
#include "drat.h"
#include "oracle.h"
#include "peg.h"
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the proofs checked so far added up to, for the summary. */
static long proofs, lemmas, rat, deletions;

static void write_bytes(const char *path, const char *data, size_t n) {
  FILE *f = fopen(path, "wb");
  if (f) {
    fwrite(data, 1, n, f);
    fclose(f);
  }
}

/* f in DIMACS, for the checker. */
static char *dimacs(const oracle_formula *f, size_t *size) {
  return oracle_to_text(f, 1, size);
}

/* Solves f with the options (name, value pairs, NULL-ended) and a proof in
 * format; the answer must be expect (DPLL_SAT or DPLL_UNSAT), and an UNSAT
 * answer's proof must be accepted.  what names the case in messages. */
static void prove(const oracle_formula *f, int expect, int format,
                  const char *const *options, const char *what) {
  dpll_solver *s = dpll_new();
  for (size_t i = 0; i < f->num_clauses; i++)
    assert_int_equal(dpll_add_clause(s, f->lits + f->start[i],
                                     f->start[i + 1] - f->start[i]),
                     0);
  for (size_t k = 0; options && options[k]; k += 2)
    assert_int_equal(dpll_set_option(s, options[k], atoi(options[k + 1])), 0);
  char *proof = NULL;
  size_t proof_len = 0;
  FILE *out = open_memstream(&proof, &proof_len);
  assert_non_null(out);
  assert_int_equal(dpll_set_proof(s, out, format), 0);
  int res = dpll_solve(s);
  fclose(out);
  CHECK(res == expect, "%s: answered %d, expected %d", what, res, expect);
  if (res == DPLL_UNSAT) {
    size_t cnf_len;
    char *cnf = dimacs(f, &cnf_len);
    drat_report r;
    int ok =
        drat_check(cnf, cnf_len, proof, proof_len,
                   format == DPLL_PROOF_BINARY ? DRAT_BINARY : DRAT_TEXT, &r);
    if (ok != 1) { /* kept for a look with drat-check or drat-trim */
      const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
      char path[4096];
      snprintf(path, sizeof path, "%s/test-proof-failed.cnf", dir);
      write_bytes(path, cnf, cnf_len);
      snprintf(path, sizeof path, "%s/test-proof-failed.drat", dir);
      write_bytes(path, proof, proof_len);
      print_message("kept as %s/test-proof-failed.cnf and .drat\n", dir);
    }
    CHECK(ok == 1, "%s: proof rejected: %s", what, r.msg);
    proofs++;
    lemmas += r.lemmas;
    rat += r.rat;
    deletions += r.deleted;
    free(cnf);
  }
  free(proof);
  dpll_free(s);
}

/* PHP(holes + 1, holes). */
static void pigeons(oracle_formula *f, int holes) {
  int pigeons = holes + 1;
  oracle_init(f, pigeons * holes);
  int lits[16];
  for (int p = 0; p < pigeons; p++) {
    for (int h = 0; h < holes; h++)
      lits[h] = p * holes + h + 1;
    oracle_add(f, lits, (size_t)holes);
  }
  for (int h = 1; h <= holes; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++) {
        int pair[2] = {-(p * holes + h), -(q * holes + h)};
        oracle_add(f, pair, 2);
      }
}

static void test_pigeonhole(void **state) {
  (void)state;
  static const char *const cdcl_reduce[] = {"algorithm", "1", NULL};
  static const char *const eliminate[] = {"algorithm", "1", "eliminate", "1",
                                          NULL};
  static const char *const classic[] = {"algorithm", "0", NULL};
  static const char *const lookahead[] = {"algorithm", "0", "lookahead", "1",
                                          NULL};
  long deleted_before = deletions;
  /* PHP(9, 8) (cdcl and eliminate only) is most of the test's time: the
   * long tier's. */
  int most = tier_long() ? 8 : 7;
  for (int holes = 2; holes <= most; holes++) {
    oracle_formula f;
    pigeons(&f, holes);
    char what[64];
    for (int format = 0; format <= 1; format++) {
      snprintf(what, sizeof what, "PHP(%d, %d), cdcl, format %d", holes + 1,
               holes, format);
      prove(&f, DPLL_UNSAT, format, cdcl_reduce, what);
      snprintf(what, sizeof what, "PHP(%d, %d), eliminate, format %d",
               holes + 1, holes, format);
      prove(&f, DPLL_UNSAT, format, eliminate, what);
      if (holes <= 7) { /* the classic engine takes long beyond (and its
                           proofs take the checker long) */
        snprintf(what, sizeof what, "PHP(%d, %d), classic, format %d",
                 holes + 1, holes, format);
        prove(&f, DPLL_UNSAT, format, classic, what);
        snprintf(what, sizeof what, "PHP(%d, %d), lookahead, format %d",
                 holes + 1, holes, format);
        prove(&f, DPLL_UNSAT, format, lookahead, what);
      }
    }
    oracle_free(&f);
  }
  /* PHP(8, 7) learns hundreds of clauses, PHP(9, 8) thousands:
   * reductions delete some. */
  assert_true(deletions > deleted_before);
}

/* Elimination with definitions (option gates) leaves resolvents out; the
 * ones it adds must still be lemmas.  Random circuits (testutil.c) with
 * clauses on top, the unsatisfiable ones proved in both formats; the
 * answer is the oracle's. */
static void test_gates(void **state) {
  (void)state;
  static const char *const gates[] = {"algorithm", "1", "eliminate", "1",
                                      "gates",     "1", NULL};
  uint64_t rng = 0x6A7E;
  long count = tier_cases(600), proofs_before = proofs;
  for (long i = 0; i < count; i++) {
    oracle_formula f;
    int inputs = 3 + oracle_below(&rng, 3), n = 3 + oracle_below(&rng, 7);
    gate_circuit(&f, &rng, inputs, n, (inputs + n) / 2 + oracle_below(&rng, 8));
    char what[64];
    snprintf(what, sizeof what, "circuit %ld, gates", i);
    int expect = oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    prove(&f, expect, (int)(i % 2), gates, what);
    oracle_free(&f);
  }
  print_message("%ld circuits, %ld proofs\n", count, proofs - proofs_before);
  assert_true(proofs - proofs_before >= count / 10);
}

/* Random formulas over few variables, most of them unsatisfiable, under
 * option sets that cycle through both engines, every heuristic, restart
 * policy and the switches; pure literals stay on in most, so the root's
 * pure units (RAT) are proved too.  SAT answers need no proof; their count
 * shows the mix is real.  1200 formulas in a Release build's quick tier
 * (tests/tier.h). */
static void test_random(void **state) {
  (void)state;
  static const char *const sets[][9] = {
      {"algorithm", "1", NULL},
      {"algorithm", "0", NULL},
      {"algorithm", "0", "heuristic", "1", NULL},
      {"algorithm", "0", "heuristic", "2", "pure", "0", NULL},
      {"algorithm", "1", "restarts", "2", "minimize", "0", NULL},
      {"algorithm", "1", "restarts", "3", "target_phase", "2", NULL},
      {"algorithm", "1", "restarts", "0", "reduce", "0", NULL},
      {"algorithm", "1", "heuristic", "4", "seed", "3", NULL},
      {"algorithm", "0", "heuristic", "3", NULL},
      {"algorithm", "0", "lookahead", "1", NULL},
      {"algorithm", "0", "lookahead", "1", "pure", "0", NULL},
      {"algorithm", "1", "eliminate", "1", "lucky", "1", NULL},
      {"algorithm", "1", "eliminate", "1", "pure", "0", "vivify", "1", NULL},
  };
  const int nsets = (int)(sizeof sets / sizeof *sets);
  uint64_t rng = 0xD2A7;
  long count = tier_cases(1200), rat_before = rat;
  int sat = 0, unsat = 0;
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 4 + oracle_below(&rng, 13);
    oracle_random(&f, &rng, nv, (size_t)(3 * nv + oracle_below(&rng, 4 * nv)),
                  i % 5 ? 2 : 1, 4);
    /* A few clauses over extra variables give pure literals. */
    for (int k = 0; k < i % 3; k++) {
      int extra[3] = {nv + 1 + k, -(1 + k % nv), 2 + k % (nv - 1)};
      oracle_add(&f, extra, 3);
      f.num_vars = nv + 1 + k;
    }
    int expect = oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    if (expect == DPLL_SAT)
      sat++;
    else
      unsat++;
    char what[64];
    snprintf(what, sizeof what, "random formula %d, option set %d", i,
             i % nsets);
    prove(&f, expect, i % 2, sets[i % nsets], what);
    oracle_free(&f);
  }
  print_message("random: %ld formulas, %d unsatisfiable (proved), %d "
                "satisfiable\n",
                count, unsat, sat);
  /* About four in five are unsatisfiable. */
  assert_true(unsat > count / 3 && sat > count / 12);
  assert_true(rat > rat_before); /* pure units were written and checked */
}

/* Clauses libpeg emits, collected into a formula. */
static int collect(void *ctx, const int *lits, size_t n) {
  oracle_add(ctx, lits, n);
  return 0;
}

/* Peg puzzles with no solution (the course's triangle from hole 1; the
 * 15-hole triangle to a goal the parity argument refutes, with and without
 * the redundant clauses), through libpeg's encoding.  The whole 15-hole
 * board's exact encoding takes long (some 12 s in a Release build, 80 s in
 * a sanitizer build at -O0), so it is the long tier's (long_tier); the
 * quick tier's board starts four jumps in instead (4 over 2, 6 over 5,
 * 7 over 4, 13 over 8), which leaves the position classes as they were,
 * so the same parity argument refutes the same goal, in 9 jumps rather
 * than 13. */
#define TRIANGLE5                                                              \
  "1 2 4\n2 4 7\n4 7 11\n3 5 8\n5 8 12\n6 9 13\n1 3 6\n3 6 10\n6 10 15\n"      \
  "2 5 9\n5 9 14\n4 8 13\n4 5 6\n7 8 9\n8 9 10\n11 12 13\n12 13 14\n"          \
  "13 14 15\n"

static void test_peg_boards(void **state) {
  (void)state;
  bool whole = tier_long();
  const char *const boards[] = {
      "10 1\n1 2 4\n2 4 7\n3 5 8\n4 5 6\n7 8 9\n8 9 10\n1 3 6\n3 6 10\n2 5 9\n",
      whole ? "15 1\n" TRIANGLE5 "goal 2\n"
            : "15 0\n" TRIANGLE5 "start 1 2 3 4 9 10 11 12 14 15\ngoal 2\n",
  };
  const char *const names[] = {"triangle4 from 1",
                               whole ? "triangle5 from 1 to 2"
                                     : "triangle5 four jumps in, to 2"};
  for (size_t b = 0; b < sizeof boards / sizeof *boards; b++)
    for (int exact = 0; exact <= 1; exact++) {
      peg_board *board = parse_board(boards[b]);
      peg_encoding *e = exact ? encode(board) : encode_default(board);
      oracle_formula f;
      oracle_init(&f, peg_encoding_atoms(e));
      assert_int_equal(peg_encoding_emit(e, collect, &f), 0);
      char what[64];
      snprintf(what, sizeof what, "%s, %s", names[b],
               exact ? "exact" : "default");
      for (int algorithm = 0; algorithm <= 2; algorithm++) {
        const char *const options[] = {"algorithm", algorithm ? "1" : "0",
                                       "eliminate", algorithm == 2 ? "1" : "0",
                                       NULL};
        prove(&f, DPLL_UNSAT, algorithm % 2, options, what);
      }
      oracle_free(&f);
      peg_encoding_free(e);
      peg_board_free(board);
    }
}

/* Unsatisfiable as added (an empty clause, or two opposite units): the
 * proof is the empty clause, which the checker accepts by propagation. */
static void test_unsat_as_added(void **state) {
  (void)state;
  oracle_formula f;
  oracle_init(&f, 3);
  int a[] = {1, 2}, u[] = {-3}, v[] = {3};
  oracle_add(&f, a, 2);
  oracle_add(&f, u, 1);
  oracle_add(&f, v, 1);
  prove(&f, DPLL_UNSAT, DPLL_PROOF_TEXT, NULL, "opposite units");
  oracle_add(&f, NULL, 0);
  prove(&f, DPLL_UNSAT, DPLL_PROOF_BINARY, NULL, "an empty clause");
  oracle_free(&f);
  print_message("%ld proofs accepted: %ld lemmas (%ld by RAT), %ld "
                "deletions\n",
                proofs, lemmas, rat, deletions);
}

/* A proof after other solves on the same solver: solves under assumptions
 * (which write no proof), solves with the proof going elsewhere, clauses
 * added in between.  Whatever those derived (learned clauses, units of
 * level 0, the empty clause) the last proof must not rest on: it alone
 * must convince the checker, against every clause added.  Random formulas
 * of 8 to 14 variables, judged by brute force. */
static void test_after_other_solves(void **state) {
  (void)state;
  uint64_t rng = 0x50F7;
  long count = tier_cases(300);
  int unsat = 0;
  for (int i = 0; i < count; i++) {
    oracle_formula f;
    int nv = 8 + oracle_below(&rng, 7);
    oracle_random(&f, &rng, nv, (size_t)(4 * nv + oracle_below(&rng, 2 * nv)),
                  i % 4 ? 3 : 2, 3);
    dpll_solver *s = dpll_new();
    assert_non_null(s);
    assert_int_equal(dpll_set_option(s, "algorithm", i % 3 ? 1 : 0), 0);
    if (i % 5 == 0)
      assert_int_equal(dpll_set_option(s, "xor", 1), 0);
    size_t added = 0;
    char *other = NULL;
    size_t other_len = 0;
    FILE *elsewhere = open_memstream(&other, &other_len);
    assert_non_null(elsewhere);
    /* Some clauses, then solves under assumptions, with the sink set
     * elsewhere or none, and solves with the proof going elsewhere. */
    size_t first = f.num_clauses / 2 + (size_t)oracle_below(&rng, 3);
    for (int round = 0; round < 2; round++) {
      size_t upto = round == 0 ? first : f.num_clauses;
      for (; added < upto; added++)
        assert_int_equal(dpll_add_clause(s, f.lits + f.start[added],
                                         f.start[added + 1] - f.start[added]),
                         0);
      for (int k = 0; k < 3; k++) {
        if (k == 1)
          assert_int_equal(dpll_set_proof(s, elsewhere, DPLL_PROOF_TEXT), 0);
        else if (k == 2)
          assert_int_equal(dpll_set_proof(s, NULL, DPLL_PROOF_TEXT), 0);
        int a = 1 + oracle_below(&rng, nv), b = 1 + oracle_below(&rng, nv);
        assert_int_equal(dpll_assume(s, oracle_below(&rng, 2) ? a : -a), 0);
        if (b != a)
          assert_int_equal(dpll_assume(s, oracle_below(&rng, 2) ? b : -b), 0);
        int res = dpll_solve(s);
        assert_true(res == DPLL_SAT || res == DPLL_UNSAT);
      }
      if (round == 0) { /* a solve whose proof goes elsewhere */
        assert_int_equal(dpll_set_proof(s, elsewhere, DPLL_PROOF_TEXT), 0);
        int res = dpll_solve(s);
        assert_true(res == DPLL_SAT || res == DPLL_UNSAT);
      }
    }
    /* The proof that counts. */
    char *proof = NULL;
    size_t proof_len = 0;
    FILE *out = open_memstream(&proof, &proof_len);
    assert_non_null(out);
    assert_int_equal(dpll_set_proof(s, out, i % 2), 0);
    int res = dpll_solve(s);
    fclose(out);
    fclose(elsewhere);
    int expect = oracle_satisfiable(&f, NULL) ? DPLL_SAT : DPLL_UNSAT;
    CHECK(res == expect, "formula %d: answered %d, expected %d", i, res,
          expect);
    if (res == DPLL_UNSAT) {
      size_t cnf_len;
      char *cnf = dimacs(&f, &cnf_len);
      drat_report r;
      int ok = drat_check(cnf, cnf_len, proof, proof_len,
                          i % 2 ? DRAT_BINARY : DRAT_TEXT, &r);
      CHECK(ok == 1, "formula %d: the last proof is rejected: %s", i, r.msg);
      free(cnf);
      unsat++;
    }
    free(proof);
    free(other);
    dpll_free(s);
    oracle_free(&f);
  }
  print_message("after other solves: %ld formulas, %d unsatisfiable "
                "(proved)\n",
                count, unsat);
  assert_true(unsat > count / 4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pigeonhole),
      cmocka_unit_test(test_random),
      cmocka_unit_test(test_gates),
      cmocka_unit_test(test_peg_boards),
      cmocka_unit_test(test_unsat_as_added),
      cmocka_unit_test(test_after_other_solves),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
