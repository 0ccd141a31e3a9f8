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

Where the queens stand: published Queens boards have a queen in a corner cell more often
than a placement drawn uniformly does (uniform no-touch placements: 34-41 % at n 8-10),
because their makers like a corner region to start from. At the sizes the community
corpus holds well (n 6-11, 57-174 puzzles with one solution a size) each puzzle first
draws whether its answer has a corner queen, with the corpus's share at that n
(``CORNER_SHARE``), and the answer is then drawn among the solutions of that kind (a
board with none of it is drawn again): the share follows the reference whatever the design,
where a fixed weight per corner queen gave 47-67 % by style against the corpus's
48-63 %. The per-n shares swing (62 % at n 8, 48 % at n 9, 63 % at n 10) more than the
corpus's sampling error explains with confidence (about 6 points a size), but they are
the only reference there is, and pooling them would aim 10 points off at n 9; a corpus
with more puzzles should replace the table. Elsewhere (n < 6, n > 11) a queen on a corner
cell multiplies an answer's weight by ``CORNER_WEIGHT``. Star Battle answers (no
published reference here) are drawn uniformly. Within a kind, the answer is drawn
uniformly, also among the answers a symmetry keeps.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from queens_sat.services.generator.placement import random_placement

CORNER_WEIGHT = 2.2  # a Queens answer's weight per queen on a corner cell, outside ``CORNER_SHARE``'s sizes
# the share of the community corpus's one-solution puzzles with a queen in a corner cell, by n
# (/work/shared/corpus/community.jsonl: 39/67, 108/174, 44/71, 31/64, 36/57, 69/158)
CORNER_SHARE = {6: 0.582, 7: 0.621, 8: 0.620, 9: 0.484, 10: 0.632, 11: 0.437}
LIST_ALL = 256  # a board's solutions listed in full up to this many, then one drawn from them
WEIGHTED_MAX_N = 24  # above this (blobs only), placements are drawn uniformly: the corner prior is a small-board look

Extends = Callable[[tuple[tuple[int, int], ...]], bool]  # whether a solution goes on from these given cells


def corner_weight(n: int, stars: int) -> float:
    """The weight factor of a queen on a corner cell (1: none) for an n x n board with ``stars``
    (1 where ``CORNER_SHARE`` decides instead)."""
    return CORNER_WEIGHT if stars == 1 and n <= WEIGHTED_MAX_N and n not in CORNER_SHARE else 1.0


def corner_wanted(n: int, stars: int, rng: random.Random) -> bool | None:
    """Whether this puzzle's answer is to have a queen in a corner cell, drawn with the corpus's
    share at n (``CORNER_SHARE``); None (either) for Star Battles and at other sizes."""
    if stars != 1 or n not in CORNER_SHARE:
        return None
    return rng.random() < CORNER_SHARE[n]


def has_corner(n: int, stars: int, solution: Sequence[int]) -> bool:
    """Whether ``solution`` (k columns a row, row after row) has a queen (star) in a corner cell."""
    cells = corners(n)
    return any((i // stars, c) in cells for i, c in enumerate(solution))


def corners(n: int) -> frozenset[tuple[int, int]]:
    return frozenset(((0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)))


def answer_weight(n: int, stars: int, solution: Sequence[int]) -> float:
    """The prior weight of ``solution`` (k columns a row, row after row) as a puzzle's answer."""
    factor = corner_weight(n, stars)
    if factor == 1.0:
        return 1.0
    cells = corners(n)
    return float(factor ** sum((i // stars, c) in cells for i, c in enumerate(solution)))


def draw_listed(
    n: int, stars: int, solutions: Sequence[Sequence[int]], rng: random.Random, weighted: bool = True, corner: bool | None = None,
) -> list[int] | None:
    """One of ``solutions`` (a complete list) drawn by ``answer_weight`` (``weighted`` false: uniformly);
    with ``corner``, only among those with (True) or without (False) a corner queen, None when
    there are none (the board is drawn again: drawn among all instead, the answers followed the
    boards' leaning rather than the wish); the list's order does not matter."""
    ordered = sorted({tuple(int(c) for c in s) for s in solutions})
    if corner is not None:
        ordered = [s for s in ordered if has_corner(n, stars, s) == corner]
    if not ordered:
        return None
    weights = [answer_weight(n, stars, s) if weighted else 1.0 for s in ordered]
    return list(rng.choices(ordered, weights)[0])


def draw_greedy(
    n: int, stars: int, rng: random.Random, extends: Extends, corner: bool | None = None, tries: int = 3,
) -> list[int] | None:
    """A solution built cell by cell in a weighted random order (see the module's docstring);
    None when ``extends`` says no solution goes on from the empty board. With ``corner`` True:
    the corner cells tried first, in a random order, until one takes a queen (then the others
    wait their turn in the order: putting them all first gave two corner queens too often);
    False: no corner cell. When the queens given on the way complete only through a corner
    cell, it is drawn again, ``tries`` times in all, then None: the board is drawn again (drawn
    again without the wish instead, 14 % of the no-corner wishes of ``bands`` at n 9 ended
    with a corner queen)."""
    factor = corner_weight(n, stars)
    cells = corners(n)

    def key(cell: tuple[int, int]) -> float:  # Efraimidis-Spirakis: the weight-w cells come first more often
        weight = factor if cell in cells else 1.0
        return -math.log(1.0 - rng.random()) / weight

    first = sorted(cells)
    rng.shuffle(first)
    order = sorted(((r, c) for r in range(n) for c in range(n)), key=key)
    order = (first if corner else []) + order
    given: tuple[tuple[int, int], ...] = ()
    in_row, in_col = [0] * n, [0] * n
    for i, (r, c) in enumerate(order):
        if in_row[r] == stars or in_col[c] == stars or (corner is False and (r, c) in cells):
            continue
        if corner and i < len(first) and given:
            continue  # a corner queen given already: the other corners in their turn
        if any(max(abs(r - gr), abs(c - gc)) <= 1 for gr, gc in given):
            continue  # no two queens (stars) touch under either rule
        if extends((*given, (r, c))):
            given = (*given, (r, c))
            in_row[r] += 1
            in_col[c] += 1
            if len(given) == n * stars:
                break
    if len(given) < n * stars:
        return draw_greedy(n, stars, rng, extends, corner, tries - 1) if corner is False and given and tries > 1 else None
    return [c for _, c in sorted(given)]


def planted_placement(n: int, rng: random.Random, rule: str = "no-touch", stars: int = 1, corner: bool | None = None) -> list[int]:
    """A random placement (``placement.random_placement``) drawn by ``answer_weight``, with a corner
    queen or not as ``corner`` asks (``corner_wanted``): the answer a blob layout is grown around.
    Rejection: a placement is kept with its weight over the most any has (at most two queens stand
    on corners, one in row 1 and one in row n), or when it is of the kind asked."""
    top = corner_weight(n, stars) ** 2
    while True:
        solution = random_placement(n, rng, rule, stars)
        if corner is not None:
            if has_corner(n, stars, solution) == corner:
                return solution
        elif top == 1.0 or rng.random() * top < answer_weight(n, stars, solution):
            return solution
