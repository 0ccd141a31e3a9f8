"""The colour changes the grid is found from: the fast ways (planes, blocks of rows, parts
kept and handed out again) against the plain definition."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from PIL import Image

from queens_sat.formats.image.edges import CLIP, FullPicture, changes, gradients

Array = np.ndarray[Any, Any]


def plain_gradients(rgb: Array) -> tuple[Array, Array]:
    """The largest change of R, G or B over two pixels, clipped; 0 along the sides."""
    values = rgb.astype(np.int64)
    height, width = rgb.shape[:2]
    gx = np.zeros((height, width), dtype=np.uint8)
    gy = np.zeros((height, width), dtype=np.uint8)
    if width > 2:
        gx[:, 1:-1] = np.minimum(np.abs(values[:, 2:] - values[:, :-2]).max(axis=-1), CLIP)
    if height > 2:
        gy[1:-1] = np.minimum(np.abs(values[2:] - values[:-2]).max(axis=-1), CLIP)
    return gx, gy


def picture(height: int, width: int, seed: int) -> Array:
    """Random pixels with flat patches and edges of every strength."""
    rng = np.random.default_rng(seed)
    rgb = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
    rgb[: height // 2, : width // 2] = rng.integers(0, 256, 3, dtype=np.uint8)
    return rgb


@pytest.mark.parametrize("height", [1, 2, 3, 127, 128, 129, 300])
@pytest.mark.parametrize("width", [1, 2, 3, 41])
def test_changes_are_the_plain_gradients(height: int, width: int) -> None:
    rgb = picture(height, width, height * 1000 + width)
    gx, gy = plain_gradients(rgb)
    planes = [np.ascontiguousarray(rgb[..., c]) for c in range(3)]
    assert np.array_equal(changes(planes, across=True), gx)
    assert np.array_equal(changes(planes, across=False), gy)
    got_x, got_y = gradients(Image.fromarray(rgb))
    assert np.array_equal(got_x, gx) and np.array_equal(got_y, gy)


def test_parts_handed_out_are_the_parts_cut_out() -> None:
    rgb = picture(400, 500, 7)
    full = FullPicture(Image.fromarray(rgb))
    parts = [(100, 50, 300, 260), (110, 60, 290, 250), (90, 40, 320, 270), (0, 0, 500, 400), (480, 390, 500, 400)]
    for x0, y0, x1, y1 in parts:
        gx, gy = full.gradients(x0, y0, x1, y1)
        want_x, want_y = plain_gradients(rgb[y0:y1, x0:x1])
        assert np.array_equal(gx, want_x) and np.array_equal(gy, want_y), (x0, y0, x1, y1)
        for stride in (2, 3):
            thin_x, thin_y = full.within(x0, y0, x1, y1, stride)
            assert np.array_equal(thin_x, plain_gradients(rgb[y0:y1:stride, x0:x1])[0])
            assert np.array_equal(thin_y, plain_gradients(rgb[y0:y1, x0:x1:stride])[1])
