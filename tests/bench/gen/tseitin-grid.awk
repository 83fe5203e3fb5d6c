# Usage: awk -v n=N [-v w=W] [-v seed=S] [-v sat=1] -f lib.awk -f tseitin-grid.awk > out.cnf
#
# Tseitin formulas (Tseitin 1968) on the N x W toroidal grid.  Every edge of
# the graph is a variable; every vertex carries a charge 0 or 1 and demands
# that the XOR of its incident edges equal its charge.  On the torus every
# vertex has degree 4, so each vertex gives the 8 clauses of exactly 4
# literals that forbid the wrong parities: 2NW variables, 8NW clauses.
# Summing all vertex constraints counts every edge twice, so the formula is
# satisfiable iff the total charge is even (the grid is connected).  Urquhart
# (1987) showed that on expander-like graphs resolution needs exponential
# size; on the N x N grid the resolution width is about N, and CDCL time
# grows exponentially in N (steeply: W between N and N+1 gives finer steps).
#
# Edge variables: horizontal (r,c)-(r,c+1) is r*W+c+1, vertical
# (r,c)-(r+1,c) is NW+r*W+c+1 (rows 0..N-1, columns 0..W-1, wrapping).
# Charges are drawn by a Park-Miller generator (seed S, default 1); the last
# vertex's charge fixes the total parity.
#
# n: N >= 3, the side of the torus; w: W >= 3 columns (default N).
# Expected status: UNSAT (odd total charge); with sat=1 (even total) SAT.

function die(msg) { print "tseitin-grid.awk: " msg > "/dev/stderr"; exit 2 }
function rnd(lim) { X = (X * 16807) % 2147483647; return X % lim }

BEGIN {
  n = nat("n", n, 3)
  w = (w == "") ? n : nat("w", w, 3)
  seed = (seed == "") ? 1 : nat("seed", seed, 1)
  if (seed >= 2147483647) die("seed must be below 2147483647")
  sat = (sat == "") ? 0 : nat("sat", sat, 0)
  if (sat > 1) die("sat must be 0 or 1")
  X = seed; for (i = 0; i < 8; i++) rnd(2)
  N2 = n * w; total = 0
  for (u = 0; u < N2 - 1; u++) { ch[u] = rnd(2); total += ch[u] }
  ch[N2 - 1] = (total + (sat ? 0 : 1)) % 2
  print "c Tseitin formula on the " n "x" w " torus, " N2 " vertices of degree 4"
  print "c family tseitin-grid n=" n " w=" w " seed=" seed " sat=" sat
  print "c expect " (sat ? "SAT" : "UNSAT")
  print "p cnf " 2 * N2 " " 8 * N2
  for (r = 0; r < n; r++)
    for (c = 0; c < w; c++) {
      e[0] = r * w + c + 1                        # right
      e[1] = r * w + (c + w - 1) % w + 1          # left
      e[2] = N2 + r * w + c + 1                   # down
      e[3] = N2 + ((r + n - 1) % n) * w + c + 1   # up
      k = ch[r * w + c]
      # forbid each assignment (bits of m) of the wrong parity
      for (m = 0; m < 16; m++) {
        p = 0; s = ""
        for (i = 0; i < 4; i++) {
          b = int(m / 2 ^ i) % 2; p += b
          s = s (b ? -e[i] : e[i]) " "
        }
        if (p % 2 != k) print s "0"
      }
    }
}
