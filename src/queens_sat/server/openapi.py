"""The OpenAPI 3.1 description of the service, built from one table of routes so that it
cannot drift from what ``app`` serves (a test compares the two)."""

from __future__ import annotations

from typing import Any

from queens_sat import __version__
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
    "limit": {"type": "integer", "minimum": 1, "description": "stop counting at this many solutions"},
    "format": {"type": "string", "enum": ["json", "jsonl", "text"], "description": "the body's format (default: from its content)"},
    "to": {"type": "string", "enum": ["json", "jsonl", "text"], "default": "json", "description": "the format to answer in"},
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
}
JSON_ANSWER = {"application/json": {"schema": {"type": "object"}}}
ROUTES: tuple[tuple[str, str, str, tuple[str, ...], dict[str, Any]], ...] = (
    ("/check", "post", "Unique, several (two solutions shown), none or unknown; logic grade when unique",
     ("backend", "time_limit", "format", "logic", "max_depth"), JSON_ANSWER),
    ("/solve", "post", "One solution (columns of the queens, row by row; for k stars, each row's k columns)",
     ("backend", "time_limit", "format"), JSON_ANSWER),
    ("/count", "post", "The number of solutions, exact or a lower bound", ("backend", "time_limit", "format", "limit"), JSON_ANSWER),
    ("/explain", "post", "Solve by reasoning alone, every step explained (text counts rows and columns from 1, r3c9; "
     "the cell and unit fields from 0)", ("max_depth", "time_limit", "format"), JSON_ANSWER),
    ("/hint", "post", "The next logical step; the player's marks are the puzzle's givens (text from 1, fields from 0)",
     ("max_depth", "time_limit", "format", "backend"), JSON_ANSWER),
    ("/render", "post", "The board as a picture", ("image", "solution", "cell", "labels", "backend", "time_limit", "format"),
     {"image/svg+xml": {"schema": {"type": "string"}}, "image/png": {"schema": {"type": "string", "format": "binary"}}}),
    ("/import", "post", "The puzzle in a screenshot, its verdict (as /check answers) and the reader's doubts",
     ("stars", "read_marks", "rule"), IMPORT_ANSWER),
    ("/convert", "post", "The puzzle in another of the project's formats", ("format", "to"),
     {"application/json": {"schema": {"type": "object"}}, "text/plain": {"schema": {"type": "string"}}}),
    ("/generate", "post", "New unique puzzles, one JSON line each as they are made (a grade the size cannot reach: 400)", (),
     {"application/x-ndjson": {"schema": {"type": "string"}}}),
    ("/generate", "get", "What POST /generate makes: per star count and size, the grades it reaches and the least max_depth each needs",
     (), JSON_ANSWER),
    ("/backends", "get", "The solver backends and which are installed", (), JSON_ANSWER),
    ("/health", "get", "Whether the server is up", (), JSON_ANSWER),
)
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
ERROR = {"description": "Refused, with the reason", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def openapi_document(settings: ServiceSettings) -> dict[str, Any]:
    """The OpenAPI document, with this server's limits in the description."""
    paths: dict[str, Any] = {}
    for path, method, summary, params, answer in ROUTES:
        operation: dict[str, Any] = {
            "summary": summary,
            "parameters": [{"name": p, "in": "query", "required": False, "schema": PARAMETERS[p]} for p in params],
            "responses": {"200": {"description": "OK", "content": answer}},
        }
        if method == "post":
            operation["requestBody"] = {"/generate": GENERATE_BODY, "/import": IMAGE_BODY}.get(path, PUZZLE_BODY)
            for code in ("400", "408", "413", "422", "503"):
                operation["responses"][code] = ERROR
        paths.setdefault(path, {})[method] = operation
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
