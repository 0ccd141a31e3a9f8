"""Cancelling a search from another thread: what a server does to a search it no longer waits for.

A ``CancelToken`` is a one-byte flag. Searches run inside ``cancel_scope(token)`` read it where they
already read their clock: the compiled kernels through ``qs_should_stop`` (native/common/stop.h,
this thread's flag, no GIL), the pure-Python twins through ``engines.search.Clock`` and their own
deadline checks (``cancelled()``). So a cancel costs a search nothing per node, and it stops within
one look at the clock (a few milliseconds), as if its time limit had passed. The one way in to a
search (``backends.searching.search``, ``search_many``) and ``logic_solve`` then raise
``model.errors.Cancelled``, so that a loop of searches (a batch, the generator's repairs) ends too,
instead of starting the next one.

A solver that looks at no flag of ours (python-sat, CP-SAT) is stopped through its own thread-safe
stop, which it registers for the length of a solve with ``on_cancel``.

``token.cancel()`` may be called from any thread (a server's event loop, a signal handler): a store,
and the registered stops called. ``cancel_all()`` cancels every search in a scope in this process
(a server that stops).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from queens_sat import extension
from queens_sat.model.errors import ArgumentError, Cancelled, shown


class CancelToken:
    """A flag that stops the searches of the scopes it is given to; set once, never cleared."""

    __slots__ = ("flag", "stops")

    def __init__(self) -> None:
        self.flag = bytearray(1)  # the compiled kernels read this byte (never resized, so it never moves)
        self.stops: list[Callable[[], None]] = []  # the solvers' own stops, registered by ``on_cancel``

    def cancel(self) -> None:
        """Stop the searches under this token at their next look at the clock (any thread)."""
        self.flag[0] = 1
        for stop in list(self.stops):
            stop()

    @property
    def cancelled(self) -> bool:
        return self.flag[0] != 0


_current: ContextVar[CancelToken | None] = ContextVar("queens_sat_cancel", default=None)
_live: dict[int, CancelToken] = {}  # id -> token of the scopes open now, for cancel_all
_live_lock = threading.Lock()


@contextmanager
def cancel_scope(token: CancelToken | None = None) -> Iterator[CancelToken]:
    """Within the block, searches in this thread stop when ``token`` (a new one if None) is cancelled.

    Enter it in the thread that searches: the compiled kernels' flag is per thread. Scopes nest
    (the inner token rules inside, the outer one again after)."""
    if token is not None and not isinstance(token, CancelToken):
        raise ArgumentError(f"token must be a CancelToken or None, got {shown(token)}", argument="token")
    token = token or CancelToken()
    outer = _current.get()
    reset = _current.set(token)
    extension.set_cancel_flag(token.flag)
    key = id(token)
    with _live_lock:
        _live[key] = token
    try:
        yield token
    finally:
        with _live_lock:
            _live.pop(key, None)
        extension.set_cancel_flag(None if outer is None else outer.flag)
        _current.reset(reset)


def cancel_all() -> None:
    """Cancel every search in a scope in this process (and those that enter one with these tokens)."""
    with _live_lock:
        tokens = list(_live.values())
    for token in tokens:
        token.cancel()


@contextmanager
def on_cancel(stop: Callable[[], None]) -> Iterator[None]:
    """Within the block, a cancel of this thread's search also calls ``stop`` (at once if it was
    cancelled already): for a solver that can be told to stop from another thread. Outside any
    cancel scope, nothing."""
    token = _current.get()
    if token is None:
        yield
        return
    token.stops.append(stop)
    try:
        if token.cancelled:
            stop()
        yield
    finally:
        token.stops.remove(stop)


def current_token() -> CancelToken | None:
    """The token of the innermost ``cancel_scope`` of this thread or task, if any."""
    return _current.get()


def cancelled() -> bool:
    """Whether the search running here was cancelled: one look, for the pure-Python searches'
    deadline checks."""
    token = _current.get()
    return token is not None and token.flag[0] != 0


def raise_if_cancelled() -> None:
    """``Cancelled`` when the search running here was cancelled: where a search returns to its caller."""
    if cancelled():
        raise Cancelled("the search was cancelled")
