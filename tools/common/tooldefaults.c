/* tooldefaults.c - the dpll tool's defaults, as one table. */
#include "tooldefaults.h"

#include <stddef.h>

static const struct {
  const char *name;
  int64_t value;
} defaults[] = {
    {"algorithm", DPLL_ALGORITHM_AUTO},
    {"lucky", 1},
    {"eliminate", 1},
    {"gates", 1},
    {"local_search", 1},
    {"xor", DPLL_XOR_REFUTE},
};

int dpll_tool_defaults(dpll_solver *s, const char **option) {
  for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++) {
    int rc = dpll_set_option(s, defaults[i].name, defaults[i].value);
    if (rc && option)
      *option = defaults[i].name;
    if (rc)
      return rc;
  }
  return 0;
}
