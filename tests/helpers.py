"""Test helpers: where the corpus and examples are, random puzzles, a brute-force oracle."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable, Sequence
from itertools import combinations, pairwise, permutations
from pathlib import Path

import pytest

from queens_sat.formats import read_puzzles
from queens_sat.model.puzzle import Puzzle

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CORPUS = Path(os.environ.get("QUEENS_SAT_CORPUS", ROOT.parent / "shared" / "corpus"))

# places counted from 0 in a message a person reads: tuples, row 0, r0c.., line 0, "cell (",
# "1 rows" (the page's tests' BAD_WORDING has the first of them); conftest scans every
# error message the tests make for them
ZERO_BASED = re.compile(
    r"\brows? 0\b|\bcolumns? 0\b|\(\d+, \d+\)|\br0c|\br\d+c0\b|\b1 rows\b|\b1 columns\b|:0:|\bline 0\b|\bcell \("
)


def corpus_records(name: str) -> list:
    """The records of ``../shared/corpus/<name>``, or a skip saying where it was looked for."""
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"corpus file {path} not found (set QUEENS_SAT_CORPUS to its folder)")
    records = list(read_puzzles(path))
    assert all(rec.error is None for rec in records), [str(r.error) for r in records if r.error][:3]
    return records


def corpus_lines(name: str, count: int) -> list[str]:
    """The first ``count`` lines of ``../shared/corpus/<name>``; none when the corpus is not there."""
    path = CORPUS / name
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as lines:
        return [line.strip() for _, line in zip(range(count), lines, strict=False)]


def random_regions(n: int, rng: random.Random) -> list[list[int]]:
    """n connected regions grown from n random seed cells: a quick random board."""
    grid = [[-1] * n for _ in range(n)]
    cells = [(r, c) for r in range(n) for c in range(n)]
    for k, (r, c) in enumerate(rng.sample(cells, n)):
        grid[r][c] = k
    frontier = [(r, c) for r, c in cells if grid[r][c] == -1]
    while frontier:
        rng.shuffle(frontier)
        rest = []
        for r, c in frontier:
            owners = [
                grid[rr][cc]
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < n and 0 <= cc < n and grid[rr][cc] != -1
            ]
            if owners:
                grid[r][c] = rng.choice(owners)
            else:
                rest.append((r, c))
        frontier = rest
    return grid


def random_puzzle(n: int, seed: int, rule: str = "no-touch", givens: bool = False) -> Puzzle:
    """A random board, optionally with a random blocked cell and a consistent given queen."""
    rng = random.Random(seed)
    puzzle = Puzzle(random_regions(n, rng), rule=rule)
    if givens:
        blocked = [(rng.randrange(n), rng.randrange(n))]
        queen = (rng.randrange(n), rng.randrange(n))
        queens = [] if queen in blocked else [queen]
        puzzle = puzzle.replace(queens=queens, blocked=blocked)
    return puzzle


def brute_force_solutions(puzzle: Puzzle) -> set[tuple[int, ...]]:
    """Every solution of a small puzzle (n <= 8), checked rule by rule from scratch."""
    n = puzzle.n
    found = set()
    for cols in permutations(range(n)):
        if any(cols[r] != c for r, c in puzzle.queens):
            continue
        if any(cols[r] == c for r, c in puzzle.blocked):
            continue
        if puzzle.regions is not None and len({puzzle.regions[r][cols[r]] for r in range(n)}) != n:
            continue
        ok = True
        for a in range(n):
            for b in range(a + 1, n):
                dr, dc = b - a, abs(cols[a] - cols[b])
                if (puzzle.rule == "queens" and dr == dc) or (puzzle.rule == "no-touch" and dr == 1 and dc <= 1):
                    ok = False
                    break
            if not ok:
                break
        if ok:
            found.add(cols)
    return found


def brute_force_stars(
    n: int,
    k: int,
    regions: Sequence[Sequence[int]] | None = None,
    queens: Iterable[tuple[int, int]] = (),
    blocked: Iterable[tuple[int, int]] = (),
) -> set[tuple[int, ...]]:
    """Every k-star placement, in the flat layout (k ascending columns a row, row after row): each
    row's non-touching k columns tried in turn (no cleverness: the oracle's oracle). Plain
    arguments, so that it also answers for boards the model refuses (n < 4k)."""
    given = set(queens)
    barred = set(blocked)
    rows = [
        [
            cols
            for cols in combinations(range(n), k)
            if all(b - a > 1 for a, b in pairwise(cols))
            and not any((r, c) in barred for c in cols)
            and all(c in cols for gr, c in given if gr == r)
        ]
        for r in range(n)
    ]
    found: set[tuple[int, ...]] = set()
    column_count = [0] * n
    region_count = [0] * n
    placed: list[tuple[int, ...]] = []

    def place(r: int) -> None:
        if r == n:
            if all(m == k for m in column_count) and (regions is None or all(m == k for m in region_count)):
                found.add(tuple(c for cols in placed for c in cols))
            return
        above = placed[-1] if placed else ()
        for cols in rows[r]:
            if any(abs(a - c) <= 1 for a in above for c in cols):
                continue
            for c in cols:
                column_count[c] += 1
                if regions is not None:
                    region_count[regions[r][c]] += 1
            if all(m <= k for m in column_count) and all(m <= k for m in region_count):
                placed.append(cols)
                place(r + 1)
                placed.pop()
            for c in cols:
                column_count[c] -= 1
                if regions is not None:
                    region_count[regions[r][c]] -= 1

    place(0)
    return found


def brute_force_star_solutions(puzzle: Puzzle) -> set[tuple[int, ...]]:
    """``brute_force_stars`` of a puzzle."""
    return brute_force_stars(puzzle.n, puzzle.stars, puzzle.regions, puzzle.queens, puzzle.blocked)
