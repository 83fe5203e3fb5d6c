#!/usr/bin/env bash
# Runs every test of the project, as CI does:
#   1. installs what the tests need if it is missing (cmocka, pkg-config,
#      picosat, the reference solver of the differential test, and
#      valgrind, which runs the command-line tests again), and chromium,
#      which runs the replay page's browser test (tests/test_html.c): if
#      it cannot be installed, that test is skipped, with a notice here,
#   2. builds with warnings as errors and runs the tests,
#   3. builds with AddressSanitizer and UndefinedBehaviorSanitizer and runs
#      the tests again,
#   4. installs into a staging directory and builds and runs the examples
#      against it, through CMake's package files and through pkg-config,
#   5. builds the libFuzzer targets with clang (DPLL_FUZZ=ON), replays
#      their seed corpora, and runs each for FUZZ_SECONDS (default 30)
#      seconds on a copy of its corpus, two at a time (docs/fuzzing.md);
#      clang and its fuzzer runtime are installed if missing, and if that
#      fails this step is skipped with a notice.
# Build trees go to build-tests/ in the source tree.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build-tests
jobs=$(nproc 2>/dev/null || echo 2)
fuzz_seconds=${FUZZ_SECONDS:-30}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists cmocka 2>/dev/null || missing+=(libcmocka-dev)
command -v picosat >/dev/null 2>&1 || [ -x /usr/bin/picosat ] || missing+=(picosat)
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
# Chromium: not fatal when it cannot be installed (test_html skips its
# browser test).  The test looks at /usr/bin/chromium or $CHROMIUM.
if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  if command -v chromium >/dev/null 2>&1; then
    CHROMIUM=$(command -v chromium)
    export CHROMIUM
  else
    echo "== installing chromium (for the replay page's browser test)"
    mkdir -p "$out"
    { $sudo apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium; } \
      >"$out/chromium-install.log" 2>&1 ||
      echo "== notice: chromium could not be installed (see $out/chromium-install.log); test_html's browser test will be skipped"
  fi
fi

run_build() { # name, cmake options...
  local name=$1
  shift
  echo "== $name build"
  cmake -S "$root" -B "$out/$name" -DDPLL_WERROR=ON -DDPLL_REQUIRE_TESTS=ON "$@" >/dev/null
  cmake --build "$out/$name" -j "$jobs"
  (cd "$out/$name" && ctest --output-on-failure -j "$jobs")
}

run_build release -DCMAKE_BUILD_TYPE=Release
run_build sanitize -DCMAKE_BUILD_TYPE=Debug -DDPLL_SANITIZE=ON

echo "== install and examples"
rm -rf "$out/stage" "$out/examples"
cmake --install "$out/release" --prefix "$out/stage" >/dev/null
cmake -S examples -B "$out/examples" -DCMAKE_PREFIX_PATH="$out/stage" \
  -DCMAKE_C_FLAGS="-Wall -Wextra -Wpedantic -Werror" >/dev/null
cmake --build "$out/examples" -j "$jobs"
"$out/examples/solve"
"$out/examples/steps" <examples/clauses.txt | tail -n 1
"$out/examples/peg" triangle5 1 | tail -n 1
"$out/examples/ipasir" | grep -x "3 colours: yes"
"$out/examples/incremental" | tail -n 1
"$out/examples/enumerate" | grep -x "8 queens: 92 solutions"
"$out/examples/maze" examples/mazes/gold-ruby-2.txt | grep -x "START C F"
# pkg-config, through the staged .pc file (which finds its own prefix).
export PKG_CONFIG_PATH="$out/stage/lib/pkgconfig:$out/stage/lib/x86_64-linux-gnu/pkgconfig"
cc -std=c11 -Wall -Wextra -Wpedantic -Werror examples/solve.c \
  $(pkg-config --cflags --libs dpll) -o "$out/examples/solve-pc"
LD_LIBRARY_PATH="$(pkg-config --variable=libdir dpll)" "$out/examples/solve-pc"
# An IPASIR program links with -ldpll as with any IPASIR solver.
cc -std=c11 -Wall -Wextra -Wpedantic -Werror examples/ipasir.c \
  $(pkg-config --cflags --libs dpll) -o "$out/examples/ipasir-pc"
LD_LIBRARY_PATH="$(pkg-config --variable=libdir dpll)" "$out/examples/ipasir-pc" | tail -n 1
cc -std=c11 -Wall -Wextra -Wpedantic -Werror examples/peg.c \
  $(pkg-config --cflags --libs peg dpll) -o "$out/examples/peg-pc"
LD_LIBRARY_PATH="$(pkg-config --variable=libdir peg)" "$out/examples/peg-pc" triangle4 3 | tail -n 1
cc -std=c11 -Wall -Wextra -Wpedantic -Werror examples/maze.c \
  $(pkg-config --cflags --libs maze dpll) -o "$out/examples/maze-pc"
LD_LIBRARY_PATH="$(pkg-config --variable=libdir maze)" "$out/examples/maze-pc" examples/mazes/gold-ruby-2.txt
# The installed tools, as in the README.
"$out/stage/bin/peg-front" examples/boards/course-10-hole-3.txt |
  "$out/stage/bin/dpll" | "$out/stage/bin/peg-back" | tail -n 1
"$out/stage/bin/maze-front" examples/mazes/gold-wand-ruby-4.txt |
  "$out/stage/bin/dpll" | "$out/stage/bin/maze-back"

# ---- 5. Fuzzing ---------------------------------------------------------------
# Whether clang can link a libFuzzer program with the sanitizers.
fuzzer_links() {
  local dir ok=1
  dir=$(mktemp -d)
  printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return d && n ? 0 : 0; }' >"$dir/t.c"
  clang -fsanitize=fuzzer,address,undefined "$dir/t.c" -o "$dir/t" >/dev/null 2>&1 || ok=0
  rm -rf "$dir"
  [ $ok = 1 ]
}

# Whether fuzzing can run, installing clang and its fuzzer runtime if need
# be; if not, why, in $fuzz_why.
fuzz_ready() {
  command -v clang >/dev/null 2>&1 && fuzzer_links && return 0
  echo "== installing clang libclang-rt-14-dev (for the fuzz targets)"
  { $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang libclang-rt-14-dev; } \
    >"$out/fuzz-install.log" 2>&1 || true
  if ! command -v clang >/dev/null 2>&1; then
    fuzz_why="clang is missing and could not be installed (see $out/fuzz-install.log)"
  elif ! fuzzer_links; then
    fuzz_why="clang cannot link -fsanitize=fuzzer: its runtime (libclang-rt-14-dev) is missing and could not be installed (see $out/fuzz-install.log)"
  else
    return 0
  fi
  return 1
}

# Runs target fuzz_$1 for $fuzz_seconds on a copy of its seeds in the build
# tree (the repository is not touched); one line on success, the end of
# its log on a finding.
run_fuzz() {
  local t=$1 run=$out/fuzz-run
  rm -rf "${run:?}/corpus/$t"
  mkdir -p "$run/corpus" "$run/findings"
  cp -r "tests/fuzz/corpus/$t" "$run/corpus/$t"
  local dict=()
  [ -f "tests/fuzz/$t.dict" ] && dict=("-dict=tests/fuzz/$t.dict")
  if "$out/fuzz/bin/fuzz_$t" ${dict[@]+"${dict[@]}"} -max_total_time="$fuzz_seconds" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$run/findings/$t-" "$run/corpus/$t" >"$run/$t.log" 2>&1; then
    echo "fuzz_$t: $(sed -n 's/^stat::number_of_executed_units: *//p' "$run/$t.log") runs in ${fuzz_seconds} s, no finding"
  else
    echo "fuzz_$t: FINDING (input in $run/findings/); the end of $run/$t.log:"
    tail -n 40 "$run/$t.log"
    return 1
  fi
}

fuzz_why=""
if fuzz_ready; then
  echo "== fuzz build"
  CC=clang cmake -S "$root" -B "$out/fuzz" -DDPLL_WERROR=ON -DDPLL_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=Debug >/dev/null
  cmake --build "$out/fuzz" -j "$jobs" --target fuzz_dimacs fuzz_board fuzz_answer fuzz_solver
  (cd "$out/fuzz" && ctest --output-on-failure -j "$jobs" -R '^fuzz_')
  echo "== fuzzing, ${fuzz_seconds} s per target"
  rm -rf "$out/fuzz-run/findings"
  fuzz_failed=0
  for pair in "dimacs board" "answer solver"; do
    pids=()
    for t in $pair; do
      run_fuzz "$t" &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do
      wait "$pid" || fuzz_failed=1
    done
  done
  [ $fuzz_failed = 0 ] || { echo "== fuzzing found a problem"; exit 1; }
else
  echo "== fuzzing skipped: $fuzz_why"
fi
echo "== all tests passed"
