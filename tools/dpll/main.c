/* dpll - reads clauses, decides them with libdpll, writes the answer. */
#define _POSIX_C_SOURCE 200809L /* sigaction, clock_gettime */
#include <dpll.h>

#include "cli.h"
#include "cmdline.h"
#include "cubes.h"
#include "listing.h"
#include "source.h"
#include "tooldefaults.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXIT_ERROR 1
#define EXIT_STOPPED 2

const char *cli_tool = "dpll";

/* The arguments: the table's walk, then what the table cannot say. */
static int parse_args(int argc, char **argv, dpll_tool_options *o) {
  return cli_parse(&dpll_tool_cli, argc, argv, o) || cli_files_done(&o->files);
}

/* Sets solver option i, a number, from text: decimal digits (no sign: the
 * limits' -1, no limit, is their default) for a value the library
 * accepts, or a message that gives the range. */
static int set_number(dpll_solver *s, int i, const char *text) {
  const dpll_option *opt = dpll_option_info(i);
  const char *flag = dpll_tool_solver_options[i].flag;
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  int rc = *text < '0' || *text > '9' || *end || errno
               ? DPLL_EVALUE
               : dpll_set_option(s, opt->name, (int64_t)v);
  if (rc == DPLL_EVALUE)
    return cli_error("%s needs a number from %" PRId64 " to %" PRId64
                     ", not '%s'",
                     flag, opt->min < 0 ? 0 : opt->min, opt->max, text);
  return rc ? cli_error("%s: %s", flag, dpll_strerror(rc)) : 0;
}

/* Sets solver option i as the command line gave it, if it did: a flag to
 * the value it stands for, a choice to its name's value, a number from its
 * text.  A value the library refuses is reported, naming the option. */
static int set_solver_option(dpll_solver *s, int i,
                             const dpll_tool_setting *given) {
  const dpll_option *opt = dpll_option_info(i);
  int rc = 0;
  if (opt->kind == DPLL_OPTION_NUMBER)
    return given->number ? set_number(s, i, given->number) : 0;
  if (opt->kind == DPLL_OPTION_FLAG && given->flag)
    rc = dpll_set_option(s, opt->name, dpll_tool_solver_options[i].sets);
  if (opt->kind == DPLL_OPTION_CHOICE && given->choice.name)
    rc = dpll_set_option(s, opt->name, given->choice.value);
  return rc ? cli_error("%s: %s", dpll_tool_solver_options[i].flag,
                        dpll_strerror(rc))
            : 0;
}

/* Applies the options to the solver; the choices are checked here, after
 * the files, as they always were, so that a command line with two faults
 * still gets the same message. */
static int configure(dpll_solver *s, dpll_tool_options *o) {
  if (cli_resolve(&dpll_tool_cli, o))
    return EXIT_ERROR;
  const char *failed = NULL;
  int rc = dpll_tool_defaults(s, &failed);
  if (rc)
    return cli_error("the default of option %s: %s", failed, dpll_strerror(rc));
  if (o->project && !o->all && !o->solutions)
    return cli_error("--project needs --all or --solutions");
  if (o->proof && (o->all || o->solutions))
    return cli_error("--proof cannot be combined with --all or --solutions "
                     "(a proof is of the input alone)");
  if ((o->cubes || o->cube_depth) && (o->all || o->solutions || o->proof))
    return cli_error("--cubes and --cube-depth write cubes, not answers: they "
                     "cannot be combined with --all, --solutions or --proof");
  for (int i = 0; i < DPLL_TOOL_SOLVER_OPTIONS; i++)
    if (set_solver_option(s, i, &o->solver[i]))
      return EXIT_ERROR;
  int64_t threads = 1;
  rc = dpll_get_option(s, "threads", &threads);
  if (rc)
    return cli_error("--threads: %s", dpll_strerror(rc));
  if (o->proof && threads != 1)
    return cli_error("--proof needs one search: it cannot be combined with "
                     "--threads %s (a proof of several searches is not "
                     "written)",
                     o->solver[DPLL_TOOL_threads].number);
  return 0;
}

/* --trace: one line per step, indented by decision level. */
static void print_event(void *ctx, const dpll_event *e) {
  FILE *out = ctx;
  static const char *const verbs[] = {[DPLL_EVENT_DECIDE] = "decide",
                                      [DPLL_EVENT_PROPAGATE] = "propagate",
                                      [DPLL_EVENT_PURE] = "pure",
                                      [DPLL_EVENT_CONFLICT] = "conflict",
                                      [DPLL_EVENT_BACKTRACK] = "backtrack",
                                      [DPLL_EVENT_LEARN] = "learn",
                                      [DPLL_EVENT_DELETE] = "delete",
                                      [DPLL_EVENT_PROBED] = "probed"};
  fprintf(out, "%*s[%d] %s", 2 * e->level, "", e->level, verbs[e->kind]);
  if (e->kind == DPLL_EVENT_BACKTRACK)
    fprintf(out, " to level %d", e->level);
  if (e->lit)
    fprintf(out, " %d", e->lit);
  if (e->flipped)
    fputs(" (second branch)", out);
  if (e->kind == DPLL_EVENT_PROPAGATE || e->kind == DPLL_EVENT_CONFLICT ||
      e->kind == DPLL_EVENT_LEARN || e->kind == DPLL_EVENT_DELETE) {
    fputs(e->kind == DPLL_EVENT_PROPAGATE ? " from (" : " (", out);
    for (size_t k = 0; k < e->clause_size; k++)
      fprintf(out, k ? " %d" : "%d", e->clause[k]);
    fputc(')', out);
  }
  fputc('\n', out);
}

static double seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* ---- Stopping, and progress --------------------------------------------
 * The solver polls a terminate callback before its decisions (and every
 * so many conflicts); this one says stop after SIGINT or SIGTERM or past
 * the time limit, and prints the progress lines of -v. */

static volatile sig_atomic_t signalled; /* the signal caught, or 0 */

static void on_signal(int sig) { signalled = sig; }

static double wall(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct watcher {
  const dpll_solver *s;
  double start, limit; /* limit 0: none */
  double next;         /* when the next progress line is due */
  bool verbose;
  unsigned polls;
  const char *stopped_by; /* why it said stop, or NULL */
} watcher;

static void progress(const watcher *w, double now) {
  dpll_stats st;
  dpll_get_stats(w->s, &st);
  double t = now - w->start;
  fprintf(stderr,
          "c progress %.1f s: %llu conflicts, %llu restarts, %llu learned, "
          "%.2f M propagations/s\n",
          t, (unsigned long long)st.conflicts, (unsigned long long)st.restarts,
          (unsigned long long)st.learned,
          t > 0 ? (double)st.propagations / t / 1e6 : 0.0);
}

/* The clock is read every 64 polls: polls come thousands of times a
 * second, so a limit still stops the search well within a second. */
static int watch(void *ctx) {
  watcher *w = ctx;
  if (signalled) {
    w->stopped_by = signalled == SIGINT ? "SIGINT" : "SIGTERM";
    return 1;
  }
  if (++w->polls % 64 != 0 || (w->limit <= 0 && !w->verbose))
    return 0;
  double now = wall();
  if (w->limit > 0 && now - w->start >= w->limit) {
    w->stopped_by = "the time limit";
    return 1;
  }
  if (w->verbose && now >= w->next) {
    progress(w, now);
    while (w->next <= now) /* a steady pace, whatever the polls */
      w->next += 1.0;
  }
  return 0;
}

/* Catches SIGINT and SIGTERM (a second one too: the answer, once the
 * search has stopped, is always written whole). */
static void catch_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

/* --time-limit: a positive number of seconds. */
static int parse_limit(const char *text, double *limit) {
  char *end;
  errno = 0;
  double v = text ? strtod(text, &end) : 0;
  if (text && (end == text || *end || errno || !(v > 0) || !isfinite(v)))
    return cli_error("--time-limit needs a positive number of seconds, not "
                     "'%s'",
                     text);
  *limit = v;
  return 0;
}

/* --stats: one line per counter of DPLL_STATS, then the times. */
static void print_stats(const dpll_solver *s, double read_time,
                        double solve_time) {
  dpll_stats st;
  dpll_get_stats(s, &st);
  fprintf(stderr, "stats: %-17s %d\n", "variables", dpll_num_vars(s));
  fprintf(stderr, "stats: %-17s %zu\n", "clauses", dpll_num_clauses(s));
#define PRINT_STAT(name, label, doc)                                           \
  fprintf(stderr, "stats: %-17s %llu\n", label, (unsigned long long)st.name);
  DPLL_STATS(PRINT_STAT)
#undef PRINT_STAT
  fprintf(stderr,
          "stats: %-17s %.3f\n"
          "stats: %-17s %.3f\n"
          "stats: propagations per second %.0f\n",
          "read seconds", read_time, "solve seconds", solve_time,
          solve_time > 0 ? (double)st.propagations / solve_time : 0.0);
}

/* Reads the input, decompressing it if it is compressed (source.h); on
 * failure prints the one-line error. */
static int read_input(dpll_solver *s, const dpll_tool_options *o,
                      dpll_input *info) {
  const char *name = cli_name(o->files.input, false);
  char why[200];
  cli_source *in = cli_source_open(o->files.input, why, sizeof why);
  if (!in)
    return cli_error("%s: %s", name, why);
  int format = o->format.value | (o->relaxed ? DPLL_READ_RELAXED : 0);
  int rc = dpll_read_stream(s, cli_source_read, in, format, info);
  if (rc == DPLL_EPARSE)
    fprintf(stderr, "%s:%ld:%ld: %s%s\n", name, info->line, info->column,
            info->message,
            info->relaxable ? " (--relaxed accepts it, with a warning)" : "");
  else if (rc == DPLL_EIO)
    cli_error("%s: %s", name, cli_source_error(in));
  else if (rc)
    cli_error("%s: %s", name, dpll_strerror(rc));
  else if (info->warnings) {
    char more[64] = "";
    if (info->warnings > 1)
      snprintf(more, sizeof more, "; %d more such faults", info->warnings - 1);
    fprintf(stderr, "%s: warning: %s:%ld:%ld: %s (accepted by --relaxed%s)\n",
            cli_tool, name, info->warning_line, info->warning_column,
            info->warning, more);
  }
  cli_source_close(in);
  return rc ? EXIT_ERROR : 0;
}

/* Writes the answer; see cli_close_output for failures. */
static int write_output(const dpll_solver *s, const dpll_tool_options *o,
                        int format, const dpll_input *info) {
  FILE *out = cli_open_output(o->files.output);
  if (!out)
    return cli_error("%s: cannot open for writing: %s",
                     cli_name(o->files.output, true), strerror(errno));
  errno = 0;
  int rc =
      dpll_write_answer(s, out, format, info->back_matter, info->back_size);
  return cli_close_output(out, o->files.output, rc ? (errno ? errno : -1) : 0);
}

/* The proof's path for cli_open_output and cli_close_output: NULL for
 * "--proof -", standard output (where the proof comes before the answer). */
static const char *proof_path(const dpll_tool_options *o) {
  return strcmp(o->proof, "-") ? o->proof : NULL;
}

/* --proof FILE: opened before the search, so that a path that cannot be
 * written is reported before any work. */
static FILE *open_proof(dpll_solver *s, const dpll_tool_options *o) {
  FILE *f = cli_open_output_or_report(proof_path(o));
  if (f)
    dpll_set_proof(s, f, o->proof_format.value);
  return f;
}

/* After the search: the proof closed; if a write failed (the library
 * says DPLL_EIO; err is errno just after), the one-line error, and a
 * regular file removed, not left half-written (see cli_close_output). */
static int close_proof(FILE *f, const dpll_tool_options *o, int res, int err) {
  return cli_close_output(f, proof_path(o),
                          res == DPLL_EIO ? (err ? err : -1) : 0);
}

/* DP input, a stop: "dpll: stopped by WHAT before BEFORE". */
static void say_stopped(const watcher *w, const char *before) {
  cli_error("stopped by %s before %s",
            w->stopped_by ? w->stopped_by : "a limit", before);
}

/* Solves and writes the answer: its exit status. */
static int solve(dpll_solver *s, const dpll_tool_options *o,
                 const dpll_input *info, watcher *w) {
  FILE *proof = o->proof ? open_proof(s, o) : NULL;
  if (o->proof && !proof)
    return EXIT_ERROR;
  errno = 0;
  int res = info->num_cubes ? cubes_solve(s, info, o->verbose) : dpll_solve(s);
  if (proof && close_proof(proof, o, res, errno))
    return EXIT_ERROR;
  if (res < 0)
    return cli_error("%s", dpll_strerror(res));
  if (res == DPLL_UNKNOWN && info->format == DPLL_FORMAT_DP) {
    say_stopped(w, "finding an answer");
    return EXIT_STOPPED;
  }
  int status = write_output(s, o, info->format, info);
  return !status && info->format == DPLL_FORMAT_DIMACS ? res : status;
}

/* Copies the listing's scratch file and the back matter (DP) to the
 * output; see cli_close_output for failures. */
static int copy_output(FILE *spool, const dpll_tool_options *o,
                       const dpll_input *info) {
  FILE *out = cli_open_output(o->files.output);
  if (!out)
    return cli_error("%s: cannot open for writing: %s",
                     cli_name(o->files.output, true), strerror(errno));
  char buf[1 << 14];
  size_t n;
  errno = 0;
  rewind(spool);
  while ((n = fread(buf, 1, sizeof buf, spool)) > 0 &&
         fwrite(buf, 1, n, out) == n)
    ;
  if (!ferror(spool) && !ferror(out) && info->format == DPLL_FORMAT_DP &&
      info->back_size)
    fwrite(info->back_matter, 1, info->back_size, out);
  int failed = ferror(spool) || ferror(out);
  return cli_close_output(out, o->files.output,
                          failed ? (errno ? errno : -1) : 0);
}

/* --all, --solutions: the listing, then its exit status: DIMACS 10 if a
 * model was found, 20 if there is none, 0 if stopped before the first;
 * DP 0, or 2 if stopped (the models found are written, without the
 * closing '0', unless there are none). */
static int list_models(dpll_solver *s, const dpll_tool_options *o,
                       const dpll_input *info, const watcher *w) {
  listing l = {0};
  if (listing_options(&l, o->solutions, o->project, s)) {
    listing_free(&l);
    return EXIT_ERROR;
  }
  int status = 0;
  FILE *spool = tmpfile();
  if (!spool)
    status = cli_error("cannot create a temporary file: %s", strerror(errno));
  int rc = status ? 0 : listing_run(&l, s, info->format, spool);
  if (rc == DPLL_EIO)
    status = cli_error("cannot write a temporary file: %s", strerror(errno));
  else if (rc)
    status = cli_error("%s", dpll_strerror(rc));
  bool stopped = !status && l.last == DPLL_UNKNOWN;
  if (stopped && info->format == DPLL_FORMAT_DP)
    say_stopped(w, l.found ? "the list of models was complete"
                           : "finding an answer");
  if (!status && (l.found || !stopped || info->format == DPLL_FORMAT_DIMACS))
    status = copy_output(spool, o, info);
  if (spool)
    fclose(spool);
  if (!status && info->format == DPLL_FORMAT_DIMACS)
    status = l.found ? DPLL_SAT : l.last == DPLL_UNSAT ? DPLL_UNSAT : 0;
  else if (!status && stopped)
    status = EXIT_STOPPED;
  listing_free(&l);
  return status;
}

/* What iCNF input with cubes cannot be combined with, known once read;
 * the answers to iCNF are DIMACS's. */
static int check_icnf(const dpll_tool_options *o, dpll_input *info) {
  if (info->format == DPLL_FORMAT_ICNF)
    info->format = DPLL_FORMAT_DIMACS;
  const char *what = o->all          ? "--all"
                     : o->solutions  ? "--solutions"
                     : o->proof      ? "--proof"
                     : o->cubes      ? "--cubes"
                     : o->cube_depth ? "--cube-depth"
                                     : NULL;
  if (!info->num_cubes || !what)
    return 0;
  return cli_error("%s: %s is not for iCNF input with cubes (its answer is "
                   "the cubes' answer)",
                   cli_name(o->files.input, false), what);
}

int main(int argc, char **argv) {
  dpll_tool_options o = {.format = {NULL, DPLL_FORMAT_AUTO},
                         .proof_format = {NULL, DPLL_PROOF_TEXT}};
  watcher w = {.start = wall(), .next = wall() + 1.0};
  if (parse_args(argc, argv, &o))
    return EXIT_ERROR;
  dpll_solver *s = dpll_new();
  if (!s)
    return cli_error("out of memory");
  dpll_input info = {0};
  int status = configure(s, &o);
  if (!status)
    status = parse_limit(o.time_limit, &w.limit);
  w.s = s;
  w.verbose = o.verbose;
  catch_signals();
  dpll_set_terminate(s, watch, &w);
  double t0 = seconds(), t1 = t0, t2 = t0;
  if (!status && o.trace)
    dpll_set_trace(s, print_event, stderr); /* shows units met while reading */
  if (!status)
    status = read_input(s, &o, &info);
  if (!status)
    status = check_icnf(&o, &info);
  if (!status) {
    t1 = seconds();
    status = o.cubes || o.cube_depth ? cubes_write(s, &o)
             : o.all || o.solutions  ? list_models(s, &o, &info, &w)
                                     : solve(s, &o, &info, &w);
    t2 = seconds();
    if (o.stats)
      print_stats(s, t1 - t0, t2 - t1);
  }
  dpll_input_clear(&info);
  dpll_free(s);
  return status;
}
