"""Process pools whose workers never see a Ctrl-C meant for the main process.

A Ctrl-C at the terminal reaches the whole process group. A worker still starting up
(importing, before its initializer ``worker_signals`` runs) would die of it with a
traceback; so workers start with the stop signals held, and take them only once they
ignore Ctrl-C and end at once on SIGTERM. A separate module: importing multiprocessing
costs milliseconds that ``queens-sat --help`` should not pay.
"""

from __future__ import annotations

import multiprocessing.context
import weakref
from multiprocessing.process import BaseProcess
from typing import Any

from queens_sat.runtime.signals import signals_held


class HeldSpawnProcess(multiprocessing.context.SpawnProcess):
    """A "spawn" process (a fresh interpreter: no lock or thread of this one copied) that starts
    with Ctrl-C and SIGTERM held (see ``signals_held``)."""

    def start(self) -> None:
        with signals_held():
            super().start()


class HeldForkProcess(multiprocessing.context.ForkProcess):
    """A forked process (cheap to start, for pools made before any thread) that starts with
    Ctrl-C and SIGTERM held."""

    def start(self) -> None:
        with signals_held():
            super().start()


class HeldSpawnContext(multiprocessing.context.SpawnContext):
    """The "spawn" context whose processes start with the stop signals held. It keeps every
    process it made (``made``): a Ctrl-C raised as one finishes starting leaves it unknown to
    its pool, and whoever stops the pool must still be able to end it."""

    def __init__(self) -> None:
        super().__init__()
        self.made: weakref.WeakSet[BaseProcess] = weakref.WeakSet()

    def Process(self, *args: Any, **kwargs: Any) -> HeldSpawnProcess:  # type: ignore[override]
        process = HeldSpawnProcess(*args, **kwargs)
        self.made.add(process)
        return process


class HeldForkContext(multiprocessing.context.ForkContext):
    """The "fork" context whose processes start with the stop signals held."""

    Process = HeldForkProcess


def held_context(method: str | None = None) -> multiprocessing.context.BaseContext:
    """The context of ``method`` ("spawn", "fork"; None: the platform's default), with held signals."""
    method = method or multiprocessing.get_start_method()
    if method == "spawn":
        return HeldSpawnContext()
    if method == "fork":
        return HeldForkContext()
    return multiprocessing.get_context(method)  # forkserver: its server starts the workers, not us
