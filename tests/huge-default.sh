#!/usr/bin/env bash
# The default options on a huge easy input (issue 29): uniform random 3-SAT
# of 1 million literals at 2 clauses per variable (166,666 variables,
# 333,333 clauses), as tests/bench/huge.sh makes it.  `-a auto` once sent
# such files to the lookahead, which had not finished after 60 s; `-a
# cdcl` takes about 1.5 s.  Far below the threshold (4.27), such a formula
# is satisfiable but for a vanishing chance; the model is judged by
# tests/bench/check-model.awk, independently of the solver.  The time
# limit is a hang detector, hundreds of times the expected time.
#   bash tests/huge-default.sh BIN
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/huge-default.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
awk -v n=166666 -v m=333333 -v seed=1 -f "$here/bench/gen-random-3sat.awk" \
  >"$tmp/f.cnf"
rc=0
"$bin/dpll" --time-limit 900 "$tmp/f.cnf" >"$tmp/out" 2>"$tmp/err" || rc=$?
if [ "$rc" != 10 ] || ! grep -qx 's SATISFIABLE' "$tmp/out"; then
  echo "FAIL: dpll with the default options exited $rc on 1 million literals" \
    "(expected 10, a model): $(head -c 300 "$tmp/out" "$tmp/err")" >&2
  exit 1
fi
awk -f "$here/bench/check-model.awk" "$tmp/out" "$tmp/f.cnf" >"$tmp/check" || {
  echo "FAIL: the model does not satisfy the clauses: $(cat "$tmp/check")" >&2
  exit 1
}
echo "huge-default: 1 million literals solved with the default options; model checked"
