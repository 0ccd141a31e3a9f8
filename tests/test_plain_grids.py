"""The per-call path of ``solve`` / ``is_unique`` on bare grids: same answers and same errors as the full way."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest
from helpers import random_regions

import queens_sat as qs
from queens_sat.extension import PURE_PYTHON_ENV, bitsearch, pure_python_forced, reread_environment
from queens_sat.model.errors import PuzzleError
from queens_sat.model.grids import plain_grid, plain_solution_ok
from queens_sat.services.solving import as_puzzle, solve

NATIVE = bitsearch() is not None  # the compiled search takes plain grids as they are; the reference gets a Puzzle


def solution_ok(rule, grid, cols):
    return plain_solution_ok(plain_grid(grid, rule), cols, 0 if rule == "no-touch" else 1)
UNIQUE_5 = [[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]


def _full(regions, rule="no-touch"):
    """The way every call went before: a ``Puzzle``, then the facade."""
    return solve(as_puzzle(regions, rule), limit=2)


@pytest.mark.parametrize("rule", ["no-touch", "queens"])
def test_agrees_with_the_full_way_on_random_boards(rule):
    rng = random.Random(12)
    for _ in range(300):
        n = rng.randint(1, 11)
        regions = random_regions(n, rng)
        full = _full(regions, rule)
        for grid in (regions, np.array(regions), np.array(regions, dtype=np.int8), tuple(map(tuple, regions))):
            assert plain_grid(grid, rule) is not None
            assert qs.is_unique(grid, rule=rule) == full.is_unique
        if rule == "no-touch":
            fast = qs.solve(regions)
            assert (fast.status, fast.count, fast.complete) == (full.status, full.count, full.complete)
            assert all(as_puzzle(regions).is_solution(s) for s in fast.solutions)
            if full.is_unique:
                assert fast.solutions == full.solutions


def test_the_answer_is_a_full_solve_result():
    res = qs.solve(UNIQUE_5)
    assert res.is_unique and res.solution == (2, 4, 1, 3, 0) and res.stats["nodes"] > 0
    assert res.backend == ("native" if NATIVE else "python")
    assert qs.solve(UNIQUE_5, limit=1).status.value == "unknown"
    assert qs.solve(UNIQUE_5, limit=None).count == 1


BAD_GRIDS = {
    "ragged": [[0, 0, 1], [0, 1], [2, 2, 2]],
    "not square": [[0, 1, 2], [0, 1, 2]],
    "out of range": [[0, 1, 2], [0, 1, 2], [0, 1, 9]],
    "negative": [[0, 1, 2], [0, 1, 2], [0, 1, -1]],
    "a region missing": [[0, 0, 1], [0, 0, 1], [1, 1, 1]],
    "a float": [[0, 1, 2], [0, 1, 2], [0, 1, 2.0]],
    "a bool": [[0, True, 2], [0, 1, 2], [0, 1, 2]],
    "None": [[0, 1, 2], [0, 1, 2], [0, 1, None]],
    "a huge number": [[0, 1, 2], [0, 1, 2], [0, 1, 2**70]],
    "empty": [],
    "a row that is a number": [0, 1, 2],
}


@pytest.mark.parametrize("name", BAD_GRIDS)
def test_bad_grids_get_the_full_ways_error(name):
    grid = BAD_GRIDS[name]
    assert plain_grid(grid, "no-touch") is None
    with pytest.raises(PuzzleError) as full:
        as_puzzle(grid)
    for call in (qs.is_unique, qs.solve):
        with pytest.raises(PuzzleError) as fast:
            call(grid)
        assert str(fast.value) == str(full.value)


def test_bad_numpy_grids_get_the_full_ways_error():
    for grid in (np.zeros((2, 3), dtype=int), np.array([[0, 1], [0, 5]]), np.zeros((2, 2, 2), dtype=int)):
        with pytest.raises(PuzzleError):
            qs.is_unique(grid)
    assert plain_grid(np.array([[0.0, 1.0], [1.0, 0.0]]), "no-touch") is None
    assert plain_grid(np.array([[True, False], [False, True]]), "no-touch") is None


def test_labels_and_other_numbers_take_the_full_way_and_still_work():
    letters = ["AABBB", "AAACD", "AEACD", "ACCCC", "ACCCC"]
    assert plain_grid(letters, "no-touch") is None and qs.is_unique(letters)
    one_based = [[v + 1 for v in row] for row in UNIQUE_5]
    assert plain_grid(one_based, "no-touch") is None and qs.is_unique(one_based)
    assert qs.solve([list(row) for row in letters]).is_unique


def test_unknown_rule_and_bad_limit_are_the_full_ways_errors():
    with pytest.raises(PuzzleError, match="rule 'diagonal'"):
        qs.is_unique(UNIQUE_5, rule="diagonal")
    with pytest.raises(ValueError, match="limit must be at least 1"):
        qs.solve(UNIQUE_5, limit=0)


def test_solution_check_refuses_what_breaks_a_rule():
    assert solution_ok("no-touch", UNIQUE_5, (2, 4, 1, 3, 0))
    for wrong in ((2, 4, 1, 3, 3), (2, 3, 1, 4, 0), (2, 4, 1, 3), (0, 2, 4, 1, 3), (2, 4, 1, 3, 7)):
        assert not solution_ok("no-touch", UNIQUE_5, wrong), wrong
    assert not solution_ok("queens", UNIQUE_5, (0, 1, 2, 3, 4))


@pytest.fixture
def environment(monkeypatch):
    """``monkeypatch`` for the environment, with the pure-Python switch read again after each
    change and once more after the environment is restored (it is read once, at import)."""
    yield monkeypatch
    monkeypatch.undo()
    reread_environment()


def test_pure_python_mode_takes_the_full_way(environment):
    environment.setenv("QUEENS_SAT_PURE_PYTHON", "1")
    reread_environment()
    res = qs.solve(UNIQUE_5)
    assert res.is_unique and res.backend == "python"


def test_the_pure_python_switch_is_read_at_import_and_on_request(environment):
    """``pure_python_forced`` keeps its answer (a per-call read costs a microsecond): a change of
    the environment counts once ``reread_environment`` has read it."""
    assert pure_python_forced() is (os.environ.get(PURE_PYTHON_ENV, "").strip() not in ("", "0"))
    for value, forced in (("1", True), ("0", False), ("", False), (" yes ", True), (" 0 ", False), ("1", True)):
        environment.setenv(PURE_PYTHON_ENV, value)
        reread_environment()
        assert pure_python_forced() is forced, value
    environment.delenv(PURE_PYTHON_ENV)
    assert pure_python_forced() is True  # not read again yet
    reread_environment()
    assert pure_python_forced() is False


def test_other_backends_take_the_full_way():
    assert qs.solve(UNIQUE_5, backend="python").backend == "python"
    assert qs.is_unique(UNIQUE_5, backend="python")


def test_the_python_check_stands_in_when_the_compiled_one_is_missing(monkeypatch):
    from queens_sat.model import grids

    monkeypatch.setattr(grids, "gridcheck", lambda: None)
    for name, grid in BAD_GRIDS.items():
        assert plain_grid(grid, "no-touch") is None, name
    rng = random.Random(5)
    for _ in range(100):
        regions = random_regions(rng.randint(1, 9), rng)
        for rule in ("no-touch", "queens"):
            assert qs.is_unique(regions, rule=rule) == _full(regions, rule).is_unique
    assert solution_ok("no-touch", UNIQUE_5, (2, 4, 1, 3, 0)) and not solution_ok("no-touch", UNIQUE_5, (2, 3, 1, 4, 0))


def test_puzzles_built_in_c_equal_those_built_in_python(monkeypatch):
    """``Puzzle`` numbers integer grids and finds split regions in C; the Python way must agree."""
    rng = random.Random(3)
    grids = [random_regions(rng.randint(1, 12), rng) for _ in range(200)]
    grids += [[[rng.randrange(n) for _ in range(n)] for _ in range(n)] for n in (3, 5, 8) for _ in range(50)]
    built = []
    for grid in grids:
        try:
            puzzle = qs.Puzzle(grid)
            built.append((puzzle, puzzle.warnings()))
        except PuzzleError as err:
            built.append((None, str(err)))
    monkeypatch.setenv("QUEENS_SAT_PURE_PYTHON", "1")
    for grid, (fast, found) in zip(grids, built, strict=True):
        try:
            slow = qs.Puzzle(grid)
        except PuzzleError as err:
            assert found == str(err)
            continue
        assert fast == slow and fast.regions == slow.regions and fast.labels == slow.labels
        assert found == slow.warnings()
    assert any(fast is not None and found for fast, found in built)


def test_a_tail_goes_on_from_the_first_turn_taken_here(monkeypatch):
    """A grid the native search leaves unsettled in ``auto``'s first turn goes on to the portfolio's
    next turns (``AutoBackend.go_on``) with that turn recorded, not searched a second time."""
    if not NATIVE:
        pytest.skip("no compiled search: every grid goes the full way")
    from queens_sat.backends import native
    from queens_sat.backends.auto import AutoBackend
    from queens_sat.engines.regions import counting

    expected = _full(UNIQUE_5).solutions
    first_turns: list[int] = []

    class FirstTurnRunsOut:
        MAX_N = 64
        count_rows = None  # no search of rows: a grid's search goes by ``count``

        def count(self, grid: object, n: int, rule: int, limit: int, keep: int, queens: tuple, blocked: tuple, budget: float, nodes: int) -> tuple:  # noqa: E501
            first_turns.append(nodes)
            return 0, False, False, [], 5, True  # nothing found, the budget spent

    taken: list[object] = []
    real_go_on = AutoBackend.go_on

    def go_on(self: AutoBackend, puzzle: object, first: object, **kw: object) -> object:
        taken.append(first)
        return real_go_on(self, puzzle, first, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(counting, "required", lambda name=None: FirstTurnRunsOut())  # the region search's front
    monkeypatch.setattr(AutoBackend, "go_on", go_on)
    res = qs.solve(UNIQUE_5, time_limit=30)
    assert first_turns[0] == native.FIRST_NODES and len(taken) == 1  # one first turn, here, then the portfolio
    assert taken[0].spent and taken[0].stats == {"nodes": 5}
    assert res.is_unique and res.solutions == expected and res.backend != "native"
    if "stages" in res.stats:  # a SAT solver took a turn: the first stage is the one taken here
        first = res.stats["stages"][0]
        assert (first["backend"], first["settled"], first["nodes"], first["budget"]) == ("native", False, 5, native.FIRST_NODES)
    assert qs.is_unique(UNIQUE_5) and len(taken) == 2


def _lettered_cases(rng: random.Random) -> list[object]:
    """Lettered boards, good ones and every way one can be off: other characters, padding,
    ragged rows, too few or too many labels, non-strings."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&*+-./:;<=>?@^_~"
    cases: list[object] = []
    for _ in range(300):
        n = rng.randint(1, 12)
        grid = random_regions(n, rng)
        letters = rng.sample(alphabet, n)
        rows = ["".join(letters[k] for k in row) for row in grid]
        cases.append(rows)
        r, c = rng.randrange(n), rng.randrange(n)
        for bad in (" ", "#", "é", "\t", rng.choice(alphabet)):
            broken = list(rows)
            broken[r] = broken[r][:c] + bad + broken[r][c + 1 :]
            cases.append(broken)
        cases += [[f" {row}" for row in rows], rows[:-1], tuple(rows), [*rows[:-1], rows[-1][:-1]], [*rows[:-1], 5]]
    return cases


def test_lettered_boards_read_in_c_as_in_python():
    """The compiled reading of rows of label characters (``gridcheck.canonical_labels``) gives
    the Python reading's regions and labels, and leaves everything else to the general path."""
    from queens_sat.extension import gridcheck
    from queens_sat.model.grids import _label_rows

    check = gridcheck()
    if check is None:
        pytest.skip("the compiled grid check is not built (or QUEENS_SAT_PURE_PYTHON is set)")
    taken = 0
    for rows in _lettered_cases(random.Random(5)):
        compiled = check.canonical_labels(rows)
        if compiled is not None:
            taken += 1
            assert compiled == _label_rows(rows, None), rows
            assert qs.Puzzle(rows).label_rows() == list(rows)
    assert taken > 300
