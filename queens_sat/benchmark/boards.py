"""Random boards to benchmark on, until the real generator exists.

``planted_board`` places a random solution and grows the regions around its
queens by random flood fill. Every board it makes has at least one solution
(the planted one) and usually several: there is no repair towards uniqueness.
That is the generator's job (issue 5); when it lands, ``random_board`` is the
one function to point at it.
"""

from __future__ import annotations

import random

from ..puzzle import Puzzle
from ..rules import Cell

RESTART_AFTER = 50  # dead ends per row before a placement starts over


def random_board(n: int, rng: random.Random, rule: str = "no-touch") -> Puzzle:
    """A random n×n puzzle with at least one solution (the benchmark's source of boards)."""
    return planted_board(n, rng, rule)


def planted_board(n: int, rng: random.Random, rule: str = "no-touch") -> Puzzle:
    """Regions flood-filled around a random solution; raises ValueError if none exists."""
    queens = random_solution(n, rng, rule)
    return Puzzle(flood_fill(n, [(r, c) for r, c in enumerate(queens)], rng), rule=rule)


def random_solution(n: int, rng: random.Random, rule: str) -> list[int]:
    """A random placement of n queens, one per row and column, that obeys ``rule``.

    Randomised depth-first search that starts over after too many dead ends, which
    keeps even n = 64 under the queens rule well under a second.
    """
    if n in (2, 3):
        word = "touch" if rule == "no-touch" else "attack each other"
        raise ValueError(f"no {n}x{n} board has a solution: its queens would {word}")
    while True:
        search = _RandomPlacement(n, rng, rule)
        if search.extend():
            return search.placed


class _RandomPlacement:
    """One attempt: rows filled in order, columns tried in random order."""

    def __init__(self, n: int, rng: random.Random, rule: str) -> None:
        self.n, self.rng, self.queens_rule = n, rng, rule == "queens"
        self.placed: list[int] = []
        self.columns: set[int] = set()
        self.diagonals: set[int] = set()  # r - c, queens rule
        self.anti_diagonals: set[int] = set()  # r + c, queens rule
        self.dead_ends = 0

    def free(self, r: int, c: int) -> bool:
        if c in self.columns:
            return False
        if self.queens_rule:
            return r - c not in self.diagonals and r + c not in self.anti_diagonals
        return r == 0 or abs(self.placed[-1] - c) > 1

    def extend(self) -> bool:
        r = len(self.placed)
        if r == self.n:
            return True
        order = list(range(self.n))
        self.rng.shuffle(order)
        for c in order:
            if not self.free(r, c):
                continue
            self._mark(r, c, add=True)
            if self.extend():
                return True
            self._mark(r, c, add=False)
            if self.dead_ends > RESTART_AFTER * self.n:
                return False
        self.dead_ends += 1
        return False

    def _mark(self, r: int, c: int, add: bool) -> None:
        if add:
            self.placed.append(c)
            self.columns.add(c)
            self.diagonals.add(r - c)
            self.anti_diagonals.add(r + c)
        else:
            self.placed.pop()
            self.columns.discard(c)
            self.diagonals.discard(r - c)
            self.anti_diagonals.discard(r + c)


def flood_fill(n: int, seeds: list[Cell], rng: random.Random) -> list[list[int]]:
    """n connected regions grown from the seed cells, one cell at a time at random."""
    grid = [[-1] * n for _ in range(n)]
    frontier: list[tuple[int, int, int]] = []
    for k, (r, c) in enumerate(seeds):
        grid[r][c] = k
        frontier.extend((rr, cc, k) for rr, cc in _neighbours(n, r, c))
    while frontier:
        i = rng.randrange(len(frontier))
        frontier[i], frontier[-1] = frontier[-1], frontier[i]
        r, c, k = frontier.pop()
        if grid[r][c] != -1:
            continue
        grid[r][c] = k
        frontier.extend((rr, cc, k) for rr, cc in _neighbours(n, r, c) if grid[rr][cc] == -1)
    return grid


def _neighbours(n: int, r: int, c: int) -> list[Cell]:
    return [(rr, cc) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]
