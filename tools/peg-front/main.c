/* peg-front - a peg-solitaire puzzle in; clauses for a SAT solver out, with
 * the key that peg-back needs to read the solver's answer. */
#include <peg.h>

#include "cli.h"
#include "cmdline.h"
#include "emit.h"
#include "pegsolver.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cli_tool = "peg-front";

/* The arguments: the table's walk, then what the table cannot say, in the
 * order the tool has always reported them. */
static int parse_args(int argc, char **argv, peg_front_options *o) {
  if (cli_parse(&peg_front_cli, argc, argv, o))
    return 1;
  if (o->exact)
    o->no_order = o->no_classes = 1;
  if (o->board && o->files.input)
    return cli_error("give a board file or --board, not both");
  if (o->count + o->hint + o->write_board + o->dimacs > 1)
    return cli_error("give at most one of --count, --hint, --write-board "
                     "and --dimacs");
  if (o->played && !o->hint)
    return cli_error("--played goes with --hint");
  if (o->threads && !o->hint && !o->count)
    return cli_error("--threads goes with --count or --hint");
  return cli_resolve(&peg_front_cli, o) || cli_files_done(&o->files);
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
static int load_board(const peg_front_options *o, peg_board **out) {
  peg_board *b = NULL;
  if (o->board) {
    int rc = peg_board_named(o->board, &b);
    if (rc == PEG_ENAME)
      return cli_error("no board called '%s' in the catalogue (see --list)",
                       o->board);
    if (rc)
      return cli_error("%s", peg_strerror(rc));
  } else {
    char *text;
    size_t size;
    if (cli_read_input(o->files.input, &text, &size))
      return 1;
    peg_error why;
    int rc = peg_board_parse(text, size, &b, &why);
    free(text);
    if (rc)
      return cli_input_error(o->files.input, rc == PEG_ENOMEM, why.line,
                             why.column, why.message);
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

/* The encoding of b with the options of the command line. */
static peg_encoding *encoding(const peg_board *b, const peg_front_options *o) {
  int rc;
  peg_encoding *e = peg_encoding_new(b, &rc);
  if (!e) {
    cli_error("%s", peg_strerror(rc));
    return NULL;
  }
  if (o->no_at_least_one)
    peg_encoding_set_option(e, "at_least_one", 0);
  if (o->no_order)
    peg_encoding_set_option(e, "canonical_order", 0);
  if (o->no_classes)
    peg_encoding_set_option(e, "position_classes", 0);
  if ((o->file_order && (rc = peg_encoding_set_option(e, "hole_order", 0))) ||
      (rc = peg_encoding_set_option(e, "at_most_one", o->amo.value))) {
    peg_encoding_free(e);
    cli_error("%s", peg_strerror(rc));
    return NULL;
  }
  return e;
}

/* --threads: the number of solvers (0: one per core), from 0 to
 * PEGSOLVER_MAX; 1 without the option. */
static int thread_count(const peg_front_options *o, size_t *n) {
  long long v = 1;
  if (o->threads && cli_number("--threads", o->threads, 0, PEGSOLVER_MAX, &v))
    return 1;
  *n = (size_t)v;
  return 0;
}

/* --count: every play, found by libdpll and forbidden in turn. */
static int count_plays(const peg_board *b, const peg_front_options *o,
                       FILE *out) {
  size_t solvers;
  if (thread_count(o, &solvers))
    return 1;
  peg_encoding *e = encoding(b, o);
  if (!e)
    return 1;
  peg_encoding_set_option(e, "canonical_order", 0);
  peg_solver s[PEGSOLVER_MAX];
  uint64_t n = 0;
  int rc = pegsolver_open_many(s, &solvers);
  if (!rc) {
    rc = peg_enumerate_parallel(e, s, solvers, 0, NULL, NULL, &n);
    pegsolver_close_many(s, solvers);
  }
  peg_encoding_free(e);
  if (rc)
    return cli_error("counting the plays: %s", peg_strerror(rc));
  fprintf(out, "%llu\n", (unsigned long long)n);
  return 0;
}

/* The position --hint starts from: b's start, after the --played jumps;
 * *played gets their number. */
static int position(const peg_board *b, const peg_front_options *o,
                    peg_board **pos, size_t *played) {
  peg_jump *jumps = NULL;
  *played = 0;
  if (o->played) {
    char *text;
    size_t size;
    if (cli_read_input(o->played, &text, &size))
      return 1;
    peg_error why;
    int rc = peg_play_parse(b, text, size, &jumps, played, &why);
    free(text);
    if (rc)
      return cli_input_error(o->played, rc == PEG_ENOMEM, why.line, why.column,
                             why.message);
  }
  int rc = peg_board_after(b, jumps, *played, pos);
  free(jumps);
  if (rc == PEG_EINVAL)
    return cli_error("the board lets the solver choose the empty hole: give "
                     "the position (--empty H, a start line, or --played)");
  if (rc)
    return cli_error("%s", peg_strerror(rc));
  peg_error why;
  if (peg_board_check(*pos, &why)) {
    peg_board_free(*pos);
    return cli_error("the position: %s", why.message);
  }
  return 0;
}

/* Writes jump j as peg-back would at time t. */
static void put_jump(FILE *out, peg_jump j, size_t t) {
  fprintf(out, "Jump(%d,%d,%d,%zu)", j.from, j.over, j.to, t);
}

/* --hint: each legal jump from the position, winning or losing. */
static int hint(const peg_board *b, const peg_front_options *o, FILE *out) {
  peg_board *pos;
  size_t played, solvers;
  if (thread_count(o, &solvers) || position(b, o, &pos, &played))
    return 1;
  peg_solver s[PEGSOLVER_MAX];
  peg_hints h;
  int rc = pegsolver_open_many(s, &solvers);
  if (!rc) {
    rc = peg_hints_find_parallel(pos, s, solvers, &h);
    pegsolver_close_many(s, solvers);
  }
  if (rc) {
    peg_board_free(pos);
    return cli_error("finding the hints: %s", peg_strerror(rc));
  }
  size_t wins = 0;
  for (size_t i = 0; i < h.count; i++) {
    put_jump(out, h.jumps[i], played + 1);
    if (h.wins[i]) {
      fputs(" wins:", out);
      for (size_t k = 0; k < h.steps; k++) {
        fputc(' ', out);
        put_jump(out, h.plays[i * h.steps + k], played + 1 + k);
      }
      fputc('\n', out);
      wins++;
    } else
      fputs(" loses: no play after it reaches the goal\n", out);
  }
  if (h.steps == 0)
    fprintf(out,
            "No jump to make: the position has the goal's number of "
            "pegs%s\n",
            peg_replay(pos, NULL, 0, NULL) ? ", but it is not the goal"
                                           : " and is the goal");
  else if (h.count == 0)
    fputs("No legal jump: the game is lost\n", out);
  else
    fprintf(out, "%zu of %zu legal jump%s win%s\n", wins, h.count,
            h.count == 1 ? "" : "s", h.count == 1 ? "s" : "");
  peg_hints_clear(&h);
  peg_board_free(pos);
  return 0;
}

/* emit_encoding: peg_encoding_emit in emit_problem's shape (emit.h). */
EMIT_ENCODER(peg)

/* Writes the clauses and the key; returns 0, or 1 after reporting an
 * error other than a failed write, which *write_error receives. */
static int write_clauses(const peg_board *b, const peg_front_options *o,
                         FILE *out, int *write_error) {
  peg_encoding *e = encoding(b, o);
  if (!e)
    return 1;
  const emit_front_encoding front = {peg_key_text(e, NULL),
                                     peg_encoding_atoms(e),
                                     peg_encoding_clauses(e),
                                     emit_encoding,
                                     e,
                                     peg_strerror};
  int rc = emit_front(out, o->dimacs, o->key_out, o->max_clauses, &front,
                      write_error);
  peg_encoding_free(e);
  return rc;
}

int main(int argc, char **argv) {
  peg_front_options o = {.amo = {NULL, PEG_AMO_PAIRWISE}};
  if (parse_args(argc, argv, &o))
    return 1;
  if (o.list)
    list_catalogue();
  peg_board *b = NULL;
  if (load_board(&o, &b))
    return 1;
  FILE *out = cli_open_output_or_report(o.files.output);
  if (!out) {
    peg_board_free(b);
    return 1;
  }
  int rc, write_error = 0;
  if (o.write_board) {
    char *text = peg_board_text(b, NULL);
    rc = text ? (fputs(text, out), 0) : cli_error("out of memory");
    free(text);
  } else if (o.count)
    rc = count_plays(b, &o, out);
  else if (o.hint)
    rc = hint(b, &o, out);
  else
    rc = write_clauses(b, &o, out, &write_error);
  peg_board_free(b);
  /* A failure above has been reported; close without a second message. */
  return cli_end_output(out, o.files.output, rc, write_error);
}
