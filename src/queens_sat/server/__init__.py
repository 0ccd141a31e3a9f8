"""``queens-sat serve``: the library as an HTTP JSON API, and the designer/player page at ``/``.

Starlette (routing, requests, streaming) on uvicorn (the ASGI server): both small,
typed, widely used and maintained, with no code generation or build step. Only
``serve`` imports this package, so the CLI's start-up stays fast.

Modules, one job each: ``settings`` (limits), ``errors`` (the one error type and
its JSON form), ``inputs`` (bodies, puzzles and query options), ``workers`` (searches
in threads under a time limit), ``puzzles`` (check, solve, count, explain, hint,
convert), ``pictures`` (render), ``generating`` (streamed generate), ``meta``
(backends, health, OpenAPI), ``page`` (the static page), ``app`` (assembly),
``protocol`` (uvicorn's HTTP protocol with a deadline for request heads), ``stopping``
(searches cancelled at SIGTERM or Ctrl-C, the process ended within a second or two).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from queens_sat.server.settings import ServiceSettings

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["ServiceSettings", "create_app"]


def create_app(settings: ServiceSettings | None = None) -> Starlette:
    """The Starlette application (imported lazily: Starlette is an optional dependency)."""
    from queens_sat.server.app import create_app as build

    return build(settings)
