"""Thinning a drawn partition: cells of 2x2 blocks handed to a neighbouring region (issue 35).

Published boards are drawn with thin regions: one-cell-wide corridors, frames, L and U
shapes. A flood fill grows blobs instead: a quarter of the 2x2 squares of a generated
board lay inside one region against a sixth of the community corpus's (n 8-10), and its
region borders were a fifth shorter (0.68 border edges a cell against 0.74 on the
corpus's boards whose regions are each one piece). Here each board's border length is drawn
from the corpus's own spread (``BORDER_DECILES``: published boards range from blobby to all
corridors) and the drawing is brought to it: squares inside one region are broken up (one
cell of the square goes to a neighbouring region in which it closes no square), then single
cells change region to lengthen the borders, or, on a drawing already past the goal, to
shorten them. The region a cell leaves stays one piece and no smaller than ``MIN_LEFT``
cells, and no region grows past the largest region's size as drawn (the board's largest
region keeps its share).

Every step is drawn from ``rng`` over sorted candidates, so a seed gives the same board.
With ``sigma`` (a symmetry's cell map) and ``twin`` (each region's image region), each move
is made together with its mirror image, or not at all: a symmetric design stays symmetric.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from queens_sat.services.generator.layout import neighbours
from queens_sat.services.generator.region_rules import stays_connected

MIN_LEFT = 3  # no move leaves a region smaller than this (the designs draw none under 3)
# thin regions admit more solutions: at n = 20 the repairs needed so many more fresh layouts that a
# published puzzle took 5 times as long (median 1.7 s against 0.34 s); published boards (and the
# reference corpus) are of n <= 11, so larger boards keep their drawn blobs
THIN_MAX_N = 12
# region border edges a cell, the deciles of the community corpus's boards at n 6-11 whose regions
# are each one piece (386 boards; its lowest, 0.41, raised to 0.55). The corpus's other boards reuse
# a region id for cells that do not touch (pictures drawn in colours: up to 46 pieces on a board),
# which lengthens their borders to 0.94 a cell at n 8-10; generated regions are each one piece.
BORDER_DECILES = (0.55, 0.63, 0.66, 0.69, 0.71, 0.73, 0.75, 0.78, 0.80, 0.83, 0.90)


def squares_of(cells: Sequence[int], n: int, cell: int) -> list[int]:
    """The top-left cells of the 2x2 squares that hold ``cell``."""
    r, c = divmod(cell, n)
    return [rr * n + cc for rr in (r - 1, r) for cc in (c - 1, c) if 0 <= rr < n - 1 and 0 <= cc < n - 1]


def whole(cells: Sequence[int], n: int, corner: int) -> bool:
    """Whether the 2x2 square with top-left cell ``corner`` lies inside one region."""
    k = cells[corner]
    return cells[corner + 1] == k and cells[corner + n] == k and cells[corner + n + 1] == k


def whole_squares(cells: Sequence[int], n: int, first: int = 0) -> set[int]:
    """The top-left cells of the 2x2 squares that lie inside one region (of regions ``first``..)."""
    return {x for x in range(n * n - n) if x % n < n - 1 and cells[x] >= first and whole(cells, n, x)}


def closes_square(cells: Sequence[int], n: int, cell: int, region: int) -> bool:
    """Whether giving ``cell`` to ``region`` would put a whole 2x2 square inside it."""
    for corner in squares_of(cells, n, cell):
        if all(x == cell or cells[x] == region for x in (corner, corner + 1, corner + n, corner + n + 1)):
            return True
    return False


def break_a_square(
    n: int,
    cells: list[int],
    squares: set[int],
    stuck: set[int],
    rng: random.Random,
    attempt: Callable[[int, int], list[int] | None],
    first: int = 0,
) -> list[int] | None:
    """One step of breaking up whole 2x2 squares (``squares``, their top-left cells), shared by the
    drawing's thinning and the repaired layout's: a random square not ``stuck``, its cells in a
    random order, each offered to its neighbouring regions in a random order; the first move
    ``attempt(cell, region)`` makes (it returns the cells it moved) updates ``squares`` (those
    inside regions ``first``..) and clears ``stuck``. When no move is made the square is stuck.
    Returns the cells moved, or None (then no open square is left once ``stuck`` holds them all)."""
    open_squares = sorted(squares - stuck)
    if not open_squares:
        return None
    nbrs = neighbours(n)
    corner = rng.choice(open_squares)
    block = [corner, corner + 1, corner + n, corner + n + 1]
    rng.shuffle(block)
    for cell in block:
        targets = sorted({cells[nb] for nb in nbrs[cell]} - {cells[cell]})
        rng.shuffle(targets)
        for region in targets:
            moved = attempt(cell, region)
            if moved is not None:
                for x in moved:
                    for square in squares_of(cells, n, x):
                        if cells[square] >= first and whole(cells, n, square):
                            squares.add(square)
                        else:
                            squares.discard(square)
                stuck.clear()
                return moved
    stuck.add(corner)
    return None


def border_goal(rng: random.Random) -> float:
    """A board's region borders, in edges a cell, drawn from ``BORDER_DECILES`` (between deciles linearly)."""
    at = rng.random() * (len(BORDER_DECILES) - 1)
    low = int(at)
    high = min(low + 1, len(BORDER_DECILES) - 1)
    return BORDER_DECILES[low] + (at - low) * (BORDER_DECILES[high] - BORDER_DECILES[low])


def thin_out(
    n: int,
    cells: list[int],
    rng: random.Random,
    first: int = 0,
    sigma: Sequence[int] | None = None,
    twin: Sequence[int] | None = None,
) -> list[int]:
    """``cells`` (a partition into regions 0..n-1, changed in place) brought to a drawn length of
    region borders (see the module's docstring); only regions ``first``.. give or take cells
    (the motifs before them keep their drawn shape). Boards over ``THIN_MAX_N`` are left as drawn."""
    if n > THIN_MAX_N:
        return cells
    goal_borders = int(border_goal(rng) * n * n)
    nbrs = neighbours(n)
    sizes = [0] * n
    for k in cells:
        sizes[k] += 1
    cap = max(sizes)
    squares = whole_squares(cells, n, first)
    stuck: set[int] = set()
    # a drawing thinner than the goal gets whole squares back, but a symmetric one stays as thin as
    # drawn: fatter symmetric boards need more repairs, and those break their symmetry
    fattening = sigma is None and border_count(cells, n) > goal_borders

    def give(cell: int, region: int) -> list[tuple[int, int]] | None:
        """Move ``cell`` to ``region`` if the rules allow; what undoes it, else None."""
        old = cells[cell]
        if old == region or old < first or region < first or sizes[old] <= MIN_LEFT or sizes[region] >= cap:
            return None
        if (not fattening and closes_square(cells, n, cell, region)) or not any(cells[nb] == region for nb in nbrs[cell]):
            return None
        if not stays_connected(cells, n, cell):
            return None
        cells[cell] = region
        sizes[old] -= 1
        sizes[region] += 1
        return [(cell, old)]

    def undo(changes: list[tuple[int, int]]) -> None:
        for cell, old in reversed(changes):
            sizes[cells[cell]] -= 1
            sizes[old] += 1
            cells[cell] = old

    def attempt(cell: int, region: int) -> list[int] | None:
        """The move, with its image on a symmetric design; the cells moved, or None."""
        moved = give(cell, region)
        if moved is not None and sigma is not None and twin is not None and sigma[cell] != cell:
            mirrored = give(sigma[cell], twin[region])
            if mirrored is None:
                undo(moved)
                return None
            moved += mirrored
        elif moved is not None and sigma is not None and twin is not None and twin[region] != region:
            undo(moved)  # a cell on the axis may only join a region that is its own image
            return None
        return None if moved is None else [x for x, _ in moved]

    while not fattening and border_count(cells, n) < goal_borders and squares - stuck:
        break_a_square(n, cells, squares, stuck, rng, attempt, first)
    if fattening or border_count(cells, n) < goal_borders:
        lengthen_borders(n, cells, rng, goal_borders, attempt)
    return cells


def border_count(cells: Sequence[int], n: int) -> int:
    """The edges between cells of two regions."""
    right = sum(cells[x] != cells[x + 1] for x in range(n * n) if x % n < n - 1)
    return right + sum(cells[x] != cells[x + n] for x in range(n * n - n))


def lengthening(cells: Sequence[int], n: int, longer: bool = True) -> list[tuple[int, int]]:
    """The one-cell moves (cell, region) that lengthen the region borders (the cell has more
    neighbours in its own region than in the neighbouring region it would join), or with
    ``longer=False`` that shorten them (fewer)."""
    nbrs = neighbours(n)
    options = []
    for cell in range(n * n):
        inside = sum(cells[nb] == cells[cell] for nb in nbrs[cell])
        for region in sorted({cells[nb] for nb in nbrs[cell]} - {cells[cell]}):
            outside = sum(cells[nb] == region for nb in nbrs[cell])
            if (inside > outside) if longer else (inside < outside):
                options.append((cell, region))
    return options


def lengthen_borders(
    n: int, cells: list[int], rng: random.Random, goal: int, attempt: Callable[[int, int], list[int] | None],
    more: Callable[[], bool] = lambda: True,
) -> int:
    """Moves that bring the region borders to ``goal`` edges (``lengthening``, longer or shorter),
    drawn at random and made by ``attempt(cell, region)`` (the cells it moved, or None), until
    the goal is passed, none is made, or ``more()`` says stop; shared by the drawing's thinning
    and the repaired layout's. Returns the cells moved."""
    moved_cells = 0
    longer = border_count(cells, n) < goal
    while (count := border_count(cells, n)) != goal and (count < goal) == longer and more():
        options = lengthening(cells, n, longer)
        rng.shuffle(options)
        done = next((moved for cell, region in options if (moved := attempt(cell, region)) is not None), None)
        if done is None:
            break
        moved_cells += len(done)
    return moved_cells
