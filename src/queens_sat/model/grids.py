"""Region grids, accepted in one place: every way a caller may write a board's regions ends here.

Two doors, each with its fast path for the common input and one general path behind:

- ``normalise_regions`` gives ``Puzzle`` its canonical regions (numbers 0..n-1 by first
  appearance) and the input's one-character labels, whatever the input was: lists of small
  integers (one C pass in ``_gridcheck`` when it is built), rows of one-character labels
  ("AABC", no loop per cell in Python), or anything else (any labels, numpy arrays, text),
  checked cell by cell so that the error names the row and column.
- ``plain_grid`` takes the validator's input, a bare grid of integers 0..n-1 (lists or a
  numpy array), straight to the layout the compiled search reads, still checked, without a
  ``Puzzle`` (a generator calls its validator thousands of times per puzzle, and building a
  ``Puzzle`` costs more than the search at n = 9). Anything else gives None, and the caller
  takes the ``Puzzle`` way, which accepts it or names the problem: both ways give the same
  verdicts and the same errors.
"""

from __future__ import annotations

import operator
import threading
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from itertools import chain
from operator import add, countOf, sub
from typing import Any, NamedTuple

from queens_sat.extension import GRIDCHECK, gridcheck, required
from queens_sat.model.errors import PuzzleError, shown
from queens_sat.model.limits import REGION_N

Grid = tuple[tuple[int, ...], ...]
PLAIN_MAX_N = 64  # the compiled search keeps a row in one 64-bit word


# ---------------------------------------------------------------------------- Puzzle's door


def normalise_regions(regions: Any, n: int | None) -> tuple[Grid, tuple[str, ...] | None]:
    """Region numbers 0..n-1 for any labelling, and the one-character labels if the input had them."""
    check = gridcheck()
    if check is not None:  # lists of small integers, the common case, in one C pass
        grid = check.canonical(regions)
        if grid is not None and (n is None or n == len(grid)):
            return grid, None
        lettered = check.canonical_labels(regions)  # rows of label characters ("AABC"), the same way
        if lettered is not None and (n is None or n == len(lettered[0])):
            return lettered
    labelled = _label_rows(regions, n)
    if labelled is not None:
        return labelled
    rows = _square_rows(regions, n)
    labels, rows = _labels_of(rows)
    return _numbered(rows, labels)


def _label_rows(regions: Any, n: int | None) -> tuple[Grid, tuple[str, ...]] | None:
    """Rows of one-character labels ("AABC") without a loop per cell in Python; None for anything
    else, or anything wrong, which the general path then reports."""
    if not isinstance(regions, (list, tuple)) or not regions or not all(type(row) is str for row in regions):
        return None
    rows = [row.strip() for row in regions]
    height = len(rows)
    if height > REGION_N or (n is not None and n != height) or any(len(row) != height for row in rows):
        return None
    joined = "".join(rows)
    if not joined.isprintable() or " " in joined or "#" in joined:
        return None
    number = {label: k for k, label in enumerate(dict.fromkeys(joined))}  # in order of first appearance
    if len(number) != height:
        return None
    return tuple(tuple(map(number.__getitem__, row)) for row in rows), tuple(number)


def _rows_of(regions: Any) -> list[Any]:
    """The rows of any grid-like input: a list or tuple of rows, a 2-D numpy array, or text."""
    if hasattr(regions, "tolist"):
        if getattr(regions, "ndim", 2) != 2:
            raise PuzzleError(f"regions array has {regions.ndim} dimensions, expected 2")
        regions = regions.tolist()
    if isinstance(regions, str):
        regions = [line for line in regions.splitlines() if line.strip()]
    if not isinstance(regions, (list, tuple)):
        raise PuzzleError(f"regions must be a list of rows, got {type(regions).__name__}")
    if len(regions) == 0:
        raise PuzzleError("empty board: regions has no rows")
    return list(regions)


def _split_row(row: Any, r: int) -> list[Any]:
    """One row of labels: a string of label characters (spaces allowed) or a list."""
    if isinstance(row, str):
        return row.split() if any(ch.isspace() for ch in row.strip()) else list(row.strip())
    if hasattr(row, "tolist"):  # a numpy row
        row = row.tolist()
    if isinstance(row, (list, tuple)):
        return list(row)
    raise PuzzleError(f"row is {type(row).__name__}, expected a string of labels or a list", row=r)


def _square_rows(regions: Any, n: int | None) -> list[list[Any]]:
    """The grid's cells row by row, checked to be square, of the stated n, within the size limit."""
    rows = [_split_row(row, r) for r, row in enumerate(_rows_of(regions))]
    height = len(rows)
    if height > REGION_N:
        raise PuzzleError(f"n = {height} exceeds the limit of {REGION_N} for boards with regions")
    if n is not None and n != height:
        raise PuzzleError(f"n is {shown(n)} but regions has {height} row{'s' if height != 1 else ''}")
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise PuzzleError(f"ragged grid: this row has {len(row)} cells, row 1 has {len(rows[0])}", row=r)
    if len(rows[0]) != height:
        raise PuzzleError(
            f"the grid has {height} row{'s' if height != 1 else ''} of {len(rows[0])} cell{'s' if len(rows[0]) != 1 else ''}; "
            "it must be square (n rows of n region labels)"
        )
    return rows


def _labels_of(rows: list[list[Any]]) -> tuple[list[Any], list[list[Any]]]:
    """Every cell's label, checked (an integer or a printable, non-blank string); a mix of numbers
    and strings is compared as text, so that "1" and 1 are one label."""
    labels: list[Any] = []
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if not isinstance(v, (int, str)) and hasattr(v, "__index__"):  # a numpy integer
                v = row[c] = operator.index(v)
            if isinstance(v, bool) or not isinstance(v, (int, str)) or (isinstance(v, str) and not v.strip()):
                raise PuzzleError(f"region label {shown(v)} is not an integer or a non-blank string", row=r, col=c)
            if isinstance(v, str) and not v.replace(" ", "").isprintable():
                raise PuzzleError(f"region label {shown(v)} holds a control or invisible character", row=r, col=c)
            labels.append(v)
    if any(isinstance(v, int) for v in labels) and any(isinstance(v, str) for v in labels):
        return [str(v) for v in labels], [[str(v) for v in row] for row in rows]
    return labels, rows


def _numbered(rows: list[list[Any]], labels: list[Any]) -> tuple[Grid, tuple[str, ...] | None]:
    """The labels numbered by first appearance (exactly n of them), and kept for display when each
    is one character."""
    height = len(rows)
    distinct = set(labels)
    if len(distinct) != height:
        sample = ", ".join(str(v) for v in sorted(distinct, key=str))
        listed = f": {sample}" if len(distinct) <= 70 else ""  # the labels, not a place
        raise PuzzleError(f"a {height}x{height} board needs exactly {height} regions, found {len(distinct)}{listed}")
    number: dict[Any, int] = {}
    for v in labels:
        number.setdefault(v, len(number))
    grid = tuple(tuple(number[v] for v in row) for row in rows)
    names = None
    if all(isinstance(v, str) and len(v) == 1 and v not in "#" for v in distinct):
        names = tuple(sorted(distinct, key=number.__getitem__))
    return grid, names


# ---------------------------------------------------------------------------- the validator's door


class PlainGrid(NamedTuple):
    """A bare grid of region numbers 0..n-1, checked, in the layout the compiled search reads.

    ``cells`` is a C-contiguous n x n int64 buffer (a numpy array the caller gave, or this
    thread's scratch buffer: valid until this thread's next ``plain_grid`` call); ``source`` is
    the caller's grid itself, from which a ``Puzzle`` is built when a search needs one.
    ``queens`` are cells that must hold a queen (a generator's probe), (row, column) in range."""

    n: int
    cells: Any
    rule: str
    source: Any
    queens: tuple[tuple[int, int], ...] = ()


@cache
def _regions_of(n: int) -> frozenset[int]:
    """Every region number of an n x n board: what a grid's cells must cover."""
    return frozenset(range(n))


_local = threading.local()  # per thread: one n x n buffer per size, filled by the C check


def scratch_cells(n: int) -> memoryview:
    """This thread's reusable n x n int64 buffer (no numpy: the validator's path does not need it),
    valid until this thread's next call for the same n."""
    try:
        buffer: memoryview = _local.buffers[n]
        return buffer
    except AttributeError:
        _local.buffers = {}
    except KeyError:
        pass
    buffer = _local.buffers[n] = int64_cells(n)
    return buffer


def int64_grid(rows: Grid, n: int) -> memoryview:
    """A checked grid's rows as the n x n int64 buffer the compiled searches read (filled in C by
    ``_gridcheck`` when it is built: a quarter of the time of an array made from the rows)."""
    check = gridcheck()
    if check is not None and n <= PLAIN_MAX_N:
        cells = int64_cells(n)
        if check.fill(rows, cells):
            return cells
    return _int64_view(array("q", chain.from_iterable(rows)), n)


def _int64_view(cells: array[int], n: int) -> memoryview:
    """``cells`` (n * n int64) seen as the n x n buffer the compiled search reads."""
    return memoryview(cells).cast("B").cast("q", (n, n))


def int64_cells(n: int) -> memoryview:
    """A new n x n int64 buffer of zeros, as the compiled searches read a grid."""
    return _int64_view(array("q", bytes(8 * n * n)), n)


def plain_grid(regions: Any, rule: str) -> PlainGrid | None:
    """``regions`` as a ``PlainGrid`` when it is a plain grid of integers 0..n-1 with n regions
    (n from 1 to 64); None otherwise (see the module's doc).

    A list of lists is checked in full here (by ``_gridcheck`` in one C pass when it is built); a
    numpy array for shape and dtype here, its range and regions by ``plain_cells_ok`` or the search."""
    kind = type(regions)
    if kind is list or kind is tuple:
        n = len(regions)
        if not 1 <= n <= PLAIN_MAX_N:
            return None
        check = gridcheck()
        if check is not None:
            grid = scratch_cells(n)
            return PlainGrid(n, grid, rule, regions) if check.fill(regions, grid) else None
        cells = _python_cells(regions, n)
        return None if cells is None else PlainGrid(n, cells, rule, regions)
    if getattr(regions, "ndim", None) == 2 and getattr(regions, "dtype", None) is not None and regions.dtype.kind in "iu":
        import numpy as np

        n = regions.shape[0]
        if regions.shape[1] != n or not 1 <= n <= PLAIN_MAX_N:
            return None
        if regions.dtype != np.int64 or not regions.flags.c_contiguous:
            regions = np.ascontiguousarray(regions, dtype=np.int64)
        return PlainGrid(n, regions, rule, regions)
    return None


def _python_cells(regions: Sequence[Any], n: int) -> Any:
    """The pure-Python twin of ``_gridcheck.fill``: the cells as an n x n int64 view, or None."""
    for row in regions:
        if (type(row) is not list and type(row) is not tuple) or len(row) != n:
            return None
    flat = list(chain.from_iterable(regions))
    if countOf(map(type, flat), bool):
        return None
    try:
        cells = array("q", flat)
    except (TypeError, OverflowError):
        return None
    if set(cells) != _regions_of(n):
        return None
    return _int64_view(cells, n)


def solution_check() -> Callable[[Any, Sequence[int], int], bool] | None:
    """The compiled check of a Queens solution on an n x n int64 grid (cells, columns, rule code),
    or None when it is not built (then ``plain_solution_ok`` or ``Puzzle.violations``)."""
    check = gridcheck()
    return None if check is None else check.solution_ok


def fill_canonical(rows: Any, cells: Any) -> int | None:
    """Fill ``cells`` with ``rows`` renumbered by first appearance, as ``Puzzle`` numbers regions, in
    one C pass: the most pieces any region falls into (1: all whole), 0 when the rows are not a
    plain grid, None when the compiled check is not built."""
    check = gridcheck()
    return None if check is None else check.fill_canonical(rows, cells)


def region_parts(numbered: Sequence[Sequence[int]]) -> list[int]:
    """How many pieces each region of a checked, numbered grid falls into (the compiled check's:
    asked only after ``fill_canonical`` found a region in pieces)."""
    return required(GRIDCHECK).region_parts(numbered)


def plain_cells_ok(grid: PlainGrid) -> bool:
    """Whether the grid's cells cover exactly the regions 0..n-1 (a numpy grid is checked for its
    range by the search, and for missing regions here, when its search found no solution)."""
    check = gridcheck()
    if check is not None and grid.n <= PLAIN_MAX_N:
        return bool(check.covers_regions(grid.cells))
    return set(memoryview(grid.cells).cast("B").cast("q")) == _regions_of(grid.n)


def plain_solution_ok(grid: PlainGrid, cols: Sequence[int], rule_code: int) -> bool:
    """Whether ``cols`` (the queen's column in each row) solves the plain grid under its rule, its
    given queens included: in C when ``_gridcheck`` is built (``rule_code`` 0: no-touch, 1: queens)."""
    if grid.queens and not all(cols[r] == c for r, c in grid.queens):
        return False
    check = gridcheck()
    if check is not None:
        return bool(check.solution_ok(grid.cells, cols, rule_code))
    n = grid.n
    if len(cols) != n or set(cols) != _regions_of(n):
        return False
    flat = memoryview(grid.cells).cast("B").cast("q")
    if len(set(map(flat.__getitem__, map(add, range(0, n * n, n), cols)))) != n:
        return False
    if rule_code == 0:
        return not {-1, 1} & set(map(sub, cols[1:], cols))
    return len(set(map(sub, cols, range(n)))) == n and len(set(map(add, cols, range(n)))) == n
