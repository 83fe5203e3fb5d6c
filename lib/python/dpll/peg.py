"""libpeg from Python: peg-solitaire boards as clauses, models as jumps.

A jump is a tuple (from, over, to) of hole numbers.  Boards come from the
catalogue (``Board.named("english")``), from board-file text
(``Board.parse``) or are built (``Board(holes, triples, ...)``).  The
clauses of ``Board.encode()`` go to any solver; ``Encoding.decode`` turns
its model (a list of literals, as pycosat returns) back into the jumps,
checked by replaying them.  ``Board.solve``, ``hints`` and ``count`` use
libdpll.  See docs/python.md.
"""
from ._native import Answer, Board, Encoding, PlayError
from ._native import peg_catalogue as catalogue
from ._native import peg_read_answer as read_answer

Jump = tuple[int, int, int]

__all__ = ["Answer", "Board", "Encoding", "Jump", "PlayError", "catalogue",
           "read_answer"]
