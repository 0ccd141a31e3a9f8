"""The OpenAPI 3.1 description of the service, built from the routes ``app`` serves: each route is
declared once (``described`` in ``app.routes``), with what the document says of it, so the two
cannot drift apart."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from starlette.routing import BaseRoute, Route

from queens_sat import __version__
from queens_sat.formats import FORMATS
from queens_sat.server.settings import ServiceSettings

PUZZLE_BODY = {
    "description": "One puzzle: the project's JSON object or a text grid, as queens-sat reads from a file",
    "required": True,
    "content": {
        "application/json": {
            "schema": {"$ref": "#/components/schemas/Puzzle"},
            "example": {"rule": "no-touch", "regions": ["AAB", "ABB", "CCC"]},
        },
        "text/plain": {"schema": {"type": "string"}, "example": "AAAB\nACCB\nDDCB\nDDDB\n"},
    },
}
IMAGE_BODY = {
    "description": "A screenshot of a board: the picture's bytes (PNG, JPEG or WebP), as sent by a file input or "
    "a paste; the board may sit anywhere in it (a browser window, a phone screen, a tight crop)",
    "required": True,
    "content": {
        "image/png": {"schema": {"type": "string", "format": "binary"}},
        "image/jpeg": {"schema": {"type": "string", "format": "binary"}},
        "image/webp": {"schema": {"type": "string", "format": "binary"}},
        "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
    },
}
IMPORT_ANSWER = {
    "application/json": {
        "schema": {
            "type": "object",
            "required": ["puzzle", "verdict", "warnings", "read"],
            "properties": {
                "puzzle": {"$ref": "#/components/schemas/Puzzle", "description": "the puzzle read, as POST /convert's json gives it"},
                "verdict": {"type": "object", "description": "the object POST /check answers for that puzzle"},
                "warnings": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "what the reader is not sure of (two colours close together, a cell it could not sample...)",
                },
                "read": {
                    "type": "object",
                    "required": ["n", "method"],
                    "properties": {
                        "n": {"type": "integer"},
                        "method": {"type": "string", "enum": ["colours", "borders"], "description": "where the regions came from"},
                        "board": {
                            "type": "object",
                            "description": "the board in the picture, in pixels",
                            "properties": {k: {"type": "integer"} for k in ("left", "top", "right", "bottom")},
                        },
                        "cell": {"type": "number", "description": "side of a cell in pixels"},
                        "marks": {"type": "object", "description": "queens and blocked cells read (read_marks=true)"},
                    },
                },
            },
        }
    }
}
PARAMETERS: dict[str, dict[str, Any]] = {
    "backend": {"type": "string", "default": "auto", "description": "solver backend (see GET /backends)"},
    "time_limit": {"type": "number", "exclusiveMinimum": 0, "description": "seconds; at most the server's limit"},
    "max_depth": {"type": "integer", "minimum": 0, "default": 2, "description": "deepest contradiction probe of the logic engine"},
    "logic": {"type": "boolean", "default": True, "description": "add the logic verdict and grade of a unique puzzle"},
    "limit": {"type": "integer", "minimum": 1, "description": "stop at this many (solutions for /count, puzzles for /library)"},
    "format": {"type": "string", "enum": list(FORMATS), "description": "the body's format (default: from its content)"},
    "to": {"type": "string", "enum": list(FORMATS), "default": "json", "description": "the format to answer in"},
    "image": {"type": "string", "enum": ["svg", "png"], "default": "svg"},
    "solution": {"type": "boolean", "default": False, "description": "draw the unique solution's queens"},
    "cell": {"type": "integer", "minimum": 8, "maximum": 400, "description": "side of a cell in pixels"},
    "labels": {"type": "boolean", "description": "write region letters (default: when colours repeat)"},
    "stars": {
        "type": "integer", "minimum": 1, "default": 1,
        "description": "Star Battle: stars a row, column and region (a picture cannot show it)",
    },
    "read_marks": {"type": "boolean", "default": False, "description": "read queens and X marks drawn on the board as givens"},
    "rule": {"type": "string", "enum": ["no-touch", "queens"], "default": "no-touch"},
    "n": {"type": "integer", "minimum": 1, "description": "a board size (repeat it for several)"},
    "grade": {"type": "string", "enum": ["Trivial", "Easy", "Medium", "Hard", "Expert"], "description": "a logic grade (repeat it)"},
    "score_min": {"type": "number"},
    "score_max": {"type": "number"},
    "style": {"type": "string", "description": "the layout style of generated puzzles"},
    "tag": {"type": "string"},
    "sort": {"type": "string", "enum": ["id", "added", "n", "grade", "score", "random"], "default": "id"},
}
JSON_ANSWER = {"application/json": {"schema": {"type": "object"}}}
GENERATE_BODY = {
    "required": True,
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["n"],
                "additionalProperties": False,
                "properties": {
                    "n": {"type": "integer", "minimum": 1},
                    "count": {"type": "integer", "minimum": 1, "default": 1},
                    "seed": {"type": "integer"},
                    "rule": {"type": "string", "enum": ["no-touch", "queens"], "default": "no-touch"},
                    "stars": {"type": "integer", "minimum": 1, "default": 1, "description": "k stars a row, column and region"},
                    "strategy": {"type": "string", "enum": ["repair", "reject"], "default": "repair"},
                    "logic": {"type": "boolean", "default": False},
                    "max_depth": {"type": "integer", "minimum": 0, "description": "default 0 for Queens, 2 for k stars"},
                    "grade": {
                        "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                        "description": "one grade or a list (GET /generate lists those each size reaches)",
                    },
                    "score": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2},
                    "style": {"type": "string", "default": "published"},
                },
            },
            "example": {"n": 8, "count": 2, "seed": 1},
        }
    },
}
PLAY_BODY = {
    "required": True,
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["key", "seconds", "solved"],
                "additionalProperties": False,
                "properties": {
                    "key": {"type": "string", "pattern": "^[0-9a-f]{32}$", "description": "the puzzle's key (GET /daily gives it)"},
                    "day": {"type": ["string", "null"], "format": "date"},
                    "seconds": {"type": "number", "minimum": 0},
                    "solved": {"type": "boolean"},
                    "mistakes": {"type": "integer", "minimum": 0, "default": 0},
                    "hints": {"type": "integer", "minimum": 0, "default": 0},
                    "first": {
                        "type": "array", "maxItems": 8,
                        "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                    },
                },
            },
        }
    },
}
ERROR = {"description": "Refused, with the reason", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


class DescribedRoute(Route):
    """A route with what the OpenAPI document says of it: its summary, its query parameters (names
    of ``PARAMETERS``), its answer's content and, for a POST, its body."""

    def __init__(
        self, path: str, endpoint: Callable[..., Any], method: str, summary: str, params: tuple[str, ...], answer: dict[str, Any],
        body: dict[str, Any] | None,
    ) -> None:
        super().__init__(path, endpoint, methods=[method.upper()])
        unknown = [p for p in params if p not in PARAMETERS]
        if unknown:
            raise ValueError(f"{path}: parameters {unknown} are not described in PARAMETERS")
        self.method, self.summary, self.params, self.answer, self.body = method.lower(), summary, params, answer, body


def described(
    path: str,
    endpoint: Callable[..., Any],
    method: str,
    summary: str,
    params: tuple[str, ...] = (),
    answer: dict[str, Any] | None = None,
    body: dict[str, Any] | None = None,
) -> DescribedRoute:
    """The route ``method path`` to ``endpoint``, as served and as documented (a POST takes a
    puzzle, ``PUZZLE_BODY``, unless ``body`` says otherwise; the answer is JSON unless ``answer``)."""
    if method.lower() == "post" and body is None:
        body = PUZZLE_BODY
    return DescribedRoute(path, endpoint, method, summary, params, JSON_ANSWER if answer is None else answer, body)


def openapi_document(settings: ServiceSettings, routes: Iterable[BaseRoute]) -> dict[str, Any]:
    """The OpenAPI document of ``routes`` (the app's: those declared with ``described``), with this
    server's limits in the description."""
    paths: dict[str, Any] = {}
    for route in routes:
        if not isinstance(route, DescribedRoute):
            continue
        operation: dict[str, Any] = {
            "summary": route.summary,
            "parameters": [{"name": p, "in": "query", "required": False, "schema": PARAMETERS[p]} for p in route.params],
            "responses": {"200": {"description": "OK", "content": route.answer}},
        }
        if "{day}" in route.path:
            operation["parameters"].append({"name": "day", "in": "path", "required": True, "schema": {"type": "string", "format": "date"}})
        if route.body is not None:
            operation["requestBody"] = route.body
            for code in ("400", "408", "413", "422", "503"):
                operation["responses"][code] = ERROR
        paths.setdefault(route.path, {})[route.method] = operation
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "queens-sat",
            "version": __version__,
            "description": f"Queens puzzles over HTTP. Limits: bodies up to {settings.max_body} bytes "
            f"(screenshots posted to /import up to {settings.max_image_body}), "
            f"{settings.time_limit:g} s of search per request, boards up to n = {settings.max_n}. "
            "Errors answer {\"error\": message} with the message the command line prints.",
        },
        "paths": paths,
        "components": {
            "schemas": {
                "Puzzle": {
                    "type": "object",
                    "properties": {
                        "n": {"type": "integer"},
                        "rule": {"type": "string", "enum": ["no-touch", "queens"]},
                        "stars": {
                            "type": "integer", "minimum": 1, "default": 1,
                            "description": "Star Battle: stars in every row, column and region (1: Queens; more: no-touch only)",
                        },
                        "regions": {"type": "array", "items": {"oneOf": [{"type": "string"}, {"type": "array"}]}},
                        "givens": {
                            "type": "object",
                            "properties": {"queens": {"type": "array"}, "blocked": {"type": "array"}},
                        },
                    },
                },
                "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
            }
        },
    }
