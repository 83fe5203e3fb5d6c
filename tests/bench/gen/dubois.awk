# Usage: awk -v n=N [-v seed=S] [-v sat=1] -f lib.awk -f dubois.awk > out.cnf
#
# Dubois' parity chains: the family of Olivier Dubois' gensathard generator,
# known from the SATLIB "duboisN" instances (DIMACS benchmarks, 1993).  A
# closed chain of 2N parity constraints x XOR y XOR z = c over 3N variables,
# each variable in exactly two constraints; each constraint becomes the 4
# clauses of 3 literals that forbid the wrong parities, so there are 8N
# clauses, all of exactly 3 distinct literals.  Adding all 2N constraints
# cancels every variable, leaving 0 = (sum of the constants) mod 2: an odd
# sum makes the formula UNSAT.  Plain DPLL takes exponential time on these
# chains in practice; CDCL finds a short proof (the constraint graph is a
# ladder, of tree-width 2).
#
# Layout (ours): chain variables a_0..a_{2N-1} (DIMACS 1..2N), constraint j
# (j = 1..2N) holds a_{j-1}, a_{j mod 2N} and the fold variable b_i
# (DIMACS 2N+i) with i = min(j, 2N+1-j), so b_i ties constraint i to its
# mirror 2N+1-i.  The constants come from a hidden random assignment
# (Park-Miller generator, seed S, default 1); without sat=1 the last constant
# is flipped.  Seeds only change literal signs: all UNSAT instances of one N
# are equivalent under renaming.
#
# n: N >= 2, the chain half-length (3N variables, 8N clauses).
# Expected status: UNSAT; with sat=1 (all constants consistent) SAT.

function die(msg) { print "dubois.awk: " msg > "/dev/stderr"; exit 2 }
function rnd(lim) { X = (X * 16807) % 2147483647; return X % lim }

BEGIN {
  n = nat("n", n, 2)
  seed = (seed == "") ? 1 : nat("seed", seed, 1)
  if (seed >= 2147483647) die("seed must be below 2147483647")
  sat = (sat == "") ? 0 : nat("sat", sat, 0)
  if (sat > 1) die("sat must be 0 or 1")
  X = seed; for (i = 0; i < 8; i++) rnd(2)
  for (v = 1; v <= 3 * n; v++) hid[v] = rnd(2)
  print "c Dubois parity chain: " 2 * n " XOR constraints over " 3 * n " variables"
  print "c family dubois n=" n " seed=" seed " sat=" sat
  print "c expect " (sat ? "SAT" : "UNSAT")
  print "p cnf " 3 * n " " 8 * n
  for (j = 1; j <= 2 * n; j++) {
    x = j; y = j % (2 * n) + 1; z = 2 * n + (j <= n ? j : 2 * n + 1 - j)
    c = (hid[x] + hid[y] + hid[z]) % 2
    if (!sat && j == 2 * n) c = 1 - c
    # forbid each assignment (bx, by, bz) whose parity is not c
    for (m = 0; m < 8; m++) {
      bx = m % 2; by = int(m / 2) % 2; bz = int(m / 4)
      if ((bx + by + bz) % 2 == c) continue
      printf "%d %d %d 0\n", bx ? -x : x, by ? -y : y, bz ? -z : z
    }
  }
}
