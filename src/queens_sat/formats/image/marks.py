"""Queens and crosses drawn on the cells, read as givens (``--read-marks``).

Each cell is sampled on a grid of points (10 % to 90 % of its width, a point every pixel
or two, 21 to 41 a side); a point is ink when its colour is far from the cell's own. The
ink falls into pieces (connected points), and the largest piece clear of the sampled
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

Array = np.ndarray[Any, Any]

SPAN = (0.1, 0.9)
POINTS = (21, 41)  # sample points a side, fewest and most (about one every 1.5 pixels between)
INK = 30.0  # ΔE from the cell's colour that makes a point ink
LEAST = 4  # points: a smaller piece is no mark (noise)
MARK_SPAN = 0.1  # a mark is at least this share of the sampled square wide or high (LinkedIn's cross: 0.16)
CROSS_FILL = 0.6  # a cross fills less of its bounding box than this
CROSS_DIAGONAL = 0.75  # ... and this much of its ink lies near the box's diagonals (a crown's or a disc's: about 0.55)
DIAGONAL = 0.16  # how near, as a share of the box's side
EDGE_BAND = 0.15  # the outer share of the sampled square where a line along its side may reach in
EDGE_LINE = 0.8  # a row (or column) of points this much ink there is a line, not a mark
TINT_FILL = 0.82  # a piece filling its bounding box this fully (a crown fills about 0.5, a disc 0.79) ...
TINT_SPAN = 0.5  # ... and this share of the sampled square both ways is a tint over the cell, not a mark
CORNER = 0.3  # a piece wholly within this share of the sampled square from two sides is a corner label
QUEEN_FILL = 0.25  # a queen fills at least this much of its bounding box
QUEEN_SPAN = 0.35  # ... and is at least this share of the sampled square wide or high (LinkedIn's crown: 0.5)


@dataclass
class MarkRead:
    queens: list[tuple[int, int]] = field(default_factory=list)
    crosses: list[tuple[int, int]] = field(default_factory=list)
    unclear: list[tuple[int, int]] = field(default_factory=list)


def read_marks(rgb: Array, lattice: Lattice, cell_lab: Array) -> MarkRead:
    points = int(np.clip(round((SPAN[1] - SPAN[0]) * lattice.pitch / 1.5), *POINTS))
    pixels = cell_pixels(rgb, lattice, *SPAN, points).astype(np.float64)  # (n, n, P, P, 3)
    inked = np.linalg.norm(to_lab(pixels) - cell_lab[:, :, None, None, :], axis=-1) > INK  # full lightness: ink on grey counts
    inked = _without_edge_lines(inked)
    largest = _largest_pieces(_grown(inked)) & inked  # pieces joined across a point missed on a thin stroke
    found = MarkRead()
    n = lattice.n
    for r in range(n):
        for c in range(n):
            kind = _kind(largest[r, c])
            if kind == "queen":
                found.queens.append((r, c))
            elif kind == "cross":
                found.crosses.append((r, c))
            elif kind == "unclear":
                found.unclear.append((r, c))
    return found


def _without_edge_lines(inked: Array) -> Array:
    """The ink less the rows and columns of points along the sampled square's edges that are
    nearly all ink: a thick region border reaching into a small cell is a line across it,
    never a queen (a mark leaves most of a row beside it clear)."""
    side = inked.shape[-1]
    band = max(1, round(EDGE_BAND * side))
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
    size = shape[-1] * shape[-2]
    big = size + 1
    labels = np.where(inked, np.arange(size).reshape(shape[-2:]), big)
    for _ in range(2 * size):
        spread = labels.copy()
        spread[..., 1:, :] = np.minimum(spread[..., 1:, :], labels[..., :-1, :])
        spread[..., :-1, :] = np.minimum(spread[..., :-1, :], labels[..., 1:, :])
        spread[..., :, 1:] = np.minimum(spread[..., :, 1:], labels[..., :, :-1])
        spread[..., :, :-1] = np.minimum(spread[..., :, :-1], labels[..., :, 1:])
        spread[..., 1:, 1:] = np.minimum(spread[..., 1:, 1:], labels[..., :-1, :-1])
        spread[..., :-1, :-1] = np.minimum(spread[..., :-1, :-1], labels[..., 1:, 1:])
        spread[..., 1:, :-1] = np.minimum(spread[..., 1:, :-1], labels[..., :-1, 1:])
        spread[..., :-1, 1:] = np.minimum(spread[..., :-1, 1:], labels[..., 1:, :-1])
        spread = np.where(inked, spread, big)
        if np.array_equal(spread, labels):
            break
        labels = spread
    flat = labels.reshape(*shape[:-2], size)
    out = np.zeros(shape, dtype=bool)
    side = shape[-1]
    for index in np.ndindex(*shape[:-2]):
        values = flat[index][flat[index] < big]
        if not len(values):
            continue
        counts = np.bincount(values)
        best, best_size = None, 0.0
        for label in np.flatnonzero(counts):
            piece = labels[index] == label
            rows, cols = np.nonzero(piece.any(axis=1))[0], np.nonzero(piece.any(axis=0))[0]
            edge = rows[0] == 0 or cols[0] == 0 or rows[-1] == side - 1 or cols[-1] == side - 1
            weight = counts[label] * (0.4 if edge else 1.0)
            if weight > best_size:
                best, best_size = piece, weight
        if best is not None:
            out[index] = best
    return out


def _kind(piece: Array) -> str | None:
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
    fill = count / (height * width)
    if fill >= TINT_FILL and min(height, width) >= TINT_SPAN * side:
        return None  # a block of another colour filling the cell (a hint's or the mouse's highlight), no mark
    u = (cols - left + 0.5) / width
    v = (rows - top + 0.5) / height
    reach = max(DIAGONAL, 1.25 / min(height, width))  # a small cross is a few points wide: a point off counts as on
    near = (np.abs(u - v) < reach) | (np.abs(u + v - 1) < reach)
    top = v < 0.25
    forked = bool((top & (u < 0.35)).any() and (top & (u > 0.65)).any())
    if fill < CROSS_FILL and near.mean() >= CROSS_DIAGONAL and 0.6 <= height / width <= 1.6 and forked:
        return "cross"  # two arms at its top (a star has one point there)
    if fill >= QUEEN_FILL and max(height, width) >= QUEEN_SPAN * side:
        return "queen"
    return "unclear"
