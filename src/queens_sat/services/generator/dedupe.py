"""No two puzzles of a run alike up to the 8 symmetries of the square and relabelling of regions.

``layout_key`` is ``Puzzle.symmetry_key`` for a bare region grid, on numpy: the
eight images of the grid, each relabelled by first appearance, the least as bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def symmetries(grid: np.ndarray) -> Iterable[np.ndarray]:
    """The grid under the 8 symmetries of the square (rotations, and the same transposed)."""
    for image in (grid, grid.T):
        for turn in range(4):
            yield np.rot90(image, turn)


def canonical_bytes(grid: np.ndarray) -> bytes:
    """The grid with regions renumbered 0, 1, 2... in order of first appearance (row by row), as bytes."""
    flat = np.ascontiguousarray(grid).ravel()
    labels, first = np.unique(flat, return_index=True)
    order = labels[np.argsort(first)]  # labels by first appearance
    renumber = np.zeros(int(labels.max()) + 1, dtype=np.uint8)
    renumber[order] = np.arange(len(order), dtype=np.uint8)
    return renumber[flat].tobytes()


def layout_key(regions) -> bytes:
    """Equal for two grids exactly when one is a rotation/reflection and relabelling of the other."""
    grid = np.asarray(regions)
    return bytes([grid.shape[0]]) + min(canonical_bytes(image) for image in symmetries(grid))


class Seen:
    """The keys of the puzzles a run has kept (those of a resumed file included)."""

    def __init__(self, keys: Iterable[bytes] = ()) -> None:
        self.keys = set(keys)
        self.duplicates = 0

    def add(self, regions) -> bool:
        """Remember the layout; False when an equivalent one was there already."""
        key = layout_key(regions)
        if key in self.keys:
            self.duplicates += 1
            return False
        self.keys.add(key)
        return True
