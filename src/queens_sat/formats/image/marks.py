"""Queens and crosses drawn on the cells, read as givens (``--read-marks``).

Each cell is sampled on a grid of points (10 % to 90 % of its width and height, about a
point a pixel, 21 to 36 a side). A point is ink when its colour is far from what the cell
shows there without a mark: its own colour (a hovered cell's tint included), or, on a
cell a highlight covers, its region's colour (and the highlight's frame is no ink). On a
patterned region (the page draws a colour used again hatched or dotted) any mix of the
colour and the pattern's colour is no ink either, so stripes are not marks and a thin
cross on them is one. The pattern is found from the region's cells: points off the
colour covering a good share of nearly every cell, whatever the stripes' phase in each.
How far is far follows the region's noise: a clean screenshot shows a faint, thin
stroke; a blurred or JPEG picture needs the stronger ink it always did.

The ink falls into pieces (connected points), and the largest piece clear of the sampled
square's edge is the mark (a region's letter in a corner, or the edge of a grid line,
touches the edge). A cross is thin: its ink fills little of its bounding box and lies along that
box's two diagonals. Anything else large enough (a crown, a star, a token, a dot, a
letter Q) is a queen. A piece too small or too odd to be either is reported, not guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from queens_sat.formats.image.cells import cell_pixels, to_lab
from queens_sat.formats.image.grid import Lattice
from queens_sat.formats.image.locate import runs

Array = np.ndarray[Any, Any]

SPAN = (0.1, 0.9)
POINTS = (21, 36)  # sample points a side, fewest and most (about one a pixel between)
INK = 30.0  # ΔE from the cell's look that always makes a point ink
FAINT_INK = 14.0  # ΔE that makes a point ink on a clean picture (a thin, light stroke)
NOISE_TIMES = 3.0  # ink is at least this many times the region's noise above FAINT_INK
LOOK_CELLS = 3  # a region of fewer cells shows no pattern of its own: each cell is its colour
LOOK_RANKED = 8  # a region of this many cells or more may have a quarter of its cells unlike the rest
PATTERNED = 6.0  # ΔE: a point this far from its cell's colour may be a pattern's (stripes, dots)
PATTERN_CORE = 0.75  # rank (from the faintest) of the pattern's points taken as its colour
EVEN_PATTERN = 1.2  # a pattern's farthest points are at most this much further than its core
PATTERN_LIGHTNESS = 8.0  # ΔL: a small region's pattern as much lighter or darker as another's is one
LIGHT_PATTERN = 40.0  # ΔE: ... and a pattern (a light veil) is no further from the colour than this (ink is)
BEYOND_PATTERN = 0.25  # a point this share of the pattern's depth past its core, the same way, is ink (a mark's soft edge)
PATTERN_SHARE = 0.08  # share of a cell's pattern zone a pattern covers at least (the page's stripes: about 0.2)
SIDES_EVEN = 0.4  # on a small region, a pattern covers each side of the zone at least this share of its best side
LEAST = 4  # points: a smaller piece is no mark (noise)
MARK_SPAN = 0.1  # a mark is at least this share of the sampled square wide or high (LinkedIn's cross: 0.16)
CROSS_FILL = 0.7  # a cross fills less of its bounding box than this (a small one read with its soft edges: 0.65)
CROSS_DIAGONAL = 0.75  # ... and this much of its ink lies near the box's diagonals (a crown's or a disc's: about 0.55)
ALL_DIAGONAL = 0.9  # ... or this much, with an arm's tip lost (on stripes of its own slant); a star's: at most 0.7
BOTH_DIAGONALS = 0.35  # ... and this much near each diagonal (a stripe's bit lies along one)
DIAGONAL = 0.16  # how near, as a share of the box's side
SMALL_REACH = 1.6  # points off the diagonal still near it on a small cross (its strokes, soft edges included, are 2-3 points wide)
EDGE_BAND = 0.15  # the outer share of the sampled square where a line along its side may reach in
EDGE_LINE = 0.8  # a row (or column) of points this much ink there is a line, not a mark
LINE_BAND = 0.22  # ... that far in from the sampled square's side (a phone's thin frame's inner edge: 0.16)
TINT_FILL = 0.82  # a piece filling its bounding box this fully (a crown fills about 0.5, a disc 0.79) ...
TINT_SPAN = 0.5  # ... and this share of the sampled square both ways is a tint over the cell, not a mark
CORNER = 0.3  # a piece wholly within this share of the sampled square from two sides is a corner label
CORNER_CENTRE = 0.4  # ... as is, on a framed (highlighted) cell, a piece whose middle is within this share from two sides
FRAME_SPAN = 0.6  # a piece this share of the sampled square both ways, empty in its middle, is a frame
MAX_TINT = 15.0  # ΔE: a cell further than this from its region's colour is framed or covered, not tinted
QUEEN_FILL = 0.25  # a queen fills at least this much of its bounding box
QUEEN_SPAN = 0.35  # ... and is at least this share of the sampled square wide or high (LinkedIn's crown: 0.5)


@dataclass
class MarkRead:
    queens: list[tuple[int, int]] = field(default_factory=list)
    crosses: list[tuple[int, int]] = field(default_factory=list)
    unclear: list[tuple[int, int]] = field(default_factory=list)
    doubtful: list[tuple[int, int]] = field(default_factory=list)  # queens read where a small region's stripes may be


def read_marks(rgb: Array, lattice: Lattice, cell_lab: Array, regions: Array, shown: Array | None = None) -> MarkRead:
    """The marks on the cells of ``rgb``; ``cell_lab`` is each cell's (median) colour and
    ``shown`` (``cells.CellColours.shown``) the colour most of a mixed cell shows."""
    points = int(np.clip(round((SPAN[1] - SPAN[0]) * lattice.pitch), *POINTS))
    lab = to_lab(cell_pixels(rgb, lattice, *SPAN, points))  # (n, n, P, P, 3)
    inked, framed, striped = _ink(lab, cell_lab, regions, cell_lab if shown is None else shown)
    inked = _without_edge_lines(inked)
    largest = _largest_pieces(_grown(inked)) & inked  # pieces joined across a point missed on a thin stroke
    found = MarkRead()
    n = lattice.n
    for r in range(n):
        for c in range(n):
            kind = _kind(largest[r, c], bool(framed[r, c]))
            if kind == "queen":
                found.queens.append((r, c))
                if striped[r, c]:
                    found.doubtful.append((r, c))
            elif kind == "cross":
                found.crosses.append((r, c))
            elif kind == "unclear":
                found.unclear.append((r, c))
    return found


def _ink(lab: Array, cell_lab: Array, regions: Array, shown: Array) -> tuple[Array, Array, Array]:
    """Which points (n, n, P, P) are ink: far from the cell's look there (see the module's
    docstring), by full CIELAB distance (ink on a grey cell counts); which cells (n, n)
    are framed (a highlight covers them: their colour is not their region's); and which cells
    of one- or two-cell regions look striped by a pattern the board shows nowhere else (their
    stripes stay ink, so a mark read there may be them). A mixed cell (its ``shown`` colour,
    most of its ring's, is not its median) is framed too: a focus outline over a phone's small
    cell covers about half its ring and moves its median only a little off its colour."""
    inked = np.zeros(lab.shape[:-1], dtype=bool)
    framed_cells = np.zeros(regions.shape, dtype=bool)
    striped = np.zeros(regions.shape, dtype=bool)
    side = lab.shape[2]
    zone = _pattern_zone(side)
    seen_patterns: list[Array] = []  # the patterns of the larger regions (against their colours)
    sizes = np.bincount(regions.ravel())
    for k in sorted(np.unique(regions).tolist(), key=lambda k: -sizes[k]):  # larger regions first
        where = np.nonzero(regions == k)
        colours = cell_lab[where]  # (m, 3) each cell's own colour (a hovered cell's is tinted)
        colour = np.median(colours, axis=0)
        framed = np.linalg.norm(colours - colour, axis=-1) > MAX_TINT  # not a tint: a frame or block over the cell
        mixed = np.any(shown[where] != colours, axis=-1)  # a mixed cell: something covers much of its ring
        covered = np.linalg.norm(shown[where] - colour, axis=-1) > MAX_TINT  # ... most: what covers it shows most
        covers = np.where(covered[:, None], shown[where], colours)  # (m, 3) the colour over a framed cell
        framed |= mixed
        framed &= len(colours) >= LOOK_CELLS  # (a region of one or two cells has no colour to go by but its own)
        points = lab[where]  # (m, P, P, 3)
        looks = np.where(framed[:, None], colour, colours)  # a framed cell is measured against its region's colour
        own = points - looks[:, None, None, :]  # (m, P, P, 3): each point against its cell's colour
        off = _length(own)
        for i in np.flatnonzero(framed):  # ... and against what covers it (its frame's colour, and the
            # frame's soft inner edge, a mix of the two): its frame is no ink
            off[i] = np.minimum(off[i], _segment_distance(own[i], covers[i] - colour))
        if len(own) >= LOOK_CELLS:
            clear = ~framed if (~framed).sum() >= LOOK_CELLS else np.ones_like(framed)  # a framed cell hides its pattern
            far = _pattern_colour(own[clear][:, zone], off[clear][:, zone])
            if far is not None:
                seen_patterns.append(far)
        else:  # a region of one or two cells: a pattern only like one the board shows elsewhere (not a mark's ink)
            far = _pattern_colour(own[:, zone], off[:, zone]) if _on_every_side(off) else None
            if far is not None and not (_even(off[:, zone], far) and any(_like_pattern(far, other) for other in seen_patterns)):
                striped[where] = True
                far = None
        darker = np.zeros(off.shape, dtype=bool)
        if far is not None:  # a pattern: any mix of the colour and the pattern's is no ink
            off = np.minimum(off, _segment_distance(own, far))
            darker = (own @ far) / max(float(far @ far), 1e-9) > 1 + BEYOND_PATTERN
        noise = float(np.median(np.median(off.reshape(len(own), -1), axis=1)))
        inked[where] = (off > min(INK, FAINT_INK + NOISE_TIMES * noise)) | (darker & (off > PATTERNED + NOISE_TIMES * noise))
        framed_cells[where] = framed
    return inked, framed_cells, striped


def _pattern_colour(own: Array, off: Array) -> Array | None:
    """The colour of a region's pattern (against its colour), from its cells' points in the
    pattern zone (``own`` (m, Z, 3), ``off`` (m, Z)), or None for a plain region. A pattern
    covers a good share (``PATTERN_SHARE``) of the zone on nearly every cell, whatever its
    phase in each; a mark on a few. A small region may have a cross on most cells, so
    there every cell must show it."""
    share = (off > PATTERNED).mean(axis=1)  # (m,)
    rank = (len(own) - 1) // 4 if len(own) >= LOOK_RANKED else 0
    if float(np.sort(share)[rank]) < PATTERN_SHARE:
        return None
    cores = []
    for cell in np.flatnonzero(share >= PATTERN_SHARE):
        points = np.flatnonzero(off[cell] > PATTERNED)
        order = points[np.argsort(off[cell, points])]
        cores.append(own[cell, order[int(PATTERN_CORE * (len(order) - 1))]])  # a stripe's core, not a border or mark
    result: Array = np.median(np.array(cores), axis=0)
    return result


def _on_every_side(off: Array) -> bool:
    """Whether the points off the colour (``off`` (m, P, P)) cover each of the pattern zone's
    four sides on every cell, about alike, as stripes or dots do: a mark is centred and
    reaches one side (a crown's points) far more than the others. A one-cell region with a
    queen drawn in a darker shade of its colour (the page's won queens) is no pattern."""
    share = np.stack([(off[:, band] > PATTERNED).mean(axis=1) for band in _zone_sides(off.shape[-1])], axis=1)  # (m, 4)
    least, most = share.min(axis=1), share.max(axis=1)
    return bool(np.all((least >= PATTERN_SHARE) & (least >= SIDES_EVEN * most)))


def _even(off: Array, far: Array) -> bool:
    """Whether the points off the colour are a pattern's, all about as far as its core (a
    glyph's soft edge is fainter and its middle much further)."""
    points = off[off > PATTERNED]
    return len(points) > 0 and float(np.percentile(points, 95)) <= EVEN_PATTERN * float(np.linalg.norm(far)) + PATTERNED


def _like_pattern(far: Array, other: Array) -> bool:
    """Whether a small region's pattern colour (against its colour) is like another region's:
    as much lighter or darker, and no further from its colour than ``LIGHT_PATTERN``."""
    return abs(float(far[0] - other[0])) <= PATTERN_LIGHTNESS and float(np.linalg.norm(far)) <= LIGHT_PATTERN


def _pattern_zone(side: int) -> Array:
    """The points where a pattern is looked for: clear of the borders along the sampled
    square's sides and of the middle, where the marks are."""
    u = (np.arange(side) + 0.5) / side
    ring = ((u >= EDGE_BAND) & (u < 0.3)) | ((u > 0.7) & (u <= 1 - EDGE_BAND))
    inner = (u >= EDGE_BAND) & (u <= 1 - EDGE_BAND)
    zone: Array = (ring[:, None] & inner[None, :]) | (inner[:, None] & ring[None, :])
    return zone


def _zone_sides(side: int) -> list[Array]:
    """The pattern zone's four sides (top, bottom, left, right), each a (side, side) mask."""
    u = (np.arange(side) + 0.5) / side
    low, high = (u >= EDGE_BAND) & (u < 0.3), (u > 0.7) & (u <= 1 - EDGE_BAND)
    inner = (u >= EDGE_BAND) & (u <= 1 - EDGE_BAND)
    return [low[:, None] & inner[None, :], high[:, None] & inner[None, :], inner[:, None] & low[None, :], inner[:, None] & high[None, :]]


def _segment_distance(points: Array, far: Array) -> Array:
    """The distance of each point (..., 3, against the cell's colour) to the colours between
    the cell's own (0) and ``far`` (a stripe's soft edge is such a mix)."""
    t = np.clip((points @ far) / max(float(far @ far), 1e-9), 0.0, 1.0)
    return _length(points - t[..., None] * far)


def _length(v: Array) -> Array:
    """``np.linalg.norm(v, axis=-1)`` of (..., 3) vectors, the same sums in the same order,
    without a reduction over an axis of three (three times faster)."""
    result: Array = np.sqrt((v[..., 0] ** 2 + v[..., 1] ** 2) + v[..., 2] ** 2)
    return result


def _without_edge_lines(inked: Array) -> Array:
    """The ink less the rows and columns of points along the sampled square's edges that are
    nearly all ink: a thick region border reaching into a small cell, or the soft inner
    edge of a thin hint's frame round it, is a line across it, never a queen (a mark
    leaves most of a row beside it clear)."""
    side = inked.shape[-1]
    band = max(1, round(LINE_BAND * side))
    out: Array = inked.copy()
    rows_full = inked.mean(axis=-1) >= EDGE_LINE  # (..., side): a row of points almost all ink
    cols_full = inked.mean(axis=-2) >= EDGE_LINE
    outer = np.zeros(side, dtype=bool)
    outer[:band] = outer[-band:] = True
    out &= ~(rows_full & outer)[..., :, None]
    out &= ~(cols_full & outer)[..., None, :]
    return out


def _grown(inked: Array) -> Array:
    """The ink grown by one point in all eight directions."""
    out = inked.copy()
    out[..., 1:, :] |= inked[..., :-1, :]
    out[..., :-1, :] |= inked[..., 1:, :]
    grown: Array = out.copy()
    grown[..., :, 1:] |= out[..., :, :-1]
    grown[..., :, :-1] |= out[..., :, 1:]
    return grown


def _largest_pieces(inked: Array) -> Array:
    """For every cell, the mask of its largest connected piece of ink (8-neighbours: a
    cross's strokes are diagonal).

    Labels spread as the smallest index among neighbours, all cells at once, until
    nothing changes (a piece is at most a few dozen points across)."""
    shape = inked.shape
    out = np.zeros(shape, dtype=bool)
    busy = np.nonzero(inked.sum(axis=(-1, -2)) >= LEAST)  # only cells with ink are labelled
    if len(busy[0]):
        out[busy] = _largest_in(inked[busy])
    return out


def _largest_in(inked: Array) -> Array:
    """``_largest_pieces`` of an (m, P, P) stack of cells."""
    shape = inked.shape
    size = shape[-1] * shape[-2]
    big = size + 1
    labels = _piece_labels(inked, big)
    flat = labels.reshape(*shape[:-2], size)
    out = np.zeros(shape, dtype=bool)
    side = shape[-1]
    band = max(1, round(EDGE_BAND * side))
    for index in np.ndindex(*shape[:-2]):
        values = flat[index][flat[index] < big]
        if not len(values):
            continue
        counts = np.bincount(values)
        best, best_size = None, 0.0
        for label in np.flatnonzero(counts):
            piece = labels[index] == label
            rows, cols = np.nonzero(piece.any(axis=1))[0], np.nonzero(piece.any(axis=0))[0]
            if rows[-1] < band or cols[-1] < band or rows[0] >= side - band or cols[0] >= side - band:
                continue  # wholly in the band along a side: a border line's edge, never a mark
            if _is_frame(piece, rows, cols, side):
                continue  # a highlight's frame round the cell (the focused or hinted cell), not a mark
            edge = rows[0] == 0 or cols[0] == 0 or rows[-1] == side - 1 or cols[-1] == side - 1
            weight = counts[label] * (0.4 if edge else 1.0)
            if weight > best_size:
                best, best_size = piece, weight
        if best is not None:
            out[index] = best
    return out


def _piece_labels(inked: Array, big: int) -> Array:
    """Each ink point of an (m, P, P) stack labelled with the smallest index (row * P + column)
    of its piece, ``big`` elsewhere: the smallest label among the eight neighbours is taken
    and then each label's own label (a jump along the piece), until nothing changes; the
    jumps make it a few rounds, not one a point across the piece."""
    m, height, width = inked.shape
    size = height * width
    labels = np.where(inked, np.arange(size).reshape(height, width), big)
    tail = np.full((m, big - size + 1), big, dtype=labels.dtype)  # the labels of ``big`` and beyond: big
    while True:
        spread = labels.copy()
        spread[..., 1:, :] = np.minimum(spread[..., 1:, :], labels[..., :-1, :])
        spread[..., :-1, :] = np.minimum(spread[..., :-1, :], labels[..., 1:, :])
        spread[..., :, 1:] = np.minimum(spread[..., :, 1:], labels[..., :, :-1])
        spread[..., :, :-1] = np.minimum(spread[..., :, :-1], labels[..., :, 1:])
        spread[..., 1:, 1:] = np.minimum(spread[..., 1:, 1:], labels[..., :-1, :-1])
        spread[..., :-1, :-1] = np.minimum(spread[..., :-1, :-1], labels[..., 1:, 1:])
        spread[..., 1:, :-1] = np.minimum(spread[..., 1:, :-1], labels[..., :-1, 1:])
        spread[..., :-1, 1:] = np.minimum(spread[..., :-1, 1:], labels[..., 1:, :-1])
        flat = np.where(inked, spread, big).reshape(m, size)
        for _ in range(2):  # a label is a point of the same piece with a label no larger
            flat = np.take_along_axis(np.concatenate([flat, tail], axis=1), flat, axis=1)
        spread = flat.reshape(m, height, width)
        if np.array_equal(spread, labels):
            return labels
        labels = spread


def _is_frame(piece: Array, rows: Array, cols: Array, side: int) -> bool:
    """Whether a piece is a frame: wide and high, with nothing in the middle of its box."""
    top, bottom, left, right = rows[0], rows[-1], cols[0], cols[-1]
    height, width = bottom - top + 1, right - left + 1
    if min(height, width) < FRAME_SPAN * side:
        return False
    middle = piece[top + height // 3 : bottom + 1 - height // 3, left + width // 3 : right + 1 - width // 3]
    return not bool(middle.any())


def _widest_run(present: Array) -> slice:
    """The longest run of True in a 1-d mask (the first of the longest), as a slice."""
    found = runs(present[None, :], 1, gap=0)  # (row, start, end) in order
    if not len(found):
        return slice(0, 0)
    _, start, end = found[int(np.argmax(found[:, 2] - found[:, 1]))]
    return slice(int(start), int(end))


def _is_block(box: Array, side: int) -> bool:
    """Whether a piece (cut to its bounding box) is a block filling the cell (``TINT_FILL``
    of its box, ``TINT_SPAN`` of the sampled square both ways): a hint's or the mouse's
    highlight, or a small region's cell under a frame whose inner part is all unlike the
    frame. Thin lines beside it, joined to it across an empty row or column (a frame's soft
    edges), are left out: the widest run of rows and of columns with ink is measured."""
    rows, cols = _widest_run(np.asarray(box.any(axis=1))), _widest_run(np.asarray(box.any(axis=0)))
    core = box[rows, cols]
    height, width = core.shape
    return bool(core.size) and core.mean() >= TINT_FILL and min(height, width) >= TINT_SPAN * side


def _kind(piece: Array, framed: bool = False) -> str | None:
    """"queen", "cross", "unclear", or None for an empty cell."""
    count = int(piece.sum())
    if count < LEAST:
        return None
    rows, cols = np.nonzero(piece)
    top, bottom, left, right = rows.min(), rows.max(), cols.min(), cols.max()
    height, width = bottom - top + 1, right - left + 1
    side = piece.shape[0]
    if max(height, width) < MARK_SPAN * side:
        return "unclear"
    corner = CORNER * side
    if (bottom < corner or top >= side - corner) and (right < corner or left >= side - corner):
        return None  # a label in a corner of the cell (the page's region letter on a hinted cell)
    middle_row, middle_col = (top + bottom + 1) / 2, (left + right + 1) / 2
    near = CORNER_CENTRE * side
    off_centre = (middle_row < near or middle_row > side - near) and (middle_col < near or middle_col > side - near)
    half = side / 2
    to_a_side = bottom < half or top >= half or right < half or left >= half  # wholly in one half
    if framed and (off_centre or to_a_side):
        return None  # a highlighted cell's label, larger on a phone's small cell, off to a side; marks are centred
    fill = count / (height * width)
    if _is_block(piece[top : bottom + 1, left : right + 1], side):
        return None  # a block of another colour filling the cell (a hint's or the mouse's highlight), no mark
    u = (cols - left + 0.5) / width
    v = (rows - top + 0.5) / height
    reach = max(DIAGONAL, SMALL_REACH / min(height, width))  # a small cross is a few points wide: a point or two off counts as on
    near = (np.abs(u - v) < reach) | (np.abs(u + v - 1) < reach)
    top = v < 0.25
    forked = bool((top & (u < 0.35)).any() and (top & (u > 0.65)).any())
    diagonal = float(near.mean())
    both = min(float((np.abs(u - v) < reach).mean()), float((np.abs(u + v - 1) < reach).mean())) >= BOTH_DIAGONALS
    armed = forked or (diagonal >= ALL_DIAGONAL and both)
    if fill < CROSS_FILL and diagonal >= CROSS_DIAGONAL and 0.6 <= height / width <= 1.6 and armed:
        return "cross"  # two arms at its top (a star has one point there), or one lost in stripes and the rest on the diagonals
    if fill >= QUEEN_FILL and max(height, width) >= QUEEN_SPAN * side:
        return "queen"
    return "unclear"
