# Usage: awk -v n=BITS [-v m=SAMPLES] [-v k=ERRORS] [-v seed=S]
#            -f lib.awk -f parity.awk > out.cnf
#
# Learning a parity function with noise: Crawford and Kearns's
# minimal-disagreement parity problem (J. Crawford, M. Kearns, 1993; the
# DIMACS benchmarks "par8", "par16" and "par32" are of this family),
# written from that definition with our own encoding.  An unknown n-bit
# vector a is to be found from m samples (x_i, y_i): x_i a random n-bit
# vector (each bit 1 with probability 1/2), and y_i = (h . x_i mod 2) for a
# hidden random vector h, except that exactly k samples, chosen at random,
# have their label flipped.  The formula says "some a disagrees with at
# most k labels"; h does, so it is SAT.  Parity chains are hard for CDCL
# (resolution) and easy for Gaussian elimination over GF(2).
#
# Encoding: per sample, the parity of the a_j with x_ij = 1 as a chain of
# XOR gates t' = t XOR a_j (Tseitin 1968, 4 clauses each, xor2 of lib.awk);
# its error e_i = parity XOR y_i is the chain's last literal, negated when
# y_i = 1 (a sample with x_i = 0 gets a variable fixed false by a unit
# clause as its parity).  "At most k of e_1..e_m" is Sinz's sequential
# counter (Sinz, "Towards an optimal CNF encoding of Boolean cardinality
# constraints", CP 2005: the LTseq clauses, 2mk + m - 3k - 1 of them, with
# registers s(i,j) = "at least j of e_1..e_i" for i < m, j <= k); k = 0 is
# m unit clauses and k >= m none.
#
# Layout (ours): a_1..a_n are DIMACS 1..n; then each sample's gate outputs
# in sample order (the fixed variable where x_i = 0); then the registers,
# s(i,1..k) for i = 1..m-1.  Randomness: the Park-Miller generator (seed S,
# default 1) draws h, then x_1..x_m bit by bit, then the flipped samples.
#
# n: the bits, n >= 1.  m: the samples (default 2n), m >= 1.  k: the flipped
# labels, and the errors allowed (default floor(m/8)), 0 <= k <= m.
# Expected status: SAT (the hidden h is a solution).

function die(msg) { print "parity.awk: " msg > "/dev/stderr"; exit 2 }
function rnd(lim) { X = (X * 16807) % 2147483647; return X % lim }

# At most k of the literals e[1..cnt] true: Sinz's sequential counter, its
# clauses in the order of his paper.  Registers s(i,j) are R + (i-1)k + j.
function at_most(e, cnt, k,   R, i, j) {
  if (k >= cnt) return
  if (k == 0) { for (i = 1; i <= cnt; i++) emit(-e[i]); return }
  R = V; V += (cnt - 1) * k
  emit((-e[1]) " " (R + 1))
  for (j = 2; j <= k; j++) emit(-(R + j))
  for (i = 2; i < cnt; i++) {
    emit((-e[i]) " " (R + (i - 1) * k + 1))
    emit((-(R + (i - 2) * k + 1)) " " (R + (i - 1) * k + 1))
    for (j = 2; j <= k; j++) {
      emit((-e[i]) " " (-(R + (i - 2) * k + j - 1)) " " (R + (i - 1) * k + j))
      emit((-(R + (i - 2) * k + j)) " " (R + (i - 1) * k + j))
    }
    emit((-e[i]) " " (-(R + (i - 1) * k)))
  }
  emit((-e[cnt]) " " (-(R + (cnt - 2) * k + k)))
}

BEGIN {
  n = nat("n", n, 1)
  m = (m == "") ? 2 * n : nat("m", m, 1)
  k = (k == "") ? int(m / 8) : nat("k", k, 0)
  if (k > m) die("k must be at most m (" m ")")
  seed = (seed == "") ? 1 : nat("seed", seed, 1)
  if (seed >= 2147483647) die("seed must be below 2147483647")
  X = seed; for (i = 0; i < 8; i++) rnd(2)
  for (j = 1; j <= n; j++) h[j] = rnd(2)
  for (i = 1; i <= m; i++) {
    y[i] = 0
    for (j = 1; j <= n; j++) { x[i, j] = rnd(2); y[i] = (y[i] + x[i, j] * h[j]) % 2 }
  }
  # the flipped samples: the first k of a random permutation
  for (i = 1; i <= m; i++) perm[i] = i
  for (i = 1; i <= k; i++) {
    j = i + rnd(m - i + 1); t = perm[i]; perm[i] = perm[j]; perm[j] = t
    y[perm[i]] = 1 - y[perm[i]]
  }
  V = n; nc = 0
  for (i = 1; i <= m; i++) {
    t = 0
    for (j = 1; j <= n; j++) if (x[i, j]) t = xor2(t, j)
    if (t == 0) { t = ++V; emit(-t) }
    e[i] = y[i] ? -t : t
  }
  at_most(e, m, k)
  print "c parity learning: " n " bits from " m " samples, " k " labels flipped"
  print "c family parity n=" n " m=" m " k=" k " seed=" seed
  print "c expect SAT"
  print "p cnf " V " " nc
  for (i = 1; i <= nc; i++) print CL[i]
}
