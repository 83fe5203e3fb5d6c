"""dpll: the libdpll SAT solver from Python, and libpeg in dpll.peg.

pycosat's interface (``solve``, ``itersolve``), so that ``import dpll as
pycosat`` runs pycosat code unchanged, and ``Solver`` for incremental use
(assumptions, failed assumptions, limits, proofs, statistics).  See
docs/python.md.
"""
from ._native import (
    MAX_VAR,
    ClosedError,
    Error,
    LiteralError,
    ParseError,
    PlayError,
    Solver,
    __version__,
    itersolve,
    solve,
)

__all__ = [
    "MAX_VAR",
    "ClosedError",
    "Error",
    "LiteralError",
    "ParseError",
    "PlayError",
    "Solver",
    "__version__",
    "itersolve",
    "solve",
]
