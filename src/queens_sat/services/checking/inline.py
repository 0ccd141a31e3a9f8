"""Checks answered inline, within a bounded amount of work: what a server answers without leaving
its event loop (``quick_check``; ``quick_plain_check`` for a plain JSON line, searched in one
compiled call). None (or ``(True, None)``) when that work does not settle it: then ``check_record``."""

from __future__ import annotations

import time

from queens_sat.backends import searching
from queens_sat.backends.base import Backend
from queens_sat.formats.json_format import PlainRecord
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.board import Board
from queens_sat.model.errors import PuzzleError
from queens_sat.model.grids import PlainGrid
from queens_sat.model.result import SolveResult, Status
from queens_sat.services.checking.report import CheckReport, plain_warnings, report_of


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
    report = report_of(record, result, logic_seconds, logic_depth)
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
        engine = auto.resolve(PlainGrid._make((len(record.regions), None, record.rule, record.regions, ())))
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
    report = report_of(record, result, logic_seconds, logic_depth, [] if most_pieces == 1 else plain_warnings(record.regions))
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
