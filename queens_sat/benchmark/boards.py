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
from ..rules import Cell, clash

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
    keeps even n = 64 under the queens rule to milliseconds.
    """
    if n in (2, 3):
        raise ValueError(f"no {n}x{n} board has a solution: rows and columns force queens to {'touch' if rule == 'no-touch' else 'attack'}")
    while True:
        placed: list[int] = []
        if _extend(placed, n, rng, rule, [0]):
            return placed


def _extend(placed: list[int], n: int, rng: random.Random, rule: str, dead_ends: list[int]) -> bool:
    r = len(placed)
    if r == n:
        return True
    columns = list(range(n))
    rng.shuffle(columns)
    for c in columns:
        if all(not clash(rule, (rr, cc), (r, c)) for rr, cc in enumerate(placed)):
            placed.append(c)
            if _extend(placed, n, rng, rule, dead_ends):
                return True
            placed.pop()
            if dead_ends[0] > RESTART_AFTER * n:
                return False
    dead_ends[0] += 1
    return False


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
