"""Pictures of a solve, step by step: board states from deductions, and where the frames go.

Rendering takes a plain sequence of ``BoardState`` (what is on the board after each
step), so any source of steps can be drawn. ``states_from_deductions`` builds that
sequence from increments (queens placed and cells ruled out by each step), which is
what a deduction engine produces; ``logic_states`` asks the logic engine for them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.render.scene import BoardState


class StepsUnavailable(RuntimeError):
    """The steps of a solve were asked for but this build cannot produce them."""


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


def logic_engine_available() -> bool:
    return importlib.util.find_spec("queens_sat.services.logic") is not None


def logic_states(puzzle: Puzzle, max_depth: int | None = None) -> list[BoardState]:
    """The board after each step of the logic engine's solve of ``puzzle``.

    Raises ``StepsUnavailable`` when this build has no logic engine
    (``queens_sat.services.logic``). Each engine step becomes a ``Deduction`` (its units are
    the focus) drawn through ``states_from_deductions``; when logic alone gets stuck
    the last picture says so.
    """
    if not logic_engine_available():
        raise StepsUnavailable(
            "--steps needs the logic engine (queens_sat.services.logic), which this build of queens-sat does not have"
        )
    from queens_sat.services.logic import logic_solve
    from queens_sat.services.logic.describe import describe, unit_cells

    result = logic_solve(puzzle) if max_depth is None else logic_solve(puzzle, max_depth=max_depth)
    states = states_from_deductions(
        puzzle,
        (
            Deduction(
                queens=step.placed,
                crossed=step.crossed,
                focus=[cell for unit in step.units + step.lines for cell in unit_cells(puzzle, unit)],
                reason=describe(step, puzzle),
            )
            for step in result.steps
        ),
    )
    if not result.solved:
        last = states[-1]
        states.append(BoardState(last.queens, last.crossed, frozenset(), frozenset(), f"Logic alone stops here ({result.status})"))
    return states


def frame_paths(path: str | Path, count: int) -> list[Path]:
    """Numbered files for a sequence of pictures: board.png -> board-01.png, board-02.png..."""
    path = Path(path)
    digits = max(2, len(str(count)))
    return [path.with_name(f"{path.stem}-{i:0{digits}d}{path.suffix}") for i in range(1, count + 1)]


def caption_rows_needed(puzzle: Puzzle, states: Sequence[BoardState], cell: int) -> int:
    """The most caption lines any state needs, so every frame gets the same size."""
    from queens_sat.services.render.scene import caption_lines

    return max((len(caption_lines(s.caption, puzzle.n, cell)) for s in states), default=0)
