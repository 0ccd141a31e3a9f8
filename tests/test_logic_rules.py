"""The logic engine, rule by rule: a hand-made position for each, where that rule is the
first to fire and makes exactly the expected deduction; grades; plain-word steps."""

from __future__ import annotations

import pytest
from helpers import brute_force_solutions
from logic_positions import PROBE_1, PROBE_2

from queens_sat import Puzzle, PuzzleError, solve
from queens_sat.engines.logic import GRADES, Engine, Unit, grade_of, logic_solve, rank
from queens_sat.engines.logic.board import Geometry, State
from queens_sat.engines.logic.deduction import Contradiction
from queens_sat.engines.logic.grading import SCORE_BANDS, grade_of_score, score_of
from queens_sat.engines.logic.pigeonhole import pigeonhole
from queens_sat.model.placement import clash
from queens_sat.services.logic.describe import describe, summary
from queens_sat.services.logic.phrases import unit_cells


def first_step(puzzle: Puzzle, depth: int = 2):
    step = Engine(puzzle, depth).step()
    assert step is not None
    return step


def row(i: int) -> Unit:
    return Unit("row", i)


def column(i: int) -> Unit:
    return Unit("column", i)


def region(i: int) -> Unit:
    return Unit("region", i)


@pytest.mark.parametrize("rule", ["no-touch", "queens"])
def test_queen_eliminates_its_row_column_region_and_attacked_cells(rule):
    puzzle = Puzzle(["AABCCC", "BBBDEC", "BBBDEC", "BBEEEE", "BEEEFF", "BEEFFF"], rule=rule, queens=[(2, 3)], blocked=[(2, 0)])
    step = first_step(puzzle)
    regions = puzzle.regions
    expected = {
        (r, c)
        for r in range(6)
        for c in range(6)
        if (r, c) != (2, 3) and (r, c) != (2, 0) and (clash(rule, (2, 3), (r, c)) or regions[r][c] == regions[2][3])
    }
    assert step.rule == "queen-eliminates" and step.cell == (2, 3)
    assert set(step.crossed) == expected and step.placed == ()
    assert step.units == (row(2), column(3), region(3))
    around = "diagonals" if rule == "queens" else "neighbours"
    assert describe(step, puzzle).startswith(f"the queen at r3c4 rules out the rest of row 3, column 4 and region D, and its {around}: ")


def test_single_candidate_in_a_row_and_in_a_region():
    puzzle = Puzzle(n=5, rule="queens", blocked=[(0, 0), (0, 1), (0, 2), (0, 4)])
    step = first_step(puzzle)
    assert (step.rule, step.placed, step.crossed, step.units) == ("single-candidate", ((0, 3),), (), (row(0),))
    assert describe(step, puzzle) == "row 1: only r1c4 is left, so a queen goes there"
    one_cell_region = Puzzle(["AAAB", "AAAA", "CCDD", "CCDD"])
    step = first_step(one_cell_region)
    assert (step.rule, step.placed, step.units) == ("single-candidate", ((0, 3),), (region(1),))
    assert describe(step, one_cell_region) == "region B: only r1c4 is left, so a queen goes there"


def test_confinement_region_inside_a_row():
    puzzle = Puzzle(["AAABB", "CCCBB", "CCDDD", "CEEDD", "EEEDD"])
    step = first_step(puzzle)
    assert step.rule == "confinement"
    assert (step.units, step.lines, set(step.crossed)) == ((region(0),), (row(0),), {(0, 3), (0, 4)})
    assert describe(step, puzzle) == (
        "region A: all its cells left are in row 1, so row 1 gets region A's queen; "
        "the other cells of row 1: r1c4 and r1c5 are crossed out"
    )


def test_confinement_row_inside_a_region():
    puzzle = Puzzle(["AABBB", "AABBB", "CCDDB", "CEEDD", "EEEEE"])
    step = first_step(puzzle)
    assert step.rule == "confinement"
    assert (step.units, step.lines, set(step.crossed)) == ((row(4),), (region(4),), {(3, 1), (3, 2)})


def test_pigeonhole_two_regions_inside_two_rows():
    puzzle = Puzzle(["AAABBC", "AAABBC", "DDDEEC", "DDDEEC", "FFFEEC", "FFFFFC"])
    step = first_step(puzzle)
    assert step.rule == "pigeonhole"
    assert (step.units, step.lines, set(step.crossed)) == ((region(0), region(1)), (row(0), row(1)), {(0, 5), (1, 5)})
    assert describe(step, puzzle) == (
        "regions A and B: all their cells left are in rows 1 and 2, so rows 1 and 2 hold their 2 queens; "
        "the other cells of rows 1 and 2: r1c6 and r2c6 are crossed out"
    )


def test_pigeonhole_two_regions_inside_two_columns():
    # after the step above, regions B and E lie within columns 3 and 4
    puzzle = Puzzle(["AAABBC", "AAABBC", "DDDEEC", "DDDEEC", "FFFEEC", "FFFFFC"])
    engine = Engine(puzzle)
    engine.step()
    step = engine.step()
    assert step.rule == "pigeonhole"
    assert (step.units, step.lines, set(step.crossed)) == ((region(1), region(4)), (column(3), column(4)), {(5, 3), (5, 4)})


def test_pigeonhole_two_rows_inside_two_regions():
    # rows 3 and 4 lie within regions D and E, so D and E's queens are there
    puzzle = Puzzle(["AAACC", "ABACC", "ABADD", "EEEDD", "EEEDD"], blocked=[(0, 1), (3, 1), (4, 1)])
    step = first_step(puzzle)
    assert step.rule == "pigeonhole"
    assert (step.units, step.lines, set(step.crossed)) == ((row(3), row(4)), (region(3), region(4)), {(2, 3), (2, 4)})
    assert describe(step, puzzle).startswith(
        "rows 4 and 5: all their cells left are in regions D and E, so regions D and E hold their 2 queens"
    )


def test_pigeonhole_rows_inside_columns_on_a_board_without_regions():
    # rows 0 and 1 can only use columns 1 and 2: nobody else may
    blocked = [(r, c) for r in (0, 1) for c in (0, 3, 4, 5)]
    puzzle = Puzzle(n=6, rule="queens", blocked=blocked)
    step = first_step(puzzle)
    assert step.rule == "pigeonhole"
    assert (step.units, step.lines) == ((row(0), row(1)), (column(1), column(2)))
    assert set(step.crossed) == {(r, c) for r in range(2, 6) for c in (1, 2)}


def test_pigeonhole_finds_k_units_with_fewer_than_k_lines():
    # regions A and B both live in row 0 only: two queens, one row
    puzzle = Puzzle(["AABBC", "CCCCC", "DDDDD", "EEEEE", "EEEEE"])
    geo = Geometry(puzzle)
    with pytest.raises(Contradiction) as info:
        pigeonhole(geo, State.start(geo))
    assert geo.unit_tuple(info.value.units) == (region(0), region(1))
    assert geo.unit_tuple(info.value.lines) == (row(0),)
    assert logic_solve(puzzle).status == "contradiction"


@pytest.mark.parametrize("rule, cells", [("no-touch", ((0, 1), (0, 2))), ("queens", ((0, 2), (0, 3)))])
def test_would_empty_unit(rule, cells):
    # row 0 keeps two cells; the cells below that attack both of them are crossed out
    n = 5 if rule == "no-touch" else 6
    puzzle = Puzzle(n=n, rule=rule, blocked=[(0, c) for c in range(n) if (0, c) not in cells])
    step = first_step(puzzle)
    expected = {(1, cells[0][1]), (1, cells[1][1])}
    assert (step.rule, step.units, set(step.crossed)) == ("would-empty-unit", (row(0),), expected)
    a, b = sorted(expected)
    assert describe(step, puzzle) == (
        f"a queen at r{a[0] + 1}c{a[1] + 1} or r{b[0] + 1}c{b[1] + 1} would leave row 1 with no cell, so both are crossed out"
    )


def test_probe_of_depth_one():
    stuck = Engine(PROBE_1, 0)
    assert stuck.step() is None and stuck.status == "stuck"
    step = first_step(PROBE_1, 1)
    assert (step.rule, step.depth, step.cell, step.crossed) == ("probe", 1, (1, 5), ((1, 5),))
    assert step.forced == ((0, 1), (2, 2), (4, 3)) and step.units == (row(5),)
    assert step.technique == "probe-1"
    assert describe(step, PROBE_1) == (
        "if r2c6 held a queen, queens would follow at r1c2, r3c3 and r5c4, and row 6 would have "
        "no cell left; so r2c6 is crossed out (probe, depth 1)"
    )
    assert all(cols[1] != 5 for cols in brute_force_solutions(PROBE_1))


def test_probe_of_depth_two():
    stuck = Engine(PROBE_2, 1)
    assert stuck.step() is None and stuck.status == "stuck"
    step = first_step(PROBE_2, 2)
    assert (step.rule, step.depth, step.cell, step.crossed, step.units) == ("probe", 2, (3, 7), ((3, 7),), (region(9),))
    assert "(using probes of depth 1 inside)" in describe(step, PROBE_2)
    assert solve(PROBE_2.replace(queens=[(3, 7)]), backend="python").status.value == "none"


def test_contradiction_and_stuck_and_solved_by_givens():
    none = logic_solve(Puzzle(["AB", "BA"]))
    assert none.status == "contradiction" and not none.solved and none.grade is None
    assert summary(none, Puzzle(["AB", "BA"])).startswith("no solution: ")
    several = logic_solve(Puzzle(n=6, rule="queens"))
    assert several.status == "stuck" and several.solution is None
    full = Puzzle(n=4, rule="queens", queens=[(0, 1), (1, 3), (2, 0), (3, 2)])
    given = logic_solve(full)
    assert given.solved and given.steps == () and given.solution == (1, 3, 0, 2) and given.grade == "Trivial"


def test_max_depth_zero_never_probes_and_bad_depth_or_size_is_refused():
    result = logic_solve(PROBE_1, 0)
    assert result.status == "stuck" and all(s.rule != "probe" for s in result.steps)
    with pytest.raises(ValueError):
        logic_solve(PROBE_1, -1)
    with pytest.raises(PuzzleError, match="up to n = 64"):
        logic_solve(Puzzle(n=65))


def test_grades_from_the_hardest_rule_and_how_often():
    assert grade_of({}) == "Trivial"
    assert grade_of({"queen-eliminates": 9, "single-candidate": 9}) == "Trivial"
    assert grade_of({"single-candidate": 9, "confinement": 2}) == "Easy"
    assert grade_of({"confinement": 3}) == "Medium"  # needed again and again: one notch up
    assert grade_of({"confinement": 9, "pigeonhole": 1}) == "Medium"
    assert grade_of({"would-empty-unit": 3}) == "Hard"
    assert grade_of({"probe-1": 2, "pigeonhole": 7}) == "Hard"
    assert grade_of({"probe-1": 3}) == "Expert"
    assert grade_of({"probe-2": 1}) == "Expert" and grade_of({"probe-3": 5}) == "Expert"
    assert GRADES == ("Trivial", "Easy", "Medium", "Hard", "Expert")
    order = ["queen-eliminates", "single-candidate", "confinement", "pigeonhole", "would-empty-unit", "probe-1", "probe-2"]
    assert sorted(order, key=rank) == order


def test_result_reports_hardest_rule_counts_and_json():
    result = logic_solve(PROBE_1)
    assert result.solved and result.hardest == "probe-1" and result.hardest_count == result.counts["probe-1"]
    assert result.grade == grade_of_score(result.score) and result.score > 0
    assert result.deepest_probe == 1 and result.max_depth == 2  # the deepest probe used, and the limit
    data = result.as_dict(steps=True)
    assert data["solved"] and data["hardest"] == "probe-1" and data["step_count"] == len(data["steps"])
    assert data["score"] == result.score and data["max_depth"] == 1 and data["depth_limit"] == 2
    assert data["steps"][0]["rule"] == result.steps[0].rule and data["solution"] == list(result.solution)


def test_unit_cells_for_highlighting_a_step():
    puzzle = Puzzle(["AAB", "ACB", "CCB"])
    assert unit_cells(puzzle, row(1)) == ((1, 0), (1, 1), (1, 2))
    assert unit_cells(puzzle, column(2)) == ((0, 2), (1, 2), (2, 2))
    assert unit_cells(puzzle, region(2)) == ((1, 1), (2, 0), (2, 1))


def test_the_score_grows_with_the_work_and_grades_are_its_bands():
    assert score_of([(0, 0, 36, 0), (1, 0, 30, 0)], 6) == 0  # eliminations and single candidates are free
    pigeonhole = score_of([(3, 0, 36, 0)], 6)
    assert 0 < score_of([(2, 0, 36, 0)], 6) < pigeonhole < score_of([(3, 0, 36, 0), (3, 0, 30, 0)], 6)
    assert score_of([(3, 0, 12, 0)], 6) < pigeonhole  # the same rule on a board with fewer cells open
    probe = score_of([(6, 1, 36, 1)], 6)
    assert pigeonhole < probe < score_of([(6, 1, 36, 20)], 6) < score_of([(6, 2, 36, 20)], 6)  # wider, deeper
    assert [name for name, _ in SCORE_BANDS] == list(GRADES)
    assert [grade_of_score(low) for _, low in SCORE_BANDS] == list(GRADES)
    assert grade_of_score(0) == "Trivial" and grade_of_score(10**9) == "Expert"
    lows = [low for _, low in SCORE_BANDS]
    assert lows == sorted(lows) and all(grade_of_score(b - 0.05) == g for (g, _), b in zip(SCORE_BANDS, lows[1:], strict=False))
