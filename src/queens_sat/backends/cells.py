"""The one-Boolean-per-cell model that the CP-SAT and SAT backends both encode.

Cell ``(r, c)`` of an n×n board is index ``r * n + c``. A solution puts exactly
one queen (k stars, for Star Battle) in every row, column and region; the no-touch
rule forbids the two diagonal neighbours of a cell (orthogonal neighbours share a
row or column already when k = 1; for k > 1 they are forbidden too, which at most
one star per 2×2 window covers); the queens rule allows at most one queen per
diagonal. The parts that
depend only on n and the rule are cached, so a validator checking thousands of
puzzles of one size builds them once.
"""

from __future__ import annotations

from functools import lru_cache

from queens_sat.model.limits import CELL_MODEL_N
from queens_sat.model.puzzle import Puzzle

# n² Boolean variables: past this the model is too large to be the right tool
# (the python and native backends search boards without regions far beyond it).
MAX_CELL_N = CELL_MODEL_N

Unit = tuple[int, ...]


def too_large(puzzle: Puzzle) -> str | None:
    """Why a cell-variable model of ``puzzle`` is refused, or None."""
    if puzzle.n > MAX_CELL_N:
        return f"{puzzle.n * puzzle.n:,} cell variables; this backend handles n <= {MAX_CELL_N}"
    return None


@lru_cache(maxsize=256)
def line_units(n: int) -> tuple[Unit, ...]:
    """The rows, then the columns: each takes exactly one queen."""
    rows = tuple(tuple(range(r * n, r * n + n)) for r in range(n))
    cols = tuple(tuple(range(c, n * n, n)) for c in range(n))
    return rows + cols


def region_units(puzzle: Puzzle) -> tuple[Unit, ...]:
    """The cells of each region (none on a region-free board)."""
    if puzzle.regions is None:
        return ()
    n = puzzle.n
    return tuple(tuple(r * n + c for r, c in cells) for cells in puzzle.region_cells())


@lru_cache(maxsize=256)
def windows(n: int) -> tuple[Unit, ...]:
    """Every 2×2 window: under no-touch, at most one queen in each."""
    return tuple((i, i + 1, i + n, i + n + 1) for r in range(n - 1) for i in range(r * n, r * n + n - 1))


@lru_cache(maxsize=256)
def touching_pairs(n: int) -> tuple[tuple[int, int], ...]:
    """Diagonal neighbours: the touching pairs that share no row or column."""
    pairs = []
    for i, right, below, corner in windows(n):
        pairs.append((i, corner))
        pairs.append((right, below))
    return tuple(pairs)


@lru_cache(maxsize=256)
def orthogonal_pairs(n: int) -> tuple[tuple[int, int], ...]:
    """Side-by-side neighbours: they touch too once a row or column holds k > 1 stars."""
    across = [(i, i + 1) for r in range(n) for i in range(r * n, r * n + n - 1)]
    down = [(i, i + n) for i in range(n * (n - 1))]
    return tuple(across + down)


def touching(n: int, stars: int) -> tuple[tuple[int, int], ...]:
    """The pairs of cells that may not both hold a star under no-touch: the diagonal
    neighbours, and for k > 1 (rows and columns no longer keep neighbours apart) the others too."""
    return touching_pairs(n) if stars == 1 else touching_pairs(n) + orthogonal_pairs(n)


@lru_cache(maxsize=256)
def diagonals(n: int) -> tuple[Unit, ...]:
    """Every diagonal and anti-diagonal of two cells or more: under the queens rule,
    at most one queen in each."""
    out = []
    for d in range(-(n - 2), n - 1):  # c - r = d
        out.append(tuple(r * n + r + d for r in range(max(0, -d), min(n, n - d))))
    for s in range(1, 2 * n - 2):  # r + c = s
        out.append(tuple(r * n + s - r for r in range(max(0, s - n + 1), min(n, s + 1))))
    return tuple(out)


def given_cells(puzzle: Puzzle) -> tuple[list[int], list[int]]:
    """The indices of the given queens and of the blocked cells."""
    n = puzzle.n
    return [r * n + c for r, c in puzzle.queens], [r * n + c for r, c in puzzle.blocked]
