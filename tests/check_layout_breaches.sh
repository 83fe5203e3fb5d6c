#!/usr/bin/env bash
# Shows that tests/check_layout.sh fails on each kind of breach: a copy of
# the tree's code gets one breach at a time, and check_layout must report
# it (a line it did not print for the copy as it was) and exit 1.
#   bash tests/check_layout_breaches.sh [SOURCE_DIR]
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
check=$root/tests/check_layout.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/layout.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

# fresh: a copy of the code check_layout reads, in $work/tree.
fresh() {
  rm -rf "$work/tree"
  mkdir -p "$work/tree"
  (cd "$root" && find lib tools include -name '*.[ch]' -print0 |
    xargs -0 cp --parents -t "$work/tree") || exit 1
  cp "$root/lib/CMakeLists.txt" "$work/tree/lib/"
  bash "$check" "$work/tree" >"$work/before" 2>&1
}

# expect WHAT PATTERN: check_layout on the changed copy exits 1 and prints a
# new line matching PATTERN.
expect() {
  local what=$1 pattern=$2 rc=0
  bash "$check" "$work/tree" >"$work/after" 2>&1 || rc=$?
  if [ "$rc" != 1 ] ||
    ! grep -vxF -f "$work/before" "$work/after" | grep -qE "$pattern"; then
    echo "FAIL: $what: check_layout did not report it (exit $rc)" >&2
    failures=$((failures + 1))
  else
    echo "ok: $what"
  fi
}

# A public header over its cap.
fresh
yes '/* padding */' | head -n 900 >>"$work/tree/include/peg.h"
expect "a long public header" '^check_layout: include/peg\.h: [0-9]+ lines'

# A file of a tool over the cap.
fresh
yes '/* padding */' | head -n 601 >>"$work/tree/tools/dpll/cubes.c"
expect "a long file in tools/" '^check_layout: tools/dpll/cubes\.c: [0-9]+ lines'

# A function of a tool over the cap.
fresh
{
  echo 'int layout_long(int x) {'
  for i in $(seq 81); do echo "  x += $i;"; done
  echo '  return x;'
  echo '}'
} >>"$work/tree/tools/dpll/cubes.c"
expect "a long function in tools/" 'tools/dpll/cubes\.c:[0-9]+: a function of'

# Two files that call each other.
fresh
echo 'int layout_a(int x) { return x ? layout_b(x - 1) : 0; }' >"$work/tree/lib/peg/zza.c"
echo 'int layout_b(int x) { return x ? layout_a(x - 1) : 1; }' >"$work/tree/lib/peg/zzb.c"
expect "two files calling each other" 'circle of files: .*lib/peg/zz[ab]'

# Two headers that include each other.
fresh
printf '#include "zzd.h"\n' >"$work/tree/lib/maze/zzc.h"
printf '#include "zzc.h"\n' >"$work/tree/lib/maze/zzd.h"
expect "two headers including each other" 'circle of files: .*lib/maze/zz[cd]'

# A header whose inline function calls the file that includes it.
fresh
printf 'static inline int layout_c(void) { return layout_d(); }\n' \
  >"$work/tree/tools/common/zze.h"
printf '#include "zze.h"\nint layout_d(void) { return 1; }\nint layout_e(void) { return layout_c(); }\n' \
  >"$work/tree/tools/common/zzf.c"
expect "an inline reader calling back" 'circle of files: .*tools/common/zz[ef]'

# A part touched by a file that does not own it.
fresh
echo 'static int layout_peek(dpll_solver *s) { return (int)s->trail.size; }' \
  >>"$work/tree/lib/dpll/heap.c"
expect "a part touched by another file" 'heap\.c touches s->trail'

# A call up libdpll's list.
fresh
last=$(sed -n '/^dpll_add_library(dpll /,/)/p' "$root/lib/CMakeLists.txt" |
  grep -o 'dpll/[a-z_]*\.c' | tail -n 1)
printf 'void layout_up(dpll_solver *s) {\n  dpll_solve(s);\n}\n' >>"$work/tree/lib/$last"
expect "a call up the list" "$(basename "$last") calls dpll_solve of "

[ "$failures" = 0 ] || exit 1
