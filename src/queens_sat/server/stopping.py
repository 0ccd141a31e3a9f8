"""How a server process stops within a second or two of SIGTERM or Ctrl-C, whatever it runs.

uvicorn stops gracefully: it stops listening, closes idle connections and waits for the requests
in flight. A search in flight would hold that wait until its own time limit, and an abandoned
worker thread would then hold the interpreter's exit (Python joins every non-daemon thread).
So, in each server process:

- ``cancel_on_signal`` puts a handler in front of uvicorn's for SIGTERM and SIGINT that first
  cancels every running search (``runtime.cancel.cancel_all``): each stops within milliseconds
  and its request is answered 503 "the server is stopping" before uvicorn closes the connection;
  a request whose work does not stop (code that looks at no clock) stops waiting for it
  ``STOP_ANSWER_SECONDS`` later (``cut_short_on_stop``) and is answered 503 all the same;
- the graceful wait itself is capped (``GRACEFUL_SECONDS``: what still runs then, a search that
  looks at no clock, has its request cancelled and its connection closed);
- ``leave_stragglers`` ends the process once the server is done, without waiting for a thread
  that is still busy (``STRAGGLER_SECONDS`` at most).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import anyio

from queens_sat.runtime.cancel import cancel_all

GRACEFUL_SECONDS = 1.0  # uvicorn's wait for the requests in flight, after their searches were cancelled
STOP_ANSWER_SECONDS = 0.5  # a request's wait, after a stop signal, for work that was cancelled
STRAGGLER_SECONDS = 0.5  # the wait for worker threads once the server has stopped
SIGNALS = (signal.SIGTERM, signal.SIGINT)

log = logging.getLogger("queens_sat.server")


_stopping = False  # a stop signal came
_loop: asyncio.AbstractEventLoop | None = None  # the server's event loop, where the waits are cut short
_waits: set[anyio.CancelScope] = set()  # the cancel scopes of the requests waiting for a thread


def stopping() -> bool:
    """Whether this server process received SIGTERM or SIGINT."""
    return _stopping


@contextmanager
def cut_short_on_stop(scope: anyio.CancelScope) -> Iterator[None]:
    """Within the block (on the event loop), a stop signal brings ``scope``'s deadline to at most
    ``STOP_ANSWER_SECONDS`` away: a request is answered before uvicorn gives up on it."""
    _waits.add(scope)
    if _stopping:
        _cut(scope)
    try:
        yield
    finally:
        _waits.discard(scope)


def _cut(scope: anyio.CancelScope) -> None:
    scope.deadline = min(scope.deadline, asyncio.get_running_loop().time() + STOP_ANSWER_SECONDS)  # anyio's clock on asyncio


def _cut_all() -> None:
    for scope in list(_waits):
        _cut(scope)


@contextmanager
def cancel_on_signal() -> Iterator[None]:
    """Within the block, SIGTERM and SIGINT cancel every search of this process, then go to the
    handler that was there (uvicorn's, which starts the graceful stop). Only where that handler is
    Python's and we run in the main thread (the only one that may set handlers); else nothing."""
    global _loop
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        _loop = asyncio.get_running_loop()
    except RuntimeError:
        _loop = None
    before: dict[signal.Signals, Any] = {}
    for sig in SIGNALS:
        previous = signal.getsignal(sig)
        if callable(previous):
            before[sig] = previous
            signal.signal(sig, _chained(previous))
    try:
        yield
    finally:
        for sig, previous in before.items():
            signal.signal(sig, previous)


def _chained(previous: Callable[[int, FrameType | None], Any]) -> Callable[[int, FrameType | None], None]:
    def handler(signum: int, frame: FrameType | None) -> None:
        global _stopping
        _stopping = True
        cancel_all()
        if _loop is not None and not _loop.is_closed():
            _loop.call_soon_threadsafe(_cut_all)  # on the loop: not from inside whatever the handler interrupted
        previous(signum, frame)

    return handler


def busy_threads() -> list[threading.Thread]:
    """The threads a normal exit would wait for: alive, not daemons, not this one."""
    me = threading.current_thread()
    return [t for t in threading.enumerate() if t is not me and not t.daemon and t.is_alive()]


def leave_stragglers(code: int, seconds: float = STRAGGLER_SECONDS) -> None:
    """Return when every worker thread has finished within ``seconds`` (their searches were
    cancelled: they end in milliseconds); else end the process now with ``code``, as a normal
    exit would after them, so that a thread busy in code that looks at no clock cannot hold it."""
    deadline = time.monotonic() + seconds
    for thread in busy_threads():
        thread.join(max(0.0, deadline - time.monotonic()))
    left = busy_threads()
    if not left:
        return
    log.warning("%d worker thread(s) still busy after the server stopped; exiting without them", len(left))
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)
