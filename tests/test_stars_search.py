"""The k-star (Star Battle) search: what only k > 1 has (the block flows, the native search
node for node against the reference, its limits). Every backend against the brute force, on
k = 1 and k = 2 boards alike, is tests/test_backends.py."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from helpers import brute_force_star_solutions as brute_force

import queens_sat as qs
from queens_sat.backends import get_backend
from queens_sat.extension import stars
from queens_sat.model.placement import star_cells
from queens_sat.model.puzzle import Puzzle

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from star_boards import star_board

Cell = tuple[int, int]


def boards(count: int, seed: int, sizes: tuple[int, ...], k: int) -> list[Puzzle]:
    """Random planted boards; every third carries a given star and a blocked cell."""
    rng = random.Random(seed)
    out = []
    for index in range(count):
        puzzle, stars = star_board(rng.choice(sizes), k, rng)
        if index % 3 == 0:
            n = puzzle.n
            given = rng.choice(stars)
            free = [(r, c) for r in range(n) for c in range(n) if max(abs(r - given[0]), abs(c - given[1])) > 1]
            puzzle = puzzle.replace(queens=[given], blocked=[rng.choice(free)])
        out.append(puzzle)
    return out


def reference(puzzle: Puzzle, limit: int | None = None) -> qs.SolveResult:
    return qs.solve(puzzle, backend="python", limit=limit, keep=10**6)


@pytest.mark.parametrize("seed", range(4))
def test_each_block_flow_keeps_every_solution_of_the_state_and_prunes_some(seed: int) -> None:
    """A block flow on its own, from states a known solution survives (random non-solution
    cells taken out): it never calls such a state a dead end, every star it places is the
    solution's, every cell it keeps out is not; and over the boards it does take something."""
    from queens_sat.engines.stars.search_py import StarBoard

    rng = random.Random(100 + seed)
    pruned = 0
    for puzzle in boards(12, 200 + seed, (8, 9), 2):
        if puzzle.queens or puzzle.blocked:
            continue
        n, k = puzzle.n, puzzle.stars
        assert puzzle.regions is not None
        board = StarBoard(n, k, [g for row in puzzle.regions for g in row], (), (), None)
        assert len(board.flows) == 8
        for solution in sorted(brute_force(puzzle))[:3]:
            stars = {r * n + c for r, c in star_cells(solution, k)}
            cand = (1 << (n * n)) - 1
            for cell in range(n * n):
                if cell not in stars and rng.random() < 0.3:
                    cand &= ~(1 << cell)
            for flow in board.flows:
                need, placed = [k] * (3 * n), []
                out = board._flow(flow, cand, need, placed)
                assert out is not None, (puzzle, solution)
                assert set(placed) <= stars, (puzzle, solution)
                assert all(out >> cell & 1 or cell in placed for cell in stars), (puzzle, solution)
                pruned += out | sum(1 << cell for cell in placed) != cand
    assert pruned > 0  # the flows did take cells out somewhere


def test_native_matches_the_reference_with_the_flow_at_14() -> None:
    """Node for node on 14 x 14 3-star boards too, where the strip flows prune most."""
    if stars() is None:
        pytest.skip("the native extension is not built, or QUEENS_SAT_PURE_PYTHON is set")
    rng = random.Random(77)
    for _ in range(3):
        puzzle = star_board(14, 3, rng)[0]
        mine = qs.solve(puzzle, backend="native", limit=2, keep=2)
        theirs = qs.solve(puzzle, backend="python", limit=2, keep=2)
        assert (mine.count, mine.solutions, mine.stats["nodes"]) == (theirs.count, theirs.solutions, theirs.stats["nodes"])


def test_reference_without_regions_matches_brute_force() -> None:
    for n in (8, 9):  # 7 x 7 holds no 2-star placement at all (the model refuses it)
        puzzle = Puzzle(None, n=n, stars=2)
        expected = sorted(brute_force(puzzle))
        assert sorted(reference(puzzle).solutions) == expected


def test_reference_limit_keep_and_givens() -> None:
    puzzle, stars = star_board(9, 2, random.Random(5))
    everything = reference(puzzle)
    assert everything.count >= 1
    two = qs.solve(puzzle, backend="python", limit=2, keep=1)
    assert two.count == min(2, everything.count) and len(two.solutions) == 1
    pinned = reference(puzzle.replace(queens=stars))  # every planted star given: that one placement
    assert pinned.count == 1
    assert list(pinned.solutions[0]) == [c for _, c in sorted(stars)]
    touching = puzzle.replace(blocked=[stars[0]], queens=[stars[1]])
    assert all(stars[0] not in star_cells(s, 2) for s in reference(touching).solutions)


def test_reference_time_limit() -> None:
    puzzle = Puzzle(None, n=16, stars=3)  # a great many solutions
    result = qs.solve(puzzle, backend="python", limit=None, time_limit=0.05)
    assert result.timed_out and not result.complete


def test_solutions_are_flat_k_per_row() -> None:
    puzzle, _ = star_board(10, 2, random.Random(1))
    result = qs.solve(puzzle, backend="python", limit=2)
    for solution in result.solutions:
        assert len(solution) == 20
        assert puzzle.violations(solution) == []


def test_auto_takes_star_boards() -> None:
    puzzle, stars = star_board(10, 2, random.Random(2))
    assert get_backend("auto").unsupported(puzzle) is None
    pinned = puzzle.replace(queens=stars)
    assert qs.is_unique(pinned)
    assert qs.count_solutions(pinned) == 1


native = pytest.mark.skipif(stars() is None, reason="the native extension is not built, or QUEENS_SAT_PURE_PYTHON is set")


@native
@pytest.mark.parametrize("seed", range(4))
def test_native_matches_the_reference(seed: int) -> None:
    """Counts (capped at 50), completeness, the solutions and their order, node counts."""
    rng = random.Random(100 + seed)
    puzzles = boards(30, seed, (8, 9, 10, 11), 2)
    puzzles += [star_board(12, 3, rng)[0] for _ in range(2)]
    puzzles.append(Puzzle(None, n=9, stars=2))
    for puzzle in puzzles:
        for limit in (2, 50):
            mine = qs.solve(puzzle, backend="native", limit=limit, keep=limit)
            theirs = qs.solve(puzzle, backend="python", limit=limit, keep=limit)
            assert (mine.count, mine.complete) == (theirs.count, theirs.complete), puzzle
            assert mine.solutions == theirs.solutions
            assert mine.stats["nodes"] == theirs.stats["nodes"]


@native
def test_native_time_limit_and_limit() -> None:
    puzzle = Puzzle(None, n=20, stars=4)
    result = qs.solve(puzzle, backend="native", limit=None, time_limit=0.05)
    assert result.timed_out and not result.complete and result.count > 0
    first = qs.solve(puzzle, backend="native", limit=3, keep=1)
    assert first.count == 3 and len(first.solutions) == 1 and not first.complete


@native
def test_native_streams_and_auto_routes_to_it() -> None:
    puzzle, stars = star_board(10, 2, random.Random(7))
    streamed = list(get_backend("native").iter_solutions(puzzle))
    assert streamed == list(qs.solve(puzzle, backend="python", limit=None, keep=10**6).solutions)
    assert get_backend("auto").resolve(puzzle).name == "native"
    assert qs.solve(puzzle.replace(queens=stars)).backend == "native"


def test_auto_lets_cpsat_take_turns_on_star_boards() -> None:
    from queens_sat.backends.auto import AutoBackend

    puzzle, _ = star_board(10, 2, random.Random(3))
    other = AutoBackend().partner(puzzle)
    if get_backend("cpsat").available():
        assert other is not None and other.name == "cpsat"
    queens = Puzzle([[0, 0, 1, 1], [0, 2, 2, 1], [3, 2, 2, 1], [3, 3, 3, 1]])  # k = 1 keeps sat first
    first = AutoBackend().partner(queens)
    if get_backend("sat").available():
        assert first is not None and first.name == "sat"


@native
def test_native_stops_on_ctrl_c() -> None:
    """The search runs without the GIL; Ctrl-C still stops it (checked every 4096 nodes)."""
    import os
    import signal
    import threading

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            get_backend("native").search(Puzzle(None, n=20, stars=4), limit=None, keep=0, time_limit=30)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
