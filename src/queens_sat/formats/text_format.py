"""The plain text grid: a row per line, one label character per cell.

Spaces between cells are allowed, ``#`` starts a comment, blank lines are
ignored. Comments of the form ``# rule: queens``, ``# stars: 2``, ``# queens: r1c2 r3c4``,
``# blocked: r5c5``, ``# id: name`` and ``# n: 8`` (a board without regions,
when no grid follows) carry what the grid alone cannot say. Given cells are named as every
message names them, rows and columns from 1; files written before that, with 0-based
``(row, column)`` pairs (``# queens: (0, 1)``), still read the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.arguments import instance_of
from queens_sat.model.errors import FormatError, PuzzleError, cell_name, shown
from queens_sat.model.limits import REGION_N
from queens_sat.model.puzzle import Puzzle, check_distinct_givens

_DIRECTIVE = re.compile(r"^\s*#\s*(rule|queens|blocked|id|n|stars)\s*:\s*(.*?)\s*$", re.IGNORECASE)
# ASCII digits only (int() would take other scripts' digits, and "²" matches isdigit() but
# not int()), and few enough that int() never meets Python's limit on long numbers.
_NUMBER = r"-?[0-9]{1,18}"
_PAIR = re.compile(rf"\(\s*({_NUMBER})\s*,\s*({_NUMBER})\s*\)")  # the older 0-based form
_NAMED = re.compile(r"\b[rR]([0-9]{1,18})[cC]([0-9]{1,18})\b")  # r3c5: rows and columns from 1
_WHOLE = re.compile(r"[0-9]{1,18}")


TEXT_GIVENS = REGION_N * REGION_N  # given cells a text grid may list: every cell of the largest board it can draw


def _pairs(text: str, what: str, source: str, line: int, room: int) -> list[tuple[int, int]]:
    """The (row, column) cells of a directive, 0-based, at most ``room`` of them (counted before any
    is made: a 10 MB line of cells is refused, not read into a million tuples), named ``r3c5`` or
    in the older ``(2, 4)`` form."""
    found = text.count("(") + text.count("c") + text.count("C")
    if found > room:
        raise FormatError(
            f"{what}: {found:,} cells listed, more than a text grid can hold ({TEXT_GIVENS:,} in all)", source=source, line=line
        )
    pairs = [(int(a), int(b)) for a, b in _PAIR.findall(text)]
    pairs += [(int(a) - 1, int(b) - 1) for a, b in _NAMED.findall(text)]
    if _NAMED.sub("", _PAIR.sub("", text)).strip(" ,;"):
        raise FormatError(
            f"{what}: expected cells written as r3c5 (rows and columns from 1), got {shown(text)}", source=source, line=line
        )
    return pairs


_SPACE = re.compile(r"\s+")


def _lines(text: str) -> Iterator[str]:
    """``text.splitlines()`` a line at a time: 5 million short lines are never a list of 5 million strings."""
    start, size = 0, len(text)
    while start < size:
        end = text.find("\n", start)
        end = size if end < 0 else end
        yield from text[start:end].splitlines() or [""]
        start = end + 1


def _too_big(line: str, rows: int) -> str | None:
    """Why a grid row cannot be one of a board's (more than ``REGION_N`` labels, or a row past the
    ``REGION_N``-th), told before the row is split into cells: a 3160-wide grid is refused at its
    first line, not after ten million cells are made."""
    if rows >= REGION_N:
        return f"a text grid has at most {REGION_N} rows: this is row {rows + 1} (a larger board without regions is given as n)"
    if len(line) > REGION_N and len(_SPACE.sub("", line)) > REGION_N:
        return f"a text grid is at most {REGION_N} cells wide: this row has more (a larger board without regions is given as n)"
    return None


def read_text(text: str, source: str) -> PuzzleRecord:
    """Parse a text grid; problems come back as an error record naming the line."""
    rows: list[Any] = []
    row_lines: list[int] = []
    options: dict[str, Any] = {"rule": "no-touch", "queens": [], "blocked": []}
    rec = PuzzleRecord(source)
    try:
        for number, raw in enumerate(_lines(text), start=1):
            directive = _DIRECTIVE.match(raw)
            if directive:
                key, value = directive.group(1).lower(), directive.group(2)
                if key in ("queens", "blocked"):
                    room = TEXT_GIVENS - len(options["queens"]) - len(options["blocked"])
                    options[key] += _pairs(value, key, source, number, room)
                elif key in ("n", "stars"):
                    if not _WHOLE.fullmatch(value):
                        raise FormatError(f"{key}: expected a whole number, got {shown(value)}", source=source, line=number)
                    options[key] = int(value)
                elif key == "id":
                    rec.id = value
                else:
                    options["rule"] = value
                continue
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            too_big = _too_big(line, len(rows))
            if too_big:
                raise FormatError(too_big, source=source, line=number)
            rows.append(line.split() if any(ch.isspace() for ch in line) else list(line))
            row_lines.append(number)
        for r, cells in enumerate(rows):
            long = [c for c in cells if len(c) != 1]
            if long:
                raise FormatError(
                    f"cell {shown(long[0])} is not a single label character", source=source, line=row_lines[r], row=r
                )
        if not rows and "n" not in options:
            raise FormatError("no grid found (every line is blank or a comment)", source=source)
        rec.stars_stated = "stars" in options
        check_distinct_givens(options["queens"], "queen")
        check_distinct_givens(options["blocked"], "blocked cell")
        rec.puzzle = Puzzle(
            rows or None,
            n=options.get("n") if not rows else None,
            rule=options["rule"],
            queens=options["queens"],
            blocked=options["blocked"],
            stars=options.get("stars", 1),
        )
    except PuzzleError as err:
        row = err.location.row
        at_line = row_lines[row] if row is not None and row < len(row_lines) else None
        rec.error = err.located(source=source, line=at_line)
    return rec


def puzzle_to_text(puzzle: Puzzle, *, id: str | None = None) -> str:
    """The text grid of a puzzle, with comment lines for what the grid cannot hold."""
    instance_of(puzzle, Puzzle, "puzzle")
    lines = []
    if id is not None:
        lines.append(f"# id: {id}")
    if puzzle.rule != "no-touch":
        lines.append(f"# rule: {puzzle.rule}")
    if puzzle.stars > 1:
        lines.append(f"# stars: {puzzle.stars}")
    if puzzle.queens:
        lines.append("# queens: " + " ".join(cell_name(r, c) for r, c in sorted(puzzle.queens)))
    if puzzle.blocked:
        lines.append("# blocked: " + " ".join(cell_name(r, c) for r, c in sorted(puzzle.blocked)))
    if puzzle.regions is None:
        lines.append(f"# n: {puzzle.n}")
    else:
        lines.extend(puzzle.label_rows())
    return "\n".join(lines) + "\n"
