"""Regions from the walls between cells: thick lines part regions, thin lines do not.

For every wall between two side-by-side cells, a strip across it (the middle 40 % of
its length, 20 % of a cell to each side) is averaged into a profile, and the wall's ink
is the area between that profile and the two cells' own colours: how far each pixel is
from the nearer of the two, summed across, as a share of a cell. Blur and scaling
spread a line but keep that area, so thick and thin stay apart on a soft picture.
The walls then fall into two classes (thin and thick) when their inks do; cells joined
across thin walls are the regions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from queens_sat.formats.image.colours import _Groups
from queens_sat.formats.image.grid import Lattice

Array = np.ndarray[Any, Any]

ACROSS = 0.2  # share of a cell on each side of a wall that its profile covers (marks in the middle stay out)
ALONG = (0.3, 0.7)  # the stretch of the wall sampled (its ends touch other walls)
ROWS = 5  # profiles averaged along the wall
BASE = 0.2  # share of the profile at each end taken as that side's cell colour
MIN_RATIO = 1.6  # a thick wall has at least this much more ink than a thin one
MIN_MARGIN = 0.2  # the gap between the classes, as a share of the distance between their medians


@dataclass
class WallRead:
    across: Array  # (n, n - 1) ink of the wall right of each cell
    down: Array  # (n - 1, n) ink of the wall below each cell
    threshold: float  # inks above this are thick
    two_kinds: bool  # whether the walls clearly fall into thin and thick
    regions: Array | None  # (n, n) cells joined across thin walls, when two_kinds
    count: int  # how many regions those are
    stray: int  # thick walls inside one region (they should part two)


def wall_inks(rgb: Array, lattice: Lattice) -> tuple[Array, Array]:
    """The ink of every wall right of a cell (n, n - 1) and below a cell (n - 1, n)."""
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    pitch = lattice.pitch
    half = max(2, round(ACROSS * pitch))
    offsets = np.arange(-half, half + 1)
    t = np.linspace(*ALONG, ROWS)
    h, w = rgb.shape[:2]
    # walls right of cells: x at xs[1:-1], rows along each cell row
    along_rows = ys[:-1, None] + t[None, :] * np.diff(ys)[:, None]  # (n, ROWS)
    yi = np.clip(np.round(along_rows), 0, h - 1).astype(np.int64)
    xi = np.clip(np.round(xs[1:-1, None] + offsets[None, :]), 0, w - 1).astype(np.int64)  # (n-1, T)
    strips = rgb[yi[:, None, :, None], xi[None, :, None, :]].astype(np.float32)  # (n, n-1, ROWS, T, 3)
    across = _ink(strips.mean(axis=2), pitch)
    along_cols = xs[:-1, None] + t[None, :] * np.diff(xs)[:, None]
    xj = np.clip(np.round(along_cols), 0, w - 1).astype(np.int64)  # (n, ROWS)
    yj = np.clip(np.round(ys[1:-1, None] + offsets[None, :]), 0, h - 1).astype(np.int64)  # (n-1, T)
    strips = rgb[yj[:, None, :, None], xj[None, :, None, :]].astype(np.float32)  # (n-1, n, T, ROWS, 3)
    down = _ink(strips.mean(axis=3), pitch)
    return across, down


def _ink(profiles: Array, pitch: float) -> Array:
    """Area between each profile (..., T, 3) and the nearer of its two end colours, per cell of width."""
    size = profiles.shape[-2]
    base = max(1, round(BASE * size))
    first = profiles[..., :base, :].mean(axis=-2, keepdims=True)
    last = profiles[..., -base:, :].mean(axis=-2, keepdims=True)
    off = np.minimum(np.abs(profiles - first).max(axis=-1), np.abs(profiles - last).max(axis=-1))
    result: Array = off.sum(axis=-1) / (255.0 * pitch)
    return result


def read_walls(rgb: Array, lattice: Lattice) -> WallRead:
    across, down = wall_inks(rgb, lattice)
    n = lattice.n
    values = np.concatenate([across.ravel(), down.ravel()])
    threshold, two_kinds = _split(values)
    if not two_kinds:
        return WallRead(across, down, threshold, False, None, 0, 0)
    groups = _Groups(n * n)
    for r in range(n):
        for c in range(n - 1):
            if across[r, c] <= threshold:
                groups.join(r * n + c, r * n + c + 1)
    for r in range(n - 1):
        for c in range(n):
            if down[r, c] <= threshold:
                groups.join(r * n + c, (r + 1) * n + c)
    labels = np.array(groups.labels()).reshape(n, n)
    stray = int(((across > threshold) & (labels[:, :-1] == labels[:, 1:])).sum())
    stray += int(((down > threshold) & (labels[:-1, :] == labels[1:, :])).sum())
    return WallRead(across, down, threshold, True, labels, groups.count, stray)


def _split(values: Array) -> tuple[float, bool]:
    """The threshold between thin and thick walls (Otsu's, on the sorted inks) and whether
    the two classes are clearly apart."""
    v = np.sort(values)
    if len(v) < 4:
        return float(v[-1]) if len(v) else 0.0, False
    csum = np.cumsum(v)
    k = np.arange(1, len(v))
    lo_mean = csum[:-1] / k
    hi_mean = (csum[-1] - csum[:-1]) / (len(v) - k)
    between = k * (len(v) - k) * (hi_mean - lo_mean) ** 2
    cut = int(np.argmax(between))  # v[:cut + 1] thin, the rest thick
    thin, thick = v[: cut + 1], v[cut + 1 :]
    threshold = float((thin[-1] + thick[0]) / 2)
    thin_mid, thick_mid = float(np.median(thin)), float(np.median(thick))
    if thick_mid <= 0:
        return threshold, False
    gap = float(thick[0] - thin[-1])
    apart = thick_mid >= MIN_RATIO * max(thin_mid, 1e-3) and gap >= MIN_MARGIN * (thick_mid - thin_mid)
    return threshold, apart
