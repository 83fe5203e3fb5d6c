#!/usr/bin/env bash
# The four at-most-one encodings of peg-front (docs/encoding.md, 4A and its
# variants) on the English cross (centre empty, one peg anywhere), the
# 21-hole triangle from holes 1 and 4 and the 15-hole triangle from each of
# its 15 starts (total), through peg-front and dpll with its defaults, each
# answer checked by peg-back.  Prints per encoding and puzzle the atoms and
# clauses peg-front writes (from its DIMACS header) and dpll's solve CPU
# seconds (from --stats); ">T" means a run passed the limit of T seconds.
# One run at a time.
# Usage: tests/bench/peg-amo.sh [build/bin] [limit-seconds]
# ENCODINGS="pairwise product" limits the run to those.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../build/bin}
limit=${2:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "atoms clauses" of peg-front's output for the arguments given.
size() {
  "$bin/peg-front" --dimacs "$@" | awk '/^p cnf/ { print $3, $4; exit }'
}

# Solve seconds for peg-front's clauses with the arguments given, or
# ">limit"; fails if peg-back refuses the answer.
solve() {
  "$bin/peg-front" "$@" >"$tmp/in.dp"
  set +e
  err=$(timeout "$limit" "$bin/dpll" --stats "$tmp/in.dp" 2>&1 >"$tmp/answer")
  rc=$?
  set -e
  if [ $rc -ne 0 ]; then echo ">$limit"; return; fi
  "$bin/peg-back" "$tmp/answer" >"$tmp/jumps"
  awk '/solve seconds/ { print $4 }' <<<"$err"
}

printf '%-10s %-14s %7s %8s %9s\n' encoding puzzle atoms clauses seconds
for amo in ${ENCODINGS:-pairwise sequential product commander}; do
  a=(--at-most-one "$amo")
  read -r atoms clauses < <(size "${a[@]}" -b english)
  printf '%-10s %-14s %7s %8s %9s\n' "$amo" english "$atoms" "$clauses" \
    "$(solve "${a[@]}" -b english)"
  for e in 1 4; do
    read -r atoms clauses < <(size "${a[@]}" -b triangle6 -e $e)
    printf '%-10s %-14s %7s %8s %9s\n' "$amo" "triangle6 e=$e" "$atoms" \
      "$clauses" "$(solve "${a[@]}" -b triangle6 -e $e)"
  done
  total=0
  for e in $(seq 1 15); do
    s=$(solve "${a[@]}" -b triangle5 -e "$e")
    if [[ $s == ">"* ]]; then total=$s; break; fi
    total=$(awk -v a="$total" -v b="$s" 'BEGIN { print a + b }')
  done
  read -r atoms clauses < <(size "${a[@]}" -b triangle5 -e 1)
  printf '%-10s %-14s %7s %8s %9s\n' "$amo" "triangle5 x15" "$atoms" \
    "$clauses" "$total"
done
