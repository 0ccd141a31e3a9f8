"""The verdict on one puzzle record, ready to print or serialise: ``CheckReport``, ``check_record``
(search and logic), and what a plain record's report is made of (``plain_board``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from queens_sat.formats.json_format import PlainRecord, solution_to_json
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.arguments import instance_of
from queens_sat.model.errors import BackendError
from queens_sat.model.grids import PLAIN_MAX_N, PlainGrid, fill_canonical, int64_cells, normalise_regions, region_parts, scratch_cells
from queens_sat.model.puzzle import LABELS, split_warnings
from queens_sat.model.result import SolveResult, Status
from queens_sat.services.solving import solve

if TYPE_CHECKING:
    from queens_sat.engines.logic import LogicResult

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
    return report_of(record, result, time_limit, logic_depth)


def report_of(
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
        from queens_sat.engines.logic import MAX_N, logic_solve

        puzzle = record.puzzle
        assert puzzle is not None
        if puzzle.n <= MAX_N:  # one budget per record: the logic verdict has what the search left of it
            limit = LOGIC_TIME_LIMIT if time_limit is None else max(time_limit - result.elapsed, min(time_limit, MIN_LOGIC_SECONDS))
            report.logic = logic_solve(puzzle, logic_depth, limit)
    return report


def plain_board(record: PlainRecord, scratch: bool = False) -> tuple[PlainGrid, list[str]] | None:
    """A plain record's grid as the search reads it and the puzzle's warnings (regions in pieces, as
    ``Puzzle.warnings`` words them), or None when the grid is not one (numbers past 63, labels
    padded with spaces, not n of them...): the ordinary path then reads it or says what is wrong.
    Its regions are renumbered by first appearance, as ``Puzzle`` keeps them, so the search (its
    ``stats``) and the region letters of the warnings are the ordinary path's. The cells are a
    buffer of its own, so that a batch holds many; with ``scratch``, this thread's scratch buffer
    (one board, searched before the next)."""
    regions = record.regions
    n = len(regions)
    if record.error is not None or not 1 <= n <= PLAIN_MAX_N:
        return None
    cells = scratch_cells(n) if scratch else int64_cells(n)
    most_pieces = fill_canonical(regions, cells)
    if not most_pieces:  # not a plain grid (0), or no compiled check to read it (None)
        return None
    grid = PlainGrid(n, cells, record.rule, regions)
    return grid, [] if most_pieces == 1 else plain_warnings(regions)


def plain_warnings(regions: list[Any]) -> list[str]:
    """The warnings of a plain grid with a region in pieces (rare), worded as ``Puzzle`` words them."""
    numbered, labels = normalise_regions(regions, len(regions))
    return split_warnings(region_parts(numbered), (labels or LABELS).__getitem__)
