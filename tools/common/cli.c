/* cli.c - what the command-line tools share (see cli.h). */
#define _POSIX_C_SOURCE 200809L /* lstat */
#include "cli.h"
#include "source.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int cli_error(const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s: ", cli_tool);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return 1;
}

int cli_positional(cli_files *f, const char *arg) {
  if (arg[0] == '-' && arg[1] != '\0')
    return 0;
  if (f->positional == 2) {
    cli_error("unexpected argument '%s' (try --help)", arg);
    return -1;
  }
  const char *path = strcmp(arg, "-") ? arg : NULL;
  *(f->positional++ ? &f->output : &f->input) = path;
  return 1;
}

/* Whether paths a and b name one regular file (through links too). */
static bool same_file(const char *a, const char *b) {
  struct stat x, y;
  return a && b && !stat(a, &x) && !stat(b, &y) && S_ISREG(x.st_mode) &&
         x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

int cli_number(const char *flag, const char *text, long long lo, long long hi,
               long long *value) {
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (*text < '0' || *text > '9' || *end || errno || v < lo || v > hi)
    return cli_error("%s needs a number from %lld to %lld, not '%s'", flag, lo,
                     hi, text);
  *value = v;
  return 0;
}

int cli_files_done(cli_files *f) {
  if (f->output_option) {
    if (f->positional == 2)
      return cli_error("two outputs: '%s' and '%s'", cli_name(f->output, true),
                       f->output_option);
    /* "-o -" is standard output, as a positional '-' is. */
    f->output = strcmp(f->output_option, "-") ? f->output_option : NULL;
  }
  /* The output replaces its file only once it is complete, so the input
   * would be read whole and then lost. */
  if (same_file(f->input, f->output))
    return cli_error("%s: the output would replace the input; name another "
                     "output",
                     f->output);
  return 0;
}

_Noreturn void cli_print_and_exit(const char *text) {
  fputs(text, stdout);
  cli_exit_printed();
}

_Noreturn void cli_exit_printed(void) {
  if (fflush(stdout) || ferror(stdout))
    exit(cli_error("<stdout>: cannot write: %s", strerror(errno)));
  exit(0);
}

const char *cli_name(const char *path, bool output) {
  return path ? path : output ? "<stdout>" : "<stdin>";
}

FILE *cli_open_output(const char *path) {
  return path ? fopen(path, "wb") : stdout;
}

static bool regular_file(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int cli_close_output(FILE *out, const char *path, int error) {
  errno = 0;
  if (!error && (fflush(out) || ferror(out)))
    error = errno ? errno : -1;
  errno = 0;
  if (path && fclose(out) && !error)
    error = errno ? errno : -1;
  if (!error)
    return 0;
  if (path && regular_file(path))
    remove(path);
  return cli_error("%s: cannot write: %s", cli_name(path, true),
                   error > 0 ? strerror(error) : "write error");
}

void cli_discard_output(FILE *out, const char *path) {
  if (!path)
    return;
  fclose(out);
  if (regular_file(path))
    remove(path);
}

int cli_read_input(const char *path, char **data, size_t *size) {
  char why[200];
  if (cli_source_slurp(path, data, size, why, sizeof why))
    return cli_error("%s: %s", cli_name(path, false), why);
  return 0;
}

int cli_input_error(const char *path, bool nomem, long line, long column,
                    const char *message) {
  if (nomem)
    return cli_error("out of memory");
  fprintf(stderr, "%s:%ld:%ld: %s\n", cli_name(path, false), line, column,
          message);
  return 1;
}

FILE *cli_open_output_or_report(const char *path) {
  FILE *out = cli_open_output(path);
  if (!out)
    cli_error("%s: cannot open for writing: %s", cli_name(path, true),
              strerror(errno));
  return out;
}

int cli_end_output(FILE *out, const char *path, int failed, int error) {
  if (failed) {
    cli_discard_output(out, path);
    return 1;
  }
  return cli_close_output(out, path, error);
}

int cli_write_file(const char *path, const char *text, size_t size) {
  FILE *out = cli_open_output_or_report(path);
  if (!out)
    return 1;
  errno = 0;
  int error = fwrite(text, 1, size, out) == size ? 0 : (errno ? errno : -1);
  return cli_close_output(out, path, error);
}

/* ---- The puzzle back ends --------------------------------------------- */

int cli_read_answer(const char *input, const char *key, cli_answer *a) {
  *a = (cli_answer){input, key, NULL, NULL, 0, 0};
  if (cli_read_input(input, &a->text, &a->size))
    return 1;
  if (key && cli_read_input(key, &a->key, &a->key_size)) {
    free(a->text);
    return 1;
  }
  return 0;
}

int cli_answer_done(cli_answer *a, int rc, const cli_answer_codes *codes,
                    long line, long column, const char *message) {
  free(a->text);
  free(a->key);
  a->text = a->key = NULL;
  if (!rc)
    return 0;
  if (rc == codes->play)
    return cli_error("%s: the valuation is not a solution: %s",
                     cli_name(a->input, false), message);
  const char *where = rc == codes->key && a->key_path ? a->key_path : a->input;
  if (line == 0)
    return cli_error("%s: %s", cli_name(where, false), message);
  return cli_input_error(where, rc == codes->nomem, line, column, message);
}
