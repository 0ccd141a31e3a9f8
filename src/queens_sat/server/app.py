"""The Starlette application: routes, error handlers and the server's limits in ``app.state``."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from queens_sat.server import dailies, generating, importing, meta, page, pictures, puzzles
from queens_sat.server.admission import BodyBudget
from queens_sat.server.errors import ServiceError, http_error_handler, service_error_handler
from queens_sat.server.openapi import GENERATE_BODY, IMAGE_BODY, IMPORT_ANSWER, PLAY_BODY, described
from queens_sat.server.quick import QuickCheck
from queens_sat.server.responses import JsonAnswer
from queens_sat.server.settings import ServiceSettings, settings_from_environment
from queens_sat.server.stopping import cancel_on_signal

log = logging.getLogger("queens_sat.server")


async def internal_error(request: Request, exc: Exception) -> JsonAnswer:
    """A bug, not the client's fault: logged with its traceback, answered without it."""
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return JsonAnswer({"error": f"internal error: {type(exc).__name__}"}, status_code=500)


def routes() -> list[Any]:
    """Every route, each declared once with what the OpenAPI document says of it (``described``)."""
    post = "post"
    return [
        Route("/", page.index, methods=["GET"]),
        Route("/favicon.svg", page.favicon, methods=["GET"]),
        Route("/favicon.ico", page.favicon, methods=["GET"]),
        described("/check", puzzles.check, post, "Unique, several (two solutions shown), none or unknown; logic grade when unique",
                  ("backend", "time_limit", "format", "logic", "max_depth")),
        described("/solve", puzzles.solve, post, "One solution (columns of the queens, row by row; for k stars, each row's k columns)",
                  ("backend", "time_limit", "format")),
        described("/count", puzzles.count, post, "The number of solutions, exact or a lower bound",
                  ("backend", "time_limit", "format", "limit")),
        described("/explain", puzzles.explain, post, "Solve by reasoning alone, every step explained (text counts rows and columns from 1, "
                  "r3c9; the cell and unit fields from 0)", ("max_depth", "time_limit", "format")),
        described("/hint", puzzles.hint, post,
                  "The next logical step; the player's marks are the puzzle's givens (text from 1, fields from 0)",
                  ("max_depth", "time_limit", "format", "backend")),
        described("/convert", puzzles.convert, post, "The puzzle in another of the project's formats", ("format", "to"),
                  {"application/json": {"schema": {"type": "object"}}, "text/plain": {"schema": {"type": "string"}}}),
        described("/render", pictures.render, post, "The board as a picture",
                  ("image", "solution", "cell", "labels", "backend", "time_limit", "format"),
                  {"image/svg+xml": {"schema": {"type": "string"}}, "image/png": {"schema": {"type": "string", "format": "binary"}}}),
        described("/import", importing.import_picture, post,
                  "The puzzle in a screenshot, its verdict (as /check answers) and the reader's doubts",
                  ("stars", "read_marks", "rule"), IMPORT_ANSWER, IMAGE_BODY),
        described("/generate", generating.generate, post, "New unique puzzles, one JSON line each as they are made "
                  "(a grade the size cannot reach: 400)",
                  (),
                  {"application/x-ndjson": {"schema": {"type": "string"}}}, GENERATE_BODY),
        described("/generate", generating.capabilities, "get",
                  "What POST /generate makes: per star count and size, the grades it reaches and the least max_depth each needs"),
        described("/daily", dailies.today, "get",
                  "Today's puzzle of the library's calendar (serve --db), without its solution; 404 when there is none"),
        described("/daily/{day}", dailies.on_day, "get",
                  "The puzzle of a day so far (YYYY-MM-DD); 404 for a day without one or a day to come"),
        described("/archive", dailies.archive, "get", "The days on the calendar up to today, latest first"),
        described("/library", dailies.library_query, "get", "Puzzles of the library (serve --db), without solutions",
                  ("n", "stars", "grade", "score_min", "score_max", "style", "tag", "sort", "limit")),
        described("/plays", dailies.plays, post, "Record one play of a puzzle: its key, the day, seconds, solved, mistakes, hints, "
                  "the first queens (nothing about the player)", (), None, PLAY_BODY),
        described("/backends", meta.backends, "get", "The solver backends and which are installed"),
        described("/health", meta.health, "get", "Whether the server is up"),
        Route("/openapi.json", meta.openapi, methods=["GET"]),
        Mount("/static", StaticFiles(directory=page.STATIC), name="static"),
    ]


@asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """While the app serves, SIGTERM and Ctrl-C cancel its searches before uvicorn's graceful stop
    waits for their requests (``stopping.cancel_on_signal``)."""
    with cancel_on_signal():
        yield


def create_app(settings: ServiceSettings | None = None) -> Starlette:
    app = Starlette(
        lifespan=lifespan,
        routes=routes(),
        # the bodies in flight under one budget first; then a daily's POST /check without Starlette's request and response
        middleware=[Middleware(BodyBudget), Middleware(QuickCheck)],
        exception_handlers={
            ServiceError: service_error_handler,
            HTTPException: http_error_handler,
            Exception: internal_error,
        },
    )
    app.state.settings = settings or ServiceSettings()
    return app


def app_from_environment() -> Starlette:
    """The app of one server process, with the settings ``queens-sat serve`` put in the environment,
    and the collector paced for a process that answers requests all its life."""
    from queens_sat.services.process import tune_garbage_collection

    tune_garbage_collection()
    return create_app(settings_from_environment())
