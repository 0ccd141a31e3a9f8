"""The native backend: the compiled bitmask search (``native/bitsearch.pyx``), the default.

The same search as the pure-Python reference, move for move, on C integers
without the GIL; boards up to n = 64 (a row is one 64-bit word). Larger boards
are declined, so that ``auto`` falls back to the reference with a message.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..extension import native_module
from ..puzzle import Puzzle
from ..result import Outcome, Solution
from .base import Backend


def _grid(puzzle: Puzzle):
    import numpy as np

    return None if puzzle.regions is None else np.array(puzzle.regions, dtype=np.int64)


class NativeBackend(Backend):
    name = "native"
    takes_turns = True
    install_hint = (
        "the compiled extension is not built (reinstall with a C compiler: pip install .) "
        "or is turned off by QUEENS_SAT_PURE_PYTHON"
    )

    @classmethod
    def available(cls) -> bool:
        return native_module() is not None

    def unsupported(self, puzzle: Puzzle) -> str | None:
        limit = native_module().MAX_N
        if puzzle.n > limit:
            return f"the native search handles n <= {limit}, this board has n = {puzzle.n}"
        return None

    def search(self, puzzle: Puzzle, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        from ..fast import native_search

        return native_search(
            _grid(puzzle), puzzle.n, puzzle.rule, limit, keep, sorted(puzzle.queens), sorted(puzzle.blocked), time_limit
        ).outcome()

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Iterator[Solution]:
        """Every solution, handed out in growing chunks by a resumable search (fewer when timed out)."""
        from ..fast import rule_code

        search = native_module().Search(
            _grid(puzzle), puzzle.n, rule_code(puzzle.rule), sorted(puzzle.queens), sorted(puzzle.blocked), time_limit or 0.0
        )
        chunk = 1
        while True:
            found = search.next_solutions(chunk)
            yield from found
            if len(found) < chunk:
                return search.timed_out
            chunk = min(4 * chunk, 4096)
