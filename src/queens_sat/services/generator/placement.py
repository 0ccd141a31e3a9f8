"""A random valid placement of n queens (or k stars a row): the solution a generated puzzle is built around."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

RESTART_AFTER = 50  # dead ends per row before a placement starts over
URGENCY_JITTER = 1.5  # k stars a row: how far chance reorders columns that lack different numbers of stars


def star_room(n: int, stars: Any, rule: str) -> str | None:
    """Why no n x n board has a placement of ``stars`` stars a row (None when some board has):
    the model's own checks (``puzzle.check_stars``, ``puzzle.check_star_room``: n >= 4k)."""
    from queens_sat.model.puzzle import check_star_room, check_stars

    try:
        k = check_stars(stars, rule)
        if k > 1:
            check_star_room(n, k)
    except ValueError as err:
        return str(err)
    return None


def random_placement(n: int, rng: random.Random, rule: str = "no-touch", stars: int = 1) -> list[int]:
    """A random placement of n queens, one per row and column, that obeys ``rule``
    (with ``stars`` = k > 1: k stars a row and column, no two touching).

    Returns the queen's column in each row (for k > 1 the k star columns of each
    row, ascending, row after row: ``rules.star_rows`` groups them). Randomised
    depth-first search that starts over after too many dead ends: the heavy tail
    of plain backtracking is cut off, which keeps even n = 64 under the queens
    rule well under a second. Raises ValueError for the sizes without any
    placement (2 and 3; for k > 1 below 4k - 1).
    """
    if stars > 1:
        return _random_stars(n, stars, rng)
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


def _random_stars(n: int, k: int, rng: random.Random) -> list[int]:
    why = star_room(n, k, "no-touch")
    if why:
        raise ValueError(why)
    while True:
        search = _RandomStars(n, k, rng)
        if search.extend():
            return [c for cols in search.rows for c in cols]


class _RandomStars:
    """One attempt at k stars a row: rows filled in order, each row's k columns drawn at random.

    A row is kept only while every column (and every pair of neighbouring
    columns, which share a 2 x 2 block a row pair) can still get the stars it
    lacks in the rows below: that bound prunes most dead ends before they are
    entered.
    """

    def __init__(self, n: int, k: int, rng: random.Random) -> None:
        self.n, self.k, self.rng = n, k, rng
        self.need = [k] * n  # stars each column still lacks
        self.rows: list[tuple[int, ...]] = []
        self.dead_ends = 0

    def extend(self) -> bool:
        r = len(self.rows)
        if r == self.n:
            return True
        touched = {c + d for c in (self.rows[-1] if self.rows else ()) for d in (-1, 0, 1)}
        # columns that lack the most first (then at random): the tight boards (n near 4k) need it
        urgency = {c: self.need[c] + URGENCY_JITTER * self.rng.random() for c in range(self.n)}
        free = sorted((c for c in range(self.n) if self.need[c] and c not in touched), key=urgency.__getitem__, reverse=True)
        for cols in _spread_subsets(free, self.k):
            for c in cols:
                self.need[c] -= 1
            self.rows.append(cols)
            if self.room_left(cols) and self.extend():
                return True
            self.rows.pop()
            for c in cols:
                self.need[c] += 1
            if self.dead_ends > RESTART_AFTER * self.n:
                return False
        self.dead_ends += 1
        return False

    def room_left(self, cols: tuple[int, ...]) -> bool:
        """Whether the rows below can still give each column, and each pair of neighbouring columns, what it lacks.

        In R rows a column holds at most ceil(R / 2) stars (no two in touching
        rows), and so does a pair of neighbouring columns (a 2 x 2 block holds one
        star); one row fewer where this row's stars block the next row there.
        """
        rows_left = self.n - len(self.rows)
        half, less = (rows_left + 1) // 2, rows_left // 2
        need = self.need
        placed = set(cols)
        for c in range(self.n):
            if need[c] > (less if c in placed else half):
                return False
            if c + 1 < self.n:
                blocked = c in placed or c + 1 in placed
                if need[c] + need[c + 1] > (less if blocked else half):
                    return False
        return True


def _spread_subsets(free: list[int], k: int, start: int = 0, chosen: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Every set of k columns of ``free`` no two of which are neighbours (each sorted), in the order ``free`` gives."""
    if len(chosen) == k:
        yield tuple(sorted(chosen))
        return
    for i in range(start, len(free) - (k - len(chosen)) + 1):
        c = free[i]
        if all(abs(c - d) > 1 for d in chosen):
            yield from _spread_subsets(free, k, i + 1, (*chosen, c))
