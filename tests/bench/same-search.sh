#!/usr/bin/env bash
# Whether two builds of dpll search alike: each file is solved by both
# (side by side, one per core) and every counter of --stats (decisions,
# propagations, conflicts, learned clauses, ...) and the answer must be
# the same.  For a change that should not alter the search (a refactoring,
# a faster data structure), this is a far stronger check than equal times.
# Prints one line per directory and option set: files, total conflicts,
# and "same" or the first file that differs; exit 1 if any differs.
#
# Usage: tests/bench/same-search.sh DPLL_A DPLL_B DIR...
#   (each DIR holds *.cnf, e.g. the families compare.sh keeps with KEEP=)
# Environment: OPTIONS, option sets separated by ';' (default: one empty
# set, dpll's defaults), e.g. OPTIONS='; -a dpll; --restarts glucose';
# TIMEOUT seconds per run (default 120; a run that times out in both
# builds is skipped, in one only is a difference).
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
a=$1 b=$2
shift 2
TIMEOUT=${TIMEOUT:-120}
OPTIONS=${OPTIONS:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# counters BIN OUT ARGS... : the answer and the counters, one per line.
counters() {
  local bin=$1 out=$2 rc=0
  shift 2
  timeout "$TIMEOUT" "$bin" --stats "$@" >"$out.stdout" 2>"$out.err" || rc=$?
  {
    echo "exit $rc"
    grep '^s ' "$out.stdout" || true
    grep '^stats: ' "$out.err" | grep -v -e seconds -e 'per second' || true
  } >"$out"
}

status=0
IFS=';' read -r -a sets <<<"$OPTIONS"
[ ${#sets[@]} -gt 0 ] || sets=("")
for dir in "$@"; do
  for set in "${sets[@]}"; do
    read -r -a args <<<"$set"
    n=0 conflicts=0 verdict=same
    for f in "$dir"/*.cnf; do
      counters "$a" "$tmp/a" "${args[@]}" "$f" &
      counters "$b" "$tmp/b" "${args[@]}" "$f"
      wait
      if grep -q '^exit 124' "$tmp/a" && grep -q '^exit 124' "$tmp/b"; then
        continue
      fi
      if ! cmp -s "$tmp/a" "$tmp/b"; then
        verdict="DIFFERS on $(basename "$f"): $(diff "$tmp/a" "$tmp/b" | grep '^[<>]' | head -n 2 | tr '\n' ' ' || true)"
        status=1
        break
      fi
      n=$((n + 1))
      conflicts=$((conflicts + $(awk '$2 == "conflicts" { print $3 }' "$tmp/a")))
    done
    printf '%s [%s]: %d files, %d conflicts, %s\n' "$(basename "$dir")" \
      "${set:-defaults}" "$n" "$conflicts" "$verdict"
  done
done
exit $status
