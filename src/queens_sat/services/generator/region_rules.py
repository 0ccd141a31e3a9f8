"""The rules a generated layout obeys, each configurable, and the checks behind them.

- ``connected``: every region is one 4-connected piece;
- ``max_share``: no region covers more than this share of the board (0.4 by default);
- ``full_lines``: whether a row or column may lie entirely inside one region (not by
  default: such a line gives its region's queen away at once);
- ``min_size``: no region has fewer cells (1 by default; the designed styles ask 2:
  no 1-cell specks);
- ``balanced``: not a rule a layout is checked against but how it is repaired: a move that
  gives a bigger region's cell to a smaller region first (drawn boards keep their even sizes).

The repair moves (``moves``) keep them as they go, checking only what a move
touches: its two regions, its rows and columns (``stays_connected`` is the
local test for the common one-cell move).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass

from queens_sat.model.arguments import counted
from queens_sat.model.errors import ArgumentError, shown
from queens_sat.services.generator import connectivity
from queens_sat.services.generator.layout import neighbours


@dataclass(frozen=True)
class RegionRules:
    """Which layouts are allowed (see the module's docstring); the default is what published puzzles obey."""

    connected: bool = True
    max_share: float = 0.4
    full_lines: bool = False
    min_size: int = 1
    balanced: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.max_share, bool) or not isinstance(self.max_share, numbers.Real) or not 0 < self.max_share <= 1:
            raise ArgumentError(f"max_share must be in (0, 1], got {shown(self.max_share)}", argument="max_share")
        object.__setattr__(self, "min_size", counted(self.min_size, "min_size", 1))

    def max_size(self, n: int) -> int:
        """The most cells one region may have on an n x n board (never below n: n regions must fit)."""
        return max(n, int(self.max_share * n * n + 1e-9))

    def infeasible(self, n: int) -> str | None:
        """Why no n x n layout can obey these rules, or None."""
        if self.min_size * n > n * n:
            return f"{n} regions of at least {self.min_size} cells do not fit on an {n}x{n} board"
        if not self.full_lines and n == 1:
            return "a 1x1 board's only row lies inside its one region (allow full lines to generate n = 1)"
        return None

    def violations(self, cells: Sequence[int], n: int) -> list[str]:
        """Every rule a layout (flat region list) breaks, in words; empty when it obeys them all."""
        problems = []
        sizes = [0] * n
        for k in cells:
            sizes[k] += 1
        cap = self.max_size(n)
        problems += [f"region {k} has {size} cells, over the limit of {cap}" for k, size in enumerate(sizes) if size > cap]
        problems += [f"region {k} has {size} cells, under {self.min_size}" for k, size in enumerate(sizes) if size < self.min_size]
        if not self.full_lines:
            problems += [f"{what} lies inside region {k}" for what, k in full_lines(cells, n)]
        if self.connected:
            problems += [f"region {k} is in {parts} pieces" for k, parts in enumerate(pieces(cells, n)) if parts > 1]
        return problems


def stays_connected(cells: Sequence[int], n: int, cell: int) -> bool:
    """Whether the cell's region is still one piece without the cell (the cell's neighbours stay linked).
    Asked of every one-cell move of the repair: in C when it is built (``connectivity.stays_connected``)."""
    return connectivity.stays_connected(cells, n, cell)


def full_lines(cells: Sequence[int], n: int) -> list[tuple[str, int]]:
    """The rows and columns that lie entirely inside one region, as ("row 3", region)."""
    found = []
    for r in range(n):
        row = cells[r * n:(r + 1) * n]
        if n > 0 and row.count(row[0]) == n:
            found.append((f"row {r + 1}", row[0]))
    for c in range(n):
        col = cells[c::n]
        if col.count(col[0]) == n:
            found.append((f"column {c + 1}", col[0]))
    return found


def pieces(cells: Sequence[int], n: int) -> list[int]:
    """How many 4-connected pieces each region is in (0 for a region with no cell)."""
    nbrs = neighbours(n)
    count = [0] * n
    seen = [False] * len(cells)
    for start in range(len(cells)):
        if seen[start]:
            continue
        k = cells[start]
        count[k] += 1
        seen[start] = True
        stack = [start]
        while stack:
            here = stack.pop()
            for nb in nbrs[here]:
                if not seen[nb] and cells[nb] == k:
                    seen[nb] = True
                    stack.append(nb)
    return count
