"""``GET /backends``, ``GET /health`` and ``GET /openapi.json``: what the server can do and
whether it is up. None of them searches, so they answer at once even under load."""

from __future__ import annotations

from starlette.requests import Request

from queens_sat import __version__
from queens_sat.server.responses import JsonAnswer


async def backends(request: Request) -> JsonAnswer:
    """Every solver backend, whether it is installed here, and the order ``auto`` tries them."""
    from queens_sat.backends import AUTO_ORDER, backend_info

    return JsonAnswer({"backends": list(backend_info()), "auto_order": list(AUTO_ORDER)})


async def health(request: Request) -> JsonAnswer:
    return JsonAnswer({"status": "ok", "version": __version__})


async def openapi(request: Request) -> JsonAnswer:
    from queens_sat.server.openapi import openapi_document

    return JsonAnswer(openapi_document(request.app.state.settings, request.app.routes))
