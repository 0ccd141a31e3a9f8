"""Steering a unique layout toward a wanted grade: cell moves that raise or lower the logic score.

A grade is a band of the logic engine's score (``engines.logic.grading.SCORE_BANDS``); a
request (grades, a score range, or both) is a union of score intervals (``Target``). Drawing
fresh layouts until one lands in it costs thousands of layouts for the rare grades (issue 35:
an Expert at n = 9 never came in 10 minutes). Instead the layout that is already unique is
moved toward the target: one cell off a region's border (never a planted queen's) is handed
to a neighbouring region, the board is solved by logic again at the puzzle's depth, and the
move is kept when the board is still solved (so still unique: the engine proves what it
solves) and its score is no further from the target, else undone. Sideways moves are kept
too, so the walk crosses the plateaus where many layouts share a score.

The score is compared on a log scale (``log1p``): the bands grow geometrically (15, 40,
500), and a move worth 10 points near Easy is a large step and near Expert a small one.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from queens_sat.services.generator.layout import Layout, neighbours
from queens_sat.services.generator.moves import complete_move
from queens_sat.services.generator.region_rules import RegionRules
from queens_sat.services.generator.repair import mirror_move

UNSOLVED = 1e9  # the score of a board the engine does not solve at the depth: further than any band
STEER_MOVES = 1500  # moves a layout is steered for before a fresh one is drawn ...
STEER_PATIENCE = 150  # ... or after this many tried moves that brought it no nearer


@dataclass(frozen=True)
class Target:
    """The scores a request accepts: a union of ``[low, high)`` intervals."""

    intervals: tuple[tuple[float, float], ...]

    @classmethod
    def of(cls, grades: tuple[str, ...], score_range: tuple[float, float] | None) -> Target | None:
        """The target of ``grades`` (their score bands) and ``score_range`` (``[low, high]``, both
        ends in); None when neither is asked (any solved board will do)."""
        from queens_sat.engines.logic.grading import SCORE_BANDS

        if not grades and score_range is None:
            return None
        bands = [(low, SCORE_BANDS[i + 1][1] if i + 1 < len(SCORE_BANDS) else math.inf) for i, (_, low) in enumerate(SCORE_BANDS)]
        names = [name for name, _ in SCORE_BANDS]
        spans = [bands[names.index(g)] for g in grades] if grades else [(0.0, math.inf)]
        if score_range is not None:
            low, high = score_range
            high = math.nextafter(high, math.inf)  # the range's high end is in
            spans = [(max(a, low), min(b, high)) for a, b in spans]
        return cls(tuple(sorted((a, b) for a, b in spans if a < b)))

    def holds(self, score: float) -> bool:
        return score < UNSOLVED and any(a <= score < b for a, b in self.intervals)

    def distance(self, score: float) -> float:
        """How far ``score`` is from the target on the log scale (0: in it)."""
        if score >= UNSOLVED:
            return math.inf
        x = math.log1p(score)
        best = math.inf
        for a, b in self.intervals:
            if a <= score < b:
                return 0.0
            best = min(best, math.log1p(a) - x if score < a else x - math.log1p(b) if b < math.inf else 0.0)
        return best


def solved_score(layout: Layout, depth: int) -> tuple[float, Any]:
    """The layout's logic score at ``depth`` and the engine's result (``UNSOLVED`` when not solved)."""
    from queens_sat.engines.logic import logic_solve

    result = logic_solve(layout.puzzle(), max_depth=depth)
    return (float(result.score) if result.solved else UNSOLVED), result


def border_moves(layout: Layout, rng: random.Random) -> list[tuple[int, int]]:
    """Every (cell, neighbouring region) pair a one-cell move could make, shuffled."""
    n, cells = layout.n, layout.cells
    nbrs = neighbours(n)
    pairs = sorted({
        (cell, cells[nb]) for cell in range(n * n) if cell not in layout.queen_cells
        for nb in nbrs[cell] if cells[nb] != cells[cell]
    })  # fmt: skip
    rng.shuffle(pairs)
    return pairs


@dataclass
class Steered:
    """Where a steered layout ended: its score, the engine's result, the moves kept and tried."""

    score: float
    result: Any
    kept: int
    tried: int


def steer(
    layout: Layout, target: Target, depth: int, rng: random.Random, rules: RegionRules, moves: int = STEER_MOVES,
    score: float | None = None, result: Any = None, deadline: float | None = None, mirror: list[int] | None = None,
) -> Steered:
    """Move cells of ``layout`` (in place) toward ``target`` for up to ``moves`` tried moves; stops
    as soon as the score is in the target, or at ``deadline`` (``time.perf_counter``). ``score``/``result``:
    the layout's, when known. With ``mirror`` (a symmetric design's cell map), each move is made
    with its image where the rules allow (``repair.mirror_move``): the board stays nearly symmetric."""
    if score is None:
        score, result = solved_score(layout, depth)
    kept = tried = since = 0
    pending: list[tuple[int, int]] = []
    def in_time() -> bool:  # the clock is read every 16 moves
        return deadline is None or bool(tried % 16) or time.perf_counter() < deadline

    while tried < moves and since < STEER_PATIENCE and not target.holds(score) and in_time():
        if not pending:
            pending = border_moves(layout, rng)
            if not pending:
                break
        cell, region = pending.pop()
        if layout.cells[cell] == region or cell in layout.queen_cells:
            continue
        move = complete_move(layout, [cell], region, rules)
        if move is None or any(c in layout.queen_cells for c in move.cells):
            continue
        tried += 1
        since += 1
        before = list(layout.cells) if mirror is not None else []
        undo = layout.move(move)
        if mirror is not None and mirror_move(layout, move, mirror, rules):
            undo = [(c, k) for c, k in enumerate(before) if layout.cells[c] != k]
        new_score, new_result = solved_score(layout, depth)
        if new_score < UNSOLVED and target.distance(new_score) < target.distance(score):
            since = 0
        if new_score < UNSOLVED and target.distance(new_score) <= target.distance(score):
            if new_score != score:
                pending = []  # a new layout: its own border
            score, result = new_score, new_result
            kept += 1
        else:
            layout.undo(undo)
    return Steered(score, result, kept, tried)
