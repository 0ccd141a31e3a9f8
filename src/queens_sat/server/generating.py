"""``POST /generate``: new unique puzzles, streamed as JSON lines while they are made.

The body is a JSON object of generator options (``n``, ``count``, ``seed``, ``rule``,
``stars`` (k stars a row, column and region: Star Battle), ``strategy``, ``logic``, ``max_depth``,
``grade`` (one name or a list), ``score``, ``style``); each line is the record
``queens-sat generate`` writes. A grade the size cannot reach at the asked depth is refused
at once with 400 and the reason (``services.generator.reach``); ``GET /generate`` lists the
grades each size and star count reaches, and the depth each needs. Every puzzle is made in a worker thread under the
server's time limit; a failure after the first line is reported as a last line
``{"error": ...}``, since the status has been sent by then.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import AsyncIterator, Generator, Iterator
from typing import TYPE_CHECKING, Any

import anyio
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from queens_sat.model.errors import Cancelled, shown
from queens_sat.server.admission import Lane, lane
from queens_sat.server.errors import BAD_REQUEST, UNAVAILABLE, UNPROCESSABLE, ServiceError
from queens_sat.server.inputs import body_text, query_options, read_body
from queens_sat.server.responses import JsonAnswer
from queens_sat.server.settings import ServiceSettings
from queens_sat.server.stopping import cut_short_on_stop, stopping
from queens_sat.server.workers import STOPPING, cancellable

if TYPE_CHECKING:
    from queens_sat.services.generator import GeneratorOptions

FIELDS: dict[str, tuple[type, ...]] = {
    "n": (int,),
    "count": (int,),
    "seed": (int,),
    "rule": (str,),
    "stars": (int,),
    "strategy": (str,),
    "logic": (bool,),
    "max_depth": (int,),
    "grade": (list, str),
    "style": (str,),
    "score": (list,),
}
MAX_RESTARTS = 200  # fresh layouts per puzzle: an impossible grade filter ends, not spins


def _fields(body: bytes) -> dict[str, Any]:
    from queens_sat.formats.json_format import loads
    from queens_sat.model.errors import FormatError

    try:  # the package's one JSON decoding: a too deep nesting or a too long number is a FormatError
        obj = loads(body_text(body), "<request>")
    except FormatError as err:
        raise ServiceError(BAD_REQUEST, str(err)) from None
    if not isinstance(obj, dict):
        raise ServiceError(BAD_REQUEST, f"expected a JSON object of generator options, got {type(obj).__name__}")
    for key, value in obj.items():
        if key not in FIELDS:
            raise ServiceError(BAD_REQUEST, f"unknown option {shown(key)}; give any of {', '.join(FIELDS)}")
        kinds = FIELDS[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise ServiceError(BAD_REQUEST, f'"{key}" must be {kinds[0].__name__}, got {shown(value)}')
    if "n" not in obj:
        raise ServiceError(BAD_REQUEST, 'give the board size "n"')
    return obj


def _score(value: Any) -> tuple[float, float] | None:
    """The "score" field, [low, high], as a range (None when absent)."""
    if value is None:
        return None
    if len(value) != 2 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
        raise ServiceError(BAD_REQUEST, f'"score" must be [low, high], got {shown(value)}')
    return float(value[0]), float(value[1])


def _grades(value: Any) -> tuple[str, ...]:
    """The "grade" field, one grade or a list of them, as a tuple of names."""
    if isinstance(value, str):
        return (value,)
    if not all(isinstance(g, str) for g in value):
        raise ServiceError(BAD_REQUEST, f'"grade" must be a grade or a list of grades, got {shown(value)}')
    return tuple(value)


def options_from(fields: dict[str, Any], settings: ServiceSettings) -> tuple[GeneratorOptions, int]:
    """The generator's options from the request's fields, within the server's limits."""
    from queens_sat.services.generator import GeneratorOptions

    n, count = fields["n"], fields.get("count", 1)
    if not 1 <= count <= settings.max_generate:
        raise ServiceError(BAD_REQUEST, f"count must be 1 to {settings.max_generate}, got {count}")
    if n > settings.max_generate_n:
        raise ServiceError(BAD_REQUEST, f"this server generates boards up to n = {settings.max_generate_n}, got n = {n}")
    try:
        options = GeneratorOptions(
            n=n,
            rule=fields.get("rule", "no-touch"),
            stars=fields.get("stars", 1),
            seed=fields["seed"] if "seed" in fields else random.SystemRandom().randrange(2**31),
            strategy=fields.get("strategy", "repair"),
            max_restarts=MAX_RESTARTS,
            check_time_limit=settings.time_limit,
            logic=fields.get("logic", False),
            max_depth=fields.get("max_depth"),
            grades=_grades(fields.get("grade", ())),
            score_range=_score(fields.get("score")),
            style=fields.get("style", "published"),
        )
    except ValueError as err:  # PuzzleError is one too
        raise ServiceError(BAD_REQUEST, str(err)) from None
    return options, count


async def _next(puzzles: Iterator[Any], settings: ServiceSettings, lane: Lane) -> Any:
    """The next puzzle (None after the last) in a thread of the slow lane; a ``ServiceError`` when
    it cannot come: the generator gave up (422), it took too long or the server stops (503)."""
    from queens_sat.services.generator import GenerationFailed, TooFewPuzzles

    wall = settings.time_limit + settings.grace
    try:
        with anyio.fail_after(wall) as scope, cut_short_on_stop(scope):  # past it, the puzzle's searches are cancelled
            return await cancellable(lambda: next(puzzles, None), lane.limiter)
    except TimeoutError:
        raise ServiceError(UNAVAILABLE, STOPPING if stopping() else f"the next puzzle took over {wall:g} s; stopped") from None
    except Cancelled:  # the server is stopping
        raise ServiceError(UNAVAILABLE, STOPPING) from None
    except (TooFewPuzzles, GenerationFailed) as err:
        raise ServiceError(UNPROCESSABLE, str(err)) from None


async def _lines(first: Any, puzzles: Iterator[Any], options: Any, settings: ServiceSettings, lane: Lane) -> AsyncIterator[bytes]:
    """The stream after its first puzzle: a failure from here on can only be a line of its own."""
    from queens_sat.services.generator.output import record

    puzzle = first
    try:
        while puzzle is not None:
            yield (json.dumps(record(puzzle, options)) + "\n").encode()
            try:
                puzzle = await _next(puzzles, settings, lane)
            except ServiceError as err:
                yield _error_line(err.message)
                return
    finally:
        try:
            if isinstance(puzzles, Generator):
                puzzles.close()
        except (ValueError, AttributeError):  # still running in an abandoned thread, cancelled: it ends soon
            pass


def _error_line(message: str) -> bytes:
    return (json.dumps({"error": message}) + "\n").encode()


async def capabilities(request: Request) -> JsonAnswer:
    """``GET /generate``: the sizes this server makes and, for each star count and size, the grades
    the generator reaches and the least ``max_depth`` each needs (the page offers only those),
    with the depth a request without ``max_depth`` gets (``default_depth``, per star count)."""
    from queens_sat.services.generator.reach import default_depth, grade_table

    settings: ServiceSettings = request.app.state.settings
    sizes = range(4, min(settings.max_generate_n, 25) + 1)
    stars = (1, 2, 3)
    return JsonAnswer({
        "max_n": settings.max_generate_n, "max_count": settings.max_generate,
        "grades": grade_table(sizes, stars), "default_depth": {str(k): default_depth(k) for k in stars},
    })


async def generate(request: Request) -> Response:
    """Stream ``count`` new puzzles with exactly one solution, one JSON line each. The first is made
    before the answer starts, so a run that cannot make any (an unreachable grade, no thread free,
    too slow) is answered by its status (422, 503), not by a 200 with an error inside."""
    from queens_sat.services.generator import iter_generate

    settings: ServiceSettings = request.app.state.settings
    query_options(request.query_params, ())
    options, count = options_from(_fields(await read_body(request, settings)), settings)
    slow = lane(request.app.state, settings, slow=True)
    slow.admit()
    puzzles = iter_generate(options, count, workers=1)
    try:
        first = await _next(puzzles, settings, slow)
    except BaseException:
        with contextlib.suppress(ValueError, AttributeError):
            puzzles.close()
        raise
    if first is None:
        return Response(b"", media_type="application/x-ndjson")
    return StreamingResponse(_lines(first, puzzles, options, settings, slow), media_type="application/x-ndjson")
