#!/usr/bin/env bash
# The shape of the libraries, checked (docs/internals.md explains it):
#   1. no file of lib/ (the Python extension's lib/python/src included)
#      over MAX_FILE lines, no function over MAX_FUNC lines;
#   2. libdpll's files call each other top-down, in the order
#      lib/CMakeLists.txt lists them: a file calls only functions defined
#      in files listed after it (so no two files call each other);
#   3. each part of the solver (s->trail, s->store, ...) is touched only by
#      the file that owns it; the others use its functions, or the inline
#      readers of its header (trail.h and store.h for the trail and the store);
#   4. no circle of files anywhere in lib/ and tools/: no file includes or
#      uses a file that uses it back (a header and its .c count as one).
# The tools' files have the same caps as the libraries'; the public headers
# of include/, with their documentation, MAX_HEADER lines.
# Usage: tests/check_layout.sh [SOURCE_DIR]; prints every breach, exit 1 if
# there is one.
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
MAX_FILE=${MAX_FILE:-600}
MAX_FUNC=${MAX_FUNC:-80}
MAX_HEADER=${MAX_HEADER:-850}
status=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
breach() {
  echo "check_layout: $*"
  status=1
}

# ---- 1. Sizes ---------------------------------------------------------------
for f in "$root"/lib/*/*.[ch] "$root"/lib/python/src/*.[ch] "$root"/tools/*/*.[ch]; do
  n=$(wc -l <"$f")
  [ "$n" -le "$MAX_FILE" ] || breach "${f#"$root"/}: $n lines (at most $MAX_FILE)"
done
for f in "$root"/include/*.h; do
  n=$(wc -l <"$f")
  [ "$n" -le "$MAX_HEADER" ] || breach "${f#"$root"/}: $n lines (at most $MAX_HEADER)"
done
# A function runs from its first line at column 0 (the type) to the '}' at
# column 0 that closes it; clang-format keeps the code in that shape.
for f in "$root"/lib/*/*.c "$root"/lib/python/src/*.c "$root"/tools/*/*.c; do
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
# ---- 4. No circle of files --------------------------------------------------
# A graph of the files of lib/ and tools/, a header and its .c one node
# (lib/peg/encode): A -> B when A includes B's header or uses a function that
# B defines, in a body or a macro (a declaration does not count). No node may
# reach itself: no file includes or uses a file that uses it back.
mapfile -t code < <(cd "$root" && ls lib/*/*.[ch] lib/python/src/*.[ch] tools/*/*.[ch])
(cd "$root" && awk -v list="${code[*]}" '
  function node(path) { sub(/\.[ch]$/, "", path); return path }
  BEGIN { n = split(list, l, " "); for (i = 1; i <= n; i++) exists[l[i]] = 1 }
  FNR == 1 {
    file = FILENAME; me = node(file); dir = file; sub(/\/[^\/]*$/, "", dir)
    header = file ~ /\.h$/; depth = 0; macro = 0; comment = 0
  }
  # Pass 1: who defines what: the functions of .c files that are not static,
  # the static inline functions of headers. A name defined twice is left out.
  pass == 1 {
    if ((!header && /^[a-z][^;]*\(/ && !/^static/ && !/;[ \t]*$/) ||
        (header && /^static inline [^;]*\(/)) {
      line = $0; sub(/\(.*/, "", line); k = split(line, w, /[^A-Za-z0-9_]+/)
      name = w[k]
      if (name in def && def[name] != me) twice[name] = 1
      def[name] = me
    }
    next
  }
  # Pass 2: the edges.
  /^#include "/ {
    h = $2; gsub(/"/, "", h)
    split(dir "/" h " lib/common/" h " tools/common/" h, cand, " ")
    for (k = 1; k <= 3; k++)
      if (cand[k] in exists) { if (node(cand[k]) != me) print me, node(cand[k]); break }
    next
  }
  {
    # What is in comments does not count.
    code = $0
    if (comment) { if (!sub(/^.*\*\//, "", code)) next; comment = 0 }
    gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", code); sub(/\/\/.*/, "", code)
    if (sub(/\/\*.*/, "", code)) comment = 1
    if (code ~ /^#define/) macro = 1
    if (!header || depth > 0 || macro || code ~ /\{/) {
      rest = code
      while (match(rest, /[A-Za-z_][A-Za-z0-9_]*/)) {
        name = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
        if ((name in def) && !(name in twice) && def[name] != me) print me, def[name]
      }
    }
    t = code; depth += gsub(/\{/, "", t); t = code; depth -= gsub(/\}/, "", t)
    if (code !~ /\\$/) macro = 0
  }' pass=1 "${code[@]}" pass=2 "${code[@]}") | sort -u >"$edges"
# tsort names the files of each circle it finds, after a line saying so.
circles=$({ tsort "$edges" 2>&1 >/dev/null || true; } | sed -n 's/^tsort: //p' |
  awk '/input contains a loop/ { if (c) print c; c = ""; next } { c = c (c ? " -> " : "") $0 }
       END { if (c) print c }')
while read -r c; do
  [ -z "$c" ] || breach "a circle of files: $c"
done <<<"$circles"
exit $status
