"""``--debug-image``: the input picture with what the reader saw drawn over it.

The squares it considered (thin yellow), the grid it settled on (cyan), the borders
between the regions it read (red), each cell's region letter, the marks it read (Q, X)
and, in a strip above the picture, its verdict: n, the method, the warnings or the error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from queens_sat.formats.image.grid import Lattice
from queens_sat.formats.image.locate import Box

Array = np.ndarray[Any, Any]
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$"


@dataclass
class Seen:
    """What the reader found so far, for the picture; it fills this in as it goes."""

    boxes: list[Box] = field(default_factory=list)
    lattice: Lattice | None = None
    regions: Array | None = None
    queens: Sequence[tuple[int, int]] = ()
    crosses: Sequence[tuple[int, int]] = ()
    lines: list[str] = field(default_factory=list)
    open_sides: list[str] = field(default_factory=list)  # sides of the grid with no border line along them


def write_debug_image(rgb: Array, seen: Seen, path: str) -> None:
    """Draw ``seen`` over ``rgb`` and save it to ``path`` (its format from the suffix)."""
    from PIL import Image, ImageDraw, ImageFont

    height, width = rgb.shape[:2]
    scale = max(1.0, min(width, height) / 600)
    font = ImageFont.load_default(size=max(12, round(14 * scale)))
    strip = round((len(seen.lines) or 1) * 18 * scale + 8)
    canvas = Image.new("RGB", (width, height + strip), "white")
    canvas.paste(Image.fromarray(rgb), (0, strip))
    draw = ImageDraw.Draw(canvas)
    for i, line in enumerate(seen.lines or ["(nothing read)"]):
        draw.text((6, 4 + i * 18 * scale), line, fill="black", font=font)
    thin = max(1, round(scale))
    for box in seen.boxes:
        draw.rectangle([box.left, box.top + strip, box.right - 1, box.bottom - 1 + strip], outline=(230, 200, 0), width=thin)
    lattice = seen.lattice
    if lattice is None:
        canvas.save(path)
        return
    xs, ys = lattice.xs, lattice.ys
    for x in xs:
        draw.line([(x, ys[0] + strip), (x, ys[-1] + strip)], fill=(0, 200, 230), width=thin)
    for y in ys:
        draw.line([(xs[0], y + strip), (xs[-1], y + strip)], fill=(0, 200, 230), width=thin)
    n = lattice.n
    regions = seen.regions
    if regions is not None:
        thick = max(2, round(lattice.pitch * 0.08))
        for r in range(n):
            for c in range(n):
                if c + 1 < n and regions[r, c] != regions[r, c + 1]:
                    draw.line([(xs[c + 1], ys[r] + strip), (xs[c + 1], ys[r + 1] + strip)], fill=(220, 0, 0), width=thick)
                if r + 1 < n and regions[r, c] != regions[r + 1, c]:
                    draw.line([(xs[c], ys[r + 1] + strip), (xs[c + 1], ys[r + 1] + strip)], fill=(220, 0, 0), width=thick)
        letter_font = ImageFont.load_default(size=max(8, round(lattice.pitch * 0.3)))
        for r in range(n):
            for c in range(n):
                x, y = (xs[c] + xs[c + 1]) / 2, (ys[r] + ys[r + 1]) / 2 + strip
                draw.text((x, y - lattice.pitch * 0.22), LABELS[int(regions[r, c]) % len(LABELS)], fill="black", font=letter_font,
                          anchor="mm", stroke_width=max(1, round(lattice.pitch * 0.03)), stroke_fill="white")
    mark_font = ImageFont.load_default(size=max(8, round(lattice.pitch * 0.35)))
    for cells, text in ((seen.queens, "Q"), (seen.crosses, "X")):
        for r, c in cells:
            x, y = (xs[c] + xs[c + 1]) / 2, (ys[r] + ys[r + 1]) / 2 + strip
            draw.text((x, y + lattice.pitch * 0.15), text, fill=(200, 0, 200), font=mark_font, anchor="mm",
                      stroke_width=max(1, round(lattice.pitch * 0.03)), stroke_fill="white")
    canvas.save(path)
