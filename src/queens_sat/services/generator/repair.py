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
from queens_sat.services.generator.moves import DesignFeatures, Probe, choose_move, complete_move
from queens_sat.services.generator.region_rules import RegionRules, stays_connected
from queens_sat.services.generator.thinning import border_count, break_a_square, closes_square, lengthen_borders, whole_squares
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


def thin_repaired(
    layout: Layout,
    drawn: list[int],
    rng: random.Random,
    rules: RegionRules,
    probe: Probe,
    mirror: list[int] | None = None,
) -> int:
    """Give a unique layout back the thinness of its drawing ``drawn`` (issue 35), keeping it unique:
    the repairs hand cut-off corridors to their neighbours and fatten a thin drawing
    (``thinning``). First whole 2x2 squares are broken up down to the drawing's number, then
    region borders brought to the drawing's length (lengthened, or shortened where the repairs
    made them longer, whole squares coming back up to the drawing's number). A move gives one
    cell (never a planted one) to a neighbouring region in which it closes no square (unless
    shortening lets it) and is kept only when ``probe`` finds no solution with a queen on it: every solution of the new layout without
    one was a solution before, so the planted one stays the only one. With ``mirror`` (the cell
    map of a symmetry the layout keeps), each move is made with its image. Returns the cells moved."""
    n, cells = layout.n, layout.cells
    cap = max(layout.sizes)
    features = DesignFeatures(layout)  # what the drawing has (whole lines, inner regions): no move undoes it
    goal_squares, goal_borders = len(whole_squares(drawn, n)), border_count(drawn, n)
    squares = whole_squares(cells, n)
    stuck: set[int] = set()
    moved_cells = probes = 0

    def may_close() -> bool:
        """A repaired layout with longer borders than its drawing may get whole squares back, up to
        the drawing's number (asked only of a move that would close one)."""
        return border_count(cells, n) > goal_borders and len(whole_squares(cells, n)) < goal_squares

    def attempt(cell: int, region: int) -> list[int] | None:
        """Make the move (and its image) if allowed and the probe finds no solution through it."""
        nonlocal probes
        moves = [(cell, region)]
        if mirror is not None and mirror[cell] != cell:
            moves.append((mirror[cell], cells[mirror[cells.index(region)]]))
        elif mirror is not None and cells[mirror[cells.index(region)]] != region:
            return None  # a cell on the axis may only join a region that is its own image
        undo: list[tuple[int, int]] = []
        for x, k in moves:
            if not _may_give(layout, x, k, cap, rules, features, may_close):
                break
            undo += layout.move(Move((x,), k))
        else:
            probes += 1
            if not probe(layout, tuple(x for x, _ in moves)):
                return [x for x, _ in moves]
        layout.undo(undo[::-1])
        return None

    while len(squares) > goal_squares and probes < THIN_PROBES * n and squares - stuck:
        done = break_a_square(n, cells, squares, stuck, rng, attempt)
        moved_cells += len(done or ())
    if mirror is not None and border_count(cells, n) > goal_borders:
        return moved_cells  # a symmetric board is only lengthened: shortening cost the symmetric styles symmetry
    return moved_cells + lengthen_borders(n, cells, rng, goal_borders, attempt, lambda: probes < THIN_PROBES * n)


THIN_PROBES = 3  # a thinning pass asks at most this many probes per n


def _may_give(
    layout: Layout, cell: int, region: int, cap: int, rules: RegionRules, features: DesignFeatures,
    may_close: Callable[[], bool] = lambda: False,
) -> bool:
    """Whether one cell may join ``region`` in a thinning move (see ``thin_repaired``); the move
    may put a whole 2x2 square inside ``region`` only where ``may_close()`` says so."""
    old, cells, n = layout.cells[cell], layout.cells, layout.n
    if old == region or cell in layout.queen_cells or layout.sizes[region] >= cap or layout.sizes[old] <= rules.min_size:
        return False
    if not any(cells[nb] == region for nb in neighbours(n)[cell]):
        return False
    if closes_square(cells, n, cell, region) and not may_close():
        return False
    if not stays_connected(cells, n, cell):
        return False
    if features.broken_by([cell], region):
        return False
    return complete_move(layout, [cell], region, rules) is not None
