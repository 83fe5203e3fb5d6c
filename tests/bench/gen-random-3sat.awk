# Random 3-SAT in DIMACS: awk -v n=VARS -v m=CLAUSES -v seed=S -f gen-random-3sat.awk
# Three distinct variables per clause, each negated with probability 1/2.
BEGIN {
  srand(seed);
  printf "p cnf %d %d\n", n, m;
  for (i = 0; i < m; i++) {
    a = int(rand() * n) + 1;
    do b = int(rand() * n) + 1; while (b == a);
    do c = int(rand() * n) + 1; while (c == a || c == b);
    printf "%d %d %d 0\n", (rand() < 0.5 ? -a : a), (rand() < 0.5 ? -b : b),
           (rand() < 0.5 ? -c : c);
  }
}
