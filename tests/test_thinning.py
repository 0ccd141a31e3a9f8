"""Thin regions (issue 35): the designs' thinning keeps a valid partition (and a symmetric one
symmetric), and the thinning after the repairs keeps the puzzle's one solution."""

from __future__ import annotations

import random

import pytest
from helpers import brute_force_solutions

from queens_sat import Puzzle
from queens_sat.services.generator import generate
from queens_sat.services.generator.designs import design, mirror_map, symmetry_of
from queens_sat.services.generator.layout import Layout
from queens_sat.services.generator.region_rules import RegionRules, pieces
from queens_sat.services.generator.repair import thin_repaired
from queens_sat.services.generator.thinning import border_count, lengthening, thin_out, whole_squares


def blocky(n: int = 8) -> list[int]:
    """8 regions of 12, 12, 8, 8, 8, 8, 4, 4 cells: bands 3, 2, 2 and 1 rows high, each cut into a
    left and a right half, every 2x2 square inside a band inside one region."""
    band = [0, 0, 0, 1, 1, 2, 2, 3]
    return [band[r] * 2 + (c >= n // 2) for r in range(n) for c in range(n)]


def test_thinning_breaks_squares_up_and_keeps_a_partition():
    n = 8
    thinned = 0
    for seed in range(30):
        before = blocky(n)
        cells = thin_out(n, list(before), random.Random(seed))
        assert sorted(set(cells)) == list(range(n))
        assert all(p == 1 for p in pieces(cells, n))  # every region one piece
        sizes = [cells.count(k) for k in range(n)]
        assert min(sizes) >= 3 and max(sizes) <= max(before.count(k) for k in range(n))
        assert len(whole_squares(cells, n)) <= len(whole_squares(before, n))
        thinned += len(whole_squares(cells, n)) < len(whole_squares(before, n))
    assert thinned >= 20  # the share drawn is uniform in [0, 1]: nearly every board loses some


def test_motif_regions_keep_their_shape():
    n = 8
    before = blocky(n)
    for seed in range(10):
        cells = thin_out(n, list(before), random.Random(seed), first=4)
        assert [c for c, k in zip(cells, before, strict=True) if k < 4] == [k for k in before if k < 4]
        assert all(k < 4 for c, k in zip(cells, before, strict=True) if c < 4)


def test_a_symmetric_design_stays_symmetric():
    for seed in range(12):
        for style in ("mirror", "rotation"):
            cells = design(style, 9, random.Random(seed))
            if cells is not None:
                assert symmetry_of(cells, 9) is not None, (style, seed)


def test_lengthening_moves_do_lengthen_the_borders():
    n = 8
    cells = blocky(n)
    for cell, region in lengthening(cells, n):
        after = list(cells)
        after[cell] = region
        assert border_count(after, n) > border_count(cells, n)


@pytest.mark.parametrize("seed", range(6))
def test_thinning_after_the_repairs_keeps_the_one_solution(seed):
    """A unique generated board thinned towards a checkerboard's goals (no square, every edge a
    border): the pass moves cells only where brute force still finds the one planted solution."""
    made = generate(8, 1, seed=seed, style="rings")[0]
    n, solution = 8, made.solution
    planted = {r * n + c for r, c in enumerate(solution)}
    calls = []

    def probe(layout: Layout, cells: tuple[int, ...]) -> bool:
        board = Puzzle(layout.rows())
        found = any(any(r * n + s[r] in cells for r in range(n)) for s in brute_force_solutions(board))
        calls.append(found)
        return found

    drawn = [k for row in made.regions for k in row]
    layout = Layout(n, "no-touch", drawn, solution)
    checkerboard = [(r + c) % 2 for r in range(n) for c in range(n)]
    moved = thin_repaired(layout, checkerboard, random.Random(seed), RegionRules(full_lines=True, max_share=0.6), probe)
    assert moved == calls.count(False)  # every move the probe cleared is made, and no other
    assert brute_force_solutions(Puzzle(layout.rows())) == {tuple(solution)}
    assert all(p == 1 for p in pieces(layout.cells, n))
    assert not planted & {c for c, (a, b) in enumerate(zip(layout.cells, drawn, strict=True)) if a != b}


def test_mirror_map_is_an_involution():  # the thinning's mirrored moves rely on it
    for kind in ("vertical", "horizontal", "diagonal", "anti", "rotation"):
        sigma = mirror_map(7, kind)
        assert all(sigma[sigma[c]] == c for c in range(49))
