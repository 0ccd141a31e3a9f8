"""What a search reports, the same for every backend."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

Solution = Sequence[int]  # the column of the queen in each row: a tuple, or for a huge board without regions ``model.columns.Columns``


class Status(str, Enum):
    """Every verdict the product gives, each with one spelling: its value, which is what JSON,
    the CLI and the service print. A ``str``, so it compares and serialises as its value."""

    # a search's verdict on uniqueness (check, solve, the service)
    UNIQUE = "unique"  # exactly one solution, proven
    MULTIPLE = "multiple"  # at least two solutions found
    NONE = "none"  # no solution, proven (hint: whatever logic says, some mark of the player's is wrong)
    UNKNOWN = "unknown"  # the search stopped (time limit, or limit 1) before settling uniqueness
    # what the other commands report
    INVALID = "invalid"  # a record that could not be read or checked
    COUNTED = "counted"  # every solution counted (count, solve --all): a success, not a verdict on uniqueness
    SOLVED = "solved"  # a solution found (solve); reasoning alone solved the puzzle (logic)
    HINT = "hint"  # hint: a next step found
    # the logic engine's other ends
    STUCK = "stuck"  # no rule (within the probe depth) makes progress
    CONTRADICTION = "contradiction"  # the givens, with the rules, leave a unit empty: no solution
    TIMED_OUT = "timed-out"  # the time limit stopped the engine

    def __str__(self) -> str:
        return self.value


@dataclass(slots=True)
class Outcome:
    """What every search returns, the same for every engine and backend: raw from a search,
    verified once it has passed ``backends.searching`` (the one way in to the search).

    Read-only by convention (``named`` and ``timed`` give changed copies): not frozen, because
    a frozen dataclass sets each field through ``object.__setattr__``, which costs the
    validator's per-call path a microsecond a result."""

    solutions: Sequence[Solution]  # the solutions kept (at most ``keep``), in the order found
    count: int  # solutions found; the exact number when ``complete``
    complete: bool  # the whole search space was explored
    timed_out: bool = False  # the time limit stopped the search
    stats: dict[str, Any] = field(default_factory=dict)  # the search's own figures, for reports only (nodes, conflicts...)
    backend: str | None = None  # the search that produced it, when not the one asked (``auto`` names its choice)
    seconds: float | None = None  # the search's wall-clock time, when it was timed on its own (a batch's member)
    stuck: bool = False  # reasoning alone (the logic backend) could not settle it: unsettled, but not by the time limit
    spent: bool = False  # the search's effort budget (nodes, conflicts) ran out first: where it stops depends on the board alone

    @property
    def nodes(self) -> int:
        """The search nodes visited (0 for a search that does not count them)."""
        return int(self.stats.get("nodes", 0))

    def named(self, backend: str) -> Outcome:
        """The same outcome marked with the backend that produced it, unless it names one already."""
        if self.backend is not None:
            return self
        return Outcome(self.solutions, self.count, self.complete, self.timed_out, self.stats, backend, self.seconds, self.stuck, self.spent)

    def timed(self, seconds: float) -> Outcome:
        """The same outcome with the seconds its search took."""
        return Outcome(self.solutions, self.count, self.complete, self.timed_out, self.stats, self.backend, seconds, self.stuck, self.spent)


@dataclass(frozen=True)
class SolveResult:
    """What ``solve`` returns: the verdict, the solutions kept (each verified against the rules), timing."""

    status: Status
    solutions: tuple[Solution, ...]
    count: int  # solutions found; exact when ``complete``
    complete: bool
    timed_out: bool
    elapsed: float  # seconds, wall clock, model building included
    backend: str
    stats: dict[str, Any] = field(default_factory=dict)
    stuck: bool = False  # reasoning alone (the logic backend) could not settle it

    @classmethod
    def of(cls, outcome: Outcome, elapsed: float) -> SolveResult:
        """A verified ``Outcome`` with its verdict and time; five times cheaper than the constructor: a
        frozen dataclass sets each field through ``object.__setattr__`` (1.7 us for these nine), which
        the validator's per-call path cannot afford."""
        result = object.__new__(cls)
        result.__dict__.update(
            status=status_of(outcome.count, outcome.complete),
            solutions=tuple(outcome.solutions),
            count=outcome.count,
            complete=outcome.complete,
            timed_out=outcome.timed_out,
            elapsed=elapsed,
            backend=outcome.backend or "?",
            stats=outcome.stats,
            stuck=outcome.stuck,
        )
        return result

    @property
    def solution(self) -> Solution | None:
        """The first solution found, if any."""
        return self.solutions[0] if self.solutions else None

    @property
    def is_unique(self) -> bool:
        return self.status is Status.UNIQUE

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status.value,
            "count": self.count,
            "complete": self.complete,
            "timed_out": self.timed_out,
            "solutions": [list(s) for s in self.solutions],
            "elapsed": self.elapsed,
            "backend": self.backend,
            "stats": dict(self.stats),
        }


def status_of(count: int, complete: bool) -> Status:
    """The verdict that a count and completeness allow, and nothing stronger."""
    if count >= 2:
        return Status.MULTIPLE
    if complete:
        return Status.UNIQUE if count == 1 else Status.NONE
    return Status.UNKNOWN


# The compiled searches' count (``_bitsearch.count``, ``count_rows``, ``_stars.count``): count,
# complete, timed out, the solutions kept, nodes, and whether the node budget ran out; ``count_rows``
# adds two fields of its own after these six.
CompiledCount = tuple[int, bool, bool, list[tuple[int, ...]], int, bool]


def counted(found: CompiledCount | tuple[Any, ...], backend: str | None = None, seconds: float | None = None) -> Outcome:
    """A compiled search's count as an ``Outcome``: the one place its tuple is read (fields past the
    six a count has are the caller's)."""
    return Outcome(found[3], found[0], found[1], found[2], {"nodes": found[4]}, backend, seconds, False, found[5])
