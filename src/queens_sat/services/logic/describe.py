"""Steps in plain words, and the board as it stands after each step.

"row 4: only r4c6 is left, so a queen goes there". The words count rows and columns from 1,
as a player reads a board (``phrases``); the steps' JSON cells stay 0-based. Regions go by
their labels.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from queens_sat.engines.logic.board import Unit
from queens_sat.engines.logic.deduction import (
    ASSUMED_CROSS,
    CONFINEMENT,
    PIGEONHOLE,
    PROBE,
    QUEEN_ELIMINATES,
    SINGLE_CANDIDATE,
    WOULD_EMPTY_UNIT,
)
from queens_sat.engines.logic.engine import LogicResult, Step
from queens_sat.model.placement import Cell
from queens_sat.model.puzzle import Puzzle
from queens_sat.services.logic.phrases import cell_text, cells_phrase, unit_name, units_phrase
from queens_sat.services.render.terminal import board_lines


def _crossed(step: Step) -> str:
    count = len(step.crossed)
    return f"{cells_phrase(step.crossed)} {'is' if count == 1 else 'are'} crossed out"


def describe(step: Step, puzzle: Puzzle) -> str:
    """One step as a sentence (a Star Battle's in stars: ``describe_stars``)."""
    if puzzle.stars > 1:
        from queens_sat.services.logic.describe_stars import describe_stars

        return describe_stars(step, puzzle)
    rule = step.rule
    if rule == QUEEN_ELIMINATES:
        assert step.cell is not None
        around = "its diagonals" if puzzle.rule == "queens" else "its neighbours"
        return (
            f"the queen at {cell_text(step.cell)} rules out the rest of {units_phrase(puzzle, step.units)},"
            f" and {around}: {_crossed(step)}"
        )
    if rule == SINGLE_CANDIDATE:
        return f"{unit_name(puzzle, step.units[0])}: only {cell_text(step.placed[0])} is left, so a queen goes there"
    if rule in (CONFINEMENT, PIGEONHOLE):
        inside, around = units_phrase(puzzle, step.units), units_phrase(puzzle, step.lines)
        k = len(step.units)
        if k == 1:
            reason = f"{inside}: all its cells left are in {around}, so {around} gets {inside}'s queen"
        else:
            reason = f"{inside}: all their cells left are in {around}, so {around} hold their {k} queens"
        return f"{reason}; the other cells of {around}: {_crossed(step)}"
    if rule == WOULD_EMPTY_UNIT:
        emptied = unit_name(puzzle, step.units[0])
        one = len(step.crossed) == 1
        subject = f"a queen at {cells_phrase(step.crossed, 'or')}"
        return (
            f"{subject} would leave {emptied} with no cell, so "
            + ("it is crossed out" if one else f"{'both' if len(step.crossed) == 2 else 'they'} are crossed out")
        )
    if rule == PROBE:
        assert step.cell is not None
        chain = ""
        if step.forced:
            chain = f"queens would follow at {cells_phrase(step.forced)}, and "
        deeper = f" (using probes of depth {step.depth - 1} inside)" if step.depth > 1 else ""
        dead_end = contradiction_phrase(puzzle, step.units, step.lines, hypothetical=True)
        if step.assumed == ASSUMED_CROSS:
            return (
                f"if {cell_text(step.cell)} held no queen, {chain}{dead_end}{deeper}; "
                f"so the queen goes on {cell_text(step.cell)} (probe, depth {step.depth})"
            )
        return (
            f"if {cell_text(step.cell)} held a queen, {chain}{dead_end}{deeper}; "
            f"so {cell_text(step.cell)} is crossed out (probe, depth {step.depth})"
        )
    raise ValueError(f"unknown rule {rule!r}")


def contradiction_phrase(puzzle: Puzzle, units: Sequence[Unit], lines: Sequence[Unit], hypothetical: bool = False) -> str:
    """Why a state has no solution: an empty unit, or k units with fewer than k lines."""
    if puzzle.stars > 1:
        from queens_sat.services.logic.describe_stars import contradiction_stars

        return contradiction_stars(puzzle, units, lines, hypothetical)
    would = "would " if hypothetical else ""
    if not units:
        return f"a queen and a crossed-out cell {would}collide"
    if not lines and len(units) == 1:
        return f"{unit_name(puzzle, units[0])} {would}{'have' if hypothetical else 'has'} no cell left"
    have = "have" if hypothetical or len(units) > 1 else "has"
    return (
        f"{units_phrase(puzzle, units)} {would}{have} only {units_phrase(puzzle, lines) if lines else 'no line'}"
        f" for their {len(units)} queens"
    )


def summary(result: LogicResult, puzzle: Puzzle) -> str:
    """The verdict in a line: solved and how hard, or where logic stopped."""
    if result.solved:
        if result.hardest is None:
            return "solved by the givens alone; grade Trivial"
        times = "once" if result.hardest_count == 1 else f"{result.hardest_count} times"
        return (
            f"solved by logic in {result.step_count} steps; grade {result.grade}, score {result.score:g} "
            f"(hardest rule: {result.hardest}, needed {times}; deepest probe {result.deepest_probe})"
        )
    if result.status == "contradiction":
        assert result.contradiction is not None
        return f"no solution: {contradiction_phrase(puzzle, *result.contradiction)}"
    if result.status == "timed-out":
        return f"not solved: the time limit stopped the engine after {result.step_count} steps"
    return f"not solved by logic with probes up to depth {result.max_depth} ({result.step_count} steps made)"


def logic_brief(result: LogicResult) -> str:
    """The logic verdict in a few words, for a line of ``check``."""
    if result.solved:
        if result.hardest is None:
            return "Trivial (givens only)"
        times = "once" if result.hardest_count == 1 else f"{result.hardest_count} times"
        return f"{result.grade} (hardest rule {result.hardest}, {times})"
    if result.status == "timed-out":
        return "time limit hit"
    if result.status == "contradiction":
        return "no solution"
    return f"not solved (probes up to depth {result.max_depth})"


def step_dicts(result: LogicResult, puzzle: Puzzle) -> list[dict[str, Any]]:
    """Each step as a JSON object, with its sentence."""
    return [dict(step.as_dict(), text=describe(step, puzzle)) for step in result.steps]


def replay(puzzle: Puzzle, steps: Iterable[Step]) -> Iterator[tuple[frozenset[Cell], frozenset[Cell]]]:
    """The queens and crossed-out cells after each step, starting from the givens."""
    queens = set(puzzle.queens)
    crossed = set(puzzle.blocked)
    for step in steps:
        queens.update(step.placed)
        crossed.update(step.crossed)
        yield frozenset(queens), frozenset(crossed)


def state_lines(
    puzzle: Puzzle, queens: Iterable[Cell], crossed: Iterable[Cell], *, color: bool = False, queen: str = "*"
) -> list[str]:
    """A partly solved board: queens (stars), "x" on crossed-out cells, region labels elsewhere."""
    marked = puzzle.replace(queens=(), blocked=crossed)
    return board_lines(marked, None, color=color, queen=queen, queens=frozenset(queens))
