"""The native backend: the compiled bitmask search (``native/bitsearch.pyx``), the default.

The same search as the pure-Python reference, move for move, on C integers
without the GIL; boards up to n = 64 (a row is one 64-bit word). Larger boards
are declined, so that ``auto`` falls back to the reference with a message.
``search_many`` takes a batch in one native call per size and rule.
Star Battle boards (k > 1) go to their own compiled search (native/stars.h), the
twin of ``engines.stars.reference.StarBoard``; the one-queen search above keeps its speed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from queens_sat.backends.base import Backend
from queens_sat.extension import BITSEARCH, STARS, bitsearch, native_limit, required, rule_code, stars
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution


def _grid(puzzle: Puzzle) -> Any:
    import numpy as np

    return None if puzzle.regions is None else np.array(puzzle.regions, dtype=np.int64)


def _module() -> Any:
    return required(BITSEARCH)


def _stars_module() -> Any:
    return required(STARS)


class NativeBackend(Backend):
    name = "native"
    takes_turns = True
    star_battle = True
    install_hint = (
        "the compiled extension is not built (reinstall with a C compiler: pip install .) "
        "or is turned off by QUEENS_SAT_PURE_PYTHON"
    )

    @classmethod
    def available(cls) -> bool:
        return bitsearch() is not None

    def batches(self) -> bool:
        return self.available()

    def unsupported(self, puzzle: Puzzle) -> str | None:
        if puzzle.stars > 1:
            module = stars()
            if module is None:
                return "the compiled k-star search (queens_sat._stars) is not built"
            limit = module.MAX_N
        else:
            limit = _module().MAX_N
        if puzzle.n > limit:
            return f"the native search handles n <= {limit}, this board has n = {puzzle.n}"
        return None

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        if puzzle.stars > 1:
            count, complete, timed_out, solutions, nodes = _stars_module().count(
                _grid(puzzle), puzzle.n, puzzle.stars, native_limit(limit), keep,
                sorted(puzzle.queens), sorted(puzzle.blocked), time_limit or 0.0,
            )
            return Outcome(solutions, count, complete, timed_out, {"nodes": nodes})
        count, complete, timed_out, solutions, nodes = _module().count(
            _grid(puzzle), puzzle.n, rule_code(puzzle.rule), native_limit(limit), keep,
            sorted(puzzle.queens), sorted(puzzle.blocked), time_limit or 0.0,
        )
        return Outcome(solutions, count, complete, timed_out, {"nodes": nodes})

    def search_many(
        self, puzzles: Sequence[Puzzle], *, limit: int | None = 2, keep: int | None = None, time_limit: float | None = None
    ) -> list[Outcome]:
        """The boards with regions in one native call per size and rule; any other one by ``search``."""
        from queens_sat.backends.batch import batchable, search_outcomes

        if all(batchable(p) for p in puzzles):
            return search_outcomes(puzzles, limit=limit, keep=keep, time_limit=time_limit)
        return super().search_many(puzzles, limit=limit, keep=keep, time_limit=time_limit)

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Iterator[Solution]:
        """Every solution, handed out in growing chunks by a resumable search (fewer when timed out);
        a k-star board's all at once (its search does not resume)."""
        if puzzle.stars > 1:
            return super().iter_solutions(puzzle, time_limit)
        return self._chunks(puzzle, time_limit)

    def _chunks(self, puzzle: Puzzle, time_limit: float | None) -> Iterator[Solution]:
        search = _module().Search(
            _grid(puzzle), puzzle.n, rule_code(puzzle.rule), sorted(puzzle.queens), sorted(puzzle.blocked), time_limit or 0.0
        )
        chunk = 1
        while True:
            found = search.next_solutions(chunk)
            yield from found
            if len(found) < chunk:
                return search.timed_out  # type: ignore[no-any-return]
            chunk = min(4 * chunk, 4096)
