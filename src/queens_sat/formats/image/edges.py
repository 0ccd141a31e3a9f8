"""Colour changes of a picture (its gradients), worked out once for the part that is read.

Finding the grid measures, at every pixel, how much the colour changes across it and
down it. On a full-size screenshot that is most of the work, and the squares tried and
the final placing of the lines all look at about the same part of the picture (round
the board): ``FullPicture`` keeps the changes of the part worked out last and hands out
any part within it, exactly as if that part had been cut out and measured on its own.
"""

from __future__ import annotations

from typing import Any

import numpy as np

Array = np.ndarray[Any, Any]

CLIP = 48  # a colour change this strong is a full edge; stronger ones count no more
BLOCK = 128  # rows of a picture whose changes are worked out together
ROOM = 0.05  # share of a part's size worked out round it as well, so the next part asked for is within


def gradients(image: Any) -> tuple[Array, Array]:
    """Colour change across each pixel (left to right, ``gx``) and down it (``gy``) of a
    Pillow RGB image: the largest change of R, G or B over two pixels, clipped at ``CLIP``;
    uint8 arrays of the picture's shape, 0 along the sides (no pixel beyond). Worked out on
    the three planes (split apart by Pillow, so each is one contiguous array: about twice
    as fast as on interleaved pixels)."""
    planes = [np.asarray(band, dtype=np.uint8) for band in image.split()]
    return changes(planes, across=True), changes(planes, across=False)


def changes(planes: list[Array], across: bool) -> Array:
    """``gradients``' ``gx`` (``across``) or ``gy`` of a picture given as its R, G and B
    planes, worked out in place, ``BLOCK`` rows at a time (what one block needs stays in
    the processor's cache: about 1.5x faster on a busy machine than whole planes at once)."""
    height, width = planes[0].shape
    g = np.zeros((height, width), dtype=np.uint8)
    first, last = (0, height) if across else (1, height - 1)
    for top in range(first, last, BLOCK):
        bottom = min(top + BLOCK, last)
        if across:
            _block_changes([p[top:bottom, 2:] for p in planes], [p[top:bottom, :-2] for p in planes], g[top:bottom, 1:-1])
        else:
            _block_changes([p[top + 1 : bottom + 1] for p in planes], [p[top - 1 : bottom - 1] for p in planes], g[top:bottom])
    return g


def _block_changes(ahead: list[Array], behind: list[Array], out: Array) -> None:
    """The largest change of the three planes between ``ahead`` and ``behind``, clipped, into ``out``."""
    low = np.empty(out.shape, dtype=np.uint8)
    high = np.empty(out.shape, dtype=np.uint8)
    for c, (a, b) in enumerate(zip(ahead, behind, strict=True)):
        change = out if c == 0 else high
        np.maximum(a, b, out=change)
        np.minimum(a, b, out=low)
        change -= low
        if c:
            np.maximum(out, change, out=out)
    np.minimum(out, CLIP, out=out)


class FullPicture:
    """A Pillow RGB image and the colour changes of the part of it worked out last."""

    def __init__(self, image: Any) -> None:
        self.image = image
        self.size: tuple[int, int] = image.size
        self._part: tuple[int, int, int, int] | None = None
        self._gx: Array = np.zeros((0, 0), dtype=np.uint8)
        self._gy: Array = np.zeros((0, 0), dtype=np.uint8)

    def covers(self, x0: int, y0: int, x1: int, y1: int) -> bool:
        """Whether the part (left, top, right, bottom; right and bottom exclusive) is worked out."""
        part = self._part
        return part is not None and part[0] <= x0 and part[1] <= y0 and x1 <= part[2] and y1 <= part[3]

    def gradients(self, x0: int, y0: int, x1: int, y1: int) -> tuple[Array, Array]:
        """``gradients(image.crop((x0, y0, x1, y1)))``, from the changes worked out already
        when they cover the part; else the part is worked out, with some room round it (and
        round the part worked out before, when the two are near)."""
        if not self.covers(x0, y0, x1, y1):
            self._work_out(x0, y0, x1, y1)
        return self.within(x0, y0, x1, y1, 1)

    def within(self, x0: int, y0: int, x1: int, y1: int, stride: int) -> tuple[Array, Array]:
        """``gx`` of the part's every ``stride``-th row and ``gy`` of its every ``stride``-th
        column, as ``gradients`` gives them for the part cut out and thinned so (the changes
        across a row do not depend on the other rows); the part must be covered."""
        assert self._part is not None and self.covers(x0, y0, x1, y1)
        left, top = self._part[0], self._part[1]
        gx = self._gx[y0 - top : y1 - top : stride, x0 - left : x1 - left].copy()
        gy = self._gy[y0 - top : y1 - top, x0 - left : x1 - left : stride].copy()
        gx[:, :1] = 0  # the part's own sides: no pixel beyond them
        gx[:, -1:] = 0
        gy[:1] = 0
        gy[-1:] = 0
        return gx, gy

    def _work_out(self, x0: int, y0: int, x1: int, y1: int) -> None:
        width, height = self.size
        if self._part is not None:
            left, top, right, bottom = self._part
            union = (min(left, x0), min(top, y0), max(right, x1), max(bottom, y1))
            if (union[2] - union[0]) * (union[3] - union[1]) <= 1.5 * (x1 - x0) * (y1 - y0):
                x0, y0, x1, y1 = union  # near the part worked out before: both at once
        room_x, room_y = int(ROOM * (x1 - x0)), int(ROOM * (y1 - y0))
        part = (max(0, x0 - room_x), max(0, y0 - room_y), min(width, x1 + room_x), min(height, y1 + room_y))
        self._gx, self._gy = gradients(self.image.crop(part))
        self._part = part
