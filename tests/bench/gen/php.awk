# Usage: awk -v n=HOLES [-v holes=H] [-v pigeons=P] -f php.awk > out.cnf
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

function die(msg) { print "php.awk: " msg > "/dev/stderr"; exit 2 }
function posint(name, val) {
  if (val !~ /^[0-9]+$/ || val + 0 < 1) die(name " must be a positive integer")
  return val + 0
}

BEGIN {
  n = posint("n", n)
  holes = (holes == "") ? n : posint("holes", holes)
  pigeons = (pigeons == "") ? holes + 1 : posint("pigeons", pigeons)
  H = holes; P = pigeons
  print "c pigeonhole: " P " pigeons into " H " holes"
  print "c family php n=" n " holes=" H " pigeons=" P
  print "c expect " (P > H ? "UNSAT" : "SAT")
  print "p cnf " P * H " " P + H * P * (P - 1) / 2
  for (p = 1; p <= P; p++) {
    s = ""
    for (h = 1; h <= H; h++) s = s ((p - 1) * H + h) " "
    print s "0"
  }
  for (h = 1; h <= H; h++)
    for (p = 1; p < P; p++)
      for (q = p + 1; q <= P; q++)
        printf "-%d -%d 0\n", (p - 1) * H + h, (q - 1) * H + h
}
