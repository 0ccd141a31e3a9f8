"""A random valid placement of n queens: the solution a generated puzzle is built around."""

from __future__ import annotations

import random

RESTART_AFTER = 50  # dead ends per row before a placement starts over


def random_placement(n: int, rng: random.Random, rule: str = "no-touch") -> list[int]:
    """A random placement of n queens, one per row and column, that obeys ``rule``.

    Returns the queen's column in each row. Randomised depth-first search that
    starts over after too many dead ends: the heavy tail of plain backtracking is
    cut off, which keeps even n = 64 under the queens rule well under a second.
    Raises ValueError for the sizes without any placement (2 and 3).
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
