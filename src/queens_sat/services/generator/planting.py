"""Which solution of a drawn board becomes the puzzle's answer: one drawn at random, never the search's first.

A designed board is drawn first and solved after; the repairs then make the
solution planted on it the only one. Planting the lexicographically first
solution (row 1's leftmost queen that goes on) put the row-1 queen in column 1
in three puzzles of four (issue 35): the search order became the answer. Here
the answer is drawn from the board's solutions with a weight that depends only on
where its queens stand (``answer_weight``), never on the order a search meets them:

- a board with fewer than ``LIST_ALL`` solutions has them all listed (the same set
  whatever the search), sorted, and one drawn by weight;
- on a board with more, cells are visited in a random order (each cell's place in
  it drawn by weight, Efraimidis-Spirakis) and a queen (star) is given on each cell
  from which a solution still goes on, until the placement is complete.

``CORNER_WEIGHT``: published Queens boards have a queen in a corner cell about
twice as often as a placement drawn uniformly does (community corpus, n 8-10: a
queen in some corner in 48-63 % of puzzles, uniform no-touch placements 34-41 %;
each corner 18-30 % against about 10 %), because their makers like a corner
region to start from. Each queen on a corner cell multiplies a Queens answer's
weight by it; Star Battle answers (no published reference here) are drawn
uniformly, and so are the answers a symmetry keeps (a half turn pairs the corners:
weighted, the few symmetric placements with two corner queens came out nine times
in a hundred puzzles at n = 8).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from queens_sat.services.generator.placement import random_placement

CORNER_WEIGHT = 2.2  # a Queens answer's weight per queen on a corner cell (see the module's docstring)
LIST_ALL = 256  # a board's solutions listed in full up to this many, then one drawn from them
WEIGHTED_MAX_N = 24  # above this (blobs only), placements are drawn uniformly: the corner prior is a small-board look

Extends = Callable[[tuple[tuple[int, int], ...]], bool]  # whether a solution goes on from these given cells


def corner_weight(n: int, stars: int) -> float:
    """The weight factor of a queen on a corner cell (1: none) for an n x n board with ``stars``."""
    return CORNER_WEIGHT if stars == 1 and n <= WEIGHTED_MAX_N else 1.0


def corners(n: int) -> frozenset[tuple[int, int]]:
    return frozenset(((0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)))


def answer_weight(n: int, stars: int, solution: Sequence[int]) -> float:
    """The prior weight of ``solution`` (k columns a row, row after row) as a puzzle's answer."""
    factor = corner_weight(n, stars)
    if factor == 1.0:
        return 1.0
    cells = corners(n)
    return float(factor ** sum((i // stars, c) in cells for i, c in enumerate(solution)))


def draw_listed(n: int, stars: int, solutions: Sequence[Sequence[int]], rng: random.Random, weighted: bool = True) -> list[int]:
    """One of ``solutions`` (a complete list) drawn by ``answer_weight`` (``weighted`` false: uniformly);
    the list's order does not matter."""
    ordered = sorted({tuple(int(c) for c in s) for s in solutions})
    weights = [answer_weight(n, stars, s) if weighted else 1.0 for s in ordered]
    return list(rng.choices(ordered, weights)[0])


def draw_greedy(n: int, stars: int, rng: random.Random, extends: Extends) -> list[int] | None:
    """A solution built cell by cell in a weighted random order (see the module's docstring);
    None when ``extends`` says no solution goes on from the empty board."""
    factor = corner_weight(n, stars)
    cells = corners(n)

    def key(cell: tuple[int, int]) -> float:  # Efraimidis-Spirakis: the weight-w cells come first more often
        weight = factor if cell in cells else 1.0
        return -math.log(1.0 - rng.random()) / weight

    order = sorted(((r, c) for r in range(n) for c in range(n)), key=key)
    given: tuple[tuple[int, int], ...] = ()
    in_row, in_col = [0] * n, [0] * n
    for r, c in order:
        if in_row[r] == stars or in_col[c] == stars:
            continue
        if any(max(abs(r - gr), abs(c - gc)) <= 1 for gr, gc in given):
            continue  # no two queens (stars) touch under either rule
        if extends((*given, (r, c))):
            given = (*given, (r, c))
            in_row[r] += 1
            in_col[c] += 1
            if len(given) == n * stars:
                break
    if len(given) < n * stars:
        return None
    return [c for _, c in sorted(given)]


def planted_placement(n: int, rng: random.Random, rule: str = "no-touch", stars: int = 1) -> list[int]:
    """A random placement (``placement.random_placement``) drawn by ``answer_weight``: the answer
    a blob layout is grown around. Rejection: a placement is kept with its weight over the
    most any has (at most two queens stand on corners, one in row 1 and one in row n)."""
    top = corner_weight(n, stars) ** 2
    while True:
        solution = random_placement(n, rng, rule, stars)
        if top == 1.0 or rng.random() * top < answer_weight(n, stars, solution):
            return solution
