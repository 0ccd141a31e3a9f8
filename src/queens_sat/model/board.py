"""A board as every search takes it: a ``Puzzle``, or a ``PlainGrid`` (a bare grid checked in C,
with no ``Puzzle`` built), which is a kind of board and not a side door. A backend that takes the
plain kind as it is says so (``backends.base.PlainBackend``); any other gets it as a ``Puzzle``
(``as_puzzle_board``)."""

from __future__ import annotations

from typing import TypeAlias

from queens_sat.model.grids import PlainGrid
from queens_sat.model.puzzle import Puzzle

Board: TypeAlias = Puzzle | PlainGrid


def as_puzzle_board(board: Board) -> Puzzle:
    """``board`` as a ``Puzzle`` (a plain grid built into one; its errors name the cell)."""
    return board if isinstance(board, Puzzle) else Puzzle.of_plain(board)
