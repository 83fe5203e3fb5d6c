# Usage: awk -v n=BITS [-v k=STEPS] [-v enable=0|1] [-v exact=1]
#            -f lib.awk -f counter-bmc.awk > out.cnf
#
# Bounded model checking (Biere, Cimatti, Clarke and Zhu 1999) of an n-bit
# binary counter: the circuit unrolled for K steps, state bits x(t,0..n-1)
# at times t = 0..K (bit 0 least significant), initial state all zero.
# Each step adds the carry-in c(t,0) with a ripple-carry incrementer:
#   x(t+1,i) = x(t,i) XOR c(t,i),   c(t,i+1) = x(t,i) AND c(t,i),
# every gate written as its Tseitin clauses, with an auxiliary variable for
# each carry.  With enable=1 (the default) the carry-in is a free input e(t),
# so the counter may stand still at any step and the solver must reason
# about all input sequences; with enable=0 e(t) is forced true by a unit
# clause (and unit propagation alone then decides the formula).
# Property "all bits one": by default at some time t <= K (auxiliary g(t)
# implies every bit at time t, and one clause asks for some g(t)); with
# exact=1 at time K exactly.
#
# The counter first shows all ones at step 2^n - 1, so with the default
# property, and for exact=1 with enable=1, the formula is SAT iff
# K >= 2^n - 1; for exact=1 with enable=0 the counter wraps around and the
# formula is SAT iff K mod 2^n = 2^n - 1.
#
# n: the number of counter bits, 1..24.  k: K, the unrolling depth, default
# 2^n - 2 (UNSAT: one step short, the interesting case).
# Expected status: as above (default: UNSAT).

function die(msg) { print "counter-bmc.awk: " msg > "/dev/stderr"; exit 2 }
function flag(name, val) {
  val = (val == "") ? 0 : nat(name, val, 0)
  if (val > 1) die(name " must be 0 or 1")
  return val
}
function x(tt, ii) { return tt * n + ii + 1 }
function carry(tt, ii) { return (K + 1) * n + tt * n + ii + 1 }   # carry(t,0) is e(t)
function g(tt) { return (K + 1) * n + K * n + tt + 1 }

BEGIN {
  n = nat("n", n, 1)
  if (n > 24) die("n must be at most 24")
  top = 2 ^ n - 1
  K = (k == "") ? top - 1 : nat("k", k, 0)
  enable = (enable == "") ? 1 : flag("enable", enable)
  exact = flag("exact", exact)
  if (exact && !enable) sat = (K % (top + 1) == top)
  else sat = (K >= top)
  V = (K + 1) * n + K * n + (exact ? 0 : K + 1)
  Cl = n + K * (4 * n + 3 * (n - 1) + !enable) + (exact ? n : 1 + (K + 1) * n)
  print "c BMC of a " n "-bit counter, " K " steps, all ones " (exact ? "at step K" : "by step K")
  print "c family counter-bmc n=" n " k=" K " enable=" enable " exact=" exact
  print "c expect " (sat ? "SAT" : "UNSAT")
  print "p cnf " V " " Cl
  for (i = 0; i < n; i++) printf "-%d 0\n", x(0, i)
  for (t = 0; t < K; t++) {
    if (!enable) printf "%d 0\n", carry(t, 0)
    for (i = 0; i < n; i++) {
      a = x(t, i); c = carry(t, i); y = x(t + 1, i)
      printf "-%d %d %d 0\n-%d -%d -%d 0\n", y, a, c, y, a, c
      printf "%d -%d %d 0\n%d %d -%d 0\n", y, a, c, y, a, c
      if (i + 1 < n) {
        d = carry(t, i + 1)
        printf "-%d %d 0\n-%d %d 0\n%d -%d -%d 0\n", d, a, d, c, d, a, c
      }
    }
  }
  if (exact)
    for (i = 0; i < n; i++) printf "%d 0\n", x(K, i)
  else {
    s = ""
    for (t = 0; t <= K; t++) {
      s = s g(t) " "
      for (i = 0; i < n; i++) printf "-%d %d 0\n", g(t), x(t, i)
    }
    print s "0"
  }
}
