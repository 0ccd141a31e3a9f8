"""``qs.is_unique`` on rows (the validator's call) against the full way: same answers, same errors.

A list or tuple of rows goes to ``searching.unique_rows`` (one compiled call that renumbers,
checks and searches), anything it cannot settle to ``solve``; these tests hold the two ways
together on random boards of both rules, malformed grids and odd arguments.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from helpers import random_regions

import queens_sat as qs
from queens_sat.backends import searching
from queens_sat.extension import bitsearch
from queens_sat.model.result import Status
from queens_sat.services.solving import as_puzzle, solve

NATIVE = bitsearch() is not None
RULES = ("no-touch", "queens")


def _full(grid: object, **options: object) -> bool:
    """The full way's verdict: a ``solve`` at limit 2 (its count), as every call went before."""
    result = solve(grid, limit=2, **options)  # type: ignore[arg-type]
    assert result.status in (Status.UNIQUE, Status.MULTIPLE, Status.NONE)
    return result.count == 1 and result.complete


def _raised(call: Callable[[], object]) -> tuple[type[BaseException], str]:
    try:
        call()
    except Exception as err:
        return type(err), str(err)
    raise AssertionError("no error raised")


@pytest.mark.parametrize("rule", RULES)
def test_the_fast_way_agrees_with_the_full_way_on_random_boards(rule: str) -> None:
    rng = random.Random(34)
    settled = 0
    for _ in range(400):
        n = rng.randint(1, 12)
        grid = random_regions(n, rng)
        if rng.random() < 0.3:  # other labels: numbered again by first appearance, as a Puzzle numbers them
            labels = rng.sample(range(64), n)
            grid = [[labels[v] for v in row] for row in grid]
        expected = _full(as_puzzle(grid, rule))
        assert _full(grid, rule=rule) == expected
        fast = searching.unique_rows(grid, rule, "auto")
        assert fast in (None, expected)
        settled += fast is not None
        for rows in (grid, tuple(map(tuple, grid)), [list(row) for row in grid]):
            assert qs.is_unique(rows, rule=rule) == expected
        if rule == "no-touch":
            assert qs.is_unique(grid) == expected
    assert settled == (400 if NATIVE else 0)  # the one compiled call settles every one when it is built


def test_lettered_rows_agree_too() -> None:
    rng = random.Random(5)
    for _ in range(100):
        n = rng.randint(1, 10)
        letters = rng.sample("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", n)
        rows = ["".join(letters[k] for k in row) for row in random_regions(n, rng)]
        for rule in RULES:
            assert qs.is_unique(rows, rule=rule) == _full(as_puzzle(rows, rule))


BAD_ROWS = {
    "ragged": [[0, 0, 1], [0, 1], [2, 2, 2]],
    "a short last row": [[0, 1, 2], [0, 1, 2], [0, 1]],
    "not square": [[0, 1, 2], [0, 1, 2]],
    "too wide": [[0, 1], [1, 0], [0, 1]],
    "too many labels": [[0, 1, 2], [0, 1, 2], [0, 1, 3]],
    "too few labels": [[0, 0, 1], [0, 0, 1], [1, 1, 1]],
    "a label past 63": [[0, 1, 2], [0, 1, 2], [0, 1, 99]],
    "negative": [[0, 1, 2], [0, 1, 2], [0, 1, -1]],
    "a float": [[0, 1, 2], [0, 1, 2], [0, 1, 2.0]],
    "a bool": [[0, True, 2], [0, 1, 2], [0, 1, 2]],
    "None": [[0, 1, 2], [0, 1, 2], [0, 1, None]],
    "a huge number": [[0, 1, 2], [0, 1, 2], [0, 1, 2**70]],
    "empty": [],
    "an empty row": [[]],
    "a row that is a number": [0, 1, 2],
    "a row that is a dict": [{0: 1}, [0, 1], [1, 0]],
    "letters with a blank": ["AB ", "ABC", "ABC"],
    "letters with a hash": ["AB#", "ABC", "ABC"],
    "letters, ragged": ["AB", "ABC", "ABC"],
    "letters and a list": ["ABC", [0, 1, 2], "ABC"],
    "too big": [[k % 65 for k in range(65)] for _ in range(65)],
}


@pytest.mark.parametrize("name", BAD_ROWS)
@pytest.mark.parametrize("rule", RULES)
def test_malformed_rows_raise_the_full_ways_error(name: str, rule: str) -> None:
    rows = BAD_ROWS[name]
    expected = _raised(lambda: solve(rows, limit=2, rule=rule))
    assert _raised(lambda: qs.is_unique(rows, rule=rule)) == expected
    if type(rows) is list:
        assert _raised(lambda: qs.is_unique(tuple(rows), rule=rule))[0] is expected[0]


GOOD = [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]


@pytest.mark.parametrize(
    "options",
    [
        {"rule": "diagonal"},
        {"rule": ["no-touch"]},
        {"rule": 1},
        {"backend": "no-such-backend"},
        {"backend": 5},
        {"stars": 0},
        {"stars": 2},
        {"time_limit": -1},
    ],
    ids=repr,
)
def test_bad_arguments_raise_the_full_ways_error(options: dict[str, object]) -> None:
    expected = _raised(lambda: solve(GOOD, limit=2, keep=0, **options))  # type: ignore[arg-type]
    assert _raised(lambda: qs.is_unique(GOOD, **options)) == expected  # type: ignore[arg-type]


def test_other_backends_and_options_give_the_same_verdicts() -> None:
    rng = random.Random(9)
    for _ in range(30):
        grid = random_regions(rng.randint(4, 8), rng)
        expected = _full(as_puzzle(grid))
        for options in ({"backend": "python"}, {"backend": "auto", "time_limit": 60}, {"stars": 1}, {"rule": None}):
            assert qs.is_unique(grid, **options) == expected  # type: ignore[arg-type]


@pytest.mark.skipif(not NATIVE, reason="no compiled search: every grid goes the full way")
def test_a_rows_search_checks_nothing_it_cannot_and_counts_no_pieces() -> None:
    """``count_rows`` without ``pieces``: the same count, most pieces 0 (not counted); with them, counted."""
    from queens_sat.engines.regions import counting

    module = counting.compiled_required()
    split = [[0, 1, 0], [1, 1, 1], [2, 2, 2]]  # region 0 in two pieces
    with_pieces = module.count_rows(split, 0, 2, 0, 0.0, 0, True)
    without = module.count_rows(split, 0, 2, 0, 0.0, 0, False)
    assert with_pieces is not None and without is not None
    assert with_pieces[6] == 2 and without[6] == 0 and with_pieces[:6] == without[:6]
    assert module.count_rows([[0, 1], [0, 5]], 0, 2, 0, 0.0, 0, False) is None


def test_a_cancelled_search_is_cancelled_either_way() -> None:
    from queens_sat.model.errors import Cancelled
    from queens_sat.runtime.cancel import CancelToken, cancel_scope

    token = CancelToken()
    token.cancel()
    with cancel_scope(token):
        for call in (lambda: qs.is_unique(GOOD), lambda: solve(GOOD, limit=2, keep=0), lambda: qs.is_unique(GOOD, time_limit=60)):
            with pytest.raises(Cancelled):
                call()
    assert qs.is_unique(GOOD)
