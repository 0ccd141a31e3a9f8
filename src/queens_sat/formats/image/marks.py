"""Queens and crosses drawn on the cells, read as givens (``--read-marks``).

A mark is what differs from the cell's own colour in the middle half of the cell. A
cross is thin strokes on the diagonals; anything else large enough (a crown, a star, a
dot, a letter Q, a token) is a queen. A middle that is marked but too little to be
either is reported, not guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from queens_sat.formats.image.cells import cell_pixels, to_lab
from queens_sat.formats.image.grid import Lattice

Array = np.ndarray[Any, Any]

SPAN = (0.25, 0.75)
POINTS = 15
INK = 30.0  # ΔE from the cell's colour that makes a point part of a mark
EMPTY = 0.03  # share of marked points below which the cell holds nothing
DIAGONAL = 0.13  # half-width of the diagonal bands, as a share of the sampled square
CROSS_SHARE = 0.75  # share of a cross's points that lie on the diagonals
ARM_FROM = 0.18  # a cross reaches this far from the middle (share of the sampled square) on all four arms
ARM_INKED = 0.2  # share of an arm's points a cross's stroke marks
CROSS_MOST = 0.35  # a cross covers less of the middle than this
QUEEN_LEAST = 0.08  # a queen covers at least this much of it


@dataclass
class MarkRead:
    queens: list[tuple[int, int]] = field(default_factory=list)
    crosses: list[tuple[int, int]] = field(default_factory=list)
    unclear: list[tuple[int, int]] = field(default_factory=list)


def diagonal_masks() -> tuple[Array, list[Array]]:
    """The two diagonal bands of the sampled square, and their four arms away from the middle."""
    u = np.linspace(0.0, 1.0, POINTS)
    uu, vv = np.meshgrid(u, u, indexing="ij")
    bands = (np.abs(uu - vv) < DIAGONAL) | (np.abs(uu + vv - 1.0) < DIAGONAL)
    away = np.maximum(np.abs(uu - 0.5), np.abs(vv - 0.5)) >= ARM_FROM
    arms = [bands & away & (uu < 0.5) & (vv < 0.5), bands & away & (uu < 0.5) & (vv > 0.5),
            bands & away & (uu > 0.5) & (vv < 0.5), bands & away & (uu > 0.5) & (vv > 0.5)]
    return bands, arms


def read_marks(rgb: Array, lattice: Lattice, cell_lab: Array) -> MarkRead:
    pixels = cell_pixels(rgb, lattice, *SPAN, POINTS).astype(np.float64)  # (n, n, P, P, 3)
    lab = to_lab(pixels)
    inked = np.linalg.norm(lab - cell_lab[:, :, None, None, :], axis=-1) > INK  # full lightness: dark ink on grey counts
    share = inked.mean(axis=(2, 3))
    bands, arms = diagonal_masks()
    on_diagonals = (inked & bands).sum(axis=(2, 3)) / np.maximum(inked.sum(axis=(2, 3)), 1)
    arms_inked = np.stack([(inked & arm).sum(axis=(2, 3)) / arm.sum() >= ARM_INKED for arm in arms]).all(axis=0)
    found = MarkRead()
    n = lattice.n
    for r in range(n):
        for c in range(n):
            s = float(share[r, c])
            if s < EMPTY:
                continue
            if on_diagonals[r, c] >= CROSS_SHARE and arms_inked[r, c] and s < CROSS_MOST:
                found.crosses.append((r, c))
            elif s >= QUEEN_LEAST:
                found.queens.append((r, c))
            else:
                found.unclear.append((r, c))
    return found
