"""Star Battle (k stars a unit) in the cpsat and sat backends, against a brute-force oracle.

The oracle below shares no code with the backends: it places k stars a row, row by row,
and checks columns, regions, touching and givens itself. Boards are n = 8 and 9 with k = 2
(a 7×7 board holds no 2-star placement at all, an 8×8 two):
some planted (regions drawn around a random k-star placement, so at least one solution),
some with random regions (mostly none), some with givens.
"""

from __future__ import annotations

import random
import sys
from itertools import combinations, pairwise
from pathlib import Path

import pytest
from helpers import brute_force_star_solutions as brute_force
from helpers import random_regions

from queens_sat import BackendError, Puzzle, count_solutions, get_backend, iter_solutions, solve
from queens_sat.backends import available_backends
from queens_sat.backends.cnf import CARDINALITY_ENCODINGS, NATIVE

pytestmark = pytest.mark.skipif(
    not {"sat", "cpsat"} <= set(available_backends()), reason="ortools and python-sat are needed"
)

SAT_ENCODINGS = [f"sat:minisat22:{e}" for e in CARDINALITY_ENCODINGS if e != NATIVE] + ["sat:minicard:native", "sat:glucose4"]
CPSAT_VARIANTS = ["cpsat", "cpsat:blocking", "cpsat:pairwise", "cpsat:rows"]
VARIANTS = CPSAT_VARIANTS + SAT_ENCODINGS


def planted_puzzle(n: int, k: int, seed: int, givens: bool = False) -> Puzzle:
    """Regions drawn around a random k-star placement: every region holds k of its stars,
    every other cell goes to the region of a nearest star."""
    rng = random.Random(seed)
    free = Puzzle(n=n, stars=k)
    solutions = sorted(brute_force(free)) if n <= 8 else None
    if solutions:
        stars = rng.choice(solutions)
    else:
        stars = _random_placement(n, k, rng)
    cells = [(i // k, c) for i, c in enumerate(stars)]
    rng.shuffle(cells)
    owner = {cell: i // k for i, cell in enumerate(cells)}
    grid = [[0] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            if (r, c) in owner:
                grid[r][c] = owner[(r, c)]
            else:
                best = min(abs(r - a) + abs(c - b) for a, b in cells)
                grid[r][c] = owner[rng.choice([(a, b) for a, b in cells if abs(r - a) + abs(c - b) == best])]
    puzzle = Puzzle(grid, stars=k)
    if givens:
        star = rng.choice(cells)
        empty = [(r, c) for r in range(n) for c in range(n) if (r, c) not in owner]
        puzzle = puzzle.replace(queens=[star], blocked=rng.sample(empty, 2))
    return puzzle


def _random_placement(n: int, k: int, rng: random.Random) -> tuple[int, ...]:
    """A random k-star placement on an empty board, by randomised backtracking."""
    choices = [c for c in combinations(range(n), k) if all(b - a > 1 for a, b in pairwise(c))]
    counts = [0] * n
    placed: list[tuple[int, ...]] = []

    def place(r: int) -> bool:
        if r == n:
            return all(m == k for m in counts)
        options = choices[:]
        rng.shuffle(options)
        above = placed[-1] if placed else ()
        for cols in options:
            if any(abs(a - c) <= 1 for a in above for c in cols) or any(counts[c] == k for c in cols):
                continue
            if any(k - counts[c] > n - r - 1 for c in range(n) if c not in cols):  # columns left behind
                continue
            for c in cols:
                counts[c] += 1
            placed.append(cols)
            if place(r + 1):
                return True
            placed.pop()
            for c in cols:
                counts[c] -= 1
        return False

    assert place(0)
    return tuple(c for cols in placed for c in cols)


def boards() -> list[Puzzle]:
    """A fixed mix: planted boards n = 8 and 9, some with givens, and random-region boards."""
    out = [planted_puzzle(9 if seed % 3 else 8, 2, seed, givens=seed % 4 == 3) for seed in range(12)]
    out += [Puzzle(random_regions(9, random.Random(seed)), stars=2) for seed in range(4)]
    return out


BOARDS = boards()
EXPECTED = [brute_force(p) for p in BOARDS]


def test_the_mix_holds_unique_multiple_and_none() -> None:
    sizes = {min(len(e), 2) for e in EXPECTED}
    assert sizes == {0, 1, 2}, [len(e) for e in EXPECTED]


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_finds_exactly_the_brute_force_solutions(name: str) -> None:
    for puzzle, expected in zip(BOARDS, EXPECTED, strict=True):
        result = solve(puzzle, backend=name, limit=None, keep=10**6)
        assert result.complete and set(result.solutions) == expected, (name, puzzle.label_rows())
        assert result.count == len(expected)


@pytest.mark.parametrize("name", ["cpsat", "cpsat:blocking", "sat", "sat:minisat22:totalizer"])
def test_counts_limits_and_streams(name: str) -> None:
    for puzzle, expected in zip(BOARDS, EXPECTED, strict=True):
        assert count_solutions(puzzle, backend=name) == len(expected)
        two = solve(puzzle, backend=name, limit=2)
        assert two.count == min(2, len(expected))
        assert set(two.solutions) <= expected
        streamed = list(iter_solutions(puzzle, backend=name))
        assert len(streamed) == len(set(streamed)) and set(streamed) == expected


@pytest.mark.parametrize("name", ["cpsat", "sat"])
def test_free_boards_count_as_brute_force(name: str) -> None:
    # no regions: k stars a row and column, no two touching
    for n, expected in ((8, 2), (9, 664)):  # 7 x 7 is refused: no 2-star placement fits (see check_star_room)
        free = Puzzle(n=n, stars=2)
        assert count_solutions(free, backend=name) == len(brute_force(free)) == expected


def test_solutions_come_in_the_flat_k_star_layout() -> None:
    puzzle = next(p for p, e in zip(BOARDS, EXPECTED, strict=True) if len(e) == 1)
    for name in ("cpsat", "sat"):
        (solution,) = solve(puzzle, backend=name).solutions
        assert len(solution) == 2 * puzzle.n
        assert all(solution[2 * r] < solution[2 * r + 1] for r in range(puzzle.n))


def test_at_most_one_encodings_are_refused_for_k_stars() -> None:
    with pytest.raises(BackendError, match="cardinality encoding"):
        solve(BOARDS[0], backend="sat:minisat22:pairwise")
    with pytest.raises(BackendError, match="cardinality encoding"):
        solve(BOARDS[0], backend="sat:ladder")
    assert get_backend("sat:minisat22:pairwise").unsupported(Puzzle(n=7)) is None  # k = 1 unchanged


@pytest.mark.parametrize("name", ["cpsat", "cpsat:blocking", "sat", "sat:cadical195:seqcounter"])
def test_a_time_limit_ends_a_long_count(name: str) -> None:
    # 21x21 with 5 stars and no regions has a vast number of solutions: counting them all
    # cannot finish in 0.2 s, so the search must stop and say so.
    result = solve(Puzzle(n=21, stars=5), backend=name, limit=None, keep=0, time_limit=0.2)
    assert result.timed_out and not result.complete


def test_cpsat_and_sat_agree_with_the_python_reference_on_grown_boards() -> None:
    # boards grown round a planted solution (bench/star_boards.py, shared with the search
    # helper's tests); bench/stars_encodings.py runs the same check on hundreds of boards
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from star_boards import star_board

    rng = random.Random(7)
    for i in range(16):
        n, k = ((9, 2), (10, 2), (11, 2), (13, 3))[i % 4]
        puzzle, _ = star_board(n, k, rng)
        ref = solve(puzzle, backend="python", limit=8, keep=8)
        for name in ("cpsat", "sat", "sat:glucose4:seqcounter"):
            res = solve(puzzle, backend=name, limit=8, keep=8)
            assert (res.count, res.complete) == (ref.count, ref.complete), (name, puzzle.label_rows())
            if ref.complete:
                assert set(res.solutions) == set(ref.solutions)


@pytest.mark.parametrize("encoding", ["mtotalizer", "kmtotalizer"])
def test_the_new_encodings_serve_queens_boards_too(encoding: str) -> None:
    from helpers import brute_force_solutions, random_puzzle

    for seed in range(8):
        puzzle = random_puzzle(5 + seed % 4, seed, ("no-touch", "queens")[seed % 2], givens=seed % 3 == 0)
        result = solve(puzzle, backend=f"sat:minisat22:{encoding}", limit=None, keep=10**6)
        assert set(result.solutions) == brute_force_solutions(puzzle)
