"""Many puzzles through one call of the compiled search: the batch path of ``NativeBackend.search_many``.

Puzzles are grouped by size and rule, stacked into m x n x n arrays (givens as
masks) and searched by ``fast.native_count_batch``; the outcomes come back in
the order of the input, each a backend ``Outcome`` with its own search time in
``stats["seconds"]``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from queens_sat.backends.base import interrupted_batch
from queens_sat.engines.regions.counting import MAX_N, BatchCounts, native_count_batch
from queens_sat.model.errors import Interrupted
from queens_sat.model.puzzle import Puzzle
from queens_sat.model.result import Outcome


def batchable(puzzle: Puzzle) -> bool:
    """Whether the batch search takes this puzzle: a Queens board with regions the native search holds."""
    return puzzle.regions is not None and puzzle.n <= MAX_N and puzzle.stars == 1


def _masks(group: list[Puzzle], shape: tuple[int, ...], field: str) -> np.ndarray | None:
    if not any(getattr(p, field) for p in group):
        return None
    masks = np.zeros(shape, dtype=bool)
    for j, puzzle in enumerate(group):
        for r, c in getattr(puzzle, field):
            masks[j, r, c] = True
    return masks


def search_outcomes(
    puzzles: Sequence[Puzzle], *, limit: int | None = 2, keep: int | None = None, time_limit: float | None = None
) -> list[Outcome]:
    """Search every (``batchable``) puzzle, one native call per size and rule.

    ``limit``, ``keep`` (default: as ``solve``) and ``time_limit`` (seconds per
    puzzle) mean what they mean for ``solve``. Each ``Outcome``'s ``stats`` hold
    ``nodes`` and ``seconds``; Ctrl-C or SIGTERM raises ``Interrupted`` with the
    outcomes finished.
    """
    if keep is None:
        keep = limit if limit is not None else 2
    groups: dict[tuple[int, str], list[int]] = {}
    for i, puzzle in enumerate(puzzles):
        if not batchable(puzzle):
            raise ValueError(f"puzzle {i} ({puzzle!r}) is not for the batch search")
        groups.setdefault((puzzle.n, puzzle.rule), []).append(i)
    results: list[Outcome | None] = [None] * len(puzzles)
    for (_n, rule), members in groups.items():
        group = [puzzles[i] for i in members]
        regions = np.array([p.regions for p in group], dtype=np.int64)
        stopped: Interrupted | None = None
        try:
            counts = native_count_batch(
                regions,
                rule,
                limit,
                queens=_masks(group, regions.shape, "queens"),
                blocked=_masks(group, regions.shape, "blocked"),
                keep=keep,
                time_limit=time_limit,
            )
        except Interrupted as stop:
            assert isinstance(stop.partial, BatchCounts)
            counts, stopped = stop.partial, stop
        for j, i in enumerate(members[: counts.done]):
            results[i] = counts.outcome(j)
        if stopped is not None:
            raise interrupted_batch(stopped, results) from None
    return results  # type: ignore[return-value]
