"""The Star Battle model: ``stars`` (k) on a Puzzle, its validation and its formats."""

from __future__ import annotations

import pickle

import pytest
from helpers import brute_force_stars

from queens_sat.formats.json_format import puzzle_from_dict, puzzle_to_dict, read_json_lines
from queens_sat.formats.text_format import puzzle_to_text, read_text
from queens_sat.model.errors import PuzzleError
from queens_sat.model.placement import star_cells, star_rows
from queens_sat.model.puzzle import Puzzle

# A 10x10 2-star puzzle: five bands of two rows, each band cut into a left and a right half.
BANDS = ["AAAAABBBBB"] * 2 + ["CCCCCDDDDD"] * 2 + ["EEEEEFFFFF"] * 2 + ["GGGGGHHHHH"] * 2 + ["IIIIIJJJJJ"] * 2


def test_stars_default_to_one_and_are_kept() -> None:
    assert Puzzle(["AB", "AB"], rule="queens").stars == 1
    p = Puzzle(BANDS, stars=2)
    assert p.stars == 2
    assert "2 stars" in repr(p)
    assert pickle.loads(pickle.dumps(p)) == p
    assert p.replace(blocked=[(0, 0)]).stars == 2
    assert p.transformed(5).stars == 2
    assert p != Puzzle(BANDS)  # k = 1 on these regions is a different puzzle
    assert Puzzle(BANDS, stars=2) != Puzzle(n=10, stars=2)


@pytest.mark.parametrize(
    ("stars", "rule", "message"),
    [
        (0, "no-touch", "at least 1 star"),
        (-2, "no-touch", "at least 1 star"),
        (1.5, "no-touch", "whole number"),
        (True, "no-touch", "whole number"),
        ("2", "no-touch", "whole number"),
        (2, "queens", "needs the no-touch rule"),
    ],
)
def test_bad_stars_are_refused(stars: object, rule: str, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        Puzzle(n=10, stars=stars, rule=rule)  # type: ignore[arg-type]


@pytest.mark.parametrize(("n", "stars"), [(6, 2), (7, 2), (10, 3), (11, 3), (14, 4), (15, 4), (19, 5)])
def test_boards_too_small_for_k_stars_a_row_are_refused(n: int, stars: int) -> None:
    with pytest.raises(PuzzleError, match=f"cannot hold {stars} stars a row"):
        Puzzle(n=n, stars=stars)
    Puzzle(n=4 * stars, stars=stars)


def test_the_smallest_refused_boards_have_no_placement_indeed() -> None:
    """n = 4k - 1 passes the 2x2 count but not the parity argument; an exhaustive search agrees."""
    assert not brute_force_stars(7, 2)
    assert brute_force_stars(8, 2)


def test_given_stars_are_checked_per_unit_and_for_touching() -> None:
    Puzzle(BANDS, stars=2, queens=[(0, 0), (0, 2)])
    with pytest.raises(PuzzleError, match="touch"):
        Puzzle(BANDS, stars=2, queens=[(0, 0), (1, 1)])
    with pytest.raises(PuzzleError, match="row 1 holds 3 given stars"):
        Puzzle(BANDS, stars=2, queens=[(0, 0), (0, 2), (0, 4)])
    with pytest.raises(PuzzleError, match="region A holds 3 given stars"):
        Puzzle(BANDS, stars=2, queens=[(0, 0), (0, 2), (1, 4)])


def test_violations_of_a_k_star_placement() -> None:
    p = Puzzle(n=8, stars=2)
    assert p.violations([0] * 3)[0].startswith("expected 16 stars")
    assert any("touch" in v for v in p.violations([0, 2] * 8))
    assert any("not distinct" in v for v in p.violations([2, 2] + [0, 3] * 7))
    assert star_rows([0, 2, 4, 6], 2) == [[0, 2], [4, 6]]
    assert star_cells([0, 2, 4, 6], 2) == [(0, 0), (0, 2), (1, 4), (1, 6)]


def test_json_and_text_carry_stars() -> None:
    p = Puzzle(BANDS, stars=2, queens=[(0, 0)])
    obj = puzzle_to_dict(p)
    assert obj["stars"] == 2
    assert puzzle_from_dict(obj) == p
    assert "stars" not in puzzle_to_dict(Puzzle(BANDS))
    text = puzzle_to_text(p)
    assert "# stars: 2" in text
    assert read_text(text, "t.txt").puzzle == p
    bad = read_text("# stars: two\n" + "\n".join(BANDS), "t.txt")
    assert bad.error is not None and "stars: expected a whole number" in str(bad.error)
    small = read_text("# stars: 2\nAB\nAB\n", "t.txt")
    assert small.error is not None and "cannot hold 2 stars a row" in str(small.error)


def test_json_lines_with_bad_stars_name_the_line() -> None:
    text = '{"regions": ["AB", "AB"]}\n{"regions": ' + str(BANDS).replace("'", '"') + ', "stars": "x"}\n'
    records = list(read_json_lines(text.splitlines(), "batch.jsonl"))
    assert records[0].puzzle is not None
    assert records[1].error is not None and records[1].error.location.line == 2
