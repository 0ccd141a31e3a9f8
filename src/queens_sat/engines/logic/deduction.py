"""What a rule produces: a deduction (cells to place or cross, and why), or a contradiction.

Kept apart from the rules so that every rule family and the engine share them.
"""

from __future__ import annotations

from typing import NamedTuple

# Stable rule names (``Step.rule``, JSON, the CLI).
QUEEN_ELIMINATES = "queen-eliminates"
SINGLE_CANDIDATE = "single-candidate"
CONFINEMENT = "confinement"
PIGEONHOLE = "pigeonhole"
WOULD_EMPTY_UNIT = "would-empty-unit"
BLOCKS = "two-by-two"  # Star Battle only: a 2x2 block holds at most one star
PROBE = "probe"


class Technique(NamedTuple):
    """One row of ``TECHNIQUES``: a technique as both engines and the grading know it."""

    name: str  # its stable name
    c_id: str  # its id in native/logic/deduction.h, whose value is its place here (a test holds the two)
    tier: int | None  # its grade tier on a Queens board (``grading.GRADES``); None: probes, by depth
    star_tier: int | None  # on a Star Battle board (k > 1)
    weight: float | None  # the difficulty score's weight of one step; None: probes, by depth and width


# The one table of the logic techniques, in the order both engines try them (cheapest first): the
# rule ids of the compiled engine's record, the grades and the score are read from it.
TECHNIQUES = (
    Technique(QUEEN_ELIMINATES, "QL_QUEEN_ELIMINATES", 0, 0, 0.0),
    Technique(SINGLE_CANDIDATE, "QL_SINGLE_CANDIDATE", 0, 0, 0.0),
    Technique(CONFINEMENT, "QL_CONFINEMENT", 1, 1, 0.5),
    Technique(PIGEONHOLE, "QL_PIGEONHOLE", 2, 1, 2.0),
    Technique(WOULD_EMPTY_UNIT, "QL_WOULD_EMPTY_UNIT", 2, 1, 1.0),
    Technique(BLOCKS, "QL_BLOCKS", 2, 2, 8.0),
    Technique(PROBE, "QL_PROBE", None, None, None),
)
RULE_NAMES = tuple(technique.name for technique in TECHNIQUES)

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
