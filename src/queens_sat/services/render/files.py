"""Boards as picture files and images: SVG (written directly) and PNG or animated GIF (through Pillow).

``render_board`` draws one board, ``render_steps`` a sequence of board states (a
solve step by step). Pillow is imported only when a raster image is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from queens_sat.model.errors import QueensSatError
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.render.scene import BoardState, Scene, board_scene, default_cell_size
from queens_sat.services.render.steps import frame_paths

# suffix -> format; an animated GIF only makes sense for a sequence
IMAGE_FORMATS = {".svg": "svg", ".png": "png", ".gif": "gif"}
STILL_FORMATS = ("svg", "png")


class RenderError(QueensSatError, ValueError):
    """A picture cannot be made as asked (unknown file type, bad size)."""


def image_format(path: str | Path, *, animated: bool = False) -> str:
    """The picture format that ``path``'s suffix asks for, or ``RenderError`` naming the choices."""
    suffix = Path(path).suffix.lower()
    fmt = IMAGE_FORMATS.get(suffix)
    allowed = [s for s, f in IMAGE_FORMATS.items() if animated or f in STILL_FORMATS]
    if fmt == "gif" and not animated:
        raise RenderError(f"{path}: an animated .gif is for a sequence (--steps); one picture must end in {', '.join(allowed)}")
    if fmt is None:
        what = f"suffix {suffix!r}" if suffix else "no suffix"
        raise RenderError(f"{path}: {what}; the output file must end in {', '.join(allowed)}")
    return fmt


def board_svg(puzzle: Puzzle, state: BoardState = BoardState(), **options: Any) -> str:
    """The board as SVG text; ``options`` as for ``board_scene`` (cell, labels)."""
    from queens_sat.services.render.svg import scene_to_svg

    return scene_to_svg(board_scene(puzzle, state, **options))


def board_image(puzzle: Puzzle, state: BoardState = BoardState(), **options: Any) -> Any:
    """The board as a Pillow RGB image; ``options`` as for ``board_scene``."""
    from queens_sat.services.render.png import scene_to_image

    return scene_to_image(board_scene(puzzle, state, **options))


def _write(scene: Scene, path: Path, fmt: str) -> None:
    if fmt == "svg":
        from queens_sat.services.render.svg import scene_to_svg

        path.write_text(scene_to_svg(scene), encoding="utf-8")
    else:
        from queens_sat.services.render.png import write_png

        write_png(scene, path)


def render_board(
    puzzle: Puzzle,
    path: str | Path,
    *,
    solution: Sequence[int] | None = None,
    state: BoardState | None = None,
    cell: int | None = None,
    labels: bool | None = None,
) -> Path:
    """Draw ``puzzle`` to ``path`` (.svg or .png), with ``solution``'s queens (k star columns a
    row, row after row, for a Star Battle) or the marks
    of ``state`` when given. Returns the path written."""
    path = Path(path)
    fmt = image_format(path)
    if state is None:
        state = BoardState.solved(solution, stars=puzzle.stars) if solution is not None else BoardState()
    _write(board_scene(puzzle, state, cell=_checked_cell(puzzle, cell), labels=labels), path, fmt)
    return path


def render_steps(
    puzzle: Puzzle,
    states: Sequence[BoardState],
    path: str | Path,
    *,
    cell: int | None = None,
    labels: bool | None = None,
) -> list[Path]:
    """Draw one picture per board state: numbered files (board-01.svg, board-02.svg...) for
    .svg and .png, or one looping animation for .gif. Returns the paths written."""
    from queens_sat.services.render.steps import caption_rows_needed

    if not states:
        raise RenderError("there are no steps to draw")
    path = Path(path)
    fmt = image_format(path, animated=True)
    cell = _checked_cell(puzzle, cell)
    rows = caption_rows_needed(puzzle, states, cell)
    scenes = [board_scene(puzzle, s, cell=cell, labels=labels, caption_rows=rows) for s in states]
    if fmt == "gif":
        from queens_sat.services.render.png import write_animation

        write_animation(scenes, path)
        return [path]
    paths = frame_paths(path, len(scenes))
    for scene, frame in zip(scenes, paths, strict=False):
        _write(scene, frame, fmt)
    return paths


MIN_CELL, MAX_CELL = 8, 400
MAX_BOARD_SIDE = 4096  # pixels; bounds the memory and file size of a picture


def _checked_cell(puzzle: Puzzle, cell: int | None) -> int:
    """The cell size to draw ``puzzle`` with, or ``RenderError`` when it is out of bounds."""
    if cell is not None and not MIN_CELL <= cell <= MAX_CELL:
        raise RenderError(f"cell size {cell} px is outside {MIN_CELL}..{MAX_CELL}")
    n = puzzle.n
    cell = cell or default_cell_size(n)
    if n * cell > MAX_BOARD_SIDE:
        hint = f"; a cell of {MAX_BOARD_SIDE // n} px or less fits" if MAX_BOARD_SIDE // n >= MIN_CELL else ""
        raise RenderError(f"a {n}x{n} board at {cell} px a cell is {n * cell} px wide, over the {MAX_BOARD_SIDE} px limit{hint}")
    return cell


checked_cell = _checked_cell  # public name: the HTTP service checks a size before drawing in memory
