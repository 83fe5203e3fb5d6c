#!/usr/bin/env bash
# Reading time against input size: random 3-SAT files of 1, 2 and 4 million
# clauses (DIMACS), read by dpll, which stops before its first decision.
# Prints clauses, bytes and dpll's "read seconds" (CPU) for each.
# Usage: tests/bench/parse-scaling.sh [path/to/dpll]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dpll=${1:-$here/../../build/bin/dpll}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%10s %12s %10s %14s\n' clauses bytes seconds "ns per byte"
for m in 1000000 2000000 4000000; do
  awk -v n=$((m / 4)) -v m=$m -v seed=1 -f "$here/gen-random-3sat.awk" >"$tmp/f.cnf"
  bytes=$(stat -c %s "$tmp/f.cnf")
  secs=$("$dpll" --stats --max-decisions 0 --no-pure "$tmp/f.cnf" 2>&1 >/dev/null |
    awk '/read seconds/ { print $4 }')
  awk -v m=$m -v b=$bytes -v s=$secs 'BEGIN { printf "%10d %12d %10.3f %14.1f\n", m, b, s, s * 1e9 / b }'
done
