#!/usr/bin/env bash
# Measurements for cube and conquer on paper (issue 27, docs/parallel.md).
# Splits FILE into up to N cubes with `dpll --cubes`, then solves every cube
# on its own and from scratch: one dpll process per cube, on the clauses
# plus that one cube (iCNF, so the cube's literals are assumptions, as
# dpll-cc conquers a batch of one cube), one cube after another so that
# no run slows another. Last, FILE is solved once as a whole.
# Times are CPU seconds ("solve seconds" of `dpll --stats`), not wall
# time, so that other work on the machine disturbs them less; the cubing
# time includes writing the iCNF.
# Usage: tests/bench/cubes.sh DPLL_BIN_DIR FILE N [OUTDIR]
#   e.g. tests/bench/cubes.sh build/bin r350.cnf 256 /tmp/r350
# Writes to OUTDIR (default: a new directory under /tmp, named on stderr):
#   cubes.icnf  the cubes
#   cubes.tsv   per cube: index, verdict (sat, unsat, timeout, unknown or
#               error), CPU seconds, seconds spent reading the input
#   summary     cubes, cubing seconds, single seconds, single verdict
# and prints the summary and cc-schedule.awk's simulation of the schedule.
# Environment: TIMEOUT  wall seconds before a dpll run is stopped (default
# 600); a stopped cube counts with the CPU seconds it had used.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
dpll=$1/dpll file=$2 n=$3
out=${4:-$(mktemp -d /tmp/cubes.XXXXXX)}
limit=${TIMEOUT:-600}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
[ $# -ge 4 ] || echo "cubes.sh: writing to $out" >&2

# run LOG ARGS...: dpll ARGS under the time limit, its stderr in LOG;
# prints the verdict and the CPU seconds.
run() {
  local log=$1 rc=0 secs
  shift
  timeout -k 10 "$limit" "$dpll" --stats "$@" </dev/null >/dev/null 2>"$log" ||
    rc=$?
  secs=$(awk '/^stats: solve seconds/ { print $4 }' "$log")
  [ -n "$secs" ] || secs=$limit # killed before it could print its stats
  case $rc in
  10) echo "sat $secs" ;;
  20) echo "unsat $secs" ;;
  124 | 137) echo "timeout $secs" ;;
  0) echo "unknown $secs" ;;
  *) echo "error $secs" ;;
  esac
}

# The cubes: how many, and the CPU time to make them.
"$dpll" -v --stats --cubes "$n" "$file" "$out/cubes.icnf" 2>"$out/cubing.log" ||
  { cat "$out/cubing.log" >&2; exit 1; }
cubing=$(awk '/^stats: solve seconds/ { print $4 }' "$out/cubing.log")
grep '^c cubes:' "$out/cubing.log" >&2
grep -v '^a ' "$out/cubes.icnf" >"$out/base.icnf"

# Each cube alone: the clauses and one 'a' line.
i=0
printf '# cube\tverdict\tseconds\tread\n' >"$out/cubes.tsv"
while IFS= read -r cube; do
  i=$((i + 1))
  { cat "$out/base.icnf"; printf '%s\n' "$cube"; } >"$out/one.icnf"
  read -r verdict secs < <(run "$out/one.log" "$out/one.icnf")
  read_secs=$(awk '/^stats: read seconds/ { print $4 }' "$out/one.log")
  printf '%d\t%s\t%s\t%s\n' "$i" "$verdict" "$secs" "${read_secs:--}" >>"$out/cubes.tsv"
done < <(grep '^a ' "$out/cubes.icnf")
rm -f "$out/base.icnf" "$out/one.icnf" "$out/one.log"

# The whole formula once, for comparison.
read -r single_verdict single < <(run "$out/single.log" "$file")

printf 'cubes %d\ncubing %s\nsingle %s\nsingle_verdict %s\n' "$i" "$cubing" \
  "$single" "$single_verdict" | tee "$out/summary"
awk -v cubing="$cubing" -v single="$single" -f "$here/cc-schedule.awk" \
  "$out/cubes.tsv"
