/* cli.h - what the command-line tools share: messages, INPUT and OUTPUT
 * arguments, reading a whole input, and output files that never keep a
 * partial answer.  Options are in options.h. */
#ifndef DPLL_TOOLS_CLI_H_INCLUDED
#define DPLL_TOOLS_CLI_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The tool's name for messages ("dpll", "peg-front", ...). */
extern const char *cli_tool;

/* Prints "TOOL: " and a one-line message to standard error; returns 1 (the
 * tools' exit status for errors). */
int cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The files of a tool run: [INPUT [OUTPUT]] as arguments or -o FILE, '-'
 * naming standard input or output (as NULL does) in either place. */
typedef struct cli_files {
  const char *input, *output; /* NULL: standard input / output */
  const char *output_option;  /* -o's value, if given */
  int positional;             /* how many arguments were paths */
} cli_files;

/* If arg is not an option (a path, or '-'), takes it as INPUT or OUTPUT
 * and returns 1, or reports a third one and returns -1; returns 0 for an
 * option. */
int cli_positional(cli_files *f, const char *arg);

/* After all arguments: -o and a positional OUTPUT may not both be given,
 * and OUTPUT may not be INPUT's file.  Returns 0, or 1 after reporting. */
int cli_files_done(cli_files *f);

/* Prints text to standard output and exits: 0, or 1 with a message if it
 * cannot be written. */
_Noreturn void cli_print_and_exit(const char *text);

/* Exits after what was printed to standard output: 0, or 1 with a message
 * if it could not all be written. */
_Noreturn void cli_exit_printed(void);

/* Reads all of path (NULL or "-": standard input), decompressed if it is
 * compressed (source.h), into a malloc'd buffer with a NUL after it,
 * reporting "INPUT: cannot read: why" or "INPUT: corrupt gzip data ..." on
 * failure.  Returns 0, or 1 after reporting (*data is then NULL). */
int cli_read_input(const char *path, char **data, size_t *size);

/* Reports a library's failure to read the input at path: "out of memory"
 * if nomem, else "INPUT:LINE:COLUMN: message" (no tool name: the place is
 * the input's).  Returns 1. */
int cli_input_error(const char *path, bool nomem, long line, long column,
                    const char *message);

/* The display name of an input or output path: "<stdin>"/"<stdout>" for
 * NULL. */
const char *cli_name(const char *path, bool output);

/* Opens the output (NULL: standard output); NULL with errno on failure. */
FILE *cli_open_output(const char *path);

/* cli_open_output, reporting "OUTPUT: cannot open for writing: why" on
 * failure (then NULL). */
FILE *cli_open_output_or_report(const char *path);

/* Flushes and closes what cli_open_output opened.  error is the errno of
 * an earlier failed write (-1 if unknown, 0 if none).  If anything failed,
 * prints the error, removes a regular file it was writing (so that no
 * partial answer stays; devices and links are left alone), and returns 1;
 * else 0. */
int cli_close_output(FILE *out, const char *path, int error);

/* Ends the output: cli_discard_output and 1 if failed (a failure already
 * reported), else cli_close_output(out, path, error). */
int cli_end_output(FILE *out, const char *path, int failed, int error);

/* Closes what cli_open_output opened after a failure already reported:
 * removes a regular file, so that no partial answer stays. */
void cli_discard_output(FILE *out, const char *path);

/* Writes text[0..size-1] to the file path (the front ends' --key-out), as
 * an output: reported and removed if the write fails.  Returns 0 or 1. */
int cli_write_file(const char *path, const char *text, size_t size);

#endif
