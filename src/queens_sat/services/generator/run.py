"""The run loop: puzzles made in parallel, kept in index order, duplicates dropped.

Puzzle ``index`` is a pure function of the options and the index, and the loop
keeps or drops them strictly in index order, so the output is the same for any
number of workers, on one machine or a cluster. A window of tasks (a few per
worker) runs ahead of the one being waited for.
"""

from __future__ import annotations

import warnings
from collections import deque
from collections.abc import Generator, Iterable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from queens_sat.model.arguments import counted
from queens_sat.model.errors import QueensSatError
from queens_sat.services.generator.attempt import GeneratedPuzzle, GeneratorOptions, Progress
from queens_sat.services.generator.dedupe import Seen
from queens_sat.services.generator.executors import DaskExecutor, InlineExecutor, PoolExecutor, usable_cores
from queens_sat.services.generator.validators import Validator

AHEAD = 3  # tasks in flight per worker
POOL_RESTARTS = 3  # dead-worker recoveries before a run gives up
MAX_DUPLICATES_IN_A_ROW = 1000  # then the board size has run out of new puzzles


class TooFewPuzzles(QueensSatError, RuntimeError):
    """Every recent puzzle was a duplicate: this size has (almost) no more distinct puzzles."""


def make_executor(options: GeneratorOptions, workers: int | None, dask: str | None, progress: Progress | None = None):
    if dask:
        return DaskExecutor(options, dask, workers)
    workers = usable_cores() if workers is None else counted(workers, "workers", 1)
    return InlineExecutor(options, progress) if workers == 1 else PoolExecutor(options, workers)


def iter_generate(
    options: GeneratorOptions,
    count: int,
    *,
    start: int = 0,
    workers: int | None = 1,
    dask: str | None = None,
    seen: Iterable[bytes] = (),
    stats: dict[str, Any] | None = None,
    max_duplicates_in_a_row: int = MAX_DUPLICATES_IN_A_ROW,
    on_progress: Progress | None = None,
) -> Generator[GeneratedPuzzle, None, None]:
    """Yield ``count`` distinct unique puzzles, made from index ``start`` on, in index order.

    ``seen``: layout keys of puzzles made before (a resumed file's). ``stats``,
    when given, gets ``duplicates`` and ``next_index`` as the run goes. After
``max_duplicates_in_a_row`` the size is taken to have run out of new puzzles
(``TooFewPuzzles``). ``on_progress(index, layouts, closest)``: each fresh layout a graded
puzzle needs (``workers=1`` only: a worker process's puzzle reports when done). Closing
    the iterator (or Ctrl-C) cancels the work in flight.
    """
    count = counted(count, "count")
    start = counted(start, "start")
    kept = Seen(seen)
    stats = {} if stats is None else stats
    stats.update(duplicates=0, next_index=start)
    if count == 0:
        return
    executor = make_executor(options, workers, dask, on_progress)
    pending: deque[tuple[int, Any]] = deque()
    next_index, made, in_a_row, restarts = start, 0, 0, 0
    finished = False
    try:
        while made < count:
            while len(pending) < executor.slots * AHEAD:
                pending.append((next_index, executor.submit(next_index)))
                next_index += 1
            index, future = pending[0]
            try:
                puzzle = future.result()
            except BrokenProcessPool:
                restarts += 1
                if restarts > POOL_RESTARTS:
                    raise
                warnings.warn(f"a worker process died; restarting the pool and making puzzles {index}.. again", stacklevel=2)
                executor.restart()
                pending = deque((i, executor.submit(i)) for i, _ in pending)
                continue
            pending.popleft()
            stats["next_index"] = index + 1
            if kept.add(puzzle.regions):
                in_a_row = 0
                made += 1
                yield puzzle
            else:
                in_a_row += 1
                stats["duplicates"] = kept.duplicates
                if in_a_row >= max_duplicates_in_a_row:
                    raise TooFewPuzzles(
                        f"{in_a_row} duplicates in a row after {made} new puzzles: n = {options.n} has few distinct puzzles left"
                    )
        finished = True
    finally:  # the executor ends the work in flight itself (see PoolExecutor._stop)
        executor.close(cancel=not finished or bool(pending))


def generate(
    n: int,
    count: int = 1,
    *,
    seed: int = 0,
    rule: str = "no-touch",
    validator: str | Validator = "auto",
    strategy: str = "repair",
    workers: int = 1,
    dask: str | None = None,
    **options: Any,
) -> list[GeneratedPuzzle]:
    """Make ``count`` distinct puzzles of size ``n``, each with exactly one solution (``stars=2``: Star Battles).

    ``validator``: "auto" (the native search when compiled, else the pure-Python
    one), "native", "python", a backend name ("sat", "cpsat:blocking"...) or any
    callable ``validator(regions, rule=rule)`` as described in
    ``queens_sat.services.generator.validators`` (``queens_sat.engines.regions.counting.count_regions`` and
    ``queens_sat.is_unique`` fit as they are). ``strategy``: "repair" (move cells
    until unique) or "reject" (draw layouts until one is unique). ``workers``:
    processes (1: this one); ``dask``: "local" or a scheduler address. Further
    keywords are ``GeneratorOptions`` fields (``rules=RegionRules(...)``,
    ``max_repairs``, ``logic``, ``grades``, ``stars=K`` for Star Battles with K
    stars a row, column and region...).

    Returns ``GeneratedPuzzle`` objects in the order made: ``.puzzle()``,
    ``.solution``, ``.regions``, ``.repairs``, ``.seconds``... The same arguments
    give the same puzzles, whatever ``workers``.
    """
    opts = GeneratorOptions(n=n, rule=rule, seed=seed, strategy=strategy, validator=validator, **options)
    counted(count, "count")
    if workers is not None:
        counted(workers, "workers", 1)
    return list(iter_generate(opts, count, workers=workers, dask=dask))
