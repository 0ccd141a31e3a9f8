"""The next hint on a partly played board, as a library call (the ``hint`` command and the
HTTP service share it).

The player's queens and crosses are the puzzle's givens. The crosses the player's own
queens imply are taken as made (as the games do automatically), so the hint is the
first step that needs a thought. A solver first says whether the position still has
a solution at all, because logic alone may be stuck where the player has gone wrong.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from queens_sat.engines.logic.engine import DEFAULT_DEPTH, Step, check_depth, open_engine
from queens_sat.model.arguments import seconds_or_none
from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle, PuzzleLike, as_puzzle
from queens_sat.model.result import Status


@dataclass(frozen=True)
class Hint:
    """What ``next_hint`` found: ``status`` is hint, none (the position has no solution), or the
    engine's status (solved, stuck, contradiction, timed-out) when it found no step."""

    puzzle: Puzzle
    status: Status
    position: Status  # the solver's verdict on the position: unique, multiple, none or unknown
    implied: tuple[Cell, ...]  # crosses the player's queens imply, taken as made
    step: Step | None  # the hint; None unless status is "hint"
    implied_steps: tuple[Step, ...]  # the steps behind ``implied`` (to replay the board)
    contradiction: tuple[tuple[Any, ...], tuple[Any, ...]] | None  # units, lines of a contradiction the engine met

    def as_dict(self, source: str | None = None) -> dict[str, Any]:
        """The JSON form the CLI's ``--json`` prints and the service returns."""
        from queens_sat.services.logic.describe import describe

        return {
            "source": source,
            "status": self.status,
            "position": self.position,
            "implied": [list(c) for c in self.implied],
            "step": dict(self.step.as_dict(), text=describe(self.step, self.puzzle)) if self.step is not None else None,
        }


def next_hint(
    puzzle: PuzzleLike,
    max_depth: int = DEFAULT_DEPTH,
    backend: str = "auto",
    time_limit: float | None = None,
    rule: str | None = None,
) -> Hint:
    """The first step of reasoning from ``puzzle``'s givens that the player's queens do not
    already imply, with the solver's verdict on the position.

    ``puzzle`` is a ``Puzzle`` or a bare region grid, ``rule`` applies to either (see ``as_puzzle``)."""
    from queens_sat.engines.logic.deduction import QUEEN_ELIMINATES
    from queens_sat.services.solving import solve

    max_depth = check_depth(max_depth)
    time_limit = seconds_or_none(time_limit)
    deadline = None if time_limit is None else time.perf_counter() + time_limit  # one budget: the check's and the steps'
    puzzle = as_puzzle(puzzle, rule)
    check = solve(puzzle, backend=backend, limit=2, time_limit=time_limit)
    engine = open_engine(puzzle, max_depth, deadline)  # the native engine when it is built
    implied: list[Step] = []
    hint = None
    for step in engine.steps():
        if step.rule == QUEEN_ELIMINATES and step.cell in puzzle.queens:
            implied.append(step)
            continue
        hint = step
        break
    status = Status.HINT if hint is not None else (engine.status or Status.STUCK)  # the steps ran out: the engine has its status
    if check.status is Status.NONE:
        status = Status.NONE  # whatever logic says, some mark of the player's is wrong
    contradiction = engine.dead_end()
    return Hint(
        puzzle=puzzle,
        status=status,
        position=check.status,
        implied=tuple(sorted(c for s in implied for c in s.crossed)),
        step=hint if status is Status.HINT else None,
        implied_steps=tuple(implied),
        contradiction=contradiction,
    )
