"""A puzzle from a picture: find the board, size its grid, read the regions, say the doubts.

The steps, each in its own module: ``decode`` (bytes to pixels), ``locate`` (squares
outlined by long edges), ``edges`` (the colour changes those and the grid are found from,
worked out once for the part of the picture read), ``grid`` (n and the lines), ``cells``
(each cell's colour),
``colours`` and ``borders`` (the regions, two ways), ``marks`` (queens and crosses) and
``debug`` (the picture of what was seen). The regions come from the colours when they
clearly show n regions; else from the walls when thick and thin walls are clearly
apart and part the board into n regions; else the picture is refused with the reason.
When both ways read the board and agree, their agreement settles doubts either one has
alone; when they disagree, that is said.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from queens_sat.formats.image.borders import WallRead, read_walls
from queens_sat.formats.image.cells import CellColours, cell_colours
from queens_sat.formats.image.colours import CLOSE, SURE_RATIO, ColourRead, colour_regions
from queens_sat.formats.image.debug import LABELS, Seen, write_debug_image
from queens_sat.formats.image.decode import decode_image
from queens_sat.formats.image.edges import FullPicture, gradients
from queens_sat.formats.image.grid import (
    BAND_SHARE,
    FULL_LINE,
    N_MAX,
    N_MIN,
    Lattice,
    band_strengths,
    border_cover,
    fit_lattice,
    fit_lattice_in,
    refine_lattice,
)
from queens_sat.formats.image.locate import Box, candidate_boxes, shrink
from queens_sat.formats.image.types import ImageOptions, ImageRead, ImageReadError
from queens_sat.model.errors import PuzzleError, cell_name
from queens_sat.model.puzzle import Puzzle

Array = np.ndarray[Any, Any]

SMALL_BOX = 320  # pixels of the shrunk picture: a square smaller than this is read on the full picture
MIN_QUALITY = 0.12  # a lattice clearer than this is a grid (line strength minus cell-middle strength)
KEEP_QUALITY = 0.5  # lattices this close to the clearest one compete on size
SURE_GRID = 0.6  # a lattice this clear is a board: the squares inside it are not tried
POOR_SAMPLE = 0.5  # a cell whose edge agrees with its colour less than this was not sampled well
CUT_REACH = 12  # rows (and columns) of cells followed out from a lattice to see whether the board was cut
MISFIT = 0.6  # cells agreeing less than this on average: the grid does not lie on the cells


def read_image(data: bytes, source: str, options: ImageOptions, *, stars: int = 1, rule: str = "no-touch") -> ImageRead:
    """The puzzle of a picture's bytes; ``ImageReadError`` names the reason when there is none."""
    image = decode_image(data, source)
    seen = Seen()
    try:
        read = _read(image, source, options, seen, stars, rule)
    except PuzzleError as err:
        seen.lines.append(f"error: {err.message}")
        if options.debug_image:
            write_debug_image(np.asarray(image, dtype=np.uint8), seen, options.debug_image)
        raise
    if options.debug_image:
        write_debug_image(np.asarray(image, dtype=np.uint8), seen, options.debug_image)
    return read


def _board_pixels(image: Any, lattice: Lattice) -> tuple[Array, Lattice]:
    """The pixels of the board and a cell round it (only they are sampled), and the lattice
    placed on them."""
    width, height = image.size
    pad = int(lattice.pitch) + 4
    left, top, right, bottom = lattice.box()
    x0, y0 = max(0, left - pad), max(0, top - pad)
    x1, y1 = min(width, right + pad + 1), min(height, bottom + pad + 1)
    local = Lattice(tuple(v - x0 for v in lattice.xs), tuple(v - y0 for v in lattice.ys), lattice.quality)
    return np.asarray(image.crop((x0, y0, x1, y1)), dtype=np.uint8), local


def _read(image: Any, source: str, options: ImageOptions, seen: Seen, stars: int, rule: str) -> ImageRead:
    found_lattice = find_lattice(image, seen, source)
    rgb, lattice = _board_pixels(image, found_lattice)
    n = lattice.n
    seen.lines.append(f"grid: {n}x{n}, cells of {lattice.pitch:.1f} px, clarity {lattice.quality:.2f}")
    cells = cell_colours(rgb, lattice)
    colours = colour_regions(cells.shown, cells.rgb, cells.ring)
    walls = read_walls(rgb, lattice)
    regions, method, warnings = _regions(n, cells, colours, walls, source)
    if seen.open_sides:
        warnings.append(
            f"no border line along the {' and '.join(seen.open_sides)} of the {n}x{n} grid found: "
            "the board may go on beyond it (check n)"
        )
    seen.regions = regions
    queens: list[tuple[int, int]] = []
    blocked: list[tuple[int, int]] = []
    marks: dict[str, int] = {}
    if options.read_marks:
        from queens_sat.formats.image.marks import read_marks

        found = read_marks(rgb, lattice, cells.lab, regions, cells.shown)
        queens, blocked = found.queens, found.crosses
        seen.queens, seen.crosses = queens, blocked
        marks = {"queens": len(queens), "blocked": len(blocked)}
        for r, c in found.unclear:
            warnings.append(f"cell {cell_name(r, c)} has a mark that is neither a queen nor a cross; it is left empty")
        for r, c in found.doubtful:
            warnings.append(f"cell {cell_name(r, c)}: the queen read there may be the stripes of its one- or two-cell region; check it")
    seen.lines.append(f"regions from the {method}" + (f"; {len(warnings)} warning(s)" if warnings else ""))
    seen.lines.extend(f"warning: {w}" for w in warnings)
    try:
        puzzle = Puzzle(regions.tolist(), rule=rule, stars=stars, queens=queens, blocked=blocked)
    except PuzzleError as err:
        what = "the marks read from the picture" if options.read_marks else "the board read from the picture"
        raise ImageReadError(f"{what} are not a puzzle: {err.message}", source=source) from None
    details = {
        "clarity": round(lattice.quality, 3),
        "colours": {"inside": round(colours.inside, 1), "between": round(colours.between, 1), "regions": colours.natural},
        "borders": {"two_kinds": walls.two_kinds, "regions": walls.count if walls.two_kinds else None},
    }
    return ImageRead(puzzle, warnings, n, method, found_lattice.box(), lattice.pitch, marks, details)


def find_lattice(image: Any, seen: Seen, source: str) -> Lattice:
    """The board's grid: the largest clear lattice among the squares outlined in the picture
    (or, failing those, in the whole picture), found on the picture shrunk to about
    ``locate.WORK_SIDE`` pixels and then placed on the full picture's lines."""
    work, factor = shrink(image)
    gx, gy = gradients(work)
    picture = FullPicture(image)
    boxes = candidate_boxes(gx, gy, factor)
    seen.boxes = [Box(b.left * factor, b.top * factor, b.right * factor, b.bottom * factor) for b in boxes]
    fits: list[Lattice] = []
    for box in boxes:
        if any((_inside(box, fit) or box.side < 0.6 * fit.side) and fit.quality >= SURE_GRID for fit in fits):
            continue  # a square within a board found already (a region's outline), or too small to beat it
        if factor > 1 and box.side < SMALL_BOX:  # too few pixels a cell once shrunk: read it at full size
            full_box = Box(box.left * factor, box.top * factor, box.right * factor, box.bottom * factor)
            fit = fit_lattice_in(picture, full_box)
            if fit is not None:
                fit = Lattice(tuple((v + 0.5) / factor - 0.5 for v in fit.xs), tuple((v + 0.5) / factor - 0.5 for v in fit.ys), fit.quality)
        else:
            fit = fit_lattice(gx, gy, box)
        if fit is not None and fit.quality >= MIN_QUALITY:
            fits.append(fit)
    if not fits:
        height, width = gx.shape
        whole = fit_lattice(gx, gy, Box(0, 0, width, height))
        if whole is not None and whole.quality >= MIN_QUALITY:
            fits.append(whole)
    if not fits:
        if boxes:
            b = seen.boxes[0]
            raise ImageReadError(
                f"found a square at x {b.left}..{b.right}, y {b.top}..{b.bottom} but could not size its grid "
                f"(no lattice of {N_MIN} to {N_MAX} equal cells fits its lines)",
                source=source,
            )
        raise ImageReadError(f"no board found: nothing in the picture is a square grid of {N_MIN} to {N_MAX} cells a side", source=source)
    clearest = max(fit.quality for fit in fits)
    kept = [fit for fit in fits if fit.quality >= KEEP_QUALITY * clearest]
    open_sides = {id(fit): [side for side, cover in border_cover(gx, gy, fit).items() if cover < FULL_LINE] for fit in kept}
    largest = max(f.side for f in kept)
    # a grid closed by border lines on all four sides first, then the largest, then the clearest
    coarse = max(kept, key=lambda fit: (not open_sides[id(fit)], round(fit.side / largest, 1), fit.quality))
    seen.open_sides = open_sides[id(coarse)]
    cut, tall, wide = cut_sides(gx, gy, coarse)
    if cut:
        raise ImageReadError(
            f"the board is cut off at the {' and '.join(cut)} edge of the picture (its cells run on "
            f"{'down' if tall > wide else 'across'} further than they reach there): take the screenshot with the whole board",
            source=source,
        )
    lattice = refine_lattice(picture, coarse, factor)
    seen.lattice = lattice
    return lattice


def cut_sides(gx: Array, gy: Array, lattice: Lattice) -> tuple[list[str], int, int]:
    """The picture's sides at which the board is cut, and how many rows and whole columns of
    cells show: rows (and columns) of cells that cross the lattice's lines are followed out
    from it as far as they go; when one axis runs on further than the other and the shorter
    one stops at the picture's side, the board was cut there (a 10x10 board cut to 8.5
    columns is 10 rows tall, and a square of 7 or 8 fits in it)."""
    n = lattice.n
    rows, cols = band_strengths(gx, gy, lattice, beyond=CUT_REACH)
    core = np.r_[rows[CUT_REACH : CUT_REACH + n], cols[CUT_REACH : CUT_REACH + n]]
    typical = float(np.nanmedian(core))
    if not typical > 0.05:
        return [], n, n
    floor = BAND_SHARE * typical

    def extent(strengths: Array) -> tuple[int, int, bool, bool]:
        lo, hi = CUT_REACH, CUT_REACH + n
        while lo > 0 and strengths[lo - 1] >= floor:
            lo -= 1
        while hi < len(strengths) and strengths[hi] >= floor:
            hi += 1
        off_start = lo > 0 and bool(np.isnan(strengths[lo - 1]))  # the next band is off the picture
        off_end = hi < len(strengths) and bool(np.isnan(strengths[hi]))
        return lo, hi, off_start, off_end

    r_lo, r_hi, r_top, r_bottom = extent(rows)
    c_lo, c_hi, c_left, c_right = extent(cols)
    tall, wide = r_hi - r_lo, c_hi - c_lo
    cut = []
    if tall > wide:
        cut = [side for side, off in (("left", c_left), ("right", c_right)) if off]
    elif wide > tall:
        cut = [side for side, off in (("top", r_top), ("bottom", r_bottom)) if off]
    return cut, tall, wide


def _inside(box: Box, lattice: Lattice) -> bool:
    left, top, right, bottom = lattice.box()
    slack = lattice.pitch / 2
    return box.left >= left - slack and box.top >= top - slack and box.right <= right + slack and box.bottom <= bottom + slack


def _regions(n: int, cells: CellColours, colours: ColourRead, walls: WallRead, source: str) -> tuple[Array, str, list[str]]:
    """The regions, where they came from, and the doubts; or ``ImageReadError`` with the reason."""
    if float(cells.agreement.mean()) < MISFIT and not walls.two_kinds:
        raise ImageReadError(
            f"the {n}x{n} grid found does not lie on the cells (their edges are not of one colour); "
            "is the board partly hidden or skewed?",
            source=source,
        )
    by_walls = walls.regions if walls.two_kinds and walls.count == n and walls.stray == 0 else None
    agree = by_walls is not None and same_partition(by_walls, colours.regions)
    if colours.clear:
        warnings = [] if agree else _colour_doubts(colours, cells)
        if by_walls is not None and not agree:
            differ = _differing_walls(by_walls, colours.regions)
            warnings.append(f"the thick borders part the board differently from the colours at {differ} wall(s); read from the colours")
        return colours.regions, "colours", warnings
    if by_walls is not None:
        return by_walls, "borders", []
    raise ImageReadError(_refusal(n, colours, walls), source=source)


def _colour_doubts(colours: ColourRead, cells: CellColours) -> list[str]:
    doubts = []
    regions = colours.regions
    if colours.ratio < SURE_RATIO or colours.between < CLOSE:
        doubts.append(
            f"two regions have close colours (ΔE {colours.between:.0f} between regions, up to {colours.inside:.0f} "
            "within one): check the regions"
        )
    if colours.colours < len(regions):
        pairs = ", ".join(f"{LABELS[i]} and {LABELS[j]}" for i, j, d in colours.close if d < 8.0)
        doubts.append(f"regions {pairs} have one colour; read as separate regions because they do not touch")
    for r, c in colours.shaded:
        doubts.append(
            f"cell {cell_name(r, c)} is a shade of its neighbour's colour (under the mouse?); read as region {LABELS[regions[r, c]]}"
        )
    for r, c in zip(*np.nonzero(cells.agreement < POOR_SAMPLE), strict=True):
        doubts.append(
            f"cell {cell_name(r, c)} could not be sampled well (it is not of one colour); read as region {LABELS[regions[r, c]]}"
        )
    return doubts[:6]


def _refusal(n: int, colours: ColourRead, walls: WallRead) -> str:
    """Why neither the colours nor the walls give the regions."""
    if colours.flat:
        if not walls.two_kinds:
            return f"the {n}x{n} board is in one colour and its lines are all alike: no regions to read"
        return f"the {n}x{n} board is in one colour and its thick borders give {walls.count} regions, not {n}"
    if colours.colours != n and colours.natural == colours.colours:
        return f"the {n}x{n} board has {colours.colours} colours, not {n} (one a region)"
    if colours.colours == n and colours.natural > n:
        return f"the {n} colours of the {n}x{n} board do not give {n} connected regions ({colours.natural} parts)"
    return (
        f"the colours of the {n}x{n} board do not clearly give {n} regions (they show about {colours.natural}; "
        f"the closest colours of two regions differ by ΔE {colours.between:.0f}, cells of one region by up to {colours.inside:.0f})"
    )


def same_partition(a: Array, b: Array) -> bool:
    """Whether two region grids part the board alike, whatever their numbers."""
    pairs = set(zip(a.ravel().tolist(), b.ravel().tolist(), strict=True))
    return len(pairs) == len(set(a.ravel().tolist())) == len(set(b.ravel().tolist()))


def _differing_walls(a: Array, b: Array) -> int:
    across = (a[:, :-1] != a[:, 1:]) != (b[:, :-1] != b[:, 1:])
    down = (a[:-1, :] != a[1:, :]) != (b[:-1, :] != b[1:, :])
    return int(across.sum() + down.sum())
