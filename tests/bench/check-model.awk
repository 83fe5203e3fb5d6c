# Checks a model against a DIMACS file, independently of every solver:
#   awk -f check-model.awk MODEL CNF
# MODEL holds the true literals as whitespace-separated integers, in any
# layout (the "v" lines of the SAT competition format, or MiniSat's result
# file); other words ("v", "SAT", "s", ...) are skipped and 0 is ignored.
# Prints "ok" and exits 0 if every clause has a literal of the model;
# otherwise prints the first clause that has none and exits 1.  A variable
# given both values is an error too.
FNR == NR {
  for (i = 1; i <= NF; i++)
    if ($i ~ /^-?[0-9]+$/ && $i != 0) {
      if (-$i in model) {
        print "both values of variable " ($i < 0 ? -$i : $i)
        bad = 1
        exit 1
      }
      model[$i + 0] = 1
    }
  next
}
/^[cp%]/ { if ($0 ~ /^%/) done = 1; next }
done { next }
{
  for (i = 1; i <= NF; i++) {
    if ($i == 0) {
      if (!sat) {
        print "clause " clauses + 1 " not satisfied:" text
        bad = 1
        exit 1
      }
      clauses++
      sat = 0
      text = ""
      continue
    }
    text = text " " $i
    if (($i + 0) in model)
      sat = 1
  }
}
END {
  if (bad)
    exit 1
  print "ok"
}
