/* util.c - libpeg's version and messages, and reading the numbers in an
 * atom's name (encode.c's atoms and amo.c's); what its files share with
 * libmaze is in lib/common/util.c. */
#include "internal.h"

#include <limits.h>
#include <string.h>

const char *peg_version(void) { return PEG_VERSION; }

const char *peg_strerror(int code) { COMMON_STRERROR(code, PEG_ERRORS) }

/* Reads "N," or "N)" at *p: a positive number and the expected separator. */
static bool field(const char **p, char sep, int *out) {
  long v = 0;
  const char *q = *p;
  if (*q < '1' || *q > '9')
    return false;
  while (*q >= '0' && *q <= '9' && v < INT_MAX / 10)
    v = 10 * v + (*q++ - '0');
  if (*q != sep)
    return false;
  *out = (int)v;
  *p = q + 1;
  return true;
}

bool peg__atom_fields(const char *name, const char *prefix, int count, int *x) {
  size_t n = strlen(prefix);
  if (strncmp(name, prefix, n))
    return false;
  const char *p = name + n;
  for (int i = 0; i < count; i++)
    if (!field(&p, i + 1 < count ? ',' : ')', &x[i]))
      return false;
  return !*p;
}
