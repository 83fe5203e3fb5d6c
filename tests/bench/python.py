"""The Python package beside pycosat (issue 26's benchmark; figures in
docs/python.md):

    PYTHON tests/bench/python.py [REPEATS]          (default 5)

with PYTHON an interpreter that imports both dpll (lib/python, installed
as the README says) and pycosat (Debian's python3-pycosat; a venv made with
--system-site-packages sees it).  Every task gets the same clause lists on
both sides, built once before timing; each is timed REPEATS times, the two
packages alternating, and the median is printed with the ratio
dpll / pycosat (below 1: dpll is faster).  The tasks:
  add 10^6 literals   Solver().add_clauses, and add_clause clause by
                      clause, on 333,334 clauses of 3 literals over 166,666
                      variables (dpll only: pycosat takes clauses only
                      inside solve), then solve() on the same list, end to
                      end, on both sides;
  triangle15          the 15-hole triangle, hole 1 empty, one peg left
                      (dpll.peg's encoding, the same list to both), and
                      the 15 puzzles of each hole empty in turn;
  random 3-SAT        10 formulas, n = 200, 852 clauses (ratio 4.26),
                      seeds 1..10, solved one after another;
  pigeonhole          9 pigeons into 8 holes (unsatisfiable).
Answers are checked: models against the clauses, verdicts against each
other.
"""
import random
import statistics
import sys
import time

import dpll
from dpll import peg

try:
    import pycosat
except ImportError:
    sys.exit("python.py: pycosat is missing (apt-get install python3-pycosat)")


def big_formula():
    """333,334 clauses of 3 literals (1,000,002 literals) over 166,666
    variables: random 3-SAT at 2 clauses per variable, as
    tests/bench/huge.sh makes it, easily satisfiable."""
    rng = random.Random(7)
    n = 166_666
    return [[rng.choice((1, -1)) * rng.randint(1, n) for _ in range(3)]
            for _ in range(333_334)]


def random_3sat(n, m, seed):
    rng = random.Random(seed)
    clauses = []
    for _ in range(m):
        vs = rng.sample(range(1, n + 1), 3)
        clauses.append([v if rng.random() < 0.5 else -v for v in vs])
    return clauses


def pigeonhole(pigeons, holes):
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    for h in range(holes):
        for p in range(pigeons):
            for q in range(p + 1, pigeons):
                clauses.append([-var(p, h), -var(q, h)])
    return clauses


def check(clauses, answer):
    """The verdict, after checking a model against every clause."""
    if isinstance(answer, str):
        return answer
    true = set(answer)
    assert all(any(lit in true for lit in c) for c in clauses), "bad model"
    return "SAT"


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def solve_all(solver, formulas):
    return [check(f, solver(f)) for f in formulas]


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    big = big_formula()
    triangle = peg.Board.named("triangle5").encode().clauses()
    triangles = []
    for hole in range(1, 16):
        board = peg.Board.named("triangle5")
        board.set_empty(hole)
        triangles.append(board.encode().clauses())
    randoms = [random_3sat(200, 852, seed) for seed in range(1, 11)]
    php = pigeonhole(9, 8)

    def add_all():
        s = dpll.Solver()
        s.add_clauses(big)
        s.close()

    def add_each():
        s = dpll.Solver()
        for clause in big:
            s.add_clause(clause)
        s.close()

    tasks = [
        ("add 10^6 literals (add_clauses)", add_all, None),
        ("add 10^6 literals (add_clause each)", add_each, None),
        ("10^6 literals, solve end to end",
         lambda: solve_all(dpll.solve, [big]),
         lambda: solve_all(pycosat.solve, [big])),
        ("triangle15 (hole 1)",
         lambda: solve_all(dpll.solve, [triangle]),
         lambda: solve_all(pycosat.solve, [triangle])),
        ("triangle15, each of the 15 holes",
         lambda: solve_all(dpll.solve, triangles),
         lambda: solve_all(pycosat.solve, triangles)),
        ("random 3-SAT n=200, 10 formulas",
         lambda: solve_all(dpll.solve, randoms),
         lambda: solve_all(pycosat.solve, randoms)),
        ("pigeonhole 9 into 8",
         lambda: solve_all(dpll.solve, [php]),
         lambda: solve_all(pycosat.solve, [php])),
    ]
    print(f"dpll {dpll.__version__}, pycosat {pycosat.__version__}, "
          f"Python {sys.version.split()[0]}, {repeats} runs, medians")
    print()
    print("| task | dpll s | pycosat s | dpll/pycosat | answers |")
    print("|---|---:|---:|---:|---|")
    for name, ours, theirs in tasks:
        our_times, their_times, answers = [], [], ""
        for _ in range(repeats):
            t, a = timed(ours)
            our_times.append(t)
            if theirs:
                u, b = timed(theirs)
                their_times.append(u)
                if a != b:
                    sys.exit(f"python.py: {name}: dpll says {a}, "
                             f"pycosat {b}")
            if a:
                answers = ", ".join(f"{a.count(v)} {v}"
                                    for v in ("SAT", "UNSAT") if v in a)
        ours_s = statistics.median(our_times)
        if theirs:
            theirs_s = statistics.median(their_times)
            print(f"| {name} | {ours_s:.3f} | {theirs_s:.3f} | "
                  f"{ours_s / theirs_s:.2f} | {answers} |")
        else:
            print(f"| {name} | {ours_s:.3f} | | | |")


if __name__ == "__main__":
    main()
