/* options.c - the table-driven option parser and --help (see options.h). */
#include "options.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* No line of --help is longer, words permitting. */
#define HELP_WIDTH 79
/* A longer label does not widen the column: its text starts on its line,
 * two blanks after it. */
#define LABEL_WIDTH 21

#define ACTION(kind)                                                           \
  { kind, 0 }

const cli_option cli_builtin_options[] = {
    {'h', "help", NULL, ACTION(CLI_KIND_HELP), "print this help and exit", NULL,
     NULL},
    {'V', "version", NULL, ACTION(CLI_KIND_VERSION),
     "print the version and exit", NULL, NULL},
    {0}};

static bool takes_value(const cli_option *r) {
  return r->to.kind == CLI_KIND_VALUE || r->to.kind == CLI_KIND_CHOICE;
}

/* The row of rows[] that arg names, or NULL; *value gets the VALUE of
 * "--NAME=VALUE".  A flag given "=VALUE" names no row, so that it is an
 * unknown option, as the tools have always said.  Short options take no
 * "=" and are never bundled ("-st"), which keeps "-1" and the like out of
 * the way of values such as "--seed -1". */
static const cli_option *find(const cli_option *rows, const char *arg,
                              const char **value) {
  *value = NULL;
  if (arg[1] != '-') {
    for (const cli_option *r = rows; r->name; r++)
      if (r->alias && arg[1] == r->alias && arg[2] == '\0')
        return r;
    return NULL;
  }
  const char *name = arg + 2, *eq = strchr(name, '=');
  size_t n = eq ? (size_t)(eq - name) : strlen(name);
  for (const cli_option *r = rows; r->name; r++)
    if (strlen(r->name) == n && !strncmp(r->name, name, n)) {
      if (eq && !takes_value(r))
        return NULL;
      *value = eq ? eq + 1 : NULL;
      return r;
    }
  return NULL;
}

/* Carries out row r, given value (NULL for a flag), on the struct at base. */
static void act(const cli_spec *spec, const cli_option *r, const char *value,
                char *base) {
  char *at = base + r->to.at;
  switch (r->to.kind) {
  case CLI_KIND_FLAG:
    *(int *)at = 1;
    break;
  case CLI_KIND_VALUE:
    *(const char **)at = value;
    break;
  case CLI_KIND_CHOICE:
    ((cli_pick *)at)->name = value;
    break;
  case CLI_KIND_HELP:
    cli_usage(spec, stdout);
    cli_exit_printed();
  case CLI_KIND_VERSION:
    cli_print_and_exit(spec->version);
  }
}

int cli_parse(const cli_spec *spec, int argc, char **argv, void *opts) {
  char *base = opts;
  cli_files *files = (cli_files *)(base + spec->files);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *value;
    int m = cli_positional(files, arg);
    if (m < 0)
      return 1;
    if (m)
      continue;
    const cli_option *r = find(spec->options, arg, &value);
    if (!r)
      r = find(cli_builtin_options, arg, &value);
    if (!r)
      return cli_error("unknown option '%s' (try --help)", arg);
    if (takes_value(r) && !value) {
      if (i + 1 >= argc)
        return cli_error("option '%s' needs a value", arg);
      value = argv[++i];
    }
    act(spec, r, value, base);
  }
  return 0;
}

/* Reports that r's choice name is not one of its list. */
static int unknown_choice(const cli_option *r, const char *name) {
  char list[512];
  size_t n = 0, count = 0;
  while (r->choices[count].name)
    count++;
  list[0] = '\0';
  for (size_t k = 0; k < count && n < sizeof list; k++) {
    const char *sep = k == 0 ? "" : k + 1 < count ? ", " : " or ";
    int len =
        snprintf(list + n, sizeof list - n, "%s%s", sep, r->choices[k].name);
    n += len > 0 ? (size_t)len : 0;
  }
  if (r->what)
    return cli_error("unknown %s '%s' (%s)", r->what, name, list);
  return cli_error("unknown --%s '%s' (%s)", r->name, name, list);
}

int cli_resolve(const cli_spec *spec, void *opts) {
  for (const cli_option *r = spec->options; r->name; r++) {
    if (r->to.kind != CLI_KIND_CHOICE)
      continue;
    cli_pick *p = (cli_pick *)((char *)opts + r->to.at);
    if (!p->name)
      continue;
    const cli_choice *c = r->choices;
    while (c->name && strcmp(c->name, p->name))
      c++;
    if (!c->name)
      return unknown_choice(r, p->name);
    p->value = c->value;
  }
  return 0;
}

/* "-X, --NAME ARG" or "    --NAME ARG" into buf; returns its length. */
static size_t label(const cli_option *r, char *buf, size_t size) {
  int n = r->alias ? snprintf(buf, size, "-%c, --%s", r->alias, r->name)
                   : snprintf(buf, size, "    --%s", r->name);
  if (n >= 0 && (size_t)n < size && r->arg)
    n += snprintf(buf + n, size - (size_t)n, " %s", r->arg);
  return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/* The column where the help texts start: two blanks after the longest
 * label that fits LABEL_WIDTH, labels indented by two. */
static size_t help_column(const cli_spec *spec) {
  const cli_option *lists[] = {spec->options, cli_builtin_options};
  size_t widest = 0;
  char buf[128];
  for (size_t k = 0; k < 2; k++)
    for (const cli_option *r = lists[k]; r->name; r++) {
      size_t n = label(r, buf, sizeof buf);
      if (n <= LABEL_WIDTH && n > widest)
        widest = n;
    }
  return 2 + widest + 2;
}

/* Writes text from column at, breaking lines between words so that none
 * passes HELP_WIDTH (a single longer word is left whole); the lines after
 * the first start at column. */
static void write_wrapped(FILE *out, const char *text, size_t column,
                          size_t at) {
  bool first = true;
  while (*text) {
    size_t n = strcspn(text, " ");
    if (!first && at + 1 + n > HELP_WIDTH) {
      fprintf(out, "\n%*s", (int)column, "");
      at = column;
    } else if (!first) {
      fputc(' ', out);
      at++;
    }
    fwrite(text, 1, n, out);
    at += n;
    first = false;
    text += n;
    text += strspn(text, " ");
  }
  fputc('\n', out);
}

static void write_row(FILE *out, const cli_option *r, size_t column) {
  char buf[128];
  size_t n = label(r, buf, sizeof buf);
  size_t at = 2 + n + 2 > column ? 2 + n + 2 : column;
  fprintf(out, "  %s%*s", buf, (int)(at - 2 - n), "");
  write_wrapped(out, r->help, column, at);
}

void cli_usage(const cli_spec *spec, FILE *out) {
  size_t column = help_column(spec);
  fputs(spec->usage, out);
  fputs("\nOptions:\n", out);
  for (const cli_option *r = spec->options; r->name; r++)
    write_row(out, r, column);
  for (const cli_option *r = cli_builtin_options; r->name; r++)
    write_row(out, r, column);
  fputs("\n", out);
  fputs(spec->epilogue, out);
}
