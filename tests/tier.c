/* tier.c - the test tiers' scale and slowness (see tier.h). */
#include "tier.h"

#include <stdio.h>
#include <stdlib.h>

/* The build's defaults (tests/CMakeLists.txt sets them for the sanitizer
 * build); the environment overrides them. */
#ifndef TIER_DEFAULT_SCALE
#define TIER_DEFAULT_SCALE 100
#endif
#ifndef TIER_DEFAULT_SLOW
#define TIER_DEFAULT_SLOW 1
#endif

/* The positive integer in environment variable name, or dflt if it is not
 * set; anything else ends the program. */
static int setting(const char *name, int dflt) {
  const char *text = getenv(name);
  if (!text || !*text)
    return dflt;
  char *end;
  long v = strtol(text, &end, 10);
  if (*end || v < 1 || v > 100000) {
    fprintf(stderr, "%s=%s: needs a whole number from 1 to 100000\n", name,
            text);
    exit(2);
  }
  return (int)v;
}

int tier_scale(void) { return setting("DPLL_TEST_SCALE", TIER_DEFAULT_SCALE); }

int tier_slow(void) { return setting("DPLL_TEST_SLOW", TIER_DEFAULT_SLOW); }

long tier_cases(long base) {
  if (base <= 0)
    return base;
  long n = base * tier_scale() / 100;
  return n < 1 ? 1 : n;
}

double tier_seconds(double base) { return base * tier_slow(); }

bool tier_long(void) {
  return tier_scale() > TIER_DEFAULT_SCALE || tier_slow() > TIER_DEFAULT_SLOW;
}

long tier_cases_split(long quick, long full) {
  return tier_cases(tier_long() ? full : quick);
}
