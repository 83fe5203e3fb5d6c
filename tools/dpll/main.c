/* dpll - reads clauses, decides them with libdpll, writes the answer. */
#include <dpll.h>

#include "cli.h"
#include "cmdline.h"

#include <errno.h>
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

/* Sets option name from text, a non-negative decimal number. */
static int set_number(dpll_solver *s, const char *flag, const char *name,
                      const char *text) {
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (*text < '0' || *text > '9' || *end || errno ||
      dpll_set_option(s, name, (int64_t)v))
    return cli_error("%s needs a non-negative number in range, not '%s'", flag,
                     text);
  return 0;
}

/* Applies the options to the solver; the choices are checked here, after
 * the files, as they always were, so that a command line with two faults
 * still gets the same message. */
static int configure(dpll_solver *s, dpll_tool_options *o) {
  if (cli_resolve(&dpll_tool_cli, o))
    return EXIT_ERROR;
  if (o->algorithm.name)
    dpll_set_option(s, "algorithm", o->algorithm.value);
  if (o->heuristic.name)
    dpll_set_option(s, "heuristic", o->heuristic.value);
  if (o->restarts.name)
    dpll_set_option(s, "restarts", o->restarts.value);
  if (o->target.name)
    dpll_set_option(s, "target_phase", o->target.value);
  if (o->no_pure)
    dpll_set_option(s, "pure", 0);
  if (o->no_reduce)
    dpll_set_option(s, "reduce", 0);
  if (o->no_minimize)
    dpll_set_option(s, "minimize", 0);
  if (o->seed && set_number(s, "--seed", "seed", o->seed))
    return EXIT_ERROR;
  if (o->max_decisions &&
      set_number(s, "--max-decisions", "decision_limit", o->max_decisions))
    return EXIT_ERROR;
  if (o->max_conflicts &&
      set_number(s, "--max-conflicts", "conflict_limit", o->max_conflicts))
    return EXIT_ERROR;
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
                                      [DPLL_EVENT_DELETE] = "delete"};
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

/* Reads the input; on failure prints the one-line error. */
static int read_input(dpll_solver *s, const dpll_tool_options *o,
                      dpll_input *info) {
  const char *name = cli_name(o->files.input, false);
  FILE *in = o->files.input ? fopen(o->files.input, "rb") : stdin;
  if (!in)
    return cli_error("%s: cannot open: %s", name, strerror(errno));
  errno = 0;
  int rc = dpll_read_file(s, in, o->format.value, info);
  int saved = errno;
  if (in != stdin)
    fclose(in);
  if (rc == DPLL_EPARSE)
    fprintf(stderr, "%s:%ld:%ld: %s\n", name, info->line, info->column,
            info->message);
  else if (rc == DPLL_EIO)
    cli_error("%s: cannot read: %s", name,
              saved ? strerror(saved) : "read error");
  else if (rc)
    cli_error("%s: %s", name, dpll_strerror(rc));
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

int main(int argc, char **argv) {
  dpll_tool_options o = {.format = {NULL, DPLL_FORMAT_AUTO}};
  if (parse_args(argc, argv, &o))
    return EXIT_ERROR;
  dpll_solver *s = dpll_new();
  if (!s)
    return cli_error("out of memory");
  dpll_input info = {0};
  int status = configure(s, &o);
  double t0 = seconds(), t1 = t0, t2 = t0;
  if (!status && o.trace)
    dpll_set_trace(s, print_event, stderr); /* shows units met while reading */
  if (!status)
    status = read_input(s, &o, &info);
  if (!status) {
    t1 = seconds();
    int res = dpll_solve(s);
    t2 = seconds();
    if (res < 0)
      status = cli_error("%s", dpll_strerror(res));
    else if (res == DPLL_UNKNOWN && info.format == DPLL_FORMAT_DP) {
      cli_error("stopped by a limit before finding an answer");
      status = EXIT_STOPPED;
    } else {
      status = write_output(s, &o, info.format, &info);
      if (!status && info.format == DPLL_FORMAT_DIMACS)
        status = res;
    }
    if (o.stats)
      print_stats(s, t1 - t0, t2 - t1);
  }
  dpll_input_clear(&info);
  dpll_free(s);
  return status;
}
