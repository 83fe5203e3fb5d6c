/* tier.h - how much a test does and how long a run may take.
 *
 * The tests have two tiers (tests/CMakeLists.txt): the quick one, which the
 * README's test command runs in both builds, and the long one, which runs
 * the same test programs on more random cases, under valgrind, and longer.
 * A test program learns its share from two environment variables that
 * CTest sets, with defaults fixed when the tests are built, so that a test
 * program run by hand does what its quick tier does:
 *
 *   DPLL_TEST_SCALE  the percentage of each random family of cases to run
 *                    (100 in a Release build's quick tier, 20 under the
 *                    sanitizers, several hundred in the long tier);
 *   DPLL_TEST_SLOW   how many times slower than a Release build a run is
 *                    expected to be (1; 10 under the sanitizers; 50 under
 *                    valgrind), which multiplies every hang detector's limit.
 *
 * The kinds of case never depend on the tier, only their numbers do. */
#ifndef DPLL_TESTS_TIER_H_INCLUDED
#define DPLL_TESTS_TIER_H_INCLUDED

#include <stdbool.h>

/* base random cases scaled by DPLL_TEST_SCALE: at least 1 when base > 0. */
long tier_cases(long base);

/* A hang detector's limit: base seconds (at least ten times what a run is
 * expected to take in a Release build on an idle machine) times
 * DPLL_TEST_SLOW. */
double tier_seconds(double base);

/* Whether this run is a long tier's: a DPLL_TEST_SCALE or DPLL_TEST_SLOW
 * above the build's quick tier's (the Release build's long tier has scale
 * 500, the sanitizer build's 100 against its quick 20, valgrind's runs
 * DPLL_TEST_SLOW 50).  For a test whose quick tier runs a smaller share
 * or smaller instances than its long tier. */
bool tier_long(void);

/* tier_cases(quick) in the quick tier, tier_cases(full) in a long one. */
long tier_cases_split(long quick, long full);

/* DPLL_TEST_SCALE and DPLL_TEST_SLOW as in force, for the test's summary
 * line.  A malformed value in the environment ends the program with a
 * message (a test set up wrongly must not pass). */
int tier_scale(void);
int tier_slow(void);

#endif
