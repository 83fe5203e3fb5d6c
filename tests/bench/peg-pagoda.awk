# Adds to one of peg-front's DIMACS files redundant clauses from closed
# sets of holes, to measure whether a solver profits from them
# (docs/performance.md, issue 14):
#   awk -v mode=d -v limit=12 -f peg-pagoda.awk IN.cnf > OUT.cnf
# A set S of holes is closed if every jump landing in S (either direction
# of a triple) starts or passes over a hole of S.  Once every hole of S is
# empty, it stays so (no jump can land in it); run backwards, once every
# hole of S is full, it was so before.
# mode d: for each hole empty at the start, each minimal closed set S
#   holding it: "some hole of S is empty at time t", t = 2..T1.
# mode f: each minimal closed set S holding all the goal holes (the "goal"
#   line, else the holes not forced empty at the end by a unit clause):
#   "some hole of S holds a peg at time t", t = 1..T1-1.
# mode df does both.  Only sets of at most limit holes are looked for.
# The key is read from the comments: the "board" block ("N E", "goal",
# "start", triples "A B C") and the "K Peg(H,T)" lines; the clauses are
# copied without the comments, the new ones follow, and a summary of the
# sets goes to stderr.
function add(s) { extra[++m] = s " 0" }
# A set of holes is a string of N characters, the h-th "1" if h is in it.
function with(S, x) { return substr(S, 1, x - 1) "1" substr(S, x + 1) }
function has(S, x) { return substr(S, x, 1) == "1" }
function holes(S,    h, s) {
  s = ""
  for (h = 1; h <= N; h++) if (has(S, h)) s = s (s == "" ? "" : " ") h
  return "{" s "}"
}
function subset(A, B,    h) {
  for (h = 1; h <= N; h++) if (has(A, h) && !has(B, h)) return 0
  return 1
}
# The first jump landing in S from outside it, as (va, vb); 0 if none.
function violated(S,    c, k) {
  for (c = 1; c <= N; c++) {
    if (!has(S, c)) continue
    for (k = 1; k <= nland[c]; k++)
      if (!has(S, from[c, k]) && !has(S, over[c, k])) {
        va = from[c, k]; vb = over[c, k]
        return 1
      }
  }
  return 0
}
function search(S, size,    a, b) {
  if ((S in seen) || size > limit) return
  seen[S] = 1
  if (!violated(S)) { found[++nfound] = S; fsize[nfound] = size; return }
  a = va; b = vb
  search(with(S, a), size + 1)
  search(with(S, b), size + 1)
}
# Fills minimal[1..nmin] with the minimal closed sets containing seed
# (size holes) that a depth-first search, adding either hole of the first
# jump into the set from outside, reaches with at most limit holes.
function closed(seed, size,    i, j, keep) {
  split("", seen); nfound = 0; nmin = 0
  search(seed, size)
  for (i = 1; i <= nfound; i++) {
    keep = 1
    for (j = 1; j <= nfound && keep; j++)
      if (fsize[j] < fsize[i] && subset(found[j], found[i])) keep = 0
    if (keep) minimal[++nmin] = found[i]
  }
}
# One clause per time t = t0..t1: the atoms Peg(h,t), h in S, signed.
function clauses(S, sign, t0, t1,    t, h, s) {
  for (t = t0; t <= t1; t++) {
    s = ""
    for (h = 1; h <= N; h++)
      if (has(S, h)) s = s (s == "" ? "" : " ") sign * peg[h, t]
    add(s)
  }
}
BEGIN {
  if (mode !~ /^(d|f|df|fd)$/ || limit !~ /^[0-9]+$/) {
    print "usage: awk -v mode=d|f|df -v limit=L -f peg-pagoda.awk IN.cnf" \
      > "/dev/stderr"
    bad = 1
    exit 2
  }
  limit += 0
}
/^c/ {
  if (NF == 2 && $2 == "board") { board = 1; next }
  if ($2 == "end" && $3 == "board") { board = 0; next }
  if (board && NF == 3 && N == "") { N = $2 + 0; E = $3 + 0; next }
  if (board && $2 == "goal") {
    goals = 1
    for (i = 3; i <= NF; i++) goal[$i + 0] = 1
    next
  }
  if (board && $2 == "start") {
    starts = 1
    for (i = 3; i <= NF; i++) start[$i + 0] = 1
    next
  }
  if (board && NF == 4 && $2 ~ /^[0-9]+$/) {
    from[$4, ++nland[$4]] = $2; over[$4, nland[$4]] = $3
    from[$2, ++nland[$2]] = $4; over[$2, nland[$2]] = $3
    next
  }
  if ($0 ~ /^c [0-9]+ Peg\([0-9]+,[0-9]+\)/) {
    split($3, w, /[(),]/)
    peg[w[2] + 0, w[3] + 0] = $2 + 0
    if (w[3] + 0 > T1) T1 = w[3] + 0
  }
  next
}
/^p/ { vars = $3; count = $4; next }
{
  body[++lines] = $0
  if (NF == 2) unit[$1 + 0] = 1
}
END {
  if (bad) exit 2
  if (N == "" || !T1) {
    print "peg-pagoda.awk: no peg-front key in the comments" > "/dev/stderr"
    exit 1
  }
  empty0 = ""
  for (h = 1; h <= N; h++) empty0 = empty0 "0"
  if (!starts) { for (h = 1; h <= N; h++) start[h] = 1; delete start[E] }
  if (!goals)
    for (h = 1; h <= N; h++) if (!((-peg[h, T1]) in unit)) goal[h] = 1
  G = empty0; ngoal = 0
  for (h = 1; h <= N; h++) if (h in goal) { G = with(G, h); ngoal++ }
  if (index(mode, "d"))
    for (e = 1; e <= N; e++) {
      if (e in start) continue
      closed(with(empty0, e), 1)
      for (i = 1; i <= nmin; i++) {
        if (minimal[i] in dual) continue
        dual[minimal[i]] = 1
        dsets = dsets " " holes(minimal[i])
        clauses(minimal[i], -1, 2, T1)
      }
    }
  if (index(mode, "f")) {
    closed(G, ngoal)
    for (i = 1; i <= nmin; i++) {
      fsets = fsets " " holes(minimal[i])
      clauses(minimal[i], 1, 1, T1 - 1)
    }
  }
  print "c pagoda: dual sets" dsets "; forward sets" fsets "; goal " \
    holes(G) > "/dev/stderr"
  printf "p cnf %s %d\n", vars, count + m
  for (i = 1; i <= lines; i++) print body[i]
  for (i = 1; i <= m; i++) print extra[i]
}
