"""Pictures for the image reader's tests: boards painted cell by cell, shots of every kind,
and the folder of real screenshots beside the repository."""

from __future__ import annotations

import io
import os
import random
from collections.abc import Sequence
from pathlib import Path

from helpers import ROOT
from synthetic_shots import Shot, make_shot

from queens_sat.model.puzzle import Puzzle

# The real screenshots (see bench/screenshots-truth.jsonl for where each comes from); the
# tests that need them skip, saying where they looked, when the folder is not there.
SCREENSHOTS = Path(os.environ.get("QUEENS_SAT_SCREENSHOTS", ROOT.parent / "shared" / "screenshots"))
TRUTH = ROOT / "bench" / "screenshots-truth.jsonl"

LINKEDIN = ("#AF96DC", "#FBBF81", "#85B5FC", "#A5D995", "#D9D9D9", "#F96C51", "#DCF079", "#ACA58E", "#D895B2", "#95CBCF")


def paint(
    regions: Sequence[Sequence[int]],
    colours: Sequence[str] | None = None,
    *,
    cell: int = 40,
    line: str = "#222222",
    thin: int = 1,
    thick: int = 3,
    margin: int = 12,
    background: str = "#FFFFFF",
    fmt: str = "PNG",
) -> bytes:
    """A board drawn plainly: each cell in its region's colour, thin lines between cells of
    one region and thick ones between regions and round the board."""
    from PIL import Image, ImageDraw

    n = len(regions)
    colours = colours or LINKEDIN
    side = n * cell + 2 * margin
    image = Image.new("RGB", (side, side), background)
    draw = ImageDraw.Draw(image)
    for r in range(n):
        for c in range(n):
            x, y = margin + c * cell, margin + r * cell
            draw.rectangle([x, y, x + cell - 1, y + cell - 1], fill=colours[regions[r][c] % len(colours)])
    for r in range(n + 1):
        for c in range(n):
            x, y = margin + c * cell, margin + r * cell
            wide = r in (0, n) or regions[r - 1][c] != regions[r][c]
            w = thick if wide else thin
            draw.rectangle([x, y - w // 2, x + cell, y - w // 2 + w - 1], fill=line)
    for c in range(n + 1):
        for r in range(n):
            x, y = margin + c * cell, margin + r * cell
            wide = c in (0, n) or regions[r][c - 1] != regions[r][c]
            w = thick if wide else thin
            draw.rectangle([x - w // 2, y, x - w // 2 + w - 1, y + cell], fill=line)
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def shot(kind: str, seed: int = 0) -> Shot:
    """The synthetic screenshot ``bench/images.py`` makes for this kind and seed."""
    return make_shot(kind, random.Random(f"test-{seed}-{kind}"), seed)


def same_regions(a: Puzzle, b: Puzzle) -> bool:
    """The same n and the same partition (regions are kept numbered by first appearance)."""
    return a.n == b.n and a.regions == b.regions
