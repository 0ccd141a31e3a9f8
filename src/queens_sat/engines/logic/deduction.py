"""What a rule produces: a deduction (cells to place or cross, and why), or a contradiction.

Kept apart from the rules so that every rule family and the engine share them.
"""

from __future__ import annotations

# Stable rule names, in the order the engine tries them (cheapest first).
QUEEN_ELIMINATES = "queen-eliminates"
SINGLE_CANDIDATE = "single-candidate"
CONFINEMENT = "confinement"
PIGEONHOLE = "pigeonhole"
WOULD_EMPTY_UNIT = "would-empty-unit"
BLOCKS = "two-by-two"  # Star Battle only: a 2x2 block holds at most one star
PROBE = "probe"
RULE_NAMES = (QUEEN_ELIMINATES, SINGLE_CANDIDATE, CONFINEMENT, PIGEONHOLE, WOULD_EMPTY_UNIT, BLOCKS, PROBE)

# What a probe assumed: a star (queen) on its cell, which is then crossed out, or its cell
# crossed out, which then gets its star. At each depth the star probes come first.
ASSUMED_STAR = "star"
ASSUMED_CROSS = "cross"


class Deduction:
    """One step's worth of progress, in masks and unit ids (the engine turns it into a ``Step``).

    ``units`` are what the reasoning is about (the queen's units, the unit with one
    candidate, the confined units, the unit a cell would empty, the unit a probe
    found empty); ``lines`` are the units whose other cells get crossed out
    (confinement, pigeonhole); ``cell`` is the queen that eliminates, or the cell a
    probe assumed; ``forced`` are the queens that followed from a probe's assumption.
    ``stars`` (k > 1 only) is the number of stars the reasoning counts: what the units
    still need (confinement, pigeonhole, single candidate, 2x2 blocks); ``blocks`` the
    top-left cells of the 2x2 blocks that hold one star each (two-by-two); ``tried`` (probes)
    the assumptions tried to find it, every candidate once for each shallower depth and
    assumption, then those before it in probe order (the difficulty score's probe width).
    """

    __slots__ = ("assumed", "blocks", "cell", "cross", "depth", "forced", "lines", "place", "rule", "stars", "tried", "units")

    def __init__(
        self,
        rule: str,
        place: int = 0,
        cross: int = 0,
        units: tuple[int, ...] = (),
        lines: tuple[int, ...] = (),
        cell: int = -1,
        depth: int = 0,
        forced: int = 0,
        stars: int = 0,
        blocks: int = 0,
        assumed: str = "",
        tried: int = 0,
    ) -> None:
        self.rule = rule
        self.place = place
        self.cross = cross
        self.units = units
        self.lines = lines
        self.cell = cell
        self.depth = depth
        self.forced = forced
        self.stars = stars
        self.blocks = blocks
        self.assumed = assumed
        self.tried = tried  # probes: the assumptions tried to find this one (it included)


class Contradiction(Exception):
    """The state has no solution: ``units`` have no candidate left (with k stars: too few
    for the stars they need), or (``lines`` set) ``units`` must put more queens into
    ``lines`` than those lines can hold."""

    def __init__(self, units: tuple[int, ...], lines: tuple[int, ...] = ()) -> None:
        super().__init__(units, lines)
        self.units = units
        self.lines = lines
