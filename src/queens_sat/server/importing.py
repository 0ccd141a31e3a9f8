"""``POST /import``: a screenshot in, the puzzle read from it and that puzzle's verdict out.

The body is the picture's bytes (PNG, JPEG or WebP), up to the server's
``max_image_body``; query parameters ``stars`` (the picture cannot show how many),
``read_marks`` (queens and X marks drawn on the board become givens) and ``rule``. The
answer is one JSON object::

    {"puzzle": <the puzzle as POST /convert's json gives it>,
     "verdict": <the object POST /check answers for that puzzle>,
     "warnings": [<what the reader is not sure of>],
     "read": {"n": 8, "method": "colours" | "borders", "board": {...}, "cell": 57.1, ...}}

A picture that holds no readable board is a 400 ``{"error": ...}`` naming the reason,
as the command line says it.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from queens_sat.server.admission import lane
from queens_sat.server.errors import BAD_REQUEST, ServiceError
from queens_sat.server.inputs import SOURCE, query_options, read_body, time_limit
from queens_sat.server.settings import ServiceSettings
from queens_sat.server.workers import in_thread

OPTIONS = ("stars", "read_marks", "rule")


def _import(body: bytes, options: dict[str, Any], settings: ServiceSettings, limit: float) -> dict[str, Any]:
    from queens_sat.formats import puzzle_to_dict
    from queens_sat.formats.image import read_puzzle_image
    from queens_sat.model.errors import PuzzleError
    from queens_sat.server.puzzles import _check

    try:
        read = read_puzzle_image(
            body,
            stars=options.get("stars", 1),
            rule=options.get("rule", "no-touch"),
            read_marks=options.get("read_marks", False),
            name=SOURCE,
        )
    except PuzzleError as err:
        raise ServiceError(BAD_REQUEST, str(err)) from None
    if read.puzzle.n > settings.max_n:
        raise ServiceError(BAD_REQUEST, f"n = {read.puzzle.n} exceeds this server's limit of {settings.max_n}")
    return {
        "puzzle": puzzle_to_dict(read.puzzle),
        "verdict": _check(read.puzzle, {}, limit),
        "warnings": read.warnings,
        "read": read.as_dict(),
    }


async def import_picture(request: Request) -> Response:
    """The puzzle in a posted screenshot, with its verdict and the reader's doubts."""
    settings: ServiceSettings = request.app.state.settings
    options = query_options(request.query_params, OPTIONS)
    body = await read_body(request, settings, settings.max_image_body)
    if not body:
        raise ServiceError(BAD_REQUEST, "the request body is empty: post a picture (PNG, JPEG or WebP)")
    limit = time_limit({}, settings)
    answer = await in_thread(lambda: _import(body, options, settings, limit), settings, limit, lane(request.app.state, settings, slow=True))
    return JSONResponse(answer)
