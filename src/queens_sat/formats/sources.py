"""The puzzles a command was given, as one stream of records: files (any format, ``-`` for standard
input) or a board of size n without regions, with the command line's rule and stars applied.

The front ends say what to read; the stream reads it as the services pull records, so a service
that checks records one by one never waits for the whole input, and a file that cannot be read
becomes an error record in its place rather than the end of the batch.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from queens_sat.formats import PUZZLE_SUFFIXES, FieldNames, ImageOptions, read_puzzles
from queens_sat.formats.records import PuzzleRecord
from queens_sat.model.errors import PuzzleError, UsageError
from queens_sat.model.puzzle import Puzzle

STDIN = "-"


def free_board_label(n: int) -> str:
    """How reports name the board of ``--n N`` (no file): what it is, and the option that made it."""
    return f"{n}x{n} board (--n {n})"


def puzzle_records(
    files: Sequence[str],
    *,
    n: int | None = None,
    rule: str | None = None,
    stars: int | None = None,
    format: str | None = None,
    fields: FieldNames | None = None,
    image: ImageOptions | None = None,
    plain: bool = False,
) -> Iterator[PuzzleRecord]:
    """The puzzles of ``files`` (or the region-free board of size ``n``), a record each, read as
    they are asked for. ``rule`` overrides every record's; ``stars`` applies to records whose input
    did not say how many; ``image`` says how screenshots are read. A ``UsageError`` for both or
    neither of ``files`` and ``n``. ``plain``: see ``read_puzzles``."""
    if n is not None:
        if files:
            raise UsageError("give either FILE or --n, not both")
        label = free_board_label(n)
        try:
            yield PuzzleRecord(label, puzzle=Puzzle(n=n, rule=rule or "no-touch", stars=stars or 1))
        except PuzzleError as err:
            yield PuzzleRecord(label, error=err)
        return
    if not files:
        raise UsageError("no puzzle given: name a FILE ('-' for standard input) or use --n")
    for path in expand_folders(files, format):
        try:
            for record in read_puzzles(path, format, fields, image=image, plain=plain and not rule and not stars):
                yield with_stars(with_rule(record, rule), stars)
        except PuzzleError as err:
            yield PuzzleRecord("<stdin>" if path == STDIN else path, error=err)


def expand_folders(paths: Sequence[str], format: str | None = None) -> Iterator[str]:
    """``paths`` with each folder replaced by the puzzle files in it and its subfolders, sorted:
    files whose suffix names a format read (every file, when ``format`` is given); hidden files
    and folders skipped. A folder without one is an error naming it."""
    for path in paths:
        if path == STDIN or not os.path.isdir(path):
            yield path
            continue
        found = False
        for folder, subfolders, names in os.walk(path):
            subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
            for name in sorted(names):
                if not name.startswith(".") and (format is not None or Path(name).suffix.lower() in PUZZLE_SUFFIXES):
                    found = True
                    yield os.path.join(folder, name)
        if not found:
            raise UsageError(f"{path}: a folder with no puzzle file in it ({', '.join(sorted(PUZZLE_SUFFIXES))})")


def with_rule(record: PuzzleRecord, rule: str | None) -> PuzzleRecord:
    """The record with its puzzle under ``rule`` (the command line's --rule), when one is given."""
    if rule and record.puzzle is not None and record.puzzle.rule != rule:
        try:
            record.puzzle = record.puzzle.replace(rule=rule)
        except PuzzleError as err:
            record.puzzle, record.error = None, err.located(source=record.source, line=record.line)
    return record


def with_stars(record: PuzzleRecord, stars: int | None) -> PuzzleRecord:
    """The record with ``stars`` (the command line's --stars) when its input did not say how
    many: a record that states its stars keeps them."""
    if stars and record.puzzle is not None and not record.stars_stated and record.puzzle.stars != stars:
        try:
            record.puzzle = record.puzzle.replace(stars=stars)
        except PuzzleError as err:
            record.puzzle, record.error = None, err.located(source=record.source, line=record.line)
    return record


def peek_batch(records: Iterator[PuzzleRecord]) -> tuple[bool, Iterator[PuzzleRecord]]:
    """Whether there is more than one record, without reading further than the second; and the
    records, all of them, in order."""
    first = next(records, None)
    second = next(records, None)
    ahead = [rec for rec in (first, second) if rec is not None]
    return second is not None, _chained(ahead, records)


def _chained(ahead: list[PuzzleRecord], records: Iterator[PuzzleRecord]) -> Iterator[PuzzleRecord]:
    yield from ahead
    yield from records
