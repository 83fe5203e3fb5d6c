/* cli.h - what the command-line tools share: messages, INPUT and OUTPUT
 * arguments, reading a whole input, output files that never keep a
 * partial answer, and what the puzzle back ends read.  Options are in
 * options.h. */
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

/* Reads text, an option's value, as a decimal number from lo to hi into
 * *value.  Returns 0, or 1 after reporting "FLAG needs a number from LO to
 * HI, not 'TEXT'". */
int cli_number(const char *flag, const char *text, long long lo, long long hi,
               long long *value);

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

/* ---- The puzzle back ends (peg-back, maze-back) ------------------------ */

/* What a back end reads: the solver's answer and, with --key FILE, the
 * key file, each whole (cli_read_input), and where they came from. */
typedef struct cli_answer {
  const char *input, *key_path; /* key_path NULL without a key file */
  char *text, *key;
  size_t size, key_size;
} cli_answer;

/* Reads the answer at input (NULL or "-": standard input) and the key file
 * at key (NULL: none) into *a.  Returns 0, or 1 after reporting (nothing
 * is then held). */
int cli_read_answer(const char *input, const char *key, cli_answer *a);

/* A puzzle library's codes for the faults a back end tells apart. */
typedef struct cli_answer_codes {
  int play;  /* the valuation is not a solution (PEG_EPLAY, MAZE_EPLAY) */
  int key;   /* the key is at fault (PEG_EKEY, MAZE_EKEY) */
  int nomem; /* memory ran out (PEG_ENOMEM, MAZE_ENOMEM) */
} cli_answer_codes;

/* After the library has read *a (rc: 0 or its code): frees what a holds,
 * and reports a failure with the library's error line, column (line 0: no
 * place) and message: "INPUT: the valuation is not a solution: ..." for
 * codes->play; a fault in the key is the key file's when one was given,
 * else the input's.  Returns 0, or 1 after reporting. */
int cli_answer_done(cli_answer *a, int rc, const cli_answer_codes *codes,
                    long line, long column, const char *message);

/* The back end's read_result(o, r) for library lib (peg or maze; LIB: PEG
 * or MAZE), whose options are lib_back_options (with files and key): the
 * answer and the key file read, and every model decoded and checked by
 * lib_result_read_keyed into *r.  It returns 0, or 1 after reporting. */
#define CLI_READ_RESULT(lib, LIB)                                              \
  static int read_result(const lib##_back_options *o, lib##_result *r) {       \
    static const cli_answer_codes codes = {LIB##_EPLAY, LIB##_EKEY,            \
                                           LIB##_ENOMEM};                      \
    cli_answer in;                                                             \
    lib##_error e;                                                             \
    if (cli_read_answer(o->files.input, o->key, &in))                          \
      return 1;                                                                \
    int rc =                                                                   \
        lib##_result_read_keyed(in.text, in.size, in.key, in.key_size, r, &e); \
    return cli_answer_done(&in, rc, &codes, e.line, e.column, e.message);      \
  }

#endif
