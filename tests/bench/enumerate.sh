#!/usr/bin/env bash
# Every model of a file: `dpll --all` (dpll_enumerate, one search) beside
# the loop of solve and block it ran before (tests/bench/all-models.c) and
# `picosat --all`, on the same DIMACS files in the same run.
#
#   tests/bench/enumerate.sh [BUILD_DIR]        (default: build)
#
# The files: the formulas of N free variables and no clause (2^N models);
# random 3-SAT over 60 variables at ratio 4 and over 100 at 4.26 (many
# models, or few, or none); structured files of tests/bench/gen (most have no model or
# a few); peg-front's clauses for triangle boards (the ways to play them;
# with --exact every model is exactly one play).  Prints a Markdown table:
# the models, the CPU seconds of each (from /usr/bin/time; "-" after
# TIMEOUT seconds), and dpll's time over each other's.  The three counts
# must agree wherever two are known, or the run exits with 1.
#
# Environment: TIMEOUT seconds per run (default 60); FREE, the numbers of
# free variables (default "12 14 16 18 20"); ONLY, a pattern of the files
# to run (default *: all; e.g. 'rand-*', 'peg-*').
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
TIMEOUT=${TIMEOUT:-60}
FREE=${FREE:-12 14 16 18 20}
ONLY=${ONLY:-*}
dpll=$build/bin/dpll front=$build/bin/peg-front
for f in "$dpll" "$front" "$build/lib/libdpll.a"; do
  [ -e "$f" ] || { echo "enumerate.sh: no $f (build first)" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "enumerate.sh: needs /usr/bin/time" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -I"$here/../../include" "$here/all-models.c" "$build/lib/libdpll.a" \
  -lm -lpthread -o "$work/all-models"

# ---- The files ----------------------------------------------------------
mkdir "$work/cnf"
for n in $FREE; do printf 'p cnf %d 0\n' "$n" >"$work/cnf/free-$n.cnf"; done
for nm in 60,240 100,426; do
  for seed in 1 2 3; do
    awk -v n=${nm%,*} -v m=${nm#*,} -v seed=$seed \
      -f "$here/gen-random-3sat.awk" >"$work/cnf/rand-n${nm%,*}-s$seed.cnf"
  done
done
gen() { # gen GENERATOR PARAMS
  local -a v=()
  local p ps
  IFS=, read -r -a ps <<<"$2"
  for p in "${ps[@]}"; do v+=(-v "$p"); done
  awk "${v[@]}" -f "$here/gen/lib.awk" -f "$here/gen/$1.awk" \
    >"$work/cnf/$1-${2//[=,]/-}.cnf"
}
gen blocks n=15
gen blocks n=20
gen blocks n=20,unsat=1
gen counter-bmc n=8
gen dubois n=20
gen factor n=14
gen factor n=16,prime=1
gen miter n=7
gen php n=8
gen tseitin-grid n=4
for e in 1 4; do
  "$front" --dimacs --board triangle5 --empty "$e" \
    -o "$work/cnf/peg-triangle5-e$e.cnf"
done
"$front" --dimacs --exact --board triangle5 --empty 1 \
  -o "$work/cnf/peg-triangle5-e1-exact.cnf"
"$front" --dimacs --board triangle6 --empty 5 -o "$work/cnf/peg-triangle6-e5.cnf"

# ---- The runs -----------------------------------------------------------
# run NAME CMD...: "MODELS SECONDS" into $work/NAME.out ("- -" on a timeout
# or failure); the command's output is in $work/NAME.txt.
run() {
  local name=$1
  shift
  if timeout "$TIMEOUT" /usr/bin/time -f '%U %S' -o "$work/$name.time" \
    "$@" >"$work/$name.txt" 2>/dev/null || [ -s "$work/$name.txt" ]; then
    local models
    models=$(awk '/^s SOLUTIONS/ { print $3 } / models, code 20,/ { print $2 }' \
      "$work/$name.txt")
    if [ -n "$models" ] && [ -s "$work/$name.time" ]; then
      # (the last line: before it, time may say the command exited 10)
      echo "$models $(awk 'END { printf "%.2f", $1 + $2 }' "$work/$name.time")" \
        >"$work/$name.out"
      return
    fi
  fi
  echo "- -" >"$work/$name.out"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {
  if (a == "-" || b == "-") print "-"; else printf "%.2f", (a + 0.005) / (b + 0.005) }'; }

echo "| file | models | dpll --all s | solve+block s | picosat --all s | dpll/block | dpll/picosat |"
echo "|---|---:|---:|---:|---:|---:|---:|"
bad=0
for f in "$work"/cnf/$ONLY.cnf; do
  name=$(basename "$f" .cnf)
  run "$name.dpll" "$dpll" --all "$f"
  run "$name.block" "$work/all-models" block "$f"
  if command -v picosat >/dev/null; then
    run "$name.picosat" picosat --all "$f"
  else
    echo "- -" >"$work/$name.picosat.out"
  fi
  read -r md td <"$work/$name.dpll.out"
  read -r mb tb <"$work/$name.block.out"
  read -r mp tp <"$work/$name.picosat.out"
  models=$md
  for m in "$mb" "$mp"; do
    [ "$models" = - ] && models=$m
    if [ "$m" != - ] && [ "$m" != "$models" ]; then
      echo "enumerate.sh: $name: the counts differ ($md, $mb, $mp)" >&2
      bad=1
    fi
  done
  echo "| $name | $models | $td | $tb | $tp | $(ratio "$td" "$tb") | $(ratio "$td" "$tp") |"
done
exit $bad
