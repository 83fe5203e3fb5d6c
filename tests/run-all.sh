#!/usr/bin/env bash
# The quick tier of the tests, the README's test command (about 4 minutes on
# two cores; the long tier is tests/run-long.sh; what each runs
# and where the time goes: docs/testing.md):
#   1. installs what the tests need if it is missing: cmocka, pkg-config,
#      picosat (the reference solver of test_differential), chromium, which
#      runs the browser tests of the replay page (tests/test_html.c) and of
#      peg.html (tests/test_web.c), and emscripten and node-acorn, which
#      build peg.html; if chromium or emscripten cannot be installed, the
#      tests that need them are skipped, with a notice,
#      (need_test_packages in run-lib.sh also installs the other solvers,
#      the compression libraries, and what the Python package's test
#      needs: python3-dev, -venv, -setuptools, -wheel, -pytest, -pycosat),
#   2. builds with warnings as errors (and peg.html) and runs the quick
#      tests (ctest -L quick: every test program, on its quick share of
#      random cases, and the Python package, installed into a venv with
#      pip and run with pytest),
#   3. builds with AddressSanitizer and UndefinedBehaviorSanitizer (at -O1,
#      asserts and invariant checks on) and runs them again (on fewer
#      random cases: tests/tier.h),
#   4. installs into a staging directory and builds and runs the examples
#      against it, through CMake's package files and through pkg-config,
#   5. prints each stage's wall, user and system seconds against its
#      budget (a stage over budget is named, not failed).
# Build trees go to build-tests/ in the source tree, where tests/run-long.sh
# finds them.
source "$(dirname "$0")/run-lib.sh"
started=$(date +%s)

# The installs: what every tier needs, and the browser and Emscripten.
# Chromium is not fatal when it cannot be installed (test_html skips its
# browser test); nor is Emscripten (without emcc there is no peg.html, and
# test_web is not built).
quick_packages() {
  need_test_packages
  if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ] &&
    ! command -v chromium >/dev/null 2>&1; then
    echo "== installing chromium (for the replay page's browser test)"
    install_missing chromium >"$out/chromium-install.log" 2>&1 ||
      echo "== notice: chromium could not be installed (see $out/chromium-install.log); test_html's browser test will be skipped"
  fi
  # Emscripten and the acorn parser its optimizer loads, for peg.html.
  if ! command -v emcc >/dev/null 2>&1 || [ ! -d /usr/share/nodejs/acorn ]; then
    echo "== installing emscripten and node-acorn (for peg.html)"
    install_missing emscripten node-acorn >"$out/emscripten-install.log" 2>&1 ||
      echo "== notice: emscripten could not be installed (see $out/emscripten-install.log); peg.html and its browser test are skipped"
  fi
}

# Installs into a staging directory and builds and runs the examples
# against it, through CMake's package files and through pkg-config, and
# the installed tools as in the README.
install_and_examples() {
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
}

stage_start quick
trap 'stage_table quick' EXIT
stage quick installs 240 quick_packages
# The test looks at /usr/bin/chromium or $CHROMIUM.
if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ] &&
  command -v chromium >/dev/null 2>&1; then
  CHROMIUM=$(command -v chromium)
  export CHROMIUM
fi
installed=$(date +%s) # the time limit of the quick tier counts from here

# The budgets (seconds) add up to the README's five minutes, installs
# aside; with the installs and the long tier's, to the 40 minutes that
# .ci/run may take (docs/testing.md).
stage quick release-build 45 release_build
stage quick release-tests 115 ctest_run release -L quick
stage quick sanitize-build 40 sanitize_build
stage quick sanitize-tests 85 ctest_run sanitize -L quick
stage quick install-and-examples 15 install_and_examples
echo "== quick tier passed in $(elapsed "$installed") ($(elapsed "$started") with the installs before it)"
