"""The reference backend: the readable pure-Python searches, the oracle for every other.

It runs ``engines.regions.reference`` for Queens boards and ``engines.stars.reference``
for Star Battle boards (k > 1).
"""

from __future__ import annotations

import time
from collections.abc import Generator

from queens_sat.backends.base import Backend
from queens_sat.engines.regions.reference import MAX_N, Board, search_parts
from queens_sat.engines.search import Stop
from queens_sat.engines.stars.reference import StarBoard, search_stars
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution


class PythonBackend(Backend):
    name = "python"
    takes_turns = True
    star_battle = True

    def unsupported(self, puzzle: Puzzle) -> str | None:
        if self.refuses_stars(puzzle):
            return self.refuses_stars(puzzle)
        if puzzle.n > MAX_N:
            return f"the pure-Python search handles n <= {MAX_N}, this board has n = {puzzle.n}"
        return None

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        if puzzle.stars > 1:
            return search_stars(
                puzzle.n, puzzle.stars, _flat(puzzle), puzzle.queens, puzzle.blocked,
                limit=limit, keep=keep, time_limit=time_limit,
            )
        return search_parts(
            puzzle.n, puzzle.rule, _flat(puzzle), puzzle.queens, puzzle.blocked,
            limit=limit, keep=keep, time_limit=time_limit,
        )

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Generator[Solution, None, bool]:
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        board: Board | StarBoard
        if puzzle.stars > 1:
            board = StarBoard(puzzle.n, puzzle.stars, _flat(puzzle), puzzle.queens, puzzle.blocked, deadline)
        else:
            board = Board(puzzle.n, puzzle.rule, _flat(puzzle), puzzle.queens, puzzle.blocked, deadline)
        try:
            yield from board.solutions()
        except Stop:
            return True
        return False


def _flat(puzzle: Puzzle) -> list[int] | None:
    return None if puzzle.regions is None else [k for row in puzzle.regions for k in row]

