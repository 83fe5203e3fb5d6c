#!/usr/bin/env bash
# The classic engine's heuristics on random 3-SAT at clause/variable ratio
# 4.26 (the hard region): for n = 150 and 200, six instances each (seeds
# 1..6), every heuristic with and without pure literals.  Prints total CPU
# seconds (from --stats) and decisions per configuration and size.
# Usage: tests/bench/heuristics.sh [path/to/dpll]
# HEURISTICS="jw activity" limits the run to those (all five take ~35 min).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dpll=${1:-$here/../../build/bin/dpll}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 150 200; do
  m=$(awk -v n=$n 'BEGIN { printf "%d", n * 4.26 }')
  for s in 1 2 3 4 5 6; do
    awk -v n=$n -v m=$m -v seed=$s -f "$here/gen-random-3sat.awk" >"$tmp/r$n-$s.cnf"
  done
done
printf '%-10s %-5s %8s %12s %8s %12s\n' heuristic pure "s n=150" "dec n=150" "s n=200" "dec n=200"
for h in ${HEURISTICS:-first jw dlis activity random}; do
  for pure in on off; do
    flag=""
    [ $pure = off ] && flag=--no-pure
    row=$(printf '%-10s %-5s' $h $pure)
    for n in 150 200; do
      secs=0 dec=0
      for s in 1 2 3 4 5 6; do
        set +e
        err=$(timeout 300 "$dpll" --stats -a dpll -H $h $flag "$tmp/r$n-$s.cnf" 2>&1 >/dev/null)
        rc=$?
        set -e
        if [ $rc -ne 10 ] && [ $rc -ne 20 ]; then secs=">300" dec="-"; break; fi
        secs=$(awk -v a=$secs -v b="$(awk '/solve seconds/ { print $4 }' <<<"$err")" 'BEGIN { print a + b }')
        dec=$((dec + $(awk '/decisions/ { print $3 }' <<<"$err")))
      done
      row="$row $(printf '%8s %12s' $secs $dec)"
    done
    echo "$row"
  done
done
