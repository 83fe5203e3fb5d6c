/* clitest.c - the harness of the command-line tests; see clitest.h. */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np (glibc 2.29) */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clitest.h"

/* ---- Settings ------------------------------------------------------------ */

const char *clitest_program = "clitest";
int clitest_hang_seconds = 60;
int clitest_signal;
double clitest_signal_after;

/* ---- Cases and failures -------------------------------------------------- */

static int failures; /* cases failed in the current test function */

void failure(const char *name, const char *fmt, ...) {
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  print_error("FAIL [%s]: %s\n", name, msg);
  failures++;
}

void begin_cases(void) { failures = 0; }

void end_cases(const char *what) {
  if (failures)
    fail_msg("%d %s case(s) failed (see FAIL lines above)", failures, what);
}

double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- Buffers, files and paths -------------------------------------------- */

void buffer_add(buffer *b, const void *p, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
      cap *= 2;
    char *q = realloc(b->data, cap);
    assert_non_null(q);
    b->data = q;
    b->cap = cap;
  }
  if (n)
    memcpy(b->data + b->len, p, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void buffer_str(buffer *b, const char *s) { buffer_add(b, s, strlen(s)); }

void buffer_clear(buffer *b) {
  b->len = 0;
  buffer_add(b, "", 0);
}

void buffer_free(buffer *b) {
  free(b->data);
  memset(b, 0, sizeof *b);
}

bool read_file(const char *path, buffer *b) {
  buffer_clear(b);
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    buffer_add(b, chunk, n);
  bool ok = !ferror(f);
  fclose(f);
  assert_true(ok);
  return true;
}

void write_file(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(data, 1, size, f), size);
  assert_int_equal(fclose(f), 0);
}

bool exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

const char *join(char *out, size_t size, const char *dir, const char *name) {
  int n = snprintf(out, size, "%s/%s", dir, name);
  assert_true(n > 0 && (size_t)n < size);
  return out;
}

bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}

bool same_bytes(const buffer *a, const buffer *b) {
  return a->len == b->len && !memcmp(a->data, b->data, a->len);
}

const char *with_ext(const char *name, const char *ext, char *out,
                     size_t size) {
  const char *dot = strrchr(name, '.');
  size_t base = dot ? (size_t)(dot - name) : strlen(name);
  int n = snprintf(out, size, "%.*s%s", (int)base, name, ext);
  assert_true(n > 0 && (size_t)n < size);
  return out;
}

char *absolute(const char *path) {
  char cwd[4096];
  if (path[0] == '/')
    return strdup(path);
  if (!getcwd(cwd, sizeof cwd))
    return NULL;
  size_t n = strlen(cwd) + strlen(path) + 2;
  char *out = malloc(n);
  if (out)
    snprintf(out, n, "%s/%s", cwd, path);
  return out;
}

/* ---- Messages ------------------------------------------------------------ */

const char *shown(const char *data, size_t len, char *out, size_t size) {
  size_t o = 0;
  for (size_t i = 0; i < len && o + 8 < size; i++) {
    unsigned char c = (unsigned char)data[i];
    if (o > 300) {
      o += (size_t)snprintf(out + o, size - o, "...");
      break;
    }
    if (c == '\n')
      o += (size_t)snprintf(out + o, size - o, "\\n");
    else if (c == '\r')
      o += (size_t)snprintf(out + o, size - o, "\\r");
    else if (c == '\t')
      o += (size_t)snprintf(out + o, size - o, "\\t");
    else if (c == '\\')
      o += (size_t)snprintf(out + o, size - o, "\\\\");
    else if (c < 0x20 || c >= 0x7f)
      o += (size_t)snprintf(out + o, size - o, "\\x%02X", c);
    else
      out[o++] = (char)c;
  }
  out[o] = '\0';
  return out;
}

/* ---- Directories --------------------------------------------------------- */

int compare_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

char **list_dir(const char *dir, size_t *n) {
  DIR *d = opendir(dir);
  if (!d)
    fail_msg("cannot open directory %s: %s", dir, strerror(errno));
  size_t count = 0, cap = 16;
  char **names = malloc(cap * sizeof *names);
  assert_non_null(names);
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
      continue;
    if (count == cap) {
      cap *= 2;
      char **p = realloc(names, cap * sizeof *names);
      assert_non_null(p);
      names = p;
    }
    names[count] = strdup(e->d_name);
    assert_non_null(names[count]);
    count++;
  }
  closedir(d);
  qsort(names, count, sizeof *names, compare_names);
  *n = count;
  return names;
}

void free_names(char **names, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(names[i]);
  free(names);
}

bool has_name(char **names, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(names[i], name))
      return true;
  return false;
}

void remove_tree(const char *path) {
  struct stat st;
  if (lstat(path, &st))
    return;
  if (S_ISDIR(st.st_mode)) {
    DIR *d = opendir(path);
    if (d) {
      struct dirent *e;
      char sub[4096];
      while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
          remove_tree(join(sub, sizeof sub, path, e->d_name));
      closedir(d);
    }
    rmdir(path);
  } else
    unlink(path);
}

char *make_scratch_dir(const char *prefix) {
  const char *base = getenv("TMPDIR");
  char template[4096];
  snprintf(template, sizeof template, "%s/%s-XXXXXX",
           base && *base ? base : "/tmp", prefix);
  char *dir = mkdtemp(template) ? strdup(template) : NULL;
  if (!dir)
    fprintf(stderr, "%s: mkdtemp: %s\n", clitest_program, strerror(errno));
  return dir;
}

void remove_scratch_dir(char **dir) {
  if (*dir)
    remove_tree(*dir);
  free(*dir);
  *dir = NULL;
}

static const char *group_prefix;
static char **group_scratch;

static int group_setup(void **state) {
  (void)state;
  *group_scratch = make_scratch_dir(group_prefix);
  return *group_scratch ? 0 : -1;
}

static int group_teardown(void **state) {
  (void)state;
  remove_scratch_dir(group_scratch);
  return 0;
}

int clitest_run_group(const char *name, const struct CMUnitTest *tests,
                      size_t n, const char *prefix, char **scratch) {
  group_prefix = prefix;
  group_scratch = scratch;
  signal(SIGPIPE, SIG_IGN);
  return _cmocka_run_group_tests(name, tests, n, group_setup, group_teardown);
}

/* ---- Running a program --------------------------------------------------- */

/* Starts `prog args...` as run_argv describes, r's buffers cleared and its
 * command set; returns the child's pid and the read ends of its standard
 * output and error pipes in *out_fd and *err_fd (not inherited by later
 * children). */
/* Under AddressSanitizer a process starts slowly (20 ms for `dpll
 * --version` on the CI machine of 2026-12-07, against 6 ms in a Release
 * build) and LeakSanitizer's check at its exit costs 40 ms more.  In the
 * quick tier of the sanitizer build, which repeats the Release build's
 * cases, two samples keep what the sanitizers add at a share of the cost:
 *
 *  - which runs are instrumented: with DPLL_TEST_PLAIN_BIN naming the
 *    Release build's bin/ (tests/run-all.sh passes it to CMake, which sets
 *    it on the quick run of each test that has a long one), a tool of
 *    this build is run as that directory's program of the same name,
 *    except in the first run of each family of runs and in every
 *    PLAIN_SAMPLE-th run.  A family is the program's name, its options'
 *    names (not their values), the extensions of its files and of its
 *    standard input, and the signal sent: `dpll --seed 3 -a cdcl x.cnf <
 *    y.txt` is `dpll --seed -a .cnf <.txt`.  So every tool, option and
 *    input kind meets the sanitizers in the quick tier; what every run
 *    does is judged in both builds all the same;
 *  - which instrumented runs check leaks: a test program's first, then
 *    every LEAK_SAMPLE-th; the others get detect_leaks=0 added to
 *    ASAN_OPTIONS.
 *
 * The long tier instruments every run and checks every leak (and
 * valgrind's sample checks leaks in the Release build). */
#define PLAIN_SAMPLE 8
#define LEAK_SAMPLE 8
#if defined(__SANITIZE_ADDRESS__)
#define CLITEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CLITEST_ASAN 1
#endif
#endif

#ifdef CLITEST_ASAN
/* The family of `prog args < in` (above) in out. */
static void family_of(char *out, size_t size, const char *prog,
                      const char *const *args, const char *in) {
  const char *base = strrchr(prog, '/');
  size_t used = (size_t)snprintf(out, size, "%s", base ? base + 1 : prog);
  for (size_t i = 0; args[i] && used < size; i++) {
    const char *a = args[i], *slash = strrchr(a, '/');
    const char *dot = strrchr(slash ? slash : a, '.');
    if (a[0] == '-' && a[1])
      used += (size_t)snprintf(out + used, size - used, " %.*s",
                               (int)strcspn(a, "="), a);
    else if (dot && dot[1] && !strchr(dot, ' '))
      used += (size_t)snprintf(out + used, size - used, " %s", dot);
  }
  const char *dot = in ? strrchr(in, '.') : NULL;
  if (used < size && in)
    used += (size_t)snprintf(out + used, size - used, " <%s",
                             dot && !strchr(dot, '/') ? dot : "");
  if (used < size && clitest_signal)
    snprintf(out + used, size - used, " !%d", clitest_signal);
}

/* Whether the family is new to this test program (it is then recorded). */
static bool new_family(const char *family) {
  static char **seen;
  static size_t n, cap;
  for (size_t i = 0; i < n; i++)
    if (!strcmp(seen[i], family))
      return false;
  if (n == cap) {
    char **grown = realloc(seen, (cap ? 2 * cap : 64) * sizeof *seen);
    assert_non_null(grown);
    seen = grown;
    cap = cap ? 2 * cap : 64;
  }
  seen[n] = strdup(family);
  assert_non_null(seen[n]);
  n++;
  return true;
}
#endif

/* The program a run of prog runs: prog itself, or in the sampled quick
 * tier of the sanitizer build (above) the Release build's program of the
 * same name, in plain (PATH_MAX bytes), when it is not the run's turn to
 * be instrumented.  *instrumented says which. */
static const char *program_to_run(const char *prog, const char *const *args,
                                  const char *in, char *plain,
                                  bool *instrumented) {
#ifdef CLITEST_ASAN
  static unsigned long runs;
  const char *dir = getenv("DPLL_TEST_PLAIN_BIN");
  *instrumented = true;
  if (tier_long() || !dir || !*dir)
    return prog;
  const char *base = strrchr(prog, '/');
  base = base ? base + 1 : prog;
  char family[1024];
  family_of(family, sizeof family, prog, args, in);
  bool turn = runs++ % PLAIN_SAMPLE == 0;
  if (new_family(family) || turn)
    return prog;
  if (snprintf(plain, PATH_MAX, "%s/%s", dir, base) >= PATH_MAX ||
      !strcmp(plain, prog) || access(plain, X_OK) != 0)
    return prog;
  *instrumented = false;
  return plain;
#else
  (void)args;
  (void)in;
  (void)plain;
  *instrumented = false;
  return prog;
#endif
}

/* The environment of a child (above). */
static char **child_environ(bool instrumented) {
  extern char **environ;
#ifdef CLITEST_ASAN
  static unsigned long runs;
  static char **env;
  static size_t cap;
  static char option[4096];
  if (!instrumented || tier_long() || runs++ % LEAK_SAMPLE == 0)
    return environ;
  size_t n = 0;
  while (environ[n])
    n++;
  if (n + 2 > cap) {
    char **grown = realloc(env, (n + 2) * sizeof *env);
    if (!grown)
      return environ;
    env = grown;
    cap = n + 2;
  }
  const char *old = getenv("ASAN_OPTIONS");
  snprintf(option, sizeof option, "ASAN_OPTIONS=%s%sdetect_leaks=0",
           old ? old : "", old && *old ? ":" : "");
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "ASAN_OPTIONS=", 13) != 0)
      env[k++] = environ[i];
  env[k++] = option;
  env[k] = NULL;
  return env;
#else
  (void)instrumented;
  return environ;
#endif
}

/* posix_spawn of prog as start_child's child would run it, or -1 if it
 * cannot (then fork says why).  A spawn copies nothing of the test
 * program's memory, which under AddressSanitizer, with its shadow memory,
 * costs a fork milliseconds. */
static pid_t spawn(const char *prog, bool instrumented, const char *cwd,
                   const char *in, const char *out_file,
                   const char *const *argv, const int out_pipe[2],
                   const int err_pipe[2]) {
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init(&fa))
    return -1;
  int rc = posix_spawn_file_actions_addopen(&fa, 0, in ? in : "/dev/null",
                                            O_RDONLY, 0);
  if (!rc)
    rc = out_file
             ? posix_spawn_file_actions_addopen(&fa, 1, out_file, O_WRONLY, 0)
             : posix_spawn_file_actions_adddup2(&fa, out_pipe[1], 1);
  if (!rc)
    rc = posix_spawn_file_actions_adddup2(&fa, err_pipe[1], 2);
  for (int i = 0; i < 2 && !rc; i++) {
    rc = posix_spawn_file_actions_addclose(&fa, out_pipe[i]);
    if (!rc)
      rc = posix_spawn_file_actions_addclose(&fa, err_pipe[i]);
  }
  if (!rc && cwd) /* after the files, which are named from here */
    rc = posix_spawn_file_actions_addchdir_np(&fa, cwd);
  pid_t pid = -1;
  if (!rc && posix_spawn(&pid, prog, &fa, NULL, (char *const *)argv,
                         child_environ(instrumented)))
    pid = -1;
  posix_spawn_file_actions_destroy(&fa);
  return rc ? -1 : pid;
}

static pid_t start_child(run_result *r, const char *prog, const char *cwd,
                         const char *in, const char *out_file,
                         const char *const *args, int *out_fd, int *err_fd) {
  const char *argv[32];
  size_t argc = 0;
  argv[argc++] = prog;
  for (size_t i = 0; args[i]; i++) {
    assert_true(argc + 1 < sizeof argv / sizeof *argv);
    argv[argc++] = args[i];
  }
  argv[argc] = NULL;
  char plain[PATH_MAX];
  bool instrumented;
  const char *file = program_to_run(prog, args, in, plain, &instrumented);
  command_name(r->command, sizeof r->command, prog, args);
  size_t used = strlen(r->command);
  snprintf(r->command + used, sizeof r->command - used, "%s%s%s%s%s%s%s%s",
           in ? " < " : "", in ? in : "", out_file ? " > " : "",
           out_file ? out_file : "", cwd ? ", in " : "", cwd ? cwd : "",
           file != prog ? ", as " : "", file != prog ? file : "");

  buffer_clear(&r->out);
  buffer_clear(&r->err);
  r->code = -1;
  r->sig = 0;
  r->hung = false;

  int out_pipe[2], err_pipe[2];
  assert_int_equal(pipe(out_pipe), 0);
  assert_int_equal(pipe(err_pipe), 0);
  fflush(stdout);
  fflush(stderr);
  pid_t pid =
      spawn(file, instrumented, cwd, in, out_file, argv, out_pipe, err_pipe);
  if (pid < 0)
    pid = fork(); /* to say why it cannot run, as a program would */
  assert_true(pid >= 0);
  if (pid == 0) {
    int fd_in = open(in ? in : "/dev/null", O_RDONLY);
    int fd_out = out_file ? open(out_file, O_WRONLY) : out_pipe[1];
    if (fd_in < 0 || fd_out < 0 || dup2(fd_in, 0) < 0 || dup2(fd_out, 1) < 0 ||
        dup2(err_pipe[1], 2) < 0 || (cwd && chdir(cwd))) {
      dprintf(err_pipe[1], "%s: cannot set up the child: %s\n", clitest_program,
              strerror(errno));
      _exit(126);
    }
    if (fd_in > 2)
      close(fd_in);
    if (out_file && fd_out > 2)
      close(fd_out);
    close(out_pipe[0]);
    close(out_pipe[1]);
    close(err_pipe[0]);
    close(err_pipe[1]);
    execve(file, (char *const *)argv, child_environ(instrumented));
    dprintf(2, "%s: cannot run %s: %s\n", clitest_program, file,
            strerror(errno));
    _exit(127);
  }
  close(out_pipe[1]);
  close(err_pipe[1]);
  fcntl(out_pipe[0], F_SETFD, FD_CLOEXEC);
  fcntl(err_pipe[0], F_SETFD, FD_CLOEXEC);
  *out_fd = out_pipe[0];
  *err_fd = err_pipe[0];
  return pid;
}

/* One run of run_argv, the signal (if any) signal_after seconds in. */
static void run_once(run_result *r, const char *prog, const char *cwd,
                     const char *in, const char *out_file,
                     const char *const *args, double signal_after) {
  int out_fd, err_fd;
  pid_t pid = start_child(r, prog, cwd, in, out_file, args, &out_fd, &err_fd);
  double started = now(), deadline = started + clitest_hang_seconds;
  double signal_at = clitest_signal ? started + signal_after : 0;
  double signalled = -1;
  struct pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
  buffer *bufs[2] = {&r->out, &r->err};
  int open_fds = 2;
  while (open_fds > 0 && !r->hung) {
    double left = deadline - now();
    if (left <= 0) {
      r->hung = true;
      break;
    }
    if (signal_at && signalled < 0) {
      if (now() >= signal_at) {
        kill(pid, clitest_signal);
        signalled = now();
      } else if (signal_at - now() < left)
        left = signal_at - now();
    }
    int n = poll(fds, 2, (int)(left * 1000) + 1);
    if (n < 0 && errno == EINTR)
      continue;
    assert_true(n >= 0);
    for (int i = 0; i < 2; i++) {
      if (fds[i].fd < 0 || !fds[i].revents)
        continue;
      char chunk[65536];
      ssize_t got = read(fds[i].fd, chunk, sizeof chunk);
      if (got > 0)
        buffer_add(bufs[i], chunk, (size_t)got);
      else if (got == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        open_fds--;
      }
    }
  }
  int status = 0;
  if (r->hung)
    kill(pid, SIGKILL);
  for (;;) {
    pid_t w = waitpid(pid, &status, r->hung ? 0 : WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno == EINTR)
      continue;
    assert_int_equal(w, 0);
    if (now() >= deadline) {
      r->hung = true; /* closed its output but did not exit */
      kill(pid, SIGKILL);
    } else
      nanosleep(&(struct timespec){0, 200000}, NULL);
  }
  for (int i = 0; i < 2; i++)
    if (fds[i].fd >= 0)
      close(fds[i].fd);
  r->stopped = signalled < 0 ? -1 : now() - signalled;
  if (r->hung)
    return;
  if (WIFSIGNALED(status))
    r->sig = WTERMSIG(status);
  else
    r->code = WEXITSTATUS(status);
}

/* A program ended by the signal's default action (killed by it, or, under
 * valgrind, exiting with 128 + the signal) had not yet installed its
 * handler: it started slowly (valgrind, a busy machine), so the run is
 * repeated with the signal later, up to 32 times the delay.  A handler
 * that never works still fails, on the last try. */
void run_argv(run_result *r, const char *prog, const char *cwd, const char *in,
              const char *out_file, const char *const *args) {
  double after = clitest_signal_after;
  for (int tries = 0;; tries++) {
    run_once(r, prog, cwd, in, out_file, args, after);
    bool too_early =
        clitest_signal && !r->hung &&
        (r->sig == clitest_signal || r->code == 128 + clitest_signal);
    if (!too_early || tries == 5)
      return;
    after *= 2;
  }
}

void run_tool(run_result *r, const char *prog, const char *cwd, const char *in,
              const char *out_file, ...) {
  const char *args[32];
  size_t n = 0;
  va_list ap;
  va_start(ap, out_file);
  const char *a;
  while ((a = va_arg(ap, const char *))) {
    assert_true(n + 1 < sizeof args / sizeof *args);
    args[n++] = a;
  }
  va_end(ap);
  args[n] = NULL;
  run_argv(r, prog, cwd, in, out_file, args);
}

void run_free(run_result *r) {
  buffer_free(&r->out);
  buffer_free(&r->err);
}

const char *command_name(char *out, size_t size, const char *prog,
                         const char *const *args) {
  int o = snprintf(out, size, "%s", prog);
  for (size_t i = 0; args[i] && o > 0 && (size_t)o < size; i++)
    o += snprintf(out + o, size - (size_t)o, " %s", args[i]);
  return out;
}

/* ---- Running programs at once -------------------------------------------- */

/* A job of run_jobs while it runs: its pipes (-1 once closed), its times
 * and its tries. */
typedef struct job_state {
  enum { JOB_WAITING, JOB_RUNNING, JOB_DONE } state;
  pid_t pid;
  int fd[2];                   /* standard output and error */
  double started, deadline;    /* the hang detector's */
  double signal_at, signalled; /* signalled: -1 until it is sent */
  double after;                /* this try's delay of the signal */
  int tries;
} job_state;

static void start_job(run_job *j, job_state *s) {
  s->pid = start_child(&j->r, j->prog, j->cwd, j->in, j->out_file, j->args,
                       &s->fd[0], &s->fd[1]);
  s->started = now();
  s->deadline = s->started + clitest_hang_seconds;
  s->signal_at = j->signal ? s->started + s->after : 0;
  s->signalled = -1;
  s->state = JOB_RUNNING;
}

/* Records how the job's program ended: its status if reaped, else it is
 * killed (it hung) and reaped.  A program that the signal's default action
 * ended is started again later with the signal twice as late, as run_argv
 * does. */
static void end_job(run_job *j, job_state *s, bool reaped, int status) {
  if (!reaped) {
    kill(s->pid, SIGKILL);
    while (waitpid(s->pid, &status, 0) < 0)
      assert_int_equal(errno, EINTR);
  }
  for (int i = 0; i < 2; i++)
    if (s->fd[i] >= 0)
      close(s->fd[i]);
  j->took = now() - s->started;
  j->r.stopped = s->signalled < 0 ? -1 : now() - s->signalled;
  if (!j->r.hung && WIFSIGNALED(status))
    j->r.sig = WTERMSIG(status);
  else if (!j->r.hung)
    j->r.code = WEXITSTATUS(status);
  bool too_early = j->signal && !j->r.hung &&
                   (j->r.sig == j->signal || j->r.code == 128 + j->signal);
  if (too_early && s->tries < 5) {
    s->tries++;
    s->after *= 2;
    s->state = JOB_WAITING;
  } else
    s->state = JOB_DONE;
}

void run_jobs(run_job *jobs, size_t n, size_t at_once) {
  if (!at_once || at_once > n)
    at_once = n;
  job_state *s = calloc(n ? n : 1, sizeof *s);
  struct pollfd *fds = calloc(2 * n + 1, sizeof *fds);
  size_t *owner = calloc(2 * n + 1, sizeof *owner);
  assert_true(s && fds && owner);
  for (size_t i = 0; i < n; i++)
    s[i].after = jobs[i].signal_after;
  for (;;) {
    size_t running = 0, waiting = 0;
    for (size_t i = 0; i < n; i++) {
      running += s[i].state == JOB_RUNNING;
      waiting += s[i].state == JOB_WAITING;
    }
    for (size_t i = 0; i < n && waiting && running < at_once; i++)
      if (s[i].state == JOB_WAITING) {
        start_job(&jobs[i], &s[i]);
        running++;
        waiting--;
      }
    if (!running)
      break;

    /* Wait for output, the next signal or deadline, or (1 ms) the exit of
     * a program whose pipes are closed. */
    double t = now(), left = 3600;
    size_t nfds = 0;
    for (size_t i = 0; i < n; i++) {
      if (s[i].state != JOB_RUNNING)
        continue;
      bool piped = false;
      for (int k = 0; k < 2; k++)
        if (s[i].fd[k] >= 0) {
          fds[nfds] = (struct pollfd){s[i].fd[k], POLLIN, 0};
          owner[nfds++] = i;
          piped = true;
        }
      if (s[i].deadline - t < left)
        left = s[i].deadline - t;
      if (piped && s[i].signal_at && s[i].signalled < 0 &&
          s[i].signal_at - t < left)
        left = s[i].signal_at - t;
      if (!piped && left > 0.001)
        left = 0.001;
    }
    int ready = poll(fds, nfds, left > 0 ? (int)(left * 1000) + 1 : 0);
    if (ready < 0 && errno == EINTR)
      continue;
    assert_true(ready >= 0);
    for (size_t f = 0; f < nfds && ready > 0; f++) {
      if (!fds[f].revents)
        continue;
      job_state *js = &s[owner[f]];
      int k = js->fd[0] == fds[f].fd ? 0 : 1;
      buffer *b = k ? &jobs[owner[f]].r.err : &jobs[owner[f]].r.out;
      char chunk[65536];
      ssize_t got = read(fds[f].fd, chunk, sizeof chunk);
      if (got > 0)
        buffer_add(b, chunk, (size_t)got);
      else if (got == 0 || errno != EINTR) {
        close(js->fd[k]);
        js->fd[k] = -1;
      }
    }

    /* Signals due, hangs, exits. */
    t = now();
    for (size_t i = 0; i < n; i++) {
      if (s[i].state != JOB_RUNNING)
        continue;
      bool piped = s[i].fd[0] >= 0 || s[i].fd[1] >= 0;
      if (piped && s[i].signal_at && s[i].signalled < 0 &&
          t >= s[i].signal_at) {
        kill(s[i].pid, jobs[i].signal);
        s[i].signalled = now();
      }
      int status = 0;
      pid_t w = piped ? 0 : waitpid(s[i].pid, &status, WNOHANG);
      assert_true(w >= 0 || errno == EINTR);
      if (w == s[i].pid)
        end_job(&jobs[i], &s[i], true, status);
      else if (t >= s[i].deadline) {
        jobs[i].r.hung = true;
        end_job(&jobs[i], &s[i], false, 0);
      }
    }
  }
  free(s);
  free(fds);
  free(owner);
}

double signal_delay(void) {
  double later = tier_seconds(0.02);
  return later > 0.1 ? later : 0.1;
}

size_t signal_jobs_at_once(void) { return tier_slow() > 10 ? 1 : 0; }

/* ---- Checks -------------------------------------------------------------- */

bool expect_exit(const char *name, const run_result *r, int code) {
  if (r->hung) {
    failure(name,
            "hang: no exit within %d s, killed; stderr so far: \"%s\"; "
            "ran: %s",
            clitest_hang_seconds, SHOW(r->err), r->command);
    return false;
  }
  if (r->sig) {
    failure(name, "crash: killed by signal %d (%s); stderr: \"%s\"; ran: %s",
            r->sig, strsignal(r->sig), SHOW(r->err), r->command);
    return false;
  }
  if (r->code != code) {
    failure(name, "exit status %d, expected %d; stderr: \"%s\"; ran: %s",
            r->code, code, SHOW(r->err), r->command);
    return false;
  }
  return true;
}

bool expect_bytes(const char *name, const char *what, const buffer *got,
                  const buffer *want) {
  if (same_bytes(got, want))
    return true;
  failure(name, "%s is \"%s\", expected \"%s\"", what, SHOW(*got), SHOW(*want));
  return false;
}

bool expect_empty(const char *name, const char *what, const buffer *got) {
  if (got->len == 0)
    return true;
  failure(name, "%s should be empty, is \"%s\"", what, SHOW(*got));
  return false;
}

bool is_one_line(const buffer *b) {
  return b->len > 0 && b->data[b->len - 1] == '\n' &&
         memchr(b->data, '\n', b->len) == b->data + b->len - 1 &&
         strlen(b->data) == b->len;
}

bool expect_one_line(const char *name, const buffer *err) {
  if (is_one_line(err))
    return true;
  failure(name, "stderr should be exactly one line, is \"%s\"", SHOW(*err));
  return false;
}

/* ---- A directory of bad inputs ------------------------------------------- */

static bool is_input(const bad_inputs *b, const char *name) {
  return ends_with(name, b->ext) || (b->alt_ext && ends_with(name, b->alt_ext));
}

/* Every input has its .err and every .err its input (one); nothing else
 * but b->extra. */
static void check_pairs(const bad_inputs *b, char **names, size_t n) {
  char other[4096], alt[4096];
  for (size_t i = 0; i < n; i++) {
    const char *name = names[i];
    bool extra = false;
    for (size_t k = 0; b->extra && b->extra[k]; k++)
      extra |= !strcmp(name, b->extra[k]);
    if (extra)
      continue;
    if (is_input(b, name)) {
      if (!has_name(names, n, with_ext(name, ".err", other, sizeof other)))
        failure(name, "no %s holding the expected message", other);
    } else if (ends_with(name, ".err") && !b->alt_ext) {
      if (!has_name(names, n, with_ext(name, b->ext, other, sizeof other)))
        failure(name, "no input %s for it", other);
    } else if (ends_with(name, ".err")) {
      bool first =
          has_name(names, n, with_ext(name, b->ext, other, sizeof other));
      bool second =
          has_name(names, n, with_ext(name, b->alt_ext, alt, sizeof alt));
      if (!first && !second)
        failure(name, "no input %s or %s for it", other, alt);
      if (first && second)
        failure(name, "two inputs, %s and %s, for one .err", other, alt);
    } else if (!b->alt_ext)
      failure(name, "unexpected file in %s (want NAME%s or NAME.err)",
              b->dir_name, b->ext);
    else
      failure(name, "unexpected file in %s (want NAME%s, NAME%s or NAME.err)",
              b->dir_name, b->ext, b->alt_ext);
  }
}

int run_bad_inputs(const bad_inputs *b) {
  char path[4096], other[4096];
  size_t n;
  char **names = list_dir(b->dir, &n);
  check_pairs(b, names, n);

  run_result r = {0};
  buffer want = {0}, want_stdin = {0};
  int cases = 0;
  for (size_t i = 0; i < n; i++) {
    const char *name = names[i];
    if (!is_input(b, name))
      continue;
    with_ext(name, ".err", other, sizeof other);
    if (!read_file(join(path, sizeof path, b->dir, other), &want))
      continue; /* reported above */
    cases++;
    char label[4400];
    snprintf(label, sizeof label, "%s%s", b->label ? b->label : "", name);
    size_t at = b->tool_prefix && !strncmp(want.data, b->tool_prefix,
                                           strlen(b->tool_prefix))
                    ? strlen(b->tool_prefix)
                    : 0;
    /* The data file itself: one line, about this file. */
    if (!is_one_line(&want) || strncmp(want.data + at, name, strlen(name)) ||
        want.data[at + strlen(name)] != ':') {
      failure(label, "%s must be one line starting with \"%s:\"", other, name);
      continue;
    }

    /* PROG NAME, run in the directory. */
    run_tool(&r, b->prog, b->dir, NULL, NULL, name, (char *)NULL);
    if (expect_exit(label, &r, 1)) {
      expect_empty(label, "stdout", &r.out);
      expect_bytes(label, "stderr", &r.err, &want);
    }

    /* The same bytes on standard input: the message names <stdin>. */
    snprintf(label, sizeof label, "%s%s%s",
             b->stdin_label ? b->stdin_label : "", name,
             b->stdin_suffix ? b->stdin_suffix : "");
    buffer_clear(&want_stdin);
    buffer_add(&want_stdin, want.data, at);
    buffer_str(&want_stdin, "<stdin>");
    buffer_add(&want_stdin, want.data + at + strlen(name),
               want.len - at - strlen(name));
    run_tool(&r, b->prog, b->dir, join(path, sizeof path, b->dir, name), NULL,
             (char *)NULL);
    if (expect_exit(label, &r, 1)) {
      expect_empty(label, "stdout", &r.out);
      expect_bytes(label, "stderr", &r.err, &want_stdin);
    }
  }
  buffer_free(&want);
  buffer_free(&want_stdin);
  run_free(&r);
  free_names(names, n);
  return cases;
}
