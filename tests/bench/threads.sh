#!/usr/bin/env bash
# The portfolio's benchmark (issue 27; figures in docs/performance.md and
# docs/parallel.md): the hard satisfiable peg problems of issue 14, each
# under several shuffles of its clauses (shuffle-cnf.awk), solved by
# `dpll -t 1` and `dpll -t N` one after the other, in wall-clock time.
# Prints one line per file (name, then for each thread count: exit status
# and wall seconds), then per thread count the PAR-2 score (the mean of
# the times, a run not done within TIMEOUT counting 2 * TIMEOUT), the
# slowest run and the runs over 5 s.
# Usage: tests/bench/threads.sh BUILD SEEDS [THREADS...]   (default: 1 2)
#   e.g. tests/bench/threads.sh build "1 2 3" 1 2
# Environment: TIMEOUT (wall seconds per run, default 60) and PROBLEMS, as
# in peg-shuffles.sh.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
build=$1 seeds=$2
shift 2
counts=${*:-1 2}
here=$(cd "$(dirname "$0")" && pwd)
front=$build/bin/peg-front dpll=$build/bin/dpll
limit=${TIMEOUT:-60}
source "$here/peg-problems.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in $problems; do
  board=${p%%:*} hole=${p#*:}
  peg_problem "$front" "$p" "$tmp/base.cnf" || exit 2
  for s in $seeds; do
    name=$board$hole-s$s
    awk -v seed="$s" -f "$here/shuffle-cnf.awk" "$tmp/base.cnf" >"$tmp/$name.cnf"
    line=$name
    for t in $counts; do
      rc=0
      start=$(date +%s.%N)
      timeout "$limit" "$dpll" -t "$t" "$tmp/$name.cnf" >/dev/null 2>&1 || rc=$?
      end=$(date +%s.%N)
      line="$line $rc $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')"
    done
    echo "$line"
    rm -f "$tmp/$name.cnf"
  done
done | awk -v counts="$counts" -v limit="$limit" '
  BEGIN { n = split(counts, t, " ") }
  { print; runs++
    for (i = 1; i <= n; i++) {
      rc = $(2 * i); s = $(2 * i + 1)
      par[i] += rc == 10 ? s : 2 * limit
      if (s > worst[i]) worst[i] = s
      if (rc != 10 || s > 5) over[i]++
    } }
  END {
    for (i = 1; i <= n; i++)
      printf "-t %s: PAR-2 %.2f s, slowest %.2f s, %d of %d runs over 5 s\n",
             t[i], par[i] / runs, worst[i], over[i], runs
  }'
