"""The puzzle model: normalisation, identity, symmetries and every validation error."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from queens_sat import Puzzle, PuzzleError
from queens_sat.model.puzzle import MAX_FREE_N, MAX_REGION_N

GRID4 = ["AABB", "AABB", "CCDD", "CCDD"]


def test_labels_become_numbers_by_first_appearance():
    p = Puzzle(["BBAA", "BBAA", "CCDD", "CCDD"])
    assert p.regions == ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3), (2, 2, 3, 3))
    assert p.label_rows() == ["BBAA", "BBAA", "CCDD", "CCDD"]  # the input's own labels are kept for display
    assert p.n == 4 and p.rule == "no-touch"


def test_integer_labels_are_renumbered_by_first_appearance():
    p = Puzzle([[3, 3, 0, 0], [3, 3, 0, 0], [1, 1, 2, 2], [1, 1, 2, 2]])
    assert p.regions == ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3), (2, 2, 3, 3))
    assert p.labels is None and p.label_rows()[0] == "AABB"


def test_same_board_in_every_spelling_is_equal():
    spellings = [
        GRID4,
        ["A A B B", "A A B B", "C C D D", "C C D D"],
        [list(row) for row in GRID4],
        [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]],
        np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]),
    ]
    puzzles = [Puzzle(s) for s in spellings]
    assert len({p for p in puzzles}) == 1
    assert all(p == puzzles[0] for p in puzzles)


def test_immutable_and_hashable():
    p = Puzzle(GRID4)
    with pytest.raises(AttributeError):
        p.n = 5  # type: ignore[misc]
    assert {p: 1}[Puzzle(GRID4)] == 1
    assert p != p.replace(rule="queens")
    assert hash(p) != hash(p.replace(blocked=[(0, 0)]))


def test_pickle_round_trip_keeps_labels():
    p = Puzzle(["BBAA", "BBAA", "CCDD", "CCDD"], queens=[(0, 0)], blocked=[(3, 3)])
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q.label_rows() == p.label_rows()


def test_canonical_form_ignores_labels():
    p = Puzzle([[2, 2, 0, 0], [2, 2, 0, 0], [1, 1, 3, 3], [1, 1, 3, 3]])
    q = Puzzle(["DDBB", "DDBB", "CCAA", "CCAA"])
    assert p == q and hash(p) == hash(q)
    assert q.canonical().label_rows() == GRID4 and q.label_rows()[0] == "DDBB"


def test_region_free_board():
    p = Puzzle(n=8, rule="queens")
    assert not p.has_regions and p.n == 8 and p.regions is None
    assert p == Puzzle(n=8, rule="queens")
    assert Puzzle(n=MAX_FREE_N).n == MAX_FREE_N


def test_symmetries_and_symmetry_key():
    p = Puzzle(["AAB", "CAB", "CCB"], queens=[(0, 0)])
    images = [p.transformed(s) for s in range(8)]
    assert images[0] == p
    assert len({q.symmetry_key() for q in images}) == 1
    # the transpose of a non-symmetric board is a different puzzle with the same key
    assert p.transformed(4) != p
    assert Puzzle(["AAA", "BBB", "CCC"]).symmetry_key() != p.symmetry_key()


def test_disconnected_region_is_legal_but_warned():
    p = Puzzle(["ABA", "BBB", "CCC"])
    assert p.warnings() == ["region A is split into 2 disconnected parts"]
    assert Puzzle(GRID4).warnings() == []


@pytest.mark.parametrize(
    "kwargs, message, row, col",
    [
        (dict(regions=[]), "empty board", None, None),
        (dict(regions=None, n=0), "empty board", None, None),
        (dict(regions=None), "needs its size n", None, None),
        (dict(regions=["AAB", "AB", "ABB"]), "ragged grid", 1, None),
        (dict(regions=["AAB", "ABB"]), "must be square", None, None),
        (dict(regions=["AAB", "AAB", "AAB"]), "needs exactly 3 regions, found 2", None, None),
        (dict(regions=["ABCD", "ABCD", "ABCD", "ABCE"]), "needs exactly 4 regions, found 5", None, None),
        (dict(regions=[[0, 1], [1.5, 0]]), "not an integer", 1, 0),
        (dict(regions=[[0, 1], [True, 0]]), "not an integer", 1, 0),
        (dict(regions=[[0, 1], [1, " "]]), "not an integer or a non-blank string", 1, 1),
        (dict(regions=["AB", "BA"], n=3), "n is 3 but regions has 2 rows", None, None),
        (dict(regions=[[0] * 65] * 65), f"exceeds the limit of {MAX_REGION_N}", None, None),
        (dict(regions=None, n=MAX_FREE_N + 1), f"exceeds the limit of {MAX_FREE_N}", None, None),
        (dict(regions=None, n="8"), "must be an integer", None, None),
        (dict(regions=GRID4, rule="knights"), "rule 'knights' is not one of", None, None),
        (dict(regions=GRID4, queens=[(4, 0)]), "queen [4, 0] is off the 4x4 board", None, None),
        (dict(regions=GRID4, blocked=[(0, -1)]), "blocked cell [0, -1] is off", None, None),
        (dict(regions=GRID4, queens=[(0, "a")]), "not a [row, column] pair", None, None),
        (dict(regions=GRID4, queens=[(1, 1)], blocked=[(1, 1)]), "both a given queen and blocked", 1, 1),
        (dict(regions=GRID4, queens=[(0, 0), (0, 3)]), "share a row", 0, 3),
        (dict(regions=GRID4, queens=[(0, 0), (3, 0)]), "share a column", 3, 0),
        (dict(regions=GRID4, queens=[(0, 0), (1, 1)]), "share a region", 1, 1),
        (dict(regions=GRID4, queens=[(1, 1), (2, 2)]), "touch", 2, 2),
        (dict(regions=None, n=6, rule="queens", queens=[(0, 0), (3, 3)]), "share a diagonal", 3, 3),
    ],
)
def test_every_validation_error_names_problem_and_place(kwargs, message, row, col):
    regions = kwargs.pop("regions")
    with pytest.raises(PuzzleError) as info:
        Puzzle(regions, **kwargs)
    err = info.value
    assert message in str(err)
    assert err.location.row == row and err.location.col == col


def test_queens_rule_allows_far_apart_queens_that_no_touch_allows():
    Puzzle(n=6, rule="queens", queens=[(0, 1), (1, 3)])
    with pytest.raises(PuzzleError, match="touch"):
        Puzzle(n=6, queens=[(0, 1), (1, 2)])


def test_violations_name_each_broken_rule():
    p = Puzzle(GRID4)
    assert p.violations([0, 2, 1, 3]) != []
    assert any("touch" in v for v in p.violations([0, 1, 2, 3]))
    assert any("column 1" in v for v in p.violations([0, 0, 2, 3]))
    assert any("region A" in v or "region 0" in v for v in Puzzle(GRID4, rule="queens").violations([1, 0, 3, 2]))
    assert p.violations([0, 1, 2]) == ["expected 4 queens (one per row), got 3"]
    assert not Puzzle(n=4, rule="queens").violations([1, 3, 0, 2])
