"""The native logic engine's Python side: it hands a board to ``queens_sat._logic``
(native/logic/, C without the GIL) and turns the compact record it returns into the same
``LogicResult`` and ``Step`` objects as the pure-Python engine, lazily.

The record is one int32 head a step (``HEAD`` fields: rule id, probe depth, cell, stars,
assumption, candidates open before the step, the assumptions a probe tried to find it,
then the lengths of its lists) and one int16
array of the lists themselves, step after step: placed cells, crossed cells, units, lines,
forced cells, blocks (cells r * n + c, units by id: rows 0..n-1, columns n..2n-1, regions
2n..3n-1). A grade needs only the counts per technique, which come with the record; the
``Step`` objects, the queens and the crossed cells are built when first read (``explain``,
``hint``), so a graded ``check`` pays for none of them.
"""

from __future__ import annotations

import time
from array import array
from functools import lru_cache
from itertools import chain
from typing import Any

from queens_sat import extension
from queens_sat.engines.logic.board import COLUMN, REGION, ROW, Unit
from queens_sat.engines.logic.deduction import ASSUMED_CROSS, ASSUMED_STAR, PROBE, RULE_NAMES
from queens_sat.engines.logic.grading import score_of
from queens_sat.engines.logic.result import LogicResult, Step
from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Status

# The head's fields (native/logic/engine.h, QL_H_*), in order.
RULE, DEPTH, CELL, STARS, ASSUMED, CANDIDATES, TRIED, PLACED, CROSSED, UNITS, LINES, FORCED, BLOCKS = range(13)
HEAD = 13
_STATUS = {1: Status.SOLVED, 2: Status.STUCK, 3: Status.CONTRADICTION, 4: Status.TIMED_OUT}
_GOING = 0
_ASSUMED = ("", ASSUMED_STAR, ASSUMED_CROSS)
_PROBE_ID = RULE_NAMES.index(PROBE)


def takes(puzzle: Puzzle) -> bool:
    """Whether the native engine is built (and not turned off) and takes this board."""
    module = extension.logic()
    if module is None:
        return False
    if puzzle.stars == 1:
        return bool(puzzle.n <= module.MAX_N)
    return bool(puzzle.n <= module.MAX_STAR_N and puzzle.stars <= module.MAX_K)


def why_not(puzzle: Puzzle) -> str:
    """Why ``takes`` said no."""
    module = extension.logic()
    if module is None:
        return extension.unavailable_reason(extension.LOGIC) or "not built"
    if puzzle.stars == 1:
        return f"it takes boards up to n = {module.MAX_N}; this one has n = {puzzle.n}"
    return f"with k > 1 stars it takes boards up to n = {module.MAX_STAR_N}; this one has n = {puzzle.n}"


@lru_cache(maxsize=128)
def _cells(n: int) -> tuple[Cell, ...]:
    """Cell number -> (row, column)."""
    return tuple(divmod(i, n) for i in range(n * n))


@lru_cache(maxsize=128)
def _units(n: int) -> tuple[Unit, ...]:
    """Unit id -> Unit."""
    return tuple([Unit(ROW, r) for r in range(n)] + [Unit(COLUMN, c) for c in range(n)] + [Unit(REGION, g) for g in range(n)])


@lru_cache(maxsize=256)
def _technique(code: int) -> str:
    """The native engine's technique code (a rule id, or the probe's id + depth - 1) by name."""
    return RULE_NAMES[code] if code < _PROBE_ID else f"{PROBE}-{code - _PROBE_ID + 1}"


def _board(puzzle: Puzzle) -> tuple[bytes | None, list[int], list[int]]:
    n = puzzle.n
    regions = bytes(chain.from_iterable(puzzle.regions)) if puzzle.regions is not None else None
    return regions, [r * n + c for r, c in puzzle.queens], [r * n + c for r, c in puzzle.blocked]


def _limit(time_limit: float | None) -> float:
    """A time limit as the native engine takes it: 0 for none, else at least a picosecond."""
    return 0.0 if time_limit is None else max(float(time_limit), 1e-12)


def decode_steps(head: bytes, data: bytes, n: int) -> tuple[Step, ...]:
    """The ``Step`` objects of a native record."""
    heads = array("i")
    heads.frombytes(head)
    items = array("h")
    items.frombytes(data)
    cells, units = _cells(n), _units(n)
    steps = []
    at = 0
    for s in range(0, len(heads), HEAD):
        h = heads[s : s + HEAD]
        lists = []
        for count in h[PLACED : BLOCKS + 1]:
            lists.append(items[at : at + count])
            at += count
        placed, crossed, unit_ids, line_ids, forced, blocks = lists
        steps.append(
            Step(
                rule=RULE_NAMES[h[RULE]],
                placed=tuple([cells[i] for i in placed]),
                crossed=tuple([cells[i] for i in crossed]),
                units=tuple([units[u] for u in unit_ids]),
                lines=tuple([units[u] for u in line_ids]),
                cell=cells[h[CELL]] if h[CELL] >= 0 else None,
                depth=h[DEPTH],
                forced=tuple([cells[i] for i in forced]),
                stars=h[STARS],
                blocks=tuple([cells[i] for i in blocks]),
                assumed=_ASSUMED[h[ASSUMED]],
                candidates=h[CANDIDATES],
                tried=h[TRIED],
            )
        )
    return tuple(steps)


def record_score(head: bytes, n: int) -> float:
    """The difficulty score straight from the record's heads (no ``Step`` objects made)."""
    heads = memoryview(head).cast("i")  # read in place (an array's copy cost a graded answer a microsecond)
    return score_of(zip(heads[RULE::HEAD], heads[DEPTH::HEAD], heads[CANDIDATES::HEAD], heads[TRIED::HEAD], strict=True), n)


def _mask_cells(mask: int, n: int) -> frozenset[Cell]:
    cells = _cells(n)
    out = []
    while mask:
        low = mask & -mask
        out.append(cells[low.bit_length() - 1])
        mask ^= low
    return frozenset(out)


def _dead_end(found: tuple[tuple[int, ...], tuple[int, ...]] | None, n: int) -> tuple[tuple[Unit, ...], tuple[Unit, ...]] | None:
    if found is None:
        return None
    units = _units(n)
    return tuple(units[u] for u in found[0]), tuple(units[u] for u in found[1])


def logic_solve_native(puzzle: Puzzle, max_depth: int, time_limit: float | None = None) -> LogicResult:
    """``logic_solve`` on the native engine (``takes(puzzle)`` must hold)."""
    start = time.perf_counter()
    module = extension.logic()
    assert module is not None
    n = puzzle.n
    regions, given, blocked = _board(puzzle)
    status, head, data, queens, cand, dead_end, counts, solution, _ = module.solve(
        regions, n, puzzle.stars, extension.rule_code(puzzle.rule), given, blocked, max_depth, _limit(time_limit)
    )
    stars = int.from_bytes(queens, "little")
    open_cells = int.from_bytes(cand, "little")
    return LogicResult(
        status=_STATUS[status],
        steps=lambda: decode_steps(head, data, n),
        n=n,
        queens=lambda: _mask_cells(stars, n),
        crossed=lambda: _mask_cells(((1 << (n * n)) - 1) & ~(stars | open_cells), n),
        max_depth=max_depth,
        elapsed=time.perf_counter() - start,
        contradiction=_dead_end(dead_end, n),
        counts={_technique(code): count for code, count in counts},
        stars=puzzle.stars,
        step_count=len(head) // (4 * HEAD),
        solution=solution,
        score=lambda: record_score(head, n),
    )


class NativeEngine:
    """The native twin of ``engine.Engine``: ``step()`` makes one deduction at a time (hints)."""

    def __init__(self, puzzle: Puzzle, max_depth: int, deadline: float | None = None) -> None:
        module = extension.logic()
        assert module is not None
        self.n = puzzle.n
        self.max_depth = max_depth
        self.deadline = deadline
        regions, given, blocked = _board(puzzle)
        self._engine: Any = module.Engine(regions, self.n, puzzle.stars, extension.rule_code(puzzle.rule), given, blocked, max_depth)
        self.status: Status | None = Status.SOLVED if self._engine.status == 1 else None
        self._read = 0

    def step(self) -> Step | None:
        """Make the next deduction and return it; None when solved, stuck, at a
        contradiction or out of time (``status`` says which)."""
        if self.status is not None:
            return None
        limit = 0.0 if self.deadline is None else max(self.deadline - time.perf_counter(), 1e-12)
        code = self._engine.run(1, limit)
        head, data = self._engine.record(self._read)
        made = decode_steps(head, data, self.n)
        self._read += len(made)
        if code != _GOING:
            self.status = _STATUS[code]
        return made[0] if made else None

    def steps(self) -> Any:
        while True:
            step = self.step()
            if step is None:
                return
            yield step

    def dead_end(self) -> tuple[tuple[Unit, ...], tuple[Unit, ...]] | None:
        """The (units, lines) of the contradiction the engine met, if it met one."""
        return _dead_end(self._engine.dead_end(), self.n)
