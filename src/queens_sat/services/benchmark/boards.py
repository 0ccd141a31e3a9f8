"""Random boards to benchmark on, made the way a generator meets them, not made unique.

``planted_board`` places a random solution and grows the regions around its
queens by random flood fill. Every board it makes has at least one solution
(the planted one) and usually several: there is no repair towards uniqueness,
so that the benchmark also times boards with many solutions. ``cells_board``
grows the regions from n random cells instead, as a generator's first draft
may: most such boards of any size have no solution at all, and proving that is
where a plain backtracker's tails are. Unique boards come from
``queens_sat.services.generator`` (``queens-sat generate``). With ``stars`` = k > 1 both
make Star Battle boards: the planted kind places k stars a row and column and
joins the regions grown around them k stars at a time (the generator's
``joining``), so each region holds k planted stars.
"""

from __future__ import annotations

import random

from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.generator.placement import random_placement


def random_board(n: int, rng: random.Random, rule: str = "no-touch") -> Puzzle:
    """A random n×n puzzle with at least one solution (the benchmark's source of boards)."""
    return planted_board(n, rng, rule)


def planted_board(n: int, rng: random.Random, rule: str = "no-touch", stars: int = 1) -> Puzzle:
    """Regions flood-filled around a random solution; raises ValueError if none exists."""
    queens = random_placement(n, rng, rule, stars)
    if stars > 1:
        return Puzzle(_star_regions(n, stars, queens, rng), rule=rule, stars=stars)
    return Puzzle(flood_fill(n, [(r, c) for r, c in enumerate(queens)], rng), rule=rule)


def _star_regions(n: int, stars: int, solution: list[int], rng: random.Random) -> list[list[int]]:
    """Regions holding k planted stars each, connected, of any size (drawn again until the join works)."""
    from queens_sat.services.generator.joining import star_regions

    while True:
        cells = star_regions(n, stars, solution, rng, n * n)
        if cells is not None:
            return [cells[r * n : (r + 1) * n] for r in range(n)]


BOARD_KINDS = ("planted", "cells")


def cells_board(n: int, rng: random.Random, rule: str = "no-touch", stars: int = 1) -> Puzzle:
    """Regions flood-filled from n distinct random cells (any number of solutions, often none)."""
    seeds = [divmod(i, n) for i in rng.sample(range(n * n), n)]
    return Puzzle(flood_fill(n, seeds, rng), rule=rule, stars=stars)


def kind_board(kind: str, n: int, rng: random.Random, rule: str = "no-touch", stars: int = 1) -> Puzzle:
    """A random board of the named kind (``BOARD_KINDS``), with ``stars`` stars a row, column and region."""
    if kind == "planted":
        return planted_board(n, rng, rule, stars)
    if kind == "cells":
        return cells_board(n, rng, rule, stars)
    raise ValueError(f"unknown kind of board {kind!r}; choose {' or '.join(BOARD_KINDS)}")


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
