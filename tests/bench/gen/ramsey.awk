# Ramsey numbers R(s,t): colour the edges of the complete graph K_n red and
# blue with no red K_s and no blue K_t.
#
# Usage: awk -v n=VERTICES [-v k=4] [-v s=K -v t=K] -f ramsey.awk > out.cnf
#
# Family: Ramsey's theorem (1930): R(s,t) is the least number such that
# every red/blue colouring of the edges of K_R(s,t) has a red K_s or a blue
# K_t.  Known values used here (Radziszowski, "Small Ramsey numbers",
# dynamic survey): R(2,t) = t, R(3,3) = 6, R(3,4) = 9, R(3,5) = 14,
# R(3,6) = 18, R(3,7) = 23, R(3,8) = 28, R(3,9) = 36, R(4,4) = 18,
# R(4,5) = 25; and the bounds 43 <= R(5,5) <= 48 (Exoo 1989; Angeltveit
# and McKay 2018).
#
# Encoding: variable e(i,j) for vertices 1 <= i < j <= n, true when the edge
# is red, numbered (j-1)(j-2)/2 + i.  For every s-set of vertices one
# clause "not all its edges red"; for every t-set one clause "not all
# blue".  No symmetry breaking.
#
# n: the number of vertices (n >= max(s,t)); s = t = k by default.
# Expected status where R(s,t) is known: SAT when n < R(s,t), UNSAT when
# n >= R(s,t); for s = t = 5: SAT when n <= 42, UNSAT when n >= 48.

function die(msg) { print "ramsey.awk: " msg > "/dev/stderr"; exit 2 }
function e(i, j) { return (j - 1) * (j - 2) / 2 + i }
function binom(a, b,   r, i) { r = 1; for (i = 1; i <= b; i++) r = r * (a - b + i) / i; return r }
# all m-subsets of 1..n (in S[1..m], lexicographic), one clause each
function cliques(m, sign,   i, j, a, b, cl) {
  for (i = 1; i <= m; i++) S[i] = i
  while (1) {
    cl = ""
    for (b = 2; b <= m; b++) for (a = 1; a < b; a++)
      cl = cl (sign < 0 ? -e(S[a], S[b]) : e(S[a], S[b])) " "
    print cl "0"
    for (i = m; i >= 1 && S[i] == n - m + i; i--) ;
    if (i < 1) return
    S[i]++; for (j = i + 1; j <= m; j++) S[j] = S[j - 1] + 1
  }
}
BEGIN {
  if (k == "") k = 4
  if (k !~ /^[0-9]+$/ || k < 2) die("k must be an integer >= 2 (the clique size)")
  if (s == "") s = k
  if (t == "") t = k
  if (s !~ /^[0-9]+$/ || s < 2) die("s must be an integer >= 2 (the red clique size)")
  if (t !~ /^[0-9]+$/ || t < 2) die("t must be an integer >= 2 (the blue clique size)")
  if (n !~ /^[0-9]+$/ || n < 2 || n < s + 0 || n < t + 0) die("n must be an integer >= 2, s and t (the vertices)")
  R["3,3"] = 6; R["3,4"] = 9; R["3,5"] = 14; R["3,6"] = 18; R["3,7"] = 23
  R["3,8"] = 28; R["3,9"] = 36; R["4,4"] = 18; R["4,5"] = 25
  key = (s < t) ? s "," t : t "," s
  if (key in R) status = n < R[key] ? "SAT" : "UNSAT"
  else if (key ~ /^2,/) status = n < (s < t ? t : s) ? "SAT" : "UNSAT"
  else if (key == "5,5" && n <= 42) status = "SAT"
  else if (key == "5,5" && n >= 48) status = "UNSAT"
  printf "c Ramsey R(%d,%d): colour the edges of K_%d, no red K_%d, no blue K_%d\n", s, t, n, s, t
  printf "c family ramsey n=%d s=%d t=%d\n", n, s, t
  if (status != "") print "c expect " status
  printf "p cnf %d %d\n", n * (n - 1) / 2, binom(n, s) + binom(n, t)
  cliques(s, -1); cliques(t, 1)
}
