#!/usr/bin/env bash
# Huge inputs: easy random 3-SAT files (clause/variable ratio 2, satisfiable
# and solved with few conflicts, so that reading and memory are what is
# measured) of 1, 2, 5, 10 and 20 million literals, each solved by dpll and
# by MiniSat in the same run.  Prints, per file: literals, bytes, the wall
# seconds and peak resident megabytes of each, dpll's time per literal, and
# dpll over MiniSat for both (the issue's target: memory within 2x).
# Every model is checked (check-model.awk).
# Usage: tests/bench/huge.sh [path/to/dpll]   (needs minisat, /usr/bin/time)
# Environment: SIZES, literals in millions (default "1 2 5 10 20").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dpll=${1:-$here/../../build/bin/dpll}
SIZES=${SIZES:-1 2 5 10 20}
command -v minisat >/dev/null || { echo "huge.sh: needs minisat" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "huge.sh: needs /usr/bin/time" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME CMD...: prints "SECONDS MB" and checks the model.
run() {
  local name=$1
  shift
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >"$tmp/out" 2>/dev/null || true
  if [ "$name" = minisat ]; then
    grep -q '^SAT' "$tmp/model" && tail -n +2 "$tmp/model" >"$tmp/lits"
  else
    grep '^v' "$tmp/out" >"$tmp/lits"
  fi
  awk -f "$here/check-model.awk" "$tmp/lits" "$tmp/f.cnf" >/dev/null ||
    { echo "huge.sh: $name gave no valid model" >&2; exit 1; }
  awk 'END { printf "%s %.1f", $1, $2 / 1024 }' "$tmp/time"
}

printf '%10s %12s %9s %9s %9s %9s %10s %7s %7s\n' literals bytes \
  "dpll s" "dpll MB" "ms s" "ms MB" "ns/lit" "time x" "mem x"
for million in $SIZES; do
  lits=$((million * 1000000))
  m=$((lits / 3))
  awk -v n=$((m / 2)) -v m=$m -v seed=1 -f "$here/gen-random-3sat.awk" >"$tmp/f.cnf"
  bytes=$(stat -c %s "$tmp/f.cnf")
  dres=$(run dpll "$dpll" "$tmp/f.cnf")
  mres=$(run minisat minisat -verb=0 "$tmp/f.cnf" "$tmp/model")
  read -r ds dm <<<"$dres"
  read -r ms mm <<<"$mres"
  awk -v l=$lits -v b=$bytes -v ds=$ds -v dm=$dm -v ms=$ms -v mm=$mm 'BEGIN {
    printf "%10d %12d %9.2f %9.1f %9.2f %9.1f %10.1f %7.2f %7.2f\n",
      l, b, ds, dm, ms, mm, ds * 1e9 / l, ds / ms, dm / mm }'
done
