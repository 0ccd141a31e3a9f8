"""Test helpers: where the corpus and examples are, random puzzles, a brute-force oracle."""

from __future__ import annotations

import os
import random
from itertools import permutations
from pathlib import Path

import pytest

from queens_sat.formats import read_puzzles
from queens_sat.model.puzzle import Puzzle

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CORPUS = Path(os.environ.get("QUEENS_SAT_CORPUS", ROOT.parent / "shared" / "corpus"))


def corpus_records(name: str) -> list:
    """The records of ``../shared/corpus/<name>``, or a skip saying where it was looked for."""
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"corpus file {path} not found (set QUEENS_SAT_CORPUS to its folder)")
    records = list(read_puzzles(path))
    assert all(rec.error is None for rec in records), [str(r.error) for r in records if r.error][:3]
    return records


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
