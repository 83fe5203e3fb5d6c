"""dpll.peg: boards, board files, the encoding, decoding, solving, hints,
counting, explanations and solver answers.  Every play is judged by the
independent replay of conftest.py, every verdict and count by its
exhaustive search, every explanation by its own position-class
computation over GF(2)."""
import random
import subprocess

import pytest

import dpll
from dpll import peg
from conftest import (
    LONG_TIER,
    PlaySearch,
    Puzzle,
    apply_jumps,
    classes_rule_out,
    count_plays,
    english_cells,
    english_triples,
    max_var,
    optional_pycosat,
    play_start,
    project_tool,
    read_board,
    replay_problem,
    satisfies,
    shared_search,
    solvable,
    triangle_hole,
    triangle_puzzle,
    triangle_triples,
)

PEG_FRONT = project_tool("peg-front")

FOUR_HOLES = """# four holes in a ring of triples
4 1
1 2 3
2 3 4
3 4 1
4 1 2
"""

SQUARE4 = "16 2\n" + "".join(
    f"{a} {b} {c}\n" for a, b, c in
    [(1, 2, 3), (1, 5, 9), (2, 3, 4), (2, 6, 10), (3, 7, 11), (4, 8, 12),
     (5, 6, 7), (5, 9, 13), (6, 7, 8), (6, 10, 14), (7, 11, 15),
     (8, 12, 16), (9, 10, 11), (10, 11, 12), (13, 14, 15), (14, 15, 16)])

LINE5 = "5 0\n1 2 3\n2 3 4\n3 4 5\nstart 1 2 4\ngoal 5\n"

# Triples that lie in no row of any real board (the format allows it).
ODD8 = ("8 1\n1 2 6\n1 3 4\n1 4 2\n1 5 7\n1 8 2\n3 5 1\n6 7 3\n"
        "goal 1 6\n")
ODD8B = ("8 0\n1 5 3\n1 8 3\n3 4 2\n3 5 2\n5 1 6\n6 1 4\n6 1 8\n8 7 2\n"
         "start 2 3 4 5 6 7 8\ngoal 6 7\n")


def puzzle_of(board):
    """The puzzle a Board states, read through its properties."""
    return Puzzle(board.holes, board.triples, board.start, board.goal)


def all_plays(puzzle):
    """Every play (list of jumps) from the puzzle's start (each start of a
    free one) to its goal, by depth-first search."""
    search = PlaySearch(puzzle)
    plays = []

    def walk(mask, prefix):
        if search.count_from(mask) == 0:
            return
        if bin(mask).count("1") == search.goal_pegs:
            plays.append(list(prefix))
            return
        for jump in search.legal_jumps(mask):
            prefix.append(jump)
            walk(search.after(mask, jump), prefix)
            prefix.pop()

    for mask in search.starts():
        walk(mask, [])
    return plays


def triangle_board(rows, empty=1):
    board = peg.Board.named(f"triangle{rows}")
    board.set_empty(empty)
    return board


def as_jumps(play):
    return [tuple(j) for j in play]


# ----------------------------------------------------------------------
# The catalogue and named boards
# ----------------------------------------------------------------------

def test_catalogue_contents():
    """catalogue() lists (name pattern, description) pairs for triangleR,
    english, french, wiegleb and diamond."""
    entries = peg.catalogue()
    assert isinstance(entries, list)
    for entry in entries:
        assert isinstance(entry, tuple) and len(entry) == 2
        name, description = entry
        assert isinstance(name, str) and name
        assert isinstance(description, str) and description.strip()
    names = [name for name, _ in entries]
    assert {"triangleR", "english", "french", "wiegleb", "diamond"} <= set(names)
    assert len(names) == len(set(names))


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5, 6, 9])
def test_named_triangle(rows):
    """triangleR: R(R+1)/2 holes, the triples of the triangle from grid
    arithmetic, hole 1 empty, one peg anywhere, triangle layout with row r
    column c at hole r(r-1)/2 + c."""
    board = peg.Board.named(f"triangle{rows}")
    holes = rows * (rows + 1) // 2
    assert board.holes == holes
    assert puzzle_of(board).normalized_triples() == \
        Puzzle(holes, triangle_triples(rows)).normalized_triples()
    assert len(board.triples) == len(triangle_triples(rows))
    assert board.start == list(range(2, holes + 1))
    assert board.goal is None
    assert board.layout == "triangle"
    for r in range(1, rows + 1):
        for c in range(1, r + 1):
            assert tuple(board.position(triangle_hole(r, c))) == (r, c)


def test_named_triangle4_and_triangle5_exactly():
    """The two boards the docs describe: 10 holes / 9 triples and 15 holes /
    18 triples, hole 1 empty."""
    t4 = peg.Board.named("triangle4")
    t5 = peg.Board.named("triangle5")
    assert (t4.holes, len(t4.triples)) == (10, 9)
    assert (t5.holes, len(t5.triples)) == (15, 18)
    assert 1 not in t4.start and 1 not in t5.start


def test_named_english():
    """english: 33 holes on the cross, the centre 17 empty, the 38 triples
    of rows and columns of the cross, square layout whose positions are the
    cross's cells up to a shift."""
    board = peg.Board.named("english")
    assert board.holes == 33
    assert board.start == [h for h in range(1, 34) if h != 17]
    assert board.goal is None
    assert board.layout == "square"
    assert puzzle_of(board).normalized_triples() == \
        Puzzle(33, english_triples()).normalized_triples()
    cells = english_cells()
    positions = [tuple(board.position(h)) for h in range(1, 34)]
    dr = positions[0][0] - cells[0][0]
    dc = positions[0][1] - cells[0][1]
    assert positions == [(r + dr, c + dc) for r, c in cells]


def _lines_of_three(positions):
    """Every three consecutive cells in a row or a column among positions
    (hole -> (row, column)), as normalized triples of holes."""
    at = {pos: hole for hole, pos in positions.items()}
    lines = set()
    for (r, c), h in at.items():
        for dr, dc in ((0, 1), (1, 0)):
            m, f = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if m in at and f in at:
                lines.add((min(h, at[f]), at[m], max(h, at[f])))
    return lines


@pytest.mark.parametrize("name, holes, centre, orthogonal", [
    ("english", 33, 17, True), ("french", 37, 19, True),
    ("wiegleb", 45, 23, True), ("diamond", 41, 21, False),
])
def test_named_square_boards(name, holes, centre, orthogonal):
    """The square-grid boards: the number of holes, the centre empty, every
    hole at a distinct position, holes numbered row by row, every triple
    three consecutive cells in a line; for the orthogonal boards exactly
    the lines of three along rows and columns."""
    board = peg.Board.named(name)
    assert board.holes == holes
    assert board.start == [h for h in range(1, holes + 1) if h != centre]
    assert board.layout == "square"
    positions = {h: tuple(board.position(h)) for h in range(1, holes + 1)}
    assert len(set(positions.values())) == holes
    assert sorted(positions, key=positions.get) == list(range(1, holes + 1))
    for a, b, c in board.triples:
        (ra, ca), (rb, cb), (rc, cc) = positions[a], positions[b], positions[c]
        assert (rb - ra, cb - ca) == (rc - rb, cc - cb) != (0, 0)
        assert max(abs(rb - ra), abs(cb - ca)) == 1
    if orthogonal:
        assert puzzle_of(board).normalized_triples() == _lines_of_three(positions)


@pytest.mark.parametrize("name", ["nosuch", "triangle0", "triangle91", "", "English!"])
def test_named_unknown(name):
    """A name not in the catalogue is a dpll.Error."""
    with pytest.raises(dpll.Error):
        peg.Board.named(name)


# ----------------------------------------------------------------------
# Board files
# ----------------------------------------------------------------------

def _board_texts():
    texts = {
        "four-holes": FOUR_HOLES,
        "square4": SQUARE4,
        "line5": LINE5,
        "triangle4-free": "10 0\n" + "".join(
            f"{a} {b} {c}\n" for a, b, c in triangle_triples(4)),
        "odd8": ODD8,
        "odd8b": ODD8B,
    }
    return texts


ROUND_TRIP_BOARDS = (["triangle2", "triangle4", "triangle5", "english",
                      "french", "wiegleb", "diamond"]
                     + [f"text:{k}" for k in _board_texts()])


def _make_board(spec):
    if spec.startswith("text:"):
        return peg.Board.parse(_board_texts()[spec[5:]])
    return peg.Board.named(spec)


@pytest.mark.parametrize("spec", ROUND_TRIP_BOARDS)
def test_text_round_trip(spec):
    """parse(text()) gives the same board; the text read by the tests' own
    reader states the same puzzle as the properties."""
    board = _make_board(spec)
    text = board.text()
    assert isinstance(text, str) and text.endswith("\n")
    again = peg.Board.parse(text)
    assert again.holes == board.holes
    assert again.triples == board.triples
    assert again.start == board.start
    assert again.goal == board.goal
    assert again.layout == board.layout
    for h in range(1, board.holes + 1):
        assert again.position(h) == board.position(h)
    assert again.text() == text
    mine = read_board(text)
    theirs = puzzle_of(board)
    assert mine.holes == theirs.holes
    assert mine.triples == theirs.triples
    assert mine.start == theirs.start
    assert mine.goal == theirs.goal


@pytest.mark.parametrize("key", list(_board_texts()))
def test_parse_states_the_text(key):
    """Board.parse reads what the tests' reader reads from the same text."""
    text = _board_texts()[key]
    board = peg.Board.parse(text)
    mine = read_board(text)
    assert board.holes == mine.holes
    assert [tuple(t) for t in board.triples] == mine.triples
    assert (None if board.start is None else set(board.start)) == \
        (None if mine.start is None else set(mine.start))
    assert (None if board.goal is None else set(board.goal)) == \
        (None if mine.goal is None else set(mine.goal))


def test_parse_untidy_text():
    """Comments, tabs, blank lines, CRLF and no final newline; bytes too."""
    text = ("# the 10-hole triangle\r\n\r\n  10\t2  # N E\r\n"
            + "".join(f"\t{a}  {b} {c}#c\r\n" for a, b, c in triangle_triples(4))
            + "goal 3")
    for given in (text, text.encode()):
        board = peg.Board.parse(given)
        assert board.holes == 10
        assert board.triples == triangle_triples(4)
        assert board.start == [h for h in range(1, 11) if h != 2]
        assert board.goal == [3]


def test_parse_layout_and_positions():
    """layout and at lines give positions; start replaces the empty hole."""
    text = ("3 0\n1 2 3\nlayout square\nat 1 2 1\nat 2 2 2\nat 3 2 3\n"
            "start 1 2\ngoal 3\n")
    board = peg.Board.parse(text)
    assert board.layout == "square"
    assert [tuple(board.position(h)) for h in (1, 2, 3)] == [(2, 1), (2, 2), (2, 3)]
    assert board.start == [1, 2] and board.goal == [3]
    assert board.solve() == [(1, 2, 3)]


@pytest.mark.parametrize("text, line, column", [
    ("", 1, 1),                                   # no board
    ("# only a comment\n", None, None),
    ("10\n1 2 4\n", 1, None),                     # one number on line 1
    ("10 1\n1 2 11\n", 2, 5),                     # hole beyond N
    ("10 1\n1 2 4\n2 four 7\n", 3, 3),            # not a number
    ("10 1\n1 -2 4\n", 2, 3),
    ("10 1\n1 2 4 7\n", 2, 7),                    # four numbers
    ("10 1\n1 2\n", 2, None),                     # two numbers
    ("10 1\n1 2 1\n", 2, None),                   # repeated hole
    ("10 1\n1 2 4\n4 2 1\n", 3, 1),               # repeated triple (reversed)
    ("10 1\n1 2 4\nfrobnicate 3\n", 3, 1),        # unknown keyword
    ("0 1\n", 1, 1),                              # no holes
    ("4097 1\n1 2 3\n", 1, 1),                    # too many holes
    ("10 11\n1 2 4\n", 1, 4),                     # empty hole out of range
    ("10 1\n1 2 4\ngoal 0\n", 3, 6),              # goal hole out of range
    ("10 1\n1 2 4\nstart 1 12\n", 3, 9),          # start hole out of range
    ("10 0\n1 2 4\nstart 1 2\ngoal 4 5 6\n", None, None),  # goal > start
    ("3 1\n1 2 3\nat 1 1 1\n", 3, None),          # position without layout
    ("3 1\n1 2 3\nlayout hexagon\n", 3, None),    # unknown layout
    ("3 1\n1 2 3\ngoal 3\ngoal 2\n", 4, None),    # a second goal line
])
def test_parse_errors(text, line, column):
    """Malformed board text: ParseError (a dpll.Error and ValueError) with
    the given name, the line and column of the offending token, and the text
    "NAME:LINE:COLUMN: message" in one line."""
    with pytest.raises(dpll.ParseError) as info:
        peg.Board.parse(text, name="bad.txt")
    exc = info.value
    assert isinstance(exc, dpll.Error) and isinstance(exc, ValueError)
    assert exc.name == "bad.txt"
    assert exc.line >= 1 and exc.column >= 1
    if line is not None:
        assert exc.line == line, str(exc)
    if column is not None:
        assert exc.column == column, str(exc)
    prefix = f"bad.txt:{exc.line}:{exc.column}: "
    assert str(exc).startswith(prefix) and str(exc)[len(prefix):].strip()
    assert "\n" not in str(exc).strip()


# ----------------------------------------------------------------------
# Boards built by hand and changed
# ----------------------------------------------------------------------

def test_board_by_hand_defaults():
    """Board(n, triples): hole 1 empty, one peg anywhere, no layout."""
    board = peg.Board(4, [(1, 2, 3), (2, 3, 4)])
    assert board.holes == 4
    assert board.triples == [(1, 2, 3), (2, 3, 4)]
    assert board.start == [2, 3, 4]
    assert board.goal is None
    assert board.layout is None
    assert board.position(1) is None
    assert board.hole_name(3) == "hole 3"
    mine = read_board(board.text())
    assert mine.triples == [(1, 2, 3), (2, 3, 4)] and mine.start == {2, 3, 4}


def test_board_by_hand_start_goal_empty():
    """empty=, start= (sorted, repeats merged) and goal= set the puzzle."""
    triples = [(1, 2, 3), (2, 3, 4), (3, 4, 5)]
    assert peg.Board(5, triples, empty=3).start == [1, 2, 4, 5]
    assert peg.Board(5, triples, empty=0).start is None
    board = peg.Board(5, triples, start=[4, 1, 2, 4], goal=[5])
    assert board.start == [1, 2, 4]
    assert board.goal == [5]
    assert replay_problem(puzzle_of(board), board.solve()) is None


@pytest.mark.parametrize("args, kwargs", [
    ((0,), {}),
    ((4097,), {}),
    ((-3,), {}),
    ((4, [(1, 2, 5)]), {}),
    ((4, [(0, 1, 2)]), {}),
    ((4, [(1, 1, 2)]), {}),
    ((4, [(1, 2, 3), (1, 2, 3)]), {}),
    ((4, [(1, 2, 3), (3, 2, 1)]), {}),
    ((4, [(1, 2, 3)]), {"empty": 5}),
    ((4, [(1, 2, 3)]), {"start": [1, 9]}),
    ((4, [(1, 2, 3)]), {"goal": [0]}),
])
def test_board_by_hand_errors(args, kwargs):
    """Bad holes, triples, starts and goals are a dpll.Error."""
    with pytest.raises(dpll.Error):
        peg.Board(*args, **kwargs)


@pytest.mark.parametrize("triples", [[(1, 2)], [(1, 2, 3, 4)], [("a", 2, 3)],
                                     [(1, 2.0, 3)], [5]])
def test_board_by_hand_malformed_triples(triples):
    """Triples that are not three ints are refused (dpll.Error, or Python's
    ValueError / TypeError for the wrong shape or type)."""
    with pytest.raises((dpll.Error, ValueError, TypeError)):
        peg.Board(4, triples)


def test_goal_with_more_pegs_than_start_is_refused():
    """A goal with more pegs than the start is refused, when built or at
    the latest when encoded or solved."""
    with pytest.raises(dpll.Error):
        board = peg.Board(4, [(1, 2, 3)], start=[1], goal=[2, 3])
        board.encode()
        board.solve()


def test_setters():
    """set_empty, set_start, set_goal change the puzzle; bad holes raise."""
    board = peg.Board.named("triangle4")
    board.set_empty(5)
    assert board.start == [h for h in range(1, 11) if h != 5]
    board.set_empty(0)
    assert board.start is None
    board.set_start([9, 3, 3, 1])
    assert board.start == [1, 3, 9]
    board.set_goal([7, 2])
    assert board.goal == [2, 7]
    board.set_goal()
    assert board.goal is None
    board.set_goal([4])
    board.set_goal([])
    assert board.goal is None
    for bad in (lambda: board.set_empty(11), lambda: board.set_empty(-1),
                lambda: board.set_start([0, 2]), lambda: board.set_goal([11])):
        with pytest.raises(dpll.Error):
            bad()


def test_hole_names_and_drawing():
    """hole_name says "row R column C" on a layout, "hole H" without one;
    draw() shows a peg ('o') per peg and an empty hole ('.') per empty
    hole on a triangle."""
    board = peg.Board.named("triangle5")
    assert board.hole_name(5) == "row 3 column 2"
    assert board.hole_name(15) == "row 5 column 5"
    picture = board.draw()
    assert isinstance(picture, str)
    assert picture.count("o") == 14 and picture.count(".") == 1
    picture = board.draw([1, 15])
    assert picture.count("o") == 2 and picture.count(".") == 13
    plain = peg.Board(6, [(1, 2, 3)], start=[2, 5])
    text = plain.draw()
    assert isinstance(text, str) and "2" in text and "5" in text
    with pytest.raises(dpll.Error):
        board.hole_name(16)


# ----------------------------------------------------------------------
# The encoding, other solvers, decode
# ----------------------------------------------------------------------

def _encoding_cases():
    """(label, board) for the encode/solve/decode tests."""
    cases = []
    for e in (2, 3, 5, 6):
        cases.append((f"triangle4 empty {e}", triangle_board(4, e)))
    for e in (1, 4, 5, 13):
        cases.append((f"triangle5 empty {e}", triangle_board(5, e)))
    goal13 = triangle_board(5, 1)
    goal13.set_goal([13])
    cases.append(("triangle5 goal 13", goal13))
    goal5 = triangle_board(5, 1)
    goal5.set_goal([5])
    cases.append(("triangle5 goal 5 (none)", goal5))
    cases.append(("triangle4 free start", triangle_board(4, 0)))
    cases.append(("four holes", peg.Board.parse(FOUR_HOLES)))
    cases.append(("square4", peg.Board.parse(SQUARE4)))
    cases.append(("line5", peg.Board.parse(LINE5)))
    cases.append(("odd8", peg.Board.parse(ODD8)))
    cases.append(("odd8b", peg.Board.parse(ODD8B)))
    return cases


ENCODING_CASES = _encoding_cases()


def _solver_cases():
    cases = [("dpll", dpll.solve)]
    pycosat = optional_pycosat()
    if pycosat is not None:
        cases.append(("pycosat", pycosat.solve))
    return cases


@pytest.mark.parametrize("solver_name, solve", _solver_cases(),
                         ids=[c[0] for c in _solver_cases()])
@pytest.mark.parametrize("label, board", ENCODING_CASES,
                         ids=[c[0] for c in ENCODING_CASES])
def test_encode_solve_decode(label, board, solver_name, solve):
    """encode() -> clauses -> another solver's model -> decode: the model
    exists exactly when the exhaustive search finds a play, and the decoded
    jumps replay to the goal under the tests' own replay; each jump's atom
    at its time is true in the model."""
    puzzle = read_board(board.text())
    enc = board.encode()
    clauses = enc.clauses()
    assert isinstance(clauses, list) and len(clauses) == enc.num_clauses
    assert max_var(clauses) <= enc.atoms
    start_pegs = puzzle.holes - 1 if puzzle.start is None else len(puzzle.start)
    assert enc.steps == start_pegs - puzzle.goal_pegs()
    model = solve(clauses, vars=enc.atoms)
    if not solvable(puzzle):
        assert model == "UNSAT", label
        return
    assert isinstance(model, list), (label, model)
    assert satisfies(model, clauses)
    jumps = as_jumps(enc.decode(model))
    assert len(jumps) == enc.steps
    assert replay_problem(puzzle, jumps) is None, replay_problem(puzzle, jumps)
    true = set(model)
    for time, jump in enumerate(jumps, 1):
        assert enc.jump_atom(jump, time) in true


def exact_counts(holes, triples, start_pegs, goal_pegs, goal_given, free_start):
    """Atoms and clauses of the encoding with only the axioms (pairwise
    at-most-one), from docs/encoding.md."""
    jumps = 2 * len(triples)
    steps = start_pegs - goal_pegs
    atoms = jumps * steps + holes * (steps + 1)
    clauses = (6 * jumps * steps + 2 * holes * steps
               + jumps * (jumps - 1) // 2 * steps + steps)
    clauses += 1 + holes * (holes - 1) // 2 if free_start else holes
    clauses += holes if goal_given else 1 + holes * (holes - 1) // 2
    return atoms, clauses


@pytest.mark.parametrize("label, board", ENCODING_CASES[:11],
                         ids=[c[0] for c in ENCODING_CASES[:11]])
def test_exact_encoding_size(label, board):
    """With canonical_order and position_classes off the encoding has the
    atoms and clauses docs/encoding.md counts (triangle4: 234 and 2312)."""
    puzzle = read_board(board.text())
    enc = board.encode(canonical_order=0, position_classes=0)
    free = puzzle.start is None
    start_pegs = puzzle.holes - 1 if free else len(puzzle.start)
    atoms, clauses = exact_counts(puzzle.holes, puzzle.triples, start_pegs,
                                  puzzle.goal_pegs(), puzzle.goal is not None,
                                  free)
    assert (enc.atoms, enc.num_clauses) == (atoms, clauses)
    assert len(enc.clauses()) == clauses
    if label == "triangle4 empty 2":
        assert (atoms, clauses) == (234, 2312)


@pytest.mark.parametrize("label, board", [
    ("triangle4 empty 2", triangle_board(4, 2)),
    ("triangle4 empty 4", triangle_board(4, 4)),
    ("triangle4 free start", triangle_board(4, 0)),
    ("four holes", peg.Board.parse(FOUR_HOLES)),
    ("four holes free", peg.Board.parse(FOUR_HOLES.replace("\n4 1\n", "\n4 0\n"))),
    ("line5", peg.Board.parse(LINE5)),
    ("odd8", peg.Board.parse(ODD8)),
    ("odd8b", peg.Board.parse(ODD8B)),
])
def test_exact_encoding_models_are_the_plays(label, board):
    """With canonical_order and position_classes off, the models (listed by
    itersolve) are exactly the plays: as many as the exhaustive search
    counts, decoded to exactly its set of plays."""
    puzzle = read_board(board.text())
    enc = board.encode(canonical_order=0, position_classes=0)
    plays = {tuple(p) for p in all_plays(puzzle)}
    decoded = []
    for model in dpll.itersolve(enc.clauses(), vars=enc.atoms):
        jumps = tuple(as_jumps(enc.decode(model)))
        assert replay_problem(puzzle, jumps) is None
        decoded.append(jumps)
    assert len(decoded) == len(set(decoded)) == len(plays)
    assert set(decoded) == plays


def test_canonical_order_keeps_fewer_models():
    """The default encoding (canonical order) of triangle4 with hole 2 empty
    has at least one and fewer models than the 14 plays, each a play."""
    board = triangle_board(4, 2)
    puzzle = read_board(board.text())
    enc = board.encode()
    plays = [tuple(as_jumps(enc.decode(m)))
             for m in dpll.itersolve(enc.clauses(), vars=enc.atoms)]
    assert 1 <= len(set(plays)) < 14
    assert all(replay_problem(puzzle, p) is None for p in plays)


def test_atom_names_and_numbers():
    """atom_name and atom are inverse over 1..atoms; peg_atom and jump_atom
    name Peg(H,I) and Jump(A,B,C,I); distinct atoms; bad ones raise."""
    board = triangle_board(4, 2)
    enc = board.encode()
    steps = enc.steps
    assert steps == 8
    names = [enc.atom_name(n) for n in range(1, enc.atoms + 1)]
    assert len(set(names)) == len(names)
    for n, name in enumerate(names, 1):
        assert enc.atom(name) == n
    numbers = set()
    for t in range(1, steps + 2):
        for h in range(1, 11):
            atom = enc.peg_atom(h, t)
            assert enc.atom_name(atom) == f"Peg({h},{t})"
            numbers.add(atom)
    for t in range(1, steps + 1):
        for a, b, c in triangle_triples(4):
            for jump in ((a, b, c), (c, b, a)):
                atom = enc.jump_atom(jump, t)
                assert enc.atom_name(atom) == "Jump({},{},{},{})".format(*jump, t)
                numbers.add(atom)
    assert len(numbers) == 10 * (steps + 1) + 18 * steps == enc.atoms
    for bad in (lambda: enc.atom_name(0), lambda: enc.atom_name(enc.atoms + 1),
                lambda: enc.atom("Peg(11,1)"), lambda: enc.atom("nonsense"),
                lambda: enc.peg_atom(1, steps + 2), lambda: enc.peg_atom(0, 1),
                lambda: enc.jump_atom((1, 2, 3), 1),
                lambda: enc.jump_atom((1, 2, 4), steps + 1)):
        with pytest.raises(dpll.Error):
            bad()


def test_encoding_options():
    """Defaults as docs/encoding.md says; options set by encode(**) read
    back; every at-most-one encoding still solves and decodes to a play;
    unknown options raise dpll.Error."""
    board = triangle_board(5, 1)
    puzzle = read_board(board.text())
    enc = board.encode()
    assert isinstance(enc.board, peg.Board) and enc.board.holes == 15
    defaults = {"at_least_one": 1, "canonical_order": 1,
                "position_classes": 1, "at_most_one": 0, "hole_order": 1}
    for name, value in defaults.items():
        assert enc.get_option(name) == value, name
    for amo in range(4):
        enc = board.encode(at_most_one=amo, hole_order=0)
        assert enc.get_option("at_most_one") == amo
        assert enc.get_option("hole_order") == 0
        model = dpll.solve(enc.clauses(), vars=enc.atoms)
        assert isinstance(model, list)
        assert replay_problem(puzzle, as_jumps(enc.decode(model))) is None
    with pytest.raises(dpll.Error):
        board.encode(no_such_option=1)
    with pytest.raises(dpll.Error):
        board.encode(at_most_one=99)
    with pytest.raises(dpll.Error):
        enc.get_option("no_such_option")


def _a_model(board):
    enc = board.encode()
    model = dpll.solve(enc.clauses(), vars=enc.atoms)
    assert isinstance(model, list)
    return enc, list(model)


def test_decode_refuses_a_model_that_is_not_a_play():
    """Changing the Jump atoms of a real model makes decode raise PlayError:
    no jump at time 1, two jumps at time 1, an illegal jump at time 2."""
    board = triangle_board(5, 1)
    puzzle = read_board(board.text())
    enc, model = _a_model(board)
    jumps = as_jumps(enc.decode(model))
    assert replay_problem(puzzle, jumps) is None

    def flipped(changes):
        new = list(model)
        for atom, value in changes:
            new[atom - 1] = atom if value else -atom
        return new

    first = enc.jump_atom(jumps[0], 1)
    with pytest.raises(dpll.PlayError):
        enc.decode(flipped([(first, False)]))
    other = next(j for j in puzzle.jumps() if j != jumps[0])
    with pytest.raises(dpll.PlayError):
        enc.decode(flipped([(enc.jump_atom(other, 1), True)]))
    pegs, _ = apply_jumps(puzzle, play_start(puzzle, jumps), jumps[:1])
    illegal = next(j for j in puzzle.jumps()
                   if apply_jumps(puzzle, pegs, [j])[1] is not None)
    with pytest.raises(dpll.PlayError) as info:
        enc.decode(flipped([(enc.jump_atom(jumps[1], 2), False),
                            (enc.jump_atom(illegal, 2), True)]))
    assert isinstance(info.value, ValueError) and str(info.value).strip()


def test_decode_refuses_garbage():
    """decode of an empty or short model, or of non-literals, raises."""
    board = triangle_board(4, 2)
    enc = board.encode()
    with pytest.raises(dpll.Error):
        enc.decode([])
    with pytest.raises((TypeError, dpll.Error)):
        enc.decode(["x"] * enc.atoms)


# ----------------------------------------------------------------------
# Board.solve, explain
# ----------------------------------------------------------------------

def search_for(rows, goal=None):
    """The shared search of triangle `rows` (to one peg in `goal`, or
    anywhere): give it the start."""
    return shared_search(triangle_puzzle(rows, 1,
                                         None if goal is None else {goal}))


@pytest.mark.parametrize("rows, empty",
                         [(4, e) for e in range(1, 11)] + [(5, e) for e in range(1, 16)])
def test_board_solve_every_start(rows, empty):
    """Board.solve() with each hole of triangle4 and triangle5 empty: a play
    exactly when the exhaustive search finds one, and it replays under the
    tests' replay; explain() is None when there is a play."""
    board = triangle_board(rows, empty)
    puzzle = triangle_puzzle(rows, empty)
    search = search_for(rows)
    reachable = search.count_from(PlaySearch.mask(puzzle.start)) > 0
    play = board.solve()
    if reachable:
        assert play is not None
        assert replay_problem(puzzle, as_jumps(play)) is None, \
            replay_problem(puzzle, as_jumps(play))
        assert board.explain() is None
    else:
        assert play is None


@pytest.mark.parametrize("empty", range(1, 11))
def test_triangle4_every_goal(empty):
    """triangle4, every empty hole and every goal hole: solve() finds a play
    exactly when the search does (and it replays); explain() gives a
    one-line reason exactly when the position classes rule the goal out."""
    for goal in range(1, 11):
        board = triangle_board(4, empty)
        board.set_goal([goal])
        puzzle = triangle_puzzle(4, empty, goal={goal})
        play = board.solve()
        assert (play is not None) == solvable(puzzle), (empty, goal)
        if play is not None:
            assert replay_problem(puzzle, as_jumps(play)) is None
        why = board.explain()
        if classes_rule_out(puzzle):
            assert isinstance(why, str) and why.strip() and "\n" not in why.strip()
        else:
            assert why is None, (empty, goal, why)


@pytest.mark.parametrize("empty", range(1, 16))
def test_triangle5_explain_every_goal(empty):
    """triangle5, every empty hole and goal hole (and one peg anywhere):
    explain() answers exactly when the tests' GF(2) classes rule the goal
    out, and a goal it rules out has no play."""
    for goal in [None] + list(range(1, 16)):
        board = triangle_board(5, empty)
        if goal is not None:
            board.set_goal([goal])
        puzzle = triangle_puzzle(5, empty, goal=None if goal is None else {goal})
        ruled_out = classes_rule_out(puzzle)
        why = board.explain()
        assert (why is not None) == ruled_out, (empty, goal, why)
        if ruled_out:
            assert not solvable(puzzle)


def test_triangle5_some_goals_solved():
    """triangle5 with seeded (empty, goal) pairs: solve() agrees with the
    search and its plays replay.  The first 9 pairs (the quick tier's; the
    long tier's are 20) hold goals reached, goals the classes rule out and
    one no play reaches though the classes allow it."""
    rng = random.Random(55)
    for _ in range(20 if LONG_TIER else 9):
        empty, goal = rng.randint(1, 15), rng.randint(1, 15)
        board = triangle_board(5, empty)
        board.set_goal([goal])
        puzzle = triangle_puzzle(5, empty, goal={goal})
        play = board.solve()
        assert (play is not None) == solvable(puzzle), (empty, goal)
        if play is not None:
            assert replay_problem(puzzle, as_jumps(play)) is None


def test_no_solution_not_by_classes():
    """triangle5, hole 1 empty, last peg in 5: no play (the search says so)
    though the classes allow it: solve() None, explain() None."""
    board = triangle_board(5, 1)
    board.set_goal([5])
    puzzle = triangle_puzzle(5, 1, goal={5})
    assert not solvable(puzzle) and not classes_rule_out(puzzle)
    assert board.solve() is None
    assert board.explain() is None


def test_no_solution_by_classes():
    """triangle4 with hole 1 empty: no play, and the classes show it:
    solve() None, explain() a sentence, count() 0, every hint loses."""
    board = triangle_board(4, 1)
    puzzle = triangle_puzzle(4, 1)
    assert classes_rule_out(puzzle) and not solvable(puzzle)
    assert board.solve() is None
    why = board.explain()
    assert isinstance(why, str) and why.strip() and "\n" not in why.strip()
    assert board.count() == 0
    assert all(not wins for _, wins, _ in board.hints())


def test_explain_with_free_start_is_none():
    """With a free start the classes argument does not apply: None."""
    assert triangle_board(4, 0).explain() is None


def test_solve_free_start_and_no_jump_needed():
    """A free start: the play's first `to` is the empty hole, and it
    replays; a start that already is the goal needs no jump: []."""
    board = triangle_board(5, 0)
    play = board.solve()
    assert replay_problem(triangle_puzzle(5, 0), as_jumps(play)) is None
    done = peg.Board(3, [(1, 2, 3)], start=[2], goal=[2])
    assert done.solve() == []
    no_triples = peg.Board(3, [], start=[1, 2])
    assert no_triples.solve() is None


# ----------------------------------------------------------------------
# Hints and counts
# ----------------------------------------------------------------------

# The empty holes of triangle5 whose hints the quick tier checks: one of each
# class under the triangle's symmetries (a corner, an edge hole beside one,
# an edge's middle, an inner hole); the long tier checks all 15.
HINT_STARTS5 = range(1, 16) if LONG_TIER else (1, 2, 4, 5)


@pytest.mark.parametrize("rows, empty",
                         [(4, e) for e in range(1, 11)] + [(5, e) for e in HINT_STARTS5])
def test_hints(rows, empty):
    """hints(): one entry per legal jump from the start (the search's set),
    the win flag the search's, and for each winner a whole play from the
    start that begins with that jump and replays; None for a loser."""
    board = triangle_board(rows, empty)
    puzzle = triangle_puzzle(rows, empty)
    expected = dict(search_for(rows).first_jumps(puzzle.start))
    hints = board.hints()
    assert isinstance(hints, list)
    got = {}
    for jump, wins, play in hints:
        jump = tuple(jump)
        assert jump not in got, "a jump listed twice"
        got[jump] = wins
        assert isinstance(wins, bool)
        if wins:
            play = as_jumps(play)
            assert play[0] == jump
            assert replay_problem(puzzle, play) is None
        else:
            assert play is None
    assert got == expected


def test_hints_mid_game():
    """hints() for a position in a game (set_start after two jumps of a
    play) agree with the search from that position."""
    puzzle = triangle_puzzle(5, 1)
    play = search_for(5).a_play(puzzle.start)
    pegs, _ = apply_jumps(puzzle, puzzle.start, play[:2])
    board = triangle_board(5, 1)
    board.set_start(sorted(pegs))
    got = {tuple(j): w for j, w, _ in board.hints()}
    assert got == dict(search_for(5).first_jumps(pegs))
    assert got[play[2]] is True


def _count_cases():
    cases = [("triangle4 empty 2", triangle_board(4, 2)),
             ("triangle4 empty 1", triangle_board(4, 1)),
             ("four holes", peg.Board.parse(FOUR_HOLES)),
             ("line5", peg.Board.parse(LINE5)),
             ("odd8", peg.Board.parse(ODD8)),
             ("odd8b", peg.Board.parse(ODD8B))]
    rng = random.Random(5)
    for _ in range(8):
        k = rng.randint(2, 4)
        empties = rng.sample(range(1, 11), k)
        board = peg.Board.named("triangle4")
        board.set_start([h for h in range(1, 11) if h not in empties])
        cases.append((f"triangle4 without {sorted(empties)}", board))
    board = peg.Board.named("triangle4")
    board.set_start([h for h in range(1, 11) if h not in (2, 9)])
    board.set_goal([1, 3])
    cases.append(("triangle4 without 2 9, goal 1 3", board))
    return cases


COUNT_CASES = _count_cases()


@pytest.mark.parametrize("label, board", COUNT_CASES, ids=[c[0] for c in COUNT_CASES])
def test_count(label, board):
    """count() is the exhaustive count of plays; count(most=k) is at most k
    (and the smaller of k and the count)."""
    puzzle = read_board(board.text())
    expected = count_plays(puzzle)
    assert board.count() == expected, label
    for most in (1, 3, 10):
        limited = board.count(most=most)
        assert limited <= most
        assert limited == min(most, expected)


def test_count_free_start():
    """With a free start the plays from every start are counted (each play
    reveals its start): triangle4 has 84."""
    board = triangle_board(4, 0)
    assert PlaySearch(triangle_puzzle(4, 0)).count() == 84
    assert board.count() == 84


# ----------------------------------------------------------------------
# after, replay
# ----------------------------------------------------------------------

def test_after():
    """after(jumps): a new board starting where the jumps leave (the tests'
    replay says where), the goal kept, on which the rest of the play
    replays; the old board is unchanged."""
    board = triangle_board(5, 1)
    board.set_goal([13])
    puzzle = triangle_puzzle(5, 1, goal={13})
    play = PlaySearch(puzzle).a_play()
    for k in range(len(play) + 1):
        later = board.after(play[:k])
        pegs, why = apply_jumps(puzzle, puzzle.start, play[:k])
        assert why is None
        assert later.start == sorted(pegs)
        assert later.goal == [13]
        assert later.triples == board.triples
        later.replay(play[k:])
        assert replay_problem(read_board(later.text()), play[k:]) is None
    assert board.start == sorted(puzzle.start)


def test_after_free_start():
    """With a free start, after(jumps) starts from the pegs the jumps leave
    with the first jump's `to` as the empty hole; after([]) is an error."""
    board = triangle_board(4, 0)
    puzzle = triangle_puzzle(4, 0)
    play = PlaySearch(puzzle).a_play(play_start(puzzle, [(0, 0, 2)]))
    assert play[0][2] == 2
    later = board.after(play[:1])
    pegs, _ = apply_jumps(puzzle, play_start(puzzle, play), play[:1])
    assert later.start == sorted(pegs)
    with pytest.raises(dpll.Error):
        board.after([])


@pytest.mark.parametrize("jumps", [
    [(1, 2, 3)],          # not a triple
    [(4, 2, 1), (4, 2, 1)],  # from an empty hole
    [(1, 3, 6)],          # from the empty hole 1
    [(6, 3, 1), (4, 5, 6), (1, 3, 6)],  # over the empty 3
])
def test_after_refuses_illegal_jumps(jumps):
    """after with a jump that cannot be made raises PlayError."""
    board = triangle_board(5, 1)
    assert apply_jumps(triangle_puzzle(5, 1), set(range(2, 16)), jumps)[1]
    with pytest.raises(dpll.PlayError):
        board.after(jumps)


def test_replay():
    """replay accepts a legal play to the goal and raises PlayError (a
    one-line message) for one the tests' replay refuses: an illegal jump,
    a play stopping short, one going on past the goal, another goal."""
    board = triangle_board(5, 1)
    puzzle = triangle_puzzle(5, 1)
    play = search_for(5).a_play(puzzle.start)
    assert board.replay(play) is None
    bad_plays = [
        play[:-1],
        play[1:],
        [(1, 2, 4)] + play[1:],
        list(reversed(play)),
        play[:3] + [play[3][::-1]] + play[4:],
        [],
    ]
    for bad in bad_plays:
        assert replay_problem(puzzle, bad) is not None
        with pytest.raises(dpll.PlayError) as info:
            board.replay(bad)
        assert str(info.value).strip() and "\n" not in str(info.value).strip()
    other_goal = triangle_board(5, 1)
    last = play_start(puzzle, play)
    end, _ = apply_jumps(puzzle, last, play)
    other_goal.set_goal([h for h in range(1, 16) if h not in end][:1])
    with pytest.raises(dpll.PlayError):
        other_goal.replay(play)


# ----------------------------------------------------------------------
# Reading solver answers
# ----------------------------------------------------------------------

def _dp_model_lines(model):
    return "".join(f"{abs(lit)} {'T' if lit > 0 else 'F'}\n" for lit in model)


def _solved_model(enc):
    with dpll.Solver(enc.clauses()) as solver:
        assert solver.solve() is True
        return solver.model()


def test_read_dp_answer():
    """A DP answer (one model, "0", the key): solved, not complete, one
    solution that replays; the encoding rebuilt from the key."""
    board = triangle_board(5, 1)
    puzzle = triangle_puzzle(5, 1)
    enc = board.encode()
    model = _solved_model(enc)
    text = _dp_model_lines(model) + "0\n" + enc.key()
    answer = peg.read_answer(text)
    assert answer.solved is True
    assert answer.complete is False
    assert len(answer.solutions) == 1
    assert replay_problem(puzzle, as_jumps(answer.solutions[0])) is None
    assert isinstance(answer.encoding, peg.Encoding)
    assert answer.encoding.steps == 13
    assert answer.encoding.key() == enc.key()
    key_lines = enc.key().splitlines()
    assert key_lines[0] == "peg-key 1" and key_lines[-1] == "end key"
    answer_bytes = peg.read_answer(text.encode())
    assert [as_jumps(s) for s in answer_bytes.solutions] == \
        [as_jumps(s) for s in answer.solutions]


def test_read_dp_answer_every_model():
    """A DP answer listing every model of the exact encoding and a closing
    "0": complete, and the solutions are exactly the search's plays."""
    board = triangle_board(4, 2)
    puzzle = triangle_puzzle(4, 2)
    enc = board.encode(canonical_order=0, position_classes=0)
    text = ""
    with dpll.Solver(enc.clauses()) as solver:
        while solver.solve():
            text += _dp_model_lines(solver.model()) + "0\n"
            solver.block_model()
    text += "0\n" + enc.key()
    answer = peg.read_answer(text)
    assert answer.solved and answer.complete
    solutions = {tuple(as_jumps(s)) for s in answer.solutions}
    assert len(solutions) == len(answer.solutions)
    assert solutions == {tuple(p) for p in all_plays(puzzle)}


def test_read_dp_unsat_answer():
    """An unsatisfiable DP answer ("0" and the key): not solved, complete,
    no solutions."""
    board = triangle_board(5, 1)
    board.set_goal([5])
    enc = board.encode()
    assert dpll.solve(enc.clauses(), vars=enc.atoms) == "UNSAT"
    answer = peg.read_answer("0\n" + enc.key())
    assert answer.solved is False
    assert answer.complete is True
    assert answer.solutions == []


def test_read_dp_answer_not_a_play():
    """A DP answer whose model is not a play (a Jump atom flipped) is
    refused with PlayError."""
    board = triangle_board(5, 1)
    enc = board.encode()
    model = list(_solved_model(enc))
    jumps = as_jumps(enc.decode(model))
    atom = enc.jump_atom(jumps[0], 1)
    model[atom - 1] = -atom
    with pytest.raises(dpll.PlayError):
        peg.read_answer(_dp_model_lines(model) + "0\n" + enc.key())


def _v_lines(model):
    lines, line = [], "v"
    for lit in list(model) + [0]:
        word = f" {lit}"
        if len(line) + len(word) > 78:
            lines.append(line)
            line = "v"
        line += word
    lines.append(line)
    return "\n".join(lines) + "\n"


def _comment_key(enc, clauses):
    """The DIMACS text peg-front --dimacs writes, as docs/encoding.md
    describes it: each key line after "c ", then the clauses."""
    key = "".join(f"c {line}\n" for line in enc.key().splitlines())
    body = f"p cnf {enc.atoms} {len(clauses)}\n" + "".join(
        " ".join(map(str, c)) + " 0\n" for c in clauses)
    return key + body


def test_read_sat_competition_answer():
    """An "s SATISFIABLE" / "v ... 0" answer with the key as DIMACS
    comments, or with the key alone: solved, replays; without a key:
    dpll.Error.  MiniSat's result file too."""
    board = triangle_board(5, 4)
    puzzle = triangle_puzzle(5, 4)
    enc = board.encode()
    clauses = enc.clauses()
    model = dpll.solve(clauses, vars=enc.atoms)
    answer_text = "c from some solver\ns SATISFIABLE\n" + _v_lines(model)
    for key in (_comment_key(enc, clauses), enc.key(), _comment_key(enc, clauses).encode()):
        answer = peg.read_answer(answer_text, key=key)
        assert answer.solved is True
        assert len(answer.solutions) == 1
        assert replay_problem(puzzle, as_jumps(answer.solutions[0])) is None
    minisat = "SAT\n" + " ".join(map(str, model)) + " 0\n"
    answer = peg.read_answer(minisat, key=enc.key())
    assert answer.solved
    assert replay_problem(puzzle, as_jumps(answer.solutions[0])) is None
    with pytest.raises(dpll.Error):
        peg.read_answer(answer_text)


def test_read_sat_competition_answer_only_true_atoms():
    """Atoms a model does not name are false: an answer listing only the
    true literals still decodes to the play."""
    board = triangle_board(5, 1)
    puzzle = triangle_puzzle(5, 1)
    enc = board.encode()
    model = dpll.solve(enc.clauses(), vars=enc.atoms)
    text = "s SATISFIABLE\n" + _v_lines([lit for lit in model if lit > 0])
    answer = peg.read_answer(text, key=enc.key())
    assert replay_problem(puzzle, as_jumps(answer.solutions[0])) is None


def test_read_answer_with_another_boards_key():
    """triangle5's answer read with triangle4's key is refused."""
    enc5 = triangle_board(5, 1).encode()
    enc4 = triangle_board(4, 2).encode()
    model = dpll.solve(enc5.clauses(), vars=enc5.atoms)
    with pytest.raises(dpll.Error):
        peg.read_answer("s SATISFIABLE\n" + _v_lines(model), key=enc4.key())
    with pytest.raises(dpll.Error):
        peg.read_answer("s SATISFIABLE\n" + _v_lines(model),
                        key="peg-key 1\nnot a key at all\n")


def test_read_sat_competition_unsat():
    """"s UNSATISFIABLE" with a key: not solved, no solutions."""
    board = triangle_board(4, 1)
    enc = board.encode()
    answer = peg.read_answer("s UNSATISFIABLE\n", key=enc.key())
    assert answer.solved is False and answer.solutions == []


@pytest.mark.parametrize("text, key_inside", [
    ("s SATISFIABLE\nv 1 x 0\n", False),
    ("s MAYBE\n", False),
    ("1 Q\n0\n", True),
    ("1 T\n2 T 3\n0\n", True),
])
def test_read_answer_malformed(text, key_inside):
    """A malformed answer: ParseError (a dpll.Error) with a position."""
    enc = triangle_board(4, 2).encode()
    with pytest.raises(dpll.ParseError) as info:
        if key_inside:
            peg.read_answer(text + enc.key(), name="answer.txt")
        else:
            peg.read_answer(text, key=enc.key(), name="answer.txt")
    assert info.value.name == "answer.txt"
    assert info.value.line >= 1


def test_read_answer_default_name():
    """Without name= the answer text is called "<string>" in errors, as
    for Board.parse and Solver.add_dimacs (the contract's signature
    read_answer(text, key=None, name="<string>"))."""
    enc = triangle_board(4, 2).encode()
    with pytest.raises(dpll.ParseError) as info:
        peg.read_answer("1 Q\n0\n" + enc.key())
    assert info.value.name == "<string>"
    assert str(info.value).startswith("<string>:1:1: ")
    with pytest.raises(dpll.ParseError) as info:
        peg.Board.parse("10 1\n1 2 11\n")
    assert info.value.name == "<string>"


@pytest.mark.skipif(PEG_FRONT is None, reason="peg-front is not built")
@pytest.mark.parametrize("board_text", [
    "".join(["15 1\n"] + [f"{a} {b} {c}\n" for a, b, c in triangle_triples(5)]),
    "".join(["10 0\n"] + [f"{a} {b} {c}\n" for a, b, c in triangle_triples(4)]),
    LINE5,
])
def test_read_answer_with_peg_front_dimacs_key(board_text):
    """The real peg-front --dimacs file as the key: its clauses (read by
    the tests) solved by dpll.solve, answered SAT-competition style, read
    back: a play that replays under the tests' reader and replay."""
    run = subprocess.run([PEG_FRONT, "--dimacs"], input=board_text,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    cnf = run.stdout
    clauses, current = [], []
    for line in cnf.splitlines():
        if line.startswith(("c", "p")) or not line.strip():
            continue
        for word in line.split():
            if word == "0":
                clauses.append(current)
                current = []
            else:
                current.append(int(word))
    model = dpll.solve(clauses)
    assert isinstance(model, list)
    answer = peg.read_answer("s SATISFIABLE\n" + _v_lines(model), key=cnf)
    puzzle = read_board(board_text)
    assert answer.solved
    assert replay_problem(puzzle, as_jumps(answer.solutions[0])) is None
