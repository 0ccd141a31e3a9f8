"""The library's puzzles written out: JSON lines, JSON, text grids, puzz.link URLs, a folder of PNG
or SVG pictures, a PDF booklet (``booklet``), or the level files of samimsu/queens-game (a
TypeScript module a level: ``size``, ``colorRegions`` as rows of region letters, ``regionColors``
mapping each letter to a colour), so a clone of that game takes the puzzles as they are."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from queens_sat.formats.puzzlink import puzzle_to_puzzlink
from queens_sat.formats.text_format import puzzle_to_text
from queens_sat.model.errors import PuzzleError, UsageError
from queens_sat.services.library.entries import Entry

EXPORT_FORMATS = ("jsonl", "json", "text", "puzzlink", "png", "svg", "pdf", "queens-game")
FOLDER_FORMATS = ("text", "png", "svg", "queens-game")


def exported(entry: Entry) -> dict[str, Any]:
    """A puzzle as the JSON exports write it: the project's puzzle object (``check`` reads it), with
    the library's id, key, grade, score, hardest technique and solution."""
    body: dict[str, Any] = json.loads(entry.puzzle)
    body["id"] = body.get("id") or f"library-{entry.id}"
    body.update(
        library_id=entry.id, key=entry.key, grade=entry.grade, score=entry.score, hardest=entry.hardest,
        solution=json.loads(entry.solution) if entry.solution else None,
    )  # fmt: skip
    return body


def file_stem(number: int, entry: Entry) -> str:
    return f"{number:04d}-{entry.n}x{entry.n}-{(entry.grade or entry.status).lower()}-{entry.id}"


def export(entries: Sequence[Entry], fmt: str, out: str, *, solutions: bool = False, warn: Callable[[str], None] | None = None) -> int:
    """Write ``entries`` as ``fmt`` to ``out`` (a file, or a folder made if missing, as
    ``FOLDER_FORMATS`` say); returns how many puzzles were written. ``solutions``: pictures show
    them. ``warn`` hears of puzzles a format cannot hold (a puzz.link URL holds no-touch only)."""
    if fmt not in EXPORT_FORMATS:
        raise UsageError(f"format {fmt!r} is not one of {', '.join(EXPORT_FORMATS)}")
    if fmt in FOLDER_FORMATS:
        if os.path.exists(out) and not os.path.isdir(out):
            raise UsageError(f"{out}: the {fmt} export writes a folder, and this is a file")
        os.makedirs(out, exist_ok=True)
    if fmt == "pdf":
        from queens_sat.services.library.booklet import write_booklet

        write_booklet(entries, out)
        return len(entries)
    writer = {"jsonl": _jsonl, "json": _json, "puzzlink": _puzzlink}.get(fmt)
    if writer is not None:
        return writer(entries, out, warn)
    written = 0
    for number, entry in enumerate(entries, 1):
        stem = os.path.join(out, file_stem(number, entry))
        if fmt == "text":
            Path(stem + ".txt").write_text(puzzle_to_text(entry.as_puzzle(), id=f"library-{entry.id}"), encoding="utf-8")
        elif fmt == "queens-game":
            Path(os.path.join(out, f"level{number}.ts")).write_text(queens_game_level(number, entry), encoding="utf-8")
        else:
            from queens_sat.services.render import render_board

            cols = entry.solution_columns() if solutions else None
            render_board(entry.as_puzzle(), f"{stem}.{fmt}", solution=cols)
        written += 1
    return written


def _jsonl(entries: Sequence[Entry], out: str, warn: Callable[[str], None] | None) -> int:
    with open(out, "w", encoding="utf-8") as f:
        for entry in entries:
            f.write(json.dumps(exported(entry)) + "\n")
    return len(entries)


def _json(entries: Sequence[Entry], out: str, warn: Callable[[str], None] | None) -> int:
    with open(out, "w", encoding="utf-8") as f:
        json.dump([exported(e) for e in entries], f, indent=1)
        f.write("\n")
    return len(entries)


def _puzzlink(entries: Sequence[Entry], out: str, warn: Callable[[str], None] | None) -> int:
    written = 0
    with open(out, "w", encoding="utf-8") as f:
        for entry in entries:
            try:
                f.write(puzzle_to_puzzlink(entry.as_puzzle()) + "\n")
                written += 1
            except PuzzleError as err:
                if warn is not None:
                    warn(f"#{entry.id}: {err}")
    return written


def queens_game_level(number: int, entry: Entry) -> str:
    """The level file of samimsu/queens-game for one puzzle: a TypeScript module whose default
    export holds the level's path, size, rows of region letters and a colour for each letter (our
    palette's, written as CSS colours so the file needs no import)."""
    from queens_sat.services.render.palette import region_looks

    puzzle = entry.as_puzzle()
    if puzzle.regions is None or puzzle.stars != 1 or puzzle.has_givens or puzzle.n > 26:
        raise UsageError(f"#{entry.id}: a queens-game level is a Queens board of at most 26 regions without givens")
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    rows = ",\n".join("    [" + ", ".join(f'"{letters[k]}"' for k in row) + "]" for row in puzzle.regions)
    looks = region_looks(puzzle)
    colors = ",\n".join(f'    {letters[k]}: "{looks[k].color}"' for k in range(puzzle.n))
    grade = re.sub(r"[^A-Za-z]", "", entry.grade or "")
    return (
        f"// Queens level {number}: library puzzle #{entry.id} ({entry.n}x{entry.n}{', ' + grade if grade else ''}), "
        "exported by queens-sat\n"
        "const level = {\n"
        f'  path: "/level/{number}",\n'
        f"  size: {puzzle.n},\n"
        f"  colorRegions: [\n{rows},\n  ],\n"
        f"  regionColors: {{\n{colors},\n  }},\n"
        "};\n\n"
        "export default level;\n"
    )
