"""Regions from cell colours: neighbouring cells joined from the closest colours up.

Every pair of side-by-side cells is an edge weighted by their colour distance. Joining
the cells along edges in order of weight (Kruskal) until n groups are left gives n
connected regions whatever the palette: a cell darkened under the mouse, JPEG noise or a
blurred edge joins its own region long before two regions of different colours meet,
because within a region the steps are small and between regions they are not. How
clearly that holds is measured: the last join made (the largest step inside a region)
against the first one refused (the smallest step between regions). When the two are
close, the colours do not show n regions and the read is refused or doubted; the
"natural" number of regions is where the largest jump between the joins is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from queens_sat.formats.image.cells import distance

Array = np.ndarray[Any, Any]

NOISE = 2.0  # ΔE of sampling noise added to both sides of a ratio, so that tiny steps do not make huge ratios
SEPARATE = 8.0  # two regions' colours at least this far apart (ΔE) are different colours
CLEAR_RATIO = 2.0  # the first step between regions must be this many times the last step inside one
SURE_RATIO = 3.0  # below this (and above CLEAR_RATIO) the read stands but is doubted
CLOSE = 12.0  # ΔE: two regions' colours closer than this are doubted however clean the picture (LinkedIn's closest: 15)
SAME_AT_MOST = 20.0  # ΔE: a larger step is never inside one region (for the natural count)
LONE = 6.0  # ΔE: a cell this far from all its neighbours is alone in its colour (a one-cell region, or a shaded cell)
VEIL = 0.35  # the most opaque black or white veil a shaded cell may be under
SHOWN = 0.15  # share of a lone cell's sampled points in a neighbour's colour that shows it is of that region
SHADE_MATCH = 4.0  # ΔE left between a shaded cell, its shade taken out, and its neighbour


@dataclass
class ColourRead:
    regions: Array  # (n, n) region numbers 0..n-1
    inside: float  # the largest colour step joined inside a region
    between: float  # the smallest colour step between two regions
    natural: int  # how many regions the colours show by themselves
    colours: int  # how many different colours those regions have
    close: list[tuple[int, int, float]] = field(default_factory=list)  # regions of nearly one colour
    shaded: list[tuple[int, int]] = field(default_factory=list)  # lone cells read as a shade of a neighbour's colour

    @property
    def ratio(self) -> float:
        return (self.between + NOISE) / (self.inside + NOISE)

    @property
    def clear(self) -> bool:
        return self.between >= SEPARATE and self.ratio >= CLEAR_RATIO

    @property
    def flat(self) -> bool:
        """Whether the board is in one colour (nothing to read regions from)."""
        return self.between < SEPARATE and self.natural <= 1


class _Groups:
    """Union-find over cells."""

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))
        self.count = size

    def find(self, a: int) -> int:
        parent = self.parent
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def join(self, a: int, b: int) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.parent[rb] = ra
        self.count -= 1
        return True

    def labels(self) -> list[int]:
        numbers: dict[int, int] = {}
        return [numbers.setdefault(self.find(i), len(numbers)) for i in range(len(self.parent))]


def neighbour_pairs(n: int) -> Array:
    """Every pair of side-by-side cells as flat indices (r * n + c), shape (2n(n-1), 2)."""
    idx = np.arange(n * n).reshape(n, n)
    across = np.stack([idx[:, :-1].ravel(), idx[:, 1:].ravel()], axis=1)
    down = np.stack([idx[:-1, :].ravel(), idx[1:, :].ravel()], axis=1)
    return np.concatenate([across, down])


def colour_regions(lab: Array, rgb: Array | None = None, ring: Array | None = None) -> ColourRead:
    """The n regions the colours of an (n, n, 3) CIELAB board give, with how clearly they give
    them. With the cells' sRGB colours (``rgb``), a lone cell that is a darker or lighter
    shade of a neighbour's colour (the cell under the mouse) is measured against that
    neighbour with the shade taken out. With the points each cell's colour was sampled
    from (``ring``, (n, n, k, 3) CIELAB), a lone cell partly covered (a highlight's frame,
    a large mark on a hatched cell) is measured by the part of it that shows a neighbour's
    colour, when one neighbour's colour shows there."""
    n = lab.shape[0]
    flat = lab.reshape(-1, 3)
    pairs = neighbour_pairs(n)
    weights = distance(flat[pairs[:, 0]], flat[pairs[:, 1]])
    shaded: list[tuple[int, int]] = []
    if rgb is not None:
        shaded = _unshade(rgb.reshape(-1, 3), pairs, weights, n)
    if ring is not None:
        _uncover(ring.reshape(n * n, -1, 3), flat, pairs, weights)
    order = np.argsort(weights, kind="stable")
    groups = _Groups(n * n)
    joins: list[float] = []  # weights of the spanning forest's edges, ascending
    inside = 0.0
    for e in order:
        a, b = pairs[e]
        if groups.join(int(a), int(b)):
            joins.append(float(weights[e]))
            if groups.count >= n:
                inside = float(weights[e])
    # redo up to n groups (the loop above ran on to one group to learn the natural count)
    groups = _Groups(n * n)
    for e in order:
        if groups.count == n:
            break
        a, b = pairs[e]
        groups.join(int(a), int(b))
    labels = np.array(groups.labels()).reshape(n, n)
    between_mask = labels.ravel()[pairs[:, 0]] != labels.ravel()[pairs[:, 1]]
    between = float(weights[between_mask].min()) if between_mask.any() else 0.0
    natural = _natural_count(joins, n * n)
    means = np.array([flat[labels.ravel() == k].mean(axis=0) for k in range(n)])
    colours, close = _distinct_colours(means, inside)
    return ColourRead(labels, inside, between, natural, colours, close, shaded)


def _unshade(rgb: Array, pairs: Array, weights: Array, n: int) -> list[tuple[int, int]]:
    """Lower, in place, the weights between a lone cell (unlike all its neighbours) and a
    neighbour whose colour it is a shade of, as pages shade a cell under the mouse: the
    neighbour's colour under translucent black (each of R, G, B scaled alike) or
    translucent white (each moved alike towards 255). Returns those cells."""
    from queens_sat.formats.image.cells import to_lab

    shaded = []
    nearest = np.full(n * n, np.inf)
    np.minimum.at(nearest, pairs[:, 0], weights)
    np.minimum.at(nearest, pairs[:, 1], weights)
    for cell in np.flatnonzero(nearest >= LONE):
        touching = np.flatnonzero((pairs[:, 0] == cell) | (pairs[:, 1] == cell))
        matched = False
        for e in touching:
            other = int(pairs[e, 1] if pairs[e, 0] == cell else pairs[e, 0])
            unshaded = _without_shade(rgb[cell], rgb[other])
            if unshaded is None:
                continue
            d = float(distance(to_lab(unshaded), to_lab(rgb[other])))
            if d < SHADE_MATCH:  # every neighbour it is a shade of: the cell may join two parts of its region
                weights[e] = d
                matched = True
        if matched:
            shaded.append(divmod(int(cell), n))
    return shaded


def _uncover(ring: Array, flat: Array, pairs: Array, weights: Array) -> None:
    """Lower, in place, the weight between a lone cell and the one neighbour whose colour a
    good share (``SHOWN``) of the cell's sampled points still show: the cell is that
    neighbour's region under a frame or a large mark. A lone cell showing no neighbour's
    colour, or the colours of two unlike neighbours, is left alone (a one-cell region)."""
    nearest = np.full(len(flat), np.inf)
    np.minimum.at(nearest, pairs[:, 0], weights)
    np.minimum.at(nearest, pairs[:, 1], weights)
    for cell in np.flatnonzero(nearest >= LONE):
        touching = np.flatnonzero((pairs[:, 0] == cell) | (pairs[:, 1] == cell))
        others = np.where(pairs[touching, 0] == cell, pairs[touching, 1], pairs[touching, 0])
        shown = distance(ring[cell][None, :, :], flat[others][:, None, :]) <= SHADE_MATCH * 2  # (neighbours, k)
        share = shown.mean(axis=1)
        good = share >= SHOWN
        if not good.any():
            continue
        matched = flat[others[good]]
        if float(distance(matched[:, None, :], matched[None, :, :]).max()) >= SEPARATE:
            continue  # two unlike neighbours' colours show: no telling which region it is
        for e, other, ok, pts in zip(touching, others, good, shown, strict=True):
            if ok:
                weights[e] = float(distance(ring[cell][pts].mean(axis=0), flat[other]))


def _without_shade(cell: Array, other: Array) -> Array | None:
    """The cell's colour with a black or white veil taken off so that it is as light as
    ``other``, or None when no veil of at most ``VEIL`` opacity does that."""
    if cell.sum() < other.sum():  # darker: cell = (1 - a) * other
        keep = float(cell @ other) / max(float(other @ other), 1e-9)
        if not 1 - VEIL <= keep < 1:
            return None
        return np.asarray(np.clip(cell / keep, 0.0, 255.0))
    room = 255.0 - other  # lighter: cell = other + a * (255 - other)
    veil = float((cell - other) @ room) / max(float(room @ room), 1e-9)
    if not 0 < veil <= VEIL:
        return None
    return np.asarray(np.clip((cell - veil * 255.0) / (1 - veil), 0.0, 255.0))


def _natural_count(joins: list[float], cells: int) -> int:
    """The number of groups left when the joins stop at their largest relative jump (and
    all cells are one group when no join is a different colour)."""
    if not joins:
        return cells
    w = np.array(joins)
    if w[-1] < SEPARATE:
        return 1
    ratios = (w[1:] + NOISE) / (w[:-1] + NOISE)
    ratios[w[1:] < SEPARATE] = 0.0  # a jump to a step that is still one colour is no boundary
    ratios[w[:-1] > SAME_AT_MOST] = 0.0  # nor a jump from a step that is already two colours
    if len(ratios) == 0 or ratios.max() <= 1.0:
        return 1 if w[0] < SEPARATE else cells
    cut = int(np.argmax(ratios))  # joins 0..cut are inside regions
    return cells - (cut + 1)


def _distinct_colours(means: Array, inside: float) -> tuple[int, list[tuple[int, int, float]]]:
    """How many different colours the regions' mean colours are, and the pairs of regions
    whose colours are close (within the larger of ``SEPARATE`` and twice the inside step)."""
    k = len(means)
    d = distance(means[:, None, :], means[None, :, :])
    near = max(SEPARATE, 2.0 * inside + NOISE)
    groups = _Groups(k)
    close = []
    for i in range(k):
        for j in range(i + 1, k):
            if d[i, j] < near:
                close.append((i, j, float(d[i, j])))
            if d[i, j] < SEPARATE:
                groups.join(i, j)
    return groups.count, close
