# Adds to one of peg-front's DIMACS files (one peg at the end, pairwise
# at-most-one) the clauses "exactly T+2-t pegs at time t" for t = 2..T,
# each as two of Sinz's sequential counters (at most K of the Peg atoms,
# at most N-K of their negations), to measure whether a solver profits
# from seeing the number of pegs (docs/performance.md, issue 14):
#   awk -v N=33 -v T=31 -v J=76 -f peg-count.awk IN.cnf > OUT.cnf
# N holes, T jumps, J jumps per step (peg-front's key gives all three).
# The Peg atoms of time t are J*T + (t-1)*N + 1 .. J*T + t*N.
function add(s) { extra[++m] = s " 0" }
function atmost(first, sign, k,    i, j, x, px) {
  if (k >= N) return
  if (k == 0) { for (i = 0; i < N; i++) add(-sign * (first + i)); return }
  for (i = 0; i < N - 1; i++)
    for (j = 1; j <= k; j++) s[i, j] = ++vars
  add(-sign * first " " s[0, 1])
  for (j = 2; j <= k; j++) add(-s[0, j])
  for (i = 1; i < N - 1; i++) {
    x = sign * (first + i)
    add(-x " " s[i, 1]); add(-s[i - 1, 1] " " s[i, 1])
    for (j = 2; j <= k; j++) {
      add(-x " " (-s[i - 1, j - 1]) " " s[i, j]); add(-s[i - 1, j] " " s[i, j])
    }
    add(-x " " (-s[i - 1, k]))
  }
  add(-sign * (first + N - 1) " " (-s[N - 2, k]))
}
/^c/ { next }
/^p/ { vars = $3; clauses = $4; next }
{ body[++lines] = $0 }
END {
  for (t = 2; t <= T; t++) {
    first = J * T + (t - 1) * N + 1
    atmost(first, 1, T + 2 - t)
    atmost(first, -1, N - (T + 2 - t))
  }
  printf "p cnf %d %d\n", vars, clauses + m
  for (i = 1; i <= lines; i++) print body[i]
  for (i = 1; i <= m; i++) print extra[i]
}
