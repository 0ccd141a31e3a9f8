"""The reference backend: the readable pure-Python searches, the oracle for every other.

It runs ``engines.regions.search_py`` for Queens boards and ``engines.stars.search_py``
for Star Battle boards (k > 1).
"""

from __future__ import annotations

import time
from collections.abc import Generator

from queens_sat.backends.base import Backend
from queens_sat.engines.regions.search_py import MAX_N, Board, search_parts
from queens_sat.engines.search import Stop
from queens_sat.engines.stars.search_py import StarBoard, search_stars
from queens_sat.model.grids import PlainGrid
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution

# auto's first turn on the reference searches, in nodes: about a tenth of a second here (some
# 400,000 nodes a second for one queen a unit, under 1,000 for k stars: a node runs the block flows)
FIRST_NODES = 1 << 15
FIRST_STAR_NODES = 1 << 6


class PythonBackend(Backend):
    name = "python"
    takes_turns = True
    star_battle = True
    effort_unit = "nodes"

    def unsupported(self, puzzle: Puzzle) -> str | None:
        if self.refuses_stars(puzzle):
            return self.refuses_stars(puzzle)
        if puzzle.n > MAX_N:
            return f"the pure-Python search handles n <= {MAX_N}, this board has n = {puzzle.n}"
        return None

    def first_effort(self, puzzle: Puzzle | PlainGrid) -> int:
        return FIRST_STAR_NODES if isinstance(puzzle, Puzzle) and puzzle.stars > 1 else FIRST_NODES

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None) -> Outcome:
        if puzzle.stars > 1:
            return search_stars(
                puzzle.n, puzzle.stars, _flat(puzzle), puzzle.queens, puzzle.blocked,
                limit=limit, keep=keep, time_limit=time_limit, node_limit=effort,
            )
        return search_parts(
            puzzle.n, puzzle.rule, _flat(puzzle), puzzle.queens, puzzle.blocked,
            limit=limit, keep=keep, time_limit=time_limit, node_limit=effort,
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

