"""The words every explanation is made of: units, cells and lists of them, as a player reads them.

Shared by the Queens sentences (``describe``) and the Star Battle ones (``describe_stars``).
Words count rows and columns from 1, as a player counts a board and as the page labels it
("row 5", "r5c4" for row 5, column 4); the machine fields next to them (a step's cells and
units in JSON, ``Step`` in Python) stay 0-based like every other coordinate in queens-sat.
"""

from __future__ import annotations

from collections.abc import Sequence

from queens_sat.engines.logic.board import REGION, Unit
from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle

MAX_LISTED = 8  # cells named in full before "and N more"

_PLURAL = {"row": "rows", "column": "columns", "region": "regions"}


def unit_name(puzzle: Puzzle, unit: Unit) -> str:
    """"row 3", "column 5" (counted from 1), "region C"."""
    return f"{unit.kind} {puzzle.label(unit.index) if unit.kind == REGION else unit.index + 1}"


def unit_cells(puzzle: Puzzle, unit: Unit) -> tuple[Cell, ...]:
    """Every cell of a row, column or region: what a picture of a step highlights."""
    n = puzzle.n
    if unit.kind == REGION:
        return puzzle.region_cells()[unit.index]
    if unit.kind == "row":
        return tuple((unit.index, c) for c in range(n))
    return tuple((r, unit.index) for r in range(n))


def units_phrase(puzzle: Puzzle, units: Sequence[Unit]) -> str:
    """"regions B and C", "row 4", "rows 2, 3 and 5" (counted from 1): units of one kind, named together."""
    if not units:
        return "no unit"
    kinds = {u.kind for u in units}
    if len(units) == 1 or len(kinds) > 1:
        return _and([unit_name(puzzle, u) for u in units])
    kind = units[0].kind
    names = [puzzle.label(u.index) if kind == REGION else str(u.index + 1) for u in units]
    return f"{_PLURAL[kind]} {_and(names)}"


def cell_text(cell: Cell) -> str:
    """"r5c4": row 5, column 4 counted from 1, short enough for a list of a dozen cells; the
    0-based (4, 3) of the JSON would be misread against a board labelled from 1."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def cells_phrase(cells: Sequence[Cell], joiner: str = "and") -> str:
    """"r3c5, r3c6 and r4c1", shortened to the first few and a count on long lists."""
    names = [cell_text(c) for c in sorted(cells)]
    if len(names) > MAX_LISTED:
        return ", ".join(names[:MAX_LISTED]) + f" and {len(names) - MAX_LISTED} more"
    return _and(names, joiner)


def _and(items: Sequence[str], joiner: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {joiner} " + items[-1]


