"""The cell-state board of the logic engine: every cell is unknown, a star (queen), or crossed out.

The geometry of a puzzle (the cells of each row, column and region, the cells a star
rules out) is computed once as Python-int bitmasks with bit ``r * n + c`` per cell, so
that the rules work on whole units with a few integer operations. The state itself is
three integers, which makes copying it for a contradiction probe free.

Star Battle (``puzzle.stars`` = k > 1) is the same board: a unit stays open until it
holds k stars, and what it still needs is k minus the stars it holds (``need``). A
queen (k = 1) fills its units at once, so its ``attack`` is its units and neighbours;
a star of k > 1 rules out only its neighbours until a unit of it is full.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from queens_sat.engines.logic.deduction import Contradiction
from queens_sat.model.errors import PuzzleError
from queens_sat.model.limits import LOGIC_N
from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle

MAX_N = LOGIC_N  # region-free boards beyond this are N-Queens instances: nothing for a person to deduce

ROW, COLUMN, REGION = "row", "column", "region"


class Unit(NamedTuple):
    """A row, column or region: the things that must each hold exactly k stars (one queen)."""

    kind: str  # "row", "column" or "region"
    index: int  # type: ignore[assignment]  # 0-based row or column number, or canonical region number (shadows tuple.index on purpose: the name says what it is)


def bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Geometry:
    """The fixed masks of one puzzle.

    Units are numbered rows ``0..n-1``, columns ``n..2n-1`` and regions ``2n..3n-1``
    (region-free boards have only rows and columns). ``families`` lists the unit ids
    of each kind, so that the rules can pair rows with regions and so on.
    """

    __slots__ = (
        "all_units",
        "attack",
        "cell_unit_bits",
        "cell_units",
        "families",
        "halo",
        "k",
        "n",
        "near",
        "puzzle",
        "region_col_pieces",
        "region_of",
        "region_row_pieces",
        "unit_mask",
        "units",
    )  # fmt: skip

    def __init__(self, puzzle: Puzzle) -> None:
        n = puzzle.n
        if n > MAX_N:
            raise PuzzleError(f"the logic engine handles boards up to n = {MAX_N}; this one has n = {n}")
        self.n = n
        self.k = puzzle.stars
        self.puzzle = puzzle
        full_row = (1 << n) - 1
        column0 = sum(1 << (r * n) for r in range(n))
        self.units: list[Unit] = [Unit(ROW, r) for r in range(n)] + [Unit(COLUMN, c) for c in range(n)]
        self.unit_mask: list[int] = [full_row << (r * n) for r in range(n)] + [column0 << c for c in range(n)]
        self.families: list[range] = [range(0, n), range(n, 2 * n)]
        self.region_of: list[int] | None = None
        if puzzle.regions is not None:
            self.region_of = [k for row in puzzle.regions for k in row]
            self.units += [Unit(REGION, k) for k in range(n)]
            self.unit_mask += [sum(1 << (r * n + c) for r, c in cells) for cells in puzzle.region_cells()]
            self.families.append(range(2 * n, 3 * n))
        self.all_units = (1 << len(self.units)) - 1
        # (region, row, cells) for every region that reaches into a row; same for columns
        self.region_row_pieces: list[tuple[int, int, int]] = []
        self.region_col_pieces: list[tuple[int, int, int]] = []
        if self.region_of is not None:
            for k in range(n):
                mask = self.unit_mask[2 * n + k]
                for line in range(n):
                    if mask & self.unit_mask[line]:
                        self.region_row_pieces.append((k, line, mask & self.unit_mask[line]))
                    if mask & self.unit_mask[n + line]:
                        self.region_col_pieces.append((k, line, mask & self.unit_mask[n + line]))
        self.cell_units: list[tuple[int, ...]] = []
        self.cell_unit_bits: list[int] = []
        self.attack: list[int] = []  # what a star rules out at once
        self.near: list[int] = []  # its neighbours (no-touch) or diagonals (queens rule)
        unit_mask = self.unit_mask
        reach = _rule_reach(puzzle.rule, n)
        for i in range(n * n):
            r, c = divmod(i, n)
            if self.region_of is None:
                ids: tuple[int, ...] = (r, n + c)
                mask = unit_mask[r] | unit_mask[n + c]
            else:
                ids = (r, n + c, 2 * n + self.region_of[i])
                mask = unit_mask[r] | unit_mask[n + c] | unit_mask[ids[2]]
            self.cell_units.append(ids)
            self.cell_unit_bits.append(sum(1 << u for u in ids))
            around = reach(r, c) & ~(1 << i)
            self.near.append(around)
            self.attack.append((mask | around) & ~(1 << i) if self.k == 1 else around)
        # k > 1: each unit with its neighbouring cells, where a star takes cells from it
        self.halo: list[int] = []
        if self.k > 1:
            for um in unit_mask:
                self.halo.append(um | _union_of(um, self.near))

    # ------------------------------------------------------------------ conversions
    def cell(self, i: int) -> Cell:
        return divmod(i, self.n)

    def cells(self, mask: int) -> tuple[Cell, ...]:
        n = self.n
        return tuple(divmod(i, n) for i in bits(mask))

    def index(self, cell: Cell) -> int:
        return cell[0] * self.n + cell[1]

    def unit_tuple(self, ids) -> tuple[Unit, ...]:
        return tuple(self.units[u] for u in ids)

    def fits(self, mask: int, stars: int) -> bool:
        """Whether ``stars`` cells of ``mask`` can hold stars at once: no two neighbours
        (for one star, whether ``mask`` has a cell). A small branching search: a unit's
        candidates are few and ``stars`` is at most k."""
        if stars <= 0:
            return True
        if mask.bit_count() < stars:
            return False
        if stars == 1:
            return True
        # greedy in reading order first: exact on a line, and mostly enough
        if self.spread(mask).bit_count() >= stars:
            return True
        return self._fits(mask, stars)

    def spread(self, mask: int) -> int:
        """Cells of ``mask`` that can all hold stars at once, chosen greedily in reading order."""
        near = self.near
        rest, chosen = mask, 0
        while rest:
            low = rest & -rest
            chosen |= low
            rest &= ~low & ~near[low.bit_length() - 1]
        return chosen

    def _fits(self, mask: int, stars: int) -> bool:
        """``fits`` by branching on the first cell: a star there, or none."""
        if stars <= 0:
            return True
        if mask.bit_count() < stars:
            return False
        low = mask & -mask
        return self._fits(mask & ~low & ~self.near[low.bit_length() - 1], stars - 1) or self._fits(mask & ~low, stars)


def _union_of(mask: int, table: list[int]) -> int:
    """The union of ``table[i]`` over the set bits ``i`` of ``mask``."""
    out = 0
    for i in bits(mask):
        out |= table[i]
    return out


def _rule_reach(rule: str, n: int) -> Callable[[int, int], int]:
    """The cells beyond row, column and region that a queen on (r, c) rules out, as a
    function of (r, c): the 8 neighbours (no-touch) or both diagonals (queens)."""
    if rule == "queens":
        diag = [0] * (2 * n - 1)  # indexed by r - c + n - 1
        anti = [0] * (2 * n - 1)  # indexed by r + c
        for r in range(n):
            for c in range(n):
                diag[r - c + n - 1] |= 1 << (r * n + c)
                anti[r + c] |= 1 << (r * n + c)
        return lambda r, c: diag[r - c + n - 1] | anti[r + c]
    full = (1 << n) - 1
    strip = [((7 << c) >> 1) & full for c in range(n)]  # columns c-1..c+1 of row 0

    def block(r: int, c: int) -> int:  # that strip in rows r-1..r+1
        three = strip[c] << (r * n)
        return (three | (three << n) | (three >> n)) & ((1 << (n * n)) - 1)

    return block


class State:
    """Which cells are still unknown (``cand``), which hold stars (``queens``), which units are open.

    A cell that is neither a candidate nor a star is crossed out. A unit is open
    while it has fewer than k stars; it still needs ``need(geo, u)`` more.
    """

    __slots__ = ("cand", "open", "queens")

    def __init__(self, cand: int, queens: int, open_units: int) -> None:
        self.cand = cand
        self.queens = queens
        self.open = open_units

    @classmethod
    def start(cls, geo: Geometry) -> State:
        """The puzzle's givens: its queens placed and its blocked cells crossed out."""
        n = geo.n
        state = cls((1 << (n * n)) - 1, 0, geo.all_units)
        for r, c in geo.puzzle.blocked:
            state.cand &= ~(1 << (r * n + c))
        for r, c in geo.puzzle.queens:
            state.place(geo, r * n + c)
        return state

    def copy(self) -> State:
        return State(self.cand, self.queens, self.open)

    def place(self, geo: Geometry, i: int) -> None:
        """A star on cell ``i``; those of its row, column and region it fills are no longer open."""
        self.queens |= 1 << i
        self.cand &= ~(1 << i)
        if geo.k == 1:
            self.open &= ~geo.cell_unit_bits[i]
            return
        for u in geo.cell_units[i]:
            if (self.queens & geo.unit_mask[u]).bit_count() >= geo.k:
                self.open &= ~(1 << u)

    def put(self, geo: Geometry, i: int) -> None:
        """A star on cell ``i`` with everything it rules out crossed at once (what a probe
        assumes): its neighbours, and the rest of every unit it fills."""
        self.place(geo, i)
        self.cand &= ~geo.attack[i]
        if geo.k > 1:
            for u in geo.cell_units[i]:
                if not self.open >> u & 1:
                    self.cand &= ~geo.unit_mask[u]

    def settle(self, geo: Geometry) -> None:
        """k > 1, after stars came in from elsewhere (a probe's remembered state): close
        the units that hold their k stars and cross their other cells; a unit holding more
        than k is a contradiction."""
        for u in bits(self.open):
            held = (self.queens & geo.unit_mask[u]).bit_count()
            if held > geo.k:
                raise Contradiction((u,))
            if held == geo.k:
                self.open &= ~(1 << u)
                self.cand &= ~geo.unit_mask[u]

    def need(self, geo: Geometry, u: int) -> int:
        """How many more stars unit ``u`` must get (0 once it is full)."""
        return geo.k - (self.queens & geo.unit_mask[u]).bit_count()

    def apply(self, geo: Geometry, place: int, cross: int) -> None:
        self.cand &= ~cross
        for i in bits(place):
            self.place(geo, i)

    @property
    def solved(self) -> bool:
        return not self.open

    def crossed(self, geo: Geometry) -> int:
        return ((1 << (geo.n * geo.n)) - 1) & ~(self.cand | self.queens)
