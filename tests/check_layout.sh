#!/usr/bin/env bash
# The shape of the libraries, checked (docs/internals.md explains it):
#   1. no file of lib/ (the Python extension's lib/python/src included)
#      over MAX_FILE lines, no function over MAX_FUNC lines;
#   2. libdpll's files call each other top-down, in the order
#      lib/CMakeLists.txt lists them: a file calls only functions defined
#      in files listed after it (so no two files call each other);
#   3. each part of the solver (s->trail, s->store, ...) is touched only by
#      the file that owns it; the others use its functions, or the inline
#      readers of lib/dpll/internal.h;
#   4. libpeg's and libmaze's files call each other without a circle: no
#      file calls a function of a file that (through others) calls it.
# Usage: tests/check_layout.sh [SOURCE_DIR]; prints every breach, exit 1 if
# there is one.
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
MAX_FILE=${MAX_FILE:-600}
MAX_FUNC=${MAX_FUNC:-80}
status=0
breach() {
  echo "check_layout: $*"
  status=1
}

# ---- 1. Sizes ---------------------------------------------------------------
for f in "$root"/lib/*/*.c "$root"/lib/*/*.h "$root"/lib/python/src/*.[ch]; do
  n=$(wc -l <"$f")
  [ "$n" -le "$MAX_FILE" ] || breach "${f#"$root"/}: $n lines (at most $MAX_FILE)"
done
# A function runs from its first line at column 0 (the type) to the '}' at
# column 0 that closes it; clang-format keeps the code in that shape.
for f in "$root"/lib/*/*.c "$root"/lib/python/src/*.c; do
  awk -v f="${f#"$root"/}" -v max="$MAX_FUNC" '
    /^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !in_body { start = NR; name = $0 }
    /\{[ \t]*$/ && start && !in_body { in_body = 1 }
    /^\}/ && in_body {
      if (NR - start + 1 > max)
        printf "check_layout: %s:%d: a function of %d lines (at most %d): %s\n",
               f, start, NR - start + 1, max, name
      in_body = 0; start = 0
    }' "$f"
done | { grep . && exit 1 || true; } || status=1

# ---- 2. Calls between libdpll's files go down the list ----------------------
mapfile -t files < <(sed -n '/^dpll_add_library(dpll /,/)/p' "$root/lib/CMakeLists.txt" |
  grep -o 'dpll/[a-z_]*\.c' | sed 's#^dpll/##')
[ ${#files[@]} -gt 5 ] || breach "no libdpll source list in lib/CMakeLists.txt"
declare -A rank owner
for i in "${!files[@]}"; do
  rank[${files[$i]}]=$i
  [ -f "$root/lib/dpll/${files[$i]}" ] || breach "lib/dpll/${files[$i]} is listed but missing"
done
for f in "$root"/lib/dpll/*.c; do
  [ -n "${rank[$(basename "$f")]:-}" ] || breach "lib/dpll/$(basename "$f") is not in the list"
done
# The functions each file defines: lines at column 0, not static, not a
# declaration; the first dpll_ name on the line is the one defined.
for file in "${files[@]}"; do
  while read -r line; do
    fn=$(grep -oE '\bdpll_[a-z_0-9]*\(' <<<"$line" | head -n 1 | tr -d '(' || true)
    if [ -n "$fn" ]; then owner[$fn]=$file; fi
  done < <(grep -E '^[a-z]' "$root/lib/dpll/$file" | grep -v -e '^static' -e ';[ \t]*$')
done
for file in "${files[@]}"; do
  for fn in $(grep -oE '\bdpll_[a-z_0-9]*\(' "$root/lib/dpll/$file" | tr -d '(' | sort -u || true); do
    def=${owner[$fn]:-}
    [ -n "$def" ] && [ "$def" != "$file" ] || continue
    [ "${rank[$def]}" -gt "${rank[$file]}" ] ||
      breach "lib/dpll/$file calls $fn of $def, which is listed above it"
  done
done

# ---- 3. Each part is touched by its owner only ------------------------------
declare -A part_owner=([trail]=propagate.c [watch]=watches.c [store]=clausedb.c
  [input]=add.c [an]=analyze.c [heap]=heap.c [phase]=phase.c [scan]=branch.c
  [look]=lookahead.c [pure]=purecount.c [restart]=restart.c [reduce]=reduce.c
  [trace]=trace.c [check]=check.c [proof]=proof.c [assume]=assume.c [vivify]=vivify.c)
for part in "${!part_owner[@]}"; do
  grep -q "^  [a-z_]*_part $part;" "$root/lib/dpll/internal.h" ||
    breach "internal.h has no part '$part' in struct dpll_solver"
  for f in "$root"/lib/dpll/*.c; do
    [ "$(basename "$f")" = "${part_owner[$part]}" ] && continue
    if grep -nE "\bs->$part\b" "$f" >/dev/null; then
      breach "lib/dpll/$(basename "$f") touches s->$part, owned by ${part_owner[$part]}: $(grep -nE "\bs->$part\b" "$f" | head -n 1)"
    fi
  done
done
# ---- 4. No circle of calls between libpeg's or libmaze's files ------------
# The edges: file A calls a function (PREFIX_ or PREFIX__) that file B
# defines (at column 0, not static, not a declaration); tsort finds a
# circle among them.
for lib in peg maze; do
  declare -A defined=()
  for f in "$root"/lib/$lib/*.c; do
    while read -r fn; do
      defined[$fn]=$(basename "$f")
    done < <(grep -E '^[a-z]' "$f" | grep -v -e '^static' -e ';[ \t]*$' |
      sed -nE "s/^[^(]*\<(${lib}_[a-z_0-9]*)\(.*/\1/p")
  done
  edges=$(for f in "$root"/lib/$lib/*.c; do
    file=$(basename "$f")
    echo "$file $file"
    for fn in $(grep -oE "\b${lib}_[a-z_0-9]*\(" "$f" | tr -d '(' | sort -u || true); do
      def=${defined[$fn]:-}
      if [ -n "$def" ] && [ "$def" != "$file" ]; then echo "$file $def"; fi
    done
  done | sort -u)
  if ! loop=$(tsort <<<"$edges" 2>&1 >/dev/null) || [ -n "$loop" ]; then
    breach "lib/$lib: files call each other in a circle: $(grep -v 'input contains a loop' <<<"$loop" | sed 's/^tsort: //' | tr '\n' ' ')"
  fi
  unset defined
done
exit $status
