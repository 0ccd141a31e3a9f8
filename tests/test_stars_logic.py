"""The logic engine on Star Battle (k stars a row, column and region): each rule counted in
stars on a hand-made position, soundness against every solution of random k-star boards,
the published sample solved with its own solution, words, grades, and the commands."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import queens_sat as qs
from queens_sat import Puzzle
from queens_sat.cli import main
from queens_sat.engines.logic import Engine, Unit, grade_of, logic_solve
from queens_sat.engines.logic.basic_deductions import confinement, queen_eliminates, single_candidate, would_empty_unit
from queens_sat.engines.logic.blocks import blocks
from queens_sat.engines.logic.board import Geometry, State
from queens_sat.engines.logic.deduction import Contradiction
from queens_sat.engines.logic.pigeonhole import pigeonhole
from queens_sat.formats import read_puzzles
from queens_sat.model.placement import star_cells, star_rows
from queens_sat.services.logic.describe import describe

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from star_boards import star_board  # noqa: E402

# 8x8, 2 stars: region A is the top two rows' left part, B the rest of them, and so on; H is the
# bottom row. (7x7 holds no 2-star placement at all, so the model refuses it.)
BOARD = ["AAAABBBB", "AAAABBBB", "CCCDDDDD", "CCCDDDDD", "EEEFFFFF", "EEEGGGGG", "EEEGGGGG", "HHHHHHHH"]


def start(puzzle: Puzzle) -> tuple[Geometry, State]:
    geo = Geometry(puzzle)
    return geo, State.start(geo)


def cells(geo: Geometry, mask: int) -> set[tuple[int, int]]:
    return set(geo.cells(mask))


def mask(geo: Geometry, cell_list) -> int:
    return sum(1 << geo.index(c) for c in cell_list)


def test_a_star_crosses_its_neighbours_and_a_full_unit_its_rest():
    puzzle = Puzzle(BOARD, stars=2, queens=[(0, 0)])
    geo, st = start(puzzle)
    found = queen_eliminates(geo, st)
    assert found is not None and cells(geo, found.cross) == {(0, 1), (1, 0), (1, 1)} and found.units == ()
    assert "rules out its neighbours: " in describe(Engine(puzzle).step(), puzzle)
    puzzle = Puzzle(BOARD, stars=2, queens=[(0, 0), (0, 2)])
    step = Engine(puzzle).step()
    assert step.rule == "queen-eliminates" and step.units == (Unit("row", 0), Unit("region", 0))  # both are in A
    assert {(0, 4), (0, 5), (0, 6), (1, 3)} <= set(step.crossed)
    assert "and the rest of row 1 and region A, which have 2 stars" in describe(step, puzzle)


def test_a_unit_with_as_many_cells_as_stars_needed_gets_them_all():
    puzzle = Puzzle(BOARD, stars=2, blocked=[(3, c) for c in (1, 2, 3, 4, 6, 7)])
    geo, st = start(puzzle)
    found = single_candidate(geo, st)
    assert found is not None and found.units == (3,) and cells(geo, found.place) == {(3, 0), (3, 5)}
    step = Engine(puzzle).step()
    assert step.rule == "single-candidate" and set(step.placed) == {(3, 0), (3, 5)} and step.stars == 2
    assert describe(step, puzzle) == "row 4 needs 2 more stars and has exactly 2 cells left, so stars go on r4c1 and r4c6"


def test_too_few_cells_that_can_hold_stars_together_is_a_contradiction():
    touching = Puzzle(BOARD, stars=2, blocked=[(3, c) for c in (0, 1, 2, 5, 6, 7)])  # row 3: (3, 3) and (3, 4) only
    geo, st = start(touching)
    with pytest.raises(Contradiction) as why:
        single_candidate(geo, st)
    assert why.value.units == (3,)
    assert logic_solve(touching).status == "contradiction"


def test_confinement_counts_the_stars():
    # region E needs 2 stars; leave it only row 5: row 5 needs 2, so its other cells are crossed
    blocked = [(4, c) for c in range(3)] + [(6, c) for c in range(3)]
    puzzle = Puzzle(BOARD, stars=2, blocked=blocked)
    geo, st = start(puzzle)
    found = confinement(geo, st, True)
    assert found is not None and {(5, c) for c in range(3, 8)} <= cells(geo, found.cross)
    found = confinement(geo, st)  # the first one: row 6 lies in region G, which needs its 2 stars too
    assert found is not None and (found.units, found.lines, found.stars) == ((6,), (2 * 8 + 6,), 2)
    assert cells(geo, found.cross) == {(5, c) for c in range(3, 8)}
    # E left only column 0, which has 1 of its 2 stars already on (0, 0): E (needing 2) cannot fit
    # there. (A star in row 5 would do the same, but it stands in G, and row 6, all in G, fails first.)
    blocked = [(r, c) for r in (4, 5, 6) for c in (1, 2)]
    geo, st = start(Puzzle(BOARD, stars=2, blocked=blocked, queens=[(0, 0)]))
    st.cand &= ~geo.attack[geo.index((0, 0))]
    with pytest.raises(Contradiction) as why:
        confinement(geo, st)
    assert (why.value.units, why.value.lines) == ((2 * 8 + 4,), (8 + 0,))
    geo, st = start(Puzzle(BOARD, stars=2, blocked=blocked))  # column 0 still needs 2: E owns them
    found = confinement(geo, st)
    assert found is not None and (found.units, found.lines, found.stars) == ((2 * 8 + 4,), (8 + 0,), 2)
    assert cells(geo, found.cross) == {(r, 0) for r in (0, 1, 2, 3, 7)}


def test_pigeonhole_counts_stars_in_m_units():
    # regions A and B fill rows 0-1 exactly: 4 stars in 2 rows. Make C and D reach into
    # rows 0-1 instead: rows 0-1 then hold A's and B's 4 stars, so C's and D's cells there go.
    board = ["AAAACBBB", "AAADBBBB", "CCCDDDDD", "CCCDDDDD", "EEEFFFFF", "EEEGGGGG", "EEEGGGGG", "HHHHHHHH"]
    puzzle = Puzzle(board, stars=2)
    geo, st = start(puzzle)
    assert {(0, 4), (1, 3)} <= cells(geo, pigeonhole(geo, st, True).cross)
    steps = list(Engine(puzzle).steps())
    assert steps[0].rule == "confinement"  # region F inside row 4 comes first: one unit
    step = steps[1]
    assert (step.rule, set(step.crossed), step.stars) == ("pigeonhole", {(0, 4), (1, 3)}, 4)
    assert [puzzle.label(u.index) for u in step.units] == ["A", "B"] and step.lines == (Unit("row", 0), Unit("row", 1))
    assert describe(step, puzzle).startswith(
        "regions A and B: all their cells left are in rows 1 and 2; they need 4 stars, as many as rows 1 and 2 still need"
    )


def test_a_star_that_would_starve_a_unit_is_crossed():
    # row 3 keeps (3, 2), (3, 3) and (3, 4): a star on (3, 3) would leave it 1 star short
    puzzle = Puzzle(BOARD, stars=2, blocked=[(3, c) for c in (0, 1, 5, 6, 7)])
    geo, st = start(puzzle)
    found = would_empty_unit(geo, st)
    assert found is not None and found.units == (3,) and found.stars == 2
    # (3, 2) or (3, 4) leaves the other one; the cells above and below (3, 3) leave too few too
    assert cells(geo, found.cross) == {(3, 3)} | {(r, c) for r in (2, 4) for c in range(1, 6)}
    step = next(s for s in Engine(puzzle).steps() if s.rule == "would-empty-unit")
    assert "too few cells for the 2 stars it needs" in describe(step, puzzle)


def test_two_by_two_blocks_hold_one_star_each():
    # column 0 keeps (0, 0), (1, 0), (5, 0) and (6, 0): two blocks, two stars, one in each
    puzzle = Puzzle(BOARD, stars=2, blocked=[(r, 0) for r in (2, 3, 4, 7)])
    geo, st = start(puzzle)
    found = blocks(geo, st)
    assert found is not None and found.units == (8,) and found.stars == 2
    # (0, 1) and (1, 1) touch both cells of the top block; (5, 1) and (6, 1) of the bottom one
    assert {(0, 1), (1, 1), (5, 1), (6, 1)} <= cells(geo, found.cross)
    assert not found.cross & st.queens and not found.cross & mask(geo, [(0, 0), (1, 0), (5, 0), (6, 0)])
    text = describe(Engine(puzzle)._step(found), puzzle)
    assert text.startswith("column 1 needs 2 more stars and its cells left fit in 2 2x2 blocks (r1c1-r2c2, r6c1-r7c2)")
    assert blocks(*start(Puzzle(BOARD))) is None  # k = 1: not this rule's business


def test_fewer_blocks_than_stars_is_a_contradiction():
    # rows 0 and 1 need 4 stars, but their cells left (columns 0-5) fit in 3 blocks
    board = ["AABBBBCC", "AABBBBCC", "AADDDCCC", "DDDDDEEE", "FFFFEEEE", "FFGGGGGG", "FFGGGGGG", "HHHHHHHH"]
    puzzle = Puzzle(board, stars=2, blocked=[(0, 6), (0, 7), (1, 6), (1, 7)])
    geo, st = start(puzzle)
    assert single_candidate(geo, st) is None  # each row alone still has room for 2
    with pytest.raises(Contradiction) as why:
        blocks(geo, st, True)  # in bulk: the single units' block steps come first otherwise
    assert why.value.units == (0, 1)


def sample():
    """Generated unique 10x10 2-star puzzles (bench/stars-puzzles.jsonl; published puzzles are
    not copied into this repository: bench/logic_stars.py measures them from a file given)."""
    records = [r for r in read_puzzles(str(BENCH / "stars-puzzles.jsonl")) if r.puzzle is not None and r.puzzle.n == 10]
    return records[:12]


def test_generated_unique_puzzles_are_solved_by_logic_with_their_own_solution():
    assert len(sample()) == 12
    for record in sample():
        result = logic_solve(record.puzzle, 2)
        assert result.solved, record.id
        assert star_rows(result.solution, 2) == record.meta["solution"], record.id
        assert max(step.depth for step in result.steps) <= 2
        assert result.grade in ("Easy", "Medium", "Hard", "Expert")
        assert all(describe(step, record.puzzle) for step in result.steps)


def all_solutions(puzzle: Puzzle, most: int = 300) -> list[set[tuple[int, int]]] | None:
    """Every solution as a set of star cells; None when there are more than ``most``."""
    found = []
    for solution in qs.iter_solutions(puzzle, backend="python"):
        found.append(set(star_cells(solution, puzzle.stars)))
        if len(found) > most:
            return None
    return found


RANDOM_BOARDS = [(8, 2, s) for s in range(10)] + [(9, 2, s) for s in range(10)] + [(10, 2, s) for s in range(4)] + [(12, 3, 0), (12, 3, 1)]


@pytest.mark.parametrize("n,k,seed", RANDOM_BOARDS)
def test_every_step_keeps_every_solution_on_random_boards(n, k, seed):
    rng = random.Random(seed)
    puzzle, planted = star_board(n, k, rng)
    # crosses off the planted solution (and one given star of it) cut the solutions down
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in planted]
    for crosses in (3 * n, 2 * n, n, 0):
        candidate = puzzle.replace(blocked=rng.sample(free, crosses), queens=[planted[seed % len(planted)]] if crosses else [])
        solutions = all_solutions(candidate)
        if solutions is not None:
            break
    else:
        pytest.skip("too many solutions to list")
    assert set(planted) in solutions
    engine = Engine(candidate, 2)
    for step in engine.steps():
        for solution in solutions:
            assert not set(step.crossed) & solution, (step, solution)
            assert set(step.placed) <= solution, (step, solution)
    assert engine.status in ("solved", "stuck")  # a solution exists: never a contradiction
    if engine.status == "solved":
        assert len(solutions) == 1 and set(engine.geo.cells(engine.state.queens)) == solutions[0]



def test_k_equals_one_grades_are_unchanged_and_star_grades_are_calibrated():
    counts = {"queen-eliminates": 9, "would-empty-unit": 12, "pigeonhole": 3}
    assert grade_of(counts) == "Hard"  # Queens: would-empty-unit is Medium, needed 3 times or more
    assert grade_of(counts, stars=2) == "Easy"  # Star Battle: the everyday moves
    assert grade_of({**counts, "two-by-two": 1}, stars=2) == "Medium"
    assert grade_of({**counts, "two-by-two": 3}, stars=2) == "Hard"
    assert grade_of({**counts, "probe-1": 1}, stars=2) == "Hard"
    assert grade_of({**counts, "probe-2": 1}, stars=2) == "Expert"


def test_logic_backend_solves_a_star_battle():
    record = sample()[0]
    result = qs.solve(record.puzzle, backend="logic", limit=2)
    assert result.status.value == "unique"
    assert star_rows(result.solutions[0], 2) == record.meta["solution"]


def test_explain_json_shows_stars_and_per_row_solution(tmp_path, capsys):
    record = sample()[0]
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps({"stars": 2, "regions": record.puzzle.label_rows()}) + "\n")
    assert main(["explain", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stars"] == 2 and out["solution"] == record.meta["solution"]
    assert any("stars" in step["text"] for step in out["steps"])
    assert main(["explain", str(path), "--boards"]) == 0
    text = capsys.readouterr().out
    assert "2 stars" in text and "needs 2 more stars" in text


def test_hint_on_a_star_battle(tmp_path, capsys):
    record = sample()[0]
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps({"stars": 2, "regions": record.puzzle.label_rows()}) + "\n")
    assert main(["hint", str(path), "--json", "--backend", "python"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "hint" and out["position"] == "unique" and "star" in out["step"]["text"]


def test_stars_merged_from_a_remembered_probe_fill_or_overfill_units():
    puzzle = Puzzle(BOARD, stars=2)
    geo, st = start(puzzle)
    st.queens |= mask(geo, [(0, 0), (0, 2)])  # both in row 0 and region A: as a probe's merge leaves them
    st.settle(geo)
    assert not st.open >> 0 & 1 and not st.cand & geo.unit_mask[0]
    st.queens |= mask(geo, [(2, 0), (4, 0), (6, 0)])  # three stars in column 0
    with pytest.raises(Contradiction):
        st.settle(geo)


def test_the_star_flow_is_the_queens_matching_for_k_equal_one(community, monkeypatch):
    """k = 1 runs the matching (its fast path); the general flow of stars must make the
    very same deductions there, step for step."""
    from queens_sat.engines.logic import pigeonhole as module

    puzzles = [r.puzzle for r in community if r.puzzle is not None and r.puzzle.n <= 10][:60]
    fast = [logic_solve(p, 2, engine="python").steps for p in puzzles]
    plain_init = module._Flow.__init__

    def general(self, geo, st, fa, fb):
        plain_init(self, geo, st, fa, fb)
        if self.one:
            n = self.n
            self.one = False
            self.amount, self.load = [0] * (n * n), [0] * n
            self.left = [st.need(geo, fa * n + j) for j in range(n)]
            self.cap = [st.need(geo, fb * n + j) for j in range(n)]

    monkeypatch.setattr(module._Flow, "__init__", general)
    assert [logic_solve(p, 2, engine="python").steps for p in puzzles] == fast
    assert any(s.rule == "pigeonhole" for steps in fast for s in steps)
