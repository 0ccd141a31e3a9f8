"""Counting solutions of raw region grids, with no ``Puzzle`` built: for callers that check boards by the thousand.

``count_regions(regions, rule, limit)`` searches one n x n grid of region numbers
0..n-1 (a numpy array or nested lists) and returns an ``Outcome`` (the one result type of
every search): ``count``, ``complete`` (exact count), ``timed_out``, the first ``keep``
``solutions`` (the queen's column in each row) and ``stats["nodes"]``. With the default ``limit=2, keep=2`` it is the
uniqueness check, and when a board has several solutions the second one is
there to repair it by; a generator can call it hundreds of times per puzzle.

``count_batch(regions, rule, limit)`` does the same for a stack of m grids
(an m x n x n array) in one call and returns ``BatchCounts`` (numpy arrays, one
entry per grid): a corpus of thousands costs no Python work per board.

Both run the compiled search when it is built and the pure-Python reference
otherwise (``IMPLEMENTATION`` says which; ``QUEENS_SAT_PURE_PYTHON=1`` forces
the latter); ``native=True/False`` picks one, and ``native_count_regions``,
``python_count_regions``, ``native_count_batch`` and ``python_count_batch``
are those choices made. Both give the same results, in the same order.

Unlike ``Puzzle``, the grid is not validated beyond shape and range: a region
number that no cell carries is simply a region no queen can go in (count 0).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from queens_sat.engines.regions.search_py import search_parts
from queens_sat.extension import BITSEARCH, bitsearch, native_limit, required, unavailable_reason
from queens_sat.extension import rule_code as extension_rule_code
from queens_sat.model.arguments import counted as counted_argument
from queens_sat.model.arguments import optional_counted, whole_number
from queens_sat.model.errors import ArgumentError, as_interrupted, shown
from queens_sat.model.placement import Cell
from queens_sat.model.result import CompiledCount, Outcome, counted

if TYPE_CHECKING:
    import numpy as np

    from queens_sat.extension import BitsearchModule

__all__ = ["native_limit", "rule_code"]  # the compiled search's arguments, for the backends that call it

MAX_N = 64  # the native search keeps a row in one 64-bit word; the reference follows for the same results


@dataclass(frozen=True)
class BatchCounts:
    """The results of ``count_batch``, one entry per board of the stack: the array form of a
    batch (``outcome(i)`` is board ``i`` as the backends report it)."""

    counts: np.ndarray  # (m,) int64: solutions found, exact where ``complete``; -1 where not searched
    complete: np.ndarray  # (m,) bool: the whole search space was explored
    timed_out: np.ndarray  # (m,) bool: the time limit stopped the search
    solutions: np.ndarray  # (m, keep, n) int16: the first solutions found, rows of -1 past the last
    nodes: np.ndarray  # (m,) int64: search nodes
    elapsed: np.ndarray  # (m,) float64: seconds spent on each board

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def done(self) -> int:
        """How many boards, from the first, were searched (all unless interrupted)."""
        import numpy as np

        missing = np.flatnonzero(self.counts < 0)
        return int(missing[0]) if len(missing) else len(self.counts)

    def outcome(self, i: int) -> Outcome:
        """Board ``i``'s results as ``count_regions`` gives them (``stats``: nodes), with its search's seconds."""
        kept = min(int(self.counts[i]), self.solutions.shape[1])
        return Outcome(
            [tuple(row) for row in self.solutions[i, :kept].tolist()],
            int(self.counts[i]),
            bool(self.complete[i]),
            bool(self.timed_out[i]),
            {"nodes": int(self.nodes[i])},
            seconds=float(self.elapsed[i]),
        )


# ---------------------------------------------------------------------------- arguments


def _check_range(grids: np.ndarray, n: int) -> None:
    import numpy as np

    if grids.size and (grids.min() < 0 or grids.max() >= n):
        bad = np.argwhere((grids < 0) | (grids >= n))[0]
        where = ", ".join(f"{axis} {i}" for axis, i in zip(("board", "row", "column")[-len(bad):], bad, strict=True))
        raise ArgumentError(f"{where}: region {grids[tuple(bad)]} is not in 0..{n - 1}", argument="regions")


def _grids(regions: Any, ndim: int, check_range: bool = True) -> np.ndarray:
    """``regions`` as a C-contiguous int64 array of n x n grids (``ndim`` 2: one, 3: a stack), checked.

    The compiled search checks the range of a single grid itself, for free, so
    ``check_range=False`` spares it numpy's per-call overhead.
    """
    import numpy as np

    try:
        grids = np.ascontiguousarray(regions, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        raise ArgumentError(f"regions must be a grid of region numbers, got {shown(regions)}", argument="regions") from None
    what = "an n x n grid" if ndim == 2 else "a stack of n x n grids (m x n x n)"
    if grids.ndim != ndim or grids.shape[-1] != grids.shape[-2]:
        raise ArgumentError(f"regions must be {what} of region numbers, got shape {grids.shape}", argument="regions")
    n = grids.shape[-1]
    if not 1 <= n <= MAX_N:
        raise ArgumentError(f"boards go from n = 1 to {MAX_N} here, got n = {n}", argument="regions")
    if check_range:
        _check_range(grids, n)
    return grids


def rule_code(rule: str) -> int:
    """The compiled modules' number for ``rule``; an ``ArgumentError`` naming ``rule`` for an unknown one."""
    try:
        return extension_rule_code(rule)
    except (ValueError, TypeError):
        raise ArgumentError(f"rule {shown(rule)} is not one of no-touch, queens", argument="rule") from None


def _limits(limit: Any, keep: Any) -> tuple[int | None, int]:
    """``limit`` (1 or more, None: all) and ``keep`` (0 or more) checked; plain ints pass at once
    (a validator's call costs microseconds), anything else as ``model.arguments`` judges it."""
    if (limit is None or (type(limit) is int and limit >= 1)) and type(keep) is int and keep >= 0:
        return limit, keep
    return optional_counted(limit, "limit", 1), counted_argument(keep, "keep")


def _cells(cells: Iterable[Sequence[int]], n: int, what: str) -> list[Cell]:
    out = set()
    argument = "queens" if what == "given queen" else "blocked"
    for cell in cells:
        try:
            r, c = (whole_number(v, argument) for v in cell)
        except (TypeError, ValueError):
            raise ArgumentError(f"a {what} is a (row, column) pair, got {shown(cell)}", argument=argument) from None
        if not (0 <= r < n and 0 <= c < n):
            raise ArgumentError(f"{what} ({r}, {c}) is off the {n}x{n} board", argument=argument)
        out.add((r, c))
    return sorted(out)


def _masks(cells: Any, shape: tuple[int, ...], what: str) -> np.ndarray | None:
    """A stack of boolean cell masks as the C-contiguous uint8 array the search reads, or None."""
    import numpy as np

    if cells is None:
        return None
    masks = np.ascontiguousarray(cells, dtype=bool)
    if masks.shape != shape:
        raise ArgumentError(f"{what} must be a boolean mask of the regions' shape {shape}, got {masks.shape}", argument=what)
    return masks.view(np.uint8) if masks.any() else None


# ---------------------------------------------------------------------------- one board


def _native(native: bool | None) -> bool:
    """Whether to use the compiled search: ``native`` None means when it is built."""
    if native is None:
        return bitsearch() is not None
    if native and bitsearch() is None:
        raise RuntimeError(f"the native extension is not available: {unavailable_reason()}")
    return native


def native_search(
    grid: np.ndarray | None,
    n: int,
    rule: str,
    limit: int | None,
    keep: int,
    queens: Sequence[Cell],
    blocked: Sequence[Cell],
    time_limit: float | None,
) -> Outcome:
    """The compiled search on a checked grid (None: no regions)."""
    return counted(required().count(grid, n, rule_code(rule), native_limit(limit), keep, queens, blocked, time_limit or 0.0))


def count_regions(
    regions: Any,
    rule: str = "no-touch",
    limit: int | None = 2,
    *,
    queens: Iterable[Sequence[int]] = (),
    blocked: Iterable[Sequence[int]] = (),
    keep: int = 2,
    time_limit: float | None = None,
    native: bool | None = None,
) -> Outcome:
    """Count the solutions of one board given as an n x n grid of region numbers 0..n-1.

    ``regions``: a numpy integer array (any dtype; int64 C-contiguous is used as
    is) or nested lists; n from 1 to 64. ``rule``: "no-touch" or "queens".
    ``limit``: stop after this many solutions (2: the uniqueness check; None:
    count them all). ``queens``/``blocked``: (row, column) cells that must hold a
    queen / must not. ``keep``: how many of the solutions found to return.
    ``time_limit``: seconds, checked every few thousand nodes. ``native``: None
    takes the compiled search when it is built, True insists on it, False takes
    the pure-Python reference.

    Returns an ``Outcome``: ``count`` (exact when ``complete``), ``complete``,
    ``timed_out``, ``solutions`` (the first ``keep`` found, each the queen's
    column in every row) and ``stats["nodes"]``. Raises ValueError for a malformed grid
    or argument.
    """
    limit, keep = _limits(limit, keep)
    if _native(native):
        grid = _grids(regions, 2, check_range=False)  # the compiled search checks the range itself
        n = grid.shape[0]
        given = _cells(queens, n, "given queen") if queens else []
        barred = _cells(blocked, n, "blocked cell") if blocked else []
        return native_search(grid, n, rule, limit, keep, given, barred, time_limit)
    grid = _grids(regions, 2)
    n = grid.shape[0]
    rule_code(rule)
    native_limit(limit)
    return search_parts(
        n,
        rule,
        grid.ravel().tolist(),
        _cells(queens, n, "given queen"),
        _cells(blocked, n, "blocked cell"),
        limit=limit,
        keep=keep,
        time_limit=time_limit,
    )


# ---------------------------------------------------------------------------- a stack of boards


def _empty_counts(m: int, n: int, keep: int) -> BatchCounts:
    import numpy as np

    return BatchCounts(
        counts=np.full(m, -1, dtype=np.int64),
        complete=np.zeros(m, dtype=bool),
        timed_out=np.zeros(m, dtype=bool),
        solutions=np.full((m, keep, n), -1, dtype=np.int16),
        nodes=np.zeros(m, dtype=np.int64),
        elapsed=np.zeros(m, dtype=np.float64),
    )


def count_batch(
    regions: Any,
    rule: str = "no-touch",
    limit: int | None = 2,
    *,
    queens: Any = None,
    blocked: Any = None,
    keep: int = 2,
    time_limit: float | None = None,
    native: bool | None = None,
) -> BatchCounts:
    """Count the solutions of every board of a stack in one call.

    ``regions``: an m x n x n integer array of region numbers 0..n-1 (one size,
    one rule per call; group boards of other sizes into other calls).
    ``queens``/``blocked``: optional m x n x n boolean masks of given queens and
    blocked cells. ``limit``, ``keep``, ``time_limit`` (seconds per board) and
    ``native`` as in ``count_regions``; the compiled search takes the whole stack
    in one call, without the GIL. Returns ``BatchCounts``; Ctrl-C raises
    ``Interrupted`` (a KeyboardInterrupt) whose ``partial`` holds the boards already done.
    """
    import numpy as np

    grids = _grids(regions, 3)
    limit, keep = _limits(limit, keep)
    code = rule_code(rule)
    native_limit(limit)
    queen_masks, blocked_masks = _masks(queens, grids.shape, "queens"), _masks(blocked, grids.shape, "blocked")
    m, n = grids.shape[0], grids.shape[1]
    out = _empty_counts(m, n, keep)
    try:
        if _native(native):
            required().count_batch(
                grids, code, native_limit(limit), keep, queen_masks, blocked_masks, time_limit or 0.0,
                out.counts, out.complete.view(np.uint8), out.timed_out.view(np.uint8), out.solutions, out.nodes, out.elapsed,
            )
            return out
        for i in range(m):
            start = time.perf_counter()
            outcome = search_parts(
                n,
                rule,
                grids[i].ravel().tolist(),
                _mask_cells(queen_masks, i),
                _mask_cells(blocked_masks, i),
                limit=limit,
                keep=keep,
                time_limit=time_limit,
            )
            _fill(out, i, outcome, time.perf_counter() - start)
    except KeyboardInterrupt as stop:
        raise as_interrupted(stop, out, f"interrupted after {out.done} of {len(out)} boards") from None
    return out


def _mask_cells(masks: np.ndarray | None, i: int) -> list[Cell]:
    import numpy as np

    return [] if masks is None else [(r, c) for r, c in np.argwhere(masks[i]).tolist()]


def _fill(out: BatchCounts, i: int, result: Outcome, elapsed: float) -> None:
    for j, solution in enumerate(result.solutions):
        out.solutions[i, j] = solution
    out.complete[i] = result.complete
    out.timed_out[i] = result.timed_out
    out.nodes[i] = result.stats["nodes"]
    out.elapsed[i] = elapsed
    out.counts[i] = result.count


# ---------------------------------------------------------------------------- the compiled kernel, for the native backend


def compiled() -> BitsearchModule | None:
    """The compiled region search (``_bitsearch``), or None when the pure-Python twin must run."""
    return bitsearch()


def compiled_required() -> BitsearchModule:
    """The compiled region search; RuntimeError saying why when it cannot be used."""
    return required(BITSEARCH)


def compiled_count(
    cells: Any, n: int, code: int, cap: int, keep: int, queens: Sequence[Cell], blocked: Sequence[Cell], seconds: float, nodes: int
) -> CompiledCount:
    """The compiled search's one entry: a checked n x n int64 grid, the rule's code, ``cap``
    solutions (0: all), ``seconds`` and ``nodes`` (0: no limit); its count tuple (``counted``)."""
    return required(BITSEARCH).count(cells, n, code, cap, keep, queens, blocked, seconds, nodes)


# ---------------------------------------------------------------------------- the choice

IMPLEMENTATION = "native" if bitsearch() is not None else "python"

native_count_regions = partial(count_regions, native=True)
python_count_regions = partial(count_regions, native=False)
native_count_batch = partial(count_batch, native=True)
python_count_batch = partial(count_batch, native=False)
