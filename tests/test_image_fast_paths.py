"""The reader's faster ways of working against plain ones: CIELAB in blocks, pieces of
ink labelled by jumps, colour distances without a reduction, squares in whole pixels."""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from queens_sat.formats.image.cells import LAB_BLOCK, to_lab
from queens_sat.formats.image.locate import MAX_SQUARES, SQUARE, _squares
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


def plain_squares(hsegs: Array, vsegs: Array, min_side: int) -> list[tuple[int, int, int, int]]:
    """``locate._squares`` as first written: every test in floats, one pair at a time."""
    found = []
    for i, (y0, a0, b0) in enumerate(hsegs.tolist()):
        tol = max(4, 0.05 * (b0 - a0))
        for j, (y1, a1, b1) in enumerate(hsegs.tolist()):
            if i == j or not y1 > y0 or abs(a0 - a1) > tol or abs(b0 - b1) > tol:
                continue
            left, right = max(a0, a1), min(b0, b1)
            side_x, side_y = right - left, y1 - y0
            if side_x < min_side or abs(side_y / max(side_x, 1) - 1) > SQUARE:
                continue
            tol_v = max(4, 0.05 * (right - left))
            covering = [v for v in vsegs.tolist() if min(v[2], y1) - max(v[1], y0) >= 0.7 * (y1 - y0)]
            if any(abs(v[0] - left) <= tol_v for v in covering) and any(abs(v[0] - right) <= tol_v for v in covering):
                found.append((i, j, (left, y0, right, y1)))
    found.sort(key=lambda f: -((f[2][2] - f[2][0]) * (f[2][3] - f[2][1])))  # stable: pairs in row order
    return [f[2] for f in found[:MAX_SQUARES]]


def test_squares_in_whole_pixels_are_the_squares_in_floats() -> None:
    rng = np.random.default_rng(11)
    for _ in range(5):
        starts = rng.integers(0, 300, 60)
        hsegs = np.stack([rng.integers(0, 400, 60), starts, starts + rng.integers(30, 200, 60)], axis=1)
        hsegs[30:, 1:] = hsegs[:30, 1:] + rng.integers(-12, 13, (30, 2))  # many with about the same ends
        hsegs[30:, 0] = hsegs[:30, 0] + (hsegs[:30, 2] - hsegs[:30, 1]) + rng.integers(-20, 21, 30)  # ... about a side below
        vstarts = np.r_[hsegs[:40, 0], hsegs[:40, 0]] + rng.integers(-10, 11, 80)
        sides = np.r_[hsegs[:40, 2] - hsegs[:40, 1], hsegs[:40, 2] - hsegs[:40, 1]] + rng.integers(-40, 41, 80)
        vx = np.r_[hsegs[:40, 1], hsegs[:40, 2]] + rng.integers(-6, 7, 80)
        vsegs = np.stack([vx, vstarts, vstarts + sides], axis=1)
        assert len(plain_squares(hsegs, vsegs, 24)) >= 2
        assert _squares(hsegs, vsegs, 24) == plain_squares(hsegs, vsegs, 24)
