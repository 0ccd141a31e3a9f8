"""The routes that take one posted puzzle: check, solve, count, explain, hint and convert.

Each answers with the JSON object the CLI's ``--json`` prints for the same command,
so a client can move between the two without learning a second shape.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..puzzle import Puzzle
from .errors import BAD_REQUEST, ServiceError
from .inputs import SOURCE, puzzle_from_body, query_options, read_body, time_limit
from .settings import ServiceSettings
from .workers import in_thread, thread_limiter

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

    def job() -> Any:
        puzzle = puzzle_from_body(body, settings, options.get("format"))
        return work(puzzle, options, limit)

    return await in_thread(job, settings, limit, thread_limiter(request.app.state, settings))


def _check(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from ..checking import LOGIC_DEPTH, check_record
    from ..formats.records import PuzzleRecord
    from ..result import INVALID

    depth = options.get("max_depth", LOGIC_DEPTH) if options.get("logic", True) else None
    report = check_record(PuzzleRecord(SOURCE, puzzle=puzzle), options.get("backend", "auto"), limit, depth)
    if report.status == INVALID:
        raise ServiceError(BAD_REQUEST, report.error or "invalid puzzle")
    return report.as_dict()


async def check(request: Request) -> Response:
    """Unique, several (two solutions shown), none or unknown, with the logic grade."""
    return JSONResponse(await answer_puzzle(request, (*SEARCH, "logic", "max_depth"), _check))


def _solve(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from ..solving import solve

    res = solve(puzzle, backend=options.get("backend", "auto"), limit=1, time_limit=limit)
    found = res.solution
    status = "solved" if found else ("unknown" if res.timed_out else "none")
    out = {"source": SOURCE, "n": puzzle.n, "rule": puzzle.rule, "status": status}
    out.update(solution=list(found) if found else None, elapsed=round(res.elapsed, 6), backend=res.backend)
    out.update({k: v for k, v in res.stats.items() if k in ("method", "seed")})
    return out


async def solve(request: Request) -> Response:
    """One solution, as the queens' columns row by row."""
    return JSONResponse(await answer_puzzle(request, SEARCH, _solve))


def _one_process(puzzle: Puzzle, backend: str) -> Any:
    """The backend to count with: on a board without regions, the N-Queens counter in this
    process only (by default it starts a pool of every core, which no request may do)."""
    if backend.partition(":")[0] not in ("auto", "nqueens") or puzzle.regions is not None or puzzle.has_givens:
        return backend
    from ..backends import get_backend

    return get_backend("nqueens" if backend == "auto" else backend, puzzle, workers=1)


def _count(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from ..solving import solve

    engine = _one_process(puzzle, options.get("backend", "auto"))
    res = solve(puzzle, backend=engine, limit=options.get("limit"), time_limit=limit, keep=0)
    out = {"source": SOURCE, "n": puzzle.n, "rule": puzzle.rule, "count": res.count, "exact": res.complete}
    out.update(timed_out=res.timed_out, elapsed=round(res.elapsed, 6), backend=res.backend)
    return out


async def count(request: Request) -> Response:
    """The number of solutions: exact, or a lower bound at ``limit`` or the time limit."""
    return JSONResponse(await answer_puzzle(request, (*SEARCH, "limit"), _count))


def _explain(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from ..logic import DEFAULT_DEPTH, logic_solve
    from ..logic.describe import step_dicts, summary

    result = logic_solve(puzzle, options.get("max_depth", DEFAULT_DEPTH), limit)
    out: dict[str, Any] = {"source": SOURCE, "n": puzzle.n, "rule": puzzle.rule}
    out.update(result.as_dict())
    out.update(summary=summary(result, puzzle), steps=step_dicts(result, puzzle))
    return out


async def explain(request: Request) -> Response:
    """The solve by reasoning alone, every step with its reason in words."""
    return JSONResponse(await answer_puzzle(request, LOGIC, _explain))


def _hint(puzzle: Puzzle, options: dict[str, Any], limit: float) -> dict[str, Any]:
    from ..logic import DEFAULT_DEPTH
    from ..logic.hinting import next_hint

    found = next_hint(puzzle, options.get("max_depth", DEFAULT_DEPTH), options.get("backend", "auto"), limit)
    return found.as_dict(SOURCE)


async def hint(request: Request) -> Response:
    """The next step from a partly played board (the player's marks are the givens)."""
    return JSONResponse(await answer_puzzle(request, (*LOGIC, "backend"), _hint))


PLAIN = "text/plain; charset=utf-8"
MEDIA_TYPES = {"json": "application/json", "jsonl": "application/x-ndjson", "text": PLAIN, "puzzlink": PLAIN, "regionlist": PLAIN}


async def convert(request: Request) -> Response:
    """The posted puzzle in another of the project's formats (``to``: json, jsonl, text):
    the page imports and exports through it, so there is one reader and one writer."""
    from ..formats import format_puzzle

    target = query_options(request.query_params, ("format", "to")).get("to", "json")
    text = await answer_puzzle(request, ("format", "to"), lambda puzzle, options, limit: format_puzzle(puzzle, target))
    return Response(text, media_type=MEDIA_TYPES[target])
