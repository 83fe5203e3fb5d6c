"""dpll.Solver: incremental solving, assumptions and cores, models,
options, limits, the terminate callback, statistics, reading clause text,
closing, DRAT proofs and threads; answers judged by the brute-force oracle
of conftest.py (or by the pigeonhole principle for larger formulas)."""
import os
import random
import signal
import subprocess
import threading
import time

import pytest

import dpll
from conftest import (
    HANG_SECONDS,
    all_models,
    call_with_hang_detector,
    formula_case,
    is_satisfiable,
    max_var,
    model_shape_problem,
    pigeonhole,
    project_tool,
    random_cnf,
    satisfies,
    to_dimacs,
)


def random_small(seed, n_min=3, n_max=10):
    """A seeded random formula of n_min..n_max variables with clauses of
    1..4 literals near the SAT/UNSAT boundary: (clauses, n)."""
    rng = random.Random(seed * 7919 + 3)
    n = rng.randint(n_min, n_max)
    clauses = random_cnf(rng, n, rng.randint(n, 4 * n), 1, 4)
    return clauses, n


# ----------------------------------------------------------------------
# Incremental solving
# ----------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_incremental_clauses_match_oracle(seed):
    """Clauses added in three parts between solves: each verdict equals the
    oracle's on the clauses so far, each model satisfies them."""
    clauses, n = random_small(seed)
    cut1, cut2 = len(clauses) // 3, 2 * len(clauses) // 3
    solver = dpll.Solver(clauses[:cut1])
    parts = [clauses[:cut1], clauses[cut1:cut2], clauses[cut2:]]
    so_far = []
    for index, part in enumerate(parts):
        if index == 1:
            solver.add_clauses(part)
        elif index == 2:
            for clause in part:
                solver.add_clause(clause)
        so_far += part
        result = solver.solve()
        width = max_var(so_far)
        assert result is is_satisfiable(so_far, width), (so_far, result)
        if result:
            model = solver.model()
            assert model_shape_problem(model, solver.num_vars) is None
            assert satisfies(model, so_far)
    solver.close()


def test_num_vars_follows_clauses():
    """num_vars is the largest variable added; num_clauses is an int."""
    with dpll.Solver() as solver:
        assert solver.num_vars == 0
        solver.add_clause([1, -5])
        assert solver.num_vars == 5
        solver.add_clauses([[2], [-9, 3]])
        assert solver.num_vars == 9
        assert isinstance(solver.num_clauses, int) and solver.num_clauses >= 0


def test_empty_clause_and_empty_solver():
    """A solver with no clauses is satisfiable with an empty model; an
    added empty clause makes it unsatisfiable for good."""
    with dpll.Solver() as solver:
        assert solver.solve() is True
        assert solver.model() == []
        solver.add_clause([1])
        solver.add_clause([])
        assert solver.solve() is False
        assert solver.solve([1]) is False


@pytest.mark.parametrize("seed", range(60))
def test_assumptions_and_cores(seed):
    """Under assumptions: True means the model satisfies clauses and
    assumptions; False means core() is a subset of the assumptions with
    clauses + core unsatisfiable by brute force.  A plain solve afterwards
    answers for the clauses alone."""
    clauses, n = random_small(seed, 4, 10)
    rng = random.Random(seed)
    chosen = rng.sample(range(1, n + 1), rng.randint(1, min(5, n)))
    assumptions = [v if rng.random() < 0.5 else -v for v in chosen]
    with dpll.Solver(clauses) as solver:
        result = solver.solve(assumptions)
        expected = is_satisfiable(clauses + [[a] for a in assumptions], n)
        assert result is expected, (clauses, assumptions)
        if result:
            model = solver.model()
            assert satisfies(model, clauses)
            assert all(a in model for a in assumptions)
            assert all(solver.value(a) for a in assumptions)
        else:
            core = solver.core()
            assert isinstance(core, list)
            assert set(core) <= set(assumptions), (core, assumptions)
            assert not is_satisfiable(clauses + [[c] for c in core], n)
            if not is_satisfiable(clauses, n):
                assert core == []
        plain = solver.solve()
        assert plain is is_satisfiable(clauses, n)
        if plain:
            assert satisfies(solver.model(), clauses)


def test_assumption_corpus_has_both_verdicts():
    """The seeds above reach both SAT and UNSAT under assumptions."""
    verdicts = set()
    for seed in range(60):
        clauses, n = random_small(seed, 4, 10)
        rng = random.Random(seed)
        chosen = rng.sample(range(1, n + 1), rng.randint(1, min(5, n)))
        assumptions = [v if rng.random() < 0.5 else -v for v in chosen]
        verdicts.add(is_satisfiable(clauses + [[a] for a in assumptions], n))
    assert verdicts == {True, False}


def test_core_of_contradictory_assumptions():
    """Assuming x and -x: unsatisfiable, and the core must hold both."""
    with dpll.Solver([[1, 2], [2, 3]]) as solver:
        assert solver.solve([1, -1]) is False
        assert sorted(solver.core()) == [-1, 1]
        assert solver.solve() is True


def test_core_is_empty_when_clauses_are_unsat():
    """When the clauses alone are unsatisfiable the core is empty."""
    with dpll.Solver([[1], [-1]]) as solver:
        assert solver.solve([2, 3]) is False
        assert solver.core() == []


def test_core_picks_the_guilty_assumption():
    """Clauses -1 and 2: assuming 1, 2, 3, the core is [1] (the only subset
    of the assumptions that is unsatisfiable with the clauses and
    minimal); it must not hold -1 or anything not assumed."""
    with dpll.Solver([[-1], [2]]) as solver:
        assert solver.solve([3, 1, 2]) is False
        core = solver.core()
        assert 1 in core and set(core) <= {1, 2, 3}


def test_assumptions_do_not_stick():
    """An assumption holds for its solve only."""
    with dpll.Solver([[1, 2]]) as solver:
        assert solver.solve([-1]) is True and solver.value(2)
        assert solver.solve([-2]) is True and solver.value(1)
        assert solver.solve([-1, -2]) is False
        assert solver.solve() is True


def test_bad_clauses():
    """Clauses given to a Solver are checked as dpll.solve checks them:
    LiteralError for 0 or beyond MAX_VAR, TypeError for non-ints and
    non-iterables; the solver stays usable."""
    with pytest.raises(dpll.LiteralError):
        dpll.Solver([[1], [0]])
    with dpll.Solver() as solver:
        for bad in ([0], [1, dpll.MAX_VAR + 1], [-(dpll.MAX_VAR + 1)]):
            with pytest.raises(dpll.LiteralError):
                solver.add_clause(bad)
        for bad in (["a"], [1.5], [None], 7):
            with pytest.raises(TypeError):
                solver.add_clause(bad)
        with pytest.raises(TypeError):
            solver.add_clauses([1, 2])
        with pytest.raises(dpll.LiteralError):
            solver.add_clauses([[0], [3]])
        solver.add_clause([1, 2])
        assert solver.solve([-1]) is True
        assert solver.model()[1] == 2


def test_clauses_from_generators():
    """Solver(clauses) and add_clauses take any iterables."""
    with dpll.Solver(iter([(1, 2), range(-1, 0)])) as solver:
        solver.add_clauses(c for c in [{3}, (-2, -3, 4)])
        assert solver.solve() is True
        assert solver.model() == [-1, 2, 3, 4]


def test_bad_assumptions():
    """Assumption 0: LiteralError; a non-int: TypeError."""
    with dpll.Solver([[1]]) as solver:
        with pytest.raises(dpll.LiteralError):
            solver.solve([0])
        with pytest.raises(TypeError):
            solver.solve(["x"])
        with pytest.raises(dpll.LiteralError):
            solver.solve([dpll.MAX_VAR + 1])
        assert solver.solve() is True


# ----------------------------------------------------------------------
# model, value, block_model
# ----------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_value_agrees_with_model(seed):
    """value(lit) is the model's value: value(v) iff v in the model and
    value(-v) == not value(v)."""
    clauses, n = random_small(seed, 3, 9)
    with dpll.Solver(clauses) as solver:
        if not solver.solve():
            assert not is_satisfiable(clauses, n)
            return
        model = solver.model()
        assert satisfies(model, clauses)
        for v in range(1, solver.num_vars + 1):
            assert solver.value(v) is (v in model)
            assert solver.value(-v) is (-v in model)


def test_model_value_core_need_the_right_verdict():
    """model() and value() without a model, core() without an UNSAT answer,
    and value(0) raise dpll.Error (LiteralError for 0)."""
    with dpll.Solver([[1, 2]]) as solver:
        with pytest.raises(dpll.Error):
            solver.model()
        with pytest.raises(dpll.Error):
            solver.value(1)
        with pytest.raises(dpll.Error):
            solver.core()
        assert solver.solve() is True
        with pytest.raises(dpll.Error):
            solver.core()
        with pytest.raises(dpll.LiteralError):
            solver.value(0)
        solver.add_clause([-1])
        solver.add_clause([-2])
        assert solver.solve() is False
        with pytest.raises(dpll.Error):
            solver.model()
        with pytest.raises(dpll.Error):
            solver.value(1)
        assert solver.core() == []


@pytest.mark.parametrize("seed", range(25))
def test_block_model_enumerates_every_model(seed):
    """solve / block_model in a loop finds each model once and as many as
    the oracle counts."""
    clauses, _ = random_small(seed, 3, 8)
    n = max_var(clauses)
    seen = set()
    with dpll.Solver(clauses) as solver:
        assert solver.num_vars == n
        while solver.solve():
            model = tuple(solver.model())
            assert satisfies(model, clauses)
            assert model not in seen
            seen.add(model)
            solver.block_model()
            assert len(seen) <= 2 ** n
    assert seen == set(all_models(clauses, n))


@pytest.mark.parametrize("seed", range(15))
def test_block_model_on_some_variables(seed):
    """block_model(vars) rules out the model's values on those variables
    only: the loop finds every projection of the oracle's models once."""
    clauses, _ = random_small(seed, 4, 8)
    n = max_var(clauses)
    rng = random.Random(seed)
    project = sorted(rng.sample(range(1, n + 1), rng.randint(1, n - 1)))
    expected = {tuple(lit for lit in m if abs(lit) in project)
                for m in all_models(clauses, n)}
    seen = set()
    with dpll.Solver(clauses) as solver:
        while solver.solve():
            model = solver.model()
            assert satisfies(model, clauses)
            projection = tuple(lit for lit in model if abs(lit) in project)
            assert projection not in seen
            seen.add(projection)
            solver.block_model(project)
            assert len(seen) <= 2 ** len(project)
    assert seen == expected


# ----------------------------------------------------------------------
# Options
# ----------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ["dpll", "cdcl", "auto", 0, 1, 2])
def test_algorithms_agree_with_oracle(algorithm):
    """Each algorithm, by name or number, gives the oracle's verdicts and
    satisfying models on seeded random formulas."""
    for seed in range(40):
        clauses, vars_ = formula_case(seed)
        n = max(vars_, max_var(clauses))
        with dpll.Solver(clauses, algorithm=algorithm) as solver:
            result = solver.solve()
            assert result is is_satisfiable(clauses, n), (algorithm, clauses)
            if result:
                assert satisfies(solver.model(), clauses)


def test_algorithm_names_and_numbers_agree():
    """"dpll", "cdcl", "auto" are the options 0, 1, 2."""
    for number, name in enumerate(["dpll", "cdcl", "auto"]):
        with dpll.Solver(algorithm=name) as solver:
            assert solver.get_option("algorithm") == number
        with dpll.Solver() as solver:
            solver.set_option("algorithm", name)
            assert solver.get_option("algorithm") == number


@pytest.mark.parametrize("name, values", [
    ("heuristic", ["first", "jw", "dlis", "activity", "random", "vmtf",
                   "auto"]),
    ("restarts", ["none", "luby", "glucose", "mixed", "modes"]),
    ("target_phase", ["never", "luby", "always"]),
    ("rephase", ["never", "best", "turns", "walk"]),
])
def test_named_option_values(name, values):
    """String values of the choices are accepted, read back as
    distinct ints that set_option takes back, and solving still agrees with
    the oracle."""
    numbers = []
    for value in values:
        with dpll.Solver(**{name: value}) as solver:
            number = solver.get_option(name)
            assert isinstance(number, int)
            numbers.append(number)
            solver.set_option(name, number)
            assert solver.get_option(name) == number
            for seed in range(8):
                clauses, n = random_small(seed)
                solver2 = dpll.Solver(clauses, **{name: value})
                assert solver2.solve() is is_satisfiable(clauses, n)
                solver2.close()
    assert len(set(numbers)) == len(numbers)


@pytest.mark.parametrize("name, value", [
    ("seed", 7), ("pure", 0), ("pure", 1), ("minimize", 0), ("lucky", 1),
    ("decision_limit", 1000), ("conflict_limit", 50),
])
def test_int_options_round_trip(name, value):
    """Int options set by keyword or set_option read back unchanged."""
    with dpll.Solver(**{name: value}) as solver:
        assert solver.get_option(name) == value
    with dpll.Solver() as solver:
        solver.set_option(name, value)
        assert solver.get_option(name) == value


@pytest.mark.parametrize("options", [
    {"seed": 1}, {"seed": 12345, "heuristic": "random"},
    {"pure": 1, "algorithm": "dpll"}, {"eliminate": 1}, {"vivify": 1},
    {"eliminate": 1, "gates": 1}, {"subsume": 1}, {"substitute": 1},
    {"substitute": 1, "eliminate": 0}, {"vivify": 1, "vivify_all": 1},
    {"elim_rounds": 1},
    {"restarts": "modes"}, {"heuristic": "vmtf"},
    {"lookahead": 1, "algorithm": "dpll"}, {"restarts": "luby", "luby_unit": 8},
    {"factor": 1, "pure": 0, "algorithm": "cdcl"},
])
def test_option_combinations_agree_with_oracle(options):
    """Other option settings still give the oracle's verdicts."""
    for seed in range(15):
        clauses, n = random_small(seed, 3, 12)
        with dpll.Solver(clauses, **options) as solver:
            result = solver.solve()
            assert result is is_satisfiable(clauses, n), (options, clauses)
            if result:
                assert satisfies(solver.model(), clauses)


def _assert_plain_error(excinfo):
    exc = excinfo.value
    assert isinstance(exc, dpll.Error)
    assert not isinstance(exc, ValueError), "a bad option is a plain dpll.Error"
    assert isinstance(exc.code, int) and exc.code < 0
    assert str(exc).strip() and "\n" not in str(exc).strip()


OPTION_NAMES = ["algorithm", "heuristic", "restarts", "pure", "luby_unit",
                "reduce", "target_phase", "minimize", "lucky", "eliminate",
                "vivify", "rephase", "lookahead", "seed", "decision_limit",
                "conflict_limit", "factor", "subsume", "substitute", "vivify_all",
                "elim_rounds"]


def test_every_documented_option_exists():
    """get_option gives an int for every option the contract names, and
    setting it back to that value is accepted."""
    with dpll.Solver() as solver:
        for name in OPTION_NAMES:
            value = solver.get_option(name)
            assert isinstance(value, int), name
            solver.set_option(name, value)
            assert solver.get_option(name) == value


def test_bad_options():
    """An unknown option or a value out of range is a plain dpll.Error, in
    the constructor, set_option and get_option."""
    with pytest.raises(dpll.Error) as info:
        dpll.Solver(no_such_option=1)
    _assert_plain_error(info)
    with pytest.raises(dpll.Error) as info:
        dpll.Solver(algorithm="quantum")
    _assert_plain_error(info)
    with dpll.Solver() as solver:
        for name, value in [("algorithm", "quantum"), ("algorithm", 99),
                            ("heuristic", "psychic"), ("restarts", "often"),
                            ("no_such_option", 0)]:
            with pytest.raises(dpll.Error) as info:
                solver.set_option(name, value)
            _assert_plain_error(info)
        with pytest.raises(dpll.Error) as info:
            solver.get_option("no_such_option")
        _assert_plain_error(info)
        before = solver.get_option("algorithm")
        with pytest.raises(dpll.Error):
            solver.set_option("algorithm", 99)
        assert solver.get_option("algorithm") == before


# ----------------------------------------------------------------------
# Limits and stopping
# ----------------------------------------------------------------------

def test_conflict_limit_gives_none():
    """A conflict limit of 100 on pigeonhole 10 into 9 (which needs tens of
    thousands of conflicts) stops it: None, in well under the hang limit."""
    with dpll.Solver(pigeonhole(10, 9)) as solver:
        result = call_with_hang_detector(solver.solve, conflict_limit=100)
        assert result is None
        with pytest.raises(dpll.Error):
            solver.model()
        with pytest.raises(dpll.Error):
            solver.core()
        stats = solver.stats()
        assert stats["conflicts"] >= 100


def test_limits_apply_to_one_call():
    """A limit stops one solve only: the next one, without it, finishes
    (pigeonhole 7 into 6: UNSAT)."""
    with dpll.Solver(pigeonhole(7, 6)) as solver:
        assert solver.solve(conflict_limit=5) is None
        assert call_with_hang_detector(solver.solve) is False


def test_time_limit_gives_none():
    """A time limit of 0.2 s on pigeonhole 12 into 11 (which takes this
    solver well over 10 s) stops it: None, returned within the hang
    limit."""
    with dpll.Solver(pigeonhole(12, 11)) as solver:
        result = call_with_hang_detector(solver.solve, time_limit=0.2)
        assert result is None


def test_time_limit_generous_still_solves():
    """A time limit the search does not need leaves the answer alone."""
    with dpll.Solver(pigeonhole(5, 4)) as solver:
        assert solver.solve(time_limit=50.0) is False
    with dpll.Solver(pigeonhole(5, 5)) as solver:
        assert solver.solve(time_limit=50.0, conflict_limit=10 ** 9) is True
        assert satisfies(solver.model(), pigeonhole(5, 5))


def test_terminate_true_stops_solve():
    """A terminate function returning True stops the solve: None.  It is
    called during the solve."""
    calls = []

    def stop():
        calls.append(1)
        return len(calls) >= 3

    with dpll.Solver(pigeonhole(12, 11)) as solver:
        solver.set_terminate(stop)
        assert call_with_hang_detector(solver.solve) is None
        assert len(calls) >= 3


def test_terminate_false_lets_it_finish():
    """A terminate function returning False does not change the answer."""
    calls = []
    with dpll.Solver(pigeonhole(7, 6)) as solver:
        solver.set_terminate(lambda: calls.append(1) and False)
        assert call_with_hang_detector(solver.solve) is False


def test_terminate_exception_propagates():
    """An exception raised by the terminate function comes out of solve;
    after set_terminate(None) the solver works again."""
    class Stop(Exception):
        pass

    def boom():
        raise Stop("from the terminate function")

    with dpll.Solver(pigeonhole(12, 11)) as solver:
        solver.set_terminate(boom)
        with pytest.raises(Stop, match="from the terminate function"):
            call_with_hang_detector(solver.solve)
        solver.set_terminate(None)
        assert solver.solve(conflict_limit=50) is None
    with dpll.Solver([[1, 2], [-1]]) as solver:
        solver.set_terminate(None)
        assert solver.solve() is True


def test_ctrl_c_stops_solve():
    """SIGINT during a long solve (pigeonhole 13 into 12) stops it with
    KeyboardInterrupt, long before the hang limit (the solve's own time
    limit); the solver is usable afterwards."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        pytest.skip("SIGINT is not Python's default handler here")
    solver = dpll.Solver(pigeonhole(13, 12))
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    interrupted = False
    started = time.monotonic()
    try:
        timer.start()
        try:
            solver.solve(time_limit=HANG_SECONDS)
        finally:
            timer.join()
    except KeyboardInterrupt:
        interrupted = True
    elapsed = time.monotonic() - started
    assert interrupted, "the solve was not interrupted"
    assert elapsed < HANG_SECONDS / 2, "SIGINT did not stop the solve"
    assert solver.solve(conflict_limit=10) is None
    solver.close()


def test_set_terminate_rejects_non_callable():
    """set_terminate takes a callable or None."""
    with dpll.Solver() as solver:
        with pytest.raises((TypeError, dpll.Error)):
            solver.set_terminate(42)


# ----------------------------------------------------------------------
# Statistics
# ----------------------------------------------------------------------

def test_stats_keys_and_monotonic_counters():
    """stats() is a dict of str to int with decisions, conflicts and
    propagations; the counters do not go down from one solve to the next
    and show work after an UNSAT pigeonhole solve."""
    with dpll.Solver(pigeonhole(6, 5)) as solver:
        first = solver.stats()
        assert isinstance(first, dict)
        assert {"decisions", "conflicts", "propagations"} <= set(first)
        assert all(isinstance(k, str) and isinstance(v, int)
                   for k, v in first.items())
        assert solver.solve() is False
        second = solver.stats()
        assert second["conflicts"] > 0 and second["propagations"] > 0
        solver.add_clause([1, 2])
        solver.solve()
        third = solver.stats()
        for key in ("decisions", "conflicts", "propagations"):
            assert first[key] <= second[key] <= third[key], key


# ----------------------------------------------------------------------
# Reading clause text
# ----------------------------------------------------------------------

def test_add_dimacs_reads_dimacs():
    """DIMACS with comments, a clause spread over lines and two clauses on a
    line; the header's variables all exist."""
    text = "c a comment\np cnf 5 3\n1 -2\n 0 2 3 0 -1 0\nc end\n"
    with dpll.Solver() as solver:
        solver.add_dimacs(text)
        assert solver.num_vars == 5
        assert solver.solve() is True
        model = solver.model()
        assert model_shape_problem(model, 5) is None
        assert satisfies(model, [[1, -2], [2, 3], [-1]])


def test_add_dimacs_reads_bytes_and_dp_format():
    """The DP format (a clause a line, a line 0, back matter) and bytes."""
    with dpll.Solver() as solver:
        solver.add_dimacs(b"1 2\n-1\n0\nback matter, not clauses: 7 8\n")
        assert solver.solve() is True
        assert solver.model() == [-1, 2]


def test_add_dimacs_empty_clause():
    """A lone 0 in DIMACS is the empty clause."""
    with dpll.Solver() as solver:
        solver.add_dimacs("p cnf 2 2\n1 2 0\n0\n")
        assert solver.solve() is False


@pytest.mark.parametrize("seed", range(10))
def test_add_dimacs_matches_oracle(seed):
    """Random formulas written as DIMACS text and added to clauses already
    there: the verdict is the oracle's on the union."""
    clauses, n = random_small(seed)
    half = len(clauses) // 2
    with dpll.Solver(clauses[:half]) as solver:
        solver.add_dimacs(to_dimacs(clauses[half:], n))
        assert solver.solve() is is_satisfiable(clauses, n)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("text, line, column, relaxable", [
    ("p cnf 2 1\n1 3 0\n", 2, 3, True),          # beyond the header
    ("p cnf 3 1\n1 x 0\n", 2, 3, False),         # not a literal
    ("p cnf 3 1\n1 2 0\n2 -x 0\n", 3, 3, False),
    ("p cnf 2 1\n1 2 0\n-1 0\n", 3, None, True),  # more clauses than declared
    ("p cnf 2 3\n1 2 0\n", None, None, True),    # fewer than declared
    ("p cnf 2 1\n1 2 0 c note\n", 2, None, True),  # comment after the 0
    ("p cnf 2 1\n1 2\n", None, None, False),     # no closing 0
    ("1 2\n-1\n", None, None, False),            # DP: no line 0
    ("1 2 0\n0\n", 1, None, False),              # DP with DIMACS zeros
    ("1 2\n3x\n0\n", 2, 1, False),               # DP: bad token
])
def test_add_dimacs_errors(text, line, column, relaxable):
    """Bad text: ParseError with .name, .line and .column (pointing at the
    offending token where it is clear) and str "NAME:LINE:COLUMN: msg";
    relaxed=True accepts only the header faults."""
    with dpll.Solver() as solver:
        with pytest.raises(dpll.ParseError) as info:
            solver.add_dimacs(text, name="input.cnf")
        exc = info.value
        assert isinstance(exc, dpll.Error) and isinstance(exc, ValueError)
        assert exc.name == "input.cnf"
        assert isinstance(exc.line, int) and exc.line >= 1
        assert isinstance(exc.column, int) and exc.column >= 1
        if line is not None:
            assert exc.line == line
        if column is not None:
            assert exc.column == column
        prefix = f"input.cnf:{exc.line}:{exc.column}: "
        assert str(exc).startswith(prefix), str(exc)
        assert str(exc)[len(prefix):].strip()
        assert "\n" not in str(exc).strip()
        assert isinstance(exc.message, str) and exc.message.strip()
        assert exc.code < 0
    with dpll.Solver() as solver:
        if relaxable:
            solver.add_dimacs(text, relaxed=True)
            assert solver.solve() in (True, False)
        else:
            with pytest.raises(dpll.ParseError):
                solver.add_dimacs(text, relaxed=True)


def test_parse_error_default_name():
    """Without name= the text is called "<string>"."""
    with dpll.Solver() as solver:
        with pytest.raises(dpll.ParseError) as info:
            solver.add_dimacs("p cnf 1 1\n1 y 0\n")
        assert info.value.name == "<string>"
        assert str(info.value).startswith("<string>:2:3: ")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_relaxed_header_counts():
    """relaxed=True reads a header with wrong counts as the clauses say:
    more clauses than declared are all kept, a variable beyond the header
    counts."""
    with dpll.Solver() as solver:
        solver.add_dimacs("p cnf 2 1\n1 2 0\n-1 0\n-3 0\n", relaxed=True)
        assert solver.num_vars == 3
        assert solver.solve() is True
        assert solver.model() == [-1, 2, -3]
    with dpll.Solver() as solver:
        solver.add_dimacs("p cnf 2 9\n1 0\n-1 0\n", relaxed=True)
        assert solver.solve() is False


# ----------------------------------------------------------------------
# Closing
# ----------------------------------------------------------------------

CLOSED_CALLS = [
    ("add_clause", lambda s: s.add_clause([1])),
    ("add_clauses", lambda s: s.add_clauses([[1]])),
    ("add_dimacs", lambda s: s.add_dimacs("p cnf 1 1\n1 0\n")),
    ("solve", lambda s: s.solve()),
    ("solve with assumptions", lambda s: s.solve([1])),
    ("model", lambda s: s.model()),
    ("value", lambda s: s.value(1)),
    ("core", lambda s: s.core()),
    ("block_model", lambda s: s.block_model()),
    ("set_terminate", lambda s: s.set_terminate(None)),
    ("set_option", lambda s: s.set_option("seed", 1)),
    ("get_option", lambda s: s.get_option("seed")),
    ("stats", lambda s: s.stats()),
]


@pytest.mark.parametrize("name, call", CLOSED_CALLS, ids=[c[0] for c in CLOSED_CALLS])
def test_closed_solver_raises(name, call):
    """Every method after close() raises ClosedError (an Error and a
    ValueError); close() twice is fine."""
    solver = dpll.Solver([[1, 2]])
    assert solver.solve() is True
    assert solver.closed is False
    solver.close()
    assert solver.closed is True
    with pytest.raises(dpll.ClosedError) as info:
        call(solver)
    assert isinstance(info.value, dpll.Error)
    assert isinstance(info.value, ValueError)
    assert str(info.value).strip()
    solver.close()
    assert solver.closed is True


def test_context_manager_closes():
    """`with dpll.Solver() as s` gives the solver and closes it at the end,
    also when the block raises."""
    with dpll.Solver([[1]]) as solver:
        assert isinstance(solver, dpll.Solver)
        assert solver.solve() is True
    assert solver.closed
    with pytest.raises(dpll.ClosedError):
        solver.solve()
    with pytest.raises(KeyError):
        with dpll.Solver() as other:
            raise KeyError("inside")
    assert other.closed


# ----------------------------------------------------------------------
# DRAT proofs
# ----------------------------------------------------------------------

DRAT_CHECK = project_tool("drat-check", env_var="DPLL_DRAT_CHECK")


def _unsat_formulas():
    """Formulas the proofs are about: pigeonhole 5 into 4, and seeded random
    UNSAT formulas (checked by the oracle)."""
    formulas = [pigeonhole(5, 4)]
    seed = 0
    while len(formulas) < 4:
        clauses, n = random_small(seed, 6, 12)
        seed += 1
        if [] not in clauses and not is_satisfiable(clauses, n):
            formulas.append(clauses)
    return formulas


@pytest.mark.parametrize("index", range(4))
def test_text_proof(tmp_path, index):
    """proof=PATH on an UNSAT formula: the file is non-empty and ends with
    the empty clause, a line "0"; drat-check (if built) accepts it."""
    clauses = _unsat_formulas()[index]
    proof = tmp_path / "proof.drat"
    with dpll.Solver(clauses, proof=str(proof)) as solver:
        assert solver.solve() is False
    data = proof.read_text()
    assert data.strip(), "the proof is empty"
    lines = [line.strip() for line in data.splitlines() if line.strip()]
    assert lines[-1] == "0", lines[-3:]
    for line in lines:
        words = line.split()
        if words[0] == "d":
            words = words[1:]
        assert words[-1] == "0" and all(int(w) != 0 for w in words[:-1])
    if DRAT_CHECK:
        cnf = tmp_path / "f.cnf"
        cnf.write_text(to_dimacs(clauses))
        run = subprocess.run([DRAT_CHECK, "--text", str(cnf), str(proof)],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stdout + run.stderr


def test_binary_proof(tmp_path):
    """proof_format="binary": a binary DRAT file ending with the empty
    clause ('a' then 0); drat-check --binary (if built) accepts it."""
    clauses = pigeonhole(5, 4)
    proof = tmp_path / "proof.bin"
    with dpll.Solver(clauses, proof=proof, proof_format="binary") as solver:
        assert solver.solve() is False
    data = proof.read_bytes()
    assert data.endswith(b"a\x00"), data[-8:]
    if DRAT_CHECK:
        cnf = tmp_path / "f.cnf"
        cnf.write_text(to_dimacs(clauses))
        run = subprocess.run([DRAT_CHECK, "--binary", str(cnf), str(proof)],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.skipif(DRAT_CHECK is None, reason="drat-check is not built")
def test_proof_of_a_wrong_formula_is_refused(tmp_path):
    """The checker is a real judge: the proof of pigeonhole 5 into 4 does
    not verify against a satisfiable formula (pigeonhole 5 into 5)."""
    proof = tmp_path / "proof.drat"
    with dpll.Solver(pigeonhole(5, 4), proof=str(proof)) as solver:
        assert solver.solve() is False
    cnf = tmp_path / "f.cnf"
    cnf.write_text(to_dimacs(pigeonhole(4, 4)))
    run = subprocess.run([DRAT_CHECK, "--text", str(cnf), str(proof)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode != 0


def test_proof_path_that_cannot_be_written(tmp_path):
    """A proof path in a missing directory is refused with an exception."""
    with pytest.raises((dpll.Error, OSError)):
        solver = dpll.Solver([[1], [-1]],
                             proof=str(tmp_path / "no" / "such" / "dir" / "p"))
        solver.solve()


# ----------------------------------------------------------------------
# Threads
# ----------------------------------------------------------------------

def test_four_threads_each_with_its_own_solver():
    """Four threads solve at once, each with its own Solvers: random small
    formulas (oracle verdicts computed beforehand) and pigeonhole formulas
    (UNSAT iff more pigeons than holes); every answer checked."""
    jobs = []
    for thread in range(4):
        work = []
        for seed in range(thread * 25, thread * 25 + 25):
            clauses, n = random_small(seed, 4, 12)
            work.append((clauses, is_satisfiable(clauses, n)))
        work.append((pigeonhole(8, 7), False))
        work.append((pigeonhole(7, 7), True))
        jobs.append(work)
    failures = []

    def run(work):
        try:
            for clauses, expected in work:
                with dpll.Solver(clauses) as solver:
                    result = solver.solve()
                    if result is not expected:
                        failures.append((clauses, expected, result))
                    elif result and not satisfies(solver.model(), clauses):
                        failures.append((clauses, "model", solver.model()))
        except Exception as exc:  # reported below
            failures.append(("exception", repr(exc)))

    threads = [threading.Thread(target=run, args=(w,), daemon=True)
               for w in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
        assert not t.is_alive(), "a thread hung"
    assert failures == []


def test_bad_solve_arguments_leave_the_last_answer():
    """A solve refused for a bad argument (an assumption 0, a conflict
    limit out of range, a time limit that is not positive) changes
    nothing: the last answer's core and status stay, judged by brute
    force, and the next good solve answers as before."""
    clauses = [[1, 2], [-1, 3], [-2, 3]]
    with dpll.Solver(clauses) as solver:
        assert solver.solve(assumptions=[-3, 1]) is False
        core = solver.core()
        assert set(core) <= {-3, 1} and core
        assert not is_satisfiable(clauses + [[lit] for lit in core], 3)
        bad_calls = [
            lambda: solver.solve(assumptions=[0]),
            lambda: solver.solve(assumptions=[4, "x"]),
            lambda: solver.solve(assumptions=[2], conflict_limit=-5),
            lambda: solver.solve(assumptions=[2], time_limit=0),
        ]
        for bad in bad_calls:
            with pytest.raises((dpll.Error, TypeError)):
                bad()
            assert solver.core() == core
        assert solver.get_option("conflict_limit") == -1
        assert solver.solve(assumptions=[2]) is True
        assert satisfies(solver.model(), clauses + [[2]])


@pytest.mark.parametrize("seed", range(20))
def test_portfolio_threads_option(seed):
    """threads=2 (a portfolio of two searches in one solve): verdicts equal
    the oracle's, models satisfy the clauses, and the option reads back."""
    clauses, n = random_small(seed, 6, 12)
    with dpll.Solver(clauses, threads=2) as solver:
        assert solver.get_option("threads") == 2
        result = solver.solve()
        assert result is is_satisfiable(clauses, n)
        if result:
            assert satisfies(solver.model(), clauses)


def test_factor_adds_variables_the_caller_never_sees():
    """Bounded variable addition (option factor) re-encodes the pairwise
    at-most-one clauses of pigeonhole 6 into 5 with new variables; the
    answer is still UNSAT, and afterwards the solver has the caller's
    variables only: a satisfiable variant's model has exactly those."""
    holes, pigeons = 5, 6
    var = lambda p, h: p * holes + h + 1
    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    for h in range(holes):
        for p in range(pigeons):
            for q in range(p + 1, pigeons):
                clauses.append([-var(p, h), -var(q, h)])
    n = pigeons * holes
    with dpll.Solver(clauses, factor=1, pure=0, lucky=0,
                     algorithm="cdcl") as solver:
        assert solver.solve() is False
        assert solver.stats()["factored"] > 0
        assert solver.num_vars == n
    # One pigeon fewer: satisfiable, and the model names variables 1..n.
    sat = [c for c in clauses if all(abs(l) <= (pigeons - 1) * holes
                                     for l in c)]
    with dpll.Solver(sat, factor=1, pure=0, lucky=0,
                     algorithm="cdcl") as solver:
        assert solver.solve() is True
        model = solver.model()
        assert satisfies(model, sat)
        assert max(abs(l) for l in model) == (pigeons - 1) * holes

