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

# Each check is one awk over all the files it reads, not a process per file
# or per line: on the CI machine of 2026-12-07, where a process start is
# slow, the script took 16 s as a loop of 2,300 small programs.

# ---- 1. Sizes ---------------------------------------------------------------
# A function runs from its first line at column 0 (the type) to the '}' at
# column 0 that closes it; clang-format keeps the code in that shape.
awk -v root="$root/" -v max_file="$MAX_FILE" -v max_header="$MAX_HEADER" \
  -v max_func="$MAX_FUNC" '
  function size(   cap) {
    if (f == "") return
    cap = f ~ /^include\// ? max_header : max_file
    if (n > cap) printf "check_layout: %s: %d lines (at most %d)\n", f, n, cap
  }
  FNR == 1 { size(); f = substr(FILENAME, length(root) + 1); start = 0; in_body = 0 }
  { n = FNR }
  f ~ /\.c$/ && /^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !in_body { start = FNR; name = $0 }
  f ~ /\.c$/ && /\{[ \t]*$/ && start && !in_body { in_body = 1 }
  f ~ /\.c$/ && /^\}/ && in_body {
    if (FNR - start + 1 > max_func)
      printf "check_layout: %s:%d: a function of %d lines (at most %d): %s\n",
             f, start, FNR - start + 1, max_func, name
    in_body = 0; start = 0
  }
  END { size() }' "$root"/lib/*/*.[ch] "$root"/lib/python/src/*.[ch] \
  "$root"/tools/*/*.[ch] "$root"/include/*.h | { grep . && exit 1 || true; } || status=1

# ---- 2. Calls between libdpll's files go down the list ----------------------
mapfile -t files < <(sed -n '/^dpll_add_library(dpll /,/)/p' "$root/lib/CMakeLists.txt" |
  grep -o 'dpll/[a-z_]*\.c' | sed 's#^dpll/##')
[ ${#files[@]} -gt 5 ] || breach "no libdpll source list in lib/CMakeLists.txt"
declare -A rank
for i in "${!files[@]}"; do
  rank[${files[$i]}]=$i
  [ -f "$root/lib/dpll/${files[$i]}" ] || breach "lib/dpll/${files[$i]} is listed but missing"
done
for f in "$root"/lib/dpll/*.c; do
  [ -n "${rank[${f##*/}]:-}" ] || breach "lib/dpll/${f##*/} is not in the list"
done
# The functions each file defines: lines at column 0, not static, not a
# declaration; the first dpll_ name on the line (not inside a longer word)
# is the one defined.  Then each file's calls of them.
listed=()
for file in "${files[@]}"; do
  [ -f "$root/lib/dpll/$file" ] && listed+=("$root/lib/dpll/$file")
done
if [ ${#listed[@]} -gt 0 ]; then
  awk -v list="${files[*]}" '
    BEGIN { n = split(list, l, " "); for (i = 1; i <= n; i++) rank[l[i]] = i }
    # The dpll_ names called on the line, in names[1..k]; returns k.
    function calls(line,   k, rest, before, name) {
      k = 0; before = ""
      while (match(line, /dpll_[a-z_0-9]*\(/)) {
        name = substr(line, RSTART, RLENGTH - 1)
        before = before substr(line, 1, RSTART - 1)
        if (before !~ /[A-Za-z0-9_]$/) names[++k] = name
        before = before substr(line, RSTART, RLENGTH)
        line = substr(line, RSTART + RLENGTH)
      }
      return k
    }
    FNR == 1 { file = FILENAME; sub(/.*\//, "", file) }
    pass == 1 && /^[a-z]/ && !/^static/ && !/;[ \t]*$/ {
      if (calls($0)) owner[names[1]] = file
    }
    pass == 2 {
      k = calls($0)
      for (i = 1; i <= k; i++) {
        fn = names[i]; def = owner[fn]
        if (def == "" || def == file || (file SUBSEP fn) in said) continue
        said[file, fn] = 1
        if (rank[def] <= rank[file])
          printf "check_layout: lib/dpll/%s calls %s of %s, which is listed above it\n", file, fn, def
      }
    }' pass=1 "${listed[@]}" pass=2 "${listed[@]}" |
    { grep . && exit 1 || true; } || status=1
fi

# ---- 3. Each part is touched by its owner only ------------------------------
parts="trail=propagate.c watch=watches.c store=clausedb.c input=add.c
  an=analyze.c heap=heap.c phase=phase.c scan=branch.c look=lookahead.c
  pure=purecount.c restart=restart.c reduce=reduce.c trace=trace.c
  check=check.c proof=proof.c assume=assume.c vivify=vivify.c
  subsume=subsume.c subst=subst.c elim=elim.c"
awk -v parts="$parts" '
  BEGIN {
    n = split(parts, p, /[ \n]+/)
    for (i = 1; i <= n; i++) if (split(p[i], kv, "=") == 2) owner[kv[1]] = kv[2]
  }
  FNR == 1 { file = FILENAME; sub(/.*\//, "", file) }
  file == "internal.h" {
    if (match($0, /^  [a-z_]*_part [a-z_]*;/)) {
      part = $0; sub(/;.*/, "", part); sub(/.* /, "", part); declared[part] = 1
    }
    next
  }
  /s->/ {
    for (part in owner) {
      if (file == owner[part] || (file SUBSEP part) in said) continue
      if ($0 ~ ("(^|[^A-Za-z0-9_])s->" part "([^A-Za-z0-9_]|$)")) {
        said[file, part] = 1
        printf "check_layout: lib/dpll/%s touches s->%s, owned by %s: %d:%s\n",
               file, part, owner[part], FNR, $0
      }
    }
  }
  END {
    for (part in owner)
      if (!(part in declared))
        printf "check_layout: internal.h has no part %c%s%c in struct dpll_solver\n", 39, part, 39
  }' "$root/lib/dpll/internal.h" "$root"/lib/dpll/*.c |
  { grep . && exit 1 || true; } || status=1
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
