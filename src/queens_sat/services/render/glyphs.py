"""The drawn symbols (queen crown, Star Battle star, crosses, hatching tiles) as vector shapes in a unit square.

Both writers (SVG and PNG) scale these same shapes, so the pictures do not depend
on fonts and look alike in both formats. Coordinates: x to the right, y down.
"""

from __future__ import annotations

import math

Point = tuple[float, float]
Segment = tuple[Point, Point]

# A crown: five-pointed body, a band under it, a jewel on the three tall points.
CROWN_BODY: tuple[Point, ...] = (
    (0.23, 0.70),
    (0.15, 0.36),
    (0.35, 0.50),
    (0.50, 0.24),
    (0.65, 0.50),
    (0.85, 0.36),
    (0.77, 0.70),
)
CROWN_BAND: tuple[Point, ...] = ((0.23, 0.74), (0.77, 0.74), (0.77, 0.83), (0.23, 0.83))
CROWN_JEWELS: tuple[tuple[float, float, float], ...] = ((0.15, 0.33, 0.06), (0.50, 0.21, 0.06), (0.85, 0.33, 0.06))

# A Star Battle star (k > 1 stars a row): five points, the inner corners at 0.4 of the
# outer radius, centred where the token is so that a given star sits in its ring.
STAR_POINTS = 5
STAR_OUTER = 0.36
STAR_INNER = 0.4 * STAR_OUTER
STAR: tuple[Point, ...] = tuple(
    (
        0.5 + (STAR_OUTER if i % 2 == 0 else STAR_INNER) * math.sin(math.pi * i / STAR_POINTS),
        0.55 - (STAR_OUTER if i % 2 == 0 else STAR_INNER) * math.cos(math.pi * i / STAR_POINTS),
    )
    for i in range(2 * STAR_POINTS)
)

# A given queen sits on a token: a light disc with a dark ring.
TOKEN_CENTRE: Point = (0.5, 0.53)
TOKEN_RADIUS = 0.43
TOKEN_RING = 0.05

CROSS: tuple[Segment, ...] = (((0.28, 0.28), (0.72, 0.72)), ((0.72, 0.28), (0.28, 0.72)))
CROSS_WIDTH = {"blocked": 0.09, "cross": 0.05}  # a given blocked cell is bolder than a deduced one

# Hatching, one tile of each pattern; tiles repeat across the board without seams.
HATCH_LINES: dict[str, tuple[Segment, ...]] = {
    "plain": (),
    "slash": (((0.0, 1.0), (1.0, 0.0)), ((-0.5, 0.5), (0.5, -0.5)), ((0.5, 1.5), (1.5, 0.5))),
    "backslash": (((0.0, 0.0), (1.0, 1.0)), ((-0.5, 0.5), (0.5, 1.5)), ((0.5, -0.5), (1.5, 0.5))),
    "horizontal": (((0.0, 0.5), (1.0, 0.5)),),
    "vertical": (((0.5, 0.0), (0.5, 1.0)),),
    "dots": (),
    "cross": (
        ((0.0, 1.0), (1.0, 0.0)),
        ((-0.5, 0.5), (0.5, -0.5)),
        ((0.5, 1.5), (1.5, 0.5)),
        ((0.0, 0.0), (1.0, 1.0)),
        ((-0.5, 0.5), (0.5, 1.5)),
        ((0.5, -0.5), (1.5, 0.5)),
    ),
    "grid": (((0.0, 0.5), (1.0, 0.5)), ((0.5, 0.0), (0.5, 1.0))),
}
HATCH_DOTS: dict[str, tuple[tuple[float, float, float], ...]] = {"dots": ((0.5, 0.5, 0.17),)}
HATCH_WIDTH = 0.12  # line width, in tiles
HATCH_OPACITY = 0.28


# In a cell that also carries its region's label (top-left), marks shrink to the rest.
LABELLED_MARK_BOX: tuple[float, float, float] = (0.2, 0.2, 0.8)  # x, y, side within the cell


def scaled(points: tuple[Point, ...], x: float, y: float, size: float) -> list[Point]:
    """``points`` of the unit square placed in the square of side ``size`` at (x, y)."""
    return [(x + px * size, y + py * size) for px, py in points]
