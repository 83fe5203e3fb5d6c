# Quasigroup with holes (QWH): Latin square completion, satisfiable by design.
#
# Usage: awk -v n=ORDER [-v holes=0.42] [-v seed=1] [-v walk=STEPS] \
#            -f lib.awk -f qwh.awk > out.cnf
#
# Family: Achlioptas, Gomes, Kautz and Selman, "Generating satisfiable problem
# instances", AAAI 2000.  A Latin square of order n is drawn at random, then
# a fraction `holes` of its n*n cells (chosen uniformly, round(holes*n*n) of
# them) is emptied; the problem is to fill the holes again so that every row
# and every column holds each symbol once.  Completing a partial Latin square
# is NP-complete (Colbourn 1984); about 42% holes is the hard region reported
# by Achlioptas et al.
#
# The square: the cyclic square L(r,c) = r+c mod n, then `walk` (default n^3)
# steps of the Jacobson-Matthews random walk on the incidence cube (Jacobson
# and Matthews, "Generating uniformly distributed random Latin squares",
# 1996), continued until the cube is proper again.  Random numbers come from
# the Park-Miller minimal standard generator seeded by `seed`, so the output
# is the same under any awk.
#
# Encoding: the pre-filled cells are simplified away.  There is a variable
# for each hole (r,c) and each symbol v that its row and column do not yet
# hold (numbered row by row, then by symbol), with the "full" encoding of
# the rest: each hole takes at least one and at most one symbol, and each
# symbol missing from a row (column) goes into at least one and at most one
# hole of that row (column).  The partial square is shown in 'c row' lines.
#
# n: the order of the square (2 or more).  Expected status: SAT (the drawn
# square is a solution).

function die(msg) { print "qwh.awk: " msg > "/dev/stderr"; exit 2 }
function rnd(m) { X = (X * 16807) % 2147483647; return int((X - 1) * m / 2147483646) }
function cell(r, c, s) { return (r * n + c) * n + s }
function add(r, c, s, d) { M[cell(r, c, s)] += d }
function twist(r, c, s, r1, c1, s1) {
  add(r, c, s, 1); add(r, c1, s1, 1); add(r1, c, s1, 1); add(r1, c1, s, 1)
  add(r, c, s1, -1); add(r, c1, s, -1); add(r1, c, s, -1); add(r1, c1, s1, -1)
  if (M[cell(r1, c1, s1)] < 0) { bad = 1; br = r1; bc = c1; bs = s1 } else bad = 0
}
# a random one among the (one or two) positions holding 1 on a line of the cube
function pick(r, c, s, axis,   i, k, got, cnt) {
  cnt = 0
  for (i = 0; i < n; i++) {
    k = axis == 0 ? cell(i, c, s) : axis == 1 ? cell(r, i, s) : cell(r, c, i)
    if (M[k] == 1) got[cnt++] = i
  }
  return cnt == 1 ? got[0] : got[rnd(2)]
}
BEGIN {
  if (n !~ /^[0-9]+$/ || n < 2) die("n must be an integer >= 2 (the order)")
  if (seed == "") seed = 1
  if (seed !~ /^[0-9]+$/ || seed < 1 || seed >= 2147483647) die("seed must be an integer in 1..2147483646")
  if (holes == "") holes = 0.42
  if (holes !~ /^(0|1|0?\.[0-9]+|1\.0*)$/) die("holes must be a fraction in 0..1")
  if (walk == "") walk = n * n * n
  if (walk !~ /^[0-9]+$/) die("walk must be a non-negative integer")
  X = seed; for (i = 0; i < 10; i++) rnd(2)
  for (r = 0; r < n; r++) for (c = 0; c < n; c++) for (s = 0; s < n; s++)
    M[cell(r, c, s)] = ((r + c) % n == s)
  bad = 0
  for (step = 0; step < walk || bad; step++) {
    if (!bad) {
      do { r = rnd(n); c = rnd(n); s = rnd(n) } while (M[cell(r, c, s)] != 0)
    } else { r = br; c = bc; s = bs }
    r1 = pick(r, c, s, 0); c1 = pick(r, c, s, 1); s1 = pick(r, c, s, 2)
    twist(r, c, s, r1, c1, s1)
  }
  for (r = 0; r < n; r++) for (c = 0; c < n; c++) for (s = 0; s < n; s++)
    if (M[cell(r, c, s)] == 1) L[r, c] = s
  # punch holes: the first H cells of a random permutation of the cells
  H = int(holes * n * n + 0.5)
  for (i = 0; i < n * n; i++) P[i] = i
  for (i = 0; i < H; i++) { j = i + rnd(n * n - i); t = P[i]; P[i] = P[j]; P[j] = t; hole[P[i]] = 1 }
  for (r = 0; r < n; r++) for (c = 0; c < n; c++)
    if (!((r * n + c) in hole)) { rowhas[r, L[r, c]] = 1; colhas[c, L[r, c]] = 1 }
  V = 0
  for (r = 0; r < n; r++) for (c = 0; c < n; c++) if ((r * n + c) in hole)
    for (s = 0; s < n; s++) if (!((r, s) in rowhas) && !((c, s) in colhas)) x[r, c, s] = ++V
  nc = 0
  for (r = 0; r < n; r++) for (c = 0; c < n; c++) if ((r * n + c) in hole) {
    k = 0; for (s = 0; s < n; s++) if ((r, c, s) in x) lst[++k] = x[r, c, s]
    exactly_one(lst, k)
  }
  for (r = 0; r < n; r++) for (s = 0; s < n; s++) if (!((r, s) in rowhas)) {
    k = 0; for (c = 0; c < n; c++) if ((r, c, s) in x) lst[++k] = x[r, c, s]
    exactly_one(lst, k)
  }
  for (c = 0; c < n; c++) for (s = 0; s < n; s++) if (!((c, s) in colhas)) {
    k = 0; for (r = 0; r < n; r++) if ((r, c, s) in x) lst[++k] = x[r, c, s]
    exactly_one(lst, k)
  }
  printf "c Quasigroup with holes: Latin square completion (Achlioptas et al. 2000)\n"
  printf "c family qwh n=%d holes=%s seed=%d walk=%d\n", n, holes, seed, walk
  printf "c %d of %d cells are holes; symbols 1..%d, '.' = hole\n", H, n * n, n
  for (r = 0; r < n; r++) {
    line = "c row"
    for (c = 0; c < n; c++) line = line " " (((r * n + c) in hole) ? "." : L[r, c] + 1)
    print line
  }
  print "c expect SAT"
  printf "p cnf %d %d\n", V, nc
  for (i = 1; i <= nc; i++) print CL[i]
}
