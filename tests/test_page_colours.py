"""The page's region colours (static/colours.js): neighbouring regions stay apart in every palette.

The page's own colouring code runs in node over many random boards of every size from 4 to
17 (and the page's two palettes); each pair of regions sharing an edge must differ by at
least ``NEIGHBOUR_DELTA_E`` (CIE76, normal vision), measured here in Python, apart from
the JavaScript, so that a slip in either shows.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import shutil
import subprocess

import pytest

from queens_sat.server.page import STATIC
from queens_sat.services.benchmark.boards import random_board
from queens_sat.services.render.palette import REGION_COLORS, region_neighbours, seen_as

NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (apt-get install nodejs)")
THRESHOLD = 20.0  # the page's NEIGHBOUR_DELTA_E
BOARDS_PER_SIZE = 25


def bright_palette() -> list[str]:
    text = (STATIC / "page.js").read_text(encoding="utf-8")
    block = re.search(r"const BRIGHT = \[(.*?)\];", text, re.S)
    assert block is not None
    return re.findall(r'"(#[0-9a-fA-F]{6})"', block.group(1))


def page_looks(boards: list[list[list[int]]], colors: list[str]) -> list[list[dict]]:
    script = (
        f"const {{ regionLooks, NEIGHBOUR_DELTA_E }} = require({json.dumps(str(STATIC / 'colours.js'))});"
        "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify({threshold: NEIGHBOUR_DELTA_E, "
        "looks: input.boards.map((b) => regionLooks(b, input.colors))}));"
    )
    done = subprocess.run([NODE, "-e", script], input=json.dumps({"boards": boards, "colors": colors}),
                          capture_output=True, text=True, check=True, timeout=120)
    answer = json.loads(done.stdout)
    assert answer["threshold"] == THRESHOLD
    return answer["looks"]


def delta_e(a: str, b: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(seen_as(a), seen_as(b), strict=True)) ** 0.5


@pytest.mark.parametrize("palette", ["bright", "safe"])
def test_neighbouring_regions_differ_in_colour(palette: str) -> None:
    colors = bright_palette() if palette == "bright" else list(REGION_COLORS)
    rng = random.Random(f"colours-{palette}")
    puzzles = [random_board(n, rng) for n in range(4, 18) for _ in range(BOARDS_PER_SIZE)]
    looks = page_looks([p.regions for p in puzzles], colors)
    closest = float("inf")
    for puzzle, board_looks in zip(puzzles, looks, strict=True):
        assert len(board_looks) == puzzle.n
        seen = {(look["color"], look["use"]) for look in board_looks}
        assert len(seen) == puzzle.n, "two regions look alike"
        for k, near in enumerate(region_neighbours(puzzle)):
            for m in near:
                d = delta_e(board_looks[k]["color"], board_looks[m]["color"])
                closest = min(closest, d)
                assert d >= THRESHOLD, (palette, puzzle.n, puzzle.regions, k, m, d)
    assert closest >= THRESHOLD


def test_regions_are_plain_while_colours_last() -> None:
    colors = bright_palette()
    rng = random.Random(7)
    for n in range(4, len(colors) + 1):
        looks = page_looks([random_board(n, rng).regions], colors)[0]
        assert all(look["use"] == 0 for look in looks), n  # no hatching before the colours run out
    assert min(delta_e(a, b) for a, b in itertools.combinations(colors, 2)) < THRESHOLD  # why the order matters


@pytest.mark.parametrize("palette", ["bright", "safe"])
def test_the_smallest_region_of_a_colour_is_the_plain_one(palette: str) -> None:
    """A colour used again is hatched on its larger regions: a one-cell region's few stripes
    look like a mark (to people and the image reader), so the smallest region keeps it plain,
    and the others take the patterns in turn, so that no two regions look alike."""
    colors = bright_palette() if palette == "bright" else list(REGION_COLORS)
    rng = random.Random(f"plain-{palette}")
    puzzles = [random_board(n, rng) for n in range(13, 18) for _ in range(10)]
    reused = 0
    for puzzle, board_looks in zip(puzzles, page_looks([p.regions for p in puzzles], colors), strict=True):
        sizes = [sum(row.count(k) for row in puzzle.regions) for k in range(puzzle.n)]
        by_colour: dict[str, list[tuple[int, int]]] = {}
        for k, look in enumerate(board_looks):
            by_colour.setdefault(look["color"], []).append((look["use"], sizes[k]))
        for looks in by_colour.values():
            uses = sorted(looks)
            assert [use for use, _ in uses] == list(range(len(uses)))
            assert [size for _, size in uses] == sorted(size for _, size in uses), (puzzle.regions, board_looks)
            reused += len(uses) > 1
    assert reused > 0  # the boards do reuse colours
