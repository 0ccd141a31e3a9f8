"""The logic engine as a backend: it settles a puzzle only when reasoning alone does.

It never guesses, so it cannot count (asked to, it refuses unless reasoning settles
the puzzle): it reports ``unique`` (with the solution) when
logic solves the puzzle, which proves there is exactly one solution, ``none`` when
logic reaches a contradiction, which proves there is none, and ``unknown`` when it
gets stuck (the puzzle may have several solutions, or need deeper probes). The
variant is the probe depth: ``logic:3``.
"""

from __future__ import annotations

from collections.abc import Generator

from queens_sat.backends.base import Backend
from queens_sat.model.errors import BackendError
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution, Status


class LogicBackend(Backend):
    name = "logic"
    star_battle = True  # the engine reasons in stars: k per row, column and region

    def __init__(self, variant: str | None = None, **options: object) -> None:
        super().__init__(None, **options)
        from queens_sat.engines.logic import DEFAULT_DEPTH

        self.depth = DEFAULT_DEPTH
        self.variant = variant
        if variant is not None:
            if not variant.isdigit():
                raise ValueError(f"backend 'logic' takes a probe depth as variant (logic:2), not {variant!r}")
            self.depth = int(variant)

    @property
    def full_name(self) -> str:
        return f"{self.name}:{self.variant}" if self.variant else self.name

    def unsupported(self, puzzle: Puzzle) -> str | None:
        from queens_sat.engines.logic import MAX_N

        if self.refuses_stars(puzzle):
            return self.refuses_stars(puzzle)
        if puzzle.n > MAX_N:
            return f"the logic engine handles n <= {MAX_N}, this board has n = {puzzle.n}"
        return None

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None) -> Outcome:
        """``effort``: none is kept (this backend is never one of ``auto``'s turns)."""
        from queens_sat.engines.logic import logic_solve

        result = logic_solve(puzzle, self.depth, time_limit)
        stats = {"logic": result.status, "steps": result.step_count, "hardest": result.hardest, "grade": result.grade}
        if result.solution is not None:
            # solved by sound deductions alone: the solution is the only one
            return Outcome([result.solution][:keep], 1, True, stats=stats)
        if result.status is Status.CONTRADICTION:
            return Outcome([], 0, True, stats=stats)
        if result.status is not Status.TIMED_OUT and (limit is None or limit > 2):
            # "at least 0" would be true but worthless: a count is not this backend's to give
            raise BackendError(
                "the logic backend cannot count this puzzle: reasoning alone does not settle it "
                "(it may have several solutions); count with another backend (native, sat...)"
            )
        timed_out = result.status is Status.TIMED_OUT
        return Outcome([], 0, False, timed_out=timed_out, stats=stats, stuck=not timed_out)

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Generator[Solution, None, bool]:
        outcome = self.search(puzzle, limit=2, keep=1, time_limit=time_limit)
        if outcome.timed_out:
            return True
        if not outcome.complete:
            raise BackendError("the logic backend cannot list the solutions of a puzzle it cannot solve by reasoning")
        yield from outcome.solutions
        return False
