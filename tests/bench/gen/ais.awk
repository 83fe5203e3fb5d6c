# All-interval series of size n, in CNF.
#
# Usage: awk -v n=SIZE [-v channel=0] -f lib.awk -f ais.awk > out.cnf
#
# Family: the all-interval series problem (Hoos 1998, "Stochastic local
# search - methods, models, applications"; CSPLib problem 007): find a
# permutation s(0..n-1) of {0..n-1} whose adjacent differences
# |s(i+1) - s(i)|, i = 0..n-2, are a permutation of {1..n-1}.  Solutions
# exist for every n, e.g. 0, n-1, 1, n-2, 2, ...
#
# Encoding (direct): variable P(i,v) "position i holds value v" (i, v in
# 0..n-1, numbered n*i+v+1) and D(i,k) "the difference between positions i
# and i+1 is k" (i in 0..n-2, k in 1..n-1, numbered after the P's).
# Exactly one value per position and one position per value; exactly one
# difference per gap and one gap per difference (at least one clause plus
# pairwise at most one); and P(i,u) & P(i+1,w) -> D(i,|u-w|) for u != w.
# With channel=1 the converse links are added too: D(i,k) & P(i,u) ->
# P(i+1,u+k) | P(i+1,u-k) (the values that exist); they make the problem
# far easier for CDCL solvers.  Without them (the default), MiniSat's time
# varies wildly from one n to the next (a heavy tail, not a smooth curve).
#
# n: the length of the series (2 or more).  Expected status: SAT.

function die(msg) { print "ais.awk: " msg > "/dev/stderr"; exit 2 }
function P(i, v) { return n * i + v + 1 }
function D(i, k) { return n * n + (n - 1) * i + k }
BEGIN {
  if (n !~ /^[0-9]+$/ || n < 2) die("n must be an integer >= 2 (the length of the series)")
  if (channel == "") channel = 0
  if (channel !~ /^[01]$/) die("channel must be 0 or 1")
  nc = 0
  for (i = 0; i < n; i++) { for (v = 0; v < n; v++) l[v + 1] = P(i, v); exactly_one(l, n) }
  for (v = 0; v < n; v++) { for (i = 0; i < n; i++) l[i + 1] = P(i, v); exactly_one(l, n) }
  for (i = 0; i < n - 1; i++) { for (k = 1; k < n; k++) l[k] = D(i, k); exactly_one(l, n - 1) }
  for (k = 1; k < n; k++) { for (i = 0; i < n - 1; i++) l[i + 1] = D(i, k); exactly_one(l, n - 1) }
  for (i = 0; i < n - 1; i++) for (u = 0; u < n; u++) for (w = 0; w < n; w++) if (u != w)
    emit((-P(i, u)) " " (-P(i + 1, w)) " " D(i, u > w ? u - w : w - u))
  if (channel) for (i = 0; i < n - 1; i++) for (u = 0; u < n; u++) for (k = 1; k < n; k++) {
    s = (-D(i, k)) " " (-P(i, u))
    if (u + k < n) s = s " " P(i + 1, u + k)
    if (u - k >= 0) s = s " " P(i + 1, u - k)
    emit(s)
  }
  printf "c All-interval series (Hoos 1998; CSPLib prob007)\n"
  printf "c family ais n=%d channel=%d\n", n, channel
  printf "c P(i,v) = %d*i+v+1 for i,v in 0..%d; D(i,k) = %d+%d*i+k for i in 0..%d, k in 1..%d\n", \
    n, n - 1, n * n, n - 1, n - 2, n - 1
  print "c expect SAT"
  printf "p cnf %d %d\n", n * n + (n - 1) * (n - 1), nc
  for (i = 1; i <= nc; i++) print CL[i]
}
