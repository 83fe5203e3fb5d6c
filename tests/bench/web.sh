#!/usr/bin/env bash
# peg.html's speed beside the native tools (issue 25's benchmark; figures in
# docs/performance.md):
#
#   tests/bench/web.sh [BUILD_DIR [REPEATS]]     (default: build, 5)
#
# For each puzzle (the 15- and 21-hole triangles from hole 1, the English
# centre game, and the French board from hole 3) it solves REPEATS times
# in the page, opened in headless Chromium as peg.html#board=B&empty=H
# through tests/web/cdp.mjs with Solve clicked a second after the puzzle is
# drawn (as a person would), and REPEATS times with the native pipeline
# peg-front | dpll | peg-back, alternating.  It prints the median of each:
# in the page, the solving call's time in the worker (data-call-ms) and the
# time from the click to the answer on the page (data-job-ms); natively, the
# wall time of the whole pipeline.  Then the page's load time (data-ready-ms:
# from the start of loading until the puzzle is drawn, median of all
# visits) and its size.  Both sides make the same search: the page asks
# libdpll for the dpll tool's defaults.  Needs a build configured with
# -DDPLL_WEB=ON, Chromium and Node.js.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-build}" && pwd)
repeats=${2:-5}
page=$build/web/peg.html
bin=$build/bin
[ -f "$page" ] || { echo "web.sh: no $page (configure with -DDPLL_WEB=ON)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

puzzles=${PUZZLES:-"triangle5:1 triangle6:1 english:17 french:3"}

median() { sort -n | awk '{v[NR] = $1} END {print NR ? v[int((NR + 1) / 2)] : "-"}'; }

# The page: one browser run for every visit.
{
  for r in $(seq "$repeats"); do
    for p in $puzzles; do
      echo "open file://$page#board=${p%%:*}&empty=${p##*:}"
      echo "wait-state ready 60000"
      echo "sleep 1000"
      echo "click solve"
      echo "wait-state solved|no-solution|error|cancelled 600000"
      echo "eval [document.body.dataset.callMs, document.body.dataset.jobMs, document.body.dataset.readyMs].join(' ')"
    done
  done
} >"$tmp/script"
node "$root/tests/web/cdp.mjs" --limit 3600 "$tmp/profile" <"$tmp/script" >"$tmp/page.out"
grep '^eval' "$tmp/page.out" | tr -d '"' | awk '{print $2, $3, $4}' >"$tmp/page.ms"
grep '^state' "$tmp/page.out" | awk '$2 != "ready" {print $2}' | sort | uniq -c | sed 's/^/# page answers: /'

# Natively, the same number of runs.
for r in $(seq "$repeats"); do
  for p in $puzzles; do
    s=$(date +%s%N)
    "$bin/peg-front" --board "${p%%:*}" --empty "${p##*:}" | "$bin/dpll" | "$bin/peg-back" >/dev/null
    echo "$p $(( ($(date +%s%N) - s) / 1000000 ))"
  done
done >"$tmp/native.ms"

echo "| puzzle | native ms | page: call ms | page: click to answer ms | page / native |"
echo "|---|---:|---:|---:|---:|"
i=0
m=$(echo $puzzles | wc -w)
for p in $puzzles; do
  i=$((i + 1))
  n=$(grep "^$p " "$tmp/native.ms" | awk '{print $2}' | median)
  c=$(awk -v k="$i" -v m="$m" 'NR % m == k % m {print $1}' "$tmp/page.ms" | median)
  j=$(awk -v k="$i" -v m="$m" 'NR % m == k % m {print $2}' "$tmp/page.ms" | median)
  awk -v p="$p" -v n="$n" -v c="$c" -v j="$j" 'BEGIN {
    printf "| %s | %d | %d | %d | %.2f |\n", p, n, c, j, j / (n > 0 ? n : 1) }'
done
echo
echo "page load (ms to the puzzle drawn, median): $(awk '{print $3}' "$tmp/page.ms" | median)"
echo "page size: $(wc -c <"$page") bytes"
