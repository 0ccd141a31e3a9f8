"""``check`` as a library call: the verdict on one puzzle record, ready to print or serialise."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import (
    EXIT_BAD_INPUT,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    EXIT_TIME_LIMIT,
    BackendError,
)
from .formats.records import PuzzleRecord
from .result import SolveResult
from .solving import solve

if TYPE_CHECKING:
    from .logic import LogicResult

INVALID = "invalid"
LOGIC_DEPTH = 2  # probe depth of the logic verdict; published daily puzzles need no more
LOGIC_TIME_LIMIT = 10.0  # seconds for the logic verdict when the caller sets no time limit


@dataclass
class CheckReport:
    record: PuzzleRecord
    status: str  # unique, multiple, none, unknown or invalid
    result: SolveResult | None = None
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    logic: LogicResult | None = None  # reasoning alone, for unique puzzles (None when skipped)

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
                stats=res.stats,
            )
        out["logic"] = self.logic.as_dict() if self.logic is not None else None
        out["warnings"] = self.warnings
        out["error"] = self.error
        return out


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
    if record.error is not None or record.puzzle is None:
        return CheckReport(record, INVALID, error=str(record.error))
    try:
        result = solve(record.puzzle, backend=backend, limit=2, time_limit=time_limit)
    except BackendError as err:
        return CheckReport(record, INVALID, error=str(err))
    report = CheckReport(record, result.status.value, result, record.puzzle.warnings())
    if logic_depth is not None and result.is_unique:
        from .logic import MAX_N, logic_solve

        if record.puzzle.n <= MAX_N:
            limit = time_limit if time_limit is not None else LOGIC_TIME_LIMIT
            report.logic = logic_solve(record.puzzle, logic_depth, limit)
    return report


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
