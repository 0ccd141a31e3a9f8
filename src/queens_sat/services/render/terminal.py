"""Boards drawn as text for the terminal: coloured regions when it can, letters always.

The region colours are the pictures' colour-blind-safe ones (``render.palette``),
in 24-bit colour when the terminal says it has it (COLORTERM), else the nearest of
the 256 xterm colours. Colour follows the NO_COLOR and FORCE_COLOR conventions and
is off when the output is not a terminal. Two characters a cell fit 80 columns up
to n = 30; larger boards get one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Collection, Sequence
from typing import IO

from queens_sat.model.limits import DRAW_N
from queens_sat.model.placement import Cell, star_cells
from queens_sat.model.puzzle import Puzzle

DRAW_MAX_N = DRAW_N  # larger boards are written as column lists, never drawn
COMPACT_ABOVE = 30  # boards larger than this get one character a cell
_RESET = "\x1b[0m"
_INK = "\x1b[38;2;34;34;34m"  # the pictures' ink colour, for 24-bit terminals
_INK_256 = "\x1b[38;5;235m"
QUEEN = "\u265b"  # black chess queen
STAR = "\u2605"  # black star: a Star Battle board (k > 1) shows stars, not queens


def wants_color(stream: IO[str] | None = None, force: bool | None = None) -> bool:
    """Colour only for a terminal; ``force`` (from --no-color) wins, then NO_COLOR (never),
    then FORCE_COLOR (always), then a dumb terminal (never)."""
    if force is not None:
        return force
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    stream = stream or sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


def truecolor_terminal() -> bool:
    """Whether the terminal announces 24-bit colour (the COLORTERM convention)."""
    return os.environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")


def queen_mark(stream: IO[str] | None = None) -> str:
    encoding = (getattr(stream or sys.stdout, "encoding", None) or "").lower()
    return QUEEN if "utf" in encoding else "*"


def piece_mark(queen: str, stars: int) -> str:
    """The mark of a placed piece: ``queen`` (from ``queen_mark``), or a star on a Star Battle
    board (k > 1) where the terminal could show a queen; ``*`` stays ``*``."""
    return STAR if stars > 1 and queen == QUEEN else queen


def _backgrounds(puzzle: Puzzle, truecolor: bool) -> list[str]:
    """The escape code that paints each region's colour (the two chequer colours for a
    board without regions)."""
    from queens_sat.services.render.palette import CHEQUER_COLORS, hex_to_rgb, region_looks

    colors = [look.color for look in region_looks(puzzle)] if puzzle.regions is not None else list(CHEQUER_COLORS)
    if truecolor:
        return ["\x1b[48;2;{};{};{}m".format(*hex_to_rgb(c)) for c in colors]
    from rich.color import Color, ColorSystem

    return [f"\x1b[48;5;{Color.parse(c).downgrade(ColorSystem.EIGHT_BIT).number}m" for c in colors]


def board_lines(
    puzzle: Puzzle,
    solution: Sequence[int] | None = None,
    *,
    color: bool = False,
    queen: str = "*",
    indent: str = "  ",
    queens: Collection[Cell] = (),
    crossed: Collection[Cell] = (),
    truecolor: bool | None = None,
) -> list[str]:
    """The board as lines of text: a label per cell, queens (the solution's, the given
    ones and ``queens``, e.g. placed so far by a deduction) marked ``queen`` (a star on a
    Star Battle board: ``piece_mark``), blocked and ``crossed`` cells marked x. A Star
    Battle ``solution`` is in the flat layout of ``rules.star_rows`` (k columns a row).

    Without colour the cells are letters separated by spaces; with colour each cell is
    painted its region's colour, so a queen's region stays visible.
    """
    n = puzzle.n
    compact = n > COMPACT_ABOVE
    placed = star_cells(solution, puzzle.stars) if solution is not None else ()
    queens = set(puzzle.queens) | set(queens) | set(placed)
    queen = piece_mark(queen, puzzle.stars)
    ruled_out = set(puzzle.blocked) | set(crossed)
    if color:
        truecolor = truecolor_terminal() if truecolor is None else truecolor
        paint = _backgrounds(puzzle, truecolor)
        ink = _INK if truecolor else _INK_256
    lines = []
    for r in range(n):
        cells = []
        for c in range(n):
            k = puzzle.regions[r][c] if puzzle.regions is not None else (r + c) % 2
            if (r, c) in queens:
                text = queen
            elif (r, c) in ruled_out:
                text = "x"
            else:
                text = puzzle.label(k) if puzzle.regions is not None else "."
            if color:
                bold = "\x1b[1m" if (r, c) in queens else ""
                cells.append(f"{paint[k]}{ink}{bold}{text if compact else text + ' '}{_RESET}")
            else:
                cells.append(text)
        lines.append(indent + ("".join(cells) if color or compact else " ".join(cells)))
    return lines
