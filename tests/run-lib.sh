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
  /usr/bin/python3 -c 'import ensurepip, venv, setuptools, wheel, pytest, pycosat' 2>/dev/null ||
    missing+=(python3-venv python3-setuptools python3-wheel python3-pytest python3-pycosat)
  /usr/bin/python3 -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(sysconfig.get_paths()["include"] + "/Python.h"))' 2>/dev/null ||
    missing+=(python3-dev)
  install_missing ${missing[@]+"${missing[@]}"}
}

# configure_build NAME CMAKE-OPTIONS...: configures and builds
# build-tests/NAME (an existing tree is brought up to date).
configure_build() {
  local name=$1
  shift
  echo "== $name build"
  cmake -S "$root" -B "$out/$name" -DDPLL_WERROR=ON -DDPLL_REQUIRE_TESTS=ON "$@" >/dev/null
  cmake --build "$out/$name" -j "$jobs"
}
# The release build also makes web/peg.html when emcc is there (test_web).
release_build() { configure_build release -DCMAKE_BUILD_TYPE=Release -DDPLL_WEB=ON; }
sanitize_build() { configure_build sanitize -DCMAKE_BUILD_TYPE=Debug -DDPLL_SANITIZE=ON; }

# run_tier NAME LABEL: the tests of build NAME labelled LABEL.
run_tier() {
  echo "== $1 build: ctest -L $2"
  (cd "$out/$1" && ctest --output-on-failure -j "$jobs" -L "$2")
}

# elapsed START: "M min S s" since START (seconds since the epoch).
elapsed() {
  local s=$(($(date +%s) - $1))
  echo "$((s / 60)) min $((s % 60)) s"
}
