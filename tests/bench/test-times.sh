#!/usr/bin/env bash
# Where the tests' time goes: each test of a build tree, one at a time,
# with its wall, user and system seconds (GNU time, children included) and
# the number of programs it starts (perf's sched:sched_process_exec
# tracepoint, the test program itself included; "-" where perf cannot
# count).  Prints a Markdown table, slowest first, and the sums.
# Usage: tests/bench/test-times.sh BUILD-DIR LABEL [REGEX]
#   e.g. tests/bench/test-times.sh build-tests/sanitize quick
# (the build trees of tests/run-all.sh; REGEX limits the tests by name).
# Run it on an otherwise idle machine: it measures, it does not judge.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
build=$(cd "$1" && pwd)
label=$2
regex=${3:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
perf_ok=0
perf stat -x, -e sched:sched_process_exec -o "$tmp/probe" true >/dev/null 2>&1 && perf_ok=1
names=$(cd "$build" && ctest -N -L "$label" -R "$regex" | sed -n 's/^ *Test *#[0-9]*: //p')
for t in $names; do
  cmd=(ctest --output-on-failure -L "$label" -R "^$t\$")
  if [ $perf_ok = 1 ]; then
    cmd=(perf stat -x, -e sched:sched_process_exec -o "$tmp/perf" -- "${cmd[@]}")
  fi
  status=passed
  (cd "$build" && /usr/bin/time -o "$tmp/time" -f "%e %U %S" "${cmd[@]}") \
    >"$tmp/log" 2>&1 || status=FAILED
  execs=-
  if [ $perf_ok = 1 ]; then
    # ctest's own exec is not the test's.
    execs=$(awk -F, '$3 ~ /sched_process_exec/ { print $1 - 1 }' "$tmp/perf")
  fi
  grep -q "Skipped\|Not Run" "$tmp/log" && status=skipped
  echo "$t $(tail -n 1 "$tmp/time") $execs $status"
done | sort -k2 -rn | awk '
  BEGIN { print "| test | wall s | user s | sys s | programs | |"
          print "|---|---:|---:|---:|---:|---|" }
  { printf "| %s | %.1f | %.1f | %.1f | %s | %s |\n", $1, $2, $3, $4, $5, ($6 == "passed" ? "" : $6)
    w += $2; u += $3; s += $4; if ($5 != "-") p += $5 }
  END { printf "| **sum** | %.1f | %.1f | %.1f | %d | |\n", w, u, s, p }'
