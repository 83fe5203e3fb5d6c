#!/usr/bin/env bash
# Two builds of dpll on the same files, alternating so that a machine that
# gets faster or slower during the run treats both alike: each file is
# solved in the order A, B, B, A.  Prints, per directory of DIMACS files,
# each build's total CPU seconds (user + system, from /usr/bin/time) and
# propagations per CPU second (from --stats), and B's total over A's.
# The answers of the two builds must agree (else it stops, exit 1).
# Usage: tests/bench/ab.sh DPLL_A DPLL_B DIR... (each DIR holds *.cnf,
# e.g. the families that compare.sh keeps with KEEP=...)
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
a=$1 b=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for dir in "$@"; do
  ta=0 tb=0 pa=0 pb=0
  for f in "$dir"/*.cnf; do
    for which in A B B A; do
      bin=$a
      [ $which = B ] && bin=$b
      /usr/bin/time -o "$tmp/time" -f "%U %S" "$bin" --stats "$f" \
        >"$tmp/out.$which" 2>"$tmp/err" || true
      t=$(awk '{ print $1 + $2 }' "$tmp/time" | tail -n 1)
      p=$(awk '$2 == "propagations" { print $3; exit }' "$tmp/err")
      if [ $which = A ]; then
        ta=$(awk -v x="$ta" -v y="$t" 'BEGIN { print x + y }')
        pa=$((pa + ${p:-0}))
      else
        tb=$(awk -v x="$tb" -v y="$t" 'BEGIN { print x + y }')
        pb=$((pb + ${p:-0}))
      fi
    done
    if [ "$(head -n 1 "$tmp/out.A")" != "$(head -n 1 "$tmp/out.B")" ]; then
      echo "$f: the two builds answer differently" >&2
      exit 1
    fi
  done
  awk -v d="$dir" -v ta="$ta" -v tb="$tb" -v pa="$pa" -v pb="$pb" 'BEGIN {
    if (ta <= 0 || tb <= 0) { printf "%s: too fast to time\n", d; exit }
    printf "%s: A %.2f s, %.2f M/s; B %.2f s, %.2f M/s; B/A %.3f\n",
      d, ta, pa / ta / 1e6, tb, pb / tb / 1e6, tb / ta }'
done
