"""Regions for k stars: a blob grown around every planted star, then blobs joined k at a time.

With k > 1 a region must hold exactly k planted stars and be one piece. Growing
n regions from k seeds each would leave their k parts apart; instead every star
grows a blob of its own (the same random flood fill as for queens, ``growth``),
and neighbouring blobs are joined into groups of k: a partition of the blobs'
adjacency graph into connected groups of k. The join is greedy, most-cornered
blob first (the one with the fewest free neighbours, so that none is left
stranded), and tried a few times before the layout is given up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from queens_sat.model.placement import star_cells
from queens_sat.services.generator.growth import grow_from
from queens_sat.services.generator.layout import neighbours

JOIN_TRIES = 8  # greedy joins of one set of blobs before the layout is given up


def star_regions(n: int, stars: int, solution: Sequence[int], rng: random.Random, max_size: int) -> list[int] | None:
    """A flat list of region numbers, each region k joined blobs holding k planted stars; None when stuck.

    Regions are numbered in the order of their first star (row by row), so
    region 0 holds the first star of row 0. No region exceeds ``max_size``.
    """
    seeds = [r * n + c for r, c in star_cells(solution, stars)]
    blobs = grow_from(n, seeds, rng, max(1, max_size // stars))
    if blobs is None:
        return None
    groups = join_blobs(adjacency(blobs, n, len(seeds)), stars, rng)
    if groups is None:
        return None
    region_of = [0] * len(seeds)
    for region, group in enumerate(sorted(groups, key=min)):
        for blob in group:
            region_of[blob] = region
    return [region_of[blob] for blob in blobs]


def adjacency(blobs: Sequence[int], n: int, count: int) -> list[set[int]]:
    """For each blob, the blobs that share an edge with it."""
    nbrs = neighbours(n)
    adj: list[set[int]] = [set() for _ in range(count)]
    for cell, blob in enumerate(blobs):
        for nb in nbrs[cell]:
            if blobs[nb] != blob:
                adj[blob].add(blobs[nb])
    return adj


def join_blobs(adj: list[set[int]], k: int, rng: random.Random, tries: int = JOIN_TRIES) -> list[list[int]] | None:
    """The blobs split into connected groups of ``k``, or None when ``tries`` greedy attempts all strand one."""
    for _ in range(tries):
        groups = _join_once(adj, k, rng)
        if groups is not None:
            return groups
    return None


def _join_once(adj: list[set[int]], k: int, rng: random.Random) -> list[list[int]] | None:
    free = set(range(len(adj)))

    def cornered(blob: int) -> tuple[int, float]:  # fewest free neighbours first, ties at random
        return len(adj[blob] & free), rng.random()

    groups = []
    while free:
        start = min(sorted(free), key=cornered)
        group = [start]
        free.discard(start)
        while len(group) < k:
            options = sorted({b for member in group for b in adj[member] & free})
            if not options:
                return None
            pick = min(options, key=cornered)
            group.append(pick)
            free.discard(pick)
        groups.append(group)
    return groups
