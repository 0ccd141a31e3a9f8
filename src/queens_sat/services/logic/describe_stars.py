"""Steps in plain words for Star Battle (k > 1 stars a unit): the reasoning counted in stars.

"row 3 needs 2 more stars and has exactly 2 cells left", "regions A and B: all their
cells left are in rows 4 and 5, and they need 4 stars, all that rows 4 and 5 still
need". ``describe.describe`` sends k > 1 steps here; k = 1 keeps its queen sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from queens_sat.engines.logic.board import Unit
from queens_sat.engines.logic.deduction import (
    ASSUMED_CROSS,
    BLOCKS,
    CONFINEMENT,
    PIGEONHOLE,
    PROBE,
    QUEEN_ELIMINATES,
    SINGLE_CANDIDATE,
    WOULD_EMPTY_UNIT,
)
from queens_sat.engines.logic.engine import Step
from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.logic.phrases import cell_text, cells_phrase, unit_name, units_phrase


def stars_text(count: int) -> str:
    """"1 star", "4 stars"."""
    return f"{count} star{'' if count == 1 else 's'}"


def _crossed(cells: Sequence[Cell]) -> str:
    return f"{cells_phrase(cells)} {'is' if len(cells) == 1 else 'are'} crossed out"


def _need(units: Sequence[Unit], count: int) -> str:
    """"needs 2 more stars" for one unit, "need 4 stars" for several."""
    return f"needs {count} more star{'' if count == 1 else 's'}" if len(units) == 1 else f"need {stars_text(count)}"


def describe_stars(step: Step, puzzle: Puzzle) -> str:
    """One k-star step as a sentence."""
    rule = step.rule
    k = puzzle.stars
    if rule == QUEEN_ELIMINATES:
        assert step.cell is not None
        full = ""
        if step.units:
            have = "has" if len(step.units) == 1 else "have"
            full = f", and the rest of {units_phrase(puzzle, step.units)}, which {have} {stars_text(k)}"
        return f"the star at {cell_text(step.cell)} rules out its neighbours{full}: {_crossed(step.crossed)}"
    if rule == SINGLE_CANDIDATE:
        unit = unit_name(puzzle, step.units[0])
        if len(step.placed) == 1:
            return f"{unit} needs 1 more star and only {cell_text(step.placed[0])} is left, so a star goes there"
        return (
            f"{unit} needs {step.stars} more stars and has exactly {len(step.placed)} cells left, "
            f"so stars go on {cells_phrase(step.placed)}"
        )
    if rule in (CONFINEMENT, PIGEONHOLE):
        inside, around = units_phrase(puzzle, step.units), units_phrase(puzzle, step.lines)
        one = len(step.units) == 1
        return (
            f"{inside}: all {'its' if one else 'their'} cells left are in {around}; {'it' if one else 'they'} "
            f"{_need(step.units, step.stars)}, as many as {around} still {'needs' if len(step.lines) == 1 else 'need'}, "
            f"so the other cells of {around} get no star: {_crossed(step.crossed)}"
        )
    if rule == WOULD_EMPTY_UNIT:
        starved = unit_name(puzzle, step.units[0])
        one = len(step.crossed) == 1
        return (
            f"a star at {cells_phrase(step.crossed, 'or')} would leave {starved} too few cells for the "
            f"{stars_text(step.stars)} it needs (no two touching), so "
            + ("it is crossed out" if one else f"{'both' if len(step.crossed) == 2 else 'they'} are crossed out")
        )
    if rule == BLOCKS:
        group = units_phrase(puzzle, step.units)
        blocks = ", ".join(f"{cell_text(c)}-{cell_text((c[0] + 1, c[1] + 1))}" for c in step.blocks)
        said = []
        if step.placed:
            said.append(f"a block with one cell left gets its star: {cells_phrase(step.placed)}")
        if step.crossed:
            said.append(f"cells touching all of a block's cells: {_crossed(step.crossed)}")
        return (
            f"{group} {_need(step.units, step.stars)} and {'its' if len(step.units) == 1 else 'their'} cells left fit "
            f"in {len(step.blocks)} 2x2 blocks ({blocks}), which hold one star at most: so one star in each; "
            + "; ".join(said)
        )
    if rule == PROBE:
        assert step.cell is not None
        chain = f"stars would follow at {cells_phrase(step.forced)}, and " if step.forced else ""
        deeper = f" (using probes of depth {step.depth - 1} inside)" if step.depth > 1 else ""
        dead_end = contradiction_stars(puzzle, step.units, step.lines, hypothetical=True)
        if step.assumed == ASSUMED_CROSS:
            return (
                f"if {cell_text(step.cell)} held no star, {chain}{dead_end}{deeper}; "
                f"so a star goes on {cell_text(step.cell)} (probe, depth {step.depth})"
            )
        return (
            f"if {cell_text(step.cell)} held a star, {chain}{dead_end}{deeper}; "
            f"so {cell_text(step.cell)} is crossed out (probe, depth {step.depth})"
        )
    raise ValueError(f"unknown rule {rule!r}")


def contradiction_stars(puzzle: Puzzle, units: Sequence[Unit], lines: Sequence[Unit], hypothetical: bool = False) -> str:
    """Why a k-star state has no solution: units with too few cells for their stars, or
    units that need more stars than the lines holding all their cells can take."""
    would = "would " if hypothetical else ""
    if not units:
        return f"a star and a crossed-out cell {would}collide"
    several = len(units) > 1
    if not lines:
        have = "have" if hypothetical or several else "has"
        return f"{units_phrase(puzzle, units)} {would}{have} too few cells left for {'their' if several else 'its'} stars"
    need = "need" if hypothetical or several else "needs"
    return (
        f"{units_phrase(puzzle, units)} {would}{need} more stars than {units_phrase(puzzle, lines)}, "
        f"which hold all {'their' if several else 'its'} cells, can take"
    )
