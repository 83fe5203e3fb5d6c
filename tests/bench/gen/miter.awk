# Multiplier equivalence miter: two different n x n-bit multipliers must
# disagree on some product bit (unsatisfiable: both multiply correctly).
#
# Usage: awk -v n=BITS -f lib.awk -f miter.awk > out.cnf
#
# Family: equivalence checking of arithmetic circuits by SAT with a miter
# (Brand, "Verification of large synthesized designs", ICCAD 1993);
# multipliers are the classic hard case for SAT-based and BDD-based
# checking (Bryant 1991 for BDDs).  Both circuits read the same inputs
# a_i = i+1 and b_i = n+i+1 (bit 0 the least significant); each makes its
# own partial products a_i & b_j.
#  1. array multiplier: the rows of partial products are added one at a
#     time with ripple-carry adders.
#  2. column compression (Wallace 1964 / Dadda 1965 style): the bits of
#     each column, lowest column first, are taken three at a time (first
#     in, first out) by full adders, the sum staying in the column and the
#     carry going to the next one, then two at a time by a half adder,
#     until one bit is left.
# Tseitin encoding (Tseitin 1968): AND 3 clauses, XOR 4, 3-input XOR 8,
# majority 6.  The miter: d_k = out1_k XOR out2_k for every product bit k,
# and one clause d_0 | ... | d_(2n-1).
#
# n: the number of bits of each operand (2 or more).  Expected: UNSAT.

function die(msg) { print "miter.awk: " msg > "/dev/stderr"; exit 2 }
BEGIN {
  if (n !~ /^[0-9]+$/ || n < 2) die("n must be an integer >= 2 (bits per operand)")
  V = 2 * n; nc = 0
  # 1. array multiplier -> A[0..2n-1]
  for (k = 0; k < 2 * n; k++) A[k] = 0
  for (i = 0; i < n; i++) A[i] = and2(i + 1, n + 1)
  for (j = 1; j < n; j++) {
    c = 0
    for (i = 0; i < n; i++) { adder(A[i + j], and2(i + 1, n + j + 1), c); A[i + j] = SUM; c = CARRY }
    A[n + j] = c
  }
  # 2. column compression -> B[0..2n-1]; column k is the queue Q[k, head..tail-1]
  for (k = 0; k < 2 * n; k++) { head[k] = 0; tail[k] = 0 }
  for (j = 0; j < n; j++) for (i = 0; i < n; i++) Q[i + j, tail[i + j]++] = and2(i + 1, n + j + 1)
  for (k = 0; k < 2 * n; k++) {
    while (tail[k] - head[k] >= 2) {
      x = Q[k, head[k]++]; y = Q[k, head[k]++]
      w = (tail[k] - head[k] >= 1) ? Q[k, head[k]++] : 0
      adder(x, y, w); Q[k, tail[k]++] = SUM
      if (k + 1 < 2 * n) Q[k + 1, tail[k + 1]++] = CARRY
    }
    B[k] = (tail[k] > head[k]) ? Q[k, head[k]] : 0
  }
  s = ""
  for (k = 0; k < 2 * n; k++) { d = xor2(A[k], B[k]); if (d) s = s (s == "" ? "" : " ") d }
  emit(s)
  printf "c Miter: %d-bit array multiplier vs. column-compression multiplier\n", n
  printf "c family miter n=%d\n", n
  printf "c a = variables 1..%d, b = %d..%d, bit 0 first\n", n, n + 1, 2 * n
  print "c expect UNSAT"
  printf "p cnf %d %d\n", V, nc
  for (i = 1; i <= nc; i++) print CL[i]
}
