/* dpll - reads clauses, decides them with libdpll, writes the answer. */
#define _POSIX_C_SOURCE 200809L /* lstat */
#include <dpll.h>

#include <sys/stat.h>

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
    "  -H, --heuristic NAME   how to pick the variable to split on:\n"
    "                         first, jw (default), dlis, activity, random\n"
    "      --no-pure          no pure-literal elimination\n"
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
  const char *input, *output; /* NULL: standard input / output */
  const char *format, *heuristic, *seed, *max_decisions, *max_conflicts;
  int no_pure, stats, trace;
} options;

/* Prints "dpll: " and a one-line message to standard error. */
static int complain(const char *fmt, const char *a, const char *b) {
  fputs("dpll: ", stderr);
  fprintf(stderr, fmt, a, b);
  fputc('\n', stderr);
  return EXIT_ERROR;
}

/* If argv[*i] is the option `name` (or `alias`), stores its value (given as
 * "--name=VALUE" or as the next argument) in *value and returns 1; returns
 * 0 if it is another option and -1 if the value is missing. */
static int option_value(int argc, char **argv, int *i, const char *alias,
                        const char *name, const char **value) {
  const char *arg = argv[*i];
  size_t n = strlen(name);
  if (!strncmp(arg, name, n) && arg[n] == '=') {
    *value = arg + n + 1;
    return 1;
  }
  if (strcmp(arg, name) && (!alias || strcmp(arg, alias)))
    return 0;
  if (*i + 1 >= argc)
    return -1;
  *value = argv[++*i];
  return 1;
}

static bool is_flag(const char *arg, const char *alias, const char *name) {
  return !strcmp(arg, name) || (alias && !strcmp(arg, alias));
}

static void print_and_exit(const char *text) {
  fputs(text, stdout);
  if (fflush(stdout) || ferror(stdout))
    exit(complain("<stdout>: cannot write: %s%s", strerror(errno), ""));
  exit(0);
}

static int parse_args(int argc, char **argv, options *o) {
  int positional = 0, m;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (arg[0] != '-' || !strcmp(arg, "-")) {
      if (positional == 2)
        return complain("unexpected argument '%s' (try --help)%s", arg, "");
      const char *path = strcmp(arg, "-") ? arg : NULL;
      *(positional++ ? &o->output : &o->input) = path;
    } else if (is_flag(arg, "-h", "--help"))
      print_and_exit(usage);
    else if (is_flag(arg, "-V", "--version"))
      print_and_exit("dpll " DPLL_VERSION "\n");
    else if (is_flag(arg, "-s", "--stats"))
      o->stats = 1;
    else if (is_flag(arg, "-t", "--trace"))
      o->trace = 1;
    else if (is_flag(arg, NULL, "--no-pure"))
      o->no_pure = 1;
    else if ((m = option_value(argc, argv, &i, "-f", "--format", &o->format)) ||
             (m = option_value(argc, argv, &i, "-H", "--heuristic",
                               &o->heuristic)) ||
             (m = option_value(argc, argv, &i, NULL, "--seed", &o->seed)) ||
             (m = option_value(argc, argv, &i, NULL, "--max-decisions",
                               &o->max_decisions)) ||
             (m = option_value(argc, argv, &i, NULL, "--max-conflicts",
                               &o->max_conflicts))) {
      if (m < 0)
        return complain("option '%s' needs a value%s", arg, "");
    } else
      return complain("unknown option '%s' (try --help)%s", arg, "");
  }
  return 0;
}

/* Sets option name from text, a non-negative decimal number. */
static int set_number(dpll_solver *s, const char *flag, const char *name,
                      const char *text) {
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (*text < '0' || *text > '9' || *end || errno ||
      dpll_set_option(s, name, (int64_t)v))
    return complain("%s needs a non-negative number in range, not '%s'", flag,
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

static int configure(dpll_solver *s, const options *o) {
  if (format_code(o->format) < 0)
    return complain("unknown format '%s' (auto, dp or dimacs)%s", o->format,
                    "");
  if (o->heuristic) {
    int h = dpll_heuristic_lookup(o->heuristic);
    if (h < 0)
      return complain("unknown heuristic '%s' (first, jw, dlis, activity or "
                      "random)%s",
                      o->heuristic, "");
    dpll_set_option(s, "heuristic", h);
  }
  if (o->no_pure)
    dpll_set_option(s, "pure", 0);
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
  static const char *const verbs[] = {"decide", "propagate", "pure", "conflict",
                                      "backtrack"};
  fprintf(out, "%*s[%d] %s", 2 * e->level, "", e->level, verbs[e->kind]);
  if (e->kind == DPLL_EVENT_BACKTRACK)
    fprintf(out, " to level %d", e->level);
  if (e->lit)
    fprintf(out, " %d", e->lit);
  if (e->flipped)
    fputs(" (second branch)", out);
  if (e->kind == DPLL_EVENT_PROPAGATE || e->kind == DPLL_EVENT_CONFLICT) {
    fputs(e->kind == DPLL_EVENT_PROPAGATE ? " from (" : " (", out);
    for (size_t k = 0; k < e->clause_size; k++)
      fprintf(out, k ? " %d" : "%d", e->clause[k]);
    fputc(')', out);
  }
  fputc('\n', out);
}

static double seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

static void print_stats(const dpll_solver *s, double read_time,
                        double solve_time) {
  dpll_stats st;
  dpll_get_stats(s, &st);
  fprintf(stderr,
          "stats: variables     %d\n"
          "stats: clauses       %zu\n"
          "stats: decisions     %llu\n"
          "stats: propagations  %llu\n"
          "stats: conflicts     %llu\n"
          "stats: backtracks    %llu\n"
          "stats: pure literals %llu\n"
          "stats: max depth     %llu\n"
          "stats: read seconds  %.3f\n"
          "stats: solve seconds %.3f\n"
          "stats: propagations per second %.0f\n",
          dpll_num_vars(s), dpll_num_clauses(s),
          (unsigned long long)st.decisions, (unsigned long long)st.propagations,
          (unsigned long long)st.conflicts, (unsigned long long)st.backtracks,
          (unsigned long long)st.pure_literals,
          (unsigned long long)st.max_depth, read_time, solve_time,
          solve_time > 0 ? (double)st.propagations / solve_time : 0.0);
}

/* Reads the input; on failure prints the one-line error. */
static int read_input(dpll_solver *s, const options *o, dpll_input *info) {
  const char *name = o->input ? o->input : "<stdin>";
  FILE *in = o->input ? fopen(o->input, "rb") : stdin;
  if (!in)
    return complain("%s: cannot open: %s", name, strerror(errno));
  errno = 0;
  int rc = dpll_read_file(s, in, format_code(o->format), info);
  int saved = errno;
  if (in != stdin)
    fclose(in);
  if (rc == DPLL_EPARSE)
    fprintf(stderr, "%s:%ld:%ld: %s\n", name, info->line, info->column,
            info->message);
  else if (rc == DPLL_EIO)
    complain("%s: cannot read: %s", name,
             saved ? strerror(saved) : "read error");
  else if (rc)
    complain("%s: %s", name, dpll_strerror(rc));
  return rc ? EXIT_ERROR : 0;
}

/* Whether path names a regular file (not a device, a pipe or a link). */
static bool regular_file(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Writes the answer.  A regular file that could not be written completely
 * is removed, so that no partial answer is left; other paths are left
 * alone. */
static int write_output(const dpll_solver *s, const options *o, int format,
                        const dpll_input *info) {
  const char *name = o->output ? o->output : "<stdout>";
  FILE *out = o->output ? fopen(o->output, "wb") : stdout;
  if (!out)
    return complain("%s: cannot open for writing: %s", name, strerror(errno));
  errno = 0;
  int rc =
      dpll_write_answer(s, out, format, info->back_matter, info->back_size);
  if (fflush(out) && !rc)
    rc = DPLL_EIO;
  int saved = errno;
  if (out != stdout && fclose(out) && !rc)
    rc = DPLL_EIO;
  if (!rc)
    return 0;
  if (out != stdout && regular_file(o->output))
    remove(o->output);
  return complain("%s: cannot write: %s", name,
                  rc == DPLL_EIO && saved ? strerror(saved)
                                          : dpll_strerror(rc));
}

int main(int argc, char **argv) {
  options o = {0};
  if (parse_args(argc, argv, &o))
    return EXIT_ERROR;
  dpll_solver *s = dpll_new();
  if (!s)
    return complain("out of memory%s%s", "", "");
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
      status = complain("%s%s", dpll_strerror(res), "");
    else if (res == DPLL_UNKNOWN && info.format == DPLL_FORMAT_DP) {
      complain("stopped by a limit before finding an answer%s%s", "", "");
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
