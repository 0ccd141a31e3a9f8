"""The region-free specialist: classic N-Queens and its no-touch cousin, at any size.

Boards without regions and without givens need no general search: the queens rule
is counted by the symmetric bitmask counter over a process pool, the no-touch rule
by the recurrence of OEIS A002464; a few solutions come from backtracking on small
boards and from local search (or the explicit construction) on large ones, so that
``auto`` never leaves anyone waiting on SAT for n = 10^5. Boards with regions or
givens are left to the general backends.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace

from queens_sat.backends.base import Backend
from queens_sat.model.errors import BackendError
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution


class NQueensBackend(Backend):
    name = "nqueens"
    specialist = True  # boards without regions or givens only
    option_names = frozenset({"method", "seed", "workers", "on_progress"})

    def __init__(
        self,
        variant: str | None = None,
        *,
        method: str | None = None,
        seed: int = 0,
        workers: int | None = None,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> None:
        from queens_sat.engines.nqueens import METHODS

        if variant and method and variant != method:
            raise ValueError(f"backend nqueens:{variant} and method {method!r} disagree")
        self.method = method or variant or "auto"
        if self.method not in METHODS:
            raise ValueError(f"backend 'nqueens' has no method {self.method!r}; choose one of {', '.join(METHODS)}")
        if workers is not None and workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.seed = int(seed)
        self.workers = workers
        self.on_progress = on_progress  # (done, total) as a count goes: the CLI draws a bar from it

    def in_one_process(self) -> NQueensBackend:
        """The same backend counting in this process only (a server's request may not start a pool)."""
        return NQueensBackend(method=self.method, seed=self.seed, workers=1, on_progress=self.on_progress)

    @property
    def full_name(self) -> str:
        return self.name if self.method == "auto" else f"{self.name}:{self.method}"

    def unsupported(self, puzzle: Puzzle) -> str | None:
        if puzzle.stars > 1:
            return "it handles one queen a row only"
        if puzzle.regions is not None:
            return "it handles boards without regions only"
        if puzzle.has_givens:
            return "it handles boards without given queens or blocked cells only"
        if self.method == "backtrack" and puzzle.n > 63:
            return "backtracking handles n <= 63; use method local or construct"
        return None

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None, effort: int | None = None) -> Outcome:
        """``effort``: none is kept (this backend is never one of ``auto``'s turns)."""
        if limit is None:
            return self._count(puzzle, keep, time_limit)
        return self._find(puzzle, limit, keep, time_limit)

    def _find(self, puzzle: Puzzle, limit: int, keep: int, time_limit: float | None) -> Outcome:
        from queens_sat.engines.nqueens.finding import find_solutions

        try:
            found = find_solutions(puzzle.n, puzzle.rule, limit, self.method, self.seed, time_limit, keep)
        except ValueError as err:
            raise BackendError(str(err)) from None
        return replace(found, solutions=found.solutions[:keep]) if len(found.solutions) > keep else found

    def _count(self, puzzle: Puzzle, keep: int, time_limit: float | None) -> Outcome:
        from queens_sat.engines.nqueens.counting import MAX_N, count_queens
        from queens_sat.engines.nqueens.no_touch import METHOD, count_no_touch

        start = time.monotonic()
        if puzzle.rule == "queens":
            if puzzle.n > MAX_N:
                raise BackendError(
                    f"counting {puzzle.n}-queens is out of reach (the counter handles n <= {MAX_N}; "
                    "the largest count ever computed is n = 27)"
                )
            counted = count_queens(puzzle.n, workers=self.workers, time_limit=time_limit, on_progress=self.on_progress)
            count, complete, stats = counted.count, counted.complete, counted.stats
        else:
            exact = count_no_touch(puzzle.n, time_limit)
            count, complete, stats = exact or 0, exact is not None, {"method": METHOD}
        kept: list[Solution] = []
        if keep and count:
            left = None if time_limit is None else max(0.0, time_limit - (time.monotonic() - start))
            kept = list(self._find(puzzle, min(keep, count), keep, left).solutions)
        return Outcome(kept, count, complete, not complete, stats)

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Iterator[Solution]:
        from queens_sat.engines.nqueens.enumeration import MAX_NATIVE_N, iter_solutions

        if puzzle.n > MAX_NATIVE_N:
            raise BackendError(f"listing every solution stops at n = {MAX_NATIVE_N}; this board has n = {puzzle.n}")
        return iter_solutions(puzzle.n, puzzle.rule, None if time_limit is None else time.monotonic() + time_limit)

