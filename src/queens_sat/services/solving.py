"""The solving API: pick a backend, run it, verify what it found, time it.

Backends only search; this facade is the one place that turns their raw
``Outcome`` into a ``SolveResult`` and refuses any solution that breaks a rule.
"""

from __future__ import annotations

import inspect
import math
import time
from collections.abc import Iterator
from typing import Any

from queens_sat.backends import get_backend
from queens_sat.backends.base import Backend
from queens_sat.backends.grids import PLAIN_BACKENDS, count_plain
from queens_sat.model.errors import BackendError, Undecided
from queens_sat.model.placement import DEFAULT_RULE
from queens_sat.model.puzzle import Puzzle, as_puzzle
from queens_sat.model.result import Outcome, Solution, SolveResult, Status, status_of


def time_limit_of(seconds: float | None) -> float | None:
    """A time limit as the backends take it: None for none (``inf`` too: a timer thread
    cannot wait forever); a limit that is not a positive number is refused."""
    if seconds is None or seconds == math.inf:
        return None
    if not seconds > 0:  # NaN too
        raise ValueError(f"a time limit must be a positive number of seconds, got {seconds}")
    return float(seconds)


def solve(
    puzzle: Puzzle | Any,
    backend: str | Backend = "auto",
    limit: int | None = 2,
    time_limit: float | None = None,
    keep: int | None = None,
    rule: str | None = None,
    stars: int | None = None,
) -> SolveResult:
    """Search ``puzzle`` for up to ``limit`` solutions (all when None).

    ``puzzle`` is a ``Puzzle`` or a bare region grid; ``rule`` and ``stars`` (k stars a
    row, column and region) apply to either (None: the puzzle's own, the default rule and
    1 star for a grid; see ``as_puzzle``). A k-star solution is flat: the k star columns
    of row 0, then of row 1... (``rules.star_rows`` groups it).
    The default limit of 2 is the uniqueness check. ``keep`` bounds how many
    solutions are returned (default: up to ``limit``, at most 2 when counting all),
    so that counting 100,000 solutions does not hold them all in memory.
    """
    time_limit = time_limit_of(time_limit)
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if keep is None:
        keep = limit if limit is not None else 2
    if stars is not None:
        puzzle = as_puzzle(puzzle, rule, stars)
    if backend in PLAIN_BACKENDS:
        if not isinstance(puzzle, Puzzle):
            result = _solve_plain(puzzle, rule or DEFAULT_RULE, limit, keep, time_limit, backend)
        elif puzzle.regions is not None and not puzzle.has_givens and puzzle.stars == 1:
            result = _solve_plain(puzzle.regions, rule or puzzle.rule, limit, keep, time_limit, backend)
        else:
            result = None
        if result is not None:
            return result
    puzzle = as_puzzle(puzzle, rule)
    engine = get_backend(backend, puzzle)
    why = engine.unsupported(puzzle)
    if why is not None:
        raise BackendError(f"backend {engine.full_name!r} cannot search this puzzle: {why}")
    start = time.perf_counter()
    outcome = engine.search(puzzle, limit=limit, keep=keep, time_limit=time_limit)
    return verified_result(puzzle, outcome, outcome.backend or engine.full_name, time.perf_counter() - start)


def _solve_plain(
    regions: Any, rule: str, limit: int | None, keep: int, time_limit: float | None, backend: str
) -> SolveResult | None:
    """``solve`` on a bare grid without building a ``Puzzle`` (see ``grids``); None: take the full way."""
    start = time.perf_counter()
    found = count_plain(regions, rule, limit, keep, time_limit, backend)
    if found is None:
        return None
    elapsed = time.perf_counter() - start
    if isinstance(found, Outcome):  # a tail: the portfolio went on after the native first turn
        return SolveResult(
            status_of(found.count, found.complete), tuple(map(tuple, found.solutions)), found.count, found.complete,
            found.timed_out, elapsed, found.backend or "auto", dict(found.stats),
        )
    return SolveResult.made(
        status_of(found.count, found.complete),
        tuple(found.solutions),
        found.count,
        found.complete,
        found.timed_out,
        elapsed,
        "native",
        {"nodes": found.nodes},
    )


def verified_result(puzzle: Puzzle, outcome: Outcome, backend: str, elapsed: float) -> SolveResult:
    """A backend's ``Outcome`` as a ``SolveResult``, after checking every solution against the rules."""
    seen = set()
    for solution in outcome.solutions:
        problems = puzzle.violations(solution)
        if problems:
            raise BackendError(f"backend {backend!r} returned a wrong solution {list(solution)}: {problems[0]}")
        if solution in seen:
            raise BackendError(f"backend {backend!r} returned solution {list(solution)} twice")
        seen.add(solution)
    return SolveResult(
        status=status_of(outcome.count, outcome.complete),
        solutions=tuple(tuple(s) for s in outcome.solutions),
        count=outcome.count,
        complete=outcome.complete,
        timed_out=outcome.timed_out,
        elapsed=elapsed,
        backend=backend,
        stats=dict(outcome.stats),
    )


class iter_solutions:
    """Every solution of ``puzzle``, one at a time, each checked against the rules as it comes.

    Memory stays flat: nothing is kept, so solutions are not compared with each
    other (the backends' tests make sure none repeats). ``time_limit`` goes to the
    backend, which stops within it even between two solutions far apart, and is
    looked at between two solutions; ``timed_out`` then says whether it cut the stream short.
    """

    def __init__(
        self,
        puzzle: Puzzle | Any,
        backend: str | Backend = "auto",
        time_limit: float | None = None,
        rule: str | None = None,
        stars: int | None = None,
    ) -> None:
        self.puzzle = as_puzzle(puzzle, rule, stars)
        self.engine = get_backend(backend, self.puzzle).resolve(self.puzzle)
        why = self.engine.unsupported(self.puzzle)
        if why is not None:
            raise BackendError(f"backend {self.engine.full_name!r} cannot search this puzzle: {why}")
        self.backend = self.engine.full_name
        self.time_limit = time_limit_of(time_limit)
        self.timed_out = False

    def __iter__(self) -> Iterator[Solution]:
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        takes_limit = "time_limit" in inspect.signature(self.engine.iter_solutions).parameters
        stream = iter(
            self.engine.iter_solutions(self.puzzle, time_limit=self.time_limit) if takes_limit else self.engine.iter_solutions(self.puzzle)
        )
        while True:
            try:
                solution = next(stream)
            except StopIteration as end:  # a backend's stream returns True when its time limit ended it
                self.timed_out = bool(end.value) or (deadline is not None and time.perf_counter() > deadline)
                return
            problems = self.puzzle.violations(solution)
            if problems:
                raise BackendError(f"backend {self.backend!r} returned a wrong solution {list(solution)}: {problems[0]}")
            yield tuple(solution)
            if deadline is not None and time.perf_counter() > deadline:
                self.timed_out = True
                return


def count_solutions(
    puzzle: Puzzle | Any, limit: int | None = None, backend: str | Backend = "auto", rule: str | None = None, stars: int | None = None
) -> int:
    """The number of solutions, exact; with ``limit``, counting stops there."""
    return solve(puzzle, backend=backend, limit=limit, keep=0, rule=rule, stars=stars).count


def is_unique(
    puzzle: Puzzle | Any,
    backend: str | Backend = "auto",
    rule: str | None = None,
    time_limit: float | None = None,
    stars: int | None = None,
) -> bool:
    """True when the puzzle has exactly one solution, False when it has none or several.

    Takes a ``Puzzle`` or a bare region grid (list of lists, strings or a numpy
    array), so that other generators can call it as their validator; ``rule``
    applies to either, as ``stars`` does (see ``as_puzzle``). A grid of integers 0..n-1 is checked and
    searched without building a ``Puzzle`` (``queens_sat.backends.grids``): a few
    microseconds a call at n = 9.

    Raises ``Undecided`` when ``time_limit`` (seconds) ends the search before it
    settles: "unknown" is never answered as "not unique".
    """
    if time_limit is not None:
        time_limit = time_limit_of(time_limit)
    if not isinstance(puzzle, Puzzle) and backend in PLAIN_BACKENDS and stars in (None, 1):
        found = count_plain(puzzle, rule or DEFAULT_RULE, 2, 0, time_limit, backend)
        if found is not None:
            if found.count < 2 and not found.complete:
                raise _undecided(found.count, time_limit)
            return found.count == 1
    result = solve(puzzle, backend=backend, limit=2, keep=0, time_limit=time_limit, rule=rule, stars=stars)
    if result.status is Status.UNKNOWN:
        raise _undecided(result.count, time_limit)
    return result.is_unique


def _undecided(found: int, time_limit: float | None) -> Undecided:
    return Undecided(f"the time limit ({time_limit} s) ended the search before it settled uniqueness ({found} solution found)", found)
