"""``POST /check`` of one small puzzle, answered from the ASGI messages themselves.

A daily's check costs tens of microseconds; Starlette's request and response objects, its router
and its exception middleware cost about as much again. ``QuickCheck`` sits in front of them: a
``POST /check`` whose body came in one message, is small (``puzzles.INLINE_BODY``) and is one
puzzle (not a batch) is answered here when ``puzzles.quick_answer`` settles it on the event loop,
with the bytes ``JsonAnswer`` would send. Everything else (a bad option, an invalid puzzle, a
board that needs a thread, any other route) goes on to the application with the body handed back
untouched, so every answer and every error is still the application's own.
"""

from __future__ import annotations

from typing import Any

from starlette.datastructures import QueryParams
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from queens_sat.server.errors import ServiceError
from queens_sat.server.inputs import is_batch, query_options
from queens_sat.server.puzzles import CHECK, INLINE_BODY, quick_answer


class QuickCheck:
    """ASGI middleware: the quick ``POST /check`` (see the module's doc), the rest to ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != "/check" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        message = await receive()
        answer = _answer(scope, message)
        if answer is None:
            await self.app(scope, _handing_back(message, receive), send)
            return
        headers = [(b"content-length", str(len(answer)).encode()), (b"content-type", b"application/json")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": answer})


def _answer(scope: Scope, message: Message) -> bytes | None:
    """The answer's body, or None when the application must answer (see the module's doc)."""
    body = message.get("body", b"")
    if message["type"] != "http.request" or message.get("more_body", False) or len(body) > INLINE_BODY:
        return None
    content_type = ""
    for name, value in scope["headers"]:
        if name == b"content-type":
            content_type = value.decode("latin-1")
    try:
        options = query_options(QueryParams(scope.get("query_string", b"")), CHECK)
        if is_batch(content_type, body, options.get("format")):
            return None
        return quick_answer(body, options, scope["app"].state.settings)
    except ServiceError:  # the application words the error, and sets its status
        return None


def _handing_back(first: Message, receive: Receive) -> Receive:
    """``receive`` with the message already taken from it given back first."""
    given = False

    async def replay() -> Any:
        nonlocal given
        if not given:
            given = True
            return first
        return await receive()

    return replay
