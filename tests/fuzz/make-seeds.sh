#!/usr/bin/env bash
# Makes the seed corpora of the fuzz targets in tests/fuzz/corpus/: small
# files from tests/data and examples/boards, answers of the pipeline
# (peg-front | dpll, with their keys), and formulas for fuzz_solver written
# byte by byte.  It only writes the files it names; the regress-* inputs
# that findings left are kept by hand.  docs/fuzzing.md says more.
# Usage: tests/fuzz/make-seeds.sh BUILD_DIR   (a build with the tools)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:?usage: $0 BUILD_DIR}/bin
corpus=tests/fuzz/corpus
data=tests/data
mkdir -p "$corpus"/{dimacs,board,answer,solver}

# ---- fuzz_dimacs: the good and bad inputs of the dpll tool, and clauses
# with a key as peg-front writes them, in both formats.
for f in "$data"/good/*.txt "$data"/good/*.cnf "$data"/bad/*.txt "$data"/bad/*.cnf; do
  cp "$f" "$corpus/dimacs/$(basename "$(dirname "$f")")-$(basename "$f")"
done
"$bin/peg-front" "$data/peg/four-holes.txt" >"$corpus/dimacs/peg-front-four-holes.dp"
"$bin/peg-front" --dimacs "$data/peg/four-holes.txt" >"$corpus/dimacs/peg-front-four-holes.cnf"

# ---- fuzz_board: board files that are read, and that are refused.
for f in examples/boards/*.txt; do
  cp "$f" "$corpus/board/example-$(basename "$f")"
done
for f in "$data"/peg/*.txt; do
  cp "$f" "$corpus/board/$(basename "$f")"
done
for f in "$data"/peg/bad/*.txt; do
  cp "$f" "$corpus/board/bad-$(basename "$f")"
done
for name in english triangle5; do
  "$bin/peg-front" --board "$name" --write-board >"$corpus/board/catalogue-$name.txt"
done

# ---- fuzz_answer: answers with their keys, and peg-back's bad inputs.
answer() { # name, peg-front arguments...
  local name=$1
  shift
  "$bin/peg-front" "$@" | "$bin/dpll" >"$corpus/answer/$name.ans"
}
answer four-holes "$data/peg/four-holes.txt"
for how in sequential product commander; do
  answer "four-holes-$how" --at-most-one "$how" "$data/peg/four-holes.txt"
done
answer four-holes-exact --exact "$data/peg/four-holes.txt"
answer triangle4-free "$data/peg/triangle4-free.txt"
answer triangle4-unsat --board triangle4 --empty 1
answer course-10-hole-3 examples/boards/course-10-hole-3.txt
for f in "$data"/peg/back-bad/*.txt; do
  cp "$f" "$corpus/answer/bad-$(basename "$f")"
done

# ---- fuzz_solver: formulas as fuzz_solver.c reads them.  Six bytes of
# setup (options; variables - 1 and more options; seed; solve after N
# clauses; seed of the splitting order; a first solve's limit), then a
# pair per literal: ((variable - 1) << 1 | negative), and 1 to end the
# clause (0 to go on).
lit() { # variable, then '-' for negative, then 'end' or nothing
  local x=$((($1 - 1) << 1))
  [ "${2:-}" = - ] && x=$((x | 1))
  printf '\\x%02x\\x%02x' "$x" "$([ "${3:-}" = end ] && echo 1 || echo 0)"
}
seed() { # name, setup bytes as \xNN, literals as \xNN
  printf '%b' "$2$3" >"$corpus/solver/$1"
}
# x1 and not x1, on each engine.
seed unit-conflict-cdcl '\x41\x00\x00\x00\x00\x00' "$(lit 1 + end)$(lit 1 - end)"
seed unit-conflict-dpll '\x40\x00\x00\x00\x00\x00' "$(lit 1 + end)$(lit 1 - end)"
# The empty clause (the pair FF FF), after one clause.
seed empty-clause '\x01\x01\x00\x00\x00\x00' "$(lit 1 + end)\xff\xff"
# Pigeons 1-3 in holes 1-2 (variable 2(p-1)+h): unsatisfiable, by
# dpll_solve (cdcl, luby), by the classic steps, solved after 3 clauses
# (satisfiable then) and again at the end, and with a first solve stopped
# after 2 conflicts.
php=""
for p in 1 2 3; do
  php+="$(lit $((2 * p - 1)) +)$(lit $((2 * p)) + end)"
done
for h in 1 2; do
  for a in 1 2 3; do
    for b in $(seq $((a + 1)) 3); do
      php+="$(lit $((2 * a - 2 + h)) -)$(lit $((2 * b - 2 + h)) - end)"
    done
  done
done
seed pigeons-3-2-cdcl '\x17\x05\x00\x00\x00\x00' "$php"
seed pigeons-3-2-steps '\x44\x85\x00\x00\x00\x00' "$php"
seed pigeons-3-2-twice '\x37\x15\x00\x03\x00\x00' "$php"
seed pigeons-3-2-limited '\x17\x05\x00\x00\x00\x02' "$php"
# Random 3-SAT over 12 variables, 50 clauses (near the threshold: these
# are unsatisfiable) or 36 (satisfiable, after some conflicts), from a
# fixed linear congruential sequence; with several option bytes.
state=12345
random3() { # clauses (default 50)
  local out="" n k v
  for ((n = 0; n < ${1:-50}; n++)); do
    for ((k = 0; k < 3; k++)); do
      state=$(((state * 1103515245 + 12345) % 2147483648))
      v=$((1 + (state >> 8) % 12))
      out+="$(lit "$v" "$([ $((state >> 20 & 1)) = 1 ] && echo -)" "$([ $k = 2 ] && echo end)")"
    done
  done
  printf '%s' "$out"
}
seed random3-cdcl-activity '\x07\x0b\x00\x00\x00\x00' "$(random3)"
seed random3-cdcl-glucose '\xa3\x3b\x07\x19\x00\x00' "$(random3)"
seed random3-cdcl-random '\x39\x5b\x2a\x00\x00\x00' "$(random3)"
seed random3-cdcl-order '\x47\x0b\x00\x00\x5c\x00' "$(random3)"
seed random3-cdcl-decisions '\x07\x0b\x00\x00\x00\x83' "$(random3)"
seed random3-dpll-jw '\x42\x0b\x00\x00\x00\x00' "$(random3)"
seed random3-dpll-dlis-steps '\x44\x8b\x00\x80\x00\x00' "$(random3)"
seed random3-dpll-first-nopure '\x00\x0b\x00\x00\x00\x00' "$(random3)"
seed random3-dpll-order '\x40\x0b\x00\x00\x11\x05' "$(random3)"
seed random3-36-cdcl-activity '\x07\x0b\x00\x00\x00\x00' "$(random3 36)"
seed random3-36-cdcl-pure-luby '\x57\x1b\x00\x00\x00\x00' "$(random3 36)"
seed random3-36-dpll-steps '\x40\x8b\x00\x00\x00\x00' "$(random3 36)"
# A long clause and its literals' negations as units (unsatisfiable), added
# literal by literal.
long="" units=""
for v in $(seq 1 12); do
  long+="$(lit "$v" + "$([ "$v" = 12 ] && echo end)")"
  units+="$(lit "$v" - end)"
done
seed long-clause-units '\x01\x0b\x00\x80\x00\x00' "$long$units"
echo "seeds: $(find "$corpus" -type f | wc -l) files, $(du -sb "$corpus" | cut -f1) bytes"
