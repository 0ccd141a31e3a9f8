"""Layout styles (``--style``): what a generated board looks like, and the rules its repairs keep.

A style is a weighted choice of designs (``designs.DESIGNS``, or ``blobs``: today's
regions grown around a planted solution, ``growth``) plus the region rules that go
with them: designed boards have whole lines and big background regions, and no
1-cell specks, so their repairs may make the former and never the latter.
``published`` mixes them in the proportions that make a set of boards look like
published dailies (bench/realism.py measures it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from queens_sat.model.errors import ArgumentError, shown
from queens_sat.services.generator.region_rules import RegionRules

DESIGN_MAX_N = 24  # above this, designed boards fall back to blobs (a partition drawn first rarely has a solution there)
DESIGN_MAX_STARS = 2  # likewise above this many stars (n = 24, 6 stars: 40 drawn partitions without one took 30 s)


@dataclass(frozen=True)
class Style:
    """A style: its designs with weights, and the rules its layouts and repairs keep."""

    designs: tuple[tuple[str, float], ...]
    full_lines: bool = True  # a row or column may lie inside one region
    max_share: float = 0.6  # a background region may cover this much of the board
    min_size: int = 3  # no repair leaves a region smaller than this (3: no 1-cell specks, no 2-cell stubs)
    symmetric: bool = False
    balanced: bool = True  # repairs keep region sizes even, as drawn (``RegionRules.balanced``), on the drawn sizes of board
    # the smallest region a puzzle's repairs may leave, drawn per puzzle with these weights (where the
    # style's smallest region applies): published boards have a 1-cell region in about a quarter of
    # puzzles (the community corpus at n 8-10: 24 %); a smallest region allowed is not always left
    # by the repairs (allowed in 20 % of the thin boards of issue 35, it was there in 11 %), so the
    # weights ask more than they get; empty: always ``min_size``
    min_sizes: tuple[tuple[int, float], ...] = ()

    def layout_rules(self, rules: RegionRules, rng: random.Random) -> RegionRules:
        """The rules of one puzzle's layouts: ``rules`` with a smallest region drawn from ``min_sizes``
        (only where ``rules`` holds the style's own smallest region: a rule set on purpose wins)."""
        if not self.min_sizes or rules.min_size != self.min_size:
            return rules
        return replace(rules, min_size=rng.choices([m for m, _ in self.min_sizes], [w for _, w in self.min_sizes])[0])

    def draw(self, rng: random.Random, n: int, stars: int = 1) -> str:
        """The design of one layout (``blobs`` on boards too small or big, or with too many stars, for a drawn design)."""
        names = [name for name, _ in self.designs]
        pick = rng.choices(names, [w for _, w in self.designs])[0] if len(names) > 1 else names[0]
        return "blobs" if not 5 <= n <= DESIGN_MAX_N or stars > DESIGN_MAX_STARS else pick

    def rules(self, base: RegionRules, n: int) -> RegionRules:
        """``base`` with the style's whole lines and largest region where ``base`` keeps the defaults
        (a rule set on purpose wins), and the style's smallest region (none asked of the tiny
        boards, n < 4, where every region is a speck or two, nor of the big ones, n > ``DESIGN_MAX_N``,
        whose blobs, grown at a wide spread of rates, nearly all have a speck)."""
        default = RegionRules()
        return replace(
            base,
            full_lines=base.full_lines or self.full_lines,
            max_share=self.max_share if base.max_share == default.max_share else base.max_share,
            min_size=max(base.min_size, self.min_size if 4 <= n <= DESIGN_MAX_N else 1),
            balanced=self.balanced and 4 <= n <= DESIGN_MAX_N,
        )


STYLES: dict[str, Style] = {
    "published": Style(
        (("rings", 3.0), ("bands", 3.0), ("figures", 1.0), ("spiral", 1.0), ("mirror", 1.2), ("rotation", 1.0), ("blobs", 0.5)),
        min_sizes=((1, 0.35), (2, 0.3), (3, 0.2), (4, 0.15)),
    ),
    "blobs": Style((("blobs", 1.0),), full_lines=False, max_share=0.4, min_size=1, balanced=False),
    "rings": Style((("rings", 1.0),)),
    "bands": Style((("bands", 1.0),)),
    "figures": Style((("figures", 1.0),)),
    "spiral": Style((("spiral", 1.0),)),
    "mirror": Style((("mirror", 1.0),), symmetric=True),
    "rotation": Style((("rotation", 1.0),), symmetric=True),
}
DEFAULT_STYLE = "published"


def get_style(name: str) -> Style:
    """The style called ``name``; ValueError naming the choices for an unknown one."""
    try:
        return STYLES[name]
    except (KeyError, TypeError):
        raise ArgumentError(f"unknown style {shown(name)}; choose from {', '.join(STYLES)}", argument="style") from None
