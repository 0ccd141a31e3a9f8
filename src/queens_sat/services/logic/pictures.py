"""A logic solve as pictures: the board after each step, for ``render --steps`` and the service."""

from __future__ import annotations

from queens_sat.model.puzzle import Puzzle
from queens_sat.services.logic.describe import describe
from queens_sat.services.logic.phrases import unit_cells
from queens_sat.services.render.scene import BoardState
from queens_sat.services.render.steps import Deduction, states_from_deductions


def logic_states(puzzle: Puzzle, max_depth: int | None = None) -> list[BoardState]:
    """The board after each step of the logic engine's solve of ``puzzle``.

    Each engine step becomes a ``Deduction`` (its units are the focus) drawn through
    ``states_from_deductions``; when logic alone gets stuck the last picture says so.
    """
    from queens_sat.engines.logic import logic_solve

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
