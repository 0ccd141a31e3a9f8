"""puzz.link (pzprjs) ``starbattle`` URLs: ``https://puzz.link/p?starbattle/COLS/ROWS/STARS/BORDERS``.

The exchange format of the pzprjs family of puzzle players (puzz.link, pzv.jp,
pzprxs.vercel.app...): after the ``?`` come the puzzle's name, the board's width
and height, the number of stars and the region borders. The borders are two bit
strings, first the (cols-1)·rows walls between side-by-side cells, row by row,
then the cols·(rows-1) walls between cells one above the other, row by row; each is
cut into groups of five bits, the first bit the most significant, and every group
written as one base-32 digit (``0-9a-v``), the last group padded with zeros. The
regions are the pieces the walls cut the board into.

What pzprjs reads is read here too: any host and path, ``type=...&`` options before
the name, ``_edit``/``_play`` after it, a ``v:...`` variant part, and a border string
that stops early (the walls it leaves out are absent). The format has no place for
given stars or blocked cells, or for a rule other than Star Battle's (no-touch):
writing a puzzle that has them is refused rather than losing them. The files hold one
URL a line; blank lines and ``#`` comments are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from queens_sat.formats.records import PuzzleRecord, records_by_line
from queens_sat.model.errors import FormatError, shown
from queens_sat.model.limits import REGION_N
from queens_sat.model.puzzle import Puzzle

PUZZLE_NAME = "starbattle"
DEFAULT_PREFIX = "https://puzz.link/p"
DIGITS = "0123456789abcdefghijklmnopqrstuv"  # base 32, as JavaScript's toString(32) writes it
_OPTIONS = re.compile(r"^(?:\w+=\w*&)+")  # "type=player&" before the puzzle's name
_NUMBER = re.compile(r"[0-9]{1,6}")
MAX_URL = 100_000  # far past the longest URL of a board pzprjs or this project allows


def is_puzzlink(line: str) -> bool:
    """Whether a line looks like a pzprjs URL (a web address, or a ``starbattle/...`` query)."""
    text = line.strip()
    return text.startswith(("http://", "https://")) or f"?{PUZZLE_NAME}" in text or text.startswith(f"{PUZZLE_NAME}/")


def read_puzzlink(text: str, source: str) -> list[PuzzleRecord]:
    """Every URL of a file, one a line, each as a record (a bad one as an error record)."""
    return records_by_line(text, source, parse_puzzlink, stars_stated=True)


def parse_puzzlink(url: str) -> Puzzle:
    """The Star Battle puzzle of one puzz.link URL; ``FormatError`` says what is wrong with it."""
    url = url.strip()
    if len(url) > MAX_URL:
        raise FormatError(f"a URL of {len(url):,} characters is far too long for a puzzle (at most {MAX_URL:,})")
    query = url.split("?", 1)[1] if "?" in url else url
    query = _OPTIONS.sub("", query)
    parts = query.split("/")
    if parts and parts[0].startswith("v:"):  # pzprjs's variant marker before the name
        parts.pop(0)
    name = re.sub(r"_(edit|play)$", "", parts.pop(0) if parts else "")
    if name.startswith("pzprv"):
        raise FormatError("this URL holds a pzprv3 file, not a puzzle URL; copy the puzzle's URL (File > Export URL)")
    if name != PUZZLE_NAME:
        raise FormatError(f"not a Star Battle URL: the puzzle is {shown(name)}, expected {PUZZLE_NAME!r}")
    if parts and parts[0].startswith("v:"):
        parts.pop(0)
    if parts and not parts[0].isdigit():  # pzprjs's "pflag" part, unused by Star Battle
        parts.pop(0)
    while parts and parts[-1] == "":
        parts.pop()
    if len(parts) < 3:
        raise FormatError(f"expected {PUZZLE_NAME}/COLS/ROWS/STARS/BORDERS after the '?', got {shown(query)}")
    cols, rows, stars = (_whole(parts[i], what) for i, what in enumerate(("width", "height", "stars")))
    if cols != rows:
        raise FormatError(f"the board is {cols} wide and {rows} high; only square boards are puzzles here")
    if not 1 <= cols <= REGION_N:
        raise FormatError(f"a {cols}x{rows} board: the size must be between 1 and {REGION_N}")
    if len(parts) > 4:
        raise FormatError(f"unexpected {shown('/'.join(parts[4:]))} after the borders")
    regions = regions_from_borders(parts[3] if len(parts) > 3 else "", cols)
    return Puzzle(regions, stars=stars)


def _whole(text: str, what: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise FormatError(f"the {what} must be a whole number, got {shown(text)}")
    return int(text)


def regions_from_borders(code: str, n: int) -> list[list[int]]:
    """The regions the border code cuts an n×n board into, numbered in reading order of
    their first cell; a ``FormatError`` when they are not n."""
    vertical_count, horizontal_count = (n - 1) * n, n * (n - 1)
    vertical_chars, horizontal_chars = -(-vertical_count // 5), -(-horizontal_count // 5)
    if len(code) > vertical_chars + horizontal_chars:
        extra = code[vertical_chars + horizontal_chars :]
        raise FormatError(
            f"the borders of a {n}x{n} board take {vertical_chars + horizontal_chars} characters; "
            f"{shown(extra)} follows them"
        )
    for i, ch in enumerate(code):
        if ch not in DIGITS:
            raise FormatError(f"border character {i + 1} is {shown(ch)}, not a base-32 digit (0-9, a-v)")
    vertical = _bits(code[:vertical_chars], vertical_count)
    horizontal = _bits(code[vertical_chars:], horizontal_count)
    label = [[-1] * n for _ in range(n)]
    count = 0
    for r0 in range(n):
        for c0 in range(n):
            if label[r0][c0] >= 0:
                continue
            label[r0][c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                for rr, cc, wall in (
                    (r, c + 1, c + 1 < n and vertical[r * (n - 1) + c]),
                    (r, c - 1, c > 0 and vertical[r * (n - 1) + c - 1]),
                    (r + 1, c, r + 1 < n and horizontal[r * n + c]),
                    (r - 1, c, r > 0 and horizontal[(r - 1) * n + c]),
                ):
                    if 0 <= rr < n and 0 <= cc < n and not wall and label[rr][cc] < 0:
                        label[rr][cc] = count
                        stack.append((rr, cc))
            count += 1
    if count != n:
        raise FormatError(f"the borders cut the {n}x{n} board into {count} regions; a Star Battle of size {n} has {n}")
    return label


def _bits(chars: str, count: int) -> list[bool]:
    """``count`` walls from base-32 digits, five a digit, the first the most significant;
    walls past the end of ``chars`` are absent."""
    bits = [False] * count
    for i, ch in enumerate(chars):
        value = DIGITS.index(ch)
        for j in range(5):
            k = i * 5 + j
            if k < count:
                bits[k] = bool(value & (16 >> j))
    return bits


def puzzle_to_puzzlink(puzzle: Puzzle, prefix: str = DEFAULT_PREFIX) -> str:
    """The puzz.link URL of a Star Battle puzzle; ``FormatError`` for what the URL cannot hold."""
    if puzzle.regions is None:
        raise FormatError("a puzz.link Star Battle URL needs regions; this board has none")
    if puzzle.rule != "no-touch":
        raise FormatError(f'a puzz.link Star Battle is played under the no-touch rule, not "{puzzle.rule}"')
    if puzzle.has_givens:
        raise FormatError(
            "a puzz.link Star Battle URL has no place for given stars or blocked cells; "
            "write this puzzle as JSON or text to keep them"
        )
    split = puzzle.warnings()  # regions in several pieces: borders would make each piece a region
    if split:
        raise FormatError(f"{split[0]}; a puzz.link URL draws borders, so every region must be one piece")
    return f"{prefix}?{PUZZLE_NAME}/{puzzle.n}/{puzzle.n}/{puzzle.stars}/{borders_code(puzzle.regions)}"


def borders_code(regions: Sequence[Sequence[int]]) -> str:
    """The base-32 border string of a region grid (the inverse of ``regions_from_borders``)."""
    n = len(regions)
    vertical = [regions[r][c] != regions[r][c + 1] for r in range(n) for c in range(n - 1)]
    horizontal = [regions[r][c] != regions[r + 1][c] for r in range(n - 1) for c in range(n)]
    return _digits(vertical) + _digits(horizontal)


def _digits(bits: list[bool]) -> str:
    out = []
    for i in range(0, len(bits), 5):
        group = bits[i : i + 5]
        out.append(DIGITS[sum(16 >> j for j, bit in enumerate(group) if bit)])
    return "".join(out)
