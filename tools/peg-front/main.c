/* peg-front - a peg-solitaire puzzle in; clauses for a SAT solver out, with
 * the key that peg-back needs to read the solver's answer. */
#include <peg.h>

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: peg-front [OPTIONS] [BOARD [OUTPUT]]\n"
    "Turn a peg-solitaire puzzle into clauses: every model of them is a\n"
    "way to play from the start to the goal.  BOARD is a board file\n"
    "(docs/boards.md); without it, or with '-', standard input.  The\n"
    "clauses go to OUTPUT (default standard output) in the DP format, with\n"
    "a key after the line '0' that lets peg-back read the answer:\n"
    "\n"
    "  peg-front board.txt | dpll | peg-back\n"
    "\n"
    "Options:\n"
    "  -b, --board NAME     a board from the catalogue instead of a file:\n"
    "                       triangleR (R rows, e.g. triangle5), english,\n"
    "                       french, wiegleb, diamond (see --list)\n"
    "  -e, --empty H        start with every hole but H holding a peg\n"
    "                       (0: the solver chooses the empty hole)\n"
    "  -o, --output FILE    write to FILE (instead of OUTPUT)\n"
    "  -d, --dimacs         write DIMACS instead, the key as 'c' lines\n"
    "      --exact          only the axioms, whose models are exactly the\n"
    "                       plays: no canonical order, no position classes\n"
    "      --no-canonical-order  allow every order of jumps that touch\n"
    "                       different holes (by default only some)\n"
    "      --no-position-classes  do not rule out final holes by the\n"
    "                       colour-parity argument\n"
    "      --at-most-one HOW  how to say that at most one of the J jumps\n"
    "                       of a step happens: pairwise (default: a clause\n"
    "                       for every two), sequential (a counter: 3J-4\n"
    "                       clauses, J-1 more atoms), product (a grid of\n"
    "                       about sqrt(J) rows and columns: about 2J\n"
    "                       clauses, 2 sqrt(J) atoms) or commander (groups\n"
    "                       of three: about 3.5J clauses, J/2 atoms)\n"
    "      --no-at-least-one  leave out the clauses that say some jump\n"
    "                       happens at every step\n"
    "  -w, --write-board    write the board file instead of clauses\n"
    "  -l, --list           list the catalogue and exit\n"
    "  -h, --help           print this help and exit\n"
    "  -V, --version        print the version and exit\n"
    "\n"
    "Exit status: 0 on success; 1 on an error (one line on standard error,\n"
    "FILE:LINE:COLUMN: for a malformed board file; nothing written).\n";

const char *cli_tool = "peg-front";

typedef struct options {
  cli_files files;
  const char *board, *empty, *at_most_one;
  int dimacs, write_board, list, no_at_least_one, no_order, no_classes;
  int amo; /* PEG_AMO_PAIRWISE (0, the default), _SEQUENTIAL, ... */
} options;

static int parse_args(int argc, char **argv, options *o) {
  int m;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if ((m = cli_common(&o->files, arg, usage, "peg-front " PEG_VERSION "\n")) <
        0)
      return 1;
    if (m)
      continue;
    if (cli_flag(arg, "-d", "--dimacs"))
      o->dimacs = 1;
    else if (cli_flag(arg, "-w", "--write-board"))
      o->write_board = 1;
    else if (cli_flag(arg, "-l", "--list"))
      o->list = 1;
    else if (cli_flag(arg, NULL, "--no-at-least-one"))
      o->no_at_least_one = 1;
    else if (cli_flag(arg, NULL, "--no-canonical-order"))
      o->no_order = 1;
    else if (cli_flag(arg, NULL, "--no-position-classes"))
      o->no_classes = 1;
    else if (cli_flag(arg, NULL, "--exact"))
      o->no_order = o->no_classes = 1;
    else if ((m = cli_option(argc, argv, &i, "-b", "--board", &o->board)) ||
             (m = cli_option(argc, argv, &i, "-e", "--empty", &o->empty)) ||
             (m = cli_option(argc, argv, &i, NULL, "--at-most-one",
                             &o->at_most_one)) ||
             (m = cli_option(argc, argv, &i, "-o", "--output",
                             &o->files.output_option))) {
      if (m < 0)
        return cli_error("option '%s' needs a value", arg);
    } else
      return cli_error("unknown option '%s' (try --help)", arg);
  }
  if (o->board && o->files.input)
    return cli_error("give a board file or --board, not both");
  if (o->at_most_one) {
    static const struct {
      const char *name;
      int value;
    } ways[] = {{"pairwise", PEG_AMO_PAIRWISE},
                {"sequential", PEG_AMO_SEQUENTIAL},
                {"product", PEG_AMO_PRODUCT},
                {"commander", PEG_AMO_COMMANDER}};
    o->amo = -1;
    for (size_t k = 0; k < sizeof ways / sizeof *ways; k++)
      if (!strcmp(o->at_most_one, ways[k].name))
        o->amo = ways[k].value;
    if (o->amo < 0)
      return cli_error("unknown --at-most-one '%s' (pairwise, sequential, "
                       "product or commander)",
                       o->at_most_one);
  }
  return cli_files_done(&o->files);
}

static void list_catalogue(void) {
  char line[256];
  size_t n = 0, cap = 4096;
  char *text = malloc(cap);
  if (!text)
    exit(cli_error("out of memory"));
  text[0] = '\0';
  for (size_t i = 0; i < peg_catalogue_size(); i++) {
    int len = snprintf(line, sizeof line, "%-10s %s\n", peg_catalogue_name(i),
                       peg_catalogue_description(i));
    if (len > 0 && n + (size_t)len < cap) {
      memcpy(text + n, line, (size_t)len + 1);
      n += (size_t)len;
    }
  }
  cli_print_and_exit(text);
}

/* The puzzle from the catalogue or a board file, with --empty applied. */
static int load_board(const options *o, peg_board **out) {
  peg_board *b = NULL;
  if (o->board) {
    int rc = peg_board_named(o->board, &b);
    if (rc == PEG_ENAME)
      return cli_error("no board called '%s' in the catalogue (see --list)",
                       o->board);
    if (rc)
      return cli_error("%s", peg_strerror(rc));
  } else {
    const char *name = cli_name(o->files.input, false);
    char *text;
    size_t size;
    int err = cli_read_all(o->files.input, &text, &size);
    if (err)
      return cli_error("%s: cannot read: %s", name, strerror(err));
    peg_error why;
    int rc = peg_board_parse(text, size, &b, &why);
    free(text);
    if (rc == PEG_ENOMEM)
      return cli_error("out of memory");
    if (rc) {
      fprintf(stderr, "%s:%ld:%ld: %s\n", name, why.line, why.column,
              why.message);
      return 1;
    }
  }
  if (o->empty) {
    char *end;
    errno = 0;
    long h = strtol(o->empty, &end, 10);
    if (*o->empty < '0' || *o->empty > '9' || *end || errno || h < 0 ||
        h > peg_board_holes(b)) {
      cli_error("--empty needs a hole from 1 to %d, or 0, not '%s'",
                peg_board_holes(b), o->empty);
      peg_board_free(b);
      return 1;
    }
    peg_board_set_empty(b, (int)h);
  }
  peg_error why;
  if (peg_board_check(b, &why)) {
    cli_error("%s", why.message);
    peg_board_free(b);
    return 1;
  }
  *out = b;
  return 0;
}

typedef struct writer {
  FILE *out;
  int dimacs;
  int error; /* errno of the first failed write */
} writer;

/* Writes one clause; stops the encoding at the first failed write.  The DP
 * format cannot write the empty clause (a blank line is skipped), so it
 * gets the equivalent contradiction "1" and "-1".  The encoding makes one
 * only for a board without triples, whose puzzle has no solution. */
static int write_clause(void *ctx, const int *lits, size_t n) {
  writer *w = ctx;
  if (n == 0 && !w->dimacs)
    fputs("1\n-1\n", w->out);
  for (size_t i = 0; i < n; i++)
    fprintf(w->out, i ? " %d" : "%d", lits[i]);
  if (n > 0 || w->dimacs)
    fputs(w->dimacs ? (n ? " 0\n" : "0\n") : "\n", w->out);
  if (ferror(w->out)) {
    w->error = errno ? errno : -1;
    return 1;
  }
  return 0;
}

/* Writes the key's lines, each after prefix. */
static void write_lines(FILE *out, const char *text, const char *prefix) {
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
    fputs(prefix, out);
    fwrite(p, 1, n, out);
    p += n;
  }
}

/* Writes the clauses and the key; returns 0, or 1 after reporting an
 * error other than a failed write, which *write_error receives. */
static int write_clauses(const peg_board *b, const options *o, FILE *out,
                         int *write_error) {
  int rc;
  peg_encoding *e = peg_encoding_new(b, &rc);
  if (!e)
    return cli_error("%s", peg_strerror(rc));
  if (o->no_at_least_one)
    peg_encoding_set_option(e, "at_least_one", 0);
  if (o->no_order)
    peg_encoding_set_option(e, "canonical_order", 0);
  if (o->no_classes)
    peg_encoding_set_option(e, "position_classes", 0);
  if ((rc = peg_encoding_set_option(e, "at_most_one", o->amo))) {
    peg_encoding_free(e);
    return cli_error("%s", peg_strerror(rc));
  }
  char *key = peg_key_text(e, NULL);
  writer w = {out, o->dimacs, 0};
  if (!key)
    rc = PEG_ENOMEM;
  else if (o->dimacs) {
    write_lines(out, key, "c ");
    fprintf(out, "p cnf %d %lld\n", peg_encoding_atoms(e),
            (long long)peg_encoding_clauses(e));
    rc = peg_encoding_emit(e, write_clause, &w);
  } else {
    rc = peg_encoding_emit(e, write_clause, &w);
    fputs("0\n", out);
    fputs(key, out);
  }
  free(key);
  peg_encoding_free(e);
  *write_error = w.error;
  if (rc && !w.error)
    return cli_error("%s", peg_strerror(rc));
  return 0;
}

int main(int argc, char **argv) {
  options o = {0};
  if (parse_args(argc, argv, &o))
    return 1;
  if (o.list)
    list_catalogue();
  peg_board *b = NULL;
  if (load_board(&o, &b))
    return 1;
  FILE *out = cli_open_output(o.files.output);
  if (!out) {
    peg_board_free(b);
    return cli_error("%s: cannot open for writing: %s",
                     cli_name(o.files.output, true), strerror(errno));
  }
  int rc, write_error = 0;
  if (o.write_board) {
    char *text = peg_board_text(b, NULL);
    rc = text ? (fputs(text, out), 0) : cli_error("out of memory");
    free(text);
  } else
    rc = write_clauses(b, &o, out, &write_error);
  peg_board_free(b);
  /* A failure above has been reported; close without a second message. */
  if (rc) {
    cli_discard_output(out, o.files.output);
    return 1;
  }
  return cli_close_output(out, o.files.output, write_error);
}
