# renumber-board.awk - a board file with its holes numbered anew at random
# and its geometry dropped: the same puzzle, as a program that knows
# nothing of the board's shape would write it (issue 14's robustness
# family).  Comments, blank lines, "layout" and "at" lines are dropped;
# triples are written in a shuffled order, each in a random direction.
#
# Usage: awk -v seed=N -f renumber-board.awk board.txt > renumbered.txt
#        (seed 0: the holes keep their numbers; only geometry is dropped)
function shuffle(a, n,    i, j, t) {
  for (i = n; i > 1; i--) {
    j = 1 + int(rand() * i)
    t = a[i]; a[i] = a[j]; a[j] = t
  }
}
BEGIN { srand(seed + 0) }
{ sub(/#.*/, "") }
NF == 0 || $1 == "layout" || $1 == "at" { next }
!header { holes = $1; empty = $2; header = 1; next }
$1 == "start" || $1 == "goal" { lists[++nlists] = $0; next }
{ triples[++ntriples] = $1 " " $2 " " $3 }
END {
  for (h = 1; h <= holes; h++) map[h] = h
  if (seed + 0 != 0) shuffle(map, holes)
  printf "%d %d\n", holes, empty ? map[empty] : 0
  for (i = 1; i <= ntriples; i++) order[i] = i
  if (seed + 0 != 0) shuffle(order, ntriples)
  for (i = 1; i <= ntriples; i++) {
    split(triples[order[i]], t, " ")
    if (seed + 0 != 0 && rand() < 0.5)
      printf "%d %d %d\n", map[t[3]], map[t[2]], map[t[1]]
    else
      printf "%d %d %d\n", map[t[1]], map[t[2]], map[t[3]]
  }
  for (i = 1; i <= nlists; i++) {
    n = split(lists[i], w, " ")
    line = w[1]
    for (k = 2; k <= n; k++) line = line " " map[w[k]]
    print line
  }
}
