/* pegweb.c - what peg.html asks of libpeg and libdpll (pegweb.h), compiled
 * to WebAssembly with the libraries and read by tools/web/page.js and
 * tools/web/worker.js.
 *
 * Progress: while a solve runs, web_js_progress (tools/web/library.js)
 * gets the elapsed milliseconds, the conflicts and learned clauses so far
 * and the plays counted, at most every 200 ms; natively it is a no-op. */
#include "pegweb.h"

#include <dpll.h>
#include <peg.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pegsolver.h"
#include "tooldefaults.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define WEB_API EMSCRIPTEN_KEEPALIVE
extern void web_js_progress(double ms, double conflicts, double learned,
                            double found);
static double now_ms(void) { return emscripten_get_now(); }
#else /* a native build, for compiling and checking the calls */
#include <time.h>
#define WEB_API
static void web_js_progress(double ms, double conflicts, double learned,
                            double found) {
  (void)ms, (void)conflicts, (void)learned, (void)found;
}
static double now_ms(void) { return (double)clock() * 1000.0 / CLOCKS_PER_SEC; }
#endif

#define PROGRESS_MS 200.0

/* ---- JSON text ----------------------------------------------------------- */

typedef struct json {
  char *s;
  size_t len, cap;
  int failed; /* memory ran out: the result is NULL */
} json;

static void put(json *j, const char *fmt, ...) {
  if (j->failed)
    return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(j->s ? j->s + j->len : NULL, j->s ? j->cap - j->len : 0,
                      fmt, ap);
    va_end(ap);
    if (n < 0) {
      j->failed = 1;
      return;
    }
    if (j->s && j->len + (size_t)n < j->cap) {
      j->len += (size_t)n;
      return;
    }
    size_t cap = (j->cap ? j->cap * 2 : 256) + (size_t)n;
    char *s = realloc(j->s, cap);
    if (!s) {
      j->failed = 1;
      return;
    }
    j->s = s;
    j->cap = cap;
  }
}

/* s as a JSON string. */
static void put_string(json *j, const char *s) {
  put(j, "\"");
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      put(j, "\\%c", c);
    else if (c < 0x20)
      put(j, "\\u%04x", c);
    else
      put(j, "%c", c);
  }
  put(j, "\"");
}

static void put_jumps(json *j, const char *name, const peg_jump *jumps,
                      size_t n) {
  put(j, ",\"%s\":[", name);
  for (size_t i = 0; i < n; i++)
    put(j, "%s[%d,%d,%d]", i ? "," : "", jumps[i].from, jumps[i].over,
        jumps[i].to);
  put(j, "]");
}

/* Closes the object and hands it over (NULL if memory ran out). */
static char *done(json *j) {
  put(j, "}");
  if (j->failed) {
    free(j->s);
    return NULL;
  }
  return j->s;
}

static char *error_object(const char *message) {
  json j = {0};
  put(&j, "{\"ok\":0,\"message\":");
  put_string(&j, message);
  return done(&j);
}

/* The answer of a call: j, or for a failure (rc < 0) the error object. */
static char *answer(json *j, int rc) {
  if (rc >= 0)
    return done(j);
  free(j->s);
  return error_object(peg_strerror(rc));
}

/* ---- The puzzle from its parts ----------------------------------------- */

/* The numbers in text (blanks or commas between), in a new array *v;
 * their count, or -1 if text holds anything else or memory runs out. */
static int numbers(const char *text, int **v) {
  size_t n = 0, cap = strlen(text) / 2 + 1;
  if (!(*v = malloc(cap * sizeof **v)))
    return -1;
  for (;;) {
    while (*text == ' ' || *text == ',')
      text++;
    if (!*text)
      return (int)n;
    char *end;
    long x = strtol(text, &end, 10);
    if (end == text || x < 0 || x > PEG_MAX_HOLES || n == cap) {
      free(*v);
      *v = NULL;
      return -1;
    }
    (*v)[n++] = (int)x;
    text = end;
  }
}

/* Applies "empty H", "pegs H...", "any" (goal only) or "" to b. */
static int set_part(peg_board *b, const char *spec, int is_goal) {
  int *v = NULL, rc, n = -1;
  if (!*spec)
    return 0;
  if (is_goal && !strcmp(spec, "any"))
    return peg_board_set_goal(b, NULL, 0);
  if (!is_goal && !strncmp(spec, "empty ", 6)) {
    n = numbers(spec + 6, &v);
    rc = n == 1 ? peg_board_set_empty(b, v[0]) : PEG_EINVAL;
  } else if (!strncmp(spec, "pegs", 4) && (n = numbers(spec + 4, &v)) > 0)
    rc = is_goal ? peg_board_set_goal(b, v, (size_t)n)
                 : peg_board_set_start(b, v, (size_t)n);
  else
    rc = PEG_EINVAL;
  free(v);
  return rc;
}

/* The puzzle: *b from text, start and goal, checked.  On failure returns
 * the error object for the page (with line and column for the text). */
static char *puzzle(const char *text, const char *start, const char *goal,
                    peg_board **b) {
  peg_error err = {0};
  int rc = peg_board_parse(text, strlen(text), b, &err);
  if (rc) {
    json j = {0};
    put(&j, "{\"ok\":0,\"line\":%ld,\"column\":%ld,\"message\":", err.line,
        err.column);
    put_string(&j, rc == PEG_ENOMEM ? "out of memory" : err.message);
    return done(&j);
  }
  char message[300];
  if ((rc = set_part(*b, start, 0)))
    snprintf(message, sizeof message, "the start: %s", peg_strerror(rc));
  else if ((rc = set_part(*b, goal, 1)))
    snprintf(message, sizeof message, "the goal: %s", peg_strerror(rc));
  else if ((rc = peg_board_check(*b, &err)))
    snprintf(message, sizeof message, "%s", err.message);
  if (!rc)
    return NULL;
  peg_board_free(*b);
  *b = NULL;
  return error_object(message);
}

/* A game: the puzzle b, the jumps played by hand, and pos, the board that
 * starts where they leave (b itself when none was played). */
typedef struct game {
  peg_board *b, *pos;
  peg_jump *played;
  size_t n;
} game;

static void game_free(game *g) {
  if (g->pos != g->b)
    peg_board_free(g->pos);
  peg_board_free(g->b);
  free(g->played);
  *g = (game){0};
}

/* Reads played into g->played; 0, or the number (from 1) of the first
 * jump that cannot be made, or -1 if the text is not triples of numbers or
 * memory runs out. */
static int read_played(game *g, const char *played) {
  int *v, k = numbers(played, &v);
  if (k < 0 || k % 3) {
    free(v);
    return -1;
  }
  g->n = (size_t)k / 3;
  g->played = malloc((g->n + 1) * sizeof *g->played);
  unsigned char *pegs = malloc((size_t)peg_board_holes(g->b) + 1);
  int bad = g->played && pegs ? 0 : -1;
  for (size_t i = 0; i < g->n && !bad; i++)
    g->played[i] = (peg_jump){v[3 * i], v[3 * i + 1], v[3 * i + 2]};
  if (!bad && g->n && peg_start_pegs(g->b, g->played, pegs))
    bad = 1;
  for (size_t i = 0; i < g->n && !bad; i++)
    if (peg_apply(g->b, pegs, g->played[i]))
      bad = (int)i + 1;
  free(v);
  free(pegs);
  return bad;
}

/* Opens the game; on failure returns the error object. */
static char *game_open(game *g, const char *text, const char *start,
                       const char *goal, const char *played) {
  *g = (game){0};
  char *e = puzzle(text, start, goal, &g->b);
  if (e)
    return e;
  char message[200];
  int bad = read_played(g, played), rc = 0;
  if (bad > 0)
    snprintf(message, sizeof message,
             "played jump %d (%d over %d into %d) cannot be made", bad,
             g->played[bad - 1].from, g->played[bad - 1].over,
             g->played[bad - 1].to);
  else if (bad < 0)
    snprintf(message, sizeof message, "the played jumps: %s",
             peg_strerror(PEG_EINVAL));
  else if (!g->n)
    g->pos = g->b;
  else if ((rc = peg_board_after(g->b, g->played, g->n, &g->pos)))
    snprintf(message, sizeof message, "%s", peg_strerror(rc));
  if (!bad && !rc)
    return NULL;
  game_free(g);
  return error_object(message);
}

/* ---- Progress ------------------------------------------------------------ */

typedef struct progress {
  dpll_solver *s;
  double started, last;
  uint64_t found; /* plays counted so far */
  unsigned polls; /* the clock is read at every POLL_CLOCK-th poll only: a
                     call out of WebAssembly costs as much as a decision */
} progress;

#define POLL_CLOCK 256u

static void report(progress *p, int force) {
  double t = now_ms();
  if (!force && t - p->last < PROGRESS_MS)
    return;
  p->last = t;
  dpll_stats st;
  dpll_get_stats(p->s, &st);
  web_js_progress(t - p->started, (double)st.conflicts, (double)st.learned,
                  (double)p->found);
}

/* The terminate callback: reports, never stops (the page stops a solve by
 * ending its worker). */
static int poll(void *ctx) {
  progress *p = ctx;
  if (++p->polls % POLL_CLOCK == 0)
    report(p, 0);
  return 0;
}

static void progress_start(progress *p, dpll_solver *s) {
  *p = (progress){s, now_ms(), now_ms(), 0, 0};
  dpll_set_terminate(s, poll, p);
  report(p, 1);
}

/* ---- The calls ----------------------------------------------------------- */

WEB_API void web_free(void *p) { free(p); }

/* web_catalogue: pegweb.h. */
WEB_API char *web_catalogue(const char *name) {
  peg_board *b;
  int rc = peg_board_named(name, &b);
  if (rc)
    return error_object(rc == PEG_ENAME ? "no such board in the catalogue"
                                        : peg_strerror(rc));
  char *text = peg_board_text(b, NULL);
  peg_board_free(b);
  if (!text)
    return NULL;
  json j = {0};
  put(&j, "{\"ok\":1,\"text\":");
  put_string(&j, text);
  free(text);
  return done(&j);
}

static void put_holes(json *j, const char *name, const peg_board *b,
                      int (*get)(const peg_board *, int)) {
  int holes = peg_board_holes(b);
  if (get(b, 1) < 0) {
    put(j, ",\"%s\":null", name);
    return;
  }
  put(j, ",\"%s\":[0", name);
  for (int h = 1; h <= holes; h++)
    put(j, ",%d", get(b, h));
  put(j, "]");
}

/* web_info: pegweb.h. */
WEB_API char *web_info(const char *text, const char *start, const char *goal) {
  peg_board *b;
  char *e = puzzle(text, start, goal, &b);
  if (e)
    return e;
  json j = {0};
  int holes = peg_board_holes(b);
  put(&j, "{\"ok\":1,\"holes\":%d,\"layout\":%d,\"pos\":[", holes,
      peg_board_layout(b));
  for (int h = 1; h <= holes; h++) {
    int r = 0, c = 0;
    peg_board_position(b, h, &r, &c);
    put(&j, "%s[%d,%d]", h > 1 ? "," : "", r, c);
  }
  put(&j, "],\"triples\":[");
  for (size_t i = 0; i < peg_board_num_triples(b); i++) {
    int t[3];
    peg_board_triple(b, i, t);
    put(&j, "%s[%d,%d,%d]", i ? "," : "", t[0], t[1], t[2]);
  }
  put(&j, "]");
  put_holes(&j, "start", b, peg_board_start);
  put_holes(&j, "goal", b, peg_board_goal);
  char *board_text = peg_board_text(b, NULL);
  put(&j, ",\"text\":");
  put_string(&j, board_text);
  free(board_text);
  peg_board_free(b);
  return done(&j);
}

/* Why no play reaches the goal from pos, when the classes show it. */
static void put_why(json *j, const peg_board *pos) {
  char *why = NULL;
  put(j, ",\"why\":");
  if (peg_explain(pos, &why) == 1)
    put_string(j, why);
  else
    put(j, "null");
  free(why);
}

/* Solves g's position with s, the model's jumps after g's played ones
 * in play; 0 (solved), 1 (no play) or a code. */
static int solve_from(const game *g, const peg_solver *s, peg_jump *play) {
  int rc;
  peg_encoding *e = peg_encoding_new(g->pos, &rc);
  if (!e)
    return rc;
  rc = peg_encoding_emit(e, s->add, s->ctx);
  progress p;
  progress_start(&p, s->ctx);
  int answer = rc ? rc : s->solve(s->ctx, NULL, 0);
  report(&p, 1);
  if (answer == DPLL_SAT)
    rc = peg_decode(e, s->value, s->ctx, play + g->n, NULL);
  else if (!rc)
    rc = answer == DPLL_UNSAT ? 1 : PEG_ESOLVER;
  peg_encoding_free(e);
  return rc;
}

/* web_solve: pegweb.h. */
WEB_API char *web_solve(const char *text, const char *start, const char *goal,
                        const char *played) {
  game g;
  char *e = game_open(&g, text, start, goal, played);
  if (e)
    return e;
  size_t t =
      g.n + (size_t)(peg_board_start_pegs(g.pos) - peg_board_goal_pegs(g.pos));
  peg_jump *play = malloc((t + 1) * sizeof *play);
  peg_solver s = {0};
  int rc = play ? pegsolver_open(&s) : PEG_ENOMEM;
  rc = rc ? rc : dpll_tool_defaults(s.ctx, NULL) ? PEG_ESOLVER : 0;
  if (!rc && g.n)
    memcpy(play, g.played, g.n * sizeof *play);
  rc = rc ? rc : solve_from(&g, &s, play);
  /* The whole play, checked again from the puzzle's own start. */
  if (!rc && peg_replay(g.b, play, t, NULL))
    rc = PEG_EPLAY;
  json j = {0};
  if (rc == 0) {
    put(&j, "{\"ok\":1,\"state\":\"solved\"");
    put_jumps(&j, "jumps", play, t);
  } else if (rc == 1) {
    put(&j, "{\"ok\":1,\"state\":\"no-solution\"");
    put_why(&j, g.pos);
  }
  pegsolver_close(&s);
  free(play);
  game_free(&g);
  return answer(&j, rc);
}

/* web_hints: pegweb.h. */
WEB_API char *web_hints(const char *text, const char *start, const char *goal,
                        const char *played) {
  game g;
  char *e = game_open(&g, text, start, goal, played);
  if (e)
    return e;
  if (!g.n && peg_board_start(g.b, 1) < 0) {
    game_free(&g);
    return error_object("the solver chooses the empty hole: click the hole "
                        "to empty first, or set the start");
  }
  peg_solver s = {0};
  peg_hints h = {0};
  progress p;
  int rc = pegsolver_open(&s);
  if (!rc) {
    progress_start(&p, s.ctx);
    rc = peg_hints_find(g.pos, &s, &h);
  }
  json j = {0};
  put(&j, "{\"ok\":1,\"played\":%zu,\"steps\":%zu,\"hints\":[", g.n, h.steps);
  size_t wins = 0;
  for (size_t i = 0; !rc && i < h.count; i++) {
    peg_jump a = h.jumps[i];
    put(&j, "%s{\"jump\":[%d,%d,%d],\"win\":%d", i ? "," : "", a.from, a.over,
        a.to, h.wins[i]);
    if (h.wins[i])
      put_jumps(&j, "play", h.plays + i * h.steps, h.steps);
    put(&j, "}");
    wins += h.wins[i] != 0;
  }
  put(&j, "],\"goal\":%d",
      !rc && !h.steps && !peg_replay(g.pos, NULL, 0, NULL));
  if (!wins)
    put_why(&j, g.pos);
  peg_hints_clear(&h);
  pegsolver_close(&s);
  game_free(&g);
  return answer(&j, rc);
}

static int counted(void *ctx, const peg_jump *jumps, size_t n) {
  (void)jumps, (void)n;
  progress *p = ctx;
  p->found++;
  report(p, 0);
  return 0;
}

/* web_count: pegweb.h. */
WEB_API char *web_count(const char *text, const char *start, const char *goal,
                        const char *played) {
  game g;
  char *e = game_open(&g, text, start, goal, played);
  if (e)
    return e;
  int rc;
  peg_encoding *enc = peg_encoding_new(g.pos, &rc);
  peg_solver s = {0};
  progress p = {0};
  uint64_t n = 0;
  if (enc && !(rc = pegsolver_open(&s))) {
    peg_encoding_set_option(enc, "canonical_order", 0);
    progress_start(&p, s.ctx);
    rc = peg_enumerate(enc, &s, 0, counted, &p, &n);
  }
  pegsolver_close(&s);
  peg_encoding_free(enc);
  game_free(&g);
  json j = {0};
  put(&j, "{\"ok\":1,\"count\":\"%llu\"", (unsigned long long)n);
  return answer(&j, rc);
}
