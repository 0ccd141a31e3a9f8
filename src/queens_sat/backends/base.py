"""The one small interface every solver backend implements."""

from __future__ import annotations

import importlib.util
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Iterator, Sequence
from functools import cache
from typing import Any, ClassVar, NamedTuple, Protocol, TypeAlias

from queens_sat.model.board import Board, as_puzzle_board
from queens_sat.model.errors import Interrupted, as_interrupted
from queens_sat.model.grids import PlainGrid
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import CompiledCount, Outcome, Solution


@cache
def installed(module: str) -> bool:
    """Whether ``module`` can be imported, looked up once: ``auto`` asks for every puzzle whether a
    SAT solver could take turns, and a look-up on the import path costs about 20 µs."""
    return importlib.util.find_spec(module) is not None


def interrupted_batch(stop: KeyboardInterrupt, results: list[Outcome | None]) -> Interrupted:
    """Ctrl-C or SIGTERM during ``search_many``: the interrupt, holding the outcomes finished (None for the others)."""
    done = sum(r is not None for r in results)
    return as_interrupted(stop, results, f"interrupted after {done} of {len(results)} puzzles")


Cells: TypeAlias = Sequence[tuple[int, int]]
# (cells, n, rule code, cap, keep, given queens, blocked, seconds, nodes) -> the compiled count's tuple
CountCall: TypeAlias = Callable[[Any, int, int, int, int, Cells, Cells, float, int], CompiledCount]
# (rows, rule code, cap, keep, seconds, nodes, count pieces) -> the same tuple from a grid's rows, renumbered
# and checked in the call, + (most pieces of a region or 0 when not counted, the first wrong solution or -1);
# None: not a plain grid
RowsCall: TypeAlias = Callable[[Sequence[Any], int, int, int, float, int, bool], "tuple[Any, ...] | None"]


class GoOn(Protocol):
    """The rest of ``auto``'s portfolio after a first turn spent its budget (``AutoBackend.go_on``)."""

    def __call__(self, board: Board, taken: Outcome, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome: ...


class PlainRoute(NamedTuple):
    """A plain grid's search as one compiled call (``Backend.plain_route``)."""

    count_grid: CountCall  # (``count`` would shadow the tuple's own method)
    count_rows: RowsCall | None
    nodes: int  # the call's node budget (0: none)
    backend: str  # the name its outcome carries
    go_on: GoOn | None = None  # when the budget ran out: the rest of ``auto``'s portfolio


class Backend(ABC):
    """A way of searching a puzzle's solutions.

    Subclasses set ``name`` and implement ``search``; ``variant`` is whatever
    followed the colon in the name the user gave (``sat:glucose4``).
    """

    name: ClassVar[str]
    install_hint: ClassVar[str] = ""  # what to install when ``available()`` is false
    # A specialist takes only some puzzles (``auto`` tries it first and moves on quietly).
    specialist: ClassVar[bool] = False
    # A backtracker whose rare long tails a CDCL solver may cut short: ``auto`` lets them take turns.
    takes_turns: ClassVar[bool] = False
    # Whether it searches Star Battle boards (``Puzzle.stars`` > 1); until a backend says so,
    # ``refuses_stars`` keeps it from treating a k-star board as a Queens board.
    star_battle: ClassVar[bool] = False
    # The keyword options its constructor takes beyond ``variant`` (``routed_with_options``
    # hands the CLI's --method, --seed, --workers and progress callback only to a backend that takes them).
    option_names: ClassVar[frozenset[str]] = frozenset()
    # Whether ``search`` takes a ``model.grids.PlainGrid`` (a bare grid checked in C) as well as a
    # ``Puzzle``: the validator's per-call path then builds no ``Puzzle`` (``backends.searching``).
    takes_plain: ClassVar[bool] = False
    # What ``search``'s ``effort`` counts ("nodes", "conflicts"...), None when it takes no budget:
    # ``auto``'s portfolio gives its turns in these units, so that where a turn ends, and so the
    # verdict, the backend and the stats, depend on the board alone, never on the machine's load.
    effort_unit: ClassVar[str | None] = None

    def __init__(self, variant: str | None = None, **options: object) -> None:
        if variant:
            raise ValueError(f"backend {self.name!r} has no variant {variant!r}")
        if options:
            raise ValueError(f"backend {self.name!r} takes no option {', '.join(options)}")

    @property
    def full_name(self) -> str:
        return self.name

    @classmethod
    def available(cls) -> bool:
        """Whether the libraries this backend needs can be imported."""
        return True

    def unsupported(self, puzzle: Puzzle) -> str | None:
        """Why this backend cannot search ``puzzle`` (None when it can)."""
        return None

    def refuses_stars(self, puzzle: Puzzle) -> str | None:
        """Why this backend cannot take ``puzzle``'s stars (None for k = 1, or when it can)."""
        if puzzle.stars > 1 and not self.star_battle:
            return f"the {self.name} backend does not search Star Battle boards (stars = {puzzle.stars})"
        return None

    def resolve(self, puzzle: Board) -> Backend:
        """The backend that actually searches ``puzzle``: itself, except for a router such as ``auto``."""
        return self

    @abstractmethod
    def search(
        self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None
    ) -> Outcome:
        """Find up to ``limit`` solutions (all when None), returning the first ``keep``.

        Must stop within about ``time_limit`` seconds and then say so in
        ``Outcome.timed_out``; with ``effort``, must stop once it has spent that much of its
        ``effort_unit`` and say so in ``Outcome.spent`` (a backend without a unit ignores it);
        must never report a solution twice.
        """

    def first_effort(self, puzzle: Puzzle | PlainGrid) -> int:
        """The effort of ``auto``'s first turn with this backend on such a board (about a tenth of a
        second on a machine like the one it was measured on); later turns double it."""
        raise NotImplementedError(f"backend {self.name!r} takes no effort budget")

    def plain_route(self, grid: PlainGrid, limit: int | None, effort: int | None) -> PlainRoute | None:
        """Where a plain grid's search can go in one compiled call (``searching.search`` then makes
        no other Python step than that call and the check of its solutions in C): the native
        search's, or None for a backend without one."""
        return None

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Iterator[Solution]:
        """Every solution, one at a time; backends that can stream override this. With
        ``time_limit`` the stream may end early: the generator then returns True."""
        return self._all_at_once(puzzle, time_limit)

    def _all_at_once(self, puzzle: Puzzle, time_limit: float | None) -> Generator[Solution, None, bool]:
        outcome = self.search(puzzle, limit=None, keep=2**62, time_limit=time_limit)
        yield from outcome.solutions
        return outcome.timed_out  # a generator's return value, for those who ask

    def batches(self) -> bool:
        """Whether ``search_many`` does better than a loop of ``search`` here and now (one native
        call per size and rule): callers gather puzzles into batches only then."""
        return False

    def search_many(
        self,
        puzzles: Sequence[Puzzle],
        *,
        limit: int | None = 2,
        keep: int | None = None,
        time_limit: float | None = None,
        effort: int | None = None,
    ) -> list[Outcome]:
        """``search`` for every puzzle, in order: one ``Outcome`` each. ``keep`` defaults to ``limit`` (2 when that is None); ``time_limit``
        is per puzzle. Ctrl-C or SIGTERM raises ``Interrupted`` whose ``partial`` holds the outcomes finished.
        Each outcome's ``seconds`` is the time its search took.

        This default loops; a backend with a batch path overrides it and ``batches``."""
        if keep is None:
            keep = limit if limit is not None else 2
        results: list[Outcome] = []
        for puzzle in puzzles:
            start = time.perf_counter()
            try:
                outcome = self.search(puzzle, limit=limit, keep=keep, time_limit=time_limit, effort=effort)
            except KeyboardInterrupt as stop:
                raise interrupted_batch(stop, [*results, *[None] * (len(puzzles) - len(results))]) from None
            results.append(outcome if outcome.seconds is not None else outcome.timed(time.perf_counter() - start))
        return results


class PlainBackend(Backend):
    """A backend whose search takes a ``PlainGrid`` as it is, beside a ``Puzzle``: any ``Board``
    (``search_board`` hands a plain grid to the others as a ``Puzzle``)."""

    takes_plain = True

    @abstractmethod
    def search(
        self, puzzle: Board, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None
    ) -> Outcome: ...

    @abstractmethod
    def search_many(
        self,
        puzzles: Sequence[Board],
        *,
        limit: int | None = 2,
        keep: int | None = None,
        time_limit: float | None = None,
        effort: int | None = None,
    ) -> list[Outcome]: ...


def search_board(
    engine: Backend, board: Board, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None
) -> Outcome:
    """The one way a board goes into a backend: a plain grid as it is where the backend takes one,
    as a ``Puzzle`` anywhere else; ``effort`` only when there is one (a backend written before
    budgets takes none)."""
    budget = {} if effort is None else {"effort": effort}
    if isinstance(engine, PlainBackend):
        return engine.search(board, limit=limit, keep=keep, time_limit=time_limit, **budget)
    return engine.search(as_puzzle_board(board), limit=limit, keep=keep, time_limit=time_limit, **budget)


def search_boards(
    engine: Backend, boards: Sequence[Board], *, limit: int | None, keep: int | None, time_limit: float | None, effort: int | None = None
) -> list[Outcome]:
    """``search_board`` for a batch, in the backend's own ``search_many``."""
    budget = {} if effort is None else {"effort": effort}
    if isinstance(engine, PlainBackend):
        return engine.search_many(boards, limit=limit, keep=keep, time_limit=time_limit, **budget)
    return engine.search_many([as_puzzle_board(b) for b in boards], limit=limit, keep=keep, time_limit=time_limit, **budget)
