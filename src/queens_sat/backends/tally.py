"""Counting solutions up to a limit while keeping only the first few.

The solvers that report solutions one at a time (re-solving after a blocking
clause, or CP-SAT's enumeration callback) share this bookkeeping, so that
``limit``, ``keep`` and ``complete`` mean the same thing in every backend.
"""

from __future__ import annotations

from typing import Any

from queens_sat.model.result import Outcome, Solution


class SolutionTally:
    """Solutions seen so far: how many, and the first ``keep`` of them."""

    __slots__ = ("count", "keep", "kept", "limit")

    def __init__(self, limit: int | None, keep: int) -> None:
        self.limit = limit
        self.keep = keep
        self.count = 0
        self.kept: list[Solution] = []

    @property
    def full(self) -> bool:
        """The limit is reached: stop searching."""
        return self.limit is not None and self.count >= self.limit

    @property
    def wants_solution(self) -> bool:
        """Whether the next solution will be kept (so it is worth decoding)."""
        return len(self.kept) < self.keep

    def add(self, solution: Solution | None) -> bool:
        """Count one more solution (``None`` when not decoded); True once the limit is reached."""
        self.count += 1
        if solution is not None and len(self.kept) < self.keep:
            self.kept.append(solution)
        return self.full

    def outcome(self, *, exhausted: bool, timed_out: bool, stats: dict[str, Any], spent: bool = False) -> Outcome:
        """The backend's answer; ``exhausted`` means the solver proved there is nothing more, ``spent``
        that its effort budget ran out first."""
        return Outcome(self.kept, self.count, exhausted and not timed_out and not spent, timed_out, stats, spent=spent)
