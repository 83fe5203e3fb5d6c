#!/usr/bin/env bash
# The long tier of the tests, after tests/run-all.sh (about 21 minutes on
# two cores; docs/testing.md):
#   1. installs what it needs if it is missing: the quick tier's packages,
#      valgrind, firefox-esr (peg.html's tests in Firefox; skipped with a
#      notice if it cannot be installed), and clang with its fuzzer runtime
#      (if clang cannot be installed, the fuzzing is skipped with a notice),
#   2. in the Release build (made if missing): ctest -L long, the random
#      tests on five times the quick tier's cases and every case the quick
#      tier samples, test_web in Firefox; then the command-line tests with
#      the tools under valgrind (a sample of the runs: every tool, option
#      and input kind, and every eighth run; tests/valgrind-tool.sh.in),
#   3. in the sanitizer build (made if missing): ctest -L long, the random
#      tests on the Release build's quick share; then test_threads (separate
#      solvers and portfolios on many threads) in a ThreadSanitizer build,
#   4. builds the libFuzzer targets with clang (DPLL_FUZZ=ON), replays
#      their seed corpora, and runs each for FUZZ_SECONDS (default 30)
#      seconds on a copy of its corpus, two at a time (docs/fuzzing.md),
#   5. prints each stage's wall, user and system seconds against its
#      budget (a stage over budget is named, not failed).
source "$(dirname "$0")/run-lib.sh"
started=$(date +%s)
fuzz_seconds=${FUZZ_SECONDS:-30}

# The installs: the quick tier's packages, valgrind, Firefox and clang with
# its fuzzer runtime (the last two not fatal: their tests are skipped with
# a notice).
long_packages() {
  need_test_packages
  command -v valgrind >/dev/null 2>&1 || install_missing valgrind
  if [ -z "${FIREFOX:-}" ] && ! command -v firefox-esr >/dev/null 2>&1 &&
    ! command -v firefox >/dev/null 2>&1; then
    install_missing firefox-esr >"$out/firefox-install.log" 2>&1 ||
      echo "== notice: firefox-esr could not be installed (see $out/firefox-install.log); test_web in Firefox will be skipped"
  fi
  if ! { command -v clang >/dev/null 2>&1 && fuzzer_links; }; then
    install_missing clang libclang-rt-14-dev >"$out/fuzz-install.log" 2>&1 || true
  fi
}

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

# Whether fuzzing can run; if not, why, in $fuzz_why.
fuzz_ready() {
  if ! command -v clang >/dev/null 2>&1; then
    fuzz_why="clang is missing and could not be installed (see $out/fuzz-install.log)"
  elif ! fuzzer_links; then
    fuzz_why="clang cannot link -fsanitize=fuzzer: its runtime (libclang-rt-14-dev) is missing and could not be installed (see $out/fuzz-install.log)"
  else
    return 0
  fi
  return 1
}

# ThreadSanitizer: test_threads alone, in a build of its own.
tsan_tests() {
  echo "== tsan build (test_threads)"
  cmake_configure "$out/tsan" -DDPLL_WERROR=ON -DDPLL_REQUIRE_TESTS=ON \
    -DCMAKE_BUILD_TYPE=Debug -DDPLL_TSAN=ON >/dev/null
  cmake --build "$out/tsan" -j "$jobs" --target test_threads
  (cd "$out/tsan" && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
    ctest --output-on-failure -R '^threads(_long)?$')
}

# The libFuzzer targets, built with clang, their seed corpora replayed.
fuzz_build() {
  echo "== fuzz build"
  CC=clang cmake_configure "$out/fuzz" -DDPLL_WERROR=ON -DDPLL_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=Debug >/dev/null
  cmake --build "$out/fuzz" -j "$jobs" --target fuzz_dimacs fuzz_board fuzz_answer fuzz_solver
  (cd "$out/fuzz" && ctest --output-on-failure -j "$jobs" -L fuzz)
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

# Each target for $fuzz_seconds, two at a time.
fuzz_all() {
  echo "== fuzzing, ${fuzz_seconds} s per target"
  rm -rf "$out/fuzz-run/findings"
  local fuzz_failed=0 pair t pid pids
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
  [ $fuzz_failed = 0 ] || { echo "== fuzzing found a problem"; return 1; }
}

stage_start long
trap 'stage_table long' EXIT
# The budgets (seconds), with the quick tier's, add up to the 40 minutes
# that .ci/run may take (docs/testing.md).
stage long installs 180 long_packages
begun=$(date +%s)

stage long release-build 30 release_build
stage long release-tests 400 ctest_run release -L long -LE valgrind
stage long valgrind-tests 380 ctest_run release -L valgrind
stage long sanitize-build 30 sanitize_build
stage long sanitize-tests 540 ctest_run sanitize -L long
stage long tsan 130 tsan_tests
fuzz_why=""
if fuzz_ready; then
  stage long fuzz-build 40 fuzz_build
  stage long fuzzing $((2 * fuzz_seconds + 70)) fuzz_all
else
  echo "== fuzzing skipped: $fuzz_why"
fi
echo "== long tier passed in $(elapsed "$begun") ($(elapsed "$started") with the installs before it)"
