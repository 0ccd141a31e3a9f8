"""How a server process stops within a second or two of SIGTERM or Ctrl-C, whatever it runs.

uvicorn stops gracefully: it stops listening, closes idle connections and waits for the requests
in flight. A search in flight would hold that wait until its own time limit, and an abandoned
worker thread would then hold the interpreter's exit (Python joins every non-daemon thread).
So, in each server process:

- ``cancel_on_signal`` puts a handler in front of uvicorn's for SIGTERM and SIGINT that first
  cancels every running search (``engines.cancel.cancel_all``): each stops within milliseconds
  and its request is answered 503 "the server is stopping" before uvicorn closes the connection;
- the graceful wait itself is capped (``GRACEFUL_SECONDS``: what still runs then, a search that
  looks at no clock, has its request cancelled and its connection closed);
- ``leave_stragglers`` ends the process once the server is done, without waiting for a thread
  that is still busy (``STRAGGLER_SECONDS`` at most).
"""

from __future__ import annotations

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

from queens_sat.engines.cancel import cancel_all

GRACEFUL_SECONDS = 1.0  # uvicorn's wait for the requests in flight, after their searches were cancelled
STRAGGLER_SECONDS = 0.5  # the wait for worker threads once the server has stopped
SIGNALS = (signal.SIGTERM, signal.SIGINT)

log = logging.getLogger("queens_sat.server")


@contextmanager
def cancel_on_signal() -> Iterator[None]:
    """Within the block, SIGTERM and SIGINT cancel every search of this process, then go to the
    handler that was there (uvicorn's, which starts the graceful stop). Only where that handler is
    Python's and we run in the main thread (the only one that may set handlers); else nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
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
        cancel_all()
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
