"""``--logic`` and ``--grade``: keep only the puzzles the logic engine solves, of the wanted grades.

Uniqueness is not enough for a fair puzzle: the player may still have to guess.
The engine (``queens_sat.engines.logic``, issue 6) solves by deduction with contradiction
probes at most ``max_depth`` deep; a puzzle it cannot solve is thrown away and
the generator draws a fresh layout, as it does for a layout it cannot repair.
"""

from __future__ import annotations

from typing import Any

from queens_sat.model.errors import ArgumentError
from queens_sat.model.puzzle import Puzzle


def logic_engine():
    """The engine's ``logic_solve`` and ``GRADES``; a clear error when this version lacks it."""
    try:
        from queens_sat.engines.logic import GRADES, logic_solve
    except ImportError:
        raise ValueError("--logic and --grade need the logic engine (queens_sat.engines.logic), which this installation lacks") from None
    return logic_solve, GRADES


def check_logic_stars(n: int, stars: int) -> None:
    """A ValueError when the logic engine does not reason about boards with ``stars`` stars (yet)."""
    if stars == 1:
        return
    from queens_sat.backends import get_backend
    from queens_sat.services.generator.validators import refusal

    why = refusal(get_backend("logic"), n, stars)
    if why:
        raise ArgumentError(f"--logic and --grade cannot be used with {stars} stars: {why}", argument="stars")


def check_grades(grades: tuple[str, ...]) -> tuple[str, ...]:
    """The grades as the engine spells them (any case); ValueError naming the choices for an unknown one."""
    _, known = logic_engine()
    by_lower = {g.lower(): g for g in known}
    out = []
    for grade in grades:
        if grade.lower() not in by_lower:
            raise ArgumentError(f"unknown grade {grade!r}; choose from {', '.join(known)}", argument="grades")
        out.append(by_lower[grade.lower()])
    return tuple(out)


HARDER = ("Hard", "Expert")  # the grades the default mix counts as harder


def harder_share(n: int) -> float:
    """The default mix's share of Hard-or-harder puzzles at size n: rising with n as the
    published dailies' does (issue 24: 7 % at n = 7, about a third from n = 9 on)."""
    return min(0.33, max(0.07, 0.07 + 0.13 * (n - 7)))


def mix_grades(n: int, draw: float) -> tuple[str, ...]:
    """The grades one puzzle of the default mix may have, from a uniform ``draw`` in [0, 1)."""
    _, known = logic_engine()
    return HARDER if draw < harder_share(n) else tuple(g for g in known if g not in HARDER)


def graded(
    puzzle: Puzzle, max_depth: int, grades: tuple[str, ...], score_range: tuple[float, float] | None = None
) -> dict[str, Any] | None:
    """The engine's verdict to record (grade, difficulty score, hardest technique, steps), or None to throw the puzzle away."""
    logic_solve, _ = logic_engine()
    result = logic_solve(puzzle, max_depth=max_depth)  # the puzzle carries its stars
    if not result.solved or (grades and result.grade not in grades):
        return None
    score = float(result.score)
    if score_range is not None and not score_range[0] <= score <= score_range[1]:
        return None
    return {"grade": result.grade, "score": round(score, 3), "hardest": result.hardest, "logic_steps": result.step_count}
