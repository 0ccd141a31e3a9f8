"""Every solution of a board without regions, streamed in lexicographic order.

A depth-first search over rows of bits with an explicit stack, so that it can hand
out solutions a batch at a time and go on later: N = 12's 14,200 boards start at
once and memory stays flat however many there are. ``PureStream`` is the
pure-Python twin of the native ``queens_sat._nqueens.Enumerator``.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Protocol

from queens_sat.engines.nqueens._impl import native
from queens_sat.engines.nqueens.arguments import board_size, rule_name
from queens_sat.model.limits import NQUEENS_WORD_N
from queens_sat.model.result import Solution
from queens_sat.runtime.cancel import cancelled

MAX_NATIVE_N = NQUEENS_WORD_N
BATCH = 256  # solutions per call into the kernel
NODES_PER_CALL = 1 << 16  # nodes between two looks at the clock


class SolutionStream(Protocol):
    nodes: int

    @property
    def exhausted(self) -> bool: ...

    def next_batch(self, max_solutions: int, max_nodes: int = ...) -> list[tuple[int, ...]]: ...


class PureStream:
    """The pure-Python twin of the native enumerator (same order, same batches)."""

    def __init__(self, n: int, queens: bool) -> None:
        self.n = n
        self.queens = queens
        self.full = (1 << n) - 1
        self.y = 0
        self.avail = [self.full] + [0] * n
        self.masks = [(0, 0, 0)] + [(0, 0, 0)] * n  # (ld, cols, rd) entering each row
        self.col = [0] * n
        self.done = False
        self.nodes = 0

    @property
    def exhausted(self) -> bool:
        return self.done

    def _advance(self, max_nodes: int) -> int:
        y, n, spent = self.y, self.n, 0
        avail, masks, col = self.avail, self.masks, self.col
        while True:
            if y < 0:
                self.done, self.y = True, y
                return 0
            if not avail[y]:
                y -= 1
                continue
            bit = avail[y] & -avail[y]
            avail[y] ^= bit
            col[y] = bit.bit_length() - 1
            if y == n - 1:
                self.y = y
                return 1
            ld, cols, rd = masks[y]
            if self.queens:
                ld, rd = (ld | bit) << 1, (rd | bit) >> 1
            else:
                ld, rd = bit << 1, bit >> 1
            cols |= bit
            y += 1
            masks[y] = (ld, cols, rd)
            avail[y] = self.full & ~(ld | cols | rd)
            self.nodes += 1
            spent += 1
            if spent >= max_nodes:
                self.y = y
                return -1

    def next_batch(self, max_solutions: int, max_nodes: int = 1 << 62) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        while len(out) < max_solutions and not self.done:
            if self._advance(max_nodes) != 1:
                break
            out.append(tuple(self.col))
        return out


def solution_stream(n: int, rule: str) -> SolutionStream:
    """A fresh enumerator for the n-board without regions under ``rule``."""
    kernel = native()
    if kernel is not None and n <= MAX_NATIVE_N:
        stream: SolutionStream = kernel.Enumerator(n, rule == "queens")  # the compiled twin, same methods
        return stream
    return PureStream(n, rule == "queens")


def iter_solutions(n: int, rule: str, deadline: float | None = None) -> Generator[Solution, None, bool]:
    """Every solution, lexicographically; stops quietly at ``deadline`` (``time.monotonic()``),
    and then returns True (the generator's value: timed out). ``n`` and ``rule`` are checked
    now, not at the first solution."""
    return _solutions(board_size(n), rule_name(rule), deadline)


def _solutions(n: int, rule: str, deadline: float | None) -> Generator[Solution, None, bool]:
    stream = solution_stream(n, rule)
    while not stream.exhausted:
        yield from stream.next_batch(BATCH, NODES_PER_CALL)
        if deadline is not None and (time.monotonic() > deadline or cancelled()) and not stream.exhausted:
            return True
    return False
