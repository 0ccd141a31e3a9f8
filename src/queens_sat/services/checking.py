"""``check`` as a library call: the verdict on one puzzle record, ready to print or serialise."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

from queens_sat.backends import searching
from queens_sat.backends.base import Backend
from queens_sat.backends.searching import Board
from queens_sat.extension import GRIDCHECK, gridcheck, required
from queens_sat.formats.json_format import PlainRecord, solution_to_json
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.arguments import instance_of
from queens_sat.model.errors import ArgumentError, BackendError, Interrupted, PuzzleError, shown
from queens_sat.model.grids import PLAIN_MAX_N, PlainGrid, int64_cells, normalise_regions, scratch_cells
from queens_sat.model.puzzle import LABELS, split_warnings
from queens_sat.model.result import Outcome, SolveResult, Status
from queens_sat.services.solving import solve

if TYPE_CHECKING:
    from queens_sat.services.logic import LogicResult

LOGIC_DEPTH = 2  # probe depth of the logic verdict; published daily puzzles need no more
LOGIC_TIME_LIMIT = 10.0  # seconds for the logic verdict when the caller sets no time limit


@dataclass
class CheckReport:
    record: PuzzleRecord
    status: Status  # unique, multiple, none, unknown or invalid
    result: SolveResult | None = None
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    logic: LogicResult | None = None  # reasoning alone, for unique puzzles (None when skipped)

    def as_dict(self) -> dict[str, Any]:
        rec = self.record
        out: dict[str, Any] = {"source": rec.source, "line": rec.line, "id": rec.id}
        shape = rec.shape()
        stars = 1
        if shape is not None:
            out["n"], out["rule"], stars = shape
            if stars > 1:
                out["stars"] = stars
        out["status"] = self.status
        res = self.result
        if res is not None:
            out["count"] = res.count
            out["complete"] = res.complete
            out["timed_out"] = res.timed_out
            out["solutions"] = [solution_to_json(s, stars) for s in res.solutions] if stars > 1 else [list(s) for s in res.solutions]
            out["elapsed"] = int(res.elapsed * 1e6 + 0.5) / 1e6  # round(x, 6) as a product: round's digits cost 1 µs a line
            out["backend"] = res.backend
            out["stats"] = res.stats
        out["logic"] = self.logic.as_dict() if self.logic is not None else None
        out["warnings"] = self.warnings
        out["error"] = self.error
        return out


MIN_LOGIC_SECONDS = 0.001  # a search that took the whole time limit leaves the logic verdict this (it then says "out of time")
KEEP_MAX_N = 100_000  # a check keeps (reports, draws) the solutions of boards up to this wide; ``solve --out`` writes bigger ones


def check_record(
    record: PuzzleRecord,
    backend: str = "auto",
    time_limit: float | None = None,
    logic_depth: int | None = LOGIC_DEPTH,
) -> CheckReport:
    """Is the record's puzzle well formed and unique? Errors become an ``invalid`` report.

    A unique puzzle is also solved by the logic engine (probes up to ``logic_depth``;
    None skips it): can a person solve it without guessing, and how hard is it? Only
    unique puzzles, because logic can settle nothing else. Without ``time_limit`` the
    logic verdict still stops after ``LOGIC_TIME_LIMIT`` (deep probes on a big board can
    take minutes) and says so.
    """
    instance_of(record, PuzzleRecord, "record")
    if record.error is not None or record.puzzle is None:
        return CheckReport(record, Status.INVALID, error=str(record.error))
    try:
        keep = 2 if record.puzzle.n <= KEEP_MAX_N else 0  # two to draw; none at n = 10^8 (3.6 GB a tuple)
        result = solve(record.puzzle, backend=backend, limit=2, keep=keep, time_limit=time_limit)
    except BackendError as err:
        return CheckReport(record, Status.INVALID, error=str(err))
    return _report(record, result, time_limit, logic_depth)


def quick_check(
    record: PuzzleRecord,
    backend: str,
    logic_depth: int | None,
    nodes: int,
    logic_seconds: float,
    search_seconds: float | None = None,
) -> CheckReport | None:
    """``check_record``'s report when a bounded amount of work gives it, else None (then call
    ``check_record``): the search gets a budget of ``nodes`` (the same verdict as the full check,
    or nothing) and at most ``search_seconds`` (a node of the pure-Python search on a big Star
    Battle board costs milliseconds), the logic verdict ``logic_seconds``. What a server answers
    without leaving its event loop: a daily's check costs tens of microseconds, and handing it to
    a thread costs more."""
    puzzle = record.puzzle
    if record.error is not None or puzzle is None or backend != "auto":
        return None
    result = _bounded_search(puzzle, searching.backend_for(backend, puzzle).resolve(puzzle), nodes, search_seconds)
    if result is None:
        return None
    report = _report(record, result, logic_seconds, logic_depth)
    if report.logic is not None and report.logic.status is Status.TIMED_OUT:
        return None
    return report


def quick_plain_check(
    record: PlainRecord, logic_depth: int | None, nodes: int, logic_seconds: float, search_seconds: float | None = None
) -> tuple[bool, CheckReport | None]:
    """``quick_check`` for a plain record, its rows searched as they are in one compiled call
    (``searching.search_rows``, within ``nodes`` and ``search_seconds``): ``(True, report)`` when
    that settles it (and the logic verdict, on the ``Puzzle`` built from the parsed line, comes
    within ``logic_seconds``), ``(True, None)`` when it does not, ``(False, None)`` when the rows
    are not a grid the compiled call takes (then ``quick_check`` on the record's ``Puzzle``)."""
    auto = searching.backend_for("auto")
    try:  # auto's own choice of search (as ``resolve``), given the budget
        engine = auto.pick(PlainGrid._make((len(record.regions), None, record.rule, record.regions, ())))  # type: ignore[attr-defined]
    except PuzzleError:
        return False, None
    if engine.effort_unit != "nodes":
        return False, None
    start = time.perf_counter()
    found = searching.search_rows(record.regions, record.rule, backend=engine, limit=2, keep=2, time_limit=search_seconds, effort=nodes)
    if found is None:
        return False, None
    outcome, most_pieces = found
    if outcome.spent or outcome.timed_out:
        return True, None
    result = SolveResult.of(outcome, time.perf_counter() - start)
    if logic_depth is not None and result.is_unique and record.puzzle is None:  # the grade needs the ``Puzzle``: it says what is wrong
        return False, None
    report = _report(record, result, logic_seconds, logic_depth, [] if most_pieces == 1 else _split_warnings(record.regions))
    if report.logic is not None and report.logic.status is Status.TIMED_OUT:
        return True, None
    return True, report


def _bounded_search(board: Board, engine: Backend, nodes: int, search_seconds: float | None) -> SolveResult | None:
    """The uniqueness search of ``board`` on ``engine`` within ``nodes`` and ``search_seconds``, or
    None when that does not settle it (or the engine counts its effort in anything but nodes)."""
    if engine.effort_unit != "nodes":
        return None
    start = time.perf_counter()
    outcome = searching.search(board, backend=engine, limit=2, effort=nodes, time_limit=search_seconds)
    if outcome.spent or outcome.timed_out:
        return None
    return SolveResult.of(outcome, time.perf_counter() - start)


def _report(
    record: PuzzleRecord, result: SolveResult, time_limit: float | None, logic_depth: int | None, warnings: list[str] | None = None
) -> CheckReport:
    """The report on a searched record, with the logic verdict when the puzzle is unique (within
    ``time_limit``, else the default logic limit); ``warnings`` the puzzle's, when the caller knows
    them (a plain record's ``Puzzle`` is then built only for the logic verdict)."""
    if warnings is None:
        assert record.puzzle is not None
        warnings = record.puzzle.warnings()
    report = CheckReport(record, result.status, result, [*record.warnings, *warnings])
    if logic_depth is not None and result.is_unique:
        from queens_sat.services.logic import MAX_N, logic_solve

        puzzle = record.puzzle
        assert puzzle is not None
        if puzzle.n <= MAX_N:  # one budget per record: the logic verdict has what the search left of it
            limit = LOGIC_TIME_LIMIT if time_limit is None else max(time_limit - result.elapsed, MIN_LOGIC_SECONDS)
            report.logic = logic_solve(puzzle, logic_depth, limit)
    return report


BATCH = 512  # records read and searched together on the batch path
SMALL_CHUNK = 8  # fewer records than this are searched one by one (numpy's set-up would cost more)


def check_records(
    records: Iterable[PuzzleRecord],
    backend: str = "auto",
    time_limit: float | None = None,
    logic_depth: int | None = LOGIC_DEPTH,
) -> Iterator[CheckReport]:
    """``check_record`` for every record, in order, as they come.

    With the native search (``backend`` auto or native), the records are read
    ``BATCH`` at a time and their boards searched in one native call per size
    and rule, so a corpus of thousands costs no Python search work per puzzle;
    the verdicts, solutions and errors are those ``check_record`` gives. Records
    with a ``ready()`` method (a live pipe) are batched only over those that
    have arrived: the first record is never held back waiting for a second.
    """
    from queens_sat.backends import get_backend

    records = _CheckedRecords(records)
    try:
        engine = get_backend(backend)
    except BackendError:
        engine = None  # every record then reports the backend's error, as check_record words it
    if engine is None or not engine.batches():
        for record in records:
            yield check_record(record, backend, time_limit, logic_depth)
        return
    lone_plain = logic_depth is None and backend == "auto"  # a co-process's plain line alone: searched as it is, straight
    for chunk in _chunks(records, getattr(records, "ready", None)):
        if lone_plain and len(chunk) == 1 and type(chunk[0]) is PlainRecord and (report := _check_plain(chunk[0], engine, time_limit)):
            yield report
        else:
            yield from _check_chunk(chunk, engine, backend, time_limit, logic_depth)


class _CheckedRecords:
    """The caller's records, each checked to be a ``PuzzleRecord`` (an ``ArgumentError`` naming
    ``records`` otherwise); a live pipe's ``ready`` is passed through."""

    def __init__(self, records: Iterable[PuzzleRecord]) -> None:
        try:
            self._items = iter(records)
        except TypeError:
            raise ArgumentError(f"records must be an iterable of PuzzleRecord, got {shown(records)}", argument="records") from None
        ready = getattr(records, "ready", None)
        if ready is not None:
            self.ready = ready

    def __iter__(self) -> Iterator[PuzzleRecord]:
        return self

    def __next__(self) -> PuzzleRecord:
        record = next(self._items)
        if not isinstance(record, PuzzleRecord):
            raise ArgumentError(f"records must hold PuzzleRecord objects, got {shown(record)}", argument="records")
        return record


def _chunks(records: Iterator[PuzzleRecord], ready: Callable[[], bool] | None) -> Iterator[list[PuzzleRecord]]:
    """Up to ``BATCH`` records at a time; with ``ready``, only as many as can be had without waiting."""
    if ready is None:
        while chunk := list(islice(records, BATCH)):
            yield chunk
        return
    for first in records:
        chunk = [first]
        while len(chunk) < BATCH and ready():
            record = next(records, None)
            if record is None:
                break
            chunk.append(record)
        yield chunk


def plain_board(record: PlainRecord, scratch: bool = False) -> tuple[PlainGrid, list[str]] | None:
    """A plain record's grid as the search reads it and the puzzle's warnings (regions in pieces, as
    ``Puzzle.warnings`` words them), or None when the grid is not one (numbers past 63, labels
    padded with spaces, not n of them...): the ordinary path then reads it or says what is wrong.
    Its regions are renumbered by first appearance, as ``Puzzle`` keeps them, so the search (its
    ``stats``) and the region letters of the warnings are the ordinary path's. The cells are a
    buffer of its own, so that a batch holds many; with ``scratch``, this thread's scratch buffer
    (one board, searched before the next)."""
    check = gridcheck()
    regions = record.regions
    n = len(regions)
    if check is None or record.error is not None or not 1 <= n <= PLAIN_MAX_N:
        return None
    cells = scratch_cells(n) if scratch else int64_cells(n)
    most_pieces = check.fill_canonical(regions, cells)
    if not most_pieces:
        return None
    grid = PlainGrid(n, cells, record.rule, regions)
    return grid, [] if most_pieces == 1 else _split_warnings(regions)


def _split_warnings(regions: list[Any]) -> list[str]:
    """The warnings of a plain grid with a region in pieces (rare), worded as ``Puzzle`` words them."""
    numbered, labels = normalise_regions(regions, len(regions))
    return split_warnings(required(GRIDCHECK).region_parts(numbered), (labels or LABELS).__getitem__)


def _check_plain(record: PlainRecord, engine: Backend, time_limit: float | None) -> CheckReport | None:
    """A plain record's report without logic, its grid searched as it is (a co-process's line: the
    per-board search costs less than a batch of one), or None when it is not a grid the search takes
    as it is."""
    start = time.perf_counter()
    try:
        found = searching.search_rows(record.regions, record.rule, backend=engine, limit=2, keep=2, time_limit=time_limit)
        if found is None:  # no compiled search of rows (the pure-Python path): the grid's buffer, then the search
            plain = plain_board(record, scratch=True)
            if plain is None:
                return None
            start = time.perf_counter()
            one, warnings = searching.search(plain[0], backend=engine, limit=2, keep=2, time_limit=time_limit), plain[1]
        else:
            one, most_pieces = found
            warnings = [] if most_pieces == 1 else _split_warnings(record.regions)
    except BackendError as err:
        return CheckReport(record, Status.INVALID, error=str(err))
    result = SolveResult.of(one, time.perf_counter() - start)
    return CheckReport(record, result.status, result, warnings)


def _check_chunk(
    chunk: list[PuzzleRecord], engine: Backend, backend: str, time_limit: float | None, logic_depth: int | None
) -> Iterator[CheckReport]:
    """The reports of a chunk, in order, its boards searched as one batch (``search_many``). A plain
    record (``PlainRecord``, no logic asked) is searched as its grid is, with no ``Puzzle`` built.
    A small chunk without plain records (a co-process's line) goes the facade's way."""
    boards: dict[int, Board] = {}
    plain_warnings: dict[int, list[str]] = {}
    if logic_depth is None and backend == "auto":
        for i, rec in enumerate(chunk):
            if type(rec) is PlainRecord and (plain := plain_board(rec)) is not None:
                boards[i], plain_warnings[i] = plain
    if len(chunk) < SMALL_CHUNK and not boards:  # the facade's per-call path costs less than a stack
        for record in chunk:
            yield check_record(record, backend, time_limit, logic_depth)
        return
    for i, rec in enumerate(chunk):
        if i not in boards and rec.puzzle is not None and rec.error is None and engine.unsupported(rec.puzzle) is None:
            boards[i] = rec.puzzle
    picked = sorted(boards)
    stopped: Interrupted | None = None
    found: list[Outcome | BackendError | None]
    try:
        found = list(searching.search_many([boards[i] for i in picked], backend=engine, limit=2, time_limit=time_limit))
    except Interrupted as stop:
        found, stopped = list(stop.partial or [None] * len(picked)), stop  # type: ignore[call-overload]
    by_record = dict(zip(picked, found, strict=True))
    for i, record in enumerate(chunk):
        if i not in by_record:  # an error, or a board the backend does not take: check_record says why
            yield check_record(record, backend, time_limit, logic_depth)
            continue
        outcome = by_record[i]
        if outcome is None:  # not reached before Ctrl-C: what came before is out
            assert stopped is not None
            raise stopped
        if stopped is not None and isinstance(outcome, Outcome):  # finished before Ctrl-C, but not verified yet
            try:
                outcome = searching.verified(boards[i], outcome)
            except BackendError as err:
                outcome = err
        if isinstance(outcome, BackendError):
            yield CheckReport(record, Status.INVALID, error=str(outcome))
            continue
        result = SolveResult.of(outcome, outcome.seconds or 0.0)
        if i in plain_warnings:  # no logic asked
            yield CheckReport(record, result.status, result, plain_warnings[i])
        else:
            yield _report(record, result, time_limit, logic_depth)
