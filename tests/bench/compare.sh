#!/usr/bin/env bash
# dpll beside MiniSat, PicoSAT and CaDiCaL: every solver found installed
# runs on the same DIMACS files in the same run, every answer is checked,
# and a Markdown table per family of instances is printed.
#
# Usage: tests/bench/compare.sh [BUILD_DIR]        (default: build)
#
# Families (FAMILIES="..." picks some; the names are the prefixes):
#   rand-n100-sat ... rand-n250-unsat  random 3-SAT, 3 distinct variables
#       per clause, m = 4.26 n clauses; instances are drawn (seeds 1, 2,
#       ...) and sorted into satisfiable and unsatisfiable by a reference
#       solver (the first of cadical, minisat, picosat, dpll installed)
#       until COUNT of each are found.
#   peg-triangle5  the 15-hole triangle, every hole empty in turn;
#   peg-triangle6  the 21-hole triangle, every hole empty in turn;
#   peg-english    the English cross, centre empty, one peg left anywhere.
#   peg-renumbered-english, peg-renumbered-french  the English and French
#       boards from every single vacancy (VACANCIES="..." picks some), each
#       under RENUMBER (default 5) random renumberings of the holes, with
#       no layout (renumber-board.awk): the same puzzles as a program that
#       knows nothing of the boards' shape would write them;
#   peg-planning   planning-style problems on the 33-hole board, no layout,
#       holes renumbered: from each vacancy in VACANCIES (default: the
#       centre and its four neighbours) to one peg in the same hole.
#   (all through peg-front --dimacs with its defaults, or PEG_ARGS)
#
# Identical files (the same clauses, comments aside) are run once: a
# repeat counts the first file's results, and the table says how many
# repeats a family had.
#
# Checks: a SAT answer's model must satisfy the file (check-model.awk, which
# shares nothing with the solvers); an UNSAT answer must be confirmed by
# another solver, and contradicting answers abort the run (exit 1).
#
# Time is CPU time (user + system) from /usr/bin/time (Debian package
# `time`); a run stopped by the limit counts TIMEOUT seconds in "total s"
# and twice that in "PAR-2 s"; "max s" is the slowest run.  Memory is
# the peak resident set.  Ratios are dpll's total over the other solver's
# total on the family: below 1 means dpll was faster.
#
# Environment: TIMEOUT seconds per run (default 60), COUNT random instances
# per family (default 10), DPLL_ARGS extra options for dpll, PEG_ARGS extra
# options for peg-front, SOLVERS to name the solvers (default: dpll and
# every other one installed), KEEP=DIR to keep the files and raw results.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
dpll=$build/bin/dpll
front=$build/bin/peg-front
TIMEOUT=${TIMEOUT:-60}
COUNT=${COUNT:-10}
FAMILIES=${FAMILIES:-rand-n100 rand-n150 rand-n200 rand-n250 peg-triangle5 peg-triangle6 peg-english}
DPLL_ARGS=${DPLL_ARGS:-}
PEG_ARGS=${PEG_ARGS:-}

for tool in "$dpll" "$front"; do
  [ -x "$tool" ] || { echo "compare.sh: $tool missing: build first" >&2; exit 1; }
done
[ -x /usr/bin/time ] || { echo "compare.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

if [ -z "${SOLVERS:-}" ]; then
  SOLVERS=dpll
  for s in minisat picosat cadical; do
    command -v $s >/dev/null && SOLVERS="$SOLVERS $s"
  done
fi
reference=dpll
for s in cadical minisat picosat; do
  case " $SOLVERS " in *" $s "*) reference=$s; break ;; esac
done

if [ -n "${KEEP:-}" ]; then
  work=$KEEP
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

# run SOLVER CNF: prints "ANSWER SECONDS KB" (ANSWER: SAT UNSAT TIMEOUT
# ERROR WRONG), the model check done.
run() {
  local solver=$1 cnf=$2 out=$work/out rc answer
  local -a cmd
  case $solver in
  dpll) cmd=("$dpll" -f dimacs $DPLL_ARGS "$cnf") ;;
  minisat) cmd=(minisat -verb=0 "$cnf" "$out.model") ;;
  picosat) cmd=(picosat "$cnf") ;;
  cadical) cmd=(cadical -q "$cnf") ;;
  *) echo "compare.sh: unknown solver $solver" >&2; exit 1 ;;
  esac
  rm -f "$out.model"
  set +e
  /usr/bin/time -f "%U %S %M" -o "$work/time" \
    timeout "$TIMEOUT" "${cmd[@]}" >"$out" 2>"$work/err"
  rc=$?
  set -e
  case $rc in
  10) answer=SAT ;;
  20) answer=UNSAT ;;
  124 | 137) answer=TIMEOUT ;;
  *) answer=ERROR ;;
  esac
  if [ $answer = SAT ]; then
    if [ $solver = minisat ]; then
      tail -n +2 "$out.model" >"$out.lits"
    else
      grep '^v' "$out" >"$out.lits" || true
    fi
    awk -f "$here/check-model.awk" "$out.lits" "$cnf" >"$work/check" ||
      { echo "compare.sh: $solver's model for $cnf: $(cat "$work/check")" >&2
        answer=WRONG; }
  fi
  # The last line of the time file holds the figures (a killed command
  # adds a line before it).
  awk -v a=$answer -v limit="$TIMEOUT" 'END {
    s = $1 + $2; if (a == "TIMEOUT") s = limit
    printf "%s %.3f %d\n", a, s, $3 }' "$work/time"
}

# ---- The instances -------------------------------------------------------

# family DIR NAME: makes the directory of a family's files.
mkfam() { mkdir -p "$work/fam/$1"; }

random_family() {
  local n=$1 m sat=0 unsat=0 seed=0 f
  m=$(awk -v n="$n" 'BEGIN { printf "%d", n * 4.26 }')
  mkfam "rand-n$n-sat"
  mkfam "rand-n$n-unsat"
  while [ $sat -lt "$COUNT" ] || [ $unsat -lt "$COUNT" ]; do
    seed=$((seed + 1))
    if [ $seed -gt $((COUNT * 20)) ]; then
      echo "compare.sh: n=$n: too few instances of one kind" >&2
      break
    fi
    f=$work/gen.cnf
    awk -v n="$n" -v m="$m" -v seed=$seed -f "$here/gen-random-3sat.awk" >"$f"
    read -r answer _ _ < <(run $reference "$f")
    if [ "$answer" = SAT ] && [ $sat -lt "$COUNT" ]; then
      sat=$((sat + 1))
      mv "$f" "$work/fam/rand-n$n-sat/seed$seed.cnf"
    elif [ "$answer" = UNSAT ] && [ $unsat -lt "$COUNT" ]; then
      unsat=$((unsat + 1))
      mv "$f" "$work/fam/rand-n$n-unsat/seed$seed.cnf"
    fi
  done
}

# renumbered_family BOARD SEEDS... : every vacancy, renumbered.
renumbered_family() {
  local board=$1 holes h k
  shift
  mkfam "peg-renumbered-$board"
  "$front" --board "$board" --write-board -o "$work/$board.txt"
  holes=$(awk 'NF && $1 !~ /^#/ { print $1; exit }' "$work/$board.txt")
  for h in ${VACANCIES:-$(seq 1 "$holes")}; do
    for k in "$@"; do
      "$front" --board "$board" --empty "$h" --write-board |
        awk -v seed="$k" -f "$here/renumber-board.awk" >"$work/renumbered.txt"
      "$front" --dimacs $PEG_ARGS "$work/renumbered.txt" \
        -o "$work/fam/peg-renumbered-$board/empty$h-r$k.cnf"
    done
  done
}

# planning_family: the 33-hole board from a vacancy to one peg there.
planning_family() {
  local h k=1
  mkfam peg-planning
  for h in ${VACANCIES:-17 10 16 18 24}; do
    { "$front" --board english --empty "$h" --write-board
      echo "goal $h"; } |
      awk -v seed="$k" -f "$here/renumber-board.awk" >"$work/planning.txt"
    "$front" --dimacs $PEG_ARGS "$work/planning.txt" \
      -o "$work/fam/peg-planning/from$h-to$h.cnf"
    k=$((k + 1))
  done
}

peg_family() {
  local board=$1 holes=$2 h
  mkfam "peg-$board"
  for h in $holes; do
    "$front" --dimacs $PEG_ARGS --board "$board" ${h:+--empty $h} \
      -o "$work/fam/peg-$board/empty$h.cnf"
  done
}

for fam in $FAMILIES; do
  case $fam in
  rand-n*) random_family "${fam#rand-n}" ;;
  peg-triangle5) peg_family triangle5 "$(seq 1 15)" ;;
  peg-triangle6) peg_family triangle6 "$(seq 1 21)" ;;
  peg-english) peg_family english 17 ;;
  peg-renumbered-english) renumbered_family english $(seq 1 "${RENUMBER:-5}") ;;
  peg-renumbered-french) renumbered_family french $(seq 1 "${RENUMBER:-5}") ;;
  peg-planning) planning_family ;;
  *) echo "compare.sh: unknown family $fam" >&2; exit 1 ;;
  esac
done

# ---- The runs --------------------------------------------------------------

results=$work/results # family file solver answer seconds kb
: >"$results"
: >"$results.copy"
declare -A same # family/checksum of a file's clauses -> its first such file
wrong=0
for dir in "$work"/fam/*/; do
  fam=$(basename "$dir")
  for cnf in "$dir"*.cnf; do
    [ -e "$cnf" ] || continue
    # A file identical to one already run (peg-front numbers the holes
    # canonically, so renumberings of a board give the same clauses) is
    # not run again: its results are the first one's.
    sum=$fam/$(sed '/^c/d' "$cnf" | md5sum | cut -d' ' -f1)
    if [ -n "${same[$sum]:-}" ]; then
      awk -v f="$fam" -v n="$(basename "$cnf")" -v first="${same[$sum]}" \
        '$1 == f && $2 == first && $4 != "UNCONFIRMED" { $2 = n; print }' \
        "$results" >>"$results.copy"
      cat "$results.copy" >>"$results"
      : >"$results.copy"
      echo "$fam $(basename "$cnf") - REPEAT 0 0" >>"$results"
      continue
    fi
    same[$sum]=$(basename "$cnf")
    sat_by="" unsat_by=""
    for s in $SOLVERS; do
      read -r answer secs kb < <(run $s "$cnf")
      echo "$fam $(basename "$cnf") $s $answer $secs $kb" >>"$results"
      case $answer in
      SAT) sat_by="$sat_by $s" ;;
      UNSAT) unsat_by="$unsat_by $s" ;;
      WRONG | ERROR) wrong=1; echo "compare.sh: $s: $answer on $cnf" >&2 ;;
      esac
    done
    if [ -n "$sat_by" ] && [ -n "$unsat_by" ]; then
      echo "compare.sh: $cnf: SAT by$sat_by (models checked), UNSAT by$unsat_by" >&2
      wrong=1
    fi
    # An UNSAT answer nobody else gave is unconfirmed, not wrong.
    if [ -n "$unsat_by" ] && [ "$(wc -w <<<"$unsat_by")" -lt 2 ]; then
      echo "$fam $(basename "$cnf") - UNCONFIRMED 0 0" >>"$results"
    fi
  done
done

# ---- The table --------------------------------------------------------------

echo "Machine: $(nproc) cores, $(awk '/model name/ { $1 = $2 = $3 = ""; print; exit }' /proc/cpuinfo | sed 's/^ *//')"
echo "Limit: $TIMEOUT s CPU per run; times are CPU seconds; solved = SAT or UNSAT in time"
echo "Solvers: $(for s in $SOLVERS; do
  case $s in
  dpll) printf 'dpll %s%s; ' "$("$dpll" --version | awk '{ print $2 }')" "${DPLL_ARGS:+ ($DPLL_ARGS)}" ;;
  *) printf '%s %s; ' $s "$(dpkg-query -W -f '${Version}' $s 2>/dev/null || echo '?')" ;;
  esac
done)"
echo
awk -v solvers="$SOLVERS" '
  { fam[$1] = 1; if ($4 == "UNCONFIRMED") { unconf[$1]++; next }
    if ($4 == "REPEAT") { repeat[$1]++; next }
    key = $1 SUBSEP $3; n[key]++; total[key] += $5
    par2[key] += $4 == "TIMEOUT" ? 2 * $5 : $5
    if ($5 > slowest[key]) slowest[key] = $5
    if ($4 == "SAT" || $4 == "UNSAT") solved[key]++
    t[key, n[key]] = $5; if ($6 > peak[key]) peak[key] = $6 }
  function median(key, k, i, j, x, m) {
    m = n[key]
    for (i = 1; i <= m; i++) a[i] = t[key, i]
    for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
  END {
    ns = split(solvers, s, " ")
    printf "| family | solver | solved | total s | PAR-2 s | median s | max s | peak MB | dpll / solver |\n"
    printf "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
    nf = 0; for (f in fam) names[++nf] = f
    for (i = 2; i <= nf; i++) { x = names[i]; for (j = i - 1; j >= 1 && names[j] > x; j--) names[j + 1] = names[j]; names[j + 1] = x }
    for (i = 1; i <= nf; i++) {
      f = names[i]; d = f SUBSEP "dpll"
      for (k = 1; k <= ns; k++) {
        key = f SUBSEP s[k]
        if (!(key in n)) continue
        ratio = s[k] == "dpll" || !(d in total) ? "" : (total[key] > 0 ? sprintf("%.2f", total[d] / total[key]) : "inf")
        printf "| %s | %s | %d/%d | %.2f | %.2f | %.2f | %.2f | %.1f | %s |\n", (k == 1 ? f : ""), s[k], solved[key], n[key], total[key], par2[key], median(key), slowest[key], peak[key] / 1024, ratio
      }
      if (f in repeat) printf "| | (%d files repeat an earlier file of the family and were not run again: their results are its) | | | | | | | |\n", repeat[f]
      if (f in unconf) printf "| | (%d UNSAT answers by one solver only) | | | | | | | |\n", unconf[f]
    }
  }' "$results"
exit $wrong
