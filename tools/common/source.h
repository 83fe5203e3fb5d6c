/* source.h - an input file as every tool reads it: a path, or standard
 * input for NULL or "-", plain or compressed.  gzip, bzip2, xz and zstd
 * are recognised by their first bytes, not by the file's name (so that a
 * pipe works too), and decompressed as the bytes are read, through zlib,
 * libbz2, liblzma and libzstd; each library is optional at build time,
 * and a file in a format the build lacks gets a message that says which
 * and what to install (docs/formats.md). */
#ifndef DPLL_TOOLS_SOURCE_H_INCLUDED
#define DPLL_TOOLS_SOURCE_H_INCLUDED

#include <stddef.h>

typedef struct cli_source cli_source;

/* Opens path and looks at its first bytes.  Returns the source, or NULL
 * with why (one line, without the file's name) filled in. */
cli_source *cli_source_open(const char *path, char *why, size_t why_size);

/* Reads up to size bytes of the (decompressed) text into buf: how many, 0
 * at its end, or -1 on a failure (cli_source_error says what).  The shape
 * of libdpll's dpll_read_fn, so that dpll_read_stream can take it. */
long cli_source_read(void *source, void *buf, size_t size);

/* Why the last read failed ("corrupt gzip data", "truncated xz data", a
 * read error), or "" if none did. */
const char *cli_source_error(const cli_source *s);

/* Closes the file (not standard input) and frees s.  NULL does nothing. */
void cli_source_close(cli_source *s);

/* The whole text of path, decompressed, in a new malloc'd buffer with a NUL
 * after its *size bytes.  Returns 0, or -1 with why filled in. */
int cli_source_slurp(const char *path, char **data, size_t *size, char *why,
                     size_t why_size);

#endif
