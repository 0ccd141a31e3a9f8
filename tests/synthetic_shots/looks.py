"""Boards drawn in the looks of real games, by the project's own renderer.

``board_scene`` lays out the cells, lines and marks; a look then swaps the region
colours for a game's palette, sets the widths of the thin and thick lines, or turns the
board into Star Battle's one-colour style (white cells, regions by thick borders only),
tiles (every line equally thick) or a dark negative. ``scene_to_image`` draws it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from queens_sat.model.puzzle import Puzzle
from queens_sat.services.render.scene import BoardState, board_scene

# The colours of LinkedIn's Queens, as measured on real screenshots (lavender, orange,
# blue, green, grey, red, yellow, taupe, pink, teal, cyan, and two of the larger boards').
LINKEDIN = (
    "#AF96DC", "#FBBF81", "#85B5FC", "#A5D995", "#D9D9D9", "#F96C51",
    "#DCF079", "#ACA58E", "#D895B2", "#95CBCF", "#62EFEA", "#FF93F3", "#8ACC6D",
)
# Saturated colours, as in many clones and hand-made boards.
CLASSIC = (
    "#33CCCC", "#FF2020", "#CC66FF", "#FFAA00", "#99CC00", "#FF66CC", "#3399FF",
    "#CCCC33", "#999999", "#33DD66", "#CC9966", "#FFFF66", "#6666CC", "#FF8888",
)
# Muted pastels with small differences, as some phone apps draw them.
PASTEL = (
    "#F4CCCC", "#FCE5CD", "#FFF2CC", "#D9EAD3", "#D0E0E3", "#CFE2F3", "#D9D2E9",
    "#EAD1DC", "#E6B8AF", "#B6D7A8", "#A2C4C9", "#B4A7D6",
)

LOOKS = ("linkedin", "tol", "classic", "pastel", "starbattle", "tiles", "night", "flat")


@dataclass(frozen=True)
class DrawnBoard:
    """A board picture: the image, the board's square in it, and its cell size, in pixels."""

    image: Any  # Pillow RGB image
    box: tuple[int, int, int, int]  # left, top, right, bottom of the board (outer border included)
    cell: int
    origin: tuple[float, float]  # top-left corner of cell (0, 0)

    def cell_box(self, r: int, c: int) -> tuple[int, int, int, int]:
        x, y = self.origin[0] + c * self.cell, self.origin[1] + r * self.cell
        return round(x), round(y), round(x + self.cell), round(y + self.cell)


def palette_for(look: str) -> tuple[str, ...] | None:
    return {"linkedin": LINKEDIN, "classic": CLASSIC, "pastel": PASTEL, "tiles": LINKEDIN, "night": LINKEDIN, "flat": CLASSIC}.get(look)


def max_n(look: str) -> int:
    """The largest board a look can colour with one colour a region (the renderer reuses colours beyond)."""
    palette = palette_for(look)
    return len(palette) if palette is not None else 16


def draw_board(puzzle: Puzzle, look: str, rng: random.Random, cell: int, state: BoardState = BoardState()) -> DrawnBoard:
    """``puzzle`` with the marks of ``state`` drawn in ``look`` at ``cell`` pixels a cell."""
    from queens_sat.services.render.png import scene_to_image

    labels = look == "tol" and rng.random() < 0.3
    scene = board_scene(puzzle, state, cell=cell, labels=labels or None)
    palette = palette_for(look)
    if palette is not None:
        if puzzle.n > len(palette):
            raise ValueError(f"the {look} look has {len(palette)} colours, fewer than the {puzzle.n} regions")
        colours = rng.sample(palette, puzzle.n)
        scene.fills = [replace(f, color=colours[f.region or 0], pattern="plain") for f in scene.fills]
        scene.labels = []
    if look == "starbattle":
        paper = rng.choice(("#FFFFFF", "#FAFAF5", "#F2F2F2"))
        scene.fills = [replace(f, color=paper, pattern="plain") for f in scene.fills]
        scene.labels = []
        scene.thin_width = max(1.0, cell * rng.uniform(0.02, 0.04))
        scene.thick_width = max(3.0, cell * rng.uniform(0.08, 0.12))
    elif look in ("linkedin", "night", "pastel"):
        scene.thin_width = max(1.0, cell * rng.uniform(0.015, 0.03))
        scene.thick_width = max(2.0, cell * rng.uniform(0.05, 0.09))
    elif look == "tiles":  # every line equally thick: regions by colour only
        scene.thick = scene.thick + scene.thin
        scene.thin = []
        scene.thick_width = max(3.0, cell * rng.uniform(0.08, 0.14))
    elif look == "flat":  # no lines inside the board at all but the regions' borders, thin
        scene.thin = []
        scene.thick_width = max(1.0, cell * rng.uniform(0.02, 0.04))
    elif look == "classic":
        scene.thin_width = max(1.0, cell * rng.uniform(0.02, 0.05))
        scene.thick_width = scene.thin_width * rng.uniform(1.0, 3.0)
    image = scene_to_image(scene)
    if look == "night":
        from PIL import ImageOps

        image = ImageOps.invert(image)
    x, y, side = scene.board
    half = scene.thick_width / 2
    box = (int(x - half), int(y - half), round(x + side + half), round(y + side + half))
    return DrawnBoard(image, box, cell, (x, y))
