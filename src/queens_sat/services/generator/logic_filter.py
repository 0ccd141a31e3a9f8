"""``--logic`` and ``--grade``: keep only the puzzles the logic engine solves, of the wanted grades.

Uniqueness is not enough for a fair puzzle: the player may still have to guess.
The engine (``queens_sat.engines.logic``, issue 6) solves by deduction with contradiction
probes at most ``max_depth`` deep; ``Grading`` solves each unique layout so, steers one
whose score misses the wanted grades toward them (``steering``), and the generator draws a
fresh layout when that fails, as it does for a layout it cannot repair.
"""

from __future__ import annotations

from typing import Any

from queens_sat.model.errors import ArgumentError


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


class Grading:
    """One puzzle's logic check (``--logic``, ``--grade``, ``--score``): a unique layout is solved
    by logic at the puzzle's depth and, when its score misses the target, steered toward it
    (``steering``); ``closest`` keeps the nearest grade seen, for the progress line and the
    message of a puzzle that did not come."""

    def __init__(self, options: Any, draw: float) -> None:
        from queens_sat.services.generator.steering import Target

        self.on = bool(options.checks_logic)
        self.depth = options.depth
        self.max_givens = options.max_givens if options.givens else 0
        grades = tuple(options.grades)
        if self.on and not grades and options.score_range is None and options.grade_mix:
            grades = mix_grades(options.n, draw)
        self.grades = grades
        self.target = Target.of(grades, options.score_range) or Target(((0.0, float("inf")),))
        self.closest: tuple[float, str | None, float] | None = None  # (distance, grade, score)
        self.graded = 0  # unique layouts solved by logic (or tried)

    def keep(self, layout: Any, rng: Any, rules: Any, deadline: float | None, mirror: list[int] | None = None) -> dict[str, Any] | None:
        """What to record about ``layout`` (unique) once steered into the target (its moves mirrored
        by ``mirror``, a symmetric design's cell map), None when it did not get there."""
        if not self.on:
            return {}
        from queens_sat.services.generator.steering import UNSOLVED, solved_score, steer

        score, result = solved_score(layout, self.depth)
        self.graded += 1
        kept = 0
        if not self.target.holds(score) and len(layout.givens) < self.max_givens:
            score, result = self.ease(layout, score, result)
        if not self.target.holds(score):
            steered = steer(layout, self.target, self.depth, rng, rules, score=score, result=result, deadline=deadline, mirror=mirror)
            score, result, kept = steered.score, steered.result, steered.kept
        if score < UNSOLVED:
            distance = self.target.distance(score)
            if self.closest is None or distance < self.closest[0]:
                self.closest = (distance, result.grade, score)
        if score >= UNSOLVED or not self.target.holds(score):
            return None
        return {
            "grade": result.grade, "score": round(score, 3), "hardest": result.hardest, "logic_steps": result.step_count,
            "steered": kept,
        }

    def ease(self, layout: Any, score: float, result: Any) -> tuple[float, Any]:
        """Givens that bring a too hard (or unsolved) layout toward the target: one queen (star) of the
        answer at a time, the one whose score lands nearest, while it gets nearer (up to ``max_givens``)."""
        from queens_sat.model.placement import star_cells
        from queens_sat.services.generator.steering import solved_score

        while len(layout.givens) < self.max_givens and not self.target.holds(score):
            best = None
            for cell in star_cells(layout.solution, layout.stars):
                if cell in layout.givens:
                    continue
                before = layout.givens
                layout.givens = tuple(sorted((*before, cell)))
                new_score, new_result = solved_score(layout, self.depth)
                layout.givens = before
                if best is None or self.target.distance(new_score) < self.target.distance(best[0]):
                    best = (new_score, new_result, cell)
            if best is None or self.target.distance(best[0]) >= self.target.distance(score):
                break
            score, result = best[0], best[1]
            layout.givens = tuple(sorted((*layout.givens, best[2])))
        return score, result

    def trivial_only(self) -> bool:
        """Whether only scores of the Trivial band will do (blob layouts with specks reach them)."""
        from queens_sat.engines.logic.grading import SCORE_BANDS

        return all(high <= SCORE_BANDS[1][1] for _, high in self.target.intervals)

    def wanted(self) -> str:
        """The request in words: "of grade Hard", "solved by logic"..."""
        if self.grades:
            return f"of grade {' or '.join(self.grades)}"
        if self.target.intervals != ((0.0, float("inf")),):
            return "in the score range"
        return "solved by logic"

    def closest_text(self) -> str:
        if self.closest is None:
            return "no layout solved by logic at this depth" if self.graded else "no unique layout graded yet"
        _, grade, score = self.closest
        return f"closest {grade} (score {score:.1f})"
