# Usage: awk -v n=VERTICES [-v k=3] [-v m=EDGES] [-v colours=C] [-v seed=S]
#            -f lib.awk -f flat-colour.awk > out.cnf
#
# Graph colouring of "flat" graphs, after Culberson's flat graph generator
# (Culberson and Luo 1996; the SATLIB "flat" suite of Hoos and Stuetzle
# 2000).  The n vertices are split at random into k hidden colour classes
# whose sizes differ by at most one; edges join only different classes, the
# m edges are shared out as evenly as possible among the k(k-1)/2 pairs of
# classes, and each edge joins the two vertices of least degree so far
# (flatness 0: degrees as equal as possible).  The graph is k-colourable by
# construction.  Our placement loop is our own; randomness comes from a
# Park-Miller generator (seed S, default 1).
#
# Encoding (as in SATLIB): variable (v-1)*C+c means "vertex v has colour c";
# per vertex one clause "some colour" and C(C-1)/2 clauses "not two
# colours"; per edge and colour "not both ends this colour".
#
# n: the number of vertices (n >= k).  k: hidden classes (default 3).
# m: edges; default near the colourability threshold, where these graphs are
# hardest: m = 2.395n for k = 3 (average degree 4.79, the ratio of SATLIB's
# flat200-479), m = 4.45n for k = 4, 6.85n for k = 5, and (2k ln k - ln k)n/2
# (the first-moment bound on the threshold degree) for other k; at most
# the complete k-partite graph.
# colours: C, the colours allowed (default k).
# Expected status: SAT when C >= k; unknown (no expect line) when C < k.

function die(msg) { print "flat-colour.awk: " msg > "/dev/stderr"; exit 2 }
function rnd(lim) { X = (X * 16807) % 2147483647; return X % lim }

BEGIN {
  k = (k == "") ? 3 : nat("k", k, 2)
  n = nat("n", n, k)
  seed = (seed == "") ? 1 : nat("seed", seed, 1)
  if (seed >= 2147483647) die("seed must be below 2147483647")
  C = (colours == "") ? k : nat("colours", colours, 1)
  auto = (m == "")
  if (auto) {
    f = (k == 3) ? 2.395 : (k == 4) ? 4.45 : (k == 5) ? 6.85 : (2 * k - 1) * log(k) / 2
    m = int(f * n)
  }
  m = nat("m", m, 0)
  X = seed; for (i = 0; i < 8; i++) rnd(2)
  # hidden classes: shuffle the vertices, deal them out to the k classes
  for (v = 1; v <= n; v++) perm[v] = v
  for (v = n; v > 1; v--) { j = rnd(v) + 1; t = perm[v]; perm[v] = perm[j]; perm[j] = t }
  for (i = 0; i < n; i++) { a = i % k; mem[a, size[a]++] = perm[i + 1] }
  # pairs of classes, in random order, dealt edges in turn while not full
  P = 0; full = 0
  for (a = 0; a < k; a++) for (b = a + 1; b < k; b++) { pa[P] = a; pb[P] = b; P++ }
  for (i = P - 1; i > 0; i--) {
    j = rnd(i + 1); t = pa[i]; pa[i] = pa[j]; pa[j] = t; t = pb[i]; pb[i] = pb[j]; pb[j] = t
  }
  for (p = 0; p < P; p++) { cap[p] = size[pa[p]] * size[pb[p]]; full += cap[p]; want[p] = 0 }
  if (m > full) {
    if (!auto) die("m must be at most " full " for " k " classes of " n " vertices")
    m = full
  }
  for (left = m; left > 0; )
    for (p = 0; p < P && left > 0; p++)
      if (want[p] < cap[p]) { want[p]++; left-- }
  E = 0
  for (p = 0; p < P; p++) {
    a = pa[p]; b = pb[p]
    for (e = 0; e < want[p]; e++) {
      # u: a vertex of least degree in class a with a free partner in b
      best = -1; o = rnd(size[a])
      for (i = 0; i < size[a]; i++) {
        w = mem[a, (o + i) % size[a]]
        if (cross[w, b] < size[b] && (best < 0 || deg[w] < deg[best])) best = w
      }
      u = best; best = -1; o = rnd(size[b])
      for (i = 0; i < size[b]; i++) {
        w = mem[b, (o + i) % size[b]]
        if (!((u, w) in adj) && (best < 0 || deg[w] < deg[best])) best = w
      }
      v = best; adj[u, v] = adj[v, u] = 1
      deg[u]++; deg[v]++; cross[u, b]++; cross[v, a]++
      eu[E] = u; ev[E] = v; E++
    }
  }
  print "c flat graph: " n " vertices, " m " edges, " k " hidden classes; " C " colours"
  print "c family flat-colour n=" n " k=" k " m=" m " colours=" C " seed=" seed
  if (C >= k) print "c expect SAT"
  print "p cnf " n * C " " n + n * C * (C - 1) / 2 + m * C
  for (v = 1; v <= n; v++) {
    s = ""
    for (c = 1; c <= C; c++) s = s ((v - 1) * C + c) " "
    print s "0"
    for (c = 1; c < C; c++)
      for (d = c + 1; d <= C; d++) printf "-%d -%d 0\n", (v - 1) * C + c, (v - 1) * C + d
  }
  for (e = 0; e < E; e++)
    for (c = 1; c <= C; c++) printf "-%d -%d 0\n", (eu[e] - 1) * C + c, (ev[e] - 1) * C + c
}
