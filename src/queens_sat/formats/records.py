"""A puzzle read from a file, or the error that stopped it, with where it came from."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from queens_sat.model.errors import PuzzleError, printable
from queens_sat.model.puzzle import Puzzle


@dataclass
class PuzzleRecord:
    source: str  # file name or "<stdin>"
    line: int | None = None  # 1-based line for JSON lines, None for a whole-file puzzle
    id: str | None = None
    puzzle: Puzzle | None = None
    error: PuzzleError | None = None
    meta: dict[str, Any] = field(default_factory=dict)  # extra fields of the record (solutions, ...)
    # Whether the input said how many stars (JSON "stars", text "# stars:", a puzz.link URL):
    # ``--stars`` fills in only the records whose format could not, or did not, say it.
    stars_stated: bool = False
    # Doubts of the reader about a record it could read (a picture's colours close together...):
    # the command line prints them, JSON answers list them.
    warnings: list[str] = field(default_factory=list)

    def shape(self) -> tuple[int, str, int] | None:
        """The board's size, rule and stars, when the record holds a puzzle."""
        puzzle = self.puzzle
        return None if puzzle is None else (puzzle.n, puzzle.rule, puzzle.stars)

    @property
    def name(self) -> str:
        """How reports refer to this record: file, line and id when known."""
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        return printable(f"{where} [{self.id}]" if self.id is not None else where)


def records_by_line(text: str, source: str, parse: Callable[[str], Puzzle], *, stars_stated: bool) -> list[PuzzleRecord]:
    """A record for every line of a format of one puzzle a line (URLs, region lists): blank
    lines and ``#`` comments skipped, a bad line an error record naming its line."""
    records = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        rec = PuzzleRecord(source, number, stars_stated=stars_stated)
        try:
            rec.puzzle = parse(line)
        except PuzzleError as err:
            rec.error = err.located(source=source, line=number)
        records.append(rec)
    return records
