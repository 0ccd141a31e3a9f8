"""The Hall filter of the searches (queens_sat/engines/regions/hall.py, native/regions/hall.c): against brute force.

test_native.py checks that native and the reference filter to the same fixpoint node
for node; here the reference's filter itself is checked: a link is dropped exactly when
no perfect matching uses it, and a dead end is declared exactly when none exists.
"""

from __future__ import annotations

import itertools
import random

from queens_sat.engines.regions.hall import filter_links, hall_rows


def _perfect_matchings(adj: list[int], left: list[int], right: list[int]) -> list[dict[int, int]]:
    found = []
    for image in itertools.permutations(right):
        if all(adj[u] >> v & 1 for u, v in zip(left, image, strict=True)):
            found.append(dict(zip(left, image, strict=True)))
    return found


def test_filter_drops_exactly_the_links_no_perfect_matching_uses():
    rng = random.Random(12)
    for _ in range(400):
        size = rng.randint(1, 6)
        left = sorted(rng.sample(range(7), size))
        right = sorted(rng.sample(range(7), size))
        adj = [0] * 7
        for u in left:
            for v in right:
                if rng.random() < 0.45:
                    adj[u] |= 1 << v
        matchings = _perfect_matchings(adj, left, right)
        drop = filter_links(adj, left)
        if not matchings:
            assert drop is None, (adj, left, right)
            continue
        assert drop is not None
        for u in left:
            used = 0
            for m in matchings:
                used |= 1 << m[u]
            assert drop[u] == adj[u] & ~used, (adj, left, right, u)


def test_two_regions_in_two_rows_take_those_rows():
    """Regions 0 and 1 lie in rows 0-1: the other regions' cells there go; and no cell else."""
    n = 4
    region_of = [0, 0, 1, 1,
                 0, 2, 1, 3,
                 2, 2, 3, 3,
                 2, 2, 3, 3]
    reg_row = [0] * (n * n)
    reg_col = [0] * (n * n)
    for i, k in enumerate(region_of):
        r, c = divmod(i, n)
        reg_row[k * n + r] |= 1 << c
        reg_col[k * n + c] |= 1 << r
    rows = [0b1111] * n
    assert hall_rows(n, rows, list(range(n)), list(range(n)), region_of, reg_row, reg_col)
    assert rows[1] == 0b0101  # (1, 1) of region 2 and (1, 3) of region 3 are gone
    assert rows[0] == rows[2] == rows[3] == 0b1111


def test_three_rows_inside_two_columns_is_a_dead_end():
    rows = [0b0011, 0b0011, 0b0011, 0b1111]
    assert not hall_rows(4, rows, [0, 1, 2, 3], [0, 1, 2, 3], None, [], [])
