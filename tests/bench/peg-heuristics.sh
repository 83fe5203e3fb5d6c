#!/usr/bin/env bash
# The classic engine's heuristics on peg puzzles: the 15-hole triangle from
# each of its 15 starting holes, and the 21-hole triangle from holes 1 and
# 4, through peg-front and dpll, each answer checked by peg-back.  Prints,
# per heuristic and pure on/off, the total and the largest CPU seconds
# (from --stats) over the 15 triangle5 puzzles and the seconds for each
# triangle6 puzzle; ">T" means a puzzle ran past the limit of T seconds.
# Usage: tests/bench/peg-heuristics.sh [build/bin] [limit-seconds]
# HEURISTICS="first activity" limits the run to those.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../build/bin}
limit=${2:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for e in $(seq 1 15); do "$bin/peg-front" --board triangle5 --empty $e >"$tmp/t5-$e.dp"; done
for e in 1 4; do "$bin/peg-front" --board triangle6 --empty $e >"$tmp/t6-$e.dp"; done

# Seconds for one puzzle, or ">limit"; fails if peg-back refuses the answer.
solve() { # file, heuristic, pure flag
  set +e
  err=$(timeout "$limit" "$bin/dpll" --stats -a dpll -H "$2" $3 "$1" 2>&1 >"$tmp/answer")
  rc=$?
  set -e
  if [ $rc -ne 0 ]; then echo ">$limit"; return; fi
  "$bin/peg-back" "$tmp/answer" >/dev/null
  awk '/solve seconds/ { print $4 }' <<<"$err"
}

printf '%-9s %-5s %12s %12s %10s %10s\n' heuristic pure "t5 total" "t5 max" "t6 e=1" "t6 e=4"
for h in ${HEURISTICS:-first jw dlis activity random}; do
  for pure in on off; do
    flag=""
    [ $pure = off ] && flag=--no-pure
    total=0 max=0
    for e in $(seq 1 15); do
      s=$(solve "$tmp/t5-$e.dp" $h "$flag")
      if [[ $s == ">"* ]]; then total=$s max=$s; break; fi
      total=$(awk -v a=$total -v b=$s 'BEGIN { print a + b }')
      max=$(awk -v a=$max -v b=$s 'BEGIN { print (b > a ? b : a) }')
    done
    printf '%-9s %-5s %12s %12s %10s %10s\n' $h $pure $total $max \
      "$(solve "$tmp/t6-1.dp" $h "$flag")" "$(solve "$tmp/t6-4.dp" $h "$flag")"
  done
done
