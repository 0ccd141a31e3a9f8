"""Counting classic N-Queens solutions: one representative per symmetry class, many processes.

No solution (n > 1) is its own mirror image, so the class of a solution under the
8 symmetries of the square has 8, 4 or 2 members (fixed by no rotation, by the half
turn, by the quarter turns). The counter visits one representative per class and
adds the class size. Every solution of an n >= 4 board lies in one of two trees:

* CORNER: a queen in a corner. Only one corner can hold a queen and its class has 8
  members, two of them with the queen at (0, 0): S and its transpose. Of those two
  the counter keeps the one whose row-1 queen (column ``a``) lies left of where the
  column-1 queen lies (row ``b``): rows 2..a-1 keep column 1 free.
* EDGE: no corner queen. The representative is the smallest member of its class
  read as a column list, so its row-0 queen (column ``b0``) is at least ``b0`` from
  both ends of every edge: the side columns hold their queens in rows
  b0 .. n-1-b0 and the last row's queen lies in columns b0 .. n-1-b0. Complete
  boards that pass are compared with their images that also start at ``b0``.

The trees are cut into independent tasks by their first rows (``tasks``), which a
process pool counts in parallel. ``count_task`` here is the pure-Python twin of
the native ``queens_sat._nqueens.count_task``.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Generator, Iterable
from contextlib import closing
from functools import lru_cache

from queens_sat.engines.nqueens._impl import bits, native
from queens_sat.engines.nqueens.arguments import board_size
from queens_sat.model.limits import NQUEENS_WORD_N
from queens_sat.model.result import Outcome
from queens_sat.runtime.cancel import cancelled
from queens_sat.runtime.signals import worker_signals

CORNER, EDGE = 0, 1
MAX_N = NQUEENS_WORD_N  # rows are machine words in the kernels
POOL_FROM_N = 15  # below this a count takes a tenth of a second at most: no processes
DEADLINE_GRACE = 0.05  # seconds the main process waits past a deadline for the workers' last results

Task = tuple[int, tuple[int, ...]]  # (kind, columns of the first rows)


def constrain(n: int, kind: int, key: int, y: int, cols: int, avail: int) -> int:
    """The columns of row ``y`` that the tree ``kind`` (with its ``a`` or ``b0``) still allows."""
    if kind == CORNER:
        return avail & ~2 if y < key else avail
    sides = 1 | 1 << (n - 1)
    if y == n - 1:
        return avail & ((1 << (n - key)) - 1) & ~((1 << key) - 1)
    if y < key:
        return avail & ~sides
    if y == n - 1 - key:
        missing = sides & ~cols
        if missing == sides:
            return 0
        if missing:
            return avail & missing
    return avail


def edge_weight(col: list[int], b0: int) -> int:
    """The class size when ``col`` is the smallest member of its class, else 0."""
    n = len(col)
    m = n - 1
    inv = [0] * n
    for r, c in enumerate(col):
        inv[c] = r
    images = (
        lambda r: col[m - r],
        lambda r: m - col[m - r],
        lambda r: inv[r],
        lambda r: m - inv[r],
        lambda r: inv[m - r],
        lambda r: m - inv[m - r],
    )
    same = 1
    for image in images:
        if image(0) != b0:
            continue
        seq = [image(r) for r in range(n)]
        if seq < col:
            return 0
        if seq == col:
            same += 1
    return 8 // same


def _replay(prefix: Iterable[int]) -> tuple[int, int, int]:
    ld = cols = rd = 0
    for c in prefix:
        bit = 1 << c
        ld, cols, rd = (ld | bit) << 1, cols | bit, (rd | bit) >> 1
    return ld, cols, rd


def tasks(n: int, depth: int) -> list[Task]:
    """The independent sub-trees of the counter: both trees cut after ``depth`` rows."""
    depth = max(2, min(depth, n - 2))
    full = (1 << n) - 1
    out: list[Task] = []

    def grow(kind: int, key: int, prefix: tuple[int, ...]) -> None:
        y = len(prefix)
        if y >= depth:
            out.append((kind, prefix))
            return
        ld, cols, rd = _replay(prefix)
        for c in bits(constrain(n, kind, key, y, cols, full & ~(ld | cols | rd))):
            grow(kind, key, (*prefix, c))

    for a in range(2, n - 1):  # a = n-1 would need column 1's queen below the last row
        grow(CORNER, a, (0, a))
    for b0 in range(1, n):
        if b0 < n - 1 - b0:
            grow(EDGE, b0, (b0,))
    return out


def count_task(n: int, kind: int, prefix: tuple[int, ...], deadline: float = 0.0) -> tuple[int, bool]:
    """Pure-Python twin of the native kernel: (weighted count, finished).

    ``deadline`` is a ``time.monotonic()`` reading (0: none), comparable across processes.
    """
    full = (1 << n) - 1
    key = prefix[1] if kind == CORNER else prefix[0]
    col = list(prefix) + [0] * (n - len(prefix))
    total = nodes = 0

    class Stop(Exception):
        pass

    def search(y: int, ld: int, cols: int, rd: int) -> None:
        nonlocal total, nodes
        avail = constrain(n, kind, key, y, cols, full & ~(ld | cols | rd))
        if y == n - 1:
            if avail:
                col[y] = avail.bit_length() - 1
                total += 8 if kind == CORNER else edge_weight(col, key)
            return
        nodes += 1  # the clock inside the sub-tree: one below the first rows can take hours
        if deadline and nodes & 1023 == 0 and (time.monotonic() > deadline or cancelled()):
            raise Stop
        for c in bits(avail):
            bit = 1 << c
            col[y] = c
            search(y + 1, (ld | bit) << 1, cols | bit, (rd | bit) >> 1)

    if deadline and (time.monotonic() > deadline or cancelled()):
        return 0, False
    try:
        search(len(prefix), *_replay(prefix))
    except Stop:
        return total, False
    return total, True


def _run_task(job: tuple[int, int, tuple[int, ...], float]) -> tuple[int, bool]:
    n, kind, prefix, deadline = job
    kernel = native()
    if kernel is not None:
        counted: tuple[int, bool] = kernel.count_task(n, kind, prefix, deadline)
        return counted
    return count_task(n, kind, prefix, deadline)


@lru_cache(maxsize=2)
def _shuffled(n: int) -> list[Task]:
    """The tasks of the n-board in the order the pool takes them: shuffled, so that every
    chunk mixes big and small sub-trees; the same in every process."""
    out = tasks(n, _split_depth(n))
    random.Random(n).shuffle(out)
    return out


def _run_slice(job: tuple[int, int, int, float]) -> list[tuple[int, bool]]:
    """A worker's share: tasks lo..hi-1 of ``_shuffled(n)``, sent back in one message."""
    n, lo, hi, deadline = job
    return [_run_task((n, kind, prefix, deadline)) for kind, prefix in _shuffled(n)[lo:hi]]


def _split_depth(n: int) -> int:
    """Rows fixed per task: few tasks for small boards (less Python), many for big ones
    (tasks of about the same small size, which balance the pool and obey a time limit)."""
    return 2 if n < 14 else (3 if n < 17 else 4)


def count_queens(
    n: int,
    *,
    workers: int | None = None,
    time_limit: float | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> Outcome:
    """The number of solutions of the n-queens board without regions (OEIS A000170).

    ``workers`` processes share the sub-trees (default: every core); ``on_progress(done, total)``
    is called as each sub-tree is counted (the CLI draws its bar from it). With ``time_limit``
    the count may come back incomplete (and ``timed_out``): a lower bound. The ``Outcome`` keeps
    no solutions (there are 10^16 at n = 27); its stats say how the work was shared out
    (``method``, ``workers``, ``tasks``), which the CLI prints.
    """
    n = board_size(n, most=MAX_N, why=" (the counter keeps a row in a machine word)")
    deadline = 0.0 if time_limit is None else time.monotonic() + time_limit  # splitting the work counts too
    if n < 4:
        from queens_sat.engines.nqueens.enumeration import solution_stream

        stream = solution_stream(n, "queens")
        return _counted(len(stream.next_batch(10)), True, "backtracking", 1, 1)
    jobs = _shuffled(n)
    kernel = "native" if native() is not None else "pure Python"
    workers = os.cpu_count() or 1 if workers is None else workers
    workers = max(1, min(workers, len(jobs))) if n >= POOL_FROM_N else 1
    total = done = 0
    complete = True
    try:
        with closing(_results(jobs, n, workers, deadline)) as results:
            for weighted, finished in results:
                total += weighted
                done += 1
                if on_progress is not None:
                    on_progress(done, len(jobs))
                if not finished:
                    complete = False
                    break
    finally:
        _shuffled.cache_clear()  # 176,304 tasks at n = 30: not worth keeping
    if done < len(jobs):
        complete = False
    method = f"symmetric bitmask backtracking ({kernel}, {workers} worker{'s' if workers > 1 else ''})"
    return _counted(total, complete, method, workers, len(jobs))


def _counted(count: int, complete: bool, method: str, workers: int, tasks: int) -> Outcome:
    """A count as an ``Outcome``: no solutions kept; an incomplete count was cut short by the deadline."""
    return Outcome([], count, complete, not complete, {"method": method, "workers": workers, "tasks": tasks})


def _results(jobs: list[Task], n: int, workers: int, deadline: float) -> Generator[tuple[int, bool], None, None]:
    """Each task's result, counted here or by a pool; a task past the deadline stops unfinished.

    The pool's results come a chunk at a time, so the main process does not wait for
    them past the deadline: it yields an unfinished (0, False) then, and closing the
    generator ends the workers (so does Ctrl-C or SIGTERM, through ``with``).
    """
    if workers == 1:
        yield from (_run_task((n, kind, prefix, deadline)) for kind, prefix in jobs)
        return
    import multiprocessing

    from queens_sat.runtime.pools import held_context

    # Few messages (each costs the parent a fraction of a millisecond): about 32 chunks
    # per worker. A message names its chunk by a range of ``_shuffled(n)``, never lists
    # the tasks: 100 KB messages fill the pipe, and Pool.terminate() then waits forever
    # on the thread that feeds it (seen at n = 30 with a time limit).
    total = len(_shuffled(n))  # made before the fork: the workers inherit it
    chunk = max(1, total // (workers * 32))
    slices = [(n, lo, min(lo + chunk, total), deadline) for lo in range(0, total, chunk)]
    with held_context().Pool(workers, initializer=worker_signals) as pool:
        results = pool.imap_unordered(_run_slice, slices)
        for _ in slices:
            wait = max(0.0, deadline - time.monotonic()) + DEADLINE_GRACE if deadline else None
            try:
                yield from results.next(timeout=wait)
            except multiprocessing.TimeoutError:
                yield 0, False
                return
