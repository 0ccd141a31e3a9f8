"""The reference search for one queen a unit (k = 1): a readable pure-Python search, the oracle for every other.

The board is one Python integer with a bit per cell (bit ``r * n + c``). A unit is
a row, a column or a region; each must receive exactly one queen. The search
always branches on the open unit with the fewest candidate cells, which keeps
even 18x18 community puzzles with 100,000 solutions to about a second. From
12x12 up, every node first crosses out the cells no matching of rows, columns
and regions can use (``hall.py``), as the native search does: random boards of
n = 20 and more otherwise send it into subtrees of millions of nodes that a
pigeonhole argument closes at their root. ``native/regions/`` is its compiled twin,
move for move.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence

from queens_sat.engines.regions.hall import HALL_N, hall_rows
from queens_sat.engines.search import NO_BUDGET, Spent, clock_for, collect
from queens_sat.model.limits import CELL_MODEL_N
from queens_sat.model.placement import Cell
from queens_sat.model.result import Outcome, Solution

MAX_N = CELL_MODEL_N  # masks of n*n bits stay small and fast up to here


def search_parts(
    n: int,
    rule: str,
    region_of: Sequence[int] | None,
    queens: Iterable[Cell] = (),
    blocked: Iterable[Cell] = (),
    *,
    limit: int | None,
    keep: int,
    time_limit: float | None,
    node_limit: int | None = None,
) -> Outcome:
    """The search on a board given by parts, no ``Puzzle`` needed (``counting`` uses it).

    ``region_of`` lists the region of each cell row by row (None: no regions); ``node_limit``
    stops it after that many nodes (``Outcome.spent``), at the same node on every run.
    """
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    return collect(Board(n, rule, region_of, queens, blocked, deadline, node_limit), limit, keep)



class Board:
    """Precomputed masks of one board and the recursive search over them."""


    def __init__(
        self,
        n: int,
        rule: str,
        region_of: Sequence[int] | None,
        queens: Iterable[Cell],
        blocked: Iterable[Cell],
        deadline: float | None,
        node_limit: int | None = None,
    ) -> None:
        self.n = n
        self.rule = rule
        self.deadline = deadline
        self.clock = clock_for(deadline)  # the deadline read at a bounded interval of time
        self.node_limit = node_limit or NO_BUDGET
        self.nodes = 0
        full_row = (1 << n) - 1
        self.row_mask = [full_row << (r * n) for r in range(n)]
        column0 = sum(1 << (r * n) for r in range(n))
        self.col_mask = [column0 << c for c in range(n)]
        # units: rows are 0..n-1, columns n..2n-1, regions 2n..3n-1
        self.unit_mask = self.row_mask + self.col_mask
        self.region_of = None if region_of is None else list(region_of)
        if self.region_of is not None:
            region_mask = [0] * n
            for i, k in enumerate(self.region_of):
                region_mask[k] |= 1 << i
            self.unit_mask += region_mask
        if self.rule == "queens":
            self.diag = [0] * (2 * n - 1)  # r - c + n - 1
            self.anti = [0] * (2 * n - 1)  # r + c
            for r in range(n):
                for c in range(n):
                    self.diag[r - c + n - 1] |= 1 << (r * n + c)
                    self.anti[r + c] |= 1 << (r * n + c)
        self._kill: dict[int, int] = {}
        self.hall = n >= HALL_N
        self.reg_row = [0] * (n * n)  # reg_row[k * n + r]: the columns of region k in row r
        self.reg_col = [0] * (n * n)  # reg_col[k * n + c]: the rows of region k in column c
        if self.region_of is not None:
            for i, k in enumerate(self.region_of):
                r, c = divmod(i, n)
                self.reg_row[k * n + r] |= 1 << c
                self.reg_col[k * n + c] |= 1 << r
        self.queens = sorted(queens)
        self.blocked = list(blocked)

    def units_of(self, i: int) -> tuple[int, ...]:
        r, c = divmod(i, self.n)
        if self.region_of is None:
            return (r, self.n + c)
        return (r, self.n + c, 2 * self.n + self.region_of[i])

    def kill(self, i: int) -> int:
        """Every cell a queen on cell ``i`` rules out, ``i`` itself included."""
        mask = self._kill.get(i)
        if mask is None:
            n = self.n
            r, c = divmod(i, n)
            mask = self.row_mask[r] | self.col_mask[c]
            if self.region_of is not None:
                mask |= self.unit_mask[2 * n + self.region_of[i]]
            if self.rule == "queens":
                mask |= self.diag[r - c + n - 1] | self.anti[r + c]
            else:
                for rr in (r - 1, r + 1):
                    for cc in (c - 1, c + 1):
                        if 0 <= rr < n and 0 <= cc < n:
                            mask |= 1 << (rr * n + cc)
            self._kill[i] = mask
        return mask

    def solutions(self) -> Iterator[Solution]:
        n = self.n
        cand = (1 << (n * n)) - 1
        for r, c in self.blocked:
            cand &= ~(1 << (r * n + c))
        open_units = set(range(len(self.unit_mask)))
        placed: list[int] = []
        for r, c in self.queens:
            i = r * n + c
            if not cand >> i & 1:
                return  # a given queen on a ruled-out cell: no solution
            placed.append(i)
            cand &= ~self.kill(i)
            open_units.difference_update(self.units_of(i))
        for cells in self._search(cand, tuple(sorted(open_units)), placed):
            cols = [0] * n
            for i in cells:
                r, c = divmod(i, n)
                cols[r] = c
            yield tuple(cols)

    def _pick(self, cand: int, open_units: tuple[int, ...]) -> tuple[int, int]:
        """The candidates of the first open unit with the fewest and how many; (0, 0) at a dead end.

        Below HALL_N the scan stops at the first unit with one candidate, as the native
        flat scan does; from HALL_N up it looks at every unit, as the native keyed scan
        does, so that an empty unit after it is a dead end here too.
        """
        unit_mask = self.unit_mask
        best = 0
        best_count = self.n + 1
        for u in open_units:
            m = cand & unit_mask[u]
            if not m:
                return 0, 0  # an open unit with no candidate: dead end
            k = m.bit_count()
            if k < best_count:
                best, best_count = m, k
                if k == 1 and not self.hall:
                    break
        return best, best_count

    def _filtered(self, cand: int, open_units: tuple[int, ...]) -> int | None:
        """``cand`` without the cells Hall's theorem rules out, or None at a dead end."""
        n = self.n
        full = (1 << n) - 1
        rows = [cand >> (r * n) & full for r in range(n)]
        open_rows = [u for u in open_units if u < n]
        open_cols = [u - n for u in open_units if n <= u < 2 * n]
        if not hall_rows(n, rows, open_rows, open_cols, self.region_of, self.reg_row, self.reg_col):
            return None
        return sum(row << (r * n) for r, row in enumerate(rows))

    def _search(self, cand: int, open_units: tuple[int, ...], placed: list[int]) -> Iterator[list[int]]:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise Spent
        if self.clock is not None:
            self.clock.tick()
        if not open_units:
            yield placed
            return
        best, best_count = self._pick(cand, open_units)
        if best_count >= 2 and self.hall:  # about to branch: filter first (forced cells need not)
            filtered = self._filtered(cand, open_units)
            if filtered is None:
                return  # no matching fills the open units: dead end
            cand = filtered
            best, best_count = self._pick(cand, open_units)
        while best:
            low = best & -best
            i = low.bit_length() - 1
            units = self.units_of(i)
            placed.append(i)
            yield from self._search(
                cand & ~self.kill(i), tuple(u for u in open_units if u not in units), placed
            )
            placed.pop()
            cand &= ~low  # the unit's queen is not here in the remaining branches
            best ^= low


# ---------------------------------------------------------------------------- Star Battle (k > 1)

