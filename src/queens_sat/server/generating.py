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

import json
import random
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

import anyio
from starlette.requests import Request
from starlette.responses import StreamingResponse

from queens_sat.model.errors import Cancelled
from queens_sat.server.errors import BAD_REQUEST, ServiceError
from queens_sat.server.inputs import body_text, query_options, read_body
from queens_sat.server.responses import JsonAnswer
from queens_sat.server.settings import ServiceSettings
from queens_sat.server.stopping import cut_short_on_stop, stopping
from queens_sat.server.workers import STOPPING, cancellable, thread_limiter

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
            raise ServiceError(BAD_REQUEST, f"unknown option {key!r}; give any of {', '.join(FIELDS)}")
        kinds = FIELDS[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise ServiceError(BAD_REQUEST, f'"{key}" must be {kinds[0].__name__}, got {value!r}')
    if "n" not in obj:
        raise ServiceError(BAD_REQUEST, 'give the board size "n"')
    return obj


def _score(value: Any) -> tuple[float, float] | None:
    """The "score" field, [low, high], as a range (None when absent)."""
    if value is None:
        return None
    if len(value) != 2 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
        raise ServiceError(BAD_REQUEST, f'"score" must be [low, high], got {value!r}')
    return float(value[0]), float(value[1])


def _grades(value: Any) -> tuple[str, ...]:
    """The "grade" field, one grade or a list of them, as a tuple of names."""
    if isinstance(value, str):
        return (value,)
    if not all(isinstance(g, str) for g in value):
        raise ServiceError(BAD_REQUEST, f'"grade" must be a grade or a list of grades, got {value!r}')
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


async def _lines(puzzles: Iterator[Any], options: Any, settings: ServiceSettings, limiter: Any) -> AsyncIterator[bytes]:
    from queens_sat.services.generator import GenerationFailed, TooFewPuzzles
    from queens_sat.services.generator.output import record

    wall = settings.time_limit + settings.grace
    try:
        while True:
            try:
                with anyio.fail_after(wall) as scope, cut_short_on_stop(scope):  # past it, the puzzle's searches are cancelled
                    puzzle = await cancellable(lambda: next(puzzles, None), limiter)
            except TimeoutError:
                yield _error_line(STOPPING if stopping() else f"the next puzzle took over {wall:g} s; stopped")
                return
            except Cancelled:  # the server is stopping
                yield _error_line(STOPPING)
                return
            except (TooFewPuzzles, GenerationFailed) as err:
                yield _error_line(str(err))
                return
            if puzzle is None:
                return
            yield (json.dumps(record(puzzle, options)) + "\n").encode()
    finally:
        try:
            puzzles.close()  # type: ignore[attr-defined]
        except (ValueError, AttributeError):  # still running in an abandoned thread, cancelled: it ends soon
            pass


def _error_line(message: str) -> bytes:
    return (json.dumps({"error": message}) + "\n").encode()


async def capabilities(request: Request) -> JsonAnswer:
    """``GET /generate``: the sizes this server makes and, for each star count and size, the grades
    the generator reaches and the least ``max_depth`` each needs (the page offers only those)."""
    from queens_sat.services.generator.reach import grade_table

    settings: ServiceSettings = request.app.state.settings
    sizes = range(4, min(settings.max_generate_n, 25) + 1)
    return JsonAnswer({"max_n": settings.max_generate_n, "max_count": settings.max_generate, "grades": grade_table(sizes, (1, 2, 3))})


async def generate(request: Request) -> StreamingResponse:
    """Stream ``count`` new puzzles with exactly one solution, one JSON line each."""
    from queens_sat.services.generator import iter_generate

    settings: ServiceSettings = request.app.state.settings
    query_options(request.query_params, ())
    options, count = options_from(_fields(await read_body(request, settings)), settings)
    puzzles = iter_generate(options, count, workers=1)
    limiter = thread_limiter(request.app.state, settings)
    return StreamingResponse(_lines(puzzles, options, settings, limiter), media_type="application/x-ndjson")
