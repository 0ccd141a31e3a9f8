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
import socket
import sys
import threading
from collections.abc import Callable, Iterator
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


@contextmanager
def stop_on_signal(stop: Callable[[], object]) -> Iterator[None]:
    """Within the block, a signal with a Python handler (SIGTERM under ``sigterm_as_interrupt``,
    Ctrl-C) calls ``stop`` at once from a watcher thread: how a solve running in C++ with the
    main thread inside it (CP-SAT, python-sat) stops within a moment, not at its time limit.

    Python handlers run only when the main thread is back in the interpreter; the C-level
    handler still writes the signal's number to the wakeup fd (``signal.set_wakeup_fd``),
    which the watcher reads. The handler itself then runs as usual once the solve returns.
    Elsewhere than the main thread (the server's workers) nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    lock = threading.Lock()
    ended = False
    try:
        previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main interpreter's main thread after all
        reader.close()
        writer.close()
        yield
        return

    def watch() -> None:
        try:
            if reader.recv(16):
                with lock:
                    if not ended:
                        stop()
        except Exception:  # a closed socket, a solver gone: the handler still runs after
            pass
        finally:
            reader.close()

    watcher = threading.Thread(target=watch, name="queens-sat-signal-watch", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous)
        with lock:
            ended = True  # ``stop`` is never called after the block (the solver may be gone)
        writer.close()  # the watcher's recv sees the end and returns; a daemon, not waited for
