"""runtime.cancel: a search cancelled from another thread stops within one look at its clock.

Each search below would run for a minute; it is cancelled from this thread 0.3 s after it started
and must have ended (raising ``Cancelled``) well before that. The same tests run on the compiled
kernels and, with ``QUEENS_SAT_PURE_PYTHON=1``, on their pure-Python twins; the ones that name
``backend="python"`` run the twin either way.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from queens_sat.backends.nqueens import NQueensBackend
from queens_sat.backends.searching import search
from queens_sat.engines.logic import logic_solve
from queens_sat.engines.search import Clock, Stop, clock_for
from queens_sat.formats import parse_puzzle
from queens_sat.model.errors import Cancelled, QueensSatError
from queens_sat.model.puzzle import Puzzle
from queens_sat.runtime.cancel import CancelToken, cancel_all, cancel_scope, cancelled, on_cancel

LIMIT = 60.0  # the searches' own time limit: far away
HANG = 10.0  # seconds after the cancel by which the search must have ended (it takes milliseconds)

FREE_20 = parse_puzzle('{"n": 20, "rule": "queens"}')  # 39 billion solutions
ROWS_24 = Puzzle([[r] * 24 for r in range(24)])  # each row a region: millions of solutions
STARS_20 = parse_puzzle('{"n": 20, "stars": 2}')  # no regions, 2 stars a row: millions too
STARS_64 = parse_puzzle('{"n": 64, "stars": 16}')  # the logic engine's probes take minutes


def cancelled_after(work: Callable[[], Any], delay: float = 0.3, token: CancelToken | None = None) -> tuple[Any, float]:
    """``work()`` in a thread inside a cancel scope, cancelled after ``delay``: what it raised or
    returned, and the seconds from the cancel to its end."""
    token = token or CancelToken()
    out: dict[str, Any] = {}
    started = threading.Event()

    def job() -> None:
        with cancel_scope(token):
            started.set()
            try:
                out["result"] = work()
            except BaseException as err:  # handed to the test
                out["result"] = err

    thread = threading.Thread(target=job, daemon=True)
    thread.start()
    started.wait()
    time.sleep(delay)
    token.cancel()
    sent = time.monotonic()
    thread.join(HANG)
    assert not thread.is_alive(), f"still searching {HANG} s after the cancel"
    return out["result"], time.monotonic() - sent


SEARCHES = {
    "count-region-free": lambda: search(FREE_20, limit=None, keep=0, time_limit=LIMIT, backend=NQueensBackend(workers=1)),
    "count-regions": lambda: search(ROWS_24, limit=None, keep=0, time_limit=LIMIT),
    "count-regions-python": lambda: search(ROWS_24, limit=None, keep=0, time_limit=LIMIT, backend="python"),
    "count-stars": lambda: search(STARS_20, limit=None, keep=0, time_limit=LIMIT),
    "count-stars-python": lambda: search(STARS_64, limit=None, keep=0, time_limit=LIMIT, backend="python"),
    "logic-stars": lambda: logic_solve(STARS_64, 2, LIMIT),
}


@pytest.mark.parametrize("name", SEARCHES)
def test_a_cancelled_search_stops_and_raises_cancelled(name):
    result, _ = cancelled_after(SEARCHES[name])
    assert isinstance(result, Cancelled) and isinstance(result, QueensSatError), result


def test_cancel_all_reaches_every_open_scope():
    token = CancelToken()
    out: list[BaseException] = []

    def job() -> None:
        with cancel_scope(token):
            try:
                SEARCHES["count-regions"]()
            except Cancelled as err:
                out.append(err)

    thread = threading.Thread(target=job, daemon=True)
    thread.start()
    time.sleep(0.3)
    cancel_all()
    thread.join(HANG)
    assert not thread.is_alive() and out


def test_scopes_nest_and_leave_nothing_behind():
    outer = CancelToken()
    with cancel_scope(outer):
        with cancel_scope() as inner:
            inner.cancel()
            assert cancelled()
            with pytest.raises(Cancelled):
                search(STARS_20, limit=None, keep=0, time_limit=LIMIT)
        assert not cancelled()  # the outer token again
    assert not cancelled()
    outcome = search(parse_puzzle('{"n": 8, "rule": "queens"}'), limit=None, keep=0)  # no scope: runs to the end
    assert outcome.complete and outcome.count == 92


def test_a_clock_reads_the_cancel_flag():
    with cancel_scope() as token:
        clock = clock_for(None)  # no deadline, but a scope: still a clock
        assert isinstance(clock, Clock)
        clock.tick()
        token.cancel()
        with pytest.raises(Stop):
            for _ in range(Clock.MAX_STRIDE + 1):  # it reads the clock, and the flag, every stride ticks
                clock.tick()
    assert clock_for(None) is None


def test_on_cancel_calls_the_solvers_stop():
    calls: list[str] = []
    with cancel_scope() as token:
        with on_cancel(lambda: calls.append("stop")):
            token.cancel()
        assert calls == ["stop"]
        with on_cancel(lambda: calls.append("late")):  # cancelled already: stopped at once
            pass
    assert calls == ["stop", "late"]
    with on_cancel(lambda: calls.append("never")):  # outside any scope: nothing
        pass
    assert calls == ["stop", "late"]
