# What tests/run-all.sh (the quick tier) and tests/run-long.sh (the long
# tier) share; sourced, not run.  Build trees go to build-tests/ in the
# source tree: release (warnings as errors) and sanitize (ASan and UBSan).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
out=$root/build-tests
jobs=$(nproc 2>/dev/null || echo 2)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
mkdir -p "$out"

# install_missing PACKAGE...: installs those given with apt-get.
install_missing() {
  [ $# -gt 0 ] || return 0
  echo "== installing $*"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@"
}

# The test dependencies of both tiers: cmocka, pkg-config, picosat (the
# reference solver of test_differential), minisat, cadical and
# cryptominisat (test_solvers), the compression libraries (optional for a
# build, tested by test_compress) with their programs, GNU parallel and
# rsync (dpll-cc), and what the Python package's test needs.
need_test_packages() {
  local missing=()
  command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
  # Ninja builds the trees (configure_build): fewer processes than make's.
  command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
  pkg-config --exists cmocka 2>/dev/null || missing+=(libcmocka-dev)
  command -v picosat >/dev/null 2>&1 || [ -x /usr/bin/picosat ] || missing+=(picosat)
  # The other solvers whose answers peg-back and maze-back read (test_solvers).
  [ -x /usr/bin/minisat ] || missing+=(minisat)
  [ -x /usr/bin/cadical ] || missing+=(cadical)
  [ -x /usr/bin/cryptominisat5 ] || missing+=(cryptominisat)
  [ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
  [ -f /usr/include/bzlib.h ] || missing+=(libbz2-dev)
  [ -f /usr/include/lzma.h ] || missing+=(liblzma-dev)
  [ -f /usr/include/zstd.h ] || missing+=(libzstd-dev)
  command -v bzip2 >/dev/null 2>&1 || missing+=(bzip2)
  command -v xz >/dev/null 2>&1 || missing+=(xz-utils)
  command -v zstd >/dev/null 2>&1 || missing+=(zstd)
  # dpll-cc's test (tests/dpll-cc.sh): GNU parallel, and rsync, which
  # parallel uses to copy the clauses to (stand-in) remote machines.
  command -v parallel >/dev/null 2>&1 || missing+=(parallel)
  command -v rsync >/dev/null 2>&1 || missing+=(rsync)
  # The Python package's test (tests/python/run.sh) with Debian's python3:
  # venv, setuptools, wheel and Python.h to build it, pytest, and pycosat,
  # the peer the suite also compares with.
  /usr/bin/python3 -c 'import ensurepip, venv, setuptools, wheel, pytest, pycosat, pip' 2>/dev/null ||
    missing+=(python3-venv python3-setuptools python3-wheel python3-pytest python3-pycosat python3-pip)
  /usr/bin/python3 -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(sysconfig.get_paths()["include"] + "/Python.h"))' 2>/dev/null ||
    missing+=(python3-dev)
  install_missing ${missing[@]+"${missing[@]}"}
}

# configure_build NAME CMAKE-OPTIONS...: configures and builds
# build-tests/NAME (an existing tree is brought up to date).  ccache, when
# it is installed, compiles (the scripts do not install it).  A new tree
# is built by Ninja when it is there (need_test_packages installs it):
# make with CMake's makefiles started twice the processes and took 20 %
# longer (49 s against 41 s for the Release tree, on the CI machine of
# 2026-12-07, where a process start is slow); a tree made by make before
# stays with make.
configure_build() {
  local name=$1
  shift
  local options=()
  command -v ccache >/dev/null 2>&1 && options+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache)
  echo "== $name build"
  cmake_configure "$out/$name" -DDPLL_WERROR=ON -DDPLL_REQUIRE_TESTS=ON \
    ${options[@]+"${options[@]}"} "$@" >/dev/null
  cmake --build "$out/$name" -j "$jobs"
}
# cmake_configure DIR CMAKE-OPTIONS...: configures build tree DIR of the
# source tree, with Ninja if DIR is new and Ninja is there.
cmake_configure() {
  local dir=$1
  shift
  local generator=()
  if [ ! -f "$dir/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then
    generator=(-G Ninja)
  fi
  cmake -S "$root" -B "$dir" ${generator[@]+"${generator[@]}"} "$@"
}
# The release build also makes web/peg.html when emcc is there (test_web).
release_build() { configure_build release -DCMAKE_BUILD_TYPE=Release -DDPLL_WEB=ON; }
# The sanitizers at -O1, as their authors advise: the tests under them take
# half the time they take at -O0, with the asserts and invariant checks of
# a Debug build still on.
# The Release tree's bin/ runs most of the quick tier's tool runs
# uninstrumented (DPLL_TEST_PLAIN_BIN in tests/CMakeLists.txt).
sanitize_build() {
  configure_build sanitize -DCMAKE_BUILD_TYPE=Debug -DDPLL_SANITIZE=ON \
    "-DCMAKE_C_FLAGS_DEBUG=-g -O1" "-DDPLL_TEST_PLAIN_BIN=$out/release/bin"
}

# ctest_run NAME CTEST-OPTIONS...: the tests of build NAME that the options
# select (-L quick, -L long -LE valgrind, ...), two at a time on two cores.
ctest_run() {
  local name=$1
  shift
  echo "== $name build: ctest $*"
  (cd "$out/$name" && ctest --output-on-failure -j "$jobs" "$@")
}

# ---- Stages and their budgets -------------------------------------------------
# stage TIER NAME BUDGET COMMAND...: runs COMMAND as a stage of TIER (quick
# or long), timed; its wall seconds and its budget (seconds) go to
# build-tests/stages-TIER.tsv, which stage_table prints.  A stage over its
# budget is named there, not failed: the budgets add up to the time the
# tier may take (the README's), so one over it says where that time went.
# COMMAND runs in a subshell with set -e (a function's failing step ends
# it; what it sets does not outlive it); its failure is recorded as such
# and ends the script.
stage() {
  local tier=$1 name=$2 budget=$3
  shift 3
  local t0 rc cpu0 cpu1
  t0=$(date +%s%N)
  children_cpu
  cpu0=$(<"$out/times")
  set +e
  (
    set -e
    "$@"
  )
  rc=$?
  set -e
  children_cpu
  cpu1=$(<"$out/times")
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$budget" \
    "$((($(date +%s%N) - t0) / 1000000))" "$rc" \
    "$(awk -v a="$cpu0" -v b="$cpu1" 'BEGIN { split(a, x, " "); split(b, y, " ")
         printf "%.1f %.1f", y[1] - x[1], y[2] - x[2] }')" \
    >>"$out/stages-$tier.tsv"
  return $rc
}

# The user and system seconds of this shell's finished children so far
# (bash's `times`, which must run in this shell, not in a pipe or $(...)),
# as "USER SYS" in build-tests/times.
children_cpu() {
  times >"$out/times.raw"
  awk 'NR == 2 {
    for (i = 1; i <= 2; i++) { split($i, t, "m"); sub("s", "", t[2]); c[i] = t[1] * 60 + t[2] }
    printf "%.2f %.2f\n", c[1], c[2] }' "$out/times.raw" >"$out/times"
}

# stage_start TIER: a new table for TIER.
stage_start() { : >"$out/stages-$1.tsv"; }

# stage_table TIER...: the stages of each TIER with their budgets and
# measured times, the totals, and the stages over budget named.
stage_table() {
  local tier
  for tier in "$@"; do
    [ -f "$out/stages-$tier.tsv" ] || continue
    awk -F '\t' -v tier="$tier" '
      BEGIN { printf "== %s tier: %-17s %8s %9s %9s %9s\n", tier, "stage", "budget",
                     "wall", "user", "system" }
      { b += $2; m += $3 / 1000; split($5, c, " "); u += c[1]; y += c[2]
        note = ($4 != 0) ? "  FAILED" : ($3 / 1000 > $2 ? "  OVER BUDGET" : "")
        if ($3 / 1000 > $2) over = over " " $1
        printf "   %-28s %6d s %7.1f s %7.1f s %7.1f s%s\n", $1, $2, $3 / 1000,
               c[1], c[2], note }
      END { printf "   %-28s %6d s %7.1f s %7.1f s %7.1f s\n", "total", b, m, u, y
            if (over != "") printf "== over budget:%s\n", over }' \
      "$out/stages-$tier.tsv"
  done
}

# elapsed START: "M min S s" since START (seconds since the epoch).
elapsed() {
  local s=$(($(date +%s) - $1))
  echo "$((s / 60)) min $((s % 60)) s"
}
