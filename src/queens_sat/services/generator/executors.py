"""Where the puzzles are made: in this process, a local process pool, or a Dask cluster.

All three hand out ``future = submit(index)`` with ``future.result()``: the run
loop does not care which. Every task is "make puzzle ``index``", a pure
function of the options and the index, so a task lost with a dead worker is
simply made again.
"""

from __future__ import annotations

import os
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from queens_sat.model.errors import QueensSatError, extra_remedy
from queens_sat.runtime.pools import HeldSpawnContext
from queens_sat.runtime.signals import worker_signals  # Ctrl-C and SIGTERM are the main process's; die with it
from queens_sat.services.generator.attempt import GeneratorOptions, Progress, make_puzzle


class ExecutorError(QueensSatError, RuntimeError):
    """The work cannot be sent where asked: Dask missing, a scheduler out of reach."""


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


class InlineExecutor:
    """Makes each puzzle when its result is asked for, in this process: one core, no start-up cost."""

    slots = 1

    def __init__(self, options: GeneratorOptions, progress: Progress | None = None) -> None:
        self.options, self.progress = options, progress

    def submit(self, index: int) -> Any:
        return _Deferred(self.options, index, self.progress)

    def close(self, cancel: bool = False) -> None:
        pass


class _Deferred:
    def __init__(self, options: GeneratorOptions, index: int, progress: Progress | None = None) -> None:
        self.options, self.index, self.progress = options, index, progress

    def result(self) -> Any:
        return make_puzzle(self.options, self.index, self.progress)

    def cancel(self) -> bool:
        return True


def _new_pool(workers: int, context: HeldSpawnContext) -> ProcessPoolExecutor:
    # started fresh ("spawn"), not forked, so that no lock or thread of the main process is copied
    return ProcessPoolExecutor(workers, mp_context=context, initializer=worker_signals)


class PoolExecutor:
    """A pool of ``workers`` processes on this machine."""

    def __init__(self, options: GeneratorOptions, workers: int) -> None:
        self.options, self.slots = options, workers
        self.context = HeldSpawnContext()
        self.pool = _new_pool(workers, self.context)

    def submit(self, index: int) -> Future[Any]:
        return self.pool.submit(make_puzzle, self.options, index)

    def restart(self) -> None:
        """A new pool after a worker died (the old one is broken for good)."""
        self._stop()
        self.pool = _new_pool(self.slots, self.context)

    def close(self, cancel: bool = False) -> None:
        if cancel:
            self._stop()
        else:
            self.pool.shutdown(wait=True)

    def _stop(self) -> None:
        """End the workers now: a puzzle being made is not waited for (each is a pure function
        of its index, so nothing is lost). They are killed before the pool is shut down: a
        worker still starting would otherwise look for the pool's semaphores after this
        process removed them, and print a traceback. The futures are left to fail with the
        broken pool, not cancelled: Python 3.11's pool then sets an exception on a cancelled
        future and prints an InvalidStateError traceback from its manager thread."""
        processes = {*(getattr(self.pool, "_processes", None) or {}).values(), *self.context.made}
        started = [process for process in processes if _started(process)]
        for process in started:
            if process.is_alive():
                process.kill()
        for process in started:
            process.join(5)
        self.pool.shutdown(wait=False)


def _started(process: Any) -> bool:
    """Started and not yet closed: the processes that may be killed and joined."""
    try:
        return process.pid is not None
    except ValueError:  # closed by the pool
        return False


CONNECT_TIMEOUT = "3s"  # a scheduler that answers at all answers in milliseconds; a wrong address fails in seconds, not 20


class DaskExecutor:
    """The same tasks on a Dask cluster: ``tcp://HOST:8786`` (a running scheduler) or ``local``.

    ``local`` starts a cluster of ``workers`` single-threaded worker processes on
    this machine. Dask reruns the task of a worker that dies, so nothing is lost.
    """

    def __init__(self, options: GeneratorOptions, address: str, workers: int | None) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise ExecutorError(
                f"--dask needs Dask's distributed scheduler: {extra_remedy('dask')}, or pip install 'dask[distributed]'"
            ) from None
        self.options = options
        self.cluster = None
        if address == "local":
            self.cluster = LocalCluster(
                n_workers=workers or usable_cores(), threads_per_worker=1, processes=True, dashboard_address=None
            )
            self.client = Client(self.cluster)
        else:
            try:
                self.client = Client(address, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError, ValueError) as err:
                raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {err}") from None
        self.slots = max(1, sum(self.client.nthreads().values()))

    def submit(self, index: int) -> Any:
        # pure=False: the same index asked twice (after a resume, say) is made, not looked up
        return self.client.submit(make_puzzle, self.options, index, pure=False, retries=2)

    def close(self, cancel: bool = False) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
