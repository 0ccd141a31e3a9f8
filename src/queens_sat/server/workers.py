"""Searches off the event loop: each runs in a worker thread (the native search releases the
GIL) under a wall-clock cap, so ``/health`` and every other request stay answered.

The threads are few (``ServiceSettings.threads``): many threads that want the GIL at once
slow every one of them down (on two cores, 4 threads answered about 1.6 times as many
small checks a second as anyio's default of 40), and a request that waits for a thread
is still under its time limit.

Each search runs in a cancel scope (``runtime.cancel``) of its own: a search the server stops
waiting for (answered 503, its client gone, the server stopping) is cancelled, and stops within
a few milliseconds instead of running on to its own limit in a thread nobody waits for."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import anyio

from queens_sat.model.errors import BackendError, Cancelled, PuzzleError
from queens_sat.runtime.cancel import CancelToken, cancel_scope
from queens_sat.server.admission import Lane, busy
from queens_sat.server.errors import BAD_REQUEST, UNAVAILABLE, ServiceError
from queens_sat.server.settings import ServiceSettings
from queens_sat.server.stopping import cut_short_on_stop, stopping

T = TypeVar("T")
STOPPING = "the server is stopping; try again"  # the 503 of a search cancelled by a shutdown


async def cancellable(func: Callable[[], T], limiter: anyio.CapacityLimiter | None = None) -> T:
    """``func()`` in a worker thread, in a cancel scope of its own that is cancelled whenever this
    await ends without its result (the caller's time cap, the request cancelled, a shutdown)."""
    token = CancelToken()

    def job() -> T:
        with cancel_scope(token):
            return func()

    try:
        return await anyio.to_thread.run_sync(job, abandon_on_cancel=True, limiter=limiter)
    finally:
        token.cancel()  # after a result, a no-op: the scope is closed


START_SECONDS = 0.05  # a search left less of its request's time limit than this is not started


class Budget:
    """A request's time limit counted from its arrival, so the wait for a thread comes out of it:
    a search gets what is left when it starts (``left``), and the request is answered within its
    limit and the grace whatever the queue was. Too little left: "busy, not started"."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        remaining = self.end - time.monotonic()
        if remaining < min(START_SECONDS, self.seconds):
            raise busy(f"the request waited its whole time limit ({self.seconds:g} s) for a search thread")
        return remaining


async def in_thread(func: Callable[[], T], settings: ServiceSettings, limit: float | None = None, lane: Lane | None = None) -> T:
    """``func()`` in a worker thread of ``lane`` (``admission``). The library gets the time limit
    itself; should it overrun that by ``settings.grace``, the request is answered 503 and the
    search cancelled. A request that never got a thread is answered 503 "busy, not started"
    (at once when the lane's queue is full), never "did not finish". A ``PuzzleError`` or
    ``BackendError`` is a 400; a search cancelled by a shutdown a 503 (``server.stopping``: at
    most ``STOP_ANSWER_SECONDS`` after the signal)."""
    wall = (settings.time_limit if limit is None else limit) + settings.grace
    if lane is not None:
        lane.admit()
    started = False

    def job() -> T:
        nonlocal started
        started = True
        return func()

    with anyio.move_on_after(wall) as scope, cut_short_on_stop(scope):
        try:
            return await cancellable(job, None if lane is None else lane.limiter)
        except (PuzzleError, BackendError) as err:
            raise ServiceError(BAD_REQUEST, str(err)) from None
        except Cancelled:
            raise ServiceError(UNAVAILABLE, STOPPING) from None
    if stopping():
        raise ServiceError(UNAVAILABLE, STOPPING)
    if not started:
        raise busy(f"no {'' if lane is None else lane.name + ' '}search thread came free within {wall:g} s")
    raise ServiceError(UNAVAILABLE, f"the search did not finish within {wall:g} s")
