"""Marks on patterned and highlighted cells: a region drawn with stripes (as the page draws a
colour used again) keeps its stripes out of the ink, a thin, faint cross on them is read as
a cross, and a focus frame round a cell is neither a mark nor hides the star inside it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from queens_sat.formats.image.cells import cell_colours
from queens_sat.formats.image.grid import Lattice
from queens_sat.formats.image.marks import read_marks

N, PITCH = 6, 40
COLOURS = {0: (119, 170, 221), 1: (238, 136, 102), 2: (187, 204, 51)}
REGIONS = np.array([[0, 0, 1, 1, 2, 2]] * N)  # the middle two columns hatched
INK = np.array([34.0, 34.0, 34.0])


def _board(
    crosses: list[tuple[int, int]],
    queens: list[tuple[int, int]],
    framed: list[tuple[int, int]],
    hinted: tuple[int, int] | None = None,
    regions: np.ndarray = REGIONS,
) -> np.ndarray:
    rgb = np.zeros((N * PITCH + 1, N * PITCH + 1, 3))
    for r in range(N):
        for c in range(N):
            y, x = r * PITCH, c * PITCH
            cell = np.empty((PITCH, PITCH, 3))
            cell[:] = COLOURS[int(regions[r, c])]
            if regions[r, c] == 1:  # stripes 2 px wide every 9 px, 35 % dark, drawn per cell in its own phase
                u, v = np.meshgrid(np.arange(PITCH), np.arange(PITCH))
                stripe = ((u + v + 7 * r + 3 * c) % 9) < 2
                cell[stripe] = 0.65 * cell[stripe] + 0.35 * INK
            if (r, c) in framed:  # a 3 px focus outline 4 px inside the cell
                ring = np.zeros((PITCH, PITCH), dtype=bool)
                ring[4:-4, 4:-4] = True
                ring[7:-7, 7:-7] = False
                cell[ring] = (240, 165, 0)
            if (r, c) == hinted:  # a hint's wide frame, and the region's letter at the top left inside it
                inner = cell.copy()
                cell[:] = (51, 72, 168)
                cell[10:-10, 10:-10] = inner[10:-10, 10:-10]
                cell[9:20, 7:9] = cell[18:20, 7:14] = INK
            if (r, c) in crosses:  # a small, faint cross: 1 px strokes, 75 % ink
                for i in range(14, 27):
                    for j in (i, PITCH - 1 - i):
                        cell[i + 2, j] = 0.25 * cell[i + 2, j] + 0.75 * INK
            if (r, c) in queens:  # a filled disc
                u, v = np.meshgrid(np.arange(PITCH), np.arange(PITCH))
                cell[(u - 20) ** 2 + (v - 20) ** 2 <= 49] = (27, 122, 58)
            rgb[y : y + PITCH, x : x + PITCH] = cell
    lines = np.arange(0, N * PITCH + 1, PITCH)
    rgb[lines, :] = 90
    rgb[:, lines] = 90
    return rgb.round().astype(np.uint8)


def _read(rgb: np.ndarray, regions: np.ndarray = REGIONS):
    lines = tuple(float(v) for v in range(0, N * PITCH + 1, PITCH))
    lattice = Lattice(lines, lines, 1.0)
    return read_marks(rgb, lattice, cell_colours(rgb, lattice).lab, regions)


def test_stripes_are_no_ink_and_empty_cells_stay_empty():
    found = _read(_board([], [], []))
    assert (found.queens, found.crosses, found.unclear) == ([], [], [])


@pytest.mark.parametrize("cell", [(1, 2), (4, 3), (2, 0), (3, 5)])
def test_a_thin_faint_cross_is_read_on_stripes_and_on_plain_cells(cell):
    found = _read(_board([cell], [], []))
    assert (found.queens, found.crosses, found.unclear) == ([], [cell], [])


def test_queens_and_crosses_on_a_striped_region_are_told_apart():
    crosses, queens = [(0, 2), (2, 3), (5, 2)], [(3, 2), (1, 5)]
    found = _read(_board(crosses, queens, []))
    assert sorted(found.crosses) == sorted(crosses)
    assert sorted(found.queens) == sorted(queens)
    assert found.unclear == []


@pytest.mark.parametrize("cell", [(2, 2), (4, 0)])
def test_a_focus_frame_is_no_mark_and_does_not_hide_the_queen_in_it(cell):
    empty = _read(_board([], [], [cell]))
    assert (empty.queens, empty.crosses, empty.unclear) == ([], [], [])
    marked = _read(_board([], [cell], [cell]))
    assert (marked.queens, marked.crosses) == ([cell], [])


@pytest.mark.parametrize("cell", [(2, 2), (1, 4)])
def test_a_hinted_cells_letter_is_no_mark_and_its_queen_is_read(cell):
    empty = _read(_board([], [], [], hinted=cell))
    assert (empty.queens, empty.crosses, empty.unclear) == ([], [], [])
    marked = _read(_board([], [cell], [], hinted=cell))
    assert (marked.queens, marked.crosses) == ([cell], [])


def test_a_small_cross_read_with_its_soft_edges_is_a_cross():
    """A 1400x1000 page shot's cross on a 37 px cell, as read (strokes two or three points wide)."""
    from queens_sat.formats.image.marks import _kind

    rows = ["...........###..###..", "............######...", ".............####....", ".............####....",
            "............######...", "...........###..###..", "...........##....##.."]
    piece = np.zeros((29, 29), dtype=bool)
    for i, row in enumerate(rows):
        piece[13 + i, : len(row)] = [ch == "#" for ch in row]
    assert _kind(piece) == "cross"


def test_a_one_cell_striped_region_is_no_queen_and_its_queen_is_read():
    """A region of one cell shows its pattern alone: it is taken as one because the striped
    region elsewhere on the board shows the same kind (a queen's ink is no such pattern)."""
    regions = REGIONS.copy()
    regions[5, 5] = 3  # striped like region 1, on region 2's colour

    def striped(queens: list[tuple[int, int]]) -> np.ndarray:
        rgb = _board([], queens, [], regions=np.where(regions == 3, 2, regions))
        cell = rgb[5 * PITCH : 6 * PITCH, 5 * PITCH : 6 * PITCH]
        u, v = np.meshgrid(np.arange(PITCH), np.arange(PITCH))
        stripe = (((u + v + 2) % 9) < 2) & ~((u - 20) ** 2 + (v - 20) ** 2 <= (49 if queens else -1))
        cell[stripe] = (0.65 * cell[stripe] + 0.35 * INK).round().astype(np.uint8)
        return rgb

    found = _read(striped([]), regions)
    assert (found.queens, found.crosses, found.unclear) == ([], [], [])
    found = _read(striped([(5, 5)]), regions)
    assert (found.queens, found.crosses) == ([(5, 5)], [])



SHOT = Path(__file__).parent / "page_shots" / "hinted-one-cell-stripes.png"  # bench/page_screenshots.py, cropped to the board
SHOT_QUEENS = {(1, 5), (2, 1), (3, 11), (6, 2), (9, 3), (10, 0)}  # what the page showed (0-based), r5c8 hinted


def test_a_queen_read_on_stripes_no_other_region_shows_is_warned_of():
    """The page's 12x12 board with the hint on a one-cell region hatched in a colour no other
    region is hatched in: its stripes, frame and letter read as a queen at r5c8. Its pattern
    cannot be learnt from other cells, so a queen read there is warned of: no wrong queen
    without a warning."""
    from queens_sat.formats.image import read_puzzle_image

    read = read_puzzle_image(SHOT, read_marks=True)
    queens = set(read.puzzle.queens)
    assert queens >= SHOT_QUEENS
    for r, c in queens - SHOT_QUEENS:
        assert any(f"r{r + 1}c{c + 1}: the queen read there may be the stripes" in w for w in read.warnings), (r, c, read.warnings)


def _read_shot(name: str):  # type: ignore[no-untyped-def]
    from queens_sat.formats.image import read_puzzle_image

    return read_puzzle_image(Path(__file__).parent / "page_shots" / name, read_marks=True)


def _same_regions(read_regions: list[list[int]], rows: list[str]) -> bool:
    from queens_sat.formats.image.reader import same_partition

    return same_partition(np.array(read_regions), np.array([[ord(ch) for ch in row] for row in rows]))


WON_REGIONS = ["CCCCCCCAAADDDD", "CCCCCBBBBAADDD", "CCCCDDDDBBBDDD", "CCCDDDDDDDDDDD", "CCCCCDDDDDEDDD", "JCCCCFDDDDDDDD",
               "JCCKKKKDDDDDGD", "JHJKKKKDDDDKKD", "JJJKKKKKIKKKKD", "JJJKKKKKKKKKKD", "JJKKKKKKKKKKKD", "NNKKKKKLLKKKKK",
               "NNKMMKKKKKKKKK", "NNKKKKKKKKKKKK"]
WON_QUEENS = {(0, 9), (1, 6), (2, 3), (3, 13), (4, 10), (5, 5), (6, 12), (7, 1), (8, 8), (9, 2), (10, 11), (11, 7), (12, 4), (13, 0)}


def test_a_won_queen_on_a_plain_one_cell_region_is_no_pattern():
    """The page's solved 14x14 board (1920x1080, colour-blind safe palette): its queens are
    drawn green, and the green queen on the plain one-cell region F (r6c6) is a darker shade
    of its teal, as the hatching of other regions is. Taken for that region's pattern, it
    vanished; a pattern covers all four sides of a cell alike, a queen does not."""
    read = _read_shot("won-queen-one-cell.png")
    assert _same_regions(read.puzzle.regions, WON_REGIONS)
    assert set(read.puzzle.queens) == WON_QUEENS
    assert not read.puzzle.blocked


PHONE_REGIONS = ["BBBAAAAAAAAACCCC", "BBBBGGGGGGGAAACC", "BBBBBEEEEEGACCCC", "BBBBBEDDDEGACCCC", "BBBBBEDDEEGACACC",
                 "BBBBBFDDDFGAAACC", "BBBBGFDDDFGAAACC", "BBBBGFFFFFGAAACH", "IBBAGGGGGGGAAAHH", "IIJAAAAAAAAAAAHH",
                 "IIJJJLLLKKKKAAHH", "IIIJJJLLKKKAAAHH", "IIIIJJIIIKKKMMMM", "IIIJJIIIIPMMMNNN", "IIIIIIOIIPMMMNNN",
                 "IIIIIOOIPPPMMNNN"]
PHONE_QUEENS = {(13, 14), (14, 6), (1, 1), (15, 10), (6, 4), (12, 12), (10, 11), (11, 7)}
PHONE_CROSSES = {(13, 3), (2, 9), (12, 7), (0, 8), (13, 7), (7, 9), (7, 5), (11, 11), (7, 1), (8, 8), (15, 11), (14, 12),
                 (5, 8), (12, 4), (4, 4), (1, 6)}


def test_a_hint_frames_soft_edge_and_letter_are_no_queen_on_a_phone():
    """The page's half-played 16x16 board on a phone (390x844 at pixel ratio 2), the hint's
    frame on r10c3 with the region's letter J beside it: the frame's soft inner edge (a mix
    of the frame's colour and the region's) joined the letter into a frame-sized piece with
    ink in its middle, read as a queen. The mixes of a frame and its cell's colour are no ink."""
    read = _read_shot("phone-hint-frame-label.png")
    assert _same_regions(read.puzzle.regions, PHONE_REGIONS)
    assert set(read.puzzle.queens) == PHONE_QUEENS
    assert set(read.puzzle.blocked) == PHONE_CROSSES


STRIPED_CROSSES = {(3, 0), (14, 10), (8, 14), (12, 6), (1, 4), (5, 2), (6, 14), (14, 3), (5, 10), (5, 1), (7, 1), (1, 13),
                   (1, 11), (9, 9), (15, 7), (8, 4)}
STRIPED_QUEENS = {(4, 5), (15, 10), (1, 1), (7, 15), (11, 7), (3, 8), (0, 3), (14, 6)}


def test_a_small_cross_on_stripes_keeps_its_soft_edges():
    """The page's half-played 16x16 board at 1400x1000 (cells of 37 px, the bright palette):
    the crosses on the hatched lilac region (r2c5, r9c5) are about 7 px across, drawn in the
    ink the stripes are a veil of. Mixes of the colour and the stripes' are no ink, so only
    the crosses' cores were left, in bits, read as neither a queen nor a cross. A point
    darker than the stripes, the stripes' own way, is ink."""
    read = _read_shot("crosses-on-stripes.png")
    assert _same_regions(read.puzzle.regions, PHONE_REGIONS)  # the same board as the phone's above
    assert set(read.puzzle.queens) == STRIPED_QUEENS
    assert set(read.puzzle.blocked) == STRIPED_CROSSES


def test_a_won_queen_under_the_focus_outline_on_a_phone():
    """The same solved board on a phone (cells of 49 px, pixel ratio 2): the focus outline
    round r14c1 (hatched teal, its queen drawn green) lies on most of the cell's sampled
    ring, yet moved its median only a little off the teal, so the cell was measured against
    that mix, and its green queen was no ink. The colour most of a cell shows is the
    outline's: the cell is framed, and measured against its region's colour."""
    read = _read_shot("phone-focus-won-queen.png")
    assert _same_regions(read.puzzle.regions, WON_REGIONS)
    assert set(read.puzzle.queens) == WON_QUEENS
    assert not read.puzzle.blocked


THIN_FRAME_REGIONS = ["KBBBBBBAAAAD", "KBBBBBBBBDAD", "KCBBBBBBBDDD", "KKBBBIIIIFFD", "KKBBBBIEFFDD", "KKKHIIIIFFFF",
                      "KGGHHIIIFIII", "KKJJHJIIIIII", "KKJJJJJILLII", "KKKJJKLLLLLI", "KKKKKKKLLLLL", "KKKKKKLLLLLL"]
THIN_FRAME_QUEENS = {(5, 9), (1, 5), (2, 1), (0, 8), (9, 3), (4, 7)}
THIN_FRAME_CROSSES = {(4, 6), (0, 1), (0, 9), (9, 5), (11, 4), (2, 6), (11, 0), (8, 0), (7, 11), (2, 3), (5, 6), (5, 3)}


def test_a_thin_hint_frames_inner_edge_is_a_line_not_a_queen():
    """The page's half-played 12x12 board on a phone, the hint on r4c12: the frame, scaled to
    a tenth of the cell, leaves the cell's colour its median (the cell is not framed), and
    the frame's soft inner edge lies just inside the band where lines along the sampled
    square's sides are dropped; joined to the region letter D it was read, silently, as a
    queen. A line across the sampled square's outer fifth is no mark."""
    read = _read_shot("phone-thin-hint-frame.png")
    assert _same_regions(read.puzzle.regions, THIN_FRAME_REGIONS)
    assert set(read.puzzle.queens) == THIN_FRAME_QUEENS
    assert set(read.puzzle.blocked) == THIN_FRAME_CROSSES


BOARD_17 = ["EEMMMMMMMMMAAAAAA", "EEEMBBBBBBMAAAAAA", "EEMMBBDDDCMAAAAAA", "EEEMBDDDDCMAAAAAA", "GEEMBBFCCCAAAAAAA",
            "GGGMBBFFAAAIIIIIA", "GMMMKBHFAAAIIIIIA", "GMMMKBHFAAIIIIIIA", "JMMMKBBBAAIIIIAAA", "JJMMKABBAAIIIIIII",
            "JJJMKABBAAKLLLLLI", "JJJMKABBAKKLNNLLI", "JJJMKAAAAAKMNNNNI", "QQQMKKKKKKKMNNNII", "QQQMMMMMMMMMONNNN",
            "QQQQQQPPPOOOONNNN", "QQQQQQQOOOOOONNNN"]


def test_a_framed_cell_of_a_two_cell_region_is_a_block_not_a_queen():
    """The page's half-played 17x17 board at 1920x1080, the hint on r8c7 of the two-cell
    region H: a region that small has no colour but its cells' own, so the framed cell is
    measured against its frame's blue, and its peach inside is one block of ink, no mark.
    The frame's soft edges beside that block, joined to it across an empty column, made its
    box less full than a block's, and it was read as a queen."""
    read = _read_shot("hinted-two-cell-region.png")
    assert _same_regions(read.puzzle.regions, BOARD_17)
    assert set(read.puzzle.queens) == {(5, 7), (10, 10), (6, 0), (13, 14), (0, 16), (1, 4), (2, 9), (3, 5)}
    assert len(read.puzzle.blocked) == 17


ARM_REGIONS = ["DDAAAAAAAAAAAAA", "DDDAAAAAAAAABAA", "DDDDDDCCCCCBBAA", "DCCDDDDDDDCBAAA", "DCCEEEDDDDCBAAA",
               "FCEEEEEEEHCAAAA", "FCEEEEEEEHCGGGG", "FCEEEEEHHHCGGGG", "FCCCCCCCCCCIGGG", "FFFJCCCCCCKIIIG",
               "FFFJJJCCKKKKKIK", "FFFJJJCCKLLOKKK", "NFFNMJCLLLLOKKK", "NNFNMMMMLLLOOKK", "NNNNMMMMMLOOOKK"]
ARM_QUEENS = {(10, 14), (1, 12), (0, 2), (4, 5), (7, 7), (13, 1), (11, 9)}
ARM_CROSSES = {(2, 7), (11, 14), (9, 8), (14, 14), (11, 13), (11, 12), (6, 4), (2, 1), (2, 12), (5, 2), (0, 5), (0, 11),
               (3, 11), (12, 7), (4, 11)}


def test_a_cross_whose_arm_tip_is_lost_in_stripes_is_a_cross():
    """The page's half-played 15x15 board at 1920x1080: the cross on r12c14, on pink hatched
    the cross's own slant, lost the tip of its top right arm in a stripe, and without two
    arms at its top it was not a cross (a star has one point there). Ink lying almost all
    along both diagonals (a star's: at most 0.7 of it) is a cross without that fork."""
    read = _read_shot("cross-arm-on-stripes.png")
    assert _same_regions(read.puzzle.regions, ARM_REGIONS)
    assert set(read.puzzle.queens) == ARM_QUEENS
    assert set(read.puzzle.blocked) == ARM_CROSSES
