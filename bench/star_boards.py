"""Random Star Battle boards for the k-star benchmarks and agreement checks: a planted k-star
solution with regions grown around it, so that every region holds k planted stars.

Used by bench/stars_check.py, bench/differential.py ``--stars`` and tests/test_stars_search.py.
Most such boards have many solutions; the uniqueness check on them (limit 2) is still the
operation measured. Deterministic for a given ``random.Random``.
"""

from __future__ import annotations

import random

from queens_sat.engines.stars.search_py import StarBoard
from queens_sat.model.puzzle import Puzzle

Cell = tuple[int, int]


def planted_stars(n: int, k: int, rng: random.Random) -> list[Cell]:
    """k stars in every row and column, none touching, at random: the reference search on a
    board without regions, branching on a random cell of its chosen unit."""
    board = StarBoard(n, k, None, (), (), None, rng)
    for solution in board.solutions():
        return [(i // k, c) for i, c in enumerate(solution)]
    raise ValueError(f"no {k}-star placement on {n} x {n}")


def grown_regions(n: int, k: int, stars: list[Cell], rng: random.Random) -> list[list[int]]:
    """Regions around ``stars`` (k per row and column) holding k of them each.

    Every star first grows its own cluster by a random flood fill that covers the board;
    clusters are then joined k at a time, a cluster taking a neighbouring one while it can
    (any one left when none touches it, so a region may come out in pieces)."""
    owner = [[-1] * n for _ in range(n)]
    frontier: list[Cell] = []
    for i, (r, c) in enumerate(stars):
        owner[r][c] = i
        frontier.append((r, c))
    while frontier:
        j = rng.randrange(len(frontier))
        r, c = frontier[j]
        free = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < n and 0 <= c + dc < n and owner[r + dr][c + dc] < 0]
        if not free:
            frontier[j] = frontier[-1]
            frontier.pop()
            continue
        rr, cc = rng.choice(free)
        owner[rr][cc] = owner[r][c]
        frontier.append((rr, cc))
    touching: list[set[int]] = [set() for _ in stars]
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and owner[rr][cc] != owner[r][c]:
                    touching[owner[r][c]].add(owner[rr][cc])
                    touching[owner[rr][cc]].add(owner[r][c])
    region_of = [-1] * len(stars)
    single = set(range(len(stars)))
    for g in range(n):
        seed = rng.choice(sorted(single))
        single.discard(seed)
        members = [seed]
        while len(members) < k:
            near = sorted({t for m in members for t in touching[m]} & single)
            pick = rng.choice(near) if near else rng.choice(sorted(single))
            single.discard(pick)
            members.append(pick)
        for m in members:
            region_of[m] = g
    return [[region_of[owner[r][c]] for c in range(n)] for r in range(n)]


def star_board(n: int, k: int, rng: random.Random) -> tuple[Puzzle, list[Cell]]:
    """A random k-star board on n x n and the planted solution it was grown around."""
    stars = planted_stars(n, k, rng)
    return Puzzle(grown_regions(n, k, stars, rng), stars=k), stars
