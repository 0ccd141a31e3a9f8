"""Rows of one-character labels take a fast path in ``Puzzle``; it must agree with the general one."""

from __future__ import annotations

import random

import pytest
from helpers import random_regions

from queens_sat import Puzzle
from queens_sat.model.errors import PuzzleError
from queens_sat.model.grids import _label_rows

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


@pytest.mark.parametrize("seed", range(60))
def test_label_rows_agree_with_the_general_path(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 30)
    grid = random_regions(n, rng)
    alphabet = rng.sample(LABELS, n)
    rows = ["".join(alphabet[k] for k in row) for row in grid]
    fast = Puzzle(rows)
    general = Puzzle([list(row) for row in rows])  # lists of labels: the general path
    assert fast == general and fast.regions == general.regions
    assert _label_rows(rows, None) is not None


@pytest.mark.parametrize(
    "rows",
    [["AB", "B"], ["AB", "CC"], ["A\x1bB", "BBA", "AAB"], []],
)
def test_anything_wrong_goes_to_the_general_path_and_its_messages(rows):
    assert _label_rows(rows, None) is None
    with pytest.raises(PuzzleError):
        Puzzle(rows)


def test_spaced_and_hash_labels_are_left_to_the_general_path():
    for rows in (["A#", "#A"], ["A B", "B A"]):
        assert _label_rows(rows, None) is None
        assert Puzzle(rows).n == 2
