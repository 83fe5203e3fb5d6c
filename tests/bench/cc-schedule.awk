# Cube and conquer on paper (issue 27, docs/parallel.md): from the per-cube
# times of tests/bench/cubes.sh, how long M identical workers would take.
# Usage: awk -v cubing=S -v single=S [-v workers="1 2 4"] -f cc-schedule.awk TSV
#   TSV      one line per cube: index, verdict (sat, unsat, timeout, ...),
#            CPU seconds; lines starting with '#' are skipped
#   cubing   seconds to make the cubes (paid once, before any cube starts)
#   single   seconds of one plain solve of the whole formula
#   workers  the worker counts to simulate (default 1 2 4 ... 64 100 200;
#            200 stands for 100 machines of 2 cores)
# The schedule is greedy, in file order: each cube goes to the worker that
# is free first (the lowest numbered on a tie). Without a satisfiable cube
# the answer comes when the last cube ends; with one, when the first
# satisfiable cube ends (the others are then stopped). Both times include
# the cubing. Cubes stopped by a time limit count with the time they had
# used, so every figure that depends on them is a lower bound.
BEGIN { FS = "\t"; if (workers == "") workers = "1 2 4 8 16 32 64 100 200" }
/^#/ || NF < 3 { next }
{
  n++; t[n] = $3 + 0; v[n] = $2; work += t[n]
  if (v[n] == "sat") sat++
  else if (v[n] == "timeout") late++
  else if (v[n] != "unsat") odd++
}
# Nearest-rank percentile p (0 to 1) of the sorted times s[1..n].
function pct(p,   k) { k = int(p * n); if (k < p * n) k++; return s[k < 1 ? 1 : k] }
END {
  if (!n) { print "no cubes"; exit 1 }
  for (i = 1; i <= n; i++) { # insertion sort: n is at most a few thousand
    x = t[i]
    for (j = i - 1; j >= 1 && s[j] > x; j--) s[j + 1] = s[j]
    s[j + 1] = x
  }
  longest = s[n]
  printf "cubes %d: %d satisfiable, %d unsatisfiable, %d timed out, %d other\n",
         n, sat, n - sat - late - odd, late, odd
  printf "cubing %.2f s, single solve %.2f s\n", cubing, single
  printf "cube work %.2f s = %.2fx the single solve (%.2fx with the cubing)\n",
         work, (single > 0 ? work / single : 0),
         (single > 0 ? (work + cubing) / single : 0)
  printf "cube seconds: min %.3f, median %.3f, p90 %.3f, max %.3f; max/median %.1f\n",
         s[1], pct(0.5), pct(0.9), longest, (pct(0.5) > 0 ? longest / pct(0.5) : 0)
  if (late) printf "%d cubes hit the time limit: the figures below are lower bounds\n", late
  printf "%7s %10s %10s %10s %8s %6s %10s\n", "workers", "all done",
         "1st model", "answer", "speedup", "eff", "done >="
  m = split(workers, ws, " ")
  for (k = 1; k <= m; k++) {
    w = ws[k] + 0
    for (i = 1; i <= w; i++) free[i] = 0
    done = 0; first = -1
    for (i = 1; i <= n; i++) {
      b = 1 # the worker that is free first
      for (j = 2; j <= w; j++) if (free[j] < free[b]) b = j
      free[b] += t[i]
      if (free[b] > done) done = free[b]
      if (v[i] == "sat" && (first < 0 || free[b] < first)) first = free[b]
    }
    answer = cubing + (first < 0 ? done : first)
    # No schedule of all the cubes beats the work spread evenly, nor the
    # longest cube: the "done >=" column.
    bound = cubing + (work / w > longest ? work / w : longest)
    printf "%7d %10.2f %10s %10.2f %8.2f %6.2f %10.2f\n", w, cubing + done,
           (first < 0 ? "-" : sprintf("%.2f", cubing + first)), answer,
           single / answer, single / answer / w, bound
  }
  printf "unlimited workers: all done >= %.2f s (cubing + longest cube), speedup <= %.2f\n",
         cubing + longest, single / (cubing + longest)
  if (sat) { # every cube starts at once: the quickest model wins
    for (i = 1; i <= n; i++) if (v[i] == "sat" && (q == "" || t[i] < q)) q = t[i]
    printf "unlimited workers: first model at %.2f s (cubing + quickest satisfiable cube), speedup %.2f\n",
           cubing + q, single / (cubing + q)
  }
}
