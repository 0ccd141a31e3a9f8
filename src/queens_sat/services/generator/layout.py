"""A board being generated: regions on a flat cell list, the planted solution, region sizes.

Cells are numbered ``r * n + c``. The regions live twice: as a flat Python list
(fast to read cell by cell in the repair loop) and as the n x n int64 numpy array
the validator reads without a copy; ``move`` keeps the two in step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

import numpy as np

from queens_sat.model.placement import star_cells
from queens_sat.model.puzzle import Puzzle


class Move(NamedTuple):
    """Cells handed over to another region: the repair's one kind of change."""

    cells: tuple[int, ...]
    region: int


@cache
def neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """For every cell, the cells above, below, left and right of it that are on the board."""
    out = []
    for r in range(n):
        for c in range(n):
            out.append(tuple(
                rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n
            ))
    return tuple(out)


@cache
def _state_codes(n: int) -> tuple[int, ...]:
    """A random 64-bit code for every (cell, region) pair of an n x n board, the same on every run."""
    rng = random.Random(n)
    return tuple(rng.getrandbits(64) for _ in range(n * n * n))


class Layout:
    """Regions grown around a planted solution: region k holds the queen of row k... wherever it is.

    Region ``k`` is the one grown from the queen of row ``k`` (with ``stars`` = k > 1,
    the one holding the planted stars ``anchors[k]``), so the planted solution
    stays valid as long as no planted cell changes region.
    """

    __slots__ = ("_flat", "anchors", "cells", "givens", "grid", "key", "n", "queen_cells", "rule", "sizes", "solution", "stars")

    def __init__(self, n: int, rule: str, cells: Sequence[int], solution: Sequence[int], stars: int = 1) -> None:
        self.n, self.rule, self.stars = n, rule, stars
        self.cells = list(cells)
        self.grid = np.array(self.cells, dtype=np.int64).reshape(n, n)
        self._flat = self.grid.data.cast("B").cast("q")  # the grid's cells, set one by one as the repair moves them
        self.sizes = [0] * n
        for k in self.cells:
            self.sizes[k] += 1
        self.solution = tuple(solution)
        self.givens: tuple[tuple[int, int], ...] = ()  # given queens (stars) of the planted answer, (row, column)
        planted = sorted(r * n + c for r, c in star_cells(solution, stars))
        self.queen_cells = frozenset(planted)
        anchors: list[list[int]] = [[] for _ in range(n)]
        for cell in planted:
            anchors[self.cells[cell]].append(cell)
        self.anchors = tuple(tuple(a) for a in anchors)  # each region's planted cells, which never move
        codes = _state_codes(n)
        self.key = 0  # the layout's state, hashed (Zobrist): kept up to date move by move, so the repair sees a cycle
        for cell, region in enumerate(self.cells):
            self.key ^= codes[cell * n + region]

    def key_after(self, move: Move) -> int:
        """``key`` as it would be after ``move``, without making it."""
        codes, n, key = _state_codes(self.n), self.n, self.key
        for cell in move.cells:
            key ^= codes[cell * n + self.cells[cell]] ^ codes[cell * n + move.region]
        return key

    def move(self, move: Move) -> list[tuple[int, int]]:
        """Give the move's cells to its region (the caller has checked the region rules).

        Returns what ``undo`` needs to put them back: (cell, old region) pairs.
        """
        before = [(cell, self.cells[cell]) for cell in move.cells]
        self._assign([(cell, move.region) for cell in move.cells])
        return before

    def undo(self, before: list[tuple[int, int]]) -> None:
        self._assign(before)

    def _assign(self, changes: list[tuple[int, int]]) -> None:
        """Give each cell its region, the key, sizes and grid kept in step (a move at n = 48 is a
        dozen cells, and the repair makes and undoes thousands of them)."""
        codes, n, cells, sizes, flat = _state_codes(self.n), self.n, self.cells, self.sizes, self._flat
        key = self.key
        for cell, region in changes:
            old = cells[cell]
            key ^= codes[cell * n + old] ^ codes[cell * n + region]
            sizes[old] -= 1
            sizes[region] += 1
            cells[cell] = region
            flat[cell] = region
        self.key = key

    def rows(self) -> list[list[int]]:
        n = self.n
        return [self.cells[r * n:(r + 1) * n] for r in range(n)]

    def puzzle(self) -> Puzzle:
        return Puzzle(self.rows(), rule=self.rule, stars=self.stars, queens=self.givens)
