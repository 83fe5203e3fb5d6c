/* test_tool_options.c - each tool's table of options (tools/TOOL/cmdline.c)
 * against what a user reads and types: the tables themselves (well
 * formed; dpll's heuristics the library's), every row in --help with its
 * text and in docs/man/TOOL.1 with its choices (and no option in either
 * that is not a row), every value option giving the same result as
 * "--NAME VALUE", "--NAME=VALUE" and "-X VALUE", flags refusing "=VALUE",
 * missing values, and the messages for unknown choices: as the table
 * makes them, and as the tools wrote them before there were tables.
 *
 * The expected labels, man-page forms and messages are built here from the
 * rows, not with tools/common/options.c, which is what is being checked.
 *
 * Usage: test_tool_options DPLL PEG-FRONT PEG-BACK MAZE-FRONT MAZE-BACK
 *                          PATH-TO-TESTS/DATA PATH-TO-DOCS/MAN
 *
 * Every case that fails is reported with its name; a test function fails if
 * any of its cases did. */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dpll.h>

#include "clitest.h"
#include "dpll/cmdline.h"
#include "maze-back/cmdline.h"
#include "maze-front/cmdline.h"
#include "peg-back/cmdline.h"
#include "peg-front/cmdline.h"

#define HANG_SECONDS 60
#define HELP_WIDTH 79

/* ---- Configuration ------------------------------------------------------- */

typedef struct tool {
  const char *name;     /* as in its messages */
  const cli_spec *spec; /* its table */
  const char *data;     /* where it runs: its inputs, under tests/data */
  char *prog;           /* absolute path of the binary */
  char *dir;            /* absolute path of data */
} tool;

static tool tools[] = {{"dpll", &dpll_tool_cli, "good", NULL, NULL},
                       {"peg-front", &peg_front_cli, "peg", NULL, NULL},
                       {"peg-back", &peg_back_cli, "peg", NULL, NULL},
                       {"maze-front", &maze_front_cli, "maze", NULL, NULL},
                       {"maze-back", &maze_back_cli, "maze", NULL, NULL}};
#define NUM_TOOLS (sizeof tools / sizeof *tools)

/* What tools/common names in its messages; linked in with the built-in
 * rows (cli_builtin_options), though this test calls none of it. */
const char *cli_tool = "test_tool_options";

static char *man_dir; /* absolute path of docs/man */
static char *tmp_dir; /* this run's scratch directory (mkdtemp) */

static tool *tool_named(const char *name) {
  for (size_t t = 0; t < NUM_TOOLS; t++)
    if (!strcmp(tools[t].name, name))
      return &tools[t];
  fail_msg("no tool %s", name);
  return NULL;
}

/* ---- Rows ------------------------------------------------------------------
 */

/* The i-th row a tool answers to: its table's, then -h and -V; NULL after
 * the last. */
static const cli_option *row_at(const tool *t, size_t i) {
  size_t n = 0;
  while (t->spec->options[n].name)
    n++;
  if (i < n)
    return &t->spec->options[i];
  for (const cli_option *b = cli_builtin_options; b->name; b++, n++)
    if (i == n)
      return b;
  return NULL;
}

static bool takes_value(const cli_option *r) {
  return r->to.kind == CLI_KIND_VALUE || r->to.kind == CLI_KIND_CHOICE;
}

/* "-X, --NAME ARG" or "    --NAME ARG", as --help shows the row. */
static const char *help_label(const cli_option *r, char *out, size_t size) {
  char alias[8] = "    ";
  if (r->alias)
    snprintf(alias, sizeof alias, "-%c, ", r->alias);
  snprintf(out, size, "%s--%s%s%s", alias, r->name, r->arg ? " " : "",
           r->arg ? r->arg : "");
  return out;
}

/* s with every '-' written "\-", as troff wants it. */
static const char *troff(const char *s, char *out, size_t size) {
  size_t o = 0;
  for (; *s && o + 3 < size; s++) {
    if (*s == '-')
      out[o++] = '\\';
    out[o++] = *s;
  }
  out[o] = '\0';
  return out;
}

/* The row's tag in a man page: "\fB\-X\fR, \fB\-\-NAME\fR \fIARG\fR". */
static const char *man_label(const cli_option *r, char *out, size_t size) {
  char name[128], alias[32] = "";
  if (r->alias)
    snprintf(alias, sizeof alias, "\\fB\\-%c\\fR, ", r->alias);
  int n = snprintf(out, size, "%s\\fB\\-\\-%s\\fR", alias,
                   troff(r->name, name, sizeof name));
  if (r->arg && n > 0 && (size_t)n < size)
    snprintf(out + n, size - (size_t)n, " \\fI%s\\fR", r->arg);
  return out;
}

/* "a, b or c": a choice row's names, as its message lists them. */
static const char *choice_list(const cli_option *r, char *out, size_t size) {
  size_t n = 0, o = 0;
  while (r->choices[n].name)
    n++;
  out[0] = '\0';
  for (size_t k = 0; k < n; k++)
    o += (size_t)snprintf(out + o, size - o, "%s%s",
                          k == 0      ? ""
                          : k + 1 < n ? ", "
                                      : " or ",
                          r->choices[k].name);
  assert_true(o < size);
  return out;
}

/* Whether word occurs in text bounded by characters that cannot be in a
 * name (so "dp" is not found in "dpll"). */
static bool has_word(const char *text, const char *word) {
  size_t n = strlen(word);
  for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
    bool before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '-');
    bool after = isalnum((unsigned char)p[n]) || p[n] == '-';
    if (!before && !after)
      return true;
  }
  return false;
}

/* ---- The tables -------------------------------------------------------------
 */

/* One row's shape: its kind agrees with its placeholder and choices, its
 * names are plain, its help is one paragraph. */
static void check_row(const char *tname, const cli_option *r) {
  char name[200];
  snprintf(name, sizeof name, "%s --%s", tname, r->name);
  bool flag = r->to.kind == CLI_KIND_FLAG || r->to.kind == CLI_KIND_HELP ||
              r->to.kind == CLI_KIND_VERSION;
  if (flag != !r->arg)
    failure(name, "a flag has no placeholder and a value option has one");
  if ((r->to.kind == CLI_KIND_CHOICE) != (r->choices != NULL))
    failure(name, "a choice option, and only one, has a list of choices");
  if (strspn(r->name, "abcdefghijklmnopqrstuvwxyz0123456789-") !=
          strlen(r->name) ||
      r->name[0] == '-' || r->name[0] == '\0')
    failure(name, "the long name should be lower-case words and dashes");
  if (r->arg && strspn(r->arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != strlen(r->arg))
    failure(name, "the placeholder %s should be upper case", r->arg);
  if (!r->help || !*r->help || strchr(r->help, '\n'))
    failure(name, "the help should be one paragraph without newlines");
  for (size_t k = 0; r->choices && r->choices[k].name; k++)
    for (size_t j = 0; j < k; j++)
      if (!strcmp(r->choices[j].name, r->choices[k].name) ||
          r->choices[j].value == r->choices[k].value)
        failure(name, "the choices %s and %s share a name or a value",
                r->choices[j].name, r->choices[k].name);
  if (r->choices && (!r->choices[0].name || !r->choices[1].name))
    failure(name, "a choice needs at least two names");
}

/* dpll's --heuristic names what the library names, with its values, so
 * that a heuristic added to the library cannot be missing from dpll. */
static void check_heuristics(void) {
  const cli_option *r = dpll_tool_cli.options;
  while (r->name && strcmp(r->name, "heuristic"))
    r++;
  if (!r->name || !r->choices) {
    failure("dpll --heuristic", "no such choice row");
    return;
  }
  size_t listed = 0;
  for (const cli_choice *c = r->choices; c->name; c++, listed++)
    if (dpll_heuristic_lookup(c->name) != c->value)
      failure("dpll --heuristic", "'%s' is %d in the table, %d in libdpll",
              c->name, c->value, dpll_heuristic_lookup(c->name));
  size_t known = 0;
  for (const char *h; (h = dpll_heuristic_name((int)known)); known++) {
    const cli_choice *c = r->choices;
    while (c->name && strcmp(c->name, h))
      c++;
    if (!c->name)
      failure("dpll --heuristic", "libdpll's heuristic '%s' is not listed", h);
  }
  if (known != listed)
    failure("dpll --heuristic", "%zu names in the table, %zu in libdpll",
            listed, known);
}

static void test_tables(void **state) {
  (void)state;
  begin_cases();
  for (size_t t = 0; t < NUM_TOOLS; t++) {
    const cli_option *r, *q;
    for (size_t i = 0; (r = row_at(&tools[t], i)); i++) {
      check_row(tools[t].name, r);
      for (size_t j = 0; j < i; j++) {
        q = row_at(&tools[t], j);
        if (!strcmp(q->name, r->name) || (r->alias && q->alias == r->alias))
          failure(tools[t].name, "--%s and --%s share a name or an alias",
                  q->name, r->name);
      }
    }
  }
  check_heuristics();
  end_cases("table");
}

/* ---- --help -----------------------------------------------------------------
 */

/* The help text of the row labelled label in help (the line starting with
 * it, and the lines indented further that follow), its lines joined by
 * single blanks, into out; false if no line starts with the label. */
static bool help_entry(const char *help, const char *label, buffer *out) {
  char start[200];
  snprintf(start, sizeof start, "\n  %s ", label);
  const char *p = strstr(help, start);
  buffer_clear(out);
  if (!p)
    return false;
  p += strlen(start);
  for (;;) {
    p += strspn(p, " ");
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (out->len)
      buffer_str(out, " ");
    buffer_add(out, p, n);
    if (!nl || strncmp(nl + 1, "        ", 8))
      return true;
    p = nl + 1;
  }
}

/* Every option line of help is a row's: no option is in --help only. */
static void check_help_lines(const tool *t, const char *help) {
  char label[160];
  for (const char *p = help; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (n > HELP_WIDTH)
      failure(t->name, "--help has a line of %zu columns: \"%s\"", n,
              SHOW_N(p, n));
    bool option_line = !strncmp(p, "  -", 3) || !strncmp(p, "      --", 8);
    bool known = false;
    const cli_option *r;
    for (size_t i = 0; option_line && !known && (r = row_at(t, i)); i++) {
      size_t k = strlen(help_label(r, label, sizeof label));
      known = n >= k + 2 && !strncmp(p + 2, label, k) && p[k + 2] == ' ';
    }
    if (option_line && !known)
      failure(t->name, "--help has an option line no row makes: \"%s\"",
              SHOW_N(p, n));
    p += nl ? n + 1 : n;
  }
}

static void test_help(void **state) {
  (void)state;
  begin_cases();
  run_result res = {0};
  buffer entry = {0};
  for (size_t t = 0; t < NUM_TOOLS; t++) {
    tool *tl = &tools[t];
    char name[200], label[160];
    run_tool(&res, tl->prog, tl->dir, NULL, NULL, "--help", (char *)NULL);
    if (!expect_exit(tl->name, &res, 0))
      continue;
    check_help_lines(tl, res.out.data);
    const cli_option *r;
    for (size_t i = 0; (r = row_at(tl, i)); i++) {
      snprintf(name, sizeof name, "%s --help: --%s", tl->name, r->name);
      if (!help_entry(res.out.data, help_label(r, label, sizeof label),
                      &entry)) {
        failure(name, "no line starting \"  %s\"", label);
        continue;
      }
      if (strcmp(entry.data, r->help))
        failure(name, "the text is \"%s\", the table says \"%s\"", SHOW(entry),
                SHOW_STR(r->help));
      for (size_t k = 0; r->choices && r->choices[k].name; k++)
        if (!has_word(entry.data, r->choices[k].name))
          failure(name, "the help does not mention the choice '%s'",
                  r->choices[k].name);
    }
  }
  buffer_free(&entry);
  run_free(&res);
  end_cases("--help");
}

/* ---- The man pages ----------------------------------------------------------
 */

/* The OPTIONS section of page: the text from ".SH OPTIONS" to the next
 * ".SH", into out; false if there is none. */
static bool man_options(const char *page, buffer *out) {
  const char *p = strstr(page, "\n.SH OPTIONS\n");
  buffer_clear(out);
  if (!p)
    return false;
  p += strlen("\n.SH OPTIONS");
  const char *end = strstr(p, "\n.SH ");
  buffer_add(out, p, end ? (size_t)(end - p) + 1 : strlen(p));
  return true;
}

/* The entry of section whose tag (the line after ".TP") holds tag, or
 * whose tag is exactly alt (may be NULL): from its tag to the next ".TP",
 * into out; false if there is none. */
static bool man_entry(const char *section, const char *tag, const char *alt,
                      buffer *out) {
  buffer_clear(out);
  for (const char *p = strstr(section, "\n.TP\n"); p;
       p = strstr(p + 1, "\n.TP\n")) {
    const char *line = p + 5, *nl = strchr(line, '\n');
    size_t n = nl ? (size_t)(nl - line) : strlen(line);
    char tagline[512];
    snprintf(tagline, sizeof tagline, "%.*s", (int)n, line);
    if (strstr(tagline, tag) || (alt && !strcmp(tagline, alt))) {
      const char *end = strstr(line, "\n.TP\n");
      buffer_add(out, line, end ? (size_t)(end - line) : strlen(line));
      return true;
    }
  }
  return false;
}

/* Every option a tag of section names ("\-\-NAME") is a row's. */
static void check_man_tags(const tool *t, const char *section) {
  for (const char *p = strstr(section, "\n.TP\n"); p;
       p = strstr(p + 1, "\n.TP\n")) {
    const char *line = p + 5, *end = strchr(line, '\n');
    for (const char *q = strstr(line, "\\-\\-"); q && (!end || q < end);
         q = strstr(q + 1, "\\-\\-")) {
      char name[128];
      size_t n = 0;
      for (q += 4; n + 1 < sizeof name; q++)
        if (isalnum((unsigned char)*q))
          name[n++] = *q;
        else if (q[0] == '\\' && q[1] == '-')
          name[n++] = '-', q++;
        else
          break;
      name[n] = '\0';
      bool known = false;
      const cli_option *r;
      for (size_t i = 0; !known && (r = row_at(t, i)); i++)
        known = !strcmp(r->name, name);
      if (!known)
        failure(t->name, "docs/man/%s.1 describes --%s, which is no row",
                t->name, name);
    }
  }
}

static void test_man_pages(void **state) {
  (void)state;
  begin_cases();
  buffer page = {0}, section = {0}, entry = {0};
  for (size_t t = 0; t < NUM_TOOLS; t++) {
    tool *tl = &tools[t];
    char path[4096], file[64], name[200], tag[256], alt[256], troffed[128];
    snprintf(file, sizeof file, "%s.1", tl->name);
    if (!read_file(join(path, sizeof path, man_dir, file), &page) ||
        !man_options(page.data, &section)) {
      failure(tl->name, "no %s with an OPTIONS section", path);
      continue;
    }
    check_man_tags(tl, section.data);
    const cli_option *r;
    for (size_t i = 0; (r = row_at(tl, i)); i++) {
      snprintf(name, sizeof name, "docs/man/%s: --%s", file, r->name);
      snprintf(alt, sizeof alt, ".B \\-\\-%s",
               troff(r->name, troffed, sizeof troffed));
      bool plain = !r->alias && !r->arg;
      if (!man_entry(section.data, man_label(r, tag, sizeof tag),
                     plain ? alt : NULL, &entry)) {
        failure(name, "no .TP entry tagged \"%s\"%s%s", tag,
                plain ? " or " : "", plain ? alt : "");
        continue;
      }
      for (size_t k = 0; r->choices && r->choices[k].name; k++) {
        char bold[160];
        snprintf(bold, sizeof bold, "\\fB%s\\fR",
                 troff(r->choices[k].name, troffed, sizeof troffed));
        if (!strstr(entry.data, bold))
          failure(name, "the entry does not give the choice %s", bold);
      }
    }
  }
  buffer_free(&page);
  buffer_free(&section);
  buffer_free(&entry);
  end_cases("man page");
}

/* ---- Value options: three spellings, one result -----------------------------
 */

/* How to try a value option: the other arguments, and a value (for a
 * choice option, each of its names is tried).  "@tmp/X" stands for X in
 * the scratch directory, where an output file is read back (and removed);
 * "@in/X" too, for an input there that runs only read (make_answer made
 * it). */
typedef struct sample {
  const char *tool, *option;
  const char *value;
  const char *context[7];
  bool differs; /* some value changes the result of the context alone */
} sample;

static const sample samples[] = {
    {"dpll", "format", NULL, {"course-example.txt"}, true},
    {"dpll", "output", "@tmp/out", {"course-example.txt"}, true},
    {"dpll", "algorithm", NULL, {"-T", "dp-unsatisfiable.txt"}, true},
    {"dpll",
     "heuristic",
     NULL,
     {"-a", "dpll", "-T", "dp-unsatisfiable.txt"},
     true},
    /* On inputs this small no restart happens, no phase is targeted and none
     * is reset. */
    {"dpll", "restarts", NULL, {"-T", "dp-unsatisfiable.txt"}, false},
    {"dpll", "target-phase", NULL, {"-T", "dp-unsatisfiable.txt"}, false},
    {"dpll", "rephase", NULL, {"-T", "dp-unsatisfiable.txt"}, false},
    {"dpll", "luby-unit", "1", {"-T", "dp-unsatisfiable.txt"}, false},
    /* Refuted before the first conflict by default (refute) and by all, not
     * without the pass (none: UNKNOWN at the limit). */
    {"dpll",
     "xor",
     NULL,
     {"--no-eliminate", "--max-conflicts", "0",
      "dimacs-parity-contradiction.cnf"},
     true},
    {"dpll",
     "seed",
     "1",
     {"-a", "dpll", "-H", "random", "-T", "dp-unsatisfiable.txt"},
     true},
    /* Several searches give the same answer; an unsatisfiable one is the
     * same text whichever search finds it. */
    {"dpll", "threads", "2", {"dp-unsatisfiable.txt"}, false},
    /* Cubes instead of an answer. */
    {"dpll", "cubes", "2", {"@tmp/clauses.txt"}, true},
    {"dpll", "cube-depth", "1", {"@tmp/clauses.txt"}, true},
    {"dpll", "max-decisions", "0", {"dp-unsatisfiable.txt"}, true},
    {"dpll", "max-conflicts", "0", {"dp-unsatisfiable.txt"}, true},
    /* A limit not reached changes nothing. */
    {"dpll", "time-limit", "100", {"dp-unsatisfiable.txt"}, false},
    /* make_answer's clauses have several models. */
    {"dpll", "solutions", "2", {"@tmp/clauses.txt"}, true},
    {"dpll", "project", "1", {"--solutions", "3", "@tmp/clauses.txt"}, true},
    {"dpll", "proof", "@tmp/proof", {"dp-unsatisfiable.txt"}, true},
    /* The format shows only in the proof file, which is not read back. */
    {"dpll",
     "proof-format",
     NULL,
     {"--proof", "@tmp/unread-proof", "dp-unsatisfiable.txt"},
     false},
    {"peg-front", "board", "triangle4", {NULL}, true},
    {"peg-front", "empty", "3", {"-b", "triangle4"}, true},
    {"peg-front", "at-most-one", NULL, {"-b", "triangle4"}, true},
    {"peg-front", "output", "@tmp/out", {"-b", "triangle4"}, true},
    /* The key file is a second output; the clauses stay the same. */
    {"peg-front", "key-out", "@tmp/key", {"-b", "triangle4"}, false},
    /* A limit above the encoding's clauses changes nothing. */
    {"peg-front", "max-clauses", "100000", {"-b", "triangle4"}, false},
    {"peg-front",
     "played",
     "@tmp/played.txt",
     {"--hint", "-b", "triangle4", "-e", "2"},
     true},
    /* Several solvers give the same count. */
    {"peg-front", "threads", "2", {"--count", "-b", "triangle4"}, false},
    {"peg-back", "output", "@tmp/out", {"@tmp/answer.txt"}, true},
    {"peg-back", "html", "@tmp/replay.html", {"@tmp/answer.txt"}, true},
    /* dpll's answer carries its key: one given as well changes nothing. */
    {"peg-back", "key", "@in/answer.txt", {"@in/answer.txt"}, false},
    /* A proof of "no solution", checked: proved instead of unchecked. */
    {"peg-back",
     "check-proof",
     "@in/unsat.drat",
     {"@in/unsat-answer.txt"},
     true},
    {"maze-front", "output", "@tmp/out", {"untidy.txt"}, true},
    {"maze-front", "key-out", "@tmp/key", {"untidy.txt"}, false},
    {"maze-front", "max-clauses", "100000", {"untidy.txt"}, false},
    {"maze-back", "output", "@tmp/out", {"@tmp/maze-answer.txt"}, true},
    {"maze-back", "key", "@in/maze-answer.txt", {"@in/maze-answer.txt"}, false},
    /* maze-back says nothing before NO SOLUTION unless a proof is checked. */
    {"maze-back",
     "check-proof",
     "@in/maze-unsat.drat",
     {"@in/maze-unsat-answer.txt"},
     true},
};
#define NUM_SAMPLES (sizeof samples / sizeof *samples)

/* "@tmp/X" and "@in/X" made absolute; other arguments as they are. */
static const char *expand(const char *s, char *out, size_t size) {
  if (!strncmp(s, "@in/", 4))
    return join(out, size, tmp_dir, s + 4);
  return strncmp(s, "@tmp/", 5) ? s : join(out, size, tmp_dir, s + 5);
}

/* What a run did, with the output file of the sample, if it has one. */
typedef struct result {
  run_result run;
  buffer file;
  bool has_file;
} result;

static void result_free(result *r) {
  run_free(&r->run);
  buffer_free(&r->file);
}

static bool same_result(const result *a, const result *b) {
  return a->run.code == b->run.code && a->run.sig == b->run.sig &&
         same_bytes(&a->run.out, &b->run.out) &&
         same_bytes(&a->run.err, &b->run.err) && a->has_file == b->has_file &&
         (!a->has_file || same_bytes(&a->file, &b->file));
}

/* Runs t with the option arguments opt[] (NULL-ended; at most 2) and then
 * the sample's context, all expanded; reads back and removes the sample's
 * output file. */
static void run_sample(const tool *t, const sample *s, const char *const *opt,
                       result *r) {
  char expanded[10][4096];
  const char *args[10];
  size_t n = 0;
  for (size_t k = 0; opt[k]; k++, n++)
    args[n] = expand(opt[k], expanded[n], sizeof expanded[n]);
  for (size_t k = 0; k < 7 && s->context[k]; k++, n++)
    args[n] = expand(s->context[k], expanded[n], sizeof expanded[n]);
  args[n] = NULL;
  run_argv(&r->run, t->prog, t->dir, NULL, NULL, args);
  r->has_file = false;
  if (s->value && !strncmp(s->value, "@tmp/", 5)) {
    char path[4096];
    r->has_file = read_file(expand(s->value, path, sizeof path), &r->file);
    remove(path);
  }
}

/* Runs option r of t with value (expanded) in each of its spellings and
 * the sample's context; each must give the result of the first.  Returns
 * whether the first gave the result of the context alone, base. */
static bool check_spellings(const tool *t, const sample *s, const cli_option *r,
                            const char *value, const result *base,
                            result *first, result *other) {
  char name[300], dashed[160], joined[4300], alias[4];
  snprintf(dashed, sizeof dashed, "--%s", r->name);
  snprintf(joined, sizeof joined, "--%s=%s", r->name, value);
  snprintf(alias, sizeof alias, "-%c", r->alias);
  const char *const forms[3][3] = {
      {dashed, value, NULL}, {joined, NULL, NULL}, {alias, value, NULL}};
  snprintf(name, sizeof name, "%s --%s %s", t->name, r->name, value);
  run_sample(t, s, forms[0], first);
  if (first->run.hung || first->run.sig)
    expect_exit(name, &first->run, 0); /* reports the hang or crash */
  if (strstr(first->run.err.data, "unknown") ||
      strstr(first->run.err.data, "needs a value"))
    failure(name, "the value was refused: \"%s\"", SHOW(first->run.err));
  for (size_t k = 1; k < (r->alias ? 3u : 2u); k++) {
    run_sample(t, s, forms[k], other);
    if (!same_result(first, other))
      failure(name,
              "\"%s\" differs from \"%s %s\": exit %d, not %d; stdout \"%s\", "
              "not \"%s\"; stderr \"%s\", not \"%s\"",
              k == 1 ? joined : alias, dashed, value, other->run.code,
              first->run.code, SHOW(other->run.out), SHOW(first->run.out),
              SHOW(other->run.err), SHOW(first->run.err));
  }
  return same_result(first, base);
}

static const cli_option *row_named(const tool *t, const char *name) {
  const cli_option *r;
  for (size_t i = 0; (r = row_at(t, i)); i++)
    if (!strcmp(r->name, name))
      return r;
  return NULL;
}

/* peg-back's input: dpll's answer to triangle4 with hole 2 empty; dpll's
 * answer "no solution" to triangle4 with hole 5 empty, without the
 * position classes, and its DRAT proof; and maze-back's two the same. */
static void make_answer(void) {
  char clauses[4096], answer[4096];
  join(clauses, sizeof clauses, tmp_dir, "clauses.txt");
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  run_result r = {0};
  run_tool(&r, tool_named("peg-front")->prog, tmp_dir, NULL, NULL, "-b",
           "triangle4", "-e", "2", "-o", clauses, (char *)NULL);
  assert_int_equal(r.code, 0);
  run_tool(&r, tool_named("dpll")->prog, tmp_dir, NULL, NULL, clauses, answer,
           (char *)NULL);
  assert_int_equal(r.code, 0);
  char proof[4096];
  join(clauses, sizeof clauses, tmp_dir, "unsat-clauses.txt");
  join(answer, sizeof answer, tmp_dir, "unsat-answer.txt");
  join(proof, sizeof proof, tmp_dir, "unsat.drat");
  run_tool(&r, tool_named("peg-front")->prog, tmp_dir, NULL, NULL, "-b",
           "triangle4", "-e", "5", "--no-position-classes", "-o", clauses,
           (char *)NULL);
  assert_int_equal(r.code, 0);
  run_tool(&r, tool_named("dpll")->prog, tmp_dir, NULL, NULL, "--proof", proof,
           clauses, answer, (char *)NULL);
  assert_int_equal(r.code, 0);
  /* peg-front --played's: the first jump of a triangle4 game from hole 2. */
  join(answer, sizeof answer, tmp_dir, "played.txt");
  FILE *f = fopen(answer, "w");
  assert_non_null(f);
  fputs("Jump(7,4,2,1)\n", f);
  assert_int_equal(fclose(f), 0);
  /* maze-back's: dpll's answer to a maze in tests/data/maze (clauses.txt
   * stays the peg clauses, which the dpll samples use). */
  join(clauses, sizeof clauses, tmp_dir, "maze-clauses.txt");
  join(answer, sizeof answer, tmp_dir, "maze-answer.txt");
  run_tool(&r, tool_named("maze-front")->prog, tool_named("maze-front")->dir,
           NULL, NULL, "untidy.txt", "-o", clauses, (char *)NULL);
  assert_int_equal(r.code, 0);
  run_tool(&r, tool_named("dpll")->prog, tmp_dir, NULL, NULL, clauses, answer,
           (char *)NULL);
  assert_int_equal(r.code, 0);
  join(answer, sizeof answer, tmp_dir, "maze-unsat-answer.txt");
  join(proof, sizeof proof, tmp_dir, "maze-unsat.drat");
  run_tool(&r, tool_named("maze-front")->prog, tool_named("maze-front")->dir,
           NULL, NULL, "unreachable.txt", "--no-prune", "-o", clauses,
           (char *)NULL);
  assert_int_equal(r.code, 0);
  run_tool(&r, tool_named("dpll")->prog, tmp_dir, NULL, NULL, "--proof", proof,
           clauses, answer, (char *)NULL);
  assert_int_equal(r.code, 0);
  run_free(&r);
}

/* Every value option has a sample, and every sample is a value option's. */
static void check_samples_cover(void) {
  for (size_t t = 0; t < NUM_TOOLS; t++)
    for (const cli_option *r = tools[t].spec->options; r->name; r++) {
      bool found = false;
      for (size_t k = 0; k < NUM_SAMPLES && !found; k++)
        found = !strcmp(samples[k].tool, tools[t].name) &&
                !strcmp(samples[k].option, r->name);
      if (takes_value(r) && !found)
        failure(tools[t].name, "--%s has no entry in samples[]: add one",
                r->name);
    }
  for (size_t k = 0; k < NUM_SAMPLES; k++) {
    const cli_option *r =
        row_named(tool_named(samples[k].tool), samples[k].option);
    if (!r || !takes_value(r) || (r->choices != NULL) != !samples[k].value)
      failure(samples[k].option,
              "samples[] entry for %s is no value option of the table, or "
              "gives a value for a choice",
              samples[k].tool);
  }
}

static void test_value_spellings(void **state) {
  (void)state;
  begin_cases();
  make_answer();
  check_samples_cover();
  result base = {0}, first = {0}, other = {0};
  int runs = 0;
  for (size_t k = 0; k < NUM_SAMPLES; k++) {
    const sample *s = &samples[k];
    const tool *t = tool_named(s->tool);
    const cli_option *r = row_named(t, s->option);
    if (!r || !takes_value(r) || (r->choices != NULL) != !s->value)
      continue; /* reported above */
    run_sample(t, s, (const char *const[]){NULL}, &base);
    bool differs = false;
    char value[4096];
    if (r->choices)
      for (const cli_choice *c = r->choices; c->name; c++, runs += 3)
        differs |= !check_spellings(t, s, r, c->name, &base, &first, &other);
    else {
      differs = !check_spellings(t, s, r, expand(s->value, value, sizeof value),
                                 &base, &first, &other);
      runs += 3;
    }
    if (s->differs && !differs)
      failure(s->option,
              "%s: no value of --%s changed the result of the same command "
              "without it: is the value used at all?",
              s->tool, s->option);
  }
  print_message("value options: %zu samples, about %d runs\n", NUM_SAMPLES,
                runs);
  result_free(&base);
  result_free(&first);
  result_free(&other);
  end_cases("value option");
}

/* ---- Messages ---------------------------------------------------------------
 */

/* Runs t with args (NULL-ended) in its directory, expecting exit 1,
 * nothing on stdout and exactly want on stderr. */
static void expect_message(const tool *t, const char *const *args,
                           const char *want) {
  char name[600];
  command_name(name, sizeof name, t->name, args);
  run_result r = {0};
  buffer w = {0};
  buffer_str(&w, want);
  run_argv(&r, t->prog, t->dir, NULL, NULL, args);
  if (expect_exit(name, &r, 1)) {
    expect_empty(name, "stdout", &r.out);
    expect_bytes(name, "stderr", &r.err, &w);
  }
  buffer_free(&w);
  run_free(&r);
}

/* A flag given a value is an unknown option (what the tools have always
 * said); a value option without its value says so. */
static void test_flags_and_missing_values(void **state) {
  (void)state;
  begin_cases();
  for (size_t t = 0; t < NUM_TOOLS; t++) {
    const tool *tl = &tools[t];
    const cli_option *r;
    for (size_t i = 0; (r = row_at(tl, i)); i++) {
      char arg[3][160], want[3][1024];
      snprintf(arg[0], sizeof arg[0], "--%s=x", r->name);
      snprintf(arg[1], sizeof arg[1], "--%s=", r->name);
      snprintf(arg[2], sizeof arg[2], "-%c=x", r->alias);
      if (takes_value(r)) {
        snprintf(arg[0], sizeof arg[0], "--%s", r->name);
        snprintf(arg[1], sizeof arg[1], "-%c", r->alias);
      }
      size_t forms = takes_value(r) ? (r->alias ? 2 : 1) : (r->alias ? 3 : 2);
      for (size_t k = 0; k < forms; k++) {
        snprintf(want[k], sizeof want[k],
                 takes_value(r) ? "%s: option '%s' needs a value\n"
                                : "%s: unknown option '%s' (try --help)\n",
                 tl->name, arg[k]);
        expect_message(tl, (const char *const[]){arg[k], NULL}, want[k]);
      }
    }
  }
  end_cases("flag or missing value");
}

/* The messages of before the tables, byte for byte, and which of two
 * faults is reported: choices are checked after the walk over the
 * arguments and, in dpll, after the outputs, in the table's order;
 * peg-front checks "--board and a file" first. */
static const struct {
  const char *tool;
  const char *args[8];
  const char *err;
} pinned[] = {
    {"dpll",
     {"--format", "xml", "course-example.txt"},
     "dpll: unknown format 'xml' (auto, dp, dimacs or icnf)\n"},
    {"dpll",
     {"-a", "CDCL"},
     "dpll: unknown algorithm 'CDCL' (auto, cdcl or dpll)\n"},
    {"dpll",
     {"-H", "vsids"},
     "dpll: unknown heuristic 'vsids' (auto, first, jw, dlis, activity, "
     "random or vmtf)\n"},
    {"dpll",
     {"--restarts=geometric"},
     "dpll: unknown restart policy 'geometric' (glucose, luby, mixed, modes "
     "or none)\n"},
    {"dpll",
     {"--target-phase", "2"},
     "dpll: unknown --target-phase '2' (never, luby or always)\n"},
    {"peg-front",
     {"--at-most-one", "bimander"},
     "peg-front: unknown --at-most-one 'bimander' (pairwise, sequential, "
     "product or commander)\n"},
    {"dpll",
     {"--restarts", "x", "-H", "y"},
     "dpll: unknown heuristic 'y' (auto, first, jw, dlis, activity, random "
     "or vmtf)\n"},
    {"dpll",
     {"--target-phase", "x", "-f", "y"},
     "dpll: unknown format 'y' (auto, dp, dimacs or icnf)\n"},
    {"dpll",
     {"-f", "xml", "-o", "a", "course-example.txt", "b"},
     "dpll: two outputs: 'b' and 'a'\n"},
    {"dpll",
     {"-f", "xml", "--bogus"},
     "dpll: unknown option '--bogus' (try --help)\n"},
    {"dpll",
     {"--seed", "x", "-f", "xml"},
     "dpll: unknown format 'xml' (auto, dp, dimacs or icnf)\n"},
    {"peg-front",
     {"--at-most-one", "x", "-b", "triangle4", "triangle4.txt"},
     "peg-front: give a board file or --board, not both\n"},
    {"peg-front",
     {"--at-most-one", "x", "-o", "a", "triangle4.txt", "b"},
     "peg-front: unknown --at-most-one 'x' (pairwise, sequential, product or "
     "commander)\n"},
    {"peg-front",
     {"--list", "--at-most-one=x"},
     "peg-front: unknown --at-most-one 'x' (pairwise, sequential, product or "
     "commander)\n"},
};

/* The message for a name not in a choice's list, built from the row. */
static void test_unknown_choices(void **state) {
  (void)state;
  begin_cases();
  for (size_t t = 0; t < NUM_TOOLS; t++) {
    const cli_option *r;
    for (size_t i = 0; (r = row_at(&tools[t], i)); i++) {
      if (!r->choices)
        continue;
      char upper[64], list[512], what[160], dashed[160], joined[200];
      snprintf(upper, sizeof upper, "%s", r->choices[0].name);
      for (char *p = upper; *p; p++)
        *p = (char)toupper((unsigned char)*p);
      snprintf(what, sizeof what, r->what ? "%s" : "--%s",
               r->what ? r->what : r->name);
      snprintf(dashed, sizeof dashed, "--%s", r->name);
      choice_list(r, list, sizeof list);
      const char *const bad[] = {"no-such-name", upper, ""};
      for (size_t k = 0; k < 3; k++) {
        char want[900];
        snprintf(want, sizeof want, "%s: unknown %s '%s' (%s)\n", tools[t].name,
                 what, bad[k], list);
        snprintf(joined, sizeof joined, "--%s=%s", r->name, bad[k]);
        expect_message(&tools[t], (const char *const[]){dashed, bad[k], NULL},
                       want);
        expect_message(&tools[t], (const char *const[]){joined, NULL}, want);
      }
    }
  }
  for (size_t k = 0; k < sizeof pinned / sizeof *pinned; k++)
    expect_message(tool_named(pinned[k].tool), pinned[k].args, pinned[k].err);
  end_cases("unknown choice");
}

/* A tool refuses an output that is its input file (by name, through -o,
 * or through a link), and leaves the file as it was. */
static void test_output_is_input(void **state) {
  (void)state;
  begin_cases();
  char path[4096], link[4096];
  join(path, sizeof path, tmp_dir, "both.txt");
  join(link, sizeof link, tmp_dir, "both-link.txt");
  for (size_t t = 0; t < NUM_TOOLS; t++) {
    write_file(path, "1 2\n0\n", 6);
    unlink(link);
    if (symlink(path, link))
      failure(tools[t].name, "cannot make a link");
    const char *const *cases[] = {
        (const char *const[]){path, path, NULL},
        (const char *const[]){"-o", path, path, NULL},
        (const char *const[]){path, link, NULL},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
      const char *out = k == 2 ? link : path;
      char want[9000];
      snprintf(want, sizeof want,
               "%s: %s: the output would replace the input; name another "
               "output\n",
               tools[t].name, out);
      expect_message(&tools[t], cases[k], want);
      buffer b = {0};
      if (!read_file(path, &b) || b.len != 6 || memcmp(b.data, "1 2\n0\n", 6))
        failure(tools[t].name, "the input file was changed");
      buffer_free(&b);
    }
  }
  unlink(link);
  unlink(path);
  end_cases("output is input");
}

/* ---- Main -------------------------------------------------------------------
 */

int main(int argc, char **argv) {
  if (argc != (int)NUM_TOOLS + 3) {
    fprintf(stderr,
            "usage: %s DPLL PEG-FRONT PEG-BACK MAZE-FRONT MAZE-BACK "
            "PATH-TO-TESTS-DATA PATH-TO-DOCS-MAN\n",
            argv[0]);
    return 2;
  }
  char *data_dir = absolute(argv[NUM_TOOLS + 1]);
  man_dir = absolute(argv[NUM_TOOLS + 2]);
  bool ok = data_dir && man_dir;
  for (size_t t = 0; t < NUM_TOOLS && ok; t++) {
    char dir[4096];
    tools[t].prog = absolute(argv[1 + t]);
    tools[t].dir = strdup(join(dir, sizeof dir, data_dir, tools[t].data));
    ok = tools[t].prog && tools[t].dir && !access(tools[t].prog, X_OK);
  }
  if (!ok) {
    fprintf(stderr, "test_tool_options: bad tool paths or directories\n");
    return 2;
  }
  clitest_program = "test_tool_options";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tables),
      cmocka_unit_test(test_help),
      cmocka_unit_test(test_man_pages),
      cmocka_unit_test(test_value_spellings),
      cmocka_unit_test(test_flags_and_missing_values),
      cmocka_unit_test(test_unknown_choices),
      cmocka_unit_test(test_output_is_input),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "test-tool-options", &tmp_dir);
  for (size_t t = 0; t < NUM_TOOLS; t++) {
    free(tools[t].prog);
    free(tools[t].dir);
  }
  free(data_dir);
  free(man_dir);
  return rc;
}
