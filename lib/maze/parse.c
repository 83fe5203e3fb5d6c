/* parse.c - reading a maze file (docs/maze.md): the nodes, the treasures,
 * the task, then a line per node; each error with the line and column of
 * the word it is about.  A copy of a puzzle is its text read back. */
#include "internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define WORD_SHOWN 40                  /* bytes of a word shown in a message */
#define MAX_WORDS (MAZE_MAX_NODES + 2) /* a node line may list every node */

typedef struct word {
  const char *text;
  size_t len;
  long column;
} word;

typedef struct parser {
  const char *p, *end;
  long line; /* of the line last split */
  word *words;
  size_t num_words, words_cap;
  maze_error *err;
  maze_puzzle *pz;
  long nodes_line;   /* where the first line was */
  long *node_column; /* [nodes]: each node's column there */
  long *node_line;   /* [nodes]: the line giving its links; 0 until then */
  size_t *link_at;   /* [nodes]: where its links start in links */
  int *link_count;   /* [nodes]: how many */
  long *listed;      /* [nodes]: the last line that listed it as a link */
  int *links;        /* every node line's links, in the order of the file */
  size_t num_links, links_cap;
} parser;

static int add_word(parser *ps, const char *w, size_t len, long column) {
  void *words = ps->words;
  if (ps->num_words == MAX_WORDS)
    return maze__fail(ps->err, MAZE_EPARSE, ps->line, column,
                      "too many words on one line (at most %d)", MAX_WORDS);
  if (maze__grow(&words, &ps->words_cap, ps->num_words + 1, sizeof(word)))
    return maze__fail(ps->err, MAZE_ENOMEM, 0, 0, "out of memory");
  ps->words = words;
  ps->words[ps->num_words++] = (word){w, len, column};
  return 0;
}

/* Splits the next line into words, up to a '#'; *more says whether there
 * was a line.  Returns 0, or MAZE_EPARSE for a control byte. */
static int next_line(parser *ps, bool *more) {
  *more = false;
  if (ps->p >= ps->end)
    return 0;
  const char *start = ps->p;
  const char *nl = memchr(start, '\n', (size_t)(ps->end - start));
  const char *stop = nl ? nl : ps->end;
  ps->line++;
  ps->num_words = 0;
  for (const char *q = start; q < stop && *q != '#';) {
    if (common__is_blank(*q)) {
      q++;
      continue;
    }
    const char *w = q;
    for (; q < stop && !common__is_blank(*q) && *q != '#'; q++)
      if ((unsigned char)*q < 0x20 || *q == 0x7f)
        return maze__fail(ps->err, MAZE_EPARSE, ps->line, q - start + 1,
                          "a control character (byte 0x%02X) in a name",
                          (unsigned char)*q);
    int rc = add_word(ps, w, (size_t)(q - w), w - start + 1);
    if (rc)
      return rc;
  }
  ps->p = nl ? nl + 1 : ps->end;
  *more = true;
  return 0;
}

/* The next line with a word on it; false at the end of the file. */
static int next_content(parser *ps, bool *more) {
  int rc;
  do
    rc = next_line(ps, more);
  while (!rc && *more && ps->num_words == 0);
  return rc;
}

static const char *shown(const word *w, char *buf, size_t size) {
  return common__printable(w->text, w->len, WORD_SHOWN, COMMON_SHOWN_NAMES, buf,
                           size);
}

static bool word_is(const word *w, const char *s) {
  return w->len == strlen(s) && !memcmp(w->text, s, w->len);
}

/* Fails with the message pre, the word w (shown), post. */
static int fail_word(parser *ps, const word *w, const char *pre,
                     const char *post) {
  char buf[64];
  return maze__fail(ps->err, MAZE_EPARSE, ps->line, w->column, "%s%s%s", pre,
                    shown(w, buf, sizeof buf), post);
}

/* Checks that w can name a node or a treasure (what: "node"). */
static int check_name(parser *ps, const word *w, const char *what) {
  char buf[64];
  if (word_is(w, MAZE__NONE))
    return maze__fail(ps->err, MAZE_EPARSE, ps->line, w->column,
                      MAZE__NONE " is a keyword (no treasure), not a %s name",
                      what);
  if (w->len > MAZE_MAX_NAME)
    return maze__fail(ps->err, MAZE_EPARSE, ps->line, w->column,
                      "the name '%s' is longer than %d bytes",
                      shown(w, buf, sizeof buf), MAZE_MAX_NAME);
  return 0;
}

/* Adds the words of the current line to names (nodes or treasures). */
static int add_names(parser *ps, maze_names *names, const char *what,
                     int most) {
  char buf[64];
  for (size_t i = 0; i < ps->num_words; i++) {
    const word *w = &ps->words[i];
    int rc = check_name(ps, w, what);
    if (rc)
      return rc;
    int k = maze__names_find(names, w->text, w->len);
    if (k >= 0)
      return maze__fail(ps->err, MAZE_EPARSE, ps->line, w->column,
                        "the %s %s is listed twice (first as %s %d)", what,
                        shown(w, buf, sizeof buf), what, k + 1);
    if (names->count == most)
      return maze__fail(ps->err, MAZE_EPARSE, ps->line, w->column,
                        "more than %d %ss", most, what);
    if ((k = maze__names_add(names, w->text, w->len)) < 0)
      return maze__fail(ps->err, k, 0, 0, "out of memory");
  }
  return 0;
}

/* The first line: the nodes, one of them START; room for what each node
 * line will say. */
static int read_nodes(parser *ps) {
  int rc = add_names(ps, &ps->pz->nodes, "node", MAZE_MAX_NODES);
  if (rc)
    return rc;
  maze_puzzle *pz = ps->pz;
  size_t n = (size_t)pz->nodes.count;
  if ((pz->start =
           maze__names_find(&pz->nodes, MAZE__START, strlen(MAZE__START))) < 0)
    return maze__fail(ps->err, MAZE_EPARSE, ps->line, ps->words[0].column,
                      "no node is called " MAZE__START
                      " (where the player starts)");
  ps->nodes_line = ps->line;
  ps->node_column = malloc(n * sizeof *ps->node_column);
  ps->node_line = calloc(n, sizeof *ps->node_line);
  ps->listed = calloc(n, sizeof *ps->listed);
  ps->link_at = calloc(n, sizeof *ps->link_at);
  ps->link_count = calloc(n, sizeof *ps->link_count);
  pz->treasure_at = malloc(n * sizeof *pz->treasure_at);
  if (!ps->node_column || !ps->node_line || !ps->listed || !ps->link_at ||
      !ps->link_count || !pz->treasure_at)
    return maze__fail(ps->err, MAZE_ENOMEM, 0, 0, "out of memory");
  for (size_t i = 0; i < n; i++)
    ps->node_column[i] = ps->words[i].column;
  return 0;
}

/* The second line: the treasures, or NONE alone for none. */
static int read_treasures(parser *ps) {
  if (ps->num_words == 1 && word_is(&ps->words[0], MAZE__NONE))
    return 0;
  return add_names(ps, &ps->pz->treasures, "treasure", MAZE_MAX_TREASURES);
}

/* The third line: K, and the treasures to get. */
static int read_task(parser *ps) {
  maze_puzzle *pz = ps->pz;
  const word *k = &ps->words[0];
  long steps = 0;
  bool digits = k->len > 0;
  for (size_t i = 0; i < k->len && digits; i++) {
    digits = k->text[i] >= '0' && k->text[i] <= '9';
    if (digits && steps <= MAZE_MAX_STEPS)
      steps = 10 * steps + (k->text[i] - '0');
  }
  if (!digits)
    return fail_word(ps, k,
                     "expected the number of steps (a whole number from 0), "
                     "found '",
                     "'");
  if (steps > MAZE_MAX_STEPS)
    return maze__fail(ps->err, MAZE_EPARSE, ps->line, k->column,
                      "more than %d steps", MAZE_MAX_STEPS);
  pz->steps = (int)steps;
  pz->wanted = malloc(ps->num_words * sizeof *pz->wanted);
  if (!pz->wanted)
    return maze__fail(ps->err, MAZE_ENOMEM, 0, 0, "out of memory");
  for (size_t i = 1; i < ps->num_words; i++) {
    const word *w = &ps->words[i];
    int t = maze__names_find(&pz->treasures, w->text, w->len);
    if (t < 0)
      return fail_word(ps, w, "'", "' is not one of the treasures");
    for (int j = 0; j < pz->num_wanted; j++)
      if (pz->wanted[j] == t)
        return fail_word(ps, w, "the treasure ", " is asked for twice");
    pz->wanted[pz->num_wanted++] = t;
  }
  return 0;
}

/* The node's links, the words from the third on. */
static int read_links(parser *ps, int v) {
  const maze_puzzle *pz = ps->pz;
  size_t n = ps->num_words - 2;
  void *links = ps->links;
  if (maze__grow(&links, &ps->links_cap, ps->num_links + n, sizeof(int)))
    return maze__fail(ps->err, MAZE_ENOMEM, 0, 0, "out of memory");
  ps->links = links;
  ps->link_at[v] = ps->num_links;
  for (size_t i = 2; i < ps->num_words; i++) {
    const word *w = &ps->words[i];
    int m = maze__names_find(&pz->nodes, w->text, w->len);
    if (m < 0)
      return fail_word(ps, w, "'", "' is not one of the nodes");
    if (ps->listed[m] == ps->line)
      return fail_word(ps, w, "", " is listed twice on this line");
    ps->listed[m] = ps->line;
    ps->links[ps->num_links++] = m;
  }
  ps->link_count[v] = (int)n;
  return 0;
}

/* A node line: the node, its treasure or NONE, its links. */
static int read_node_line(parser *ps) {
  maze_puzzle *pz = ps->pz;
  const word *w = &ps->words[0];
  char buf[64];
  int v = maze__names_find(&pz->nodes, w->text, w->len);
  if (v < 0)
    return fail_word(ps, w, "'", "' is not one of the nodes");
  if (ps->node_line[v])
    return maze__fail(ps->err, MAZE_EPARSE, ps->line, w->column,
                      "%s has a line already (line %ld)",
                      shown(w, buf, sizeof buf), ps->node_line[v]);
  if (ps->num_words < 2)
    return maze__fail(ps->err, MAZE_EPARSE, ps->line,
                      w->column + (long)w->len + 1,
                      "expected the treasure at %s, or " MAZE__NONE,
                      shown(w, buf, sizeof buf));
  ps->node_line[v] = ps->line;
  const word *t = &ps->words[1];
  pz->treasure_at[v] = -1;
  if (!word_is(t, MAZE__NONE) && (pz->treasure_at[v] = maze__names_find(
                                      &pz->treasures, t->text, t->len)) < 0)
    return fail_word(ps, t, "'",
                     "' is not one of the treasures (or " MAZE__NONE ")");
  return read_links(ps, v);
}

/* After the last line: every node has had its line; the links in node
 * order. */
static int finish(parser *ps) {
  maze_puzzle *pz = ps->pz;
  int n = pz->nodes.count;
  for (int v = 0; v < n; v++)
    if (!ps->node_line[v])
      return maze__fail(
          ps->err, MAZE_EPARSE, ps->nodes_line, ps->node_column[v],
          "the node %s has no line saying where it leads", pz->nodes.name[v]);
  pz->link_start = malloc(((size_t)n + 1) * sizeof *pz->link_start);
  pz->links = malloc((ps->num_links + 1) * sizeof *pz->links);
  if (!pz->link_start || !pz->links)
    return maze__fail(ps->err, MAZE_ENOMEM, 0, 0, "out of memory");
  int at = 0;
  for (int v = 0; v < n; v++) {
    pz->link_start[v] = at;
    for (int l = 0; l < ps->link_count[v]; l++)
      pz->links[at++] = ps->links[ps->link_at[v] + (size_t)l];
  }
  pz->link_start[n] = at;
  assert((size_t)at == ps->num_links); /* every node line's links, once */
  return 0;
}

/* The lines in turn: what each says depends on how many came before. */
static int read_lines(parser *ps) {
  static const char *const missing[3] = {
      "no maze: the first line must list the nodes",
      ("the file ends before the line of treasures (" MAZE__NONE
       " if there are none)"),
      ("the file ends before the line with the number of steps and the "
       "treasures to get")};
  int rc = 0;
  bool more;
  for (int content = 0; !rc; content++) {
    if ((rc = next_content(ps, &more)))
      break;
    if (!more)
      return content < 3 ? maze__fail(ps->err, MAZE_EPARSE, ps->line + 1, 1,
                                      "%s", missing[content])
                         : finish(ps);
    rc = content == 0   ? read_nodes(ps)
         : content == 1 ? read_treasures(ps)
         : content == 2 ? read_task(ps)
                        : read_node_line(ps);
  }
  return rc;
}

static void parser_free(parser *ps) {
  COMMON_FREE_ALL(ps->words, ps->node_column, ps->node_line, ps->listed,
                  ps->link_at, ps->link_count, ps->links);
}

int maze__puzzle_parse(const char *text, size_t size, long line0,
                       maze_puzzle **out, maze_error *err) {
  if (common__begin(err, !out || (!text && size), MAZE_EINVAL))
    return MAZE_EINVAL;
  *out = NULL;
  parser ps = {.p = text ? text : "", .line = line0 - 1, .err = err};
  ps.end = ps.p + size;
  ps.pz = calloc(1, sizeof *ps.pz);
  int rc = ps.pz ? read_lines(&ps)
                 : maze__fail(err, MAZE_ENOMEM, 0, 0, "out of memory");
  parser_free(&ps);
  if (rc) {
    maze_puzzle_free(ps.pz);
    return rc;
  }
  *out = ps.pz;
  return 0;
}

int maze_puzzle_parse(const char *text, size_t size, maze_puzzle **out,
                      maze_error *err) {
  return maze__puzzle_parse(text, size, 1, out, err);
}

/* The copy goes through the canonical text, which the parser reads back
 * to the same puzzle: one way to build a puzzle, so one set of checks. */
maze_puzzle *maze_puzzle_copy(const maze_puzzle *p) {
  size_t size;
  char *text = p ? maze_puzzle_text(p, &size) : NULL;
  maze_puzzle *q = NULL;
  if (text && maze_puzzle_parse(text, size, &q, NULL))
    q = NULL;
  free(text);
  return q;
}
