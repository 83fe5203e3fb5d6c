# Renames the variables of a DIMACS file and reorders its clauses and the
# literals in each, at random, so that a solver meets the same formula in
# another order (for measuring how much a solver's time depends on luck):
#   awk -v seed=N -f shuffle-cnf.awk IN.cnf > OUT.cnf
# Comment lines are dropped; the answer (SAT or UNSAT) is unchanged, and a
# model of OUT is one of IN with the variables renamed.
BEGIN { srand(seed + 0); n = 0 }
/^c/ { next }
/^p/ { vars = $3 + 0; next }
{
  for (i = 1; i <= NF; i++) {
    if ($i == 0) {
      n++
      continue
    }
    lit[n, len[n]++] = $i + 0
  }
}
END {
  for (v = 1; v <= vars; v++)
    name[v] = v
  for (v = vars; v > 1; v--) {
    k = int(rand() * v) + 1
    t = name[v]; name[v] = name[k]; name[k] = t
  }
  for (c = 0; c < n; c++)
    order[c] = c
  for (c = n - 1; c > 0; c--) {
    k = int(rand() * (c + 1))
    t = order[c]; order[c] = order[k]; order[k] = t
  }
  print "p cnf", vars, n
  for (c = 0; c < n; c++) {
    o = order[c]
    m = len[o]
    for (i = m - 1; i > 0; i--) {
      k = int(rand() * (i + 1))
      t = lit[o, i]; lit[o, i] = lit[o, k]; lit[o, k] = t
    }
    line = ""
    for (i = 0; i < m; i++) {
      x = lit[o, i]
      line = line (x < 0 ? -name[-x] : name[x]) " "
    }
    print line "0"
  }
}
