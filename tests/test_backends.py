"""Every available backend against an independent brute-force oracle and the rules.

New backends join these tests by registering; nothing here names one backend.
"""

from __future__ import annotations

import pytest
from helpers import brute_force_solutions, brute_force_star_solutions, random_puzzle
from hypothesis import given, settings
from hypothesis import strategies as st

from queens_sat import BackendError, Puzzle, Status, available_backends, count_solutions, get_backend, is_unique, solve
from queens_sat.backends import backend_names

EXACT = [name for name in available_backends() if name != "logic"]
# Specialists (nqueens) take boards without regions only; the tests with regions skip them.
GENERAL = [name for name in EXACT if get_backend(name).unsupported(random_puzzle(5, 0, givens=True)) is None]

# Known counts of region-free boards: OEIS A000170 (queens) and A002464 (no-touch).
NQUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352]
NO_TOUCH_PERMUTATIONS = [1, 0, 0, 2, 14, 90, 646, 5242, 47622]


@pytest.fixture(params=EXACT)
def backend(request) -> str:
    return request.param


@pytest.fixture(params=GENERAL)
def general_backend(request) -> str:
    return request.param


@pytest.mark.parametrize("n", range(1, 9))
def test_region_free_counts_match_oeis(backend, n):
    assert count_solutions(Puzzle(n=n, rule="queens"), backend=backend) == NQUEENS[n - 1]
    if n <= 7:
        assert count_solutions(Puzzle(n=n), backend=backend) == NO_TOUCH_PERMUTATIONS[n - 1]


def _random_boards(stars: int, rule: str, givens: bool) -> list[Puzzle]:
    """Random boards for the brute-force comparison: Queens boards of n 4 to 7 (k = 1), or k-star
    boards grown around a planted solution, n 8 and 9 (k = 2), every third with a given star and
    a blocked cell when ``givens``."""
    if stars == 1:
        return [random_puzzle(4 + seed % 4, seed, rule, givens) for seed in range(60)]
    from test_stars_search import boards

    return [p for seed in range(3) for p in boards(6, seed, (8, 9), stars) if givens == bool(p.queens)]


@pytest.mark.parametrize(("stars", "rule"), [(1, "no-touch"), (1, "queens"), (2, "no-touch")])  # Star Battle is no-touch
@pytest.mark.parametrize("givens", [False, True])
def test_agrees_with_brute_force_on_random_boards(general_backend, rule, givens, stars):
    """Every count, every solution and the verdict, against the brute force, for Queens and
    Star Battle boards alike (one code path: ``solve``), on every backend that takes them."""
    puzzles = _random_boards(stars, rule, givens)
    if get_backend(general_backend).unsupported(puzzles[0]) is not None:
        pytest.skip(f"{general_backend} does not take k = {stars} boards")
    for puzzle in puzzles:
        expected = brute_force_solutions(puzzle) if stars == 1 else brute_force_star_solutions(puzzle)
        result = solve(puzzle, backend=general_backend, limit=None, keep=10**6)
        assert result.complete and result.count == len(expected), (puzzle.label_rows(), puzzle.queens, puzzle.blocked)
        assert set(result.solutions) == expected
        assert len(result.solutions) == len(set(result.solutions))
        verdict = solve(puzzle, backend=general_backend)
        assert verdict.status == {0: Status.NONE, 1: Status.UNIQUE}.get(len(expected), Status.MULTIPLE)


@settings(max_examples=120, deadline=None)
@given(
    n=st.integers(1, 7),
    seed=st.integers(0, 10**9),
    rule=st.sampled_from(["no-touch", "queens"]),
    givens=st.booleans(),
    name=st.sampled_from(GENERAL),
)
def test_any_solution_returned_obeys_every_rule_and_blocking_removes_it(n, seed, rule, givens, name):
    puzzle = random_puzzle(n, seed, rule, givens)
    result = solve(puzzle, backend=name, limit=None, keep=10**6)
    for solution in result.solutions:
        assert puzzle.violations(solution) == []
    # Block one cell of each solution in turn: the re-solve never returns it again,
    # and loses no other solution that avoids that cell.
    for solution in result.solutions[:3]:
        r = seed % n
        cell = (r, solution[r])
        if cell in puzzle.queens:
            continue
        again = solve(puzzle.replace(blocked=puzzle.blocked | {cell}), backend=name, limit=None, keep=10**6)
        assert solution not in again.solutions
        assert set(again.solutions) == {s for s in result.solutions if s[r] != solution[r]}


def test_limit_stops_early_and_says_so(backend):
    puzzle = Puzzle(n=8, rule="queens")
    res = solve(puzzle, backend=backend, limit=5)
    assert res.count == 5 and not res.complete and res.status is Status.MULTIPLE and len(res.solutions) == 5
    one = solve(puzzle, backend=backend, limit=1)
    assert one.count == 1 and one.status is Status.UNKNOWN and not one.timed_out
    assert solve(puzzle, backend=backend, limit=None, keep=0).count == 92


def test_time_limit_gives_unknown_not_a_wrong_verdict(backend):
    # 14-queens has 365,596 solutions: no backend counts them all in a millisecond.
    res = solve(Puzzle(n=14, rule="queens"), backend=backend, limit=None, time_limit=0.001, keep=0)
    assert res.timed_out and not res.complete
    assert res.status in (Status.UNKNOWN, Status.MULTIPLE)
    assert res.count < 365_596


def test_given_queens_and_blocked_cells(general_backend):
    backend = general_backend
    multiple = ["AABCCC", "BBBDEC", "BBBDEE", "BBEEEE", "BEEEFF", "BEEFFF"]
    assert solve(Puzzle(multiple), backend=backend).status is Status.MULTIPLE
    res = solve(Puzzle(multiple, queens=[(0, 0)]), backend=backend)
    assert res.status is Status.UNIQUE and res.solution == (0, 5, 3, 1, 4, 2)
    assert solve(Puzzle(multiple, queens=[(0, 0)], blocked=[(1, 5)]), backend=backend).status is Status.NONE


def test_is_unique_takes_bare_grids_and_numpy(general_backend):
    backend = general_backend
    import numpy as np

    grid = ["AABCCC", "BBBDEC", "BBBDEE", "BBEEEE", "BEEEFF", "BEEFFF"]
    assert not is_unique(grid, backend=backend)
    codes = np.array([[ord(ch) - 65 for ch in row] for row in grid])
    assert not is_unique(codes, backend=backend)
    assert is_unique(Puzzle(grid, queens=[(0, 0)]), backend=backend)


def test_registry_errors_list_the_choices():
    with pytest.raises(BackendError) as info:
        get_backend("gurobi")
    assert "unknown backend 'gurobi'" in str(info.value)
    for name in backend_names():
        assert name in str(info.value)
    with pytest.raises(BackendError, match="no variant"):
        get_backend("python:fast")
    assert "python" in available_backends()


def test_a_wrong_solution_from_a_backend_is_refused(monkeypatch):
    from queens_sat.backends.python import PythonBackend
    from queens_sat.model.result import Outcome

    monkeypatch.setattr(PythonBackend, "search", lambda self, p, **kw: Outcome([(0, 1, 2, 3)], 1, True))
    with pytest.raises(BackendError, match="wrong solution"):
        solve(Puzzle(n=4, rule="queens"), backend="python")
