"""Signals, one policy for every command: SIGTERM stops the work as Ctrl-C does, workers never outlive us.

SIGTERM raises ``model.errors.Interrupted`` marked ``terminated``: a ``KeyboardInterrupt``, so every place that already cleans up
after Ctrl-C (a pool terminated, a batch's finished boards kept, an output file
flushed) does the same for SIGTERM; only the exit code differs (143 = 128 + 15).
Worker processes leave both signals to the main process, which stops them, and
ask the kernel to end them when the main process dies, even by SIGKILL.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from queens_sat.model.errors import Interrupted


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Interrupted("terminated", terminated=True)


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises ``Interrupted(terminated=True)``; the former handler comes back after.

    Only the main thread may set handlers: elsewhere (a command run from a thread) nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def worker_signals() -> None:
    """For a worker process: Ctrl-C is the main process's to report, SIGTERM (the pool's
    ``terminate``) ends it at once, and the death of the main process ends it too."""
    parent = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent()
    if os.getppid() != parent:  # the main process died before the request took effect
        os._exit(1)


def die_with_parent() -> None:
    """Linux: SIGTERM to this process when its parent dies (prctl PR_SET_PDEATHSIG); elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
    except (OSError, AttributeError):  # no libc with prctl: the pool's own clean-up must do
        pass
