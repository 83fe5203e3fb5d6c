#!/usr/bin/env bash
# The Python package's test (CTest's "python"): installs lib/python the way
# the README says, into a fresh virtual environment under the build tree,
# offline and with warnings as errors, then runs the pytest suite
# tests/python against the installed package (in two pytest processes at
# once).
# Usage: tests/python/run.sh BUILD_DIR REQUIRED [sanitize]
#   REQUIRED 1: a missing Python, venv, pytest or Python.h fails the test;
#   0: it is skipped (exit 77) with a notice.
#   sanitize: the extension is built with AddressSanitizer and
#   UndefinedBehaviorSanitizer (any report fails), and the interpreter runs
#   with their runtimes preloaded (the long tier's python_sanitize, which
#   runs every case: DPLL_TEST_SCALE 500 unless set; see conftest.py).
# DPLL_PYTHON names the interpreter (default /usr/bin/python3, Debian's, for
# which python3-pytest and python3-pycosat are packaged).
set -euo pipefail
build=$1
required=${2:-0}
flavour=${3:-plain}
root=$(cd "$(dirname "$0")/../.." && pwd)
py=${DPLL_PYTHON:-/usr/bin/python3}

missing() {
  echo "python: $1 (apt-get install python3-dev python3-venv python3-setuptools python3-wheel python3-pytest)"
  if [ "$required" = 1 ]; then exit 1; fi
  exit 77
}
[ -x "$py" ] || missing "no $py"
"$py" -c 'import ensurepip, venv' 2>/dev/null || missing "no venv module"
"$py" -c 'import setuptools, wheel' 2>/dev/null || missing "no setuptools or wheel"
"$py" -c 'import pytest' 2>/dev/null || missing "no pytest"
inc=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
[ -f "$inc/Python.h" ] || missing "no $inc/Python.h"

venv=$build/python-$flavour
rm -rf "$venv" "$venv-build"
# With Debian's pip (python3-pip) the venv is made without a pip of its own
# (0.2 s against 3.2 s with ensurepip's copy, on the CI machine of
# 2026-12-07) and that pip installs into it; the README's way otherwise.
if "$py" -c 'import pip' 2>/dev/null; then
  "$py" -m venv --system-site-packages --without-pip "$venv"
  pip=("$venv/bin/python" -m pip)
else
  "$py" -m venv --system-site-packages "$venv"
  pip=("$venv/bin/pip")
fi
# Offline: no index, no version check; the build goes to the build tree.
export PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 DPLL_WERROR=1
export DPLL_PYTHON_BUILD=$venv-build
if [ "$flavour" = sanitize ]; then
  sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=all"
  export CFLAGS="$sanitizers -fno-omit-frame-pointer" LDFLAGS="$sanitizers"
fi
"${pip[@]}" install --no-build-isolation -q "$root/lib/python"
if [ "$flavour" = sanitize ]; then
  unset CFLAGS LDFLAGS
  # Python's own allocations are not ours to judge: no leak report.
  export LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
  export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1
  export DPLL_TEST_SCALE=${DPLL_TEST_SCALE:-500}
fi
# The README's check.
out=$(cd "$build" && "$venv/bin/python" -c 'import dpll; print(dpll.solve([[1, 2], [-1]]))')
if [ "$out" != "[-1, 2]" ]; then
  echo "python: dpll.solve([[1, 2], [-1]]) printed '$out', not [-1, 2]"
  exit 1
fi
cd "$build"
# pytest in two processes at once, each running every other test
# (DPLL_PYTEST_SHARD, conftest.py); each one's report is printed once both
# have ended, and the test fails if either does.  The one in the
# background gets SIGINT back (a shell's background job ignores it, and
# test_ctrl_c_stops_solve needs it).
pytest=("$venv/bin/python" -m pytest -q -p no:cacheprovider -rs "$root/tests/python")
DPLL_PYTEST_SHARD=1/2 env --default-signal=INT "${pytest[@]}" \
  >"$venv/pytest-1.log" 2>&1 &
second=$!
status=0
DPLL_PYTEST_SHARD=0/2 "${pytest[@]}" >"$venv/pytest-0.log" 2>&1 || status=$?
wait "$second" || status=$?
cat "$venv/pytest-0.log" "$venv/pytest-1.log"
exit "$status"
