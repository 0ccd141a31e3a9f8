"""One random solution of a huge board without regions, in about linear time.

Sosic and Gu's method ("Efficient local search with conflict minimization: a case
study of the n-queens problem", 1994): place the rows in turn, each on a random
unused column that no earlier queen attacks (a Fisher-Yates shuffle that rejects
clashing draws), for all but the last few dozen rows, which take what is left;
then repair: pick an attacked queen, swap its column with a random row's, and keep
the swap when it lowers the number of collisions. A try stuck for too long starts
again with the next random draws. The same scheme serves the no-touch rule, where
only neighbouring rows can clash.

``PureSearch`` is the pure-Python twin of the native ``local_search``: the same
random generator (splitmix64) and the same steps, so both give the same board for
the same seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from queens_sat.engines.nqueens._impl import native
from queens_sat.engines.nqueens.arguments import board_size, rule_name
from queens_sat.runtime.cancel import cancelled

TAIL = 48  # rows left to the repair phase: a few dozen
GREEDY_TRIES = 1000  # draws before a greedy row accepts a clash
M64 = (1 << 64) - 1


@dataclass(frozen=True)
class LocalSearchResult:
    """One local search's answer: a single solution as a numpy column array (n can be 10^8, where
    a tuple would cost gigabytes) and the effort figures; ``find_solutions`` collects them."""

    columns: np.ndarray | None  # int32 column of each row; None when time ran out
    restarts: int
    swaps: int  # swaps tried in the repair phases


def max_steps(n: int) -> int:
    """Repair steps before a try counts as stuck: small boards do better starting afresh
    soon; the last few dozen rows of a big one need a few thousand steps."""
    return min(1000 + 4 * n, 100_000)


def local_search(n: int, rule: str, seed: int = 0, time_limit: float | None = None) -> LocalSearchResult:
    """A solution of the n-board without regions (n >= 4), found from random ``seed``."""
    n, rule = board_size(n, 4, why=" (n = 1 is trivial, 2 and 3 have no solution)"), rule_name(rule)
    col = np.empty(n, dtype=np.int32)
    deadline = 0.0 if time_limit is None else time.monotonic() + time_limit
    seed &= M64
    tail = min(TAIL, n)
    kernel = native()
    if kernel is not None:
        solved, restarts, swaps = kernel.local_search(col, rule == "queens", seed, tail, max_steps(n), deadline)
    else:
        search = PureSearch(n, rule == "queens", seed, tail, max_steps(n), deadline)
        solved, restarts, swaps = search.run()
        col[:] = search.col
    return LocalSearchResult(col if solved else None, restarts, swaps)


class PureSearch:
    """The pure-Python twin of the native kernel, step for step."""

    def __init__(self, n: int, queens: bool, seed: int, tail: int, max_steps: int, deadline: float) -> None:
        self.n, self.queens, self.state = n, queens, seed & M64
        self.tail, self.max_steps, self.deadline = tail, max_steps, deadline
        self.col = list(range(n))
        self.swaps = 0

    # -- random numbers: splitmix64, and Lemire's multiply-shift for a range
    def _below(self, k: int) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        z ^= z >> 31
        return ((z >> 32) * k) >> 32

    # -- the list of rows that may be attacked
    def _push(self, r: int) -> None:
        if not self.listed[r]:
            self.listed[r] = True
            self.rows.append(r)

    def _pop(self) -> int:
        k = self._below(len(self.rows))
        r = self.rows[k]
        last = self.rows.pop()
        if k < len(self.rows):
            self.rows[k] = last
        self.listed[r] = False
        return r

    def _late(self) -> bool:
        return bool(self.deadline) and (time.monotonic() > self.deadline or cancelled())

    def _draw(self, i: int, greedy: int, fits: Callable[[int, int], bool]) -> int:
        """Give row ``i`` a random unused column (a Fisher-Yates step), drawing again until
        ``fits(i, column)`` for greedy rows (1000 draws at most); returns the column."""
        col = self.col
        tries = 0
        while True:
            j = i + self._below(self.n - i)
            c = col[j]
            if i >= greedy or fits(i, c) or tries >= GREEDY_TRIES:
                break
            tries += 1
        col[j] = col[i]
        col[i] = c
        return c

    def run(self) -> tuple[bool, int, int]:
        restarts = -1
        status = 0
        while status == 0:
            restarts += 1
            status = self._queens_attempt() if self.queens else self._no_touch_attempt()
        return status == 1, restarts, self.swaps

    # -- queens: collisions counted on both diagonals
    def _queens_attempt(self) -> int:
        n, m = self.n, self.n - 1
        col = self.col = list(range(n))
        d1 = [0] * (2 * n)
        d2 = [0] * (2 * n)
        self.rows: list[int] = []
        self.listed = [False] * n
        collisions = 0

        def move(r: int, c: int, sign: int) -> int:
            if sign > 0:
                delta = (d1[r - c + m] > 0) + (d2[r + c] > 0)
                d1[r - c + m] += 1
                d2[r + c] += 1
                return delta
            d1[r - c + m] -= 1
            d2[r + c] -= 1
            return -((d1[r - c + m] > 0) + (d2[r + c] > 0))

        def attacked(r: int) -> bool:
            return d1[r - col[r] + m] > 1 or d2[r + col[r]] > 1

        # greedy rows: occupied diagonals only; a row that keeps a clash joins the late rows
        occ1 = [False] * (2 * n)
        occ2 = [False] * (2 * n)
        late = []
        greedy = n - self.tail
        for i in range(n):
            c = self._draw(i, greedy, lambda i, c: not occ1[i - c + m] and not occ2[i + c])
            if i < greedy and not occ1[i - c + m] and not occ2[i + c]:
                occ1[i - c + m] = occ2[i + c] = True
            else:
                late.append(i)
            if i < greedy and (i & 0xFFFF) == 0 and self._late():
                return -1
        d1[:] = [int(x) for x in occ1]
        d2[:] = [int(x) for x in occ2]
        for i in late:
            delta = move(i, col[i], 1)
            collisions += delta
            if delta:
                self._push(i)
        def swap(i: int, j: int) -> int:
            ci, cj = col[i], col[j]
            delta = move(i, ci, -1) + move(j, cj, -1) + move(i, cj, 1) + move(j, ci, 1)
            if delta < 0:
                col[i], col[j] = cj, ci
                return delta
            move(i, cj, -1), move(j, ci, -1), move(i, ci, 1), move(j, cj, 1)
            return 0

        return self._repair(collisions, attacked, swap)

    # -- no-touch: only neighbouring rows can clash
    def _no_touch_attempt(self) -> int:
        n = self.n
        col = self.col = list(range(n))
        self.rows, self.listed = [], [False] * n

        def touching(p: int) -> int:
            return int(0 <= p < n - 1 and -1 <= col[p] - col[p + 1] <= 1)

        def attacked(r: int) -> bool:
            return bool(touching(r - 1) or touching(r))

        def pairs(i: int, j: int) -> int:
            total = touching(i - 1) + touching(i)
            if j - 1 not in (i, i - 1):
                total += touching(j - 1)
            if j not in (i, i - 1):
                total += touching(j)
            return total

        greedy = n - self.tail
        for i in range(n):
            self._draw(i, greedy, lambda i, c: i == 0 or abs(c - col[i - 1]) > 1)
            if i < greedy and (i & 0xFFFF) == 0 and self._late():
                return -1
        conflicts = 0
        for p in range(n - 1):
            if touching(p):
                conflicts += 1
                self._push(p)
                self._push(p + 1)
        def swap(i: int, j: int) -> int:
            before = pairs(i, j)
            col[i], col[j] = col[j], col[i]
            after = pairs(i, j)
            if after < before:
                return after - before
            col[i], col[j] = col[j], col[i]
            return 0

        return self._repair(conflicts, attacked, swap)

    # -- the repair phase, the same for both rules
    def _repair(self, conflicts: int, attacked: Callable[[int], bool], swap: Callable[[int, int], int]) -> int:
        """Swap attacked queens with random rows while that lowers ``conflicts``.

        ``swap(i, j)`` makes the swap and returns the (negative) change when it helps,
        and undoes it and returns 0 otherwise. 1 solved, 0 stuck, -1 out of time.
        """
        n = self.n
        steps = 0
        while conflicts > 0:
            if not self.rows:
                for r in range(n):
                    if attacked(r):
                        self._push(r)
            i = self._pop()
            if not attacked(i):
                continue
            j = self._below(n)
            if j != i:
                self.swaps += 1
                delta = swap(i, j)
                if delta < 0:
                    conflicts += delta
                    if attacked(j):
                        self._push(j)
            if attacked(i):
                self._push(i)
            steps += 1
            if steps > self.max_steps:
                return 0
            if (steps & 0x3FF) == 0 and self._late():
                return -1
        return 1
