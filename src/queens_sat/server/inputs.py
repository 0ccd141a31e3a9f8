"""What a request brings: its body (size- and time-capped), the puzzle in it, and its options.

A posted puzzle is read by ``queens_sat.formats`` exactly as a file is (a JSON object
or a text grid, detected from the content), so the error messages are the CLI's.
Options come as query parameters, checked by the same functions the CLI's
arguments use, and an unknown parameter is an error rather than silently ignored.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

import anyio
from starlette.requests import ClientDisconnect, Request

from queens_sat.model.errors import PuzzleError
from queens_sat.model.puzzle import Puzzle
from queens_sat.server.errors import BAD_REQUEST, TIMEOUT, TOO_LARGE, ServiceError
from queens_sat.server.settings import ServiceSettings

SOURCE = "<request>"  # what error messages call the posted puzzle

if sys.version_info >= (3, 11):
    from asyncio import timeout as _deadline  # a timer on the event loop: a few µs a body, where anyio's cancel scope costs tens
else:  # pragma: no cover - Python 3.10

    @asynccontextmanager
    async def _deadline(seconds: float) -> AsyncIterator[None]:
        with anyio.fail_after(seconds):
            yield


async def read_body(request: Request, settings: ServiceSettings, limit: int | None = None) -> bytes:
    """The whole body, refused as soon as it is known to be over ``limit`` bytes (default
    ``settings.max_body``; by its Content-Length, else while it streams) or when it does
    not arrive within ``settings.body_timeout``."""
    most = settings.max_body if limit is None else limit
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            size = int(declared)
        except ValueError:
            raise ServiceError(BAD_REQUEST, f"Content-Length {declared!r} is not a number", close=True) from None
        if size > most:
            raise ServiceError(TOO_LARGE, _too_large(most, f"{size} bytes"), close=True)
    chunks: list[bytes] = []
    received = 0
    try:
        async with _deadline(settings.body_timeout):
            async for chunk in request.stream():
                received += len(chunk)
                if received > most:
                    raise ServiceError(TOO_LARGE, _too_large(most, f"over {most} bytes"), close=True)
                chunks.append(chunk)
    except TimeoutError:
        raise ServiceError(TIMEOUT, f"the request body did not arrive within {settings.body_timeout:g} s", close=True) from None
    except ClientDisconnect:
        raise ServiceError(BAD_REQUEST, "the client went away before the body was complete", close=True) from None
    return b"".join(chunks)


def _too_large(most: int, size: str) -> str:
    return f"the request body is {size}, over the limit of {most} bytes"


BATCH_TYPES = ("application/x-ndjson", "application/jsonl", "application/json-lines", "application/jsonlines")


def is_batch(content_type: str, body: bytes, format: str | None) -> bool:
    """Whether a body is a batch of JSON lines: said by ``format=jsonl`` or the Content-Type, or
    seen (a JSON object on its first line, and another line after it)."""
    if format is not None:
        return format == "jsonl"
    if content_type.split(";")[0].strip().lower() in BATCH_TYPES:
        return True
    first, _, rest = body.strip().partition(b"\n")
    return first.rstrip().endswith(b"}") and first.lstrip().startswith(b"{") and rest.lstrip().startswith(b"{")


def body_text(body: bytes) -> str:
    if not body.strip():
        raise ServiceError(BAD_REQUEST, "the request body is empty: post a puzzle (a JSON object or a text grid)")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        raise ServiceError(BAD_REQUEST, "the request body is not text (it is not valid UTF-8)") from None


def puzzle_from_body(body: bytes, settings: ServiceSettings, format: str | None = None) -> Puzzle:
    """The one puzzle of a request body, or ``ServiceError`` with the reader's message."""
    from queens_sat.formats import parse_puzzle

    text = body_text(body)
    try:
        puzzle = parse_puzzle(text, format, source=SOURCE)
    except PuzzleError as err:
        raise ServiceError(BAD_REQUEST, str(err)) from None
    if puzzle.n > settings.max_n:
        raise ServiceError(BAD_REQUEST, f"n = {puzzle.n} exceeds this server's limit of {settings.max_n}")
    return puzzle


@lru_cache(maxsize=1)
def _option_types() -> dict[str, Callable[[str], Any]]:
    from queens_sat.formats import FORMATS
    from queens_sat.formats.values import boolean, choice, nonnegative_int, positive_float, positive_int
    from queens_sat.model.placement import RULES

    return {
        "backend": str,
        "time_limit": positive_float,
        "max_depth": nonnegative_int,
        "logic": boolean,
        "limit": positive_int,
        "format": choice(*FORMATS),
        "to": choice(*FORMATS),
        "image": choice("svg", "png"),
        "solution": boolean,
        "cell": positive_int,
        "labels": boolean,
        "stars": positive_int,
        "read_marks": boolean,
        "rule": choice(*RULES),
    }


def query_options(query: Mapping[str, str], allowed: tuple[str, ...]) -> dict[str, Any]:
    """The query parameters a route takes, parsed; an unknown or malformed one is a 400."""
    types = _option_types()
    unknown = sorted(set(query) - set(allowed))
    if unknown:
        takes = ", ".join(allowed) if allowed else "none"
        raise ServiceError(BAD_REQUEST, f"unknown parameter {unknown[0]!r}; this route takes: {takes}")
    options: dict[str, Any] = {}
    for name in allowed:
        if name in query:
            try:
                options[name] = types[name](query[name])
            except ValueError as err:
                raise ServiceError(BAD_REQUEST, f"parameter {name}: {err}") from None
    return options


def time_limit(options: Mapping[str, Any], settings: ServiceSettings) -> float:
    """The request's own time limit, at most the server's."""
    asked: float = options.get("time_limit", settings.time_limit)
    return min(asked, settings.time_limit)
