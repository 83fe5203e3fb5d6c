#!/usr/bin/env bash
# How each at-most-one encoding fares on the English cross when the same
# formula comes in other orders: peg-front --dimacs with each encoding, as
# written and under SHUFFLES random renamings and reorderings
# (shuffle-cnf.awk, seeds 1..SHUFFLES), each solved by dpll (defaults),
# each model checked by check-model.awk and every answer the same.  Prints the solve CPU seconds
# (from --stats) per encoding and ordering, their median and total; ">T"
# means the limit of T seconds was reached (counted as T).
# Usage: tests/bench/amo-shuffle.sh [build/bin] [shuffles] [limit-seconds]
# ENCODINGS="pairwise product" limits the run; BOARD (default english)
# picks another catalogue board.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../build/bin}
shuffles=${2:-8}
limit=${3:-120}
board=${BOARD:-english}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-11s' encoding
printf ' %8s' written
for k in $(seq 1 "$shuffles"); do printf ' %8s' "s$k"; done
printf ' %8s %9s\n' median total
for enc in ${ENCODINGS:-pairwise sequential product commander}; do
  "$bin/peg-front" -b "$board" --dimacs --at-most-one "$enc" >"$tmp/0.cnf"
  times=()
  for k in $(seq 0 "$shuffles"); do
    f=$tmp/0.cnf
    if [ "$k" -gt 0 ]; then
      f=$tmp/s.cnf
      awk -v seed="$k" -f "$here/shuffle-cnf.awk" "$tmp/0.cnf" >"$f"
    fi
    set +e
    err=$(timeout "$limit" "$bin/dpll" --stats "$f" 2>&1 >"$tmp/answer")
    rc=$?
    set -e
    if [ $rc -eq 124 ]; then
      times+=(">$limit")
      continue
    fi
    answer=SAT
    grep -q UNSATISFIABLE "$tmp/answer" && answer=UNSAT
    if [ "${first_answer:=$answer}" != "$answer" ]; then
      echo "$enc, ordering $k: $answer, where the first run said $first_answer" >&2
      exit 1
    fi
    if [ $answer = SAT ]; then
      awk -f "$here/check-model.awk" "$tmp/answer" "$f" >/dev/null || {
        echo "$enc, ordering $k: the model does not check" >&2
        exit 1
      }
    fi
    times+=("$(awk '/solve seconds/ { print $4 }' <<<"$err")")
  done
  printf '%-11s' "$enc"
  printf ' %8s' "${times[@]}"
  printf '%s\n' "${times[@]}" | tr -d '>' | sort -g |
    awk '{ t[NR] = $1; s += $1 }
         END { printf " %8.2f %9.2f\n", NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2, s }'
done
