"""Shared helpers for the tests of the Python package ``dpll``.

Everything here is an independent judge: it shares no code with the
package, libdpll or libpeg.  It holds

* a seeded random CNF generator and the pigeonhole formulas;
* a brute-force oracle over formulas of up to about 14 variables: the set
  of models is computed as a bitset over all 2**n assignments, one bit per
  assignment (bit ``a`` is the assignment where variable ``v`` is true iff
  bit ``v - 1`` of ``a`` is set);
* a reader of the board-file text (docs/boards.md), the catalogue's
  triangles and English cross from grid arithmetic, a replay of jumps, an
  exhaustive search over plays (counts and winning first jumps) and the
  position-class (parity) argument computed over GF(2).
"""
import functools
import os
import random
import shutil
import threading
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RELEASE_BIN = REPO / "build-tests" / "release" / "bin"

# A limit far above what any call of the suite needs: only a hang detector.
HANG_SECONDS = 60.0

# The tier (tests/tier.h): DPLL_TEST_SCALE above 100 is the long one (run.sh
# sets it for the long tier's python_sanitize), where the costliest
# families of cases run whole; the quick tier runs a share of each, every
# kind in it.
LONG_TIER = int(os.environ.get("DPLL_TEST_SCALE", "100")) > 100


def pytest_collection_modifyitems(config, items):
    """DPLL_PYTEST_SHARD=I/N (run.sh runs N pytest processes at once) keeps
    the tests I, I + N, I + 2N ... of the collected order."""
    shard = os.environ.get("DPLL_PYTEST_SHARD")
    if not shard:
        return
    index, count = (int(part) for part in shard.split("/"))
    if not 0 <= index < count:
        raise pytest.UsageError(f"DPLL_PYTEST_SHARD={shard}: not I/N, I < N")
    config.hook.pytest_deselected(
        items=[item for k, item in enumerate(items) if k % count != index])
    items[:] = [item for k, item in enumerate(items) if k % count == index]


# ----------------------------------------------------------------------
# Tools of the project (optional)
# ----------------------------------------------------------------------

def project_tool(name, env_var=None):
    """The path of a built tool of the project, or None when it is absent."""
    if env_var and os.environ.get(env_var):
        path = os.environ[env_var]
        found = shutil.which(path) or (path if os.access(path, os.X_OK) else None)
        return found
    path = RELEASE_BIN / name
    return str(path) if os.access(path, os.X_OK) else None


def optional_pycosat():
    """Debian's pycosat module if it is importable, else None."""
    try:
        import pycosat  # noqa: F401
    except ImportError:
        return None
    return pycosat


# ----------------------------------------------------------------------
# Running a call with a hang detector
# ----------------------------------------------------------------------

def call_with_hang_detector(fn, *args, seconds=HANG_SECONDS, **kwargs):
    """Runs fn(*args, **kwargs) in a daemon thread and returns its result,
    re-raising its exception; fails the test if it has not returned within
    `seconds` (a hang detector, far above any expected time)."""
    box = {}

    def run():
        try:
            box["result"] = fn(*args, **kwargs)
        except BaseException as exc:  # handed to the caller
            box["error"] = exc

    started = time.monotonic()
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    elapsed = time.monotonic() - started
    if worker.is_alive() or elapsed > seconds:
        pytest.fail(f"the call did not return within {seconds:.0f} s (hang)")
    if "error" in box:
        raise box["error"]
    return box["result"]


# ----------------------------------------------------------------------
# Formulas
# ----------------------------------------------------------------------

def random_cnf(rng, num_vars, num_clauses, min_len=1, max_len=4,
               distinct=True):
    """num_clauses random clauses over variables 1..num_vars, each of
    min_len..max_len literals.  distinct=False lets a clause repeat a
    variable (duplicate literals, tautologies)."""
    clauses = []
    for _ in range(num_clauses):
        length = rng.randint(min_len, max_len)
        if distinct:
            length = min(length, num_vars)
            variables = rng.sample(range(1, num_vars + 1), length)
        else:
            variables = [rng.randint(1, num_vars) for _ in range(length)]
        clauses.append([v if rng.random() < 0.5 else -v for v in variables])
    return clauses


def formula_case(seed):
    """A seeded small formula for the oracle tests: (clauses, vars) where
    vars is 0 or a count at or beyond the clauses' largest variable.  The
    cases mix sizes (0..12 variables), clause lengths 1..4, clause/variable
    ratios that make both SAT and UNSAT common, the empty formula, empty
    clauses, repeated literals and tautologies."""
    rng = random.Random(10007 * seed + 17)
    kind = seed % 10
    if kind == 0 and seed % 30 == 0:
        return [], rng.randint(0, 6)
    n = rng.randint(1, 12)
    if kind in (1, 2, 3):            # 3-ish-SAT near and above the threshold
        clauses = random_cnf(rng, n, rng.randint(2 * n, 7 * n), 2, 4)
    elif kind in (4, 5):             # short clauses: often UNSAT
        clauses = random_cnf(rng, n, rng.randint(1, 3 * n), 1, 2)
    elif kind == 6:                  # few clauses: many models
        clauses = random_cnf(rng, n, rng.randint(0, n), 1, 4)
    elif kind == 7:                  # repeats and tautologies allowed
        clauses = random_cnf(rng, n, rng.randint(1, 4 * n), 1, 4,
                             distinct=False)
    elif kind == 8:                  # an empty clause among others
        clauses = random_cnf(rng, n, rng.randint(0, 2 * n), 1, 4)
        clauses.insert(rng.randint(0, len(clauses)), [])
    else:
        clauses = random_cnf(rng, n, rng.randint(n, 5 * n), 1, 4)
    top = max_var(clauses)
    vars_ = 0
    if rng.random() < 0.3:
        vars_ = top + rng.randint(0, 3)
    if rng.random() < 0.1:
        vars_ = rng.randint(0, top)   # below the clauses' variables
    return clauses, vars_


def max_var(clauses):
    """The largest variable of the clauses (0 if none)."""
    return max((abs(lit) for clause in clauses for lit in clause), default=0)


def pigeonhole(pigeons, holes):
    """Every pigeon in a hole, no two in one: UNSAT iff pigeons > holes.
    Variable i*holes + j + 1 says pigeon i sits in hole j."""
    def var(i, j):
        return i * holes + j + 1

    clauses = [[var(i, j) for j in range(holes)] for i in range(pigeons)]
    for j in range(holes):
        for a in range(pigeons):
            for b in range(a + 1, pigeons):
                clauses.append([-var(a, j), -var(b, j)])
    return clauses


def to_dimacs(clauses, num_vars=None):
    """The clauses as DIMACS text."""
    if num_vars is None:
        num_vars = max_var(clauses)
    lines = [f"p cnf {num_vars} {len(clauses)}"]
    lines += [" ".join(map(str, clause)) + " 0" if clause else "0"
              for clause in clauses]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------
# The brute-force oracle
# ----------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _variable_masks(n):
    """For n variables: (all, [None, mask_1, ..., mask_n]) where mask_v has
    bit a set for each assignment a in which variable v is true."""
    size = 1 << n
    masks = [None]
    for v in range(1, n + 1):
        half = 1 << (v - 1)
        mask = ((1 << half) - 1) << half   # one period of length 2*half
        length = 2 * half
        while length < size:
            mask |= mask << length
            length *= 2
        masks.append(mask)
    return (1 << size) - 1, masks


def model_bitset(clauses, n):
    """The set of models over variables 1..n (n >= every clause variable)
    as a bitset over the 2**n assignments."""
    if n > 16:
        raise ValueError("the brute-force oracle takes at most 16 variables")
    everything, masks = _variable_masks(n)
    models = everything
    for clause in clauses:
        satisfied = 0
        for lit in clause:
            mask = masks[abs(lit)]
            satisfied |= mask if lit > 0 else everything ^ mask
        models &= satisfied
        if not models:
            break
    return models


def count_models(clauses, n):
    """The number of assignments of variables 1..n satisfying the clauses."""
    return bin(model_bitset(clauses, n)).count("1")


def is_satisfiable(clauses, n=None):
    """Whether some assignment satisfies every clause."""
    if n is None:
        n = max_var(clauses)
    return model_bitset(clauses, n) != 0


def all_models(clauses, n):
    """Every model over 1..n, each as a tuple of literals (+-1, ..., +-n)."""
    bits = model_bitset(clauses, n)
    models = []
    assignment = 0
    while bits:
        if bits & 1:
            models.append(tuple(v if (assignment >> (v - 1)) & 1 else -v
                                for v in range(1, n + 1)))
        bits >>= 1
        assignment += 1
    return models


def satisfies(literals, clauses):
    """Whether the assignment (a collection of literals) makes every clause
    true."""
    true = set(literals)
    return all(any(lit in true for lit in clause) for clause in clauses)


def model_shape_problem(model, n):
    """None if model is a list of exactly n literals +-1..+-n in order,
    else what is wrong."""
    if not isinstance(model, list):
        return f"a model must be a list, got {type(model).__name__}"
    if len(model) != n:
        return f"expected {n} literals, got {len(model)}"
    for index, lit in enumerate(model):
        if type(lit) is not int or abs(lit) != index + 1:
            return f"literal {index + 1} is {lit!r}"
    return None


# ----------------------------------------------------------------------
# Peg solitaire: puzzles, replay, exhaustive search, position classes
# ----------------------------------------------------------------------

class Puzzle:
    """A peg-solitaire puzzle as the tests see it.  holes: N; triples:
    list of (a, b, c); start: frozenset of holes with pegs, or None when the
    solver chooses the one empty hole; goal: frozenset, or None for one peg
    anywhere."""

    def __init__(self, holes, triples, start=None, goal=None):
        self.holes = holes
        self.triples = [tuple(t) for t in triples]
        self.start = None if start is None else frozenset(start)
        self.goal = None if goal is None else frozenset(goal)

    @classmethod
    def with_empty(cls, holes, triples, empty, goal=None):
        """Every hole but `empty` holds a peg (empty 0: the solver chooses)."""
        start = None if empty == 0 else set(range(1, holes + 1)) - {empty}
        return cls(holes, triples, start, goal)

    def jumps(self):
        """Every jump (from, over, to): both directions of each triple."""
        out = []
        for a, b, c in self.triples:
            out.append((a, b, c))
            out.append((c, b, a))
        return out

    def goal_pegs(self):
        return 1 if self.goal is None else len(self.goal)

    def normalized_triples(self):
        """The triples as a set, each with its smaller end first."""
        return {(min(a, c), b, max(a, c)) for a, b, c in self.triples}

    def __repr__(self):
        return (f"Puzzle({self.holes}, {len(self.triples)} triples, "
                f"start={sorted(self.start) if self.start else None}, "
                f"goal={sorted(self.goal) if self.goal else None})")


def read_board(text):
    """Reads board-file text (docs/boards.md) into a Puzzle: the "N E" line,
    triples, "start", "goal"; "layout" and "at" lines are skipped.  Raises
    ValueError on text it does not understand."""
    if isinstance(text, bytes):
        text = text.decode()
    holes = empty = None
    start = goal = None
    triples = []
    for raw in text.splitlines():
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if holes is None:
            if len(words) != 2:
                raise ValueError(f"bad first line {raw!r}")
            holes, empty = int(words[0]), int(words[1])
        elif words[0] == "start":
            start = {int(w) for w in words[1:]}
        elif words[0] == "goal":
            goal = {int(w) for w in words[1:]}
        elif words[0] in ("layout", "at"):
            continue
        elif len(words) == 3:
            triples.append(tuple(int(w) for w in words))
        else:
            raise ValueError(f"bad line {raw!r}")
    if holes is None:
        raise ValueError("no first line")
    if start is None and empty != 0:
        start = set(range(1, holes + 1)) - {empty}
    return Puzzle(holes, triples, start, goal or None)


def triangle_hole(row, column):
    """The number of the hole in row `row`, column `column` of a triangle
    (both from 1), numbered row by row from the apex."""
    return row * (row - 1) // 2 + column


def triangle_triples(rows):
    """The triples of the triangle of `rows` rows, from grid arithmetic:
    along a row, down a left diagonal and down a right diagonal."""
    triples = []
    for r in range(1, rows + 1):
        for c in range(1, r + 1):
            for dr, dc in ((0, 1), (1, 0), (1, 1)):
                r2, c2 = r + 2 * dr, c + 2 * dc
                if r2 <= rows and 1 <= c2 <= r2:
                    triples.append((triangle_hole(r, c),
                                    triangle_hole(r + dr, c + dc),
                                    triangle_hole(r2, c2)))
    return triples


def triangle_puzzle(rows, empty=1, goal=None):
    """The triangle of `rows` rows with hole `empty` empty (0: free)."""
    holes = rows * (rows + 1) // 2
    return Puzzle.with_empty(holes, triangle_triples(rows), empty, goal)


def english_cells():
    """The English cross's cells (row, column) on a 7x7 grid, from 0, in
    the order of their hole numbers (row by row)."""
    return [(r, c) for r in range(7) for c in range(7)
            if 2 <= r <= 4 or 2 <= c <= 4]


def english_triples():
    """The English cross's triples: three cells in a row or a column."""
    number = {cell: i + 1 for i, cell in enumerate(english_cells())}
    triples = []
    for (r, c), h in number.items():
        for dr, dc in ((0, 1), (1, 0)):
            middle = (r + dr, c + dc)
            far = (r + 2 * dr, c + 2 * dc)
            if middle in number and far in number:
                triples.append((h, number[middle], number[far]))
    return triples


def _is_triple(puzzle, jump):
    a, b, c = jump
    return (a, b, c) in puzzle.triples or (c, b, a) in puzzle.triples


def play_start(puzzle, jumps):
    """The pegs at the start of a play: with a free start, every hole but
    the first jump's `to`."""
    if puzzle.start is not None:
        return set(puzzle.start)
    if not jumps:
        raise ValueError("a free start needs a first jump")
    return set(range(1, puzzle.holes + 1)) - {jumps[0][2]}


def apply_jumps(puzzle, pegs, jumps):
    """Plays the jumps from the peg set `pegs`; returns (pegs after, None)
    or (None, why) at the first illegal jump."""
    pegs = set(pegs)
    for number, jump in enumerate(jumps, 1):
        if not (isinstance(jump, tuple) and len(jump) == 3):
            return None, f"jump {number} {jump!r} is not a triple of ints"
        f, o, t = jump
        if not _is_triple(puzzle, jump):
            return None, f"jump {number} {jump} is not along a triple"
        if f not in pegs or o not in pegs:
            return None, f"jump {number} {jump}: no peg to jump or jump over"
        if t in pegs:
            return None, f"jump {number} {jump}: the target holds a peg"
        pegs -= {f, o}
        pegs.add(t)
    return pegs, None


def replay_problem(puzzle, jumps):
    """None if the jumps are a legal play from the puzzle's start to its
    goal (one peg anywhere without one), else what is wrong."""
    jumps = [tuple(j) if isinstance(j, (list, tuple)) else j for j in jumps]
    try:
        pegs = play_start(puzzle, jumps)
    except ValueError as exc:
        return str(exc)
    end, why = apply_jumps(puzzle, pegs, jumps)
    if why:
        return why
    if puzzle.goal is None:
        if len(end) != 1:
            return f"{len(end)} pegs are left, not one"
    elif end != puzzle.goal:
        return f"the pegs end in {sorted(end)}, not the goal {sorted(puzzle.goal)}"
    return None


class PlaySearch:
    """Exhaustive search over the plays of a puzzle's board and goal, with
    memoisation on peg sets (bitmasks; bit h-1 is hole h).  One instance
    serves every start of the board."""

    def __init__(self, puzzle):
        self.puzzle = puzzle
        self.all_jumps = puzzle.jumps()
        self.goal_pegs = puzzle.goal_pegs()
        self.goal_mask = (None if puzzle.goal is None
                          else sum(1 << (h - 1) for h in puzzle.goal))
        self._memo = {}
        self._ends = {}

    @staticmethod
    def mask(pegs):
        return sum(1 << (h - 1) for h in pegs)

    def legal_jumps(self, mask):
        """The legal jumps from the peg set `mask`, in the board's order."""
        out = []
        for f, o, t in self.all_jumps:
            if (mask >> (f - 1)) & 1 and (mask >> (o - 1)) & 1 \
                    and not (mask >> (t - 1)) & 1:
                out.append((f, o, t))
        return out

    @staticmethod
    def after(mask, jump):
        f, o, t = jump
        return mask & ~(1 << (f - 1)) & ~(1 << (o - 1)) | (1 << (t - 1))

    def count_from(self, mask):
        """The number of plays (jump sequences) from mask to the goal."""
        if mask in self._memo:
            return self._memo[mask]
        pegs = bin(mask).count("1")
        if pegs <= self.goal_pegs:
            if pegs < self.goal_pegs:
                result = 0
            elif self.goal_mask is None:
                result = 1
            else:
                result = 1 if mask == self.goal_mask else 0
        else:
            result = sum(self.count_from(self.after(mask, j))
                         for j in self.legal_jumps(mask))
        self._memo[mask] = result
        return result

    def ends_from(self, mask):
        """The holes (a bitmask) where some play from the peg set `mask`
        leaves its last peg, whatever the goal: every single-peg goal's
        answer at once."""
        ends = self._ends.get(mask)
        if ends is None:
            if mask & (mask - 1) == 0:
                ends = mask
            else:
                ends = 0
                for j in self.legal_jumps(mask):
                    ends |= self.ends_from(self.after(mask, j))
            self._ends[mask] = ends
        return ends

    def starts(self):
        """The start peg sets: one, or one per empty hole for a free start."""
        if self.puzzle.start is not None:
            return [self.mask(self.puzzle.start)]
        full = (1 << self.puzzle.holes) - 1
        return [full & ~(1 << (h - 1)) for h in range(1, self.puzzle.holes + 1)]

    def count(self):
        """Plays from the start (summed over the empty holes of a free
        start) to the goal."""
        return sum(self.count_from(m) for m in self.starts())

    def solvable(self):
        return self.count() > 0

    def first_jumps(self, pegs=None):
        """For a given start (or `pegs`): [(jump, wins)] for every legal
        jump, wins meaning some play beginning with it reaches the goal."""
        mask = self.mask(pegs if pegs is not None else self.puzzle.start)
        return [(j, self.count_from(self.after(mask, j)) > 0)
                for j in self.legal_jumps(mask)]

    def a_play(self, pegs=None):
        """Some play from the start (or `pegs`) to the goal, or None."""
        mask = self.mask(pegs if pegs is not None else self.puzzle.start)
        if self.count_from(mask) == 0:
            return None
        play = []
        while bin(mask).count("1") > self.goal_pegs:
            for j in self.legal_jumps(mask):
                if self.count_from(self.after(mask, j)) > 0:
                    play.append(j)
                    mask = self.after(mask, j)
                    break
        return play


_SEARCHES = {}


def shared_search(puzzle):
    """The PlaySearch of the puzzle's board and goal, made once per board
    and goal and kept: its memo serves every start (a free start's search,
    so its starts() are every one-empty start)."""
    key = (puzzle.holes, tuple(puzzle.triples), puzzle.goal)
    if key not in _SEARCHES:
        _SEARCHES[key] = PlaySearch(Puzzle(puzzle.holes, puzzle.triples,
                                           None, puzzle.goal))
    return _SEARCHES[key]


def count_plays(puzzle):
    """PlaySearch(puzzle).count(), through the shared search."""
    search = shared_search(puzzle)
    if puzzle.start is None:
        return search.count()
    return search.count_from(PlaySearch.mask(puzzle.start))


def solvable(puzzle):
    """PlaySearch(puzzle).solvable(), through the shared search: for one
    last peg (anywhere, or in one hole) the search of the board alone
    (ends_from, one for every goal), else the count."""
    if puzzle.goal is not None and len(puzzle.goal) != 1:
        return count_plays(puzzle) > 0
    search = shared_search(Puzzle(puzzle.holes, puzzle.triples))
    starts = (search.starts() if puzzle.start is None
              else [PlaySearch.mask(puzzle.start)])
    ends = 0
    for mask in starts:
        ends |= search.ends_from(mask)
    if puzzle.goal is None:
        return ends != 0
    return bool(ends & PlaySearch.mask(puzzle.goal))


def parity_classes(holes, triples):
    """A basis of the sets of holes that every triple meets in none or two
    holes (the solutions x of x_a + x_b + x_c = 0 over GF(2)), as
    bitmasks (bit h-1 is hole h).  Gaussian elimination in reduced row
    echelon form, then one basis vector per free column."""
    pivots = {}                                  # column -> reduced row
    for a, b, c in triples:
        row = (1 << (a - 1)) ^ (1 << (b - 1)) ^ (1 << (c - 1))
        for column, pivot_row in pivots.items():
            if (row >> column) & 1:
                row ^= pivot_row
        if not row:
            continue
        column = (row & -row).bit_length() - 1
        for other in list(pivots):
            if (pivots[other] >> column) & 1:
                pivots[other] ^= row
        pivots[column] = row
    basis = []
    for free in range(holes):
        if free in pivots:
            continue
        vector = 1 << free
        for column, row in pivots.items():
            if (row >> free) & 1:
                vector |= 1 << column
        basis.append(vector)
    return basis


def classes_rule_out(puzzle):
    """Whether the position-class parity argument alone shows that no play
    reaches the goal: some class set holds pegs of another parity at the
    start than in the goal (for one peg anywhere: for every hole as the
    last one).  False for a free start."""
    if puzzle.start is None:
        return False
    basis = parity_classes(puzzle.holes, puzzle.triples)
    start = PlaySearch.mask(puzzle.start)

    def differs(goal_mask):
        return any(bin(s & start).count("1") % 2
                   != bin(s & goal_mask).count("1") % 2 for s in basis)

    if puzzle.goal is not None:
        return differs(PlaySearch.mask(puzzle.goal))
    return all(differs(1 << (h - 1)) for h in range(1, puzzle.holes + 1))
