/* util.h - what the puzzle libraries (libpeg, libmaze) share, compiled
 * into each of them from lib/common/util.c: filling in an error, growing
 * arrays, growable text, and input shown in messages.
 *
 * The functions are library-internal.  Their names start with common__,
 * they are hidden from the shared libraries' exports (COMMON_HIDDEN), and
 * no public header mentions them.  Each static library holds the same
 * code, so a program that links both uses one copy.  They never print and
 * keep no state. */
#ifndef DPLL_LIB_COMMON_UTIL_H_INCLUDED
#define DPLL_LIB_COMMON_UTIL_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>

#if defined(__GNUC__)
#define COMMON_HIDDEN __attribute__((visibility("hidden")))
#define COMMON_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define COMMON_HIDDEN
#define COMMON_PRINTF(fmt, args)
#endif

/* ---- Errors ----------------------------------------------------------------
 * peg_error and maze_error are both this struct under another name (each
 * public header must stand alone).  A library's internal.h checks that
 * with COMMON_ERROR_LIKE, and common__fail then fills either in. */

typedef struct common_error {
  long line, column;
  char message[200];
} common_error;

#define COMMON_ERROR_LIKE(type)                                                \
  _Static_assert(                                                              \
      sizeof(type) == sizeof(common_error) &&                                  \
          offsetof(type, line) == offsetof(common_error, line) &&              \
          offsetof(type, column) == offsetof(common_error, column) &&          \
          offsetof(type, message) == offsetof(common_error, message),          \
      #type " is laid out as common_error")

/* The body of a library's strerror: the text of every row X(NAME, value,
 * text) of its list of codes (PEG_ERRORS, MAZE_ERRORS), "success" for 0,
 * "unknown code" for the rest. */
#define COMMON_ERROR_CASE(name, value, text)                                   \
  case value:                                                                  \
    return text;
#define COMMON_STRERROR(code, list)                                            \
  switch (code) {                                                              \
    list(COMMON_ERROR_CASE);                                                   \
  case 0:                                                                      \
    return "success";                                                          \
  default:                                                                     \
    return "unknown code";                                                     \
  }

/* Fills in err (a library's error struct; NULL: nothing) with the message
 * (printf-style, cut to fit) and the position, and returns code.  err is
 * written as a whole, through memcpy, after the message is made, so an
 * argument may be err's own message. */
COMMON_HIDDEN int common__fail(void *err, int code, long line, long column,
                               const char *fmt, ...) COMMON_PRINTF(5, 6);

/* The start of a call that fills in err (a library's error struct, or
 * NULL): err cleared; when the arguments are bad, err then says "invalid
 * argument" and code (the library's EINVAL) is returned, else 0. */
COMMON_HIDDEN int common__begin(void *err, bool bad, int code);

/* ---- Growing arrays --------------------------------------------------------
 * Capacities start at 16 and double, so that an array filled one element at
 * a time costs O(1) per element, and a capacity that starts as a power of
 * two stays one (the libraries' hash sets rely on it). */

/* Makes room for need elements of elem bytes in *p, which holds *cap: 0 on
 * success (*p and *cap may change, the elements kept); -1 when memory runs
 * out or the bytes overflow a size_t, *p and *cap as they were. */
COMMON_HIDDEN int common__grow(void **p, size_t *cap, size_t need, size_t elem);

/* ---- Freeing a struct's arrays ---------------------------------------------
 * A destructor frees a struct's arrays and then the struct in one call:
 *
 *   COMMON_FREE_ALL(b->triples, b->start, b->goal, b);
 *
 * Each argument is a pointer from malloc (or NULL), freed in order. */

/* Frees ptrs[0..n-1] in order; any may be NULL. */
COMMON_HIDDEN void common__free_all(void *const *ptrs, size_t n);

#define COMMON_FREE_ALL(...)                                                   \
  common__free_all((void *const[]){__VA_ARGS__},                               \
                   sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *))

/* ---- Options of an encoding ------------------------------------------------
 * A library's encoding options are int fields of its struct, listed once in
 * a table of rows {name, offsetof(struct, field), default, lo, hi}:
 *
 *   #define ROW(opt, def, lo, hi) {#opt, offsetof(peg_encoding, opt), def, lo,
 * hi}, static const common_option options[] = {PEG_OPTIONS(ROW)};
 *
 * common__option_field and common__option_get reach an option's field by
 * name; common__option_defaults sets every field to its default. */
typedef struct common_option {
  const char *name;
  size_t offset;
  int def, lo, hi;
} common_option;

/* The row called name in table[0..n-1], or NULL (also for NULL name). */
COMMON_HIDDEN const common_option *
common__option_find(const common_option *table, size_t n, const char *name);

/* Sets each field of obj to its row's default. */
COMMON_HIDDEN void common__option_defaults(const common_option *table, size_t n,
                                           void *obj);

/* The field of option name in obj if value is in its range, else NULL (no
 * such option, or value out of range); nothing is changed. */
COMMON_HIDDEN int *common__option_field(const common_option *table, size_t n,
                                        void *obj, const char *name, int value);

/* Option name's value in obj into *value: true, or false if there is no
 * such option. */
COMMON_HIDDEN bool common__option_get(const common_option *table, size_t n,
                                      const void *obj, const char *name,
                                      int *value);

/* ---- Growable text -------------------------------------------------------
 * Start from {0}.  Once memory runs out, failed is set and nothing more is
 * appended; common__text_finish then frees what there is. */

typedef struct common_text {
  char *data; /* NUL-terminated when not NULL */
  size_t len, cap;
  bool failed; /* memory ran out: the text is incomplete */
} common_text;

COMMON_HIDDEN void common__text_put(common_text *t, const char *s, size_t n);
COMMON_HIDDEN void common__text_str(common_text *t, const char *s);

/* Appends the printf-style text, which must be shorter than 512 bytes: a
 * longer one fails the text as memory running out does, for the formats
 * are short and a cut text would be wrong. */
COMMON_HIDDEN void common__text_printf(common_text *t, const char *fmt, ...)
    COMMON_PRINTF(2, 3);

/* The finished text (the caller frees it; *size its length if size is not
 * NULL), or NULL if memory ran out.  An empty text is "" rather than
 * NULL. */
COMMON_HIDDEN char *common__text_finish(common_text *t, size_t *size);

/* ---- Input in messages ----------------------------------------------------
 */

/* Whether c separates the words of a puzzle file (a board or a maze): ' '
 * and '\t', and '\r', '\v', '\f' (a file from Windows, a stray form feed).
 * A solver's answer lines take ' ' and '\t' only (dp_answer.h). */
COMMON_HIDDEN bool common__is_blank(char c);

/* How a piece of input is shown in a message.  The messages in
 * tests/data/peg and tests/data/maze pin all three. */
typedef enum common_shown {
  COMMON_SHOWN_ESCAPED, /* bytes below 0x20, from 0x7f, and '\'' as \xNN;
                           "..." after a cut: libpeg's board files */
  COMMON_SHOWN_MASKED,  /* bytes below 0x20 and from 0x7f as '?'; cut
                           silently: libpeg's answer and key lines */
  COMMON_SHOWN_NAMES    /* bytes below 0x20 and 0x7f as '?', the others as
                           they are (UTF-8 names); "..." after a cut:
                           libmaze */
} common_shown;

/* s[0..len-1] as printable text in buf (size bytes, NUL-terminated): its
 * first `most` bytes as `how` says, and no more than fit.  Returns buf. */
COMMON_HIDDEN const char *common__printable(const char *s, size_t len,
                                            size_t most, common_shown how,
                                            char *buf, size_t size);

#endif
