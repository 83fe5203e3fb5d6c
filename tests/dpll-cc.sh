#!/usr/bin/env bash
# Tests dpll-cc, cube and conquer on GNU parallel, through its command line:
#   bash tests/dpll-cc.sh BIN REQUIRED
# BIN holds dpll and dpll-cc.  Without GNU parallel the test is skipped
# (exit 77), or fails if REQUIRED is 1.  Answers are judged independently
# of every solver: verdicts by brute force over all assignments (awk, for
# formulas of up to 12 variables) or by construction (pigeonhole formulas
# are unsatisfiable, planted ones satisfiable), models by
# tests/bench/check-model.awk.  Several workers run at once (-j 3), and a
# stand-in for ssh runs "remote" batches here, through the same
# --sshlogin, --basefile and rsync path as real machines.
# The cases run in four groups at once (random formulas, local runs,
# remote runs, errors): a run mostly waits, as GNU parallel polls its jobs
# with growing sleeps.  Each group has its own output files and counts.
set -u
bin=$(cd "$1" && pwd) required=${2:-0}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v parallel >/dev/null; then
  echo "GNU parallel is not installed (apt-get install parallel)" >&2
  [ "$required" = 1 ] && exit 1
  exit 77
fi
cc=$bin/dpll-cc
work=$(mktemp -d "${TMPDIR:-/tmp}/dpll-cc-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0 cases=0
# The standard output and error of the last run, one pair per group.
out=$work/out err=$work/err

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# run EXPECTED-STATUS ARGS...: runs dpll-cc, output in $out and $err;
# checks the exit status.
run() {
  local want=$1
  shift
  cases=$((cases + 1))
  # Without SHELL, as CI runs it (GNU parallel's remote wrapper reads it).
  env -u SHELL "$cc" "$@" >"$out" 2>"$err"
  local got=$?
  if [ "$got" != "$want" ]; then
    fail "dpll-cc $*: exit $got, expected $want; stderr: $(head -3 "$err")"
    return 1
  fi
}

# The verdict of a DIMACS file of few variables by trying every assignment.
brute() {
  awk '/^[cp]/ { if ($1 == "p") n = $3; next }
       { for (i = 1; i <= NF; i++) if ($i != 0) { c[m, k++] = $i } else { len[m++] = k; k = 0 } }
       END {
         for (a = 0; a < 2 ^ n; a++) {
           ok = 1
           for (j = 0; j < m && ok; j++) {
             sat = 0
             for (i = 0; i < len[j] && !sat; i++) {
               l = c[j, i]; v = l < 0 ? -l : l
               bit = int(a / 2 ^ (v - 1)) % 2
               sat = (l > 0) == (bit == 1)
             }
             ok = sat
           }
           if (ok) { print 10; exit }
         }
         print 20
       }' "$1"
}

# check_answer FILE STATUS: the answer in $work/out agrees with STATUS (10
# or 20), and a model satisfies FILE.
check_answer() {
  local file=$1 status=$2
  if [ "$status" = 10 ]; then
    grep -q '^s SATISFIABLE$' "$out" || fail "$file: no 's SATISFIABLE'"
    awk -f "$here/bench/check-model.awk" "$out" "$file" >/dev/null ||
      fail "$file: the model does not satisfy the clauses"
  else
    [ "$(cat "$out")" = "s UNSATISFIABLE" ] ||
      fail "$file: expected only 's UNSATISFIABLE', got: $(head -2 "$out")"
  fi
}

# Random formulas of 12 variables around the threshold: verdict by brute
# force, several workers and batches of one, two and three cubes (seeds 3
# to 5, satisfiable), and one that the cubing refutes whole (seed 7: no
# cube, the clauses solved alone).
random_formulas() {
  local seed f want
  for seed in 3 4 5 7; do
    f=$work/r$seed.cnf
    awk -v n=12 -v m=$((40 + 3 * seed)) -v seed="$seed" \
      -f "$here/bench/gen-random-3sat.awk" >"$f"
    want=$(brute "$f")
    run "$want" -j 3 --cubes $((2 + seed)) --batch $((1 + seed % 3)) "$f" &&
      check_answer "$f" "$want"
  done
}

# Known by construction, for the groups below: pigeonhole
# (unsatisfiable), a planted formula (satisfiable: every clause holds
# under the hidden assignment).
awk -v n=6 -f "$here/bench/gen/php.awk" >"$work/php.cnf"
awk -v n=150 -v m=630 -v seed=4 'BEGIN {
    srand(seed); print "p cnf", n, m
    for (v = 1; v <= n; v++) hidden[v] = rand() < 0.5 ? v : -v
    for (j = 0; j < m; j++) {
      do {
        line = ""; ok = 0
        for (i = 0; i < 3; i++) {
          v = 1 + int(rand() * n); l = rand() < 0.5 ? v : -v
          if (l == hidden[v]) ok = 1
          line = line l " "
        }
      } while (!ok)
      print line "0"
    }
  }' >"$work/planted.cnf"

local_runs() {
  run 20 -j 3 -v "$work/php.cnf" && check_answer "$work/php.cnf" 20
  grep -q 'batches refuted' "$err" || fail "-v: no line on the batches"
  run 10 -j 2 --cubes 16 "$work/planted.cnf" &&
    check_answer "$work/planted.cnf" 10

  # Input on standard input (with --keep, which keeps the work files), and
  # in the DP format.  (The cases below that are not about the default
  # number of cubes ask for two or four: fewer batches, fewer programs.)
  run 20 -j 2 --cubes 2 --keep "$work/kept" - <"$work/php.cnf" &&
    check_answer "$work/php.cnf" 20
  for f in all.icnf base.icnf cubes joblog; do
    [ -s "$work/kept/$f" ] || fail "--keep: no $f"
  done
  printf '1 2\n-1 2\n1 -2\n0\n' >"$work/dp.txt"
  printf 'p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n' >"$work/dp.cnf"
  run 10 -j 2 "$work/dp.txt" && check_answer "$work/dp.cnf" 10

  # iCNF input: its cubes as they are, one spanning two lines.  Cubes that
  # miss the formula's only model give unsatisfiable, as the format says.
  printf 'p inccnf\n1 2 0\n-1 2 0\n1 -2 0\na 1 0\na -1\n 0\n' >"$work/c.icnf"
  run 10 -j 2 "$work/c.icnf" && check_answer "$work/dp.cnf" 10
  printf 'p inccnf\n1 2 0\n-1 2 0\n1 -2 0\na -1 0\na 1 -2 0\n' >"$work/m.icnf"
  run 20 -j 2 --batch 1 "$work/m.icnf" && check_answer "$work/m.icnf" 20
  printf 'p inccnf\n1 0\n-1 0\n' >"$work/none.icnf"
  run 20 "$work/none.icnf" && check_answer "$work/none.icnf" 20

  # A limit that stops every batch: unknown, exit 0.
  run 0 -j 2 --cubes 2 "$work/php.cnf" -- --max-decisions 0 &&
    { [ "$(cat "$out")" = "s UNKNOWN" ] || fail "expected 's UNKNOWN'"; }
}

# "Remote" machines: a stand-in for ssh that runs the command here, in a
# login directory of the host's own (host-NAME); the clauses travel there by
# rsync as to a real machine, and --cleanup removes them there afterwards.
# As sshd does, it sets SHELL to the login shell: bash, but plain sh on the
# host named "plain" (GNU parallel runs the jobs there through it).
remote_runs() {
  if command -v rsync >/dev/null; then
    cat >"$work/fake-ssh" <<'EOF'
#!/bin/bash
while [ $# -gt 0 ] && [[ $1 == -* ]]; do shift; done
echo "$1" >>"$(dirname "$0")/hosts"
export HOME=$(dirname "$0")/host-$1 SHELL=/bin/bash
[ "$1" != plain ] || SHELL=/bin/sh
shift
[ "${1:-}" != -- ] || shift
mkdir -p "$HOME" && cd "$HOME" && exec bash -c "$*"
EOF
    chmod +x "$work/fake-ssh"
    # Both kinds of host and this machine in one run, a batch for each slot.
    run 20 -S 1/plain,2/far,1/: --cubes 4 --ssh "$work/fake-ssh" \
      --dpll "$bin/dpll" "$work/php.cnf" && check_answer "$work/php.cnf" 20
    grep -q far "$work/hosts" || fail "--sshlogin: no job went to the host"
    grep -q plain "$work/hosts" || fail "--sshlogin: no job went to 'plain'"
    run 10 -S 2/far --ssh "$work/fake-ssh" --dpll "$bin/dpll" \
      "$work/planted.cnf" && check_answer "$work/planted.cnf" 10
    left=$(find "$work/host-far" "$work/host-plain" -type f | head -3)
    [ -z "$left" ] || fail "--sshlogin: files left on the host: $left"
    # A host where the copies never arrive (its rsync does nothing): its jobs
    # fail; dpll must not solve the cubes without the clauses (which made
    # the pigeonhole formula "satisfiable" when a file went missing).
    sed 's/^mkdir -p/case $* in *rsync*) exit 0 ;; esac; mkdir -p/' \
      "$work/fake-ssh" >"$work/lossy-ssh"
    chmod +x "$work/lossy-ssh"
    run 1 -S 2/lost --ssh "$work/lossy-ssh" --dpll "$bin/dpll" --cubes 2 \
      "$work/php.cnf" &&
      { [ ! -s "$out" ] || fail "--sshlogin, files lost: output given"; }
  elif [ "$required" = 1 ]; then
    fail "rsync is not installed: the --sshlogin case cannot run"
  fi
}

# Errors: one message, exit 1, nothing on standard output.  Several
# WHATs separated by '|' are each looked for in the same run's messages.
error_case() {
  local what=$1 one
  shift
  run 1 "$@" || return
  [ ! -s "$out" ] || fail "dpll-cc $*: wrote to standard output"
  local IFS='|'
  for one in $what; do
    grep -q -- "$one" "$err" || fail "dpll-cc $*: no '$one' in: $(cat "$err")"
  done
}

errors() {
  # A job's model is checked again: a dpll whose jobs claim a false model
  # (and that splits and checks as the real one does) is caught.
  cat >"$work/liar" <<EOF
#!/bin/bash
case "\$*" in *"-f icnf -") printf 's SATISFIABLE\nv -1 -2 -3 0\n'; exit 10 ;; esac
exec "$bin/dpll" "\$@"
EOF
  chmod +x "$work/liar"
  run 1 -j 2 --cubes 2 --dpll "$work/liar" "$work/php.cnf" &&
    { [ ! -s "$out" ] || fail "a false model was printed"; }
  grep -q "does not satisfy" "$err" || fail "a false model: no message"

  error_case "no INPUT"
  error_case "needs a positive number" -j 0 "$work/php.cnf"
  error_case "needs a positive number" --cubes x "$work/php.cnf"
  error_case "needs a value" --batch
  error_case "unknown option" --bogus "$work/php.cnf"
  error_case "cannot read" "$work/missing.cnf"
  error_case "one INPUT only" "$work/php.cnf" "$work/php.cnf"
  error_case "batches failed|unknown option '--bogus'" -j 2 --cubes 2 \
    "$work/php.cnf" -- --bogus
  printf 'p cnf 2 1\n1 x 0\n' >"$work/bad.cnf"
  error_case "bad.cnf:2:3" "$work/bad.cnf"
  printf 'p inccnf\n1 0\na 1 0\n2 0\n' >"$work/late.icnf"
  error_case "a clause after the cubes" "$work/late.icnf"
  run 0 --help && grep -q '^Usage: dpll-cc' "$out" || fail "--help"
  run 0 --version && grep -q '^dpll-cc [0-9]' "$out" || fail "--version"
}

# group NAME: runs function NAME in the background with output files of
# its own; its counts of cases and failures go to $work/NAME.count.
group() {
  (
    out=$work/$1.out err=$work/$1.err
    "$1"
    echo "$cases $failures" >"$work/$1.count"
  ) &
}
for g in random_formulas local_runs remote_runs errors; do
  group $g
done
wait
for g in random_formulas local_runs remote_runs errors; do
  if read -r c f <"$work/$g.count"; then
    cases=$((cases + c)) failures=$((failures + f))
  else
    fail "$g: the group did not finish"
  fi
done
echo "dpll-cc: $cases cases, $failures failed"
[ "$failures" = 0 ]
