/* source.c - input files, plain or compressed (source.h).  The raw bytes
 * pass through a buffer `in`; the first bytes read decide the format, and
 * each format is one row of `codecs` with its three calls (or none, when
 * the build lacks its library). */
#include "source.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef DPLL_HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef DPLL_HAVE_BZIP2
#include <bzlib.h>
#endif
#ifdef DPLL_HAVE_LZMA
#include <lzma.h>
#endif
#ifdef DPLL_HAVE_ZSTD
#include <zstd.h>
#endif

#define IN_SIZE (1u << 16)

struct cli_source {
  FILE *file;
  bool own; /* not standard input: closed at the end */
  unsigned char in[IN_SIZE];
  size_t pos, len; /* in[pos..len) not yet used */
  bool eof;        /* the file has no more bytes */
  const struct codec *codec;
  void *state; /* the codec's */
  bool done;   /* the codec has reached the end of its data */
  char error[160];
};

/* Reads more raw bytes when in[] is used up; false at the end or on a read
 * error (then s->error is set). */
static bool fill(cli_source *s) {
  if (s->pos < s->len)
    return true;
  if (s->eof)
    return false;
  s->pos = 0;
  s->len = fread(s->in, 1, IN_SIZE, s->file);
  if (s->len == 0) {
    s->eof = true;
    if (ferror(s->file))
      snprintf(s->error, sizeof s->error, "read error: %s",
               strerror(errno ? errno : EIO));
  }
  return s->len > 0;
}

/* A codec: its magic bytes, the -dev package that brings its library, and
 * start (0, or -1 out of memory), step (decompress into out: bytes made,
 * 0 at the end of the data, -1 with s->error set) and end (the library's
 * own release of s->state, which the caller then frees). */
typedef struct codec {
  const char *name, *magic, *package;
  size_t magic_len;
  int (*start)(cli_source *s);
  long (*step)(cli_source *s, unsigned char *out, size_t size);
  void (*end)(cli_source *s);
} codec;

/* The data ended before the codec's end. */
static long truncated(cli_source *s) {
  if (!s->error[0])
    snprintf(s->error, sizeof s->error, "truncated %s data", s->codec->name);
  return -1;
}

static long corrupt(cli_source *s, const char *why) {
  snprintf(s->error, sizeof s->error, "corrupt %s data (%s)", s->codec->name,
           why);
  return -1;
}

/* ---- gzip (zlib; several members one after another are one text) ---- */
#ifdef DPLL_HAVE_ZLIB
static int gz_start(cli_source *s) {
  z_stream *z = calloc(1, sizeof *z);
  if (!z || inflateInit2(z, 15 + 32) != Z_OK) {
    free(z);
    return -1;
  }
  s->state = z;
  return 0;
}

static long gz_step(cli_source *s, unsigned char *out, size_t size) {
  z_stream *z = s->state;
  uInt room = size > 1u << 30 ? 1u << 30 : (uInt)size;
  z->next_out = out;
  z->avail_out = room;
  while (z->avail_out == room && !s->done) {
    if (!fill(s))
      return truncated(s);
    z->next_in = s->in + s->pos;
    z->avail_in = (uInt)(s->len - s->pos);
    int rc = inflate(z, Z_NO_FLUSH);
    s->pos = s->len - z->avail_in;
    if (rc == Z_STREAM_END) {
      if (fill(s))
        inflateReset(z);
      else if (s->error[0])
        return -1;
      else
        s->done = true;
    } else if (rc != Z_OK && rc != Z_BUF_ERROR)
      return corrupt(s, z->msg ? z->msg : "inflate failed");
  }
  return (long)(room - z->avail_out);
}

static void gz_end(cli_source *s) { inflateEnd(s->state); }
#endif

/* ---- bzip2 (libbz2; streams one after another are one text) ---------- */
#ifdef DPLL_HAVE_BZIP2
static int bz_start(cli_source *s) {
  bz_stream *b = calloc(1, sizeof *b);
  if (!b || BZ2_bzDecompressInit(b, 0, 0) != BZ_OK) {
    free(b);
    return -1;
  }
  s->state = b;
  return 0;
}

static long bz_step(cli_source *s, unsigned char *out, size_t size) {
  bz_stream *b = s->state;
  unsigned room = size > 1u << 30 ? 1u << 30 : (unsigned)size, made = 0;
  while (made == 0 && !s->done) {
    if (!fill(s))
      return truncated(s);
    b->next_in = (char *)s->in + s->pos;
    b->avail_in = (unsigned)(s->len - s->pos);
    b->next_out = (char *)out;
    b->avail_out = room;
    int rc = BZ2_bzDecompress(b);
    s->pos = s->len - b->avail_in;
    made = room - b->avail_out;
    if (rc == BZ_STREAM_END) { /* another stream may follow */
      BZ2_bzDecompressEnd(b);
      memset(b, 0, sizeof *b);
      if (BZ2_bzDecompressInit(b, 0, 0) != BZ_OK)
        return corrupt(s, "out of memory");
      if (!fill(s)) {
        if (s->error[0])
          return -1;
        s->done = true;
      }
    } else if (rc != BZ_OK)
      return corrupt(s, "bad block");
  }
  return (long)made;
}

static void bz_end(cli_source *s) { BZ2_bzDecompressEnd(s->state); }
#endif

/* ---- xz (liblzma; concatenated streams are one text) ----------------- */
#ifdef DPLL_HAVE_LZMA
static int xz_start(cli_source *s) {
  lzma_stream *x = malloc(sizeof *x);
  if (!x)
    return -1;
  *x = (lzma_stream)LZMA_STREAM_INIT;
  if (lzma_stream_decoder(x, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
    free(x);
    return -1;
  }
  s->state = x;
  return 0;
}

static long xz_step(cli_source *s, unsigned char *out, size_t size) {
  lzma_stream *x = s->state;
  x->next_out = out;
  x->avail_out = size;
  while (x->avail_out == size && !s->done) {
    lzma_action action = LZMA_RUN;
    if (fill(s)) {
      x->next_in = s->in + s->pos;
      x->avail_in = s->len - s->pos;
    } else if (s->error[0])
      return -1;
    else
      action = LZMA_FINISH;
    lzma_ret rc = lzma_code(x, action);
    s->pos = s->len - x->avail_in;
    if (rc == LZMA_STREAM_END)
      s->done = true;
    else if (rc == LZMA_BUF_ERROR && action == LZMA_FINISH)
      return truncated(s);
    else if (rc != LZMA_OK)
      return corrupt(s, rc == LZMA_MEM_ERROR ? "out of memory" : "bad block");
  }
  return (long)(size - x->avail_out);
}

static void xz_end(cli_source *s) { lzma_end(s->state); }
#endif

/* ---- zstd (libzstd; frames one after another are one text) ---------- */
#ifdef DPLL_HAVE_ZSTD
typedef struct zstd_state {
  ZSTD_DStream *d;
  size_t hint; /* 0 when the last frame read is complete */
} zstd_state;

static int zs_start(cli_source *s) {
  zstd_state *z = malloc(sizeof *z);
  if (!z || !(z->d = ZSTD_createDStream())) {
    free(z);
    return -1;
  }
  ZSTD_initDStream(z->d);
  z->hint = 0;
  s->state = z;
  return 0;
}

static long zs_step(cli_source *s, unsigned char *out, size_t size) {
  zstd_state *z = s->state;
  ZSTD_outBuffer o = {out, size, 0};
  while (o.pos == 0 && !s->done) {
    if (!fill(s)) {
      if (s->error[0] || z->hint)
        return truncated(s);
      s->done = true;
      break;
    }
    ZSTD_inBuffer i = {s->in, s->len, s->pos};
    z->hint = ZSTD_decompressStream(z->d, &o, &i);
    s->pos = i.pos;
    if (ZSTD_isError(z->hint))
      return corrupt(s, ZSTD_getErrorName(z->hint));
  }
  return (long)o.pos;
}

static void zs_end(cli_source *s) {
  zstd_state *z = s->state;
  ZSTD_freeDStream(z->d);
}
#endif

/* ---- The table and the calls ------------------------------------------ */

#define NO_CODEC NULL, NULL, NULL
static const codec codecs[] = {
#ifdef DPLL_HAVE_ZLIB
    {"gzip", "\x1f\x8b", "zlib1g-dev", 2, gz_start, gz_step, gz_end},
#else
    {"gzip", "\x1f\x8b", "zlib1g-dev", 2, NO_CODEC},
#endif
#ifdef DPLL_HAVE_BZIP2
    {"bzip2", "BZh", "libbz2-dev", 3, bz_start, bz_step, bz_end},
#else
    {"bzip2", "BZh", "libbz2-dev", 3, NO_CODEC},
#endif
#ifdef DPLL_HAVE_LZMA
    {"xz",
     "\xfd"
     "7zXZ",
     "liblzma-dev", 6, xz_start, xz_step, xz_end},
#else
    {"xz",
     "\xfd"
     "7zXZ",
     "liblzma-dev", 6, NO_CODEC},
#endif
#ifdef DPLL_HAVE_ZSTD
    {"zstd", "\x28\xb5\x2f\xfd", "libzstd-dev", 4, zs_start, zs_step, zs_end},
#else
    {"zstd", "\x28\xb5\x2f\xfd", "libzstd-dev", 4, NO_CODEC},
#endif
};

cli_source *cli_source_open(const char *path, char *why, size_t why_size) {
  bool std = !path || !strcmp(path, "-");
  FILE *f = std ? stdin : fopen(path, "rb");
  if (!f) {
    snprintf(why, why_size, "cannot read: %s", strerror(errno));
    return NULL;
  }
  cli_source *s = calloc(1, sizeof *s);
  if (!s) {
    snprintf(why, why_size, "out of memory");
    if (!std)
      fclose(f);
    return NULL;
  }
  s->file = f;
  s->own = !std;
  fill(s); /* the first bytes tell the format */
  for (size_t i = 0; i < sizeof codecs / sizeof codecs[0] && !s->error[0];
       i++) {
    const codec *c = &codecs[i];
    if (s->len < c->magic_len || memcmp(s->in, c->magic, c->magic_len))
      continue;
    if (!c->start)
      snprintf(s->error, sizeof s->error,
               "%s-compressed, but this build reads no %s: install %s, then "
               "configure and build again",
               c->name, c->name, c->package);
    else if (c->start(s))
      snprintf(s->error, sizeof s->error, "out of memory");
    else
      s->codec = c;
    break;
  }
  if (s->error[0]) {
    snprintf(why, why_size, "%s", s->error);
    cli_source_close(s);
    return NULL;
  }
  return s;
}

long cli_source_read(void *source, void *buf, size_t size) {
  cli_source *s = source;
  if (s->error[0])
    return -1;
  if (s->codec)
    return s->done ? 0 : s->codec->step(s, buf, size);
  if (s->pos == s->len && !s->eof) { /* plain text: no copy through in[] */
    size_t n = fread(buf, 1, size, s->file);
    if (n == 0 && ferror(s->file)) {
      snprintf(s->error, sizeof s->error, "read error: %s",
               strerror(errno ? errno : EIO));
      return -1;
    }
    s->eof = n == 0;
    return (long)n;
  }
  size_t n = s->len - s->pos < size ? s->len - s->pos : size;
  memcpy(buf, s->in + s->pos, n);
  s->pos += n;
  return (long)n;
}

const char *cli_source_error(const cli_source *s) { return s->error; }

void cli_source_close(cli_source *s) {
  if (!s)
    return;
  if (s->codec) {
    s->codec->end(s);
    free(s->state);
  }
  if (s->own)
    fclose(s->file);
  free(s);
}

int cli_source_slurp(const char *path, char **data, size_t *size, char *why,
                     size_t why_size) {
  *data = NULL;
  *size = 0;
  cli_source *s = cli_source_open(path, why, why_size);
  if (!s)
    return -1;
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  long n = buf ? 1 : -1;
  while (n > 0) {
    if (cap - len < 2) {
      char *p = cap < SIZE_MAX / 2 ? realloc(buf, 2 * cap) : NULL;
      if (!p) {
        n = -1;
        break;
      }
      buf = p;
      cap *= 2;
    }
    n = cli_source_read(s, buf + len, cap - 1 - len);
    len += n > 0 ? (size_t)n : 0;
  }
  if (n < 0) {
    snprintf(why, why_size, "%s", buf ? cli_source_error(s) : "out of memory");
    if (!why[0])
      snprintf(why, why_size, "out of memory");
    free(buf);
  } else {
    buf[len] = '\0';
    *data = buf;
    *size = len;
  }
  cli_source_close(s);
  return n < 0 ? -1 : 0;
}
