#!/usr/bin/env bash
# Where the quick tier's build time goes: the Release build (with peg.html
# when emcc is there) and the sanitizer build of tests/run-all.sh, each
# configured and built from nothing in a scratch directory, with its wall,
# user and system seconds (GNU time) and the programs it starts (perf's
# sched:sched_process_exec, "-" where perf cannot count).  Prints a
# Markdown table.  ccache, if installed, is not used, as on a fresh machine.
# Usage: tests/bench/build-times.sh [JOBS]   (default: the cores)
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs=${1:-$(nproc)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
perf_ok=0
perf stat -x, -e sched:sched_process_exec -o "$tmp/probe" true >/dev/null 2>&1 && perf_ok=1
common=(-DDPLL_WERROR=ON -DDPLL_REQUIRE_TESTS=ON)
measure() { # NAME COMMAND...
  local name=$1
  shift
  local cmd=("$@")
  [ $perf_ok = 0 ] || cmd=(perf stat -x, -e sched:sched_process_exec -o "$tmp/perf" -- "${cmd[@]}")
  /usr/bin/time -o "$tmp/time" -f "%e %U %S" "${cmd[@]}" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log" >&2; exit 1; }
  local execs=-
  [ $perf_ok = 0 ] || execs=$(awk -F, '$3 ~ /sched_process_exec/ { print $1 }' "$tmp/perf")
  read -r wall user sys <"$tmp/time"
  printf '| %s | %.1f | %.1f | %.1f | %s |\n' "$name" "$wall" "$user" "$sys" "$execs"
}
echo "| step | wall s | user s | sys s | programs |"
echo "|---|---:|---:|---:|---:|"
measure "configure, Release" cmake -S . -B "$tmp/release" "${common[@]}" \
  -DCMAKE_BUILD_TYPE=Release -DDPLL_WEB=ON
measure "build, Release (and peg.html)" cmake --build "$tmp/release" -j "$jobs"
measure "configure, sanitizers" cmake -S . -B "$tmp/sanitize" "${common[@]}" \
  -DCMAKE_BUILD_TYPE=Debug -DDPLL_SANITIZE=ON "-DCMAKE_C_FLAGS_DEBUG=-g -O1"
measure "build, sanitizers" cmake --build "$tmp/sanitize" -j "$jobs"
