"""A few solutions of a board without regions, by the method that suits its size.

``backtrack`` walks the solutions in order (exact, and the only way to prove there
are no more); ``local`` is the randomised local search; ``construct`` the explicit
formula. ``auto`` backtracks while the first solutions come in milliseconds and
searches locally beyond. When more solutions are wanted than one method gives,
the 8 symmetric images of each solution come first (no solution is its own
mirror image, so there are always at least two), then further seeds.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from queens_sat.engines.nqueens import METHODS
from queens_sat.engines.nqueens._impl import native
from queens_sat.engines.nqueens.enumeration import BATCH, NODES_PER_CALL, solution_stream
from queens_sat.model.limits import NQUEENS_WORD_N
from queens_sat.model.result import Outcome, Solution
from queens_sat.runtime.cancel import cancelled

if TYPE_CHECKING:
    import numpy as np

# numpy, the explicit construction and the local search are imported where they are used: a
# small board is backtracked in C, and ``check --n 8`` should not pay numpy's start-up

# The largest n whose first solutions plain backtracking finds in well under a
# second (n = 30 takes 1.4 s for the queens rule); no-touch boards never wait.
BACKTRACK_MAX_N = {"queens": 29, "no-touch": 63}
MAX_BACKTRACK_N = NQUEENS_WORD_N  # rows are machine words
FEW_SOLUTIONS_N = 12  # from here on every board has thousands of solutions
STREAM_N = 1 << 20  # from here on a check that keeps no solution never holds one (4 MB as int32, 36 MB as a tuple)
HOLD_N = 6 << 20  # from here on the compiled local search (22 bytes a row, 34 MB besides) would pass 200 MB: auto constructs
PURE_HOLD_N = 1 << 20  # the pure-Python twin's (about 140 bytes a row: 923 MB at n = 6,291,455)


def hold_n() -> int:
    """The first n that ``auto`` constructs rather than searches for, on the path that runs."""
    return HOLD_N if native() is not None else PURE_HOLD_N


def choose_method(n: int, rule: str, method: str) -> str:
    """The concrete method ``auto`` stands for at this size (others are returned as given)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    if method == "auto":
        return "backtrack" if n <= BACKTRACK_MAX_N[rule] else "local"
    if method == "backtrack" and n > MAX_BACKTRACK_N:
        raise ValueError(f"backtracking handles n <= {MAX_BACKTRACK_N}; use local or construct")
    return method


def find_solutions(
    n: int, rule: str, limit: int, method: str = "auto", seed: int = 0, time_limit: float | None = None, keep: int | None = None
) -> Outcome:
    """Up to ``limit`` distinct solutions, found with ``method``, the first ``keep`` (all when None)
    as int tuples; ``complete`` only when backtracking saw every solution, ``stats`` the method and
    its effort. Solutions past ``keep`` are counted, never turned into tuples: at n = 10^8 a tuple
    is 3.6 GB, and ``check`` wants two solutions only to know there are two."""
    keep = limit if keep is None else keep
    deadline = None if time_limit is None else time.monotonic() + time_limit
    if limit <= 2 and ((keep == 0 and method == "auto" and n >= STREAM_N) or (keep <= 1 and method == "auto" and n >= hold_n())):
        return _streamed_construction(n, rule, limit, keep, deadline)
    if method == "construct" and n >= STREAM_N and keep <= 1 and limit <= 2:
        return _streamed_construction(n, rule, limit, keep, deadline)
    method = choose_method(n, rule, method)
    if method == "backtrack" or n < 4:
        return _backtrack(n, rule, limit, deadline)
    import numpy as np

    from queens_sat.engines.nqueens.construction import construct
    from queens_sat.engines.nqueens.min_conflicts import local_search
    from queens_sat.model.columns import Columns, as_tuple

    solutions: list[Solution] = []
    found = 0  # solutions found, kept or not
    stats: dict[str, Any] = {"method": method}
    timed_out = False
    seen: set[bytes] = set()  # digests of the column arrays found
    first = construct(n, rule) if method == "construct" else None
    attempt = 0
    while found < limit:
        if first is None:
            if limit > 8 and n < FEW_SOLUTIONS_N:
                return _backtrack(n, rule, limit, deadline)  # too few solutions for random draws
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                timed_out = True
                break
            run = local_search(n, rule, seed + attempt, left)
            stats["seed"] = seed
            stats["restarts"] = stats.get("restarts", 0) + run.restarts
            stats["swaps"] = stats.get("swaps", 0) + run.swaps
            if run.columns is None:
                timed_out = True
                break
            first = run.columns
            attempt += 1
        for image in symmetric_images(first):
            if found == limit:
                break
            if limit > 2:  # the first two images, a board and its mirror, always differ (a column
                # equal to its mirror is the middle one, and one column cannot hold every queen);
                # hashing 10^8 columns costs a second and an 800 MB copy
                key = hashlib.blake2b(np.ascontiguousarray(image, dtype=np.int64).data).digest()
                if key in seen:
                    continue
                seen.add(key)
            found += 1
            if len(solutions) < keep:
                solutions.append(as_tuple(image) if n < STREAM_N else Columns(image))
        first = None
    return Outcome(solutions, found, False, timed_out, stats)


def _streamed_construction(n: int, rule: str, limit: int, keep: int, deadline: float | None) -> Outcome:
    """``limit`` (1 or 2) solutions, at most one kept, without holding one: the explicit solution,
    checked a chunk of rows at a time (n = 10^8 in about 70 MB, where the local search holds
    1.2 GB) and kept, if at all, as ``ConstructedColumns`` (made again from the formula as it is
    read); the second is its mirror image, which always differs."""
    from queens_sat.engines.nqueens.construction import ConstructedColumns, construct_chunks
    from queens_sat.model.columns import column_checker

    stats: dict[str, Any] = {"method": "construct", "streamed": True}
    checker = column_checker(n, rule)
    for chunk in construct_chunks(n, rule):
        if (deadline is not None and time.monotonic() > deadline) or cancelled():
            return Outcome([], 0, False, True, stats)
        bad = checker.feed(chunk)
        if bad >= 0:
            raise RuntimeError(f"the explicit {rule} solution of n = {n} breaks the rule at row {bad}")  # a bug, never the input's fault
    if checker.rows != n:
        raise RuntimeError(f"the explicit {rule} solution of n = {n} has {checker.rows} rows")
    kept: list[Solution] = [ConstructedColumns(n, rule)] if keep else []
    return Outcome(kept, min(limit, 2), False, False, stats)


def _backtrack(n: int, rule: str, limit: int, deadline: float | None) -> Outcome:
    stream = solution_stream(n, rule)
    out: list[Solution] = []
    timed_out = False
    while len(out) < limit and not stream.exhausted:
        out.extend(stream.next_batch(min(BATCH, limit - len(out)), NODES_PER_CALL))
        if deadline is not None and (time.monotonic() > deadline or cancelled()) and len(out) < limit and not stream.exhausted:
            timed_out = True
            break
    complete = stream.exhausted and len(out) < limit
    return Outcome(out, len(out), complete, timed_out, {"method": "backtrack", "nodes": stream.nodes})


def symmetric_images(cols: np.ndarray) -> Iterator[np.ndarray]:
    """The board under the 8 symmetries of the square, the board itself first, made lazily."""
    import numpy as np

    m = len(cols) - 1
    yield from (cols, m - cols, cols[::-1], m - cols[::-1])
    inv = np.empty_like(cols)
    inv[cols] = np.arange(len(cols), dtype=cols.dtype)
    yield from (inv, m - inv, inv[::-1], m - inv[::-1])
