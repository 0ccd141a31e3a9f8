"""What the pure-Python searches share: the time-limit stop, and running a search to its limit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from queens_sat.model.result import Outcome, Solution


class Stop(Exception):
    """Raised inside the search when the time limit has passed."""



class Searching(Protocol):
    """A board under search: its solutions one by one, and the nodes visited so far."""

    nodes: int

    def solutions(self) -> Iterator[Solution]: ...


def collect(board: Searching, limit: int | None, keep: int) -> Outcome:
    """Run a board's search up to ``limit`` solutions, keeping the first ``keep``."""
    kept: list[Solution] = []
    count = 0
    complete = True
    timed_out = False
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
    return Outcome(kept, count, complete, timed_out, {"nodes": board.nodes})

