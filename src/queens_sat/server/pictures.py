"""``POST /render``: the posted puzzle as an SVG or PNG picture, drawn in memory."""

from __future__ import annotations

import io
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from queens_sat.model.puzzle import Puzzle
from queens_sat.server.errors import BAD_REQUEST, UNPROCESSABLE, ServiceError
from queens_sat.server.inputs import SOURCE
from queens_sat.server.puzzles import answer_puzzle

MEDIA = {"svg": "image/svg+xml", "png": "image/png"}


def _draw(puzzle: Puzzle, options: dict[str, Any], limit: float) -> bytes:
    from queens_sat.services.render import BoardState, RenderError, board_scene, checked_cell

    state = BoardState()
    if options.get("solution"):
        from queens_sat.services.solving import solve

        res = solve(puzzle, backend=options.get("backend", "auto"), limit=2, time_limit=limit)
        if res.status.value != "unique":
            why = {
                "none": "no solution, so there is none to draw",
                "multiple": f"several solutions (at least {res.count}); solution=true draws a unique one only",
            }.get(res.status.value, "the time limit stopped the search before it settled uniqueness")
            raise ServiceError(UNPROCESSABLE, f"{SOURCE}: {why}")
        state = BoardState.solved(res.solutions[0], stars=puzzle.stars)
    try:
        scene = board_scene(puzzle, state, cell=checked_cell(puzzle, options.get("cell")), labels=options.get("labels"))
    except RenderError as err:
        raise ServiceError(BAD_REQUEST, str(err)) from None
    if options.get("image", "svg") == "svg":
        from queens_sat.services.render.svg import scene_to_svg

        return scene_to_svg(scene).encode("utf-8")
    from queens_sat.services.render.png import scene_to_image

    buffer = io.BytesIO()
    scene_to_image(scene).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


async def render(request: Request) -> Response:
    """The board (with given queens and crosses), or its unique solution with solution=true."""
    allowed = ("image", "solution", "cell", "labels", "backend", "time_limit", "format")
    data = await answer_puzzle(request, allowed, _draw)
    return Response(data, media_type=MEDIA["png" if data[:4] == b"\x89PNG" else "svg"])
