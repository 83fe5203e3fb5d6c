/* clitest.h - the harness of the command-line tests (test_cli,
 * test_peg_tools): cases that fail without stopping their test function,
 * growable buffers, files and directories, running a program with its
 * input, output and error redirected and a limit on its time, checks of
 * what it did, and the runner of a directory of bad inputs.  Failures go
 * through cmocka; the functions are for use inside cmocka test functions. */
#ifndef DPLL_TESTS_CLITEST_H_INCLUDED
#define DPLL_TESTS_CLITEST_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "tier.h"

/* ---- Settings: each test program sets them before its tests run ---------- */

/* The test program's name ("test_cli"), which starts the message of a
 * child that cannot be set up or started. */
extern const char *clitest_program;

/* How long one run may take, in seconds, before it is killed and reported
 * as a hang: a test sets it to tier_seconds(LIMIT) (tier.h), LIMIT being at
 * least ten times what its slowest run takes in a Release build. */
extern int clitest_hang_seconds;

/* ---- Cases and failures -------------------------------------------------- */

/* Reports that case `name` failed, and why (printf-style), and counts the
 * failure; the test function goes on with its other cases. */
void failure(const char *name, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* begin_cases starts a test function's count of failed cases; end_cases
 * fails the test function (cmocka's fail_msg) if any of its cases failed,
 * naming them as `what` cases. */
void begin_cases(void);
void end_cases(const char *what);

/* The time in seconds on the monotonic clock, from an arbitrary start: for
 * run_argv's deadline and for timings printed with print_message. */
double now(void);

/* ---- Buffers, files and paths -------------------------------------------- */

typedef struct buffer {
  char *data; /* NUL-terminated for convenience; may hold NULs */
  size_t len, cap;
} buffer;

/* Appends n bytes from p (buffer_str: the string s) and keeps the data
 * NUL-terminated; a buffer starts as {0}.  Running out of memory fails the
 * test. */
void buffer_add(buffer *b, const void *p, size_t n);
void buffer_str(buffer *b, const char *s);

/* buffer_clear empties b, leaving its data an allocated empty string;
 * buffer_free releases it and resets it to {0}. */
void buffer_clear(buffer *b);
void buffer_free(buffer *b);

/* Reads the whole file into b (replacing its contents); false if it cannot
 * be opened.  A read error fails the test. */
bool read_file(const char *path, buffer *b);

/* Creates or replaces the file path with data[0..size-1]; fails the test
 * if it cannot. */
void write_file(const char *path, const void *data, size_t size);

/* Whether path exists, as any kind of file: a symbolic link counts
 * itself, dangling or not (lstat, not followed). */
bool exists(const char *path);

/* dir/name into out (which holds size bytes), returned; fails the test if
 * it does not fit. */
const char *join(char *out, size_t size, const char *dir, const char *name);

/* Whether the string s ends with suffix ("" ends every string), as in
 * ends_with(name, ".err"). */
bool ends_with(const char *s, const char *suffix);

/* Whether a and b hold the same bytes: the same length and contents, NULs
 * included (not a string comparison). */
bool same_bytes(const buffer *a, const buffer *b);

/* The name with its extension (from the last '.') replaced by ext (".err"),
 * into out (which holds size bytes), returned. */
const char *with_ext(const char *name, const char *ext, char *out, size_t size);

/* path made absolute (malloc'd), as the programs run in other directories;
 * NULL if the current directory is unknown or memory runs out. */
char *absolute(const char *path);

/* ---- Messages ------------------------------------------------------------ */

/* A printable rendering of data[0..len-1] for messages into out (size
 * bytes), returned: newlines, tabs, CRs, backslashes and other unprintable
 * bytes escaped, cut after ~300 bytes. */
const char *shown(const char *data, size_t len, char *out, size_t size);

/* shown() into a temporary of the enclosing block: of a buffer b, of a
 * string s, or of the n bytes at s. */
#define SHOWN_SIZE 1400
#define SHOW(b) shown((b).data, (b).len, (char[SHOWN_SIZE]){0}, SHOWN_SIZE)
#define SHOW_STR(s) shown((s), strlen(s), (char[SHOWN_SIZE]){0}, SHOWN_SIZE)
#define SHOW_N(s, n) shown((s), (n), (char[SHOWN_SIZE]){0}, SHOWN_SIZE)

/* ---- Directories --------------------------------------------------------- */

/* The names in directory dir, sorted, without "." and ".."; *n gets the
 * count.  Fails the test if dir cannot be opened.  Free with free_names. */
char **list_dir(const char *dir, size_t *n);
void free_names(char **names, size_t n);

/* Whether name is among names[0..n-1] (as from list_dir), compared as
 * strings. */
bool has_name(char **names, size_t n, const char *name);

/* The order of list_dir's names, for qsort over an array of char *: a and
 * b point to the two pointers, compared with strcmp. */
int compare_names(const void *a, const void *b);

/* Removes path and, if it is a directory, everything under it; what
 * cannot be removed is left. */
void remove_tree(const char *path);

/* Makes a scratch directory $TMPDIR/PREFIX-XXXXXX (/tmp if TMPDIR is unset
 * or empty) with mkdtemp and returns its path, malloc'd; NULL, after the
 * message "PROGRAM: mkdtemp: ..." on stderr, if it cannot. */
char *make_scratch_dir(const char *prefix);

/* Removes the scratch directory *dir and everything in it, frees its path
 * and sets *dir to NULL; nothing is removed if *dir is NULL. */
void remove_scratch_dir(char **dir);

/* Runs a group of n tests as cmocka_run_group_tests does, with SIGPIPE
 * ignored and a scratch directory PREFIX-XXXXXX made before them (its path
 * in *scratch while they run) and removed after; returns cmocka's result.
 * (A test of the tools calls it from main once it has its arguments.) */
int clitest_run_group(const char *name, const struct CMUnitTest *tests,
                      size_t n, const char *prefix, char **scratch);

/* ---- Running a program --------------------------------------------------- */

typedef struct run_result {
  buffer out, err;    /* what the program wrote to standard output and error */
  int code;           /* exit status, if it exited */
  int sig;            /* the signal that killed it, or 0 */
  bool hung;          /* killed after clitest_hang_seconds */
  double stopped;     /* with clitest_signal: seconds from the signal to the
                         exit (-1: it exited before the signal) */
  char command[2048]; /* what ran, for messages: "prog args < in > out" */
} run_result;

/* When clitest_signal is not 0, run_argv sends that signal to the program
 * clitest_signal_after seconds after starting it (if it is still running)
 * and records in r->stopped how long it took to exit after it.  If the
 * signal's default action ended it (no handler yet: a slow start), the run
 * is repeated with the signal twice as late, up to five times. */
extern int clitest_signal;
extern double clitest_signal_after;

/* Runs `prog args...` (args NULL-terminated) in directory cwd (NULL: this
 * one), with standard input from the file in (NULL: /dev/null) and standard
 * output to the file out_file (NULL: captured in r->out).  Standard error
 * is captured in r->err.  r starts as {0}; free it with run_free. */
void run_argv(run_result *r, const char *prog, const char *cwd, const char *in,
              const char *out_file, const char *const *args);

/* run_argv with the arguments given inline, NULL-terminated:
 * run_tool(&r, prog, cwd, NULL, NULL, "-x", name, (char *)NULL). */
void run_tool(run_result *r, const char *prog, const char *cwd, const char *in,
              const char *out_file, ...);

/* Releases the buffers of r, which can then be reused from {0}; a
 * run_result is reused across runs and freed once at the end. */
void run_free(run_result *r);

/* "peg-front --board x --empty 3" for messages: prog and the arguments
 * (NULL-terminated) separated by blanks, into out (size bytes), returned. */
const char *command_name(char *out, size_t size, const char *prog,
                         const char *const *args);

/* ---- Running programs at once -------------------------------------------- */

/* One of the runs that run_jobs makes at once: run_argv's arguments (args
 * NULL-terminated, valid until run_jobs returns) and a signal of its own
 * (run_jobs does not read clitest_signal); the result in r. */
typedef struct run_job {
  const char *prog, *cwd, *in, *out_file;
  const char *const *args;
  int signal;          /* 0, or the signal to send signal_after s in */
  double signal_after; /* the first try's delay (see run_argv) */
  run_result r;        /* starts as {0}; free it with run_free */
  double took;         /* seconds from the start to the exit (last try) */
} run_job;

/* Runs the n jobs as run_argv runs one (output captured, the hang
 * detector, a signal that came before the program's handler repeated
 * twice as late, up to five times), at most at_once at a time (0: all),
 * and returns when all have ended.  For runs that mostly wait (a time
 * limit, a signal after a delay): their waits overlap. */
void run_jobs(run_job *jobs, size_t n, size_t at_once);

/* A signal's delay for runs that a signal stops, in seconds: 0.1, or
 * tier_seconds(0.02) where runs are slower (1 s under valgrind, about what
 * valgrind takes to start a tool).  A signal that comes before the tool's
 * handler ends the tool and the run is repeated with a later signal,
 * except a SIGINT to a tool under valgrind-tool.sh, which ignores it until
 * then (the background child of a script): that run would never stop. */
double signal_delay(void);

/* run_jobs' at_once for runs that a signal stops: 0 (all at once), but 1
 * where the tools start very slowly (valgrind: DPLL_TEST_SLOW above 10),
 * since several starting together could take longer than signal_delay()
 * to start. */
size_t signal_jobs_at_once(void);

/* ---- Checks: each reports a failure of case `name` and returns false ----- */

/* Checks that the program exited with status code; a hang or a crash is a
 * failure that says so, and every failure names the command that ran. */
bool expect_exit(const char *name, const run_result *r, int code);

/* Checks that got (what: "stdout", a file name) holds exactly want's
 * bytes; expect_empty, that it holds none. */
bool expect_bytes(const char *name, const char *what, const buffer *got,
                  const buffer *want);
bool expect_empty(const char *name, const char *what, const buffer *got);

/* Exactly one line: non-empty, one newline, at the end, no NUL.
 * expect_one_line checks that of standard error err. */
bool is_one_line(const buffer *b);
bool expect_one_line(const char *name, const buffer *err);

/* ---- A directory of bad inputs ------------------------------------------- */

/* A directory of inputs that a program must reject: NAME.EXT (the input)
 * and NAME.err (exactly the expected standard error, one line starting
 * with "NAME:", or with tool_prefix then "NAME:"). */
typedef struct bad_inputs {
  const char *prog;          /* the program, run in dir */
  const char *dir;           /* absolute path of the directory */
  const char *dir_name;      /* the directory in messages: "tests/data/bad" */
  const char *ext, *alt_ext; /* an input's extension; a second one, or NULL */
  const char *const *extra;  /* other names allowed, NULL-terminated; or NULL */
  const char *tool_prefix;   /* "TOOL: " that may start NAME.err, or NULL */
  const char *label;         /* before NAME in the name of a case, or NULL */
  const char *stdin_label;   /* before NAME in the name of a case on stdin */
  const char *stdin_suffix;  /* after NAME there; both may be NULL */
} bad_inputs;

/* Runs b->prog on every input in b->dir, as a file and on standard input,
 * expecting exit 1, nothing on stdout and exactly NAME.err on stderr
 * ("<stdin>" in place of NAME on standard input).  Fails cases for files
 * without their pair and for other files; returns the number of cases. */
int run_bad_inputs(const bad_inputs *b);

#endif
