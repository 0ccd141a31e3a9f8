"""The words every explanation is made of: units, cells and lists of them, as a player reads them.

Shared by the Queens sentences (``describe``) and the Star Battle ones (``describe_stars``).
"""

from __future__ import annotations

from collections.abc import Sequence

from queens_sat.engines.logic.board import REGION, Unit
from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle

MAX_LISTED = 8  # cells named in full before "and N more"

_PLURAL = {"row": "rows", "column": "columns", "region": "regions"}


def unit_name(puzzle: Puzzle, unit: Unit) -> str:
    """"row 3", "column 5", "region C"."""
    return f"{unit.kind} {puzzle.label(unit.index) if unit.kind == REGION else unit.index}"


def unit_cells(puzzle: Puzzle, unit: Unit) -> tuple[Cell, ...]:
    """Every cell of a row, column or region: what a picture of a step highlights."""
    n = puzzle.n
    if unit.kind == REGION:
        return puzzle.region_cells()[unit.index]
    if unit.kind == "row":
        return tuple((unit.index, c) for c in range(n))
    return tuple((r, unit.index) for r in range(n))


def units_phrase(puzzle: Puzzle, units: Sequence[Unit]) -> str:
    """"regions B and C", "row 4", "rows 2, 3 and 5": units of one kind, named together."""
    if not units:
        return "no unit"
    kinds = {u.kind for u in units}
    if len(units) == 1 or len(kinds) > 1:
        return _and([unit_name(puzzle, u) for u in units])
    kind = units[0].kind
    names = [puzzle.label(u.index) if kind == REGION else str(u.index) for u in units]
    return f"{_PLURAL[kind]} {_and(names)}"


def cell_text(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def cells_phrase(cells: Sequence[Cell], joiner: str = "and") -> str:
    """"(3, 5), (3, 6) and (4, 1)", shortened to the first few and a count on long lists."""
    names = [cell_text(c) for c in sorted(cells)]
    if len(names) > MAX_LISTED:
        return ", ".join(names[:MAX_LISTED]) + f" and {len(names) - MAX_LISTED} more"
    return _and(names, joiner)


def _and(items: Sequence[str], joiner: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {joiner} " + items[-1]


