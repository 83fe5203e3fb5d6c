# Factoring as SAT: an array multiplier of two n-bit numbers whose product
# must equal N, with neither factor equal to 1.
#
# Usage: awk -v n=BITS [-v seed=1] [-v prime=0] [-v sym=0] [-v N=NUMBER] \
#            -f lib.awk -f factor.awk > out.cnf
#
# Family: factoring by SAT (Horie and Watanabe, "Hard instance generation
# for SAT", 1997; Purdom and Sabry's CNF generator for factoring problems,
# 2003), here written from scratch.  Circuit: the array multiplier (rows
# of partial products a_i & b_j added one row at a time with ripple-carry
# adders of half and full adders), Tseitin-encoded (Tseitin 1968): AND 3
# clauses, XOR 4, 3-input XOR 8, majority 6.
#
# Variables: a_i = i+1 and b_i = n+i+1 (i = 0..n-1, bit 0 the least
# significant), then the gate outputs.  The 2n product bits are fixed to
# N by unit clauses; one clause each forbids a < 2 and b < 2.  With sym=1,
# clauses (with n-1 helper variables) ask a <= b besides.
#
# N: by default the product of two random n-bit primes (first prime at or
# after a random n-bit number, wrapping round; Park-Miller generator seeded
# by `seed`): SAT.  With prime=1, N is a random prime of exactly 2n bits:
# UNSAT.  Or give N (4 <= N < 2^(2n) <= 2^52; n defaults to the least
# that fits): the expected status is then found by trial division.
#
# n: the number of bits of each factor (2..26, so that N < 2^52 is exact in
# awk's doubles).  Expected status: as above.

function die(msg) { print "factor.awk: " msg > "/dev/stderr"; exit 2 }
function rnd(m) { X = (X * 16807) % 2147483647; return int((X - 1) * m / 2147483646) }
function randbits(b,   r, i, p) {   # a random number of exactly b bits
  r = 0; p = 1
  for (i = 0; i < b - 1; i++) { r += rnd(2) * p; p *= 2 }
  return r + p
}
function isprime(x,   d) {
  if (x < 4) return x >= 2
  if (x % 2 == 0 || x % 3 == 0) return 0
  for (d = 5; d * d <= x; d += 6) if (x % d == 0 || x % (d + 2) == 0) return 0
  return 1
}
function primeof(b,   x) {       # a prime of exactly b bits
  for (x = randbits(b); !isprime(x); ) if (++x >= 2 ^ b) x = 2 ^ (b - 1)
  return x
}
BEGIN {
  if (seed == "") seed = 1
  if (seed !~ /^[0-9]+$/ || seed < 1 || seed >= 2147483647) die("seed must be an integer in 1..2147483646")
  if (prime == "") prime = 0
  if (prime !~ /^[01]$/) die("prime must be 0 or 1")
  if (sym == "") sym = 0
  if (sym !~ /^[01]$/) die("sym must be 0 or 1")
  if (N != "" && (N !~ /^[0-9]+$/ || length(N) > 16 || N + 0 < 4 || N + 0 >= 2 ^ 52)) die("N must be an integer in 4..2^52-1")
  if (n == "" && N != "") for (n = 2; 2 ^ (2 * n) <= N + 0; n++) ;
  if (n !~ /^[0-9]+$/ || n < 2 || n > 26) die("n must be an integer in 2..26 (bits per factor)")
  if (N != "" && N + 0 >= 2 ^ (2 * n)) die("N must be below 2^(2n)")
  X = seed; for (i = 0; i < 10; i++) rnd(2)
  if (N != "") {
    N = N + 0; status = "UNSAT"
    for (d = 2; d * d <= N; d++) if (N % d == 0 && N / d < 2 ^ n) { status = "SAT"; break }
    how = "given"
  } else if (prime) {
    N = primeof(2 * n); status = "UNSAT"; how = "a prime"
  } else {
    p = primeof(n); q = primeof(n); N = p * q; status = "SAT"
    how = sprintf("%.0f * %.0f", p < q ? p : q, p < q ? q : p)
  }
  V = 2 * n; nc = 0
  for (k = 0; k < 2 * n; k++) P[k] = 0
  for (i = 0; i < n; i++) P[i] = and2(i + 1, n + 1)
  for (j = 1; j < n; j++) {
    c = 0
    for (i = 0; i < n; i++) { adder(P[i + j], and2(i + 1, n + j + 1), c); P[i + j] = SUM; c = CARRY }
    P[n + j] = c
  }
  r = N; for (k = 0; k < 2 * n; k++) { emit(r % 2 ? P[k] : -P[k]); r = int(r / 2) }
  s = ""; for (i = 1; i < n; i++) s = s (i > 1 ? " " : "") (i + 1); emit(s)
  s = ""; for (i = 1; i < n; i++) s = s (i > 1 ? " " : "") (n + i + 1); emit(s)
  if (sym) {     # e = "a and b agree on the bits above": e -> a_i <= b_i
    e = 0
    for (i = n - 1; i >= 0; i--) {
      a = i + 1; b = n + i + 1
      emit((e ? (-e) " " : "") (-a) " " b)
      if (i > 0) {
        ne = ++V
        emit((e ? (-e) " " : "") (-a) " " (-b) " " ne); emit((e ? (-e) " " : "") a " " b " " ne)
        e = ne
      }
    }
  }
  printf "c Factoring: %d-bit x %d-bit array multiplier, product fixed to N\n", n, n
  printf "c family factor n=%d N=%.0f seed=%d prime=%d sym=%d\n", n, N, seed, prime, sym
  printf "c N = %.0f (%s); a = variables 1..%d, b = %d..%d, bit 0 first\n", N, how, n, n + 1, 2 * n
  print "c expect " status
  printf "p cnf %d %d\n", V, nc
  for (i = 1; i <= nc; i++) print CL[i]
}
