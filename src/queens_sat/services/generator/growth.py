"""Regions grown around the planted queens by a multi-source random flood fill.

Each region gets its own expansion rate (how often it is picked to grow; see
``rate_floor``) and a growth style: ``horizontal`` and ``vertical`` prefer cells
beside / above and below the cells they hold, so they grow into bands;
``compact`` prefers cells with many neighbours in the region already, so it
grows into blobs. Mixing them per region is what makes layouts look different
from one another, not all the same random blobs.
"""

from __future__ import annotations

import math
import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate

from queens_sat.services.generator.layout import neighbours

STYLES = ("horizontal", "vertical", "compact")
TOURNAMENT = 3  # frontier cells drawn per growth step; the style picks the best of them
SIDE_BIAS = 4  # a banded region's preference for its own direction


def rate_floor(n: int) -> float:
    """The slowest expansion rate on an n x n board: rates are log-uniform in [rate_floor(n), 1].

    The spread gives a few large regions and many small ones, as in published
    puzzles. It widens with n (0.1 at n = 10, 0.001 at n = 30) because evenly
    sized regions on a large board admit so many solutions that the repairs, and
    every search behind them, take far longer.
    """
    return 10.0 ** (-n / 10)


def grow_regions(n: int, solution: Sequence[int], rng: random.Random, max_size: int) -> list[int] | None:
    """A flat list of region numbers (region k grown from the queen of row k), or None when stuck.

    No region grows past ``max_size`` cells. With a cap, a pocket of cells can
    end up walled in by full regions: then the layout is given up (None) and the
    caller draws a new one.
    """
    return grow_from(n, [k * n + c for k, c in enumerate(solution)], rng, max_size)


def grow_from(n: int, seeds: Sequence[int], rng: random.Random, max_size: int) -> list[int] | None:
    """A flat list of blob numbers, blob i grown from cell ``seeds[i]``, or None when stuck (see ``grow_regions``)."""
    nbrs = neighbours(n)
    m = len(seeds)
    cells = [-1] * (n * n)
    sizes = [1] * m
    low = math.log(rate_floor(n))
    rates = [math.exp(rng.uniform(low, 0.0)) for _ in range(m)]
    styles = [rng.choice(STYLES) for _ in range(m)]
    frontier: list[list[tuple[int, bool]]] = [[] for _ in range(m)]  # (cell, reached sideways)
    for k, cell in enumerate(seeds):
        cells[cell] = k
        _push(frontier[k], cell, nbrs, cells, n)
    left = n * n - m
    active = [k for k in range(m) if sizes[k] < max_size]
    cumulative = list(accumulate(rates[a] for a in active))  # what ``rng.choices`` would make of the rates every step
    while left:
        if not active:
            return None
        # rng.choices(active, rates of active)[0], the same draw from the same random number, with the
        # cumulative rates kept between steps (they change only when a region stops growing)
        k = active[bisect(cumulative, rng.random() * (cumulative[-1] + 0.0), 0, len(active) - 1)] if len(active) > 1 else active[0]
        cell = _pick(frontier[k], styles[k], cells, k, nbrs, rng)
        if cell < 0 or sizes[k] >= max_size:
            active.remove(k)
            cumulative = list(accumulate(rates[a] for a in active))
            continue
        cells[cell] = k
        sizes[k] += 1
        left -= 1
        _push(frontier[k], cell, nbrs, cells, n)
    return cells


def _push(front: list[tuple[int, bool]], cell: int, nbrs, cells: list[int], n: int) -> None:
    row = cell // n
    for nb in nbrs[cell]:
        if cells[nb] < 0:
            front.append((nb, nb // n == row))


def _pick(front: list[tuple[int, bool]], style: str, cells: list[int], k: int, nbrs, rng: random.Random) -> int:
    """Take a free frontier cell of region ``k`` (the best of a few drawn, by style); -1 when none is left."""
    best, best_score, best_at = -1, -1.0, -1
    tries = 0
    while front and tries < TOURNAMENT:
        i = rng.randrange(len(front))
        cell, sideways = front[i]
        if cells[cell] >= 0:  # taken meanwhile: drop it
            if best_at == len(front) - 1:
                best_at = i  # the best so far is the entry about to move into slot i
            front[i] = front[-1]
            front.pop()
            continue
        tries += 1
        if style == "compact":
            score: float = [cells[nb] for nb in nbrs[cell]].count(k)
        else:
            score = SIDE_BIAS if sideways == (style == "horizontal") else 1
        score += rng.random()
        if score > best_score:
            best, best_score, best_at = cell, score, i
    if best < 0:
        return -1
    front[best_at] = front[-1]
    front.pop()
    return best
