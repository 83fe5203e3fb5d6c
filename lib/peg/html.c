/* html.c - a play as one self-contained HTML page that replays it: the
 * board in SVG, the list of jumps, and buttons that step through them. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The drawing's scale, in SVG pixels: neighbours on a square grid are
 * SPACING apart; on a triangle, rows are ROW_HEIGHT apart (about
 * SPACING * sqrt(3) / 2) and a row is shifted by half a spacing. */
#define SPACING 64
#define ROW_HEIGHT 55
#define MARGIN 40
#define RING_RADIUS 24
#define PEG_RADIUS 19

static const char style[] =
    "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fff}\n"
    "h1{font-size:1.4em;margin:0 0 .3em}\n"
    "h2{font-size:1.1em;margin:0 0 .4em}\n"
    ".summary{color:#555;margin:.2em 0 1em}\n"
    ".help{color:#555;margin:1.5em 0 0;font-size:14px}\n"
    ".main{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}\n"
    "#board{max-width:100%;height:auto;background:#f6efe2;"
    "border:1px solid #d8c9ad;border-radius:8px}\n"
    ".ring{fill:#e8dcc4;stroke:#8a7350;stroke-width:2}\n"
    ".peg{fill:#8b3a1a;stroke:#5a230d;stroke-width:1.5}\n"
    ".hole[data-peg=\"0\"] .peg{display:none}\n"
    ".hole text{font-size:11px;text-anchor:middle;dominant-baseline:central;"
    "fill:#7a6a50;pointer-events:none}\n"
    ".hole[data-peg=\"1\"] text{fill:#fff}\n"
    ".hole.from .ring{stroke:#1f6fd0;stroke-width:4}\n"
    ".hole.over .ring{stroke:#d03020;stroke-width:4}\n"
    ".hole.to .ring{stroke:#2a9d3a;stroke-width:4}\n"
    "#arrow{stroke:#1f6fd0;stroke-width:3;fill:#1f6fd0;opacity:.75;"
    "pointer-events:none}\n"

    ".controls{margin:1em 0 .5em}\n"
    ".controls button{font:inherit;padding:.3em .6em;margin-right:.25em}\n"
    "#step{font-weight:bold;margin:.4em 0}\n"
    "#jumplist{position:relative;max-height:470px;overflow:auto}\n"
    "#jumps{margin:0;padding-left:2.5em}\n"
    "#jumps li{padding:.1em .4em;cursor:pointer;"
    "font-family:monospace,monospace;font-size:14px}\n"
    "#jumps li span{display:block;font-family:sans-serif;font-size:12px;"
    "color:#666}\n"
    "#jumps li.current{background:#ffe08a;font-weight:bold}\n";

/* The replay.  The data (N, T, POS, START, JUMPS) comes before it; the
 * pegs of step K are recomputed from START by jumps 1..K each time. */
static const char script[] =
    "(function () {\n"
    "  \"use strict\";\n"
    "  var step = 0, timer = null;\n"
    "  function byId(id) { return document.getElementById(id); }\n"
    "  function pegsAt(k) {\n"
    "    var p = START.slice();\n"
    "    for (var i = 0; i < k; i++) {\n"
    "      var j = JUMPS[i];\n"
    "      p[j[0]] = 0; p[j[1]] = 0; p[j[2]] = 1;\n"
    "    }\n"
    "    return p;\n"
    "  }\n"
    "  function mark(last, h) {\n"
    "    if (!last) return \"hole\";\n"
    "    return h === last[0] ? \"hole from\" : h === last[1] ? \"hole over\"\n"
    "         : h === last[2] ? \"hole to\" : \"hole\";\n"
    "  }\n"
    "  function showArrow(last) {\n"
    "    var a = byId(\"arrow\"), line = a.firstChild, head = a.lastChild;\n"
    "    if (!last) { a.setAttribute(\"visibility\", \"hidden\"); return; }\n"
    "    var f = POS[last[0]], t = POS[last[2]];\n"
    "    var dx = t[0] - f[0], dy = t[1] - f[1];\n"
    "    var d = Math.sqrt(dx * dx + dy * dy) || 1, ux = dx / d, uy = dy / d;\n"
    "    var x2 = t[0] - ux * R, y2 = t[1] - uy * R;\n"
    "    line.setAttribute(\"x1\", f[0] + ux * R);\n"
    "    line.setAttribute(\"y1\", f[1] + uy * R);\n"
    "    line.setAttribute(\"x2\", x2 - ux * 8);\n"
    "    line.setAttribute(\"y2\", y2 - uy * 8);\n"
    "    head.setAttribute(\"points\", x2 + \",\" + y2 + \" \" +\n"
    "      (x2 - ux * 14 - uy * 8) + \",\" + (y2 - uy * 14 + ux * 8) + \" \" "
    "+\n"
    "      (x2 - ux * 14 + uy * 8) + \",\" + (y2 - uy * 14 - ux * 8));\n"
    "    a.setAttribute(\"visibility\", \"visible\");\n"
    "  }\n"
    "  function showList() {\n"
    "    var box = byId(\"jumplist\"), items = byId(\"jumps\").children;\n"
    "    for (var i = 0; i < items.length; i++)\n"
    "      items[i].className = i === step - 1 ? \"current\" : \"\";\n"
    "    var li = step ? items[step - 1] : null;\n"
    "    if (li && (li.offsetTop < box.scrollTop || li.offsetTop +\n"
    "        li.offsetHeight > box.scrollTop + box.clientHeight))\n"
    "      box.scrollTop = li.offsetTop - box.clientHeight / 2;\n"
    "  }\n"
    "  function show(k) {\n"
    "    step = Math.max(0, Math.min(T, k));\n"
    "    var p = pegsAt(step), last = step ? JUMPS[step - 1] : null;\n"
    "    for (var h = 1; h <= N; h++) {\n"
    "      var g = byId(\"hole-\" + h);\n"
    "      g.setAttribute(\"data-peg\", p[h] ? \"1\" : \"0\");\n"
    "      g.setAttribute(\"class\", mark(last, h));\n"
    "    }\n"
    "    showArrow(last);\n"
    "    showList();\n"
    "    byId(\"step\").textContent = \"Step \" + step + \" of \" + T;\n"
    "    byId(\"first\").disabled = byId(\"prev\").disabled = step === 0;\n"
    "    byId(\"next\").disabled = byId(\"last\").disabled = step === T;\n"
    "    byId(\"play\").disabled = timer !== null;\n"
    "    byId(\"pause\").disabled = timer === null;\n"
    "  }\n"
    "  function stop() {\n"
    "    if (timer !== null) { clearInterval(timer); timer = null; }\n"
    "  }\n"
    "  function pause() { stop(); show(step); }\n"
    "  function tick() {\n"
    "    if (step < T) show(step + 1);\n"
    "    if (step >= T) pause();\n"
    "  }\n"
    "  function play() {\n"
    "    if (timer !== null) return;\n"
    "    if (step >= T) step = 0;\n"
    "    timer = setInterval(tick, 700);\n"
    "    show(step);\n"
    "  }\n"
    "  function go(k) { stop(); show(k); }\n"
    "  function on(id, f) { byId(id).addEventListener(\"click\", f); }\n"
    "  on(\"first\", function () { go(0); });\n"
    "  on(\"prev\", function () { go(step - 1); });\n"
    "  on(\"next\", function () { go(step + 1); });\n"
    "  on(\"last\", function () { go(T); });\n"
    "  on(\"play\", play);\n"
    "  on(\"pause\", pause);\n"
    "  byId(\"jumps\").addEventListener(\"click\", function (e) {\n"
    "    var li = e.target.closest(\"li\");\n"
    "    if (li) go(parseInt(li.id.slice(5), 10));\n"
    "  });\n"
    "  document.addEventListener(\"keydown\", function (e) {\n"
    "    if (e.key === \"ArrowLeft\") go(step - 1);\n"
    "    else if (e.key === \"ArrowRight\") go(step + 1);\n"
    "    else if (e.key === \"Home\") go(0);\n"
    "    else if (e.key === \"End\") go(T);\n"
    "    else if (e.key === \" \") { if (timer === null) play(); else pause(); "
    "}\n"
    "    else return;\n"
    "    e.preventDefault();\n"
    "  });\n"
    "  function fromHash() {\n"
    "    var m = /^#step=(\\d+)$/.exec(location.hash);\n"
    "    return m ? parseInt(m[1], 10) : 0;\n"
    "  }\n"
    "  window.addEventListener(\"hashchange\", function () { go(fromHash()); "
    "});\n"
    "  show(fromHash());\n"
    "})();\n";

/* ---- Text ---------------------------------------------------------------- */

/* Text inserted into the page: <, > and & (and quotes, for attributes)
 * as entities. */
static void put_escaped(common_text *t, const char *s) {
  for (; *s; s++)
    switch (*s) {
    case '<':
      common__text_str(t, "&lt;");
      break;
    case '>':
      common__text_str(t, "&gt;");
      break;
    case '&':
      common__text_str(t, "&amp;");
      break;
    case '"':
      common__text_str(t, "&quot;");
      break;
    default:
      common__text_put(t, s, 1);
    }
}

static void put_hole_name(common_text *t, const peg_board *b, int hole) {
  char name[64];
  peg_hole_name(b, hole, name, sizeof name);
  put_escaped(t, name);
}

/* ---- Geometry ------------------------------------------------------------ */

/* Where the holes go: x[h], y[h] (h = 1..N) the centres in SVG pixels, and
 * the drawing's size. */
typedef struct geometry {
  int *x, *y;
  int width, height;
} geometry;

/* Whether every hole has a position on the board's layout. */
static bool shaped(const peg_board *b) {
  bool all = b->layout != PEG_LAYOUT_NONE;
  for (int h = 1; h <= b->holes && all; h++)
    all = b->row[h] > 0;
  return all;
}

/* The centre of each hole before shifting into the margin: a triangle's
 * row r is indented by half a spacing per row below it (centred, as
 * peg_draw does); a square's holes sit at (row, column); without a layout,
 * holes go in number order on a grid of ceil(sqrt(N)) columns. */
static void place(const peg_board *b, geometry *g) {
  bool pos = shaped(b);
  int rows = 0, cols = 1;
  for (int h = 1; h <= b->holes; h++)
    rows = b->row[h] > rows ? b->row[h] : rows;
  while (cols * cols < b->holes)
    cols++;
  for (int h = 1; h <= b->holes; h++) {
    if (pos && b->layout == PEG_LAYOUT_TRIANGLE) {
      g->x[h] = (rows - b->row[h] + 2 * (b->col[h] - 1)) * (SPACING / 2);
      g->y[h] = (b->row[h] - 1) * ROW_HEIGHT;
    } else if (pos) {
      g->x[h] = (b->col[h] - 1) * SPACING;
      g->y[h] = (b->row[h] - 1) * SPACING;
    } else {
      g->x[h] = (h - 1) % cols * SPACING;
      g->y[h] = (h - 1) / cols * SPACING;
    }
  }
}

/* Places the holes and shifts the drawing so that its smallest x and y
 * sit MARGIN from the edge.  Returns 0 or PEG_ENOMEM. */
static int layout(const peg_board *b, geometry *g) {
  size_t n = (size_t)b->holes + 1;
  g->x = calloc(n, sizeof *g->x); /* zeroed: x[1] is read even if */
  g->y = calloc(n, sizeof *g->y); /* a compiler fears no hole is placed */
  if (!g->x || !g->y)
    return PEG_ENOMEM;
  place(b, g);
  int x0 = g->x[1], y0 = g->y[1], x1 = x0, y1 = y0;
  for (int h = 2; h <= b->holes; h++) {
    x0 = g->x[h] < x0 ? g->x[h] : x0;
    x1 = g->x[h] > x1 ? g->x[h] : x1;
    y0 = g->y[h] < y0 ? g->y[h] : y0;
    y1 = g->y[h] > y1 ? g->y[h] : y1;
  }
  for (int h = 1; h <= b->holes; h++) {
    g->x[h] += MARGIN - x0;
    g->y[h] += MARGIN - y0;
  }
  g->width = x1 - x0 + 2 * MARGIN;
  g->height = y1 - y0 + 2 * MARGIN;
  return 0;
}

/* ---- The page ------------------------------------------------------------ */

static void put_head(common_text *t, const peg_board *b, size_t n) {
  common__text_str(t, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                      "<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, "
                      "initial-scale=1\">\n");
  common__text_printf(t, "<title>Peg solitaire: a play of %zu jumps</title>\n",
                      n);
  common__text_str(t, "<style>\n");
  common__text_str(t, style);
  common__text_str(
      t, "</style>\n</head>\n<body>\n<h1>Peg solitaire replay</h1>\n");
  common__text_printf(t,
                      "<p class=\"summary\">%d holes, %d pegs at the start, "
                      "%zu jumps.</p>\n",
                      b->holes, peg_board_start_pegs(b), n);
}

/* The board: every hole a group id="hole-H" with data-peg, its ring, its
 * peg (hidden by the style when data-peg is 0) and its number; the arrow
 * from the last jump's `from` to its `to`. */
static void put_svg(common_text *t, const peg_board *b, const geometry *g,
                    const unsigned char *pegs) {
  common__text_printf(
      t,
      "<svg id=\"board\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
      "role=\"img\" aria-label=\"the board\">\n",
      g->width, g->height, g->width, g->height);
  for (int h = 1; h <= b->holes; h++) {
    int x = g->x[h], y = g->y[h];
    common__text_printf(t, "<g id=\"hole-%d\" class=\"hole\" data-peg=\"%d\">",
                        h, pegs[h] ? 1 : 0);
    common__text_printf(t, "<title>hole %d: ", h);
    put_hole_name(t, b, h);
    common__text_str(t, "</title>");
    common__text_printf(t,
                        "<circle class=\"ring\" cx=\"%d\" cy=\"%d\" r=\"%d\"/>"
                        "<circle class=\"peg\" cx=\"%d\" cy=\"%d\" r=\"%d\"/>",
                        x, y, RING_RADIUS, x, y, PEG_RADIUS);
    common__text_printf(t, "<text x=\"%d\" y=\"%d\">%d</text></g>\n", x, y, h);
  }
  common__text_str(
      t, "<g id=\"arrow\" visibility=\"hidden\"><line x1=\"0\" y1=\"0\" "
         "x2=\"0\" y2=\"0\"/><polygon points=\"0,0 0,0 0,0\"/></g>\n"
         "</svg>\n");
}

static void put_controls(common_text *t, size_t n) {
  static const char *const buttons[][2] = {
      {"first", "First"}, {"prev", "Previous"}, {"play", "Play"},
      {"pause", "Pause"}, {"next", "Next"},     {"last", "Last"}};
  common__text_str(t, "<div class=\"controls\">\n");
  for (size_t i = 0; i < sizeof buttons / sizeof *buttons; i++)
    common__text_printf(t, "<button type=\"button\" id=\"%s\">%s</button>\n",
                        buttons[i][0], buttons[i][1]);
  common__text_str(t, "</div>\n");
  common__text_printf(
      t, "<p id=\"step\" aria-live=\"polite\">Step 0 of %zu</p>\n", n);
}

/* The list: <li id="jump-I">Jump(A,B,C,I)<span> A's name over B's to
 * C's</span></li>. */
static void put_jumps(common_text *t, const peg_board *b, const peg_jump *jumps,
                      size_t n) {
  common__text_str(
      t, "<div class=\"list\">\n<h2>Jumps</h2>\n<div id=\"jumplist\">\n"
         "<ol id=\"jumps\">\n");
  for (size_t i = 0; i < n; i++) {
    peg_jump j = jumps[i];
    common__text_printf(t, "<li id=\"jump-%zu\">Jump(%d,%d,%d,%zu)<span> ",
                        i + 1, j.from, j.over, j.to, i + 1);
    put_hole_name(t, b, j.from);
    common__text_str(t, " over ");
    put_hole_name(t, b, j.over);
    common__text_str(t, " to ");
    put_hole_name(t, b, j.to);
    common__text_str(t, "</span></li>\n");
  }
  common__text_str(t, "</ol>\n</div>\n</div>\n");
}

/* The data as JavaScript literals: N, T, POS[h] = [x, y], START[h] = 1 or
 * 0 (index 0 unused), JUMPS[i] = [from, over, to]. */
static void put_data(common_text *t, const peg_board *b, const geometry *g,
                     const unsigned char *pegs, const peg_jump *jumps,
                     size_t n) {
  common__text_printf(t, "var N = %d, T = %zu, R = %d;\nvar POS = [null",
                      b->holes, n, RING_RADIUS);
  for (int h = 1; h <= b->holes; h++)
    common__text_printf(t, "%s[%d,%d]", h % 8 == 1 ? ",\n  " : ", ", g->x[h],
                        g->y[h]);
  common__text_str(t, "];\nvar START = [0");
  for (int h = 1; h <= b->holes; h++)
    common__text_printf(t, "%s%d", h % 20 == 1 ? ",\n  " : ",",
                        pegs[h] ? 1 : 0);
  common__text_str(t, "];\nvar JUMPS = [");
  for (size_t i = 0; i < n; i++)
    common__text_printf(t, "%s[%d,%d,%d]",
                        i == 0       ? "\n  "
                        : i % 8 == 0 ? ",\n  "
                                     : ", ",
                        jumps[i].from, jumps[i].over, jumps[i].to);
  common__text_str(t, "];\n");
}

static void put_page(common_text *t, const peg_board *b, const geometry *g,
                     const unsigned char *pegs, const peg_jump *jumps,
                     size_t n) {
  put_head(t, b, n);
  common__text_str(t, "<div class=\"main\">\n<div class=\"play\">\n");
  put_svg(t, b, g, pegs);
  put_controls(t, n);
  common__text_str(t, "</div>\n");
  put_jumps(t, b, jumps, n);
  common__text_str(
      t, "</div>\n<p class=\"help\">Keys: the left and right arrows "
         "step, Home and End go to the start and the end, the space bar "
         "plays and pauses; a click on a jump shows the board after it. The "
         "last jump's holes are ringed: blue where the peg came from, red "
         "the peg it jumped over, green where it landed. "
         "Open the page with #step=K at the end of its address to start "
         "at step K.</p>\n<script>\n");
  put_data(t, b, g, pegs, jumps, n);
  common__text_str(t, script);
  common__text_str(t, "</script>\n</body>\n</html>\n");
}

int peg_html(const peg_board *b, const peg_jump *jumps, size_t n, char **out,
             size_t *size) {
  if (out)
    *out = NULL;
  if (size)
    *size = 0;
  if (!b || !out || (n && !jumps))
    return PEG_EINVAL;
  int rc = peg_replay(b, jumps, n, NULL);
  if (rc)
    return rc;
  geometry g = {0};
  unsigned char *pegs = malloc((size_t)b->holes + 1);
  rc = pegs ? layout(b, &g) : PEG_ENOMEM;
  if (!rc) {
    peg_start_pegs(b, n ? &jumps[0] : NULL, pegs);
    common_text t = {0};
    put_page(&t, b, &g, pegs, jumps, n);
    *out = common__text_finish(&t, size);
    rc = *out ? 0 : PEG_ENOMEM;
  }
  free(pegs);
  free(g.x);
  free(g.y);
  return rc;
}
