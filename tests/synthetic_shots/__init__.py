"""Synthetic screenshots of puzzles, with their truth, for the image reader's tests and bench.

Every shot is a random board (regions flood-filled round a random solution) drawn by the
project's renderer in one of the looks of ``looks``, put in a frame of ``frames`` and
put through what screenshots go through. ``KINDS`` names the mixes; ``make_shot`` makes
one, ``shots`` a reproducible series. The truth is the ``Puzzle`` drawn: its regions,
and for the kinds with marks, its given queens and blocked cells.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from queens_sat.model.puzzle import Puzzle
from queens_sat.services.render.scene import BoardState
from synthetic_shots import frames
from synthetic_shots.looks import LOOKS, DrawnBoard, draw_board, max_n

KINDS = (
    "crop", "browser", "browser-dark", "phone", "phone-dark", "small", "scaled", "blurred", "jpeg50",
    "marks", "hover", "overlay", "starbattle", "tiles", "night", "flat", "big", "webp",
)
COLOUR_LOOKS = ("linkedin", "tol", "classic", "pastel")

__all__ = ["KINDS", "LOOKS", "Shot", "make_shot", "shots"]


@dataclass(frozen=True)
class Shot:
    """A synthetic screenshot: its bytes, file suffix, the puzzle drawn, and how it was made."""

    kind: str
    look: str
    data: bytes
    suffix: str
    truth: Puzzle
    marks: bool  # whether queens and crosses are drawn (read them with read_marks)
    name: str


def random_puzzle(n: int, rng: random.Random, stars: int = 1) -> tuple[Puzzle, list[int]]:
    """A random board of connected regions grown round a random solution, and that solution."""
    from queens_sat.services.benchmark.boards import flood_fill
    from queens_sat.services.generator.placement import random_placement

    if stars > 1:
        from queens_sat.services.benchmark.boards import planted_board

        return planted_board(n, rng, stars=stars), []
    solution = random_placement(n, rng)
    return Puzzle(flood_fill(n, list(enumerate(solution)), rng)), solution


def make_shot(kind: str, rng: random.Random, index: int = 0) -> Shot:
    """One screenshot of the named kind (see ``KINDS``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}")
    own_look = {"starbattle": "starbattle", "tiles": "tiles", "night": "night", "flat": "flat", "big": "tol"}
    look = own_look.get(kind) or rng.choice(COLOUR_LOOKS)
    if kind == "big":
        n = rng.randint(12, 17)
    elif kind == "starbattle":
        n = rng.randint(6, 14)
    else:
        n = rng.randint(5, min(12, max_n(look)))
    stars = 2 if kind == "starbattle" and n >= 10 and rng.random() < 0.5 else 1
    puzzle, solution = random_puzzle(n, rng, stars)
    state = BoardState()
    truth = puzzle
    marks = kind == "marks"
    if marks:
        queens = frozenset((r, c) for r, c in enumerate(solution) if rng.random() < 0.5)
        free = [(r, c) for r in range(n) for c in range(n) if solution[r] != c]
        crossed = frozenset(rng.sample(free, rng.randint(1, len(free) // 2)))
        truth = Puzzle(puzzle.regions, queens=sorted(queens), blocked=sorted(crossed))
        state = BoardState(queens=queens, crossed=crossed)
    big_cells = kind in ("phone", "phone-dark", "night")
    cell = rng.randint(40, 80) if big_cells else rng.randint(28, 64)
    if kind == "big":
        cell = rng.randint(24, 48)
    board = draw_board(puzzle, look, rng, cell, state)
    if kind == "hover":
        board = _hovered(board, rng)
    if kind == "overlay":
        board = _overlaid(board, solution, rng)
    image = _framed(kind, board, rng)
    fmt, quality = "PNG", 90
    if kind == "scaled":
        image = frames.scaled(image, rng)
    elif kind == "blurred":
        image = frames.blurred(image, rng)
    elif kind == "jpeg50":
        fmt, quality = "JPEG", 50
    elif kind == "webp":
        fmt, quality = "WEBP", rng.choice((75, 90))
    elif kind in ("phone", "phone-dark") and rng.random() < 0.5:
        fmt, quality = "JPEG", rng.choice((75, 85, 95))
    suffix = {"PNG": ".png", "JPEG": ".jpg", "WEBP": ".webp"}[fmt]
    data = frames.encoded(image, fmt, quality)
    return Shot(kind, look, data, suffix, truth, marks, f"{kind}-{index:03d}-{look}-{n}{suffix}")


def _framed(kind: str, board: DrawnBoard, rng: random.Random) -> Any:
    if kind in ("browser", "browser-dark"):
        return frames.browser(board, rng, dark=kind == "browser-dark")
    if kind in ("phone", "phone-dark", "night"):
        return frames.phone(board, rng, dark=kind != "phone")
    if kind == "small":
        return frames.browser(board, rng, dark=rng.random() < 0.3, side=rng.randint(180, 320))
    if kind in ("jpeg50", "scaled", "hover", "starbattle") and rng.random() < 0.5:
        return frames.browser(board, rng, dark=rng.random() < 0.3)
    return frames.tight(board, rng)


def _hovered(board: DrawnBoard, rng: random.Random) -> DrawnBoard:
    """The board with one cell shaded darker, as the game does under the mouse."""
    from PIL import ImageEnhance

    n = round((board.box[2] - board.box[0]) / board.cell)
    r, c = rng.randrange(n), rng.randrange(n)
    box = board.cell_box(r, c)
    image = board.image.copy()
    image.paste(ImageEnhance.Brightness(image.crop(box)).enhance(rng.uniform(0.82, 0.92)), box[:2])
    return DrawnBoard(image, board.box, board.cell, board.origin)


def _overlaid(board: DrawnBoard, solution: list[int], rng: random.Random) -> DrawnBoard:
    """The board as another solver marks its answer on it: dots, letters or rings on the queens' cells."""
    from PIL import ImageDraw, ImageFont

    image = board.image.copy()
    draw = ImageDraw.Draw(image)
    style = rng.choice(("dot", "letter", "ring"))
    font = ImageFont.load_default(size=max(8, round(board.cell * 0.5)))
    for r, c in enumerate(solution):
        x0, y0, x1, y1 = board.cell_box(r, c)
        cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, board.cell / 2
        if style == "dot":
            draw.ellipse([cx - 0.18 * half * 2, cy - 0.18 * half * 2, cx + 0.18 * half * 2, cy + 0.18 * half * 2], fill="#000000")
        elif style == "letter":
            draw.text((cx, cy), "Q", fill="#B00000", font=font, anchor="mm")
        else:
            ring = [cx - 0.6 * half, cy - 0.6 * half, cx + 0.6 * half, cy + 0.6 * half]
            draw.ellipse(ring, outline="#0050FF", width=max(2, board.cell // 12))
    return DrawnBoard(image, board.box, board.cell, board.origin)


def shots(per_kind: int, seed: int = 0, kinds: tuple[str, ...] = KINDS) -> Iterator[Shot]:
    """``per_kind`` shots of every kind, the same for the same seed."""
    for kind in kinds:
        for i in range(per_kind):
            yield make_shot(kind, random.Random(f"{seed}-{kind}-{i}"), i)
