"""Repairing a layout until its planted solution is the only one.

While the validator finds a second solution, one of that solution's queens
(never a planted queen's cell) moves into a neighbouring region: the region it
left then has none of the second solution's queens and the one it joined has
two, so that solution is gone, and the planted one, whose cells all stay in
their regions, still holds. New solutions may appear; the loop checks again,
up to a bounded number of repairs, after which the caller starts over from a
fresh layout. A move back into a state the layout has been in is never made: the
loop would go round that circle until its budget ran out (at n = 48, one attempt
in ten or so did, and cost 1.5 s of a puzzle's 0.1).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from queens_sat.services.generator.layout import Layout, Move, neighbours
from queens_sat.services.generator.moves import Probe, choose_move, complete_move
from queens_sat.services.generator.region_rules import RegionRules
from queens_sat.services.generator.validators import Verdict

Check = Callable[[Layout], Verdict]


@dataclass
class RepairOutcome:
    unique: bool  # the layout now has exactly one solution, the planted one
    repairs: int  # moves made
    checks: int  # validator calls
    why: str = ""  # why it gave up: "repairs" (the budget), "stuck" (no allowed move), "unsettled" (a time limit)


def repair(
    layout: Layout,
    check: Check,
    rng: random.Random,
    rules: RegionRules,
    max_repairs: int,
    probe: Probe | None = None,
    mirror: list[int] | None = None,
) -> RepairOutcome:
    """Move cells until ``layout`` is unique (in place); give up after ``max_repairs`` moves."""
    repairs = checks = 0
    seen = {layout.key}  # the states this layout has been in: a move back into one would go round in a circle
    while True:
        verdict = check(layout)
        checks += 1
        if not verdict.settled:
            return RepairOutcome(False, repairs, checks, "unsettled")
        if verdict.count == 1:
            return RepairOutcome(True, repairs, checks)
        if repairs >= max_repairs:
            return RepairOutcome(False, repairs, checks, "repairs")
        move = choose_move(layout, verdict.other, rng, rules, probe, seen)
        if move is None:
            return RepairOutcome(False, repairs, checks, "stuck")
        layout.move(move)
        if mirror is not None:
            mirror_move(layout, move, mirror, rules)
        seen.add(layout.key)
        repairs += 1


def mirror_move(layout: Layout, move: Move, mirror: list[int], rules: RegionRules) -> bool:
    """After ``move``, the same move mirrored (``mirror``: each cell's image), so that a symmetric
    layout stays symmetric; made only when it obeys the rules and moves no planted cell."""
    n = layout.n
    cells = [mirror[c] for c in move.cells if mirror[c] not in move.cells]
    target_cells = [c for c in range(n * n) if layout.cells[c] == move.region and c not in move.cells]
    if not cells or not target_cells or any(c in layout.queen_cells for c in cells):
        return False
    source = layout.cells[cells[0]]
    target = layout.cells[mirror[target_cells[0]]]
    if target == source or any(layout.cells[c] != source for c in cells):
        return False
    if not any(layout.cells[nb] == target for c in cells for nb in neighbours(n)[c]):
        return False
    twin = complete_move(layout, cells, target, rules)
    if twin is None or any(c in layout.queen_cells for c in twin.cells):
        return False
    layout.move(twin)
    return True
