#!/usr/bin/env bash
# The hard satisfiable peg problems of issue 14, each under several
# shuffles of its clauses (shuffle-cnf.awk), through one dpll: how much of
# a configuration's time is luck (docs/performance.md, "Boards without a
# layout, renumbered, and the best peer").  Prints one line per file
# (name, exit status, CPU seconds, conflicts), then the total CPU seconds
# (a timeout counts its CPU time), the runs that did not end in a model
# (exit status 10) and the totals per board.
# Usage: tests/bench/peg-shuffles.sh BUILD SEEDS [DPLL OPTION...]
#   e.g. tests/bench/peg-shuffles.sh build "1 2 3" --restarts mixed
# Environment:
#   TIMEOUT   CPU seconds per file (default 60)
#   PROBLEMS  BOARD:VACANCY words; BOARD english, french or planning (the
#             English board from the vacancy to one peg in it).  Default:
#             the 11 of docs/performance.md.
#   FILTER    a command each file goes through before it is shuffled,
#             e.g. "awk -v mode=d -v limit=12 -f tests/bench/peg-pagoda.awk"
# The shuffles follow awk's random numbers: the figures in the docs are
# mawk's (Debian's awk); gawk shuffles the same seeds differently.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
build=$1 seeds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
front=$build/bin/peg-front dpll=$build/bin/dpll
source "$here/peg-problems.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in $problems; do
  board=${p%%:*} hole=${p#*:}
  peg_problem "$front" "$p" "$tmp/base.cnf" || exit 2
  if [ -n "${FILTER:-}" ]; then
    $FILTER "$tmp/base.cnf" >"$tmp/filtered.cnf"
    mv "$tmp/filtered.cnf" "$tmp/base.cnf"
  fi
  for s in $seeds; do
    name=$board$hole-s$s
    awk -v seed="$s" -f "$here/shuffle-cnf.awk" "$tmp/base.cnf" >"$tmp/$name.cnf"
    rc=0
    /usr/bin/time -o "$tmp/time" -f "%U %S" \
      prlimit --cpu="${TIMEOUT:-60}" "$dpll" --stats "$@" "$tmp/$name.cnf" \
      >/dev/null 2>"$tmp/err" || rc=$?
    t=$(awk '{ print $1 + $2 }' "$tmp/time" | tail -n 1)
    c=$(awk '$2 == "conflicts" { print $3; exit }' "$tmp/err")
    echo "$name $rc $t ${c:--}"
    rm -f "$tmp/$name.cnf"
  done
done | awk '{ print }
  { t += $3; sub(/[0-9]+-s[0-9]+$/, "", $1); kind[$1] += $3 }
  $2 != 10 { out++ }
  END {
    printf "total %.1f s, %d runs without a model (timeouts);", t, out
    for (k in kind) printf " %s %.1f", k, kind[k]
    printf "\n"
  }'
