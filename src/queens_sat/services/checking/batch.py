"""Checks of a stream of records, in batches: ``check_records`` reads ``BATCH`` records at a time
(only those already there, from a live pipe) and searches their boards in one ``search_many``;
a co-process's lone plain line goes straight to one compiled call."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from queens_sat.backends import searching
from queens_sat.backends.base import Backend
from queens_sat.formats.json_format import PlainRecord
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.board import Board
from queens_sat.model.errors import ArgumentError, BackendError, Interrupted, shown
from queens_sat.model.result import Outcome, SolveResult, Status
from queens_sat.services.checking.report import LOGIC_DEPTH, CheckReport, check_record, plain_board, plain_warnings, report_of

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
            warnings = [] if most_pieces == 1 else plain_warnings(record.regions)
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
        done = stop.partial if isinstance(stop.partial, list) and stop.partial else [None] * len(picked)
        found, stopped = list(done), stop
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
            yield report_of(record, result, time_limit, logic_depth)
