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

from queens_sat.server import generating, importing, meta, page, pictures, puzzles
from queens_sat.server.errors import ServiceError, http_error_handler, service_error_handler
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
    post = ["POST"]
    return [
        Route("/", page.index, methods=["GET"]),
        Route("/favicon.svg", page.favicon, methods=["GET"]),
        Route("/favicon.ico", page.favicon, methods=["GET"]),
        Route("/check", puzzles.check, methods=post),
        Route("/solve", puzzles.solve, methods=post),
        Route("/count", puzzles.count, methods=post),
        Route("/explain", puzzles.explain, methods=post),
        Route("/hint", puzzles.hint, methods=post),
        Route("/convert", puzzles.convert, methods=post),
        Route("/render", pictures.render, methods=post),
        Route("/import", importing.import_picture, methods=post),
        Route("/generate", generating.generate, methods=post),
        Route("/generate", generating.capabilities, methods=["GET"]),
        Route("/backends", meta.backends, methods=["GET"]),
        Route("/health", meta.health, methods=["GET"]),
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
        middleware=[Middleware(QuickCheck)],  # a daily's POST /check without Starlette's request and response
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
