"""The engine loop: apply the cheapest rule that makes progress, record it, start over.

Restarting from the cheapest rule after every step is what makes the record a fair
account of difficulty: a hard rule is only used when nothing easier applies.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar, Union

from queens_sat.engines.logic.board import Geometry, State, Unit
from queens_sat.engines.logic.deduction import PROBE, Contradiction, Deduction
from queens_sat.engines.logic.grading import grade_of, hardest_of
from queens_sat.engines.logic.probes import OutOfTime, next_deduction
from queens_sat.engines.logic.witness import Witnesses
from queens_sat.model.placement import Cell, star_rows
from queens_sat.model.puzzle import Puzzle, as_puzzle

DEFAULT_DEPTH = 2  # published daily puzzles need no deeper probes

SOLVED = "solved"  # every row, column and region has its queen
STUCK = "stuck"  # no rule (within the probe depth) makes progress
CONTRADICTION = "contradiction"  # the givens, with the rules, leave a unit empty: no solution
TIMED_OUT = "timed-out"  # the time limit stopped the engine


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
    assumed: str = ""

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


T = TypeVar("T")
Lazy = Union[T, Callable[[], T]]  # a value, or what computes it when first read


class LogicResult:
    """What reasoning alone made of a puzzle, step by step, and how hard it was.

    The steps, queens and crossed cells may be given as functions that compute them: the
    native engine's record becomes ``Step`` objects only when someone reads them (a grade
    needs the counts, never the steps). Immutable once made, like the rest of the result.
    """

    __slots__ = ("_crossed", "_queens", "_solution", "_steps", "contradiction", "counts", "elapsed", "max_depth", "n", "stars", "status", "step_count")

    status: str  # solved, stuck, contradiction or timed-out
    n: int
    max_depth: int
    elapsed: float
    contradiction: tuple[tuple[Unit, ...], tuple[Unit, ...]] | None  # (units, lines) of the dead end
    counts: dict[str, int]  # steps per technique, in the order first used
    stars: int  # k: stars a row, column and region
    step_count: int

    def __init__(
        self,
        status: str,
        steps: Lazy[tuple[Step, ...]],
        n: int,
        queens: Lazy[frozenset[Cell]],  # the final state: queens placed (givens included)
        crossed: Lazy[frozenset[Cell]],  # and cells crossed out (blocked givens included)
        max_depth: int,
        elapsed: float,
        contradiction: tuple[tuple[Unit, ...], tuple[Unit, ...]] | None = None,
        counts: dict[str, int] | None = None,
        stars: int = 1,
        step_count: int | None = None,
        solution: tuple[int, ...] | None = None,
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
        return self.status == SOLVED

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The queen's column in each row, when solved; for k stars, the k star columns of
        each row, ascending, row after row (see ``rules.star_rows``)."""
        if not self.solved:
            return None
        if self._solution is None:
            object.__setattr__(self, "_solution", tuple(c for _, c in sorted(self.queens)))
        return self._solution

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


class Engine:
    """The pure-Python engine: a puzzle's board under deduction; ``step()`` makes one move
    at a time. The reference that the native engine (``native.NativeEngine``) twins, step
    for step; ``open_engine`` picks one of the two.

    Starts from the givens (given queens placed, blocked cells crossed out), so a
    partly played board is just a puzzle whose givens are the player's marks.
    """

    def __init__(self, puzzle: Puzzle, max_depth: int = DEFAULT_DEPTH, deadline: float | None = None) -> None:
        check_depth(max_depth)
        self.geo = Geometry(puzzle)
        self.state = State.start(self.geo)
        self.max_depth = max_depth
        self.deadline = deadline
        self.witnesses = Witnesses()  # solutions met on the way; they only save work
        self.status: str | None = SOLVED if self.state.solved else None
        self.contradiction: Contradiction | None = None

    def step(self) -> Step | None:
        """Make the next deduction and return it; None when solved, stuck, at a
        contradiction or out of time (``status`` says which)."""
        if self.status is not None:
            return None
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.status = TIMED_OUT
            return None
        try:
            found = next_deduction(self.geo, self.state, self.max_depth, self.deadline, self.witnesses)
        except Contradiction as why:
            self.status, self.contradiction = CONTRADICTION, why
            return None
        except OutOfTime:
            self.status = TIMED_OUT
            return None
        if found is None:
            self.status = STUCK
            return None
        self.state.apply(self.geo, found.place, found.cross)
        if self.state.solved:
            self.status = SOLVED
        return self._step(found)

    def steps(self) -> Iterator[Step]:
        while True:
            step = self.step()
            if step is None:
                return
            yield step

    def dead_end(self) -> tuple[tuple[Unit, ...], tuple[Unit, ...]] | None:
        """The (units, lines) of the contradiction the engine met, if it met one."""
        if self.contradiction is None:
            return None
        return self.geo.unit_tuple(self.contradiction.units), self.geo.unit_tuple(self.contradiction.lines)

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
            assumed=d.assumed,
        )


def check_depth(max_depth: int) -> None:
    if max_depth < 0:
        raise ValueError(f"probe depth must be 0 or more, got {max_depth}")


ENGINES = ("auto", "native", "python")


def logic_solve(
    puzzle: Puzzle | Any,
    max_depth: int = DEFAULT_DEPTH,
    time_limit: float | None = None,
    rule: str | None = None,
    *,
    engine: str = "auto",
) -> LogicResult:
    """Solve ``puzzle`` by reasoning alone, probes up to ``max_depth``, recording every step.

    ``puzzle`` is a ``Puzzle`` or a bare region grid, ``rule`` applies to either (see ``as_puzzle``).
    ``engine``: "auto" runs the native engine when it is built and takes the board (k = 1 up
    to n = 64, k > 1 up to n = 25), else the pure-Python one; "native" or "python" insist
    (the two make the same steps; comparisons and tests choose).

    Never guesses: when it reports ``solved`` the solution is proven unique, and
    ``contradiction`` proves there is none. This is what ``check``, ``explain`` and
    the generator's ``--logic``/``--grade`` filter call.
    """
    puzzle = as_puzzle(puzzle, rule)
    check_depth(max_depth)
    if engine != "python":
        from queens_sat.engines.logic import native

        if native.takes(puzzle):
            return native.logic_solve_native(puzzle, max_depth, time_limit)
        if engine == "native":
            raise ValueError(f"the native logic engine cannot take this board: {native.why_not(puzzle)}")
    elif engine not in ENGINES:
        raise ValueError(f"engine {engine!r} is not one of {', '.join(ENGINES)}")
    return logic_solve_python(puzzle, max_depth, time_limit)


def logic_solve_python(puzzle: Puzzle, max_depth: int = DEFAULT_DEPTH, time_limit: float | None = None) -> LogicResult:
    """``logic_solve`` on the pure-Python engine (the reference)."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    engine = Engine(puzzle, max_depth, deadline)
    steps = tuple(engine.steps())
    geo, state = engine.geo, engine.state
    return LogicResult(
        status=engine.status or STUCK,
        steps=steps,
        n=puzzle.n,
        queens=frozenset(geo.cells(state.queens)),
        crossed=frozenset(geo.cells(state.crossed(geo))),
        max_depth=max_depth,
        elapsed=time.perf_counter() - start,
        contradiction=engine.dead_end(),
        counts=dict(Counter(s.technique for s in steps)),
        stars=puzzle.stars,
    )


def open_engine(puzzle: Puzzle, max_depth: int = DEFAULT_DEPTH, deadline: float | None = None) -> Engine | Any:
    """An engine to step through ``puzzle``: the native one when it is built and takes the
    board, else the pure-Python ``Engine`` (both have ``step``, ``steps``, ``status``, ``dead_end``)."""
    check_depth(max_depth)
    from queens_sat.engines.logic import native

    if native.takes(puzzle):
        return native.NativeEngine(puzzle, max_depth, deadline)
    return Engine(puzzle, max_depth, deadline)
