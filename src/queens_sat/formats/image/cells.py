"""Each cell's colour, sampled where marks and grid lines are not.

A cell is sampled on a 9 x 9 grid of points between 14 % and 86 % of its width and
height; its colour is the median of the two outer rings of points (56 of them), which
keeps clear of the grid lines round it and of the queen, cross or letter drawn in its
middle. How many of those points agree with the median says whether the cell could be
sampled at all. Colours are compared in CIELAB, where distance follows what the eye sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from queens_sat.formats.image.grid import Lattice

Array = np.ndarray[Any, Any]

POINTS = 9
SPAN = (0.14, 0.86)
RING = 2  # rings of sample points kept for the colour (the middle 5 x 5 may hold a mark)
AGREE = 12.0  # a sample this close (ΔE) to the cell's colour agrees with it
MIXED = 0.5  # a cell whose ring agrees less than this with its median is mixed: its regions' colour is looked for
INK_LIGHTNESS = 30.0  # CIELAB L below which a point is grid line, border or ink, never a region's colour
LIGHTNESS_WEIGHT = 0.5  # lightness counts half in colour distances: shading (a hovered cell) changes it most


@dataclass(frozen=True)
class CellColours:
    rgb: Array  # (n, n, 3) median colour of each cell, 0-255
    lab: Array  # (n, n, 3) the same in CIELAB
    agreement: Array  # (n, n) share of the ring samples close to the cell's colour
    ring: Array  # (n, n, 72, 3) the samples of the three outer rings, in CIELAB (inside a wide frame too)
    shown: Array  # (n, n, 3) CIELAB: ``lab``, or for a mixed cell the colour most of its ring shows (the regions are read from it)


def sample_points(lattice: Lattice, shape: tuple[int, ...], lo: float, hi: float, count: int) -> tuple[Array, Array]:
    """Pixel rows (n, count) and columns (n, count) of ``count`` points from ``lo`` to ``hi`` across each row and column of cells."""
    u = np.linspace(lo, hi, count)
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    cols = xs[:-1, None] + u[None, :] * np.diff(xs)[:, None]
    rows = ys[:-1, None] + u[None, :] * np.diff(ys)[:, None]
    return (
        np.clip(np.round(rows), 0, shape[0] - 1).astype(np.int64),
        np.clip(np.round(cols), 0, shape[1] - 1).astype(np.int64),
    )


def cell_pixels(rgb: Array, lattice: Lattice, lo: float, hi: float, count: int) -> Array:
    """The (n, n, count, count, 3) grid of pixels sampled in every cell."""
    rows, cols = sample_points(lattice, rgb.shape, lo, hi, count)
    n = len(rows)
    picked = rgb[rows.ravel()][:, cols.ravel()]  # (n * count, n * count, 3): the sampled rows, then their columns
    result: Array = np.ascontiguousarray(picked.reshape(n, count, n, count, -1).transpose(0, 2, 1, 3, 4))
    return result


def ring_mask(rings: int = RING) -> Array:
    i = np.arange(POINTS)
    outer = (i < rings) | (i >= POINTS - rings)
    return outer[:, None] | outer[None, :]


def cell_colours(rgb: Array, lattice: Lattice) -> CellColours:
    pixels = cell_pixels(rgb, lattice, *SPAN, POINTS)
    ring = pixels[:, :, ring_mask()]  # (n, n, 56, 3)
    median = np.median(ring, axis=2)
    wide = ring_mask(RING + 1)
    lab_wide = to_lab(pixels[:, :, wide])  # (n, n, 72, 3): converted once, the two outer rings taken from it
    lab_ring = lab_wide[:, :, ring_mask()[wide]]
    lab = to_lab(median)
    agreement = (distance(lab_ring, lab[:, :, None, :]) <= AGREE).mean(axis=2)
    shown = lab.copy()
    for r, c in zip(*np.nonzero(agreement < MIXED), strict=True):
        shown[r, c] = _most_shown(lab_ring[r, c], lab[r, c])
    return CellColours(median, lab, agreement, lab_wide, shown)


def _most_shown(lab_ring: Array, lab: Array) -> Array:
    """The colour most of a mixed cell's ring points show, leaving out near-black ones (grid
    lines, borders, ink), when more points show it than show the cell's median ``lab``: a
    small cell with thick borders on three sides and stripes over the rest has a median
    between them all, and its region's colour in the most points."""
    light = lab_ring[lab_ring[:, 0] >= INK_LIGHTNESS]
    if not len(light):
        return lab
    close = distance(light[:, None, :], light[None, :, :]) <= AGREE  # (k, k)
    counts = close.sum(axis=1)
    best = int(np.argmax(counts))
    if counts[best] <= int((distance(lab_ring, lab) <= AGREE).sum()):
        return lab
    result: Array = np.median(light[close[best]], axis=0)
    return result


def _linear(c: Array) -> Array:
    """sRGB values (0-1) to linear light."""
    result: Array = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return result


LAB_BLOCK = 8192  # colours converted together

# 8-bit values to linear light, looked up (the pixels are most of the work); and linear light to
# XYZ over the D65 white, in one matrix. Single precision: ample for colour differences (1e-4 ΔE)
_LINEAR_BYTES = _linear(np.arange(256) / 255.0).astype(np.float32)
_TO_XYZ = (
    np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]).T / np.array([0.95047, 1.0, 1.08883])
).astype(np.float32)


def to_lab(rgb: Array) -> Array:
    """sRGB (0-255) to CIELAB (D65), any leading shape. A large stack of colours is converted
    about ``LAB_BLOCK`` colours at a time (the steps of one block stay in the processor's
    cache: 1.7x faster on a board's points), keeping whole the last two axes, the matrices
    the colour matrix multiplies, so that each colour is worked out exactly as in one go."""
    rgb = np.asarray(rgb)
    if rgb.ndim < 3 or rgb.size <= 3 * LAB_BLOCK:
        return _lab(rgb)
    stack = rgb.reshape(-1, *rgb.shape[-2:])
    step = max(1, LAB_BLOCK // rgb.shape[-2])
    lab = np.empty(stack.shape, dtype=np.float64)
    for start in range(0, len(stack), step):
        lab[start : start + step] = _lab(stack[start : start + step])
    return lab.reshape(rgb.shape)


def _lab(rgb: Array) -> Array:
    linear = _LINEAR_BYTES[rgb] if rgb.dtype == np.uint8 else _linear(rgb.astype(np.float64) / 255.0).astype(np.float32)
    xyz = linear @ _TO_XYZ
    f = np.cbrt(xyz)
    small = xyz <= 216 / 24389
    if small.any():
        f[small] = (24389 / 27 * xyz[small] + 16) / 116
    lab = np.empty(xyz.shape, dtype=np.float64)
    lab[..., 0] = 116 * f[..., 1] - 16
    lab[..., 1] = 500 * (f[..., 0] - f[..., 1])
    lab[..., 2] = 200 * (f[..., 1] - f[..., 2])
    return lab


def distance(a: Array, b: Array) -> Array:
    """Colour distance in CIELAB with lightness weighted by ``LIGHTNESS_WEIGHT``."""
    d = a - b
    result: Array = np.sqrt((LIGHTNESS_WEIGHT * d[..., 0]) ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2)
    return result
