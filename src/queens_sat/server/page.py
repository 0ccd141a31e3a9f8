"""``GET /``: the designer and player page, plain HTML/JS/CSS shipped in ``static/``.

The page gets the renderer's colour-blind-safe palette written into it, so the board
in the browser has the colours and hatchings of the pictures ``render`` draws.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

STATIC = Path(__file__).with_name("static")
PLACEHOLDER = "/*PALETTE*/null"
# a crown on the board's dark ink: browsers ask for an icon, and a 404 in the log helps no one
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
    '<rect width="64" height="64" rx="12" fill="#3348a8"/>'
    '<path d="M12 46 L8 20 L22 32 L32 12 L42 32 L56 20 L52 46 Z" fill="#f7dc7e"/>'
    '<rect x="12" y="49" width="40" height="6" rx="2" fill="#f7dc7e"/></svg>'
)


def palette_json() -> str:
    from queens_sat.model.puzzle import LABELS
    from queens_sat.services.render.palette import ACCENT, BACKGROUND, INK, PATTERNS, REGION_COLORS

    return json.dumps(
        {"colors": REGION_COLORS, "patterns": PATTERNS, "ink": INK, "accent": ACCENT, "background": BACKGROUND, "labels": LABELS}
    )


@lru_cache(maxsize=1)
def page_html() -> str:
    return (STATIC / "index.html").read_text(encoding="utf-8").replace(PLACEHOLDER, palette_json())


async def index(request: Request) -> HTMLResponse:
    return HTMLResponse(page_html())


async def favicon(request: Request) -> Response:
    """The page's icon, also answered at ``/favicon.ico`` where browsers look unasked."""
    return Response(FAVICON, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})
