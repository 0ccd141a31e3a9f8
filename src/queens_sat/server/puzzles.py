"""The routes that take one posted puzzle: check, solve, count, explain, hint and convert.

Each answers with the JSON object the CLI's ``--json`` prints for the same command,
so a client can move between the two without learning a second shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from queens_sat.backends.base import Backend
from queens_sat.formats.json_format import PlainRecord, loads, plain_record
from queens_sat.formats.numbers import json_bytes
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import PuzzleError
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Solution, Status
from queens_sat.server.admission import lane
from queens_sat.server.errors import BAD_REQUEST, ServiceError
from queens_sat.server.inputs import SOURCE, is_batch, puzzle_from_body, query_options, read_body, time_limit
from queens_sat.server.responses import JsonAnswer, json_lines
from queens_sat.server.settings import ServiceSettings
from queens_sat.server.workers import Budget, in_thread
from queens_sat.services.checking import LOGIC_DEPTH, quick_check, quick_plain_check

SEARCH = ("backend", "time_limit", "format")
LOGIC = ("max_depth", "time_limit", "format")


async def answer_puzzle(
    request: Request, allowed: tuple[str, ...], work: Callable[[Puzzle, dict[str, Any], float], Any]
) -> Any:
    """Parse the options and body here, then parse the puzzle and run ``work`` in a thread."""
    settings: ServiceSettings = request.app.state.settings
    options = query_options(request.query_params, allowed)
    body = await read_body(request, settings)
    limit = time_limit(options, settings)
    budget = Budget(limit)  # the wait for a thread comes out of the request's limit

    def job() -> Any:
        left = budget.left()
        puzzle = puzzle_from_body(body, settings, options.get("format"))
        return work(puzzle, options, left)

    return await in_thread(job, settings, limit, lane(request.app.state, settings, options))


def _check(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from queens_sat.formats.records import PuzzleRecord
    from queens_sat.model.result import Status
    from queens_sat.services.checking import LOGIC_DEPTH, check_record

    depth = options.get("max_depth", LOGIC_DEPTH) if options.get("logic", True) else None
    report = check_record(PuzzleRecord(SOURCE, puzzle=puzzle), options.get("backend", "auto"), limit, depth)
    if report.status is Status.INVALID:
        raise ServiceError(BAD_REQUEST, report.error or "invalid puzzle")
    return report.as_dict()


CHECK = (*SEARCH, "logic", "max_depth")


async def check(request: Request) -> Response:
    """Unique, several (two solutions shown), none or unknown, with the logic grade. A body of
    JSON lines (several puzzle objects, one a line, or ``Content-Type: application/x-ndjson``) is
    a batch: one JSON line a puzzle comes back, in order, as ``check --json`` writes them."""
    settings: ServiceSettings = request.app.state.settings
    options = query_options(request.query_params, CHECK)
    body = await read_body(request, settings)
    limit = time_limit(options, settings)
    if is_batch(request.headers.get("content-type", ""), body, options.get("format")):
        slow = lane(request.app.state, settings, slow=True)  # a batch: many searches
        reports = await in_thread(lambda: _check_batch(body, options, limit, settings), settings, settings.batch_time_limit, slow)
        return json_lines(reports)
    quick = _quick_check(body, options, settings)
    if quick is not None:
        return JsonAnswer(quick)

    budget = Budget(limit)

    def job() -> dict[str, Any]:
        left = budget.left()
        return _check(puzzle_from_body(body, settings, options.get("format")), options, left)

    return JsonAnswer(await in_thread(job, settings, limit, lane(request.app.state, settings, options)))


INLINE_BODY = 16 << 10  # bytes of a body parsed on the event loop (a 64 x 64 puzzle is about 12 KB)
INLINE_NODES = 1 << 14  # search nodes spent on the event loop before a check moves to a thread
INLINE_LOGIC_SECONDS = 0.002  # and seconds of reasoning
INLINE_SEARCH_SECONDS = 0.005  # and of search, whatever a node costs (the pure-Python twins' cost ms on big boards)


def _quick_check(body: bytes, options: dict[str, Any], settings: ServiceSettings) -> dict[str, Any] | None:
    """The answer to a small check, worked out on the event loop when a bounded effort gives it
    (a milliseconds at most: ``checking.quick_check``), None otherwise. Handing work to a thread
    costs more than a daily's whole check, and up to the interpreter's switch interval (5 ms)
    when the event loop keeps the GIL busy; a board that needs more goes to a thread as before."""
    if len(body) > INLINE_BODY or options.get("backend", "auto") != "auto":
        return None
    depth = options.get("max_depth", LOGIC_DEPTH) if options.get("logic", True) else None
    record = _plain_body(body, settings, options.get("format"))
    # a bare grid is searched as it is, in one compiled call (the same answer), its ``Puzzle`` built
    # from the parsed object for the grade alone
    taken, report = False, None
    if record is not None:
        taken, report = quick_plain_check(record, depth, INLINE_NODES, INLINE_LOGIC_SECONDS, INLINE_SEARCH_SECONDS)
    if not taken:  # any other body (or a grid the ``Puzzle`` refuses) is read the reader's way, in its words
        checked: PuzzleRecord = (
            record
            if record is not None and record.puzzle is not None
            else PuzzleRecord(SOURCE, puzzle=puzzle_from_body(body, settings, options.get("format")))
        )
        report = quick_check(checked, "auto", depth, INLINE_NODES, INLINE_LOGIC_SECONDS, INLINE_SEARCH_SECONDS)
    if report is None:
        return None
    if report.status is Status.INVALID:
        raise ServiceError(BAD_REQUEST, report.error or "invalid puzzle")
    return report.as_dict()


def _plain_body(body: bytes, settings: ServiceSettings, format: str | None) -> PlainRecord | None:
    """The body as a ``PlainRecord`` when it is one JSON object holding a plain grid (as
    ``check --no-logic`` reads a plain line), within the server's size limit; else None."""
    if format not in (None, "json") or not body.lstrip().startswith(b"{"):
        return None
    try:
        record = plain_record(loads(body, SOURCE), SOURCE, None)
    except PuzzleError:
        return None
    if record is None or len(record.regions) > settings.max_n:
        return None
    record.id = None  # a request's answer names no id, as for any other body
    return record


def quick_answer(body: bytes, options: dict[str, Any], settings: ServiceSettings) -> bytes | None:
    """``_quick_check``'s answer as the bytes ``JsonAnswer`` sends, or None (see ``server.quick``)."""
    quick = _quick_check(body, options, settings)
    return None if quick is None else json_bytes(quick)


def _check_batch(body: bytes, options: dict[str, Any], limit: float, settings: ServiceSettings) -> list[dict[str, Any]]:
    """The reports of a batch body, each record checked as ``check --json`` checks a line of a file
    (a bad line is an ``invalid`` report naming its line, and the rest go on)."""
    from queens_sat.formats.json_format import read_json_lines
    from queens_sat.services.checking import LOGIC_DEPTH, check_records

    depth = options.get("max_depth", LOGIC_DEPTH) if options.get("logic", True) else None
    records = _within_limits(read_json_lines(body.split(b"\n"), SOURCE, plain=depth is None), settings)
    return [report.as_dict() for report in check_records(records, options.get("backend", "auto"), limit, depth)]


def _within_limits(records: Iterator[PuzzleRecord], settings: ServiceSettings) -> Iterator[PuzzleRecord]:
    """The records of a batch, a board past the server's size limit made an error record (its line
    is answered ``invalid``, the others are checked)."""
    for record in records:
        shape = record.shape()  # a plain record's without building its ``Puzzle``
        if shape is not None and shape[0] > settings.max_n:
            message = f"n = {shape[0]} exceeds this server's limit of {settings.max_n}"
            record.puzzle, record.error = None, PuzzleError(message, source=SOURCE, line=record.line)
        yield record


def _about(puzzle: Puzzle) -> dict[str, Any]:
    """What every answer says of the board first: its size, rule and, for Star Battle, k."""
    out: dict[str, Any] = {"source": SOURCE, "n": puzzle.n, "rule": puzzle.rule}
    if puzzle.stars > 1:
        out["stars"] = puzzle.stars
    return out


def _solution(puzzle: Puzzle, found: Solution) -> list[int] | list[list[int]]:
    """A solution as JSON: the queen's column row by row, or for k stars each row's k columns."""
    from queens_sat.model.placement import star_rows

    return star_rows(found, puzzle.stars) if puzzle.stars > 1 else list(found)


def _solve(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from queens_sat.model.result import Status
    from queens_sat.services.solving import solve

    res = solve(puzzle, backend=options.get("backend", "auto"), limit=1, time_limit=limit)
    found = res.solution
    status = Status.SOLVED if found else (Status.UNKNOWN if res.timed_out else Status.NONE)
    out = _about(puzzle) | {"status": status}
    out.update(solution=_solution(puzzle, found) if found else None, elapsed=round(res.elapsed, 6), backend=res.backend)
    out.update({k: v for k, v in res.stats.items() if k in ("method", "seed")})
    return out


async def solve(request: Request) -> Response:
    """One solution, as the queens' columns row by row."""
    return JsonAnswer(await answer_puzzle(request, SEARCH, _solve))


def _one_process(puzzle: Puzzle, backend: str) -> str | Backend:
    """The backend to count with: the one asked for, except that the N-Queens counter, when that
    is what searches this board, runs in this process only (by default it starts a pool of every
    core, which no request may do). Which backend searches is the backend's own routing
    (``resolve``: ``auto`` picks), so nothing here repeats it."""
    from queens_sat.backends import get_backend
    from queens_sat.backends.nqueens import NQueensBackend

    engine = get_backend(backend, puzzle)
    chosen = engine.resolve(puzzle)
    if isinstance(chosen, NQueensBackend) and chosen.workers != 1:
        return chosen.in_one_process()
    return backend  # by name: ``solve`` keeps its per-call path for the names it knows


def _count(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from queens_sat.services.solving import solve

    engine = _one_process(puzzle, options.get("backend", "auto"))
    res = solve(puzzle, backend=engine, limit=options.get("limit"), time_limit=limit, keep=0)
    out = _about(puzzle) | {"count": res.count, "exact": res.complete}
    out.update(timed_out=res.timed_out, elapsed=round(res.elapsed, 6), backend=res.backend)
    return out


async def count(request: Request) -> Response:
    """The number of solutions: exact, or a lower bound at ``limit`` or the time limit."""
    return JsonAnswer(await answer_puzzle(request, (*SEARCH, "limit"), _count))


def _explain(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from queens_sat.engines.logic import DEFAULT_DEPTH, logic_solve
    from queens_sat.services.logic.describe import step_dicts, summary

    result = logic_solve(puzzle, options.get("max_depth", DEFAULT_DEPTH), limit)
    out = _about(puzzle)
    out.update(result.as_dict())
    out.update(summary=summary(result, puzzle), steps=step_dicts(result, puzzle))
    return out


async def explain(request: Request) -> Response:
    """The solve by reasoning alone, every step with its reason in words."""
    return JsonAnswer(await answer_puzzle(request, LOGIC, _explain))


def _hint(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from queens_sat.engines.logic import DEFAULT_DEPTH
    from queens_sat.services.logic.hinting import next_hint

    found = next_hint(puzzle, options.get("max_depth", DEFAULT_DEPTH), options.get("backend", "auto"), limit)
    return found.as_dict(SOURCE)


async def hint(request: Request) -> Response:
    """The next step from a partly played board (the player's marks are the givens)."""
    return JsonAnswer(await answer_puzzle(request, (*LOGIC, "backend"), _hint))


PLAIN = "text/plain; charset=utf-8"
MEDIA_TYPES = {"json": "application/json", "jsonl": "application/x-ndjson", "text": PLAIN, "puzzlink": PLAIN, "regionlist": PLAIN}


async def convert(request: Request) -> Response:
    """The posted puzzle in another of the project's formats (``to``: json, jsonl, text):
    the page imports and exports through it, so there is one reader and one writer."""
    from queens_sat.formats import format_puzzle

    target = query_options(request.query_params, ("format", "to")).get("to", "json")
    text = await answer_puzzle(request, ("format", "to"), lambda puzzle, options, limit: format_puzzle(puzzle, target))
    return Response(text, media_type=MEDIA_TYPES[target])
