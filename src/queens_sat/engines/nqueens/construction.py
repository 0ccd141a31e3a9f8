"""Explicit solutions of boards without regions, in O(n) for any n >= 4.

Queens: the classic construction (Hoffman, Loessi and Moore, 1969, in the form
"even columns, then odd columns"): list the even numbers 2, 4, ..., then the odd
ones 1, 3, ...; when n mod 6 is 2, swap 1 and 3 and move 5 to the end of the odd
list; when n mod 6 is 3, move 2 to the end of the even list and 1, 3 to the end
of the odd list. The k-th number (1-based) is the column of row k.

No-touch: the odd columns, then the even ones (1, 3, 5, ..., 0, 2, 4, ...): steps of
two inside each run, and the jump between the runs is at least three from n = 4.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from queens_sat.engines.nqueens.arguments import board_size, rule_name
from queens_sat.model.columns import ChunkedColumns


def construct_queens(n: int) -> np.ndarray | None:
    """Columns (0-based, int32) of an n-queens solution, or None for n = 2, 3."""
    if n in (2, 3):
        return None
    if n == 1:
        return np.zeros(1, dtype=np.int32)
    evens = np.arange(2, n + 1, 2, dtype=np.int32)
    odds = np.arange(1, n + 1, 2, dtype=np.int32)
    if n % 6 == 2:
        odds = np.concatenate((np.array([3, 1], np.int32), odds[3:], np.array([5], np.int32)))
    elif n % 6 == 3:
        evens = np.concatenate((evens[1:], evens[:1]))
        odds = np.concatenate((odds[2:], odds[:2]))
    return np.concatenate((evens, odds)) - 1


def construct_no_touch(n: int) -> np.ndarray | None:
    """Columns of a no-touch solution, or None for n = 2, 3."""
    if n in (2, 3):
        return None
    return np.concatenate((np.arange(1, n, 2, dtype=np.int32), np.arange(0, n, 2, dtype=np.int32)))


def _pieces(n: int, rule: str) -> list[tuple[str, tuple[int, ...]]]:
    """The solution's columns (1-based) as a few pieces, in row order: ("run", (first, stop)) for
    first, first + 2, ... below stop, ("list", columns) for the handful the formula moves."""
    if rule != "queens":
        return [("run", (2, n + 1)), ("run", (1, n + 1))]
    if n % 6 == 2:
        return [("run", (2, n + 1)), ("list", (3, 1)), ("run", (7, n + 1)), ("list", (5,))]
    if n % 6 == 3:
        return [("run", (4, n + 1)), ("list", (2,)), ("run", (5, n + 1)), ("list", (1, 3))]
    return [("run", (2, n + 1)), ("run", (1, n + 1))]


def construct_chunks(n: int, rule: str, size: int = 1 << 20) -> Iterator[np.ndarray]:
    """``construct(n, rule)`` a chunk of at most ``size`` rows at a time (int32, 0-based), for a
    solution never held whole (n = 10^8 is 400 MB). Nothing for n = 2, 3."""
    n, rule = board_size(n), rule_name(rule)
    if n in (2, 3):
        return
    if n == 1:
        yield np.zeros(1, dtype=np.int32)
        return
    for kind, values in _pieces(n, rule):
        if kind == "list":
            yield np.array(values, dtype=np.int32) - 1
            continue
        first, stop = values
        for lo in range(first, stop, 2 * size):
            yield np.arange(lo - 1, min(lo + 2 * size, stop) - 1, 2, dtype=np.int32)


class ConstructedColumns(ChunkedColumns):
    """The explicit solution of the n x n board without regions as a sequence made a chunk at a
    time from the formula, never held (n = 10^8: 400 MB as int32, and the local search's arrays
    about 1.2 GB)."""

    __slots__ = ("n", "rule")

    def __init__(self, n: int, rule: str) -> None:
        self.n, self.rule = board_size(n, least=4), rule_name(rule)

    def __len__(self) -> int:
        return self.n

    def chunks(self, size: int = 1 << 20) -> Iterator[np.ndarray]:
        return construct_chunks(self.n, self.rule, size)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ConstructedColumns) and (self.n, self.rule) == (other.n, other.rule)

    def __hash__(self) -> int:
        return hash((ConstructedColumns, self.n, self.rule))

    def __repr__(self) -> str:
        return f"ConstructedColumns(n={self.n}, rule={self.rule!r})"


def construct(n: int, rule: str) -> np.ndarray | None:
    """One solution of the n x n board without regions under ``rule``, by formula (None for n = 2, 3)."""
    n, rule = board_size(n), rule_name(rule)
    return construct_queens(n) if rule == "queens" else construct_no_touch(n)
