"""``check`` as a library call: the verdict on one puzzle record, ready to print or serialise."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Iterable, Iterator

from .errors import (
    EXIT_BAD_INPUT,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    EXIT_TIME_LIMIT,
    BackendError,
)
from .formats.records import PuzzleRecord
from .result import SolveResult
from .solving import solve, verified_result

INVALID = "invalid"


@dataclass
class CheckReport:
    record: PuzzleRecord
    status: str  # unique, multiple, none, unknown or invalid
    result: SolveResult | None = None
    warnings: list[str] = field(default_factory=list)
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        rec = self.record
        out: dict[str, Any] = {"source": rec.source, "line": rec.line, "id": rec.id}
        if rec.puzzle is not None:
            out.update(n=rec.puzzle.n, rule=rec.puzzle.rule)
        out["status"] = self.status
        if self.result is not None:
            res = self.result
            out.update(
                count=res.count,
                complete=res.complete,
                timed_out=res.timed_out,
                solutions=[list(s) for s in res.solutions],
                elapsed=round(res.elapsed, 6),
                backend=res.backend,
            )
        out["warnings"] = self.warnings
        out["error"] = self.error
        return out


def check_record(record: PuzzleRecord, backend: str = "auto", time_limit: float | None = None) -> CheckReport:
    """Is the record's puzzle well formed and unique? Errors become an ``invalid`` report."""
    if record.error is not None or record.puzzle is None:
        return CheckReport(record, INVALID, error=str(record.error))
    try:
        result = solve(record.puzzle, backend=backend, limit=2, time_limit=time_limit)
    except BackendError as err:
        return CheckReport(record, INVALID, error=str(err))
    return _report(record, result)


def _report(record: PuzzleRecord, result: SolveResult) -> CheckReport:
    assert record.puzzle is not None
    return CheckReport(record, result.status.value, result, record.puzzle.warnings())


BATCH = 512  # records read and searched together on the batch path


def check_records(
    records: Iterable[PuzzleRecord], backend: str = "auto", time_limit: float | None = None
) -> Iterator[CheckReport]:
    """``check_record`` for every record, in order, as they come.

    With the native search (``backend`` auto or native), the records are read
    ``BATCH`` at a time and their boards searched in one native call per size
    and rule, so a corpus of thousands costs no Python search work per puzzle;
    the verdicts, solutions and errors are those ``check_record`` gives.
    """
    from .extension import native_module

    if backend not in ("auto", "native") or native_module() is None:
        for record in records:
            yield check_record(record, backend, time_limit)
        return
    records = iter(records)
    while chunk := list(islice(records, BATCH)):
        yield from _check_chunk(chunk, backend, time_limit)


def _check_chunk(chunk: list[PuzzleRecord], backend: str, time_limit: float | None) -> Iterator[CheckReport]:
    from .batch import Interrupted, batchable, search_many

    picked = [i for i, rec in enumerate(chunk) if rec.error is None and rec.puzzle is not None and batchable(rec.puzzle)]
    stopped: Interrupted | None = None
    try:
        found = search_many([chunk[i].puzzle for i in picked], limit=2, time_limit=time_limit)  # type: ignore[misc]
    except Interrupted as stop:
        found, stopped = stop.results, stop  # type: ignore[assignment]
    by_record = dict(zip(picked, found))
    for i, record in enumerate(chunk):
        if i not in by_record:  # an error, or a board the batch search does not take
            yield check_record(record, backend, time_limit)
            continue
        if by_record[i] is None:  # not reached before Ctrl-C: what came before is out
            raise KeyboardInterrupt from stopped
        outcome, elapsed = by_record[i]
        try:
            report = _report(record, verified_result(record.puzzle, outcome, "native", elapsed))  # type: ignore[arg-type]
        except BackendError as err:
            report = CheckReport(record, INVALID, error=str(err))
        yield report


def exit_code(statuses: list[str] | set[str]) -> int:
    """0 all unique; 2 any invalid; else 1 any none/multiple; else 3 any unknown."""
    statuses = set(statuses)
    if INVALID in statuses:
        return EXIT_BAD_INPUT
    if statuses & {"none", "multiple"}:
        return EXIT_NOT_UNIQUE
    if "unknown" in statuses:
        return EXIT_TIME_LIMIT
    return EXIT_OK
