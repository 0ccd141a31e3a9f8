"""Pictures of a solve, step by step: board states from deductions, and where the frames go.

Rendering takes a plain sequence of ``BoardState`` (what is on the board after each
step), so any source of steps can be drawn. ``states_from_deductions`` builds that
sequence from increments (queens placed and cells ruled out by each step), which is
what a deduction engine produces (``services.logic.pictures.logic_states`` asks the logic engine).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.render.scene import BoardState


@dataclass(frozen=True)
class Deduction:
    """What one step of a solve adds: queens placed, cells ruled out, the cells it looked
    at and a sentence saying why."""

    queens: Iterable[Cell] = ()
    crossed: Iterable[Cell] = ()
    focus: Iterable[Cell] = ()
    reason: str = ""


def states_from_deductions(
    puzzle: Puzzle, deductions: Iterable[Deduction], *, start_caption: str = "Start"
) -> list[BoardState]:
    """The board after each deduction, starting with the bare puzzle; the marks of the
    latest step are flagged as ``changed`` so they stand out. A cell off the board is a
    ``ValueError`` naming the step."""
    queens: frozenset[Cell] = frozenset()
    crossed: frozenset[Cell] = frozenset()
    states = [BoardState(caption=start_caption)]
    for i, step in enumerate(deductions, 1):
        new_queens = _cells(step.queens, puzzle.n, i) - queens
        new_crossed = _cells(step.crossed, puzzle.n, i) - crossed
        queens |= new_queens
        crossed |= new_crossed
        caption = f"Step {i}: {step.reason}" if step.reason else f"Step {i}"
        states.append(BoardState(queens, crossed, new_queens | new_crossed, _cells(step.focus, puzzle.n, i), caption))
    return states


def _cells(items: Iterable[Sequence[int]], n: int, step: int) -> frozenset[Cell]:
    cells = frozenset((int(r), int(c)) for r, c in items)
    off = sorted(cell for cell in cells if not (0 <= cell[0] < n and 0 <= cell[1] < n))
    if off:
        raise ValueError(f"step {step} names cell {off[0]}, off the {n}x{n} board")
    return cells


def frame_paths(path: str | Path, count: int) -> list[Path]:
    """Numbered files for a sequence of pictures: board.png -> board-01.png, board-02.png..."""
    path = Path(path)
    digits = max(2, len(str(count)))
    return [path.with_name(f"{path.stem}-{i:0{digits}d}{path.suffix}") for i in range(1, count + 1)]


def caption_rows_needed(puzzle: Puzzle, states: Sequence[BoardState], cell: int) -> int:
    """The most caption lines any state needs, so every frame gets the same size."""
    from queens_sat.services.render.scene import caption_lines

    return max((len(caption_lines(s.caption, puzzle.n, cell)) for s in states), default=0)
