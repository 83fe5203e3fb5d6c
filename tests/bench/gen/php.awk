# Usage: awk -v n=HOLES [-v holes=H] [-v pigeons=P] [-v amo=pairwise|split] -f php.awk > out.cnf
#
# The pigeonhole principle PHP(P, H): P pigeons, H holes, every pigeon in
# some hole, no two pigeons in the same hole.  Variable (p-1)*H + h means
# "pigeon p sits in hole h".  Clauses: for every pigeon the H-literal clause
# "in hole 1 or ... or in hole H"; for every hole and every pair of pigeons
# the binary clause "not both here".  The classic family of Cook and
# Reckhow (1979); Haken (1985) proved that every resolution refutation of
# PHP(n+1, n) has size exponential in n, so CDCL solvers take exponential
# time on it too.
#
# n: the number of holes; the default is n+1 pigeons into n holes, which is
# UNSAT.  holes=H overrides the holes (default n), pigeons=P the pigeons
# (default holes+1).  Expected status: UNSAT when P > H, SAT when P <= H.
#
# amo=split writes "no two pigeons in the same hole" with new variables,
# as bounded variable addition would re-encode it (Manthey, Heule and
# Biere, HVC 2012): a hole's pigeons, when more than 4, are split into two
# halves, a new variable y with "a pigeon of the first half implies y" and
# "a pigeon of the second half implies not y", and each half again; 4 or
# fewer get the pairwise clauses.  The default, amo=pairwise, is the
# classic family.  docs/performance.md measures both.

function die(msg) { print "php.awk: " msg > "/dev/stderr"; exit 2 }
function posint(name, val) {
  if (val !~ /^[0-9]+$/ || val + 0 < 1) die(name " must be a positive integer")
  return val + 0
}

# "At most one of v[lo..hi]", split in halves while more than 4.
function at_most_one(v, lo, hi,   a, b, mid, y) {
  if (hi - lo < 4) {
    for (a = lo; a < hi; a++)
      for (b = a + 1; b <= hi; b++)
        out[++nc] = "-" v[a] " -" v[b] " 0"
    return
  }
  mid = int((lo + hi - 1) / 2)
  y = ++nv
  for (a = lo; a <= mid; a++) out[++nc] = "-" v[a] " " y " 0"
  for (a = mid + 1; a <= hi; a++) out[++nc] = "-" v[a] " -" y " 0"
  at_most_one(v, lo, mid)
  at_most_one(v, mid + 1, hi)
}

BEGIN {
  n = posint("n", n)
  holes = (holes == "") ? n : posint("holes", holes)
  pigeons = (pigeons == "") ? holes + 1 : posint("pigeons", pigeons)
  if (amo == "") amo = "pairwise"
  if (amo != "pairwise" && amo != "split") die("amo must be pairwise or split")
  H = holes; P = pigeons; nv = P * H; nc = 0
  for (p = 1; p <= P; p++) {
    s = ""
    for (h = 1; h <= H; h++) s = s ((p - 1) * H + h) " "
    out[++nc] = s "0"
  }
  for (h = 1; h <= H; h++) {
    for (p = 1; p <= P; p++) v[p] = (p - 1) * H + h
    if (amo == "split")
      at_most_one(v, 1, P)
    else
      for (p = 1; p < P; p++)
        for (q = p + 1; q <= P; q++)
          out[++nc] = "-" v[p] " -" v[q] " 0"
  }
  print "c pigeonhole: " P " pigeons into " H " holes"
  print "c family php n=" n " holes=" H " pigeons=" P (amo == "split" ? " amo=split" : "")
  print "c expect " (P > H ? "UNSAT" : "SAT")
  print "p cnf " nv " " nc
  for (i = 1; i <= nc; i++) print out[i]
}
