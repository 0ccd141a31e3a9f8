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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

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


STOPPING = frozenset({signal.SIGINT, signal.SIGTERM})


@contextmanager
def stop_on_signal(stop: Callable[[], None]) -> Iterator[None]:
    """Within the block, Ctrl-C or SIGTERM also calls ``stop`` at once, from a watcher thread: for a
    C solver that holds the main thread until it returns (python-sat's solve) and can be told to
    stop from another thread. Python runs its own handler only between two bytecodes, so without
    this the signal waits for the solve's end, or its time limit. The handler still runs when
    the solve returns, so the command ends as it does after any Ctrl-C or SIGTERM. Only the main
    thread receives signals: elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    previous = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)  # the C handler writes each signal's number

    def watch() -> None:
        while True:
            numbers = os.read(read_end, 64)
            if not numbers or 0 in numbers:  # 0: the block is over (no signal has number 0)
                return
            if STOPPING.intersection(numbers):
                stop()

    watcher = threading.Thread(target=watch, name="queens-sat stop on signal", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous)
        os.write(write_end, b"\0")
        watcher.join()
        os.close(read_end)
        os.close(write_end)


def worker_signals() -> None:
    """For a worker process: Ctrl-C is the main process's to report, SIGTERM (the pool's
    ``terminate``) ends it at once, and the death of the main process ends it too. A worker
    started under ``signals_held`` gets both signals from here on, not while it starts."""
    parent = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
    die_with_parent()
    if os.getppid() != parent:  # the main process died before the request took effect
        os._exit(1)


@contextmanager
def signals_held() -> Iterator[None]:
    """Within the block, Ctrl-C and SIGTERM wait, and the processes started in it begin with them
    blocked (a blocked mask survives fork and exec) until ``worker_signals`` runs. A Ctrl-C at the
    terminal reaches the whole process group: a worker still importing would die of it with a
    traceback, and one whose parent stopped half-way through starting it reads a torn message
    (EOFError). The blocked mask covers the children; this process, whose other threads may take
    the signal for it, keeps what arrives and raises it again as soon as the block ends."""
    in_main = threading.current_thread() is threading.main_thread()
    arrived: list[int] = []
    previous_handlers: dict[int, Any] = {}
    if in_main:
        for stopping in STOPPING:
            previous_handlers[stopping] = signal.signal(stopping, lambda signum, frame: arrived.append(signum))
    previous_mask = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous_mask)
        for held, handler in previous_handlers.items():
            signal.signal(held, handler)
        for came in dict.fromkeys(arrived):
            signal.raise_signal(came)


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


EXIT_GRACE = 10.0  # seconds a stopped command's interpreter may take to exit before it is ended


def exit_within(code: int, grace: float = EXIT_GRACE) -> None:
    """After a stop signal, end this process with ``code`` if it is still there after ``grace`` seconds.

    By then the command has closed its files and stopped its workers; what is left is the
    interpreter's own exit, which joins the process pools' threads and child processes without
    a time limit. A worker killed half-way through a message can leave one of those joins
    waiting forever (CPython gh-107219, gh-94777): a Ctrl-C must never hang. A daemon timer, so
    an exit that goes well is not delayed; the children still running are killed first."""

    def force() -> None:
        multiprocessing = sys.modules.get("multiprocessing")  # never imported just for this
        children = multiprocessing.active_children() if multiprocessing is not None else []
        for child in children:
            child.kill()
        message = f"queens-sat: the exit took over {grace:g} s; ended it ({len(children)} child processes killed)\n"
        os.write(2, message.encode())
        os._exit(code)

    timer = threading.Timer(grace, force)
    timer.daemon = True
    timer.start()
