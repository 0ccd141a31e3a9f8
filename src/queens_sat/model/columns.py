"""An O(n) check of a column list for a board without regions, fast enough for n = 10^7.

The general verifier (``placement.solution_violations``) explains every problem with
Python dictionaries, which takes seconds and gigabytes at ten million queens; this
one only finds the first bad row, natively (bit sets, ``native/nqueens``) or with numpy.
Part of the model: it is how a solution of a big region-free board is verified.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Protocol, cast, overload

import numpy as np

from queens_sat.extension import nqueens
from queens_sat.model.arguments import choice
from queens_sat.model.errors import ArgumentError, shown

SLICE = 1 << 20  # values converted per call between Python and numpy, so that signals are not kept waiting


class ChunkedColumns(Sequence[int]):
    """A solution of a huge board without regions that is read a chunk of rows at a time
    (``chunks``) and never turned into a tuple: n = 10^7 as a tuple of Python ints is 360 MB.
    Checks (``first_violation``) and outputs read it by chunks; indexing and iterating give
    Python ints."""

    __slots__ = ()

    @abstractmethod
    def chunks(self, size: int = SLICE) -> Iterator[np.ndarray]:
        """The columns, ``size`` rows at a time (int32 arrays)."""

    def __iter__(self) -> Iterator[int]:
        for chunk in self.chunks():  # Ctrl-C is seen between chunks
            yield from chunk.tolist()

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> Columns: ...

    def __getitem__(self, index: int | slice) -> int | Columns:
        n = len(self)
        if isinstance(index, slice):
            lo, hi, step = index.indices(n)
            parts, start = [], 0
            for chunk in self.chunks():
                if start + len(chunk) > lo and start < hi:
                    parts.append(chunk[max(lo - start, 0) : hi - start])
                start += len(chunk)
            whole = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
            return Columns(whole[::step])
        if not -n <= index < n:
            raise IndexError("column index out of range")
        index %= n
        start = 0
        for chunk in self.chunks():
            if index < start + len(chunk):
                return int(chunk[index - start])
            start += len(chunk)
        raise IndexError("column index out of range")  # pragma: no cover (chunks shorter than len)


class Columns(ChunkedColumns):
    """A solution kept as the int32 array it was found in (the local search's): 40 MB at
    n = 10^7. Read-only. Equal (and hashed alike) only to ``Columns`` of the same columns:
    compare ``list(solution)`` with a tuple."""

    __slots__ = ("array",)

    def __init__(self, array: np.ndarray) -> None:
        fixed = np.array(array, dtype=np.int32, copy=True)
        fixed.flags.writeable = False
        self.array = fixed

    def __len__(self) -> int:
        return len(self.array)

    def chunks(self, size: int = SLICE) -> Iterator[np.ndarray]:
        for lo in range(0, len(self.array), size):
            yield self.array[lo : lo + size]

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> Columns: ...

    def __getitem__(self, index: int | slice) -> int | Columns:
        if isinstance(index, slice):
            return Columns(self.array[index])
        return int(self.array[index])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Columns) and np.array_equal(self.array, other.array)

    def __hash__(self) -> int:
        return hash(self.array.tobytes())

    def __repr__(self) -> str:
        return f"Columns(n={len(self.array)})"


def as_tuple(cols: np.ndarray) -> tuple[int, ...]:
    """A column array as the tuple a ``Solution`` is, a slice at a time (Ctrl-C is seen between slices)."""
    if len(cols) <= SLICE:
        return tuple(cols.tolist())
    return tuple(chain.from_iterable(cols[lo : lo + SLICE].tolist() for lo in range(0, len(cols), SLICE)))


def as_columns(cols: Sequence[int] | np.ndarray) -> np.ndarray | None:
    """``cols`` as a contiguous int32 array, or None if some value cannot be a column."""
    if isinstance(cols, Columns):
        return cols.array
    if isinstance(cols, np.ndarray):
        arr = cols
    else:
        try:
            arr = np.empty(len(cols), dtype=np.int64)
            for lo in range(0, len(cols), SLICE):  # slices: Ctrl-C is seen between them at n = 10^8
                arr[lo : lo + SLICE] = np.fromiter(cols[lo : lo + SLICE], dtype=np.int64)
        except (TypeError, ValueError, OverflowError):
            return None
    if arr.ndim != 1 or arr.dtype.kind not in "iu":
        return None
    n = len(arr)
    if n and (int(arr.min()) < 0 or int(arr.max()) >= n):
        return None
    return np.ascontiguousarray(arr, dtype=np.int32)


def first_violation(cols: Sequence[int] | np.ndarray, rule: str) -> int:
    """The first row whose queen breaks ``rule`` on a board without regions, or -1 (a value
    that is no column breaks it too); an ``ArgumentError`` for an unknown rule or a ``cols`` that
    is no sequence."""
    choice(rule, "rule", ("no-touch", "queens"))  # model.placement.RULES, which imports this module
    if not isinstance(cols, (Sequence, np.ndarray, ChunkedColumns)):
        raise ArgumentError(f"cols must be a sequence of columns, got {shown(cols)}", argument="cols")
    if isinstance(cols, ChunkedColumns) and not isinstance(cols, Columns):  # never held whole
        checker = column_checker(len(cols), rule)
        for chunk in cols.chunks():
            if (bad := checker.feed(chunk)) >= 0:
                return bad
        return -1 if checker.rows == len(cols) else checker.rows
    arr = as_columns(cols)
    if arr is None:
        return _first_off_board(cast(Sequence[int], cols))  # not an array: a plain sequence
    kernel = nqueens()
    if kernel is not None:
        row: int = kernel.first_violation(arr, rule == "queens")
        return row
    return _first_violation_numpy(arr, rule)


def _first_off_board(cols: Sequence[int]) -> int:
    n = len(cols)
    for r, c in enumerate(cols):
        if not isinstance(c, (int, np.integer)) or not 0 <= c < n:
            return r
    return 0


def _first_repeat(keys: np.ndarray) -> int:
    """The first index whose key appeared at an earlier index, or len(keys)."""
    if not len(keys) or np.bincount(keys - keys.min()).max() <= 1:
        return len(keys)
    _, first = np.unique(keys, return_index=True)
    repeated = np.ones(len(keys), dtype=bool)
    repeated[first] = False
    hits = np.flatnonzero(repeated)
    return int(hits[0]) if len(hits) else len(keys)


def _first_violation_numpy(arr: np.ndarray, rule: str) -> int:
    n = len(arr)
    rows = np.arange(n, dtype=np.int64)
    cols = arr.astype(np.int64)
    worst = _first_repeat(cols)
    if rule == "queens":
        worst = min(worst, _first_repeat(rows - cols), _first_repeat(rows + cols))
    elif n > 1:
        touching = np.flatnonzero(np.abs(np.diff(cols)) <= 1)
        if len(touching):
            worst = min(worst, int(touching[0]) + 1)
    return -1 if worst == n else worst


class ColumnChecker(Protocol):
    """``first_violation`` a chunk at a time (``column_checker``)."""

    @property
    def rows(self) -> int: ...

    def feed(self, col: np.ndarray) -> int: ...


def column_checker(n: int, rule: str) -> ColumnChecker:
    """A checker of a solution of the n x n board without regions fed a chunk of rows at a time, for
    solutions too big to hold (n = 10^8 is 400 MB as int32): ``feed(chunk)`` gives the first bad row
    so far (counted from row 0) or -1. Native when the extension is built, else ``PureColumnChecker``."""
    kernel = nqueens()
    if kernel is not None:
        return kernel.ColumnChecker(n, rule == "queens")
    return PureColumnChecker(n, rule)


class PureColumnChecker:
    """The twin of the native ``ColumnChecker``: the columns and diagonals seen as packed bits
    (numpy), each chunk checked against them and within itself."""

    def __init__(self, n: int, rule: str) -> None:
        self.n, self.queens = n, rule == "queens"
        self.rows = 0
        self.last = -2
        self.seen = np.zeros((n + 7) // 8, dtype=np.uint8)
        self.d1 = np.zeros((2 * n + 7) // 8 if self.queens else 0, dtype=np.uint8)
        self.d2 = np.zeros_like(self.d1)

    def feed(self, col: np.ndarray) -> int:
        start, m = self.rows, len(col)
        if start + m > self.n:
            return max(start, self.n)
        cols = np.asarray(col, dtype=np.int64)
        worst = _first_off(cols, self.n)
        if worst == m:
            worst = min(worst, _first_new_repeat(cols, self.seen))
            if self.queens:
                rows = np.arange(start, start + m, dtype=np.int64)
                worst = min(worst, _first_new_repeat(rows - cols + self.n - 1, self.d1), _first_new_repeat(rows + cols, self.d2))
            elif m:
                touching = np.flatnonzero(np.abs(np.diff(np.concatenate(([self.last], cols)))) <= 1)
                if len(touching):
                    worst = min(worst, int(touching[0]))
        self.rows += m
        if m:
            self.last = int(cols[-1])
        return -1 if worst == m else start + worst


def _first_off(cols: np.ndarray, n: int) -> int:
    """The first index whose column is off the board, or len(cols)."""
    off = np.flatnonzero((cols < 0) | (cols >= n))
    return int(off[0]) if len(off) else len(cols)


def _first_new_repeat(keys: np.ndarray, bits: np.ndarray) -> int:
    """The first index whose key was seen before (in ``bits`` or earlier in ``keys``), or len(keys);
    the keys are added to ``bits``."""
    if not len(keys):
        return 0
    byte, mask = keys >> 3, (1 << (keys & 7)).astype(np.uint8)
    before = np.flatnonzero(bits[byte] & mask)
    worst = int(before[0]) if len(before) else len(keys)
    ordered = np.sort(keys)
    if np.any(ordered[1:] == ordered[:-1]):
        worst = min(worst, _first_repeat(keys))
    np.bitwise_or.at(bits, byte, mask)
    return worst
