"""Boards as pictures: SVG (written directly) and PNG or animated GIF (through Pillow), and
boards drawn in the terminal.

``render_board`` draws one board, ``render_steps`` a sequence of board states (a solve step by
step); ``terminal`` draws boards as text. Colours come from ``palette``; the look of charts from
``style``. The names below are looked up on first use (PEP 562), so that a command that only
draws in the terminal, or not at all (``check --json``), does not pay for the picture code.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from queens_sat.services.render.files import (
        IMAGE_FORMATS,
        RenderError,
        board_image,
        board_svg,
        checked_cell,
        image_format,
        render_board,
        render_steps,
    )
    from queens_sat.services.render.scene import BoardState, board_scene, default_cell_size
    from queens_sat.services.render.steps import Deduction, states_from_deductions

__all__ = [
    "IMAGE_FORMATS",
    "BoardState",
    "Deduction",
    "RenderError",
    "board_image",
    "board_scene",
    "board_svg",
    "checked_cell",
    "default_cell_size",
    "image_format",
    "render_board",
    "render_steps",
    "states_from_deductions",
]

_HOME = {
    "BoardState": "scene",
    "board_scene": "scene",
    "default_cell_size": "scene",
    "Deduction": "steps",
    "states_from_deductions": "steps",
    **dict.fromkeys(
        ("IMAGE_FORMATS", "RenderError", "board_image", "board_svg", "checked_cell", "image_format", "render_board", "render_steps"),
        "files",
    ),
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    globals()[name] = value
    return value
