"""dpll.solve and dpll.itersolve, pycosat's interface, judged by the
brute-force oracle of conftest.py (and, where it is installed, compared
with pycosat itself)."""
import pytest

import dpll
from conftest import (
    all_models,
    count_models,
    formula_case,
    is_satisfiable,
    max_var,
    model_shape_problem,
    optional_pycosat,
    pigeonhole,
    satisfies,
)

def _width(clauses, vars_):
    return max(vars_, max_var(clauses))


def _few_models(seed, most=1200):
    """Whether case `seed` has at most `most` models (kept quick to list)."""
    clauses, vars_ = formula_case(seed)
    return count_models(clauses, _width(clauses, vars_)) <= most


SOLVE_CASES = range(300)
ITERSOLVE_CASES = [s for s in range(0, 300, 2) if _few_models(s)]
PYCOSAT_ITER_CASES = [s for s in range(0, 300, 7)
                      if _width(*formula_case(s)) <= 10 and _few_models(s, 300)]


def test_cases_mix_sat_and_unsat():
    """The seeded corpus holds plenty of both verdicts, empty clauses, the
    empty formula and vars= beyond the clauses (else the tests below would
    be vacuous)."""
    cases = [formula_case(seed) for seed in SOLVE_CASES]
    verdicts = [is_satisfiable(c, _width(c, v)) for c, v in cases]
    assert 60 <= sum(verdicts) <= 240
    assert any(c == [] for c, _ in cases)
    assert any([] in c for c, _ in cases if c)
    assert any(v > max_var(c) for c, v in cases)
    assert {len(cl) for c, _ in cases for cl in c} >= {0, 1, 2, 3, 4}
    assert len(ITERSOLVE_CASES) >= 140 and len(PYCOSAT_ITER_CASES) >= 25


@pytest.mark.parametrize("seed", SOLVE_CASES)
def test_solve_matches_oracle(seed):
    """solve gives a model of n = max(vars, largest variable) literals in
    order that satisfies every clause exactly when the oracle finds one,
    and "UNSAT" exactly when it finds none."""
    clauses, vars_ = formula_case(seed)
    n = _width(clauses, vars_)
    answer = dpll.solve(clauses, vars=vars_)
    if is_satisfiable(clauses, n):
        assert answer not in ("UNSAT", "UNKNOWN"), (clauses, vars_)
        assert model_shape_problem(answer, n) is None, \
            model_shape_problem(answer, n)
        assert satisfies(answer, clauses), (clauses, answer)
    else:
        assert answer == "UNSAT", (clauses, vars_, answer)


@pytest.mark.parametrize("seed", ITERSOLVE_CASES)
def test_itersolve_lists_every_model_once(seed):
    """itersolve yields each model of the oracle exactly once: as many as
    the oracle counts, all distinct, each well formed and satisfying."""
    clauses, vars_ = formula_case(seed)
    n = _width(clauses, vars_)
    models = list(dpll.itersolve(clauses, vars=vars_))
    for model in models:
        assert model_shape_problem(model, n) is None, model_shape_problem(model, n)
        assert satisfies(model, clauses), (clauses, model)
    as_tuples = [tuple(m) for m in models]
    assert len(set(as_tuples)) == len(as_tuples), "a model came twice"
    assert sorted(as_tuples) == sorted(all_models(clauses, n))


def test_documented_example():
    """The contract's example, exactly."""
    assert dpll.solve([[1, 2], [-1]]) == [-1, 2]


def test_empty_formula():
    """No clauses: the empty model; with vars=k, k literals; itersolve
    gives one model (the empty one) or 2**k."""
    assert dpll.solve([]) == []
    assert list(dpll.itersolve([])) == [[]]
    model = dpll.solve([], vars=3)
    assert model_shape_problem(model, 3) is None
    models = list(dpll.itersolve([], vars=5))
    assert len(models) == 32
    assert len({tuple(m) for m in models}) == 32


@pytest.mark.parametrize("clauses", [[[]], [[1], []], [[], [1, 2]], [[1, 2], [-1], []]])
def test_empty_clause_is_unsat(clauses):
    """Any formula holding an empty clause is "UNSAT"; itersolve gives
    nothing."""
    assert dpll.solve(clauses) == "UNSAT"
    assert list(dpll.itersolve(clauses)) == []


def test_vars_beyond_clauses():
    """vars= beyond the clauses' variables: the model covers them all, and
    itersolve counts the free ones."""
    model = dpll.solve([[-2]], vars=6)
    assert model_shape_problem(model, 6) is None and -2 in model
    assert len(list(dpll.itersolve([[-2]], vars=6))) == 32


def test_vars_below_clauses():
    """vars= below the largest variable does not cut the model short."""
    model = dpll.solve([[4], [-1]], vars=2)
    assert model_shape_problem(model, 4) is None
    assert 4 in model and -1 in model


def test_any_iterables():
    """Clauses may be any iterable of iterables: generators, tuples,
    ranges, sets; the input is not changed."""
    assert dpll.solve(((1, 2), (-1,))) == [-1, 2]
    assert dpll.solve(iter([iter([1, 2]), iter([-1])])) == [-1, 2]
    assert dpll.solve(c for c in ([1, 2], [-1])) == [-1, 2]
    model = dpll.solve([range(1, 4), {-1}, frozenset({-2})])
    assert model == [-1, -2, 3]
    clauses = [[1, 2], [-1]]
    dpll.solve(clauses)
    list(dpll.itersolve(clauses))
    assert clauses == [[1, 2], [-1]]


def test_itersolve_is_a_lazy_generator():
    """itersolve returns an iterator; taking a few models and stopping is
    fine, and the models taken are distinct."""
    gen = dpll.itersolve([], vars=12)
    assert iter(gen) is gen
    first = [next(gen) for _ in range(5)]
    assert len({tuple(m) for m in first}) == 5
    del gen


def test_import_as_pycosat():
    """Code written for pycosat runs unchanged with `import dpll as
    pycosat` (pycosat's README example: its 18 models)."""
    import dpll as pycosat

    cnf = [[1, -5, 4], [-1, 5, 3, 4], [-3, -4]]
    sol = pycosat.solve(cnf)
    assert isinstance(sol, list) and satisfies(sol, cnf)
    assert model_shape_problem(sol, 5) is None
    found = []
    for solution in pycosat.itersolve(cnf):
        found.append(tuple(solution))
    assert len(found) == count_models(cnf, 5) == 18
    assert pycosat.solve([[1], [-1]]) == "UNSAT"


def test_prop_limit_gives_unknown():
    """A tiny propagation limit on pigeonhole 9 into 8 stops the search:
    "UNKNOWN"; without the limit the answer is "UNSAT"."""
    php = pigeonhole(9, 8)
    assert dpll.solve(php, prop_limit=100) == "UNKNOWN"
    assert dpll.solve(pigeonhole(5, 4)) == "UNSAT"


def test_prop_limit_generous_still_solves():
    """A limit the search does not reach leaves the answer alone."""
    model = dpll.solve(pigeonhole(4, 4), prop_limit=10 ** 9)
    assert isinstance(model, list) and satisfies(model, pigeonhole(4, 4))


def test_verbose_writes_statistics_to_stderr(capfd):
    """verbose=1 writes statistics on standard error; verbose=0 nothing."""
    capfd.readouterr()
    dpll.solve(pigeonhole(4, 3), verbose=0)
    quiet = capfd.readouterr()
    assert quiet.err == "" and quiet.out == ""
    dpll.solve(pigeonhole(4, 3), verbose=1)
    loud = capfd.readouterr()
    assert loud.err.strip() != ""


# ----------------------------------------------------------------------
# Errors
# ----------------------------------------------------------------------

def _check_error_text(exc):
    text = str(exc)
    assert text.strip() and "\n" not in text.strip(), repr(text)


@pytest.mark.parametrize("clauses", [
    [[0]],
    [[1, 0, 2]],
    [[dpll.MAX_VAR + 1]],
    [[-(dpll.MAX_VAR + 1)]],
    [[1], [2 ** 40]],
    [[2 ** 70]],
])
@pytest.mark.parametrize("call", ["solve", "itersolve"])
def test_bad_literal_raises_literal_error(clauses, call):
    """A literal 0 or beyond MAX_VAR is a LiteralError (an Error and a
    ValueError) with a negative .code, a str .message and a one-line text."""
    with pytest.raises(dpll.LiteralError) as info:
        if call == "solve":
            dpll.solve(clauses)
        else:
            list(dpll.itersolve(clauses))
    exc = info.value
    assert isinstance(exc, dpll.Error) and isinstance(exc, ValueError)
    assert isinstance(exc.code, int) and exc.code < 0
    assert isinstance(exc.message, str) and exc.message
    _check_error_text(exc)


def test_max_var_value():
    """MAX_VAR is the documented bound."""
    assert dpll.MAX_VAR == 16777215


@pytest.mark.parametrize("clauses", [
    # literals that are not ints
    [["a"]], [[1.5]], [[None]], [[1, "2"]], [[1], [2, 3.0]],
    # clauses, or a formula, that are not iterable
    [1, 2], [[1], 2], [None], 5, None,
])
@pytest.mark.parametrize("call", ["solve", "itersolve"])
def test_bad_types_raise_type_error(clauses, call):
    """A literal that is not an int, or clauses that are not iterable: a
    TypeError with a one-line text, from both calls."""
    with pytest.raises(TypeError) as info:
        if call == "solve":
            dpll.solve(clauses)
        else:
            list(dpll.itersolve(clauses))
    _check_error_text(info.value)


def test_error_hierarchy():
    """The exception classes are related as the contract says."""
    assert issubclass(dpll.Error, Exception)
    for cls in (dpll.LiteralError, dpll.ClosedError, dpll.ParseError,
                dpll.PlayError):
        assert issubclass(cls, dpll.Error) and issubclass(cls, ValueError)


def test_usable_after_errors():
    """A failed call leaves the module usable."""
    for bad in ([[0]], [["x"]], [3]):
        with pytest.raises((dpll.Error, TypeError)):
            dpll.solve(bad)
    assert dpll.solve([[1, 2], [-1]]) == [-1, 2]


# ----------------------------------------------------------------------
# pycosat itself, where installed (the oracle stays the brute force)
# ----------------------------------------------------------------------

pycosat_mark = pytest.mark.skipif(optional_pycosat() is None,
                                  reason="pycosat is not installed")


@pycosat_mark
@pytest.mark.parametrize("seed", range(0, 300, 3))
def test_verdicts_agree_with_pycosat(seed):
    """dpll and pycosat agree on SAT/UNSAT (and both agree with the
    oracle)."""
    pycosat = optional_pycosat()
    clauses, vars_ = formula_case(seed)
    n = _width(clauses, vars_)
    ours = dpll.solve(clauses, vars=vars_)
    theirs = pycosat.solve(clauses, vars=n)
    expected = is_satisfiable(clauses, n)
    assert (ours != "UNSAT") == expected
    assert (theirs != "UNSAT") == expected
    if expected:
        assert len(ours) == len(theirs) == n


@pycosat_mark
@pytest.mark.parametrize("seed", PYCOSAT_ITER_CASES)
def test_itersolve_agrees_with_pycosat(seed):
    """dpll.itersolve and pycosat.itersolve list the same set of models."""
    pycosat = optional_pycosat()
    clauses, vars_ = formula_case(seed)
    n = _width(clauses, vars_)
    ours = {tuple(m) for m in dpll.itersolve(clauses, vars=vars_)}
    theirs = {tuple(m) for m in pycosat.itersolve(clauses, vars=n)}
    assert ours == theirs
