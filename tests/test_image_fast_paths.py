"""The reader's faster ways of working against plain ones: CIELAB in blocks, pieces of
ink labelled by jumps, colour distances without a reduction."""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from queens_sat.formats.image.cells import LAB_BLOCK, to_lab
from queens_sat.formats.image.marks import _length, _piece_labels

Array = np.ndarray[Any, Any]


def test_lab_in_blocks_is_lab_in_one_go() -> None:
    rng = np.random.default_rng(3)
    stack = rng.integers(0, 256, (2 * LAB_BLOCK // 36 + 5, 2, 36, 3), dtype=np.uint8)  # two blocks and a part
    whole = to_lab(stack)
    assert whole.shape == stack.shape
    one_by_one = np.array([to_lab(part) for part in stack])  # each small: converted in one go
    assert np.array_equal(whole, one_by_one)
    white, black = to_lab(np.array([255, 255, 255], dtype=np.uint8)), to_lab(np.array([0, 0, 0], dtype=np.uint8))
    assert abs(white[0] - 100) < 0.01 and abs(black[0]) < 0.01 and np.abs(white[1:]).max() < 0.05


def flood_labels(inked: Array, big: int) -> Array:
    """The smallest index of each point's 8-connected piece, found by a breadth-first walk."""
    m, height, width = inked.shape
    labels = np.full(inked.shape, big, dtype=np.int64)
    for k in range(m):
        for start in range(height * width):
            r0, c0 = divmod(start, width)
            if not inked[k, r0, c0] or labels[k, r0, c0] != big:
                continue
            queue = deque([(r0, c0)])
            labels[k, r0, c0] = start  # the first point met in index order is the piece's smallest
            while queue:
                r, c = queue.popleft()
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        if 0 <= rr < height and 0 <= cc < width and inked[k, rr, cc] and labels[k, rr, cc] == big:
                            labels[k, rr, cc] = start
                            queue.append((rr, cc))
    return labels


def test_piece_labels_are_the_pieces_smallest_points() -> None:
    rng = np.random.default_rng(5)
    inked = rng.random((12, 21, 21)) < 0.45
    inked[0] = False
    inked[1] = True
    inked[2] = np.eye(21, dtype=bool) | np.eye(21, dtype=bool)[::-1]  # a cross: diagonal strokes join
    spiral = np.zeros((21, 21), dtype=bool)  # a long thin piece, many points across
    for i in range(0, 10, 2):
        spiral[i, i : 21 - i] = spiral[20 - i, i : 21 - i] = spiral[i : 21 - i, 20 - i] = True
        spiral[i + 2 : 21 - i, i] = True
    inked[3] = spiral
    big = 21 * 21 + 1
    assert np.array_equal(_piece_labels(inked, big), flood_labels(inked, big))


def test_length_is_the_norm() -> None:
    v = np.random.default_rng(9).normal(size=(50, 40, 3)) * 40
    assert np.array_equal(_length(v), np.linalg.norm(v, axis=-1))
