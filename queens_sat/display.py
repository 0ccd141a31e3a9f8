"""Boards drawn as text for the terminal: coloured regions when it can, letters always.

Colour follows the NO_COLOR convention and is off when output is not a terminal.
"""

from __future__ import annotations

import os
import sys
from typing import IO, Sequence

from .puzzle import Puzzle

DRAW_MAX_N = 64  # larger boards are written as column lists, never drawn

# Background colours (xterm 256) chosen to stay apart for common colour-blindness;
# regions beyond the palette still differ by their label letter.
_PALETTE = (117, 222, 181, 151, 218, 187, 153, 223, 146, 194, 225, 152, 230, 189, 216, 158)


def wants_color(stream: IO[str] | None = None, force: bool | None = None) -> bool:
    """Colour only for a terminal, and never when NO_COLOR is set or ``force`` is False."""
    if force is not None:
        return force
    if os.environ.get("NO_COLOR"):
        return False
    stream = stream or sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


def queen_mark(stream: IO[str] | None = None) -> str:
    encoding = (getattr(stream or sys.stdout, "encoding", None) or "").lower()
    return "\u265b" if "utf" in encoding else "*"


def board_lines(
    puzzle: Puzzle,
    solution: Sequence[int] | None = None,
    *,
    color: bool = False,
    queen: str = "*",
    indent: str = "  ",
) -> list[str]:
    """The board as lines of text: a label per cell, the queen of each row marked."""
    n = puzzle.n
    compact = n > 30  # two characters a cell fit 80 columns up to n = 30
    lines = []
    for r in range(n):
        cells = []
        for c in range(n):
            k = puzzle.regions[r][c] if puzzle.regions is not None else (r + c) % 2
            is_queen = solution is not None and solution[r] == c
            given_block = (r, c) in puzzle.blocked
            text = queen if is_queen else ("x" if given_block else (puzzle.label(k) if puzzle.regions is not None else "."))
            if color:
                bg = _PALETTE[k % len(_PALETTE)]
                style = f"\x1b[48;5;{bg}m\x1b[38;5;16m" + ("\x1b[1m" if is_queen else "")
                cells.append(f"{style}{text if compact else text + ' '}\x1b[0m")
            else:
                cells.append(text)
        lines.append(indent + ("".join(cells) if color or compact else " ".join(cells)))
    return lines
