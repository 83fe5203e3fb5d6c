/* util.c - libpeg's version and messages; what its files share besides
 * is in lib/common/util.c. */
#include "internal.h"

const char *peg_version(void) { return PEG_VERSION; }

const char *peg_strerror(int code) { COMMON_STRERROR(code, PEG_ERRORS) }
