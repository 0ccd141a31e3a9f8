"""The region list of puzzle-star-battle.com: the board's n² region numbers, comma-separated.

The site's pages hold each puzzle as ``var task = '1,2,2,2,3,1,4,...'``: one number a
cell, row after row, cells of one region sharing a number (the site numbers them from
1). Nothing else is in it: the number of stars shows elsewhere on the page, so a file
in this format gives k = 1 unless ``--stars`` (``formats.sources.with_stars``) says
otherwise; the rule is always no-touch. Files hold one list a line;
blank lines and ``#`` comments are skipped. Written back, regions are numbered from 1
in the order of their labels.
"""

from __future__ import annotations

import math
import re
import warnings

from queens_sat.formats.records import PuzzleRecord, records_by_line
from queens_sat.model.errors import FormatError, shown
from queens_sat.model.limits import REGION_N
from queens_sat.model.puzzle import Puzzle

_LIST = re.compile(r"^\s*[0-9]+\s*(?:,\s*[0-9]+\s*){3,}$")  # at least a 2x2 board's four numbers
_ITEM = re.compile(r"[0-9]{1,9}")


def is_region_list(line: str) -> bool:
    """Whether a line looks like a region list (four or more comma-separated whole numbers)."""
    return bool(_LIST.match(line))


def read_region_lists(text: str, source: str) -> list[PuzzleRecord]:
    """Every region list of a file, one a line, each as a record (a bad one as an error record)."""
    return records_by_line(text, source, parse_region_list, stars_stated=False)


def parse_region_list(text: str) -> Puzzle:
    """The puzzle of one region list; ``FormatError`` names the bad item and its cell."""
    items = [item.strip() for item in text.strip().strip("'\"").split(",")]
    if len(items) > REGION_N * REGION_N:
        raise FormatError(f"{len(items):,} cells is more than a {REGION_N}x{REGION_N} board holds")
    n = math.isqrt(len(items))
    if n * n != len(items):
        raise FormatError(f"{len(items)} region numbers do not fill a square board (n x n numbers, one a cell)")
    numbers = []
    for i, item in enumerate(items):
        if not _ITEM.fullmatch(item):
            raise FormatError(f"item {i + 1} is {shown(item)}, not a region number", row=i // n, col=i % n)
        numbers.append(int(item))
    ids = {value: k for k, value in enumerate(sorted(set(numbers)))}
    if len(ids) != n:
        raise FormatError(f"{len(ids)} different region numbers on a {n}x{n} board, which has {n} regions")
    return Puzzle([[ids[numbers[r * n + c]] for c in range(n)] for r in range(n)])


def puzzle_to_region_list(puzzle: Puzzle) -> str:
    """The region list of a puzzle (regions numbered from 1). What the list cannot hold is
    refused (givens, another rule, no regions); k > 1 is written with a warning, since the
    list cannot say it and reads back as 1 star without ``--stars``."""
    if puzzle.regions is None:
        raise FormatError("a region list needs regions; this board has none")
    if puzzle.rule != "no-touch":
        raise FormatError(f'a region list is a Star Battle, played under the no-touch rule, not "{puzzle.rule}"')
    if puzzle.has_givens:
        raise FormatError("a region list has no place for given stars or blocked cells; write JSON or text to keep them")
    if puzzle.stars > 1:
        warnings.warn(
            f"a region list cannot say how many stars: read it back with --stars {puzzle.stars}", stacklevel=2
        )
    return ",".join(str(k + 1) for row in puzzle.regions for k in row)
