# Blocks-world planning as SAT: rearrange n blocks in K moves.
#
# Usage: awk -v n=BLOCKS [-v shape=random] [-v seed=1] [-v steps=K] \
#            [-v unsat=0] -f lib.awk -f blocks.awk > out.cnf
#
# Family: planning as satisfiability (Kautz and Selman, "Planning as
# satisfiability", ECAI 1992; Kautz, McAllester and Selman, "Encoding plans
# in propositional logic", KR 1996): a linear (sequential) encoding with a
# split move operator and explanatory frame axioms.  A move takes a clear
# block onto the table or onto another clear block.
#
# Instances, with their optimal plan length L:
#  shape=tower: blocks 1..n start as one tower (1 on the table, i+1 on i)
#   and must end as the reversed tower.  L = n: every block must move, as
#   none starts on what the goal puts it on, and n moves suffice (n to the
#   table, then n-1 onto n, ..., 1 onto 2).  Unit propagation nearly
#   solves it.
#  shape=random (default): the goal is a random set of towers (a random
#   order of the blocks, cut at each gap but the first with probability
#   1/4).  The start comes from running a random plan backwards from the
#   goal: n times, a clear block that has not moved yet goes onto the table
#   or onto a clear block that has moved (never onto one that has not, so
#   that all can move in turn), other than its support (Park-Miller
#   generator seeded by `seed`).  L = n: every block starts on something
#   else than in the goal, so must move, and the walk reversed is a plan
#   of n moves.
# Breadth-first search agrees on L for n <= 7.
#
# Variables, for times t = 0..K: on(x,y,t) (block x on y, y = 0 the table or
# another block) and clear(y,t); for steps t = 0..K-1: mv(x,t) (block x is
# moved) and to(y,t) (onto y).  Clauses: at most one mv and at most one to
# per step (pairwise), mv needs a to and to needs an mv; preconditions
# (x clear, y clear, x not onto itself, not already on y); effects
# mv(x)&to(y) -> on(x,y,t+1), mv(x)&-to(y) -> -on(x,y,t+1); frame axioms
# on(x,y,t)&-on(x,y,t+1) -> mv(x,t), -on(x,y,t)&on(x,y,t+1) -> mv(x,t);
# clear(y,t) <-> no block on y.  Initial state fully given, goal as the n
# 'on' facts, all by unit clauses.  A step may do nothing, so the formula
# is satisfiable exactly when K >= L.
#
# n: the number of blocks (2 or more).  steps: K, default L (SAT); with
# unsat=1 the default is L-1 (UNSAT).  Expected status: SAT iff K >= L.

function die(msg) { print "blocks.awk: " msg > "/dev/stderr"; exit 2 }
function on(x, y, t) { return t * S + (x - 1) * n + (y < x ? y : y - 1) + 1 }
function clr(y, t) { return t * S + n * n + y }
function mv(x, t) { return t * S + n * (n + 1) + x }
function to(y, t) { return t * S + n * (n + 2) + y + 1 }
function rnd(m) { X = (X * 16807) % 2147483647; return int((X - 1) * m / 2147483646) }
function isclear(y,   z) { for (z = 1; z <= n; z++) if (ST[z] == y) return 0; return 1 }
BEGIN {
  if (n !~ /^[0-9]+$/ || n < 2) die("n must be an integer >= 2 (the number of blocks)")
  if (unsat == "") unsat = 0
  if (unsat !~ /^[01]$/) die("unsat must be 0 or 1")
  if (seed == "") seed = 1
  if (seed !~ /^[0-9]+$/ || seed < 1 || seed >= 2147483647) die("seed must be an integer in 1..2147483646")
  if (shape == "") shape = "random"
  if (shape == "tower") {
    for (x = 1; x <= n; x++) { ST[x] = x - 1; GL[x] = x < n ? x + 1 : 0 }
    L = n
  } else if (shape == "random") {
    X = seed; for (i = 0; i < 10; i++) rnd(2)
    for (i = 1; i <= n; i++) perm[i] = i
    for (i = n; i > 1; i--) { j = 1 + rnd(i); t = perm[i]; perm[i] = perm[j]; perm[j] = t }
    # goal: the order cut into towers; perm[2] is always on perm[1]
    for (i = 1; i <= n; i++) GL[perm[i]] = (i == 1 || (i > 2 && rnd(4) == 0)) ? 0 : perm[i - 1]
    for (x = 1; x <= n; x++) { ST[x] = GL[x]; moved[x] = 0 }
    # the backward walk: some block is always eligible, so all n move
    for (L = 0; L < n; L++) {
      k = 0; for (x = 1; x <= n; x++) if (!moved[x] && isclear(x) && (ST[x] || L)) cand[++k] = x
      x = cand[1 + rnd(k)]
      k = 0; if (ST[x] != 0) cand[++k] = 0
      for (y = 1; y <= n; y++) if (y != ST[x] && moved[y] && isclear(y)) cand[++k] = y
      ST[x] = cand[1 + rnd(k)]; moved[x] = 1
    }
  } else die("shape must be tower or random")
  if (steps == "") steps = unsat ? L - 1 : L
  if (steps !~ /^[0-9]+$/) die("steps must be a non-negative integer")
  K = steps; S = n * (n + 3) + 1   # variables per time point
  nc = 0
  for (t = 0; t <= K; t++) {
    # clear(y,t) <-> no block is on y
    for (y = 1; y <= n; y++) {
      s = clr(y, t)
      for (x = 1; x <= n; x++) if (x != y) { emit((-clr(y, t)) " " (-on(x, y, t))); s = s " " on(x, y, t) }
      emit(s)
    }
    if (t == K) break
    for (x = 1; x <= n; x++) for (z = x + 1; z <= n; z++) emit((-mv(x, t)) " " (-mv(z, t)))
    for (y = 0; y <= n; y++) for (z = y + 1; z <= n; z++) emit((-to(y, t)) " " (-to(z, t)))
    for (x = 1; x <= n; x++) {
      s = -mv(x, t); for (y = 0; y <= n; y++) s = s " " to(y, t); emit(s)
    }
    for (y = 0; y <= n; y++) {
      s = -to(y, t); for (x = 1; x <= n; x++) s = s " " mv(x, t); emit(s)
    }
    for (x = 1; x <= n; x++) {
      emit((-mv(x, t)) " " clr(x, t))
      emit((-mv(x, t)) " " (-to(x, t)))
      for (y = 0; y <= n; y++) if (y != x) {
        emit((-mv(x, t)) " " (-to(y, t)) " " (-on(x, y, t)))
        emit((-mv(x, t)) " " (-to(y, t)) " " on(x, y, t + 1))
        emit((-mv(x, t)) " " to(y, t) " " (-on(x, y, t + 1)))
        emit((-on(x, y, t)) " " on(x, y, t + 1) " " mv(x, t))
        emit(on(x, y, t) " " (-on(x, y, t + 1)) " " mv(x, t))
      }
    }
    for (y = 1; y <= n; y++) emit((-to(y, t)) " " clr(y, t))
  }
  for (x = 1; x <= n; x++) for (y = 0; y <= n; y++) if (y != x) {
    emit((y == ST[x] ? "" : "-") on(x, y, 0))
  }
  for (x = 1; x <= n; x++) emit(on(x, GL[x], K))
  printf "c Blocks world: %d blocks, %d moves (linear encoding)\n", n, K
  printf "c family blocks n=%d shape=%s seed=%d steps=%d\n", n, shape, seed, K
  s = "c start"; for (x = 1; x <= n; x++) s = s " " x ":" ST[x]; print s " (block:support, 0 = table)"
  s = "c goal"; for (x = 1; x <= n; x++) s = s " " x ":" GL[x]; print s
  printf "c on(x,y,t) = %d*t+%d*(x-1)+y'+1, y' = y < x ? y : y-1 (y = 0 the table)\n", S, n
  printf "c the optimal plan has %d moves\n", L
  print "c expect " (K >= L ? "SAT" : "UNSAT")
  printf "p cnf %d %d\n", K * S + n * (n + 1), nc
  for (i = 1; i <= nc; i++) print CL[i]
}
