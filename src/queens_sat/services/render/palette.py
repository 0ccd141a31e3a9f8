"""Region colours that colour-blind viewers can tell apart, for any number of regions.

Nine light colours (Paul Tol's "light" scheme, made for filled cells that carry
dark marks) are not enough to give every region of a 30x30 board its own colour,
and no set of colours stays apart for every kind of colour vision. So colours are
handed out per board: neighbouring regions get colours that differ most under
normal, protan, deutan and tritan vision (simulated with Machado et al. 2009), and
once the colours run out a colour is reused with a hatching pattern, never on two
neighbours when it can be helped. The pictures then add region labels.

Pure Python and import-free, so the terminal board can use it without delay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from queens_sat.model.puzzle import Puzzle

# Paul Tol, "light" qualitative scheme: light blue, orange, light yellow, pink,
# light cyan, mint, pear, olive, pale grey.
REGION_COLORS: tuple[str, ...] = (
    "#77AADD",
    "#EE8866",
    "#EEDD88",
    "#FFAABB",
    "#99DDFF",
    "#44BB99",
    "#BBCC33",
    "#AAAA00",
    "#DDDDDD",
)
# Hatchings drawn over a reused colour; "plain" is the first use. Nine colours
# times eight patterns cover the largest board with regions (64).
PATTERNS: tuple[str, ...] = ("plain", "slash", "backslash", "horizontal", "vertical", "dots", "cross", "grid")
# A board without regions is a chessboard.
CHEQUER_COLORS: tuple[str, str] = ("#F2F2F2", "#C8C8C8")

INK = "#222222"  # queens, crosses, borders, labels
ACCENT = "#CC3311"  # marks made by the current step of an explanation (Tol vibrant red)
BACKGROUND = "#FFFFFF"
# Neighbour colours this far apart (CIE76, for the viewer who sees them closest) are
# told apart easily: a larger gap earns nothing more. Each earlier use of a colour
# (one more hatching on the board) costs as much as REUSE_COST of gap. Tuned on
# random boards of 8 to 30 regions: the closest neighbours stay >= 14 apart while
# hardly a region more than needed gets hatched.
GOOD_ENOUGH = 20.0
REUSE_COST = 5.0

# Colour-vision-deficiency simulation matrices for linear RGB, severity 1
# (Machado, Oliveira & Fernandes 2009).
_CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


@dataclass(frozen=True)
class RegionLook:
    """How one region is filled: a colour from ``REGION_COLORS`` and a pattern from ``PATTERNS``."""

    color: str
    pattern: str = "plain"


def hex_to_rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def _linear(channel: int) -> float:
    v = channel / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _lab(rgb: Sequence[float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear-RGB colour."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen_as(color: str, vision: str = "normal") -> tuple[float, float, float]:
    """The L*a*b* colour that a viewer with ``vision`` (normal, protan, deutan, tritan) sees."""
    rgb = [_linear(v) for v in hex_to_rgb(color)]
    matrix = _CVD_MATRICES.get(vision)
    if matrix is not None:
        rgb = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb, strict=False)))) for row in matrix]
    return _lab(rgb)


def worst_case_difference(a: str, b: str) -> float:
    """The CIE76 colour difference of ``a`` and ``b`` for the viewer who finds them closest."""
    visions = ("normal", *_CVD_MATRICES)
    return min(sum((p - q) ** 2 for p, q in zip(seen_as(a, v), seen_as(b, v), strict=False)) ** 0.5 for v in visions)


@cache
def _differences() -> tuple[tuple[float, ...], ...]:
    k = len(REGION_COLORS)
    table = [[0.0] * k for _ in range(k)]
    for i, j in combinations(range(k), 2):
        table[i][j] = table[j][i] = worst_case_difference(REGION_COLORS[i], REGION_COLORS[j])
    return tuple(tuple(row) for row in table)


def region_neighbours(puzzle: Puzzle) -> list[set[int]]:
    """For each region, the regions that share an edge with it."""
    neighbours: list[set[int]] = [set() for _ in range(puzzle.n)]
    grid = puzzle.regions
    if grid is None:
        return neighbours
    n = puzzle.n
    for r in range(n):
        for c in range(n):
            k = grid[r][c]
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and grid[rr][cc] != k:
                    neighbours[k].add(grid[rr][cc])
                    neighbours[grid[rr][cc]].add(k)
    return neighbours


def region_looks(puzzle: Puzzle) -> tuple[RegionLook, ...]:
    """The fill of every region of ``puzzle`` (index = region number); the same board always
    gets the same looks.

    Regions are coloured most-constrained first (DSatur order). Each takes a colour no
    neighbour has, far from its neighbours' colours for the viewer who sees them
    closest and little used so far (see ``GOOD_ENOUGH``). A colour's second, third...
    use gets the next hatching pattern, so no two regions look the same.
    """
    n = puzzle.n
    if puzzle.regions is None:
        return ()
    neighbours = region_neighbours(puzzle)
    table = _differences()
    k = len(REGION_COLORS)
    cap = -(-n // k)  # uses of each colour at most: keeps the patterns few and the colours even
    uses = [0] * k
    color_of: dict[int, int] = {}
    looks: list[RegionLook | None] = [None] * n
    while len(color_of) < n:
        region = max(
            (q for q in range(n) if q not in color_of),
            key=lambda q: (len({color_of[m] for m in neighbours[q] if m in color_of}), len(neighbours[q]), -q),
        )
        taken = [color_of[m] for m in neighbours[region] if m in color_of]

        def score(i: int, taken: list[int] = taken) -> tuple[Any, ...]:
            closest = min((table[i][j] for j in taken), default=float("inf"))
            return (i not in taken, min(closest, GOOD_ENOUGH) - REUSE_COST * uses[i], closest, -i)

        choice = max((i for i in range(k) if uses[i] < cap), key=score)
        color_of[region] = choice
        looks[region] = RegionLook(REGION_COLORS[choice], PATTERNS[uses[choice]])
        uses[choice] += 1
    return tuple(look for look in looks if look is not None)


def labels_needed(puzzle: Puzzle) -> bool:
    """Whether colours alone fail to tell every region apart (some colour is reused)."""
    return puzzle.regions is not None and puzzle.n > len(REGION_COLORS)
