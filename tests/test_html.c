/* test_html.c - lib/peg/html.c, peg_html's replay page, and peg-back
 * --html, which writes it.
 *
 * The page as text: the errors (PEG_EINVAL, PEG_EPLAY for jumps that are
 * not a legal play to the goal), nothing fetched from elsewhere (no
 * "http:", "<link", " src=", "@import", "url(" ...), one element
 * id="hole-H" per hole with the start's data-peg, one <li> per jump with
 * its Jump(A,B,C,I) and hole names, the six buttons and the counter; the
 * board in its shape (the centres of the holes of a triangle, a square
 * layout and a board without one, measured from the SVG); every allocation
 * made to fail in turn.
 *
 * The page in a browser: a copy of the page of a solved 15-hole triangle
 * with a driver script appended clicks the buttons (last, first, next T
 * times, prev, play until the end, pause; then first, play from the start
 * to the end, a click on a jump) and records after each click the counter
 * and the holes shown with data-peg="1"; headless Chromium runs it and
 * dumps the DOM, and every recorded state is checked against an
 * independent replay of the jumps on tests/pegcheck.c's triangle (which
 * shares no code with libpeg).  Again opened as FILE#step=6.  Without
 * Chromium (/usr/bin/chromium, or $CHROMIUM) the test is skipped.
 *
 * The tool: peg-back --html FILE writes exactly peg_html's page of its
 * solution and the usual jumps; with NO SOLUTION it writes no page and
 * says so; an unwritable FILE is exit 1, one line, nothing on standard
 * output and no FILE.
 *
 * Usage: test_html PEG-FRONT DPLL PEG-BACK */
#define _POSIX_C_SOURCE 200809L

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

#include "clitest.h"
#include "failalloc.h"
#include "pegcheck.h"
#include "testutil.h"

#define HANG_SECONDS 120 /* a browser run, or a tool under the sanitizers */

static char *front_tool; /* absolute paths of the three programs */
static char *dpll_tool;
static char *back_tool;
static char *tmp_dir; /* this run's scratch directory (mkdtemp) */

/* ---- Helpers ------------------------------------------------------------- */

/* The page of jumps[0..n-1] on b, which must be made; its length checked
 * against strlen. */
static char *page_of(const peg_board *b, const peg_jump *jumps, size_t n) {
  char *page = NULL;
  size_t size = 0;
  int rc = peg_html(b, jumps, n, &page, &size);
  CHECK(rc == 0 && page, "peg_html gave %d (%s)", rc, peg_strerror(rc));
  CHECK(strlen(page) == size, "size %zu, strlen %zu", size, strlen(page));
  return page;
}

static size_t count(const char *s, const char *what) {
  size_t n = 0;
  for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
    n++;
  return n;
}

/* The <li> elements of page. */
static size_t items(const char *page) {
  return count(page, "<li>") + count(page, "<li ");
}

/* Whether s[0..len-1] is exactly the string want. */
static bool same_text(const char *s, size_t len, const char *want) {
  return len == strlen(want) && !memcmp(s, want, len);
}

static int add_clause(void *s, const int *lits, size_t n) {
  return dpll_add_clause(s, lits, n);
}

static int model_value(void *s, int atom) { return dpll_model(s, atom); }

/* A solution of b found by libdpll: its T jumps in *n, malloc'd. */
static peg_jump *solve(const peg_board *b, size_t *n) {
  peg_encoding *e = encode_default(b);
  dpll_solver *s = dpll_new();
  assert_non_null(s);
  assert_int_equal(peg_encoding_emit(e, add_clause, s), 0);
  assert_int_equal(dpll_solve(s), DPLL_SAT);
  int steps = peg_encoding_steps(e);
  peg_jump *jumps = malloc(((size_t)steps + 1) * sizeof *jumps);
  assert_non_null(jumps);
  peg_error why;
  int rc = peg_decode(e, model_value, s, jumps, &why);
  CHECK(rc == 0, "peg_decode: %s", why.message);
  *n = (size_t)steps;
  dpll_free(s);
  peg_encoding_free(e);
  return jumps;
}

/* The 15-hole triangle, hole 1 empty, solved; checked by pegcheck's own
 * triangle and replay, which *judge keeps. */
static peg_board *solved_triangle(peg_jump **jumps, size_t *n,
                                  pc_board *judge) {
  peg_board *b = named("triangle5", 1);
  *jumps = solve(b, n);
  pc_board_triangle(judge, 5, 1);
  int(*plain)[3] = malloc((*n + 1) * sizeof *plain);
  assert_non_null(plain);
  for (size_t i = 0; i < *n; i++) {
    plain[i][0] = (*jumps)[i].from;
    plain[i][1] = (*jumps)[i].over;
    plain[i][2] = (*jumps)[i].to;
  }
  char why[200];
  CHECK(pc_replay(judge, (const int(*)[3])plain, (int)*n, why, sizeof why),
        "pegcheck refuses the solution: %s", why);
  free(plain);
  return b;
}

/* The pegs after the first k jumps, replayed here on pegcheck's board
 * (libpeg plays no part): pegs[1..holes], which holds 65. */
static void pegs_after(const pc_board *judge, const peg_jump *jumps, size_t k,
                       unsigned char pegs[65]) {
  for (int h = 1; h <= judge->holes; h++)
    pegs[h] = judge->free_start ? h != jumps[0].to : judge->start[h];
  for (size_t i = 0; i < k; i++) {
    pegs[jumps[i].from] = pegs[jumps[i].over] = 0;
    pegs[jumps[i].to] = 1;
  }
}

/* ---- The page as text ---------------------------------------------------- */

static void test_errors(void **state) {
  (void)state;
  peg_board *b = named("triangle4", 1);
  peg_jump good[] = {{4, 2, 1}};
  char *page = (char *)"untouched";
  size_t size = 99;
  assert_int_equal(peg_html(NULL, good, 1, &page, &size), PEG_EINVAL);
  assert_null(page);
  assert_int_equal(peg_html(b, good, 1, NULL, &size), PEG_EINVAL);
  assert_int_equal(peg_html(b, NULL, 1, &page, NULL), PEG_EINVAL);
  assert_null(page);

  /* Not legal plays: no such jump, a jump from an empty hole, a jump
   * into a full one, and legal jumps that stop short of the goal. */
  static const struct {
    peg_jump jumps[2];
    size_t n;
  } bad[] = {
      {{{1, 2, 3}}, 1},            /* not a triple of the board */
      {{{1, 2, 4}}, 1},            /* hole 1 is empty */
      {{{4, 2, 1}, {6, 5, 4}}, 2}, /* fine so far, but not the goal */
      {{{4, 2, 1}, {7, 4, 2}}, 2}, /* 4 was emptied by the first jump */
      {{{0}}, 0},                  /* no jump: 9 pegs are not the goal */
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    page = (char *)"untouched";
    int rc = peg_html(b, bad[i].jumps, bad[i].n, &page, &size);
    CHECK(rc == PEG_EPLAY && page == NULL, "case %zu: gave %d", i, rc);
  }
  peg_board_free(b);
}

/* The page of the solved triangle: self-contained, one hole-H per hole
 * with the start's pegs, one <li> per jump, the buttons and the counter. */
static void test_page(void **state) {
  (void)state;
  peg_jump *jumps;
  size_t n;
  pc_board judge;
  peg_board *b = solved_triangle(&jumps, &n, &judge);
  char *page = page_of(b, jumps, n);
  assert_true(!strncmp(page, "<!DOCTYPE html>\n", 16));
  assert_true(ends_with(page, "</html>\n"));
  static const char *const outside[] = {
      "http:", "https:", "<link",   " src=",  "@import",       "url(",
      "//cdn", "<img",   "<iframe", "fetch(", "XMLHttpRequest"};
  for (size_t i = 0; i < sizeof outside / sizeof *outside; i++)
    CHECK(!strstr(page, outside[i]), "the page holds \"%s\"", outside[i]);
  /* Generic font families only. */
  for (const char *p = strstr(page, "font-family:"); p;
       p = strstr(p + 1, "font-family:")) {
    size_t len = strcspn(p, ";}\"");
    CHECK(same_text(p, len, "font-family:sans-serif") ||
              same_text(p, len, "font-family:monospace,monospace"),
          "a font that is not generic: %.*s", (int)len, p);
  }

  unsigned char pegs[65];
  pegs_after(&judge, jumps, 0, pegs);
  char want[512];
  for (int h = 1; h <= 16; h++) {
    snprintf(want, sizeof want, "id=\"hole-%d\"", h);
    CHECK(count(page, want) == (h <= 15), "%s appears %zu times", want,
          count(page, want));
    if (h <= 15) {
      snprintf(want, sizeof want,
               "id=\"hole-%d\" class=\"hole\" data-peg=\"%d\"", h, pegs[h]);
      CHECK(strstr(page, want), "no %s", want);
    }
  }
  CHECK(count(page, " data-peg=") == 15, "%zu data-peg attributes",
        count(page, " data-peg="));
  CHECK(items(page) == n, "%zu <li>, %zu jumps", items(page), n);
  char name[3][64];
  for (size_t i = 0; i < n; i++) {
    peg_hole_name(b, jumps[i].from, name[0], sizeof name[0]);
    peg_hole_name(b, jumps[i].over, name[1], sizeof name[1]);
    peg_hole_name(b, jumps[i].to, name[2], sizeof name[2]);
    snprintf(want, sizeof want,
             "<li id=\"jump-%zu\">Jump(%d,%d,%d,%zu)<span> %s over %s to "
             "%s</span></li>",
             i + 1, jumps[i].from, jumps[i].over, jumps[i].to, i + 1, name[0],
             name[1], name[2]);
    CHECK(strstr(page, want), "no %s", want);
  }
  assert_non_null(strstr(page, "<ol id=\"jumps\">"));
  static const char *const buttons[] = {
      "id=\"first\">First<", "id=\"prev\">Previous<", "id=\"play\">Play<",
      "id=\"pause\">Pause<", "id=\"next\">Next<",     "id=\"last\">Last<"};
  for (size_t i = 0; i < 6; i++)
    CHECK(count(page, buttons[i]) == 1, "no button %s", buttons[i]);
  snprintf(want, sizeof want, ">Step 0 of %zu<", n);
  CHECK(count(page, "id=\"step\"") == 1 && strstr(page, want), "no %s", want);

  /* The same jumps give the same page. */
  char *again = page_of(b, jumps, n);
  assert_string_equal(page, again);
  free(again);
  free(page);
  free(jumps);
  pc_board_free(&judge);
  peg_board_free(b);
}

/* The centre of hole h as the page draws it. */
static void centre(const char *page, int h, int *x, int *y) {
  char want[64];
  snprintf(want, sizeof want, "id=\"hole-%d\" ", h);
  const char *p = strstr(page, want);
  CHECK(p, "no hole %d", h);
  p = strstr(p, "<circle class=\"ring\" cx=\"");
  CHECK(p && sscanf(p, "<circle class=\"ring\" cx=\"%d\" cy=\"%d\"", x, y) == 2,
        "hole %d: no ring", h);
}

/* A board whose start of one peg is already the goal (no jump needed), so
 * that any shape can be drawn. */
static void one_peg(peg_board *b) {
  int hole = 1;
  assert_int_equal(peg_board_set_start(b, &hole, 1), 0);
}

/* The board in its shape: a triangle's rows centred, each row's holes a
 * spacing apart; a square layout on its grid; without a layout, holes in
 * number order on a grid of ceil(sqrt(N)) columns. */
static void test_shapes(void **state) {
  (void)state;
  peg_board *b = named("triangle5", 1);
  one_peg(b);
  char *page = page_of(b, NULL, 0);
  assert_non_null(strstr(page, ">Step 0 of 0<"));
  assert_int_equal(items(page), 0);
  int x1, y1, x2, y2, x3, y3, x, y, row, col;
  centre(page, 1, &x1, &y1);
  centre(page, 2, &x2, &y2);
  centre(page, 3, &x3, &y3);
  int dx = x3 - x2, dy = y2 - y1; /* a spacing, and a row's height */
  CHECK(dx > 0 && dy > 0 && y3 == y2 && x1 - x2 == dx / 2,
        "rows 1 and 2: (%d,%d) (%d,%d) (%d,%d)", x1, y1, x2, y2, x3, y3);
  for (int h = 1; h <= 15; h++) {
    assert_int_equal(peg_board_position(b, h, &row, &col), 0);
    centre(page, h, &x, &y);
    CHECK(2 * (x - x1) == (2 * col - row - 1) * dx && y - y1 == (row - 1) * dy,
          "triangle: hole %d (row %d column %d) at (%d,%d)", h, row, col, x, y);
  }
  free(page);
  peg_board_free(b);

  b = named("english", -1);
  one_peg(b);
  page = page_of(b, NULL, 0);
  centre(page, 1, &x1, &y1); /* row 1 column 3 */
  centre(page, 2, &x2, &y2); /* row 1 column 4 */
  dx = x2 - x1;
  CHECK(dx > 0 && y2 == y1, "english: holes 1 and 2 at (%d,%d) (%d,%d)", x1, y1,
        x2, y2);
  for (int h = 1; h <= 33; h++) {
    assert_int_equal(peg_board_position(b, h, &row, &col), 0);
    centre(page, h, &x, &y);
    CHECK(x - x1 == (col - 3) * dx && y - y1 == (row - 1) * dx,
          "square: hole %d (row %d column %d) at (%d,%d)", h, row, col, x, y);
  }
  free(page);
  peg_board_free(b);

  b = peg_board_new(10); /* 4 columns */
  assert_non_null(b);
  assert_int_equal(peg_board_add_triple(b, 1, 2, 3), 0);
  one_peg(b);
  page = page_of(b, NULL, 0);
  centre(page, 1, &x1, &y1);
  centre(page, 2, &x2, &y2);
  dx = x2 - x1;
  for (int h = 1; h <= 10; h++) {
    centre(page, h, &x, &y);
    CHECK(dx > 0 && x - x1 == (h - 1) % 4 * dx && y - y1 == (h - 1) / 4 * dx,
          "no layout: hole %d at (%d,%d)", h, x, y);
  }
  free(page);
  peg_board_free(b);
}

/* Every allocation of peg_html made to fail in turn: PEG_ENOMEM and no
 * page each time, then the same page as an unarmed call. */
static void test_out_of_memory(void **state) {
  (void)state;
  peg_jump *jumps;
  size_t n;
  pc_board judge;
  peg_board *b = solved_triangle(&jumps, &n, &judge);
  char *want = page_of(b, jumps, n);
  long failures = 0;
  for (oom.at = 0;; oom.at++) {
    oom_session();
    char *page = (char *)"untouched";
    size_t size = 0;
    oom.armed = true;
    int rc = peg_html(b, jumps, n, &page, &size);
    oom.armed = false;
    if (!oom.failed) {
      CHECK(rc == 0 && page && !strcmp(page, want),
            "allocation %ld: the page differs", oom.at);
      free(page);
      break;
    }
    CHECK(rc == PEG_ENOMEM && page == NULL,
          "allocation %ld failed: peg_html gave %d", oom.at, rc);
    failures++;
  }
  oom.at = -1;
  CHECK(failures >= 3, "only %ld allocations", failures);
  free(want);
  free(jumps);
  pc_board_free(&judge);
  peg_board_free(b);
}

/* ---- The page in a browser ----------------------------------------------- */

/* The driver: clicks, and after each one a line "LABEL|COUNTER|PEGS"
 * (PEGS: the numbers of the holes shown with data-peg="1", in the page's
 * order), in <pre id="record">, which ends with the line END.  %d is T. */
static const char driver[] =
    "<script>\n"
    "(function () {\n"
    "  var T = %d, out = [], last = null, polls = 0;\n"
    "  function byId(id) { return document.getElementById(id); }\n"
    "  function rec(label) {\n"
    "    var pegs = [], all = document.querySelectorAll(\"[data-peg]\");\n"
    "    for (var i = 0; i < all.length; i++)\n"
    "      if (all[i].getAttribute(\"data-peg\") === \"1\")\n"
    "        pegs.push(all[i].id.replace(\"hole-\", \"\"));\n"
    "    last = byId(\"step\").textContent;\n"
    "    out.push(label + \"|\" + last + \"|\" + pegs.join(\" \"));\n"
    "  }\n"
    "  function click(id) { byId(id).click(); rec(id); }\n"
    "  function finish() {\n"
    "    var pre = document.createElement(\"pre\");\n"
    "    pre.id = \"record\";\n"
    "    pre.textContent = out.join(\"\\n\") + \"\\nEND\\n\";\n"
    "    document.body.appendChild(pre);\n"
    "  }\n"
    "  function playToEnd(then) {\n"
    "    click(\"play\");\n"
    "    (function wait() {\n"
    "      var now = byId(\"step\").textContent;\n"
    "      if (now !== last) rec(\"tick\");\n"
    "      if (now === \"Step \" + T + \" of \" + T || ++polls > 100 * T) {\n"
    "        click(\"pause\");\n"
    "        then();\n"
    "      } else setTimeout(wait, 50);\n"
    "    })();\n"
    "  }\n"
    "  rec(\"load\");\n"
    "  click(\"last\");\n"
    "  click(\"first\");\n"
    "  for (var i = 0; i < T; i++) click(\"next\");\n"
    "  click(\"prev\");\n"
    "  playToEnd(function () {\n"
    "    click(\"first\");\n"
    "    playToEnd(function () {\n"
    "      byId(\"jump-\" + Math.min(5, T)).click();\n"
    "      rec(\"jump\");\n"
    "      finish();\n"
    "    });\n"
    "  });\n"
    "})();\n"
    "</script>\n";

/* The browser, or NULL if there is none. */
static const char *chromium(void) {
  const char *env = getenv("CHROMIUM");
  const char *path = env && *env ? env : "/usr/bin/chromium";
  return access(path, X_OK) == 0 ? path : NULL;
}

/* Runs the browser on file://path#hash (hash may be ""); its DOM in *dom. */
static bool run_browser(const char *browser, const char *path, const char *hash,
                        buffer *dom) {
  char profile[4096], url[4200], name[4300];
  join(profile, sizeof profile, tmp_dir, "chromium-profile");
  snprintf(url, sizeof url, "file://%s%s", path, hash);
  snprintf(name, sizeof name, "chromium %s", url);
  char profile_arg[4200];
  snprintf(profile_arg, sizeof profile_arg, "--user-data-dir=%s", profile);
  const char *args[] = {"--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--no-first-run",
                        profile_arg,
                        "--virtual-time-budget=30000",
                        "--dump-dom",
                        url,
                        NULL};
  run_result r = {0};
  run_argv(&r, browser, tmp_dir, NULL, NULL, args);
  bool ok = expect_exit(name, &r, 0);
  buffer_clear(dom);
  buffer_add(dom, r.out.data, r.out.len);
  run_free(&r);
  return ok;
}

/* What step the record's line i should show, given the one before (prev):
 * the driver's clicks in order (see driver). */
static bool expected_step(const char *label, int prev, int load, int t,
                          int *k) {
  if (!strcmp(label, "load"))
    *k = load;
  else if (!strcmp(label, "last") || !strcmp(label, "pause"))
    *k = t;
  else if (!strcmp(label, "first"))
    *k = 0;
  else if (!strcmp(label, "next") || !strcmp(label, "tick"))
    *k = prev + 1;
  else if (!strcmp(label, "prev"))
    *k = prev - 1;
  else if (!strcmp(label, "play"))
    *k = prev;
  else if (!strcmp(label, "jump"))
    *k = t < 5 ? t : 5;
  else
    return false;
  return true;
}

/* Checks one line "LABEL|Step K of T|PEGS" against the replay: *step is
 * the step of the line before, and becomes this one's. */
static void check_line(const char *name, const char *line, int load,
                       const pc_board *judge, const peg_jump *jumps, int t,
                       int *step, char *seq, size_t seq_size) {
  char label[16], counter[64], want[64];
  const char *bar = strchr(line, '|'), *bar2 = bar ? strchr(bar + 1, '|') : 0;
  if (!bar2 || bar - line >= (long)sizeof label ||
      bar2 - bar - 1 >= (long)sizeof counter) {
    failure(name, "malformed record line \"%s\"", line);
    return;
  }
  snprintf(label, sizeof label, "%.*s", (int)(bar - line), line);
  snprintf(counter, sizeof counter, "%.*s", (int)(bar2 - bar - 1), bar + 1);
  int k;
  if (!expected_step(label, *step, load, t, &k)) {
    failure(name, "unknown record label \"%s\"", label);
    return;
  }
  *step = k;
  size_t used = strlen(seq);
  snprintf(seq + used, seq_size - used, "%s%s=%d", used ? " " : "", label, k);
  snprintf(want, sizeof want, "Step %d of %d", k, t);
  if (strcmp(counter, want))
    failure(name, "after %s: the counter says \"%s\", expected \"%s\"", label,
            counter, want);
  unsigned char pegs[65];
  pegs_after(judge, jumps, (size_t)k, pegs);
  buffer shown = {0};
  for (int h = 1; h <= judge->holes; h++)
    if (pegs[h]) {
      char num[16];
      snprintf(num, sizeof num, "%s%d", shown.len ? " " : "", h);
      buffer_str(&shown, num);
    }
  buffer_str(&shown, "");
  if (strcmp(bar2 + 1, shown.data))
    failure(name,
            "after %s, at step %d: pegs shown in holes \"%s\", the "
            "replay has \"%s\"",
            label, k, bar2 + 1, shown.data);
  buffer_free(&shown);
}

/* Checks the driver's record in dom; returns the sequence of labels and
 * steps seen, into seq. */
static void check_record(const char *name, const buffer *dom, int load,
                         const pc_board *judge, const peg_jump *jumps, int t,
                         char *seq, size_t seq_size) {
  const char *start = strstr(dom->data, "<pre id=\"record\">");
  const char *end = start ? strstr(start, "\nEND\n</pre>") : NULL;
  seq[0] = '\0';
  if (!end) {
    failure(name, "no complete record in the DOM: \"%s\"", SHOW(*dom));
    return;
  }
  char *text = strndup(start + 17, (size_t)(end - start - 17));
  assert_non_null(text);
  int step = -1, lines = 0;
  for (char *save, *line = strtok_r(text, "\n", &save); line;
       line = strtok_r(NULL, "\n", &save), lines++)
    check_line(name, line, load, judge, jumps, t, &step, seq, seq_size);
  free(text);
  /* load, last, first, T next, prev, play, tick, pause, first, play, T
   * ticks, pause, jump */
  if (lines != 2 * t + 11)
    failure(name, "%d lines recorded, expected %d: %s", lines, 2 * t + 11, seq);
}

/* The page of the solved triangle, driven in Chromium from step 0 and from
 * #step=6: every state shown is the replay's. */
static void test_browser(void **state) {
  (void)state;
  const char *browser = chromium();
  if (!browser) {
    print_message("test_html: chromium not found, browser test skipped\n");
    skip();
  }
  begin_cases();
  peg_jump *jumps;
  size_t n;
  pc_board judge;
  peg_board *b = solved_triangle(&jumps, &n, &judge);
  char *page = page_of(b, jumps, n);
  char *body = strstr(page, "</body>");
  assert_non_null(body);
  buffer copy = {0}, dom = {0};
  char script[sizeof driver + 16], path[4096];
  snprintf(script, sizeof script, driver, (int)n);
  buffer_add(&copy, page, (size_t)(body - page));
  buffer_str(&copy, script);
  buffer_str(&copy, body);
  join(path, sizeof path, tmp_dir, "driven.html");
  write_file(path, copy.data, copy.len);

  static const struct {
    const char *hash;
    int load;
  } runs[] = {{"", 0}, {"#step=6", 6}};
  char seq[4096];
  for (size_t i = 0; i < 2; i++) {
    char name[64];
    snprintf(name, sizeof name, "chromium, page%s", runs[i].hash);
    double t0 = now();
    if (run_browser(browser, path, runs[i].hash, &dom)) {
      check_record(name, &dom, runs[i].load, &judge, jumps, (int)n, seq,
                   sizeof seq);
      print_message("%s: %.1f s: %s\n", name, now() - t0, seq);
    }
  }
  buffer_free(&copy);
  buffer_free(&dom);
  free(page);
  free(jumps);
  pc_board_free(&judge);
  peg_board_free(b);
  end_cases("browser");
}

/* ---- peg-back --html ----------------------------------------------------- */

/* peg-front ARGS | dpll into tmp/answer.txt; false after a failure. */
static bool answer_of(const char *name, const char *const *front_args) {
  char front[4096], answer[4096];
  join(front, sizeof front, tmp_dir, "front.txt");
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  write_file(front, "", 0);
  write_file(answer, "", 0);
  run_result r = {0};
  const char *dpll_args[] = {front, NULL};
  run_argv(&r, front_tool, tmp_dir, NULL, front, front_args);
  bool ok = expect_exit(name, &r, 0);
  if (ok) {
    run_argv(&r, dpll_tool, tmp_dir, NULL, answer, dpll_args);
    ok = expect_exit(name, &r, 0);
  }
  run_free(&r);
  return ok;
}

/* The jumps of peg-back's output, "Jump(A,B,C,I)" lines. */
static size_t parse_jumps(const buffer *out, peg_jump *jumps, size_t most) {
  size_t n = 0;
  int used = 0, i;
  for (const char *p = out->data; n < most && *p; p += used + 1) {
    peg_jump *j = &jumps[n];
    if (sscanf(p, "Jump(%d,%d,%d,%d)%n", &j->from, &j->over, &j->to, &i,
               &used) != 4 ||
        p[used] != '\n' || i != (int)n + 1)
      break;
    n++;
  }
  return n;
}

static void test_tool(void **state) {
  (void)state;
  begin_cases();
  char answer[4096], html[4096], bad[4096];
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  join(html, sizeof html, tmp_dir, "replay.html");
  join(bad, sizeof bad, tmp_dir, "no-such-directory/replay.html");
  run_result r = {0}, plain = {0};
  buffer page = {0}, want = {0};

  /* Solved: the usual jumps, and exactly peg_html's page of them. */
  const char *name = "peg-back --html FILE, solved";
  const char *front_args[] = {"--board", "triangle5", NULL};
  const char *plain_args[] = {answer, NULL};
  const char *html_args[] = {"--html", html, answer, NULL};
  if (answer_of(name, front_args)) {
    run_argv(&plain, back_tool, tmp_dir, NULL, NULL, plain_args);
    run_argv(&r, back_tool, tmp_dir, NULL, NULL, html_args);
    peg_jump jumps[16];
    size_t n = parse_jumps(&r.out, jumps, 16);
    if (expect_exit(name, &r, 0) && expect_empty(name, "stderr", &r.err) &&
        expect_bytes(name, "stdout", &r.out, &plain.out)) {
      peg_board *b = named("triangle5", 1);
      char *expected = NULL;
      peg_html(b, jumps, n, &expected, NULL); /* NULL if not a legal play */
      if (n != 13 || !expected)
        failure(name, "%zu jumps, no legal play: \"%s\"", n, SHOW(r.out));
      else if (!read_file(html, &page))
        failure(name, "no %s", html);
      else {
        buffer_str(&want, expected);
        expect_bytes(name, html, &page, &want);
      }
      free(expected);
      peg_board_free(b);
    }

    /* An unwritable FILE: exit 1, one line, nothing on stdout, no FILE. */
    static const char *const where[] = {"a missing directory", "/dev/full"};
    for (size_t i = 0; i < 2; i++) {
      const char *file = i ? "/dev/full" : bad;
      char label[200], start[4200];
      snprintf(label, sizeof label, "peg-back --html into %s", where[i]);
      if (i && access(file, W_OK))
        continue;
      const char *args[] = {"--html", file, answer, NULL};
      run_argv(&r, back_tool, tmp_dir, NULL, NULL, args);
      snprintf(start, sizeof start, "peg-back: %s: cannot write: ", file);
      if (expect_exit(label, &r, 1) && expect_empty(label, "stdout", &r.out) &&
          expect_one_line(label, &r.err) &&
          strncmp(r.err.data, start, strlen(start)))
        failure(label, "stderr is \"%s\", expected \"%s...\"", SHOW(r.err),
                start);
      if (!i && exists(file))
        failure(label, "%s was written", file);
    }
  }

  /* NO SOLUTION: no page, a note on stderr, exit 0. */
  remove(html);
  name = "peg-back --html FILE, no solution";
  const char *none_args[] = {"--board", "triangle4", "--empty", "5", NULL};
  if (answer_of(name, none_args)) {
    run_argv(&r, back_tool, tmp_dir, NULL, NULL, html_args);
    buffer_clear(&want);
    buffer_str(&want, "NO SOLUTION\n");
    buffer_clear(&page);
    buffer_str(&page, "peg-back: no solution, so no replay written to ");
    buffer_str(&page, html);
    buffer_str(&page, "\n");
    /* The line may come with others (why there is no solution). */
    const char *line = strstr(r.err.data, page.data);
    if (expect_exit(name, &r, 0) &&
        expect_bytes(name, "stdout", &r.out, &want) &&
        (!line || (line != r.err.data && line[-1] != '\n')))
      failure(name, "stderr is \"%s\", without the line \"%s\"", SHOW(r.err),
              SHOW(page));
    if (exists(html))
      failure(name, "%s was written", html);
  }
  buffer_free(&page);
  buffer_free(&want);
  run_free(&r);
  run_free(&plain);
  end_cases("peg-back --html");
}

/* ---- Main ---------------------------------------------------------------- */

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s PEG-FRONT DPLL PEG-BACK\n", argv[0]);
    return 2;
  }
  front_tool = absolute(argv[1]);
  dpll_tool = absolute(argv[2]);
  back_tool = absolute(argv[3]);
  if (!front_tool || !dpll_tool || !back_tool || access(front_tool, X_OK) ||
      access(dpll_tool, X_OK) || access(back_tool, X_OK)) {
    fprintf(stderr, "test_html: bad tool paths\n");
    return 2;
  }
  clitest_program = "test_html";
  clitest_hang_seconds = (int)tier_seconds(HANG_SECONDS);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_errors),  cmocka_unit_test(test_page),
      cmocka_unit_test(test_shapes),  cmocka_unit_test(test_out_of_memory),
      cmocka_unit_test(test_browser), cmocka_unit_test(test_tool),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "test-html", &tmp_dir);
  free(front_tool);
  free(dpll_tool);
  free(back_tool);
  return rc;
}
