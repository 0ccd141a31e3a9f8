"""What the pure-Python searches share: the time-limit stop, and running a search to its limit."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from queens_sat.model.result import Outcome, Solution
from queens_sat.runtime.cancel import current_token


class Stop(Exception):
    """Raised inside the search when the time limit has passed, or the search was cancelled."""


class Spent(Exception):
    """Raised inside the search when its node budget ran out: at the same node on every run."""


NO_BUDGET = 1 << 62  # a node limit never reached


class Clock:
    """A deadline read at a bounded interval of *time*, not of nodes.

    ``tick`` is called once a node; it reads the clock every ``stride`` ticks and sizes the
    stride so that two reads are about ``GAP`` seconds apart, whatever a node costs (a
    microsecond on a small board, tens of milliseconds on a 128-wide one).
    """

    GAP = 0.005  # seconds aimed for between two reads of the clock
    MAX_STRIDE = 1 << 14

    __slots__ = ("countdown", "deadline", "flag", "last", "stride")

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        token = current_token()
        self.flag = _NEVER if token is None else token.flag
        self.stride = self.countdown = 1
        self.last = time.perf_counter()

    def tick(self) -> None:
        """Raise ``Stop`` when the deadline has passed (read only every ``stride`` calls)."""
        self.countdown -= 1
        if self.countdown > 0:
            return
        now = time.perf_counter()
        if now > self.deadline or self.flag[0]:
            raise Stop
        gap, self.last = now - self.last, now
        if gap < self.GAP / 2:
            self.stride = min(self.stride * 2, self.MAX_STRIDE)
        elif gap > self.GAP * 2:
            self.stride = max(self.stride // 2, 1)
        self.countdown = self.stride


_NEVER = bytearray(1)  # the flag of a clock outside any cancel scope: never set


def clock_for(deadline: float | None) -> Clock | None:
    """A ``Clock`` for the deadline, or None when there is none and no cancel scope either."""
    if deadline is None:
        return None if current_token() is None else Clock(math.inf)
    return Clock(deadline)


_current: ContextVar[Clock | None] = ContextVar("queens_sat_clock", default=None)


@contextmanager
def deadline_scope(deadline: float | None) -> Iterator[None]:
    """Within the block, ``current_clock()`` is a clock for ``deadline``: how reasoning rules whose
    signature carries no deadline (the 2x2 block covers) still stop on time. Per thread and task."""
    token = _current.set(clock_for(deadline))
    try:
        yield
    finally:
        _current.reset(token)


def current_clock() -> Clock | None:
    """The clock of the innermost ``deadline_scope``, if any."""
    return _current.get()


class Searching(Protocol):
    """A board under search: its solutions one by one, and the nodes visited so far."""

    nodes: int

    def solutions(self) -> Iterator[Solution]: ...


def collect(board: Searching, limit: int | None, keep: int) -> Outcome:
    """Run a board's search up to ``limit`` solutions, keeping the first ``keep``."""
    kept: list[Solution] = []
    count = 0
    complete = True
    timed_out = spent = False
    try:
        for solution in board.solutions():
            count += 1
            if len(kept) < keep:
                kept.append(solution)
            if limit is not None and count >= limit:
                complete = False
                break
    except Stop:
        complete, timed_out = False, True
    except Spent:
        complete, spent = False, True
    return Outcome(kept, count, complete, timed_out, {"nodes": board.nodes}, spent=spent)
