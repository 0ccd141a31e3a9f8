"""The native backend: the compiled bitmask searches, the default.

The one-queen search (``native/bitsearch``) is the twin of ``engines.regions.reference``
and the k-star search (``native/stars``) of ``engines.stars.reference``, move for move,
on C integers without the GIL; boards up to n = 64 (a row is one 64-bit word). Larger
boards are declined, so that ``auto`` falls back to the reference with a message.
``search_many`` takes a batch of Queens boards in one native call per size and rule.
It also takes a ``PlainGrid`` (a bare grid checked in C), so a validator's call needs no ``Puzzle``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from queens_sat.backends.base import Backend, interrupted_batch
from queens_sat.extension import BITSEARCH, STARS, bitsearch, native_limit, required, rule_code, stars
from queens_sat.model.errors import Interrupted
from queens_sat.model.grids import PlainGrid
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome, Solution


class NativeBackend(Backend):
    name = "native"
    takes_turns = True
    star_battle = True
    takes_plain = True
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
            limit = required(BITSEARCH).MAX_N
        if puzzle.n > limit:
            return f"the native search handles n <= {limit}, this board has n = {puzzle.n}"
        return None

    def search(self, puzzle: Puzzle | PlainGrid, *, limit: int | None, keep: int, time_limit: float | None) -> Outcome:
        if isinstance(puzzle, PlainGrid):
            found = required(BITSEARCH).count(
                puzzle.cells, puzzle.n, rule_code(puzzle.rule), native_limit(limit), keep, puzzle.queens, (), time_limit or 0.0
            )
        elif puzzle.stars > 1:
            found = required(STARS).count(
                puzzle.cells(), puzzle.n, puzzle.stars, native_limit(limit), keep,
                sorted(puzzle.queens), sorted(puzzle.blocked), time_limit or 0.0,
            )
        else:
            found = required(BITSEARCH).count(
                puzzle.cells(), puzzle.n, rule_code(puzzle.rule), native_limit(limit), keep,
                sorted(puzzle.queens), sorted(puzzle.blocked), time_limit or 0.0,
            )
        return _outcome(found)

    def search_many(
        self, puzzles: Sequence[Puzzle], *, limit: int | None = 2, keep: int | None = None, time_limit: float | None = None
    ) -> list[Outcome]:
        """The Queens boards with regions in one native call per size and rule; any other one by ``search``."""
        if all(_batchable(p) for p in puzzles):
            return _search_stacked(puzzles, limit=limit, keep=limit if keep is None else keep, time_limit=time_limit)
        return super().search_many(puzzles, limit=limit, keep=keep, time_limit=time_limit)

    def iter_solutions(self, puzzle: Puzzle, time_limit: float | None = None) -> Iterator[Solution]:
        """Every solution, handed out in growing chunks by a resumable search (fewer when timed out);
        a k-star board's all at once (its search does not resume)."""
        if puzzle.stars > 1:
            return super().iter_solutions(puzzle, time_limit)
        return self._chunks(puzzle, time_limit)

    def _chunks(self, puzzle: Puzzle, time_limit: float | None) -> Iterator[Solution]:
        search = required(BITSEARCH).Search(
            puzzle.cells(), puzzle.n, rule_code(puzzle.rule), sorted(puzzle.queens), sorted(puzzle.blocked), time_limit or 0.0
        )
        chunk = 1
        while True:
            found = search.next_solutions(chunk)
            yield from found
            if len(found) < chunk:
                return search.timed_out  # type: ignore[no-any-return]
            chunk = min(4 * chunk, 4096)


def _outcome(found: tuple[int, bool, bool, list[Solution], int]) -> Outcome:
    """The compiled search's tuple (count, complete, timed out, solutions, nodes) as an ``Outcome``."""
    count, complete, timed_out, solutions, nodes = found
    return Outcome(solutions, count, complete, timed_out, {"nodes": nodes}, "native")


def _batchable(puzzle: Puzzle) -> bool:
    """Whether the stacked search takes this puzzle: a Queens board with regions the native search holds."""
    return puzzle.regions is not None and puzzle.n <= 64 and puzzle.stars == 1


def _masks(group: list[Puzzle], shape: tuple[int, ...], field: str) -> Any:
    if not any(getattr(p, field) for p in group):
        return None
    import numpy as np

    masks = np.zeros(shape, dtype=bool)
    for j, puzzle in enumerate(group):
        for r, c in getattr(puzzle, field):
            masks[j, r, c] = True
    return masks


def _search_stacked(puzzles: Sequence[Puzzle], *, limit: int | None, keep: int | None, time_limit: float | None) -> list[Outcome]:
    """Every puzzle searched in one native call per size and rule (``engines.regions.counting``'s
    stack); each ``Outcome`` carries its own search time in ``seconds``. Ctrl-C or SIGTERM raises
    ``Interrupted`` holding the outcomes finished."""
    import numpy as np

    from queens_sat.engines.regions.counting import BatchCounts, native_count_batch

    keep = 2 if keep is None else keep
    groups: dict[tuple[int, str], list[int]] = {}
    for i, puzzle in enumerate(puzzles):
        groups.setdefault((puzzle.n, puzzle.rule), []).append(i)
    results: list[Outcome | None] = [None] * len(puzzles)
    for (_n, rule), members in groups.items():
        group = [puzzles[i] for i in members]
        regions = np.array([p.regions for p in group], dtype=np.int64)
        stopped: Interrupted | None = None
        try:
            counts = native_count_batch(
                regions, rule, limit, keep=keep, time_limit=time_limit,
                queens=_masks(group, regions.shape, "queens"), blocked=_masks(group, regions.shape, "blocked"),
            )
        except Interrupted as stop:
            assert isinstance(stop.partial, BatchCounts)
            counts, stopped = stop.partial, stop
        for j, i in enumerate(members[: counts.done]):
            results[i] = counts.outcome(j)
        if stopped is not None:
            raise interrupted_batch(stopped, results) from None
    return results  # type: ignore[return-value]
