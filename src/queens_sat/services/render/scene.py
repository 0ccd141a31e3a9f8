"""What a board picture shows, in pixels, before any file format is chosen.

``board_scene`` turns a puzzle and a board state into a ``Scene``: coloured cells,
thin and thick border lines, marks (queens, crosses), region labels and a caption.
The SVG and PNG writers only draw a scene, so both formats show the same thing.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from queens_sat.model.placement import Cell, star_cells
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.render.glyphs import LABELLED_MARK_BOX
from queens_sat.services.render.palette import ACCENT, BACKGROUND, CHEQUER_COLORS, INK, labels_needed, region_looks

LINE_SPACING = 1.3  # caption line height, in font sizes
HALO = 0.25  # width of the light outline round labels, in font sizes (SVG strokes are centred: half shows)


@dataclass(frozen=True)
class BoardState:
    """The marks on a board at one moment, beyond the puzzle's own givens.

    ``changed`` (cells marked by the latest step) are drawn in the accent colour and
    ``focus`` (the cells a step reasons about: a row, a region...) is outlined.
    """

    queens: frozenset[Cell] = frozenset()
    crossed: frozenset[Cell] = frozenset()
    changed: frozenset[Cell] = frozenset()
    focus: frozenset[Cell] = frozenset()
    caption: str = ""

    @classmethod
    def solved(cls, solution: Sequence[int], caption: str = "", stars: int = 1) -> BoardState:
        """The state that shows ``solution``: the queen's column in each row, or for a
        Star Battle (``stars`` = k > 1) the k star columns of row 0, then of row 1..."""
        return cls(queens=frozenset(star_cells(solution, stars)), caption=caption)


@dataclass(frozen=True)
class Fill:
    row: int
    col: int
    x: float
    y: float
    size: float
    color: str
    pattern: str  # a name from palette.PATTERNS
    region: int | None


@dataclass(frozen=True)
class Mark:
    kind: str  # "queen", "given-queen", "cross" (ruled out) or "blocked" (a blocked given)
    row: int
    col: int
    x: float
    y: float
    size: float
    color: str
    shape: str = "crown"  # how a queen is drawn: "crown", or "star" on a Star Battle board (k > 1)


@dataclass(frozen=True)
class Text:
    x: float  # centre
    y: float  # centre of the first line
    size: float
    lines: tuple[str, ...]
    color: str = INK
    halo: str | None = None  # a thin outline of this colour keeps the text legible on hatching


@dataclass
class Scene:
    width: int
    height: int
    cell: int
    title: str
    board: tuple[float, float, float]  # x, y and side of the board
    fills: list[Fill] = field(default_factory=list)
    thin: list[tuple[tuple[float, float], tuple[float, float]]] = field(default_factory=list)
    thick: list[tuple[tuple[float, float], tuple[float, float]]] = field(default_factory=list)
    thin_width: float = 1.0
    thick_width: float = 3.0
    focus: list[tuple[float, float, float]] = field(default_factory=list)  # x, y, size of outlined cells
    labels: list[Text] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    caption: Text | None = None
    hatch_tile: float = 8.0


def default_cell_size(n: int) -> int:
    """Pixels per cell: boards of about 800 px, cells between 20 and 64 px."""
    return max(20, min(64, round(800 / n)))


def margin_for(cell: int) -> int:
    """Blank space round the board: a quarter cell (at least 4 px)."""
    return max(4, cell // 4)


def caption_lines(text: str, n: int, cell: int) -> tuple[str, ...]:
    """The caption wrapped to the width of the board."""
    if not text:
        return ()
    size = caption_font_size(cell)
    per_line = max(12, int(n * cell / (0.5 * size)))
    return tuple(textwrap.wrap(text, per_line)) or ("",)


def caption_font_size(cell: int) -> float:
    return max(12.0, min(22.0, cell * 0.4))


def board_scene(
    puzzle: Puzzle,
    state: BoardState = BoardState(),
    *,
    cell: int | None = None,
    labels: bool | None = None,
    caption_rows: int | None = None,
) -> Scene:
    """The picture of ``puzzle`` with the marks of ``state``.

    ``cell`` is the side of a cell in pixels (default ``default_cell_size``); ``labels``
    puts each region's letter in its top-left cell (default: when colours repeat);
    ``caption_rows`` reserves room for that many caption lines, so that all frames of a
    sequence have one size.
    """
    n = puzzle.n
    cell = cell or default_cell_size(n)
    margin = margin_for(cell)
    lines = caption_lines(state.caption, n, cell)
    rows = max(len(lines), caption_rows or 0)
    font = caption_font_size(cell)
    caption_height = round(rows * font * LINE_SPACING + margin) if rows else 0
    side = n * cell
    scene = Scene(
        width=side + 2 * margin,
        height=side + 2 * margin + caption_height,
        cell=cell,
        title=_title(puzzle),
        board=(margin, margin, side),
        thin_width=max(1.0, round(cell * 0.025, 1)),
        thick_width=max(2.0, round(cell * 0.08)),
        hatch_tile=cell / (4 if cell >= 32 else 3),  # a whole number of tiles per cell
    )
    _add_fills(scene, puzzle, margin, cell)
    _add_borders(scene, puzzle, margin, cell)
    scene.focus = [(margin + c * cell, margin + r * cell, cell) for r, c in sorted(state.focus)]
    labelled: set[Cell] = set()
    if labels if labels is not None else labels_needed(puzzle):
        labelled = _add_labels(scene, puzzle, margin, cell)
    _add_marks(scene, puzzle, state, margin, cell, labelled)
    if lines:
        scene.caption = Text(margin + side / 2, margin + side + margin / 2 + font * LINE_SPACING / 2, font, lines)
    return scene


def _title(puzzle: Puzzle) -> str:
    kind = "Queens puzzle" if puzzle.regions is not None else "board without regions"
    return f"{puzzle.n}x{puzzle.n} {kind}, {puzzle.rule} rule"


def _add_fills(scene: Scene, puzzle: Puzzle, margin: int, cell: int) -> None:
    looks = region_looks(puzzle)
    for r in range(puzzle.n):
        for c in range(puzzle.n):
            x, y = margin + c * cell, margin + r * cell
            if puzzle.regions is None:
                scene.fills.append(Fill(r, c, x, y, cell, CHEQUER_COLORS[(r + c) % 2], "plain", None))
            else:
                k = puzzle.regions[r][c]
                scene.fills.append(Fill(r, c, x, y, cell, looks[k].color, looks[k].pattern, k))


def _add_borders(scene: Scene, puzzle: Puzzle, margin: int, cell: int) -> None:
    """Thick lines round the board and between regions, thin ones inside regions; runs of
    the same kind along a grid line are merged into one segment."""
    n, grid = puzzle.n, puzzle.regions

    def differs(a: Cell, b: Cell) -> bool:
        inside = all(0 <= v < n for v in (*a, *b))
        return not inside or (grid is not None and grid[a[0]][a[1]] != grid[b[0]][b[1]])

    for line in range(n + 1):
        # horizontal grid line ``line`` runs above row ``line``; vertical one left of column ``line``
        for horizontal in (True, False):
            kinds = [
                differs((line - 1, i), (line, i)) if horizontal else differs((i, line - 1), (i, line)) for i in range(n)
            ]
            start = 0
            for i in range(1, n + 1):
                if i == n or kinds[i] != kinds[start]:
                    a, b = margin + start * cell, margin + i * cell
                    fixed = margin + line * cell
                    seg = ((a, fixed), (b, fixed)) if horizontal else ((fixed, a), (fixed, b))
                    (scene.thick if kinds[start] else scene.thin).append(seg)
                    start = i


def _add_labels(scene: Scene, puzzle: Puzzle, margin: int, cell: int) -> set[Cell]:
    """Each region's letter in the top-left corner of its first cell (in reading order);
    returns those cells."""
    if puzzle.regions is None:
        return set()
    size = max(8.0, cell * 0.3)
    anchors = set()
    for k, cells in enumerate(puzzle.region_cells()):
        r, c = cells[0]
        anchors.add((r, c))
        x, y = margin + c * cell + cell * 0.2, margin + r * cell + cell * 0.2
        scene.labels.append(Text(x, y, size, (puzzle.label(k),), halo=BACKGROUND))
    return anchors


def _add_marks(scene: Scene, puzzle: Puzzle, state: BoardState, margin: int, cell: int, labelled: set[Cell]) -> None:
    def mark(kind: str, cells: Iterable[Cell]) -> None:
        for r, c in sorted(cells):
            color = ACCENT if (r, c) in state.changed else INK
            x: float
            y: float
            x, y, size = margin + c * cell, margin + r * cell, float(cell)
            if (r, c) in labelled:  # leave the label its corner
                dx, dy, scale = LABELLED_MARK_BOX
                x, y, size = x + dx * cell, y + dy * cell, scale * cell
            scene.marks.append(Mark(kind, r, c, x, y, size, color, shape))

    shape = "star" if puzzle.stars > 1 else "crown"
    mark("blocked", puzzle.blocked)
    mark("cross", state.crossed - puzzle.blocked - state.queens - puzzle.queens)
    mark("given-queen", puzzle.queens)
    mark("queen", state.queens - puzzle.queens)
