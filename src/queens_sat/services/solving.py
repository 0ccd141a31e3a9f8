"""The solving API: ``solve``, ``is_unique``, ``count_solutions`` and ``iter_solutions``.

Each takes a ``Puzzle`` or a bare region grid, and the same keyword-only options
(``backend``, ``time_limit``, ``rule``, ``stars``; ``limit`` and ``keep`` where they mean
something). The search itself, and the check of every solution against the rules, is
``backends.searching``'s: this facade turns the input into a board and the verified
``Outcome`` into a verdict with its time. A bare grid of integers 0..n-1 becomes a
``PlainGrid`` (checked in C), not a ``Puzzle``: a validator's call costs a few microseconds.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from queens_sat.backends import searching
from queens_sat.backends.base import Backend
from queens_sat.model.arguments import counted, seconds_or_none
from queens_sat.model.errors import BackendError, Undecided
from queens_sat.model.grids import PlainGrid, plain_grid
from queens_sat.model.placement import DEFAULT_RULE
from queens_sat.model.puzzle import Puzzle, PuzzleLike, as_puzzle
from queens_sat.model.result import Solution, SolveResult, Status


def time_limit_of(seconds: float | None) -> float | None:
    """A time limit as the backends take it: None for none (``inf``, and a number too large for a
    float, too: a timer thread cannot wait forever); a limit that is not a positive number is refused."""
    return seconds_or_none(seconds, "time_limit")


COUNT_CAP = 2**62  # a limit or keep past this is "all": the compiled searches count in 64-bit words


def limit_of(limit: int | None, what: str = "limit", least: int = 1) -> int | None:
    """``limit`` (or ``keep``) checked: None, or a whole number of at least ``least`` (numpy integers
    too); one past ``COUNT_CAP`` means no cap (None). 2.5 and True are refused, not rounded."""
    if limit is None:
        return None
    value = counted(limit, what, least)
    return None if value > COUNT_CAP else value


def board_of(puzzle: PuzzleLike, rule: str | None, stars: int | None) -> Puzzle | PlainGrid:
    """What the search takes: a plain grid as it is (see ``model.grids``), anything else as a ``Puzzle``
    (``rule`` and ``stars`` as ``as_puzzle`` applies them)."""
    if not isinstance(puzzle, Puzzle) and stars in (None, 1):
        plain = plain_grid(puzzle, rule or DEFAULT_RULE)
        if plain is not None:
            return plain
    return as_puzzle(puzzle, rule, stars)


def solve(
    puzzle: PuzzleLike,
    *,
    backend: str | Backend = "auto",
    limit: int | None = 2,
    keep: int | None = None,
    time_limit: float | None = None,
    rule: str | None = None,
    stars: int | None = None,
) -> SolveResult:
    """Search ``puzzle`` for up to ``limit`` solutions (all when None).

    ``puzzle`` is a ``Puzzle`` or a bare region grid; ``rule`` and ``stars`` (k stars a
    row, column and region) apply to either (None: the puzzle's own, the default rule and
    1 star for a grid; see ``as_puzzle``). A k-star solution is flat: the k star columns
    of row 0, then of row 1... (``model.placement.star_rows`` groups it).
    The default limit of 2 is the uniqueness check. ``keep`` bounds how many
    solutions are returned (default: up to ``limit``, at most 2 when counting all),
    so that counting 100,000 solutions does not hold them all in memory.
    """
    time_limit = time_limit_of(time_limit)
    limit = limit_of(limit)
    keep = limit_of(keep, "keep", 0)
    board = board_of(puzzle, rule, stars)
    start = time.perf_counter()
    outcome = searching.search(board, backend=backend, limit=limit, keep=keep, time_limit=time_limit)
    return SolveResult.of(outcome, time.perf_counter() - start)


def count_solutions(
    puzzle: PuzzleLike,
    *,
    backend: str | Backend = "auto",
    limit: int | None = None,
    time_limit: float | None = None,
    rule: str | None = None,
    stars: int | None = None,
) -> int:
    """The number of solutions, exact; with ``limit``, counting stops there. With ``time_limit``,
    a search it stops raises ``Undecided`` rather than answer a partial count."""
    result = solve(puzzle, backend=backend, limit=limit, keep=0, time_limit=time_limit, rule=rule, stars=stars)
    if result.timed_out:
        raise Undecided(f"the time limit ({time_limit} s) ended the count at {result.count} solutions", result.count)
    return result.count


def is_unique(
    puzzle: PuzzleLike,
    *,
    backend: str | Backend = "auto",
    time_limit: float | None = None,
    rule: str | None = None,
    stars: int | None = None,
) -> bool:
    """True when the puzzle has exactly one solution, False when it has none or several.

    Takes a ``Puzzle`` or a bare region grid (list of lists, strings or a numpy
    array), so that other generators can call it as their validator; ``rule``
    applies to either, as ``stars`` does (see ``as_puzzle``). A grid of integers 0..n-1 is checked and
    searched without building a ``Puzzle``; rows (a list or tuple of them) with no time limit in
    one compiled call that checks, searches and answers (``searching.unique_rows``).

    Raises ``Undecided`` when ``time_limit`` (seconds) ends the search before it
    settles: "unknown" is never answered as "not unique".
    """
    if (type(puzzle) is list or type(puzzle) is tuple) and type(backend) is str and time_limit is None and stars is None:
        # rows, the validator's call: one compiled call (``searching.unique_rows``), else the way below
        settled = searching.unique_rows(puzzle, rule or DEFAULT_RULE, backend) if rule is None or type(rule) is str else None
        if settled is not None:
            return settled
    result = solve(puzzle, backend=backend, limit=2, keep=0, time_limit=time_limit, rule=rule, stars=stars)
    if result.status is Status.UNKNOWN:
        raise Undecided(
            f"the time limit ({time_limit} s) ended the search before it settled uniqueness ({result.count} solution found)", result.count
        )
    return result.status is Status.UNIQUE


class SolutionStream:
    """Every solution of a puzzle, one at a time, each checked against the rules as it comes
    (what ``iter_solutions`` returns).

    Memory stays flat: nothing is kept, so solutions are not compared with each
    other (the backends' tests make sure none repeats). ``time_limit`` goes to the
    backend, which stops within it even between two solutions far apart, and is
    looked at between two solutions; ``timed_out`` then says whether it cut the stream short.
    ``backend`` names the search that runs.
    """

    def __init__(self, puzzle: Puzzle, engine: Backend, time_limit: float | None) -> None:
        self.puzzle = puzzle
        self.engine = engine
        self.backend = engine.full_name
        self.time_limit = time_limit
        self.timed_out = False

    def __iter__(self) -> Iterator[Solution]:
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        stream = iter(self.engine.iter_solutions(self.puzzle, time_limit=self.time_limit))
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


def iter_solutions(
    puzzle: PuzzleLike,
    *,
    backend: str | Backend = "auto",
    time_limit: float | None = None,
    rule: str | None = None,
    stars: int | None = None,
) -> SolutionStream:
    """Every solution of ``puzzle``, streamed in flat memory (see ``SolutionStream``)."""
    board = as_puzzle(puzzle, rule, stars)
    engine = searching.backend_for(backend, board).resolve(board)
    return SolutionStream(board, engine, time_limit_of(time_limit))
