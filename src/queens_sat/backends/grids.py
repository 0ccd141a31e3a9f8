"""Bare region grids checked cheaply and searched at once: the per-call path of ``solve`` and ``is_unique``.

A generator calls its validator thousands of times per puzzle, and building a ``Puzzle``
costs ten times the search on a 9x9 board. Here a list of lists (or tuples) or an integer
numpy array of region numbers 0..n-1 goes straight to the compiled search, still checked:

- shape: n rows of n cells, looked at here;
- integers: the int64 conversion refuses anything else, and bools are refused by type;
- range 0..n-1: the compiled search checks it as it loads the grid;
- n regions, none empty: n queens need n regions, so a missing one can only show as a
  board with no solution, and the regions are counted only then.

Anything else (labels, strings, numbers 1..n, a malformed grid) gets None here and goes
the full ``Puzzle`` way, which takes it or says exactly what is wrong: both ways give
the same verdicts and the same errors.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Sequence
from functools import cache
from itertools import chain
from operator import add, countOf, sub
from typing import Any

import numpy as np

from queens_sat.backends.auto import MIN_TURN, AutoBackend, first_turn
from queens_sat.engines.regions.counting import MAX_N, CountResult
from queens_sat.extension import bitsearch, gridcheck, native_limit, rule_code
from queens_sat.model.errors import PuzzleError
from queens_sat.model.puzzle import as_puzzle
from queens_sat.model.result import Outcome

PLAIN_BACKENDS = ("auto", "native")  # the backends this path stands in for (auto: its first turn, native's)


@cache
def _regions_of(n: int) -> frozenset[int]:
    """Every region number of an n x n board: what a grid's cells must cover."""
    return frozenset(range(n))


_local = threading.local()  # per thread: one n x n buffer per size, filled by the C check


def _buffer(n: int) -> np.ndarray:
    """This thread's reusable n x n int64 buffer (a grid is copied out of it before the search)."""
    try:
        return _local.buffers[n]  # type: ignore[no-any-return]
    except AttributeError:
        _local.buffers = {}
    except KeyError:
        pass
    buffer = _local.buffers[n] = np.empty((n, n), dtype=np.int64)
    return buffer


@cache
def _compiled_check() -> Any:
    """``_gridcheck``, imported once: callers have asked ``bitsearch()`` already, so
    ``QUEENS_SAT_PURE_PYTHON`` is honoured without reading the environment twice a call."""
    return gridcheck()


def plain_cells(regions: Any) -> tuple[int, Any] | None:
    """``(n, grid)``: the board's size and its cells as the compiled search reads them
    (a C-contiguous int64 n x n buffer); None when it is not a plain grid of integers.

    A list of lists is checked in full here (by ``_gridcheck`` in one C pass when it is
    built); a numpy array only for shape and dtype, its range by the search."""
    kind = type(regions)
    if kind is list or kind is tuple:
        n = len(regions)
        if not 1 <= n <= MAX_N:
            return None
        check = _compiled_check()
        if check is not None:
            grid = _buffer(n)
            return (n, grid) if check.fill(regions, grid) else None
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
        return n, memoryview(cells).cast("B").cast("q", (n, n))
    if kind is np.ndarray:
        if regions.ndim != 2 or regions.dtype.kind not in "iu":
            return None
        n = regions.shape[0]
        if regions.shape[1] != n or not 1 <= n <= MAX_N:
            return None
        if regions.dtype != np.int64 or not regions.flags.c_contiguous:
            regions = np.ascontiguousarray(regions, dtype=np.int64)
        return n, regions
    return None


def count_plain(
    regions: Any, rule: str, limit: int | None, keep: int, time_limit: float | None, backend: str = "native"
) -> CountResult | Outcome | None:
    """The compiled search on a plain grid (see the module's doc), or None: take the ``Puzzle`` way.

    The solutions kept are checked against the rules here, as the facade checks every backend's.
    For ``backend="auto"`` this is the portfolio's first turn: a board the native search does not
    settle within ``FIRST_BUDGET`` goes on to the portfolio's next turns (``AutoBackend.go_on``),
    whose ``Outcome`` is returned, so that the first turn is not searched twice."""
    native = bitsearch()
    if native is None:
        return None
    plain = plain_cells(regions)
    if plain is None:
        return None
    n, grid = plain
    budget = first_turn(limit, time_limit) if backend == "auto" else time_limit
    try:
        found = native.count(grid, n, rule_code(rule), native_limit(limit), keep, (), (), budget or 0.0)
    except ValueError:  # a region number out of 0..n-1: the full way says which and where
        return None
    if found[2] and budget != time_limit:  # unsettled in the first turn: the portfolio takes over
        return _go_on(regions, rule, CountResult._make(found), limit, keep, time_limit, budget or 0.0)
    if found[0] == 0 and found[1] and set(memoryview(grid).cast("B").cast("q")) != _regions_of(n):
        return None  # fewer than n regions: the full way names the problem
    for cols in found[3]:
        if not solution_ok(n, rule, grid, cols):
            return None  # the full way verifies every solution again and refuses the wrong one
    return CountResult._make(found)


def _go_on(
    regions: Any, rule: str, first: CountResult, limit: int | None, keep: int, time_limit: float | None, turn: float
) -> Outcome | None:
    """The portfolio's turns after the first one, taken here for ``turn`` seconds and unsettled
    (rare: a board that takes the native search over a tenth of a second). None when the grid is
    no puzzle or a solution is wrong: the full way says why."""
    try:
        puzzle = as_puzzle(regions, rule)
    except PuzzleError:
        return None
    taken = first.outcome()
    taken.stats["seconds"] = turn
    left = None if time_limit is None else max(time_limit - turn, MIN_TURN)
    outcome = AutoBackend().go_on(puzzle, taken, limit=limit, keep=keep, time_limit=left)
    kept = outcome.solutions
    if len(set(kept)) != len(kept) or any(puzzle.violations(cols) for cols in kept):
        return None  # the full way searches again and refuses the wrong solution
    return outcome


def solution_ok(n: int, rule: str, grid: Any, cols: Sequence[int]) -> bool:
    """Whether ``cols`` solves the plain (already checked) grid: in C when ``_gridcheck`` is built."""
    check = _compiled_check()
    if check is not None:
        return bool(check.solution_ok(grid, cols, rule_code(rule)))
    if len(cols) != n or set(cols) != _regions_of(n):
        return False
    flat = memoryview(grid).cast("B").cast("q")
    if len(set(map(flat.__getitem__, map(add, range(0, n * n, n), cols)))) != n:
        return False
    if rule == "no-touch":
        return not {-1, 1} & set(map(sub, cols[1:], cols))
    return len(set(map(sub, cols, range(n)))) == n and len(set(map(add, cols, range(n)))) == n
