"""A cell mostly covered (a highlight's frame, a large mark on a hatched cell) is read as the
region whose colour still shows round it; a one-cell region showing no neighbour's colour
stays a region of its own."""

from __future__ import annotations

import numpy as np

from queens_sat.formats.image.cells import to_lab
from queens_sat.formats.image.colours import colour_regions
from queens_sat.formats.image.reader import same_partition

COLOURS = [(244, 182, 164), (169, 207, 242), (197, 227, 160), (247, 220, 126), (212, 182, 234)]
NAVY = (51, 72, 168)
POINTS = 56


def _board(regions: np.ndarray, covered: dict[tuple[int, int], float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each cell's colour, sRGB colour and sampled points; a covered cell's points are navy
    but for ``share`` of them, and its colour (their median) navy."""
    n = regions.shape[0]
    ring = np.empty((n, n, POINTS, 3))
    for r in range(n):
        for c in range(n):
            ring[r, c] = COLOURS[regions[r, c]]
            if (r, c) in covered:
                ring[r, c, int(covered[(r, c)] * POINTS) :] = NAVY
    rgb = np.median(ring, axis=2)
    return to_lab(rgb), rgb, to_lab(ring)


QUADRANTS = np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]])


def test_a_framed_cell_is_read_as_the_region_showing_round_it():
    for cell in [(0, 1), (1, 1), (2, 3), (3, 0)]:
        lab, rgb, ring = _board(QUADRANTS, {cell: 0.3})
        read = colour_regions(lab, rgb, ring)
        assert same_partition(read.regions, QUADRANTS), cell
        assert read.clear


def test_without_its_points_the_framed_cell_is_a_region_of_its_own():
    lab, rgb, _ = _board(QUADRANTS, {(1, 1): 0.3})
    read = colour_regions(lab, rgb)
    assert not same_partition(read.regions, QUADRANTS)


def test_a_framed_one_cell_region_showing_its_own_colour_stays_one():
    regions = np.array([[0, 0, 1, 1, 1], [0, 0, 1, 1, 1], [2, 2, 4, 3, 3], [2, 2, 2, 3, 3], [2, 2, 2, 3, 3]])
    lab, rgb, ring = _board(regions, {(2, 2): 0.3})
    read = colour_regions(lab, rgb, ring)
    assert same_partition(read.regions, regions)


PHONE_17 = ["EEMMMMMMMMMAAAAAA", "EEEMBBBBBBMAAAAAA", "EEMMBBDDDCMAAAAAA", "EEEMBDDDDCMAAAAAA", "GEEMBBFCCCAAAAAAA",
            "GGGMBBFFAAAIIIIIA", "GMMMKBHFAAAIIIIIA", "GMMMKBHFAAIIIIIIA", "JMMMKBBBAAIIIIAAA", "JJMMKABBAAIIIIIII",
            "JJJMKABBAAKLLLLLI", "JJJMKABBAKKLNNLLI", "JJJMKAAAAAKMNNNNI", "QQQMKKKKKKKMNNNII", "QQQMMMMMMMMMONNNN",
            "QQQQQQPPPOOOONNNN", "QQQQQQQOOOOOONNNN"]


def test_a_small_cell_boxed_by_borders_and_stripes_shows_its_regions_colour():
    """The page's empty 17x17 board on a phone (390x844 at pixel ratio 2, the colour-blind
    safe palette): a hatched cell with thick borders on three sides has its sampled points
    on the borders, the stripes and its colour in about equal parts, and their median lay
    between them, as far from its region's colour as two regions' colours are apart: the
    board was refused. The colour most of its light points show is its region's."""
    from pathlib import Path

    from queens_sat.formats.image import read_puzzle_image

    read = read_puzzle_image(Path(__file__).parent / "page_shots" / "phone-bordered-striped-cells.png")
    truth = np.array([[ord(ch) for ch in row] for row in PHONE_17])
    assert same_partition(np.array(read.puzzle.regions), truth)
