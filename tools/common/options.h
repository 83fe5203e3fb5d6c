/* options.h - the tools' options declared as one table each: a row names an
 * option, explains it and says where its value goes.  One parser walks
 * argv against the table and one generator writes --help from it, so the
 * two cannot disagree; tests/test_tool_options.c holds the man pages to
 * the same table.
 *
 *   typedef struct opts { cli_files files; int quiet; cli_pick colour; } opts;
 *   static const cli_choice colours[] = {{"red", 1}, {"blue", 2}, {NULL, 0}};
 *   static const cli_option rows[] = {
 *       {'q', "quiet", NULL, CLI_FLAG(opts, quiet), "say nothing", NULL,
 *        NULL},
 *       {0, "colour", "NAME", CLI_CHOICE(opts, colour), "red or blue",
 *        colours, "colour"},
 *       CLI_OUTPUT_ROW(opts, files),
 *       {0}};
 *   const cli_spec spec = {rows, offsetof(opts, files), "Usage: ...\n",
 *                          "Exit status: ...\n", "tool 1.0\n"};
 *   ...
 *   opts o = {0};
 *   if (cli_parse(&spec, argc, argv, &o) || cli_files_done(&o.files) ||
 *       cli_resolve(&spec, &o))
 *     return 1;
 */
#ifndef DPLL_TOOLS_OPTIONS_H_INCLUDED
#define DPLL_TOOLS_OPTIONS_H_INCLUDED

#include "cli.h"

#include <stddef.h>
#include <stdio.h>

/* One name a choice option takes, and the number the tool passes on for
 * it.  A list of them ends with {NULL, 0}; its order is the order of the
 * names in the "unknown" message. */
typedef struct cli_choice {
  const char *name;
  int value;
} cli_choice;

/* Where a choice option's result goes: the name as given (NULL if the
 * option was not given), and its value once cli_resolve has found it (left
 * alone if not given, so that the tool presets its default there). */
typedef struct cli_pick {
  const char *name;
  int value;
} cli_pick;

typedef enum cli_kind {
  CLI_KIND_FLAG,    /* no value; sets an int to 1 */
  CLI_KIND_VALUE,   /* stores its value, a const char * */
  CLI_KIND_CHOICE,  /* stores its value in a cli_pick, for cli_resolve */
  CLI_KIND_HELP,    /* -h: prints --help and exits (built in) */
  CLI_KIND_VERSION, /* -V: prints the version and exits (built in) */
} cli_kind;

/* What a row does and where in the tool's struct its result goes. */
typedef struct cli_target {
  cli_kind kind;
  size_t at; /* offset in the tool's options struct */
} cli_target;

/* The targets of rows, from the tool's struct type and a member; a member
 * of the wrong type for the kind does not compile, so that the parser's
 * stores through the offset are always of the member's own type. */
#define CLI_AT_(type, member, member_type)                                     \
  _Generic(((type *)0)->member, member_type : offsetof(type, member))
#define CLI_FLAG(type, member)                                                 \
  { CLI_KIND_FLAG, CLI_AT_(type, member, int) }
#define CLI_VALUE(type, member)                                                \
  { CLI_KIND_VALUE, CLI_AT_(type, member, const char *) }
#define CLI_CHOICE(type, member)                                               \
  { CLI_KIND_CHOICE, CLI_AT_(type, member, cli_pick) }

/* One option.  A flag has no placeholder; a value option has one; a choice
 * option has one and its list of names.  The help text is one paragraph
 * without newlines: --help wraps it. */
typedef struct cli_option {
  char alias;       /* the short form -X, or 0 for none */
  const char *name; /* the long form --NAME, without the dashes */
  const char *arg;  /* the value's placeholder ("FILE"); NULL for a flag */
  cli_target to;    /* CLI_FLAG, CLI_VALUE or CLI_CHOICE */
  const char *help; /* the explanation in --help */
  const cli_choice *choices; /* a choice option's names, {NULL}-ended */
  const char *what; /* the choice in "unknown WHAT 'x' (...)"; NULL: --NAME */
} cli_option;

/* -o FILE / --output FILE, which every tool has: the output_option of
 * its cli_files member `files`. */
#define CLI_OUTPUT_ROW(type, files)                                            \
  {                                                                            \
    'o', "output", "FILE", CLI_VALUE(type, files.output_option),               \
        "write to FILE (instead of OUTPUT; '-': standard output)", NULL, NULL  \
  }

/* A tool's command line. */
typedef struct cli_spec {
  const cli_option *options; /* the rows, in --help's order, then {0} */
  size_t files;              /* offset of the tool's cli_files member */
  const char *usage;         /* --help before "Options:": the Usage line, what
                                the tool does */
  const char *epilogue;      /* --help after the options: exit statuses */
  const char *version;       /* what --version prints, a line */
} cli_spec;

/* The built-in rows -h/--help and -V/--version, then {0}: every tool has
 * them, after its own in --help. */
extern const cli_option cli_builtin_options[];

/* Walks argv[1..argc-1] against the table and stores into *opts (the
 * tool's struct, zeroed or with defaults preset): flags, values given as
 * "--NAME VALUE", "--NAME=VALUE" or "-X VALUE", INPUT and OUTPUT (see
 * cli_positional).  -h/--help and -V/--version print and exit when met.
 * Choice names are stored, not checked: cli_resolve does that, when the
 * tool is ready to report it.  Returns 0, or 1 after reporting the first
 * error (unknown option, missing value, a third path). */
int cli_parse(const cli_spec *spec, int argc, char **argv, void *opts);

/* Looks up the name each choice option was given, in the table's order,
 * and stores its value in the cli_pick.  Returns 0, or 1 after reporting
 * "unknown WHAT 'x' (a, b or c)" for the first name not in its list. */
int cli_resolve(const cli_spec *spec, void *opts);

/* Writes the --help text: usage, "Options:" with every row and the
 * built-in ones (text wrapped to 79 columns), the epilogue. */
void cli_usage(const cli_spec *spec, FILE *out);

#endif
