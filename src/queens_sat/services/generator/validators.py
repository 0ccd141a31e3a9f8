"""Validators: what the generator asks "how many solutions has this board?", by name or as any callable.

The contract of a validator callable, so that any checker plugs in:

- it is called as ``validator(regions, rule=rule)``, ``regions`` an n x n int64
  numpy array of region numbers 0..n-1 (region k holds the planted queen of row
  k), ``rule`` "no-touch" or "queens"; for a Star Battle (k > 1 stars a row,
  column and region) as ``validator(regions, rule=rule, stars=k)``;
- it returns one of two things:
  - a count: an object with ``count`` and ``solutions``, and optionally ``timed_out``
    (``Counted``: ``queens_sat.engines.regions.counting.count_regions``'s ``CountResult``, a backend's
    ``Outcome``, ``queens_sat.solve``'s ``SolveResult``): the count, capped anywhere from
    2 up, and the solutions it found, each the queen's column in every row (k stars:
    the k columns of each row, row after row, as ``rules.star_rows`` reads them). A solution
    other than the planted one guides the repair; ``timed_out`` true with a count below 2
    means "not settled";
  - a verdict: a ``bool``, True when the board has exactly one solution
    (``queens_sat.is_unique``). Without a second solution to look at, repairs move a
    random cell instead of one of the second solution's queens, which takes more of them.

Anything else (a bare number, a list) is refused with a ``TypeError``: two shapes, each
with one meaning, rather than five to guess between.

``queens_sat.engines.regions.counting.count_regions`` (the native search: microseconds a board) and
``queens_sat.is_unique`` both satisfy it as they are.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

import numpy as np

from queens_sat.model.errors import BackendError

if TYPE_CHECKING:
    from queens_sat.backends.base import Backend

Validator = Callable[..., Any]
NAMES = ("auto", "native", "python", "sat", "cpsat")


@runtime_checkable
class Counted(Protocol):
    """A validator's count: how many solutions (capped from 2 up) and the ones it found."""

    @property
    def count(self) -> int: ...

    @property
    def solutions(self) -> Sequence[Sequence[int]]: ...


class Verdict(NamedTuple):
    count: int  # type: ignore[assignment]  # 0, 1 or 2 (2: several); shadows tuple.count on purpose, as Counted spells it
    other: tuple[int, ...] | None  # a solution other than the planted one, when the validator named one
    settled: bool  # False when the validator gave up before telling


def interpret(result: Any, planted: Sequence[int]) -> Verdict:
    """A validator's answer, a verdict (bool) or a count (``Counted``), as a ``Verdict``."""
    if isinstance(result, (bool, np.bool_)):
        return Verdict(1 if result else 2, None, True)
    if not isinstance(result, Counted):
        raise TypeError(
            "a validator must return a bool (unique or not) or a count with .count and .solutions"
            f" (such as queens_sat.engines.regions.counting.count_regions's); got {type(result).__name__}"
        )
    count, solutions = int(result.count), list(result.solutions)
    settled = count >= 2 or not getattr(result, "timed_out", False)
    planted = tuple(planted)
    found = (tuple(int(c) for c in s) for s in solutions)
    other = next((s for s in found if s != planted), None)
    return Verdict(min(count, 2), other, settled)


class BackendValidator:
    """A validator on any registered backend (``sat``, ``cpsat:blocking``...): slower, for comparison;
    and for Star Battle boards (k > 1) every named validator, ``auto`` included."""

    def __init__(self, name: str, time_limit: float | None = None) -> None:
        self.name, self.time_limit = name, time_limit
        self._backend: Backend | None = None

    def __getstate__(self) -> dict[str, Any]:  # the solver object stays behind when sent to a worker
        return {"name": self.name, "time_limit": self.time_limit}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.name, self.time_limit, self._backend = state["name"], state["time_limit"], None

    def __call__(self, regions: np.ndarray, rule: str = "no-touch", stars: int = 1) -> Any:
        from queens_sat.backends import get_backend
        from queens_sat.model.puzzle import Puzzle

        if self._backend is None:
            self._backend = shared_backend(self.name) if stars > 1 else get_backend(self.name)
        puzzle = Puzzle(regions.tolist(), rule=rule, stars=stars)
        return self._backend.search(puzzle, limit=2, keep=2, time_limit=self.time_limit)


@cache
def shared_backend(name: str) -> Backend:
    """One backend object per name in this process for the k-star checks and probes: ``auto`` says
    once, not once a puzzle, which backend it falls back to."""
    from queens_sat.backends import get_backend

    return get_backend(name)


def native_stars(n: int, stars: int) -> bool:
    """Whether the native backend checks n x n boards of ``stars`` stars (compiled, and big enough)."""
    from queens_sat.backends.native import NativeBackend

    return NativeBackend.available() and refusal(shared_backend("native"), n, stars) is None


def star_sample(n: int, stars: int) -> Any:
    """A k-star puzzle of size n (each row its own region) to ask a backend whether it takes such boards."""
    from queens_sat.model.puzzle import Puzzle

    return Puzzle([[r] * n for r in range(n)], stars=stars)


def refusal(backend: Backend, n: int, stars: int) -> str | None:
    """Why ``backend`` cannot check n x n boards with ``stars`` stars (None when it can)."""
    if stars == 1:
        return None
    with warnings.catch_warnings():  # asking is not using: auto's "using backend ..." waits for the search
        warnings.simplefilter("ignore")
        return backend.unsupported(star_sample(n, stars))


def portfolio_count(regions: np.ndarray, rule: str = "no-touch", time_limit: float | None = None, stars: int = 1) -> Any:
    """The ``auto`` validator: the native search, and on the rare board that outlasts its first
    turn, the ``auto`` backend's portfolio (native and SAT taking turns) for the time left.

    Only that rare board pays for the portfolio (a SAT backend made, its library imported):
    asking ``auto`` itself would pay for it on every check."""
    from queens_sat.backends.auto import MIN_TURN, AutoBackend, first_turn
    from queens_sat.engines.regions import counting as fast
    from queens_sat.model.puzzle import Puzzle

    turn = first_turn(2, time_limit)
    if stars == 1:
        counted = fast.native_count_regions(regions, rule, limit=2, keep=2, time_limit=turn)
        if not counted.timed_out or counted.count >= 2 or turn == time_limit:
            return counted
        taken = counted.outcome()
    else:  # k stars: the native backend's k-star search
        taken = shared_backend("native").search(Puzzle(regions.tolist(), rule=rule, stars=stars), limit=2, keep=2, time_limit=turn)
        if not taken.timed_out or taken.count >= 2 or turn == time_limit:
            return taken
    left = None if time_limit is None else max(time_limit - (turn or 0.0), MIN_TURN)
    taken.stats["seconds"] = turn
    return AutoBackend().go_on(Puzzle(regions.tolist(), rule=rule, stars=stars), taken, limit=2, keep=2, time_limit=left)


def named_validator(name: str, time_limit: float | None = None, stars: int = 1, n: int = 0) -> Validator:
    """The validator called ``name``: auto (the native search with the portfolio's fallback when
    compiled, else python), native, python, or a backend name. For Star Battle boards
    (``stars`` > 1) each is that backend's search (``auto``: the backend auto picks).

    Raises ``BackendError`` for an unknown name, one whose library is missing, or
    (given ``n``) one that does not check k-star boards of that size.
    """
    from queens_sat.backends import backend_names, fast, get_backend
    from queens_sat.services.solving import time_limit_of

    time_limit = time_limit_of(time_limit)
    base = name.partition(":")[0]
    if stars > 1:
        if base != "auto" and base not in backend_names():
            raise BackendError(f"unknown validator {name!r}; choose one of {', '.join(NAMES)} (or a backend variant such as sat:glucose4)")
        size = max(n, 4 * stars)
        why = refusal(get_backend(name), size, stars)
        if why:
            raise BackendError(f"validator {name!r} cannot check Star Battle boards: {why}")
        if name == "auto" and native_stars(size, stars):
            return partial(portfolio_count, time_limit=time_limit)
        return BackendValidator(name, time_limit)
    if name == "auto":
        if fast.IMPLEMENTATION == "native":
            return partial(portfolio_count, time_limit=time_limit)
        name = fast.IMPLEMENTATION
    if name == "native":
        if fast.IMPLEMENTATION != "native":
            get_backend("native")  # raises the backend's own "not built" message
        return partial(fast.native_count_regions, limit=2, keep=2, time_limit=time_limit)
    if name == "python":
        return partial(fast.python_count_regions, limit=2, keep=2, time_limit=time_limit)
    if base not in backend_names():
        raise BackendError(f"unknown validator {name!r}; choose one of {', '.join(NAMES)} (or a backend variant such as sat:glucose4)")
    get_backend(name)  # fail now, with the backend's message, rather than in a worker
    return BackendValidator(name, time_limit)
