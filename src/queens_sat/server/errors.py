"""One error type for everything a request can get wrong, answered as ``{"error": message}``."""

from __future__ import annotations

from starlette.requests import Request

from queens_sat.model.errors import QueensSatError
from queens_sat.server.responses import JsonAnswer

BAD_REQUEST = 400
TIMEOUT = 408
TOO_LARGE = 413
UNPROCESSABLE = 422  # well-formed, but the puzzle cannot give what was asked (no unique solution to draw)
UNAVAILABLE = 503


class ServiceError(QueensSatError):
    """A request the server refuses; ``status`` is the HTTP status, ``message`` says why.
    ``close`` asks the server to drop the connection (a body left unread); ``retry_after`` (seconds)
    tells a client refused for being busy when to come back."""

    def __init__(self, status: int, message: str, *, close: bool = False, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.close = close
        self.retry_after = retry_after


def error_response(status: int, message: str, *, close: bool = False, retry_after: int | None = None) -> JsonAnswer:
    headers = {"connection": "close"} if close else {}
    if retry_after is not None:
        headers["retry-after"] = str(retry_after)
    return JsonAnswer({"error": message}, status_code=status, headers=headers or None)


async def service_error_handler(request: Request, exc: Exception) -> JsonAnswer:
    assert isinstance(exc, ServiceError)
    return error_response(exc.status, exc.message, close=exc.close, retry_after=exc.retry_after)


async def http_error_handler(request: Request, exc: Exception) -> JsonAnswer:
    """Starlette's own 404/405 in the same JSON shape as every other error."""
    from starlette.exceptions import HTTPException

    assert isinstance(exc, HTTPException)
    return JsonAnswer({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)
