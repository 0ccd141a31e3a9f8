"""The engine loop: apply the cheapest rule that makes progress, record it, start over.

Restarting from the cheapest rule after every step is what makes the record a fair
account of difficulty: a hard rule is only used when nothing easier applies.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator

from queens_sat.engines.logic import native
from queens_sat.engines.logic.board import Geometry, State, Unit
from queens_sat.engines.logic.deduction import Contradiction, Deduction
from queens_sat.engines.logic.probes import next_deduction
from queens_sat.engines.logic.result import LogicResult, Step
from queens_sat.engines.logic.witness import Witnesses
from queens_sat.engines.search import Stop, deadline_scope
from queens_sat.model.arguments import choice, counted, seconds_or_none
from queens_sat.model.errors import ArgumentError
from queens_sat.model.puzzle import Puzzle, PuzzleLike, as_puzzle
from queens_sat.model.result import Status
from queens_sat.runtime.cancel import cancelled, raise_if_cancelled

__all__ = ["DEFAULT_DEPTH", "ENGINES", "Engine", "LogicResult", "Step", "logic_solve", "logic_solve_python", "open_engine"]

DEFAULT_DEPTH = 2  # published daily puzzles need no deeper probes


class Engine:
    """The pure-Python engine: a puzzle's board under deduction; ``step()`` makes one move
    at a time. The reference that the native engine (``native.NativeEngine``) twins, step
    for step; ``open_engine`` picks one of the two.

    Starts from the givens (given queens placed, blocked cells crossed out), so a
    partly played board is just a puzzle whose givens are the player's marks.
    """

    def __init__(self, puzzle: Puzzle, max_depth: int = DEFAULT_DEPTH, deadline: float | None = None) -> None:
        self.max_depth = check_depth(max_depth)
        self.geo = Geometry(puzzle)
        self.state = State.start(self.geo)
        self.deadline = deadline
        self.witnesses = Witnesses()  # solutions met on the way; they only save work
        self.status: Status | None = Status.SOLVED if self.state.solved else None
        self.contradiction: Contradiction | None = None

    def step(self) -> Step | None:
        """Make the next deduction and return it; None when solved, stuck, at a
        contradiction or out of time (``status`` says which)."""
        if self.status is not None:
            return None
        if self.deadline is not None and (time.perf_counter() > self.deadline or cancelled()):
            self.status = Status.TIMED_OUT
            return None
        try:
            with deadline_scope(self.deadline):  # for the rules whose signature has no deadline
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
        candidates = self.state.cand.bit_count()
        self.state.apply(self.geo, found.place, found.cross)
        if self.state.solved:
            self.status = Status.SOLVED
        return self._step(found, candidates)

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

    def _step(self, d: Deduction, candidates: int = 0) -> Step:
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
            candidates=candidates,
            tried=d.tried,
        )


def check_depth(max_depth: int) -> int:
    """``max_depth`` as an int of 0 or more (numpy integers too), else an ``ArgumentError`` naming it."""
    return counted(max_depth, "max_depth")


ENGINES = ("auto", "native", "python")


def logic_solve(
    puzzle: PuzzleLike,
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
    the generator's ``--logic``/``--grade`` filter call. A run cancelled from another thread
    (``runtime.cancel``) raises ``Cancelled``.
    """
    max_depth = check_depth(max_depth)
    time_limit = seconds_or_none(time_limit)
    choice(engine, "engine", ENGINES)
    puzzle = as_puzzle(puzzle, rule)
    raise_if_cancelled()
    if engine != "python" and native.takes(puzzle):
        result = native.logic_solve_native(puzzle, max_depth, time_limit)
    elif engine == "native":
        raise ArgumentError(f"the native logic engine cannot take this board: {native.why_not(puzzle)}", argument="engine")
    else:
        result = logic_solve_python(puzzle, max_depth, time_limit)
    raise_if_cancelled()  # stopped as out of time by a cancel (runtime.cancel): the caller's work ends too
    return result


def logic_solve_python(puzzle: Puzzle, max_depth: int = DEFAULT_DEPTH, time_limit: float | None = None) -> LogicResult:
    """``logic_solve`` on the pure-Python engine (the reference)."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    engine = Engine(puzzle, max_depth, deadline)
    steps = tuple(engine.steps())
    geo, state = engine.geo, engine.state
    return LogicResult(
        status=engine.status or Status.STUCK,
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


def open_engine(puzzle: Puzzle, max_depth: int = DEFAULT_DEPTH, deadline: float | None = None) -> Engine | native.NativeEngine:
    """An engine to step through ``puzzle``: the native one when it is built and takes the
    board, else the pure-Python ``Engine`` (both have ``step``, ``steps``, ``status``, ``dead_end``)."""
    max_depth = check_depth(max_depth)
    if native.takes(puzzle):
        return native.NativeEngine(puzzle, max_depth, deadline)
    return Engine(puzzle, max_depth, deadline)
