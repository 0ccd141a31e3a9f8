"""Answers in JSON, written by orjson (integers of any size still written whole): the one JSON
encoding of every route, as ``formats.json_format.loads`` is the one decoding."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from starlette.responses import Response

from queens_sat.formats.numbers import json_bytes

JSON_LINES = "application/x-ndjson"


class JsonAnswer(Response):
    """A JSON body (``starlette``'s JSONResponse writes through the standard library, several times slower)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return json_bytes(content)


def json_lines(objects: Iterable[dict[str, Any]]) -> Response:
    """One JSON line an object, in one body: the answer to a batch."""
    return Response(b"".join(json_bytes(obj) + b"\n" for obj in objects), media_type=JSON_LINES)
