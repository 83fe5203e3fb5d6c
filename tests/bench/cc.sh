#!/usr/bin/env bash
# Cube and conquer against one search (issue 27; figures in
# docs/parallel.md): each CNF file is solved by one `dpll` and then by
# `dpll-cc -j JOBS` (split with dpll --cubes, conquered by GNU parallel),
# in wall-clock time, one after the other on a machine left otherwise
# idle.  Prints one line per file: its name, the two answers' exit
# statuses and wall seconds, and the ratio cc / one; then the totals.
# Usage: tests/bench/cc.sh BUILD JOBS FILE...   e.g.
#   tests/bench/cc.sh build 2 r350-2.cnf r350-4.cnf
# Environment: CC_OPTIONS (more dpll-cc options, e.g. "--cubes 64"),
# TIMEOUT (wall seconds per run, default 600).
set -uo pipefail
[ $# -ge 3 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
build=$1 jobs=$2
shift 2
limit=${TIMEOUT:-600}
wall() { # wall VAR COMMAND...: runs COMMAND, its status and seconds in VAR
  local var=$1 start end rc=0
  shift
  start=$(date +%s.%N)
  timeout "$limit" "$@" >/dev/null 2>&1 || rc=$?
  end=$(date +%s.%N)
  printf -v "$var" '%s %.2f' "$rc" "$(echo "$end - $start" | bc)"
}
for f in "$@"; do
  wall one "$build/bin/dpll" "$f"
  # shellcheck disable=SC2086 # CC_OPTIONS is a list of words
  wall cc "$build/bin/dpll-cc" -j "$jobs" ${CC_OPTIONS:-} "$f"
  echo "$(basename "$f") $one $cc"
done | awk '
  { print $0, sprintf("%.2f", $5 / $3)
    if ($2 != $4) bad++
    one += $3; cc += $5 }
  END {
    printf "total: one %.2f s, cc %.2f s, ratio %.2f%s\n", one, cc, cc / one,
           bad ? sprintf(" (%d answers differ!)", bad) : ""
  }'
