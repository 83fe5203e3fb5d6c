#!/usr/bin/env python3
"""Where one test program's time goes: the wall seconds of each of its
cmocka test functions, slowest first.

Usage: tests/bench/test-functions.py BUILD-DIR TEST [N]
  e.g. tests/bench/test-functions.py build-tests/sanitize peg_tools
runs CTest's test TEST of BUILD-DIR with its output line-buffered (stdbuf)
and times the lines cmocka prints as each test function starts and ends;
N (default 15) functions are shown.  Measures, does not judge: run it on an
idle machine.
"""
import os
import re
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    build, test = sys.argv[1], sys.argv[2]
    shown = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    env = dict(os.environ)
    # stdbuf preloads a library; AddressSanitizer wants to come first.
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + \
        ":verify_asan_link_order=0"
    cmd = ["stdbuf", "-oL", "-eL", "ctest", "-V", "-R", "^%s$" % test]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=build, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    times, current, began, status = [], None, 0.0, "passed"
    for line in proc.stdout:
        now = time.monotonic()
        line = re.sub(r"^\d+: ", "", line)
        if "[ RUN      ]" in line:
            current, began = line.split("]", 1)[1].strip(), now
        elif current and re.search(r"\[ *(OK|FAILED|SKIPPED) *\]", line):
            times.append((now - began, current))
            current = None
        if "***Failed" in line:
            status = "FAILED"
    proc.wait()
    total = time.monotonic() - start
    for seconds, name in sorted(times, reverse=True)[:shown]:
        print("%8.2f s  %s" % (seconds, name))
    print("%8.2f s  the whole test (%s), %d functions" %
          (total, status, len(times)))


if __name__ == "__main__":
    main()
