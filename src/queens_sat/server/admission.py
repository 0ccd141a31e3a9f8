"""What the server takes on at once: request bodies under one budget, searches in lanes by cost.

- ``BodyBudget`` (ASGI middleware, in front of everything): the bytes of the request bodies in
  flight, counted from their Content-Length (or as a chunked body arrives) until the request is
  answered, stay under ``ServiceSettings.body_budget``. A body that would pass it is answered
  503 unread, with ``Retry-After``: 200 clients posting 1 MiB at once hold the budget, not 200 MiB.
- ``lane``: a slow search (a long time limit asked for, a pure-Python or SAT backend, a batch,
  ``/generate``) runs in the slow lane's threads, every other in the quick lane's, so twelve
  slow searches cannot keep a quick ``/check``, ``/explain`` or ``/render`` waiting for a thread.
  A lane whose threads are all busy and whose queue is full answers 503 "busy, not started" at
  once (``workers.in_thread``), rather than letting the request wait out its whole time limit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from queens_sat.server.errors import UNAVAILABLE, ServiceError
from queens_sat.server.settings import ServiceSettings

RETRY_AFTER = 1  # seconds a refused client is asked to wait (a quick search ends well within it)
QUICK_SECONDS = 2.0  # a search that asks for a time limit over this is slow, whatever its board
QUICK_BACKENDS = frozenset({"auto", "native", "nqueens", "logic"})  # compiled, or reasoning: milliseconds


def busy(message: str) -> ServiceError:
    """The 503 of a request the server did not start, with the wait it suggests."""
    return ServiceError(UNAVAILABLE, f"busy, not started: {message}; try again", retry_after=RETRY_AFTER)


@dataclass
class Lane:
    """A pool of search threads and how many requests may wait for one of them."""

    name: str
    limiter: anyio.CapacityLimiter
    queue: int  # requests that may wait for a thread; one more is refused as busy at once

    def admit(self) -> None:
        """Refuse (``busy``) when every thread is taken and the queue is full."""
        if self.limiter.available_tokens == 0 and self.limiter.statistics().tasks_waiting >= self.queue:
            raise busy(f"all {int(self.limiter.total_tokens)} {self.name} search threads are taken and {self.queue} requests wait")


def lanes(state: Any, settings: ServiceSettings) -> tuple[Lane, Lane]:
    """The app's quick and slow lanes, made on first use (inside the running event loop)."""
    made = getattr(state, "lanes", None)
    if made is None:
        quick = Lane("quick", anyio.CapacityLimiter(settings.threads), settings.queue)
        slow = Lane("slow", anyio.CapacityLimiter(settings.slow_threads), settings.queue)
        made = state.lanes = (quick, slow)
    return made


def is_slow(options: Mapping[str, Any], settings: ServiceSettings) -> bool:
    """Whether a request's search belongs in the slow lane: it asks for a long time limit (the
    server's default is a cap, not a cost), or a backend that searches in Python or with SAT."""
    asked = options.get("time_limit")
    if asked is not None and min(asked, settings.time_limit) > QUICK_SECONDS:
        return True
    return options.get("backend", "auto") not in QUICK_BACKENDS


def lane(state: Any, settings: ServiceSettings, options: Mapping[str, Any] | None = None, *, slow: bool = False) -> Lane:
    """The lane of a request with ``options`` (``slow``: one that is slow whatever they say)."""
    quick, slow_lane = lanes(state, settings)
    return slow_lane if slow or (options is not None and is_slow(options, settings)) else quick


class BodyBudget:
    """ASGI middleware: the bodies of the requests in flight under ``settings.body_budget`` bytes
    (see the module's doc). One event loop per process, so a plain counter is exact."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.held = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        settings = scope["app"].state.settings
        budget = settings.body_budget
        declared = _content_length(scope)
        if declared is None:  # chunked: counted as it comes
            await self._counted(scope, receive, send, budget)
            return
        if declared > (settings.max_image_body if scope["path"] == "/import" else settings.max_body):
            declared = 0  # refused 413 unread by the application (``inputs.read_body``): nothing is held
        if declared and self.held + declared > budget:
            await _refuse(send, self.held, budget)
            return
        self.held += declared
        try:
            await self.app(scope, receive, send)
        finally:
            self.held -= declared

    async def _counted(self, scope: Scope, receive: Receive, send: Send, budget: int) -> None:
        taken = 0

        async def counting() -> Message:
            nonlocal taken
            message = await receive()
            size = len(message.get("body", b""))
            if size and self.held + size > budget:
                raise ServiceError(UNAVAILABLE, _over(self.held, budget), close=True, retry_after=RETRY_AFTER)
            self.held += size
            taken += size
            return message

        try:
            await self.app(scope, counting, send)
        finally:
            self.held -= taken


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return max(int(value), 0)
            except ValueError:
                return 0  # the application says what is wrong with it
    return None


def _over(held: int, budget: int) -> str:
    return (
        f"busy, not started: the request bodies in flight hold {held:,} bytes of the server's {budget:,};"
        " try again"
    )


async def _refuse(send: Send, held: int, budget: int) -> None:
    body = json.dumps({"error": _over(held, budget)}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(RETRY_AFTER).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": UNAVAILABLE, "headers": headers})
    await send({"type": "http.response.body", "body": body})
