# Van der Waerden numbers W(2,k): 2-colour 1..n with no monochromatic
# arithmetic progression of length k.
#
# Usage: awk -v n=SIZE [-v k=5] -f vdw.awk > out.cnf
#
# Family: van der Waerden's theorem (1927): for every k there is a least
# W(2,k) such that every 2-colouring of 1..W(2,k) has a monochromatic
# k-term arithmetic progression.  Known values: W(2,3) = 9, W(2,4) = 35
# (Chvatal 1970), W(2,5) = 178 (Stevens and Shantaram 1978), W(2,6) = 1132
# (Kouril and Paul 2008).  SAT encodings of these questions go back to
# Dransfield, Marek and Truszczynski (2004) and Kouril and Franco (2005).
#
# Encoding: variable i (1..n) is true when i gets the first colour.  For
# every progression a, a+d, ..., a+(k-1)d inside 1..n (d >= 1) there is one
# clause saying "not all first colour" and one "not all second colour".  No
# symmetry breaking.
#
# n: the length of the interval to colour (n >= k).  Expected status, for
# k = 2..6 (W(2,2) = 3): SAT when n < W(2,k), UNSAT when n >= W(2,k); none otherwise.

function die(msg) { print "vdw.awk: " msg > "/dev/stderr"; exit 2 }
BEGIN {
  if (k == "") k = 5
  if (k !~ /^[0-9]+$/ || k < 2) die("k must be an integer >= 2 (the progression length)")
  if (n !~ /^[0-9]+$/ || n < k) die("n must be an integer >= k (the interval 1..n)")
  W[2] = 3; W[3] = 9; W[4] = 35; W[5] = 178; W[6] = 1132
  nc = 0
  for (d = 1; (k - 1) * d < n; d++) nc += 2 * (n - (k - 1) * d)
  printf "c Van der Waerden W(2,%d): 2-colour 1..%d, no monochromatic %d-term AP\n", k, n, k
  printf "c family vdw n=%d k=%d\n", n, k
  if (k in W) print "c expect " (n < W[k] ? "SAT" : "UNSAT")
  printf "p cnf %d %d\n", n, nc
  for (d = 1; (k - 1) * d < n; d++) for (a = 1; a + (k - 1) * d <= n; a++) {
    pos = a; neg = -a
    for (j = 1; j < k; j++) { pos = pos " " (a + j * d); neg = neg " " (-(a + j * d)) }
    print pos " 0"; print neg " 0"
  }
}
