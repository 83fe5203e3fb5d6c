/* test_web.c - the puzzle page peg.html (tools/web) in headless Chromium,
 * driven by tests/web/cdp.mjs over the DevTools protocol, against the
 * page's test contract.  Every outcome the page shows is judged by the
 * native tools (peg-front | dpll | peg-back, peg-front --hint and --count)
 * and by tests/pegcheck.c (its own board reader, replay and exhaustive
 * count), never by the page's own code:
 *   - catalogue links (#board=NAME&empty=H&solve) and #puzzle= links of
 *     board files, percent-encoded here: "solved" exactly when the
 *     pipeline finds a play, and then #jumps a play pegcheck replays from
 *     the board's start to its goal; else "no-solution", #jumps
 *     "NO SOLUTION", and #message holding peg-back's reason when the
 *     position classes rule the goal out;
 *   - goal=, goal=any and start= on links;
 *   - Cancel during a long solve (#progress moving before it), and the
 *     page solving again afterwards;
 *   - Hint from positions given by played=, against peg-front --hint;
 *   - Count, against peg-front --count and pegcheck's count;
 *   - hand jumps by clicks on the holes (legal, refused, undone), the
 *     replay buttons and keys after a solve, hand jumps then Solve;
 *   - bad board text (as #puzzle=, pasted, and loaded from a file) with
 *     peg-front's message; bad link values;
 *   - the link (location.hash) keeping hand jumps across a reload.
 * The page's uncaught exceptions, dialogs and requests for anything
 * beyond this machine (tests/web/protocol.mjs) are failures too.
 *
 * One browser serves every case (the driver keeps it while its standard
 * input is open; test_browser_end ends it), and the native tools judge
 * while the page works.  The English board's catalogue case starts from
 * the hole above the centre in the quick tier, from the centre in the
 * long tier's runs (english_empty).
 *
 * Skipped (with a notice) without the page, Chromium (/usr/bin/chromium or
 * $CHROMIUM) or Node.js ($NODE, or node on PATH).  With --firefox, all of
 * it in headless Firefox instead (/usr/bin/firefox-esr, /usr/bin/firefox
 * or $FIREFOX), through WebDriver BiDi (tests/web/bidi.mjs).
 *
 * Usage: test_web [--firefox] PAGE PEG-FRONT DPLL PEG-BACK */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clitest.h"
#include "pegcheck.h"

#ifndef SOURCE_DIR
#error "SOURCE_DIR (the project's source directory) must be defined"
#endif
#define CDP_DRIVER SOURCE_DIR "/tests/web/cdp.mjs"

#define DRIVER_SECONDS 300 /* the longest wait for one session's results */
#define DRIVER_LIMIT 3000  /* the driver's own limit on the whole run */
#define SOLVE_MS 60000     /* the longest wait for a small solve */
#define MAX_JUMPS 64

static char *page_file, *front_tool, *dpll_tool, *back_tool;
static char *tmp_dir;            /* this run's scratch directory */
static const char *why_skipped;  /* NULL when the browser tests can run */
static const char *browser;      /* the browser's program */
static const char *browser_flag; /* "--chromium" or "--firefox" */
static char *node;
static buffer page_url; /* file:///PAGE, percent-encoded */

/* The page's holes as a string of data-peg values, "0111...", hole 1
 * first, up to the first missing hole-H. */
static const char pegs_js[] =
    "eval (() => { let s = ''; for (let h = 1, e; (e = "
    "document.getElementById('hole-' + h)); h++) s += "
    "e.getAttribute('data-peg'); return s; })()";

/* ---- Text ---------------------------------------------------------------- */

/* s percent-encoded onto out: letters, digits, "-_.~" and the bytes in
 * keep as they are, every other byte as %XX. */
static void percent(buffer *out, const char *s, const char *keep) {
  static const char hex[] = "0123456789ABCDEF";
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
        (*p >= '0' && *p <= '9') || strchr("-_.~", *p) ||
        (*keep && strchr(keep, *p)))
      buffer_add(out, p, 1);
    else {
      char x[3] = {'%', hex[*p >> 4], hex[*p & 15]};
      buffer_add(out, x, 3);
    }
  }
  buffer_str(out, "");
}

/* The n bytes at s percent-decoded into out. */
static void unpercent(buffer *out, const char *s, size_t n) {
  buffer_clear(out);
  for (size_t i = 0; i < n; i++) {
    unsigned x;
    if (s[i] == '%' && i + 2 < n && sscanf(s + i + 1, "%2x", &x) == 1) {
      unsigned char c = (unsigned char)x;
      buffer_add(out, &c, 1);
      i += 2;
    } else
      buffer_add(out, s + i, 1);
  }
  buffer_str(out, "");
}

/* s as a JSON string onto out. */
static void json_quote(buffer *out, const char *s) {
  buffer_str(out, "\"");
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    char esc[8];
    if (*p == '"' || *p == '\\')
      snprintf(esc, sizeof esc, "\\%c", *p);
    else if (*p < 0x20)
      snprintf(esc, sizeof esc, "\\u%04x", *p);
    else
      snprintf(esc, sizeof esc, "%c", *p);
    buffer_str(out, esc);
  }
  buffer_str(out, "\"");
}

/* Code point c as UTF-8 onto out. */
static void utf8(buffer *out, unsigned long c) {
  unsigned char b[4];
  size_t n;
  if (c < 0x80)
    b[0] = (unsigned char)c, n = 1;
  else if (c < 0x800)
    b[0] = (unsigned char)(0xC0 | c >> 6), n = 2;
  else if (c < 0x10000)
    b[0] = (unsigned char)(0xE0 | c >> 12), n = 3;
  else
    b[0] = (unsigned char)(0xF0 | c >> 18), n = 4;
  for (size_t i = 1; i < n; i++)
    b[i] = (unsigned char)(0x80 | ((c >> (6 * (n - 1 - i))) & 0x3F));
  buffer_add(out, b, n);
}

/* The JSON string at p, which must be all that is left of the text,
 * decoded into out; false if it is not one. */
static bool json_string(const char *p, buffer *out) {
  buffer_clear(out);
  if (*p++ != '"')
    return false;
  for (; *p && *p != '"'; p++) {
    if (*p != '\\') {
      buffer_add(out, p, 1);
      continue;
    }
    const char *plain = strchr("\"\\/bfnrt", *++p);
    if (*p && plain) {
      buffer_add(out, &"\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"], 1);
      continue;
    }
    unsigned long c, low;
    if (*p != 'u' || sscanf(p + 1, "%4lx", &c) != 1)
      return false;
    p += 4;
    if (c >= 0xD800 && c < 0xDC00 && p[1] == '\\' && p[2] == 'u' &&
        sscanf(p + 3, "%4lx", &low) == 1 && low >= 0xDC00 && low < 0xE000) {
      c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
      p += 6;
    }
    utf8(out, c);
  }
  buffer_str(out, "");
  return *p == '"' && p[1] == '\0';
}

/* Whether a and b are the same text, but for one newline at the end of
 * either. */
static bool same_lines(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  la -= la && a[la - 1] == '\n';
  lb -= lb && b[lb - 1] == '\n';
  return la == lb && !memcmp(a, b, la);
}

/* The newlines in s. */
static int count_lines(const char *s) {
  int n = 0;
  for (; *s; s++)
    n += *s == '\n';
  return n;
}

/* ---- Jumps and positions, replayed here on pegcheck's boards ------------- */

/* A jump: the peg in `from` jumps over `over` into `to`. */
typedef struct jump {
  int from, over, to;
} jump;

/* The jumps of "Jump(A,B,C,I)" lines (I = 1, 2, ... in order), at most
 * most; -1 if text holds anything else. */
static int parse_jumps(const char *text, jump *out, int most) {
  int n = 0, used, i;
  for (const char *p = text; *p; p += used + 1) {
    if (n == most ||
        sscanf(p, "Jump(%d,%d,%d,%d)%n", &out[n].from, &out[n].over, &out[n].to,
               &i, &used) != 4 ||
        i != n + 1 || (p[used] != '\n' && p[used] != '\0'))
      return -1;
    n++;
    if (!p[used])
      break;
  }
  return n;
}

/* The pegs (pegs[1..holes]) after jumps[0..k-1] from b's start (a free
 * start: the first jump's target empty); false if one is not legal. */
static bool replay_prefix(const pc_board *b, const jump *jumps, int k,
                          unsigned char pegs[65]) {
  for (int h = 1; h <= b->holes; h++)
    pegs[h] = b->free_start ? k == 0 || h != jumps[0].to : b->start[h];
  for (int i = 0; i < k; i++) {
    const jump *j = &jumps[i];
    bool found = false;
    for (int t = 0; t < b->num_triples && !found; t++) {
      const int *x = b->triples[t];
      found = x[1] == j->over && ((x[0] == j->from && x[2] == j->to) ||
                                  (x[2] == j->from && x[0] == j->to));
    }
    if (!found || !pegs[j->from] || !pegs[j->over] || pegs[j->to])
      return false;
    pegs[j->from] = pegs[j->over] = 0;
    pegs[j->to] = 1;
  }
  return true;
}

/* pegs[1..holes] as the page's data-peg string into out. */
static const char *peg_string(const pc_board *b, const unsigned char *pegs,
                              char out[66]) {
  for (int h = 1; h <= b->holes; h++)
    out[h - 1] = pegs[h] ? '1' : '0';
  out[b->holes] = '\0';
  return out;
}

/* The jump from `from` to `to` on b at pegs, if legal (its middle hole in
 * *over); false if there is none. */
static bool legal_jump(const pc_board *b, const unsigned char *pegs, int from,
                       int to, int *over) {
  for (int t = 0; t < b->num_triples; t++) {
    const int *x = b->triples[t];
    if (((x[0] == from && x[2] == to) || (x[2] == from && x[0] == to)) &&
        pegs[from] && pegs[x[1]] && !pegs[to]) {
      *over = x[1];
      return true;
    }
  }
  return false;
}

/* jumps[0..n-1] as "A-B-C,..." (a link's played=) or as Jump(A,B,C,I)
 * lines (for peg-front --played and #played) onto out. */
static void jump_list(buffer *out, const jump *jumps, int n, bool lines) {
  char one[80];
  for (int i = 0; i < n; i++) {
    if (lines)
      snprintf(one, sizeof one, "Jump(%d,%d,%d,%d)\n", jumps[i].from,
               jumps[i].over, jumps[i].to, i + 1);
    else
      snprintf(one, sizeof one, "%s%d-%d-%d", i ? "," : "", jumps[i].from,
               jumps[i].over, jumps[i].to);
    buffer_str(out, one);
  }
  buffer_str(out, "");
}

/* ---- The browser session ------------------------------------------------- */

/* A script of driver commands, run in the browser, and its results: one
 * line per command. */
typedef struct session {
  buffer script;
  char **cmds, **lines;
  int n, num_lines;
  int tail;    /* the "errors" that session_send adds at the end */
  double sent; /* when it was sent */
} session;

static int command(session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Adds a command (printf-style, one line); returns its index. */
static int command(session *s, const char *fmt, ...) {
  va_list ap, again;
  va_start(ap, fmt);
  va_copy(again, ap);
  int len = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *line = malloc((size_t)len + 1);
  assert_non_null(line);
  vsnprintf(line, (size_t)len + 1, fmt, again);
  va_end(again);
  s->cmds = realloc(s->cmds, (size_t)(s->n + 1) * sizeof *s->cmds);
  assert_non_null(s->cmds);
  s->cmds[s->n] = line;
  buffer_str(&s->script, line);
  buffer_str(&s->script, "\n");
  return s->n++;
}

/* Opens the page at #hash. */
static int open_page(session *s, const char *hash) {
  return command(s, "open %s#%s", page_url.data, hash);
}

static void session_free(session *s) {
  for (int i = 0; i < s->n; i++)
    free(s->cmds[i]);
  for (int i = 0; i < s->num_lines; i++)
    free(s->lines[i]);
  free(s->cmds);
  free(s->lines);
  buffer_free(&s->script);
  memset(s, 0, sizeof *s);
}

/* ---- The driver: one browser for every session -------------------------- */

/* The driver (node cdp.mjs) and its browser, started by the first session
 * and kept for the others (a browser start costs about a second): each
 * session's script goes to its standard input, and its results come back
 * on its standard output, one line per command, as it runs them.
 * test_browser_end closes its standard input, and it ends (exit status
 * 0) after closing the browser.  If it dies, the next session starts
 * another. */
static struct {
  pid_t pid;      /* 0: none running */
  int in, out;    /* its standard input (written here) and output (read) */
  buffer pending; /* output read but not yet taken as lines */
  int owed;       /* results of the last session not yet taken */
  char err[4096]; /* the file of its standard error */
} drv;

/* The end of the driver's standard error (the browser's too) into out. */
static void driver_messages(buffer *out) {
  buffer all = {0};
  buffer_clear(out);
  if (read_file(drv.err, &all))
    buffer_str(out, all.len > 2000 ? all.data + all.len - 2000 : all.data);
  buffer_free(&all);
}

static void driver_start(const char *name) {
  char profile[4096], limit[32];
  join(profile, sizeof profile, tmp_dir, "profile");
  join(drv.err, sizeof drv.err, tmp_dir, "driver-stderr.txt");
  snprintf(limit, sizeof limit, "%d", DRIVER_LIMIT);
  int to[2], from[2];
  assert_int_equal(pipe(to), 0);
  assert_int_equal(pipe(from), 0);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    /* Its own process group, so that a hang ends the browser too. */
    int err = open(drv.err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (setpgid(0, 0) || err < 0 || dup2(to[0], 0) < 0 ||
        dup2(from[1], 1) < 0 || dup2(err, 2) < 0 || chdir(tmp_dir))
      _exit(126);
    close(err);
    close(to[0]);
    close(to[1]);
    close(from[0]);
    close(from[1]);
    execl(node, node, CDP_DRIVER, browser_flag, browser, "--limit", limit,
          profile, (char *)NULL);
    dprintf(2, "test_web: cannot run %s: %s\n", node, strerror(errno));
    _exit(127);
  }
  close(to[0]);
  close(from[1]);
  fcntl(to[1], F_SETFD, FD_CLOEXEC); /* not for the tools run later */
  fcntl(from[0], F_SETFD, FD_CLOEXEC);
  drv.pid = pid;
  drv.in = to[1];
  drv.out = from[0];
  drv.owed = 0;
  buffer_clear(&drv.pending);
  print_message("%s: the browser starts\n", name);
}

/* Ends the driver: its standard input closed, then its exit awaited
 * (killed, its browser too, if `now` or after a hang detector's wait).
 * Its exit status, or -1 if it was killed. */
static int driver_end(bool kill_now) {
  close(drv.in);
  close(drv.out);
  int status = 0;
  double deadline = now() + tier_seconds(60);
  pid_t got;
  while ((got = waitpid(drv.pid, &status, WNOHANG)) == 0 && !kill_now &&
         now() < deadline)
    nanosleep(&(struct timespec){0, 20000000}, NULL);
  if (got == 0) {
    kill(-drv.pid, SIGKILL);
    waitpid(drv.pid, &status, 0);
  }
  bool exited = got == drv.pid && WIFEXITED(status);
  drv.pid = 0;
  return exited ? WEXITSTATUS(status) : -1;
}

/* Sends the script to the driver (started if none runs), with a last
 * "errors" that session_receive judges: nothing the page did escapes.  A
 * driver that still owes results to a session left unfinished (its test
 * function stopped) is ended first: a new one starts. */
static void session_send(const char *name, session *s) {
  s->tail = command(s, "errors");
  s->sent = now();
  if (drv.pid && drv.owed)
    driver_end(true);
  if (!drv.pid)
    driver_start(name);
  drv.owed = s->n;
  for (size_t done = 0; done < s->script.len;) {
    ssize_t n = write(drv.in, s->script.data + done, s->script.len - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; /* the driver ended: session_receive says so */
    done += (size_t)n;
  }
}

static void expect_no_errors(const char *name, const session *s, int i);

/* Reads the session's results as the driver gives them; a driver that
 * ends, or gives no result for tier_seconds(DRIVER_SECONDS), is a failure
 * of case name (the results it gave are kept). */
static void session_receive(const char *name, session *s) {
  double deadline = now() + tier_seconds(DRIVER_SECONDS);
  char *nl;
  while (s->num_lines < s->n) {
    if (drv.pending.len &&
        (nl = memchr(drv.pending.data, '\n', drv.pending.len))) {
      size_t len = (size_t)(nl - drv.pending.data);
      s->lines =
          realloc(s->lines, (size_t)(s->num_lines + 1) * sizeof *s->lines);
      assert_non_null(s->lines);
      s->lines[s->num_lines] = strndup(drv.pending.data, len);
      assert_non_null(s->lines[s->num_lines++]);
      drv.owed--;
      drv.pending.len -= len + 1;
      memmove(drv.pending.data, nl + 1, drv.pending.len + 1);
      continue;
    }
    if (!drv.pid)
      break;
    double left = deadline - now();
    struct pollfd p = {drv.out, POLLIN, 0};
    int ready = left > 0 ? poll(&p, 1, (int)(left * 1000) + 1) : 0;
    if (ready < 0 && errno == EINTR)
      continue;
    char chunk[4096];
    ssize_t got = ready > 0 ? read(drv.out, chunk, sizeof chunk) : -1;
    if (got > 0) {
      buffer_add(&drv.pending, chunk, (size_t)got);
      continue;
    }
    if (got < 0 && errno == EINTR)
      continue;
    buffer messages = {0};
    bool hung = ready == 0;
    int code = driver_end(hung);
    driver_messages(&messages);
    failure(name, "%s `%s` (exit %d): %s",
            hung ? "the browser gave no result in time for"
                 : "the driver ended before",
            s->cmds[s->num_lines], code, SHOW(messages));
    buffer_free(&messages);
  }
  print_message("%s: %d commands, %.1f s\n", name, s->n, now() - s->sent);
  if (s->num_lines != s->n)
    failure(name, "%d commands, %d results", s->n, s->num_lines);
  else
    expect_no_errors(name, s, s->tail);
}

static void run_session(const char *name, session *s) {
  session_send(name, s);
  session_receive(name, s);
}

/* The result of command i ("" if the driver gave none). */
static const char *result(const session *s, int i) {
  return i >= 0 && i < s->num_lines ? s->lines[i] : "";
}

/* The string of a "text JSON" or "eval JSON" result, into out; false
 * after a failure of case name (no element, an error, not a string). */
static bool string_result(const char *name, const session *s, int i,
                          buffer *out) {
  const char *line = result(s, i), *sp = strchr(line, ' ');
  if (sp && json_string(sp + 1, out) &&
      (!strncmp(line, "text ", 5) || !strncmp(line, "eval ", 5)))
    return true;
  failure(name, "`%s` gave \"%s\"", s->cmds[i], SHOW_STR(line));
  buffer_clear(out);
  return false;
}

/* Whether command i ("wait-state ...") saw the state want; if not, a
 * failure of case name.  The time it took in *ms (may be NULL). */
static bool expect_state(const char *name, const session *s, int i,
                         const char *want, long *ms) {
  char state[64] = "";
  long elapsed = -1;
  sscanf(result(s, i), "state %63s %ld", state, &elapsed);
  if (ms)
    *ms = elapsed;
  if (!strcmp(state, want))
    return true;
  failure(name, "`%s` gave \"%s\", expected the state %s", s->cmds[i],
          SHOW_STR(result(s, i)), want);
  return false;
}

/* Whether command i printed "ok"; if not, a failure of case name. */
static bool expect_ok(const char *name, const session *s, int i) {
  if (!strcmp(result(s, i), "ok"))
    return true;
  failure(name, "`%s` gave \"%s\"", s->cmds[i], SHOW_STR(result(s, i)));
  return false;
}

/* Command i ("errors"): the page threw no uncaught exception, opened no
 * dialog and asked for nothing beyond this machine (file:, data:, blob:). */
static void expect_no_errors(const char *name, const session *s, int i) {
  const char *line = result(s, i);
  if (strncmp(line, "errors [", 8) || strstr(line, "\"exception:") ||
      strstr(line, "\"dialog:") || strstr(line, "\"request:"))
    failure(name, "the page's errors: %s", SHOW_STR(line));
}

/* The browser tests need the page, Chromium and Node.js. */
static void need_browser(void) {
  if (why_skipped) {
    print_message("test_web: %s, browser test skipped\n", why_skipped);
    skip();
  }
}

/* ---- The native tools ---------------------------------------------------- */

/* Runs prog with args (NULL-ended), standard output captured; true if it
 * exited 0, else a failure of case name. */
static bool tool(const char *name, run_result *r, const char *prog,
                 const char *const *args) {
  run_argv(r, prog, tmp_dir, NULL, NULL, args);
  return expect_exit(name, r, 0);
}

/* Writes text to the scratch file `file`; its path into path. */
static void scratch(const char *file, const char *text, char path[4096]) {
  join(path, 4096, tmp_dir, file);
  write_file(path, text, strlen(text));
}

/* The pipeline's answers by board text: several cases judge the same
 * board (the English board's solve takes seconds), and the answers are
 * fetched while the browser works (solve_visits). */
static struct answer {
  char *board;
  buffer out, err;
} * answers;
static size_t num_answers;

/* peg-front FILE | dpll | peg-back on the board text: peg-back's output
 * and error in out and err; false after a failure of case name. */
static bool pipeline(const char *name, const char *board, buffer *out,
                     buffer *err) {
  for (size_t i = 0; i < num_answers; i++)
    if (!strcmp(answers[i].board, board)) {
      buffer_clear(out);
      buffer_clear(err);
      buffer_add(out, answers[i].out.data, answers[i].out.len);
      buffer_add(err, answers[i].err.data, answers[i].err.len);
      return true;
    }
  char file[4096], clauses[4096], answer[4096];
  scratch("board.txt", board, file);
  join(clauses, sizeof clauses, tmp_dir, "clauses.txt");
  join(answer, sizeof answer, tmp_dir, "answer.txt");
  write_file(clauses, "", 0); /* run_argv writes into existing files */
  write_file(answer, "", 0);
  run_result r = {0};
  const char *front[] = {file, NULL}, *solve[] = {clauses, NULL},
             *back[] = {answer, NULL};
  bool ok = false;
  run_argv(&r, front_tool, tmp_dir, NULL, clauses, front);
  if (expect_exit(name, &r, 0)) {
    run_argv(&r, dpll_tool, tmp_dir, NULL, answer, solve);
    if (r.code != 0 && r.code != 10 && r.code != 20)
      failure(name, "%s exited %d: %s", r.command, r.code, SHOW(r.err));
    else if (tool(name, &r, back_tool, back)) {
      buffer_clear(out);
      buffer_clear(err);
      buffer_add(out, r.out.data, r.out.len);
      buffer_add(err, r.err.data, r.err.len);
      answers = realloc(answers, (num_answers + 1) * sizeof *answers);
      assert_non_null(answers);
      struct answer *a = &answers[num_answers++];
      *a = (struct answer){strdup(board), {0}, {0}};
      assert_non_null(a->board);
      buffer_add(&a->out, r.out.data, r.out.len);
      buffer_add(&a->err, r.err.data, r.err.len);
      ok = true;
    }
  }
  run_free(&r);
  return ok;
}

/* The board file of catalogue board `board` with hole `empty` empty (< 0:
 * its own) from peg-front --write-board into text. */
static bool catalogue_text(const char *name, const char *board, int empty,
                           buffer *text) {
  char hole[16];
  snprintf(hole, sizeof hole, "%d", empty);
  const char *args[] = {"--board", board, "--write-board",
                        "--empty", hole,  NULL};
  if (empty < 0)
    args[3] = NULL;
  run_result r = {0};
  bool ok = tool(name, &r, front_tool, args);
  buffer_clear(text);
  buffer_add(text, r.out.data, r.out.len);
  run_free(&r);
  return ok;
}

/* The board text in with another start or goal onto out: start (holes
 * separated by commas or blanks; NULL: the text's own) replaces its start
 * line and makes the first line's empty hole 0; goal likewise ("": one
 * peg anywhere, no goal line). */
static void variant(const char *in, const char *start, const char *goal,
                    buffer *out) {
  char *copy = strdup(in), *save = NULL;
  assert_non_null(copy);
  bool first = true;
  buffer_clear(out);
  for (char *line = strtok_r(copy, "\n", &save); line;
       line = strtok_r(NULL, "\n", &save)) {
    size_t skip = strspn(line, " \t\r");
    int holes, empty;
    if (first && line[skip] != '#' && line[skip] &&
        sscanf(line, "%d %d", &holes, &empty) == 2) {
      first = false;
      if (start) {
        char head[32];
        snprintf(head, sizeof head, "%d 0\n", holes);
        buffer_str(out, head);
        continue;
      }
    } else if ((start && !strncmp(line + skip, "start", 5)) ||
               (goal && !strncmp(line + skip, "goal", 4)))
      continue;
    buffer_str(out, line);
    buffer_str(out, "\n");
  }
  const char *key[2] = {"start", "goal"}, *list[2] = {start, goal};
  for (int k = 0; k < 2; k++)
    if (list[k] && *list[k]) {
      buffer_str(out, key[k]);
      buffer_str(out, " ");
      for (const char *p = list[k]; *p; p++)
        buffer_add(out, *p == ',' ? " " : p, 1);
      buffer_str(out, "\n");
    }
  buffer_str(out, "");
  free(copy);
}

/* pegcheck's reading of a board text into b; false after a failure. */
static bool judge_board(const char *name, const char *text, pc_board *b) {
  char why[256];
  if (pc_board_read(text, strlen(text), b, why, sizeof why))
    return true;
  failure(name, "pegcheck cannot read the board: %s", why);
  pc_board_free(b);
  return false;
}

/* ---- Solving: a visit to a link, judged by the pipeline ------------------ */

typedef struct visit {
  char label[640]; /* the case in messages */
  buffer hash;     /* the link's hash, without '#' */
  buffer board;    /* the same puzzle as a board file, for the tools */
  long wait_ms;    /* the longest wait for the page's answer */
  int state, jumps, message, errors; /* result indices */
} visit;

static void visit_free(visit *v) {
  buffer_free(&v->hash);
  buffer_free(&v->board);
}

/* Opens v's link (which ends in &solve) and reads the outcome. */
static void add_solve(session *s, visit *v) {
  open_page(s, v->hash.data);
  v->state = command(s, "wait-state solved|no-solution|error|cancelled %ld",
                     v->wait_ms ? v->wait_ms : SOLVE_MS);
  v->jumps = command(s, "text jumps");
  v->message = command(s, "text message");
  v->errors = command(s, "errors");
}

/* The outcome of a solve against the pipeline on board: solved exactly
 * when it finds a play, the page's play replayed by pegcheck; else NO
 * SOLUTION with peg-back's reason when the position classes give it.
 * *classes (may be NULL) tells whether they did. */
static void judge_solve(const char *name, const char *board, const char *state,
                        const char *jumps, const char *message, bool *classes) {
  buffer out = {0}, err = {0};
  pc_board b;
  char why[256];
  static const char ruled[] = "the position classes rule it out";
  if (pipeline(name, board, &out, &err) && judge_board(name, board, &b)) {
    bool none = !strcmp(out.data, "NO SOLUTION\n");
    const char *reason = strstr(err.data, "no solution: ");
    char *nl = reason ? strchr(reason, '\n') : NULL;
    if (nl)
      *nl = '\0';
    if (classes)
      *classes = none && reason && strstr(reason, ruled);
    if (strcmp(state, none ? "no-solution" : "solved"))
      failure(name, "the page's state is %s, the pipeline says \"%s\"", state,
              SHOW(out));
    else if (!none &&
             !pc_replay_text(&b, jumps, strlen(jumps), why, sizeof why))
      failure(name, "pegcheck refuses the page's play (%s): \"%s\"", why,
              SHOW_STR(jumps));
    else if (none && strcmp(jumps, "NO SOLUTION\n"))
      failure(name, "#jumps is \"%s\", not NO SOLUTION", SHOW_STR(jumps));
    else if (none && reason && strstr(reason, ruled) &&
             !strstr(message, reason + 13))
      failure(name, "#message \"%s\" lacks peg-back's reason \"%s\"",
              SHOW_STR(message), SHOW_STR(reason + 13));
    else if (none && !(reason && strstr(reason, ruled)) &&
             strstr(message, ruled))
      failure(name,
              "#message \"%s\" blames the position classes; peg-back: "
              "\"%s\"",
              SHOW_STR(message), SHOW(err));
    pc_board_free(&b);
  }
  buffer_free(&out);
  buffer_free(&err);
}

/* Judges visit v of session s; *classes as judge_solve's. */
static void judge_visit(const session *s, const visit *v, bool *classes) {
  buffer jumps = {0}, message = {0};
  long ms = -1;
  char state[64] = "";
  sscanf(result(s, v->state), "state %63s %ld", state, &ms);
  print_message("  %s: %s after %ld ms\n", v->label, state, ms);
  if (string_result(v->label, s, v->jumps, &jumps) &&
      string_result(v->label, s, v->message, &message))
    judge_solve(v->label, v->board.data, state, jumps.data, message.data,
                classes);
  expect_no_errors(v->label, s, v->errors);
  buffer_free(&jumps);
  buffer_free(&message);
}

/* Runs visits v[0..n-1] in the browser and judges each; classes[i] (may
 * be NULL) as judge_solve's.  The pipeline answers while the page
 * solves. */
static void solve_visits(const char *name, visit *v, size_t n, bool *classes) {
  session s = {0};
  buffer out = {0}, err = {0};
  for (size_t i = 0; i < n; i++)
    add_solve(&s, &v[i]);
  session_send(name, &s);
  for (size_t i = 0; i < n; i++)
    pipeline(v[i].label, v[i].board.data, &out, &err);
  session_receive(name, &s);
  buffer_free(&out);
  buffer_free(&err);
  for (size_t i = 0; i < n; i++)
    judge_visit(&s, &v[i], classes ? &classes[i] : NULL);
  session_free(&s);
}

/* A visit to catalogue board `board`, hole `empty` empty (< 0: the
 * board's own, no empty= on the link), with `more` after it on the link;
 * start and goal as variant's for the tools. */
static bool catalogue_visit(visit *v, const char *board, int empty,
                            const char *more, const char *start,
                            const char *goal) {
  char head[64];
  snprintf(head, sizeof head, "board=%s&empty=%d", board, empty);
  if (empty < 0)
    *strchr(head, '&') = '\0';
  buffer_str(&v->hash, head);
  buffer_str(&v->hash, more);
  snprintf(v->label, sizeof v->label, "#%s", v->hash.data);
  buffer text = {0};
  bool ok = catalogue_text(v->label, board, empty, &text);
  variant(text.data, start, goal, &v->board);
  buffer_free(&text);
  return ok;
}

/* A visit to #puzzle= of the board text (percent-encoded here), with
 * `more` after it on the link and goal as variant's for the tools. */
static void puzzle_visit(visit *v, const char *label, const char *text,
                         const char *more, const char *goal) {
  snprintf(v->label, sizeof v->label, "#puzzle=<%s>%s", label, more);
  buffer_str(&v->hash, "puzzle=");
  percent(&v->hash, text, "");
  buffer_str(&v->hash, more);
  variant(text, NULL, goal, &v->board);
}

/* The text of a board file of the project (SOURCE_DIR/path) into text. */
static void project_file(const char *path, buffer *text) {
  char full[4096];
  join(full, sizeof full, SOURCE_DIR, path);
  if (!read_file(full, text))
    fail_msg("cannot read %s", full);
  buffer_str(text, "");
}

/* ---- a: catalogue links -------------------------------------------------- */

/* The English board's empty hole in the catalogue and hint cases: the
 * centre (17) in the long tier's runs (web_firefox among them), whose
 * solve takes 4.5 s in the page and natively; the hole above it (10) in
 * the quick tier, 1.5 s. */
static int english_empty(void) {
  return tier_long() || !strcmp(browser_flag, "--firefox") ? 17 : 10;
}

static void test_catalogue(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  static const struct {
    const char *board;
    int empty;
    long wait_ms;
  } cases[] = {{"triangle4", 1, 0}, {"triangle5", 1, 0},
               {"triangle5", 4, 0}, {"triangle5", 13, 0},
               {"triangle5", 0, 0}, {"triangle6", 1, 0},
               {"triangle6", 4, 0}, {"english", -1, 180000},
               {"french", 19, 0},   {"diamond", 21, 0}};
  enum { N = sizeof cases / sizeof *cases };
  visit v[N] = {0};
  for (size_t i = 0; i < N; i++) {
    catalogue_visit(&v[i], cases[i].board,
                    cases[i].empty < 0 ? english_empty() : cases[i].empty,
                    "&solve", NULL, NULL);
    v[i].wait_ms = cases[i].wait_ms;
  }
  solve_visits("catalogue links", v, N, NULL);
  for (size_t i = 0; i < N; i++)
    visit_free(&v[i]);
  end_cases("catalogue link");
}

/* ---- b: #puzzle= links --------------------------------------------------- */

static const char *const puzzle_files[] = {
    "examples/boards/course-10-hole-3.txt",
    "examples/boards/course-10.txt",
    "examples/boards/triangle15-goal.txt",
    "examples/boards/triangle15-goal-impossible.txt",
    "examples/boards/triangle15-free.txt",
    "tests/data/peg/four-holes.txt",
    "tests/data/peg/square4.txt",
    "tests/data/peg/triangle4-free.txt",
    "tests/data/peg/triangle4-untidy.txt",
    "tests/data/peg/triangle5-middle-rows.txt",
    "tests/data/peg/triangle5-no-jump-needed.txt",
    "tests/data/peg/triangle5-three-pegs-left.txt",
};

static void test_puzzle_links(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  enum { N = sizeof puzzle_files / sizeof *puzzle_files };
  visit v[N] = {0};
  buffer text = {0};
  for (size_t i = 0; i < N; i++) {
    project_file(puzzle_files[i], &text);
    puzzle_visit(&v[i], puzzle_files[i], text.data, "&solve", NULL);
  }
  solve_visits("#puzzle= links", v, N, NULL);
  for (size_t i = 0; i < N; i++)
    visit_free(&v[i]);
  buffer_free(&text);
  end_cases("#puzzle= link");
}

/* ---- c: no solution; goal= and start= ------------------------------------ */

/* Unsolvable puzzles, some ruled out by the position classes and some
 * proved by the solver (the pipeline must say so of at least one each),
 * and links with goal=, goal=any and start=. */
static void test_no_solution(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  enum { N = 6 };
  visit v[N] = {0};
  buffer text = {0};
  catalogue_visit(&v[0], "triangle5", 1, "&goal=2&solve", NULL, "2");
  catalogue_visit(&v[1], "triangle5", 1, "&goal=5&solve", NULL, "5");
  project_file("tests/data/peg/triangle5-goal-5-unreachable.txt", &text);
  puzzle_visit(&v[2], "triangle5-goal-5-unreachable", text.data, "&solve",
               NULL);
  project_file("examples/boards/triangle15-goal.txt", &text);
  puzzle_visit(&v[3], "triangle15-goal", text.data, "&goal=any&solve", "");
  catalogue_visit(&v[4], "triangle5", -1, "&start=2,3,4,5,6,8,9,12,13&solve",
                  "2,3,4,5,6,8,9,12,13", NULL);
  catalogue_visit(&v[5], "triangle5", -1, "&start=1,2,3,4,5,6&goal=4&solve",
                  "1,2,3,4,5,6", "4");
  bool classes[N] = {0};
  solve_visits("no solution", v, N, classes);
  /* The premise: v[0] is ruled out by the classes, v[1] is not (the
   * solver proves it). */
  buffer out = {0}, err = {0};
  if (!classes[0])
    failure(v[0].label, "the premise: the position classes rule it out");
  if (pipeline(v[1].label, v[1].board.data, &out, &err) &&
      (classes[1] || strcmp(out.data, "NO SOLUTION\n")))
    failure(v[1].label, "the premise: no solution, the classes silent");
  for (size_t i = 0; i < N; i++)
    visit_free(&v[i]);
  buffer_free(&text);
  buffer_free(&out);
  buffer_free(&err);
  end_cases("no-solution");
}

/* ---- d: cancel ----------------------------------------------------------- */

/* Whether text is #progress's "E.E s, N conflicts, M learned". */
static bool is_progress(const char *text) {
  char a[16], b[2], c[16], d[16];
  int used = -1;
  return sscanf(text,
                "%15[0-9].%1[0-9] s, %15[0-9] conflicts, %15[0-9] "
                "learned%n",
                a, b, c, d, &used) == 4 &&
         used == (int)strlen(text);
}

/* The commands of the cancel case, in order. */
enum {
  C_SOLVING,
  C_REPORTED,
  C_PROGRESS1,
  C_ENABLED,
  C_MOVED,
  C_PROGRESS2,
  C_CLICK,
  C_CANCELLED,
  C_DISABLED,
  C_PASTE,
  C_LOAD,
  C_READY,
  C_SOLVE,
  C_COUNT
};

/* #progress's text, and whether it reports conflicts (the search's
 * report has come). */
#define PROGRESS_JS "document.getElementById('progress').textContent"
#define REPORTED_JS "/ [1-9][0-9]* conflicts/.test(" PROGRESS_JS ")"

static void cancel_script(session *s, int *at, const char *board) {
  open_page(s, "board=wiegleb&empty=23&solve");
  at[C_SOLVING] = command(s, "wait-state solving 10000");
  /* #progress once the search has reported, then once it has changed. */
  at[C_REPORTED] = command(s, "wait-true 10000 " REPORTED_JS);
  at[C_PROGRESS1] = command(s, "eval window.testProgress = " PROGRESS_JS);
  at[C_ENABLED] = command(s, "attr cancel disabled");
  at[C_MOVED] =
      command(s, "wait-true 10000 " PROGRESS_JS " !== window.testProgress");
  at[C_PROGRESS2] = command(s, "text progress");
  at[C_CLICK] = command(s, "click cancel");
  at[C_CANCELLED] = command(s, "wait-state cancelled 10000");
  at[C_DISABLED] = command(s, "attr cancel disabled");
  buffer json = {0};
  json_quote(&json, board);
  at[C_PASTE] = command(s, "set-value board-text %s", json.data);
  buffer_free(&json);
  at[C_LOAD] = command(s, "click load-text");
  at[C_READY] = command(s, "wait-state ready 10000");
  at[C_SOLVE] = command(s, "click solve");
}

/* A long solve (the German board from its centre: minutes natively)
 * cancelled after #progress has moved (it is read once the search has
 * reported conflicts, and again once it has changed); then a puzzle
 * pasted into the same page solves, and a new link too. */
static void test_cancel(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  const char *name = "cancel";
  session s = {0};
  int at[C_COUNT];
  visit after = {0}, link = {0};
  catalogue_visit(&after, "triangle5", 1, "", NULL, NULL);
  snprintf(after.label, sizeof after.label, "Solve after the cancel");
  cancel_script(&s, at, after.board.data);
  after.state = command(&s, "wait-state solved|no-solution|error|cancelled "
                            "60000");
  after.jumps = command(&s, "text jumps");
  after.message = command(&s, "text message");
  after.errors = command(&s, "errors");
  catalogue_visit(&link, "triangle5", 4, "&solve", NULL, NULL);
  add_solve(&s, &link);
  run_session(name, &s);

  buffer p1 = {0}, p2 = {0};
  long ms = -1;
  expect_state(name, &s, at[C_SOLVING], "solving", NULL);
  if (strncmp(result(&s, at[C_REPORTED]), "true ", 5))
    failure(name, "#progress reports no conflicts in 10 s: %s",
            result(&s, at[C_REPORTED]));
  if (strncmp(result(&s, at[C_MOVED]), "true ", 5))
    failure(name, "#progress did not change in 10 s: %s",
            result(&s, at[C_MOVED]));
  if (string_result(name, &s, at[C_PROGRESS1], &p1) &&
      string_result(name, &s, at[C_PROGRESS2], &p2)) {
    print_message("  #progress: \"%s\", then \"%s\"\n", p1.data, p2.data);
    if (!is_progress(p1.data) || !is_progress(p2.data))
      failure(name,
              "#progress is not \"E.E s, N conflicts, M learned\": "
              "\"%s\", \"%s\"",
              SHOW(p1), SHOW(p2));
    else if (!strcmp(p1.data, p2.data))
      failure(name, "#progress did not change: \"%s\"", SHOW(p1));
  }
  if (strcmp(result(&s, at[C_ENABLED]), "attr null"))
    failure(name, "cancel is not enabled while solving: %s",
            result(&s, at[C_ENABLED]));
  expect_ok(name, &s, at[C_CLICK]);
  if (expect_state(name, &s, at[C_CANCELLED], "cancelled", &ms))
    print_message("  cancelled %ld ms after the click\n", ms);
  if (!strcmp(result(&s, at[C_DISABLED]), "attr null"))
    failure(name, "cancel is still enabled after the cancel");
  expect_ok(name, &s, at[C_PASTE]);
  expect_ok(name, &s, at[C_LOAD]);
  expect_state(name, &s, at[C_READY], "ready", NULL);
  expect_ok(name, &s, at[C_SOLVE]);
  judge_visit(&s, &after, NULL);
  judge_visit(&s, &link, NULL);
  buffer_free(&p1);
  buffer_free(&p2);
  visit_free(&after);
  visit_free(&link);
  session_free(&s);
  end_cases("cancel");
}

/* ---- e: hints ------------------------------------------------------------ */

/* The first two words of each "Jump(" line of text ("Jump(A,B,C,I) wins")
 * onto heads, a line each; the number of other non-blank lines in
 * *others. */
static void hint_heads(const char *text, buffer *heads, int *others) {
  *others = 0;
  buffer_clear(heads);
  for (const char *p = text; *p;) {
    size_t len = strcspn(p, "\n");
    if (!strncmp(p, "Jump(", 5)) {
      size_t one = strcspn(p, " \n"), two = one;
      if (p[one] == ' ')
        two = one + 1 + strcspn(p + one + 1, " :\n");
      buffer_add(heads, p, two);
      buffer_str(heads, "\n");
    } else if (strspn(p, " \t\r") < len)
      (*others)++;
    p += len + (p[len] == '\n');
  }
}

/* Whether text contains word, in any case. */
static bool contains_ci(const char *text, const char *word) {
  for (const char *p = text; *p; p++) {
    size_t i = 0;
    while (word[i] && p[i] && (p[i] | 32) == (word[i] | 32))
      i++;
    if (!word[i])
      return true;
  }
  return false;
}

typedef struct hint_case {
  char label[200];
  const char *board;
  int empty, n;
  jump played[MAX_JUMPS];
  int opened, played_text, state, hints, errors; /* result indices */
} hint_case;

static void add_hint(session *s, hint_case *h) {
  buffer hash = {0}, list = {0};
  char head[64];
  snprintf(head, sizeof head, "board=%s&empty=%d", h->board, h->empty);
  buffer_str(&hash, head);
  jump_list(&list, h->played, h->n, false);
  if (h->n) {
    buffer_str(&hash, "&played=");
    buffer_str(&hash, list.data);
  }
  snprintf(h->label, sizeof h->label, "hint at #%s", SHOW(hash));
  open_page(s, hash.data);
  h->opened = command(s, "wait-state ready|error 10000");
  h->played_text = command(s, "text played");
  command(s, "click hint");
  h->state = command(s, "wait-state hints|error|cancelled %d", SOLVE_MS);
  h->hints = command(s, "text hints");
  h->errors = command(s, "errors");
  buffer_free(&hash);
  buffer_free(&list);
}

/* The page's #hints against peg-front --hint --played: the same jumps,
 * each winning or losing alike, and a summary; "lost" when no jump is
 * legal.  Returns how many jumps win natively, and in *legal how many
 * are legal (-1 each on a failure). */
static int judge_hint(const session *s, const hint_case *h, int *legal) {
  const char *name = h->label;
  buffer played = {0}, hints = {0}, want = {0}, got = {0};
  char file[4096], hole[16];
  int wins = -1, others, page_others;
  *legal = -1;
  jump_list(&want, h->played, h->n, true);
  if (expect_state(name, s, h->opened, "ready", NULL) &&
      string_result(name, s, h->played_text, &played) &&
      !same_lines(played.data, want.data))
    failure(name, "#played is \"%s\", expected \"%s\"", SHOW(played),
            SHOW(want));
  scratch("played.txt", want.data, file);
  snprintf(hole, sizeof hole, "%d", h->empty);
  const char *args[] = {"--board", h->board,   "--empty", hole,
                        "--hint",  "--played", file,      NULL};
  run_result r = {0};
  if (tool(name, &r, front_tool, args) &&
      expect_state(name, s, h->state, "hints", NULL) &&
      string_result(name, s, h->hints, &hints)) {
    hint_heads(r.out.data, &want, &others);
    hint_heads(hints.data, &got, &page_others);
    wins = 0;
    *legal = count_lines(want.data);
    for (const char *p = strstr(want.data, " wins\n"); p;
         p = strstr(p + 1, " wins\n"))
      wins++;
    if (strcmp(got.data, want.data))
      failure(name, "#hints has \"%s\", peg-front --hint \"%s\"", SHOW(got),
              SHOW(want));
    else if (page_others < 1)
      failure(name, "#hints has no summary line: \"%s\"", SHOW(hints));
    else if (!want.len && !contains_ci(hints.data, "lost"))
      failure(name,
              "no legal jump (peg-front: \"%s\"), #hints \"%s\" does "
              "not say lost",
              SHOW(r.out), SHOW(hints));
    print_message("  %s: %d of %d jumps win\n", name, wins, *legal);
  }
  expect_no_errors(name, s, h->errors);
  run_free(&r);
  buffer_free(&played);
  buffer_free(&hints);
  buffer_free(&want);
  buffer_free(&got);
  return wins;
}

/* A play found by the pipeline on the board text into jumps; its length,
 * or -1 after a failure. */
static int native_play(const char *name, const char *board, jump *jumps) {
  buffer out = {0}, err = {0};
  int n = -1;
  if (pipeline(name, board, &out, &err)) {
    n = parse_jumps(out.data, jumps, MAX_JUMPS);
    if (n < 0)
      failure(name, "the pipeline found no play: \"%s\"", SHOW(out));
  }
  buffer_free(&out);
  buffer_free(&err);
  return n;
}

/* Hints from the start and after 2 and 5 jumps of a native play of the
 * 15-hole triangle, after 20 jumps of one of the English board, where
 * every jump loses, and where no jump is legal. */
static void test_hints(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  const char *name = "hints";
  static const jump losing[] = {{4, 2, 1}, {6, 5, 4}, {13, 9, 6}};
  static const jump stuck[] = {{6, 3, 1},  {13, 9, 6}, {7, 8, 9},
                               {10, 9, 8}, {4, 8, 13}, {1, 2, 4}};
  buffer text = {0};
  jump play[MAX_JUMPS];
  hint_case h[6] = {0};
  int n = 0;
  catalogue_text(name, "triangle5", 1, &text);
  int t = native_play(name, text.data, play);
  for (int k = 0; k <= 5 && t >= 5; k += k ? 3 : 2) {
    h[n] = (hint_case){.board = "triangle5", .empty = 1, .n = k};
    memcpy(h[n++].played, play, (size_t)k * sizeof *play);
  }
  int lose_at = n, stuck_at = n + 1, wins, legal;
  h[n] = (hint_case){.board = "triangle5", .empty = 1, .n = 3};
  memcpy(h[n++].played, losing, sizeof losing);
  h[n] = (hint_case){.board = "triangle5", .empty = 1, .n = 6};
  memcpy(h[n++].played, stuck, sizeof stuck);
  catalogue_text(name, "english", english_empty(), &text);
  if (native_play(name, text.data, play) >= 20) {
    h[n] = (hint_case){.board = "english", .empty = english_empty(), .n = 20};
    memcpy(h[n++].played, play, 20 * sizeof *play);
  }
  session s = {0};
  for (int i = 0; i < n; i++)
    add_hint(&s, &h[i]);
  run_session(name, &s);
  for (int i = 0; i < n; i++) {
    wins = judge_hint(&s, &h[i], &legal);
    if (i == lose_at && (wins != 0 || legal < 1))
      failure(h[i].label, "the premise: every jump loses; %d of %d win", wins,
              legal);
    if (i == stuck_at && legal != 0)
      failure(h[i].label, "the premise: no legal jump; %d", legal);
  }
  session_free(&s);
  buffer_free(&text);
  end_cases("hint");
}

/* ---- f: count ------------------------------------------------------------ */

typedef struct count_case {
  visit v;
  int opened, state, result, errors; /* result indices */
} count_case;

static void add_count(session *s, count_case *c) {
  open_page(s, c->v.hash.data);
  c->opened = command(s, "wait-state ready|error 10000");
  command(s, "click count");
  c->state = command(s, "wait-state counted|error|cancelled %d", SOLVE_MS);
  c->result = command(s, "text count-result");
  c->errors = command(s, "errors");
}

/* The page's count against peg-front --count and pegcheck's exhaustive
 * count on the same board. */
static void judge_count(const session *s, const count_case *c) {
  const char *name = c->v.label;
  char file[4096];
  buffer got = {0};
  pc_board b;
  run_result r = {0};
  uint64_t page = 0, tool_count = 0;
  scratch("count.txt", c->v.board.data, file);
  const char *args[] = {"--count", file, NULL};
  if (expect_state(name, s, c->opened, "ready", NULL) &&
      expect_state(name, s, c->state, "counted", NULL) &&
      string_result(name, s, c->result, &got) &&
      tool(name, &r, front_tool, args) &&
      judge_board(name, c->v.board.data, &b)) {
    uint64_t judge = pc_count_plays(&b);
    int read = sscanf(got.data, "%" SCNu64, &page);
    sscanf(r.out.data, "%" SCNu64, &tool_count);
    print_message("  %s: the page counts \"%s\"; peg-front %" PRIu64
                  ", pegcheck %" PRIu64 "\n",
                  name, got.data, tool_count, judge);
    if (tool_count != judge)
      failure(name, "peg-front --count says %" PRIu64 ", pegcheck %" PRIu64,
              tool_count, judge);
    if (read != 1 || page != judge)
      failure(name, "#count-result is \"%s\", pegcheck counts %" PRIu64,
              SHOW(got), judge);
    pc_board_free(&b);
  }
  expect_no_errors(name, s, c->errors);
  buffer_free(&got);
  run_free(&r);
}

/* The pegs of a position as a start list "H,H,..." into out. */
static void start_list(const pc_board *b, const unsigned char *pegs,
                       buffer *out) {
  buffer_clear(out);
  for (int h = 1; h <= b->holes; h++)
    if (pegs[h]) {
      char one[16];
      snprintf(one, sizeof one, "%s%d", out->len ? "," : "", h);
      buffer_str(out, one);
    }
}

/* Count on the 10-hole triangle, after 4 jumps of a native play of the
 * 15-hole one (from that position), and on a few board files. */
static void test_count(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  static const char *const files[] = {
      "tests/data/peg/four-holes.txt", "examples/boards/course-10-hole-3.txt",
      "tests/data/peg/triangle4-free.txt",
      "tests/data/peg/triangle5-middle-rows.txt"};
  enum { N = 2 + sizeof files / sizeof *files };
  count_case c[N] = {0};
  buffer text = {0}, list = {0}, start = {0};
  size_t n = N - 1; /* the played position last, if there is one */
  catalogue_visit(&c[0].v, "triangle4", 1, "", NULL, NULL);
  for (size_t i = 1; i < N - 1; i++) {
    project_file(files[i - 1], &text);
    puzzle_visit(&c[i].v, files[i - 1], text.data, "", NULL);
  }
  catalogue_text("count", "triangle5", 1, &text);
  jump play[MAX_JUMPS];
  pc_board b;
  unsigned char pegs[65];
  if (native_play("count", text.data, play) >= 4 &&
      judge_board("count", text.data, &b)) {
    assert_true(replay_prefix(&b, play, 4, pegs));
    start_list(&b, pegs, &start);
    buffer_str(&list, "&played=");
    jump_list(&list, play, 4, false);
    catalogue_visit(&c[n++].v, "triangle5", 1, list.data, start.data, NULL);
    pc_board_free(&b);
  }
  session s = {0};
  for (size_t i = 0; i < n; i++)
    add_count(&s, &c[i]);
  run_session("count", &s);
  for (size_t i = 0; i < N; i++) {
    if (i < n)
      judge_count(&s, &c[i]);
    visit_free(&c[i].v);
  }
  session_free(&s);
  buffer_free(&text);
  buffer_free(&list);
  buffer_free(&start);
  end_cases("count");
}

/* ---- g: hand play and the replay controls -------------------------------- */

/* A hand action: a click on hole `from` then on hole `to`, or (from 0)
 * a click on undo. */
typedef struct hand {
  int from, to;
  int pegs, played, message; /* result indices */
} hand;

static void add_hands(session *s, hand *h, int n) {
  for (int i = 0; i < n; i++) {
    if (h[i].from) {
      command(s, "click hole-%d", h[i].from);
      command(s, "click hole-%d", h[i].to);
    } else
      command(s, "click undo");
    h[i].pegs = command(s, "%s", pegs_js);
    h[i].played = command(s, "text played");
    h[i].message = command(s, "text message");
  }
}

/* Checks the page's pegs (result i) against want (data-peg values). */
static void expect_pegs(const char *name, const session *s, int i,
                        const char *want, const char *when) {
  buffer got = {0};
  if (string_result(name, s, i, &got) && strcmp(got.data, want))
    failure(name, "%s: the holes show %s, the replay %s", when, got.data, want);
  buffer_free(&got);
}

/* The hand actions judged by a replay here on b: a legal pair jumps, an
 * illegal one changes nothing and says why in #message, undo takes back
 * the last jump; #played lists the jumps. */
static void judge_hands(const char *name, const session *s, const hand *h,
                        int n, const pc_board *b) {
  jump done[MAX_JUMPS] = {{0, 0, 0}};
  int k = 0, over;
  unsigned char pegs[65];
  char want[66], when[64];
  buffer message = {0}, played = {0}, lines = {0}, before = {0};
  replay_prefix(b, done, 0, pegs);
  for (int i = 0; i < n; i++) {
    bool legal = h[i].from && legal_jump(b, pegs, h[i].from, h[i].to, &over);
    if (legal)
      done[k++] = (jump){h[i].from, over, h[i].to};
    else if (!h[i].from && k > 0)
      k--;
    assert_true(replay_prefix(b, done, k, pegs));
    snprintf(when, sizeof when, h[i].from ? "after %d then %d (%s)" : "undo",
             h[i].from, h[i].to, legal ? "legal" : "illegal");
    expect_pegs(name, s, h[i].pegs, peg_string(b, pegs, want), when);
    buffer_clear(&lines);
    jump_list(&lines, done, k, true);
    if (string_result(name, s, h[i].played, &played) &&
        !same_lines(played.data, lines.data))
      failure(name, "%s: #played is \"%s\", expected \"%s\"", when,
              SHOW(played), SHOW(lines));
    if (string_result(name, s, h[i].message, &message) && h[i].from && !legal &&
        (!message.len || !strcmp(message.data, before.data)))
      failure(name, "%s: #message \"%s\" gives no reason", when, SHOW(message));
    print_message("  %s: #message \"%s\"\n", when, message.data);
    if (legal || !h[i].from) { /* a refusal must say more than this */
      buffer_clear(&before);
      buffer_str(&before, message.data ? message.data : "");
    }
  }
  buffer_free(&message);
  buffer_free(&played);
  buffer_free(&lines);
  buffer_free(&before);
}

/* A replay control: a button or a key, and the step it leads to from
 * step k of t (-1: play or pause, judged apart). */
typedef struct control {
  const char *command; /* "click first", "key End" ... */
  int step, pegs;      /* result indices */
} control;

static int step_after(const char *command, int k, int t) {
  const char *what = strchr(command, ' ') + 1;
  if (!strcmp(what, "first") || !strcmp(what, "Home"))
    return 0;
  if (!strcmp(what, "last") || !strcmp(what, "End"))
    return t;
  if (!strcmp(what, "next") || !strcmp(what, "ArrowRight"))
    return k + 1;
  if (!strcmp(what, "prev") || !strcmp(what, "ArrowLeft"))
    return k - 1;
  return -1;
}

/* The step K of #step's "Step K of T" (result i), which must name t; -1
 * after a failure. */
static int step_of(const char *name, const session *s, int i, int t) {
  buffer text = {0};
  int k = -1, total = -1, used = -1;
  if (string_result(name, s, i, &text) &&
      (sscanf(text.data, "Step %d of %d%n", &k, &total, &used) != 2 ||
       used != (int)text.len || total != t || k < 0 || k > t)) {
    failure(name, "#step is \"%s\" (%d jumps)", SHOW(text), t);
    k = -1;
  }
  buffer_free(&text);
  return k;
}

/* After a solve: each control moves #step as it should, and the holes
 * show the replay of the first K jumps of #jumps (replayed here on b). */
static void judge_controls(const char *name, const session *s, const control *c,
                           int n, const pc_board *b, const char *jumps) {
  jump play[MAX_JUMPS];
  unsigned char pegs[65];
  char want[66], when[96];
  int t = parse_jumps(jumps, play, MAX_JUMPS), k = -1;
  if (t < 0 || !replay_prefix(b, play, t, pegs)) {
    failure(name, "#jumps is no play: \"%s\"", SHOW_STR(jumps));
    return;
  }
  for (int i = 0; i < n; i++) {
    int expected = i ? step_after(c[i].command, k, t) : -1;
    k = step_of(name, s, c[i].step, t);
    snprintf(when, sizeof when, "after `%s`", c[i].command);
    if (k < 0)
      return;
    if (expected >= 0 && k != expected)
      failure(name, "%s: step %d, expected %d", when, k, expected);
    replay_prefix(b, play, k, pegs);
    expect_pegs(name, s, c[i].pegs, peg_string(b, pegs, want), when);
  }
}

/* Play then pause once the replay has moved (within 10 s), by the
 * buttons and by the space key: the replay moved on, the holes show its
 * step, and it stays there for 0.7 s (longer than a step of the replay,
 * 0.6 s). */
static void judge_play(const char *name, const session *s, const int *at,
                       const pc_board *b, const char *jumps) {
  jump play[MAX_JUMPS];
  unsigned char pegs[65];
  char want[66];
  int t = parse_jumps(jumps, play, MAX_JUMPS);
  if (t < 1)
    return;
  for (int i = 0; i < 2; i++) {
    /* the step, the pegs, the step later, the wait for a move */
    const int *x = at + 4 * i;
    const char *how = i ? "space" : "play and pause";
    int k = step_of(name, s, x[0], t), later = step_of(name, s, x[2], t);
    print_message("  %s: at step %d of %d (the wait: %s)\n", how, k, t,
                  result(s, x[3]));
    if (k < 1)
      failure(name, "%s: the replay did not move in 10 s (%s)", how,
              result(s, x[3]));
    else if (later != k)
      failure(name, "%s: paused at step %d, then at %d", how, k, later);
    if (k >= 0 && replay_prefix(b, play, k, pegs))
      expect_pegs(name, s, x[1], peg_string(b, pegs, want), how);
  }
}

/* A solve after jumps played by hand or given by played= (played[0..n-1]
 * on the board text): "solved" exactly when the pipeline solves the
 * position they leave, and #jumps then a whole play from the board's
 * start that begins with them; else "no-solution". */
static void judge_after_hand(const char *name, const session *s, int state,
                             int jumps, const char *board, const jump *played,
                             int n) {
  pc_board b;
  unsigned char pegs[65];
  char why[256], got[64] = "";
  buffer list = {0}, position = {0}, out = {0}, err = {0}, text = {0},
         lines = {0};
  if (!judge_board(name, board, &b))
    return;
  assert_true(replay_prefix(&b, played, n, pegs));
  start_list(&b, pegs, &list);
  variant(board, list.data, NULL, &position);
  jump_list(&lines, played, n, true);
  sscanf(result(s, state), "state %63s", got);
  if (pipeline(name, position.data, &out, &err) &&
      string_result(name, s, jumps, &text)) {
    bool none = !strcmp(out.data, "NO SOLUTION\n");
    if (strcmp(got, none ? "no-solution" : "solved"))
      failure(name,
              "the page's state is %s; from that position the "
              "pipeline says \"%s\"",
              got, SHOW(out));
    else if (none && strcmp(text.data, "NO SOLUTION\n"))
      failure(name, "#jumps is \"%s\", not NO SOLUTION", SHOW(text));
    else if (!none &&
             (!pc_replay_text(&b, text.data, text.len, why, sizeof why) ||
              strncmp(text.data, lines.data, lines.len)))
      failure(name,
              "#jumps \"%s\" is no play from the start beginning "
              "with \"%s\" (%s)",
              SHOW(text), SHOW(lines),
              strncmp(text.data, lines.data, lines.len) ? "not so" : why);
  }
  pc_board_free(&b);
  buffer_free(&list);
  buffer_free(&position);
  buffer_free(&out);
  buffer_free(&err);
  buffer_free(&text);
  buffer_free(&lines);
}

static const char *const controls[] = {
    "click first",    "click next",     "click next", "click next",
    "click prev",     "click last",     "click prev", "key Home",
    "key ArrowRight", "key ArrowRight", "key End",    "key ArrowLeft",
    "click first"};
enum { NUM_CONTROLS = 1 + sizeof controls / sizeof *controls };

/* The replay after a solve: the controls, then play and pause by the
 * buttons and by the space key; their result indices into c and play. */
static int add_replay(session *s, control *c, int *play) {
  open_page(s, "board=triangle5&empty=1&solve");
  command(s, "wait-state solved|no-solution|error|cancelled %d", SOLVE_MS);
  int jumps = command(s, "text jumps");
  for (int i = 0; i < NUM_CONTROLS; i++) {
    c[i].command = i ? controls[i - 1] : "the solve";
    if (i)
      command(s, "%s", c[i].command);
    c[i].step = command(s, "text step");
    c[i].pegs = command(s, "%s", pegs_js);
  }
  for (int i = 0; i < 2; i++) {
    command(s, i ? "key Space" : "click play");
    play[4 * i + 3] =
        command(s, "wait-true 10000 !/^Step 0 of /.test("
                   "document.getElementById('step').textContent)");
    command(s, i ? "key Space" : "click pause");
    play[4 * i] = command(s, "text step");
    play[4 * i + 1] = command(s, "%s", pegs_js);
    command(s, "sleep 700");
    play[4 * i + 2] = command(s, "text step");
    command(s, "click first");
  }
  return jumps;
}

/* Clicks on the holes of the 15-hole triangle (legal, refused, undone);
 * the replay controls after a solve; Solve after a hand jump, and links
 * with played= and solve. */
static void test_hand_and_replay(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  const char *name = "hand play and replay";
  buffer text = {0}, list = {0};
  pc_board b;
  catalogue_text(name, "triangle5", 1, &text);
  jump play[MAX_JUMPS], first[] = {{4, 2, 1}};
  static const jump losing[] = {{4, 2, 1}, {6, 5, 4}, {13, 9, 6}};
  if (native_play(name, text.data, play) < 3 ||
      !judge_board(name, text.data, &b)) {
    buffer_free(&text);
    end_cases("hand play");
    return;
  }
  hand h[] = {{4, 1, 0, 0, 0},  {11, 2, 0, 0, 0}, {7, 2, 0, 0, 0},
              {13, 4, 0, 0, 0}, {0, 0, 0, 0, 0},  {0, 0, 0, 0, 0}};
  enum { NH = sizeof h / sizeof *h };
  control c[NUM_CONTROLS];
  int at[8], start_pegs, solved[3], jumps[3];
  session s = {0};
  open_page(&s, "board=triangle5&empty=1");
  command(&s, "wait-state ready 10000");
  start_pegs = command(&s, "%s", pegs_js);
  add_hands(&s, h, NH);
  int replay_jumps = add_replay(&s, c, at);
  open_page(&s, "board=triangle5&empty=1");
  command(&s, "wait-state ready 10000");
  command(&s, "click hole-4");
  command(&s, "click hole-1");
  command(&s, "click solve");
  for (int i = 0; i < 3; i++) {
    if (i) {
      buffer_clear(&list);
      buffer_str(&list, "board=triangle5&empty=1&played=");
      jump_list(&list, i == 1 ? play : losing, 3, false);
      buffer_str(&list, "&solve");
      open_page(&s, list.data);
    }
    solved[i] = command(&s,
                        "wait-state solved|no-solution|error|cancelled "
                        "%d",
                        SOLVE_MS);
    jumps[i] = command(&s, "text jumps");
  }
  int errors = command(&s, "errors");
  run_session(name, &s);

  unsigned char pegs[65];
  char want[66];
  replay_prefix(&b, play, 0, pegs);
  expect_pegs(name, &s, start_pegs, peg_string(&b, pegs, want), "at first");
  judge_hands(name, &s, h, NH, &b);
  buffer got = {0};
  if (string_result(name, &s, replay_jumps, &got)) {
    judge_controls(name, &s, c, NUM_CONTROLS, &b, got.data);
    judge_play(name, &s, at, &b, got.data);
  }
  judge_after_hand("Solve after a hand jump", &s, solved[0], jumps[0],
                   text.data, first, 1);
  judge_after_hand("played= (3 jumps of a play) and solve", &s, solved[1],
                   jumps[1], text.data, play, 3);
  judge_after_hand("played= (3 losing jumps) and solve", &s, solved[2],
                   jumps[2], text.data, losing, 3);
  expect_no_errors(name, &s, errors);
  session_free(&s);
  pc_board_free(&b);
  buffer_free(&got);
  buffer_free(&text);
  buffer_free(&list);
  end_cases("hand play");
}

/* ---- h: bad board text and bad links ------------------------------------- */

static const struct {
  const char *label, *text;
} bad_boards[] = {
    {"a bad number", "15 1\n1 2 x\n"},
    {"an unknown hole in a triple", "4 1\n1 2 3\n2 3 9\n"},
    {"a repeated triple", "4 1\n1 2 3\n3 2 1\n"},
    {"a goal of more pegs than the start", "4 1\n1 2 3\n2 3 4\ngoal 1 2 3 4\n"},
    {"no header", "# nothing but a comment\n"},
    {"a keyword before the header", "goal 1\n4 1\n"},
    {"no holes", "0 0\n"},
    {"a hole beyond N after a tab", "4 1 # fine\n1 2 3\n\t2 3 5\n"},
    {"a token not ASCII", "4 1\n1 2 \xc3\xbc\n"},
    {"the empty hole in the start", "4 1\n1 2 3\nstart 1 2\n"},
};
enum { NUM_BAD = sizeof bad_boards / sizeof *bad_boards };

/* peg-front's message for the board text, with its file name replaced by
 * "board text", into want (without the newline); false after a failure
 * (peg-front must reject the text with exit 1 and one line). */
static bool front_message(const char *name, const char *text, buffer *want) {
  char file[4096];
  scratch("bad.txt", text, file);
  const char *args[] = {file, NULL};
  run_result r = {0};
  run_argv(&r, front_tool, tmp_dir, NULL, NULL, args);
  bool ok = expect_exit(name, &r, 1) && expect_one_line(name, &r.err) &&
            !strncmp(r.err.data, file, strlen(file));
  if (ok) {
    buffer_clear(want);
    buffer_str(want, "board text");
    buffer_add(want, r.err.data + strlen(file), r.err.len - strlen(file) - 1);
    buffer_str(want, "");
  } else
    failure(name, "peg-front does not reject it as expected: \"%s\"",
            SHOW(r.err));
  run_free(&r);
  return ok;
}

/* The result indices of one bad board text: as a link, pasted after a
 * good text was pasted. */
typedef struct bad_case {
  int link_state, link_message, good_state, paste_state, paste_message;
  int file_state, file_message; /* the same text loaded from a file */
} bad_case;

/* The name of bad case i's file, which the page is given to load. */
static void upload_name(size_t i, char *name, size_t size) {
  snprintf(name, size, "upload-%zu.txt", i);
}

static void add_bad(session *s, bad_case *c, size_t i, const char *bad,
                    const char *good) {
  buffer hash = {0}, json = {0};
  buffer_str(&hash, "puzzle=");
  percent(&hash, bad, "");
  open_page(s, hash.data);
  c->link_state = command(s, "wait-state error|ready 10000");
  c->link_message = command(s, "text message");
  json_quote(&json, good);
  command(s, "set-value board-text %s", json.data);
  command(s, "click load-text");
  c->good_state = command(s, "wait-state ready 10000");
  buffer_clear(&json);
  json_quote(&json, bad);
  command(s, "set-value board-text %s", json.data);
  command(s, "click load-text");
  c->paste_state = command(s, "wait-state error|ready 10000");
  c->paste_message = command(s, "text message");
  char name[64], path[4096];
  upload_name(i, name, sizeof name);
  scratch(name, bad, path);
  buffer_clear(&json); /* back to "ready" first, then the file */
  json_quote(&json, good);
  command(s, "set-value board-text %s", json.data);
  command(s, "click load-text");
  command(s, "wait-state ready 10000");
  command(s, "upload board-file %s", path);
  c->file_state = command(s, "wait-state error|ready 10000");
  c->file_message = command(s, "text message");
  buffer_free(&hash);
  buffer_free(&json);
}

/* The page reached "error" (result state) with #message (result message)
 * exactly want. */
static void expect_error(const char *name, const session *s, int state,
                         int message, const char *want) {
  buffer got = {0};
  if (expect_state(name, s, state, "error", NULL) &&
      string_result(name, s, message, &got) && strcmp(got.data, want))
    failure(name, "#message is \"%s\", peg-front says \"%s\"", SHOW(got),
            SHOW_STR(want));
  buffer_free(&got);
}

/* Bad values on a link, each rejected by peg-front too: its arguments
 * (FILE: a scratch file holding file, a board or played jumps). */
static const struct {
  const char *hash, *args[8], *file;
} bad_links[] = {
    {"board=nosuch", {"--board", "nosuch"}, NULL},
    {"board=triangle5&empty=16",
     {"--board", "triangle5", "--empty", "16"},
     NULL},
    {"board=triangle5&empty=1&played=1-2-3",
     {"--board", "triangle5", "--empty", "1", "--hint", "--played", "FILE"},
     "Jump(1,2,3,1)\n"},
    {"board=triangle5&empty=1&played=4-2-1,4-2-1",
     {"--board", "triangle5", "--empty", "1", "--hint", "--played", "FILE"},
     "Jump(4,2,1,1)\nJump(4,2,1,2)\n"},
    {"board=triangle4&empty=1&goal=11", {"FILE"}, "10 1\n1 2 4\ngoal 11\n"},
};
enum { NUM_BAD_LINKS = sizeof bad_links / sizeof *bad_links };

/* The bad link i: peg-front rejects it too (exit 1); the page reaches
 * "error" and says something in #message. */
static void judge_bad_link(const session *s, size_t i, int state, int message) {
  char name[256], file[4096];
  snprintf(name, sizeof name, "bad link #%s", bad_links[i].hash);
  const char *args[8] = {NULL};
  for (size_t k = 0; k < 7 && bad_links[i].args[k]; k++)
    args[k] = bad_links[i].args[k];
  for (size_t k = 0; args[k]; k++)
    if (!strcmp(args[k], "FILE")) {
      scratch("bad-link.txt", bad_links[i].file, file);
      args[k] = file;
    }
  run_result r = {0};
  run_argv(&r, front_tool, tmp_dir, NULL, NULL, args);
  expect_exit(name, &r, 1);
  buffer got = {0};
  if (expect_state(name, s, state, "error", NULL) &&
      string_result(name, s, message, &got)) {
    print_message("  %s: #message \"%s\"; peg-front: %s", name, got.data,
                  r.err.data);
    if (!got.len)
      failure(name, "#message is empty");
  }
  buffer_free(&got);
  run_free(&r);
}

/* Broken board files, as #puzzle= links, pasted into #board-text and
 * loaded from a file: "error" and exactly peg-front's message, the file
 * name replaced by "board text" (by the file's base name when loaded from
 * one); a good text pasted in between is loaded ("ready").  Bad link
 * values: "error". */
static void test_bad_text(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  buffer good = {0}, want = {0};
  catalogue_text("bad text", "triangle5", 1, &good);
  bad_case c[NUM_BAD];
  int link_state[NUM_BAD_LINKS], link_message[NUM_BAD_LINKS];
  session s = {0};
  for (size_t i = 0; i < NUM_BAD; i++)
    add_bad(&s, &c[i], i, bad_boards[i].text, good.data);
  for (size_t i = 0; i < NUM_BAD_LINKS; i++) {
    open_page(&s, bad_links[i].hash);
    link_state[i] = command(&s, "wait-state error|ready 10000");
    link_message[i] = command(&s, "text message");
  }
  int errors = command(&s, "errors");
  run_session("bad text", &s);
  for (size_t i = 0; i < NUM_BAD; i++) {
    char name[200];
    snprintf(name, sizeof name, "%s, as #puzzle=", bad_boards[i].label);
    if (!front_message(name, bad_boards[i].text, &want))
      continue;
    print_message("  %s: peg-front: %s\n", bad_boards[i].label, want.data);
    expect_error(name, &s, c[i].link_state, c[i].link_message, want.data);
    snprintf(name, sizeof name, "%s, pasted", bad_boards[i].label);
    expect_state(name, &s, c[i].good_state, "ready", NULL);
    expect_error(name, &s, c[i].paste_state, c[i].paste_message, want.data);
    /* Loaded from a file: named as the browser names it, its base name. */
    char file[64];
    buffer named = {0};
    upload_name(i, file, sizeof file);
    buffer_str(&named, file);
    buffer_str(&named, want.data + strlen("board text"));
    snprintf(name, sizeof name, "%s, loaded from %s", bad_boards[i].label,
             file);
    expect_error(name, &s, c[i].file_state, c[i].file_message, named.data);
    buffer_free(&named);
  }
  for (size_t i = 0; i < NUM_BAD_LINKS; i++)
    judge_bad_link(&s, i, link_state[i], link_message[i]);
  expect_no_errors("bad text", &s, errors);
  session_free(&s);
  buffer_free(&good);
  buffer_free(&want);
  end_cases("bad text");
}

/* ---- i: links keep the state --------------------------------------------- */

/* After two hand jumps the address holds played= with them, and a reload
 * of that address shows the same position and #played.  A link with both
 * empty= and start= is an error that names both. */
static void test_links(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  const char *name = "links keep hand jumps";
  session s = {0};
  open_page(&s, "board=triangle5&empty=1");
  command(&s, "wait-state ready 10000");
  const jump jumps[] = {{4, 2, 1}, {13, 8, 4}};
  for (int i = 0; i < 2; i++) {
    command(&s, "click hole-%d", jumps[i].from);
    command(&s, "click hole-%d", jumps[i].to);
  }
  int hash = command(&s, "eval location.hash");
  int reload = command(&s, "reload");
  int ready = command(&s, "wait-state ready 10000");
  int pegs = command(&s, "%s", pegs_js), played = command(&s, "text played");
  int errors = command(&s, "errors");
  /* Two starts on one link: refused, not one of them silently chosen. */
  open_page(&s, "board=triangle5&empty=1&start=2,3");
  int both = command(&s, "wait-state ready|error 10000");
  int both_message = command(&s, "text message");
  run_session(name, &s);

  buffer got = {0}, want = {0}, list = {0};
  if (expect_state(name, &s, both, "error", NULL) &&
      string_result(name, &s, both_message, &got) &&
      (!strstr(got.data, "empty=") || !strstr(got.data, "start=")))
    failure(name, "empty= with start=: #message \"%s\"", SHOW(got));
  jump_list(&list, jumps, 2, false);
  if (string_result(name, &s, hash, &got)) {
    print_message("  location.hash after two hand jumps: %s\n", got.data);
    const char *p = strstr(got.data, "played=");
    buffer_clear(&want);
    if (p)
      unpercent(&want, p + 7, strcspn(p + 7, "&"));
    if (!p || strcmp(want.data, list.data))
      failure(name, "location.hash \"%s\" lacks played=%s", SHOW(got),
              list.data);
  }
  pc_board b;
  unsigned char at[65];
  char peg_text[66];
  pc_board_triangle(&b, 5, 1);
  assert_true(replay_prefix(&b, jumps, 2, at));
  expect_ok(name, &s, reload);
  expect_state(name, &s, ready, "ready", NULL);
  expect_pegs(name, &s, pegs, peg_string(&b, at, peg_text), "after a reload");
  buffer_clear(&want);
  jump_list(&want, jumps, 2, true);
  if (string_result(name, &s, played, &got) && !same_lines(got.data, want.data))
    failure(name, "after a reload #played is \"%s\", expected \"%s\"",
            SHOW(got), SHOW(want));
  expect_no_errors(name, &s, errors);
  pc_board_free(&b);
  session_free(&s);
  buffer_free(&got);
  buffer_free(&want);
  buffer_free(&list);
  end_cases("link");
}

/* ---- j: the browser's end ----------------------------------------------- */

/* The driver, its standard input closed, closes the browser and exits 0. */
static void test_browser_end(void **state) {
  (void)state;
  need_browser();
  begin_cases();
  if (drv.pid) {
    int code = driver_end(false);
    buffer messages = {0};
    driver_messages(&messages);
    if (code != 0)
      failure("the browser's end", "the driver exited %d: %s", code,
              SHOW(messages));
    buffer_free(&messages);
  }
  for (size_t i = 0; i < num_answers; i++) {
    free(answers[i].board);
    buffer_free(&answers[i].out);
    buffer_free(&answers[i].err);
  }
  free(answers);
  answers = NULL;
  num_answers = 0;
  buffer_free(&drv.pending);
  end_cases("browser end");
}

/* ---- Main ---------------------------------------------------------------- */

/* Node.js: $NODE, else the first executable "node" on PATH (malloc'd);
 * NULL if there is none. */
static char *find_node(void) {
  const char *env = getenv("NODE"), *path = getenv("PATH");
  if (env && *env)
    return access(env, X_OK) ? NULL : strdup(env);
  char full[4096];
  for (const char *p = path ? path : ""; *p;) {
    size_t len = strcspn(p, ":");
    snprintf(full, sizeof full, "%.*s/node", (int)len, p);
    if (len && !access(full, X_OK))
      return strdup(full);
    p += len + (p[len] == ':');
  }
  return NULL;
}

/* Why the browser tests cannot run in the browser named by browser_flag,
 * or NULL. */
static const char *browser_missing(void) {
  static char why[4200];
  bool firefox = !strcmp(browser_flag, "--firefox");
  const char *env = getenv(firefox ? "FIREFOX" : "CHROMIUM");
  browser = env && *env                            ? env
            : !firefox                             ? "/usr/bin/chromium"
            : access("/usr/bin/firefox-esr", X_OK) ? "/usr/bin/firefox"
                                                   : "/usr/bin/firefox-esr";
  node = find_node();
  if (access(page_file, R_OK))
    snprintf(why, sizeof why, "no page %s (not built yet?)", page_file);
  else if (access(browser, X_OK))
    snprintf(why, sizeof why, "%s not found (%s; set $%s)", browser_flag + 2,
             browser, firefox ? "FIREFOX" : "CHROMIUM");
  else if (!node)
    snprintf(why, sizeof why, "node not found ($NODE, or node on PATH)");
  else
    return NULL;
  return why;
}

int main(int argc, char **argv) {
  browser_flag = "--chromium";
  if (argc == 6 && !strcmp(argv[1], "--firefox")) {
    browser_flag = argv[1];
    argc--, argv++;
  }
  if (argc != 5) {
    fprintf(stderr, "usage: %s [--firefox] PAGE PEG-FRONT DPLL PEG-BACK\n",
            argv[0]);
    return 2;
  }
  page_file = absolute(argv[1]);
  front_tool = absolute(argv[2]);
  dpll_tool = absolute(argv[3]);
  back_tool = absolute(argv[4]);
  if (!page_file || !front_tool || !dpll_tool || !back_tool ||
      access(front_tool, X_OK) || access(dpll_tool, X_OK) ||
      access(back_tool, X_OK)) {
    fprintf(stderr, "test_web: bad paths\n");
    return 2;
  }
  why_skipped = browser_missing();
  buffer_str(&page_url, "file://");
  percent(&page_url, page_file, "/");
  clitest_program = "test_web";
  clitest_hang_seconds = (int)tier_seconds(DRIVER_SECONDS + 60);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_catalogue),
      cmocka_unit_test(test_puzzle_links),
      cmocka_unit_test(test_no_solution),
      cmocka_unit_test(test_cancel),
      cmocka_unit_test(test_hints),
      cmocka_unit_test(test_count),
      cmocka_unit_test(test_hand_and_replay),
      cmocka_unit_test(test_bad_text),
      cmocka_unit_test(test_links),
      cmocka_unit_test(test_browser_end),
  };
  int rc = clitest_run_group("tests", tests, sizeof tests / sizeof *tests,
                             "test-web", &tmp_dir);
  free(page_file);
  free(front_tool);
  free(dpll_tool);
  free(back_tool);
  free(node);
  buffer_free(&page_url);
  return rc;
}
