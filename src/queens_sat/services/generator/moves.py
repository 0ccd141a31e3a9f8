"""The moves of the repair loop: which cells change region to kill a second solution.

To kill solution S it is enough that one of S's queens (on a cell that is not a
planted queen's) changes region. The smallest move that does it:

- the cell borders the target region: the cell alone;
- it lies inside its region: the shortest path through its region to a cell
  bordering the target, the whole path (a band joined to the target, so the
  target stays in one piece);
- and whatever part of the old region the move cuts off from its planted queen
  goes along (it borders the moved cells, so it stays connected to the target).

The planted queens never move, so the planted solution holds after any move.
With k stars a region the same holds: S's stars are k in every region, so the
region a star of S leaves has k - 1 of them; a move that would cut a region's
planted stars apart from one another is not made.

A move kills every solution with a queen on a moved cell, and can create new
ones only through the moved cells. ``choose_move`` therefore prefers, among the
smallest moves, one after which no solution puts a queen on a moved cell (asked
of the fast search with that cell as a given queen: a tiny search): then the
number of solutions strictly drops, and the repairs converge.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from queens_sat.model.placement import star_cells
from queens_sat.services.generator import connectivity
from queens_sat.services.generator.layout import Layout, Move
from queens_sat.services.generator.region_rules import RegionRules, stays_connected

MAX_PROBES = 24  # candidate moves tested for new solutions per repair, smallest first

# probe(layout, cells) -> True when some solution of the layout puts a queen on one of ``cells``
Probe = Callable[[Layout, tuple[int, ...]], bool]


def paths_out(layout: Layout, cell: int) -> dict[int, list[int]]:
    """For each region the cell can reach through its own region, the shortest such path (cell first),
    in the order a breadth-first search meets the regions (the order the repair draws its tie-breaks in).

    The path never runs through a planted queen (star). Asked of every queen of each solution a
    repair kills, a search of the region each time: in C when it is built (``connectivity.paths_out``).
    """
    return connectivity.paths_out(layout.cells, layout.n, cell, layout.queen_cells)


def complete_move(layout: Layout, path: list[int], region: int, rules: RegionRules) -> Move | None:
    """The path plus what it cuts off from its region's queen, as a move; None when a rule forbids it."""
    moved = path
    if rules.connected and not (len(path) == 1 and stays_connected(layout.cells, layout.n, path[0])):
        cut = _cut_off(layout, layout.cells[path[0]], set(path))
        if cut is None:
            return None
        moved = path + cut
    if layout.sizes[region] + len(moved) > rules.max_size(layout.n):
        return None
    if layout.sizes[layout.cells[path[0]]] - len(moved) < rules.min_size:  # no speck left behind
        return None
    if not rules.full_lines and _fills_line(layout, moved, region):
        return None
    return Move(tuple(moved), region)


def _cut_off(layout: Layout, k: int, removed: set[int]) -> list[int] | None:
    """The cells of region k that ``removed`` would separate from the region's queen (its first planted
    star), in increasing order; None when it would separate the region's planted stars from one
    another. Asked of every candidate move: in C when it is built (``connectivity.cut_off``)."""
    return connectivity.cut_off(layout.cells, layout.n, k, layout.anchors[k], removed, layout.sizes[k])


def _fills_line(layout: Layout, moved: list[int] | tuple[int, ...], region: int) -> bool:
    """Whether a row or column of the moved cells would lie entirely inside ``region``."""
    n, cells = layout.n, layout.cells
    moving = set(moved)
    for r in {c // n for c in moved}:
        if all(cells[r * n + j] == region or r * n + j in moving for j in range(n)):
            return True
    return any(all(cells[i * n + c] == region or i * n + c in moving for i in range(n)) for c in {c % n for c in moved})


class DesignFeatures:
    """What a drawn board has that a careless repair would undo: rows and columns that lie inside
    one region, and regions that touch no edge of the board."""

    def __init__(self, layout: Layout) -> None:
        n, cells = layout.n, layout.cells
        line_cells: set[int] = set()  # the cells of the rows and columns that lie inside one region
        for r in range(n):
            if cells[r * n : (r + 1) * n].count(cells[r * n]) == n:
                line_cells.update(range(r * n, (r + 1) * n))
        for c in range(n):
            if cells[c::n].count(cells[c]) == n:
                line_cells.update(range(c, n * n, n))
        self.line_cells = line_cells
        self.edge_cells = _edge_cells(n)
        edge = {cells[c] for c in self.edge_cells}
        self.inner = set(range(len(layout.sizes))) - edge

    def broken_by(self, path: list[int], region: int) -> int:
        """How many of these features moving ``path`` (cells of one region) into ``region`` undoes
        (a whole line its region loses; an inner region the move brings to the edge). Asked of every
        candidate of every repair, so in set operations."""
        lines = not self.line_cells.isdisjoint(path)
        edge = region in self.inner and not self.edge_cells.isdisjoint(path)
        return lines + edge


@cache
def _edge_cells(n: int) -> frozenset[int]:
    """The cells on the edge of an n x n board."""
    return frozenset(c for c in range(n * n) if c < n or c >= n * (n - 1) or c % n in (0, n - 1))


def choose_move(
    layout: Layout,
    other: tuple[int, ...] | None,
    rng: random.Random,
    rules: RegionRules,
    probe: Probe | None = None,
    seen: set[int] | frozenset[int] = frozenset(),
) -> Move | None:
    """A move that kills solution ``other``; None when no allowed move does.

    Candidates go smallest first (ties in random order), leaving out those that
    lead back to a state in ``seen`` (``Layout.key``s); with ``probe``, the
    first after which no solution uses a moved cell wins, else the first allowed.
    Without a second solution (a validator that only says "not unique"), a
    random allowed move of a random cell.
    """
    n = layout.n
    if other is not None:
        starts = [cell for r, c in star_cells(other, layout.stars) if (cell := r * n + c) not in layout.queen_cells]
    else:
        starts = [rng.choice([c for c in range(n * n) if c not in layout.queen_cells])]
    sizes, cells = layout.sizes, layout.cells
    features = DesignFeatures(layout)
    balance = 1 if rules.balanced else 0  # (on the big blob boards it takes the repairs' variety: more of them circle)
    candidates = [
        # smallest first; among those, the moves that keep the drawing's whole lines and inner regions,
        # then (``rules.balanced``) a cell given by a bigger region to a smaller one: repairs that feed
        # the big regions leave the uneven sizes no drawn board has
        (len(path), features.broken_by(path, region), balance * (sizes[region] - sizes[cells[cell]]), rng.random(), region, path)
        for cell in starts
        for region, path in paths_out(layout, cell).items()
    ]
    candidates.sort()
    fallback = None
    probes = 0
    for *_, region, path in candidates:
        move = complete_move(layout, path, region, rules)
        if move is None or (seen and layout.key_after(move) in seen):
            continue
        if probe is None:
            return move
        fallback = fallback or move
        undo = layout.move(move)
        creates = probe(layout, move.cells)
        layout.undo(undo)
        if not creates:
            return move
        probes += 1
        if probes >= MAX_PROBES:
            break
    return fallback
