"""``GET /``: the designer and player page, plain HTML/JS/CSS shipped in ``static/``.

The page gets the renderer's colour-blind-safe palette written into it, so the board
in the browser has the colours and hatchings of the pictures ``render`` draws.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse

STATIC = Path(__file__).with_name("static")
PLACEHOLDER = "/*PALETTE*/null"


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
