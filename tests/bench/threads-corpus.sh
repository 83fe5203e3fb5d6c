#!/usr/bin/env bash
# The portfolio on the issue-1 corpus, by family (issue 27: no family may
# get slower with -t 2): the regress sample's structured instances (the
# `*` ones in families.txt) and random 3-SAT at the threshold (n = 200 and
# 250, three seeds each), each solved by `dpll -t 1` and `dpll -t 2`, one
# after the other, in wall-clock time, RUNS times over.  Prints per file
# and run the exit statuses and seconds, then per family the median over
# the runs of its total time with each, their ratio, and "slower" where
# -t 2 took longer.  A run not done within TIMEOUT counts 2 * TIMEOUT.
# Usage: tests/bench/threads-corpus.sh BUILD RUNS   (TIMEOUT: default 30)
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
dpll=$1/bin/dpll runs=$2 limit=${TIMEOUT:-30}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# The files, each under its family's name: NAME-PARAMETERS.cnf.
grep -v '^#' "$here/families.txt" | awk 'NF >= 3 && $2 ~ /^gen:/' |
  while read -r name maker rest; do
    for inst in $rest; do
      [ "${inst#\*}" != "$inst" ] || continue
      inst=${inst#\*}
      vars=()
      IFS=, read -ra kv <<<"$inst"
      for p in "${kv[@]}"; do vars+=(-v "$p"); done
      awk "${vars[@]}" -f "$here/gen/lib.awk" -f "$here/gen/${maker#gen:}.awk" \
        >"$name-$inst.cnf"
      echo "$name-$inst.cnf"
    done
  done >files
for n in 200 250; do
  for seed in 1 2 3; do
    awk -v n=$n -v m=$((426 * n / 100)) -v seed=$seed \
      -f "$here/gen-random-3sat.awk" >"random$n-seed=$seed.cnf"
    echo "random$n-seed=$seed.cnf" >>files
  done
done
for run in $(seq "$runs"); do
  while read -r f; do
    line="$run $f"
    for t in 1 2; do
      rc=0
      start=$(date +%s.%N)
      timeout "$limit" "$dpll" -t $t "$f" >/dev/null 2>&1 || rc=$?
      end=$(date +%s.%N)
      line="$line $rc $(echo "$end - $start" | bc)"
    done
    echo "$line"
  done <files
done | awk -v limit="$limit" '
  function cost(rc, s) { return rc == 10 || rc == 20 ? s : 2 * limit }
  function median(a, k,   i, j, x) { # sorts a[1..k] in place
    for (i = 2; i <= k; i++) {
      x = a[i]
      for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]
      a[j + 1] = x
    }
    return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
  }
  { printf "%s %s %s %.2f %s %.2f\n", $1, $2, $3, $4, $5, $6
    fam = $2; sub(/-.*/, "", fam)
    if (!(fam in seen)) { seen[fam] = 1; order[++nf] = fam }
    one[fam, $1] += cost($3, $4); two[fam, $1] += cost($5, $6)
    if ($1 > runs) runs = $1 }
  END {
    for (i = 1; i <= nf; i++) {
      f = order[i]
      for (r = 1; r <= runs; r++) { a[r] = one[f, r]; b[r] = two[f, r] }
      m1 = median(a, runs); m2 = median(b, runs)
      printf "%-14s -t 1 %8.2f s  -t 2 %8.2f s  %5.2fx%s\n", f, m1, m2,
             (m1 > 0 ? m2 / m1 : 1), (m2 > m1 ? "  slower" : "")
      t1 += m1; t2 += m2
    }
    printf "%-14s -t 1 %8.2f s  -t 2 %8.2f s  %5.2fx\n", "all", t1, t2, t2 / t1
  }'
