"""Where a board may be in a picture: squares outlined by long straight edges.

A board's outer border is four long straight edges meeting in a square, whatever the
colours, and so are the grid lines inside it. The picture is shrunk to about
``WORK_SIDE`` pixels (a screenshot's toolbars and text need no more), its horizontal and
vertical edges are found as runs of strong colour change along rows and columns, and
pairs of horizontal runs with the same ends, closed by vertical runs on both sides,
are the squares handed on, largest first. The picture's own sides count as edges, so a
board cropped at its border is found too. Which square holds a grid is for ``grid``
to say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

WORK_SIDE = 1000  # pixels of the longer side the search works at
EDGE = 40  # colour change over two pixels (0-255, the largest of R, G, B; ``grid.gradients``) that counts as an edge
GAP = 6  # pixels of an edge run that may be missing (a thick line meeting it, anti-aliasing, a mark touching it)
SQUARE = 0.15  # how far from square (height / width) a board's outline may be
MIN_SIDE = 48  # pixels of the full picture: a smaller board cannot be read
MAX_CANDIDATES = 8
MAX_SQUARES = 200  # squares looked at for the candidates (the largest; the rest are small and many)

Array = np.ndarray[Any, Any]


@dataclass(frozen=True)
class Box:
    """A square that may be the board, in pixels of the full picture (right and bottom exclusive)."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def side(self) -> int:
        return max(self.right - self.left, self.bottom - self.top)


def shrink(image: Any, side: int = WORK_SIDE) -> tuple[Any, int]:
    """A Pillow image reduced by a whole factor so that its longer side is at most ``side``,
    and the factor."""
    width, height = image.size
    factor = max(1, -(-max(height, width) // side))
    return (image.reduce(factor) if factor > 1 else image), factor


def runs(mask: Array, min_length: int, gap: int = GAP) -> Array:
    """The runs of True along each row of ``mask`` as rows (row, start, end), end exclusive;
    runs apart by at most ``gap`` pixels are joined and runs shorter than ``min_length`` dropped."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded.ravel())  # one long row: the zero padding keeps the rows' runs apart
    starts = np.flatnonzero(steps == 1)
    ends = np.flatnonzero(steps == -1)
    if len(starts) == 0:
        return np.zeros((0, 3), dtype=np.int64)
    rows = starts // (width + 2)
    starts = starts - rows * (width + 2)
    ends = ends - rows * (width + 2)  # a run ends in the row it starts in
    fresh = np.ones(len(rows), dtype=bool)
    fresh[1:] = (rows[1:] != rows[:-1]) | (starts[1:] - ends[:-1] > gap)
    first = np.flatnonzero(fresh)
    last = np.r_[first[1:] - 1, len(rows) - 1]
    joined = np.stack([rows[first], starts[first], ends[last]], axis=1).astype(np.int64)
    return joined[joined[:, 2] - joined[:, 1] >= min_length]


def candidate_boxes(gx: Array, gy: Array, factor: int = 1) -> list[Box]:
    """Squares outlined by long edges in a picture whose colour changes across and down are
    ``gx`` and ``gy`` (``grid.gradients``), largest first (at most ``MAX_CANDIDATES``).
    ``factor``: how many times the picture was shrunk (the smallest board scales with it)."""
    height, width = gx.shape
    min_side = max(12, MIN_SIDE // factor)
    hsegs = runs(gy > EDGE, int(min_side * 0.6))
    vsegs = runs((gx > EDGE).T, int(min_side * 0.6))
    # the picture's own sides close a board cropped at its border
    hsegs = np.concatenate([hsegs, [[0, 0, width], [height - 1, 0, width]]])
    vsegs = np.concatenate([vsegs, [[0, 0, height], [width - 1, 0, height]]])
    hsegs = _longest(hsegs, 600)
    vsegs = _longest(vsegs, 600)
    out: list[Box] = []
    for left, top, right, bottom in _squares(hsegs, vsegs, min_side):
        box = Box(left, top, min(right + 1, width), min(bottom + 1, height))
        if not any(_same(box, kept) for kept in out):
            out.append(box)
        if len(out) == MAX_CANDIDATES:
            break
    return out


def _longest(segments: Array, keep: int) -> Array:
    if len(segments) <= keep:
        return segments
    order = np.argsort(segments[:, 1] - segments[:, 2])  # longest first
    return segments[order[:keep]]


def _squares(hsegs: Array, vsegs: Array, min_side: int) -> list[tuple[int, int, int, int]]:
    """Pairs of horizontal runs with matching ends, about a width apart, closed on both
    sides by vertical runs: (left, top, right, bottom), largest first."""
    y, x0, x1 = hsegs[:, 0], hsegs[:, 1], hsegs[:, 2]
    # every pair at once, in 16-bit integers when the picture is small enough (a shrunk one
    # is); a whole number of pixels is within the tolerance when within its whole part
    kind = np.int16 if len(hsegs) == 0 or int(hsegs.max()) < 2**14 else np.int64
    tol = np.floor(np.maximum(4, 0.05 * (x1 - x0))).astype(kind)[:, None]
    yk, ak, bk = y.astype(kind), x0.astype(kind), x1.astype(kind)
    pair = yk[None, :] > yk[:, None]
    pair &= np.abs(ak[:, None] - ak[None, :]) <= tol
    pair &= np.abs(bk[:, None] - bk[None, :]) <= tol
    top, bottom = np.nonzero(pair)
    if len(top) == 0:
        return []
    left = np.maximum(x0[top], x0[bottom])
    right = np.minimum(x1[top], x1[bottom])
    side_x = right - left
    side_y = y[bottom] - y[top]
    ok = (side_x >= min_side) & (np.abs(side_y / np.maximum(side_x, 1) - 1) <= SQUARE)
    top, bottom, left, right = top[ok], bottom[ok], left[ok], right[ok]
    if len(top) == 0:
        return []
    ys, ye = y[top], y[bottom]
    kind = kind if len(vsegs) == 0 or int(vsegs.max()) < 2**14 else np.int64
    tol_v = np.floor(np.maximum(4, 0.05 * (right - left))).astype(kind)[:, None]
    vx, vy0, vy1 = vsegs[:, 0].astype(kind), vsegs[:, 1].astype(kind), vsegs[:, 2].astype(kind)
    ys_k, ye_k = ys.astype(kind)[:, None], ye.astype(kind)[:, None]
    left_k, right_k = left.astype(kind)[:, None], right.astype(kind)[:, None]
    overlap = np.minimum(vy1[None, :], ye_k) - np.maximum(vy0[None, :], ys_k)
    covers = overlap >= np.ceil(0.7 * (ye - ys)).astype(kind)[:, None]  # a whole number at least 0.7 of the side
    near_left = np.abs(vx[None, :] - left_k) <= tol_v
    near_right = np.abs(vx[None, :] - right_k) <= tol_v
    closed = (covers & near_left).any(axis=1) & (covers & near_right).any(axis=1)
    found = np.stack([left, ys, right, ye], axis=1)[closed]
    order = np.argsort(-((found[:, 2] - found[:, 0]) * (found[:, 3] - found[:, 1])), kind="stable")
    return [(int(a), int(b), int(c), int(d)) for a, b, c, d in found[order[:MAX_SQUARES]].tolist()]


def _same(a: Box, b: Box) -> bool:
    """Whether two boxes outline the same square (the two sides of one thick border, say)."""
    tol = max(4.0, 0.04 * max(a.side, b.side))
    return abs(a.left - b.left) <= tol and abs(a.top - b.top) <= tol and abs(a.right - b.right) <= tol and abs(a.bottom - b.bottom) <= tol
