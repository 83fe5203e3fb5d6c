#!/usr/bin/env bash
# Runs every test of the project, as CI does:
#   1. installs what the tests need if it is missing (cmocka, pkg-config,
#      and picosat, the reference solver of the differential test),
#   2. builds with warnings as errors and runs the tests,
#   3. builds with AddressSanitizer and UndefinedBehaviorSanitizer and runs
#      the tests again,
#   4. installs into a staging directory and builds and runs the examples
#      against it, through CMake's package files and through pkg-config.
# Build trees go to build-tests/ in the source tree.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build-tests
jobs=$(nproc 2>/dev/null || echo 2)

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists cmocka 2>/dev/null || missing+=(libcmocka-dev)
command -v picosat >/dev/null 2>&1 || [ -x /usr/bin/picosat ] || missing+=(picosat)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
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
# pkg-config, through the staged .pc file (which finds its own prefix).
export PKG_CONFIG_PATH="$out/stage/lib/pkgconfig:$out/stage/lib/x86_64-linux-gnu/pkgconfig"
cc -std=c11 -Wall -Wextra -Wpedantic -Werror examples/solve.c \
  $(pkg-config --cflags --libs dpll) -o "$out/examples/solve-pc"
LD_LIBRARY_PATH="$(pkg-config --variable=libdir dpll)" "$out/examples/solve-pc"
cc -std=c11 -Wall -Wextra -Wpedantic -Werror examples/peg.c \
  $(pkg-config --cflags --libs peg dpll) -o "$out/examples/peg-pc"
LD_LIBRARY_PATH="$(pkg-config --variable=libdir peg)" "$out/examples/peg-pc" triangle4 3 | tail -n 1
# The installed tools, as in the README.
"$out/stage/bin/peg-front" examples/boards/course-10-hole-3.txt |
  "$out/stage/bin/dpll" | "$out/stage/bin/peg-back" | tail -n 1
echo "== all tests passed"
