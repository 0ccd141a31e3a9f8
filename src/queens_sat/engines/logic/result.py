"""What the logic engine reports, whichever engine made it: a ``Step`` per deduction and the
``LogicResult`` of a run (kept apart from the loops so that the pure-Python engine and the
native one's adapter, ``native.py``, share them without importing each other)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from queens_sat.engines.logic.board import Unit
from queens_sat.engines.logic.deduction import PROBE, RULE_NAMES
from queens_sat.engines.logic.grading import grade_of_score, hardest_of, probe_depth, score_of
from queens_sat.model.placement import Cell, star_rows
from queens_sat.model.result import Status


@dataclass(frozen=True)
class Step:
    """One deduction: the rule, what it placed and crossed out, and why.

    ``units`` are what the reasoning is about and ``lines`` the units whose other
    cells it crossed out (see ``rules.Deduction``); ``cell`` is the queen that
    eliminates or the cell a probe assumed; ``forced`` are the queens that followed
    from a probe's assumption; ``depth`` is the probe depth (0 for other rules), and
    ``assumed`` what a probe assumed on its cell: a star ("star": the cell is then
    crossed out) or a cross ("cross": the cell then gets its star); "" for other rules.
    Star Battle (k > 1) only: ``stars`` is the number of stars the step counts (what
    ``units`` still need), ``blocks`` the top-left cells of the 2x2 blocks of a
    two-by-two step. ``candidates``: the candidate cells open before the step; ``tried``
    (probes): the assumptions tried to find it. Both feed the difficulty score.
    """

    rule: str
    placed: tuple[Cell, ...] = ()
    crossed: tuple[Cell, ...] = ()
    units: tuple[Unit, ...] = ()
    lines: tuple[Unit, ...] = ()
    cell: Cell | None = None
    depth: int = 0
    forced: tuple[Cell, ...] = ()
    stars: int = 0
    blocks: tuple[Cell, ...] = ()
    assumed: str = ""
    candidates: int = 0
    tried: int = 0

    @property
    def technique(self) -> str:
        """The rule with its probe depth ("probe-2"): what grading counts."""
        return f"{PROBE}-{self.depth}" if self.rule == PROBE else self.rule

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rule": self.rule,
            "technique": self.technique,
            "depth": self.depth,
            "placed": [list(c) for c in self.placed],
            "crossed": [list(c) for c in self.crossed],
            "units": [u._asdict() for u in self.units],
            "lines": [u._asdict() for u in self.lines],
            "cell": list(self.cell) if self.cell is not None else None,
            "forced": [list(c) for c in self.forced],
        }
        if self.assumed:
            out["assumed"] = self.assumed
        if self.stars:
            out["stars"] = self.stars
        if self.blocks:
            out["blocks"] = [list(c) for c in self.blocks]
        return out


def step_items(steps: tuple[Step, ...]) -> list[tuple[int, int, int, int]]:
    """What the score reads of each step: (rule id, depth, candidates, tried)."""
    ids = {name: i for i, name in enumerate(RULE_NAMES)}
    return [(ids[s.rule], s.depth, s.candidates, s.tried) for s in steps]


class LogicResult:
    """What reasoning alone made of a puzzle, step by step, and how hard it was.

    The steps, queens and crossed cells may be given as functions that compute them: the
    native engine's record becomes ``Step`` objects only when someone reads them (a grade
    needs the counts, never the steps). Immutable once made, like the rest of the result.
    """

    __slots__ = (
        "_crossed", "_hardest", "_queens", "_score", "_solution", "_steps", "contradiction", "counts",
        "elapsed", "max_depth", "n", "stars", "status", "step_count",
    )  # fmt: skip

    status: Status  # solved, stuck, contradiction or timed-out
    n: int
    max_depth: int
    elapsed: float
    contradiction: tuple[tuple[Unit, ...], tuple[Unit, ...]] | None  # (units, lines) of the dead end
    counts: dict[str, int]  # steps per technique, in the order first used
    stars: int  # k: stars a row, column and region
    step_count: int
    _solution: tuple[int, ...] | None
    _hardest: str | None  # "" until first read

    def __init__(
        self,
        status: Status,
        steps: tuple[Step, ...] | Callable[[], tuple[Step, ...]],  # the steps, or what computes them when first read
        n: int,
        queens: frozenset[Cell] | Callable[[], frozenset[Cell]],  # the final state: queens placed (givens included)
        crossed: frozenset[Cell] | Callable[[], frozenset[Cell]],  # and cells crossed out (blocked givens included)
        max_depth: int,
        elapsed: float,
        contradiction: tuple[tuple[Unit, ...], tuple[Unit, ...]] | None = None,
        counts: dict[str, int] | None = None,
        stars: int = 1,
        step_count: int | None = None,
        solution: tuple[int, ...] | None = None,
        score: float | Callable[[], float] | None = None,  # the difficulty score, or what computes it; None: from the steps
    ) -> None:
        if step_count is None:
            if callable(steps):
                raise ValueError("lazy steps need their step_count")
            step_count = len(steps)
        set_ = object.__setattr__
        set_(self, "status", status)
        set_(self, "_steps", steps)
        set_(self, "n", n)
        set_(self, "_queens", queens)
        set_(self, "_crossed", crossed)
        set_(self, "max_depth", max_depth)
        set_(self, "elapsed", elapsed)
        set_(self, "contradiction", contradiction)
        set_(self, "counts", {} if counts is None else counts)
        set_(self, "stars", stars)
        set_(self, "step_count", step_count)
        set_(self, "_solution", solution)
        set_(self, "_hardest", "")
        set_(self, "_score", score if score is not None else (lambda: score_of(step_items(self.steps), n)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("LogicResult is immutable")

    def _load(self, slot: str) -> Any:
        value = getattr(self, slot)
        if callable(value):
            value = value()
            object.__setattr__(self, slot, value)
        return value

    @property
    def steps(self) -> tuple[Step, ...]:
        steps: tuple[Step, ...] = self._load("_steps")
        return steps

    @property
    def queens(self) -> frozenset[Cell]:
        queens: frozenset[Cell] = self._load("_queens")
        return queens

    @property
    def crossed(self) -> frozenset[Cell]:
        crossed: frozenset[Cell] = self._load("_crossed")
        return crossed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogicResult):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        return (self.status, self.steps, self.n, self.queens, self.crossed, self.max_depth, self.contradiction, self.stars)

    def __repr__(self) -> str:
        return f"<LogicResult {self.status}, {self.step_count} steps, grade {self.grade}>"

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The queen's column in each row, when solved; for k stars, the k star columns of
        each row, ascending, row after row (see ``rules.star_rows``)."""
        if not self.solved:
            return None
        solution = self._solution
        if solution is None:
            solution = tuple(c for _, c in sorted(self.queens))
            object.__setattr__(self, "_solution", solution)
        return solution

    @property
    def hardest(self) -> str | None:
        """The hardest technique used ("single-candidate", "probe-2"...), None when no step was needed."""
        hardest = self._hardest
        if hardest == "":  # not yet known (None is a known answer: no step was needed)
            hardest = hardest_of(self.counts)
            object.__setattr__(self, "_hardest", hardest)
        return hardest

    @property
    def hardest_count(self) -> int:
        return self.counts.get(self.hardest, 0) if self.hardest else 0

    @property
    def score(self) -> float:
        """The difficulty score (``grading.score_of``): the work the steps made, 0 for a
        solve by eliminations and single candidates alone; of the steps made so far when
        not solved."""
        score: float = self._load("_score")
        return score

    @property
    def deepest_probe(self) -> int:
        """The deepest probe the steps used (0: none), not the limit ``max_depth``."""
        return max(map(probe_depth, self.counts), default=0)

    @property
    def grade(self) -> str | None:
        """Trivial, Easy, Medium, Hard or Expert: the band of the score
        (``grading.SCORE_BANDS``); None when logic did not solve it."""
        return grade_of_score(self.score) if self.solved else None

    def _solution_json(self) -> list[Any] | None:
        """The solution as JSON shows it: a column a row, or a list of k columns a row."""
        solution = self.solution
        if solution is None:
            return None
        return star_rows(solution, self.stars) if self.stars > 1 else list(solution)

    def as_dict(self, steps: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "status": self.status,
            "solved": self.solved,
            "grade": self.grade,
            "hardest": self.hardest,
            "hardest_count": self.hardest_count,
            "score": self.score,
            "max_depth": self.deepest_probe,
            "depth_limit": self.max_depth,
            "step_count": self.step_count,
            "counts": dict(self.counts),
            "elapsed": round(self.elapsed, 6),
            "solution": self._solution_json(),
        }
        if self.contradiction is not None:
            units, lines = self.contradiction
            out["contradiction"] = {"units": [u._asdict() for u in units], "lines": [u._asdict() for u in lines]}
        if steps:
            out["steps"] = [s.as_dict() for s in self.steps]
        return out
