"""Validators: what the generator asks "how many solutions has this board?", by name or as any callable.

The contract of a validator callable, so that any checker plugs in:

- it is called as ``validator(regions, rule=rule)``, ``regions`` an n x n int64
  numpy array of region numbers 0..n-1 (region k holds the planted queen of row
  k), ``rule`` "no-touch" or "queens"; for a Star Battle (k > 1 stars a row,
  column and region) as ``validator(regions, rule=rule, stars=k)``;
- it returns one of two things:
  - a count: an object with ``count`` and ``solutions``, and optionally ``timed_out``
    (``Counted``: the ``Outcome`` of every search, ``queens_sat.engines.regions.count_regions``'s
    too, or ``queens_sat.solve``'s ``SolveResult``): the count, capped anywhere from
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
from functools import cache
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


class SearchValidator:
    """The validator called ``name`` (a backend name: ``auto``, ``native``, ``sat:glucose4``...):
    the board through the one way in to the search (``backends.searching``), as a plain grid
    when it is a Queens board (no ``Puzzle`` built: a few microseconds a check), else as a
    ``Puzzle``. Only the name and the time limit travel to a worker process."""

    def __init__(self, name: str, time_limit: float | None = None) -> None:
        self.name, self.time_limit = name, time_limit

    def __call__(self, regions: np.ndarray, rule: str = "no-touch", stars: int = 1) -> Any:
        from queens_sat.backends import searching
        from queens_sat.model.grids import plain_grid
        from queens_sat.model.puzzle import Puzzle

        plain = plain_grid(regions, rule) if stars == 1 else None
        board = plain if plain is not None else Puzzle(np.asarray(regions).tolist(), rule=rule, stars=stars)
        return searching.search(board, backend=self.name, limit=2, keep=2, time_limit=self.time_limit)


@cache
def shared_backend(name: str) -> Backend:
    """The backend called ``name``, made once in this process (``get_backend`` keeps one a name)."""
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


def named_validator(name: str, time_limit: float | None = None, stars: int = 1, n: int = 0) -> Validator:
    """The validator called ``name``: auto (the native search, with the portfolio's turns on the
    rare board that outlasts its first one, when compiled; else python), native, python, or any
    backend name.

    Raises ``BackendError`` for an unknown name, one whose library is missing, or
    (given ``n``) one that does not check k-star boards of that size.
    """
    from queens_sat.backends import backend_names, get_backend
    from queens_sat.services.solving import time_limit_of

    time_limit = time_limit_of(time_limit)
    base = name.partition(":")[0]
    if base != "auto" and base not in backend_names():
        raise BackendError(f"unknown validator {name!r}; choose one of {', '.join(NAMES)} (or a backend variant such as sat:glucose4)")
    backend = get_backend(name)  # fail now, with the backend's message, rather than in a worker
    if stars > 1:
        why = refusal(backend, max(n, 4 * stars), stars)
        if why:
            raise BackendError(f"validator {name!r} cannot check Star Battle boards: {why}")
    return SearchValidator(name, time_limit)
