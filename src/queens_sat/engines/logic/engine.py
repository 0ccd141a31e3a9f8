"""The engine loop: apply the cheapest rule that makes progress, record it, start over.

Restarting from the cheapest rule after every step is what makes the record a fair
account of difficulty: a hard rule is only used when nothing easier applies.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from queens_sat.engines.logic.board import Geometry, State, Unit
from queens_sat.engines.logic.deduction import PROBE, Contradiction, Deduction
from queens_sat.engines.logic.grading import grade_of, hardest_of
from queens_sat.engines.logic.probes import next_deduction
from queens_sat.engines.logic.witness import Witnesses
from queens_sat.engines.search import Stop
from queens_sat.model.placement import Cell, star_rows
from queens_sat.model.puzzle import Puzzle, PuzzleLike, as_puzzle
from queens_sat.model.result import Status

DEFAULT_DEPTH = 2  # published daily puzzles need no deeper probes



@dataclass(frozen=True)
class Step:
    """One deduction: the rule, what it placed and crossed out, and why.

    ``units`` are what the reasoning is about and ``lines`` the units whose other
    cells it crossed out (see ``rules.Deduction``); ``cell`` is the queen that
    eliminates or the cell a probe assumed; ``forced`` are the queens that followed
    from a probe's assumption; ``depth`` is the probe depth (0 for other rules).
    Star Battle (k > 1) only: ``stars`` is the number of stars the step counts (what
    ``units`` still need), ``blocks`` the top-left cells of the 2x2 blocks of a
    two-by-two step.
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
        if self.stars:
            out["stars"] = self.stars
        if self.blocks:
            out["blocks"] = [list(c) for c in self.blocks]
        return out


@dataclass(frozen=True)
class LogicResult:
    """What reasoning alone made of a puzzle, step by step, and how hard it was."""

    status: Status  # solved, stuck, contradiction or timed-out
    steps: tuple[Step, ...]
    n: int
    queens: frozenset[Cell]  # the final state: queens placed (givens included)
    crossed: frozenset[Cell]  # and cells crossed out (blocked givens included)
    max_depth: int
    elapsed: float
    contradiction: tuple[tuple[Unit, ...], tuple[Unit, ...]] | None = None  # (units, lines) of the dead end
    counts: dict[str, int] = field(default_factory=dict)  # steps per technique
    stars: int = 1  # k: stars a row, column and region

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The queen's column in each row, when solved; for k stars, the k star columns of
        each row, ascending, row after row (see ``rules.star_rows``)."""
        if not self.solved:
            return None
        return tuple(c for _, c in sorted(self.queens))

    @property
    def hardest(self) -> str | None:
        """The hardest technique used ("single-candidate", "probe-2"...), None when no step was needed."""
        return hardest_of(self.counts)

    @property
    def hardest_count(self) -> int:
        return self.counts.get(self.hardest, 0) if self.hardest else 0

    @property
    def grade(self) -> str | None:
        """Trivial, Easy, Medium, Hard or Expert; None when logic did not solve it."""
        return grade_of(self.counts, self.stars) if self.solved else None

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
            "max_depth": self.max_depth,
            "step_count": len(self.steps),
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


class Engine:
    """A puzzle's board under deduction; ``step()`` makes one move at a time.

    Starts from the givens (given queens placed, blocked cells crossed out), so a
    partly played board is just a puzzle whose givens are the player's marks.
    """

    def __init__(self, puzzle: Puzzle, max_depth: int = DEFAULT_DEPTH, deadline: float | None = None) -> None:
        if max_depth < 0:
            raise ValueError(f"probe depth must be 0 or more, got {max_depth}")
        self.geo = Geometry(puzzle)
        self.state = State.start(self.geo)
        self.max_depth = max_depth
        self.deadline = deadline
        self.witnesses = Witnesses()  # solutions met on the way; they only save work
        self.status: Status | None = Status.SOLVED if self.state.solved else None
        self.contradiction: Contradiction | None = None

    def step(self) -> Step | None:
        """Make the next deduction and return it; None when solved, stuck, at a
        contradiction or out of time (``status`` says which)."""
        if self.status is not None:
            return None
        try:
            found = next_deduction(self.geo, self.state, self.max_depth, self.deadline, self.witnesses)
        except Contradiction as why:
            self.status, self.contradiction = Status.CONTRADICTION, why
            return None
        except Stop:
            self.status = Status.TIMED_OUT
            return None
        if found is None:
            self.status = Status.STUCK
            return None
        self.state.apply(self.geo, found.place, found.cross)
        if self.state.solved:
            self.status = Status.SOLVED
        return self._step(found)

    def steps(self) -> Iterator[Step]:
        while True:
            step = self.step()
            if step is None:
                return
            yield step

    def _step(self, d: Deduction) -> Step:
        geo = self.geo
        return Step(
            rule=d.rule,
            placed=geo.cells(d.place),
            crossed=geo.cells(d.cross),
            units=geo.unit_tuple(d.units),
            lines=geo.unit_tuple(d.lines),
            cell=geo.cell(d.cell) if d.cell >= 0 else None,
            depth=d.depth,
            forced=geo.cells(d.forced),
            stars=d.stars,
            blocks=geo.cells(d.blocks),
        )


def logic_solve(
    puzzle: PuzzleLike, max_depth: int = DEFAULT_DEPTH, time_limit: float | None = None, rule: str | None = None
) -> LogicResult:
    """Solve ``puzzle`` by reasoning alone, probes up to ``max_depth``, recording every step.

    ``puzzle`` is a ``Puzzle`` or a bare region grid, ``rule`` applies to either (see ``as_puzzle``).

    Never guesses: when it reports ``solved`` the solution is proven unique, and
    ``contradiction`` proves there is none. This is what ``check``, ``explain`` and
    the generator's ``--logic``/``--grade`` filter call.
    """
    puzzle = as_puzzle(puzzle, rule)
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    engine = Engine(puzzle, max_depth, deadline)
    steps = tuple(engine.steps())
    geo, state = engine.geo, engine.state
    dead_end = None
    if engine.contradiction is not None:
        dead_end = (geo.unit_tuple(engine.contradiction.units), geo.unit_tuple(engine.contradiction.lines))
    return LogicResult(
        status=engine.status or Status.STUCK,
        steps=steps,
        n=puzzle.n,
        queens=frozenset(geo.cells(state.queens)),
        crossed=frozenset(geo.cells(state.crossed(geo))),
        max_depth=max_depth,
        elapsed=time.perf_counter() - start,
        contradiction=dead_end,
        counts=dict(Counter(s.technique for s in steps)),
        stars=puzzle.stars,
    )
