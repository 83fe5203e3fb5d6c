/* dpll - reads clauses, decides them with libdpll, writes the answer. */
#include <dpll.h>

#include "cli.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXIT_ERROR 1
#define EXIT_STOPPED 2

static const char usage[] =
    "Usage: dpll [OPTIONS] [INPUT [OUTPUT]]\n"
    "Decide whether the clauses in INPUT can all be true, and write the\n"
    "answer to OUTPUT.  INPUT and OUTPUT default to standard input and\n"
    "output; '-' names them too.\n"
    "\n"
    "Input is detected as one of:\n"
    "  DP      one clause per line, a line '0' after the last; the bytes\n"
    "          after it (the back matter) are copied after the answer.\n"
    "          Answer: 'N T' or 'N F' for every variable, then '0'; only\n"
    "          '0' if the clauses cannot be satisfied.\n"
    "  DIMACS  a 'p cnf VARIABLES CLAUSES' header, clauses ending in 0.\n"
    "          Answer: 's SATISFIABLE' and 'v' lines, or\n"
    "          's UNSATISFIABLE'.\n"
    "\n"
    "Options:\n"
    "  -f, --format FORMAT    read FORMAT: auto (default), dp or dimacs\n"
    "  -o, --output FILE      write to FILE (instead of OUTPUT)\n"
    "  -a, --algorithm NAME   the search: cdcl (default: conflict\n"
    "                         learning, backjumping, restarts) or dpll\n"
    "                         (classic: chronological backtracking)\n"
    "  -H, --heuristic NAME   how to pick the variable to split on:\n"
    "                         auto (default: activity for cdcl, first\n"
    "                         for dpll), first, jw, dlis, activity,\n"
    "                         random\n"
    "      --no-pure          no pure-literal elimination (dpll: before\n"
    "                         every decision; cdcl: once, at the start)\n"
    "      --restarts POLICY  cdcl restarts: luby (default), glucose,\n"
    "                         mixed (both by turns) or none\n"
    "      --target-phase WHEN  cdcl: decide as in the longest trail\n"
    "                         without conflict since the last restart:\n"
    "                         never, luby (default: while Luby restarts\n"
    "                         are in force) or always\n"
    "      --no-reduce        cdcl: keep every learned clause\n"
    "      --no-minimize      cdcl: learn clauses as analysis finds them\n"
    "      --seed N           seed for the random heuristic (default 0)\n"
    "      --max-decisions N  give up when more than N decisions are\n"
    "                         needed\n"
    "      --max-conflicts N  give up after N conflicts\n"
    "  -s, --stats            print search statistics to standard error\n"
    "  -t, --trace            print every step of the search to standard\n"
    "                         error\n"
    "  -h, --help             print this help and exit\n"
    "  -V, --version          print the version and exit\n"
    "\n"
    "Exit status:\n"
    "   0  DP input: an answer was written (satisfiable or not);\n"
    "      DIMACS input: a limit stopped the search ('s UNKNOWN')\n"
    "  10  DIMACS input: satisfiable\n"
    "  20  DIMACS input: unsatisfiable\n"
    "   1  an error: bad input, a file that cannot be read or written,\n"
    "      a bad option; nothing is written to OUTPUT\n"
    "   2  DP input: a limit stopped the search; nothing is written\n";

typedef struct options {
  cli_files files;
  const char *format, *algorithm, *heuristic, *restarts, *target, *seed,
      *max_decisions, *max_conflicts;
  int no_pure, no_reduce, no_minimize, stats, trace;
} options;

const char *cli_tool = "dpll";

static int parse_args(int argc, char **argv, options *o) {
  int m;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if ((m = cli_common(&o->files, arg, usage, "dpll " DPLL_VERSION "\n")) < 0)
      return 1;
    if (m)
      continue;
    if (cli_flag(arg, "-s", "--stats"))
      o->stats = 1;
    else if (cli_flag(arg, "-t", "--trace"))
      o->trace = 1;
    else if (cli_flag(arg, NULL, "--no-pure"))
      o->no_pure = 1;
    else if (cli_flag(arg, NULL, "--no-reduce"))
      o->no_reduce = 1;
    else if (cli_flag(arg, NULL, "--no-minimize"))
      o->no_minimize = 1;
    else if ((m = cli_option(argc, argv, &i, "-f", "--format", &o->format)) ||
             (m = cli_option(argc, argv, &i, "-a", "--algorithm",
                             &o->algorithm)) ||
             (m = cli_option(argc, argv, &i, NULL, "--restarts",
                             &o->restarts)) ||
             (m = cli_option(argc, argv, &i, NULL, "--target-phase",
                             &o->target)) ||
             (m = cli_option(argc, argv, &i, "-H", "--heuristic",
                             &o->heuristic)) ||
             (m = cli_option(argc, argv, &i, NULL, "--seed", &o->seed)) ||
             (m = cli_option(argc, argv, &i, NULL, "--max-decisions",
                             &o->max_decisions)) ||
             (m = cli_option(argc, argv, &i, NULL, "--max-conflicts",
                             &o->max_conflicts)) ||
             (m = cli_option(argc, argv, &i, "-o", "--output",
                             &o->files.output_option))) {
      if (m < 0)
        return cli_error("option '%s' needs a value", arg);
    } else
      return cli_error("unknown option '%s' (try --help)", arg);
  }
  return cli_files_done(&o->files);
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

static int format_code(const char *name) {
  if (!name || !strcmp(name, "auto"))
    return DPLL_FORMAT_AUTO;
  if (!strcmp(name, "dp"))
    return DPLL_FORMAT_DP;
  if (!strcmp(name, "dimacs"))
    return DPLL_FORMAT_DIMACS;
  return -1;
}

/* The index of name in names[0..n-1], or -1. */
static int lookup(const char *name, const char *const *names, int n) {
  for (int i = 0; i < n; i++)
    if (!strcmp(name, names[i]))
      return i;
  return -1;
}

static int configure(dpll_solver *s, const options *o) {
  static const char *const algorithms[] = {
      [DPLL_ALGORITHM_DPLL] = "dpll", [DPLL_ALGORITHM_CDCL] = "cdcl"};
  static const char *const restarts[] = {[DPLL_RESTARTS_NONE] = "none",
                                         [DPLL_RESTARTS_LUBY] = "luby",
                                         [DPLL_RESTARTS_GLUCOSE] = "glucose",
                                         [DPLL_RESTARTS_MIXED] = "mixed"};
  if (format_code(o->format) < 0)
    return cli_error("unknown format '%s' (auto, dp or dimacs)", o->format);
  if (o->algorithm) {
    int a = lookup(o->algorithm, algorithms, 2);
    if (a < 0)
      return cli_error("unknown algorithm '%s' (cdcl or dpll)", o->algorithm);
    dpll_set_option(s, "algorithm", a);
  }
  if (o->heuristic) {
    int h = dpll_heuristic_lookup(o->heuristic);
    if (h < 0)
      return cli_error("unknown heuristic '%s' (auto, first, jw, dlis, "
                       "activity or random)",
                       o->heuristic);
    dpll_set_option(s, "heuristic", h);
  }
  if (o->restarts) {
    int r = lookup(o->restarts, restarts, 4);
    if (r < 0)
      return cli_error("unknown restart policy '%s' (glucose, luby, mixed "
                       "or none)",
                       o->restarts);
    dpll_set_option(s, "restarts", r);
  }
  if (o->target) {
    static const char *const targets[] = {"never", "luby", "always"};
    int v = lookup(o->target, targets, 3);
    if (v < 0)
      return cli_error("unknown --target-phase '%s' (never, luby or always)",
                       o->target);
    dpll_set_option(s, "target_phase", v);
  }
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
static int read_input(dpll_solver *s, const options *o, dpll_input *info) {
  const char *name = cli_name(o->files.input, false);
  FILE *in = o->files.input ? fopen(o->files.input, "rb") : stdin;
  if (!in)
    return cli_error("%s: cannot open: %s", name, strerror(errno));
  errno = 0;
  int rc = dpll_read_file(s, in, format_code(o->format), info);
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
static int write_output(const dpll_solver *s, const options *o, int format,
                        const dpll_input *info) {
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
  options o = {0};
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
